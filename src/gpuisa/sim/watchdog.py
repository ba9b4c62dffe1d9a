"""The batched engine's watchdog: a run whose complete state repeats can never end (decision D12-1).

The simulator is deterministic: its next state is a function of its present one.  If the whole
state at one moment equals the whole state at an earlier moment, the run between them repeats
for ever, and no warp that had not exited then ever will.  The watchdog takes a digest of the
whole state (every register, every memory, the barriers, the warps' masks and PCs, the
scheduler's own bookkeeping) at checkpoints and stops the run with a ``deadlock`` fault when a
digest repeats: a spin-wait on memory no thread writes, warps that wait for each other's flags,
an endless loop that changes nothing, are reported after a few hundred thousand steps instead of
at the step limit (ten million by default: minutes).

Soundness rests on the digest covering everything the future depends on.  It is built by walking
the simulator's and the engine's objects generically, so that state added later is covered
without changes here; only what is known not to influence the run is left out (the program and
its caches, output records, statistics), and the counters that only grow are replaced by what the
run reads of them: the model clock by nothing (every read of it is counted in
``Simulator.time_reads``, which is in the digest: a run that reads the clock never repeats), a
warp's sleep timer by its distance from the clock, the engine's batch numbers by the age the
scheduler compares with its starvation bound, the warps' issue counts by the relation ``fail_at`` keeps
with them.  An object of a type the walk does not know switches the watchdog off for the run
(never a guess).

Checkpoints are taken from ``ARM_STEPS`` steps on, every ``SPACING`` steps (scaled up with the
size of the state so that digests cost a few per cent of the run at most), at the top of the
engine's loop.  A run that repeats with a period of p steps is found once two checkpoints lie a
multiple of p apart: SPACING has the small factors of the usual periods (a spin loop's few
instructions times its warps).
"""
from __future__ import annotations

import hashlib
import types
from typing import Any

import numpy as np

from .semantics.nv_mbarrier import waits_of

#: the first checkpoint (steps); shorter runs never pay for a digest
ARM_STEPS = 20_000
#: ... plus this many per warp of the grid
ARM_PER_WARP = 3_000
#: steps between checkpoints: a multiple of 2**6 * 3**2 * 5 * 7 (the periods' small factors) ...
SPACING = 20_160
#: ... at least this many times the digest's cost (in steps: about 1/800 step per byte hashed,
#: 6 steps per object walked; measured on a 2,048-warp grid)
COST_SHARE = 33

#: attributes that do not influence the run: the program and what is derived from it, output
#: records, statistics, the objects' links back to their owners (walked from the top instead)
_SKIP = frozenset({
    # Simulator
    "db", "isa", "program", "words", "_texts", "_index", "_cache", "addresses", "origin", "end",
    "events", "_event_at", "events_dropped", "_pending_events", "fallbacks", "record", "_trace_file",
    "_engine", "_pending", "_final_arrays", "steps", "clock", "_next_wake", "_unsupported", "trap_handler",
    "syscall",
    # BatchedEngine
    "sim", "bx", "batches", "running", "_stored", "batchno", "last", "issued", "fail_at", "watchdog", "released",
    # CTA: the pool is a function of the simulator's (the shared bytes are walked through _shared)
    "pool",
    # Segment: views of its data
    "views",
})


class _Opaque(Exception):
    """An object the walk does not know: the watchdog cannot vouch for the digest."""


class Watchdog:
    """Checkpoints of the whole state of one run (see the module doc): of a batched run when
    *eng* is its engine, else of the reference engine's run (the Warp objects hold the state)."""

    def __init__(self, sim, eng=None, starve: int = 0) -> None:
        self.sim = sim
        self.eng = eng
        # the largest starvation bound of the batched engine's _pick: max(STARVE, warps) (D15-S-1)
        self.starve = starve
        # a large grid's digest costs more (its Warp objects): its first checkpoint comes later
        self.next = sim.steps + ARM_STEPS + ARM_PER_WARP * len(sim._warps)
        self.spacing = 0
        self.seen: dict[bytes, int] = {}
        #: why the watchdog turned itself off for this run (an object the walk does not know), or None
        self.off: str | None = None

    def check(self) -> int | None:
        """At a checkpoint: the step of the earlier checkpoint whose state the present one
        repeats, or None (and the next checkpoint is scheduled)."""
        sim = self.sim
        try:
            digest, cost = self.digest()
        except (_Opaque, ValueError, TypeError, RecursionError) as e:   # never the run's failure
            self.off = f"{type(e).__name__}: {e}"       # (tests look at it)
            self.next = 1 << 62
            return None
        if not self.spacing:     # a digest costs about 1/COST_SHARE of the steps between two
            self.spacing = SPACING * max(1, -(-(cost * COST_SHARE) // SPACING))
        self.next = sim.steps + self.spacing
        old = self.seen.get(digest)
        if old is not None:
            return old
        self.seen[digest] = sim.steps
        return None

    # -- the digest ------------------------------------------------------------------------------
    def digest(self) -> tuple[bytes, int]:
        """The state's digest and what it cost (in steps, estimated)."""
        eng = self.eng
        sim = self.sim
        h = hashlib.blake2b(digest_size=20)
        walk = _Walk(h, sim.clock)
        # the arrays the engine and the simulator hold: a Warp object's views of them are covered
        tops = (sim,) if eng is None else (eng, sim)
        for o in tops:
            for v in vars(o).values():
                if isinstance(v, np.ndarray):
                    walk.covered.add(id(_root(v)))
        if eng is not None:
            # the engine's clocks, as the run reads them
            # _pick: the oldest ready warp (argmin of last) goes first once older than its bound
            # (max(STARVE, ready warps), D15-S-1): ages past the largest bound compare alike
            walk.feed(np.minimum(eng.batchno - eng.last, self.starve + 1))
            walk.feed(np.unique(eng.last, return_inverse=True)[1])
            # the barrier retries: fail_at is only compared with issued - 1
            walk.feed(eng.fail_at == eng.issued - 1)
        nw = sim._next_wake
        walk.feed(None if nw is None else nw - sim.clock)
        for o in tops:
            walk.obj(o, top=True)
        # the mbarrier deadlock check's counts (semantics/nv_mbarrier.py, decision D8-sync-4)
        walk.feed(waits_of(sim))
        return h.digest(), walk.size // 800 + 6 * len(walk.seen)


def _root(a: np.ndarray) -> np.ndarray:
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


_SCALARS = (type(None), bool, int, float, str, bytes, complex, slice, range)
_PLAIN = (type(None), bool, int, float, str)


def _text(v: Any) -> str:
    """A scalar's text: an int in hex (a decimal repr of 4,300 digits or more raises), else repr."""
    return hex(v) if type(v) is int else repr(v)


def _compact(v: Any) -> str | None:
    """The text of a plain value, a short list or tuple of them, or an empty dict or set (one
    hash update for the many small attributes of a Warp); None for anything else.  Every item is
    self-delimiting (a repr, a hex number) and separated, so that distinct values never share a
    text."""
    t = type(v)
    if t in _PLAIN:
        return _text(v)
    if ((t is list or t is tuple) and len(v) <= 256 and all(type(x) in _PLAIN for x in v)) \
            or ((t is dict or t is set) and not v):
        return f"{t.__name__}[{','.join(map(_text, v))}]"
    return None


class _Walk:
    """Feeds a deterministic serialisation of an object graph into a hash.  Equal serialisations
    mean equal states; the converse need not hold (a dict's order, a set's), which can only keep
    a repeat from being seen, never invent one."""

    def __init__(self, h, clock: int) -> None:
        self.h = h
        self.clock = clock
        self.seen: dict[int, int] = {}
        self.covered: set[int] = set()
        self.size = 0

    def feed(self, v: Any) -> None:
        h = self.h
        if isinstance(v, np.ndarray):
            h.update(f"a{v.dtype.str}{v.shape}".encode())
            if v.size:
                h.update(np.ascontiguousarray(v).view(np.uint8))
            self.size += v.nbytes
        elif isinstance(v, _SCALARS) or isinstance(v, np.generic):
            h.update(f"{type(v).__name__}:{_text(v)};".encode())
        elif isinstance(v, (list, tuple)):
            c = _compact(v)
            if c is not None:       # speed: one update
                h.update(c.encode())
                return
            h.update(f"{type(v).__name__}{len(v)}[".encode())
            for x in v:
                self.feed(x)
            h.update(b"]")
        elif isinstance(v, dict):
            h.update(f"d{len(v)}{{".encode())
            for k in sorted(v, key=repr):
                self.feed(k)
                self.feed(v[k])
            h.update(b"}")
        elif isinstance(v, (set, frozenset)):
            h.update(f"s{len(v)}{{".encode())
            h.update(",".join(sorted(map(_text, v))).encode())      # {1, 23} is not {12, 3}
            h.update(b"}")
        elif isinstance(v, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, type,
                            types.ModuleType)):
            h.update(f"f{getattr(v, '__qualname__', type(v).__name__)};".encode())
        else:
            self.obj(v)

    def obj(self, o: Any, top: bool = False) -> None:
        """Feed object *o*'s attributes; *top*: the engine or the simulator, whose arrays the
        other objects' views are views of (fed here, skipped there)."""
        k = self.seen.get(id(o))
        if k is not None:
            self.h.update(f"@{k};".encode())
            return
        self.seen[id(o)] = len(self.seen)
        cls = type(o)
        if not cls.__module__.startswith("gpuisa."):
            raise _Opaque(cls.__qualname__)
        names = list(getattr(o, "__dict__", {}))
        for c in cls.__mro__:
            names.extend(s for s in getattr(c, "__slots__", ()) if s != "__dict__")
        plain = [cls.__qualname__]
        rest: list[tuple[str, Any]] = []
        for name in sorted(set(names)):
            if name in _SKIP or not hasattr(o, name):
                continue
            v = getattr(o, name)
            if name == "timer" and v is not None:       # a warp's wake-up time: how far away it is
                v = v - self.clock
            elif name == "issued" or name == "_fail_at":
                continue      # a warp's issue count only matters through _fail_at == issued - 1
            text = _compact(v)
            if text is not None:
                plain.append(f"{name}={text}")
            elif not top and isinstance(v, np.ndarray) and id(_root(v)) in self.covered:
                continue      # a view of the simulator's or the engine's arrays, fed whole
            else:
                rest.append((name, v))
        iss = getattr(o, "issued", None)
        if isinstance(iss, int):        # a Warp object: bru.py's retry count compares _fail_at with it
            plain.append("fail-1" if getattr(o, "_fail_at", -2) == iss - 1 else "fail")
        self.h.update(("<" + "|".join(plain)).encode())
        for name, v in rest:
            self.h.update(f"{name}=".encode())
            self.feed(v)
        self.h.update(b">")

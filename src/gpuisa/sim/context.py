"""The execution context handed to every semantics function.

An :class:`Exec` is built once per instruction address (decode once) and
bound to the executing warp at each issue.  Semantics read operands generically
by *field name* (``"ra"``, ``"vb"``, ``"urb"``...), whatever their kind: the
field's type in the database says whether it is a GPR, a uniform register, an
immediate or a constant-memory reference.  See ``docs/sim-semantics-api.md``.
"""
from __future__ import annotations

from typing import Any, Callable, NoReturn, Protocol

import numpy as np

from ..spec.database import Database
from .state import (FULL, INST_SIZE, LANES, MASK32, MASK64, PT, RZ, UPT, URZ, WARP_SIZE, ConstantBanks, Fault, local_memory,
                    LocalMemory, Memory, Warp, array2mask, mask2array)


class Machine(Protocol):
    """What an :class:`Exec` (and so a semantics function, as ``x.sim``) may use
    of the machine running it.  :class:`~gpuisa.sim.simulator.Simulator`
    implements it; this module does not import the simulator, so data flows one
    way (``simulator`` -> ``context`` -> ``state``)."""

    db: Database
    gmem: Memory
    local: "LocalMemory"
    const: ConstantBanks
    clock: int
    strict: bool
    trap_handler: Callable | None
    syscall: Callable | None
    local_size: int
    clusters: Any     # sim.cluster.Clusters of a cluster launch, else None

    def fetch(self, pc: int) -> "Exec": ...
    def cluster_arrive(self, w: Warp, lanes: int) -> None: ...
    def cluster_wait(self, w: Warp, lanes: int) -> bool: ...
    def warp_sleep(self, w: Warp) -> None: ...
    def warp_exit(self, w: Warp) -> None: ...
    def set_timer(self, w: Warp, cycles: int) -> None: ...
    def _event(self, x: "Exec", kind: str, message: str) -> None: ...
    def _barrier_arrive(self, w: Warp, bid: int, count: int | None, wait: bool, red: tuple | None = None) -> None: ...

#: "not computed yet" in caches where None is a value (a plan that does not exist)
UNSET = object()

# operand kinds
K_REG, K_UREG, K_PRED, K_UPRED, K_BREG, K_IMM, K_CMEM, K_ENUM = range(8)
# I2IP's / UI2IP's `R6.24`-style operands are registers whose number is the field (decision D10-N-5)
_KIND_OF_TYPE = {"Reg": K_REG, "UReg": K_UREG, "Pred": K_PRED, "UPred": K_UPRED, "BReg": K_BREG,
                 "PackReg24": K_REG, "PackReg28": K_REG, "UPackReg24": K_UREG, "UPackReg28": K_UREG}
_ZERO32 = np.zeros(WARP_SIZE, np.uint32)
_ZERO32.setflags(write=False)

# guard modes: how ``pmask = ActiveMask & {!}Pg`` is computed at issue; the uniform-datapath
# instructions (GPUniform) are guarded by a uniform predicate ``@{!}UPg``: all active lanes or none
G_ALWAYS, G_PRED, G_NOT_PRED, G_NEVER, G_UPRED, G_NOT_UPRED = range(6)


def guard_mode(pg: int, pg_not: int, uniform: bool = False) -> int:
    """``@PT`` (the common case) needs no mask work; ``@!PT`` never executes."""
    if pg == PT:
        return G_NEVER if pg_not else G_ALWAYS
    if uniform:
        return G_NOT_UPRED if pg_not else G_UPRED
    return G_NOT_PRED if pg_not else G_PRED


def _uniform_prefixes(val: int, d: tuple, width: int) -> int:
    """A uniform source's ``|x|``, ``-`` and ``~`` prefixes (descriptor *d*), wrapped to *width*
    (one warp and a batch read uniform operands alike)."""
    m = (1 << width) - 1
    if d[5] and val >> (width - 1) & 1:
        val = (-val) & m
    if d[4]:
        val = (-val) & m
    if d[3]:
        val = ~val & m
    return val


class Exec:
    """One decoded instruction, bound at issue to a warp (``x.w``).

    Attributes valid during a semantics call:

    ``w``      the :class:`~gpuisa.sim.state.Warp`
    ``sim``    the :class:`Machine` (the :class:`~gpuisa.sim.Simulator`: memories, clock, options)
    ``pc``     this instruction's address (ActivePC at issue)
    ``pmask``  lanes that execute: ``ActiveMask & guard`` (``@{!}Pg``)
    ``op``     the :class:`~gpuisa.spec.model.Opcode`; ``name`` its name
    ``f``      raw field values by field name
    """

    __slots__ = ("sim", "db", "op", "name", "optype", "word", "pc", "f", "fn", "control", "text", "w",
                 "pmask", "writes", "events", "_desc", "_mods", "pg", "pg_not", "hint", "guard", "next_pc",
                 "memo", "_imms", "per_warp", "ref", "shared")

    #: False: one warp (``x.w`` a Warp, masks ints); True in a :class:`BatchExec`
    batched = False

    def __init__(self, sim: Machine, inst: Any, fn: Callable, control: bool, text: str):
        self.sim = sim
        self.db = sim.db
        self.op = inst.opcode
        self.name = inst.opcode.name
        self.optype = inst.opcode.optype
        self.word = inst.word
        self.pc = inst.pc
        self.f = dict(inst.fields)
        self.fn = fn
        self.control = control
        self.text = text
        self.w: "Warp" = None  # type: ignore[assignment]
        self.pmask: Any = 0   # lane mask: an int here, an (n,) array in a BatchExec
        self.writes: list | None = None
        self.events: list | None = None
        self._desc: dict[str, tuple] = {}
        self._mods: dict[str, str | None] = {}
        self._imms: dict[str, int] = {}
        self.pg = self.f.get("pg", PT)
        self.pg_not = self.f.get("pg.not", 0)
        self.hint: Any = None
        #: how the issue loop evaluates the guard ``@{!}Pg`` (see :func:`guard_mode`)
        g = self.op.guard
        uniform = g is not None and g.type == "UPred"
        if g is not None and g.type == "GuardPred":    # P0..PT = 0..7, UP0..UPT = 8..15 (D8-sync-1)
            uniform = self.pg > PT
            self.pg &= PT
        self.guard = guard_mode(self.pg, self.pg_not, uniform)
        self.next_pc = self.pc + INST_SIZE
        #: per-address memo for semantics functions (values that depend only on
        #: the decoded fields, computed at the first execution); None until set
        self.memo: Any = None
        #: run one warp at a time by the batched engine (registry flag ``per_warp``)
        self.per_warp = bool(getattr(fn, "per_warp", control))
        #: the registered (reference) semantics function; ``fn`` may be a one-warp plan
        self.ref = fn
        #: caches shared by every Exec of this word at this address (Simulator.fetch), or None
        self.shared: list | None = None

    def eval_guard(self) -> int:
        """``ActiveMask & guard`` for the bound warp (what the simulator stores in ``pmask``)."""
        g = self.guard
        if g == G_ALWAYS:
            return self.w.active
        if g == G_PRED:
            return self.w.active & self.w.P[self.pg]
        if g == G_NOT_PRED:
            return self.w.active & ~self.w.P[self.pg]
        if g == G_UPRED or g == G_NOT_UPRED:
            return self.w.active if self.w.UP[self.pg] != (g == G_NOT_UPRED) else 0
        return 0

    # -- shape-generic helpers ("one semantics, two widths") ------------------
    def any_lane(self, mask=None) -> bool:
        """True if *mask* (default ``pmask``) has a lane in any warp: the batch-safe
        form of ``if mask:`` (an early return when nothing executes)."""
        m = self.pmask if mask is None else mask
        if isinstance(m, np.ndarray):
            return bool(m.any())
        return bool(m)

    def all_lanes(self, mask=None) -> bool:
        """True if *mask* (default ``pmask``) holds all 32 lanes in every warp."""
        m = self.pmask if mask is None else mask
        if isinstance(m, np.ndarray):
            return bool((m == FULL).all())
        return m == FULL

    def lanes(self, mask=None) -> np.ndarray:
        """*mask* (default ``pmask``) as bools over lanes: ``(32,)`` or ``(n, 32)``."""
        return mask2array(self.pmask if mask is None else mask)

    def mask_of(self, lanes) -> "int | np.ndarray":
        """Bools over lanes (``(32,)`` / ``(n, 32)``) as a lane mask (int / ``(n,)``)."""
        return array2mask(lanes)

    def lane_shape(self) -> tuple:
        """``(32,)`` for one warp, ``(n, 32)`` for a batch."""
        return (WARP_SIZE,)

    def lane_zeros(self, dtype=np.uint32) -> np.ndarray:
        """A fresh zero array of the lane shape."""
        return np.zeros(self.lane_shape(), dtype)

    def mask_where(self, cond, if_true, if_false):
        """Per warp: *if_true* where the per-warp *cond* holds, else *if_false*
        (masks or uniform values; the batch-safe ``a if cond else b``)."""
        return if_true if cond else if_false

    # -- fields, immediates, modifiers -----------------------------------------
    def has(self, name: str) -> bool:
        """True if this opcode variant has a field *name*."""
        return name in self.f

    def field(self, name: str) -> int:
        """Raw (unsigned) bits of field *name*."""
        return self.f[name]

    def imm(self, name: str, default: int | None = None) -> int:
        """Field value, sign-extended for signed types (``SImm*``).  *default*
        is returned when the variant has no such field."""
        v = self._imms.get(name)
        if v is not None:
            return v
        if name not in self.f:
            if default is None:
                raise KeyError(f"{self.name} has no field {name!r}")
            return default
        raw = self.f[name]
        t = self.db.types.get(self.op.field_map[name].type)
        v = self._imms[name] = t.from_raw(raw) if t is not None else raw
        return v

    def mod(self, name: str) -> str | None:
        """Enumeration name of a modifier field (``x.mod("cond") -> "DIV"``),
        None if the variant has no such field."""
        if name in self._mods:
            return self._mods[name]
        v = None
        if name in self.f:
            t = self.db.types.get(self.op.field_map[name].type)
            v = t.by_value.get(self.f[name], str(self.f[name])) if t is not None and t.is_enum else str(self.f[name])
        self._mods[name] = v
        return v

    def flag(self, name: str) -> bool:
        """True if the modifier/prefix field *name* exists and is non-zero."""
        return bool(self.f.get(name, 0))

    # -- operand descriptors ---------------------------------------------------------
    def _d(self, name: str) -> tuple:
        d = self._desc.get(name)
        if d is None:
            if name not in self.f:
                raise Fault("invalid-operand", f"{self.name} has no operand field {name!r}")
            fld = self.op.field_map[name]
            t = self.db.types.get(fld.type)
            kind = _KIND_OF_TYPE.get(fld.type)
            if kind is None:
                if t is not None and t.kind == "cmem":
                    kind = K_CMEM
                elif t is not None and t.kind in ("uint", "sint"):
                    kind = K_IMM
                else:
                    kind = K_ENUM
            raw = self.f[name]
            val = t.from_raw(raw) if (t is not None and kind == K_IMM) else raw
            bitnot, neg, ab = (bool(self.f.get(name + ".bitnot", 0)), bool(self.f.get(name + ".neg", 0)),
                               bool(self.f.get(name + ".abs", 0)))
            d = (kind, val, bool(self.f.get(name + ".not", 0)), bitnot, neg, ab, bitnot or neg or ab)
            self._desc[name] = d
        return d

    def kind(self, name: str) -> str:
        """``"R"``, ``"U"``, ``"P"``, ``"UP"``, ``"B"``, ``"I"``, ``"C"`` or ``"E"`` (other enum)."""
        return ("R", "U", "P", "UP", "B", "I", "C", "E")[self._d(name)[0]]

    def reg_index(self, name: str) -> int:
        return self._d(name)[1]

    def uniform(self, name: str) -> bool:
        """True if the operand has one value for the whole warp."""
        return self._d(name)[0] != K_REG

    # -- reading sources -------------------------------------------------------------
    def src(self, name: str, width: int = 32, raw: bool = False):
        """Value of source operand *name*.

        GPR (``Reg``): a ``(32,)`` array (``uint32``; ``uint64`` for width 64,
        from the pair ``R[n], R[n+1]``).  Uniform register, immediate, constant
        memory: a Python int (width 32 or 64; signed immediates sign-extended,
        so mask with ``& 0xFFFFFFFF`` for bit patterns).  The operand's ``~``
        (bitnot), ``-`` (neg) and ``|x|`` (abs) prefixes are applied (integer
        semantics, wrapped to *width*).

        A GPR value is a view of the register file: copy it before writing the
        same register if you still need the old value.  ``raw=True``: the
        prefixes are not applied."""
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        kind = d[0]
        pre = d[6] and not raw
        v = d[1]
        w = self.w
        if kind == K_REG:
            if width != 64:
                val = w.R[v] if v != RZ else _ZERO32
                if not pre:
                    return val  # the common case: no prefix
            else:
                lo = w.R[v].astype(np.uint64) if v != RZ else np.zeros(WARP_SIZE, np.uint64)
                hi = w.R[v + 1].astype(np.uint64) if v + 1 < RZ else np.zeros(WARP_SIZE, np.uint64)
                val = lo | (hi << np.uint64(32))
            if (d[5] and pre):
                val = np.abs(val.view(np.int64 if width == 64 else np.int32)).view(val.dtype)
            if (d[4] and pre):
                val = (np.zeros_like(val) - val)
            if (d[3] and pre):
                val = ~val
            return val
        if kind == K_IMM:
            val = v
            if not pre:
                return val
        elif kind == K_UREG:
            val = w.UR[v] if v != URZ else 0
            if width == 64:
                val |= (w.UR[v + 1] if v + 1 < URZ else 0) << 32
        elif kind == K_CMEM:
            val = self.sim.const.read(v >> 16, v & 0xFFFF, width // 8)
        elif kind == K_PRED:
            return self.pred(name)
        elif kind == K_UPRED:
            return self.upred(name)
        elif kind == K_BREG:
            return w.B[v]
        else:
            return v
        if not pre:
            return val
        return _uniform_prefixes(val, d, width)

    def reg(self, idx: int) -> np.ndarray:
        """GPR number *idx* (lane-shaped uint32, read only; RZ and beyond read 0)."""
        if idx >= RZ:
            return _ZERO32
        return self.w.R[idx]

    def ureg(self, idx: int):
        """Uniform register number *idx* as :meth:`src` reads one (a Python int; URZ and beyond
        read 0): for operands whose field holds more than the number (F2UReg, decision D20-2)."""
        return self.w.UR[idx] if idx < URZ else 0

    def src_lanes(self, name: str, width: int = 32) -> np.ndarray:
        """Like :meth:`src` but always a ``(32,)`` array."""
        v = self.src(name, width)
        if isinstance(v, np.ndarray):
            return v
        dt = np.uint64 if width == 64 else np.uint32
        return np.full(WARP_SIZE, v & ((1 << width) - 1), dt)

    def src_signed(self, name: str, width: int = 32):
        """:meth:`src` reinterpreted as signed (int32/int64 array, or Python int)."""
        v = self.src(name, width)
        if isinstance(v, np.ndarray):
            return v.view(np.int64 if width == 64 else np.int32)
        v &= (1 << width) - 1
        return v - (1 << width) if v >> (width - 1) else v

    def pred(self, name: str) -> int:
        """A predicate operand (``Pred``) as a lane mask, its ``!`` applied (PT = all lanes)."""
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        if d[0] == K_UPRED:
            return FULL if self.upred(name) else 0
        m = self.w.P[d[1]]
        return (~m & FULL) if d[2] else m

    def upred_bits(self):
        """UP0..UP6 packed (bit i = UPi), as UP2UR reads them."""
        return np.asarray(sum(int(bool(self.w.UP[i])) << i for i in range(7)), dtype=np.uint64)

    def upred(self, name: str) -> bool:
        """A uniform predicate operand (``UPred``) as a bool, its ``!`` applied."""
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        b = self.w.UP[d[1]]
        return (not b) if d[2] else b

    # -- writing destinations -----------------------------------------------------------------
    def write(self, name: str, value, mask: int | None = None, width: int = 32) -> None:
        """Write destination *name* in the lanes of *mask* (default: ``pmask``).

        ``Reg``: *value* is a ``(32,)`` array or a scalar, wrapped to 32 bits
        (width 64 writes the pair ``R[n], R[n+1]``); RZ writes are dropped.
        ``UReg``: a scalar, written if *mask* is not empty (URZ dropped).
        ``Pred``: *value* is a lane mask; ``UPred``: a bool.  ``BReg``: a 32-bit int."""
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        kind = d[0]
        v = d[1]
        if mask is None:
            mask = self.pmask
        w = self.w
        if kind == K_REG:
            if not mask or v == RZ:
                return
            if width == 64:
                arr = np.broadcast_to(np.asarray(value if isinstance(value, np.ndarray) else value & MASK64,
                                                 dtype=np.uint64), (WARP_SIZE,))
                self._write_reg(v, (arr & np.uint64(MASK32)).astype(np.uint32), mask)
                if v + 1 < RZ:
                    self._write_reg(v + 1, (arr >> np.uint64(32)).astype(np.uint32), mask)
                return
            row = w.R[v]
            if isinstance(value, np.ndarray):
                if value.dtype != np.uint32:
                    value = value.astype(np.uint32)  # C wrap-around
                if mask == FULL:
                    row[:] = value
                else:
                    np.copyto(row, value, where=mask2array(mask))
            elif mask == FULL:
                row.fill(int(value) & MASK32)
            else:
                row[mask2array(mask)] = int(value) & MASK32
            if self.writes is not None:
                self.writes.append((f"R{v}", mask, row.tolist()))
        elif kind == K_PRED:
            if not mask or v == PT:
                return
            w.P[v] = (w.P[v] & ~mask) | (int(value) & mask)
            if self.writes is not None:
                self.writes.append((f"P{v}", mask, w.P[v]))
        elif kind == K_UREG:
            if not mask or v == URZ:
                return
            if width == 64:
                value = int(value) & MASK64
                w.UR[v] = value & MASK32
                if v + 1 < URZ:
                    w.UR[v + 1] = value >> 32
                    self._rec(f"UR{v + 1}", None, value >> 32)
            else:
                w.UR[v] = int(value) & MASK32
            self._rec(f"UR{v}", None, w.UR[v])
        elif kind == K_UPRED:
            if not mask or v == UPT:
                return
            w.UP[v] = bool(value)
            self._rec(f"UP{v}", None, w.UP[v])
        elif kind == K_BREG:
            w.B[v] = int(value) & MASK32
            self._rec(f"B{v}", None, w.B[v])
        else:
            raise Fault("invalid-operand", f"{self.name}: operand {name!r} is not writable")

    def _write_reg(self, idx: int, arr: np.ndarray, mask: int) -> None:
        row = self.w.R[idx]
        if mask == FULL:
            row[:] = arr
        else:
            np.copyto(row, arr, where=mask2array(mask))
        if self.writes is not None:
            self.writes.append((f"R{idx}", mask, row.tolist()))

    def _rec(self, reg: str, mask, value) -> None:
        if self.writes is not None:
            self.writes.append((reg, mask, value))

    def set_reg(self, idx: int, value, mask: int) -> None:
        """Write GPR number *idx* directly (e.g. the second register of a pair)."""
        if idx >= RZ or not mask:
            return
        arr = value if isinstance(value, np.ndarray) else np.full(WARP_SIZE, int(value) & MASK32, np.uint32)
        self._write_reg(idx, arr.astype(np.uint32, copy=False), mask)

    def set_breg(self, idx: int, value: int) -> None:
        self.w.B[idx] = int(value) & MASK32
        if self.writes is not None:
            self.writes.append((f"B{idx}", None, self.w.B[idx]))

    def rpc_half(self, h: int) -> np.ndarray:
        """Half *h* (0: ``Rpc.LO``, 1: ``Rpc.HI``) of the return-PC register in every lane (RPCMOV)."""
        return self.w.rpcreg[h]

    def set_rpc_half(self, h: int, value, mask) -> None:
        """Write half *h* of the return-PC register in the lanes of *mask* (RPCMOV)."""
        if not mask:
            return
        np.copyto(self.w.rpcreg[h], value, where=mask2array(mask), casting="unsafe")
        self._rec("Rpc.HI" if h else "Rpc.LO", mask, self.w.rpcreg[h].tolist())

    def set_ureg(self, idx: int, value) -> None:
        """Write uniform register number *idx* directly (the further registers of a wide
        uniform load); URZ and beyond are dropped."""
        if idx >= URZ:
            return
        self.w.UR[idx] = int(value) & MASK32
        self._rec(f"UR{idx}", None, self.w.UR[idx])

    # -- memories -----------------------------------------------------------------------------
    @property
    def gmem(self):
        """Global memory (:class:`~gpuisa.sim.state.Memory`): ``load(addrs, mask, size)``, ``store(addrs, values, mask, size)``."""
        return self.sim.gmem

    @property
    def smem(self):
        """Shared memory of this warp's CTA (same interface, addresses from 0)."""
        return self.w.cta.shared

    @property
    def lmem(self):
        """Local memory of this warp's threads (:class:`~gpuisa.sim.state.LocalAccess`: the same
        interface, lane i's byte k at ``(i << 32) + k``)."""
        return local_memory(self.w, self.sim.local_size)

    @property
    def const(self):
        """Constant banks: ``read(bank, offset, size)``, ``read_lanes(bank, offsets, mask, size)``."""
        return self.sim.const

    def cmem_ref(self, name: str) -> tuple[int, int]:
        """``(bank, offset)`` of a constant-memory operand field."""
        v = self.f[name]
        return v >> 16, v & 0xFFFF

    # -- control ------------------------------------------------------------------------------
    def fault(self, kind: str, message: str) -> NoReturn:
        """Raise an architectural fault (reported as the run's status)."""
        raise Fault(kind, message)

    def event(self, kind: str, message: str, mask=None) -> None:
        """Record a warning event (kept in the step record and the result); with
        *mask*, only if it has a lane (for a batch: for each warp whose mask has one)."""
        if mask is not None and not mask:
            return
        self.sim._event(self, kind, message)

    def barrier_arrive(self, bid: int, count: int | None, wait: bool, red: tuple | None = None) -> None:
        """This warp arrives at barrier *bid* of its CTA (``BAR``): *count* expected threads (None:
        every non-exited warp); with *wait* it is not scheduled until the barrier completes
        (``BAR.SYNC``, ``BAR.RED``); *red* = (op, true lanes, lanes) adds to ``BAR.RED``'s
        reduction.  ActivePC is advanced by the caller (the warp resumes after the barrier)."""
        self.sim._barrier_arrive(self.w, bid, count, wait, red)

    def lane_ids(self) -> np.ndarray:
        from .state import LANES
        return LANES


# =============================================================================================
# One semantics, two widths: the same decoded instruction bound to a BATCH of warps
# =============================================================================================
_U32 = np.uint32
_U64 = np.uint64


class PerWarp(Exception):
    """Raised by a batch-width semantics call that needs per-warp state (before it
    writes anything): the batched engine replays the batch one warp at a time."""


class _BatchCTA:
    """``x.w.cta`` of a batch: per-warp CTA values as ``(n, 1)`` arrays."""

    __slots__ = ("ctaid", "linear", "shared_size")

    def __init__(self, ctaid, linear, shared_size):
        self.ctaid = ctaid
        self.linear = linear
        self.shared_size = shared_size


class _Rows:
    """``rows[v]``: row *v* of a ``(rows, warps, ...)`` array for the warps of a batch."""

    __slots__ = ("a", "sel", "dt")

    def __init__(self, a, sel, dt):
        self.a = a
        self.sel = sel
        self.dt = dt

    def __getitem__(self, v):
        r = self.a[v][self.sel]
        return r if self.dt is None else r.view(self.dt)

    def __setitem__(self, v, value) -> None:   # R2P's ``x.w.P[i] = ...`` at batch width (D14-W-3)
        self.a[v][self.sel] = value


class BatchWarps:
    """``x.w`` of a :class:`BatchExec`: the per-warp identity of the batch's warps
    as ``(n, 1)`` arrays (``index``, ``gid``, ``cta.ctaid[k]``, ``cta.linear``), so
    that code such as ``x.write("rd", x.w.index)`` works at both widths.  Mutable
    warp state (masks, PC, RPC) is not here: semantics that need it are per-warp."""

    __slots__ = ("_eng", "_sel", "_cache")

    def __init__(self, eng, sel):
        self._eng = eng
        self._sel = sel
        self._cache = {}

    def _col(self, name):
        v = self._cache.get(name)
        if v is None:
            v = self._cache[name] = getattr(self._eng, name)[self._sel][:, None]
        return v

    def __getattr__(self, name):     # masks, PC, RPC, UR lists, sreg...: per-warp state
        raise PerWarp(name)

    # read access for the speed code (sim/fastpath plans): rows of every warp of the batch
    @property
    def R(self):
        return _Rows(self._eng.sim.R, self._sel, None)

    @property
    def Rs(self):
        return _Rows(self._eng.sim.R, self._sel, np.int32)

    @property
    def Rf(self):
        return _Rows(self._eng.sim.R, self._sel, np.float32)

    @property
    def P(self):
        return _Rows(self._eng.P, self._sel, None)

    @property
    def index(self):
        return self._col("widx")

    @property
    def gid(self):
        return self._col("gid")

    @property
    def cta(self):
        c = self._cache.get("cta")
        if c is None:
            ct = self._col("ctaid_all")
            c = self._cache["cta"] = _BatchCTA((ct[:, :, 0], ct[:, :, 1], ct[:, :, 2]), self._col("cta_of"),
                                               self._eng.sim.shared_size)
        return c


class BatchExec(Exec):
    """An :class:`Exec` bound to a batch of *n* warps at the same PC (the batched
    engine, :mod:`gpuisa.sim.engine_batched`).  The same semantics function runs on
    it: GPR values are ``(n, 32)`` arrays, uniform registers ``(n, 1)`` arrays,
    lane masks (``pmask``, predicates) ``(n,)`` uint32 arrays, immediates and
    constants Python ints.  ``sel`` selects the warps (a slice of consecutive warp
    numbers, or an index array) in the engine's arrays."""

    __slots__ = ("eng", "sel", "n", "full", "ref_per_warp")
    batched = True
    sim: Any         # the batched engine: a Machine that also holds the warps' register arrays
    eng: Any
    sel: Any
    n: int
    full: bool
    ref_per_warp: bool

    @classmethod
    def of(cls, x: Exec, eng) -> "BatchExec":
        b = cls.__new__(cls)
        for k in Exec.__slots__:
            setattr(b, k, getattr(x, k))
        b._desc = x._desc          # shared caches (they depend only on the decoded fields)
        b._mods = x._mods
        b._imms = x._imms
        b.memo = None              # a batch memo is separate from the one-warp memo
        b.fn = x.ref               # the reference function, never a one-warp plan
        b.writes = None
        b.events = None
        b.eng = eng
        b.sel = None
        b.n = 0
        b.full = False
        b.ref_per_warp = x.per_warp     # the registry's flag (per_warp may be set later by a replay)
        return b

    def bind(self, sel, n: int, pmask: np.ndarray) -> None:
        self.sel = sel
        self.n = n
        self.pmask = pmask
        self.full = bool((pmask == FULL).all())
        self.w = BatchWarps(self.eng, sel)   # type: ignore[assignment]

    def eval_guard(self):
        e = self.eng
        sel = self.sel
        g = self.guard
        if g == G_ALWAYS:
            return e.active[sel]
        if g == G_PRED:
            return e.active[sel] & e.P[self.pg][sel]
        if g == G_NOT_PRED:
            return e.active[sel] & ~e.P[self.pg][sel]
        if g == G_UPRED or g == G_NOT_UPRED:
            return np.where(e.UP[self.pg][sel] != (g == G_NOT_UPRED), e.active[sel], _U32(0))
        return np.zeros(self.n, _U32)

    # -- shape-generic helpers ---------------------------------------------------------
    def lane_shape(self) -> tuple:
        return (self.n, WARP_SIZE)

    def mask_where(self, cond, if_true, if_false):
        return np.where(cond, if_true, if_false)

    # -- registers -----------------------------------------------------------------------
    def _row(self, v: int) -> np.ndarray:
        """GPR *v* of every warp of the batch, ``(n, 32)`` (a view for a slice)."""
        if v >= RZ:
            return np.zeros((self.n, WARP_SIZE), _U32)
        return self.sim.R[v][self.sel]

    def _put_row(self, v: int, value, m2) -> None:
        """``R[v] = value`` in the lanes of the bool array *m2* (None: all lanes)."""
        if v >= RZ:
            return
        R = self.sim.R
        sel = self.sel
        if isinstance(value, np.ndarray) and value.dtype != _U32 and value.size <= self.n:
            # a value per warp ((n, 1), e.g. SR_CTAID) of another type: convert the n values, then
            # broadcast (a converting broadcast copy takes numpy's slow buffered path)
            value = value.astype(_U32)
        if isinstance(sel, slice):
            dst = R[v, sel]
            if m2 is None:
                np.copyto(dst, value, casting="unsafe")
            else:
                np.copyto(dst, value, where=m2, casting="unsafe")
        else:
            if m2 is None:
                cur = np.empty((self.n, WARP_SIZE), _U32)
                np.copyto(cur, value, casting="unsafe")
            else:
                cur = R[v][sel]
                np.copyto(cur, value, where=m2, casting="unsafe")
            R[v][sel] = cur

    def src(self, name: str, width: int = 32, raw: bool = False):
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        kind = d[0]
        pre = d[6] and not raw
        v = d[1]
        e = self.eng
        val: Any
        if kind == K_REG:
            if width != 64:
                val = self._row(v)
                if not pre:
                    return val
            else:
                lo = self._row(v).astype(_U64)
                hi = self._row(v + 1).astype(_U64) if v + 1 < RZ else np.zeros_like(lo)
                val = lo | (hi << _U64(32))
            if (d[5] and pre):
                val = np.abs(val.view(np.int64 if width == 64 else np.int32)).view(val.dtype)
            if (d[4] and pre):
                val = (np.zeros_like(val) - val)
            if (d[3] and pre):
                val = ~val
            return val
        if kind == K_IMM:
            val = v
            if not pre:
                return val
        elif kind == K_UREG:
            if width == 64:
                lo = e.UR[v][self.sel].astype(_U64) if v != URZ else np.zeros(self.n, _U64)
                hi = e.UR[v + 1][self.sel].astype(_U64) if v + 1 < URZ else np.zeros(self.n, _U64)
                val = (lo | (hi << _U64(32)))[:, None]
            else:
                val = (e.UR[v][self.sel] if v != URZ else np.zeros(self.n, _U32))[:, None]
            if not pre:
                return val
            if (d[5] and pre):
                val = np.abs(val.view(np.int64 if width == 64 else np.int32)).view(val.dtype)
            if (d[4] and pre):
                val = (np.zeros_like(val) - val)
            if (d[3] and pre):
                val = ~val
            return val
        elif kind == K_CMEM:
            val = self.sim.const.read(v >> 16, v & 0xFFFF, width // 8)
        elif kind == K_PRED:
            return self.pred(name)
        elif kind == K_UPRED:
            return self.upred(name)
        elif kind == K_BREG:
            return e.B[v][self.sel][:, None]
        else:
            return v
        if not pre:
            return val
        return _uniform_prefixes(val, d, width)

    def reg(self, idx: int) -> np.ndarray:
        return self._row(idx)

    def ureg(self, idx: int):
        return (self.eng.UR[idx][self.sel] if idx < URZ else np.zeros(self.n, np.uint32))[:, None]

    def src_lanes(self, name: str, width: int = 32) -> np.ndarray:
        v = self.src(name, width)
        dt = _U64 if width == 64 else _U32
        if isinstance(v, np.ndarray):
            if v.shape == (self.n, WARP_SIZE):
                return v
            return np.broadcast_to(v, (self.n, WARP_SIZE)).astype(dt)
        return np.full((self.n, WARP_SIZE), v & ((1 << width) - 1), dt)

    def src_signed(self, name: str, width: int = 32):
        v = self.src(name, width)
        if isinstance(v, np.ndarray):
            return v.view(np.int64 if width == 64 else np.int32)
        v &= (1 << width) - 1
        return v - (1 << width) if v >> (width - 1) else v

    def pred(self, name: str):
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        if d[0] == K_UPRED:
            return np.where(self.upred(name)[:, 0], _U32(FULL), _U32(0))
        m = self.eng.P[d[1]][self.sel]
        return (~m & _U32(FULL)) if d[2] else m

    def upred_bits(self):
        bits = sum(self.eng.UP[i][self.sel].astype(np.uint64) << np.uint64(i) for i in range(7))
        return np.asarray(bits, dtype=np.uint64)[:, None]

    def upred(self, name: str):
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        b = self.eng.UP[d[1]][self.sel][:, None]
        return ~b if d[2] else b

    # -- writing ---------------------------------------------------------------------------------
    def _lanes_of(self, mask):
        if mask is None or mask is self.pmask:
            return None if self.full else mask2array(self.pmask)
        if isinstance(mask, np.ndarray):
            return mask2array(mask)
        if mask == FULL:
            return None
        return np.broadcast_to(mask2array(mask), (self.n, WARP_SIZE))

    def _per_warp(self, value, dtype) -> np.ndarray:
        """A uniform value (int, ``(n,)`` or ``(n, 1)``) as an ``(n,)`` array."""
        a = np.asarray(value)
        if a.ndim == 2:
            a = a[:, 0]
        if a.dtype == object:
            a = a.astype(np.uint64)
        return np.broadcast_to(a, (self.n,)).astype(dtype, copy=False) if a.ndim else \
            np.full(self.n, int(a) & (MASK64 if dtype == _U64 else MASK32), dtype)

    def _mask_arr(self, mask) -> np.ndarray:
        if mask is None:
            return self.pmask
        if isinstance(mask, np.ndarray):
            return mask
        return np.full(self.n, mask & MASK32, _U32)

    def write(self, name: str, value, mask=None, width: int = 32) -> None:
        d = self._desc.get(name)
        if d is None:
            d = self._d(name)
        kind = d[0]
        v = d[1]
        e = self.eng
        sel = self.sel
        if kind == K_REG:
            if v == RZ:
                return
            m2 = self._lanes_of(mask)
            if width == 64:
                arr = value if isinstance(value, np.ndarray) else _U64(int(value) & MASK64)
                arr = np.asarray(arr).astype(_U64, copy=False)
                self._put_row(v, arr & _U64(MASK32), m2)
                if v + 1 < RZ:
                    self._put_row(v + 1, arr >> _U64(32), m2)
                return
            if not isinstance(value, np.ndarray):
                value = _U32(int(value) & MASK32)
            self._put_row(v, value, m2)
        elif kind == K_PRED:
            if v == PT:
                return
            m = self._mask_arr(mask)
            P = e.P[v]
            old = P[sel]
            val = value if isinstance(value, np.ndarray) else _U32(int(value) & MASK32)
            P[sel] = (old & ~m) | (val.astype(_U32, copy=False) & m)
        elif kind == K_UREG:
            if v == URZ:
                return
            m = self._mask_arr(mask) != 0
            UR = e.ur_rows()
            if width == 64:
                val = self._per_warp(value, _U64)
                UR[v][sel] = np.where(m, (val & _U64(MASK32)).astype(_U32), UR[v][sel])
                if v + 1 < URZ:
                    UR[v + 1][sel] = np.where(m, (val >> _U64(32)).astype(_U32), UR[v + 1][sel])
            else:
                val = self._per_warp(value, _U64) if not isinstance(value, int) else \
                    np.full(self.n, value & MASK32, _U64)
                UR[v][sel] = np.where(m, (val & _U64(MASK32)).astype(_U32), UR[v][sel])
        elif kind == K_UPRED:
            if v == UPT:
                return
            m = self._mask_arr(mask) != 0
            e.UP[v][sel] = np.where(m, self._per_warp(value, bool), e.UP[v][sel])
        elif kind == K_BREG:
            e.B[v][sel] = self._per_warp(value, _U64).astype(_U32)
        else:
            raise Fault("invalid-operand", f"{self.name}: operand {name!r} is not writable")

    def set_reg(self, idx: int, value, mask) -> None:
        if idx >= RZ:
            return
        if not isinstance(value, np.ndarray):
            value = _U32(int(value) & MASK32)
        self._put_row(idx, value, self._lanes_of(mask))

    def set_breg(self, idx: int, value) -> None:
        self.eng.B[idx][self.sel] = self._per_warp(value, _U64).astype(_U32)

    def rpc_half(self, h: int) -> np.ndarray:
        return self.eng.rpcreg[self.sel, h]

    def set_rpc_half(self, h: int, value, mask) -> None:
        m2 = self._lanes_of(mask)
        cur = self.eng.rpcreg[self.sel, h]        # a view for a slice, a copy for an index array
        np.copyto(cur, value, where=True if m2 is None else m2, casting="unsafe")
        self.eng.rpcreg[self.sel, h] = cur

    def set_ureg(self, idx: int, value) -> None:
        """As :meth:`Exec.set_ureg`, in the warps of the batch with a lane in ``pmask``."""
        if idx >= URZ:
            return
        UR = self.eng.ur_rows()
        val = (self._per_warp(value, _U64) & _U64(MASK32)).astype(_U32)
        UR[idx][self.sel] = np.where(self.pmask != 0, val, UR[idx][self.sel])

    # -- memories, events -------------------------------------------------------------------------
    @property
    def smem(self):
        """Shared memory of each warp's CTA: the same ``load``/``store`` interface over
        ``(n, 32)`` addresses (:class:`gpuisa.sim.engine_batched.BatchShared`)."""
        return self.eng.shared_for(self.sel)

    @property
    def lmem(self):
        """Local memory of each warp's threads: the same interface over ``(n, 32)`` addresses."""
        sel = self.sel
        idx = np.arange(sel.start, sel.stop) if isinstance(sel, slice) else sel
        return self.sim.local.access(idx)

    def event(self, kind: str, message: str, mask=None) -> None:
        """A warning event for every warp of the batch with a lane in *mask*
        (default ``pmask``)."""
        m = self._mask_arr(mask)
        self.eng.batch_event(self, kind, message, m)

    def barrier_arrive(self, bid: int, count: int | None, wait: bool, red: tuple | None = None) -> None:  # pragma: no cover - BAR is per warp
        raise RuntimeError("barrier_arrive() is per warp: register the semantics with per_warp=True")

    def lane_ids(self) -> np.ndarray:
        return LANES

"""The mbarrier unit of sm_90 and later (``isa/mbarrier.isa``): SYNCS and FENCE.VIEW.ASYNC.

An mbarrier is a 64-bit word of the CTA's shared memory in the layout nvcc's sm_90+ code
shows (decision D8-sync-2): bit 63 the phase parity, bits 62..43 2^20 - the pending arrival
count, bits 41..21 the tx-count (21-bit two's complement), bits 20..1 2^20 - the expected
arrival count.  A phase completes when the pending count and the tx-count are both 0: the
parity flips and the pending count is reloaded from the expected count (PTX ISA, mbarrier).

Arrivals are performed lane after lane, lowest first, warp after warp (the order of the
batch), on Python ints, each on the word the previous one left: the token a lane receives is
the word before its own arrival.  Every function works for one warp and for a batch of warps
("one semantics, two widths"); a protocol error (an arrival beyond the pending count, a
tx-count out of range) faults before anything is written.
"""
from __future__ import annotations

import weakref

import numpy as np

from typing import Any

from ..context import Exec
from ..registry import semantics
from ..state import EXITED, Fault, mask2array
from .gp import _U64, _mem_load, _raw, _shared_addrs, _ur_addr

#: 2^20: the pending and expected counts are kept as 2^20 - count in 20-bit fields
ONE20 = 1 << 20
PENDING_SHIFT, TX_SHIFT, EXPECTED_SHIFT, PHASE_BIT = 43, 21, 1, 63
_F20, _F21 = ONE20 - 1, (1 << 21) - 1


def unpack(word: int) -> tuple[int, int, int, int]:
    """(phase, pending, tx, expected) of an mbarrier word (D8-sync-2)."""
    pending = (ONE20 - ((word >> PENDING_SHIFT) & _F20)) & _F20
    tx = (word >> TX_SHIFT) & _F21
    if tx >> 20:
        tx -= 1 << 21
    expected = ONE20 - ((word >> EXPECTED_SHIFT) & _F20)
    return (word >> PHASE_BIT) & 1, pending, tx, expected


def pack(phase: int, pending: int, tx: int, expected: int) -> int:
    """The mbarrier word of these fields (the inverse of :func:`unpack`)."""
    return (phase << PHASE_BIT | ((ONE20 - pending) & _F20) << PENDING_SHIFT | (tx & _F21) << TX_SHIFT
            | ((ONE20 - expected) & _F20) << EXPECTED_SHIFT)


def arrive(word: int, n: int, m: int, drops: int = 0) -> int:
    """The word after an arrival of count *n* with tx-count change *m*, *drops* of them
    ``.OPTOUT`` (each lowers the expected count by 1 first).  Raises ValueError for a protocol
    error: more arrivals than pending, an expected count below 0, a tx-count out of range."""
    phase, pending, tx, expected = unpack(word)
    expected -= drops
    pending -= n
    tx += m
    if pending < 0:
        raise ValueError(f"an arrival of {n} on an mbarrier with {pending + n} pending arrivals")
    if expected < 0:
        raise ValueError("arrive_drop on an mbarrier whose expected count is 0")
    if not -ONE20 < tx < ONE20:
        raise ValueError(f"the tx-count {tx} of an mbarrier is out of its range (+-(2^20 - 1))")
    if pending == 0 and tx == 0:
        phase ^= 1
        pending = expected
    return pack(phase, pending, tx, expected)


#: SYNCS.ARRIVE's .AnTm: (arrival count, tx-count change) with "R" for Rb, "-R" for -Rb
_COUNTS: dict[str, tuple[Any, Any]] = {"A1TR": (1, "R"), "A1T0": (1, 0), "ART0": ("R", 0), "A0T1": (0, 1), "A0TR": (0, "R"),
           "A0TX": (0, "-R")}


def _addrs(x: Exec) -> np.ndarray:
    """The mbarrier address of each lane: ``[Ra+URa+Imm]`` (``_shared_addrs``), or ``[URa+Imm]``
    of the uniform SYNCS.EXCH, the same in every lane."""
    if x.has("ra"):
        return np.broadcast_to(_shared_addrs(x), x.lane_shape())
    u = np.asarray(_ur_addr(x, 32), dtype=np.uint32)
    return np.broadcast_to((u + np.uint32(x.imm("offset") & 0xFFFFFFFF)).astype(_U64), x.lane_shape())


def _per_lane(x: Exec, value, on: np.ndarray) -> list:
    """*value* (a lane-shaped array, a per-warp ``(n, 1)`` array or an int) at each lane of
    *on*, in the order :func:`update` visits them."""
    return np.broadcast_to(np.asarray(value, dtype=_U64), on.shape)[np.nonzero(on)].tolist()


def update(x: Exec, what: str, step, mask=None, addrs=None) -> np.ndarray | None:
    """Apply *step(word, lanes) -> word* to the mbarrier of the executing lanes (*mask*, default
    ``pmask``): the lanes of one warp that name one mbarrier arrive **together**, as one update
    (*lanes*: their indexes in the order :func:`_per_lane` lists the executing lanes), and all of
    them receive the word before it (decision D8-sync-3: ptxas treats the token of a warp's
    arrival as warp-uniform); warps and mbarriers in order.  Stores the final words and returns
    the old word of each lane (uint64, lane-shaped), or None when no lane executes.  A protocol
    error (ValueError from *step*) is an ``invalid-operand`` fault raised before any store."""
    if mask is None:
        mask = x.pmask
    if not x.any_lane(mask):
        return None
    mem = x.smem
    if addrs is None:
        addrs = _addrs(x)
    olds = _mem_load(x, mem, addrs, mask, 8, what)[0]     # checks every lane first
    on = mask2array(mask)
    flat = getattr(mem, "flat_keys", None)      # BatchShared: offsets in the pool (clusters: D10-C-9)
    keys = flat(addrs) if flat is not None else addrs.astype(np.int64)
    idx = np.nonzero(on)
    rows = idx[0].tolist() if on.ndim == 2 else [0] * len(idx[0])
    flat_keys, flat_old, flat_addr = keys[idx].tolist(), olds[idx].tolist(), addrs[idx].tolist()
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (r, k) in enumerate(zip(rows, flat_keys)):
        groups.setdefault((r, k), []).append(i)      # dicts keep the order of the first lane
    cur: dict[int, int] = {}
    done = [0] * len(flat_keys)
    for (_, k), lanes in groups.items():
        w = cur.get(k, flat_old[lanes[0]])
        try:
            cur[k] = step(w, lanes)
        except ValueError as e:
            raise Fault("invalid-operand", f"{x.name}: mbarrier at shared 0x{flat_addr[lanes[0]]:x}: {e}") from None
        for i in lanes:
            done[i] = w
    news = olds.copy()
    news[idx] = np.array([cur[k] for k in flat_keys], dtype=_U64)
    olds[idx] = np.array(done, dtype=_U64)
    mem.store(addrs, news, mask, 8)
    ep = _waits(x.sim)[0]
    for c in {_owner(x.sim, c) for _, c, f in _warps_of(x, on.any(axis=-1)) if f}:
        ep[c] = ep.get(c, 0) + 1                     # the mbarriers of CTA (cluster) c have changed
    return olds


def _owner(sim, cta: int) -> int:
    """Whose warps may arrive at CTA *cta*'s mbarriers: the CTA, or in a cluster launch its cluster
    (named by its rank-0 CTA; an arrival may come from another CTA of the cluster: D10-C-9)."""
    cl = sim.clusters
    return cta if cl is None else cl.key(cta)


def _arrive(x: Exec) -> None:
    n, m = _COUNTS[x.mod("counts") or "A1TR"]
    drop = x.mod("optout") == "OPTOUT"
    rb = _per_lane(x, _raw(x, "rb"), mask2array(x.pmask)) if "R" in (n, m) or m == "-R" else []

    def step(word: int, lanes: list[int]) -> int:
        nn = sum(int(rb[i]) for i in lanes) if n == "R" else n * len(lanes)
        mm = sum(int(rb[i]) for i in lanes) * (-1 if m == "-R" else 1) if m in ("R", "-R") else m * len(lanes)
        return arrive(word, nn, mm, len(lanes) if drop else 0)

    olds = update(x, "mbarrier arrival", step)
    if olds is not None and x.mod("red") != "RED":
        x.write("rd", olds, width=64)


#: per simulator: ({CTA: how many mbarrier updates so far}, {warp gid: (that count at its failed
#: phase checks, how many failed in a row)}) -- the deadlock check of decision D8-sync-4
_WAITS: "weakref.WeakKeyDictionary[Any, tuple[dict, dict]]" = weakref.WeakKeyDictionary()


def waits_of(sim) -> tuple[dict, dict] | None:
    """The deadlock check's counts of *sim*, or None before its first mbarrier operation (the
    watchdog's digest holds them, decision D12-1)."""
    return _WAITS.get(sim)


def _waits(sim) -> tuple[dict, dict]:
    w = _WAITS.get(sim)
    if w is None:
        w = _WAITS[sim] = ({}, {})
    return w


def _live_warps(sim, cta: int) -> list[int]:
    """The gids of the warps of CTA *cta* that have not exited (from the batched engine's
    arrays while it runs, else from the Warp objects)."""
    eng = sim._engine
    if eng is not None and hasattr(eng, "cta_of"):
        return np.flatnonzero((eng.cta_of == cta) & (eng.state != _S_EXITED)).tolist()
    return [w.gid for w in sim._warps if w.cta.linear == cta and w.state != EXITED]


_S_EXITED = 3       # engine_batched.S_EXITED (the engine imports the semantics, not the reverse)


def _warps_of(x: Exec, flags) -> list[tuple[int, int, bool]]:
    """(gid, CTA, flag) of each warp of the call (one warp or a batch); *flags*: a bool per warp."""
    f = np.asarray(flags).reshape(-1).tolist()
    gids = np.broadcast_to(np.asarray(x.w.gid).reshape(-1), (len(f),)).tolist()
    ctas = np.broadcast_to(np.asarray(x.w.cta.linear).reshape(-1), (len(f),)).tolist()
    return list(zip(gids, ctas, f))


def _check_deadlock(x: Exec, failed: np.ndarray) -> None:
    """Record the warps whose phase check failed (*failed*: per warp of the call); when every
    live warp of a CTA has failed twice since the last update of the CTA's mbarriers, no warp
    can complete a phase any more: a ``deadlock`` fault (decision D8-sync-4)."""
    ep, wait = _waits(x.sim)
    suspects = set()
    for g, c, f in _warps_of(x, failed):
        if not f:
            wait.pop(g, None)
            continue
        c = _owner(x.sim, c)
        e = ep.get(c, 0)
        prev = wait.get(g)
        wait[g] = (e, prev[1] + 1 if prev is not None and prev[0] == e else 1)
        suspects.add(c)
    cl = x.sim.clusters
    for c in sorted(suspects):
        e = ep.get(c, 0)
        live = [g for p in (cl.peers[c].tolist() if cl is not None else [c]) for g in _live_warps(x.sim, p)]
        if live and all((wait.get(g) or (None, 0))[0] == e and wait[g][1] >= 2 for g in live):
            x.fault("deadlock", f"{x.name}: every live warp of CTA {c} waits on an mbarrier whose phase cannot "
                    "complete (no arrival or transaction is left to come: too few arrivals for the expected "
                    "count, or a tx-count that does not return to 0)")


def _phasechk(x: Exec) -> None:
    mask = x.pmask
    if not x.any_lane(mask):
        return
    words = _mem_load(x, x.smem, _shared_addrs(x), mask, 8, "mbarrier phase check")[0]
    rb = _raw(x, "rb")
    done = (words >> _U64(PHASE_BIT)) != (rb >> np.uint32(31)).astype(_U64)
    on = mask2array(mask)
    x.write("pu", x.mask_of(done))
    _check_deadlock(x, (on & ~done).any(axis=-1))


def _exch(x: Exec) -> None:
    """Once per warp (the uniform datapath): the lowest executing lane does the exchange and
    the old word goes to URd:URd+1."""
    pm = np.asarray(x.pmask, dtype=np.int64)
    first = pm & -pm                                     # the lowest executing lane of each warp
    one: Any = first if first.ndim else int(first)
    on = mask2array(one)
    new = _per_lane(x, x.src("urb", 64), on)
    olds = update(x, "mbarrier initialisation", lambda w, lanes: int(new[lanes[0]]), one)
    if olds is None:
        return
    lane = np.argmax(on, axis=-1)                        # each warp's executing lane
    if olds.ndim == 1:
        x.write("urd", int(olds[int(lane)]), one, width=64)
    else:
        x.write("urd", olds[np.arange(olds.shape[0]), lane][:, None], one, width=64)


@semantics("SYNCS")
def SYNCS(x: Exec) -> None:
    """SYNCS: pseudo code in the database (``__Semantics``, mbarrier.isa; appended here by the registry)."""
    op = x.mod("op")
    if op == "ARRIVE":
        _arrive(x)
    elif op == "PHASECHK":
        _phasechk(x)
    elif op == "EXCH":
        _exch(x)
    elif x.has("ra"):                                   # CCTL.IV: the address is checked (IVALL: none)
        if x.any_lane():
            _mem_load(x, x.smem, _shared_addrs(x), x.pmask, 8, "mbarrier invalidation")


@semantics("UBLKCP", per_warp=True)     # a uniform bulk copy of any size, one warp at a time (as ELECTU)
def UBLKCP(x: Exec) -> None:
    """UBLKCP: pseudo code in the database (``__Semantics``, mbarrier.isa; appended here by the registry).
    The copy completes at issue (decision GA-2), then its bytes complete on the mbarrier (D8-sync-10)."""
    mask = x.pmask
    if not mask:
        return
    pair = int(x.src("ura", 64))
    dst = ((pair & 0xFFFFFFFF) + (x.imm("soffset") & 0xFFFFFFFF)) & 0xFFFFFFFF
    mbar = pair >> 32
    src = (int(x.src("urb", 64)) + x.imm("offset")) & ((1 << 64) - 1)
    n = (int(x.src("urc")) & 0xFFFFFFFF) * 16
    if dst % 16 or src % 16:
        x.fault("misaligned", f"{x.name}: a bulk copy needs 16-byte aligned addresses (shared 0x{dst:x}, global 0x{src:x})")
    lane = np.arange(32, dtype=np.uint64)
    chunks = []
    for off in range(0, n, 256):                        # 32 lanes x 8 bytes at a time, every part checked first
        k = min(32, (n - off) // 8)
        m = (1 << k) - 1
        ga = _U64(src + off) + lane * _U64(8)
        chunks.append((off, m, _mem_load(x, x.gmem, ga, m, 8, "bulk copy load")[0]))
    for off, m, _ in chunks:
        sa = _U64(dst + off) + lane * _U64(8)
        _mem_load(x, x.smem, sa, m, 8, "bulk copy store")
    for off, m, v in chunks:
        x.smem.store(_U64(dst + off) + lane * _U64(8), v, m, 8)
    one = mask & -mask
    update(x, "bulk copy completion", lambda w, lanes: arrive(w, 0, -n), one,
           np.full(32, mbar, dtype=_U64))


@semantics("FENCE")
def FENCE(x: Exec) -> None:
    """FENCE: pseudo code in the database (``__Semantics``, mbarrier.isa; appended here by the registry)."""


__all__ = ["arrive", "pack", "unpack"]

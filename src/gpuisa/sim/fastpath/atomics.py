"""Batched integer atomics (speed code, kept out of the reference semantics; decision D12-L-3).

The reference functions of ATOMS, ATOMG and RED/REDG (``gpuisa.sim.semantics.gp._atomic``) are
``per_warp``: the batched engine issues them one warp at a time, in the batch's warp order, and
each performs its lanes one after another, lowest lane first, on Python ints.  A shared-memory
histogram of 2^24 bytes (64 Ki ``ATOMS.POPC.INC`` warp-instructions per 2^21 bytes) spent 90 % of
its time there.  For the commutative additions nvcc emits for ``atomicAdd`` on integers
(``.ADD`` on 32 and 64 bits, and ``ATOMS.POPC.INC``, where every lane adds 1) the sequential
order is known in advance -- the batch's rows, then the lanes -- so the value each lane reads is
the word's value plus the sum of the earlier lanes' operands on the same word: a stable sort by
word and a segmented prefix sum give every lane's value at once, and the last of each segment
the word's final value.  The results are the reference's bit for bit (tests/sim/test_batch_atomics.py).
The order-dependent integer updates (CAS, EXCH, MIN/MAX, INC/DEC, AND/OR/XOR; decision D13-M-6) go in
rounds: round r updates the r-th lane of every word at once, so each lane reads what the lanes before
it on its word left.  Generic ATOM splits its lanes into global and shared ones (D13-M-3).

:func:`batch_plan` returns ``f(x) -> bool`` for a :class:`~gpuisa.sim.context.BatchExec`; ``f``
returns False, having changed nothing, when the batch is not one it handles (a cluster launch's
distributed shared memory, a recorded step, an access outside one buffer, misaligned or out of
bounds): the engine then replays the warps one at a time, which also reports a fault at the warp
that has it."""
from __future__ import annotations

import bisect
from typing import Callable

import numpy as np

from ..semantics import gp as _gp
from ..state import LOCAL_WINDOW, MASK32, RZ, SHARED_WINDOW, WINDOW_SIZE, Memory, mask2array

_U32, _U64 = np.uint32, np.uint64


def batch_plan(x) -> Callable | None:
    """The batch-width plan of the atomic *x* (a BatchExec), or None for a form it does not handle."""
    opt = x.optype
    if opt not in ("ATOMS", "ATOMG", "RED", "REDG", "ATOM"):   # REDG: RED as nvdisasm names it for sm_90+
        return None
    op, typ = x.mod("op"), x.mod("type") or "U32"
    popc = op == "INC" and x.mod("popc") == "POPC"
    update = None if popc or op == "ADD" else _ROUNDS.get(op)
    if update is not None:      # an update in rounds (D13-M-6): integer types only
        if typ not in (("U32", "S32", "64", "S64") if op in ("MIN", "MAX") else ("U32", "64")):
            return None
    elif not popc and not (op == "ADD" and typ in ("U32", "S32", "64")):
        return None
    if (x.has("rc") and op != "CAS") or (opt == "ATOMS" and x.mod("scale") not in (None, "X1", "X4", "X8", "X16")):
        return None
    wide = typ in ("64", "S64") and not popc
    signed = typ in ("S32", "S64")
    size = 8 if wide else 4
    returns = opt in ("ATOMS", "ATOMG", "ATOM") and x.has("rd") and x.reg_index("rd") < RZ
    shared = opt == "ATOMS"
    generic = opt == "ATOM"     # a generic address: every lane global, or every lane shared (D13-M-3)

    def run(x) -> bool:
        if Memory.log is not None:
            return False        # a recorded step: the reference logs every lane's store
        m = mask2array(x.pmask)
        if not m.any():
            return True
        if generic:
            groups = _generic_groups(x, m, size)
        else:
            found = _shared_words(x, m, size) if shared else _global_words(x, m, size)
            groups = None if found is None else [(found[0], found[1], None)]
        if groups is None:
            return False
        count = int(m.sum())
        if popc:
            b = np.ones(count, _U64)
        elif wide:
            b = np.broadcast_to(np.asarray(x.src("rb", 64, raw=True), dtype=_U64), m.shape)[m]
        else:
            b = np.broadcast_to(np.asarray(_gp._raw(x, "rb"), dtype=_U32), m.shape)[m].astype(_U64)
        c = None
        if op == "CAS":
            c = np.broadcast_to(np.asarray(x.src("rc", 64, raw=True), dtype=_U64), m.shape)[m] if wide else \
                np.broadcast_to(np.asarray(_gp._raw(x, "rc"), dtype=_U32), m.shape)[m].astype(_U64)
        if update is not None and any(_rounds(idx) > MAX_ROUNDS for _, idx, _ in groups):
            return False        # many lanes on one word (a spin lock): the replay is as fast
        old = np.empty(count, _U64 if wide else _U32)
        for data, idx, sub in groups:       # disjoint memories: each in its lanes' order
            bs = b if sub is None else b[sub]
            if update is not None:
                cs = None if c is None else (c if sub is None else c[sub])
                got = _update_in_order(data, idx, bs, cs, update, signed)
            else:
                got = _add_in_order(data, idx, bs, wide)
            if sub is None:
                old = got
            else:
                old[sub] = got
        if returns:
            ret = np.zeros(m.shape, _U64 if wide else _U32)
            ret[m] = old
            x.write("rd", ret, width=64 if wide else 32)
        if generic:
            x.write("pu", x.pmask)      # ATOM's pu: the lanes that performed it (every one, for these types)
        return True

    return run


#: an update whose lanes on one word take more rounds than this declines (the replay does it)
MAX_ROUNDS = 64


def _cas(o, b, c, signed):
    return np.where(o == b, c, o)


def _inc(o, b, c, signed):
    return np.where(o >= b, 0, o + 1).astype(o.dtype)


def _dec(o, b, c, signed):
    return np.where((o == 0) | (o > b), b, o - 1).astype(o.dtype)


def _minmax(pick):
    def f(o, b, c, signed):
        if signed:
            st = np.int64 if o.dtype == _U64 else np.int32
            return pick(o.view(st), b.view(st)).view(o.dtype)
        return pick(o, b)
    return f


#: the order-dependent integer updates ``new = f(old, b, c)`` (the reference: gp._atomic_fn), on arrays
_ROUNDS = {"CAS": _cas, "EXCH": lambda o, b, c, s: b, "AND": lambda o, b, c, s: o & b,
           "OR": lambda o, b, c, s: o | b, "XOR": lambda o, b, c, s: o ^ b, "INC": _inc, "DEC": _dec,
           "MIN": _minmax(np.minimum), "MAX": _minmax(np.maximum)}


def _ranks(idx: np.ndarray) -> np.ndarray:
    """Each lane's rank among the lanes of its word, in the arrays' order."""
    order = np.argsort(idx, kind="stable")
    sk = idx[order]
    start = np.empty(sk.size, bool)
    start[:1] = True
    np.not_equal(sk[1:], sk[:-1], out=start[1:])
    first = np.maximum.accumulate(np.where(start, np.arange(sk.size), 0))
    rank = np.empty(sk.size, np.int64)
    rank[order] = np.arange(sk.size) - first
    return rank


def _rounds(idx: np.ndarray) -> int:
    """Rounds :func:`_update_in_order` takes: the most lanes on one word."""
    return int(np.unique(idx, return_counts=True)[1].max()) if idx.size else 0


def _update_in_order(data: np.ndarray, idx: np.ndarray, b: np.ndarray, c, fn, signed: bool) -> np.ndarray:
    """Apply ``new = fn(old, b, c)`` to the words ``data[idx]`` one lane after another in the arrays'
    order (D13-M-6): round r updates, at once, the r-th lane of every word (distinct words), so each
    lane reads what the lanes before it on its word left, as in the reference's loop; returns the
    value each lane read."""
    rank = _ranks(idx)
    dt = data.dtype
    bb = b.astype(dt)
    cc = None if c is None else c.astype(dt)
    out = np.empty(idx.size, dt)
    for r in range(int(rank.max()) + 1 if idx.size else 0):
        sel = np.flatnonzero(rank == r)
        w = idx[sel]
        o = data[w]
        out[sel] = o
        data[w] = fn(o, bb[sel], None if cc is None else cc[sel], signed)
    return out


def _add_in_order(data: np.ndarray, idx: np.ndarray, b: np.ndarray, wide: bool) -> np.ndarray:
    """Add the operands *b* to the words ``data[idx]`` one after another in the arrays' order;
    return the value each addition read (wrapping at the word's width)."""
    order = np.argsort(idx, kind="stable")
    sk, sv = idx[order], b[order]
    incl = np.cumsum(sv, dtype=_U64)            # wraps modulo 2^64: exact modulo 2^32 too
    excl = incl - sv
    start = np.empty(sk.size, bool)
    start[0] = True
    np.not_equal(sk[1:], sk[:-1], out=start[1:])
    starts = np.flatnonzero(start)
    seg = np.cumsum(start) - 1
    words = sk[starts]
    init = data[words].astype(_U64)
    ends = np.append(starts[1:], sk.size) - 1
    final = init + (incl[ends] - excl[starts])
    read = init[seg] + (excl - excl[starts][seg])
    if not wide:
        final &= _U64(MASK32)
        read &= _U64(MASK32)
    data[words] = final.astype(data.dtype)
    out = np.empty(sk.size, data.dtype)
    out[order] = read.astype(data.dtype)
    return out


def _generic_groups(x, m: np.ndarray, size: int):
    """A generic atomic's lanes by memory: ``[(words, word indices, which of the active lanes)]``
    for the global lanes (all in one buffer) and the shared ones; None when a lane is local or a
    part is not one the plans handle (decision D13-M-3)."""
    a = np.broadcast_to(np.asarray(_gp._global_addrs(x), dtype=_U64), m.shape)[m]
    sh = (a >= _U64(SHARED_WINDOW)) & (a < _U64(SHARED_WINDOW + WINDOW_SIZE))
    lo = (a >= _U64(LOCAL_WINDOW)) & (a < _U64(LOCAL_WINDOW + WINDOW_SIZE))
    if lo.any():
        return None
    out = []
    g = ~sh
    if g.any():
        found = _global_words(x, m, size, a[g])
        if found is None:
            return None
        out.append((found[0], found[1], g))
    if sh.any():
        found = _shared_words(x, m, size, a[sh] - _U64(SHARED_WINDOW), sh)
        if found is None:
            return None
        out.append((found[0], found[1], sh))
    return out


def _shared_words(x, m: np.ndarray, size: int, a: np.ndarray | None = None, sub: np.ndarray | None = None):
    """(the pool's words, each active lane's word index) for a batch's shared-memory atomic,
    or None (a cluster launch, an access misaligned or beyond the CTA's shared memory);
    *a*: the shared addresses of the active lanes (of those *sub* selects; default: every active
    lane's, the instruction's)."""
    sim = x.eng.sim
    if sim.clusters is not None:
        return None
    if a is None:
        a = np.broadcast_to(_gp._shared_addrs(x), m.shape)[m]
    if int(np.bitwise_or.reduce(a)) & (size - 1) or int(a.max()) > sim.shared_size - size:
        return None
    sh = x.smem                 # BatchShared: each CTA's row of the simulator's pool
    base = np.broadcast_to(sh.base, m.shape)[m]
    if sub is not None:
        base = base[sub]
    return sh.flat.view(_U64 if size == 8 else _U32), (base + a.astype(np.int64)) // size


def _global_words(x, m: np.ndarray, size: int, a: np.ndarray | None = None):
    """(a buffer's words, each active lane's word index) when every active lane's address lies
    in one global segment, aligned; else None (*a*: as :func:`_shared_words`)."""
    if a is None:
        a = np.broadcast_to(np.asarray(_gp._global_addrs(x), dtype=_U64), m.shape)[m]
    mem = x.gmem
    i = bisect.bisect(mem._bases, int(a[0])) - 1
    if i < 0:
        return None
    seg = mem.segments[i]
    if seg.base % 16:
        return None
    off = a - _U64(seg.base)                    # below the base: wraps to a huge offset
    if int(np.bitwise_or.reduce(off)) & (size - 1) or int(off.max()) > seg.data.size - size:
        return None
    return seg.view(size), (off // _U64(size)).astype(np.int64)


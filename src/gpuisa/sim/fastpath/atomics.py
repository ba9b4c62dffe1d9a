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
The order-dependent updates (CAS, EXCH, MIN/MAX, INC/DEC, AND/OR/XOR) and the float additions are
folded in the same order (:func:`fold_plan`, decision D13-S-1): along each word by the operation's
``accumulate`` or a closed form, else rank by rank across the words.  Generic ATOM splits its lanes
into global and shared ones, each folded in its lanes' order (D13-M-3, D13-M-6).

:func:`batch_plan` returns ``f(x) -> bool`` for a :class:`~gpuisa.sim.context.BatchExec`; ``f``
returns False, having changed nothing, when the batch is not one it handles (a cluster launch's
distributed shared memory, a recorded step, an access outside one buffer, misaligned or out of
bounds): the engine then replays the warps one at a time, which also reports a fault at the warp
that has it."""
from __future__ import annotations

import bisect
from typing import Any, Callable

import numpy as np

from ..semantics import gp as _gp
from ..state import LOCAL_WINDOW, MASK32, RZ, SHARED_WINDOW, WINDOW_SIZE, Memory, array2mask, mask2array

_U32, _U64 = np.uint32, np.uint64


def batch_plan(x) -> Callable | None:
    """The batch-width plan of the atomic *x* (a BatchExec), or None for a form it does not handle."""
    opt = x.optype
    if opt not in ("ATOMS", "ATOMG", "RED", "REDG", "ATOM"):   # REDG: RED as nvdisasm names it for sm_90+
        return None
    op, typ = x.mod("op"), x.mod("type") or "U32"
    popc = op == "INC" and x.mod("popc") == "POPC"
    if not popc and not (op == "ADD" and typ in ("U32", "S32", "64")):
        return fold_plan(x)     # the order-dependent ones, and float additions (D13-S-1)
    if x.has("rc") or (opt == "ATOMS" and x.mod("scale") not in (None, "X1", "X4", "X8", "X16")):
        return None
    wide = typ in ("64", "S64") and not popc
    size = 8 if wide else 4
    returns = opt in ("ATOMS", "ATOMG", "ATOM") and x.has("rd") and x.reg_index("rd") < RZ
    shared = opt == "ATOMS"
    generic = opt == "ATOM"     # a generic address: every lane global, or every lane shared (D13-M-3)

    def run(x) -> bool:
        m, groups = _active_words(x, size, shared, generic)
        if groups is None:
            return m is not None and not m.any()    # no active lane: done; else the replay's
        count = int(m.sum())
        if popc:
            b = np.ones(count, _U64)
        elif wide:
            b = np.broadcast_to(np.asarray(x.src("rb", 64, raw=True), dtype=_U64), m.shape)[m]
        else:
            b = np.broadcast_to(np.asarray(_gp._raw(x, "rb"), dtype=_U32), m.shape)[m].astype(_U64)
        old = np.empty(count, _U64 if wide else _U32)
        for data, idx, sub in groups:       # disjoint memories: each in its lanes' order
            old = _put(old, sub, _add_in_order(data, idx, b if sub is None else b[sub], wide))
        if returns:
            ret = np.zeros(m.shape, _U64 if wide else _U32)
            ret[m] = old
            x.write("rd", ret, width=64 if wide else 32)
        if generic:
            x.write("pu", x.pmask)      # ATOM's pu: the lanes that performed it (every one, for these types)
        return True

    return run


def _active_words(x, size: int, shared: bool, generic: bool):
    """``(active lanes, [(words, word indices, which of the active lanes or None)])`` of a batch's
    atomic; the groups None when the plan does not take it (a recorded step: the reference logs
    every lane's store, ``m`` then None; a place :func:`_generic_groups` / :func:`_shared_words` /
    :func:`_global_words` decline) or when no lane is active."""
    if Memory.log is not None:
        return None, None
    m = mask2array(x.pmask)
    if not m.any():
        return m, None
    if generic:
        return m, _generic_groups(x, m, size)
    found = _shared_words(x, m, size) if shared else _global_words(x, m, size)
    return m, None if found is None else [(found[0], found[1], None)]


def runs(sk: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(starts, seg)`` of the runs of equal values in the sorted array *sk*: where each run
    begins, and each element's run number (its rank within the run: ``arange - starts[seg]``)."""
    start = np.empty(sk.size, bool)
    if sk.size:
        start[0] = True
        np.not_equal(sk[1:], sk[:-1], out=start[1:])
    return np.flatnonzero(start), np.cumsum(start) - 1


def _put(whole: np.ndarray, sub: np.ndarray | None, part: np.ndarray) -> np.ndarray:
    """*whole* with a memory part's per-lane values *part* at the active lanes *sub* selects (None:
    the part is every active lane, and *part* is the whole)."""
    if sub is None:
        return part
    whole[sub] = part
    return whole


def _deepest(idx: np.ndarray) -> int:
    """The most lanes on one word (the steps a fold of them takes lane by lane)."""
    return int(np.unique(idx, return_counts=True)[1].max()) if idx.size else 0


def _add_in_order(data: np.ndarray, idx: np.ndarray, b: np.ndarray, wide: bool) -> np.ndarray:
    """Add the operands *b* to the words ``data[idx]`` one after another in the arrays' order;
    return the value each addition read (wrapping at the word's width)."""
    order = np.argsort(idx, kind="stable")
    sk, sv = idx[order], b[order]
    incl = np.cumsum(sv, dtype=_U64)            # wraps modulo 2^64: exact modulo 2^32 too
    excl = incl - sv
    starts, seg = runs(sk)
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



# -- the other atomics: a segmented fold in the replay's order (decision D13-S-1) ----------------
#: the replay's cost in segment steps a fold may spend per warp of the batch before it declines
#: (a contended CAS/INC on one word folds lane by lane: the replay is not slower there)
FOLD_PER_WARP = 4
_F64_NAN = 0x7FFFFFFFFFFFFFFF
#: the stores a word's CAS lanes may make per unit of budget before the search declines (D15-S-2)
CAS_STORES = 8


def _signed(v: np.ndarray) -> np.ndarray:
    return v.view(np.int64 if v.dtype == _U64 else np.int32)


def _fadd(ftz: bool, wide: bool):
    """binary32 (binary64) addition on bit patterns, NaN canonical, as ``gp._fadd32`` / ``_fadd64``;
    *ftz*: denormal operands and result flushed to the zero of their sign (``gp._ftz32``)."""
    def flush(v):
        return np.where((v & _U32(0x7F800000)) == 0, v & _U32(_gp.SIGN), v)

    def add(o, b, c):
        if ftz:
            o, b = flush(o), flush(b)
        with np.errstate(all="ignore"):
            if wide:
                r = o.view(np.float64) + b.view(np.float64)
                bits = r.view(_U64).copy()
                bits[np.isnan(r)] = _F64_NAN
                return bits
            r = _gp._out_bits(o.view(np.float32) + b.view(np.float32))
        return flush(r) if ftz else r
    return add


def _fold_fns(op: str, typ: str, x):
    """(``f(old, b, c) -> new`` on arrays, a ufunc whose ``accumulate`` is the same fold along one
    word's lanes or None, whether that ufunc works on the signed view, the bits of a NaN result or
    None) for the atomics :func:`_add_in_order` does not take; None for a form the plan leaves to
    the replay (the reference's own checks and faults)."""
    wide = typ in _gp._WIDE_ATOM
    if typ in ("F32", "F64") and op == "ADD":
        ftz = x.mod("ftz") == "FTZ"
        acc = "ftz" if ftz else np.add     # .FTZ: np.add's accumulate while no partial sum is denormal
        return _fadd(ftz, typ == "F64"), acc, False, (_F64_NAN if typ == "F64" else _gp.CANONICAL_NAN)
    if op in ("MIN", "MAX") and typ in ("U32", "S32", "64", "S64"):
        signed = typ in ("S32", "S64")
        uf = np.minimum if op == "MIN" else np.maximum

        def mm(o, b, c):
            return uf(_signed(o), _signed(b)).view(o.dtype) if signed else uf(o, b)
        return mm, uf, signed, None
    if typ not in ("U32", "64"):
        return None
    one = _U64(1) if wide else _U32(1)
    if op in ("AND", "OR", "XOR"):
        uf2: Any = {"AND": np.bitwise_and, "OR": np.bitwise_or, "XOR": np.bitwise_xor}[op]
        return (lambda o, b, c: uf2(o, b)), uf2, False, None
    if op == "EXCH":
        return (lambda o, b, c: b), "exch", False, None
    if op in ("CAS", "CAST"):
        return (lambda o, b, c: np.where(o == b, c, o)), "cas", False, None
    if op == "INC" and x.mod("popc") != "POPC":
        return (lambda o, b, c: np.where(o >= b, o ^ o, o + one)), None if wide else "inc", False, None
    if op == "DEC":
        return (lambda o, b, c: np.where((o == 0) | (o > b), b, o - one)), None if wide else "dec", False, None
    return None


def fold_plan(x) -> Callable | None:
    """The batch-width plan of an ATOMS/ATOMG/RED/REDG/ATOM that is not an integer addition: MIN/MAX
    (signed and unsigned, 32/64), AND/OR/XOR, EXCH, CAS and ATOMS.CAST, INC/DEC and the float
    additions (F32 with or without .FTZ, F64).  The replay performs the batch's warps in order and
    each warp's lanes lowest first, each on the memory the previous ones left: here the active
    lanes are grouped by word (a stable sort keeps that order within a word) and folded --
    by the operation's ``accumulate`` along a word when there are fewer words than lanes on the
    busiest one, else rank by rank across all words at once.  Bit for bit the replay's values,
    registers and memory (tests/cuda/test_scale13.py); None for the forms it does not take."""
    opt = x.optype
    if opt not in ("ATOMS", "ATOMG", "RED", "REDG", "ATOM"):
        return None
    op, typ = x.mod("op"), x.mod("type") or "U32"
    if opt == "ATOMS" and x.mod("scale") not in (None, "X1", "X4", "X8", "X16"):
        return None
    fns = _fold_fns(op, typ, x)
    if fns is None:
        return None
    fn, acc, signed, nan = fns
    wide = typ in _gp._WIDE_ATOM
    size = 8 if wide else 4
    dt = _U64 if wide else _U32
    returns = opt in ("ATOMS", "ATOMG", "ATOM") and x.has("rd") and x.reg_index("rd") < RZ
    cast = op == "CAST"
    stored = cast and opt in ("ATOMS", "ATOMG") and x.has("pu")     # ATOMS.CAST.SPIN P1, [R0], R8, R9
    shared = opt == "ATOMS"
    generic = opt == "ATOM"     # lanes in global and shared memory, each part in its lanes' order (D13-M-3)
    holds = acc == "cas" and returns and not cast   # a CAS loop's outcome for the engine (D19-1)

    def operand(x, name, m):
        if not x.has(name):
            return None
        if wide:
            return np.broadcast_to(np.asarray(x.src(name, 64, raw=True), dtype=_U64), m.shape)[m]
        return np.broadcast_to(np.asarray(_gp._raw(x, name), dtype=_U32), m.shape)[m]

    solo = holds and not shared and not generic

    def run(x) -> bool:
        if solo and x.n == 1 and Memory.log is None and _cas_one_warp(x, size, operand):
            return True
        m, groups = _active_words(x, size, shared, generic)
        if groups is None:
            return m is not None and not m.any()    # no active lane: done; else the replay's
        count = int(m.sum())
        b = operand(x, "rb", m)
        b = np.zeros(count, dt) if b is None else b.astype(dt, copy=False)
        c = operand(x, "rc", m)
        c = b if c is None else c.astype(dt, copy=False)
        budget = FOLD_PER_WARP * m.shape[0]
        if len(groups) > 1 and any(_deepest(idx) > budget for _, idx, _ in groups):
            return False        # a part that declines after another stored would leave a half-done batch
        old = np.empty(count, dt)
        keys = np.empty(count, np.int64) if holds else None     # each lane's word (the hold policy, D19-1)
        for data, idx, sub in groups:
            got = _fold_in_order(data, idx, b if sub is None else b[sub], c if sub is None else c[sub], fn, acc,
                                 signed, nan, budget)
            if got is None:     # the only part (a generic batch's parts were checked above): nothing changed
                return False
            old = _put(old, sub, got)
            if keys is not None:        # the word's address in the model's process: unique across memories
                keys = _put(keys, sub, idx * size + data.ctypes.data)
        if returns:
            ret = np.zeros(m.shape, dt)
            ret[m] = (old == b).astype(dt) if cast else old
            x.write("rd", ret, width=64 if wide else 32)
        if keys is not None:
            x.eng.cas_seen = _cas_rows(m, old == b, keys)
        if stored:                  # the lanes that stored
            hit = np.zeros(m.shape, bool)
            hit[m] = old == b
            x.write("pu", array2mask(hit))
        if generic:
            x.write("pu", x.pmask)      # ATOM's pu: the lanes that performed it (every one, for these types)
        return True

    return run


def _cas_one_warp(x, size: int, operand) -> bool:
    """A global CAS that returns the old word, issued by a batch of one warp whose active lanes all
    name one word (decision D23-3: a contended CAS loop's holder runs alone, D19-1): the lanes in
    order, lowest first, in Python integers -- the fold's values without its grouping passes
    (*operand*: the plan's reader of a source's active lanes).  False, nothing done, for any other
    batch (no active lane, several words, an address outside one global buffer or misaligned): the
    general fold or the replay takes it."""
    m = mask2array(x.pmask)
    if not m.any():
        return False
    found = _global_words(x, m, size)
    if found is None:
        return False
    data, idx = found
    w = int(idx[0])
    if (idx != w).any():
        return False
    b = operand(x, "rb", m)
    b = [0] * idx.size if b is None else b.tolist()
    c = operand(x, "rc", m)
    c = b if c is None else c.tolist()
    cur = int(data[w])
    old = []
    won = False
    for bv, cv in zip(b, c):
        old.append(cur)
        if cur == bv:
            cur = cv
            won = True
    data[w] = cur
    ret = np.zeros(m.shape, data.dtype)
    ret[m] = old
    x.write("rd", ret, width=8 * size)
    x.eng.cas_seen = (np.array([won]), np.array([w * size + data.ctypes.data], np.int64))
    return True


def _fold_in_order(data, idx, b, c, fn, acc, signed: bool, nan, budget: int):
    """Fold the operands into the words ``data[idx]`` one after another in the arrays' order
    (``new = fn(old, b, c)``); the value each lane read, or None (nothing changed) when the
    fold would take more than *budget* steps."""
    order = np.argsort(idx, kind="stable")
    sk, sb, sc = idx[order], b[order], c[order]
    L = sk.size
    starts, seg = runs(sk)
    rank = np.arange(L) - starts[seg]
    nseg, deepest = starts.size, int(rank.max()) + 1
    words = sk[starts]
    cur = data[words].astype(sb.dtype)
    read = np.empty(L, sb.dtype)
    done = acc is not None and nseg < deepest and nseg <= budget and \
        _along(cur, read, starts, sb, sc, acc, signed, nan, CAS_STORES * budget)
    if not done:
        if deepest > budget:
            return None
        cur = data[words].astype(sb.dtype)
        _by_rank(cur, read, seg, rank, sb, sc, fn)
    data[words] = cur.astype(data.dtype, copy=False)   # nothing is written before here: a decline changes nothing
    out = np.empty(L, sb.dtype)
    out[order] = read
    return out


def _closed(kind: str, seq: np.ndarray):
    """The values of one word along a run of INC / DEC lanes whose operands are all equal (a ticket
    by ``atomicInc(p, n)``; CAS: :func:`_cas_chain`): *seq* is the word's value then the operands b;
    the values read and, last, the final value, as the lane-by-lane fold gives them; None when the
    operands differ."""
    b = seq[1:]
    if (b != b[0]).any():
        return None
    k = b.size
    init, bv = int(seq[0]), int(b[0])
    first = (0 if init >= bv else init + 1) if kind == "inc" else (bv if init == 0 or init > bv else init - 1)
    steps = np.arange(k, dtype=np.int64)           # from the second read on: first, first +- 1, ... mod b + 1
    vals = (first + steps) % (bv + 1) if kind == "inc" else (first - steps) % (bv + 1)
    return np.concatenate(([init], vals)).astype(seq.dtype)


def _cas_chain(seq: np.ndarray, c: np.ndarray, limit: int):
    """The values of one word along a run of CAS lanes (decision D15-S-2): *seq* is the word's value
    then the compare operands b, *c* the swap operands; the values read and, last, the final value,
    as the lane-by-lane fold gives them.  A lane stores iff the word equals its b, so the word only
    changes at the next lane whose b equals it: found by a search, one per store.  Contended CAS
    loops (a Treiber stack's push, every lane's ``atomicCAS(head, seen, mine)``) store once or
    twice per warp whatever the operands; None past *limit* stores (a search per lane costs more
    than the replay)."""
    b = seq[1:]
    k = b.size
    out = np.empty(k + 1, seq.dtype)
    cur = seq[0]
    pos = 0
    for _ in range(limit + 1):      # a search per store, and the last that finds none
        hit = np.flatnonzero(b[pos:] == cur)
        if not hit.size:
            out[pos:k] = cur
            break
        h = pos + int(hit[0])
        out[pos:h + 1] = cur
        cur = c[h]
        pos = h + 1
        if pos == k:
            break
    else:
        return None
    out[k] = cur
    return out


def _along(cur, read, starts, sb, sc, acc, signed: bool, nan, stores: int) -> bool:
    """The fold word by word, each by the operation's ``accumulate`` (or closed form); False when
    a word's operands have no closed form or its CAS lanes store more than *stores* times (``cur``
    and ``read`` are then to be recomputed)."""
    ends = np.append(starts[1:], sb.size)
    for s, (a, e) in enumerate(zip(starts.tolist(), ends.tolist())):
        seq = np.concatenate((cur[s:s + 1], sb[a:e]))
        if acc == "exch":
            r = seq
        elif acc == "cas":
            r = _cas_chain(seq, sc[a:e], stores)
        elif acc == "ftz":
            r = _ftz_chain(seq)
            if r is None:       # a denormal partial sum: flushed, it changes the sums after it
                return False
        elif isinstance(acc, str):
            r = _closed(acc, seq)
            if r is None:       # operands that differ along the word: no closed form
                return False
        elif signed:
            r = acc.accumulate(_signed(seq)).view(seq.dtype)
        elif nan is not None:       # floats: every stored sum canonical, the first read raw
            f = seq.view(np.float64 if seq.dtype == _U64 else np.float32)
            with np.errstate(all="ignore"):
                total = acc.accumulate(f)
            r = total.view(seq.dtype).copy()
            r[np.isnan(total)] = nan
            r[0] = seq[0]
        else:
            r = acc.accumulate(seq)
        read[a:e] = r[:-1]
        cur[s] = r[-1]
    return True


def _ftz_chain(seq: np.ndarray):
    """The values of one float32 word along a run of ``.FTZ`` additions (decision D18-1): *seq* is
    the word's value then the operands; the values read and, last, the final value, as the lane-by-
    lane fold (``gp._atomic_fn``: flush the word and the operand, add, flush the sum) gives them.
    With the word and the operands flushed first, np.add's accumulate (sequential, float32) is that
    fold as long as no partial sum is denormal -- then None (its flush would change the rest)."""
    flushed = np.where((seq & _U32(0x7F800000)) == 0, seq & _U32(_gp.SIGN), seq)
    with np.errstate(all="ignore"):
        total = np.add.accumulate(flushed.view(np.float32))
    sums = total[1:]
    if ((np.abs(sums) < np.float32(1.1754944e-38)) & (sums != 0)).any():
        return None
    r = total.view(_U32).copy()
    r[np.isnan(total)] = _gp.CANONICAL_NAN
    r[0] = seq[0]       # the first lane reads the word as it is
    return r


def _by_rank(cur, read, seg, rank, sb, sc, fn) -> None:
    """The fold across all words at once: the first lane of every word, then the second, ..."""
    by = np.argsort(rank, kind="stable")
    bounds = np.append(0, np.cumsum(np.bincount(rank)))
    for r0, r1 in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        pos = by[r0:r1]
        s = seg[pos]
        old = cur[s]
        read[pos] = old
        cur[s] = fn(old, sb[pos], sc[pos])



# -- contended CAS loops: what the engine's hold policy needs (sim/contention.py, decision D19-1) --------
def _cas_rows(m: np.ndarray, stored: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per warp of a CAS batch: whether a lane of it stored, and the one word (a key: the word's
    address in the model's process) all its active lanes used, or -1.  *stored*, *keys*: per
    active lane, in ``m``'s row-major order."""
    n = m.shape[0]
    rows = np.flatnonzero(m) // m.shape[1]
    won = np.zeros(n, bool)
    won[rows[stored]] = True
    word = np.full(n, -1, np.int64)
    starts = runs(rows)[0]
    lo = np.minimum.reduceat(keys, starts)
    hi = np.maximum.reduceat(keys, starts)
    word[rows[starts]] = np.where(lo == hi, lo, -1)
    return won, word

"""The batched engine's 32-bit forms of IMAD.WIDE and of global LDG/STG (speed code of
``sim/fastpath/gp_plans.py``) against numpy and against the one-warp reference engine.

* IMAD.WIDE without a carry into the high word is computed in 32-bit arithmetic: the cases
  straddle the bound (largest a * b + lo(C) just below and at 2^32), negative operands of the
  signed form, and destinations that overlap the C pair.
* LDG/STG of a batch in one segment take a 32-bit path, a slice for a coalesced access: the
  cases are coalesced, permuted, broadcast and colliding addresses, negative offsets, and
  the faults (out of bounds, misaligned) that must leave the fast path to the semantics.

Expected values come from numpy on the inputs, never from the simulator."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuisa.sim import Simulator

NWARPS = 8
BLOCK = 64
M32 = (1 << 32) - 1


def _spy_per_warp(monkeypatch) -> list:
    """The addresses the batched engine runs one warp at a time, as they happen."""
    from gpuisa.sim.engine_batched import BatchedEngine
    seen: list = []
    orig = BatchedEngine._per_warp
    monkeypatch.setattr(BatchedEngine, "_per_warp", lambda self, pc, idx: (seen.append(pc), orig(self, pc, idx)))
    return seen


def _assert_reg(res: dict, reg: int, want) -> None:
    """Every run of *res* ended ok with register *reg* of each warp ``w`` equal to ``want(w)``."""
    for e, r in res.items():
        assert r.status == "ok", (e, r.status, r.fault)
        for w in r.warps:
            np.testing.assert_array_equal(w.regs[reg], want(w), err_msg=f"{e}: cta {w.cta} warp {w.warp}")


def _both_engines(isa, src: str, **kw) -> dict:
    prog = isa.assemble(src)
    return {e: Simulator(isa, prog, engine=e, **kw).run() for e in ("batched", "reference")}


def _run(isa, src: str, engine: str, init: dict, **kw):
    prog = isa.assemble(src)
    sim = Simulator(isa, prog, grid=NWARPS * 32 // BLOCK, block=BLOCK, init=init, engine=engine, **kw)
    return sim, sim.run()


def _lanes(res, reg: int) -> np.ndarray:
    """Register *reg* of every warp, (warps, 32) uint64."""
    return np.array([w.regs[reg] for w in res.warps], np.uint64)


def _init_from(arrays: dict) -> dict:
    """``{"R0": (warps, 32) array}`` as init callables (lane, warp, cta, tid)."""
    wpc = BLOCK // 32
    return {r: (lambda lane, warp, cta, tid, a=a: int(a[cta * wpc + warp, lane])) for r, a in arrays.items()}


def _wide_expected(a, b, c, signed: bool) -> np.ndarray:
    a = a.astype(np.uint64)
    b = b.astype(np.uint64)
    if signed:  # int32 operands, their int64 product's bits
        p = (a.astype(np.uint32).view(np.int32).astype(np.int64) * b.astype(np.uint32).view(np.int32).astype(np.int64))
        p = p.view(np.uint64)
    else:
        p = a * b
    return p + c.astype(np.uint64)


def _case_values(rng, kind: str):
    shape = (NWARPS, 32)
    if kind == "small":
        a = rng.integers(0, 1 << 20, shape)
        b = rng.integers(0, 1 << 8, shape)
        c = rng.integers(0, 1 << 40, shape)
    elif kind == "at-bound":     # max(a) * max(b) + max(lo C) == 2^32 - 1: still narrow
        a = rng.integers(0, 0xFFFF, shape)
        a[0, 0] = 0xFFFF
        b = np.full(shape, 0x10001)
        c = rng.integers(0, 1 << 20, shape) << 32     # lo(C) = 0: 0xFFFF * 0x10001 = 2^32 - 1
    elif kind == "past-bound":   # max(a) * max(b) + max(lo C) == 2^32: one lane carries
        a = rng.integers(0, 0xFFFF, shape)
        a[5, 7] = 0xFFFF
        b = np.full(shape, 0x10001)
        c = rng.integers(0, 1 << 8, shape) << 32
        c[5, 7] = (7 << 32) | 1
    elif kind == "negative":
        a = rng.integers(-(1 << 31), 1 << 31, shape) & M32
        b = rng.integers(-(1 << 31), 1 << 31, shape) & M32
        c = rng.integers(0, 1 << 63, shape, dtype=np.uint64)
    else:
        raise AssertionError(kind)
    return a.astype(np.uint64), b.astype(np.uint64), c.astype(np.uint64)


@pytest.mark.parametrize("kind", ["small", "at-bound", "past-bound", "negative"])
@pytest.mark.parametrize("signed", [False, True], ids=["U32", "S32"])
@pytest.mark.parametrize("dest", ["R8", "R4", "R0", "R2"])
def test_imad_wide_register_forms(isa, kind, signed, dest):
    """``IMAD.WIDE(.U32) Rd, R0, R2, R4`` (C = R4:R5): Rd separate from C, equal to C, to a
    (R0:R1) and to b (R2:R3).  (Pairs are even-aligned: no partial overlap.)"""
    rng = np.random.default_rng(hash((kind, signed, dest)) & 0xFFFF)
    a, b, c = _case_values(rng, kind)
    d = int(dest[1:])
    fmt = "" if signed else ".U32"
    src = f"IMAD.WIDE{fmt} R[{d}:{d + 1}], R0, R2, R[4:5] ;\nEXIT ;"
    init = _init_from({"R0": a, "R2": b, "R4": c & M32, "R5": c >> np.uint64(32)})
    want = _wide_expected(a, b, c, signed)
    for engine in ("batched", "reference"):
        _, res = _run(isa, src, engine, init)
        assert res.status == "ok"
        got = _lanes(res, d) | (_lanes(res, d + 1) << np.uint64(32))
        np.testing.assert_array_equal(got, want, err_msg=engine)


# (IMAD.WIDE has no form with an immediate b and an immediate or constant C)
B_C_FORMS = [("imm", "RZ"), ("reg", "imm"), ("reg", "const"), ("reg", "RZ")]


@pytest.mark.parametrize("kind", ["small", "at-bound", "past-bound", "negative"])
@pytest.mark.parametrize("signed", [False, True], ids=["U32", "S32"])
@pytest.mark.parametrize("b_form,c_form", B_C_FORMS)
def test_imad_wide_uniform_c(isa, kind, signed, b_form, c_form):
    """b an immediate or a register; C an immediate, a constant-bank pair or RZ."""
    rng = np.random.default_rng(hash((kind, signed, b_form, c_form)) & 0xFFFF)
    a, b, _ = _case_values(rng, kind)
    bk = int(b[0, 0])
    if b_form == "imm":
        b = np.full(b.shape, bk, np.uint64)
    cval = {"imm": 0x7FFF_FFF0 if kind != "negative" else 0x12345, "const": 0x0000_0003_FFFF_0000, "RZ": 0}[c_form]
    if c_form == "imm" and not signed:
        cval &= M32
    c = np.full(a.shape, cval, np.uint64)
    fmt = "" if signed else ".U32"
    bop = f"0x{bk:x}" if b_form == "imm" else "R2"
    cop = {"imm": f"0x{cval:x}", "const": "c[0x0][0x0]", "RZ": "RZ"}[c_form]
    src = f"IMAD.WIDE{fmt} R[8:9], R0, {bop}, {cop} ;\nEXIT ;"
    init = _init_from({"R0": a, "R2": b})
    const = {0: np.array([cval & M32, cval >> 32], np.uint32).tobytes()}
    want = _wide_expected(a, b, c, signed)
    for engine in ("batched", "reference"):
        _, res = _run(isa, src, engine, init, const=const)
        assert res.status == "ok"
        got = _lanes(res, 8) | (_lanes(res, 9) << np.uint64(32))
        np.testing.assert_array_equal(got, want, err_msg=f"{engine}: {src}")


# -- LDG / STG -------------------------------------------------------------------------------
N = NWARPS * 32
COPY = """
    MOV R7, 0x4 ;
    IMAD.WIDE.U32 R[2:3], R0, R7, c[0x0][0x0] ;
    LDG.E R6, [R2.64{off}] ;
    IMAD.WIDE.U32 R[4:5], R1, R7, c[0x0][0x8] ;
    STG.E [R4.64{soff}], R6 ;
    EXIT ;
"""


def _offset(o: int) -> str:
    return "" if o == 0 else (f"+0x{o:x}" if o > 0 else f"-0x{-o:x}")


def _copy(isa, engine, src_idx, dst_idx, off: int = 0, soff: int = 0, src_words: int = N, dst_words: int = N):
    """out[dst_idx + soff/4] = in[src_idx + off/4] through one LDG and one STG per thread."""
    data = np.arange(src_words, dtype=np.uint32) * np.uint32(2654435761) + np.uint32(7)
    out = np.zeros(dst_words, np.uint32)
    src = COPY.format(off=_offset(off), soff=_offset(soff))
    sim, res = _run(isa, src, engine, _init_from({"R0": src_idx, "R1": dst_idx}),
                    buffers={"in": data, "out": out}, params=["in", "out"])
    return res, data, out


def _expected(data, src_idx, dst_idx, off, soff, dst_words):
    want = np.zeros(dst_words, np.uint32)
    s = src_idx.reshape(-1).astype(np.int64) + off // 4
    d = dst_idx.reshape(-1).astype(np.int64) + soff // 4
    want[d] = data[s]       # numpy: the last of colliding writes wins (warp, then lane order)
    return want


PATTERNS = {
    "coalesced": lambda rng: np.arange(N).reshape(NWARPS, 32),
    "permuted": lambda rng: rng.permutation(N).reshape(NWARPS, 32),
    "reversed-warps": lambda rng: np.arange(N).reshape(NWARPS, 32)[::-1].copy(),
    "broadcast": lambda rng: np.full((NWARPS, 32), 17),
    "strided": lambda rng: (np.arange(N) * 3 % N).reshape(NWARPS, 32),
    # nearly coalesced (first word first, the same span): two later warps swapped, two lanes swapped
    "warps-swapped": lambda rng: np.arange(N).reshape(NWARPS, 32)[[0, 1, 3, 2, 4, 5, 6, 7]].copy(),
    "lanes-swapped": lambda rng: _swap_lanes(np.arange(N).reshape(NWARPS, 32)),
}


def _swap_lanes(a: np.ndarray) -> np.ndarray:
    a = a.copy()
    a[4, [9, 10]] = a[4, [10, 9]]
    return a


@pytest.mark.parametrize("load", sorted(PATTERNS))
@pytest.mark.parametrize("store", ["coalesced", "permuted", "reversed-warps", "warps-swapped", "lanes-swapped"])
def test_ldg_stg_patterns(isa, load, store):
    rng = np.random.default_rng(len(load) * 31 + len(store))
    si, di = PATTERNS[load](rng), PATTERNS[store](rng)
    for engine in ("batched", "reference"):
        res, data, out = _copy(isa, engine, si, di)
        assert res.status == "ok", res.message
        np.testing.assert_array_equal(out, _expected(data, si, di, 0, 0, N), err_msg=engine)


def test_store_collisions_last_warp_and_lane_win(isa):
    """Every thread stores to one of four words: the highest (warp, lane) of each wins, in
    both engines (lanes in order within a warp, warps in order within a batch)."""
    si = np.arange(N).reshape(NWARPS, 32)
    di = (np.arange(N) % 4).reshape(NWARPS, 32)
    for engine in ("batched", "reference"):
        res, data, out = _copy(isa, engine, si, di)
        assert res.status == "ok"
        np.testing.assert_array_equal(out, _expected(data, si, di, 0, 0, N), err_msg=engine)


@pytest.mark.parametrize("off,soff", [(-0x10, 0), (0x20, -0x8), (-0x400, 0x400)])
def test_negative_and_positive_offsets(isa, off, soff):
    base = np.arange(N).reshape(NWARPS, 32) + 0x100
    words = N + 0x200
    for engine in ("batched", "reference"):
        res, data, out = _copy(isa, engine, base, base, off, soff, src_words=words, dst_words=words)
        assert res.status == "ok", res.message
        np.testing.assert_array_equal(out, _expected(data, base, base, off, soff, words), err_msg=engine)


@pytest.mark.parametrize("where", ["past-end", "before-start", "one-lane-past-end"])
def test_out_of_bounds_faults_in_both_engines(isa, where):
    idx = np.arange(N).reshape(NWARPS, 32).copy()
    off = 0
    if where == "past-end":
        idx += 1
    elif where == "before-start":
        off = -4
    else:
        idx[NWARPS - 1, 31] = N
    statuses = set()
    for engine in ("batched", "reference"):
        res, _, _ = _copy(isa, engine, idx, np.arange(N).reshape(NWARPS, 32), off)
        statuses.add(res.status)
    assert statuses == {"memory"}


def test_misaligned_address_faults_in_both_engines(isa):
    idx = np.arange(N).reshape(NWARPS, 32)
    statuses = set()
    for engine in ("batched", "reference"):
        res, _, _ = _copy(isa, engine, idx, idx, 2)
        statuses.add(res.status)
    assert statuses == {"misaligned"}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.integers(0, N - 1), min_size=N, max_size=N), st.lists(st.integers(0, N - 1), min_size=N, max_size=N))
def test_ldg_stg_random_indices(isa, src, dst):
    si = np.array(src).reshape(NWARPS, 32)
    di = np.array(dst).reshape(NWARPS, 32)
    res, data, out = _copy(isa, "batched", si, di)
    assert res.status == "ok"
    np.testing.assert_array_equal(out, _expected(data, si, di, 0, 0, N))


# -- S2R ---------------------------------------------------------------------------------------
SREGS = ["SR_LANEID", "SR_WARPID", "SR_CTAID.X", "SR_CTAID.Y", "SR_CTAID.Z", "SR_TID.X", "SR_TID.Y", "SR_TID.Z"]


@pytest.mark.parametrize("grid,block", [((3, 2, 2), (8, 4, 2)), ((2, 5, 1), (32, 3, 1)), (7, 64), ((1, 1, 3), (4, 4, 8))])
def test_s2r_identity_registers(isa, grid, block):
    """Every identity register of every thread, from numpy's numbering of the launch: CTAs
    and threads x fastest, warps of 32 consecutive threads of a CTA."""
    src = "".join(f"S2R R{i}, {name} ;\n" for i, name in enumerate(SREGS)) + "EXIT ;"
    g = grid if isinstance(grid, tuple) else (grid, 1, 1)
    b = block if isinstance(block, tuple) else (block, 1, 1)
    nthreads = b[0] * b[1] * b[2]
    wpc = (nthreads + 31) // 32
    for engine in ("batched", "reference"):
        prog = isa.assemble(src)
        res = Simulator(isa, prog, grid=grid, block=block, engine=engine).run()
        assert res.status == "ok"
        for w in res.warps:
            lin_cta = w.cta
            ctaid = (lin_cta % g[0], lin_cta // g[0] % g[1], lin_cta // (g[0] * g[1]))
            lanes = np.arange(32)
            tid = w.warp * 32 + lanes
            live = tid < nthreads
            want = [lanes, np.full(32, w.warp), np.full(32, ctaid[0]), np.full(32, ctaid[1]), np.full(32, ctaid[2]),
                    tid % b[0], tid // b[0] % b[1], tid // (b[0] * b[1])]
            for i, name in enumerate(SREGS):
                np.testing.assert_array_equal(w.regs[i][live], want[i][live], err_msg=f"{engine} {name} {w.cta}/{w.warp}")
        assert len(res.warps) == g[0] * g[1] * g[2] * wpc


# -- BSYNC after an if whose skipping lanes wait at the BSYNC ----------------------------------
IF_THEN = """
    S2R R0, SR_LANEID ;
    S2R R5, SR_WARPID ;
    ISETP.GE.U32.AND P1, PT, R0, R5, PT ;
    BSSY B0, `(NEXT) ;
@P1 BRA `(NEXT) ;
    IADD3 R1, R0, 0x64, RZ ;
NEXT:
    BSYNC B0 ;
    IADD3 R2, R0, 0x1, RZ ;
    EXIT ;
"""


def test_bsync_release_of_lanes_parked_at_it(isa, monkeypatch):
    """Warp w runs the body in lanes < w; the other lanes jump to the BSYNC and are parked
    there, so the body's lanes release the barrier with every lane (decision S21's release):
    in a batch, not one warp at a time, with the reference engine's registers and B0 = 0."""
    per_warp = _spy_per_warp(monkeypatch)
    res = _both_engines(isa, IF_THEN, grid=2, block=256)
    assert not per_warp
    for e, r in res.items():
        assert r.status == "ok"
        for w in r.warps:
            lanes = np.arange(32)
            body = lanes < w.warp
            np.testing.assert_array_equal(w.regs[1][body], lanes[body] + 100, err_msg=e)
            np.testing.assert_array_equal(w.regs[1][~body], 0, err_msg=e)
            np.testing.assert_array_equal(w.regs[2], lanes + 1, err_msg=e)
            assert int(w.B[0]) == 0 and w.state == "exited"
    assert res["batched"].steps == res["reference"].steps


# -- SHFL ----------------------------------------------------------------------------------------
SHFL_PROG = """
    S2R R0, SR_LANEID ;
    S2R R1, SR_WARPID ;
    IMAD R2, R1, 0x64, R0 ;                 // a value per thread: 100 * warp + lane
    IADD3 R3, R0, R1, RZ ;
    LOP3.LUT R3, R3, 0x1f, RZ, 0xc0, !PT ;  // source lane (lane + warp) & 31: differs per warp
    SHFL.IDX PT, R4, R2, R3, 0x1f ;
    SHFL.BFLY P1, R5, R2, 0x3, 0x1f ;
    ISETP.LT.U32.AND P2, PT, R0, R1, PT ;   // lanes below the warp number
@P2 SHFL.DOWN P3, R6, R2, 0x2, 0x1f ;       // reads lanes outside the participating ones
    SHFL.IDX P4, R7, R2, R1, 0x1f ;         // a uniform source lane per warp, different per warp
    EXIT ;
"""


@pytest.mark.parametrize("strict", [False, True])
def test_shfl_at_batch_width(isa, strict):
    """SHFL of a batch: one lane map when the warps agree, one per warp otherwise; partial
    participating masks and their ``shfl-inactive`` events (faults with strict); against numpy
    and the reference engine."""
    prog = isa.assemble(SHFL_PROG)
    res = {e: Simulator(isa, prog, grid=2, block=128, engine=e, strict=strict).run() for e in ("batched", "reference")}
    if strict:
        assert res["batched"].status == res["reference"].status == "shfl-inactive"
        return
    lane = np.arange(32)
    for e, r in res.items():
        assert r.status == "ok"
        for w in r.warps:
            v = 100 * w.warp + lane
            np.testing.assert_array_equal(w.regs[4], v[(lane + w.warp) & 31], err_msg=e)
            np.testing.assert_array_equal(w.regs[5], v[lane ^ 3], err_msg=e)
            part = lane < w.warp
            down = np.where(lane + 2 <= 31, lane + 2, lane)
            np.testing.assert_array_equal(w.regs[6][part], v[down][part], err_msg=e)
            np.testing.assert_array_equal(w.regs[7], np.full(32, v[w.warp]), err_msg=e)
    key = sorted((ev["cta"], ev["warp"], ev["message"], ev["count"]) for ev in res["batched"].events)
    assert key == sorted((ev["cta"], ev["warp"], ev["message"], ev["count"]) for ev in res["reference"].events)
    assert {(c, w) for c, w, _, _ in key} == {(c, w) for c in range(2) for w in (1, 2, 3)}   # warp 0: no lane


# -- BRA on a uniform predicate (`BRA.U !UP0`: nvcc's uniform branches) ------------------------------
BRA_UP = """
    S2R R0, SR_LANEID ;
    S2UR UR4, SR_CTAID.X ;
    UISETP.GE.U32.AND UP0, UPT, UR4, 0x1, UPT ;    // CTAs 1 and up take the branch
    MOV R1, 0x1 ;
    BRA.U UP0, `(SKIP) ;
    MOV R1, 0x2 ;
SKIP:
    IADD3 R2, R1, R0, RZ ;
    BRA.U !UP0, `(DONE) ;
    IADD3 R2, R2, 0x64, RZ ;
DONE:
    EXIT ;
"""


def test_uniform_predicate_branch_at_batch_width(isa, monkeypatch):
    per_warp = _spy_per_warp(monkeypatch)
    res = _both_engines(isa, BRA_UP, grid=3, block=64)
    lane = np.arange(32)
    # CTA 0: UP0 false, R1 = 2, then !UP0 skips the +100; CTAs 1, 2: R1 = 1, then + 100
    _assert_reg(res, 2, lambda w: (2 + lane) if w.cta == 0 else (1 + lane + 100))
    assert not per_warp, per_warp


# -- WARPSYNC and YIELD in converged warps -----------------------------------------------------
SYNC_YIELD = """
    S2R R0, SR_LANEID ;
    WARPSYNC 0xffffffff ;
    YIELD ;
    IADD3 R1, R0, 0x1, RZ ;
    ISETP.GE.U32.AND P0, PT, R0, 0x10, PT ;
    BSSY B0, `(JOIN) ;
@P0 BRA `(JOIN) ;
    YIELD ;                                 // diverged: the reference function switches
    IADD3 R1, R1, 0x10, RZ ;
JOIN:
    BSYNC B0 ;
    WARPSYNC 0xffffffff ;
    IADD3 R2, R1, R0, RZ ;
    EXIT ;
"""


def test_warpsync_and_yield_of_converged_warps_at_batch_width(isa, monkeypatch):
    """The converged WARPSYNC/YIELD go through in the batch, and so does the diverged YIELD's
    switch (decision D14-W-5); registers as computed here, in both engines."""
    # (addresses: 0x10 WARPSYNC, 0x20 YIELD, 0x70 the diverged YIELD)
    per_warp = _spy_per_warp(monkeypatch)
    res = _both_engines(isa, SYNC_YIELD, grid=2, block=96)
    lane = np.arange(32)
    _assert_reg(res, 2, lambda w: lane + 1 + np.where(lane < 16, 16, 0) + lane)
    # the converged WARPSYNC and YIELD (0x10, 0x20) and the diverged YIELD (0x70) in the batch
    assert not {0x10, 0x20, 0x70} & set(per_warp), sorted(per_warp)

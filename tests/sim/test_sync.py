"""Warp-synchronous unit: SHFL against two independent oracles, the reference
pages' programs as self-checking runs, VOTE/REDUX/MATCH/ELECT/MOVM."""
import numpy as np
import pytest

from gpuisa.sim import Simulator

import gpuisa

FULL = 0xFFFFFFFF
_GP = all(gpuisa.load_isa().db.by_mnemonic(m) for m in ("FADD", "SEL"))

LANES = range(32)


# -- oracle 1: the PTX shfl formula of the reference page (plain Python, per lane) --------------
def ptx_shfl(mode, a, b, c, active=FULL):
    out, preds = [], []
    for lane in LANES:
        bval = b[lane] & 31
        cval = c[lane] & 31
        mask = (c[lane] >> 8) & 31
        maxLane = (lane & mask) | (cval & ~mask & 31)
        minLane = lane & mask
        if mode == "UP":
            j = lane - bval
            pval = j >= maxLane
        elif mode == "DOWN":
            j = lane + bval
            pval = j <= maxLane
        elif mode == "BFLY":
            j = lane ^ bval
            pval = j <= maxLane
        else:
            j = minLane | (bval & ~mask & 31)
            pval = j <= maxLane
        if not pval:
            j = lane
        out.append(a[j])
        preds.append(pval)
    return out, preds


# -- oracle 2: CUDA __shfl_*_sync(var, x, width) as the programming guide defines it -----------
def cuda_shfl(kind, var, x, width):
    out = []
    for lane in LANES:
        base = lane & ~(width - 1)
        if kind == "idx":
            src = base + (x % width)
        elif kind == "up":
            src = lane - x if (lane % width) >= x else lane
        elif kind == "down":
            src = lane + x if (lane % width) + x < width else lane
        else:  # xor: earlier groups allowed, later groups return own value
            src = lane ^ x
            if src >= base + width:
                src = lane
        out.append(var[src])
    return out


CUDA_MODE = {"idx": "IDX", "up": "UP", "down": "DOWN", "xor": "BFLY"}


def _shfl_run(isa, text, init):
    return Simulator(isa, isa.assemble(text + "\nEXIT ;"), init=init).run()


@pytest.mark.parametrize("mode", ["IDX", "UP", "DOWN", "BFLY"])
def test_shfl_rrr_against_ptx_formula(isa, mode):
    rng = np.random.default_rng(7)
    prog = isa.assemble(f"SHFL.{mode} P3, R4, R1, R2, R3 ;\nEXIT ;")
    for _ in range(12):
        a = rng.integers(0, 1 << 32, 32).tolist()
        b = rng.integers(0, 64, 32).tolist()
        segs = [0, 0x10, 0x18, 0x1C, 0x1E, 0x1F, int(rng.integers(0, 32))]
        c = [(int(rng.choice(segs)) << 8) | int(rng.integers(0, 32)) for _ in LANES]
        res = Simulator(isa, prog, init={"R1": a, "R2": b, "R3": c}).run()
        out, preds = ptx_shfl(mode, a, b, c)
        assert res.warp().R[4].tolist() == out
        assert res.warp().P[3].tolist() == preds


@pytest.mark.parametrize("form", ["RI", "RRI", "RIR"])
@pytest.mark.parametrize("mode", ["IDX", "UP", "DOWN", "BFLY"])
def test_shfl_immediate_forms_against_ptx_formula(isa, form, mode):
    a = [(i * 2654435761) & FULL for i in LANES]
    for b, c in [(1, 0), (3, 0x1f), (5, 0x1C03), (17, 0x1000 | 9), (0, 0x1807), (31, 0x1f)]:
        bs = f"0x{b:x}" if form in ("RI", "RIR") else "R2"
        cs = f"0x{c:x}" if form in ("RI", "RRI") else "R3"
        res = _shfl_run(isa, f"SHFL.{mode} P1, R4, R1, {bs}, {cs} ;", {"R1": a, "R2": b, "R3": c})
        out, preds = ptx_shfl(mode, a, [b] * 32, [c] * 32)
        assert res.warp().R[4].tolist() == out, (form, b, c)
        assert res.warp().P[1].tolist() == preds


@pytest.mark.parametrize("kind", ["idx", "up", "down", "xor"])
@pytest.mark.parametrize("width", [1, 2, 4, 8, 16, 32])
def test_shfl_against_cuda_width_semantics(isa, kind, width):
    var = [1000 + 3 * i for i in LANES]
    clamp = 0 if kind == "up" else 0x1f
    c = ((32 - width) << 8) | clamp
    for x in sorted({0, 1, 2, 3, width - 1, width // 2, 5, 13} & set(range(32))):
        res = _shfl_run(isa, f"SHFL.{CUDA_MODE[kind]} P0, R4, R1, 0x{x:x}, 0x{c:x} ;", {"R1": var})
        assert res.warp().R[4].tolist() == cuda_shfl(kind, var, x, width), (x, width)


def test_shfl_quad_swizzles(isa):
    x = [7 * i + 1 for i in LANES]
    for src, b, mode in [("0000", 0, "IDX"), ("1111", 1, "IDX"), ("2222", 2, "IDX"), ("3333", 3, "IDX"),
                         ("1032", 1, "BFLY"), ("2301", 2, "BFLY")]:
        res = _shfl_run(isa, f"SHFL.{mode} PT, R2, R1, {b}, 0x1C03 ;", {"R1": x})
        expect = [x[(i & ~3) + int(src[i & 3])] for i in LANES]
        assert res.warp().R[2].tolist() == expect, src


def test_shfl_inactive_source_warns_or_faults(isa):
    src = "@P0 SHFL.IDX PT, R2, R1, 0x1f, 0x1f ;\nEXIT ;"
    init = {"R1": [i + 100 for i in LANES], "P0": [1 if i < 16 else 0 for i in LANES]}
    res = Simulator(isa, isa.assemble(src), init=init).run()
    assert res.ok and res.warp().R[2].tolist()[:16] == [131] * 16
    assert res.events and res.events[0]["kind"] == "shfl-inactive"
    res = Simulator(isa, isa.assemble(src), init=init, strict=True).run()
    assert res.status == "shfl-inactive" and res.fault["pc"] == 0 and "SHFL" in res.fault["instruction"]


def test_shfl_from_an_inactive_lane_reads_zero(isa):
    """Decision D9-S-2: a source lane that is not active (here: exited) gives 0, in both
    engines, with the shfl-inactive warning; a predicated-off but active lane (above) still
    offers its register."""
    src = "@P0 EXIT ;\nSHFL.IDX PT, R2, R1, 0x1f, 0x1f ;\nSHFL.DOWN PT, R3, R1, 0x8, 0x1f ;\nEXIT ;"
    init = {"R1": [i + 100 for i in LANES], "P0": [1 if i >= 20 else 0 for i in LANES]}
    for engine in ("reference", "batched"):
        res = Simulator(isa, isa.assemble(src), init=init, grid=2, engine=engine).run()
        assert res.ok and any(e["kind"] == "shfl-inactive" for e in res.events)
        for w in res.warps:
            assert w.regs[2].tolist()[:20] == [0] * 20, engine
            assert w.regs[3].tolist()[:20] == [i + 108 if i + 8 < 20 else 0 for i in range(20)], engine


# -- the reference pages' programs, self-checking ---------------------------------------------
needs_gp = pytest.mark.skipif(not _GP, reason="needs FADD/SEL from the general-purpose instructions (gp.isa)")


def _floats(vals):
    return np.asarray(vals, dtype=np.float32).view(np.uint32)


@needs_gp
def test_inclusive_and_exclusive_scan(isa):
    steps = "\n".join(f"SHFL.UP P1, R2, R1, 0x{d:x}, 0x0 ;\n@P1 FADD R1, R2, R1 ;" for d in (1, 2, 4, 8, 16))
    x = [float((i * 5) % 11) for i in LANES]
    res = _shfl_run(isa, steps + "\nSHFL.UP P1, R3, R1, 0x1, 0x0 ;\nSEL R3, R3, RZ, P1 ;", {"R1": _floats(x)})
    inc = np.cumsum(x)
    assert res.warp().R[1].view(np.float32).tolist() == inc.tolist()
    assert res.warp().R[3].view(np.float32).tolist() == [0.0] + inc[:-1].tolist()


@needs_gp
def test_reverse_scan(isa):
    steps = "\n".join(f"SHFL.DOWN P1, R2, R1, 0x{d:x}, 0x1f ;\n@P1 FADD R1, R2, R1 ;" for d in (1, 2, 4, 8, 16))
    x = [float(i % 7) for i in LANES]
    res = _shfl_run(isa, steps, {"R1": _floats(x)})
    assert res.warp().R[1].view(np.float32).tolist() == np.cumsum(x[::-1])[::-1].tolist()


@needs_gp
def test_butterfly_reduction(isa):
    steps = "\n".join(f"SHFL.BFLY PT, R2, R1, 0x{d:x}, 0x1f ;\nFADD R1, R2, R1 ;" for d in (16, 8, 4, 2, 1))
    x = [float(3 * i + 1) for i in LANES]
    res = _shfl_run(isa, steps, {"R1": _floats(x)})
    assert res.warp().R[1].view(np.float32).tolist() == [sum(x)] * 32


# -- VOTE / REDUX / MATCH / ELECT / MOVM ------------------------------------------------------
def test_vote_and_voteu(isa):
    p1 = [1 if i % 3 == 0 else 0 for i in LANES]
    ballot = sum(1 << i for i in LANES if p1[i])
    src = "VOTE.ANY R1, P2, P1 ;\nVOTE.ALL R2, P3, P1 ;\nVOTE.EQ R3, P4, !P1 ;\nVOTEU.ANY UR1, UP1, P1 ;\n" \
          "VOTE.ALL R4, P5, PT ;\n@P1 VOTE.EQ R5, P6, P1 ;\nEXIT ;"
    res = Simulator(isa, isa.assemble(src), init={"P1": p1}).run()
    w = res.warp()
    assert set(w.R[1].tolist()) == {ballot}
    assert int(w.R[3][0]) == ~ballot & FULL
    assert w.P[2].all() and not w.P[3].any() and not w.P[4].any() and w.P[5].all()
    assert int(w.UR[1]) == ballot and bool(w.UP[1])
    assert [bool(v) for v in w.P[6]] == [bool(v) for v in p1]  # participants all true: EQ
    assert [int(v) for v in w.R[5]] == [ballot if p1[i] else 0 for i in LANES]


@pytest.mark.parametrize("op", ["AND", "OR", "XOR", "SUM", "MAX", "MIN"])
@pytest.mark.parametrize("dtype", ["", ".S32"])
def test_redux(isa, op, dtype):
    vals = [(0x9E3779B9 * (i + 1)) & FULL for i in LANES]
    part = [i for i in LANES if i % 4 != 1]
    p0 = [1 if i in part else 0 for i in LANES]
    res = Simulator(isa, isa.assemble(f"@P0 REDUX{dtype}.{op} R2, R1 ;\n@P0 REDUXU{dtype}.{op} UR3, R1 ;\nEXIT ;"),
                    init={"R1": vals, "P0": p0}).run()
    v = [vals[i] for i in part]
    sv = [x - (1 << 32) if x >> 31 else x for x in v] if dtype == ".S32" else v
    import functools
    import operator
    expect = {"AND": functools.reduce(operator.and_, v), "OR": functools.reduce(operator.or_, v),
              "XOR": functools.reduce(operator.xor, v), "SUM": sum(sv) & FULL,
              "MAX": max(sv) & FULL, "MIN": min(sv) & FULL}[op]
    w = res.warp()
    assert [int(w.R[2][i]) for i in part] == [expect] * len(part)
    assert all(int(w.R[2][i]) == 0 for i in LANES if i not in part)
    assert int(w.UR[3]) == expect


def test_match(isa):
    vals = [i % 5 for i in LANES]
    res = Simulator(isa, isa.assemble("MATCH.ANY R2, P1, R1 ;\nMATCH.ALL R3, P2, R1 ;\nMATCH.ALL R4, P3, R5 ;\n"
                                      "MATCH.U64.ANY R6, P4, R[8:9] ;\nEXIT ;"),
                    init={"R1": vals, "R5": 42, "R8": 1, "R9": [i % 2 for i in LANES]}).run()
    w = res.warp()
    for i in LANES:
        assert int(w.R[2][i]) == sum(1 << k for k in LANES if vals[k] == vals[i])
        assert int(w.R[6][i]) == sum(1 << k for k in LANES if k % 2 == i % 2)
    assert not w.P[1].any() and int(w.R[3][0]) == 0 and not w.P[2].any()
    assert int(w.R[4][0]) == FULL and w.P[3].all()


def test_elect_and_electu(isa):
    p2 = [1 if i >= 5 and i % 2 else 0 for i in LANES]
    res = Simulator(isa, isa.assemble("ELECT P0, R1, P2 ;\nELECTU P1, UR2, PT ;\nELECT P3, R4, UR5 ;\n"
                                      "ELECT P4, R6, ~URZ ;\nEXIT ;"),
                    init={"P2": p2, "UR5": 0xF000}).run()
    w = res.warp()
    assert set(w.R[1].tolist()) == {5} and w.P[0].tolist() == [i == 5 for i in LANES]
    assert int(w.UR[2]) == 0 and w.P[1].tolist() == [i == 0 for i in LANES]
    assert set(w.R[4].tolist()) == {12} and w.P[3].tolist() == [i == 12 for i in LANES]
    assert set(w.R[6].tolist()) == {0}


def test_movm_transposes_8x8_b16(isa):
    m = np.arange(64, dtype=np.uint32).reshape(8, 8) * 3 + 1  # m[row, col]
    regs = [int(m[t // 4, 2 * (t % 4)]) | (int(m[t // 4, 2 * (t % 4) + 1]) << 16) for t in LANES]
    res = Simulator(isa, isa.assemble("MOVM R2, R1 ;\nEXIT ;"), init={"R1": regs}).run()
    t = m.T
    expect = [int(t[k // 4, 2 * (k % 4)]) | (int(t[k // 4, 2 * (k % 4) + 1]) << 16) for k in LANES]
    assert res.warp().R[2].tolist() == expect

"""The random CUDA program generator and its reference (scripts/cuda_fuzz.py, cudafuzz*.py), without
nvcc: generation is deterministic and still gives the committed corpus programs (``fzSEED``), and the
reference's arithmetic agrees with independent computations (numpy, Python's own rules)."""
from __future__ import annotations

import hashlib
import math
from fractions import Fraction

import numpy as np
import pytest

import cudafuzz as C
import cudafuzz_gen as G
from cuda_expect import CORPUS, make_inputs, manifests

FUZZ = {stem: m for stem, m in manifests().items() if "cuda_fuzz" in m}


def digest(out: dict) -> str:
    return hashlib.sha1(b"".join(out[k].tobytes() for k in ("out", "cnt", "cnt64"))).hexdigest()


def test_corpus_has_generated_programs():
    assert len(FUZZ) >= 12


@pytest.mark.parametrize("stem", sorted(FUZZ))
def test_generator_gives_the_committed_program(stem):
    """The committed source and launch are what the generator makes of the seed today (the corpus's
    expectations are the reference's evaluation of that program: cuda_expect.fuzz8_expect)."""
    info = FUZZ[stem]["cuda_fuzz"]
    assert 1 <= info["generator_version"] <= C.GEN_VERSION
    p = G.generate(info["seed"], info["generator_version"])
    assert p.source() == (CORPUS / "src" / f"{stem}.cu").read_text()
    # "full": a launch the default run leaves to GPUISA_CUDA_FULL (its cost), not the generator's
    assert [{k: v for k, v in la.items() if k != "full"} for la in FUZZ[stem]["launches"]] == [G.launch_manifest(p)]


def test_generation_is_deterministic():
    for seed in (3, 77):
        assert G.generate(seed).source() == G.generate(seed).source()
    assert G.generate(3).source() != G.generate(4).source()


def test_reference_is_stable():
    """One committed program's reference output, recomputed (the digest was written with the program)."""
    stem = min(FUZZ, key=lambda s: FUZZ[s]["launches"][0]["buffers"]["out"]["count"])
    info = FUZZ[stem]["cuda_fuzz"]
    p = G.generate(info["seed"], info["generator_version"])
    assert digest(p.run(make_inputs(G.launch_manifest(p)))) == info["reference_sha1"]


def test_f32_round_agrees_with_numpy():
    """Rounding a rational to binary32 (the fused multiply-add's single rounding): for doubles,
    numpy's double -> float conversion rounds once, to nearest even, with subnormals and overflow."""
    rng = np.random.default_rng(5)
    vals = list(rng.standard_normal(300) * 10.0 ** rng.integers(-45, 39, 300))
    vals += [1.5 * 2.0 ** -149, 2.0 ** -150, 3.4028235677973366e38, 3.4028235e38 * 1.0000001, -0.0, 1e-46]
    for v in vals:
        with np.errstate(over="ignore"):
            want = np.float32(v)
        got = C.f32_round(Fraction(v))
        assert (got == want and math.copysign(1, got) == math.copysign(1, want)) or (v == 0 and got == 0), v


def test_integer_helpers():
    assert C._byte_perm(0x33221100, 0x77665544, 0x7531) == 0x77553311
    assert C._funnel(0x89ABCDEF, 0x01234567, 4, True, False) == 0x12345678
    assert C._funnel(0x89ABCDEF, 0x01234567, 40, False, True) == 0x01234567 >> 0    # clamped to 32: hi
    assert C._funnel(0x89ABCDEF, 0x01234567, 36, False, False) == 0x789ABCDE
    assert (C._div(-7, 2, "i32"), C._mod(-7, 2, "i32")) == (-3, -1)                  # C truncates
    assert C._div(-(1 << 31), -1, "i32") == -(1 << 31) and C._div(5, 0, "u32") == 5  # the guards
    assert (C._clz(0, 32), C._ffs(0), C._ffs(0x80000000), C._brev(1, 32)) == (32, 0, 32, 1 << 31)
    assert C._f2i(np.float32(2.5), "rn", -(1 << 31), (1 << 31) - 1) == 2
    assert C._f2i(np.float32(-2.5), "rd", -(1 << 31), (1 << 31) - 1) == -3
    assert C._f2i(np.float32(np.nan), "rz", 0, C.M32) == 0
    assert C._f2i(np.float32(-1e30), "rz", -(1 << 31), (1 << 31) - 1) == -(1 << 31)


def test_shuffle_lanes():
    """PTX shfl's source lane, as CUDA's __shfl*_sync(mask, v, b, width) ask for it."""
    assert [C.shuffle_src("idx", ln, 35, 8) for ln in (0, 9, 31)] == [3, 11, 27]
    assert [C.shuffle_src("up", ln, 2, 16) for ln in (0, 1, 2, 17, 18)] == [0, 1, 0, 17, 16]
    assert [C.shuffle_src("down", ln, 3, 8) for ln in (0, 4, 5, 7, 28)] == [3, 7, 5, 7, 31]
    assert [C.shuffle_src("xor", ln, 5, 8) for ln in (0, 3, 10)] == [5, 6, 15]


def test_collectives_of_the_reference():
    lanes = {0: [5], 3: [7], 4: [5], 9: [0]}
    assert C._collective("ballot", 0x219, lanes) == dict.fromkeys(lanes, 0x19)
    assert C._collective("match", 0x219, lanes)[4] == 0x11
    assert C._collective("red:min:i32", 0x219, {0: [-1], 3: [4]}) == {0: -1, 3: -1}
    assert C._collective("red:add:u32", 0x219, {0: [C.M32], 3: [2]}) == {0: 1, 3: 1}
    with pytest.raises(C.RefError):
        C._collective("shfl:idx:32", 0x9, {0: [1, 1], 3: [2, 1]})     # lane 1 is not in the mask


def test_vote_predicate_converts_to_int():
    """`__all_sync(m, x)` with a 64-bit x passes `(int)x` (C's conversion to the parameter): 1 << 32
    is false (a reference bug found by seed 2040: gpuisa was right)."""
    st = C.S("coll", {"mask": "", "var": "v", "t": "i32", "op": "all", "args": (C.E("const", "u64", val=1 << 32),)})
    req = next(C.exec_stmt(st, {}))
    assert req[3:] == ("all", [0])


def test_version_1_programs_are_still_generated():
    """Generator version 2 added kinds of statements and expressions; version 1's programs (the
    eighth round's corpus) come from the same seeds unchanged, version 2's differ."""
    assert G.generate(2010, 1).source() == (CORPUS / "src" / "fz2010.cu").read_text()
    assert f"generator version {C.GEN_VERSION}" in G.generate(2010).source()


def test_version_2_programs_are_still_generated():
    """Version 3 added statements, expressions and a frame (a local long long array, function
    tables); version 2's programs (the ninth round's corpus) come from their seeds unchanged."""
    for stem in ("fz5056", "fz5265"):
        assert G.generate(int(stem[2:]), 2).source() == (CORPUS / "src" / f"{stem}.cu").read_text()
    assert "big[" not in G.generate(5056, 2).source() and "big[" in G.generate(5056).source()


def _v3_kinds(p) -> set:
    kinds: set = set()

    def walk_e(e):
        kinds.add(e.op)
        for x in e.args:
            walk_e(x)

    def walk(body):
        for st in body:
            kinds.add(st.kind)
            for v in st.a.values():
                if isinstance(v, C.E):
                    walk_e(v)
                elif isinstance(v, list) and v and isinstance(v[0], C.S):
                    walk(v)
            for _v, b, _k in st.a.get("cases", ()):
                walk(b)
    for body in [p.pro, p.tail] + [f.body for f in p.funcs]:
        walk(body)
    for _n, _t, e in p.vars:
        walk_e(e)
    return kinds


def test_version_3_makes_its_shapes():
    """Over a few seeds, version 3 writes every statement and expression it promises."""
    import cudafuzz_v3 as V3
    seen: set = set()
    for seed in range(15000, 15012):
        seen |= _v3_kinds(G.generate(seed))
    assert V3.STMTS | V3.EXPRS <= seen, (V3.STMTS | V3.EXPRS) - seen


def test_version_3_reference_semantics():
    """cudafuzz_v3's arithmetic against C's rules computed another way: truncating division of
    every width (numpy's fixed-width integers; np.fmod truncates like C), a goto leaving every
    loop of its nest, a 64-bit signed index with a run-time modulus."""
    import cudafuzz_v3 as V3
    rng = np.random.default_rng(15)
    npt = {"i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64, "i16": np.int16, "i8": np.int8,
           "u8": np.uint8}
    for dt, (bits, signed, _ct) in V3.WIDTH.items():
        for _ in range(200):
            x, y = (int(v) for v in rng.integers(-(1 << 63), 1 << 63, 2, dtype=np.int64))
            for variant in (0, 1):
                for what in ("div", "mod"):
                    e = C.E("divnz", dt, (C.E("const", "i64", val=x), C.E("const", "i64", val=y)), val=(dt, variant, what))
                    got = e.ev({})
                    a, b = npt[dt](x & ((1 << bits) - 1) if not signed else C.norm(x, "i64") % (1 << bits)
                                   - ((1 << bits) if C.norm(x, "i64") % (1 << bits) >> (bits - 1) else 0)), None
                    ya = C.norm(y, "i64") % (1 << bits)
                    ya -= (1 << bits) if signed and ya >> (bits - 1) else 0
                    if not signed:
                        b = ya | 1
                    elif variant == 0:
                        b = (ya & ~1) | 2
                        b = b - (1 << bits) if b >> (bits - 1) & 1 and b > 0 else b
                    else:
                        a, b = int(a) >> 1, ya | 1
                    a, b = int(a), int(b)
                    assert b != 0 and not (signed and b == -1 and a == -(1 << (bits - 1)))
                    q = math.trunc(Fraction(a, b).numerator / Fraction(a, b).denominator) if abs(a) < 1 << 52 \
                        else (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)
                    want = q if what == "div" else int(math.fmod(a, b)) if abs(a) < 1 << 52 else a - q * b
                    assert got == want, (dt, variant, what, x, y)
    body = [C.S("for", {"iv": "i", "n": C.E("const", "i32", val=5), "body": [
        C.S("while", {"iv": "j", "lim": 4, "c": C.E("const", "i32", val=1), "body": [
            C.S("assign", {"var": "v", "t": "i32", "e": C.E("add", "i32", (C.E("var", "i32", val="v"),
                                                                           C.E("const", "i32", val=1)))}),
            C.S("goto", {"c": C.E("eq", "i32", (C.E("var", "i32", val="v"), C.E("const", "i32", val=6))),
                         "label": "L1"})]})]})]
    env = {"v": 0}
    gen = C.exec_block([C.S("nest", {"label": "L1", "body": body})], env)
    with pytest.raises(StopIteration) as stop:
        next(gen)
    assert stop.value.value == "" and env["v"] == 6 and env["i"] == 1 and env["j"] == 2
    g = {"in0": np.arange(256, dtype=np.int32) * 3}
    e = C.E("in64", "i32", (C.E("const", "i64", val=-(1 << 40) - 7), C.E("const", "i64", val=5)), val=("in0", 100))
    assert e.ev({"@g": g}) == 3 * (100 - 3)            # C: (-2^40 - 7) % 5 == -3 (2^40 + 7 = 3 mod 5)


def test_rounding_modes_bracket_the_exact_value():
    """cudafuzz_fp: to nearest agrees with numpy (binary32, binary64); down <= exact <= up, one
    ulp apart or equal; toward zero is the one of them nearer zero; subnormals and overflow."""
    import cudafuzz_fp as FP
    rng = np.random.default_rng(9)
    for ft, npt in (("f32", np.float32), ("f64", np.float64)):
        xs = (rng.standard_normal(40) * 10.0 ** rng.integers(-40 if ft == "f32" else -300, 38, 40)).astype(npt)
        ys = (rng.standard_normal(40) * 10.0 ** rng.integers(-8, 8, 40)).astype(npt)
        for x, y in zip(xs, ys):
            for op, ref in ((FP.mul, np.multiply), (FP.div, np.divide), (FP.add, np.add)):
                with np.errstate(all="ignore"):
                    want = ref(x, y)
                assert FP.to_ft(float(op(ft, "rn")(x, y)), ft) == want
                exact = {FP.mul: Fraction(float(x)) * Fraction(float(y)), FP.div: Fraction(float(x)) / Fraction(float(y)),
                         FP.add: Fraction(float(x)) + Fraction(float(y))}[op]
                lo, hi, z = op(ft, "rd")(x, y), op(ft, "ru")(x, y), op(ft, "rz")(x, y)
                if math.isfinite(lo) and math.isfinite(hi):
                    assert Fraction(float(lo)) <= exact <= Fraction(float(hi))
                    assert lo == hi or np.nextafter(npt(lo), npt(np.inf)) == hi
                    assert z == (lo if exact >= 0 else hi)
            r = FP.sqrt(ft, "rn")(x)
            assert r == np.sqrt(abs(x))
    assert FP.add("f32", "rz")(np.float32(3.4028235e38), np.float32(3.4028235e38)) == np.float32(3.4028235e38)
    assert FP.add("f32", "ru")(np.float32(3.4028235e38), np.float32(3.4028235e38)) == np.inf
    assert math.copysign(1, FP.add("f64", "rd")(1.0, -1.0)) == -1 and math.copysign(1, FP.add("f64", "rn")(1.0, -1.0)) == 1
    assert FP.mul("f32", "ru")(np.float32(1e-45), np.float32(0.5)) == np.float32(1e-45)      # up: the least subnormal
    assert FP.fma("f64", "rn")(0.1, 10.0, -1.0) == 5.551115123125783e-17                  # one rounding
    assert FP.to_int("rn", 64, True)(-2.5) == -2 and FP.to_int("ru", 64, False)(-0.5) == 0
    assert FP.from_int("f32", "rz")((1 << 63) - 1) == np.float32(2 ** 63 - 2 ** 39)


def test_reduce_keeps_what_fails():
    """cuda_fuzz --reduce's shrinking (cudafuzz_reduce), with a stand-in for nvcc and gpuisa: a
    program 'fails' while it has a signed 64-bit atomicMin/Max; the result is far smaller and still
    has one."""
    import cudafuzz_reduce as R
    seed = next(s for s in range(100) if "atomicMin((long long *)" in G.generate(s).source())
    p = G.generate(seed)
    n0 = R.statements(p)
    R.reduce_program(p, lambda q: any(st.kind == "atomic64b" and st.a["slot"] in (1, 2)
                                      for b in R.all_lists(q) for st in b), None)
    assert "atomicMin((long long *)" in p.source() or "atomicMax((long long *)" in p.source()
    assert R.statements(p) < n0 / 3


def test_unoptimised_programs_get_a_larger_step_limit(tmp_path, monkeypatch):
    """D18-2: a -G or -Xptxas -O0 build takes 20-40 times the warp-instructions of its -O3 build
    (seed 18007 at -G: more than 2 M), so cuda_fuzz's default limit follows how the program is
    built; an explicit --max-steps wins."""
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "_cuda_fuzz_script", Path(__file__).resolve().parents[2] / "scripts" / "cuda_fuzz.py")
    fz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fz)
    monkeypatch.setattr(fz, "EXTRA_NVCC", [])
    o3, g = tmp_path / "a.cu", tmp_path / "b.cu"
    o3.write_text("// cuda_fuzz seed 1\n__global__ void k() {}\n")
    g.write_text("// cuda_fuzz seed 2\n// nvcc-flags: -G\n__global__ void k() {}\n")
    assert fz.step_limit(o3, None) == fz.STEPS_O3 < fz.step_limit(g, None) == fz.STEPS_UNOPT
    assert fz.step_limit(g, 123) == 123
    monkeypatch.setattr(fz, "EXTRA_NVCC", ["-Xptxas", "-O0"])
    assert fz.step_limit(o3, None) == fz.STEPS_UNOPT


def test_version_4_keeps_nans_out_of_32_bit_conversions():
    """Decision D19-4: seed 19141's version 3 program converts a constant NaN
    (`__double2uint_rn(__longlong_as_double(-4294967291ll))`), which nvcc folds to 0x80000000 on
    sm_100/sm_120 and PTX's cvt makes 0; version 4 passes every such argument through nzf/nzd, and
    its reference converts 0 there."""
    import re
    assert re.search(r"__double2uint_rn\(__longlong_as_double", G.generate(19141, 3).source())
    # (fpriv's atomicAdd returns a finite float or an infinity: its addends go through fin)
    bare = re.compile(r"__(float|double)2u?int_r[nzdu]\((?!nz[fd]\(|atomicAdd\()")
    seen = 0
    for seed in range(19141, 19171):
        src = G.generate(seed, 4).source()
        seen += len(re.findall(r"__(?:float|double)2u?int_r[nzdu]\(nz[fd]\(", src))
        assert not bare.search(src), seed
    assert seen
    for name, (args, _t, text, ref) in C.INTR4.items():
        nan = np.float32("nan") if args[0] == "f32" else np.float64("nan")
        one = np.float32(-1.5) if args[0] == "f32" else np.float64(-1.5)
        plain = C.INTR2[name[:-2]][3]
        assert ref(nan) == plain(type(nan)(0)) == 0          # a NaN converts as 0 does
        assert ref(one) == plain(one)
        assert text.count("nz") == 1


def test_version_5_keeps_plain_products_out_of_fmaf():
    """Decision D20-1: seed 20004's version 4 program computes `fmaf(-1.5e-40f, sqrtf(fabsf(1.0f)),
    -7.0f * v0)`; nvcc for sm_100/sm_120 folds the multiplicand 1 away and contracts the rest into
    `FFMA R13, R27, -7, -1.4999919e-40` (one rounding where C has two). Version 5 keeps plain
    products and quotients out of every argument of the plain fmaf/fma."""
    assert "fmaf(((-1.5f) * (1e-40f)), sqrtf(fabsf(1.0f)), ((-7.0f) * (v0)))" in G.generate(20004, 4).source()

    import dataclasses

    def nodes(v):
        if isinstance(v, C.E):
            yield v
        if dataclasses.is_dataclass(v):
            for f in dataclasses.fields(v):
                yield from nodes(getattr(v, f.name))
        elif isinstance(v, (list, tuple)):
            for x in v:
                yield from nodes(x)
        elif isinstance(v, dict):
            for x in v.values():
                yield from nodes(x)

    def products(e):        # a product or quotient that reaches e's value through + - ?: fabs, as nvcc sees it
        if e.op == "fbin":
            if e.val in "*/":
                yield e
            else:
                for a in e.args:
                    yield from products(a)
        elif e.op in ("fneg", "fabs"):
            yield from products(e.args[0])
        elif e.op == "cond":
            for a in e.args[1:]:
                yield from products(a)
    assert any(list(products(a)) for e in nodes(G.generate(20004, 4)) if e.op == "intr" and e.val == "fmaf"
               for a in e.args)
    seen = 0
    for seed in range(20000, 20060):
        for e in nodes(G.generate(seed, 5)):
            if e.op == "intr" and e.val in ("fmaf", "dfma"):
                seen += 1
                for a in e.args:
                    assert not list(products(a)), (seed, e.c())
    assert seen


def test_version_5_casts_size_t_indices():
    """Seed 20121 (version 4) wrote `max(j18, (unsigned long long)...)` with `size_t j18`, which nvcc
    refuses as ambiguous; from version 5 a size_t loop index is read as `(unsigned long long)(j)`."""
    import re
    assert re.search(r"max\(j\d+, ", G.generate(20121, 4).source())
    seen = 0
    for seed in range(20000, 20060):
        src = G.generate(seed, 5).source()
        for j in re.findall(r"for \(size_t (j\d+) = ", src):
            body = src.split(f"for (size_t {j} = ", 1)[1]
            uses = re.findall(rf"(.{{20}})\b{j}\b", body.split("\n", 1)[1])
            seen += len(uses)
            assert all(u.endswith("unsigned long long)(") for u in uses), (seed, uses)
    assert seen


def test_version_6_keeps_every_conversion_in_range():
    """Decision D24-1: seed 24108's version 5 program computes `__umulhi(x, __float2uint_rz(nzf(3e38f)))`.
    CUDA 12.8's NVVM for sm_100/sm_120 folds the out-of-range conversion to poison: its PTX reads a
    register it never writes (the SASS multiplies by threadIdx.z). From version 6 every float or
    double to integer conversion's argument goes through clf/cld, into a range the result type
    holds, and the reference clamps as they do."""
    import re
    assert "__float2uint_rz(nzf(3e38f))" in G.generate(24108, 5).source()
    conv = re.compile(r"__(?:float|double)2u?(?:int|ll)_r[nzdu]\(")
    seen = 0
    for seed in range(24100, 24140):
        src = G.generate(seed, 6).source()
        for m in conv.finditer(src):
            rest = src[m.end():]
            assert rest.startswith(("clf(", "cld(", "atomicAdd(")), (seed, src[m.start():m.end() + 40])
            seen += rest.startswith(("clf(", "cld("))
    assert seen > 40
    limits = {"i32": (-2 ** 31, 2 ** 31 - 1), "u32": (0, 2 ** 32 - 1), "i64": (-2 ** 63, 2 ** 63 - 1),
              "u64": (0, 2 ** 64 - 1)}
    kinds = set()
    for name, (args, t, text, ref) in C.INTR6.items():
        ft = np.float32 if args[0] == "f32" else np.float64
        lo, hi = limits[t]
        assert text.count("cl") == 1 and name[:-2] in C.INTR2
        plain = C.INTR2[name[:-2]][3]
        for x in (ft(-1.5), ft(7.25), ft(1e6)):
            assert ref(x) == plain(x)                        # in range: the conversion itself
        assert ref(ft("nan")) == 0
        big, small = ref(ft("inf")), ref(ft("-inf"))
        # the clamp's ends: the largest value of the float type below the integer type's end
        top = int(np.nextafter(ft(hi + 1), ft(0)))
        assert big == top and lo <= small <= hi and small == max(lo, 0 if lo == 0 else lo)
        assert ref(ft(3e38)) == top
        kinds.add((args[0], t))
    assert len(kinds) == 8
    assert "clf(float x" in G.generate(24100, 6).source() and "clf(" not in G.generate(24100, 5).source()


def test_float2_fuzz_programs_keep_products_from_under_an_addition():
    """scripts/float2_fuzz.py (decision D20-6): deterministic programs in which no `MUL2(...)` is an
    operand of `ADD2(...)` (ptxas fuses mul.rX.f32x2 + add.rX.f32x2 into one FFMA2 on sm_100)."""
    import importlib.util
    import re
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "_float2_fuzz_script", Path(__file__).resolve().parents[2] / "scripts" / "float2_fuzz.py")
    f2 = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(f2)
    assert f2.program(7) == f2.program(7) != f2.program(8)

    def args(text: str, start: int) -> list[str]:
        out, depth, cur = [], 0, ""
        for ch in text[start:]:
            if ch == "(":
                depth += 1
                if depth == 1:
                    continue
            elif ch == ")":
                depth -= 1
                if depth == 0:
                    out.append(cur.strip())
                    return out
            elif ch == "," and depth == 1:
                out.append(cur.strip())
                cur = ""
                continue
            cur += ch
        return out
    adds = 0
    for seed in range(40):
        src = f2.program(seed)
        for m in re.finditer(r"\bADD2\(", src):
            adds += 1
            assert not any(a.startswith("MUL2") for a in args(src, m.end() - 1)[1:]), (seed, src[m.start():m.start() + 120])
    assert adds

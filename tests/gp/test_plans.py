"""The per-address plans of the common general-purpose instructions (semantics/gp.py, x.memo)
against the generic functions they specialise: random valid words of every variant, random
register, predicate and memory states (integer edge values, float specials, aligned,
misaligned and out-of-bounds addresses, partial warps and guards); both must end in the same
state, status, fault message and step records.  The generic functions are themselves checked
against independent oracles by the other tests of tests/gp."""
from __future__ import annotations

import io
import json
import random

import numpy as np
import pytest

from gpuisa.asm.instruction import decode_word
from gpuisa.sim import Simulator
from gpuisa.sim.fastpath import gp_plans as gp
from gpuisa.sim.semantics import gp as gp_ref

PLANNED = ["MOV", "IADD3", "IMAD", "ISETP", "SEL", "LOP3", "SHF", "FADD", "FMUL", "FFMA", "LDG", "STG", "LDS", "STS"]
MEMORY = {"LDG", "STG", "LDS", "STS"}
INTS = [0, 1, 2, 3, 4, 31, 32, 33, 63, 64, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF]
FLOATS = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7FFFFFFF,
          0xFFC00001, 0x00000001, 0x807FFFFF, 0x00800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x33800000, 0x4B800000]


def _random_word(db, rng, op):
    while True:
        word = 0
        for f in op.fields:
            t = db.types.get(f.type)
            if f.fixed is not None:
                v = f.fixed
            elif f.name in ("sched", "req", "wsb", "rsb"):
                v = f.default or 0
            elif f.type == "Reg":
                v = rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 253, 254, 255])
            elif f.type == "UReg":
                v = rng.choice([0, 1, 2, 62, 63])
            elif f.type in ("Pred", "UPred"):
                v = rng.choice([0, 1, 2, 7, 7])
            elif t is not None and t.kind == "enum":
                v = rng.choice([val for _, val in t.values])
            elif t is not None and t.kind == "cmem":
                v = rng.choice([0, 4, 8, 12, 0x1C, 0x1F8, 0x10004, 6]) if rng.random() < 0.9 else 0x3FFFFC
            elif f.name == "offset":
                v = rng.choice([0, 0, 4, 8, -4, -8, 0x40, 1, 2, 0x7FFFFC, -0x10000000])
            elif f.name == "lut":
                v = rng.getrandbits(8)
            else:
                v = rng.choice(INTS + FLOATS + [rng.getrandbits(32), rng.getrandbits(5), rng.getrandbits(7)])
            word |= (v & ((1 << f.width) - 1)) << f.pos
        inst = decode_word(db, word)
        if inst is not None and inst.opcode is op:
            return word


def _lane_values(rng, pool):
    kind = rng.random()
    if kind < 0.3:
        return [rng.choice(pool)] * 32
    if kind < 0.8:
        return [rng.choice(pool) for _ in range(32)]
    return [rng.getrandbits(32) for _ in range(32)]


def _init(rng, optype, base):
    """Register state: addresses for memory instructions (mostly in bounds and aligned), integer
    or float edge values otherwise; predicates with random lanes; uniform registers."""
    init = {}
    for r in range(12):
        if optype in MEMORY and r % 2 == 0:
            start = base if optype in ("LDG", "STG") else 0
            step = rng.choice([4, 4, 4, 0, 8, -4, 1])
            lanes = [start + 0x100 + step * l for l in range(32)]
            if rng.random() < 0.2:
                lanes[rng.randrange(32)] += rng.choice([2, 0x10000, -0x1000, 0x400])
            if rng.random() < 0.4:      # bad addresses in lanes that may be inactive (guard, partial warp)
                for l in rng.sample(range(32), rng.randint(1, 12)) + list(range(20, 32)):
                    lanes[l] = rng.choice([0xDEAD0000, 3, 0xFFFFFFFF])
            init[f"R{r}"] = [v & 0xFFFFFFFF for v in lanes]
        elif optype in ("LDG", "STG") and r % 2 == 1:
            init[f"R{r}"] = [0] * 32 if rng.random() < 0.9 else [rng.choice([0, 1])] * 32
        else:
            pool = FLOATS if optype in ("FADD", "FMUL", "FFMA") and rng.random() < 0.7 else INTS
            if optype in ("FADD", "FMUL", "FFMA") and rng.random() < 0.5:
                init[f"R{r}"] = [int(v) for v in (np.random.default_rng(rng.getrandbits(32)).standard_normal(32)
                                                  * 10.0 ** rng.randint(-3, 3)).astype(np.float32).view(np.uint32)]
            else:
                init[f"R{r}"] = _lane_values(rng, pool)
    for r in (253, 254):
        init[f"R{r}"] = _lane_values(rng, INTS)
    for p in range(3):
        init[f"P{p}"] = [rng.random() < 0.5 for _ in range(32)] if rng.random() < 0.6 else [rng.random() < 0.5] * 32
    for u in (0, 1, 2, 62):
        init[f"UR{u}"] = rng.choice(INTS + FLOATS)
    return init


def _run(isa, words, kw, fast, monkeypatch):
    monkeypatch.setattr(gp, "FAST", fast)
    buf = np.arange(256, dtype=np.uint32) * 0x01010101
    sim = Simulator(isa, words, buffers={"g": buf}, **kw)
    trace = io.StringIO()
    res = sim.run(trace=trace)
    # shared memory is allocated at its first access (a plan may skip it when no lane executes): unallocated = zeros
    shared = [c._shared.segments[0].data.tobytes() if c._shared is not None else bytes(c.shared_size)
              for c in sim.ctas]
    return (res.status, json.dumps(res.fault, sort_keys=True), trace.getvalue(), buf.tobytes(), shared,
            [(w.R.tobytes(), w.P.tobytes(), w.UR.tobytes(), w.valid, w.pc, w.state) for w in res.warps])


@pytest.mark.parametrize("optype", PLANNED)
def test_plans_equal_generic_functions(isa, optype, monkeypatch):
    db = isa.db
    ops = sorted((o for o in db.opcodes.values() if o.optype == optype), key=lambda o: o.name)
    rng = random.Random(f"plans-{optype}")
    exit_word = isa.encode("EXIT ;")
    const = np.array([rng.choice(INTS + FLOATS) for _ in range(128)], np.uint32)
    fast_paths = 0
    for case in range(360 if optype == "SHF" else 120):     # SHF: 32 forms of 4 variants
        op = ops[case % len(ops)]
        words = [_random_word(db, rng, op) for _ in range(rng.choice([1, 1, 2, 3]))] + [exit_word]
        kw = dict(block=rng.choice([32, 32, 32, 20, 1]), init=_init(rng, optype, 0x10000000),
                  const={0: const})
        fast = _run(isa, words, kw, True, monkeypatch)
        ref = _run(isa, words, kw, False, monkeypatch)
        assert fast == ref, (op.name, [f"0x{w:032x}" for w in words])
        fast_paths += fast[0] == "ok"
    assert fast_paths > 10    # the cases are not all faults


def test_plans_are_used(isa):
    """The registered functions keep a plan per address (so the speed-up is real)."""
    prog = isa.assemble("IADD3 R1, R2, 0x1, RZ ;\nISETP.LT.AND P0, PT, R1, 0x5, PT ;\nEXIT ;")
    sim = Simulator(isa, prog)
    assert sim.run().ok
    plans = [sim._cache[pc].fn for pc in (0, 16)]
    assert all(callable(p) and p not in (gp_ref.IADD3, gp_ref.ISETP) for p in plans)


def test_ffma_midpoints_and_subnormals_take_the_exact_path(isa):
    """Cases where fl64(a*b + c) is a float32 midpoint (double rounding) or subnormal."""
    import struct

    def bits(f):
        return struct.unpack("<I", struct.pack("<f", f))[0]

    # a*b = 1 + 2^-24 + 2^-47 exactly (so the exact sum is above the midpoint 1 + 2^-24); with c = -2^-47 + 2^-75
    # the float64 sum rounds to the midpoint 1 + 2^-24 while the exact value is above it
    a, b = 1 + 2 ** -23, 1 + 2 ** -24 + 2 ** -47 / (1 + 2 ** -23)
    cases = [(bits(1 + 2 ** -12), bits(1 + 2 ** -12), bits(-(2 ** -24) * 0.5)),
             (bits(2.0 ** -70), bits(2.0 ** -70), bits(2.0 ** -149)),
             (bits(3.0), bits(2.0 ** -126), bits(-(2.0 ** -125))),
             (bits(a), bits(np.float32(b)), bits(2.0 ** -60))]
    from fractions import Fraction
    for ab, bb, cb in cases:
        res = isa.launch("FFMA R3, R0, R1, R2 ;\nEXIT ;", init={"R0": ab, "R1": bb, "R2": cb})
        fa, fb, fc = (Fraction(float(np.uint32(v).view(np.float32))) for v in (ab, bb, cb))
        exact = fa * fb + fc
        want = np.float32(_round_f32(exact))
        assert int(res.warp().R[3][0]) == int(want.view(np.uint32)), (hex(ab), hex(bb), hex(cb))


def _round_f32(q):
    """Exact rational -> float32 value, round to nearest even (subnormals included)."""
    from fractions import Fraction
    if q == 0:
        return 0.0
    neg, q = q < 0, abs(q)
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    quantum = Fraction(2) ** (max(e, -126) - 23)
    n, rem = divmod(q, quantum)
    n = int(n)
    if rem * 2 > quantum or (rem * 2 == quantum and n & 1):
        n += 1
    v = float(n * quantum)
    return -v if neg else v


UR_FORMS = """
    S2R R3, SR_LANEID ;
    MOV R4, 0x10 ;
    IMAD.WIDE R[6:7], R3, R4, UR[4:5] ;
    IMAD.WIDE.U32 R[8:9], R3, UR6, R[6:7] ;
    IADD3 R10, R3, UR4, RZ ;
    IMAD R11, R3, UR6, R4 ;
    ISETP.GE.AND P0, PT, R3, UR6, PT ;
    SEL R12, R3, UR4, P0 ;
    LOP3.LUT R13, R3, UR4, RZ, 0x3c, !PT ;
    MOV R14, UR5 ;
    EXIT ;
"""


@pytest.mark.parametrize("engine", ["reference", "batched"])
@pytest.mark.parametrize("fast", [True, False], ids=["plans", "no-plans"])
def test_uniform_register_operands(isa, monkeypatch, engine, fast):
    """Regression: the IMAD.WIDE plan read a uniform-register pair C (``UR[4:5]``) as the GPRs
    of the same numbers.  Every UR operand form, with and without plans, in both engines,
    against values computed here."""
    from gpuisa.sim import simulator
    monkeypatch.setattr(gp, "FAST", fast)
    ur4, ur5, ur6 = 0x1000, 0x2, 7
    prog = isa.assemble(UR_FORMS)
    simulator._decoded(isa.db).clear()      # decoded words (and their plans) of another FAST setting
    res = Simulator(isa, prog, grid=2, block=64, engine=engine, init={"UR4": ur4, "UR5": ur5, "UR6": ur6}).run()
    simulator._decoded(isa.db).clear()
    assert res.status == "ok"
    lane = np.arange(32, dtype=np.uint64)
    c = (ur5 << 32) | ur4
    w6 = lane * 0x10 + np.uint64(c)
    w8 = lane * np.uint64(ur6) + w6
    want = {6: w6 & 0xFFFFFFFF, 7: w6 >> np.uint64(32), 8: w8 & 0xFFFFFFFF, 9: w8 >> np.uint64(32),
            10: lane + ur4, 11: lane * ur6 + 0x10, 12: np.where(lane >= ur6, lane, ur4), 13: lane ^ ur4,
            14: np.full(32, ur5)}
    for w in res.warps:
        for r, v in want.items():
            np.testing.assert_array_equal(w.regs[r].astype(np.uint64), v.astype(np.uint64), err_msg=f"R{r}")

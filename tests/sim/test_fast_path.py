"""The fast run loop (``Simulator.run()`` without a trace) against the step API
(``run(trace=...)`` / ``step()``, one ``_issue`` per warp-instruction): both
must reach the same final state, status, step count, clock and events, on
hand-written programs and on random programs of random valid instruction
words.  Also the per-address specialisations (guard modes, memoised operands)."""
import io
import json
import random

import pytest

from gpuisa.asm.instruction import decode_word
from gpuisa.sim import Simulator

FULL = 0xFFFFFFFF


def _state(res):
    return (res.status, res.steps, res.clock, json.dumps(res.fault, sort_keys=True),
            json.dumps(res.events, sort_keys=True),
            [(w.cta, w.warp, w.R.tobytes(), w.P.tobytes(), w.UR.tobytes(), w.UP.tobytes(), w.B.tobytes(),
              w.valid, w.pc, w.state) for w in res.warps])


def _both(isa, prog, **kw):
    fast = Simulator(isa, prog, engine="reference", **kw).run()   # the reference engine's two loops
    buf = io.StringIO()
    traced = Simulator(isa, prog, **kw).run(trace=buf)
    records = [json.loads(line) for line in buf.getvalue().splitlines()]
    ok = [r["step"] for r in records if "fault" not in r]
    assert ok == list(range(1, len(ok) + 1))
    if records and "fault" in records[-1]:  # faulted in the instruction (counted) or at fetch (not counted)
        assert records[-1]["step"] == traced.steps and len(ok) in (traced.steps - 1, traced.steps)
    else:
        assert len(ok) == traced.steps
    return fast, traced


PROGRAMS = {
    "divergent loop": ("""
            S2R R1, SR_LANEID ;
            BSSY B0, `(END) ;
        LOOP:
            ELECT P1, R9 ;
            SHFL.BFLY PT, R2, R1, 0x1, 0x1f ;
            VOTE.ANY R3, P2, PT ;
        @P1 BREAK B0 ;
        @P1 BRA `(END) ;
            BRA `(LOOP) ;
        END:
            BSYNC B0 ;
            EXIT ;
    """, {"grid": 3, "block": 64}),
    "nanosleep between warps": ("""
            S2R R1, SR_WARPID ;
            CS2R R[2:3], SR_CLOCKLO ;
            NANOSLEEP 0x40 ;
            CS2R R[4:5], SR_CLOCKLO ;
            EXIT ;
    """, {"block": 96}),
    "lone warp sleeps": ("""
            NANOSLEEP 0x20 ;
            CS2R R[4:5], SR_CLOCKLO ;
        @P0 NANOSLEEP 0x9 ;
            CS2R R[6:7], SR_CLOCKLO ;
            EXIT ;
    """, {"init": {"P0": lambda l, w, c, t: l < 5}}),
    "guards": ("""
        @!PT S2R R1, SR_LANEID ;
        @PT S2R R2, SR_LANEID ;
        @P0 S2R R3, SR_LANEID ;
        @!P0 S2R R4, SR_LANEID ;
            EXIT ;
    """, {"init": {"P0": lambda l, w, c, t: l % 3 == 0}, "block": 50}),
    "step limit": ("L:\nBRA `(L) ;", {"max_steps": 77, "grid": 2}),
    "timer ends while the warp runs": ("""
            BSSY B0, `(J) ;
        @P0 BRA `(XB) ;
            NANOSLEEP 0x3 ;             // lanes 0-7 sleep 3 cycles; lanes 8-31 run meanwhile
            CS2R R[2:3], SR_CLOCKLO ;
            BRA `(J) ;
        XB:
            NOP ;
            NOP ;
            NOP ;
            NOP ;                       // the first timer has ended (and must be cleared)
            CS2R R[6:7], SR_CLOCKLO ;
            NANOSLEEP 0x40 ;            // a new timer: lanes 8-31 sleep 0x40 cycles
            CS2R R[4:5], SR_CLOCKLO ;
        J:
            BSYNC B0 ;
            EXIT ;
    """, {"init": {"P0": lambda l, w, c, t: l >= 8}}),
    "fault in second warp": ("""
            S2R R1, SR_WARPID ;
            ISETP.NE.AND P0, PT, R1, RZ, PT ;
        @P0 BRA 0x1000 ;
            EXIT ;
    """, {"block": 64}),
    "early exit": ("""
        @P0 EXIT ;
            VOTE.ANY R1, P6, PT ;
            SHFL.DOWN PT, R3, R5, 0x1, 0x1f ;
            EXIT ;
    """, {"init": {"P0": lambda l, w, c, t: l < 9, "R5": "lane * 3"}, "grid": 2}),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_run_matches_step_api(isa, name):
    src, kw = PROGRAMS[name]
    fast, traced = _both(isa, isa.assemble(src), **kw)
    assert _state(fast) == _state(traced)


def test_guard_modes(isa):
    res = isa.launch(PROGRAMS["guards"][0], **PROGRAMS["guards"][1])
    w = res.warp()
    lanes = range(32)
    assert w.R[1].tolist() == [0] * 32                                             # @!PT: never
    assert w.R[2].tolist() == list(lanes)                                          # @PT: every active lane
    assert w.R[3].tolist() == [l if l % 3 == 0 else 0 for l in lanes]
    assert w.R[4].tolist() == [l if l % 3 else 0 for l in lanes]
    last = res.warp(0, 1)                                                          # partial warp: 18 lanes
    assert last.R[2].tolist() == [l if l < 18 else 0 for l in lanes]


def test_lone_warp_sleep_advances_the_clock(isa):
    res = isa.launch(PROGRAMS["lone warp sleeps"][0], **PROGRAMS["lone warp sleeps"][1])
    w = res.warp()
    assert res.ok and int(w.R[4][0]) >= 0x20 + 1 and int(w.R[6][0]) > int(w.R[4][0])
    res = isa.launch(PROGRAMS["timer ends while the warp runs"][0], **PROGRAMS["timer ends while the warp runs"][1])
    w = res.warp()
    assert res.ok and w.R[2].tolist()[:8] == [int(w.R[2][0])] * 8
    assert int(w.R[4][8]) - int(w.R[6][8]) > 0x40   # the second sleep lasted its own 0x40 cycles


def test_step_limit_of_a_lone_warp(isa):
    src = PROGRAMS["divergent loop"][0]
    for limit in (1, 7, 60):
        fast, traced = _both(isa, isa.assemble(src), max_steps=limit)
        assert fast.status == "step-limit" and fast.steps == limit and _state(fast) == _state(traced)


def test_memo_is_per_address_not_per_warp(isa):
    # the same BRA/SHFL addresses run by warps with different predicates and shuffle sources
    src = """
            S2R R1, SR_LANEID ;
        @P0 BRA `(SKIP) ;
            SHFL.IDX PT, R2, R1, R9, 0x1f ;
        SKIP:
            SHFL.UP PT, R3, R1, 0x2, RZ ;
            EXIT ;
    """
    res = isa.launch(src, block=96, init={"P0": lambda l, w, c, t: w == 1, "R9": lambda l, w, c, t: (l + w) % 32})
    for wi in range(3):
        w = res.warp(0, wi)
        want2 = [0] * 32 if wi == 1 else [(l + wi) % 32 for l in range(32)]
        assert w.R[2].tolist() == want2
        assert w.R[3].tolist() == [l - 2 if l >= 2 else l for l in range(32)]


def test_scalar_write_to_partial_mask(isa):
    res = isa.launch("@P0 ELECT P1, R9 ;\nEXIT ;", init={"P0": "(lane >> 2) & 1", "R9": 0xAB})
    w = res.warp()
    assert w.R[9].tolist() == [4 if (l >> 2) & 1 else 0xAB for l in range(32)]


# -- random programs ----------------------------------------------------------------------------
_FOCUS = {"BRA", "BSSY", "BSYNC", "BREAK", "EXIT", "WARPSYNC", "YIELD", "BRX", "CALL", "RET", "ISETP",
          "SHFL", "VOTE", "ELECT", "IADD3", "NANOSLEEP"}


def _random_word(db, rng, ops, weights):
    while True:
        op = rng.choices(ops, weights)[0]
        word = 0
        for f in op.fields:
            t = db.types.get(f.type)
            if f.fixed is not None:
                v = f.fixed
            elif f.name in ("sched", "req", "wsb", "rsb"):
                v = f.default or 0
            elif f.type == "Reg":
                v = rng.choice([0, 1, 2, 3, 4, 5, 255])
            elif f.type == "UReg":
                v = rng.choice([0, 1, 2, 63])
            elif f.type in ("Pred", "UPred"):
                v = rng.choice([0, 1, 2, 7, 7])
            elif f.type == "BReg":
                v = rng.choice([0, 1])
            elif t is not None and t.kind == "enum":
                v = rng.choice([val for _, val in t.values])
            elif t is not None and t.kind == "cmem":
                v = rng.randrange(0, 8) * 4
            elif f.name == "offset":
                v = rng.randint(-3, 3)
            else:
                v = rng.choice([0, 1, 2, 0x1f, 0x101f, 0x40, rng.getrandbits(min(f.width, 32))])
            word |= (v & ((1 << f.width) - 1)) << f.pos
        inst = decode_word(db, word)
        if inst is not None and inst.opcode is op:
            return word


@pytest.mark.parametrize("seed", range(6))
def test_random_programs_fast_equals_step(isa, seed):
    db = isa.db
    rng = random.Random(seed)
    ops = sorted(db.opcodes.values(), key=lambda o: o.name)
    weights = [8 if o.optype in _FOCUS else 1 for o in ops]
    exit_word = isa.encode("EXIT ;")
    for _ in range(25):
        words = [_random_word(db, rng, ops, weights) for _ in range(rng.randint(4, 14))] + [exit_word]
        init = {f"R{r}": [rng.choice([0, 1, 2, 5, 16, 31, 32, FULL, rng.getrandbits(32)]) for _ in range(32)]
                for r in range(6)}
        init.update({f"P{p}": [rng.random() < 0.5 for _ in range(32)] for p in range(3)})
        init.update({f"UR{u}": rng.choice([0, 1, FULL, rng.getrandbits(32)]) for u in range(3)})
        kw = dict(grid=rng.choice([1, 2]), block=rng.choice([32, 50, 64]), init=init, max_steps=800,
                  const={0: [rng.getrandbits(32) for _ in range(8)]}, strict=rng.random() < 0.2)
        fast, traced = _both(isa, words, **kw)
        assert _state(fast) == _state(traced), [f"0x{w:032x}" for w in words]

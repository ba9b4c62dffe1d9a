"""The batched engine (default) against the one-warp reference engine: the same
registers, memory and status on every program of the repository (examples/, the
hand-written programs of the simulator tests), on random programs of random
valid words, and on generated structured programs (hypothesis).

Race-free programs must agree exactly.  Differences allowed by the engines'
different interleavings (docs/simulator.md, "Engines"): the values returned by
atomics when warps hit the same address, unsynchronised shared/global memory
between warps, the model clock (SR_CLOCKLO, SR_GLOBALTIMER*), and which warp a
fault is reported for (the status kind agrees)."""
from __future__ import annotations

import importlib.util
import json
import random
import shlex
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuisa.asm.instruction import decode_word
from gpuisa.cli import main
from gpuisa.sim import Simulator
from gpuisa.sim.engine_batched import BatchedEngine

ROOT = Path(__file__).resolve().parents[2]
FULL = 0xFFFFFFFF


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"_engines_{name}", Path(__file__).parent / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


FAST_PATH = _load("test_fast_path")


def _final(res, sim=None):
    return (res.status, res.steps,
            [(w.cta, w.warp, w.regs.tobytes(), w.P.tobytes(), w.UR.tobytes(), w.UP.tobytes(), w.B.tobytes(),
              w.valid, w.pc, w.state) for w in res.warps])


def _both(isa, prog, **kw):
    out = []
    for engine in ("reference", "batched"):
        bufs = {k: v.copy() for k, v in kw.pop("buffers", {}).items()} if "buffers" in kw else None
        kw2 = dict(kw)
        if bufs is not None:
            kw2["buffers"] = bufs
            kw["buffers"] = {k: v.copy() for k, v in bufs.items()}
        sim = Simulator(isa, prog, engine=engine, **kw2)
        res = sim.run()
        out.append((res, sim, {k: v.tobytes() for k, v in (bufs or {}).items()}))
    return out


def _agree(isa, prog, *, exact=True, **kw):
    (ref, rsim, rbuf), (bat, bsim, bbuf) = _both(isa, prog, **kw)
    assert ref.status == bat.status
    if ref.status == "ok" and exact:
        assert _final(ref) == _final(bat)
        assert rbuf == bbuf
        assert sorted(json.dumps(e, sort_keys=True) for e in ref.events) == \
            sorted(json.dumps(e, sort_keys=True) for e in bat.events)
    return ref, bat


# -- every example, with its header command line ---------------------------------------------
EXAMPLES = sorted((ROOT / "examples").glob("*.s"))
#: outputs that depend on the order in which warps hit the same address (atomics)
RACY_BUFFERS = {"histogram.s": {"rank"}}


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_agree(path):
    lines = [ln[2:].strip() for ln in path.read_text().splitlines() if ln.startswith("//")]
    cmd = next(ln for ln in lines if ln.startswith("gpuisa run "))
    args = shlex.split(cmd)[1:]
    args[1] = str(path)
    # every buffer and some registers in the JSON output
    bufs = [a.split("=")[0] for a in args[args.index("--buffer"):] if "=" in a and not a.startswith("-")] \
        if "--buffer" in args else []
    extra = ["--json", "--dump", ",".join(f"R{i}" for i in range(14)) + ",P0,P1,P2"]
    for b in bufs:
        if b not in RACY_BUFFERS.get(path.name, ()) and f"{b}" not in " ".join(args[args.index("--dump-buffer") + 1:]
                                                                            if "--dump-buffer" in args else []):
            extra += ["--dump-buffer", b]
    outs = []
    for engine in ("reference", "batched"):
        r = CliRunner().invoke(main, args + extra + ["--engine", engine])
        assert r.exit_code == 0, r.output
        outs.append(json.loads(r.output))
    ref, bat = outs
    assert ref["status"] == bat["status"] == "ok" and ref["steps"] == bat["steps"]
    racy = RACY_BUFFERS.get(path.name, set())
    assert {k: v for k, v in ref.get("buffers", {}).items() if k not in racy} == \
        {k: v for k, v in bat.get("buffers", {}).items() if k not in racy}
    if not racy:
        assert ref["warps"] == bat["warps"]


# -- the hand-written programs of the simulator tests, also as bigger grids --------------------
@pytest.mark.parametrize("name", sorted(FAST_PATH.PROGRAMS))
def test_hand_written_programs_agree(isa, name):
    src, kw = FAST_PATH.PROGRAMS[name]
    prog = isa.assemble(src)
    exact = "SR_CLOCK" not in src
    _agree(isa, prog, exact=exact, **kw)
    kw = dict(kw, grid=3, block=kw.get("block", 32) if kw.get("block", 32) <= 64 else 64)
    _agree(isa, prog, exact=exact, **kw)


# -- random programs of random valid words --------------------------------------------------------
def _no_clock(db, word) -> bool:
    inst = decode_word(db, word)
    if inst is None:
        return True
    t = db.types.get("SReg")
    for k, v in inst.fields.items():
        if k == "sreg" and t is not None:
            name = t.by_value.get(v, "")
            if "CLOCK" in name or "GLOBALTIMER" in name:
                return False
    return inst.opcode.optype not in ("GETREG", "ATOMS", "ATOMG", "RED")


@pytest.mark.parametrize("seed", range(2))
def test_random_programs_agree(isa, seed):
    db = isa.db
    rng = random.Random(1000 + seed)
    ops = sorted(db.opcodes.values(), key=lambda o: o.name)
    weights = [8 if o.optype in FAST_PATH._FOCUS else 1 for o in ops]
    exit_word = isa.encode("EXIT ;")
    agreed = 0
    for _ in range(60):     # until 3 programs ran to completion (random words often fault early)
        if agreed >= 3:
            break
        words = []
        while len(words) < rng.randint(4, 14):
            w = FAST_PATH._random_word(db, rng, ops, weights)
            if _no_clock(db, w):
                words.append(w)
        words.append(exit_word)
        init = {f"R{r}": [rng.choice([0, 1, 2, 5, 16, 31, 32, FULL, rng.getrandbits(32)]) for _ in range(32)]
                for r in range(6)}
        init.update({f"P{p}": [rng.random() < 0.5 for _ in range(32)] for p in range(3)})
        init["R1"] = "warp * 7 + lane"     # warps differ: batches split
        kw = dict(grid=3, block=32, init=init, max_steps=800,   # one warp per CTA: no shared-memory races
                  const={0: [rng.getrandbits(32) for _ in range(8)]})
        ref, bat = _agree(isa, words, **kw)
        agreed += ref.status == "ok"
    assert agreed >= 3


# -- generated structured programs (divergence inside and between warps) --------------------------
_ALU = ["IADD3 R{d}, R{a}, R{b}, RZ ;", "IADD3 R{d}, R{a}, 0x{k:x}, R{b} ;", "LOP3.LUT R{d}, R{a}, R{b}, RZ, 0x{l:x}, !PT ;",
        "SHF.R.U32.HI R{d}, RZ, 0x{s:x}, R{a} ;", "SHF.L.U32 R{d}, R{a}, 0x{s:x}, RZ ;", "IMAD R{d}, R{a}, 0x{k:x}, R{b} ;",
        "IMAD.HI.U32 R{d}, R{a}, R{b}, RZ ;", "SEL R{d}, R{a}, R{b}, P0 ;", "FADD R{d}, R{a}, R{b} ;",
        "FFMA R{d}, R{a}, R{b}, R{c} ;", "ISETP.LT.U32.AND P0, PT, R{a}, R{b}, PT ;", "I2F R{d}, R{a} ;",
        "MOV R{d}, 0x{k:x} ;", "FMUL R{d}, R{a}, -R{b} ;", "ISETP.NE.AND P1, PT, R{a}, 0x{s:x}, PT ;"]


def _structured(rng: random.Random) -> str:
    out = ["S2R R0, SR_LANEID ;", "S2R R1, SR_WARPID ;", "S2R R2, SR_CTAID.X ;", "IMAD R3, R2, 0x3, R1 ;",
           "IADD3 R4, R0, R3, RZ ;", "LOP3.LUT R5, R0, R3, RZ, 0x96, !PT ;"]
    labels = iter(range(1000))

    def alu(n):
        for _ in range(n):
            f = rng.choice(_ALU)
            out.append(f.format(d=rng.randint(4, 9), a=rng.randint(0, 9), b=rng.randint(0, 9), c=rng.randint(0, 9),
                                k=rng.getrandbits(rng.choice([4, 12, 32])), l=rng.getrandbits(8), s=rng.randint(0, 31)))

    def block(depth):
        kind = rng.choice(["alu", "if", "loop", "alu"] if depth < 2 else ["alu"])
        if kind == "alu":
            alu(rng.randint(1, 4))
        elif kind == "if":
            n = next(labels)
            b = depth
            out.append(f"LOP3.LUT R10, R{rng.choice([0, 3, 4])}, 0x{rng.choice([1, 2, 3, 5]):x}, RZ, 0xc0, !PT ;")
            out.append("ISETP.NE.U32.AND P2, PT, R10, RZ, PT ;")
            out.append(f"BSSY B{b}, `(J{n}) ;")
            out.append(f"@P2 BRA `(T{n}) ;")
            block(depth + 1)
            out.append(f"BRA `(J{n}) ;")
            out.append(f"T{n}:")
            block(depth + 1)
            out.append(f"J{n}:")
            out.append(f"BSYNC B{b} ;")
        else:
            n = next(labels)
            b = depth + 2
            out.append(f"LOP3.LUT R11, R{rng.choice([0, 3, 4])}, 0x3, RZ, 0xc0, !PT ;")   # 0-3 trips per lane
            out.append("MOV R12, RZ ;")
            out.append(f"BSSY B{b}, `(E{n}) ;")
            out.append(f"L{n}:")
            out.append("ISETP.GE.U32.AND P3, PT, R12, R11, PT ;")
            out.append(f"@P3 BREAK B{b} ;")
            out.append(f"@P3 BRA `(E{n}) ;")
            block(depth + 1)
            out.append("IADD3 R12, R12, 0x1, RZ ;")
            out.append(f"BRA `(L{n}) ;")
            out.append(f"E{n}:")
            out.append(f"BSYNC B{b} ;")

    for _ in range(rng.randint(1, 4)):
        block(0)
    if rng.random() < 0.5:      # some lanes (or whole warps) leave early
        out.append(f"ISETP.LT.U32.AND P4, PT, R{rng.choice([0, 3])}, 0x{rng.randint(0, 40):x}, PT ;")
        out.append("@P4 EXIT ;")
        alu(2)
    out.append("EXIT ;")
    return "\n".join(out)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2 ** 32 - 1))
def test_structured_programs_agree(isa, seed):
    rng = random.Random(seed)
    src = _structured(rng)
    prog = isa.assemble(src)
    ref, bat = _agree(isa, prog, grid=rng.choice([2, 3]), block=rng.choice([32, 64, 96]), max_steps=20000,
                      init={"R6": "lane * 0x01010101", "R7": "tid ^ 0x3f800000", "R8": "cta * 5 + 1",
                            "R9": "warp + 0x40000000"})
    assert ref.status == "ok", src


# -- engine details ------------------------------------------------------------------------------
def test_shipped_semantics_run_at_batch_width(isa):
    """No data-path function of the shipped ISA falls back to per-warp replay on the examples."""
    src = (ROOT / "examples" / "vector_add.s").read_text()
    a = np.arange(256, dtype=np.float32)
    sim = Simulator(isa, isa.assemble(src), grid=4, block=64, buffers={"a": a, "b": a.copy(), "c": np.zeros(256, np.float32)},
                    params=["a", "b", "c", 250, 64])
    eng = BatchedEngine(sim)
    eng.run()
    assert sim.status == "ok" and not eng.fallbacks and eng.batches < sim.steps / 4


def test_batch_policy_reconverges_warps_that_took_different_paths(isa):
    """Lowest PC first: warps that took different (warp-uniform) paths merge again at the join."""
    src = """
            S2R R1, SR_WARPID ;
            LOP3.LUT R2, R1, 0x1, RZ, 0xc0, !PT ;
            ISETP.NE.AND P0, PT, R2, RZ, PT ;
        @P0 BRA `(ODD) ;
            IADD3 R3, R1, 0x1, RZ ;
            IADD3 R3, R3, 0x1, RZ ;
            BRA `(JOIN) ;
        ODD:
            IADD3 R3, R1, 0x2, RZ ;
        JOIN:
            IADD3 R4, R3, 0x1, RZ ;
            IADD3 R4, R4, 0x1, RZ ;
            IADD3 R4, R4, 0x1, RZ ;
            EXIT ;
    """
    sim = Simulator(isa, isa.assemble(src), block=256)
    eng = BatchedEngine(sim)
    eng.run()
    assert sim.status == "ok"
    assert eng.batches <= 4 + 2 + 3 + 1 + 3 + 1     # the three instructions after JOIN run as one batch each


def test_spin_wait_between_warps_terminates(isa):
    """A warp spinning at a low PC for a flag another warp sets later does not starve it."""
    src = """
            S2R R1, SR_WARPID ;
            ISETP.NE.AND P0, PT, R1, RZ, PT ;
        @P0 BRA `(WRITER) ;
        SPIN:
            LDG.E R2, [R4.64] ;
            ISETP.EQ.AND P1, PT, R2, RZ, PT ;
        @P1 BRA `(SPIN) ;
            EXIT ;
        WRITER:
            IADD3 R6, R6, 0x1, RZ ;
            IADD3 R6, R6, 0x1, RZ ;
            MOV R2, 0x1 ;
            STG.E [R4.64], R2 ;
            EXIT ;
    """
    flag = np.zeros(4, np.uint32)
    sim = Simulator(isa, isa.assemble(src), block=64, buffers={"f": flag}, max_steps=100000,
                    init={"R4": 0x10000000, "R5": 0, "R6": 0})
    res = sim.run()
    assert res.ok and flag[0] == 1


def test_result_names_the_instructions_replayed_one_warp_at_a_time(isa, monkeypatch):
    """``Result.fallbacks``: the optypes the batched engine ran one warp at a time after a
    batch-width failure (right but slow) -- empty when everything ran at batch width, and the
    optype when its function could not (here POPC's, made to refuse batches; POPC has no plan)."""
    import dataclasses

    from gpuisa.sim import registry
    from gpuisa.sim.context import PerWarp

    def prog(reg):      # words no other test decodes (the process-wide decode cache)
        return isa.assemble(f"S2R R0, SR_LANEID ;\nPOPC R{reg}, R0 ;\nEXIT ;\n")

    assert Simulator(isa, prog(93), grid=2, block=64).run().fallbacks == frozenset()
    entry = registry._REGISTRY["POPC"]

    def narrow(x):
        if x.batched:
            raise PerWarp("test")
        entry.fn(x)

    monkeypatch.setitem(registry._REGISTRY, "POPC", dataclasses.replace(entry, fn=narrow))
    res = Simulator(isa, prog(94), grid=2, block=64).run()
    assert res.status == "ok" and res.fallbacks == frozenset({"POPC"})
    assert [int(v) for v in res.warp(1, 1).R[94][:4]] == [bin(k).count("1") for k in range(4)]     # SR_LANEID: 0..31

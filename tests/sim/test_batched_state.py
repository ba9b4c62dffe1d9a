"""The batched engine's own state handling (issue 12, speed): arrays built from the launch shape
equal those read from the Warp objects; the final state reaches the Warp objects when they are
used (deferred) and the lazy ``Result.warps`` equals the list built from them; a warp changed
before the run is honoured."""
from __future__ import annotations

import numpy as np
import pytest

import gpuisa
from gpuisa.sim import Simulator
from gpuisa.sim.engine_batched import BatchedEngine, tune_malloc

PROG = """
    S2R R0, SR_LANEID ;
    S2R R1, SR_WARPID ;
    S2R R2, SR_CTAID.Y ;
@P0 IADD3 R3, R0, 0x64, RZ ;
    ISETP.GT.AND P1, PT, R0, 0x7, PT ;
@P1 EXIT ;
    IMAD R4, R1, 0x20, R2 ;
    EXIT ;
"""
ARRAYS = ("pc", "active", "valid", "yld", "sleep", "switch", "P", "UR", "UP", "B", "state", "issued", "fail_at",
          "fail_n", "widx", "gid", "cta_of", "ctaid_all")


@pytest.fixture(scope="module")
def isa():
    return gpuisa.load_isa()


@pytest.mark.parametrize("grid,block", [((3, 2, 2), 48), (5, 96), ((2, 3), (8, 4, 2)), (1, 1000)])
def test_launch_arrays_equal_the_warp_objects(isa, grid, block):
    prog = isa.assemble(PROG)
    a = Simulator(isa, prog, grid=grid, block=block)
    assert a._pristine
    fast = BatchedEngine(a)
    b = Simulator(isa, prog, grid=grid, block=block)
    b._pristine = False
    slow = BatchedEngine(b)
    for name in ARRAYS:
        x, y = getattr(fast, name), getattr(slow, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name
    assert fast.timed == slow.timed == set()


def test_deferred_store_and_lazy_result(isa):
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=(3, 2), block=80)
    res = sim.run()
    assert res.ok and sim._pending is not None          # the Warp objects are not written yet
    lazy = res.warps
    assert len(lazy) == 6 * 3 and lazy[-1] == lazy[len(lazy) - 1]
    eager = sim.result().warps                          # still lazy: the run is over
    assert sim._pending is not None
    ws = sim.warps                                      # first use of the objects: written now
    assert sim._pending is None
    built = sim.result().warps
    assert isinstance(built, list) and lazy == built and eager == built
    for w, r in zip(ws, built):
        assert (w.pc, w.valid, w.state) == (r.pc, r.valid, r.state)
    assert res.warp(cta=4, warp=2) == built[4 * 3 + 2]
    with pytest.raises(KeyError):
        res.warp(cta=9, warp=0)
    # and against the reference engine
    ref = Simulator(isa, prog, grid=(3, 2), block=80, engine="reference").run()
    assert ref.warps == lazy


def test_a_warp_changed_before_the_run_is_honoured(isa):
    """Reading sim.warps before run() (a test or tool setting a predicate) makes the engine read
    the objects instead of the launch shape."""
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=2, block=64)
    sim.warps[1].P[0] = 0xFFFFFFFF                  # @P0 IADD3 runs in warp 1 only
    res = sim.run()
    r3 = [list(w.R[3][:8]) for w in res.warps]
    assert r3[0] == [0] * 8 and r3[1] == list(range(100, 108)) and r3[2] == [0] * 8


def test_init_of_other_registers_than_gprs_is_honoured(isa):
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=2, block=64, init={"P0": 1, "R9": 5})
    assert not sim._pristine
    res = sim.run()
    assert all(list(w.R[3][:8]) == list(range(100, 108)) for w in res.warps)
    assert Simulator(isa, prog, grid=2, block=64, init={"R9": 5})._pristine


def test_a_second_run_or_step_after_a_batched_run(isa):
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=4, block=64)
    first = sim.run()
    assert sim.step() is None                            # over: nothing to do
    assert sim.run().warps == first.warps


def test_malloc_tuning_is_reported():
    import platform
    ok = tune_malloc()
    if platform.system() == "Linux" and platform.libc_ver()[0] == "glibc":
        assert ok


def test_decoded_instructions_are_shared_and_faults_are_not_cached(isa):
    """Simulator.fetch shares what depends only on (word, address) between simulators: the same
    plan object; a word that cannot run faults in every simulator; plans on/off are separate."""
    from gpuisa.sim.fastpath import gp_plans
    prog = isa.assemble(PROG)
    a, b = Simulator(isa, prog), Simulator(isa, prog)
    xa, xb = a.fetch(0x30), b.fetch(0x30)
    assert xa is not xb and xa.shared is xb.shared and xa.fn is xb.fn
    bad = list(prog.words) + [(1 << 128) - 1]
    for _ in range(2):
        res = Simulator(isa, bad, entry=16 * len(prog.words)).run()
        assert res.status == "invalid-instruction"
    old = gp_plans.FAST
    try:
        gp_plans.FAST = False
        c = Simulator(isa, prog).fetch(0x30)
        assert c.shared is not xa.shared and c.fn is c.ref
    finally:
        gp_plans.FAST = old


BAR_PROG = """
    S2R R0, SR_WARPID ;
    S2R R1, SR_CTAID.X ;
    S2R R2, SR_LANEID ;
    ISETP.EQ.AND P0, PT, R1, 0x1, PT ;
    ISETP.EQ.AND P0, PT, R0, 0x1, P0 ;      // warp 1 of CTA 1 is late
    MOV R3, RZ ;
    BAR.RED.POPC 0x1, P0 ;                  // a reduction first: B2R reads it, then BAR.SYNC resets it
    B2R.RESULT R6 ;
@P0 BRA `(LATE) ;                           // at a higher address: the others reach BAR.SYNC first
SYNC:
    STS [R0.X4+0x10], R3 ;
    BAR.SYNC 0x0 ;
    B2R.RESULT R4 ;
    LDS R5, [0x14] ;                        // warp 1's value, after the barrier
    EXIT ;
LATE:
    IADD3 R3, R3, 0x1, RZ ;
    ISETP.LT.AND P1, PT, R3, 0x5, PT ;
@P1 BRA `(LATE) ;
    BRA `(SYNC) ;
"""


@pytest.mark.parametrize("grid,block", [(3, 96), (4, 64), (1, 32)])
def test_whole_cta_barriers_match_the_reference(isa, grid, block):
    """The batched BAR kernel completes the barrier of a CTA whose every live warp arrives in
    one batch at once, and lets the others arrive one by one (a late warp): both engines agree,
    including B2R.RESULT after a plain BAR.SYNC and the shared value written before it."""
    prog = isa.assemble(BAR_PROG)
    ref = Simulator(isa, prog, grid=grid, block=block, engine="reference").run()
    bat = Simulator(isa, prog, grid=grid, block=block).run()
    assert ref.ok and bat.ok
    assert bat.warps == ref.warps
    for w in bat.warps:
        assert list(w.R[4]) == [0] * 32          # BAR.SYNC has no reduction: B2R reads 0
        late = 5 if (w.cta == 1 and block > 32) else 0
        assert list(w.R[5]) == [late] * 32 or block == 32


def test_shared_pool_pages_are_resident_only_where_written():
    """8,192 CTAs of 48 KiB shared memory, each writing one word: the pool costs about one
    4 KiB page per CTA (it cost 2 MiB huge pages, 384 MiB in all, through numpy's hugepage advice)."""
    import subprocess
    import sys
    code = ("import resource, numpy as np\n"
            "from gpuisa.sim.simulator import sparse_zeros\n"
            "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
            "p = sparse_zeros((8192, 49152))\n"
            "assert p.shape == (8192, 49152) and p.flags.writeable and not p[::1024, ::4096].any()\n"
            "p[:, 0] = 1\n"
            "print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)\n")
    grown = int(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    assert grown < 100, f"{grown} MiB resident for 8,192 touched pages"


URPROG = """
    S2R R0, SR_LANEID ;
    S2UR UR4, SR_CTAID.X ;
    IADD3 R1, R0, UR4, RZ ;
    EXIT ;
"""


def test_uniform_registers_appear_only_when_written(isa):
    """A program without uniform registers reads zeros and allocates none; one that writes a
    uniform register (S2UR: per warp) gets them, equal to the reference engine's."""
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=4, block=64)
    eng = BatchedEngine(sim)
    eng.run()
    assert eng._ur is None and not eng.UR.any() and eng.UR.shape == (64, eng.N)
    prog = isa.assemble(URPROG)
    res = {e: Simulator(isa, prog, grid=4, block=64, engine=e).run() for e in ("batched", "reference")}
    for a, b in zip(res["batched"].warps, res["reference"].warps):
        assert a.UR.tobytes() == b.UR.tobytes() and a.regs.tobytes() == b.regs.tobytes()
    assert [int(w.UR[4]) for w in res["batched"].warps] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [int(w.regs[1][5]) for w in res["batched"].warps] == [5, 5, 6, 6, 7, 7, 8, 8]


def test_batch_instructions_are_shared_between_runs_but_not_with_a_running_engine(isa):
    """An instruction's BatchExec is reused by the next simulator's engine (rebound to it),
    never taken from an engine that is still running (a run started inside another)."""
    prog = isa.assemble(PROG)
    a = BatchedEngine(Simulator(isa, prog, grid=2, block=64))
    xa = a._bexec(0)
    b = BatchedEngine(Simulator(isa, prog, grid=3, block=32))
    xb = b._bexec(0)
    assert xb is xa and xb.eng is b and xb.sim is b.sim
    b.running = True
    c = BatchedEngine(Simulator(isa, prog, grid=1, block=32))
    xc = c._bexec(0)
    assert xc is not xb and xb.eng is b and xc.eng is c
    b.running = False
    for n in (2, 3):        # and results stay right run after run
        res = Simulator(isa, prog, grid=n, block=64).run()
        ref = Simulator(isa, prog, grid=n, block=64, engine="reference").run()
        assert [w.regs.tobytes() for w in res.warps] == [w.regs.tobytes() for w in ref.warps]


def test_a_finished_run_is_not_kept_alive_by_the_shared_instructions(isa):
    """Regression: the process-wide BatchExec of each word held the last engine and simulator
    (their registers, memories) until another run rebound it: two grids' memory at once."""
    import gc
    import weakref
    prog = isa.assemble(PROG)
    sim = Simulator(isa, prog, grid=4, block=64)
    sim.run()
    ref = weakref.ref(sim)
    del sim
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("sreg", ["SR_LANEID", "SR_TID.X", "SR_EQMASK"])
def test_s2ur_of_a_per_lane_register_faults_in_both_engines(isa, sreg):
    prog = isa.assemble(f"S2UR UR4, {sreg} ;\nEXIT ;")
    for engine in ("batched", "reference"):
        res = Simulator(isa, prog, grid=2, block=64, engine=engine).run()
        assert res.status == "special-register" and "not warp-uniform" in res.fault["message"], engine


def test_s2ur_runs_at_batch_width(isa, monkeypatch):
    """S2UR of a uniform register is one call per batch (it was one warp at a time)."""
    calls = []
    orig = BatchedEngine._per_warp
    monkeypatch.setattr(BatchedEngine, "_per_warp", lambda self, pc, idx: (calls.append(pc), orig(self, pc, idx)))
    prog = isa.assemble(URPROG)
    res = Simulator(isa, prog, grid=4, block=64).run()
    assert res.status == "ok" and not calls


def test_a_full_decode_cache_still_shares_new_words(isa, monkeypatch):
    """Regression: the process-wide cache of decoded words stopped taking words once it held
    _DECODED_MAX of them, so in a long-lived process (the test suite's workers) two simulators of
    a new program no longer shared their decoded instructions. The oldest entry now goes."""
    from gpuisa.sim import simulator as simmod
    monkeypatch.setattr(simmod, "_DECODED_MAX", 4)
    for k in range(6):          # fill it with other words
        Simulator(isa, isa.assemble(f"MOV R{k + 1}, 0x{k + 0x51:x} ;\nEXIT ;")).run()
    prog = isa.assemble(PROG)
    a, b = Simulator(isa, prog), Simulator(isa, prog)
    xa, xb = a.fetch(0x30), b.fetch(0x30)
    assert xa.shared is xb.shared
    assert len(simmod._decoded(isa.db)) <= 4

"""Session 18's batch-width control code, each against the reference functions replaying the same
batches one warp at a time (status, steps, clock, registers, predicates, masks, RPC, parked lanes,
timers, memory and the watchdog's digest):

- BSYNC's yield patience (decision D18-5): a warp whose winners of a CAS loop wait at the BSYNC for
  its YIELD-ing losers, with both of the arm's outcomes (switch to the missing lanes; release past
  them, who then owe the BSYNC a pass) taken;
- BMOV (decision D18-7): every form, guarded, and a recursive kernel that saves and restores its
  B registers around each call;
- BSYNC in a warp that owes another BSYNC a pass (decision D18-8)."""
from __future__ import annotations

import types

import numpy as np
import pytest

from cuda_expect import CORPUS, compare, expected, launch_options, make_inputs, manifests
from gpuisa.asm.assembler import assemble
from gpuisa.sim import engine_batched
from gpuisa.sim.fastpath import control
from gpuisa.sim.semantics import bru

from test_perwarp14 import _assert_same_state, _state, replays

_LAUNCH = {lc["name"]: (stem, lc) for stem, m in manifests().items() for lc in m["launches"]}
#: launches whose BSYNCs take the arm (sm_90): releases past spinning lanes in the first two
CASES = ["simt_lock", "atom_float", "atomics_wrap"]


def _run(isa, name: str, arch: str = "sm_90", grid=None):
    from gpuisa.cuda import load_cuda
    stem, lc = _LAUNCH[name]
    lc = dict(lc, grid=grid or lc["grid"])
    k = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", lc["kernel"])
    bufs = make_inputs(lc)
    sim = k.simulator(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs,
                      shared_bytes=lc.get("shared_bytes", 0), **launch_options(lc, arch))
    res = sim.run()
    assert res.status == "ok", res.fault
    return sim, bufs, res


@pytest.mark.parametrize("name", CASES)
def test_the_yield_arm_equals_the_replay(isa, monkeypatch, name):
    outcomes = {"switch": 0, "release": 0}
    real = control.bsync_yield_rows

    def spy(e, x, idx, *args):
        real(e, x, idx, *args)
        gone = e.pc[idx] == x.pc + 16
        outcomes["release"] += int(gone.sum())
        outcomes["switch"] += int((~gone).sum())

    monkeypatch.setattr(engine_batched, "bsync_yield_rows", spy)
    # the corpus launches' arm cases are batches of one warp, which run the reference by default (D23-2)
    monkeypatch.setattr(engine_batched, "_SOLO_BY_REFERENCE", frozenset())
    sim, bufs, res = _run(isa, name)
    assert outcomes["switch"], outcomes
    if name != "atomics_wrap":     # its losers always progress: no release
        assert outcomes["release"], outcomes
    stem, lc = _LAUNCH[name]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "BSYNC")
    _assert_same_state(got, _state(*_run(isa, name)))


def test_lanes_state_from_the_arrays_is_the_reference_bytes(isa):
    """The arm's patience entries and the reference function's are compared with each other (a
    warp's attempts may alternate between the two): the same bytes from the same state."""
    sim, _, _ = _run(isa, "atom_float")
    eng = engine_batched.BatchedEngine(sim)
    rng = np.random.default_rng(18)
    sim.R[:] = rng.integers(0, 1 << 32, sim.R.shape, dtype=np.uint64).astype(np.uint32)
    sim.RPC[:] = rng.integers(-(1 << 40), 1 << 40, sim.RPC.shape)
    eng.P[:] = rng.integers(0, 1 << 32, eng.P.shape, dtype=np.uint64).astype(eng.P.dtype)
    eng.ur_rows()[:] = rng.integers(0, 1 << 32, eng.UR.shape, dtype=np.uint64).astype(np.uint32)
    eng.UP[:] = rng.integers(0, 2, eng.UP.shape).astype(eng.UP.dtype)
    for i in range(eng.N):
        for lanes in (1, 0x80000000, 0x0F0F00F1, 0xFFFFFFFF):
            w = eng.sync_in(i)
            assert control._lanes_state(eng, i, lanes) == bru.lanes_state(w, lanes)


def test_bmov_at_batch_width_equals_the_replay(isa, monkeypatch):
    """cpp12_recur: a recursive device function saves B registers with `BMOV.32.CLEAR R, B` and
    restores them with `BMOV.32 B, R` around each call -- at batch width, none replayed (four CTAs
    of one warp: the kernel indexes by threadIdx only, every CTA writes the manifest's words)."""
    replayed = replays(monkeypatch)
    sim, bufs, res = _run(isa, "cpp12_recur", grid=[4])
    assert "BMOV" not in replayed
    stem, lc = _LAUNCH["cpp12_recur"]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "BMOV")
    _assert_same_state(got, _state(*_run(isa, "cpp12_recur", grid=[4])))


_BMOV_FORMS = """
S2R R0, SR_TID.X ;
ISETP.GT.AND P0, PT, R0, 0x28, PT ;
IADD3 R3, R0, 0x100, RZ ;
BMOV.32 B0, 0x1234 ;
@P0 BMOV B1, R3 ;
BMOV R4, B1 ;
@!P0 BMOV.CLEAR R5, B0 ;
BMOV R6, B0 ;
@P0 BMOV.32.CLEAR B2, B1 ;
BMOV R7, B2 ;
BMOV R8, B1 ;
@P0 BMOV.32 B3, 0x77 ;
BMOV R9, B3 ;
EXIT ;
"""


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_every_bmov_form_guarded(isa, engine):
    """Four warps (threads 0-127), the guard `tid > 40`: warp 0 has no executing lane, warp 1 some
    (the first is thread 41), warps 2 and 3 all. Expected per warp from the forms' definitions
    (bru.isa's BMOV page), not from either engine."""
    res = isa.launch(assemble(isa.db, _BMOV_FORMS), grid=1, block=128, engine=engine)
    assert res.ok, res.fault
    for wi in range(4):
        w = res.warp(0, wi)
        tids = [32 * wi + ln for ln in range(32)]
        ex = [t > 40 for t in tids]
        b1 = (min(t for t, e in zip(tids, ex) if e) + 0x100) if any(ex) else 0
        b0 = 0 if not all(ex) else 0x1234       # .CLEAR by the lanes with the guard false
        b2, b1_after = (b1, 0) if any(ex) else (0, b1)
        b3 = 0x77 if any(ex) else 0
        for ln in range(32):
            got = [int(w.R[r][ln]) for r in (4, 5, 6, 7, 8, 9)]
            assert got == [b1, 0x1234 if not ex[ln] else 0, b0, b2, b1_after, b3], (wi, ln)


def test_warps_owing_another_bsync_a_pass_stay_at_batch_width(isa, monkeypatch):
    """D18-8: a warp released past YIELD lanes owes that BSYNC a pass (D7-simt-1); its other BSYNCs
    (another B register, address or call depth) run at batch width, only those where its lanes owe
    the pass run the reference function (its_sy_rwlock: readers and writers on one lock)."""
    seen = {"owing": 0, "here": 0}
    real = engine_batched._owed_here

    def spy(e, idx, owing, active, b, pc):
        here = real(e, idx, owing, active, b, pc)
        seen["owing"] += int(owing.sum())
        seen["here"] += int(here.sum())
        return here

    monkeypatch.setattr(engine_batched, "_owed_here", spy)
    sim, bufs, res = _run(isa, "its_sy_rwlock")
    assert 0 < seen["here"] < seen["owing"], seen
    stem, lc = _LAUNCH["its_sy_rwlock"]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "BSYNC")
    _assert_same_state(got, _state(*_run(isa, "its_sy_rwlock")))


@pytest.mark.parametrize("name", ["hash14_tile4", "its_cw_aggr"])
def test_warpsync_with_a_mask_per_lane_equals_the_replay(isa, monkeypatch, name):
    """D18-9: cooperative groups' tiles (`__syncwarp(mask)` with a tile mask per lane) release their
    groups at batch width, none replayed, in the state the reference function's replay gives."""
    replayed = replays(monkeypatch)
    sim, bufs, res = _run(isa, name)
    assert "WARPSYNC" not in replayed
    stem, lc = _LAUNCH[name]
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "WARPSYNC")
    _assert_same_state(got, _state(*_run(isa, name)))


_TILES = """
S2R R0, SR_LANEID ;
ISETP.GE.AND P0, PT, R0, 0x10, PT ;
MOV R10, 0xffff0000 ;
MOV R11, 0xffff ;
SEL R2, R10, R11, P0 ;
MOV R3, 0xffffffff ;
WARPSYNC.ALLGROUPS R2 ;
VOTE.ANY R6, PT, PT ;
WARPSYNC R2 ;
VOTE.ANY R7, PT, PT ;
WARPSYNC.ALLGROUPS R3 ;
VOTE.ANY R8, PT, PT ;
EXIT ;
"""


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_tiles_release_together_or_alone(isa, engine):
    """Two tiles of 16 lanes per warp, three warps. `.ALLGROUPS` (nvcc's plain `WARPSYNC Rb`)
    releases both complete tiles together; the seed's WARPSYNC_R releases the first lane's tile and
    the other waits there; a full mask then finds one half missing, switches to it, and
    completes. Expected from the BRU page's rules: the active mask each lane sees after each."""
    res = isa.launch(assemble(isa.db, _TILES), grid=1, block=96, engine=engine)
    assert res.ok, res.fault
    for wi in range(3):
        w = res.warp(0, wi)
        for ln in range(32):
            tile = 0xFFFF0000 if ln >= 16 else 0xFFFF
            assert [int(w.R[r][ln]) for r in (6, 7, 8)] == [0xFFFFFFFF, tile, 0xFFFFFFFF], (wi, ln)


def test_bra_with_a_uniform_thread_mask_is_the_golden_function():
    """D18-11: `BRA.DIV UR4, target` / `.CONV` (nvcc's check before a warp-wide operation that the
    lanes of its mask are converged) per warp of a batch, against ``bru.golden_branch_mask`` on
    random valid/active/guard/mask words, with the edge cases (no guard, every lane, a mask
    outside the valid lanes)."""
    rng = np.random.default_rng(1811)
    n = 4000
    valid = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    valid[:500] = 0xFFFFFFFF
    active = valid & rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    active[::3] = valid[::3]
    pg = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    pg[::5], pg[1::5] = 0xFFFFFFFF, 0
    ur = rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32)
    ur[::7] = 0xFFFFFFFF
    ur[1::7] = active[1::7]
    x = types.SimpleNamespace(src=lambda name: ur)
    for div in (True, False):
        got = engine_batched._bra_ur(x, valid, active, pg, pg & active, div)
        want = [bru.golden_branch_mask(int(a), int(v), int(g), ".DIV" if div else ".CONV", int(u))
                for a, v, g, u in zip(active, valid, pg, ur)]
        assert got.tolist() == want


@pytest.mark.parametrize("name", ["simt_warp", "cg_shfl"])
def test_bra_div_with_a_uniform_mask_equals_the_replay(isa, monkeypatch, name):
    """Warp-level operations under divergence and cooperative groups' shuffles (`BRA.DIV UR4`
    before each) with BRA at batch width, against the replay of every BRA warp by warp."""
    sim, bufs, res = _run(isa, name)
    got = _state(sim, bufs, res)
    monkeypatch.delitem(engine_batched.KERNELS, "BRA")
    _assert_same_state(got, _state(*_run(isa, name)))


@pytest.mark.parametrize("name", ["simt_lock", "atomics_wrap"])
def test_a_batch_of_one_by_the_reference_equals_the_kernels(isa, monkeypatch, name):
    """Decision D23-2: a batch of one warp at BRA, BSYNC, YIELD, EXIT, WARPSYNC, BAR, ... runs the
    reference function instead of the batched kernel; the run ends in the same state as with the
    kernels (steps, clock, registers, masks, memory, the watchdog's digest)."""
    got = _state(*_run(isa, name))
    monkeypatch.setattr(engine_batched, "_SOLO_BY_REFERENCE", frozenset())
    _assert_same_state(got, _state(*_run(isa, name)))

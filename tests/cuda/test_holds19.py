"""Contended CAS loops at grid scale, session 19 (decision D19-1, sim/contention.py): the warps that
lose a CAS on a word another warp of the batch stored on are held while the winners go on, so a
loop over one word costs warp-instructions linear in the grid instead of quadratic.  Results from
cuda_expect (numpy); the policy's own rules on synthetic batches."""
from __future__ import annotations

import os

import numpy as np
import pytest
from cuda_expect import CORPUS, compare, expected, launches, make_inputs

from gpuisa.sim import contention
from gpuisa.sim.contention import HOLD_AWAY, CasHolds
from gpuisa.sim.state import S_BARRIER, S_EXITED, S_READY

_LAUNCH = {lc["name"]: lc for stem, lc in launches() if stem == "cas19"}


def _run(isa, name: str, arch: str = "sm_90", grid=None, block=None, params=None, engine: str = "batched",
         spy: list | None = None, monkeypatch=None):
    from gpuisa.cuda import load_cuda
    lc = dict(_LAUNCH[name])
    if grid is not None:
        lc.update(grid=grid, block=block, params=params)
    if spy is not None:
        real = CasHolds.after_cas

        def after_cas(self, *args):
            held = real(self, *args)
            spy.append(self.count)
            return held
        monkeypatch.setattr(CasHolds, "after_cas", after_cas)
    k = load_cuda(isa, CORPUS / arch / "cas19.nvdisasm", lc["kernel"])
    bufs = make_inputs(lc)
    res = k.launch(grid=tuple(lc["grid"]), block=tuple(lc["block"]), params=lc["params"], buffers=bufs,
                   engine=engine)
    return lc, bufs, res


def _check(lc: dict, bufs: dict) -> None:
    want = expected(lc, make_inputs(lc))
    assert not [p for q in lc["outputs"] if (p := compare(lc, q, bufs[q], want[q]))]


_FULL = bool(os.environ.get("GPUISA_CUDA_FULL"))
_OTHER_TARGET = pytest.mark.skipif(not _FULL, reason="GPUISA_CUDA_FULL: the same policy from the other targets' code")


@pytest.mark.parametrize("arch", [pytest.param("sm_75", marks=_OTHER_TARGET), "sm_90",
                                  pytest.param("sm_120", marks=_OTHER_TARGET)])
def test_a_contended_cas_sum_costs_far_fewer_steps(isa, monkeypatch, arch):
    """cas_dsum (every thread's CAS loop on one double): in lockstep each round stores once for the
    whole grid (steps quadratic in the grid); with the losers held, 4x the threads cost well under
    16x the steps, and 32 warps take a fifth of the lockstep's steps or less.  The sum is numpy's."""
    held: list[int] = []
    steps = []
    for blocks in (1, 4):
        lc, bufs, res = _run(isa, "cas_dsum", arch, [blocks], [256], ["ptr:x", "ptr:sum", f"s32:{256 * blocks}"],
                             spy=held, monkeypatch=monkeypatch)
        assert res.status == "ok", res.fault
        _check(lc, bufs)
        steps.append(res.steps)
    assert max(held) > 0
    assert steps[1] < 8 * steps[0], steps
    monkeypatch.setattr(CasHolds, "after_cas", lambda *args: False)
    lc, bufs, res = _run(isa, "cas_dsum", arch, [4], [256], ["ptr:x", "ptr:sum", "s32:1024"])
    _check(lc, bufs)
    assert res.steps > 5 * steps[1], (res.steps, steps)


def test_the_ticket_wait_finishes_with_warps_held(isa, monkeypatch):
    """cas_ticket: a holder that waits for the held warps' tickets lets them go on (it issues
    HOLD_AWAY instructions without coming back to the CAS, or no other warp is ready)."""
    held: list[int] = []
    lc, bufs, res = _run(isa, "cas_ticket", spy=held, monkeypatch=monkeypatch)
    assert res.status == "ok", res.fault
    _check(lc, bufs)
    assert max(held) > 0


def test_a_ticket_wait_that_never_ends_is_still_a_deadlock(isa):
    """One ticket more than the threads: every warp waits for ever.  The holds are all given up
    (their holders stop coming back to the CAS) and the watchdog reports the repeated state
    instead of the step limit."""
    lc, bufs, res = _run(isa, "cas_ticket", grid=[1], block=[64], params=["ptr:ticket", "ptr:order", "s32:65"])
    assert res.status == "deadlock", res.fault


def test_batched_and_reference_engines_agree(isa):
    for name in ("cas_block", "cas_fmax"):
        got = _run(isa, name)[1]
        ref = _run(isa, name, engine="reference")[1]
        for q in _LAUNCH[name]["outputs"]:
            assert np.array_equal(np.sort(got[q]), np.sort(ref[q])), (name, q)


# -- the policy on synthetic batches -------------------------------------------------------------
def _holds(n: int = 6) -> tuple[CasHolds, np.ndarray, np.ndarray]:
    return CasHolds(n), np.full(n, S_READY, np.int8), np.zeros(n, np.int64)


def test_losers_on_a_word_some_warp_stored_on_are_held():
    h, state, issued = _holds()
    idx = np.arange(6)
    won = np.array([False, True, False, False, True, False])
    word = np.array([100, 100, 100, 200, 200, -1])     # warp 5: lanes on several words, never held
    issued[:] = 7
    assert h.after_cas(idx, won, word, issued)
    assert h.held.tolist() == [True, False, True, True, False, False]
    assert h.count == 3


def test_a_word_nobody_stored_on_holds_no_one():
    h, state, issued = _holds()
    assert not h.after_cas(np.arange(4), np.zeros(4, bool), np.full(4, 100), issued)
    assert h.count == 0


def test_the_held_warps_go_on_when_the_holders_are_gone():
    h, state, issued = _holds()
    h.after_cas(np.arange(4), np.array([True, True, False, False]), np.full(4, 100), issued)
    state[0] = S_EXITED
    h.look(state, issued, force=False)
    assert h.held.tolist()[:4] == [False, False, True, True]        # holder 1 is still there
    issued[1] = HOLD_AWAY + 1                                       # ... and has left the loop
    h.look(state, issued, force=False)
    assert not h.held.any() and h.count == 0 and not h.ids


def test_with_no_other_warp_ready_the_held_warps_go_on():
    h, state, issued = _holds()
    h.after_cas(np.arange(3), np.array([True, False, False]), np.full(3, 100), issued)
    h.after_cas(np.array([3, 4]), np.array([True, False]), np.full(2, 200), issued)
    state[0] = S_BARRIER            # a holder waits at a barrier the held warps must reach
    h.look(state, issued, force=True)
    assert not h.held.any() and h.count == 0


def test_a_holder_that_fails_twice_releases_its_word():
    h, state, issued = _holds()
    h.after_cas(np.arange(3), np.array([True, False, False]), np.full(3, 100), issued)
    for _ in range(2):
        h.after_cas(np.array([0]), np.array([False]), np.array([100]), issued)
    assert h.count == 0 and not h.held.any() and (h.group == -1).all() and not h.ids


def test_holds_are_per_word():
    """Per word, whatever the CAS instruction (decision D23-1: before, per word and instruction)."""
    h, state, issued = _holds()
    h.after_cas(np.arange(4), np.array([True, False, True, False]), np.array([1, 1, 2, 2]), issued)
    state[0] = S_EXITED
    h.look(state, issued, force=False)
    assert h.held.tolist()[:4] == [False, False, False, True]       # word 1's warp goes on, word 2's stays
    h.after_cas(np.array([4, 5]), np.array([True, False]), np.array([1, 1]), issued)
    assert h.held[5] and h.count == 2


def test_the_constants():
    assert contention.HOLD_CHECK >= 1 and HOLD_AWAY >= 16


def test_cas_rows_reads_each_warps_outcome_and_word():
    """fastpath.atomics._cas_rows: per warp, a lane stored; the one word of its active lanes or -1
    (several words, or no active lane)."""
    from gpuisa.sim.fastpath.atomics import _cas_rows
    m = np.zeros((4, 32), bool)
    m[0, [0, 5]] = True          # warp 0: two lanes on word 8, lane 5 stored
    m[1, [1, 2, 3]] = True       # warp 1: words 8, 8, 16
    m[3, 31] = True              # warp 3: one lane on word 24, failed; warp 2: no lane
    stored = np.array([False, True, False, False, False, False])
    keys = np.array([8, 8, 8, 8, 16, 24])
    won, word = _cas_rows(m, stored, keys)
    assert won.tolist() == [True, False, False, False]
    assert word.tolist() == [8, -1, -1, 24]


def test_a_hand_over_releases_the_lowest_held_warps_of_each_word():
    """At most HOLD_RELEASE warps of a word go on at a hand-over, the lowest first; the rest wait
    for the next one (each word on its own)."""
    n = 2 * contention.HOLD_RELEASE + 6
    h, state, issued = _holds(n)
    won = np.zeros(n, bool)
    won[[0, 1]] = True
    word = np.where(np.arange(n) % 2 == 0, 100, 200)
    h.after_cas(np.arange(n), won, word, issued)
    state[[0, 1]] = S_EXITED
    h.look(state, issued, force=False)
    for w in (100, 200):
        mine = np.flatnonzero(word == w)[1:]                       # the held warps of the word, in order
        assert not h.held[mine[:contention.HOLD_RELEASE]].any() and h.held[mine[contention.HOLD_RELEASE:]].all()

"""Contended CAS loops across instructions, session 23 (decision D23-1, sim/contention.py): a warp
that fails a CAS on a word another warp keeps storing on -- at another instruction, in another batch
-- is held while that warp goes on, as D19-1 holds the losers of one batch.  Before, the batched
scheduler issued the loser once per starvation bound (it yields every trip, the winner seldom), it
lost every round, the BSYNC's patience (D7-simt-6) ran out and released past its lanes: the warp
left the loop split into single lanes and ran everything after it lane by lane (cuda_fuzz seed
22212: past 3 M warp-instructions where the reference engine took 1.1 M).  Results by numpy."""
from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from gpuisa.sim.contention import HOLD_AWAY, CasHolds
from gpuisa.sim.state import S_EXITED, S_READY

DATA = Path(__file__).resolve().parent / "data" / "cas23"
ROUNDS = 40
_M = 0xFFFFFFFF


def _expected(inp: np.ndarray, rounds: int) -> tuple[int, list[int]]:
    """cas_starve.cu for one block of 64 threads, per thread in Python integers: the counter and
    warp 0's accumulators."""
    total, accs = 32, []            # warp 1: 32 additions of 1
    for t in range(32):
        acc = int(inp[t])
        for r in range(rounds):
            for _ in range((int(inp[r & 63]) & 15) + 8):
                acc = ((acc * 1664525 + 1013904223) & _M) ^ (acc >> 7)
            total += acc & 7
        accs.append(acc)
    return total & _M, accs


_FULL = bool(os.environ.get("GPUISA_CUDA_FULL"))


@pytest.mark.parametrize("arch,engine", [
    ("sm_90", "batched"), ("sm_90", "reference"),
    pytest.param("sm_75", "batched", marks=pytest.mark.skipif(not _FULL, reason="GPUISA_CUDA_FULL: sm_75's code"))])
def test_a_cas_loser_on_another_instructions_word_leaves_converged(isa, arch, engine):
    """Warp 0 adds to cnt[0] in 40 CAS loops, each after a stretch without a YIELD; warp 1 adds
    once at its own loop and records __activemask() after it.  The sum is numpy's; warp 1 leaves
    its loop converged (before: 32 single-lane masks in the batched engine, the BSYNC having
    released past its losers).  CUDA does not promise the reconvergence; the model's schedule
    gives it, as the reference engine's does."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, DATA / f"cas_starve_{arch}.nvdisasm", "cas_starve")
    inp = np.random.default_rng(23).integers(0, 1 << 32, 64, dtype=np.uint32)
    bufs = {"cnt": np.zeros(4, np.uint32), "in": inp.copy(), "out": np.zeros(64, np.uint32)}
    res = k.launch(grid=(1,), block=(64,), params=["ptr:cnt", "ptr:in", "ptr:out", f"s32:{ROUNDS}"],
                   buffers=bufs, engine=engine)
    assert res.status == "ok", res.fault
    total, accs = _expected(inp, ROUNDS)
    assert int(bufs["cnt"][0]) == total
    assert bufs["out"][:32].tolist() == accs
    assert bufs["out"][32:].tolist() == [_M] * 32


# -- the policy on synthetic batches -------------------------------------------------------------
def _holds(n: int = 4) -> tuple[CasHolds, np.ndarray, np.ndarray]:
    return CasHolds(n), np.full(n, S_READY, np.int8), np.zeros(n, np.int64)


def _one(h, i, won, word, issued, state):
    return h.after_cas(np.array([i]), np.array([won]), np.array([word]), issued, state)


def test_a_lone_loser_on_a_word_another_warp_holds_is_held():
    h, state, issued = _holds()
    assert not _one(h, 0, True, 100, issued, state)      # warp 0 stores at one loop ...
    assert _one(h, 1, False, 100, issued, state)         # ... warp 1 fails at another
    assert h.held.tolist() == [False, True, False, False] and h.count == 1
    assert not _one(h, 2, False, 200, issued, state)     # another word: nobody holds it


def test_a_holder_that_has_gone_holds_no_one():
    h, state, issued = _holds()
    _one(h, 0, True, 100, issued, state)
    issued[0] = HOLD_AWAY + 1           # it issued HOLD_AWAY instructions without a CAS on the word
    assert not _one(h, 1, False, 100, issued, state)
    issued[0] = 0
    state[0] = S_EXITED
    assert not _one(h, 1, False, 100, issued, state)
    assert h.count == 0 and not h.held.any()


def test_a_batch_loser_is_held_by_a_holder_outside_the_batch():
    h, state, issued = _holds()
    _one(h, 0, True, 100, issued, state)
    assert h.after_cas(np.array([1, 2]), np.zeros(2, bool), np.array([100, 100]), issued, state)
    assert h.held.tolist() == [False, True, True, False]


def test_a_lone_holder_failing_with_no_other_holder_counts_a_miss():
    """D19-1's rule is kept: a holder that fails twice in a row releases the word's warps."""
    h, state, issued = _holds()
    h.after_cas(np.arange(3), np.array([True, False, False]), np.full(3, 100), issued, state)
    assert h.count == 2
    assert not _one(h, 0, False, 100, issued, state)
    assert _one(h, 0, False, 100, issued, state)
    assert h.count == 0 and not h.held.any()


def test_a_failing_holder_is_held_while_another_holder_stores():
    h, state, issued = _holds()
    _one(h, 0, True, 100, issued, state)
    _one(h, 1, True, 100, issued, state)
    assert _one(h, 1, False, 100, issued, state)
    assert h.held.tolist() == [False, True, False, False]


def test_a_warp_held_too_long_goes_on_and_is_not_held_again_until_it_stores():
    """A holder that stores on the word for as long as the held warp has not done something (a
    counter it increments while it waits for a flag the held warp raises) would hold it for ever:
    after ``longest`` steps of the grid the held warp goes on, free of holds until it stores."""
    h, state, issued = _holds()
    _one(h, 0, True, 100, issued, state)
    assert h.after_cas(np.array([1]), np.array([False]), np.array([100]), issued, state, 1000)
    h.look(state, issued, False, 1000 + h.longest)          # not yet
    assert h.held[1]
    _one(h, 0, True, 100, issued, state)              # the holder stores on and on
    h.look(state, issued, False, 1001 + h.longest)
    assert not h.held[1] and h.free[1] and h.count == 0
    _one(h, 0, True, 100, issued, state)
    assert not _one(h, 1, False, 100, issued, state)  # it fails again: not held
    assert not h.held[1]
    _one(h, 1, True, 100, issued, state)              # it stores: holdable again
    _one(h, 0, True, 100, issued, state)
    assert _one(h, 1, False, 100, issued, state)

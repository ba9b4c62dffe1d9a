"""Decision D25-1: a warp whose spin loop repeats parks until a word it polls changes
(sim/parking.py).  A chained scan of G CTAs (each block's thread 0 waits for its predecessor's
flag) made every waiting warp spin once per hand-over: O(G^2) warp-instructions.  Now it grows
linearly with G, gives the prefix sums numpy computes, and a wait that nobody ends is a located
``deadlock`` fault as soon as nothing else can run."""
from __future__ import annotations

import numpy as np
import pytest

from cuda_expect import CORPUS

from gpuisa.sim.parking import TRIP_OK

LISTING = CORPUS / "sm_80" / "park25_chain.nvdisasm"


def _chain(isa, ctas: int):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, LISTING, "chainScan")
    inp = np.random.default_rng(ctas).integers(-100, 100, ctas * 256).astype(np.int32)
    bufs = {"in": inp, "out": np.zeros_like(inp), "flags": np.zeros(ctas, np.int32),
            "partial": np.zeros(ctas, np.int32)}
    res = k.launch(grid=(ctas,), block=(256,), params=["ptr:in", "ptr:out", "ptr:flags", "ptr:partial"],
                   buffers=bufs)
    assert res.status == "ok", res.fault
    assert np.array_equal(bufs["out"], np.cumsum(inp.astype(np.int64)).astype(np.int32))
    return res.steps


def test_a_chained_scan_costs_linear_warp_instructions(isa):
    """64 -> 256 CTAs: 47,151 -> 188,847 warp-instructions (4.0x); before parking 65,151 -> 506,367
    (7.8x: every waiting warp made a trip per hand-over)."""
    small, big = _chain(isa, 64), _chain(isa, 256)
    assert big < 4.5 * small, (small, big)
    assert big < 300_000, big


def test_a_wait_nobody_ends_is_a_deadlock_naming_the_word(isa):
    """Thread 0 of each block spins on a flag no thread writes (its warp's other lanes wait at __syncwarp):
    once every warp is parked, the run stops with the polled word's address, long before the
    watchdog's first checkpoint."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, LISTING, "waitForever")
    bufs = {"flag": np.zeros(4, np.int32), "out": np.zeros(128, np.int32)}
    res = k.launch(grid=(2,), block=(64,), params=["ptr:flag", "ptr:out"], buffers=bufs)
    assert res.status == "deadlock"
    msg = res.fault["message"]
    assert "spins on global memory that no other warp will write" in msg, msg
    assert "4-byte global word at 0x" in msg and "to change" in msg, msg
    assert res.steps < 2_000, res.steps
    # warp 1 of each block has no thread 0: it stored and exited; warp 0's other lanes wait for lane 0
    assert np.array_equal(bufs["out"].reshape(2, 2, 32), np.array([[0] * 32, [1] * 32] * 2).reshape(2, 2, 32))


def test_a_flag_set_before_the_launch_does_not_wait(isa):
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, LISTING, "waitForever")
    bufs = {"flag": np.ones(4, np.int32), "out": np.zeros(128, np.int32)}
    res = k.launch(grid=(2,), block=(64,), params=["ptr:flag", "ptr:out"], buffers=bufs)
    assert res.status == "ok"
    assert (bufs["out"] == 1).all()


def test_a_parkable_trip_touches_nothing_another_warp_sees(isa):
    """The whitelist names real optypes, and none that writes memory, waits for other warps, or
    reads memory the wake-up check does not watch (shared, generic, local stores)."""
    names = set(isa.db.optypes)
    assert TRIP_OK <= names, TRIP_OK - names
    forbidden = {"ST", "STG", "STS", "STL", "STSM", "ATOM", "ATOMG", "ATOMS", "RED", "REDG", "LD", "LDS", "LDSM",
                 "LDGSTS", "BAR", "SYNCS", "ARRIVES", "SYSCALL", "NANOSLEEP", "EXIT", "TRAP", "CALL", "RET",
                 "UBLKCP", "UCGABAR_ARV", "UCGABAR_WAIT", "SETREG"}
    assert not TRIP_OK & forbidden, TRIP_OK & forbidden


@pytest.mark.parametrize("engine", ["batched", "reference"])
def test_the_lookback_is_the_same_on_both_engines(isa, engine):
    """A decoupled look-back over 64-bit status words (LDG.64 polled): parking is a schedule of the
    batched engine; the reference engine (which does not park) gives the same sums."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_90" / "park25_chain.nvdisasm", "lookbackSum")
    inp = np.random.default_rng(5).integers(0, 1 << 20, 24 * 128).astype(np.uint32)
    bufs = {"in": inp, "out": np.zeros(48, np.uint64), "status": np.zeros(24, np.uint64)}
    sim = k.simulator(grid=(24,), block=(128,), params=["ptr:in", "ptr:out", "ptr:status"], buffers=bufs,
                      engine=engine)
    res = sim.run()
    assert res.status == "ok", res.fault
    sums = inp.astype(np.uint64).reshape(-1, 128).sum(axis=1)
    inc = np.cumsum(sums)
    assert np.array_equal(bufs["out"], np.concatenate([inc, inc - sums]))


def test_a_lane_alone_in_a_loop_without_yield_parks_and_wakes(isa):
    """Block 1's thread 0 polls a flag alone (its warp's other lanes exited: nvcc emits no YIELD),
    while block 0 computes, sets the flag and then polls an acknowledgement through an atomic (a
    spin that never parks, the only ready warp: no continuation may keep the parked warp from its
    checks).  Before: 818,845 warp-instructions (block 1 spun through block 0's work)."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_90" / "park25_chain.nvdisasm", "handshake")
    bufs = {"flag": np.zeros(1, np.int32), "ack": np.zeros(1, np.int32), "out": np.zeros(3, np.int32)}
    res = k.launch(grid=(2,), block=(32,), params=["ptr:flag", "ptr:ack", "ptr:out", "s32:3000"], buffers=bufs)
    assert res.status == "ok", res.fault
    assert list(bufs["out"][1:]) == [7, 9]
    assert res.steps < 30_000, res.steps

"""Launch shapes and large grids (direction launch12, decisions D12-L-*): the batch-width integer
atomics equal to the warp-by-warp replay, the half-precision constant moves at one element, the
``--json`` warp list of a large grid, and launches beyond CUDA's limits refused with the reason."""
from __future__ import annotations

import json

import numpy as np
import pytest
from cuda_expect import CORPUS, expected, make_inputs, manifests

from gpuisa.sim import engine_batched


_KERNELS: dict = {}


def _launch(isa, stem, name, arch, **kw):
    from gpuisa.cuda import load_cuda
    launch = next(lc for lc in manifests()[stem]["launches"] if lc["name"] == name)
    key = (stem, arch, launch["kernel"])
    if key not in _KERNELS:
        _KERNELS[key] = load_cuda(isa, CORPUS / arch / f"{stem}.nvdisasm", launch["kernel"])
    k = _KERNELS[key]
    bufs = make_inputs(launch)
    sim = k.simulator(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"],
                      buffers=bufs, shared_bytes=launch.get("shared_bytes", 0), **kw)
    res = sim.run()
    assert res.status == "ok", res.fault
    return launch, sim, bufs, res


@pytest.mark.parametrize("arch", ["sm_90"])
def test_batch_atomics_equal_the_warp_by_warp_replay(isa, monkeypatch, plan_calls, arch):
    """D12-L-3: ATOMS.ADD / ATOMG.ADD(.64) returning the old values under contention, RED/REDG and
    ATOMS.POPC.INC at batch width give the registers and memory the one-warp replay gives (same
    warp order), and the batch plan is really used (not a replay)."""
    launch, sim, bufs, res = _launch(isa, "lx_comm", "lx_atomix", arch)
    assert {o for o, _op, ok in plan_calls if ok} >= {"ATOMS", "ATOMG"}, plan_calls
    monkeypatch.setattr(engine_batched, "batch_plan", lambda x: None)
    _, sim2, bufs2, res2 = _launch(isa, "lx_comm", "lx_atomix", arch)
    assert res.steps == res2.steps
    assert np.array_equal(sim.R, sim2.R)          # the returned old values, lane by lane
    for name in bufs:
        assert np.array_equal(bufs[name], bufs2[name]), name
    want = expected(launch, make_inputs(launch))
    assert np.array_equal(bufs["sum32"], want["sum32"]) and np.array_equal(bufs["sum64"], want["sum64"])


def test_batch_atomics_fault_where_the_replay_does(isa, monkeypatch):
    """A batch the plan does not take (an address beyond the buffer) is replayed warp by warp:
    the same fault at the same warp, after the same additions, as without the plan."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, CORPUS / "sm_80" / "lx_comm.nvdisasm", "lx_hist")

    def run():
        data = np.full(1024, 3, np.uint8)
        data[4 * 40 + 1] = 200              # a byte of CTA 0's second warp: bin 200 is outside hist
        hist = np.zeros(16, np.uint32)      # 64 bytes
        res = k.launch(grid=2, block=64, params=["ptr:data", "ptr:hist", "s64:1024"],
                       buffers={"data": data, "hist": hist})
        return res, hist

    res, hist = run()
    monkeypatch.setattr(engine_batched, "batch_plan", lambda x: None)
    res2, hist2 = run()
    assert res.status == "memory" and "out of bounds" in res.fault["message"], res.fault
    assert res.fault == res2.fault and res.steps == res2.steps and np.array_equal(hist, hist2)


def test_json_warp_list_of_a_large_grid_without_results(isa, monkeypatch):
    """D12-L-2: ``--json`` without a register dump lists the warps' ids from the engine's arrays.
    D12-L-1: nvcc's constant moves ``HFMA2.MMA Rd, -RZ, RZ, imm, imm`` compute one element and
    broadcast it (a register source still gives each lane its own value: the corpus's half kernels)."""
    from click.testing import CliRunner

    from gpuisa.cli import main
    from gpuisa.sim.semantics import nv_half
    seen = []
    real = nv_half._finish

    def spy(x, hs, he, ls, le):
        seen.append(np.shape(hs))
        real(x, hs, he, ls, le)

    monkeypatch.setattr(nv_half, "_finish", spy)
    n = 1 << 12
    args = ["run", str(CORPUS / "sm_80" / "lx_comm.nvdisasm"), "--kernel", "lx_vadd", "--grid", str(n // 256),
            "--block", "256", "--buffer", f"a={4 * n}:iota:f32", "--buffer", f"b={4 * n}:fill:1:f32",
            "--buffer", f"c={4 * n}", "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c",
            "--param", f"s32:{n}", "--dump-buffer", "c:f32:3", "--json"]
    out = CliRunner().invoke(main, args)
    assert out.exit_code == 0, out.output
    d = json.loads(out.output)
    assert d["buffers"]["c"] == [1.0, 2.0, 3.0]
    assert len(d["warps"]) == n // 32 and d["warps"][9] == {"cta": 1, "warp": 1}
    assert seen and all(s == (1,) for s in seen), seen


@pytest.mark.parametrize("arch,form,regs", [("sm_80", "nvdisasm", "128"), ("sm_90", "nvdisasm", "128"),
                                            ("sm_75", "cuobjdump", "at least 12")])
def test_blocks_beyond_the_register_file_or_launch_bounds_are_refused(isa, arch, form, regs):
    """D12-L-4: 128 registers per thread leave room for 512 threads (cudaErrorLaunchOutOfResources for
    1024); the count comes from SHI_REGISTERS / sh_info (sm_75-89), EIATTR_REGCOUNT (sm_90+), or a
    cuobjdump listing's highest register as a lower bound; __launch_bounds__(96) refuses 128 threads."""
    from gpuisa.cuda import load_cuda
    from gpuisa.errors import UsageError
    path = CORPUS / arch / f"lx_regs.{form}"
    k = load_cuda(isa, path, "lx_regs")
    bufs = {"A": np.zeros(64, np.float32), "B": np.zeros(64, np.float32), "C": np.zeros(1 << 16, np.float32)}
    params = ["ptr:A", "ptr:B", "ptr:C", "s32:1"]
    with pytest.raises(UsageError, match=f"uses {regs}.*registers per thread.*at most 512 threads"):
        k.simulator(grid=1, block=(32, 32), params=params, buffers=bufs)
    k.simulator(grid=1, block=512, params=params, buffers=bufs)       # fits
    b = load_cuda(isa, path, "lx_bounded")
    io = {"in": np.zeros(128, np.int32), "out": np.zeros(128, np.int32)}
    if form == "cuobjdump":     # no .nv.info in the listing: the bound is unknown
        b.simulator(grid=1, block=128, params=["ptr:in", "ptr:out"], buffers=io)
    else:
        with pytest.raises(UsageError, match=r"128 threads, but kernel lx_bounded was compiled for at most 96"):
            b.simulator(grid=1, block=128, params=["ptr:in", "ptr:out"], buffers=io)


@pytest.mark.parametrize("arch", ["sm_80", "sm_120"])
def test_register_counts_and_launch_bounds_from_the_elf(arch):
    """D12-L-4: a cubin (and a cuobjdump listing's cubin beside it) gives the registers per thread in
    the .text section's sh_info (sm_75-89) or the module's EIATTR_REGCOUNT (sm_90+; sh_info is 0
    there), and __launch_bounds__ in EIATTR_MAX_THREADS; the same as the nvdisasm listing says."""
    pytest.importorskip("elftools")
    from gpuisa.cuda.cubin import elf_sections, fill_data
    from gpuisa.cuda.listing import parse_nvdisasm
    path = CORPUS / arch / "lx_regs.nvdisasm"
    listed = parse_nvdisasm(path.read_text(), str(path))
    mod = parse_nvdisasm(path.read_text(), str(path), code=False)
    for k in mod.kernels.values():
        k.registers = k.max_threads = None
    fill_data(mod, elf_sections((CORPUS / arch / "lx_regs.cubin").read_bytes(), "lx_regs.cubin")[1], "lx_regs.cubin")
    got = {n: (k.registers, k.max_threads) for n, k in mod.kernels.items()}
    assert got == {n: (k.registers, k.max_threads) for n, k in listed.kernels.items()}
    assert got["lx_regs"] == (128, None) and got["lx_regs_lb"] == (64, (1024, 1, 1)) \
        and got["lx_bounded"][1] == (96, 1, 1)


def test_the_collector_is_restored_after_a_grid_is_built(isa):
    """D12-L-2: the grid's Warp objects are made with the garbage collector off (each pass scanned
    every warp made so far); it is on again afterwards, and stays off when the caller had it off."""
    import gc
    prog = isa.assemble("EXIT ;")
    assert gc.isenabled()
    isa.simulator(prog, grid=64, block=64)
    assert gc.isenabled()
    gc.disable()
    try:
        isa.simulator(prog, grid=64, block=64)
        assert not gc.isenabled()
    finally:
        gc.enable()


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_votes_and_reductions_run_at_batch_width(isa, monkeypatch, arch):
    """D12-L-8: VOTE, VOTEU, REDUX and REDUXU run at batch width (no warp-by-warp replay) and give
    the one-warp engine's result; in partial warps too (100-thread blocks)."""
    from gpuisa.sim.engine_batched import BatchedEngine
    replayed = set()
    real = BatchedEngine._per_warp

    def spy(self, pc, idx):
        replayed.add(self.sim.fetch(pc).optype)
        real(self, pc, idx)

    monkeypatch.setattr(BatchedEngine, "_per_warp", spy)
    launch, _, bufs, _ = _launch(isa, "lx_shape", "lx_vote_b100", arch)
    _, _, ref, _ = _launch(isa, "lx_shape", "lx_vote_b100", arch, engine="reference")
    assert not replayed & {"VOTE", "VOTEU", "REDUX", "REDUXU"}, replayed
    want = expected(launch, make_inputs(launch))
    assert np.array_equal(bufs["out"], want["out"]) and np.array_equal(ref["out"], want["out"])

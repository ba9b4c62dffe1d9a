"""Cooperative launches and thread-block clusters (session 10, decisions D10-C-1 .. D10-C-7): the
launches that are refused, with the reason, and the command line. The kernels' results are in the
corpus (coop10_grid, coop10_cluster: tests/cuda/test_corpus_run.py)."""
from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from cuda_expect import CORPUS

from gpuisa.cli import main
from gpuisa.cuda import load_cuda
from gpuisa.cuda.abi import abi_for, cluster_reciprocal
from gpuisa.errors import UsageError


def _sum_tree(isa, arch="sm_90"):
    return load_cuda(isa, CORPUS / arch / "coop10_grid.nvdisasm", "coop_sum_tree")


def _sum_tree_args(grid=4, block=64):
    bufs = {"in": np.arange(1000, dtype=np.int32), "scratch": np.zeros(grid * block, np.int64),
            "out": np.zeros(4, np.int64)}
    return dict(grid=grid, block=block, params=["ptr:in", "ptr:scratch", "ptr:out", "s32:1000"], buffers=bufs)


def test_grid_sync_needs_a_cooperative_launch(isa):
    """Without --cooperative the workspace pointer is null: is_valid() is false and sync() traps
    (BPT.TRAP 0x1), as CUDA's does (with it: test_command_line and the corpus)."""
    res = _sum_tree(isa).launch(**_sum_tree_args())
    assert res.status == "trap" and res.fault["instruction"].startswith("TRAP"), res.fault


@pytest.mark.parametrize("arch,block,most", [("sm_90", 64, 32), ("sm_75", 1024, 2), ("sm_120", 256, 8)])
def test_a_cooperative_grid_must_fit_one_sm(isa, arch, block, most):
    k = _sum_tree(isa, arch)
    with pytest.raises(UsageError, match=f"launch at most {most} CTAs"):
        k.simulator(cooperative=True, **_sum_tree_args(most + 1, block))
    k.simulator(cooperative=True, **_sum_tree_args(most, block))


def test_cluster_launches_that_are_refused(isa):
    ring = dict(block=128, params=["ptr:in", "ptr:out", "ptr:info", "s32:4"],
                buffers={"in": np.zeros(1024, np.float32), "out": np.zeros(1024, np.float32),
                         "info": np.zeros(32, np.uint32)})
    old = load_cuda(isa, CORPUS / "sm_80" / "coop10_cluster.nvdisasm", "cl_ring")
    with pytest.raises(UsageError, match="need sm_90 or later"):
        old.simulator(grid=8, cluster=4, **ring)
    k = load_cuda(isa, CORPUS / "sm_90" / "coop10_cluster.nvdisasm", "cl_ring")
    with pytest.raises(UsageError, match="not a whole number of clusters"):
        k.simulator(grid=6, cluster=4, **ring)
    with pytest.raises(UsageError, match="at most 16 CTAs"):
        k.simulator(grid=32, cluster=32, **ring)
    hist = load_cuda(isa, CORPUS / "sm_90" / "coop10_cluster.nvdisasm", "cl_hist")
    with pytest.raises(UsageError, match=r"__cluster_dims__\(4, 1, 1\); --cluster 2,1,1 differs"):
        hist.simulator(grid=8, block=64, cluster=2, params=["ptr:a", "ptr:b", "s32:1"],
                       buffers={"a": np.zeros(8, np.uint32), "b": np.zeros(8, np.uint32)})


def test_cluster_constants():
    """Bank 0's cluster words (D10-C-4): an explicit 2x2 cluster on a 4x2 grid on sm_90, the implicit
    1x1x1 cluster on sm_120; the reciprocal truncates exactly for every coordinate."""
    got = dict(abi_for(90).cluster_words((4, 2, 1), (2, 2, 1), True))
    assert got[0x140] == 1 and got[0x188] == 4 and [got[0x144 + 4 * i] for i in range(3)] == [2, 2, 1]
    assert [got[0x15C + 4 * i] for i in range(3)] == [2, 1, 1]
    got = dict(abi_for(120).cluster_words((5, 3, 2), (1, 1, 1), False))
    assert got[0x36C] == 0 and got[0x2CC] == 1 and [got[0x2C0 + 4 * i] for i in range(3)] == [5, 3, 2]
    for n in range(1, 17):
        r = np.uint32(cluster_reciprocal(n)).view(np.float32)
        ctaid = np.arange(1 << 16, dtype=np.float32)
        assert ((ctaid * r).astype(np.int64) == np.arange(1 << 16) // n).all(), n


def test_command_line():
    base = ["run", str(CORPUS / "sm_90" / "coop10_grid.nvdisasm"), "--kernel", "coop_sum_tree", "--grid", "4",
            "--block", "64", "--buffer", "in=4000:iota:s32", "--buffer", "scratch=2048", "--buffer", "out=32",
            "--param", "ptr:in", "--param", "ptr:scratch", "--param", "ptr:out", "--param", "s32:1000",
            "--dump-buffer", "out:s64", "--json"]
    res = CliRunner().invoke(main, base + ["--cooperative"])
    assert res.exit_code == 0, res.output
    w = np.arange(1000) % 7 + 1
    assert json.loads(res.output)["buffers"]["out"] == [int((np.arange(1000) * w).sum()), 256, 1, 4]
    res = CliRunner().invoke(main, ["run", "-", "--cooperative"], input="EXIT ;\n")
    assert res.exit_code == 1 and "--cooperative apply to CUDA inputs only" in res.output
    res = CliRunner().invoke(main, ["run", "-", "--grid", "4", "--cluster", "2", "--dump", "R0"],
                             input="S2R R0, SR_CgaCtaId ;\nEXIT ;\n")
    assert res.exit_code == 0, res.output


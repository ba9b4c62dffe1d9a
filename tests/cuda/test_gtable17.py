"""Decision D17-6: in -G code a device global holding function addresses (``.dword _Z6op_addii`` in
``.nv.global.init``) is filled in at every launch, so every kernel of the module is linked with the
table's functions -- also a kernel whose own text calls nothing by address (it was refused from an
nvdisasm listing: "... holds the address of op_add(int, int) (.nv.global.init), which is not
linked with this kernel").  Expected: numpy, from data/gtable/gtable2.cu."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).resolve().parent / "data" / "gtable"


@pytest.mark.parametrize("kernel", ["plain", "use_table"])
def test_every_kernel_of_a_module_with_a_function_table_runs(isa, kernel):
    k = isa.load_cuda(DATA / "gtable2_sm_90.nvdisasm", kernel)
    x = np.random.default_rng(176).integers(-1000, 1000, 32).astype(np.int32)
    out = np.zeros(32, np.int32)
    res = k.launch(grid=1, block=32, params=["ptr:in", "ptr:out"], buffers={"in": x, "out": out})
    assert res.status == "ok", res.fault
    want = x + 1 if kernel == "plain" else np.where(np.arange(32) & 1, x * 3, x + 3)
    assert np.array_equal(out, want.astype(np.int32))

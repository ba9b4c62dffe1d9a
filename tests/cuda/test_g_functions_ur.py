"""Decision D17-4: -G code for sm_100+ whose cuobjdump listing shows the kernel's device functions
apart (``Function : _Z5twicei``, the `__reduce_*_sync` helpers) and names uniform registers beyond
UR62 (``REDUX.MAX UR79, R13``) runs: the registers are re-allocated over the kernel and its functions
as one program (D12-U-1 refused it).  Expected: numpy, from the source (data/gur/g_redux.cu, built
with ``nvcc -cubin -O3 -G -arch=sm_120``; ``cuobjdump -sass``)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

DATA = Path(__file__).resolve().parent / "data" / "gur"


def _expected(x: np.ndarray) -> np.ndarray:
    v = 2 * x.astype(np.int64) + 1
    out = np.empty_like(v)
    for w in range(0, len(v), 32):
        s = v[w:w + 32]
        out[w:w + 32] = s.sum() + int((s & 0xFFFFFFFF).max()) * 3
    return ((out + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32)


@pytest.mark.parametrize("form", ["cuobjdump", "cubin"])
def test_g_code_with_functions_apart_and_high_uniform_registers(request, isa, form):
    if form == "cubin":
        request.getfixturevalue("nvdisasm")
    k = isa.load_cuda(DATA / f"g_redux_sm_120.{form}", "g_redux")
    x = np.random.default_rng(17).integers(-1000, 1000, 64).astype(np.int32)
    out = np.zeros(64, np.int32)
    res = k.launch(grid=1, block=64, params=["ptr:in", "ptr:out"], buffers={"in": x, "out": out})
    assert res.status == "ok", res.fault
    assert np.array_equal(out, _expected(x))

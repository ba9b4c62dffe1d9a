"""sm_100+ listings use UR63 as an ordinary uniform register; this ISA's UR63 is URZ, so the
import renames it to a free uniform register (decision CU-9): the kernel runs from all three
forms with the answer computed independently; the cases that cannot be renamed are refused
with a located message."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import gpuisa
from gpuisa.cuda import load_cuda, read_module
from gpuisa.cuda.module import kernel_text
from gpuisa.errors import UsageError

DATA = Path(__file__).resolve().parent / "data" / "ur63"


@pytest.fixture(scope="module")
def isa():
    return gpuisa.load_isa()


def _expected(x: np.ndarray, iters: int) -> np.ndarray:
    """regheavy.cu per thread, in float32 like the kernel (FMA-free: a*b is rounded, then + c)."""
    f = np.float32
    out = []
    for t in range(128):
        acc = [f(x[(t + k) & 255]) for k in range(32)]
        for it in range(iters):
            for k in range(32):
                acc[k] = f(f(acc[k] * f(0.75)) + f(acc[(k + 7) % 32] * f(0.25))) + f(k * it)
        s = f(0)
        for k in range(32):
            s = f(s + f(acc[k] * f(k + 1)))
        out.append(s)
    return np.array(out, np.float32)


@pytest.mark.parametrize("form", ["nvdisasm", "cuobjdump", "cubin"])
def test_register_heavy_sm120_kernel_runs(isa, form):
    src = (DATA / f"regheavy.{form}").read_bytes()
    assert b"UR63" in src or form == "cubin"
    x = np.random.default_rng(5).uniform(-2, 2, 256).astype(np.float32)
    bufs = {"in": x, "out": np.zeros(128, np.float32)}
    res = load_cuda(isa, DATA / f"regheavy.{form}").launch(grid=2, block=64, params=["ptr:in", "ptr:out", "s32:20"],
                                                           buffers=bufs)
    assert res.ok, res.fault
    np.testing.assert_allclose(res.buffers["out"], _expected(x, 20), rtol=1e-4, atol=1e-3)


def _module(body: str, arch: int = 120):
    text = (f"\t.headerflags\t@\"EF_CUDA_VIRTUAL_SM(EF_CUDA_SM{arch})\"\n\t.elftype\t@\"ET_EXEC\"\n"
            f"//--------------------- .text.k --------------------------\n"
            f"\t.section\t.text.k,\"ax\",@progbits\n\t.sectioninfo\t@\"SHI_REGISTERS=8\"\n\t.align\t128\n"
            f".text.k:\n" + "".join(f"        /*{16 * i:04x}*/                   {ln} ;\n" for i, ln in enumerate(body))
            + f"\t.target sm_{arch}\n")
    return read_module(text, "t.nvdisasm")


def test_rename_picks_a_free_register_with_free_neighbours():
    used = [f"UMOV UR{n}, 0x1" for n in range(4, 63) if n not in (10, 11, 12, 13, 40)] + ["S2UR UR63, SR_CTAID.X",
                                                                                         "EXIT"]
    mod = _module(used)
    info = next(iter(mod.kernels.values()))
    _, text = kernel_text(mod, info)
    assert "UR63" not in text and "S2UR UR13, SR_CTAID.X" in text     # 13 with 10-12 free: no pair overlaps


def test_rename_leaves_older_targets_alone():
    mod = _module(["S2UR UR4, SR_CTAID.X", "EXIT"], arch=90)
    info = next(iter(mod.kernels.values()))
    assert kernel_text(mod, info)[1] == info.excerpt()[1]


def test_ur63_as_a_pair_half_or_without_a_free_register_is_refused():
    mod = _module(["ULDC.64 UR62, c[0x0][0x358]", "UIADD3 UR4, UR63, 0x1, URZ", "EXIT"])
    with pytest.raises(UsageError) as e:
        kernel_text(mod, next(iter(mod.kernels.values())))
    assert "64/128-bit" in str(e.value) and "t.nvdisasm" in str(e.value)
    mod = _module([f"UMOV UR{n}, 0x1" for n in range(0, 63)] + ["S2UR UR63, SR_CTAID.X", "EXIT"])
    with pytest.raises(UsageError) as e:
        kernel_text(mod, next(iter(mod.kernels.values())))
    assert "not enough uniform registers are free" in str(e.value)


def test_several_high_registers_get_distinct_free_registers():
    """-Xptxas -O0 code for sm_120 also names UR79 (`REDUX.SUM UR79, R7`): each high register
    gets its own free register, four apart (no pair or quad of one overlaps another)."""
    mod = _module(["S2UR UR63, SR_CTAID.X", "REDUX.SUM UR79, R7", "MOV R7, UR79", "IMAD R2, R2, UR63, R3",
                   "UMOV UR4, 0x1", "EXIT"])
    _, text = kernel_text(mod, next(iter(mod.kernels.values())))
    import re
    regs = [int(n) for n in re.findall(r"\bUR(\d+)", text)]
    assert max(regs) <= 62 and "REDUX.SUM UR58, R7" in text and "MOV R7, UR58" in text and "UR62, R3" in text


def test_a_factor_of_imad_wide_next_to_a_high_register_is_not_a_pair():
    """Regression (D10-N-12): `UIMAD.WIDE UR14, UR49, UR61, URZ` in a sm_100 kernel that also names
    UR63 was refused as "a neighbour in a 64/128-bit operand", but UR61 is a 32-bit factor there;
    only the destination and the addend are pairs (UR62 as the addend still is)."""
    body = ["S2UR UR63, SR_CTAID.X", "UIMAD.WIDE UR14, UR49, UR61, URZ", "UIADD3 UR4, UR63, UR61, URZ", "EXIT"]
    _, text = kernel_text(_module(body, 100), next(iter(_module(body, 100).kernels.values())))
    assert "UR63" not in text and "UIMAD.WIDE UR14, UR49, UR61, URZ" in text
    mod = _module(["S2UR UR63, SR_CTAID.X", "UIMAD.WIDE.U32 UR14, UR49, UR4, UR62", "EXIT"], 100)
    with pytest.raises(UsageError):
        kernel_text(mod, next(iter(mod.kernels.values())))

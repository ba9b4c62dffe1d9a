"""Session 16 (img16, D16-I-1): a bfloat16 product or sum whose exact value is nonzero but below half
of bfloat16's smallest denormal (2^-134) rounds to a zero of the value's sign.  The model rounded
through binary32 rounded to odd, and when binary32 had rounded the magnitude up (to 2^-149) and the
step back toward zero gave 0, it took the zero's sign from the residual (the opposite one): +0 for a
negative product (CUDA's ``__hmul2`` on ``__nv_bfloat162``: HFMA2.BF16_V2 with -0 on sm_80,
HMUL2.BF16_V2 on sm_90).  Expected values: exact products in Python floats, rounded by hand."""
from __future__ import annotations

import pytest

from gpuisa.asm.assembler import assemble

ENGINES = ["batched", "reference"]
# (a, b) bfloat16 bit patterns whose product is tiny: 0x0caf * 0xa77f is about -9.5e-46 (the corpus
# input that found it); 0x0080 (2^-126) * 0x2c00 (2^-39) = 2^-165 exactly; signs varied
CASES = [(0x0CAF, 0xA77F, 0x8000), (0x8CAF, 0xA77F, 0x0000), (0x0080, 0xAC00, 0x8000), (0x8080, 0xAC00, 0x0000),
         (0x0080, 0x2C00, 0x0000), (0x8CAF, 0x277F, 0x8000),
         (0x0080, 0xBF80, 0x8080), (0x0001, 0xBF00, 0x8000)]   # 2^-126 * -1 exact; 2^-133 * -0.5: tie -> even 0


@pytest.mark.parametrize("engine", ENGINES)
def test_bf16_underflow_keeps_sign(nv_isa, engine):
    ra = [CASES[i % len(CASES)][0] | (CASES[(i + 3) % len(CASES)][0] << 16) for i in range(32)]
    rb = [CASES[i % len(CASES)][1] | (CASES[(i + 3) % len(CASES)][1] << 16) for i in range(32)]
    text = """
        HMUL2.BF16_V2 R4, R0, R1 ;
        HFMA2.BF16_V2 R5, R0, R1, -RZ.H0_H0 ;
        EXIT ;
    """
    res = nv_isa.launch(assemble(nv_isa.db, text), init={"R0": ra, "R1": rb}, engine=engine)
    assert res.ok, (res.status, res.fault)
    w = res.warp()
    for i in range(32):
        want = CASES[i % len(CASES)][2] | (CASES[(i + 3) % len(CASES)][2] << 16)
        assert int(w.R[4][i]) == want, (i, hex(int(w.R[4][i])), hex(want))
        assert int(w.R[5][i]) == want, (i, hex(int(w.R[5][i])), hex(want))

"""The tensor-core unit (isa/mma.isa, decisions D10-M-1 .. D10-M-6): nvdisasm's spellings, the PTX
fragment layouts, the numerics the model states (exact products, binary64 sums in k order, one
rounding; DMMA's chained fused multiply-adds; integer wrap and .SAT), LDSM/STSM/MOVM, and the faults
of a partial warp and a misaligned row, on both engines at batch width.  The expected matrices are
built here from the PTX ISA's layout rules written out per lane (Python integers, fractions)."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble

ENGINES = ["batched", "reference"]
HASH = "((lane + 32 * warp) * {m} + {a}) * 2654435761 % 4294967291"


def _val(lane: int, warp: int, m: int, a: int) -> int:
    return ((lane + 32 * warp) * m + a) * 2654435761 % 4294967291 & 0xFFFFFFFF


def _r(w, n: int) -> list[int]:
    """Register *n* of a warp's result, per lane."""
    return [int(v) for v in w.R[n]]


def _launch(isa, text, engine, block=64, **kw):
    res = isa.launch(assemble(isa.db, text + "\nEXIT ;\n"), engine=engine, block=block, shared_size=1024, **kw)
    return res


FORMS = ["HMMA.16816.F32 R4, R12, R20, R4", "HMMA.16816.F32.BF16 R8, R8, R18, R4", "HMMA.1688.F16 R10, R6, R9, R10",
         "HMMA.1684.F32.TF32 R4, R12, R16, R4", "HMMA.1688.F32.TF32 R8, R20, R24, RZ",
         "IMMA.8816.S8.S8 R16, R4.ROW, R5.COL, R6", "IMMA.16832.S8.S8.SAT R20, R4.ROW, R18.COL, R20",
         "IMMA.16864.S4.U4 R12, R4.ROW, R16.COL, R12", "BMMA.88128.XOR.POPC R4, R2.ROW, R3.COL, RZ",
         "QMMA.16832.F32.E4M3.E5M2 R4, R8, R12, R4", "QMMA.16832.F16.E4M3.E4M3 R4, R8.ROW, R12.COL, R16",
         "DMMA.884 R8, R2, R4, R8", "DMMA.8x8x4 R8, R2, R4, R8", "LDSM.16.M88.4 R8, [R9]",
         "LDSM.16.MT88 R0, [R0+UR4]", "LDSM.16.MT88.2 R12, [R0+0x200]", "STSM.16.MT88.2 [R10+0x100], R4",
         "STSM.16.M88 [R12], R7", "MOVM.16.MT88 R9, R2", "MOVM.U4TO8.M832 R10, R11"]


@pytest.mark.parametrize("text", FORMS)
def test_listing_forms_round_trip(nv_isa, text):
    words = assemble(nv_isa.db, text + " ;").data
    got = disassemble(nv_isa.db, words)[0].text
    assert assemble(nv_isa.db, got + " ;").data == words, got


def test_reuse_before_row_col_stays_a_hint(nv_isa):
    """nvdisasm's `R4.reuse.ROW` (an operand-cache hint before IMMA's layout suffix) is `R4.ROW`."""
    from gpuisa.asm.lexer import blank_listing_noise
    line = "IMMA.8816.S8.S8 R16, R4.reuse.ROW, R5.reuse.COL, R6 ;"
    text = blank_listing_noise(line)
    assert assemble(nv_isa.db, text).data == assemble(nv_isa.db, "IMMA.8816.S8.S8 R16, R4.ROW, R5.COL, R6 ;").data


@pytest.mark.parametrize("bad", ["HMMA.1684.F16 R4, R8, R12, R4 ;", "HMMA.16816.F32.TF32 R4, R8, R12, R4 ;",
                                 "IMMA.8832.S8.S8 R4, R8.ROW, R9.COL, R4 ;", "IMMA.8816.S8.S8 R4, R8, R9, R4 ;",
                                 "DMMA.16x8x16 R4, R8, R12, R4 ;"])
def test_forms_the_encoding_refuses(nv_isa, bad):
    from gpuisa.errors import AsmError
    with pytest.raises(AsmError):
        assemble(nv_isa.db, bad)


def _f16(bits: int) -> Fraction:
    return Fraction(float(np.uint16(bits).view(np.float16)))


@pytest.mark.parametrize("engine", ENGINES)
def test_hmma_16816_f32_fragments_and_one_rounding(nv_isa, engine):
    """m16n8k16: A (R8..R11), B (R12, R13), C (R4..R7) from hashes of the lane (finite binary16
    with exponents -8..7); D = C + A*B rounded once to binary32, per the PTX layouts."""
    half = "(({h} % 0x3c00) + 0x2000) | ({h} & 0x8000)"          # finite, 2^-8 <= |x| < 2^8
    init = {}
    for r in range(6):
        h = HASH.format(m=7 + r, a=r)
        init[f"R{8 + r}"] = f"({half.format(h=h)}) | (({half.format(h='((' + h + ') >> 16)')}) << 16)"
    for r in range(4):
        init[f"R{4 + r}"] = f"0x3f800000 + ({HASH.format(m=3 + r, a=99 + r)}) % 0x1000000"
    res = _launch(nv_isa, "HMMA.16816.F32 R16, R8, R12, R4 ;", engine, init=init)
    assert res.ok and not res.fallbacks, (res.status, res.fault, res.fallbacks)

    def h16(lane, warp, reg, hi):
        v = _val(lane, warp, 7 + reg, reg)
        v = v >> 16 if hi else v
        return ((v % 0x3C00) + 0x2000) | (v & 0x8000)
    for warp in range(2):
        A = [[None] * 16 for _ in range(16)]
        B = [[None] * 8 for _ in range(16)]
        C = [[None] * 8 for _ in range(16)]
        for lane in range(32):
            g, t = lane // 4, lane % 4
            for i in range(8):                       # a0..a7: rows g / g+8, columns 2t.. / +8
                row = g if i < 2 or 4 <= i < 6 else g + 8
                col = 2 * t + (i & 1) + (8 if i >= 4 else 0)
                A[row][col] = _f16(h16(lane, warp, i // 2, i % 2))
            for i in range(4):
                B[2 * t + (i & 1) + (8 if i >= 2 else 0)][g] = _f16(h16(lane, warp, 4 + i // 2, i % 2))
                C[g + (8 if i >= 2 else 0)][2 * t + (i & 1)] = Fraction(float(np.uint32(
                    0x3F800000 + _val(lane, warp, 3 + i, 99 + i) % 0x1000000).view(np.float32)))
        w = res.warp(0, warp)
        for lane in range(32):
            g, t = lane // 4, lane % 4
            for i in range(4):
                m, n = g + (8 if i >= 2 else 0), 2 * t + (i & 1)
                exact = C[m][n] + sum(A[m][k] * B[k][n] for k in range(16))
                want = np.float32(float(exact))      # the exact sum is a binary64 value here
                assert np.uint32(_r(w, 16 + i)[lane]).view(np.float32) == want, (warp, lane, i)


@pytest.mark.parametrize("engine", ENGINES)
def test_tf32_ignores_the_low_13_bits(nv_isa, engine):
    """HMMA.1684.F32.TF32: a = 1 + 2^-20 (binary32) is used as 1, b = 3: D = 3 + C."""
    res = _launch(nv_isa, "HMMA.1684.F32.TF32 R8, R0, R2, R4 ;", engine, block=32,
                  init={"R0": "0x3f800008", "R1": "0x3f800008", "R2": "0x40400000",
                        "R4": "0x3e800000", "R5": "0", "R6": "0", "R7": "0"})
    w = res.warp(0)
    d0 = np.array(_r(w, 8), np.uint32).view(np.float32)
    assert res.ok and (d0[[0, 4, 8]] == np.float32(3 * 4 + 0.25)).all(), d0     # k = 4: four products of 3


@pytest.mark.parametrize("engine", ENGINES)
def test_imma_wraps_and_saturates(nv_isa, engine):
    """m8n8k16 s8: A and B all -128 (0x80808080): each product sum is 16 * 2^14 = 2^18; C = 2^31 - 2^17:
    the sum wraps (no .SAT) -- m16n8k32 .SAT clamps the same at 2^31 - 1."""
    init = {"R0": "0x80808080", "R1": "0x80808080", "R2": "0x80808080", "R3": "0x80808080",
            "R4": "0x80808080", "R5": "0x80808080"}
    for r in range(8, 12):
        init[f"R{r}"] = str((1 << 31) - (1 << 17))
    res = _launch(nv_isa, "IMMA.8816.S8.S8 R12, R0.ROW, R4.COL, R8 ;\nIMMA.16832.S8.S8.SAT R16, R0.ROW, R4.COL, R8 ;",
                  engine, block=32, init=init)
    w = res.warp(0)
    assert res.ok and set(_r(w, 12)) == {((1 << 31) - (1 << 17) + (1 << 18)) & 0xFFFFFFFF}
    assert set(_r(w, 16)) == set(_r(w, 19)) == {(1 << 31) - 1}


@pytest.mark.parametrize("engine", ENGINES)
def test_bmma_and_s4(nv_isa, engine):
    """b1 XOR.POPC of all-ones A and 0x0000ffff B: 16 differing bits a word, 4 words per row and
    column pair (K = 128) -> 64; AND.POPC -> 64 + C.  s4 m8n8k32: A nibbles -1 (0xf), B 7: -7 * 32."""
    res = _launch(nv_isa, "BMMA.88128.XOR.POPC R8, R0.ROW, R1.COL, RZ ;\nBMMA.88128.AND.POPC R10, R0.ROW, R1.COL, R2 ;\n"
                  "IMMA.8832.S4.S4 R12, R4.ROW, R5.COL, RZ ;", engine, block=32,
                  init={"R0": "0xffffffff", "R1": "0x0000ffff", "R2": "5", "R3": "5", "R4": "0xffffffff", "R5": "0x77777777"})
    w = res.warp(0)
    assert res.ok and set(_r(w, 8)) == {64} and set(_r(w, 10)) == {69} and set(_r(w, 13)) == {(-7 * 32) & 0xFFFFFFFF}


@pytest.mark.parametrize("engine", ENGINES)
def test_dmma_chains_fused_multiply_adds_in_k_order(nv_isa, engine):
    """DMMA (D10-M-3): d = fma(a3, b3, fma(a2, b2, fma(a1, b1, fma(a0, b0, c)))): with c = 1,
    a0*b0 = 2^-60, a1*b1 = -1 and the rest 0 the result is 0 (the tiny product is lost in the
    first rounding); an exact sum rounded once would give 2^-60."""
    # lane 4g + t holds A[g][t] (R0:R1) and B[t][g] (R2:R3); C[g][2t], C[g][2t+1] in R4..R7
    res = _launch(nv_isa, "DMMA.884 R8, R0, R2, R4 ;", engine, block=32, init={
        # A[.][0] = 2^-60, A[.][1] = -1 (t = lane % 4 is 0 / 1); B[k][0] = 1 (g = lane / 4 is 0)
        "R0": "0", "R1": "(4 - lane % 4) / 4 * 0x3c300000 + (lane % 4) * (3 - lane % 4) * (2 - lane % 4) / 2 * 0xbff00000",
        "R2": "0", "R3": "(4 - lane / 4) / 4 * 0x3ff00000", "R4": "0", "R5": "0x3ff00000", "R6": "0", "R7": "0x3ff00000"})
    w = res.warp(0)
    d = np.array([_r(w, 8), _r(w, 9)], np.uint32).T.copy().view(np.float64).ravel()
    assert res.ok and d[0] == 0.0 and d[1] == 1.0, d[:8]    # lane 0: D[0][0] (fma chain) and D[0][1] (B col 1: 0)


def _smem_program(body: str) -> str:
    """Shared words 0..255 (bytes 0..1023) hold hashes; R9 = lane * 16 (row addresses)."""
    return f"""
        S2R R0, SR_LANEID ;
        IMAD.SHL.U32 R9, R0, 0x10, RZ ;
        STS.128 [R9], R20 ;
        STS.128 [R9+0x200], R24 ;
        BAR.SYNC.DEFER_BLOCKING 0x0 ;
        {body}
    """


def _smem_init():
    return {f"R{r}": HASH.format(m=r, a=r * 3) for r in list(range(20, 24)) + list(range(24, 28))}


@pytest.mark.parametrize("engine", ENGINES)
def test_ldsm_x4_and_trans_against_the_rows(nv_isa, engine):
    res = _launch(nv_isa, _smem_program("LDSM.16.M88.4 R4, [R9] ;\nLDSM.16.MT88.2 R12, [R9+0x200] ;"), engine,
                  block=32, init=_smem_init())
    assert res.ok and not res.fallbacks, (res.status, res.fault)
    w = res.warp(0)
    # halves: row r (lane r's 16 bytes) of matrix j: lane 8j + r stored R20..R23 at 16 * (8j + r)
    mem = np.zeros(512, np.uint32)
    for lane in range(32):
        mem[lane * 4:lane * 4 + 4] = [_val(lane, 0, r, r * 3) for r in range(20, 24)]
        mem[128 + lane * 4:128 + lane * 4 + 4] = [_val(lane, 0, r, r * 3) for r in range(24, 28)]
    h = mem.view(np.uint16)
    for lane in range(32):
        g, t = lane // 4, lane % 4
        for j in range(4):
            row = (8 * j + g) * 8
            assert _r(w, 4 + j)[lane] == int(h[row + 2 * t]) | int(h[row + 2 * t + 1]) << 16
        for j in range(2):
            base = 256 * 2 // 2 + (8 * j) * 8            # matrix j at byte 0x200 + 128 j
            lo, hi = h[base + (2 * t) * 8 + g], h[base + (2 * t + 1) * 8 + g]
            assert _r(w, 12 + j)[lane] == int(lo) | int(hi) << 16


@pytest.mark.parametrize("engine", ENGINES)
def test_stsm_is_ldsms_inverse_and_movm_transposes(nv_isa, engine):
    """LDSM.MT88.4 then STSM.MT88.4 at another place restores the rows; MOVM of a fragment equals
    LDSM.MT88 of the same rows (both transpose).  Two CTAs of one warp each: a batch of two."""
    res = _launch(nv_isa, _smem_program("""LDSM.16.MT88.4 R4, [R9] ;
        STSM.16.MT88.4 [R9+0x200], R4 ;
        LDSM.16.M88 R12, [R9] ;
        MOVM.16.MT88 R13, R12 ;
        LDSM.16.MT88 R14, [R9] ;
        LDS.128 R16, [R9+0x200] ;"""), engine, grid=2, block=32, init=_smem_init())
    assert res.ok and not res.fallbacks, (res.status, res.fault, res.fallbacks)
    for cta in range(2):
        w = res.warp(cta, 0)
        assert [_r(w, 16 + k) for k in range(4)] == [_r(w, 20 + k) for k in range(4)]
        assert _r(w, 13) == _r(w, 14)


@pytest.mark.parametrize("engine", ENGINES)
def test_partial_warp_and_misaligned_row_are_faults(nv_isa, engine):
    res = _launch(nv_isa, "HMMA.16816.F32 R4, R8, R12, R4 ;", engine, block=48)
    assert res.status == "invalid-operand" and "warp-wide" in res.fault["message"], res.fault
    res = _launch(nv_isa, "S2R R0, SR_LANEID ;\nIMAD.SHL.U32 R9, R0, 0x8, RZ ;\nLDSM.16.M88.4 R4, [R9] ;", engine, block=32)
    assert res.status == "misaligned" and "16-byte" in res.fault["message"], res.fault
    res = _launch(nv_isa, "S2R R0, SR_LANEID ;\nISETP.GE.AND P0, PT, R0, 0x10, PT ;\n@P0 MOVM.16.MT88 R1, R0 ;\n"
                  "@P0 LDSM.16.M88 R4, [RZ] ;", engine, block=32)
    assert res.status == "invalid-operand", res.status


@pytest.mark.parametrize("engine", ENGINES)
def test_movm_u4to8_widens_the_4_bit_fragment_to_the_8_bit_layout(nv_isa, engine):
    """D24-2: MOVM.U4TO8.M832 takes lane t's eight nibbles, row t/4, columns 8(t%4)..+7 of an 8x32
    4-bit matrix, to the m16n8k32 8-bit fragment's rows 0-7: Rd columns 4(t%4)..+3, Rd+1 columns
    16 more, a zero-extended byte each.  Every lane a different word (lane * 0x9e3779b9 ^ ctaid *
    0x7f4a7c15); two CTAs (a batch of two); the other form of MOVM still transposes."""
    res = _launch(nv_isa, """S2R R0, SR_LANEID ;
        S2R R1, SR_CTAID.X ;
        IMAD R3, R0, -0x61c88647, RZ ;
        IMAD R4, R1, 0x7f4a7c15, RZ ;
        LOP3.LUT R3, R3, R4, RZ, 0x3c, !PT ;
        MOVM.U4TO8.M832 R10, R3 ;
        MOVM.16.MT88 R12, R3 ;""", engine, grid=2, block=32)
    assert res.ok and not res.fallbacks, (res.status, res.fault, res.fallbacks)
    for cta in range(2):
        w = res.warp(cta, 0)
        src = [((t * 0x9E3779B9) ^ (cta * 0x7F4A7C15)) & 0xFFFFFFFF for t in range(32)]
        assert _r(w, 3) == src
        elem = [[(src[4 * g + k // 8] >> (4 * (k % 8))) & 15 for k in range(32)] for g in range(8)]
        for t in range(32):
            g, q = divmod(t, 4)
            lo = sum(elem[g][4 * q + j] << (8 * j) for j in range(4))
            hi = sum(elem[g][16 + 4 * q + j] << (8 * j) for j in range(4))
            assert (_r(w, 10)[t], _r(w, 11)[t]) == (lo, hi), (cta, t)
            assert _r(w, 12)[t] == half(src, 8 * (2 * q) + g) | half(src, 8 * (2 * q + 1) + g) << 16


def half(src: list[int], i: int) -> int:
    """Element i = 8 * row + column of the 8x8 matrix of 16-bit elements that *src* holds two per lane."""
    return (src[4 * (i // 8) + (i % 8) // 2] >> (16 * (i % 2))) & 0xFFFF


@pytest.mark.parametrize("line,name", [("HGMMA.64x8x16.F32 R24, gdesc[UR4], RZ, !UPT, gsb0 ;", "HGMMA.64x8x16.F32"),
                                       ("HMMA.884.F32.F32.STEP0 R12, R10.ROW, R8.COL, R12 ;", "HMMA.884.F32.F32.STEP0")])
def test_unmodelled_tensor_instructions_are_refused_where_they_stand(nv_isa, tmp_path, line, name):
    """D10-M-6: wgmma, sm_75's m8n8k4 STEP form: an error at the line naming
    the instruction and what it is, not a run and not a bare "unknown mnemonic"."""
    from pathlib import Path

    from gpuisa.cuda import load_cuda
    from gpuisa.errors import GpuisaError
    src = Path(__file__).resolve().parents[1] / "cuda" / "corpus" / "sm_80" / "mma10_mma_ptx.nvdisasm"
    text = src.read_text()
    old = next(ln for ln in text.split("\n") if "HMMA.16816.F32 " in ln)
    body = old.split("*/", 1)[1].split(";")[0].strip()
    path = tmp_path / "k.nvdisasm"
    path.write_text(text.replace(body + " ;", line, 1))
    with pytest.raises(GpuisaError) as e:
        load_cuda(nv_isa, path, "mma_f16_ldsm")
    assert f"{name} is not modelled" in str(e.value) and "D10-M-6" in str(e.value) and "k.nvdisasm:" in str(e.value)


def test_movm_forms_do_not_mix(nv_isa):
    """D24-2: `.U4TO8` and `.MT88` are MOVM's, but of two forms: the error names the form the
    modifier belongs to, at the modifier."""
    from gpuisa.errors import AsmError
    for text, col, form in (("MOVM.U4TO8.MT88 R10, R11 ;", 6, "MOVM{.U4TO8}{.M832}"),
                            ("MOVM.16.M832 R10, R11 ;", 9, "MOVM{.U4TO8}{.M832}")):
        with pytest.raises(AsmError) as e:
            assemble(nv_isa.db, text)
        msg = str(e.value)
        assert f":1:{col}: error: modifier" in msg and "does not go with" in msg and form in msg, msg


def test_movm_prints_its_modifiers_as_nvdisasm_does(nv_isa):
    """D24-2: MOVM_R and MOVM_R_U4TO8 default `.esize`/`.layout` differently, so a text without them
    would select MOVM_R: the disassembler prints them for both (`MOVM.16.MT88`, nvdisasm's spelling)."""
    for text, want in (("MOVM R9, R2 ;", "MOVM.16.MT88 R9, R2"), ("MOVM.U4TO8 R10, R11 ;", "MOVM.U4TO8.M832 R10, R11")):
        words = assemble(nv_isa.db, text).data
        got = disassemble(nv_isa.db, words)[0].text
        assert got == want, got
    # elsewhere a modifier at its default is still left out (IADD3's .NoX)
    words = assemble(nv_isa.db, "IADD3.NoX R1, R2, R3, R4 ;").data
    assert disassemble(nv_isa.db, words)[0].text == "IADD3 R1, R2, R3, R4"

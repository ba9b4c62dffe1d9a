"""Forms and meanings found by the sixth discovery round's textbook and benchmark-suite kernels
(issue 11; decisions D6-cl-1..): constant-bank addresses with a negative offset or a uniform
register (k-means, 1-D/2-D convolution with a `__constant__` mask), VIMNMX/VIADDMNMX `.RELU`
and a uniform Rb (image clamping, Needleman-Wunsch), UPLOP3 (warp-vote compaction, sm_120), and
shared memory whose size is not a multiple of 16 (an odd-even sort in dynamic shared memory).
Expected values from Python integers; both engines, several warps and CTAs."""
from __future__ import annotations

import numpy as np
import pytest

from gpuisa.asm.assembler import assemble
from gpuisa.asm.disassembler import disassemble
from gpuisa.errors import AsmError

from .conftest import assert_round_trip, launch_text

M32 = 0xFFFFFFFF
ENGINES = ["batched", "reference"]
BANK3 = bytes((7 * i + 3) & 0xFF for i in range(0x10000))      # a full 64 KiB bank


def _word(off: int, n: int = 4) -> int:
    return int.from_bytes(BANK3[off:off + n], "little")


def _launch(isa, text, engine, grid=2, block=32, **kw):
    return launch_text(isa, text, engine, grid=grid, block=block, **kw)


def _lane(res, reg, w=0, lane=0):
    return int(res.warps[w].R[reg][lane])


@pytest.mark.parametrize("engine", ENGINES)
def test_ldc_negative_offset_wraps_in_the_bank(nv_isa, engine):
    """`LDC R21, c[0x3][R36+-0x10]` (sm_120 k-means) reads R36 - 16; `c[0x3][R0+-0x7360]` is
    nvdisasm's spelling of the offset +0x8ca0 (`big[t + 9000]`): the sum wraps at 64 KiB (D6-cl-1)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        IMAD.SHL.U32 R0, R0, 0x4, RZ ;
        LEA R36, R0, 0x40, 0x1 ;
        LDC R21, c[0x3][R36+-0x10] ;
        LDC.64 R22, c[0x3][R36+-0x8] ;
        LDC R24, c[0x3][R0+-0x7360] ;
        LDC R25, c[0x3][R0+0x8ca0] ;""", engine, const={3: BANK3})
    for w in range(2):
        for lane in range(32):
            r36 = 8 * lane + 0x40
            assert _lane(res, 21, w, lane) == _word(r36 - 0x10)
            assert _lane(res, 22, w, lane) | _lane(res, 23, w, lane) << 32 == _word(r36 - 8, 8)
            assert _lane(res, 24, w, lane) == _lane(res, 25, w, lane) == _word(4 * lane + 0x8CA0)


@pytest.mark.parametrize("engine", ENGINES)
def test_uldc_and_ldcu_with_a_uniform_offset(nv_isa, engine):
    """`ULDC.64 UR6, c[0x3][UR5+0x8]` (sm_75-sm_90) and `LDCU.64 UR8, c[0x3][UR6+-0x10]` (sm_120):
    a `__constant__` mask indexed by a uniform loop counter; each CTA (warp) its own UR5 (D6-cl-1)."""
    res = _launch(nv_isa, """
        S2UR UR4, SR_CTAID.X ;
        UIMAD UR5, UR4, 0x48, URZ ;
        UIADD3 UR20, UR5, 0x20, URZ ;
        ULDC.64 UR6, c[0x3][UR5+0x8] ;
        ULDC UR8, c[0x3][UR5] ;
        ULDC.S8 UR9, c[0x3][UR5+0x3] ;
        LDCU.64 UR10, c[0x3][UR20+-0x10] ;
        LDCU.128 UR12, c[0x3][UR20+0x10] ;
        LDCU UR16, c[0x3][URZ] ;
        MOV R1, UR6 ;
        MOV R2, UR7 ;
        MOV R3, UR8 ;
        MOV R4, UR9 ;
        MOV R5, UR10 ;
        MOV R6, UR11 ;
        MOV R7, UR12 ;
        MOV R8, UR15 ;
        MOV R9, UR16 ;""", engine, grid=3, const={3: BANK3})
    for w in range(3):
        b = 0x48 * w
        sb = _word(b + 3, 1)
        want = [_word(b + 8), _word(b + 12), _word(b), (sb - 256 if sb > 127 else sb) & M32,
                _word(b + 0x10), _word(b + 0x14), _word(b + 0x30), _word(b + 0x3C), _word(0)]
        assert [_lane(res, r, w, 5) for r in range(1, 10)] == want


@pytest.mark.parametrize("engine", ENGINES)
def test_vimnmx_and_viaddmnmx_relu(nv_isa, engine):
    """`VIMNMX.RELU R7, R6, 0xffff, PT` is `max(0, min(q, 65535))` (sm_90 image gain), `.S16x2.RELU`
    per half; `VIADDMNMX R8, R8, -UR6, R9, !PT` (sm_90 Needleman-Wunsch) is max(R8 - UR6, R9) (D6-cl-2)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        S2UR UR6, SR_CTAID.X ;
        UIADD3 UR6, UR6, 0x3, URZ ;
        IMAD R6, R0, 0x1003, RZ ;
        IADD3 R6, R6, -0x9000, RZ ;
        VIMNMX.RELU R7, R6, 0xffff, PT ;
        VIMNMX.S32.RELU R10, R6, 0x4000, PT ;
        VIMNMX.S32.RELU R11, R6, -0x5000, !PT ;
        IMAD R12, R0, 0x10001, RZ ;
        IADD3 R12, R12, -0x100010, RZ ;
        VIMNMX.S16x2.RELU R13, R12, 0xc, PT ;
        IADD3 R9, R0, -0x8, RZ ;
        IMAD R8, R0, 0x3, RZ ;
        IADD3 R8, R8, -0x20, RZ ;
        VIADDMNMX R14, R8, -UR6, R9, !PT ;
        VIADDMNMX.RELU R15, R8, R9, 0x7, PT ;""", engine, const={3: BANK3})

    def s32(v):
        v &= M32
        return v - (1 << 32) if v >> 31 else v

    def s16(v):
        v &= 0xFFFF
        return v - (1 << 16) if v >> 15 else v

    for w in range(2):
        for x in range(32):
            q = 0x1003 * x - 0x9000
            assert _lane(res, 7, w, x) == max(0, min(q, 0xFFFF))
            assert _lane(res, 10, w, x) == max(0, min(q, 0x4000))
            assert _lane(res, 11, w, x) == max(0, max(q, -0x5000))
            v = (0x10001 * x - 0x100010) & M32
            halves = [max(0, min(s16(v >> k), 0xC if k == 0 else 0)) for k in (0, 16)]
            assert _lane(res, 13, w, x) == halves[0] | halves[1] << 16
            r8, r9 = 3 * x - 0x20, x - 8
            assert s32(_lane(res, 14, w, x)) == max(r8 - (w + 3), r9)
            assert _lane(res, 15, w, x) == max(0, min(r8 + r9, 7))


def test_relu_is_signed_only(nv_isa):
    with pytest.raises(AsmError, match="RELU"):
        assemble(nv_isa.db, "VIMNMX.U32.RELU R7, R6, 0xffff, PT ;")
    with pytest.raises(AsmError, match="RELU"):
        assemble(nv_isa.db, "VIADDMNMX.U32.RELU R7, R6, R5, R4, PT ;")


@pytest.mark.parametrize("engine", ENGINES)
def test_uplop3(nv_isa, engine):
    """`UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x8` sets UP0 (true), `0x40, 0x4` clears it
    (sm_120 compaction); a general table over uniform predicates as PLOP3's (D6-cl-3)."""
    res = _launch(nv_isa, """
        S2UR UR4, SR_CTAID.X ;
        UISETP.NE.U32.AND UP3, UPT, UR4, URZ, UPT ;
        UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x8 ;
        UPLOP3.LUT UP1, UPT, UPT, UPT, UPT, 0x40, 0x4 ;
        UPLOP3.LUT UP2, UP4, UP0, !UP3, UPT, 0x80, 0xfe ;
        PLOP3.LUT P0, PT, PT, PT, UP0, 0x80, 0x0 ;
        PLOP3.LUT P1, PT, PT, PT, UP1, 0x80, 0x0 ;
        PLOP3.LUT P2, PT, PT, PT, UP2, 0x80, 0x0 ;
        PLOP3.LUT P3, PT, PT, PT, UP4, 0x80, 0x0 ;
        SEL R1, RZ, 0x1, !P0 ;
        SEL R2, RZ, 0x1, !P1 ;
        SEL R3, RZ, 0x1, !P2 ;
        SEL R4, RZ, 0x1, !P3 ;""", engine, grid=2)
    for w in range(2):
        not_up3 = 1 if w == 0 else 0          # UP3: CTA id != 0
        # UPa = UP0 (1), UPb = !UP3, UPc = UPT (1): lutu 0x80 needs all three; lutv 0xfe any of them
        assert [_lane(res, r, w, 0) for r in (1, 2, 3, 4)] == [1, 0, not_up3, 1]


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("size,grid", [(244, 2), (244, 3), (250, 2), (1000, 3)])
def test_shared_memory_of_any_size_in_every_cta(nv_isa, batch_fallbacks, engine, size, grid):
    """244 bytes of dynamic shared memory per CTA (61 ints; odd-even transposition sort): words
    stored with `STS` are read back by `LDS.64` and `LDS.128` in every CTA, at batch width (D6-cl-4:
    the batched engine indexed the CTAs' pool in elements of the access size from CTA * 244, not
    a multiple of 8: with two CTAs CTA 1's 8-byte reads took the 4 bytes before its memory, CTA 0's
    last word; with three the pool's 732 bytes had no 8-byte view and every warp was replayed)."""
    res = _launch(nv_isa, """
        S2R R0, SR_TID.X ;
        S2R R1, SR_CTAID.X ;
        IMAD R4, R1, 0x100, R0 ;
        IMAD.SHL.U32 R2, R0, 0x4, RZ ;
        ISETP.GE.U32.AND P0, PT, R0, 0x3d, PT ;
        @!P0 STS [R2], R4 ;
        BAR.SYNC 0x0 ;
        LOP3.LUT R3, R0, 0x1f, RZ, 0xc0, !PT ;
        ISETP.GE.U32.AND P1, PT, R3, 0x1e, PT ;
        IMAD.SHL.U32 R3, R3, 0x8, RZ ;
        @!P1 LDS.U.64 R12, [R3] ;
        LOP3.LUT R5, R0, 0xf, RZ, 0xc0, !PT ;
        ISETP.GE.U32.AND P2, PT, R5, 0xf, PT ;
        IMAD.SHL.U32 R5, R5, 0x10, RZ ;
        @!P2 LDS.128 R8, [R5] ;""", engine, grid=grid, block=64, shared_size=size)
    assert not batch_fallbacks
    for w in range(2 * grid):
        cta = w // 2
        for lane in range(32):
            t = 32 * (w % 2) + lane
            if t % 32 < 30:
                k = 2 * (t % 32)
                assert (_lane(res, 12, w, lane), _lane(res, 13, w, lane)) == (cta * 0x100 + k, cta * 0x100 + k + 1)
            if t % 16 < 15:
                k = 4 * (t % 16)
                assert [_lane(res, r, w, lane) for r in (8, 9, 10, 11)] == [cta * 0x100 + k + j for j in range(4)]


@pytest.mark.parametrize("text", ["LDC R21, c[0x3][R36+-0x10] ;", "ULDC.64 UR6, c[0x3][UR5+0x8] ;",
                                  "LDCU.64 UR8, c[0x3][UR6+-0x10] ;", "LDCU UR8, c[0x3][UR7] ;",
                                  "VIMNMX.S32.RELU R7, R0, 0xffff, PT ;", "VIADDMNMX R8, R8, -UR6, R9, !PT ;",
                                  "UPLOP3.LUT UP0, UPT, UPT, UPT, UPT, 0x80, 0x8 ;"])
def test_round_trip(nv_isa, text):
    assert_round_trip(nv_isa.db, text)


@pytest.mark.parametrize("engine", ENGINES)
def test_fmnmx_nan_and_i2f_immediate(nv_isa, engine):
    """`FMNMX.NAN R6, R4, 1, PT` keeps a NaN (srad's `cv < 0 ? 0 : (cv > 1 ? 1 : cv)`, sm_80+);
    plain FMNMX returns the other operand. `I2F.U32.RP R12, 0x2` converts an immediate
    (backprop's `ty % power_two`, sm_75-sm_90) (D6-cl-5)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        I2F R4, R0 ;
        FADD R4, R4, -8 ;
        MOV R5, 0x7fc00000 ;
        ISETP.EQ.U32.AND P0, PT, R0, 0x3, PT ;
        @P0 MOV R4, R5 ;
        FMNMX.NAN R6, R4, 1, PT ;
        FMNMX R7, R4, 1, PT ;
        FMNMX.NAN R8, RZ, R4, !PT ;
        FMNMX.FTZ.NAN R9, R4, -4, !PT ;
        I2F.U32.RP R12, 0x2 ;
        I2F.RM R13, -0x3 ;
        I2F.U32.RZ R14, 0xffffffff ;""", engine)
    f = lambda v: int(np.float32(v).view(np.uint32))      # noqa: E731
    for w in range(2):
        for x in range(32):
            v = x - 8.0
            if x == 3:
                assert [_lane(res, r, w, x) for r in (6, 7, 8, 9)] == [0x7FFFFFFF, f(1.0), 0x7FFFFFFF, 0x7FFFFFFF]
            else:
                assert [_lane(res, r, w, x) for r in (6, 7, 8, 9)] == [f(min(v, 1.0)), f(min(v, 1.0)), f(max(v, 0.0)), f(max(v, -4.0))]
            assert [_lane(res, r, w, x) for r in (12, 13, 14)] == [f(2.0), f(-3.0), 0x4F7FFFFF]


@pytest.mark.parametrize("engine", ENGINES)
def test_ulea_negated_and_uvimnmx(nv_isa, engine):
    """`ULEA UR10, -UR7, URZ, 0x1` is -2 * UR7 (sad's `-2 * range`, sm_120); `UVIMNMX.S32 UR8, URZ,
    UR8, !UPT` is max(0, UR8), `UVIMNMX.S32 UR11, UR7, UR8, UPT` a signed min, `.U32` unsigned;
    each CTA its own values (D6-cl-6)."""
    res = _launch(nv_isa, """
        S2UR UR4, SR_CTAID.X ;
        UIADD3 UR7, UR4, -0x2, URZ ;
        ULEA UR10, -UR7, URZ, 0x1 ;
        ULEA UR11, -UR7, 0x100, 0x4 ;
        UVIMNMX.S32 UR8, URZ, UR7, !UPT ;
        UVIMNMX.S32 UR12, UR7, UR4, UPT ;
        UVIMNMX.U32 UR13, UR7, 0x40, UPT ;
        UVIMNMX UR14, UR7, -0x5, !UPT ;
        MOV R1, UR10 ;
        MOV R2, UR11 ;
        MOV R3, UR8 ;
        MOV R4, UR12 ;
        MOV R5, UR13 ;
        MOV R6, UR14 ;""", engine, grid=4)
    for w in range(4):
        u7 = w - 2
        want = [-2 * u7, 0x100 - 16 * u7, max(0, u7), min(u7, w), min(u7 & M32, 0x40), max(u7, -5)]
        assert [_lane(res, r, w, 7) for r in range(1, 7)] == [v & M32 for v in want]


def test_ulea_negated_hi_is_refused(nv_isa):
    with pytest.raises(AsmError, match="-URa only without .HI"):
        assemble(nv_isa.db, "ULEA.HI UR4, -UR5, UR6, URZ, 0x1 ;")
    # `I2F.S64 R4, 0x2` was refused here too; nvcc emits it (`__ll2float_rn(1)`: decision D8-fuzz-7)
    assemble(nv_isa.db, "I2F.S64 R4, 0x2 ;")


@pytest.mark.parametrize("text", ["FMNMX.NAN R6, R4, 1, PT ;", "I2F.U32.RP R12, 0x2 ;", "ULEA UR10, -UR7, URZ, 0x1 ;",
                                  "UVIMNMX UR8, URZ, UR8, !UPT ;", "UVIMNMX.U32 UR4, UR5, 0x40, UP1 ;"])
def test_round_trip_wave2(nv_isa, text):
    test_round_trip(nv_isa, text)


def test_uvimnmx_s32_is_the_default(nv_isa):
    """nvdisasm's `UVIMNMX.S32` is the default type, written without it."""
    assert assemble(nv_isa.db, "UVIMNMX.S32 UR8, URZ, UR8, !UPT ;").data == \
        assemble(nv_isa.db, "UVIMNMX UR8, URZ, UR8, !UPT ;").data


CORPUS = __import__("pathlib").Path(__file__).resolve().parents[1] / "cuda" / "corpus"


def _printf_expected(grid: int, block: int, scale: float) -> list[str]:
    """C's printf of the corpus kernel printf_assert.cu's `hello`, for lane 0 of every warp."""
    out = []
    for b in range(grid):
        for w in range(block // 32):
            i = b * block + 32 * w
            f = float(np.float32(np.float32(scale) * np.float32(i)))
            out.append("block %d warp %u: i=%4d x=%08x f=%.3f d=%g ll=%d c=%c s=%s\n"
                       % (b, w, i, 0xBEEF0000 + i, f, i / 8, -1234567890123 * (i + 1), chr(65 + (i & 7)),
                          "odd" if i & 32 else "even"))
    return out


@pytest.mark.parametrize("arch", ["sm_75", "sm_80", "sm_90", "sm_120"])
@pytest.mark.parametrize("form", ["nvdisasm", "cuobjdump"])
def test_printf_and_assert_run_as_runtime_stubs(nv_isa, arch, form):
    """A kernel that calls printf / assert (CALL.ABS.NOINC through `.dword vprintf` /
    `.dword __assertfail` in bank 4) ran its own code again from address 0 until the step limit:
    the front end now links stubs (SYSCALL; RET.ABS R20) that format the text / trap. sm_90+
    writes the return address as `LEPC R20, `(.L_x_11)` / `LEPC R20, 0x150`, the address itself
    (D6-cl-7)."""
    from gpuisa.cuda import load_cuda
    path = CORPUS / arch / f"printf_assert.{form}"
    k = load_cuda(nv_isa, path, "hello")
    assert k.externs == ["__assertfail", "vprintf"]
    out = np.zeros(128, np.int32)
    sim = k.simulator(grid=2, block=64, params=["ptr:out", "f32:0.5"], buffers={"out": out})
    res = sim.run()
    assert res.ok, (res.status, res.fault)
    assert (res.buffers["out"].view(np.int32) == np.arange(128) * 2).all()
    assert sorted(sim.device_runtime.output) == sorted(_printf_expected(2, 64, 0.5))
    assert {e["kind"] for e in res.events} == {"printf"}
    k = load_cuda(nv_isa, path, "checked")
    inp = np.arange(64, dtype=np.int32)
    inp[37] = -4
    res = k.launch(grid=2, block=32, params=["ptr:in", "ptr:out", "s32:60"],
                   buffers={"in": inp, "out": np.zeros(64, np.int32)})
    assert res.status == "trap"
    assert "printf_assert.cu:16: void checked(const int *, int *, int): block (1, 0, 0), thread 5: " \
           "Assertion `in[i] >= 0` failed." in res.fault["message"]


def test_an_unprovided_runtime_function_faults_when_called(nv_isa, tmp_path):
    from gpuisa.cuda import load_cuda
    text = (CORPUS / "sm_80" / "printf_assert.nvdisasm").read_text().replace("vprintf", "tmpnam")
    path = tmp_path / "k.nvdisasm"
    path.write_text(text)
    k = load_cuda(nv_isa, path, "hello")
    # D8-12: a call of a function the model does not provide is a located fault when it is made
    # (it was refused at launch, also when the call was on a path the run does not take)
    res = k.launch(grid=1, block=32, params=["ptr:out", "f32:1"], buffers={"out": np.zeros(32, np.int32)})
    assert res.status == "syscall" and res.fault["cta"] == 0 and "instruction" in res.fault
    assert "the kernel calls tmpnam, a CUDA device-runtime function the model does not provide" in res.fault["message"]
    # a call on a path the run does not take is no reason to refuse the kernel: `checked` calls it
    # (here in place of __assertfail) only for a negative input
    path.write_text((CORPUS / "sm_80" / "printf_assert.nvdisasm").read_text().replace("__assertfail", "tmpnam"))
    k = load_cuda(nv_isa, path, "checked")
    out = np.zeros(64, np.int32)
    res = k.launch(grid=2, block=32, params=["ptr:in", "ptr:out", "s32:60"],
                   buffers={"in": np.arange(64, dtype=np.int32), "out": out})
    assert res.ok, (res.status, res.fault)
    assert "tmpnam" in k.externs and (out[:60] == np.arange(60) + 1).all()


@pytest.mark.parametrize("form", ["nvdisasm", "cuobjdump"])
def test_malloc_and_free_are_linked_from_every_form(nv_isa, form):
    """D10-1: the cuobjdump listing of a kernel calling only malloc/free (no device globals) took
    its constant banks from the cubin beside it by ELF alone, without the relocations that name
    the called functions: `c[0x4]` read 0 and the call jumped to the kernel's start, forever."""
    from gpuisa.cuda import load_cuda
    k = load_cuda(nv_isa, CORPUS / "sm_75" / f"heap10.{form}", "linked_lists")
    assert k.externs == ["free", "malloc"]
    out = np.zeros(32, np.int32)
    res = k.launch(grid=1, block=32, params=["ptr:out"], buffers={"out": out})
    assert res.ok, (res.status, res.fault)
    keys = [[k * k + t for k in range(t % 5 + 2)] for t in range(32)]
    assert out.tolist() == [sum((p + 1) * v for p, v in enumerate(reversed(ks))) for ks in keys]


def test_the_device_heap_is_first_fit_aligned_and_checks_free():
    """malloc/free (D10-1): 16-byte aligned blocks, first fit, freed neighbours merge, NULL when
    full, and a free of a pointer malloc did not return is a fault, not a corrupted heap."""
    from types import SimpleNamespace

    from gpuisa.cuda.runtime import HEAP_BASE, DeviceHeap
    from gpuisa.sim.state import Fault, Memory
    sim = SimpleNamespace(gmem=Memory("global"))
    h = DeviceHeap(256)
    a, b, c = h.malloc(sim, 1), h.malloc(sim, 17), h.malloc(sim, 16)
    assert (a, b, c) == (HEAP_BASE, HEAP_BASE + 16, HEAP_BASE + 48)
    assert h.malloc(sim, 0) == 0 and h.malloc(sim, 1000) == 0 and h.malloc(sim, 200) == 0
    h.free(b)
    h.free(a)                              # merges with b's block: 48 bytes at the start
    assert h.malloc(sim, 48) == HEAP_BASE
    h.free(0)                              # free(NULL) does nothing
    with pytest.raises(Fault, match="not a pointer malloc returned, or freed twice"):
        h.free(b)
    with pytest.raises(Fault, match="not a pointer malloc returned"):
        h.free(c + 4)
    h.free(c)
    h.free(HEAP_BASE)
    assert h.free_blocks == [(0, 256)] and h.malloc(sim, 256) == HEAP_BASE


@pytest.mark.parametrize("engine", ENGINES)
def test_abs_call_and_return_with_a_register(nv_isa, engine):
    """`CALL.ABS.NOINC R8` jumps to R8:R9 and `RET.ABS.NODEC R20 0x0` returns to R20:R21 (the
    `.ABS` forms CALL_RR/RET_RR; as RET_RI the written 0x0 was taken as an address and the return
    went to R20 - (pc + 16): D6-cl-8)."""
    res = _launch(nv_isa, """
        MOV R8, 0x70 ;
        MOV R9, RZ ;
        MOV R20, 0x50 ;
        MOV R21, RZ ;
        CALL.ABS.NOINC R8 ;
        IADD3 R5, R5, 0x100, RZ ;
        EXIT ;
        IADD3 R5, RZ, 0x7, RZ ;
        RET.ABS.NODEC R20 0x0 ;""", engine)
    assert {_lane(res, 5, w, x) for w in range(2) for x in range(32)} == {0x107}
    for text in ("CALL.ABS.NOINC R8 ;", "RET.ABS.NODEC R20 0x0 ;"):
        data = assemble(nv_isa.db, text).data
        assert assemble(nv_isa.db, disassemble(nv_isa.db, data)[0].text + " ;").data == data


@pytest.mark.parametrize("engine", ENGINES)
def test_credux(nv_isa, engine):
    """sm_100's `CREDUX.MAX.S32 UR5, R9` / `CREDUX.MIN UR7, R2` (a warp's atomicMax/Min combined)
    is REDUXU: the reduction over the executing lanes (D6-2; the guarded SUM is REDUX's own)."""
    res = _launch(nv_isa, """
        S2R R0, SR_LANEID ;
        IMAD R9, R0, -0x3, RZ ;
        IADD3 R9, R9, 0x20, RZ ;
        ISETP.LT.U32.AND P0, PT, R0, 0x14, PT ;
        CREDUX.MAX.S32 UR5, R9 ;
        CREDUX.MIN UR7, R9 ;
        @P0 REDUX.SUM UR8, R0 ;
        MOV R1, UR5 ;
        MOV R2, UR7 ;
        MOV R3, UR8 ;""", engine)
    v = [0x20 - 3 * x for x in range(32)]
    for w in range(2):
        assert (_lane(res, 1, w, 0), _lane(res, 2, w, 0), _lane(res, 3, w, 0)) == \
            (max(v), min(x & M32 for x in v), sum(range(20)))


@pytest.mark.parametrize("word,name", [(0x3F000342, "ULDC_U"), (0x3F000371, "LDCU_U")])
def test_uniform_offset_form_refuses_urz(nv_isa, word, name):
    """Regression (round trip of the URa-offset forms): `c[0x0][URZ]` is the immediate form, so a
    ULDC_U / LDCU_U word with URa = URZ is an invalid encoding, not a second spelling of it."""
    line = disassemble(nv_isa.db, word.to_bytes(16, "little"))[0]
    assert line.instruction is None and name in (line.warning or "") and "immediate form" in line.warning
    text = ("ULDC" if name == "ULDC_U" else "LDCU") + " UR0, c[0x0][URZ] ;"
    again = disassemble(nv_isa.db, assemble(nv_isa.db, text).data)[0]
    assert again.instruction.opcode.name == name.replace("_U", "_C")


def test_gpuisa_run_prints_the_kernels_printf_output():
    """Regression (D8-8): `gpuisa run` showed printf's text as `warning: cta 0 warp 0 pc 0x4a0: ...`
    lines, identical lines merged and at most 20 shown. It now prints the text as the CUDA runtime
    does (every call, verbatim, on stdout) and `--json` has it under "printf"."""
    import json

    from click.testing import CliRunner

    from gpuisa.cli import main
    args = ["run", str(CORPUS / "sm_90" / "printf_assert.nvdisasm"), "--kernel", "hello", "--grid", "2",
            "--block", "64", "--buffer", "out=512", "--param", "ptr:out", "--param", "f32:0.5",
            "--dump-buffer", "out:s32:4"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    want = _printf_expected(2, 64, 0.5)
    lines = [ln + "\n" for ln in r.output.splitlines() if ln.startswith("block ")]
    assert sorted(lines) == sorted(want) and "warning" not in r.output
    r = CliRunner().invoke(main, [*args, "--json"])
    assert sorted(json.loads(r.output)["printf"].splitlines(keepends=True)) == sorted(want)

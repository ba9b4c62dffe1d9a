"""sm_100+ listings use UR63, UR64, ... as ordinary uniform registers; this ISA's UR63 is URZ, so the
import re-allocates them by liveness (decisions CU-9, D12-U-1: gpuisa.cuda.uregs): the kernels run
from all three forms with the answer computed independently; the dataflow on small listings (a loop's
back edge, a call, a guarded write, a pair, a diverged warp, registers holding one constant); a kernel
whose live uniform registers do not fit is refused with a located message."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import gpuisa
from gpuisa.cuda import load_cuda, read_module
from gpuisa.cuda import uregs
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


def _module(body: list[str], arch: int = 120):
    """A one-kernel nvdisasm listing of *body* (a line ending in ``:`` is a label)."""
    rows, k = [], 0
    for ln in body:
        if ln.endswith(":"):
            rows.append(ln + "\n")
        else:
            rows.append(f"        /*{16 * k:04x}*/                   {ln} ;\n")
            k += 1
    text = (f"\t.headerflags\t@\"EF_CUDA_VIRTUAL_SM(EF_CUDA_SM{arch})\"\n\t.elftype\t@\"ET_EXEC\"\n"
            f"//--------------------- .text.k --------------------------\n"
            f"\t.section\t.text.k,\"ax\",@progbits\n\t.sectioninfo\t@\"SHI_REGISTERS=8\"\n\t.align\t128\n"
            f".text.k:\n" + "".join(rows) + f"\t.target sm_{arch}\n")
    return read_module(text, "t.nvdisasm")


def _text(body: list[str], arch: int = 120) -> str:
    mod = _module(body, arch)
    return kernel_text(mod, next(iter(mod.kernels.values())))[1]


def _live(isa, body: list[str]) -> list[set[int]]:
    """The uniform registers live before each line of *body* (labels: empty)."""
    info = next(iter(_module(body, 100).kernels.values()))
    first, text = info.excerpt()
    fl, lv = uregs.analyse(isa.db, text, first, "t.nvdisasm")
    out: list[set[int]] = [set() for _ in body]
    skip = text.count("\n") + 1 - len(body)         # the kernel's own label first
    for i, k in enumerate(fl.lines):
        out[k - skip] = set(uregs._regs(lv.live_in[i]))
    return out


def _busy(regs, tail: list[str]) -> list[str]:
    """Lines that write *regs* first and read them all at the end, around *tail*."""
    return [f"UMOV UR{n}, 0x{n + 1:x}" for n in regs] + tail + [f"IADD3 R4, R4, UR{n}, RZ" for n in regs] + ["EXIT"]


def test_a_value_live_across_a_loop_back_edge(isa):
    body = ["S2UR UR63, SR_CTAID.X", "UMOV UR5, 0x0", ".L_x_0:", "UIADD3 UR5, UR5, 0x1, URZ",
            "UISETP.GE.AND UP0, UPT, UR5, UR63, UPT", "@!UP0 BRA `(.L_x_0)", "EXIT"]
    live = _live(isa, body)
    assert live[3] == {5, 63} and live[5] == {5, 63} and live[6] == set()   # live at the branch: the back edge


def test_a_value_live_across_a_call(isa):
    """A call flows into the callee and its RET back to the return point: UR63, read after the call,
    is live in the callee, which writes UR6 -- they may not share a register."""
    body = ["S2UR UR63, SR_CTAID.X", "CALL.REL.NOINC `(.L_x_f)", "MOV R2, UR63", "EXIT", ".L_x_f:",
            "UMOV UR6, 0x1", "MOV R3, UR6", "RET.REL.NODEC R20 `(.text.k)"]
    live = _live(isa, body)
    assert 63 in live[1] and 63 in live[5] and live[5] & live[6] == {63} and live[2] == {63}
    text = _text(_busy([n for n in range(4, 63) if n != 6], body[:1] + ["MOV R9, UR6"] + body[1:4])[:-1] + body[4:])
    assert "UR63" not in text and "S2UR UR6," not in text


def test_a_guarded_write_does_not_kill(isa):
    guarded = _live(isa, ["S2UR UR63, SR_CTAID.X", "@UP0 UMOV UR63, 0x5", "MOV R2, UR63", "EXIT"])
    plain = _live(isa, ["S2UR UR63, SR_CTAID.X", "UMOV UR63, 0x5", "MOV R2, UR63", "EXIT"])
    assert 63 in guarded[1] and 63 not in plain[1]


def test_a_pair_moves_as_one_block(isa):
    """`ULDC.64 UR62` writes UR62 and UR63 (Blackwell's UR63 is a register): the pair moves together,
    to an even register and the one after it (CU-9 refused it)."""
    live = _live(isa, ["ULDC.64 UR62, c[0x0][0x358]", "UIADD3 UR4, UR63, 0x1, URZ", "MOV R2, UR62", "EXIT"])
    assert live[1] == {62, 63} and live[2] == {62}
    import re
    text = _text(["ULDC.64 UR62, c[0x0][0x358]", "UIADD3 UR4, UR63, 0x1, URZ", "MOV R2, UR62", "EXIT"], 100)
    base = int(re.search(r"ULDC.64 UR(\d+)", text).group(1))
    assert base % 2 == 0 and base < 62 and f"UIADD3 UR4, UR{base + 1}," in text and f"MOV R2, UR{base}" in text


def test_a_pair_at_ur62_named_alone_is_read_exactly(isa):
    """`UIMAD.WIDE.U32 UR62, ...` names only UR62 but writes UR62:UR63 (Blackwell's UR63 is a
    register): the line is analysed with stand-ins as one naming UR63 is.  It was read conservatively
    (UR62-UR65 as one aligned quad), which left llama.cpp's `ssm_conv_f32<false, 128, 15>` on sm_120
    four registers to place where two do (D21-1)."""
    body = ["S2UR UR4, SR_CTAID.X", "UIMAD.WIDE.U32 UR62, UR4, 0x3, URZ", "UIADD3 UR5, UR63, 0x1, URZ",
            "MOV R2, UR5", "EXIT"]
    info = next(iter(_module(body, 120).kernels.values()))
    first, text = info.excerpt()
    fl, _lv = uregs.analyse(isa.db, text, first, "t.nvdisasm")
    wide = fl.effects[1]
    assert wide.known and set(uregs._regs(wide.defs)) == {62, 63} and wide.align == ((62, 2),)
    assert [(set(uregs._regs(c)), a) for c, a in uregs.components(fl)] == [({62, 63}, 2)]
    out = _text(body)
    assert "UR63" not in out and "UR62" not in out


def test_a_high_register_takes_a_register_whose_value_is_dead():
    """Every register of UR0-UR62 is named; UR20's value dies before UR63 is written: UR63 takes it."""
    text = _text(["UMOV UR20, 0x7", "MOV R3, UR20"] + _busy([n for n in range(63) if n != 20],
                                                             ["S2UR UR63, SR_CTAID.X", "MOV R2, UR63"]))
    assert "UR63" not in text and "S2UR UR20, SR_CTAID.X" in text and "MOV R2, UR20" in text


def test_a_diverged_warps_groups_share_the_uniform_registers():
    """After `@P0 BRA` the lanes may take both paths, one group after the other: UR63 (read on one
    path) may not share UR20 (written on the other) although no path has both; UR11 is free."""
    branch = ["S2UR UR63, SR_CTAID.X", "ISETP.GE.AND P0, PT, R0, 0x1, PT", "@P0 BRA `(.L_x_1)", "MOV R2, UR63",
              "BRA `(.L_x_2)", ".L_x_1:", "UMOV UR20, 0x5", "MOV R3, UR20", ".L_x_2:"]
    text = _text(_busy([n for n in range(63) if n not in (11, 20)], branch), 100)
    assert "S2UR UR11, SR_CTAID.X" in text and "MOV R2, UR11" in text


def test_registers_loaded_with_one_constant_may_share():
    """Sixty-four copies of one kernel parameter (HeCBench hadamard's sm_120 code loads its scale so),
    all live at once: they hold one value, so UR63 shares a register with another copy."""
    body = [f"LDCU UR{n}, c[0x0][0x3a0]" for n in range(64)] + [f"FMUL R2, R2, UR{n}" for n in range(64)] + ["EXIT"]
    text = _text(body)
    assert "UR63" not in text and text.count("c[0x0][0x3a0]") == 64


def test_too_many_live_registers_are_refused_with_the_line():
    mod = _module(_busy(range(64), []))
    with pytest.raises(UsageError) as e:
        kernel_text(mod, next(iter(mod.kernels.values())))
    msg = str(e.value)
    assert "not enough uniform registers are free" in msg and "64 uniform registers are live at line" in msg
    assert "t.nvdisasm" in msg and "UR63" in msg


def test_rename_leaves_older_targets_alone():
    mod = _module(["S2UR UR4, SR_CTAID.X", "EXIT"], arch=90)
    info = next(iter(mod.kernels.values()))
    assert kernel_text(mod, info)[1] == info.excerpt()[1]


def test_several_high_registers_and_imad_wide_factors():
    """-Xptxas -O0 code for sm_120 also names UR79 (`REDUX.SUM UR79, R7`); IMAD.WIDE's factors are
    32-bit (D10-N-12), only its destination and addend are pairs."""
    text = _text(["S2UR UR63, SR_CTAID.X", "REDUX.SUM UR79, R7", "MOV R7, UR79", "IMAD R2, R2, UR63, R3",
                  "UIMAD.WIDE UR14, UR49, UR61, URZ", "UIADD3 UR4, UR63, UR61, URZ", "EXIT"])
    import re
    assert max(int(n) for n in re.findall(r"\bUR(\d+)", text)) <= 62
    assert "UIMAD.WIDE UR14, UR49, UR61, URZ" in text


def test_hadamard_pattern_on_sm120_runs(isa):
    """Corpus ur12_fwht on sm_120 (nvcc names UR4-UR69) from its nvdisasm listing (its launch is marked
    "full": the whole matrix runs it on every target and form with GPUISA_CUDA_FULL=1)."""
    from cuda_expect import CORPUS, compare, expected, make_inputs
    path = CORPUS / "sm_120" / "ur12_fwht.nvdisasm"
    assert "UR69" in path.read_text()
    from cuda_expect import manifests
    launch = manifests()["ur12_fwht"]["launches"][0]
    k = load_cuda(isa, path, launch["kernel"])
    inputs = make_inputs(launch)
    bufs = {n: a.copy() for n, a in inputs.items()}
    res = k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]), params=launch["params"], buffers=bufs,
                   shared_bytes=launch["shared_bytes"])
    assert res.ok, res.fault
    assert compare(launch, "out", bufs["out"], expected(launch, inputs)["out"]) is None


def test_a_pair_at_ur62_moves_though_ur63_is_not_named():
    """Regression (CU-9 left it alone): `[R2.64+UR62]` on sm_100 reads the pair UR62:UR63, whose upper
    half this ISA's UR63 (URZ) would read as 0; a kernel naming UR60 or more is analysed, the pair moves."""
    text = _text(["ULDC.64 UR62, c[0x0][0x358]", "LDG.E R5, desc[UR4][R2.64+UR62]", "STG.E desc[UR4][R2.64], R5",
                  "EXIT"], 100)
    assert "UR62" not in text and "UR63" not in text


def test_a_register_number_beyond_any_file_is_left_to_the_assembler(isa):
    """Bad input: `UR4000000000` is no register (the pass would build a bit set that large); the
    assembler's located error reports it."""
    from gpuisa.errors import AsmError
    with pytest.raises(AsmError) as e:
        load_cuda(isa, _module(["S2UR UR63, SR_CTAID.X", "MOV R2, UR4000000000", "EXIT"], 100).source,
                  filename="t.nvdisasm")
    assert "UR4000000000" in str(e.value)


def test_brx_flows_to_its_branch_targets_only_when_nvdisasm_names_them(isa):
    body = ["S2UR UR63, SR_CTAID.X", "BRX R4 -0x20 (*\"BRANCH_TARGETS .L_x_1,.L_x_2\"*)", ".L_x_1:", "EXIT",
            ".L_x_2:", "MOV R2, UR63", "EXIT", ".L_x_3:", "MOV R3, UR20", "EXIT"]
    mod = _module(body, 100)
    info = next(iter(mod.kernels.values()))
    first, text = info.excerpt()
    src = mod.source.split("\n")
    skip = text.count("\n") + 1 - len(body)
    for raw, want in ((lambda ln: src[ln - 1], {63}), (None, {20, 63})):
        fl, lv = uregs.analyse(isa.db, text, first, "t.nvdisasm", raw)
        at = fl.lines.index(1 + skip)
        assert set(uregs._regs(lv.live_in[at])) == want


def test_a_line_the_analysis_cannot_assemble_falls_through_unless_it_can_branch(isa):
    """Regression (D16-3): ``LDCU.128 UR60, ...`` (a quad reaching UR63) does not assemble in the
    analysis, and such a line was taken to jump anywhere and to part the lanes: whatever any
    instruction read was live before it (here UR30, read only past an EXIT), and on sm_120's
    sha256d (4,200 lines) the liveness fixpoint took 2.3 s instead of 0.1 s. A line whose mnemonic
    cannot branch now falls through; one that can (or an unknown mnemonic) still goes anywhere."""
    body = ["S2UR UR20, SR_CTAID.X", "LDCU.128 UR60, c[0x3][0x110]", "IADD3 R4, R4, UR60, RZ", "MOV R2, UR20",
            "EXIT", ".L_x_9:", "MOV R3, UR30", "EXIT"]
    info = next(iter(_module(body, 120).kernels.values()))
    first, text = info.excerpt()
    fl, lv = uregs.analyse(isa.db, text, first, "t.nvdisasm")
    skip = text.count("\n") + 1 - len(body)
    at = fl.lines.index(1 + skip)
    assert fl.succ[at] == [at + 1] and not fl.diverges[at]
    assert 30 not in uregs._regs(lv.live_in[at]) and 20 in uregs._regs(lv.live_in[at])
    assert uregs._plain(isa.db, "        /*0010*/                   LDCU.128 UR60, c[0x3][0x110] ;")
    assert not uregs._plain(isa.db, "        /*0020*/                   @!P0 BRA `(.L_x_1) ;")
    assert not uregs._plain(isa.db, "        /*0030*/                   RET.REL.NODEC R20 `(k) ;")
    assert not uregs._plain(isa.db, "        /*0040*/                   FROB UR70, UR71 ;")


def test_an_absolute_call_flows_into_its_callee(isa):
    """Regression (D17-4): ``CALL.ABS.NOINC `(F)`` (-G code's call of a function in a section of its
    own) was taken to go anywhere; on -G code for sm_120 (simt_cg: 20,000 lines, 200 calls) the
    liveness fixpoint then ran for minutes.  Its successors are now the callee and the return point."""
    body = ["S2UR UR70, SR_CTAID.X", "CALL.ABS.NOINC `(.L_x_7)", "MOV R2, UR70", "EXIT", ".L_x_8:",
            "MOV R4, UR31", "EXIT", ".L_x_7:", "MOV R3, UR30", "RET.ABS.NODEC R20 0x0"]
    info = next(iter(_module(body, 120).kernels.values()))
    first, text = info.excerpt()
    fl, lv = uregs.analyse(isa.db, text, first, "t.nvdisasm")
    skip = text.count("\n") + 1 - len(body)
    call = fl.lines.index(1 + skip)
    callee = fl.lines.index(8 + skip)
    assert fl.succ[call] == [call + 1, callee]
    assert set(uregs._regs(lv.live_in[call])) == {30, 70}       # not UR31, read only past an EXIT elsewhere

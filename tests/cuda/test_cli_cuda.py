"""``gpuisa run`` / ``gpuisa asm`` with CUDA inputs, and bad CUDA input: a
located message, exit 1, never a traceback."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cuda_expect import CORPUS

from gpuisa.cli import main

DATA = Path(__file__).resolve().parent / "data"
HAND = DATA / "vector_add_sm80_handwritten.nvdisasm"
VADD = ["--grid", "2", "--block", "64", "--buffer", "a=512:iota:s32", "--buffer", "b=512:fill:100:s32",
        "--buffer", "c=512", "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c"]


def run(*args):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), res.exception
    assert "Traceback" not in res.output
    return res


def test_run_listing_json():
    """The launch ABI (blockDim at c[0x0][0x0], parameters from 0x160 on sm_80) is
    filled by gpuisa: only the kernel's own parameters are given."""
    res = run("run", HAND, *VADD, "--param", "s32:100", "--dump-buffer", "c:s32", "--json")
    assert res.exit_code == 0, res.output
    c = json.loads(res.output)["buffers"]["c"]
    assert c[:100] == [i + 100 for i in range(100)] and c[100:] == [0] * 28


def test_run_prints_param_layout():
    res = run("run", HAND, *VADD, "--param", "s32:100", "--dump-buffer", "c:s32:4")
    assert res.exit_code == 0, res.output
    assert "param c[0x0][0x160] ptr" in res.output and "param c[0x0][0x178] s32 = 100" in res.output


def test_wrong_parameter_list():
    res = run("run", HAND, *VADD, "--dump-buffer", "c:s32")
    assert res.exit_code == 1 and "takes 4 parameters" in res.output and "3 given" in res.output
    res = run("run", HAND, *VADD, "--param", "s64:100")
    assert res.exit_code == 1
    assert "parameter #4 (s64:100) is 8 bytes at +0x18, but the kernel's parameter #4 is 4 bytes at +0x18" in res.output


def test_parameters_missing_for_a_cuobjdump_listing(lone):
    """A cuobjdump listing has no .nv.info parameter table: a --param list shorter than the
    parameter bytes the code reads is a located error (the line of the highest read), not a
    constant-bank fault in the middle of the run.  With the cubin it was made from beside it, the
    cubin's table is checked (decision D8-tiny-3)."""
    res = run("run", CORPUS / "sm_80" / "vector_add.cuobjdump", *VADD)
    assert res.exit_code == 1 and "takes 4 parameters" in res.output and "3 given" in res.output
    listing = lone / "vector_add.cuobjdump"        # alone: no cubin beside it
    listing.write_bytes((CORPUS / "sm_80" / "vector_add.cuobjdump").read_bytes())
    lines = listing.read_text().splitlines()
    res = run("run", listing, *VADD)            # three of its four parameters
    assert res.exit_code == 1, res.output
    msg = res.output.strip()
    ln, col = int(msg.split(":")[2]), int(msg.split(":")[3])
    assert lines[ln - 1][col - 1:].startswith("c[0x0][0x178]")
    assert "reads parameter byte +0x18 (c[0x0][0x178]" in msg and "--param gave 24 bytes" in msg
    assert "c[0x0][0x178]" in lines[ln - 1]
    res = run("run", listing, *VADD, "--param", "s32:100", "--dump-buffer", "c:s32:4", "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["buffers"]["c"] == [i + 100 for i in range(4)]     # iota + fill:100


def test_asm_listing_shows_original_line(tmp_path):
    out = tmp_path / "k.bin"
    res = run("asm", HAND, "-o", out, "--listing", "-")
    assert res.exit_code == 0, res.output
    assert out.stat().st_size % 16 == 0 and out.stat().st_size // 16 == res.output.count("// line ")
    assert "IMAD R6, R6, c[0x0][0x0], R3 ;   // line" in res.output


def test_several_kernels_need_kernel_option():
    res = run("run", CORPUS / "sm_80" / "two_kernels.nvdisasm")
    assert res.exit_code == 1 and "2 kernels; choose one with --kernel NAME: offset, scale" in res.output
    res = run("asm", CORPUS / "sm_80" / "two_kernels.cuobjdump", "--kernel", "nope", "-o", "-")
    assert res.exit_code == 1 and "kernel 'nope' not found" in res.output


def test_truncated_listings(tmp_path):
    text = HAND.read_text()
    cut = tmp_path / "cut.nvdisasm"
    cut.write_text(text[:text.index("/*00c0*/")])
    res = run("run", cut, *VADD, "--param", "s32:1")
    assert res.exit_code == 1 and "truncated listing" in res.output and "cut.nvdisasm:" in res.output
    cob = (CORPUS / "sm_80" / "vector_add.cuobjdump").read_text()
    cut2 = tmp_path / "cut.cuobjdump"
    cut2.write_text(cob[:cob.index("/*0080*/")])
    res = run("asm", cut2, "-o", tmp_path / "x.bin")
    assert res.exit_code == 1 and "truncated listing: Function vector_add" in res.output
    gap = tmp_path / "gap.nvdisasm"        # a line missing in the middle: the address comments say so
    gap.write_text("\n".join(l for l in text.split("\n") if "/*0090*/" not in l or "IMAD" not in l))
    res = run("asm", gap, "-o", tmp_path / "x.bin")
    assert res.exit_code == 1 and "address comment /*00a0*/ where 0x0090 was expected" in res.output


def test_unknown_opcode_is_located(tmp_path):
    bad = tmp_path / "bad.nvdisasm"
    bad.write_text(HAND.read_text().replace("IADD3 R9, R4, R3, RZ ;", "FROBNICATE R9, R4 ;"))
    res = run("run", bad, *VADD, "--param", "s32:1")
    line = next(i for i, l in enumerate(bad.read_text().split("\n"), 1) if "FROBNICATE" in l)
    assert res.exit_code == 1 and f"bad.nvdisasm:{line}:" in res.output and "unknown mnemonic FROBNICATE" in res.output
    assert "^" in res.output


def test_unsupported_arch(tmp_path):
    lst = tmp_path / "old.nvdisasm"
    lst.write_text(HAND.read_text().replace(".target\tsm_80", ".target\tsm_70"))
    res = run("run", lst)
    assert res.exit_code == 1 and "code for sm_70 is not supported" in res.output
    pytest.importorskip("elftools", reason="pyelftools is not installed (the optional extra gpuisa[cuda])")
    cub = bytearray((CORPUS / "sm_80" / "vector_add.cubin").read_bytes())
    # e_flags (offset 48 in ELF64): SM number in bits 8-15 since ELF ABI version 8
    flags = int.from_bytes(cub[48:52], "little")
    cub[48:52] = ((flags & ~0xFF00) | (50 << 8)).to_bytes(4, "little")
    p = tmp_path / "old.cubin"
    p.write_bytes(bytes(cub))
    res = run("run", p)
    assert res.exit_code == 1 and "code for sm_50 is not supported" in res.output


def test_a_saved_tool_error_message_is_named(tmp_path):
    """`nvdisasm old.cubin > k.nvdisasm` for a target nvdisasm 13 no longer reads leaves the tool's
    message in the file: say so (it was "cannot read operand 'fatal : ...'" at 1:15)."""
    msg = 'nvdisasm fatal   : CUDA architecture "SM70" is deprecated. Please use CUDA toolkit 13.0 or earlier\n'
    lst = tmp_path / "k.nvdisasm"
    lst.write_text(msg)
    for cmd in (["run", lst, "--grid", "1"], ["asm", lst, "-o", tmp_path / "k.bin"]):
        res = run(*cmd)
        assert res.exit_code == 1
        assert f"{lst}:1:1: this is nvdisasm's error message, not a listing: nvdisasm fatal" in res.output
    assert not (tmp_path / "k.bin").exists()
    lst.write_text('[{"ELF":{"layout-id":4},"SM":{"version":{"major":9,"minor":0}}},'
                   '[{"function-name":"k","sass-instructions":[{"opcode":"EXIT"}]}]]')
    res = run("run", lst, "--grid", "1")
    assert res.exit_code == 1 and "this is `nvdisasm -json` output, which gpuisa does not read" in res.output


def test_not_elf_cuda_and_garbage(tmp_path):
    p = tmp_path / "x.cubin"
    p.write_bytes(b"\x7fELF" + b"\x00" * 10)
    res = run("run", p)
    assert res.exit_code == 1 and "x.cubin" in res.output


def _const_table_launch():
    from cuda_expect import launches
    return next(l for stem, l in launches() if stem == "const_table")


def _launch_const_table(isa, listing):
    from cuda_expect import make_inputs
    from gpuisa.cuda import load_cuda
    launch = _const_table_launch()
    k = load_cuda(isa, listing, launch["kernel"])
    bufs = make_inputs(launch)
    return launch, bufs, lambda: k.launch(grid=tuple(launch["grid"]), block=tuple(launch["block"]),
                                          params=launch["params"], buffers=bufs, shared_bytes=launch["shared_bytes"])


def test_cuobjdump_lacks_constant_banks(isa, lone):
    """A cuobjdump listing alone carries no __constant__ data (bank 3): refused, saying why and
    what to do; beside a cubin of other code (even of the same name) as well."""
    import shutil
    from gpuisa.errors import UsageError
    lst = lone / "const_table.cuobjdump"
    shutil.copy(CORPUS / "sm_90" / "const_table.cuobjdump", lst)
    _, _, go = _launch_const_table(isa, lst)
    with pytest.raises(UsageError, match=r"reads constant bank c\[0x3\].*cuobjdump -sass listing does not carry.*"
                                         r"beside it"):
        go()
    shutil.copy(CORPUS / "sm_90" / "vector_add.cubin", lone / "const_table.cubin")     # not its code
    with pytest.raises(UsageError, match="does not carry"):
        go()


def test_cuobjdump_listing_takes_its_data_from_the_cubin_beside_it(isa, tmp_path, nvdisasm):
    """The cubin the listing was made from, beside it under any name, is found by its code
    (the listing's encodings equal its .text section) and gives the data (decision CU-10)."""
    import shutil
    from cuda_expect import compare, expected
    lst = tmp_path / "listing.txt"
    shutil.copy(CORPUS / "sm_90" / "const_table.cuobjdump", lst)
    shutil.copy(CORPUS / "sm_90" / "vector_add.cubin", tmp_path / "listing.cubin")   # same stem, other code
    shutil.copy(CORPUS / "sm_90" / "const_table.cubin", tmp_path / "zz_build_output.cubin")
    launch, bufs, go = _launch_const_table(isa, lst)
    want = expected(launch, {k: v.copy() for k, v in bufs.items()})
    res = go()
    assert res.status == "ok", res.fault
    assert not [p for name in launch["outputs"] if (p := compare(launch, name, bufs[name], want[name]))]


def test_block_option_takes_three_dims(tmp_path):
    s = tmp_path / "t.s"
    s.write_text("S2R R0, SR_TID.X ;\nS2R R2, SR_TID.Y ;\nS2R R3, SR_TID.Z ;\nS2R R4, SR_NTID.Y ;\n"
                 "S2R R5, SR_NCTAID.Z ;\nS2UR UR4, SR_CgaCtaId ;\nEXIT ;\n")
    res = run("run", s, "--block", "4,2,2", "--grid", "1,1,3", "--dump", "R0,R2,R3,R4,R5,UR4", "--json")
    assert res.exit_code == 0, res.output
    w = json.loads(res.output)["warps"][0]
    regs = w["registers"] if "registers" in w else w
    lanes = range(16)
    assert regs["R0"][:16] == [t % 4 for t in lanes] and regs["R2"][:16] == [t // 4 % 2 for t in lanes]
    assert regs["R3"][:16] == [t // 8 for t in lanes]
    assert set(regs["R4"][:16]) == {2} and set(regs["R5"][:16]) == {3}


def test_fat_binary_listing_runs_the_first_target_and_says_so():
    """cuobjdump -sass of an executable built for sm_80 and sm_90 (data/fat_sm80_sm90.cu):
    the first target's code runs, a note names the others and how to pick one (decision CU8)."""
    lst = Path(__file__).resolve().parent / "data" / "fat_sm80_sm90.cuobjdump"
    res = run("run", lst, "--kernel", "add1", "--buffer", "a=128:iota:u32", "--param", "ptr:a",
              "--dump-buffer", "a:u32", "--json")
    assert res.exit_code == 0, res.output
    assert "holds code for sm_80 and sm_90; using sm_80" in res.output
    out = json.loads(next(ln for ln in res.output.splitlines() if ln.startswith("{")))
    assert out["buffers"]["a"] == [i + 1 for i in range(32)]


def test_fat_binary_listing_runs_the_target_arch_names():
    """--arch sm_XX chooses among a cuobjdump listing's targets, as it does for the executable
    itself (D14-B-2: it was refused as "apply to a CUDA source"); a target it lacks is named."""
    lst = Path(__file__).resolve().parent / "data" / "fat_sm80_sm90.cuobjdump"
    args = ("--kernel", "add1", "--buffer", "a=128:iota:u32", "--param", "ptr:a", "--dump-buffer", "a:u32", "--json")
    res = run("run", lst, "--arch", "sm_90", *args)
    assert res.exit_code == 0 and "holds code for sm_90 and sm_80; using sm_90 (--arch)" in res.output, res.output
    out = json.loads(next(ln for ln in res.output.splitlines() if ln.startswith("{")))
    assert out["buffers"]["a"] == [i + 1 for i in range(32)]
    res = run("run", lst, "--arch", "sm_75", *args)
    assert res.exit_code == 1 and "--arch sm_75: the listing holds code for sm_80, sm_90 only" in res.output, res.output


def test_cuobjdump_listing_finds_its_cubin_in_a_sibling_directory(isa, tmp_path, nvdisasm):
    """``listings/k.txt`` beside ``cubins/build.cubin``: the cubin is found by its code."""
    import shutil
    (tmp_path / "listings").mkdir()
    (tmp_path / "cubins").mkdir()
    lst = tmp_path / "listings" / "k.txt"
    shutil.copy(CORPUS / "sm_90" / "const_table.cuobjdump", lst)
    shutil.copy(CORPUS / "sm_90" / "const_table.cubin", tmp_path / "cubins" / "build.cubin")
    launch, bufs, go = _launch_const_table(isa, lst)
    assert go().status == "ok"


@pytest.mark.parametrize("listing,cubin", [
    ("k.cuobjdump", "cubin/build.cubin"),                          # a subdirectory of the listing's
    ("cuobjdump/sm_90/k.txt", "cubin/sm_90/const_table.cubin"),    # the same place in a parallel tree
])
def test_cuobjdump_listing_finds_its_cubin_below_or_in_a_parallel_tree(isa, tmp_path, nvdisasm, listing, cubin):
    """Layouts a corpus of several targets has (D13-4): the cubin is found by its code."""
    import shutil
    lst, cub = tmp_path / listing, tmp_path / cubin
    for p in (lst, cub):
        p.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(CORPUS / "sm_90" / "const_table.cuobjdump", lst)
    shutil.copy(CORPUS / "sm_90" / "const_table.cubin", cub)
    (tmp_path / "cubin" / "sm_80").mkdir(exist_ok=True)      # another target's tree: not the one
    shutil.copy(CORPUS / "sm_80" / "const_table.cubin", tmp_path / "cubin" / "sm_80" / "const_table.cubin")
    launch, bufs, go = _launch_const_table(isa, lst)
    assert go().status == "ok"


def _log_of(isa, listing, xs):
    import numpy as np
    from gpuisa.cuda import load_cuda
    k = load_cuda(isa, listing, "logd")
    x = np.array(xs, np.float64)
    o = np.zeros_like(x)
    res = k.launch(grid=1, block=len(xs), params=["ptr:x", "ptr:o"], buffers={"x": x, "o": o})
    assert res.status == "ok", res.fault
    return o


def test_nan_immediates_of_an_nvdisasm_listing_come_from_the_cubin_beside_it(isa, lone):
    """nvdisasm prints the FSEL immediate 0xfff00000 (the high word of a double -INF, what
    log(0.0) selects) as ``-QNAN``, like every quiet NaN: the bits come from the cubin beside
    the listing (decision CU-11); without it the listing's NaN stands (log(0) is then NaN)."""
    import math
    import shutil
    pytest.importorskip("elftools", reason="pyelftools (the optional extra gpuisa[cuda]) reads the cubin")
    xs = [0.0, -0.0, 1.0, math.e, -1.0, math.inf, 2.0 ** -1074, 1e300] + [float(v) for v in range(2, 26)]
    want = [-math.inf, -math.inf, 0.0, 1.0, math.nan, math.inf] + [math.log(v) for v in xs[6:]]
    got = _log_of(isa, DATA / "qnan" / "logd.nvdisasm", xs)
    for g, w, x in zip(got, want, xs):
        assert (math.isnan(g) and math.isnan(w)) or math.isclose(g, w, rel_tol=1e-15), (x, g, w)
    alone = lone / "logd.nvdisasm"
    shutil.copy(DATA / "qnan" / "logd.nvdisasm", alone)
    assert math.isnan(_log_of(isa, alone, xs)[0])      # the documented limit without the cubin
    # which the command line says, naming the first such line (session 24)
    first = next(i for i, ln in enumerate(alone.read_text().split("\n"), 1) if "QNAN" in ln)
    res = run("asm", alone, "-o", lone / "k.bin")
    assert res.exit_code == 0 and f"note: {alone}:{first}" in res.output and "CU-11" in res.output, res.output
    res = run("asm", DATA / "qnan" / "logd.nvdisasm", "-o", lone / "k2.bin")
    assert res.exit_code == 0 and "QNAN" not in res.output, res.output


def test_asm_takes_arch_for_a_listing_of_several_targets(tmp_path):
    """`gpuisa asm --arch sm_XX` chooses the target of a cuobjdump listing of an executable (D14-B-2);
    on this ISA's own assembly the option is refused."""
    lst = Path(__file__).resolve().parent / "data" / "fat_sm80_sm90.cuobjdump"
    res = run("asm", lst, "--arch", "sm_90", "--kernel", "add1", "-o", str(tmp_path / "k.bin"))
    assert res.exit_code == 0 and "using sm_90" in res.output, res.output
    s = tmp_path / "p.s"
    s.write_text("EXIT ;\n")
    res = run("asm", s, "--arch", "sm_90", "-o", str(tmp_path / "p.bin"))
    assert res.exit_code == 1 and "--arch applies to a CUDA input" in res.output, res.output


def test_listing_cut_after_the_code_is_truncated(tmp_path):
    """D14-3 (was D14-B-3): a listing cut exactly after the last kernel's code lost the kernel's
    shared-memory and parameter sections, and ran into a `memory` fault at the first shared store;
    the missing `.nv.constant0.K` that every kernel has says the listing is truncated.  `nvdisasm -c`
    (code only: no `.nv.info.K` either) is still read."""
    text = (CORPUS / "sm_90" / "block_reduce.nvdisasm").read_text()
    lines = text.split("\n")
    cut = tmp_path / "cut.nvdisasm"
    keep = next(i for i, l in enumerate(lines) if "--- .nv.shared" in l)
    cut.write_text("\n".join(lines[:keep]) + "\n")
    res = run("asm", cut, "-o", tmp_path / "x.bin")
    assert res.exit_code == 1, res.output
    assert "truncated listing: the section .nv.constant0.block_reduce of kernel block_reduce" in res.output
    last = max(i for i, l in enumerate(lines[:keep], 1) if l.strip())
    assert f"cut.nvdisasm:{last}:1:" in res.output and f"the listing ends at line {last}" in res.output
    assert "Traceback" not in res.output
    code_only = tmp_path / "c.nvdisasm"      # what `nvdisasm -c` prints: the code sections alone
    code_only.write_text("\n".join(l for i, l in enumerate(lines) if i < 5 or 215 <= i < keep) + "\n")
    assert run("asm", code_only, "-o", tmp_path / "y.bin").exit_code == 0


def test_fault_past_a_buffer_reminds_that_sizes_are_bytes():
    """Decision D15-1: ``a=128:iota:s32`` meant as 128 values holds 32; the fault just past its end
    says so (text and --json), with the size the user wanted (128 x 4 bytes)."""
    small = ["--grid", "2", "--block", "64", "--buffer", "a=128:iota:s32", "--buffer", "b=512:fill:100:s32",
             "--buffer", "c=512", "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c", "--param", "s32:100"]
    res = run("run", CORPUS / "sm_80" / "vector_add.nvdisasm", *small)
    assert res.exit_code == 2
    want = "--buffer SIZE is in bytes: a=128:iota:s32 holds 128 bytes = 32 s32 values; 128 s32 values take 512 bytes"
    assert f"hint: {want}" in res.output
    res = run("run", CORPUS / "sm_80" / "vector_add.nvdisasm", *small, "--json")
    assert json.loads(res.stdout)["fault"]["hint"] == want
    # an output buffer without a type: the type its --dump-buffer names; no hint for other faults
    out = [a if a != "c=512" else "c=64" for a in VADD]
    res = run("run", CORPUS / "sm_80" / "vector_add.nvdisasm", *out, "--param", "s32:100", "--dump-buffer", "c:s32")
    assert "hint: --buffer SIZE is in bytes: c=64 holds 64 bytes = 16 s32 values" in res.output
    res = run("run", CORPUS / "sm_80" / "vector_add.nvdisasm", *VADD, "--param", "s32:100")
    assert res.exit_code == 0 and "hint" not in res.output


def test_empty_file_with_kernel_is_named_empty(tmp_path):
    """D15-2: `nvdisasm -annotate k.cubin > k.nvdisasm` writes nothing (its error goes to stderr); the
    empty file was "not a CUDA input", now it is named empty (exit 1, both commands)."""
    empty = tmp_path / "k.nvdisasm"
    empty.write_text("\n")
    for cmd in (["run", empty, "--kernel", "k"], ["asm", empty, "--kernel", "k", "-o", tmp_path / "k.bin"]):
        res = run(*cmd)
        assert res.exit_code == 1 and f"--kernel k: {empty} is empty (expected an nvdisasm" in res.output
        assert not (tmp_path / "k.bin").exists()


def test_life_range_listing_of_relocatable_code_names_its_missing_variables():
    """D15-4: `nvdisasm -plr` of -rdc code leaves out the `.nv.shared` sections its variables live in;
    the run was refused at `<program>:472:1` with "define rdc_hits in the program (a label)". It is
    now located in the listing, with a caret, and says what is missing and what to run instead."""
    path = DATA / "plr" / "rdc13_shared_sm90_plr.nvdisasm"
    res = run("run", path, "--kernel", "rdc_layout", "--grid", "1", "--block", "64", "--buffer", "in=256",
              "--buffer", "out=280", "--param", "ptr:in", "--param", "ptr:out")
    assert res.exit_code == 1 and "<program>" not in res.output
    assert f"{path}:472:48: error: undefined symbol 'rdc_hits'" in res.output and "^~~~~~~~" in res.output
    assert "rdc_hits: the listing does not define these variables" in res.output
    assert "run the plain nvdisasm listing or the cubin" in res.output and "(a label)" not in res.output

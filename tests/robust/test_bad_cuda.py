"""Bad CUDA input and program faults (issue 11, direction bad11; decisions D11-B-1 .. D11-B-9):
each damaged listing or cubin found by the mutation campaign (scripts/bad_input_campaign.py)
ends in a located error and exit 1; each program fault names the kernel, PC, lane and address."""
from __future__ import annotations

import json
import random
import struct
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
import badcuda  # noqa: E402 - the campaign's helpers

C80 = badcuda.CORPUS / "sm_80"


def run(*args):
    code, out, err, exc, _ = badcuda.invoke(["run", *map(str, args)])
    assert exc is None and code is not None, (code, exc)
    return code, out, err


def located_error(err: str, where: str, *needles: str) -> None:
    assert where in err, err[-600:]
    assert "internal error" not in err and "Traceback" not in err
    for n in needles:
        assert n in err, err[-600:]


def _listing(tmp_path, name: str, edit) -> Path:
    src = C80 / name
    lines = src.read_text().split("\n")
    edit(lines)
    p = tmp_path / name
    p.write_text("\n".join(lines))
    return p


# -- D11-B-1: invalid UTF-8 in a listing: line, column and caret ------------------------------------
def test_invalid_utf8_in_a_listing_is_located(tmp_path):
    src = (C80 / "vector_add.cuobjdump").read_bytes()
    k = src.index(b"IMAD.WIDE")
    p = tmp_path / "va.cuobjdump"
    p.write_bytes(src[:k + 4] + b"\xff" + src[k + 4:])
    code, _, err = run(p, *badcuda.VA_ARGS)
    line = src[:k].count(b"\n") + 1
    assert code == 1
    located_error(err, f"va.cuobjdump:{line}:", "invalid UTF-8 byte 0xff (cuobjdump listings are UTF-8)", "^")


# -- D11-B-2, -3: a damaged .nv.info attribute or data value: the data line ---------------------------
def test_malformed_nv_info_attribute_names_its_data_line(tmp_path):
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if "EIATTR_PARAM_CBANK" in ln)
        j = next(i for i in range(k, len(lines)) if ".byte\t0x04" in lines[i])
        lines[j] = lines[j].replace(".byte\t0x04", ".byte\t0x07")
        edit.line = j + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"vector_add.nvdisasm:{edit.line}:", "malformed .nv.info.vector_add attribute stream",
                  "(format 0x07", "^")


def test_a_damaged_data_value_is_an_error_not_zero(tmp_path):
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if ".byte\t0x04, 0x2f" in ln)
        lines[k] = lines[k].replace("0x04, 0x2f", "0x04 0x2f")
        edit.line = k + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"vector_add.nvdisasm:{edit.line}:", "'0x04 0x2f' is not a number", "^")


# -- D11-B-4: a damaged ELF layout: the field or section and its offset, before nvdisasm runs ---------
@pytest.mark.parametrize("damage,needles", [
    (lambda b: b[:40], ["truncated ELF file: 40 bytes"]),
    (lambda b: b[:len(b) // 2], ["the section header table (e_shoff 0x", "past the end of the file"]),
    (lambda b: b[:4] + b"\x01" + b[5:], ["offset 0x4 (EI_CLASS) is 1", "64-bit"]),
    (lambda b: b[:5] + b"\x02" + b[5 + 1:], ["holds no CUDA code"]),    # big-endian: e_machine is not EM_CUDA
    (lambda b: b[:0x3c] + struct.pack("<H", 0) + b[0x3e:], ["(e_shnum) is 0"]),
    (lambda b: b[:0x3e] + struct.pack("<H", 99) + b[0x40:], ["(e_shstrndx) is 99"]),
])
def test_damaged_elf_layout_names_the_offset(tmp_path, damage, needles):
    p = tmp_path / "va.cubin"
    p.write_bytes(damage((C80 / "vector_add.cubin").read_bytes()))
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, "va.cubin: ", *needles)


def test_a_section_past_the_end_of_the_file(tmp_path):
    data = bytearray((C80 / "vector_add.cubin").read_bytes())
    shoff, = struct.unpack_from("<Q", data, 0x28)
    struct.pack_into("<Q", data, shoff + 64 * 1 + 0x20, 1 << 40)        # section #1's sh_size
    p = tmp_path / "va.cubin"
    p.write_bytes(bytes(data))
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, "va.cubin: section #1 (header at offset 0x", "past the end of the file")


# -- D11-B-5: a .cubin whose magic is damaged is not read as assembly ----------------------------------
@pytest.mark.parametrize("data,needle", [
    (b"", "the file is empty"), (b"\0\0", "begins 00 00"), (b"\x7fELX" + bytes(100), "begins 7f 45 4c 58"),
])
def test_a_cubin_without_its_magic(tmp_path, data, needle):
    p = tmp_path / "k.cubin"
    p.write_bytes(data)
    code, _, err = run(p)
    assert code == 1
    located_error(err, "k.cubin: ", needle)


# -- D11-B-6: two kernels of one name; an unclosed comment or text after the encoding -----------------
def test_two_text_sections_of_one_name(tmp_path):
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if ".section\t.text.vector_add" in ln)
        lines.extend(lines[k:])
        edit.line = len(lines) - (len(lines) - k) // 2 + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, "section .text.vector_add given twice (first at line", "two kernels of one name")


@pytest.mark.parametrize("tail,needle", [(" /*0000", "unterminated /* comment"), (" junk", "unknown mnemonic junk")])
def test_text_after_an_instruction_is_not_dropped(tmp_path, tail, needle):
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if "IMAD.WIDE" in ln)
        lines[k] += tail
        edit.line = k + 1
    p = _listing(tmp_path, "vector_add.cuobjdump", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"vector_add.cuobjdump:{edit.line}:", needle, "^")


# -- D11-B-7 .. -9: program faults say where and what to do --------------------------------------------
def test_out_of_bounds_store_names_kernel_and_listing_line():
    src = C80 / "vector_add.cuobjdump"
    code, out, _ = run(src, "--grid", "1", "--block", "32", "--buffer", "a=128", "--buffer", "b=128", "--buffer",
                       "c=16", "--param", "ptr:a", "--param", "ptr:b", "--param", "ptr:c", "--param", "s32:32", "--json")
    f = json.loads(out)["fault"]
    assert code == 2 and f["kind"] == "memory" and f["kernel"] == "vector_add"
    stg = 1 + next(i for i, ln in enumerate(src.read_text().split("\n")) if "STG.E" in ln)
    assert f["source"].endswith(f"vector_add.cuobjdump:{stg}") and "(lane 4)" in f["message"]
    assert f["instruction"].startswith("STG") and "0x" in f["message"]


def test_stack_overflow_is_named_so():
    code, out, _ = run(C80 / "recurse.nvdisasm", "--grid", "1", "--block", "32", "--buffer", "in=256",
                       "--buffer", "o=2048", "--param", "ptr:in", "--param", "ptr:o", "--local-bytes", "16", "--json")
    f = json.loads(out)["fault"]
    assert code == 2 and f["kernel"].startswith("recurse(") and f["source"].startswith(str(C80 / "recurse.nvdisasm:"))
    assert "a stack overflow" in f["message"] and "--local-bytes N" in f["message"]


def test_step_limit_says_what_to_do():
    code, _, err = run(C80 / "vector_add.cuobjdump", *badcuda.VA_ARGS, "--max-steps", "3")
    assert code == 2
    assert "raise the limit with --max-steps N" in err and "(the first: cta 0, warp 0 (ready), pc 0x" in err


# -- a seeded property: damaged listings never escape as an internal error, a hang or an unlocated message --
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 2**32 - 1), st.sampled_from(["sm_75", "sm_90", "sm_120"]))
def test_damaged_listings_end_in_a_located_error_or_a_run(tmp_path_factory, seed, arch):
    src = badcuda.CORPUS / arch / "vector_add.cuobjdump"
    what, text = badcuda.text_mutant(random.Random(seed), src.read_text())
    p = tmp_path_factory.mktemp("m") / "m.cuobjdump"
    badcuda.write_text_mutant(p, text)
    o = badcuda.classify(["run", p, *badcuda.VA_ARGS, "--json"], path=str(p), timeout=30)
    assert not o.bug, (what, o.kind, o.message)


# -- D11-B-10: CUDA's launch limits; D11-B-11: a byte-order mark ---------------------------------------
@pytest.mark.parametrize("opt,value,needle", [
    ("--block", "1,1,65", "block dimension z is 65, but CUDA allows at most 64"),
    ("--grid", "1,65536", "grid dimension y is 65536, but CUDA allows at most 65535"),
    ("--shared-bytes", "1000000", "but sm_80 gives a CTA at most 166912"),
    ("--block", "1025", "--block 1025,1,1: block dimension x is 1025"),
    ("--block", "64,32", "--block 64,32,1: a block of 2048 threads"),
])
def test_launches_cuda_refuses(opt, value, needle):
    code, _, err = run(C80 / "vector_add.cuobjdump", *badcuda._with_option(badcuda.VA_ARGS, opt, value))
    assert code == 1
    located_error(err, needle)


def test_a_byte_order_mark_before_a_listing(tmp_path):
    p = tmp_path / "va.nvdisasm"
    p.write_bytes(b"\xef\xbb\xbf" + (badcuda.CORPUS / "sm_75" / "vector_add.nvdisasm").read_bytes())
    code, out, _ = run(p, *badcuda.VA_ARGS, "--json")
    assert code == 0 and json.loads(out)["buffers"]["c"] == list(range(100, 108))


@pytest.mark.parametrize("form,codec", [("cuobjdump", "utf-16-le"), ("nvdisasm", "utf-16-be")])
def test_a_utf16_listing_with_its_byte_order_mark(tmp_path, form, codec):
    """D22-3: Windows PowerShell 5's `>` writes a tool's output as UTF-16 (little-endian) with a
    byte-order mark; such a listing was refused at its first byte (0xff, not UTF-8)."""
    text = (badcuda.CORPUS / "sm_90" / f"vector_add.{form}").read_text().replace("\n", "\r\n")
    bom = b"\xff\xfe" if codec.endswith("le") else b"\xfe\xff"
    p = tmp_path / f"va.{form}"
    p.write_bytes(bom + text.encode(codec))
    code, out, err = run(p, *badcuda.VA_ARGS, "--json")
    assert code == 0 and json.loads(out)["buffers"]["c"] == list(range(100, 108)), err[-600:]
    p.write_bytes(p.read_bytes()[:-1])         # an odd byte count: not UTF-16 text
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"va.{form}: not UTF-16 text after its byte-order mark")


def test_cuobjdump_ptx_output_is_named(tmp_path):
    """D22-4: `cuobjdump -ptx app` (PTX, and the elf headers without SASS) was read as this ISA's
    assembly: 57 errors, the first at `Fatbin elf code:`."""
    head = "\nFatbin elf code:\n================\narch = sm_90\ncode version = [1,8]\nhost = linux\n" \
           "compile_size = 64bit\n\nFatbin ptx code:\n================\narch = sm_90\ncode version = [9,0]\n" \
           "host = linux\ncompile_size = 64bit\ncompressed\nptxasOptions = \n\n"
    ptx = ".version 9.0\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n\tret;\n}\n"
    p = tmp_path / "app.ptx.txt"
    p.write_text(head + ptx)
    code, _, err = run(p, "--grid", "1")
    assert code == 1
    located_error(err, "app.ptx.txt:9:1: this is `cuobjdump -ptx` output", "cuobjdump -sass", ".ptx file")


@pytest.mark.parametrize("form,old,new,line,col", [
    ("nvdisasm", "\t.target\tsm_75", "\t.target\tsm_7", 1, 10),
    ("nvdisasm", "\t.target\tsm_75", "\t.target\tsm_70", 1, 10),
    ("cuobjdump", "code for sm_75", "code for sm_8", 2, 11),
])
def test_an_unsupported_target_is_named_at_its_line(tmp_path, form, old, new, line, col):
    """D22-5, found by the campaign (seed 2203000): an edited target line (`.target sm_7`) was
    refused without its line: `FILE: code for sm_7 is not supported`."""
    text = (badcuda.CORPUS / "sm_75" / f"vector_add.{form}").read_text()
    assert old in text
    p = tmp_path / f"va.{form}"
    p.write_text(text.replace(old, new, 1))
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"va.{form}:{line}:{col}: error: code for {new.split()[-1]} is not supported", "^~~")


def test_the_supported_targets_are_the_abi_tables():
    from gpuisa.cuda.abi import abi_for, supported
    from gpuisa.errors import UsageError
    for arch in range(0, 200):
        try:
            abi_for(arch)
            ok = True
        except UsageError:
            ok = False
        assert supported(arch) == ok, arch


def test_a_lost_label_in_nv_info_is_named(tmp_path):
    """A deleted `.L_1:` line made `.short (.L_1 - .L_0)` 0, and the attribute stream was
    refused further on (D11-B-12)."""
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if ln.strip() == ".L_1:")
        del lines[k]
        edit.line = next(i for i, ln in enumerate(lines) if "(.L_1 - .L_0)" in ln) + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"vector_add.nvdisasm:{edit.line}:", "label .L_1 is not defined in this listing", "^")


@pytest.mark.parametrize("old,new,needle", [
    ("\t.align\t\t4", "\t.align\t\t0xfffffffffffffffff", "more than the largest alignment"),    # OverflowError
    ("\t.align\t\t4", "\t.zero\t\t0x7fffffffffff", "more than a section the model takes"),      # memory
    ("/*0008*/ \t.word\t0x0000000c", "/*ffffffffff*/ \t.word\t0x0000000c", "is beyond the largest section"),
])
def test_data_directives_that_would_allocate_gigabytes(tmp_path, old, new, needle):
    """Found by the campaign through the Python API: an OverflowError escaped (D11-B-13)."""
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if ln.strip() == old.strip() and i > 40)
        lines[k] = lines[k].replace(old.strip(), new.strip())
        edit.line = k + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    import gpuisa
    from gpuisa.errors import UsageError
    with pytest.raises(UsageError, match=needle) as e:
        gpuisa.load_isa().load_cuda(str(p))
    assert f"vector_add.nvdisasm:{edit.line}:" in str(e.value)


# -- D11-B-14: a cubin without code; a failed write names the user's file, not its temporary -----------
def test_a_cubin_without_code(tmp_path):
    p = tmp_path / "none.cubin"
    p.write_bytes((C80 / "vector_add.cubin").read_bytes().replace(b".text.vector_add", b".txet.vector_add"))
    code, _, err = run(p)
    assert code == 1
    located_error(err, "none.cubin: the cubin holds no kernel")


def test_a_failed_write_names_the_output_file(tmp_path):
    out = tmp_path / "no" / "such" / "x.bin"
    code, _, err, exc, _ = badcuda.invoke(["asm", str(C80 / "vector_add.cuobjdump"), "-o", str(out)])
    assert code == 1 and exc is None
    assert f"cannot write {out}: No such file or directory" in err, err


def test_an_unwritable_timeline_is_refused_before_the_run(tmp_path):
    """The page was written after the run: a kernel looping to the step limit first (D11-B-15)."""
    out = tmp_path / "no" / "t.html"
    code, _, err = run(C80 / "vector_add.cuobjdump", *badcuda.VA_ARGS, "--timeline", out, "--max-steps", "1")
    assert code == 1 and f"cannot write {out}: No such file or directory" in err and "step-limit" not in err


def test_a_malformed_first_attribute_points_at_the_section(tmp_path):
    def edit(lines):
        k = next(i for i, ln in enumerate(lines) if ".section\t.nv.info.vector_add" in ln)
        j = next(i for i in range(k, len(lines)) if "/*0000*/" in lines[i])
        del lines[j]
        edit.line = k + 1
    p = _listing(tmp_path, "vector_add.nvdisasm", edit)
    code, _, err = run(p, *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, f"vector_add.nvdisasm:{edit.line}:", "at byte 0x0 of the section", "^~~~")


# -- the corpus's bad11_faults kernels with bad arguments: each fault names kernel, line, lane, address --
def _bf(arch, form, kernel, *args):
    p = badcuda.CORPUS / arch / f"bad11_faults.{form}"
    code, out, _ = run(p, "--kernel", kernel, "--grid", "1", "--block", "32", *args, "--json")
    f = json.loads(out)["fault"]
    assert code == 2 and f["kernel"] == kernel, f
    if "function" in f:       # a runtime function's stand-in (__assertfail): it has no listing line
        return f
    assert f["source"].startswith(f"{p}:"), f
    line = p.read_text().split("\n")[int(f["source"].rsplit(":", 1)[1]) - 1]
    assert f["instruction"].split()[0].split(".")[0] in line, (line, f)
    return f


@pytest.mark.parametrize("arch,form", [("sm_75", "nvdisasm"), ("sm_120", "cuobjdump")])
def test_out_of_bounds_store(arch, form):
    f = _bf(arch, form, "bf_offset_store", "--buffer", "in=256", "--buffer", "out=256", "--param", "ptr:in",
            "--param", "ptr:out", "--param", "s32:64", "--param", "s32:4096")
    assert f["kind"] == "memory" and "STG: global store of 4 bytes at 0x10004200 (lane 0) is unmapped" in f["message"]


@pytest.mark.parametrize("arch,form", [("sm_80", "nvdisasm"), ("sm_90", "cuobjdump")])
def test_deep_recursion_is_a_stack_overflow(arch, form):
    f = _bf(arch, form, "bf_descend", "--buffer", "seed=128", "--buffer", "out=128", "--param", "ptr:seed",
            "--param", "ptr:out", "--param", "s32:100000", "--local-bytes", "1024")
    assert f["kind"] == "memory" and "(lane 0) is a stack overflow: local offset -0x" in f["message"]
    assert "below the thread's 0x400 bytes of local memory" in f["message"]


def test_assert_and_trap():
    f = _bf("sm_80", "cuobjdump", "bf_checked", "--buffer", "in=128:fill:-7:s32", "--buffer", "out=128",
            "--param", "ptr:in", "--param", "ptr:out")
    assert f["function"] == "__assertfail" and "source" not in f
    assert f["kind"] == "trap" and "bad11_faults.cu:35: void bf_checked(const int *, int *): block (0, 0, 0), " \
        "thread 0: Assertion `v != -7` failed." in f["message"]
    f = _bf("sm_120", "nvdisasm", "bf_checked", "--buffer", "in=128:fill:-5000:s32", "--buffer", "out=128",
            "--param", "ptr:in", "--param", "ptr:out")
    assert f["kind"] == "trap" and f["message"] == "TRAP 0x1 (lanes 0xffffffff)"


def test_a_cuobjdump_listing_without_its_code_for_line(tmp_path):
    p = tmp_path / "nc.cuobjdump"
    p.write_text("\n".join(ln for ln in (badcuda.CORPUS / "sm_75" / "vector_add.cuobjdump").read_text().split("\n")
                           if "code for" not in ln))
    code, _, err = run(p)
    assert code == 1
    located_error(err, "nc.cuobjdump: no 'code for sm_XX' line")


# -- D22-2: nvdisasm ran forever on a cubin with one bit flipped in .debug_frame -----------------------
@pytest.fixture
def nvdisasm():
    from gpuisa.cuda.cubin import find_nvdisasm
    pytest.importorskip("elftools", reason="pyelftools is not installed (the optional extra gpuisa[cuda])")
    if find_nvdisasm() is None:
        pytest.skip("nvdisasm is not installed (the optional extra gpuisa[cuda]): cubin inputs cannot be read")


def test_a_damaged_debug_frame_does_not_hang_nvdisasm(tmp_path, nvdisasm):
    """Found by the campaign (seed 2201014): byte 1220 of sm_80's device_call.cubin (inside
    .debug_frame) 0 -> 4; nvdisasm never ended (a 20-s case limit; 200 s by hand). nvdisasm is now
    given the cubin with its DWARF sections marked empty, and the kernel runs as the undamaged one."""
    args = badcuda.launch_args("device_call") + ["--dump-buffer", "out:s32"]
    data = bytearray((C80 / "device_call.cubin").read_bytes())
    assert data[1220] == 0
    data[1220] ^= 4
    p = tmp_path / "dc.cubin"
    p.write_bytes(bytes(data))
    code, out, err = run(p, *args)
    want_code, want, _ = run(C80 / "device_call.cubin", *args)
    assert (code, out) == (want_code, want) and code == 0, err[-600:]


def test_a_damaged_debug_frame_relocation_does_not_hang_nvdisasm(tmp_path, nvdisasm):
    """Found by the campaign (seed 2302001, #44; decision D23-4): byte 1517 of sm_90's
    vector_add.cubin, in the addend of the `.rela.debug_frame` entry, 0 -> 0x10; nvdisasm never
    ended (its 30-s limit reported a damaged cubin). The DWARF sections' relocations are now marked
    empty too, and the kernel runs as the undamaged one."""
    src = badcuda.CORPUS / "sm_90" / "vector_add.cubin"
    args = badcuda.launch_args("vector_add")
    data = bytearray(src.read_bytes())
    assert data[1517] == 0
    data[1517] ^= 0x10
    p = tmp_path / "va.cubin"
    p.write_bytes(bytes(data))
    code, out, err = run(p, *args)
    want_code, want, _ = run(src, *args)
    assert (code, out) == (want_code, want) and code == 0, err[-600:]


def test_a_damaged_register_count_is_said_at_the_cubin(tmp_path, nvdisasm):
    """Found by the campaign (seed 2303011, #28; decision D23-5): sm_120's atomics.cubin with bits
    flipped in the `.nv.info` count of registers per thread (EIATTR_REGCOUNT) was refused at launch,
    as `--block 64,1,1: kernel atomics uses 721420302 registers per thread ...`, without the file.
    A count above 255 is now refused where it is read, naming the cubin and the section."""
    import io

    from elftools.elf.elffile import ELFFile
    src = badcuda.CORPUS / "sm_120" / "atomics.cubin"
    data = bytearray(src.read_bytes())
    info = ELFFile(io.BytesIO(bytes(data))).get_section_by_name(".nv.info")
    at = info["sh_offset"]
    while data[at + 1] != 0x2F:      # the EIATTR_REGCOUNT record: format 4, attribute, size, symbol, count
        at += 4 + int.from_bytes(data[at + 2:at + 4], "little")
    data[at + 11] ^= 0x80
    p = tmp_path / "at.cubin"
    p.write_bytes(bytes(data))
    code, _, err = run(p, *badcuda.launch_args("atomics"))
    assert code == 1
    located_error(err, "at.cubin: .nv.info (EIATTR_REGCOUNT", "registers per thread; a kernel has at most 255")


def test_nvdisasm_has_a_time_limit(tmp_path, nvdisasm, monkeypatch):
    from gpuisa.cuda import cubin
    monkeypatch.setattr(cubin, "NVDISASM_SECONDS", 0.001)
    monkeypatch.setattr(cubin, "NVDISASM_SECONDS_PER_MIB", 0)
    code, _, err = run(C80 / "vector_add.cubin", *badcuda.VA_ARGS)
    assert code == 1
    located_error(err, "vector_add.cubin: nvdisasm did not finish in 0.001 s", "damaged")


def test_a_listing_whose_target_line_is_lost_above_long_data_sections(tmp_path):
    """Session 25 (bad-input seed 2502): an nvdisasm listing whose `.target` line was edited, and
    whose first code section begins past the first 20,000 characters (long .debug_frame and
    .nv.info data before it: lx_comm on sm_120), was not taken for a listing at all: `--kernel`
    said "is not a CUDA input".  It is read as the nvdisasm listing it is, which says what it lacks."""
    src = badcuda.CORPUS / "sm_120" / "lx_comm.nvdisasm"
    lines = src.read_text().split("\n")
    assert lines[0].strip().startswith(".target") and src.read_text().index(".section\t.text.") > 20_000
    p = tmp_path / "lx.nvdisasm"
    p.write_text("\n".join(["\t.tar get\tsm_120"] + lines[1:]))
    code, _, err = run(p, "--kernel", "lx_lastblock")
    assert code == 1
    located_error(err, "no '.target sm_XX' line")
    assert "not a CUDA input" not in err

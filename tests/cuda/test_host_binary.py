"""Kernels inside a host binary (decision D9-1): `gpuisa run app.o` runs the cubin nvcc embedded
in an object file, executable or fat binary (the first target, or the one --arch names), and a
`cuobjdump -sass` listing of the binary takes its data (jump table, math tables) from the
binary beside it. data/hostbin/app.cu built with `nvcc -c` for sm_80 and sm_90; expected
values from Python following CUDA C's semantics (numpy's float32 sinf)."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.cuda import detect
from gpuisa.cuda.cubin import elf_sections
from gpuisa.cuda.fatbin import embedded_cubins

DATA = Path(__file__).resolve().parent / "data" / "hostbin"
CLASSIFY = "classify(int*, int const*)"
#: a binary's cubin is read as a cubin is: pyelftools and nvdisasm (the extra gpuisa[cuda])
needs_cubin_tools = pytest.mark.usefixtures("nvdisasm")


def _expected(values) -> list[int]:
    def one(v: int) -> int:
        c = v & 7
        r = {0: v * 3, 1: v ^ 0x55, 2: v - 9, 3: v << 2, 4: int(v / 3), 5: ~v, 6: v - 11 * int(v / 11)}.get(c, 42)
        return r + int(np.float32(4.0) * np.sin(np.float32(v), dtype=np.float32))     # C's truncation
    return [one(v) for v in values]


def _run(path, *args):
    return CliRunner().invoke(main, ["run", str(path), "--kernel", CLASSIFY, "--grid", "1", "--block", "32",
                                     "--buffer", "o=128", "--buffer", "i=128:iota:s32",
                                     "--param", "ptr:o", "--param", "ptr:i", "--dump-buffer", "o:s32",
                                     "--dump-buffer", "i:s32", "--json", *args])


def _check(r):
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()           # the JSON line and, before or after it, the notes on stderr
    out = json.loads(next(ln for ln in lines if ln.startswith("{")))
    assert out["status"] == "ok"
    assert out["buffers"]["o"] == _expected(out["buffers"]["i"])
    return "\n".join(ln for ln in lines if not ln.startswith("{"))


def test_the_cubins_of_an_object_file_are_found_whole():
    pytest.importorskip("elftools", reason="pyelftools is not installed (the optional extra gpuisa[cuda])")
    data = (DATA / "app.o").read_bytes()
    assert detect(data) == "binary"
    found = embedded_cubins(data)
    assert [c.arch for c in found] == [80, 90]
    for c in found:
        assert detect(c.data) == "cubin"
        assert sorted(s[6:] for s in elf_sections(c.data, "app.o")[1] if s.startswith(".text.")) == \
            ["_Z5twicePi", "_Z8classifyPiPKi"]
    # each cubin's code is what cuobjdump printed for that target (its /* 0x... */ words)
    listing = (DATA / "app.cuobjdump").read_text()
    for c, part in zip(found, listing.split("code for sm_")[1:]):
        words = [int(w, 16) for w in re.findall(r"/\* (0x[0-9a-f]{16}) \*/", part)]
        code = b"".join(w.to_bytes(8, "little") for w in words)
        assert code in c.data


@needs_cubin_tools
def test_run_the_first_target_of_an_object_file():
    note = _check(_run(DATA / "app.o"))
    assert "using sm_80 (the first); choose one with --arch sm_XX" in note


@needs_cubin_tools
def test_arch_chooses_the_target():
    note = _check(_run(DATA / "app.o", "--arch", "sm_90"))
    assert "using sm_90 (--arch)" in note and "choose one" not in note
    r = _run(DATA / "app.o", "--arch", "sm_75")
    assert r.exit_code == 1 and "no code for sm_75; it holds sm_80, sm_90" in r.output, r.output


@needs_cubin_tools
def test_a_cuobjdump_listing_of_the_binary_reads_its_data_from_the_binary(tmp_path):
    """The listing reads banks 2 and 4; no cubin is near it, the object file it was made from is."""
    for name in ("app.o", "app.cuobjdump"):
        shutil.copy(DATA / name, tmp_path / name)
    _check(_run(tmp_path / "app.cuobjdump"))
    (tmp_path / "app.o").unlink()
    r = _run(tmp_path / "app.cuobjdump")
    assert r.exit_code == 1 and "does not carry" in r.output and "executable" in r.output, r.output


def test_a_compressed_fat_binary_names_the_way_out():
    r = CliRunner().invoke(main, ["run", str(DATA / "compressed.fatbin")])
    assert r.exit_code == 1, r.output
    assert "no uncompressed cubin" in r.output and "cuobjdump -xelf all" in r.output
    assert "cuobjdump -xptx all" in r.output       # PTX only: gpuisa runs the PTX it extracts (D15-5)
    assert "Traceback" not in r.output


def test_arch_is_refused_for_a_listing():
    r = CliRunner().invoke(main, ["run", str(DATA / "app.cuobjdump"), "--arch", "sm_90"])
    assert r.exit_code == 1 and "--arch" in r.output, r.output


@needs_cubin_tools
def test_python_api_chooses_target_and_kernel(isa):
    k = isa.load_cuda(DATA / "app.o", "twice", arch="sm_90")
    assert k.module.arch == 90 and k.module.other_archs == [80]
    a = np.arange(32, dtype=np.int32) - 5
    bufs = {"a": a.copy()}
    res = k.launch(grid=(1, 1, 1), block=(32, 1, 1), params=["ptr:a"], buffers=bufs)
    assert res.status == "ok" and list(bufs["a"]) == list(2 * a)


@needs_cubin_tools
def test_several_translation_units_the_kernel_chooses_the_cubin(isa, tmp_path):
    """Two cubins of one target in one fat binary (two .cu files of one program): --kernel picks
    the cubin that holds it; without --kernel the error lists the kernels of both (D9-1)."""
    from gpuisa.cuda.fatbin import FATBIN_MAGIC
    corpus = Path(__file__).resolve().parent / "corpus" / "sm_80"
    fat = tmp_path / "two.fatbin"
    parts = [(corpus / "vector_add.cubin").read_bytes(), (corpus / "histogram.cubin").read_bytes()]
    fat.write_bytes(FATBIN_MAGIC + bytes(60) + b"".join(p + bytes(-len(p) % 8) for p in parts))
    assert [c.arch for c in embedded_cubins(fat.read_bytes())] == [80, 80]
    assert isa.load_cuda(fat, "histogram").name == "histogram"
    assert isa.load_cuda(fat, "vector_add").name == "vector_add"
    r = CliRunner().invoke(main, ["run", str(fat)])
    assert r.exit_code == 1 and "2 kernels; choose one with --kernel NAME" in r.output, r.output

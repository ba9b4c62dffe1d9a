"""`gpuisa run --param/--buffer/--dump-buffer` and the Python helpers of
gpuisa.sim.kernelargs.  Expected values are computed here (struct, numpy)."""
from __future__ import annotations

import json
import math
import struct

import numpy as np
import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.errors import UsageError
from gpuisa.sim import kernelargs as ka

BASE = 0x10000000


def run(tmp_path, prog, *args):
    p = tmp_path / "k.s"
    p.write_text(prog)
    return CliRunner().invoke(main, ["run", str(p), *map(str, args)])


def run_json(tmp_path, prog, *args):
    r = run(tmp_path, prog, *args, "--json")
    assert r.exit_code == 0, r.output
    return json.loads(r.output)


READ_PARAMS = """
    ULDC.64 UR[4:5], c[0x0][0x0] ;
    ULDC UR6, c[0x0][0x8] ;
    ULDC.64 UR[8:9], c[0x0][0x10] ;
    ULDC UR10, c[0x0][0x18] ;
    ULDC UR11, c[0x0][0x1c] ;
    ULDC.64 UR[12:13], c[0x0][0x20] ;
    ULDC UR14, c[0x0][0x28] ;
    EXIT ;
"""


def test_params_are_laid_out_in_order_with_natural_alignment(tmp_path):
    out = run_json(tmp_path, READ_PARAMS, "--buffer", "a=100", "--buffer", "b=64",
                   "--param", "ptr:a", "--param", "u8:0xff", "--param", "ptr:b+0x10", "--param", "f32:1.5",
                   "--param", "s16:-2", "--param", "f64:-0.1", "--param", "s32:-7",
                   "--dump", "UR4,UR5,UR6,UR8,UR9,UR10,UR11,UR12,UR13,UR14")
    w = out["warps"][0]
    a = w["UR4"] | w["UR5"] << 32
    b = (w["UR8"] | w["UR9"] << 32) - 0x10
    assert a == BASE
    assert b % 256 == 0 and b >= a + 100 + 256                 # next buffer: aligned, unmapped gap
    assert w["UR6"] == 0xFF                                     # u8 at 0x8, then padding to 0x10
    assert w["UR10"] == struct.unpack("<I", struct.pack("<f", 1.5))[0]   # f32 at 0x18
    assert w["UR11"] == 0xFFFE                                  # s16 at 0x1c (2 bytes, rest 0)
    assert w["UR12"] | w["UR13"] << 32 == struct.unpack("<Q", struct.pack("<d", -0.1))[0]
    assert w["UR14"] == 0xFFFFFFF9


def test_param_layout_is_printed(tmp_path):
    r = run(tmp_path, "ULDC UR4, c[0x0][0x0] ;\nEXIT ;", "--buffer", "a=16", "--param", "u32:5", "--param", "ptr:a",
            "--dump", "UR4")
    assert r.exit_code == 0, r.output
    assert "param c[0x0][0x0] u32 = 5" in r.output
    assert f"param c[0x0][0x8] ptr = 0x{BASE:x} (a)" in r.output


@pytest.mark.parametrize("text,expect", [
    ("f32:0.1", 0x3DCCCCCD), ("f32:-0", 0x80000000), ("f32:inf", 0x7F800000), ("f32:-inf", 0xFF800000),
    ("f32:0x3fc00000", 0x3FC00000), ("f32:1.401298464324817e-45", 1), ("f32:3.4028235677973366e38", 0x7F7FFFFF),
    # 1 + 2^-24 is a tie between 1 and 1 + 2^-23: to even (1); a hair above rounds up
    ("f32:1.000000059604644775390625", 0x3F800000), ("f32:1.0000000596046448", 0x3F800001),
    ("u32:-1", 0xFFFFFFFF), ("s32:0xffffffff", 0xFFFFFFFF), ("u32:0b101", 5),
])
def test_param_values(text, expect):
    data, layout = ka.pack_params([text], {})
    assert int.from_bytes(data[:4], "little") == expect


def test_float_params_round_once():
    # decimal -> float64 -> float32 double-rounds this value; the exact rounding does not
    s = "1.00000005960464477539062500000001"
    data, _ = ka.pack_params([f"f32:{s}"], {})
    assert int.from_bytes(data, "little") == 0x3F800001
    assert np.float32(float(s)).view(np.uint32) == 0x3F800000     # what double rounding gives


@pytest.mark.parametrize("spec,dtype,expect", [
    ("a=32:iota", "u32", list(range(8))),
    ("a=16:iota:f32", "f32", [0.0, 1.0, 2.0, 3.0]),
    ("a=8:iota:u8", "u8", list(range(8))),
    ("a=16:fill:-1:s16", "s16", [-1] * 8),
    ("a=16:fill:0.25:f32", "f32", [0.25] * 4),
    ("a=12", "u32", [0, 0, 0]),
    ("a=0x10:fill:0x7f:u8", "u8", [0x7F] * 16),
])
def test_buffer_initialisers(tmp_path, spec, dtype, expect):
    out = run_json(tmp_path, "EXIT ;", "--buffer", spec, "--dump-buffer", f"a:{dtype}")
    assert out["buffers"] == {"a": expect}
    assert out["warps"] == [{"cta": 0, "warp": 0}]     # no registers without --dump


def test_random_and_file_initialisers(tmp_path):
    out = run_json(tmp_path, "EXIT ;", "--buffer", "r=64:random:7", "--buffer", "s=64:random:7",
                   "--buffer", "f=32:random:7:f32", "--dump-buffer", "r", "--dump-buffer", "s:u32:3",
                   "--dump-buffer", "f:f32")
    r = np.random.default_rng(7).integers(0, 256, 64, dtype=np.uint8).view(np.uint32)
    assert out["buffers"]["r"] == r.tolist() and out["buffers"]["s"] == r[:3].tolist()
    f = np.random.default_rng(7).random(8).astype(np.float32)
    assert out["buffers"]["f"] == [float(v) for v in f] and all(0 <= v < 1 for v in out["buffers"]["f"])
    data = bytes(range(10))
    (tmp_path / "d.bin").write_bytes(data)
    out = run_json(tmp_path, "EXIT ;", "--buffer", f"d=16:file:{tmp_path / 'd.bin'}", "--dump-buffer", "d:u8")
    assert out["buffers"]["d"] == list(data) + [0] * 6
    # NAME=file:PATH: a buffer of exactly the file's bytes (SIZE from the file)
    out = run_json(tmp_path, "EXIT ;", "--buffer", f"d=file:{tmp_path / 'd.bin'}", "--dump-buffer", "d:u8")
    assert out["buffers"]["d"] == list(data)


def test_non_finite_floats_in_json(tmp_path):
    out = run_json(tmp_path, "EXIT ;", "--buffer", "a=8:fill:nan:f32", "--buffer", "b=8:fill:-inf:f64",
                   "--dump-buffer", "a:f32", "--dump-buffer", "b:f64")
    assert out["buffers"] == {"a": ["nan", "nan"], "b": ["-inf"]}


def test_text_dump(tmp_path):
    r = run(tmp_path, "EXIT ;", "--buffer", "a=40:iota", "--dump-buffer", "a")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    i = lines.index(f"buffer a at 0x{BASE:x}: 10 u32")
    assert lines[i + 1].split()[-8:] == [str(v) for v in range(8)]
    assert lines[i + 2].split()[-2:] == ["8", "9"]
    assert lines[-1].startswith("ok:")


@pytest.mark.parametrize("args,message", [
    (["--param", "u33:1"], "TYPE one of"),
    (["--param", "u8:256"], "does not fit in u8"),
    (["--param", "f32:abc"], "is not a number"),
    (["--param", "f32:1e39"], "1e39 does not fit in f32"),               # rounds to inf: not the value written
    (["--param", "f32:-3.5e38"], "does not fit in f32"),
    (["--param", "f64:1e309"], "does not fit in f64"),
    (["--buffer", "a=8:fill:1e40:f32"], "does not fit in f32"),
    (["--param", "ptr:nope"], "no buffer named 'nope'"),
    (["--buffer", "a=10:iota"], "not a multiple of the u32 element size"),
    (["--buffer", "a=8:magic"], "unknown initialiser"),
    (["--buffer", "1a=8"], "NAME an identifier"),
    (["--buffer", "a=0"], "SIZE must be"),
    (["--buffer", "a=8", "--buffer", "a=8"], "given twice"),
    (["--buffer", "a=8:file:/nonexistent/x"], "cannot read"),
    (["--buffer", "a=8:fill"], "fill needs a value"),
    (["--buffer", "a=file:/nonexistent/x"], "cannot read"),
    (["--buffer", "a=file:"], "file needs a path"),
    (["--buffer", "a=files:x"], "NAME=file:PATH"),
    (["--dump-buffer", "a"], "no --buffer named 'a'"),
    (["--buffer", "a=8", "--dump-buffer", "a:u32:3"], "holds 2 u32 elements (8 bytes), not 3"),
    (["--buffer", "a=8", "--dump-buffer", "a:q8"], "unknown element type"),
    (["--param", "i32:5"], "(did you mean s32?)"),                       # C / numpy / LLVM spellings get a hint
    (["--buffer", "a=8:iota:float"], "(did you mean f32?)"),
    (["--buffer", "a=8", "--dump-buffer", "a:uint64"], "(did you mean u64?)"),
    (["--param", "struct:int:1,f32:2"], "(did you mean s32?)"),
])
def test_bad_options(tmp_path, args, message):
    r = run(tmp_path, "EXIT ;", *args)
    assert r.exit_code == 1, r.output
    assert message in r.output and "Traceback" not in r.output


def test_dump_to_a_file(tmp_path):
    """--dump-buffer NAME[:DTYPE[:COUNT]]=PATH writes the elements' little-endian bytes (what
    cudaMemcpy gives the host) instead of printing them; a second dump may print the same buffer."""
    f, g = tmp_path / "a.bin", tmp_path / "head.bin"
    out = run_json(tmp_path, "EXIT ;", "--buffer", "a=40:iota:s32", "--dump-buffer", f"a={f}",
                   "--dump-buffer", f"a:u16:3={g}", "--dump-buffer", "a:s32:2")
    assert out["buffers"] == {"a": [0, 1]}
    assert out["buffer_files"] == {str(f): {"buffer": "a", "dtype": "u8", "bytes": 40},
                                   str(g): {"buffer": "a", "dtype": "u16", "bytes": 6}}
    assert f.read_bytes() == np.arange(10, dtype="<i4").tobytes()
    assert g.read_bytes() == np.array([0, 0, 1], dtype="<u2").tobytes()
    r = run(tmp_path, "EXIT ;", "--buffer", "a=8:fill:-1.5:f32", "--dump-buffer", f"a:f32={f}")
    assert r.exit_code == 0 and f"buffer a at 0x{BASE:x}: 2 f32 (8 bytes) written to {f}" in r.output, r.output
    assert np.fromfile(f, "<f4").tolist() == [-1.5, -1.5]
    # without DTYPE every byte, also of a buffer whose size is no multiple of 4 (a uint8_t[90] result)
    out = run_json(tmp_path, "EXIT ;", "--buffer", "a=7:iota:u8", "--dump-buffer", f"a={f}", "--dump-buffer", f"a:u32={g}")
    assert f.read_bytes() == bytes(range(7)) and g.read_bytes() == bytes(range(4)), out


@pytest.mark.parametrize("dump,message", [
    ("a=", "expected a file name after '='"),
    ("a=/nonexistent/dir/x.bin", "cannot write /nonexistent/dir/x.bin: No such file or directory"),
    ("a=.", "Is a directory"),
])
def test_dump_file_errors_come_before_the_run(tmp_path, dump, message):
    # an endless program: a check after the run would report a step-limit fault (exit 2) first
    r = run(tmp_path, "L:\nBRA `(L) ;", "--buffer", "a=8", "--dump-buffer", dump, "--max-steps", "100000000")
    assert r.exit_code == 1 and message in r.output and "Traceback" not in r.output, r.output


def test_dump_count_is_checked_before_the_run(tmp_path):
    # the program never ends: a check after the run would report a step-limit fault (exit 2) first
    r = run(tmp_path, "L:\nBRA `(L) ;", "--buffer", "a=8", "--dump-buffer", "a:u32:100", "--max-steps", "100000000")
    assert r.exit_code == 1, r.output
    assert "holds 2 u32 elements (8 bytes), not 100" in r.output and "step-limit" not in r.output


def test_largest_finite_float_params_fit():
    for text, expect in [("f32:3.4028235e38", 0x7F7FFFFF), ("f32:-3.4028235e38", 0xFF7FFFFF)]:
        data, _ = ka.pack_params([text], {})
        assert int.from_bytes(data[:4], "little") == expect
    data, _ = ka.pack_params(["f64:1.7976931348623157e308"], {})
    assert struct.unpack("<d", data)[0] == 1.7976931348623157e308


def test_python_params_are_checked_like_the_command_line():
    for bad in [("f32", 1e39), 1e39, ("u8", 256), ("s32", 1.5), ("f64", 10 ** 400)]:
        with pytest.raises(UsageError):
            ka.pack_params([bad], {})
    data, _ = ka.pack_params([("f32", float("inf")), ("u32", -1), ("s8", 255), ("f32", 2)], {})
    assert data == struct.pack("<fIbxxxf", math.inf, 0xFFFFFFFF, -1, 2.0)


def test_python_helpers():
    data, layout = ka.pack_params(["a", ("u32", 7), np.float32(2.5), np.uint64(1 << 40), -3, 0.5, "ptr:a+8"],
                                  {"a": 0x10000100})
    assert [(s.offset, s.param.type) for s in layout] == \
        [(0, "ptr"), (8, "u32"), (12, "f32"), (16, "u64"), (24, "s32"), (28, "f32"), (32, "ptr")]
    assert data == struct.pack("<QIfQifQ", 0x10000100, 7, 2.5, 1 << 40, -3, 0.5, 0x10000108)
    with pytest.raises(UsageError):
        ka.pack_params([object()], {})
    arr = ka.dump_array(np.arange(4, dtype=np.uint32), ka.parse_dump_buffer("x:u16:5"))
    assert arr.tolist() == [0, 0, 1, 0, 2]
    assert ka.json_values(np.array([1.5, math.inf, math.nan], np.float32)) == [1.5, "inf", "nan"]


def test_launch_kernel_takes_and_returns_numpy_arrays(isa):
    """The Python API of docs/simulator-run.md: numpy buffers in, updated in place, typed params."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "examples" / "vector_add.s").read_text()
    a = np.linspace(-1, 1, 100, dtype=np.float32)
    b = np.full(100, 0.25, np.float32)
    c = np.full(104, -7.0, np.float32)
    res = ka.launch_kernel(isa, text, grid=2, block=64, buffers={"a": a, "b": b, "c": c},
                           params=["a", "b", "c", np.uint32(100), ("u32", 64)])
    assert res.ok and res.buffers["c"] is c
    assert np.array_equal(c[:100], a + b) and (c[100:] == -7.0).all()
    sim = ka.kernel_simulator(isa, text, grid=1, block=32, buffers={"a": a, "b": b, "c": c},
                              params=["a", "b", "c", "u32:0", "u32:32"])
    assert sim.step() is not None and sim.run().ok                   # n = 0: every thread leaves


def test_struct_param_c_layout():
    """`struct:...` is one parameter laid out as C lays out `struct {int; float; double; int *;
    short; char;}` (32 bytes, 8-aligned; decision CS-2), independently with the struct module."""
    data, layout = ka.pack_params(["s8:3", "struct:s32:-5,f32:1.5,f64:-2.25,ptr:a+4,s16:-7,s8:1", "u8:9",
                                   ("struct", ["u8:1", ("f32", 0.5)]), "u16:2"], {"a": 0x10000100})
    assert [(s.offset, s.param.type, s.param.size) for s in layout] == \
        [(0, "s8", 1), (8, "struct", 32), (40, "u8", 1), (44, "struct", 8), (52, "u16", 2)]
    assert data == struct.pack("<b7x" "ifdQhbx4x" "B3x" "B3xf" "H", 3, -5, 1.5, -2.25, 0x10000104, -7, 1, 9, 1, 0.5, 2)
    for bad in ["struct:", "struct:s32:1,", "struct:s32:1,struct:s8:1", "struct:q32:1"]:
        with pytest.raises(UsageError):
            ka.parse_param(bad)


# -- f16 (binary16, `__half`) buffers and parameters: expectations from exact rationals -----------
def _f16_codes() -> np.ndarray:
    """The value of every finite positive binary16 code (exact in float64)."""
    return np.arange(0x7C00, dtype=np.uint16).view(np.float16).astype(np.float64)


def _f16_nearest(text: str) -> int:
    """binary16 bits nearest to the decimal *text* (ties to even), by search over every finite
    positive code: independent of the parser's arithmetic."""
    from fractions import Fraction
    q = Fraction(text)
    sign = 0x8000 if q < 0 else 0
    q = abs(q)
    vals = _f16_codes()
    k = int(np.searchsorted(vals, float(q)))            # candidates around q, compared exactly
    cands = [(c, Fraction(float(vals[c]))) for c in range(max(k - 2, 0), min(k + 2, len(vals)))]
    best = min(cands, key=lambda cv: (abs(cv[1] - q), cv[0] & 1))
    return sign | best[0]


@pytest.mark.parametrize("text", ["1.5", "0.1", "-2.75", "65504", "65519.99", "6e-8", "3e-8",
                                  "2.98023223876953125e-08", "2.98023223876953125000001e-08", "1.0009765625",
                                  "1.00048828125", "1.000488281250000001"])
def test_f16_params_round_once_to_nearest_even(text):
    data, _ = ka.pack_params([f"f16:{text}"], {})
    assert len(data) == 2 and int.from_bytes(data, "little") == _f16_nearest(text), text


def test_f16_beyond_the_largest_value_is_refused_and_buffers_dump_as_f16(tmp_path):
    with pytest.raises(UsageError, match="does not fit in f16 .largest finite value 65504"):
        ka.pack_params(["f16:65520"], {})
    out = run_json(tmp_path, "EXIT ;", "--buffer", "a=8:fill:0.1:f16", "--dump-buffer", "a:f16")
    assert out["buffers"] == {"a": [float(np.array(_f16_nearest("0.1"), np.uint16).view(np.float16))] * 4}
    out = run_json(tmp_path, "EXIT ;", "--buffer", "a=6:iota:f16", "--dump-buffer", "a:u16")
    assert out["buffers"] == {"a": [0, 0x3C00, 0x4000]}       # 0.0, 1.0, 2.0 as binary16 bits

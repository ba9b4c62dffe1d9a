"""bfloat16 buffers and dumps (decision D26-3): ``--buffer x=SIZE:iota|fill|random:...:bf16`` and
``--dump-buffer y:bf16``, as a ``__nv_bfloat16`` parameter already was (D12-C-8).  Expected bits
come from exact rational arithmetic here (round to nearest even, by hand), not from the code under
test."""
from __future__ import annotations

import json
import math
from fractions import Fraction

import numpy as np
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from gpuisa.cli import main
from gpuisa.sim.kernelargs import bf16_round

# a kernel that copies one word per lane from buffer a to buffer c (both dumped)
PROG = """
    S2R R0, SR_LANEID ;
    MOV R1, 0x4 ;
    IMAD.WIDE.U32 R[2:3], R0, R1, c[0x0][0x0] ;
    LDG.E R4, [R2.64] ;
    IMAD.WIDE.U32 R[6:7], R0, R1, c[0x0][0x8] ;
    STG.E [R6.64], R4 ;
    EXIT ;
"""


def ref_bf16(v: float) -> int:
    """The bfloat16 bits of *v*, rounded to nearest even with exact fractions (normal range)."""
    if v == 0:
        return 0x8000 if math.copysign(1.0, v) < 0 else 0
    sign = 0x8000 if v < 0 else 0
    q = Fraction(abs(v))
    e = q.numerator.bit_length() - q.denominator.bit_length()
    if Fraction(2) ** e > q:
        e -= 1
    scaled = q / Fraction(2) ** (e - 7)           # in [128, 256)
    m = math.floor(scaled)
    rest = scaled - m
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and m % 2):
        m += 1
    if m == 256:
        m, e = 128, e + 1
    return sign | ((e + 127) << 7) | (m - 128)


def _run(tmp_path, *args):
    p = tmp_path / "p.s"
    p.write_text(PROG)
    return CliRunner().invoke(main, ["run", str(p), "--block", "32", "--param", "ptr:a", "--param", "ptr:c", *args])


def _bits(values) -> list[int]:
    return [ref_bf16(float(v)) for v in values]


def test_iota_fill_and_random_hold_the_rounded_values(tmp_path):
    out = tmp_path / "a.bin"
    r = _run(tmp_path, "--buffer", "a=1024:iota:bf16", "--buffer", "c=128", f"--dump-buffer=a:bf16={out}")
    assert r.exit_code == 0, r.output
    assert np.fromfile(out, np.uint16).tolist() == _bits(range(512))      # 257 -> 256, 259 -> 260 ...
    r = _run(tmp_path, "--buffer", "a=128:fill:0.1:bf16", "--buffer", "c=128", f"--dump-buffer=a:bf16={out}")
    assert r.exit_code == 0, r.output
    assert np.fromfile(out, np.uint16).tolist() == [0x3DCD] * 64
    r = _run(tmp_path, "--buffer", "a=128:random:7:bf16", "--buffer", "c=128", f"--dump-buffer=c:bf16={out}")
    assert r.exit_code == 0, r.output
    assert np.fromfile(out, np.uint16).tolist() == _bits(np.random.default_rng(7).random(64))   # copied by the kernel


def test_a_bf16_dump_prints_and_gives_json_the_values(tmp_path):
    """Two bf16 elements per word: the copy kernel moves 32 words = 64 elements."""
    r = _run(tmp_path, "--buffer", "a=128:fill:-2.5:bf16", "--buffer", "c=128", "--dump-buffer", "c:bf16:3", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["buffers"]["c"] == [-2.5, -2.5, -2.5]
    r = _run(tmp_path, "--buffer", "a=128:fill:inf:bf16", "--buffer", "c=128", "--dump-buffer", "c:bf16:2")
    assert r.exit_code == 0, r.output
    assert "buffer c at 0x" in r.output and ": 2 bf16" in r.output and r.output.count("inf") >= 2


def test_bad_bf16_buffers_are_located_errors(tmp_path):
    r = _run(tmp_path, "--buffer", "a=63:iota:bf16", "--buffer", "c=128")
    assert r.exit_code == 1 and "not a multiple of the bf16 element size 2" in r.output
    r = _run(tmp_path, "--buffer", "a=64:fill:1e39:bf16", "--buffer", "c=128")
    assert r.exit_code == 1 and "does not fit in bf16" in r.output
    r = _run(tmp_path, "--buffer", "a=128", "--buffer", "c=128", "--dump-buffer", "c:bf61")
    assert r.exit_code == 1 and "bf16" in r.output and "Traceback" not in r.output
    r = _run(tmp_path, "--buffer", "a=128:iota:__nv_bfloat16", "--buffer", "c=128")
    assert r.exit_code == 1 and "(did you mean bf16?)" in r.output


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=2.0 ** -126, max_value=3.3e38, allow_nan=False), st.booleans())
def test_bf16_round_is_round_to_nearest_even(v, neg):
    v = -v if neg else v
    assert int(bf16_round(np.array([v]))[0]) == ref_bf16(v)


def test_bf16_round_ties_go_to_even():
    ties = [1 + 2.0 ** -8, 1 + 3 * 2.0 ** -8, 257.0, 259.0, -(2.0 ** 100) * (1 + 2.0 ** -8), 0.0, -0.0]
    assert bf16_round(np.array(ties)).tolist() == [0x3F80, 0x3F82, 0x4380, 0x4382, 0xF180, 0x0000, 0x8000]

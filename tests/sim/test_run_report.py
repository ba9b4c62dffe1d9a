"""`gpuisa run` output for a new user (issue 10): dump formats, partial warps, the summary line,
the step limit and where unfinished warps stood, the progress bar."""
from __future__ import annotations

import io
import json
import re
import struct
import time
from types import SimpleNamespace

import pytest
from click.testing import CliRunner
from rich.console import Console

from gpuisa.cli import main
from gpuisa.sim.report import parse_dump, run_with_progress
from gpuisa.sim.simulator import DEFAULT_MAX_STEPS, DEFAULT_STEPS_PER_WARP, Simulator, default_max_steps
from gpuisa.errors import UsageError

M1_5F = struct.unpack("<I", struct.pack("<f", -1.5))[0]             # -1.5f as u32 bits
D1_5 = struct.unpack("<II", struct.pack("<d", 1.5))                 # 1.5 as (low, high) words
LOOP = "S2R R0, SR_CTAID.X ;\nISETP.EQ.AND P0, PT, R0, 0x2, PT ;\n@P0 BRA HANG ;\nEXIT ;\nHANG:\nBRA HANG ;\n"


def _run(tmp_path, args, prog="EXIT ;\n"):
    p = tmp_path / "p.s"
    p.write_text(prog)
    return CliRunner().invoke(main, ["run", str(p), *map(str, args)])


def _inits():
    return ["--init", f"R1={M1_5F:#x}", "--init", f"R2={D1_5[0]:#x}", "--init", f"R3={D1_5[1]:#x}"]


def test_dump_formats_text(tmp_path):
    r = _run(tmp_path, [*_inits(), "--dump", "R1:hex,R1:s32,R1:f32,R2:f64,R1"])
    assert r.exit_code == 0, r.output
    out = r.output
    s32 = struct.unpack("<i", struct.pack("<I", M1_5F))[0]
    assert re.search(rf"R1:hex +\[ 0\.\. 7\] {M1_5F:#010x} ", out)
    assert re.search(rf"R1:s32 +\[ 0\.\. 7\] +{s32} ", out)
    assert re.search(r"R1:f32 +\[ 0\.\. 7\] +-1\.5 ", out)
    assert re.search(r"R\[2:3\]:f64 \[ 0\.\. 7\] +1\.5 ", out)
    assert re.search(rf"\n  R1 +\[ 0\.\. 7\] +{M1_5F} ", out)        # plain R1: unsigned decimal


def test_format_option_is_the_default(tmp_path):
    r = _run(tmp_path, [*_inits(), "--dump", "R1,R2:u32", "--format", "hex"])
    assert r.exit_code == 0, r.output
    assert re.search(rf"R1:hex +\[ 0\.\. 7\] {M1_5F:#010x} ", r.output) and "  R2:u32" not in r.output
    assert re.search(rf"\n  R2 +\[ 0\.\. 7\] +{D1_5[0]} ", r.output)    # an explicit u32 wins


def test_dump_formats_json_keeps_raw_values(tmp_path):
    r = _run(tmp_path, [*_inits(), "--dump", "R1:hex,R1:f32,R2:f64,UR4:s32", "--init", "UR4=0xffffffff", "--json"])
    assert r.exit_code == 0, r.output
    w = json.loads(r.output)["warps"][0]
    assert w["R1"] == [M1_5F] * 32                      # raw
    assert w["R1:hex"] == [f"{M1_5F:#010x}"] * 32 and w["R1:f32"] == [-1.5] * 32
    assert w["R2"] == [D1_5[0]] * 32 and w["R3"] == [D1_5[1]] * 32 and w["R2:f64"] == [1.5] * 32
    assert w["UR4"] == 0xFFFFFFFF and w["UR4:s32"] == -1


@pytest.mark.parametrize("bad, msg", [("R1:q8", "unknown format"), ("P0:hex", "predicates print as 0/1"),
                                      ("R3:f64", "even register"), ("R254:f64", "even register"),
                                      ("B1:f64", "pair")])
def test_bad_dump_format(bad, msg):
    with pytest.raises(UsageError, match=msg):
        parse_dump(bad)


def test_bad_dump_format_cli(tmp_path):
    r = _run(tmp_path, ["--dump", "R1:q8"])
    assert r.exit_code == 1 and "unknown format" in r.output and "Traceback" not in r.output


def test_partial_warp_shows_only_existing_lanes(tmp_path):
    r = _run(tmp_path, ["--block", "48", "--init", "R1=tid", "--init", "P0=1", "--dump", "R1,P0"])
    assert r.exit_code == 0, r.output
    first, second = r.output.split("warp 1")
    assert "[24..31]" in first and "(lanes 0..31)" in first
    assert "(lanes 0..15)" in second and "[16..23]" not in second
    assert "P0    " + "1" * 16 + "   (lanes 0..15)" in second
    assert "        47" in second and "        48" not in second
    r = _run(tmp_path, ["--block", "48", "--init", "R1=tid", "--dump", "R1", "--json"])
    warps = json.loads(r.output)["warps"]
    assert warps[1]["R1"] == list(range(32, 48)) and warps[1]["lanes"] == 16


def test_one_summary_line_not_one_line_per_warp(tmp_path):
    r = _run(tmp_path, ["--grid", "64"])
    assert r.exit_code == 0, r.output
    assert r.output.strip().splitlines() == ["ok: 64 warp-instructions, 64 warps exited"]
    r = _run(tmp_path, ["--grid", "64", "--verbose"])
    lines = r.output.strip().splitlines()
    assert len(lines) == 65 and all("exited" in ln for ln in lines)


def test_step_limit_reports_every_unfinished_warp(tmp_path):
    r = _run(tmp_path, ["--grid", "4", "--block", "64", "--max-steps", "100", "--json"], prog=LOOP)
    assert r.exit_code == 2
    f = json.loads(r.output)["fault"]
    assert f["kind"] == "step-limit" and "cta" not in f           # not "a fault of cta 0 warp 0"
    assert [(u["cta"], u["warp"], u["pc"]) for u in f["unfinished"]] == [(2, 0, 0x40), (2, 1, 0x40)]
    assert all(u["instruction"].startswith("BRA") for u in f["unfinished"])
    r = _run(tmp_path, ["--grid", "4", "--block", "64", "--max-steps", "100", "--dump", "P0"], prog=LOOP)
    lines = [ln for ln in r.output.splitlines() if ln.startswith("cta ")]
    assert [ln.split("  ValidMask")[0] for ln in lines if "PC=" in ln] == ["cta 2 (2, 0, 0) warp 0",
                                                                          "cta 2 (2, 0, 0) warp 1"]
    assert all("ready  at: BRA" in ln for ln in lines if "PC=" in ln)
    assert "step-limit: 100 warp-instructions, 8 warps: 6 exited, 2 ready" in r.output
    assert "2 of 8 warps unfinished" in r.output


def test_default_step_limit_scales_with_the_grid(isa):
    assert default_max_steps(1) == DEFAULT_MAX_STEPS == 10_000_000
    assert default_max_steps(1024) == 1024 * DEFAULT_STEPS_PER_WARP > 1024 * 200 * 5   # 1,024 CTAs x 200 iterations
    prog = isa.assemble("EXIT ;")
    assert Simulator(isa, prog, grid=64, block=64).max_steps == 128 * DEFAULT_STEPS_PER_WARP
    assert Simulator(isa, prog, grid=64, block=64, max_steps=5).max_steps == 5


def _slow_run(seconds):
    def run():
        time.sleep(seconds)
        return "done"
    return run


def test_progress_bar_on_a_terminal():
    buf = io.StringIO()
    sim = SimpleNamespace(warps=[SimpleNamespace(state="exited")] * 3, steps=12345)
    console = Console(file=buf, force_terminal=True, width=100)
    assert run_with_progress(sim, _slow_run(0.4), console=console, delay=0.05) == "done"
    assert "simulating" in buf.getvalue() and "12,345" in buf.getvalue()


def test_no_progress_bar_when_not_a_terminal_or_quick():
    sim = SimpleNamespace(warps=[], steps=0)
    buf = io.StringIO()                                   # not a terminal
    assert run_with_progress(sim, _slow_run(0.2), stream=buf, delay=0.01) == "done" and buf.getvalue() == ""
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True)
    assert run_with_progress(sim, _slow_run(0.0), console=console, delay=5) == "done" and buf.getvalue() == ""


def test_progress_reraises_errors():
    def boom():
        raise UsageError("bad")
    with pytest.raises(UsageError):
        run_with_progress(SimpleNamespace(warps=[], steps=0), boom, force=True, delay=0.0, stream=io.StringIO())

"""The `gpuisa run` contract."""
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from gpuisa.cli import main
from gpuisa.sim.initexpr import InitExpr, parse_init
from gpuisa.errors import UsageError

PROG = """
    S2R R1, SR_LANEID ;
    SHFL.DOWN P1, R2, R1, 0x1, 0x1f ;
    S2UR UR4, SR_CTAID.X ;
    EXIT ;
"""


def _run(tmp_path, args, prog=PROG):
    p = tmp_path / "p.s"
    p.write_text(prog)
    return CliRunner().invoke(main, ["run", str(p), *args])


def test_json_contract(tmp_path):
    r = _run(tmp_path, ["--grid", "2", "--block", "40", "--init", "R5=lane*7+3", "--init", "R6=tid ^ (cta << 8)",
                        "--dump", "R1,R2,P1,UR4,R5,R6", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["status"] == "ok" and out["steps"] == 4 * 4
    assert [(w["cta"], w["warp"]) for w in out["warps"]] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    w = out["warps"][2]
    assert w["R1"] == list(range(32)) and w["UR4"] == 1
    assert w["R5"] == [l * 7 + 3 for l in range(32)]
    assert w["R6"] == [l ^ 256 for l in range(32)]
    assert out["warps"][3]["R1"] == list(range(8)) + [0] * 24  # partial warp: 8 lanes
    assert out["warps"][3]["R6"] == [(32 + l) ^ 256 for l in range(32)]
    assert out["warps"][0]["P1"] == [True] * 31 + [False]
    assert all(isinstance(v, bool) for v in w["P1"])


def test_fault_exit_status_and_no_traceback(tmp_path):
    r = _run(tmp_path, ["--json"], prog="TRAP 0x3 ;\nEXIT ;")
    assert r.exit_code != 0
    out = json.loads(r.output)
    assert out["status"] == "trap" and out["fault"]["pc"] == 0 and out["fault"]["cta"] == 0 \
        and out["fault"]["warp"] == 0 and "TRAP" in out["fault"]["instruction"]
    r = _run(tmp_path, ["--max-steps", "100"], prog="L:\nBRA `(L) ;")
    assert r.exit_code != 0 and "step-limit" in r.output and "Traceback" not in r.output


def test_bad_init_is_a_usage_error(tmp_path):
    for bad in ["R1=lane+", "R1=__import__('os')", "Q1=3", "R1=1/0", "R300=1"]:
        r = _run(tmp_path, ["--init", bad])
        assert r.exit_code == 1 and "Traceback" not in r.output, bad


def test_init_expression_parser():
    e = InitExpr("(lane*7+3) % 5 | 0x10 << 2 ^ -1")
    for lane in range(32):
        assert e(lane, 0, 0, lane) == ((lane * 7 + 3) % 5 | 0x10 << 2 ^ -1) & 0xFFFFFFFF  # same precedence as C
    assert InitExpr("-7 / 2")(0, 0, 0, 0) == (-3) & 0xFFFFFFFF  # C truncation
    assert InitExpr("tid - warp*32 - lane + cta")(3, 2, 9, 67) == 9
    with pytest.raises(UsageError):
        InitExpr("lane()")
    assert parse_init("p0=lane&1")[0] == "P0"


def test_trace_file(tmp_path):
    t = tmp_path / "t.jsonl"
    r = _run(tmp_path, ["--trace", str(t), "--block", "64"])
    assert r.exit_code == 0
    lines = [json.loads(l) for l in t.read_text().splitlines()]
    assert len(lines) == 8
    assert lines[0]["format"] == "gpuisa-trace" and lines[0]["version"] == 1
    assert {"step", "cta", "warp", "pc", "text", "before", "after", "writes", "events"} <= set(lines[0])
    assert lines[0]["writes"][0]["reg"] == "R1" and lines[0]["writes"][0]["value"] == list(range(32))


def test_table_output(tmp_path):
    r = _run(tmp_path, ["--dump", "R1,P1"])
    assert r.exit_code == 0 and "R1" in r.output and "ok: 4 warp-instructions" in r.output


def test_subprocess_entry_point(tmp_path):
    p = tmp_path / "p.s"
    p.write_text("BRA 0x1000 ;\n")
    cp = subprocess.run([sys.executable, "-m", "gpuisa.cli", "run", str(p), "--json"], capture_output=True, text=True,
                        timeout=60)
    assert cp.returncode != 0 and json.loads(cp.stdout)["status"] == "pc-out-of-range" and "Traceback" not in cp.stderr

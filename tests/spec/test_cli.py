"""`gpuisa spec ...` commands."""
from __future__ import annotations

import json
import subprocess
import sys

from click.testing import CliRunner

from gpuisa.cli import main


def run(*args):
    return CliRunner().invoke(main, list(map(str, args)), catch_exceptions=False)


def test_check_shipped_ok():
    r = run("spec", "check", "--no-examples")
    assert r.exit_code == 0, r.output
    assert "error:" not in r.output


def test_check_seeds_reports_warnings_and_no_errors(seeds_dir):
    r = run("spec", "check", seeds_dir)
    assert r.exit_code == 0, r.output
    assert "warning: OperandInfo of MATCH says pu is a UPred operand" in r.output
    assert "000_d5c21dfacdef8d77.txt:507:5: warning:" in r.output


def test_check_errors_exit_1(tmp_path):
    bad = tmp_path / "bad.isa"
    bad.write_text("__DefOptype X : [ALL]\n  __Encoding\n    field<0, 4> Optype optype==X;\n", encoding="utf-8")
    r = run("spec", "check", bad)
    assert r.exit_code == 1
    assert f"{bad}:3:" in r.output and "error:" in r.output


def test_check_json(seeds_dir):
    r = run("spec", "check", "--json", "--no-examples", seeds_dir)
    data = json.loads(r.output)
    assert data["errors"] == 0 and data["warnings"] > 0
    assert {"severity", "message", "file", "line", "col"} <= set(data["diagnostics"][-1])


def test_list_one_line_per_opcode(shipped_db):
    r = run("spec", "list")
    assert r.exit_code == 0
    lines = r.output.strip().splitlines()
    assert len(lines) == len(shipped_db.opcodes)
    shfl = next(line for line in lines if line.startswith("SHFL_RI "))
    assert "SYNCOp" in shfl and "optype=SHFL,stype=RI" in shfl and "vb:UImm5" in shfl


def test_show():
    r = run("spec", "show", "SHFL_RI")
    assert r.exit_code == 0
    assert "52:40" in r.output and "vc" in r.output and "UImm13" in r.output
    assert "SHFL.mode" in r.output
    r = run("spec", "show", "BRA_U")
    assert "BRA_U should be used with .DIV/.CONV." in r.output
    r = run("spec", "show", "SHFL")  # an optype: all variants
    assert r.output.count("(optype SHFL") == 4


def test_show_unknown_suggests():
    r = run("spec", "show", "SHFL_IR")
    assert r.exit_code == 1
    assert "did you mean" in r.output


def test_export_json(tmp_path, shipped_db):
    out = tmp_path / "db.json"
    r = run("spec", "export", "--json", "-o", out)
    assert r.exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["format"] == "gpuisa-isa-db" and data["version"] == 1
    assert set(data["opcodes"]) == set(shipped_db.opcodes)
    shfl = data["opcodes"]["SHFL_RI"]
    vb = next(f for f in shfl["fields"] if f["name"] == "vb")
    assert (vb["pos"], vb["width"], vb["type"]) == (53, 5, "UImm5")
    assert data["types"]["Pred"]["values"]["PT"] == 7


def test_diff_identical_encodings(seeds_dir, tmp_path):
    r = run("spec", "diff", seeds_dir, seeds_dir)
    assert r.exit_code == 0


def test_diff_detects_moved_field(seeds_dir, tmp_path):
    src = (seeds_dir / "003_46b028725a1e1e34.txt").read_text(encoding="utf-8")
    changed = tmp_path / "misc.txt"
    changed.write_text(src.replace("field<36, 8> UImm8 cnt;", "field<40, 8> UImm8 cnt;")
                       .replace("SR_PM0;", "SR_PM0 = 0x20;"), encoding="utf-8")
    r = run("spec", "diff", seeds_dir / "003_46b028725a1e1e34.txt", changed)
    assert r.exit_code == 1
    assert "DEPBAR_I.cnt: bit 36 -> 40" in r.output
    assert "SReg.SR_PM0" in r.output


def test_global_spec_option(seeds_dir):
    r = run("--spec", seeds_dir, "spec", "list")
    assert r.exit_code == 0
    assert len(r.output.strip().splitlines()) == 62


def test_bad_spec_no_traceback(tmp_path):
    bad = tmp_path / "bad.isa"
    bad.write_text("__DefGroup G : [ALL]\n  __Encoding\n    field<1, 2 Reg r;\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "gpuisa"]   # independent of PATH (the README runs pytest without the venv active)
    p = subprocess.run(cmd + ["--spec", str(bad), "spec", "list"], capture_output=True, text=True)
    assert p.returncode == 1
    assert "Traceback" not in p.stderr
    assert f"{bad}:3:5: error:" in p.stderr


def test_usage_errors_exit_1_not_2():
    r = run("spec", "show")  # missing argument: click would exit 2
    assert r.exit_code == 1
    assert "Missing argument" in r.output


def test_case_insensitive_names():
    r = run("spec", "show", "shfl_ri")
    assert r.exit_code == 0 and "SHFL_RI" in r.output
    r = run("spec", "list", "--unit", "bru")
    assert r.exit_code == 0 and "BRA_U" in r.output


def test_unwritable_outputs_are_clean_errors(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    r = run("spec", "export", "-o", target / "sub" / "db.json")
    assert r.exit_code == 1 and "error: cannot write" in r.output


def test_empty_folder_is_an_error(tmp_path):
    r = run("spec", "check", tmp_path)
    assert r.exit_code == 1 and "no description files" in r.output


def test_internal_errors_are_reported_not_traced(monkeypatch):
    import gpuisa.spec.cli as spec_cli

    def boom(*a, **k):
        raise ZeroDivisionError("boom")
    monkeypatch.setattr(spec_cli, "compile_spec", boom)
    monkeypatch.delenv("GPUISA_DEBUG", raising=False)
    r = CliRunner().invoke(main, ["spec", "check"])
    assert r.exit_code == 70
    assert "internal error (ZeroDivisionError): boom" in r.output and "Traceback" not in r.output

"""`python -m gpuisa` is the `gpuisa` command (issue 10): same options, same output, same status,
whatever PATH holds; and the CLI layer imports in one direction only."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "gpuisa"
BAD_ISA = "__DefGroup G : [ALL]\n  __Encoding\n    field<1, 2 Reg r;\n"


def _run(cmd, *args, cwd=None):
    env = dict(os.environ, PATH="/nonexistent")   # nothing of gpuisa found through PATH
    return subprocess.run(list(cmd) + [str(a) for a in args], capture_output=True, text=True, env=env, cwd=cwd,
                          timeout=120)


@pytest.fixture
def bad_isa(tmp_path):
    bad = tmp_path / "bad.isa"
    bad.write_text(BAD_ISA, encoding="utf-8")
    return bad


@pytest.mark.parametrize("module", ["gpuisa", "gpuisa.cli"])
def test_python_m_honours_spec(module, bad_isa):
    """Regression: `python -m gpuisa.cli --spec BAD spec list` listed the shipped ISA and exited 0
    (gpuisa.cli loaded twice, the sub-command saw a fresh default Selection)."""
    p = _run([sys.executable, "-m", module], "--spec", bad_isa, "spec", "list")
    assert p.returncode == 1, p.stdout[:500]
    assert f"{bad_isa}:3:5: error:" in p.stderr
    assert "Traceback" not in p.stderr
    assert p.stdout == ""


def _console_script() -> Path | None:
    """The venv's `gpuisa` script, found next to the interpreter running the tests (not on PATH)."""
    for name in ("gpuisa", "gpuisa.exe"):
        p = Path(sys.executable).parent / name
        if p.is_file() and os.access(p, os.X_OK):
            return p
    return None


def test_console_script_equals_python_m(bad_isa, tmp_path):
    """Same status, stdout and stderr: a bad --spec, --no-base (sync.isa alone has no root group ALL:
    an error, while with the base file it lists), and --help (the program is called `gpuisa`)."""
    script = _console_script()
    if script is None:
        pytest.skip(f"no gpuisa console script beside {sys.executable} (package not installed with pip)")
    one = tmp_path / "one.isa"
    one.write_text((SRC / "isa" / "sync.isa").read_text(encoding="utf-8"), encoding="utf-8")
    for args in (["--spec", bad_isa, "spec", "list"], ["--spec", one, "--no-base", "spec", "list"], ["--help"]):
        a = _run([script], *args)
        b = _run([sys.executable, "-m", "gpuisa"], *args)
        assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr), args
        if args[0] == "--help":
            assert b.returncode == 0 and b.stdout.startswith("Usage: gpuisa "), b.stdout[:100]
        else:
            assert b.returncode == 1 and "Traceback" not in b.stderr and b.stdout == "", args


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    pkg = "gpuisa." + ".".join(path.relative_to(SRC).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.rstrip(".").split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            names.add(mod)
            names.update(f"{mod}.{a.name}" for a in node.names)
    return names


def test_stage_clis_do_not_import_the_top_level_cli():
    stage = sorted(SRC.glob("*/cli.py"))
    assert {p.parent.name for p in stage} >= {"spec", "asm", "sim", "docs"}
    for p in stage + [SRC / "clikit.py"]:
        bad = {n for n in _imports(p) if n == "gpuisa.cli" or n.startswith("gpuisa.cli.")}
        assert not bad, f"{p.relative_to(SRC)} imports {bad}: only gpuisa.cli may import the stage CLIs"


def test_quick_exit_keeps_every_output(tmp_path):
    """`asm` and `dis` end without the interpreter's teardown (decision AS-2): the binary, the
    listing, JSON and text on stdout (a pipe) are complete, warnings reach stderr, the status is
    0; a failing run still reports its errors with status 1."""
    src = tmp_path / "p.s"
    src.write_text("".join(f"L{k}: IADD3 R1, R2, 0x5, RZ\n  BRA `(L{k})\n  (*\"BRANCH_TARGETS L{k}\"*) EXIT\n"
                           for k in range(50)))
    py = [sys.executable, "-m", "gpuisa"]
    a = _run(py, "asm", src, "-o", tmp_path / "p.bin", "--listing", tmp_path / "p.lst", cwd=tmp_path)
    assert a.returncode == 0, a.stderr
    assert "annotation ignored" in a.stderr
    data = (tmp_path / "p.bin").read_bytes()
    assert len(data) == 16 * 150 and (tmp_path / "p.lst").read_text().count("IADD3") == 50
    j = _run(py, "asm", src, "-o", tmp_path / "q.bin", "--json", cwd=tmp_path)
    assert j.returncode == 0 and j.stdout.rstrip().endswith("}") and (tmp_path / "q.bin").read_bytes() == data
    d = _run(py, "dis", tmp_path / "p.bin", cwd=tmp_path)
    assert d.returncode == 0 and d.stdout.count("\n") == 150 and d.stdout.count("EXIT") == 50
    p1 = subprocess.run(py + ["asm", str(src), "-o", "-"], capture_output=True, timeout=120)   # stdout a pipe
    assert p1.returncode == 0 and p1.stdout == data
    p2 = subprocess.run(py + ["dis", "-"], input=p1.stdout, capture_output=True, timeout=120)
    assert p2.returncode == 0 and p2.stdout.decode() == d.stdout
    bad = tmp_path / "bad.s"
    bad.write_text("IADD3 R1, R2\nFOO R1\n")
    b = _run(py, "asm", bad, "-o", tmp_path / "b.bin", cwd=tmp_path)
    assert b.returncode == 1 and "unknown mnemonic FOO" in b.stderr and not (tmp_path / "b.bin").exists()

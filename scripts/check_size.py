#!/usr/bin/env python3
"""Size rule for src/: no function longer than 80 lines or with a cyclomatic
complexity over 25 (ruff's mccabe C901), except the functions listed, with
the reason, in docs/architecture.md under "Exceptions to the size rule" (one
table row per function: | `module:function` | lines | complexity | why |).

Exit 1 naming every function that breaks the rule and is not listed, and every
listed function that no longer needs to be (so the list stays true)."""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DOC = ROOT / "docs" / "architecture.md"
MAX_LINES = 80
MAX_COMPLEXITY = 25


def qualname_at(tree: ast.AST) -> dict[int, tuple[str, int]]:
    """line of each def -> (qualified name, length in lines)."""
    out: dict[int, tuple[str, int]] = {}

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                    out[child.lineno] = (name, (child.end_lineno or child.lineno) - start + 1)
                walk(child, name + ".")
            else:
                walk(child, prefix)

    walk(tree, "")
    return out


def module_of(path: Path) -> str:
    return ".".join(path.relative_to(SRC).with_suffix("").parts)


def measure() -> dict[str, tuple[int, int]]:
    """``module:function`` -> (lines, complexity) of every function over a limit."""
    defs: dict[Path, dict[int, tuple[str, int]]] = {}
    found: dict[str, list[int]] = {}
    for path in sorted(SRC.rglob("*.py")):
        d = defs[path] = qualname_at(ast.parse(path.read_text(encoding="utf-8")))
        for name, length in d.values():
            key = f"{module_of(path)}:{name}"
            found.setdefault(key, [0, 0])[0] = max(found.get(key, [0, 0])[0], length)
    r = subprocess.run([sys.executable, "-m", "ruff", "check", "--isolated", "--select", "C901",
                        "--config", f"lint.mccabe.max-complexity={MAX_COMPLEXITY}", "--output-format", "json",
                        str(SRC)], capture_output=True, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"ruff failed: {r.stderr}")
    for item in json.loads(r.stdout or "[]"):
        path = Path(item["filename"])
        line = item["location"]["row"]
        m = re.search(r"is too complex \((\d+) > \d+\)", item["message"])
        name = defs[path].get(line, (re.search(r"`([^`]+)`", item["message"]).group(1), 0))[0]
        key = f"{module_of(path)}:{name}"
        found.setdefault(key, [0, 0])[1] = int(m.group(1)) if m else MAX_COMPLEXITY + 1
    return {k: (v[0], v[1]) for k, v in found.items() if v[0] > MAX_LINES or v[1] > MAX_COMPLEXITY}


def listed() -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    m = re.search(r"^## Exceptions to the size rule\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m:
        return set()
    return set(re.findall(r"^\|\s*`([\w.]+:[\w.]+)`\s*\|", m.group(1), re.M))


def main() -> int:
    over = measure()
    allowed = listed()
    bad = sorted(k for k in over if k not in allowed)
    stale = sorted(k for k in allowed if k not in over)
    for k in bad:
        lines, cc = over[k]
        print(f"{k}: {lines} lines, complexity {cc} (limits {MAX_LINES} / {MAX_COMPLEXITY}); "
              f"split it or list it with the reason in docs/architecture.md")
    for k in stale:
        print(f"{k}: listed as an exception in docs/architecture.md but within the limits (or gone): remove the row")
    if "-v" in sys.argv:
        for k in sorted(over):
            print(f"{k}\t{over[k][0]}\t{over[k][1]}")
    return 1 if bad or stale else 0


if __name__ == "__main__":
    sys.exit(main())

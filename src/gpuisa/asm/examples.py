"""Assemble the ``__Examples`` of every opcode (used by ``gpuisa spec check``).

Each line of each code fence of an opcode's Examples section (its own or its
optype's) is assembled on its own; a failure becomes a *warning* diagnostic at
the example's position in the description file, with the assembler's message.
An optype's examples are shared by its variants: each example line is checked
once, against every variant of the mnemonic.

Examples are snippets: a branch to a label that the snippet does not define
(``BRA `(label)``) is not reported.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import AsmError, Coord, Diagnostic
from ..spec.database import Database
from .assembler import assemble

_RE_FENCE = re.compile(r"```[^\n]*\n(?P<body>.*?)```", re.S)


def example_lines(text: str) -> list[str]:
    """The assembly lines of an Examples section: code-fence lines, blank and
    comment-only lines skipped (``//`` comments are kept for the assembler)."""
    out = []
    for m in _RE_FENCE.finditer(text):
        for ln in m.group("body").split("\n"):
            code = ln.split("//", 1)[0].strip()
            if code:
                out.append(ln.rstrip())
    return out


class _Files:
    def __init__(self):
        self.cache: dict[str, list[str] | None] = {}

    def lines(self, path: str) -> list[str] | None:
        if path not in self.cache:
            try:
                self.cache[path] = Path(path).read_text(encoding="utf-8").split("\n")
            except (OSError, UnicodeDecodeError):
                self.cache[path] = None
        return self.cache[path]

    def find(self, coords: list[Coord], line: str) -> tuple[Coord, str] | None:
        """The first file line equal to *line* (ignoring surrounding space)
        after one of *coords*, before the next ``__Def``."""
        want = line.strip()
        for c in coords:
            lines = self.lines(c.file)
            if lines is None:
                continue
            for k in range(max(c.line, 1), len(lines)):
                s = lines[k]
                if s.startswith("__Def") and k + 1 != c.line:
                    break
                if s.strip() == want:
                    return Coord(c.file, k + 1, 1), s
        return None


def check_examples(db: Database) -> list[Diagnostic]:
    files = _Files()
    seen: set = set()
    out: list[Diagnostic] = []
    for op in db.opcodes.values():
        text = op.texts.get("Examples")
        if not text:
            continue
        coords = [c for c in (op.coord, db.groups[op.optype].coord if op.optype in db.groups else None) if c]
        for ln in example_lines(text):
            found = files.find(coords, ln)
            if found is not None:
                where, src = found
            else:
                where, src = (op.coord or Coord("<spec>", 0)), ln
            key = (where.file, where.line, ln.strip()) if found else (op.optype, ln.strip())
            if key in seen:
                continue
            seen.add(key)
            try:
                assemble(db, src, filename=where.file)
            except AsmError as e:
                for d in e.errors:
                    if d.message.startswith("undefined label"):
                        continue
                    if found is not None and d.coord is not None:
                        coord = Coord(where.file, where.line, d.coord.col)
                        out.append(Diagnostic("warning", f"example of {op.optype} does not assemble: {d.message}",
                                              coord, src, d.length))
                    else:
                        out.append(Diagnostic("warning", f"example of {op.optype} `{ln.strip()}` does not assemble: "
                                              f"{d.message}", where, None))
                    break
    return out

"""Coverage of generated runs: opcode x modifiers x operand form of every
executed instruction, and the named arms (``cover("...")`` markers) of the BRU
and SYNC semantics functions (``gpuisa regress --coverage report.html``).

The set of arms is read from the semantics sources: every string literal
inside a ``cover(...)`` call of ``gpuisa/sim/semantics/{bru,sync}.py``.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path

from ..sim import cover as _cover
from ..sim.context import G_ALWAYS, G_NOT_UPRED, G_UPRED

SEMANTICS_FILES = ("bru.py", "sync.py")
_COVER_CALL = re.compile(r"\bcover\((.*)\)")
_LITERAL = re.compile(r'"([^"]+)"')

#: arms the generator does not reach, and why (reported, not counted as missing)
UNREACHABLE: dict[str, str] = {}   # every arm is generated (decision V3: guarded closing syncs)


def semantics_arms() -> list[str]:
    """Every arm name marked in the BRU and SYNC semantics, in source order."""
    base = Path(_cover.__file__).parent / "semantics"
    names: list[str] = []
    for fn in SEMANTICS_FILES:
        for line in (base / fn).read_text().splitlines():
            m = _COVER_CALL.search(line)
            if m and not line.lstrip().startswith(("def ", "#")):
                for lit in _LITERAL.findall(m.group(1)):
                    if lit not in names:
                        names.append(lit)
    return names


class Coverage:
    """Counts of semantics arms and of executed instruction forms."""

    def __init__(self):
        self.arms: Counter = Counter()
        self.forms: Counter = Counter()
        self._sims: list = []

    # collection -------------------------------------------------------------------------------
    def program(self, sim, program) -> None:
        """Register a simulator about to run; its arms are counted until :meth:`collect`."""
        self._sims.append(sim)
        _cover.ACTIVE = self.arms

    def collect(self) -> None:
        _cover.ACTIVE = None
        for sim in self._sims:
            for x in getattr(sim, "_cache", {}).values():
                self.forms[instruction_form(x)] += 1
        self._sims.clear()

    def merge(self, d: dict) -> None:
        self.arms.update(d.get("arms", {}))
        self.forms.update(d.get("forms", {}))

    def to_json(self) -> dict:
        self.collect()
        return {"arms": dict(self.arms), "forms": dict(self.forms)}

    # reports ----------------------------------------------------------------------------------
    def arm_rows(self) -> list[tuple[str, int, str]]:
        """(arm, count, note) for every marked arm."""
        return [(a, self.arms.get(a, 0), UNREACHABLE.get(a, "") if not self.arms.get(a) else "")
                for a in semantics_arms()]

    def missing(self) -> list[str]:
        return [a for a, n, _ in self.arm_rows() if n == 0]

    def opcode_rows(self, db=None) -> list[tuple[str, int, list[str]]]:
        """(opcode, addresses executed, modifier/guard combinations seen), every opcode of *db*."""
        seen: dict[str, list] = {}
        for form, n in self.forms.items():
            op, _, rest = form.partition(" ")
            seen.setdefault(op, [0, []])
            seen[op][0] += n
            if rest not in seen[op][1]:
                seen[op][1].append(rest)
        names = [o if isinstance(o, str) else o.name for o in db.opcodes] if db is not None else sorted(seen)
        return [(n, seen.get(n, [0, []])[0], sorted(seen.get(n, [0, []])[1])) for n in names]

    def table(self, db=None) -> str:
        arms = self.arm_rows()
        hit = sum(1 for _, n, _ in arms if n)
        lines = [f"semantics arms reached: {hit}/{len(arms)}"]
        for a, n, note in arms:
            lines.append(f"  {'ok ' if n else '-- '} {a:<34} {n:>9}  {note}")
        ops = self.opcode_rows(db)
        used = sum(1 for _, n, _ in ops if n)
        lines.append(f"opcodes executed: {used}/{len(ops)}, forms (opcode x modifiers x guard): {len(self.forms)}")
        for name, n, forms in ops:
            lines.append(f"  {'ok ' if n else '-- '} {name:<14} {n:>7}  {len(forms)} form(s)")
        return "\n".join(lines)

    def html(self, db=None, title: str = "gpuisa coverage") -> str:
        esc = html.escape
        arms = self.arm_rows()
        ops = self.opcode_rows(db)
        hit = sum(1 for _, n, _ in arms if n)
        used = sum(1 for _, n, _ in ops if n)
        rows_a = "".join(
            f"<tr class='{'hit' if n else 'miss'}'><td><code>{esc(a)}</code></td><td>{n}</td><td>{esc(note)}</td></tr>"
            for a, n, note in arms)
        rows_o = "".join(
            f"<tr class='{'hit' if n else 'miss'}'><td><code>{esc(name)}</code></td><td>{n}</td>"
            f"<td>{'<br>'.join(esc(f) or '(no modifiers)' for f in forms)}</td></tr>" for name, n, forms in ops)
        return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{esc(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; margin-bottom: 2em; }}
td, th {{ border: 1px solid #ccc; padding: 2px 8px; text-align: left; vertical-align: top; }}
tr.hit td:first-child {{ background: #d9f2d9; }} tr.miss td:first-child {{ background: #f8d0d0; }}
</style></head><body>
<h1>{esc(title)}</h1>
<h2>Semantics arms of the BRU and SYNC units: {hit}/{len(arms)} reached</h2>
<table><tr><th>arm (<code>cover()</code> marker)</th><th>times</th><th>why not reached</th></tr>{rows_a}</table>
<h2>Opcodes executed: {used}/{len(ops)}</h2>
<p>Forms are the modifier values and the guard of each executed instruction address
(an address counts once per run).</p>
<table><tr><th>opcode (operand form)</th><th>addresses</th><th>modifiers, guard</th></tr>{rows_o}</table>
</body></html>
"""


def instruction_form(x) -> str:
    """``"IADD3_RIR cond=... @P"``: opcode (operand form), modifier values, guard."""
    mods = []
    for m in x.op.modifiers:
        v = x.mod(m.field.name)
        if v is not None:
            mods.append(f".{v}")
    g = getattr(x, "pg", 7)
    u = "U" if getattr(x, "guard", G_ALWAYS) in (G_UPRED, G_NOT_UPRED) else ""     # a uniform instruction's @{!}UPg
    guard = "" if g == 7 and not getattr(x, "pg_not", False) else f"@{'!' if getattr(x, 'pg_not', False) else ''}{u}P{g}"
    return f"{x.name} {''.join(mods)} {guard}".rstrip()

"""Plain-text rendering of one opcode for ``gpuisa spec show``."""
from __future__ import annotations

from .database import Database
from .model import Opcode


def render_opcode(db: Database, op: Opcode) -> str:
    lines = [f"{op.name}  (optype {op.optype}, unit {op.unit}, parents {', '.join(op.parents)})",
             f"  defined at {op.coord}" if op.coord else "",
             f"  decode key: {db.decode_key(op)}   mask 0x{op.decode_mask:032x}  value 0x{op.decode_value:032x}",
             "", "  bits      width  field            type        value"]
    for f in sorted(op.fields, key=lambda f: -f.pos):
        t = db.types.get(f.type)
        val = ""
        if f.fixed is not None:
            val = "== " + (t.by_value.get(f.fixed, hex(f.fixed)) if t and t.is_enum else hex(f.fixed))
        elif f.default is not None:
            val = "= " + (t.by_value.get(f.default, hex(f.default)) if t and t.is_enum else hex(f.default))
        rng = f"{f.hi}:{f.pos}" if f.width > 1 else f"{f.pos}"
        lines.append(f"  {rng:<9} {f.width:<6} {f.name:<16} {f.type:<11} {val}")
    free = op.free_mask
    if free:
        lines.append(f"  free bits: {_ranges(free)}")
    lines += ["", "  operands (Order):"]
    for o in op.operands:
        attrs = []
        if o.guard:
            attrs.append("guard (@)")
        attrs.append(("in" if o.is_input else "") + ("/out" if o.is_output else "") or "-")
        attrs.append(f"width {o.bitwidth_text or 32}" if o.type not in ("Pred", "UPred") else "")
        if o.default is not None:
            t = db.types.get(o.type)
            attrs.append("default " + (t.by_value.get(o.default, hex(o.default)) if t and t.is_enum else hex(o.default)))
        if o.prefixes:
            attrs.append("prefix " + "".join(c for c, _ in o.prefixes))
        if o.asm_format:
            attrs.append(f"shown as {o.asm_format.text}")
        lines.append(f"    {o.name:<12} {o.type:<9} " + ", ".join(a for a in attrs if a))
    if op.modifiers:
        lines += ["", "  modifiers:"]
        for m in op.modifiers:
            vals = ", ".join("." + v + ("*" if v == m.default else "") for v in m.values)
            lines.append(f"    .{m.name:<10} {{{vals}}}" + ("  (optional)" if m.optional else ""))
    lines += ["", "  controls: " + " ".join(f"${c.name}" for c in op.controls)]
    if op.syntax:
        lines += ["", "  syntax: " + op.syntax.raw]
    if op.exceptions:
        lines += ["", "  exceptions:"]
        for e in op.exceptions:
            lines.append(f"    EncodingError<{e.kind}, \"{e.message}\"> = {e.text}")
    return "\n".join(x for x in lines if x is not None)


def _ranges(mask: int) -> str:
    out, i = [], 0
    while i < 128:
        if mask >> i & 1:
            j = i
            while j + 1 < 128 and mask >> (j + 1) & 1:
                j += 1
            out.append(f"{j}:{i}" if j > i else str(i))
            i = j + 1
        else:
            i += 1
    return ", ".join(reversed(out))

"""Differences between two instruction databases (``gpuisa spec diff``)."""
from __future__ import annotations

from dataclasses import dataclass

from .database import Database


@dataclass(frozen=True)
class Change:
    kind: str  # added | removed | moved | resized | retyped | fixed | default | enum | operands
    where: str
    detail: str
    encoding: bool  # does it change how words are encoded/decoded?

    def __str__(self) -> str:
        return f"{self.kind:8s} {self.where}: {self.detail}"


def diff(a: Database, b: Database) -> list[Change]:
    out: list[Change] = []
    for name in sorted(set(a.opcodes) - set(b.opcodes)):
        out.append(Change("removed", name, "opcode removed", True))
    for name in sorted(set(b.opcodes) - set(a.opcodes)):
        out.append(Change("added", name, "opcode added", True))
    for name in sorted(set(a.opcodes) & set(b.opcodes)):
        oa, ob = a.opcodes[name], b.opcodes[name]
        fa, fb = oa.field_map, ob.field_map
        for f in sorted(set(fa) - set(fb)):
            out.append(Change("removed", f"{name}.{f}", f"field <{fa[f].pos}, {fa[f].width}> removed", True))
        for f in sorted(set(fb) - set(fa)):
            out.append(Change("added", f"{name}.{f}", f"field <{fb[f].pos}, {fb[f].width}> added", True))
        for f in sorted(set(fa) & set(fb)):
            x, y = fa[f], fb[f]
            if x.pos != y.pos:
                out.append(Change("moved", f"{name}.{f}", f"bit {x.pos} -> {y.pos}", True))
            if x.width != y.width:
                out.append(Change("resized", f"{name}.{f}", f"{x.width} -> {y.width} bits", True))
            if x.type != y.type:
                out.append(Change("retyped", f"{name}.{f}", f"{x.type} -> {y.type}", True))
            if x.fixed != y.fixed:
                out.append(Change("fixed", f"{name}.{f}", f"fixed value {x.fixed} -> {y.fixed}", True))
            if x.default != y.default:
                out.append(Change("default", f"{name}.{f}", f"default {x.default} -> {y.default}", False))
        if oa.order != ob.order:
            out.append(Change("operands", name, f"Order<{', '.join(oa.order)}> -> Order<{', '.join(ob.order)}>", False))
    for t in sorted(set(a.types) & set(b.types)):
        ta, tb = a.types[t], b.types[t]
        if (ta.width, ta.kind) != (tb.width, tb.kind):
            out.append(Change("enum", t, f"{ta.kind}<{ta.width}> -> {tb.kind}<{tb.width}>", True))
        if ta.is_enum and tb.is_enum and ta.values != tb.values:
            va, vb = dict(ta.values), dict(tb.values)
            for n in sorted(set(va) - set(vb)):
                out.append(Change("enum", f"{t}.{n}", f"value {va[n]:#x} removed", True))
            for n in sorted(set(vb) - set(va)):
                out.append(Change("enum", f"{t}.{n}", f"value {vb[n]:#x} added", True))
            for n in sorted(set(va) & set(vb)):
                if va[n] != vb[n]:
                    out.append(Change("enum", f"{t}.{n}", f"value {va[n]:#x} -> {vb[n]:#x}", True))
    for t in sorted(set(a.types) - set(b.types)):
        out.append(Change("removed", t, "type removed", True))
    for t in sorted(set(b.types) - set(a.types)):
        out.append(Change("added", t, "type added", True))
    return out

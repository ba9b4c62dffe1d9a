"""The instruction database: the one object every tool reads.

Build it with :func:`gpuisa.spec.load` (files or folders) or
:func:`gpuisa.load_isa` (the shipped ISA).  Lookups: by opcode name, by optype,
by mnemonic (for the assembler) and by decode key (the fixed bits: optype and
stype, for the disassembler and the simulator).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable, Mapping

from ..errors import Diagnostic
from .model import BitFieldType, GroupInfo, Opcode

JSON_FORMAT = "gpuisa-isa-db"
JSON_VERSION = 1


@dataclass(frozen=True)
class SourceInfo:
    path: str
    sha256: str


class Database:
    """Immutable after construction."""

    def __init__(self, types: Mapping[str, BitFieldType], groups: Mapping[str, GroupInfo],
                 opcodes: Mapping[str, Opcode], sources: Iterable[SourceInfo],
                 diagnostics: Iterable[Diagnostic] = ()):
        self.types: Mapping[str, BitFieldType] = MappingProxyType(dict(types))
        self.groups: Mapping[str, GroupInfo] = MappingProxyType(dict(groups))
        self.opcodes: Mapping[str, Opcode] = MappingProxyType(dict(opcodes))
        self.sources: tuple[SourceInfo, ...] = tuple(sources)
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        by_optype: dict[str, list[Opcode]] = {}
        by_mn: dict[str, list[Opcode]] = {}
        decode: dict[int, dict[int, Opcode]] = {}
        units: dict[str, list[str]] = {}
        for op in self.opcodes.values():
            by_optype.setdefault(op.optype, []).append(op)
            by_mn.setdefault(op.mnemonic, []).append(op)
            decode.setdefault(op.decode_mask, {}).setdefault(op.decode_value, op)
        for g in self.groups.values():
            if g.kind == "optype":
                units.setdefault(g.unit, []).append(g.name)
        self._by_optype = {k: tuple(v) for k, v in by_optype.items()}
        self._by_mnemonic = {k: tuple(v) for k, v in by_mn.items()}
        # most specific masks first so that a longer decode key wins
        self._decode = sorted(decode.items(), key=lambda kv: -bin(kv[0]).count("1"))
        self.units: Mapping[str, tuple[str, ...]] = MappingProxyType({k: tuple(v) for k, v in units.items()})
        # operand-name index: "R5" -> ("Reg",), used by the assembler's tokenizer
        names: dict[str, list[str]] = {}
        for t in self.types.values():
            if t.is_enum:
                for n, _ in t.values:
                    names.setdefault(n, []).append(t.name)
        self.enum_names: Mapping[str, tuple[str, ...]] = MappingProxyType({k: tuple(v) for k, v in names.items()})

    # -- lookups -----------------------------------------------------------
    def opcode(self, name: str) -> Opcode:
        return self.opcodes[name]

    def by_optype(self, optype: str) -> tuple[Opcode, ...]:
        return self._by_optype.get(optype, ())

    def by_mnemonic(self, mnemonic: str) -> tuple[Opcode, ...]:
        return self._by_mnemonic.get(mnemonic, ())

    @property
    def mnemonics(self) -> tuple[str, ...]:
        return tuple(self._by_mnemonic)

    @property
    def optypes(self) -> tuple[str, ...]:
        return tuple(g.name for g in self.groups.values() if g.kind == "optype")

    def lookup(self, word: int) -> Opcode | None:
        """The opcode whose decode key (fixed bits) matches *word*, or None."""
        for mask, table in self._decode:
            op = table.get(word & mask)
            if op is not None:
                return op
        return None

    def decode_key(self, op: Opcode) -> str:
        parts = []
        for f in op.fields:
            if f.fixed is not None:
                t = self.types.get(f.type)
                name = t.by_value.get(f.fixed) if t is not None and t.is_enum else None
                parts.append(f"{f.name}={name if name is not None else hex(f.fixed)}")
        return ",".join(parts)

    def unit_of(self, optype: str) -> str:
        g = self.groups.get(optype)
        return g.unit if g else ""

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity == "warning")

    # -- export ------------------------------------------------------------
    def to_json(self) -> dict:
        return {
            "format": JSON_FORMAT,
            "version": JSON_VERSION,
            "word_bits": 128,
            "sources": [{"path": s.path, "sha256": s.sha256} for s in self.sources],
            "types": {n: t.to_json() for n, t in self.types.items()},
            "groups": {n: g.to_json() for n, g in self.groups.items()},
            "units": {u: list(v) for u, v in self.units.items()},
            "opcodes": {n: op.to_json(self.types) for n, op in self.opcodes.items()},
        }

    def dumps(self, indent: int | None = 1) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    def __repr__(self) -> str:
        return f"<Database {len(self.opcodes)} opcodes, {len(self.types)} types>"

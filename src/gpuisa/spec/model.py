"""Frozen, typed objects of the instruction database.

Everything a tool needs about an instruction is here, resolved: inheritance is
flattened, defaults and fixed values are numbers, syntax templates are parsed,
expressions are ASTs ready to evaluate.  Objects are immutable; the lookup
dictionaries are built once in ``__post_init__``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from ..errors import Coord
from .syntax import SyntaxTemplate


@dataclass(frozen=True)
class BitFieldType:
    """A ``__DefBitFieldType``: an enumeration, an integer or a constant-memory reference."""

    name: str
    width: int
    kind: str  # "enum" | "uint" | "sint" | "cmem"
    values: tuple[tuple[str, int], ...] = ()
    coord: Coord | None = None
    cmem_split: tuple[int, int] | None = None  # (bank bits, offset bits)
    commented: tuple[tuple[str, Coord], ...] = ()
    by_name: Mapping[str, int] = field(default=None, compare=False, repr=False)  # type: ignore[arg-type]
    by_value: Mapping[int, str] = field(default=None, compare=False, repr=False)  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", MappingProxyType(dict(self.values)))
        bv: dict[int, str] = {}
        for n, v in self.values:
            bv.setdefault(v, n)
        object.__setattr__(self, "by_value", MappingProxyType(bv))

    @property
    def is_enum(self) -> bool:
        return self.kind == "enum"

    @property
    def signed(self) -> bool:
        return self.kind == "sint"

    @property
    def min(self) -> int:
        return -(1 << (self.width - 1)) if self.kind == "sint" else 0

    @property
    def max(self) -> int:
        return (1 << (self.width - 1)) - 1 if self.kind == "sint" else (1 << self.width) - 1

    def fits(self, value: int) -> bool:
        return self.min <= value <= self.max

    def to_raw(self, value: int) -> int:
        """Two's complement bits of *value* in this type's width."""
        return value & ((1 << self.width) - 1)

    def from_raw(self, raw: int) -> int:
        if self.kind == "sint" and raw >> (self.width - 1):
            return raw - (1 << self.width)
        return raw

    def to_json(self) -> dict:
        d: dict[str, Any] = {"width": self.width, "kind": self.kind}
        if self.kind == "enum":
            d["values"] = {n: v for n, v in self.values}
        if self.cmem_split:
            d["cmem"] = {"bank_bits": self.cmem_split[0], "offset_bits": self.cmem_split[1]}
        return d


@dataclass(frozen=True)
class Field:
    """One bit range of an encoding."""

    name: str  # "rd", "pg.not", "urb.bitnot"
    pos: int
    width: int
    type: str
    fixed: int | None = None
    default: int | None = None
    coord: Coord | None = None
    owner: str = ""  # the definition that declared it

    @property
    def mask(self) -> int:
        return ((1 << self.width) - 1) << self.pos

    @property
    def hi(self) -> int:
        return self.pos + self.width - 1

    @property
    def base(self) -> str:
        return self.name.split(".", 1)[0]

    @property
    def suffix(self) -> str | None:
        parts = self.name.split(".", 1)
        return parts[1] if len(parts) == 2 else None

    def to_json(self, types: Mapping[str, BitFieldType]) -> dict:
        t = types.get(self.type)
        d: dict[str, Any] = {"name": self.name, "pos": self.pos, "width": self.width, "type": self.type,
                             "owner": self.owner}
        for key in ("fixed", "default"):
            v = getattr(self, key)
            if v is not None:
                d[key] = v
                if t is not None and t.is_enum and v in t.by_value:
                    d[key + "_name"] = t.by_value[v]
        return d


# Operand prefix characters per modifier-field suffix.
PREFIX_OF_SUFFIX = {"not": "!", "bitnot": "~", "neg": "-", "abs": "|"}


@dataclass(frozen=True)
class AsmFormat:
    """How an immediate operand is shown: ``func`` is ``"shift"`` (CvtIShift: the
    text value is the field value << shift), ``"pcrel"`` (CvtPCRel: the text is
    the absolute target ``PC + 16 + (value << shift)``), ``"f32"`` (F32: the
    32 bits are an IEEE binary32 number, written as a float literal), ``"f16"``
    (F16, issue 11: 16 bits holding an IEEE binary16 number) or ``"f64h"`` (F64H, issue 11:
    32 bits holding the high word of an IEEE binary64 number whose low word is 0)."""

    func: str
    shift: int
    text: str = ""


@dataclass(frozen=True)
class AddressRef:
    """A memory-address operand made of several fields (``Address<addr> = ...``):
    ``kind`` ``"mem"`` is written ``[Ra+imm]`` (``[Ra.64+imm]`` when the base is
    64 bits wide), ``"const"`` is ``c[bank][Ra+imm]``.  Any part may be absent."""

    kind: str
    base: Field | None
    offset: Field | None
    bank: Field | None = None
    text: str = ""
    scale: Field | None = None   # MemAddr(base, offset, scale): `[Ra.X4+imm]` (issue 11)
    ubase: Field | None = None   # MemAddr(base, offset, scale, ubase): `[Ra+URb+imm]`, `[URb]` (issue 11)

    @property
    def parts(self) -> tuple[Field, ...]:
        return tuple(f for f in (self.bank, self.base, self.offset, self.scale, self.ubase) if f is not None)

    def to_json(self) -> dict:
        return {"kind": self.kind, "base": self.base.name if self.base else None,
                "offset": self.offset.name if self.offset else None,
                "bank": self.bank.name if self.bank else None,
                "scale": self.scale.name if self.scale else None,
                "ubase": self.ubase.name if self.ubase else None}


@dataclass(frozen=True)
class Operand:
    name: str
    field: Field
    type: str
    kind: str  # kind of the type: enum | uint | sint | cmem
    is_input: bool
    is_output: bool
    guard: bool = False
    bitwidth: Any = None  # expression AST or None (32)
    bitwidth_text: str | None = None
    prefixes: tuple[tuple[str, Field], ...] = ()  # (prefix char, modifier field)
    asm_format: AsmFormat | None = None
    address: AddressRef | None = None  # set for memory-address operands (kind "address")

    @property
    def default(self) -> int | None:
        return self.field.default

    @property
    def optional(self) -> bool:
        return self.field.default is not None

    def width_for(self, env: Mapping[str, Any]) -> int:
        if self.bitwidth is None:
            return 32
        try:
            return int(self.bitwidth.eval(env))
        except Exception:  # noqa: BLE001 - unknown names already reported by the checker
            return 32

    def to_json(self) -> dict:
        d: dict[str, Any] = {"name": self.name, "field": self.field.name, "type": self.type, "kind": self.kind,
                             "in": self.is_input, "out": self.is_output}
        if self.guard:
            d["guard"] = True
        if self.field.default is not None:
            d["default"] = self.field.default
        if self.bitwidth_text is not None:
            d["bitwidth"] = self.bitwidth_text
        if self.prefixes:
            d["prefixes"] = {c: f.name for c, f in self.prefixes}
        if self.asm_format:
            d["asm_format"] = {"func": self.asm_format.func, "shift": self.asm_format.shift}
        if self.address:
            d["address"] = self.address.to_json()
        return d


@dataclass(frozen=True)
class Modifier:
    name: str
    field: Field
    type: str
    values: tuple[str, ...]
    default: str | None
    optional: bool

    def to_json(self) -> dict:
        return {"name": self.name, "field": self.field.name, "type": self.type, "values": list(self.values),
                "default": self.default, "optional": self.optional}


@dataclass(frozen=True)
class ExceptionRule:
    kind: str  # e.g. IllegalBitFieldValue
    message: str
    condition: Any  # expression AST: true means the encoding is illegal
    text: str
    coord: Coord | None = None

    def violated(self, env: Mapping[str, Any]) -> bool:
        try:
            return bool(self.condition.eval(env))
        except Exception:  # noqa: BLE001 - unknown names reported by the checker
            return False

    def to_json(self) -> dict:
        return {"class": "EncodingError", "kind": self.kind, "message": self.message, "condition": self.text}


@dataclass(frozen=True)
class Opcode:
    """One opcode variant (``__DefOpcode``), fully resolved."""

    name: str
    optype: str
    unit: str
    parents: tuple[str, ...]
    ancestors: tuple[str, ...]  # linearised, root first, excluding itself
    fields: tuple[Field, ...]
    operands: tuple[Operand, ...]  # in Order<> order; the guard first when present
    modifiers: tuple[Modifier, ...]
    controls: tuple[Field, ...]
    in_list: tuple[str, ...]
    out_list: tuple[str, ...]
    order: tuple[str, ...]
    exceptions: tuple[ExceptionRule, ...]
    syntax: SyntaxTemplate | None
    texts: Mapping[str, str]
    coord: Coord | None
    mnemonic: str
    decode_mask: int
    decode_value: int
    used_mask: int
    field_map: Mapping[str, Field] = field(default=None, compare=False, repr=False)  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        object.__setattr__(self, "field_map", MappingProxyType({f.name: f for f in self.fields}))
        object.__setattr__(self, "texts", MappingProxyType(dict(self.texts)))

    @property
    def stype(self) -> int | None:
        f = self.field_map.get("stype")
        return f.fixed if f else None

    @property
    def guard(self) -> Operand | None:
        return self.operands[0] if self.operands and self.operands[0].guard else None

    @property
    def asm_operands(self) -> tuple[Operand, ...]:
        """Operands written after the mnemonic (the guard is the ``@`` prefix)."""
        return tuple(o for o in self.operands if not o.guard)

    @property
    def free_mask(self) -> int:
        return ((1 << 128) - 1) & ~self.used_mask

    def to_json(self, types: Mapping[str, BitFieldType]) -> dict:
        d: dict[str, Any] = {
            "name": self.name, "mnemonic": self.mnemonic, "optype": self.optype, "unit": self.unit,
            "parents": list(self.parents), "ancestors": list(self.ancestors),
            "decode": {"mask": f"0x{self.decode_mask:032x}", "value": f"0x{self.decode_value:032x}"},
            "fields": [f.to_json(types) for f in self.fields],
            "operands": [o.to_json() for o in self.operands],
            "modifiers": [m.to_json() for m in self.modifiers],
            "controls": [c.name for c in self.controls],
            "in": list(self.in_list), "out": list(self.out_list), "order": list(self.order),
            "exceptions": [e.to_json() for e in self.exceptions],
            "texts": dict(self.texts),
        }
        if self.syntax:
            s = self.syntax
            d["syntax"] = {"template": s.raw, "mnemonic": s.mnemonic,
                           "slots": [{"name": x.name, "optional": x.optional, "values": list(x.values), "default": x.default} for x in s.slots],
                           "operands": [{"text": o.text, "name": o.name, "prefixes": list(o.prefixes), "optional": o.optional} for o in s.operands],
                           "controls": list(s.controls)}
        if self.coord:
            d["source"] = {"file": self.coord.file, "line": self.coord.line}
        return d


@dataclass(frozen=True)
class GroupInfo:
    """A ``__DefGroup`` or ``__DefOptype`` after resolution (for documentation)."""

    name: str
    kind: str  # group | optype
    parents: tuple[str, ...]
    unit: str
    texts: Mapping[str, str]
    coord: Coord | None
    opcodes: tuple[str, ...] = ()

    def to_json(self) -> dict:
        d = {"kind": self.kind, "parents": list(self.parents), "unit": self.unit, "texts": dict(self.texts),
             "opcodes": list(self.opcodes)}
        if self.coord:
            d["source"] = {"file": self.coord.file, "line": self.coord.line}
        return d

"""A decoded instruction: the common currency of the disassembler, the
simulator and the manual.  Produced by :func:`decode_word` (and by the
assembler for each statement it encodes)."""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Mapping

from ..spec.database import Database
from ..spec.model import Opcode


@dataclass(frozen=True, slots=True)
class Instruction:
    opcode: Opcode
    word: int
    fields: Mapping[str, int]  # raw (unsigned) bits of every field, by field name
    pc: int = 0

    @property
    def name(self) -> str:
        return self.opcode.name

    def raw(self, name: str) -> int:
        return self.fields[name]

    def value(self, name: str, db: Database | None = None) -> int:
        """Field value; sign-extended when the field's type is signed (needs *db*
        for the type, else uses the cached signedness of the opcode)."""
        raw = self.fields[name]
        signed = _SIGNED.get((self.opcode.name, name))
        if signed is None and db is not None:
            t = db.types.get(self.opcode.field_map[name].type)
            signed = bool(t and t.signed)
            _SIGNED[(self.opcode.name, name)] = signed
        if signed:
            w = self.opcode.field_map[name].width
            if raw >> (w - 1):
                return raw - (1 << w)
        return raw


_SIGNED: dict[tuple[str, str], bool] = {}


def per_database(factory):
    """``get(db)``: one ``factory(db)`` per database, built on first use and
    dropped with the database (the compiled tables of the assembler and the
    disassembler)."""
    cache: "weakref.WeakKeyDictionary[Database, object]" = weakref.WeakKeyDictionary()

    def get(db: Database):
        s = cache.get(db)
        if s is None:
            s = cache[db] = factory(db)
        return s
    return get


FieldReader = tuple  # (name, pos, mask, BitFieldType | None)


def field_readers(db: Database, op: Opcode, names) -> tuple[FieldReader, ...]:
    """What :func:`expr_env` needs to read the fields *names* of *op* from a word."""
    return tuple((f.name, f.pos, (1 << f.width) - 1, db.types.get(f.type)) for f in op.fields if f.name in names)


def readers_mask(readers) -> int:
    """The bits of a word that the *readers* look at (a cache key for their result)."""
    return sum(mask << pos for _, pos, mask, _ in readers)


def expr_env(word: int, readers) -> dict:
    """The environment in which Bitwidth/__Exception expressions are evaluated:
    enumeration fields by value name (``dtype == "U64"``), integer fields by
    value (sign-extended when signed)."""
    env = {}
    for name, pos, mask, t in readers:
        raw = (word >> pos) & mask
        if t is not None and t.is_enum:
            env[name] = t.by_value.get(raw, raw)
        elif t is not None:
            env[name] = t.from_raw(raw)
        else:
            env[name] = raw
    return env


def extract_fields(op: Opcode, word: int) -> dict[str, int]:
    return {f.name: (word >> f.pos) & ((1 << f.width) - 1) for f in op.fields}


def decode_word(db: Database, word: int, pc: int = 0) -> Instruction | None:
    """Split *word* into the fields of its opcode; None if no opcode matches.

    This does not validate enumeration values or unused bits; the
    disassembler does (and prints such words as raw data)."""
    op = db.lookup(word)
    if op is None:
        return None
    return Instruction(op, word, extract_fields(op, word), pc)

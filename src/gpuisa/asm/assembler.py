"""The assembler: text → 128-bit words, driven entirely by the database.

Pipeline: :mod:`gpuisa.asm.lexer` splits the text into statements and parsed
operands; :class:`Assembler` picks the opcode variant from the mnemonic, the
modifiers and the *kinds* of the operands (register of type T, register pair,
number, float, constant memory, memory address), then packs the fields.  The
choice of variant and a compiled plan for it are cached per
``(mnemonic+modifiers, operand kinds)``, so each operand syntax is resolved
once per variant, not per instruction.

Two paths encode a statement.  :func:`_fast` takes the common shape (one
regex for guard, mnemonic, operands and control annotations; operands
classified inline or through a per-text cache; a :class:`FastPlan` of flat
tuples) and gives up, returning None, on anything unusual: label expressions,
any value out of range, a rule violated.  :meth:`Assembler.statement` is the
slow path with every diagnostic; it handles whatever the fast path declines,
so the fast path only ever has to be right when it answers (tests compare the
two).

Public API::

    assemble(db, text, filename="<input>", base=0) -> Program   # raises AsmError
    encode_one(db, text, pc=0) -> int
"""
from __future__ import annotations

import difflib
import gc
import re
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import Iterable

from ..errors import AsmError, Coord, Diagnostic
from ..spec.database import Database
from ..spec.model import Opcode
from .instruction import Instruction, extract_fields
from .floats import FLOAT_LITERAL, parse_f16, parse_f32
from .lexer import (POp, OperandSyntaxError, _RE_CONTROL, _RE_GUARD, _RE_LABEL, _RE_MNEM, label_operand,
                    parse_number, parse_operand,
                    split_operands, strip_block_comments, blank_listing_noise)
from .disassembler import decode_one, decode_relocated, symbol_text
# the compiled tables (re-exported: `state`, `OpInfo` and the kinds are part of the asm package's API)
from .tables import (K_ADDR, K_CMEM, K_ENUM, K_INT, AddrInfo, OpInfo, Plan, VInfo, _State, _compatible,  # noqa: F401
                     _match, _numbering, aligned_group, state)

WORD_BYTES = 16
MAX_ERRORS = 100


# ----------------------------------------------------------------------------
# results


@dataclass(frozen=True, slots=True)
class Relocation:
    """A reference to a symbol that is not defined in the file.  The field
    holds ``addend`` (converted like the operand); a linker/loader adds the
    symbol's value.  ``kind``: ``abs`` (plain integer field) or ``shiftN``
    (the field holds ``(symbol + addend) >> N``)."""

    address: int
    symbol: str
    field: str
    kind: str
    addend: int = 0
    line: int = 0
    pos: int = 0  # bit position of the field in the word
    width: int = 0

    def to_dict(self) -> dict:
        return {"address": self.address, "symbol": self.symbol, "field": self.field, "kind": self.kind,
                "addend": self.addend, "bit_pos": self.pos, "bit_width": self.width, "line": self.line}


class Record:
    """One assembled statement.  ``instruction`` and ``text`` (the canonical
    disassembly) are computed on first access."""

    __slots__ = ("address", "word", "opcode", "line", "_db", "_inst", "_text", "_subst")

    def __init__(self, db: Database, address: int, word: int, opcode: str | None, line: int,
                 subst: dict[str, str] | None = None):
        self._db = db
        self.address = address
        self.word = word
        self.opcode = opcode  # opcode name, None for data (.u128)
        self.line = line
        self._inst: Instruction | None = None
        self._text: str | None = None
        self._subst = subst  # relocated fields -> `(symbol) text

    @property
    def instruction(self) -> Instruction | None:
        if self._inst is None and self.opcode is not None:
            op = self._db.opcodes[self.opcode]
            self._inst = Instruction(op, self.word, extract_fields(op, self.word), self.address)
        return self._inst

    @property
    def text(self) -> str:
        """Canonical text; a relocated operand shows its symbol (`` `(sym) ``), not the
        addend its field holds."""
        if self._text is None:
            if self._subst:
                self._text = decode_relocated(self._db, self.word, self._subst, pc=self.address).text
            else:
                self._text = decode_one(self._db, self.word, pc=self.address).text
        return self._text

    def to_dict(self) -> dict:
        return {"address": self.address, "word": f"0x{self.word:032x}", "opcode": self.opcode, "line": self.line,
                "text": self.text}

    def __repr__(self) -> str:
        return f"Record({self.address:#06x}, {self.opcode}, line {self.line})"


class RecordList(Sequence):
    """The records of a program, made on access (the assembler keeps only the
    opcode name and source line of each word)."""

    __slots__ = ("_db", "_addresses", "_words", "_opnames", "_lines", "_made", "_subst")

    def __init__(self, db: Database, addresses: list[int], words: list[int], opnames: list, lines: list[int],
                 relocations: Iterable["Relocation"] = ()):
        self._db, self._addresses, self._words, self._opnames, self._lines = db, addresses, words, opnames, lines
        self._made: dict[int, Record] = {}
        self._subst: dict[int, dict[str, str]] = {}
        if relocations:
            for r in relocations:
                self._subst.setdefault(r.address, {})[r.field] = symbol_text(r.symbol, r.addend)

    def __len__(self) -> int:
        return len(self._opnames)

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        r = self._made.get(k)
        if r is None:
            if not 0 <= k < len(self._opnames):
                raise IndexError(k)
            r = Record(self._db, self._addresses[k], self._words[k], self._opnames[k], self._lines[k],
                       self._subst.get(self._addresses[k]))
            self._made[k] = r
        return r

    def __repr__(self) -> str:
        return f"<{len(self)} records>"


@dataclass
class Program:
    words: list[int]
    symbols: dict[str, int]
    relocations: list[Relocation]
    records: Sequence[Record]
    warnings: list[Diagnostic] = field(default_factory=list)
    base: int = 0

    @property
    def data(self) -> bytes:
        return b"".join(w.to_bytes(WORD_BYTES, "little") for w in self.words)

    def __len__(self) -> int:
        return len(self.words)


# ----------------------------------------------------------------------------
# operand value errors


class _OpErr(Exception):
    """An operand value error (message; column/length filled by the caller)."""

    def __init__(self, message: str, offset: int = 0, length: int | None = None):
        super().__init__(message)
        self.offset = offset
        self.length = length


# ----------------------------------------------------------------------------
# the fast path: one regex for the common statement shape, a compiled plan per
# (mnemonic+modifiers, operand signatures); anything unusual (label
# expressions, errors, a plan that does not encode) goes to the slow path,
# which has the diagnostics.

_RE_FAST = re.compile(r"(?:@(!?)([A-Za-z_]\w*)\s+)?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)"
                      r"(?:\s+([^$`(]*))?(\$[^`(]*)?$")
_RE_FLOAT_LIT = re.compile(rf"^{FLOAT_LITERAL}$")
# canonical address / constant-memory texts: c[0x3][R2+0x10], [R2.64-0x8], [0x10], c[0x2][0x100]
_RE_FADDR = re.compile(r"(?:c\[(0x[0-9a-fA-F]+)\])?\[([A-Za-z_][A-Za-z0-9_]*)?(\.64)?(?:([-+]?)(0x[0-9a-fA-F]+))?\]$")

F_ENUM, F_INT, F_PCREL, F_SHIFT, F_GENERIC, F_F32, F_ADDR, F_CMEM = 0, 1, 2, 3, 4, 5, 6, 7


class FastPlan:
    """A :class:`Plan` flattened to tuples: the base word (modifiers, defaults,
    the prefix bits the signatures say are written), one step per written
    operand, the guard and control fields."""

    __slots__ = ("name", "v", "base", "steps", "guard", "controls", "has_exc", "plan")

    def __init__(self, st: "_State", plan: Plan, sigt: tuple):
        v = plan.v
        self.plan = plan
        self.v = v
        self.name = v.op.name
        self.has_exc = v.has_exc
        base = plan.base
        steps: list[tuple] = []
        for j, o, width in plan.steps:
            kind, _, prefix = st.sig_list[sigt[j]]
            for c in prefix:
                base |= 1 << o.prefix_fields[c].pos
            t = o.type
            if o.code == K_ENUM and kind == "n":
                steps.append((F_ENUM, j, o.pos, st.name_table(o, width), 0, 0))
            elif o.code == K_INT and kind == "f" and o.fmt == "f32":
                steps.append((F_F32, j, o.pos, 0, 0, 0))
            elif o.code == K_ADDR and kind in ("m", "k", "c"):
                steps.append((F_ADDR, j, o, width, 0, 0))
            elif o.code == K_CMEM and kind == "c":
                bb, ob = t.cmem_split or (0, t.width)
                steps.append((F_CMEM, j, o.pos, ob, (1 << bb) - 1, max(width // 8, 1)))
            elif o.code == K_INT and kind == "i" and t is not None and o.fmt is None:
                lo, hi = (-0x80000000, 0xFFFFFFFF) if o.width == 32 else (t.min, t.max)
                steps.append((F_INT, j, o.pos, lo, hi, o.mask))
            elif o.code == K_INT and kind == "i" and t is not None and o.fmt in ("pcrel", "shift"):
                steps.append((F_PCREL if o.fmt == "pcrel" else F_SHIFT, j, o.pos, o.shift, (t.min, t.max), o.mask))
            else:
                steps.append((F_GENERIC, j, o, width, 0, 0))
        self.base = base
        self.steps = tuple(steps)
        g = v.guard
        self.guard = None
        if g is not None:
            pf = g.prefix_fields.get("!")
            self.guard = (g.pos, (g.mask << g.pos) | g.pclear, g.type.by_name, (1 << pf.pos) if pf is not None else None)
        self.controls = {c.name: (c.pos, (1 << c.width) - 1) for c in v.op.controls}


def _fast_plan(st: _State, key: str, sigt: tuple):
    """The first plan for (key, signatures), compiled for :func:`_fast`, or
    False when the slow path must handle the statement."""
    # the variant choice without the prefixes is shared by all prefix combinations; when its
    # first plan accepts the written prefixes it is also the first plan with them (prefixes
    # only remove candidates), else ask for the plans of the full signatures
    bare = st.bare_sigs.get(sigt)
    if bare is None:
        bare = st.bare_sigs[sigt] = tuple(st.intern(st.sig_list[i][:2] + ("",)) if st.sig_list[i][2] else i
                                            for i in sigt)
    plans = st.plan(key, bare)
    if type(plans) is list and bare != sigt:
        p0 = plans[0]
        if not all(c in o.prefix_chars for j, o, _ in p0.steps for c in st.sig_list[sigt[j]][2]):
            plans = st.plan(key, sigt)
    fp: FastPlan | bool = False
    if type(plans) is list:
        fp = FastPlan(st, plans[0], sigt)
    st.fplans[(key, sigt)] = fp
    return fp


_NOCTX = None


def _addr_fast(o: OpInfo, v: tuple, width: int):
    """:func:`_addr_raw` for a canonical address text (bank, base, .64?, offset); None on any problem."""
    bank, base, wide, off = v
    a = o.addr
    bits = 0
    if a.kind == "const":
        if a.bank is not None:
            if not 0 <= bank <= a.bank[2]:
                return None
            bits = bank << a.bank[0]
        elif bank:
            return None
    if base:
        if a.base is None or (wide and width <= 32) or base[-3:-1] == ".X" or base[-4:-2] == ".X":
            return None
        raw = a.base[3].by_name.get(base)
        if raw is None:
            return None
        if width > 32 and base in o.stem_of:
            stem, n = o.stem_of[base]
            count = width // 32
            if n % count or (stem, n + count - 1) not in o.name_of_num:
                return None
        bits |= raw << a.base[0]
    elif a.base is not None:
        if a.zero is None:
            return None
        bits |= a.zero << a.base[0]
    if a.off is None:
        return None if off else bits
    if not a.off_lo <= off <= a.off_hi:
        return None
    return bits | ((off & a.off[2]) << a.off[0])


def _fast(st: "_State", text: str, pc: int):
    """(word, opcode name) for a statement without label expressions that
    encodes without any problem, else None."""
    m = _RE_FAST.match(text)
    if m is None:
        return None
    gnot, gname, key, ops, ctl = m.groups()
    sigs = []
    vals: list = []
    if ops:
        ocls = st.ocls
        for t in ops.split(","):
            t = t.strip()
            r = ocls.get(t)
            if r is None:
                c = t[:1]
                if c.isdigit() or (c == "-" and t[1:2].isdigit()):
                    try:
                        # int(t, 0) reads what parse_number reads, and also 0o17 and 1_000: not those
                        if "_" in t or "o" in t or "O" in t:
                            raise ValueError
                        vals.append(int(t, 0))
                        sigs.append(st.int_sid)
                        continue
                    except ValueError:
                        if _RE_FLOAT_LIT.match(t) and t not in st.names and len(t) < 100:
                            vals.append(parse_f32(t))  # a float literal: its binary32 bits
                            sigs.append(st.float_sid)
                            continue
                elif c == "[" or c == "c" or ((c == "-" or c == "~") and "c[" in t[:4]):
                    pre = ""
                    u = t
                    if c != "[" and c != "c":  # -c[..][..], ~c[..][..], -~c[..][..]
                        while u[:1] in ("-", "~"):
                            pre += u[0]
                            u = u[1:]
                        pre = "~-" if len(pre) == 2 and pre[0] != pre[1] else pre
                    m2 = _RE_FADDR.match(u) if len(pre) < 2 or pre == "~-" else None
                    if m2 is not None:
                        bank, base, wide, sign, off = m2.groups()
                        if (base or off) and not (base and off and not sign):
                            v = int(off, 16) if off else 0
                            if sign == "-":
                                v = -v
                            if bank is None:
                                sid = st.intern(("m", st.names.get(base, ("?",)) if base else (), pre))
                            elif base:
                                sid = st.intern(("k", st.names.get(base, ("?",)), pre))
                            else:
                                sid = st.cmem_sid if not pre else st.intern(("c", (), pre))
                            sigs.append(sid)
                            vals.append((int(bank, 16) if bank else 0, base or "", wide is not None, v))
                            continue
                r = st.classify(t)
                if r is None:
                    return None
            sigs.append(r[0])
            vals.append(r[1])
    sigt = tuple(sigs)
    fp = st.fplans.get((key, sigt))
    if fp is None:
        fp = _fast_plan(st, key, sigt)
    if fp is False:
        return None
    word = fp.base
    for kind, j, pos, a, b, c in fp.steps:
        v = vals[j]
        if kind == F_ENUM:
            raw = a.get(v)
            if raw is None:
                return None
            word |= raw << pos
        elif kind == F_INT:
            if type(v) is not int or not a <= v <= b:
                return None
            word |= (v & c) << pos
        elif kind == F_ADDR:
            if type(v) is not tuple:
                return None
            raw = _addr_fast(pos, v, a)
            if raw is None:
                return None
            word |= raw
        elif kind == F_CMEM:
            if type(v) is tuple:
                if v[1]:
                    return None
                bank, off = v[0], v[3]
            elif type(v) is POp and v.kind == "cmem":
                bank, off = v.bank, v.value
            else:
                return None
            if not 0 <= bank <= b or not 0 <= off < (1 << a) or off % c:  # a negative bank: the slow path's error
                return None
            word |= ((bank << a) | off) << pos
        elif kind == F_F32:
            if type(v) is not int:
                return None
            word |= v << pos
        elif kind == F_GENERIC:
            # pos is the OpInfo, a the bitwidth
            p = v if type(v) is POp else st.operand(ops.split(",")[j].strip())[0]
            try:
                if pos.code == K_ENUM:
                    raw = _enum_raw(pos, p, a)
                elif pos.code == K_INT:
                    raw = (_f32_raw(pos, p, pc, _NOCTX) if pos.fmt == "f32" else
                           _f16_raw(pos, p, pc, _NOCTX) if pos.fmt == "f16" else _int_raw(pos, p.value, pc))
                elif pos.code == K_ADDR:
                    raw = _addr_raw(pos, p, a, pc, _NOCTX)
                else:
                    raw = _cmem_raw(pos, p, a)
            except (_OpErr, AttributeError, KeyError):
                return None
            word |= raw << pos.pos
        else:
            if type(v) is not int:
                return None
            if kind == F_PCREL:
                if v & ((1 << a) - 1):
                    return None
                f = (v - pc - 16) >> a
            else:
                if v & ((1 << a) - 1):
                    return None
                f = v >> a
            if not b[0] <= f <= b[1]:
                return None
            word |= (f & c) << pos
    if gname is not None:
        g = fp.guard
        if g is None:
            return None
        raw = g[2].get(gname)
        if raw is None:
            return None
        word = (word & ~g[1]) | (raw << g[0])
        if gnot:
            if g[3] is None:
                return None
            word |= g[3]
    if ctl is not None:
        controls = fp.controls
        seen = 0
        for tok in ctl.split():
            if tok[0] != "$":
                return None
            name, eq, val = tok[1:].partition("=")
            f = controls.get(name)
            if f is None or not eq or "_" in val or "o" in val or "O" in val:
                return None
            try:
                n = int(val, 0)
            except ValueError:
                return None
            fm = f[1] << f[0]
            if not 0 <= n <= f[1] or seen & fm:  # out of range, or given twice
                return None
            seen |= fm
            word = (word & ~fm) | (n << f[0])
    if fp.has_exc and fp.v.violation(word) is not None:
        return None
    return word, fp.name


# ----------------------------------------------------------------------------
# value encoding


def _hexs(v: int) -> str:
    return f"-{-v:#x}" if v < 0 else f"{v:#x}"


def _enum_raw(o: OpInfo, p: POp, width: int) -> int:
    t = o.type
    if p.kind == "pair":
        count = max(width // 32, 1)
        if not o.numbered or count < 2:
            raise _OpErr(f"{o.name} is a {width}-bit operand: write a single register, not {p.text}")
        if p.name not in t.by_name:
            raise _OpErr(f"{p.name} is not a {t.name} register")
        if p.lo % count or p.hi != p.lo + count - 1:
            lo, hi = min(p.lo, p.hi), max(p.lo, p.hi)
            want = None
            if lo % count == 0 and hi == lo + count - 1:
                want = f"{p.stem}[{lo}:{hi}]"  # R[9:8] -> R[8:9]
            elif p.lo % count == 0:
                want = f"{p.stem}[{p.lo}:{p.lo + count - 1}]"  # R[8:10] -> R[8:9]
            hint = f"; did you mean {want}?" if want else ""
            raise _OpErr(f"register pair {p.text} is not valid: {o.name} is a {width}-bit operand, "
                         f"write {_group_form(p.stem, count)}{hint}")
        last = o.name_of_num.get((p.stem, p.hi))
        if last is None:
            raise _OpErr(f"register pair {p.text} runs past the last {t.name} register")
        return t.by_name[p.name]
    raw = t.by_name[p.name]
    if o.numbered and width > 32 and p.name in o.stem_of:
        stem, n = o.stem_of[p.name]
        count = width // 32
        if not aligned_group(o, p.name, count):  # `R2` is the pair R[2:3] (decision A4b); R3 is not a pair
            what = "an even register" if count == 2 else f"a register whose number is a multiple of {count}"
            if n % count == 0:
                raise _OpErr(f"{o.name} is a {width}-bit operand: the group from {p.name} runs past the last "
                             f"{t.name} register")
            raise _OpErr(f"{o.name} is a {width}-bit operand: write {what} ({stem}{n - n % count} for "
                         f"{stem}[{n - n % count}:{n - n % count + count - 1}]), not {p.name}")
    return raw


def _group_form(stem: str, count: int) -> str:
    """``R[n:n+1] with n even``: how a register group of *count* registers is written."""
    return f"{stem}[n:n+{count - 1}] with n " + ("even" if count == 2 else f"a multiple of {count}")


_FILE_WORDS = {"Reg": "GPR", "UReg": "uniform-register", "Pred": "predicate", "UPred": "uniform-predicate"}


def _pair_words(tname: str, count: int) -> str:
    """``GPR pair``, ``uniform-register pair``, ``GPR group of 4``."""
    return f"{_FILE_WORDS.get(tname, tname)} {'pair' if count == 2 else f'group of {count}'}"


def _expects(o: OpInfo, width: int) -> str:
    """What an operand expects, for a message: ``a GPR pair (R[n:n+1])`` for a register
    group, else the operand's form (``Reg``, ``SImm32``, ``c[0x0][...]``...)."""
    if o.code == K_ENUM and o.numbered and width > 32 and o.type is not None:
        count = width // 32
        stems = sorted({stem for stem, _ in o.stem_of.values()})
        stem = stems[0] if stems else "R"
        return f"a {_pair_words(o.type.name, count)} ({stem}[n:n+{count - 1}])"
    return o.describe(width)


def _int_raw(o: OpInfo, v: int, pc: int) -> int:
    t = o.type
    if o.fmt == "pcrel":
        unit = 1 << o.shift
        if v % unit:
            raise _OpErr(f"branch target {_hexs(v)} is not {unit}-byte aligned")
        f = (v - (pc + 16)) >> o.shift
        if not t.fits(f):
            lo, hi = pc + 16 + (t.min << o.shift), pc + 16 + (t.max << o.shift)
            raise _OpErr(f"branch target {_hexs(v)} is out of range for {o.name} ({_hexs(lo)}..{_hexs(hi)} from {pc:#x})")
        return f & o.mask
    if o.fmt == "shift":
        unit = 1 << o.shift
        if v % unit:
            raise _OpErr(f"{_hexs(v)} is not a multiple of {unit:#x} ({o.name} stores the value >> {o.shift})")
        f = v >> o.shift
        if not t.fits(f):
            raise _OpErr(f"{_hexs(v)} is out of range for {o.name} ({_hexs(t.min << o.shift)}..{_hexs(t.max << o.shift)})")
        return f & o.mask
    if not t.fits(v):
        if o.width == 32:
            # 32-bit immediates: any value in -2**31..2**32-1, stored modulo 2**32 (SASS: MOV R0, -1)
            if -0x80000000 <= v <= 0xFFFFFFFF:
                return v & 0xFFFFFFFF
            raise _OpErr(f"{_hexs(v)} does not fit in {o.name} (32-bit immediate: -0x80000000..0xffffffff)")
        raise _OpErr(f"{_hexs(v)} does not fit in {o.name} ({t.name}: {_hexs(t.min)}..{_hexs(t.max)})")
    return v & o.mask


def _f32_raw(o: OpInfo, p: POp, pc: int, ctx) -> int:
    """An F32 operand: a float literal or a decimal integer is a number
    (rounded to binary32); hex/binary literals and label expressions are the bits."""
    if p.kind == "float":
        return p.value
    if p.kind == "int":
        t = p.text.lstrip("+-")
        if t[:2] not in ("0x", "0X", "0b", "0B"):
            try:
                return parse_f32(p.text)
            except ValueError as e:
                raise _OpErr(str(e)) from None
        return _int_raw(o, p.value, pc)
    return _int_raw(o, _eval_expr(o, p, pc, ctx), pc)


def _f16_raw(o: OpInfo, p: POp, pc: int, ctx) -> int:
    """An F16 operand (issue 11): a float literal or a decimal integer rounded to binary16;
    hex/binary literals and label expressions are the bits."""
    if p.kind in ("float", "int"):
        try:
            return parse_f16(p.text if p.kind == "int" else p.name)
        except ValueError as e:
            raise _OpErr(str(e)) from None
    return _int_raw(o, _eval_expr(o, p, pc, ctx), pc)


def _cmem_raw(o: OpInfo, p: POp, width: int) -> int:
    t = o.type
    bb, ob = t.cmem_split or (0, t.width)
    if p.kind == "caddr":
        raise _OpErr(f"{o.name} is a constant-memory operand: constant memory is written c[BANK][OFFSET] with numbers")
    if not 0 <= p.bank < (1 << bb):
        raise _OpErr(f"constant bank {_hexs(p.bank)} out of range (0x0..{(1 << bb) - 1:#x})")
    if not 0 <= p.value < (1 << ob):
        raise _OpErr(f"constant offset {_hexs(p.value)} out of range (0x0..{(1 << ob) - 1:#x})")
    align = max(width // 8, 1)
    if p.value % align:
        raise _OpErr(f"constant offset {_hexs(p.value)} is not {align}-byte aligned for a {width}-bit operand")
    return (p.bank << ob) | p.value


def _addr_raw(o: OpInfo, p: POp, width: int, pc: int, ctx) -> int:
    """The bits (at their positions) of an address operand ``[Ra.64+off]`` /
    ``c[bank][Ra+off]``."""
    a = o.addr
    bits = 0
    if a.kind == "const":
        if a.bank is not None:
            pos, w, mask, _ = a.bank
            if not 0 <= p.bank <= mask:
                raise _OpErr(f"constant bank {_hexs(p.bank)} out of range for {o.name} (0x0..{mask:#x})")
            bits |= p.bank << pos
        elif p.bank:
            raise _OpErr(f"{o.name} has no bank field: write c[0x0][...]")
    wide = width > 32
    if p.scale:
        if a.scale is None:
            raise _OpErr(f"{o.name} has no scaled base: write [{p.name}+offset], not [{p.name}.{p.scale}...]")
        pos, w, mask, t = a.scale
        raw = t.by_name.get(p.scale)
        if raw is None:
            raise _OpErr(f"scale .{p.scale} is not one of {', '.join('.' + n for n, _ in t.values if n != 'X1')}")
        bits |= raw << pos
    if p.name:
        if a.base is None:
            raise _OpErr(f"{o.name} has no base register: write {'c[..]' if a.kind == 'const' else ''}[offset]")
        pos, w, mask, t = a.base
        raw = t.by_name[p.name]
        shown = f"{p.name}{'.64' if p.wide else ''}"
        if wide and not p.wide and p.name not in o.stem_of:
            raise _OpErr(f"the base register of {o.name} is {width} bits wide: write {p.name}.64 (not {shown})")
        if p.wide and not wide:
            raise _OpErr(f"the base register of {o.name} is {width} bits wide: write {p.name} without .64")
        if wide and p.name in o.stem_of:
            stem, n = o.stem_of[p.name]
            count = width // 32
            if n % count:
                raise _OpErr(f"the {width}-bit base {shown} must be an even register ({stem}{n}:{stem}{n + 1} is not aligned)"
                             if count == 2 else f"the {width}-bit base {shown} is not aligned to {count} registers")
            if (stem, n + count - 1) not in o.name_of_num:
                raise _OpErr(f"the {width}-bit base {shown} runs past the last {t.name} register")
        bits |= raw << pos
    elif a.base is not None:
        if a.zero is None:
            raise _OpErr(f"{o.name} needs a base register ({a.base[3].name if a.base[3] else '?'})")
        bits |= a.zero << a.base[0]
    if p.expr is not None:
        if a.off is None:
            raise _OpErr(f"{o.name} has no offset: write [{p.name or 'Ra'}]")
        pos, w, mask, t = a.off
        v = _eval_expr_raw(p.expr, a.off_name or "", "abs", pos, w, False, pc, ctx)
    else:
        v = p.value
    if a.off is None:
        if v:
            raise _OpErr(f"{o.name} has no offset: write [{p.name or 'Ra'}]")
        return bits
    pos, w, mask, t = a.off
    if t is not None and not t.fits(v):
        raise _OpErr(f"address offset {_hexs(v)} does not fit in {a.off_name} ({t.name}: {_hexs(t.min)}..{_hexs(t.max)})")
    return bits | ((v & mask) << pos)


# ----------------------------------------------------------------------------
# the assembler


class _Ctx:
    __slots__ = ("symbols", "relocs", "final")

    def __init__(self, symbols: dict | None, final: bool):
        self.symbols = symbols
        self.relocs: list[tuple] = []
        self.final = final


def _eval_expr(o: OpInfo, p: POp, pc: int, ctx: _Ctx) -> int:
    kind = f"shift{o.shift}" if o.fmt == "shift" else "abs"
    return _eval_expr_raw(p.expr, o.name, kind, o.pos, o.width, o.fmt == "pcrel", pc, ctx)


def _eval_expr_raw(e, fname: str, kind: str, pos: int, width: int, pcrel: bool, pc: int, ctx: _Ctx) -> int:
    """Value of a label expression; an undefined symbol (added once) becomes a
    relocation of field *fname* (at *pos*, *width*) and the value is the addend."""
    total = 0
    undefined: list[tuple[int, str]] = []
    syms = ctx.symbols or {}
    for sign, sym, num in e.terms:
        if sym is None:
            total += sign * num
        elif sym == ".":
            total += sign * pc
        elif sym in syms:
            total += sign * syms[sym]
        else:
            undefined.append((sign, sym))
    if not undefined:
        return total
    if pcrel:
        name = undefined[0][1]
        close = difflib.get_close_matches(name, [n for n in syms if n != "."], n=1, cutoff=0.5)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise _OpErr(f"undefined label '{name}' (a branch target must be defined in this file{hint})")
    if len(undefined) > 1 or undefined[0][0] < 0:
        raise _OpErr(f"cannot relocate {e.text!r}: an undefined symbol may only be added once "
                     f"(undefined: {', '.join(s for _, s in undefined)})")
    ctx.relocs.append((undefined[0][1], fname, kind, total, pos, width))
    return total


def _encode_plan(plan: Plan, pops: list, pc: int, ctx: _Ctx) -> int:
    word = plan.base  # the written operands' fields and prefix fields are clear
    for j, o, width in plan.steps:
        p = pops[j]
        code = o.code
        if code == K_ENUM:
            raw = _enum_raw(o, p, width)
        elif code == K_INT:
            if o.fmt == "f32":
                raw = _f32_raw(o, p, pc, ctx)
            elif o.fmt == "f16":
                raw = _f16_raw(o, p, pc, ctx)
            elif p.kind == "int":
                raw = _int_raw(o, p.value, pc)
            else:
                raw = _int_raw(o, _eval_expr(o, p, pc, ctx), pc)
        elif code == K_ADDR:
            raw = _addr_raw(o, p, width, pc, ctx)
        else:
            raw = _cmem_raw(o, p, width)
        word |= raw << o.pos
        if p.prefix:
            for c in p.prefix:
                pf = o.prefix_fields[c]
                word |= 1 << pf.pos
    return word


def _env_of(op: Opcode, db: Database, word: int) -> dict:
    env = {}
    for f in op.fields:
        raw = (word >> f.pos) & ((1 << f.width) - 1)
        t = db.types.get(f.type)
        if t is not None and t.is_enum:
            env[f.name] = t.by_value.get(raw, raw)
        elif t is not None:
            env[f.name] = t.from_raw(raw)
        else:
            env[f.name] = raw
    return env


class _Stmt:
    __slots__ = ("line", "col", "text", "address", "src")

    def __init__(self, line: int, col: int, text: str, address: int, src: str):
        self.line, self.col, self.text, self.address, self.src = line, col, text, address, src


def _control_start(rest: str) -> int:
    """Offset of the first ``$`` outside parentheses and brackets (the control annotations), or -1."""
    depth = 0
    for k, ch in enumerate(rest):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "$" and depth <= 0:
            return k
    return -1


_RE_LONG_WORD = re.compile(r"\S{81,}")


class Assembler:
    def __init__(self, db: Database, filename: str = "<input>"):
        self.db = db
        self.st = state(db)
        self.filename = filename
        self.diags: list[Diagnostic] = []
        self.warnings: list[Diagnostic] = []
        self.nerr = 0
        self.relocations: list[Relocation] = []

    # -- diagnostics ------------------------------------------------------
    def error(self, msg: str, line: int, col: int, src: str | None, length: int = 1) -> None:
        self.nerr += 1
        if len(self.diags) < MAX_ERRORS * 10:  # sorted by position and cut to MAX_ERRORS at the end
            if len(msg) > 200:  # a quoted piece of a huge input: shorten it (the caret shows where it is)
                msg = _RE_LONG_WORD.sub(lambda m: m.group(0)[:48] + "…" + m.group(0)[-12:], msg)
            self.diags.append(Diagnostic("error", msg, Coord(self.filename, line, col), src, max(length, 1)))

    def warn(self, msg: str, line: int, col: int, src: str | None, length: int = 1) -> None:
        self.warnings.append(Diagnostic("warning", msg, Coord(self.filename, line, col), src, max(length, 1)))

    # -- pass 1 -----------------------------------------------------------
    def scan(self, text: str, base: int, emit=None) -> tuple[list[_Stmt], dict[str, int], dict[str, tuple[int, int]]]:
        """Pass 1: comments, labels, statements.  Each statement goes to
        ``emit(line, col, text, address)`` when given, else into the returned list."""
        clean, notes = strip_block_comments(text)
        clean = blank_listing_noise(clean)
        src_lines = text.split("\n")
        self.src_lines = src_lines
        for ln in sorted(set(notes)):
            self.warn("NVIDIA (*...*) annotation ignored", ln, 1, src_lines[ln - 1] if ln <= len(src_lines) else None)
        stmts: list[_Stmt] = []
        symbols: dict[str, int] = {}
        defined_at: dict[str, tuple[int, int]] = {}
        addr = base
        for lineno, line in enumerate(clean.split("\n"), 1):
            k = line.find("//")
            if k >= 0:
                line = line[:k]
            if "/*" in line:
                c = line.find("/*")
                self.error("unterminated /* comment", lineno, c + 1, src_lines[lineno - 1], 2)
                line = line[:c]
            if not line or line.isspace():
                continue
            pos = 0
            for part in line.split(";") if ";" in line else (line,):
                col = pos
                pos += len(part) + 1
                if not part or part.isspace():
                    continue
                # labels
                while ":" in part:
                    m = _RE_LABEL.match(part)
                    if not m:
                        break
                    name = m.group("name")
                    lc = col + m.start("name") + 1
                    if name in symbols:
                        pl, pc_ = defined_at[name]
                        self.error(f"label {name} defined twice (first at line {pl})", lineno, lc,
                                   src_lines[lineno - 1], len(name))
                    else:
                        symbols[name] = addr
                        defined_at[name] = (lineno, lc)
                    col += m.end()
                    part = part[m.end():]
                if not part or part.isspace():
                    continue
                stripped = part.lstrip()
                col += len(part) - len(stripped)
                if emit is not None:
                    emit(lineno, col + 1, stripped.rstrip(), addr)
                else:
                    stmts.append(_Stmt(lineno, col + 1, stripped.rstrip(), addr, src_lines[lineno - 1]))
                addr += WORD_BYTES
        return stmts, symbols, defined_at

    # -- one statement ----------------------------------------------------
    def statement(self, s: _Stmt, ctx: _Ctx) -> tuple[int, str | None] | None:
        text = s.text
        col0 = s.col
        if text[0] == ".":
            return self.directive(s)
        # guard
        gnot = False
        gname = None
        gcol = 0
        i = 0
        if text[0] == "@":
            m = _RE_GUARD.match(text)
            if not m:
                self.error("expected a predicate after '@' (e.g. @P0 or @!P1)", s.line, col0, s.src)
                return None
            gnot = bool(m.group("not"))
            gname = m.group("pred")
            gcol = col0 + m.start("pred")
            i = m.end()
        m = _RE_MNEM.match(text, i)
        if not m:
            self.error(f"expected a mnemonic, found {text[i:i + 12]!r}", s.line, col0 + i, s.src)
            return None
        key = m.group(0)
        mcol = col0 + i
        rest_start = m.end()
        rest = text[rest_start:]
        if rest and not rest[0].isspace() and rest[0] not in "$":
            self.error(f"unexpected {rest[0]!r} after the mnemonic {key}", s.line, col0 + rest_start, s.src)
            return None
        controls_text = None
        dk = rest.find("$")
        if dk >= 0 and ("(" in rest or "[" in rest):
            dk = _control_start(rest)  # a `$` inside `(...)` is part of a label name (`(a$b))
        if dk >= 0:
            controls_text = rest[dk:]
            ctl_col = col0 + rest_start + dk
            rest = rest[:dk]
        st = self.st
        pops: list[POp] = []
        sigs: list[tuple] = []
        cols: list[tuple[int, int]] = []
        if rest.strip():
            for otext, ocol in split_operands(rest, col0 + rest_start):
                try:
                    p, sig = st.operand(otext)
                except OperandSyntaxError as e:
                    self.error(str(e), s.line, ocol + e.offset, s.src, e.length)
                    return None
                pops.append(p)
                sigs.append(sig)
                cols.append((ocol, len(otext)))
        sigt = tuple(sigs)
        plans = st.plan(key, sigt)
        if type(plans) is tuple:
            as_labels = self.label_targets(key, pops, ctx)
            if as_labels is None:
                if len(self.diags) >= MAX_ERRORS * 10:  # no more messages are kept: count it, skip the suggestions
                    self.nerr += 1
                else:
                    self.explain(plans, key, mcol, pops, sigs, cols, s)
                return None
            pops, plans = as_labels
        first_err = None
        for plan in plans:
            try:
                word = _encode_plan(plan, pops, s.address, ctx)
            except _OpErr as e:
                if first_err is None:
                    first_err = (e, plan)
                continue
            v = plan.v
            # guard
            if gname is not None:
                g = v.guard
                if g is None:
                    self.error(f"{v.op.name} has no guard predicate", s.line, gcol, s.src, len(gname))
                    return None
                raw = g.type.by_name.get(gname)
                if raw is None:
                    self.error(self.unknown_name(gname, g, v) if len(self.diags) < MAX_ERRORS * 10 else "",
                               s.line, gcol, s.src, len(gname))
                    return None
                word = (word & ~((g.mask << g.pos) | g.pclear)) | (raw << g.pos)
                if gnot:
                    pf = g.prefix_fields.get("!")
                    if pf is None:
                        self.error(f"the guard of {v.op.name} cannot be negated", s.line, gcol - 1, s.src)
                        return None
                    word |= 1 << pf.pos
            if controls_text is not None:
                cword = self.controls(v, word, controls_text, ctl_col, s)
                if cword is None:
                    return None
                word = cword
            if v.has_exc:
                bad = v.violation(word)
                if bad is not None:
                    if first_err is None:
                        first_err = (_OpErr(f"{bad.message} [{v.op.name}: {bad.text}]"), None)
                    continue
            if ctx.relocs:
                for sym, fname, kind, addend, pos, width in ctx.relocs:
                    ctx_rel = Relocation(s.address, sym, fname, kind, addend, s.line, pos, width)
                    self.relocations.append(ctx_rel)
                ctx.relocs.clear()
            return word, v.op.name
        assert first_err is not None   # every plan failed with an error
        err, plan = first_err
        ctx.relocs.clear()
        if plan is not None:
            # find the operand that failed: re-run step by step
            col, ln = mcol, len(key)
            for j, o, width in plan.steps:
                try:
                    _encode_plan(Plan(plan.v, plan.base, [(j, o, width)], {}, 0), pops, s.address, _Ctx(ctx.symbols, False))
                except _OpErr:
                    col, ln = cols[j]
                    break
            self.error(str(err), s.line, col, s.src, err.length or ln)
        else:
            self.error(str(err), s.line, mcol, s.src, len(key))
        return None

    def label_targets(self, key: str, pops: list[POp], ctx: _Ctx):
        """``BRA ODD``: when no variant takes the operands as written, read each plain
        name that is a defined label, or no register/value name at all, as the label
        expression `` `(NAME) `` -- accepted only where a code address is expected (a
        PC-relative or shifted target).  Returns (operands, plans) or None."""
        st = self.st
        syms = ctx.symbols or {}
        conv = {j for j, p in enumerate(pops)
                if p.kind == "name" and not p.prefix and (p.name in syms or p.name not in st.names)}
        if not conv:
            return None
        new = [label_operand(p.name) if j in conv else p for j, p in enumerate(pops)]
        plans = st.plan(key, tuple(st.intern(st.signature(p)) for p in new))
        if type(plans) is tuple:
            return None
        plans = [pl for pl in plans
                 if all(o.code == K_INT and o.fmt in ("pcrel", "shift") for j, o, _ in pl.steps if j in conv)]
        return (new, plans) if plans else None

    def controls(self, v: VInfo, word: int, text: str, col: int, s: _Stmt) -> int | None:
        pos = 0
        seen: set[str] = set()
        while pos < len(text):
            if text[pos].isspace():
                pos += 1
                continue
            m = _RE_CONTROL.match(text, pos)
            if not m:
                self.error(f"unexpected {text[pos]!r} after the control annotations", s.line, col + pos, s.src)
                return None
            name, val = m.group("name"), m.group("val")
            f = v.controls.get(name)
            if f is None:
                known = " ".join(f"${n}" for n in v.controls) or "none"
                self.error(f"unknown control annotation ${name} (known: {known})", s.line, col + pos, s.src, len(name) + 1)
                return None
            if name in seen:
                self.error(f"${name} given twice", s.line, col + pos, s.src, len(name) + 1)
                return None
            seen.add(name)
            if not val:
                self.error(f"${name} needs a value: ${name}=N", s.line, col + pos, s.src, len(name) + 1)
                return None
            try:
                n = parse_number(val)
            except ValueError:
                self.error(f"${name} value {val!r} is not a number", s.line, col + m.start("val"), s.src, len(val))
                return None
            if not 0 <= n < (1 << f.width):
                self.error(f"${name}={val} does not fit in {f.width} bits (0..{(1 << f.width) - 1})", s.line,
                           col + m.start("val"), s.src, len(val))
                return None
            word = (word & ~(((1 << f.width) - 1) << f.pos)) | (n << f.pos)
            pos = m.end()
        return word

    def directive(self, s: _Stmt) -> tuple[int, None] | None:
        parts = s.text.split(None, 1)
        name = parts[0]
        if name == ".u128":
            if len(parts) < 2:
                self.error(".u128 needs a value", s.line, s.col, s.src, len(name))
                return None
            arg = parts[1].strip()
            try:
                v = parse_number(arg)
            except ValueError:
                self.error(f".u128 value {arg!r} is not a number", s.line, s.col + len(s.text) - len(parts[1]), s.src, len(arg))
                return None
            if not 0 <= v < (1 << 128):
                self.error(".u128 value does not fit in 128 bits", s.line, s.col + len(s.text) - len(parts[1]), s.src, len(arg))
                return None
            return v, None
        self.error(f"unknown directive {name} (supported: .u128)", s.line, s.col, s.src, len(name))
        return None

    # -- error explanations -------------------------------------------------
    def unknown_name(self, name: str, o: OpInfo | None, v: VInfo | None) -> str:
        st = self.st
        if v is not None and name.lower() in v.syntax_names and name not in st.names:
            return f"`{name}` is a syntax placeholder, not a register"
        if name in st.commented:
            tname, c = st.commented[name]
            return f"{name} is commented out in {tname} ({c.file}:{c.line})"
        pool: Iterable[str]
        if o is not None and o.type is not None and o.type.is_enum:
            pool = o.type.by_name
            what = {"Reg": "register", "UReg": "uniform register", "Pred": "predicate",
                    "UPred": "uniform predicate", "SReg": "special register"}.get(o.type.name, f"{o.type.name} value")
            if name in st.names:
                return f"{name} is a {'/'.join(st.names[name])} value, not a {what}"
        else:
            pool = st.names
            what = "register or value name"
        close = sorted(n for n in pool if n.startswith(name + "."))[:3]
        close += [n for n in difflib.get_close_matches(name, list(pool), n=3, cutoff=0.6) if n not in close]
        hint = f" (did you mean {' or '.join(close[:3])}?)" if close else ""
        if not close and o is not None and o.type is not None and o.type.is_enum and len(o.type.values) <= 16:
            hint = f" (values: {', '.join(n for n, _ in o.type.values)})"
        article = "an" if what[0] in "aeiou" else "a"
        return f"{name} is not {article} {what}{hint}"

    def explain(self, err: tuple, key: str, mcol: int, pops: list[POp], sigs: list, cols: list, s: _Stmt) -> None:
        st = self.st
        kind = err[0]
        mn = key.split(".")[0]
        if kind == "mnemonic":
            close = difflib.get_close_matches(mn.upper(), list(st.by_mn), n=3, cutoff=0.6)
            if mn.upper() in st.by_mn and mn.upper() not in close:
                close.insert(0, mn.upper())
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            self.error(f"unknown mnemonic {mn}{hint}", s.line, mcol, s.src, len(mn))
            return
        if kind in ("modifier", "modifier-twice"):
            k, suf = err[1], err[2]
            parts = key.split(".")
            off = len(".".join(parts[:k + 1])) + 1
            if kind == "modifier-twice":
                self.error(f"modifier .{suf} given twice or conflicts with another .{err[3]} value", s.line,
                           mcol + off, s.src, len(suf))
                return
            allv = sorted({x for v in st.by_mn[mn] for m in v.mods for x in m.values})
            close = difflib.get_close_matches(suf, allv, n=3, cutoff=0.5)
            if not close:
                close = [x for x in allv if x.lower() == suf.lower()]
            hint = f"; did you mean .{' or .'.join(close)}?" if close else ""
            mods = ", ".join(f".{x}" for x in allv) or "none"
            self.error(f"unknown modifier .{suf} for {mn} (modifiers: {mods}){hint}", s.line, mcol + off, s.src, len(suf))
            return
        if kind == "missing-mod":
            m = err[1]
            self.error(f"{mn} needs a .{m.name} modifier ({', '.join('.' + x for x in m.values)})", s.line, mcol,
                       s.src, len(key))
            return
        # no variant accepts these operand kinds
        cands = err[1]
        # 1. unknown names first
        for j, p in enumerate(pops):
            if p.kind in ("name", "pair", "addr", "caddr") and p.name and p.name not in st.names:
                o = self._expected_at(cands, j)
                v = cands[0][0] if cands else None
                msg = self.unknown_name(p.name, o, v)
                if p.kind != "name":
                    msg = f"{p.text}: {msg}"
                self.error(msg, s.line, cols[j][0], s.src, cols[j][1])
                return
        # 2. the variant that gets furthest
        best = None
        for v, _, menv in cands:
            env = dict(menv)
            widths = [o.bitwidth(env) for o in v.ops]
            prog, reason = _progress(v.ops, widths, pops, [st.sig_list[i] for i in sigs], st)
            # ties: prefer a variant that has an operand of the failing operand's family
            fam = _FAMILY_OF_KIND.get(pops[prog].kind) if prog < len(pops) else None
            rel = any(_family(o) == fam for o in v.ops)
            if best is None or (prog, rel) > best[0]:
                best = ((prog, rel), reason, v)
        forms = "; ".join(sorted({v.form([o.bitwidth(menv) for o in v.ops]) for v, _, menv in cands}))
        assert best is not None   # candidates are never empty here
        (prog, _), reason, v = best
        if prog < len(pops):
            col, ln = cols[prog]
            self.error(f"{reason}; accepted forms: {forms}", s.line, col, s.src, ln)
        else:
            self.error(f"{key} needs more operands; accepted forms: {forms}", s.line, mcol, s.src, len(key))

    def _expected_at(self, cands, j) -> OpInfo | None:
        for v, _, _ in cands:
            if j < len(v.ops):
                return v.ops[j]
        return None


def _progress(ops: list[OpInfo], widths: list[int], pops: list[POp], sigs: list, st: _State) -> tuple[int, str]:
    """How many parsed operands a variant accepts (greedy, skipping optional
    ones), and why the next one fails."""
    i = j = 0
    reason = "too many operands"
    while j < len(pops):
        if i >= len(ops):
            return j, f"too many operands: {ops[-1].operand.name if ops else 'no operand'} is the last operand" if ops else "this instruction takes no operands"
        sig = sigs[j]
        if _compatible(ops[i], widths[i], sig):
            i += 1
            j += 1
            continue
        if ops[i].optional:
            # does a later operand accept it?
            k = i + 1
            while k < len(ops) and ops[k].optional and not _compatible(ops[k], widths[k], sig):
                k += 1
            if k < len(ops) and _compatible(ops[k], widths[k], sig):
                i = k
                continue
        p = pops[j]
        # explain against the operand the text most likely means: the first one,
        # from here on, of the same family (register / number / constant / address)
        k = i
        while k < len(ops) and ops[k].optional and _family(ops[k]) != _FAMILY_OF_KIND.get(p.kind):
            k += 1
        if k < len(ops) and _family(ops[k]) == _FAMILY_OF_KIND.get(p.kind):
            i = k
        o = ops[i]
        if p.prefix and any(c not in o.prefix_chars for c in p.prefix):
            bad = next(c for c in p.prefix if c not in o.prefix_chars)
            reason = f"operand {o.name} does not take the prefix {bad!r}"
        elif (o.code == K_ENUM and o.numbered and widths[i] > 32 and p.kind == "name" and p.name in o.stem_of
              and not aligned_group(o, p.name, widths[i] // 32)):
            stem, n = o.stem_of[p.name]
            c = widths[i] // 32
            n0 = n - n % c
            reason = (f"{o.name} is a {widths[i]}-bit operand: write {stem}{n0} (the group {stem}[{n0}:{n0 + c - 1}]), "
                      f"not {p.name}")
        elif o.code == K_ENUM and p.kind == "pair" and widths[i] <= 32:
            reason = f"{o.name} is a {widths[i]}-bit operand: write a single register, not a pair"
        elif o.code == K_CMEM and p.kind == "caddr":
            reason = (f"operand {j + 1} `{p.text}`: constant memory is written c[BANK][OFFSET] with numbers "
                      f"({o.name} takes no register)")
        elif o.code == K_ADDR and p.kind in ("addr", "caddr") and p.name and (sig[0] == "m") == (o.addr.kind == "mem"):
            if o.addr.base is None:
                reason = f"operand {j + 1} `{p.text}`: {o.name} has no base register, write {o.describe(widths[i])}"
            else:
                types = "/".join(st.names.get(p.name, ()))
                reason = (f"operand {j + 1} `{p.text}`: the base {p.name} is a {types} but {o.name} expects "
                          f"{o.describe(widths[i])}")
        else:
            reason = f"operand {j + 1} `{p.text}` is {_kind_text(p, st)} but {o.name} expects {_expects(o, widths[i])}"
        return j, reason
    return j, reason


_FAMILY_OF_KIND = {"name": "reg", "pair": "reg", "int": "num", "expr": "num", "float": "num", "cmem": "const",
                   "caddr": "const", "addr": "mem"}


def _family(o: OpInfo) -> str:
    if o.code == K_ENUM:
        return "reg"
    if o.code == K_INT:
        return "num"
    if o.code == K_ADDR:
        return "mem" if o.addr.kind == "mem" else "const"
    return "const"


def _kind_text(p: POp, st: _State) -> str:
    if p.kind == "name":
        types = st.names.get(p.name, ())
        return f"a {'/'.join(types)}" if types else "an unknown name"
    if p.kind == "pair":
        types = st.names.get(p.name, ())
        if len(types) == 1:  # `UR[4:5]` is a uniform-register pair (UReg)
            return f"a {_pair_words(types[0], p.hi - p.lo + 1 if p.hi > p.lo else 2)} ({types[0]})"
        return "a register pair"
    if p.kind == "int":
        return "a number"
    if p.kind == "expr":
        return "a label expression"
    if p.kind == "float":
        return "a float literal"
    if p.kind == "addr":
        return "a memory address"
    if p.kind == "caddr":
        return "a constant-memory address with a register"
    return "a constant-memory reference"


# ----------------------------------------------------------------------------
# entry points


def assemble(db: Database, text: str, *, filename: str = "<input>", base: int = 0) -> Program:
    """Assemble *text*.  Raises :class:`AsmError` with every error (up to
    :data:`MAX_ERRORS`, in source order); warnings are in ``Program.warnings``.

    One pass over the text encodes every statement the fast path takes (it
    needs no symbols); the others (label expressions, anything the fast path
    declines) are encoded after the pass, when all labels are known, by the
    diagnostic path."""
    a = Assembler(db, filename)
    a.relocations = []
    if base % WORD_BYTES:
        raise AsmError(Diagnostic("error", f"base address {base:#x} is not {WORD_BYTES}-byte aligned"))
    st = a.st
    words: list[int] = []
    opnames: list = []
    lines: list[int] = []
    pending: list[tuple] = []
    fast = _fast
    w_append, o_append, l_append = words.append, opnames.append, lines.append

    def emit(lineno: int, col: int, t: str, addr: int) -> None:
        r = fast(st, t, addr)
        if r is None:
            pending.append((len(words), lineno, col, t, addr))
            w_append(0)
            o_append(None)
        else:
            w_append(r[0])
            o_append(r[1])
        l_append(lineno)

    gc_was = gc.isenabled()
    gc.disable()  # the objects made here hold no cycles; collection passes only cost time
    try:
        _, symbols, _ = a.scan(text, base, emit)
        ctx = _Ctx(symbols, True)
        for k, lineno, col, t, addr in pending:
            r = a.statement(_Stmt(lineno, col, t, addr, a.src_lines[lineno - 1]), ctx)
            if r is not None:
                words[k], opnames[k] = r
    finally:
        if gc_was:
            gc.enable()
    if a.nerr:
        diags = sorted(a.diags, key=lambda d: (d.coord.line, d.coord.col) if d.coord else (0, 0))[:MAX_ERRORS]
        if a.nerr > len(diags):
            diags.append(Diagnostic("note", f"{a.nerr - len(diags)} more errors not shown"))
        err = AsmError(diags + a.warnings)
        err.total_errors = a.nerr  # all errors, also those not shown (the CLI's summary line)
        raise err
    addresses = list(range(base, base + WORD_BYTES * len(words), WORD_BYTES))
    return Program(words, symbols, a.relocations, RecordList(db, addresses, words, opnames, lines, a.relocations),
                   a.warnings, base)


def encode_one(db: Database, text: str, *, pc: int = 0) -> int:
    """Encode a single statement (labels other than ``.`` are undefined)."""
    a = Assembler(db, "<input>")
    a.relocations = []
    stmts, symbols, _ = a.scan(text, pc)
    if not a.nerr and len(stmts) != 1:
        raise AsmError(Diagnostic("error", f"expected one statement, found {len(stmts)}"))
    r = a.statement(stmts[0], _Ctx(symbols, True)) if not a.nerr else None
    if r is None:
        raise AsmError(a.diags)
    return r[0]

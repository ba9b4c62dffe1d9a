"""The assembler: text → 128-bit words, driven entirely by the database.

Pipeline: :mod:`gpuisa.asm.lexer` splits the text into statements and parsed
operands; :class:`Assembler` picks the opcode variant from the mnemonic, the
modifiers and the *kinds* of the operands (register of type T, register pair,
number, float, constant memory, memory address), then packs the fields.  The
choice of variant and a compiled plan for it are cached per
``(mnemonic+modifiers, operand kinds)``, so each operand syntax is resolved
once per variant, not per instruction.

Modules: :mod:`~gpuisa.asm.lexer` (parse), :mod:`~gpuisa.asm.tables`
(resolve: operand kinds, variant plans), :mod:`~gpuisa.asm.encode` (operand
values to bits), :mod:`~gpuisa.asm.fastpath` (the fast path); this module is
the diagnostic path, the results and the entry points.

Two paths encode a statement.  :func:`~gpuisa.asm.fastpath._fast` takes the common shape (one
regex for guard, mnemonic, operands and control annotations; operands
classified inline or through a per-text cache; a plan put together from cached
parts and a specialised encoder per operand shape, decisions AS-1, AS-4) and gives up,
returning None, on anything unusual: label expressions,
any value out of range, a rule violated.  :meth:`Assembler.statement` is the
slow path with every diagnostic; it handles whatever the fast path declines,
so the fast path only ever has to be right when it answers (tests compare the
two).  :func:`assemble` reads the common line of a listing with
:func:`~gpuisa.asm.fastpath.scan_listing` (one regex per line, no pass over the whole
text) and every other line with :meth:`Assembler.scan_line`.

Public API::

    assemble(db, text, filename="<input>", base=0) -> Program   # raises AsmError
    encode_one(db, text, pc=0) -> int
"""
from __future__ import annotations

import gc
import re
from dataclasses import dataclass, field, replace
from collections.abc import Sequence
from typing import Iterable

from ..errors import AsmError, Coord, Diagnostic
from ..spec.database import Database
from ..spec.model import Opcode
from .instruction import Instruction, extract_fields
from .lexer import (POp, OperandSyntaxError, _RE_CONTROL, _RE_GUARD, _RE_LABEL, _RE_MNEM, label_operand,
                    parse_number, split_operands, strip_block_comments, blank_listing_noise)
from .disassembler import decode_one, decode_relocated, symbol_text
from .encode import _Ctx, _encode_plan, _expects, _OpErr, _pair_words
from .fastpath import _fast, listing_ok, scan_listing as _scan_listing
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
# the assembler

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
    def scan(self, text: str, base: int, emit=None, first_line: int = 1) -> tuple[list[_Stmt], dict[str, int],
                                                                              dict[str, tuple[int, int]]]:
        """Pass 1: comments, labels, statements.  Each statement goes to
        ``emit(line, col, text, address)`` when given, else into the returned list.
        *first_line*: the line number of the text's first line (an excerpt of a larger file)."""
        self.set_source(text, first_line)
        stmts: list[_Stmt] = []
        symbols: dict[str, int] = {}
        defined_at: dict[str, tuple[int, int]] = {}
        self.scan_text(text, base, emit, first_line, stmts, symbols, defined_at)
        return stmts, symbols, defined_at

    def set_source(self, text: str, first_line: int = 1) -> None:
        """The source lines diagnostics quote: ``src_lines[k]`` is line k + 1 (an excerpt is
        preceded by empty lines)."""
        self.src_lines = [""] * (first_line - 1) + text.split("\n") if first_line > 1 else text.split("\n")

    def scan_text(self, text: str, addr: int, emit, first_line: int, stmts: list[_Stmt] | None,
                  symbols: dict[str, int], defined_at: dict[str, tuple[int, int]]) -> int:
        """:meth:`scan` of *text*, lines *first_line* on of the source (``set_source``), into the
        given tables; returns the address after its statements.  The text must not start inside
        a comment (:func:`gpuisa.asm.fastpath.scan_listing` hands over the rest of a text here)."""
        clean, notes = strip_block_comments(text)
        clean = blank_listing_noise(clean)
        src_lines = self.src_lines
        for ln in sorted(set(notes)):
            ln += first_line - 1
            self.warn("NVIDIA (*...*) annotation ignored", ln, 1, src_lines[ln - 1] if ln <= len(src_lines) else None)
        for lineno, line in enumerate(clean.split("\n"), first_line):
            if emit is not None and "/" not in line and ":" not in line:
                # the common line, one statement and nothing else: what the general steps below
                # do for it, without them (no comment, no label; no `;`, or one `;` that ends it)
                k = line.find(";")
                if k < 0 or k == len(line) - 1 or line[k + 1:].isspace():
                    stripped = (line if k < 0 else line[:k]).strip()
                    if stripped:
                        emit(lineno, len(line) - len(line.lstrip()) + 1, stripped, addr)
                        addr += WORD_BYTES
                    continue
            addr = self.scan_line(lineno, line, addr, emit, stmts, symbols, defined_at)
        return addr

    def scan_line(self, lineno: int, line: str, addr: int, emit, stmts: list[_Stmt] | None,
                  symbols: dict[str, int], defined_at: dict[str, tuple[int, int]]) -> int:
        """The general steps of :meth:`scan` for one line without block comments and listing
        noise: line comments, ``;``, labels, statements; returns the next address."""
        src_lines = self.src_lines
        k = line.find("//")
        if k >= 0:
            line = line[:k]
        if "/*" in line:
            c = line.find("/*")
            self.error("unterminated /* comment", lineno, c + 1, src_lines[lineno - 1], 2)
            line = line[:c]
        if not line or line.isspace():
            return addr
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
                assert stmts is not None
                stmts.append(_Stmt(lineno, col + 1, stripped.rstrip(), addr, src_lines[lineno - 1]))
            addr += WORD_BYTES
        return addr

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
        import difflib      # for messages only (not at import: every assembly pays for imports)
        close += [n for n in difflib.get_close_matches(name, list(pool), n=3, cutoff=0.6) if n not in close]
        hint = f" (did you mean {' or '.join(close[:3])}?)" if close else ""
        if not close and o is not None and o.type is not None and o.type.is_enum and len(o.type.values) <= 16:
            hint = f" (values: {', '.join(n for n, _ in o.type.values)})"
        article = "an" if what[0] in "aeiou" else "a"
        return f"{name} is not {article} {what}{hint}"

    def explain(self, err: tuple, key: str, mcol: int, pops: list[POp], sigs: list, cols: list, s: _Stmt) -> None:
        st = self.st
        import difflib      # for messages only
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
            if suf in allv:     # a modifier of another form: `MOVM.U4TO8.MT88` (decision D24-2)
                def spelled(v) -> str:
                    alts = ["|.".join(m.values) for m in v.mods]
                    return mn + "".join(f"{{.{a}}}" if m.optional else f".{a}" for m, a in zip(v.mods, alts))
                owners = sorted({spelled(v) for v in st.by_mn[mn] if suf in {x for m in v.mods for x in m.values}})
                shown = "; ".join(owners[:6]) + ("; ..." if len(owners) > 6 else "")
                self.error(f"modifier .{suf} does not go with the other modifiers given ({mn} with .{suf}: {shown})",
                           s.line, mcol + off, s.src, len(suf))
                return
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


def place(db: Database, parts: Sequence[Program]) -> Program:
    """One program of *parts*, each assembled at base 0, laid out one after the other (the first at 0,
    each next at the end of the one before): PC-relative encodings (branches, LEPC) stay right, and
    addresses the parts refer to each other by are the caller's to compute (CUDA code calling
    functions of sections of their own; decision D11-F-3).  Symbols and records keep their lines,
    moved by their part's address; a symbol of a later part does not replace an earlier one's."""
    words: list[int] = []
    symbols: dict[str, int] = {}
    relocations: list[Relocation] = []
    addresses: list[int] = []
    opnames: list = []
    lines: list[int] = []
    for p in parts:
        if p.base:
            raise ValueError("place: parts are assembled at base 0")
        at = WORD_BYTES * len(words)
        words += p.words
        for name, a in p.symbols.items():
            symbols.setdefault(name, a + at)
        relocations += [replace(r, address=r.address + at) for r in p.relocations]
        rec = p.records
        if isinstance(rec, RecordList):
            addresses += [a + at for a in rec._addresses]
            opnames += rec._opnames
            lines += rec._lines
        else:
            addresses += [r.address + at for r in rec]
            opnames += [r.opcode for r in rec]
            lines += [r.line for r in rec]
    return Program(words, symbols, relocations, RecordList(db, addresses, words, opnames, lines, relocations),
                   [w for p in parts for w in p.warnings])


def assemble(db: Database, text: str, *, filename: str = "<input>", base: int = 0, first_line: int = 1) -> Program:
    """Assemble *text*.  Raises :class:`AsmError` with every error (up to
    :data:`MAX_ERRORS`, in source order); warnings are in ``Program.warnings``.
    *first_line*: the line number of the text's first line, when it is an excerpt of
    *filename* (diagnostics and records then carry the file's line numbers).

    One pass over the text encodes every statement the fast path takes (it
    needs no symbols); the others (label expressions, anything the fast path
    declines) are encoded after the pass, when all labels are known, by the
    diagnostic path."""
    if base % WORD_BYTES:
        raise AsmError(Diagnostic("error", f"base address {base:#x} is not {WORD_BYTES}-byte aligned"))
    gc_was = gc.isenabled()
    gc.disable()  # the objects made here (the compiled tables too, on first use) hold no cycles
    try:
        return _assemble(db, text, filename, base, first_line)
    finally:
        if gc_was:
            gc.enable()


def _assemble(db: Database, text: str, filename: str, base: int, first_line: int) -> Program:
    a = Assembler(db, filename)
    a.relocations = []
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

    if _scan_listing is not None and listing_ok(st):
        a.set_source(text, first_line)
        symbols = _scan_listing(a, st, text, base, first_line, emit, words, opnames, lines)
    else:
        _, symbols, _ = a.scan(text, base, emit, first_line)
    ctx = _Ctx(symbols, True)
    for k, lineno, col, t, addr in pending:
        r = a.statement(_Stmt(lineno, col, t, addr, a.src_lines[lineno - 1]), ctx)
        if r is not None:
            words[k], opnames[k] = r
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

"""Lexical layer of the assembly language: comments, statements, operands.

Source text → statements (one per ``;`` or line) → operand texts → :class:`POp`
(parsed operand).  Nothing here knows about opcodes; the assembler matches
parsed operands against the database.

Grammar (BNF, informal)::

    line       := (label ":")* [statement] (";" [statement])*
    statement  := ["@" ["!"] PRED] MNEMONIC ("." MOD)* [operand ("," operand)*] control*
                | "." DIRECTIVE args
    operand    := float | prefix* (register | pair | number | cmem | caddr | maddr | "`(" expr ")" | label)
    label      := "." NAME   (a plain NAME is a label where a branch/call target is expected: the assembler
                              reads it as `(NAME) when it is no register/value there; docs/assembly-language.md)
    prefix     := "!" | "~" | "-" (before a name) | "|" operand "|"
    register   := NAME ("." NAME)*                    R5, PT, SR_CTAID.X
    pair       := NAME "[" INT ":" INT "]"             R[8:9], UR[4:5]
    cmem       := "c" "[" number "]" "[" number "]"    c[0x2][0x100]
    caddr      := "c" "[" number "]" "[" inner "]"     c[0x3][R2+0x10], c[0x3][R2]
    maddr      := "[" inner "]"                        [R2.64+0x10], [R2-0x8], [UR4], [0x10], [R2+UR4+0x8]
    inner      := NAME [".64"] ["+" UNAME] [("+" | "-") offset] | ["+" | "-"] offset
                  (UNAME: a uniform register, the address's uniform part; [UR4+0x10] alone too)
    offset     := number | "`(" expr ")" | "(" expr ")"
    number     := ["-"] (DEC | "0x" HEX)
    float      := ["-" | "+"] (DEC "." [DEC] | "." DEC | DEC) [("e" | "E") ["+" | "-"] DEC]   1.5, -0.25, 1e-3
                | ["-" | "+"] ("inf" | "nan" | "qnan")   (any case)
    expr       := term (("+" | "-") term)*
    term       := NUMBER | SYMBOL | "." | "(" expr ")" | "-" term     (parentheses: at most 32 deep)
    control    := "$" NAME "=" number                 $sched=2 $req=0x3

Operand forms are tried in the order of :data:`OPERAND_FORMS`, a table of
(regex, builder) pairs; a new operand syntax is one more row.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from ..exprlang import NUMBER, SIGNED_NUMBER, Dialect, ExprError, number_value, parse
from .floats import FLOAT_LITERAL, parse_f32

# ----------------------------------------------------------------------------
# comments


_RE_BLOCK = re.compile(r"/\*.*?\*/|\(\*.*?\*\)", re.S)


def _blank(m: re.Match) -> str:
    s = m.group(0)
    return "".join(c if c == "\n" else " " for c in s)


def strip_block_comments(text: str) -> tuple[str, list[int]]:
    """Replace ``/* */`` comments and NVIDIA ``(* *)`` annotations by spaces
    (keeping newlines, so lines and columns stay valid).  Returns the text and
    the line numbers (1-based) where a ``(* *)`` annotation was dropped."""
    notes: list[int] = []
    if "/*" not in text and "(*" not in text:
        return text, notes
    if "(*" not in text:
        quick = _strip_line_comments(text)
        if quick is not None:
            return quick, notes

    def sub(m: re.Match) -> str:
        s = m.group(0)
        if s[0] == "(":
            notes.append(text.count("\n", 0, m.start()) + 1)
        return _blank(m) if "\n" in s else " " * len(s)

    return _RE_BLOCK.sub(sub, text), notes


def _strip_line_comments(text: str) -> str | None:
    """:func:`strip_block_comments` for a text whose ``/* */`` comments each end on their line
    and hold no other ``/*`` (a listing's ``/*0040*/`` addresses: one regex callback per comment
    cost more than the rest of reading the line); None for any other text (the regex decides)."""
    parts = text.split("/*")
    out = [parts[0]]
    for p in parts[1:]:
        k = p.find("*/")
        if k < 0 or "\n" in p[:k]:
            return None
        out.append(" " * (k + 4))
        out.append(p[k + 2:])
    return "".join(out)


_RE_NOISE = re.compile(r"\.reuse\b|\bdesc\s*\[\s*UR(?:\d+|Z)\s*\]|(?<=\[)([^\[\]\n]*?)\+\s*-")


def _blank_noise(m: re.Match) -> str:
    s = m.group(0)
    if s.endswith("-") and m.group(1) is not None:  # [R14+-0x4] -> [R14 -0x4]
        return m.group(1) + " " * (len(s) - len(m.group(1)) - 1) + "-"
    return " " * len(s)


def blank_listing_noise(text: str) -> str:
    """NVIDIA listing spellings with no architectural meaning in this model, replaced by
    spaces (lines and columns stay valid; decision A4b):

    * ``.reuse`` operand flags (operand-cache hints of the hardware scheduler);
    * ``desc[URn]`` in front of a global address (the memory descriptor: cache and
      access policy, no effect on the address or the value);
    * ``+-`` in an address (``[R14+-0x4]`` is ``[R14-0x4]``);
    * a register and the offset after it separated by a space only
      (``BRX R2 -0x130``, ``RET.REL.NODEC R4 `(func)``, cuobjdump's ``RET.REL.NODEC R2 0x0``):
      the space becomes a comma;
    * ``REDUX`` with a uniform destination (``REDUX.SUM UR6, R0``, nvdisasm's spelling) is
      ``REDUXU`` (the space after the comma absorbs the extra letter);
    * sm_100+'s ``CREDUX.MIN``/``CREDUX.MAX`` with a uniform destination is ``REDUXU`` too;
    * ``MATCH.ALL P0, R11, R10`` (nvdisasm writes the predicate first) is the seeds'
      ``MATCH.ALL R11, P0, R10`` (the two operands swap places; the length stays);
    * cooperative groups' ``WARPSYNC.EXCLUSIVE Rm``, ``WARPSYNC.COLLECTIVE Rm, `(end)`` are
      ``WARPSYNC Rm``, ``WARPSYNC.ALL`` is ``WARPSYNC 0xffffffff``, ``ENDCOLLECTIVE`` is ``NOP``
      (``.reuse`` before a half selector, ``R6.reuse.H0_H0``, IMMA's ``R4.reuse.ROW``, or I2IP's kept-bits
      count, ``R0.reuse.24``, moves behind it);
    * a half selector after an absolute value, ``|R6|.H0_H0`` (HSETP2, HADD2), moves inside the
      bars: ``|R6.H0_H0|``, the same operand (decision GA-4); so does a pair selector of FFMA2,
      FADD2, FMUL2 (``|R2|.F32x2.HI_LO``, ``|UR6|.F32``, ``-|R4|.F32x2.HI_LO.NP``: decisions D20-2, D20-6);
    * a half selector on a constant or a uniform register of HADD2/HMUL2/HSETP2/HFMA2/HMNMX2/HSET2
      (``c[0x0] [0x188].H0_H0``, ``UR4.H0_H0``) moves behind the mnemonic as the modifier ``.csel``
      (decisions D2-7, D7-style-14, D8-tiny-2, -9)."""
    hits = _hint_positions(text)
    if not hits:
        return text
    lines: list[str] | None = None
    done = set()
    changed = False
    k = prev = 0
    for pos in sorted(hits):                # rewrite only the lines that need it
        k += text.count("\n", prev, pos)   # the line of pos (counted in C, once over the text)
        prev = pos
        if k not in done:
            done.add(k)
            if lines is None:
                lines = text.split("\n")
            new = _blank_line(lines[k])
            if new != lines[k]:
                lines[k] = new
                changed = True
    return "\n".join(lines) if lines is not None and changed else text


_HINT_WORDS = (".reuse", "desc", "+-", "+ -", "REDUX", "MATCH.", "CAST", "WARPSYNC.", "ENDCOLLECTIVE", "|.", "] [",
               ".H0_H0", ".H1_H1")
_SPACED = (" `(", " 0x", " -0x")     # after a register only (`BRX R2 -0x130`): checked below


def _hint_positions(text: str) -> list[int]:
    """Where :func:`blank_listing_noise` may have work (literal searches: linear and cheap)."""
    out = []
    find = text.find
    for w in _HINT_WORDS:
        i = find(w)
        while i >= 0:
            out.append(i)
            i = find(w, i + 1)
    for w in _SPACED:
        i = find(w)
        while i >= 0:
            c = text[i - 1] if i else ""
            if c.isdigit() or c == "Z":
                out.append(i)
            i = find(w, i + 1)
    return out


def has_hints(text: str) -> bool:
    """Whether *text* (a line, or part of one) holds a position :func:`_hint_positions` reports:
    :func:`blank_listing_noise` rewrites exactly the lines for which this is true.  A spaced hint
    at the very start of *text* does not count (its preceding character is not in *text*)."""
    for w in _HINT_WORDS:
        if w in text:
            return True
    for w in _SPACED:
        i = text.find(w)
        while i >= 0:
            c = text[i - 1] if i else ""
            if c.isdigit() or c == "Z":
                return True
            i = text.find(w, i + 1)
    return False


@functools.lru_cache(maxsize=4096)
def _blank_line(text: str) -> str:
    """The rewrites of :func:`blank_listing_noise` on one line (idempotent)."""
    if ".reuse.H" in text or ".reuse.B" in text or ".reuse.ROW" in text or ".reuse.COL" in text or ".reuse.2" in text \
            or ".reuse.F32" in text:
        # `R6.reuse.H0_H0`, `R0.reuse.B1`, IMMA's `R4.reuse.ROW`, I2IP's `R0.reuse.24` (D10-N-5): the selector stays on the register
        text = _RE_REUSE_SEL.sub(lambda m: m.group(2) + " " * len(m.group(1)), text)
    if ".reuse" in text or "desc" in text or "+-" in text or "+ -" in text:
        text = _RE_NOISE.sub(_blank_noise, text)
    if " `(" in text or "0x" in text:
        text = _RE_SPACE_SEP.sub(r"\1,", text)
    if "REDUX" in text:      # `REDUX.SUM UR6, R0` (uniform destination) is this ISA's REDUXU
        text = _RE_REDUX_UR.sub(r"REDUXU\1 \2,", text)
        if "CREDUX" in text:     # sm_100+'s `CREDUX.MIN.S32 UR6, R0` too (same length; decision D6-2)
            text = _RE_CREDUX.sub("REDUXU", text)
    if "MATCH" in text:      # nvdisasm's `MATCH.ALL P0, R11, R10` is `MATCH.ALL R11, P0, R10` (same length)
        text = _RE_MATCH_PU.sub(r"MATCH\1\2\5\4\3", text)
    if "CAST" in text:       # nvdisasm's `ATOMS.CAST.SPIN P1, [R7], ...`: the Rd it leaves out is RZ
        text = _RE_CAST_P.sub(r"\1RZ, [", text)
    if "WARPSYNC." in text or "ENDCOLLECTIVE" in text:
        text = _RE_WARPSYNC_CG.sub(_warpsync_cg, text)
    if "|." in text:
        text = _RE_ABS_SEL.sub(r"|\1\2|", text)
    if "] [" in text:        # nvdisasm's `HADD2.F32 R19, -RZ, c[0x0] [0x188].H0_H0`: the selector is a modifier
        text = _RE_CONST_SEL.sub(_const_sel, text)
    if "UR" in text and "_H" in text:    # `HMUL2 R0, R6.H1_H1, UR4.H0_H0` (sm_90+): the same
        text = _RE_UREG_SEL.sub(_ureg_sel, text)
    return text


# a constant with a half selector (HADD2/HMUL2/HSETP2/HFMA2/HMNMX2/HSET2 RC forms): `c[0x0] [0x188].H0_H0` ->
# `HADD2.F32.H0_H0 ..., c[0x0][0x188]`, `c[0x2] [0x0].F32` -> `HADD2.CF32 ..., c[0x2][0x0]`
_RE_CONST_SEL = re.compile(r"^(?P<head>[ \t]*(?:@!?P\w+[ \t]+)?H(?:ADD2|MUL2|SETP2|FMA2|MNMX2|SET2)(?:\.\w+)*)(?P<mid>[ \t][^;\n]*?)"
                           r"(?P<bank>c\[0x[0-9a-fA-F]+\]) (?P<off>\[0x[0-9a-fA-F]+\])(?P<sel>\.H[01]_H[01]|\.F32)\b"
                           r"(?P<bar>\|?)")
# a uniform register with a half selector (HADD2/HMUL2/HSETP2/HFMA2/HMNMX2/HSET2 RU forms, sm_90+: `UR4.H0_H0`): the selector is
# a modifier too (decision D7-style-14)
_RE_UREG_SEL = re.compile(r"^(?P<head>[ \t]*(?:@!?P\w+[ \t]+)?H(?:ADD2|MUL2|SETP2|FMA2|MNMX2|SET2)(?:\.\w+)*)(?P<mid>[ \t][^;\n]*?)"
                          r"(?P<ur>\bUR(?:\d+|Z))(?P<sel>\.H[01]_H[01])\b")


def _ureg_sel(m: re.Match) -> str:
    """Same length: the selector moves behind the mnemonic."""
    return m.group("head") + m.group("sel") + m.group("mid") + m.group("ur")


def _const_sel(m: re.Match) -> str:
    """Same length: the selector moves behind the mnemonic, the space between the brackets goes
    to the end (columns after the operand shift by the selector's length). `.F32` (the constant
    read as binary32, D7-math-11) is written `.CF32` there, apart from HADD2's `.F32` result."""
    if m.group("sel") == ".F32":
        return m.group("head") + ".CF32" + m.group("mid") + m.group("bank") + m.group("off") + m.group("bar")
    # `|c[0x0] [0x160].H0_H0|` (an absolute value, D8-tiny-11): the bar stays next to the operand
    return m.group("head") + m.group("sel") + m.group("mid") + m.group("bank") + m.group("off") + m.group("bar") + " "


# `|R6|.H0_H0` (nvdisasm's half operands under |x|) is `|R6.H0_H0|` (decision GA-4)
# and `|R2|.F32x2.HI_LO`, `|UR6|.F32` (FFMA2/FADD2/FMUL2's pairs, D20-2) is `|R2.F32x2.HI_LO|`
_RE_ABS_SEL = re.compile(r"\|(R\d+|RZ|UR\d+|URZ)\|(\.N?H[01]_N?H[01]|\.F32x2\.(?:HI_LO|LO_HI)(?:\.NP)?|\.F32(?:\.NP)?)\b")


_RE_REUSE_SEL = re.compile(r"(\.reuse)(\.N?H[01]_N?H[01]|\.H1|\.B[1-3]|\.ROW|\.COL|\.2[48]|\.F32x2\.(?:HI_LO|LO_HI)(?:\.NP)?|\.F32(?:\.NP)?)\b")   # `.H0_NH1`: D7-math-5; `.ROW`: D10-M-1; `.F32x2.HI_LO.NP`: D20-2, -6
_RE_CAST_P = re.compile(r"(\bATOMS\.CAST(?:\.SPIN)?(?:\.64)?[ \t]+!?P(?:\d|T)[ \t]*,[ \t]*)\[")


# cooperative groups' warp syncs (decision UN5): `.EXCLUSIVE Rm` and `.COLLECTIVE Rm, `(end)` are
# WARPSYNC Rm (the target, the end of the collective block, is the next instruction anyway),
# `.ALL` is WARPSYNC 0xffffffff, `ENDCOLLECTIVE` a NOP
_RE_WARPSYNC_CG = re.compile(r"\bWARPSYNC\.(?P<m>EXCLUSIVE|COLLECTIVE|ALL)\b(?P<rest>[^;\n]*)|\bENDCOLLECTIVE\b")


def _warpsync_cg(m: re.Match) -> str:
    if m.group(0) == "ENDCOLLECTIVE":
        return "NOP" + " " * 10
    mode, rest = m.group("m"), m.group("rest")
    if mode == "ALL":
        return "WARPSYNC 0xffffffff" + rest
    if mode == "COLLECTIVE" and "," in rest:
        reg, _, tail = rest.partition(",")
        rest = reg + " " * (len(tail) + 1)
    return "WARPSYNC" + " " * (len(mode) + 1) + rest


_RE_MATCH_PU = re.compile(r"\bMATCH((?:\.[A-Z0-9_]+)*)([ \t]+)(!?P(?:\d|T))(,[ \t]*)(R(?:\d+|Z))(?=\s*,)")


_RE_REDUX_UR = re.compile(r"\bREDUX((?:\.[A-Z0-9_]+)*)[ \t]+(UR(?:\d+|Z)),[ \t]")
_RE_CREDUX = re.compile(r"\bCREDUX(?=(?:\.[A-Z0-9_]+)*\.M(?:IN|AX)\b(?:\.[A-Z0-9_]+)*[ \t]+UR(?:\d+|Z),)")


_RE_SPACE_SEP = re.compile(r"(?<=[\s,])(U?R(?:\d+|Z)) (?=`\(|-?0x)")


def unterminated_block_comment(text: str) -> int | None:
    """Offset of a ``/*`` that is never closed (after stripping), else None."""
    i = text.find("/*")
    return i if i >= 0 else None


# ----------------------------------------------------------------------------
# parsed operands


class OperandSyntaxError(ValueError):
    def __init__(self, message: str, offset: int = 0, length: int = 1):
        super().__init__(message)
        self.offset = offset
        self.length = length


@dataclass(frozen=True, slots=True)
class Expr:
    """A label expression: ``terms`` are (sign, symbol-or-None, number)."""

    text: str
    terms: tuple[tuple[int, str | None, int], ...]

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(s for _, s, _ in self.terms if s is not None and s != ".")


@dataclass(frozen=True, slots=True)
class POp:
    """A parsed operand, independent of its position (cacheable by text).

    kind: ``name`` (register/enum value), ``pair`` (``R[8:9]``), ``int``,
    ``expr`` (label expression), ``cmem`` (``c[b][o]`` with numbers),
    ``float`` (``value`` = binary32 bits), ``addr`` (``[Ra.64+imm]``) and
    ``caddr`` (``c[b][Ra+imm]``).  For the two address kinds ``name`` is the
    base register ("" when absent), ``wide`` says ``.64`` was written and the
    offset is ``value`` or, for a label expression, ``expr`` (sign applied)."""

    kind: str
    text: str
    prefix: str = ""  # subset of "!~-|" in that order
    name: str = ""  # name, or pair base name ("R8")
    lo: int = 0
    hi: int = 0
    value: int = 0  # int value, or cmem offset
    bank: int = 0
    expr: Expr | None = None
    stem: str = ""  # pair prefix ("R")
    wide: bool = False  # address base written with .64
    scale: str = ""  # address base written with .X4 / .X8 / .X16 ("X4"; issue 11)
    uname: str = ""  # the address's uniform-register part (``[R2+UR4]``, ``[UR4]``; issue 11)


_NUM = SIGNED_NUMBER        # gpuisa.exprlang's number syntax
_RE_NUM = re.compile(rf"^{_NUM}$")
_RE_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_0-9][A-Za-z0-9_]*)*$")
_RE_PAIR = re.compile(r"^(?P<stem>[A-Za-z_]+)\[\s*(?P<lo>\d+)\s*:\s*(?P<hi>\d+)\s*\]$")
_RE_CMEM = re.compile(rf"^c\s*\[\s*(?P<bank>{_NUM})\s*\]\s*\[\s*(?P<off>{_NUM})\s*\]$")
_RE_EXPR = re.compile(r"^`\((?P<body>.*)\)$", re.S)


def parse_number(text: str) -> int:
    """A signed number of the operand syntax (gpuisa.exprlang's :func:`number_value`)."""
    t = text.strip()
    neg = t.startswith("-")
    v = number_value(t[1:] if t[:1] in "+-" else t)
    return -v if neg else v


MAX_EXPR_DEPTH = 32  # parentheses in a label expression (docs/decisions.md C2): never a RecursionError


_LABEL_EXPR = Dialect(binary={"+": 1, "-": 1}, unary={"-": 2}, name=r"\.?[A-Za-z_$][\w.$]*|\.",
                      max_depth=MAX_EXPR_DEPTH, max_unary=None, what="label expression")


class _Terms:
    """gpuisa.exprlang builder of a label expression: a flat sum of signed terms."""

    @staticmethod
    def num(value, offset):
        return [(1, None, value)]

    @staticmethod
    def name(name, offset):
        return [(1, name, 0)]

    @staticmethod
    def unop(op, arg, offset):
        return [(-sg, sym, n) for sg, sym, n in arg]

    @staticmethod
    def binop(op, left, right, offset):
        # in place: each list is made for one node and used once (linear in the expression's length)
        left.extend(right if op == "+" else [(-sg, sym, n) for sg, sym, n in right])
        return left


def parse_expr(body: str, base_offset: int) -> Expr:
    """``expr := term (("+"|"-") term)*``; ``term := NUMBER | SYMBOL | "." |
    "(" expr ")" | "-" term`` (gpuisa.exprlang's label-expression dialect).  Returns a flat sum
    of signed terms."""
    try:
        terms = parse(body, _LABEL_EXPR, _Terms)
    except ExprError as e:
        raise OperandSyntaxError(e.message, base_offset + e.offset, e.length) from None
    return Expr(body.strip(), tuple(terms))


# Operand forms: (regex on the text after prefixes, builder(match, text, prefix)).
def _b_expr(m, text, prefix):
    return POp("expr", text, prefix, expr=parse_expr(m.group("body"), m.start("body")))


# `.L_x_3` written without `(...): a name starting with '.' can only be a label
_RE_DOTLABEL = re.compile(r"^\.[A-Za-z_$][\w.$]*$")


def _b_dotlabel(m, text, prefix):
    return label_operand(text, prefix)


def label_operand(name: str, prefix: str = "") -> POp:
    """A plain label name used as a branch/call target (``BRA ODD``): the same
    operand as the label expression `` `(ODD) ``."""
    return POp("expr", name, prefix, expr=Expr(name, ((1, name, 0),)))


def _b_cmem(m, text, prefix):
    return POp("cmem", text, prefix, bank=parse_number(m.group("bank")), value=parse_number(m.group("off")))


def _b_pair(m, text, prefix):
    stem = m.group("stem")
    lo, hi = int(m.group("lo")), int(m.group("hi"))
    return POp("pair", text, prefix, name=f"{stem}{lo}", lo=lo, hi=hi, stem=stem)


def _b_num(m, text, prefix):
    return POp("int", text, prefix, value=parse_number(text))


def _b_name(m, text, prefix):
    return POp("name", text, prefix, name=text)


_RE_INNER = re.compile(
    r"^\s*(?:(?P<base>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)\s*)?"
    r"(?:\+\s*(?P<ubase>[A-Za-z_][A-Za-z0-9_]*)\s*)?(?:(?P<sign>[-+])\s*)?"
    rf"(?P<off>{NUMBER}|`?\(.*\))?\s*$", re.S)
_RE_MADDR = re.compile(r"^\[(?P<inner>[^\[\]]*)\]$")
_RE_CADDR = re.compile(rf"^c\s*\[\s*(?P<bank>{_NUM})\s*\]\s*\[(?P<inner>[^\[\]]*)\]$")


_RE_SCALE = re.compile(r"^(?P<base>.*?)\.(?P<scale>X(?:4|8|16)|U32)$")


def split_scale(base: str) -> tuple[str, str]:
    """``R29.X4`` -> (``R29``, ``X4``), ``R4.U32`` -> (``R4``, ``U32``); other names unchanged with
    scale ``""``."""
    m = _RE_SCALE.match(base)
    return (m.group("base"), m.group("scale")) if m else (base, "")


def parse_address_inner(inner: str, at: int) -> tuple[str, bool, int, Expr | None]:
    """``Ra[.64] [+|- offset]`` or ``[+|-] offset`` → (base or "", wide, offset, expr).
    *at*: offset of *inner* in the operand text (for error positions)."""
    base, _, wide, off, e = parse_address_inner2(inner, at)
    return base, wide, off, e


def parse_address_inner2(inner: str, at: int) -> tuple[str, str, bool, int, Expr | None]:
    """:func:`parse_address_inner` with the uniform-register part: (base, ubase, wide, offset,
    expr).  A lone ``[UR4+0x10]`` is base ``UR4`` here; the encoder makes it the uniform part
    when the address's base is not a uniform register."""
    m = _RE_INNER.match(inner)
    if not m:
        bad = len(inner) - len(inner.lstrip())
        raise OperandSyntaxError("an address is written [Ra+offset], [Ra.64-offset], [Ra] or [offset]", at + bad,
                                 max(len(inner.strip()), 1))
    base, sign, off = m.group("base") or "", m.group("sign"), m.group("off")
    ubase = m.group("ubase") or ""
    if ubase and not base:
        raise OperandSyntaxError("an address is written [Ra+URb+offset]: the register before '+' is missing", at,
                                 max(len(inner), 1))
    wide = False
    if base.endswith(".64"):
        base, wide = base[:-3], True
    if not base and not ubase and off is None:
        raise OperandSyntaxError("empty address: write [Ra+offset], [Ra] or [offset]", at, max(len(inner), 1))
    if off is None and sign:
        raise OperandSyntaxError(f"address offset missing after {sign!r}", at + m.start("sign"))
    if base and off is not None and not sign:
        raise OperandSyntaxError(f"write {base}{'.64' if wide else ''}+OFFSET: '+' or '-' between base and offset",
                                 at + m.start("off"), len(off))
    neg = sign == "-"
    if off is None:
        return base, ubase, wide, 0, None
    if off[0] in "`(":
        k = 2 if off[0] == "`" else 1
        e = parse_expr(off[k:-1], at + m.start("off") + k)
        if neg:
            e = Expr(e.text, tuple((-sg, sym, n) for sg, sym, n in e.terms))
        return base, ubase, wide, 0, e
    v = parse_number(off)
    return base, ubase, wide, -v if neg else v, None


def _b_maddr(m, text, prefix):
    base, ubase, wide, off, e = parse_address_inner2(m.group("inner"), m.start("inner"))
    base, scale = split_scale(base)
    return POp("addr", text, prefix, name=base, wide=wide, value=off, expr=e, scale=scale, uname=ubase)


def _b_caddr(m, text, prefix):
    base, ubase, wide, off, e = parse_address_inner2(m.group("inner"), m.start("inner"))
    if ubase:
        raise OperandSyntaxError("a constant address has one base register: write c[BANK][Ra+offset]",
                                 m.start("inner"), max(len(m.group("inner")), 1))
    if base == "URZ" and e is None:     # LDCU's `c[0x4][URZ]`: a zero uniform offset, c[0x4][0x0]
        return POp("cmem", text, prefix, value=off, bank=parse_number(m.group("bank")))
    return POp("caddr", text, prefix, name=base, wide=wide, value=off, expr=e, bank=parse_number(m.group("bank")))


_RE_FLOAT = re.compile(rf"^{FLOAT_LITERAL}$")


def _b_float(m, text, prefix):
    return POp("float", text, prefix, name=text, value=parse_f32(text))


OPERAND_FORMS: list[tuple[re.Pattern, Callable]] = [
    (_RE_EXPR, _b_expr),
    (_RE_CMEM, _b_cmem),
    (_RE_CADDR, _b_caddr),
    (_RE_PAIR, _b_pair),
    (_RE_MADDR, _b_maddr),
    (_RE_NUM, _b_num),
    (_RE_FLOAT, _b_float),
    (_RE_NAME, _b_name),
    (_RE_DOTLABEL, _b_dotlabel),
]


def parse_operand(text: str) -> POp:
    """Parse one operand text (already stripped).  Raises OperandSyntaxError
    with an offset into *text*."""
    if not text:
        raise OperandSyntaxError("empty operand", 0)
    if text[0] in "+-" and _RE_FLOAT.match(text):  # -0.25, -INF, +QNAN: a sign, not a prefix
        try:
            return POp("float", text, "", name=text, value=parse_f32(text))
        except ValueError as e:
            raise OperandSyntaxError(f"cannot read float {text!r}: {e}", 0, len(text)) from None
    prefix = ""
    start = 0
    abs_ = False
    s = text
    while s:
        c = s[0]
        if c in "!~":
            if c in prefix:
                raise OperandSyntaxError(f"prefix {c!r} written twice", start)
            prefix += c
        elif c == "-" and len(s) > 1 and not (s[1].isdigit() or s[1] == "+"):
            if "-" in prefix:
                raise OperandSyntaxError("prefix '-' written twice", start)
            prefix += "-"
        elif c == "|" and not abs_:
            if not s.endswith("|") or len(s) < 3:
                raise OperandSyntaxError("'|' without a closing '|'", start)
            abs_ = True
            s = s[:-1]
        else:
            break
        s = s[1:].lstrip()
        start = len(text) - len(s) - (1 if abs_ else 0)
    if abs_:
        prefix += "|"
    if not s:
        raise OperandSyntaxError("operand has a prefix but no value", len(text) - 1)
    prefix = "".join(c for c in "!~-|" if c in prefix)
    for rx, build in OPERAND_FORMS:
        m = rx.match(s)
        if m:
            try:
                return build(m, s, prefix)
            except OperandSyntaxError as e:
                raise OperandSyntaxError(str(e), e.offset + start, e.length) from None
            except ValueError as e:  # e.g. a decimal number of more than 4300 digits
                raise OperandSyntaxError(f"cannot read {s!r}: {e}", start, len(s)) from None
    if s.startswith("`") and not s.startswith("`("):
        raise OperandSyntaxError("a label expression is written `(...)", start)
    if s.startswith("c") and "[" in s:
        raise OperandSyntaxError("constant memory is written c[BANK][OFFSET] or c[BANK][Ra+OFFSET], with numbers",
                                 start, len(s))
    if s.startswith("["):
        raise OperandSyntaxError("an address is written [Ra+offset], [Ra.64-offset], [Ra] or [offset]", start, len(s))
    if "[" in s:
        raise OperandSyntaxError(f"cannot read operand {s!r} (register pairs are written R[8:9])", start, len(s))
    if s[0].isdigit() or (s[0] in "+-." and s[1:2].isdigit()):
        raise OperandSyntaxError(f"cannot read operand {s!r} as a number (integers: 31, 0x1f, -0x70, 0b101; "
                                 f"floats: 1.5, -0.25, 1e-3)", start, len(s))
    bad = next((k for k, ch in enumerate(s) if not (ch.isalnum() or ch in "_.")), 0)
    raise OperandSyntaxError(f"cannot read operand {s!r}", start + bad, 1)


# ----------------------------------------------------------------------------
# statements


_RE_LABEL = re.compile(r"\s*(?P<name>\.?[A-Za-z_$][\w.$]*)\s*:(?!:)")
_RE_GUARD = re.compile(r"@(?P<not>!?)(?P<pred>[A-Za-z_]\w*)(?:\s+|$)")
_RE_MNEM = re.compile(r"(?P<mn>[A-Za-z_][A-Za-z0-9_]*)(?P<mods>(?:\.[A-Za-z0-9_]+)*)")
_RE_CONTROL = re.compile(r"\$(?P<name>[A-Za-z_]\w*)\s*(?:=\s*(?P<val>[^\s$;,]*))?")


def split_operands(text: str, start: int) -> list[tuple[str, int]]:
    """Split *text* on top-level commas; return (stripped text, column offset)."""
    out: list[tuple[str, int]] = []
    if "`" not in text and "(" not in text:
        pos = start
        for part in text.split(","):
            st = part.strip()
            out.append((st, pos + (len(part) - len(part.lstrip()))))
            pos += len(part) + 1
        return out
    depth = 0
    cur = 0
    for k, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth <= 0:
            part = text[cur:k]
            out.append((part.strip(), start + cur + (len(part) - len(part.lstrip()))))
            cur = k + 1
    part = text[cur:]
    out.append((part.strip(), start + cur + (len(part) - len(part.lstrip()))))
    return out

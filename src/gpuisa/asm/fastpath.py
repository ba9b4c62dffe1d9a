"""Speed code: the assembler's fast path (see :mod:`gpuisa.asm.assembler`).

:func:`_fast` encodes the common statement shape -- one regex for guard, mnemonic+modifiers,
operands and control annotations; operands classified inline or through a per-text cache
(``_State.ocls``) -- with a compiled plan per (mnemonic+modifiers, operand signatures), and
returns None on anything unusual (label expressions, a value out of range, an ``__Exception``
rule violated, a plan that does not encode), which the diagnostic path
(:meth:`gpuisa.asm.assembler.Assembler.statement`, the reference) then handles with its
messages.  So the fast path only has to be right when it answers.

A plan (:func:`_fast_plan`, decision AS-1) is put together from parts cached separately: the
variant's operand steps (:class:`Shape`, per variant, operand widths and signatures), the
winning candidate (per candidate list and signatures) and the modifiers' base word (per
mnemonic+modifiers), so that random modifier combinations (the synthetic benchmark) do not
each cost a plan built from scratch; the choice is the one ``tables._make_plans`` makes.

Tested equal to the reference path by ``tests/asm/test_fast_differential.py`` (random
statements of every opcode from ``benchmarks/bench_asm.py``, several seeds, with guards,
controls, prefixes, modifiers and operands changed: the same words and opcodes, statement by
statement and as whole programs, and the same errors at the same positions),
``tests/asm/test_operands.py`` (hand-picked and fuzzed samples), ``tests/robust/test_fuzz.py``
and ``tests/asm/test_speed_paths.py`` (the statement memo).
"""
from __future__ import annotations

import re
from typing import Any

from ..exprlang import HEX
from .encode import _OpErr, _addr_raw, _cmem_raw, _enum_raw, _f16_raw, _f32_raw, _f64h_raw, _int_raw
from .floats import FLOAT_LITERAL, parse_f16, parse_f32, parse_f64
from .lexer import _HINT_WORDS, POp, _blank_line, _strip_line_comments, has_hints
from .tables import K_ADDR, K_CMEM, K_ENUM, K_INT, OpInfo, VInfo, _match, _State

# ----------------------------------------------------------------------------
# the fast path: one regex for the common statement shape, a compiled plan per
# (mnemonic+modifiers, operand signatures); anything unusual (label
# expressions, errors, a plan that does not encode) goes to the slow path,
# which has the diagnostics.

_RE_FAST = re.compile(r"(?:@(!?)([A-Za-z_]\w*)\s+)?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)"
                      r"(?:\s+([^$`(]*))?(\$[^`(]*)?$")
_RE_FLOAT_LIT = re.compile(rf"^{FLOAT_LITERAL}$")
# canonical address / constant-memory texts: c[0x3][R2+0x10], [R2.64-0x8], [0x10], c[0x2][0x100]
_RE_FADDR = re.compile(rf"(?:c\[({HEX})\])?\[([A-Za-z_][A-Za-z0-9_]*)?(\.64)?(?:([-+]?)({HEX}))?\]$")

# the kinds of Shape.steps (names are Shape.enums)
F_INT, F_PCREL, F_SHIFT, F_GENERIC, F_F32, F_ADDR, F_CMEM, F_F16, F_F64H = 1, 2, 3, 4, 5, 6, 7, 8, 9


class Shape:
    """What a plan's operands need, for one variant, operand widths and operand signatures:
    the flat steps :func:`_fast` runs (one per written operand: ``enums``, (operand index, name ->
    value shifted to the field) for the register and value names, and ``steps`` for the
    others; the order does not matter, each step ORs its own field), the bits the written operands
    clear in the base word, the number of operands left out, and (j, OpInfo) of the written
    operands for the prefix bits.  It does not depend on the modifiers, so every modifier
    combination of a variant with the same widths shares it (the synthetic benchmark writes
    thousands of combinations: building a plan from scratch for each was most of its time)."""

    __slots__ = ("enums", "steps", "clear", "omitted", "written", "pc_free", "_match", "_sigt")
    steps: Any      # tuple once compiled, None before
    enums: tuple
    clear: int
    pc_free: bool

    def __init__(self, steps: list, omitted: int, sigt: tuple):
        self.omitted = omitted
        self.written = tuple((j, o) for j, o, _ in steps)
        self._match, self._sigt = steps, sigt
        self.steps = None   # compiled when the shape first wins a choice (most candidates never do)

    def compile(self, st: "_State") -> None:
        """The flat steps, the cleared bits and pc_free (see the class docstring)."""
        steps, sigt = self._match, self._sigt
        clear = 0
        enums: list[tuple] = []
        flat: list[tuple] = []
        for j, o, width in steps:
            # a written operand sets its field(s) and its prefix fields: the prefix is off
            # unless written, whatever the field's default (decision A11; tables._make_plans)
            clear |= (o.mask << o.pos) | o.pclear
            kind = st.sig_list[sigt[j]][0]
            t = o.type
            if o.code == K_ENUM and kind == "n":
                enums.append((j, _shifted_names(st, o, width)))
            elif o.code == K_INT and kind == "f" and o.fmt == "f32":
                flat.append((F_F32, j, o.pos, 0, 0, 0))
            elif o.code == K_ADDR and kind in ("m", "k", "c"):
                flat.append((F_ADDR, j, o, width, 0, 0))
            elif o.code == K_CMEM and kind == "c":
                bb, ob = t.cmem_split or (0, t.width)
                flat.append((F_CMEM, j, o.pos, ob, (1 << bb) - 1, max(width // 8, 1)))
            elif o.code == K_INT and kind == "i" and t is not None and o.fmt is None:
                lo, hi = (-0x80000000, 0xFFFFFFFF) if o.width == 32 else (t.min, t.max)
                flat.append((F_INT, j, o.pos, lo, hi, o.mask))
            elif o.code == K_INT and kind in ("i", "f") and o.fmt in ("f16", "f64h"):
                flat.append((F_F16 if o.fmt == "f16" else F_F64H, j, o.pos, o, 0, 0))
            elif o.code == K_INT and kind == "i" and t is not None and o.fmt in ("pcrel", "shift"):
                flat.append((F_PCREL if o.fmt == "pcrel" else F_SHIFT, j, o.pos, o.shift, (t.min, t.max), o.mask))
            else:
                flat.append((F_GENERIC, j, o, width, 0, 0))
        self.clear = clear
        self.enums = tuple(enums)
        self.steps = tuple(flat)
        #: the word does not depend on the statement's address (no PC-relative or generic step)
        self.pc_free = not any(s[0] in (F_PCREL, F_GENERIC) for s in flat)


def _shifted_names(st: "_State", o: OpInfo, width: int) -> dict:
    """:meth:`_State.name_table` with each value shifted to the operand's field."""
    key = (o.type.name, o.numbered and width > 32, width, o.pos)
    t = st.fname_tables.get(key)
    if t is None:
        pos = o.pos
        t = st.fname_tables[key] = {n: v << pos for n, v in st.name_table(o, width).items()}
    return t


def _shape(st: "_State", v: VInfo, widths: tuple, sigt: tuple) -> "Shape | None":
    """The :class:`Shape` of variant *v* for operand signatures *sigt*, None when the
    operands do not fit it (``tables._match``, as the diagnostic path's plans)."""
    k = (v, widths, sigt)
    sh = st.fshapes.get(k, _MISSING)
    if sh is _MISSING:
        m = _match(v.ops, widths, tuple(st.sig_list[i] for i in sigt), sigt, st.compat)
        sh = st.fshapes[k] = None if m is None else Shape(m[0], m[1], sigt)
    return sh


_MISSING = object()


def _variant_part(v: VInfo) -> tuple:
    """The end of a fast plan that depends on the variant only: (guard, controls, VInfo with
    __Exception rules or None, opcode name); guard is (the mask that clears its bits, name ->
    raw value shifted to its field, the bit of its `!` or None)."""
    g = v.guard
    guard = None
    if g is not None:
        pf = g.prefix_fields.get("!")
        guard = (~((g.mask << g.pos) | g.pclear), {n: raw << g.pos for n, raw in g.type.by_name.items()},
                 (1 << pf.pos) if pf is not None else None)
    controls = {c.name: (c.pos, (1 << c.width) - 1) for c in v.op.controls}
    return guard, controls, v if v.has_exc else None, v.op.name


def _fast_plan(st: _State, key: str, sigt: tuple):
    """The first plan for (key, signatures) -- what ``st.plan(key, sigt)[0]`` is, the diagnostic
    path's choice: among the variants the modifiers allow, in database order, the first with
    the fewest operands left out -- compiled for :func:`_fast` as a tuple
    ``(base word, enums, steps, pc_free, guard, controls, VInfo with __Exception rules or None,
    opcode name)`` (:class:`Shape`, :func:`_variant_part`); or False when the slow path must handle the statement.

    It is put together from three cached parts, so that a new combination of modifiers and
    operand kinds costs a few dictionary look-ups (the synthetic benchmark writes about 15,000
    of them; building each plan from scratch was most of its time):

    * per mnemonic+modifiers (:func:`_key_part`): the candidate variants with their operand
      widths (interned as a small int: keys of the same mnemonic usually share them) and the
      base word of each under these modifiers;
    * per (candidates, signatures) (:func:`_choose`): which candidate wins, its
      :class:`Shape` and the prefix bits;
    * per variant (:func:`_variant_part`): guard, controls, exception rules, name."""
    kp = st.fkeys.get(key)
    if kp is None:
        kp = st.fkeys[key] = _key_part(st, key)
    fp: tuple | bool = False
    if kp is not False:
        vid, vcands, bases = kp
        ch = st.fchoice.get((vid, sigt))
        if ch is None:
            ch = st.fchoice[(vid, sigt)] = _choose(st, vid, vcands, sigt)
        if ch is not False:
            k, sh, pbits, vx = ch
            fp = ((bases[k] & ~sh.clear) | pbits, sh.enums, sh.steps, sh.pc_free) + vx
    st.fplans[(key, sigt)] = fp
    return fp


def _key_part(st: _State, key: str):
    """(candidates id, ((VInfo, widths), ...), (base word, ...)) of mnemonic+modifiers *key*
    (``st.candidates``), or False when the modifiers do not resolve (the slow path's error)."""
    err, cands, _ = st.candidates(key)
    if err is not None:
        return False
    vcands = tuple((v, widths) for _, v, _, _, widths in cands)
    vid = st.fvsets.get(vcands)
    if vid is None:
        vid = st.fvsets[vcands] = len(st.fvsets)
    return vid, vcands, tuple(base for _, _, base, _, _ in cands)


def _choose(st: _State, vid: int, vcands: tuple, sigt: tuple):
    """(index of the winning candidate, its :class:`Shape`, the prefix bits, the variant's part)
    for operand signatures *sigt*, or False when no candidate takes them.  As
    ``tables._make_plans``: the fewest omitted operands, then the candidates' order."""
    # signatures without the prefixes: shared by all prefix combinations; when a variant's
    # alignment of the bare operands accepts the written prefixes it is also its alignment
    # with them (prefixes only make operands incompatible: the same search, the same first
    # success), else that variant is matched with the prefixes
    bare = st.bare_sigs.get(sigt)
    if bare is None:
        bare = st.bare_sigs[sigt] = tuple(st.intern(st.sig_list[i][:2] + ("",)) if st.sig_list[i][2] else i
                                            for i in sigt)
    # the candidates that take the bare operands, best first: (omitted, index, shape)
    ranked = st.franked.get((vid, bare))
    if ranked is None:
        ranked = []
        for k, (v, widths) in enumerate(vcands):
            sh = _shape(st, v, widths, bare)
            if sh is not None:
                ranked.append((sh.omitted, k, sh))
        ranked.sort(key=lambda e: (e[0], e[1]))
        st.franked[(vid, bare)] = ranked
    best: tuple | None = None       # (omitted, index, shape, prefix bits)
    for om, k, sh in ranked:
        if best is not None and (om, k) >= (best[0], best[1]):
            break       # with the prefixes the rest omit as many or more: none is better
        pbits = 0
        if bare != sigt:
            for j, o in sh.written:
                for c in st.sig_list[sigt[j]][2]:
                    pf = o.prefix_fields.get(c)
                    if pf is None:
                        break
                    pbits |= 1 << pf.pos
                else:
                    continue
                v, widths = vcands[k]
                sh = _shape(st, v, widths, sigt)    # a prefix this alignment does not take
                pbits = 0
                if sh is not None:
                    for j2, o2 in sh.written:
                        for c in st.sig_list[sigt[j2]][2]:
                            pbits |= 1 << o2.prefix_fields[c].pos
                break
        if sh is not None and (best is None or (sh.omitted, k) < (best[0], best[1])):
            best = (sh.omitted, k, sh, pbits)
    if best is None:
        return False
    _, k, sh, pbits = best
    v = vcands[k][0]
    if sh.steps is None:
        sh.compile(st)
    vx = st.fvariants.get(v)
    if vx is None:
        vx = st.fvariants[v] = _variant_part(v)
    return k, sh, pbits, vx


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
        if width > 32 and not wide and base not in o.stem_of:    # `[RZ]` for a 64-bit base: RZ.64
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
    if a.ubase is not None:        # no uniform part written: the zero register (URZ)
        if a.uzero is None:
            return None
        bits |= a.uzero << a.ubase[0]
    if a.off is None:
        return None if off else bits
    if not a.off_lo <= off <= a.off_hi:
        return None
    return bits | ((off & a.off[2]) << a.off[0])


#: most statements the fast path's memo holds (st.fmemo)
MEMO_MAX = 1 << 18


def _fast(st: "_State", text: str, pc: int):
    """(word, opcode name) for a statement without label expressions that
    encodes without any problem, else None.  A statement whose word does not depend
    on its address is remembered by its text (:attr:`_State.fmemo`)."""
    r = st.fmemo.get(text)
    if r is not None:
        return r
    m = _RE_FAST.match(text)
    if m is None:
        return None
    gnot, gname, key, ops, ctl = m.groups()
    return _encode(st, st.fmemo, text, gnot, gname, key, ops, ctl, pc, False)


def _encode(st: "_State", memo: dict, text: str, gnot, gname, key: str, ops, ctl, pc: int, listing: bool):
    """:func:`_fast` after its regex: the statement *text* split into guard, mnemonic+modifiers,
    operands and control annotations; *memo* remembers it.  *listing*: called by
    :func:`scan_listing` on a line as written, which must decline an operand holding listing
    noise (``lexer.has_hints``: the line would be rewritten first); a cached operand text never
    holds any (``_State.classify``), an inline number or address cannot."""
    sigs = []
    vals: list = []
    if ops:
        ocls = st.ocls
        for u in ops.split(","):
            r = ocls.get(u)     # the text as split (" R2"), then stripped
            if r is None:
                t = u.strip()
                r = ocls.get(t) if t is not u else None
                if r is not None:
                    if len(ocls) < 200_000:
                        ocls[u] = r
                    sigs.append(r[0])
                    vals.append(r[1])
                    continue
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
                    w = t
                    if c != "[" and c != "c":  # -c[..][..], ~c[..][..], -~c[..][..]
                        while w[:1] in ("-", "~"):
                            pre += w[0]
                            w = w[1:]
                        pre = "~-" if len(pre) == 2 and pre[0] != pre[1] else pre
                    m2 = _RE_FADDR.match(w) if len(pre) < 2 or pre == "~-" else None
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
                if listing and has_hints(t):
                    return None
                r = st.classify(t, u if t is not u else None)
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
    word, enums, steps, pc_free, guard, controls, excv, name = fp
    for j, a in enums:
        raw = a.get(vals[j])    # the value already shifted to its field
        if raw is None:
            return None
        word |= raw
    for kind, j, pos, a, b, c in steps:
        v = vals[j]
        if kind == F_INT:
            if type(v) is not int or not a <= v <= b:
                return None
            word |= (v & c) << pos
        elif kind == F_ADDR:
            if type(v) is tuple:
                raw = _addr_fast(pos, v, a)
                if raw is None:
                    return None
            elif type(v) is POp and v.expr is None:    # `[R2.U32+0x10]`..: encode's reading
                try:
                    raw = _addr_raw(pos, v, a, pc, _NOCTX)
                except (_OpErr, AttributeError, KeyError):
                    return None
            else:
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
        elif kind == F_F16 or kind == F_F64H:
            # binary16 / binary64-high immediates (HFMA2, DADD): the operand's text, read as
            # encode._f16_raw / _f64h_raw read a number's (a label expression: the slow path)
            if type(v) is POp:
                return None
            t = ops.split(",")[j].strip()
            try:
                if kind == F_F16:
                    raw = parse_f16(t)
                elif t.lstrip("+-")[:2].lower() in ("0x", "0b"):
                    raw = _int_raw(a, v, pc)
                else:
                    raw = parse_f64(t)
                    if raw & 0xFFFFFFFF:
                        return None
                    raw >>= 32
            except (ValueError, _OpErr):
                return None
            word |= raw << pos
        elif kind == F_GENERIC:
            # pos is the OpInfo, a the bitwidth
            p = v if type(v) is POp else st.operand(ops.split(",")[j].strip())[0]
            try:
                if pos.code == K_ENUM:
                    raw = _enum_raw(pos, p, a)
                elif pos.code == K_INT:
                    raw = (_f32_raw(pos, p, pc, _NOCTX) if pos.fmt == "f32" else
                           _f16_raw(pos, p, pc, _NOCTX) if pos.fmt == "f16" else
                           _f64h_raw(pos, p, pc, _NOCTX) if pos.fmt == "f64h" else _int_raw(pos, p.value, pc))
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
        g = guard
        if g is None:
            return None
        raw = g[1].get(gname)
        if raw is None:
            return None
        word = (word & g[0]) | raw
        if gnot:
            if g[2] is None:
                return None
            word |= g[2]
    if ctl is not None:
        seen = 0
        for tok in ctl.split():
            if tok[0] != "$":
                return None
            cname, eq, val = tok[1:].partition("=")
            f = controls.get(cname)
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
    if excv is not None and excv.violation(word) is not None:
        return None
    r = word, name
    if pc_free and len(memo) < MEMO_MAX:
        memo[text] = r
    return r


# ----------------------------------------------------------------------------
# pass 1 and the fast path in one regex per line (decision AS-4)

#: a line that is one statement and nothing else, as a listing writes it: spaces, maybe a
#: ``/*0040*/`` address, the statement (groups as _RE_FAST's: no control annotations), maybe
#: ``;``.  Group 1 is the text ``Assembler.scan`` would hand to ``emit`` for the line.
_RE_LINE = re.compile(r"\s*(?:/\*[0-9a-fA-F]*\*/\s*)?"
                      r"((?:@(!?)([A-Za-z_]\w*)\s+)?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)"
                      r"(?:\s+([^\s$`(;/:](?:[^$`(;/:]*[^\s$`(;/:])?))?)\s*(?:;\s*)?$")

_HINT_KEY = tuple(w for w in _HINT_WORDS if " " not in w)
_DIGIT_Z = frozenset("0123456789Z")


def _key_flag(key: str) -> int:
    """1 when mnemonic+modifiers *key* holds a listing hint (``lexer._HINT_WORDS``), 2 when it ends
    with a digit or Z (a number right after it, ``KEY 0x10``, is a spaced hint), else 0."""
    if any(w in key for w in _HINT_KEY):
        return 1
    return 2 if key[-1] in _DIGIT_Z else 0


def listing_ok(st: _State) -> bool:
    """:func:`scan_listing` may read this database's statements: no name a statement may hold
    without ``_State.classify`` seeing it -- a guard predicate, the base register of an address
    read inline -- holds a listing hint.  (Any other operand text is classified once, and then
    only cached when it holds no hint; ``_RE_LINE`` takes no control annotations.)"""
    r = st.flisting_ok
    if r is None:
        types = {v.guard.type for v in st.vinfo.values() if v.guard is not None and v.guard.type is not None}
        for v in st.vinfo.values():
            for o in v.ops:
                if o.code == K_ADDR:
                    types |= {p[3] for p in (o.addr.base, o.addr.ubase) if p is not None and p[3] is not None}
        names = sorted({n for t in types for n in t.by_name})
        r = st.flisting_ok = not has_hints("\n" + "\n".join(names))
    return r


def scan_listing(a: Any, st: _State, text: str, addr: int, first_line: int, emit,
                 words: list, opnames: list, linenos: list) -> dict:
    """``Assembler.scan`` with ``emit`` for ``assemble``, with the common line -- one statement,
    maybe a ``/*0040*/`` address before it and a ``;`` after it, the listing format -- read by
    one regex and encoded here (word, opcode name and line appended to the lists) without the
    passes over the whole text (``strip_block_comments``, ``blank_listing_noise``); every other
    line goes through the same per-line steps as in ``scan`` (``a.scan_line``), and emit.
    Returns the symbols.  ``a.set_source`` must have been called.

    The passes over the whole text change a line when it holds a block comment, an NVIDIA
    annotation or listing noise (``lexer.has_hints``).  A line read here holds only its
    address comment (hex digits: no hint), and is declined when its mnemonic, an operand not
    cached yet, or the space after the mnemonic holds a hint (:func:`_key_flag`, ``_encode``;
    ``listing_ok``); a declined line gets the per-line versions of the passes.  A block
    comment that does not end on its line, or an annotation, hands the rest of the text to
    ``a.scan_text`` (the classic reading: no comment is open before that line)."""
    symbols: dict[str, int] = {}
    defined_at: dict[str, tuple[int, int]] = {}
    match = _RE_LINE.match
    memo = st.flmemo
    kflags = st.fkflags
    w_append, o_append, l_append = words.append, opnames.append, linenos.append
    lines = text.split("\n")
    lineno = first_line - 1
    for line in lines:
        lineno += 1
        m = match(line)
        if m is not None:
            stmt, gnot, gname, key, ops = m.groups()
            r = memo.get(stmt)
            if r is None:
                f = kflags.get(key)
                if f is None:
                    f = kflags[key] = _key_flag(key)
                # f == 2: `KEY 0x10` holds a spaced hint (one space between a digit or Z and the number)
                if f == 0 or (f == 2 and not (ops is not None and m.start(5) - m.end(4) == 1 and line[m.end(4)] == " "
                                              and (ops[:2] == "0x" or ops[:3] == "-0x"))):
                    r = _encode(st, memo, stmt, gnot, gname, key, ops, None, addr, True)
            if r is not None:
                w_append(r[0])
                o_append(r[1])
                l_append(lineno)
                addr += 16
                continue
        # the general steps, with the whole-text passes' work on this line
        if "/*" in line or "(*" in line:
            clean = None if "(*" in line else _strip_line_comments(line)
            if clean is None:   # a comment that may go on over lines, an annotation: the classic reading
                a.scan_text("\n".join(lines[lineno - first_line:]), addr, emit, lineno, None, symbols, defined_at)
                return symbols
            line = clean
        if has_hints(line):
            line = _blank_line(line)
        addr = a.scan_line(lineno, line, addr, emit, None, symbols, defined_at)
    return symbols

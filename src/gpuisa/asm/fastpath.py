"""Speed code: the assembler's fast path (see :mod:`gpuisa.asm.assembler`).

:func:`_fast` encodes the common statement shape -- one regex for guard, mnemonic+modifiers,
operands and control annotations (then :func:`_encode`); operands classified inline or through
a per-text cache (``_State.ocls``, :func:`_operand`) -- with a compiled plan per
(mnemonic+modifiers, operand signatures), and returns None on anything unusual (label
expressions, a value out of range, an ``__Exception`` rule violated, a plan that does not
encode), which the diagnostic path (:meth:`gpuisa.asm.assembler.Assembler.statement`, the
reference) then handles with its messages.  So the fast path only has to be right when it
answers.  :func:`scan_listing` is ``assemble``'s pass 1 with it: the common line (the listing
format) read by one regex and encoded directly, every other line through ``Assembler``'s
per-line steps (decision AS-4).

A plan (:func:`_fast_plan`, decisions AS-1, AS-4) is put together from parts cached separately:
the variant's operand steps (:class:`Shape`, per variant, operand widths and signatures,
compiled into a specialised encoder by :mod:`gpuisa.asm.encfast`), the winning candidate (per
candidate list and signatures) and the modifiers' base word (per mnemonic+modifiers,
:func:`_key_part`), so that random modifier combinations (the synthetic benchmark) do not each
cost a plan built from scratch; the choice is the one ``tables._make_plans`` makes.

Tested equal to the reference path by ``tests/asm/test_fast_differential.py`` (random
statements of every opcode from ``benchmarks/bench_asm.py``, several seeds, with guards,
controls, prefixes, modifiers and operands changed: the same words and opcodes, statement by
statement and as whole programs, and the same errors at the same positions; the quick readings
of names, modifiers and candidates against the diagnostic path's),
``tests/asm/test_listing_scan.py`` (scan_listing against the classic reading),
``tests/asm/test_operands.py`` (hand-picked and fuzzed samples), ``tests/robust/test_fuzz.py``
and ``tests/asm/test_speed_paths.py`` (the statement memo).
"""
from __future__ import annotations

import re
from typing import Any

from ..exprlang import HEX
from .encfast import (F_ADDR, F_CMEM, F_F16, F_F32, F_F64H, F_GENERIC, F_INT, F_PCREL, F_SHIFT, compile_encoder,
                      variant_part)
from .floats import FLOAT_LITERAL, f32_of_decimal
from .lexer import _HINT_WORDS, _blank_line, _strip_line_comments, has_hints
from .tables import _RE_HINTISH, K_ADDR, K_CMEM, K_ENUM, K_INT, OpInfo, VInfo, _match, _State

# ----------------------------------------------------------------------------
# the fast path: one regex for the common statement shape, a compiled plan per
# (mnemonic+modifiers, operand signatures); anything unusual (label
# expressions, errors, a plan that does not encode) goes to the slow path,
# which has the diagnostics.

_RE_FAST = re.compile(r"(?:@(!?)([A-Za-z_]\w*)\s+)?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)"
                      r"(?:\s+([^$`(]*))?(\$[^`(]*)?$")
_RE_FLOAT_LIT = re.compile(rf"^{FLOAT_LITERAL}$")
#: the prefixes the inline reader of addresses and constants takes (canonical order, as POp.prefix)
_INLINE_PREFIXES = frozenset(("", "-", "~", "~-", "|", "-|"))
# canonical address / constant-memory texts: c[0x3][R2+0x10], [R2.64-0x8], [R2.U32+0x4], [0x10], c[0x2][0x100]
_RE_FADDR = re.compile(rf"(?:c\[({HEX})\]|)\[(?:([A-Za-z_][A-Za-z0-9_]*+)|)(?:(\.64)|\.(U32)|)(?:([-+]?)({HEX})|)\]$")


class Shape:
    """What a plan's operands need, for one variant, operand widths and operand signatures:
    the flat steps (one per written operand: ``enums``, (operand index, name -> value shifted to
    the field) for the register and value names, and ``steps`` for the others; the order does
    not matter, each step ORs its own field) and the encoder :mod:`gpuisa.asm.encfast` makes of
    them, the bits the written operands keep in the base word, the number of operands left
    out, and (j, OpInfo) of the written operands for the prefix bits.  It does not depend on the modifiers, so every modifier
    combination of a variant with the same widths shares it (the synthetic benchmark writes
    thousands of combinations: building a plan from scratch for each was most of its time)."""

    __slots__ = ("enums", "steps", "keep", "omitted", "written", "pc_free", "enc", "_match", "_sigt")
    steps: Any      # tuple once compiled, None before
    enums: tuple
    keep: int       # ~ the bits the written operands (and the guard) clear
    pc_free: bool
    enc: Any        # the steps as a specialised encoder (encfast.compile_encoder), once compiled

    def __init__(self, steps: list, omitted: int, sigt: tuple):
        self.omitted = omitted
        self.written = tuple([(j, o) for j, o, _ in steps])
        self._match, self._sigt = steps, sigt
        self.steps = None   # compiled when the shape first wins a choice (most candidates never do)

    def compile(self, st: "_State", v: VInfo) -> None:
        """The flat steps, the cleared bits, pc_free and the encoder (see the class docstring);
        *v* is the shape's variant."""
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
        self.keep = ~(clear | variant_part(st, v)[0])     # the encoder ORs the guard back
        self.enums = tuple(enums)
        self.steps = tuple(flat)
        #: the word does not depend on the statement's address (no PC-relative or generic step)
        self.pc_free = all(s[0] != F_PCREL and s[0] != F_GENERIC for s in flat)
        # shapes of a variant for different signatures often come to the same steps (a name of
        # another file, an integer or a float for the same field): one encoder for them
        key = (v, tuple([(j, id(table)) for j, table in enums]), self.steps)
        enc = st.fencoders.get(key)
        if enc is None:
            enc = st.fencoders[key] = compile_encoder(st, v, self.enums, self.steps)
        self.enc = enc


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
        sl = st.sig_list
        m = _match(v.ops, widths, tuple([sl[i] for i in sigt]), sigt, st.compat)
        sh = st.fshapes[k] = None if m is None else Shape(m[0], m[1], sigt)
    return sh


_MISSING = object()


def _fast_plan(st: _State, key: str, sigt: tuple):
    """The first plan for (key, signatures) -- what ``st.plan(key, sigt)[0]`` is, the diagnostic
    path's choice: among the variants the modifiers allow, in database order, the first with
    the fewest operands left out -- compiled for :func:`_fast` as a tuple
    ``(base word, encoder, pc_free, opcode name)`` (:class:`Shape`: the encoder applies the
    operands, the guard, the control annotations and checks the ``__Exception`` rules); or False
    when the slow path must handle the statement.

    It is put together from three cached parts, so that a new combination of modifiers and
    operand kinds costs a few dictionary look-ups (the synthetic benchmark writes about 15,000
    of them; building each plan from scratch was most of its time):

    * per mnemonic+modifiers (:func:`_key_part`): the candidate variants with their operand
      widths (interned as a small int: keys of the same mnemonic usually share them) and the
      base word of each under these modifiers;
    * per (candidates, signatures) (:func:`_choose`): which candidate wins, its
      :class:`Shape` and the prefix bits."""
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
            k, sh, pbits, name = ch
            fp = ((bases[k] & sh.keep) | pbits, sh.enc, sh.pc_free, name)
    st.fplans[(key, sigt)] = fp
    return fp


def _key_part(st: _State, key: str):
    """(candidates id, ((VInfo, widths), ...), [base word, ...]) of mnemonic+modifiers *key* --
    what ``st.candidates(key)`` gives (tested equal), without the diagnostic path's tables:
    the modifiers are assigned once per distinct modifier list of the mnemonic's variants
    (``_State._assign``) and set on the precomputed defaults (``_mod_index``'s quick reading) --,
    or False when the modifiers do not resolve (the slow path's error)."""
    parts = key.split(".")
    variants = st.by_mn.get(parts[0])
    if not variants:
        return False
    suffixes = parts[1:]
    vcands = []
    bases = []
    done: dict[int, Any] = {}     # modifier list (its id) -> (assigned, values) or None
    for v in variants:
        index = v.mod_index
        if index is None:
            index = v.mod_index = st._mod_index(v)
        quick = index[5]
        if quick is None:       # modifier fields the quick reading does not take: the general one
            return _key_part_of_candidates(st, key)
        res = done.get(index[3], _MISSING)
        if res is _MISSING:
            assigned, _ = st._assign(v, index, suffixes)
            res = None
            if assigned is not None:
                values, info = quick[2], quick[4]
                for name, s in assigned.items():
                    _, pos, by_name, fmask = info[name]
                    values = (values & ~fmask) | (by_name[s] << pos)
                res = assigned, values
            done[index[3]] = res
        if res is None:
            continue
        assigned, values = res
        vcands.append((v, v.widths if v.widths is not None else st.op_widths(v, {**quick[1], **assigned})))
        bases.append((v.base & quick[5]) | values)
    if not vcands:
        return False
    vc = tuple(vcands)
    return _intern_candidates(st, vc), vc, bases


def _key_part_of_candidates(st: _State, key: str):
    """:func:`_key_part` from ``st.candidates`` (the diagnostic path's tables)."""
    err, cands, _ = st.candidates(key)
    if err is not None:
        return False
    vcands = tuple([(v, widths) for _, v, _, _, widths in cands])
    return _intern_candidates(st, vcands), vcands, [base for _, _, base, _, _ in cands]


def _intern_candidates(st: _State, vcands: tuple) -> int:
    vid = st.fvsets.get(vcands)
    if vid is None:
        vid = st.fvsets[vcands] = len(st.fvsets)
    return vid


def _choose(st: _State, vid: int, vcands: tuple, sigt: tuple):
    """(index of the winning candidate, its :class:`Shape`, the prefix bits, the opcode name)
    for operand signatures *sigt*, or False when no candidate takes them.  As
    ``tables._make_plans``: the fewest omitted operands, then the candidates' order."""
    # signatures without the prefixes: shared by all prefix combinations; when a variant's
    # alignment of the bare operands accepts the written prefixes it is also its alignment
    # with them (prefixes only make operands incompatible: the same search, the same first
    # success), else that variant is matched with the prefixes
    bare = st.bare_sigs.get(sigt)
    if bare is None:
        bare_of = st.bare_sids
        for i in sigt:
            if i not in bare_of:
                sig = st.sig_list[i]
                bare_of[i] = st.intern(sig[:2] + ("",)) if sig[2] else i
        bare = st.bare_sigs[sigt] = tuple([bare_of[i] for i in sigt])
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
        sh.compile(st, v)
    return k, sh, pbits, v.op.name


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


def _encode(st: "_State", memo: dict | None, text: str, gnot, gname, key: str, ops, ctl, pc: int, listing: bool):
    """:func:`_fast` after its regex: the statement *text* split into guard, mnemonic+modifiers,
    operands and control annotations; *memo* remembers it (None: nothing is remembered).  *listing*:
    called by :func:`scan_listing` on a line as written, which must decline an operand holding
    listing noise (``lexer.has_hints``: the line would be rewritten first); a cached operand text
    never holds any (``_State.classify``), an inline number or address cannot."""
    sigs = []
    vals = []
    if ops:
        ocls = st.ocls
        us = ops.split(",")
        for u in us:
            r = ocls.get(u)     # (signature id, value) of the operand text as split (" R2")
            if r is None:
                r = _operand(st, u, listing)
                if r is None:
                    return None
            sigs.append(r[0])
            vals.append(r[1])
    else:
        us = sigs
    sigt = tuple(sigs)
    fp = st.fplans.get((key, sigt))
    if fp is None:
        fp = _fast_plan(st, key, sigt)
    if fp is False:
        return None
    word = fp[1](fp[0], vals, gname, gnot, ctl, pc, us)
    if word is None:
        return None
    r = word, fp[3]
    if fp[2] and memo is not None and len(memo) < MEMO_MAX:
        memo[text] = r
    return r


def _operand(st: "_State", u: str, listing: bool):
    """(signature id, value) of an operand text *u* (as split, `` R2``) not cached as it is: cached
    stripped, an integer (cached when short), a float literal, an address or constant in the
    canonical spelling (read here, not cached: nearly every one is new), else
    ``_State.classify``; None when the text does not parse, or (*listing*) holds listing noise."""
    ocls = st.ocls
    t = u.strip()
    c = t[:1]
    number = c.isdigit() or (c == "-" and t[1:2].isdigit())
    if not number:      # (numbers are cached as written only)
        r = ocls.get(t) if t is not u else None
        if r is not None:
            if len(ocls) < 200_000:
                ocls[u] = r
            return r
    if number:
        # int(t, 0) reads what parse_number reads, and also 0o17 and 1_000: not those; a
        # `.`, or an exponent without a hex `x`, is no integer (int() would raise)
        if not ("." in t or "_" in t or "o" in t or "O" in t
                or (("e" in t or "E" in t) and "x" not in t and "X" not in t)):
            try:
                r = st.int_sid, int(t, 0)
            except ValueError:
                pass
            else:
                if len(t) <= 6 and len(ocls) < 200_000:     # a short number: masks, shifts, small offsets repeat
                    ocls[u] = r
                return r
        if _RE_FLOAT_LIT.match(t) and t not in st.names and len(t) < 100:
            return st.float_sid, f32_of_decimal(t)   # a decimal float literal: its binary32 bits
    elif c == "[" or c == "c" or c == "|" or ((c == "-" or c == "~") and "c[" in t[:4]):
        pre = ""
        w = t
        if c != "[" and c != "c":
            if t[-1:] == "|" and (t[:2] == "|c" or t[:3] == "-|c"):    # |c[..][..]|, -|c[..][..]|
                pre = "-|" if c == "-" else "|"
                w = t[len(pre):-1]
            else:           # -c[..][..], ~c[..][..], -~c[..][..]
                while w[:1] in ("-", "~"):
                    pre += w[0]
                    w = w[1:]
                pre = "~-" if len(pre) == 2 and pre[0] != pre[1] else pre
        m2 = _RE_FADDR.match(w) if pre in _INLINE_PREFIXES else None
        if m2 is not None:
            bank, base, wide, scale, sign, off = m2.groups()
            if (base or off) and not (base and off and not sign) and not (scale and (bank or not base)):
                v = int(off, 16) if off else 0
                if sign == "-":
                    v = -v
                if bank is None:
                    sid = st.intern(("m", st.names.get(base, ("?",)) if base else (), pre))
                elif base:
                    sid = st.intern(("k", st.names.get(base, ("?",)), pre))
                else:
                    sid = st.cmem_sid if not pre else st.intern(("c", (), pre))
                return sid, (int(bank, 16) if bank else 0, base or "", wide is not None, v, scale)
    if listing and _RE_HINTISH.search(t) and has_hints(t):
        return None
    return st.classify(t, u if t is not u else None)


# ----------------------------------------------------------------------------
# pass 1 and the fast path in one regex per line (decision AS-4)

#: a line that is one statement and nothing else, as a listing writes it: spaces, maybe a
#: ``/*0040*/`` address, the statement (groups as _RE_FAST's: no control annotations), maybe
#: ``;``.  Group 1 is the text ``Assembler.scan`` would hand to ``emit`` for the line.  The mnemonic
#: group also takes an empty modifier (``MOV..X``, ``MOV.``), which _RE_FAST does not: such a
#: key is declined (:func:`_key_flag`).  Written with ``(?:X|)`` and possessive repeats where no
#: backtracking can help (the same matches: sre runs it about a fifth faster than ``(?:X)?``).
_RE_LINE = re.compile(r"\s*+(?:/\*[0-9a-fA-F]*+\*/\s*+|)"
                      r"((?:@(!?)([A-Za-z_]\w*+)\s++|)([A-Za-z_][A-Za-z0-9_.]*+)"
                      r"(?:\s++([^\s$`(;/:](?:[^$`(;/:]*[^\s$`(;/:]|))|))\s*+;?\s*+$")

_HINT_KEY = tuple(w for w in _HINT_WORDS if " " not in w)
_DIGIT_Z = frozenset("0123456789Z")


def _key_flag(key: str) -> int:
    """1 when mnemonic+modifiers *key* holds a listing hint (``lexer._HINT_WORDS``) or an empty
    modifier (not _RE_FAST's key: the line is declined), 2 when it ends with a digit or Z (a
    number right after it, ``KEY 0x10``, is a spaced hint), else 0."""
    if any(w in key for w in _HINT_KEY) or ".." in key or key[-1] == ".":
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
    store: dict | None = memo   # where new statements are remembered; None once that does not pay
    hits = misses = 0
    kflags = st.fkflags
    encode = _encode
    w_append, o_append, l_append = words.append, opnames.append, linenos.append
    lines = text.split("\n")
    for lineno, line in enumerate(lines, first_line):
        m = match(line)
        if m is not None:
            stmt, gnot, gname, key, ops = m.groups()
            r = memo.get(stmt)
            if r is None:
                if store is not None:
                    misses += 1
                    if not misses & 0x1FFF and hits * 8 < misses:
                        # (checked every 8,192 statements not remembered) fewer than one statement
                        # in nine repeats one remembered: remembering (a string and a tuple kept,
                        # a growing dict) costs more than it saves
                        store = None
                f = kflags.get(key)
                if f is None:
                    f = kflags[key] = _key_flag(key)
                # f == 2: `KEY 0x10` holds a spaced hint (one space between a digit or Z and the number)
                if f == 0 or (f == 2 and not (ops is not None and (ops[:2] == "0x" or ops[:3] == "-0x")
                                              and m.start(5) - m.end(4) == 1 and line[m.end(4)] == " ")):
                    r = encode(st, store, stmt, gnot, gname, key, ops, None, addr, True)
            else:
                hits += 1
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

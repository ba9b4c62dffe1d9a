"""Speed code for the disassembler: one specialised decode function per opcode.

:meth:`gpuisa.asm.disassembler._Printer.decode_generic` (the reference path) interprets the
printer's operand specs (``_Printer.fast``) for every word: a loop over the operands, a 10-tuple
unpacked and a branch on the operand kind each time.  :func:`compile_decoder` writes that loop
out once per opcode as Python source (straight-line code with the positions, masks, tables and
defaults as constants) and compiles it with ``exec``; the result, ``decoder(word, pc)``, returns
exactly what ``decode_generic(word, pc)`` returns, ``(text, pieces)``, for the common case, and
**None** for anything else, after which the caller runs the reference path (which also gives the
reason for an invalid word).  It returns None, or raises the printer's ``_Invalid``, when:

* a bit is set outside the opcode's fields, an ``__Exception`` rule is violated;
* a table misses: modifier bits, guard bits, an enumeration value, a width of a dynamic-width
  enumeration never seen before (the reference path fills those caches and raises for invalid
  values; the next word with the same bits takes the fast path);
* an address prints a zero base (``[0x10]``: the reference path decides whether ``URZ`` must be
  written), or an operand needs anything else the reference path handles (relocation texts
  are never given to the decoder: ``subst`` always takes the reference path).

The caches it reads are the printer's own (``mod_cache``, ``gcache``, ``ctrl_cache``,
``width_cache``, the enumeration tables, ``VInfo.exc_cache``), so both paths share every
decision; only the operand-omission choice has its own key (a bit mask of the default
operands instead of a tuple of their indices), filled by the printer's ``_kept_operands``.

Equality with the reference path is tested by ``tests/asm/test_disfast.py``: random words of
every opcode (valid, with random bits flipped, with default operands, prefixes, branch targets)
and the words of real CUDA programs, each decoded by both paths.
"""
from __future__ import annotations

from typing import Any

from .codecache import CodeCache
from .tables import K_ADDR

_MISS = object()


CODE = CodeCache("disfast")


def compile_decoder(pr: Any, invalid: type) -> Any:
    """The specialised ``decoder(word, pc) -> (text, pieces) | None`` of printer *pr* (a
    ``disassembler._Printer``); *invalid* is the printer's exception class (``_Invalid``)."""
    ns: dict[str, Any] = {"MISS": _MISS, "pr": pr, "Invalid": invalid}
    body: list[str] = []
    emit = body.append

    emit(f"if word & {pr.free}: return None")
    if pr.mod_mask:
        ns["MODS"] = pr.mod_cache
        emit(f"mb = word & {pr.mod_mask}")
        emit("m = MODS.get(mb)")
        emit("if m is None: m = pr._modifiers(mb)")
        emit("key = m[0]")
    else:
        ns["KEY"] = pr.mnemonic
        emit("key = KEY")
    if pr.has_exc:
        v = pr.v
        ns["EXC"] = v.exc_cache
        ns["VIOL"] = v.violation
        emit(f"x = EXC.get(word & {v.exc_mask}, MISS)")
        emit("if x is MISS: x = VIOL(word)")
        emit("if x is not None: return None")
    if pr.dyn_width:
        ns["WIDTHS"] = pr.width_cache
        emit(f"W = WIDTHS.get(word & {pr.wmask})")
        emit(f"if W is None: W = pr._widths(word, {'m[1]' if pr.mod_mask else '{}'})")
    if pr.gmask:
        ns["GUARDS"] = pr.gcache
        emit(f"gb = word & {pr.gmask}")
        emit("g = GUARDS.get(gb)")
        emit("if g is None: g = pr._guard_text(gb)")
        emit("head = g + key")
    else:
        emit("head = key")

    n = len(pr.fast)
    any_omit = False
    for k, spec in enumerate(pr.fast):
        any_omit |= _emit_operand(pr, k, spec, ns, emit)

    ns["CTRLS"] = pr.ctrl_cache
    emit(f"cb = word & {pr.ctrl_mask}")
    emit(f"if cb == {pr.ctrl_default}: ctl = ''")
    emit("else:")
    emit("    ctl = CTRLS.get(cb)")
    emit("    if ctl is None: ctl = pr._controls(cb)")

    _emit_text(pr, n, any_omit, ns, emit)
    src = "def decoder(word, pc):\n" + "".join(f"    {ln}\n" for ln in body)
    exec(CODE.get(src), ns)  # noqa: S102 - our own generated source, from the database's printer specs
    decoder = ns["decoder"]
    decoder.source = src  # for debugging: print(pr.fastfn.source)
    return decoder


def _emit_text(pr: Any, n: int, any_omit: bool, ns: dict, emit) -> None:
    """Source for the end of the decoder: the operands kept (default ones left out as
    :meth:`_Printer._kept_operands` decides), the text, and its pieces around branch targets."""
    texts = ", ".join(f"t{k}" for k in range(n))
    joined = "{" + "}, {".join(f"t{k}" for k in range(n)) + "}"
    if n == 0:
        emit("return head + ctl, None")
    elif not pr.pcrel:
        if any_omit:
            ns["KEEP"] = pr.fast_omit
            ns["KEEP_OF"] = pr._fast_keep
            emit("if om:")
            emit(f"    sk = (key, ({', '.join(f's{k}' for k in range(n))},), om)")
            emit("    keep = KEEP.get(sk, MISS)")
            emit("    if keep is MISS: keep = KEEP_OF(sk)")
            emit("    if keep is not None:")
            emit(f"        ts = ({texts},)")
            emit("        ts = [ts[i] for i in keep]")
            emit("        return (f\"{head} {', '.join(ts)}{ctl}\" if ts else head + ctl), None")
        emit(f"return f\"{{head}} {joined}{{ctl}}\", None")
    else:
        ns["PIECES"] = pr._fast_pieces
        if any_omit:
            emit("if not om: return PIECES(head, key, None, 0, "
                 f"({texts},), ({', '.join(f'g{k}' for k in range(n))},), ctl)")
            emit(f"return PIECES(head, key, ({', '.join(f's{k}' for k in range(n))},), om, ({texts},), "
                 f"({', '.join(f'g{k}' for k in range(n))},), ctl)")
        else:
            emit(f"return PIECES(head, key, None, 0, ({texts},), ({', '.join(f'g{k}' for k in range(n))},), ctl)")


def _emit_operand(pr: Any, k: int, spec: tuple, ns: dict, emit) -> bool:
    """Source for operand *k*: its text ``t{k}``, signature id ``s{k}``, branch target ``g{k}``
    (pc-relative opcodes) and, when it may be left out, its bit in ``om``.  True when the
    operand may be left out."""
    kind, o, pos, mask, table, intfmt, pclear, ptext, dflt, pdef = spec
    r, t, s = f"r{k}", f"t{k}", f"s{k}"
    emit(f"{r} = (word >> {pos}) & {mask}" if pos else f"{r} = word & {mask}")
    target = "None"
    if kind == 0:
        ns[f"T{k}"] = table
        emit(f"e = T{k}.get({r})")
        emit("if e is None: return None")
        emit(f"{t}, {s} = e")
    elif kind == 1:
        signed, w, sh = intfmt
        v = r
        if signed:
            emit(f"v = {r} - {1 << w} if {r} >> {w - 1} else {r}")
            v = "v"
        if sh:
            emit(f"v = {v} << {sh}")
            v = "v"
        if signed:
            emit(f"{t} = f\"-{{-{v}:#x}}\" if {v} < 0 else f\"{{{v}:#x}}\"")
        else:
            emit(f"{t} = f\"{{{v}:#x}}\"")
        emit(f"{s} = {pr.int_sid}")
    elif kind == 3:
        ob, omask, align = intfmt
        emit(f"off = {r} & {omask}")
        if align > 1:
            emit(f"if off % {align}: return None")
        emit(f"{t} = f\"c[{{{r} >> {ob}:#x}}][{{off:#x}}]\"")
        emit(f"{s} = {pr.cmem_sid}")
    elif kind == 4:
        ns[f"T{k}"] = table   # width -> table, filled by the reference path
        emit(f"tw = T{k}.get(W[{k}])")
        emit("if tw is None: return None")
        emit(f"e = tw.get({r})")
        emit("if e is None: return None")
        emit(f"{t}, {s} = e")
    else:   # anything else: the printer's generic operand method
        ns[f"O{k}"] = o
        ns["OPERAND"] = pr.operand
        ns["INTERN"] = pr.st.intern
        width = str(o.bw_const) if o.bw_const is not None else f"W[{k}]"
        emit(f"{t}, sk, ty, tg = OPERAND(O{k}, word, {width}, pc)")
        emit(f"{s} = INTERN((sk, ty, ''))")
        if o.code == K_ADDR and o.addr.base is not None:
            emit("if not ty: return None")   # a zero base: the reference path decides `[URZ+..]`
        target = "tg"
    if pr.pcrel:
        emit(f"g{k} = {target}")
    if pclear:
        # (prefix bits, signature id) -> (text before, text after, signature id with the prefix)
        px: dict = {}
        ns[f"PX{k}"] = px
        ns[f"PXF{k}"] = _prefix_filler(pr, o, ptext, px)
        emit(f"pb = word & {pclear}")
        emit("if pb:")
        emit(f"    x = PX{k}.get((pb, {s}))")
        emit(f"    if x is None: x = PXF{k}(pb, {s})")
        emit(f"    {t} = x[0] + {t} + x[1]")
        emit(f"    {s} = x[2]")
    if dflt is None:
        return False
    if k == 0 or not _omit_started(pr, k):
        emit("om = 0")
    cond = f"{r} == {dflt}" + (f" and pb == {pdef}" if pclear else "")
    emit(f"if {cond}: om |= {1 << k}")
    return True


def _prefix_filler(pr: Any, o: Any, ptext: dict, px: dict):
    """The miss handler of an operand's prefix table: :meth:`_Printer._prefixed`'s text split
    around the operand (``-``, ``!``, ``~`` before it; ``|x|`` around it) and its signature id."""
    def fill(pb: int, sid: int) -> tuple:
        t, psid = pr._prefixed(o, "\0", sid, ptext.get(pb))   # raises for bits that are no prefix
        lead, _, trail = t.partition("\0")
        px[(pb, sid)] = r = (lead, trail, psid)
        return r
    return fill


def _omit_started(pr: Any, k: int) -> bool:
    """An operand before *k* may be left out (so ``om`` is already defined)."""
    return any(spec[8] is not None for spec in pr.fast[:k])

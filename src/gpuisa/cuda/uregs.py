"""sm_100+ code's uniform registers from UR63 on, re-allocated into UR0-UR62 by liveness
(decision D12-U-1, revising CU-9).

Blackwell's uniform register file is larger than this ISA's 6-bit field (UR0-UR62, UR63 is
URZ), and nvcc allocates UR63, UR64, ... like any other register.  This pass is a small
register allocator over a kernel's listing text:

1. *effects*: each instruction line is assembled with its uniform registers mapped to low
   numbers (the same value mod 4, the relative layout of neighbours kept) and decoded; the
   opcode's operands (InList/OutList, Bitwidth<> evaluated with the line's fields, the
   uniform part of memory and constant addresses) say which registers it reads and writes
   and how wide each operand is (a 64-bit operand at URn covers URn and URn+1).  A guarded
   write does not kill.  A line that does not assemble, or whose decoded operands do not
   account for every register it names, reads and may write every register it names and the
   three above each (conservative);
2. *control flow*: fall-through, branch targets (BRA's PC-relative target, BRX: nvdisasm's
   BRANCH_TARGETS, else any instruction; an indirect CALL: any instruction), CALL -> callee and return point,
   RET -> every return point, EXIT; liveness per register, backward;
3. *interference*: a register written where another is live (live-out of the instruction),
   registers live at the kernel's entry, and -- because a diverged warp's lane groups share
   the uniform registers and run one after the other -- after a branch the lanes may
   disagree on, a register written anywhere after it against one live anywhere after it;
4. *allocation*: only what must move moves (the registers from UR63 on, with every register
   that shares a 64/128-bit operand with one of them: a block keeps its layout and its
   alignment), each block into registers whose values never interfere with its own.

``plan`` returns the renaming; a kernel it cannot fit is refused with a located message
naming how many uniform registers are live where.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..asm.instruction import expr_env, field_readers, per_database
from ..asm.lexer import _RE_GUARD, _RE_MNEM
from ..errors import AsmError, Coord, Diagnostic, UsageError

#: this ISA's last uniform register (UR63 is URZ)
LAST = 62
_RE_UR = re.compile(r"\bUR(\d+)\b")
#: the memory descriptor `desc[URn]`: the assembler drops it (its value has no effect in this model,
#: decision A4b); read here as a use of the pair, conservatively
_RE_DESC = re.compile(r"\bdesc\s*\[\s*UR(\d+)\s*\]")
_RE_LABEL = re.compile(r"^\s*([.$A-Za-z_][\w.$]*)\s*:\s*$")
_RE_TARGETS = re.compile(r'BRANCH_TARGETS\s+([^"]*)"')
#: operand types that name a uniform register in their low 6 bits (F2UReg: FFMA2's `UR6.F32x2.HI_LO`, D20-2)
_UREG_TYPES = ("UReg", "UPackReg24", "UPackReg28", "F2UReg")
_URZ = 63
#: a line naming a register from UR60 on is read with low stand-ins: a pair or quad based there may
#: reach past UR62 (`UIMAD.WIDE.U32 UR62, ...` is Blackwell's UR62:UR63, decision D21-1)
_STAND_IN_FROM = LAST - 2


@dataclass
class Effect:
    """What one instruction does to the uniform registers (bit sets over original numbers)."""
    uses: int = 0
    defs: int = 0
    kills: int = 0
    blocks: tuple[int, ...] = ()     # registers of one 64/128-bit operand (each a bit set)
    align: tuple[tuple[int, int], ...] = ()   # (base, registers) of each such operand
    known: bool = True
    #: the value written, when it is the same wherever the instruction runs (a uniform register
    #: loaded from a constant bank at a fixed address: kernel parameters); two registers only ever
    #: written with the same such value may share a register
    value: tuple | None = None


def _bits(regs) -> int:
    out = 0
    for r in regs:
        out |= 1 << r
    return out


def _regs(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _temp_map(names: list[int]) -> tuple[dict[int, int], list[tuple[int, int, int]]] | None:
    """Low stand-ins for the registers *names* of one line: neighbours less than four apart
    stay together (a pair or quad keeps its layout), every group keeps its value mod 4 and has
    three free registers above it.  ``(original -> stand-in, [(stand-in start, original start,
    span)])``; None when they do not fit (the line is then read conservatively)."""
    groups: list[list[int]] = []
    for n in sorted(set(names)):
        if groups and n - groups[-1][-1] < 4:
            groups[-1].append(n)
        else:
            groups.append([n])
    out: dict[int, int] = {}
    spans = []
    nxt = 0
    for g in groups:
        t = nxt + (g[0] - nxt) % 4
        span = g[-1] - g[0] + 4
        if t + span - 1 > LAST:
            return None
        for n in g:
            out[n] = t + n - g[0]
        spans.append((t, g[0], span))
        nxt = t + span
    return out, spans


def _with_stand_ins(text: str, names: list[int]) -> tuple[str, list[tuple[int, int, int]] | None] | None:
    """*text* (naming uniform registers *names*) with each register written as its low stand-in
    (:func:`_temp_map`) when one of them is from UR60 on, and the stand-ins' spans (None: *text* is
    as it was); None when they do not fit."""
    if not names or max(names) < _STAND_IN_FROM:
        return text, None
    m = _temp_map(names)
    if m is None:
        return None
    sub, spans = m
    return _RE_UR.sub(lambda x: f"UR{sub[int(x.group(1))]}", text), spans


class _Lines:
    """The kernel's lines as the analysis assembles them."""

    def __init__(self, text: str):
        self.lines = text.split("\n")
        self.named: list[list[int]] = [[int(n) for n in _RE_UR.findall(t)] if "UR" in t else [] for t in self.lines]
        self.maps: list[list[tuple[int, int, int]] | None] = [None] * len(self.lines)
        self.bad: set[int] = set()

    def mapped(self) -> str:
        out = []
        for k, t in enumerate(self.lines):
            if k in self.bad:
                out.append("NOP ;" if t.strip() and not _RE_LABEL.match(t) else t)
                continue
            got = _with_stand_ins(t, self.named[k])
            if got is None:
                self.bad.add(k)
                out.append("NOP ;")
                continue
            text, self.maps[k] = got
            out.append(text)
        return "\n".join(out)

    def original(self, k: int, v: int) -> int | None:
        """The original number of stand-in register *v* of line *k*."""
        spans = self.maps[k]
        if spans is None:
            return v
        for t, lo, span in spans:
            if t <= v < t + span:
                return v - t + lo
        return None


def _assemble(db, lines: _Lines, first: int, filename: str):
    """The analysis program: lines the assembler rejects are NOPs there (and read conservatively)."""
    from ..asm.assembler import assemble
    for _ in range(len(lines.lines) + 1):
        try:
            return assemble(db, lines.mapped(), filename=filename, first_line=first)
        except AsmError as e:
            new = {d.coord.line - first for d in e.errors if d.severity == "error" and d.coord is not None
                   and 0 <= d.coord.line - first < len(lines.lines)} - lines.bad
            if not new:
                raise
            lines.bad |= new
    raise AssertionError("unreachable")


#: the field readers of Bitwidth<> expressions per (opcode, operand), one table per database
_readers = per_database(lambda db: {})


def _width(db, inst, o) -> int:
    """Operand *o*'s Bitwidth<> for the decoded *inst* (its fields' values)."""
    if o.bitwidth is None:
        return 32
    cache = _readers(db)
    key = (inst.opcode.name, o.name)
    r = cache.get(key)
    if r is None:
        r = cache[key] = field_readers(db, inst.opcode, set(o.bitwidth.names()))
    return o.width_for(expr_env(inst.word, r))


def _always(inst) -> bool:
    """The instruction's guard is PT (not negated): it always executes."""
    g = inst.opcode.guard
    if g is None:
        return True
    f = inst.fields
    return f.get(g.field.name) == 7 and not f.get(g.field.name + ".not", 0)


def effect(db, inst, k: int, lines: _Lines) -> Effect:
    """The uniform registers line *k* (decoded *inst*) reads and writes, in original numbers."""
    text = lines.lines[k]
    named = set(lines.named[k])
    desc = {int(n) for n in _RE_DESC.findall(text)}
    e = Effect()
    seen: set[int] = set()
    blocks, align = [], []
    for o in inst.opcode.operands:
        parts = [(o.field.name, _width(db, inst, o), o.is_input, o.is_output)] if o.type in _UREG_TYPES else []
        if o.address is not None:
            parts += [(p.name, _width(db, inst, o) if p is o.address.ubase else 32, True, False)
                      for p in o.address.parts if p.type in _UREG_TYPES]
        for name, width, is_in, is_out in parts:
            v = inst.fields.get(name)
            if v is None or v & 0x3F == _URZ:
                continue
            base = lines.original(k, v & 0x3F)
            if base is None or base not in named:
                return _unknown(lines, k)
            seen.add(base)
            n = max(1, (width + 31) // 32)
            regs = _bits(range(base, base + n))
            if is_in:
                e.uses |= regs
            if is_out:
                e.defs |= regs
            if n > 1:
                blocks.append(regs)
                align.append((base, n))
    if named - seen - desc:
        return _unknown(lines, k)
    for d in desc - seen:
        e.uses |= _bits((d, d + 1))
        blocks.append(_bits((d, d + 1)))
    if _always(inst):
        e.kills = e.defs
        e.value = _invariant(inst, e)
    e.blocks, e.align = tuple(blocks), tuple(align)
    return e


def _invariant(inst, e: Effect) -> tuple | None:
    """The value key of an unguarded instruction whose one 32-bit uniform result is read from a
    constant bank at a fixed address (every input a constant-bank operand without a register: the
    banks are read-only while a kernel runs), else None."""
    op = inst.opcode
    if e.uses or e.defs & (e.defs - 1) or any(o.is_input and not o.guard and o.kind != "cmem" for o in op.operands):
        return None
    if sum(o.is_output for o in op.operands) != 1:
        return None
    dest = next(o.field.name for o in op.operands if o.is_output)
    skip = {dest} | {c.name for c in op.controls}
    return (op.name,) + tuple((f.name, inst.fields[f.name]) for f in op.fields if f.name not in skip)


def _unknown(lines: _Lines, k: int) -> Effect:
    """A line read conservatively: it reads and may write every register it names and the three
    above each, which move together."""
    quads = [_bits(range(n, n + 4)) for n in set(lines.named[k])]
    regs = _bits(r for q in quads for r in _regs(q))
    return Effect(uses=regs, defs=regs, kills=0, blocks=tuple(quads),
                  align=tuple((n, 4) for n in set(lines.named[k])), known=False)


# -- control flow -----------------------------------------------------------------------------------
def _is_pred(o) -> bool:
    return o.type.endswith("Pred")


def _conditions(inst) -> tuple[bool, bool]:
    """``(conditional, lane-dependent)``: whether the instruction may fall through / not transfer
    control (a guard or condition other than PT, a thread mask, a modifier off its default: BRA's
    `.U`/`.DIV`/`.CONV`), and whether the lanes of a warp may disagree about it (a lane predicate,
    a register target or member mask other than RZ, a thread mask in a uniform register; a uniform
    predicate, a constant-bank target and the divergence state are the same for every lane)."""
    f = inst.fields
    cond = lane = False
    for o in inst.opcode.operands:
        v = f.get(o.field.name)
        if _is_pred(o):
            if v != 7 or f.get(o.field.name + ".not", 0):
                cond = True
                lane = lane or o.type != "UPred"
        elif o.type in _UREG_TYPES:
            if (v or 0) & 0x3F != _URZ or f.get(o.field.name + ".bitnot", 0):
                cond = lane = True
        elif o.type == "Reg" and v != 255:
            lane = True
    for m in inst.opcode.modifiers:
        if m.default is not None and f.get(m.field.name) != m.field.default:
            cond = True
    return cond, lane


def _pcrel_target(db, inst, address: int) -> int | None:
    for o in inst.opcode.operands:
        if o.asm_format is not None and o.asm_format.func == "pcrel":
            return address + 16 + (inst.value(o.field.name, db) << o.asm_format.shift)
    return None


def _abs_target(db, inst) -> int | None:
    """The absolute target of a ``.ABS`` CALL through no register (``CALL.ABS.NOINC `(F)``: the
    offset field holds the address without its low 4 bits), else None (decision D17-4)."""
    f = inst.fields
    fm = inst.opcode.field_map
    if "mode" not in fm or "offset" not in fm or "ura" in f or f.get("ra", 255) != 255:
        return None
    t = db.types.get(fm["mode"].type)
    if t is None or t.by_value.get(f["mode"]) != "ABS":
        return None
    return inst.value("offset", db) * 16


@dataclass
class Flow:
    """The analysis program's instructions: line index, effect, successors (instruction indices),
    whether the lanes may diverge there."""
    lines: list[int]
    effects: list[Effect]
    succ: list[list[int]]
    diverges: list[bool]


def flow(db, prog, lines: _Lines, first: int, raw=None) -> Flow:
    """Effects and control flow of the analysis program *prog*; *raw(line number)*: the listing's
    text of a line (nvdisasm's ``(*"BRANCH_TARGETS …"*)`` notes name a BRX's targets), or None."""
    recs = [r for r in prog.records if r.opcode is not None]
    index = {r.address: i for i, r in enumerate(recs)}
    n = len(recs)
    anywhere = list(range(n))     # an unknown target: any instruction (a listing need not label them all)
    insts = [r.instruction for r in recs]
    kinds = [inst.opcode.optype if inst is not None else "" for inst in insts]
    returns = [i + 1 for i in range(n) if kinds[i] == "CALL" and i + 1 < n]
    out = Flow([], [], [], [])
    for i, (r, inst) in enumerate(zip(recs, insts)):
        k = r.line - first
        out.lines.append(k)
        nxt = [i + 1] if i + 1 < n else []
        if inst is None or k in lines.bad:
            out.effects.append(_unknown(lines, k))
            if _plain(db, lines.lines[k]):     # its mnemonic cannot branch: it falls through (D16-3)
                out.succ.append(nxt)
                out.diverges.append(False)
            else:
                out.succ.append(anywhere)
                out.diverges.append(True)
            continue
        out.effects.append(effect(db, inst, k, lines) if lines.named[k] else Effect())
        kind = kinds[i]
        cond, lane = _conditions(inst)
        succ = nxt
        if kind == "BRA":
            t = _pcrel_target(db, inst, r.address)
            succ = ([index[t]] if t in index else []) + (nxt if cond else [])
        elif kind in ("BRX", "BRXU"):
            succ = _brx_targets(prog, index, raw(r.line) if raw else "", anywhere) + (nxt if cond else [])
        elif kind == "CALL":
            if not any(o.type == "CMem" for o in inst.opcode.operands):   # a constant-bank target: a runtime stub
                t = _pcrel_target(db, inst, r.address)
                if t is None:
                    t = _abs_target(db, inst)   # -G code's CALL.ABS.NOINC `(F) (D17-4)
                succ = ([index[t]] if t in index else anywhere) + nxt
        elif kind == "RET":
            succ = returns + (nxt if cond else [])
        elif kind == "EXIT":
            succ = nxt if cond else []
        out.succ.append(sorted(set(succ)))
        # a RET returns each lane to its own call site: lanes that called from different sites diverged
        # at an earlier branch, whose region holds both
        out.diverges.append(lane and kind in ("BRA", "BRX", "BRXU", "CALL", "WARPSYNC"))
    return out


#: the optypes whose instructions change the flow of control or where lanes may part (flow() above)
_CONTROL = frozenset({"BRA", "BRX", "BRXU", "CALL", "RET", "EXIT", "WARPSYNC"})


def _plain(db, text: str) -> bool:
    """Whether a line the analysis cannot assemble (a quad reaching past UR62, say) is an instruction
    that cannot branch: its mnemonic names opcodes of the database, none of them of a control-flow
    optype. Such a line falls through like any other; before, it was taken to jump anywhere and to
    part the lanes, which made the liveness fixpoint quadratic (every change re-queued it, and its
    out-set is the union of every instruction's) and added interference after it (D16-3)."""
    stmt = _RE_STMT.match(text)
    if stmt is None:
        return False
    body = stmt.group(1)
    guard = _RE_GUARD.match(body)       # the assembler's own grammar of a guard and a mnemonic
    m = _RE_MNEM.match(body, guard.end() if guard else 0)
    ops = db.by_mnemonic(m.group("mn")) if m else ()
    return bool(ops) and not any(op.optype in _CONTROL for op in ops)


def _brx_targets(prog, index: dict[int, int], raw: str, anywhere: list[int]) -> list[int]:
    """A BRX's targets: the labels of nvdisasm's ``(*"BRANCH_TARGETS …"*)`` note on its line, else any
    instruction."""
    m = _RE_TARGETS.search(raw)
    if m:
        names = [x.strip() for x in m.group(1).split(",") if x.strip()]
        if names and all(x in prog.symbols and prog.symbols[x] in index for x in names):
            return [index[prog.symbols[x]] for x in names]
    return anywhere


# -- liveness and interference ----------------------------------------------------------------------
def _backward(succ: list[list[int]], gen: list[int], keep: list[int] | None) -> list[int]:
    """The fixpoint of ``in[i] = gen[i] | (out[i] & ~kill[i])``, ``out[i] = OR in[s]`` over the
    successors (*keep*: ``~kill``, None for no kills); returns ``in``."""
    n = len(succ)
    inn = list(gen)
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, ss in enumerate(succ):
        for s in ss:
            preds[s].append(i)
    work = list(range(n))
    queued = [True] * n
    while work:
        i = work.pop()
        queued[i] = False
        o = 0
        for s in succ[i]:
            o |= inn[s]
        v = gen[i] | (o & keep[i] if keep is not None else o)
        if v != inn[i]:
            inn[i] = v
            for p in preds[i]:
                if not queued[p]:
                    queued[p] = True
                    work.append(p)
    return inn


@dataclass
class Liveness:
    live_in: list[int]
    live_out: list[int]


def liveness(fl: Flow) -> Liveness:
    """Live uniform registers before and after each instruction (a guarded write does not kill)."""
    live_in = _backward(fl.succ, [e.uses for e in fl.effects], [~e.kills for e in fl.effects])
    live_out = []
    for ss in fl.succ:
        o = 0
        for s in ss:
            o |= live_in[s]
        live_out.append(o)
    return Liveness(live_in, live_out)


def interference(fl: Flow, lv: Liveness, want: int) -> dict[int, int]:
    """Register of *want* (a bit set) -> the registers it may not share a register with (bit set)."""
    edges: dict[int, int] = {}

    def add(a_bits: int, b_bits: int) -> None:
        for a in _regs(a_bits & want):
            edges[a] = edges.get(a, 0) | b_bits
        for b in _regs(b_bits & want):
            edges[b] = edges.get(b, 0) | a_bits

    for i, e in enumerate(fl.effects):
        if e.defs:
            add(e.defs, lv.live_out[i] | e.defs)
    n = len(fl.succ)
    has_pred = [False] * n
    for ss in fl.succ:
        for s in ss:
            has_pred[s] = True
    for i in range(n):
        if i == 0 or not has_pred[i]:
            add(lv.live_in[i], lv.live_in[i])
    if any(fl.diverges):
        # a diverged warp's groups run one after the other: what is live anywhere after the
        # branch must survive every write after it
        after_live = _backward(fl.succ, [a | b for a, b in zip(lv.live_in, lv.live_out)], None)
        after_defs = _backward(fl.succ, [e.defs for e in fl.effects], None)
        for i, d in enumerate(fl.diverges):
            if d:
                live = defs = 0
                for s in fl.succ[i]:
                    live |= after_live[s]
                    defs |= after_defs[s]
                add(defs, live)
    for r in list(edges):
        edges[r] &= ~(1 << r)
    for members in _value_classes(fl).values():
        for r in _regs(members & want):
            if r in edges:
                edges[r] &= ~members
    return edges


def _value_classes(fl: Flow) -> dict[tuple, int]:
    """Value key -> the registers every write of which writes that value (:attr:`Effect.value`)."""
    keys: dict[int, tuple | None] = {}
    for e in fl.effects:
        for r in _regs(e.defs):
            k = e.value if e.value is not None and e.defs == 1 << r else None
            keys[r] = k if keys.get(r, k) == k else None
    out: dict[tuple, int] = {}
    for r, k in keys.items():
        if k is not None:
            out[k] = out.get(k, 0) | 1 << r
    return out


# -- allocation -----------------------------------------------------------------------------------
def components(fl: Flow) -> list[tuple[int, int]]:
    """The registers that must move, as blocks ``(registers, alignment)``: every register from UR63
    on, joined with every register that shares a 64/128-bit operand with one of the block (their
    layout moves as one); the alignment keeps each such operand's base at its value mod its size."""
    high = 0
    for e in fl.effects:
        high |= (e.uses | e.defs) >> (LAST + 1) << (LAST + 1)
    comps = [1 << r for r in _regs(high)]
    blocks = [b for e in fl.effects for b in e.blocks]
    changed = True
    while changed:
        changed = False
        for b in blocks:
            hit = [c for c in comps if c & b]
            if hit and (len(hit) > 1 or b & ~hit[0]):
                merged = b
                for c in hit:
                    merged |= c
                comps = [c for c in comps if not c & b] + [merged]
                changed = True
    out = []
    for c in comps:
        align = 1
        for e in fl.effects:
            for base, n in e.align:
                if c >> base & 1:
                    align = max(align, n)
        out.append((c, align))
    return out


class Refusal(Exception):
    """No place for a block: its registers, the line (index) where most uniform registers are live
    while one of them is, and how many."""

    def __init__(self, regs: int, line: int, live: int):
        super().__init__(regs, line, live)
        self.regs, self.line, self.live = regs, line, live


def allocate(fl: Flow, lv: Liveness) -> dict[int, int]:
    """Original register -> new register, for the registers that move (:func:`components`)."""
    comps = components(fl)
    if not comps:
        return {}
    want = 0
    for c, _ in comps:
        want |= c
    edges = interference(fl, lv, want)
    present = 0
    for e in fl.effects:
        present |= e.uses | e.defs
    occ = {s: 1 << s for s in _regs(present & ~want) if s <= LAST}   # slot -> registers in it
    out: dict[int, int] = {}
    # the most constrained blocks first: the widest, then the most interfering
    comps.sort(key=lambda ca: (-ca[0].bit_count(), -sum(edges.get(r, 0).bit_count() for r in _regs(ca[0]))))
    for c, align in comps:
        regs = _regs(c)
        lo, hi = regs[0], regs[-1]
        bases = [b for b in range(0, LAST - (hi - lo) + 1) if (b - lo) % align == 0]
        bases.sort(key=lambda b: (b < 10, -b))      # two-digit numbers first: the listing's columns stay
        for b in bases:
            d = b - lo
            if all(not edges.get(r, 0) & occ.get(r + d, 0) for r in regs):
                for r in regs:
                    occ[r + d] = occ.get(r + d, 0) | 1 << r
                    out[r] = r + d
                break
        else:
            best, where = -1, 0
            for i in range(len(fl.effects)):
                both = lv.live_in[i] | lv.live_out[i]
                if both & c and both.bit_count() > best:
                    best, where = both.bit_count(), fl.lines[i]
            raise Refusal(c, where, max(best, 0))
    return out


def analyse(db, text: str, first: int, filename: str, raw=None) -> tuple[Flow, Liveness]:
    """Effects, control flow and liveness of a kernel's text (*first*: its first line's number)."""
    lines = _Lines(text)
    prog = _assemble(db, lines, first, filename)
    fl = flow(db, prog, lines, first, raw)
    return fl, liveness(fl)


def plan(db, text: str, first: int, filename: str, raw=None) -> dict[int, int]:
    """The renaming of a kernel's text whose uniform registers go beyond UR62 (original number ->
    new number, for those that move); raises :class:`Refusal` when a block finds no place."""
    return allocate(*analyse(db, text, first, filename, raw))


def refusal_error(e: Refusal, kernel: str, arch: int, text: str, first: int, filename: str) -> UsageError:
    """The located message for a kernel whose uniform registers do not fit (at the first line naming
    one of the block's registers)."""
    lines = text.split("\n")
    regs = set(_regs(e.regs))
    at, m = next(((k, x) for k, t in enumerate(lines) for x in _RE_UR.finditer(t) if int(x.group(1)) in regs),
                 (e.line, None))
    names = ", ".join(f"UR{r}" for r in sorted(regs))
    msg = (f"kernel {kernel} (sm_{arch}) uses {names} as ordinary uniform registers and not enough uniform "
           f"registers are free to take their place: {e.live} uniform registers are live at line {first + e.line} "
           f"(this ISA has UR0-UR62 and URZ; decisions CU-9, D12-U-1)")
    col, length = (m.start() + 1, len(m.group(0))) if m is not None else (1, 1)
    return UsageError([Diagnostic("error", msg, Coord(filename, first + at, col), lines[at], length)])


# -- constant-bank words read in place (decision D15-C-1) -----------------------------------------
#: an unguarded load of one, two or four whole 32-bit words from a constant bank at a fixed address
#: into uniform registers (`LDCU.128 UR64, c[0x3][0x100]`): the registers hold those words while the
#: kernel runs (the banks are read-only)
_RE_CLOAD = re.compile(r"(?<![\w.@])(?:LDCU|ULDC)(?:\.(?:64|128))?\s+UR(\d+)\s*,\s*c\[(0x[0-9a-fA-F]+)\]\s*"
                       r"\[(0x[0-9a-fA-F]+)\]\s*;")
_RE_STMT = re.compile(r"^\s*(?:/\*[0-9a-fA-F]+\*/)?\s*(.*?)\s*;")


def _cword_loads(fl: Flow, lines: _Lines) -> tuple[dict[int, tuple[int, int] | None], dict[int, tuple[int, int]]]:
    """(register -> the (bank, address) of the word every write of it loads, or None when some write
    is anything else; instruction index -> (its registers, the line) for the loads of whole words)."""
    words: dict[int, tuple[int, int] | None] = {}
    loads: dict[int, tuple[int, int]] = {}
    for i, e in enumerate(fl.effects):
        if not e.defs:
            continue
        k = fl.lines[i]
        m = _RE_CLOAD.search(lines.lines[k]) if e.known and k not in lines.bad else None
        base = int(m.group(1)) if m else -1
        ok = m is not None and not e.uses and e.kills == e.defs and \
            e.defs == _bits(range(base, base + e.defs.bit_count()))
        for r in _regs(e.defs):
            w = (int(m.group(2), 16), int(m.group(3), 16) + 4 * (r - base)) if ok and m else None
            words[r] = w if words.get(r, w) == w else None
        if ok:
            loads[i] = (e.defs, k)
    return words, loads


def _with_words(text: str, regs: dict[int, tuple[int, int]]) -> str:
    """*text* with each register of *regs* written as its constant-bank word."""
    return _RE_UR.sub(lambda x: f"c[{regs[int(x.group(1))][0]:#x}][{regs[int(x.group(1))][1]:#x}]"
                      if int(x.group(1)) in regs else x.group(0), text)


def _encodes(db, text: str) -> bool:
    """Whether the statement of listing line *text* assembles (its registers from UR60 on given low
    stand-ins, as the analysis does)."""
    from ..asm.assembler import encode_one
    m = _RE_STMT.match(text)
    if m is None:
        return False
    got = _with_stand_ins(m.group(1), [int(n) for n in _RE_UR.findall(m.group(1))])
    if got is None:
        return False
    try:
        encode_one(db, got[0])
    except AsmError:
        return False
    return True


def fold_constant_words(db, text: str, first: int, filename: str, raw=None) -> str:
    """*text* with the uniform registers that only ever hold one constant-bank word read as that
    word where they are used (`IADD3 R18, PT, PT, R17, UR76, R18` -> `..., c[0x3][0x10c], R18`) and
    their loads made NOPs (the addresses stay), for every load whose registers are all read only by
    32-bit operands of instructions that have such a form (the assembler says which).  Frees the
    uniform registers of a kernel whose live values do not fit UR0-UR62 (decision D15-C-1)."""
    lines = _Lines(text)
    fl = flow(db, _assemble(db, lines, first, filename), lines, first, raw)
    found, loads = _cword_loads(fl, lines)
    words = {r: w for r, w in found.items() if w is not None}
    fold = set(words)
    uses_at: dict[int, int] = {}
    for i, e in enumerate(fl.effects):
        if e.uses:
            uses_at[fl.lines[i]] = uses_at.get(fl.lines[i], 0) | e.uses
            if not e.known or fl.lines[i] in lines.bad:
                fold -= set(_regs(e.uses))
            fold -= {r for b in e.blocks for r in _regs(b)} | set(_regs(e.uses & e.defs))
    tried: dict[tuple[int, int], bool] = {}
    changed = True
    while changed:
        changed = False
        for defs, _k in loads.values():
            if defs & _bits(fold) and defs & ~_bits(fold):
                fold -= set(_regs(defs))
                changed = True
        for k, u in uses_at.items():
            mine = u & _bits(fold)
            if mine and not tried.setdefault((k, mine), _encodes(db, _with_words(
                    lines.lines[k], {r: words[r] for r in _regs(mine)}))):
                fold -= set(_regs(mine))
                changed = True
    if not fold:
        return text
    out = list(lines.lines)
    for defs, k in loads.values():
        if defs & _bits(fold):
            out[k] = _RE_CLOAD.sub("NOP ;", out[k], count=1)
    for k, u in uses_at.items():
        if u & _bits(fold):
            out[k] = _with_words(out[k], {r: words[r] for r in _regs(u & _bits(fold))})
    return "\n".join(out)

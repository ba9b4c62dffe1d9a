"""Constrained-random generator of divergent SIMT programs (``gpuisa gen``).

A program is first built as a *tree* (:class:`Program`): blocks of statements,
each a leaf operation (:class:`Op`) or a structured construct (:class:`If`,
:class:`Loop`, :class:`Call`, :class:`Switch`, :class:`LaneGroup`,
:class:`Bar`).  :func:`emit` turns the tree into assembly text; the oracle
(:mod:`gpuisa.verify.oracle`) interprets the same tree per thread.  The shrinker
(:mod:`gpuisa.verify.regress`) edits the tree and emits it again.

Reproducibility: every random choice comes from one ``random.Random(seed)``
in a fixed order (no hashing, no set iteration), so a seed gives the same
program on every machine and Python version that keeps ``random``'s
documented sequence.

Register conventions (the prologue sets only what the tree uses):

=========  ==========================================================
R0         lane id                 R9      global thread id (gtid)
R2         thread id in the CTA    R8      tid * 4 (shared slot offset)
R[4:5]     &out[gtid * 8]          R[6:7]  &inp[gtid * 4]
R[30:31]   &cnt[0]                 R10-R13 per-lane condition sources
R14, R15   temporaries (BRX index, ballots, shared addresses)
R16-R27    data registers          R40-R47 loop counters (main)
R48-R55    loop counters in funcs  R[60:61], R[62:63] return addresses
P0         branch conditions       P1      break/exit/guard conditions
P2         loop tests              P3-P5   data predicates
=========  ==========================================================
"""
from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

DATA_REGS = list(range(16, 28))
COND_REGS = [10, 11, 12, 13]
DATA_PREDS = [3, 4, 5]
OUT_SLOTS = 8           # output words per thread
INP_WORDS = 4           # input words per thread
SMEM_COUNTER = 0x2000   # byte address of the shared atomic counter (beyond the slots)
MAIN_B = 0              # B registers: main program B0-B5, level-1 functions B6-B10, level-2 B11-B15
FUNC_B = (6, 11)
LINK = (60, 62)         # return address pairs of level-1 / level-2 functions
COUNTER_BASE = (40, 48, 54)

CMPS = ["LT", "LE", "GT", "GE", "EQ", "NE"]
SHFL_MODES = ["IDX", "UP", "DOWN", "BFLY"]
REDUX_OPS = ["AND", "OR", "XOR", "SUM", "MAX", "MIN"]
VOTE_OPS = ["ANY", "ALL", "EQ"]

DEFAULT_MIX = {"alu": 4, "float": 1, "mem": 2, "warp": 3, "ctrl": 4}
UNITS = ("bru", "sync", "gp")


@dataclass
class Knobs:
    """What the generator may produce (written in the program's header)."""
    length: int = 30            # statements in the main body (approximately)
    depth: int = 3              # nesting depth of control constructs
    warps: int = 2              # warps per CTA (1, 2 or 4)
    ctas: int = 1               # CTAs in the grid
    mix: dict = field(default_factory=lambda: dict(DEFAULT_MIX))
    units: tuple = UNITS        # units whose instructions may appear in random statements

    def header(self) -> str:
        mix = ",".join(f"{k}={v}" for k, v in self.mix.items())
        return (f"length={self.length} depth={self.depth} warps={self.warps} ctas={self.ctas} "
                f"mix={mix} units={','.join(self.units)}")


def parse_mix(text: str) -> dict:
    """``"alu=4,warp=2"`` -> a full mix dictionary (unnamed categories keep their default)."""
    mix = dict(DEFAULT_MIX)
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, sep, v = part.partition("=")
        if not sep or k not in mix or not v.strip().isdigit():
            raise ValueError(f"bad mix entry {part!r}: expected NAME=INT with NAME in {', '.join(mix)}")
        mix[k] = int(v)
    return mix


# -- the tree ------------------------------------------------------------------------------
@dataclass
class Op:
    """A leaf statement: *kind* names it, *a* holds its operands (see emit_op)."""
    kind: str
    a: dict


@dataclass
class Cond:
    """A per-lane condition ``R<reg> <cmp> imm`` (unsigned), on condition sources only."""
    reg: int
    cmp: str
    imm: int


@dataclass
class If:
    cond: Cond
    then: list
    els: list
    form: str = "plain"   # plain | U | DIV | CONV | UR-DIV | UR-CONV | pp
    neg: bool = False     # @!P0
    ur: int = 0           # UR mask of the UR forms
    cond2: Cond | None = None  # the Pp operand of the pp form


@dataclass
class Loop:
    src: int               # condition source register of the trip count
    body: list
    counter: int
    top: bool = True       # top test (0-3 trips) or bottom test (1-4 trips)
    spin: bool = False     # a spin loop: YIELD (and NANOSLEEP) each iteration
    sleep: int = 0
    guard: str = ""        # guard of the spin loop's YIELD and NANOSLEEP ("", "@P0", "@!P0")
    sleep_first: bool = False  # NANOSLEEP at the top of the body, YIELD at the bottom


@dataclass
class Call:
    fn: int
    cond: Cond | None = None
    ret_addr: int = 0      # filled in by emit


@dataclass
class Switch:
    src: int
    cases: list            # 2 or 4 blocks


@dataclass
class LaneGroup:
    lanes: int             # lanes 0..lanes-1 (top level only), WARPSYNC with their static mask
    body: list


@dataclass
class Bar:
    pass


@dataclass
class TailSync:
    """The last statement of ``main`` (decision V3): a region whose closing sync is guarded by a
    per-lane condition in P1 -- ``@P1 BSYNC`` (kind ``bsync``) or ``@P1 WARPSYNC 0xffffffff``
    (kind ``warpsync``).  The lanes whose guard is false pass it and EXIT; the others wait at it
    (the ``guard_false_lanes`` arm) and complete it once the first group has exited.  Only
    per-thread code follows it, so each thread runs the body once, in either group."""
    kind: str
    cond: Cond
    body: list


@dataclass
class Program:
    seed: int
    knobs: Knobs
    main: list
    funcs: list            # list of (level, body)
    cond_init: dict        # reg -> (mul, add)
    data_init: dict        # reg -> (mul, add)

    @property
    def ntid(self) -> int:
        return 32 * self.knobs.warps

    @property
    def nthreads(self) -> int:
        return self.ntid * self.knobs.ctas


# -- generation ----------------------------------------------------------------------------
class _Gen:
    def __init__(self, seed: int, knobs: Knobs):
        self.r = random.Random(seed)
        self.k = knobs
        self.funcs: list = []
        self.budget = knobs.length
        cats = [(c, w) for c, w in knobs.mix.items() if w > 0]
        if "sync" not in knobs.units:
            cats = [(c, w) for c, w in cats if c != "warp"]
        if "bru" not in knobs.units:
            cats = [(c, w) for c, w in cats if c != "ctrl"]
        if "gp" not in knobs.units:
            cats = [(c, w) for c, w in cats if c not in ("alu", "float", "mem")] or [("alu", 1)]
        self.cats = cats or [("alu", 1)]

    # small helpers
    def dreg(self) -> int:
        return self.r.choice(DATA_REGS)

    def cond(self, lane_ok=True) -> Cond:
        r = self.r
        if lane_ok and r.random() < 0.3:
            return Cond(0, r.choice(["LT", "GE", "NE", "EQ"]), r.randrange(0, 33))
        reg = r.choice(COND_REGS)
        x = r.random()
        if x < 0.12:
            return Cond(reg, r.choice(["GE", "LE"]), 0 if r.random() < 0.5 else 0xFFFFFFFF)  # uniform
        return Cond(reg, r.choice(CMPS[:4]), r.randrange(1 << 32))

    def src(self):
        return self.dreg() if self.r.random() < 0.7 else ("imm", self.r.randrange(1 << 32))

    def alu(self) -> Op:
        r = self.r
        k = r.choice(["mov", "iadd3", "imad", "lop3", "shf", "isetp", "sel", "iadd3", "lop3"])
        d = self.dreg()
        if k == "mov":
            return Op("mov", {"d": d, "imm": r.randrange(1 << 32)})
        if k == "iadd3":
            return Op("iadd3", {"d": d, "a": self.dreg(), "b": self.src(), "c": self.dreg(), "guard": self.guard()})
        if k == "imad":
            return Op("imad", {"d": d, "a": self.dreg(), "b": self.src(), "c": self.dreg()})
        if k == "lop3":
            return Op("lop3", {"d": d, "a": self.dreg(), "b": self.src(), "c": self.dreg(), "lut": r.randrange(256)})
        if k == "shf":
            return Op("shf", {"d": d, "dir": r.choice("LR"), "type": r.choice(["U32", "S32"]),
                              "hi": r.random() < 0.5, "a": self.dreg(), "n": r.randrange(33), "c": self.dreg()})
        if k == "isetp":
            return Op("isetp", {"p": r.choice(DATA_PREDS), "cmp": r.choice(CMPS), "fmt": r.choice(["U32", "S32"]),
                                "a": self.dreg(), "b": self.src()})
        return Op("sel", {"d": d, "a": self.dreg(), "b": self.dreg(), "p": r.choice(DATA_PREDS),
                          "pnot": r.random() < 0.5})

    def guard(self):
        if self.r.random() < 0.2:
            return (self.r.choice(DATA_PREDS), self.r.random() < 0.5)
        return None

    def flt(self) -> Op:
        r = self.r
        k = r.choice(["fadd", "fmul", "i2f"])
        if k == "i2f":
            return Op("i2f", {"d": self.dreg(), "a": self.dreg(), "unsigned": r.random() < 0.5})
        return Op(k, {"d": self.dreg(), "a": self.dreg(), "b": self.dreg(),
                      "na": r.random() < 0.3, "nb": r.random() < 0.3})

    def mem(self, top: bool) -> Op:
        r = self.r
        k = r.choice(["stg", "stg", "ldg", "sts", "lds", "red", "atoms"])
        if k == "stg":
            return Op("stg", {"slot": r.randrange(OUT_SLOTS), "r": self.dreg()})
        if k == "ldg":
            return Op("ldg", {"d": self.dreg(), "idx": r.randrange(INP_WORDS)})
        if k == "sts":
            return Op("sts", {"r": self.dreg()})
        if k == "lds":
            return Op("lds", {"d": self.dreg(), "k": r.randrange(1, 64)})
        if k == "red":
            return Op("red", {"r": self.dreg()})
        return Op("atoms", {"r": self.dreg()})

    def warp(self) -> Op:
        r = self.r
        k = r.choice(["shfl", "shfl", "vote", "redux", "match", "elect", "electu", "movm", "reduxu",
                      "voteu", "wsr", "wsu", "bmov"])
        g = self.cond() if r.random() < 0.25 else None
        if k == "shfl":
            mode = r.choice(SHFL_MODES)
            b = r.randrange(32) if r.random() < 0.7 else ("reg", r.choice([0] + COND_REGS))
            seg = r.choice([0, 0, 0x10, 0x18, 0x1c, 0x1e])
            c = (seg << 8) | (r.randrange(32) if r.random() < 0.5 else (0 if mode == "UP" else 31))
            return Op("shfl", {"mode": mode, "d": self.dreg(), "a": self.dreg(), "b": b, "c": c,
                               "pu": r.choice(DATA_PREDS), "g": g, "creg": r.random() < 0.3})
        if k == "vote":
            return Op("vote", {"op": r.choice(VOTE_OPS), "d": self.dreg(), "pu": r.choice(DATA_PREDS),
                               "pp": self.cond(), "ppnot": r.random() < 0.3, "g": g})
        if k == "voteu":
            return Op("voteu", {"op": r.choice(VOTE_OPS), "d": self.dreg(), "pp": self.cond(), "g": g})
        if k in ("redux", "reduxu"):
            return Op(k, {"op": r.choice(REDUX_OPS), "signed": r.random() < 0.5, "d": self.dreg(),
                          "a": self.dreg(), "g": g})
        if k == "match":
            return Op("match", {"op": r.choice(["ANY", "ALL"]), "d": self.dreg(), "pu": r.choice(DATA_PREDS),
                                "a": self.dreg(), "g": g, "small": r.random() < 0.6})
        if k in ("elect", "electu"):
            ur = r.randrange(1 << 32) if r.random() < 0.3 else None   # the ELECT_U form: a UR member mask
            return Op(k, {"d": self.dreg(), "pu": r.choice(DATA_PREDS),
                          "pp": self.cond() if ur is None and r.random() < 0.5 else None, "g": g, "ur": ur})
        if k == "movm":
            return Op("movm", {"d": self.dreg(), "a": self.dreg()})
        if k == "bmov":
            return Op("bmov", {})
        return Op(k, {})   # wsr / wsu: WARPSYNC on the group's own ballot (register / uniform register)

    # blocks
    def block(self, n: int, depth: int, ctx: dict) -> list:
        out = []
        for _ in range(n):
            if self.budget <= 0:
                break
            self.budget -= 1
            out.append(self.stmt(depth, ctx))
        return out

    def stmt(self, depth: int, ctx: dict):
        r = self.r
        cat = r.choices([c for c, _ in self.cats], [w for _, w in self.cats])[0]
        if cat == "ctrl" and depth < self.k.depth:
            return self.ctrl(depth, ctx)
        if cat == "ctrl":
            cat = "alu"
        if cat == "warp" and not ctx["taint"][0]:
            return self.warp()
        if cat == "float":
            return self.flt()
        if cat == "mem" and not ctx.get("func"):
            return self.mem(depth == 0)
        return self.alu()

    def ctrl(self, depth: int, ctx: dict):
        r = self.r
        choices = ["if", "if", "if", "loop", "loop", "switch", "exit"]
        if ctx.get("loop") is not None:
            choices += ["break", "break"]
        if ctx.get("level", 0) < 2 and len(self.funcs) < 4:
            choices += ["call"]
        if depth == 0 and not ctx.get("func"):
            choices += ["bar", "lanegroup"]
        if ctx.get("loop") is None and not ctx.get("func"):
            choices += ["spin", "spin2"]
        k = r.choice(choices)
        sub = max(1, min(6, self.budget // 3))
        if k == "if":
            form = r.choice(["plain", "plain", "plain", "U", "DIV", "CONV", "UR-DIV", "UR-CONV", "pp"])
            if ctx["taint"][0] and form not in ("plain", "pp"):
                form = "plain"  # after a spin loop the warp may be split: no warp-level branch condition
            node = If(self.cond(), [], [], form, r.random() < 0.3, r.randrange(1 << 32) if r.random() < 0.7
                      else 0xFFFFFFFF, self.cond() if form == "pp" else None)
            node.then = self.block(r.randint(1, sub), depth + 1, {**ctx})
            node.els = self.block(r.randint(0, sub), depth + 1, {**ctx})
            return node
        if k == "spin2":  # two spin loops that sleep, one per arm: lane groups that all sleep
            ctx["taint"][0] = True
            arms = [Loop(r.choice(COND_REGS), [], COUNTER_BASE[0] + depth + 1, top=r.random() < 0.5, spin=True,
                         sleep=r.choice([0x10, 0x40, 0x100])) for _ in range(2)]
            other: list = [arms[1]]
            if r.random() < 0.3:  # the other arm exits while this one sleeps
                other = [Op("exit", {"c": Cond(COND_REGS[0], "GE", 0)})]
                arms[0].sleep_first, arms[0].sleep = True, 0x100
            return If(self.cond(), [arms[0]], other, "plain", False, 0, None)  # exit while the others sleep
        if k in ("loop", "spin"):
            spin = k == "spin"
            lvl = ctx.get("level", 0)
            counter = COUNTER_BASE[lvl] + depth
            loop = Loop(r.choice(COND_REGS), [], counter, top=r.random() < 0.5, spin=spin,
                        sleep=r.choice([0, 0, 0x10, 0x40]) if spin else 0,
                        guard=r.choice(["", "", "@P0", "@!P0"]) if spin else "")
            if spin:
                ctx["taint"][0] = True  # the rest of this top-level statement: no warp-synchronous op
                loop.body = [self.alu() for _ in range(r.randint(0, 2))]
            else:
                loop.body = self.block(r.randint(1, sub), depth + 1, {**ctx, "loop": depth})
            return loop
        if k == "switch":
            n = r.choice([2, 4])
            return Switch(r.choice(COND_REGS), [self.block(r.randint(0, max(1, sub // 2)), depth + 1,
                                                           {**ctx}) for _ in range(n)])
        if k == "exit":
            return Op("exit", {"c": self.cond()})
        if k == "break":
            return Op("break", {"c": self.cond()})
        if k == "call":
            lvl = ctx.get("level", 0) + 1
            idx = len(self.funcs)
            self.funcs.append((lvl, []))
            body = self.block(r.randint(1, sub), 0, {"func": True, "level": lvl, "loop": None,
                                                       "taint": [ctx["taint"][0]]})
            self.funcs[idx] = (lvl, body)
            return Call(idx, self.cond() if r.random() < 0.7 else None)
        if k == "bar":
            return Bar()
        if k == "lanegroup":
            return LaneGroup(r.choice([8, 16, 24, 31]), [self.warp() if r.random() < 0.7 else self.alu()
                                                          for _ in range(r.randint(1, 3))])
        return self.alu()


def generate(seed: int, knobs: Knobs | None = None) -> Program:
    """The program tree of *seed* (deterministic)."""
    knobs = knobs or Knobs()
    if knobs.warps not in (1, 2, 4):
        raise ValueError("warps per CTA must be 1, 2 or 4")
    if not 1 <= knobs.ctas <= 8:
        raise ValueError("ctas must be 1-8")
    g = _Gen(seed, knobs)
    r = g.r
    cond_init = {c: (r.randrange(1 << 32) | 1, r.randrange(1 << 32)) for c in COND_REGS}
    data_init = {d: (r.randrange(1 << 32), r.randrange(1 << 32)) for d in DATA_REGS}
    main = []
    while g.budget > 0:
        g.budget -= 1
        ctx: dict = {"loop": None, "level": 0, "taint": [False]}
        main.append(g.stmt(0, ctx))
        if ctx["taint"][0]:
            main.append(Op("warpsync_all", {"form": r.choice(["imm", "imm", "r", "ur"])}))
    tail = _tail_sync(seed, knobs, g)
    if tail is not None:
        main.append(tail)
    return Program(seed, knobs, main, g.funcs, cond_init, data_init)


def _tail_sync(seed: int, knobs: Knobs, g: _Gen) -> TailSync | None:
    """A guarded closing sync at the end of about one program in three (its own random stream,
    so the rest of a seed's program is what it was before tails existed)."""
    if "bru" not in knobs.units:
        return None
    r = random.Random(seed ^ 0x7A115EED)
    if r.random() >= 0.35:
        return None
    kind = r.choice(["bsync", "warpsync"])
    save, g.r = g.r, r
    try:
        cond = g.cond()
        body = [g.alu() for _ in range(r.randint(1, 3))]
    finally:
        g.r = save
    return TailSync(kind, cond, body)


# -- emission ------------------------------------------------------------------------------
def walk(block):
    """Every node of a block, depth first (nested blocks included)."""
    for s in block:
        yield s
        for b in children(s):
            yield from walk(b)


def children(s) -> list:
    if isinstance(s, If):
        return [s.then, s.els]
    if isinstance(s, (Loop, LaneGroup, TailSync)):
        return [s.body]
    if isinstance(s, Switch):
        return list(s.cases)
    return []


def used_regs(prog: Program) -> set:
    """Registers the tree reads or writes (decides what the prologue sets up)."""
    regs: set = set()
    blocks = [prog.main] + [b for _, b in prog.funcs]
    for blk in blocks:
        for s in walk(blk):
            if isinstance(s, Op):
                for key, v in s.a.items():
                    if key in ("d", "a", "c", "r") and isinstance(v, int) and key != "c" or \
                            key == "c" and s.kind in ("iadd3", "imad", "lop3", "shf"):
                        regs.add(v)
                    if key == "b" and isinstance(v, int) and s.kind not in ("shfl",):
                        regs.add(v)
                    if key == "b" and isinstance(v, tuple) and v[0] == "reg":
                        regs.add(v[1])
                    if isinstance(v, Cond):
                        regs.add(v.reg)
                if s.kind in ("stg", "ldg"):
                    regs.update((4, 6))
                if s.kind in ("sts", "lds", "atoms"):
                    regs.add(8)
                if s.kind == "red":
                    regs.add(30)
            elif isinstance(s, If):
                regs.add(s.cond.reg)
                if s.cond2:
                    regs.add(s.cond2.reg)
            elif isinstance(s, (Loop, Switch)):
                regs.add(s.src)
            elif isinstance(s, Call) and s.cond:
                regs.add(s.cond.reg)
            elif isinstance(s, LaneGroup):
                regs.add(0)
            elif isinstance(s, TailSync):
                regs.add(s.cond.reg)
    return regs


class _Emitter:
    def __init__(self, prog: Program):
        self.p = prog
        self.lines: list[str] = []
        self.pc = 0
        self.nlabel = 0

    def ins(self, text: str, guard: str = "") -> None:
        self.lines.append(f"{guard:>8} {text} ;" if guard else f"         {text} ;")
        self.pc += 16

    def label(self, name: str) -> None:
        self.lines.append(f"{name}:")

    def new(self, what: str) -> str:
        self.nlabel += 1
        return f"{what}{self.nlabel}"

    def setp(self, p: int, c: Cond) -> None:
        self.ins(f"ISETP.{c.cmp}.U32.AND P{p}, PT, R{c.reg}, {c.imm:#x}, PT")

    def prologue(self) -> None:
        p = self.p
        used = used_regs(p)
        need_tid = used & ({2, 8} | set(COND_REGS) | set(DATA_REGS) | {4, 6})
        one = p.knobs.warps == 1 and p.knobs.ctas == 1
        if any(isinstance(s, Op) and s.kind == "bmov" for blk in [p.main] + [b for _, b in p.funcs]
               for s in walk(blk)):
            # the B-register forms of nvcc's sm_87 prologue (D6-3), while every B register is still 0
            self.ins("BMOV.32 B15, 0x0")
            self.ins("BMOV.32.CLEAR B14, B15")
        if 0 in used or (need_tid and one):
            self.ins("S2R R0, SR_LANEID")
        if need_tid:
            if one:
                self.ins("MOV R9, R0")
                self.ins("MOV R2, R0")
            else:
                self.ins("S2R R1, SR_WARPID")
                self.ins("S2R R3, SR_CTAID.X")
                if 0 not in used:
                    self.ins("S2R R0, SR_LANEID")
                self.ins("IMAD R2, R1, 0x20, R0")
                self.ins(f"IMAD R9, R3, {p.ntid:#x}, R2")
        for c in COND_REGS:
            if c in used:
                m, a = p.cond_init[c]
                self.ins(f"MOV R{c}, {a:#x}")
                self.ins(f"IMAD R{c}, R9, {m:#x}, R{c}")
        for d in DATA_REGS:
            if d in used:
                m, a = p.data_init[d]
                self.ins(f"MOV R{d}, {a:#x}")
                self.ins(f"IMAD R{d}, R9, {m:#x}, R{d}")
        if 4 in used:
            self.ins(f"MOV R15, {OUT_SLOTS * 4:#x}")
            self.ins("IMAD.WIDE.U32 R[4:5], R9, R15, c[0x0][0x0]")
            self.ins(f"MOV R15, {INP_WORDS * 4:#x}")
            self.ins("IMAD.WIDE.U32 R[6:7], R9, R15, c[0x0][0x8]")
        if 8 in used:
            self.ins("SHF.L.U32 R8, R2, 0x2, RZ")
        if 30 in used:
            self.ins("MOV R30, c[0x0][0x10]")
            self.ins("MOV R31, c[0x0][0x14]")

    def block(self, blk, ctx) -> None:
        for s in blk:
            self.stmt(s, ctx)

    def stmt(self, s, ctx) -> None:
        if isinstance(s, Op):
            emit_op(self, s, ctx)
        elif isinstance(s, If):
            self.if_(s, ctx)
        elif isinstance(s, Loop):
            self.loop(s, ctx)
        elif isinstance(s, Switch):
            self.switch(s, ctx)
        elif isinstance(s, Call):
            self.call(s, ctx)
        elif isinstance(s, LaneGroup):
            b = self.breg(ctx)
            end = self.new("LG")
            self.ins(f"ISETP.GE.U32.AND P0, PT, R0, {s.lanes:#x}, PT")
            self.ins(f"BSSY B{b}, `({end})")
            self.ins(f"BRA `({end})", "@P0")
            self.ins(f"WARPSYNC {(1 << s.lanes) - 1:#x}")
            self.block(s.body, {**ctx, "depth": ctx["depth"] + 1, "regions": ctx["regions"] + [b]})
            self.label(end)
            self.ins(f"BSYNC B{b}")
        elif isinstance(s, Bar):
            self.ins("BAR.SYNC 0x0")
            ctx["segment"][0] += 1
        elif isinstance(s, TailSync):
            self.setp(1, s.cond)
            if s.kind == "bsync":
                b = self.breg(ctx)
                end = self.new("TEND")
                self.ins(f"BSSY B{b}, `({end})")
                self.block(s.body, {**ctx, "depth": ctx["depth"] + 1, "regions": ctx["regions"] + [b]})
                self.label(end)
                self.ins(f"BSYNC B{b}", "@P1")
            else:
                self.block(s.body, ctx)
                self.ins("WARPSYNC 0xffffffff", "@P1")

    def breg(self, ctx) -> int:
        b = ctx["bbase"] + ctx["depth"]
        if b > 15:
            raise ValueError("nesting too deep for the B registers")
        return b

    def if_(self, s: If, ctx) -> None:
        b = self.breg(ctx)
        inner = {**ctx, "depth": ctx["depth"] + 1, "regions": ctx["regions"] + [b]}
        end, other = self.new("END"), self.new("ELSE")
        self.setp(0, s.cond)
        self.ins(f"BSSY B{b}, `({end})")
        g = "@!P0" if s.neg else "@P0"
        if s.form == "plain":
            self.ins(f"BRA `({other})", g)
        elif s.form in ("U", "DIV", "CONV"):
            self.ins(f"BRA.{s.form} `({other})", g)
        elif s.form.startswith("UR-"):
            self.ins(f"UMOV UR6, {s.ur:#x}")
            self.ins(f"BRA.{s.form[3:]} UR6, `({other})", g)
        else:  # pp
            assert s.cond2 is not None
            self.setp(1, s.cond2)
            self.ins(f"BRA P1, `({other})", g)
        self.block(s.then, inner)   # fall-through side
        self.ins(f"BRA `({end})")
        self.label(other)
        self.block(s.els, inner)    # taken side
        self.label(end)
        self.ins(f"BSYNC B{b}")

    def loop(self, s: Loop, ctx) -> None:
        b = self.breg(ctx)
        inner = {**ctx, "depth": ctx["depth"] + 1, "regions": [b], "loop_end": None}
        top, end = self.new("TOP"), self.new("LEND")
        inner["loop_end"] = end
        c = s.counter
        self.ins(f"SHF.R.U32.HI R{c}, RZ, 0x1e, R{s.src}")   # 0..3 trips
        if not s.top:
            self.ins(f"IADD3 R{c}, R{c}, 0x1, RZ")          # 1..4 trips
        self.ins(f"BSSY B{b}, `({end})")
        self.label(top)
        if s.top:
            self.ins(f"ISETP.EQ.U32.AND P2, PT, R{c}, 0x0, PT")
            self.ins(f"BREAK B{b}", "@P2")
            self.ins(f"BRA `({end})", "@P2")
        if s.spin:
            self.ins(f"NANOSLEEP {s.sleep:#x}" if s.sleep_first else "YIELD", s.guard)
        self.block(s.body, inner)
        if s.sleep or s.sleep_first:
            self.ins("YIELD" if s.sleep_first else f"NANOSLEEP {s.sleep:#x}", s.guard)
        self.ins(f"IADD3 R{c}, R{c}, -0x1, RZ")
        if s.top:
            self.ins(f"BRA `({top})")
        else:
            self.ins(f"ISETP.NE.U32.AND P2, PT, R{c}, 0x0, PT")
            self.ins(f"BRA `({top})", "@P2")
        self.label(end)
        self.ins(f"BSYNC B{b}")

    def switch(self, s: Switch, ctx) -> None:
        b = self.breg(ctx)
        inner = {**ctx, "depth": ctx["depth"] + 1, "regions": ctx["regions"] + [b]}
        n = len(s.cases)
        end = self.new("SEND")
        cases = [self.new("CASE") for _ in s.cases]
        self.ins(f"SHF.R.U32.HI R14, RZ, {32 - n.bit_length() + 1:#x}, R{s.src}")  # 0..n-1
        self.ins("SHF.L.U32 R14, R14, 0x4, RZ")
        self.ins(f"BSSY B{b}, `({end})")
        self.ins("BRX R14, 0x0")
        for c in cases:
            self.ins(f"BRA `({c})")
        for c, blk in zip(cases, s.cases):
            self.label(c)
            self.block(blk, inner)
            self.ins(f"BRA `({end})")
        self.label(end)
        self.ins(f"BSYNC B{b}")

    def call(self, s: Call, ctx) -> None:
        b = self.breg(ctx)
        lvl = self.p.funcs[s.fn][0]
        link = LINK[lvl - 1]
        ret = self.new("RET")
        if s.cond:
            self.setp(0, s.cond)
        self.ins(f"BSSY B{b}, `({ret})")
        self.ins(f"LEPC R[{link}:{link + 1}], 0x20")
        s.ret_addr = self.pc + 16
        self.ins(f"CALL.REL `(FUNC{s.fn} - {ret})", "@P0" if s.cond else "")
        self.label(ret)
        self.ins(f"BSYNC B{b}")


def emit_op(e: _Emitter, s: Op, ctx) -> None:
    a = s.a
    k = s.kind

    def src(v):
        if isinstance(v, tuple):
            return f"{v[1]:#x}"
        return f"R{v}"

    def guard():
        g = a.get("guard")
        return "" if g is None else f"@{'!' if g[1] else ''}P{g[0]}"

    def wguard():
        if a.get("g") is None:
            return ""
        e.setp(1, a["g"])
        return "@P1"

    if k == "mov":
        e.ins(f"MOV R{a['d']}, {a['imm']:#x}")
    elif k == "iadd3":
        e.ins(f"IADD3 R{a['d']}, R{a['a']}, {src(a['b'])}, R{a['c']}", guard())
    elif k == "imad":
        e.ins(f"IMAD R{a['d']}, R{a['a']}, {src(a['b'])}, R{a['c']}")
    elif k == "lop3":
        e.ins(f"LOP3.LUT R{a['d']}, R{a['a']}, {src(a['b'])}, R{a['c']}, {a['lut']:#x}, !PT")
    elif k == "shf":
        e.ins(f"SHF.{a['dir']}.{a['type']}{'.HI' if a['hi'] else ''} R{a['d']}, R{a['a']}, {a['n']:#x}, R{a['c']}")
    elif k == "isetp":
        e.ins(f"ISETP.{a['cmp']}{'.U32' if a['fmt'] == 'U32' else ''}.AND P{a['p']}, PT, R{a['a']}, {src(a['b'])}, PT")
    elif k == "sel":
        e.ins(f"SEL R{a['d']}, R{a['a']}, R{a['b']}, {'!' if a['pnot'] else ''}P{a['p']}")
    elif k in ("fadd", "fmul"):
        e.ins(f"{k.upper()} R{a['d']}, {'-' if a['na'] else ''}R{a['a']}, {'-' if a['nb'] else ''}R{a['b']}")
    elif k == "i2f":
        e.ins(f"I2F{'.U32' if a['unsigned'] else ''} R{a['d']}, R{a['a']}")
    elif k == "stg":
        e.ins(f"STG.E [R4.64+{a['slot'] * 4:#x}], R{a['r']}")
    elif k == "ldg":
        e.ins(f"LDG.E R{a['d']}, [R6.64+{a['idx'] * 4:#x}]")
    elif k == "sts":
        par = ctx["segment"][0] % 2
        e.ins(f"STS [R8+{par * e.p.ntid * 4:#x}], R{a['r']}")
    elif k == "lds":
        par = (ctx["segment"][0] + 1) % 2
        e.ins(f"IADD3 R15, R2, {a['k']:#x}, RZ")
        e.ins(f"LOP3.LUT R15, R15, {e.p.ntid - 1:#x}, RZ, 0xc0, !PT")
        e.ins("SHF.L.U32 R15, R15, 0x2, RZ")
        e.ins(f"LDS R{a['d']}, [R15+{par * e.p.ntid * 4:#x}]")
    elif k == "red":
        e.ins(f"RED.E.ADD [R30.64], R{a['r']}")
    elif k == "atoms":
        e.ins(f"ATOMS.ADD RZ, [RZ+{SMEM_COUNTER:#x}], R{a['r']}")
    elif k == "exit":
        e.setp(1, a["c"])
        e.ins("EXIT", "@P1")
    elif k == "break":
        e.setp(1, a["c"])
        for b in reversed(ctx["regions"]):
            e.ins(f"BREAK B{b}", "@P1")
        e.ins(f"BRA `({ctx['loop_end']})", "@P1")
    elif k == "warpsync_all":
        form = a.get("form", "imm")
        if form == "r":
            e.ins("MOV R14, 0xffffffff")
            e.ins("WARPSYNC R14")
        elif form == "ur":
            e.ins("UMOV UR4, 0xffffffff")
            e.ins("WARPSYNC UR4")
        else:
            e.ins("WARPSYNC 0xffffffff")
    elif k == "bmov":  # a B register round trip through R14 (inside a region only)
        if ctx["regions"]:
            b = ctx["regions"][-1]
            e.ins(f"BMOV R14, B{b}")
            e.ins(f"BMOV B{b}, R14")
    elif k == "shfl":
        g = wguard()
        b = a["b"]
        bs = f"{b:#x}" if isinstance(b, int) else f"R{b[1]}"
        cs = f"{a['c']:#x}"
        if a.get("creg"):  # SrcC from a register (the SHFL_RRR / SHFL_RIR forms)
            e.ins(f"MOV R14, {a['c']:#x}", g)
            cs = "R14"
        e.ins(f"SHFL.{a['mode']} P{a['pu']}, R{a['d']}, R{a['a']}, {bs}, {cs}", g)
    elif k in ("vote", "voteu"):
        e.setp(2, a["pp"])
        g = wguard()
        pp = f"{'!' if a.get('ppnot') else ''}P2"
        if k == "vote":
            e.ins(f"VOTE.{a['op']} R{a['d']}, P{a['pu']}, {pp}", g)
        else:
            e.ins(f"VOTEU.{a['op']} UR4, UPT, {pp}", g)
            e.ins(f"MOV R{a['d']}, UR4", g)
    elif k in ("redux", "reduxu"):
        g = wguard()
        mods = f"{'.S32' if a['signed'] else ''}.{a['op']}"
        if k == "redux":
            e.ins(f"REDUX{mods} R{a['d']}, R{a['a']}", g)
        else:
            e.ins(f"REDUXU{mods} UR5, R{a['a']}", g)
            e.ins(f"MOV R{a['d']}, UR5", g)
    elif k == "match":
        g = wguard()
        if a.get("small"):  # few distinct values: match groups of several lanes
            e.ins(f"LOP3.LUT R14, R{a['a']}, 0x3, RZ, 0xc0, !PT")
            e.ins(f"MATCH.{a['op']} R{a['d']}, P{a['pu']}, R14", g)
        else:
            e.ins(f"MATCH.{a['op']} R{a['d']}, P{a['pu']}, R{a['a']}", g)
    elif k in ("elect", "electu"):
        if a["pp"] is not None:
            e.setp(2, a["pp"])
        g = wguard()
        pp = ", P2" if a["pp"] is not None else ""
        if a.get("ur") is not None:
            e.ins(f"UMOV UR7, {a['ur']:#x}")    # unguarded: a uniform instruction takes a uniform guard (D6-cub-1)
            pp = ", UR7"
        if k == "elect":
            e.ins(f"ELECT P{a['pu']}, R{a['d']}{pp}", g)
        else:
            e.ins(f"ELECTU P{a['pu']}, UR5{pp}", g)
    elif k == "movm":
        e.ins(f"MOVM R{a['d']}, R{a['a']}")
    elif k == "wsr":
        e.ins("VOTE.ANY R14, PT, PT")
        e.ins("WARPSYNC R14")
    elif k == "wsu":
        e.ins("VOTEU.ANY UR4, UPT, PT")
        e.ins("WARPSYNC UR4")
    else:
        raise ValueError(f"unknown statement kind {k!r}")


def launch_args(prog: Program) -> dict:
    """Grid, block and buffer sizes (bytes) of the program's launch."""
    n = prog.nthreads
    return {"grid": prog.knobs.ctas, "block": prog.ntid,
            "buffers": {"out": n * OUT_SLOTS * 4, "inp": n * INP_WORDS * 4, "cnt": 16}}


def run_command(prog: Program, name: str = "prog.s") -> str:
    la = launch_args(prog)
    b = la["buffers"]
    return (f"gpuisa run {name} --grid {la['grid']} --block {la['block']} --buffer out={b['out']} "
            f"--buffer inp={b['inp']}:iota:u32 --buffer cnt={b['cnt']} --param ptr:out --param ptr:inp "
            f"--param ptr:cnt --dump-buffer out --dump-buffer cnt")


def emit(prog: Program) -> str:
    """Assembly text of the program tree (header comment with seed, knobs and the run command)."""
    e = _Emitter(prog)
    e.prologue()
    ctx = {"depth": 0, "bbase": MAIN_B, "regions": [], "segment": [0], "loop_end": None}
    e.block(prog.main, ctx)
    e.ins("EXIT")
    for i, (lvl, body) in enumerate(prog.funcs):
        e.label(f"FUNC{i}")
        fctx = {"depth": 0, "bbase": FUNC_B[lvl - 1], "regions": [], "segment": ctx["segment"], "loop_end": None}
        e.block(body, fctx)
        link = LINK[lvl - 1]
        e.ins(f"RET.ABS R[{link}:{link + 1}], 0x0")
    head = [f"// generated by gpuisa gen: seed={prog.seed}",
            f"// knobs: {prog.knobs.header()}",
            f"// run: {run_command(prog)}",
            f"// {e.pc // 16} instructions", ""]
    return "\n".join(head + e.lines) + "\n"


def count_instructions(prog: Program) -> int:
    """Instructions of the emitted program (labels and comments excluded)."""
    return sum(1 for ln in emit(prog).splitlines() if ln.strip().endswith(";"))


def clone(prog: Program) -> Program:
    return copy.deepcopy(prog)


def prologue_regs(prog: Program) -> set:
    """GPRs the prologue writes (the oracle models those it can know; pointers excluded)."""
    e = _Emitter(prog)
    e.prologue()
    regs = set()
    for ln in e.lines:
        dest = ln.split(None, 2)[1].rstrip(",")
        if dest.startswith("R") and dest[1:].isdigit():
            regs.add(int(dest[1:]))
    return regs - {4, 5, 6, 7, 30, 31}

"""Random STRUCTURED programs for the BSSY/BSYNC differential test (issue 16).

A program is a tree: straight-line integer statements, nested if/else regions
(``BSSY``/``BSYNC`` around them, the way nvcc compiles them), do-while loops with
per-lane trip counts and ``break`` (``BREAK`` of every region left, then a jump
to the loop's ``BSYNC``), ``YIELD``/``NANOSLEEP`` (mostly right before a sync),
guarded early ``EXIT``, and ``VOTE.ANY`` at the top level.  B registers are
picked at random among those not held by an enclosing region, so sibling and
nested regions reuse them.

:func:`expected` is an independent per-thread interpreter of the tree: it runs
each lane on its own (a structured program's per-thread results do not depend
on scheduling), and knows the convergence only where it is architecturally
fixed (top level, no YIELD/NANOSLEEP: every live lane).  It shares no code
with ``gpuisa.sim``.

Used by tests/robust/test_structured.py (a bounded number of seeds) and by
scripts/fuzz_campaign.py (thousands).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

MASK = 0xFFFFFFFF
DATA = (1, 2, 3, 4, 5, 6)          # data registers R1..R6
COUNTER = 20                       # loop counter of nesting depth d: R(20 + d)
BREGS = 6                          # B0..B5 are reused in programs without YIELD/NANOSLEEP
CMPS = {"LT": lambda a, b: a < b, "GE": lambda a, b: a >= b,
        "EQ": lambda a, b: a == b, "NE": lambda a, b: a != b}


@dataclass
class Cond:
    op: str
    reg: int
    imm: int

    def asm(self, pred: str = "P0") -> str:
        return f"ISETP.{self.op}.U32.AND {pred}, PT, R{self.reg}, {self.imm:#x}, PT ;"

    def holds(self, regs: dict) -> bool:
        return CMPS[self.op](regs[f"R{self.reg}"], self.imm)


@dataclass
class Node:
    kind: str                      # add addi and if loop break yield sleep exit vote
    args: tuple = ()
    cond: Cond | None = None
    body: list = field(default_factory=list)
    orelse: list | None = None
    breg: int = -1
    depth: int = 0


@dataclass
class Program:
    seed: int
    block: int
    body: list
    uses_yield: bool

    def source(self) -> str:
        return _Emitter(self).text()


# -- generator ------------------------------------------------------------------------------------
class _Gen:
    def __init__(self, rnd: random.Random, allow_yield: bool):
        self.r = rnd
        self.allow_yield = allow_yield
        self.uses_yield = False

    def cond(self) -> Cond:
        r = self.r
        op = r.choice(sorted(CMPS))
        reg = r.choice(DATA)
        imm = r.choice((0, 1, 2, 3, 5, 8, 16, 24, 31, 40, 64)) if op in ("LT", "GE") else r.randrange(0, 16)
        return Cond(op, reg, imm)

    def simple(self) -> Node:
        r = self.r
        d = r.choice(DATA)
        k = r.random()
        if k < 0.4:
            return Node("addi", (d, r.choice(DATA), r.randrange(0, 40)))
        if k < 0.75:
            return Node("add", (d, r.choice(DATA), r.choice(DATA)))
        return Node("and", (d, r.choice(DATA), r.choice((1, 3, 7, 0xF, 0x1F, 0x16))))

    def block(self, depth: int, held: tuple, in_loop: tuple | None, n: int) -> list:
        """*held*: B registers of the enclosing regions; *in_loop*: (loop depth,
        B registers of the if-regions opened since the loop) or None."""
        out = []
        for _ in range(n):
            out.append(self.stmt(depth, held, in_loop))
        if self.allow_yield and depth and self.r.random() < 0.3:   # a switch right before a sync
            out.append(self.switch())
        return out

    def switch(self) -> Node:
        self.uses_yield = True
        c = self.cond() if self.r.random() < 0.6 else None
        if self.r.random() < 0.5:
            return Node("yield", cond=c)
        return Node("sleep", (self.r.choice((0, 1, 3, 10, 40)),), cond=c)

    def free_breg(self, held: tuple) -> int | None:
        """A B register for a new region: any of B0-B5 not held by an enclosing region or the
        other arm (sibling and nested regions reuse registers, as nvcc does), also in programs
        with YIELD/NANOSLEEP since decisions D7-simt-1/-3/-6 (before them such programs used a
        fresh register per region: docs/decisions.md S24)."""
        free = [b for b in range(BREGS) if b not in held]
        return self.r.choice(free) if free else None

    def stmt(self, depth: int, held: tuple, in_loop) -> Node:
        r = self.r
        k = r.random()
        if depth < 3 and k < 0.37 and (b := self.free_breg(held)) is None:
            k = 1.0  # no register left: a plain statement
        if depth < 3 and k < 0.25:
            inner = None if in_loop is None else (in_loop[0], in_loop[1] + (b,))
            then = self.block(depth + 1, held + (b,), inner, r.randrange(1, 4))
            # the two arms may run interleaved (an EXIT switches to the lowest valid lane, which may
            # be in the other arm): they must not share a B register, or each arm's BSYNC waits for
            # the other's lanes.  Sequential regions (siblings, or nested after a join) reuse freely.
            busy = held + (b,) + tuple(_bregs(then))
            orelse = self.block(depth + 1, busy, inner, r.randrange(1, 4)) if r.random() < 0.6 else None
            return Node("if", cond=self.cond(), body=then, orelse=orelse, breg=b, depth=depth)
        if depth < 3 and k < 0.37:
            body = self.block(depth + 1, held + (b,), (depth, ()), r.randrange(1, 4))
            limit = r.choice((1, 2, 3, 4))
            return Node("loop", (limit, r.choice(DATA)), body=body, breg=b, depth=depth)
        if in_loop is not None and k < 0.47:
            return Node("break", (in_loop[1],), cond=self.cond(), depth=in_loop[0])
        if self.allow_yield and k < 0.53:
            return self.switch()
        if k < 0.545:
            return Node("exit", cond=self.cond())
        if depth == 0 and not self.allow_yield and k < 0.62:   # converged only without YIELD (S21)
            return Node("vote", (r.choice(DATA),))
        return self.simple()


def _bregs(nodes: list) -> set[int]:
    """The B registers of the regions in *nodes* (recursively)."""
    out: set[int] = set()
    for n in nodes:
        if n.kind in ("if", "loop"):
            out.add(n.breg)
            out |= _bregs(n.body) | _bregs(n.orelse or [])
    return out


def generate(seed: int) -> Program:
    rnd = random.Random(seed)
    g = _Gen(rnd, allow_yield=rnd.random() < 0.5)
    body = g.block(0, (), None, rnd.randrange(2, 7))
    block = rnd.choice((32, 32, 32, 24, 7))
    return Program(seed, block, body, g.uses_yield)


# -- assembly -------------------------------------------------------------------------------------
PROLOGUE = """\
        S2R R1, SR_LANEID ;
        IADD3 R2, R1, R1, R1 ;
        IADD3 R3, R1, 0x5, RZ ;
        LOP3.LUT R4, R1, 0x3, RZ, 0xc0, !PT ;
        MOV R5, 0x9 ;
        IADD3 R6, R2, 0x1, RZ ;
"""


class _Emitter:
    def __init__(self, prog: Program):
        self.prog = prog
        self.lines: list[str] = []
        self.n = 0
        self.loops: list[str] = []       # exit labels of the enclosing loops

    def label(self, stem: str) -> str:
        self.n += 1
        return f"{stem}{self.n}"

    def emit(self, s: str) -> None:
        self.lines.append("        " + s)

    def text(self) -> str:
        self.block(self.prog.body)
        self.emit("EXIT ;")
        return PROLOGUE + "\n".join(self.lines) + "\n"

    def block(self, nodes: list) -> None:
        for n in nodes:
            self.node(n)

    def guard(self, n: Node) -> str:
        if n.cond is None:
            return ""
        self.emit(n.cond.asm())
        return "@P0 "

    def node(self, n: Node) -> None:
        k = n.kind
        if k == "addi":
            d, a, imm = n.args
            self.emit(f"IADD3 R{d}, R{a}, {imm:#x}, RZ ;")
        elif k == "add":
            d, a, b = n.args
            self.emit(f"IADD3 R{d}, R{a}, R{b}, RZ ;")
        elif k == "and":
            d, a, imm = n.args
            self.emit(f"LOP3.LUT R{d}, R{a}, {imm:#x}, RZ, 0xc0, !PT ;")
        elif k == "vote":
            self.emit(f"VOTE.ANY R{n.args[0]}, PT, PT ;")
        elif k == "yield":
            self.emit(self.guard(n) + "YIELD ;")
        elif k == "sleep":
            g = self.guard(n)
            self.emit(g + f"NANOSLEEP {n.args[0]:#x} ;")
        elif k == "exit":
            self.emit(self.guard(n) + "EXIT ;")
        elif k == "break":
            self.emit(n.cond.asm())
            for b in reversed(n.args[0]):
                self.emit(f"@P0 BREAK B{b} ;")
            self.emit(f"@P0 BRA `({self.loops[-1]}) ;")
        elif k == "if":
            join = self.label("J")
            self.emit(n.cond.asm())
            self.emit(f"BSSY B{n.breg}, `({join}) ;")
            if n.orelse is None:
                self.emit(f"@!P0 BRA `({join}) ;")
                self.block(n.body)
            else:
                els = self.label("E")
                self.emit(f"@!P0 BRA `({els}) ;")
                self.block(n.body)
                self.emit(f"BRA `({join}) ;")
                self.lines.append(f"{els}:")
                self.block(n.orelse)
            self.lines.append(f"{join}:")
            self.emit(f"BSYNC B{n.breg} ;")
        elif k == "loop":
            limit, reg = n.args
            top, out = self.label("L"), self.label("X")
            c = COUNTER + n.depth
            self.emit(f"MOV R{c}, 0x0 ;")
            self.emit(f"BSSY B{n.breg}, `({out}) ;")
            self.lines.append(f"{top}:")
            self.loops.append(out)
            self.block(n.body)
            self.loops.pop()
            self.emit(f"IADD3 R{c}, R{c}, 0x1, RZ ;")
            self.emit(f"ISETP.LT.U32.AND P1, PT, R{c}, {limit:#x}, PT ;")
            self.emit(f"ISETP.LT.U32.AND P0, PT, R{c}, R{reg}, P1 ;")
            self.emit(f"@P0 BRA `({top}) ;")
            self.lines.append(f"{out}:")
            self.emit(f"BSYNC B{n.breg} ;")
        else:  # pragma: no cover
            raise AssertionError(k)


# -- the per-thread reference -------------------------------------------------------------------
class _Break(Exception):
    pass


class _Exit(Exception):
    pass


def _lane(prog: Program, lane: int, votes: list) -> dict:
    regs = {f"R{i}": 0 for i in (*DATA, *(COUNTER + d for d in range(4)))}
    regs.update(P0=False, P1=False)
    regs["R1"] = lane
    regs["R2"] = 3 * lane
    regs["R3"] = lane + 5
    regs["R4"] = lane & 3
    regs["R5"] = 9
    regs["R6"] = 3 * lane + 1
    vote_i = iter(votes)

    def test(c: Cond) -> bool:
        regs["P0"] = c.holds(regs)
        return regs["P0"]

    def run(nodes: list) -> None:
        for n in nodes:
            k = n.kind
            if k == "addi":
                d, a, imm = n.args
                regs[f"R{d}"] = (regs[f"R{a}"] + imm) & MASK
            elif k == "add":
                d, a, b = n.args
                regs[f"R{d}"] = (regs[f"R{a}"] + regs[f"R{b}"]) & MASK
            elif k == "and":
                d, a, imm = n.args
                regs[f"R{d}"] = regs[f"R{a}"] & imm
            elif k == "vote":
                regs[f"R{n.args[0]}"] = next(vote_i)
            elif k in ("yield", "sleep"):
                if n.cond is not None:
                    test(n.cond)
            elif k == "exit":
                if test(n.cond):
                    raise _Exit
            elif k == "break":
                if test(n.cond):
                    raise _Break
            elif k == "if":
                if test(n.cond):
                    run(n.body)
                elif n.orelse is not None:
                    run(n.orelse)
            elif k == "loop":
                limit, reg = n.args
                c = f"R{COUNTER + n.depth}"
                regs[c] = 0
                while True:
                    try:
                        run(n.body)
                    except _Break:
                        break
                    regs[c] = (regs[c] + 1) & MASK
                    regs["P1"] = regs[c] < limit
                    regs["P0"] = regs[c] < regs[f"R{reg}"] and regs["P1"]
                    if not regs["P0"]:
                        break
    try:
        run(prog.body)
        regs["exited_early"] = False
    except _Exit:
        regs["exited_early"] = True
    return regs


def expected(prog: Program) -> list[dict]:
    """Per-lane final registers (R1-R6, the loop counters R20-R23, P0, P1).

    A top-level VOTE.ANY (generated only in programs without YIELD/NANOSLEEP)
    sees every live lane: each lane is run up to the vote to know who is live."""
    lanes = range(prog.block if prog.block < 32 else 32)
    # top-level votes: run every lane up to each vote in turn
    votes: list[int] = []
    top_votes = [i for i, n in enumerate(prog.body) if n.kind == "vote"]
    for vi in top_votes:
        live = 0
        for lane in lanes:
            head = Program(prog.seed, prog.block, prog.body[:vi], prog.uses_yield)
            if not _lane(head, lane, votes + [0] * 8)["exited_early"]:
                live |= 1 << lane
        votes.append(live)
    return [_lane(prog, lane, votes) for lane in lanes]


# -- one differential check ---------------------------------------------------------------------
def check(isa, seed: int, max_steps: int = 200_000, **launch) -> str | None:
    """Run program *seed* on the simulator (*launch*: e.g. ``engine=``) and
    compare with :func:`expected`; None when they agree, else a description of
    the first difference."""
    p = generate(seed)
    res = isa.launch(p.source(), block=p.block, max_steps=max_steps, **launch)
    if res.status != "ok":
        return f"status {res.status}: {res.fault}"
    exp = expected(p)
    w = res.warp()
    for lane, e in enumerate(exp):
        for k, v in e.items():
            if k == "exited_early":
                continue
            got = int(w.R[int(k[1:])][lane]) if k[0] == "R" else bool(w.P[int(k[1:])][lane])
            if got != v:
                return f"lane {lane} {k}: simulator {got}, reference {v}"
    # decision S5: B registers are 0 at the end, except for lanes that exited inside a region
    early = sum(1 << lane for lane, e in enumerate(exp) if e["exited_early"])
    for b, v in enumerate(w.B):
        if int(v) & ~early:
            return f"B{b} = {int(v):#x} at the end (lanes that exited early: {early:#x})"
    return None

"""An independent per-thread oracle for generated programs (``gpuisa gen --expect``).

It interprets the generator's program tree (:mod:`gpuisa.verify.gen`), not the
assembled words, and imports nothing from :mod:`gpuisa.sim`: every thread holds
scalar register values and walks the if/else, loop, switch and call structure
by itself; a group of threads of one warp that reaches a statement together
(the set the structure defines: the lanes that took this arm, are still in this
loop iteration, called this function) is the participating set of the
warp-synchronous operations, which are resolved among that set.  The
instruction meanings come from the ISA pages (``src/gpuisa/isa/*.isa``):
SHFL's lane computation, VOTE/REDUX/MATCH/ELECT/MOVM's rules, BRA's
``getGoldenBranchCondition`` for ``.U``/``.DIV``/``.CONV`` and the UR form.

Undefined values (``None``) -- never compared:

* SHFL reading a lane that is not in the executing set ("undefined value" on
  the SHFL page), MOVM reading such a lane;
* ELECT's Rd in a thread that executes ELECT but does not pass its Src
  operand (the page gives Rd only to participating threads);
* anything computed from an undefined value (a guard that is undefined makes
  its destination undefined).

Registers are only compared where the oracle knows them; final uniform
registers, B registers and the shared memory are not compared.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .gen import (COND_REGS, DATA_REGS, INP_WORDS, LINK, Bar, Call, Cond, If, LaneGroup, Loop, Op, TailSync,
                  Program, Switch, emit, prologue_regs)

M32 = 0xFFFFFFFF


def _s32(v: int) -> int:
    return v - (1 << 32) if v >> 31 else v


@dataclass(eq=False)
class Thread:
    cta: int
    warp: int
    lane: int
    tid: int
    gtid: int
    R: dict = field(default_factory=dict)
    P: dict = field(default_factory=dict)
    alive: bool = True
    broken: bool = False


@dataclass
class Expected:
    """The oracle's final state: per thread registers/predicates, memory."""
    threads: list
    out: dict          # (gtid, slot) -> value or None
    cnt: int | None

    def to_json(self) -> dict:
        return {"format": "gpuisa-expect", "version": 1,
                "threads": [{"cta": t.cta, "warp": t.warp, "lane": t.lane, "exited": not t.alive,
                             "R": {f"R{k}": v for k, v in sorted(t.R.items())},
                             "P": {f"P{k}": v for k, v in sorted(t.P.items())}} for t in self.threads],
                "out": [[g, s, v] for (g, s), v in sorted(self.out.items())],
                "cnt": self.cnt}


def cmp_u32(cmp: str, a: int, b: int, signed: bool = False) -> bool:
    if signed:
        a, b = _s32(a), _s32(b)
    return {"LT": a < b, "LE": a <= b, "GT": a > b, "GE": a >= b, "EQ": a == b, "NE": a != b}[cmp]


def f32(bits: int) -> np.float32:
    return np.array([bits], dtype=np.uint32).view(np.float32)[0]


def bits(f) -> int:
    f = np.float32(f)
    if np.isnan(f):
        return 0x7FFFFFFF
    return int(np.array([f], dtype=np.float32).view(np.uint32)[0])


def lop3(a: int, b: int, c: int, lut: int) -> int:
    r = 0
    for i in range(8):
        if lut >> i & 1:
            r |= (a if i & 4 else ~a) & (b if i & 2 else ~b) & (c if i & 1 else ~c)
    return r & M32


def shf(d: str, typ: str, hi: bool, a: int, n: int, c: int) -> int:
    n = min(n, 32)
    v = (c << 32) | a
    if d == "L":
        v = (v << n) & ((1 << 64) - 1)
    elif typ == "S32":
        sv = v - (1 << 64) if v >> 63 else v
        v = (sv >> n) & ((1 << 64) - 1)
    else:
        v >>= n
    return (v >> 32) & M32 if hi else v & M32


def shfl_lane(mode: str, lane: int, b: int, c: int) -> tuple[int, bool]:
    """The SHFL page's source lane j and pu."""
    bval = b & 31
    cval = c & 31
    seg = (c >> 8) & 31
    max_lane = (lane & seg) | (cval & ~seg & 31)
    min_lane = lane & seg
    if mode == "UP":
        j = lane - bval
        pu = j >= max_lane
    elif mode == "DOWN":
        j = lane + bval
        pu = j <= max_lane
    elif mode == "BFLY":
        j = lane ^ bval
        pu = j <= max_lane
    else:
        j = min_lane | (bval & ~seg & 31)
        pu = j <= max_lane
    return (j if pu else lane), pu


class Oracle:
    def __init__(self, prog: Program):
        self.p = prog
        n = prog.nthreads
        self.inp = [i for i in range(n * INP_WORDS)]   # the run's input buffer: iota (u32)
        self.out: dict = {}
        self.cnt: int | None = 0
        self.smem: dict = {}
        self.threads: list[Thread] = []

    # -- helpers
    def setp(self, S, p: int, c: Cond) -> None:
        for t in S:
            t.P[p] = cmp_u32(c.cmp, t.R[c.reg], c.imm)

    @staticmethod
    def val(t, v):
        return v[1] if isinstance(v, tuple) else t.R.get(v)

    def run(self) -> Expected:
        p = self.p
        ntid = p.ntid
        pro = prologue_regs(p)
        for cta in range(p.knobs.ctas):
            for tid in range(ntid):
                t = Thread(cta, tid // 32, tid % 32, tid, cta * ntid + tid)
                full = {0: t.lane, 1: t.warp, 2: t.tid, 3: t.cta, 9: t.gtid, 8: t.tid * 4}
                for c in COND_REGS + DATA_REGS:
                    m, a = (p.cond_init if c in COND_REGS else p.data_init)[c]
                    full[c] = (t.gtid * m + a) & M32
                base_out = 0x1000_0000   # placeholder, pointers are not compared
                full[4], full[5], full[6], full[7] = base_out, 0, base_out, 0
                for r in pro:
                    if r in full:
                        t.R[r] = full[r]
                if 15 in pro:
                    t.R[15] = INP_WORDS * 4
                self.threads.append(t)
        segments: list[list] = [[]]
        for s in p.main:
            if isinstance(s, Bar):
                segments.append([])
            else:
                segments[-1].append(s)
        for cta in range(p.knobs.ctas):
            self.smem = {}
            warps = [[t for t in self.threads if t.cta == cta and t.warp == w] for w in range(p.knobs.warps)]
            for si, seg in enumerate(segments):
                for w in warps:
                    S = [t for t in w if t.alive]
                    if S:
                        self.block(seg, S, {"segment": si, "warp": w})
        return Expected(self.threads, self.out, self.cnt)

    def block(self, blk, S, ctx):
        for s in blk:
            if not S:
                return S
            self.stmt(s, S, ctx)
            S = [t for t in S if t.alive and not t.broken]
        return S

    def stmt(self, s, S, ctx):
        if isinstance(s, Op):
            self.op(s, S, ctx)
        elif isinstance(s, If):
            self.if_(s, S, ctx)
        elif isinstance(s, Loop):
            self.loop(s, S, ctx)
        elif isinstance(s, Switch):
            for t in S:
                t.R[14] = (t.R[s.src] >> (32 - len(s.cases).bit_length() + 1)) << 4
            groups = [[t for t in S if t.R[14] >> 4 == k] for k in range(len(s.cases))]  # before any case runs
            for blk, G in zip(s.cases, groups):
                if G:
                    self.block(blk, G, ctx)
        elif isinstance(s, Call):
            lvl, body = self.p.funcs[s.fn]
            link = LINK[lvl - 1]
            if s.cond:
                self.setp(S, 0, s.cond)
            for t in S:
                t.R[link] = s.ret_addr & M32
                t.R[link + 1] = s.ret_addr >> 32
            G = [t for t in S if t.P[0]] if s.cond else list(S)
            if G:
                self.block(body, G, ctx)
        elif isinstance(s, LaneGroup):
            for t in S:
                t.P[0] = t.lane >= s.lanes
            G = [t for t in S if t.lane < s.lanes]
            if G:
                self.block(s.body, G, ctx)
        elif isinstance(s, TailSync):   # the guard of the closing sync changes no thread's values
            self.setp(S, 1, s.cond)
            self.block(s.body, S, ctx)
        else:  # pragma: no cover - Bar only at the top level
            raise ValueError(f"unexpected {s!r}")

    def if_(self, s: If, S, ctx):
        self.setp(S, 0, s.cond)
        pg = {t.lane: (not t.P[0]) if s.neg else t.P[0] for t in S}
        if s.form == "pp":
            assert s.cond2 is not None
            self.setp(S, 1, s.cond2)
            for t in S:
                pg[t.lane] = pg[t.lane] and t.P[1]
        A = {t.lane for t in S}
        V = {t.lane for t in ctx["warp"] if t.alive}
        pgv = {ln for ln in A if pg[ln]}
        if s.form in ("plain", "pp"):
            jump = pgv
        elif s.form == "U":
            jump = A if pgv == A else set()
        elif s.form in ("DIV", "CONV"):
            is_div = pgv != V
            jump = pgv if is_div == (s.form == "DIV") else set()
        else:  # UR-DIV / UR-CONV: getGoldenBranchCondition with a UR mask
            ur = {ln for ln in range(32) if s.ur >> ln & 1}
            if (V ^ A) & ur:
                is_div = True
            elif not (pgv == A or not pgv):
                is_div = bool((A - pgv) & ur)
            else:
                is_div = False
            want_div = s.form == "UR-DIV"
            jump = A if (pgv and is_div == want_div) else set()
        F = [t for t in S if t.lane not in jump]
        T = [t for t in S if t.lane in jump]
        if F:
            self.block(s.then, F, ctx)
        if T:
            self.block(s.els, T, ctx)

    def loop(self, s: Loop, S, ctx):
        c = s.counter
        for t in S:
            t.R[c] = (t.R[s.src] >> 30) + (0 if s.top else 1)
        cur = list(S)
        while cur:
            if s.top:
                for t in cur:
                    t.P[2] = t.R[c] == 0
                cur = [t for t in cur if not t.P[2]]
                if not cur:
                    break
            cur = self.block(s.body, cur, ctx)
            for t in cur:
                t.R[c] = (t.R[c] - 1) & M32
            if not s.top:
                for t in cur:
                    t.P[2] = t.R[c] != 0
                cur = [t for t in cur if t.P[2]]
        for t in S:
            t.broken = False

    # -- leaf operations
    def op(self, s: Op, S, ctx):  # noqa: C901 - one dispatch over the leaf kinds
        a = s.a
        k = s.kind
        if k in _ALU:
            for t in S:
                g = a.get("guard")
                if g is not None:
                    pv = t.P.get(g[0])
                    if pv is None:
                        t.R[a["d"]] = None
                        continue
                    if pv == g[1]:   # @Pn with Pn false, or @!Pn with Pn true
                        continue
                _ALU[k](self, t, a)
            return
        if k == "isetp":
            for t in S:
                x, y = t.R.get(a["a"]), self.val(t, a["b"])
                t.P[a["p"]] = None if x is None or y is None else cmp_u32(a["cmp"], x, y, a["fmt"] == "S32")
            return
        if k == "sel":
            for t in S:
                pv = t.P.get(a["p"])
                if pv is None:
                    t.R[a["d"]] = None
                else:
                    t.R[a["d"]] = t.R.get(a["a"]) if pv != a["pnot"] else t.R.get(a["b"])
            return
        if k == "stg":
            for t in S:
                self.out[(t.gtid, a["slot"])] = t.R.get(a["r"])
            return
        if k == "ldg":
            for t in S:
                t.R[a["d"]] = self.inp[t.gtid * INP_WORDS + a["idx"]]
            return
        ntid = self.p.ntid
        if k == "sts":
            par = ctx["segment"] % 2
            for t in S:
                self.smem[par * ntid * 4 + t.tid * 4] = t.R.get(a["r"])
            return
        if k == "lds":
            par = (ctx["segment"] + 1) % 2
            for t in S:
                t.R[15] = ((t.tid + a["k"]) & (ntid - 1)) << 2
                t.R[a["d"]] = self.smem.get(par * ntid * 4 + t.R[15], 0)
            return
        if k == "red":
            for t in S:
                v = t.R.get(a["r"])
                self.cnt = None if v is None or self.cnt is None else (self.cnt + v) & M32
            return
        if k == "warpsync_all":
            if a.get("form") == "r":
                for t in S:
                    t.R[14] = M32
            return
        if k == "bmov":
            for t in S:
                t.R[14] = None   # a B register's value is warp state, not a per-thread quantity
            return
        if k in ("atoms", "wsu"):
            return   # the shared counter is not compared; WARPSYNC of the whole group: no effect
        if k == "exit":
            self.setp(S, 1, a["c"])
            for t in S:
                if t.P[1]:
                    t.alive = False
            return
        if k == "break":
            self.setp(S, 1, a["c"])
            for t in S:
                if t.P[1]:
                    t.broken = True
            return
        if k == "wsr":
            ballot = sum(1 << t.lane for t in S)
            for t in S:
                t.R[14] = ballot
            return
        if k == "movm":
            vals = {t.lane: t.R.get(a["a"]) for t in S}
            res = {}
            for t in S:
                r, c0 = t.lane // 4, 2 * (t.lane % 4)
                out: int | None = 0
                for h, c in enumerate((c0, c0 + 1)):
                    src = c * 4 + r // 2
                    v = vals.get(src)
                    if v is None:
                        out = None
                        break
                    out = (out or 0) | (((v >> (16 * (r % 2))) & 0xFFFF) << (16 * h))
                res[t] = out
            for t, v in res.items():
                t.R[a["d"]] = v
            return
        self.warp_op(s, S, ctx)

    def warp_op(self, s: Op, S, ctx):
        a = s.a
        k = s.kind
        if k in ("vote", "voteu", "elect", "electu") and a.get("pp") is not None:
            self.setp(S, 2, a["pp"])
        if a.get("g") is not None:
            self.setp(S, 1, a["g"])
            part = [t for t in S if t.P[1]]
        else:
            part = list(S)
        if k == "shfl":
            if a.get("creg"):
                for t in part:
                    t.R[14] = a["c"]
            vals = {t.lane: t.R.get(a["a"]) for t in S}
            res = []
            for t in part:
                b = a["b"] if isinstance(a["b"], int) else t.R[a["b"][1]]
                j, pu = shfl_lane(a["mode"], t.lane, b, a["c"])
                res.append((t, vals.get(j), pu))
            for t, v, pu in res:
                t.R[a["d"]] = v
                t.P[a["pu"]] = pu
            return
        if k in ("vote", "voteu"):
            votes = {t.lane: t.P[2] != bool(a.get("ppnot")) for t in part}
            ballot = sum(1 << ln for ln, v in votes.items() if v)
            n = sum(votes.values())
            r = {"ANY": n > 0, "ALL": n == len(part), "EQ": n in (0, len(part))}[a["op"]]
            for t in part:
                t.R[a["d"]] = ballot
                if k == "vote":
                    t.P[a["pu"]] = r
            return
        if k in ("redux", "reduxu"):
            rvals = [t.R.get(a["a"]) for t in part]
            if not part:
                return
            if any(v is None for v in rvals):
                r = None
            else:
                sv = [_s32(v) for v in rvals if v is not None] if a["signed"] else rvals
                op = a["op"]
                if op == "AND":
                    r = M32
                    for v in rvals:
                        r &= v
                elif op == "OR":
                    r = 0
                    for v in rvals:
                        r |= v
                elif op == "XOR":
                    r = 0
                    for v in rvals:
                        r ^= v
                elif op == "SUM":
                    r = sum(sv) & M32
                elif op == "MAX":
                    r = max(sv) & M32
                else:
                    r = min(sv) & M32
            for t in part:
                t.R[a["d"]] = r
            return
        if k == "match":
            if a.get("small"):
                for t in S:
                    v = t.R.get(a["a"])
                    t.R[14] = None if v is None else v & 3
                src = 14
            else:
                src = a["a"]
            vals = {t.lane: t.R.get(src) for t in part}
            undef = any(v is None for v in vals.values())
            pm = sum(1 << ln for ln in vals)
            for t in part:
                if undef:
                    t.R[a["d"]] = None
                    t.P[a["pu"]] = None
                elif a["op"] == "ANY":
                    t.R[a["d"]] = sum(1 << ln for ln, v in vals.items() if v == vals[t.lane])
                    t.P[a["pu"]] = False
                else:
                    same = len(set(vals.values())) == 1
                    t.R[a["d"]] = pm if same else 0
                    t.P[a["pu"]] = same
            return
        if k in ("elect", "electu"):
            members = [t for t in part if (a["pp"] is None or t.P[2])
                       and (a.get("ur") is None or a["ur"] >> t.lane & 1)]
            leader = min((t.lane for t in members), default=None)
            for t in part:
                t.P[a["pu"]] = t.lane == leader
                if k == "elect":
                    t.R[a["d"]] = leader if t in members else None
            return
        raise ValueError(f"unknown statement kind {k!r}")


def _alu_mov(o, t, a):
    t.R[a["d"]] = a["imm"]


def _args(o, t, a, names):
    vals = [o.val(t, a[n]) for n in names]
    return None if any(v is None for v in vals) else vals


def _alu_iadd3(o, t, a):
    v = _args(o, t, a, ("a", "b", "c"))
    t.R[a["d"]] = None if v is None else sum(v) & M32


def _alu_imad(o, t, a):
    v = _args(o, t, a, ("a", "b", "c"))
    t.R[a["d"]] = None if v is None else (v[0] * v[1] + v[2]) & M32


def _alu_lop3(o, t, a):
    v = _args(o, t, a, ("a", "b", "c"))
    t.R[a["d"]] = None if v is None else lop3(v[0], v[1], v[2], a["lut"])


def _alu_shf(o, t, a):
    v = _args(o, t, a, ("a", "c"))
    t.R[a["d"]] = None if v is None else shf(a["dir"], a["type"], a["hi"], v[0], a["n"], v[1])


def _alu_float(o, t, a, kind):
    v = _args(o, t, a, ("a", "b"))
    if v is None:
        t.R[a["d"]] = None
        return
    x = v[0] ^ (0x80000000 if a["na"] else 0)
    y = v[1] ^ (0x80000000 if a["nb"] else 0)
    with np.errstate(all="ignore"):
        r = f32(x) + f32(y) if kind == "fadd" else f32(x) * f32(y)
    t.R[a["d"]] = bits(r)


def _alu_i2f(o, t, a):
    v = t.R.get(a["a"])
    if v is None:
        t.R[a["d"]] = None
        return
    t.R[a["d"]] = bits(np.float32(v if a["unsigned"] else _s32(v)))


_ALU = {"mov": _alu_mov, "iadd3": _alu_iadd3, "imad": _alu_imad, "lop3": _alu_lop3, "shf": _alu_shf,
        "fadd": lambda o, t, a: _alu_float(o, t, a, "fadd"), "fmul": lambda o, t, a: _alu_float(o, t, a, "fmul"),
        "i2f": _alu_i2f}


def expect(prog: Program) -> Expected:
    """The expected final state of every thread of *prog*, and the expected memory."""
    emit(prog)  # fills in the code addresses the tree's calls return to (LEPC values)
    return Oracle(prog).run()

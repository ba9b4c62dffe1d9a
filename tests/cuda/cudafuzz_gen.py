"""The random program generator of scripts/cuda_fuzz.py (tree and reference: cudafuzz.py).

Rules that keep every program UB-free and its warp collectives defined (docs/fuzzing.md):
collectives run only where the generator knows the active lanes -- at the top of the
block-convergent part (all 32 lanes) or inside ``if`` arms whose mask was computed with
``__ballot_sync`` before the branch (and the else arm's complement), never in plain divergent
``if``s, loops or switches; ``__syncthreads()`` and shared memory only at the top level of the
convergent part (each thread writes its own slot, reads after the barrier, a second barrier
before the next write); early ``return`` only after the last barrier; counters take one
commutative operation per slot; device functions are pure.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from cudafuzz import COMP, E, FLOAT_CONSTS, INTR, NIN, S, SLOT_OPS, STORE, Func, Program, new_rng, norm

INT_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t != "f32" and "f32" not in _a]
F2I_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t != "f32" and "f32" in _a]
F_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t == "f32"]
CONSTS = {"i32": [0, 1, -1, 2, 3, 7, 31, 32, 100, -128, 255, 65535, -(1 << 31), (1 << 31) - 1],
          "u32": [0, 1, 2, 5, 31, 32, 0xFF, 0xFFFF, 0x80000000, 0xFFFFFFFF, 0x7FFFFFFF, 0x01010101],
          "i64": [0, 1, -1, 3, 63, 64, -(1 << 63), (1 << 63) - 1, 1 << 32, -(1 << 32) + 5, 0x123456789],
          "u64": [0, 1, 7, 64, 1 << 63, (1 << 64) - 1, 0xFFFFFFFF, 1 << 32, 0x9E3779B97F4A7C15]}


@dataclass(frozen=True)
class Ctx:
    vars: tuple                # assignable (name, type)
    ro: tuple = ()             # readable ints (name, type)
    funcs: tuple = ()          # callable Func (pure: in expressions)
    wfuncs: tuple = ()         # warp-synchronous Func (collectives under the mask they are given: statements)
    mask: str | None = ""      # "" all 32 lanes, a mask variable's name, None: unknown (no collectives)
    loop: bool = False
    switch: bool = False
    top: bool = False          # top level of the block-convergent part (barriers, shared memory)
    tail: bool = False         # after the last barrier (early return)
    kernel: bool = True        # the kernel (inputs, local array, atomics) rather than a device function
    ret: str | None = None     # a device function's return type


class Gen:
    def __init__(self, seed: int, big: bool = True):
        self.r = new_rng(seed)
        self.seed = seed
        self.n = 0
        self.budget = 0

    def fresh(self, p: str) -> str:
        self.n += 1
        return f"{p}{self.n}"

    # ---- expressions
    def as_t(self, e: E, t: str) -> E:
        return e if e.t == t else E("cast", t, (e,))

    def leaf(self, t: str, c: Ctx) -> E:
        r = self.r
        k = r.random()
        ints = [v for v in c.vars + c.ro if v[1] != "f32"]
        if k < 0.25 or not ints:
            v = r.choice(CONSTS[t]) if r.random() < 0.7 else r.getrandbits(32 if t in ("i32", "u32") else 64)
            return E("const", t, val=norm(v, t))
        if k < 0.7:
            n, vt = r.choice(ints)
            return self.as_t(E("var", vt, val=n), t)
        if c.kernel and k < 0.88:
            return self.as_t(E("in", "i32", (self.int_e("i32", c, 0),), val=r.choice(("in0", "in1"))), t)
        if c.kernel:
            return self.as_t(E("loc", "i32", (self.int_e("i32", c, 0),)), t)
        n, vt = r.choice(ints)
        return self.as_t(E("var", vt, val=n), t)

    def int_e(self, t: str, c: Ctx, d: int) -> E:        # noqa: C901 - one choice per kind
        r = self.r
        if d <= 0 or r.random() < 0.2:
            return self.leaf(t, c)
        k = r.randrange(100)
        if k < 35:
            op = r.choice(("add", "sub", "mul", "div", "mod", "shl", "shr", "and", "or", "xor", "add", "xor"))
            return E(op, t, (self.int_e(t, c, d - 1), self.int_e(t, c, d - 1)))
        if k < 40:
            return E(r.choice(("neg", "not")), t, (self.int_e(t, c, d - 1),))
        if k < 50:
            tt = r.choice(COMP + ("f32",)) if r.random() < 0.9 else "f32"
            a = self.any_e(tt, c, d - 1)
            b = self.any_e(tt, c, d - 1)
            return self.as_t(E(r.choice(("eq", "ne", "lt", "le", "gt", "ge")), "i32", (a, b)), t)
        if k < 54:
            op = r.choice(("land", "lor", "lnot"))
            n = 1 if op == "lnot" else 2
            return self.as_t(E(op, "i32", tuple(self.int_e(r.choice(COMP), c, d - 1) for _ in range(n))), t)
        if k < 62:
            return E("cond", t, (self.int_e(r.choice(COMP), c, d - 1), self.int_e(t, c, d - 1),
                                 self.int_e(t, c, d - 1)))
        if k < 68:
            return self.as_t(self.int_e(r.choice(COMP), c, d - 1), t)
        if k < 84:
            name = r.choice(INT_INTR)
            return self.as_t(E("intr", INTR[name][1], tuple(self.any_e(at, c, d - 1) for at in INTR[name][0]),
                               val=name), t)
        if k < 92:
            name = r.choice(F2I_INTR)
            return self.as_t(E("intr", INTR[name][1], (self.float_e(c, d - 1),), val=name), t)
        if c.funcs:
            f = r.choice(c.funcs)
            args = [self.as_t(self.int_e(pt, c, d - 1), pt) for _n, pt in f.params]
            if f.params[-1][0] == "d":
                args[-1] = E("and", "i32", (args[-1], E("const", "i32", val=3)))
            return self.as_t(E("call", f.t, tuple(args), val=f.name), t)
        return self.leaf(t, c)

    def float_e(self, c: Ctx, d: int) -> E:
        r = self.r
        fv = [v for v in c.vars if v[1] == "f32"]
        if d <= 0 or r.random() < 0.2:
            if fv and r.random() < 0.5:
                return E("var", "f32", val=r.choice(fv)[0])
            if r.random() < 0.5:
                return E("const", "f32", val=r.choice(FLOAT_CONSTS))
            return E("intr", "f32", (self.int_e("i32", c, 0),), val="i2f")
        k = r.randrange(100)
        if k < 60:
            name = r.choice(F_INTR)
            return E("intr", "f32", tuple(self.any_e(at, c, d - 1) for at in INTR[name][0]), val=name)
        if k < 70:
            return E("fneg", "f32", (self.float_e(c, d - 1),))
        if k < 80:
            return E("cond", "f32", (self.int_e("i32", c, d - 1), self.float_e(c, d - 1), self.float_e(c, d - 1)))
        return self.float_e(c, 0)

    def any_e(self, t: str, c: Ctx, d: int) -> E:
        return self.float_e(c, d) if t == "f32" else self.int_e(t, c, d)

    def value_for(self, t: str, c: Ctx, d: int) -> E:
        """An expression to store into a variable of type *t*."""
        if t == "f32":
            return self.float_e(c, d)
        return self.int_e(t if t in COMP else "i32", c, d)

    # ---- statements
    def block(self, c: Ctx, n: int, d: int) -> list[S]:
        out: list[S] = []
        for _ in range(n):
            if self.budget <= 0:
                break
            self.budget -= 1
            out.append(self.stmt(c, d))
        return out

    def stmt(self, c: Ctx, d: int) -> S:                 # noqa: C901 - one choice per kind
        r = self.r
        ed = r.randint(1, 3)
        w = {"assign": 30, "if": 10 * (d > 0), "for": 5 * (d > 0), "while": 4 * (d > 0),
             "switch": 4 * (d > 0), "break": 6 * (c.loop or c.switch), "continue": 4 * c.loop,
             "locstore": 5 * c.kernel, "atomic": 5 * c.kernel, "atomic64": 1 * c.kernel,
             "return": 5 * (c.tail or c.ret is not None), "shround": 5 * c.top,
             "ufor": 4 * (c.mask is not None and d > 0),
             "wcall": 6 * (c.mask is not None and bool(c.wfuncs)), "wround": 5 * (c.mask is not None and c.kernel),
             "ballot_if": 14 * (c.mask is not None and d > 0), "coll": 28 * (c.mask is not None)}
        kinds = [k for k, v in w.items() if v]
        k = r.choices(kinds, [w[x] for x in kinds])[0]
        inner = replace(c, top=False)
        if k == "assign":
            name, t = r.choice(c.vars)
            return S("assign", {"var": name, "t": t, "e": self.value_for(t, c, ed)})
        if k == "locstore":
            return S("locstore", {"idx": self.int_e("i32", c, 1), "e": self.int_e("i32", c, ed)})
        if k == "if":
            sub = replace(inner, mask=None)
            return S("if", {"c": self.int_e(r.choice(COMP), c, ed), "then": self.block(sub, r.randint(1, 4), d - 1),
                            "else": self.block(sub, r.randint(0, 3), d - 1) if r.random() < 0.6 else []})
        if k == "ballot_if":
            m, e = self.fresh("m"), self.fresh("e")
            return S("ballot_if", {"c": self.int_e(r.choice(COMP), c, ed), "cvar": self.fresh("c"), "mvar": m,
                                   "evar": e, "parent": c.mask,
                                   "then": self.block(replace(inner, mask=m), r.randint(1, 4), d - 1),
                                   "else": self.block(replace(inner, mask=e), r.randint(0, 3), d - 1)})
        if k in ("for", "while"):
            iv = self.fresh("i")
            sub = replace(inner, mask=None, loop=True, switch=False, ro=c.ro + ((iv, "i32"),))
            a = {"iv": iv, "body": self.block(sub, r.randint(1, 5), d - 1)}
            if k == "for":
                a["n"] = self.int_e("i32", c, ed)
            else:
                a["lim"] = r.randint(2, 9)
                a["c"] = self.int_e(r.choice(COMP), replace(c, ro=c.ro + ((iv, "i32"),)), ed)
            return S(k, a)
        if k == "ufor":             # a warp-uniform trip count: the mask (and the top level) stay known
            iv = self.fresh("i")
            sub = replace(c, loop=False, switch=False, ro=c.ro + ((iv, "i32"),))
            return S("for", {"iv": iv, "n": E("const", "i32", val=r.randint(1, 4)),
                             "body": self.block(sub, r.randint(1, 4), d - 1)})
        if k == "wcall":
            f = r.choice(c.wfuncs)
            name, t = r.choice(c.vars)
            return S("wcall", {"var": name, "t": t, "f": f.name, "mask": c.mask,
                               "args": (self.int_e("u32", c, ed), self.int_e("i32", c, ed))})
        if k == "wround":               # warp-synchronous shared memory: write, __syncwarp, read a member's
            name, t = r.choice([v for v in c.vars if v[1] != "f32"] or [("", "")])
            if not name:
                return S("coll", {"mask": c.mask, "var": None, "t": "", "args": (), "op": "syncwarp"})
            src = (self.int_e("i32", c, 1) if c.mask == "" else
                   r.choice(("ffs", "top")))
            return S("wround", {"e": self.int_e("i32", c, ed), "var": name, "t": t, "mask": c.mask, "src": src})
        if k in ("break", "continue"):
            return S(k, {"c": self.int_e(r.choice(COMP), c, ed)})
        if k == "return":
            if c.ret is not None:
                return S("return", {"c": self.int_e("i32", c, ed), "e": self.value_for(c.ret, c, ed), "t": c.ret})
            return S("return", {"c": self.int_e("i32", c, ed)})
        if k == "switch":
            return self.switch(c, inner, d, ed)
        if k == "atomic":
            space = "s" if (c.kernel and not c.tail and r.random() < 0.5) else "g"
            return S("atomic", {"space": space, "slot": r.randrange(len(SLOT_OPS)), "e": self.int_e("u32", c, ed)})
        if k == "atomic64":
            return S("atomic64", {"e": self.int_e("u64", c, ed)})
        if k == "shround":
            name, t = r.choice([v for v in c.vars if v[1] != "f32"] or [("loc", "")])
            if not t:
                return S("locstore", {"idx": self.int_e("i32", c, 1), "e": self.int_e("i32", c, ed)})
            return S("shround", {"e": self.int_e("i32", c, ed), "idx": self.int_e("i32", c, 1), "var": name, "t": t})
        return self.coll(c, ed)

    def switch(self, c: Ctx, inner: Ctx, d: int, ed: int) -> S:
        r = self.r
        sub = replace(inner, mask=None, switch=True)
        n = r.randint(2, 8)
        e = self.int_e("i32", c, ed)
        if r.random() < 0.6:                    # dense: a jump table
            base = r.choice((0, 0, 1, -3, 10))
            e = E("add", "i32", (E("and", "i32", (e, E("const", "i32", val=7))), E("const", "i32", val=base)))
            vals = list(range(base, base + 8))
        else:                                   # sparse
            mul, off = r.choice((37, 1000, 1 << 20, 3)), r.randint(-50, 50)
            e = E("add", "i32", (E("mul", "i32", (E("and", "i32", (e, E("const", "i32", val=15))),
                                                 E("const", "i32", val=mul))), E("const", "i32", val=off)))
            vals = [v * mul + off for v in range(16)]
        r.shuffle(vals)
        cases: list = []
        for _ in range(n):
            if not vals:
                break
            labels = sorted(vals.pop() for _ in range(min(len(vals), r.choice((1, 1, 1, 2)))))
            cases.append((labels, self.block(sub, r.randint(0, 3), d - 1), r.random() < 0.8))
        if r.random() < 0.7:
            cases.insert(r.randint(0, len(cases)), (None, self.block(sub, r.randint(0, 2), d - 1), r.random() < 0.8))
        default = next((i for i, (v, _b, _k) in enumerate(cases) if v is None), None)
        return S("switch", {"e": e, "cases": cases, "default": default})

    def coll(self, c: Ctx, ed: int) -> S:              # noqa: C901 - one choice per collective
        r = self.r
        full = c.mask == ""
        name, t = r.choice(c.vars)
        vt = t if t in COMP + ("f32",) else "i32"
        kinds = ["shfl", "ballot", "any", "all", "match", "red", "syncwarp"] + ["shfl"] * 3
        if t == "f32":
            kinds = ["shfl", "syncwarp"]
        if full and t != "f32":
            kinds.append("activemask")
        k = r.choice(kinds)
        a = {"mask": c.mask, "var": name, "t": t, "args": ()}
        if k == "shfl":
            if full:
                mode = r.choice(("idx", "up", "down", "xor"))
                width = r.choice((32, 32, 16, 8, 4, 2))
                if mode == "idx":
                    b = self.int_e("i32", c, 1)
                elif mode == "xor":
                    b = E("const", "i32", val=r.randrange(1, width) if width > 1 else 0)
                else:
                    b = E("const", "i32", val=r.randrange(1, width))
            else:
                mode, width = "idx", 32
                mv = E("var", "u32", val=c.mask)
                if r.random() < 0.5:
                    b = E("sub", "i32", (E("intr", "i32", (E("cast", "i32", (mv,)),), val="ffs"),
                                         E("const", "i32", val=1)))
                else:
                    b = E("sub", "i32", (E("const", "i32", val=31), E("intr", "i32", (E("cast", "i32", (mv,)),),
                                                                       val="clz")))
            a["op"] = f"shfl:{mode}:{width}"
            a["args"] = (self.any_e(vt, c, ed), b)
            a["vt"] = vt
        elif k in ("ballot", "any", "all"):
            a["op"] = k
            a["args"] = (self.int_e(r.choice(COMP), c, ed),)
        elif k == "match":
            a["op"] = "match"
            a["args"] = (self.int_e(r.choice(COMP), c, ed),)
        elif k == "red":
            op = r.choice(("add", "min", "max", "and", "or", "xor"))
            rt = r.choice(("i32", "u32")) if op in ("add", "min", "max") else "u32"
            a["op"] = f"red:{op}:{rt}"
            a["args"] = (self.int_e(rt, c, ed),)
        elif k == "syncwarp":
            a["op"] = "syncwarp"
            a["var"] = None
        else:
            a["op"] = "activemask"
        return S("coll", a)

    # ---- functions and the program
    def func(self, i: int, funcs: list[Func]) -> Func:
        r = self.r
        rec = r.random() < 0.4
        name = f"f{i}"
        params = [("a", "u32"), ("b", "i32")] + ([("d", "i32")] if rec else [])
        t = r.choice(COMP)
        locs = [(f"l{j}", r.choice(COMP)) for j in range(r.randint(1, 3))]
        base = Ctx(vars=tuple(params[:2]) + tuple((n, lt) for n, lt in locs), funcs=tuple(funcs), mask=None,
                   kernel=False, ret=t)
        pc = replace(base, vars=tuple(params[:2]))
        locals_ = [(n, lt, self.int_e(lt, pc, 2)) for n, lt in locs]
        self.budget = r.randint(2, 6)
        body = []
        if rec:
            body.append(S("return", {"c": E("le", "i32", (E("var", "i32", val="d"), E("const", "i32", val=0))),
                                     "e": self.int_e(t, base, 2), "t": t}))
            n, lt = r.choice(locs)
            call = E("call", t, (self.int_e("u32", base, 2), self.int_e("i32", base, 2),
                                 E("sub", "i32", (E("var", "i32", val="d"), E("const", "i32", val=1)))), val=name)
            body += self.block(base, 2, 2)
            body.append(S("assign", {"var": n, "t": lt, "e": self.as_t(call, lt)}))
        body += self.block(base, r.randint(1, 4), 2)
        return Func(name, params, locals_, body, self.int_e(t, base, 3), t)

    def wfunc(self, i: int, funcs: list[Func]) -> Func:
        """A warp-synchronous device function: collectives under the mask ``m`` it is given, no early
        return (every lane of ``m`` must reach each collective)."""
        r = self.r
        params = [("a", "u32"), ("b", "i32"), ("m", "u32")]
        t = r.choice(COMP)
        locs = [(f"l{j}", r.choice(COMP)) for j in range(r.randint(1, 2))]
        base = Ctx(vars=tuple(params[:2]) + tuple(locs), funcs=tuple(funcs), mask="m", kernel=False)
        pc = replace(base, vars=tuple(params[:2]))
        locals_ = [(n, lt, self.int_e(lt, pc, 2)) for n, lt in locs]
        self.budget = r.randint(2, 6)
        body = self.block(base, r.randint(1, 4), 2)
        return Func(f"w{i}", params, locals_, body, self.int_e(t, replace(base, mask=None), 2), t)

    def program(self) -> Program:
        r = self.r
        funcs: list[Func] = []
        for i in range(r.randint(0, 3)):
            funcs.append(self.func(i, funcs))
        wfuncs = [self.wfunc(i, funcs) for i in range(r.choice((0, 0, 1, 2)))]
        block = r.choice((64, 64, 96, 128))
        vars_ = [(f"v{i}", r.choice(STORE)) for i in range(r.randint(4, 8))]
        ro = (("tid", "i32"), ("gid", "i32"), ("lane", "i32"))
        c0 = Ctx(vars=(), ro=ro, funcs=tuple(funcs))
        inits = [(n, t, self.value_for(t, c0, 2)) for n, t in vars_]
        c = Ctx(vars=tuple(vars_), ro=ro, funcs=tuple(funcs), wfuncs=tuple(wfuncs), top=True)
        self.budget = r.randint(12, 40)
        pro = self.block(c, r.randint(6, 14), 3)
        self.budget = r.randint(3, 12)
        tail = self.block(replace(c, top=False, tail=True, mask=None), r.randint(1, 5), 2)
        p = Program(self.seed, f"fz{self.seed}", block, 2, inits, funcs + wfuncs, pro, tail)
        p.nout = sum(2 if t in ("i64", "u64") else 1 for _n, t in vars_) + 8
        p._fmap = {f.name: f for f in funcs + wfuncs}
        return p


def generate(seed: int) -> Program:
    return Gen(seed).program()


def launch_manifest(p: Program) -> dict:
    """The corpus manifest launch of program *p* (inputs: two random int buffers)."""
    return {"name": p.name, "kernel": p.name, "grid": [p.grid], "block": [p.block],
            "buffers": {"in0": {"dtype": "s32", "count": NIN, "init": f"random:{p.seed % 100000}:-2147483648:2147483648"},
                        "in1": {"dtype": "s32", "count": NIN, "init": f"random:{p.seed % 100000 + 1}:-40:40"},
                        "out": {"dtype": "u32", "count": p.grid * p.block * p.nout, "init": "zeros"},
                        "cnt": {"dtype": "u32", "count": 16, "init": "zeros", "set": {"4": -1}},
                        "cnt64": {"dtype": "u64", "count": 1, "init": "zeros"}},
            "params": ["ptr:in0", "ptr:in1", "ptr:out", "ptr:cnt", "ptr:cnt64"],
            "outputs": ["out", "cnt", "cnt64"]}

"""The random program generator of scripts/cuda_fuzz.py (tree and reference: cudafuzz.py).

Rules that keep every program UB-free and its warp collectives defined (docs/fuzzing.md):
collectives run only where the generator knows the active lanes -- at the top of the
block-convergent part (all 32 lanes) or inside ``if`` arms whose mask was computed with
``__ballot_sync`` before the branch (and the else arm's complement), never in plain divergent
``if``s, loops or switches; ``__syncthreads()`` and shared memory only at the top level of the
convergent part (each thread writes its own slot, reads after the barrier, a second barrier
before the next write); early ``return`` only after the last barrier; counters take one
commutative operation per slot; device functions are pure.

Version 3's rules (cudafuzz_v3, decision D15-F-1): a divisor is never 0 and never -1 with a dividend
that may be its type's minimum (``(b & ~1) | 2``, or ``b | 1`` under ``a >> 1``; unsigned ``b | 1``);
every index is in range by construction (``BASE + e % d`` with d <= 32 <= BASE <= 223, unsigned
``e % d`` with d <= 256, ``% NB`` into the local array); ``goto`` leaves only the loop nest that owns
its label, and the nest is a block of its own (no jump crosses a declaration); the warp-uniform
do-while's exit is ``__any_sync`` over its known mask, its body has no break, continue, goto or
return; loop nests hold no collectives; a function-pointer table holds only ``int (int, unsigned)``
functions, all pure.

PYTEST_DONT_REWRITE: a helper module, no assertions to introspect (its rewriting cost seconds per
test worker).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from cudafuzz import (ALL_INTR, COMP, DOUBLE_CONSTS, FLOAT_CONSTS, FLT, GEN_VERSION, INTR, INTR2, NIN, PRIV32, PRIV64,
                      SLOT2_OPS, SLOT64_OPS, SLOT_OPS, STORE, STORE2, Func, Program, new_rng, norm)
from cudafuzz import E, S
import cudafuzz_v3 as V3

INT_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t != "f32" and "f32" not in _a]
F2I_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t != "f32" and "f32" in _a]
F_INTR = [n for n, (_a, t, _f, _p) in INTR.items() if t == "f32"]
# version 2: float/double results from intrinsics (by result type), conversions from integers, to integers
F_INTR2 = {ft: [n for n, (a, t, _f, _p) in INTR2.items() if t == ft and any(x in FLT for x in a)] for ft in FLT}
I2F_INTR2 = {ft: [n for n, (a, t, _f, _p) in INTR2.items() if t == ft and not any(x in FLT for x in a)]
             for ft in FLT}
F2I_INTR2 = [n for n, (a, t, _f, _p) in INTR2.items() if t not in FLT and any(x in FLT for x in a)]
GS_TYPES = (("i32", "int"), ("u32", "unsigned"), ("i64", "long long"), ("u64", "size_t"),
            ("u64", "unsigned long long"))
BDIMS = {64: ((64, 1, 1), (32, 2, 1), (16, 4, 1), (8, 4, 2), (16, 2, 2), (4, 4, 4), (2, 8, 4)),
         96: ((96, 1, 1), (32, 3, 1), (48, 2, 1), (12, 4, 2), (8, 3, 4)),
         128: ((128, 1, 1), (64, 2, 1), (32, 2, 2), (16, 8, 1), (8, 8, 2))}
GDIMS = ((2, 1, 1), (2, 1, 1), (3, 1, 1), (1, 2, 1), (1, 1, 2), (2, 2, 1), (1, 3, 1))
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
    label: str | None = None   # version 3: inside a loop nest whose label a goto may leave to


#: version 5: the fused multiply-adds nvcc may turn into an addition (llvm.fma with a multiplicand of
#: 1), whose arguments therefore never hold a plain product (decision D20-1); ``__fmaf_rn`` and the
#: other rounded intrinsics stay as they are
PLAIN_FMA = frozenset({"fmaf", "dfma"})


class Gen:
    def __init__(self, seed: int, version: int = GEN_VERSION):
        self.r = new_rng(seed, version)
        self.version = version
        self.v2 = version >= 2
        self.v3 = version >= 3
        self.ftab: tuple = ()      # version 3: the function-pointer table's entries
        self.nbig = 0
        self.seed = seed
        self.n = 0
        self.budget = 0
        self.sizet: set[str] = set()   # the size_t loop indices (version 5 casts them: _var)

    def fresh(self, p: str) -> str:
        self.n += 1
        return f"{p}{self.n}"

    # ---- expressions
    def as_t(self, e: E, t: str) -> E:
        return e if e.t == t else E("cast", t, (e,))

    def leaf(self, t: str, c: Ctx) -> E:
        r = self.r
        if self.v3 and c.kernel and r.random() < 0.15:
            return self.as_t(self.leaf3(c), t)
        k = r.random()
        ints = [v for v in c.vars + c.ro if v[1] not in FLT]
        if k < 0.25 or not ints:
            v = r.choice(CONSTS[t]) if r.random() < 0.7 else r.getrandbits(32 if t in ("i32", "u32") else 64)
            return E("const", t, val=norm(v, t))
        if k < 0.7:
            n, vt = r.choice(ints)
            return self.as_t(self._var(n, vt), t)
        if c.kernel and k < 0.88:
            return self.as_t(E("in", "i32", (self.int_e("i32", c, 0),), val=r.choice(("in0", "in1"))), t)
        if c.kernel:
            return self.as_t(E("loc", "i32", (self.int_e("i32", c, 0),)), t)
        n, vt = r.choice(ints)
        return self.as_t(self._var(n, vt), t)

    def _var(self, n: str, vt: str) -> E:
        """Variable *n*; from version 5 a `size_t` loop index as `(unsigned long long)(j)`: `max(j, x)`
        of a `size_t` and an `unsigned long long` is ambiguous to nvcc (seed 20121; decision D20-1)."""
        v = E("var", vt, val=n)
        return E("cast", vt, (v,)) if self.version >= 5 and n in self.sizet else v

    def int_e(self, t: str, c: Ctx, d: int) -> E:        # noqa: C901 - one choice per kind
        r = self.r
        if d <= 0 or r.random() < 0.2:
            return self.leaf(t, c)
        if self.v3 and r.random() < 0.12:
            return self.int3(t, c, d)
        k = r.randrange(100)
        if k < 35:
            op = r.choice(("add", "sub", "mul", "div", "mod", "shl", "shr", "and", "or", "xor", "add", "xor"))
            return E(op, t, (self.int_e(t, c, d - 1), self.int_e(t, c, d - 1)))
        if k < 40:
            return E(r.choice(("neg", "not")), t, (self.int_e(t, c, d - 1),))
        if k < 50:
            tt = r.choice(COMP + ("f32",)) if r.random() < 0.9 else "f32"
            if self.v2:
                tt = "f64" if tt == "f32" and r.random() < 0.5 else tt
                return self.as_t(E(r.choice(("eq", "ne", "lt", "le", "gt", "ge")), "i32",
                                   (self.fany(tt, c, d - 1, True), self.fany(tt, c, d - 1, True))), t)
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
        if k < 92 and self.v2:
            name = self._nz(r.choice(F2I_INTR2))
            return self.as_t(E("intr", ALL_INTR[name][1], (self.fexpr(ALL_INTR[name][0][0], c, d - 1, True),),
                               val=name), t)
        if k < 92:
            name = r.choice(F2I_INTR)
            return self.as_t(E("intr", INTR[name][1], (self.float_e(c, d - 1),), val=name), t)
        if self.v2:
            return self.call_e(t, c, d)
        if c.funcs:
            f = r.choice(c.funcs)
            args = [self.as_t(self.int_e(pt, c, d - 1), pt) for _n, pt in f.params]
            if f.params[-1][0] == "d":
                args[-1] = E("and", "i32", (args[-1], E("const", "i32", val=3)))
            return self.as_t(E("call", f.t, tuple(args), val=f.name), t)
        return self.leaf(t, c)

    def call_e(self, t: str, c: Ctx, d: int) -> E:
        """A call of a device function of the type class of *t* (version 2: any parameter types)."""
        r = self.r
        fs = [f for f in c.funcs if (f.t in FLT) == (t in FLT)]
        if not fs:
            return self.leaf(t, c) if t not in FLT else self.fexpr(t, c, 0)
        f = r.choice(fs)
        args = [self.as_t(self.fany(pt, c, d - 1, False), pt) for _n, pt in f.params]
        if f.params[-1][0] == "d":
            args[-1] = E("and", "i32", (args[-1], E("const", "i32", val=3)))
        call = E("call", f.t, tuple(args), val=f.name)
        return self.as_t(call, t) if f.t != t else call

    def fany(self, t: str, c: Ctx, d: int, mul_ok: bool) -> E:
        if t in FLT:
            return self.fexpr(t, c, d, mul_ok)
        return self.int_e(t if t in COMP else "i32", c, d) if t != "bool" else self.int_e("i32", c, d)

    def fexpr(self, ft: str, c: Ctx, d: int, mul_ok: bool = False) -> E:   # noqa: C901 - one choice per kind
        """A float or double expression (version 2).  nvcc contracts a product (or a quotient by a
        power of two, which becomes one) feeding an addition into a fused multiply-add, so plain
        ``*`` and ``/`` appear only where *mul_ok*: operands of comparisons, conversions, rounded
        intrinsics, square roots and other products -- never under ``+``/``-`` (through negation,
        ``fabs`` and ``?:``), never assigned (decision D9-F-1); from version 5 on, never in an argument of
        the plain ``fmaf``/``fma`` either, which nvcc simplifies into an addition when a multiplicand
        folds to 1 (``fmaf(a, sqrtf(1.0f), -7.0f * v)`` became ``FFMA v, -7, a``: decision D20-1)."""
        r = self.r
        fv = [v for v in c.vars + c.ro if v[1] == ft]
        if d <= 0 or r.random() < 0.2:
            k = r.random()
            if fv and k < 0.45:
                return E("var", ft, val=r.choice(fv)[0])
            if k < 0.7:
                return E("const", ft, val=r.choice(FLOAT_CONSTS if ft == "f32" else DOUBLE_CONSTS))
            name = r.choice(I2F_INTR2[ft])
            return E("intr", ft, tuple(self.int_e(at, c, 0) for at in ALL_INTR[name][0]), val=name)
        k = r.randrange(100)
        if k < 28:
            o = r.choice("+-*/" if mul_ok else "+-")
            sub = o in "*/"
            return E("fbin", ft, (self.fexpr(ft, c, d - 1, sub), self.fexpr(ft, c, d - 1, sub)), val=o)
        if k < 55:
            name = r.choice(F_INTR2[ft])
            mo = self.version < 5 or name not in PLAIN_FMA
            return E("intr", ft, tuple(self.fany(at, c, d - 1, mo) for at in ALL_INTR[name][0]), val=name)
        if k < 61:
            return E("fneg", ft, (self.fexpr(ft, c, d - 1, mul_ok),))
        if k < 68:
            return E("cond", ft, (self.int_e("i32", c, d - 1), self.fexpr(ft, c, d - 1, mul_ok),
                                  self.fexpr(ft, c, d - 1, mul_ok)))
        if k < 74:
            return E("fsqrt_p", ft, (self.fexpr(ft, c, d - 1, True),))
        if k < 77:
            return E("fabs", ft, (self.fexpr(ft, c, d - 1, mul_ok),))
        if k < 84:
            return E("cast", ft, (self.fexpr("f64" if ft == "f32" else "f32", c, d - 1, False),))
        if k < 89:
            return E("cast", ft, (self.int_e(r.choice(COMP), c, d - 1),))
        if k < 95:
            return self.call_e(ft, c, d)
        return self.fexpr(ft, c, 0)

    def float_e(self, c: Ctx, d: int) -> E:
        r = self.r
        if self.v2:
            return self.fexpr("f32", c, d)
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
        if t == "f64":
            return self.fexpr(t, c, d)
        return self.float_e(c, d) if t == "f32" else self.int_e(t, c, d)

    def value_for(self, t: str, c: Ctx, d: int) -> E:
        """An expression to store into a variable of type *t*."""
        if t == "f64":
            return self.fexpr(t, c, d)
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
        if self.v3:
            w.update({"dowhile": 4 * (d > 0), "nest": 6 * (d > 0 and c.label is None), "goto": 6 * (c.label is not None),
                      "udo": 14 * (c.mask is not None and d > 0 and c.kernel), "pstore": 3 * c.kernel,
                      "bigstore": 4 * c.kernel})
        if self.v2:
            w.update({"atomic64": 0, "atomic64b": 3 * c.kernel, "fatomic": 4 * c.kernel, "datomic": 2 * c.kernel,
                      "atomic2": 4 * c.kernel, "priv": 6 * c.kernel, "gstride": 4 * (c.kernel and d > 0),
                      "fpriv": 3 * c.kernel, "shroundf": 4 * c.top})
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
            name, t = r.choice([v for v in c.vars if v[1] not in FLT] or [("", "")])
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
        if k in V3.STMTS:
            return self.stmt3(k, c, inner, d, ed)
        if k in ("atomic64b", "fatomic", "datomic", "atomic2", "priv", "gstride", "fpriv", "shroundf"):
            return self.stmt_v2(k, c, inner, d, ed)
        if k == "atomic":
            space = "s" if (c.kernel and not c.tail and r.random() < 0.5) else "g"
            return S("atomic", {"space": space, "slot": r.randrange(len(SLOT_OPS)), "e": self.int_e("u32", c, ed)})
        if k == "atomic64":
            return S("atomic64", {"e": self.int_e("u64", c, ed)})
        if k == "shround":
            name, t = r.choice([v for v in c.vars if v[1] not in FLT] or [("loc", "")])
            if not t:
                return S("locstore", {"idx": self.int_e("i32", c, 1), "e": self.int_e("i32", c, ed)})
            return S("shround", {"e": self.int_e("i32", c, ed), "idx": self.int_e("i32", c, 1), "var": name, "t": t})
        return self.coll(c, ed)

    # ---- version 3: control flow and memory shapes (cudafuzz_v3)
    def leaf3(self, c: Ctx) -> E:
        """A load of version 3: a 64-bit (signed or unsigned) index with a run-time modulus, ``__ldg``,
        a volatile load, the local long long array."""
        r = self.r
        k = r.randrange(4)
        e = self.int_e("i32", replace(c, vars=c.vars), 0)
        if k == 0:
            if r.random() < 0.5:
                d = E("add", "i64", (E("and", "i64", (self.as_t(self.int_e("i32", c, 0), "i64"),
                                                        E("const", "i64", val=31))), E("const", "i64", val=1)))
                return E("in64", "i32", (self.as_t(self.int_e("i64", c, 1), "i64"), d),
                         val=(r.choice(("in0", "in1")), r.randint(32, 223)))
            d = E("add", "u64", (E("and", "u64", (self.as_t(self.int_e("u32", c, 0), "u64"),
                                                    E("const", "u64", val=255))), E("const", "u64", val=1)))
            return E("in64", "i32", (self.as_t(self.int_e("u64", c, 1), "u64"), d), val=(r.choice(("in0", "in1")), None))
        if k == 1:
            return E("ldg", "i32", (e,), val=r.choice(("in0", "in1")))
        if k == 2:
            return E("vld", "i32", (e,), val=r.choice(("in0", "in1")))
        return E("big", "i64", (e,), val=self.nbig)

    def int3(self, t: str, c: Ctx, d: int) -> E:
        """Version 3's expressions: division and modulo by run-time non-zero values of every width and
        signedness, an indirect call through a function-pointer table."""
        r = self.r
        if c.kernel and self.ftab and r.random() < 0.3:
            args = (self.int_e("i32", c, d - 1), self.as_t(self.int_e("i32", c, d - 1), "i32"),
                    self.as_t(self.int_e("u32", c, d - 1), "u32"))
            return self.as_t(E("icall", "i32", args, val=r.choice(("ftl", "ftg"))), t)
        dt = r.choice(("i32", "u32", "i64", "u64", "i16", "i8", "u8", "i32", "i64"))
        ot = dt if dt in COMP else "i32"
        return self.as_t(E("divnz", dt, (self.int_e(ot, c, d - 1), self.int_e(ot, c, d - 1)),
                           val=(dt, r.randrange(2), r.choice(("div", "mod")))), t)

    def stmt3(self, k: str, c: Ctx, inner: Ctx, d: int, ed: int) -> S:
        r = self.r
        if k == "dowhile":
            iv = self.fresh("i")
            sub = replace(inner, mask=None, loop=True, switch=False, ro=c.ro + ((iv, "i32"),))
            return S("dowhile", {"iv": iv, "lim": r.randint(1, 6), "body": self.block(sub, r.randint(1, 4), d - 1),
                                 "c": self.int_e(r.choice(COMP), sub, ed)})
        if k == "nest":
            return self.nest(c, inner, d, ed)
        if k == "goto":
            return S("goto", {"c": self.int_e(r.choice(COMP), c, ed), "label": c.label})
        if k == "udo":
            iv = self.fresh("u")
            sub = replace(inner, loop=False, switch=False, ro=c.ro + ((iv, "i32"),))
            return S("udo", {"iv": iv, "lim": r.randint(2, 5), "mask": c.mask,
                             "body": self.block(sub, r.randint(1, 4), d - 1), "c": self.int_e(r.choice(COMP), sub, ed)})
        if k == "pstore":
            dst = r.choice(("priv", "priv64", "sh"))
            return S("pstore", {"c": self.int_e(r.choice(COMP), c, ed), "dst": dst,
                                "e": self.int_e("u64" if dst == "priv64" else "u32", c, ed)})
        return S("bigstore", {"idx": self.int_e("i32", c, 1), "e": self.int_e("i64", c, ed)})

    def nest(self, c: Ctx, inner: Ctx, d: int, ed: int) -> S:
        """Loops nested 2-4 deep (for, while, do-while), statements before and after each inner
        loop (``break``/``continue`` at every depth), ``goto`` out of all of them."""
        r = self.r
        label = self.fresh("L")
        depth = r.randint(2, 4)

        def level(j: int, ctx: Ctx) -> S:
            kind = r.choice(("for", "for", "while", "dowhile"))
            iv = self.fresh("i")
            cc = replace(ctx, ro=ctx.ro + ((iv, "i32"),))
            body = self.block(cc, r.randint(0, 2), 1)
            if j + 1 < depth:
                body.append(level(j + 1, cc))
            elif r.random() < 0.7:
                body.append(S("goto", {"c": self.int_e(r.choice(COMP), cc, ed), "label": label}))
            body += self.block(cc, r.randint(0, 2), 1)
            if kind == "for":
                n = E("and", "i32", (self.int_e("i32", ctx, ed), E("const", "i32", val=7 if j == 0 else 3)))
                return S("for", {"iv": iv, "n": n, "body": body})
            return S(kind, {"iv": iv, "lim": r.randint(1, 5 if j == 0 else 3), "body": body,
                            "c": self.int_e(r.choice(COMP), cc if kind == "dowhile" else replace(ctx, ro=cc.ro), ed)})

        sub = replace(inner, mask=None, loop=True, switch=False, label=label)
        return S("nest", {"label": label, "body": [level(0, sub)]})

    def pfunc(self, i: int, funcs: list[Func]) -> Func:
        """Version 3: ``int pK(int a, unsigned b)``, pure, called through a table of function pointers."""
        r = self.r
        params = [("a", "i32"), ("b", "u32")]
        locs = [(f"l{j}", r.choice(COMP)) for j in range(r.randint(1, 2))]
        base = Ctx(vars=tuple(params) + tuple(locs), funcs=tuple(funcs), mask=None, kernel=False, ret="i32")
        pc = replace(base, vars=tuple(params))
        locals_ = [(n, lt, self.int_e(lt, pc, 2)) for n, lt in locs]
        self.budget = r.randint(2, 6)
        body = self.block(base, r.randint(1, 4), 2)
        return Func(f"p{i}", params, locals_, body, self.int_e("i32", base, 2), "i32")

    def stmt_v2(self, k: str, c: Ctx, inner: Ctx, d: int, ed: int) -> S:
        r = self.r
        space = "s" if (not c.tail and r.random() < 0.5) else "g"
        if k == "fatomic":
            return S("fatomic", {"space": space, "slot": r.randrange(2), "e": self.int_e("u32", c, ed)})
        if k == "datomic":
            return S("datomic", {"e": self.int_e("u32", c, ed)})
        if k == "fpriv":
            name, t = r.choice(c.vars)
            return S("fpriv", {"e": self.fexpr("f32", c, ed, True), "var": name, "t": t})
        if k == "shroundf":
            fl = [v for v in c.vars if v[1] in FLT]
            if not fl:
                name, t = r.choice(c.vars)
                return S("shround", {"e": self.int_e("i32", c, ed), "idx": self.int_e("i32", c, 1), "var": name,
                                     "t": t})
            name, t = r.choice(fl)
            return S("shroundf", {"e": self.fexpr(t, c, ed), "idx": self.int_e("i32", c, 1), "var": name, "t": t})
        if k == "atomic2":
            return S("atomic2", {"space": space, "slot": r.randrange(len(SLOT2_OPS)), "e": self.int_e("u32", c, ed)})
        if k == "atomic64b":
            return S("atomic64b", {"space": space, "slot": r.randrange(len(SLOT64_OPS)), "cas": r.random() < 0.4,
                                   "e": self.int_e("u64", c, ed)})
        if k == "priv":
            w = r.choice((32, 32, 64))
            name, t = r.choice(c.vars)
            op = r.choice(PRIV32 if w == 32 else PRIV64)
            ut = f"u{w}"
            e = self.int_e(ut, c, ed)
            if op in ("inc", "dec") and r.random() < 0.6:
                e = E("const", "u32", val=r.choice((0, 1, 3, 7, 100)))
            return S("priv", {"w": w, "space": "g" if w == 64 else r.choice("gs"), "op": op, "e": e,
                              "e2": self.int_e(ut, c, ed), "var": name, "t": t})
        iv = self.fresh("j")
        t, ct = r.choice(GS_TYPES)
        if ct == "size_t":
            self.sizet.add(iv)
        sub = replace(inner, mask=None, loop=True, switch=False, ro=c.ro + ((iv, t),))
        return S("gstride", {"iv": iv, "T": t, "ct": ct, "n": r.randint(1, 4) * 97 + r.randint(0, 60),
                             "k": r.randrange(NIN) if r.random() < 0.4 else None,
                             "e": self.int_e("u32", sub, ed), "body": self.block(sub, r.randint(0, 2), d - 1)})

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
        vt = t if t in COMP + FLT else "i32"
        kinds = ["shfl", "ballot", "any", "all", "match", "red", "syncwarp"] + ["shfl"] * 3
        if t in FLT:
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

    def func2(self, i: int, funcs: list[Func]) -> Func:
        """Version 2: parameters of every type (up to 10: with -maxrregcount=32 they spill), float and
        double results, a bounded recursion parameter ``d`` last."""
        r = self.r
        rec = r.random() < 0.3
        name = f"f{i}"
        # no short / signed char parameters: ptxas 13.0 converts `(float)(unsigned)p` of one with the
        # signed I2F.S16 / I2F.S8 (decision D9-F-4), a toolchain defect the programs must not meet
        kinds = ("i32", "u32", "i64", "u64", "u8", "u8", "f32", "f64", "f64")
        params = [(f"p{j}", r.choice(kinds)) for j in range(r.randint(2, 10))] + ([("d", "i32")] if rec else [])
        t = r.choice(COMP + FLT)
        plain = [(n, pt) for n, pt in params if n != "d"]
        locs = [(f"l{j}", r.choice(COMP + FLT)) for j in range(r.randint(1, 3))]
        base = Ctx(vars=tuple(plain) + tuple(locs), funcs=tuple(funcs), mask=None, kernel=False, ret=t)
        pc = replace(base, vars=tuple(plain))
        locals_ = [(n, lt, self.value_for(lt, pc, 2)) for n, lt in locs]
        self.budget = r.randint(2, 6)
        body: list[S] = []
        if rec:
            body.append(S("return", {"c": E("le", "i32", (E("var", "i32", val="d"), E("const", "i32", val=0))),
                                     "e": self.value_for(t, base, 2), "t": t}))
            n, lt = r.choice(locs)
            args = [self.as_t(self.fany(pt, base, 2, False), pt) for _n, pt in plain]
            call = E("call", t, tuple(args) + (E("sub", "i32", (E("var", "i32", val="d"), E("const", "i32", val=1))),),
                     val=name)
            body += self.block(base, 2, 2)
            body.append(S("assign", {"var": n, "t": lt, "e": call if (t in FLT) == (lt in FLT) and t == lt else
                                     self._convert(call, lt)}))
        body += self.block(base, r.randint(1, 4), 2)
        return Func(name, params, locals_, body, self.value_for(t, base, 3), t)

    def _convert(self, e: E, t: str) -> E:
        """*e* as type *t*; a float becomes an integer through a rounded conversion, never a cast."""
        if e.t in FLT and t not in FLT:
            name = self._nz(("f2ll_rz" if t in ("i64",) else "f2ull_rz" if t == "u64" else "f2i2_rz") if e.t == "f32"
                            else ("d2ll_rz" if t == "i64" else "d2ull_rz" if t == "u64" else "d2i_rz"))
            return self.as_t(E("intr", ALL_INTR[name][1], (e,), val=name), t)
        return self.as_t(e, t)

    def _nz(self, name: str) -> str:
        """Version 4: a conversion to a 32-bit integer takes its argument through nzf/nzd (INTR4);
        version 6: every conversion to an integer, through clf/cld (INTR6)."""
        if self.version >= 6 and name + "cl" in ALL_INTR:
            return name + "cl"
        return name + "nz" if self.version >= 4 and name + "nz" in ALL_INTR else name

    def program_v2(self) -> Program:
        r = self.r
        funcs: list[Func] = []
        for i in range(r.randint(0, 3)):
            funcs.append(self.func2(i, funcs))
        pfuncs: list[Func] = []
        if self.v3:
            pfuncs = [self.pfunc(i, funcs) for i in range(r.choice((0, 2, 3, 4)))]
            if pfuncs:
                tab = [f.name for f in pfuncs] * 2
                r.shuffle(tab)
                self.ftab = tuple(tab[:4])
            self.nbig = r.choice((20, 24, 37, 52))
        funcs = funcs + pfuncs
        wfuncs = [self.wfunc(i, [f for f in funcs]) for i in range(r.choice((0, 0, 1)))]
        block = r.choice((64, 64, 96, 128))
        bdim, gdim = r.choice(BDIMS[block]), r.choice(GDIMS)
        vars_ = [(f"v{i}", r.choice(STORE2)) for i in range(r.randint(4, 8))]
        ro = (("tid", "i32"), ("gid", "i32"), ("lane", "i32"), ("bid", "i32"), ("tx", "i32"), ("ty", "i32"),
              ("tz", "i32"))
        c0 = Ctx(vars=(), ro=ro, funcs=tuple(funcs))
        inits = [(n, t, self.value_for(t, c0, 2)) for n, t in vars_]
        c = Ctx(vars=tuple(vars_), ro=ro, funcs=tuple(funcs), wfuncs=tuple(wfuncs), top=True)
        self.budget = r.randint(12, 40)
        pro = self.block(c, r.randint(6, 14), 3)
        self.budget = r.randint(3, 12) + 8 * self.v3
        tail = self.block(replace(c, top=False, tail=True, mask=None), r.randint(1, 5) + 2 * self.v3, 2 + self.v3)
        grid = gdim[0] * gdim[1] * gdim[2]
        flags = "-maxrregcount=32" if r.random() < 0.3 else ""
        if self.v3 and r.random() < 0.04:
            flags = "-G"
        p = Program(self.seed, f"fz{self.seed}", block, grid, inits, funcs + wfuncs, pro, tail, version=self.version,
                    bdim=bdim, gdim=gdim, flags=flags, ngs=NGS, nbig=self.nbig, ftab=self.ftab)
        p.nout = sum(2 if t in ("i64", "u64", "f64") else 1 for _n, t in vars_) + 9 + 2 * self.v3
        p._fmap = {f.name: f for f in funcs + wfuncs}
        return p

    def program(self) -> Program:
        r = self.r
        if self.v2:
            return self.program_v2()
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


def generate(seed: int, version: int = GEN_VERSION) -> Program:
    """Program *seed* of generator *version* (1: the eighth round's, still reproduced exactly)."""
    return Gen(seed, version).program()


def launch_manifest(p: Program) -> dict:
    """The corpus manifest launch of program *p* (inputs: two random int buffers)."""
    if p.version >= 2:
        return _manifest_v2(p)
    return {"name": p.name, "kernel": p.name, "grid": [p.grid], "block": [p.block],
            "buffers": {"in0": {"dtype": "s32", "count": NIN, "init": f"random:{p.seed % 100000}:-2147483648:2147483648"},
                        "in1": {"dtype": "s32", "count": NIN, "init": f"random:{p.seed % 100000 + 1}:-40:40"},
                        "out": {"dtype": "u32", "count": p.grid * p.block * p.nout, "init": "zeros"},
                        "cnt": {"dtype": "u32", "count": 16, "init": "zeros", "set": {"4": -1}},
                        "cnt64": {"dtype": "u64", "count": 1, "init": "zeros"}},
            "params": ["ptr:in0", "ptr:in1", "ptr:out", "ptr:cnt", "ptr:cnt64"],
            "outputs": ["out", "cnt", "cnt64"]}


NGS = 448                   # gs's words: the grid-stride loops' bound (never a multiple of the grid's threads)


def _manifest_v2(p: Program) -> dict:
    n = p.grid * p.block
    sd = p.seed % 100000
    cnt2 = {str(i): v - (1 << 32) if v >> 31 else v for i, op in enumerate(SLOT2_OPS)
            if (v := {"dec": 0x7FFFFFFF, "smin": 0x7FFFFFFF, "smax": 0x80000000, "and": 0xFFFFFFFF}.get(op))}
    c64 = {str(i): v for i, op in enumerate(SLOT64_OPS)
           if (v := {"smin": (1 << 63) - 1, "smax": -(1 << 63), "umin": -1, "and": -1}.get(op))}
    return {"name": p.name, "kernel": p.name, "grid": list(p.gdim), "block": list(p.bdim),
            "buffers": {"in0": {"dtype": "s32", "count": NIN, "init": f"random:{sd}:-2147483648:2147483648"},
                        "in1": {"dtype": "s32", "count": NIN, "init": f"random:{sd + 1}:-40:40"},
                        "out": {"dtype": "u32", "count": n * p.nout, "init": "zeros"},
                        "cnt": {"dtype": "u32", "count": 16, "init": "zeros", "set": {"4": -1}},
                        "cnt64": {"dtype": "u64", "count": 16, "init": "zeros", "set": c64},
                        "cnt2": {"dtype": "u32", "count": 16, "init": "zeros", "set": cnt2},
                        "fcnt": {"dtype": "u32", "count": 4, "init": "zeros"},
                        "dcnt": {"dtype": "u64", "count": 1, "init": "zeros"},
                        "priv": {"dtype": "u32", "count": n, "init": f"random:{sd + 2}:0:4294967296"},
                        "priv64": {"dtype": "u64", "count": n, "init": f"random:{sd + 3}:0:4611686018427387904"},
                        "gs": {"dtype": "u32", "count": p.ngs, "init": "zeros"},
                        "fpriv": {"dtype": "f32", "count": n, "init": f"uniform:{sd + 4}:-100:100"}},
            "params": ["ptr:in0", "ptr:in1", "ptr:out", "ptr:cnt", "ptr:cnt64", "ptr:cnt2", "ptr:fcnt", "ptr:dcnt",
                       "ptr:priv", "ptr:priv64", "ptr:gs", "ptr:fpriv"],
            "outputs": ["out", "cnt", "cnt64", "cnt2", "fcnt", "dcnt", "priv", "priv64", "gs", "fpriv"]}

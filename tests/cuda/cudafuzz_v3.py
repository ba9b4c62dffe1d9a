"""Generator version 3's statements and expressions (control flow and memory shapes): their CUDA
text and their reference semantics, for cudafuzz.py (which dispatches here for the kinds named in
``STMTS`` and ``EXPRS``).  Nothing here uses gpuisa.

Statements
  ``dowhile``  ``int i = 0; do { i++; body } while (i < lim && c);`` (``continue`` goes to the test)
  ``nest``     loops nested 2-4 deep (for / while / do-while), each level's body with statements
               before and after the inner loop; ``goto`` out of all of them to a label after the nest
  ``goto``     ``if (c) goto L;`` (only inside the nest that owns L)
  ``udo``      a do-while whose trip count is warp-uniform: ``do { i++; body } while (i < lim &&
               !__any_sync(M, c))``; collectives inside under the known mask M
  ``pstore``   ``if (c) priv[gid] = e;`` / ``priv64[gid]`` / ``shpriv[tid]`` (a predicated store to a
               slot of the thread's own)
  ``bigstore`` ``big[(unsigned)(i) % NB] = e;`` (a long long array of NB = 20..52 words: local memory)

Expressions
  ``divnz``    division / modulo of int, unsigned, long long, unsigned long long, short, signed char,
               unsigned char by a run-time value that is never 0 (and never -1 with a dividend that
               could be the type's minimum): ``a / (T)((b & ~1) | 2)`` or ``(a >> 1) / (T)(b | 1)``
               (signed), ``a / (T)(b | 1)`` (unsigned); narrow types promote to int as C says
  ``in64``     ``in0[BASE + (long long)(e) % (long long)(d)]`` with d in 1..32 (a 64-bit signed
               index, BASE in 32..223) or ``in0[(unsigned long long)(e) % (unsigned long long)(d)]``
               with d in 1..256
  ``ldg``      ``__ldg(&inK[(unsigned)(e) & 255u])``; ``vld``: through ``const volatile int *``
  ``big``      ``big[(unsigned)(e) % NB]``
  ``icall``    ``ftl[(unsigned)(e) & 3u](a, b)`` (a kernel-local table of function pointers) or
               ``ftg[...]`` (a ``__device__`` table): an indirect call of a pure ``int pK(int, unsigned)``

PYTEST_DONT_REWRITE: a helper module.
"""
from __future__ import annotations

from typing import Any

STMTS = {"dowhile", "nest", "goto", "udo", "pstore", "bigstore"}
EXPRS = {"divnz", "in64", "ldg", "vld", "big", "icall"}
NARROW = {"i16": (16, True, "short"), "i8": (8, True, "signed char"), "u8": (8, False, "unsigned char")}
M32, M64 = (1 << 32) - 1, (1 << 64) - 1


def _norm(v: int, bits: int, signed: bool) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


WIDTH = {"i32": (32, True, "int"), "u32": (32, False, "unsigned"), "i64": (64, True, "long long"),
         "u64": (64, False, "unsigned long long"), **NARROW}


# ---- expressions
def expr_c(e: Any) -> str:
    op, a, v = e.op, e.args, e.val
    if op == "divnz":
        dt, variant, what = v
        bits, signed, ct = WIDTH[dt]
        o = "/" if what == "div" else "%"
        x, y = f"({ct})({a[0].c()})", f"({ct})({a[1].c()})"
        if not signed:
            return f"(({ct})({x} {o} ({ct})({y} | ({ct})1)))"
        if variant == 0:
            return f"(({ct})({x} {o} ({ct})(({y} & ({ct})~1) | ({ct})2)))"
        return f"(({ct})(({ct})({x} >> 1) {o} ({ct})({y} | ({ct})1)))"
    if op == "in64":
        buf, base = v
        if base is None:
            return f"{buf}[(unsigned long long)({a[0].c()}) % (unsigned long long)({a[1].c()})]"
        return f"{buf}[{base}ll + (long long)({a[0].c()}) % (long long)({a[1].c()})]"
    if op == "ldg":
        return f"__ldg(&{v}[(unsigned)({a[0].c()}) & 255u])"
    if op == "vld":
        return f"((const volatile int *){v})[(unsigned)({a[0].c()}) & 255u]"
    if op == "big":
        return f"big[(unsigned)({a[0].c()}) % {v}u]"
    if op == "icall":
        return f"{v}[(unsigned)({a[0].c()}) & 3u]({a[1].c()}, {a[2].c()})"
    raise AssertionError(op)


def expr_ev(e: Any, env: dict) -> Any:
    op, a, v = e.op, e.args, e.val
    if op == "divnz":
        dt, variant, what = v
        bits, signed, _ct = WIDTH[dt]
        x, y = _norm(a[0].ev(env), bits, signed), _norm(a[1].ev(env), bits, signed)
        if not signed:
            d = y | 1
        elif variant == 0:
            d = _norm((y & ~1) | 2, bits, True)
        else:
            d, x = _norm(y | 1, bits, True), x >> 1
        q = _tdiv(x, d)
        return _norm(q if what == "div" else x - q * d, bits, signed)
    if op == "in64":
        buf, base = v
        x, d = a[0].ev(env), a[1].ev(env)
        if base is None:
            i = (x & M64) % (d & M64)
        else:
            x, d = _norm(x, 64, True), _norm(d, 64, True)
            i = base + (x - _tdiv(x, d) * d)
        return int(env["@g"][buf][i])
    if op in ("ldg", "vld"):
        return int(env["@g"][v][a[0].ev(env) & 255])
    if op == "big":
        return env["@big"][(a[0].ev(env) & M32) % v]
    if op == "icall":
        p = env["@prog"]
        return p.call(p.ftab[a[0].ev(env) & 3], [a[1].ev(env), a[2].ev(env)], env)
    raise AssertionError(op)


# ---- statements
def _loop_signal(sig: str) -> str | None:
    """What a loop does with its body's signal: None goes on, "" leaves the loop, else propagate."""
    if not sig or sig == "continue":
        return None
    return "" if sig == "break" else sig


def exec_stmt(st: Any, env: dict):                        # noqa: C901 - one case per statement
    from cudafuzz import _conv, exec_block, norm
    k, a = st.kind, st.a
    if k == "dowhile":
        w = 0
        while True:
            w += 1
            env[a["iv"]] = w
            sig = yield from exec_block(a["body"], env)
            out = _loop_signal(sig)
            if out is not None:
                return out
            if not (w < a["lim"] and a["c"].ev(env)):
                return ""
    if k == "nest":
        sig = yield from exec_block(a["body"], env)
        return "" if sig == "goto:" + a["label"] else sig
    if k == "goto":
        return "goto:" + a["label"] if a["c"].ev(env) else ""
    if k == "udo":
        w = 0
        mask = env[a["mask"]] if a["mask"] else M32
        while True:
            w += 1
            env[a["iv"]] = w
            sig = yield from exec_block(a["body"], env)
            if sig:
                raise AssertionError(f"udo's body signalled {sig}")
            if w >= a["lim"]:
                return ""
            c = int(bool(_norm(a["c"].ev(env), 32, True)))
            if (yield ("coll", id(st), mask, "any", [c])):
                return ""
    if k == "pstore":
        if a["c"].ev(env):
            x = a["e"].ev(env)
            if a["dst"] == "priv":
                env["@g"]["priv"][env["gid"]] = norm(x, "u32")
            elif a["dst"] == "priv64":
                env["@g"]["priv64"][env["gid"]] = norm(x, "u64")
            else:
                env["@shpriv"][env["tid"]] = norm(x, "u32")
        return ""
    if k == "bigstore":
        env["@big"][(a["idx"].ev(env) & M32) % env["@prog"].nbig] = _conv(a["e"].ev(env), "i64")
        return ""
    raise AssertionError(k)


def emit(st: Any, ind: str, p: Any) -> list[str]:
    from cudafuzz import emit_block
    k, a = st.kind, st.a
    i2 = ind + "    "
    if k == "dowhile":
        return ([f"{ind}int {a['iv']} = 0;", f"{ind}do {{", f"{i2}{a['iv']}++;"] + emit_block(a["body"], i2, p) +
                [f"{ind}}} while ({a['iv']} < {a['lim']} && ({a['c'].c()}));"])
    if k == "nest":
        return [f"{ind}{{"] + emit_block(a["body"], i2, p) + [f"{ind}}}", f"{a['label']}:;"]
    if k == "goto":
        return [f"{ind}if ({a['c'].c()}) goto {a['label']};"]
    if k == "udo":
        m = a["mask"] or "0xffffffffu"
        return ([f"{ind}int {a['iv']} = 0;", f"{ind}do {{", f"{i2}{a['iv']}++;"] + emit_block(a["body"], i2, p) +
                [f"{ind}}} while ({a['iv']} < {a['lim']} && !__any_sync({m}, (int)({a['c'].c()})));"])
    if k == "pstore":
        dst = {"priv": "priv[gid]", "priv64": "priv64[gid]", "sh": "shpriv[tid]"}[a["dst"]]
        ct = "unsigned long long" if a["dst"] == "priv64" else "unsigned"
        return [f"{ind}if ({a['c'].c()}) {dst} = ({ct})({a['e'].c()});"]
    if k == "bigstore":
        return [f"{ind}big[(unsigned)({a['idx'].c()}) % {p.nbig}u] = (long long)({a['e'].c()});"]
    raise AssertionError(k)


# ---- the program's frame: the big array, the function tables
def big_init(gid: int, in0: Any, nbig: int) -> list[int]:
    return [_norm(int(in0[(gid * 3 + k) & 255]) * (k + 1), 64, True) for k in range(nbig)]


def big_fold(big: list[int]) -> int:
    h = 0
    for x in big:
        h = ((h * 0x100000001B3) & M64) ^ (x & M64)
    return h


def head_lines(p: Any) -> list[str]:
    lines = [f"    long long big[{p.nbig}];",
             f"    for (int k = 0; k < {p.nbig}; k++) big[k] = (long long)in0[(gid * 3 + k) & 255] * (k + 1);"]
    if p.ftab:
        lines.append(f"    int (*ftl[4])(int, unsigned) = {{{', '.join(p.ftab)}}};")
    return lines


def global_lines(p: Any) -> list[str]:
    if not p.ftab:
        return []
    return ["", f"__device__ int (*ftg[4])(int, unsigned) = {{{', '.join(p.ftab)}}};"]


def store_lines(j: int) -> list[str]:
    return ["unsigned long long hb = 0;",
            "for (int k = 0; k < (int)(sizeof(big) / sizeof(big[0])); k++) hb = (hb * 0x100000001b3ull) ^ "
            "(unsigned long long)big[k];",
            f"out[o + {j}] = (unsigned)hb; out[o + {j + 1}] = (unsigned)(hb >> 32);"]

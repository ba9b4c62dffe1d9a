"""Shrink a failing generated program (scripts/cuda_fuzz.py --reduce): delete statements, flatten
``if``/loop/``switch`` bodies into their parent, replace initialisers and device-function results
with constants, as long as the program still fails the same way.

The program stays defined: every statement the generator writes is self-contained (a barrier
round, a ballot and its branch, a loop and its variable are one statement), so deleting one keeps
the others' promises; flattening is only tried for statements without a barrier or collective
(their arms' lanes would change).  The reference re-checks every candidate (a ``RefError`` rejects
it); *fails* decides with the toolchain and gpuisa.
"""
from __future__ import annotations

from typing import Callable

from cudafuzz import FLT, E, Program, RefError, S

SYNC = {"coll", "wcall", "wround", "shround", "ballot_if", "udo"}


def _lists(body: list[S], acc: list[list[S]]) -> list[list[S]]:
    acc.append(body)
    for st in body:
        for key in ("then", "else", "body"):
            if isinstance(st.a.get(key), list):
                _lists(st.a[key], acc)
        for _v, b, _k in st.a.get("cases", ()):
            _lists(b, acc)
    return acc


def _has_sync(st: S) -> bool:
    if st.kind in SYNC:
        return True
    subs = [st.a.get(k) for k in ("then", "else", "body")] + [b for _v, b, _k in st.a.get("cases", ())]
    return any(_has_sync(x) for sub in subs if isinstance(sub, list) for x in sub)


def _children(st: S) -> list[S]:
    out: list[S] = []
    for key in ("then", "else", "body"):
        if isinstance(st.a.get(key), list):
            out += st.a[key]
    for _v, b, _k in st.a.get("cases", ()):
        out += b
    return out


def _zero(t: str) -> E:
    return E("const", t, val="0.0f" if t == "f32" else "0.0" if t == "f64" else 0)


def statements(p: Program) -> int:
    return sum(len(b) for b in all_lists(p))


def all_lists(p: Program) -> list[list[S]]:
    acc: list[list[S]] = []
    for body in [p.pro, p.tail] + [f.body for f in p.funcs]:
        _lists(body, acc)
    return acc


def _still_fails(p: Program, fails: Callable[[Program], bool], inputs: dict | None) -> bool:
    if not fails(p):
        return False
    if inputs is None:
        return True
    try:
        p.run(inputs)
    except (RefError, RecursionError):
        return False
    return True


def reduce_program(p: Program, fails: Callable[[Program], bool], inputs: dict | None,
                   log: Callable[[str], None] = lambda s: None) -> Program:
    """*p* made smaller in place while ``fails(p)`` stays true (greedy, to a fixed point); with
    *inputs*, also while the reference runs it (``fails`` may have run it already: then None)."""
    changed = True
    while changed:
        changed = False
        for body in all_lists(p):                    # delete, or flatten, one statement
            i = len(body) - 1
            while i >= 0:
                if i >= len(body):
                    i -= 1
                    continue
                st = body[i]
                flat = None if _has_sync(st) or st.kind in ("gstride", "switch") else _children(st)
                for repl in ([], flat):
                    if repl is None or (repl and st.kind in ("for", "while")):
                        continue
                    body[i:i + 1] = repl
                    if _still_fails(p, fails, inputs):
                        changed = True
                        log(f"{statements(p)} statements")
                        break
                    body[i:i + len(repl)] = [st]
                i -= 1
        for k, (name, t, init) in enumerate(p.vars):  # simpler initialisers and function results
            if init.op != "const":
                p.vars[k] = (name, t, _zero(t))
                if _still_fails(p, fails, inputs):
                    changed = True
                else:
                    p.vars[k] = (name, t, init)
        for f in p.funcs:
            if f.ret.op != "const" and f.t not in FLT:
                old = f.ret
                f.ret = _zero(f.t)
                if _still_fails(p, fails, inputs):
                    changed = True
                else:
                    f.ret = old
    return p

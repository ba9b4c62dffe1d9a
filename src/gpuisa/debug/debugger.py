"""A gdb-like debugger for warps on the golden model (``gpuisa debug``).

Everything runs through :meth:`gpuisa.sim.Simulator.step`, the step API, so
every rule of the model (scheduling, divergence, faults) is the one of
``gpuisa run``.  Commands: see ``docs/debugger.md`` or ``help`` at the prompt.
"""
from __future__ import annotations

import cmd
import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..errors import GpuisaError, UsageError
from ..sim.state import EXITED, INST_SIZE, Fault
from .expr import Env, evaluate, mask_lanes, parse

PROMPT = "(gpuisa-dbg) "
_UNITS = {"b": 1, "h": 2, "w": 4, "g": 8}
_FORMATS = "xduft"


def lanes_text(mask: int) -> str:
    """``0x0000ffff`` -> ``0-15``; ``0x5`` -> ``0,2``; 0 -> ``-``."""
    lanes = [i for i in range(32) if mask >> i & 1]
    if not lanes:
        return "-"
    parts, i = [], 0
    while i < len(lanes):
        j = i
        while j + 1 < len(lanes) and lanes[j + 1] == lanes[j] + 1:
            j += 1
        parts.append(str(lanes[i]) if j == i else f"{lanes[i]}-{lanes[j]}" if j > i + 1 else f"{lanes[i]},{lanes[j]}")
        i = j + 1
    return ",".join(parts)


def fmt_value(v: int, f: str, bits: int = 32) -> str:
    v = int(v) & ((1 << bits) - 1)
    if f == "x":
        return f"0x{v:x}"
    if f == "d":
        return str(v - (1 << bits) if v >> (bits - 1) else v)
    if f == "t":
        return format(v, "b")
    if f == "f":
        if bits == 64:
            return repr(float(np.array([v], np.uint64).view(np.float64)[0]))
        return str(np.array([v], np.uint32).view(np.float32)[0])
    return str(v)


@dataclass
class Breakpoint:
    number: int
    pc: int
    where: str
    cond_text: str = ""
    cond: object = None
    hits: int = 0


@dataclass
class Watchpoint:
    number: int
    what: str
    read: Callable[[], Any]  # () -> comparable value
    old: object = None
    warp: object = None     # the watched warp (registers) or None (memory)
    hits: int = 0
    extra: dict = field(default_factory=dict)


class Stop(Exception):
    """A command ended the stepping loop (reason printed already)."""


class Debugger(cmd.Cmd):
    """The command interpreter.  *sim* is a fresh :class:`~gpuisa.sim.Simulator`;
    *program* the assembled Program (labels, source lines) or None; *source* the
    assembly text or None."""

    prompt = PROMPT
    intro = None

    def __init__(self, sim, program=None, source: str | None = None, filename: str = "<program>",
                 stdin=None, stdout=None):
        super().__init__(stdin=stdin, stdout=stdout)
        self.sim = sim
        self.program = program
        self.filename = filename
        self.lines = source.split("\n") if source is not None else None
        self.labels: dict[str, int] = dict(getattr(program, "symbols", None) or {})
        self.addr_labels: dict[int, str] = {}
        for name, addr in sorted(self.labels.items(), key=lambda kv: kv[0]):
            self.addr_labels.setdefault(addr, name)
        self.line_of: dict[int, int] = {}
        for r in getattr(program, "records", None) or ():
            if getattr(r, "line", 0):
                self.line_of[r.address] = r.line
        self.focus: Any = sim.warps[0] if sim.warps else None
        self.breaks: dict[int, Breakpoint] = {}
        self.watches: dict[int, Watchpoint] = {}
        self._next_number = 1
        self.errors = 0
        self.started = False
        self.last_rec = None

    # -- output helpers ----------------------------------------------------------------------
    def out(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def error(self, text: str) -> None:
        self.errors += 1
        self.out(f"error: {text}")

    def symbolic(self, pc: int) -> str:
        best = None
        for addr, name in self.addr_labels.items():
            if addr <= pc and (best is None or addr > best[0]):
                best = (addr, name)
        if best is None:
            return ""
        off = pc - best[0]
        return f"{best[1]}+0x{off:x}" if off else best[1]

    def where(self, w) -> str:
        pc = w.pc
        sym = self.symbolic(pc)
        line = self.line_of.get(pc)
        loc = ", ".join(x for x in (sym, f"line {line}" if line else "") if x)
        return f"cta {w.cta.linear} warp {w.index} at 0x{pc:04x}{f' ({loc})' if loc else ''}"

    def source_line(self, pc: int) -> str:
        line = self.line_of.get(pc)
        if line and self.lines and 1 <= line <= len(self.lines):
            return f"{line:>5}\t{self.lines[line - 1].strip()}"
        return f"0x{pc:04x}\t{self.sim.text_at(pc)}"

    def show_location(self, w) -> None:
        if w.state == EXITED:
            self.out(f"cta {w.cta.linear} warp {w.index} has exited")
            return
        self.out(self.where(w) + f": {self.sim.text_at(w.pc)}")
        self.out(self.source_line(w.pc))
        self.out(f"ActiveMask 0x{w.active:08x} (lanes {lanes_text(w.active)})")

    def warp_name(self, w) -> str:
        return f"cta {w.cta.linear} warp {w.index}"

    # -- locations and values ----------------------------------------------------------------
    def location(self, text: str) -> int:
        text = text.strip()
        if text.startswith("*"):
            text = text[1:]
        if text in self.labels:
            return int(self.labels[text])
        try:
            return int(text, 0)
        except ValueError:
            raise UsageError(f"no label or address {text!r}") from None

    def env(self, w=None) -> Env:
        syms = dict(self.labels)
        syms.update(self.sim.addresses)
        return Env(w or self.focus, syms)

    def _eval(self, text: str, w=None):
        return evaluate(parse(text), self.env(w))

    # -- the stepping loop -------------------------------------------------------------------
    def _finished(self) -> bool:
        if self.sim.status is None:
            return False
        return True

    def report_end(self) -> None:
        s = self.sim
        if s.status == "ok":
            self.out(f"[grid exited normally after {s.steps} warp-instructions]")
        else:
            f = s.fault or {}
            where = f" (cta {f.get('cta')}, warp {f.get('warp')}, pc 0x{f.get('pc', 0):x}: {f.get('instruction', '?')})" \
                if "cta" in f else ""
            self.out(f"[run stopped: {s.status}: {f.get('message', '')}{where}]")

    def advance(self, goal=None) -> str:
        """Step the grid until *goal(rec, warp)* holds, a breakpoint or a
        watchpoint triggers, or the run ends.  Returns the reason."""
        if self._finished():
            self.out("The program is not being run (it has ended); nothing to do.")
            return "ended"
        self.started = True
        sim = self.sim
        by_id = {(w.cta.linear, w.index): w for w in sim.warps}
        steps = sim.run_steps()     # with the watchdog: a run that can never end stops (D13-3)
        try:
            while True:
                rec = next(steps, None)
                if rec is None:
                    self.report_end()
                    return "ended"
                w = by_id[(rec.cta, rec.warp)]
                self.last_rec = rec
                if rec.fault:
                    self.focus = w
                    self.report_end()
                    return "fault"
                for wp in self.watches.values():
                    if wp.warp is not None and wp.warp is not w:
                        continue
                    try:
                        new = wp.read()
                    except (Fault, GpuisaError):
                        continue
                    if not _same(new, wp.old):
                        wp.hits += 1
                        self.focus = wp.warp or w
                        self.out(f"\nWatchpoint {wp.number}: {wp.what} (changed by {self.warp_name(w)} at "
                                 f"0x{rec.pc:04x}: {rec.text})")
                        self._show_change(wp, wp.old, new)
                        wp.old = new
                        self.show_location(self.focus)
                        return "watch"
                if goal is not None and goal(rec, w):
                    return "goal"
                bp = self._hit(w)
                if bp is not None:
                    self.focus = w
                    bp.hits += 1
                    self.out(f"\nBreakpoint {bp.number}, {self.where(w)}")
                    self.show_location(w)
                    return "break"
        except KeyboardInterrupt:
            self.out("\nInterrupted.")
            self.show_location(self.focus)
            return "interrupt"

    def _hit(self, w):
        if w.state == EXITED or not self.breaks:
            return None
        for bp in self.breaks.values():
            if bp.pc != w.pc:
                continue
            if bp.cond is None:
                return bp
            try:
                v = evaluate(bp.cond, self.env(w))
            except (GpuisaError, ArithmeticError) as e:
                self.out(f"error in the condition of breakpoint {bp.number}: {e}; stopping")
                return bp
            if isinstance(v, np.ndarray):
                if np.any((v != 0) & (mask_lanes(w.active) != 0)):
                    return bp
            elif v:
                return bp
        return None

    def _show_change(self, wp, old, new) -> None:
        if isinstance(new, np.ndarray):
            lanes = [i for i in range(32) if old is None or old[i] != new[i]]
            for i in lanes[:32]:
                was = "?" if old is None else f"{int(old[i])}"
                self.out(f"  lane {i}: {was} -> {int(new[i])}")
        else:
            self.out(f"  Old value = {old}\n  New value = {new}")

    # -- commands ------------------------------------------------------------------------------
    def emptyline(self):
        return False

    def default(self, line):
        self.error(f"undefined command: {line.split()[0]!r}. Try \"help\".")

    def onecmd(self, line):
        try:
            return super().onecmd(line)
        except (GpuisaError, ArithmeticError, OverflowError) as e:
            msg = e.diagnostics[0].message if isinstance(e, GpuisaError) and e.diagnostics else str(e)
            self.error(msg)
            return False

    def do_break(self, arg):
        """break PC|LABEL [if COND]: stop when a warp reaches the instruction at PC (a label or
        an address) and, with COND, when COND holds in at least one active lane (e.g. `if R0 == 4`,
        `if warp == 1`). Short form: b."""
        where, _, cond = arg.partition(" if ")
        if not where.strip():
            raise UsageError("break needs a location: break PC|LABEL [if COND]")
        pc = self.location(where)
        if pc % INST_SIZE or not self.sim.base <= pc < self.sim.end:
            raise UsageError(f"0x{pc:x} is not an instruction of the program "
                             f"[0x{self.sim.base:x}, 0x{self.sim.end:x})")
        bp = Breakpoint(self._next_number, pc, where.strip(), cond.strip(), parse(cond) if cond.strip() else None)
        self._next_number += 1
        self.breaks[bp.number] = bp
        line = self.line_of.get(pc)
        self.out(f"Breakpoint {bp.number} at 0x{pc:04x}{f' ({self.symbolic(pc)})' if self.symbolic(pc) else ''}"
                 f"{f': file {self.filename}, line {line}' if line else ''}{f' if {bp.cond_text}' if bp.cond else ''}")

    do_b = do_break

    def do_delete(self, arg):
        """delete [N...]: delete breakpoints/watchpoints N (all without N)."""
        if not arg.strip():
            self.breaks.clear()
            self.watches.clear()
            return
        for n in arg.split():
            k = int(n)
            if self.breaks.pop(k, None) is None and self.watches.pop(k, None) is None:
                raise UsageError(f"no breakpoint or watchpoint number {k}")

    def _warp_arg(self, arg: str):
        arg = arg.strip()
        if "." in arg:
            c, _, i = arg.partition(".")
            for w in self.sim.warps:
                if w.cta.linear == int(c, 0) and w.index == int(i, 0):
                    return w
            raise UsageError(f"no warp {arg} (CTA.WARP)")
        n = int(arg, 0)
        if not 0 <= n < len(self.sim.warps):
            raise UsageError(f"no warp {n} (0-{len(self.sim.warps) - 1}; `info warps` lists them)")
        return self.sim.warps[n]

    def do_step(self, arg):
        """step [WARP]: run until the focused warp (or warp WARP, which becomes the focus) has
        issued one instruction; the other warps run as the scheduler picks them. Short form: s."""
        if arg.strip():
            self.focus = self._warp_arg(arg)
        target = self.focus
        if target.state == EXITED:
            self.out(f"{self.warp_name(target)} has exited")
            return
        n0 = target.issued
        r = self.advance(lambda rec, w: w is target and w.issued > n0)
        if r == "goal":
            self.show_location(target)

    do_s = do_step
    do_stepi = do_step
    do_si = do_step

    def do_next(self, arg):
        """next: like step, but a CALL is run to its return (the focused warp back at the
        instruction after the CALL). Short form: n."""
        w0 = self.focus
        if w0.state == EXITED:
            self.out(f"{self.warp_name(w0)} has exited")
            return
        text = self.sim.text_at(w0.pc)
        mn = text.split()[1] if text.startswith("@") and len(text.split()) > 1 else (text.split() or [""])[0]
        if mn.split(".")[0] == "CALL":
            ret = w0.pc + INST_SIZE
            n0 = w0.issued
            r = self.advance(lambda rec, w: w is w0 and w.issued > n0 and w.pc == ret)
        else:
            n0 = w0.issued
            r = self.advance(lambda rec, w: w is w0 and w.issued > n0)
        if r == "goal":
            self.show_location(w0)

    do_n = do_next

    def do_continue(self, arg):
        """continue: run until a breakpoint, a watchpoint or the end of the run. Short form: c."""
        self.advance(None)

    do_c = do_continue
    do_run = do_continue

    def do_finish(self, arg):
        """finish: run until the focused warp reconverges: its ActiveMask grows to hold the
        lanes active now plus lanes that were waiting (a BSYNC releasing, a WARPSYNC, a
        BRA.CONV...); prints the merged mask."""
        w0 = self.focus
        if w0.state == EXITED:
            self.out(f"{self.warp_name(w0)} has exited")
            return
        a0 = w0.active
        if a0 == w0.valid:
            self.out(f"{self.warp_name(w0)} is converged (ActiveMask == ValidMask 0x{a0:08x}): "
                     "running to its next growth of ActiveMask")

        def merged(rec, w):
            if w is not w0:
                return False
            before, after = rec.before["active"], rec.after["active"]
            mine = a0 & w.valid
            return bool(mine) and (after & mine) == mine and (after & ~mine) != 0 and after != before
        r = self.advance(merged)
        if r == "goal":
            rec = self.last_rec
            self.out(f"Reconverged: {self.warp_name(w0)} at 0x{rec.pc:04x} {rec.text}: "
                     f"ActiveMask 0x{a0:08x} -> 0x{w0.active:08x} (lanes {lanes_text(w0.active)})")
            self.show_location(w0)

    def do_warp(self, arg):
        """warp N | warp CTA.W: focus warp N (its index in `info warps`) or warp W of CTA."""
        if not arg.strip():
            self.out(f"focus: {self.where(self.focus)}")
            return
        self.focus = self._warp_arg(arg)
        self.out(f"[Switching to {self.warp_name(self.focus)}]")
        self.show_location(self.focus)

    def do_info(self, arg):
        """info warps | masks | barriers | breakpoints | registers [R...]: state of the grid or of
        the focused warp."""
        what = arg.strip().split()
        if not what:
            raise UsageError("info warps|masks|barriers|breakpoints|registers")
        sub = what[0]
        if "warps".startswith(sub):
            self.out("   #  cta warp  state     pc      ValidMask   ActiveMask  instruction")
            for i, w in enumerate(self.sim.warps):
                mark = "*" if w is self.focus else " "
                text = self.sim.text_at(w.pc) if w.state != EXITED else ""
                self.out(f"{mark}{i:>3} {w.cta.linear:>4} {w.index:>4}  {w.state:<8} 0x{w.pc:04x}  "
                         f"0x{w.valid:08x}  0x{w.active:08x}  {text}")
        elif "masks".startswith(sub):
            w = self.focus
            self.out(f"{self.where(w)} ({w.state})")
            for name, v in (("ValidMask", w.valid), ("ActiveMask", w.active), ("YieldMask", w.yield_mask),
                            ("SleepMask", w.sleep), ("SwitchMask", w.switch)):
                self.out(f"  {name:<10} 0x{v:08x}  lanes {lanes_text(v)}")
            waiting = w.valid & ~w.active
            groups: dict[int, int] = {}
            for lane in range(32):
                if waiting >> lane & 1:
                    pc = int(w.rpc[lane])
                    groups[pc] = groups.get(pc, 0) | (1 << lane)
            if groups:
                self.out("  waiting lanes, by resume PC (RPC):")
                for pc, m in sorted(groups.items()):
                    sym = self.symbolic(pc)
                    self.out(f"    0x{pc:04x}{f' ({sym})' if sym else ''}: 0x{m:08x} lanes {lanes_text(m)}"
                             f"  {self.sim.text_at(pc)}")
        elif "barriers".startswith(sub):
            w = self.focus
            self.out(f"convergence barriers of {self.warp_name(w)} (B registers, lanes still expected):")
            shown = False
            for n, v in enumerate(w.B):
                if v:
                    shown = True
                    self.out(f"  B{n:<2} 0x{v:08x}  lanes {lanes_text(v)}")
            if not shown:
                self.out("  (all B registers are 0)")
            cta = w.cta
            at = [x for x in cta.warps if x.state == "barrier"]
            self.out(f"CTA {cta.linear} barrier (BAR.SYNC): {len(at)} of "
                     f"{sum(1 for x in cta.warps if x.state != EXITED)} live warps waiting"
                     + (f" ({', '.join(f'warp {x.index}' for x in at)})" if at else ""))
            for bid, bar in sorted(cta.bars.items()):    # named barriers in use (decision NB-1)
                want = "every live warp" if bar.expected is None else f"{bar.expected} threads"
                self.out(f"  barrier {bid}: {bar.threads} threads arrived, expects {want}; waiting: "
                         + (", ".join(f"warp {x.index}" for x in bar.waiting) or "none"))
        elif "breakpoints".startswith(sub) or "watchpoints".startswith(sub):
            if not self.breaks and not self.watches:
                self.out("No breakpoints or watchpoints.")
            for bp in self.breaks.values():
                self.out(f"{bp.number:<3} breakpoint 0x{bp.pc:04x} {bp.where}"
                         f"{f' if {bp.cond_text}' if bp.cond else ''}  (hit {bp.hits} times)")
            for wp in self.watches.values():
                self.out(f"{wp.number:<3} watchpoint {wp.what}  (hit {wp.hits} times)")
        elif "registers".startswith(sub):
            w = self.focus
            names = what[1:] or [f"R{n}" for n in range(255) if w.R[n].any()]
            for r in names:
                self._print(r.upper(), "u")
        else:
            raise UsageError(f"info {sub}: expected warps, masks, barriers, breakpoints or registers")

    def _print(self, expr: str, f: str) -> None:
        v = self._eval(expr)
        w = self.focus
        bits = 32
        if isinstance(v, np.ndarray):
            if f == "u" and expr.upper().startswith("P") and expr[1:].isdigit():
                m = int(w.P[int(expr[1:])])
                self.out(f"{expr} = 0x{m:08x} (lanes {lanes_text(m)})")
                return
            vals = [fmt_value(x, f, bits) for x in v.tolist()]
            self.out(f"{expr} = [{', '.join(vals)}]")
        else:
            self.out(f"{expr} = {fmt_value(v, f, 64 if abs(v) >> 32 else 32)}")

    def do_print(self, arg):
        """print[/FMT] EXPR: one value per lane of the focused warp (or one, for R1[lane], a
        uniform or B register). FMT: x hex, d signed, u unsigned (default), f float32, t binary.
        Examples: print R1, p/x R1[3], p/f R2, p R1 + R2 * 2, p active. Short form: p."""
        f = "u"
        arg = arg.strip()
        if arg.startswith("/"):
            spec, _, arg = arg[1:].partition(" ")
            if spec not in tuple(_FORMATS) + ("u",):
                raise UsageError(f"print/{spec}: formats are x, d, u, f, t")
            f = spec
        if not arg:
            raise UsageError("print needs an expression")
        self._print(arg.strip(), f)

    do_p = do_print

    def _memory(self, spec: str):
        """(reader(addr, size) -> int, start address, name) for x and watch."""
        spec = spec.strip()
        sim = self.sim
        m = re.match(r"^c\[(.+?)\]\[(.+)\]$", spec)
        if m:
            bank = int(self._scalar(m.group(1)))
            return (lambda a, n: sim.const.read(bank, a, n)), int(self._scalar(m.group(2))), f"c[0x{bank:x}]"
        low = spec.lower()
        cta = self.focus.cta
        for prefix in ("shared:", "s:", "shared "):
            if low.startswith(prefix):
                return (lambda a, n: cta.shared.read_scalar(a, n)), int(self._scalar(spec[len(prefix):])), \
                    f"shared(cta {cta.linear})"
        for prefix in ("global:", "g:"):
            if low.startswith(prefix):
                spec = spec[len(prefix):]
        return (lambda a, n: sim.gmem.read_scalar(a, n)), int(self._scalar(spec)), "global"

    def _scalar(self, text: str) -> int:
        v = self._eval(text)
        if isinstance(v, np.ndarray):
            raise UsageError(f"{text!r} has one value per lane; take one lane, e.g. ({text})[0]")
        return int(v)

    def do_x(self, arg):
        """x/NFU ADDR: examine memory. N count, F format (x d u f t), U unit (b h w g = 1, 2, 4,
        8 bytes). ADDR: an address expression in global memory (buffer names are their
        addresses: x/8wf out), shared:ADDR (the focused warp's CTA) or c[BANK][OFFSET]."""
        arg = arg.strip()
        count, f, unit = 1, "x", 4
        if arg.startswith("/"):
            spec, _, arg = arg[1:].partition(" ")
            m = re.fullmatch(r"(\d*)([xduftbhwg]*)", spec)
            if not m:
                raise UsageError(f"x/{spec}: expected x/NFU, e.g. x/16wx")
            count = int(m.group(1) or 1)
            for ch in m.group(2):
                if ch in _UNITS:
                    unit = _UNITS[ch]
                else:
                    f = ch
        if not arg:
            raise UsageError("x needs an address")
        if count > 4096:
            raise UsageError("x shows at most 4096 units")
        read, addr, space = self._memory(arg)
        per = 4 if unit == 8 else 8
        row = []
        start = addr
        for j in range(count):
            a = addr + j * unit
            try:
                v = read(a, unit)
            except Fault as e:
                if row:
                    self.out(f"{space} 0x{start:x}: " + "  ".join(row))
                raise UsageError(f"cannot access {space} memory at 0x{a:x}: {e.message}") from None
            row.append(fmt_value(v, f if not (f == "f" and unit not in (4, 8)) else "x", unit * 8))
            if len(row) == per:
                self.out(f"{space} 0x{start:x}: " + "  ".join(row))
                row, start = [], a + unit
        if row:
            self.out(f"{space} 0x{start:x}: " + "  ".join(row))

    def do_watch(self, arg):
        """watch REG | watch [ADDR]: stop when register REG of the focused warp (any lane) or the
        32-bit word at ADDR (global; [shared:ADDR] for the focused CTA's shared memory) changes."""
        arg = arg.strip()
        if not arg:
            raise UsageError("watch REG | watch [ADDR]")
        n = self._next_number
        if arg.startswith("[") and arg.endswith("]"):
            read, addr, space = self._memory(arg[1:-1])
            try:
                old = read(addr, 4)
            except Fault as e:
                raise UsageError(f"cannot watch {space} 0x{addr:x}: {e.message}") from None
            wp = Watchpoint(n, f"[{space} 0x{addr:x}]", lambda: read(addr, 4), old)
        else:
            w = self.focus
            node = parse(arg)
            if node[0] != "name" or Env(w).register(node[1]) is None:
                raise UsageError(f"watch {arg}: expected a register (R3, P0, UR4, B0) or [ADDR]")
            reg = node[1].upper()
            env = Env(w)

            def read_reg():
                v = env.register(reg)
                return v.copy() if isinstance(v, np.ndarray) else v
            wp = Watchpoint(n, f"{reg} of {self.warp_name(w)}", read_reg, read_reg(), w)
        self._next_number += 1
        self.watches[n] = wp
        self.out(f"Watchpoint {n}: {wp.what}")

    def do_list(self, arg):
        """list [PC|LABEL]: the source lines around the focused warp's PC (or around PC)."""
        pc = self.location(arg) if arg.strip() else self.focus.pc
        marks = {bp.pc for bp in self.breaks.values()}
        line = self.line_of.get(pc)
        if self.lines is not None and line:
            by_line = {ln: a for a, ln in self.line_of.items()}
            lo, hi = max(1, line - 5), min(len(self.lines), line + 5)
            for ln in range(lo, hi + 1):
                a = by_line.get(ln)
                cur = "=>" if ln == line and pc == self.focus.pc else "  "
                b = "b" if a in marks else " "
                self.out(f"{cur}{b}{ln:>4}  {self.lines[ln - 1].rstrip()}")
            return
        sim = self.sim
        for a in range(max(sim.base, pc - 5 * INST_SIZE), min(sim.end, pc + 6 * INST_SIZE), INST_SIZE):
            cur = "=>" if a == self.focus.pc else "  "
            self.out(f"{cur}{'b' if a in marks else ' '} 0x{a:04x}  {sim.text_at(a)}")

    do_l = do_list

    def do_quit(self, arg):
        """quit: leave the debugger. Short form: q."""
        return True

    do_q = do_quit
    do_EOF = do_quit

    def do_help(self, arg):
        """help [COMMAND]: the commands, or one command's description."""
        if arg:
            return super().do_help(arg)
        self.out("Commands (docs/debugger.md):\n"
                 "  break PC|LABEL [if COND]   step [WARP]   next   continue   finish\n"
                 "  info warps|masks|barriers|breakpoints|registers   warp N | warp CTA.W\n"
                 "  print[/xdfut] EXPR   x/NFU ADDR   watch REG | watch [ADDR]   delete [N]\n"
                 "  list [PC|LABEL]   quit        (help COMMAND for one of them)")


def _same(a, b) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return a is not None and b is not None and np.array_equal(a, b)
    return a == b


def run_script(dbg: Debugger, lines, *, echo: bool = False, stop_on_error: bool = True) -> bool:
    """Run debugger commands (``-x SCRIPT``); stops at the first failing
    command when *stop_on_error*.  Returns False when a command failed or quit."""
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if echo:
            dbg.out(f"{PROMPT}{line}")
        before = dbg.errors
        if dbg.onecmd(line):
            return False
        if stop_on_error and dbg.errors > before:
            return False
    return True


__all__ = ["Debugger", "run_script", "lanes_text", "fmt_value"]

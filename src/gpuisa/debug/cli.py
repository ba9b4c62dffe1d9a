"""``gpuisa debug PROGRAM [the launch options of gpuisa run] [-x SCRIPT] [--batch]``."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..clikit import handle_errors, pass_selection
from ..sim.cli import build_launch, launch_options

HISTORY = Path("~/.gpuisa_debug_history")


@click.command("debug", epilog="The --init grammar and the kernel arguments (--param, --buffer) are those of "
               "`gpuisa run --help` and docs/simulator-run.md.")
@click.argument("program", type=click.Path(dir_okay=False, path_type=str))
@launch_options
@click.option("-x", "--command", "scripts", multiple=True, type=click.Path(dir_okay=False, path_type=str),
              metavar="SCRIPT", help="Run the debugger commands of SCRIPT first (repeatable).")
@click.option("--batch", is_flag=True, help="Exit after the -x scripts (no prompt); exit status 1 when a "
                                             "command failed.")
@click.option("--echo", is_flag=True, help="Print each script command after the prompt before its output.")
@pass_selection
@handle_errors
def debug_cmd(sel, program, scripts, batch, echo, **launch):
    """Debug PROGRAM warp by warp on the golden model (gdb-like).

    \b
    Commands (help at the prompt, docs/debugger.md):
      break PC|LABEL [if COND]   step [WARP]   next   continue   finish
      info warps|masks|barriers|breakpoints|registers   warp N | warp CTA.W
      print[/xdfut] EXPR   x/NFU ADDR   watch REG | watch [ADDR]   delete [N]
      list [PC|LABEL]   quit
    \b
    The launch options are those of `gpuisa run`; the run goes through the
    simulator's step API, so it follows exactly the rules of `gpuisa run`.
    """
    from .debugger import Debugger, run_script
    sim, _init, _bufs, _layout, text = build_launch(sel, program, **launch)
    dbg = Debugger(sim, sim.program, text, filename=program)
    ok = True
    for script in scripts:
        try:
            lines = Path(script).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as e:
            raise click.UsageError(f"cannot read {script}: {getattr(e, 'strerror', None) or e}") from None
        ok = run_script(dbg, lines, echo=echo, stop_on_error=batch)
        if not ok:
            break
    if batch:
        sys.exit(0 if ok and not dbg.errors else 1)
    if not ok and dbg.errors == 0:      # a script said quit
        return
    _interactive(dbg)


def _interactive(dbg) -> None:
    """The prompt: cmd with readline's line editing and a history file on a
    terminal; plain lines from a pipe (no prompt, no history)."""
    readline: Any = None
    tty = sys.stdin.isatty()
    hist = HISTORY.expanduser()
    if tty:
        try:
            import readline
            readline.read_history_file(hist)
        except ImportError:   # pragma: no cover - platforms without readline
            readline = None
        except OSError:
            pass
        dbg.out(f"gpuisa debugger: {len(dbg.sim.warps)} warps; `help` lists the commands, `continue` runs.")
        dbg.show_location(dbg.focus)
    else:
        dbg.use_rawinput = False
        dbg.prompt = ""
    try:
        dbg.cmdloop()
    except KeyboardInterrupt:
        dbg.out("")
    finally:
        if readline is not None:
            try:
                readline.write_history_file(hist)
            except OSError:
                pass


COMMANDS = [debug_cmd]

"""The ``gpuisa`` command line.

Global options select the ISA for every sub-command::

    gpuisa [--spec PATH]... [--no-base] COMMAND ...

Sub-commands live next to the stage they drive (``gpuisa.spec.cli``,
``gpuisa.asm.cli``, ``gpuisa.sim.cli``, ``gpuisa.docs.cli``) and are added here.
Imports go one way: this module loads the stage CLIs; they share their click
plumbing (:class:`~gpuisa.clikit.Selection`, ``pass_selection``,
``handle_errors``) through :mod:`gpuisa.clikit` and never import this module.
``python -m gpuisa`` (``gpuisa/__main__.py``) is the same command.
Bad input never produces a traceback: :class:`gpuisa.errors.GpuisaError` is
printed as diagnostics and the exit status is 1.
"""
from __future__ import annotations

import codecs
import importlib
import importlib.util
import os
import re
import sys

import click

from ._version import __version__
from .clikit import (EXIT_BAD_INPUT, EXIT_FAULT, EXIT_INTERNAL, EXIT_OK, MAX_CONTENT_WIDTH,  # noqa: F401
                     Context, Selection, handle_errors, pass_selection, print_diagnostics, use_help_formatter)
from .clikit import BINARY_SUFFIXES, INPUT_READERS, NV_TOOLS, NVDISASM_JSON, quick_exit_allowed
from .errors import GpuisaError, ModelError

# Sub-commands by name -> the module that defines them (in its COMMANDS list).
# Modules are imported only when their command runs, so that `gpuisa spec list`
# does not pay for numpy, jinja2 or the simulator.
PLUGINS = {
    "spec": "gpuisa.spec.cli",
    "asm": "gpuisa.asm.cli",
    "dis": "gpuisa.asm.cli",
    "run": "gpuisa.sim.cli",
    "docs": "gpuisa.docs.cli",
    "gen": "gpuisa.verify.cli",
    "regress": "gpuisa.verify.cli",
    "cosim": "gpuisa.verify.cli",
    "timeline": "gpuisa.viz.cli",
    "debug": "gpuisa.debug.cli",
}


class LazyGroup(click.Group):
    context_class = Context   # help text wrapped without breaking words (clikit.HelpFormatter)

    def __call__(self, *args, **kwargs):
        """The process's entry point (the console script, ``python -m gpuisa``; click's test
        runner calls :meth:`main`, never this).  When the command succeeded and said its outputs
        are complete (``clikit.allow_quick_exit``), the process ends without the interpreter's
        teardown, which frees every object one by one (decision AS-2): stdout and stderr are
        flushed and the ``atexit`` handlers run (the decoder cache, DS-1) as at a normal exit;
        if flushing fails the normal exit runs and reports it."""
        try:
            return self.main(*args, **kwargs)
        except SystemExit as e:
            if e.code in (0, None) and quick_exit_allowed():
                _quick_exit()
            raise

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        """Exit statuses: 0 ok; 1 bad input, including click's own usage errors
        (which click would report with 2); 2 is left to `gpuisa run` for an
        architectural fault of the simulated program; 70 an internal error (a bug
        in gpuisa: set GPUISA_DEBUG=1 to see its traceback)."""
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.Exit as e:
            sys.exit(e.exit_code)
        except click.ClickException as e:
            e.show()
            sys.exit(EXIT_BAD_INPUT)
        except (click.Abort, KeyboardInterrupt):
            click.echo("Aborted!", err=True)
            sys.exit(EXIT_BAD_INPUT)
        except GpuisaError as e:
            print_diagnostics(e.diagnostics)
            sys.exit(EXIT_BAD_INPUT)
        except Exception as e:  # noqa: BLE001 - last resort: a bug in gpuisa
            if os.environ.get("GPUISA_DEBUG"):
                raise
            kind = "model error" if isinstance(e, ModelError) else type(e).__name__
            click.echo(f"gpuisa: internal error ({kind}): {e}\n"
                       "This is a bug in gpuisa, not in your input; set GPUISA_DEBUG=1 to see the traceback.",
                       err=True)
            sys.exit(EXIT_INTERNAL)
        sys.exit(rv if isinstance(rv, int) else EXIT_OK)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | {n for n, m in PLUGINS.items() if _available(m)})

    def get_command(self, ctx: click.Context, name: str):
        cmd = super().get_command(ctx, name)
        if cmd is not None or name not in PLUGINS:
            return cmd
        try:
            mod = importlib.import_module(PLUGINS[name])
        except ModuleNotFoundError as e:
            if e.name == PLUGINS[name]:
                return None
            raise
        for c in getattr(mod, "COMMANDS", ()):
            if c.name == name:
                return use_help_formatter(c)
        return None


def _available(mod_name: str) -> bool:
    return importlib.util.find_spec(mod_name) is not None


_RE_NV_TOOL = re.compile(rb"\s*(?:" + NV_TOOLS + rb")\s")


def _cuda_reader(isa, path, data, kernel, **options):
    """CUDA inputs (listings, also in UTF-16 with its byte-order mark, cubins, host binaries and fat
    binaries (``0xBA55ED50``) holding cubins, and ``.cu`` sources compiled with nvcc) for ``asm`` and
    ``run``: imported only when the file looks like one (gpuisa.cuda sits after asm and sim)."""
    if data[:4] not in (b"\x7fELF", b"\x50\xed\x55\xba") and b"sm_" not in data[:20000] and not path.endswith(".cu") \
            and data[:2] not in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE) \
            and not _RE_NV_TOOL.match(data[:64]) \
            and not data[:64].lstrip().startswith(NVDISASM_JSON) \
            and not path.lower().endswith(BINARY_SUFFIXES):    # an NVIDIA tool's error message, nvdisasm -json
        return None
    from .cuda.cli import read_input
    return read_input(isa, path, data, kernel, **options)


INPUT_READERS.append(_cuda_reader)


def _quick_exit() -> None:
    """Flush, run the atexit handlers, flush again and end the process with status 0; return
    (for the normal exit) when flushing fails (a closed pipe: Python's exit reports it)."""
    import atexit
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(0)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": MAX_CONTENT_WIDTH})
@click.option("--spec", "spec_paths", multiple=True, type=click.Path(path_type=str), metavar="PATH",
              help="Description file or folder (repeatable). Default: the shipped ISA.")
@click.option("--no-base", is_flag=True, help="Do not add the project's base description file to --spec paths.")
@click.version_option(__version__, prog_name="gpuisa")
@click.pass_context
def main(ctx: click.Context, spec_paths: tuple[str, ...], no_base: bool) -> None:
    """gpuisa: toolchain for a 128-bit SASS-like GPU instruction set.

    \b
    Typical use:
      gpuisa spec check                 lint the shipped ISA
      gpuisa spec show SHFL_RI          one opcode: bit table, operands, syntax
      gpuisa asm prog.s -o prog.bin     assemble
      gpuisa dis prog.bin --labels      disassemble
      gpuisa run prog.s --dump R1       simulate on the golden model
      gpuisa docs --out site/           generate the reference manual
      gpuisa gen --seed 7 -o t.s        a random divergent program (--expect: its results)
      gpuisa regress --seeds 0:2000     generate, simulate, check against the oracle
    """
    ctx.obj = Selection(tuple(spec_paths), not no_base)


if __name__ == "__main__":  # pragma: no cover - `python -m gpuisa` is the supported spelling
    main(prog_name="gpuisa")

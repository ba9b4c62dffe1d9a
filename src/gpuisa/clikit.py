"""Click plumbing shared by the ``gpuisa`` command and the stage sub-commands.

The command line imports in one direction only: ``gpuisa.cli`` (the group and
its global options) imports the stage CLIs (``spec/cli.py``, ``asm/cli.py``,
``sim/cli.py``, ``docs/cli.py``) lazily; they import this module, never
``gpuisa.cli``.  So ``python -m gpuisa.cli`` cannot load two copies of the
:class:`Selection` class (one as ``__main__``, one by name), which once made
``--spec`` silently ignored.
"""
from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, field

import click

from .errors import GpuisaError, UsageError

EXIT_OK, EXIT_BAD_INPUT, EXIT_FAULT, EXIT_INTERNAL = 0, 1, 2, 70

#: set by a command once every output it makes is written and closed (``asm``, ``dis``): the
#: process may then end without the interpreter's teardown (``cli.LazyGroup.__call__``, decision
#: AS-2); a command that does not set it ends as any Python program does
_QUICK_EXIT = {"allowed": False}


def allow_quick_exit() -> None:
    """Called by a command when its outputs are complete: a successful process may skip freeing
    its objects one by one at exit (about 0.15 s after assembling 76,000 statements)."""
    _QUICK_EXIT["allowed"] = True


def quick_exit_allowed() -> bool:
    return _QUICK_EXIT["allowed"]

# Help text is wrapped at this width (never in the middle of a word: click
# wraps at spaces; long option names are not broken).
MAX_CONTENT_WIDTH = 100


_NB_HYPHEN = "\u2011"   # stands in for "-" while click wraps help text, so no line ends in "warp-"


class HelpFormatter(click.HelpFormatter):
    """click's formatter without breaks after a hyphen (``warp-|instruction``): hyphens are
    hidden from the wrapper and restored when the text is written."""

    def write(self, string: str) -> None:
        super().write(string.replace(_NB_HYPHEN, "-"))

    def write_text(self, text: str) -> None:
        super().write_text(text.replace("-", _NB_HYPHEN))

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(a, b.replace("-", _NB_HYPHEN)) for a, b in rows], col_max, col_spacing)


class Context(click.Context):
    formatter_class = HelpFormatter


def use_help_formatter(cmd: click.Command) -> click.Command:
    """Give *cmd* (and its sub-commands) the :class:`Context` with the non-breaking formatter."""
    cmd.context_class = Context
    for sub in getattr(cmd, "commands", {}).values():
        use_help_formatter(sub)
    return cmd


@dataclass
class Selection:
    """The ISA chosen on the command line (loaded lazily, once)."""

    paths: tuple[str, ...] = ()
    base: bool = True
    _isa: object = field(default=None, repr=False)

    @property
    def spec_paths(self) -> list[str] | None:
        return list(self.paths) if self.paths else None

    def isa(self):
        if self._isa is None:
            from .api import load_isa
            self._isa = load_isa(self.spec_paths, base=self.base)
        return self._isa

    def db(self):
        return self.isa().db


#: Readers of program formats other than this ISA's assembly (CUDA listings and
#: cubins: :func:`gpuisa.cuda.cli.read_input`), registered by :mod:`gpuisa.cli`
#: so that the stage CLIs (``asm``, ``run``) take them without importing a later
#: layer.  Each is ``f(isa, path, data: bytes, kernel: str | None) -> object | None``.
INPUT_READERS: list = []
#: what NVIDIA's tools write instead of a listing, saved where a listing was expected: a message
#: (``nvdisasm fatal : ...``) begins with the tool's name, ``nvdisasm -json`` output with this prefix
NV_TOOLS = rb"nvdisasm|cuobjdump|ptxas|nvcc|nvlink|fatbinary"
NVDISASM_JSON = b'[{"ELF"'
#: names of compiled CUDA inputs: such a file that is not an ELF file or a fat binary is damaged, not
#: assembly (decision D11-B-5)
BINARY_SUFFIXES = (".cubin", ".fatbin", ".o", ".obj", ".so", ".a", ".out", ".exe", ".elf")
#: where ``run``'s --arch and --nvcc-flag apply: the refusal of both readers (a compiled CUDA input, this
#: ISA's assembly) begins with it
CUDA_SOURCE_OPTIONS = ("--arch and --nvcc-flag apply to a CUDA source (.cu) (--arch also to an executable "
                       "built by nvcc and to a cuobjdump listing of several targets)")


def read_foreign(isa, path: str, data: bytes, kernel: str | None = None, **options):
    """The first registered reader's result for *data*, or None (this ISA's assembly).
    *options*: the command's input options (``arch``, ``nvcc_flags`` for a CUDA source)."""
    for reader in INPUT_READERS:
        got = reader(isa, path, data, kernel, **options)
        if got is not None:
            return got
    if kernel is not None:
        what = "is empty" if not data.strip() else "is not a CUDA input"     # e.g. a tool's error went to stderr
        raise UsageError(f"--kernel {kernel}: {path} {what} (expected an nvdisasm / cuobjdump listing or a cubin)")
    return None


def print_diagnostics(diags, *, stream=None) -> None:
    stream = stream or sys.stderr
    for d in diags:
        click.echo(d.format(), file=stream)


def handle_errors(fn):
    """Turn bad-input exceptions into diagnostics and exit status 1."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except GpuisaError as e:
            print_diagnostics(e.diagnostics)
            n = len(e.errors)
            if n > 1:
                click.echo(f"{n} errors", err=True)
            sys.exit(1)
        except BrokenPipeError:
            sys.exit(0)

    return wrapper


pass_selection = click.make_pass_decorator(Selection, ensure=True)

"""`--help` never breaks a word (issue 10: `gpuisa run --help` printed `warp-` / `instruction` and
`[:DTY` / `PE]`): every option's help text appears whole in the wrapped output."""
from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from gpuisa.cli import main

COMMANDS = [["run"], ["asm"], ["dis"], ["docs"], ["spec", "check"], ["spec", "list"], ["spec", "show"],
            ["spec", "export"], ["spec", "diff"], []]


def _command(path):
    ctx = click.Context(main)
    cmd = main
    for name in path:
        cmd = cmd.get_command(ctx, name)
    return cmd


@pytest.mark.parametrize("width", [80, 100])
@pytest.mark.parametrize("path", COMMANDS, ids=lambda p: "-".join(p) or "gpuisa")
def test_help_keeps_words_whole(path, width):
    r = CliRunner().invoke(main, [*path, "--help"], terminal_width=width)
    assert r.exit_code == 0, r.output
    assert max(len(ln) for ln in r.output.splitlines()) <= max(width, 100)
    flat = " ".join(r.output.split())
    for p in _command(path).params:
        if getattr(p, "help", None):
            want = " ".join(p.help.split())
            assert want in flat, f"{p.name}: help text broken inside a word or lost:\n{r.output}"


def test_run_help_regression():
    out = CliRunner().invoke(main, ["run", "--help"], terminal_width=80).output
    assert "warp-\n" not in out and "DTY\n" not in out

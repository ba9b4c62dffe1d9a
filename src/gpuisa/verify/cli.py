"""``gpuisa gen``, ``gpuisa regress``, ``gpuisa cosim`` (docs/verification.md)."""
from __future__ import annotations

import json
import os
import sys

import click

from ..clikit import handle_errors, pass_selection
from ..errors import UsageError
from . import gen


def _knob_options(f):
    opts = [
        click.option("--length", default=30, show_default=True, type=click.IntRange(1, 10_000),
                     help="Statements in the main body (about)."),
        click.option("--depth", default=3, show_default=True, type=click.IntRange(0, 5),
                     help="Nesting depth of if/loop/switch/call."),
        click.option("--warps", default=2, show_default=True, type=click.Choice(["1", "2", "4"]),
                     help="Warps per CTA."),
        click.option("--ctas", default=1, show_default=True, type=click.IntRange(1, 8), help="CTAs in the grid."),
        click.option("--mix", default="", metavar="CAT=W,...",
                     help="Weights of the statement categories alu, float, mem, warp, ctrl "
                          f"(default {','.join(f'{k}={v}' for k, v in gen.DEFAULT_MIX.items())})."),
        click.option("--units", default=",".join(gen.UNITS), show_default=True, metavar="LIST",
                     help="Units whose instructions random statements may use (bru, sync, gp)."),
    ]
    for o in reversed(opts):
        f = o(f)
    return f


def _knobs(length, depth, warps, ctas, mix, units) -> gen.Knobs:
    try:
        m = gen.parse_mix(mix)
    except ValueError as e:
        raise UsageError(f"--mix: {e}") from None
    us = tuple(u.strip() for u in units.split(",") if u.strip())
    bad = [u for u in us if u not in gen.UNITS]
    if bad:
        raise UsageError(f"--units: unknown unit(s) {', '.join(bad)} (choose from {', '.join(gen.UNITS)})")
    return gen.Knobs(length=length, depth=depth, warps=int(warps), ctas=ctas, mix=m, units=us)


def _write(path: str, text: str) -> None:
    if path == "-":
        click.echo(text, nl=False)
        return
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror}") from None


@click.command("gen")
@click.option("--seed", default=0, show_default=True, type=int, help="Random seed (the same program everywhere).")
@_knob_options
@click.option("-o", "--output", default="-", metavar="FILE", help="Assembly output (default stdout).")
@click.option("--expect", "expect", default=None, metavar="FILE",
              help="Also write the oracle's expected final registers and memory (JSON).")
@handle_errors
def gen_cmd(seed, length, depth, warps, ctas, mix, units, output, expect):
    """Generate a random divergent program (and its expected results).

    The header comment holds the seed, the knobs and the `gpuisa run` command
    that launches it; `--expect` writes what every thread must end with,
    computed by an independent per-thread oracle (docs/verification.md).
    """
    from . import oracle
    prog = gen.generate(seed, _knobs(length, depth, warps, ctas, mix, units))
    text = gen.emit(prog)
    _write(output, text)
    if expect:
        _write(expect, json.dumps(oracle.expect(prog).to_json()) + "\n")


@click.command("regress")
@click.option("--seeds", default="0:100", show_default=True, metavar="A:B", help="Seeds A..B-1 (or N: 0..N-1).")
@_knob_options
@click.option("-j", "--jobs", default=0, type=int, help="Local worker processes (default: all cores).")
@click.option("--engine", "engine_opt", default="all", show_default=True, metavar="NAME",
              help="Simulator engine(s): all, or one of the installed engines.")
@click.option("--results", default="regress.jsonl", show_default=True, metavar="FILE",
              help="One JSON line per seed.")
@click.option("--failures", default="regress-failures", show_default=True, metavar="DIR",
              help="Shrunk reproducers of failing seeds (.s and .expect.json).")
@click.option("--no-shrink", is_flag=True, help="Do not shrink failures.")
@click.option("--coverage", "coverage_html", default=None, metavar="REPORT.html",
              help="Collect coverage; print the table and write a self-contained HTML report.")
@click.option("--ray", "ray_address", default=None, is_flag=False, flag_value="local", metavar="[ADDRESS]",
              help="Run on a Ray cluster (ADDRESS, or a local instance without one); needs gpuisa[ray].")
@click.option("-q", "--quiet", is_flag=True, help="No progress bar.")
@pass_selection
@handle_errors
def regress_cmd(sel, seeds, length, depth, warps, ctas, mix, units, jobs, engine_opt, results, failures, no_shrink,
                coverage_html, ray_address, quiet):
    """Generate, simulate and check many seeds against the oracle.

    Exit status 0 when every seed passes, 1 when any mismatches or errors
    (or on bad options).
    """
    from dataclasses import asdict

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from . import regress
    if sel.paths:
        raise UsageError("gpuisa regress checks the shipped ISA; --spec is not supported")
    try:
        rng = regress.parse_seeds(seeds)
    except ValueError as e:
        raise UsageError(f"--seeds: {e}") from None
    kn = _knobs(length, depth, warps, ctas, mix, units)
    have = regress.engines()
    if engine_opt == "all":
        engs = tuple(have)
    elif engine_opt in have:
        engs = (engine_opt,)
    else:
        raise UsageError(f"--engine {engine_opt!r}: this installation has {', '.join(have)} (or all)")
    console = Console(stderr=True)
    summary = regress.Summary()
    tmp = f"{results}.tmp{os.getpid()}"
    try:
        out = open(tmp, "w", encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot write {results}: {e.strerror}") from None
    rows = []
    with out, Progress(TextColumn("[bold]regress"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[st]}"),
                       TimeElapsedColumn(), console=console, disable=quiet, transient=False) as prog:
        task = prog.add_task("seeds", total=len(rng), st="")

        def on_row(row):
            summary.add(row)
            cov = row.pop("coverage", None)
            out.write(json.dumps(row) + "\n")
            if cov is not None:
                row["coverage"] = cov
            rows.append(row)
            prog.update(task, advance=1, st=f"[green]{summary.passed} pass[/] [red]{summary.mismatches} mismatch[/] "
                                            f"{summary.errors} error")
        regress.run_campaign(rng, asdict(kn), engines_=engs, jobs=jobs or None,
                             shrink_dir=None if no_shrink else failures, coverage=bool(coverage_html),
                             ray_address=ray_address, on_row=on_row)
    os.replace(tmp, results)
    t = Table(title=f"gpuisa regress, seeds {rng.start}:{rng.stop}, engines {', '.join(engs)}")
    for c in ("seeds", "pass", "mismatch", "error", "warp-instructions"):
        t.add_column(c, justify="right")
    t.add_row(str(summary.total), str(summary.passed), str(summary.mismatches), str(summary.errors),
              f"{summary.steps:,}")
    console.print(t)
    bad = sorted((r for r in rows if r["status"] != "pass"), key=lambda r: r["seed"])
    for r in bad[:20]:
        rep = f" -> {r['reproducer']} ({r.get('reproducer_instructions')} instructions)" if r.get("reproducer") else ""
        console.print(f"seed {r['seed']}: {r['status']}: {r['diffs'][0] if r['diffs'] else ''}{rep}", markup=False,
                      highlight=False)
    if coverage_html:
        from .coverage import Coverage
        cov = Coverage()
        for r in rows:
            cov.merge(r.get("coverage") or {})
        db = sel.db()
        click.echo(cov.table(db))
        _write(coverage_html, cov.html(db, f"gpuisa coverage, seeds {rng.start}:{rng.stop}"))
    console.print(f"results: {results}" + (f", coverage: {coverage_html}" if coverage_html else ""), markup=False)
    if bad:
        sys.exit(1)


@click.command("cosim")
@click.argument("program", type=click.Path(dir_okay=False, path_type=str))
@click.option("--dut", "dut", required=True, type=click.Path(dir_okay=False, path_type=str), metavar="TRACE.jsonl",
              help="The other implementation's trace (docs/trace-format.md, version 1 or 2).")
@click.option("--grid", "grid", default="1", metavar="X", help="CTAs in the grid (X or X,Y,Z). Default 1.")
@click.option("--block", "block", default=32, type=int, metavar="N", help="Threads per CTA. Default 32.")
@click.option("--init", "inits", multiple=True, metavar="REG=EXPR", help="As gpuisa run --init (repeatable).")
@click.option("--max-steps", "max_steps", default=None, type=int, metavar="N", help="As gpuisa run.")
@click.option("--max-warps", "max_warps", default=None, type=int, metavar="N", help="As gpuisa run.")
@click.option("--strict", is_flag=True, help="As gpuisa run.")
@click.option("--param", "params", multiple=True, metavar="TYPE:VALUE", help="As gpuisa run (repeatable).")
@click.option("--buffer", "buffers", multiple=True, metavar="NAME=SIZE[:INIT]", help="As gpuisa run (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@pass_selection
@handle_errors
def cosim_cmd(sel, program, dut, grid, block, inits, max_steps, max_warps, strict, params, buffers, as_json):
    """Compare a DUT trace with the golden model, step by step.

    PROGRAM and the launch options are those of `gpuisa run`. Prints "agree"
    (exit 0) or the first difference: step, CTA, warp, PC, instruction, what
    differs (a mask, a register and lane, a store) and the expected and DUT
    values (exit 1).
    """
    from ..sim.cli import _load_program, _parse_grid
    from ..sim.initexpr import parse_init
    from ..sim.kernelargs import make_buffer, pack_params, parse_buffer, parse_param
    from ..sim.simulator import Simulator, check_relocations
    from .cosim import cosim, read_trace
    isa = sel.isa()
    init = dict(parse_init(s) for s in inits)
    bufs: dict = {}
    for spec in map(parse_buffer, buffers):
        if spec.name in bufs:
            raise UsageError(f"--buffer {spec.name} is given twice")
        bufs[spec.name] = make_buffer(spec)
    plist = [parse_param(p) for p in params]
    records = read_trace(dut)
    prog, text = _load_program(isa, program)
    check_relocations(prog, text, program, api=False)
    kw = {}
    if max_steps is not None:
        kw["max_steps"] = max_steps
    if max_warps is not None:
        kw["max_warps"] = max_warps
    sim = Simulator(isa, prog, grid=_parse_grid(grid), block=block, init=init, strict=strict, buffers=bufs, **kw)
    if plist:
        data, _ = pack_params(plist, sim.addresses)
        sim.const.set(0, data)
    res = cosim(sim, records)
    if as_json:
        click.echo(json.dumps({"agree": res.agree, "steps": res.steps,
                               "difference": res.difference.to_json() if res.difference else None}))
    elif res.agree:
        click.echo(f"agree: {res.steps} steps")
    else:
        click.echo(f"mismatch: {res.difference.format()}")
    if not res.agree:
        sys.exit(1)


COMMANDS = [gen_cmd, regress_cmd, cosim_cmd]

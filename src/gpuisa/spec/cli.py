"""``gpuisa spec``: check, list, show, export and diff instruction databases."""
from __future__ import annotations

import json
import sys

import click

from ..clikit import Selection, handle_errors, pass_selection, print_diagnostics
from ..errors import Diagnostic, UsageError
from ..fsutil import atomic_write
from . import compile_spec, load


def _examples_diagnostics(db) -> list[Diagnostic]:
    from ..asm.examples import check_examples  # imported when `spec check` runs (keeps `spec list` quick)
    return list(check_examples(db))


@click.group("spec")
def spec_group() -> None:
    """Inspect and check ISA description files."""


@spec_group.command("check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=str))
@click.option("--no-base", is_flag=True, help="Do not add the base description file to PATHS.")
@click.option("--no-examples", is_flag=True, help="Do not assemble the __Examples sections.")
@click.option("--json", "as_json", is_flag=True, help="Print the diagnostics as one JSON object.")
@click.option("-q", "--quiet", is_flag=True, help="Print errors only.")
@pass_selection
def check_cmd(sel: Selection, paths, no_base, no_examples, as_json, quiet) -> None:
    """Lint description files (default: the ISA selected by --spec, else the shipped one).

    Prints every problem as `file:line:col: error|warning: message` with the
    source line, and exits 1 if there is any error. PATHS are files or folders;
    the project's base file is added unless --no-base.
    """
    if paths:
        db, diags = compile_spec(list(paths), base=not no_base)
    else:
        db, diags = compile_spec(sel.spec_paths, base=sel.base)
    diags = list(diags)
    if db is not None and not no_examples:
        diags += _examples_diagnostics(db)
    errors = [d for d in diags if d.severity == "error"]
    warnings = [d for d in diags if d.severity == "warning"]
    if as_json:
        click.echo(json.dumps({"errors": len(errors), "warnings": len(warnings),
                               "diagnostics": [d.to_dict() for d in diags if not (quiet and d.severity != "error")]},
                              indent=1, ensure_ascii=False))
    else:
        print_diagnostics([d for d in diags if d.severity == "error" or not quiet], stream=sys.stdout)
        n_ops = len(db.opcodes) if db is not None else 0
        click.echo(f"{len(errors)} error(s), {len(warnings)} warning(s); {n_ops} opcodes", err=True)
    sys.exit(1 if errors else 0)


@spec_group.command("list")
@click.option("--unit", help="Only opcodes of this unit (e.g. BRU).")
@pass_selection
@handle_errors
def list_cmd(sel: Selection, unit) -> None:
    """One line per opcode: name, unit, decode key, operands."""
    db = sel.db()
    if unit is not None and unit not in db.units:
        unit = next((u for u in db.units if u.lower() == unit.lower()), unit)
    rows = [op for op in db.opcodes.values() if unit is None or op.unit == unit]
    if not rows and unit is not None:
        raise UsageError(f"no unit {unit!r} (units: {', '.join(db.units)})")
    w = max((len(op.name) for op in rows), default=8)
    uw = max((len(op.unit) for op in rows), default=4)
    kw = max((len(db.decode_key(op)) for op in rows), default=8)
    out = []
    for op in rows:
        operands = ", ".join(_operand_text(o) for o in op.operands)
        out.append(f"{op.name:<{w}}  {op.unit:<{uw}}  {db.decode_key(op):<{kw}}  {operands}")
    click.echo("\n".join(out))


def _operand_text(o) -> str:
    io = ("in" if o.is_input else "") + ("out" if o.is_output else "")
    s = f"{o.name}:{o.type}"
    if io:
        s += f"/{io}"
    return s


@spec_group.command("show")
@click.argument("name")
@pass_selection
@handle_errors
def show_cmd(sel: Selection, name: str) -> None:
    """Show an opcode (or every variant of an optype): bit table, operands,
    modifiers, syntax, exceptions."""
    from .show import render_opcode
    db = sel.db()
    names = list(db.opcodes) + list(db.optypes)
    if name not in names:  # accept any case: `spec show shfl_ri`
        name = next((n for n in names if n.lower() == name.lower()), name)
    ops = [db.opcodes[name]] if name in db.opcodes else list(db.by_optype(name))
    if not ops:
        import difflib
        upper = {n.upper(): n for n in names}
        close = [upper[c] for c in difflib.get_close_matches(name.upper(), list(upper), n=3)]
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UsageError(f"no opcode or optype named {name!r}{hint}")
    click.echo("\n\n".join(render_opcode(db, op) for op in ops))


@spec_group.command("export")
@click.option("--json", "as_json", is_flag=True, default=True, help="JSON (the only format; default).")
@click.option("-o", "--output", type=click.Path(path_type=str, allow_dash=True), default="-",
              help="Output file (default: stdout).")
@pass_selection
@handle_errors
def export_cmd(sel: Selection, as_json: bool, output: str) -> None:
    """Export the whole database as JSON (schema: docs/database-json.md)."""
    text = sel.db().dumps()
    if output == "-":
        click.echo(text)
        return
    try:
        atomic_write(output, text + "\n")  # never a truncated file (gpuisa.fsutil)
    except OSError as e:
        raise UsageError(f"cannot write {output}: {e.strerror or e}") from None


@spec_group.command("diff")
@click.argument("a", type=click.Path(path_type=str))
@click.argument("b", type=click.Path(path_type=str))
@click.option("--no-base", is_flag=True, help="Do not add the base description file to A and B.")
@handle_errors
def diff_cmd(a: str, b: str, no_base: bool) -> None:
    """Compare two ISAs (files or folders). Exit 1 when encodings differ."""
    from .diff import diff
    da = load([a], base=not no_base)
    dbb = load([b], base=not no_base)
    changes = diff(da, dbb)
    for c in changes:
        click.echo(str(c))
    enc = [c for c in changes if c.encoding]
    click.echo(f"{len(changes)} difference(s), {len(enc)} affecting encodings", err=True)
    sys.exit(1 if enc else 0)


COMMANDS = [spec_group]

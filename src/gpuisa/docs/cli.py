"""``gpuisa docs``: write the reference manual of the selected ISA."""
from __future__ import annotations

from pathlib import Path

import click

from ..clikit import handle_errors, pass_selection
from ..errors import UsageError
from ..fsutil import atomic_dir
from .site import FORMATS, build


@click.command("docs")
@click.option("--out", "-o", "out", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Output folder (created if missing).")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="html", show_default=True,
              help="html: a static site (open index.html); markdown: a Markdown tree.")
@click.option("--title", default="gpuisa reference manual", show_default=True, help="Title of the manual.")
@pass_selection
@handle_errors
def docs_cmd(selection, out: Path, fmt: str, title: str) -> None:
    """Generate the reference manual from the instruction database.

    \b
    Examples:
      gpuisa docs --out site/                    shipped ISA, HTML
      gpuisa --spec my.isa docs --out site/      another ISA
      gpuisa docs --out md/ --format markdown    Markdown tree
    """
    db = selection.db()
    try:
        with atomic_dir(out) as tmp:  # built aside, then moved in: a failure leaves the old manual intact
            files = build(db, tmp, fmt, title=title)
    except OSError as e:
        raise UsageError(f"cannot write the manual to {out}: {e.strerror or e}") from None
    entry = out / ("index.html" if fmt == "html" else "index.md")
    n_pages = sum(1 for f in files if f.suffix in (".html", ".md"))
    click.echo(f"wrote {n_pages} pages ({len(db.opcodes)} opcodes) to {out}/; open {entry}")


COMMANDS = [docs_cmd]

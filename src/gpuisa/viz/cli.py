"""``gpuisa timeline TRACE.jsonl -o FILE.html``: draw a saved trace."""
from __future__ import annotations

import click

from ..clikit import handle_errors


@click.command("timeline")
@click.argument("trace", type=click.Path(dir_okay=False, allow_dash=True, path_type=str))
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False, path_type=str),
              metavar="FILE.html", help="The page to write (one self-contained HTML file).")
@click.option("--title", default=None, help="Title shown on the page. Default: the trace's file name.")
@handle_errors
def timeline_cmd(trace, output, title):
    """Draw a run saved with `gpuisa run --trace TRACE.jsonl` as an HTML timeline:
    per warp, one row per lane and one column per issued instruction, coloured by
    lane state (active, diverged, yielded, asleep, exited), with BSSY...BSYNC
    regions, BREAK/WARPSYNC marks, masks and B registers on hover, and a grid
    overview.  Trace versions 1 and 2 are read (docs/trace-format.md); the page
    is described in docs/timeline.md.  '-' reads the trace from stdin.
    """
    from .timeline import timeline_from_trace
    tb = timeline_from_trace(trace, title)
    tb.write(output)
    click.echo(f"timeline: {len(tb)} steps of {len(tb.warps)} warps -> {output}", err=True)


COMMANDS = [timeline_cmd]

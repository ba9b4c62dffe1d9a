"""Write the manual: a static HTML site or a Markdown tree.

    >>> from gpuisa.spec import load
    >>> from gpuisa.docs import build_html
    >>> build_html(load(), "site")          # doctest: +SKIP

Layout of both (``.md`` instead of ``.html`` for Markdown)::

    index.html               units -> optypes -> variants, search box
    optypes/<OPTYPE>.html    one page per optype, a section per opcode variant
    groups/<GROUP>.html      groups that are not optypes (BRU: the SIMT model)
    types.html               every bit-field type with its values
    search-index.js/.json    the search box's data: names (HTML only)
    search-fulltext.js/.json the full-text index: words of every page, ranked (HTML only; docs/fulltext.py)
    static/                  CSS, JS, icon (HTML only)
"""
from __future__ import annotations

import json
import re
import shutil
from importlib import resources
from pathlib import Path
from typing import Any, Callable

import jinja2
from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter

from .._version import __version__
from ..spec.database import Database
from .fulltext import build_index
from .lexer import GpuisaLexer
from .mdtext import HtmlRenderer, rewrite_markdown
from .model import TYPES_PATH, Manual, group_path, summary

__all__ = ["build_html", "build_markdown", "build", "FORMATS"]

FORMATS = ("html", "markdown")
PYGMENTS_STYLE = "friendly"


def _env(autoescape: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("gpuisa.docs", "templates"),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["summary"] = summary
    env.filters["basename"] = lambda p: Path(str(p)).name
    return env


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")
    return path


def _sources(db: Database) -> list[str]:
    return [Path(s.path).name for s in db.sources]


def _root_of(path: str) -> str:
    return "../" * path.count("/")


# ---------------------------------------------------------------------------
# HTML

def build_html(db: Database, out: str | Path, *, assemble: Callable[..., Any] | None = None,
               title: str = "gpuisa reference manual") -> list[Path]:
    """Write the HTML manual of *db* into *out*; returns the files written."""
    out = Path(out)
    manual = Manual(db, assemble=assemble, title=title)
    renderer = HtmlRenderer(manual.links.resolve)
    env = _env(autoescape=True)
    lexer = GpuisaLexer()
    inline_fmt = HtmlFormatter(nowrap=True)
    block_fmt = HtmlFormatter(cssclass="codehilite")

    env.filters["hl"] = lambda code: Markup(highlight(code, lexer, inline_fmt).rstrip("\n"))
    env.filters["hlblock"] = lambda code: Markup(highlight(code, lexer, block_fmt))
    written: list[Path] = []

    def page(template: str, path: str, **ctx) -> None:
        root = _root_of(path)
        env.filters["md"] = lambda text: Markup(renderer.render(text, root))
        html = env.get_template(template).render(manual=manual, db=db, root=root, path=path,
                                                 version=__version__, sources=_sources(db),
                                                 types_path=TYPES_PATH, group_path=group_path, **ctx)
        written.append(_write(out / path, html))

    # static assets
    static = out / "static"
    static.mkdir(parents=True, exist_ok=True)
    src = resources.files("gpuisa.docs") / "static"
    for item in src.iterdir():
        if item.is_file():
            with resources.as_file(item) as p:
                shutil.copyfile(p, static / item.name)
                written.append(static / item.name)
    written.append(_write(static / "pygments.css", HtmlFormatter(style=PYGMENTS_STYLE).get_style_defs(".codehilite")))

    index = manual.search_index()
    data = json.dumps(index, ensure_ascii=False, indent=0)
    written.append(_write(out / "search-index.json", data + "\n"))
    written.append(_write(out / "search-index.js", f"window.GPUISA_INDEX = {data};\n"))
    fulltext = json.dumps(build_index(manual), ensure_ascii=False, separators=(",", ":"))
    written.append(_write(out / "search-fulltext.json", fulltext + "\n"))
    written.append(_write(out / "search-fulltext.js", f"window.GPUISA_FULLTEXT = {fulltext};\n"))

    from .pictures import build as build_pictures
    pictures = build_pictures(db, manual.optypes)
    for pic in {id(p): p for p in pictures.values()}.values():
        written.append(_write(out / pic.path, pic.html or ""))

    page("index.html", "index.html")
    for op_page in manual.optypes.values():
        page("optype.html", op_page.path, page=op_page, picture=pictures.get(op_page.name))
    for g in manual.groups:
        page("group.html", group_path(g.name), group=g)
    page("types.html", TYPES_PATH)
    return written


# ---------------------------------------------------------------------------
# Markdown

def _md_cell(value: Any) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


def _md_escape(value: Any) -> str:
    """Plain text in a Markdown table cell."""
    return _MD_SPECIAL.sub(r"\\\1", str(value)).replace("\n", " ")


def _md_code(value: Any) -> str:
    """A code span that survives backticks inside (and pipes, in a table)."""
    text = str(value).replace("\n", " ").replace("|", "\\|")
    ticks = max((len(m) for m in re.findall(r"`+", text)), default=0) + 1
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{'`' * ticks}{pad}{text}{pad}{'`' * ticks}"


def build_markdown(db: Database, out: str | Path, *, assemble: Callable[..., Any] | None = None,
                   title: str = "gpuisa reference manual") -> list[Path]:
    """Write the manual of *db* as a Markdown tree into *out*."""
    out = Path(out)
    manual = Manual(db, assemble=assemble, title=title)
    env = _env(autoescape=False)
    env.filters["cell"] = _md_cell
    env.filters["esc"] = _md_escape
    env.filters["code"] = _md_code
    written: list[Path] = []

    def md_link(target: str | None, root: str) -> str:
        if target is None:
            return ""
        path, _, frag = target.partition("#")
        if path.endswith(".html"):
            path = path[: -len(".html")] + ".md"
        return root + path + (f"#{frag}" if frag else "")

    def page(template: str, path: str, **ctx) -> None:
        path = path[: -len(".html")] + ".md"
        root = _root_of(path)
        env.filters["md"] = lambda text: rewrite_markdown(text, manual.links.resolve, root)
        env.filters["link"] = lambda target: md_link(target, root)
        text = env.get_template(template).render(manual=manual, db=db, root=root, path=path, version=__version__,
                                                 sources=_sources(db), types_path=TYPES_PATH,
                                                 group_path=group_path, **ctx)
        written.append(_write(out / path, text))

    page("index.md.j2", "index.html")
    for p in manual.optypes.values():
        page("optype.md.j2", p.path, page=p)
    for g in manual.groups:
        page("group.md.j2", group_path(g.name), group=g)
    page("types.md.j2", TYPES_PATH)
    return written


def build(db: Database, out: str | Path, fmt: str = "html", **kw) -> list[Path]:
    if fmt == "html":
        return build_html(db, out, **kw)
    if fmt == "markdown":
        return build_markdown(db, out, **kw)
    raise ValueError(f"unknown format {fmt!r} (expected one of {', '.join(FORMATS)})")

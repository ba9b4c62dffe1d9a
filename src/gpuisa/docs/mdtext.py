"""The description texts (``__Description``, ``__Semantics``, ...) as Markdown.

Two outputs from the same source text:

* :class:`HtmlRenderer` renders to HTML with python-markdown (fenced code,
  tables, code highlighting through Pygments with :class:`GpuisaLexer` for
  ``asm`` blocks) plus two additions of ours, written as a python-markdown
  extension: ``[[NAME]]`` cross references become links, and links the
  manual cannot resolve (``操作数汇编显示规则.md#...``) become plain text.
* :func:`rewrite_markdown` keeps the Markdown (for the ``--format markdown``
  tree) and only rewrites the same two things in the text.

The description files are written for GitHub-flavoured renderers, which
accept a table or a list right after a paragraph line; python-markdown needs a
blank line there.  :func:`gfm_compat` inserts those blank lines (never inside
fenced code).
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Callable, Optional
from urllib.parse import unquote, urlsplit

import markdown
import nh3
from markdown.extensions import Extension
from markdown.extensions.codehilite import CodeHiliteExtension
from markdown.extensions.toc import TocExtension, slugify_unicode
from markdown.inlinepatterns import InlineProcessor
from markdown.treeprocessors import Treeprocessor

__all__ = ["HtmlRenderer", "rewrite_markdown", "gfm_compat", "sanitize_html", "XREF_RE", "Resolver"]

#: ``[[NAME]]``: a cross reference to an optype, opcode, bit-field type or group.
XREF_RE = r"\[\[\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\]\]"

#: resolver(name) -> site-root-relative path ("optypes/BSYNC.html#BSYNC_X") or None
Resolver = Callable[[str], Optional[str]]

_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+\S")
_TABLE_ROW = re.compile(r"^\s*\|")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_ASM_FENCE = re.compile(r"^(\s{0,3}(?:`{3,}|~{3,})\s*)(?:asm|sass|gpuisa)\b", re.I)


def gfm_compat(text: str) -> str:
    """Blank lines before tables, lists, headings and fences that directly
    follow a paragraph line; ``asm`` fences are relabelled ``gpuisa``."""
    out: list[str] = []
    fence: str | None = None
    for line in text.replace("\r\n", "\n").split("\n"):
        m = _FENCE.match(line)
        if fence is not None:
            out.append(line)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not line.strip()[len(m.group(1)):].strip():
                fence = None
                out.append("")
            continue
        prev = out[-1] if out else ""
        prev_blank = not prev.strip()
        if m:
            fence = m.group(1)
            if not prev_blank:
                out.append("")
            out.append(_ASM_FENCE.sub(r"\1gpuisa", line))
            continue
        if not prev_blank:
            if _TABLE_ROW.match(line) and not _TABLE_ROW.match(prev):
                out.append("")
            elif _LIST_ITEM.match(line) and not _LIST_ITEM.match(prev) and not prev.startswith((" ", "\t")):
                out.append("")
            elif _HEADING.match(line):
                out.append("")
        out.append(line)
    return "\n".join(out)


def _is_external(href: str) -> bool:
    parts = urlsplit(href)
    return bool(parts.scheme) or href.startswith("//")


def _md_target_name(path: str) -> str:
    """``BSYNC.md`` / ``optypes/BSYNC.md`` / ``BSYNC.html`` -> ``BSYNC``."""
    base = unquote(path).rsplit("/", 1)[-1]
    for suffix in (".md", ".html", ".htm"):
        if base.endswith(suffix):
            return base[: -len(suffix)]
    return base


class _XrefPattern(InlineProcessor):
    def __init__(self, pattern: str, ext: "_ManualExtension"):
        super().__init__(pattern)
        self.ext = ext

    def handleMatch(self, m, data):  # noqa: N802 - python-markdown API
        name = m.group(1)
        target = self.ext.resolve(name)
        if target is None:
            el = ET.Element("span", {"class": "xref-missing", "title": f"{name}: not in this manual"})
        else:
            el = ET.Element("a", {"class": "xref", "href": self.ext.root + target})
        code = ET.SubElement(el, "code")
        code.text = name
        return el, m.start(0), m.end(0)


class _LinkFixer(Treeprocessor):
    """Links to targets the site does not have become plain text; links to
    ``NAME.md`` where NAME is in the manual are pointed at its page."""

    def __init__(self, md, ext: "_ManualExtension"):
        super().__init__(md)
        self.ext = ext

    def run(self, root):
        ids = {el.get("id") for el in root.iter() if el.get("id")}
        for parent in list(root.iter()):
            for i, el in enumerate(list(parent)):
                if el.tag != "a" or "xref" in (el.get("class") or "").split():
                    continue
                href = el.get("href")
                if href is None or _is_external(href):
                    continue
                new = self._fix(href, ids)
                if new is not None:
                    el.set("href", new)
                    continue
                span = ET.Element("span", {"class": "link-unresolved", "title": f"{unquote(href)}: not in this manual"})
                span.text, span.tail = el.text, el.tail
                for child in list(el):
                    span.append(child)
                parent.remove(el)
                parent.insert(i, span)
        return None

    def _fix(self, href: str, ids: set[str]) -> str | None:
        parts = urlsplit(href)
        if not parts.path:  # "#anchor" on the same page
            return href if unquote(parts.fragment) in ids else None
        target = self.ext.resolve(_md_target_name(parts.path))
        return None if target is None else self.ext.root + target


class _ManualExtension(Extension):
    def __init__(self, resolve: Resolver):
        super().__init__()
        self.resolve = resolve
        self.root = ""

    def extendMarkdown(self, md):  # noqa: N802 - python-markdown API
        # above links (160) so that "[[X]]" is not read as a reference link, below code spans (190)
        md.inlinePatterns.register(_XrefPattern(XREF_RE, self), "gpuisa_xref", 175)
        # after the toc treeprocessor (priority 5) so heading ids are known
        md.treeprocessors.register(_LinkFixer(md, self), "gpuisa_links", 1)


class HtmlRenderer:
    """Markdown -> HTML fragment, with cross references resolved through
    *resolve*.  ``render(text, root)``: *root* is the relative path from the
    page being written to the site root (``""`` or ``"../"``)."""

    def __init__(self, resolve: Resolver, css_class: str = "codehilite"):
        self._ext = _ManualExtension(resolve)
        self._md = markdown.Markdown(
            extensions=[
                "fenced_code", "tables", "sane_lists",
                CodeHiliteExtension(css_class=css_class, guess_lang=False, linenums=False),
                TocExtension(slugify=slugify_unicode, permalink=False),
                self._ext,
            ],
            output_format="html",
        )

    def render(self, text: str, root: str = "") -> str:
        self._ext.root = root
        self._md.reset()
        return sanitize_html(self._md.convert(gfm_compat(text)))


# --------------------------------------------------------------------------
# Raw HTML in descriptions: an allow-list (as GitHub does for Markdown)

#: elements Markdown (with fenced code, tables, codehilite, toc) produces, plus common inline HTML
ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "code", "dd", "del", "details", "div", "dl", "dt", "em",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "kbd", "li", "ol", "p", "pre", "q", "s",
    "samp", "span", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
    "tr", "u", "ul", "var",
})
ALLOWED_ATTRIBUTES = {
    "*": {"class", "id", "title"},
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "th": {"align", "style", "colspan", "rowspan"},
    "td": {"align", "style", "colspan", "rowspan"},
    "ol": {"start"},
}


def sanitize_html(html: str) -> str:
    """*html* with every element and attribute outside the allow-list removed
    (``<script>``/``<style>`` with their content, ``on*=`` handlers,
    ``javascript:`` URLs, ``style`` except ``text-align`` of table cells), by
    nh3 (the Rust ``ammonia`` sanitizer).  Descriptions are Markdown; raw HTML
    in them must not reach the manual's pages unfiltered."""
    return nh3.clean(html, tags=set(ALLOWED_TAGS), clean_content_tags={"script", "style"},
                     attributes={k: set(v) for k, v in ALLOWED_ATTRIBUTES.items()},
                     url_schemes={"http", "https", "mailto"}, link_rel=None,
                     filter_style_properties={"text-align"}, strip_comments=True)


# --------------------------------------------------------------------------
# Markdown -> Markdown (the --format markdown tree)

_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1")
_MD_LINK = re.compile(r"(?<!!)\[([^\[\]]*)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
# one pass over both, so that a link made from [[X]] is not rewritten again
_PROSE = re.compile(XREF_RE + r"|(?<!!)\[[^\[\]]*\]\([^()\s]+(?:\s+\"[^\"]*\")?\)")


def rewrite_markdown(text: str, resolve: Resolver, root: str = "", suffix: str = ".md") -> str:
    """Rewrite ``[[NAME]]`` to ``[NAME](link)`` and unresolvable relative links
    to their plain text, outside code.  *resolve* gives site-relative paths
    ending in ``.html``; they are turned into *suffix*."""

    def link(target: str) -> str:
        path, _, frag = target.partition("#")
        if path.endswith(".html"):
            path = path[: -len(".html")] + suffix
        return root + path + (f"#{frag}" if frag else "")

    def fix_xref(m: re.Match) -> str:
        name = m.group(1)
        target = resolve(name)
        return f"`{name}`" if target is None else f"[`{name}`]({link(target)})"

    def fix_link(m: re.Match) -> str:
        label, href = m.group(1), m.group(2)
        if _is_external(href):
            return m.group(0)
        parts = urlsplit(href)
        if not parts.path:
            return m.group(0) if parts.fragment else label
        target = resolve(_md_target_name(parts.path))
        return label if target is None else f"[{label}]({link(target)})"

    def fix(m: re.Match) -> str:
        if m.group(1) is not None:
            return fix_xref(m)
        link_m = _MD_LINK.match(m.group(0))
        assert link_m is not None   # the combined pattern matched a link
        return fix_link(link_m)

    def fix_prose(s: str) -> str:
        return _PROSE.sub(fix, s)

    out = []
    fence: str | None = None
    for line in text.split("\n"):
        m = _FENCE.match(line)
        if fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            out.append(line)
            continue
        if m:
            fence = m.group(1)
            out.append(line)
            continue
        # keep code spans untouched
        pieces, pos = [], 0
        for cm in _CODE_SPAN.finditer(line):
            pieces.append(fix_prose(line[pos:cm.start()]))
            pieces.append(cm.group(0))
            pos = cm.end()
        pieces.append(fix_prose(line[pos:]))
        out.append("".join(pieces))
    return "\n".join(out)

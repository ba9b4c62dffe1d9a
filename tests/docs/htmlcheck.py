"""A small HTML reader for the tests (standard library only): ids, links and
the encoding diagrams of a generated page."""
from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path


@dataclass
class Page:
    path: Path
    ids: set[str] = field(default_factory=set)
    links: list[tuple[str, str]] = field(default_factory=list)  # (attribute, value)
    charset: str | None = None
    # diagram cells: opcode -> list of (field name or "", lo, hi)
    cells: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    entries: list[str] = field(default_factory=list)  # data-id of index entries and variants
    text: str = ""


class _Reader(HTMLParser):
    def __init__(self, page: Page):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.diagram: str | None = None
        self.depth = 0
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            assert a["id"] not in self.page.ids, f"{self.page.path}: duplicate id {a['id']!r}"
            self.page.ids.add(a["id"])
        if "name" in a and tag == "a":
            self.page.ids.add(a["name"])
        for attr in ("href", "src"):
            if attr in a and a[attr] is not None:
                self.page.links.append((attr, a[attr]))
        if tag == "meta" and a.get("charset"):
            self.page.charset = a["charset"].lower()
        classes = (a.get("class") or "").split()
        if tag == "figure" and "encoding" in classes:
            self.diagram = a["data-opcode"]
            self.page.cells.setdefault(self.diagram, [])
        if self.diagram and "cell" in classes:
            self.page.cells[self.diagram].append((a.get("data-field", ""), int(a["data-lo"]), int(a["data-hi"])))
        if ("entry" in classes or "variant" in classes) and "data-id" in a:
            self.page.entries.append(a["data-id"])

    def handle_endtag(self, tag):
        if tag == "figure":
            self.diagram = None

    def handle_data(self, data):
        self.texts.append(data)


def read_page(path: Path) -> Page:
    page = Page(path)
    r = _Reader(page)
    r.feed(path.read_text(encoding="utf-8"))
    r.close()
    page.text = "".join(r.texts)
    return page


def html_pages(root: Path) -> list[Path]:
    return sorted(root.rglob("*.html"))

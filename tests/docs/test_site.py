"""Structure of the generated HTML manual, for the seeds' files and the shipped ISA."""
from __future__ import annotations

import json
import re
from urllib.parse import unquote, urlsplit

import pytest

from gpuisa.docs.model import Manual, example_blocks

from .htmlcheck import html_pages, read_page


@pytest.fixture(scope="module")
def pages(site):
    return {p.relative_to(site).as_posix(): read_page(p) for p in html_pages(site)}


def test_one_page_per_optype(db, site, pages):
    optypes = {op.optype for op in db.opcodes.values()} | set(db.optypes)
    have = {p[len("optypes/"):-len(".html")] for p in pages if p.startswith("optypes/")}
    assert have == optypes
    assert "index.html" in pages and "types.html" in pages


def test_every_opcode_has_a_section_with_its_diagram(db, pages):
    for op in db.opcodes.values():
        page = pages[f"optypes/{op.optype}.html"]
        assert op.name in page.ids, f"{op.name}: no section"
        assert op.name in page.cells, f"{op.name}: no encoding diagram"


def test_every_field_of_every_encoding_is_in_its_diagram(db, pages):
    for op in db.opcodes.values():
        cells = pages[f"optypes/{op.optype}.html"].cells[op.name]
        # the cells tile the 128-bit word exactly
        bits = sorted(b for _, lo, hi in cells for b in range(lo, hi + 1))
        assert bits == list(range(128)), op.name
        for f in op.fields:
            got = sorted((lo, hi) for name, lo, hi in cells if name == f.name)
            covered = [b for lo, hi in got for b in range(lo, hi + 1)]
            assert covered == list(range(f.pos, f.hi + 1)), f"{op.name}.{f.name}"
        named = {name for name, _, _ in cells if name}
        assert named == {f.name for f in op.fields}, op.name
        free = [b for name, lo, hi in cells if not name for b in range(lo, hi + 1)]
        assert sum(1 << b for b in free) == op.free_mask, f"{op.name}: free bits"


def test_fixed_values_shown_by_name(db, pages):
    op = next(iter(db.opcodes.values()))
    html = pages[f"optypes/{op.optype}.html"].path.read_text(encoding="utf-8")
    t = db.types[op.field_map["optype"].type]
    assert f"={t.by_value[op.field_map['optype'].fixed]}" in html


def test_search_index_is_complete(db, site, pages):
    data = json.loads((site / "search-index.json").read_text(encoding="utf-8"))
    ids = {e["id"] for e in data}
    assert {f"opcode:{n}" for n in db.opcodes} <= ids
    assert {f"type:{n}" for n in db.types} <= ids
    assert {f"optype:{op.optype}" for op in db.opcodes.values()} <= ids
    for e in data:
        assert e["keys"] == e["keys"].lower() and e["name"].lower() in e["keys"]
        path, _, frag = e["url"].partition("#")
        assert path in pages, e
        assert not frag or frag in pages[path].ids, e
    js = (site / "search-index.js").read_text(encoding="utf-8")
    assert js.startswith("window.GPUISA_INDEX = ") and json.loads(js[len("window.GPUISA_INDEX = "):].rstrip(";\n")) == data
    # the index page has an element for every entry of the search index
    assert set(pages["index.html"].entries) == ids


def test_fulltext_index_in_the_site(db, site, pages):
    """search-fulltext.json: one document per optype page, group page and type; every hit's URL
    (page and section anchor) exists; the .js file carries the same data (file:// pages)."""
    data = json.loads((site / "search-fulltext.json").read_text(encoding="utf-8"))
    assert data["format"] == "gpuisa-fulltext" and data["version"] == 1
    urls = {d["url"] for d in data["docs"]}
    assert {f"optypes/{op.optype}.html" for op in db.opcodes.values()} <= urls
    for d in data["docs"]:
        path, _, frag = d["url"].partition("#")
        assert path in pages and (not frag or frag in pages[path].ids), d["url"]
        for anchor, _ in d["sentences"]:
            assert anchor in pages[path].ids, (d["url"], anchor)
    for term, post in data["terms"].items():
        assert term == term.lower() and all(0 <= i < len(data["docs"]) and s > 0 for i, s in post), term
    js = (site / "search-fulltext.js").read_text(encoding="utf-8")
    prefix = "window.GPUISA_FULLTEXT = "
    assert js.startswith(prefix) and json.loads(js[len(prefix):].rstrip(";\n")) == data
    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'src="search-fulltext.js"' in html and "http" not in html.split("<script")[1][:200]  # offline


def test_no_broken_internal_links(site, pages):
    broken = []
    for rel, page in pages.items():
        for _attr, href in page.links:
            parts = urlsplit(href)
            if parts.scheme or href.startswith("//"):
                assert parts.scheme in ("http", "https", "mailto", "data"), (rel, href)
                continue
            target = (page.path.parent / unquote(parts.path)).resolve() if parts.path else page.path
            if not target.is_file() or site.resolve() not in target.parents:
                broken.append((rel, href))
                continue
            if parts.fragment:
                tp = pages.get(target.relative_to(site.resolve()).as_posix())
                if tp is None or unquote(parts.fragment) not in tp.ids:
                    broken.append((rel, href))
    assert not broken, broken[:20]


def test_utf8_everywhere(site, pages):
    for rel, page in pages.items():
        assert page.charset == "utf-8", rel


def test_group_pages(db, pages):
    manual = Manual(db)
    for g in manual.groups:
        assert f"groups/{g.name}.html" in pages
        for key, text in g.texts.items():
            if text.strip():
                assert f"sec-{key}" in pages[f"groups/{g.name}.html"].ids


def test_types_page_lists_every_type_and_value(db, pages):
    page = pages["types.html"]
    for t in db.types.values():
        assert f"type-{t.name}" in page.ids
    html = page.path.read_text(encoding="utf-8")
    for t in db.types.values():
        for name, _ in t.values[:3]:
            assert f"<code>{name}</code>" in html


def test_examples_with_words(db, site):
    manual = Manual(db)
    n_words = n_lines = 0
    for page in manual.optypes.values():
        html = (site / page.path).read_text(encoding="utf-8")
        for ex in manual.optype_examples(page):
            for ln in ex.lines:
                if not ln.is_code:
                    continue
                n_lines += 1
                assert bool(ln.words) != bool(ln.error), ln
                for w in ln.words_hex:
                    n_words += 1
                    assert w in html
                if ln.error:
                    from markupsafe import escape
                    assert str(escape(ln.error)) in html
    if n_lines:
        assert n_words > 0, "no example assembled at all"


def test_shipped_manual_has_no_red_example(shipped_db, tmp_path_factory):
    """Issue 10: six pages of the shipped manual (BSSY, SHFL, EXIT, S2R, S2UR, CS2R) showed an
    example flagged "does not assemble"; a snippet's undefined label is marked, not flagged."""
    manual = Manual(shipped_db)
    bad = [(page.name, ln.text.strip(), ln.error) for page in manual.optypes.values()
           for ex in manual.optype_examples(page) for ln in ex.lines
           if ln.is_code and ln.error and not ln.label_only]
    assert not bad, bad


# -- the seeds: Chinese text, [[X]] cross references, links to absent .md files

def test_seed_site_chinese_and_cross_references(seeds_db, tmp_path):
    from gpuisa.docs import build_html
    build_html(seeds_db, tmp_path)
    bru = (tmp_path / "groups" / "BRU.html").read_text(encoding="utf-8")
    assert "基础变量" in bru  # Chinese renders as text, not escapes
    assert 'href="../optypes/BSYNC.html"' in bru  # [[BSYNC]]
    assert "[[" not in bru
    bra = (tmp_path / "optypes" / "BRA.html").read_text(encoding="utf-8")
    assert 'href="../types.html#type-BRACond"' in bra  # [[BRACond]]
    s2r = (tmp_path / "optypes" / "S2R.html").read_text(encoding="utf-8")
    assert "特殊寄存器操作数" in s2r
    assert ".md" not in " ".join(h for _, h in read_page(tmp_path / "optypes" / "S2R.html").links)
    assert 'class="link-unresolved"' in s2r
    # seed Markdown written for GitHub renders as tables and lists
    shfl = (tmp_path / "optypes" / "SHFL.html").read_text(encoding="utf-8")
    assert "<table>" in shfl and "<li>" in shfl
    assert re.search(r'<div class="codehilite">', shfl)


def test_markdown_code_blocks_are_highlighted(site):
    html = "".join(p.read_text(encoding="utf-8") for p in (site / "optypes").glob("*.html"))
    assert '<span class="k">' in html  # a mnemonic token of the gpuisa lexer
    assert '<span class="err">' not in html  # the lexer never reports errors


def test_example_blocks_parse():
    assert example_blocks("```asm\nA ;\nB ;\n```\ntext\n```\nC ;\n```") == ["A ;\nB ;", "C ;"]
    assert example_blocks("S2R R1, SR_LANEID ;") == ["S2R R1, SR_LANEID ;"]
    assert example_blocks("") == []

"""Description texts to HTML: cross references and unresolved links."""
from __future__ import annotations

from gpuisa.docs.mdtext import HtmlRenderer

RESOLVE = {"BSYNC": "optypes/BSYNC.html", "BSYNC_X": "optypes/BSYNC.html#BSYNC_X",
           "BRACond": "types.html#type-BRACond"}.get


def render(text: str, root: str = "../") -> str:
    return HtmlRenderer(RESOLVE).render(text, root)


def test_xref_to_optype_opcode_and_type():
    html = render("参考：[[BSYNC]], [[BSYNC_X]] and [[BRACond]].")
    assert '<a class="xref" href="../optypes/BSYNC.html"><code>BSYNC</code></a>' in html
    assert 'href="../optypes/BSYNC.html#BSYNC_X"' in html
    assert 'href="../types.html#type-BRACond"' in html
    assert "参考" in html


def test_unknown_xref_is_plain_text():
    html = render("see [[NOPE]]")
    assert "<a" not in html and 'class="xref-missing"' in html and "NOPE" in html


def test_xref_inside_code_is_left_alone():
    html = render("`[[BSYNC]]`")
    assert "<a" not in html and "[[BSYNC]]" in html


def test_links_the_site_lacks_become_text():
    html = render("请参考[特殊寄存器操作数](操作数汇编显示规则.md#特殊寄存器操作数)。")
    assert "<a" not in html
    assert '<span class="link-unresolved"' in html and "特殊寄存器操作数</span>" in html


def test_md_link_to_known_page_is_redirected_and_external_kept():
    html = render("[b](BSYNC.md) [w](https://example.org/x)")
    assert 'href="../optypes/BSYNC.html"' in html and 'href="https://example.org/x"' in html


def test_same_page_anchor_kept_only_if_present():
    html = render("## 基础变量\n\n[up](#基础变量) [gone](#missing)")
    assert 'href="#基础变量"' in html and 'href="#missing"' not in html


def test_tables_lists_and_highlighted_asm():
    html = render("合法组合：\n| A | B |\n|:--|:--|\n| 1 | 2 |\n注意：\n- x\n- y\n```asm\n@!P0 BRA 0x10 ;\n```")
    assert "<table>" in html and "<li>x</li>" in html
    assert '<div class="codehilite">' in html and '<span class="k">BRA</span>' in html

"""The ``--format markdown`` tree."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

from gpuisa.docs.mdtext import gfm_compat, rewrite_markdown

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^()\s]+)\)")
_ANCHOR = re.compile(r'<a id="([^"]+)"></a>')


def _strip_code(text: str) -> str:
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"(`+)(?!`).*?(?<!`)\1(?!`)", "", text)


def test_one_file_per_optype_and_index(db, md_site):
    files = {p.relative_to(md_site).as_posix() for p in md_site.rglob("*.md")}
    optypes = {op.optype for op in db.opcodes.values()}
    assert {f"optypes/{o}.md" for o in optypes} <= files
    assert "index.md" in files and "types.md" in files
    index = (md_site / "index.md").read_text(encoding="utf-8")
    for o in optypes:
        assert f"(optypes/{o}.md)" in index


def test_every_opcode_and_field(db, md_site):
    for op in db.opcodes.values():
        text = (md_site / "optypes" / f"{op.optype}.md").read_text(encoding="utf-8")
        assert f'<a id="{op.name}"></a>' in text
        for f in op.fields:
            assert f"`{f.name}`" in text


def test_markdown_links_resolve(md_site):
    anchors = {p: set(_ANCHOR.findall(p.read_text(encoding="utf-8"))) for p in md_site.rglob("*.md")}
    broken = []
    for page in md_site.rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert "[[" not in _strip_code(text), page
        for href in _LINK.findall(_strip_code(text)):
            if re.match(r"[a-z]+:", href):
                continue
            path, _, frag = href.partition("#")
            target = (page.parent / unquote(path)).resolve() if path else page
            if not target.is_file():
                broken.append((page.name, href))
            elif frag and frag not in anchors.get(target, set()) and frag not in anchors.get(Path(target), set()):
                broken.append((page.name, href))
    assert not broken, broken[:20]


def test_seed_markdown_keeps_chinese_and_resolves_xrefs(seeds_db, tmp_path):
    from gpuisa.docs import build_markdown
    build_markdown(seeds_db, tmp_path)
    bru = (tmp_path / "groups" / "BRU.md").read_text(encoding="utf-8")
    assert "基础变量" in bru and "[`BSYNC`](../optypes/BSYNC.md)" in bru
    s2r = (tmp_path / "optypes" / "S2R.md").read_text(encoding="utf-8")
    assert "操作数汇编显示规则.md" not in s2r and "特殊寄存器操作数" in s2r


def test_rewrite_markdown():
    resolve = {"BSYNC": "optypes/BSYNC.html", "BRACond": "types.html#type-BRACond"}.get
    src = ("see [[BSYNC]] and [[BRACond]], [[NOPE]], [x](other.md#a), [y](https://e.org/), `[[BSYNC]]`\n"
           "```\n[[BSYNC]]\n```")
    out = rewrite_markdown(src, resolve, root="../")
    assert out.split("\n")[0] == ("see [`BSYNC`](../optypes/BSYNC.md) and [`BRACond`](../types.md#type-BRACond), "
                                  "`NOPE`, x, [y](https://e.org/), `[[BSYNC]]`")
    assert out.split("\n")[2] == "[[BSYNC]]"


def test_gfm_compat_blank_lines():
    src = "text:\n| a | b |\n|---|---|\n| 1 | 2 |\nlist:\n- x\n    - y\n- z\n```asm\nA ;\n\nB ;\n```\nafter"
    out = gfm_compat(src)
    assert "text:\n\n| a | b |\n|---|---|\n| 1 | 2 |" in out
    assert "list:\n\n- x\n    - y\n- z" in out
    assert "\n\n```gpuisa\nA ;\n\nB ;\n```\n\nafter" in out

"""The manual's full-text index (gpuisa.docs.fulltext), queried with its Python reference
(the browser test checks that search.js ranks the same)."""
from __future__ import annotations

import pytest

from gpuisa.docs.fulltext import build_index, query, tokens
from gpuisa.docs.model import Manual


@pytest.fixture(scope="module")
def index(shipped_db):
    return build_index(Manual(shipped_db))


def _titles(index, q, n=5):
    return [h.title for h in query(index, q, n)]


@pytest.mark.parametrize("q, first", [("butterfly", "SHFL"), ("BFLY", "SHFL"), ("ballot", "VOTE"),
                                      ("reconvergence", "BSSY"), ("reconv", "BSSY"), ("shfl", "SHFL"),
                                      ("SR_CLOCKLO", "CS2R")])
def test_queries_rank_the_right_page_first(index, q, first):
    assert _titles(index, q)[0] == first


def test_what_is_indexed(index, shipped_db):
    """Names, modifier values, operand names and types, prose and pseudo code all are terms."""
    terms = index["terms"]
    shfl = next(i for i, d in enumerate(index["docs"]) if d["title"] == "SHFL")
    def docs_of(t):
        return {i for i, _ in terms.get(t, [])}
    assert shfl in docs_of("bfly")            # modifier value
    assert shfl in docs_of("butterfly")       # description
    assert shfl in docs_of("bval")            # pseudo code (__Semantics)
    assert shfl in docs_of("shfl_ri") and shfl in docs_of("ri")
    vote = next(i for i, d in enumerate(index["docs"]) if d["title"] == "VOTE")
    assert vote in docs_of("voteop")
    assert {d["kind"] for d in index["docs"]} >= {"optype", "type"}


def test_every_word_must_match_and_snippets_show_them(index):
    assert query(index, "butterfly ballot") == []
    hits = query(index, "ballot lane")
    assert hits and all(h.title in ("VOTE", "VOTEU", "MATCH") or "ballot" in h.snippet.lower() for h in hits[:2])
    assert "ballot" in query(index, "ballot")[0].snippet.lower()
    assert query(index, "") == [] and query(index, "  ;;  ") == []


def test_tokens():
    assert tokens("SHFL_RI .BFLY lane^bval") == ["shfl_ri", "shfl", "ri", "bfly", "lane", "bval"]
    assert tokens("同步点") == ["同", "步", "点"]

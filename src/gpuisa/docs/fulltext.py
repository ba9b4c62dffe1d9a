"""Full-text search of the manual: an inverted index built here, queried by
``static/search.js`` in the browser (offline: the index ships with the site as
``search-fulltext.js``/``.json``; no server, no CDN).

Documents are the manual's pages: every instruction (optype) page -- its
names, modifiers and their values, operands and their types, and every text
(description, semantics/pseudo code, operand and modifier notes, examples),
also the variants' own texts -- the group pages and the bit-field types.
Each field has a weight (a name counts more than a word of prose); a term's
score in a document is BM25 over the weighted term frequency, precomputed.

A query is tokenised like the documents; every query term must match (AND).
A term matches an index term exactly, or as a prefix (``reconv`` finds
``reconvergence``; 3 characters at least) at a lower weight.  Documents are
ranked by the sum of their best score per query term.  :func:`query` is the
reference implementation of what ``search.js`` does (the tests use both).

Tokens: runs of ASCII letters, digits and ``_`` in lower case (``SHFL_RI`` also
gives ``shfl`` and ``ri``), and every CJK character on its own (the seeds'
Chinese texts).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

FORMAT = "gpuisa-fulltext"
VERSION = 1
#: field weights: a name or a modifier value says more than a word of prose
WEIGHTS = {"name": 10.0, "modifier": 4.0, "operand": 2.0, "text": 1.0, "code": 1.0}
#: pages of instructions first: a type's page is short, which BM25 would otherwise favour
KIND_BOOST = {"optype": 1.0, "group": 0.8, "type": 0.5}
K1, B = 1.2, 0.75
PREFIX_WEIGHT = 0.6
MIN_PREFIX = 3
SNIPPET_CHARS = 240

_RE_TOKEN = re.compile(r"[a-z0-9_]+|[\u3400-\u9fff\uf900-\ufaff]")
_RE_SENTENCE = re.compile(r"(?<=[.!?;:])\s+|(?<=[。！？；])|\n\s*\n|\n(?=\s*[-*|#])")
_RE_MARKUP = re.compile(r"```[^\n]*|[`*#>]|\[\[|\]\]|\|")
_RE_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def tokens(text: str) -> list[str]:
    """The index terms of *text*, in order (with repeats)."""
    out: list[str] = []
    for t in _RE_TOKEN.findall(text.lower()):
        out.append(t)
        if "_" in t:
            out.extend(p for p in t.split("_") if p)
    return out


def plain(text: str) -> str:
    """Markdown to one line of plain text (for snippets)."""
    text = _RE_LINK.sub(r"\1", text)
    text = _RE_MARKUP.sub(" ", text)
    return " ".join(text.split())


@dataclass
class Doc:
    title: str
    kind: str                 # optype, group, type
    url: str
    summary: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)     # (weight class, text)
    sentences: list[tuple[str, str]] = field(default_factory=list)  # (anchor, plain sentence) for snippets

    def add(self, kind: str, text: str) -> None:
        if text and text.strip():
            self.fields.append((kind, text))

    def add_prose(self, anchor: str, text: str, kind: str = "text") -> None:
        """A section's text: indexed, and split into sentences for snippets."""
        self.add(kind, text)
        for s in _RE_SENTENCE.split(text):
            p = plain(s)
            if p and tokens(p):
                self.sentences.append((anchor, p if len(p) <= SNIPPET_CHARS else p[:SNIPPET_CHARS - 1] + "…"))


def documents(manual) -> list[Doc]:
    """The searchable documents of a :class:`~gpuisa.docs.model.Manual`."""
    from .model import TYPES_PATH, group_path, summary, type_anchor
    docs: list[Doc] = []
    for page in manual.optypes.values():
        d = Doc(page.name, "optype", page.path, summary(page.texts.get("Description", "")))
        d.add("name", " ".join([page.name] + [op.name for op in page.opcodes]
                               + sorted({op.mnemonic for op in page.opcodes})))
        seen_mods: set = set()
        for op in page.opcodes:
            for m in op.modifiers:
                if (m.name, tuple(m.values)) not in seen_mods:
                    seen_mods.add((m.name, tuple(m.values)))
                    d.add("modifier", " ".join([m.name, *m.values]))
            d.add("operand", " ".join(f"{o.name} {o.type}" for o in op.operands))
        for key, text in page.texts.items():
            kind = "code" if key in ("Semantics", "Syntax", "Examples") else "text"
            d.add_prose(f"sec-{key}" if key not in ("Syntax", "Examples") else f"sec-{key.lower()}", text, kind)
        for op in page.opcodes:
            for text in manual.own_texts(page, op).values():
                d.add_prose(op.name, text)
        docs.append(d)
    for g in manual.groups:
        d = Doc(g.name, "group", group_path(g.name), summary(g.texts.get("Description", "")))
        d.add("name", g.name)
        for key, text in g.texts.items():
            d.add_prose(f"sec-{key}", text)
        docs.append(d)
    for t in manual.db.types.values():
        d = Doc(t.name, "type", f"{TYPES_PATH}#{type_anchor(t.name)}", f"{t.kind}, {t.width} bits")
        d.add("name", t.name)
        if t.values:
            d.add("operand", " ".join(n for n, _ in t.values))
        docs.append(d)
    return docs


def build_index(manual) -> dict:
    """The index shipped with the site: ``{"format", "version", "docs": [{title, kind, url,
    summary, sentences: [[anchor, text]]}], "terms": {term: [[doc, score], ...]}}`` with the
    postings of a term sorted by decreasing score."""
    docs = documents(manual)
    tf: list[dict[str, float]] = []
    lengths: list[float] = []
    for d in docs:
        counts: dict[str, float] = {}
        n = 0.0
        for kind, text in d.fields:
            w = WEIGHTS[kind]
            for t in tokens(text):
                counts[t] = counts.get(t, 0.0) + w
                n += w
        tf.append(counts)
        lengths.append(n)
    avg = (sum(lengths) / len(lengths)) if lengths else 1.0
    df: dict[str, int] = {}
    for counts in tf:
        for t in counts:
            df[t] = df.get(t, 0) + 1
    N = len(docs)
    terms: dict[str, list[list]] = {}
    for i, counts in enumerate(tf):
        norm = K1 * (1 - B + B * lengths[i] / avg) if avg else K1
        boost = KIND_BOOST.get(docs[i].kind, 1.0)
        for t, f in counts.items():
            idf = math.log(1 + (N - df[t] + 0.5) / (df[t] + 0.5))
            terms.setdefault(t, []).append([i, round(boost * idf * f * (K1 + 1) / (f + norm), 4)])
    for post in terms.values():
        post.sort(key=lambda p: (-p[1], p[0]))
    return {"format": FORMAT, "version": VERSION,
            "docs": [{"title": d.title, "kind": d.kind, "url": d.url, "summary": d.summary,
                      "sentences": [list(s) for s in d.sentences]} for d in docs],
            "terms": dict(sorted(terms.items()))}


@dataclass
class Hit:
    doc: int
    title: str
    url: str
    score: float
    snippet: str


def query(index: dict, text: str, limit: int = 20) -> list[Hit]:
    """Ranked hits for *text* (the reference of ``search.js``'s ``fullText``)."""
    qterms = list(dict.fromkeys(tokens(text)))
    if not qterms:
        return []
    total: dict[int, float] | None = None
    for q in qterms:
        best: dict[int, float] = {}
        for term, post in index["terms"].items():
            if term == q:
                w = 1.0
            elif len(q) >= MIN_PREFIX and term.startswith(q):
                w = PREFIX_WEIGHT
            else:
                continue
            for doc, score in post:
                s = score * w
                if s > best.get(doc, 0.0):
                    best[doc] = s
        if total is None:
            total = best
        else:
            total = {d: total[d] + s for d, s in best.items() if d in total}
        if not total:
            return []
    assert total is not None   # qterms is not empty
    ranked = sorted(total.items(), key=lambda kv: (-kv[1], index["docs"][kv[0]]["title"]))[:limit]
    hits = []
    for doc, score in ranked:
        d = index["docs"][doc]
        anchor, snip = snippet(d, qterms)
        url = d["url"] if not anchor or "#" in d["url"] else f"{d['url']}#{anchor}"
        hits.append(Hit(doc, d["title"], url, score, snip))
    return hits


def snippet(doc: dict, qterms: list[str]) -> tuple[str, str]:
    """The first sentence of *doc* holding the most query terms (as words or word prefixes)."""
    best = ("", doc.get("summary", ""))
    best_n = 0
    for anchor, s in doc["sentences"]:
        toks = tokens(s)
        n = sum(1 for q in qterms if any(t == q or (len(q) >= MIN_PREFIX and t.startswith(q)) for t in toks))
        if n > best_n:
            best, best_n = (anchor, s), n
            if n == len(qterms):
                break
    return best

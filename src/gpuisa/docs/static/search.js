/* Client-side search of the manual (offline: no server, no dependencies).
 *
 * 1. Name filter. Data: window.GPUISA_INDEX from search-index.js, entries
 *    {id, kind, name, keys, url, ...}. Every whitespace-separated term of the
 *    query must occur in an entry's keys (names, lower case). An optype entry
 *    stays visible when it matches or one of its variants does; then only the
 *    matching variants are shown.
 * 2. Full text, ranked. Data: window.GPUISA_FULLTEXT from search-fulltext.js
 *    (built by gpuisa/docs/fulltext.py, whose query() is the reference of
 *    fullText() below): every query word must match an index term exactly or,
 *    from 3 characters, as a prefix (weight 0.6); pages are ranked by the sum
 *    of their best precomputed BM25 score per word, shown with a snippet. */
(function () {
  "use strict";
  var input = document.getElementById("search");
  if (!input) { return; }
  var status = document.getElementById("search-status");
  var none = document.getElementById("no-results");
  var keys = {};
  (window.GPUISA_INDEX || []).forEach(function (e) { keys[e.id] = e.keys; });
  var entries = Array.prototype.slice.call(document.querySelectorAll(".entry"));
  var FT = window.GPUISA_FULLTEXT || null;
  var ftBox = document.getElementById("fulltext");
  var ftList = document.getElementById("fulltext-results");
  var ftQuery = document.getElementById("fulltext-query");
  var FT_LIMIT = 20, PREFIX_WEIGHT = 0.6, MIN_PREFIX = 3;
  var termList = FT ? Object.keys(FT.terms) : [];

  // the tokens of gpuisa/docs/fulltext.py: [a-z0-9_]+ (and the parts of a name with _), CJK characters
  function tokens(text) {
    var out = [];
    var m, re = /[a-z0-9_]+|[\u3400-\u9fff\uf900-\ufaff]/g;
    var low = text.toLowerCase();
    while ((m = re.exec(low)) !== null) {
      out.push(m[0]);
      if (m[0].indexOf("_") >= 0) {
        m[0].split("_").forEach(function (p) { if (p) { out.push(p); } });
      }
    }
    return out;
  }

  function uniq(list) {
    var seen = {}, out = [];
    list.forEach(function (x) { if (!seen[x]) { seen[x] = true; out.push(x); } });
    return out;
  }

  function fullText(query) {
    var qterms = uniq(tokens(query));
    if (!FT || !qterms.length) { return []; }
    var total = null;
    for (var i = 0; i < qterms.length; i++) {
      var q = qterms[i], best = {};
      for (var k = 0; k < termList.length; k++) {
        var term = termList[k], w;
        if (term === q) { w = 1.0; }
        else if (q.length >= MIN_PREFIX && term.lastIndexOf(q, 0) === 0) { w = PREFIX_WEIGHT; }
        else { continue; }
        var post = FT.terms[term];
        for (var j = 0; j < post.length; j++) {
          var s = post[j][1] * w;
          if (!(best[post[j][0]] >= s)) { best[post[j][0]] = s; }
        }
      }
      if (total === null) { total = best; }
      else {
        var next = {};
        for (var d in best) { if (total[d] !== undefined) { next[d] = total[d] + best[d]; } }
        total = next;
      }
      if (Object.keys(total).length === 0) { return []; }
    }
    var ranked = Object.keys(total).map(function (d) { return [Number(d), total[d]]; });
    ranked.sort(function (a, b) {
      if (b[1] !== a[1]) { return b[1] - a[1]; }
      var ta = FT.docs[a[0]].title, tb = FT.docs[b[0]].title;
      return ta < tb ? -1 : (ta > tb ? 1 : 0);
    });
    return ranked.slice(0, FT_LIMIT).map(function (r) {
      var doc = FT.docs[r[0]];
      var snip = snippet(doc, qterms);
      var url = (!snip[0] || doc.url.indexOf("#") >= 0) ? doc.url : doc.url + "#" + snip[0];
      return {doc: r[0], title: doc.title, kind: doc.kind, url: url, score: r[1], snippet: snip[1]};
    });
  }

  function matchesWord(q, t) { return t === q || (q.length >= MIN_PREFIX && t.lastIndexOf(q, 0) === 0); }

  function snippet(doc, qterms) {
    var best = ["", doc.summary || ""], bestN = 0;
    for (var i = 0; i < doc.sentences.length; i++) {
      var toks = tokens(doc.sentences[i][1]), n = 0;
      qterms.forEach(function (q) {
        if (toks.some(function (t) { return matchesWord(q, t); })) { n++; }
      });
      if (n > bestN) {
        best = doc.sentences[i]; bestN = n;
        if (n === qterms.length) { break; }
      }
    }
    return best;
  }

  // text with the query's words marked, built from text nodes (never innerHTML)
  function marked(el, text, qterms) {
    var re = /[A-Za-z0-9_]+|[\u3400-\u9fff\uf900-\ufaff]/g, last = 0, m;
    while ((m = re.exec(text)) !== null) {
      var w = m[0].toLowerCase();
      if (qterms.some(function (q) { return matchesWord(q, w); })) {
        el.appendChild(document.createTextNode(text.slice(last, m.index)));
        var mk = document.createElement("mark");
        mk.textContent = m[0];
        el.appendChild(mk);
        last = m.index + m[0].length;
      }
    }
    el.appendChild(document.createTextNode(text.slice(last)));
  }

  function showFullText(query) {
    if (!ftBox || !ftList) { return 0; }
    while (ftList.firstChild) { ftList.removeChild(ftList.firstChild); }
    var hits = query ? fullText(query) : [];
    var qterms = uniq(tokens(query));
    hits.forEach(function (h) {
      var li = document.createElement("li");
      li.className = "hit";
      li.dataset.doc = FT.docs[h.doc].url;
      var a = document.createElement("a");
      a.className = "hit-title";
      a.href = h.url;
      a.textContent = h.title;
      li.appendChild(a);
      var kind = document.createElement("span");
      kind.className = "hit-kind";
      kind.textContent = h.kind;
      li.appendChild(kind);
      var sn = document.createElement("span");
      sn.className = "hit-snippet";
      marked(sn, h.snippet, qterms);
      li.appendChild(sn);
      ftList.appendChild(li);
    });
    if (ftQuery) { ftQuery.textContent = "“" + query + "”"; }
    ftBox.hidden = hits.length === 0;
    return hits.length;
  }
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.unit"));

  function matches(id, terms) {
    var k = keys[id];
    if (k === undefined) { return false; }
    for (var i = 0; i < terms.length; i++) {
      if (k.indexOf(terms[i]) < 0) { return false; }
    }
    return true;
  }

  function apply() {
    var q = input.value.trim().toLowerCase();
    var terms = q ? q.split(/\s+/) : [];
    var shown = 0;
    entries.forEach(function (el) {
      var variants = Array.prototype.slice.call(el.querySelectorAll(".variant"));
      var self = terms.length === 0 || matches(el.dataset.id, terms);
      var any = false;
      variants.forEach(function (v) {
        var ok = self || matches(v.dataset.id, terms);
        v.hidden = !ok;
        any = any || ok;
      });
      var visible = self || any;
      el.hidden = !visible;
      if (visible) { shown++; }
    });
    sections.forEach(function (s) {
      s.hidden = s.querySelector(".entry:not([hidden])") === null;
    });
    var nText = showFullText(q);
    if (status) {
      status.textContent = terms.length ? shown + " of " + entries.length + " entries by name, " +
        nText + " page" + (nText === 1 ? "" : "s") + " by text" : "";
    }
    if (none) { none.hidden = shown !== 0 || nText !== 0; }
  }

  input.addEventListener("input", apply);
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { input.value = ""; apply(); }
    if (ev.key === "Enter") {
      var link = document.querySelector(".entry:not([hidden]) .entry-name") ||
        document.querySelector("#fulltext-results .hit-title");
      if (link) { window.location.href = link.href; }
    }
  });
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); }
  apply();
}());

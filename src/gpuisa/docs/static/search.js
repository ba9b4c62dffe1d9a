/* Client-side filter of the instruction index (no server, no dependencies).
 * Data: window.GPUISA_INDEX from search-index.js, entries {id, kind, name, keys, url, ...}.
 * Every whitespace-separated term of the query must occur in an entry's keys
 * (names, lower case).  An optype entry stays visible when it matches or one
 * of its variants does; then only the matching variants are shown. */
(function () {
  "use strict";
  var input = document.getElementById("search");
  if (!input) { return; }
  var status = document.getElementById("search-status");
  var none = document.getElementById("no-results");
  var keys = {};
  (window.GPUISA_INDEX || []).forEach(function (e) { keys[e.id] = e.keys; });
  var entries = Array.prototype.slice.call(document.querySelectorAll(".entry"));
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
    if (status) { status.textContent = terms.length ? shown + " of " + entries.length + " entries" : ""; }
    if (none) { none.hidden = shown !== 0; }
  }

  input.addEventListener("input", apply);
  input.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") { input.value = ""; apply(); }
    if (ev.key === "Enter") {
      var link = document.querySelector(".entry:not([hidden]) .entry-name");
      if (link) { window.location.href = link.href; }
    }
  });
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); }
  apply();
}());

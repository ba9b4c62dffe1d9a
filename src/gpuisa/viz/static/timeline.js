/* gpuisa timeline: draws the run embedded in #gpuisa-timeline-data (docs/timeline.md).
   No network; text from the trace is only ever set with textContent / fillText. */
(function () {
  'use strict';
  var T0 = performance.now();
  var STATES = ['none', 'exited', 'active', 'waiting', 'yielded', 'asleep'];
  var STATE_TEXT = {none: 'no such lane', exited: 'exited', active: 'active', waiting: 'diverged (waiting, PC in RPC)',
                    yielded: 'yielded', asleep: 'asleep'};
  var COLORS = ['#ffffff', '#d5d9e0', '#2f8f4e', '#f2b33d', '#9a6fd6', '#4f86d9'];
  var RGB = COLORS.map(function (c) { return [1, 3, 5].map(function (i) { return parseInt(c.substr(i, 2), 16); }); });
  var CTORS = {u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f64: Float64Array};
  var $ = function (id) { return document.getElementById(id); };
  var D = JSON.parse($('gpuisa-timeline-data').textContent);
  var api = window.gpuisaTimeline = {ready: false, data: D, STATES: STATES, COLORS: COLORS};
  var status = $('status');

  function hex(v) { return '0x' + (v >>> 0).toString(16).padStart(8, '0'); }
  function popcount(v) { v = v >>> 0; v -= (v >>> 1) & 0x55555555; v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24; }
  function bytesOf(b64) { var bin = atob(b64), n = bin.length, u = new Uint8Array(n);
    for (var i = 0; i < n; i++) u[i] = bin.charCodeAt(i); return u; }

  async function arrays() {
    var bytes = bytesOf(D.blob), buf;
    if (D.encoding === 'deflate') {
      if (typeof DecompressionStream === 'undefined') throw new Error('this browser has no DecompressionStream to inflate the data');
      buf = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer();
    } else { buf = bytes.buffer; }
    var A = {};
    Object.keys(D.arrays).forEach(function (name) {
      var d = D.arrays[name]; A[name] = new CTORS[d[0]](buf, d[1], d[2]);
    });
    return A;
  }

  // ---- model ------------------------------------------------------------------------------------------
  var N = D.nsteps, NW = D.warps.length, W, I, B, A, STEP, CLOCK;
  var NS = D.states.length, SPC = new Float64Array(NS), SV = new Uint32Array(NS), SA = new Uint32Array(NS),
      SY = new Uint32Array(NS), SS = new Uint32Array(NS), SW = new Uint32Array(NS), POP = new Uint8Array(NS);
  D.states.forEach(function (s, j) { SPC[j] = parseInt(s[0], 16); SV[j] = s[1]; SA[j] = s[2]; SY[j] = s[3];
    SS[j] = s[4]; SW[j] = s[5]; POP[j] = popcount(s[2]); });
  var IPC = D.insts.map(function (x) { return parseInt(x[0], 16); });
  var LANES = D.warps.map(function (x) { return x[2] >>> 0; });
  var start, order;           // per warp, its steps in issue order (CSR)

  function stateCode(st, lanes, lane) {
    var bit = (1 << lane) >>> 0;
    if (!(lanes & bit)) return 0;
    if (!(SV[st] & bit)) return 1;
    if (SA[st] & bit) return 2;
    if (SS[st] & bit) return 5;
    if (SY[st] & bit) return 4;
    return 3;
  }
  function ncols(w) { return start[w + 1] - start[w] + 1; }       // + the state after the last instruction
  function stepOf(w, c) { return c < start[w + 1] - start[w] ? order[start[w] + c] : -1; }
  function colState(w, c) { var n = start[w + 1] - start[w];
    return c < n ? B[order[start[w] + c]] : A[order[start[w] + n - 1]]; }
  function stepNumber(k) { return STEP ? STEP[k] : D.step0 + k; }
  function clockOf(k) { return CLOCK ? CLOCK[k] : stepNumber(k); }
  function masksText(st) {
    return 'pc ' + D.states[st][0] + '  valid ' + hex(SV[st]) + '  active ' + hex(SA[st]) + '  yield ' + hex(SY[st]) +
      '  sleep ' + hex(SS[st]) + '  switch ' + hex(SW[st]);
  }

  // ---- per-warp regions and marks (computed when a warp is shown) -------------------------------------
  var eventsAt = null, valuesAt = null, bwritesOf = null;
  function index() {
    eventsAt = new Map();
    (D.events || []).forEach(function (e) { if (!eventsAt.has(e[0])) eventsAt.set(e[0], []); eventsAt.get(e[0]).push(e); });
    if (D.fault) { var f = D.fault; if (!eventsAt.has(f.k)) eventsAt.set(f.k, []);
      eventsAt.get(f.k).push([f.k, 'fault ' + f.kind, f.message || '']); }
    bwritesOf = Array.from({length: NW}, function () { return []; });
    (D.bwrites || []).forEach(function (b) { bwritesOf[W[b[0]]].push(b); });
  }
  function values(k) {
    if (!D.values) return null;
    if (!valuesAt) { valuesAt = new Map();
      D.values.forEach(function (v) { if (!valuesAt.has(v[0])) valuesAt.set(v[0], []); valuesAt.get(v[0]).push(v); }); }
    return valuesAt.get(k) || [];
  }
  var regionCache = new Map();
  function regions(w) {
    if (regionCache.has(w)) return regionCache.get(w);
    var n = start[w + 1] - start[w], open = {}, spans = [], marks = [], bregs = new Set();
    for (var c = 0; c < n; c++) {
      var k = order[start[w] + c], inst = D.insts[I[k]], kind = inst[2], b = inst[3];
      if (kind === 'BSSY' && b >= 0) { bregs.add(b); if (!(b in open)) open[b] = c; }
      else if (kind === 'BSYNC' && b >= 0) {
        bregs.add(b);
        var passed = SPC[A[k]] === IPC[I[k]] + 16;
        if (passed && (b in open)) { spans.push({b: b, c0: open[b], c1: c, closed: true}); delete open[b]; }
        else marks.push({c: c, kind: passed ? 'BSYNC' : 'BSYNC-wait', b: b});
      } else if (kind === 'BREAK') { if (b >= 0) bregs.add(b); marks.push({c: c, kind: kind, b: b}); }
      else if (kind && kind !== 'BSSY' && kind !== 'BMOV') marks.push({c: c, kind: kind, b: -1});
      if (eventsAt.has(k)) marks.push({c: c, kind: '!', b: -1});
    }
    Object.keys(open).forEach(function (b) { spans.push({b: +b, c0: open[b], c1: n, closed: false}); });
    var r = {spans: spans, marks: marks, bregs: Array.from(bregs).sort(function (x, y) { return x - y; })};
    regionCache.set(w, r);
    return r;
  }

  // ---- overview --------------------------------------------------------------------------------------------
  var ov = {rowH: 1, nb: 1, mean: null};
  function drawOverview() {
    var canvas = $('overview');
    if (NW <= 1) { $('overview-section').hidden = true; return; }
    var width = Math.max(200, Math.min(canvas.parentElement.clientWidth || 1100, 4000));
    var nb = Math.max(1, Math.min(N, width));
    var rowH = NW <= 24 ? 14 : NW <= 96 ? 4 : NW <= 400 ? 2 : 1;
    var sum = new Float32Array(NW * nb), cnt = new Uint32Array(NW * nb), lastBin = new Int32Array(NW).fill(-1);
    for (var k = 0; k < N; k++) {
      var bin = Math.floor(k * nb / N), w = W[k], j = w * nb + bin;
      sum[j] += POP[B[k]]; cnt[j]++; lastBin[w] = bin;
    }
    var mean = new Float32Array(NW * nb);
    canvas.width = nb; canvas.height = NW * rowH; canvas.style.width = width + 'px'; canvas.style.height = NW * rowH + 'px';
    var ctx = canvas.getContext('2d'), img = ctx.createImageData(nb, NW * rowH), px = img.data;
    for (w = 0; w < NW; w++) {
      for (var b = 0; b < nb; b++) {
        j = w * nb + b; var r, g, bl;
        if (cnt[j]) { var t = sum[j] / cnt[j] / 32; mean[j] = sum[j] / cnt[j];
          r = 220 + (43 - 220) * t; g = 230 + (76 - 230) * t; bl = 243 + (126 - 243) * t; }
        else if (b > lastBin[w]) { r = 233; g = 235; bl = 239; mean[j] = -1; }
        else { r = 245; g = 247; bl = 250; mean[j] = 0; }
        for (var y = 0; y < rowH; y++) { var p = ((w * rowH + y) * nb + b) * 4;
          px[p] = r; px[p + 1] = g; px[p + 2] = bl; px[p + 3] = 255; }
      }
    }
    ctx.putImageData(img, 0, 0);
    ov = {rowH: rowH, nb: nb, mean: mean, width: width};
    canvas.dataset.bins = nb; canvas.dataset.rowHeight = rowH;
    function at(ev) { var r = canvas.getBoundingClientRect();
      return {w: Math.max(0, Math.min(NW - 1, Math.floor((ev.clientY - r.top) * NW / r.height))),
              bin: Math.min(nb - 1, Math.floor((ev.clientX - r.left) * nb / r.width))}; }
    canvas.addEventListener('mousemove', function (ev) { var p = at(ev), m = mean[p.w * nb + p.bin], wi = D.warps[p.w];
      canvas.title = 'cta ' + wi[0] + ' warp ' + wi[1] + ' · steps ' + stepNumber(Math.floor(p.bin * N / nb)) + '… · ' +
        (m > 0 ? m.toFixed(1) + ' active lanes' : m < 0 ? 'after its last instruction' : 'not issuing') + ' · click to open'; });
    canvas.addEventListener('click', function (ev) { var p = at(ev); showWarp(p.w, columnNear(p.w, Math.floor(p.bin * N / nb))); });
  }
  function columnNear(w, k) {        // the first column of warp w issued at or after global index k
    var lo = start[w], hi = start[w + 1];
    while (lo < hi) { var mid = (lo + hi) >> 1; if (order[mid] < k) lo = mid + 1; else hi = mid; }
    return Math.min(lo - start[w], ncols(w) - 1);
  }

  // ---- the warp grid (canvas, only the visible columns are drawn) ----------------------------------------
  var G = {w: 0, cw: 14, ch: 13, gx: 64, head: 124, bandH: 9, evH: 15, foot: 16, scale: 1, top: 0, gridY: 0};
  var MAXPX = 8000000;
  var scroller = $('scroller'), spacer = $('spacer'), grid = $('grid'), tip = $('tip');
  function layout() {
    var r = regions(G.w);
    G.head = G.cw >= 9 ? 144 : 8;
    G.bandY = G.head; G.evY = G.bandY + r.bregs.length * G.bandH; G.gridY = G.evY + G.evH;
    G.height = G.gridY + 32 * G.ch + G.foot;
    var total = G.gx + ncols(G.w) * G.cw + 8;
    G.scale = total > MAXPX ? total / MAXPX : 1;
    spacer.style.width = Math.ceil(total / G.scale) + 'px';
    spacer.style.height = G.height + 'px';
  }
  function xOf(c, sl) { return G.gx + c * G.cw - sl; }
  function draw() {
    var w = G.w, r = regions(w), n = ncols(w), vw = scroller.clientWidth, sl = scroller.scrollLeft * G.scale;
    grid.width = vw; grid.height = G.height;
    var ctx = grid.getContext('2d');
    ctx.fillStyle = '#ffffff'; ctx.fillRect(0, 0, vw, G.height);
    var c0 = Math.max(0, Math.floor(sl / G.cw) - 1), c1 = Math.min(n - 1, Math.ceil((sl + vw) / G.cw));
    var gap = G.cw >= 5 ? 1 : 0, lanes = LANES[w];
    for (var c = c0; c <= c1; c++) {
      var x = xOf(c, sl); if (x + G.cw < G.gx) continue;
      var st = colState(w, c);
      for (var lane = 0; lane < 32; lane++) {
        var s = stateCode(st, lanes, lane);
        ctx.fillStyle = COLORS[s];
        ctx.fillRect(x, G.gridY + lane * G.ch, G.cw - gap, G.ch - 1);
        if (s === 0 && G.cw >= 5) { ctx.fillStyle = '#e3e6eb'; ctx.fillRect(x, G.gridY + lane * G.ch + G.ch - 3, G.cw - gap, 1); }
      }
    }
    // BSSY..BSYNC regions, one band per B register
    r.spans.forEach(function (sp) {
      var row = r.bregs.indexOf(sp.b), xa = Math.max(G.gx, xOf(sp.c0, sl)), xb = Math.min(vw, xOf(sp.c1, sl) + G.cw);
      if (xb <= xa) return;
      ctx.fillStyle = sp.closed ? 'rgba(43,76,126,0.28)' : 'rgba(43,76,126,0.12)';
      ctx.fillRect(xa, G.bandY + row * G.bandH + 1, xb - xa, G.bandH - 2);
      ctx.fillStyle = '#2b4c7e'; ctx.fillRect(Math.max(G.gx, xOf(sp.c1, sl) + G.cw - 2), G.bandY + row * G.bandH + 1, 2, G.bandH - 2);
    });
    ctx.font = '11px "DejaVu Sans Mono", monospace'; ctx.textBaseline = 'middle';
    r.marks.forEach(function (m) {
      if (m.c < c0 || m.c > c1) return;
      var x = xOf(m.c, sl) + G.cw / 2; if (x < G.gx) return;
      var row = m.b >= 0 ? r.bregs.indexOf(m.b) : -1;
      var y = row >= 0 && (m.kind === 'BREAK' || m.kind === 'BSYNC-wait' || m.kind === 'BSYNC') ? G.bandY + row * G.bandH + G.bandH / 2 : G.evY + G.evH / 2;
      var glyph = {BREAK: '▼', 'BSYNC-wait': '|', BSYNC: '|', WARPSYNC: '◆', YIELD: '●', NANOSLEEP: '●', EXIT: '✕', BAR: '▮',
                   CALL: '›', RET: '‹', '!': '!'}[m.kind] || '·';
      ctx.fillStyle = {BREAK: '#b3261e', WARPSYNC: '#7b3fa0', YIELD: '#9a6fd6', NANOSLEEP: '#4f86d9', '!': '#b3261e',
                       'BSYNC-wait': '#2b4c7e', BSYNC: '#2b4c7e'}[m.kind] || '#5b6475';
      ctx.textAlign = 'center'; ctx.fillText(glyph, x, y);
    });
    // instruction text along the time axis
    if (G.cw >= 9) {
      ctx.save(); ctx.textAlign = 'left'; ctx.font = (G.cw >= 12 ? 11 : 9) + 'px "DejaVu Sans Mono", monospace';
      for (c = c0; c <= c1; c++) {
        x = xOf(c, sl); if (x + G.cw / 2 < G.gx) continue;
        var k = stepOf(w, c), text = k < 0 ? '(after)' : D.insts[I[k]][1], kind = k < 0 ? '' : D.insts[I[k]][2];
        if (text.length > 19) text = text.substr(0, 18) + '…';
        ctx.save(); ctx.translate(x + G.cw / 2 + 4, G.head - 4); ctx.rotate(-Math.PI / 2);
        ctx.fillStyle = kind ? '#2b4c7e' : '#1d2330'; ctx.fillText(text, 0, 0); ctx.restore();
      }
      ctx.restore();
    }
    // column numbers under the grid
    ctx.fillStyle = '#5b6475'; ctx.font = '10px "DejaVu Sans Mono", monospace'; ctx.textAlign = 'left';
    var every = Math.max(1, Math.ceil(50 / G.cw)), yb = G.gridY + 32 * G.ch + 9;
    for (c = Math.ceil(c0 / every) * every; c <= c1; c += every) {
      x = xOf(c, sl); if (x >= G.gx) { ctx.fillRect(x, yb - 8, 1, 4); ctx.fillText(String(c), x + 2, yb); }
    }
    // the fixed gutter: lane numbers and band names
    ctx.fillStyle = '#f5f7fa'; ctx.fillRect(0, 0, G.gx - 2, G.height);
    ctx.fillStyle = '#5b6475'; ctx.textAlign = 'right'; ctx.font = '10px "DejaVu Sans Mono", monospace';
    for (lane = 0; lane < 32; lane++) ctx.fillText('lane ' + lane, G.gx - 6, G.gridY + lane * G.ch + G.ch / 2);
    r.bregs.forEach(function (b, row) { ctx.fillText('B' + b, G.gx - 6, G.bandY + row * G.bandH + G.bandH / 2); });
    ctx.fillText('events', G.gx - 6, G.evY + G.evH / 2);
    grid.dataset.firstColumn = c0; grid.dataset.lastColumn = c1; grid.dataset.warp = w;
  }
  var pending = false;
  function redraw() { if (!pending) { pending = true; requestAnimationFrame(function () { pending = false; draw(); }); } }

  function describe(w, c, lane) {
    var k = stepOf(w, c), wi = D.warps[w], lines = [];
    var st = colState(w, c);
    if (k < 0) { lines.push('cta ' + wi[0] + ' warp ' + wi[1] + ' · after its last instruction'); }
    else {
      lines.push('step ' + stepNumber(k) + ' (column ' + c + ' of cta ' + wi[0] + ' warp ' + wi[1] + ')  clock ' + clockOf(k));
      lines.push(D.insts[I[k]][0] + '  ' + D.insts[I[k]][1]);
    }
    if (lane !== null) lines.push('lane ' + lane + ': ' + STATE_TEXT[STATES[stateCode(st, LANES[w], lane)]]);
    if (k >= 0) { lines.push('before  ' + masksText(B[k])); lines.push('after   ' + masksText(A[k])); }
    else lines.push('state   ' + masksText(st));
    var kk = k < 0 ? Infinity : k, bv = {};
    bwritesOf[w].forEach(function (b) { if (b[0] <= kk) bv[b[1]] = b[2]; });
    var bs = Object.keys(bv).map(function (b) { return 'B' + b + '=' + hex(bv[b]); });
    if (bs.length) lines.push('B registers (after this step): ' + bs.join('  '));
    if (k >= 0) {
      var vals = values(k);
      if (vals === null) { if (N > D.valuesLimit) lines.push('(register values are kept for runs of at most ' + D.valuesLimit + ' steps)'); }
      else vals.forEach(function (v) {
        var val = v[3], shown;
        if (Array.isArray(val)) { shown = lane === null ? '[' + val.length + ' lanes]' : v[1] + '[' + lane + '] = ' + val[lane] + ' (' + hex(val[lane]) + ')'; }
        else shown = v[1] + ' = ' + (typeof val === 'number' ? hex(val) : val);
        if (typeof val === 'number' && /^P\d/.test(v[1]) && lane !== null) shown = v[1] + '[' + lane + '] = ' + ((val >>> lane) & 1);
        var m = v[2] === null || v[2] === undefined ? '' : ' (written lanes ' + hex(v[2]) + ')';
        lines.push('writes  ' + (Array.isArray(val) ? shown : shown) + m);
      });
      (eventsAt.get(k) || []).forEach(function (e) { lines.push('event   ' + e[1] + ': ' + e[2]); });
    }
    return lines.join('\n');
  }
  function hit(ev) {
    var r = grid.getBoundingClientRect(), x = ev.clientX - r.left, y = ev.clientY - r.top;
    if (x < G.gx) return null;
    var c = Math.floor((x - G.gx + scroller.scrollLeft * G.scale) / G.cw);
    if (c < 0 || c >= ncols(G.w)) return null;
    var lane = y >= G.gridY && y < G.gridY + 32 * G.ch ? Math.floor((y - G.gridY) / G.ch) : null;
    return {c: c, lane: lane};
  }
  grid.addEventListener('mousemove', function (ev) {
    var h = hit(ev); if (!h) { tip.hidden = true; return; }
    tip.textContent = describe(G.w, h.c, h.lane); tip.hidden = false;
    var tx = ev.clientX + 14, ty = ev.clientY + 14;
    if (tx + tip.offsetWidth > window.innerWidth) tx = Math.max(0, ev.clientX - tip.offsetWidth - 14);
    if (ty + tip.offsetHeight > window.innerHeight) ty = Math.max(0, ev.clientY - tip.offsetHeight - 14);
    tip.style.left = tx + 'px'; tip.style.top = ty + 'px';
  });
  grid.addEventListener('mouseleave', function () { tip.hidden = true; });
  grid.addEventListener('click', function (ev) { var h = hit(ev); if (h) $('detail').textContent = describe(G.w, h.c, h.lane); });
  scroller.addEventListener('scroll', redraw);
  window.addEventListener('resize', redraw);

  function showWarp(w, col) {
    G.w = Math.max(0, Math.min(NW - 1, w | 0));
    $('warp-select').value = String(G.w);
    var wi = D.warps[G.w];
    $('warp-title').textContent = 'cta ' + wi[0] + ' warp ' + wi[1] + ' · ' + (ncols(G.w) - 1) + ' instructions';
    layout();
    if (col !== undefined && col !== null) scrollToColumn(col);
    draw();
    if (history.replaceState) history.replaceState(null, '', '#warp=' + G.w + (col ? '&col=' + col : ''));
  }
  function scrollToColumn(c) {
    var vw = scroller.clientWidth;
    scroller.scrollLeft = Math.max(0, (G.gx + c * G.cw - vw / 3) / G.scale);
  }

  // ---- the query API (used by tests and by people in the console) ----------------------------------------
  api.warpCount = function () { return NW; };
  api.warps = function () { return D.warps.map(function (x) { return {cta: x[0], warp: x[1], lanes: x[2] >>> 0}; }); };
  api.columns = function (w) { return ncols(w); };
  api.cellState = function (w, c, lane) { return STATES[stateCode(colState(w, c), LANES[w], lane)]; };
  api.column = function (w, c) {
    var k = stepOf(w, c), st = colState(w, c);
    return {step: k < 0 ? null : stepNumber(k), pc: k < 0 ? null : D.insts[I[k]][0], text: k < 0 ? null : D.insts[I[k]][1],
            valid: SV[st], active: SA[st], yield: SY[st], sleep: SS[st], after: k < 0 ? null : {pc: D.states[A[k]][0], active: SA[A[k]], valid: SV[A[k]]}};
  };
  api.findStep = function (step) {       // {warp, column} of a trace step number
    for (var k = 0; k < N; k++) if (stepNumber(k) === step) { var w = W[k]; return {warp: w, column: columnNear(w, k)}; }
    return null;
  };
  api.regions = function (w) { return regions(w); };
  api.describe = function (w, c, lane) { return describe(w, c, lane === undefined ? null : lane); };
  api.showWarp = function (w, c) { showWarp(w, c); return G.w; };
  api.setZoom = function (px) { $('zoom').value = px; G.cw = +px; layout(); draw(); };
  api.overviewMean = function (w, bin) { return ov.mean ? ov.mean[w * ov.nb + bin] : null; };
  api.overviewBins = function () { return ov.nb; };
  api.drawnState = function (w, c, lane) {   // the colour actually drawn in the grid, as a state name
    if (G.w !== w) showWarp(w);
    var vw = scroller.clientWidth, x = G.gx + c * G.cw - scroller.scrollLeft * G.scale;
    if (x < G.gx || x + G.cw > vw) { scrollToColumn(c); }
    draw();
    x = Math.floor(G.gx + c * G.cw - scroller.scrollLeft * G.scale + (G.cw - 1) / 2);
    var y = Math.floor(G.gridY + lane * G.ch + (G.ch - 1) / 2 - 1);
    var p = grid.getContext('2d').getImageData(x, y, 1, 1).data;
    for (var s = 0; s < RGB.length; s++) if (RGB[s][0] === p[0] && RGB[s][1] === p[1] && RGB[s][2] === p[2]) return STATES[s];
    return 'rgb(' + p[0] + ',' + p[1] + ',' + p[2] + ')';
  };

  // ---- start ---------------------------------------------------------------------------------------------------
  arrays().then(function (AR) {
    W = AR.w; I = AR.i; B = AR.b; A = AR.a; STEP = AR.step || null; CLOCK = AR.clock || null;
    var cnt = new Int32Array(NW + 1);
    for (var k = 0; k < N; k++) cnt[W[k] + 1]++;
    for (var w = 0; w < NW; w++) cnt[w + 1] += cnt[w];
    start = cnt; order = new Int32Array(N);
    var fill = cnt.slice(0, NW);
    for (k = 0; k < N; k++) order[fill[W[k]]++] = k;
    index();
    drawOverview();
    var sel = $('warp-select'), frag = document.createDocumentFragment();
    for (w = 0; w < NW; w++) { var o = document.createElement('option'); o.value = String(w);
      o.textContent = 'cta ' + D.warps[w][0] + ' warp ' + D.warps[w][1] + ' (' + (start[w + 1] - start[w]) + ')'; frag.appendChild(o); }
    sel.appendChild(frag);
    sel.addEventListener('change', function () { showWarp(+sel.value, 0); });
    $('zoom').addEventListener('input', function () {
      var keep = Math.floor((scroller.scrollLeft * G.scale) / G.cw); G.cw = +$('zoom').value; layout(); scrollToColumn(keep); draw(); });
    var m = /warp=(\d+)(?:&col=(\d+))?/.exec(location.hash);
    if (NW) showWarp(m ? +m[1] : 0, m && m[2] ? +m[2] : 0);
    else $('warp-section').hidden = true;
    api.loadMs = Math.round(performance.now() - T0);
    var text = N + ' steps · ' + NW + ' warps · ' + D.insts.length + ' instructions' + (D.status ? ' · run ' + D.status : '') +
      (D.fault ? ' · fault ' + D.fault.kind + ': ' + D.fault.message : '') + ' · drawn in ' + api.loadMs + ' ms';
    status.textContent = text; status.dataset.ready = '1'; api.ready = true;
  }).catch(function (e) {
    status.textContent = 'Cannot draw this timeline: ' + e.message; status.dataset.ready = 'error'; api.error = String(e);
  });
})();

// The state map's drawing worker. It owns the map's data and its canvas (an OffscreenCanvas
// handed over by map.js), so parsing a map of 181,440 positions, drawing it and finding the node under
// the pointer never run on the page's main thread. It never sees the page's DOM and knows no language:
// it answers numbers and grids; Python says them in words.
//
// In:  {type: "init", canvas, preview, width, height, dpr} · {type: "load", text} (the worker's `step`
//      answer of a finished `map` job, as JSON text) · {type: "resize", width, height, dpr} ·
//      {type: "pointer", kind: "down"|"move"|"up"|"cancel"|"leave", id, x, y} · {type: "wheel", x, y, dy} ·
//      {type: "zoom", factor} · {type: "locate", rows, cols, cells} · {type: "key", key} ·
//      {type: "pick", index} · {type: "wave", depth} · {type: "waveEnd", depth} · {type: "waveOff"} ·
//      {type: "clear"}
// Out: {type: "drawing", step: "read"|"layout"|"paint", n, e} · {type: "ready", ...numbers} · {type: "drawn", ms} · {type: "lit", n} (positions the wave lights) · {type: "located", index, dist} ·
//      {type: "hover", index, dist, deg} · {type: "cursor", index, dist, deg} · {type: "pick", index, dist,
//      grid} · {type: "error", text}
//
// Layout: the map job's "rings" (one circle per distance to the goal, goals innermost), in [-1, 1].
// Colour: a node's distance to the goal, from green (a goal) through yellow and orange to purple (the
// farthest). Marks: goals (gold ring), dead ends (a position whose only move leads back: white dot),
// the board's position (white ring), the cursor (cyan ring), the optimal path from the board's position
// (cyan line), the search's wavefront during Solve (positions within its depth, lit).

"use strict";

let canvas = null, ctx = null, preview = null, pctx = null;
let width = 300, height = 300, dpr = 1;
let M = null; // the map: {n, rows, cols, cells, dist, x, y, off, adj, deg, maxDist, keys, ...}
let view = { scale: 1, tx: 0, ty: 0 }; // screen = centre + world * R * scale + (tx, ty), in CSS px
let base = null, bctx = null, baseView = null; // the drawn nodes and edges, at baseView
let here = -1, cursor = -1, hover = -1;
let path = [];
let wave = null; // {depth, order: breadth-first from `here`; upto: a depth, or count: the first positions found}
let redrawTimer = 0, frameQueued = false;
let pendingLocate = null; // the last locate asked before the keys were made
const pointers = new Map();
let drag = null;

const STOPS = [[0, [26, 152, 80]], [0.33, [254, 224, 139]], [0.66, [244, 109, 67]], [1, [118, 42, 131]]];
const BUCKETS = 48;
const PALETTE = [];
for (let b = 0; b < BUCKETS; b++) {
  const t = b / (BUCKETS - 1);
  let k = 1;
  while (k < STOPS.length - 1 && STOPS[k][0] < t) k++;
  const [t0, c0] = STOPS[k - 1], [t1, c1] = STOPS[k];
  const f = (t - t0) / (t1 - t0);
  PALETTE.push(`rgb(${c0.map((v, i) => Math.round(v + (c1[i] - v) * f)).join(",")})`);
}
const UNREACHABLE = "rgb(120,120,130)";
const EDGES_DRAWN = 300000;

function post(msg) { self.postMessage(msg); }

function bytes(b64) {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

// ------------------------------------------------------------------ data
function load(text) {
  post({ type: "drawing", step: "read", n: 0, e: 0 }); // what the drawing does meanwhile, said by the page
  const answer = JSON.parse(text);
  if (answer.error) { post({ type: "error", code: answer.error.code, text: answer.error.text }); return; }
  const result = answer.result;
  if (!result || !result.map) { post({ type: "error", code: "map_cancelled", text: result ? result.status : "no map" }); return; }
  const m = result.map;
  const n = m.n, size = m.rows * m.cols;
  post({ type: "drawing", step: "layout", n, e: m.e });
  const cells = bytes(m.cells);
  const dist = new Int16Array(bytes(m.dist).buffer);
  const pairs = new Uint32Array(bytes(m.edges).buffer);
  const deg = new Uint32Array(n);
  for (let k = 0; k < pairs.length; k++) deg[pairs[k]]++;
  const off = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) off[i + 1] = off[i] + deg[i];
  const fill = off.slice(0, n);
  const adj = new Uint32Array(pairs.length);
  for (let k = 0; k < pairs.length; k += 2) {
    const a = pairs[k], b = pairs[k + 1];
    adj[fill[a]++] = b;
    adj[fill[b]++] = a;
  }
  let x, y;
  if (m.layout) {
    const xy = new Float32Array(bytes(m.layout).buffer);
    x = new Float32Array(n); y = new Float32Array(n);
    for (let i = 0; i < n; i++) { x[i] = xy[2 * i]; y[i] = xy[2 * i + 1]; }
  } else {
    ({ x, y } = spiral(n));
  }
  if (m.layout) settleRings(n, dist, off, adj, x, y);
  let maxDist = 0, unreachable = 0, deadEnds = 0;
  const hist = [];
  for (let i = 0; i < n; i++) {
    const d = dist[i];
    if (d < 0) { unreachable++; continue; }
    if (d > maxDist) maxDist = d;
    hist[d] = (hist[d] || 0) + 1;
    if (deg[i] === 1 && d > 0) deadEnds++;
  }
  for (let d = 0; d < hist.length; d++) hist[d] = hist[d] || 0;
  M = { n, rows: m.rows, cols: m.cols, size, cells, dist, pairs, off, adj, deg, x, y, maxDist, keys: null,
        tiles: m.preview === "tiles" }; // the game's space says how a position is drawn
  M.grid = gridIndex();
  here = 0; cursor = 0; hover = -1; wave = null; path = pathFrom(0);
  view = { scale: 1, tx: 0, ty: 0 };
  post({
    type: "ready", n, e: m.e, goals: m.goals, farthest: m.farthest, max_dist: m.max_dist,
    merged_digits: m.merged_digits === undefined ? null : m.merged_digits, merges: !!m.merges, truncated: !!m.truncated,
    limit: m.limit, rows: m.rows, cols: m.cols, ids: m.ids || null, hist, unreachable, dead_ends: deadEnds,
    start_dist: dist[0], // the map's first position is the board's it was made from: its distance, at once
    metric: result.stats ? result.stats.metric : null, seconds: result.stats ? result.stats.seconds : null,
  });
  post({ type: "drawing", step: "paint", n, e: m.e });
  const t0 = performance.now();
  renderBase();
  frame();
  // "drawn" once the picture is on screen: a worker's canvas shows what it drew when its task ends
  setTimeout(() => post({ type: "drawn", ms: performance.now() - t0 }), 0);
  buildKeys(M, 0);
}

// The positions' keys, for finding the board's position: a task per slice, so the first picture and
// panning never wait for all of them (500,000 keys take a second or two).
function buildKeys(map, from) {
  if (map !== M) return;
  if (!map.keys) map.keys = new Map();
  const end = Math.min(map.n, from + 20000);
  for (let i = from; i < end; i++) map.keys.set(keyOf(map.cells, i * map.size, map.size), i);
  if (end < map.n) { setTimeout(() => buildKeys(map, end), 0); return; }
  map.keysDone = true;
  if (pendingLocate) { const msg = pendingLocate; pendingLocate = null; located(msg); }
}

// The job's rings spread each circle's nodes evenly around it, in the order of their neighbours one
// circle in. Where a circle's positions all hang from a narrow arc of the circle inside it, that even
// spread carries them far from their neighbours (the 3 x 3 puzzle's farthest circle holds two positions),
// and a shortest path zigzags across the map. So, circle by circle from the goal out, each node goes to
// the mean direction of its neighbours one circle in (as moved), and the circle's nodes are then pushed
// apart, keeping their order, to 0.7 of an even share of it or about a dot's width, whichever is less:
// paths run inward, and a crowd stays where its neighbours are.
function settleRings(n, dist, off, adj, x, y) {
  const rings = new Map();
  for (let i = 0; i < n; i++) if (dist[i] > 0) { if (!rings.has(dist[i])) rings.set(dist[i], []); rings.get(dist[i]).push(i); }
  const levels = [...rings.keys()].sort((a, b) => a - b);
  const TWO_PI = 2 * Math.PI;
  for (const d of levels) {
    const nodes = rings.get(d);
    const want = new Float64Array(nodes.length);
    for (let k = 0; k < nodes.length; k++) {
      const i = nodes[k];
      let sx = 0, sy = 0;
      for (let q = off[i]; q < off[i + 1]; q++) {
        const j = adj[q];
        if (dist[j] === d - 1) { const r = Math.hypot(x[j], y[j]) || 1; sx += x[j] / r; sy += y[j] / r; }
      }
      want[k] = sx || sy ? Math.atan2(sy, sx) : Math.atan2(y[i], x[i]);
    }
    const idx = Array.from(nodes.keys()).sort((a, b) => want[a] - want[b]);
    const r0 = Math.hypot(x[nodes[0]], y[nodes[0]]) || 1;
    const gap = Math.min((TWO_PI / nodes.length) * 0.7, 0.006 / r0); // an even share, or a dot's width
    const at = new Float64Array(nodes.length);
    for (let k = 0; k < idx.length; k++) at[k] = k ? Math.max(want[idx[k]], at[k - 1] + gap) : want[idx[k]];
    const span = at[idx.length - 1] - at[0], room = TWO_PI - gap;
    if (span > room) for (let k = 1; k < idx.length; k++) at[k] = at[0] + ((at[k] - at[0]) * room) / span;
    let shift = 0;
    for (let k = 0; k < idx.length; k++) shift += want[idx[k]] - at[k];
    shift /= idx.length;
    for (let k = 0; k < idx.length; k++) {
      const i = nodes[idx[k]];
      const r = Math.hypot(x[i], y[i]), a = at[k] + shift;
      x[i] = r * Math.cos(a); y[i] = r * Math.sin(a);
    }
  }
}

function spiral(n) { // a fallback when the job sent no layout: nodes in index order on a spiral
  const x = new Float32Array(n), y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const r = Math.sqrt((i + 0.5) / n), a = i * 2.399963;
    x[i] = r * Math.cos(a); y[i] = r * Math.sin(a);
  }
  return { x, y };
}

// A position's key: its grid as a string. Python writes every grid the map treats as one position the
// same way (the job's grids, and the board the page asks to locate: `map_cells()` in py/puzzles), so
// the key knows nothing of any game.
function keyOf(cells, start, size) {
  let s = "";
  for (let k = 0; k < size; k++) s += String.fromCharCode(cells[start + k] + 1);
  return s;
}

function locate(rows, cols, cells) {
  if (!M || rows !== M.rows || cols !== M.cols) return -1;
  const found = M.keys.get(keyOf(cells, 0, rows * cols));
  return found === undefined ? -1 : found;
}

function pathFrom(i) { // the optimal path: each step to a neighbour one closer to the goal (smallest index)
  const out = [i];
  if (!M || i < 0 || M.dist[i] < 0) return out;
  while (M.dist[i] > 0) {
    let next = -1;
    for (let k = M.off[i]; k < M.off[i + 1]; k++) {
      const j = M.adj[k];
      if (M.dist[j] === M.dist[i] - 1 && (next < 0 || j < next)) next = j;
    }
    if (next < 0) break;
    out.push(next);
    i = next;
  }
  return out;
}

function depthsFrom(s) { // breadth-first depth of every node from s (-1: not reached: the map is cut)
  const depth = new Int32Array(M.n).fill(-1);
  const queue = new Uint32Array(M.n);
  let head = 0, tail = 0;
  depth[s] = 0; queue[tail++] = s;
  while (head < tail) {
    const i = queue[head++];
    for (let k = M.off[i]; k < M.off[i + 1]; k++) {
      const j = M.adj[k];
      if (depth[j] < 0) { depth[j] = depth[i] + 1; queue[tail++] = j; }
    }
  }
  return { depth, order: queue.subarray(0, tail) };
}

// A uniform grid over the layout: the nodes of each cell, for finding the one under the pointer.
function gridIndex() {
  const G = Math.max(8, Math.min(512, Math.ceil(Math.sqrt(M.n / 2))));
  const cellOf = new Uint32Array(M.n);
  const count = new Uint32Array(G * G + 1);
  for (let i = 0; i < M.n; i++) {
    const gx = Math.min(G - 1, Math.max(0, ((M.x[i] + 1) / 2 * G) | 0));
    const gy = Math.min(G - 1, Math.max(0, ((M.y[i] + 1) / 2 * G) | 0));
    cellOf[i] = gy * G + gx;
    count[cellOf[i] + 1]++;
  }
  for (let c = 0; c < G * G; c++) count[c + 1] += count[c];
  const fill = count.slice(0, G * G);
  const nodes = new Uint32Array(M.n);
  for (let i = 0; i < M.n; i++) nodes[fill[cellOf[i]]++] = i;
  return { G, start: count, nodes };
}

// ------------------------------------------------------------------ geometry
function radius() { return Math.min(width, height) / 2 * 0.94; }
function toScreen(v, i) {
  const R = radius() * v.scale;
  return [width / 2 + M.x[i] * R + v.tx, height / 2 + M.y[i] * R + v.ty];
}
function toWorld(sx, sy) {
  const R = radius() * view.scale;
  return [(sx - width / 2 - view.tx) / R, (sy - height / 2 - view.ty) / R];
}
function dotSize() { // a node's square, in CSS px: smaller when there are many, larger when zoomed in
  const base = Math.max(1.2, Math.min(6, 900 / Math.sqrt(M.n)));
  return Math.min(14, base * Math.sqrt(view.scale));
}

function nearest(sx, sy, px) {
  if (!M) return -1;
  const [wx, wy] = toWorld(sx, sy);
  const r = px / (radius() * view.scale);
  const { G, start, nodes } = M.grid;
  const g = (v) => Math.min(G - 1, Math.max(0, ((v + 1) / 2 * G) | 0));
  let best = -1, bestD = r * r;
  for (let gy = g(wy - r); gy <= g(wy + r); gy++) {
    for (let gx = g(wx - r); gx <= g(wx + r); gx++) {
      const c = gy * G + gx;
      for (let k = start[c]; k < start[c + 1]; k++) {
        const i = nodes[k];
        const dx = M.x[i] - wx, dy = M.y[i] - wy;
        const d = dx * dx + dy * dy;
        if (d <= bestD) { bestD = d; best = i; }
      }
    }
  }
  return best;
}

// ------------------------------------------------------------------ drawing
function colourOf(i) {
  const d = M.dist[i];
  if (d < 0) return UNREACHABLE;
  return PALETTE[M.maxDist ? Math.round((d / M.maxDist) * (BUCKETS - 1)) : 0];
}

function resizeCanvases() {
  if (!canvas) return;
  canvas.width = Math.max(1, Math.round(width * dpr));
  canvas.height = Math.max(1, Math.round(height * dpr));
  base = new OffscreenCanvas(canvas.width, canvas.height);
  bctx = base.getContext("2d");
  baseView = null;
}

function renderBase() {
  if (!M || !bctx) return;
  const c = bctx;
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
  c.fillStyle = "#10141c";
  c.fillRect(0, 0, width, height);
  const v = { ...view };
  const R = radius() * v.scale, cx = width / 2 + v.tx, cy = height / 2 + v.ty;
  const inside = (sx, sy) => sx > -20 && sy > -20 && sx < width + 20 && sy < height + 20;
  // edges, faint, one path
  // At most one device pixel wide: a hairline, which the canvas draws fast. A wider line (0.6 CSS px is
  // 1.2 device px on a 2x screen) is stroked as a shape, and 240,000 of them took 16-80 s on a phone.
  c.strokeStyle = M.n > 50000 ? "rgba(160,175,200,0.07)" : "rgba(160,175,200,0.16)";
  c.lineWidth = Math.min(0.6, 1 / dpr);
  c.beginPath();
  const p = M.pairs, X = M.x, Y = M.y;
  // past EDGES_DRAWN edges (the piece metric on a roomy board has millions), an even sample of them
  const stride = 2 * Math.max(1, Math.ceil(p.length / 2 / EDGES_DRAWN));
  for (let k = 0; k < p.length; k += stride) {
    const a = p[k], b = p[k + 1];
    const ax = cx + X[a] * R, ay = cy + Y[a] * R, bx = cx + X[b] * R, by = cy + Y[b] * R;
    if (!inside(ax, ay) && !inside(bx, by)) continue;
    c.moveTo(ax, ay);
    c.lineTo(bx, by);
  }
  c.stroke();
  // nodes, bucketed by colour
  const s = dotSize(), h = s / 2;
  const byColour = new Map();
  for (let i = 0; i < M.n; i++) {
    const sx = cx + X[i] * R, sy = cy + Y[i] * R;
    if (!inside(sx, sy)) continue;
    const col = colourOf(i);
    let list = byColour.get(col);
    if (!list) byColour.set(col, (list = []));
    list.push(sx - h, sy - h);
  }
  for (const [col, list] of byColour) {
    c.fillStyle = col;
    for (let k = 0; k < list.length; k += 2) c.fillRect(list[k], list[k + 1], s, s);
  }
  // dead ends (white dots) and goals (gold rings)
  c.fillStyle = "#ffffff";
  const dot = Math.max(1, s * 0.45);
  for (let i = 0; i < M.n; i++) {
    if (M.deg[i] === 1 && M.dist[i] > 0) {
      const sx = cx + X[i] * R, sy = cy + Y[i] * R;
      if (inside(sx, sy)) c.fillRect(sx - dot / 2, sy - dot / 2, dot, dot);
    }
  }
  c.strokeStyle = "#ffd24a";
  c.lineWidth = 1.5;
  c.beginPath();
  const gr = Math.max(3, s * 1.2);
  for (let i = 0; i < M.n; i++) {
    if (M.dist[i] === 0) {
      const sx = cx + X[i] * R, sy = cy + Y[i] * R;
      if (!inside(sx, sy)) continue;
      c.moveTo(sx + gr, sy);
      c.arc(sx, sy, gr, 0, Math.PI * 2);
    }
  }
  c.stroke();
  baseView = v;
}

function ring(c, i, r, colour, lw) {
  const [sx, sy] = toScreen(view, i);
  c.strokeStyle = colour;
  c.lineWidth = lw;
  c.beginPath();
  c.arc(sx, sy, r, 0, Math.PI * 2);
  c.stroke();
}

function frame() {
  frameQueued = false;
  if (!ctx) return;
  const c = ctx;
  c.setTransform(1, 0, 0, 1, 0, 0);
  c.fillStyle = "#10141c";
  c.fillRect(0, 0, canvas.width, canvas.height);
  if (!M || !baseView) return;
  // the base layer, moved and scaled from where it was drawn to where the view is now
  const k = view.scale / baseView.scale;
  const ox = width / 2 + view.tx - (width / 2 + baseView.tx) * k;
  const oy = height / 2 + view.ty - (height / 2 + baseView.ty) * k;
  c.setTransform(dpr * k, 0, 0, dpr * k, dpr * ox, dpr * oy);
  c.drawImage(base, 0, 0, width, height);
  c.setTransform(dpr, 0, 0, dpr, 0, 0);
  const s = dotSize();
  if (wave) { // the search's wavefront: the positions it has reached from the board's position, lit
    c.fillStyle = "rgba(255,255,255,0.4)";
    const R = radius() * view.scale, cx = width / 2 + view.tx, cy = height / 2 + view.ty;
    const order = wave.order;
    let k = 0;
    for (; k < order.length; k++) {
      const i = order[k];
      if (wave.depth[i] > wave.upto && k >= wave.count) break;
      c.fillRect(cx + M.x[i] * R - s / 2, cy + M.y[i] * R - s / 2, s, s);
    }
    if (k !== wave.lit) { wave.lit = k; post({ type: "lit", n: k }); }
  }
  if (path.length > 1) {
    c.strokeStyle = "#38e1ff";
    c.lineWidth = 2.5;
    c.lineJoin = "round";
    c.beginPath();
    for (let k2 = 0; k2 < path.length; k2++) {
      const [sx, sy] = toScreen(view, path[k2]);
      if (k2) c.lineTo(sx, sy); else c.moveTo(sx, sy);
    }
    c.stroke();
  }
  if (hover >= 0) ring(c, hover, Math.max(6, s * 1.8), "#ffffff", 1.5);
  if (cursor >= 0 && cursor !== here) ring(c, cursor, Math.max(8, s * 2.2), "#38e1ff", 2.5);
  if (here >= 0) {
    ring(c, here, Math.max(9, s * 2.5), "#10141c", 5);
    ring(c, here, Math.max(9, s * 2.5), "#ffffff", 2.5);
  }
}

function queueFrame() {
  if (frameQueued) return;
  frameQueued = true;
  (self.requestAnimationFrame || ((f) => setTimeout(f, 16)))(frame);
}

function viewChanged() { // the cheap frame now, the full drawing once the view rests
  queueFrame();
  clearTimeout(redrawTimer);
  redrawTimer = setTimeout(() => { renderBase(); queueFrame(); }, 160);
}

function drawPreview(i) {
  if (!pctx || !M || i < 0) return;
  const rows = M.rows, cols = M.cols;
  const cell = 30;
  if (preview.width !== cols * cell || preview.height !== rows * cell) {
    preview.width = cols * cell; // the page's canvas takes this size: the board's own shape
    preview.height = rows * cell;
  }
  const c = pctx;
  c.setTransform(1, 0, 0, 1, 0, 0);
  c.clearRect(0, 0, preview.width, preview.height);
  c.fillStyle = "#1d2533";
  c.fillRect(0, 0, cols * cell, rows * cell);
  const at = i * M.size;
  const done = new Set();
  for (let k = 0; k < M.size; k++) {
    const id = M.cells[at + k];
    if (!id || done.has(id)) continue;
    done.add(id);
    const r0 = (k / cols) | 0, c0 = k % cols;
    let r1 = r0, c1 = c0;
    for (let q = k; q < M.size; q++) {
      if (M.cells[at + q] === id) { r1 = Math.max(r1, (q / cols) | 0); c1 = Math.max(c1, q % cols); }
    }
    const gap = Math.max(1, cell * 0.06);
    const px = c0 * cell + gap, py = r0 * cell + gap;
    const pw = (c1 - c0 + 1) * cell - 2 * gap, ph = (r1 - r0 + 1) * cell - 2 * gap;
    let fill;
    if (M.tiles) fill = "#e7d3a8";
    else if (id === 1) fill = "#c8412b";
    else if (r1 > r0 && c1 > c0) fill = "#a0522d";
    else if (c1 > c0) fill = "#2e7d73";
    else if (r1 > r0) fill = "#2e7d73";
    else fill = "#5b6270";
    c.fillStyle = fill;
    c.fillRect(px, py, pw, ph);
    if (M.tiles) {
      c.fillStyle = "#2a2113";
      c.font = `bold ${Math.round(cell * 0.45)}px sans-serif`;
      c.textAlign = "center";
      c.textBaseline = "middle";
      c.fillText(String(id), px + pw / 2, py + ph / 2);
    }
  }
}

// ------------------------------------------------------------------ input
function setHover(i) {
  if (i === hover) return;
  hover = i;
  if (i >= 0) {
    drawPreview(i);
    post({ type: "hover", index: i, dist: M.dist[i], deg: M.deg[i] });
  } else {
    post({ type: "hover", index: -1 });
    drawPreview(cursor >= 0 ? cursor : here);
  }
  queueFrame();
}

function pick(i) {
  if (!M || i < 0 || i >= M.n) return;
  post({ type: "pick", index: i, dist: M.dist[i], grid: Array.from(M.cells.subarray(i * M.size, (i + 1) * M.size)) });
}

function pointer(msg) {
  if (!M) return;
  if (msg.kind === "down") {
    pointers.set(msg.id, { x: msg.x, y: msg.y });
    if (pointers.size === 1) drag = { x: msg.x, y: msg.y, moved: false };
    else drag = { pinch: pinchState(), moved: true };
    return;
  }
  if (msg.kind === "move") {
    if (pointers.has(msg.id)) {
      pointers.set(msg.id, { x: msg.x, y: msg.y });
      if (drag && drag.pinch && pointers.size >= 2) {
        const now = pinchState();
        zoomAt(now.cx, now.cy, now.d / drag.pinch.d);
        view.tx += now.cx - drag.pinch.cx;
        view.ty += now.cy - drag.pinch.cy;
        drag.pinch = now;
        viewChanged();
      } else if (drag) {
        const dx = msg.x - drag.x, dy = msg.y - drag.y;
        if (drag.moved || Math.abs(dx) + Math.abs(dy) > 4) {
          drag.moved = true;
          view.tx += dx; view.ty += dy;
          drag.x = msg.x; drag.y = msg.y;
          viewChanged();
        }
      }
      return;
    }
    setHover(nearest(msg.x, msg.y, 10));
    return;
  }
  if (msg.kind === "up") {
    const was = drag;
    pointers.delete(msg.id);
    if (pointers.size === 0) drag = null;
    else if (pointers.size === 1) { const [p] = pointers.values(); drag = { x: p.x, y: p.y, moved: true }; }
    if (was && !was.moved && pointers.size === 0) {
      const i = nearest(msg.x, msg.y, msg.touch ? 18 : 10);
      if (i >= 0) { cursor = i; pick(i); queueFrame(); }
    }
    return;
  }
  pointers.delete(msg.id); // cancel, leave
  if (pointers.size === 0) drag = null;
  if (msg.kind === "leave") setHover(-1);
}

function pinchState() {
  const [a, b] = [...pointers.values()];
  return { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, d: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
}

function zoomAt(sx, sy, factor) {
  const next = Math.min(200, Math.max(0.5, view.scale * factor));
  const f = next / view.scale;
  // keep the world point under (sx, sy) where it is
  view.tx = (sx - width / 2) - ((sx - width / 2) - view.tx) * f;
  view.ty = (sy - height / 2) - ((sy - height / 2) - view.ty) * f;
  view.scale = next;
}

function key(name) {
  if (!M) return;
  const from = cursor >= 0 ? cursor : here;
  if (name === "Enter" || name === " ") { pick(from); return; }
  if (name === "Home" || name === "Escape") { cursor = here; }
  else if (name === "+" || name === "=") { zoomAt(width / 2, height / 2, 1.5); viewChanged(); return; }
  else if (name === "-") { zoomAt(width / 2, height / 2, 1 / 1.5); viewChanged(); return; }
  else {
    const dir = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[name];
    if (!dir || from < 0) return;
    // the neighbour whose direction on the map is closest to the arrow's
    let best = -1, bestCos = -0.35;
    for (let k = M.off[from]; k < M.off[from + 1]; k++) {
      const j = M.adj[k];
      const dx = M.x[j] - M.x[from], dy = M.y[j] - M.y[from];
      const len = Math.hypot(dx, dy) || 1;
      const cos = (dx * dir[0] + dy * dir[1]) / len;
      if (cos > bestCos) { bestCos = cos; best = j; }
    }
    if (best < 0) { post({ type: "cursor", index: from, dist: M.dist[from], deg: M.deg[from], stuck: true }); return; }
    cursor = best;
    keepInView(best);
  }
  drawPreview(cursor);
  post({ type: "cursor", index: cursor, dist: M.dist[cursor], deg: M.deg[cursor] });
  queueFrame();
}

function keepInView(i) {
  if (view.scale <= 1) return; // the whole map is on screen
  const [sx, sy] = toScreen(view, i);
  const margin = 12;
  if (sx >= margin && sy >= margin && sx <= width - margin && sy <= height - margin) return;
  view.tx += width / 2 - sx;
  view.ty += height / 2 - sy;
  viewChanged();
}

// ------------------------------------------------------------------ messages
self.onmessage = (event) => {
  const msg = event.data;
  try {
    switch (msg.type) {
      case "init":
        canvas = msg.canvas; ctx = canvas.getContext("2d");
        preview = msg.preview; pctx = preview ? preview.getContext("2d") : null;
        width = msg.width; height = msg.height; dpr = msg.dpr;
        resizeCanvases();
        frame();
        break;
      case "resize":
        if (msg.width === width && msg.height === height && msg.dpr === dpr) break;
        width = msg.width; height = msg.height; dpr = msg.dpr;
        resizeCanvases();
        renderBase();
        frame();
        break;
      case "load":
        load(msg.text);
        drawPreview(here);
        break;
      case "clear":
        M = null; here = cursor = hover = -1; path = []; wave = null; baseView = null; pendingLocate = null;
        frame();
        if (pctx) pctx.clearRect(0, 0, preview.width, preview.height);
        break;
      case "locate":
        if (M && !M.keysDone) pendingLocate = msg; // answered when the keys are all made
        else located(msg);
        break;
      case "pointer": pointer(msg); break;
      case "wheel": zoomAt(msg.x, msg.y, Math.exp(-msg.dy / 400)); viewChanged(); break;
      case "zoom": zoomAt(width / 2, height / 2, msg.factor); viewChanged(); break;
      case "key": key(msg.key); break;
      case "pick": pick(msg.index); break;
      case "wave": // a search's progress: its depth, or how many positions it has found
        if (!M || here < 0) break;
        if (!wave) wave = { ...depthsFrom(here), upto: -1, count: 0 };
        if (msg.depth !== null && msg.depth !== undefined) wave.upto = Math.max(wave.upto, msg.depth);
        else wave.count = Math.max(wave.count, msg.positions || 0);
        queueFrame();
        break;
      case "waveEnd": // the search ended at this depth: let the wave reach it, a few frames a level
        if (!M || here < 0) break;
        if (!wave) wave = { ...depthsFrom(here), upto: -1, count: 0 };
        spread(msg.depth);
        break;
      case "waveOff": if (wave) post({ type: "lit", n: 0 }); wave = null; queueFrame(); break;
    }
  } catch (e) {
    post({ type: "error", code: "map_failed", text: String((e && e.message) || e) });
  }
};

function located(msg) {
  const i = locate(msg.rows, msg.cols, msg.cells);
  if (i !== here) { here = i; path = pathFrom(i); }
  cursor = i;
  hover = -1;
  if (i >= 0) { keepInView(i); drawPreview(i); }
  post({ type: "located", index: i, dist: i >= 0 ? M.dist[i] : null, deg: i >= 0 ? M.deg[i] : null });
  queueFrame();
}

function spread(target) {
  if (!wave) return;
  if (wave.upto >= target) { queueFrame(); return; }
  wave.upto = Math.min(target, wave.upto + Math.max(1, Math.ceil(target / 30)));
  queueFrame();
  setTimeout(() => spread(target), 20);
}

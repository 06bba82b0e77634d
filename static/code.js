// The Code panel's two outside parts, for the page's Python (py/app/code_panel.py): the editor
// (CodeMirror, bundled into static/vendor/codemirror/, loaded the first time the panel opens) and
// the learner's worker (static/code-worker.js). Text only crosses: JSON strings, never HTML.
//
// The learner's program shares its worker's JavaScript (Pyodide's `js` module), so every message
// that worker sends is hostile input. It is sorted HERE, in JavaScript, before the page's Python
// sees it: the page's Python is MicroPython, whose JSON decoding of a long string takes seconds,
// while JSON.parse takes milliseconds. What goes on to Python is small, rebuilt field by field:
//   {type: "ready", ms}                  the worker's Python started (ms: a number or null)
//   {type: "failed"}                     it could not start (its text is never passed on)
//   {type: "crashed"}                    it ended by itself (stack overflow, os._exit, close())
//   {type: "flood", n}                   it sent more than n messages in a second: the page ended it
//   {type: "out", id, text, cut}         printed output, at most OUT_SLICE characters a delivery and
//                                        OUT_PER_S a second (the rest is dropped, cut = true)
//   {type: "moves", id, items}           a part of the next case's or done's moves (PART a part)
//   {type: "where", id, line, fn, sizes}  where the program was when sampled (sample(): at the time limit
//                                        and on Stop, cross-origin isolated pages only); sizes [[name, n]]
//   {type: "case", id, i, answer, parts, ms, error}
//   {type: "done", id, answer, parts, ms, error}   (a Step through's also: steps, capped, record)
// A Step through's steps ({type: "steps", from, items}) never go to Python whole: each step is checked
// here (its line, its variables' names and texts, kinds, cells, boards: shapes and sizes bounded) and
// kept in a record; the page's Python asks for one step at a time (window.__code.stepAt), a small text.
// Only the current request's id passes, each case index of it once, one done; one message of
// Python's a task (a queue drained by a timer), so a flood never holds the page.
let editorLoad = null;
const MAX_RAW = 1 << 20; // a message longer than this is dropped unread
const MAX_PER_S = 2000; // messages read a second; the rest are dropped unread
const FLOOD_PER_S = 10000; // messages in a second that end the worker (an honest run sends a few hundred)
const OUT_SLICE = 4000; // characters of output in one delivery to Python
const OUT_PER_S = 20000; // characters of output passed on a second
const TEXT_MAX = 4000; // characters of a traceback
const PART = 200; // moves in one delivery
const MAX_MOVES = 10000; // moves one call may make (py/code_runner.py's MAX_MOVES)
const MAX_ITEMS = 201; // items of an answer's list (a Link-up path is at most 200 cells)
const MAX_STR = 200; // characters of a string in an answer
const MAX_STEPS = 10000; // steps a record keeps (py/trace_recorder.py's MAX_STEPS)
const STEP_PART = 500; // steps in one message (py/code_runner.py's STEP_PART)
const MAX_VARS = 200; // variables a step may change or remove
const VAR_TEXT = 200; // characters of a value's text
const MAX_SIDE = 30; // rows or columns of a board a step may carry
const CHECKPOINT = 200; // a step's variables kept whole every this many steps (stepAt replays from there)
const NAME = /^[A-Za-z_\u00c0-\uffff][A-Za-z0-9_\u00c0-\uffff]{0,59}$/;
const ERROR_CODES = ["code_no_function", "code_move_limit", "code_bad_request"];

const whole = (x) => Number.isSafeInteger(x);
const ms = (x) => (typeof x === "number" && Number.isFinite(x) && x >= 0 && x < 1e9 ? x : null);

// An answer as plain data the page can take: numbers (safe integers, finite floats), strings (cut),
// booleans, null, lists of them (MAX_ITEMS long, three deep); anything else becomes {repr: text}.
function plain(x, depth = 0, items = MAX_ITEMS) {
  if (x === null || typeof x === "boolean") return x;
  if (typeof x === "number") return Number.isInteger(x) ? (whole(x) ? x : { repr: String(x).slice(0, 40) }) : Number.isFinite(x) ? x : { repr: String(x) };
  if (typeof x === "string") return x.slice(0, MAX_STR);
  if (Array.isArray(x) && depth < 3) return x.slice(0, items).map((v) => plain(v, depth + 1));
  if (x && typeof x === "object" && typeof x.repr === "string") return { repr: x.repr.slice(0, MAX_STR) };
  return { repr: Array.isArray(x) ? "[…]" : typeof x };
}

// A learner's error: {line, text} (a whole line number or null, the text cut) or {code, values}
// (a known code; values only `name` and `n`, short); null for anything else that is not an error.
function error(e) {
  if (e === null || e === undefined || typeof e !== "object" || Array.isArray(e)) return null;
  if ("code" in e) {
    const code = ERROR_CODES.includes(e.code) ? e.code : "code_bad_request";
    const v = e.values && typeof e.values === "object" ? e.values : {};
    const values = {};
    if (typeof v.name === "string") values.name = v.name.slice(0, 60);
    if (whole(v.n)) values.n = v.n;
    return { code, values };
  }
  const line = whole(e.line) && e.line > 0 && e.line < 1e6 ? e.line : null;
  return { line, text: typeof e.text === "string" ? e.text.slice(0, TEXT_MAX) : "" };
}

// One step as the worker sent it ([line, changes, removed, extra]), checked and rebuilt, or null.
function oneStep(x) {
  if (!Array.isArray(x) || x.length !== 4) return null;
  const [line, ch, rm, ex] = x;
  if (!whole(line) || line < 1 || line > 1e6) return null;
  const changes = [];
  if (ch !== 0) {
    if (!ch || typeof ch !== "object" || Array.isArray(ch)) return null;
    const names = Object.keys(ch);
    if (names.length > MAX_VARS) return null;
    for (const n of names) {
      const e = ch[n];
      if (!NAME.test(n) || !Array.isArray(e) || e.length !== 3 || typeof e[0] !== "string") return null;
      if (!["", "q", "s"].includes(e[1]) || typeof e[2] !== "string" || e[2].length > 400 || !/^[0-9a-f]*$/.test(e[2])) return null;
      changes.push([n, e[0].slice(0, VAR_TEXT), e[1], e[2]]);
    }
  }
  let removed = [];
  if (rm !== 0) {
    if (!Array.isArray(rm) || rm.length > MAX_VARS || !rm.every((n) => typeof n === "string" && NAME.test(n))) return null;
    removed = rm;
  }
  const extra = {};
  if (ex !== 0) {
    if (!ex || typeof ex !== "object" || Array.isArray(ex)) return null;
    if (typeof ex.f === "string") extra.f = ex.f.slice(0, 60);
    if ("b" in ex) {
      const b = ex.b;
      const ok = Array.isArray(b) && b.length >= 1 && b.length <= MAX_SIDE && b.every((r) => Array.isArray(r)
        && r.length === b[0].length && r.length >= 1 && r.length <= MAX_SIDE && r.every((v) => whole(v) && Math.abs(v) < 1e6));
      if (!ok) return null;
      extra.b = b;
    }
    if ("t" in ex) {
      const t = ex.t;
      if (!Array.isArray(t) || t.length !== 2 || !t.every((v) => whole(v) && Math.abs(v) < 1e6)) return null;
      extra.t = t;
    }
  }
  return { line, changes, removed, extra };
}

// The cells of a step's hex text (py/trace_recorder.py's cell_bits) on a board of `cols` columns.
function cellsOf(bits, cols) {
  const out = [];
  const w = cols + 2;
  for (let k = 0; k < bits.length; k++) {
    const d = parseInt(bits[bits.length - 1 - k], 16);
    for (let j = 0; j < 4; j++) {
      if (d & (1 << j)) {
        const i = k * 4 + j;
        out.push([Math.floor(i / w) - 1, (i % w) - 1]);
      }
    }
  }
  return out;
}

// A finished Step through's steps, ready to be read one at a time: checkpoints of the variables, each
// step's function, board and taken state found once (a few ms for 10,000 steps).
function makeRecord(steps, cols) {
  const points = [];
  const fn = [];
  const board = new Int32Array(steps.length).fill(-1);
  const taken = new Int32Array(steps.length).fill(-1);
  let vars = new Map();
  let f = "";
  let b = -1;
  let t = -1;
  steps.forEach((s, i) => {
    for (const n of s.removed) vars.delete(n);
    for (const [n, text, kind, cells] of s.changes) vars.set(n, [text, kind, cells]);
    if (i % CHECKPOINT === 0) points.push(new Map(vars));
    if (s.extra.f !== undefined) f = s.extra.f;
    if (s.extra.b !== undefined) b = i;
    if (s.extra.t !== undefined) t = i;
    fn.push(f);
    board[i] = b;
    taken[i] = t;
  });
  return { steps, cols, points, fn, board, taken };
}

const records = new Map();
let recordIds = 0;

// Step n (from 1) of record `key` as JSON text: {line, fn, vars: [[name, text, kind]], queue, seen:
// [[r, c]...], current: [r, c] | null, board: rows | null, boardStep}; "null" when there is none.
function stepAt(key, n) {
  const rec = records.get(key);
  if (!rec || !whole(n) || n < 1 || n > rec.steps.length) return "null";
  const i = n - 1;
  const base = Math.floor(i / CHECKPOINT);
  const vars = new Map(rec.points[base]);
  for (let k = base * CHECKPOINT + 1; k <= i; k++) {
    const s = rec.steps[k];
    for (const name of s.removed) vars.delete(name);
    for (const [name, text, kind, cells] of s.changes) vars.set(name, [text, kind, cells]);
  }
  const queue = new Map();
  const seen = new Map();
  const rows = [];
  for (const [name, [text, kind, cells]] of vars) {
    rows.push([name, text, kind]);
    if (cells) for (const c of cellsOf(cells, rec.cols)) (kind === "q" ? queue : seen).set(c.join(","), c);
  }
  const b = rec.board[i];
  const t = rec.taken[i];
  return JSON.stringify({
    line: rec.steps[i].line, fn: rec.fn[i], vars: rows, queue: [...queue.values()], seen: [...seen.values()],
    current: t >= 0 ? rec.steps[t].extra.t : null, board: b >= 0 ? rec.steps[b].extra.b : null, boardStep: b + 1,
  });
}

const MAX_SIZES = 8; // containers a sample names (py/code_runner.py's MAX_SIZES)

// A sample of where the program is ({line, fn, sizes: [[name, n]...]}, py/code_runner.py's where), checked
// and rebuilt, or null.
function where(m) {
  if (!whole(m.line) || m.line < 1 || m.line > 1e6 || !Array.isArray(m.sizes) || m.sizes.length > MAX_SIZES) return null;
  const sizes = [];
  for (const x of m.sizes) {
    if (!Array.isArray(x) || x.length !== 2 || typeof x[0] !== "string" || !NAME.test(x[0]) || !whole(x[1]) || x[1] < 0) return null;
    sizes.push([x[0], x[1]]);
  }
  return { line: m.line, fn: typeof m.fn === "string" ? m.fn.slice(0, 60) : "", sizes };
}

// One learner's worker and its messages' gate. `onMessage(text)` is the page's Python.
function gate(onMessage, lockName) {
  const w = new Worker(new URL("./code-worker.js", import.meta.url), { type: "module", name: lockName });
  // Pyodide's interrupt buffer, on a cross-origin isolated page only (SharedArrayBuffer): sample() writes
  // 2 (SIGINT) and the worker's runner answers {type: "where"} and lets the program go on.
  const interrupt = self.crossOriginIsolated && typeof SharedArrayBuffer === "function" ? new SharedArrayBuffer(1) : null;
  if (interrupt) w.postMessage({ interrupt });
  let sampling = false;
  let ended = false; // the page ended it: nothing more reaches the page
  let closed = false; // it ended by itself: what it sent before still goes, then "crashed"
  let ready = false;
  let current = null; // the request waited for: {id, cases, seen: Set, done}
  let second = 0;
  let read = 0;
  let outBudget = OUT_PER_S;
  let outText = "";
  let outCut = false;
  const queue = [];
  let draining = false;

  const deliver = (obj) => {
    queue.push(JSON.stringify(obj));
    if (!draining) {
      draining = true;
      setTimeout(drain, 0);
    }
  };
  function drain() {
    if (ended) return (draining = false);
    const text = queue.shift();
    if (text !== undefined) onMessage(text);
    if (queue.length && !ended) setTimeout(drain, 0);
    else draining = false;
  }
  function flushOut() {
    if (!current || (!outText && !outCut)) return;
    const text = outText.slice(0, OUT_SLICE);
    outText = outText.slice(text.length);
    deliver({ type: "out", id: current.id, text, cut: outCut });
    outCut = false;
    if (outText) setTimeout(flushOut, 50);
  }
  const timer = setInterval(() => {
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) {
      second = now;
      read = 0;
      outBudget = OUT_PER_S;
    }
    if (outText || outCut) flushOut();
  }, 100);

  const answer = (m) => {
    let moves = Array.isArray(m.moves) ? m.moves : [];
    const bad = !Array.isArray(m.moves) || moves.length > MAX_MOVES;
    if (bad) moves = [];
    let parts = 0;
    for (let k = 0; k < moves.length; k += PART) {
      deliver({ type: "moves", id: current.id, items: plain(moves.slice(k, k + PART), 0, PART) });
      parts += 1;
    }
    // A path (Link-up's answer) longer than any legal one (200 cells) is refused whatever it holds: only its
    // length goes on.
    const long = current.path && Array.isArray(m.answer) && m.answer.length > 200;
    const answer = long ? { repr: `a list of ${m.answer.length} items` } : plain(m.answer);
    const kept = { id: current.id, answer, parts, ms: ms(m.ms), error: error(m.error) };
    if (bad) kept.bad_moves = true;
    return kept;
  };

  w.onmessage = (e) => {
    if (ended || closed || typeof e.data !== "string" || e.data.length > MAX_RAW) return;
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) {
      second = now;
      read = 0;
      outBudget = OUT_PER_S;
    }
    if (++read > MAX_PER_S) {
      if (read > FLOOD_PER_S) flooded();
      return;
    }
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    if (!m || typeof m !== "object") return;
    if (m.type === "ready" && !ready) {
      ready = true;
      sampling = interrupt !== null && m.interrupt === true; // the worker took the interrupt buffer
      deliver({ type: "ready", ms: ms(m.ms) });
      // The worker holds a lock named after it for its whole life: once it is granted here, the
      // worker has ended (close(), a fatal error), unless the page ended it.
      if (navigator.locks) navigator.locks.request(lockName, () => { if (!ended && !closed) crashed(); });
      return;
    }
    if (m.type === "failed" && !ready) return deliver({ type: "failed" });
    if (m.type === "failed") return crashed();
    if (!current || m.id !== current.id || current.done) return;
    if (m.type === "out" && typeof m.text === "string") {
      const take = Math.max(0, Math.min(m.text.length, outBudget, OUT_SLICE * 5 - outText.length));
      outText += m.text.slice(0, take);
      outBudget -= take;
      if (take < m.text.length || m.cut === true) outCut = true;
    } else if (m.type === "case" && whole(m.i) && m.i >= 0 && m.i < current.cases && !current.seen.has(m.i)) {
      current.seen.add(m.i);
      flushOut();
      deliver({ type: "case", i: m.i, ...answer(m) });
    } else if (m.type === "steps" && current.steps && whole(m.from) && m.from === current.steps.length
               && Array.isArray(m.items) && m.items.length <= STEP_PART && m.from + m.items.length <= MAX_STEPS) {
      for (const x of m.items) {
        const s = oneStep(x);
        if (s === null) {
          current.steps = null; // a step that is not one: the record is refused whole
          return;
        }
        current.steps.push(s);
      }
    } else if (m.type === "where") {
      const got = where(m);
      if (got) deliver({ type: "where", id: current.id, ...got });
    } else if (m.type === "done") {
      current.done = true;
      flushOut();
      const kept = answer(m);
      if (current.kind === "step") {
        kept.steps = current.steps ? current.steps.length : 0;
        kept.capped = m.capped === true;
        kept.bad_steps = current.steps === null;
        if (current.steps && current.steps.length) {
          recordIds += 1;
          records.clear(); // one record on the page: the last Step through's
          records.set(recordIds, makeRecord(current.steps, current.cols));
          kept.record = recordIds;
        }
      }
      deliver({ type: "done", ...kept });
    }
  };
  function flooded() {
    if (ended || closed) return;
    closed = true;
    clearInterval(timer);
    w.terminate();
    flushOut();
    deliver({ type: "flood", n: FLOOD_PER_S });
  }
  function crashed() {
    if (ended || closed) return;
    closed = true;
    clearInterval(timer);
    w.terminate();
    flushOut();
    deliver({ type: ready ? "crashed" : "failed" });
  }
  w.onerror = (e) => {
    e.preventDefault();
    crashed();
  };
  return {
    post(text) {
      try {
        const req = JSON.parse(String(text));
        const cases = Array.isArray(req.cases) ? req.cases.length : 0;
        const path = Boolean(req.exercise && req.exercise.answer === "path"); // the exercise's answer is a path
        current = { id: req.id, path, cases, seen: new Set(), done: false, kind: req.kind };
        if (req.kind === "step") {
          current.steps = [];
          current.cols = Array.isArray(req.board) && Array.isArray(req.board[0]) ? req.board[0].length : 0;
        }
      } catch {
        current = null;
      }
      outText = "";
      outCut = false;
      w.postMessage(String(text));
    },
    // Ask the program where it is (its line, its containers' sizes): true when asked, false when this
    // page cannot (not cross-origin isolated) or nothing runs.
    sample() {
      if (!sampling || ended || closed || !current || current.done) return false;
      Atomics.store(new Uint8Array(interrupt), 0, 2);
      return true;
    },
    end() {
      ended = true;
      clearInterval(timer);
      queue.length = 0;
      w.terminate();
    },
  };
}

let workers = 0;
window.__code = {
  // Resolves once window.__codeEditor is there (the bundle's one export).
  loadEditor() {
    editorLoad ??= import("./vendor/codemirror/code-editor.js");
    return editorLoad.then(() => true);
  },
  stepAt,
  // A fresh learner's worker; what it sends reaches onMessage as small JSON texts (above).
  worker(onMessage) {
    workers += 1;
    return gate(onMessage, `code-worker-${workers}-${Math.random().toString(36).slice(2)}`);
  },
};

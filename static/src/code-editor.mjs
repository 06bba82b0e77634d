// The Code panel's editor: CodeMirror 6 from npm, bundled by tools/setup.sh (esbuild) into
// static/vendor/codemirror/code-editor.js, never fetched from a CDN. It exposes one small object,
// window.__codeEditor, to the page's Python (py/app/code_panel.py); the editor's text is handed
// to Python through onChange (Python keeps it: the DOM is never read back as state).
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, Decoration, ViewPlugin } from "@codemirror/view";
import { EditorState, Compartment, StateField, StateEffect, RangeSetBuilder } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab, undo, isolateHistory } from "@codemirror/commands";
import { indentOnInput, bracketMatching, syntaxHighlighting, defaultHighlightStyle,
  indentUnit } from "@codemirror/language";
import { python } from "@codemirror/lang-python";

const markLine = StateEffect.define();
const errorLine = Decoration.line({ class: "cm-error-line" });
// The line a traceback names (1-based), or none: a line decoration that follows edits.
const marked = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(markLine)) {
        const n = e.value;
        deco = n && n >= 1 && n <= tr.state.doc.lines
          ? Decoration.set([errorLine.range(tr.state.doc.line(n).from)]) : Decoration.none;
      }
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// Step through's line (1-based), or none: the line element carries aria-current="step" and a class of
// its own (a bar in the gutter's colour, read apart from the error's red).
const stepLine = StateEffect.define();
const stepDeco = Decoration.line({ class: "cm-step-line", attributes: { "aria-current": "step" } });
const stepped = StateField.define({
  create: () => Decoration.none,
  update(deco, tr) {
    deco = deco.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(stepLine)) {
        const n = e.value;
        deco = n && n >= 1 && n <= tr.state.doc.lines ? Decoration.set([stepDeco.range(tr.state.doc.line(n).from)])
          : Decoration.none;
      }
    }
    return deco;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// A wrapped line's continuation starts under the line's own code, four columns further in (as Python
// writes a continuation), never at column 0 where it would read as dedented code: each line in view gets
// a hanging indent of its leading whitespace's width plus four (in ch: the editor's font is monospaced).
const HANG = 4;
const hangs = new Map();
function hang(n) {
  let d = hangs.get(n);
  if (!d) {
    d = Decoration.line({ attributes: { style: `padding-left: calc(${n + HANG}ch + 6px); text-indent: -${n + HANG}ch` } });
    hangs.set(n, d);
  }
  return d;
}
const hanging = ViewPlugin.fromClass(class {
  constructor(view) { this.decorations = this.build(view); }
  update(u) { if (u.docChanged || u.viewportChanged) this.decorations = this.build(u.view); }
  build(view) {
    const b = new RangeSetBuilder();
    const doc = view.state.doc;
    for (const { from, to } of view.visibleRanges) {
      for (let pos = from; pos <= to;) {
        const line = doc.lineAt(pos);
        let n = 0;
        for (const ch of line.text) {
          if (ch === " ") n += 1;
          else if (ch === "\t") n += 4 - (n % 4);
          else break;
        }
        b.add(line.from, line.from, hang(n));
        pos = line.to + 1;
      }
    }
    return b.finish();
  }
}, { decorations: (v) => v.decorations });

// The text goes to Python once typing pauses (SETTLE_MS), not on every change: handing a program to the
// page's Python and storing it costs tens of ms, which on every key (or each step of a paste's DOM
// changes) made tasks of 50-350 ms. flush() hands it over at once (before a run reads the code), and
// leaving the page flushes too, so a reload keeps the last keys.
const SETTLE_MS = 250;

function mount(parent, text, label, onChange) {
  let timer = 0;
  const send = () => {
    timer = 0;
    onChange(view.state.doc.toString());
  };
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      send();
    }
  };
  const labels = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), history(), drawSelection(), indentOnInput(),
        bracketMatching(), highlightActiveLine(), python(), indentUnit.of("    "),
        // long lines wrap: the editor grows with the program and never scrolls inside itself (a phone's
        // width, and no scrolling region a keyboard cannot reach)
        EditorView.lineWrapping, hanging,
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        // Tab / Shift+Tab indent; Esc then Tab leaves the editor (CodeMirror's tab-focus rule).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        labels.of(EditorView.contentAttributes.of({ "aria-label": label })),
        marked, stepped,
        EditorView.updateListener.of((u) => {
          if (u.docChanged) {
            clearTimeout(timer);
            timer = setTimeout(send, SETTLE_MS);
          }
        }),
      ],
    }),
  });
  addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", () => { if (document.hidden) flush(); });
  return {
    // The whole text replaced as one change of its own in the undo history (Ctrl+Z, or undo(), brings the
    // text before it back), handed to Python at once.
    set(t) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t }, effects: markLine.of(0),
        annotations: isolateHistory.of("full"), userEvent: "input.replace" });
      flush();
    },
    undo() {
      undo(view);
      flush();
      view.focus();
    },
    flush,
    mark(n) {
      view.dispatch({ effects: markLine.of(n) });
      if (n >= 1 && n <= view.state.doc.lines) {
        view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(n).from, { y: "center" }) });
      }
    },
    // Step through's line marked; the page is not scrolled to it (on a phone the slider and the board
    // stay in view while stepping)
    step(n) {
      view.dispatch({ effects: stepLine.of(n) });
    },
    label(t) {
      view.dispatch({ effects: labels.reconfigure(EditorView.contentAttributes.of({ "aria-label": t })) });
    },
    focus() { view.focus(); },
  };
}

window.__codeEditor = { mount };

// ---- the learner's code in a shared link: the format of py/puzzles/code_link.py (its reference, tested
// against this one end to end), made with the browser's own CompressionStream: MicroPython's deflate on the
// page's main thread took 0.5 s for 8,686 characters. "1." then URL-safe base64 (no padding) of the CRC-32
// of the code's UTF-8 (4 bytes, big-endian) and its raw deflate stream.
const MAX_CODE = 20000; // characters a link carries (py/puzzles/code_link.py's MAX_CODE)
const MAX_PACKED = 200000;
const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
async function squeeze(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}
async function pack(text) {
  const data = new TextEncoder().encode(text);
  const z = await squeeze(data, new CompressionStream("deflate-raw"), Infinity);
  const crc = crc32(data);
  const all = new Uint8Array(4 + z.length);
  all.set([crc >>> 24, (crc >>> 16) & 255, (crc >>> 8) & 255, crc & 255]);
  all.set(z, 4);
  let bin = "";
  for (let i = 0; i < all.length; i += 8192) bin += String.fromCharCode(...all.subarray(i, i + 8192));
  return "1." + btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
// {ok: true, code} or {ok: false, why: "damaged" | "too_long", n}: never half a code.
async function unpack(value) {
  const damaged = { ok: false, why: "damaged", n: 0 };
  value = String(value);
  const body = value.slice(2);
  if (value.length > MAX_PACKED || !value.startsWith("1.") || !/^[A-Za-z0-9_-]*$/.test(body)) return damaged;
  let raw;
  try {
    const bin = atob(body.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (body.length % 4)) % 4));
    raw = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
  } catch { return damaged; }
  if (raw.length < 5) return damaged;
  let data;
  try {
    data = await squeeze(raw.subarray(4), new DecompressionStream("deflate-raw"), MAX_CODE * 4);
  } catch { return damaged; }
  if (data === null) return { ok: false, why: "too_long", n: MAX_CODE + 1 };
  const crc = ((raw[0] << 24) | (raw[1] << 16) | (raw[2] << 8) | raw[3]) >>> 0;
  if (crc32(data) !== crc) return damaged;
  let code;
  try { code = new TextDecoder("utf-8", { fatal: true }).decode(data); } catch { return damaged; }
  let n = 0;
  for (const _ of code) n++; // characters as Python counts them (code points)
  return n > MAX_CODE ? { ok: false, why: "too_long", n } : { ok: true, code, n };
}

window.__codeEditor.pack = pack;
window.__codeEditor.unpack = unpack;

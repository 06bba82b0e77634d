// The Code panel's editor: CodeMirror 6 from npm, bundled by tools/setup.sh (esbuild) into
// static/vendor/codemirror/code-editor.js, never fetched from a CDN. It exposes one small object,
// window.__codeEditor, to the page's Python (py/app/code_panel.py); the editor's text is handed
// to Python through onChange (Python keeps it: the DOM is never read back as state).
import { EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, Decoration } from "@codemirror/view";
import { EditorState, Compartment, StateField, StateEffect } from "@codemirror/state";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
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

function mount(parent, text, label, onChange) {
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
        EditorView.lineWrapping,
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        // Tab / Shift+Tab indent; Esc then Tab leaves the editor (CodeMirror's tab-focus rule).
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        labels.of(EditorView.contentAttributes.of({ "aria-label": label })),
        marked,
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange(u.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    set(t) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t }, effects: markLine.of(0) });
    },
    mark(n) {
      view.dispatch({ effects: markLine.of(n) });
      if (n >= 1 && n <= view.state.doc.lines) {
        view.dispatch({ effects: EditorView.scrollIntoView(view.state.doc.line(n).from, { y: "center" }) });
      }
    },
    label(t) {
      view.dispatch({ effects: labels.reconfigure(EditorView.contentAttributes.of({ "aria-label": t })) });
    },
    focus() { view.focus(); },
  };
}

window.__codeEditor = { mount };

// The Code panel's two outside parts, for the page's Python (py/app/code_panel.py): the editor
// (CodeMirror, bundled into static/vendor/codemirror/, loaded the first time the panel opens) and
// the learner's worker (static/code-worker.js). Text only crosses: JSON strings, never HTML.
let editorLoad = null;
// The learner's program shares its worker's JavaScript (Pyodide's `js` module): a message is taken only
// as text and only this long; anything else is dropped before it reaches the page's Python.
const MAX_MESSAGE = 4 * 1024 * 1024;
window.__code = {
  // Resolves once window.__codeEditor is there (the bundle's one export).
  loadEditor() {
    editorLoad ??= import("./vendor/codemirror/code-editor.js");
    return editorLoad.then(() => true);
  },
  // A fresh learner's worker; every message it sends goes to onMessage as text.
  worker(onMessage) {
    const w = new Worker(new URL("./code-worker.js", import.meta.url), { type: "module", name: "code" });
    w.onmessage = (e) => {
      if (typeof e.data === "string" && e.data.length <= MAX_MESSAGE) onMessage(e.data);
    };
    w.onerror = (e) => onMessage(JSON.stringify({ type: "failed", text: String(e.message || "worker error") }));
    return { post: (text) => w.postMessage(String(text)), end: () => w.terminate() };
  },
};

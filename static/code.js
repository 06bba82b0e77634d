// The Code panel's two outside parts, for the page's Python (py/app/code_panel.py): the editor
// (CodeMirror, bundled into static/vendor/codemirror/, loaded the first time the panel opens) and
// the learner's worker (static/code-worker.js). Text only crosses: JSON strings, never HTML.
let editorLoad = null;
window.__code = {
  // Resolves once window.__codeEditor is there (the bundle's one export).
  loadEditor() {
    editorLoad ??= import("./vendor/codemirror/code-editor.js");
    return editorLoad.then(() => true);
  },
  // A fresh learner's worker; every message it sends goes to onMessage as text.
  worker(onMessage) {
    const w = new Worker(new URL("./code-worker.js", import.meta.url), { type: "module", name: "code" });
    w.onmessage = (e) => onMessage(String(e.data));
    w.onerror = (e) => onMessage(JSON.stringify({ type: "failed", text: String(e.message || "worker error") }));
    return { post: (text) => w.postMessage(String(text)), end: () => w.terminate() };
  },
};

// The state map's main-thread side: small and quick on purpose. Python (py/app/map_panel.py)
// builds the map's DOM and says everything in words; this file runs the worker's `map` job through the page's
// one protocol loop (boot.js's runWorkerJob) and hands the finished answer, unparsed, to the drawing worker
// (map-render.js), so no map of 181,440 positions is ever parsed on the page's thread or in MicroPython.
// Pointer, wheel and key events on the map go to the drawing worker as they come; its answers go back to
// Python as (kind, JSON text).

class MapView {
  constructor(figure, canvas, preview, onEvent) {
    this.figure = figure;
    this.onEvent = onEvent;
    this.run = 0; // the running job's token: a newer run, or cancel(), ends an older one
    this.worker = new Worker(new URL("./map-render.js", import.meta.url));
    this.worker.onmessage = (e) => this.emit(e.data.type, e.data);
    this.worker.onerror = (e) => this.emit("error", { code: "map_failed", text: e.message || "drawing failed" });
    const off = canvas.transferControlToOffscreen();
    const poff = preview.transferControlToOffscreen();
    const box = canvas.getBoundingClientRect();
    this.size = [box.width, box.height];
    this.worker.postMessage({ type: "init", canvas: off, preview: poff, width: box.width || 300,
                              height: box.height || 300, dpr: Math.min(2, window.devicePixelRatio || 1) }, [off, poff]);
    new ResizeObserver(() => {
      const b = canvas.getBoundingClientRect();
      if (!b.width || !b.height || (b.width === this.size[0] && b.height === this.size[1])) return;
      this.size = [b.width, b.height];
      this.worker.postMessage({ type: "resize", width: b.width, height: b.height,
                                dpr: Math.min(2, window.devicePixelRatio || 1) });
    }).observe(canvas);
    const at = (e) => { const b = canvas.getBoundingClientRect(); return [e.clientX - b.left, e.clientY - b.top]; };
    const send = (kind) => (e) => {
      const [x, y] = at(e);
      if (kind === "down") { try { canvas.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ } }
      this.worker.postMessage({ type: "pointer", kind, id: e.pointerId, x, y, touch: e.pointerType === "touch" });
    };
    canvas.addEventListener("pointerdown", send("down"));
    canvas.addEventListener("pointermove", send("move"));
    canvas.addEventListener("pointerup", send("up"));
    canvas.addEventListener("pointercancel", send("cancel"));
    canvas.addEventListener("pointerleave", send("leave"));
    canvas.addEventListener("wheel", (e) => {
      e.preventDefault();
      const [x, y] = at(e);
      this.worker.postMessage({ type: "wheel", x, y, dy: e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY });
    }, { passive: false });
    figure.addEventListener("keydown", (e) => {
      const keys = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Enter", " ", "Home", "Escape", "+", "=", "-"];
      if (!keys.includes(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      e.preventDefault();
      e.stopPropagation();
      this.worker.postMessage({ type: "key", key: e.key });
    });
  }

  emit(kind, data) {
    if (kind === "computed") performance.mark("map-computed"); // the answer is here: the drawing starts
    if (kind === "drawn") {
      this.figure.dataset.drawnMs = String(Math.round(data.ms));
      performance.mark("map-drawn");
    }
    this.onEvent(kind, JSON.stringify(data));
  }

  // Run the worker's `map` job through the page's one protocol loop (boot.js's runWorkerJob): `solver` is
  // the solver worker's proxy, `request` the job's JSON text. A worker that stopped answering is reported
  // as "died": Python starts a fresh one, as for any job.
  async start(solver, game, request) {
    const token = ++this.run;
    this.worker.postMessage({ type: "clear" });
    const end = await window.runWorkerJob(solver, game, request, {
      wanted: () => token === this.run, onProgress: (p) => this.emit("progress", p),
    });
    if (end.kind === "died") { this.emit("died", end.error); return; }
    if (end.kind === "error") { this.emit("error", end.error); return; }
    if (end.kind === "cancelled" || token !== this.run) { this.emit("cancelled", {}); return; }
    this.emit("computed", {});
    this.worker.postMessage({ type: "load", text: end.text });
  }

  cancel() { this.run++; }
  post(msg) { this.worker.postMessage(msg); }
}

// Python's entry points: bfsMap.attach(...) once per game, then that view's methods.
window.bfsMap = {
  attach(figure, canvas, preview, onEvent) {
    const v = new MapView(figure, canvas, preview, onEvent);
    return {
      start: (solver, game, request) => { v.start(solver, game, request); },
      cancel: () => v.cancel(),
      // the board's position, as JSON text {rows, cols, cells}: the map finds it and marks it
      locate: (text) => { const b = JSON.parse(text); v.post({ type: "locate", rows: b.rows, cols: b.cols, cells: b.cells }); },
      pick: (index) => v.post({ type: "pick", index }),
      wave: (depth, positions) => v.post({ type: "wave", depth, positions }),
      waveEnd: (depth) => v.post({ type: "waveEnd", depth }),
      waveOff: () => v.post({ type: "waveOff" }),
      zoom: (factor) => v.post({ type: "zoom", factor }),
    };
  },
};

// The page's side of the service worker (sw.js): registers the service worker once the board is playable and
// the solver's start is over (boot.js imports this module at navigation, before the runtimes' downloads fill
// the connections, and calls start() then; the worker's install takes what the page already fetched from the
// HTTP cache, and fetches the rest), and says when a new version is ready,
// switching to it only when the player presses Reload (or at the next start, once no page of the old
// version is open). Text only, never HTML.
const sw = navigator.serviceWorker;
const TEXT = {
  en: ["A new version is ready — ", "Reload", "New version"],
  zh: ["新版本已就绪——", "重新载入", "新版本"],
};
let controller = sw ? sw.controller : null;
let bar = null;

function words() {
  return TEXT[document.documentElement.lang.startsWith("zh") ? "zh" : "en"];
}

function say() {
  const [text, button, name] = words();
  bar.setAttribute("aria-label", name);
  bar.firstChild.textContent = text;
  bar.lastChild.textContent = button;
}

// The prompt: a fixed bar at the bottom, its words in the page's language (they follow a switch).
function prompt(waiting) {
  if (bar) return;
  bar = document.createElement("div");
  bar.className = "update-bar";
  bar.setAttribute("role", "region");
  bar.setAttribute("aria-live", "polite");
  bar.append(document.createElement("span"), document.createElement("button"));
  bar.lastChild.type = "button";
  bar.lastChild.addEventListener("click", () => {
    bar.lastChild.disabled = true;
    waiting.postMessage("skip-waiting"); // its activation changes the controller: the page reloads below
  });
  say();
  new MutationObserver(say).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  document.body.append(bar);
}

// Tells an installing service worker that this page's start-up is over (its solver is ready, or failed):
// the install then fetches the files the page did not (sw.js), which until now it left to the page.
function started(registration) {
  if (registration.installing && document.documentElement.dataset.solverState !== "loading") {
    registration.installing.postMessage("started");
  }
}

function watch(worker) {
  if (!worker) return;
  const ready = () => worker.state === "installed" && sw.controller && prompt(worker);
  worker.addEventListener("statechange", ready);
  ready();
}

export async function start() {
  if (!sw) return;
  controller = sw.controller; // the version this page runs on, as the listener below starts watching
  // A page that ran on one version never goes on with another's files: when the version controlling it
  // changes (this page's Reload, or another tab's), it reloads. The first visit's page, controlled for the
  // first time, has nothing to mix and stays.
  sw.addEventListener("controllerchange", () => {
    const had = controller;
    controller = sw.controller;
    if (had) location.reload();
  });
  try {
    const registration = await sw.register(new URL("../sw.js", import.meta.url), { updateViaCache: "none" });
    if (!registration) throw new Error("registration refused"); // a browser set to block service workers
    watch(registration.waiting);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => {
      watch(registration.installing);
      started(registration);
    });
    started(registration);
    new MutationObserver(() => started(registration))
      .observe(document.documentElement, { attributes: true, attributeFilter: ["data-solver-state"] });
  } catch (e) {
    console.warn(`The app cannot work offline here: ${e.message || e}`);
  }
}

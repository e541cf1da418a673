// Reroll and Restore buttons for worked-example cards. No rule logic: the cards' Python runs in
// the engine (engine-client.js) and sends back card bodies drawn by the same renderer the build
// used. Nothing of Pyodide is fetched until a reader points at, touches or focuses a card.

import { call, onState, state, warm } from "./engine-client.js";

const sessions = new Map(); // session id → Map(card index → card state)

function cardData(figure) {
  return JSON.parse(figure.dataset.rxExample);
}

function sessionOf(figure) {
  const id = figure.dataset.rxSession;
  if (!sessions.has(id)) sessions.set(id, new Map());
  return sessions.get(id);
}

function stateOf(figure) {
  const cards = sessionOf(figure);
  const index = Number(figure.dataset.rxIndex);
  let card = cards.get(index);
  if (!card || card.figure !== figure) {
    const data = cardData(figure);
    const body = figure.querySelector(":scope > .rx-body");
    card = { figure, data, rolls: data.rolls, documentedRolls: data.rolls, documentedHtml: body.innerHTML };
    cards.set(index, card);
  }
  return card;
}

function figuresOf(sessionId) {
  return [...document.querySelectorAll("figure[data-rx-session]")].filter(
    (f) => f.dataset.rxSession === sessionId,
  );
}

function say(figure, text) {
  const status = figure.querySelector(":scope > .rx-status");
  if (status.textContent !== text) {
    status.textContent = text;
    return;
  }
  // The same words again: clear first so screen readers announce them once more.
  status.textContent = "";
  setTimeout(() => { status.textContent = text; }, 50);
}

function setBusy(figure, busy, progress) {
  const button = figure.querySelector(".rx-reroll");
  const meter = figure.querySelector(".rx-progress");
  if (!button) return;
  // aria-disabled, not disabled: a disabled button loses the keyboard focus, and the reader
  // who pressed it would have to find it again (a second press is ignored while busy).
  if (button.getAttribute("aria-disabled") !== String(busy)) {
    button.setAttribute("aria-disabled", String(busy));
    button.setAttribute("aria-busy", String(busy));
  }
  if (!busy) {
    if (!meter.hidden) meter.hidden = true;
    return;
  }
  if (progress !== undefined) {
    meter.hidden = false;
    meter.value = Math.round(progress * 100);
    meter.textContent = `${meter.value}%`;
  }
}

function markShown(figure, rerolled) {
  figure.dataset.rxShown = rerolled ? "rerolled" : "documented";
  const restore = figure.querySelector(".rx-restore");
  if (restore) restore.hidden = !rerolled;
}

function lastLine(text) {
  const lines = String(text).trim().split("\n").filter(Boolean);
  return lines[lines.length - 1] || "unknown error";
}

const inFlight = new WeakSet(); // cards waiting for an answer (a second press is ignored)
const BUSY_DELAY_MS = 150; // a ready engine answers faster: no busy flicker, no extra frame

function onScreen(element) {
  const box = element.getBoundingClientRect();
  return box.bottom > -100 && box.top < window.innerHeight + 100;
}

function showAnswer(figure, answer) {
  stateOf(figure).rolls = answer.rolls;
  figure.querySelector(":scope > .rx-body").innerHTML = answer.html; // escaped by render.py
  markShown(figure, true);
}

async function reroll(figure) {
  if (inFlight.has(figure)) return;
  inFlight.add(figure);
  performance.mark("rx-reroll-click");
  const target = Number(figure.dataset.rxIndex);
  const figures = figuresOf(figure.dataset.rxSession);
  const cards = figures.map((f) => {
    const card = stateOf(f);
    return { ...card.data, rolls: card.rolls };
  });
  const stopListening = watchLoading(figure);
  const busy = setTimeout(() => setBusy(figure, true), state() === "ready" ? BUSY_DELAY_MS : 0);
  const done = () => {
    clearTimeout(busy);
    stopListening();
    setBusy(figure, false);
    inFlight.delete(figure);
  };
  let result;
  try {
    result = await call("reroll", { target, cards });
  } catch (error) {
    if (error.fatal) {
      say(figure, `The dice roller could not load: ${lastLine(error.message)}. The documented roll is shown.`);
      figure.dataset.rxEngineFailed = "true";
    } else {
      say(figure, `Reroll stopped: ${lastLine(error.message)}.`);
    }
    done();
    return;
  }
  delete figure.dataset.rxEngineFailed; // a later try loaded it
  const answered = performance.now();
  // Cards on screen first, so the first frame paints what the reader sees; the cards off
  // screen follow right after that frame.
  const later = [];
  for (const answer of result.cards) {
    const other = figures.find((f) => Number(f.dataset.rxIndex) === answer.index);
    if (!other) continue;
    if (other === figure || onScreen(other)) showAnswer(other, answer);
    else later.push([other, answer]);
  }
  say(figure, result.announcement);
  const timing = { pythonMs: result.pythonMs, answered, drawn: performance.now(),
    received: result.received - performance.timeOrigin,
    replied: result.replied - performance.timeOrigin };
  requestAnimationFrame(() => setTimeout(() => {
    performance.mark("rx-result-painted", { detail: timing });
    for (const [other, answer] of later) showAnswer(other, answer);
    performance.mark("rx-page-updated");
    done();
  }, 0));
}

function restore(figure) {
  for (const other of figuresOf(figure.dataset.rxSession)) {
    const card = stateOf(other);
    if (other.dataset.rxShown !== "rerolled") continue;
    other.querySelector(":scope > .rx-body").innerHTML = card.documentedHtml;
    card.rolls = card.documentedRolls;
    markShown(other, false);
  }
  say(figure, "Restored: every example on this page shows its documented roll again.");
  figure.querySelector(".rx-reroll")?.focus();
}

function watchLoading(figure) {
  if (state() === "ready") return () => {};
  const stopWatching = onState((now, detail) => {
    if (now === "loading") setBusy(figure, true, detail.fraction ?? 0);
  });
  say(figure, "Loading the rules engine…");
  return stopWatching;
}

function bind(figure) {
  if (figure.dataset.rxBound) return;
  figure.dataset.rxBound = "true";
  figure.addEventListener("pointerenter", warm, { once: true });
  figure.addEventListener("focusin", warm, { once: true });
  figure.addEventListener("touchstart", warm, { once: true, passive: true });
  if (figure.dataset.rxRerollable !== "true") return;
  const controls = figure.querySelector(":scope > .rx-controls");
  const title = figure.querySelector(".rx-title")?.textContent ?? "this example";
  controls.innerHTML = "";
  const rerollButton = Object.assign(document.createElement("button"), {
    type: "button", className: "md-button rx-reroll", textContent: "Reroll",
  });
  rerollButton.setAttribute("aria-describedby", `${figure.id}-what`);
  const meter = Object.assign(document.createElement("progress"), {
    className: "rx-progress", max: 100, value: 0, hidden: true,
  });
  meter.setAttribute("aria-label", "Loading the rules engine");
  const restoreButton = Object.assign(document.createElement("button"), {
    type: "button", className: "md-button rx-restore", textContent: "Restore", hidden: true,
  });
  const what = Object.assign(document.createElement("span"), {
    id: `${figure.id}-what`, className: "rx-what",
    textContent: `Roll “${title}” again with fresh dice; later examples on the page follow.`,
  });
  rerollButton.addEventListener("click", () => reroll(figure));
  restoreButton.addEventListener("click", () => restore(figure));
  controls.append(rerollButton, meter, restoreButton, what);
  markShown(figure, false);
}

// The service worker keeps the engine for second visits and offline reading. Registering it
// fetches no engine file: only what a reader rerolls with is ever kept.
function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const root = new URL("../../", import.meta.url);
  navigator.serviceWorker.register(new URL("rules-examples-sw.js", root), { scope: root.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => keepForOffline(registration.active))
    .catch((error) => console.warn(`rules-examples: no offline engine (${error})`));
}

// This page and everything it has loaded (stylesheets, scripts and the modules they import),
// for the service worker to keep: the page loaded before the worker was in control, so
// nothing of it was kept on the way. Engine files are not among them unless already fetched.
function keepForOffline(worker) {
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  const urls = [location.href.split("#")[0], ...loaded]
    .filter((url) => url.startsWith(location.origin) && !url.includes("/pyodide/"));
  worker?.postMessage({ type: "keep", urls: [...new Set(urls)] });
}

function bindAll() {
  for (const figure of document.querySelectorAll("figure[data-rx-session]")) bind(figure);
  document.documentElement.dataset.rxCards = "ready"; // reroll-check.js: the script started
}

registerServiceWorker();

// Material's instant navigation swaps the page without re-running scripts: rebind each time.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindAll);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", bindAll);
} else {
  bindAll();
}

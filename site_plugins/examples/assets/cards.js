// Worked-example cards in the browser: the Reroll and Restore buttons, the "Show the code"
// toggles (one per card, and a page's box for every card's), the page's bar while it shows
// new dice, and links to a roll. No rule logic: the cards' Python runs in the engine (engine-client.js) and sends
// back card views drawn by the same renderer the build used. Nothing of Pyodide is fetched
// until a reader rests the mouse on a Reroll button, focuses it or presses it (or opens a link
// to a roll); after the first result, engine-keep.js keeps the start-up snapshot for the next
// visit, or offers to.

import { markCheck, markNarrated, passagesSaid, restoreBound, showBound } from "./bound-prose.js";
import { call, onManifest, onState, state, warmOnIntent } from "./engine-client.js";
import { offerToKeep } from "./engine-keep.js";
import { hideBar, sayOnBar, showBar } from "./page-bar.js";
import { bindDiceNotation } from "./dice-notation.js";
import { bindRollers } from "./roller.js";
import { focusableWideTables, inertClosedDrawer } from "./theme-fixes.js";
import { LinkError, linkURL, parseRollLink, rollLink } from "./share-link.js";
import { fillOdds, oddsFailed } from "./odds-follow.js";

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
    card = { figure, data, rolls: data.rolls, documentedRolls: data.rolls,
      documentedHtml: bodyOf(figure).innerHTML, documentedCode: codeOf(figure)?.innerHTML ?? "" };
    cards.set(index, card);
  }
  return card;
}

function bodyOf(figure) {
  return figure.querySelector(":scope > .rx-body");
}

function codeOf(figure) {
  return figure.querySelector(":scope > .rx-code-view .rx-code-body");
}

function figuresOf(sessionId) {
  return [...document.querySelectorAll("figure[data-rx-session]")].filter(
    (f) => f.dataset.rxSession === sessionId,
  );
}

// Tell the reader (and screen readers, through the live region) what happened. ``quiet``:
// for screen readers only, when the card itself already shows it to the eye.
function sayOnCard(figure, text, quiet = false) {
  const status = figure.querySelector(":scope > .rx-status");
  status.classList.toggle("rx-quiet", quiet);
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

// A card shows its documented roll or new dice; while it shows new dice, the paragraphs its
// author marked as narrating its roll are marked as describing the documented one. (Its bound
// values follow the new dice instead: showAnswer.)
function markShown(figure, rerolled) {
  figure.dataset.rxShown = rerolled ? "rerolled" : "documented";
  const restore = figure.querySelector(".rx-restore");
  if (restore) restore.hidden = !rerolled;
  markNarrated(figure, rerolled);
}

// Checks are never redrawn: each answer says whether the new dice change what a check says, and
// only then is it marked, with its note (bound-prose.js, markCheck). Restore unmarks them all.
function unmarkChecks(sessionId) {
  for (const check of figuresOf(sessionId).filter((f) => f.matches("figure.rx-check"))) {
    markCheck(check, false);
  }
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

// Answers shown on each page's cards (session id → card index → answer), so that the new dice
// stay when Material's instant navigation swaps the page in again (a click in the table of
// contents): only Restore brings back the documented rolls.
const shown = new Map();

// Returns the passages of prose whose bound values changed. A check's answer says only whether
// the new dice change it: the check and the prose bound to it stay as documented.
function showAnswer(figure, answer, shared = false) {
  const session = figure.dataset.rxSession;
  if (!shown.has(session)) shown.set(session, { shared, answers: new Map() });
  shown.get(session).shared = shared;
  shown.get(session).answers.set(Number(figure.dataset.rxIndex), answer);
  if (answer.check) {
    markCheck(figure, Boolean(answer.follows));
    return [];
  }
  const card = stateOf(figure);
  card.rolls = answer.rolls;
  figure.dataset.rxRolls = JSON.stringify(answer.rolls); // the faces it shows, for scripts
  bodyOf(figure).innerHTML = answer.html; // escaped by render_reader.py
  const code = codeOf(figure);
  if (code) code.innerHTML = answer.code; // escaped by render_code.py
  const passages = showBound(figure, answer.bound); // text only, written by bound_values.py
  describeReroll(figure); // its title may have followed the dice
  // A card the new dice did not change (the same faces, and it shows what it showed) is not
  // marked as changed. Both views as the browser writes them back, so only what they say is
  // compared; odds aside, which may follow the answer (the same dice have the same odds).
  const same = JSON.stringify(answer.rolls) === JSON.stringify(card.documentedRolls)
    && withoutOdds(bodyOf(figure).innerHTML) === documentedView(card);
  // The same card as documented keeps its documented odds rather than wait for them again.
  if (same) bodyOf(figure).innerHTML = card.documentedHtml;
  markShown(figure, !same);
  return passages;
}

// The documented body without its odds, worked out once a card (every answer compares to it).
function documentedView(card) {
  card.documentedView ??= withoutOdds(card.documentedHtml);
  return card.documentedView;
}

function withoutOdds(html) {
  const view = document.createElement("template");
  view.innerHTML = html;
  for (const odds of view.content.querySelectorAll("ul.rx-odds")) odds.remove();
  return view.innerHTML;
}

// The odds of an answer drawn before them, once they come (engine-client.js, call): filled in
// on each card that still shows that answer's dice.
function followOdds(sessionId, result) {
  const still = (figure, answer) => figure
    && JSON.stringify(stateOf(figure).rolls) === JSON.stringify(answer.rolls);
  const cards = result.cards.filter((answer) => !answer.check).map((answer) => [
    figuresOf(sessionId).find((f) => Number(f.dataset.rxIndex) === answer.index), answer]);
  result.complete.then((full) => {
    for (const answer of full.cards.filter((a) => !a.check)) {
      const figure = cards.find(([, first]) => first.index === answer.index)?.[0];
      if (!still(figure, answer)) continue;
      fillOdds(bodyOf(figure), answer.html);
      shown.get(sessionId)?.answers.set(answer.index, answer);
    }
  }, () => cards.forEach(([figure, answer]) => still(figure, answer) && oddsFailed(bodyOf(figure))));
}

// Tell a screen reader, once for the card, what its prose now says.
function sayProse(figure, passages, lead = "") {
  const prose = passagesSaid(passages);
  if (lead || prose) sayOnCard(figure, [lead, prose].filter(Boolean).join(" "), true);
}

// After the page was swapped in again: the answers it showed, shown again.
function showKept(sessionId) {
  const kept = shown.get(sessionId);
  if (!kept) return;
  const figures = figuresOf(sessionId);
  for (const [index, answer] of kept.answers) {
    const figure = figures.find((f) => Number(f.dataset.rxIndex) === index);
    if (figure && figure.dataset.rxShown !== "rerolled") showAnswer(figure, answer, kept.shared);
  }
  const first = figures.find((f) => f.dataset.rxShown === "rerolled");
  if (first) showNewDiceBar(first, kept.shared);
}

function rerolledCards() {
  return [...document.querySelectorAll('figure[data-rx-shown="rerolled"]')];
}

// Bring a card into view and give it the focus (without adding it to the tab order), so a
// reader sees, and a screen reader reads, the card a link is about.
function showCard(figure) {
  figure.setAttribute("tabindex", "-1");
  figure.scrollIntoView({ block: "start", behavior: "instant" });
  figure.focus({ preventScroll: true });
}

// A link to ``figure`` for the page's bar, named by its title; following it keeps the
// address (a link to a roll stays a link to that roll), so neither the browser nor
// Material's instant navigation (which listens on the body) follows it.
function cardLink(figure) {
  const title = figure.querySelector(".rx-title")?.textContent.trim() || "this example";
  return { text: title, href: `#${figure.id}`, onClick: (event) => {
    event.preventDefault();
    event.stopPropagation();
    showCard(figure);
  } };
}

// The bar a page shows while any of its cards shows new dice: a shared roll names its first
// card.
function showNewDiceBar(figure, shared) {
  const actions = [{ label: "Restore", onClick: () => restore(figure) }];
  if (!shared) actions.unshift({ label: "Link to this roll", onClick: copyRollLink });
  const prose = "Highlighted numbers in the text follow them; passages marked “about the documented roll” do not.";
  if (shared) {
    showBar(["Showing a shared roll of “", cardLink(figure), "”."], actions,
      { more: `These are the dice of the link you opened, not the documented ones. ${prose}` });
  } else {
    showBar("New dice on this page.", actions, { more: prose });
  }
}

async function copyRollLink() {
  const cards = new Map(rerolledCards().filter((f) => f.id).map((f) => [f.id, stateOf(f).rolls]));
  const fragment = rollLink(cards);
  history.replaceState(history.state, "", fragment);
  try {
    await navigator.clipboard.writeText(linkURL(fragment));
    sayOnBar("Link copied: whoever opens it sees these dice.");
  } catch {
    sayOnBar("The address bar now holds a link to these dice: copy it from there.");
  }
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
      sayOnCard(figure, `The dice roller could not load: ${lastLine(error.message)}. The documented roll is shown.`);
      figure.dataset.rxEngineFailed = "true";
    } else {
      sayOnCard(figure, `Reroll stopped: ${lastLine(error.message)}.`);
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
    if (other === figure) sayProse(figure, showAnswer(other, answer), result.announcement);
    else if (onScreen(other)) sayProse(other, showAnswer(other, answer));
    else later.push([other, answer]);
  }
  showNewDiceBar(figure, false);
  const timing = { pythonMs: result.pythonMs, answered, drawn: performance.now(),
    received: result.received - performance.timeOrigin,
    replied: result.replied - performance.timeOrigin };
  requestAnimationFrame(() => setTimeout(() => {
    performance.mark("rx-result-painted", { detail: timing });
    for (const [other, answer] of later) sayProse(other, showAnswer(other, answer));
    if (result.complete) followOdds(figure.dataset.rxSession, result); // every card drawn
    afterFirstResult(figure, result);
    performance.mark("rx-page-updated");
    done();
  }, 0));
}

function restore(figure) {
  for (const other of figuresOf(figure.dataset.rxSession)) {
    const card = stateOf(other);
    // A card that kept its dice and words may still differ where its odds came after it.
    if (other.dataset.rxShown !== "rerolled" && bodyOf(other).innerHTML === card.documentedHtml) {
      continue;
    }
    bodyOf(other).innerHTML = card.documentedHtml;
    const code = codeOf(other);
    if (code) code.innerHTML = card.documentedCode;
    card.rolls = card.documentedRolls;
    delete other.dataset.rxRolls;
    markShown(other, false);
  }
  shown.delete(figure.dataset.rxSession);
  restoreBound(figure.dataset.rxSession);
  for (const other of figuresOf(figure.dataset.rxSession)) describeReroll(other);
  unmarkChecks(figure.dataset.rxSession);
  hideBar();
  if (location.hash.startsWith("#roll=")) history.replaceState(history.state, "", location.pathname + location.search);
  sayOnCard(figure, "Restored: every example on this page shows its documented roll again.", true);
  figure.querySelector(".rx-reroll")?.focus();
}

// A link to a roll (#roll=…): the cards it names replay its faces through the engine; a link
// that cannot be read, or whose faces do not fit the examples, leaves the documented rolls
// and says why.
async function openRollLink() {
  let named;
  try {
    named = parseRollLink(location.hash);
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    showBar(`This link's roll cannot be shown: ${error.message}. The documented rolls are shown.`, [], { error: true });
    return;
  }
  if (!named) return;
  const figures = [...named.keys()].map((id) => document.getElementById(id));
  const missing = [...named.keys()].filter((id, i) => !figures[i]?.matches("figure.rx-card[data-rx-session]"));
  if (missing.length) {
    showBar(`This link's roll cannot be shown: this page has no example “${missing[0]}”. The documented rolls are shown.`, [], { error: true });
    return;
  }
  const first = figures.reduce((a, b) => (Number(a.dataset.rxIndex) <= Number(b.dataset.rxIndex) ? a : b));
  const cards = figuresOf(first.dataset.rxSession).map((f) => {
    const card = stateOf(f);
    return { ...card.data, rolls: named.get(f.id) ?? card.documentedRolls };
  });
  // At once, while the engine loads: the reader sees the card the link is about.
  showBar(["Opening a shared roll of “", cardLink(first), "”: loading the rules engine…"], []);
  showCard(first);
  const placed = first.getBoundingClientRect().top;
  let result;
  try {
    result = await call("replay", { target: Number(first.dataset.rxIndex), cards });
  } catch (error) {
    showBar(`This link's roll cannot be shown: ${lastLine(error.message)}. The documented rolls are shown.`, [], { error: true });
    return;
  }
  if (result.error) {
    showBar(`This link's roll cannot be shown: ${result.error}. The documented rolls are shown.`, [], { error: true });
    return;
  }
  let passages = [];
  for (const answer of result.cards) {
    const other = figuresOf(first.dataset.rxSession).find((f) => Number(f.dataset.rxIndex) === answer.index);
    if (other) passages = passages.concat(showAnswer(other, answer, true));
  }
  showNewDiceBar(first, true);
  if (result.complete) followOdds(first.dataset.rxSession, result);
  afterFirstResult(first, result);
  // The bar's words grew: a reader still at the card (not scrolled, focus not moved) is
  // brought clear of the bar again.
  if (document.activeElement === first && Math.abs(first.getBoundingClientRect().top - placed) < 2) showCard(first);
  sayProse(first, passages, result.announcement);
}

// "Show the code" opens one card's code. A reader who wants every card's code says so once,
// with the page's "Show the code of every card" box, and the choice holds on the pages read
// next. Without JavaScript each card's <details> still opens on its own.
const ALL_CODE = "rules-examples.all-code";

function allCodeChosen() {
  try {
    return localStorage.getItem(ALL_CODE) === "shown";
  } catch {
    return false; // storage refused (a private window): the box holds for this page only
  }
}

function codeViews() {
  return [...document.querySelectorAll("figure[data-rx-session] > details.rx-code-view")];
}

// A failed card's code stays open: it shows where the example went wrong.
function openCode(details, open) {
  if (details.closest("figure").dataset.rxState !== "failed") details.open = open;
}

function chooseAllCode(shown) {
  try {
    if (shown) localStorage.setItem(ALL_CODE, "shown");
    else localStorage.removeItem(ALL_CODE);
  } catch {
    // storage refused: this page only
  }
  for (const details of codeViews()) openCode(details, shown);
}

// The page's box, under its title, on a page of two cards or more.
function bindAllCodeBox() {
  const host = document.querySelector("article.md-content__inner");
  if (!host || host.querySelector(".rx-all-code") || codeViews().length < 2) return;
  const box = Object.assign(document.createElement("input"), {
    type: "checkbox", className: "rx-all-code-box", checked: allCodeChosen(),
  });
  box.addEventListener("change", () => chooseAllCode(box.checked));
  const label = Object.assign(document.createElement("label"), { className: "rx-all-code" });
  label.append(box, "Show the code of every card");
  const heading = host.querySelector("h1");
  if (heading) heading.after(label);
  else host.prepend(label);
}

function bindCode(figure) {
  const details = figure.querySelector(":scope > details.rx-code-view");
  if (details && allCodeChosen()) openCode(details, true);
}

function watchLoading(figure) {
  if (state() === "ready") return () => {};
  const stopWatching = onState((now, detail) => {
    if (now === "loading") setBusy(figure, true, detail.fraction ?? 0);
  });
  sayOnCard(figure, "Loading the rules engine…");
  return stopWatching;
}

// What the Reroll button does, in words: with the card's contract, what it keeps
// (language/contracts.py), so that a reader knows before pressing it; the title is the one the
// card shows now (a bound title follows the dice), so it is said again after every answer.
function describeReroll(figure) {
  const button = figure.querySelector(":scope > .rx-controls .rx-reroll");
  const what = figure.querySelector(":scope > .rx-controls .rx-what");
  if (!button || !what) return;
  const title = (figure.querySelector(".rx-title")?.textContent ?? "").trim() || "this example";
  const contract = cardData(figure).contract;
  const how = contract?.keep ? ` with fresh dice until ${contract.until}`
    : contract?.fixed ? `, keeping ${contract.keeping} as documented` : " with fresh dice";
  const index = Number(figure.dataset.rxIndex);
  const later = figuresOf(figure.dataset.rxSession).some(
    (other) => other.matches("figure.rx-card") && Number(other.dataset.rxIndex) > index);
  button.title = `Roll “${title}” again${how}${later ? "; later examples on the page follow" : ""}`;
  what.textContent = `${button.title}.`;
}

function bindCard(figure) {
  if (figure.dataset.rxBound) return;
  figure.dataset.rxBound = "true";
  bindCode(figure);
  if (figure.dataset.rxRerollable !== "true") {
    // A card whose contract keeps every face says why it has no Reroll (render.py).
    figure.querySelector(":scope > .rx-controls > .rx-kept")?.removeAttribute("hidden");
    return;
  }
  const controls = figure.querySelector(":scope > .rx-controls");
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
  });
  rerollButton.addEventListener("click", () => reroll(figure));
  warmOnIntent(rerollButton, () => [figure.dataset.rxExample ?? ""]);
  restoreButton.addEventListener("click", () => restore(figure));
  controls.append(rerollButton, meter, restoreButton, what);
  describeReroll(figure);
  markShown(figure, false);
}

// Once a card's result and its odds are on screen: the start-up snapshot is kept for the next
// visit, or offered (engine-keep.js; once a visit), in a line under the card.
function afterFirstResult(figure, result) {
  Promise.resolve(result.complete).catch(() => {}).then(() => offerToKeep(
    figure.querySelector(":scope > details.rx-code-view"), figure.querySelector(".rx-reroll")));
}

// The service worker keeps the engine for a second visit (and, where the site asks for it
// with offline_pages, the pages read, for reading offline). It is registered when the engine
// is first used (a reroll, a roll, dice in the prose, a warm-up on intent), never on a mere
// page view, and only where the site ships one: the engine's manifest says so. Registering it
// fetches no engine file.
let registered = false;

function registerServiceWorker() {
  if (registered || !("serviceWorker" in navigator) || !window.isSecureContext) return;
  registered = true;
  const root = new URL("../../", import.meta.url);
  navigator.serviceWorker.register(new URL("rules-examples-sw.js", root), { scope: root.pathname })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => keepForOffline(registration.active))
    .catch((error) => console.warn(`rules-examples: no service worker (${error})`));
}

// This page and everything it has loaded (stylesheets, scripts), and the two engine files
// outside its content-named folder that a reroll needs (the worker's script, the manifest),
// for the service worker to keep where the site keeps pages for offline reading (it ignores
// this otherwise): the page loaded before the worker was in control, so nothing of it was
// kept on the way. The engine's own files are kept by the engine (engine-fetch.js).
function keepForOffline(worker) {
  const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
  const urls = [location.href.split("#")[0], ...loaded]
    .filter((url) => url.startsWith(location.origin) && !url.includes("/pyodide/"));
  const engine = ["engine-worker.js", "pyodide/manifest.json"]
    .map((name) => new URL(name, import.meta.url).href);
  worker?.postMessage({ type: "keep", urls: [...new Set([...urls, ...engine])] });
}

function bindAll() {
  for (const figure of document.querySelectorAll("figure[data-rx-session]")) bindCard(figure);
  bindAllCodeBox();
  const sessions = new Set([...document.querySelectorAll("figure[data-rx-session]")]
    .map((f) => f.dataset.rxSession));
  for (const session of sessions) showKept(session);
  bindRollers();
  bindDiceNotation();
  inertClosedDrawer();
  focusableWideTables();
  document.documentElement.dataset.rxCards = "ready"; // the script started (reroll-check.css)
  if (location.hash.startsWith("#roll=")) openRollLink();
}

onManifest(({ serviceWorker }) => serviceWorker && registerServiceWorker());
let resized = 0; // a phone turned on its side: which tables scroll changes
window.addEventListener("resize", () => {
  clearTimeout(resized);
  resized = setTimeout(focusableWideTables, 200);
});

// Material's instant navigation swaps the page without re-running scripts: rebind each time.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(bindAll);
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", bindAll);
} else {
  bindAll();
}

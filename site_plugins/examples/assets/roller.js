// A chapter's "Roll your own" form. No rule logic: the form's values go to the engine as
// text (rules_core.roll_form reads and checks them, the system rolls them) and the result
// comes back drawn by the same renderer as the cards. A link carries the values and the
// faces; opening it replays exactly those faces.

import { call, warmOnIntent } from "./engine-client.js";
import { offerToKeep } from "./engine-keep.js";
import { fillOdds, oddsFailed } from "./odds-follow.js";
import { LinkError, linkURL, parseRollerLink, rollerLink } from "./share-link.js";

// ``quiet``: for screen readers only (the result itself shows it to the eye).
function say(form, text, quiet = false) {
  const status = form.querySelector(":scope > .rx-status");
  status.classList.toggle("rx-quiet", quiet);
  status.textContent = text;
}

function values(form) {
  const found = {};
  for (const element of form.elements) {
    if (element.name) found[element.name] = element.value;
  }
  return found;
}

function fill(form, given) {
  for (const [name, value] of Object.entries(given)) {
    const element = form.elements.namedItem(name);
    if (element && "value" in element) element.value = value;
  }
}

async function roll(form, request, shared) {
  const button = form.querySelector(".rx-roller-roll");
  button.setAttribute("aria-disabled", "true");
  say(form, "Rolling…");
  let result;
  try {
    result = await call("roll", { system: form.dataset.rxSystem, ...request });
  } catch (error) {
    say(form, `The roll could not be made: ${String(error.message).trim().split("\n").pop()}.`);
    return;
  } finally {
    button.removeAttribute("aria-disabled");
  }
  if (result.error) {
    say(form, `${shared ? "This link's roll cannot be shown" : "Not rolled"}: ${result.error}.`);
    form.querySelector(".rx-roller-result").replaceChildren(); // no result the values did not make
    form.querySelector(".rx-roller-link").hidden = true;
    return;
  }
  form.dataset.rxRolled = "true";
  const shown = form.querySelector(".rx-roller-result");
  shown.innerHTML = result.html; // escaped by render_views.py
  form.lastRoll = { values: result.values, dice: result.dice };
  result.complete?.then( // the odds, once loaded, while this roll is still the one shown
    (full) => form.lastRoll.dice === result.dice && fillOdds(shown, full.html),
    () => form.lastRoll.dice === result.dice && oddsFailed(shown));
  // Then the start-up snapshot is kept for the next visit, or offered (engine-keep.js).
  Promise.resolve(result.complete).catch(() => {}).then(() => offerToKeep(
    form.querySelector(".rx-roller-controls"), form.querySelector(".rx-roller-roll")));
  form.querySelector(".rx-roller-link").hidden = false;
  if (shared) say(form, `A shared roll: the dice of the link you opened. ${result.announcement}`);
  else say(form, result.announcement, true);
}

async function copyLink(form) {
  if (!form.lastRoll) return;
  const fragment = rollerLink(form.lastRoll.values, form.lastRoll.dice);
  history.replaceState(history.state, "", fragment);
  try {
    await navigator.clipboard.writeText(linkURL(fragment));
    say(form, "Link copied: whoever opens it sees this roll.");
  } catch {
    say(form, "The address bar now holds a link to this roll: copy it from there.");
  }
}

function openLink(form) {
  let link;
  try {
    link = parseRollerLink(location.hash);
  } catch (error) {
    if (!(error instanceof LinkError)) throw error;
    say(form, `This link's roll cannot be shown: ${error.message}.`);
    return;
  }
  if (!link) return;
  fill(form, link.values);
  roll(form, { values: link.values, dice: link.dice }, true);
}

function bind(form) {
  if (form.dataset.rxBound) return;
  form.dataset.rxBound = "true";
  form.querySelector(".rx-roller-nojs").hidden = true;
  form.querySelector(".rx-roller-controls").hidden = false;
  // A mouse resting on Roll, or the keyboard in the form; the request names its package.
  warmOnIntent(form.querySelector(".rx-roller-roll"), () => [form.dataset.rxSystem], form);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.querySelector(".rx-roller-roll").getAttribute("aria-disabled") === "true") return;
    roll(form, { values: values(form) }, false);
  });
  form.querySelector(".rx-roller-link").addEventListener("click", () => copyLink(form));
  if (location.hash.startsWith("#roller=")) openLink(form);
}

export function bindRollers() {
  for (const form of document.querySelectorAll("form.rx-roller[data-rx-system]")) bind(form);
}

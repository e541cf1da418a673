// The engine's start-up snapshot, kept for a reader's next visit only where that costs the
// reader nothing they did not choose. A first visit starts Pyodide plainly: the snapshot
// (4–6 MB) only saves the next visit's start. Once a card's or a roller's first result is out
// (its odds included):
//
// - on a desk with a fast, unmetered link (a fine pointer that hovers, a window wider than a
//   phone's, no Save-Data, no 2G or 3G), it is downloaded in the background, and a line under
//   the card says so, politely, once;
// - on a phone or a tablet (a coarse pointer, no hover, a narrow window), with Save-Data or on
//   2G/3G, nothing more is downloaded: the line offers a button, "Keep the engine for next
//   time", that says what it costs, and the snapshot is fetched only if it is pressed.
//
// Once per visit: the page's script outlives Material's instant navigation. No rule logic.

import { keepSnapshot, snapshotToKeep, thrifty } from "./engine-client.js";

// A phone or a tablet: what examples.css also lays out for one.
const PHONE = "(pointer: coarse), (hover: none), (max-width: 37.5em)";

let offered = false;

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)}\u00a0MB`;
}

// Whether a few more megabytes in the background are welcome on this device and link.
function welcome() {
  return !thrifty() && !window.matchMedia(PHONE).matches;
}

// After the first result a reader got: keep the snapshot, saying so, or offer to. The line goes
// after ``after`` (a card's code toggle, a roller's buttons); ``focusBack`` takes the keyboard's
// focus when the offer's button goes (the button the reader pressed for the result).
export function offerToKeep(after, focusBack) {
  const snapshot = snapshotToKeep();
  if (offered || !snapshot || !after) return;
  offered = true;
  const size = megabytes(snapshot.bytes);
  const line = Object.assign(document.createElement("div"), { className: "rx-keep" });
  const status = Object.assign(document.createElement("span"), { className: "rx-keep-status" });
  status.setAttribute("role", "status");
  if (welcome()) {
    status.textContent = `Keeping the rules engine for your next visit (${size}, in the `
      + "background), so rerolls there start at once.";
    line.append(status);
    after.after(line);
    keep(status, false);
    return;
  }
  const button = Object.assign(document.createElement("button"), {
    type: "button", className: "md-button rx-keep-button", textContent: "Keep the engine for next time",
  });
  const why = Object.assign(document.createElement("span"), {
    className: "rx-keep-why", id: `rx-keep-why-${Date.now()}`,
    textContent: `${size} to download now, so that your next visit rerolls without waiting.`,
  });
  button.setAttribute("aria-describedby", why.id);
  button.addEventListener("click", () => {
    button.remove();
    why.remove();
    status.textContent = `Keeping the rules engine for your next visit (${size})…`;
    focusBack?.focus();
    keep(status, true);
  });
  line.append(button, why, status);
  after.after(line);
}

// Keep it; a reader who asked hears when it is kept. Either way a failure is said.
function keep(status, asked) {
  keepSnapshot().then(() => {
    if (asked) status.textContent = "Kept: your next visit rerolls without downloading the engine.";
  }, (error) => {
    status.textContent = `The rules engine could not be kept for your next visit (${
      String(error?.message ?? error).replace(/\.$/, "")}).`;
  });
}

// One bar per page while it shows dice other than the documented ones: what the page shows
// ("New dice on this page", "Showing a shared roll of …") and its actions (link to this roll,
// restore); or why a link's roll cannot be shown, with a button that closes it.
// No rule logic: words and buttons only.
//
// The bar of new dice stays in sight as the reader scrolls (sticky), so on a phone it is one
// row: its explanation (``more``) is read to screen readers but not drawn there (CSS). An
// error bar stays where it is, at the top of the page, until it is closed.

let bar = null;

function article() {
  return document.querySelector("article.md-content__inner") ?? document.querySelector("main") ?? document.body;
}

function button(text, onClick) {
  const element = Object.assign(document.createElement("button"), {
    type: "button", className: "md-button rx-bar-button", textContent: text,
  });
  element.addEventListener("click", onClick);
  return element;
}

// A part of the bar's words: a string, or a link {text, href, onClick}.
function wordsPart(part) {
  if (typeof part === "string") return document.createTextNode(part);
  const link = Object.assign(document.createElement("a"), { href: part.href, textContent: part.text });
  if (part.onClick) link.addEventListener("click", part.onClick);
  return link;
}

// How much of the top of the screen the sticky bar covers, for the cards' scroll-margin-top
// (examples.css): a card scrolled to is not hidden under it. Set on the article, so a page
// swapped in by instant navigation starts without it.
function coverCards(host, shown) {
  host.style.setProperty("--rx-bar-height", shown ? `${bar.offsetHeight}px` : "0px");
}

function closeButton() {
  const close = Object.assign(document.createElement("button"), {
    type: "button", className: "rx-bar-close", textContent: "×",
  });
  close.setAttribute("aria-label", "Close this message");
  close.title = "Close this message";
  close.addEventListener("click", () => {
    hideBar();
    // The button is gone: the keyboard goes on from the top of the page's text.
    const heading = article().querySelector("h1");
    heading?.setAttribute("tabindex", "-1");
    heading?.focus();
  });
  return close;
}

// Show the bar: ``words`` (a string, or an array of strings and links), then the actions
// given ({label, onClick} each), and a status line. ``more``: what the words leave out, not
// drawn on a phone. ``error``: a bar that says why something cannot be shown: not sticky,
// and closable.
export function showBar(words, actions, { more = "", error = false } = {}) {
  const host = article();
  if (!bar || !host.contains(bar)) {
    bar = Object.assign(document.createElement("div"), { className: "rx-page-bar" });
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", "Dice on this page");
    const heading = host.querySelector("h1");
    if (heading) heading.after(bar);
    else host.prepend(bar);
  }
  bar.classList.toggle("rx-page-bar-error", error);
  const text = Object.assign(document.createElement("span"), { className: "rx-bar-text" });
  text.append(...[words].flat().map(wordsPart));
  if (more) {
    text.append(" ", Object.assign(document.createElement("span"), { className: "rx-bar-more", textContent: more }));
  }
  const status = Object.assign(document.createElement("span"), { className: "rx-bar-status" });
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const buttons = actions.map((a) => button(a.label, a.onClick));
  bar.replaceChildren(text, ...buttons, ...(error ? [closeButton()] : []), status);
  bar.hidden = false;
  coverCards(host, !error);
  return bar;
}

export function sayOnBar(text) {
  const status = bar?.querySelector(".rx-bar-status");
  if (status) status.textContent = text;
}

export function hideBar() {
  if (!bar) return;
  bar.hidden = true;
  coverCards(article(), false);
}

export function barButton(label) {
  return [...(bar?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label) ?? null;
}

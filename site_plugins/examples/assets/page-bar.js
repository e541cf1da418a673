// One bar per page while it shows dice other than the documented ones: what the page shows
// ("New dice on this page", "A shared roll") and its actions (link to this roll, restore).
// No rule logic: words and buttons only.

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

// Show the bar: ``text``, then the actions given ({label, onClick} each), and a status line.
export function showBar(text, actions) {
  const host = article();
  if (!bar || !host.contains(bar)) {
    bar = Object.assign(document.createElement("div"), { className: "rx-page-bar" });
    bar.setAttribute("role", "region");
    bar.setAttribute("aria-label", "Dice on this page");
    const heading = host.querySelector("h1");
    if (heading) heading.after(bar);
    else host.prepend(bar);
  }
  const words = Object.assign(document.createElement("span"), { className: "rx-bar-text", textContent: text });
  const status = Object.assign(document.createElement("span"), { className: "rx-bar-status" });
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  bar.replaceChildren(words, ...actions.map((a) => button(a.label, a.onClick)), status);
  bar.hidden = false;
  return bar;
}

export function sayOnBar(text) {
  const status = bar?.querySelector(".rx-bar-status");
  if (status) status.textContent = text;
}

export function hideBar() {
  if (bar) bar.hidden = true;
}

export function barButton(label) {
  return [...(bar?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label) ?? null;
}

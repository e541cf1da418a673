// The odds that follow a first result (engine-worker.js loads them after it): the lists a card
// or a roll drew saying the odds are on their way are filled in place from the same answer
// drawn with its odds, so that nothing else moves and a screen reader hears them politely
// (each such list is a polite live region, drawn by render_views.py). No rule logic.

const FAILED = "The odds could not be loaded: press Reroll to try again.";

// Fill the waiting odds lists in ``container`` from ``html``, the same view with its odds.
export function fillOdds(container, html) {
  const waiting = container?.querySelectorAll("ul.rx-odds-pending") ?? [];
  if (!waiting.length) return;
  const drawn = document.createElement("template");
  drawn.innerHTML = html; // escaped by render_views.py
  const lists = drawn.content.querySelectorAll("ul.rx-odds");
  waiting.forEach((list, index) => {
    if (!lists[index]) return;
    list.replaceChildren(...lists[index].childNodes);
    list.classList.remove("rx-odds-pending");
  });
}

// The odds did not come (their download failed): the waiting lists say so.
export function oddsFailed(container) {
  for (const list of container?.querySelectorAll("ul.rx-odds-pending") ?? []) {
    const line = document.createElement("li");
    line.textContent = FAILED;
    list.replaceChildren(line);
    list.classList.remove("rx-odds-pending");
  }
}

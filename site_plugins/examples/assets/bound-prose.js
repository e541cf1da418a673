// The prose an author tied to a card: its bound values (spans the build drew with the
// documented text) and the paragraphs marked as narrating the card's roll. No rule logic and no
// formatting: a bound value's new text comes written by the engine's Python, with the card's
// answer; this module only puts it in place, and puts the documented text back on Restore.
//
//   showBound(figure, bound) → the paragraphs whose text changed (for one announcement)
//   markNarrated(figure, on)     markCheck(figure, follows)     restoreBound(sessionId)

function spansOf(sessionId, index, selector) {
  return [...document.querySelectorAll(selector)].filter(
    (span) => span.dataset.rxSession === sessionId && Number(span.dataset.rxCard) === index);
}

// Where a bound value sits, as a reader reads it: its paragraph, its list item, its cell.
function passageOf(span) {
  return span.closest("li, p, td, th, dd, blockquote, figcaption") ?? span.parentElement;
}

// Mark ``element`` as about the documented roll for ``reason`` (a card shows new dice, a check
// the new dice change), or take that reason back: it stays marked while any reason holds.
function mark(element, reason, on) {
  const reasons = new Set((element.dataset.rxReasons ?? "").split(" ").filter(Boolean));
  if (on) reasons.add(reason);
  else reasons.delete(reason);
  if (reasons.size) {
    element.dataset.rxReasons = [...reasons].join(" ");
    element.dataset.rxDocumented = "true";
  } else {
    delete element.dataset.rxReasons;
    delete element.dataset.rxDocumented;
  }
}

// A note (an admonition, open or folded) is marked whole: a reader never meets half of it
// about the documented roll and half about the new dice.
function noteOf(element) {
  return element.closest(".admonition, details:not(.rx-code-view)");
}

// What a marker marks: its note, else its paragraph, or the whole list it ends.
function markedOf(span) {
  const note = noteOf(span);
  if (note) return note;
  const item = span.closest("li");
  return item ? (item.closest("ul, ol") ?? item) : passageOf(span);
}

function documented(span) {
  if (span.dataset.rxWritten === undefined) span.dataset.rxWritten = span.textContent;
  return span.dataset.rxWritten;
}

// The card's bound values as the new dice made them: ``bound`` holds, in order, each one's
// text or the error that kept it from being written (then the documented text stays, and its
// passage is marked as describing the documented roll, like a narrated one).
export function showBound(figure, bound) {
  const session = figure.dataset.rxSession;
  const index = Number(figure.dataset.rxIndex);
  const changed = new Set();
  const spans = spansOf(session, index, "span.rx-bound");
  for (const span of spans) {
    const answer = bound?.[Number(span.dataset.rxBound)];
    if (!answer) continue;
    const was = span.textContent;
    const text = answer.error ? documented(span) : answer.text;
    documented(span);
    span.textContent = text;
    // Compared as words: a bound text written over two lines of the source is the same text.
    if (wordsOf(text) !== wordsOf(span.dataset.rxWritten)) {
      span.dataset.rxChanged = "true";
      span.title = "Follows the new dice";
    } else {
      delete span.dataset.rxChanged;
      span.removeAttribute("title");
    }
    const passage = passageOf(span);
    if (answer.error) passage.dataset.rxUnbound = "true";
    else delete passage.dataset.rxUnbound;
    if (wordsOf(text) !== wordsOf(was) && !span.closest("figure")) changed.add(passage);
  }
  return [...changed];
}

function wordsOf(text) {
  return String(text ?? "").split(/\s+/).filter(Boolean).join(" ");
}

// A paragraph marked as narrating the card is about the documented roll while the card shows
// new dice.
export function markNarrated(figure, on) {
  const spans = spansOf(figure.dataset.rxSession, Number(figure.dataset.rxIndex), "span.rx-narrates");
  for (const span of spans) mark(markedOf(span), `card-${figure.dataset.rxIndex}`, on);
}

// A check is about the documented roll only while the new dice change what it says (its
// answer ``follows``): then it is marked, with its note and the prose bound to it, which keep
// their documented words; a check the dice leave as it was is left unmarked.
export function markCheck(figure, follows) {
  const note = noteOf(figure) ?? figure;
  const bound = spansOf(figure.dataset.rxSession, Number(figure.dataset.rxIndex), "span.rx-bound")
    .map(passageOf).filter((passage) => !note.contains(passage));
  for (const passage of [note, ...bound]) mark(passage, `check-${figure.dataset.rxIndex}`, follows);
}

// Every bound value of the page's session back to its documented text.
export function restoreBound(sessionId) {
  const spans = [...document.querySelectorAll("span.rx-bound")].filter(
    (span) => span.dataset.rxSession === sessionId && span.dataset.rxWritten !== undefined);
  for (const span of spans) {
    span.textContent = span.dataset.rxWritten;
    delete span.dataset.rxChanged;
    span.removeAttribute("title");
    delete passageOf(span).dataset.rxUnbound;
  }
}

// What a screen reader hears of the changed passages: their words, once.
export function passagesSaid(passages) {
  const words = passages.map((p) => p.textContent.replace(/\s+/g, " ").trim()).filter(Boolean);
  return words.length ? `The text about it now reads: ${words.join(" ")}` : "";
}

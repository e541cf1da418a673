// A chapter's abbreviations in a rerolled card's reader view, with the tooltips the build gave
// the documented view (site_plugins/examples/cards/card_terms.py, whose rules these are, to the
// markup: a card the new dice did not change reads as unchanged). The terms come from the
// page's first card (data-rx-terms). Never in code, a link, a button or a fold's summary; a
// card's terms take no keyboard focus (its Reroll stays two Tab stops from its title). Material
// draws the tooltip of a term the build marked; one marked here shows the browser's own (its
// title). No rule logic.

const SKIPPED = "code, kbd, a, abbr, button, summary, script, style, svg";
const termsOfSession = new Map(); // session id → {term: tooltip}

function termsOf(sessionId) {
  if (!termsOfSession.has(sessionId)) {
    const carrier = [...document.querySelectorAll("figure[data-rx-terms]")]
      .find((figure) => figure.dataset.rxSession === sessionId);
    let terms = {};
    try {
      terms = JSON.parse(carrier?.dataset.rxTerms ?? "{}");
    } catch {
      terms = {}; // unreadable: no tooltips, the words stay
    }
    termsOfSession.set(sessionId, terms);
  }
  return termsOfSession.get(sessionId);
}

// Any of ``names`` as a whole word, the longest first (as Python's ``\w`` reads a word).
function termPattern(names) {
  const words = [...names].sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join("|")})(?![\\p{L}\\p{N}_])`, "gu");
}

// Mark the terms of the session's chapter in ``container`` (a card's reader view), leaving
// those marked already as they are.
export function markTerms(container, sessionId) {
  const terms = termsOf(sessionId);
  const names = Object.keys(terms);
  if (!container || !names.length) return;
  const pattern = termPattern(names);
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) {
    const node = walker.currentNode;
    pattern.lastIndex = 0;
    if (!node.parentElement?.closest(SKIPPED) && pattern.test(node.data)) texts.push(node);
  }
  for (const node of texts) {
    const pieces = [];
    let at = 0;
    for (const match of node.data.matchAll(pattern)) {
      pieces.push(node.data.slice(at, match.index));
      const abbr = document.createElement("abbr");
      abbr.title = terms[match[0]];
      abbr.textContent = match[0];
      pieces.push(abbr);
      at = match.index + match[0].length;
    }
    pieces.push(node.data.slice(at));
    node.replaceWith(...pieces.filter((piece) => piece !== ""));
  }
}

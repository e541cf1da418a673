// A classic script (not a module), so that it runs where the cards' module script cannot: a
// host that serves modules with a type browsers refuse, a path blocked by a proxy, a browser
// too old for modules. When the card script has not started, every card that could be
// rerolled says so in words, instead of the Reroll button silently never appearing.
(function () {
  "use strict";
  var WAIT_MS = 4000; // the card script binds cards as soon as the page is parsed
  var MESSAGE = "Reroll is not available here: this browser could not start the page's " +
    "script (the site's host may serve it with the wrong type, or the browser may be too " +
    "old). The documented roll is shown, and every rule on the page still reads as written.";

  function explain() {
    if (document.documentElement.getAttribute("data-rx-cards") === "ready") return;
    var cards = document.querySelectorAll('figure[data-rx-rerollable="true"]');
    for (var i = 0; i < cards.length; i++) {
      var status = cards[i].querySelector(".rx-status");
      if (status && !status.textContent) status.textContent = MESSAGE;
      cards[i].setAttribute("data-rx-engine-failed", "true");
    }
  }

  function later() {
    setTimeout(explain, WAIT_MS);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(later);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", later);
  } else {
    later();
  }
})();

// Fixes to the theme's keyboard use, for every page (no rule logic).
//
// Material's navigation drawer, closed on a narrow screen, sits off screen but its links still
// take Tab stops: a keyboard reader on a phone would press Tab some sixty times with the focus
// out of sight. While it is closed there, it is inert.

const NARROW = "(max-width: 76.234375em)"; // where Material turns the navigation into a drawer

export function inertClosedDrawer() {
  const toggle = document.getElementById("__drawer");
  const drawer = document.querySelector(".md-sidebar--primary");
  if (!toggle || !drawer || drawer.dataset.rxInertBound) return;
  drawer.dataset.rxInertBound = "true";
  const narrow = window.matchMedia(NARROW);
  const update = () => { drawer.inert = narrow.matches && !toggle.checked; };
  toggle.addEventListener("change", update);
  narrow.addEventListener("change", update);
  update();
}

// A Markdown table wider than a phone scrolls sideways in Material's wrapper, which the
// keyboard cannot reach (axe: scrollable-region-focusable). A wrapper that scrolls takes the
// focus, named by its table's first heading; one that fits takes no Tab stop.
export function focusableWideTables() {
  for (const wrap of document.querySelectorAll(".md-typeset__scrollwrap")) {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls && !wrap.hasAttribute("tabindex")) {
      const heading = wrap.querySelector("th")?.textContent.trim() || "table";
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", `Table: ${heading} (scrolls sideways)`);
    } else if (!scrolls && wrap.getAttribute("tabindex") === "0") {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  }
}

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

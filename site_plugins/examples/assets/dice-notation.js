// Dice written in the prose ("2d6", "1d10 + 4", "1d4 × 10"), rolled in place. No rule logic:
// the text goes to the engine, which reads it again and rolls it whole (site_plugins/examples/
// cards/dice_notation.py); the dice come back drawn as the cards draw them, with each number
// added, taken away or multiplied. The engine loads on the first click only: marking the dice
// fetches nothing.

import { call } from "./engine-client.js";

// The answer beside the dice: the faces, the numbers added or multiplied, and the total,
// announced politely.
function resultOf(button) {
  let output = button.nextElementSibling;
  if (!output?.classList.contains("rx-dice-result")) {
    output = document.createElement("output");
    output.className = "rx-dice-result";
    output.setAttribute("aria-live", "polite");
    button.after(output);
  }
  return output;
}

async function rollDice(button) {
  if (button.getAttribute("aria-busy") === "true") return;
  button.setAttribute("aria-busy", "true");
  const output = resultOf(button);
  output.textContent = "rolling…";
  try {
    const answer = await call("dice", { dice: button.dataset.rxDice });
    if (answer.error) {
      output.textContent = `cannot roll: ${answer.error}`;
      return;
    }
    output.innerHTML = answer.html; // escaped by render_views.py
    const sum = document.createElement("span");
    sum.className = "rx-dice-sum";
    sum.textContent = `= ${answer.total}`;
    output.append(sum);
    output.setAttribute("aria-label", answer.announcement);
  } catch (error) {
    output.textContent = `the engine could not roll: ${String(error.message).trim().split("\n").pop()}`;
  } finally {
    button.removeAttribute("aria-busy");
  }
}

// Each marked expression becomes a button that keeps its text ("2d6 + 3") and says what it
// does; marks inside a card or a link stay text.
function bindMark(mark) {
  if (mark.closest("figure, a, button, summary")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rx-dice-notation";
  button.dataset.rxDice = mark.dataset.rxDice;
  button.textContent = mark.textContent;
  button.title = `Roll ${mark.dataset.rxDice} here`;
  button.setAttribute("aria-description", "rolls these dice with the site's rules engine");
  button.addEventListener("click", () => rollDice(button));
  mark.replaceWith(button);
}

export function bindDiceNotation() {
  for (const mark of document.querySelectorAll("span.rx-dice-notation[data-rx-dice]")) bindMark(mark);
}

// The straddle toggle (table/straddle.py): a seated player at a table whose host allows
// straddles ticks it to straddle whenever the straddle comes to his seat, from the next
// deal on. table.js calls drawStraddle with every snapshot's you.straddle (absent where
// there is none) and its own send; a tick or untick sends one straddle message.
"use strict";

(() => {
  const WORDS = {
    utg: t("Straddle when I am under the gun"),
    button: t("Straddle when I have the button"),
  };
  let send = null;

  window.drawStraddle = (choice, sender) => {
    send = sender;
    const box = document.getElementById("straddle");
    box.hidden = !choice;
    if (!choice) return;
    document.getElementById("straddle-on").checked = choice.on;
    document.getElementById("straddle-label").textContent = WORDS[choice.mode] || t("Straddle");
  };

  const input = document.getElementById("straddle-on");
  input.addEventListener("change", () => {
    if (send) send("straddle", { straddle: input.checked });
  });
})();

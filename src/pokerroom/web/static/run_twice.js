// Run it twice on the table page (web/room/live.py, table/run_twice.py): when the table asks
// this player (you.decision "run_twice") the prompt shows its two buttons and the seconds
// everyone has left; a board run twice is labelled by run, not as a second board. table.js
// calls drawRunTwice after drawing each snapshot. textContent only; no inline script.
"use strict";

(() => {
  let timer = null;

  function secondsLeft(clock, serverNow) {
    return clock ? Math.max(0, Math.ceil(clock.deadline - serverNow())) : null;
  }

  function countDown(t, serverNow) {
    const left = secondsLeft(t.hand && t.hand.clock, serverNow);
    const question = document.getElementById("run-twice-question");
    question.textContent = question.dataset.words + (left === null ? "" : ` ${left} s`);
  }

  function labelRuns(t) {
    if (!t.hand || t.hand.boards.length < 2 || t.game.variant.startsWith("bomb-pot")) return;
    document.querySelectorAll("#boards .board-name").forEach((name, index) => {
      name.textContent = `Run ${index + 1}`;
    });
    document.querySelectorAll("#results li").forEach((line) => {
      line.textContent = line.textContent.replaceAll(" on board ", " on run ");
    });
  }

  window.drawRunTwice = (t, send, serverNow) => {
    const box = document.getElementById("run-twice");
    if (!box) return;
    labelRuns(t);
    const asked = t.you.decision === "run_twice";
    box.hidden = !asked;
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (!asked) return;
    countDown(t, serverNow);
    timer = setInterval(() => countDown(t, serverNow), 250);
    document.getElementById("run-twice-yes").onclick = () => send("run_twice", { agree: true });
    document.getElementById("run-twice-no").onclick = () => send("run_twice", { agree: false });
  };
})();

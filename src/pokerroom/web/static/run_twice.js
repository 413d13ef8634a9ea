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

  function countDown(tb, serverNow) {
    const left = secondsLeft(tb.hand && tb.hand.clock, serverNow);
    const question = document.getElementById("run-twice-question");
    question.textContent = question.dataset.words + (left === null ? "" : ` ${left} s`);
  }

  function labelRuns(tb) {
    if (!tb.hand || tb.hand.boards.length < 2 || tb.game.variant.startsWith("bomb-pot")) return;
    document.querySelectorAll("#boards .board-name").forEach((name, index) => {
      name.textContent = t("Run {number}", { number: index + 1 });
    });
    const board = t("on board {number}", { number: "" }).trim();
    const run = t("on run {number}", { number: "" }).trim();
    document.querySelectorAll("#results li").forEach((line) => {
      line.textContent = line.textContent.replaceAll(` ${board} `, ` ${run} `);
    });
  }

  window.drawRunTwice = (tb, send, serverNow) => {
    const box = document.getElementById("run-twice");
    if (!box) return;
    labelRuns(tb);
    const asked = tb.you.decision === "run_twice";
    box.hidden = !asked;
    if (timer !== null) clearInterval(timer);
    timer = null;
    if (!asked) return;
    countDown(tb, serverNow);
    timer = setInterval(() => countDown(tb, serverNow), 250);
    document.getElementById("run-twice-yes").onclick = () => send("run_twice", { agree: true });
    document.getElementById("run-twice-no").onclick = () => send("run_twice", { agree: false });
  };
})();

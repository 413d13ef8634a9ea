// The tournament header of a tournament table (issue 13 item 4): the terminal header's three
// lines — the level with its blinds and ante, the time left counting down on the server clock
// (seconds left = deadline - now) and the next level; players left of the entries, your
// place, the average stack; the money — plus the break, paused and finished states. The
// numbers are the snapshot's `tournament` frame (room/tournament/header.py), the words those
// of tournament/header.py. table.js calls drawTournamentHeader on every snapshot and
// tickTournamentHeader four times a second. Text only ever goes in as textContent.
"use strict";

(() => {
  function countdown(seconds) {
    const whole = Math.ceil(Math.round(Math.max(0, seconds) * 1000) / 1000);
    const minutes = Math.floor(whole / 60);
    const secs = whole % 60;
    return `${minutes}:${String(secs).padStart(2, "0")}`;
  }

  function secondsLeft(header, serverNow) {
    if (header.deadline !== null) return Math.max(0, header.deadline - serverNow);
    return header.seconds_left; // paused (frozen) or the last level (null)
  }

  // The first line as tournament/header.py words it, with the time left as of now.
  function clockLine(header, serverNow) {
    const level = header.level;
    let line = header.on_break
      ? t("Break after level {number}", { number: level.number })
      : t("Level {number} · {words}", { number: level.number, words: level.words });
    const left = secondsLeft(header, serverNow);
    if (left !== null) line += " · " + t("{time} left", { time: countdown(left) });
    if (header.next_level) line += " · " + t("next: {words}", { words: header.next_level.words });
    return line;
  }

  // The terminal's second line; a spectator who never entered is not "out".
  function fieldLine(header) {
    const spectator = header.place === null && !header.finished;
    const out = " · " + t("you are out");
    return spectator ? header.lines[1].replace(out, "") : header.lines[1];
  }

  function stateWords(header) {
    if (header.status === "paused") return t("Clock paused by the director");
    if (header.status === "break" || header.on_break) return t("On a break");
    if (header.status === "registering") return t("Registering");
    if (header.status === "finished") return t("Finished");
    return "";
  }

  function finishWords(finished) {
    if (!finished) return "";
    const prize = finished.prize
      ? t("prize {amount}", { amount: formatAmount(finished.prize) })
      : t("no prize");
    return t("You finished {place}: {prize}", { place: ordinal(finished.place), prize });
  }

  // "3rd" in English; Russian and Ukrainian say the place's number ("место 3").
  function ordinal(number) {
    if (pageLanguage !== "en") return String(number);
    const tens = number % 100;
    const last = tens >= 10 && tens <= 20 ? 0 : number % 10;
    return `${number}${{ 1: "st", 2: "nd", 3: "rd" }[last] || "th"}`;
  }

  function line(id, text) {
    const node = document.getElementById(id);
    node.textContent = text;
    node.hidden = !text;
  }

  let shown = null; // the header frame drawn last

  window.drawTournamentHeader = (header, serverNow) => {
    const box = document.getElementById("tournament-header");
    if (!box) return;
    shown = header || null;
    box.hidden = !shown;
    if (!shown) return;
    box.dataset.status = shown.status;
    const link = document.getElementById("th-name");
    link.textContent = shown.name;
    link.href = shown.url;
    line("th-state", stateWords(shown));
    line("th-field", fieldLine(shown));
    line("th-money", shown.lines[2]);
    line("th-finished", finishWords(shown.finished));
    window.tickTournamentHeader(serverNow);
  };

  window.tickTournamentHeader = (serverNow) => {
    if (!shown) return;
    line("th-clock", clockLine(shown, serverNow));
  };
})();

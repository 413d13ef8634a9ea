// The clocks of the director's pages: every [data-countdown] element counts its
// data-seconds-left down (unless data-paused), and a TV page (body[data-clock-api])
// asks the server for the whole clock every few seconds. Plain JavaScript, no build step.
"use strict";

(function () {
  const TICK_MS = 250;

  // m:ss below an hour, h:mm:ss from an hour, seconds rounded up (as the terminal clock).
  function countdown(seconds) {
    const whole = Math.ceil(Math.round(seconds * 1000) / 1000);
    const pad = (n) => String(n).padStart(2, "0");
    if (whole < 3600) return `${Math.floor(whole / 60)}:${pad(whole % 60)}`;
    const rest = whole % 3600;
    return `${Math.floor(whole / 3600)}:${pad(Math.floor(rest / 60))}:${pad(rest % 60)}`;
  }

  const counters = [];

  function watch(element) {
    const left = parseFloat(element.dataset.secondsLeft);
    counters.push({ element, left, paused: element.hasAttribute("data-paused"), from: performance.now() });
  }

  function tick() {
    const now = performance.now();
    for (const c of counters) {
      if (c.paused || Number.isNaN(c.left)) continue;
      c.element.textContent = countdown(Math.max(0, c.left - (now - c.from) / 1000));
    }
  }

  function setLines(id, lines) {
    const list = document.getElementById(id);
    list.replaceChildren(...lines.map((line) => {
      const item = document.createElement("li");
      item.textContent = line;
      return item;
    }));
  }

  function setText(id, text) {
    const element = document.getElementById(id);
    element.textContent = text || "";
    element.hidden = !text;
  }

  function show(clock) {
    setText("game", clock.game);
    setText("heading", clock.heading);
    setText("bets", clock.bets);
    setText("next", clock.next);
    setText("break", clock.break);
    setText("chip-up", clock.chip_up);
    document.getElementById("paused").hidden = !clock.paused;
    document.body.classList.toggle("paused", clock.paused);
    setLines("field", clock.field_lines);
    setLines("prizes", clock.prize_lines);
    const digits = document.getElementById("digits");
    digits.textContent = clock.digits;
    const counter = counters.find((c) => c.element === digits);
    counter.left = clock.seconds_left === null ? NaN : clock.seconds_left;
    counter.paused = clock.paused;
    counter.from = performance.now();
  }

  function follow(api, seconds) {
    let busy = false;
    async function poll() {
      if (busy) return;
      busy = true;
      try {
        const response = await fetch(api, { cache: "no-store" });
        if (!response.ok) throw new Error(String(response.status));
        show(await response.json());
        document.getElementById("stale").hidden = true;
      } catch (error) {
        document.getElementById("stale").hidden = false;
      } finally {
        busy = false;
      }
    }
    setInterval(poll, seconds * 1000);
  }

  document.querySelectorAll("[data-countdown]").forEach(watch);
  setInterval(tick, TICK_MS);
  const api = document.body.dataset.clockApi;
  if (api) follow(api, parseFloat(document.body.dataset.pollSeconds) || 3);
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.addEventListener("click", () => window.print());
  });
})();

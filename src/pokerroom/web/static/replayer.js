// The hand replayer: the steps that pokerroom.web.replayer built for this viewer, drawn on
// the live table's felt (the seats around the oval, the board and the pot in the middle,
// the same classes as table.js draws; cards and amounts as on the table page: cards.js,
// amounts.js). Steps arrive already censored: a null card is
// a card back. Back, play/pause and forward, by buttons, the slider or ←, space and →.
"use strict";

(() => {
  const PLAY_EVERY = 900; // ms between steps while playing

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function cardNode(token) {
    if (token === null) {
      const back = el("span", "card back");
      back.setAttribute("aria-label", t("face-down card"));
      return back;
    }
    const node = el("span", `card suit-${token.slice(-1)}`, window.cardFace(token)); // cards.js
    node.dataset.card = token;
    return node;
  }

  // The viewer's seat at the bottom, the others clockwise, as on the live table.
  function seatPlace(seat, size, mine) {
    const shift = mine === null ? 0 : mine - 1;
    const step = ((seat - 1 - shift + size) % size) / size;
    const angle = Math.PI / 2 + step * 2 * Math.PI;
    return [Math.round(50 + 44 * Math.cos(angle)), Math.round(50 + 40 * Math.sin(angle))];
  }

  function drawSeats(widget, data, step) {
    const list = widget.querySelector(".replayer-seats");
    const size = Math.max(data.size, ...data.seats);
    const mine = data.you === null ? null : data.seats[data.you];
    list.replaceChildren();
    data.names.forEach((name, player) => {
      const seat = el("li", "seat");
      const [x, y] = seatPlace(data.seats[player], size, mine);
      seat.style.setProperty("--x", `${x}%`);
      seat.style.setProperty("--y", `${y}%`);
      seat.dataset.seat = String(data.seats[player]);
      const head = el("div", "seat-head");
      head.append(el("span", "seat-number", data.seats[player]), el("span", "name", name));
      const cards = el("div", "cards");
      step.cards[player].forEach((token) => cards.append(cardNode(token)));
      const stack = step.stacks[player];
      const chips = tn("{count} chip", "{count} chips", stack, { count: window.formatAmount(stack) });
      seat.append(head, el("div", "stack", chips), cards);
      if (step.bets[player] > 0) seat.append(el("div", "bet", window.formatAmount(step.bets[player])));
      if (player === data.you) seat.classList.add("you");
      if (player === step.actor) seat.classList.add("acting");
      if (step.folded[player]) seat.classList.add("folded");
      list.append(seat);
    });
  }

  function drawMiddle(widget, step) {
    const boards = widget.querySelector(".replayer-boards");
    boards.replaceChildren();
    step.boards.forEach((board, index) => {
      if (board.length === 0) return;
      const row = el("div", "board");
      if (step.boards.length > 1) row.append(el("span", "board-name", t("Board {number}", { number: index + 1 })));
      board.forEach((token) => row.append(cardNode(token)));
      boards.append(row);
    });
    widget.querySelector(".replayer-pot").textContent = step.pot > 0 ? t("Pot {amount}", { amount: window.formatAmount(step.pot) }) : "";
  }

  function draw(widget, data, index) {
    const step = data.steps[index];
    widget.dataset.step = String(index);
    drawSeats(widget, data, step);
    drawMiddle(widget, step);
    widget.querySelector(".replayer-text").textContent = step.text;
    widget.querySelector(".replayer-slider").value = String(index);
    widget.querySelector(".replayer-count").textContent = `${index + 1} / ${data.steps.length}`;
    widget.querySelector(".replayer-prev").disabled = index === 0;
    widget.querySelector(".replayer-next").disabled = index === data.steps.length - 1;
  }

  function start(widget) {
    const data = JSON.parse(widget.querySelector(".replayer-data").textContent);
    const last = data.steps.length - 1;
    const playButton = widget.querySelector(".replayer-play");
    let index = 0;
    let playing = null;

    function go(next) {
      index = Math.max(0, Math.min(last, next));
      draw(widget, data, index);
      if (index === last) pause();
    }

    function pause() {
      clearInterval(playing);
      playing = null;
      playButton.textContent = "⏵";
      playButton.setAttribute("aria-label", t("Play"));
      playButton.setAttribute("aria-pressed", "false");
    }

    function play() {
      if (index === last) go(0); // from the end, play starts the hand again
      playButton.textContent = "⏸";
      playButton.setAttribute("aria-label", t("Pause"));
      playButton.setAttribute("aria-pressed", "true");
      playing = setInterval(() => go(index + 1), PLAY_EVERY);
    }

    function toggle() {
      if (playing === null) play();
      else pause();
    }

    widget.querySelector(".replayer-prev").addEventListener("click", () => {
      pause();
      go(index - 1);
    });
    widget.querySelector(".replayer-next").addEventListener("click", () => {
      pause();
      go(index + 1);
    });
    playButton.addEventListener("click", toggle);
    widget.querySelector(".replayer-slider").addEventListener("input", (event) => {
      pause();
      go(Number(event.target.value));
    });
    document.addEventListener("keydown", (event) => {
      // In a field the keys are the field's own (the slider moves itself and says so).
      const inField =
        event.target instanceof Element && event.target.closest("input, textarea, select") !== null;
      if (inField || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") {
        pause();
        go(index - 1);
      } else if (event.key === "ArrowRight") {
        pause();
        go(index + 1);
      } else if (event.key === " ") {
        toggle();
      } else {
        return;
      }
      event.preventDefault();
    });
    // Space plays or pauses even on a focused replayer button (not that button's own click).
    widget.addEventListener("keyup", (event) => {
      if (event.key === " " && event.target instanceof HTMLButtonElement) event.preventDefault();
    });
    go(0);
  }

  document.querySelectorAll("[data-replayer]").forEach(start);
})();

// The hand replayer: draws the steps that pokerroom.web.replayer built for this viewer.
// Steps arrive already censored: a null card is a card back, drawn as "##". Cards
// and amounts read as on the table page (cards.js, amounts.js).
"use strict";

(function () {
  function cardsText(cards) {
    return cards.map(function (card) { return card === null ? "##" : cardFace(card); }).join(" ");
  }

  function text(tag, className, content) {
    var node = document.createElement(tag);
    node.className = className;
    node.textContent = content;
    return node;
  }

  function draw(widget, data, index) {
    var step = data.steps[index];
    var boards = step.boards.filter(function (board) { return board.length; });
    widget.querySelector(".replayer-board").textContent =
      boards.length ? "Board: " + boards.map(cardsText).join(" | ") : "Board: none yet";
    widget.querySelector(".replayer-pot").textContent = "Pot: " + formatAmount(step.pot);
    var seats = widget.querySelector(".replayer-seats");
    seats.replaceChildren();
    data.names.forEach(function (name, player) {
      var seat = document.createElement("li");
      if (step.actor === player) { seat.classList.add("actor"); }
      if (step.folded[player]) { seat.classList.add("folded"); }
      seat.append(
        text("strong", "replayer-name", name),
        text("span", "replayer-stack", "stack " + formatAmount(step.stacks[player])),
        text("span", "replayer-bet", step.bets[player] ? "bet " + formatAmount(step.bets[player]) : ""),
        text("span", "replayer-cards", cardsText(step.cards[player]))
      );
      seats.append(seat);
    });
    widget.querySelector(".replayer-text").textContent = step.text;
    widget.querySelector(".replayer-slider").value = String(index);
    widget.querySelector(".replayer-count").textContent =
      (index + 1) + " / " + data.steps.length;
    widget.querySelector(".replayer-prev").disabled = index === 0;
    widget.querySelector(".replayer-next").disabled = index === data.steps.length - 1;
  }

  function start(widget) {
    var data = JSON.parse(widget.querySelector(".replayer-data").textContent);
    var index = 0;
    function go(next) {
      index = Math.max(0, Math.min(data.steps.length - 1, next));
      draw(widget, data, index);
    }
    widget.querySelector(".replayer-prev").addEventListener("click", function () { go(index - 1); });
    widget.querySelector(".replayer-next").addEventListener("click", function () { go(index + 1); });
    widget.querySelector(".replayer-slider").addEventListener("input", function (event) {
      go(Number(event.target.value));
    });
    document.addEventListener("keydown", function (event) {
      // In a field the arrows are the field's own (the slider moves itself and says so).
      var inField = event.target instanceof Element &&
        event.target.closest("input, textarea, select") !== null;
      if (inField || event.altKey || event.ctrlKey || event.metaKey) { return; }
      if (event.key === "ArrowLeft") { go(index - 1); event.preventDefault(); }
      if (event.key === "ArrowRight") { go(index + 1); event.preventDefault(); }
    });
    go(0);
  }

  document.querySelectorAll("[data-replayer]").forEach(start);
}());

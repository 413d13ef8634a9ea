// The broadcast ("TV") table's panel (T-23, room/tournament/broadcast.py): the line that
// says the table is broadcast, and for a spectator the finished hand shown hands behind,
// every card dealt in it. table.js calls drawBroadcast on every snapshot. textContent only.
"use strict";

(() => {
  function card(token) {
    const node = document.createElement("span");
    node.className = `card suit-${token.slice(-1)}`;
    node.textContent = cardFace(token);
    node.dataset.card = token;
    return node;
  }

  function row(label, tokens) {
    const item = document.createElement("li");
    item.append(`${label}: `);
    for (const token of tokens) item.append(card(token), " ");
    return item;
  }

  window.drawBroadcast = (broadcast) => {
    const box = document.getElementById("broadcast");
    if (!box) return;
    box.hidden = !broadcast;
    if (!broadcast) return;
    document.getElementById("broadcast-notice").textContent = broadcast.notice;
    const title = document.getElementById("broadcast-hand");
    const list = document.getElementById("broadcast-cards");
    list.replaceChildren();
    const hand = broadcast.hand;
    title.hidden = !hand;
    if (!hand) return;
    title.textContent = t("Hand #{number}, every card dealt:", { number: hand.number });
    for (const seat of hand.seats) {
      list.append(row(t("Seat {number} {name}", { number: seat.seat, name: seat.name }), seat.cards));
    }
    hand.boards.forEach((board, index) => {
      list.append(row(hand.boards.length > 1 ? t("Board {number}", { number: index + 1 }) : t("Board"), board));
    });
    for (const winner of hand.result ? hand.result.winners : []) {
      const words = { name: winner.name, amount: formatAmount(winner.amount), hand: winner.hand };
      const item = document.createElement("li");
      item.textContent = winner.hand
        ? t("{name} won {amount} with {hand}", words)
        : t("{name} won {amount}", words);
      list.append(item);
    }
  };
})();

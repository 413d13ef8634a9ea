// Cards as players read them on every screen: the rank and the suit's symbol ("A♥", "T♠"),
// as the terminal tables write them (pokerroom/cards.py card_face). The token the server
// sends ("Ah", "Ts") stays in data-card; only what is shown goes through cardFace.
"use strict";

(() => {
  const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };

  window.cardFace = (token) => token.slice(0, -1) + (SUITS[token.slice(-1)] || token.slice(-1));
})();

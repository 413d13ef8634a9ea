// OFC Pineapple tables (kind "ofc", docs/protocol.md): three rows per player (top 3,
// middle 5, bottom 5, O-1), your dealt cards to put on a row or discard (O-2, O-4), and a
// confirm that sends the whole deal as one "place" message. table.js owns the socket and
// calls render/tick/key here; everything drawn comes from the snapshot the server built
// for this viewer alone. Server text is only ever set as textContent.
"use strict";

window.pokerroomOfc = (() => {
  const ROWS = ["top", "middle", "bottom"];
  const SIZES = { top: 3, middle: 5, bottom: 5 };
  const ROW_KEYS = { t: "top", m: "middle", b: "bottom", x: "discard" };
  let turn = null; // the deal the choices below are for
  let choices = new Map(); // card token -> "top" | "middle" | "bottom" | "discard"
  let selected = 0;
  let last = null;
  let page = null;

  function resetFor(t) {
    const key = t.hand && t.you.decision === "place" ? t.hand.turn : null;
    if (key !== turn) {
      turn = key;
      choices = new Map();
      selected = 0;
    }
  }

  function chosen(row) {
    return Array.from(choices.values()).filter((r) => r === row).length;
  }

  function rowNode(seat, row, mine) {
    const line = page.el("div", `ofc-row ofc-${row}`);
    line.dataset.row = row;
    line.append(page.el("span", "ofc-row-name", row));
    const cards = seat.board ? seat.board[row] : [];
    const slots = page.el("span", "ofc-slots");
    for (const token of cards) slots.append(page.cardNode(token));
    let open = SIZES[row] - cards.length;
    if (mine) {
      for (const [token, target] of choices) {
        if (target === row && open > 0) {
          const node = page.cardNode(token);
          node.classList.add("ofc-pending");
          node.title = "not sent yet";
          slots.append(node);
          open -= 1;
        }
      }
      line.classList.add("ofc-target");
      line.title = `put the chosen card on the ${row} row (key ${row[0]})`;
      line.addEventListener("click", () => assign(row));
    }
    for (let i = 0; i < open; i += 1) slots.append(page.el("span", "card ofc-slot"));
    line.append(slots);
    return line;
  }

  function playerNode(t, seat) {
    const block = page.el("li", "ofc-player");
    block.dataset.seat = String(seat.seat);
    if (seat.you) block.classList.add("you");
    if (t.hand && t.hand.to_act === seat.seat) block.classList.add("acting");
    const head = page.el("div", "seat-head");
    head.append(page.el("span", "seat-number", seat.seat));
    head.append(page.el("span", "name", seat.name === null ? "empty" : seat.name));
    if (seat.button) head.append(page.el("span", "mark mark-d", "D"));
    if (seat.name !== null) head.append(page.el("span", "ofc-total", `${seat.total >= 0 ? "+" : ""}${seat.total} points`));
    block.append(head);
    if (seat.name === null) {
      if (t.status === "waiting" && t.you.seat === null && document.getElementById("table").dataset.signedIn === "yes") {
        const sit = page.el("button", "sit", "Sit here");
        sit.type = "button";
        sit.addEventListener("click", () => page.send("sit", { seat: seat.seat }));
        block.append(sit);
      }
      return block;
    }
    const notes = [];
    if (seat.fantasy) notes.push("Fantasyland");
    if (seat.bot !== null) notes.push(`bot (${seat.bot})`);
    if (seat.away) notes.push("away: cards set for him");
    if (!seat.connected && seat.bot === null) notes.push("disconnected");
    if (seat.discarded > 0 && !seat.you) notes.push(`${seat.discarded} discarded face down`);
    block.append(page.el("div", "notes", notes.join(" · ")));
    if (seat.in_hand && seat.board === null) {
      block.append(page.el("div", "ofc-hidden", "Sets 13 of 14 cards after the others, hidden until the round ends"));
    } else if (seat.in_hand) {
      const mine = seat.you && t.you.decision === "place";
      for (const row of ROWS) block.append(rowNode(seat, row, mine));
    }
    if (seat.you && t.you.discards.length > 0) {
      const thrown = page.el("div", "ofc-discards", "Your discards: ");
      for (const token of t.you.discards) thrown.append(page.cardNode(token));
      block.append(thrown);
    }
    if (t.hand && t.hand.to_act === seat.seat) block.append(page.el("div", "seat-clock"));
    return block;
  }

  function handNode(t) {
    const you = t.you;
    const box = page.el("div", "ofc-hand");
    const task = `Set ${you.to_place}` + (you.to_discard ? `, discard ${you.to_discard}` : "");
    box.append(page.el("p", "ofc-task", `${task}: choose a card (1–9, ←/→), then its row (t, m, b) or discard (x); Enter confirms`));
    const cards = page.el("div", "ofc-cards");
    you.cards.forEach((token, index) => {
      const node = page.cardNode(token);
      node.classList.add("pick");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", index === selected ? "true" : "false");
      const target = choices.get(token);
      if (target) node.dataset.choice = target;
      node.title = target ? `${target} (key ${index + 1})` : `choose (key ${index + 1})`;
      node.addEventListener("click", () => {
        selected = index;
        redraw();
      });
      const wrap = page.el("span", "ofc-choice");
      wrap.append(node, page.el("span", "ofc-choice-row", target || ""));
      cards.append(wrap);
    });
    box.append(cards);
    const buttons = page.el("div", "ofc-buttons");
    for (const [key, row] of Object.entries(ROW_KEYS)) {
      if (row === "discard" && !you.to_discard) continue;
      const button = page.el("button", "ofc-put", "");
      button.type = "button";
      button.dataset.put = row;
      button.append(row[0].toUpperCase() + row.slice(1) + " ", page.el("kbd", "", key));
      button.addEventListener("click", () => assign(row));
      buttons.append(button);
    }
    const undo = page.el("button", "ofc-undo", "Undo ");
    undo.type = "button";
    undo.append(page.el("kbd", "", "u"));
    undo.addEventListener("click", clearChoice);
    const confirm = page.el("button", "ofc-confirm", "Confirm ");
    confirm.type = "button";
    confirm.id = "ofc-confirm";
    confirm.append(page.el("kbd", "", "Enter"));
    confirm.disabled = problem() !== null;
    confirm.addEventListener("click", submit);
    buttons.append(undo, confirm);
    box.append(buttons);
    return box;
  }

  function problem() {
    const you = last && last.you;
    if (!you || you.decision !== "place") return "it is not your turn to set cards";
    if (choices.size < you.cards.length) return `choose a row for every card (${you.cards.length - choices.size} left)`;
    if (chosen("discard") !== you.to_discard) return you.to_discard ? "discard exactly one card" : "the first five have no discard";
    return null;
  }

  function assign(row) {
    const you = last && last.you;
    if (!you || you.decision !== "place" || you.cards.length === 0) return;
    const token = you.cards[selected];
    const before = choices.get(token);
    if (row === "discard" && !you.to_discard) {
      page.showError("the first five have no discard: set all five");
      return;
    }
    const room = row === "discard" ? you.to_discard : you.free[row];
    if (before !== row && chosen(row) >= room) {
      page.showError(row === "discard" ? "you discard one card only" : `the ${row} row is full: ${ROWS.filter((r) => you.free[r] - chosen(r) > 0).join(", ") || "no row"} still open`);
      return;
    }
    page.showError("");
    choices.set(token, row);
    const next = you.cards.findIndex((card) => !choices.has(card));
    if (next >= 0) selected = next;
    redraw();
  }

  function clearChoice() {
    const you = last && last.you;
    if (!you || you.decision !== "place") return;
    const token = you.cards[selected];
    if (choices.has(token)) choices.delete(token);
    else choices = new Map();
    redraw();
  }

  function submit() {
    const why = problem();
    if (why !== null) {
      page.showError(why);
      return;
    }
    const cards = {};
    let discard = null;
    for (const [token, row] of choices) {
      if (row === "discard") discard = token;
      else cards[token] = row;
    }
    const fields = { cards, turn: last.hand.turn };
    if (discard !== null) fields.discard = discard;
    page.send("place", fields);
  }

  function redraw() {
    if (last) render(last, page);
  }

  function render(t, context) {
    page = context;
    last = t;
    resetFor(t);
    page.byId("felt").hidden = true;
    const area = page.byId("ofc");
    area.hidden = false;
    area.replaceChildren();
    const players = page.el("ol", "ofc-players");
    players.setAttribute("aria-label", "Players");
    const mine = t.seats.filter((seat) => seat.you);
    for (const seat of [...mine, ...t.seats.filter((s) => !s.you)]) players.append(playerNode(t, seat));
    area.append(players);
    if (t.you.decision === "place") area.append(handNode(t));
    const notice = page.byId("notice");
    notice.textContent = t.you.notice || "";
    notice.hidden = !t.you.notice;
    const log = page.byId("log");
    log.replaceChildren();
    for (const line of t.hand ? t.hand.log : []) log.append(page.el("li", "", line.trim()));
    const results = page.byId("results");
    results.replaceChildren();
    for (const result of t.results) {
      results.append(page.el("li", "", result.lines.map((line) => line.trim()).join(" · ")));
    }
    const standings = page.byId("standings");
    standings.replaceChildren();
    standings.hidden = t.standings.length === 0;
    for (const s of t.standings) {
      standings.append(page.el("li", "", `${s.place}. ${s.name} · ${s.total >= 0 ? "+" : ""}${s.total} points`));
    }
    tick(t, context);
  }

  function statusText(t) {
    switch (t.status) {
      case "waiting":
        return `Waiting for players · ${t.seats.filter((s) => s.name !== null).length} seated`;
      case "playing": {
        const deal = t.hand.deal === 0 ? "first five" : t.hand.deal === -1 ? "Fantasyland" : `deal ${t.hand.deal + 1} of 5`;
        return `Hand #${t.hand.number} · ${deal}`;
      }
      case "pause":
        return t.next_hand_at === null ? "Between hands" : `Next hand in ${page.secondsUntil(t.next_hand_at)} s`;
      case "held":
        return "Waiting for a player to come back";
      case "over":
        return "The session is over";
      default:
        return t.status;
    }
  }

  function tick(t, context) {
    page = context;
    page.byId("status").textContent = statusText(t);
    const line = page.byId("turn");
    const hand = t.hand;
    if (!hand || hand.to_act === null) {
      line.textContent = "";
      delete line.dataset.seat;
      return;
    }
    line.dataset.seat = String(hand.to_act);
    const actor = t.seats[hand.to_act - 1];
    const whose = actor.you ? "Your cards to set" : `${actor.name} sets cards`;
    const clock = hand.clock;
    if (!clock) {
      line.textContent = whose;
      return;
    }
    const left = page.secondsUntil(clock.deadline);
    const counting = page.serverNow() >= clock.countdown_from;
    line.textContent = `${whose} · ${left} s · ${clock.banks} time bank${clock.banks === 1 ? "" : "s"} left`;
    line.classList.toggle("countdown", counting);
    const seatClock = document.querySelector(".ofc-player.acting .seat-clock");
    if (seatClock) seatClock.textContent = `${left} s`;
  }

  // A key for the OFC table; true when it was one (the page then ignores it).
  function key(name, context) {
    page = context;
    const you = last && last.you;
    if (!you || you.decision !== "place") return false;
    if (/^[1-9]$/.test(name) && Number(name) <= you.cards.length) {
      selected = Number(name) - 1;
    } else if (name === "ArrowLeft" || name === "ArrowRight") {
      const step = name === "ArrowLeft" ? -1 : 1;
      selected = (selected + step + you.cards.length) % you.cards.length;
    } else if (ROW_KEYS[name]) {
      assign(ROW_KEYS[name]);
      return true;
    } else if (name === "u" || name === "Backspace") {
      clearChoice();
      return true;
    } else if (name === "Enter") {
      submit();
      return true;
    } else {
      return false;
    }
    redraw();
    return true;
  }

  return { render, tick, key };
})();

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
  // The bots' styles as the frame names them (pokerroom/bots): codes, worded here.
  const BOT_STYLES = {
    random: tp("bot style", "random"),
    station: tp("bot style", "calling station"),
    equity: tp("bot style", "equity"),
    tournament: tp("bot style", "tournament"),
    sensible: tp("bot style", "sensible"),
  };
  const ROW_NAMES = { top: t("top"), middle: t("middle"), bottom: t("bottom"), discard: t("discard") };
  const ROW_BUTTONS = { top: t("Top"), middle: t("Middle"), bottom: t("Bottom"), discard: t("Discard") };
  const PUT_ON = {
    top: t("put the chosen card on the top row (key {key})"),
    middle: t("put the chosen card on the middle row (key {key})"),
    bottom: t("put the chosen card on the bottom row (key {key})"),
  };
  const ROW_FULL = {
    top: t("the top row is full: {open} still open"),
    middle: t("the middle row is full: {open} still open"),
    bottom: t("the bottom row is full: {open} still open"),
  };
  let turn = null; // the deal the choices below are for
  let choices = new Map(); // card token -> "top" | "middle" | "bottom" | "discard"
  let selected = 0;
  let last = null;
  let page = null;

  function resetFor(tb) {
    const key = tb.hand && tb.you.decision === "place" ? tb.hand.turn : null;
    if (key !== turn) {
      turn = key;
      choices = new Map();
      selected = 0;
    }
  }

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function points(total) {
    const sign = total >= 0 ? "+" : "-";
    return tn("{sign}{count} point", "{sign}{count} points", Math.abs(total), {
      sign,
      count: Math.abs(total),
    });
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
          node.title = t("not sent yet");
          slots.append(node);
          open -= 1;
        }
      }
      line.classList.add("ofc-target");
      line.title = fill(PUT_ON[row], { key: row[0] });
      line.addEventListener("click", () => assign(row));
    }
    for (let i = 0; i < open; i += 1) slots.append(page.el("span", "card ofc-slot"));
    line.append(slots);
    return line;
  }

  function playerNode(tb, seat) {
    const block = page.el("li", "ofc-player");
    block.dataset.seat = String(seat.seat);
    if (seat.you) block.classList.add("you");
    if (tb.hand && tb.hand.to_act === seat.seat) block.classList.add("acting");
    const head = page.el("div", "seat-head");
    head.append(page.el("span", "seat-number", seat.seat));
    head.append(page.el("span", "name", seat.name === null ? t("empty") : seat.name));
    if (seat.bot_account) head.append(page.el("span", "bot-account", tp("seat mark", "bot")));
    if (seat.button) head.append(page.el("span", "mark mark-d", tp("dealer button", "D")));
    if (seat.name !== null) head.append(page.el("span", "ofc-total", points(seat.total)));
    block.append(head);
    if (seat.name === null) {
      if (tb.status === "waiting" && tb.you.seat === null && document.getElementById("table").dataset.signedIn === "yes") {
        const sit = page.el("button", "sit", t("Sit here"));
        sit.type = "button";
        sit.addEventListener("click", () => page.send("sit", { seat: seat.seat }));
        block.append(sit);
      }
      return block;
    }
    const notes = [];
    if (seat.fantasy) notes.push(t("Fantasyland"));
    if (seat.bot !== null) notes.push(t("bot ({style})", { style: BOT_STYLES[seat.bot] || seat.bot }));
    if (seat.surrendered) notes.push(t("surrendered"));
    if (seat.away) notes.push(t("away: cards set for him"));
    if (!seat.connected && seat.bot === null) notes.push(tp("seat note", "disconnected"));
    if (seat.discarded > 0 && !seat.you) {
      notes.push(tn("{count} discarded face down", "{count} discarded face down", seat.discarded));
    }
    block.append(page.el("div", "notes", notes.join(" · ")));
    if (seat.in_hand && seat.board === null) {
      block.append(page.el("div", "ofc-hidden", t("Sets 13 of 14 cards after the others, hidden until the round ends")));
    } else if (seat.in_hand) {
      const mine = seat.you && tb.you.decision === "place";
      for (const row of ROWS) block.append(rowNode(seat, row, mine));
    }
    if (seat.you && tb.you.discards.length > 0) {
      const thrown = page.el("div", "ofc-discards", t("Your discards:") + " ");
      for (const token of tb.you.discards) thrown.append(page.cardNode(token));
      block.append(thrown);
    }
    if (tb.hand && tb.hand.to_act === seat.seat) block.append(page.el("div", "seat-clock"));
    return block;
  }

  function handNode(tb) {
    const you = tb.you;
    const box = page.el("div", "ofc-hand");
    const task = you.to_discard
      ? t("Set {count}, discard {discard}", { count: you.to_place, discard: you.to_discard })
      : t("Set {count}", { count: you.to_place });
    const how = t("choose a card (1–9, ←/→), then its row (t, m, b) or discard (x); Enter confirms");
    box.append(page.el("p", "ofc-task", `${task}: ${how}`));
    const cards = page.el("div", "ofc-cards");
    you.cards.forEach((token, index) => {
      const node = page.cardNode(token);
      node.classList.add("pick");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      node.setAttribute("aria-pressed", index === selected ? "true" : "false");
      const target = choices.get(token);
      if (target) node.dataset.choice = target;
      node.title = target
        ? t("{row} (key {key})", { row: ROW_NAMES[target], key: index + 1 })
        : t("choose (key {key})", { key: index + 1 });
      node.addEventListener("click", () => {
        selected = index;
        redraw();
      });
      const wrap = page.el("span", "ofc-choice");
      wrap.append(node, page.el("span", "ofc-choice-row", target ? ROW_NAMES[target] : ""));
      cards.append(wrap);
    });
    box.append(cards);
    const buttons = page.el("div", "ofc-buttons");
    for (const [key, row] of Object.entries(ROW_KEYS)) {
      if (row === "discard" && !you.to_discard) continue;
      const button = page.el("button", "ofc-put", "");
      button.type = "button";
      button.dataset.put = row;
      button.append(ROW_BUTTONS[row] + " ", page.el("kbd", "", key));
      button.addEventListener("click", () => assign(row));
      buttons.append(button);
    }
    const undo = page.el("button", "ofc-undo", t("Undo") + " ");
    undo.type = "button";
    undo.append(page.el("kbd", "", "u"));
    undo.addEventListener("click", clearChoice);
    const confirm = page.el("button", "ofc-confirm", t("Confirm") + " ");
    confirm.type = "button";
    confirm.id = "ofc-confirm";
    confirm.append(page.el("kbd", "", "Enter"));
    confirm.disabled = problem() !== null;
    confirm.addEventListener("click", submit);
    buttons.append(undo, confirm);
    if (you.may_surrender) buttons.append(surrenderNode(tb)); // in the row: a phone keeps it all in view
    box.append(buttons);
    return box;
  }

  // O-5: shown only while the server would take it (in the hand, no card of yours set).
  function surrenderNode(tb) {
    const button = page.el("button", "ofc-surrender", t("Surrender"));
    button.type = "button";
    button.id = "ofc-surrender";
    button.title = t("Give up this hand before setting a card: you pay 2 points to each opponent");
    button.addEventListener("click", () => page.send("surrender", { turn: tb.hand.turn }));
    return button;
  }

  function problem() {
    const you = last && last.you;
    if (!you || you.decision !== "place") return t("it is not your turn to set cards");
    if (choices.size < you.cards.length) {
      return t("choose a row for every card ({count} left)", { count: you.cards.length - choices.size });
    }
    if (chosen("discard") !== you.to_discard) {
      return you.to_discard ? t("discard exactly one card") : t("the first five have no discard");
    }
    return null;
  }

  function assign(row) {
    const you = last && last.you;
    if (!you || you.decision !== "place" || you.cards.length === 0) return;
    const token = you.cards[selected];
    const before = choices.get(token);
    if (row === "discard" && !you.to_discard) {
      page.showError(t("the first five have no discard: set all five"));
      return;
    }
    const room = row === "discard" ? you.to_discard : you.free[row];
    if (before !== row && chosen(row) >= room) {
      const open = ROWS.filter((r) => you.free[r] - chosen(r) > 0).map((r) => ROW_NAMES[r]);
      page.showError(
        row === "discard"
          ? t("you discard one card only")
          : fill(ROW_FULL[row], { open: open.join(", ") || t("no row") }),
      );
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

  function render(tb, context) {
    page = context;
    last = tb;
    resetFor(tb);
    page.byId("felt").hidden = true;
    const area = page.byId("ofc");
    area.hidden = false;
    area.replaceChildren();
    const players = page.el("ol", "ofc-players");
    players.setAttribute("aria-label", t("Players"));
    const mine = tb.seats.filter((seat) => seat.you);
    for (const seat of [...mine, ...tb.seats.filter((s) => !s.you)]) players.append(playerNode(tb, seat));
    area.append(players);
    if (tb.you.decision === "place") area.append(handNode(tb));
    else if (tb.you.may_surrender) area.append(surrenderNode(tb));
    const notice = page.byId("notice");
    notice.textContent = tb.you.notice || "";
    notice.hidden = !tb.you.notice;
    const log = page.byId("log");
    log.replaceChildren();
    for (const line of tb.hand ? tb.hand.log : []) log.append(page.el("li", "", line.trim()));
    const results = page.byId("results");
    results.replaceChildren();
    for (const result of tb.results) {
      results.append(page.el("li", "", result.lines.map((line) => line.trim()).join(" · ")));
    }
    const standings = page.byId("standings");
    standings.replaceChildren();
    standings.hidden = tb.standings.length === 0;
    for (const s of tb.standings) {
      standings.append(page.el("li", "", `${s.place}. ${s.name} · ${points(s.total)}`));
    }
    tick(tb, context);
  }

  function statusText(tb) {
    switch (tb.status) {
      case "waiting":
        return tn("Waiting for players · {count} seated", "Waiting for players · {count} seated",
          tb.seats.filter((s) => s.name !== null).length);
      case "playing": {
        const deal = tb.hand.deal === 0
          ? t("first five")
          : tb.hand.deal === -1
            ? t("Fantasyland")
            : t("deal {number} of 5", { number: tb.hand.deal + 1 });
        return t("Hand #{number} · {street}", { number: tb.hand.number, street: deal });
      }
      case "pause":
        return tb.next_hand_at === null
          ? t("Between hands")
          : t("Next hand in {seconds} s", { seconds: page.secondsUntil(tb.next_hand_at) });
      case "held":
        return t("Waiting for a player to come back");
      case "over":
        return t("The session is over");
      default:
        return tb.status;
    }
  }

  function tick(tb, context) {
    page = context;
    page.byId("status").textContent = statusText(tb);
    const line = page.byId("turn");
    const hand = tb.hand;
    if (!hand || hand.to_act === null) {
      line.textContent = "";
      delete line.dataset.seat;
      return;
    }
    line.dataset.seat = String(hand.to_act);
    const actor = tb.seats[hand.to_act - 1];
    const whose = actor.you ? t("Your cards to set") : t("{name} sets cards", { name: actor.name });
    const clock = hand.clock;
    if (!clock) {
      line.textContent = whose;
      return;
    }
    const left = page.secondsUntil(clock.deadline);
    const counting = page.serverNow() >= clock.countdown_from;
    const banks = tn("{count} time bank left", "{count} time banks left", clock.banks);
    line.textContent = `${whose} · ${t("{seconds} s", { seconds: left })} · ${banks}`;
    line.classList.toggle("countdown", counting);
    const seatClock = document.querySelector(".ofc-player.acting .seat-clock");
    if (seatClock) seatClock.textContent = t("{seconds} s", { seconds: left });
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

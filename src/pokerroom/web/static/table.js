// The table page: one WebSocket to /ws/tables/<id> (docs/protocol.md), one drawing of the
// whole table per snapshot, which the server built for this viewer alone: the page
// shows what it is sent and nothing else. Server text is only ever set as textContent;
// cards carry their ASCII token in data-card ("As", "Td"). No libraries, no build step.
// The rules drawn here: the shot clock and time banks, pre-actions, show or
// muck (P-5), the legal amounts (A-7, A-8: checked here, checked again by the server).
"use strict";

(() => {
  const root = document.getElementById("table");
  if (!root) return;
  let roomId = root.dataset.room;
  const byId = (id) => document.getElementById(id);
  const PRESET_KEYS = { m: "min", h: "½ pot", t: "⅔ pot", p: "pot", a: "all-in" };
  const PREACTIONS = {
    check_fold: t("Check/fold"),
    check: t("Check"),
    call_any: t("Call any"),
    fold_any: t("Fold to any bet"),
  };
  // The presets' names as the server sends them (pokerroom/table/presets.py): codes, worded here.
  const PRESET_NAMES = {
    min: t("min"),
    "½ pot": t("½ pot"),
    "⅔ pot": t("⅔ pot"),
    pot: t("pot"),
    "all-in": t("all-in"),
  };
  const SIZED = { bet: t("Bet"), raise: t("Raise"), complete: t("Complete") };
  // The streets as the frame names them (pokerroom/engine/variants.py): codes, worded here.
  const STREETS = {
    preflop: tp("street", "preflop"),
    flop: tp("street", "flop"),
    turn: tp("street", "turn"),
    river: tp("street", "river"),
    deal: tp("street", "deal"),
    predraw: tp("street", "before the draw"),
    postdraw: tp("street", "after the draw"),
    third: tp("street", "third street"),
    fourth: tp("street", "fourth street"),
    fifth: tp("street", "fifth street"),
    sixth: tp("street", "sixth street"),
    seventh: tp("street", "seventh street"),
  };
  // The bots' styles as the frame names them (pokerroom/bots): codes, worded here.
  const BOT_STYLES = {
    random: tp("bot style", "random"),
    station: tp("bot style", "calling station"),
    equity: tp("bot style", "equity"),
    tournament: tp("bot style", "tournament"),
    sensible: tp("bot style", "sensible"),
    "tight-aggressive": tp("bot style", "tight-aggressive"),
    "loose-aggressive": tp("bot style", "loose-aggressive"),
    "tight-passive": tp("bot style", "tight-passive"),
    "loose-passive": tp("bot style", "loose-passive (calling station)"),
  };
  const SHARES = { high: tp("pot share", "high"), low: tp("pot share", "low") };
  // The amount check's complaints, by the frame's code for a sized bet ({range} etc. filled in).
  const TO_WHOLE = {
    bet: t("bet to a whole number of chips in {range}"),
    raise: t("raise to a whole number of chips in {range}"),
    complete: t("complete to a whole number of chips in {range}"),
  };
  const TO_ONE_OF = {
    bet: t("bet to one of {sizes}"),
    raise: t("raise to one of {sizes}"),
    complete: t("complete to one of {sizes}"),
  };
  const IN_STEPS = {
    bet: t("bets are in steps of {step}: from {low} to {high}"),
    raise: t("raises are in steps of {step}: from {low} to {high}"),
    complete: t("completes are in steps of {step}: from {low} to {high}"),
  };
  const IN_STEPS_ALL_IN = {
    bet: t("bets are in steps of {step}: from {low} to {high}, or all-in {all}"),
    raise: t("raises are in steps of {step}: from {low} to {high}, or all-in {all}"),
    complete: t("completes are in steps of {step}: from {low} to {high}, or all-in {all}"),
  };
  const FINAL_CLOSES = {
    4001: t("This page speaks another protocol version: reload the page."),
    4003: t("This page may not open the table."),
    4004: t("This table has closed."),
    4005: t("This table takes no observers: take a seat to play."),
    4008: t("Too many tables are open from this address or account: close another tab, then reload."),
    4010: t("This table was closed by its host."),
  };
  const FOLD_WHEN_FREE = t("Checking is free: fold instead of check? Press fold again to fold.");
  const MARKS = { d: tp("dealer button", "D"), sb: tp("small blind", "SB"), bb: tp("big blind", "BB") };
  const SEAT_STATES = {
    waiting: tp("seat state", "waiting"),
    posting: tp("seat state", "posting"),
    no_chips: tp("seat state", "no chips"),
    leaving: tp("seat state", "leaving"),
  };
  const TRY_AGAIN_LATER = 1013; // the server cannot serve the table just now: retried

  let socket = null;
  let table = null; // the last snapshot
  let arrived = 0; // performance.now() when it came
  let retries = 0;
  let reconnectTimer = null;
  let counter = 0;
  let discards = new Set();
  let discardHand = null;
  let amountTouched = false;
  let clientError = false; // the error line holds the amount check's complaint
  let sizingKey = "";
  let foldAsked = null; // the turn at which "fold instead of check?" was asked
  const pageKey = Array.from(crypto.getRandomValues(new Uint8Array(6)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");

  // ------------------------------------------------------------------ helpers

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function cardNode(token) {
    if (token === null || token === undefined) {
      const back = el("span", "card back");
      back.setAttribute("aria-label", t("face-down card"));
      return back;
    }
    const node = el("span", `card suit-${token.slice(-1)}`, cardFace(token));
    node.dataset.card = token;
    return node;
  }

  function serverNow() {
    return table ? table.now + (performance.now() - arrived) / 1000 : 0;
  }

  function secondsUntil(at) {
    return Math.max(0, Math.ceil(at - serverNow()));
  }

  function nextId() {
    counter += 1;
    return `${pageKey}-${counter}`;
  }

  // A message the server could not hand to the table's owner (another process is taking
  // the table over) is sent again, under a new id, a few times a second apart.
  const MOVING_TRIES = 5;
  const unanswered = new Map();

  function send(type, fields, tries) {
    showError("");
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError(t("Not connected: wait for the table to come back."));
      return;
    }
    const id = nextId();
    unanswered.set(id, { type, fields, tries: tries || 0 });
    if (unanswered.size > 64) unanswered.delete(unanswered.keys().next().value);
    socket.send(JSON.stringify({ type, id, ...(fields || {}) }));
  }

  function retryMoved(frame) {
    const sent = unanswered.get(frame.ref);
    unanswered.delete(frame.ref);
    if (!sent || sent.tries + 1 >= MOVING_TRIES) return false;
    setTimeout(() => send(sent.type, sent.fields, sent.tries + 1), 1000);
    return true;
  }

  function showError(text) {
    byId("error").textContent = text;
  }

  function banner(text) {
    const node = byId("banner");
    node.textContent = text;
    node.hidden = !text;
  }

  function show(id, visible) {
    byId(id).hidden = !visible;
  }

  function chips(count) {
    return tn("{count} chip", "{count} chips", count, { count: formatAmount(count) });
  }

  // What a sized bet is called now (the frame's code: bet, raise or complete).
  function sizedWord(raise) {
    return SIZED[raise.word] || raise.word;
  }

  // {name} placeholders of a message already translated (t fills those it is given).
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
  }

  function lowerFirst(text) {
    return text[0].toLocaleLowerCase(pageLanguage) + text.slice(1);
  }

  // ---------------------------------------------------------------- the socket

  function connect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}/ws/tables/${encodeURIComponent(roomId)}`;
    const opened = new WebSocket(url);
    socket = opened;
    opened.addEventListener("open", () => {
      opened.send(JSON.stringify({ type: "hello", v: 1 }));
    });
    opened.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (window.pokerroomChat) window.pokerroomChat.receive(frame, send); // static/chat.js
      if (frame.type === "table" && frame.you.moved_to && frame.you.moved_to !== roomId) {
        follow(frame.you.moved_to);
      } else if (frame.type === "table") {
        retries = 0;
        banner("");
        table = frame;
        arrived = performance.now();
        render();
      } else if (frame.type === "error") {
        if (!(frame.code === "moving" && retryMoved(frame))) showError(frame.message);
      } else if (frame.type === "closed") {
        closedByHost();
      } else if (frame.type === "saving") {
        // The room cannot save: the table stands still until it can (then this clears).
        banner(frame.paused ? frame.message : "");
      }
    });
    opened.addEventListener("close", (event) => {
      if (socket !== opened) return;
      socket = null;
      root.dataset.status = "disconnected";
      const final = FINAL_CLOSES[event.code];
      if (final) {
        banner(final);
        return;
      }
      scheduleReconnect(event.code === TRY_AGAIN_LATER ? event.reason : "");
    });
  }

  // A tournament moved you (balancing, a table broken): the old table's frame names the new
  // one; the page follows it without a reload and its address becomes the new table's.
  function follow(movedTo) {
    const old = socket;
    socket = null;
    if (old) old.close();
    roomId = movedTo;
    root.dataset.room = movedTo;
    history.replaceState(null, "", `/tables/${encodeURIComponent(movedTo)}`);
    connect();
  }

  // The host closed the table: its last frame says so; nothing more to play or reconnect to.
  function closedByHost() {
    const old = socket;
    socket = null;
    clearTimeout(reconnectTimer);
    reconnectTimer = null;
    root.dataset.status = "closed";
    banner(FINAL_CLOSES[4010]);
    show("controls", false);
    if (old) old.close();
  }

  // why: the server's reason for a close it asks to be retried (the database is out).
  function scheduleReconnect(why = "") {
    if (reconnectTimer !== null) return;
    banner(why ? `${why[0].toUpperCase()}${why.slice(1)}…` : t("Reconnecting…"));
    const delay = Math.min(10000, 500 * 2 ** retries) * (0.75 + Math.random() / 2);
    retries += 1;
    reconnectTimer = setTimeout(connect, delay);
  }

  // A network gone is a connection gone, even before the socket notices: say so at once,
  // and try again as soon as the browser is back online.
  window.addEventListener("offline", () => {
    if (socket) socket.close();
  });
  window.addEventListener("online", () => {
    if (!socket) {
      retries = 0;
      connect();
    }
  });

  // ------------------------------------------------------------------ drawing

  function render() {
    const tb = table;
    if (tb.kind === "ofc") {
      renderOfc(tb);
      return;
    }
    const hand = tb.hand;
    const you = tb.you;
    root.dataset.hand = hand ? String(hand.number) : "";
    root.dataset.turn = hand ? hand.turn : "";
    root.dataset.status = tb.status;
    root.dataset.seated = you.seat === null ? "no" : "yes";
    byId("stakes").textContent = tb.game.stakes;
    byId("stakes").title = tb.game.stakes; // a phone shows the line cut short
    renderSeats(tb);
    renderMiddle(hand);
    renderActions(tb);
    renderSeatControls(tb);
    renderHistory(tb);
    if (window.drawTournamentHeader) window.drawTournamentHeader(tb.tournament, serverNow());
    if (window.drawBroadcast) window.drawBroadcast(tb.broadcast);
    if (window.drawStraddle) window.drawStraddle(you.straddle, send);
    if (window.drawDispute) window.drawDispute(tb.tournament, serverNow());
    if (window.drawRunTwice) window.drawRunTwice(tb, send, serverNow);
    tick();
  }

  // OFC tables: static/ofc.js draws the rows and the cards to set; the seat controls
  // (start, sit out, sit in, leave) are the same as a home game's.
  const ofcPage = {
    byId, el, cardNode, send, showError, secondsUntil, serverNow,
  };

  function renderOfc(tb) {
    root.dataset.hand = tb.hand ? String(tb.hand.number) : "";
    root.dataset.turn = tb.hand ? tb.hand.turn : "";
    root.dataset.status = tb.status;
    root.dataset.seated = tb.you.seat === null ? "no" : "yes";
    byId("stakes").textContent = tb.game.stakes;
    byId("stakes").title = tb.game.stakes; // a phone shows the line cut short
    show("watching", tb.you.seat === null);
    renderSeatControls(tb);
    window.pokerroomOfc.render(tb, ofcPage);
  }

  function ofcKey(event) {
    if (!table || table.kind !== "ofc") return false;
    if (window.pokerroomOfc.key(event.key, ofcPage)) {
      event.preventDefault();
      return true;
    }
    return false;
  }

  function statusText(tb) {
    const hand = tb.hand;
    switch (tb.status) {
      case "waiting": {
        const seated = tb.seats.filter((s) => s.name !== null).length;
        return tb.kind === "cash"
          ? tn("Waiting for two players ready · {count} seated", "Waiting for two players ready · {count} seated", seated)
          : tn("Waiting for players · {count} seated", "Waiting for players · {count} seated", seated);
      }
      case "playing":
        return hand
          ? t("Hand #{number} · {street}", { number: hand.number, street: STREETS[hand.street] || hand.street })
          : t("Playing");
      case "pause":
        return tb.next_hand_at === null
          ? t("Between hands")
          : t("Next hand in {seconds} s", { seconds: secondsUntil(tb.next_hand_at) });
      case "held":
        return t("Waiting for a second player to come back");
      case "over":
        return t("The game is over");
      default:
        return tb.status;
    }
  }

  // Where each seat sits on the oval, clockwise from the bottom centre: [x, y] in percent of
  // the box the seats' centres lie on (table.css .seats). Wide ovals seat more players along
  // the top and bottom than at the ends, as online rooms do.
  const SEAT_MAPS = {
    2: [[50, 100], [50, 0]],
    3: [[50, 100], [22, 0], [78, 0]],
    4: [[50, 100], [0, 50], [50, 0], [100, 50]],
    5: [[50, 100], [0, 55], [28, 0], [72, 0], [100, 55]],
    6: [[50, 100], [0, 55], [20, 0], [50, 0], [80, 0], [100, 55]],
    7: [[50, 100], [18, 100], [0, 35], [28, 0], [72, 0], [100, 35], [82, 100]],
    8: [[50, 100], [20, 100], [0, 50], [22, 0], [50, 0], [78, 0], [100, 50], [80, 100]],
    9: [[50, 100], [22, 100], [0, 55], [15, 0], [38, 0], [62, 0], [85, 0], [100, 55], [78, 100]],
    10: [[50, 100], [22, 100], [0, 75], [0, 25], [22, 0], [50, 0], [78, 0], [100, 25], [100, 75],
      [78, 100]],
  };

  function stepsFromYou(index, count, mine) {
    // Item 2: you at the bottom centre, the next seats clockwise from you (to your left);
    // a watcher sees seat 1 there.
    const shift = mine === null ? 0 : mine - 1;
    return (index - shift + count) % count;
  }

  function seatPlace(index, count, mine) {
    return SEAT_MAPS[count][stepsFromYou(index, count, mine)];
  }

  function renderSeats(tb) {
    const list = byId("seats");
    const you = tb.you;
    const hand = tb.hand;
    const mayTake =
      root.dataset.signedIn === "yes" &&
      you.seat === null &&
      (tb.kind === "cash" || tb.status === "waiting");
    const drawing = you.decision === "draw";
    if (!drawing || !hand || discardHand !== hand.turn) {
      discards = new Set();
      discardHand = hand && drawing ? hand.turn : null;
    }
    list.replaceChildren();
    tb.seats.forEach((seat, index) => {
      const item = el("li", "seat");
      const [x, y] = seatPlace(index, tb.seats.length, you.seat);
      item.style.setProperty("--x", `${x}%`);
      item.style.setProperty("--y", `${y}%`);
      item.style.setProperty("--order", String(stepsFromYou(index, tb.seats.length, you.seat)));
      item.dataset.seat = String(seat.seat);
      const head = el("div", "seat-head");
      head.append(el("span", "seat-number", seat.seat));
      if (seat.name === null) {
        item.classList.add("empty");
        if (mayTake) {
          const sit = el("button", "sit", t("Sit here"));
          sit.type = "button";
          sit.addEventListener("click", () => sitAt(seat.seat));
          head.append(sit);
        } else {
          head.append(el("span", "name", t("empty")));
        }
        item.append(head);
        list.append(item);
        return;
      }
      head.append(el("span", "name", seat.name));
      if (seat.bot_account) head.append(el("span", "bot-account", tp("seat mark", "bot")));
      for (const [flag, label, title] of [
        [seat.button, "d", t("dealer button")],
        [seat.small_blind, "sb", t("small blind")],
        [seat.big_blind, "bb", t("big blind")],
      ]) {
        if (flag) {
          const mark = el("span", `mark mark-${label}`, MARKS[label]);
          mark.title = title;
          head.append(mark);
        }
      }
      item.append(head);
      item.append(el("div", "stack", chips(seat.stack)));
      const cards = el("div", "cards");
      seat.cards.forEach((token, cardIndex) => {
        const node = cardNode(token);
        if (seat.you && drawing && token !== null) {
          node.classList.add("pick");
          node.tabIndex = 0;
          node.setAttribute("role", "button");
          node.setAttribute("aria-pressed", discards.has(token) ? "true" : "false");
          node.title = t("throw away (key {key})", { key: cardIndex + 1 });
          node.addEventListener("click", () => toggleDiscard(token));
        }
        cards.append(node);
      });
      item.append(cards);
      const notes = [];
      if (seat.last_action) notes.push(seat.last_action);
      if (seat.drew !== null) {
        notes.push(seat.drew === 0 ? t("stands pat") : tn("drew {count}", "drew {count}", seat.drew));
      }
      if (seat.all_in) notes.push(tp("seat note", "all-in"));
      if (seat.mucked) notes.push(tp("seat note", "mucked"));
      if (seat.out) notes.push(tp("seat note", "out"));
      if (seat.away) notes.push(tp("seat note", "sitting out"));
      if (!seat.connected && seat.bot === null) notes.push(tp("seat note", "disconnected"));
      if (seat.state && !["playing", "sitting_out"].includes(seat.state)) {
        notes.push(SEAT_STATES[seat.state] || seat.state.replace("_", " "));
      }
      if (seat.bot !== null) notes.push(t("bot ({style})", { style: BOT_STYLES[seat.bot] || seat.bot }));
      item.append(el("div", "notes", notes.join(" · ")));
      item.append(el("div", "banks", t("time banks: {count}", { count: seat.banks })));
      if (seat.bet > 0) {
        const bet = el("div", "bet", formatAmount(seat.bet));
        bet.dataset.word = tp("seat", "bet"); // drawn before the amount (table.css)
        item.append(bet);
      }
      if (seat.you) item.classList.add("you");
      if (seat.folded || seat.mucked) item.classList.add("folded");
      if (seat.away || seat.out) item.classList.add("away");
      if (hand && hand.to_act === seat.seat && hand.phase !== "done") {
        item.classList.add("acting");
        item.append(el("div", "seat-clock"));
      }
      list.append(item);
    });
  }

  function renderMiddle(hand) {
    const boards = byId("boards");
    boards.replaceChildren();
    const pots = byId("pots");
    pots.replaceChildren();
    if (!hand) {
      byId("pot").textContent = "";
      return;
    }
    hand.boards.forEach((board, index) => {
      const row = el("div", "board");
      if (hand.boards.length > 1) row.append(el("span", "board-name", t("Board {number}", { number: index + 1 })));
      board.forEach((token) => row.append(cardNode(token)));
      boards.append(row);
    });
    byId("pot").textContent = t("Pot {amount}", { amount: formatAmount(hand.pot) });
    if (hand.pots.length > 1) {
      const names = new Map(table.seats.map((s) => [s.seat, s.name]));
      hand.pots.forEach((pot, index) => {
        const label = index === 0 ? t("Main pot") : t("Side pot {number}", { number: index });
        const who = pot.seats
          .map((seat) => names.get(seat) || t("seat {number}", { number: seat }))
          .join(", ");
        pots.append(el("li", "side-pot", `${label}: ${formatAmount(pot.amount)} (${who})`));
      });
      const inBets = hand.pot - hand.pots.reduce((sum, pot) => sum + pot.amount, 0);
      if (inBets > 0) {
        pots.append(el("li", "side-pot", t("In bets: {amount}", { amount: formatAmount(inBets) })));
      }
    }
  }

  function renderActions(tb) {
    const you = tb.you;
    const hand = tb.hand;
    const seated = you.seat !== null;
    show("watching", !seated);
    const turn = byId("turn");
    if (hand && hand.to_act !== null && hand.phase !== "done") {
      turn.dataset.seat = String(hand.to_act);
    } else {
      delete turn.dataset.seat;
    }
    const notice = byId("notice");
    notice.textContent = you.notice || "";
    notice.hidden = !you.notice;
    const announced = tb.tournament ? tb.tournament.announcement : null;
    const announcement = byId("announcement");
    announcement.textContent = announced ? t("Director: {text}", { text: announced }) : "";
    announcement.hidden = !announced;

    const actions = you.decision === "act" ? you.actions : null;
    show("actions", actions !== null);
    if (actions) {
      show("fold", actions.fold);
      byId("fold").classList.toggle("asking", actions.check && foldAsked === hand.turn);
      show("check", actions.check);
      show("call", actions.call !== null);
      byId("call-label").textContent = t("Call {amount}", { amount: formatAmount(actions.call) });
      show("bring-in", actions.bring_in !== null);
      byId("bring-in-label").textContent = t("Bring in {amount}", {
        amount: formatAmount(actions.bring_in),
      });
      renderSizing(actions.raise_to, actions.presets, hand.turn);
    }
    show("draw", you.decision === "draw");
    updateDrawButton();
    show("showdown", you.decision === "show");
    show("muck", you.may_muck);

    const pre = byId("preactions");
    pre.replaceChildren();
    pre.hidden = you.preactions.length === 0 && you.preaction === null;
    for (const kind of you.preactions) {
      const toggle = el("button", "toggle", PREACTIONS[kind] || kind);
      toggle.type = "button";
      toggle.dataset.preaction = kind;
      const on = you.preaction === kind;
      toggle.setAttribute("aria-pressed", on ? "true" : "false");
      toggle.addEventListener("click", () =>
        send("preaction", { kind: on ? "clear" : kind }),
      );
      pre.append(toggle);
    }
  }

  function renderSizing(raise, presets, turnToken) {
    show("sizing", raise !== null);
    if (!raise) return;
    const amount = byId("amount");
    const slider = byId("slider");
    const key = `${turnToken}:${raise.min}:${raise.max}`;
    // T-18: the slider moves in bet units; its last notch is the all-in when that is no
    // whole number of units (the moved value is capped at the maximum).
    const whole = wholeTop(raise);
    for (const input of [amount, slider]) {
      input.min = String(raise.min);
      input.max = String(raise.max);
      input.step = String(raise.step);
    }
    slider.max = String(whole < raise.max ? whole + raise.step : raise.max);
    if (key !== sizingKey) {
      sizingKey = key;
      amountTouched = false;
      amount.value = String(raise.min);
      slider.value = String(raise.min);
    }
    const list = byId("presets");
    list.replaceChildren();
    for (const preset of presets) {
      const name = PRESET_NAMES[preset.name] || preset.name;
      const button = el("button", "preset", `${name} ${formatAmount(preset.amount)}`);
      button.type = "button";
      button.dataset.preset = preset.name;
      button.addEventListener("click", () => setAmount(preset.amount));
      list.append(button);
    }
    checkAmount();
  }

  function wholeTop(raise) {
    return raise.max - (raise.max % raise.step);
  }

  function setAmount(value) {
    amountTouched = true;
    byId("amount").value = String(value);
    byId("slider").value = String(value);
    checkAmount();
  }

  function amountProblem() {
    const raise = table && table.you.actions && table.you.actions.raise_to;
    if (!raise) return t("no bet or raise is allowed now");
    const text = byId("amount").value.trim();
    const value = Number(text);
    const [low, high] = [formatAmount(raise.min), formatAmount(raise.max)];
    const range = raise.min === raise.max ? low : `${low}-${high}`;
    if (!/^\d+$/.test(text) || value < raise.min || value > raise.max) {
      return fill(TO_WHOLE[raise.word], { range });
    }
    if (raise.sizes.length > 0 && !raise.sizes.includes(value)) {
      return fill(TO_ONE_OF[raise.word], { sizes: raise.sizes.map(formatAmount).join(", ") });
    }
    if (value !== raise.min && value !== raise.max && value % raise.step !== 0) {
      const whole = wholeTop(raise);
      const words = { step: formatAmount(raise.step), low, high: formatAmount(whole), all: high };
      return fill(whole === raise.max ? IN_STEPS[raise.word] : IN_STEPS_ALL_IN[raise.word], words);
    }
    return null;
  }

  function checkAmount() {
    const problem = amountProblem();
    const button = byId("raise");
    button.disabled = problem !== null;
    const raiseTo = table && table.you.actions && table.you.actions.raise_to;
    const value = byId("amount").value.trim();
    if (raiseTo) {
      const word = sizedWord(raiseTo);
      byId("raise-label").textContent =
        problem === null ? t("{action} to {amount}", { action: word, amount: formatAmount(Number(value)) }) : word;
    }
    if (problem !== null && amountTouched) {
      showError(problem);
      clientError = true;
    } else if (clientError) {
      showError("");
      clientError = false;
    }
    return problem;
  }

  function renderSeatControls(tb) {
    const you = tb.you;
    const seated = you.seat !== null;
    const mine = seated ? tb.seats[you.seat - 1] : null;
    const cash = tb.kind === "cash";
    show("start", !cash && you.host && tb.status === "waiting");
    const between = tb.status !== "waiting" || cash;
    show("sit-out", seated && between && !mine.away && !mine.out);
    show("sit-in", seated && between && mine.away && !mine.out);
    show("leave", seated && (cash || tb.status === "waiting"));
    const money = cash ? you.cash : null;
    show("post", Boolean(money && money.may_post));
    show("top-up", Boolean(money && money.top_up > 0));
    if (money && money.top_up > 0) {
      const field = byId("top-up-amount");
      field.min = "1";
      field.max = String(money.top_up);
      if (!field.value) field.value = String(money.top_up);
    }
    show("buy-in", cash && !seated && root.dataset.signedIn === "yes");
    if (cash && tb.cash) {
      const field = byId("buy-in-amount");
      field.min = String(tb.cash.min_buy_in);
      field.max = String(tb.cash.max_buy_in);
      if (!field.value) field.value = String(tb.cash.max_buy_in);
    }
  }

  function renderHistory(tb) {
    const log = byId("log");
    log.replaceChildren();
    for (const line of tb.hand ? tb.hand.log : []) log.append(el("li", "", line));
    const results = byId("results");
    results.replaceChildren();
    const boards = tb.hand ? tb.hand.boards.length : 1;
    for (const result of tb.results) results.append(el("li", "", resultText(result, boards)));
    const standings = byId("standings");
    standings.replaceChildren();
    standings.hidden = tb.standings.length === 0;
    for (const standing of tb.standings) {
      standings.append(
        el("li", "", `${standing.place}. ${standing.name} · ${chips(standing.chips)}`),
      );
    }
  }

  function resultText(result, boards) {
    const wins = result.winners.map((winner) => {
      const words = { name: winner.name, amount: formatAmount(winner.amount), pot: winner.pot };
      let text = winner.pot > 0
        ? t("{name} wins {amount} from side pot {pot}", words)
        : t("{name} wins {amount}", words);
      if (winner.share !== "all") text += ` (${SHARES[winner.share] || winner.share})`;
      if (boards > 1) text += " " + t("on board {number}", { number: winner.board + 1 });
      if (winner.hand) text += " " + t("with {hand}", { hand: lowerFirst(winner.hand) });
      return text;
    });
    const rake = result.rake ? " · " + t("rake {amount}", { amount: formatAmount(result.rake) }) : "";
    const said = wins.join("; ") || t("no winner");
    return t("Hand #{number}: {result}", { number: result.number, result: said }) + rake;
  }

  // The clock: seconds left = deadline - the server's now, counted down between frames.
  function tick() {
    if (!table) return;
    if (window.pokerroomTurnAlert) window.pokerroomTurnAlert.tick(table, serverNow());
    if (window.tickTournamentHeader) window.tickTournamentHeader(serverNow());
    if (table.kind === "ofc") {
      window.pokerroomOfc.tick(table, ofcPage);
      return;
    }
    byId("status").textContent = statusText(table);
    const hand = table.hand;
    const turn = byId("turn");
    const clock = hand && hand.clock;
    const seatClock = document.querySelector(".seat.acting .seat-clock");
    if (!hand || hand.to_act === null || hand.phase === "done") {
      turn.textContent = "";
      return;
    }
    const actor = table.seats[hand.to_act - 1];
    const whose = actor.you ? t("Your turn") : t("{name}'s turn", { name: actor.name });
    if (!clock) {
      turn.textContent = whose;
      return;
    }
    const left = secondsUntil(clock.deadline);
    const counting = serverNow() >= clock.countdown_from;
    const banks = tn("{count} time bank left", "{count} time banks left", clock.banks);
    turn.textContent = `${whose} · ${t("{seconds} s", { seconds: left })} · ${banks}`;
    turn.classList.toggle("countdown", counting);
    if (seatClock) {
      seatClock.textContent = t("{seconds} s", { seconds: left });
      seatClock.classList.toggle("countdown", counting);
    }
  }

  // ------------------------------------------------------------------ actions

  function sitAt(seat) {
    if (table && table.kind === "cash") {
      const buyIn = Number(byId("buy-in-amount").value);
      const { min_buy_in: low, max_buy_in: high } = table.cash;
      if (!Number.isInteger(buyIn) || buyIn < low || buyIn > high) {
        const range = `${formatAmount(low)}-${formatAmount(high)}`;
        showError(t("buy in for a whole number of chips in {range}", { range }));
        return;
      }
      send("sit", { seat, buy_in: buyIn, post: byId("buy-in-post").checked });
    } else {
      send("sit", { seat });
    }
  }

  function act(action, amount) {
    const fields = { action, turn: table.hand.turn };
    if (amount !== undefined) fields.amount = amount;
    send("act", fields);
  }

  function mayAct(what) {
    const actions = table && table.you.decision === "act" ? table.you.actions : null;
    if (!actions) return null;
    return what(actions);
  }

  // Folding when a check is free throws a hand away for nothing: the first press asks,
  // the second folds, as online rooms do.
  function fold() {
    const actions = mayAct((a) => a);
    if (!actions || !actions.fold) return;
    if (actions.check && foldAsked !== table.hand.turn) {
      foldAsked = table.hand.turn;
      byId("fold").classList.add("asking");
      showError(FOLD_WHEN_FREE);
      return;
    }
    act("fold");
  }

  function checkOrCall() {
    const actions = mayAct((a) => a);
    if (!actions) return;
    if (actions.check) act("check");
    else if (actions.call !== null) act("call");
  }

  function bringIn() {
    if (mayAct((a) => a.bring_in !== null)) act("bring_in");
  }

  function raise() {
    const raiseTo = mayAct((a) => a.raise_to);
    if (!raiseTo) return;
    amountTouched = true;
    if (checkAmount() !== null) return;
    act(raiseTo.word, Number(byId("amount").value.trim()));
  }

  function preset(name) {
    const actions = mayAct((a) => a);
    if (!actions || !actions.raise_to) return;
    const found = actions.presets.find((p) => p.name === name);
    if (found) {
      setAmount(found.amount);
      byId("amount").focus();
    }
  }

  function toggleDiscard(token) {
    if (discards.has(token)) discards.delete(token);
    else discards.add(token);
    for (const node of document.querySelectorAll(".seat.you .card.pick")) {
      node.setAttribute("aria-pressed", discards.has(node.dataset.card) ? "true" : "false");
    }
    updateDrawButton();
  }

  function updateDrawButton() {
    const count = discards.size;
    byId("draw-label").textContent =
      count === 0 ? t("Stand pat") : tn("Draw {count}", "Draw {count}", count);
  }

  function draw() {
    if (!table || table.you.decision !== "draw") return;
    send("draw", { cards: Array.from(discards) });
  }

  function showHand() {
    if (table && table.you.decision === "show") send("show");
  }

  function muck() {
    if (table && table.you.decision === "show" && table.you.may_muck) send("muck");
  }

  function markCard(number) {
    if (!table || table.you.decision !== "draw" || table.you.seat === null) return;
    const token = table.seats[table.you.seat - 1].cards[number - 1];
    if (token) toggleDiscard(token);
  }

  function toggleHelp() {
    const help = byId("help");
    if (help.open) help.close();
    else help.showModal();
  }

  byId("fold").addEventListener("click", fold);
  byId("check").addEventListener("click", () => act("check"));
  byId("call").addEventListener("click", () => act("call"));
  byId("bring-in").addEventListener("click", bringIn);
  byId("raise").addEventListener("click", raise);
  byId("amount").addEventListener("input", () => {
    amountTouched = true;
    byId("slider").value = byId("amount").value;
    checkAmount();
  });
  byId("slider").addEventListener("input", () => {
    const raise = table && table.you.actions && table.you.actions.raise_to;
    const value = Number(byId("slider").value);
    setAmount(raise ? Math.min(value, raise.max) : value);
  });
  byId("draw-button").addEventListener("click", draw);
  byId("show").addEventListener("click", showHand);
  byId("muck").addEventListener("click", muck);
  byId("start").addEventListener("click", () => send("start"));
  byId("sit-out").addEventListener("click", () => send("sit_out"));
  byId("sit-in").addEventListener("click", () => send("sit_in"));
  byId("leave").addEventListener("click", () => send("leave"));
  byId("post").addEventListener("click", () => send("post"));
  byId("top-up-button").addEventListener("click", () => {
    const amount = Number(byId("top-up-amount").value);
    const most = table && table.you.cash ? table.you.cash.top_up : 0;
    if (!Number.isInteger(amount) || amount < 1 || amount > most) {
      showError(t("top up by a whole number of chips in {range}", { range: `1-${formatAmount(most)}` }));
      return;
    }
    send("top_up", { amount });
  });
  byId("keys-button").addEventListener("click", toggleHelp);

  const KEYS = {
    f: fold,
    c: checkOrCall,
    b: bringIn,
    r: () => {
      const amount = byId("amount");
      if (!amount.closest("[hidden]")) {
        amount.focus();
        amount.select();
      }
    },
    s: showHand,
    x: muck,
    d: draw,
    "?": toggleHelp,
  };

  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement) {
      if (target.id === "amount" && event.key === "Enter") {
        event.preventDefault();
        raise();
      } else if (event.key === "Escape") {
        target.blur();
      }
      return;
    }
    if (target instanceof HTMLElement && target.classList.contains("pick") && event.key === "Enter" && !(table && table.kind === "ofc")) {
      target.click();
      return;
    }
    if (ofcKey(event)) return;
    const key = event.key;
    if (KEYS[key]) {
      event.preventDefault();
      KEYS[key]();
    } else if (PRESET_KEYS[key]) {
      event.preventDefault();
      preset(PRESET_KEYS[key]);
    } else if (/^[1-5]$/.test(key)) {
      markCard(Number(key));
    }
  });

  setInterval(tick, 250);
  connect();
})();

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
    check_fold: "Check/fold",
    check: "Check",
    call_any: "Call any",
    fold_any: "Fold to any bet",
  };
  const FINAL_CLOSES = {
    4001: "This page speaks another protocol version: reload the page.",
    4003: "This page may not open the table.",
    4004: "This table has closed.",
    4005: "This table takes no observers: take a seat to play.",
    4008: "Too many tables are open from this address or account: close another tab, then reload.",
    4010: "This table was closed by its host.",
  };
  const FOLD_WHEN_FREE = "Checking is free: fold instead of check? Press fold again to fold.";
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
      back.setAttribute("aria-label", "face-down card");
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

  function send(type, fields) {
    showError("");
    if (!socket || socket.readyState !== WebSocket.OPEN) {
      showError("Not connected: wait for the table to come back.");
      return;
    }
    socket.send(JSON.stringify({ type, id: nextId(), ...(fields || {}) }));
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
        showError(frame.message);
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
    banner(why ? `${why[0].toUpperCase()}${why.slice(1)}…` : "Reconnecting…");
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
    const t = table;
    if (t.kind === "ofc") {
      renderOfc(t);
      return;
    }
    const hand = t.hand;
    const you = t.you;
    root.dataset.hand = hand ? String(hand.number) : "";
    root.dataset.turn = hand ? hand.turn : "";
    root.dataset.status = t.status;
    root.dataset.seated = you.seat === null ? "no" : "yes";
    byId("stakes").textContent = t.game.stakes;
    renderSeats(t);
    renderMiddle(hand);
    renderActions(t);
    renderSeatControls(t);
    renderHistory(t);
    if (window.drawTournamentHeader) window.drawTournamentHeader(t.tournament, serverNow());
    if (window.drawBroadcast) window.drawBroadcast(t.broadcast);
    if (window.drawStraddle) window.drawStraddle(you.straddle, send);
    if (window.drawDispute) window.drawDispute(t.tournament, serverNow());
    if (window.drawRunTwice) window.drawRunTwice(t, send, serverNow);
    tick();
  }

  // OFC tables: static/ofc.js draws the rows and the cards to set; the seat controls
  // (start, sit out, sit in, leave) are the same as a home game's.
  const ofcPage = {
    byId, el, cardNode, send, showError, secondsUntil, serverNow,
  };

  function renderOfc(t) {
    root.dataset.hand = t.hand ? String(t.hand.number) : "";
    root.dataset.turn = t.hand ? t.hand.turn : "";
    root.dataset.status = t.status;
    root.dataset.seated = t.you.seat === null ? "no" : "yes";
    byId("stakes").textContent = t.game.stakes;
    show("watching", t.you.seat === null);
    renderSeatControls(t);
    window.pokerroomOfc.render(t, ofcPage);
  }

  function ofcKey(event) {
    if (!table || table.kind !== "ofc") return false;
    if (window.pokerroomOfc.key(event.key, ofcPage)) {
      event.preventDefault();
      return true;
    }
    return false;
  }

  function statusText(t) {
    const hand = t.hand;
    switch (t.status) {
      case "waiting": {
        const seated = t.seats.filter((s) => s.name !== null).length;
        return t.kind === "cash"
          ? `Waiting for two players ready · ${seated} seated`
          : `Waiting for players · ${seated} seated`;
      }
      case "playing":
        return hand ? `Hand #${hand.number} · ${hand.street}` : "Playing";
      case "pause":
        return t.next_hand_at === null
          ? "Between hands"
          : `Next hand in ${secondsUntil(t.next_hand_at)} s`;
      case "held":
        return "Waiting for a second player to come back";
      case "over":
        return "The game is over";
      default:
        return t.status;
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

  function renderSeats(t) {
    const list = byId("seats");
    const you = t.you;
    const hand = t.hand;
    const mayTake =
      root.dataset.signedIn === "yes" &&
      you.seat === null &&
      (t.kind === "cash" || t.status === "waiting");
    const drawing = you.decision === "draw";
    if (!drawing || !hand || discardHand !== hand.turn) {
      discards = new Set();
      discardHand = hand && drawing ? hand.turn : null;
    }
    list.replaceChildren();
    t.seats.forEach((seat, index) => {
      const item = el("li", "seat");
      const [x, y] = seatPlace(index, t.seats.length, you.seat);
      item.style.setProperty("--x", `${x}%`);
      item.style.setProperty("--y", `${y}%`);
      item.style.setProperty("--order", String(stepsFromYou(index, t.seats.length, you.seat)));
      item.dataset.seat = String(seat.seat);
      const head = el("div", "seat-head");
      head.append(el("span", "seat-number", seat.seat));
      if (seat.name === null) {
        item.classList.add("empty");
        if (mayTake) {
          const sit = el("button", "sit", "Sit here");
          sit.type = "button";
          sit.addEventListener("click", () => sitAt(seat.seat));
          head.append(sit);
        } else {
          head.append(el("span", "name", "empty"));
        }
        item.append(head);
        list.append(item);
        return;
      }
      head.append(el("span", "name", seat.name));
      for (const [flag, label, title] of [
        [seat.button, "D", "dealer button"],
        [seat.small_blind, "SB", "small blind"],
        [seat.big_blind, "BB", "big blind"],
      ]) {
        if (flag) {
          const mark = el("span", `mark mark-${label.toLowerCase()}`, label);
          mark.title = title;
          head.append(mark);
        }
      }
      item.append(head);
      item.append(el("div", "stack", `${formatAmount(seat.stack)} chips`));
      const cards = el("div", "cards");
      seat.cards.forEach((token, cardIndex) => {
        const node = cardNode(token);
        if (seat.you && drawing && token !== null) {
          node.classList.add("pick");
          node.tabIndex = 0;
          node.setAttribute("role", "button");
          node.setAttribute("aria-pressed", discards.has(token) ? "true" : "false");
          node.title = `throw away (key ${cardIndex + 1})`;
          node.addEventListener("click", () => toggleDiscard(token));
        }
        cards.append(node);
      });
      item.append(cards);
      const notes = [];
      if (seat.last_action) notes.push(seat.last_action);
      if (seat.drew !== null) notes.push(seat.drew === 0 ? "stands pat" : `drew ${seat.drew}`);
      if (seat.all_in) notes.push("all-in");
      if (seat.mucked) notes.push("mucked");
      if (seat.out) notes.push("out");
      if (seat.away) notes.push("sitting out");
      if (!seat.connected && seat.bot === null) notes.push("disconnected");
      if (seat.state && !["playing", "sitting_out"].includes(seat.state)) {
        notes.push(seat.state.replace("_", " "));
      }
      if (seat.bot !== null) notes.push(`bot (${seat.bot})`);
      item.append(el("div", "notes", notes.join(" · ")));
      item.append(el("div", "banks", `time banks: ${seat.banks}`));
      if (seat.bet > 0) item.append(el("div", "bet", formatAmount(seat.bet)));
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
      if (hand.boards.length > 1) row.append(el("span", "board-name", `Board ${index + 1}`));
      board.forEach((token) => row.append(cardNode(token)));
      boards.append(row);
    });
    byId("pot").textContent = `Pot ${formatAmount(hand.pot)}`;
    if (hand.pots.length > 1) {
      const names = new Map(table.seats.map((s) => [s.seat, s.name]));
      hand.pots.forEach((pot, index) => {
        const label = index === 0 ? "Main pot" : `Side pot ${index}`;
        const who = pot.seats.map((seat) => names.get(seat) || `seat ${seat}`).join(", ");
        pots.append(el("li", "side-pot", `${label}: ${formatAmount(pot.amount)} (${who})`));
      });
      const inBets = hand.pot - hand.pots.reduce((sum, pot) => sum + pot.amount, 0);
      if (inBets > 0) pots.append(el("li", "side-pot", `In bets: ${formatAmount(inBets)}`));
    }
  }

  function renderActions(t) {
    const you = t.you;
    const hand = t.hand;
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
    const announced = t.tournament ? t.tournament.announcement : null;
    const announcement = byId("announcement");
    announcement.textContent = announced ? "Director: " + announced : "";
    announcement.hidden = !announced;

    const actions = you.decision === "act" ? you.actions : null;
    show("actions", actions !== null);
    if (actions) {
      show("fold", actions.fold);
      byId("fold").classList.toggle("asking", actions.check && foldAsked === hand.turn);
      show("check", actions.check);
      show("call", actions.call !== null);
      byId("call-label").textContent = `Call ${formatAmount(actions.call)}`;
      show("bring-in", actions.bring_in !== null);
      byId("bring-in-label").textContent = `Bring in ${formatAmount(actions.bring_in)}`;
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
      const button = el("button", "preset", `${preset.name} ${formatAmount(preset.amount)}`);
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
    if (!raise) return "no bet or raise is allowed now";
    const text = byId("amount").value.trim();
    const value = Number(text);
    const [low, high] = [formatAmount(raise.min), formatAmount(raise.max)];
    const range = raise.min === raise.max ? low : `${low}-${high}`;
    if (!/^\d+$/.test(text) || value < raise.min || value > raise.max) {
      return `${raise.word} to a whole number of chips in ${range}`;
    }
    if (raise.sizes.length > 0 && !raise.sizes.includes(value)) {
      return `${raise.word} to one of ${raise.sizes.map(formatAmount).join(", ")}`;
    }
    if (value !== raise.min && value !== raise.max && value % raise.step !== 0) {
      const whole = wholeTop(raise);
      const allIn = whole === raise.max ? "" : `, or all-in ${high}`;
      const steps = `${raise.word}s are in steps of ${formatAmount(raise.step)}`;
      return `${steps}: from ${low} to ${formatAmount(whole)}${allIn}`;
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
      const word = raiseTo.word[0].toUpperCase() + raiseTo.word.slice(1);
      byId("raise-label").textContent = problem === null ? `${word} to ${formatAmount(Number(value))}` : word;
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

  function renderSeatControls(t) {
    const you = t.you;
    const seated = you.seat !== null;
    const mine = seated ? t.seats[you.seat - 1] : null;
    const cash = t.kind === "cash";
    show("start", !cash && you.host && t.status === "waiting");
    const between = t.status !== "waiting" || cash;
    show("sit-out", seated && between && !mine.away && !mine.out);
    show("sit-in", seated && between && mine.away && !mine.out);
    show("leave", seated && (cash || t.status === "waiting"));
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
    if (cash && t.cash) {
      const field = byId("buy-in-amount");
      field.min = String(t.cash.min_buy_in);
      field.max = String(t.cash.max_buy_in);
      if (!field.value) field.value = String(t.cash.max_buy_in);
    }
  }

  function renderHistory(t) {
    const log = byId("log");
    log.replaceChildren();
    for (const line of t.hand ? t.hand.log : []) log.append(el("li", "", line));
    const results = byId("results");
    results.replaceChildren();
    const boards = t.hand ? t.hand.boards.length : 1;
    for (const result of t.results) results.append(el("li", "", resultText(result, boards)));
    const standings = byId("standings");
    standings.replaceChildren();
    standings.hidden = t.standings.length === 0;
    for (const standing of t.standings) {
      standings.append(
        el("li", "", `${standing.place}. ${standing.name} · ${formatAmount(standing.chips)} chips`),
      );
    }
  }

  function resultText(result, boards) {
    const wins = result.winners.map((winner) => {
      let text = `${winner.name} wins ${formatAmount(winner.amount)}`;
      if (winner.pot > 0) text += ` from side pot ${winner.pot}`;
      if (winner.share !== "all") text += ` (${winner.share})`;
      if (boards > 1) text += ` on board ${winner.board + 1}`;
      if (winner.hand) text += ` with ${winner.hand[0].toLowerCase()}${winner.hand.slice(1)}`;
      return text;
    });
    const rake = result.rake ? ` · rake ${formatAmount(result.rake)}` : "";
    return `Hand #${result.number}: ${wins.join("; ") || "no winner"}${rake}`;
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
    const whose = actor.you ? "Your turn" : `${actor.name}'s turn`;
    if (!clock) {
      turn.textContent = whose;
      return;
    }
    const left = secondsUntil(clock.deadline);
    const counting = serverNow() >= clock.countdown_from;
    const banks = clock.banks === 1 ? "1 time bank" : `${clock.banks} time banks`;
    turn.textContent = `${whose} · ${left} s · ${banks} left`;
    turn.classList.toggle("countdown", counting);
    if (seatClock) {
      seatClock.textContent = `${left} s`;
      seatClock.classList.toggle("countdown", counting);
    }
  }

  // ------------------------------------------------------------------ actions

  function sitAt(seat) {
    if (table && table.kind === "cash") {
      const buyIn = Number(byId("buy-in-amount").value);
      const { min_buy_in: low, max_buy_in: high } = table.cash;
      if (!Number.isInteger(buyIn) || buyIn < low || buyIn > high) {
        showError(`buy in for a whole number of chips in ${formatAmount(low)}-${formatAmount(high)}`);
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
    byId("draw-label").textContent = count === 0 ? "Stand pat" : `Draw ${count}`;
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
      showError(`top up by a whole number of chips in 1-${formatAmount(most)}`);
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

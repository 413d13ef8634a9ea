// The chat panel (templates/_chat.html): drawn from each table frame's "chat", which the
// server built for this viewer alone, and its refusals (codes chat_*). The table page
// (static/table.js) hands it every frame and its own send(); the lobby
// (static/lobby_chat.js) its polled "lobby_chat" frames and a send() by POST. Chat text,
// names and every other server string are set with textContent only: nothing typed runs
// as HTML.
"use strict";

(() => {
  const panel = document.getElementById("chat");
  if (!panel) return;
  const byId = (id) => document.getElementById(id);
  let send = null;
  let chat = null;
  let now = 0;
  let drawn = "";

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function button(label, action) {
    const node = el("button", "", label);
    node.type = "button";
    node.addEventListener("click", action);
    return node;
  }

  function minutesLeft(until) {
    return Math.max(1, Math.ceil((until - now) / 60));
  }

  function lineNode(line, mine) {
    const item = el("li", `chat-line ${line.channel}`);
    item.dataset.n = String(line.n);
    item.append(el("span", "chat-name", line.name), el("span", "chat-text", line.text));
    if (!mine && chat.channel !== null) {
      item.append(
        button(t("Ignore"), () => send("chat_ignore", { user: line.user, ignore: true })),
        button(t("Report"), () => send("chat_report", { line: line.n })),
      );
      if (chat.moderator) item.append(button(t("Mute"), () => send("chat_mute", { user: line.user })));
    }
    return item;
  }

  function stateText() {
    if (chat.channel === null) return t("Sign in to chat.");
    if (chat.muted_until !== null && chat.muted_until > now) {
      return t("You are muted for another {minutes} min.", { minutes: minutesLeft(chat.muted_until) });
    }
    if (chat.quiet_now && chat.channel === "table") return t("No chat while a player is all-in.");
    if (!chat.observers && chat.channel === "observers") return t("The observers' chat is off.");
    return "";
  }

  function renderModeration() {
    const box = byId("chat-moderation");
    const moderation = chat.moderation;
    box.hidden = !moderation;
    if (!moderation) return;
    byId("chat-quiet-all-in").checked = chat.quiet_all_in;
    byId("chat-observers").checked = chat.observers;
    const mutes = byId("chat-mutes");
    mutes.replaceChildren(
      ...moderation.mutes
        .filter((mute) => mute.until > now)
        .map((mute) => {
          const words = { name: mute.name, minutes: minutesLeft(mute.until), times: mute.times };
          const item = el("li", "", t("{name}: {minutes} min left (mute #{times})", words) + " ");
          item.append(button(t("Lift"), () => send("chat_mute", { user: mute.user, mute: false })));
          return item;
        }),
    );
    byId("chat-reports").replaceChildren(
      ...moderation.reports.map((report) =>
        el("li", "", t("{reporter} reported {name} (hand {hand}): {text}", {
          reporter: report.reporter,
          name: report.line.name,
          hand: report.line.hand,
          text: report.line.text,
        })),
      ),
    );
    byId("chat-log").replaceChildren(
      ...moderation.log.map((entry) =>
        el("li", "", `${entry.moderator}: ${entry.action}${entry.target ? ` ${entry.target}` : ""} — ${entry.detail}`),
      ),
    );
  }

  function render(frame) {
    chat = frame.chat;
    now = frame.now || 0;
    panel.hidden = !chat;
    if (!chat) return;
    const me = frame.you ? frame.you.user : frame.user;
    byId("chat-channel").textContent =
      chat.channel === "observers" ? t("— you write in the observers' chat") : "";
    const key = JSON.stringify([chat.lines.map((l) => l.n), chat.ignored, chat.moderator]);
    if (key !== drawn) {
      drawn = key;
      const list = byId("chat-lines");
      list.replaceChildren(...chat.lines.map((line) => lineNode(line, line.user === me)));
      list.scrollTop = list.scrollHeight;
    }
    const state = stateText();
    byId("chat-state").textContent = state;
    byId("chat-state").hidden = !state;
    byId("chat-form").hidden = chat.channel === null;
    const ignoring = chat.ignored.length;
    byId("chat-ignoring").hidden = ignoring === 0;
    byId("chat-ignoring-count").textContent =
      tn("You ignore {count} player.", "You ignore {count} players.", ignoring);
    renderModeration();
  }

  byId("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = byId("chat-input");
    const text = input.value.trim();
    if (!text || !send) return;
    byId("chat-error").textContent = "";
    send("chat", { text });
    input.value = "";
  });
  byId("chat-unignore").addEventListener("click", () => {
    if (!send || !chat) return;
    for (const user of chat.ignored) send("chat_ignore", { user, ignore: false });
  });
  byId("chat-quiet-all-in").addEventListener("change", (event) => {
    if (send) send("chat_switch", { quiet_all_in: event.target.checked });
  });
  byId("chat-observers").addEventListener("change", (event) => {
    if (send) send("chat_switch", { observers: event.target.checked });
  });

  // The one entry point: table.js calls it with every frame the table socket receives,
  // lobby_chat.js with every answer of /api/lobby/chat.
  window.pokerroomChat = {
    receive(frame, sendMessage) {
      send = sendMessage;
      if (frame.type === "table" || frame.type === "lobby_chat") render(frame);
      else if (frame.type === "error" && String(frame.code).startsWith("chat_")) {
        byId("chat-error").textContent = frame.message;
      }
    },
  };
})();

// The lobby's chat: polls GET /api/lobby/chat every few seconds (and at once after each
// message sent) and hands each answer to the chat panel (static/chat.js); a message is a
// POST of one JSON chat message with the page's CSRF token in its header.
"use strict";

(() => {
  if (!document.getElementById("chat") || !window.pokerroomChat) return;
  const POLL_MS = 3000;
  const token = document.querySelector('meta[name="csrf-token"]').content;
  let counter = 0;
  let timer = null;

  function show(frame) {
    window.pokerroomChat.receive(frame, send);
  }

  async function poll() {
    clearTimeout(timer);
    try {
      const answer = await fetch("/api/lobby/chat", { headers: { Accept: "application/json" } });
      if (answer.ok) show(await answer.json());
    } catch {
      // the server is away: the next poll tries again
    }
    timer = setTimeout(poll, POLL_MS);
  }

  async function send(type, fields) {
    counter += 1;
    const message = { type, id: `lobby-${Date.now()}-${counter}`, ...(fields || {}) };
    try {
      const answer = await fetch("/api/lobby/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-CSRF-Token": token, Accept: "application/json" },
        body: JSON.stringify(message),
      });
      const frame = await answer.json();
      show(frame.type === "error" && !frame.code.startsWith("chat_") ? { ...frame, code: `chat_${frame.code}` } : frame);
    } catch {
      show({ type: "error", code: "chat_offline", message: t("The server did not answer: try again.") });
    }
    if (timer !== null) poll();
  }

  poll();
})();

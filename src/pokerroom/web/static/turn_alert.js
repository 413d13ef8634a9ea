// Your turn is noticed (issue 22 item 4): when the table starts waiting for this viewer, a
// short tone (Web Audio: no file to download), a vibration where the phone has one, and,
// while the tab is hidden, a flashing title and a browser notification. When the viewer's
// shot clock or time bank is down to 10 s, a warning on the page and a second tone.
// Sound and notifications are switched on or off on the page and remembered in localStorage.
// table.js calls window.pokerroomTurnAlert.tick(frame, serverNow) on every frame and clock tick.
"use strict";

(() => {
  const WORDS = {
    title: t("Your turn!"),
    notification: t("Your turn"),
    warning: t("10 seconds left: act now"),
  };
  const STORE = { sound: "pokerroom.alerts.sound", notify: "pokerroom.alerts.notify",
    asked: "pokerroom.alerts.asked" };
  const WARN_AT = 10; // seconds left on the viewer's clock
  const TONES = { turn: [660, 880], warning: [880, 440, 880] };
  const byId = (id) => document.getElementById(id);

  let audio = null;
  let turnKey = null; // the decision last alerted
  let warnedKey = null; // the deadline last warned of
  let flashing = null;
  let plainTitle = document.title;

  function setting(key) {
    try {
      return localStorage.getItem(key) !== "off";
    } catch {
      return true;
    }
  }

  function remember(key, on) {
    try {
      localStorage.setItem(key, on ? "on" : "off");
    } catch {
      // a browser that keeps nothing: the choice lasts this page only
    }
  }

  // Browsers start audio only after a gesture on the page: the context is made (or woken)
  // at the first click or key, so the tone can sound when the turn comes later.
  function wakeAudio() {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (!audio) audio = new Context();
    if (audio.state === "suspended") audio.resume();
  }

  function tone(notes) {
    if (!setting(STORE.sound)) return;
    wakeAudio();
    if (!audio) return;
    const start = audio.currentTime;
    notes.forEach((frequency, index) => {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      const at = start + index * 0.15;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + 0.14);
      oscillator.connect(gain);
      gain.connect(audio.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
  }

  function vibrate(pattern) {
    if (typeof navigator.vibrate === "function") navigator.vibrate(pattern);
  }

  function flashTitle() {
    if (flashing !== null) return;
    plainTitle = document.title;
    let on = false;
    flashing = setInterval(() => {
      on = !on;
      document.title = on ? `${WORDS.title} · ${plainTitle}` : plainTitle;
    }, 700);
    document.title = `${WORDS.title} · ${plainTitle}`;
  }

  function stopFlashing() {
    if (flashing === null) return;
    clearInterval(flashing);
    flashing = null;
    document.title = plainTitle;
  }

  function notify(tableName) {
    if (!setting(STORE.notify) || !("Notification" in window)) return;
    if (Notification.permission !== "granted") return;
    const note = new Notification(WORDS.notification, { body: tableName, tag: "pokerroom-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
  }

  // Asked once: the first time the viewer has a decision (or turns the setting on), never
  // again on this browser whatever the answer, unless he switches notifications on anew.
  function askOnce() {
    if (!setting(STORE.notify) || !("Notification" in window)) return;
    if (Notification.permission !== "default") return;
    try {
      if (localStorage.getItem(STORE.asked)) return;
      localStorage.setItem(STORE.asked, "yes");
    } catch {
      // nothing kept: ask this once on this page
    }
    Notification.requestPermission();
  }

  function yourTurn() {
    const name = document.querySelector(".table-head h1");
    askOnce();
    tone(TONES.turn);
    vibrate([120, 60, 120]);
    if (document.hidden) {
      flashTitle();
      notify(name ? name.textContent : "");
    }
  }

  function showWarning(visible) {
    const node = byId("turn-warning");
    if (!node) return;
    node.textContent = visible ? WORDS.warning : "";
    node.hidden = !visible;
  }

  function tick(frame, now) {
    const hand = frame.hand;
    const mine = Boolean(hand && frame.you && frame.you.decision);
    const key = mine ? `${hand.number}:${hand.turn}:${frame.you.decision}` : null;
    if (key !== turnKey) {
      turnKey = key;
      if (key) yourTurn();
      else stopFlashing();
    }
    const clock = mine ? hand.clock : null;
    const left = clock ? clock.deadline - now : null;
    const warn = left !== null && left <= WARN_AT && left > 0;
    showWarning(warn);
    const warnKey = warn ? `${key}:${clock.deadline}` : null;
    if (warn && warnKey !== warnedKey) {
      warnedKey = warnKey;
      tone(TONES.warning);
      vibrate([200, 100, 200]);
    }
  }

  function bindSwitch(id, key, onChange) {
    const box = byId(id);
    if (!box) return;
    box.checked = setting(key);
    box.addEventListener("change", () => {
      remember(key, box.checked);
      if (onChange) onChange(box.checked);
    });
  }

  bindSwitch("alert-sound", STORE.sound, (on) => {
    if (on) wakeAudio();
  });
  bindSwitch("alert-notify", STORE.notify, (on) => {
    if (!on || !("Notification" in window)) return;
    try {
      localStorage.removeItem(STORE.asked);
    } catch {
      // nothing kept
    }
    askOnce();
  });
  document.addEventListener("visibilitychange", () => {
    if (!document.hidden) stopFlashing();
  });
  for (const kind of ["pointerdown", "keydown"]) {
    document.addEventListener(kind, wakeAudio, { once: true });
  }

  window.pokerroomTurnAlert = { tick };
})();

// T-17 at a tournament table: "Dispute the last hand" while the snapshot's tournament frame
// offers it (`dispute`: the hand and the server time the right ends, null: when the next
// hand starts). The form posts to /tournaments/<id>/dispute; the server checks the time
// again and answers in one line, shown below the form. table.js calls drawDispute on every
// snapshot. Text only ever goes in as textContent.
"use strict";

(() => {
  let offerKey = null;
  let closing = null;

  function said(text) {
    const line = document.getElementById("dispute-said");
    line.textContent = text;
    line.hidden = !text;
  }

  window.drawDispute = (header, serverNow) => {
    const form = document.getElementById("dispute");
    if (!form) return;
    const offer = header ? header.dispute : null;
    const key = offer ? `${header.table}/${offer.hand}` : null;
    if (key !== offerKey && key !== null) {
      document.getElementById("dispute-text").value = "";
      said("");
    }
    offerKey = key;
    clearTimeout(closing);
    if (!offer) {
      form.hidden = true;
      return;
    }
    form.dataset.url = `${header.url}/dispute`;
    form.dataset.table = String(header.table);
    if (offer.until !== null) {
      const left = offer.until - serverNow;
      closing = setTimeout(() => { form.hidden = true; }, Math.max(0, left) * 1000);
    }
    form.hidden = false;
  };

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id !== "dispute") return;
    event.preventDefault();
    const token = document.querySelector('meta[name="csrf-token"]').content;
    const body = new URLSearchParams({
      table: form.dataset.table,
      text: document.getElementById("dispute-text").value,
    });
    fetch(form.dataset.url, {
      method: "POST",
      headers: { "X-CSRF-Token": token, Accept: "application/json" },
      body,
    })
      .then((response) => response.json())
      .then((answer) => {
        said(answer.message);
        if (answer.type === "done") form.hidden = true;
      })
      .catch(() => said(t("Not sent: the server did not answer; try again.")));
  });
})();

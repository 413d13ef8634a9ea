// The web tournament director's console: dialogs and confirmations (no inline scripts: CSP).
// Without this file every form still posts; with it, a form marked data-confirm asks first,
// and a button with data-opens="ID" opens that <dialog>.
"use strict";

(() => {
  const confirmDialog = document.getElementById("confirm-dialog");

  for (const opener of document.querySelectorAll("[data-opens]")) {
    opener.addEventListener("click", () => {
      document.getElementById(opener.dataset.opens).showModal();
    });
  }

  for (const closer of document.querySelectorAll("[data-closes]")) {
    closer.addEventListener("click", () => closer.closest("dialog").close());
  }

  if (!confirmDialog) return;
  let pending = null;

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.dataset.confirm || form.dataset.confirmed) return;
    event.preventDefault();
    pending = form;
    document.getElementById("confirm-text").textContent = form.dataset.confirm;
    confirmDialog.showModal();
  });

  document.getElementById("confirm-yes").addEventListener("click", () => {
    confirmDialog.close();
    if (!pending) return;
    pending.dataset.confirmed = "yes";
    pending.submit();
  });
})();

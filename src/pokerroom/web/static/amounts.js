// Chip amounts as players read them: digits grouped in threes in the page's language
// (<html lang>): "1,388" in English, "1 388" (a no-break space) in Russian and Ukrainian,
// as the terminal tables and the server's pages write them (pokerroom/amounts.py, CLDR).
// Every stack, bet, pot and prize the table page prints goes through formatAmount.
// Amounts typed in and sent stay plain numbers.
"use strict";

(() => {
  const lang = document.documentElement.lang || "en";
  const numbers = new Intl.NumberFormat(["en", "ru", "uk"].includes(lang) ? lang : "en", {
    maximumFractionDigits: 0,
  });

  window.formatAmount = (chips) => numbers.format(chips).replace(/\u202f/g, "\u00a0");
})();

// Chip amounts as players read them: digits grouped in threes ("1,388"), as the terminal
// table writes them (pokerroom/amounts.py). Every stack, bet, pot and prize the table page
// prints goes through formatAmount; the separator is chosen here alone, for the day the
// room speaks other languages. Amounts typed in and sent stay plain numbers.
"use strict";

(() => {
  const THOUSANDS_SEPARATOR = ",";

  window.formatAmount = (chips) => {
    const digits = String(Math.abs(chips));
    const grouped = digits.replace(/\B(?=(\d{3})+$)/g, THOUSANDS_SEPARATOR);
    return chips < 0 ? `-${grouped}` : grouped;
  };
})();

// The invite link page: focusing the link selects it all, ready to copy (a file, not an
// inline handler: the pages' Content-Security-Policy runs no inline script).
"use strict";

for (const field of document.querySelectorAll("input.link")) {
  field.addEventListener("focus", () => field.select());
}

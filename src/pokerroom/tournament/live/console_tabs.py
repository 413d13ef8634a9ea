"""The director's console's tabs, the same at the terminal and in the browser.

>>> TABS
('desk', 'tables', 'clock', 'discipline', 'money', 'log')
"""

from __future__ import annotations

from pokerroom.i18n import N_

TAB_TITLES = {
    "desk": N_("Desk"),
    "tables": N_("Tables"),
    "clock": N_("Clock"),
    "discipline": N_("Discipline"),
    "money": N_("Money"),
    "log": N_("Log"),
}
"""Each tab's title, marked for the catalogues, by its code (the code is in URLs and keys)."""
TABS = tuple(TAB_TITLES)
"""The tabs in the order the console shows them."""

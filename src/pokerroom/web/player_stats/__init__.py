"""The statistics page: a player's VPIP, PFR, aggression, showdowns and winnings over a
period, a table or a tournament, in a table with ``pokerroom stats``' words, a chart of his
winnings over the hands, and the same as CSV and JSON (:mod:`.routes`).

A signed-in player's own statistics value his all-ins with his own hole cards; anyone
else's, asked by name, use only the actions and the cards shown at showdown (X-4): what
everyone at the table saw, as a HUD or a public stats site shows it, so the page of another
player never depends on his unshown cards.
"""

"""Player statistics from hand histories: VPIP, PFR, 3-bet, aggression, showdowns, winnings.

The package reads hands (PHH, :mod:`pokerroom.history.phh.documents`) and nothing else: the
archive's query that feeds it lives in :mod:`pokerroom.storage.hands.stats`. A statistic of
a player is computed for a viewer (X-4): the viewer's own hole cards count for his own
numbers; anyone else's numbers use only public actions and the cards shown at showdown.
:mod:`pokerroom.stats.reading` turns a hand into :class:`~pokerroom.stats.reading.StatHand`,
:mod:`pokerroom.stats.counting` counts one hand for each player,
:mod:`pokerroom.stats.allin` values an all-in by equity,
:mod:`pokerroom.stats.seats` gives each seat's counts of one hand (what the archive keeps),
and :mod:`pokerroom.stats.summary` adds the hands up per player.
"""

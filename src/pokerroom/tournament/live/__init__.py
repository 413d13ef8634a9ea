"""The live director's desk (issue 12 item 2): a tournament dealt with real cards.

The software is the tournament director, not the dealer: the desk records what the director
does (entries, the draw, the clock, bust-outs, moves, penalties, the deal, the payouts) as
events in one :class:`~pokerroom.tournament.director.Tournament` log, so a saved log reopens
the room exactly. No Textual and no I/O here (:mod:`pokerroom.tui.director` is the screen).
"""

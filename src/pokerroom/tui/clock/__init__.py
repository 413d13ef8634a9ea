"""The clock screen: a tournament's clock full-screen, for a TV or a projector across the room.

What a frame shows is :mod:`pokerroom.tournament.clockface` (shared with the browser's TV
page); ``big_digits`` is the block font, ``app`` the Textual screen.
"""

"""What a tournament clock display shows, for any screen: the terminal's or a browser's.

``feed`` is where a display reads from (a clock at this keyboard, or the director's console
through the database, :mod:`pokerroom.storage.clock_feed`), ``field`` the numbers of the
field, ``snapshot`` what one frame shows as values, ``lines`` its words. No screen here:
:mod:`pokerroom.tui.clock` draws them in a terminal, :mod:`pokerroom.web.director` on a TV page.
"""

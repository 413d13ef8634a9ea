"""The clock screen: a tournament's clock full-screen, for a TV or a projector across the room.

``feed`` is where the screen reads from (a clock at this keyboard, or later the director's
console through the database), ``field`` the numbers of the field, ``snapshot`` what one
frame shows as values, ``lines`` its words, ``app`` the Textual screen.
"""

"""The hand archive on the web: every finished hand saved, each player's own copies.

- :func:`~pokerroom.web.archive.listener.archive_listener` makes the registry's listener
  that gives every room added to it (``registry.add(room, entry)``) the archive's
  ``on_hand_finished`` callback, so each hand it finishes is saved as it happens
  (:mod:`pokerroom.storage.hands.archive`).
- :func:`~pokerroom.web.archive.pages.hand_routes`: the signed-in player's hands
  (``/hands``), each as PHH (``/hands/<id>.phh``), PokerStars text (``.txt``) and in the
  replayer (``/hands/<id>``), a room's hands in one file, and his results as charts
  (``/players/<name>/results``).

Every copy is written for the one player asking, from his position (X-4): his own cards,
the boards, up cards and hands shown — never another player's unshown or mucked cards,
never a burn or the deck.
"""

"""The director's console and the clock's TV page in the browser (issue 13 item 6).

The same live tournament as ``pokerroom director``: every page is built from the stored log
and every action saved at once through :mod:`pokerroom.storage.live_saving`, so the terminal
console (``--resume ID``) and this one take turns on one tournament. :func:`director_routes`
is the one call that wires it into an app.
"""

from pokerroom.web.director.routes import CSRF_FIELD, director_routes

__all__ = ["CSRF_FIELD", "director_routes"]

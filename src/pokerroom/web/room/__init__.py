"""Live tables for the web: pure rooms the hub drives (:class:`pokerroom.web.seam.Room`)."""

from pokerroom.web.room.cash import CashRoom
from pokerroom.web.room.clock import ShotClock
from pokerroom.web.room.home import HomeRoom

__all__ = ["CashRoom", "HomeRoom", "ShotClock"]

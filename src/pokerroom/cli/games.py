"""Game names the command line accepts, shared by ``eval`` and ``equity``."""

from __future__ import annotations

import enum


class EvalGame(enum.StrEnum):
    """What ``pokerroom eval`` can value."""

    HOLDEM = "holdem"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    STUD = "stud"
    STUD_HILO = "stud-hilo"
    SHOWING = "showing"
    OFC_TOP = "ofc-top"

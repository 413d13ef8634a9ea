"""Tournament discipline (002 §7, T-14 … T-16, T-21, T-22): penalties, protests, soft play.

Pure values: the penalty table of 002 7.1 as presets (:mod:`.table`), the director's
penalty log with repeat counting, sit-out countdowns and protests (:mod:`.log`), and the
soft-play detector that only flags (:mod:`.softplay`).
"""

"""A tournament whose hands are played at their tables in real time (the web's): the
American run (:mod:`.run`), the Olympic one (:mod:`.olympic`), and the director's desk for
either (:mod:`.desk`: the clock, the levels, a ruling)."""

"""Finished hands in the database: the archive every place to play writes (:mod:`.archive`),
hands imported from other rooms' histories (:mod:`.imports`), the per-seat figures read
from them (:mod:`.stats`) and the counts kept as hands are saved (:mod:`.counts`)."""

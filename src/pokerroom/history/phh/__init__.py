"""Poker Hand History (PHH): reading documents into typed values (:mod:`.documents`),
writing a finished hand as one (:mod:`.writing`), the options a hand is written with
(:mod:`.options`) and what one seat may see of it (:mod:`.view`)."""

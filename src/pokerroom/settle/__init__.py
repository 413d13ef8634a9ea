"""The home game's settle-up: who paid in, who took out, and who pays whom at the end.

:mod:`pokerroom.settle.ledger` holds the buy-ins, top-ups and cash-outs and reads them from
CSV; :mod:`pokerroom.settle.transfers` finds the fewest payments that settle every balance.
Pure: it reads no database and knows no table.
"""

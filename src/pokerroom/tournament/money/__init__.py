"""A tournament's money (T-2, T-12): the prize pool and its payouts, ICM equity and the deals
the last players may make."""

"""Equity of hands against each other: exact enumeration or Monte Carlo."""

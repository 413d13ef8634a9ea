"""Tournaments on the web: a tournament on the server, its tables as rooms, its pages."""

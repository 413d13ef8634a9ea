"""A club's season: points for each finish, standings over the season's events (issue 26).

Pure: tournament results in, a ranked table out; where the results come from (the web
cardroom's database, a file) and how the table is shown are the interfaces' business.
"""

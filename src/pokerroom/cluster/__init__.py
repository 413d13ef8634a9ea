"""Tables spread over several processes, on one machine or many: owners, leases, the
broker, the followers.

A table has one owner process, which holds its lease (:mod:`pokerroom.cluster.ownership`:
a fencing epoch in the database, so a stale owner cannot write), handles its messages and
saves them; every other process keeps a follower copy built from the database, which
builds the snapshots for the sockets it holds. The broker carries commands to owners and
"saved" notices to followers; it never carries cards or table content
(:mod:`pokerroom.cluster.subjects`). Single-process servers (SQLite, no broker) use none
of it.
"""

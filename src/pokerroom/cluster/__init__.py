"""Several server processes, on one machine or many, sharing one database: who owns each
table (:mod:`pokerroom.cluster.ownership`)."""

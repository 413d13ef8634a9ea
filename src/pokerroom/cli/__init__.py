"""The ``pokerroom`` command line."""

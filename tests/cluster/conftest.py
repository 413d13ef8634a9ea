"""The cluster's process tests start the same two server processes as the failover test."""

from tests.web.test_failover import nodes

__all__ = ["nodes"]

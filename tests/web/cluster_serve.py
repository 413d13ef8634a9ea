"""A server process that shares its database with others, with short leases, for the
failover tests (:mod:`tests.web.test_failover`): ``python -m tests.web.cluster_serve PORT
DATABASE LEASE_SECONDS BROKER``. It runs as ``pokerroom serve`` does (:func:`run_server`: uvicorn,
draining on SIGTERM); with short leases."""

from __future__ import annotations

import logging
import sys

from pokerroom.cli.serve_command import listening_socket, run_server
from pokerroom.cluster.lease_settings import LeaseSettings
from pokerroom.web.app import create_app
from pokerroom.web.settings import ServerSettings


def short_leases(seconds: float) -> LeaseSettings:
    """Leases of ``seconds``, renewed five times a lease, stopped at 30 % before the end."""
    return LeaseSettings(
        seconds=seconds,
        renew_every=seconds / 5,
        margin=seconds * 0.3,
        drain_wait=seconds * 2,
        takeover_grace=1.0,  # test_failover.GRACE
    )


def main(port: int, database: str, lease: float, broker: str) -> None:
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(process)d %(message)s")
    logging.getLogger("pokerroom.cluster").setLevel(logging.INFO)  # takeovers in serve.log
    logging.getLogger("pokerroom.cluster.apart_tables").setLevel(logging.DEBUG)  # each step
    settings = ServerSettings(leases=short_leases(lease), pause_after=1.0)
    app = create_app(database, settings, broker=broker)
    run_server(app, listening_socket("127.0.0.1", port))


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], float(sys.argv[3]), sys.argv[4])

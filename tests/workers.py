"""What a test worker owns when the suite runs in parallel (pytest-xdist, ``make test``).

Each worker is a process of its own with its own test database (pytest-django
adds the worker's id, ``gw0``, ``gw1`` …, to the database's name).  The
shared services need the same separation, or one worker's cleanup would empty
the other's state mid-test:

- Redis: the tests empty the cache with ``FLUSHDB`` (``tests/conftest.py``), so
  each worker takes a Redis database of its own — the run's database for
  ``gw0``, the one below it for ``gw1``, and so on (:func:`redis_url`);
- names the tests build themselves (a browser site's PostgreSQL database, its
  cache key prefix and log file) carry :func:`suffix`.

Outside xdist (``pytest`` alone) everything is as before: no suffix, the
run's own Redis database.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit


def worker_id() -> str:
    """The xdist worker's id (``"gw0"``, ``"gw1"`` …), or ``""`` outside xdist."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


def suffix() -> str:
    """``"_<worker id>"`` on an xdist worker, else ``""``: appended to names
    (databases, key prefixes, log files) a test creates outside its own
    test database."""
    worker = worker_id()
    return f"_{worker}" if worker else ""


def redis_url(url: str, worker: str | None = None) -> str:
    """``url`` (``redis://host:port/<db>``) with the database number of
    ``worker``: the run's own number for ``gw0``, one lower for ``gw1``,
    wrapping round Redis's 16 databases.

    >>> redis_url("redis://127.0.0.1:6379/15", "gw1")
    'redis://127.0.0.1:6379/14'
    >>> redis_url("redis://127.0.0.1:6379", "gw2")
    'redis://127.0.0.1:6379/14'
    >>> redis_url("redis://127.0.0.1:6379/15", "")
    'redis://127.0.0.1:6379/15'
    """
    worker = worker_id() if worker is None else worker
    if not worker:
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    database = (base - int(worker.removeprefix("gw"))) % 16
    return parts._replace(path=f"/{database}").geturl()


def isolate_redis() -> None:
    """On an xdist worker, point ``REDIS_URL`` (for subprocesses and fixtures
    that read it) and Django's cache at the worker's own Redis database.

    Called from ``pytest_configure``: after Django's settings are loaded,
    before any cache connection is made.
    """
    url = os.environ.get("REDIS_URL")
    if not (url and worker_id()):
        return
    os.environ["REDIS_URL"] = redis_url(url)
    from django.conf import settings

    default = settings.CACHES["default"]
    if default.get("LOCATION") == url:
        default["LOCATION"] = os.environ["REDIS_URL"]

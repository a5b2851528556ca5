"""Fixtures of the cache-outage tests: a Redis address with nothing listening,
a Redis that can be stopped and started again mid-test."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

import pytest

from rulebook.caching import degrading
from tests.rulebook.caching.outages import StoppableRedis, free_port, in_ci, redis_caches


@pytest.fixture(autouse=True)
def _breaker_retries_at_once(monkeypatch):
    """The breaker tries Redis again on the next operation (no waiting in tests)."""
    monkeypatch.setattr(degrading, "RETRY_AFTER", 0.0)


@pytest.fixture
def dead_redis(settings):
    """The site's cache is Redis on a port with nothing listening; returns the port."""
    port = free_port()
    settings.CACHES = redis_caches(f"redis://127.0.0.1:{port}/0")
    return port


@pytest.fixture
def redis_url():
    """``REDIS_URL`` of the run (a working Redis); skipped without one (failed in CI)."""
    url = os.environ.get("REDIS_URL")
    if not url:
        if in_ci():
            pytest.fail("CI must run the cache-outage tests against Redis: set REDIS_URL")
        pytest.skip("needs a working Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379/14)")
    return url


@pytest.fixture
def stoppable_redis(settings, redis_url):
    """The site's cache is the run's Redis behind a :class:`StoppableRedis`."""
    parts = urlsplit(redis_url)
    relay = StoppableRedis(parts.hostname or "127.0.0.1", parts.port or 6379)
    auth = f"{parts.username or ''}:{parts.password}@" if parts.password else ""
    settings.CACHES = redis_caches(f"redis://{auth}127.0.0.1:{relay.port}{parts.path or '/0'}")
    from django.core.cache import cache

    cache.clear()
    yield relay
    relay.stop()

"""The degrading Redis backend itself: every operation of Django's cache API
answers as a miss while Redis does not answer, the breaker spares Redis
between tries, and the log says it once per interval."""

from __future__ import annotations

import logging

import pytest
from django.core.cache import cache

from rulebook.caching import degrading
from tests.rulebook.caching.outages import free_port, redis_caches

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run


def outage_lines(caplog) -> list[str]:
    return [record.getMessage() for record in caplog.records
            if record.name == "rulebook.caching.degrading"]


def test_every_operation_is_a_miss_while_redis_is_down(dead_redis):
    assert cache.get("key") is None
    assert cache.get("key", "default") == "default"
    assert cache.get_many(["a", "b"]) == {}
    assert cache.has_key("key") is False
    assert cache.add("key", 1) is False
    assert cache.set("key", 1) is None
    assert cache.set_many({"a": 1, "b": 2}) == ["a", "b"]  # the keys not stored
    assert cache.touch("key") is False
    assert cache.delete("key") is False
    assert cache.delete_many(["a", "b"]) is None
    assert cache.clear() is False
    assert cache.get_or_set("key", lambda: "made") == "made"
    for change in (cache.incr, cache.decr):
        with pytest.raises(ValueError, match="not found"):  # a miss, as for a missing key
            change("key")
    state = degrading.state()
    assert state.down and state.epoch == 1
    assert "ConnectionError" in state.last_error


def test_the_breaker_spares_redis_between_tries(dead_redis, monkeypatch):
    monkeypatch.setattr(degrading, "RETRY_AFTER", 3600.0)
    backend = degrading.DegradingRedisCache(f"redis://127.0.0.1:{dead_redis}/0", {})
    tries = []
    real = backend._cache

    class Counting:
        def __getattr__(self, name):
            tries.append(name)
            return getattr(real, name)

    backend.__dict__["_cache"] = Counting()
    assert backend.get("key") is None
    assert len(tries) == 1  # tried, failed
    for _ in range(100):
        assert backend.get("key", 7) == 7
        backend.set("key", 1)
    assert len(tries) == 1  # not tried again within RETRY_AFTER
    backend.state.retry_at = 0.0  # the interval is over
    backend.get("key")
    assert len(tries) == 2


def test_the_outage_is_logged_once_per_interval(dead_redis, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    for _ in range(50):
        cache.get("key")
    (line,) = outage_lines(caplog)
    assert line.startswith(f"The cache at 127.0.0.1:{dead_redis}/0 does not answer")
    degrading.state().logged_at -= degrading.LOG_INTERVAL  # a minute later
    for _ in range(5):
        cache.set("key", 1)
    start, ongoing = outage_lines(caplog)
    # The 49 gets after the first line and the set that wrote this one.
    assert "is still down" in ongoing and ": 50 operations answered as misses" in ongoing


def test_the_address_is_logged_without_its_password(settings, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    port = free_port()
    settings.CACHES = redis_caches(f"redis://user:s3cret-pw@127.0.0.1:{port}/3")
    cache.get("key")
    (line,) = outage_lines(caplog)
    assert f"127.0.0.1:{port}/3" in line and "s3cret-pw" not in line
    assert "s3cret-pw" not in degrading.health()["error"]


def test_a_flapping_redis_is_reported_once_per_interval(stoppable_redis, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    for _ in range(3):
        cache.set("key", 1)
        stoppable_redis.stop()
        assert cache.get("key") is None
        stoppable_redis.start()
        cache.get("key")
    lines = outage_lines(caplog)
    assert len(lines) == 2, lines
    assert "does not answer" in lines[0] and "answers again" in lines[1]
    assert degrading.state().epoch == 6  # three outages began and ended


def test_local_memory_is_always_up(settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
                                   "LOCATION": "outage-test"}}
    assert degrading.state().down is False and degrading.epoch() == 0
    assert degrading.health() == {"ok": True, "backend": "local memory"}

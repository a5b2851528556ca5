"""``/healthz``: the database and the cache reported apart; 200 while the
database answers (the cache down or not), 503 when it does not."""

from __future__ import annotations

import json

import pytest

from tests.faults.test_database_faults import probe

SITE_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "same-origin"}


def health(client, path="/healthz"):
    response = client.get(path)
    assert response["Content-Type"] == "application/json"
    assert response["Cache-Control"] == "no-store"
    for name, value in SITE_HEADERS.items():
        assert response[name] == value
    return response.status_code, response.json()


def test_healthy(client, db):
    status, body = health(client)
    assert status == 200
    backend = "redis" if body["cache"]["backend"] == "redis" else "local memory"
    assert body == {"status": "ok", "database": {"ok": True},
                    "cache": {"ok": True, "backend": backend}}


def test_the_cache_down_is_reported_and_the_site_stays_up(client, db, dead_redis):
    status, body = health(client)
    assert status == 200
    assert body == {"status": "degraded", "database": {"ok": True},
                    "cache": {"ok": False, "backend": "redis", "error": "ConnectionError"}}
    # Asked again, checked again (never stored): still down, and up once it answers.
    assert health(client)[1]["cache"]["ok"] is False


def test_the_cache_stopped_and_started_again(client, db, stoppable_redis):
    assert health(client)[1]["cache"] == {"ok": True, "backend": "redis"}
    stoppable_redis.stop()
    status, body = health(client)
    assert status == 200 and body["status"] == "degraded"
    assert body["cache"] == {"ok": False, "backend": "redis", "error": "ConnectionError"}
    stoppable_redis.start()
    assert health(client) == (200, {"status": "ok", "database": {"ok": True},
                                    "cache": {"ok": True, "backend": "redis"}})


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_other_methods_are_refused_not_failed(client, db, method):
    response = getattr(client, method)("/healthz")
    assert response.status_code in {403, 405}  # CSRF refuses a POST first


def test_head_is_answered(client, db):
    response = client.head("/healthz")
    assert response.status_code == 200 and response.content == b""


def test_the_database_down_gives_503(tmp_path):
    """The site run in a subprocess with its SQLite file missing (opened
    ``mode=rw``, so it is an error): the database is reported down, the
    cache (local memory) up."""
    empty = tmp_path / "var"
    empty.mkdir()
    (answer,) = probe(empty, "rw", "/healthz")
    assert answer["status"] == 503
    assert json.loads(answer["html"]) == {
        "status": "down", "database": {"ok": False, "error": "OperationalError"},
        "cache": {"ok": True, "backend": "local memory"}}
    assert not (empty / "db.sqlite3").exists()

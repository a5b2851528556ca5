"""Redis stopped after pages were cached, and started again: pages answer
from the database meanwhile, a publication made during the outage is what
readers see afterwards, and a generation bump lost in the outage is made
good when Redis answers again."""

from __future__ import annotations

import logging
import time

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from rulebook.caching import degrading
from rulebook.models import Clause, ClauseVersion
from rulebook.references import resolver
from tests.rulebook.conftest import publish_version

CLAUSE = "/ru/berserk/comprehensive-rules/107.2/"
DOCUMENT = "/ru/berserk/comprehensive-rules/"
OLD_TEXT = "Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода."
NEW_TEXT = "Исправленный текст 107.2 во время сбоя кэша."
GENERATION_KEYS = ["rulebook:references:generation", "rulebook:glossary:generation"]


def get(client, path):
    """The response and how many queries it took."""
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200, path
    return response, len(captured)


def publish_new_text():
    clause = Clause.objects.get(document__slug="comprehensive-rules", key="107.2")
    latest = clause.versions.order_by("-number").first()
    publish_version(clause, latest.number + 1, text_ru=NEW_TEXT,
                    effective_date=timezone.localdate())


def test_pages_answer_while_redis_is_stopped_and_are_fresh_when_it_is_back(
        client, seeded, stoppable_redis, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    first, _ = get(client, CLAUSE)
    stored, queries = get(client, CLAUSE)
    assert queries == 1 and stored.content == first.content  # from Redis
    get(client, DOCUMENT)

    stoppable_redis.stop()
    during, queries = get(client, CLAUSE)
    assert queries > 1  # rendered from the database
    assert during.content == first.content
    for header in ("ETag", "Last-Modified", "Cache-Control", "Content-Security-Policy",
                   "Content-Language", "X-Frame-Options", "X-Content-Type-Options"):
        assert during.headers[header] == first.headers[header], header
    assert client.get(CLAUSE, headers={"If-None-Match": first["ETag"]}).status_code == 304
    assert degrading.state().down

    # A correction published while Redis is down is read at once ...
    publish_new_text()
    html = get(client, CLAUSE)[0].content.decode()
    assert NEW_TEXT in html and OLD_TEXT not in html

    # ... and after Redis is back, the page stored before it is never served.
    stoppable_redis.start()
    again, _ = get(client, CLAUSE)
    assert NEW_TEXT in again.content.decode() and OLD_TEXT not in again.content.decode()
    assert again["ETag"] != first["ETag"]
    assert not degrading.state().down
    assert NEW_TEXT in get(client, DOCUMENT)[0].content.decode()
    cached, queries = get(client, CLAUSE)
    assert queries == 1 and cached.content == again.content  # stored in Redis again

    messages = [record.getMessage() for record in caplog.records
                if record.name == "rulebook.caching.degrading"]
    assert len(messages) == 2, messages
    assert "does not answer" in messages[0] and "answers again" in messages[1]


def test_a_generation_bump_lost_in_the_outage_is_made_good_on_recovery(
        client, seeded, stoppable_redis):
    """A new clause changes what references resolve to: its bump of the
    resolver's generation cannot reach Redis during the outage, so every
    generation is raised when Redis answers again — a worker that saw no
    outage still holds its index under the old number and must rebuild."""
    get(client, CLAUSE)
    game_id = Clause.objects.get(key="107.2").document.game_id
    index = resolver.game_index(game_id)
    before = {key: cache.get(key, 0) for key in GENERATION_KEYS}

    stoppable_redis.stop()
    clause = Clause.objects.get(key="107.2")
    Clause.objects.create(document=clause.document, section=clause.section, key="107.99",
                          position=999)  # the signal's bump fails: a miss, no error
    # This process forgot its own index at once.
    assert resolver.game_index(game_id) is not index
    assert all(cache.get(key, "down") == "down" for key in GENERATION_KEYS)

    stoppable_redis.start()
    get(client, CLAUSE)  # the first request after the outage raises the generations
    after = {key: cache.get(key, 0) for key in GENERATION_KEYS}
    assert all(after[key] != before[key] for key in GENERATION_KEYS), (before, after)


def test_per_process_indexes_are_short_lived_while_redis_is_down(
        db, stoppable_redis, monkeypatch):
    from rulebook.caching import process

    builds = []
    index = process.ProcessIndex("rulebook:test:generation", ttl=60.0)
    build = lambda: builds.append(1) or len(builds)  # noqa: E731
    assert index.get("key", build) == 1
    assert index.get("key", build) == 1  # kept
    stoppable_redis.stop()
    assert index.get("key", build) == 2  # the outage began: rebuilt
    assert index.get("key", build) == 2  # kept for a while during the outage ...
    monkeypatch.setattr(process, "OUTAGE_TTL", 0.05)
    time.sleep(0.1)
    assert index.get("key", build) == 3  # ... but not as long as with a working cache
    stoppable_redis.start()
    # The outage ended: rebuilt (and once more when the recovery raised the
    # generations), then kept again.
    assert index.get("key", build) == 4
    assert index.get("key", build) == 5
    assert index.get("key", build) == 5

"""Redis not answering (a port with nothing listening): every page type of the
sitemap and every API operation answers 200 from the database, with the
headers and the body it has with a working cache."""

from __future__ import annotations

import logging
import re
from collections import defaultdict

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.rulebook.caching.outages import api_requests, free_port, page_type, redis_caches, \
    sitemap_paths

# Page types the sitemap must list (the test fails if one goes missing from it).
SITEMAP_TYPES = {"rulebook:game", "rulebook:document", "rulebook:section", "rulebook:clause",
                 "rulebook:correction", "rulebook:changes", "calculator:index", "calculator:examples", "calculator:scenario"}
SEARCH = "/{}/search/?q=%D1%81%D1%83%D1%89%D0%B5%D1%81%D1%82%D0%B2%D0%BE"  # существо
# Addresses the sitemap does not list, one of each other page type.
OTHER_PAGES = [
    "/{}/", SEARCH, "/{}/berserk/glossary/", "/{}/berserk/corrections/",
    "/{}/corrections/feed/", "/{}/berserk/corrections/feed/", "/{}/berserk/rulings/feed/",
    "/{}/berserk/comprehensive-rules/107.2/history/",
    "/{}/berserk/comprehensive-rules/107.2/side-by-side/",
    "/{}/berserk/comprehensive-rules/section/107/side-by-side/",
    "/{}/berserk/comprehensive-rules/107.2/?as_of=2020-01-01",
    "/{}/calculator/clause/berserk/comprehensive-rules/107.2/",
    "/{}/offline/", "/{}/offline/not-kept/", "/{}/offline/kept/",
    "/{}/manifest.webmanifest", "/{}/berserk/offline.json",
    "/robots.txt", "/sitemap.xml", "/sw.js", "/offline-state.json", "/api/",
    "/api/openapi.json",
]
RULE_PAGES = {"rulebook:document", "rulebook:section", "rulebook:clause"}
# Headers every page carries, whatever the cache does.
SITE_HEADERS = {"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
                "Referrer-Policy": "same-origin"}


def all_other_pages() -> list[str]:
    return sorted({path.format(language) for path in OTHER_PAGES
                   for language in ("de", "ru", "en")})


def assert_site_headers(response, path):
    for name, value in SITE_HEADERS.items():
        assert response.headers.get(name) == value, (path, name)
    if not path.startswith("/api/") and response["Content-Type"].startswith("text/html"):
        assert "default-src" in response.headers["Content-Security-Policy"], path


def comparable(response) -> tuple:
    """Status, headers and body of a response (a streamed body read).

    A feed without entries says it was updated "now" (the time of the
    request), so that element and its ``Last-Modified`` are left out."""
    body = (b"".join(response.streaming_content) if response.streaming
            else response.content)
    headers = dict(response.items())
    if b"<feed" in body and b"<entry>" not in body:
        body = re.sub(rb"<updated>[^<]*</updated>", b"<updated/>", body, count=1)
        headers.pop("Last-Modified", None)
    return response.status_code, headers, body


@pytest.fixture
def kill_cache(settings):
    """The site's cache is as configured for the run (local memory, or the
    Redis of ``REDIS_URL``) until the returned function is called: then a
    Redis on a port with nothing listening."""
    def dead():
        settings.CACHES = redis_caches(f"redis://127.0.0.1:{free_port()}/0")

    return dead


def test_every_sitemap_page_answers_from_the_database(client, seeded, dead_redis, caplog):
    caplog.set_level(logging.WARNING, logger="rulebook.caching.degrading")
    paths = sitemap_paths(client)
    kinds = defaultdict(list)
    failed = []
    for path in paths + all_other_pages():
        response = client.get(path)
        if response.status_code != 200:
            failed.append((path, response.status_code))
            continue
        assert_site_headers(response, path)
        kind = page_type(path)
        kinds[kind].append(path)
        if kind in RULE_PAGES:
            assert len(response.get("ETag", "")) == 34, (path, response.content[:1500])
            assert response["Last-Modified"].endswith(" GMT")
            assert "no-cache" in response["Cache-Control"]
    assert failed == []
    # The home without a language redirects to one; the sitemap's x-default
    # alternates are pages in the default language, listed above.
    response = client.get("/")
    assert response.status_code == 302 and response["Location"].startswith("/en/")
    x_defaults = sitemap_paths(client, x_default=True)
    assert all(path.startswith("/en/") for path in x_defaults) and set(x_defaults) <= set(paths)
    assert SITEMAP_TYPES <= set(kinds), set(kinds)
    assert {"rulebook:home", "rulebook:search", "rulebook:glossary", "rulebook:corrections",
            "rulebook:corrections_feed", "rulebook:game_corrections_feed", "rulebook:rulings_feed",
            "rulebook:clause_history", "calculator:clause"} <= set(kinds)
    # Hundreds of requests, each finding Redis down: one line in the log.
    outage_lines = [r for r in caplog.records if r.name == "rulebook.caching.degrading"]
    assert len(outage_lines) == 1, [r.getMessage() for r in outage_lines]
    assert f"127.0.0.1:{dead_redis}/0 does not answer" in outage_lines[0].getMessage()


def test_pages_are_the_same_with_and_without_the_cache(client, seeded, kill_cache):
    dead = kill_cache
    paths = sitemap_paths(client)
    one_of_each = {}
    for path in paths + all_other_pages():
        one_of_each.setdefault((page_type(path), path.split("/")[1]), path)
    samples = sorted(one_of_each.values())
    # With a working cache, each page twice: the second one from the caches.
    for path in samples:
        client.get(path)
    expected = {path: comparable(client.get(path)) for path in samples}
    dead()
    for path in samples:
        status, headers, body = comparable(client.get(path))
        assert status == expected[path][0] == 200, path
        assert headers == expected[path][1], path
        assert body == expected[path][2], path


def test_every_api_operation_answers_from_the_database(client, seeded, kill_cache):
    dead = kill_cache
    operations = api_requests(client)
    spec = client.get("/api/openapi.json").json()
    assert set(operations) == {operation["operationId"] for path in spec["paths"].values()
                               for operation in path.values()}

    def send(method, path, body):
        if method == "post":
            return client.post(path, body, content_type="application/json")
        return client.get(path)

    expected = {name: comparable(send(*request)) for name, request in operations.items()}
    dead()
    for name, (method, path, body) in operations.items():
        response = send(method, path, body)
        status, headers, content = comparable(response)
        assert status == 200, (name, path, content[:300])
        assert_site_headers(response, path)
        assert headers == expected[name][1], name
        assert content == expected[name][2], name
    clauses = "/api/games/berserk/documents/comprehensive-rules/clauses"
    assert client.get(clauses)["ETag"] == expected[
        "list_clauses"][1]["ETag"]
    # A conditional request is still answered 304 from the stamp in the database.
    etag = expected["list_clauses"][1]["ETag"]
    assert client.get(clauses, headers={"If-None-Match": etag}).status_code == 304


def test_a_dead_cache_costs_no_more_than_a_miss(client, seeded, kill_cache):
    """With Redis down the page is rendered afresh: the queries of a cold
    page, no more."""
    dead = kill_cache
    path = "/ru/berserk/comprehensive-rules/107.2/"
    client.get(path)
    from django.core.cache import cache

    cache.clear()

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        return len(captured)

    cold = queries()
    assert queries() == 1  # served from the page cache: the generation only
    dead()
    client.get(path)  # the first request finds Redis down
    assert queries() <= cold

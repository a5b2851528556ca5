"""HTTP caching of the rule pages (ETag, Last-Modified, 304) and the fragment
cache: a published correction is never served stale."""

import os

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.utils import timezone

from rulebook.caching.conditional import PageStamp, with_publication_stamp
from rulebook.models import Clause, ClauseVersion, Document
from rulebook.reading.services import find_stamped_document
from tests.rulebook.conftest import publish_version, update_published_section

BERSERK = "/ru/berserk/comprehensive-rules/"
PAGES = [BERSERK, BERSERK + "section/107/", BERSERK + "107.2/"]
OLD_TEXT = "Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода."
NEW_TEXT = "Исправленный текст 107.2: свойство объявляется в любую подфазу."


def in_ci():
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def publish_new_version(key="107.2", text=NEW_TEXT, published_at=None):
    clause = Clause.objects.get(document__slug="comprehensive-rules", key=key)
    latest = clause.versions.order_by("-number").first()
    return publish_version(clause, latest.number + 1, text_ru=text,
                           effective_date=timezone.localdate(), published_at=published_at)


@pytest.mark.parametrize("path", PAGES)
def test_rule_pages_send_validators_and_must_revalidate(client, seeded, path):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["ETag"].startswith('"') and len(response.headers["ETag"]) == 34
    assert response.headers["Last-Modified"].endswith(" GMT")
    assert "no-cache" in response.headers["Cache-Control"]


@pytest.mark.parametrize("path", PAGES)
def test_conditional_get_answers_304(client, seeded, path):
    first = client.get(path)
    etag, modified = first.headers["ETag"], first.headers["Last-Modified"]
    by_etag = client.get(path, headers={"If-None-Match": etag})
    assert by_etag.status_code == 304
    assert by_etag.content == b""
    assert by_etag.headers["ETag"] == etag
    by_date = client.get(path, headers={"If-Modified-Since": modified})
    assert by_date.status_code == 304
    assert client.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_etag_varies_with_language_and_reading_date(client, seeded):
    tags = {client.get(path).headers["ETag"] for path in [
        BERSERK + "107.2/", "/de/berserk/comprehensive-rules/107.2/",
        BERSERK + "107.2/?as_of=2020-01-01", BERSERK + "107.2/?as_of=2021-01-01"]}
    assert len(tags) == 4


@pytest.mark.parametrize("path", PAGES)
def test_a_new_publication_is_never_served_stale(client, seeded, path):
    first = client.get(path)
    assert OLD_TEXT in first.content.decode()
    publish_new_version()
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200
    assert again.headers["ETag"] != first.headers["ETag"]
    html = again.content.decode()
    assert NEW_TEXT in html and OLD_TEXT not in html
    # The text in force on an earlier date is still the old one.
    earlier = client.get(path + "?as_of=2020-01-01").content.decode()
    assert OLD_TEXT in earlier


def test_a_scheduled_publication_changes_the_stamp_when_it_falls_due(client, seeded):
    """Whether a future ``published_at`` hides a version is the versioning's
    business; the stamps change both at the save and when it falls due."""
    # A published version never changes, so the scheduled one is created
    # with its future publication time.
    due = timezone.now() + timezone.timedelta(days=1)
    publish_new_version(published_at=due)
    document = Document.objects.get(slug="comprehensive-rules")
    today = timezone.localdate()

    def stamp_at(moment):
        annotated = with_publication_stamp(Document.objects.filter(pk=document.pk), moment)
        return PageStamp.for_document(annotated.get(), today, False, "ru")

    before, after = stamp_at(due - timezone.timedelta(seconds=1)), stamp_at(due)
    assert before.etag != after.etag
    # The version and its correction (rulebook.versioning.guards: published together).
    assert after.published == due and after.published_count == before.published_count + 2


def test_the_stamped_document_of_pages_and_api_changes_when_a_publication_falls_due(seeded):
    """find_stamped_document (the rule pages' and the read API's one look-up)
    gives the document with its game, and a stamp that changes when a
    scheduled publication falls due."""
    due = timezone.now() + timezone.timedelta(days=1)
    publish_new_version(published_at=due)
    on = timezone.localdate()
    before = find_stamped_document("berserk", "comprehensive-rules",
                                   due - timezone.timedelta(seconds=1))
    after = find_stamped_document("berserk", "comprehensive-rules", due)
    assert before.pk == after.pk and after.game.slug == "berserk"
    assert after.last_version_published == due
    assert (PageStamp.for_document(before, on, False, "ru").etag
            != PageStamp.for_document(after, on, False, "ru").etag)
    for game, slug in [("berserk", "nothing"), ("nothing", "comprehensive-rules"),
                       ("berserk", "comprehensive\x00rules")]:
        assert find_stamped_document(game, slug) is None


def test_fragment_cache_backend_is_redis_when_configured():
    backend = settings.CACHES["default"]["BACKEND"]
    if os.environ.get("REDIS_URL"):
        # Django's RedisCache, an outage answered as a miss (rulebook.caching.degrading)
        assert backend == "rulebook.caching.degrading.DegradingRedisCache"
        cache.set("rulesite-ping", "pong", 10)
        assert cache.get("rulesite-ping") == "pong"  # a real Redis answers
    elif in_ci():
        pytest.fail("CI must run the fragment cache tests against Redis: set REDIS_URL "
                    "(.ci/run does)")
    else:
        assert backend == "django.core.cache.backends.locmem.LocMemCache"


def test_document_body_fragment_is_cached_and_invalidated_by_publication(client, seeded):
    document = Document.objects.get(slug="comprehensive-rules")
    today = timezone.localdate()
    stamp = PageStamp.for_document(document, today, False, "ru")
    # The body of the document's first page (long documents are split in pages).
    key = make_template_fragment_key("document-body", [document.pk, stamp.key, 1])
    assert cache.get(key) is None
    client.get(BERSERK)
    cached = cache.get(key)
    assert cached is not None and OLD_TEXT in cached
    # A reader of the cached fragment gets it without reading the clauses.
    assert client.get(BERSERK).content.decode().count(OLD_TEXT) == 1

    publish_new_version()
    new_stamp = PageStamp.for_document(document, today, False, "ru")
    assert new_stamp.key != stamp.key
    html = client.get(BERSERK).content.decode()
    assert NEW_TEXT in html and OLD_TEXT not in html
    new_cached = cache.get(make_template_fragment_key("document-body",
                                                      [document.pk, new_stamp.key, 1]))
    assert new_cached is not None and NEW_TEXT in new_cached


@pytest.mark.parametrize("changed", ["rulebook/templates/rulebook/page.html",
                                     "rulesite/templates/admin/base_site.html",
                                     "locale/de/LC_MESSAGES/django.mo",
                                     "rulebook/static/rulebook/site.css",
                                     "rulebook/reading/views.py", "engine/core.py"])
def test_a_new_release_changes_fragment_and_page_keys(settings, tmp_path, monkeypatch, changed):
    """A deploy that changes a template, a translation, a static file or the
    code changes the release digest, part of every fragment key (the page
    stamp's) and page-cache key: no cache needs clearing on a deploy."""
    from rulebook.caching import conditional

    for name in ["rulebook/templates/rulebook/page.html", "rulesite/templates/admin/base_site.html",
                 "locale/de/LC_MESSAGES/django.mo", "rulebook/static/rulebook/site.css",
                 "rulebook/reading/views.py", "engine/core.py"]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"the release's {name}")
    settings.BASE_DIR = tmp_path
    stamp = PageStamp(None, 0, 0, timezone.localdate(), False, "de")
    monkeypatch.setattr(conditional, "release", conditional.release.__wrapped__)
    before = (conditional.release(), stamp.key)
    (tmp_path / changed).write_text("the next release")
    after = (conditional.release(), stamp.key)
    assert before[0] != after[0] and before[1] != after[1]
    (tmp_path / changed).write_text(f"the release's {changed}")
    assert (conditional.release(), stamp.key) == before  # a digest, not a time


def stored_rule_pages():
    """How many whole rule pages the cache holds (locmem or Redis)."""
    backend = cache._cache if hasattr(cache, "_cache") else None
    if isinstance(backend, dict):  # local memory
        return sum(":rule-page:" in key for key in backend)
    client = cache._cache.get_client()  # Redis
    return len(client.keys("*:rule-page:*"))


def test_whole_page_cache_replays_the_page_with_its_headers(client, seeded):
    first = client.get(BERSERK + "107.2/")
    assert stored_rule_pages() == 1
    second = client.get(BERSERK + "107.2/")
    assert second.content == first.content
    for header in ("ETag", "Last-Modified", "Content-Security-Policy", "X-Frame-Options",
                   "Content-Language", "Cache-Control"):
        assert second.headers[header] == first.headers[header]
    assert second.headers["X-Content-Type-Options"] == "nosniff"
    not_modified = client.get(BERSERK + "107.2/", headers={"If-None-Match": first["ETag"]})
    assert not_modified.status_code == 304 and not_modified.content == b""
    assert not_modified.headers["ETag"] == first.headers["ETag"]


@pytest.mark.parametrize("first_host, first_secure", [("localhost", False), ("testserver", True)])
def test_whole_page_cache_never_replays_another_hosts_links(client, seeded, first_host,
                                                            first_secure):
    """The page's canonical and alternate links are absolute: a page stored for
    one host name or scheme must not be replayed to readers of another."""
    client.get(BERSERK + "107.2/", HTTP_HOST=first_host, secure=first_secure)
    html = client.get(BERSERK + "107.2/", HTTP_HOST="testserver").content.decode()
    assert 'href="http://testserver/ru/berserk/comprehensive-rules/107.2/"' in html
    assert "http://localhost/" not in html and "https://" not in html


def test_whole_page_cache_is_fresh_after_a_back_dated_publication(client, seeded):
    assert OLD_TEXT in client.get(BERSERK + "107.2/").content.decode()
    # Published earlier than the seeds (created so: a published version never changes).
    publish_new_version(published_at=timezone.now() - timezone.timedelta(days=400))
    html = client.get(BERSERK + "107.2/").content.decode()
    assert NEW_TEXT in html and OLD_TEXT not in html


def test_whole_page_cache_skips_sessions_htmx_and_other_pages(client, seeded):
    client.get("/ru/")  # the home page does not opt in
    client.get(BERSERK, headers={"HX-Request": "true"})
    client.cookies["sessionid"] = "something"
    client.get(BERSERK)
    assert stored_rule_pages() == 0


def test_an_edit_in_place_is_never_served_stale(client, seeded):
    """What the admin may still change in place — a translation added to a
    published version, a section heading — changes the rulebook's revision,
    hence the stamps and the whole-page cache key."""
    german = BERSERK.replace("/ru/", "/de/")
    first = client.get(german + "107.2/")
    document_first = client.get(BERSERK)
    version = Clause.objects.get(key="107.2").versions.get(number=1)
    translation = "Sie dürfen nur in der Wahl-Unterphase angesagt werden (Übersetzung)."
    version.text_de = translation
    version.save()
    update_published_section(version.clause.section,
                             heading_ru="Дополнительные свойства (исправлено)")
    again = client.get(german + "107.2/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 200 and translation in again.content.decode()
    document = client.get(BERSERK).content.decode()
    assert "Дополнительные свойства (исправлено)" in document
    assert document_first.headers["ETag"] != client.get(BERSERK).headers["ETag"]


def test_pages_that_do_not_opt_in_skip_the_generation_query(client, seeded):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(path):
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        return [query["sql"] for query in captured]

    first = queries("/ru/berserk/")
    assert any("rulebook_rulebookrevision" in sql for sql in first)
    second = queries("/ru/berserk/")
    assert len(second) == len(first) - 1
    assert not any("rulebook_rulebookrevision" in sql for sql in second)


def test_search_and_calculator_pages_are_cached_until_a_publication(client, seeded):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    search = "/ru/search/?q=%D0%B8%D1%81%D0%BF%D1%80%D0%B0%D0%B2%D0%BB%D0%B5%D0%BD%D0%BD%D1%8B%D0%B9"
    ruling = ("/en/calculator/berserk/timing/?card_type=creature&card_subtype=non-flying"
              "&in_play_zone=on&turn=own&phase=main&subphase=choice&strike_declared=none")
    first_search, first_ruling = client.get(search), client.get(ruling)
    assert 'class="search-hit"' not in first_search.content.decode()
    assert "Text changed:" not in first_ruling.content.decode()
    for path, first in ((search, first_search), (ruling, first_ruling)):
        with CaptureQueriesContext(connection) as captured:
            again = client.get(path)
        assert len(captured) == 1  # the generation only: served from the page cache
        assert again.content == first.content
    # Publishing a new text of 107.2 ("Исправленный текст …") is seen at once.
    publish_new_version()
    found = client.get(search).content.decode()
    assert 'href="/ru/berserk/comprehensive-rules/107.2/"' in found
    assert "Text changed:" in client.get(ruling).content.decode()
    # htmx requests are never served from the page cache.
    fragment = client.get(ruling, headers={"HX-Request": "true", "HX-Target": "ruling"})
    assert "<html" not in fragment.content.decode()


def test_body_files_are_written_once_and_the_oldest_removed(
        seeded, monkeypatch, wsgi_keeps_the_test_connection):
    # (closing a response sends request_finished: the module's connection stays open)
    import time

    from rulebook.caching import bodies

    monkeypatch.setattr(bodies, "MAX_FILES", 2)
    calls = []

    def built(text):
        return lambda: calls.append(text) or text.encode()

    for number, key in enumerate(["a", "b"]):
        response = bodies.file_response(key, built(key), "application/json")
        assert b"".join(response.streaming_content) == key.encode()
        response.close()
        written = time.time() - 10 + number
        os.utime(bodies.path_for(key), (written, written))
    response = bodies.file_response("a", built("a"), "application/json")
    assert b"".join(response.streaming_content) == b"a"
    response.close()
    bodies.file_response("c", built("c"), "application/json").close()
    assert calls == ["a", "b", "c"]  # "a" was answered from its file the second time
    # At most MAX_FILES files: the oldest written ("a") went when "c" was written.
    assert not bodies.path_for("a").exists()
    assert bodies.path_for("b").exists() and bodies.path_for("c").exists()

    # A file older than MAX_AGE goes too, and a new body for it is built again.
    old = time.time() - bodies.MAX_AGE - 60
    os.utime(bodies.path_for("b"), (old, old))
    bodies.file_response("d", built("d"), "application/json").close()
    assert not bodies.path_for("b").exists()
    bodies.file_response("b", built("b"), "application/json").close()
    assert calls == ["a", "b", "c", "d", "b"]


def test_a_page_that_starts_opting_in_is_never_kept_under_a_later_publication(rf, seeded):
    """A path remembered as not opting in whose page now opts in: a publication that
    commits while that page renders must not keep the older page under the newer
    generation (it would be served until the next publication)."""
    from django.contrib.auth.models import AnonymousUser
    from django.http import HttpResponse

    from rulebook.caching.conditional import CACHEABLE_ATTRIBUTE
    from rulebook.caching.pages import RulePageCacheMiddleware

    texts = iter(["older page", "newer page", "newer page again"])

    def render(request):
        response = HttpResponse(next(texts))
        setattr(response, CACHEABLE_ATTRIBUTE, True)
        if response.content == b"older page":
            publish_new_version()  # committed after the older page was rendered
        return response

    middleware = RulePageCacheMiddleware(render)
    path = BERSERK + "107.2/"
    middleware.pass_through[path] = None

    def get():
        request = rf.get(path)
        request.user = AnonymousUser()
        return middleware(request).content

    assert get() == b"older page"
    assert path not in middleware.pass_through
    assert get() == b"newer page"  # rendered afresh, and now kept
    assert get() == b"newer page"

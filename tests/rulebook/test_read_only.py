"""A read-only database: every page answers (200) as usual; every write — an
admin save, a new correction, submitting, publishing, a login attempt —
answers a clear 503 with the site's usual headers (``Retry-After``, no
caching, CSP, the security headers), never a 500; nothing is changed.

Simulated on the test's own connection: on SQLite ``PRAGMA query_only``
(a write is then refused as on a read-only file: "attempt to write a
readonly database"), on PostgreSQL ``SET SESSION
default_transaction_read_only = on`` (every later transaction of the
connection is read-only, as with ``ALTER DATABASE … SET``).  The calculator
writes nothing, so its form and API answer as usual.
"""

from __future__ import annotations

import contextlib
import datetime

import pytest
from django.db import connection
from django.test import Client

from rulebook.models import ClauseVersion, Correction, Game
from tests.rulebook.caching.outages import sitemap_paths
from tests.rulebook.caching.test_outage import assert_site_headers
from tests.rulebook.conftest import confirmation, hidden_inputs

pytestmark = pytest.mark.django_db(transaction=True)

READ_ONLY_TEXT = "The rules database is read-only at the moment"
P3 = "1.2.4.negativ-positiv-wirkung.p3"
OTHER_PAGES = ["/en/", "/en/search/?q=Karte", "/en/berserk/glossary/",
               "/en/power-duell/corrections/", "/en/corrections/feed/", "/sitemap.xml",
               "/en/calculator/", "/api/search?q=107.2", "/api/games", "/healthz",
               "/en/berserk/comprehensive-rules/107.2/history/"]


@contextlib.contextmanager
def read_only_database():
    """The connection refuses every write until the block ends."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("PRAGMA query_only = ON")
        else:
            cursor.execute("SET SESSION default_transaction_read_only = on")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            if connection.vendor == "sqlite":
                cursor.execute("PRAGMA query_only = OFF")
            else:
                cursor.execute("SET SESSION default_transaction_read_only = off")


def rows():
    """What a write could change, as comparable values."""
    return (sorted(Correction.objects.values_list("pk", "title_de", "submitted_at",
                                                  "published_at", "number")),
            sorted(ClauseVersion.objects.values_list("pk", "text_de", "revision",
                                                     "published_at")))


@pytest.fixture
def site(seeded, editor, publisher):
    """The seeds, a submitted correction of P3 and the clients of an editor
    and a publisher (logged in before the database turns read-only)."""
    from rulebook.versioning.publishing import propose_version, submit_correction

    game = Game.objects.get(slug="power-duell")
    correction = Correction.objects.create(game=game, language="de", title_de="Zu p3",
                                           effective_date=datetime.date(2030, 1, 1))
    draft = propose_version(correction, game.documents.get().clauses.get(key=P3), editor)
    draft.text_de = "Bei negativ-Wirkung wird alles verdoppelt (neu)."
    draft.save()
    submit_correction(correction, editor)
    clients = {}
    for name, user in (("editor", editor), ("publisher", publisher)):
        clients[name] = Client(raise_request_exception=False)
        clients[name].force_login(user)
    return {"correction": correction, "draft": draft, **clients}


def assert_clear_503(response, what):
    body = response.content.decode()
    assert response.status_code == 503, (what, response.status_code, body[:300])
    assert response["Retry-After"] == "60" and "no-store" in response["Cache-Control"], what
    assert READ_ONLY_TEXT in body and "Traceback" not in body, what
    assert_site_headers(response, what)


def test_pages_answer_from_a_read_only_database(site):
    client = Client(raise_request_exception=False)
    paths = sitemap_paths(client) + OTHER_PAGES
    with read_only_database():
        answers = {path: client.get(path) for path in paths}
    wrong = {path: r.status_code for path, r in answers.items() if r.status_code != 200}
    assert wrong == {}
    for path, response in answers.items():
        assert_site_headers(response, path)


def test_the_calculator_answers_from_a_read_only_database(site):
    client = Client(raise_request_exception=False)
    form = client.get("/en/calculator/").content.decode()
    assert form
    with read_only_database():
        page = client.get("/en/calculator/examples/")
        scenarios = client.get("/api/scenarios")
    assert page.status_code == 200 and scenarios.status_code == 200


def write_routes(site):
    """Route name → a function making the request (as a browser would send it)."""
    correction, draft = site["correction"], site["draft"]
    editor, publisher = site["editor"], site["publisher"]
    change = f"/admin/rulebook/correction/{correction.pk}/change/"
    version = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    opened = {"change": editor.get(change).content.decode(),
              "version": editor.get(version).content.decode()}

    def admin_form(page, **changes):
        from html import unescape
        import re

        data = dict(hidden_inputs(page))
        for name, value in re.findall(r'<input[^>]+name="([^"]+)"[^>]+value="([^"]*)"', page):
            data.setdefault(name, unescape(value))
        for name, value in re.findall(r'<textarea[^>]+name="([^"]+)"[^>]*>([^<]*)</textarea>',
                                      page):
            data.setdefault(name, unescape(value).lstrip("\n"))
        for name, value in re.findall(
                r'<select[^>]+name="([^"]+)"[^>]*>.*?<option value="([^"]*)" selected',
                page, re.S):
            data.setdefault(name, value)
        data.pop("csrfmiddlewaretoken", None)
        data.update(changes)
        return data

    return {
        "admin: save a correction": lambda: editor.post(
            change, admin_form(opened["change"], title_de="Zu p3 (geändert)")),
        "admin: add a correction": lambda: editor.post("/admin/rulebook/correction/add/", {
            "game": correction.game_id, "language": "de", "title_de": "Neu",
            "effective_date": "2031-01-01", "versions-TOTAL_FORMS": "0",
            "versions-INITIAL_FORMS": "0"}),
        "admin: save a draft text": lambda: editor.post(
            version, admin_form(opened["version"], text_de="Ganz neu.")),
        "admin: submit for review": lambda: editor.post(
            f"/admin/rulebook/correction/{correction.pk}/submit/"),
        "admin: publish": lambda: publisher.post(
            f"/admin/rulebook/correction/{correction.pk}/publish/", confirmation(correction)),
        "login attempt": lambda: Client(raise_request_exception=False).post(
            "/admin/login/", {"username": "paul", "password": "wrong"}),
    }


@pytest.mark.parametrize("route", ["admin: save a correction", "admin: add a correction",
                                   "admin: save a draft text", "admin: submit for review",
                                   "admin: publish", "login attempt"])
def test_a_write_to_a_read_only_database_is_a_clear_503(site, route):
    request = write_routes(site)[route]
    before = rows()
    with read_only_database():
        response = request()
    assert_clear_503(response, route)
    assert rows() == before
    # With the database writable again, the same request goes through.
    again = request()
    assert again.status_code in {200, 302}, (route, again.status_code)

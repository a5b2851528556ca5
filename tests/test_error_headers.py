"""Every response carries the same security headers — error pages too,
including the 503 page answered from the page-cache middleware when its
query fails (it sits inside the header middleware now)."""

import pytest
from django.db import OperationalError
from django.test import Client

HEADERS = ("Content-Security-Policy", "X-Frame-Options", "X-Content-Type-Options",
           "Referrer-Policy", "Cross-Origin-Opener-Policy")
CLAUSE = "/de/berserk/comprehensive-rules/107.2/"


def security_headers(response):
    return {name: response.get(name) for name in HEADERS}


@pytest.fixture
def reference(seeded):
    response = Client().get(CLAUSE)
    assert response.status_code == 200
    headers = security_headers(response)
    assert all(headers.values()), headers
    return headers


def test_a_503_from_the_page_cache_has_the_same_headers(reference, monkeypatch):
    from rulebook.caching import pages

    def unavailable(now=None):
        raise OperationalError("unable to open database file")

    monkeypatch.setattr(pages, "rulebook_generation", unavailable)
    response = Client(raise_request_exception=False).get(CLAUSE)
    assert response.status_code == 503
    assert "Die Regeldatenbank ist gerade nicht erreichbar." in response.content.decode()
    assert security_headers(response) == reference


def test_a_stored_page_has_the_same_headers(reference):
    client = Client()
    client.get(CLAUSE)
    assert security_headers(client.get(CLAUSE)) == reference


def test_404_and_500_pages_have_the_same_headers(reference, monkeypatch):
    assert security_headers(Client().get("/de/no-such-game/")) == reference
    from rulebook.reading import views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(views, "render", broken)  # the home view's renderer
    response = Client(raise_request_exception=False).get("/en/")
    assert response.status_code == 500
    assert security_headers(response) == reference

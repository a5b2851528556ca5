"""The "What changed" page, and the canonical, noindex and hreflang links of every page type."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from rulebook.models import Correction

CHANGES = "/de/power-duell/schutzgottkarten/changes/"
NEGATIV_POSITIV = [f"1.2.4.negativ-positiv-wirkung.p{n}" for n in range(1, 6)]


def _changed_keys(html: str) -> list[str]:
    return re.findall(r'<h2 id="change-[^"]+"><a href="/de/power-duell/schutzgottkarten/([^/]+)/',
                      html)


def test_the_page_lists_the_negativ_positiv_clauses_with_their_correction(client, seeded):
    response = client.get(f"{CHANGES}?from=2023-01-24&to=2023-01-26")
    assert response.status_code == 200
    html = response.content.decode()
    assert _changed_keys(html) == NEGATIV_POSITIV
    # each change's anchor is its clause's key, the same in every database and after a
    # restore (a deep link such as …/changes/#change-<key> keeps working)
    assert re.findall(r'<h2 id="change-([^"]+)">', html) == NEGATIV_POSITIV
    correction = Correction.objects.get()
    assert html.count(f'href="{correction.get_absolute_url()}"'.replace("/en/", "/de/")) >= 6
    assert "Der Text vor dieser Korrektur liegt in den Quellen nicht vor" in html
    # a form that works without JavaScript, and updates the list with htmx
    assert 'method="get"' in html and 'data-hx-target="#changes-list"' in html
    assert 'name="from"' in html and 'value="2023-01-24"' in html


def test_default_dates_are_the_day_before_the_latest_correction_and_today(client, seeded):
    html = client.get(CHANGES).content.decode()
    assert 'value="2023-01-24"' in html
    assert f'value="{timezone.localdate():%Y-%m-%d}"' in html
    assert _changed_keys(html) == NEGATIV_POSITIV


def test_htmx_gets_only_the_list(client, seeded):
    response = client.get(f"{CHANGES}?from=2023-01-26&to=2024-01-01", HTTP_HX_REQUEST="true",
                          HTTP_HX_TARGET="changes-list")
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert _changed_keys(html) == []
    assert "Keine Regel dieses Dokuments hat sich zwischen diesen Daten geändert." in html


def test_a_bad_date_is_a_field_error(client, seeded):
    response = client.get(f"{CHANGES}?from=24.01.2023&to=2023-01-26")
    assert response.status_code == 400
    html = response.content.decode()
    assert 'class="field-error"' in html


def test_a_bad_date_shows_only_its_error_and_the_form(client, seeded):
    """Not also "no clause changed between these dates": no dates were read."""
    response = client.get("/en/power-duell/schutzgottkarten/changes/?from=xx&to=2023-01-01")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Enter a valid date." in html and 'name="from"' in html and 'name="to"' in html
    assert "No clause of this document changed" not in html
    assert "Clauses changed between" not in html and 'id="changes-list"' in html


def test_a_clause_link_carries_no_date_when_it_shows_todays_text(client, seeded):
    """Up to today: the clause's page without ``as_of`` (no dated banner for today)."""
    today = client.get(CHANGES).content.decode()
    links = re.findall(r'<h2 id="change-[^"]+"><a href="([^"]+)"', today)
    assert len(links) == len(NEGATIV_POSITIV) and not any("as_of" in link for link in links)
    earlier = client.get(f"{CHANGES}?from=2023-01-24&to=2023-01-26").content.decode()
    links = re.findall(r'<h2 id="change-[^"]+"><a href="([^"]+)"', earlier)
    assert links and all(link.endswith("/?as_of=2023-01-26") for link in links)


def test_linked_from_document_corrections_and_each_correction(client, seeded):
    correction = Correction.objects.get()
    for path in ("/de/power-duell/schutzgottkarten/", "/de/power-duell/corrections/"):
        assert f'href="{CHANGES}"' in client.get(path).content.decode(), path
    detail = client.get(f"/de/power-duell/corrections/{correction.number}/").content.decode()
    assert f'href="{CHANGES}?from=2023-01-24&amp;to=2023-01-25"' in detail


def test_the_sitemap_lists_the_what_changed_pages(client, seeded):
    xml = client.get("/sitemap.xml").content.decode()
    assert "http://testserver/de/power-duell/schutzgottkarten/changes/" in xml
    assert "http://testserver/ru/berserk/comprehensive-rules/changes/" in xml


PAGES = [
    "/de/", "/de/berserk/", "/de/berserk/comprehensive-rules/",
    "/de/berserk/comprehensive-rules/section/107/", "/de/berserk/comprehensive-rules/107.2/",
    "/de/berserk/comprehensive-rules/107.2/history/", "/de/power-duell/corrections/",
    "/de/search/?q=Ziel", "/de/calculator/", "/de/calculator/berserk/timing/",
    CHANGES,
]


def _links(html: str) -> dict:
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    hreflang = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    return {"canonical": canonical, "hreflang": hreflang,
            "noindex": '<meta name="robots" content="noindex">' in html}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_names_its_canonical_address_and_an_x_default(client, seeded, path):
    response = client.get(path)
    assert response.status_code == 200
    links = _links(response.content.decode())
    (canonical,) = links["canonical"]
    assert canonical == "http://testserver" + path
    assert set(links["hreflang"]) == {"de", "ru", "en", "x-default"}
    assert links["hreflang"]["x-default"] == "http://testserver" + path.replace("/de/", "/en/", 1)


@pytest.mark.parametrize("path", ["/de/berserk/comprehensive-rules/107.2/",
                                  "/de/berserk/comprehensive-rules/",
                                  "/de/berserk/comprehensive-rules/section/107/"])
def test_a_dated_page_is_noindex_with_the_current_page_as_canonical(client, seeded, path):
    dated = _links(client.get(f"{path}?as_of=2024-01-01").content.decode())
    assert dated["canonical"] == ["http://testserver" + path] and dated["noindex"]
    assert not _links(client.get(path).content.decode())["noindex"]


def test_side_by_side_pages_name_the_single_language_page(client, seeded):
    for path, subject in [
            ("/de/berserk/comprehensive-rules/107.2/side-by-side/?with=de",
             "/de/berserk/comprehensive-rules/107.2/"),
            ("/de/berserk/comprehensive-rules/section/107/side-by-side/?with=en&as_of=2024-01-01",
             "/de/berserk/comprehensive-rules/section/107/")]:
        links = _links(client.get(path).content.decode())
        assert links["canonical"] == ["http://testserver" + subject]
        assert "x-default" in links["hreflang"]

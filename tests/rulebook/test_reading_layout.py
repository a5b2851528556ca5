"""Server-side parts of the reading layout: which text a page states, links
that keep a dated view's date, short clause labels, the one language
notice, and the offline pieces (service worker, manifest, page lists)."""

import datetime
import json
import re

import pytest
from django.test import RequestFactory
from django.urls import reverse

from rulebook.context_processors import site
from rulebook.models import Clause, ClauseVersion, Correction, Game, GlossaryTerm, Localized
from rulebook.reading import pagefacts
from rulebook.reading.services import ClauseReading

BERSERK = "/de/berserk/comprehensive-rules/"


def test_with_date_adds_the_date_before_the_fragment_and_only_once():
    assert pagefacts.with_date("/de/a/", "2023-01-02") == "/de/a/?as_of=2023-01-02"
    assert pagefacts.with_date("/de/a/?with=ru#x", "2023-01-02") == \
        "/de/a/?with=ru&as_of=2023-01-02#x"
    assert pagefacts.with_date("/de/a/?as_of=2020-01-01", "2023-01-02") == \
        "/de/a/?as_of=2020-01-01"
    assert pagefacts.with_date("/de/a/", "") == "/de/a/"


def test_links_with_date_changes_site_links_only():
    html = ('<a href="/de/berserk/comprehensive-rules/107.2/">107.2</a> '
            '<a href="https://example.org/x">x</a> <a href="/static/a.css">s</a> '
            '<a href="/ru/berserk/comprehensive-rules/section/107/#107.2">s</a>')
    result = pagefacts.links_with_date(html, "2023-01-02")
    assert 'href="/de/berserk/comprehensive-rules/107.2/?as_of=2023-01-02"' in result
    assert 'href="https://example.org/x"' in result
    assert 'href="/static/a.css"' in result
    assert 'href="/ru/berserk/comprehensive-rules/section/107/?as_of=2023-01-02#107.2"' in result


def test_short_label_keeps_the_paragraph_mark_or_the_number():
    assert pagefacts.short_label(
        Clause(key="1.2.4.kartenaufbau.p3", label="1.2.4 › Kartenaufbau ¶3")) == "¶3"
    assert pagefacts.short_label(Clause(key="106.p1", label="106 ¶1")) == "¶1"
    assert pagefacts.short_label(Clause(key="107.2", label="")) == "107.2"


def _reading(number, effective, fallback=False, text="t"):
    version = ClauseVersion(number=number, effective_date=effective)
    return ClauseReading(Clause(key=f"k{number}"), version, Localized(text, "de", fallback),
                         Localized("", "de", False))


def test_last_change_is_the_latest_dated_version_and_fallback_is_counted():
    readings = [_reading(1, datetime.date(2020, 1, 1)), _reading(2, None),
                _reading(3, datetime.date(2023, 1, 25), fallback=True)]
    assert pagefacts.last_change(readings).number == 3
    assert pagefacts.last_change([_reading(1, None)]) is None
    assert pagefacts.language_fallback(readings) == pagefacts.Fallback("some", "de")
    assert pagefacts.language_fallback(readings[2]) == pagefacts.Fallback("all", "de")
    assert pagefacts.language_fallback(readings[:2]) == pagefacts.Fallback("", "")


def test_context_keeps_a_valid_date_and_offers_the_undated_address():
    factory = RequestFactory()
    request = factory.get(f"{BERSERK}section/107/side-by-side/?with=ru&as_of=2023-01-02")
    context = site(request)
    assert context["as_of"] == "2023-01-02"
    assert context["as_of_date"] == datetime.date(2023, 1, 2)
    assert context["undated_url"] == f"{BERSERK}section/107/side-by-side/?with=ru"
    assert all("as_of=2023-01-02" in link["url"] for link in context["language_links"])
    assert site(factory.get(f"{BERSERK}?as_of=yesterday"))["as_of"] == ""


@pytest.mark.django_db
def test_rule_pages_state_their_date_and_keep_it_on_links(client, seeded):
    pages = [BERSERK, f"{BERSERK}section/107/", f"{BERSERK}107.2/",
             f"{BERSERK}section/107/side-by-side/"]
    for path in pages:
        html = client.get(path).content.decode()
        assert html.count('id="text-date"') == 1, path
        today = datetime.date.today().isoformat()
        assert f'datetime="{today}"' in html, path
        dated = client.get(f"{path}?as_of=2023-06-01").content.decode()
        assert 'class="dated-banner"' in dated
        hrefs = re.findall(r'href="(/de/[^"]*)"', dated)
        # The glossary, like corrections and histories, has no reading date.
        undated = [h for h in hrefs if "as_of=2023-06-01" not in h and not re.search(
            r"/(corrections|history|feed|offline|changes|glossary)/|manifest", h)]
        # Only the deliberate "today's text" links drop the date.
        today_links = re.findall(r'href="([^"]*)" data-today', dated)
        assert sorted(set(undated)) == sorted(set(today_links)), (path, undated)
        assert '<input type="hidden" name="as_of" value="2023-06-01">' in dated


@pytest.mark.django_db
def test_power_duell_names_its_last_correction_and_one_language_notice(client, seeded):
    html = client.get("/en/power-duell/schutzgottkarten/").content.decode()
    line = re.search(r'<p class="text-date".*?</p>', html, re.S).group(0)
    assert 'datetime="2023-01-25"' in line
    assert "/en/power-duell/corrections/" in line
    assert html.count('class="notice notice--language"') == 1
    assert "This text is the German original" in html
    assert 'class="language-note"' not in html
    # Clause numbers are headings with short labels.
    assert re.search(r'<h3 class="clause__heading" id="h-1.2.4.kartenaufbau.p1">'
                     r'<a class="clause__key" href="[^"]+" title="1.2.4 › Kartenaufbau ¶1">¶1</a>',
                     html)


@pytest.mark.django_db
def test_search_hits_show_their_version_date(client, seeded):
    html = client.get("/de/search/?q=Schutzgott").content.decode()
    hits = html.count('class="search-hit"')
    assert hits > 0 and html.count('class="search-hit__version"') == hits


def test_service_worker_is_served_from_the_root(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert b'addEventListener("fetch"' in response.content


@pytest.mark.django_db
def test_manifest_has_icons_and_starts_in_the_reader_language(client):
    response = client.get("/ru/manifest.webmanifest")
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["start_url"] == "/ru/" and data["scope"] == "/" and data["lang"] == "ru"
    assert {icon["sizes"] for icon in data["icons"]} == {"192x192", "512x512", "any"}
    from django.contrib.staticfiles import finders
    for icon in data["icons"]:  # each icon is a static file of the site
        assert finders.find(icon["src"].removeprefix("/static/")), icon


@pytest.mark.django_db
def test_offline_pages_list_every_page_of_a_game_in_every_language(client, seeded):
    game = Game.objects.get(slug="berserk")
    GlossaryTerm.objects.create(game=game, slug="stihija", language="ru", term_ru="стихия")
    data = client.get("/ru/berserk/offline.json").json()
    clauses = Clause.objects.filter(document__game__slug="berserk").count()
    corrections = Correction.objects.published().filter(game=game).exclude(number=None).count()
    # home, game, document; sections; clauses; the corrections, each one; the glossary
    per_language = 3 + 4 + clauses + 1 + corrections + 1
    assert data["languages"] == ["ru", "de", "en"]
    assert len(data["pages"]) == 3 * per_language
    # The reader's language first, then the same pages in each other language.
    assert data["pages"][:3] == ["/ru/", "/ru/berserk/", "/ru/berserk/comprehensive-rules/"]
    ru, de, en = (data["pages"][i * per_language:(i + 1) * per_language] for i in range(3))
    assert len([p for p in ru if "/section/" in p]) == 4
    assert "/ru/berserk/corrections/" in ru and "/ru/berserk/glossary/" in ru
    assert all(f"/ru/berserk/corrections/{n}/" in ru for n in range(1, corrections + 1))
    assert de == ["/de/" + p.removeprefix("/ru/") for p in ru]
    assert en == ["/en/" + p.removeprefix("/ru/") for p in ru]
    assert data["homes"] == {code: f"/{code}/berserk/" for code in ("de", "ru", "en")}
    assert set(data["names"]) == {"de", "ru", "en"} and all(data["names"].values())
    assert client.get("/ru/no-such-game/offline.json").status_code == 404


@pytest.mark.django_db
def test_offline_state_changes_with_a_publication(client, seeded):
    before = client.get(reverse("offline_state")).json()["generation"]
    assert client.get(reverse("offline_state")).json()["generation"] == before
    from rulebook.caching.revision import bump
    bump()
    assert client.get(reverse("offline_state")).json()["generation"] != before


@pytest.mark.django_db
def test_offline_state_names_the_release(client):
    from rulebook.caching.conditional import release

    assert client.get(reverse("offline_state")).json()["release"] == release()


@pytest.mark.django_db
def test_offline_page_says_it_needs_a_connection(client):
    html = client.get("/de/offline/").content.decode()
    assert "Diese Seite braucht eine Verbindung" in html
    assert 'href="/de/offline/kept/"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language, text", [
    ("de", "Diese Seite wurde nicht zum Offline-Lesen gespeichert"),
    ("ru", "Эта страница не сохранена для чтения офлайн"),
    ("en", "This page was not kept for offline reading")])
def test_offline_page_of_a_page_not_kept_says_so_in_its_language(client, language, text):
    html = client.get(f"/{language}/offline/not-kept/").content.decode()
    assert f'<html lang="{language}">' in html and text in html
    assert f'href="/{language}/offline/kept/"' in html  # the kept pages
    assert "calculator" not in html.split('id="main"')[1].lower()  # it blames nothing else
    kept = client.get(f"/{language}/offline/kept/").content.decode()
    assert 'id="offline-kept"' in kept and 'data-kept-on="' in kept


@pytest.mark.parametrize("path", [
    BERSERK, BERSERK + "107.2/?as_of=2023-01-02", BERSERK + "section/107/side-by-side/?with=en",
    "/ru/search/?q=%D0%BA%D0%B0%D1%80%D1%82%D0%B0&game=berserk", "/en/calculator/",
    "/de/berserk/", "/de/no-such-game/"])
def test_language_links_are_the_translated_addresses(client, seeded, path):
    # The switcher swaps the language prefix instead of resolving the
    # address again (no URL pattern is translated): the same as translate_url.
    from django.urls import translate_url

    response = client.get(path)
    links = {link["code"]: link["url"] for link in response.context["language_links"]}
    assert links == {code: translate_url(path, code) for code in ("de", "ru", "en")}
    assert response.context["x_default_url"] == "http://testserver" + translate_url(path, "en")

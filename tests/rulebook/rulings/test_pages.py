"""Rulings where judges look: the clause page (as of dates before and after a
ruling), a ruling's own page in every language, the game's list."""

import datetime
import re

import pytest
from django.utils import timezone

from rulebook.models import Ruling
from rulebook.rulings import workflow
from tests.rulebook.rulings.conftest import RULING_DATE, make_draft, publish

CLAUSE = "/de/testspiel/regeln/1.1/"


def rulings_section(page: str) -> str:
    """The "Official rulings" section of a clause page ('' when there is none)."""
    found = re.search(r'<section class="official-rulings".*?</section>', page, re.S)
    return found.group(0) if found else ""


def test_clause_page_before_and_after_the_ruling_date(client, published_ruling):
    before = client.get(CLAUSE, {"as_of": "2021-08-31"}).content.decode()
    assert "official-rulings" not in before and "Darf man passen?" not in before
    on_the_day = client.get(CLAUSE, {"as_of": RULING_DATE.isoformat()}).content.decode()
    section = rulings_section(on_the_day)
    assert "Offizielle Regelentscheidungen zu dieser Regel" in section
    assert "Offizielle Regelentscheidung" in section
    assert 'href="/de/testspiel/rulings/1/"' in section
    assert "Testquelle (FAQ)" in section and "Frage 1" in section
    assert '<time datetime="2021-09-01">' in section
    assert "<p>Darf man passen?</p>" in section and "<p>Ja.</p>" in section
    # Not rule text: outside the clause's article and its text.
    article = re.search(r'<article class="clause.*?</article>', on_the_day, re.S).group(0)
    assert "Darf man passen?" not in article
    assert "<details" not in section  # nothing superseded


def test_ruling_given_on_an_older_version_says_so(client, published_ruling):
    today = client.get(CLAUSE).content.decode()  # version 3 is in force today
    assert "Gegeben zu Version 2 dieser Regel" in rulings_section(today)
    then = client.get(CLAUSE, {"as_of": "2021-10-01"}).content.decode()  # version 2
    assert "Gegeben zu Version" not in rulings_section(then)


def test_superseded_ruling_is_marked_and_collapsed(client, published_ruling, small_rulebook,
                                                   editor, publisher):
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 2, 1), question="Darf man passen?",
                               answer="Nein, nicht mehr."), editor, publisher)
    workflow.supersede_ruling(published_ruling, publisher, by=later, reason="Neue Antwort.")
    section = rulings_section(client.get(CLAUSE).content.decode())
    current, former = section.split("<details", 1)
    assert "Nein, nicht mehr." in current and 'href="/de/testspiel/rulings/2/"' in current
    assert "<p>Ja.</p>" not in current
    assert "Ersetzte oder zurückgezogene Entscheidungen (1)" in former
    assert "<p>Ja.</p>" in former and "ersetzt" in former and "Neue Antwort." in former
    assert 'href="/de/testspiel/rulings/2/"' in former  # the superseding ruling
    # Before the later ruling, the first one was current and alone.
    then = rulings_section(client.get(CLAUSE, {"as_of": "2022-12-31"}).content.decode())
    assert "<details" not in then and "<p>Ja.</p>" in then and "Nein, nicht mehr." not in then


def test_withdrawn_ruling_shows_as_current_before_its_withdrawal(client, published_ruling,
                                                                 publisher):
    workflow.withdraw_ruling(published_ruling, publisher, reason="Irrtum.",
                             date=datetime.date(2022, 6, 1))
    then = rulings_section(client.get(CLAUSE, {"as_of": "2022-05-31"}).content.decode())
    assert "<details" not in then and "zurückgezogen" not in then
    now = rulings_section(client.get(CLAUSE).content.decode())
    assert "<details" in now and "Vom Verlag zurückgezogen am" in now


@pytest.mark.parametrize("language, heading, label, note", [
    ("de", "Entscheidung 1 vom 01.09.2021", "Offizielle Regelentscheidung", None),
    ("ru", "Разъяснение 1 от 01.09.2021", "Официальное разъяснение",
     "Неофициальный перевод сайта"),
    ("en", "Ruling 1 of 01.09.2021", "Official ruling",
     "the site has no translation of it yet"),
])
def test_ruling_page_in_every_language(client, published_ruling, language, heading, label,
                                       note):
    Ruling.objects.filter(pk=published_ruling.pk).update(
        question_ru="Можно ли пасовать?", answer_ru="Да.")
    response = client.get(f"/{language}/testspiel/rulings/1/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f"<h1>{heading}</h1>" in page
    assert label in page
    assert 'href="/%s/testspiel/regeln/1.1/"' % language in page
    assert "#v2" in page  # the version interpreted, in the clause's history
    if language == "ru":
        assert 'lang="ru"><p>Да.</p>' in page
    else:
        assert 'lang="de"><p>Ja.</p>' in page
    if note:
        assert note in page


def test_ruling_addresses_that_name_nothing(client, draft_ruling, published_ruling):
    assert client.get("/de/testspiel/rulings/2/").status_code == 404  # no such number
    assert client.get("/de/testspiel/rulings/99999999999/").status_code == 404
    assert client.get("/de/anderes/rulings/1/").status_code == 404


def test_draft_is_nowhere(client, draft_ruling):
    assert "Darf man passen?" not in client.get(CLAUSE).content.decode()
    listing = client.get("/de/testspiel/rulings/").content.decode()
    assert "Darf man passen?" not in listing
    assert "keine offiziellen Regelentscheidungen" in listing


def test_game_page_links_the_rulings_once_there_are_any(client, draft_ruling, editor,
                                                        publisher):
    assert "/de/testspiel/rulings/" not in client.get("/de/testspiel/").content.decode()
    publish(draft_ruling, editor, publisher)
    assert 'href="/de/testspiel/rulings/"' in client.get("/de/testspiel/").content.decode()


def test_list_of_a_games_rulings(client, published_ruling):
    page = client.get("/en/testspiel/rulings/").content.decode()
    assert 'href="/en/testspiel/rulings/1/"' in page and "Darf man passen?" in page


def test_a_new_ruling_changes_the_clause_page_etag(client, draft_ruling, editor, publisher):
    first = client.get(CLAUSE)
    publish(draft_ruling, editor, publisher)
    second = client.get(CLAUSE, HTTP_IF_NONE_MATCH=first["ETag"])
    assert second.status_code == 200 and "Darf man passen?" in second.content.decode()


def test_sitemap_lists_published_rulings_only(client, published_ruling, small_rulebook, editor):
    make_draft(small_rulebook["game"], [small_rulebook["other"]], editor)  # not listed
    sitemap = client.get("/sitemap.xml").content.decode()
    for language in ("de", "ru", "en"):
        assert f"/{language}/testspiel/rulings/1/</loc>" in sitemap
        assert f"/{language}/testspiel/rulings/</loc>" in sitemap
    assert "/testspiel/rulings/2/" not in sitemap


def test_sitemap_dates_a_game_s_rulings_list_by_its_latest_ruling(
        client, published_ruling, small_rulebook, editor, publisher):
    from rulebook.rulings.sitemaps import RulingListSitemap, RulingSitemap

    later = publish(make_draft(small_rulebook["game"], [small_rulebook["other"]], editor,
                               question="Darf man tauschen?"), editor, publisher)
    published_ruling.refresh_from_db()
    later.refresh_from_db()
    assert later.published_at > published_ruling.published_at
    assert RulingListSitemap().lastmod(small_rulebook["game"]) == later.published_at
    assert RulingSitemap().lastmod(published_ruling) == published_ruling.published_at
    sitemap = client.get("/sitemap.xml").content.decode()
    day = later.published_at.astimezone(timezone.get_current_timezone()).date().isoformat()
    for language in ("de", "ru", "en"):
        assert (f"/{language}/testspiel/rulings/</loc><lastmod>{day}</lastmod>"
                in sitemap)

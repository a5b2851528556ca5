"""Atom feeds of corrections, the correction pages and the clause history."""

import xml.etree.ElementTree as ET

import pytest

ATOM = "{http://www.w3.org/2005/Atom}"


def parse_atom(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    root = ET.fromstring(response.content)
    assert root.tag == f"{ATOM}feed"
    return root


def assert_valid_atom(root):
    """The elements RFC 4287 requires of a feed and of each entry."""
    for name in ("id", "title", "updated"):
        assert root.find(f"{ATOM}{name}") is not None and root.find(f"{ATOM}{name}").text
    feed_author = root.find(f"{ATOM}author/{ATOM}name") is not None
    assert root.find(f"{ATOM}link[@rel='self']") is not None
    entries = root.findall(f"{ATOM}entry")
    for entry in entries:
        for name in ("id", "title", "updated"):
            assert entry.find(f"{ATOM}{name}").text
        assert entry.find(f"{ATOM}link[@rel='alternate']").get("href")
        assert feed_author or entry.find(f"{ATOM}author/{ATOM}name") is not None
    return entries


@pytest.mark.parametrize("url", ["/de/corrections/feed/", "/de/power-duell/corrections/feed/"])
def test_feed_is_atom_and_lists_the_power_duell_correction(client, seeded, url):
    entries = assert_valid_atom(parse_atom(client.get(url)))
    titles = [entry.find(f"{ATOM}title").text for entry in entries]
    assert any("Schutzgottkarten » negativ-positiv-Wirkung" in t and "25.01.2023" in t
               for t in titles), titles
    links = [entry.find(f"{ATOM}link").get("href") for entry in entries]
    assert any("/de/power-duell/corrections/" in link for link in links)


def test_game_feed_lists_only_that_game(client, seeded, small_rulebook):
    entries = assert_valid_atom(parse_atom(client.get("/en/testspiel/corrections/feed/")))
    titles = [entry.find(f"{ATOM}title").text for entry in entries]
    assert len(titles) == 2 and all(t.startswith("Test game: ") for t in titles)
    assert client.get("/en/no-such-game/corrections/feed/").status_code == 404


def test_drafts_are_not_in_the_feed_nor_public(client, draft_correction):
    root = parse_atom(client.get("/en/corrections/feed/"))
    assert "Korrektur Mai 2024" not in ET.tostring(root, encoding="unicode")
    assert client.get(f"/en/testspiel/corrections/{draft_correction.pk}/").status_code == 404


@pytest.mark.parametrize("url", ["/de/", "/ru/berserk/comprehensive-rules/107.2/",
                                 "/en/power-duell/corrections/"])
def test_every_page_announces_the_feed(client, seeded, url):
    html = client.get(url).content.decode()
    assert ('<link rel="alternate" type="application/atom+xml"' in html
            and 'href="/' + url.split("/")[1] + '/corrections/feed/"' in html)


def test_game_pages_announce_the_game_feed(client, seeded):
    html = client.get("/de/power-duell/schutzgottkarten/").content.decode()
    assert 'href="/de/power-duell/corrections/feed/"' in html


def test_power_duell_correction_page_and_history_never_invent_the_prior_text(client, seeded):
    from rulebook.models import Correction

    correction = Correction.objects.get(game__slug="power-duell")
    listing = client.get("/de/power-duell/corrections/").content.decode()
    assert f'href="/de/power-duell/corrections/{correction.number}/"' in listing
    html = client.get(f"/en/power-duell/corrections/{correction.number}/").content.decode()
    assert "Schutzgottkarten » negativ-positiv-Wirkung" in html
    assert html.count("The text before this correction is not available in the sources") == 5
    assert "<del>" not in html
    history = client.get("/en/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p3/"
                         "history/").content.decode()
    assert "The text before that correction is not available in the sources" in history
    assert "imported with the source" in history
    assert "<del>" not in history


def test_correction_list_is_newest_first(client, small_rulebook):
    html = client.get("/en/testspiel/corrections/").content.decode()
    assert html.index("Korrektur vom 15.03.2022") < html.index("Korrektur vom 01.06.2021")


def test_history_compares_any_two_versions_and_rejects_bad_choices(client, small_rulebook):
    base = "/en/testspiel/regeln/1.1/history/"
    default = client.get(base).content.decode()
    assert "Changes from version 2 to version 3" in default
    chosen = client.get(base + "?from=1&to=3").content.decode()
    assert "Changes from version 1 to version 3" in chosen
    assert "[-</span>Ein<span" in chosen and "[+</span>Jeder<span" in chosen
    assert "[-</span>zwei<span" in chosen and "[+</span>drei<span" in chosen
    bad = client.get(base + "?from=9&to=x")
    assert bad.status_code == 200
    assert "Choose two of the listed version numbers." in bad.content.decode()
    # each field's error named by its label, one after the other
    assert ("Compare version: Select a valid choice. 9 is not one of the available choices. "
            "with version: Select a valid choice. x is not one of the available choices."
            ) in bad.content.decode()
    assert client.get("/en/testspiel/regeln/9.9/history/").status_code == 404


def test_sitemap_lists_published_corrections(client, seeded):
    from rulebook.models import Correction

    number = Correction.objects.get(game__slug="power-duell").number
    assert f"/de/power-duell/corrections/{number}/" in client.get("/sitemap.xml").content.decode()


@pytest.mark.parametrize("url", ["/en/testspiel/corrections/99999999999999999999999/",
                                 "/en/testspiel/corrections/0/"])
def test_unknown_correction_ids_are_404(client, small_rulebook, url):
    assert client.get(url).status_code == 404


def test_admin_with_an_id_beyond_the_column_is_404(admin_client, small_rulebook):
    assert admin_client.get("/admin/rulebook/correction/99999999999999999999999/preview/"
                            ).status_code == 404


def test_a_correction_imported_with_its_source_is_dated_by_its_effective_date(client, seeded):
    """The 25.01.2023 correction came with the source page: a fresh install
    must not announce it as news of the import day."""
    (entry,) = parse_atom(client.get("/en/power-duell/corrections/feed/")).findall(f"{ATOM}entry")
    assert entry.find(f"{ATOM}published").text.startswith("2023-01-25T00:00:00")
    assert entry.find(f"{ATOM}updated").text.startswith("2023-01-25T00:00:00")


def _published_correction(small_rulebook, publisher, published_days_ago, effective_in_days):
    """A correction published on the site ``published_days_ago`` days ago,
    in force from today + ``effective_in_days`` (negative: in the past)."""
    import datetime

    from django.utils import timezone

    from rulebook.models import Correction

    return Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Neue Korrektur",
        effective_date=timezone.localdate() + datetime.timedelta(days=effective_in_days),
        published_at=timezone.now() - datetime.timedelta(days=published_days_ago),
        published_by=publisher)


def _entry(client, number):
    root = parse_atom(client.get("/en/testspiel/corrections/feed/"))
    (entry,) = [entry for entry in root.findall(f"{ATOM}entry")
                if entry.find(f"{ATOM}id").text.endswith(f"/corrections/{number}")]
    return root, entry


@pytest.mark.parametrize("effective_in_days", [-1200, 5])
def test_a_correction_is_news_when_it_is_published_whatever_its_effective_date(
        client, small_rulebook, publisher, effective_in_days):
    from datetime import datetime

    correction = _published_correction(small_rulebook, publisher, 2, effective_in_days)
    root, entry = _entry(client, correction.number)
    for element in (entry.find(f"{ATOM}published"), entry.find(f"{ATOM}updated")):
        assert datetime.fromisoformat(element.text) == correction.published_at
    # Not older than the newest entry (the fixture's corrections, published now).
    assert datetime.fromisoformat(root.find(f"{ATOM}updated").text) >= correction.published_at
    # The effective date is stated in the entry.
    content = entry.find(f"{ATOM}summary").text
    assert f'<time datetime="{correction.effective_date.isoformat()}">' in content


def test_an_announced_correction_is_news_again_when_it_comes_into_force(
        client, small_rulebook, publisher):
    correction = _published_correction(small_rulebook, publisher, 10, -3)
    _root, entry = _entry(client, correction.number)
    from datetime import datetime

    from rulebook.reading.lastmod import start_of

    updated = datetime.fromisoformat(entry.find(f"{ATOM}updated").text)
    assert updated == start_of(correction.effective_date)
    assert datetime.fromisoformat(entry.find(f"{ATOM}published").text) == correction.published_at


@pytest.mark.parametrize("url", ["/en/corrections/feed/", "/de/power-duell/corrections/feed/",
                                 "/ru/berserk/corrections/feed/"])
def test_every_feed_has_validators_and_a_short_cache_lifetime(client, seeded, url):
    from django.utils.http import parse_http_date

    response = client.get(url)
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=300"
    assert response["ETag"].startswith('"') and len(response["ETag"]) == 34
    updated = ET.fromstring(response.content).find(f"{ATOM}updated").text
    import datetime

    assert (datetime.datetime.fromtimestamp(parse_http_date(response["Last-Modified"]),
                                            datetime.timezone.utc)
            == datetime.datetime.fromisoformat(updated).replace(microsecond=0))
    again = client.get(url, HTTP_IF_NONE_MATCH=response["ETag"])
    assert again.status_code == 304 and again["ETag"] == response["ETag"]
    assert again["Cache-Control"] == "public, max-age=300"


def test_an_empty_feed_is_dated_by_its_game_and_the_same_on_every_fetch(client, seeded):
    import datetime

    from rulebook.models import Game
    from rulebook.reading.lastmod import LastChanges

    first = client.get("/en/berserk/corrections/feed/")
    second = client.get("/en/berserk/corrections/feed/")
    root = parse_atom(first)
    assert root.findall(f"{ATOM}entry") == []
    assert first.content == second.content and first["ETag"] == second["ETag"]
    game = Game.objects.get(slug="berserk")
    assert (datetime.datetime.fromisoformat(root.find(f"{ATOM}updated").text)
            == LastChanges.load().games[game.pk])

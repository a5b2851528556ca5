"""The Atom feed of a game's official rulings (made up for the tests: the site ships none)."""

from __future__ import annotations

import datetime
import xml.etree.ElementTree as ET

from django.test import override_settings
from django.utils.http import http_date

from tests.rulebook.rulings.conftest import make_draft, publish
from tests.rulebook.test_feeds import ATOM, assert_valid_atom, parse_atom

FEED = "/de/testspiel/rulings/feed/"


def test_feed_lists_the_published_ruling_with_its_source_texts_and_clauses(
        client, published_ruling, draft_ruling):
    entries = assert_valid_atom(parse_atom(client.get(FEED)))
    assert len(entries) == 1  # the draft is not in it
    entry = entries[0]
    assert entry.find(f"{ATOM}title").text == (
        "Offizielle Regelentscheidung 1 vom 01.09.2021: Testquelle (FAQ)")
    assert entry.find(f"{ATOM}id").text == "tag:rules-reference.invalid,2026:testspiel/rulings/1"
    assert entry.find(f"{ATOM}link").get("href") == "http://testserver/de/testspiel/rulings/1/"
    published = published_ruling.published_at
    for name in ("updated", "published"):
        assert datetime.datetime.fromisoformat(entry.find(f"{ATOM}{name}").text) == published
    content = entry.find(f"{ATOM}summary").text
    assert '<blockquote lang="de"><p>Darf man passen?</p></blockquote>' in content
    assert '<blockquote lang="de"><p>Ja.</p></blockquote>' in content
    assert "Frage 1" in content and 'datetime="2021-09-01"' in content
    assert "Ausgelegte Regeln: 1.1 (Fassung 2)" in content


def test_feed_headers_and_conditional_get(client, published_ruling):
    response = client.get(FEED)
    assert response["Last-Modified"] == http_date(published_ruling.published_at.timestamp())
    assert "max-age=300" in response["Cache-Control"] and response["ETag"]
    again = client.get(FEED, headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304
    assert client.get(FEED, headers={
        "If-Modified-Since": response["Last-Modified"]}).status_code == 304


@override_settings(RULEBOOK_TAG_AUTHORITY="example.org,2030")
def test_ids_are_tags_of_the_configured_authority(client, published_ruling):
    root = parse_atom(client.get("/en/testspiel/rulings/feed/"))
    assert root.find(f"{ATOM}id").text == "tag:example.org,2030:en/testspiel/rulings"
    assert root.find(f"{ATOM}entry/{ATOM}id").text == "tag:example.org,2030:testspiel/rulings/1"
    assert root.find(f"{ATOM}entry/{ATOM}title").text.startswith("Official ruling 1 of ")


def test_newest_publication_first_and_an_empty_feed_is_stable(client, small_rulebook, editor,
                                                             publisher):
    first = client.get(FEED)
    assert assert_valid_atom(parse_atom(first)) == []
    assert client.get(FEED).content == first.content
    game, clause = small_rulebook["game"], small_rulebook["clause"]
    publish(make_draft(game, [clause], editor), editor, publisher)
    publish(make_draft(game, [clause], editor, kind="faq",
                       date=datetime.date(2020, 5, 1)), editor, publisher)
    entries = parse_atom(client.get(FEED)).findall(f"{ATOM}entry")
    assert [e.find(f"{ATOM}id").text.rsplit("/", 1)[1] for e in entries] == ["2", "1"]
    assert entries[0].find(f"{ATOM}title").text.startswith("Offizieller FAQ-Eintrag 2 vom ")


def test_the_rulings_page_announces_the_feed_and_an_unknown_game_is_404(client,
                                                                         published_ruling):
    html = client.get("/ru/testspiel/rulings/").content.decode()
    assert ('<link rel="alternate" type="application/atom+xml" title="'
            in html and 'href="/ru/testspiel/rulings/feed/"' in html)
    assert client.get("/de/nichts/rulings/feed/").status_code == 404
    root = parse_atom(client.get("/ru/testspiel/rulings/feed/"))
    assert ET.tostring(root, encoding="unicode").count("<ns0:entry>") == 1

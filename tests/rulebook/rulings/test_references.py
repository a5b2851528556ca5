"""Clause references in a ruling's question and answer (``[[1.2]]``) are links, as in
clause text, on the ruling's page, the game's list and the clause page (issue 26); the
markup is never shown raw.

The rulings here are made up for the tests: the site ships none."""

import re

from tests.rulebook.rulings.conftest import make_draft, publish

LINK = '<a class="reference" href="/de/testspiel/regeln/1.2/"'


def _answer(page: str) -> str:
    return re.search(r'<dt>Antwort</dt><dd lang="de">(.*?)</dd>', page, re.S).group(1)


def test_a_clause_reference_in_the_answer_is_a_link(client, small_rulebook, editor,
                                                    publisher):
    publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                       question="Gilt [[1.1]] auch beim Passen?",
                       answer="Ja, siehe [[1.2]] und [[9.9]]."), editor, publisher)
    for address in ("/de/testspiel/rulings/1/", "/de/testspiel/rulings/",
                    "/de/testspiel/regeln/1.1/"):
        page = client.get(address).content.decode()
        answer = _answer(page)
        assert "[[" not in answer and "]]" not in answer, address
        assert answer.count('href="/de/testspiel/regeln/1.2/"') == 1, address
        assert "9.9" in answer and 'href="/de/testspiel/regeln/9.9/"' not in answer
        assert "[[1.1]]" not in page


def test_the_feed_shows_a_clause_reference_by_its_label(client, small_rulebook, editor,
                                                        publisher):
    publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                       question="Gilt [[1.1]] auch beim Passen?",
                       answer="Ja, siehe [[1.2|Regel 1.2]]."), editor, publisher)
    feed = client.get("/de/testspiel/rulings/feed/").content.decode()
    assert "[[" not in feed and "]]" not in feed
    assert "Gilt 1.1 auch beim Passen?" in feed and "Ja, siehe Regel 1.2." in feed

"""A correction effective on the earliest date there is (0001-01-01) is published
and shown like any other.

The admin takes any date as a correction's effective date.  A correction
effective 0001-01-01 replacing a version whose date is unknown (as the first
imports' are) ended the old version on ``date.min``; the search index asked
for the heading "the day before" that and the publication answered 500
(``OverflowError``), as the correction page's "the day before" did.
"""

from __future__ import annotations

import datetime

from rulebook.models import Clause, ClauseVersion, Correction
from tests.rulebook.conftest import publish_through_workflow


def test_a_correction_effective_on_the_earliest_date_is_published_and_shown(
        client, small_rulebook, editor, publisher):
    game, section = small_rulebook["game"], small_rulebook["section"]
    stamp = small_rulebook["versions"][0].published_at
    undated = Clause.objects.create(document=small_rulebook["document"], section=section,
                                    key="1.3", position=0)  # first: carries the heading
    ClauseVersion.objects.create(clause=undated, number=1, text_de="Ohne Datum.",
                                 effective_date=None, published_at=stamp)
    correction = Correction.objects.create(game=game, language="de", title_de="Uralt",
                                           effective_date=datetime.date.min, created_by=editor)
    publish_through_workflow(correction, undated, editor, publisher, text_de="Seit jeher so.")
    assert correction.is_published
    for path in (correction.get_absolute_url(), "/de/testspiel/regeln/1.3/",
                 "/de/testspiel/regeln/1.3/history/", "/de/search/?q=jeher"):
        response = client.get(path)
        assert response.status_code == 200, path
    assert "Seit jeher so." in client.get("/de/testspiel/regeln/1.3/").content.decode()

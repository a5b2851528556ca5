"""Fixtures of the rulings tests: draft and published rulings on the small rulebook.

The rulings here are made up for the tests: the site ships none.
"""

import datetime

import pytest

from rulebook.models import Ruling, RulingClause
from rulebook.rulings import workflow

RULING_DATE = datetime.date(2021, 9, 1)  # between versions 2 (D2) and 3 (D3) of clause 1.1


def make_draft(game, clauses, editor, *, date=RULING_DATE, question="Darf man passen?",
               answer="Ja.", **extra) -> Ruling:
    """A draft ruling in German on ``clauses``."""
    ruling = Ruling.objects.create(
        game=game, source_title="Testquelle (FAQ)", source_date=date, language="de",
        source_url="https://example.org/faq", source_citation="Frage 1",
        question_de=question, answer_de=answer, created_by=editor, **extra)
    for position, clause in enumerate(clauses):
        RulingClause.objects.create(ruling=ruling, clause=clause, position=position)
    return ruling


def publish(ruling, editor, publisher) -> Ruling:
    """Submit (as ``editor``) and publish (as ``publisher``)."""
    workflow.submit_ruling(ruling, editor)
    return workflow.publish_ruling(ruling, publisher)


@pytest.fixture
def draft_ruling(small_rulebook, editor):
    """A draft ruling of RULING_DATE on clause 1.1."""
    return make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor)


@pytest.fixture
def published_ruling(draft_ruling, editor, publisher):
    """The draft ruling, published (number 1)."""
    return publish(draft_ruling, editor, publisher)

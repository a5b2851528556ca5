"""The ruling record: its numbers, the versions it interprets, its status over time."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from rulebook.models import Ruling, RulingClause
from rulebook.rulings import workflow
from tests.rulebook.conftest import D3
from tests.rulebook.rulings.conftest import RULING_DATE, make_draft, publish


def test_published_ruling_has_number_and_interpreted_version(published_ruling, small_rulebook):
    assert published_ruling.number == 1
    link = published_ruling.interpretations.get()
    # 2021-09-01 lies between version 2 (2021-06-01) and version 3 (2022-03-15).
    assert link.version == small_rulebook["versions"][1]
    assert link.version.number == 2
    assert published_ruling.get_absolute_url() == "/en/testspiel/rulings/1/"


def test_numbers_count_per_game_and_drafts_have_none(published_ruling, small_rulebook, editor,
                                                     publisher):
    second = make_draft(small_rulebook["game"], [small_rulebook["other"]], editor,
                        date=datetime.date(2023, 1, 1))
    assert second.number is None
    second = publish(second, editor, publisher)
    assert second.number == 2
    assert workflow.next_ruling_number(small_rulebook["game"].pk) == 3
    assert list(Ruling.objects.on_clause(small_rulebook["other"]).values_list(
        "number", flat=True)) == [2]


def test_on_clause_respects_the_date(published_ruling, small_rulebook):
    clause = small_rulebook["clause"]
    assert list(Ruling.objects.on_clause(clause, RULING_DATE - datetime.timedelta(days=1))) == []
    assert list(Ruling.objects.on_clause(clause, RULING_DATE)) == [published_ruling]


def test_drafts_are_not_on_the_clause(draft_ruling, small_rulebook):
    assert list(Ruling.objects.on_clause(small_rulebook["clause"])) == []


def test_status_on_a_date(published_ruling, small_rulebook, publisher):
    ruling = workflow.withdraw_ruling(published_ruling, publisher, reason="Irrtum.",
                                      date=datetime.date(2022, 1, 1))
    assert ruling.status == Ruling.WITHDRAWN
    assert ruling.status_on(datetime.date(2021, 12, 31)) == Ruling.CURRENT
    assert ruling.status_on(datetime.date(2022, 1, 1)) == Ruling.WITHDRAWN


def test_question_falls_back_to_the_original(published_ruling):
    question = published_ruling.question_in("ru")
    assert (question.text, question.language, question.is_fallback) == (
        "Darf man passen?", "de", True)


def test_status_must_be_consistent(draft_ruling):
    with pytest.raises(IntegrityError), transaction.atomic():
        Ruling.objects.filter(pk=draft_ruling.pk).update(status=Ruling.SUPERSEDED)


def test_a_clause_once_per_ruling(draft_ruling, small_rulebook):
    with pytest.raises(IntegrityError), transaction.atomic():
        RulingClause.objects.create(ruling=draft_ruling, clause=small_rulebook["clause"])


def test_version_in_force_on_a_later_date(small_rulebook, editor, publisher):
    ruling = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                                date=D3), editor, publisher)
    assert ruling.interpretations.get().version.number == 3

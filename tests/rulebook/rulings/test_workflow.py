"""The rulings' workflow: draft → submitted → published, revision checks, the
second-person rule, superseding and withdrawing."""

import datetime

import pytest
from django.contrib.admin.models import LogEntry
from django.core.exceptions import PermissionDenied

from rulebook.models import Ruling, RulingClause
from rulebook.rulings import workflow
from rulebook.versioning.publishing import StaleDraftError, WorkflowError
from tests.rulebook.rulings.conftest import make_draft, publish


def test_publishing_needs_submission_and_a_publisher(draft_ruling, editor, publisher):
    with pytest.raises(WorkflowError, match="not been submitted"):
        workflow.publish_ruling(draft_ruling, publisher)
    workflow.submit_ruling(draft_ruling, editor)
    with pytest.raises(PermissionDenied):
        workflow.publish_ruling(draft_ruling, editor)
    ruling = workflow.publish_ruling(draft_ruling, publisher)
    assert (ruling.number, ruling.published_by, ruling.workflow_state()) == (
        1, publisher, "published")
    with pytest.raises(WorkflowError, match="already published"):
        workflow.publish_ruling(ruling, publisher)
    assert LogEntry.objects.filter(object_id=str(ruling.pk)).count() == 2  # submit, publish


def test_a_change_after_submission_returns_to_draft(draft_ruling, editor, publisher,
                                                     small_rulebook):
    workflow.submit_ruling(draft_ruling, editor)
    ruling = Ruling.objects.get(pk=draft_ruling.pk)
    ruling.answer_de = "Nein."
    workflow.save_ruling(ruling, ruling.revision)
    assert Ruling.objects.get(pk=ruling.pk).workflow_state() == "draft"
    workflow.submit_ruling(ruling, editor)
    RulingClause.objects.create(ruling=ruling, clause=small_rulebook["other"], position=2)
    assert Ruling.objects.get(pk=ruling.pk).submitted_at is None
    with pytest.raises(WorkflowError):
        workflow.publish_ruling(ruling, publisher)


def test_a_stale_form_is_refused(draft_ruling):
    first = Ruling.objects.get(pk=draft_ruling.pk)
    second = Ruling.objects.get(pk=draft_ruling.pk)
    first.answer_de = "Erste Antwort."
    workflow.save_ruling(first, 1)
    second.answer_de = "Zweite Antwort."
    with pytest.raises(StaleDraftError, match="revision 1.*revision 2"):
        workflow.save_ruling(second, 1)
    stored = Ruling.objects.get(pk=draft_ruling.pk)
    assert (stored.answer_de, stored.revision) == ("Erste Antwort.", 2)


def test_second_person_rule_when_configured(draft_ruling, publisher, settings):
    settings.RULEBOOK_SECOND_PERSON = True
    workflow.submit_ruling(draft_ruling, publisher)
    with pytest.raises(WorkflowError, match="second person"):
        workflow.publish_ruling(draft_ruling, publisher)
    settings.RULEBOOK_SECOND_PERSON = False
    assert workflow.publish_ruling(draft_ruling, publisher).number == 1


def test_submission_needs_clauses_of_the_game_and_the_original_text(small_rulebook, editor):
    empty = make_draft(small_rulebook["game"], [], editor)
    with pytest.raises(WorkflowError, match="at least one clause"):
        workflow.submit_ruling(empty, editor)
    untranslated = make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                              question="", question_en="May one pass?")
    with pytest.raises(WorkflowError, match="original"):
        workflow.submit_ruling(untranslated, editor)


def test_a_clause_without_text_on_the_date_is_refused(small_rulebook, editor, publisher):
    early = make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                       date=datetime.date(2019, 1, 1))
    workflow.submit_ruling(early, editor)
    with pytest.raises(WorkflowError, match="no published text in force"):
        workflow.publish_ruling(early, publisher)
    assert Ruling.objects.get(pk=early.pk).number is None


def test_supersede_by_a_later_ruling(published_ruling, small_rulebook, editor, publisher):
    later = publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor,
                               date=datetime.date(2023, 2, 1), answer="Nein."),
                    editor, publisher)
    with pytest.raises(WorkflowError, match="reason"):
        workflow.supersede_ruling(published_ruling, publisher, by=later, reason=" ")
    with pytest.raises(PermissionDenied):
        workflow.supersede_ruling(published_ruling, editor, by=later, reason="Neu.")
    old = workflow.supersede_ruling(published_ruling, publisher, by=later,
                                    reason="Neue Antwort.")
    assert (old.status, old.status_date, old.superseded_by) == (
        "superseded", datetime.date(2023, 2, 1), later)
    with pytest.raises(WorkflowError, match="already"):
        workflow.withdraw_ruling(old, publisher, reason="Doppelt.")


def test_supersede_by_a_correction(published_ruling, small_rulebook, publisher):
    correction = small_rulebook["corrections"][1]  # in force 2022-03-15
    old = workflow.supersede_ruling(published_ruling, publisher, correction=correction,
                                    reason="Die Regel wurde geändert.")
    assert (old.status, old.status_date, old.superseded_by_correction) == (
        "superseded", correction.effective_date, correction)


def test_a_draft_cannot_be_superseded_or_supersede(draft_ruling, published_ruling,
                                                   small_rulebook, editor, publisher):
    other_draft = make_draft(small_rulebook["game"], [small_rulebook["other"]], editor)
    with pytest.raises(WorkflowError):
        workflow.supersede_ruling(published_ruling, publisher, by=other_draft, reason="x")
    with pytest.raises(WorkflowError):
        workflow.supersede_ruling(published_ruling, publisher, by=published_ruling,
                                  reason="x")
    with pytest.raises(WorkflowError, match="Only a published"):
        workflow.withdraw_ruling(other_draft, publisher, reason="x")

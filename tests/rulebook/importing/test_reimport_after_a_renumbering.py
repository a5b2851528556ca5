"""A source page imported again after a correction renumbered one of its clauses (a
breaker's table: ``make run`` made a new, empty clause under the old key, which took over its
address, and a draft "Source page changed" proposed it as added): the importer finds the
renumbered clause by the key the page still prints (``ClauseQuerySet.by_address``)."""

import datetime

from django.utils import timezone

from rulebook.importing import import_source
from rulebook.models import Clause, ClauseVersion, Correction
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction,
)

OLD = "только в подфазу Выбора Главной фазы его хода."
NEW = "только в подфазу Выбора Главной фазы своего хода."


def _renumber(clause, key, editor, publisher):
    correction = Correction.objects.create(game=clause.document.game, language="ru",
                                           title_ru="Перенумерация",
                                           effective_date=timezone.localdate(),
                                           created_by=editor)
    draft = propose_version(correction, clause, editor)
    draft.key = draft.label = key
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    clause.refresh_from_db()
    return clause


def test_an_unchanged_page_changes_nothing_after_a_renumbering(seeded, sources, editor,
                                                               publisher, client):
    clause = _renumber(Clause.objects.get(key="107.2"), "107.9", editor, publisher)
    clauses, versions = Clause.objects.count(), ClauseVersion.objects.count()
    report = import_source(sources["berserk/comprehensive-rules"])
    assert (report.created_clauses, report.correction, report.drafted) == (0, None, 0)
    assert report.missing_from_source == []
    assert (Clause.objects.count(), ClauseVersion.objects.count()) == (clauses, versions)
    assert not Clause.objects.filter(document=clause.document, key="107.2").exists()
    # the old address still leads to the renumbered clause
    response = client.get("/ru/berserk/comprehensive-rules/107.2/history/")
    assert response.status_code == 301
    assert response["Location"] == "/ru/berserk/comprehensive-rules/107.9/history/"


def test_a_changed_text_is_proposed_for_the_renumbered_clause_under_its_new_key(
        seeded, sources, editor, publisher):
    clause = _renumber(Clause.objects.get(key="107.2"), "107.9", editor, publisher)
    spec = sources["berserk/comprehensive-rules"]
    raw = spec.path().read_text(encoding="utf-8")
    report = import_source(spec, raw.replace(OLD, NEW))
    assert (report.created_clauses, report.drafted) == (0, 1)
    draft = ClauseVersion.objects.drafts().get()
    assert draft.clause_id == clause.pk and draft.text_ru.endswith(NEW)
    assert draft.key == "107.9"  # the draft does not undo the renumbering


def test_the_admin_preview_counts_the_renumbered_clause_as_existing(seeded, sources, editor,
                                                                    publisher):
    from rulebook.importing.admin import _preview_context
    from rulebook.importing import preview_source

    _renumber(Clause.objects.get(key="107.2"), "107.9", editor, publisher)
    spec = sources["berserk/comprehensive-rules"]
    context = _preview_context(spec, preview_source(spec, spec.path().read_text("utf-8")))
    assert context["new_clauses"] == 0

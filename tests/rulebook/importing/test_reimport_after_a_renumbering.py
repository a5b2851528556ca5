"""A source page imported again after a correction renumbered one of its clauses (a
breaker's table: ``make run`` made a new, empty clause under the old key, which took over its
address, and a draft "Source page changed" proposed it as added): the importer finds the
renumbered clause by the key the page still prints (``ClauseQuerySet.by_address``)."""

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


NEW_RULE = "106.4. Новое правило, вставленное издателем."


def _inserted(raw: str, moved_text: str | None = None) -> str:
    """The source page with a new 106.4 inserted and the old 106.4 printed as 106.5
    (with ``moved_text`` instead of its text, if given)."""
    old = next(line for line in raw.splitlines() if line.startswith("106.4. "))
    moved = "106.5. " + (moved_text or old.removeprefix("106.4. "))
    return raw.replace(old, NEW_RULE + "\n\n" + moved)


def test_a_clause_inserted_at_the_old_number_is_not_read_as_the_renumbered_one(
        seeded, sources, editor, publisher, client):
    """The publisher inserted a new 106.4 and the page prints the old one as 106.5, as a
    correction renumbered it: the old key named the renumbered clause too, and the new
    rule's text was proposed as its next version (a breaker's table).  The new clause is
    a draft: until it is published, the old addresses still lead to the renumbered one."""
    moved = _renumber(Clause.objects.get(key="106.4"), "106.5", editor, publisher)
    spec = sources["berserk/comprehensive-rules"]
    old = ["/ru/berserk/comprehensive-rules/106.4/" + s
           for s in ("", "history/", "side-by-side/?with=en")]
    report = import_source(spec, _inserted(spec.path().read_text(encoding="utf-8")))
    for path in old:
        response = client.get(path)
        assert response.status_code == 301 and "/106.5/" in response["Location"], path
    assert report.created_clauses == 1 and report.drafted == 1
    (draft,) = ClauseVersion.objects.drafts()
    assert draft.clause_id != moved.pk and draft.clause.key == "106.4"
    assert draft.text_ru.startswith("Новое правило")
    assert not moved.versions.drafts().exists()


def test_an_inserted_clause_and_a_changed_renumbered_one_are_two_drafts(
        seeded, sources, editor, publisher):
    """As above, with the moved rule's text changed too: the import failed on a unique
    constraint (two drafts of one clause in one correction) and 'make run' with it."""
    moved = _renumber(Clause.objects.get(key="106.4"), "106.5", editor, publisher)
    spec = sources["berserk/comprehensive-rules"]
    report = import_source(spec, _inserted(spec.path().read_text(encoding="utf-8"),
                                           "Изменённый текст подтипа."))
    assert report.drafted == 2
    by_key = {d.clause.key: d for d in ClauseVersion.objects.drafts().select_related("clause")}
    assert by_key["106.5"].clause_id == moved.pk
    assert by_key["106.5"].text_ru.startswith("Изменённый текст")
    assert by_key["106.4"].text_ru.startswith("Новое правило")


def test_the_sites_translations_find_a_renumbered_clause_by_its_old_key(
        seeded, sources, editor, publisher):
    """`make run` loads the site's translations, keyed as the source prints the clauses:
    after a renumbering it reported the clause "unknown" (a breaker's table)."""
    from rulebook.importing.translations import load_translations_of

    _renumber(Clause.objects.get(key="107.2"), "107.9", editor, publisher)
    report = load_translations_of("berserk", "comprehensive-rules")
    assert not [name for name in report.unknown if name.endswith(":107.2")]

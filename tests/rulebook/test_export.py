"""Export to JSON and Markdown; restoring the JSON into an empty database.

These tests flush the database (transactional), which also shows that
``flush`` works although published versions are guarded by triggers.
"""

import datetime
import io
import json

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from rulebook.versioning.exporting import RestoreError, export_game, export_markdown, restore_game
from rulebook.importing import import_source, load_manifest
from rulebook.models import (
    ClauseVersion, Correction, Game, GlossaryTerm, Ruling, RulingDecision, StructureChange,
)
from rulebook.rulings.workflow import supersede_ruling
from tests.rulebook.rulings.conftest import make_draft, publish as publish_ruling_as
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction, update_translation,
)


def seed_and_publish(publisher, editor):
    for spec in load_manifest():
        import_source(spec)
    game = Game.objects.get(slug="power-duell")
    clause = game.documents.get().clauses.get(key="1.2.4.kartenaufbau.p2")
    correction = Correction.objects.create(game=game, language="de", title_de="Klarstellung",
                                           title_en="Clarification", summary_de="Feld A.",
                                           effective_date=datetime.date(2024, 2, 1))
    draft = propose_version(correction, clause, editor)
    draft.text_de = draft.text_de.replace("aktiviert", "ausgespielt")
    draft.text_en = "Guardian god cards are played on the guardian god field (FIELD A)."
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    repeal = Correction.objects.create(game=game, language="de", title_de="Streichung",
                                       effective_date=datetime.date(2024, 3, 1))
    propose_version(repeal, game.documents.get().clauses.get(key="1.2.4.kartenaufbau.p3"),
                    editor, repeal=True)
    submit_correction(repeal, editor)
    publish_correction(repeal, publisher)
    version = ClauseVersion.objects.get(clause__key="1.2.4.kartenaufbau.p1", number=1)
    update_translation(version, "ru", text="Основные атрибуты.", title="", user=editor)
    return game


#: Public pages of the game, compared byte for byte before the export and after the restore.
PUBLIC_PAGES = ["/{lang}/power-duell/", "/{lang}/power-duell/schutzgottkarten/",
                "/{lang}/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p2/",
                "/{lang}/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p2/history/",
                "/{lang}/power-duell/corrections/", "/{lang}/power-duell/corrections/2/",
                "/{lang}/power-duell/glossary/", "/{lang}/power-duell/corrections/feed/",
                "/{lang}/power-duell/rulings/", "/{lang}/power-duell/rulings/1/",
                "/{lang}/power-duell/rulings/2/",
                "/{lang}/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p1/"]


def add_drafts(game, editor) -> dict[str, str]:
    """Unpublished work: a submitted correction with a typed text and translation, a draft
    correction renaming a section, a draft ruling deciding an open point; the typed texts."""
    document = game.documents.get()
    submitted = Correction.objects.create(game=game, language="de", title_de="Entwurf",
                                          summary_ru="Черновик.", created_by=editor,
                                          effective_date=datetime.date(2025, 6, 1))
    draft = propose_version(submitted, document.clauses.get(key="1.2.4.kartenaufbau.p1"),
                            editor)
    draft.text_de, draft.text_ru = "Getippter Entwurfstext.", "Набранный перевод."
    draft.save()
    submit_correction(submitted, editor)
    renaming = Correction.objects.create(game=game, language="de", title_de="Umbenennung",
                                         created_by=editor,
                                         effective_date=datetime.date(2025, 7, 1))
    StructureChange.objects.create(correction=renaming, section=document.sections.first(),
                                   name_de="Neuer Abschnittsname")
    ruling = make_draft(game, [document.clauses.get(key="1.2.4.kartenaufbau.p2")], editor,
                        question="Getippte Frage?", answer="Getippte Antwort.")
    RulingDecision.objects.create(ruling=ruling, point="np-defending", reading="attacker")
    return {"text": draft.text_de, "translation": draft.text_ru, "name": "Neuer Abschnittsname",
            "question": ruling.question_de}


def check_drafts(game, typed: dict[str, str]) -> None:
    """The restored drafts hold what was typed, with their workflow state; nothing of them
    is published."""
    submitted, renaming = game.corrections.filter(published_at__isnull=True).order_by(
        "created_at")
    assert submitted.status() == "submitted" and submitted.submitted_by.username == "erika"
    (version,) = submitted.versions.all()
    assert (version.text_de, version.text_ru) == (typed["text"], typed["translation"])
    assert version.published_at is None and submitted.summary_ru == "Черновик."
    assert renaming.status() == "draft" and renaming.structure_changes.get().name_de == \
        typed["name"]
    (ruling,) = Ruling.objects.drafts().filter(game=game)
    assert ruling.question_de == typed["question"] and ruling.number is None
    assert list(ruling.decisions.values_list("point", "reading")) == [
        ("np-defending", "attacker")]
    assert ruling.created_by.username == "erika"


def public_pages(client) -> dict[str, bytes]:
    from rulebook.caching.process import ProcessIndex

    cache.clear()  # a restored database counts its revisions from the start again
    ProcessIndex.clear_all()
    pages = {}
    for lang in ("de", "ru", "en"):
        for pattern in PUBLIC_PAGES:
            response = client.get(pattern.format(lang=lang))
            assert response.status_code == 200, pattern.format(lang=lang)
            pages[pattern.format(lang=lang)] = response.content
    return pages


@pytest.mark.django_db(transaction=True)
def test_export_then_import_into_an_empty_database_gives_an_identical_rulebook(
        editor, publisher, tmp_path, client):
    game = seed_and_publish(publisher, editor)
    clause = game.documents.get().clauses.get(key="1.2.4.kartenaufbau.p1")
    term = GlossaryTerm.objects.create(
        game=game, slug="schutzgottkarte", language="de", term_de="Schutzgottkarte",
        term_ru="карта бога-хранителя", definition_en="A card placed on field A.",
        variants_de="Schutzgottkarten\nSchutzgott-Karte", clause=clause, position=3)
    GlossaryTerm.objects.create(game=game, slug="feld-a", language="de", term_de="Feld A")
    # Two official rulings (made up for the test), the first superseded by the second.
    first = make_draft(game, [clause], editor, date=datetime.date(2024, 1, 10),
                       question="Zählt FELD A als Spielfeld?", answer="Nein.")
    first.question_ru = "Считается ли поле A игровым полем?"
    first.save()
    first = publish_ruling_as(first, editor, publisher)
    second = make_draft(
        game, [clause, game.documents.get().clauses.get(key="1.2.4.kartenaufbau.p2")], editor,
        date=datetime.date(2024, 3, 5), question="Zählt FELD A als Spielfeld?",
        answer="Ja, seit der Klarstellung.")
    # it decides an open point of the calculator (rulebook.calculator.decisions)
    RulingDecision.objects.create(ruling=second, point="np-defending", reading="self")
    second = publish_ruling_as(second, editor, publisher)
    supersede_ruling(first, publisher, by=second, reason="Neue Antwort nach der Klarstellung.")
    term.term_en = "guardian god card"
    term.save()  # an edit made in the admin
    typed = add_drafts(game, editor)
    exported = export_game(game)
    assert export_game(game, datetime.date(2030, 1, 1)).get("drafts") is None
    assert exported["glossary"][1] == {
        "slug": "schutzgottkarte", "language": "de", "position": 3,
        "term": {"de": "Schutzgottkarte", "ru": "карта бога-хранителя",
                 "en": "guardian god card"},
        "definition": {"de": "", "ru": "", "en": "A card placed on field A."},
        "variants": {"de": "Schutzgottkarten\nSchutzgott-Karte", "ru": "", "en": ""},
        "clause": {"document": "schutzgottkarten", "key": "1.2.4.kartenaufbau.p1"}}
    assert [(item["number"], item["status"], item["superseded_by"], len(item["clauses"]))
            for item in exported["rulings"]] == [(1, "superseded", 2, 1), (2, "current", None, 2)]
    assert exported["rulings"][0]["question"]["ru"] == "Считается ли поле A игровым полем?"
    assert [item["decides"] for item in exported["rulings"]] == [
        [], [{"point": "np-defending", "reading": "self"}]]
    before = public_pages(client)
    assert "Neue Antwort nach der Klarstellung." in before["/de/power-duell/rulings/1/"].decode()
    assert "guardian god card" in before["/en/power-duell/glossary/"].decode()
    path = tmp_path / "power-duell.json"
    call_command("export_rulebook", "power-duell", "--output", str(path))
    assert json.loads(path.read_text(encoding="utf-8")) == exported
    assert len(exported["corrections"]) == 3
    assert sum(len(c["versions"]) for d in exported["documents"] for c in d["clauses"]) == 20

    call_command("flush", interactive=False, verbosity=0)  # an empty database
    assert not ClauseVersion.objects.exists() and not Game.objects.exists()

    out = io.StringIO()
    call_command("import_rulebook", str(path), stdout=out)
    assert out.getvalue().strip() == (
        "Restored power-duell: 1 documents, 3 corrections, 2 glossary terms, 2 official "
        "rulings; unpublished, as the editors left them: 2 draft corrections, 1 draft rulings.")
    restored = Game.objects.get(slug="power-duell")
    assert export_game(restored) == exported
    check_drafts(restored, typed)
    exported_again = tmp_path / "again.json"
    call_command("export_rulebook", "power-duell", "--output", str(exported_again))
    assert exported_again.read_bytes() == path.read_bytes()
    after = public_pages(client)
    assert [page for page in before if before[page] != after[page]] == []
    assert Ruling.objects.get(number=1).superseded_by == Ruling.objects.get(number=2)
    v2 = ClauseVersion.objects.get(clause__key="1.2.4.kartenaufbau.p2", number=2)
    assert v2.published_by.username == "paul" and not v2.published_by.is_active
    assert "ausgespielt" in v2.text_de and not v2.translation_outdated("en")
    # The restored versions are published, hence immutable again.
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM rulebook_clauseversion WHERE id = %s", [v2.pk])


def test_restore_refuses_a_glossary_term_whose_clause_is_not_in_the_file(seeded):
    game = Game.objects.get(slug="berserk")
    GlossaryTerm.objects.create(game=game, slug="stikhiya", language="ru", term_ru="стихия",
                                clause=game.documents.get().clauses.get(key="107.1"))
    data = export_game(game)
    assert data["glossary"][0]["clause"] == {"document": "comprehensive-rules", "key": "107.1"}
    data["game"]["slug"] = "berserk-copy"
    data["glossary"][0]["clause"] = {"document": "comprehensive-rules", "key": "999.9"}
    with pytest.raises(RestoreError, match="clause comprehensive-rules/999.9 is not in the file"):
        restore_game(data)
    assert not Game.objects.filter(slug="berserk-copy").exists()


def test_restore_refuses_a_draft_whose_clause_is_not_in_the_file(seeded, editor):
    """A draft proposing a text for a clause the file does not hold: nothing is restored,
    neither the published rulebook nor the other drafts."""
    game = Game.objects.get(slug="berserk")
    correction = Correction.objects.create(game=game, language="ru", title_ru="Черновик",
                                           effective_date=datetime.date(2025, 1, 1))
    propose_version(correction, game.documents.get().clauses.get(key="107.1"), editor)
    data = export_game(game)
    (draft,) = data["drafts"]["corrections"]
    assert draft["versions"][0]["clause"] == "107.1" and draft["submitted_at"] is None
    data["game"]["slug"] = "berserk-copy"
    draft["versions"][0]["clause"] = "999.9"
    with pytest.raises(RestoreError, match="clause comprehensive-rules/999.9 is not in the file"):
        restore_game(data)
    assert not Game.objects.filter(slug="berserk-copy").exists()
    assert Correction.objects.filter(game__slug="berserk-copy").count() == 0


def test_restore_refuses_an_existing_game_and_a_damaged_file(seeded):
    data = export_game(Game.objects.get(slug="berserk"))
    with pytest.raises(RestoreError, match="already exists"):
        restore_game(data)
    data["game"]["slug"] = "berserk-copy"
    data["documents"][0]["clauses"][0]["versions"][0]["text"]["ru"] = "Подделка."
    with pytest.raises(RestoreError, match="does not match its digest"):
        restore_game(data)
    assert not Game.objects.filter(slug="berserk-copy").exists()
    with pytest.raises(RestoreError, match="Not a rulebook-export"):
        restore_game({"format": "other"})


def test_export_as_of_a_date_leaves_out_later_versions(seeded):
    game = Game.objects.get(slug="power-duell")
    before = export_game(game, datetime.date(2023, 1, 24))
    assert before["as_of"] == "2023-01-24" and before["corrections"] == []
    keys = {c["key"]: c["versions"] for c in before["documents"][0]["clauses"]}
    assert keys["1.2.4.negativ-positiv-wirkung.p3"] == []
    after = export_game(game, datetime.date(2023, 1, 25))
    assert [c["title"]["de"] for c in after["corrections"]] == [
        "Schutzgottkarten » negativ-positiv-Wirkung"]


def test_markdown_export_has_the_text_in_force(seeded):
    game = Game.objects.get(slug="power-duell")
    text = export_markdown(game, datetime.date(2023, 1, 24))
    assert text.startswith("# Power-Duell\n\nRules in force on 2023-01-24.")
    assert "## 1.2.4 Schutzgottkarten" in text and "### negativ-positiv-Wirkung" in text
    assert "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt" not in text
    assert "_The text in force on this date is not available in the sources._" in text
    today = export_markdown(game)
    assert "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt" in today


def test_export_command_reports_unknown_game_and_bad_date(seeded):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="Unknown game"):
        call_command("export_rulebook", "nope")
    with pytest.raises(CommandError, match="is not a date"):
        call_command("export_rulebook", "berserk", "--as-of", "31.12.2023")

"""Running the README's set-up again (what ``make run`` does before serving:
``migrate``, ``import_rules``) on a database with published corrections
loses nothing: imports never override editors."""

import datetime
import shutil

import pytest
from django.core.management import call_command
from django.utils import timezone

from rulebook.models import ClauseVersion, Correction, Game, ImportedText
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction, update_translation,
)

P3 = "1.2.4.negativ-positiv-wirkung.p3"
P1 = "1.2.4.kartenaufbau.p1"


def correct(key, date, text, editor, publisher):
    game = Game.objects.get(slug="power-duell")
    correction = Correction.objects.create(game=game, language="de", title_de=f"Zu {key}",
                                           effective_date=date)
    draft = propose_version(correction, game.documents.get().clauses.get(key=key), editor)
    draft.text_de = text
    draft.save()
    submit_correction(correction, editor)
    return publish_correction(correction, publisher)


def rulebook_state():
    """Every published version and every correction, as comparable values."""
    versions = sorted(ClauseVersion.objects.published().values_list(
        "pk", "clause__key", "number", "effective_date", "text_de", "text_ru", "text_en",
        "title_de", "translated_from_en", "correction_id", "published_at"))
    corrections = sorted(Correction.objects.published().values_list(
        "pk", "number", "effective_date", "published_at", "title_de"))
    return versions, corrections


def setup_again():
    """The steps of `make run` before serving (collectstatic touches no data)."""
    call_command("migrate", "--noinput", verbosity=0)
    call_command("import_rules", verbosity=0)


@pytest.fixture
def corrected(seeded, editor, publisher):
    """The seeds as `make run` leaves them (with the site's translations), a
    correction in force and an announced one, and a translation."""
    setup_again()
    today = timezone.localdate()
    past, future = today - datetime.timedelta(days=10), today + datetime.timedelta(days=30)
    correct(P3, past, "Bei negativ-Wirkung wird alles verdoppelt (korrigiert).", editor,
            publisher)
    correct(P1, future, "Die Grund-Attribute sind (angekündigt):", editor, publisher)
    in_force = ClauseVersion.objects.published().get(clause__key=P3, number=2)
    update_translation(in_force, "en", text="With negative effect everything doubles.",
                       title="", user=editor)
    return {"today": today, "future": future}


def text_on(key, date):
    clause = Game.objects.get(slug="power-duell").documents.get().clauses.get(key=key)
    return ClauseVersion.objects.current_for([clause], date)[clause.pk]


def test_setup_again_keeps_published_corrections_announced_ones_and_translations(corrected):
    before = rulebook_state()
    setup_again()
    setup_again()
    assert rulebook_state() == before
    today, future = corrected["today"], corrected["future"]
    in_force = text_on(P3, today)
    assert in_force.text_de.endswith("(korrigiert).") and in_force.number == 2
    assert in_force.text_en == "With negative effect everything doubles."
    assert not in_force.translation_outdated("en")
    assert text_on(P1, today).number == 1
    assert text_on(P1, future).text_de == "Die Grund-Attribute sind (angekündigt):"
    assert not ClauseVersion.objects.drafts().exists()
    assert not Correction.objects.filter(published_at__isnull=True).exists()


def test_setup_again_with_a_changed_source_gives_one_draft_and_publishes_nothing(
        corrected, tmp_path, settings):
    sources = tmp_path / "sources"
    shutil.copytree(settings.RULEBOOK_SOURCES, sources)
    page = sources / "power-duell-schutzgottkarten.txt"
    raw = page.read_text(encoding="utf-8")
    changed = raw.replace("werden alle Reduzierungen verdoppelt",
                          "werden alle Reduzierungen verdreifacht")
    assert changed != raw
    page.write_text(changed, encoding="utf-8")
    settings.RULEBOOK_SOURCES = sources
    before = rulebook_state()
    setup_again()
    setup_again()
    assert rulebook_state() == before  # nothing published, nothing changed
    draft_correction = Correction.objects.get(published_at__isnull=True)
    assert draft_correction.title_en == "Source page changed: Guardian god cards"
    assert draft_correction.effective_date >= corrected["today"]
    draft = draft_correction.versions.get()
    assert draft.clause.key == P3 and not draft.is_published
    assert "verdreifacht" in draft.text_de
    assert draft.based_on_number == 2  # the text in force, not the imported one
    assert draft.text_en == "With negative effect everything doubles."  # kept, to review
    assert text_on(P3, corrected["today"]).text_de.endswith("(korrigiert).")
    record = ImportedText.objects.get(correction=draft_correction)
    assert "verdoppelt" in record.previous().text and "verdreifacht" in record.text


def test_the_review_of_a_source_change_shows_both_differences(corrected, tmp_path, settings,
                                                              admin_client):
    sources = tmp_path / "sources"
    shutil.copytree(settings.RULEBOOK_SOURCES, sources)
    page = sources / "power-duell-schutzgottkarten.txt"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "werden alle Reduzierungen verdoppelt", "werden alle Reduzierungen verdreifacht"),
        encoding="utf-8")
    settings.RULEBOOK_SOURCES = sources
    setup_again()
    correction = Correction.objects.get(published_at__isnull=True)
    html = admin_client.get(f"/admin/rulebook/correction/{correction.pk}/preview/"
                            ).content.decode()
    assert "What changed in the source page" in html
    assert "[-</span>verdoppelt<span" in html and "[+</span>verdreifacht<span" in html
    assert "Differences from the text in force" in html
    against_force = html[html.index("Differences from the text in force"):]
    assert "[-</span>(korrigiert)<span" in against_force  # the editor's words, struck

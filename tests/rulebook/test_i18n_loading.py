"""Issue 11: loading the site's own translations and glossaries (``load_translations``,
``import_rules``) into a database of each test's own; what they give the pages is
tests/rulebook/test_i18n.py."""

from django.core.management import call_command

from rulebook.importing.translations import load_translations
from rulebook.models import ClauseVersion, GlossaryTerm, text_digest
from tests.rulebook.test_i18n import published_versions


def test_import_rules_loads_them_and_running_it_again_changes_nothing(db):
    call_command("import_rules", stdout=open("/dev/null", "w"))
    snapshot = {v.pk: (v.text_de, v.text_ru, v.text_en, v.translated_from_de,
                       v.translated_from_ru, v.translated_from_en) for v in published_versions()}
    terms = GlossaryTerm.objects.count()
    assert terms > 50 and all(s[2] for s in snapshot.values())
    report = load_translations()
    assert report.texts == {} and report.titles == 0 and report.terms == 0
    call_command("import_rules", stdout=open("/dev/null", "w"))
    assert {v.pk: (v.text_de, v.text_ru, v.text_en, v.translated_from_de,
                   v.translated_from_ru, v.translated_from_en)
            for v in published_versions()} == snapshot
    assert GlossaryTerm.objects.count() == terms


def test_a_translation_added_in_the_admin_is_never_overwritten(seeded):
    version = ClauseVersion.objects.get(clause__key="107.2")
    version.text_en = "Our own English text."
    version.translated_from_en = version.digest
    version.save()
    term = None
    load_translations()
    version.refresh_from_db()
    assert version.text_en == "Our own English text."
    assert version.text_de.startswith("Der Angriff mit einfachem Schlag")
    term = GlossaryTerm.objects.get(game__slug="power-duell", slug="schutzgottkarte")
    term.definition_en = "Edited in the admin."
    term.save()
    load_translations()
    term.refresh_from_db()
    assert term.definition_en == "Edited in the admin."


def test_a_translation_of_another_original_text_is_not_stored(seeded, tmp_path):
    (tmp_path / "translations").mkdir()
    (tmp_path / "translations" / "x.toml").write_text(
        'game = "berserk"\ndocument = "comprehensive-rules"\noriginal = "ru"\n'
        f'[clauses."107.1"]\ndigest = "{text_digest("another text")}"\nen = "Stale."\n'
        '[clauses."999.9"]\ndigest = "0"\nen = "Unknown."\n', encoding="utf-8")
    report = load_translations(tmp_path)
    assert report.stale == ["berserk/comprehensive-rules:107.1"]
    assert report.unknown == ["berserk/comprehensive-rules:999.9"]
    assert not ClauseVersion.objects.get(clause__key="107.1").text_en

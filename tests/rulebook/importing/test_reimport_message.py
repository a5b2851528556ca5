"""The re-import names only the clauses it imported itself as "no longer in the source".

A clause an editor added by a correction was never in the source page: the
next ``manage.py import_rules`` must not call it missing from it (issue 25).
"""

import datetime
import io

from django.core.management import call_command

from rulebook.importing import import_source
from rulebook.models import Clause, Document
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction
from rulebook.models import Correction

MISSING = "clauses no longer in the source (kept)"


def add_clause_by_correction(editor, publisher) -> Clause:
    document = Document.objects.get(slug="comprehensive-rules")
    section = document.sections.get(number="109")
    clause = Clause.objects.create(document=document, section=section, key="109.2",
                                   label="109.2", position=99)
    correction = Correction.objects.create(game=document.game, language="ru",
                                           title_ru="Новое правило",
                                           effective_date=datetime.date(2026, 1, 1),
                                           created_by=editor)
    draft = propose_version(correction, clause, editor)
    draft.text_ru = "Новое правило, добавленное редактором."
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    return clause


def run_import_rules() -> str:
    out = io.StringIO()
    call_command("import_rules", "berserk/comprehensive-rules", stdout=out)
    return out.getvalue()


def test_a_clause_added_by_a_correction_is_not_missing_from_the_source(seeded, editor,
                                                                        publisher):
    clause = add_clause_by_correction(editor, publisher)
    assert clause.versions.published().count() == 1
    output = run_import_rules()
    assert MISSING not in output and "109.2" not in output


def test_a_clause_the_import_read_and_the_page_lost_is_named(seeded, sources, editor,
                                                             publisher):
    add_clause_by_correction(editor, publisher)
    spec = sources["berserk/comprehensive-rules"]
    page = spec.path().read_text(encoding="utf-8")
    start = page.index("107.3.")
    shorter = page[:start] + page[page.index("\n", start) + 1:]
    report = import_source(spec, shorter)
    assert report.missing_from_source == ["107.3"]


def test_clauses_imported_before_texts_were_recorded_still_count_as_imported(seeded, sources):
    from rulebook.models import ImportedText

    ImportedText.objects.all().delete()  # as a database from before the records
    spec = sources["berserk/comprehensive-rules"]
    page = spec.path().read_text(encoding="utf-8")
    start = page.index("107.3.")
    report = import_source(spec, page[:start] + page[page.index("\n", start) + 1:])
    assert report.missing_from_source == ["107.3"]


def test_a_text_file_that_is_not_utf8_is_refused_with_a_message(seeded, tmp_path):
    """``import_rules --text`` given a file that is not UTF-8 text: a command error naming
    the file, not a traceback, and the rulebook as it was."""
    import pytest
    from django.core.management.base import CommandError

    from rulebook.models import ClauseVersion

    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"106.1 \xff\xfe\x00 not text")
    before = sorted(ClauseVersion.objects.values_list("pk", "digest"))
    with pytest.raises(CommandError, match=r"junk\.bin is not UTF-8 text \(byte 6\)"):
        call_command("import_rules", "berserk/comprehensive-rules", "--text", str(junk),
                     stdout=io.StringIO())
    assert sorted(ClauseVersion.objects.values_list("pk", "digest")) == before

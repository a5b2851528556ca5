"""An import interrupted halfway leaves the previous rulebook intact: the
import is one transaction (a real one here: ``transactional_db``)."""

import pytest
from django.utils import timezone

from rulebook.importing import import_source
from rulebook.models import Clause, ClauseVersion, Correction, Document, Section

pytestmark = pytest.mark.django_db(transaction=True)


class ImportCrashed(RuntimeError):
    """Stands for whatever stops an import halfway (a crash, a full disk)."""


def snapshot():
    """Every row an import may touch, as comparable values."""
    return {
        "documents": sorted(Document.objects.values_list("pk", "slug", "title_ru", "number")),
        "sections": sorted(Section.objects.values_list("pk", "slug", "heading_ru", "position")),
        "clauses": sorted(Clause.objects.values_list("pk", "key", "label", "position",
                                                     "section_id")),
        "versions": sorted(ClauseVersion.objects.values_list("pk", "clause_id", "number",
                                                             "text_ru", "digest", "published_at")),
        "corrections": sorted(Correction.objects.values_list("pk", "title_ru")),
    }


def changed_text(spec):
    """The Berserk page with four clauses edited and a new clause 109.2."""
    lines = spec.path().read_text(encoding="utf-8").split("\n")
    for index, line in enumerate(lines):
        key = line.split(" ", 1)[0]
        if key in {"107.2.", "107.3.", "108.1.", "109.1."}:
            lines[index] = line.replace(f"{key} ", f"{key} (исправлено) ", 1)
        if key == "109.1.":
            lines[index] += "\n\n109.2. Новое правило, которого раньше не было."
    return "\n".join(lines)


def test_interrupted_import_leaves_previous_versions_unchanged(sources, monkeypatch):
    spec = sources["berserk/comprehensive-rules"]
    import_source(spec, now=timezone.now())
    before = snapshot()
    assert len(before["versions"]) > 5

    saved = []
    original_save = ClauseVersion.save

    def save_then_crash(self, *args, **kwargs):
        original_save(self, *args, **kwargs)
        saved.append(self.clause.key)
        if len(saved) == 2:  # two new (draft) versions are written, then the import dies
            raise ImportCrashed("interrupted halfway")

    monkeypatch.setattr(ClauseVersion, "save", save_then_crash)
    with pytest.raises(ImportCrashed):
        import_source(spec, changed_text(spec))
    monkeypatch.undo()

    assert saved == ["107.2", "107.3"]  # the crash came after real writes
    assert snapshot() == before
    assert not ClauseVersion.objects.filter(text_ru__contains="(исправлено)").exists()
    assert not Clause.objects.filter(key="109.2").exists()

    # The same import, uninterrupted, then goes through in full: the changed
    # page is one draft correction (nothing published).
    report = import_source(spec, changed_text(spec))
    assert report.drafted == 5 and report.created_clauses == 1
    assert report.created_versions == 0
    assert ClauseVersion.objects.drafts().filter(text_ru__contains="(исправлено)").count() == 4

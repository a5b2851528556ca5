"""Every way around the immutability of published rules is refused by the
database itself (triggers of :mod:`rulebook.versioning.guards`, which
depend on no mutable state) or by the model layer — on SQLite and on
PostgreSQL, and the rows stay as they were."""

import datetime

import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from tests.site_role import as_owner

from rulebook.models import (
    Clause, ClauseVersion, Correction, Document, Game, ImmutableVersionError, Section,
)

def snapshot():
    """Every guarded row, as comparable values."""
    return {
        "versions": sorted(ClauseVersion.objects.values_list(
            "pk", "clause_id", "number", "text_de", "title_de", "source_note_de",
            "source_note_en", "effective_date", "published_at", "correction_id", "digest")),
        "clauses": sorted(Clause.objects.values_list("pk", "key", "document_id", "depth")),
        "documents": sorted(Document.objects.values_list(
            "pk", "language", "slug", "game_id", "title_de", "title_en", "number",
            "source_note_de", "source_note_en")),
        "sections": sorted(Section.objects.values_list("pk", "document_id", "slug", "number",
                                                       "heading_de", "heading_en")),
        "corrections": sorted(Correction.objects.values_list(
            "pk", "number", "effective_date", "published_at", "game_id")),
        "correction wording": correction_rows(),
        "games": sorted(Game.objects.values_list("pk", "slug", "name_de", "name_en")),
    }


CORRECTION_COLUMNS = ("id", "language", "title", "summary", "title_de", "title_ru", "title_en",
                      "summary_de", "summary_ru", "summary_en")


def correction_rows():
    """Every correction's wording as stored (the base columns too, by SQL:
    modeltranslation reads ``title`` as the active language's field)."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(CORRECTION_COLUMNS)} FROM rulebook_correction "
                       f"ORDER BY id")
        return cursor.fetchall()


def columns(table):
    with connection.cursor() as cursor:
        return [c.name for c in connection.introspection.get_table_description(cursor, table)]


@pytest.fixture
def published(small_rulebook, draft_correction):
    """Ids of a published version, its clause, document and correction, and a draft."""
    version = small_rulebook["versions"][2]  # 1.1 v3, published with a correction
    # A translation added to a published correction (allowed: it was empty).
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_correction SET title_en = 'Correction', "
                       "title = 'Correction', summary_en = 'What changed.' WHERE id = %s",
                       [version.correction_id])
    other_document = Document.objects.create(game=small_rulebook["game"], slug="anhang",
                                             title_de="Anhang", language="de")
    fresh = Clause.objects.create(document=small_rulebook["document"], key="1.9", position=9,
                                  section=small_rulebook["section"])
    return {"version": version.pk, "clause": version.clause_id, "fresh_clause": fresh.pk,
            "document": small_rulebook["document"].pk, "correction": version.correction_id,
            "game": small_rulebook["game"].pk, "other_document": other_document.pk,
            "draft": draft_correction.versions.get().pk, "number": version.number,
            "section": small_rulebook["section"].pk}


def sql_routes(vendor, cols="id"):
    """Route name → the SQL statements that try it (``cols``: the version columns)."""
    replace = "INSERT OR REPLACE INTO" if vendor == "sqlite" else "INSERT INTO"
    on_conflict = ("" if vendor == "sqlite"
                   else " ON CONFLICT (id) DO UPDATE SET text_de = EXCLUDED.text_de || ' x'")
    update_or_replace = "UPDATE OR REPLACE" if vendor == "sqlite" else "UPDATE"
    return {
        "INSERT OR REPLACE of a published version's row": [
            (f"{replace} rulebook_clauseversion ({cols}) SELECT {cols} "
             f"FROM rulebook_clauseversion WHERE id = %(version)s{on_conflict}", None)],
        "REPLACE INTO of a published version's row": [
            ((f"REPLACE INTO rulebook_clauseversion ({cols}) SELECT {cols} "
              f"FROM rulebook_clauseversion WHERE id = %(version)s") if vendor == "sqlite" else
             (f"INSERT INTO rulebook_clauseversion ({cols}) SELECT {cols} FROM "
              f"rulebook_clauseversion WHERE id = %(version)s ON CONFLICT (id) DO UPDATE SET "
              f"published_at = NULL"), None)],
        "UPDATE OR REPLACE of a draft onto a published version's id": [
            (f"{update_or_replace} rulebook_clauseversion SET id = %(version)s "
             f"WHERE id = %(draft)s", None)],
        "UPDATE OR REPLACE of a draft onto a published clause and number": [
            (f"{update_or_replace} rulebook_clauseversion SET number = %(number)s, "
             f"published_at = CURRENT_TIMESTAMP WHERE id = %(draft)s", None)],
        "changing a published version's id": [
            ("UPDATE rulebook_clauseversion SET id = 999999 WHERE id = %(version)s", None)],
        "changing a published version's original text": [
            ("UPDATE rulebook_clauseversion SET text_de = 'Neu.' WHERE id = %(version)s", None)],
        "unpublishing a published version": [
            ("UPDATE rulebook_clauseversion SET published_at = NULL WHERE id = %(version)s",
             None)],
        "changing a published version's source note": [
            ("UPDATE rulebook_clauseversion SET source_note_en = 'changed' "
             "WHERE id = %(version)s", None)],
        "deleting a published version": [
            ("DELETE FROM rulebook_clauseversion WHERE id = %(version)s", None)],
        "a flush permit row, then deleting a published version": [
            ("CREATE TABLE IF NOT EXISTS rulebook_flush_permit (granted_at TIMESTAMP)", None),
            ("INSERT INTO rulebook_flush_permit (granted_at) VALUES (CURRENT_TIMESTAMP)", None),
            ("DELETE FROM rulebook_clauseversion WHERE id = %(version)s", None)],
        "switching the document's original language": [
            ("UPDATE rulebook_document SET language = 'en' WHERE id = %(document)s", None)],
        "changing a published document's number": [
            ("UPDATE rulebook_document SET number = '9.9' WHERE id = %(document)s", None)],
        "changing a published document's source note": [
            ("UPDATE rulebook_document SET source_note_en = 'Source.' "
             "WHERE id = %(document)s", None),
            ("UPDATE rulebook_document SET source_note_en = 'Changed.' "
             "WHERE id = %(document)s", None)],
        "changing a published clause's depth": [
            ("UPDATE rulebook_clause SET depth = 2 WHERE id = %(clause)s", None)],
        "changing a published clause's key": [
            ("UPDATE rulebook_clause SET key = '9.9' WHERE id = %(clause)s", None)],
        "moving a published clause to another document": [
            ("UPDATE rulebook_clause SET document_id = %(other_document)s "
             "WHERE id = %(clause)s", None)],
        "changing a published clause's id": [
            ("UPDATE rulebook_clause SET id = 999999 WHERE id = %(clause)s", None)],
        "deleting a published clause": [
            ("DELETE FROM rulebook_clause WHERE id = %(clause)s", None)],
        "changing a published correction's date": [
            ("UPDATE rulebook_correction SET effective_date = '2000-01-01' "
             "WHERE id = %(correction)s", None)],
        "changing a published correction's number": [
            ("UPDATE rulebook_correction SET number = 77 WHERE id = %(correction)s", None)],
        "changing a published correction's title": [
            ("UPDATE rulebook_correction SET title_de = 'Andere' WHERE id = %(correction)s",
             None)],
        "adding a summary in a published correction's original language": [
            ("UPDATE rulebook_correction SET summary_de = 'Neu.' WHERE id = %(correction)s",
             None)],
        "changing a published correction's translated title": [
            ("UPDATE rulebook_correction SET title_en = 'Other' WHERE id = %(correction)s",
             None)],
        "emptying a published correction's translated summary": [
            ("UPDATE rulebook_correction SET summary_en = NULL WHERE id = %(correction)s",
             None)],
        "changing a published correction's base title column": [
            ("UPDATE rulebook_correction SET title = 'Other' WHERE id = %(correction)s", None)],
        "changing a published correction's language": [
            ("UPDATE rulebook_correction SET language = 'en' WHERE id = %(correction)s", None)],
        "changing a published correction's game": [
            ("INSERT INTO rulebook_game (slug, name, position) VALUES ('neu', 'Neu', 0)", None),
            ("UPDATE rulebook_correction SET game_id = (SELECT MAX(id) FROM rulebook_game) "
             "WHERE id = %(correction)s", None)],
        "deleting a published correction": [
            ("DELETE FROM rulebook_correction WHERE id = %(correction)s", None)],
        "renaming the game of published rules": [
            ("UPDATE rulebook_game SET slug = 'anders' WHERE id = %(game)s", None)],
        "changing the name of the game of published rules": [
            ("UPDATE rulebook_game SET name_de = 'Anders' WHERE id = %(game)s", None)],
        "changing a translated name of the game of published rules": [
            ("UPDATE rulebook_game SET name_en = 'Other' WHERE id = %(game)s", None)],
        "changing the title of a published document": [
            ("UPDATE rulebook_document SET title_de = 'Anders' WHERE id = %(document)s", None)],
        "changing a published section's address": [
            ("UPDATE rulebook_section SET slug = 'anders' WHERE id = %(section)s", None)],
        "changing a published section's number": [
            ("UPDATE rulebook_section SET number = '9' WHERE id = %(section)s", None)],
        "changing a published section's heading": [
            ("UPDATE rulebook_section SET heading_de = 'Anders' WHERE id = %(section)s", None)],
        "emptying a published section's heading": [
            ("UPDATE rulebook_section SET heading_de = '' WHERE id = %(section)s", None)],
        "deleting a published section": [
            ("DELETE FROM rulebook_section WHERE id = %(section)s", None)],
    }


SQL_ROUTES = list(sql_routes("sqlite"))  # the same names on both databases


@pytest.mark.parametrize("route", SQL_ROUTES)
def test_raw_sql_route_is_refused_and_the_rows_stay(published, route):
    """The triggers refuse even the tables' owner (the site's own role is refused
    some routes earlier still: tests/rulebook/test_least_privilege.py)."""
    cols = ", ".join(columns("rulebook_clauseversion"))
    statements = sql_routes(connection.vendor, cols)[route]
    before = snapshot()
    with pytest.raises(IntegrityError) as refused, as_owner():
        with transaction.atomic(), connection.cursor() as cursor:
            for sql, _ in statements:
                cursor.execute(sql, published if "%(" in sql else None)
    # PostgreSQL has no REPLACE: a collision there is the unique index's refusal.
    # A draft given a published number and stamp is refused as publishing
    # outside the workflow (checked first on SQLite).
    assert ("published rules are immutable" in str(refused.value)
            or "published only with its published correction" in str(refused.value)
            or (connection.vendor == "postgresql" and "unique constraint" in str(refused.value)))
    assert snapshot() == before


QUERYSET_ROUTES = {
    "QuerySet.update of a published clause's key":
        lambda ids: Clause.objects.filter(pk=ids["clause"]).update(key="9.9"),
    "QuerySet.update of a published clause's document":
        lambda ids: Clause.objects.filter(pk=ids["clause"]).update(
            document_id=ids["other_document"]),
    "QuerySet.update of a published version's source note":
        lambda ids: ClauseVersion.objects.filter(pk=ids["version"]).update(
            source_note_de="anders"),
    "QuerySet.update of a published version's text":
        lambda ids: ClauseVersion.objects.filter(pk=ids["version"]).update(text_de="Neu."),
    "QuerySet.delete of a published version":
        lambda ids: ClauseVersion.objects.filter(pk=ids["version"]).delete(),
    "QuerySet.update of a published correction's number":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(number=77),
    "QuerySet.update of a published correction's title":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(title_de="Andere"),
    "QuerySet.update of a published correction's summary":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(summary_en="Other."),
    "QuerySet.update of a published correction's language":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(language="en"),
    "QuerySet.update of a published correction's date":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(
            effective_date="2000-01-01"),
    "QuerySet.update of a published correction's game":
        lambda ids: Correction.objects.filter(pk=ids["correction"]).update(
            game=Game.objects.create(slug="neu")),
    "save() of a published correction with a new title":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]), title_de="Andere"),
    "save() of a published correction with a new translated title":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]), title_en="Other"),
    "save() of a published correction with a summary in its original language":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]), summary_de="Neu."),
    "save() of a published correction with a new language":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]), language="en"),
    "save() of a published correction with a new date":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]),
                          effective_date=datetime.date(2000, 1, 1)),
    "save() of a published correction with a new number":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]), number=77),
    "save() of a published correction in another game":
        lambda ids: _save(Correction.objects.get(pk=ids["correction"]),
                          game=Game.objects.create(slug="neu")),
    "QuerySet.update of the document's language":
        lambda ids: Document.objects.filter(pk=ids["document"]).update(language="en"),
    "save() of a clause with a new key":
        lambda ids: _save(Clause.objects.get(pk=ids["clause"]), key="9.9"),
    "save() of a published version with a new source note":
        lambda ids: _save(ClauseVersion.objects.get(pk=ids["version"]), source_note_en="x"),
    "save() of the document with a new language":
        lambda ids: _save(Document.objects.get(pk=ids["document"]), language="ru"),
}


def _save(obj, **changes):
    for name, value in changes.items():
        setattr(obj, name, value)
    obj.save()


@pytest.mark.parametrize("route", list(QUERYSET_ROUTES))
def test_queryset_route_is_refused_and_the_rows_stay(published, route):
    before = snapshot()
    with pytest.raises((ImmutableVersionError, IntegrityError)):
        with transaction.atomic():
            QUERYSET_ROUTES[route](published)
    assert snapshot() == before


def test_what_stays_allowed(published):
    """Translations of published versions, drafts, and unpublished structure."""
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_clauseversion SET text_en = 'Each player draws.' "
                       "WHERE id = %s", [published["version"]])
        cursor.execute("UPDATE rulebook_clauseversion SET text_de = 'Entwurf.' WHERE id = %s",
                       [published["draft"]])
    assert ClauseVersion.objects.get(pk=published["version"]).text_en == "Each player draws."
    assert ClauseVersion.objects.get(pk=published["draft"]).text_de == "Entwurf."
    Document.objects.filter(pk=published["other_document"]).update(language="ru")
    section = Section.objects.create(document_id=published["other_document"], slug="anhang")
    fresh = Clause.objects.create(document_id=published["other_document"], section=section,
                                  key="2.1")
    Clause.objects.filter(pk=fresh.pk).update(key="2.2")
    ClauseVersion.objects.filter(pk=published["draft"]).delete()
    assert not ClauseVersion.objects.filter(pk=published["draft"]).exists()


def test_a_missing_heading_title_or_name_may_be_added_then_stays(published):
    """As for corrections: an empty translation of a published section's heading, a
    document's title or a game's name may be filled in (the translations' import), and
    is then fixed (a correction changes it)."""
    fills = [("rulebook_section", "heading_en", "Drawing", published["section"]),
             ("rulebook_document", "title_ru", "Правила", published["document"]),
             ("rulebook_game", "name_ru", "Тестовая игра", published["game"])]
    for table, column, text, pk in fills:
        with connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {column} = %s WHERE id = %s", [text, pk])
            cursor.execute(f"SELECT {column} FROM {table} WHERE id = %s", [pk])
            assert cursor.fetchone()[0] == text
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {column} = 'x' WHERE id = %s", [pk])


def test_a_missing_translation_of_a_published_correction_may_be_added(published):
    """As for clause versions: a translation may be added where there was none
    (the translations loader does so), by save() or by SQL; nothing else changes."""
    correction = Correction.objects.get(pk=published["correction"])
    assert not correction.title_ru and not correction.summary_ru
    correction.title_ru = "Исправление"
    correction.save()
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_correction SET summary_ru = 'Что изменилось.' "
                       "WHERE id = %s", [correction.pk])
    stored = Correction.objects.get(pk=correction.pk)
    assert (stored.title_ru, stored.summary_ru) == ("Исправление", "Что изменилось.")
    assert (stored.title_de, stored.title_en) == (correction.title_de, "Correction")


def test_a_draft_correction_stays_editable(published, draft_correction):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_correction SET title_de = 'Anders', language = 'en', "
                       "summary_de = 'x' WHERE id = %s", [draft_correction.pk])
    draft_correction.refresh_from_db()
    draft_correction.title_de = "Noch einmal anders"
    draft_correction.save()
    assert Correction.objects.get(pk=draft_correction.pk).title_de == "Noch einmal anders"


def test_no_permit_table_exists(published):
    assert "rulebook_flush_permit" not in connection.introspection.table_names()


@pytest.mark.django_db(transaction=True)
def test_flush_still_empties_a_guarded_database(small_rulebook):
    from django.core.management import call_command

    assert ClauseVersion.objects.published().exists()
    call_command("flush", interactive=False, verbosity=0)
    assert not ClauseVersion.objects.exists() and not Correction.objects.exists()
    assert not _stamps()  # the stamps of the versions gone, too
    # ... and the guards are back afterwards.
    game = Game.objects.create(slug="g")
    document = Document.objects.create(game=game, slug="d", title_de="D", language="de")
    clause = Clause.objects.create(document=document, key="1",
                                   section=document.sections.create(slug="s"))
    version = ClauseVersion.objects.create(clause=clause, number=1, text_de="T",
                                           published_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM rulebook_clauseversion WHERE id = %s", [version.pk])


# Only the workflow publishes: a version becomes published only together with
# its published correction (same stamp and publisher) or as the first import
# of its source page.
_VERSION_COLUMNS = ("clause_id, number, title, text, text_de, effective_date, source_note, "
                    "digest, created_at, published_at, is_repeal, revision, translated_from_de, "
                    "translated_from_ru, translated_from_en, correction_id")


def _insert(number, clause, correction, published_at):
    return (f"INSERT INTO rulebook_clauseversion ({_VERSION_COLUMNS}) VALUES ({clause}, "
            f"{number}, '', '', 'Eingeschmuggelt.', NULL, '', 'x', CURRENT_TIMESTAMP, "
            f"{published_at}, FALSE, 1, '', '', '', {correction})")


WORKFLOW_SQL_ROUTES = {
    "raw INSERT of a published version": [
        (_insert(4, "%(clause)s", "NULL", "CURRENT_TIMESTAMP"), None)],
    "raw INSERT of a published version into a published correction": [
        (_insert(4, "%(clause)s", "%(correction)s", "CURRENT_TIMESTAMP"), None)],
    "raw INSERT of a first version of a new clause of a published document": [
        (_insert(1, "%(fresh_clause)s", "NULL", "CURRENT_TIMESTAMP"), None)],
    "raw INSERT of a draft into a published correction": [
        (_insert(4, "%(clause)s", "%(correction)s", "NULL"), None)],
    "UPDATE … SET published_at on a draft": [
        ("UPDATE rulebook_clauseversion SET published_at = CURRENT_TIMESTAMP, number = 4 "
         "WHERE id = %(draft)s", None)],
    "UPDATE … SET published_at on a draft, its correction published too": [
        ("UPDATE rulebook_clauseversion SET number = 4, published_at = (SELECT published_at "
         "FROM rulebook_correction WHERE id = %(correction)s) WHERE id = %(draft)s", None)],
    "moving a draft into a published correction": [
        ("UPDATE rulebook_clauseversion SET correction_id = %(correction)s "
         "WHERE id = %(draft)s", None)],
}


@pytest.mark.parametrize("route", list(WORKFLOW_SQL_ROUTES))
def test_raw_sql_cannot_publish_outside_the_workflow(published, route):
    before = snapshot()
    with pytest.raises(IntegrityError) as refused:
        with transaction.atomic(), connection.cursor() as cursor:
            for sql, _ in WORKFLOW_SQL_ROUTES[route]:
                cursor.execute(sql, published)
    assert "published only with its published correction" in str(refused.value)
    assert snapshot() == before


def _new_published_version(ids, **fields):
    clause = Clause.objects.get(pk=ids["clause"])
    return ClauseVersion(clause=clause, number=4, text_de="Eingeschmuggelt.",
                         published_at=timezone.now(), **fields)


def _loaddata(ids, tmp_path):
    import json

    from django.core.management import call_command

    path = tmp_path / "version.json"
    path.write_text(json.dumps([{"model": "rulebook.clauseversion", "fields": {
        "clause": ids["clause"], "number": 4, "text_de": "Eingeschmuggelt.", "digest": "x",
        "published_at": "2024-01-01T00:00:00Z", "created_at": "2024-01-01T00:00:00Z",
        "correction": ids["correction"]}}]), encoding="utf-8")
    call_command("loaddata", str(path), verbosity=0)


WORKFLOW_ORM_ROUTES = {
    "save() of a new published version":
        lambda ids, tmp: _new_published_version(ids).save(),
    "save() of a new published version in a published correction":
        lambda ids, tmp: _new_published_version(ids, correction_id=ids["correction"]).save(),
    "bulk_create of a new published version":
        lambda ids, tmp: ClauseVersion.objects.bulk_create([_new_published_version(ids)]),
    "QuerySet.update of a draft's published_at":
        lambda ids, tmp: ClauseVersion.objects.filter(pk=ids["draft"]).update(
            number=4, published_at=timezone.now()),
    "save() of a draft with published_at set":
        lambda ids, tmp: _save(ClauseVersion.objects.get(pk=ids["draft"]), number=4,
                               published_at=timezone.now()),
    "loaddata of a new published version": _loaddata,
}


@pytest.mark.parametrize("route", list(WORKFLOW_ORM_ROUTES))
def test_the_orm_cannot_publish_outside_the_workflow(published, route, tmp_path):
    before = snapshot()
    with pytest.raises(IntegrityError):
        with transaction.atomic():
            WORKFLOW_ORM_ROUTES[route](published, tmp_path)
    assert snapshot() == before


def test_the_workflow_and_the_first_import_still_publish(published, publisher, editor):
    """publish_correction (the correction, then its drafts, one stamp) and a
    first version of a new document's clauses in one batch."""
    from rulebook.versioning.publishing import publish_correction, submit_correction

    correction = Correction.objects.get(versions__pk=published["draft"])
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    version = ClauseVersion.objects.get(pk=published["draft"])
    assert version.published_at == Correction.objects.get(pk=correction.pk).published_at
    assert version.published_by == publisher
    document = Document.objects.get(pk=published["other_document"])
    section = document.sections.create(slug="s")
    now = timezone.now()
    ClauseVersion.objects.bulk_create([
        ClauseVersion(clause=Clause.objects.create(document=document, section=section,
                                                   key=f"9.{n}", position=n),
                      number=1, text_de=f"Text {n}.", published_at=now) for n in range(3)])
    assert ClauseVersion.objects.filter(clause__document=document).published().count() == 3


# The first import's check reads the stamps the triggers record per document
# (migration 0013) instead of scanning the document's versions for every
# row; it refuses what the scan refused.  A document's first import is one
# batch: one stamp, whether its rows come in one statement or several.
def _first_versions(document, stamps, start=20):
    """Unsaved first versions (no correction, no publisher) of new clauses of
    ``document``, one per stamp."""
    section = document.sections.first() or document.sections.create(slug="s")
    return [ClauseVersion(clause=Clause.objects.create(document=document, section=section,
                                                       key=f"9.{start + n}", position=start + n),
                          number=1, text_de=f"Text {n}.", published_at=stamp)
            for n, stamp in enumerate(stamps)]


def _stamps():
    with connection.cursor() as cursor:
        cursor.execute("SELECT document_id, published_at FROM rulebook_documentstamp")
        return set(cursor.fetchall())


def _stamps_of_the_versions():
    with connection.cursor() as cursor:
        cursor.execute("SELECT DISTINCT c.document_id, v.published_at "
                       "FROM rulebook_clauseversion v JOIN rulebook_clause c "
                       "ON c.id = v.clause_id WHERE v.published_at IS NOT NULL")
        return set(cursor.fetchall())


def _refused_as_workflow(write):
    before = snapshot()
    with pytest.raises(IntegrityError) as refused, transaction.atomic():
        write()
    assert "published only with its published correction" in str(refused.value)
    assert snapshot() == before


SECOND = datetime.timedelta(seconds=1)


@pytest.mark.parametrize("offsets", [(0, 1), (1, 0), (0, 0, -1)],
                         ids=["later", "earlier", "third row"])
def test_a_first_import_in_one_statement_has_one_stamp(published, offsets):
    """Rows of one INSERT see the stamps of the rows before them (PostgreSQL
    records a stamp in the BEFORE trigger, not at the statement's end)."""
    document = Document.objects.get(pk=published["other_document"])
    now = timezone.now()
    versions = _first_versions(document, [now + offset * SECOND for offset in offsets])
    _refused_as_workflow(lambda: ClauseVersion.objects.bulk_create(versions))


@pytest.mark.parametrize("offset", [-86400, -1, 1, 86400])
def test_a_later_first_version_takes_the_document_stamp_only(published, offset):
    """A new clause of an imported document: published as a first import only
    with the stamp of the document's other versions, earlier and later refused."""
    document = Document.objects.get(pk=published["document"])
    stamp = ClauseVersion.objects.get(pk=published["version"]).published_at
    (refused,) = _first_versions(document, [stamp + offset * SECOND])
    _refused_as_workflow(lambda: refused.save())
    (allowed,) = _first_versions(document, [stamp], start=30)
    allowed.save()
    assert _stamps() == _stamps_of_the_versions()


@pytest.mark.parametrize("stamp", ["import", "correction", "between", "after"])
def test_a_document_with_two_stamps_takes_no_first_version(published, publisher, editor, stamp):
    from rulebook.versioning.publishing import publish_correction, submit_correction

    correction = Correction.objects.get(versions__pk=published["draft"])
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    imported = ClauseVersion.objects.get(pk=published["version"]).published_at
    corrected = Correction.objects.get(pk=correction.pk).published_at
    assert imported < corrected
    when = {"import": imported, "correction": corrected,
            "between": imported + (corrected - imported) / 2, "after": corrected + SECOND}[stamp]
    document = Document.objects.get(pk=published["document"])
    (version,) = _first_versions(document, [when])
    _refused_as_workflow(lambda: version.save())
    assert _stamps() == _stamps_of_the_versions()


@pytest.mark.parametrize("offset", [-1, 1])
def test_a_draft_first_version_is_published_with_the_document_stamp_only(published, offset):
    """``UPDATE … SET published_at`` of a first version without correction."""
    document = Document.objects.get(pk=published["document"])
    stamp = ClauseVersion.objects.get(pk=published["version"]).published_at
    (draft,) = _first_versions(document, [None])
    draft.save()
    _refused_as_workflow(lambda: ClauseVersion.objects.filter(pk=draft.pk).update(
        published_at=stamp + offset * SECOND))
    ClauseVersion.objects.filter(pk=draft.pk).update(published_at=stamp)
    assert _stamps() == _stamps_of_the_versions()


STAMP_SQL_ROUTES = {
    "removing a document's stamp":
        "DELETE FROM rulebook_documentstamp WHERE document_id = %(document)s",
    "changing a document's stamp":
        "UPDATE rulebook_documentstamp SET published_at = published_at + INTERVAL '1 day'",
    "adding a stamp no version carries":
        "INSERT INTO rulebook_documentstamp (document_id, published_at) "
        "VALUES (%(other_document)s, CURRENT_TIMESTAMP)",
}


@pytest.mark.parametrize("route", list(STAMP_SQL_ROUTES))
def test_the_stamps_are_guarded(published, route):
    """The stamps are the published versions' (the first import's check trusts them)."""
    sql = STAMP_SQL_ROUTES[route]
    if connection.vendor == "sqlite":
        sql = sql.replace("published_at + INTERVAL '1 day'", "datetime(published_at, '+1 day')")
    before = _stamps()
    assert before == _stamps_of_the_versions() and before
    with pytest.raises(IntegrityError) as refused:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, published)
    assert "the database records them" in str(refused.value)
    assert _stamps() == before


@pytest.mark.django_db(transaction=True)
def test_migration_0013_runs_both_ways_and_changes_no_row(small_rulebook):
    """Backwards the table goes and the scanning check refuses the same; forwards
    the table is filled from the published versions."""
    from django.core.management import call_command

    before = snapshot()
    stamps = _stamps()
    assert stamps == _stamps_of_the_versions() and stamps
    stamp = ClauseVersion.objects.first().published_at
    try:
        call_command("migrate", "rulebook", "0012", verbosity=0)
        assert "rulebook_documentstamp" not in connection.introspection.table_names()
        assert snapshot() == before
        (version,) = _first_versions(small_rulebook["document"], [stamp + SECOND])
        _refused_as_workflow(lambda: version.save())
        before = snapshot()  # with the new clause
    finally:
        call_command("migrate", "rulebook", verbosity=0)
    assert snapshot() == before
    assert _stamps() == stamps
    (version,) = _first_versions(small_rulebook["document"], [stamp - SECOND], start=40)
    _refused_as_workflow(lambda: version.save())

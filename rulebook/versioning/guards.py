"""Database guards of what is published (SQLite and PostgreSQL triggers).

What the triggers refuse, whoever writes (the ORM, raw SQL, a database shell):

- a published clause version: any change of its id, clause, number,
  effective date, correction, repeal flag, digest, publication stamps,
  the structure it carries (key, label, section, position), source note (every language: it is part of the version) or its
  original-language text and title; deleting it; replacing it
  (``INSERT OR REPLACE``/``REPLACE INTO`` of its row, ``UPDATE OR REPLACE``
  of another row onto its id or its clause and number).  Translations into
  other languages and their digests may still be added;
- a clause with a published version: a new id, document or depth, a new
  key unless a published version of it carries that key (a renumbering,
  :mod:`rulebook.versioning.structure`), deletion, replacement;
- a document with a published version: a new id, original language, slug,
  game or number, a change of its source note in any language once it is
  there, deletion, replacement (its language says which text of each
  version is the original, so it is fixed as well);
- a published correction: a new id, game, effective date, number,
  original language or publication stamps; any change of its title or
  summary in its original language; in another language (and in the
  untranslated base columns) a change of a text once it is there — a
  missing translation may still be added, as for clause versions;
  deletion, replacement;
- a game with a published correction or version: a new id or slug,
  a change of its name in any language once it is there, deletion,
  replacement (a document's title likewise, and:)
- a section of a document with a published version: a new id, document,
  slug or number, a change of its heading in any language once it is
  there (an empty one may be filled: the importer's, a translation),
  deletion, replacement — a correction renames or moves it
  (:class:`rulebook.models.StructureChange`);
- a published ruling (:class:`rulebook.models.Ruling`): any change but its
  status — once, from ``current`` to superseded or withdrawn, with the date,
  reason and superseding ruling or correction — and the translations of its
  question and answer into other languages; deletion, replacement;
- a clause a published ruling interprets (``RulingClause``) and an open
  point it decides (``RulingDecision``): any change, deletion, and a new one
  added to the published ruling;
- a published structure change (:class:`rulebook.models.StructureChange`):
  any change, deletion; one inserted published without its correction's
  stamp, or a draft added to a published correction;
- any row of these tables: a new id.

And the structure holds together (``*_same_document``, from migration
``0011_section_versions``): a clause's section is of the clause's document,
a section's parent of the section's document, whoever writes.

Only the workflow publishes (the ``*_workflow`` triggers): a clause version
becomes published (inserted published, or a draft given ``published_at``)
only

- together with its correction: the version's correction is published with
  the same stamp and publisher (``publish_correction`` publishes the
  correction, then its drafts, in one transaction), or
- as the importer's first version of a source page: version 1 of a clause
  with no published version, without publisher, with no correction or one
  the importer recorded (published, without publisher), and with the stamp
  of every other published version of its document (the first import is
  one batch);

and no draft is put into a published correction (its texts are closed).
A raw ``INSERT``, ``UPDATE … SET published_at``, ``bulk_create`` or
``loaddata`` of a new published version is refused otherwise.

The first import's last condition is a lookup, not a scan of the
document's versions per inserted row (which made an import quadratic):
from migration ``0013_first_import_check`` on, the triggers record each
document's stamps — one row ``(document_id, published_at)`` per stamp its
published versions carry, in ``rulebook_documentstamp`` — when a version
is published, and the check reads at most two of the document's rows there
(its primary key).  That table is derived, never a permit: its triggers
refuse a stamp no version carries (SQLite; on PostgreSQL any insert but
the workflow trigger's), any change, and removing a stamp a version
carries; :func:`install_guards` brings it up to date (stamps of versions
written or removed while the triggers were away) before it guards it.

Nothing depends on mutable state: "published" is a stamp the same triggers
keep from changing, and the original language is fixed by them once it
matters.  There is no permit table.  ``manage.py flush`` (rulebook's own,
used between transactional tests) drops the triggers, empties the tables
and installs the triggers again in one transaction (SQLite empties with
``DELETE``); on PostgreSQL flush is ``TRUNCATE``, which row triggers do not
see, and which needs the table owner's privileges (the stamps of the versions
it removed go after it).  Both databases raise an ``IntegrityError`` in
Django.

:func:`install_guards` is idempotent and always installs the current
definitions (drop, then create).  It runs in migration
``0004_integrity`` and again after every ``migrate`` (``post_migrate``),
because SQLite drops a table's triggers whenever a migration rebuilds the
table.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

LANGUAGES = ("de", "ru", "en")
MESSAGE = "rulebook: published rules are immutable; publish a new version instead"
_VERSION = "rulebook_clauseversion"
_CLAUSE = "rulebook_clause"
_DOCUMENT = "rulebook_document"
_CORRECTION = "rulebook_correction"
_GAME = "rulebook_game"
_RULING = "rulebook_ruling"
_RULING_CLAUSE = "rulebook_rulingclause"
_STRUCTURE = "rulebook_structurechange"
_SECTION = "rulebook_section"
_RULING_DECISION = "rulebook_rulingdecision"
#: The stamps published in each document (migration 0013), see :data:`STAMPS`.
_STAMP = "rulebook_documentstamp"


def _version_published(row: str) -> str:
    return f"{row}.published_at IS NOT NULL"


def _clause_published(row: str) -> str:
    return (f"EXISTS (SELECT 1 FROM {_VERSION} gv WHERE gv.clause_id = {row}.id "
            f"AND gv.published_at IS NOT NULL)")


def _document_published(row: str) -> str:
    return (f"EXISTS (SELECT 1 FROM {_VERSION} gv JOIN {_CLAUSE} gc ON gc.id = gv.clause_id "
            f"WHERE gc.document_id = {row}.id AND gv.published_at IS NOT NULL)")


def _section_published(row: str) -> str:
    # as the admin reads it (versioned_fields): its document has a published version
    return (f"EXISTS (SELECT 1 FROM {_VERSION} gv JOIN {_CLAUSE} gc ON gc.id = gv.clause_id "
            f"WHERE gc.document_id = {row}.document_id AND gv.published_at IS NOT NULL)")


def _once_there(*fields: str):
    """SQL builder (``op`` unused): a text of ``fields`` — the base column and each
    language's — changed once it is there (an empty one may still be filled: the
    importer's missing heading, a translation added)."""
    def changed(op: str) -> str:
        return "(" + " OR ".join(
            f"(COALESCE(OLD.{column}, '') <> '' AND "
            f"COALESCE(NEW.{column}, '') <> COALESCE(OLD.{column}, ''))"
            for field in fields for column in (field, *(f"{field}_{lang}" for lang in LANGUAGES))
        ) + ")"
    return changed


def _game_published(row: str) -> str:
    return (f"(EXISTS (SELECT 1 FROM {_CORRECTION} gr WHERE gr.game_id = {row}.id "
            f"AND gr.published_at IS NOT NULL) OR EXISTS (SELECT 1 FROM {_VERSION} gv "
            f"JOIN {_CLAUSE} gc ON gc.id = gv.clause_id JOIN {_DOCUMENT} gd "
            f"ON gd.id = gc.document_id WHERE gd.game_id = {row}.id "
            f"AND gv.published_at IS NOT NULL))")


def _version_original(op: str) -> str:
    # The original language is the document's, fixed once a version is published.
    language = (f"(SELECT d.language FROM {_CLAUSE} c JOIN {_DOCUMENT} d "
                f"ON d.id = c.document_id WHERE c.id = OLD.clause_id)")
    cases = " ".join(f"WHEN '{lang}' THEN (NEW.text_{lang} {op} OLD.text_{lang} "
                     f"OR NEW.title_{lang} {op} OLD.title_{lang})" for lang in LANGUAGES)
    return f"(CASE {language} {cases} ELSE FALSE END)"


#: The structure a clause version carries (key, label, section, place), from
#: migration 0010 on: fixed once published, like its text.
VERSION_STRUCTURE_COLUMNS = ("key", "label", "section_id", "position")


def _version_changed(op: str) -> str:
    # The original text and title, and the structure the version carries.
    structure = [f"NEW.{column} {op} OLD.{column}" for column in VERSION_STRUCTURE_COLUMNS
                 if f"{_VERSION}.{column}" not in _ABSENT.get()]
    return " OR ".join([_version_original(op), *structure])


def _clause_key_changed(op: str) -> str:
    # A clause keeps its key, unless a published version of it carries the
    # new one: a renumbering correction moves the clause's address
    # (rulebook.versioning.structure), nothing else may.
    if f"{_VERSION}.key" in _ABSENT.get():
        return f"NEW.key {op} OLD.key"
    return (f"(NEW.key {op} OLD.key AND NOT EXISTS (SELECT 1 FROM {_VERSION} kv "
            f"WHERE kv.clause_id = OLD.id AND kv.published_at IS NOT NULL "
            f"AND kv.key = NEW.key))")


def _ruling_clause_published(row: str) -> str:
    return (f"EXISTS (SELECT 1 FROM {_RULING} gu WHERE gu.id = {row}.ruling_id "
            f"AND gu.published_at IS NOT NULL)")


#: A ruling's status columns: they move once, away from "current", together.
#: ``status_changed_at`` exists from migration 0009 on.
RULING_STATUS_COLUMNS = ("status", "status_date", "status_reason", "status_changed_at",
                         "superseded_by_id", "superseded_by_correction_id")
# The status columns the ruling table lacks while the triggers are written
# (an earlier migration's schema), set by install_guards.
_ABSENT: ContextVar[frozenset[str]] = ContextVar("rulebook_guards_absent", default=frozenset())


def _ruling_changed(op: str) -> str:
    # The original-language question and answer are fixed (translations may
    # be added); the status moves at most once, away from "current".
    cases = " ".join(f"WHEN '{lang}' THEN (NEW.question_{lang} {op} OLD.question_{lang} "
                     f"OR NEW.answer_{lang} {op} OLD.answer_{lang})" for lang in LANGUAGES)
    status = " OR ".join(f"NEW.{column} {op} OLD.{column}" for column in RULING_STATUS_COLUMNS
                         if column not in _ABSENT.get())
    return (f"(CASE OLD.language {cases} ELSE FALSE END) "
            f"OR (OLD.status <> 'current' AND ({status}))")


_WORDING = ("title", "summary")


def _correction_wording(op: str) -> str:
    # The original language's title and summary never change; a translation
    # (and the base column modeltranslation fills from the default
    # language) may be added where it is empty, never changed once there.
    # ``op`` is unused: empty and NULL are the same here (COALESCE).
    def differs(column: str) -> str:
        return f"COALESCE(NEW.{column}, '') <> COALESCE(OLD.{column}, '')"

    cases = " ".join(
        f"WHEN '{lang}' THEN ({' OR '.join(differs(f'{field}_{lang}') for field in _WORDING)})"
        for lang in LANGUAGES)
    return f"({_once_there(*_WORDING)(op)} OR (CASE OLD.language {cases} ELSE FALSE END))"


@dataclass(frozen=True)
class Guard:
    """What is fixed in one table once a row is published.

    ``published`` builds the SQL condition "row R is published" from a row
    alias; ``frozen`` are the columns that never change then; ``unique``
    the column sets a ``REPLACE`` could collide on (with an extra
    condition on ``NEW`` where the unique index is partial);
    ``refuse_insert`` (optional) builds the condition on ``NEW`` under
    which a new row is refused (a row added to something published).
    """

    table: str
    published: object
    frozen: tuple[str, ...]
    unique: tuple[tuple[tuple[str, ...], str], ...]
    extra_changed: object = None
    refuse_insert: object = None

    def changed(self, op: str) -> str:
        """SQL: a frozen column differs between OLD and NEW."""
        parts = [f"NEW.{column} {op} OLD.{column}" for column in self.frozen]
        if self.extra_changed:
            parts.append(self.extra_changed(op))
        return "(" + " OR ".join(parts) + ")"

    def collision(self, *, exclude_old: bool) -> str:
        """SQL: NEW would replace another published row (SQLite's REPLACE)."""
        alternatives = []
        for columns, condition in self.unique:
            match = " AND ".join(f"x.{column} = NEW.{column}" for column in columns)
            alternatives.append(f"({condition} AND {match})" if condition else f"({match})")
        other = " AND x.id <> OLD.id" if exclude_old else ""
        return (f"EXISTS (SELECT 1 FROM {self.table} x WHERE ({' OR '.join(alternatives)})"
                f"{other} AND {self.published('x')})")


GUARDS = (
    Guard(_VERSION, _version_published,
          ("clause_id", "number", "effective_date", "correction_id", "is_repeal", "digest",
           "published_at", "published_by_id")
          + tuple(f"source_note_{lang}" for lang in LANGUAGES),
          ((("id",), ""), (("clause_id", "number"), "NEW.published_at IS NOT NULL")),
          _version_changed),
    # A clause's depth is how every version of it is shown (nesting): no correction
    # versions it, so it is fixed once published, like a section's number.
    Guard(_CLAUSE, _clause_published, ("document_id", "depth"),
          ((("id",), ""), (("document_id", "key"), "")), _clause_key_changed),
    # A document's number and source note are shown on every date (nothing versions
    # them): the number is fixed once published, a source note once there (an empty
    # language may be filled: the importer's, a translation), like its title.
    Guard(_DOCUMENT, _document_published, ("language", "slug", "game_id", "number"),
          ((("id",), ""), (("game_id", "slug"), "")), _once_there("title", "source_note")),
    # A section of a published document: its address (slug), number and document; its
    # heading in every language once there (a correction changes them: StructureChange).
    Guard(_SECTION, _section_published, ("document_id", "slug", "number"),
          ((("id",), ""), (("document_id", "slug"), "")), _once_there("heading")),
    Guard(_CORRECTION, _version_published,
          ("game_id", "effective_date", "published_at", "published_by_id", "number", "language"),
          ((("id",), ""), (("game_id", "number"), "NEW.number IS NOT NULL")),
          _correction_wording),
    Guard(_GAME, _game_published, ("slug",), ((("id",), ""), (("slug",), "")),
          _once_there("name")),
    Guard(_RULING, _version_published,
          ("game_id", "number", "kind", "source_title", "source_date", "source_url",
           "source_citation", "language", "published_at", "published_by_id", "created_at"),
          ((("id",), ""), (("game_id", "number"), "NEW.number IS NOT NULL")),
          _ruling_changed),
    Guard(_RULING_CLAUSE, _ruling_clause_published, ("ruling_id", "clause_id", "version_id",
                                                     "position"),
          ((("id",), ""), (("ruling_id", "clause_id"), "")),
          refuse_insert=_ruling_clause_published),
    # A structure change (migration 0011): published only with its correction
    # (same stamp), never added to a published correction as a draft.
    Guard(_STRUCTURE, _version_published,
          ("correction_id", "section_id", "document_id", "game_id", "adds", "slug",
           "effective_date", "published_at", "published_by_id", "name")
          + tuple(f"name_{lang}" for lang in LANGUAGES),
          ((("id",), ""),),
          refuse_insert=lambda row: (
              f"(({row}.published_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {_CORRECTION} sc "
              f"WHERE sc.id = {row}.correction_id AND sc.published_at = {row}.published_at)) "
              f"OR ({row}.published_at IS NULL AND EXISTS (SELECT 1 FROM {_CORRECTION} sc "
              f"WHERE sc.id = {row}.correction_id AND sc.published_at IS NOT NULL)))")),
    # The open points a published ruling decides (exists from migration 0012 on).
    Guard(_RULING_DECISION, _ruling_clause_published, ("ruling_id", "point", "reading"),
          ((("id",), ""), (("ruling_id", "point"), "")),
          refuse_insert=_ruling_clause_published),
)

STRUCTURE_MESSAGE = ("rulebook: the section of a clause, and the parent of a section, "
                     "belong to the same document")
#: Integrity of the structure (migration 0011): ``(table, condition on NEW)``.
_INTEGRITY = (
    (_CLAUSE, f"NOT EXISTS (SELECT 1 FROM {_SECTION} ks WHERE ks.id = NEW.section_id "
              f"AND ks.document_id = NEW.document_id)"),
    (_SECTION, f"(NEW.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {_SECTION} kp "
               f"WHERE kp.id = NEW.parent_id AND kp.document_id = NEW.document_id)) "
               f"OR EXISTS (SELECT 1 FROM {_CLAUSE} kc WHERE kc.section_id = NEW.id "
               f"AND kc.document_id <> NEW.document_id) "
               f"OR EXISTS (SELECT 1 FROM {_SECTION} kk WHERE kk.parent_id = NEW.id "
               f"AND kk.document_id <> NEW.document_id)"),
)


def _integrity(vendor: str, install: bool, tables: set[str] | None) -> list[str]:
    """Drop (and with ``install`` create) the structure's integrity triggers."""
    if tables is not None and _STRUCTURE not in tables:
        return []  # before migration 0011
    statements = []
    for table, refused in _INTEGRITY:
        name = f"{table}_same_document"
        if vendor == "sqlite":
            statements += [f"DROP TRIGGER IF EXISTS {name}_{event}" for event in ("insert", "update")]
            if install:
                statements += [f"""CREATE TRIGGER {name}_{event} BEFORE {event.upper()} ON {table}
                    FOR EACH ROW WHEN {refused}
                    BEGIN SELECT RAISE(ABORT, '{STRUCTURE_MESSAGE}'); END"""
                               for event in ("insert", "update")]
        else:
            statements += [f"DROP TRIGGER IF EXISTS {name} ON {table}",
                           f"DROP FUNCTION IF EXISTS {name}()"]
            if install:
                statements += [
                    f"""CREATE FUNCTION {name}() RETURNS trigger AS $$
                        BEGIN
                          IF {refused} THEN
                            RAISE EXCEPTION '{STRUCTURE_MESSAGE}'
                              USING ERRCODE = 'integrity_constraint_violation';
                          END IF;
                          RETURN NEW;
                        END $$ LANGUAGE plpgsql""",
                    f"""CREATE TRIGGER {name} BEFORE INSERT OR UPDATE ON {table}
                        FOR EACH ROW EXECUTE FUNCTION {name}()"""]
    return statements


WORKFLOW_MESSAGE = ("rulebook: a clause version is published only with its published "
                    "correction (or as the first import of its source page)")


def _together(same: str) -> str:
    """SQL: NEW is published with its correction (same stamp and publisher)."""
    return (f"EXISTS (SELECT 1 FROM {_CORRECTION} wc WHERE wc.id = NEW.correction_id "
            f"AND wc.published_at = NEW.published_at "
            f"AND wc.published_by_id {same} NEW.published_by_id)")


def _document_of_new() -> str:
    """SQL: the document of NEW's clause."""
    return f"(SELECT c.document_id FROM {_CLAUSE} c WHERE c.id = NEW.clause_id)"


def _other_stamp_published() -> str:
    """SQL: a published version of NEW's document has another stamp than NEW.

    From migration 0013 on this is one lookup in :data:`STAMPS` (its primary
    key is ``(document_id, published_at)``: at most two rows of the document
    are read, NEW's stamp and one other); before, a scan of the document's
    published versions, per inserted row.
    """
    if _STAMP in _ABSENT.get():
        return (f"EXISTS (SELECT 1 FROM {_VERSION} bv JOIN {_CLAUSE} bc "
                f"ON bc.id = bv.clause_id WHERE bc.document_id = {_document_of_new()} "
                f"AND bv.published_at IS NOT NULL AND bv.published_at <> NEW.published_at)")
    return (f"EXISTS (SELECT 1 FROM {_STAMP} bs WHERE bs.document_id = {_document_of_new()} "
            f"AND bs.published_at <> NEW.published_at)")


def _first_import() -> str:
    """SQL: NEW is the importer's first version of its clause (see the module docstring)."""
    return (f"(NEW.number = 1 AND NEW.published_by_id IS NULL "
            f"AND (NEW.correction_id IS NULL OR EXISTS (SELECT 1 FROM {_CORRECTION} fc "
            f"WHERE fc.id = NEW.correction_id AND fc.published_at IS NOT NULL "
            f"AND fc.published_by_id IS NULL)) "
            f"AND NOT EXISTS (SELECT 1 FROM {_VERSION} fv WHERE fv.clause_id = NEW.clause_id "
            f"AND fv.published_at IS NOT NULL AND (NEW.id IS NULL OR fv.id <> NEW.id)) "
            f"AND NOT {_other_stamp_published()})")


def _into_published() -> str:
    """SQL: NEW is a draft in a correction already published."""
    return (f"(NEW.published_at IS NULL AND NEW.correction_id IS NOT NULL "
            f"AND EXISTS (SELECT 1 FROM {_CORRECTION} dc WHERE dc.id = NEW.correction_id "
            f"AND dc.published_at IS NOT NULL))")


def _workflow_refused(event: str, same: str, differs: str) -> str:
    """SQL: the INSERT or UPDATE of NEW publishes outside the workflow."""
    allowed = f"({_together(same)} OR {_first_import()})"
    if event == "INSERT":
        return f"((NEW.published_at IS NOT NULL AND NOT {allowed}) OR {_into_published()})"
    return (f"((OLD.published_at IS NULL AND NEW.published_at IS NOT NULL AND NOT {allowed}) "
            f"OR (NEW.correction_id {differs} OLD.correction_id AND {_into_published()}))")


def _sqlite_workflow() -> list[str]:
    raise_ = f"BEGIN SELECT RAISE(ABORT, '{WORKFLOW_MESSAGE}'); END"
    return [f"""CREATE TRIGGER {_VERSION}_workflow_{event.lower()} BEFORE {event}
                ON {_VERSION} FOR EACH ROW
                WHEN {_workflow_refused(event, 'IS', 'IS NOT')} {raise_}"""
            for event in ("INSERT", "UPDATE")]


def _postgres_workflow() -> list[str]:
    name = f"{_VERSION}_workflow"
    error = f"RAISE EXCEPTION '{WORKFLOW_MESSAGE}' USING ERRCODE = 'restrict_violation';"
    same, differs = "IS NOT DISTINCT FROM", "IS DISTINCT FROM"
    # The stamp is recorded here, before the row is written, not in an AFTER
    # trigger: PostgreSQL fires those at the end of the statement, and the
    # next row of the same INSERT must already see this one's stamp (as it
    # sees the row itself).  A failed write undoes it with the statement.
    record = ("" if _STAMP in _ABSENT.get() else
              f"""IF NEW.published_at IS NOT NULL THEN
                INSERT INTO {_STAMP} (document_id, published_at)
                  SELECT c.document_id, NEW.published_at FROM {_CLAUSE} c
                  WHERE c.id = NEW.clause_id ON CONFLICT DO NOTHING;
              END IF;""")
    return [
        f"""CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN
                IF {_workflow_refused('INSERT', same, differs)} THEN {error} END IF;
              ELSIF {_workflow_refused('UPDATE', same, differs)} THEN {error}
              END IF;
              {record}
              RETURN NEW;
            END $$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS {name} ON {_VERSION}",
        f"""CREATE TRIGGER {name} BEFORE INSERT OR UPDATE ON {_VERSION}
            FOR EACH ROW EXECUTE FUNCTION {name}()""",
    ]


_WORKFLOW_DROP = {
    "sqlite": [f"DROP TRIGGER IF EXISTS {_VERSION}_workflow_{event}"
               for event in ("insert", "update")],
    "postgresql": [f"DROP TRIGGER IF EXISTS {_VERSION}_workflow ON {_VERSION}",
                   f"DROP FUNCTION IF EXISTS {_VERSION}_workflow()"],
}
_WORKFLOW_CREATE = {"sqlite": _sqlite_workflow, "postgresql": _postgres_workflow}


# The stamps of each document (migration 0013): the first import's check
# ("no other stamp in this document") reads them by primary key instead of
# scanning the document's versions for every row an import inserts.
STAMPS_MESSAGE = ("rulebook: the stamps of a document are those of its published clause "
                  "versions; the database records them")


def _stamp_backed(row: str) -> str:
    """SQL: a published version of document ``row.document_id`` has stamp ``row.published_at``."""
    return (f"EXISTS (SELECT 1 FROM {_VERSION} sv JOIN {_CLAUSE} sc ON sc.id = sv.clause_id "
            f"WHERE sv.published_at = {row}.published_at AND sc.document_id = {row}.document_id)")


#: Create the table of stamps (migration 0013).  No foreign key: Django's
#: ``flush`` truncates its own tables only, and the table is derived data,
#: emptied of stamps no version carries any more by :func:`install_guards`.
STAMPS = {
    "sqlite": f"""CREATE TABLE {_STAMP} (document_id integer NOT NULL,
                  published_at datetime NOT NULL, PRIMARY KEY (document_id, published_at))""",
    "postgresql": f"""CREATE TABLE {_STAMP} (document_id bigint NOT NULL,
                      published_at timestamp with time zone NOT NULL,
                      PRIMARY KEY (document_id, published_at))""",
}

#: SQL: forget the stamps no published version carries (after a flush, or
#: versions deleted while the triggers were away).
STALE_STAMPS = f"DELETE FROM {_STAMP} WHERE NOT {_stamp_backed(_STAMP)}"
_MISSING_STAMPS = (f"INSERT INTO {_STAMP} (document_id, published_at) "
                   f"SELECT DISTINCT c.document_id, v.published_at FROM {_VERSION} v "
                   f"JOIN {_CLAUSE} c ON c.id = v.clause_id WHERE v.published_at IS NOT NULL "
                   f"AND NOT EXISTS (SELECT 1 FROM {_STAMP} s WHERE s.document_id = c.document_id "
                   f"AND s.published_at = v.published_at)")


def _sqlite_stamps() -> list[str]:
    """SQLite: record a published version's stamp after the row (SQLite fires
    a row's AFTER triggers before the next row); the table itself refuses
    any change but a backed stamp added and a stale one removed."""
    raise_ = f"BEGIN SELECT RAISE(ABORT, '{STAMPS_MESSAGE}'); END"
    record = (f"INSERT INTO {_STAMP} (document_id, published_at) "
              f"SELECT c.document_id, NEW.published_at FROM {_CLAUSE} c WHERE c.id = NEW.clause_id "
              f"AND NOT EXISTS (SELECT 1 FROM {_STAMP} s WHERE s.document_id = c.document_id "
              f"AND s.published_at = NEW.published_at)")
    return [
        *(f"""CREATE TRIGGER {_VERSION}_stamp_{event.lower()} AFTER {event} ON {_VERSION}
              FOR EACH ROW WHEN NEW.published_at IS NOT NULL BEGIN {record}; END"""
          for event in ("INSERT", "UPDATE")),
        f"""CREATE TRIGGER {_STAMP}_guard_insert BEFORE INSERT ON {_STAMP} FOR EACH ROW
            WHEN NOT {_stamp_backed('NEW')} {raise_}""",
        f"""CREATE TRIGGER {_STAMP}_guard_update BEFORE UPDATE ON {_STAMP} FOR EACH ROW
            {raise_}""",
        f"""CREATE TRIGGER {_STAMP}_guard_delete BEFORE DELETE ON {_STAMP} FOR EACH ROW
            WHEN {_stamp_backed('OLD')} {raise_}""",
    ]


def _postgres_stamps() -> list[str]:
    """PostgreSQL: the workflow trigger records the stamps (:func:`_postgres_workflow`);
    the table refuses any other insert (``pg_trigger_depth()``: only from a
    trigger), any update, and removing a stamp a published version carries."""
    name = f"{_STAMP}_guard"
    error = f"RAISE EXCEPTION '{STAMPS_MESSAGE}' USING ERRCODE = 'restrict_violation';"
    return [
        f"""CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$
            BEGIN
              IF TG_OP = 'INSERT' THEN
                IF pg_trigger_depth() < 2 THEN {error} END IF;
                RETURN NEW;
              END IF;
              IF TG_OP = 'UPDATE' OR {_stamp_backed('OLD')} THEN {error} END IF;
              RETURN OLD;
            END $$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS {name} ON {_STAMP}",
        f"""CREATE TRIGGER {name} BEFORE INSERT OR UPDATE OR DELETE ON {_STAMP}
            FOR EACH ROW EXECUTE FUNCTION {name}()""",
    ]


_STAMPS_DROP = {
    "sqlite": [f"DROP TRIGGER IF EXISTS {_VERSION}_stamp_{event}" for event in ("insert", "update")]
    + [f"DROP TRIGGER IF EXISTS {_STAMP}_guard_{event}" for event in ("insert", "update", "delete")],
    "postgresql": [f"DROP TRIGGER IF EXISTS {_STAMP}_guard ON {_STAMP}",
                   f"DROP FUNCTION IF EXISTS {_STAMP}_guard()"],
}
_STAMPS_CREATE = {"sqlite": _sqlite_stamps, "postgresql": _postgres_stamps}


def _stamps(vendor: str, install: bool, tables: set[str] | None) -> list[str]:
    """Drop (and with ``install``: bring up to date, then create) the triggers of the stamps."""
    if tables is not None and _STAMP not in tables:
        return []  # before migration 0013
    statements = list(_STAMPS_DROP[vendor])
    if install:
        statements += [STALE_STAMPS, _MISSING_STAMPS, *_STAMPS_CREATE[vendor]()]
    return statements


def _sqlite(guard: Guard) -> list[str]:
    name = f"{guard.table}_guard"
    raise_ = f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END"
    refused = f" OR {guard.refuse_insert('NEW')}" if guard.refuse_insert else ""
    return [
        f"""CREATE TRIGGER {name}_update BEFORE UPDATE ON {guard.table} FOR EACH ROW
            WHEN NEW.id IS NOT OLD.id
              OR ({guard.published('OLD')} AND {guard.changed('IS NOT')})
              OR {guard.collision(exclude_old=True)}
            {raise_}""",
        f"""CREATE TRIGGER {name}_delete BEFORE DELETE ON {guard.table} FOR EACH ROW
            WHEN {guard.published('OLD')} {raise_}""",
        f"""CREATE TRIGGER {name}_insert BEFORE INSERT ON {guard.table} FOR EACH ROW
            WHEN {guard.collision(exclude_old=False)}{refused} {raise_}""",
    ]


def _sqlite_drop(guard: Guard) -> list[str]:
    return [f"DROP TRIGGER IF EXISTS {guard.table}_guard_{event}"
            for event in ("update", "delete", "insert")]


def _postgres(guard: Guard) -> list[str]:
    name = f"{guard.table}_guard"
    error = f"RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';"
    events = "INSERT OR UPDATE OR DELETE" if guard.refuse_insert else "UPDATE OR DELETE"
    insert = (f"""IF TG_OP = 'INSERT' THEN
                IF {guard.refuse_insert('NEW')} THEN {error} END IF;
                RETURN NEW;
              END IF;""" if guard.refuse_insert else "")
    return [
        f"""CREATE OR REPLACE FUNCTION {name}() RETURNS trigger AS $$
            BEGIN
              {insert}
              IF TG_OP = 'DELETE' THEN
                IF {guard.published('OLD')} THEN {error} END IF;
                RETURN OLD;
              END IF;
              IF NEW.id IS DISTINCT FROM OLD.id
                 OR ({guard.published('OLD')} AND {guard.changed('IS DISTINCT FROM')}) THEN
                {error}
              END IF;
              RETURN NEW;
            END $$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS {name} ON {guard.table}",
        f"""CREATE TRIGGER {name} BEFORE {events} ON {guard.table}
            FOR EACH ROW EXECUTE FUNCTION {name}()""",
    ]


def _postgres_drop(guard: Guard) -> list[str]:
    name = f"{guard.table}_guard"
    return [f"DROP TRIGGER IF EXISTS {name} ON {guard.table}",
            f"DROP FUNCTION IF EXISTS {name}()"]


# The first design (migration 0002): triggers on clause versions only, and a
# flush permit table.  Dropped wherever found.
_LEGACY = {
    "sqlite": ["DROP TRIGGER IF EXISTS rulebook_version_immutable_update",
               "DROP TRIGGER IF EXISTS rulebook_version_immutable_delete",
               "DROP TABLE IF EXISTS rulebook_flush_permit"],
    "postgresql": ["DROP TRIGGER IF EXISTS rulebook_version_immutable ON rulebook_clauseversion",
                   "DROP FUNCTION IF EXISTS rulebook_version_immutable()",
                   "DROP TABLE IF EXISTS rulebook_flush_permit"],
}


def _statements(vendor: str, install: bool, tables: set[str] | None = None) -> list[str]:
    drop = {"sqlite": _sqlite_drop, "postgresql": _postgres_drop}.get(vendor)
    create = {"sqlite": _sqlite, "postgresql": _postgres}.get(vendor)
    if drop is None:
        return []  # other backends: the model-level guards only
    statements = list(_LEGACY[vendor])
    for guard in GUARDS:
        if tables is not None and guard.table not in tables:
            continue  # an earlier migration: the table comes later, with its guard
        statements += drop(guard)
        if install:
            statements += create(guard)
    statements += _WORKFLOW_DROP[vendor]
    if install:
        statements += _WORKFLOW_CREATE[vendor]()
    statements += _stamps(vendor, install, tables)
    # The integrity triggers first: SQLite runs the triggers created last
    # first, so a write both refuse is refused as immutable.
    return _integrity(vendor, install, tables) + statements


def install_guards(connection) -> None:
    """Install the current triggers (drop, then create: idempotent).

    Only the guards of tables that exist are installed (a migration before
    the one creating a table installs the others), and only on the columns
    that exist (a ruling's ``status_changed_at`` from migration 0009 on).  Other database backends
    get none (the model-level guards still apply).
    """
    tables = set(connection.introspection.table_names())
    absent: frozenset[str] = frozenset()
    if _RULING in tables:
        with connection.cursor() as cursor:
            present = {column.name for column in
                       connection.introspection.get_table_description(cursor, _RULING)}
        absent = frozenset(set(RULING_STATUS_COLUMNS) - present)
    if _VERSION in tables:
        with connection.cursor() as cursor:
            present = {column.name for column in
                       connection.introspection.get_table_description(cursor, _VERSION)}
        absent |= {f"{_VERSION}.{column}" for column in VERSION_STRUCTURE_COLUMNS
                   if column not in present}
    if _STAMP not in tables:
        absent |= {_STAMP}  # before migration 0013: the first import's check scans
    token = _ABSENT.set(absent)
    try:
        with connection.cursor() as cursor:
            for statement in _statements(connection.vendor, install=True, tables=tables):
                cursor.execute(statement)
    finally:
        _ABSENT.reset(token)


def remove_guards(connection, tables: set[str] | None = None) -> None:
    """Drop the triggers (e.g. for ``flush``, inside its transaction).

    ``tables`` limits it to the guards of those tables (default: the
    guards of every table that exists).
    """
    existing = set(connection.introspection.table_names())
    tables = existing if tables is None else set(tables) & existing
    with connection.cursor() as cursor:
        for statement in _statements(connection.vendor, install=False, tables=tables):
            cursor.execute(statement)


def install_guards_after_migrate(sender, using="default", **kwargs) -> None:
    """``post_migrate`` handler: restore triggers a table rebuild may have dropped."""
    from django.db import connections

    connection = connections[using]
    tables = connection.introspection.table_names()
    if all(guard.table in tables for guard in GUARDS):
        install_guards(connection)

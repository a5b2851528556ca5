"""Database guards of published clause versions (SQLite and PostgreSQL triggers).

A published version's content — original-language text and title, number,
effective date, correction, repeal flag, digest, publication stamps — can
never be updated, and its row never deleted; translations into other
languages (and their digests) may still be added.  The model and its
queryset refuse the same (``rulebook.models``); the triggers also stop raw
SQL.  Both raise an ``IntegrityError`` in Django.

``manage.py flush`` (used between transactional tests; on SQLite it is
``DELETE FROM``) may empty the table: rulebook's own ``flush`` command puts
a row into ``rulebook_flush_permit`` for its duration (a table outside
Django's models, so flush never empties it).  PostgreSQL's flush is
``TRUNCATE``, which row triggers do not see.

:func:`install_guards` is idempotent.  It runs in migration
``0003_versioning_guards`` and again after every ``migrate``
(``post_migrate``), because SQLite drops a table's triggers whenever a
later migration rebuilds the table.
"""

from __future__ import annotations

LANGUAGES = ("de", "ru", "en")
CORE = ("clause_id", "number", "effective_date", "correction_id", "is_repeal", "digest",
        "published_at", "published_by_id")
MESSAGE = "rulebook: a published clause version is immutable; publish a new version instead"
PERMIT_TABLE = "rulebook_flush_permit"
_LANGUAGE = ("(SELECT d.language FROM rulebook_clause c JOIN rulebook_document d "
             "ON d.id = c.document_id WHERE c.id = OLD.clause_id)")


def _changed(op: str) -> str:
    core = " OR ".join(f"NEW.{c} {op} OLD.{c}" for c in CORE)
    original = " ".join(
        f"WHEN '{lang}' THEN (NEW.text_{lang} {op} OLD.text_{lang} "
        f"OR NEW.title_{lang} {op} OLD.title_{lang})" for lang in LANGUAGES)
    return f"({core} OR (CASE {_LANGUAGE} {original} ELSE FALSE END))"


PERMIT = f"CREATE TABLE IF NOT EXISTS {PERMIT_TABLE} (granted_at TIMESTAMP)"

SQLITE = [
    PERMIT,
    f"""CREATE TRIGGER IF NOT EXISTS rulebook_version_immutable_update
        BEFORE UPDATE ON rulebook_clauseversion
        FOR EACH ROW WHEN OLD.published_at IS NOT NULL AND {_changed("IS NOT")}
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
    f"""CREATE TRIGGER IF NOT EXISTS rulebook_version_immutable_delete
        BEFORE DELETE ON rulebook_clauseversion
        FOR EACH ROW WHEN OLD.published_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM {PERMIT_TABLE})
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
]
SQLITE_REVERSE = ["DROP TRIGGER IF EXISTS rulebook_version_immutable_delete",
                  "DROP TRIGGER IF EXISTS rulebook_version_immutable_update",
                  f"DROP TABLE IF EXISTS {PERMIT_TABLE}"]

POSTGRES = [
    PERMIT,
    f"""CREATE OR REPLACE FUNCTION rulebook_version_immutable() RETURNS trigger AS $$
        BEGIN
          IF OLD.published_at IS NULL THEN
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
          END IF;
          IF TG_OP = 'DELETE' THEN
            IF EXISTS (SELECT 1 FROM {PERMIT_TABLE}) THEN RETURN OLD; END IF;
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';
          END IF;
          IF {_changed("IS DISTINCT FROM")} THEN
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
    "DROP TRIGGER IF EXISTS rulebook_version_immutable ON rulebook_clauseversion",
    """CREATE TRIGGER rulebook_version_immutable
        BEFORE UPDATE OR DELETE ON rulebook_clauseversion
        FOR EACH ROW EXECUTE FUNCTION rulebook_version_immutable()""",
]
POSTGRES_REVERSE = ["DROP TRIGGER IF EXISTS rulebook_version_immutable ON rulebook_clauseversion",
                    "DROP FUNCTION IF EXISTS rulebook_version_immutable()",
                    f"DROP TABLE IF EXISTS {PERMIT_TABLE}"]


def install_guards(connection) -> None:
    """Create the permit table and the triggers where missing (idempotent).

    Other database backends get the permit table only (the model-level
    guards still apply).
    """
    statements = {"sqlite": SQLITE, "postgresql": POSTGRES}.get(connection.vendor, [PERMIT])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def remove_guards(connection) -> None:
    """Drop the triggers and the permit table."""
    statements = {"sqlite": SQLITE_REVERSE, "postgresql": POSTGRES_REVERSE}.get(
        connection.vendor, [f"DROP TABLE IF EXISTS {PERMIT_TABLE}"])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def install_guards_after_migrate(sender, using="default", **kwargs) -> None:
    """``post_migrate`` handler: restore triggers a table rebuild may have dropped."""
    from django.db import connections

    connection = connections[using]
    if "rulebook_clauseversion" in connection.introspection.table_names():
        install_guards(connection)

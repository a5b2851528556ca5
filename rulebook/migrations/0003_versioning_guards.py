"""Database guards of published clause versions, and the editorial groups.

A published version's content (original-language text and title, number,
effective date, correction, repeal flag, digest, publication stamps) can
never be updated, and the row never deleted.  ``manage.py flush`` (used
between transactional tests; on SQLite it is ``DELETE FROM``) may empty the
table: rulebook's own ``flush`` command puts a row into
``rulebook_flush_permit`` for the duration (a table outside Django's models,
so flush itself never empties it).  PostgreSQL's flush is ``TRUNCATE``,
which row triggers do not see.
"""

from django.db import migrations

from rulebook.roles import ensure_groups

LANGUAGES = ("de", "ru", "en")
CORE = ("clause_id", "number", "effective_date", "correction_id", "is_repeal", "digest",
        "published_at", "published_by_id")
MESSAGE = "rulebook: a published clause version is immutable; publish a new version instead"
_LANGUAGE = ("(SELECT d.language FROM rulebook_clause c JOIN rulebook_document d "
             "ON d.id = c.document_id WHERE c.id = OLD.clause_id)")


def _changed(op: str) -> str:
    core = " OR ".join(f"NEW.{c} {op} OLD.{c}" for c in CORE)
    original = " ".join(
        f"WHEN '{lang}' THEN (NEW.text_{lang} {op} OLD.text_{lang} "
        f"OR NEW.title_{lang} {op} OLD.title_{lang})" for lang in LANGUAGES)
    return f"({core} OR (CASE {_LANGUAGE} {original} ELSE FALSE END))"


PERMIT = "CREATE TABLE rulebook_flush_permit (granted_at TIMESTAMP)"

SQLITE = [
    PERMIT,
    f"""CREATE TRIGGER rulebook_version_immutable_update
        BEFORE UPDATE ON rulebook_clauseversion
        FOR EACH ROW WHEN OLD.published_at IS NOT NULL AND {_changed("IS NOT")}
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
    f"""CREATE TRIGGER rulebook_version_immutable_delete
        BEFORE DELETE ON rulebook_clauseversion
        FOR EACH ROW WHEN OLD.published_at IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM rulebook_flush_permit)
        BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END""",
]
SQLITE_REVERSE = ["DROP TRIGGER rulebook_version_immutable_delete",
                  "DROP TRIGGER rulebook_version_immutable_update",
                  "DROP TABLE rulebook_flush_permit"]

POSTGRES = [
    PERMIT,
    f"""CREATE FUNCTION rulebook_version_immutable() RETURNS trigger AS $$
        BEGIN
          IF OLD.published_at IS NULL THEN
            IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
            RETURN NEW;
          END IF;
          IF TG_OP = 'DELETE' THEN
            IF EXISTS (SELECT 1 FROM rulebook_flush_permit) THEN RETURN OLD; END IF;
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';
          END IF;
          IF {_changed("IS DISTINCT FROM")} THEN
            RAISE EXCEPTION '{MESSAGE}' USING ERRCODE = 'restrict_violation';
          END IF;
          RETURN NEW;
        END $$ LANGUAGE plpgsql""",
    """CREATE TRIGGER rulebook_version_immutable
        BEFORE UPDATE OR DELETE ON rulebook_clauseversion
        FOR EACH ROW EXECUTE FUNCTION rulebook_version_immutable()""",
]
POSTGRES_REVERSE = ["DROP TRIGGER rulebook_version_immutable ON rulebook_clauseversion",
                    "DROP FUNCTION rulebook_version_immutable()",
                    "DROP TABLE rulebook_flush_permit"]


def guards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE, "postgresql": POSTGRES}.get(vendor, [PERMIT])
    for statement in statements:
        schema_editor.execute(statement)


def remove_guards(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    statements = {"sqlite": SQLITE_REVERSE, "postgresql": POSTGRES_REVERSE}.get(
        vendor, ["DROP TABLE rulebook_flush_permit"])
    for statement in statements:
        schema_editor.execute(statement)


def groups(apps, schema_editor):
    ensure_groups(apps, using=schema_editor.connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0002_versioning_workflow"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(guards, remove_guards),
        migrations.RunPython(groups, migrations.RunPython.noop),
    ]

"""PostgreSQL: the headings' lexemes of the narrow ranking table, with a GIN index per language.

An entry whose heading names the whole query gets a bonus
(:data:`rulebook.search.backends.HEADING_BONUS`).  Testing that on every
match (``vector @@ 'word':A``) cost about a fifth of a common word's
ranking at 50,000 clauses, for the few dozen entries whose heading holds the
word.  ``heading`` is the vector's weight-A part (its heading's lexemes,
``ts_filter``), kept by PostgreSQL itself (a generated column: every write
of ``vector`` renews it; NULL for an entry without a heading); its GIN index
per language finds those entries directly, and the ranking of all the other
matches needs no heading test (:meth:`rulebook.search.backends.
PostgreSQLBackend._ranked_then_filtered`).

Forwards adds the column (filled from the stored vectors: no re-indexing)
and the indexes; backwards drops them.  No published row changes.  SQLite:
nothing.
"""

from django.db import migrations

LANGUAGES = ("de", "ru", "en")


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "ALTER TABLE rulebook_search_rank ADD COLUMN IF NOT EXISTS heading tsvector "
        "GENERATED ALWAYS AS (NULLIF(ts_filter(vector, '{a}'), ''::tsvector)) STORED")
    for language in LANGUAGES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS rulebook_search_heading_{language} "
                              f"ON rulebook_search_rank USING gin (heading) "
                              f"WHERE language = '{language}'")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for language in LANGUAGES:
        schema_editor.execute(f"DROP INDEX IF EXISTS rulebook_search_heading_{language}")
    schema_editor.execute("ALTER TABLE rulebook_search_rank DROP COLUMN IF EXISTS heading")


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0014_search_speed"),
    ]

    operations = [
        migrations.RunPython(create, drop),
    ]

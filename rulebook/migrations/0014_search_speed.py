"""PostgreSQL: a narrow table of the search vectors, ranked without reading the entries' rows.

A common word matches a third of the entries; ranking them reads each
matching row from the table (a bitmap heap scan).  ``rulebook_searchentry``
also holds the plain text, the title and the validity of each entry: about
4 rows per page at 50,000 clauses.  ``rulebook_search_rank`` holds only
what the ranking reads — the entry's id, its language and the same weighted
``tsvector`` — about three times as many rows per page, with a GIN index
per language like migration 0006's; the few best rows are then checked for
their validity in ``rulebook_searchentry`` (:class:`rulebook.search.backends.
PostgreSQLBackend`, :mod:`rulebook.search.speed`).  The entry's own
``vector`` stays as it is (the unchanged ranking, with the speed-ups
switched off, reads it).

Forwards copies every entry's vector (no re-indexing needed); a row of the
new table goes with its entry (``ON DELETE CASCADE``).  Backwards drops the
table.  No published row changes.  SQLite: nothing.
"""

from django.db import migrations

LANGUAGES = ("de", "ru", "en")


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "CREATE TABLE IF NOT EXISTS rulebook_search_rank ("
        "entry_id bigint PRIMARY KEY REFERENCES rulebook_searchentry (id) ON DELETE CASCADE, "
        "language varchar(8) NOT NULL, vector tsvector NOT NULL)")
    schema_editor.execute(
        "INSERT INTO rulebook_search_rank (entry_id, language, vector) "
        "SELECT id, language, vector FROM rulebook_searchentry WHERE vector IS NOT NULL "
        "ORDER BY id ON CONFLICT (entry_id) DO NOTHING")
    for language in LANGUAGES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS rulebook_search_rank_{language} "
                              f"ON rulebook_search_rank USING gin (vector) "
                              f"WHERE language = '{language}'")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP TABLE IF EXISTS rulebook_search_rank")


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0012_review"),
    ]

    operations = [
        migrations.RunPython(create, drop),
    ]

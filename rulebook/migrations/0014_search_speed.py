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
new table goes with its entry (triggers: deleted with it, emptied when its
table is truncated).  Backwards drops the table, its triggers and their
function.  No published row changes.  SQLite: nothing.
"""

from django.db import migrations

LANGUAGES = ("de", "ru", "en")


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "CREATE TABLE IF NOT EXISTS rulebook_search_rank ("
        "entry_id bigint PRIMARY KEY, language varchar(8) NOT NULL, vector tsvector NOT NULL)")
    # A row goes with its entry: deleted with it, emptied with its table.  A
    # trigger, not a foreign key: a foreign key would refuse the TRUNCATE of
    # the entries' table that flushing the database (Django's transactional
    # tests) runs, which knows nothing of this table.
    schema_editor.execute(
        "CREATE OR REPLACE FUNCTION rulebook_search_rank_forget() RETURNS trigger "
        "LANGUAGE plpgsql AS $$ BEGIN "
        "IF TG_OP = 'TRUNCATE' THEN DELETE FROM rulebook_search_rank; "
        "ELSE DELETE FROM rulebook_search_rank AS r USING gone WHERE r.entry_id = gone.id; "
        "END IF; "
        "RETURN NULL; END $$")
    schema_editor.execute(
        "CREATE TRIGGER rulebook_search_rank_forget_rows AFTER DELETE ON rulebook_searchentry "
        "REFERENCING OLD TABLE AS gone "
        "FOR EACH STATEMENT EXECUTE FUNCTION rulebook_search_rank_forget()")
    schema_editor.execute(
        "CREATE TRIGGER rulebook_search_rank_forget_all AFTER TRUNCATE ON rulebook_searchentry "
        "FOR EACH STATEMENT EXECUTE FUNCTION rulebook_search_rank_forget()")
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
    schema_editor.execute("DROP TRIGGER IF EXISTS rulebook_search_rank_forget_rows "
                          "ON rulebook_searchentry")
    schema_editor.execute("DROP TRIGGER IF EXISTS rulebook_search_rank_forget_all "
                          "ON rulebook_searchentry")
    schema_editor.execute("DROP FUNCTION IF EXISTS rulebook_search_rank_forget()")
    schema_editor.execute("DROP TABLE IF EXISTS rulebook_search_rank")


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0013_first_import_check"),
    ]

    operations = [
        migrations.RunPython(create, drop),
    ]

"""PostgreSQL: one GIN index of the search vectors per language instead of one for all.

The search matches each language's entries with the query stemmed in that
language's configuration (``(language = 'de' AND vector @@ german query) OR
…``, :class:`rulebook.search.backends.PostgreSQLBackend`).  With one index
for all languages the planner could answer each branch only with a GIN scan
ANDed with a scan of the language btree over every entry, priced close to
reading the whole table, and read the whole table (``@@`` tested on every
entry: 35-60 ms at 50,000 clauses) for about one query in seven.  A partial
index per language answers each branch alone: a BitmapOr of three GIN scans
(with the connections' ``random_page_cost``, rulesite/settings.py, for every
query of bench/search_bench.py).

A new site language needs an index of its own, in a new migration
(``tests/rulebook/search/test_postgres_plan.py`` checks that every language
has one).  SQLite: nothing.
"""

from django.db import migrations

LANGUAGES = ("de", "ru", "en")


def language_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for language in LANGUAGES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS rulebook_searchentry_vector_{language} "
                              f"ON rulebook_searchentry USING gin (vector) "
                              f"WHERE language = '{language}'")
    schema_editor.execute("DROP INDEX IF EXISTS rulebook_searchentry_vector_gin")


def one_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE INDEX IF NOT EXISTS rulebook_searchentry_vector_gin "
                          "ON rulebook_searchentry USING gin (vector)")
    for language in LANGUAGES:
        schema_editor.execute(f"DROP INDEX IF EXISTS rulebook_searchentry_vector_{language}")


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0005_perf_indexes"),
    ]

    operations = [
        migrations.RunPython(language_indexes, one_index),
    ]

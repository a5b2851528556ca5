"""What the schema alone does not say: the search structures of each
database, the triggers that guard published versions, and the editorial
groups.

- the stemmed-text index of each backend (see :mod:`rulebook.search.backends`):
  an FTS5 table on SQLite, a GIN index on PostgreSQL; indexes for the
  clause-key jump;
- :mod:`rulebook.versioning.guards`: triggers on SQLite and PostgreSQL
  (installed by ``0004_integrity`` and after every ``migrate``, since SQLite
  drops them when a migration rebuilds a table);
- :mod:`rulebook.versioning.roles`: the "Editors" and "Publishers" groups.
"""

from django.db import migrations

from rulebook.versioning.guards import remove_guards
from rulebook.versioning.roles import ensure_groups

FTS_SQL = ("CREATE VIRTUAL TABLE IF NOT EXISTS rulebook_search_fts "
           "USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 0')")


def create_search_structures(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(FTS_SQL)
    elif vendor == "postgresql":
        schema_editor.execute("CREATE INDEX IF NOT EXISTS rulebook_searchentry_vector_gin "
                              "ON rulebook_searchentry USING gin (vector)")
    schema_editor.execute("CREATE INDEX IF NOT EXISTS rulebook_clause_key_jump "
                          "ON rulebook_clause (key)")
    schema_editor.execute("CREATE INDEX IF NOT EXISTS rulebook_clause_label_jump "
                          "ON rulebook_clause (label)")


def drop_search_structures(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS rulebook_search_fts")
    elif schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP INDEX IF EXISTS rulebook_searchentry_vector_gin")
    schema_editor.execute("DROP INDEX IF EXISTS rulebook_clause_key_jump")
    schema_editor.execute("DROP INDEX IF EXISTS rulebook_clause_label_jump")


def guards(apps, schema_editor):
    # The current triggers need columns added by 0004_integrity, which
    # installs them (and post_migrate after every migrate).
    pass


def no_guards(apps, schema_editor):
    remove_guards(schema_editor.connection)


def groups(apps, schema_editor):
    ensure_groups(apps, using=schema_editor.connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.RunPython(create_search_structures, drop_search_structures),
        migrations.RunPython(guards, no_guards),
        migrations.RunPython(groups, migrations.RunPython.noop),
    ]

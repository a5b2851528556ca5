"""Official rulings in the search, and the time of a ruling's status change.

- ``Ruling.status_changed_at``: when a ruling was marked superseded or
  withdrawn (the ``updated`` of its Atom entry); guarded like the other
  status columns (:mod:`rulebook.versioning.guards`, installed again here);
- :class:`rulebook.models.search.RulingSearchEntry`: a published ruling's
  question and answer per language, with its stemmed-text structure — an
  FTS5 table ``rulebook_ruling_search_fts(question, answer)`` on SQLite, a
  GIN index of ``vector`` per language on PostgreSQL (as 0006 for the
  clauses) — and the published rulings already there indexed.

The clauses' search structures (0002, 0006) and the guards of the other
tables are left as they are.
"""

import django.contrib.postgres.search
import django.db.models.deletion
from django.db import migrations, models

from rulebook.versioning.guards import install_guards, remove_guards

LANGUAGES = ("de", "ru", "en")
FTS_SQL = ("CREATE VIRTUAL TABLE IF NOT EXISTS rulebook_ruling_search_fts "
           "USING fts5(question, answer, tokenize = 'unicode61 remove_diacritics 0')")


def create_structures(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute(FTS_SQL)
    elif vendor == "postgresql":
        for language in LANGUAGES:
            schema_editor.execute(
                f"CREATE INDEX IF NOT EXISTS rulebook_rulingsearchentry_vector_{language} "
                f"ON rulebook_rulingsearchentry USING gin (vector) "
                f"WHERE language = '{language}'")
    install_guards(schema_editor.connection)


def drop_structures(apps, schema_editor):
    # The ruling's guard names status_changed_at: dropped before the column
    # (installed again, without it, after the migration).
    remove_guards(schema_editor.connection, tables={"rulebook_ruling"})
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS rulebook_ruling_search_fts")
    elif vendor == "postgresql":
        for language in LANGUAGES:
            schema_editor.execute(
                f"DROP INDEX IF EXISTS rulebook_rulingsearchentry_vector_{language}")


def index_published(apps, schema_editor):
    """Index the rulings published before this migration (their rows as
    stored; the site ships none)."""
    from rulebook.search.indexing import ruling_entries_for

    Ruling = apps.get_model("rulebook", "Ruling")
    Entry = apps.get_model("rulebook", "RulingSearchEntry")
    rulings = list(Ruling.objects.filter(published_at__isnull=False))
    if not rulings:
        return
    from rulebook.search.backends import backend

    entries = Entry.objects.bulk_create(
        [Entry(**values) for ruling in rulings for values in ruling_entries_for(ruling)])
    backend().write_rulings(entries)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0008_publication_guards"),
    ]

    operations = [
        migrations.AddField(
            model_name="ruling",
            name="status_changed_at",
            field=models.DateTimeField(
                blank=True, editable=False, null=True, verbose_name="status changed",
                help_text="When the ruling was marked superseded or withdrawn (the feed's "
                          "update time); empty while it is current."),
        ),
        migrations.CreateModel(
            name="RulingSearchEntry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("language", models.CharField(max_length=8, verbose_name="language")),
                ("question", models.TextField(blank=True, verbose_name="question")),
                ("answer", models.TextField(blank=True, verbose_name="answer")),
                ("source_date", models.DateField(verbose_name="date of the ruling")),
                ("vector", django.contrib.postgres.search.SearchVectorField(editable=False,
                                                                            null=True)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                           related_name="ruling_search_entries",
                                           to="rulebook.game", verbose_name="game")),
                ("ruling", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                             related_name="search_entries",
                                             to="rulebook.ruling", verbose_name="ruling")),
            ],
            options={
                "verbose_name": "ruling search entry",
                "verbose_name_plural": "ruling search entries",
                "constraints": [models.UniqueConstraint(
                    fields=("ruling", "language"), name="ruling_search_entry_unique_language")],
            },
        ),
        migrations.RunPython(create_structures, drop_structures),
        migrations.RunPython(index_published, migrations.RunPython.noop),
    ]

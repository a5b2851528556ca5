"""The stamps of each document, so the first import's check is a lookup.

The workflow trigger (:mod:`rulebook.versioning.guards`) lets a version be
published as a first import only when no published version of its
document has another stamp.  Until here it scanned the document's published
versions for every row an import inserted: a 10,000-clause import read
50 million rows.  This migration adds the table ``rulebook_documentstamp``
(one row per document and stamp its published versions carry, primary key
``(document_id, published_at)``), fills it from the published versions and
installs the triggers that keep it and read it.  The check refuses what it
refused before; no existing row changes.

Backwards: the table's triggers and the table go, and ``install_guards``
installs the scanning check again (it reads which tables exist).
"""

from django.db import migrations

from rulebook.versioning.guards import STAMPS, install_guards, remove_guards

TABLE = "rulebook_documentstamp"


def forwards(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor in STAMPS:
        with connection.cursor() as cursor:
            cursor.execute(STAMPS[connection.vendor])
    install_guards(connection)  # fills the table, then guards it


def backwards(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor in STAMPS:
        remove_guards(connection, tables={TABLE})
        with connection.cursor() as cursor:
            cursor.execute(f"DROP TABLE {TABLE}")
    install_guards(connection)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0012_review"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]

"""The database guards of issue 23 (:mod:`rulebook.versioning.guards`), on
databases already migrated past ``0004_integrity``:

- a published correction keeps its original language and its wording
  (title and summary in its original language; a translation once there),
  besides its game, date, number and stamps;
- only the workflow publishes: a clause version becomes published only with
  its published correction (same stamp and publisher) or as the first
  import of its source page, and no draft goes into a published correction.

``install_guards`` drops and creates every trigger (idempotent), as after
every ``migrate``.  Backwards nothing is dropped: the guards of
``0004_integrity`` are the same functions, reinstalled by ``post_migrate``.
"""

from django.db import migrations

from rulebook.versioning.guards import install_guards


def guards(apps, schema_editor):
    install_guards(schema_editor.connection)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0007_rulings"),
    ]

    operations = [
        migrations.RunPython(guards, migrations.RunPython.noop),
    ]

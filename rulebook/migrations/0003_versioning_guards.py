"""Database guards of published clause versions, and the editorial groups.

See :mod:`rulebook.guards` (triggers on SQLite and PostgreSQL, the flush
permit) and :mod:`rulebook.roles` (the "Editors" and "Publishers" groups).
"""

from django.db import migrations

from rulebook.guards import install_guards, remove_guards
from rulebook.roles import ensure_groups


def guards(apps, schema_editor):
    install_guards(schema_editor.connection)


def no_guards(apps, schema_editor):
    remove_guards(schema_editor.connection)


def groups(apps, schema_editor):
    ensure_groups(apps, using=schema_editor.connection.alias)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0002_versioning_workflow"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(guards, no_guards),
        migrations.RunPython(groups, migrations.RunPython.noop),
    ]

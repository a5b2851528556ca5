"""The structure a clause version carries: key, printed label, section, position.

A correction that adds, moves or renumbers a clause publishes a new version
carrying the clause's new structure (``rulebook.versioning.structure``).
Existing versions take their clause's structure; the guards are dropped
while the table is rebuilt (SQLite) and filled (a published version's
structure is fixed), and installed again with the new columns frozen.  Backwards, the columns go.
"""

import django.db.models.deletion
from django.db import migrations, models

from rulebook.versioning.guards import install_guards, remove_guards


def fill_structure(apps, schema_editor):
    ClauseVersion = apps.get_model("rulebook", "ClauseVersion")
    Clause = apps.get_model("rulebook", "Clause")
    connection = schema_editor.connection
    for clause in Clause.objects.all().iterator():
        ClauseVersion.objects.filter(clause_id=clause.pk).update(
            key=clause.key, label=clause.label, section_id=clause.section_id,
            position=float(clause.position))
    install_guards(connection)


def drop_guards(apps, schema_editor):
    remove_guards(schema_editor.connection)


def restore_guards(apps, schema_editor):
    install_guards(schema_editor.connection)


class Migration(migrations.Migration):

    dependencies = [
        ('rulebook', '0009_ruling_search'),
    ]

    operations = [
        migrations.RunPython(drop_guards, restore_guards),
        migrations.AddField(
            model_name='clauseversion',
            name='key',
            field=models.CharField(blank=True, help_text="The clause's key from this version on, e.g. “107.2”.", max_length=120, verbose_name='key'),
        ),
        migrations.AddField(
            model_name='clauseversion',
            name='label',
            field=models.CharField(blank=True, help_text='How the key is printed from this version on.', max_length=160, verbose_name='label'),
        ),
        migrations.AddField(
            model_name='clauseversion',
            name='position',
            field=models.FloatField(blank=True, editable=False, help_text='Order in the document from this version on.', null=True, verbose_name='position'),
        ),
        migrations.AddField(
            model_name='clauseversion',
            name='section',
            field=models.ForeignKey(blank=True, help_text='The section the clause is in from this version on.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='rulebook.section', verbose_name='section'),
        ),
        migrations.RunPython(fill_structure, drop_guards),
    ]

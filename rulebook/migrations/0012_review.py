"""The open points an official ruling decides in the calculator (RulingDecision, fixed
with the ruling by the triggers of :mod:`rulebook.versioning.guards`, installed here) and
what a published correction puts up for review (ReviewItem)."""


import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

from rulebook.versioning.guards import install_guards, remove_guards


def guards(apps, schema_editor):
    install_guards(schema_editor.connection)


def drop_decision_guards(apps, schema_editor):
    remove_guards(schema_editor.connection, tables={"rulebook_rulingdecision"})


class Migration(migrations.Migration):

    dependencies = [
        ('rulebook', '0011_section_versions'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ReviewItem',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('ruling', 'official ruling'), ('translation', 'translation'), ('glossary', 'glossary entry'), ('rule', 'calculator rule'), ('example', 'worked example')], max_length=12, verbose_name='kind')),
                ('language', models.CharField(blank=True, choices=[('de', 'German'), ('ru', 'Russian'), ('en', 'English')], max_length=8, verbose_name='language')),
                ('subject', models.CharField(blank=True, help_text="What rests on the clause: the calculator rule's or worked example's name.", max_length=200, verbose_name='item')),
                ('state', models.CharField(choices=[('open', 'waiting for review'), ('confirmed', 'confirmed: still valid'), ('superseded', 'superseded')], default='open', max_length=12, verbose_name='state')),
                ('note', models.TextField(blank=True, verbose_name='note')),
                ('acted_at', models.DateTimeField(blank=True, null=True, verbose_name='reviewed')),
                ('acted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='reviewed by')),
                ('clause', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='review_items', to='rulebook.clause', verbose_name='clause')),
                ('correction', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='review_items', to='rulebook.correction', verbose_name='correction')),
                ('glossary_term', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='review_items', to='rulebook.glossaryterm', verbose_name='glossary entry')),
                ('ruling', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='review_items', to='rulebook.ruling', verbose_name='ruling')),
                ('superseded_by_ruling', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='rulebook.ruling', verbose_name='superseded by ruling')),
            ],
            options={
                'verbose_name': 'item to review',
                'verbose_name_plural': 'items to review',
                'ordering': ['correction', 'clause', 'kind', 'id'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('acted_at__isnull', True), ('state', 'open')), models.Q(models.Q(('state', 'open'), _negated=True), ('acted_at__isnull', False)), _connector='OR'), name='review_item_acted_when_cleared')],
            },
        ),
        migrations.CreateModel(
            name='RulingDecision',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('point', models.CharField(help_text="The key of the calculator's open point the ruling decides, e.g. “np-defending”.", max_length=100, verbose_name='open point')),
                ('reading', models.CharField(help_text='The key of the reading the ruling supports, e.g. “self”.', max_length=100, verbose_name='reading supported')),
                ('ruling', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decisions', to='rulebook.ruling', verbose_name='ruling')),
            ],
            options={
                'verbose_name': 'open point decided',
                'verbose_name_plural': 'open points decided',
                'ordering': ['ruling', 'point'],
                'constraints': [models.UniqueConstraint(fields=('ruling', 'point'), name='ruling_decides_point_once')],
            },
        ),
        migrations.RunPython(guards, drop_decision_guards),
    ]

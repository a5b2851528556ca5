"""Official rulings and FAQ entries (rulebook.models.rulings), and their guards.

The triggers of :mod:`rulebook.versioning.guards` for the two new tables are
installed here; the reverse drops them before the tables go.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


from rulebook.versioning.guards import install_guards, remove_guards

RULING_TABLES = {"rulebook_ruling", "rulebook_rulingclause"}


def guards(apps, schema_editor):
    install_guards(schema_editor.connection)


def drop_ruling_guards(apps, schema_editor):
    remove_guards(schema_editor.connection, tables=RULING_TABLES)


class Migration(migrations.Migration):

    dependencies = [
        ('rulebook', '0006_search_language_indexes'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Ruling',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(blank=True, editable=False, help_text="Public number within the game, given at publication; used in the ruling's address.", null=True, verbose_name='number')),
                ('kind', models.CharField(choices=[('ruling', 'official ruling'), ('faq', 'FAQ entry')], default='ruling', max_length=10, verbose_name='kind')),
                ('source_title', models.CharField(help_text="The publisher's document or page, as it names itself, e.g. “FAQ zum Referenzhandbuch”.", max_length=300, verbose_name='source')),
                ('source_date', models.DateField(help_text='The date the publisher gave it; the ruling is shown on the rules as of this date.', verbose_name='date of the ruling')),
                ('source_url', models.URLField(blank=True, verbose_name='source address')),
                ('source_citation', models.CharField(blank=True, help_text='Where in the source, e.g. “question 12” or “p. 3”; or the whole citation of a printed source.', max_length=300, verbose_name='citation')),
                ('language', models.CharField(choices=[('de', 'German'), ('ru', 'Russian'), ('en', 'English')], help_text='The language the publisher wrote it in.', max_length=8, verbose_name='original language')),
                ('question', models.TextField(verbose_name='question')),
                ('question_de', models.TextField(null=True, verbose_name='question')),
                ('question_ru', models.TextField(null=True, verbose_name='question')),
                ('question_en', models.TextField(null=True, verbose_name='question')),
                ('answer', models.TextField(verbose_name='answer')),
                ('answer_de', models.TextField(null=True, verbose_name='answer')),
                ('answer_ru', models.TextField(null=True, verbose_name='answer')),
                ('answer_en', models.TextField(null=True, verbose_name='answer')),
                ('status', models.CharField(choices=[('current', 'current'), ('superseded', 'superseded'), ('withdrawn', 'withdrawn')], default='current', editable=False, max_length=12, verbose_name='status')),
                ('status_date', models.DateField(blank=True, editable=False, null=True, verbose_name='status since')),
                ('status_reason', models.TextField(blank=True, editable=False, verbose_name='reason')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                ('submitted_at', models.DateTimeField(blank=True, editable=False, null=True, verbose_name='submitted for review')),
                ('published_at', models.DateTimeField(blank=True, editable=False, null=True, verbose_name='published')),
                ('revision', models.PositiveIntegerField(default=1, editable=False, verbose_name='draft revision')),
                ('created_by', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='created by')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='rulings', to='rulebook.game', verbose_name='game')),
                ('published_by', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='published by')),
                ('submitted_by', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='submitted by')),
                ('superseded_by', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='supersedes', to='rulebook.ruling', verbose_name='superseded by ruling')),
                ('superseded_by_correction', models.ForeignKey(blank=True, editable=False, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='superseded_rulings', to='rulebook.correction', verbose_name='superseded by correction')),
            ],
            options={
                'verbose_name': 'official ruling',
                'verbose_name_plural': 'official rulings',
                'ordering': ['game', '-source_date', '-number'],
                'permissions': [('publish_ruling', 'Can publish an official ruling')],
            },
        ),
        migrations.CreateModel(
            name='RulingClause',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveIntegerField(default=0, verbose_name='position')),
                ('clause', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='interpretations', to='rulebook.clause', verbose_name='clause')),
                ('ruling', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='interpretations', to='rulebook.ruling', verbose_name='ruling')),
                ('version', models.ForeignKey(blank=True, editable=False, help_text="The clause's version in force on the ruling's date, fixed at publication.", null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='rulebook.clauseversion', verbose_name='version interpreted')),
            ],
            options={
                'verbose_name': 'clause interpreted',
                'verbose_name_plural': 'clauses interpreted',
                'ordering': ['ruling', 'position', 'id'],
            },
        ),
        migrations.AddConstraint(
            model_name='ruling',
            constraint=models.UniqueConstraint(fields=('game', 'number'), name='ruling_unique_number_per_game'),
        ),
        migrations.AddConstraint(
            model_name='ruling',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('status', 'current'), ('status_date__isnull', True), ('superseded_by__isnull', True), ('superseded_by_correction__isnull', True)), models.Q(('status', 'withdrawn'), ('status_date__isnull', False), ('superseded_by__isnull', True), ('superseded_by_correction__isnull', True)), models.Q(('status', 'superseded'), ('status_date__isnull', False), models.Q(('superseded_by__isnull', False), ('superseded_by_correction__isnull', False), _connector='OR')), _connector='OR'), name='ruling_status_consistent'),
        ),
        migrations.AddConstraint(
            model_name='ruling',
            constraint=models.CheckConstraint(condition=models.Q(('published_at__isnull', False), ('status', 'current'), _connector='OR'), name='ruling_draft_is_current'),
        ),
        migrations.AddConstraint(
            model_name='rulingclause',
            constraint=models.UniqueConstraint(fields=('ruling', 'clause'), name='ruling_clause_once'),
        ),
        migrations.RunPython(guards, drop_ruling_guards),
    ]

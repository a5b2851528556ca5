"""Integrity of what is published: public correction numbers, the text each
clause last had in its source page, and triggers on every published table.

- ``Correction.number``: a column of every migration since ``0001`` (data,
  never derived again: migrating down and up keeps it).  Databases made
  before numbers existed get the column here, and their published
  corrections keep the number of their old address (the row id), so every
  link published then stays valid; a published correction that still has
  no number (never the case after publication) gets its row id where that
  number is free in its game, else the game's next one.
- ``ImportedText``: the latest version that came with the source page
  (no publisher), so a later import compares the page with what was
  imported, not with what editors published since.
- The triggers of :mod:`rulebook.versioning.guards` (the permit table of
  the first design is dropped).
"""

import django.db.models.deletion
from django.db import migrations, models

from rulebook.versioning.guards import install_guards, remove_guards


def drop_guards(apps, schema_editor):
    remove_guards(schema_editor.connection)


def guards(apps, schema_editor):
    install_guards(schema_editor.connection)


def add_number_if_missing(apps, schema_editor):
    # Only a database migrated to 0003 before 0001 had the column lacks it.
    connection = schema_editor.connection
    with connection.cursor() as cursor:
        columns = [c.name for c in connection.introspection.get_table_description(
            cursor, "rulebook_correction")]
    if "number" not in columns:
        Correction = apps.get_model("rulebook", "Correction")
        schema_editor.add_field(Correction, Correction._meta.get_field("number"))


def number_published_corrections(apps, schema_editor):
    Correction = apps.get_model("rulebook", "Correction")
    for correction in Correction.objects.filter(published_at__isnull=False,
                                                number__isnull=True).order_by("pk"):
        taken = Correction.objects.filter(game_id=correction.game_id, number=correction.pk)
        number = correction.pk if not taken.exists() else (Correction.objects.filter(
            game_id=correction.game_id).aggregate(n=models.Max("number"))["n"] or 0) + 1
        Correction.objects.filter(pk=correction.pk).update(number=number)


def record_imported_texts(apps, schema_editor):
    import hashlib

    Clause = apps.get_model("rulebook", "Clause")
    ClauseVersion = apps.get_model("rulebook", "ClauseVersion")
    ImportedText = apps.get_model("rulebook", "ImportedText")
    for clause in Clause.objects.select_related("document"):
        language = clause.document.language
        imported = (ClauseVersion.objects.filter(
            clause=clause, published_at__isnull=False, published_by__isnull=True)
            .filter(models.Q(correction__isnull=True)
                    | models.Q(correction__published_by__isnull=True))
            .order_by("-number").first())
        if imported is None or ImportedText.objects.filter(clause=clause).exists():
            continue
        text = getattr(imported, f"text_{language}") or ""
        ImportedText.objects.create(
            clause=clause, text=text, title=getattr(imported, f"title_{language}") or "",
            digest=hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest(),
            effective_date=imported.effective_date, imported_at=imported.published_at)


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0003_glossary"),
    ]

    operations = [
        migrations.RunPython(drop_guards, guards),
        # The column is in 0001 (state and new databases); the reverse keeps it.
        migrations.RunPython(add_number_if_missing, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="correction",
            constraint=models.UniqueConstraint(fields=("game", "number"),
                                               name="correction_unique_number_per_game"),
        ),
        migrations.CreateModel(
            name="ImportedText",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                           serialize=False, verbose_name="ID")),
                ("title", models.CharField(blank=True, max_length=300, verbose_name="title")),
                ("text", models.TextField(blank=True, verbose_name="text")),
                ("digest", models.CharField(editable=False, max_length=64,
                                            verbose_name="digest of the text")),
                ("effective_date", models.DateField(blank=True, null=True,
                                                    verbose_name="date in the source")),
                ("imported_at", models.DateTimeField(verbose_name="imported")),
                ("clause", models.ForeignKey(
                    on_delete=django.db.models.deletion.CASCADE, related_name="imported_texts",
                    to="rulebook.clause", verbose_name="clause")),
                ("correction", models.ForeignKey(
                    blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL,
                    related_name="imported_texts", to="rulebook.correction",
                    verbose_name="proposed in correction")),
            ],
            options={"verbose_name": "imported source text",
                     "verbose_name_plural": "imported source texts",
                     "ordering": ["clause", "pk"]},
        ),
        migrations.RunPython(number_published_corrections, migrations.RunPython.noop),
        migrations.RunPython(record_imported_texts, migrations.RunPython.noop),
        migrations.RunPython(guards, drop_guards),
    ]

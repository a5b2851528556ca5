"""Game and document slugs are checked against the site's own addresses
(:mod:`rulebook.models.slugs`): the fields' validators.

Validators live in Python only: no table changes, on SQLite and PostgreSQL
alike, and no stored slug changes (the slugs of existing rows stay as they are).
"""

from django.db import migrations, models

import rulebook.models.slugs


class Migration(migrations.Migration):

    dependencies = [
        ("rulebook", "0015_search_heading_index"),
    ]

    operations = [
        migrations.AlterField(
            model_name="document",
            name="slug",
            field=models.SlugField(help_text="Used in addresses, e.g. “referenzhandbuch”.",
                                   validators=[rulebook.models.slugs.validate_document_slug],
                                   verbose_name="slug"),
        ),
        migrations.AlterField(
            model_name="game",
            name="slug",
            field=models.SlugField(help_text="Used in addresses, e.g. “berserk”.", unique=True,
                                   validators=[rulebook.models.slugs.validate_game_slug],
                                   verbose_name="slug"),
        ),
    ]

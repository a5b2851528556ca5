"""``manage.py import_rulebook FILE``: restore a game exported by export_rulebook."""

import json

from django.core.management.base import BaseCommand, CommandError

from rulebook.versioning.exporting import RestoreError, restore_game


class Command(BaseCommand):
    """Restore a game's rulebook from an export_rulebook JSON file."""

    help = ("Restore a game's rulebook from an export_rulebook JSON file into a database that "
            "does not have the game yet.")

    def add_arguments(self, parser):
        parser.add_argument("file", help="JSON file written by export_rulebook.")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError) as error:
            raise CommandError(f"Cannot read {file}: {error}")
        try:
            game = restore_game(data)
        except (RestoreError, KeyError, TypeError) as error:
            raise CommandError(f"Nothing restored: {error}")
        drafts = (game.corrections.drafts().count(),
                  game.rulings.drafts().count())
        self.stdout.write(f"Restored {game.slug}: {game.documents.count()} documents, "
                          f"{game.corrections.published().count()} corrections, "
                          f"{game.glossary_terms.count()} glossary terms, "
                          f"{game.rulings.published().count()} official rulings"
                          + (f"; unpublished, as the editors left them: {drafts[0]} draft "
                             f"corrections, {drafts[1]} draft rulings." if any(drafts) else "."))

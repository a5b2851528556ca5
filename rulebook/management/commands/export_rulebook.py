"""``manage.py export_rulebook GAME``: a game's rulebook as JSON or Markdown."""

import datetime
import json

from django.core.management.base import BaseCommand, CommandError

from rulebook.versioning.exporting import export_game, export_markdown
from rulebook.models import Game


class Command(BaseCommand):
    """Export a game's rulebook to JSON or Markdown."""

    help = ("Export a game's rulebook as known on a date: JSON (all languages, all versions, "
            "corrections; without --as-of also the unpublished drafts; restore it with "
            "import_rulebook) or Markdown (the text in force).")

    def add_arguments(self, parser):
        parser.add_argument("game", help="Game slug, e.g. power-duell.")
        parser.add_argument("--as-of", metavar="YYYY-MM-DD",
                            help="Date (default: JSON everything published, Markdown today).")
        parser.add_argument("--format", choices=["json", "markdown"], default="json")
        parser.add_argument("-o", "--output", metavar="FILE", help="Write to FILE, not stdout.")

    def handle(self, *args, game, as_of, format, output, **options):
        try:
            game_obj = Game.objects.get(slug=game)
        except Game.DoesNotExist:
            known = ", ".join(Game.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"Unknown game “{game}”. Known: {known}.")
        try:
            on = datetime.date.fromisoformat(as_of) if as_of else None
        except ValueError:
            raise CommandError(f"--as-of “{as_of}” is not a date; use YYYY-MM-DD.")
        if format == "json":
            text = json.dumps(export_game(game_obj, on), ensure_ascii=False, indent=2) + "\n"
        else:
            text = export_markdown(game_obj, on)
        if output:
            with open(output, "w", encoding="utf-8") as handle:
                handle.write(text)
        else:
            self.stdout.write(text, ending="")

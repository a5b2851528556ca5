"""``manage.py import_rules``: import the source pages into the rulebook."""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from rulebook.importing import SourceFormatError, import_source, load_manifest
from rulebook.importing.translations import load_translations


class Command(BaseCommand):
    """Import the source pages listed in the manifest (all, or the ones named)."""

    help = ("Import the project's copies of the source pages (rulebook/sources/manifest.toml). "
            "Idempotent: an unchanged page creates nothing; a changed page creates new "
            "versions of the changed clauses only.")

    def add_arguments(self, parser):
        parser.add_argument("documents", nargs="*", metavar="GAME/DOCUMENT",
                            help="Only these sources, e.g. berserk/comprehensive-rules "
                                 "(default: all).")
        parser.add_argument("--text", type=Path, metavar="FILE",
                            help="Import FILE instead of the stored copy (one source only).")

    def handle(self, *args, documents, text, **options):
        specs = load_manifest()
        if documents:
            known = {f"{spec.game}/{spec.document}": spec for spec in specs}
            unknown = [name for name in documents if name not in known]
            if unknown:
                raise CommandError(f"Unknown source(s): {', '.join(unknown)}. "
                                   f"Known: {', '.join(known)}.")
            specs = [known[name] for name in documents]
        if text and len(specs) != 1:
            raise CommandError("--text needs exactly one GAME/DOCUMENT.")
        for spec in specs:
            try:
                content = text.read_text(encoding="utf-8") if text else None
                report = import_source(spec, content)
            except UnicodeDecodeError as exc:  # a file that is not text: nothing imported
                raise CommandError(f"{spec.game}/{spec.document}: {text} is not UTF-8 text "
                                   f"(byte {exc.start}); nothing was imported.") from exc
            except (OSError, SourceFormatError) as exc:
                raise CommandError(f"{spec.game}/{spec.document}: {exc}") from exc
            except ValidationError as exc:  # a new slug the site's own addresses use
                raise CommandError(f"{spec.game}/{spec.document}: {' '.join(exc.messages)} "
                                   f"Nothing was imported.") from exc
            self.stdout.write(str(report))
            if report.missing_from_source:
                self.stdout.write(self.style.WARNING(
                    "  clauses no longer in the source (kept): "
                    + ", ".join(report.missing_from_source)))
        # The site's own translations and glossaries (rulebook/sources/translations,
        # glossary): fill what is missing, never overwrite.
        self.stdout.write(str(load_translations()))

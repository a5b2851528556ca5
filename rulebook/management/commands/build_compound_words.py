"""``manage.py build_compound_words``: write the German word list of the
compound splitter (rulebook/search/data/words-de.txt) from the sources."""

import tomllib
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from rulebook.importing import load_manifest
from rulebook.search.compounds import WORDS_FILE, build_words


def german_texts(root: Path | None = None) -> list[str]:
    """The rulebook's German texts: German source pages, the German
    translations and the German glossary terms."""
    root = Path(root or settings.RULEBOOK_SOURCES)
    texts = [spec.path(root).read_text(encoding="utf-8")
             for spec in load_manifest(root / "manifest.toml") if spec.language == "de"]
    for path in sorted((root / "translations").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        texts += [entry.get("de", "") for entry in data.get("clauses", {}).values()]
        texts += [entry.get("de", "") for entry in data.get("sections", {}).values()]
    for path in sorted((root / "glossary").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for term in data.get("term", []):
            texts += [term.get("de", ""), *term.get("variants", {}).get("de", [])]
    return texts


class Command(BaseCommand):
    """Rewrite the compound splitter's dictionary from the rulebook's German words."""

    help = "Write rulebook/search/data/words-de.txt from the German sources, translations and glossaries."

    def handle(self, *args, **options):
        words = build_words(german_texts())
        WORDS_FILE.write_text(
            "# German words of the rulebook (manage.py build_compound_words); "
            "the compound splitter's dictionary.\n" + "\n".join(words) + "\n", encoding="utf-8")
        self.stdout.write(f"{len(words)} words written to {WORDS_FILE}")

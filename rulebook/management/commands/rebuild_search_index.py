"""``manage.py rebuild_search_index``: rebuild the search index and the
stored references from the published clause versions."""

from django.core.management.base import BaseCommand

from rulebook.models import ClauseVersion
from rulebook.references.services import store_references
from rulebook.search.indexing import rebuild


class Command(BaseCommand):
    """Rebuild the search index and the stored cross-references."""
    help = "Rebuild the search index and the stored cross-references of every clause version."

    def add_arguments(self, parser):
        parser.add_argument("--no-references", action="store_true",
                            help="Rebuild only the search index.")

    def handle(self, *args, no_references=False, **options):
        entries = rebuild()
        self.stdout.write(f"search index: {entries} entries")
        if not no_references:
            count = 0
            for version in ClauseVersion.objects.select_related("clause__document").iterator():
                count += store_references(version)
            self.stdout.write(f"references: {count} stored")

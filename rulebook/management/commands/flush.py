"""``manage.py flush``, allowed to empty the table of published clause versions.

Database triggers refuse to delete a published clause version (see
:mod:`rulebook.versioning.guards`).  Flushing the whole database — which
Django's transactional tests do between tests — is the one exception: this
command grants a permit for its duration.
"""

from django.core.management.commands.flush import Command as FlushCommand
from django.db import DEFAULT_DB_ALIAS, connections

from rulebook.versioning.guards import PERMIT_TABLE


class Command(FlushCommand):
    """Django's flush, lifting the guard on published versions for the duration."""

    help = FlushCommand.help + " Published clause versions are removed too."

    def handle(self, **options):
        connection = connections[options.get("database") or DEFAULT_DB_ALIAS]
        with connection.cursor() as cursor:
            has_permit = PERMIT_TABLE in connection.introspection.table_names(cursor)
            if has_permit:
                cursor.execute(f"INSERT INTO {PERMIT_TABLE} (granted_at) VALUES (CURRENT_TIMESTAMP)")
        try:
            return super().handle(**options)
        finally:
            if has_permit:
                with connection.cursor() as cursor:
                    cursor.execute(f"DELETE FROM {PERMIT_TABLE}")

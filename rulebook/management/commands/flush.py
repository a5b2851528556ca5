"""``manage.py flush``, allowed to empty the tables of published rules.

Database triggers refuse to delete what is published (see
:mod:`rulebook.versioning.guards`).  Flushing the whole database — which
Django's transactional tests do between tests — is the one exception: this
command drops the triggers, flushes and installs them again, in one
transaction (nothing else can write in between, and a failed flush keeps
the triggers).  There is no permit a running site could write.  The
stamps the triggers record (``rulebook_documentstamp``) of versions the
flush removed are removed too.
"""

from django.core.management.commands.flush import Command as FlushCommand
from django.db import DEFAULT_DB_ALIAS, connections, transaction

from rulebook.versioning.guards import STALE_STAMPS, install_guards, remove_guards


class Command(FlushCommand):
    """Django's flush, with the guards of published rules lifted for its duration."""

    help = FlushCommand.help + " Published clause versions are removed too."

    def handle(self, **options):
        database = options.get("database") or DEFAULT_DB_ALIAS
        connection = connections[database]
        if connection.vendor != "sqlite":
            # PostgreSQL's flush is TRUNCATE, which row triggers do not see.
            # The stamps of the versions it removed go too (they are not a
            # model's table, so flush does not empty them).
            result = super().handle(**options)
            if "rulebook_documentstamp" in connection.introspection.table_names():
                with connection.cursor() as cursor:
                    cursor.execute(STALE_STAMPS)
            return result
        with transaction.atomic(using=database):
            remove_guards(connection)
            result = super().handle(**options)
            install_guards(connection)
        return result

"""``manage.py migrate``, which also creates a missing SQLite file.

The site opens its SQLite file with ``mode=rw`` (``rulesite/settings.py``):
a missing file is an error, never a new empty database that workers would
silently answer from.  Creating the database is the job of ``migrate`` on a
fresh machine, so this command creates the empty file first.
"""

from pathlib import Path
from urllib.parse import unquote, urlparse

from django.core.management.commands.migrate import Command as MigrateCommand
from django.db import DEFAULT_DB_ALIAS, connections


def sqlite_path(name: str) -> Path | None:
    """The file of a ``file:…?mode=rw`` SQLite address, else ``None``.

    >>> sqlite_path("file:///srv/var/db.sqlite3?mode=rw")
    PosixPath('/srv/var/db.sqlite3')
    >>> sqlite_path("file:memorydb_default?mode=memory&cache=shared") is None
    True
    """
    if not name.startswith("file:") or "mode=rw" not in name.split("?", 1)[-1]:
        return None
    return Path(unquote(urlparse(name).path))


class Command(MigrateCommand):
    """Django's migrate; a missing SQLite file opened ``mode=rw`` is created first."""

    def handle(self, *args, **options):
        connection = connections[options.get("database") or DEFAULT_DB_ALIAS]
        if connection.vendor == "sqlite":
            path = sqlite_path(str(connection.settings_dict["NAME"]))
            if path is not None and not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                path.touch()
        return super().handle(*args, **options)

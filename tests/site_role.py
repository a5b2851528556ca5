"""Run the PostgreSQL suite as the site's least-privilege role (README, "Least privilege").

The deployment runs migrations as the role that owns the tables and the site as a
role with only SELECT, INSERT, UPDATE and DELETE on them.  With
``RULEBOOK_TEST_SITE_ROLE=1`` (set by ``make test-postgres``) the suite does the
same: the test database is created and migrated by the suite's own role (the
owner), then every connection to it switches to :data:`ROLE` with ``SET ROLE``,
a role given exactly the README's grants.  Everything a test runs in-process — the
site's pages, admin, API, imports, publication — then runs without the power to
``TRUNCATE``, ``ALTER`` or ``DROP``.

Two things stay the owner's, as in a deployment where they are the operator's:

- ``migrate`` (run by the operator as the owner, README) and the test harness's
  own cleanup (``flush`` between transactional tests uses ``TRUNCATE`` and
  reinstalls the guards' triggers): :func:`install` runs both commands as the owner;
- tests of an operator's DDL or of what the owner may do: they use :func:`as_owner`.

Subprocesses a test starts connect with the suite's own settings, as the owner.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from django.db import DatabaseError
from django.db import connection as default_connection
from django.db.transaction import TransactionManagementError
from django.db.backends.signals import connection_created

#: The NOLOGIN role the suite's connections switch to (cluster-wide, created once).
ROLE = "rulebook_site_test"

_CREATE_ROLE = f"""
DO $$ BEGIN
  CREATE ROLE {ROLE} NOLOGIN;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$
"""

#: The README's grants (default privileges for what later migrations create, as
#: when a test migrates down and up again), and the same on what exists.
_GRANTS = [
    f"GRANT USAGE ON SCHEMA public TO {ROLE}",
    "ALTER DEFAULT PRIVILEGES IN SCHEMA public "
    f"GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {ROLE}",
    f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO {ROLE}",
    f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {ROLE}",
    f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {ROLE}",
]


def wanted() -> bool:
    """Whether the suite runs as the site's role: PostgreSQL and ``RULEBOOK_TEST_SITE_ROLE``."""
    return (default_connection.vendor == "postgresql"
            and os.environ.get("RULEBOOK_TEST_SITE_ROLE", "") not in ("", "0"))


def _is_test_database(connection) -> bool:
    """Whether ``connection`` is to the migrated test database (not the server's
    ``postgres`` database Django uses to create and drop it)."""
    return (connection.vendor == "postgresql"
            and connection.settings_dict["NAME"] == default_connection.settings_dict["NAME"])


def _switch(sender, connection, **kwargs) -> None:
    """``connection_created`` receiver: a new connection to the test database
    takes the site's role."""
    if _is_test_database(connection):
        with connection.cursor() as cursor:
            cursor.execute(f"SET ROLE {ROLE}")


def _as_owner(original):
    """Wrap a command's ``handle`` to run as the owner, then return to the site's
    role: ``migrate`` (the operator's step, README) and ``flush`` (the harness's
    cleanup between transactional tests: ``TRUNCATE``, and the guards' triggers
    reinstalled by ``post_migrate``)."""

    def handle(self, **options):
        with as_owner():
            return original(self, **options)

    handle.__wrapped__ = original
    return handle


def install() -> None:
    """Grant the README's privileges to :data:`ROLE` on the migrated test
    database and switch every connection to it (called once per test session,
    after ``django_db_setup``).

    :raises django.db.DatabaseError: when the suite's role may not create roles.
    """
    from rulebook.management.commands.flush import Command as Flush
    from rulebook.management.commands.migrate import Command as Migrate

    with default_connection.cursor() as cursor:
        cursor.execute(_CREATE_ROLE)
        for grant in _GRANTS:
            cursor.execute(grant)
        cursor.execute(f"SET ROLE {ROLE}")
    connection_created.connect(_switch, dispatch_uid="rulebook-site-role")
    for command in (Flush, Migrate):
        if not hasattr(command.handle, "__wrapped__"):
            command.handle = _as_owner(command.handle)


@contextlib.contextmanager
def as_owner(connection=default_connection) -> Iterator[None]:
    """Run the block as the suite's own role (the tables' owner), then switch
    back to the site's role; does nothing when the suite does not run as the site's role."""
    if not (wanted() and _is_test_database(connection)):
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("RESET ROLE")
    try:
        yield
    finally:
        # A failed block's rollback undoes the RESET with it; otherwise switch back.
        with contextlib.suppress(DatabaseError, TransactionManagementError):
            if connection.connection is not None:
                with connection.cursor() as cursor:
                    cursor.execute(f"SET ROLE {ROLE}")

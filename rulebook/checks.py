"""``manage.py check --deploy``: the site's database role has least privilege.

The triggers of :mod:`rulebook.versioning.guards` refuse every change to what is
published, but a role that owns the tables can drop the triggers, ``ALTER`` or
``TRUNCATE`` the tables (which row triggers do not see).  On PostgreSQL the site
should therefore run as a role with only SELECT, INSERT, UPDATE and DELETE on the
rulebook's tables, and migrations as the owner role (README, "Least privilege").
The check warns (``rulebook.W001``) when the connected role is a superuser, owns
a table of the site, may ``TRUNCATE`` one or create objects in its schema.
SQLite has no roles: a file the server may write is the whole database.
"""

from __future__ import annotations

from django.core import checks
from django.db import DatabaseError, connection

#: What a role may do that the site's own role must not, as SQL over the site's tables.
_POWERS = """
SELECT current_user, r.rolsuper,
       (SELECT count(*) FROM pg_tables t WHERE t.schemaname = current_schema()
          AND pg_has_role(current_user, t.tableowner, 'USAGE')),
       (SELECT count(*) FROM pg_tables t WHERE t.schemaname = current_schema()
          AND has_table_privilege(current_user,
                                  quote_ident(t.schemaname) || '.' || quote_ident(t.tablename),
                                  'TRUNCATE')),
       has_schema_privilege(current_user, current_schema(), 'CREATE')
FROM pg_roles r WHERE r.rolname = current_user
"""


def role_powers() -> dict[str, object] | None:
    """What the connected PostgreSQL role may do beyond reading and writing rows.

    :returns: ``{"role": str, "superuser": bool, "owns": int, "truncates": int,
        "creates": bool}`` (table counts in the connection's schema), or ``None``
        on another database or when the database does not answer.
    """
    if connection.vendor != "postgresql":
        return None
    try:
        with connection.cursor() as cursor:
            cursor.execute(_POWERS)
            role, superuser, owns, truncates, creates = cursor.fetchone()
    except DatabaseError:
        return None
    return {"role": role, "superuser": superuser, "owns": owns, "truncates": truncates,
            "creates": creates}


@checks.register(checks.Tags.security, checks.Tags.database, deploy=True)
def site_role_has_least_privilege(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """``rulebook.W001`` when the site's PostgreSQL role can alter its own tables."""
    powers = role_powers()
    if powers is None:
        return []
    reasons = []
    if powers["superuser"]:
        reasons.append("is a superuser")
    if powers["owns"]:
        reasons.append(f"owns {powers['owns']} tables")
    if powers["truncates"]:
        reasons.append(f"may TRUNCATE {powers['truncates']} tables")
    if powers["creates"]:
        reasons.append("may create objects in the schema")
    if not reasons:
        return []
    return [checks.Warning(
        f"The site's database role “{powers['role']}” {', '.join(reasons)}: it could drop the "
        f"guards of published rules or empty their tables.",
        hint="Run migrations as the owner role and the site as a role with only SELECT, "
             "INSERT, UPDATE and DELETE on the tables and USAGE on the sequences (README, "
             "“Least privilege”).",
        id="rulebook.W001")]

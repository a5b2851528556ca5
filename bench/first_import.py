"""Time of a document's first import as it grows: the database's publication
guard (:mod:`rulebook.versioning.guards`) checks every inserted version.

Run: ``.venv/bin/python -m bench.first_import [--sizes 2000 5000 10000]``.

In a database of its own (``var/bench/first_import.sqlite3``, or, when
``DATABASE_URL`` points to PostgreSQL, ``<name>_firstimport`` on the same
server; both started afresh and the PostgreSQL one dropped at the end), adds
for each size a game, a document, its sections and clauses (not timed), then
times the insert of one published first version per clause in batches of 500,
as the importer stores them (``_publish_first``: ``bulk_create``, one stamp).
Prints seconds and microseconds per version for each size: a constant time
per version is a linear import.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _configure(vendor_url: str | None) -> tuple[str, object]:
    """Point Django at a fresh bench database; return its description and a
    function dropping it (PostgreSQL) or ``None``."""
    if vendor_url and vendor_url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _slash, name = vendor_url.rpartition("/")
        name, query = (name.split("?", 1) + [""])[:2]
        bench = f"{name or 'postgres'}_firstimport"
        assert bench.endswith("_firstimport")  # never drop <name> itself
        admin = f"{base}/postgres" + (f"?{query}" if query else "")
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{bench}"')
            conn.execute(f'CREATE DATABASE "{bench}"')

        def drop() -> None:
            from django.db import connections

            connections.close_all()
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{bench}"')

        os.environ["DATABASE_URL"] = f"{base}/{bench}" + (f"?{query}" if query else "")
        return f"PostgreSQL ({bench})", drop
    path = ROOT / "var" / "bench" / "first_import.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm"))):
        stale.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    return f"SQLite ({path})", None


def first_import(clauses: int, position: int) -> float:
    """Seconds to insert the published first versions of a new document of
    ``clauses`` clauses (sections of 50), as the importer does."""
    from django.db import transaction
    from django.utils import timezone

    from rulebook.models import Clause, ClauseVersion, Document, Game, Section, text_digest

    with transaction.atomic():
        game = Game.objects.create(slug=f"first-import-{position}", name=f"Import {position}",
                                   position=position)
        document = Document.objects.create(game=game, slug="rules", language="en",
                                           title="Rules", number="", position=position)
        sections = Section.objects.bulk_create([
            Section(document=document, slug=f"s{n}", number=str(100 + n), position=n,
                    heading_en=f"Heading {n}") for n in range(clauses // 50 + 1)])
        rows = [Clause(document=document, section=sections[i // 50],
                       key=f"{100 + i // 50}.{i % 50 + 1}", label=f"{100 + i // 50}.{i % 50 + 1}",
                       position=i) for i in range(clauses)]
        created = Clause.objects.bulk_create(rows, batch_size=1000)
        now = timezone.now()
        versions = []
        for clause in created:
            text = f"Rule {clause.key}: the text of the clause."
            version = ClauseVersion(clause=clause, number=1, published_at=now,
                                    digest=text_digest(text), text_en=text)
            version.take_structure(clause)
            versions.append(version)
        started = time.perf_counter()
        ClauseVersion.objects.bulk_create(versions, batch_size=500)
        return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 5000, 10000])
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    where, drop = _configure(os.environ.get("DATABASE_URL"))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    print(f"First import into {where}")
    try:
        for position, size in enumerate(args.sizes):
            seconds = first_import(size, position)
            print(f"{size:>7} clauses: {seconds:8.2f} s  {seconds / size * 1e6:8.0f} µs/version",
                  flush=True)
    finally:
        if drop:
            drop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``bench/search_bench.py --rebuild`` starts its own database afresh.

Published clause versions are immutable (database triggers), so the bench
cannot delete its old rulebook row by row: ``--rebuild`` (and a rulebook of
another size) deletes its SQLite file, or drops and creates its own
PostgreSQL database ``<name>_searchbench`` — never ``<name>`` itself.  Each
run is a subprocess, exactly as a developer starts it, at 30 clauses.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HEADER = ("query          p50 ms   p95 ms  p95/goal  cpu p50  cpu p95  p50/baseline")
KINDS = ["baseline", "match only", "one word", "two words", "clause key"]


def run_bench(env: dict[str, str], *args: str) -> str:
    """Run the bench with ``args``; return its output (it must succeed)."""
    done = subprocess.run([sys.executable, "bench/search_bench.py", "--queries", "3", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def figures(output: str) -> list[str]:
    """The query kinds of the table, in order."""
    return [line[:12].strip() for line in output.splitlines()
            if line[:12].strip() in KINDS]


def bench_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    return {**env, **extra}


@pytest.mark.database_free  # its own SQLite file, not the run's database
def test_rebuild_on_sqlite_deletes_its_own_file_and_builds_again(tmp_path):
    path = tmp_path / "search.sqlite3"
    env = bench_env(SEARCH_BENCH_SQLITE=str(path))
    first = run_bench(env, "--clauses", "30")
    assert re.search(r"^built 30 clauses in \d+\.\d s$", first, re.M)
    assert f"search latency on SQLite ({path}), 30 clauses, 3 queries each:" in first
    assert HEADER in first and figures(first) == KINDS
    again = run_bench(env, "--clauses", "30")  # same size: reused, not built
    assert "built" not in again and figures(again) == KINDS
    for _ in range(2):
        rebuilt = run_bench(env, "--clauses", "30", "--rebuild")
        assert re.search(r"^built 30 clauses in \d+\.\d s$", rebuilt, re.M)
        assert figures(rebuilt) == KINDS
    resized = run_bench(env, "--clauses", "45")  # another size: built afresh too
    assert re.search(r"^built 45 clauses in ", resized, re.M)
    import sqlite3

    with sqlite3.connect(path) as db:
        (clauses,) = db.execute("SELECT count(*) FROM rulebook_clause").fetchone()
        (games,) = db.execute("SELECT count(*) FROM rulebook_game").fetchone()
    assert (clauses, games) == (45, 3)


def test_rebuild_on_postgresql_drops_only_its_own_database(db):
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL only (the test database is SQLite)")
    import psycopg

    s = connection.settings_dict
    server = (f"postgres://{s['USER']}:{s['PASSWORD'] or ''}@{s['HOST'] or '127.0.0.1'}:"
              f"{s['PORT'] or 5432}")
    # the test database stands for <name>: it exists, and must survive
    url, bench = f"{server}/{s['NAME']}", f"{s['NAME']}_searchbench"
    env = bench_env(DATABASE_URL=url)
    try:
        for _ in range(2):
            output = run_bench(env, "--clauses", "30", "--rebuild")
            assert re.search(r"^built 30 clauses in ", output, re.M)
            assert f"search latency on PostgreSQL ({bench}), 30 clauses" in output
            assert figures(output) == KINDS
        with psycopg.connect(f"{server}/{bench}") as conn:
            assert conn.execute("SELECT count(*) FROM rulebook_clause").fetchone() == (30,)
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_database()")
            assert cursor.fetchone() == (s["NAME"],)
    finally:
        with psycopg.connect(f"{server}/{s['NAME']}", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{bench}"')

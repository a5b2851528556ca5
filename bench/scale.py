"""The rulebook at real size: a 10,000-clause synthetic rulebook
(:mod:`bench.synthetic`) beside the seeds, measured cold.

Prepares a site as the other benchmarks do (its own SQLite database and
collected static files, see :mod:`bench.server`), adds the synthetic
rulebook, then prints:

- SQL queries per page type of the 3,000-clause document, cold (page cache
  empty, resolver index dropped), and of the history of a clause with 50
  versions (goal ≤ 6 each);
- the first byte of the document (its first page), a section and a clause
  page served by gunicorn with a reading date of its own each time (so
  neither the page cache nor a cached page body answers), after
  :data:`WARM_UP` requests of the page with other dates (a worker's first
  request loads the reference index and renders the page's texts, which it
  then keeps):
  median and worst of ``--samples`` requests (goal: document ≤ 150 ms),
  and the page's weight compressed with gzip as a proxy sends it
  (goal ≤ 250 KB);
- the import of a 10,000-clause source page (goal < 30 s) and its
  re-import (goal: 0 new clauses, 0 new versions, rulebook revision
  unchanged).

Run: ``.venv/bin/python -m bench.scale [--samples 20]``.  Exit status 1
when a goal is missed.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import os
import statistics
import sys
import time
import urllib.request

from bench.server import environment, prepared_var_dir, serve

GOAL_QUERIES = 6
GOAL_FIRST_BYTE_MS = 150.0
GOAL_WEIGHT_KB = 250.0
GOAL_IMPORT_S = 30.0
DOCUMENT = "/de/scale-de/rules/"
# Requests per page before the measured ones (3 gunicorn workers, twice each on average).
WARM_UP = 6


def first_byte(url: str) -> tuple[float, bytes]:
    """Milliseconds to the first byte of ``url``, and the whole body."""
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=60) as response:
        response.read(1)
        elapsed = (time.perf_counter() - started) * 1000
        body = response.read()
    return elapsed, body


def setup_django(var_dir) -> None:
    """Point this process at the site's database and set Django up."""
    os.environ.update(environment(var_dir))
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()


def query_counts(pages: dict[str, str]) -> dict[str, int]:
    """Cold SQL queries of each page (page cache empty, resolver index dropped)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from rulebook.references import resolver

    client = Client(HTTP_HOST="127.0.0.1")
    counts = {}
    for name, path in pages.items():
        client.get(path)  # Django's own per-process caches (templates, content types)
        cache.clear()
        resolver._CACHE.clear()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        counts[name] = len(queries)
    return counts


def time_import() -> tuple[float, object, float, object, bool]:
    """Import a 10,000-clause source page, then again; return the times,
    reports and whether the re-import left the rulebook revision as it was."""
    from bench.synthetic import numbered_source
    from rulebook.importing import SourceSpec, import_source
    from rulebook.models import RulebookRevision

    text = numbered_source()
    spec = SourceSpec(file="synthetic.txt", format="numbered", game="scale-import",
                      document="rules", language="ru", position=20,
                      game_name={"de": "Import", "ru": "Импорт", "en": "Import"},
                      title={"ru": "Правила", "de": "", "en": ""})
    started = time.perf_counter()
    first = import_source(spec, text)
    first_s = time.perf_counter() - started
    revision = RulebookRevision.objects.values_list("number", flat=True).first()
    started = time.perf_counter()
    again = import_source(spec, text)
    again_s = time.perf_counter() - started
    unchanged = RulebookRevision.objects.values_list("number", flat=True).first() == revision
    return first_s, first, again_s, again, unchanged


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=20, help="requests per page (20)")
    parser.add_argument("--no-import", action="store_true", help="skip the import timing")
    args = parser.parse_args(argv)
    ok = True
    with prepared_var_dir() as var_dir:
        setup_django(var_dir)
        from bench.synthetic import LONG_HISTORY_KEY, build

        started = time.perf_counter()
        made = build()
        print(f"synthetic rulebook: {made['documents']}, {made['versions']} versions, "
              f"built in {time.perf_counter() - started:.1f} s")
        pages = {"document": DOCUMENT, "section": DOCUMENT + "section/s130/",
                 "document page 7": DOCUMENT + "?page=7",
                 "clause": DOCUMENT + "130.7/", "dated clause": DOCUMENT + "130.7/?as_of=2020-06-01",
                 "history (50 versions)": DOCUMENT + f"{LONG_HISTORY_KEY}/history/",
                 "history diff": DOCUMENT + f"{LONG_HISTORY_KEY}/history/?from=1&to=50",
                 "search": "/en/search/?q=ability+target&jump=0"}
        counts = query_counts(pages)
        print(f"\nSQL queries, cold (goal ≤ {GOAL_QUERIES}):")
        for name, count in counts.items():
            print(f"  {name:<24} {count}")
            ok &= count <= GOAL_QUERIES
        from django.db import connections

        connections.close_all()
        with serve(var_dir) as site:
            print(f"\nfirst byte, cold (a reading date of its own), {args.samples} requests each:")
            print(f"  {'page':<10} {'median ms':>10} {'worst ms':>9} {'HTML KB':>8} {'gzip KB':>8}")
            for name in ("document", "section", "clause"):
                path = pages[name]
                # Each worker's first request of the page loads what a worker
                # keeps (the game's reference index, the page's texts rendered
                # once): warm them with dates that are not measured.
                for n in range(WARM_UP):
                    first_byte(f"{site.url}{path}?as_of={datetime.date(2040, 1, 1 + n)}")
                times, body = [], b""
                for n in range(args.samples):
                    # A reading date of its own: neither the page cache nor the
                    # cached page body (keyed by the date) can answer.
                    day = datetime.date(2030, 1, 1) + datetime.timedelta(days=n)
                    elapsed, body = first_byte(f"{site.url}{path}?as_of={day}")
                    times.append(elapsed)
                weight = len(gzip.compress(body, 6)) / 1024
                median = statistics.median(times)
                print(f"  {name:<10} {median:>10.1f} {max(times):>9.1f} {len(body) / 1024:>8.1f} "
                      f"{weight:>8.1f}")
                if name == "document":
                    ok &= median <= GOAL_FIRST_BYTE_MS and weight <= GOAL_WEIGHT_KB
            print(f"  goals: document first byte ≤ {GOAL_FIRST_BYTE_MS:.0f} ms, "
                  f"≤ {GOAL_WEIGHT_KB:.0f} KB compressed")
        if not args.no_import:
            first_s, first, again_s, again, unchanged = time_import()
            print(f"\nimport of a 10,000-clause source page: {first_s:.1f} s ({first}); "
                  f"goal < {GOAL_IMPORT_S:.0f} s")
            print(f"re-import: {again_s:.1f} s ({again}); revision unchanged: {unchanged}")
            ok &= (first_s < GOAL_IMPORT_S and again.created_versions == 0
                   and again.created_clauses == 0 and unchanged)
    print("\ngoal met" if ok else "\ngoal MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

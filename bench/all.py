"""``make bench``: every benchmark, one run each, and one table of ratios.

Runs :mod:`bench.load` (rule pages, search, calculator and API, cached and
cold, against their static twins; a ruling cold as page, htmx fragment and
JSON, goals 0.2×, 0.2× and 0.3×), :mod:`bench.search_bench` on SQLite and,
when one answers at ``POSTGRES_URL``, on PostgreSQL, and :mod:`bench.scale`
(the 10,000-clause rulebook: queries, first byte, weight, import) and
:mod:`bench.api` (the read API's whole document from cache and cold, a
single clause cold), then prints their figures in one table.  Exit status 1 when any goal is missed
(an error or a 5xx included).

Run: ``make bench`` or ``.venv/bin/python -m bench.all [--duration 5] [--rounds 1]``.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

from bench import load

POSTGRES_URL = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")


def _run(module: str, *args: str, env: dict | None = None) -> tuple[int, str]:
    """Run ``python -m module args``; echo and return its status and output."""
    print(f"\n== {module} {' '.join(args)}", flush=True)
    done = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True,
                          env=env)
    print(done.stdout + done.stderr, flush=True)
    return done.returncode, done.stdout


def _postgres_answers() -> bool:
    try:
        import psycopg

        psycopg.connect(POSTGRES_URL, connect_timeout=3).close()
        return True
    except Exception:  # noqa: BLE001 — any failure means "not available"
        return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run (5)")
    parser.add_argument("--rounds", type=int, default=1, help="wrk rounds per page (1)")
    parser.add_argument("--clauses", default="50000", help="search benchmark size (50000)")
    args = parser.parse_args(argv)

    print("== bench.load", flush=True)
    rows = load.measure(duration=args.duration, rounds=args.rounds)
    ok = load.report(rows, args.rounds, args.duration, 32, 2, 3)

    searches = {}
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    targets = [("SQLite", env)]
    if _postgres_answers():
        targets.append(("PostgreSQL", {**env, "DATABASE_URL": POSTGRES_URL}))
    for where, target_env in targets:
        status, output = _run("bench.search_bench", "--clauses", args.clauses, env=target_env)
        for kind in ("one word", "two words", "clause key"):
            match = re.search(rf"^{kind}\s+([\d.]+)\s+([\d.]+)\s+[\d.]+\s+([\d.]+)\s+([\d.]+)",
                              output, re.M)
            if match:
                searches[where, kind] = tuple(float(x) for x in match.groups())
        ok &= status == 0
    status, scale = _run("bench.scale", env=env)
    ok &= status == 0
    status, api = _run("bench.api", env=env)
    ok &= status == 0

    print("\n== summary: one run each\n")
    print(f"{'measure':<44} {'value':>10} {'goal':>10}")
    for row in rows:
        print(f"{row.name + ' cached / static req/s':<44} {row.ratio(row.cached):>10.2f} "
              f"{'—' if row.name in load.UNCACHED else '≥ 0.75':>10}")
        print(f"{row.name + ' cold / static req/s':<44} {row.ratio(row.cold):>10.2f} "
              f"{('≥ ' + str(load.GOAL_COLD_RATIO[row.name])) if row.name in load.GOAL_COLD_RATIO else '—':>10}")
        errors = sum(row.errors(r) for r in (row.cached, row.cold, row.static))
        print(f"{row.name + ' errors and 5xx':<44} {errors:>10} {'0':>10}")
    for (where, kind), (p50, p95, cpu50, cpu95) in searches.items():
        print(f"{f'search {kind} p95 ms, {where} (cpu {cpu95:.1f})':<44} {p95:>10.2f} "
              f"{'≤ 25':>10}")
    for line in scale.splitlines():
        match = re.match(r"^\s+(document|section|clause)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+"
                         r"([\d.]+)$", line)
        if match:
            name = match.group(1)
            print(f"{name + ' first byte cold ms (10k rulebook)':<44} {float(match.group(2)):>10.1f} "
                  f"{'≤ 150' if name == 'document' else '—':>10}")
            if name == "document":
                print(f"{'document page gzip KB (10k rulebook)':<44} "
                      f"{float(match.group(5)):>10.1f} {'≤ 250':>10}")
        match = re.match(r"^\s{2}(\S[^\d]*?)\s+(\d+)$", line)
        if match:
            print(f"{'queries cold: ' + match.group(1):<44} {match.group(2):>10} {'≤ 6':>10}")
        match = re.match(r"^(import|re-import)[^:]*: ([\d.]+) s", line)
        if match:
            print(f"{match.group(1) + ' of 10,000 clauses, s':<44} {match.group(2):>10} "
                  f"{'< 30' if match.group(1) == 'import' else '—':>10}")
    for line in api.splitlines():
        match = re.match(r"^(.+?): ([\d.]+) \(goal (.+?)\)", line)
        if match:
            print(f"{'API ' + match.group(1):<44} {float(match.group(2)):>10.2f} "
                  f"{match.group(3):>10}")
    print("\ngoal met" if ok else "\ngoal MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

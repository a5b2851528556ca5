"""Mixed load: 60 s at 32 connections over every page of the site.

Serves the site as ``bench/load.py`` does (gunicorn, production settings,
``DEBUG=0``) and has wrk walk a list of addresses: every address of the
sitemap (home, games, documents, sections and clauses in each language),
the same with a reading date, the static CSS and JS, robots.txt, the
sitemap, a missing clause (404), searches (inflected words, a clause number
that jumps, filters, a date, an empty and an over-long query) and calculator
evaluations (judge cases, invalid input answering 400, the JSON API).  Prints the counts by status
class, requests/s, p50 and p99; exits non-zero on any 5xx or connection
error.

Needs wrk (Debian: ``apt-get install wrk``).
Run: ``.venv/bin/python -m bench.mixed_load [--duration 60] [--connections 32]``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from bench.load import parse_wrk
from bench.server import CALCULATOR_BK_7, prepared_var_dir, serve

SCRIPT = Path(__file__).with_name("mixed.lua")
EXTRA_PATHS = [
    "/robots.txt",
    "/sitemap.xml",
    "/de/berserk/comprehensive-rules/999.9/",  # a 404
    "/de/power-duell/schutzgottkarten/?as_of=2022-12-31",
    "/ru/berserk/comprehensive-rules/107.2/?as_of=not-a-date",
    # Searches.
    "/de/search/?q=Schutzgottes",
    "/ru/search/?q=%D0%BB%D0%B5%D1%82%D0%B0%D1%8E%D1%89%D0%B8%D1%85",  # летающих
    "/en/search/?q=Ziel&game=marvel-champions",
    "/de/search/?q=Wirkung&language=de&as_of=2023-01-01",
    "/ru/search/?q=107.2",  # a clause number: redirects to the clause
    "/de/search/?q=107.2&jump=0",
    "/de/search/?q=",
    "/de/search/?q=" + "x" * 300,
    # Calculator evaluations: judge cases, invalid input (400), the JSON API.
    "/de/calculator/",
    CALCULATOR_BK_7,
    CALCULATOR_BK_7.replace("/de/", "/ru/").replace("turn=own", "turn=opponent"),
    "/en/calculator/power-duell/guardian-wirkung/?guardian_side_active=on&base_planet=venus"
    "&left_planet=mars&right_planet=erde&attribute=ap&amount=20&scope=base"
    "&monster_planet=venus&monster_side=own&combat=attacking&opponent_planet=erde"
    "&opponent_effects=dp",  # PD-1
    "/de/calculator/berserk/timing/?card_type=creature&turn=nobody",  # 400
    "/api/scenarios",
    "/api/scenarios/berserk/timing/evaluate?" + CALCULATOR_BK_7.split("?", 1)[1],
]


def site_paths(site) -> list[str]:
    """Every address of the sitemap, dated twins of the rule pages, the static files."""
    sitemap = site.fetch("/sitemap.xml").decode()
    paths = sorted({urlsplit(url).path for url in re.findall(r"<loc>([^<]+)</loc>", sitemap)})
    dated = [f"{path}?as_of=2023-01-01" for path in paths if path.count("/") >= 4]
    home = site.fetch("/de/").decode()
    assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', home)
    return paths + dated + assets + EXTRA_PATHS


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=60, help="seconds (60)")
    parser.add_argument("--connections", type=int, default=32, help="open connections (32)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    with prepared_var_dir() as var_dir, serve(var_dir, workers=args.workers) as site:
        paths = site_paths(site)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("\n".join(paths) + "\n")
        command = ["wrk", f"-t{args.threads}", f"-c{args.connections}",
                   f"-d{args.duration}s", "--timeout", "10s", "--latency", "-s", str(SCRIPT),
                   site.url, "--", handle.name]
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
        Path(handle.name).unlink()
    result = parse_wrk(output)
    classes = re.search(r"status classes: .*", output).group(0)
    print(f"mixed load: {len(paths)} addresses, {args.duration} s, {args.connections} "
          f"connections, gunicorn {args.workers} sync workers, DEBUG=0")
    print(f"requests: {result.requests}, {result.requests_per_second:.1f} req/s, "
          f"p50 {result.p50_ms:.2f} ms, p99 {result.p99_ms:.2f} ms")
    print(classes)
    print(f"5xx: {result.server_errors}, connection errors: {result.socket_errors}")
    ok = result.server_errors == 0 and result.socket_errors == 0
    print("goal met: zero 5xx, zero connection errors" if ok else "goal MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

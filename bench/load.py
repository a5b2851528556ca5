"""Rule pages against their own HTML served as a static file, side by side.

Serves the site with gunicorn as ``make serve`` does (production settings,
``DEBUG=0``, collected static files, whitenoise) on 127.0.0.1, saves each
page's HTML bytes as a static file served by whitenoise through the same
gunicorn, and loads each pair with wrk, one after the other, bounded in time
(``--duration``) and count (``--max-requests`` per wrk thread), alternating
page and static file for ``--rounds`` rounds (the machine may be shared:
the median of the rounds is reported).  Prints requests/s, p50 and p99 of
each, and the ratios against the goals: a rule page ≥ 0.6× the static
file's requests/s, p99 ≤ 2× the static file's p99.

Needs wrk (Debian: ``apt-get install wrk``).  Run from the project folder:
``.venv/bin/python -m bench.load [--duration 10] [--connections 32]``.
Add pages to ``bench.server.RULE_PAGES`` (search, calculator) or with
``--page NAME=PATH``.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import statistics
from dataclasses import dataclass
from pathlib import Path

from bench.server import RULE_PAGES, prepared_var_dir, serve

LIMIT_SCRIPT = Path(__file__).with_name("limit.lua")
GOAL_RPS_RATIO = 0.6
GOAL_P99_RATIO = 2.0


@dataclass(frozen=True)
class WrkResult:
    """One wrk run: requests/s, latency percentiles (ms), errors."""

    requests_per_second: float
    p50_ms: float
    p99_ms: float
    requests: int
    non_success: int
    socket_errors: int
    server_errors: int


def _ms(value: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", value).groups()
    return float(number) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def parse_wrk(output: str) -> WrkResult:
    """Read wrk's ``--latency`` report (raises ValueError if it is not one)."""
    def find(pattern, default=None):
        match = re.search(pattern, output)
        if match is None:
            if default is None:
                raise ValueError(f"wrk output without {pattern!r}:\n{output}")
            return default
        return match.group(1)

    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), "
                              r"timeout (\d+)", output)
    return WrkResult(
        requests_per_second=float(find(r"Requests/sec:\s+([\d.]+)")),
        p50_ms=_ms(find(r"\n\s+50%\s+(\S+)")),
        p99_ms=_ms(find(r"\n\s+99%\s+(\S+)")),
        requests=int(find(r"(\d+) requests in")),
        non_success=int(find(r"Non-2xx or 3xx responses: (\d+)", "0")),
        socket_errors=sum(map(int, socket_errors.groups())) if socket_errors else 0,
        server_errors=int(find(r"5xx responses: (\d+)", "0")),
    )


def run_wrk(url: str, duration: int, connections: int, threads: int,
            max_requests: int) -> WrkResult:
    """Load ``url`` with wrk and return the parsed result."""
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency",
               "-s", str(LIMIT_SCRIPT), url, "--", str(max_requests)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return parse_wrk(output)


def median(results: list[WrkResult]) -> WrkResult:
    """The median of each figure over rounds; counts are summed."""
    return WrkResult(
        requests_per_second=statistics.median(r.requests_per_second for r in results),
        p50_ms=statistics.median(r.p50_ms for r in results),
        p99_ms=statistics.median(r.p99_ms for r in results),
        requests=sum(r.requests for r in results),
        non_success=sum(r.non_success for r in results),
        socket_errors=sum(r.socket_errors for r in results),
        server_errors=sum(r.server_errors for r in results),
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per run (5)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (3)")
    parser.add_argument("--connections", type=int, default=32, help="open connections (32)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--max-requests", type=int, default=200_000,
                        help="responses per wrk thread after which a run stops (200000)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    parser.add_argument("--page", action="append", default=[], metavar="NAME=PATH",
                        help="another page to measure, e.g. search=/de/search/?q=Ziel")
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    pages = RULE_PAGES + [tuple(item.split("=", 1)) for item in args.page]

    with prepared_var_dir() as var_dir:
        # The static twins: each page's HTML bytes, served by whitenoise,
        # which indexes STATIC_ROOT when gunicorn starts.
        twins = var_dir / "static" / "bench"
        twins.mkdir(parents=True)
        with serve(var_dir, workers=args.workers) as site:
            for index, (_name, path) in enumerate(pages):
                (twins / f"page{index}.html").write_bytes(site.fetch(path))
        rows = []
        with serve(var_dir, workers=args.workers) as site:
            for index, (name, path) in enumerate(pages):
                static_path = f"/static/bench/page{index}.html"
                assert site.fetch(static_path) == (twins / f"page{index}.html").read_bytes()
                for url in (site.url + path, site.url + static_path):  # warm up
                    run_wrk(url, 2, 4, 1, 200)
                pages, statics = [], []
                for _round in range(args.rounds):
                    pages.append(run_wrk(site.url + path, args.duration, args.connections,
                                         args.threads, args.max_requests))
                    statics.append(run_wrk(site.url + static_path, args.duration,
                                           args.connections, args.threads, args.max_requests))
                rows.append((name, path, median(pages), median(statics)))

    print(f"wrk: {args.rounds} rounds of {args.duration} s per run, {args.connections} "
          f"connections, {args.threads} threads; gunicorn: {args.workers} sync workers, "
          f"DEBUG=0; medians over the rounds, requests and errors summed\n")
    header = (f"{'page':<18} {'kind':<7} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'requests':>9} {'errors':>7}")
    print(header)
    print("-" * len(header))
    all_met = True
    for name, _path, page, static in rows:
        for kind, result in (("page", page), ("static", static)):
            errors = result.non_success + result.socket_errors
            print(f"{name:<18} {kind:<7} {result.requests_per_second:>9.1f} "
                  f"{result.p50_ms:>8.2f} {result.p99_ms:>8.2f} {result.requests:>9} "
                  f"{errors:>7}")
    print()
    for name, path, page, static in rows:
        rps_ratio = page.requests_per_second / static.requests_per_second
        p99_ratio = page.p99_ms / static.p99_ms
        met = rps_ratio >= GOAL_RPS_RATIO and p99_ratio <= GOAL_P99_RATIO
        all_met &= met
        print(f"{name} ({path}): req/s ratio {rps_ratio:.2f} (goal ≥ {GOAL_RPS_RATIO}), "
              f"p99 ratio {p99_ratio:.2f} (goal ≤ {GOAL_P99_RATIO}) — "
              f"{'goal met' if met else 'goal MISSED'}")
    return 0 if all_met else 1


if __name__ == "__main__":
    sys.exit(main())

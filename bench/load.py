"""Rule pages against their own HTML served as a static file, side by side.

Serves the site with gunicorn as ``make serve`` does (production settings,
``DEBUG=0``, collected static files, whitenoise) on 127.0.0.1, saves each
page's HTML bytes as a static file served by whitenoise through the same
gunicorn, and loads each pair with wrk, one after the other, bounded in time
(``--duration``) and count (``--max-requests`` per wrk thread), alternating
page and static file for ``--rounds`` rounds (the machine may be shared:
the median of the rounds is reported).  Prints requests/s, p50 and p99 of
each, and the ratios against the goals: a rule page ≥ 0.6× the static
file's requests/s, p99 ≤ 2× the static file's p99 — each page twice: cached
(one address repeated) and cold (every request an address of its own, see
``bench/cold.lua``, so no cache answers); any error or 5xx misses the goal.
A calculator ruling is measured three ways (``bench.server.RULING_PAGES``):
the whole page, the htmx fragment the form's request receives (sent with
its ``HX-Request`` and ``HX-Target`` headers) and the JSON API's evaluation,
each cold with a table of its own per request (goals: page and fragment ≥
0.2× the static file's requests/s, JSON ≥ 0.3×).

Needs wrk (Debian: ``apt-get install wrk``).  Run from the project folder:
``.venv/bin/python -m bench.load [--duration 10] [--connections 32]``.
Add pages to ``bench.server.RULE_PAGES`` (search, calculator) or with
``--page NAME=PATH``; measure some pages only with ``--only NAME`` (e.g.
``--only "ruling page" --only "ruling htmx" --only "ruling json"``).
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

from bench.server import (RULE_PAGES, RULING_FIELD, RULING_PAGES, RULING_RUN_FIELD,
                          RULING_VALUE, prepared_var_dir, serve)

LIMIT_SCRIPT = Path(__file__).with_name("limit.lua")
COLD_SCRIPT = Path(__file__).with_name("cold.lua")
# Goals (issue 13): a cached page ≥ 0.75× the static file's req/s; cold
# (every request a new address): a clause page ≥ 0.15×, search ≥ 0.10×;
# p99 of a cached page ≤ 2× the static file's.  Any error or 5xx misses.
# Issue 24: a ruling cold, page and htmx fragment ≥ 0.2×, JSON ≥ 0.3×.
GOAL_CACHED_RATIO = 0.75
GOAL_COLD_RATIO = {"clause": 0.15, "search": 0.10,
                   "ruling page": 0.2, "ruling htmx": 0.2, "ruling json": 0.3}
GOAL_P99_RATIO = 2.0
# Pages the page cache does not keep (the JSON API, htmx fragments): no cached goal.
UNCACHED = {"api", "ruling htmx", "ruling json"}
# How each page is made cold: rule pages and the BK-7 calculator page by a
# reading date of their own (the calculator answers a parameter naming no
# field with 400), a ruling by a table of its own (a new value of one input).
COLD_MODE = {"clause": "date", "berserk document": "date", "calculator": "date",
             "api": "date", **{name: f"field={RULING_FIELD},{RULING_RUN_FIELD}"
                for name, _p, _h in RULING_PAGES}}
API_PAGE = ("api", "/api/scenarios/berserk/timing/evaluate?card_type=creature"
            "&card_subtype=non-flying&in_play_zone=on&turn=own&phase=main&subphase=choice"
            "&strike_declared=none")


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
            max_requests: int, cold: str = "", headers: dict[str, str] | None = None
            ) -> WrkResult:
    """Load ``url`` with wrk (sending ``headers``) and return the parsed result.

    ``cold`` ("date", "nonce" or "field=NAME,SECOND", see ``bench/cold.lua``) gives
    every request an address of its own, so no cache answers; empty: the
    same address.
    """
    script = COLD_SCRIPT if cold else LIMIT_SCRIPT
    sent = [option for name, value in (headers or {}).items()
            for option in ("-H", f"{name}: {value}")]
    command = ["wrk", f"-t{threads}", f"-c{connections}", f"-d{duration}s", "--latency",
               *sent, "-s", str(script), url, "--", str(max_requests)] + (
                   [cold] if cold else [])
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


@dataclass(frozen=True)
class Row:
    """One page measured cached and cold against its static twin."""

    name: str
    path: str
    cached: WrkResult
    cold: WrkResult
    static: WrkResult

    def ratio(self, result: WrkResult) -> float:
        """``result``'s req/s over the static file's."""
        return result.requests_per_second / self.static.requests_per_second

    @staticmethod
    def errors(result: WrkResult) -> int:
        """Non-2xx/3xx answers, 5xx and connection errors."""
        return result.non_success + result.socket_errors + result.server_errors

    def goals(self) -> list[tuple[str, float, str, bool]]:
        """(what, measured, goal, met) for this page."""
        found = []
        if self.name not in UNCACHED:
            found += [("cached req/s ratio", self.ratio(self.cached), f"≥ {GOAL_CACHED_RATIO}",
                       self.ratio(self.cached) >= GOAL_CACHED_RATIO),
                      ("cached p99 ratio", self.cached.p99_ms / self.static.p99_ms,
                       f"≤ {GOAL_P99_RATIO}",
                       self.cached.p99_ms / self.static.p99_ms <= GOAL_P99_RATIO)]
        if self.name in GOAL_COLD_RATIO:
            goal = GOAL_COLD_RATIO[self.name]
            found.append(("cold req/s ratio", self.ratio(self.cold), f"≥ {goal}",
                          self.ratio(self.cold) >= goal))
        errors = sum(self.errors(r) for r in (self.cached, self.cold, self.static))
        found.append(("errors and 5xx", errors, "0", errors == 0))
        return found


def pages_to_measure(extra=(), only=()) -> list[tuple[str, str, dict[str, str]]]:
    """(name, path, request headers) of every page measured, or of those named in ``only``.

    A ruling's path for a cached run (and its static twin) is given the
    varied input's usual value; a cold run adds a new value to the path.
    """
    pages = ([(name, path, {}) for name, path in RULE_PAGES + [API_PAGE]] + RULING_PAGES
             + [(name, path, {}) for name, path in extra])
    return [page for page in pages if not only or page[0] in only]


def _cached_path(name: str, path: str) -> str:
    """The address repeated by a cached run (a ruling: with its varied input set)."""
    mode = COLD_MODE.get(name, "")
    if mode.startswith("field="):
        return f"{path}&{RULING_FIELD}={RULING_VALUE}"
    return path


def measure(duration: int = 5, rounds: int = 3, connections: int = 32, threads: int = 2,
            max_requests: int = 200_000, workers: int = 3, extra=(), only=()) -> list[Row]:
    """Serve the site and measure each page cached, cold and as a static file."""
    pages = pages_to_measure(extra, only)
    with prepared_var_dir() as var_dir:
        # The static twins: each page's bytes, served by whitenoise, which
        # indexes STATIC_ROOT when gunicorn starts.
        twins = var_dir / "static" / "bench"
        twins.mkdir(parents=True)
        with serve(var_dir, workers=workers) as site:
            for index, (name, path, headers) in enumerate(pages):
                (twins / f"page{index}.html").write_bytes(
                    site.fetch(_cached_path(name, path), headers))
        rows = []
        with serve(var_dir, workers=workers) as site:
            for index, (name, cold_path, headers) in enumerate(pages):
                path = _cached_path(name, cold_path)
                static_path = f"/static/bench/page{index}.html"
                assert site.fetch(static_path) == (twins / f"page{index}.html").read_bytes()
                mode = COLD_MODE.get(name, "nonce")
                for url in (site.url + path, site.url + static_path):  # warm up
                    run_wrk(url, 2, 4, 1, 200, headers=headers)
                run_wrk(site.url + cold_path, 2, 4, 1, 200, cold=mode, headers=headers)
                cached, cold, statics = [], [], []
                for _round in range(rounds):
                    cached.append(run_wrk(site.url + path, duration, connections, threads,
                                          max_requests, headers=headers))
                    cold.append(run_wrk(site.url + cold_path, duration, connections, threads,
                                        max_requests, cold=mode, headers=headers))
                    statics.append(run_wrk(site.url + static_path, duration, connections,
                                           threads, max_requests))
                rows.append(Row(name, path, median(cached), median(cold), median(statics)))
    return rows


def report(rows: list[Row], rounds: int, duration: int, connections: int, threads: int,
           workers: int) -> bool:
    """Print the figures and the goals; return whether every goal is met."""
    print(f"wrk: {rounds} rounds of {duration} s per run, {connections} connections, "
          f"{threads} threads; gunicorn: {workers} sync workers, DEBUG=0; medians over the "
          f"rounds, requests and errors summed; cold: every request a new address\n")
    header = (f"{'page':<18} {'kind':<7} {'req/s':>9} {'ratio':>6} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'requests':>9} {'errors':>7}")
    print(header)
    print("-" * len(header))
    for row in rows:
        for kind, result in (("cached", row.cached), ("cold", row.cold), ("static", row.static)):
            print(f"{row.name:<18} {kind:<7} {result.requests_per_second:>9.1f} "
                  f"{row.ratio(result):>6.2f} {result.p50_ms:>8.2f} {result.p99_ms:>8.2f} "
                  f"{result.requests:>9} {row.errors(result):>7}")
    print()
    all_met = True
    for row in rows:
        for what, value, goal, met in row.goals():
            all_met &= met
            print(f"{row.name} {what}: {value:.2f} (goal {goal}) — "
                  f"{'met' if met else 'MISSED'}")
    return all_met


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
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help='measure only this page (repeatable), e.g. "ruling json"')
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    rows = measure(args.duration, args.rounds, args.connections, args.threads,
                   args.max_requests, args.workers,
                   [tuple(item.split("=", 1)) for item in args.page], args.only)
    met = report(rows, args.rounds, args.duration, args.connections, args.threads, args.workers)
    print("\ngoal met" if met else "\ngoal MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse on every page type: performance, accessibility, best practices,
SEO and cumulative layout shift, as a phone sees them.

Serves the site as the other benchmarks do (``bench/server.py``: a temporary
seeded SQLite site, gunicorn with production settings, ``DEBUG=0``, static
files by whitenoise) and runs Lighthouse (its default mobile preset and
simulated throttling) with Debian's Chromium on one page of each type.
Each page is measured ``--runs`` times (default 3) and the median of each
figure is reported, since the machine may be shared.

Goals: CLS < 0.05 and a score >= 95 in each of the four categories (the
search page's SEO excepted: it is ``noindex`` on purpose; so are the
offline page and a dated page).  Exit status 1 when a goal is missed, 2 when Lighthouse is missing.

Needs Lighthouse (Node.js): ``npm install -g lighthouse`` (not part of the
project).  Run: ``.venv/bin/python -m bench.lighthouse [--runs N]
[--only NAME ...] [--reports DIR]``; ``--reports`` keeps each run's JSON
report (to see which audit failed).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlsplit

from bench.server import CALCULATOR_BK_7, prepared_var_dir, serve

CHROME_PATH = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = ("--headless --no-sandbox --disable-gpu --disable-background-networking "
                "--disable-component-update")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
GOAL_SCORE = 95
GOAL_CLS = 0.05
# Pages whose "noindex" is intentional: their SEO score is not a goal (the
# search results, the offline fallback, and a dated page, which names the
# current page as canonical so that search engines never send readers to an
# outdated text: rulebook.context_processors.page_links).
NOINDEX = {"search", "offline", "clause on a date"}

CORRECTED = "/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p4/"
# (page type, path); a path with "{section}" is completed from the sitemap.
PAGES = [
    ("home", "/en/"),
    ("game", "/de/power-duell/"),
    ("document", "/de/power-duell/schutzgottkarten/"),
    ("document (large)", "/ru/berserk/comprehensive-rules/"),
    ("section", "{section}"),
    ("section side-by-side", "{section}side-by-side/"),
    ("clause", "/ru/berserk/comprehensive-rules/107.2/"),
    ("clause (corrected)", CORRECTED),
    ("clause on a date", CORRECTED + "?as_of=2023-01-01"),
    ("clause side-by-side", CORRECTED + "side-by-side/"),
    ("clause history", CORRECTED.replace("/de/", "/en/") + "history/"),
    ("diff of versions", CORRECTED.replace("/de/", "/en/") + "history/?from=1&to=2"),
    ("changes", "/de/power-duell/schutzgottkarten/changes/"),
    ("glossary", "/en/berserk/glossary/"),
    ("corrections", "/de/power-duell/corrections/"),
    ("correction", "/de/power-duell/corrections/1/"),
    ("search", "/de/search/?q=Schutzgottes"),
    ("calculator list", "/en/calculator/"),
    ("worked examples", "/en/calculator/examples/"),
    ("calculator form", "/de/calculator/berserk/timing/"),
    ("ruling", CALCULATOR_BK_7),
    ("offline", "/en/offline/"),
]  # and, when the sitemap has any, official rulings (ruling_pages)

SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def sitemap_paths(site) -> list[str]:
    """Every path of the sitemap."""
    return [urlsplit(loc.text).path
            for loc in ET.fromstring(site.fetch("/sitemap.xml")).iter(f"{SM}loc")]


def first_section(paths: list[str]) -> str:
    """The path of the first Power-Duell section page in the sitemap (German)."""
    for path in paths:
        if path.startswith("/de/power-duell/") and "/section/" in path:
            return path
    raise RuntimeError("no section page in the sitemap")


def ruling_pages(paths: list[str]) -> list[tuple[str, str]]:
    """Official rulings' pages, when the site has published any (the seeds have
    none, and the bench invents none): a game's list and one ruling."""
    lists = [p for p in paths if p.startswith("/de/") and re.fullmatch(r"/de/[^/]+/rulings/", p)]
    rulings = [p for p in paths if re.fullmatch(r"/de/[^/]+/rulings/\d+/", p)]
    return [(name, found[0]) for name, found in (("rulings list", lists),
                                                  ("ruling (official)", rulings)) if found]


def lighthouse(url: str, report: Path) -> dict:
    """Run Lighthouse once on ``url`` (mobile preset); return its JSON report."""
    command = [shutil.which("lighthouse"), url, "--output=json", f"--output-path={report}",
               "--quiet", f"--chrome-flags={CHROME_FLAGS}",
               "--only-categories=" + ",".join(CATEGORIES), "--max-wait-for-load=60000"]
    done = subprocess.run(command, timeout=300, env={**os.environ, "CHROME_PATH": CHROME_PATH},
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}: {done.stderr[-2000:]}")
    result = json.loads(report.read_text())
    if result.get("runtimeError"):
        raise RuntimeError(f"lighthouse could not load {url}: {result['runtimeError']}")
    return result


def figures(result: dict) -> dict[str, float]:
    """Scores (0–100) per category and the CLS of one report."""
    row = {name: round(100 * (result["categories"][name]["score"] or 0))
           for name in CATEGORIES}
    row["cls"] = result["audits"]["cumulative-layout-shift"]["numericValue"]
    row["tbt"] = result["audits"]["total-blocking-time"]["numericValue"]
    # Lighthouse's own measure of this machine's speed at the time (a loaded,
    # shared machine scores lower, and its simulated timings grow).
    row["benchmark"] = result["environment"]["benchmarkIndex"]
    return row


def failing_audits(result: dict) -> list[str]:
    """The audits that lost points (binary or scored audits below 0.9)."""
    weighted = {ref["id"] for name in CATEGORIES
                for ref in result["categories"][name]["auditRefs"] if ref["weight"] > 0}
    return sorted(f"{audit_id} ({audit['score']:.2f})"
                  for audit_id, audit in result["audits"].items()
                  if audit_id in weighted and audit["score"] is not None and audit["score"] < 0.9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per page (median)")
    parser.add_argument("--only", nargs="*", default=None, help="page types to measure")
    parser.add_argument("--reports", type=Path, default=None,
                        help="folder to keep each run's JSON report in")
    args = parser.parse_args(argv)
    if shutil.which("lighthouse") is None:
        print("Lighthouse is not installed: `npm install -g lighthouse` (Node.js >= 18).",
              file=sys.stderr)
        return 2
    if not Path(CHROME_PATH).exists():
        print(f"No Chromium at {CHROME_PATH}: `apt-get install chromium` or set CHROME_PATH.",
              file=sys.stderr)
        return 2
    pages = [page for page in PAGES if args.only is None or page[0] in args.only]
    reports = args.reports or Path(tempfile.mkdtemp(prefix="lighthouse-"))
    reports.mkdir(parents=True, exist_ok=True)
    rows, missed = [], []
    with prepared_var_dir() as var_dir, serve(var_dir) as site:
        paths = sitemap_paths(site)
        section = first_section(paths)
        extra = [page for page in ruling_pages(paths) if args.only is None or page[0] in args.only]
        for name, path in pages + extra:
            path = path.format(section=section)
            site.fetch(path)  # warm the worker's caches, as a visitor's earlier page would
            runs = []
            for run in range(args.runs):
                slug = re.sub(r"[^a-z0-9]+", "-", name)
                report = reports / f"{slug}-{run + 1}.json"
                for attempt in range(3):
                    try:
                        result = lighthouse(site.url + path, report)
                        break
                    except (RuntimeError, subprocess.TimeoutExpired) as error:
                        # On a loaded machine Chromium sometimes fails to start or to
                        # record the trace (NO_NAVSTART): up to three attempts.
                        if attempt == 2:
                            raise
                        print(f"  {name}: {error}; trying again", file=sys.stderr, flush=True)
                runs.append(figures(result))
                problems = failing_audits(result)
            row = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            rows.append((name, path, row, problems))
            goals = [key for key in CATEGORIES if not (key == "seo" and name in NOINDEX)]
            for key in goals:
                if row[key] < GOAL_SCORE:
                    missed.append(f"{name}: {key} {row[key]:g} < {GOAL_SCORE}")
            if row["cls"] >= GOAL_CLS:
                missed.append(f"{name}: CLS {row['cls']:.3f} >= {GOAL_CLS}")
            print(f"  measured {name}: {row}", file=sys.stderr, flush=True)
    print(f"\nLighthouse {lighthouse_version()} (mobile, simulated throttling), "
          f"median of {args.runs} run(s) per page; reports in {reports}\n")
    print(f"| {'page type':<22} | perf | a11y | best pr. | SEO | CLS   | TBT ms | bench. idx | path")
    print(f"|{'-' * 24}|------|------|----------|-----|-------|--------|------------|-----")
    for name, path, row, _problems in rows:
        seo = f"{row['seo']:g}" + ("*" if name in NOINDEX else "")
        print(f"| {name:<22} | {row['performance']:>4g} | {row['accessibility']:>4g} | "
              f"{row['best-practices']:>8g} | {seo:>3} | {row['cls']:.3f} | {row['tbt']:>6.0f} | "
              f"{row['benchmark']:>10.0f} | {path}")
    print("\n* noindex on purpose: SEO is not a goal there.  TBT: total blocking time "
          "(simulated); bench. idx: Lighthouse's benchmarkIndex of this machine during the run.")
    for name, _path, _row, problems in rows:
        if problems:
            print(f"{name}, audits below 0.9 in the last run: {', '.join(problems)}")
    if missed:
        print("\ngoal MISSED:\n  " + "\n  ".join(missed))
        return 1
    print(f"\ngoal met: CLS < {GOAL_CLS} and >= {GOAL_SCORE} in every category on every page")
    return 0


def lighthouse_version() -> str:
    """The installed Lighthouse's version."""
    return subprocess.run([shutil.which("lighthouse"), "--version"], capture_output=True,
                          text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(main())

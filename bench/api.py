"""The read API's whole-document answer against the same bytes as a static file.

Prepares a site as the other benchmarks do (its own SQLite database with the
seeds, collected static files), adds a synthetic document of 3,000 clauses
(30 sections of 100, German original with a Russian translation, about 300
characters each), then prints

- the cold build time of the all-clauses answer (JSON of every clause in
  force; no cache), median of 7 in-process builds (goal ≤ 300 ms);
- the cold time of a single-clause answer (nothing of it is cached),
  median of 50 in-process requests through the whole middleware stack
  (goal ≤ 10 ms);
- requests/s of ``GET /api/games/bench/documents/synthetic/clauses`` served
  from its cached body by gunicorn (``make serve`` settings, 3 sync
  workers) against the same bytes as a static file served by whitenoise
  through the same gunicorn, alternating for ``--rounds`` rounds with wrk,
  medians, and the ratio (goal ≥ 0.6).  The body is a file written once per
  publication stamp (``rulebook.caching.bodies``) and sent with sendfile as
  the static file is; what differs is the request's own work (the stamp
  query, the middleware).

Needs wrk.  Run from the project folder: ``.venv/bin/python -m bench.api``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import textwrap

from bench.load import median, run_wrk
from bench.server import ROOT, environment, prepared_var_dir, serve

GOAL_RPS_RATIO = 0.6
GOAL_COLD_BUILD_MS = 300
GOAL_SINGLE_CLAUSE_MS = 10
CLAUSES_PATH = "/api/games/bench/documents/synthetic/clauses?lang=ru"
CLAUSE_PATH = "/api/games/bench/documents/synthetic/clauses/15.42?lang=ru"

# Run inside the site's environment (its database): create the synthetic
# document, then time the cold builds.  Prints one JSON line.
_IN_SITE = textwrap.dedent('''
    import json, statistics, time, datetime
    import django
    django.setup()
    from django.test import Client, RequestFactory
    from django.utils import timezone
    from rulebook.models import Game, Document, Section, Clause, ClauseVersion, text_digest
    from rulebook.caching.revision import bump
    from rulebook.caching.conditional import PageStamp, with_publication_stamp
    from rulebook.reading.api import build_document_clauses

    WORDS = ("Eine Karte im Spiel darf ihren Effekt nur einmal pro Zug einsetzen, "
             "solange sie nicht erschöpft ist und kein anderer Effekt dies verhindert. ")
    now = timezone.now()
    game, _ = Game.objects.get_or_create(slug="bench", defaults={"name": "Bench"})
    if not Document.objects.filter(game=game, slug="synthetic").exists():
        document = Document.objects.create(game=game, slug="synthetic", language="de",
                                           title_de="Synthetisch", position=99)
        sections = Section.objects.bulk_create([
            Section(document=document, slug=f"s{n}", number=str(n), heading_de=f"Teil {n}",
                    position=n) for n in range(1, 31)])
        clauses = Clause.objects.bulk_create([
            Clause(document=document, section=section, key=f"{section.number}.{m}",
                   label=f"{section.number}.{m}", position=int(section.number) * 1000 + m)
            for section in sections for m in range(1, 101)])
        versions = []
        for clause in clauses:
            text = f"{clause.key}: " + WORDS * 2
            versions.append(ClauseVersion(clause=clause, number=1, text_de=text,
                                          text_ru="Перевод: " + text, digest=text_digest(text),
                                          translated_from_ru=text_digest(text),
                                          published_at=now))
        ClauseVersion.objects.bulk_create(versions)
        bump()
    document = with_publication_stamp(Document.objects.select_related("game")).get(
        game__slug="bench", slug="synthetic")
    request = RequestFactory().get("/api/games/bench/documents/synthetic/clauses",
                                   HTTP_HOST="127.0.0.1")
    on = timezone.localdate()
    stamp = PageStamp.for_document(document, on, False, "ru")
    builds, size = [], 0
    for _ in range(7):
        start = time.perf_counter()
        body = build_document_clauses(request, document, on, "ru", stamp.published)
        builds.append((time.perf_counter() - start) * 1000)
        size = len(body)
    client = Client(HTTP_HOST="127.0.0.1")
    client.get("%(clause)s")  # imports and first-use set-up, not part of the figure
    singles = []
    for _ in range(50):
        start = time.perf_counter()
        response = client.get("%(clause)s")
        singles.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.content[:300]
    print(json.dumps({"clauses": Clause.objects.filter(document=document).count(),
                      "bytes": size, "build_ms": statistics.median(builds),
                      "single_ms": statistics.median(singles)}))
''') % {"clause": CLAUSE_PATH}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=int, default=5, help="seconds per wrk run (5)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (3)")
    parser.add_argument("--connections", type=int, default=16, help="open connections (16)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--max-requests", type=int, default=100_000,
                        help="responses per wrk thread after which a run stops (100000)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (3)")
    args = parser.parse_args(argv)
    if shutil.which("wrk") is None:
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 2
    with prepared_var_dir() as var_dir:
        env = environment(var_dir)
        out = subprocess.run([sys.executable, "-c", _IN_SITE], env=env, check=True, cwd=ROOT,
                             capture_output=True, text=True).stdout
        cold = json.loads(out.strip().splitlines()[-1])
        twin = var_dir / "static" / "bench" / "clauses.json"
        twin.parent.mkdir(parents=True)
        with serve(var_dir, workers=args.workers) as site:
            twin.write_bytes(site.fetch(CLAUSES_PATH))
        with serve(var_dir, workers=args.workers) as site:
            static_path = "/static/bench/clauses.json"
            # The same bytes but for the port in the absolute addresses (a new server).
            assert site.fetch(static_path) == twin.read_bytes()
            assert len(site.fetch(CLAUSES_PATH)) == len(twin.read_bytes())
            for url in (site.url + CLAUSES_PATH, site.url + static_path):  # warm up
                run_wrk(url, 2, 4, 1, 200)
            api_runs, static_runs = [], []
            for _round in range(args.rounds):
                api_runs.append(run_wrk(site.url + CLAUSES_PATH, args.duration, args.connections,
                                        args.threads, args.max_requests))
                static_runs.append(run_wrk(site.url + static_path, args.duration,
                                           args.connections, args.threads, args.max_requests))
    api_result, static_result = median(api_runs), median(static_runs)
    ratio = api_result.requests_per_second / static_result.requests_per_second
    checks = [
        ("all-clauses answer from cache vs static file, req/s ratio", ratio,
         ratio >= GOAL_RPS_RATIO, f"≥ {GOAL_RPS_RATIO}"),
        ("all-clauses answer, cold build (ms)", cold["build_ms"],
         cold["build_ms"] <= GOAL_COLD_BUILD_MS, f"≤ {GOAL_COLD_BUILD_MS}"),
        ("single-clause answer, cold (ms)", cold["single_ms"],
         cold["single_ms"] <= GOAL_SINGLE_CLAUSE_MS, f"≤ {GOAL_SINGLE_CLAUSE_MS}"),
    ]
    print(f"synthetic document: {cold['clauses']} clauses, answer {cold['bytes'] / 1024:.0f} KiB")
    print(f"{'':28} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'5xx':>4}")
    for name, result in (("API (from cache)", api_result), ("same bytes, static file",
                                                            static_result)):
        print(f"{name:28} {result.requests_per_second:9.1f} {result.p50_ms:8.2f} "
              f"{result.p99_ms:8.2f} {result.requests:9d} {result.server_errors:4d}")
    for name, value, met, goal in checks:
        print(f"{name}: {value:.2f} (goal {goal}) — {'goal met' if met else 'goal MISSED'}")
    print(f"(wrk: medians of {args.rounds} alternating rounds; cold build: median of 7; "
          "single clause: median of 50)")
    return 0 if all(met for *_rest, met, _goal in checks) else 1


if __name__ == "__main__":
    sys.exit(main())

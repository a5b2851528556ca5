"""Search latency on a synthetic rulebook of 50,000 clauses in three languages.

Run: ``make bench-search`` or ``.venv/bin/python bench/search_bench.py
[--clauses N] [--queries N]``.

Builds (once; reused while its size matches) a rulebook of ``--clauses``
clauses split over three documents whose original languages are German,
Russian and English, with texts drawn from the words of the seed pages
(Zipf-distributed, so common words match thousands of clauses), in a
database of its own: ``var/bench/search.sqlite3`` (``SEARCH_BENCH_SQLITE``
names another file), or, when ``DATABASE_URL`` points to PostgreSQL, the
database ``<name>_searchbench`` on the same server (analysed before
measuring, as autovacuum would leave a bulk-built table).  ``--rebuild``,
or a rulebook of another size, starts that database afresh: the SQLite
file is deleted, the PostgreSQL database dropped and created again — its
published clause versions are immutable (database triggers), so they are
never deleted row by row.  Only the bench's own database is ever dropped,
never ``<name>`` itself.  Then it times :func:`rulebook.search.search` for
one-word and two-word queries and :func:`rulebook.search.find_keys` for
clause keys, and prints p50/p95 in milliseconds next to the 25 ms goal:
wall-clock, CPU of this process and, for PostgreSQL on this machine, the
server's own CPU for the connection (on a shared machine, wall-clock time
also counts the waits for a core).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_MS = 25.0

ENGLISH = """ability abilities attack attacks attacking card cards creature creatures flying
effect effects target targets targeting player players damage cost costs costs resolve resolves
resolving choose chosen chooses game element elements hero heroes villain villains scheme schemes
threat threats counter counters activation activations exhaust exhausted ready readied discard
discarded deck decks hand hands turn turns phase phases round rounds guardian guardians planet
planets symbol symbols energy point points value values monster monsters field fields special
battle battles defender defenders defend defending strike strikes simple closing closed move
movement moves rule rules section sections chapter chapters reference references order ordering
evaluate evaluated evaluation rank ranks ranked higher highest lower lowest double doubled
halve halved increase increases reduction reductions positive negative limit limits limited
attribute attributes description descriptions text texts example examples owner owners control
controls controlled immune immunity gravity active inactive side sides opponent opponents""".split()


def _words(path: Path) -> list[str]:
    return [w for w in re.findall(r"[^\W\d_]{3,}", path.read_text(encoding="utf-8"))]


def vocabulary() -> dict[str, list[str]]:
    """Words per language, from the seed pages (German, Russian) and a list (English)."""
    sources = ROOT / "rulebook" / "sources"
    german = _words(sources / "power-duell-schutzgottkarten.txt") + _words(
        sources / "marvel-champions-referenzhandbuch.txt")
    russian = [w for w in _words(sources / "berserk-comprehensive-rules.txt")
               if re.match(r"[а-яё]", w.lower())]
    cut = "Популярное"
    russian = russian[:russian.index(cut)] if cut in russian else russian
    return {"de": sorted(set(german)), "ru": sorted(set(russian)), "en": sorted(set(ENGLISH))}


def _sentence(rng: random.Random, words: list[str], weights: list[float]) -> str:
    count = rng.randint(12, 45)
    text = " ".join(rng.choices(words, weights, k=count))
    return text[:1].upper() + text[1:] + "."


def build_rulebook(clauses: int, seed: int = 7) -> dict:
    """Create games, documents, sections, clauses and one published version
    per clause (bulk inserts), then rebuild the search index.

    Returns ``{"keys": [...], "words": {language: [...]}}`` for queries.
    """
    from django.db import transaction
    from django.utils import timezone

    from rulebook.models import Clause, ClauseVersion, Document, Game, Section, text_digest
    from rulebook.search.indexing import rebuild

    rng = random.Random(seed)
    vocab = vocabulary()
    now = timezone.now()
    keys = []
    with transaction.atomic():
        per_language = clauses // 3 + 1
        made = 0
        for position, language in enumerate(["de", "ru", "en"]):
            words = vocab[language]
            weights = [1.0 / (rank + 1) ** 0.9 for rank in range(len(words))]
            rng.shuffle(words)
            game = Game.objects.create(slug=f"bench-{language}", name=f"Bench {language}",
                                       position=position)
            document = Document.objects.create(game=game, slug="rules", language=language,
                                               title=f"Bench rules {language}", number="",
                                               position=position)
            count = min(per_language, clauses - made)
            made += count
            sections = Section.objects.bulk_create([
                Section(document=document, slug=f"s{n}", number=str(100 + n),
                        position=n, **{f"heading_{language}": _sentence(rng, words, weights)[:80]})
                for n in range(count // 50 + 1)])
            rows = []
            for i in range(count):
                section = sections[i // 50]
                key = f"{section.number}.{i % 50 + 1}"
                rows.append(Clause(document=document, section=section, key=key, label=key,
                                   position=i))
            created = Clause.objects.bulk_create(rows, batch_size=1000)
            keys.extend((document, c.key) for c in created)
            versions = []
            for clause in created:
                text = " ".join(_sentence(rng, words, weights) for _ in range(rng.randint(1, 3)))
                versions.append(ClauseVersion(clause=clause, number=1, published_at=now,
                                              digest=text_digest(text), **{f"text_{language}": text}))
            ClauseVersion.objects.bulk_create(versions, batch_size=1000)
        rebuild()
    return {"keys": [k for _d, k in keys], "words": vocab}


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return p50, p95


def _database_cpu():
    """A function returning the CPU time (ns) the database server has spent
    for this connection so far, or ``None`` when it cannot be read: PostgreSQL
    on this machine (``/proc/<backend pid>/schedstat``).  SQLite runs in this
    process: its time is in the CPU time of the process."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    proc = Path(f"/proc/{pid}")
    try:
        if b"postgres" not in (proc / "cmdline").read_bytes():
            return None  # a server elsewhere: that pid is another program here
        (proc / "schedstat").read_text()
    except OSError:
        return None
    return lambda: int((proc / "schedstat").read_text().split()[0])


def _queries(data: dict, queries: int, seed: int
             ) -> tuple[random.Random, list[str], list[str], list[str]]:
    """The benchmark's queries, ``queries`` of each kind drawn with ``seed``: one word of
    any language, two words of one language, clause keys; and the generator, for more
    draws in the same sequence."""
    rng = random.Random(seed)
    words = [(language, w) for language, items in data["words"].items() for w in items]
    one = [w for _l, w in rng.choices(words, k=queries)]
    two = []
    for _ in range(queries):
        language = rng.choice(list(data["words"]))
        two.append(" ".join(rng.choices(data["words"][language], k=2)))
    return rng, one, two, rng.choices(data["keys"], k=queries)


def measure(data: dict, queries: int = 200, seed: int = 11) -> dict[str, tuple]:
    """Time ``queries`` searches of each kind.

    Returns {kind: (wall p50, wall p95, cpu p50, cpu p95, db cpu p50, db cpu
    p95)} in milliseconds.  CPU time (``time.process_time``; SQLite runs in
    this process) is less disturbed by other programs on a shared machine
    than wall-clock time; db cpu is PostgreSQL's own CPU time for the
    connection when the server runs on this machine (``None`` otherwise; its
    parallel workers not counted).  "match only" is the backend query alone
    (no page objects, no excerpts); "baseline" fetches one clause by primary
    key, for scale.
    """
    from django.utils import timezone

    from rulebook.models import Clause
    from rulebook.search import LANGUAGES, find_keys, search
    from rulebook.search.backends import Filters, Query, backend

    rng, one, two, keys = _queries(data, queries, seed)
    ids = list(Clause.objects.values_list("pk", flat=True)[:5000])
    pks = rng.choices(ids, k=queries)
    engine = backend()
    filters = Filters(LANGUAGES, timezone.localdate())
    results = {}
    for kind, items, run in [
            ("baseline", pks, lambda pk: Clause.objects.get(pk=pk)),
            ("match only", one, lambda q: engine.match(Query.parse(q), filters, 100)),
            ("one word", one, lambda q: search(q)),
            ("two words", two, lambda q: search(q)),
            ("clause key", keys, lambda q: find_keys(q))]:
        for q in items[:5]:  # warm caches
            run(q)
        database_cpu = _database_cpu()
        wall, cpu, db = [], [], []
        for q in items:
            start_db = database_cpu() if database_cpu else 0
            start, start_cpu = time.perf_counter(), time.process_time()
            run(q)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            if database_cpu:
                db.append((database_cpu() - start_db) / 1e6)
        results[kind] = (_percentiles(wall) + _percentiles(cpu)
                         + (_percentiles(db) if db else (None, None)))
    return results


def _ranked(sql: str) -> int:
    """How many rows the ranking query ``sql`` (captured, parameters in
    place) scores: its rows without ORDER BY and LIMIT, counted (of the
    last ranking subquery, which ranks every match, when the ranked rows are
    then joined, as on PostgreSQL's narrow table, rulebook/search/speed.py;
    the one before it ranks only the entries whose heading names the query)."""
    from django.db import connection

    body = sql[:sql.rindex(" ORDER BY score")]
    if body.count("(") > body.count(")"):
        # ranked in subqueries: count the rows of the last, which ranks every match
        start = sql.rindex("(SELECT e.")
        body = sql[start + 1:sql.index(" ORDER BY score", start)]
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM ({body}) AS ranked".replace("%", "%%"), [])
        return cursor.fetchone()[0]


def compare(data: dict, queries: int = 200, seed: int = 11) -> dict[str, dict]:
    """The same queries as :func:`measure`, each run with the speed-ups of
    :mod:`rulebook.search.speed` off and on, alternately (which goes first
    alternates too), in this one process: the before/after ratio on a
    shared machine, whose load both sides meet alike.

    Returns {kind: {"off": figures, "on": figures, "queries": (SQL
    queries per call off, on), "ranked": (mean rows scored per call off,
    on) or None, "same": calls with the same answer, "calls": calls}};
    figures as :func:`measure`'s (wall p50, p95, cpu p50, p95, db cpu p50,
    p95).  Rows scored are counted for the match of one-word queries
    (its ranking query counted without its order and limit).
    """
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from rulebook.search import LANGUAGES, find_keys, search, speed
    from rulebook.search.backends import Filters, Query, backend

    rng, one, two, keys = _queries(data, queries, seed)
    engine = backend()
    filters = Filters(LANGUAGES, timezone.localdate())

    def hits(found):
        return [(h.kind, getattr(h.clause, "pk", None), h.language) for h in found]

    kinds = [("match only", one, lambda q: engine.match(Query.parse(q), filters, 100), list),
             ("one word", one, search, hits),
             ("two words", two, search, hits),
             ("clause key", keys, find_keys, lambda found: [(k.kind, k.obj.pk) for k in found])]
    results = {}
    for kind, items, run, answer in kinds:
        for q in items[:5]:  # warm caches
            run(q)
            with speed.switched_off():
                run(q)
        database_cpu = _database_cpu()
        samples = {"off": ([], [], []), "on": ([], [], [])}
        same = 0
        for index, q in enumerate(items):
            answers = {}
            for side in (("off", "on") if index % 2 else ("on", "off")):
                wall, cpu, db = samples[side]
                with (speed.switched_off() if side == "off" else contextlib.nullcontext()):
                    start_db = database_cpu() if database_cpu else 0
                    start, start_cpu = time.perf_counter(), time.process_time()
                    answers[side] = answer(run(q))
                    wall.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.process_time() - start_cpu) * 1000)
                    if database_cpu:
                        db.append((database_cpu() - start_db) / 1e6)
            same += answers["off"] == answers["on"]
        counts, ranked = {}, {}
        for side in ("off", "on"):
            with (speed.switched_off() if side == "off" else contextlib.nullcontext()):
                calls, scored = 0, []
                for q in items[:20]:
                    with CaptureQueriesContext(connection) as captured:
                        run(q)
                    calls += len(captured.captured_queries)
                    if kind == "match only":
                        sql = [c["sql"] for c in captured.captured_queries if "AS score" in c["sql"]]
                        if sql:
                            scored.append(_ranked(sql[-1]))
                counts[side] = calls / 20
                ranked[side] = statistics.mean(scored) if scored else None
        figures = {side: (_percentiles(wall) + _percentiles(cpu)
                          + (_percentiles(db) if db else (None, None)))
                   for side, (wall, cpu, db) in samples.items()}
        results[kind] = {**figures, "queries": (counts["off"], counts["on"]),
                         "ranked": (ranked["off"], ranked["on"]) if ranked["on"] is not None
                         else None, "same": same, "calls": len(items)}
    return results


def _print_compare(results: dict) -> None:
    print("before (speed-ups off) and after (on), alternately in this run:")
    print(f"{'query':<12} {'p50 off':>8} {'p50 on':>8} {'p95 off':>8} {'p95 on':>8} "
          f"{'cpu95 off':>9} {'cpu95 on':>9} {'db95 off':>9} {'db95 on':>8} {'p95 on/off':>10} "
          f"{'SQL off/on':>10} {'same':>8}")
    for kind, row in results.items():
        off, on = row["off"], row["on"]
        db = (f"{off[5]:9.2f} {on[5]:8.2f}" if off[5] is not None else f"{'-':>9} {'-':>8}")
        print(f"{kind:<12} {off[0]:8.2f} {on[0]:8.2f} {off[1]:8.2f} {on[1]:8.2f} {off[3]:9.2f} "
              f"{on[3]:9.2f} {db} {on[1] / off[1]:10.2f} "
              f"{row['queries'][0]:4.1f}/{row['queries'][1]:<4.1f} {row['same']:>4}/{row['calls']}")
    for kind, row in results.items():
        if row["ranked"]:
            print(f"{kind}: rows scored per match (mean of 20 queries): "
                  f"{row['ranked'][0]:.0f} off, {row['ranked'][1]:.0f} on")


def _configure(vendor_url: str | None, fresh: bool = False) -> str:
    """Point Django at the bench database; return a description.

    ``vendor_url`` is the ``DATABASE_URL`` the bench was started with: on
    PostgreSQL the bench database is ``<name>_searchbench`` beside its
    database ``<name>``, otherwise the SQLite file :func:`_sqlite_path`.
    With ``fresh``, that database is started afresh (the SQLite file
    deleted, the PostgreSQL database dropped and created again); Django's
    connections to it must be closed first.

    :raises SystemExit: if the PostgreSQL bench database is in use by
        another connection (another bench run), so cannot be dropped.
    """
    if vendor_url and vendor_url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _slash, name = vendor_url.rpartition("/")
        name, query = (name.split("?", 1) + [""])[:2]
        name = name or "postgres"
        bench = f"{name}_searchbench"
        assert bench != name and bench.endswith("_searchbench")  # never drop <name> itself
        with psycopg.connect(vendor_url, autocommit=True) as conn:
            if fresh:
                try:
                    conn.execute(f'DROP DATABASE IF EXISTS "{bench}"')
                except psycopg.errors.ObjectInUse:
                    raise SystemExit(f"The bench database {bench} is in use (another bench "
                                     "run?): stop it, or run again later.") from None
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                  [bench]).fetchone()
            if not exists:
                conn.execute(f'CREATE DATABASE "{bench}"')
        os.environ["DATABASE_URL"] = f"{base}/{bench}" + (f"?{query}" if query else "")
        return f"PostgreSQL ({bench})"
    path = _sqlite_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if fresh:
        for stale in (path, *(path.with_name(path.name + end)
                              for end in ("-wal", "-shm", "-journal"))):
            stale.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    return f"SQLite ({path})"


def _sqlite_path() -> Path:
    """The bench's SQLite file: ``SEARCH_BENCH_SQLITE``, else ``var/bench/search.sqlite3``."""
    return Path(os.environ.get("SEARCH_BENCH_SQLITE")
                or ROOT / "var" / "bench" / "search.sqlite3").resolve()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clauses", type=int, default=50_000)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--rebuild", action="store_true", help="build the rulebook anew")
    parser.add_argument("--compare", action="store_true",
                        help="also run every query with rulebook.search.speed off and on, "
                             "alternately, and print both side by side")
    args = parser.parse_args(argv)

    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")
    vendor_url = os.environ.get("DATABASE_URL")
    where = _configure(vendor_url, fresh=args.rebuild)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connections

    from rulebook.models import Clause, Game

    call_command("migrate", verbosity=0)
    bench_games = Game.objects.filter(slug__startswith="bench-")
    have = Clause.objects.filter(document__game__in=bench_games).count()
    if args.rebuild or have != args.clauses:
        if not args.rebuild and bench_games.exists():
            # a rulebook of another size: its published versions cannot be
            # deleted (triggers), so the bench's own database starts afresh
            connections.close_all()
            _configure(vendor_url, fresh=True)
            call_command("migrate", verbosity=0)
        started = time.perf_counter()
        data = build_rulebook(args.clauses)
        print(f"built {args.clauses} clauses in {time.perf_counter() - started:.1f} s")
    else:
        keys = list(Clause.objects.filter(document__game__in=bench_games)
                    .values_list("key", flat=True))
        data = {"keys": keys, "words": vocabulary()}
    from django.db import connection

    if connection.vendor == "postgresql":
        # Table statistics as autovacuum would leave them after a while: a
        # bulk-built table left unanalysed makes the planner scan every clause.
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(f"search latency on {where}, {args.clauses} clauses, {args.queries} queries each:")
    figures = measure(data, args.queries)
    base = figures["baseline"][0]
    database = "" if figures["baseline"][4] is None else f" {'db cpu p50':>11} {'db cpu p95':>11}"
    print(f"{'query':<12} {'p50 ms':>8} {'p95 ms':>8} {'p95/goal':>9} {'cpu p50':>8} "
          f"{'cpu p95':>8} {'p50/baseline':>13}{database}")
    for kind, (p50, p95, cpu50, cpu95, db50, db95) in figures.items():
        database = (f" {db50:11.2f} {db95:11.2f}" if db50 is not None else "")
        print(f"{kind:<12} {p50:8.2f} {p95:8.2f} {p95 / GOAL_MS:9.2f} {cpu50:8.2f} {cpu95:8.2f} "
              f"{p50 / base:13.1f}{database}")
    if args.compare:
        _print_compare(compare(data, args.queries))
    if hasattr(os, "getloadavg"):
        print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"goal: p95 <= {GOAL_MS:.0f} ms, on SQLite and on PostgreSQL")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

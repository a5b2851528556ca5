"""A production-like site for the benchmarks: its own seeded SQLite database,
collected static files and gunicorn on 127.0.0.1 with ``DEBUG=0``.

Used by ``bench/load.py``, ``bench/mixed_load.py`` and ``bench/page_weight.py``;
nothing here is part of the test suite.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A calculator evaluation: judge case BK-7 (a) of /work/shared/cases, the
# address the web form's GET gives (the ruling region is rendered in full).
CALCULATOR_BK_7 = ("/de/calculator/berserk/timing/?card_type=creature&card_subtype=non-flying"
                   "&in_play_zone=on&turn=own&phase=main&subphase=choice&strike_declared=none")
# Pages of the rulebook to measure: (name, path).
RULE_PAGES = [
    ("clause", "/ru/berserk/comprehensive-rules/107.2/"),
    ("berserk document", "/ru/berserk/comprehensive-rules/"),
    ("search", "/de/search/?q=Schutzgottes"),
    ("calculator", CALCULATOR_BK_7),
]
# A ruling of the situation calculator: judge case "Fall 1" of the Power-Duell
# Schutzgottkarten text (worked example pd-1: a Schutzgottkarte whose
# negativ-positiv symbols weaken a Venus monster attacking an Earth monster,
# and an energy card), read in Russian.  The attacker's AP is left out: a cold
# run gives each request an AP of its own (``bench/cold.lua``, mode
# ``field=``), so every request is a table of its own and no cache answers.
RULING_QUERY = ("guardians=1&guardians-0-base_planet=venus&guardians-0-left_planet=mars"
                "&guardians-0-right_planet=erde&guardians-0-wirkung_attribute=ap"
                "&guardians-0-wirkung_amount=20&monsters=2&monsters-0-planet=venus"
                "&monsters-1-side=b&monsters-1-planet=erde&monsters-1-dp=100&attacker=1"
                "&target=2&effects=1&effects-0-source=energy&effects-0-source_side=b"
                "&effects-0-target_monster=2&effects-0-attribute=dp&effects-0-amount=10")
#: The varied input of a cold ruling and its value for the cached address.
RULING_FIELD, RULING_VALUE = "monsters-0-ap", "100"
#: A second input a cold run sets, to a value drawn for each run (the attacker's DP, not in
#: :data:`RULING_QUERY`): a later round never repeats an earlier round's tables, which the
#: page cache would answer (``bench/cold.lua``).
RULING_RUN_FIELD = "monsters-0-dp"
#: The headers of the form's htmx request for the ruling region.
HTMX_HEADERS = {"HX-Request": "true", "HX-Target": "ruling"}
# A ruling three ways: the whole page, the htmx fragment the form's request
# receives and the JSON API's evaluation: (name, path, request headers).
RULING_PAGES = [
    ("ruling page", "/ru/calculator/power-duell/situation/?" + RULING_QUERY, {}),
    ("ruling htmx", "/ru/calculator/power-duell/situation/?" + RULING_QUERY, HTMX_HEADERS),
    ("ruling json", "/api/scenarios/power-duell/situation/evaluate?lang=ru&" + RULING_QUERY,
     {}),
]


@dataclass
class Site:
    """A running site: base URL, var folder (database, static files) and process."""

    url: str
    var_dir: Path
    process: subprocess.Popen

    def fetch(self, path: str, headers: dict[str, str] | None = None) -> bytes:
        """GET ``path`` (with request ``headers``) and return the body (raises on an
        HTTP error)."""
        request = urllib.request.Request(self.url + path, headers=headers or {})
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read()


def environment(var_dir: Path) -> dict[str, str]:
    """Production settings: DEBUG off, a fixed secret, the SQLite file in ``var_dir``."""
    env = {key: value for key, value in os.environ.items()
           if key not in {"DATABASE_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update(RULESITE_VAR_DIR=str(var_dir), DEBUG="0", SECRET_KEY="bench-" + "z" * 60,
               ALLOWED_HOSTS="127.0.0.1", DJANGO_SETTINGS_MODULE="rulesite.settings")
    return env


def prepare(var_dir: Path) -> None:
    """Migrate, import the seeds and collect the static files into ``var_dir``."""
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput", "-v0"], ["import_rules"],
                    ["collectstatic", "--noinput", "-v0"]):
        subprocess.run(manage + command, cwd=ROOT, env=environment(var_dir), check=True,
                       stdout=subprocess.DEVNULL)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serve(var_dir: Path, workers: int = 3, log: Path | None = None):
    """Run gunicorn as ``make serve`` does (``workers`` sync workers) and yield a :class:`Site`."""
    port = free_port()
    out = open(log, "w") if log else subprocess.DEVNULL
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "rulesite.wsgi", "--config", "python:rulesite.gunicorn",
         "--bind", f"127.0.0.1:{port}", "--workers", str(workers)],
        cwd=ROOT, env=environment(var_dir), stdout=out, stderr=subprocess.STDOUT)
    site = Site(f"http://127.0.0.1:{port}", var_dir, process)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError("gunicorn exited before answering")
            try:
                site.fetch("/robots.txt")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield site
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
        if log:
            out.close()


@contextlib.contextmanager
def prepared_var_dir(keep: bool = False):
    """A temporary var folder with a seeded database and collected static files."""
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
    try:
        prepare(var_dir)
        yield var_dir
    finally:
        if not keep:
            shutil.rmtree(var_dir, ignore_errors=True)

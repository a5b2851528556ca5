"""Browser journeys in real Chromium: the site server, the browser and the pages.

The site runs as it does in production: a gunicorn subprocess on 127.0.0.1
with ``DEBUG=0``, the collected static files served by whitenoise, and its
own database seeded by ``manage.py import_rules`` (a fresh SQLite file, or a
``<name>_browser`` database on the PostgreSQL server of ``DATABASE_URL``).
Nothing in these tests touches the test database of pytest-django.

Playwright drives Debian's Chromium (``/usr/bin/chromium``, or
``$CHROMIUM``); Playwright's own browser download is never used.  Without a
browser the journeys are skipped with a message saying so; with ``CI=true``
they fail instead, so CI cannot pass without running them.

Each test gets a :class:`Journey` (fixture ``journey``, parametrised over
:data:`UI_LANGUAGES`), which fails the test on a console error or a request
to any host other than the test server, and saves a screenshot of the last
page under ``test-output/browser/``.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from tests import workers

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output" / "browser"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# Flags for a headless Chromium in a sandboxed root session without a GPU,
# and without any of Chromium's own calls home.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--no-first-run",
]
UI_LANGUAGES = ["de", "ru", "en"]
ADMIN_USER = ("admin", "browser-journey-password-1")


def in_ci() -> bool:
    """True when the environment says this run is CI (``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes", "on"}


def _unavailable(reason: str):
    """Skip the journeys locally; fail them in CI, where they must run."""
    if in_ci():
        pytest.fail(f"Browser journeys must run in CI, but {reason}", pytrace=False)
    pytest.skip(f"browser journeys skipped: {reason} "
                f"(install Debian's chromium, or set CHROMIUM=/path/to/chromium)")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_database_url(tmp: Path, suffix: str = "_browser") -> str:
    """The site server's own database: SQLite in ``tmp``, or a fresh
    ``<name><suffix>`` database beside the PostgreSQL test database."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        return f"sqlite:///{tmp / 'db.sqlite3'}"
    import psycopg

    parts = urlsplit(url)
    name = (parts.path.lstrip("/") or "postgres") + suffix + workers.suffix()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return parts._replace(path=f"/{name}").geturl()


@dataclass
class SiteServer:
    """The running site: its base URL, host and process."""

    url: str
    process: subprocess.Popen
    log: Path
    env: dict[str, str] = field(default_factory=dict)

    @property
    def netloc(self) -> str:
        return urlsplit(self.url).netloc

    def shell(self, code: str) -> str:
        """Run Python ``code`` in ``manage.py shell`` against the server's
        database (to prepare data a journey needs); return its output
        (raises CalledProcessError with the output if it fails)."""
        result = subprocess.run([sys.executable, str(ROOT / "manage.py"), "shell", "-c", code],
                                cwd=ROOT, env=self.env, capture_output=True, text=True)
        if result.returncode:
            raise subprocess.CalledProcessError(result.returncode, "manage.py shell",
                                                result.stdout, result.stderr)
        return result.stdout


#: Whether journeys save their screenshots (``RULEBOOK_TEST_SCREENSHOTS=0``: none, as in CI,
#: which keeps no test output: a full-page screenshot is a tenth of a second to seconds of
#: Chromium's time, and none is compared with anything).
SCREENSHOTS = os.environ.get("RULEBOOK_TEST_SCREENSHOTS", "1") != "0"


def shoot(page, path: Path | str, **options) -> None:
    """``page.screenshot(path=path, **options)``, unless screenshots are off
    (:data:`SCREENSHOTS`)."""
    if SCREENSHOTS:
        page.screenshot(path=str(path), **options)


def _wait_until_up(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the site server exited; see {log}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url + "/robots.txt", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the site server did not answer within {timeout:.0f} s; see {log}")


@contextlib.contextmanager
def served_site(tmp: Path, setup: list[list[str]], *, name: str = "browser"):
    """A site served by gunicorn with production settings on 127.0.0.1, its
    database in ``tmp`` (or ``<test database>_<name>`` on PostgreSQL) prepared
    by the ``manage.py`` commands ``setup`` (after ``migrate``; the admin
    user is created last); yields a :class:`SiteServer`, stopped on exit.

    Each site has its own cache key prefix and never Redis: two sites never
    answer from each other's cache.
    """
    OUTPUT.mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        "RULESITE_VAR_DIR": str(tmp),
        "DATABASE_URL": _server_database_url(tmp, f"_{name}"),
        "DEBUG": "0",
        "SECRET_KEY": "browser-journeys-" + "x" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "CACHE_KEY_PREFIX": f"browser-journeys-{name}{workers.suffix()}",
        "DJANGO_SETTINGS_MODULE": "rulesite.settings",
        "DJANGO_SUPERUSER_USERNAME": ADMIN_USER[0],
        "DJANGO_SUPERUSER_PASSWORD": ADMIN_USER[1],
        "DJANGO_SUPERUSER_EMAIL": "admin@example.org",
    }
    if name != "browser":
        env.pop("REDIS_URL", None)
    log = OUTPUT / (("server" if name == "browser" else f"server-{name}")
                    + f"{workers.suffix()}.log")
    manage = [sys.executable, str(ROOT / "manage.py")]
    with log.open("w") as out:
        for command in ([["migrate", "--noinput", "-v0"]] + setup
                        + [["collectstatic", "--noinput", "-v0"],
                           ["createsuperuser", "--noinput"]]):
            subprocess.run(manage + command, cwd=ROOT, env=env, check=True, stdout=out,
                           stderr=subprocess.STDOUT)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "rulesite.wsgi", "--config", "python:rulesite.gunicorn",
         "--bind", f"127.0.0.1:{port}", "--workers", "2", "--access-logfile", "-"],
        cwd=ROOT, env=env, stdout=log.open("a"), stderr=subprocess.STDOUT)
    try:
        _wait_until_up(url, process, log)
        yield SiteServer(url, process, log, env)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def site_server(tmp_path_factory) -> SiteServer:
    """A seeded site served by gunicorn with production settings on 127.0.0.1."""
    with served_site(tmp_path_factory.mktemp("site"), [["import_rules"]]) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (headless)."""
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        _unavailable(f"no Chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the Python package playwright is not installed")
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                              args=CHROMIUM_ARGS)
    except Exception as exc:  # noqa: BLE001 - any launch failure means "no browser"
        playwright.stop()
        _unavailable(f"Chromium at {CHROMIUM} does not start: {exc}")
    yield chromium
    chromium.close()
    playwright.stop()


@dataclass
class Journey:
    """One browser journey: a page in a UI language, watched for faults.

    ``console_errors`` collects console messages of type error and uncaught
    page errors (a Content-Security-Policy violation is one);
    ``foreign_requests`` collects every request to a host other than the
    test server (they are aborted, so nothing leaves the machine).
    """

    page: object
    language: str
    server: SiteServer
    name: str
    console_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    screenshots: list[Path] = field(default_factory=list)

    def url(self, path: str) -> str:
        """The absolute address of ``path`` on the test server."""
        return self.server.url + path

    def goto(self, path: str):
        """Open ``path`` and return the response (asserting it is not an error)."""
        response = self.page.goto(self.url(path))
        assert response is not None and response.status < 400, (path, response and response.status)
        return response

    def settle(self, timeout_ms: float = 10_000) -> None:
        """Wait until the page's own scripts are done with it: the reader's service worker
        has stored the page (``html[data-offline-state]``, set last by reader.js) or the
        page is a stored copy (``body[data-offline-copy]``); where neither comes within
        ``timeout_ms``, until the network is idle (half a second without a request,
        Playwright's ``networkidle``, which every page would otherwise wait for)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        try:
            self.page.wait_for_selector("html[data-offline-state], body[data-offline-copy]",
                                        state="attached", timeout=timeout_ms)
        except PlaywrightTimeoutError:
            self.page.wait_for_load_state("networkidle")

    def screenshot(self, step: str = "") -> Path:
        """Save a full-page screenshot as ``test-output/browser/<journey>[-step].png``."""
        OUTPUT.mkdir(parents=True, exist_ok=True)
        path = OUTPUT / f"{self.name}{'-' + step if step else ''}.png"
        shoot(self.page, path, full_page=True)
        self.screenshots.append(path)
        return path

    def assert_clean(self) -> None:
        """No console error and no request that left the test server."""
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.foreign_requests == [], f"requests to other hosts: {self.foreign_requests}"


def new_journey(browser, server: SiteServer, language: str, name: str, *,
                javascript: bool = True) -> Journey:
    """Open a fresh browser context (no cookies) with one page for a journey."""
    context = browser.new_context(locale=language, viewport={"width": 1200, "height": 900},
                                  java_script_enabled=javascript)
    page = context.new_page()
    journey = Journey(page, language, server, name)

    def on_console(message):
        if message.type == "error":
            journey.console_errors.append(f"{message.text} @ {message.location}")

    def route(route):
        url = route.request.url
        journey.requests.append(url)
        if urlsplit(url).scheme in {"data", "blob"} or urlsplit(url).netloc == server.netloc:
            route.continue_()
        else:
            journey.foreign_requests.append(url)
            route.abort()

    page.on("console", on_console)
    page.on("pageerror", lambda error: journey.console_errors.append(f"page error: {error}"))
    context.route("**/*", route)
    return journey


@pytest.fixture(params=UI_LANGUAGES)
def language(request) -> str:
    """A UI language; journeys using it run once per language."""
    return request.param


@pytest.fixture
def journey(browser, site_server, language, request):
    """A :class:`Journey` in ``language``; checked and screenshotted at the end."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-")
    item = new_journey(browser, site_server, language, name)
    yield item
    try:
        if not item.page.is_closed():
            item.screenshot()
        item.assert_clean()
    finally:
        item.page.context.close()


@pytest.fixture
def no_script_journey(browser, site_server, language, request):
    """Like ``journey``, with JavaScript disabled in the browser."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name).strip("-") + "-nojs"
    item = new_journey(browser, site_server, language, name, javascript=False)
    yield item
    try:
        item.screenshot()
        item.assert_clean()
    finally:
        item.page.context.close()

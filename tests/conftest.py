"""Shared fixtures: plain static storage and an empty cache for tests, and the
imported seeds."""

import contextlib
import os

import pytest
from django.core.cache import cache

from tests import workers

#: Where a test cannot touch the run's database: the engine's doctests and tests (plain
#: Python, no Django: the import-linter contract "engine is plain Python").  Other tests say
#: so with the mark ``database_free`` (a module: ``pytestmark = pytest.mark.database_free``):
#: no database fixture and no site server on ``DATABASE_URL`` (a test of a SQLite file of its
#: own, e.g. the database faults, is the same in every run).
DATABASE_FREE_PATHS = ("engine/", "tests/engine/")
#: The fixtures that give a test a database (pytest-django's, and the seeded rulebook).
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_reset_sequences",
                     "django_db_serialized_rollback", "live_server", "seeded"}


def pytest_configure(config):
    """On a parallel worker (pytest-xdist), take a Redis database of its own
    (:mod:`tests.workers`)."""
    workers.isolate_redis()
    config.addinivalue_line("markers", "database_free: the test does not use the run's "
                            "database (no database fixture, no site server on DATABASE_URL), "
                            "so the run on a second database leaves it out "
                            "(RULEBOOK_TEST_SECOND_DATABASE)")


def database_free(item: pytest.Item) -> bool:
    """Whether ``item`` cannot touch the run's database (:data:`DATABASE_FREE_PATHS`, or marked
    ``database_free``).

    :raises pytest.UsageError: for an item said to be database-free that asks for a database
        (a fixture of :data:`DATABASE_FIXTURES` or the ``django_db`` mark).
    """
    free = (item.nodeid.startswith(DATABASE_FREE_PATHS)
            or item.get_closest_marker("database_free") is not None)
    if free and (DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
                 or item.get_closest_marker("django_db") is not None):
        raise pytest.UsageError(f"{item.nodeid} is database-free but asks for a database")
    return free


def pytest_collection_modifyitems(config, items):
    """With ``RULEBOOK_TEST_SECOND_DATABASE=1`` (``make test``'s PostgreSQL run, after the
    SQLite one ran every test) leave out the tests that do not use the run's database: they
    ran already and would give the same result.  Every item is checked either way
    (:func:`database_free`)."""
    free = {item: database_free(item) for item in items}
    if os.environ.get("RULEBOOK_TEST_SECOND_DATABASE") == "1":
        config.hook.pytest_deselected(items=[item for item in items if free[item]])
        items[:] = [item for item in items if not free[item]]
    SEEDED_ONCE.clear()
    SEEDED_ONCE.update(seeded_once(items))


#: The fixtures after which a test's writes are committed (no transaction around the test).
COMMITTING_FIXTURES = {"transactional_db", "live_server", "django_db_reset_sequences",
                       "django_db_serialized_rollback"}
#: The modules whose seeded rulebook is imported once (:func:`seeded_once`, :func:`seeded`).
SEEDED_ONCE: set[str] = set()


def seeded_once(items: list[pytest.Item]) -> set[str]:
    """The modules (node ids) where every test that uses the database asks for the seeded
    rulebook and none commits its writes: there the seeds are imported once, in a
    transaction around the module's tests that is rolled back after its last one."""
    uses: dict[str, bool] = {}
    for item in items:
        module = item.nodeid.split("::")[0]
        names = set(getattr(item, "fixturenames", ()))
        marker = item.get_closest_marker("django_db")
        if not (DATABASE_FIXTURES & names or marker is not None):
            continue
        committing = bool(COMMITTING_FIXTURES & names) or bool(
            marker is not None and (marker.kwargs.get("transaction")
                                    or marker.kwargs.get("serialized_rollback")))
        uses[module] = uses.get(module, True) and "seeded" in names and not committing
    return {module for module, shared in uses.items() if shared}


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The migrated test database; on PostgreSQL with ``RULEBOOK_TEST_SITE_ROLE``
    every connection then runs as the site's least-privilege role
    (:mod:`tests.site_role`)."""
    from tests import site_role

    if site_role.wanted():
        with django_db_blocker.unblock():
            site_role.install()
    yield


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Tests render templates without a collected static manifest."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the site's default language: a request through
    the test client leaves its page's language active (LocaleMiddleware
    activates it and nothing switches it back), which would otherwise leak
    into the next test's ``get_language()``."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _own_response_files(settings, tmp_path):
    """Each test keeps the body files of its answers (rulebook.caching.bodies)
    in a folder of its own: a test's database reuses row ids."""
    settings.RESPONSE_FILES_DIR = tmp_path / "responses"


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache (local memory, or the Redis
    database of ``REDIS_URL``), so no fragment outlives its test, and with
    empty per-process indexes: emptying the cache resets their generation,
    and a test's database reuses row ids, so an index kept from an earlier
    test would describe another game under the same id."""
    from rulebook.caching.process import ProcessIndex

    cache.clear()
    ProcessIndex.clear_all()
    yield
    cache.clear()
    ProcessIndex.clear_all()


@pytest.fixture
def sources():
    """The manifest entries, keyed "game/document"."""
    from rulebook.importing import load_manifest

    return {f"{spec.game}/{spec.document}": spec for spec in load_manifest()}


def _import_seeds() -> dict:
    """The three seed texts imported; their import reports, keyed "game/document"."""
    from rulebook.importing import import_source, load_manifest

    return {f"{spec.game}/{spec.document}": import_source(spec) for spec in load_manifest()}


@pytest.fixture(scope="module")
def _seeds_of_module(request, django_db_setup, django_db_blocker):
    """In a module of :data:`SEEDED_ONCE`, the seeds imported once, in a transaction that is
    rolled back after the module's last test (or when a worker moves on to another module);
    each test runs in a savepoint of it (pytest-django's ``db``), so what one test writes is
    undone before the next.  Elsewhere ``None``."""
    if request.node.nodeid not in SEEDED_ONCE:
        yield None
        return
    with _rolled_back(django_db_blocker):
        yield _import_seeds()


@contextlib.contextmanager
def _rolled_back(django_db_blocker):
    """A transaction around a module's tests, rolled back at its end (the database
    unblocked meanwhile)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        try:
            yield
        finally:
            transaction.set_rollback(True)


@pytest.fixture
def seeded(_seeds_of_module, db):
    """A database with the three seed texts imported; returns the import reports (imported
    once per module where :func:`seeded_once` allows, else for this test)."""
    return _import_seeds() if _seeds_of_module is None else _seeds_of_module


@pytest.fixture(scope="module")
def translated_rulebook(django_db_setup, django_db_blocker):
    """The seeds imported and the shipped translations and glossaries loaded, once per test
    module (on PostgreSQL each clause's search index is written on every save: seconds per
    load); returns the translations' report.

    They are written in a transaction that is rolled back after the module's last test (or
    when a worker moves on to another module), and each test runs in a savepoint of it
    (pytest-django's ``db``, which a test asking for this fixture must also ask for), so
    what one test writes is undone before the next, as with :func:`seeded`.
    """
    from rulebook.importing.translations import load_translations

    with _rolled_back(django_db_blocker):
        _import_seeds()
        yield load_translations()

"""Shared fixtures: plain static storage and an empty cache for tests, and the
imported seeds."""

import pytest
from django.core.cache import cache

from tests import workers


def pytest_configure(config):
    """On a parallel worker (pytest-xdist), take a Redis database of its own
    (:mod:`tests.workers`)."""
    workers.isolate_redis()


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


@pytest.fixture
def seeded(db, sources):
    """A database with the three seed texts imported; returns the import reports."""
    from rulebook.importing import import_source

    return {name: import_source(spec) for name, spec in sources.items()}

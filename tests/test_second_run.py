"""The second database's run leaves out only what cannot use a database (tests/conftest.py)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from tests.conftest import database_free

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run


@dataclass
class _Item:
    """What :func:`database_free` reads of a collected test."""

    nodeid: str
    fixturenames: tuple[str, ...] = ()
    marks: dict[str, object] = field(default_factory=dict)

    def get_closest_marker(self, name):
        return self.marks.get(name)


def test_the_engine_and_marked_tests_are_database_free_and_others_are_not():
    assert database_free(_Item("engine/core.py::engine.core.Message"))
    assert database_free(_Item("tests/engine/berserk/test_history.py::test_x"))
    assert database_free(_Item("tests/test_catalogs.py::test_x", marks={"database_free": 1}))
    assert not database_free(_Item("tests/rulebook/test_i18n.py::test_x", ("db",)))
    assert not database_free(_Item("tests/browser/test_reading.py::test_x", ("site_server",)))
    assert not database_free(_Item("tests/engines.py::test_x"))


@pytest.mark.parametrize("fixture", ["db", "transactional_db", "seeded", "live_server"])
def test_a_database_free_test_that_asks_for_a_database_is_an_error(fixture):
    with pytest.raises(pytest.UsageError, match="asks for a database"):
        database_free(_Item("tests/engine/test_x.py::test_x", (fixture,)))
    with pytest.raises(pytest.UsageError, match="asks for a database"):
        database_free(_Item("tests/test_x.py::test_x", marks={"database_free": 1,
                                                             "django_db": 1}))

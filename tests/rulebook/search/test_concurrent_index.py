"""Two rebuilds of one clause's search entries at once (an import and an editor's save
of a translation) both succeed and leave one set of entries: the later insert, which
collides with the earlier transaction's new rows, runs again (``indexing._retried_once``).

The race needs concurrent writers and row locks: PostgreSQL only (SQLite serialises
writers); the retry itself is checked on both.
"""

import threading

import pytest
from django.db import IntegrityError, connections, transaction

from rulebook.models import SearchEntry
from rulebook.search import indexing
from tests.rulebook.test_concurrent_edits import needs_postgres


def _entries(clause):
    return sorted(SearchEntry.objects.filter(clause=clause).values_list("version_id", "language"))


def test_a_unique_violation_is_run_again_and_a_second_one_raised(small_rulebook, monkeypatch):
    clause = small_rulebook["clause"]
    expected = indexing.index_clause(clause)
    real, tries = indexing._index_clause, []

    def colliding_once(found):
        tries.append(1)
        if len(tries) == 1:
            real(found)
            raise IntegrityError("duplicate key value violates unique constraint")
        return real(found)

    monkeypatch.setattr(indexing, "_index_clause", colliding_once)
    assert indexing.index_clause(clause) == expected and len(tries) == 2
    assert len(_entries(clause)) == expected  # the first run's rows were rolled back

    monkeypatch.setattr(indexing, "_index_clause", lambda found: (_ for _ in ()).throw(
        IntegrityError("again")))
    with pytest.raises(IntegrityError):
        indexing.index_clause(clause)


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_rebuilds_of_one_clause_at_once_both_succeed(small_rulebook):
    clause = small_rulebook["clause"]
    indexing.index_clause(clause)
    expected = _entries(clause)
    barrier, results = threading.Barrier(2), {}

    def rebuild(name):
        try:
            with transaction.atomic():
                results[name] = indexing.index_clause(clause)
                try:  # hold the new rows uncommitted while the other rebuilds
                    barrier.wait(timeout=2)
                except threading.BrokenBarrierError:
                    pass
        except Exception as error:  # noqa: BLE001 - the outcome is the test
            results[name] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=rebuild, args=(name,)) for name in ("import", "editor")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a rebuild hangs"
    assert results == {"import": len(expected), "editor": len(expected)}, results
    assert _entries(clause) == expected

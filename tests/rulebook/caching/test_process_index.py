"""A per-process index is invalidated again when the writer's transaction commits,
so no process keeps a value built from the data as it was before the commit."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import transaction

from rulebook.caching.process import ProcessIndex

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_value_built_before_the_commit_is_rebuilt_after_it():
    index = ProcessIndex("test:process-index:generation", ttl=60.0)
    data = {"text": "old"}
    with transaction.atomic():
        index.invalidate()  # as a signal does, inside the writer's transaction
        # another process reads the raised generation before the commit: old data
        assert index.get("k", lambda: data["text"]) == "old"
        data["text"] = "new"  # what the commit makes visible
        assert index.get("k", lambda: data["text"]) == "old"  # still kept before the commit
    assert index.get("k", lambda: data["text"]) == "new"
    cache.delete(index.generation_key)


def test_without_a_transaction_the_generation_is_raised_at_once():
    index = ProcessIndex("test:process-index:plain", ttl=60.0)
    before = cache.get(index.generation_key, 0)
    index.invalidate()
    assert cache.get(index.generation_key, 0) > before
    cache.delete(index.generation_key)

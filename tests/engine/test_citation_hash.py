"""A citation's hash is worked out once and never travels with it (engine.core.Citation)."""

from __future__ import annotations

import copy
import pickle

from engine.core import Citation, DocumentRef


def test_equal_citations_hash_alike_and_a_pickle_carries_no_hash():
    first = DocumentRef("berserk", "comprehensive-rules").cite("107.2")
    again = Citation(DocumentRef("berserk", "comprehensive-rules"), "107.2")
    assert first == again and hash(first) == hash(again)
    assert hash(first) == hash((first.document, first.key, first.version))
    assert {first: 1}[again] == 1
    assert "_hash" in vars(first)  # remembered
    restored = pickle.loads(pickle.dumps(first))
    assert "_hash" not in vars(restored) and restored == first
    assert hash(restored) == hash(first) and hash(copy.copy(first)) == hash(first)
    assert first != first.document.cite("107.2", version=2)

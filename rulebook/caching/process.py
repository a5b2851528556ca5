"""Per-process indexes of the rulebook, kept until the rulebook changes.

Some lookups are read on almost every page and change rarely (a game's
documents and clause keys for the reference resolver, a game's glossary,
the glossary's synonym table for search).  Each worker keeps them in
memory, keyed by a *generation* number in Django's shared cache: a change
raises the generation (:meth:`ProcessIndex.invalidate`, called by the
signals), so every worker — on every server sharing the cache — rebuilds
on its next use.  A time limit bounds how stale a value can be if the
shared cache was emptied or unreachable.
"""

from __future__ import annotations

import time
import weakref
from typing import Callable, ClassVar, Generic, Hashable, TypeVar

from django.core.cache import cache

V = TypeVar("V")


class ProcessIndex(Generic[V]):
    """Values built per key, kept in this process while the generation
    stored under ``generation_key`` is unchanged and for at most ``ttl``
    seconds.

    >>> index = ProcessIndex("doc:test:generation", ttl=60.0)
    >>> index.get(1, lambda: "built")
    'built'
    >>> index.get(1, lambda: "again")  # kept
    'built'
    >>> index.clear(); index.get(1, lambda: "again")
    'again'
    """

    _instances: ClassVar[weakref.WeakSet] = weakref.WeakSet()

    def __init__(self, generation_key: str, ttl: float = 60.0) -> None:
        self.generation_key = generation_key
        self.ttl = ttl
        self._values: dict[Hashable, tuple[int, float, V]] = {}
        ProcessIndex._instances.add(self)

    @classmethod
    def clear_all(cls) -> None:
        """Forget the values of every index of this process: after the
        database was emptied behind the signals' back (``manage.py flush``,
        a test's teardown), when row ids may be reused."""
        for index in list(cls._instances):
            index.clear()

    def get(self, key: Hashable, build: Callable[[], V]) -> V:
        """Return the value of ``key``, calling ``build()`` when it is missing,
        of another generation or older than ``ttl`` seconds."""
        generation = cache.get(self.generation_key, 0)
        now = time.monotonic()
        kept = self._values.get(key)
        if kept and kept[0] == generation and now - kept[1] < self.ttl:
            return kept[2]
        value = build()
        self._values[key] = (generation, now, value)
        return value

    def invalidate(self) -> None:
        """Raise the shared generation: every process rebuilds on next use."""
        try:
            cache.incr(self.generation_key)
        except ValueError:
            cache.set(self.generation_key, 1, None)

    def clear(self) -> None:
        """Forget this process's values (as in a new worker)."""
        self._values.clear()

"""Per-process indexes of the rulebook, kept until the rulebook changes.

Some lookups are read on almost every page and change rarely (a game's
documents and clause keys for the reference resolver, a game's glossary,
the glossary's synonym table for search).  Each worker keeps them in
memory, keyed by a *generation* number in Django's shared cache: a change
raises the generation (:meth:`ProcessIndex.invalidate`, called by the
signals), so every worker — on every server sharing the cache — rebuilds
on its next use.  A time limit bounds how stale a value can be if the
shared cache was emptied or unreachable.

While the shared cache does not answer (:mod:`rulebook.caching.degrading`),
no generation can reach this process: a value is then kept for at most
:data:`OUTAGE_TTL` seconds, values kept across the start or end of an
outage are rebuilt, and when the cache answers again this process raises
every generation — another process's bump may have been lost meanwhile,
and processes that saw no outage must rebuild too (each worker that saw the
outage raises them once, so an outage costs a few rebuilds after it).  The process that makes
a change forgets its own values at once, whether the bump reaches the
shared cache or not.

A shared cache can also fail in part: refuse writes while it still answers
reads, or be out of reach of one worker only.  Then a bump is lost without an
outage seen here.  So a value is also kept with the rulebook's publication
stamp of the request that built it (:data:`REQUEST_STAMP`, which the page cache
sets for a page it will store under that stamp): a page request with another stamp
rebuilds it, and a page is never stored under a new publication's key with an
index of the old one.  Requests without a stamp keep the value as before.
"""

from __future__ import annotations

import contextvars
import time
import weakref
from typing import Callable, ClassVar, Generic, Hashable, TypeVar

from django.core.cache import cache
from django.db import transaction

from rulebook.caching import degrading

V = TypeVar("V")

#: Seconds a value is kept while the shared cache does not answer (no other
#: process's invalidation can reach this one then).
OUTAGE_TTL = 5.0

#: The rulebook's publication stamp (:func:`rulebook.caching.pages.rulebook_generation`)
#: of the request being answered, where the page cache read one for its key; else ``None``.
REQUEST_STAMP: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "rulebook_request_generation", default=None)


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

    A page request under another publication stamp rebuilds it (a bump may have been lost):

    >>> token = REQUEST_STAMP.set("published-since")
    >>> index.get(1, lambda: "rebuilt"), index.get(1, lambda: "once")
    ('rebuilt', 'rebuilt')
    >>> REQUEST_STAMP.reset(token)

    With ``shared=False`` the shared cache is not asked on each read (no round trip to
    Redis): for keys that already hold the rulebook's publication stamp
    (:func:`rulebook.caching.pages.rulebook_generation`), which no shared generation
    could make fresher; :meth:`clear_all` still forgets its values.

    With ``maxsize``, at most that many keys are kept (the oldest built is
    forgotten first), for keys without a natural bound (a date a reader
    chose):

    >>> small = ProcessIndex("doc:test:generation", maxsize=2)
    >>> [small.get(key, lambda: key * 10) for key in (1, 2, 3)]
    [10, 20, 30]
    >>> sorted(small._values)
    [2, 3]
    """

    _instances: ClassVar[weakref.WeakSet] = weakref.WeakSet()

    def __init__(self, generation_key: str, ttl: float = 60.0,
                 maxsize: int | None = None, shared: bool = True) -> None:
        self.generation_key = generation_key
        self.ttl = ttl
        self.maxsize = maxsize
        self.shared = shared
        self._values: dict[Hashable, tuple[tuple[int, int], float, V, str | None]] = {}
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
        of another generation or older than ``ttl`` seconds (or
        :data:`OUTAGE_TTL` while the shared cache does not answer).  An index made with
        ``shared=False`` asks the shared cache nothing: its keys carry what makes a value
        fresh (the rulebook's publication stamp), so only ``ttl`` and :meth:`clear` bound it.
        A value built under another publication stamp than the request's (:data:`REQUEST_STAMP`,
        where it has one) is rebuilt."""
        if self.shared:
            shared = cache.get(self.generation_key, 0)
            # Read after the get, which may have begun or ended an outage.
            state = degrading.state()
            generation = (shared, state.epoch)
            ttl = min(self.ttl, OUTAGE_TTL) if state.down else self.ttl
        else:
            generation, ttl = (0, 0), self.ttl
        now, stamp = time.monotonic(), REQUEST_STAMP.get()
        kept = self._values.get(key)
        if (kept and kept[0] == generation and now - kept[1] < ttl
                and (stamp is None or kept[3] == stamp)):
            return kept[2]
        value = build()
        self._values.pop(key, None)  # a rebuilt key counts as the newest
        self._values[key] = (generation, now, value, stamp)
        if self.maxsize is not None:
            while len(self._values) > self.maxsize:
                del self._values[next(iter(self._values))]
        return value

    @classmethod
    def invalidate_all(cls) -> None:
        """Raise the shared generation of every index of this process (each
        key once): run when the shared cache answers again after an outage."""
        for generation_key in {index.generation_key for index in list(cls._instances)}:
            _bump(generation_key)

    def invalidate(self) -> None:
        """Raise the shared generation: every process rebuilds on next use;
        this one at once (every index of this generation), even when the
        shared cache does not answer.

        Called from a model signal, inside the writer's transaction: another
        process may rebuild from the data as it was before the commit under
        the raised generation.  So the generation is raised, and this
        process's values forgotten, once more when the transaction commits
        (at once when there is none).
        """
        self._forget_and_bump()
        transaction.on_commit(self._forget_and_bump)

    def _forget_and_bump(self) -> None:
        for index in list(ProcessIndex._instances):
            if index.generation_key == self.generation_key:
                index.clear()
        _bump(self.generation_key)

    def clear(self) -> None:
        """Forget this process's values (as in a new worker)."""
        self._values.clear()


def _bump(generation_key: str) -> None:
    """Raise the number under ``generation_key`` (1 when it is missing)."""
    try:
        cache.incr(generation_key)
    except ValueError:
        cache.set(generation_key, 1, None)


degrading.on_recovery(ProcessIndex.invalidate_all)

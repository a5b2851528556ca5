"""The shared cache (Redis) as an accelerator that may fail: an outage is a miss.

Every use of Django's cache in the site — the whole-page cache
(:mod:`rulebook.caching.pages`), the ``{% cache %}`` fragments of the rule
pages, the generations of the per-process indexes
(:mod:`rulebook.caching.process`) — goes through the cache backend, so this
backend is the one place that decides what a failing Redis means.
:class:`DegradingRedisCache` is Django's ``RedisCache`` with every operation
guarded: when Redis does not answer (refused, timed out, out of memory,
read-only replica), a read is a miss, a write is skipped, and the page is
answered from the database, which has every answer.

What it trades:

- **Speed for availability.**  During an outage every page is rendered
  afresh.  After a failure the backend stops asking Redis for
  :data:`RETRY_AFTER` seconds (a circuit breaker, per process and Redis
  address), so a request does not pay a connection attempt per cache call;
  the next call after that interval tries again.  Connections time out after
  :data:`CONNECT_TIMEOUT` / :data:`SOCKET_TIMEOUT` seconds (settings
  ``OPTIONS``), so a Redis that accepts connections but never answers costs a
  request about a second (redis-py retries a command once or twice: about
  3 s for the first request that meets it), once per interval and process.
- **Quiet logs for detail.**  The outage is logged when it starts, then at most
  once per :data:`LOG_INTERVAL` seconds with the number of operations answered
  as misses, and once when Redis answers again — never once per request (a
  Redis that flaps is reported at most once per interval).
- **Lost invalidations are made good on recovery, not during the outage.**
  A skipped ``set`` only costs a later miss.  A skipped invalidation — a
  per-process index's generation bump (``incr``) after a publication — cannot
  reach the other processes while Redis is down.  What keeps readers from
  stale pages:

  * page and fragment keys hold the publication stamp read from the database
    on every request (:mod:`rulebook.caching.pages`,
    :mod:`rulebook.caching.conditional`), never a value kept in Redis, so no
    lost write can make a stored page current again;
  * a process that sees the outage keeps its per-process indexes for at most
    :data:`rulebook.caching.process.OUTAGE_TTL` seconds while it lasts, drops
    them when it starts and when it ends (:func:`epoch` changes), and raises every index
    generation once Redis answers again (:func:`on_recovery`): a process that
    saw no outage rebuilds too, whichever process lost the bump;
  * the process that made the change forgets its own indexes at once.

  The case left: every process that saw the outage stopped before Redis
  answered again.  Then a process that saw none keeps its indexes for at
  most the index's own time limit (60 s), and a page rendered with them in
  that window may be stored until the next publication.

A backend other than Redis (local memory, the default) cannot be
unreachable; :func:`state` answers "up" for it.  The other accelerator kept
outside the database, the body files under ``var/``
(:mod:`rulebook.caching.bodies`), follows the same rule: a folder that is
full or not writable is a miss, reported through :func:`report`.
:func:`health` checks the cache for the health endpoint (a real round trip,
breaker or not).
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import urlsplit

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

#: Seconds the backend leaves Redis alone after a failure before trying again.
RETRY_AFTER = 2.0
#: At most one log line about an ongoing outage per this many seconds.
LOG_INTERVAL = 60.0
#: Connection and socket time limits (seconds) of the Redis client
#: (``OPTIONS`` ``socket_connect_timeout`` and ``socket_timeout``).
CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 1.0


def _errors() -> tuple[type[BaseException], ...]:
    """What a failing Redis raises: redis-py's errors and the socket's."""
    import redis.exceptions

    return (redis.exceptions.RedisError, OSError)


@dataclass
class CacheState:
    """Whether a shared cache answers, as this process last saw it.

    ``down_since`` is the monotonic time of the first failure of the
    current outage (``None`` while the cache answers), ``retry_at`` when the
    backend asks Redis again, ``epoch`` how many outages began or ended in
    this process (a value kept across a change of ``epoch`` may have missed
    an invalidation), ``skipped`` how many operations were answered as
    misses since the last log line, ``reported`` whether the current (or
    last) outage was logged — a Redis that flaps within :data:`LOG_INTERVAL`
    is not reported again at each flap — ``last_error`` the latest error's text.
    """

    address: str
    down_since: float | None = None
    retry_at: float = 0.0
    epoch: int = 0
    skipped: int = 0
    logged_at: float = float("-inf")
    reported: bool = False
    last_error: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def down(self) -> bool:
        """Whether the last operation on this cache failed."""
        return self.down_since is not None


#: The state of a backend that cannot be unreachable (local memory).
_ALWAYS_UP = CacheState(address="local memory")
# One state per Redis address, shared by the backend instances of all threads.
_STATES: dict[str, CacheState] = {}
_STATES_LOCK = threading.Lock()
_RECOVERY_HOOKS: list[Callable[[], None]] = []


def on_recovery(hook: Callable[[], None]) -> Callable[[], None]:
    """Call ``hook()`` (no arguments) whenever a shared cache answers again
    after an outage this process saw; returns ``hook`` (usable as a
    decorator).  A hook's own failure is logged, never raised."""
    if hook not in _RECOVERY_HOOKS:
        _RECOVERY_HOOKS.append(hook)
    return hook


def state(alias: str = "default") -> CacheState:
    """The :class:`CacheState` of the cache ``alias`` in this process (a
    backend that cannot fail is always up)."""
    backend = caches[alias]
    return backend.state if isinstance(backend, DegradingRedisCache) else _ALWAYS_UP


def epoch(alias: str = "default") -> int:
    """How many outages of the cache ``alias`` began or ended in this process."""
    return state(alias).epoch


def health(alias: str = "default") -> dict[str, Any]:
    """Check the cache ``alias`` now with a write and a read of a probe key.

    Returns ``{"ok": bool, "backend": "redis" | "local memory" | …}`` and,
    when it failed, ``"error"`` (the error's type; the address's password
    is never shown).  A success ends an outage seen by this process.
    """
    backend = caches[alias]
    kind = "redis" if isinstance(backend, RedisCache) else (
        "local memory" if "locmem" in type(backend).__module__ else type(backend).__name__)
    token = uuid.uuid4().hex
    try:
        if isinstance(backend, DegradingRedisCache):
            backend.probe(token)
        else:
            backend.set(f"healthz:{token}", token, 10)
            if backend.get(f"healthz:{token}") != token:
                raise LookupError("the probe key was not read back")
    except Exception as error:  # noqa: BLE001 - a health check reports every failure
        return {"ok": False, "backend": kind, "error": type(error).__name__}
    return {"ok": True, "backend": kind}


_REPORTED: dict[str, float] = {}


def report(what: str, error: BaseException) -> None:
    """Log that the accelerator ``what`` failed with ``error`` and the answer
    was made without it — at most once per :data:`LOG_INTERVAL` seconds for
    each ``what`` (e.g. ``"body files"``, when ``var/`` is full or read-only)."""
    now = time.monotonic()
    if now - _REPORTED.get(what, float("-inf")) >= LOG_INTERVAL:
        _REPORTED[what] = now
        logger.warning("%s failed (%s: %s): answered without them; reported again after "
                       "%.0f s at the earliest.", what, type(error).__name__, error, LOG_INTERVAL)


def _display(location: str) -> str:
    """``host:port/db`` of a Redis address, without user or password."""
    parts = urlsplit(location if "//" in location else f"redis://{location}")
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.hostname or location}{port}{parts.path}"


class DegradingRedisCache(RedisCache):
    """Django's ``RedisCache``, with a failing Redis treated as a miss.

    Reads answer their default (``get``: ``default``, ``get_many``: ``{}``,
    ``has_key``/``add``/``touch``/``delete``: ``False``), writes are skipped
    (``set_many`` reports every key as not stored), ``incr``/``decr`` raise
    ``ValueError`` as for a missing key (callers already handle that: it is
    a miss).  See the module docstring for the breaker and the logging.

    Settings::

        CACHES = {"default": {
            "BACKEND": "rulebook.caching.degrading.DegradingRedisCache",
            "LOCATION": "redis://127.0.0.1:6379/0",
        }}
    """

    def __init__(self, server, params):
        options = {"socket_connect_timeout": CONNECT_TIMEOUT, "socket_timeout": SOCKET_TIMEOUT,
                   **params.get("OPTIONS", {})}
        super().__init__(server, {**params, "OPTIONS": options})
        address = ",".join(_display(location) for location in self._servers)
        with _STATES_LOCK:
            self.state = _STATES.setdefault(address, CacheState(address=address))

    # -- the guard -------------------------------------------------------

    def _guarded(self, operation: Callable[[], Any], miss: Callable[[], Any]) -> Any:
        """``operation()``, or ``miss()`` while Redis is down or when it fails."""
        state = self.state
        if state.down and time.monotonic() < state.retry_at:
            state.skipped += 1
            self._log_ongoing()
            return miss()
        try:
            result = operation()
        except _errors() as error:
            self._failed(error)
            return miss()
        if state.down:
            self._recovered()
        return result

    def _failed(self, error: BaseException) -> None:
        state = self.state
        now = time.monotonic()
        with state.lock:
            state.retry_at = now + RETRY_AFTER
            state.skipped += 1
            state.last_error = f"{type(error).__name__}: {error}"
            if state.down_since is None:
                state.down_since = now
                state.epoch += 1
                starting = True
            else:
                starting = False
        if starting:
            state.reported = False
        if starting and now - state.logged_at >= LOG_INTERVAL:
            state.logged_at = now
            state.reported = True
            logger.warning("The cache at %s does not answer (%s): pages are answered from "
                           "the database, Redis is tried again every %.0f s.",
                           state.address, state.last_error, RETRY_AFTER)
            state.skipped = 0
        else:
            self._log_ongoing()

    def _log_ongoing(self) -> None:
        state = self.state
        now = time.monotonic()
        if now - state.logged_at >= LOG_INTERVAL:
            state.logged_at = now
            state.reported = True
            logger.warning("The cache at %s is still down (%s) after %.0f s: %d operations "
                           "answered as misses since the last report.", state.address,
                           state.last_error, now - (state.down_since or now), state.skipped)
            state.skipped = 0

    def _recovered(self) -> None:
        state = self.state
        with state.lock:
            if state.down_since is None:
                return
            lasted = time.monotonic() - state.down_since
            skipped = state.skipped
            state.down_since = None
            state.skipped = 0
            state.epoch += 1
            reported = state.reported
        if reported:
            logger.warning("The cache at %s answers again after %.0f s down (%d operations "
                           "answered as misses since the last report).", state.address, lasted,
                           skipped)
        for hook in list(_RECOVERY_HOOKS):
            try:
                hook()
            except Exception:  # noqa: BLE001 - a hook must not fail the request
                logger.exception("a cache recovery hook failed")

    def probe(self, token: str) -> None:
        """Write and read back ``token`` (under a key of its own, kept 10 s)
        now, whatever the breaker says; raise what Redis raised (or
        ``LookupError``) on failure.  A success ends an outage, a failure
        starts or prolongs one."""
        try:
            super().set(f"healthz:{token}", token, 10)
            if super().get(f"healthz:{token}") != token:
                raise LookupError("the probe key was not read back")
        except _errors() as error:
            self._failed(error)
            raise
        if self.state.down:
            self._recovered()

    # -- Django's cache API, each operation guarded ---------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        """Store ``value`` unless ``key`` exists; ``False`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).add(
            key, value, timeout, version), lambda: False)

    def get(self, key, default=None, version=None):
        """The value of ``key``, or ``default`` (also while Redis is down)."""
        return self._guarded(lambda: super(DegradingRedisCache, self).get(
            key, default, version), lambda: default)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        """Store ``value`` under ``key``; skipped while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).set(
            key, value, timeout, version), lambda: None)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        """Give ``key`` a new expiry; ``False`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).touch(
            key, timeout, version), lambda: False)

    def delete(self, key, version=None):
        """Remove ``key``; ``False`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).delete(key, version),
                             lambda: False)

    def get_many(self, keys, version=None):
        """The values of ``keys`` found; ``{}`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).get_many(keys, version),
                             dict)

    def has_key(self, key, version=None):
        """Whether ``key`` is stored; ``False`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).has_key(key, version),
                             lambda: False)

    def incr(self, key, delta=1, version=None):
        """Add ``delta`` to the number under ``key``; ``ValueError`` when it
        is missing — and while Redis is down (a miss)."""
        def missing():
            raise ValueError(f"Key '{key}' not found (the cache does not answer).")
        return self._guarded(lambda: super(DegradingRedisCache, self).incr(
            key, delta, version), missing)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        """Store every item of ``data``; returns the keys not stored (all of
        them while Redis is down)."""
        return self._guarded(lambda: super(DegradingRedisCache, self).set_many(
            data, timeout, version), lambda: list(data))

    def delete_many(self, keys, version=None):
        """Remove ``keys``; skipped while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).delete_many(
            keys, version), lambda: None)

    def clear(self):
        """Empty the cache's database; ``False`` while Redis is down."""
        return self._guarded(lambda: super(DegradingRedisCache, self).clear(), lambda: False)

"""Querysets compiled to SQL once per process, then run with new values.

A cold rule page makes a handful of queries, and building their SQL (the
ORM resolving lookups, joins, subqueries and annotations) costs several
times what the database takes to answer them.  The SQL of such a query is
the same on every request: only a few values change (a document's slug, a
clause key, the reading date).  :class:`PreparedQuery` builds the queryset
once per database with stand-in values, finds where each value lands among
the SQL's parameters, and from then on runs the same SQL with the request's
values, turning the rows into model instances exactly as the queryset would
(``select_related`` objects and annotations included).

Only values that leave the SQL's shape unchanged may be prepared: a scalar
compared with ``=``, ``<=`` …  (not ``None``, which becomes ``IS NULL``), or
a list of ids for ``__in`` of at most a fixed length (:class:`Ids`: the
list is padded with an id no row has).
"""

from __future__ import annotations

import copy
import datetime
from typing import Any, Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet

# The types a prepared value may have, each with its stand-in (from an index).
_STAND_INS: dict[type, Callable[[int], Any]] = {
    int: lambda i: -(10 ** 12) - i,
    str: lambda i: f"\x00prepared-{i}\x00",
    datetime.datetime: lambda i: datetime.datetime(1001, 1, 1 + i, 1, 2, 3,
                                                   tzinfo=datetime.timezone.utc),
    datetime.date: lambda i: datetime.date(1001, 2, 1 + i),
}


def _converters(primed, known: dict, connection, expressions) -> dict:
    """The primed compiler's ``get_converters(expressions)``, found once per
    database: the same SQL selects the same columns every time, so the
    per-column look-up of converters need not run on every request."""
    key = (connection.alias, tuple(map(id, expressions)))
    found = known.get(key)
    if found is None:
        compiler = copy.copy(primed)
        compiler.connection = connection
        found = known[key] = compiler.get_converters(expressions)
    return found


class Ids:
    """The kind of a prepared list of ids (``pk__in=…``) of at most ``size``
    items; a longer list runs the queryset unprepared."""

    #: What pads a shorter list: no row has this id.
    PAD = -1

    def __init__(self, size: int) -> None:
        self.size = size


class PreparedQuery:
    """``build(**values)`` (a queryset) compiled once per database and run with
    new ``values`` of the types given by ``kinds`` (name → ``int``, ``str``,
    ``datetime.date``, ``datetime.datetime`` or an :class:`Ids`).

    Calling it returns the list the queryset would give::

        versions = PreparedQuery(
            lambda document, key: ClauseVersion.objects.filter(
                clause__document_id=document, clause__key=key),
            document=int, key=str)
        versions(document=3, key="107.2")

    :raises TypeError: for a kind that cannot be prepared.
    :raises ValueError: (at the first call) when a value does not appear as a
        parameter of the SQL (it changed the SQL's shape, or was not used).
    """

    def __init__(self, build: Callable[..., QuerySet], **kinds: type) -> None:
        for kind in kinds.values():
            if not isinstance(kind, Ids) and kind not in _STAND_INS:
                raise TypeError(f"a prepared value is int, str, date or datetime, not {kind}")
        self._build = build
        self._kinds = kinds
        self._compiled: dict[str, tuple] = {}

    def _compile(self, alias: str) -> tuple:
        """The queryset, its primed compiler, SQL and parameter slots."""
        connection = connections[alias]
        stand_ins: dict[str, Any] = {}
        for index, (name, kind) in enumerate(self._kinds.items()):
            if isinstance(kind, Ids):
                stand_ins[name] = [-(10 ** 12) - 1000 * index - j for j in range(kind.size)]
            else:
                stand_ins[name] = _STAND_INS[kind](index)
        queryset = self._build(**stand_ins)
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        adapters = {datetime.datetime: connection.ops.adapt_datetimefield_value,
                    datetime.date: connection.ops.adapt_datefield_value}
        places: dict[Any, tuple] = {}  # a stand-in as it appears → (name, item, adapter)
        for name, stand_in in stand_ins.items():
            kind = self._kinds[name]
            if isinstance(kind, Ids):
                for item, value in enumerate(stand_in):
                    places[(int, value)] = (name, item, None)
                continue
            places[(type(stand_in), stand_in)] = (name, None, None)
            adapt = adapters.get(kind)
            if adapt is not None:
                adapted = adapt(stand_in)
                places[(type(adapted), adapted)] = (name, None, adapt)
        slots = []  # (name or None, item or None, adapter or None, constant)
        for param in params:
            try:
                found = places.get((type(param), param))
            except TypeError:  # an unhashable constant
                found = None
            slots.append((*found, None) if found else (None, None, None, param))
        seen = {(name, item) for name, item, _adapt, _constant in slots if name}
        wanted = {(name, None) for name, kind in self._kinds.items() if not isinstance(kind, Ids)}
        wanted |= {(name, item) for name, kind in self._kinds.items() if isinstance(kind, Ids)
                   for item in range(kind.size)}
        if wanted - seen:
            missing = sorted({name for name, _item in wanted - seen})
            raise ValueError(f"prepared values not among the SQL's parameters: {missing}")
        return queryset, compiler, sql, slots, {}

    def __call__(self, **values: Any) -> list:
        """Run the SQL with ``values`` (every name given at construction)."""
        for name, kind in self._kinds.items():
            if isinstance(kind, Ids):
                items = list(values[name])
                if len(items) > kind.size:
                    return list(self._build(**values))
                values[name] = items + [Ids.PAD] * (kind.size - len(items))
        alias = DEFAULT_DB_ALIAS  # the project reads from one database
        entry = self._compiled.get(alias)
        if entry is None:
            entry = self._compiled[alias] = self._compile(alias)
        queryset, primed, sql, slots, converters = entry
        params = tuple(
            constant if name is None
            else values[name][item] if item is not None
            else adapt(values[name]) if adapt is not None else values[name]
            for name, item, adapt, constant in slots)

        def get_compiler(using=None, connection=None, elide_empty=True):
            compiler = copy.copy(primed)
            compiler.connection = connection or connections[using]
            compiler.as_sql = lambda *args, **kwargs: (sql, params)
            compiler.get_converters = lambda expressions: _converters(
                primed, converters, compiler.connection, expressions)
            return compiler

        run = queryset._chain()
        run.query.get_compiler = get_compiler  # this clone only, evaluated here
        return list(run)

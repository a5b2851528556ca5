"""Querysets compiled to SQL once per process, then run with new values.

A cold rule page makes a handful of queries, and building their SQL (the
ORM resolving lookups, joins, subqueries and annotations) costs several
times what the database takes to answer them.  The SQL of such a query is
the same on every request: only a few values change (a document's slug, a
clause key, the reading date).  :class:`PreparedQuery` builds the queryset
once per database with stand-in values, finds where each value lands among
the SQL's parameters, and from then on runs the same SQL with the request's
values, turning the rows into model instances exactly as the queryset would
(``select_related`` objects and annotations included; for a plain model
queryset without going through a queryset at all, see
:class:`_InstanceReader`).

Only values that leave the SQL's shape unchanged may be prepared: a scalar
compared with ``=``, ``<=`` …  (not ``None``, which becomes ``IS NULL``), or
a list of ids for ``__in`` of at most a fixed length (:class:`Ids`: the
list is padded with an id no row has).
"""

from __future__ import annotations

import copy
import datetime
import re
from typing import Any, Callable

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import QuerySet
from django.db.models.query import ModelIterable, get_related_populators

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


_PLACEHOLDER = re.compile(r"(%%|%s)")


def named_placeholders(sql: str, count: int) -> tuple[str, tuple[str, ...]] | None:
    """``sql`` (Django's "format" style: ``%s`` placeholders, ``%%`` a percent
    sign) with its ``count`` placeholders named ``%(p0)s``, ``%(p1)s`` … ("pyformat"
    style), and those names in order; ``None`` when it does not hold exactly
    ``count`` placeholders.

    SQLite's cursor turns "format" SQL into its own style with a regular
    expression tried at every character of the SQL, on every run; "pyformat"
    SQL is turned into it with one ``%`` formatting, which for the long SQL of
    a prepared query is many times cheaper.  PostgreSQL takes either style.

    >>> named_placeholders("SELECT %s WHERE a LIKE '%%x' AND b = %s", 2)
    ("SELECT %(p0)s WHERE a LIKE '%%x' AND b = %(p1)s", ('p0', 'p1'))
    """
    pieces = _PLACEHOLDER.split(sql)
    names = []
    for index, piece in enumerate(pieces):
        if piece == "%s":
            pieces[index] = f"%(p{len(names)})s"
            names.append(f"p{len(names)}")
    if len(names) != count:
        return None
    return "".join(pieces), tuple(names)


class _InstanceReader:
    """What turns the rows of a model queryset's SQL into its model
    instances, as :class:`~django.db.models.query.ModelIterable` does (the
    model from the leading columns, ``select_related`` objects, annotations),
    worked out once from the primed compiler: the columns, converters and
    related-object populators are the same for every run of the same SQL."""

    def __init__(self, compiler, alias: str) -> None:
        select, klass_info = compiler.select, compiler.klass_info
        self.alias = alias
        self.model = klass_info["model"]
        fields = klass_info["select_fields"]
        self.start, self.end = fields[0], fields[-1] + 1
        self.init_list = [f[0].target.attname for f in select[self.start:self.end]]
        self.populators = get_related_populators(klass_info, select, alias)
        self.annotations = tuple(compiler.annotation_col_map.items())
        self.col_count = compiler.col_count if compiler.has_extra_select else None
        columns = [s[0] for s in select[0:compiler.col_count]]
        self.converters = tuple(compiler.get_converters(columns).items())

    @staticmethod
    def applies(queryset: QuerySet, compiler) -> bool:
        """Whether ``queryset`` gives plain model instances this reader can make
        (no prefetching, no known related objects, no composite fields)."""
        columns = [s[0] for s in compiler.select[0:compiler.col_count]]
        return (queryset._iterable_class is ModelIterable
                and not queryset._prefetch_related_lookups
                and not queryset._known_related_objects
                and compiler.klass_info is not None
                and not compiler.has_composite_fields(columns))

    def __call__(self, sql: str, params) -> list:
        """Run ``sql`` with ``params`` (a sequence, or a mapping for named
        placeholders) and return the instances, one per row."""
        connection = connections[self.alias]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if self.col_count is not None:
            rows = [row[:self.col_count] for row in rows]
        if self.converters:
            rows = list(map(list, rows))
            for row in rows:
                for position, (converters, expression) in self.converters:
                    value = row[position]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[position] = value
        db, model, init_list = self.alias, self.model, self.init_list
        start, end = self.start, self.end
        found = []
        for row in rows:
            obj = model.from_db(db, init_list, row[start:end])
            for populator in self.populators:
                populator.populate(row, obj)
            for name, position in self.annotations:
                setattr(obj, name, row[position])
            found.append(obj)
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
        reader = (_InstanceReader(compiler, alias) if _InstanceReader.applies(queryset, compiler)
                  else None)
        return queryset, compiler, sql, slots, {}, reader, named_placeholders(sql, len(params))

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
        queryset, primed, sql, slots, converters, reader, named = entry
        params = tuple(
            constant if name is None
            else values[name][item] if item is not None
            else adapt(values[name]) if adapt is not None else values[name]
            for name, item, adapt, constant in slots)
        if reader is not None:
            if named is not None:
                return reader(named[0], dict(zip(named[1], params)))
            return reader(sql, params)

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

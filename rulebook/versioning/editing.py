"""Concurrent edits of editorial content: row locks in one order, stamps, one retry.

Every write to editorial content — a draft clause version, the
translations of a published version, a correction, a glossary term — is
checked against what the editor's form was opened from, under a row lock
taken inside the write's transaction:

- drafts carry a revision counter (``ClauseVersion.revision``,
  :func:`rulebook.versioning.publishing.check_draft_revision`);
- everything else carries a *stamp* (:func:`stamp`) of the stored values the
  form showed, in a hidden field; a form whose stamp no longer matches the
  stored row is refused with a form error, the typed text kept in the form.

Locks are always taken in one order, so that two writers never wait for
each other in a circle (a deadlock): **correction → clauses → clause
versions → game → the rulebook revision row**, each kind in ascending id
order (:func:`lock_rows`).  An official ruling takes the correction's place:
**rulings → clauses → clause versions → game → revision row** (no path locks
a ruling and a correction together).  The revision row is raised by the first save of
a transaction (``rulebook.caching.revision``), so every path takes all its
other locks before it writes anything.

A deadlock or serialization failure reported by the database all the same
is retried once (:func:`retry_once`), then reported as :class:`BusyError`,
which the admin shows as a form error.
"""

from __future__ import annotations

import hashlib
import json
from typing import Callable, Iterable, TypeVar

from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

T = TypeVar("T")

#: SQLSTATEs of a transaction that may succeed when run again:
#: serialization_failure and deadlock_detected (PostgreSQL).
RETRYABLE_STATES = frozenset({"40001", "40P01"})


class BusyError(Exception):
    """A write failed twice on a deadlock or serialization failure; nothing was saved."""

    def __init__(self, message: str | None = None):
        super().__init__(message or _(
            "Someone else was saving the same text at the same moment, and your change could "
            "not be saved. Nothing was saved; your text is still in the form below: save it "
            "again."))


def line_ends(text: str) -> str:
    r"""``text`` with every line end a line feed, as the stored texts have them (a browser
    sends a textarea's lines with CR LF, HTML's form encoding).

    >>> line_ends("line 1\r\nline 2\rline 3\n")
    'line 1\nline 2\nline 3\n'
    """
    return text.replace("\r\n", "\n").replace("\r", "\n")


def normal_text(value: object) -> str:
    r"""A stored value as a form gives it back untouched: ``None`` as ``""``, line ends as
    line feeds (:func:`line_ends`), surrounding blanks stripped (form fields strip them).

    >>> normal_text(None), normal_text(" line 1\r\nline 2\n")
    ('', 'line 1\nline 2')
    """
    return "" if value is None else line_ends(str(value)).strip()


def same_text(a: object, b: object) -> bool:
    r"""Whether two texts are the same as typed: equal but for line ends and surrounding
    blanks (:func:`normal_text`) — a text sent back untouched from a form is not a change.

    >>> same_text("a\r\n\r\nb", "a\n\nb\n"), same_text("a b", "a  b")
    (True, False)
    """
    return normal_text(a) == normal_text(b)


def stamp(values: Iterable) -> str:
    r"""A short fingerprint (hex, 32 characters) of a sequence of stored values.

    ``None`` and ``""`` are the same value (a form shows both as empty), and
    so are texts that differ only in line ends (a browser sends a textarea's
    lines with CR LF) or surrounding blanks (form fields strip them).

    >>> stamp(["a", None]) == stamp(["a", ""])
    True
    >>> stamp(["line 1\r\nline 2 "]) == stamp(["line 1\nline 2"])
    True
    >>> stamp(["a", "b"]) == stamp(["ab", ""])
    False
    """
    normal = [normal_text(value) for value in values]
    data = json.dumps(normal, ensure_ascii=False).encode("utf-8")
    return hashlib.sha256(data).hexdigest()[:32]


def row_stamp(model, pk, fields: Iterable[str]) -> str | None:
    """The :func:`stamp` of the stored ``fields`` of row ``pk``, or ``None`` if it is gone."""
    fields = list(fields)
    row = model.objects.filter(pk=pk).values_list(*fields).first()
    return None if row is None else stamp(row)


def lock_rows(*, corrections: Iterable = (), clauses: Iterable = (),
              versions: Iterable = (), rulings: Iterable = ()) -> None:
    """Lock rows for update in the one order: corrections (or rulings), clauses,
    clause versions.

    Each argument is a collection of primary keys (``None`` entries are
    skipped); each kind is locked in ascending id order.  Outside a
    transaction, or on a database without row locks (SQLite serialises
    writers with ``BEGIN IMMEDIATE``), nothing is locked.
    """
    from rulebook.models import Clause, ClauseVersion, Correction, Ruling

    connection = transaction.get_connection()
    if not connection.in_atomic_block or not connection.features.has_select_for_update:
        return
    for model, ids in ((Correction, corrections), (Ruling, rulings), (Clause, clauses),
                       (ClauseVersion, versions)):
        ids = sorted({pk for pk in ids if pk is not None})
        if ids:
            list(model.objects.select_for_update().filter(pk__in=ids).order_by("pk")
                 .values_list("pk", flat=True))


def lock_row(model, pk) -> None:
    """Lock one row of ``model`` for update (a row no other lock order involves).

    Like :func:`lock_rows`, a no-op outside a transaction or without row locks.
    """
    connection = transaction.get_connection()
    if pk is None or not connection.in_atomic_block \
            or not connection.features.has_select_for_update:
        return
    list(model.objects.select_for_update().filter(pk=pk).values_list("pk", flat=True))


def is_retryable(error: BaseException) -> bool:
    """Whether ``error`` is a deadlock or serialization failure of the database."""
    if not isinstance(error, DatabaseError):
        return False
    cause = error.__cause__
    state = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    return state in RETRYABLE_STATES


def retry_once(action: Callable[[], T]) -> T:
    """Run ``action`` (which opens its own transaction); run it once more after a
    deadlock or serialization failure.

    Inside an outer transaction nothing can be run again (the outer
    transaction is aborted): the error is reported at once.

    :raises BusyError: if the database refused ``action`` on both tries (or
        on the one try inside an outer transaction).
    """
    outer = transaction.get_connection().in_atomic_block
    try:
        return action()
    except DatabaseError as error:
        if not is_retryable(error):
            raise
        if outer:
            raise BusyError() from error
    try:
        return action()
    except DatabaseError as error:
        if not is_retryable(error):
            raise
        raise BusyError() from error

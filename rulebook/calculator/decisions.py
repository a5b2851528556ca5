"""Open points decided by official rulings: which reading a current ruling supports.

The engine declares the points the published texts leave open, each with its
readings (:class:`engine.core.OpenPoint`); it knows no rulings and no dates.
An editor declares on a ruling (:class:`rulebook.models.RulingDecision`, in
the ruling's admin) that it decides an open point of its game and which
reading it supports.  Here the calculator applies that as data, after the
engine has ruled:

- :func:`open_points` — a game's open points and their readings (keys and
  labels), for the admin's choices and its check (:func:`check`);
- :func:`deciding` — the decisions in force on a date: a ruling decides only
  from its date on, and only while it is current then (a superseded or
  withdrawn ruling decides nothing);
- :func:`decided_reading` — which of a ruling's readings of a point a
  decision names.

:func:`rulebook.calculator.services.present` shows the decided reading first,
marked "decided by ruling N of <date>", keeps the other readings as "set
aside", follows the decided reading's values and cites the ruling beside the
clauses.  No engine rule changes.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from django.utils.formats import date_format
from django.utils.translation import gettext as _

import engine
from engine.core import OpenPoint, Reading
from rulebook.calculator.citations import RulingLink
from rulebook.models import Ruling, RulingDecision


def open_points(game: str) -> tuple[OpenPoint, ...]:
    """The open points the rules of ``game`` (its slug) declare; ``()`` for an unknown game."""
    for ruleset in engine.rulesets():
        if ruleset.game == game:
            return ruleset.open_points()
    return ()


def shown(message) -> str:
    """An engine message as an admin choice reads it: in the active language,
    a value the calculator fills in only when it rules ("%(number)s") as "…".

    >>> from engine.core import msg
    >>> shown(msg("The earlier change %(number)s still applies"))
    'The earlier change … still applies'
    """
    return re.sub(r"%\((\w+)\)[sd]", "…", message.render(_))


def choices(game: str | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The admin's choices of open points: ``[(game, [(point key, label), …]), …]`` for
    every game (or ``game`` only), each label the point's question (:func:`shown`)
    with its key."""
    found = []
    for ruleset in engine.rulesets():
        if game is None or ruleset.game == game:
            found.append((ruleset.game, [(point.slug, f"{point.slug} — {shown(point.question)}")
                                         for point in ruleset.open_points()]))
    return found


def check(game: str, point: str, reading: str) -> dict[str, str]:
    """Field errors (``point``/``reading`` → translated text) of a decision of a ruling of
    ``game``; empty when the game's rules declare the point and it has that reading."""
    declared = {item.slug: item for item in open_points(game)}
    if point not in declared:
        return {"point": _("The calculator has no open point “%(point)s” in this game. Its "
                           "open points: %(points)s.") % {
            "point": point, "points": ", ".join(declared) or "—"}}
    readings = [item.slug for item in declared[point].readings]
    if reading not in readings:
        return {"reading": _("The open point “%(point)s” has no reading “%(reading)s”. Its "
                             "readings: %(readings)s.") % {
            "point": point, "reading": reading, "readings": ", ".join(readings)}}
    return {}


@dataclass(frozen=True)
class Decision:
    """A current official ruling deciding open point ``point`` for the reading ``reading``
    (its key); ``ruling`` links to it."""

    point: str
    reading: str
    ruling: RulingLink

    @property
    def label(self) -> str:
        """"decided by official ruling 3 of 12.01.2026" in the active language."""
        return _("decided by official ruling %(number)s of %(date)s") % {
            "number": self.ruling.number,
            "date": date_format(self.ruling.source_date, "SHORT_DATE_FORMAT")}


def deciding(game: str, points: Iterable[str], on: datetime.date) -> dict[str, Decision]:
    """The decisions on ``points`` of ``game`` in force on ``on``, keyed by point.

    A ruling decides from its source date on, while it is current on ``on``
    (not yet superseded or withdrawn then); of several, the newest decides.
    One query; none without points.
    """
    points = list(points)
    if not points:
        return {}
    rows = (RulingDecision.objects.filter(
        point__in=points, ruling__game__slug=game, ruling__in=Ruling.objects.given_by(on))
        .select_related("ruling__game")
        .order_by("-ruling__source_date", "-ruling__number"))
    found: dict[str, Decision] = {}
    for row in rows:
        ruling = row.ruling
        if row.point in found or ruling.status_on(on) != Ruling.CURRENT:
            continue
        found[row.point] = Decision(row.point, row.reading, RulingLink(
            ruling.game.slug, ruling.number, ruling.source_date))
    return found


def decided_reading(game: str, decision: Decision,
                    readings: Sequence[Reading]) -> Reading | None:
    """The reading among ``readings`` (a ruling's readings of ``decision.point``) that
    ``decision`` supports, matched by the declared reading's label; ``None`` when the
    point or reading is no longer declared (the engine changed since)."""
    point = next((item for item in open_points(game) if item.slug == decision.point), None)
    if point is None:
        return None
    try:
        label = point.reading(decision.reading).label
    except KeyError:
        return None
    return next((reading for reading in readings if reading.label == label), None)

"""The calculator's pages in the sitemap, each dated by the texts it rests on."""

from __future__ import annotations

import datetime
from typing import Iterable

from django.db.models import Q
from django.urls import reverse

import engine
from engine.core import Citation
from rulebook.models import Clause, Game
from rulebook.reading.sitemaps import RulebookSitemap


def _cited(scenario) -> tuple[Citation, ...]:
    """Every citation a scenario's page can show: its ruling's and its examples' sources."""
    return tuple(scenario.citations) + tuple(example.source for example in scenario.examples)


class CalculatorSitemap(RulebookSitemap):
    """The calculator's list, worked examples and every scenario form, in every UI language.

    A scenario's page shows rulings resting on the clauses its game's logic
    cites, so it last changed when the latest of those clauses did (a cited
    clause not in the rulebook: when the game's texts last changed).  The
    worked examples' page changed with the latest clause an example cites;
    the list of scenarios with the latest of its scenarios' pages.
    """

    priority = 0.5

    def items(self):
        pages = [("calculator:index", ()), ("calculator:examples", ())]
        return pages + [("calculator:scenario", (s.game, s.slug))
                        for ruleset in engine.rulesets() for s in ruleset.scenarios]

    def location(self, item):
        name, args = item
        return reverse(name, args=args)

    @property
    def clause_ids(self) -> dict[tuple[str, str, str], int]:
        """``{(game slug, document slug, key): clause id}`` of every cited clause
        (one query, on first use)."""
        if "_clause_ids" not in self.__dict__:
            query = Q(pk__in=[])
            for ruleset in engine.rulesets():
                for scenario in ruleset.scenarios:
                    for citation in _cited(scenario):
                        query |= Q(document__game__slug=citation.document.game,
                                   document__slug=citation.document.document, key=citation.key)
            self.__dict__["_clause_ids"] = {
                (game, document, key): pk for pk, game, document, key in
                Clause.objects.filter(query).values_list(
                    "pk", "document__game__slug", "document__slug", "key")}
        return self.__dict__["_clause_ids"]

    @property
    def game_ids(self) -> dict[str, int]:
        """``{game slug: game id}`` (one query, on first use)."""
        if "_game_ids" not in self.__dict__:
            self.__dict__["_game_ids"] = dict(Game.objects.values_list("slug", "pk"))
        return self.__dict__["_game_ids"]

    def _changed(self, citations: Iterable[Citation]) -> datetime.datetime | None:
        moments = []
        for citation in citations:
            pk = self.clause_ids.get((citation.document.game, citation.document.document,
                                      citation.key))
            if pk is not None:
                moment = self.changes.clauses.get(pk)
            else:  # not in the rulebook (yet): the game's texts stand for it
                moment = self.changes.games.get(self.game_ids.get(citation.document.game))
            if moment is not None:
                moments.append(moment)
        return max(moments, default=None)

    def lastmod(self, item):
        name, args = item
        scenarios = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
        if name == "calculator:scenario":
            (scenario,) = [s for s in scenarios if (s.game, s.slug) == args]
            return self._changed(_cited(scenario))
        if name == "calculator:examples":
            return self._changed(example.source for s in scenarios for example in s.examples)
        return self._changed(citation for s in scenarios for citation in _cited(s))

"""Which calculator scenarios cite a clause ("cited by" on a clause page).

The engine's scenarios declare the clauses their rulings can cite
(``Scenario.citations``); this module inverts that once per process.
"""

from __future__ import annotations

import functools

from django.urls import NoReverseMatch
from django.utils.translation import gettext as _

import engine
from rulebook.models.rules import page_address
from rulebook.references.services import Backlink


@functools.lru_cache(maxsize=1)
def _engine_citations() -> dict[tuple[str, str, str], list[tuple[str, object]]]:
    """Map (game, document, key) → [(game, scenario)] over every ruleset."""
    rulesets = engine.rulesets()
    table: dict[tuple[str, str, str], list[tuple[str, object]]] = {}
    for ruleset in rulesets:
        for scenario in ruleset.scenarios:
            for citation in scenario.citations:
                key = (citation.document.game, citation.document.document, citation.key)
                if not any(s is scenario for _g, s in table.get(key, [])):
                    table.setdefault(key, []).append((ruleset.game, scenario))
    return table


def scenario_backlinks(clause) -> list[Backlink]:
    """Engine scenarios whose rulings can cite ``clause``."""
    document = clause.document
    found = []
    for game, scenario in _engine_citations().get(
            (document.game.slug, document.slug, clause.key), []):
        try:
            url = page_address("calculator:scenario", game, scenario.slug)
        except NoReverseMatch:
            url = ""
        found.append(Backlink(scenario=scenario.title.render(_), game=game, url=url))
    return found



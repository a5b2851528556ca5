"""Rules engine: scenarios whose rulings cite the exact clauses they rest on.

Plain Python, no Django.  One import gives the public API::

    >>> import engine
    >>> scenario = engine.find_scenario(engine.rulesets(), "berserk", "timing")  # doctest: +SKIP

The vocabulary lives in :mod:`engine.core`; each game's ruleset lives in a
module of its own (:mod:`engine.powerduell`, :mod:`engine.berserk`,
:mod:`engine.marvel`) and :mod:`engine.registry` lists them.
"""

from engine.core import (
    Choice, Citation, DocumentRef, Example, Field, FieldKind, InputError,
    Labelled, Message, Outcome, Reading, Ruleset, Ruling, Scenario, Step, Value,
    assumed, card_text_may_override, fields_json_schema, find_scenario, msg,
    not_covered,
)


def rulesets() -> tuple[Ruleset, ...]:
    """Return the ruleset of every game, in a stable order."""
    from engine.registry import RULESETS

    return RULESETS


__all__ = [
    "Choice", "Citation", "DocumentRef", "Example", "Field", "FieldKind",
    "InputError", "Labelled", "Message", "Outcome", "Reading", "Ruleset",
    "Ruling", "Scenario", "Step", "Value", "assumed", "card_text_may_override",
    "fields_json_schema", "find_scenario", "msg", "not_covered", "rulesets",
]

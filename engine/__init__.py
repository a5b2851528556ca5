"""Rules engine: scenarios whose rulings cite the exact clauses they rest on.

Plain Python, no Django.  One import gives the public API; the vocabulary
lives in :mod:`engine.core`, each game's ruleset in a module of its own
(:mod:`engine.powerduell`, :mod:`engine.berserk`, :mod:`engine.marvel`),
listed by :mod:`engine.registry`; :mod:`engine.inventory` lists every
game's rules, open points and facts outside the texts.

Adding a game is a few declarations over that vocabulary.  A toy game whose
one clause says "a creature strikes for its power, halved when tired":
its clause keys, a typed table, one rule bound to its clause, the open
point the clause leaves (how to halve an odd power) and a fact of the table
that no published text defines (a curse)::

    >>> import enum
    >>> from dataclasses import dataclass
    >>> from fractions import Fraction
    >>> from engine import *
    >>> class Clause(ClauseKey):
    ...     document = enum.nonmember(DocumentRef("toy", "rules"))
    ...     STRIKE = "1.p1"
    >>> ROUNDING = OpenPoint("rounding", msg("How is an odd power halved?"), (Clause.STRIKE,),
    ...     (ReadingOf("down", msg("rounded down"), (Clause.STRIKE,)),
    ...      ReadingOf("exact", msg("kept exact"), (Clause.STRIKE,))), msg("the text gives none"))
    >>> CURSE = Uncovered("curse", msg("the creature is cursed"), Outside.NOT_IN_TEXTS)
    >>> @dataclass(frozen=True)
    ... class Table:
    ...     power: int
    ...     tired: bool
    ...     cursed: bool = False
    >>> @rule(Clause.STRIKE, reads=("power", "tired"), opens=(ROUNDING,))
    ... def strike(table, reading):
    ...     '''A creature strikes for its power, halved when tired.'''
    ...     halved = table.power // 2 if reading == "down" else Fraction(table.power, 2)
    ...     return (Value("damage", halved if table.tired else table.power, msg("Damage")),)
    >>> def evaluate(table):
    ...     trace = Trace()
    ...     if table.cursed:
    ...         trace.add(CURSE.step())
    ...     trace.applied(msg("The creature strikes."), Clause.STRIKE)
    ...     readings = ROUNDING.readings_for(lambda reading: strike(table, reading))
    ...     return Ruling("strike", strike(table, "down"), tuple(trace.steps), readings=readings)
    >>> toy = Ruleset("toy", msg("Toy"), (Clause.document,), (Scenario(
    ...     "strike", "toy", msg("Strike"), msg("Damage of a strike"),
    ...     (Field("power", msg("Power"), FieldKind.INTEGER, minimum=0),
    ...      Field("tired", msg("Tired"), FieldKind.BOOLEAN),
    ...      Field("cursed", msg("Cursed"), FieldKind.BOOLEAN)),
    ...     evaluate, (Clause.STRIKE.cite(),), parse=lambda inputs: Table(**inputs)),),
    ...     rules=(strike,), uncovered=(CURSE,))

The ruling on an odd power shows both readings; an even one is settled; a
curse makes any ruling incomplete::

    >>> ruling = toy.scenario("strike").evaluate({"power": 5, "tired": True})
    >>> ruling.value("damage"), [r.value("damage") for r in ruling.readings], ruling.complete
    (2, [2, Fraction(5, 2)], True)
    >>> toy.scenario("strike").evaluate({"power": 4, "tired": True}).settled
    True
    >>> toy.scenario("strike").evaluate({"power": 4, "tired": True, "cursed": True}).complete
    False
    >>> table_facts(Table, namespace=locals())
    ('power', 'tired', 'cursed')
"""

from engine.core import (
    CARD_TEXT, Choice, Citation, ClauseKey, DocumentRef, Example, Field, FieldKind, InputError,
    Labelled, Message, OpenPoint, Outcome, Outside, Reading, ReadingOf, Rule, Ruleset,
    Ruling, Scenario, Step, Trace, Uncovered, Value, assumed, card_text_may_override,
    citations, fields_json_schema, find_scenario, msg, not_covered, open_point, rule, table_facts,
)


def rulesets() -> tuple[Ruleset, ...]:
    """Return the ruleset of every game, in a stable order."""
    from engine.registry import RULESETS

    return RULESETS


__all__ = [
    "CARD_TEXT", "Choice", "Citation", "ClauseKey", "DocumentRef", "Example", "Field", "FieldKind",
    "InputError", "Labelled", "Message", "OpenPoint", "Outcome", "Outside",
    "Reading", "ReadingOf", "Rule", "Ruleset", "Ruling", "Scenario", "Step", "Trace",
    "Uncovered", "Value", "assumed", "card_text_may_override", "citations", "open_point",
    "fields_json_schema", "find_scenario", "msg", "not_covered", "rule", "rulesets",
    "table_facts",
]

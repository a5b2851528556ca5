"""Power-Duell, chapter 1.2.4 "Schutzgottkarten": the guardian-card rules as declarations.

A scenario's ``parse`` makes one typed :class:`Table`; the rules in :data:`RULES` read it, each
bound to its clauses of ``DocumentRef("power-duell", "schutzgottkarten")``.  ``situation``
rules on the whole table, the focused scenarios on a table of one part of it, so both agree by
construction.  A ruling shows an :class:`~engine.core.OpenPoint`'s readings only where they
give different values.

The negativ-positiv reading chain (the text's example: left Mars, base Merkur, right Erde):
positiv is read from left to right, negativ from right to left.

>>> card = GuardianSymbols(Planet.MERKUR, left=Planet.MARS, right=Planet.ERDE)
>>> sorted(i.value for i in influences(card, Planet.MARS, Planet.MERKUR))
['positiv']
>>> sorted(i.value for i in influences(card, Planet.MERKUR, Planet.ERDE))
['positiv']
>>> sorted(i.value for i in influences(card, Planet.ERDE, Planet.MERKUR))
['negativ']
>>> sorted(i.value for i in influences(card, Planet.MERKUR, Planet.MARS))
['negativ']
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import operator
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Callable, Collection, Iterable, Mapping, NamedTuple

from engine.core import (
    NOT_COVERED_VALUE, Choice, ClauseKey, DocumentRef, Example, Field, FieldKind, InputError,
    Labelled, Message, OpenPoint, Outcome, Outside, Reading, ReadingOf, Ruleset, Ruling, Scenario,
    Step, Trace, Uncovered, Value, _, card_text_field, card_text_may_override, citations,
    every_reading, gather, has_card_text, msg, open_point, readings_together, rule,
)

__all__ = [
    "DOCUMENT", "Clause", "Planet", "Side", "Spielfeldseite", "Attribute", "Influence",
    "CombatRole", "WirkungScope", "Source", "Operation", "TargetKind", "GuardianSymbols",
    "Wirkung", "Guardian", "Monster", "Combat", "Effect", "Table", "influences", "np_factor",
    "RULES", "UNCOVERED", "TERMS", "SITUATION", "RULESET",
]

GAME = "power-duell"
DOCUMENT = DocumentRef(GAME, "schutzgottkarten")
_ONE, _TWO, _HALF = Fraction(1), Fraction(2), Fraction(1, 2)
#: Largest points (AP/DP/LP/EP, amounts), activation cost (Energiepunkte), monsters/effects.
_MAX_POINTS, _MAX_COST, _MAX_ITEMS = 99_999, 999, 12


class Clause(ClauseKey):
    """The clause keys of chapter 1.2.4 the rules rest on (seed version 1)."""

    document = enum.nonmember(DOCUMENT)
    KARTENAUFBAU_P1 = "1.2.4.kartenaufbau.p1"
    KARTENAUFBAU_P2 = "1.2.4.kartenaufbau.p2"
    IMMUNITY = "1.2.4.kartenaufbau.p3"
    EFFECT_KINDS = "1.2.4.effekte-der-schutzgottkarte.p1"
    WIRKUNG_ATTRIBUTES = "1.2.4.effekte-der-schutzgottkarte.p2"
    WIRKUNG_SCOPE = "1.2.4.effekte-der-schutzgottkarte.p3"
    SPEZIAL_WIRKUNG = "1.2.4.effekte-der-schutzgottkarte.p4"
    RANK = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p1"
    ORDER_SITUATION = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p2"
    ORDER = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p3"
    ORDER_REGULAR = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p4"
    NP_CARD = "1.2.4.negativ-positiv-wirkung.p1"
    NP_RULES = "1.2.4.negativ-positiv-wirkung.p2"
    NP_NEGATIV = "1.2.4.negativ-positiv-wirkung.p3"
    NP_POSITIV = "1.2.4.negativ-positiv-wirkung.p4"
    NP_ACTIVE_SIDE = "1.2.4.negativ-positiv-wirkung.p5"
    WB_CARD = "1.2.4.wirkungsbegrenzung.p1"
    WB_RULE = "1.2.4.wirkungsbegrenzung.p2"


C = Clause


# --- Domain primitives ---

class Planet(Labelled):
    """A planet symbol (Basis-, primäres or small Planetensymbol); the chapter names four."""

    MERKUR = ("merkur", _("Merkur"))
    VENUS = ("venus", _("Venus"))
    ERDE = ("erde", _("Erde"))
    MARS = ("mars", _("Mars"))
    JUPITER = ("jupiter", _("Jupiter"))
    SATURN = ("saturn", _("Saturn"))
    URANUS = ("uranus", _("Uranus"))
    NEPTUN = ("neptun", _("Neptun"))
    PLUTO = ("pluto", _("Pluto"))


class Side(Labelled):
    """A card's Spielfeldseite, seen from the Schutzgottkarte's owner (focused scenarios)."""

    OWN = ("own", _("own side (the Schutzgottkarte's side)"))
    OPPOSING = ("opposing", _("opposing side"))


class Spielfeldseite(Labelled):
    """A player's side of the table, named A and B (A is not necessarily active)."""

    A = ("a", _("side A"))
    B = ("b", _("side B"))

    @property
    def other(self) -> "Spielfeldseite":
        """The opposing side."""
        return _B if self is _A else _A


_A, _B = Spielfeldseite.A, Spielfeldseite.B
_SIDES_AB = (_A, _B)
_WIRKUNG_KEY = {side: f"wirkung-{side.value}" for side in _SIDES_AB}  # its _Change's key


class Attribute(Labelled):
    """A Grund-Attribut of a monster card a Wirkung may change (points)."""

    EP = ("ep", _("EP (Energiepunkte)"))
    AP = ("ap", _("AP"))
    DP = ("dp", _("DP"))
    LP = ("lp", _("LP"))


_OTHER_ATTRIBUTE = "other"  # choice value: an effect on some other attribute of the target
_ATTRIBUTES = tuple(Attribute)
_ATTRIBUTE_FIELDS = tuple((a, a.value) for a in _ATTRIBUTES)  # each value names its field


class Influence(enum.Enum):
    """The two halves of a negativ-positiv-Wirkung."""

    NEGATIV = "negativ"
    POSITIV = "positiv"
    __hash__ = object.__hash__  # singletons: hashed by identity, as Labelled members


class CombatRole(Labelled):
    """Whether the affected monster is in a combat, and how."""

    NONE = ("none", _("not in a combat"))
    ATTACKING = ("attacking", _("attacking"))
    DEFENDING = ("defending", _("defending (being attacked)"))


class WirkungScope(Labelled):
    """Which primary planets a Wirkung's description names."""

    BASE = ("base", _("nothing else is described: monsters of the guardian's planet"))
    ALL = ("all", _("the description names all monster cards"))
    LISTED = ("listed", _("the description names the planets listed below"))


class Source(Labelled):
    """Where an effect comes from."""

    ENERGY = ("energy", _("Energiekarte"))
    GRAVITATION_ENERGY = ("gravitation-energy", _("Gravitations-Energiekarte"))
    MONSTER = ("monster", _("Monsterkarte"))
    GUARDIAN_WIRKUNG = ("guardian-wirkung", _("Schutzgottkarte: Wirkung"))
    GUARDIAN_SPEZIAL = ("guardian-spezial-wirkung", _("Schutzgottkarte: Spezial-Wirkung"))
    RANK_ONE = ("rank-1", _("an effect of the highest Wirkungsrang (1 of 3, not named in this "
                            "chapter)"))

    @property
    def is_guardian(self) -> bool:
        """True for the Wirkung and Spezial-Wirkung of a Schutzgottkarte."""
        return self in _GUARDIAN_SOURCES


_GUARDIAN_SOURCES = frozenset((Source.GUARDIAN_WIRKUNG, Source.GUARDIAN_SPEZIAL))
#: Wirkungsrang of each source (``...reihenfolge...p1``): 3 = lowest (Energie- & Monsterkarten;
#: a Gravitations-Energiekarte is an Energiekarte), 2 = Schutzgottkarten, 1 = the highest.
WIRKUNGSRANG = {Source.ENERGY: 3, Source.GRAVITATION_ENERGY: 3, Source.MONSTER: 3,
                Source.GUARDIAN_WIRKUNG: 2, Source.GUARDIAN_SPEZIAL: 2, Source.RANK_ONE: 1}


class Operation(Labelled):
    """What an effect does to one attribute."""

    ADD = ("add", _("add N points"))
    SUBTRACT = ("subtract", _("subtract N points"))
    HALVE = ("halve", _("halve"))
    DOUBLE = ("double", _("double"))
    SET = ("set", _("set to N points"))

    @property
    def needs_amount(self) -> bool:
        """True if the operation takes a number of points."""
        return self in _WITH_AMOUNT


_WITH_AMOUNT = frozenset((Operation.ADD, Operation.SUBTRACT, Operation.SET))


class TargetKind(Labelled):
    """The kind of card an effect is aimed at."""

    GUARDIAN = ("guardian", _("Schutzgottkarte"))
    MONSTER = ("monster", _("Monsterkarte"))
    ENERGY = ("energy", _("Energiekarte"))


@dataclass(frozen=True)
class GuardianSymbols:
    """The Basis-Planetensymbol and the small symbols (``None``: absent) of a Schutzgottkarte:
    positiv-Wirkung left, negativ-Wirkung right (``1.2.4.negativ-positiv-wirkung.p2``)."""

    base: Planet
    left: Planet | None = None
    right: Planet | None = None

    @property
    def has_negativ_positiv(self) -> bool:
        """True if the card has both small symbols (``...negativ-positiv-wirkung.p1``)."""
        return self.left is not None and self.right is not None

    @property
    def single_small_symbol(self) -> Planet | None:
        """The one small symbol of a Wirkungsbegrenzung card (``...wirkungsbegrenzung.p1``)."""
        return self.left or self.right if (self.left is None) != (self.right is None) else None


def influences(card: GuardianSymbols, source: Planet, affected: Planet) -> frozenset[Influence]:
    """Return how ``source`` acts on the next planet ``affected`` in reading direction
    (``1.2.4.negativ-positiv-wirkung.p2``): positiv left → base → right, negativ right → base
    → left; empty without a negativ-positiv-Wirkung.

    >>> card = GuardianSymbols(Planet.VENUS, left=Planet.MARS, right=Planet.ERDE)
    >>> influences(card, Planet.ERDE, Planet.VENUS) == {Influence.NEGATIV}
    True
    >>> influences(card, Planet.MARS, Planet.ERDE)
    frozenset()
    """
    chains = {Influence.POSITIV: (card.left, card.base, card.right),
              Influence.NEGATIV: (card.right, card.base, card.left)}
    return frozenset(influence for influence, chain in chains.items() if card.has_negativ_positiv
                     and (source, affected) in zip(chain, chain[1:]))


def np_factor(influence: Influence, change: int | Fraction) -> Fraction:
    """Return the factor a negativ-Wirkung (reductions doubled, increases halved, ``...p3``)
    or positiv-Wirkung (the reverse, ``...p4``) applies to ``change`` (signed points).

    :raises ValueError: if ``change`` is 0 (neither increase nor reduction).

    >>> np_factor(Influence.NEGATIV, 20), np_factor(Influence.POSITIV, -20)
    (Fraction(1, 2), Fraction(1, 2))
    """
    if change == 0:
        raise ValueError("a change of 0 is neither an increase nor a reduction")
    return _HALF if (influence is Influence.NEGATIV) == (change > 0) else _TWO


#: The factor of the influences met on an increase (True) or a reduction, worked out once.
_NP_FACTORS = {(frozenset(met), up > 0): math.prod((np_factor(i, up) for i in met), start=_ONE)
               for met in ((), *((i,) for i in Influence), tuple(Influence)) for up in (1, -1)}


# --- The table ---

@dataclass(frozen=True)
class Wirkung:
    """The Wirkung of a Schutzgottkarte: ``amount`` signed points on ``attribute`` of the
    monsters its description names (:attr:`Guardian.scope`)."""

    attribute: Attribute
    amount: int


@dataclass(frozen=True)
class Guardian:
    """A Schutzgottkarte: side, symbols, Wirkung, whether the description extends the Wirkung /
    Spezial-Wirkung to the opposing side, the Spezial-Wirkung's cost change (Energiepunkte);
    ``activated``: its place among the listed effects' activation numbers (higher = later;
    0: not given, taken as activated before every listed effect); ``scope`` and ``listed``
    planets: the monsters the description names for the Wirkung, whether it is given here or
    as a listed effect (effekte-der-schutzgottkarte.p3)."""

    side: Spielfeldseite
    symbols: GuardianSymbols
    wirkung: Wirkung | None = None
    extends: bool = False
    spezial_cost_change: int | None = None
    spezial_extends: bool = False
    activated: int = 0
    scope: WirkungScope = WirkungScope.BASE
    listed: frozenset[Planet] = frozenset()

    @property
    def limit(self) -> Planet | None:
        """The Wirkungsbegrenzung planet (the one small symbol), if any."""
        return self.symbols.single_small_symbol


@dataclass(frozen=True)
class Monster:
    """A monster card: number (1-based), side, primary planet, base values (points,
    ``None`` when not given) and activation cost (Energiepunkte)."""

    number: int
    side: Spielfeldseite
    planet: Planet
    ep: int | None = None
    ap: int | None = None
    dp: int | None = None
    lp: int | None = None
    cost: int | None = None


@dataclass(frozen=True)
class Combat:
    """A combat: the numbers of the attacking monster and of the attack target."""

    attacker: int
    target: int


@dataclass(frozen=True)
class Effect:
    """An active effect numbered as listed (1-based); ``activated``: higher = later; aimed at
    ``target_monster`` or a card of ``target_side``; ``attribute`` ``None``: another one."""

    number: int
    source: Source
    side: Spielfeldseite
    activated: int
    target: TargetKind
    target_side: Spielfeldseite
    target_monster: int | None = None
    attribute: Attribute | None = None
    operation: Operation = Operation.ADD
    amount: int | None = None


@dataclass(frozen=True)
class Table:
    """What lies on the table: the side taking the active turn, the Schutzgottkarten
    (at most one per side), the monsters, the combat (if any) and the effects."""

    active: Spielfeldseite
    guardians: tuple[Guardian, ...]
    monsters: tuple[Monster, ...]
    combat: Combat | None
    effects: tuple[Effect, ...]

    def guardian(self, side: Spielfeldseite) -> Guardian | None:
        """The Schutzgottkarte of ``side``, if any."""
        return next((g for g in self.guardians if g.side is side), None)


# --- Open points, facts outside the texts, terms ---

NP_SCOPE = open_point(
    "np-scope", _("Does the negativ-positiv rule limit the Wirkung of such a card to own "
                  "monsters of its Basis-Planetensymbol when its description names others?"),
    (C.NP_RULES, C.WIRKUNG_SCOPE, C.IMMUNITY),
    _("1.2.4 › negativ-positiv-Wirkung ¶2 is written for exactly this kind of card and says the "
      "Wirkung \"gilt nur für eigene Monsterkarten\" of the Basis-Symbol, without an exception "
      "for the description."),
    ("np-limit", _("The negativ-positiv rule limits the Wirkung to own monsters of the "
                   "Basis-Planetensymbol"), (C.NP_RULES,)),
    ("description", _("The description prevails: the Wirkung reaches the monsters it names"),
     (C.WIRKUNG_SCOPE, C.IMMUNITY)))
NP_DEFENDING = open_point(
    "np-defending", _("For a defending monster, whose planet and effects decide the "
                      "negativ-positiv-Wirkung: the attacking monster's or its own?"),
    (C.NP_RULES,),
    _("1.2.4 › negativ-positiv-Wirkung ¶2 names the primary planet symbol of the attack target "
      "(Angriffsziel), and a defending monster is itself the attack target. The text also reads "
      "the Wirkung as one planet acting on another (\"Erde wirkt negativ auf Venus\"), where the "
      "other monster in the combat acts on the monster under the Wirkung."),
    ("self", _("The defending monster is itself the attack target: its own planet decides"),
     (C.NP_RULES,)),
    ("attacker", _("The attacking monster's planet and effects decide, in place of the attack "
                   "target"), (C.NP_RULES,)))
NP_SAME_PLANET = open_point(
    "np-same-planet", _("Where the attack target's planet is both small symbols, which "
                        "negativ-positiv-Wirkung applies?"),
    (C.NP_RULES, C.NP_NEGATIV, C.NP_POSITIV),
    _("1.2.4 › negativ-positiv-Wirkung ¶2 asks for the small right symbol (negativ-Wirkung) or "
      "the small left one (positiv-Wirkung); where both are the attack target's planet, each "
      "condition is met, and the texts do not say whether both apply, or only one."),
    ("both", _("Both apply, one after the other"), (C.NP_RULES, C.NP_NEGATIV, C.NP_POSITIV)),
    ("negativ", _("Only the negativ-Wirkung applies"), (C.NP_RULES, C.NP_NEGATIV)),
    ("positiv", _("Only the positiv-Wirkung applies"), (C.NP_RULES, C.NP_POSITIV)))
NP_ALL_CHANGES = open_point(
    "np-all-changes", _("Does the negativ-positiv-Wirkung scale changes from other cards on the "
                        "monster as well as the Wirkung's?"),
    (C.NP_NEGATIV, C.NP_POSITIV),
    _("The text's example doubles or halves only the Wirkung's increase."),
    ("wirkung", _("negativ-positiv scales the Wirkung of the Schutzgottkarte only"),
     (C.NP_RULES, C.NP_NEGATIV, C.NP_POSITIV)),
    ("all", _("negativ-positiv scales every increase and reduction on the monster"),
     (C.NP_NEGATIV, C.NP_POSITIV)))
NP_COST = open_point(
    "np-cost", _("Is a Spezial-Wirkung that changes what the attack target pays on activation "
                 "an effect on its Energiepunkte-Werte?"),
    (C.NP_RULES, C.WIRKUNG_ATTRIBUTES, C.SPEZIAL_WIRKUNG),
    _("1.2.4 › negativ-positiv-Wirkung ¶2 asks for an effect that changes the Energiepunkte-, "
      "AP-, DP- or LP-Werte; the chapter names Energiepunkte-Werte among a monster's "
      "Grund-Attribute and speaks of a Spezial-Wirkung by which monsters pay fewer "
      "Energiepunkte on activation, but does not say whether that changes the Energiepunkte-"
      "Wert (judge round 15)."),
    ("not-ep", _("No: what a monster pays on activation is not its Energiepunkte-Wert"),
     (C.NP_RULES, C.SPEZIAL_WIRKUNG)),
    ("ep", _("Yes: what it pays on activation is its Energiepunkte-Wert"),
     (C.NP_RULES, C.WIRKUNG_ATTRIBUTES)))
NP_CHAIN = open_point(
    "np-chain", _("On which monster does the attack target's planet act: on any monster in the "
                  "combat, where it is a small symbol, or on the next planet of the reading "
                  "chain only?"),
    (C.NP_RULES,),
    _("1.2.4 › negativ-positiv-Wirkung ¶2 asks that the attack target's primary planet symbol be "
      "the small right or left symbol; the same paragraph reads the card as a chain in which each "
      "planet acts on the next (\"Mars wirkt positiv auf Merkur und Merkur positiv auf Erde\"): "
      "there the base planet acts on a small symbol's planet, and a small symbol only on the base "
      "planet. The text's examples have monsters of the base planet only, where both agree."),
    ("symbols", _("The attack target's small symbol decides, whatever the monster's planet"),
     (C.NP_RULES,)),
    ("chain", _("The reading chain decides: the attack target's planet acts only on the next "
                "planet in reading direction"), (C.NP_RULES,)))
RANK_OR_RECENCY = open_point(
    "rank-or-recency", _("Which decides the order when Wirkungsrang and activation disagree?"),
    (C.RANK, C.ORDER),
    _("The text's example gives the lower Wirkungsrang as a reason for the order, and 1.2.4 › "
      "Behandlung der Reihenfolge von Effekt & Wirkung ¶1 sets the ranks."),
    ("rank", _("Wirkungsrang first, then the latest activated"), (C.RANK, C.ORDER)),
    ("recency", _("Activation order alone, from the latest activated"),
     (C.ORDER, C.ORDER_REGULAR)))
SPEZIAL_OR_WIRKUNG = open_point(
    "spezial-or-wirkung", _("Does \"Spezial-Wirkung steht vor der Wirkung\" mean it ranks above "
                            "the Wirkung or is evaluated before it?"),
    (C.RANK, C.ORDER),
    _("A higher-ranked effect is evaluated later, as the Schutzgottkarte after the Energiekarte "
      "in the text's example."),
    ("after", _("The Spezial-Wirkung ranks above the Wirkung and is evaluated after it"),
     (C.RANK, C.ORDER)),
    ("before", _("The Spezial-Wirkung is evaluated before the Wirkung"), (C.RANK,)))
RANK_ONE = open_point(
    "rank-one", _("Where does an effect of Wirkungsrang 1 of 3 stand, as Schutzgottkarten "
                  "\"stehen über allen anderen Effekten\"?"),
    (C.RANK,),
    _("\"2 von 3\" makes rank 1 the highest, and a higher-ranked effect is evaluated later, as "
      "the Schutzgottkarte after the Energiekarte in the text's example."),
    ("after-guardians", _("Rank 1 stands above the Schutzgottkarten: it is evaluated after "
                          "their effects"), (C.RANK, C.ORDER)),
    ("below-guardians", _("Schutzgottkarten stand above all other effects: rank 1 is "
                          "evaluated before their effects"), (C.RANK,)))
TIED_ORDER = open_point(
    "tied-order", _("In which order are effects of the same Wirkungsrang evaluated that were "
                    "activated together?"),
    (C.RANK, C.ORDER),
    _("The texts order effects by Wirkungsrang and by activation only; the order listed is "
      "shown first, each other order with its result."),
    ("listed", _("The effects activated together are evaluated in the order listed"),
     (C.RANK, C.ORDER)),
    ("reversed", _("The effects activated together are evaluated in the reverse of the order "
                   "listed"), (C.RANK, C.ORDER)))
HALF_POINTS = open_point(
    "half-points", _("How are half points rounded?"), (C.ORDER,),
    _("No text gives a rounding rule, so nothing is rounded."),
    ("exact", _("Half points are kept exact"), (C.ORDER,)),
    ("down", _("Half points are rounded down"), (C.ORDER,)),
    ("up", _("Half points are rounded up"), (C.ORDER,)))


@functools.lru_cache(maxsize=8)
def _half_points(clauses: tuple[Clause, ...]) -> OpenPoint:
    """:data:`HALF_POINTS` citing ``clauses``, the clauses that produced the halves.

    An effect's halving is evaluated under reihenfolge.p3 (the declared point); the
    negativ-Wirkung halves an increase (negativ-positiv-wirkung.p3), the positiv-Wirkung a
    reduction (p4).  Each of them leaves the rounding of the half open.

    >>> [c.value for c in _half_points((C.NP_NEGATIV,)).readings[1].clauses]
    ['1.2.4.negativ-positiv-wirkung.p3']
    """
    return HALF_POINTS if clauses == HALF_POINTS.leaves_open else replace(
        HALF_POINTS, leaves_open=clauses,
        readings=tuple(replace(item, clauses=clauses) for item in HALF_POINTS.readings))
SPEZIAL_ON_OWN_GUARDIAN = open_point(
    "spezial-on-own-guardian", _("May a Spezial-Wirkung affect its own side's Schutzgottkarte?"),
    (C.IMMUNITY, C.SPEZIAL_WIRKUNG),
    _("The immunity covers only Monster- & Energiekarten and the opposing Schutzgottkarte."),
    ("may", _("Nothing forbids it: the Spezial-Wirkung affects its own Schutzgottkarte"),
     (C.IMMUNITY, C.SPEZIAL_WIRKUNG)),
    ("may-not", _("A Spezial-Wirkung affects only Monster- and Energiekarten"),
     (C.SPEZIAL_WIRKUNG,)))

VALUE_BELOW_ZERO = open_point(
    "value-below-zero", _("Can a monster's value fall below 0?"), (C.WIRKUNG_ATTRIBUTES, C.ORDER),
    _("No text sets a lower limit, so nothing is cut off."),
    ("kept", _("The value is kept below 0"), (C.ORDER,)),
    ("zero", _("A value cannot fall below 0"), (C.WIRKUNG_ATTRIBUTES, C.ORDER)))
COST_BELOW_ZERO = open_point(
    "cost-below-zero", _("Can a Spezial-Wirkung lower an activation cost below 0?"),
    (C.SPEZIAL_WIRKUNG, C.WB_RULE),
    _("The texts describe paying fewer Energiepunkte, never receiving any on activation."),
    ("zero", _("A cost cannot fall below 0"), (C.SPEZIAL_WIRKUNG, C.WB_RULE)),
    ("negative", _("The change applies in full: the cost falls below 0"),
     (C.SPEZIAL_WIRKUNG, C.WB_RULE)))

#: Facts a table can hold whose effect no published clause defines.
RANK_ONE_ON_GUARDIAN = Uncovered(
    "rank-one-on-guardian",
    msg(_("effect %(number)s: an effect of Wirkungsrang 1 aimed at a Schutzgottkarte")),
    Outside.NOT_IN_TEXTS, (C.IMMUNITY, C.RANK))
UNCOVERED = (RANK_ONE_ON_GUARDIAN,)


#: Terms a clause of the chapter names without defining them.
_OTHER, _NOWHERE = Outside.OTHER_CHAPTER, Outside.NOT_IN_TEXTS
TERMS = tuple(Uncovered(slug, msg(what), reason, tuple(clauses))
              for slug, what, reason, *clauses in (
    ("gep-wert", _("Grund-Energiepunktewert (GEP-Wert)"), _OTHER, C.KARTENAUFBAU_P1),
    ("feld-a", _("Schutzgottkarten-Feld (FELD A)"), _OTHER, C.KARTENAUFBAU_P2),
    ("gravitations-energiekarte", _("Gravitations-Energiekarten"), _OTHER, C.IMMUNITY),
    ("primaeres-planetensymbol", _("the primary planet symbol of a Monsterkarte"), _OTHER,
     C.WIRKUNG_SCOPE, C.NP_RULES),
    ("wirkungsrang-1", _("the highest Wirkungsrang (1 of 3) and the effects that have it"),
     _NOWHERE, C.RANK),
    ("regulaere-reihenfolge", _("the regular \"Behandlung der Reihenfolge von Effekten\""),
     _OTHER, C.ORDER_REGULAR),
    ("wirkungskreis", _("the Wirkungskreis der Planeten-Beeinflussung"), _OTHER, C.NP_RULES),
    ("kampf-angriffsziel", _("a combat (Kampf) and its attack target (Angriffsziel)"), _OTHER,
     C.NP_RULES),
    ("aktiver-spielzug", _("the active turn (aktiver Spielzug)"), _OTHER, C.NP_ACTIVE_SIDE)))

# --- The steps the rules record: one table of wording, each entry bound to its clauses ---

_AP, _NA, _SI = Outcome.APPLIED, Outcome.NOT_APPLICABLE, Outcome.SILENT
_OWN_SIDE_ONLY = _("Effects of Schutzgottkarten apply only to their own side unless the "
                   "description says otherwise; the card is on the opposing side.")
_HALF_POINTS = _("The texts do not say how to round half points.")
_NO_NP = _("The negativ-positiv-Wirkung does not affect the monster.")
_NP_LIMIT = _("The Wirkung of a card with negativ-positiv-Wirkung applies only to own monster "
              "cards of its Basis-Planetensymbol.")
_AS_TARGET = _("The defending monster was taken as the attack target.")
_SPEZIAL_AFTER = _("\"Spezial-Wirkung steht vor der Wirkung\" does not say whether it is "
                   "evaluated first or ranks above; the engine read it as ranking above, and the "
                   "higher-ranked effect is evaluated later (as the Schutzgottkarte after the "
                   "Energiekarte). Evaluated first, it gives the same values here.")
_TIED = _("The texts order effects by Wirkungsrang and by activation only, from the latest "
          "activated to the longest active; they give no order for effects of the same "
          "Wirkungsrang activated together.")
_NO_WIRKUNG_ON_CARD = _("A Wirkung can only change the Grund-Attribute of Monsterkarten.")
_NOT_LIMIT = _("Its primary planet symbol is not the Wirkungsbegrenzung planet %(limit)s.")
_NOT_REACHED = _("The Wirkung does not reach a monster of this planet.")
_NOT_REACHED_EFFECT = _("Effect %(number)s does not reach monster %(monster)s.")

#: key → (outcome, clause or clauses, message id, reason id); ``%(name)s`` parameters are
#: filled from the keyword arguments of :meth:`_Trace.say`.
_BELOW_ZERO = _("The texts do not say whether a value can drop below 0; the engine kept the "
                "exact value while rolling up the effects.")
_STEP_TEXTS: dict[str, tuple[Outcome, Any, str, str | None]] = {
    "active-turn": (_AP, C.NP_ACTIVE_SIDE, _("%(side)s takes the active turn."), None),
    "cost-order": (_AP, C.ORDER, _(
        "The Spezial-Wirkungen that change costs are evaluated from the latest activated: that "
        "of %(first)s, then that of %(second)s."), None),
    # whom a Wirkung reaches
    "np-scope": (_SI, (C.NP_RULES, C.WIRKUNG_SCOPE, C.IMMUNITY), _NP_LIMIT, _(
        "The description names other monsters, while the negativ-positiv rules limit the "
        "Wirkung of such a card to own monsters of its Basis-Planetensymbol; the texts do not say "
        "which prevails. The ruling follows the negativ-positiv rules; both readings are shown.")),
    "np-scope-same": (_SI, (C.NP_RULES, C.WIRKUNG_SCOPE, C.IMMUNITY), _NP_LIMIT, _(
        "The description names other monsters, while the negativ-positiv rules limit the "
        "Wirkung without exception; the engine let that limit prevail.")),
    "np-reach-opposing": (_NA, (C.NP_RULES, C.IMMUNITY), _(
        "The Wirkung of a card with negativ-positiv-Wirkung does not reach a monster of the "
        "opposing side."), _("The monster is not an own monster card of the Schutzgottkarte's "
                             "side.")),
    "np-reach-planet": (_NA, (C.WIRKUNG_SCOPE, C.NP_RULES), _NOT_REACHED, _(
        "Its primary planet symbol %(planet)s is not the Basis-Planetensymbol %(base)s.")),
    "np-reach": (_AP, (C.WIRKUNG_SCOPE, C.NP_RULES), _(
        "The Wirkung reaches the monster: an own monster card whose primary planet symbol "
        "%(planet)s is the Basis-Planetensymbol."), None),
    "reach-opposing": (_NA, C.IMMUNITY, _(
        "The Wirkung does not reach a monster of the opposing side."), _(
        "Effects of Schutzgottkarten apply only to their own side unless the description says "
        "otherwise; the monster is on the opposing side.")),
    "reach-extended": (_AP, C.IMMUNITY, _(
        "The description extends the Wirkung to the opposing side."), None),
    "reach-all": (_AP, C.WIRKUNG_SCOPE, _(
        "The Wirkung reaches the monster: its description names all monster cards."), None),
    "reach-base-not": (_NA, C.WIRKUNG_SCOPE, _NOT_REACHED, _(
        "Its primary planet symbol %(planet)s is not the Schutzgottkarte's planet %(base)s.")),
    "reach-listed-not": (_NA, C.WIRKUNG_SCOPE, _NOT_REACHED, _(
        "Its primary planet symbol %(planet)s is not among the planets the description names "
        "(%(planets)s).")),
    "reach-base": (_AP, C.WIRKUNG_SCOPE, _(
        "The Wirkung reaches the monster: its primary planet symbol %(planet)s is the "
        "Schutzgottkarte's planet."), None),
    "reach-listed": (_AP, C.WIRKUNG_SCOPE, _(
        "The Wirkung reaches the monster: its description names monsters of %(planet)s."), None),
    # whom an effect reaches; the immunity of a Schutzgottkarte
    "gravitation-rank": (_AP, (C.RANK, C.IMMUNITY), _(
        "Effect %(number)s (Gravitations-Energiekarte) was given the lowest Wirkungsrang, as an "
        "Energiekarte."), None),
    "effect-opposing": (_NA, C.IMMUNITY, _NOT_REACHED_EFFECT, _OWN_SIDE_ONLY),
    "card-opposing": (_NA, C.IMMUNITY, _("The effect does not reach the card."), _OWN_SIDE_ONLY),
    "wirkung-on-energy": (_NA, C.WIRKUNG_ATTRIBUTES, _(
        "The Wirkung does not affect an Energiekarte."), _NO_WIRKUNG_ON_CARD),
    "effect-outside-wb": (_NA, C.WB_RULE, _NOT_REACHED_EFFECT, _NOT_LIMIT),
    "effect-extended": (_AP, C.IMMUNITY, _(
        "The description extends the effect to the opposing side."), None),
    "effect-own-side": (_AP, C.IMMUNITY, _(
        "Effects of Schutzgottkarten apply to their own side."), None),
    "wirkung-kind": (_AP, (C.WIRKUNG_ATTRIBUTES, C.WIRKUNG_SCOPE), _(
        "A Wirkung changes only Grund-Attribute of Monsterkarten, by default of the "
        "Schutzgottkarte's planet."), None),
    "spezial-kind": (_AP, C.SPEZIAL_WIRKUNG, _(
        "A Spezial-Wirkung may affect other attributes of Monsterkarten and Energiekarten."),
        None),
    "immune": (_NA, C.IMMUNITY, _("The Schutzgottkarte is immune to the effect."), _(
        "A Schutzgottkarte is immun against all effects of Monster- & Energiekarten.")),
    "gravitation-excepted": (_AP, C.IMMUNITY, _(
        "The effect affects the Schutzgottkarte: effects of Gravitations-Energiekarten are "
        "excepted from its immunity."), None),
    "opposing-guardian": (_NA, C.IMMUNITY, _(
        "The effect does not affect the opposing Schutzgottkarte."), _(
        "Effects of Schutzgottkarten do not affect the opposing Schutzgottkarte.")),
    "extension-not-guardian": (_NA, C.IMMUNITY, _(
        "The description's extension to the opposing side does not reach the opposing "
        "Schutzgottkarte."), _(
        "\"Sofern nicht anders in der Beschreibung festgelegt\" belongs to the own-side "
        "sentence; the ban on affecting the opposing Schutzgottkarte (\"Außerdem …\") has no "
        "such exception.")),
    "wirkung-on-guardian": (_NA, C.WIRKUNG_ATTRIBUTES, _(
        "The Wirkung does not affect a Schutzgottkarte."), _NO_WIRKUNG_ON_CARD),
    "spezial-limited": (_NA, C.WB_RULE, _(
        "The Spezial-Wirkung does not affect its own side's Schutzgottkarte."), _(
        "Its Wirkungsbegrenzung %(limit)s lets the Spezial-Wirkung affect only Monsterkarten of "
        "that primary planet symbol.")),
    "spezial-own-guardian": (_SI, (C.IMMUNITY, C.SPEZIAL_WIRKUNG), _(
        "The Spezial-Wirkung may affect its own side's Schutzgottkarte if its description says "
        "so."), _("The immunity covers only Monster- & Energiekarten and the opposing "
                  "Schutzgottkarte, and the Spezial-Wirkung names only Monster- and "
                  "Energiekarten; the engine assumed nothing forbids it.")),
    # the negativ-positiv-Wirkung
    "np-none": (_NA, C.NP_CARD, _("No negativ-positiv-Wirkung."), _(
        "The card does not have two small planet symbols.")),
    "np-none-wb": (_NA, (C.NP_CARD, C.WB_CARD, C.WB_RULE), _("No negativ-positiv-Wirkung."), _(
        "The card has one small planet symbol (%(planet)s): that is a Wirkungsbegrenzung, which "
        "limits only the Spezial-Wirkung.")),
    "np-card": (_AP, C.NP_CARD, _(
        "The card has two small planet symbols: a Schutzgottkarte with negativ-positiv-Wirkung "
        "(positiv %(left)s, negativ %(right)s)."), None),
    "wirkungskreis": (_SI, (C.NP_RULES, C.NP_ACTIVE_SIDE), _(
        "The Wirkungskreis der Planeten-Beeinflussung is suspended (“außer Kraft gesetzt”) for "
        "the side of this card."), _(
        "That Wirkungskreis is defined outside this chapter; the engine assumed it is suspended "
        "for this side on both players' turns and computes only this card's "
        "negativ-positiv-Wirkung.")),
    "np-active": (_AP, C.NP_ACTIVE_SIDE, _(
        "The Schutzgottkarte's side is taking the active turn: its negativ-positiv-Wirkung "
        "counts."), None),
    "np-inactive": (_NA, C.NP_ACTIVE_SIDE, _(
        "The negativ-positiv-Wirkung of this card does not count."), _(
        "Its side is not the side taking the active turn.")),
    "np-defending": (_SI, C.NP_RULES, _AS_TARGET, _(
        "The texts name only the attack target (Angriffsziel), and the defending monster is "
        "itself the attack target; they do not say whether its own planet or the attacking "
        "monster's decides. The ruling takes the defending monster's own planet and effects; "
        "both readings are shown.")),
    "np-no-combat": (_NA, C.NP_RULES, _NO_NP, _("The monster is not in a combat.")),
    "np-no-effect": (_NA, C.NP_RULES, _NO_NP, _(
        "The attack target is under no effect that changes its Energiepunkte-, AP-, DP- or "
        "LP-Werte.")),
    "np-no-effect-attacker": (_NA, C.NP_RULES, _NO_NP, _(
        "The attacking monster, taken in place of the attack target, is under no effect that "
        "changes its Energiepunkte-, AP-, DP- or LP-Werte.")),
    "np-no-symbol": (_NA, C.NP_RULES, _NO_NP, _(
        "The attack target's primary planet symbol %(target)s is neither the small right symbol "
        "%(right)s (negativ) nor the small left symbol %(left)s (positiv).")),
    "np-no-symbol-attacker": (_NA, C.NP_RULES, _NO_NP, _(
        "The attacking monster's primary planet symbol %(target)s is neither the small right "
        "symbol %(right)s (negativ) nor the small left symbol %(left)s (positiv).")),
    "np-met": (_AP, C.NP_RULES, _(
        "negativ-positiv conditions met: the monster is in a combat, the attack target is under "
        "an effect on %(attributes)s and its primary planet symbol %(target)s is the "
        "%(symbol)s."), None),
    "np-met-attacker": (_AP, C.NP_RULES, _(
        "negativ-positiv conditions met: the monster is in a combat, the attacking monster "
        "(taken in place of the attack target) is under an effect on %(attributes)s and its "
        "primary planet symbol %(target)s is the %(symbol)s."), None),
    "read-negativ": (_AP, C.NP_RULES, _(
        "Read from right to left (%(right)s → %(base)s → %(left)s): %(target)s acts negatively "
        "on %(monster)s."), None),
    "read-positiv": (_AP, C.NP_RULES, _(
        "Read from left to right (%(left)s → %(base)s → %(right)s): %(target)s acts positively "
        "on %(monster)s."), None),
    "np-cost": (_SI, (C.NP_RULES, C.WIRKUNG_ATTRIBUTES, C.SPEZIAL_WIRKUNG), _(
        "The attack target is under a Spezial-Wirkung that changes what it pays on activation; "
        "the ruling does not count it as an effect on its Energiepunkte-Werte."), _(
        "The chapter does not say whether what a monster pays on activation is its "
        "Energiepunkte-Wert; each reading is shown.")),
    "np-both": (_SI, (C.NP_RULES, C.NP_NEGATIV, C.NP_POSITIV), _(
        "Both negativ-Wirkung and positiv-Wirkung were applied."), _(
        "The attack target's planet is both small symbols: the texts do not say whether both "
        "Wirkungen apply, or only one of them. The ruling applies both; each reading is shown.")),
    "negativ-up": (_AP, C.NP_NEGATIV, _(
        "negativ-Wirkung: the increase is halved, %(before)s → %(after)s."), None),
    "negativ-down": (_AP, C.NP_NEGATIV, _(
        "negativ-Wirkung: the reduction is doubled, %(before)s → %(after)s."), None),
    "positiv-up": (_AP, C.NP_POSITIV, _(
        "positiv-Wirkung: the increase is doubled, %(before)s → %(after)s."), None),
    "positiv-down": (_AP, C.NP_POSITIV, _(
        "positiv-Wirkung: the reduction is halved, %(before)s → %(after)s."), None),
    "halving": (_SI, C.NP_NEGATIV, _("Halving %(before)s gives %(after)s."), _HALF_POINTS),
    "np-chain": (_SI, C.NP_RULES, _(
        "Monster %(number)s: whether the negativ-positiv-Wirkung acts on it by the attack "
        "target's small symbol or along the reading chain is open; both readings are shown."), _(
        "The text asks for a small symbol as the attack target's planet and also reads the card "
        "as a chain of planets, each acting on the next; for a monster not of the base planet "
        "the two differ.")),
    "np-no-chain": (_NA, C.NP_RULES, _NO_NP, _(
        "Read as a chain (%(left)s → %(base)s → %(right)s, and back), %(target)s does not act "
        "on %(monster)s.")),
    "np-met-chain": (_AP, C.NP_RULES, _(
        "negativ-positiv conditions met as the reading chain has them: the monster is in a "
        "combat, the attack target is under an effect on %(attributes)s and its planet "
        "%(target)s acts on %(monster)s."), None),
    "np-all-changes": (_SI, (C.NP_NEGATIV, C.NP_POSITIV), _(
        "Monster %(number)s: whether the negativ-positiv-Wirkung scales changes from other cards "
        "is open; both readings are shown."), _(
        "The texts say \"alle Reduzierungen … Erhöhungen\" and give an example with the Wirkung "
        "only.")),
    # the order of evaluation, the values
    "rank-one": (_SI, (C.RANK, C.ORDER), _(
        "An effect of Wirkungsrang 1 of 3 was evaluated after all Schutzgottkarte effects."), _(
        "The chapter does not name the highest Wirkungsrang and also says guardian effects stand "
        "above all others; the engine assumed rank 1 stands above rank 2, so it is evaluated "
        "last.")),
    "order": (_AP, (C.RANK, C.ORDER, C.ORDER_REGULAR), _(
        "Evaluation order: effects %(order)s. Effects are evaluated by Wirkungsrang, lowest "
        "first (Energie- & Monsterkarten 3, Schutzgottkarten 2 of 3), and within a rank from the "
        "latest activated to the longest active."), None),
    "order-table": (_AP, (C.RANK, C.ORDER, C.ORDER_REGULAR), _(
        "Monster %(number)s: effects are evaluated by Wirkungsrang, lowest first (Energie- & "
        "Monsterkarten 3, Schutzgottkarten 2), and within a rank from the latest activated to "
        "the longest active: %(order)s."), None),
    "spezial-after-table": (_SI, (C.RANK, C.ORDER), _(
        "Monster %(number)s: the Spezial-Wirkung was evaluated after the Wirkung."),
        _SPEZIAL_AFTER),
    "spezial-after": (_SI, (C.RANK, C.ORDER), _(
        "The Spezial-Wirkung was evaluated after the Wirkung."), _SPEZIAL_AFTER),
    "spezial-open": (_SI, (C.RANK, C.ORDER), _(
        "Whether the Spezial-Wirkung is evaluated before or after the Wirkung is open, and the "
        "two orders give different values; both readings are shown."), _(
        "\"Spezial-Wirkung steht vor der Wirkung\" does not say whether it is evaluated first or "
        "ranks above. Ranking above, it is evaluated later (order %(order)s); evaluated first, "
        "the order is %(other)s.")),
    "tie-open": (_SI, (C.RANK, C.ORDER), _(
        "Monster %(number)s: %(effects)s were activated together; their order changes "
        "the values, so each order's result is shown."), _TIED),
    "tie-same": (_SI, (C.RANK, C.ORDER), _(
        "Monster %(number)s: %(effects)s were activated together; every order of them "
        "gives the same values."), _TIED),
    "tie-many": (_SI, (C.RANK, C.ORDER), _(
        "Monster %(number)s: %(count)s orders of the effects activated together are possible; "
        "the readings compare the first %(limit)s of them, in a fixed order."), _TIED),
    "recency-table": (_SI, (C.RANK, C.ORDER), _(
        "Monster %(number)s: Wirkungsrang and activation order disagree; both readings are "
        "shown."), _("The texts give both reasons for their example and do not say which decides "
                     "when they disagree.")),
    "recency": (_SI, (C.RANK, C.ORDER), _(
        "Wirkungsrang and activation order disagree; the order by Wirkungsrang was used."), _(
        "By activation alone the order would be %(recency)s (%(effect)s). The texts give both "
        "reasons for their example and do not say which decides when they disagree; the engine "
        "ordered by Wirkungsrang (lowest first), then from the latest activated.")),
    "half-points": (_SI, C.ORDER, _(
        "Monster %(number)s has half points; the readings show exact and rounded values."),
        _HALF_POINTS),
    "half-points-np": (_SI, (C.NP_NEGATIV, C.NP_POSITIV), _(
        "Monster %(number)s has half points from a halving by the negativ-positiv-Wirkung; the "
        "readings show exact and rounded values."), _HALF_POINTS),
    "evaluated": (_AP, (C.RANK, C.ORDER), _(
        "Effect %(number)s (%(source)s, activated as %(activated)s) is evaluated: %(attribute)s "
        "%(before)s → %(after)s."), None),
    "not-whole": (_SI, C.ORDER, _("%(attribute)s %(value)s is not a whole number."),
                  _HALF_POINTS),
    "below-zero": (_SI, C.ORDER, _("%(attribute)s %(value)s is below 0."), _BELOW_ZERO),
    "below-zero-monster": (_SI, C.ORDER, _("Monster %(number)s: %(attribute)s %(value)s is "
                                           "below 0."), _BELOW_ZERO),
    "wirkung-gives": (_AP, C.WIRKUNG_ATTRIBUTES, _(
        "The Wirkung gives %(attribute)s %(before)s %(change)s = %(after)s."), None),
    "wirkung-below-zero": (_SI, C.WIRKUNG_ATTRIBUTES, _("The value is below 0."), _(
        "The texts do not say whether the value can drop below 0; the engine kept the exact "
        "value.")),
    "under-wirkung": (_AP, (C.WIRKUNG_ATTRIBUTES, C.WIRKUNG_SCOPE), _(
        "Monster %(number)s is under the Wirkung of the Schutzgottkarte of %(side)s: "
        "%(attribute)s %(amount)s."), None),
    "wirkung-changes": (_AP, C.WIRKUNG_ATTRIBUTES, _(
        "The Wirkung changes the monster's %(attribute)s by %(amount)s."), None),
    # activation costs
    "no-wb": (_AP, (C.WB_CARD, C.SPEZIAL_WIRKUNG), _(
        "No Wirkungsbegrenzung: the Spezial-Wirkung affects the monster cards its text names, "
        "here all of them."), None),
    "wb": (_AP, (C.WB_CARD, C.WB_RULE), _(
        "Wirkungsbegrenzung %(planet)s: the Spezial-Wirkung affects only monster cards whose "
        "primary planet symbol is %(planet)s."), None),
    "cost-opposing": (_NA, C.IMMUNITY, _(
        "Monster %(number)s (%(planet)s) is on the opposing side and pays %(cost)s "
        "Energiepunkte."), _(
        "Effects of Schutzgottkarten apply only to their own side unless the description says "
        "otherwise; this monster is on the opposing side.")),
    "cost-outside-wb": (_NA, C.WB_RULE, _(
        "Monster %(number)s (%(planet)s) is outside the Wirkungsbegrenzung and pays %(cost)s "
        "Energiepunkte."), _NOT_LIMIT),
    "cost-zero": (_SI, C.WB_RULE, _(
        "Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of %(paid)s."), _(
        "%(cost)s %(change)s is below 0; the texts do not say what happens, the engine assumed a "
        "cost cannot fall below 0.")),
    "cost": (_AP, C.WB_RULE, _(
        "Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte instead of %(cost)s."),
        None),
}


def _filled(message_id: str, params: Mapping[str, Any]) -> Message:
    names = sorted(set(re.findall(r"%\((\w+)\)s", message_id)))
    return Message(message_id, tuple([(name, params[name]) for name in names]))


@functools.lru_cache(maxsize=4096)
def _say(key: str, *clauses: Clause, **params: Any) -> Step:
    """The step ``key`` of :data:`_STEP_TEXTS` with ``params`` (``clauses``: other citations)."""
    outcome, cited, text, reason = _STEP_TEXTS[key]
    return Step(outcome, _filled(text, params),
                citations(*(clauses or (cited if isinstance(cited, tuple) else (cited,)))),
                reason and _filled(reason, params))


# --- One evaluation: the trace in a scenario's voice, the state the rules build ---

def _exact(value: int | Fraction) -> int | Fraction:
    """Return ``value`` as an ``int`` when it is whole, else the Fraction."""
    return value.numerator if type(value) is Fraction and value.denominator == 1 else value


def _signed(value: int | Fraction) -> str:
    value = _exact(value)
    return f"+{value}" if value > 0 else str(value)


def _order_text(order: Iterable[Any]) -> str:
    return ", ".join(str(key) for key in order)


class _Voice(enum.Enum):
    """The wording of the same rules' steps: the whole table, or one focused scenario's."""

    TABLE, WIRKUNG, WB, ORDER, IMMUNITY = "table", "wirkung", "wb", "order", "immunity"


#: An open point's key within a table: ``(monster,)``, ``(monster, side)`` or ``("effect", n)``.
Key = tuple
_WRAPPED = _("Monster %(number)s and the Wirkung of the Schutzgottkarte of %(side)s: %(step)s")
#: A cost step on the whole table names the card whose Spezial-Wirkung it is (judge round 21).
_SPEZIAL_WRAPPED = _("The Spezial-Wirkung of the Schutzgottkarte of %(side)s: %(step)s")


def _wrapped(step: Step, number: int, side: Spielfeldseite) -> Step:
    """``step`` naming monster ``number`` and the Schutzgottkarte of ``side`` it is about."""
    return Step(step.outcome, Message(_WRAPPED, (("number", number), ("side", side.label),
                                                 ("step", step.message))),
                step.citations, step.reason, step.see)


@functools.lru_cache(maxsize=4096)
def _say_about(about: tuple[int, Spielfeldseite], key: str, *clauses: Clause, **params: Any
               ) -> Step:
    """:func:`_say`'s step ``key`` about monster ``about[0]`` and the card of side ``about[1]``
    (:func:`_wrapped`), made once per wording."""
    return _wrapped(_say(key, *clauses, **params), *about)


#: Points asked at each monster about one card: a reading of it is the card's, for every
#: monster (np-scope: whether its description prevails; its key is (monster, card's side)).
_PER_CARD = frozenset({NP_SCOPE.slug})


def _chosen_as(slug: str, key: Key) -> tuple[str, Key]:
    """Where a reading of point ``slug`` at ``key`` is chosen when points are read together:
    a point of :data:`_PER_CARD` at its card (the key without the monster), else at ``key``.

    >>> _chosen_as("np-scope", (2, Spielfeldseite.A)), _chosen_as("rank-or-recency", (2,))
    (('np-scope', (<Spielfeldseite.A: 'a'>,)), ('rank-or-recency', (2,)))
    """
    return (slug, key[1:]) if slug in _PER_CARD else (slug, key)


class _Trace(Trace):
    """One evaluation's steps in one voice, under ``choices`` (slug or (slug, key) → reading)."""

    def __init__(self, voice: _Voice, choices: Mapping[Any, str] | None = None,
                 quiet: bool = False) -> None:
        super().__init__()
        self.voice, self.choices, self.quiet = voice, dict(choices or {}), quiet
        self.table = voice is _Voice.TABLE
        self.consulted: dict[tuple[str, Key], OpenPoint] = {}
        self.pending: list[tuple[int, tuple[str, Key], Step | None, Step | None]] = []
        self.about: tuple[int, Spielfeldseite] | None = None
        #: the side of the card whose Spezial-Wirkung the steps are about (:data:`_SPEZIAL_WRAPPED`)
        self.card: Spielfeldseite | None = None
        self.calls: list[tuple[OpenPoint, Key, str]] | None = None
        #: step index -> the open point (slug, key) the silent step is about (:meth:`on`)
        self.points: dict[int, tuple[str, Key]] = {}

    def reading(self, point: OpenPoint, key: Key) -> str:
        """The reading of ``point`` at ``key`` this evaluation follows (the first by default);
        noted in :attr:`calls` while a stage is recorded (:class:`_Recall`)."""
        self.consulted[point.slug, key] = point
        slug, choices = point.slug, self.choices  # none chosen: the first reading, at once
        reading = (choices and (choices.get((slug, key)) or slug in _PER_CARD and choices.get(
            (slug, key[1:])) or choices.get(slug)) or point.readings[0].slug)  # :func:`_chosen_as`
        if self.calls is not None:
            self.calls.append((point, key, reading))
        return reading

    def _wrap(self, step: Step) -> Step:
        """``step`` naming its monster and card, or its Spezial-Wirkung's card, on the whole
        table."""
        if not self.table:
            return step
        if self.card is not None:
            return replace(step, message=Message(_SPEZIAL_WRAPPED, (
                ("side", self.card.label), ("step", step.message))))
        return step if self.about is None else _wrapped(step, *self.about)

    @property
    def silenced(self) -> bool:
        """True while nothing is recorded (quiet, or another monster than a focused one's)."""
        return self.quiet or (not self.table and self.about is not None and self.about[0] != 1)

    def add(self, step: Step) -> Step:
        """Append ``step`` (naming its monster and card on the whole table)."""
        if not self.silenced:
            self.steps.append(self._wrap(step))
        return step

    def say(self, key: str, *clauses: Clause, **params: Any) -> int:
        """Record step ``key`` (:func:`_say`'s, made as it comes when a parameter cannot be a
        cache key: the cache never refuses a step); return its number (0: not recorded).

        >>> trace = _Trace(_Voice.WIRKUNG)
        >>> trace.say("halving", before=[1], after=[2]), trace.steps[0].message.params
        (1, (('after', [2]), ('before', [1])))
        """
        about = self.about  # silenced, as the property says, without calling it
        if self.quiet or about is not None and not self.table and about[0] != 1:
            return 0
        make, args = ((_say_about, (about, key)) if about is not None and self.table
                      else (_say, (key,)))  # about a monster and a card of the table, or not
        try:
            step = make(*args, *clauses, **params)
        except TypeError:  # unhashable: the function itself, without its cache
            step = make.__wrapped__(*args, *clauses, **params)
        self.steps.append(self._wrap(step) if self.card is not None else step)
        return len(self.steps)

    def on(self, point: OpenPoint, key: Key, number: int) -> None:
        """Note that step ``number`` (:meth:`say`'s; 0: not recorded) is about ``point`` at
        ``key``: the ruling counts the point once (``Step.point``, :meth:`finish`)."""
        if number:
            self.points[number - 1] = (point.slug, key)

    def either(self, point: OpenPoint, key: Key, differs: str | Step | None,
               same: str | Step | None, **params: Any) -> None:
        """Step ``differs`` about ``point`` at ``key`` if its readings give different values,
        else step ``same`` (a key of :data:`_STEP_TEXTS` with ``params``; ``None``: no step)."""
        if not self.silenced:
            self.points[len(self.steps)] = (point.slug, key)
            self.pending.append((len(self.steps), (point.slug, key), *(
                step and self._wrap(_say(step, **params) if isinstance(step, str) else step)
                for step in (differs, same))))
            self.steps.append(None)  # type: ignore[arg-type]

    def finish(self, differing: set, shown: Callable[[OpenPoint, Key], str | None]
               = lambda point, key: None) -> tuple[Step, ...]:
        """The steps, each pending one settled by ``differing`` (points whose readings
        differ), each about an open point naming it as ``shown`` does (``Step.point``)."""
        for index, key, differs, same in self.pending:
            self.steps[index] = differs if key in differing else same  # type: ignore
        for index, (slug, key) in self.points.items():
            point = self.consulted.get((slug, key))
            if named := point and self.steps[index] and shown(point, key):
                self.steps[index] = replace(self.steps[index], point=named)
        kept = [index for index, step in enumerate(self.steps) if step is not None]
        number = {old + 1: new + 1 for new, old in enumerate(kept)}
        return tuple([replace(self.steps[i], see=tuple(number[n] for n in self.steps[i].see))
                      if self.steps[i].see else self.steps[i] for i in kept])


class _Change(NamedTuple):
    """One change to one monster (:meth:`of`): ``key`` an effect number or ``"wirkung-a"``/``-b``
    (a key names one change of a monster).  Worked out once: ``signed``, the change in signed
    points (0 unless it adds or subtracts), and ``rank``, its sort key by Wirkungsrang, then
    from the latest activated (:func:`_tier`).  A named tuple: made faster than a dataclass."""

    key: int | str
    source: Source
    side: Spielfeldseite
    activated: int
    attribute: Attribute | None
    operation: Operation
    amount: int | None
    signed: int
    rank: tuple[int, int]

    @classmethod
    def of(cls, key: int | str, source: Source, side: Spielfeldseite, activated: int,
           attribute: Attribute | None, operation: Operation, amount: int | None) -> "_Change":
        """The change, its ``signed`` and ``rank`` worked out."""
        return cls(key, source, side, activated, attribute, operation, amount,
                   (amount or 0) * _SIGN.get(operation, 0), (_TIER[source], -activated))


class _State:
    """What the rules decided on one table so far (one evaluation, never shared)."""

    def __init__(self, table: Table, trace: _Trace) -> None:
        self.table, self.trace = table, trace
        self.changes: dict[int, list[_Change]] = {}  # each monster's, by :func:`_reach`
        self.costs: dict[int, int] = {}  # given, then changed by :func:`_costs`
        self.reached: dict[tuple[Spielfeldseite, int], bool] = {}
        self.affects, self.card_checks, self.checks, self.factors = {}, {}, {}, {}
        self.np_factor, self.orders, self.values, self.amounts = {}, {}, {}, {}
        self.shown: dict[int, list[tuple[Value, ...]]] = {}  # each monster's, once made
        self.wb_affected: dict[int, bool] = {}

    def monster(self, number: int) -> Monster:
        """The monster numbered ``number``."""
        return self.table.monsters[number - 1]

# --- Rules: whom an effect reaches ---

@rule(C.WIRKUNG_SCOPE, C.NP_RULES, C.IMMUNITY, opens=(NP_SCOPE,), reads=(
    "guardians.side", "guardians.symbols.base", "guardians.scope", "guardians.listed",
    "guardians.extends", "monsters.side", "monsters.planet"))
def wirkung_reach(trace: _Trace, guardian: Guardian, monster: Monster) -> bool:
    """A Wirkung reaches own monsters of its card's planet, unless its description says otherwise.

    effekte-der-schutzgottkarte.p3, kartenaufbau.p3; a negativ-positiv card: own monsters of
    the Basis-Planetensymbol (negativ-positiv-wirkung.p2); which prevails is open (``np-scope``).
    """
    scope, planet, base = guardian.scope, monster.planet, guardian.symbols.base
    own, key = monster.side is guardian.side, (monster.number, guardian.side)
    described = _names_others(guardian)
    if guardian.symbols.has_negativ_positiv and (
            not described or trace.reading(NP_SCOPE, key) == "np-limit"):
        if described:
            trace.either(NP_SCOPE, key, "np-scope", "np-scope-same")
        trace.say("np-reach" if own and planet is base else "np-reach-planet" if own
                  else "np-reach-opposing", planet=planet.label, base=base.label)
        return own and planet is base
    if not own:
        trace.say("reach-extended" if guardian.extends else "reach-opposing")
        if not guardian.extends:
            return False
    if scope is WirkungScope.ALL:
        trace.say("reach-all")
        return True
    own_planet, listed = scope is WirkungScope.BASE, guardian.listed
    reached = planet is base if own_planet else planet in listed
    trace.say(("reach-base" if own_planet else "reach-listed") + ("" if reached else "-not"),
              planet=planet.label, base=base.label,
              planets=", ".join(p.value.capitalize() for p in Planet if p in listed))
    return reached


def _names_others(guardian: Guardian) -> bool:
    """Whether the Wirkung's description names monsters other than own ones of the card's
    planet (effekte-der-schutzgottkarte.p3, kartenaufbau.p3): all monsters, the opposing
    side, or a planet besides the Basis-Planetensymbol (naming only it names no others)."""
    return (guardian.scope is WirkungScope.ALL or guardian.extends
            or guardian.scope is WirkungScope.LISTED
            and bool(guardian.listed - {guardian.symbols.base}))


@rule(C.IMMUNITY, C.WB_RULE, C.WIRKUNG_ATTRIBUTES, C.SPEZIAL_WIRKUNG, C.RANK, reads=(
    "effects.number", "effects.source", "effects.side", "effects.target_monster",
    "guardians.spezial_extends", "monsters.number"))
def effect_on_card(trace: _Trace, table: Table, effect: Effect, monster: Monster | None) -> bool:
    """A Schutzgottkarte's effect reaches cards of its own side, as far as its kind allows.

    Whether an effect reaches its monster (``None``: its Energiekarte): kartenaufbau.p3,
    effekte-der-schutzgottkarte.p2/p4, wirkungsbegrenzung.p2; a Gravitations-Energiekarte has
    the lowest Wirkungsrang (reihenfolge.p1)."""
    if effect.source not in _GUARDIAN_SOURCES:
        if effect.source is Source.GRAVITATION_ENERGY:
            trace.say("gravitation-rank", number=effect.number)
        return True
    guardian, wirkung = table.guardian(effect.side), effect.source is Source.GUARDIAN_WIRKUNG
    opposing = effect.target_side is not effect.side
    failed = _effect_fails(trace, guardian, wirkung, opposing, monster)
    if failed:
        limit = guardian.limit
        trace.say(failed, number=effect.number, monster=monster and monster.number,
                  limit=limit and limit.label)
        return False
    # effekte.p3: a Wirkung listed as an effect keeps its planet scope (``effect-order``
    # lists only effects on its monster: no planets)
    if wirkung and monster is not None and trace.voice is not _Voice.ORDER and not \
            wirkung_reach(trace, guardian, monster):
        return False
    if trace.voice is _Voice.IMMUNITY:
        trace.say("effect-extended" if opposing else "effect-own-side")
        trace.say("wirkung-kind" if wirkung else "spezial-kind")
    elif opposing and not wirkung and trace.table:  # a Wirkung's reach says it (judge 15)
        trace.say("effect-extended")
    return True


def _effect_fails(trace: _Trace, guardian: Guardian, wirkung: bool, opposing: bool,
                  monster: Monster | None) -> str | None:
    """The step key of the first check a Schutzgottkarte's effect (its ``wirkung`` or
    Spezial-Wirkung) fails on ``monster`` (``None``: an Energiekarte), if any: the opposing
    side unless extended (kartenaufbau.p3), a Wirkung on an Energiekarte (effekte.p2), a
    monster outside the Wirkungsbegrenzung (wirkungsbegrenzung.p2)."""
    limit = guardian.limit
    return next((key for fails, key in (
        (opposing and not (guardian.extends if wirkung else guardian.spezial_extends),
         "effect-opposing" if trace.table and monster else "card-opposing"),
        (monster is None and wirkung, "wirkung-on-energy"),
        (monster is not None and not wirkung and limit is not None
         and monster.planet is not limit, "effect-outside-wb")) if fails), None)


@rule(C.IMMUNITY, C.WIRKUNG_ATTRIBUTES, C.SPEZIAL_WIRKUNG, C.WB_RULE,
      opens=(SPEZIAL_ON_OWN_GUARDIAN,), reads=("effects.target", "effects.target_side"))
def guardian_immunity(trace: _Trace, table: Table, effect: Effect) -> bool | Message:
    """A Schutzgottkarte is immune to Monster- & Energiekarten and to the opposing card.

    kartenaufbau.p3 (except Gravitations-Energiekarten), effekte.p2, wirkungsbegrenzung.p2;
    whether a Spezial-Wirkung may affect its own Schutzgottkarte is open (effekte.p4)."""
    source, guardian = effect.source, table.guardian(effect.side)
    if source is Source.RANK_ONE:
        return NOT_COVERED_VALUE  # reported up front: no clause says what it does
    if not source.is_guardian:
        gravitation = source is Source.GRAVITATION_ENERGY
        trace.say("gravitation-excepted" if gravitation else "immune")
        return gravitation
    wirkung = source is Source.GUARDIAN_WIRKUNG
    if effect.target_side is not effect.side:
        trace.say("opposing-guardian")
        if guardian.extends if wirkung else guardian.spezial_extends:
            trace.say("extension-not-guardian")
        return False
    if wirkung or guardian.limit is not None:
        trace.say("wirkung-on-guardian" if wirkung else "spezial-limited",
                  limit=guardian.limit and guardian.limit.label)
        return False
    trace.on(SPEZIAL_ON_OWN_GUARDIAN, ("effect", effect.number), trace.say("spezial-own-guardian"))
    return trace.reading(SPEZIAL_ON_OWN_GUARDIAN, ("effect", effect.number)) == "may"


# --- Rules: the negativ-positiv-Wirkung ---

@rule(C.NP_CARD, C.NP_ACTIVE_SIDE, C.NP_RULES, C.WB_CARD, reads=(
    "active", "guardians.symbols.left", "guardians.symbols.right"))
def np_card(state: _State, guardian: Guardian) -> bool:
    """Two small planet symbols make a negativ-positiv-Wirkung; it counts on the active turn.

    negativ-positiv-wirkung.p1, p5; one small symbol is a Wirkungsbegrenzung
    (wirkungsbegrenzung.p1).  Records the card's checks once; returns whether it counts."""
    symbols, trace = guardian.symbols, state.trace
    counts = symbols.has_negativ_positiv and guardian.side is state.table.active
    if guardian.side in state.card_checks or trace.silenced:
        return counts
    if not symbols.has_negativ_positiv:
        single = symbols.single_small_symbol
        failed = (trace.say("np-none-wb" if single else "np-none", planet=single and single.label),)
    else:
        trace.say("np-card", left=symbols.left.label, right=symbols.right.label)
        trace.say("wirkungskreis")
        step = trace.say("np-active" if counts else "np-inactive")
        failed = () if counts else (step,)
    state.card_checks[guardian.side] = (counts, failed)
    return counts


def _np_target(state: _State, monster: Monster) -> tuple[Monster, bool]:
    """The monster deciding for ``monster`` in the combat; whether it is the attacker."""
    combat, trace = state.table.combat, state.trace
    if monster.number == combat.attacker:
        return state.monster(combat.target), False
    if trace.reading(NP_DEFENDING, (monster.number,)) == "attacker":
        return state.monster(combat.attacker), True
    trace.either(NP_DEFENDING, (monster.number,), "np-defending", None)
    return monster, False


_NP_CLAUSE = {Influence.NEGATIV: C.NP_NEGATIV, Influence.POSITIV: C.NP_POSITIV}
_SYMBOL = {Influence.NEGATIV: msg(_("small right symbol (negativ-Wirkung)")),
           Influence.POSITIV: msg(_("small left symbol (positiv-Wirkung)"))}


@rule(C.NP_RULES, opens=(NP_DEFENDING, NP_SAME_PLANET, NP_CHAIN, NP_COST), reads=(
    "combat.attacker", "combat.target", "monsters.number", "monsters.planet",
    "guardians.symbols.base", "effects.attribute", "guardians.spezial_cost_change"))
def np_conditions(state: _State, guardian: Guardian, monster: Monster, counts: bool
                  ) -> tuple[frozenset[Influence], tuple[int, ...]]:
    """The negativ-positiv-Wirkung needs a combat and an attack target under an effect.

    negativ-positiv-wirkung.p2: on EP, AP, DP or LP, its planet the small right (negativ) or
    left (positiv) symbol; whose planet decides for a defending monster is open, and which
    Wirkung applies where one planet is both symbols.  Returns the influences met and the
    failed checks' step numbers."""
    trace, combat, symbols = state.trace, state.table.combat, guardian.symbols
    if combat is None or monster.number not in (combat.attacker, combat.target):
        return frozenset(), (trace.say("np-no-combat"),)
    target, attacker = _np_target(state, monster)
    counted = _np_counted(state, target, monster)
    matched, chain, by_chain = _np_matched(state, symbols, target, monster)
    said = {"target": target.planet.label, "monster": monster.planet.label,
            **{name: getattr(symbols, name).label for name in ("right", "left", "base")}}
    suffix = "-attacker" if attacker else ""
    failed = ([trace.say("np-no-effect" + suffix)] if not counted else []) + (
        [] if matched else [trace.say("np-no-chain" if by_chain else "np-no-symbol" + suffix,
                                      **said)])
    if failed or not counts:
        return frozenset(), tuple(number for number in failed if number)
    for influence in matched:
        trace.say("np-met-chain" if by_chain else "np-met" + suffix,
                  attributes=", ".join(a.value.upper() for a in counted),
                  symbol=_SYMBOL[influence], **said)
        if influence in chain:
            trace.say("read-" + influence.value, **said)
    if len(matched) == 2:  # one planet as both small symbols
        which = trace.reading(NP_SAME_PLANET, (monster.number,))
        trace.either(NP_SAME_PLANET, (monster.number,), "np-both", None)
        matched = matched if which == "both" else [Influence(which)]
    return frozenset(matched), ()


def _np_counted(state: _State, target: Monster, monster: Monster) -> list[Attribute]:
    """The attributes of the attack ``target`` under an effect (negativ-positiv-wirkung.p2),
    in their order; a changed activation cost only under ``np-cost``'s reading "ep"."""
    counted = sorted({c.attribute for c in state.changes[target.number] if c.attribute},
                     key=_ATTRIBUTES.index)
    if not counted and _pays_changed(state.table, target):
        state.trace.either(NP_COST, (monster.number,), "np-cost", None)
        ep = state.trace.reading(NP_COST, (monster.number,)) == "ep"
        counted = [Attribute.EP] if ep else []
    return counted


def _pays_changed(table: Table, monster: Monster) -> bool:
    """Whether a Spezial-Wirkung changes what ``monster`` pays on activation (effekte.p4,
    kartenaufbau.p3, wirkungsbegrenzung.p2), as :func:`activation_costs` reaches it."""
    return any(g.spezial_cost_change is not None and _cost_outside(g, monster) is None
               for g in table.guardians)


def _cost_outside(guardian: Guardian, monster: Monster) -> str | None:
    """The step key saying why ``guardian``'s Spezial-Wirkung does not change what
    ``monster`` pays (the opposing side unless extended, kartenaufbau.p3; outside its
    Wirkungsbegrenzung, wirkungsbegrenzung.p2); ``None`` where it does."""
    if monster.side is not guardian.side and not guardian.spezial_extends:
        return "cost-opposing"
    limit = guardian.limit
    return "cost-outside-wb" if limit is not None and monster.planet is not limit else None


def _np_matched(state: _State, symbols: GuardianSymbols, target: Monster, monster: Monster
                ) -> tuple[list[Influence], frozenset[Influence], bool]:
    """The influences the attack ``target``'s planet has on ``monster`` (negativ-positiv-
    wirkung.p2): by the small symbols, or, where ``np-chain`` reads so, only those of them the
    reading chain also gives (the target's planet "muss" be a small symbol: the chain narrows,
    never widens; judge round 18); then the chain's own, and whether the chain decided."""
    matched = [i for i, planet in ((Influence.NEGATIV, symbols.right),
                                   (Influence.POSITIV, symbols.left)) if target.planet is planet]
    chain = influences(symbols, target.planet, monster.planet)
    if chain.issuperset(matched):  # np-chain is asked only where it may matter
        return matched, chain, False
    by_chain = np_chain(state, monster)
    _announce_chain(state.trace, monster.number)  # (silenced while quiet: told by the caller)
    return ([i for i in matched if i in chain] if by_chain else matched), chain, by_chain


def np_chain(state: _State, monster: Monster) -> bool:
    """Whether the reading chain decides on which monster the attack target's planet acts
    (negativ-positiv-wirkung.p2, ``np-chain``), asked where it and the small symbols differ;
    the step about it is told once per monster (:func:`_announce_chain`)."""
    return state.trace.reading(NP_CHAIN, (monster.number,)) == "chain"


def _announce_chain(trace: _Trace, number: int) -> None:
    """The step about ``np-chain`` at monster ``number``, if the run asked it there."""
    if (NP_CHAIN.slug, (number,)) in trace.consulted:
        trace.either(NP_CHAIN, (number,), _say("np-chain", number=number), None)


@rule(C.NP_NEGATIV, C.NP_POSITIV, opens=(NP_ALL_CHANGES,), reads=(
    "guardians.wirkung.amount", "effects.operation", "effects.amount"))
def np_scaling(state: _State, guardian: Guardian, monster: Monster,
               matched: frozenset[Influence]) -> None:
    """negativ-Wirkung halves increases and doubles reductions; positiv-Wirkung the reverse.

    negativ-positiv-wirkung.p3, p4: the Wirkung's change; whether other cards' changes too is
    open (``np-all-changes``): their additions and subtractions, and their halvings, doublings
    and values set (a reduction or an increase by what they change, known when they are
    rolled up: a pair of factors, for an increase and for a reduction, :func:`roll`)."""
    trace, number, own = state.trace, monster.number, _WIRKUNG_KEY[guardian.side]
    factors: dict[Any, Fraction | tuple[Fraction, Fraction]] = {}
    scale_all = None
    for change in (c for c in state.changes[number] if c.signed or c.operation in _SCALED):
        if change.key != own and scale_all is None:
            scale_all = trace.reading(NP_ALL_CHANGES, (number,)) == "all"
        if change.key == own or scale_all:
            factors[change.key] = (  # both influences: their product, in no order (judge 18)
                _NP_FACTORS[matched, change.signed > 0] if change.signed
                else (_NP_FACTORS[matched, True], _NP_FACTORS[matched, False]))
        if change.key == own:
            state.np_factor[number] = _NP_FACTORS[matched, change.signed > 0]  # unrounded
            _np_steps(trace, change.signed, matched)
    state.factors[number] = factors
    if scale_all is not None:
        trace.about = None
        trace.on(NP_ALL_CHANGES, (number,), trace.say("np-all-changes", number=number))


def _np_steps(trace: _Trace, signed: int, matched: frozenset[Influence]) -> None:
    """The steps of the Wirkung's ``signed`` change doubled or halved by each influence; a
    half left at the end is rounded as ``half-points`` reads it (both influences: a half
    between them is not, as the texts give them no order; judge round 18)."""
    exact: int | Fraction = signed  # an int while it is whole (no Fraction arithmetic)
    told = [i for i in Influence if i in matched]
    for influence in told:
        before, exact = exact, (exact * 2 if np_factor(influence, exact) is _TWO else _half(exact))
        said = {"before": _signed(before), "after": _signed(exact)}
        trace.say(f"{influence.value}-{'up' if signed > 0 else 'down'}", **said)
        if exact.denominator != 1 and influence is told[-1]:
            number = trace.say("halving", _NP_CLAUSE[influence], **said)
            if trace.about is not None:  # the monster under the Wirkung
                trace.on(HALF_POINTS, (trace.about[0],), number)


# --- Rules: order of evaluation, values, activation costs ---

#: Evaluation position by source: lower is evaluated earlier (the lowest Wirkungsrang first).
_TIER = {Source.ENERGY: 0, Source.GRAVITATION_ENERGY: 0, Source.MONSTER: 0,
         Source.GUARDIAN_WIRKUNG: 1, Source.GUARDIAN_SPEZIAL: 2, Source.RANK_ONE: 3}


def _tier(spezial_first: Collection[Spielfeldseite], rank_one_below: bool
          ) -> Callable[[_Change], tuple]:
    """The sort key of a change: Wirkungsrang (lowest first), then from the latest activated."""

    def tier(change: _Change) -> tuple:
        rank: float = change.rank[0]
        if change.source in _GUARDIAN_SOURCES and change.side in spezial_first:
            rank = 3 - rank
        elif change.source is Source.RANK_ONE and rank_one_below:
            rank = 0.5
        return rank, -change.activated
    return tier


#: Sort keys: a change's :func:`_tier` by default (worked out once); its activation.
_RANK, _ACTIVATION = operator.attrgetter("rank"), operator.attrgetter("activated")


#: At most this many orders of effects activated together are compared for one monster.
_MAX_TIE_ORDERS = 24
#: Additions and subtractions (they commute): the sign of their amount (others: no points).
_SIGN = {Operation.ADD: 1, Operation.SUBTRACT: -1}


def _arrangements(items: tuple[_Change, ...]) -> Iterable[tuple[_Change, ...]]:
    """Each order of ``items`` once, the listed order first; additions and subtractions commute,
    so orders that only swap two of them are the same arrangement (they keep the listed order)."""
    if not items:
        yield ()
    seen: set[Any] = set()
    for index, item in enumerate(items):
        token = "additive" if item.operation in _SIGN else index
        if token not in seen:
            seen.add(token)
            for rest in _arrangements(items[:index] + items[index + 1:]):
                yield (item,) + rest


def _tie_orders(order: list[_Change], key: Callable[[_Change], Any]
                ) -> tuple[list[list[_Change]], int, list[_Change]]:
    """The orders of ``order`` among changes of equal ``key`` (activated together, of one rank
    where rank decides), the listed order first and at most :data:`_MAX_TIE_ORDERS`; how many
    there are; and every tied change.

    Only changes of one attribute can change each other's result, and additions and
    subtractions commute, so only those orders are taken.
    """
    keys = list(map(key, order))
    if len(set(keys)) == len(keys):  # nothing activated together: the listed order alone
        return [list(order)], 1, []
    slots: dict[Any, list[int]] = {}
    tied: dict[Any, list[_Change]] = {}
    for position, (change, equal) in enumerate(zip(order, keys)):
        tied.setdefault(equal, []).append(change)
        slots.setdefault((equal, change.attribute), []).append(position)
    groups = [positions for positions in slots.values() if len(positions) > 1
              and sum(order[i].operation not in _SIGN for i in positions) > 0]
    count = math.prod(math.factorial(len(g)) // math.factorial(
        sum(order[i].operation in _SIGN for i in g)) for g in groups)
    choices = [list(itertools.islice(_arrangements(tuple(order[i] for i in g)),
                                     _MAX_TIE_ORDERS)) for g in groups]
    orders = []
    for arranged in itertools.islice(itertools.product(*choices), _MAX_TIE_ORDERS):
        placed = {position: item for positions, items in zip(groups, arranged)
                  for position, item in zip(positions, items)}
        orders.append([placed.get(position, change) for position, change in enumerate(order)])
    return orders, count, [c for group in tied.values() if len(group) > 1 for c in group]


_TIED_LABEL = _("The effects activated together are evaluated in the order %(order)s")


def _tie_point(trace: _Trace, orders: list[list[_Change]], tied: int) -> OpenPoint:
    """:data:`TIED_ORDER` with one reading per order in ``orders`` (the first: as listed), each
    naming its order (effect numbers, or on the table each change's label); two effects
    activated together: its declared readings."""
    if len(orders) == 2 and tied == 2:  # the other order is the two reversed
        return TIED_ORDER
    first, *_rest = TIED_ORDER.readings
    return replace(TIED_ORDER, readings=tuple(
        ReadingOf(first.slug if index == 0 else "order-" + "_".join(map(str, _keys(order))),
                  msg(_TIED_LABEL, order=tuple(_label(c.key, c.side) for c in order)
                      if trace.table else _order_text(_keys(order))), first.clauses)
        for index, order in enumerate(orders)))


def _tied_order(trace: _Trace, n: int, order: list[_Change], key: Callable[[_Change], Any]
               ) -> list[_Change]:
    """Effects of equal ``key`` (one Wirkungsrang where rank decides, activated together) have no
    order in the texts (reihenfolge.p1, p3): each order is a reading of ``tied-order``."""
    orders, count, tied = _tie_orders(order, key)
    if not tied:  # nothing activated together: the order alone
        return order
    said = {"number": n, "effects": tuple(_label(c.key, c.side) for c in tied)}
    if len(orders) < 2:
        if tied and trace.voice is _Voice.ORDER:
            trace.say("tie-same", **said)
        return order
    point = _tie_point(trace, orders, len(tied))
    chosen = dict(zip((item.slug for item in point.readings), orders)).get(
        trace.reading(point, (n,)), order)
    trace.either(point, (n,), "tie-open", "tie-same", **said)
    if count > len(orders):
        trace.say("tie-many", number=n, count=count, limit=len(orders))
    return chosen


def _keys(order: Iterable[_Change]) -> list[Any]:
    return [change.key for change in order]


@functools.lru_cache(maxsize=256)
def _label(key: int | str, side: Spielfeldseite) -> Message:
    """A change as a reader names it: "effect 3", or the Wirkung of a side's card."""
    return (msg(_("effect %(number)s"), number=key) if isinstance(key, int)
            else msg(_("Wirkung of the Schutzgottkarte of %(side)s"), side=side.label))


@rule(C.RANK, C.ORDER, C.ORDER_REGULAR, opens=(RANK_OR_RECENCY, SPEZIAL_OR_WIRKUNG, RANK_ONE,
                                               TIED_ORDER),
      reads=("effects.activated", "effects.source", "guardians.activated"))
def evaluation_order(trace: _Trace, monster: Monster, changes: list[_Change]) -> list[_Change]:
    """Effects are evaluated by Wirkungsrang, lowest first, then from the latest activated.

    reihenfolge.p1, p3, p4.  Open: which decides where they disagree; whether the
    Spezial-Wirkung ranks above or comes before the Wirkung; where rank 1 stands; the order of
    effects activated together (``tied-order``, :func:`_tied_order`)."""
    n = monster.number
    tiers = {(c.side, c.rank[0]) for c in changes}  # Wirkung 1, Spezial-Wirkung 2, rank one 3
    both = [side for side in _SIDES_AB if (side, 1) in tiers and (side, 2) in tiers]
    before = [side for side in both if trace.reading(SPEZIAL_OR_WIRKUNG, (n, side)) == "before"]
    rank_one = (_A, 3) in tiers or (_B, 3) in tiers
    below = rank_one and trace.reading(RANK_ONE, (n,)) == "below-guardians"
    rank = _tier(before, below) if before or below else _RANK  # by default each change's own
    order = sorted(changes, key=rank) if len(changes) > 1 else list(changes)
    if not trace.silenced:
        _order_steps(trace, n, changes, order, both, below, rank_one)
    if len(order) < 2:  # one change at most: one order, nothing activated together
        return order
    if not _agree(order):  # activation puts a change before one ranked before it
        # latest activated first; effects activated together by Wirkungsrang (reihenfolge.p1):
        # ``order`` is by rank, and a sort keeps the order of equals, reversed or not
        recency = sorted(order, key=_ACTIVATION, reverse=True)
        if trace.reading(RANK_OR_RECENCY, (n,)) == "recency":
            return _tied_order(trace, n, recency, lambda c: (c.activated, rank(c)[0]))
        trace.either(RANK_OR_RECENCY, (n,), *(("recency-table", None) if trace.table else (
            _say("recency", recency=_order_text(_keys(recency)), effect=msg(effect))
            for effect in (_("with a different result"), _("with the same result")))), number=n)
    return _tied_order(trace, n, order, rank)


def _agree(order: list[_Change]) -> bool:
    """Whether activation puts no change of ``order`` (by Wirkungsrang) before one ranked
    before it: effects activated together do not disagree with their ranks, whatever order
    they are listed in (reihenfolge.p3).

    >>> one = _Change.of(1, Source.ENERGY, Spielfeldseite.A, 1, Attribute.AP, Operation.ADD, 10)
    >>> _agree([one, one._replace(key=2)]), _agree([one, one._replace(key=2, activated=2)])
    (True, False)
    """
    activated = [change.activated for change in order]  # the latest first, as it decides
    return all(first >= second for first, second in zip(activated, activated[1:]))


def _order_steps(trace: _Trace, n: int, changes: list[_Change], order: list[_Change],
                 both: list[Spielfeldseite], below: bool, rank_one: bool) -> None:
    """The steps of the order of monster ``n``'s changes, in the scenario's voice."""
    if rank_one:
        trace.on(RANK_ONE, (n,), trace.say("rank-one"))
    for side in both:
        other = sorted(changes, key=_tier({side}, below))  # stable: ties stay as listed
        trace.either(SPEZIAL_OR_WIRKUNG, (n, side), None if trace.table else "spezial-open",
                     "spezial-after-table" if trace.table else "spezial-after", number=n,
                     order=_order_text(_keys(order)), other=_order_text(_keys(other)))
    if trace.voice is _Voice.ORDER:
        trace.say("order", order=_order_text(_keys(order)))
    elif trace.table and changes:
        trace.say("order-table", number=n, order=tuple(_label(c.key, c.side) for c in order))


def _half(value: int | Fraction) -> int | Fraction:
    """Half of ``value``, exact: an ``int`` while it is whole (no Fraction arithmetic)."""
    return value // 2 if type(value) is int and not value % 2 else value / _TWO


def _times(value: int | Fraction, factor: Fraction) -> int | Fraction:
    """``value * factor``, exact, in int arithmetic for a whole factor or 1/2 (an ``int`` value
    stays one while whole: the caller takes the result by :func:`_exact` either way)."""
    return (value * factor.numerator if factor.denominator == 1 else _half(value)
            if factor.numerator == 1 and factor.denominator == 2 else value * factor)


#: Operations whose change in points is known only when rolled up: an increase or a reduction
#: (setting a value too: "set AP to 150" on AP 100 is an increase of 50; judge round 13).
_SCALED = (Operation.HALVE, Operation.DOUBLE, Operation.SET)
#: The value after each operation with an amount (points, exact; see :func:`_exact`).
_APPLY = {Operation.ADD: lambda value, amount: value + amount,
          Operation.SUBTRACT: lambda value, amount: value - amount,
          Operation.HALVE: lambda value, amount: _half(value),
          Operation.DOUBLE: lambda value, amount: value * 2,
          Operation.SET: lambda value, amount: amount}
_ROUNDED = {"down": lambda v: Fraction(v.numerator // v.denominator),
            "up": lambda v: Fraction(-(-v.numerator // v.denominator))}


@rule(C.ORDER, C.WIRKUNG_ATTRIBUTES, opens=(HALF_POINTS, VALUE_BELOW_ZERO), reads=(
    "monsters.ep", "monsters.ap", "monsters.dp", "monsters.lp", "guardians.wirkung.attribute",
    "effects.attribute", "effects.operation", "effects.amount"))
def roll(trace: _Trace, monster: Monster, order: list[_Change], factors: Mapping[Any, Fraction]
         ) -> tuple[dict[Attribute, int | Fraction], list[tuple], dict[Any, int | Fraction]]:
    """Effects are rolled up in order, each changing its attribute's value.

    reihenfolge.p3 (points; a negativ-positiv factor scales an addition or subtraction, and,
    under the reading ``all`` of ``np-all-changes``, what a halving or doubling changes); open:
    rounding of halves (``half-points``, citing the clause that halved: negativ-positiv-wirkung.p3
    or p4, or reihenfolge.p3 for an effect's halving), values below 0 (``value-below-zero``:
    under the reading ``zero`` a value stops at 0 at the change that would take it below, so
    a later increase counts from 0).
    Returns the values, the log (change, factor, before, after) and each signed change's
    points, each an ``int`` when it is whole (:func:`_exact`), else a Fraction."""
    values: dict[Attribute, Any] = {a: v for a, name in _ATTRIBUTE_FIELDS
                                    if (v := getattr(monster, name)) is not None}
    log, amounts, halving = [], {}, set()

    def halved(value: Fraction, clause: Clause) -> Fraction:
        if value.denominator == 1:
            return value
        halving.add(clause)  # the clauses that produced a half: they leave its rounding open
        point = _half_points(tuple(c for c in C if c in halving))
        return _ROUNDED.get(trace.reading(point, (monster.number,)), lambda v: v)(value)

    for change in order:
        factor, amount = factors.get(change.key, _ONE), change.amount
        # np.p3 halves an increase, np.p4 a reduction: a factor other than 1 (not _ONE at once)
        if change.signed and factor is not _ONE and factor != 1:
            amount = amounts[change.key] = _exact(halved(
                _times(amount, factor), C.NP_NEGATIV if change.signed > 0 else C.NP_POSITIV))
        elif change.signed:
            amounts[change.key] = amount
        if change.attribute not in values:
            continue  # a value not given: nothing to compute
        before = values[change.attribute]
        after = _APPLY[change.operation](before, amount)
        after = halved(after, C.ORDER) if change.operation is Operation.HALVE else after
        if type(factor) is tuple:  # a halving, doubling or value set, scaled by np: by its change
            factor = factor[0] if after > before else factor[1]
            if after != before and factor != 1:
                after = halved(before + _times(after - before, factor),
                               C.NP_NEGATIV if (after > before) == (factor < 1) else C.NP_POSITIV)
        after = _exact(after)
        if after < 0 and trace.reading(VALUE_BELOW_ZERO, (monster.number,)) == "zero":
            after = 0  # the value never falls below 0: not at any change, not only at the end
        values[change.attribute] = after
        log.append((change, factor, before, after))
    return values, log, amounts


@rule(C.SPEZIAL_WIRKUNG, C.WB_CARD, C.WB_RULE, C.IMMUNITY, opens=(COST_BELOW_ZERO,), reads=(
    "guardians.spezial_cost_change", "guardians.spezial_extends", "monsters.cost"))
def activation_costs(state: _State, guardian: Guardian) -> None:
    """A Spezial-Wirkung changes what own monsters (of its limiting planet) pay on activation.

    kartenaufbau.p3, effekte.p4, wirkungsbegrenzung.p1, p2; open: costs below 0
    (``cost-below-zero``)."""
    trace, limit, change = state.trace, guardian.limit, guardian.spezial_cost_change
    trace.card = guardian.side  # on the whole table, each step names its card
    trace.say("no-wb" if limit is None else "wb", planet=limit and limit.label)
    for monster in (m for m in state.table.monsters if m.cost is not None):
        number, cost = monster.number, state.costs[monster.number]
        opposing = monster.side is not guardian.side
        said = {"number": number, "planet": monster.planet.label, "cost": cost,
                "limit": limit and limit.label, "change": _signed(change), "paid": cost + change}
        outside = _cost_outside(guardian, monster)
        state.wb_affected[number] = outside is None
        if outside:
            trace.say(outside, **said)
            continue
        clauses = (C.WB_RULE if limit is not None else C.SPEZIAL_WIRKUNG,) + (
            (C.IMMUNITY,) if opposing else ())
        if cost + change < 0:
            trace.on(COST_BELOW_ZERO, (number,), trace.say("cost-zero", *clauses, **said))
        if cost + change < 0 and trace.reading(COST_BELOW_ZERO, (number,)) == "zero":
            state.costs[number] = 0
        else:
            trace.say("cost", *clauses, **said)
            state.costs[number] = cost + change
    trace.card = None


RULES = (wirkung_reach, effect_on_card, guardian_immunity, np_card, np_conditions, np_scaling,
         evaluation_order, roll, activation_costs)


# --- The pipeline: every scenario runs the same rules over its table ---

_OWN_SIDE_RULE = card_text_may_override(msg(_(
    "Effects of Schutzgottkarten apply only to their own side, and a Wirkung only to monsters of "
    "the Schutzgottkarte's planet.")), *citations(C.IMMUNITY, C.WIRKUNG_SCOPE))


class _Recall:
    """The runs of one ruling share their stages (:func:`_run`): whom each Wirkung and
    effect reaches, each monster's negativ-positiv-Wirkung, its order and values, the
    activation costs.  A stage's result is kept with the reading calls it made (the ruling's
    own run, with its steps, computes and keeps each), and a later quiet run whose choices
    answer those calls the same way takes it instead of computing it.

    Trades the memory of one ruling's stage results (a few per monster and reading) for not
    recomputing, in each run of a point's other readings and of the readings read together,
    the monsters its readings do not touch.  A run's result is the same either way: a kept
    stage's calls are replayed, so the run consults the same points in the same order (a
    stage that differs in a reading differs first at the first call whose answer differs,
    which a new computation makes too)."""

    def __init__(self) -> None:
        self.kept: dict[Any, list[tuple[tuple[tuple[OpenPoint, Key, str], ...], Any]]] = {}
        #: The owner of the stages that consulted each point (slug, key): a monster's
        #: number, ``"costs"``, or ``"reach"`` (whom the cards reach, or stages of two owners:
        #: the whole table, :meth:`_View._groups`).
        self.owner: dict[tuple[str, Key], Any] = {}

    def stage(self, trace: _Trace, key: Any, compute: Callable[[], Any]) -> Any:
        """The result of ``compute()``, the stage named ``key``, under ``trace``'s choices
        (kept from an earlier run where ``trace`` is quiet)."""
        for calls, result in self.kept.get(key, ()) if trace.quiet else ():
            for point, at, reading in calls:  # (a loop: a generator in all() costs a call each)
                if trace.reading(point, at) != reading:
                    break
            else:
                return result
        trace.calls = []
        result = compute()
        self.kept.setdefault(key, []).append((tuple(trace.calls), result))
        owner = key if type(key) is str else key[2]
        for point, at, _reading in trace.calls:  # a point two owners consult: the table's
            if self.owner.setdefault((point.slug, at), owner) != owner:
                self.owner[point.slug, at] = "reach"
        trace.calls = None
        return result


def _run(table: Table, voice: _Voice, choices: Mapping[Any, str] | None = None,
         quiet: bool = False, recall: _Recall | None = None, only: int | None = None
         ) -> _State:
    """Run every rule over ``table``; ``choices`` pick readings of open points; ``recall``:
    the stages of earlier runs of the same table (a run that is not quiet computes each, for
    its steps, and keeps them); ``only``: of the monsters' stages, only this monster's."""
    state = _State(table, _Trace(voice, choices, quiet))
    trace = state.trace
    stage = recall.stage if recall is not None else lambda _trace, _key, compute: compute()
    for effect in table.effects if not quiet else ():  # facts outside the texts, up front
        if effect.source is Source.RANK_ONE and effect.target is TargetKind.GUARDIAN:
            trace.add(RANK_ONE_ON_GUARDIAN.step(number=effect.number))
    if trace.table and not quiet:
        trace.say("active-turn", side=table.active.label)
        if table.guardians:
            trace.add(_OWN_SIDE_RULE)
    reach = stage(trace, "reach", lambda: _reach(state))
    state.changes, state.reached, state.affects = {**reach[0]}, {**reach[1]}, {**reach[2]}
    monsters = table.monsters if only is None else (state.monster(only),)
    pairs = {m.number: stage(trace, ("np", id(reach), m.number),
                             lambda: _negativ_positiv(state, m)) for m in monsters}
    for n, (factors, factor, checks) in pairs.items():
        state.checks.update(checks)
        if factors is not None:
            state.factors[n] = factors
        if factor is not None:
            state.np_factor[n] = factor
    for monster in monsters:
        n = monster.number
        got = stage(trace, ("values", id(pairs[n]), n, id(reach)),  # [2]: the owner
                    lambda: _values(state, monster))
        state.orders[n], state.values[n], state.amounts[n], state.shown[n] = got
    costs = stage(trace, "costs", lambda: _costs(state))
    state.costs, state.wb_affected = {**costs[0]}, {**costs[1]}
    return state


def _reach(state: _State) -> tuple[dict, dict, dict]:
    """Which monsters each Wirkung and each listed effect reaches: the changes to each
    monster, whether each Wirkung reaches it, whether each effect affects its target."""
    table, trace = state.table, state.trace
    state.changes = {m.number: [] for m in table.monsters}
    for guardian in _sides(table):  # each Wirkung on each monster, side A first
        for monster in table.monsters if guardian.wirkung is not None else ():
            state.changes[monster.number] += _wirkung_on(state, guardian, monster)
    for effect in table.effects:  # whether each listed effect reaches its card
        monster = state.monster(effect.target_monster) if effect.target_monster else None
        state.affects[effect.number] = affects = (
            guardian_immunity(trace, table, effect) if effect.target is TargetKind.GUARDIAN
            else effect_on_card(trace, table, effect, monster))
        if affects and monster is not None:
            state.changes[monster.number].append(_Change.of(
                effect.number, effect.source, effect.side, effect.activated, effect.attribute,
                effect.operation, effect.amount))
    return state.changes, state.reached, state.affects  # kept: each run takes copies


def _costs(state: _State) -> tuple[dict, dict]:
    """What each monster pays on activation after each Spezial-Wirkung, evaluated from the
    latest activated (behandlung.p3; judge round 22: not in the order listed); two activated
    together in the order :data:`TIED_ORDER` reads (a cost below 0 may depend on it)."""
    state.costs = {m.number: m.cost for m in state.table.monsters if m.cost is not None}
    changing = sorted((g for g in state.table.guardians if g.spezial_cost_change is not None),
                      key=lambda g: -g.activated)  # stable: activated together, as listed
    if len(changing) == 2 and state.costs:
        first, second = changing
        if first.activated != second.activated:
            state.trace.say("cost-order", first=first.side.label, second=second.side.label)
        elif state.trace.reading(TIED_ORDER, ("costs",)) == TIED_ORDER.readings[1].slug:
            changing.reverse()
    for guardian in changing:
        activation_costs(state, guardian)
    return state.costs, state.wb_affected  # kept: each run takes copies


def _sides(table: Table) -> list[Guardian]:
    return [g for side in _SIDES_AB for g in table.guardians if g.side is side]


def _wirkung_on(state: _State, guardian: Guardian, monster: Monster) -> list[_Change]:
    """The change of ``guardian``'s Wirkung on ``monster`` if it reaches it."""
    state.trace.about = (monster.number, guardian.side)
    reached = state.reached[guardian.side, monster.number] = wirkung_reach(
        state.trace, guardian, monster)
    state.trace.about = None
    return [_Change.of(_WIRKUNG_KEY[guardian.side], Source.GUARDIAN_WIRKUNG, guardian.side,
                       guardian.activated, guardian.wirkung.attribute, Operation.ADD,
                       guardian.wirkung.amount)
            ] if reached else []


def _negativ_positiv(state: _State, monster: Monster) -> tuple[Any, Any, dict]:
    """The negativ-positiv-Wirkung on ``monster`` of each card that may have one: its
    factors, the Wirkung's factor and the failed checks (each ``None``/empty if none)."""
    table, trace, n = state.table, state.trace, monster.number
    for guardian in _sides(table):
        if state.reached.get((guardian.side, n)):
            _wirkung_pair(state, guardian, monster)
    combat = table.combat  # the cheap checks first: the card's side is the active one
    if (combat is not None and n in (combat.attacker, combat.target)
            and monster.side is table.active and not state.reached.get((table.active, n))
            and (active := table.guardian(table.active)) and active.symbols.has_negativ_positiv):
        trace.quiet, quiet = True, trace.quiet
        matched, _failed = np_conditions(state, active, monster, True)
        trace.quiet = quiet
        _announce_chain(trace, n)
        if matched:
            np_scaling(state, active, monster, matched)
    factors, factor = state.factors.get(n), state.np_factor.get(n)
    checks = {key: found for key, found in state.checks.items() if key[1] == n}
    # nothing scaled and nothing checked: one result, so that the runs whose readings give it
    # share the monster's order and values (a recalled stage, :func:`_run`)
    return _NO_NP if not factors and factor is None and not checks else (factors, factor, checks)


#: A monster's negativ-positiv stage where nothing is scaled or checked (:func:`roll` reads
#: no factors and empty ones alike).
_NO_NP: tuple = (None, None, MappingProxyType({}))


_CHANGES_CONSIDERED = _("The Wirkung changes the monster's %(attribute)s by %(amount)s. The "
                        "negativ-positiv-Wirkung was considered and does not apply: %(why)s")


def _wirkung_pair(state: _State, guardian: Guardian, monster: Monster) -> None:
    """A Wirkung on a monster it reaches: its change, and the negativ-positiv checks."""
    trace, wirkung, n = state.trace, guardian.wirkung, monster.number
    said = {"attribute": wirkung.attribute.label, "amount": _signed(wirkung.amount)}
    if trace.table:
        trace.say("under-wirkung", number=n, side=guardian.side.label, **said)
    trace.about, position = (n, guardian.side), len(trace.steps)
    if trace.voice is _Voice.WIRKUNG:
        trace.say("wirkung-changes", **said)
    if monster.side is guardian.side:  # the negativ-positiv-Wirkung: its card's own side only
        counts = np_card(state, guardian)
        matched, failed = (np_conditions(state, guardian, monster, counts)
                           if guardian.symbols.has_negativ_positiv else (frozenset(), ()))
        failed = state.card_checks.get(guardian.side, (False, ()))[1] + failed
        state.checks[guardian.side, n] = failed = tuple(number for number in failed if number)
        if failed and trace.voice is _Voice.WIRKUNG and not trace.silenced:
            trace.steps[position] = _considered(trace, _say("wirkung-changes", **said), failed,
                                                _CHANGES_CONSIDERED)
        if matched and counts:
            np_scaling(state, guardian, monster, matched)
    trace.about = None


def _considered(trace: _Trace, step: Step, failed: tuple[int, ...], message_id: str) -> Step:
    """``step`` saying why the negativ-positiv-Wirkung left it alone (``why``)."""
    checks = [trace.steps[number - 1] for number in failed]
    cited = tuple(dict.fromkeys(step.citations + tuple(c for s in checks for c in s.citations)))
    return Step(step.outcome, Message(message_id, tuple(sorted(
        step.message.params + (("why", checks[0].reason),)))), cited, step.reason, failed)


def _values(state: _State, monster: Monster) -> tuple[list[_Change], dict, dict, list]:
    """A monster's evaluation order and values, narrated in the scenario's voice: the order,
    the values, each signed change's points (:func:`roll`) and where its values are kept
    once shown (:func:`_monster_values`)."""
    trace, n = state.trace, monster.number
    order = state.orders[n] = evaluation_order(trace, monster, state.changes[n])
    state.values[n], log, state.amounts[n] = roll(trace, monster, order, state.factors.get(n, {}))
    if trace.quiet:  # a quiet run tells nothing
        pass
    elif trace.table:
        _narrate_table(state, monster, log)
    elif trace.voice is _Voice.ORDER:
        _narrate_order(trace, log)
    elif trace.voice is _Voice.WIRKUNG and n == 1:
        _narrate_wirkung(state, monster)
    return state.orders[n], state.values[n], state.amounts[n], []


_EVALUATED = _("Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, "
               "Wirkungsrang %(rank)s, negativ-positiv factor %(factor)s): %(attribute)s "
               "%(before)s → %(after)s.")
_EVALUATED_CONSIDERED = _(
    "Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, Wirkungsrang "
    "%(rank)s, negativ-positiv factor %(factor)s): %(attribute)s %(before)s → %(after)s. The "
    "negativ-positiv-Wirkung was considered and does not apply: %(why)s")
_CITED = {True: citations(C.RANK, C.ORDER), False: citations(C.RANK, C.ORDER, C.NP_RULES)}


def _narrate_table(state: _State, monster: Monster, log: list) -> None:
    """Each change evaluated on a monster of the whole table, with its rank and factor."""
    trace, n = state.trace, monster.number
    failed, own = state.checks.get((monster.side, n), ()), _WIRKUNG_KEY[monster.side]
    for position, (change, factor, before, after) in enumerate(log, start=1):
        one = factor is _ONE or factor == 1  # the default factor first, without arithmetic
        step = Step(_AP, Message(_EVALUATED, (  # the parameters in msg's order (by name)
            ("after", str(after)), ("attribute", change.attribute.label),  # str: exact
            ("before", str(before)), ("effect", _label(change.key, change.side)),
            ("factor", "1" if one else str(factor)), ("number", n),
            ("position", position), ("rank", WIRKUNGSRANG[change.source]),
            ("source", change.source.label))), _CITED[one])
        trace.add(_considered(trace, step, failed, _EVALUATED_CONSIDERED)
                  if failed and change.key == own else step)
        if after < 0 <= before:
            trace.on(VALUE_BELOW_ZERO, (n,), trace.say(
                "below-zero-monster", number=n, attribute=change.attribute.label,
                value=str(after)))
    if (half := trace.consulted.get((HALF_POINTS.slug, (n,)))) is not None:
        trace.on(HALF_POINTS, (n,), trace.say(
            "half-points" if half is HALF_POINTS else "half-points-np", *half.leaves_open,
            number=n))


def _narrate_order(trace: _Trace, log: list) -> None:
    """Each effect evaluated on the one monster of ``effect-order``."""
    for change, _factor, before, after in log:  # each value exact (:func:`roll`)
        said = {"attribute": change.attribute.label, "value": str(after)}
        trace.say("evaluated", number=change.key, source=change.source.label,
                  activated=change.activated, before=str(before), after=str(after), **said)
        if after.denominator != 1 and before.denominator == 1:
            trace.on(HALF_POINTS, (1,), trace.say("not-whole", **said))
        if after < 0 <= before:
            trace.on(VALUE_BELOW_ZERO, (1,), trace.say("below-zero", **said))


def _narrate_wirkung(state: _State, monster: Monster) -> None:
    """The value the Wirkung gives the one monster of ``guardian-wirkung``."""
    attribute = state.table.guardians[0].wirkung.attribute
    base = getattr(monster, attribute.value)
    if base is None:
        return
    result = state.values[monster.number][attribute]
    if state.reached.get((Spielfeldseite.A, monster.number)):
        state.trace.say("wirkung-gives", attribute=attribute.label, before=base,
                        change=_signed(result - base), after=str(_exact(result)))
    if result < 0:
        state.trace.on(VALUE_BELOW_ZERO, (monster.number,), state.trace.say("wirkung-below-zero"))


# --- Rulings: what each scenario presents, and the readings of the open points ---

#: At most this many open points are read together (2**6 runs); past it, each monster's.
TOGETHER_DEPTH = 6


def _reading_group(key: Key) -> Any:
    """Whose open points are read together past :data:`TOGETHER_DEPTH`: a monster's (its
    number) or an effect's."""
    return key[:2] if key[0] == "effect" else key[0]


def _results(values: tuple[Value, ...]) -> tuple[Value, ...]:
    """``values`` without evaluation orders (an order alone is not a different result)."""
    return tuple([v for v in values if not v.name.endswith("order")])


class _Runs:
    """One ruling's quiet runs of ``table`` in ``voice``, their stages shared (``recall``)."""

    def __init__(self, table: Table, voice: _Voice) -> None:
        self.table, self.voice, self.recall, self.made = table, voice, _Recall(), {}

    def under(self, chosen: Mapping[Any, str], other: frozenset, only: int | None = None
              ) -> _State:
        """The quiet run under ``chosen``: made once per ruling for each set ``other`` of
        readings chosen that are not a point's first, its stages shared with the ruling's other
        runs; ``only``: of one monster's stages (:func:`_run`), unless the whole run was made."""
        state = self.made.get(other) or self.made.get((other, only))
        if state is None:
            state = self.made[other if only is None else (other, only)] = _run(
                self.table, self.voice, chosen, True, self.recall, only)
        return state


@dataclass(frozen=True)
class _View:
    """What a scenario presents of a table: its voice, values, open points' slugs, notes."""

    slug: str
    voice: _Voice
    values: Callable[[_State, Key | None], tuple[Value, ...]]
    point_slug: Callable[[OpenPoint, Key], str | None]
    notes: Callable[[_State], tuple[Message, ...]] = lambda state: ()

    def rule_on(self, table: Table, choices: Mapping[Any, str] | None = None) -> Ruling:
        """The ruling on ``table`` under ``choices``, with each open point's readings where their
        values differ (an evaluation order alone is not a different result)."""
        choices, runs = choices or {}, _Runs(table, self.voice)  # the runs share their stages
        state = _run(table, self.voice, choices, recall=runs.recall)
        readings, differing, met = [], set(), set()  # met: under the first or one other reading
        for (slug, key), point in state.trace.consulted.items():
            if (shown_as := self.point_slug(point, key)) is not None:
                met.add((slug, key))
                if found := self._point_readings(runs, state, choices, point, key, shown_as, met):
                    differing.add((point.slug, key))
                    readings += found
        values = self.values(state, None)
        self._read_together(runs, choices, met, _results(values), readings)
        return Ruling(self.slug, values, state.trace.finish(differing, self.point_slug),
                      self.notes(state), tuple(readings))

    def _point_readings(self, runs: _Runs, state: _State, choices: Mapping[Any, str],
                        point: OpenPoint, key: Key, slug: str, met: set) -> list[Reading]:
        """The readings of ``point`` at ``key`` (shown as ``slug``) where their values differ,
        else ``[]``; adds to ``met`` the points met under its other readings.  Of a tied
        order, only the orders with distinct results.  ``runs``: the ruling's runs and
        their stages."""
        owner = runs.recall.owner.get((point.slug, key))  # a monster's point: its stages only
        only = owner if self.voice is _Voice.TABLE and owner == key[0] and type(owner) is int \
            else None
        others = [runs.under({**choices, (point.slug, key): item.slug},
                             frozenset({((point.slug, key), item.slug)}), only)
                  for item in point.readings[1:]]
        met.update(k for other in others for k, p in other.trace.consulted.items()
                   if self.point_slug(p, k[1]) is not None)
        results = [self.values(state, key)] + [self.values(other, key) for other in others]
        compared = [[(v.name, v.value) for v in _results(values)] for values in results]
        if all(values == compared[0] for values in compared[1:]):
            return []
        return [Reading(slug, item.label, results[index], item.cited, index == 0,
                        point.why if index == 0 else None, point.question)
                for index, item in enumerate(point.readings)
                if point.slug != TIED_ORDER.slug or compared[index] not in compared[:index]]

    def _read_together(self, runs: _Runs, choices: Mapping[Any, str], met: set,
                       first: tuple[Value, ...], readings: list[Reading]) -> None:
        """Adds to ``readings`` those of the points ``met`` read together, where two or more
        were met (:func:`engine.core.readings_together`): on the whole table, each monster's
        and the costs' apart where no point decides whom the cards reach (a monster's values
        then rest on its own points alone, :func:`_groups`); else all of them, or past
        :data:`TOGETHER_DEPTH` points each monster's and each effect's.  ``runs``: the
        ruling's runs so far and their stages."""
        if len(met) <= 1:
            return
        runs.under(choices, frozenset())  # the first readings' (recalled)
        groups, grouped, apart = self._groups(met, runs.recall)
        for group in groups:
            slug = "together" if group is None or self.voice is not _Voice.TABLE else (
                f"monster-{group}-together" if isinstance(group, int)
                else f"{group}-together" if isinstance(group, str)
                else f"effect-{group[1]}-together")
            readings += readings_together(first, readings, [
                (path, _results(found)) for path, found in self._combinations(
                    runs, choices, group, grouped, apart)], slug)

    def _groups(self, met: set, recall: _Recall) -> tuple[list, Callable[[Any], Any], bool]:
        """The groups of the points ``met`` read together, and whose group a point (slug, key)
        is.  Where no point met decides a stage before the monsters' (whom the cards reach),
        each monster's stages read only its own points and change only its values, and the
        costs' only the costs: the points of each stage's owner are read apart from the
        others' (a point met only under a reading of another is its owner's too).  Else
        ``[None]`` (all together), or past :data:`TOGETHER_DEPTH` each monster's and each
        effect's (:func:`_reading_group`).  Last, whether the groups are apart."""
        owners = [recall.owner.get(key) for key in sorted(met, key=repr)]
        if self.voice is _Voice.TABLE and "reach" not in owners:
            apart = list(dict.fromkeys(owner for owner in owners if owner is not None))
            if len(apart) > 1:
                return apart, recall.owner.get, True
        if len(met) <= TOGETHER_DEPTH:
            return [None], recall.owner.get, False
        return list(dict.fromkeys(_reading_group(key) for _slug, key in sorted(
            met, key=repr))), lambda point: _reading_group(point[1]), False

    def _combinations(self, runs: _Runs, chosen: Mapping[Any, str], group: Any,
                      grouped: Callable[[Any], Any], apart: bool, path: tuple = (),
                      other: frozenset = frozenset()) -> list[tuple[tuple, tuple[Value, ...]]]:
        """Each choice of a reading per open point met (that this scenario shows; of
        ``group`` only, as ``grouped`` tells a point's (slug, key), unless ``None``) under the
        choices made so far, with its values, the first readings' first; ``[]`` past
        :data:`TOGETHER_DEPTH` points (none read together).  ``other``: the readings chosen
        that are not a point's first (a first reading chosen runs as none chosen), by which
        the ruling's ``runs`` are shared (:meth:`_Runs.under`).  ``apart``: the groups are
        independent (:meth:`_groups`), so a monster's group gives only its values."""
        only = group if apart and type(group) is int else None
        state = runs.under(chosen, other, only)
        free = next(((key, point) for key, point in state.trace.consulted.items()
                     if key not in chosen and (group is None or grouped(key) == group)
                     and _chosen_as(*key) not in chosen
                     and self.point_slug(point, key[1]) is not None), None)
        if free is None:  # a monster's points apart change only its values (:meth:`_groups`)
            return [(path, self.values(state, None if only is None else (only,)))]
        if len(path) >= TOGETHER_DEPTH:
            return []
        (found, point), same = free, free[1].slug not in chosen  # no choice for every occurrence
        key = _chosen_as(*found)  # a card's point: one reading for every monster it reaches
        return every_reading(point, lambda item: self._combinations(
            runs, {**chosen, key: item.slug}, group, grouped, apart, (*path, (point, item)),
            other if same and item is point.readings[0] else other | {(key, item.slug)}))


def rule_under(scenario: Scenario, inputs: Mapping[str, Any], choices: Mapping[str, str]
               ) -> Ruling:
    """The ruling of ``scenario`` on ``inputs`` with the open points in ``choices`` (point slug
    → reading slug) read that way.

    :raises InputError: for invalid input.
    """
    return _VIEWS[scenario.slug].rule_on(scenario.table(scenario.validate(inputs)), choices)


_AFFECTS = {n: msg(_("Effect %(number)s affects its target"), number=n) for n in range(1, 25)}


@functools.lru_cache(maxsize=128, typed=True)
def _affects_value(number: int, affects: bool | Message) -> Value:
    """Whether effect ``number`` affects its target, as a value (made once per answer)."""
    return Value(f"effect_{number}_affects", affects, _AFFECTS[number])


def _table_values(state: _State, key: Key | None) -> tuple[Value, ...]:
    """The situation's values: per effect, per monster, then the costs."""
    if key is not None and key[0] == "effect":
        return (_affects_value(key[1], state.affects[key[1]]),)
    if key is not None and key[0] == "costs":
        return tuple(_monster_value(n, 3, cost) for n, cost in state.costs.items())
    numbers = [m.number for m in state.table.monsters] if key is None else [key[0]]
    values = [_affects_value(n, a) for n, a in state.affects.items()] if key is None else []
    for n in numbers:
        values += _monster_values(state, n)
    costs = state.costs
    return tuple(values + [_monster_value(n, 3, costs[n]) for n in numbers if n in costs])


def _monster_values(state: _State, n: int) -> tuple[Value, ...]:
    """Monster ``n``'s values (points), order, change by the Wirkungen and factor."""
    shown = state.shown.setdefault(n, [])  # shared by the runs that share its values
    if not shown:
        values, amounts = state.values[n], state.amounts[n]
        changes: dict[Attribute, Any] = {}  # the Wirkungen's changes, per attribute changed
        for c in state.changes[n]:  # a card's Wirkung, or an effect listed as one, in points
            if c.source is Source.GUARDIAN_WIRKUNG and c.key in amounts:
                changes[c.attribute] = (changes.get(c.attribute, 0)
                                        + _SIGN[c.operation] * amounts[c.key])
        shown.append((
            *[_monster_value(n, index, values[a])  # exact (:func:`roll`)
              for index, a in enumerate(_ATTRIBUTES, 4) if a in values],
            _order_value(n, tuple([(c.key, c.side) for c in state.orders[n]])),
            _wirkung_change(n, changes),
            _monster_value(n, 2, _exact(state.np_factor.get(n, _ONE)))))
    return shown[0]


def _wirkung_change(n: int, changes: Mapping[Attribute, Any]) -> Value:
    """Monster ``n``'s change by the Wirkungen (points): one number where they change one
    attribute, else each attribute's change, in attribute order (points of AP and DP are
    never added up).

    >>> _wirkung_change(1, {Attribute.AP: 20}).value
    20
    >>> change = _wirkung_change(1, {Attribute.DP: -30, Attribute.AP: 20})
    >>> change.value, [item.render() for item in change.shown]
    ((('ap', 20), ('dp', -30)), ['AP +20', 'DP -30'])
    """
    if len(changes) < 2:
        return _monster_value(n, 1, _exact(sum(changes.values(), 0)))
    name, label = _monster_labels(n)[1]
    each = [(a, _exact(changes[a])) for a in _ATTRIBUTES if a in changes]
    return Value(name, tuple([(a.value, change) for a, change in each]), label, tuple([
        msg(_("%(attribute)s %(change)s"), attribute=a.label, change=_signed(change))
        for a, change in each]))


@functools.lru_cache(maxsize=1024, typed=True)
def _monster_value(n: int, index: int, value: Any) -> Value:
    """Monster ``n``'s ``value`` named as its label ``index`` (:func:`_monster_labels`) names
    it, made once per answer (typed: an ``int`` and an equal Fraction stay apart)."""
    name, label = _monster_labels(n)[index]
    return Value(name, value, label)


@functools.lru_cache(maxsize=256)
def _order_value(n: int, order: tuple[tuple[int | str, Spielfeldseite], ...]) -> Value:
    """Monster ``n``'s evaluation ``order`` (each change's key and side), made once per order."""
    name, label = _monster_labels(n)[0]
    return Value(name, tuple([key for key, _side in order]), label,
                 tuple([_label(key, side) for key, side in order]))


@functools.lru_cache(maxsize=64)
def _monster_labels(n: int) -> tuple[tuple[str, Message], ...]:
    """Monster ``n``'s value names and labels: order, Wirkung change, factor, cost, attributes."""
    return tuple((f"monster_{n}_{name}", msg(text, number=n)) for name, text in (
        ("order", _("Monster %(number)s: evaluation order")),
        ("wirkung_change", _("Monster %(number)s: change by the Wirkung of the "
                             "Schutzgottkarten")),
        ("np_factor", _("Monster %(number)s: negativ-positiv factor")),
        ("cost", _("Monster %(number)s: Energiepunkte paid on activation")))) + tuple(
        (f"monster_{n}_{a.value}", msg(_("Monster %(number)s: %(attribute)s"), number=n,
                                       attribute=a.label)) for a in _ATTRIBUTES)


def _table_slug(point: OpenPoint, key: Key) -> str:
    if key[0] == "effect":
        return f"effect-{key[1]}-{point.slug}"
    if key[0] == "costs":  # the order of two Spezial-Wirkungen changing costs (:func:`_costs`)
        return f"costs-{point.slug}"
    return f"monster-{key[0]}-{point.slug}" + (f"-{key[1].value}" if len(key) > 1 else "")


def _focused_slug(point: OpenPoint, key: Key) -> str | None:
    """A focused scenario shows the open points of its one monster (or effect), number 1."""
    return point.slug if key[-1] == 1 or key[0] == 1 else None


# --- Fields: the inputs each scenario's form, JSON API and JSON Schema share ---

def _planet_field(name: str, label: str, required: bool = True, help: str | None = None
                  ) -> Field:
    return Field(name, msg(label), FieldKind.CHOICE, help=help and msg(help), required=required,
                 choices=Planet.choices())


def _int(name: str, label: str, lowest: int, highest: int, required: bool = False,
         help: str | None = None, **options: Any) -> Field:
    return Field(name, msg(label), FieldKind.INTEGER, help=help and msg(help),
                 required=required, minimum=lowest, maximum=highest, **options)


def _choice(name: str, label: str, of: type[Labelled] | tuple[Choice, ...],
            default: Labelled | None = None, **options: Any) -> Field:
    """A choice of the members of ``of`` (or of the choices given), ``default`` one of them."""
    return Field(name, msg(label), FieldKind.CHOICE, default=default and default.value,
                 choices=of if isinstance(of, tuple) else of.choices(), **options)


def _flag(name: str, label: str, **options: Any) -> Field:
    return Field(name, msg(label), FieldKind.BOOLEAN, **options)


def _group(name: str, label: str, fields: tuple[Field, ...], **options: Any) -> Field:
    return Field(name, msg(label), FieldKind.GROUP, fields=fields, **options)


_BASE = _("Basis-Planetensymbol of the Schutzgottkarte")
_LEFT = _("Small left planet symbol (positiv-Wirkung)")
_RIGHT = _("Small right planet symbol (negativ-Wirkung)")
_NONE_THERE = _("Leave empty if the card has none.")
_ATTRIBUTE = _("Attribute the Wirkung changes")
_AMOUNT = _("Change made by the Wirkung (points)")
_SCOPE = _("Monsters the Wirkung's description names")
_LISTED = _("Planets named by the description")
_EXTENDS = _("The description extends the Wirkung to the opposing side")
_COST_CHANGE = _("Spezial-Wirkung: change of the activation cost (Energiepunkte)")
_SPEZIAL_EXTENDS = _("The description extends the Spezial-Wirkung to the opposing side")
_COST = _("Activation cost (Energiepunkte)")
_BASE_LABELS = {Attribute.EP: _("Base EP (Energiepunkte)"), Attribute.AP: _("Base AP"),
                Attribute.DP: _("Base DP"), Attribute.LP: _("Base LP")}


def _bases_fields(prefix: str, order: tuple[Attribute, ...]) -> tuple[Field, ...]:
    return tuple(_int(prefix + a.value, _BASE_LABELS[a], 0, _MAX_POINTS) for a in order)


_WIRKUNG_FIELDS = (
    _flag("guardian_side_active", _("The Schutzgottkarte's side is taking its turn"),
          default=True,
          help=msg(_("Only the negativ-positiv-Wirkung of the active side counts."))),
    _planet_field("base_planet", _BASE),
    _planet_field("left_planet", _LEFT, False, _NONE_THERE),
    _planet_field("right_planet", _RIGHT, False, _NONE_THERE),
    _choice("attribute", _ATTRIBUTE, Attribute, Attribute.AP),
    _int("amount", _AMOUNT, -_MAX_POINTS, _MAX_POINTS, True,
         _("Positive for an increase (+20), negative for a reduction (-20).")),
    _choice("scope", _SCOPE, WirkungScope, WirkungScope.BASE),
    Field("listed_planets", msg(_LISTED), FieldKind.MULTIPLE_CHOICE, required=False,
          choices=Planet.choices(), help=msg(_("Only used when the description names planets."))),
    _flag("extends_to_opposing_side", _EXTENDS, required=False),
    _planet_field("monster_planet", _("Primary planet symbol of the affected monster")),
    _choice("monster_side", _("Side of the affected monster"), Side, Side.OWN),
    _choice("combat", _("The affected monster is"), CombatRole, CombatRole.NONE),
    _planet_field("opponent_planet", _("Primary planet symbol of the other monster in the combat"),
                  False, _("The attack target when the affected monster attacks.")),
    Field("opponent_effects", msg(_("The other monster is under effects changing")),
          FieldKind.MULTIPLE_CHOICE, required=False, choices=Attribute.choices() + (
              Choice(_OTHER_ATTRIBUTE, msg(_("another attribute only"))),),
          help=msg(_("Leave empty if it is under no effect."))),
    _int("base_value", _("Value of the attribute before the Wirkung (points)"), 0, _MAX_POINTS,
         help=_("Optional: gives the resulting value.")),
)

_WB_FIELDS = (
    _planet_field("limit_planet", _("Wirkungsbegrenzung planet (the one small symbol)"), False,
                  _("Leave empty if the card has no Wirkungsbegrenzung.")),
    _int("cost_change", _COST_CHANGE, -_MAX_COST, _MAX_COST, True,
         _("-1 for \"1 Energiepunkt weniger\"; positive if monsters pay more.")),
    _flag("extends_to_opposing_side", _SPEZIAL_EXTENDS, required=False),
    _group("monsters", _("Monster cards being activated"), (
        _planet_field("planet", _("Primary planet symbol")),
        _int("cost", _COST, 0, _MAX_COST, True),
        _choice("side", _("Side"), Side, Side.OWN)),
        min_items=1, max_items=_MAX_ITEMS, rows=2),
)

_ORDER_FIELDS = _bases_fields("base_", (Attribute.AP, Attribute.DP, Attribute.LP,
                                         Attribute.EP)) + (
    _group("effects", _("Effects on the monster"), (
        _choice("source", _("Source"), Source),
        _int("activated", _("Activated as number"), 1, 99, True, _(
            "1 = activated first (longest active); equal numbers = activated together.")),
        _choice("attribute", _("Attribute"), Attribute),
        _choice("operation", _("Operation"), Operation),
        _int("amount", _("N (points)"), 0, _MAX_POINTS, help=_("For add, subtract and set."))),
        min_items=1, max_items=_MAX_ITEMS, rows=2),
)

_IMMUNITY_FIELDS = (
    _choice("source", _("The effect comes from"), Source.choices(exclude=(Source.RANK_ONE,))),
    _choice("target", _("The effect is aimed at"), TargetKind, TargetKind.GUARDIAN),
    _choice("target_side", _("The target is on"), (
        Choice(Side.OWN.value, msg(_("the same side as the effect's card"))),
        Choice(Side.OPPOSING.value, msg(_("the opposing side"))))),
    _flag("extends_to_opposing_side",
          _("The Schutzgottkarte's description extends its effect to the opposing side"),
          required=False),
)

def _side(name: str = "side", label: str = _("Side")) -> Field:
    return _choice(name, label, Spielfeldseite, _A)


_SITUATION_FIELDS = (
    _side("active_side", _("Side taking the active turn")),
    _group("guardians", _("Schutzgottkarten"), (
        card_text_field("Wirkung: +10 DP", "Spezial-Wirkung: Monsterkarten müssen bei der "
                        "Aktivierung 1 Energiepunkt weniger zahlen"),
        _side(), _planet_field("base_planet", _BASE),
        _planet_field("left_planet", _LEFT, False),
        _planet_field("right_planet", _RIGHT, False),
        _choice("wirkung_attribute", _ATTRIBUTE, Attribute, required=False),
        _int("wirkung_amount", _AMOUNT, -_MAX_POINTS, _MAX_POINTS),
        _choice("wirkung_scope", _SCOPE, WirkungScope, WirkungScope.BASE),
        Field("wirkung_planets", msg(_LISTED), FieldKind.MULTIPLE_CHOICE, required=False,
              choices=Planet.choices()),
        _flag("extends_to_opposing_side", _EXTENDS),
        _int("spezial_cost_change", _COST_CHANGE, -_MAX_COST, _MAX_COST),
        _flag("spezial_extends_to_opposing_side", _SPEZIAL_EXTENDS),
        _int("activated", _("Activated as number"), 1, 99, help=_(
            "Its place among the activation numbers of the listed effects (a later one has a "
            "higher number). Leave empty if it was activated before every listed effect."))),
        max_items=2, rows=1),
    _group("monsters", _("Monster cards"), (
        _side(), _planet_field("planet", _("Primary planet symbol")),
        *_bases_fields("", _ATTRIBUTES), _int("cost", _COST, 0, _MAX_COST)),
        max_items=_MAX_ITEMS, rows=2, picked=True),
    _int("attacker", _("Attacking monster (number)"), 1, _MAX_ITEMS),
    _int("target", _("Attack target (number)"), 1, _MAX_ITEMS),
    _group("effects", _("Active effects, in activation order"), (
        _choice("source", _("Source"), Source),
        _side("source_side", _("Side of the effect's card")),
        _int("activated", _("Activated as number"), 1, 99, help=_(
            "Leave empty: the position in the list. Equal numbers = activated together.")),
        _int("target_monster", _("Target monster (number)"), 1, _MAX_ITEMS),
        _choice("target_guardian", _("Target Schutzgottkarte (side)"), Spielfeldseite,
                required=False),
        _choice("attribute", _("Attribute"), Attribute, required=False,
                required_when=msg(_("for a target monster"))),
        _choice("operation", _("Operation"), Operation, Operation.ADD),
        _int("amount", _("N (points)"), 0, _MAX_POINTS,
             required_when=msg(_("for add, subtract and set on a monster")))),
        max_items=24, rows=1),
)


# --- Parsers: typed inputs to a table, once; every cross-field input error ---

#: Each choice's member by its value (a dictionary look-up is faster than calling the enum).
_MEMBER = {(kind, member.value): member for kind in (Spielfeldseite, Source, Operation,
                                                    Attribute, Planet, WirkungScope)
           for member in kind}
_LISTED_MISSING = _("Choose the planets the description names, or choose another scope.")
_COST_ZERO = _("Enter how many Energiepunkte less (negative) or more (positive) monsters pay, "
               "not 0.")
_NEED_AMOUNT = _("Enter N for add, subtract or set.")
_NEED_BASE = _("Enter the base %(attribute)s: effect %(number)s changes it.")


def _planet(value: str | None) -> Planet | None:
    return None if value is None else _MEMBER[Planet, value]


def _seen_from_a(side: str) -> Spielfeldseite:
    """A focused scenario's ``own``/``opposing`` side as seen from side A's card."""
    return _A if side == Side.OWN.value else _B


def _symbols(item: Mapping[str, Any]) -> GuardianSymbols:
    return GuardianSymbols(*(_planet(item[name + "_planet"]) for name in ("base", "left", "right")))


def _parse_wirkung(inputs: Mapping[str, Any]) -> Table:
    """``guardian-wirkung``: side A's card, monster 1 and, in a combat, monster 2 under the
    effects listed. :raises InputError: for a zero amount, no planet list or opponent planet."""
    if inputs["amount"] == 0:
        raise InputError("amount", msg(_(
            "Enter an increase (positive) or a reduction (negative), not 0.")))
    if inputs["scope"] == WirkungScope.LISTED.value and not inputs["listed_planets"]:
        raise InputError("listed_planets", msg(_LISTED_MISSING))
    symbols, role = _symbols(inputs), CombatRole(inputs["combat"])
    opponent = _planet(inputs["opponent_planet"])
    if symbols.has_negativ_positiv and role is not CombatRole.NONE and opponent is None:
        raise InputError("opponent_planet", msg(_(
            "Choose the primary planet of the other monster in the combat: the "
            "negativ-positiv-Wirkung depends on it.")))
    attribute, side = Attribute(inputs["attribute"]), _seen_from_a(inputs["monster_side"])
    guardian = Guardian(_A, symbols, Wirkung(attribute, inputs["amount"]),
                        inputs["extends_to_opposing_side"], scope=WirkungScope(inputs["scope"]),
                        listed=frozenset(Planet(p) for p in inputs["listed_planets"]))
    monsters = [Monster(1, side, Planet(inputs["monster_planet"]),
                        **{attribute.value: inputs["base_value"]})]
    effects, combat = (), None
    if role is not CombatRole.NONE and opponent is not None:
        monsters.append(Monster(2, side.other, opponent))
        named = [value for value in (*(a.value for a in Attribute), _OTHER_ATTRIBUTE)
                 if value in inputs["opponent_effects"]]
        effects = tuple(Effect(number, Source.ENERGY, side.other, number, TargetKind.MONSTER,
                               side.other, 2, None if value == _OTHER_ATTRIBUTE
                               else Attribute(value)) for number, value in enumerate(named, 1))
        combat = Combat(1, 2) if role is CombatRole.ATTACKING else Combat(2, 1)
    return Table(_A if inputs["guardian_side_active"] else _B, (guardian,), tuple(monsters),
                 combat, effects)


def _parse_wb(inputs: Mapping[str, Any]) -> Table:
    """The table of ``wirkungsbegrenzung``. :raises InputError: for a zero cost change."""
    if inputs["cost_change"] == 0:
        raise InputError("cost_change", msg(_COST_ZERO))
    limit = _planet(inputs["limit_planet"])
    guardian = Guardian(_A, GuardianSymbols(limit or Planet.VENUS, left=limit),
                        spezial_cost_change=inputs["cost_change"],
                        spezial_extends=inputs["extends_to_opposing_side"])
    return Table(_A, (guardian,), tuple(
        Monster(number, _seen_from_a(item["side"]), Planet(item["planet"]), cost=item["cost"])
        for number, item in enumerate(inputs["monsters"], start=1)), None, ())


def _parse_order(inputs: Mapping[str, Any]) -> Table:
    """``effect-order``: one monster of side A under the effects listed.
    :raises InputError: for a missing amount or base value."""
    effects = []
    for number, item in enumerate(inputs["effects"], start=1):
        operation, attribute = Operation(item["operation"]), Attribute(item["attribute"])
        if operation.needs_amount and item["amount"] is None:
            raise InputError(f"effects.{number - 1}.amount", msg(_NEED_AMOUNT))
        if inputs[name := "base_" + attribute.value] is None:
            raise InputError(name, msg(_NEED_BASE, attribute=attribute.label, number=number))
        effects.append(Effect(number, Source(item["source"]), _A, item["activated"],
                              TargetKind.MONSTER, _A, 1, attribute, operation, item["amount"]))
    monster = Monster(1, _A, Planet.VENUS, **{a.value: inputs["base_" + a.value]
                                              for a in Attribute})
    guardians = ((Guardian(_A, GuardianSymbols(Planet.VENUS)),)
                 if any(e.source.is_guardian for e in effects) else ())
    return Table(_A, guardians, (monster,), None, tuple(effects))


def _parse_immunity(inputs: Mapping[str, Any]) -> Table:
    """``guardian-immunity``: an effect from side A; a Schutzgottkarte each side.
    :raises InputError: if neither source nor target is a Schutzgottkarte."""
    source, target = Source(inputs["source"]), TargetKind(inputs["target"])
    if not source.is_guardian and target is not TargetKind.GUARDIAN:
        raise InputError("target", msg(_(
            "This scenario covers effects aimed at a Schutzgottkarte or coming from one; "
            "choose a Schutzgottkarte as source or target.")))
    side, extends = _seen_from_a(inputs["target_side"]), inputs["extends_to_opposing_side"]
    guardians = (Guardian(_A, GuardianSymbols(Planet.VENUS), extends=extends,
                          spezial_extends=extends), Guardian(_B, GuardianSymbols(Planet.MARS)))
    monster = target is TargetKind.MONSTER
    return Table(_A, guardians, (Monster(1, side, Planet.VENUS),) if monster else (), None, (
        Effect(1, source, _A, 1, target, side, 1 if monster else None, Attribute.AP),))


def _parse_situation(inputs: Mapping[str, Any]) -> Table:
    """The whole table. :raises InputError: for two Schutzgottkarten on one side, a bad
    Wirkung, combat or effect, or a base value a change needs; naming every such field at
    once (:func:`engine.core.gather`)."""
    sides = [item["side"] for item in inputs["guardians"]]
    monsters = tuple(Monster(number, _MEMBER[Spielfeldseite, m["side"]],
                             _MEMBER[Planet, m["planet"]], m["ep"], m["ap"], m["dp"], m["lp"],
                             m["cost"])
                     for number, m in enumerate(inputs["monsters"], start=1))
    _sides, guardians, combat, effects = gather(
        functools.partial(_one_per_side, sides),
        lambda: gather(*(functools.partial(_parse_guardian, index, item)
                         for index, item in enumerate(inputs["guardians"]))),
        lambda: _parse_combat(inputs, len(monsters)),
        lambda: gather(*(functools.partial(_parse_effect, index, item, sides, monsters)
                         for index, item in enumerate(inputs["effects"]))))
    gather(*(functools.partial(_base_given, guardian, monster)
             for guardian in guardians if guardian.wirkung for monster in monsters))
    return Table(_MEMBER[Spielfeldseite, inputs["active_side"]], guardians, monsters, combat,
                 effects)


def _one_per_side(sides: list[str]) -> None:
    """:raises InputError: for two Schutzgottkarten on one side."""
    if len(sides) != len(set(sides)):
        raise InputError("guardians.1.side", msg(_(  # judge round 17: say where from
            "Give at most one Schutzgottkarte per side: the chapter speaks of one per side "
            "(its Schutzgottkarten-Feld, FELD A, and \"die gegnerische Schutzgottkarte\").")))


def _base_given(guardian: Guardian, monster: Monster) -> None:
    """:raises InputError: for a base value the Wirkung of ``guardian`` changes on
    ``monster`` but the table leaves out."""
    attribute = guardian.wirkung.attribute
    if getattr(monster, attribute.value) is None and wirkung_reach(
            _Trace(_Voice.TABLE, quiet=True), guardian, monster):
        raise InputError(f"monsters.{monster.number - 1}.{attribute.value}", msg(_(
            "Enter the base %(attribute)s: the Wirkung of the Schutzgottkarte of "
            "%(side)s changes it."), attribute=attribute.label, side=guardian.side.label))


def _parse_guardian(index: int, item: Mapping[str, Any]) -> Guardian:
    """:raises InputError: for an incomplete Wirkung, a missing planet list, a zero cost."""
    path = f"guardians.{index}."
    if (item["wirkung_attribute"] is None) != (item["wirkung_amount"] in (None, 0)):
        # the error names the one of the two left out (a change of 0 counts as left out)
        missing = "wirkung_attribute" if item["wirkung_attribute"] is None else "wirkung_amount"
        raise InputError(path + missing, msg(_(
            "Give both the attribute and a change other than 0, or neither.")))
    if item["wirkung_scope"] == WirkungScope.LISTED.value and not item["wirkung_planets"]:
        raise InputError(path + "wirkung_planets", msg(_LISTED_MISSING))
    if item["spezial_cost_change"] == 0:
        raise InputError(path + "spezial_cost_change", msg(_COST_ZERO))
    wirkung = Wirkung(_MEMBER[Attribute, item["wirkung_attribute"]], item["wirkung_amount"]
                      ) if item["wirkung_attribute"] else None
    return Guardian(_MEMBER[Spielfeldseite, item["side"]], _symbols(item), wirkung,
                    item["extends_to_opposing_side"], item["spezial_cost_change"],
                    item["spezial_extends_to_opposing_side"], item.get("activated") or 0,
                    _MEMBER[WirkungScope, item["wirkung_scope"]],
                    frozenset([_MEMBER[Planet, p] for p in item["wirkung_planets"]]))


def _parse_combat(inputs: Mapping[str, Any], count: int) -> Combat | None:
    """:raises InputError: for a missing monster, half a combat or a monster attacking itself."""
    for name in ("attacker", "target"):
        if inputs[name] is not None and inputs[name] > count:
            raise InputError(name, msg(_("There is no monster number %(number)s."),
                                       number=inputs[name]))
    if (inputs["attacker"] is None) != (inputs["target"] is None):
        raise InputError("target", msg(_("Give both the attacking monster and the attack "
                                         "target, or neither.")))
    if inputs["attacker"] is not None and inputs["attacker"] == inputs["target"]:
        raise InputError("target", msg(_("A monster does not attack itself.")))
    return Combat(inputs["attacker"], inputs["target"]) if inputs["attacker"] else None


def _parse_effect(index: int, item: Mapping[str, Any], sides: list[str],
                  monsters: tuple[Monster, ...]) -> Effect:
    """One listed effect (number and default activation ``index + 1``). :raises InputError:
    for a missing or doubled target, Schutzgottkarte, value or base value."""
    path = f"effects.{index}."
    if (item["target_monster"] is None) == (item["target_guardian"] is None):
        raise InputError(path + "target_monster", msg(_(
            "Give the target: a monster number or a Schutzgottkarte, not both.")))
    side, source = _MEMBER[Spielfeldseite, item["source_side"]], _MEMBER[Source, item["source"]]
    if item["target_guardian"] is not None and item["target_guardian"] not in sides:
        target = Spielfeldseite(item["target_guardian"])
        raise InputError(path + "target_guardian", msg(_(
            "There is no Schutzgottkarte on %(side)s. Enter it under the Schutzgottkarten, or aim "
            "the effect at %(other)s."), side=target.label, other=target.other.label) if sides
            else msg(_("There is no Schutzgottkarte on %(side)s. Enter it under the "
                       "Schutzgottkarten first."), side=target.label))
    if source in _GUARDIAN_SOURCES and item["source_side"] not in sides:
        raise InputError(path + "source_side", msg(_(
            "The effect comes from a Schutzgottkarte, but there is none on %(side)s. Enter it "
            "under the Schutzgottkarten, or choose the side of the effect's card."),
            side=side.label))
    number, activated = index + 1, item["activated"] or index + 1
    if item["target_guardian"] is not None:
        return Effect(number, source, side, activated, TargetKind.GUARDIAN,
                      Spielfeldseite(item["target_guardian"]))
    if item["target_monster"] > len(monsters):
        raise InputError(path + "target_monster", msg(_(
            "There is no monster number %(number)s."), number=item["target_monster"]))
    if item["attribute"] is None:
        raise InputError(path + "attribute", msg(_("Choose the attribute.")))
    operation, attribute = _MEMBER[Operation, item["operation"]], _MEMBER[Attribute,
                                                                          item["attribute"]]
    if operation.needs_amount and item["amount"] is None:
        raise InputError(path + "amount", msg(_NEED_AMOUNT))
    monster = monsters[item["target_monster"] - 1]
    if getattr(monster, item["attribute"]) is None:  # the attribute's value names its field
        raise InputError(f"monsters.{monster.number - 1}.{attribute.value}",
                         msg(_NEED_BASE, attribute=attribute.label, number=number))
    return Effect(number, source, side, activated, TargetKind.MONSTER, monster.side,
                  monster.number, attribute, operation, item["amount"])


# --- Scenarios: the situation, and the focused scenarios as its restrictions ---

def _wirkung_values(state: _State, key: Key | None) -> tuple[Value, ...]:
    """``applies``, ``change`` (signed points), ``factor`` and, with a base value, ``result``."""
    attribute, reached = state.table.guardians[0].wirkung.attribute, state.reached[_A, 1]
    return (Value("applies", reached, msg(_("The Wirkung applies"))),
            Value("change", _exact(state.amounts[1]["wirkung-a"]) if reached else 0,
                  msg(_("Change to %(attribute)s"), attribute=attribute.label)),
            Value("factor", _exact(state.np_factor.get(1, _ONE)),
                  msg(_("Factor from the negativ-positiv-Wirkung"))),
            *(Value("result", _exact(value), msg(_("Resulting %(attribute)s"), attribute=a.label))
              for a, value in state.values[1].items() if a is attribute))


def _wirkung_notes(state: _State) -> tuple[Message, ...]:
    return tuple(msg(note) for applies, note in (
        (1 in state.np_factor, _("Only the Wirkung's change was computed; the texts say \"alle "
                                 "Reduzierungen … Erhöhungen\" and do not say whether changes "
                                 "from other cards on the monster are scaled as well.")),
        (not state.reached[_A, 1], _("Without a change from the Wirkung the "
                                     "negativ-positiv-Wirkung has nothing to double or halve.")),
        (not state.table.guardians[0].symbols.has_negativ_positiv, _(
            "The regular Wirkungskreis der Planeten-Beeinflussung is not part of this chapter "
            "and is not computed here."))) if applies)


def _wb_values(state: _State, key: Key | None) -> tuple[Value, ...]:
    """Per monster: Energiepunkte paid, the change of its cost, whether it is affected."""
    monsters = state.table.monsters
    return (Value("costs", tuple(state.costs[m.number] for m in monsters),
                  msg(_("Energiepunkte each monster pays"))),
            Value("changes", tuple(state.costs[m.number] - m.cost for m in monsters),
                  msg(_("Change of each monster's activation cost"))),
            Value("affected", tuple(state.wb_affected[m.number] for m in monsters),
                  msg(_("The Spezial-Wirkung affects the monster"))))


def _order_values(state: _State, key: Key | None) -> tuple[Value, ...]:
    """``order`` (effect numbers) and the resulting value of every attribute given."""
    return (Value("order", tuple(_keys(state.orders[1])),
                  msg(_("Evaluation order (effect numbers)"))),
            *(Value(a.value, _exact(v), msg(_("Resulting %(attribute)s"), attribute=a.label))
              for a, v in state.values[1].items()))


#: 1.2.4 › Wirkungsbegrenzung ¶1 and its example name opposite sides for the one small symbol.
_WB_SIDE = _("1.2.4 › Wirkungsbegrenzung ¶1 calls the limiting symbol the right small one, the "
             "example in ¶2 the left one; the engine does not depend on its position.")


def _wb_side_note(state: _State) -> tuple[Message, ...]:
    """The note on the side of the Wirkungsbegrenzung symbol, where a guardian has one
    (``1.2.4.wirkungsbegrenzung.p1``, ``.p2``)."""
    return (msg(_WB_SIDE),) if any(g.limit for g in state.table.guardians) else ()


_UNNUMBERED = _("The Schutzgottkarte of %(side)s has no activation number: its Wirkung is taken "
                "as activated before every listed effect. If it was activated later, give its "
                "number; the order of evaluation can change the result.")


def _meets_listed_effect(state: _State, guardian: Guardian) -> bool:
    """Whether ``guardian``'s Wirkung and a listed effect (an int key) change the same value
    of a monster the Wirkung reaches: then their activation order matters (reihenfolge ¶3)."""
    return any(isinstance(change.key, int) and change.attribute is guardian.wirkung.attribute
               for n, changes in state.changes.items() if state.reached.get((guardian.side, n))
               for change in changes)


_ALSO_LISTED = _("The Wirkung of the Schutzgottkarte of %(side)s is given in its fields and also "
                 "as listed effect %(number)s: both are applied. If they are the same change, "
                 "leave one of them out.")


def _table_notes(state: _State) -> tuple[Message, ...]:
    """The Wirkungsbegrenzung note; for each Schutzgottkarte without an activation number
    whose Wirkung meets a listed effect on the same value of a monster, what was taken
    (reihenfolge ¶3 orders by activation); and for each whose Wirkung is given in its fields
    and again as a listed effect of its side aimed at a monster, that both are applied (not a
    rule: the table cannot tell one change entered twice from a Wirkung of two parts; one
    aimed at a Schutzgottkarte or an Energiekarte changes nothing a Wirkung changes)."""
    guardians = _sides(state.table)
    return _wb_side_note(state) + tuple(
        msg(_UNNUMBERED, side=g.side.label) for g in guardians
        if g.wirkung is not None and not g.activated and _meets_listed_effect(state, g)) + tuple(
        msg(_ALSO_LISTED, side=g.side.label, number=e.number) for g in guardians
        if g.wirkung is not None for e in state.table.effects
        if e.source is Source.GUARDIAN_WIRKUNG and e.side is g.side
        and e.target is TargetKind.MONSTER)


_VIEWS = {view.slug: view for view in (
    _View("situation", _Voice.TABLE, _table_values, _table_slug, _table_notes),
    _View("guardian-wirkung", _Voice.WIRKUNG, _wirkung_values, _focused_slug, _wirkung_notes),
    _View("wirkungsbegrenzung", _Voice.WB, _wb_values, _table_slug, _wb_side_note),
    _View("effect-order", _Voice.ORDER, _order_values, _focused_slug, lambda state: (msg(_(
        "Every listed effect is taken to affect this monster; whether it does is decided by "
        "the other scenarios.")),)),
    _View("guardian-immunity", _Voice.IMMUNITY,
          lambda state, key: (Value("affects", state.affects[1],
                                    msg(_("The effect affects the card"))),), _focused_slug))}


def _scenario(slug: str, title: str, summary: str, fields: tuple[Field, ...],
              parse: Callable[[Mapping[str, Any]], Table], clauses: tuple[Clause, ...],
              examples: tuple[Example, ...] = ()) -> Scenario:
    grammar = "engine.cardtext.powerduell" if has_card_text(fields[1].fields) else None
    return Scenario(slug, GAME, msg(title), msg(summary), fields, _VIEWS[slug].rule_on,
                    citations(*clauses), examples, parse=parse, grammar=grammar)


_PD_SETUP = {"guardian_side_active": True, "base_planet": "venus", "left_planet": "mars",
             "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "base",
             "monster_planet": "venus", "monster_side": "own", "combat": "attacking",
             "opponent_effects": ["dp"]}
_FALL_1 = _("Fall 1 – negativ-Wirkung: a Venus monster attacks an Erde monster")
_FALL_2 = _("Fall 2 – positiv-Wirkung: a Venus monster attacks a Mars monster")
_WB_EXAMPLE = _("Wirkungsbegrenzung Venus: monsters pay 1 Energiepunkt less, only Venus monsters")

_WIRKUNG = _scenario(
    "guardian-wirkung", _("Wirkung and negativ-positiv-Wirkung of a Schutzgottkarte"),
    _("Which monster a Schutzgottkarte's Wirkung reaches, and how its negativ-positiv-Wirkung "
      "doubles or halves the change in a combat."), _WIRKUNG_FIELDS, _parse_wirkung,
    (C.IMMUNITY, C.WIRKUNG_ATTRIBUTES, C.WIRKUNG_SCOPE, C.NP_CARD, C.NP_RULES, C.NP_NEGATIV,
     C.NP_POSITIV, C.NP_ACTIVE_SIDE, C.WB_CARD, C.WB_RULE, C.ORDER), (
        Example("np-fall-1-negativ", msg(_FALL_1), {**_PD_SETUP, "opponent_planet": "erde"},
                {"change": 10, "factor": Fraction(1, 2)}, C.NP_ACTIVE_SIDE.cite()),
        Example("np-fall-2-positiv", msg(_FALL_2), {**_PD_SETUP, "opponent_planet": "mars"},
                {"change": 40, "factor": 2}, C.NP_ACTIVE_SIDE.cite())))
_WB = _scenario(
    "wirkungsbegrenzung", _("Wirkungsbegrenzung of a Spezial-Wirkung"),
    _("What each monster card pays on activation under a Spezial-Wirkung that changes "
      "activation costs, with or without a Wirkungsbegrenzung planet."), _WB_FIELDS, _parse_wb,
    (C.IMMUNITY, C.SPEZIAL_WIRKUNG, C.WB_CARD, C.WB_RULE), (Example(
        "wirkungsbegrenzung-venus", msg(_WB_EXAMPLE),
        {"limit_planet": "venus", "cost_change": -1,
         "monsters": [{"planet": "venus", "cost": 4, "side": "own"},
                      {"planet": "mars", "cost": 4, "side": "own"}]},
        {"changes": (-1, 0), "affected": (True, False)}, C.WB_RULE.cite()),))
_ORDER = _scenario(
    "effect-order", _("Order of evaluation of effects (Wirkungsrang)"),
    _("In which order the effects on one monster card are evaluated, and the resulting AP, DP, "
      "LP and EP."), _ORDER_FIELDS, _parse_order,
    (C.RANK, C.ORDER, C.ORDER_REGULAR, C.IMMUNITY, C.WIRKUNG_ATTRIBUTES), (Example(
        "energiekarte-after-wirkung", msg(_(
            "An Energiekarte is activated on a monster already under a Schutzgottkarte's "
            "Wirkung: the Energiekarte is evaluated first")),
        {"base_ap": 100, "effects": [
            {"source": "guardian-wirkung", "activated": 1, "attribute": "ap",
             "operation": "add", "amount": 20},
            {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]},
        {"order": (2, 1)}, C.ORDER.cite()),))
_IMMUNITY = _scenario(
    "guardian-immunity", _("Immunity of Schutzgottkarten and reach of their effects"),
    _("Whether an effect reaches a Schutzgottkarte, and whether a Schutzgottkarte's effect "
      "reaches a card on either side."), _IMMUNITY_FIELDS, _parse_immunity,
    (C.IMMUNITY, C.WIRKUNG_ATTRIBUTES, C.WIRKUNG_SCOPE, C.SPEZIAL_WIRKUNG))


_PD_GUARDIAN = {"side": "a", "base_planet": "venus", "left_planet": "mars",
                "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20}


def _pd_case(target_planet: str, attacker_planet: str = "venus",
             target_effects: bool = True) -> dict[str, Any]:
    """PD-1..PD-4: side A active, its Venus/Mars/Erde Schutzgottkarte, a combat."""
    return {"active_side": "a", "guardians": [_PD_GUARDIAN],
            "monsters": [{"side": "a", "planet": attacker_planet, "ap": 100},
                         {"side": "b", "planet": target_planet, "dp": 100}],
            "attacker": 1, "target": 2,
            "effects": ([{"source": "energy", "source_side": "b", "target_monster": 2,
                          "attribute": "dp", "operation": "add", "amount": 10}]
                        if target_effects else [])}


SITUATION = _scenario(
    "situation", _("The table: both Schutzgottkarten, monsters, combat and effects"),
    _("Every card's final values and costs when the rules of chapter 1.2.4 act together, with "
      "each change's order, Wirkungsrang and negativ-positiv factor, and every reading where "
      "the texts are open."), _SITUATION_FIELDS, _parse_situation,
    tuple(dict.fromkeys(c for s in (_WIRKUNG, _WB, _ORDER, _IMMUNITY) for c in s.citations)), (
        Example("pd-1", msg(_FALL_1), _pd_case("erde"), {
            "monster_1_wirkung_change": 10, "monster_1_ap": 110,
            "monster_1_np_factor": Fraction(1, 2)}, C.NP_NEGATIV.cite()),
        Example("pd-2", msg(_FALL_2), _pd_case("mars"), {
            "monster_1_wirkung_change": 40, "monster_1_ap": 140, "monster_1_np_factor": 2},
            C.NP_POSITIV.cite()),
        Example("pd-3", msg(_("As Fall 2, but the attack target is under no effect")),
                _pd_case("mars", target_effects=False),
                {"monster_1_wirkung_change": 20, "monster_1_ap": 120}, C.NP_RULES.cite()),
        Example("pd-4", msg(_("As Fall 1, but the attacking monster is a Merkur monster")),
                _pd_case("erde", attacker_planet="merkur"),
                {"monster_1_wirkung_change": 0, "monster_1_ap": 100}, C.WIRKUNG_SCOPE.cite()),
        Example("pd-5", msg(_WB_EXAMPLE), {
            "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "venus",
                           "spezial_cost_change": -1}],
            "monsters": [{"side": "a", "planet": "venus", "cost": 4},
                         {"side": "a", "planet": "mars", "cost": 4}]},
            {"monster_1_cost": 3, "monster_2_cost": 4}, C.WB_RULE.cite()),
        Example("pd-6", msg(_("An Energiekarte halves the AP of a monster already under the "
                              "Wirkung +20 AP")), {
            "guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
                           "wirkung_amount": 20}],
            "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
            "effects": [{"source": "energy", "target_monster": 1, "attribute": "ap",
                         "operation": "halve"}]},
            {"monster_1_ap": 70, "monster_1_order": (1, "wirkung-a")}, C.ORDER.cite()),
        Example("pd-7", msg(_("Effects aimed at a Schutzgottkarte from an Energiekarte, a "
                              "Monsterkarte, a Gravitations-Energiekarte and the opposing "
                              "Schutzgottkarte")), {
            "guardians": [{"side": "a", "base_planet": "venus"},
                          {"side": "b", "base_planet": "mars"}],
            "effects": [{"source": source, "source_side": "b", "target_guardian": "a"}
                        for source in ("energy", "monster", "gravitation-energy",
                                       "guardian-spezial-wirkung")]},
            {"effect_1_affects": False, "effect_2_affects": False, "effect_3_affects": True,
             "effect_4_affects": False}, C.IMMUNITY.cite())))

RULESET = Ruleset(GAME, msg(_("Power-Duell")), (DOCUMENT,),
                  (_WIRKUNG, _WB, _ORDER, _IMMUNITY, SITUATION),
                  rules=RULES, uncovered=UNCOVERED, terms=TERMS)

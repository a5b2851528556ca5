"""Power-Duell, chapter 1.2.4 "Schutzgottkarten": the guardian-card rules.

Four scenarios, each citing the clauses of the document
``DocumentRef("power-duell", "schutzgottkarten")`` (seed text, version 1):

``guardian-wirkung``
    A Schutzgottkarte's Wirkung on one monster card, with the card's
    negativ-positiv-Wirkung when the monster is in a combat
    (``1.2.4.effekte-der-schutzgottkarte.*``, ``1.2.4.negativ-positiv-wirkung.*``).
``wirkungsbegrenzung``
    A Spezial-Wirkung that changes what monster cards pay on activation,
    limited by the Wirkungsbegrenzung planet (``1.2.4.wirkungsbegrenzung.*``).
``effect-order``
    The order in which a stack of effects on one monster is evaluated, and
    the resulting values (``1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.*``).
``guardian-immunity``
    Whether an effect from a given source reaches a Schutzgottkarte, and
    whether a Schutzgottkarte's effect reaches a card (``1.2.4.kartenaufbau.p3``).

The negativ-positiv reading chain, modelled on the text's own example
(left Mars, base Merkur, right Erde): positiv is read from left to right,
negativ from right to left.

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
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from engine.core import (
    Choice, Citation, DocumentRef, Example, Field, FieldKind, InputError,
    Labelled, Message, Outcome, Reading, Ruleset, Ruling, Scenario, Step, Value, _,
    card_text_may_override, msg, not_covered,
)

__all__ = [
    "DOCUMENT", "Clause", "Planet", "Side", "Attribute", "Influence",
    "CombatRole", "WirkungScope", "Source", "Operation", "GuardianSymbols",
    "influences", "np_factor", "RULESET",
]

GAME = "power-duell"
DOCUMENT = DocumentRef(GAME, "schutzgottkarten")

#: Largest point value accepted for AP/DP/LP/EP and effect amounts.
_MAX_POINTS = 99_999
#: Largest activation cost accepted, in Energiepunkte.
_MAX_COST = 999
#: Most monsters / effects a judge can list in one scenario.
_MAX_ITEMS = 12


# --------------------------------------------------------------------------
# Clauses
# --------------------------------------------------------------------------

class Clause(enum.Enum):
    """The clause keys of chapter 1.2.4 this module cites (seed version 1)."""

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

    def cite(self) -> Citation:
        """Return the :class:`Citation` of this clause (version 1)."""
        return _CITATIONS[self]


_CITATIONS = {clause: DOCUMENT.cite(clause.value) for clause in Clause}


@functools.lru_cache(maxsize=None)
def _cites(*clauses: Clause) -> tuple[Citation, ...]:
    """The citations of ``clauses`` (cached: citations are immutable values)."""
    return tuple(_CITATIONS[clause] for clause in clauses)


# --------------------------------------------------------------------------
# Domain primitives
# --------------------------------------------------------------------------

class Planet(Labelled):
    """A planet symbol (Basis-, primäres or small Planetensymbol).

    The chapter names Merkur, Venus, Erde and Mars; the others complete the
    solar system so that a judge can describe any card.
    """

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
    """A card's Spielfeldseite, seen from the Schutzgottkarte's owner."""

    OWN = ("own", _("own side (the Schutzgottkarte's side)"))
    OPPOSING = ("opposing", _("opposing side"))


class Attribute(Labelled):
    """A Grund-Attribut of a monster card a Wirkung may change (points)."""

    EP = ("ep", _("EP (Energiepunkte)"))
    AP = ("ap", _("AP"))
    DP = ("dp", _("DP"))
    LP = ("lp", _("LP"))


#: Choice value for "an effect on some other attribute" of the attack target.
_OTHER_ATTRIBUTE = "other"


class Influence(enum.Enum):
    """The two halves of a negativ-positiv-Wirkung."""

    NEGATIV = "negativ"
    POSITIV = "positiv"


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
        return self is Source.GUARDIAN_WIRKUNG or self is Source.GUARDIAN_SPEZIAL


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
        return self in (Operation.ADD, Operation.SUBTRACT, Operation.SET)


@dataclass(frozen=True)
class GuardianSymbols:
    """The planet symbols of a Schutzgottkarte.

    ``base`` is the Basis-Planetensymbol; ``left``/``right`` the small
    symbols (positiv-Wirkung left, negativ-Wirkung right, see
    ``1.2.4.negativ-positiv-wirkung.p2``), ``None`` when absent.
    """

    base: Planet
    left: Planet | None = None
    right: Planet | None = None

    @property
    def has_negativ_positiv(self) -> bool:
        """True if the card has both small symbols (``...negativ-positiv-wirkung.p1``)."""
        return self.left is not None and self.right is not None

    @property
    def single_small_symbol(self) -> Planet | None:
        """The one small symbol of a Wirkungsbegrenzung card, else ``None``."""
        if (self.left is None) == (self.right is None):
            return None
        return self.left if self.left is not None else self.right


def influences(card: GuardianSymbols, source: Planet, affected: Planet) -> frozenset[Influence]:
    """Return how ``source`` acts on ``affected`` along the card's reading chain.

    Implements the reading direction of ``1.2.4.negativ-positiv-wirkung.p2``:
    positiv is read left to right (left → base → right), negativ right to
    left (right → base → left); a planet acts on the next one in reading
    direction.  Empty if the card has no negativ-positiv-Wirkung.

    >>> card = GuardianSymbols(Planet.VENUS, left=Planet.MARS, right=Planet.ERDE)
    >>> influences(card, Planet.ERDE, Planet.VENUS) == {Influence.NEGATIV}
    True
    >>> influences(card, Planet.MARS, Planet.VENUS) == {Influence.POSITIV}
    True
    >>> influences(card, Planet.MARS, Planet.ERDE)
    frozenset()
    """
    if not card.has_negativ_positiv:
        return frozenset()
    chains = {
        Influence.POSITIV: (card.left, card.base, card.right),
        Influence.NEGATIV: (card.right, card.base, card.left),
    }
    return frozenset(
        influence for influence, chain in chains.items()
        if (source, affected) in zip(chain, chain[1:]))


def np_factor(influence: Influence, change: int | Fraction) -> Fraction:
    """Return the factor a negativ-/positiv-Wirkung applies to ``change``.

    negativ: reductions doubled, increases halved (``...negativ-positiv-wirkung.p3``);
    positiv: reductions halved, increases doubled (``...p4``).

    :raises ValueError: if ``change`` is 0 (neither increase nor reduction).

    >>> np_factor(Influence.NEGATIV, 20), np_factor(Influence.POSITIV, -20)
    (Fraction(1, 2), Fraction(1, 2))
    """
    if change == 0:
        raise ValueError("a change of 0 is neither an increase nor a reduction")
    increase = change > 0
    if influence is Influence.NEGATIV:
        return Fraction(1, 2) if increase else Fraction(2)
    return Fraction(2) if increase else Fraction(1, 2)


# --------------------------------------------------------------------------
# Shared helpers
# --------------------------------------------------------------------------

def _exact(value: int | Fraction) -> int | Fraction:
    """Return ``value`` as an ``int`` when it is whole, else the Fraction."""
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


def _text(value: int | Fraction) -> str:
    return str(_exact(value))


def _signed(value: int | Fraction) -> str:
    value = _exact(value)
    return f"+{value}" if value > 0 else str(value)


def _planet_list(planets: Iterable[Planet]) -> str:
    return ", ".join(p.value.capitalize() for p in planets)


def _planet_field(name: str, label: Message, required: bool = True,
                  help: Message | None = None) -> Field:
    return Field(name, label, FieldKind.CHOICE, help=help, required=required,
                 choices=Planet.choices())


def _side_field(name: str, label: Message) -> Field:
    return Field(name, label, FieldKind.CHOICE, choices=Side.choices(),
                 default=Side.OWN.value)


def _planet(value: str | None) -> Planet | None:
    return None if value is None else Planet(value)


# --------------------------------------------------------------------------
# Scenario 1: Wirkung and negativ-positiv-Wirkung
# --------------------------------------------------------------------------

_WIRKUNG_FIELDS = (
    Field("guardian_side_active", msg(_("The Schutzgottkarte's side is taking its turn")),
          FieldKind.BOOLEAN, default=True,
          help=msg(_("Only the negativ-positiv-Wirkung of the active side counts."))),
    _planet_field("base_planet", msg(_("Basis-Planetensymbol of the Schutzgottkarte"))),
    _planet_field("left_planet", msg(_("Small left planet symbol (positiv-Wirkung)")),
                  required=False, help=msg(_("Leave empty if the card has none."))),
    _planet_field("right_planet", msg(_("Small right planet symbol (negativ-Wirkung)")),
                  required=False, help=msg(_("Leave empty if the card has none."))),
    Field("attribute", msg(_("Attribute the Wirkung changes")), FieldKind.CHOICE,
          choices=Attribute.choices(), default=Attribute.AP.value),
    Field("amount", msg(_("Change made by the Wirkung (points)")), FieldKind.INTEGER,
          minimum=-_MAX_POINTS, maximum=_MAX_POINTS,
          help=msg(_("Positive for an increase (+20), negative for a reduction (-20)."))),
    Field("scope", msg(_("Monsters the Wirkung's description names")), FieldKind.CHOICE,
          choices=WirkungScope.choices(), default=WirkungScope.BASE.value),
    Field("listed_planets", msg(_("Planets named by the description")),
          FieldKind.MULTIPLE_CHOICE, required=False, choices=Planet.choices(),
          help=msg(_("Only used when the description names planets."))),
    Field("extends_to_opposing_side",
          msg(_("The description extends the Wirkung to the opposing side")),
          FieldKind.BOOLEAN, required=False),
    _planet_field("monster_planet", msg(_("Primary planet symbol of the affected monster"))),
    _side_field("monster_side", msg(_("Side of the affected monster"))),
    Field("combat", msg(_("The affected monster is")), FieldKind.CHOICE,
          choices=CombatRole.choices(), default=CombatRole.NONE.value),
    _planet_field("opponent_planet",
                  msg(_("Primary planet symbol of the other monster in the combat")),
                  required=False,
                  help=msg(_("The attack target when the affected monster attacks."))),
    Field("opponent_effects", msg(_("The other monster is under effects changing")),
          FieldKind.MULTIPLE_CHOICE, required=False,
          choices=Attribute.choices() + (
              Choice(_OTHER_ATTRIBUTE, msg(_("another attribute only"))),),
          help=msg(_("Leave empty if it is under no effect."))),
    Field("base_value", msg(_("Value of the attribute before the Wirkung (points)")),
          FieldKind.INTEGER, required=False, minimum=0, maximum=_MAX_POINTS,
          help=msg(_("Optional: gives the resulting value."))),
)


def _check_wirkung(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for a zero amount, a missing planet list, or a missing
        opponent planet when a negativ-positiv-Wirkung needs it."""
    if inputs["amount"] == 0:
        raise InputError("amount", msg(_(
            "Enter an increase (positive) or a reduction (negative), not 0.")))
    if inputs["scope"] == WirkungScope.LISTED.value and not inputs["listed_planets"]:
        raise InputError("listed_planets", msg(_(
            "Choose the planets the description names, or choose another scope.")))
    has_np = inputs["left_planet"] is not None and inputs["right_planet"] is not None
    if has_np and inputs["combat"] != CombatRole.NONE.value and inputs["opponent_planet"] is None:
        raise InputError("opponent_planet", msg(_(
            "Choose the primary planet of the other monster in the combat: the "
            "negativ-positiv-Wirkung depends on it.")))


def _np_scope_open(card: GuardianSymbols, inputs: Mapping[str, Any]) -> bool:
    """Whether the description of a card with negativ-positiv-Wirkung names other
    monsters than its own of the Basis-Planetensymbol (open point ``np-scope``)."""
    return card.has_negativ_positiv and (
        WirkungScope(inputs["scope"]) is not WirkungScope.BASE
        or bool(inputs["extends_to_opposing_side"]))


def _wirkung_reach(card: GuardianSymbols, inputs: Mapping[str, Any],
                   steps: list[Step], np_limit: bool = True, readings: bool = False) -> bool:
    """Decide whether the Wirkung reaches the monster; append the steps.

    ``np_limit`` is the reading of open point ``np-scope``: true, the
    negativ-positiv rule ("gilt nur für eigene Monsterkarten" of the
    Basis-Symbol) limits the Wirkung of such a card; false, the description
    prevails ("Wenn in der Effektbeschreibung nichts anderes beschrieben wird").
    ``readings`` says whether the caller shows both readings (the silent
    step says so), or only the first (the step names it as assumed).
    """
    monster_planet = Planet(inputs["monster_planet"])
    side = Side(inputs["monster_side"])
    scope = WirkungScope(inputs["scope"])
    extends = inputs["extends_to_opposing_side"]
    listed = frozenset(Planet(p) for p in inputs["listed_planets"])
    if card.has_negativ_positiv and np_limit:
        if _np_scope_open(card, inputs):
            steps.append(Step(
                Outcome.SILENT,
                msg(_("The Wirkung of a card with negativ-positiv-Wirkung applies only to own "
                      "monster cards of its Basis-Planetensymbol.")),
                _cites(Clause.NP_RULES, Clause.WIRKUNG_SCOPE, Clause.IMMUNITY),
                msg(_("The description names other monsters, while the negativ-positiv rules "
                      "limit the Wirkung of such a card to own monsters of its "
                      "Basis-Planetensymbol; the texts do not say which prevails. The ruling "
                      "follows the negativ-positiv rules; both readings are shown."))
                if readings else
                msg(_("The description names other monsters, while the negativ-positiv rules "
                      "limit the Wirkung without exception; the engine let that limit "
                      "prevail."))))
        if side is Side.OPPOSING:
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The Wirkung of a card with negativ-positiv-Wirkung does not reach a "
                      "monster of the opposing side.")),
                _cites(Clause.NP_RULES, Clause.IMMUNITY),
                msg(_("The monster is not an own monster card of the Schutzgottkarte's side."))))
            return False
        if monster_planet is not card.base:
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The Wirkung does not reach a monster of this planet.")),
                _cites(Clause.WIRKUNG_SCOPE, Clause.NP_RULES),
                msg(_("Its primary planet symbol %(planet)s is not the Basis-Planetensymbol "
                      "%(base)s."), planet=monster_planet.label, base=card.base.label)))
            return False
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The Wirkung reaches the monster: an own monster card whose primary planet "
                  "symbol %(planet)s is the Basis-Planetensymbol."), planet=monster_planet.label),
            _cites(Clause.WIRKUNG_SCOPE, Clause.NP_RULES)))
        return True

    if side is Side.OPPOSING and not extends:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The Wirkung does not reach a monster of the opposing side.")),
            _cites(Clause.IMMUNITY),
            msg(_("Effects of Schutzgottkarten apply only to their own side unless the "
                  "description says otherwise; the monster is on the opposing side."))))
        return False
    if side is Side.OPPOSING:
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The description extends the Wirkung to the opposing side.")),
            _cites(Clause.IMMUNITY)))
    if scope is WirkungScope.BASE:
        reached = monster_planet is card.base
        if not reached:
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The Wirkung does not reach a monster of this planet.")),
                _cites(Clause.WIRKUNG_SCOPE),
                msg(_("Its primary planet symbol %(planet)s is not the Schutzgottkarte's "
                      "planet %(base)s."), planet=monster_planet.label, base=card.base.label)))
            return False
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The Wirkung reaches the monster: its primary planet symbol %(planet)s is "
                  "the Schutzgottkarte's planet."), planet=monster_planet.label),
            _cites(Clause.WIRKUNG_SCOPE)))
        return True
    if scope is WirkungScope.ALL:
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The Wirkung reaches the monster: its description names all monster cards.")),
            _cites(Clause.WIRKUNG_SCOPE)))
        return True
    if monster_planet not in listed:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The Wirkung does not reach a monster of this planet.")),
            _cites(Clause.WIRKUNG_SCOPE),
            msg(_("Its primary planet symbol %(planet)s is not among the planets the "
                  "description names (%(planets)s)."),
                planet=monster_planet.label,
                planets=_planet_list(sorted(listed, key=list(Planet).index)))))
        return False
    steps.append(Step(
        Outcome.APPLIED,
        msg(_("The Wirkung reaches the monster: its description names monsters of %(planet)s."),
            planet=monster_planet.label),
        _cites(Clause.WIRKUNG_SCOPE)))
    return True


def _np_influence(card: GuardianSymbols, inputs: Mapping[str, Any],
                  steps: list[Step], attacker_decides: bool = True,
                  readings: bool = False) -> frozenset[Influence]:
    """Check the conditions of ``...negativ-positiv-wirkung.p2``/``p5``; append the steps.

    ``attacker_decides`` is the reading of open point ``np-defending`` for a
    defending monster: true, the attacking monster takes the place of the
    attack target (its planet and effects decide); false, the defending
    monster is itself the attack target (its own planet decides, and it is
    under an effect on the attribute: the Wirkung's own).  ``readings`` says
    whether the caller shows both readings, as for :func:`_wirkung_reach`.
    """
    if not card.has_negativ_positiv:
        single = card.single_small_symbol
        if single is not None:
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("No negativ-positiv-Wirkung.")),
                _cites(Clause.NP_CARD, Clause.WB_CARD, Clause.WB_RULE),
                msg(_("The card has one small planet symbol (%(planet)s): that is a "
                      "Wirkungsbegrenzung, which limits only the Spezial-Wirkung."),
                    planet=single.label)))
        else:
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("No negativ-positiv-Wirkung.")),
                _cites(Clause.NP_CARD),
                msg(_("The card does not have two small planet symbols."))))
        return frozenset()

    steps.append(Step(
        Outcome.APPLIED,
        msg(_("The card has two small planet symbols: a Schutzgottkarte with "
              "negativ-positiv-Wirkung (positiv %(left)s, negativ %(right)s)."),
            left=card.left.label, right=card.right.label),
        _cites(Clause.NP_CARD)))
    steps.append(Step(
        Outcome.SILENT,
        msg(_("The Wirkungskreis der Planeten-Beeinflussung is außer Kraft gesetzt for the "
              "side of this card.")),
        _cites(Clause.NP_RULES, Clause.NP_ACTIVE_SIDE),
        msg(_("That Wirkungskreis is defined outside this chapter; the engine assumed it is "
              "suspended for this side on both players' turns and computes only this card's "
              "negativ-positiv-Wirkung."))))

    failed = False
    if inputs["guardian_side_active"]:
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The Schutzgottkarte's side is taking the active turn: its "
                  "negativ-positiv-Wirkung counts.")),
            _cites(Clause.NP_ACTIVE_SIDE)))
    else:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The negativ-positiv-Wirkung of this card does not count.")),
            _cites(Clause.NP_ACTIVE_SIDE),
            msg(_("Its side is not the side taking the active turn."))))
        failed = True
    combat = CombatRole(inputs["combat"])
    if combat is CombatRole.NONE:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The negativ-positiv-Wirkung does not affect the monster.")),
            _cites(Clause.NP_RULES),
            msg(_("The monster is not in a combat."))))
        return frozenset()
    # The monster whose planet and effects decide: the attack target, or for a
    # defending monster (the texts name only the Angriffsziel) the attacker.
    attacker = combat is CombatRole.DEFENDING and attacker_decides
    if attacker:
        steps.append(Step(
            Outcome.SILENT,
            msg(_("The attacking monster was taken in place of the attack target.")),
            _cites(Clause.NP_RULES),
            msg(_("The texts name only the attack target (Angriffsziel), and the defending "
                  "monster is itself the attack target; they do not say whether its own planet "
                  "or the attacking monster's decides. The ruling takes the attacking "
                  "monster's planet and effects; both readings are shown.")) if readings else
            msg(_("The texts name only the attack target (Angriffsziel); for a defending "
                  "monster the engine assumed the planet and effects of the attacking "
                  "monster decide."))))
    if combat is CombatRole.DEFENDING and not attacker_decides:
        target = Planet(inputs["monster_planet"])
        # it is under the Wirkung's own effect, and any other effects it is under
        counted = sorted({Attribute(e) for e in inputs.get("own_effects", ())}
                         | ({Attribute(inputs["attribute"])} if "attribute" in inputs else set()),
                         key=list(Attribute).index)
    else:
        target = Planet(inputs["opponent_planet"])
        counted = sorted((Attribute(e) for e in inputs["opponent_effects"]
                          if e != _OTHER_ATTRIBUTE), key=list(Attribute).index)
    if not counted:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The negativ-positiv-Wirkung does not affect the monster.")),
            _cites(Clause.NP_RULES),
            msg(_("The attacking monster, taken in place of the attack target, is under no "
                  "effect that changes its Energiepunkte-, AP-, DP- or LP-Werte.")) if attacker
            else msg(_("The attack target is under no effect that changes its Energiepunkte-, "
                       "AP-, DP- or LP-Werte."))))
        failed = True
    matched = set()
    if target is card.right:
        matched.add(Influence.NEGATIV)
    if target is card.left:
        matched.add(Influence.POSITIV)
    if not matched:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The negativ-positiv-Wirkung does not affect the monster.")),
            _cites(Clause.NP_RULES),
            msg(_("The attacking monster's primary planet symbol %(target)s is neither the "
                  "small right symbol %(right)s (negativ) nor the small left symbol %(left)s "
                  "(positiv).") if attacker else
                _("The attack target's primary planet symbol %(target)s is neither the small "
                  "right symbol %(right)s (negativ) nor the small left symbol %(left)s "
                  "(positiv)."), target=target.label, right=card.right.label,
                left=card.left.label)))
        failed = True
    if failed:
        return frozenset()

    monster = Planet(inputs["monster_planet"])
    attributes = ", ".join(a.value.upper() for a in counted)
    for influence in sorted(matched, key=list(Influence).index):
        symbol = msg(_("small right symbol (negativ-Wirkung)")) if influence is Influence.NEGATIV \
            else msg(_("small left symbol (positiv-Wirkung)"))
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("negativ-positiv conditions met: the monster is in a combat, the attacking "
                  "monster (taken in place of the attack target) is under an effect on "
                  "%(attributes)s and its primary planet symbol %(target)s is the "
                  "%(symbol)s.") if attacker else
                _("negativ-positiv conditions met: the monster is in a combat, the attack "
                  "target is under an effect on %(attributes)s and its primary planet symbol "
                  "%(target)s is the %(symbol)s."),
                attributes=attributes, target=target.label, symbol=symbol),
            _cites(Clause.NP_RULES)))
        if influence not in influences(card, target, monster):  # degenerate symbol sets
            continue
        if influence is Influence.NEGATIV:
            steps.append(Step(
                Outcome.APPLIED,
                msg(_("Read from right to left (%(right)s → %(base)s → %(left)s): %(target)s "
                      "wirkt negativ auf %(monster)s."),
                    right=card.right.label, base=card.base.label, left=card.left.label,
                    target=target.label, monster=monster.label),
                _cites(Clause.NP_RULES)))
        else:
            steps.append(Step(
                Outcome.APPLIED,
                msg(_("Read from left to right (%(left)s → %(base)s → %(right)s): %(target)s "
                      "wirkt positiv auf %(monster)s."),
                    right=card.right.label, base=card.base.label, left=card.left.label,
                    target=target.label, monster=monster.label),
                _cites(Clause.NP_RULES)))
    if len(matched) == 2:
        steps.append(Step(
            Outcome.SILENT,
            msg(_("Both negativ-Wirkung and positiv-Wirkung were applied.")),
            _cites(Clause.NP_RULES, Clause.NP_NEGATIV, Clause.NP_POSITIV),
            msg(_("The attack target's planet is both small symbols; the engine applied both, "
                  "so doubling and halving cancel out."))))
    return frozenset(matched)


def _np_considered(step: Step, checks: Sequence[Step] | None, first: int,
                   message_id: str) -> Step:
    """``step`` (one that gives a number), saying why the negativ-positiv-Wirkung
    does not change that number when ``checks`` (its steps, numbered from
    ``first``) found a condition not met.

    The step's message becomes ``message_id`` (its own parameters plus
    ``why``, the first failed condition's reason), it also cites the clauses
    of the failed checks, and ``see`` points to them.  Otherwise (``checks``
    ``None`` or no failed check) ``step`` is returned as it is.
    """
    failed = [(first + index, check) for index, check in enumerate(checks or ())
              if check.outcome is Outcome.NOT_APPLICABLE]
    if not failed:
        return step
    citations = tuple(dict.fromkeys(step.citations + tuple(
        citation for _number, check in failed for citation in check.citations)))
    return Step(step.outcome, Message(message_id, tuple(sorted(
        step.message.params + (("why", failed[0][1].reason),)))), citations,
        step.reason, tuple(number for number, _check in failed))


def _evaluate_wirkung(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on a Wirkung's change to one monster's attribute (points).

    Implements ``1.2.4.kartenaufbau.p3`` (own side), ``1.2.4.effekte-der-
    schutzgottkarte.p2``/``p3`` (what and whom a Wirkung changes) and
    ``1.2.4.negativ-positiv-wirkung.p1``–``p5``.  Values: ``applies``,
    ``change`` (signed points, exact), ``factor`` and, with a base value,
    ``result``.

    Two points the texts leave open get a :class:`Reading` each, computed by
    the same rules under the other reading (the ruling follows the first):

    - ``np-scope``: the description of a card with negativ-positiv-Wirkung
      names other monsters — does the negativ-positiv rule "gilt nur für
      eigene Monsterkarten" of the Basis-Symbol limit it, or does the
      description prevail ("Wenn in der Effektbeschreibung nichts anderes
      beschrieben wird", "Sofern nicht anders in der Beschreibung festgelegt")?
    - ``np-defending``: the monster defends — does the attacking monster's
      planet decide (in place of the attack target) or its own, as it is
      itself the attack target?
    """
    card = GuardianSymbols(Planet(inputs["base_planet"]), _planet(inputs["left_planet"]),
                           _planet(inputs["right_planet"]))
    ruling = _wirkung_ruling(card, inputs)
    readings: list[Reading] = []
    if _np_scope_open(card, inputs):
        other = _wirkung_ruling(card, inputs, np_limit=False)
        readings += [
            Reading("np-scope", msg(_("The negativ-positiv rule limits the Wirkung to own "
                                      "monsters of the Basis-Planetensymbol")),
                    ruling.values, _cites(Clause.NP_RULES), True,
                    msg(_("1.2.4 › negativ-positiv-Wirkung ¶2 is written for exactly this kind "
                          "of card and says the Wirkung \"gilt nur für eigene Monsterkarten\" "
                          "of the Basis-Symbol, without an exception for the description."))),
            Reading("np-scope", msg(_("The description prevails: the Wirkung reaches the "
                                      "monsters it names")),
                    other.values, _cites(Clause.WIRKUNG_SCOPE, Clause.IMMUNITY))]
    if (card.has_negativ_positiv and ruling.value("applies")
            and CombatRole(inputs["combat"]) is CombatRole.DEFENDING):
        other = _wirkung_ruling(card, inputs, attacker_decides=False)
        readings += [
            Reading("np-defending", msg(_("The attacking monster's planet and effects decide, "
                                          "in place of the attack target")),
                    ruling.values, _cites(Clause.NP_RULES), True,
                    msg(_("The negativ-positiv-Wirkung is read as one planet acting on another "
                          "(\"Erde wirkt negativ auf Venus\"): the other monster in the combat "
                          "acts on the monster under the Wirkung."))),
            Reading("np-defending", msg(_("The defending monster is itself the attack target: "
                                          "its own planet decides")),
                    other.values, _cites(Clause.NP_RULES))]
    return Ruling(ruling.scenario, ruling.values, ruling.steps, ruling.notes, tuple(readings))


def _wirkung_ruling(card: GuardianSymbols, inputs: Mapping[str, Any], np_limit: bool = True,
                    attacker_decides: bool = True) -> Ruling:
    """The ruling of :func:`_evaluate_wirkung` under one reading of each open point
    (see :func:`_wirkung_reach` and :func:`_np_influence`), without readings."""
    attribute = Attribute(inputs["attribute"])
    amount: int | Fraction = inputs["amount"]
    steps: list[Step] = []
    notes: list[Message] = []

    reached = _wirkung_reach(card, inputs, steps, np_limit, readings=True)
    change: int | Fraction = 0
    factor: int | Fraction = 1
    if reached:
        np_steps: list[Step] = []
        matched = _np_influence(card, inputs, np_steps, attacker_decides, readings=True)
        # The step that gives the change says at once why it is not doubled or
        # halved, citing the condition that failed and pointing to its check.
        steps.append(_np_considered(
            Step(Outcome.APPLIED,
                 msg(_("The Wirkung changes the monster's %(attribute)s by %(amount)s."),
                     attribute=attribute.label, amount=_signed(amount)),
                 _cites(Clause.WIRKUNG_ATTRIBUTES)),
            None if matched else np_steps, len(steps) + 2,
            _("The Wirkung changes the monster's %(attribute)s by %(amount)s. The "
              "negativ-positiv-Wirkung was considered and does not apply: %(why)s")))
        steps.extend(np_steps)
        change = amount
        exact = Fraction(amount)
        for influence in sorted(matched, key=list(Influence).index):
            step_factor = np_factor(influence, exact)
            before, exact = exact, exact * step_factor
            increase = amount > 0
            if influence is Influence.NEGATIV:
                clause = Clause.NP_NEGATIV
                message_id = (
                    _("negativ-Wirkung: the increase is halved, %(before)s → %(after)s.")
                    if increase else
                    _("negativ-Wirkung: the reduction is doubled, %(before)s → %(after)s."))
            else:
                clause = Clause.NP_POSITIV
                message_id = (
                    _("positiv-Wirkung: the increase is doubled, %(before)s → %(after)s.")
                    if increase else
                    _("positiv-Wirkung: the reduction is halved, %(before)s → %(after)s."))
            message = msg(message_id, before=_signed(before), after=_signed(exact))
            steps.append(Step(Outcome.APPLIED, message, _cites(clause)))
            if exact.denominator != 1:
                steps.append(Step(
                    Outcome.SILENT,
                    msg(_("Halving %(before)s gives %(after)s."),
                        before=_signed(before), after=_signed(exact)),
                    _cites(clause),
                    msg(_("The texts do not say how to round half points; the engine kept the "
                          "exact value."))))
        change = _exact(exact)
        factor = _exact(exact / amount)
        if matched:
            notes.append(msg(_("Only the Wirkung's change was computed; the texts say \"alle "
                               "Reduzierungen … Erhöhungen\" and do not say whether changes "
                               "from other cards on the monster are scaled as well.")))
    else:
        notes.append(msg(_("Without a change from the Wirkung the negativ-positiv-Wirkung has "
                           "nothing to double or halve.")))
    if not card.has_negativ_positiv:
        notes.append(msg(_("The regular Wirkungskreis der Planeten-Beeinflussung is not part of "
                           "this chapter and is not computed here.")))

    values = [
        Value("applies", reached, msg(_("The Wirkung applies"))),
        Value("change", change, msg(_("Change to %(attribute)s"), attribute=attribute.label)),
        Value("factor", factor, msg(_("Factor from the negativ-positiv-Wirkung"))),
    ]
    base_value = inputs["base_value"]
    if base_value is not None:
        result = _exact(base_value + Fraction(change))
        if reached:
            steps.append(Step(
                Outcome.APPLIED,
                msg(_("The Wirkung gives %(attribute)s %(before)s %(change)s = %(after)s."),
                    attribute=attribute.label, before=base_value, change=_signed(change),
                    after=_text(result)),
                _cites(Clause.WIRKUNG_ATTRIBUTES)))
        if result < 0:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("The value is below 0.")),
                _cites(Clause.WIRKUNG_ATTRIBUTES),
                msg(_("The texts do not say whether the value can drop below 0; the engine "
                      "kept the exact value."))))
        values.append(Value("result", result, msg(_("Resulting %(attribute)s"),
                                                  attribute=attribute.label)))
    return Ruling("guardian-wirkung", tuple(values), tuple(steps), tuple(notes))


_PD_SETUP = {
    "guardian_side_active": True,
    "base_planet": "venus",
    "left_planet": "mars",
    "right_planet": "erde",
    "attribute": "ap",
    "amount": 20,
    "scope": "base",
    "monster_planet": "venus",
    "monster_side": "own",
    "combat": "attacking",
    "opponent_effects": ["dp"],
}

_WIRKUNG = Scenario(
    slug="guardian-wirkung",
    game=GAME,
    title=msg(_("Wirkung and negativ-positiv-Wirkung of a Schutzgottkarte")),
    summary=msg(_("Which monster a Schutzgottkarte's Wirkung reaches, and how its "
                  "negativ-positiv-Wirkung doubles or halves the change in a combat.")),
    fields=_WIRKUNG_FIELDS,
    evaluator=_evaluate_wirkung,
    check=_check_wirkung,
    citations=_cites(
        Clause.IMMUNITY, Clause.WIRKUNG_ATTRIBUTES, Clause.WIRKUNG_SCOPE, Clause.NP_CARD,
        Clause.NP_RULES, Clause.NP_NEGATIV, Clause.NP_POSITIV, Clause.NP_ACTIVE_SIDE,
        Clause.WB_CARD, Clause.WB_RULE),
    examples=(
        Example(
            "np-fall-1-negativ",
            msg(_("Fall 1 – negativ-Wirkung: a Venus monster attacks an Erde monster")),
            {**_PD_SETUP, "opponent_planet": "erde"},
            {"change": 10, "factor": Fraction(1, 2)},
            Clause.NP_ACTIVE_SIDE.cite()),
        Example(
            "np-fall-2-positiv",
            msg(_("Fall 2 – positiv-Wirkung: a Venus monster attacks a Mars monster")),
            {**_PD_SETUP, "opponent_planet": "mars"},
            {"change": 40, "factor": 2},
            Clause.NP_ACTIVE_SIDE.cite()),
    ),
)


# --------------------------------------------------------------------------
# Scenario 2: Wirkungsbegrenzung of a Spezial-Wirkung on activation costs
# --------------------------------------------------------------------------

_WB_FIELDS = (
    _planet_field("limit_planet", msg(_("Wirkungsbegrenzung planet (the one small symbol)")),
                  required=False,
                  help=msg(_("Leave empty if the card has no Wirkungsbegrenzung."))),
    Field("cost_change", msg(_("Spezial-Wirkung: change of the activation cost (Energiepunkte)")),
          FieldKind.INTEGER, minimum=-_MAX_COST, maximum=_MAX_COST,
          help=msg(_("-1 for \"1 Energiepunkt weniger\"; positive if monsters pay more."))),
    Field("extends_to_opposing_side",
          msg(_("The description extends the Spezial-Wirkung to the opposing side")),
          FieldKind.BOOLEAN, required=False),
    Field("monsters", msg(_("Monster cards being activated")), FieldKind.GROUP,
          min_items=1, max_items=_MAX_ITEMS, rows=2, fields=(
              _planet_field("planet", msg(_("Primary planet symbol"))),
              Field("cost", msg(_("Activation cost (Energiepunkte)")), FieldKind.INTEGER,
                    minimum=0, maximum=_MAX_COST),
              _side_field("side", msg(_("Side"))),
          )),
)


def _check_wb(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for a zero cost change."""
    if inputs["cost_change"] == 0:
        raise InputError("cost_change", msg(_(
            "Enter how many Energiepunkte less (negative) or more (positive) monsters pay, "
            "not 0.")))


def _wb_monster(number: int, planet: Planet, cost: int, side: Side, limit: Planet | None,
                change: int, extends: bool, steps: list[Step]) -> tuple[int, bool]:
    """What monster ``number`` pays under one Spezial-Wirkung changing costs by ``change``,
    and whether it is affected; appends the deciding step to ``steps``."""
    reached = True
    if side is Side.OPPOSING and not extends:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("Monster %(number)s (%(planet)s) is on the opposing side and pays "
                  "%(cost)s Energiepunkte."),
                number=number, planet=planet.label, cost=cost),
            _cites(Clause.IMMUNITY),
            msg(_("Effects of Schutzgottkarten apply only to their own side unless the "
                  "description says otherwise; this monster is on the opposing side."))))
        reached = False
    elif limit is not None and planet is not limit:
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("Monster %(number)s (%(planet)s) is outside the Wirkungsbegrenzung and "
                  "pays %(cost)s Energiepunkte."),
                number=number, planet=planet.label, cost=cost),
            _cites(Clause.WB_RULE),
            msg(_("Its primary planet symbol is not the Wirkungsbegrenzung planet "
                  "%(limit)s."), limit=limit.label)))
        reached = False
    paid = cost
    if reached:
        paid = cost + change
        clauses = (Clause.WB_RULE,) if limit is not None else (Clause.SPEZIAL_WIRKUNG,)
        if side is Side.OPPOSING:
            clauses += (Clause.IMMUNITY,)
        if paid < 0:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of "
                      "%(cost)s."), number=number, planet=planet.label, cost=cost),
                _cites(*clauses),
                msg(_("%(cost)s %(change)s is below 0; the texts do not say what happens, "
                      "the engine assumed a cost cannot fall below 0."),
                    cost=cost, change=_signed(change))))
            paid = 0
        else:
            steps.append(Step(
                Outcome.APPLIED,
                msg(_("Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte instead of "
                      "%(cost)s."), number=number, planet=planet.label, paid=paid, cost=cost),
                _cites(*clauses)))
    return paid, reached


def _evaluate_wb(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on what each monster pays on activation (Energiepunkte).

    Implements ``1.2.4.wirkungsbegrenzung.p1``/``p2``, ``1.2.4.effekte-der-
    schutzgottkarte.p4`` and the own-side rule of ``1.2.4.kartenaufbau.p3``.
    Values: ``costs``, ``changes`` and ``affected``, one entry per monster.
    """
    limit = _planet(inputs["limit_planet"])
    change: int = inputs["cost_change"]
    extends = inputs["extends_to_opposing_side"]
    steps: list[Step] = []
    notes: list[Message] = []
    if limit is None:
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("No Wirkungsbegrenzung: the Spezial-Wirkung affects the monster cards its "
                  "text names, here all of them.")),
            _cites(Clause.WB_CARD, Clause.SPEZIAL_WIRKUNG)))
    else:
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("Wirkungsbegrenzung %(planet)s: the Spezial-Wirkung affects only monster "
                  "cards whose primary planet symbol is %(planet)s."), planet=limit.label),
            _cites(Clause.WB_CARD, Clause.WB_RULE)))
        notes.append(msg(_("1.2.4 › Wirkungsbegrenzung ¶1 calls the limiting symbol the right "
                           "small one, the example in ¶2 the left one; the engine does not "
                           "depend on its position.")))
    costs: list[int] = []
    changes: list[int] = []
    affected: list[bool] = []
    for number, monster in enumerate(inputs["monsters"], start=1):
        cost: int = monster["cost"]
        paid, reached = _wb_monster(number, Planet(monster["planet"]), cost,
                                    Side(monster["side"]), limit, change, extends, steps)
        costs.append(paid)
        changes.append(paid - cost)
        affected.append(reached)
    values = (
        Value("costs", tuple(costs), msg(_("Energiepunkte each monster pays"))),
        Value("changes", tuple(changes), msg(_("Change of each monster's activation cost"))),
        Value("affected", tuple(affected), msg(_("The Spezial-Wirkung affects the monster"))),
    )
    return Ruling("wirkungsbegrenzung", values, tuple(steps), tuple(notes))


_WB = Scenario(
    slug="wirkungsbegrenzung",
    game=GAME,
    title=msg(_("Wirkungsbegrenzung of a Spezial-Wirkung")),
    summary=msg(_("What each monster card pays on activation under a Spezial-Wirkung that "
                  "changes activation costs, with or without a Wirkungsbegrenzung planet.")),
    fields=_WB_FIELDS,
    evaluator=_evaluate_wb,
    check=_check_wb,
    citations=_cites(Clause.IMMUNITY, Clause.SPEZIAL_WIRKUNG, Clause.WB_CARD, Clause.WB_RULE),
    examples=(
        Example(
            "wirkungsbegrenzung-venus",
            msg(_("Wirkungsbegrenzung Venus: monsters pay 1 Energiepunkt less, only Venus "
                  "monsters")),
            {"limit_planet": "venus", "cost_change": -1,
             "monsters": [{"planet": "venus", "cost": 4, "side": "own"},
                          {"planet": "mars", "cost": 4, "side": "own"}]},
            {"changes": (-1, 0), "affected": (True, False)},
            Clause.WB_RULE.cite()),
    ),
)


# --------------------------------------------------------------------------
# Scenario 3: order of evaluation of a stack of effects
# --------------------------------------------------------------------------

#: Evaluation position by source: lower is evaluated earlier.  Energie- &
#: Monsterkarten have the lowest Wirkungsrang (3 of 3), Schutzgottkarten
#: rank 2, the Spezial-Wirkung before (above) the Wirkung; rank 1 is not
#: named in the chapter.
_EVALUATION_TIER = {
    Source.ENERGY: 0,
    Source.GRAVITATION_ENERGY: 0,
    Source.MONSTER: 0,
    Source.GUARDIAN_WIRKUNG: 1,
    Source.GUARDIAN_SPEZIAL: 2,
    Source.RANK_ONE: 3,
}

#: The reading of "Spezial-Wirkung steht vor der Wirkung" as "evaluated
#: before": the two guardian tiers swap.
_SPEZIAL_FIRST_TIER = {
    Source.GUARDIAN_SPEZIAL: _EVALUATION_TIER[Source.GUARDIAN_WIRKUNG],
    Source.GUARDIAN_WIRKUNG: _EVALUATION_TIER[Source.GUARDIAN_SPEZIAL],
}

_ORDER_FIELDS = (
    Field("base_ap", msg(_("Base AP")), FieldKind.INTEGER, required=False,
          minimum=0, maximum=_MAX_POINTS),
    Field("base_dp", msg(_("Base DP")), FieldKind.INTEGER, required=False,
          minimum=0, maximum=_MAX_POINTS),
    Field("base_lp", msg(_("Base LP")), FieldKind.INTEGER, required=False,
          minimum=0, maximum=_MAX_POINTS),
    Field("base_ep", msg(_("Base EP (Energiepunkte)")), FieldKind.INTEGER, required=False,
          minimum=0, maximum=_MAX_POINTS),
    Field("effects", msg(_("Effects on the monster")), FieldKind.GROUP,
          min_items=1, max_items=_MAX_ITEMS, rows=2, fields=(
              Field("source", msg(_("Source")), FieldKind.CHOICE,
                    choices=Source.choices()),
              Field("activated", msg(_("Activated as number")), FieldKind.INTEGER,
                    minimum=1, maximum=99,
                    help=msg(_("1 = activated first (longest active); equal numbers = "
                               "activated together."))),
              Field("attribute", msg(_("Attribute")), FieldKind.CHOICE,
                    choices=Attribute.choices()),
              Field("operation", msg(_("Operation")), FieldKind.CHOICE,
                    choices=Operation.choices()),
              Field("amount", msg(_("N (points)")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS,
                    help=msg(_("For add, subtract and set."))),
          )),
)


def _check_order(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for a missing amount or a missing base value."""
    for index, effect in enumerate(inputs["effects"]):
        if Operation(effect["operation"]).needs_amount and effect["amount"] is None:
            raise InputError(f"effects.{index}.amount", msg(_(
                "Enter N for add, subtract or set.")))
        name = "base_" + effect["attribute"]
        if inputs[name] is None:
            raise InputError(name, msg(_(
                "Enter the base %(attribute)s: effect %(number)s changes it."),
                attribute=Attribute(effect["attribute"]).label, number=index + 1))


def _apply(operation: Operation, value: Fraction, amount: int | None) -> Fraction:
    """Return ``value`` after ``operation`` (points, exact)."""
    if operation is Operation.ADD:
        return value + amount
    if operation is Operation.SUBTRACT:
        return value - amount
    if operation is Operation.HALVE:
        return value / 2
    if operation is Operation.DOUBLE:
        return value * 2
    return Fraction(amount)


def _order_text(order: Iterable[int]) -> str:
    return ", ".join(str(number) for number in order)


def _run(effects: tuple[Mapping[str, Any], ...], order: Iterable[int],
         bases: Mapping[Attribute, int]) -> dict[Attribute, Fraction]:
    values = {attribute: Fraction(base) for attribute, base in bases.items()}
    for number in order:
        effect = effects[number - 1]
        attribute = Attribute(effect["attribute"])
        values[attribute] = _apply(Operation(effect["operation"]), values[attribute],
                                   effect["amount"])
    return values


def _evaluate_order(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on the evaluation order of effects on one monster and its values (points).

    Implements ``1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p1``,
    ``p3`` and ``p4``.  Values: ``order`` (effect numbers as listed, 1-based)
    and the resulting ``ap``/``dp``/``lp``/``ep`` for every base value given.
    """
    effects: tuple[Mapping[str, Any], ...] = inputs["effects"]
    bases = {attribute: inputs["base_" + attribute.value] for attribute in Attribute
             if inputs["base_" + attribute.value] is not None}
    steps: list[Step] = []
    numbers = range(1, len(effects) + 1)

    def source(number: int) -> Source:
        return Source(effects[number - 1]["source"])

    def activated(number: int) -> int:
        return effects[number - 1]["activated"]

    order = sorted(numbers, key=lambda n: (_EVALUATION_TIER[source(n)], -activated(n), n))
    recency = sorted(numbers, key=lambda n: (-activated(n), n))

    if any(source(n) is Source.RANK_ONE for n in numbers):
        steps.append(Step(
            Outcome.SILENT,
            msg(_("An effect of Wirkungsrang 1 of 3 was evaluated after all Schutzgottkarte "
                  "effects.")),
            _cites(Clause.RANK, Clause.ORDER),
            msg(_("The chapter does not name the highest Wirkungsrang and also says guardian "
                  "effects stand above all others; the engine assumed rank 1 stands above "
                  "rank 2, so it is evaluated last."))))
    sources = {source(n) for n in numbers}
    readings: list[Reading] = []
    by_rank = _run(effects, order, bases)  # the values of the order the ruling follows
    if Source.GUARDIAN_WIRKUNG in sources and Source.GUARDIAN_SPEZIAL in sources:
        # "Spezial-Wirkung steht vor der Wirkung" (¶1): ranks above (evaluated after,
        # as the higher rank is in ¶3's example) or is evaluated before.
        spezial_first = sorted(numbers, key=lambda n: (
            _SPEZIAL_FIRST_TIER.get(source(n), _EVALUATION_TIER[source(n)]), -activated(n), n))
        by_spezial_first = _run(effects, spezial_first, bases)
        if by_spezial_first != by_rank:
            readings += [
                Reading("spezial-or-wirkung",
                        msg(_("The Spezial-Wirkung ranks above the Wirkung and is evaluated "
                              "after it")),
                        _order_values(order, by_rank), _cites(Clause.RANK, Clause.ORDER), True,
                        msg(_("A higher-ranked effect is evaluated later, as the "
                              "Schutzgottkarte after the Energiekarte in the text's "
                              "example."))),
                Reading("spezial-or-wirkung",
                        msg(_("The Spezial-Wirkung is evaluated before the Wirkung")),
                        _order_values(spezial_first, by_spezial_first), _cites(Clause.RANK))]
            steps.append(Step(
                Outcome.SILENT,
                msg(_("Whether the Spezial-Wirkung is evaluated before or after the Wirkung is "
                      "open, and the two orders give different values; both readings are "
                      "shown.")),
                _cites(Clause.RANK, Clause.ORDER),
                msg(_("\"Spezial-Wirkung steht vor der Wirkung\" does not say whether it is "
                      "evaluated first or ranks above. Ranking above, it is evaluated later "
                      "(order %(order)s); evaluated first, the order is %(other)s."),
                    order=_order_text(order), other=_order_text(spezial_first))))
        else:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("The Spezial-Wirkung was evaluated after the Wirkung.")),
                _cites(Clause.RANK, Clause.ORDER),
                msg(_("\"Spezial-Wirkung steht vor der Wirkung\" does not say whether it is "
                      "evaluated first or ranks above; the engine read it as ranking above, "
                      "and the higher-ranked effect is evaluated later (as the "
                      "Schutzgottkarte after the Energiekarte). Evaluated first, it gives the "
                      "same values here."))))
    tiers: dict[tuple[int, int], list[int]] = {}
    for n in numbers:
        tiers.setdefault((_EVALUATION_TIER[source(n)], activated(n)), []).append(n)
    for (_tier, number_activated), tied in tiers.items():
        if len(tied) > 1:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("Effects %(effects)s were activated together and evaluated in the order "
                      "listed."), effects=_order_text(tied)),
                _cites(Clause.RANK, Clause.ORDER),
                msg(_("The texts order effects by Wirkungsrang and by activation only; the "
                      "engine assumed the listed order for effects with the same rank activated "
                      "as number %(activated)s."), activated=number_activated)))

    steps.append(Step(
        Outcome.APPLIED,
        msg(_("Evaluation order: effects %(order)s. Effects are evaluated by Wirkungsrang, "
              "lowest first (Energie- & Monsterkarten 3, Schutzgottkarten 2 of 3), and within "
              "a rank from the latest activated to the longest active."),
            order=_order_text(order)),
        _cites(Clause.RANK, Clause.ORDER, Clause.ORDER_REGULAR)))
    if order != recency:
        by_recency = _run(effects, recency, bases)
        differs = by_recency != by_rank
        readings += [
            Reading("rank-or-recency", msg(_("Wirkungsrang first, then the latest activated")),
                    _order_values(order, by_rank), _cites(Clause.RANK, Clause.ORDER), True,
                    msg(_("The text's example gives the lower Wirkungsrang as a reason for "
                          "the order, and 1.2.4 › Behandlung der Reihenfolge von Effekt & "
                          "Wirkung ¶1 sets the ranks."))),
            Reading("rank-or-recency", msg(_("Activation order alone, from the latest "
                                             "activated")),
                    _order_values(recency, by_recency),
                    _cites(Clause.ORDER, Clause.ORDER_REGULAR))]
        steps.append(Step(
            Outcome.SILENT,
            msg(_("Wirkungsrang and activation order disagree; the order by Wirkungsrang was "
                  "used.")),
            _cites(Clause.RANK, Clause.ORDER),
            msg(_("By activation alone the order would be %(recency)s (%(effect)s). The texts "
                  "give both reasons for their example and do not say which decides when they "
                  "disagree; the engine ordered by Wirkungsrang (lowest first), then from the "
                  "latest activated."),
                recency=_order_text(recency),
                effect=msg(_("with a different result")) if differs
                else msg(_("with the same result")))))

    values = {attribute: Fraction(base) for attribute, base in bases.items()}
    for number in order:
        effect = effects[number - 1]
        attribute = Attribute(effect["attribute"])
        operation = Operation(effect["operation"])
        before = values[attribute]
        after = _apply(operation, before, effect["amount"])
        values[attribute] = after
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("Effect %(number)s (%(source)s, activated as %(activated)s) is evaluated: "
                  "%(attribute)s %(before)s → %(after)s."),
                number=number, source=source(number).label, activated=activated(number),
                attribute=attribute.label, before=_text(before), after=_text(after)),
            _cites(Clause.RANK, Clause.ORDER)))
        if after.denominator != 1 and before.denominator == 1:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("%(attribute)s %(value)s is not a whole number."),
                    attribute=attribute.label, value=_text(after)),
                _cites(Clause.ORDER),
                msg(_("The texts do not say how to round half points; the engine kept the exact "
                      "value."))))
        if after < 0 <= before:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("%(attribute)s %(value)s is below 0."),
                    attribute=attribute.label, value=_text(after)),
                _cites(Clause.ORDER),
                msg(_("The texts do not say whether a value can drop below 0; the engine kept "
                      "the exact value while rolling up the effects."))))
    notes = (msg(_("Every listed effect is taken to affect this monster; whether it does is "
                   "decided by the other scenarios.")),)
    return Ruling("effect-order", _order_values(order, values), tuple(steps), notes,
                  tuple(readings))


def _order_values(order: Iterable[int], values: Mapping[Attribute, Fraction]
                  ) -> tuple[Value, ...]:
    """The ``effect-order`` values: ``order`` and the resulting ``ap``/``dp``/``lp``/``ep``."""
    result = [Value("order", tuple(order), msg(_("Evaluation order (effect numbers)")))]
    for attribute in Attribute:
        if attribute in values:
            result.append(Value(attribute.value, _exact(values[attribute]),
                                msg(_("Resulting %(attribute)s"), attribute=attribute.label)))
    return tuple(result)


_ORDER = Scenario(
    slug="effect-order",
    game=GAME,
    title=msg(_("Order of evaluation of effects (Wirkungsrang)")),
    summary=msg(_("In which order the effects on one monster card are evaluated, and the "
                  "resulting AP, DP, LP and EP.")),
    fields=_ORDER_FIELDS,
    evaluator=_evaluate_order,
    check=_check_order,
    citations=_cites(Clause.RANK, Clause.ORDER, Clause.ORDER_REGULAR),
    examples=(
        Example(
            "energiekarte-after-wirkung",
            msg(_("An Energiekarte is activated on a monster already under a Schutzgottkarte's "
                  "Wirkung: the Energiekarte is evaluated first")),
            {"base_ap": 100, "effects": [
                {"source": "guardian-wirkung", "activated": 1, "attribute": "ap",
                 "operation": "add", "amount": 20},
                {"source": "energy", "activated": 2, "attribute": "ap",
                 "operation": "halve"}]},
            {"order": (2, 1)},
            Clause.ORDER.cite()),
    ),
)


# --------------------------------------------------------------------------
# Scenario 4: immunity of Schutzgottkarten and reach of their effects
# --------------------------------------------------------------------------

class TargetKind(Labelled):
    """The kind of card an effect is aimed at."""

    GUARDIAN = ("guardian", _("Schutzgottkarte"))
    MONSTER = ("monster", _("Monsterkarte"))
    ENERGY = ("energy", _("Energiekarte"))

_IMMUNITY_FIELDS = (
    Field("source", msg(_("The effect comes from")), FieldKind.CHOICE,
          choices=Source.choices(exclude=(Source.RANK_ONE,))),
    Field("target", msg(_("The effect is aimed at")), FieldKind.CHOICE,
          choices=TargetKind.choices(), default=TargetKind.GUARDIAN.value),
    Field("target_side", msg(_("The target is on")), FieldKind.CHOICE,
          choices=(Choice(Side.OWN.value, msg(_("the same side as the effect's card"))),
                   Choice(Side.OPPOSING.value, msg(_("the opposing side"))))),
    Field("extends_to_opposing_side",
          msg(_("The Schutzgottkarte's description extends its effect to the opposing side")),
          FieldKind.BOOLEAN, required=False),
)


def _check_immunity(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: if neither source nor target is a Schutzgottkarte."""
    if not Source(inputs["source"]).is_guardian and inputs["target"] != TargetKind.GUARDIAN.value:
        raise InputError("target", msg(_(
            "This scenario covers effects aimed at a Schutzgottkarte or coming from one; "
            "choose a Schutzgottkarte as source or target.")))


def _evaluate_immunity(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on whether an effect reaches a card.

    Implements ``1.2.4.kartenaufbau.p3`` (immunity, opposing Schutzgottkarte,
    own side) and ``1.2.4.effekte-der-schutzgottkarte.p2``–``p4`` (what a
    Wirkung and a Spezial-Wirkung may affect).  Value: ``affects``.
    """
    source = Source(inputs["source"])
    target = TargetKind(inputs["target"])
    side = Side(inputs["target_side"])
    extends = inputs["extends_to_opposing_side"]
    steps: list[Step] = []
    affects: bool
    if target is TargetKind.GUARDIAN and source in (Source.ENERGY, Source.MONSTER):
        affects = False
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The Schutzgottkarte is immune to the effect.")),
            _cites(Clause.IMMUNITY),
            msg(_("A Schutzgottkarte is immun against all effects of Monster- & "
                  "Energiekarten."))))
    elif target is TargetKind.GUARDIAN and source is Source.GRAVITATION_ENERGY:
        affects = True
        steps.append(Step(
            Outcome.APPLIED,
            msg(_("The effect affects the Schutzgottkarte: effects of Gravitations-Energiekarten "
                  "are excepted from its immunity.")),
            _cites(Clause.IMMUNITY)))
    elif target is TargetKind.GUARDIAN and side is Side.OPPOSING:
        affects = False
        steps.append(Step(
            Outcome.NOT_APPLICABLE,
            msg(_("The effect does not affect the opposing Schutzgottkarte.")),
            _cites(Clause.IMMUNITY),
            msg(_("Effects of Schutzgottkarten do not affect the opposing Schutzgottkarte."))))
        if extends:
            steps.append(Step(
                Outcome.SILENT,
                msg(_("The description's extension to the opposing side does not reach the "
                      "opposing Schutzgottkarte.")),
                _cites(Clause.IMMUNITY),
                msg(_("\"Sofern nicht anders in der Beschreibung festgelegt\" stands with the "
                      "own-side sentence; the engine assumed it does not lift the ban on "
                      "affecting the opposing Schutzgottkarte."))))
    elif target is TargetKind.GUARDIAN:
        if source is Source.GUARDIAN_WIRKUNG:
            affects = False
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The Wirkung does not affect a Schutzgottkarte.")),
                _cites(Clause.WIRKUNG_ATTRIBUTES),
                msg(_("A Wirkung can only change the Grund-Attribute of Monsterkarten."))))
        else:
            affects = True
            steps.append(Step(
                Outcome.SILENT,
                msg(_("The Spezial-Wirkung may affect its own side's Schutzgottkarte if its "
                      "description says so.")),
                _cites(Clause.IMMUNITY, Clause.SPEZIAL_WIRKUNG),
                msg(_("The immunity covers only Monster- & Energiekarten and the opposing "
                      "Schutzgottkarte, and the Spezial-Wirkung names only Monster- and "
                      "Energiekarten; the engine assumed nothing forbids it."))))
    else:
        # A Schutzgottkarte's effect aimed at a monster or energy card.
        if side is Side.OPPOSING and not extends:
            affects = False
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The effect does not reach the card.")),
                _cites(Clause.IMMUNITY),
                msg(_("Effects of Schutzgottkarten apply only to their own side unless the "
                      "description says otherwise; the card is on the opposing side."))))
        elif target is TargetKind.ENERGY and source is Source.GUARDIAN_WIRKUNG:
            affects = False
            steps.append(Step(
                Outcome.NOT_APPLICABLE,
                msg(_("The Wirkung does not affect an Energiekarte.")),
                _cites(Clause.WIRKUNG_ATTRIBUTES),
                msg(_("A Wirkung can only change the Grund-Attribute of Monsterkarten."))))
        else:
            affects = True
            if side is Side.OPPOSING:
                steps.append(Step(
                    Outcome.APPLIED,
                    msg(_("The description extends the effect to the opposing side.")),
                    _cites(Clause.IMMUNITY)))
            else:
                steps.append(Step(
                    Outcome.APPLIED,
                    msg(_("Effects of Schutzgottkarten apply to their own side.")),
                    _cites(Clause.IMMUNITY)))
            if source is Source.GUARDIAN_WIRKUNG:
                steps.append(Step(
                    Outcome.APPLIED,
                    msg(_("A Wirkung changes only Grund-Attribute of Monsterkarten, by default "
                          "of the Schutzgottkarte's planet.")),
                    _cites(Clause.WIRKUNG_ATTRIBUTES, Clause.WIRKUNG_SCOPE)))
            else:
                steps.append(Step(
                    Outcome.APPLIED,
                    msg(_("A Spezial-Wirkung may affect other attributes of Monsterkarten and "
                          "Energiekarten.")),
                    _cites(Clause.SPEZIAL_WIRKUNG)))
    values = (Value("affects", affects, msg(_("The effect affects the card"))),)
    return Ruling("guardian-immunity", values, tuple(steps))


_IMMUNITY = Scenario(
    slug="guardian-immunity",
    game=GAME,
    title=msg(_("Immunity of Schutzgottkarten and reach of their effects")),
    summary=msg(_("Whether an effect reaches a Schutzgottkarte, and whether a "
                  "Schutzgottkarte's effect reaches a card on either side.")),
    fields=_IMMUNITY_FIELDS,
    evaluator=_evaluate_immunity,
    check=_check_immunity,
    citations=_cites(Clause.IMMUNITY, Clause.WIRKUNG_ATTRIBUTES, Clause.WIRKUNG_SCOPE,
                     Clause.SPEZIAL_WIRKUNG),
)


# --------------------------------------------------------------------------
# Situation: the whole table at once
# --------------------------------------------------------------------------

class Spielfeldseite(Labelled):
    """A player's side of the table, named A and B (A is not necessarily active)."""

    A = ("a", _("side A"))
    B = ("b", _("side B"))

    @property
    def other(self) -> "Spielfeldseite":
        """The opposing side."""
        return Spielfeldseite.B if self is Spielfeldseite.A else Spielfeldseite.A


#: Wirkungsrang of each source: 3 = lowest (Energie- & Monsterkarten), 2 =
#: Schutzgottkarten, 1 = the highest, not named in the chapter.
WIRKUNGSRANG = {
    Source.ENERGY: 3, Source.GRAVITATION_ENERGY: 3, Source.MONSTER: 3,
    Source.GUARDIAN_WIRKUNG: 2, Source.GUARDIAN_SPEZIAL: 2, Source.RANK_ONE: 1,
}

_SIDE_CHOICE = Spielfeldseite.choices()

_SITUATION_FIELDS = (
    Field("active_side", msg(_("Side taking the active turn")), FieldKind.CHOICE,
          choices=_SIDE_CHOICE, default=Spielfeldseite.A.value),
    Field("guardians", msg(_("Schutzgottkarten")), FieldKind.GROUP, max_items=2, rows=1,
          fields=(
              Field("side", msg(_("Side")), FieldKind.CHOICE, choices=_SIDE_CHOICE,
                    default=Spielfeldseite.A.value),
              _planet_field("base_planet", msg(_("Basis-Planetensymbol of the Schutzgottkarte"))),
              _planet_field("left_planet", msg(_("Small left planet symbol (positiv-Wirkung)")),
                            required=False),
              _planet_field("right_planet", msg(_("Small right planet symbol (negativ-Wirkung)")),
                            required=False),
              Field("wirkung_attribute", msg(_("Attribute the Wirkung changes")),
                    FieldKind.CHOICE, required=False, choices=Attribute.choices()),
              Field("wirkung_amount", msg(_("Change made by the Wirkung (points)")),
                    FieldKind.INTEGER, required=False, minimum=-_MAX_POINTS,
                    maximum=_MAX_POINTS),
              Field("wirkung_scope", msg(_("Monsters the Wirkung's description names")),
                    FieldKind.CHOICE, choices=WirkungScope.choices(),
                    default=WirkungScope.BASE.value),
              Field("wirkung_planets", msg(_("Planets named by the description")),
                    FieldKind.MULTIPLE_CHOICE, required=False, choices=Planet.choices()),
              Field("extends_to_opposing_side",
                    msg(_("The description extends the Wirkung to the opposing side")),
                    FieldKind.BOOLEAN),
              Field("spezial_cost_change",
                    msg(_("Spezial-Wirkung: change of the activation cost (Energiepunkte)")),
                    FieldKind.INTEGER, required=False, minimum=-_MAX_COST, maximum=_MAX_COST),
              Field("spezial_extends_to_opposing_side",
                    msg(_("The description extends the Spezial-Wirkung to the opposing side")),
                    FieldKind.BOOLEAN),
          )),
    Field("monsters", msg(_("Monster cards")), FieldKind.GROUP, max_items=_MAX_ITEMS, rows=2,
          fields=(
              Field("side", msg(_("Side")), FieldKind.CHOICE, choices=_SIDE_CHOICE,
                    default=Spielfeldseite.A.value),
              _planet_field("planet", msg(_("Primary planet symbol"))),
              Field("ep", msg(_("Base EP (Energiepunkte)")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS),
              Field("ap", msg(_("Base AP")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS),
              Field("dp", msg(_("Base DP")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS),
              Field("lp", msg(_("Base LP")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS),
              Field("cost", msg(_("Activation cost (Energiepunkte)")), FieldKind.INTEGER,
                    required=False, minimum=0, maximum=_MAX_COST),
          )),
    Field("attacker", msg(_("Attacking monster (number)")), FieldKind.INTEGER, required=False,
          minimum=1, maximum=_MAX_ITEMS),
    Field("target", msg(_("Attack target (number)")), FieldKind.INTEGER, required=False,
          minimum=1, maximum=_MAX_ITEMS),
    Field("effects", msg(_("Active effects, in activation order")), FieldKind.GROUP,
          max_items=24, rows=1, fields=(
              Field("source", msg(_("Source")), FieldKind.CHOICE, choices=Source.choices()),
              Field("source_side", msg(_("Side of the effect's card")), FieldKind.CHOICE,
                    choices=_SIDE_CHOICE, default=Spielfeldseite.A.value),
              Field("activated", msg(_("Activated as number")), FieldKind.INTEGER,
                    required=False, minimum=1, maximum=99,
                    help=msg(_("Leave empty: the position in the list. Equal numbers = "
                               "activated together."))),
              Field("target_monster", msg(_("Target monster (number)")), FieldKind.INTEGER,
                    required=False, minimum=1, maximum=_MAX_ITEMS),
              Field("target_guardian", msg(_("Target Schutzgottkarte (side)")),
                    FieldKind.CHOICE, required=False, choices=_SIDE_CHOICE),
              Field("attribute", msg(_("Attribute")), FieldKind.CHOICE, required=False,
                    choices=Attribute.choices(),
                    required_when=msg(_("for a target monster"))),
              Field("operation", msg(_("Operation")), FieldKind.CHOICE,
                    choices=Operation.choices(), default=Operation.ADD.value),
              Field("amount", msg(_("N (points)")), FieldKind.INTEGER, required=False,
                    minimum=0, maximum=_MAX_POINTS,
                    required_when=msg(_("for add, subtract and set on a monster"))),
          )),
)


@dataclass(frozen=True)
class Guardian:
    """A Schutzgottkarte on the table: its side, symbols, Wirkung and Spezial-Wirkung."""

    side: Spielfeldseite
    symbols: GuardianSymbols
    wirkung_attribute: Attribute | None
    wirkung_amount: int | None
    scope: WirkungScope
    listed: frozenset[Planet]
    extends: bool
    spezial_cost_change: int | None
    spezial_extends: bool

    @property
    def limit(self) -> Planet | None:
        """The Wirkungsbegrenzung planet (the one small symbol), if any."""
        return self.symbols.single_small_symbol


@dataclass(frozen=True)
class Monster:
    """A monster card: number (1-based), side, primary planet, base values, cost."""

    number: int
    side: Spielfeldseite
    planet: Planet
    bases: Mapping[Attribute, int]
    cost: int | None


@dataclass(frozen=True)
class Change:
    """One effect on one monster: ``key`` is the effect number (int) or
    ``"wirkung-a"``/``"wirkung-b"`` for a Schutzgottkarte's own Wirkung."""

    key: int | str
    source: Source
    side: Spielfeldseite
    activated: int
    attribute: Attribute
    operation: Operation
    amount: int | None


def _guardians(inputs: Mapping[str, Any]) -> dict[Spielfeldseite, Guardian]:
    found = {}
    for item in inputs["guardians"]:
        side = Spielfeldseite(item["side"])
        found[side] = Guardian(
            side, GuardianSymbols(Planet(item["base_planet"]), _planet(item["left_planet"]),
                                  _planet(item["right_planet"])),
            Attribute(item["wirkung_attribute"]) if item["wirkung_attribute"] else None,
            item["wirkung_amount"], WirkungScope(item["wirkung_scope"]),
            frozenset(Planet(p) for p in item["wirkung_planets"]),
            item["extends_to_opposing_side"], item["spezial_cost_change"],
            item["spezial_extends_to_opposing_side"])
    return found


def _monsters(inputs: Mapping[str, Any]) -> tuple[Monster, ...]:
    return tuple(
        Monster(number, Spielfeldseite(item["side"]), Planet(item["planet"]),
                {a: item[a.value] for a in _ATTRIBUTES if item[a.value] is not None},
                item["cost"])
        for number, item in enumerate(inputs["monsters"], start=1))


def _no_guardian(path: str, side: Spielfeldseite, sides: Sequence[str]) -> None:
    """Refuse an effect aimed at the Schutzgottkarte of ``side``, which was not entered.

    :raises InputError: always, naming ``path`` and the side that has one, if any.
    """
    if sides:
        raise InputError(path, msg(_("There is no Schutzgottkarte on %(side)s. Enter it under "
                                     "the Schutzgottkarten, or aim the effect at %(other)s."),
                                   side=side.label, other=side.other.label))
    raise InputError(path, msg(_("There is no Schutzgottkarte on %(side)s. Enter it under the "
                                 "Schutzgottkarten first."), side=side.label))


def _check_situation(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for two Schutzgottkarten on one side, an incomplete Wirkung,
        a combat naming a missing monster, an effect aimed at or coming from a
        Schutzgottkarte that was not entered, or an effect without a target or value."""
    sides = [item["side"] for item in inputs["guardians"]]
    if len(sides) != len(set(sides)):
        raise InputError("guardians.1.side", msg(_("Each side has one Schutzgottkarte.")))
    for index, item in enumerate(inputs["guardians"]):
        if (item["wirkung_attribute"] is None) != (item["wirkung_amount"] in (None, 0)):
            raise InputError(f"guardians.{index}.wirkung_amount", msg(_(
                "Give both the attribute and a change other than 0, or neither.")))
        if item["wirkung_scope"] == WirkungScope.LISTED.value and not item["wirkung_planets"]:
            raise InputError(f"guardians.{index}.wirkung_planets", msg(_(
                "Choose the planets the description names, or choose another scope.")))
        if item["spezial_cost_change"] == 0:
            raise InputError(f"guardians.{index}.spezial_cost_change", msg(_(
                "Enter how many Energiepunkte less (negative) or more (positive) monsters pay, "
                "not 0.")))
    count = len(inputs["monsters"])
    for name in ("attacker", "target"):
        if inputs[name] is not None and inputs[name] > count:
            raise InputError(name, msg(_("There is no monster number %(number)s."),
                                       number=inputs[name]))
    if (inputs["attacker"] is None) != (inputs["target"] is None):
        raise InputError("target", msg(_("Give both the attacking monster and the attack "
                                         "target, or neither.")))
    if inputs["attacker"] is not None and inputs["attacker"] == inputs["target"]:
        raise InputError("target", msg(_("A monster does not attack itself.")))
    monsters = _monsters(inputs)
    for index, effect in enumerate(inputs["effects"]):
        path = f"effects.{index}."
        if (effect["target_monster"] is None) == (effect["target_guardian"] is None):
            raise InputError(path + "target_monster", msg(_(
                "Give the target: a monster number or a Schutzgottkarte, not both.")))
        if effect["target_guardian"] is not None and effect["target_guardian"] not in sides:
            _no_guardian(path + "target_guardian", Spielfeldseite(effect["target_guardian"]),
                         sides)
        if Source(effect["source"]).is_guardian and effect["source_side"] not in sides:
            raise InputError(path + "source_side", msg(_(
                "The effect comes from a Schutzgottkarte, but there is none on %(side)s. Enter "
                "it under the Schutzgottkarten, or choose the side of the effect's card."),
                side=Spielfeldseite(effect["source_side"]).label))
        if effect["target_monster"] is not None:
            if effect["target_monster"] > count:
                raise InputError(path + "target_monster", msg(_(
                    "There is no monster number %(number)s."), number=effect["target_monster"]))
            if effect["attribute"] is None:
                raise InputError(path + "attribute", msg(_("Choose the attribute.")))
            if Operation(effect["operation"]).needs_amount and effect["amount"] is None:
                raise InputError(path + "amount", msg(_("Enter N for add, subtract or set.")))
            monster = monsters[effect["target_monster"] - 1]
            if Attribute(effect["attribute"]) not in monster.bases:
                raise InputError(f"monsters.{monster.number - 1}.{effect['attribute']}", msg(_(
                    "Enter the base %(attribute)s: effect %(number)s changes it."),
                    attribute=Attribute(effect["attribute"]).label, number=index + 1))
    for guardian in _guardians(inputs).values():
        attribute = guardian.wirkung_attribute
        if attribute is None:
            continue
        for monster in monsters:
            if attribute not in monster.bases and _wirkung_reaches(guardian, monster, []):
                raise InputError(f"monsters.{monster.number - 1}.{attribute.value}", msg(_(
                    "Enter the base %(attribute)s: the Wirkung of the Schutzgottkarte of "
                    "%(side)s changes it."), attribute=attribute.label, side=guardian.side.label))


def _reach_inputs(guardian: Guardian, monster: Monster) -> dict[str, Any]:
    """The ``guardian-wirkung`` reach inputs of ``guardian``'s Wirkung on ``monster``."""
    own = Side.OWN if monster.side is guardian.side else Side.OPPOSING
    return {"monster_planet": monster.planet.value, "monster_side": own.value,
            "scope": guardian.scope.value, "extends_to_opposing_side": guardian.extends,
            "listed_planets": frozenset(p.value for p in guardian.listed)}


def _wirkung_reaches(guardian: Guardian, monster: Monster, steps: list[Step],
                     np_limit: bool = True, readings: bool = False) -> bool:
    """Whether ``guardian``'s Wirkung reaches ``monster``; the same steps as ``guardian-wirkung``
    (``np_limit`` and ``readings`` as for :func:`_wirkung_reach`)."""
    return _wirkung_reach(guardian.symbols, _reach_inputs(guardian, monster), steps,
                          np_limit, readings)


def _order(changes: list[Change], by_rank: bool, spezial_first: bool) -> list[Change]:
    """Evaluation order: by Wirkungsrang (lowest first), then latest activated first.

    ``spezial_first`` reads "Spezial-Wirkung steht vor der Wirkung" as
    "evaluated before" instead of "ranks above".
    """
    def tier(change: Change) -> int:
        base = _EVALUATION_TIER[change.source]
        if spezial_first and change.source in (Source.GUARDIAN_WIRKUNG, Source.GUARDIAN_SPEZIAL):
            return 3 - base  # Spezial 1, Wirkung 2
        return base

    index = {id(c): i for i, c in enumerate(changes)}
    if by_rank:
        return sorted(changes, key=lambda c: (tier(c), -c.activated, index[id(c)]))
    return sorted(changes, key=lambda c: (-c.activated, index[id(c)]))


def _roll(monster: Monster, order: list[Change], factors: Mapping[int | str, Fraction]
          ) -> dict[Attribute, Fraction]:
    values = {a: Fraction(v) for a, v in monster.bases.items()}
    for change in order:
        amount = change.amount
        factor = factors.get(change.key, Fraction(1))
        if amount is not None and change.operation in (Operation.ADD, Operation.SUBTRACT):
            amount = amount * factor
        values[change.attribute] = _apply(change.operation, values[change.attribute], amount)
    return values


def _change_label(change: Change) -> Message:
    """The change as a reader names it: the effect's number as entered, or the
    printed "Wirkung" of the Schutzgottkarte of a side (never its key ``wirkung-a``)."""
    if isinstance(change.key, int):
        return msg(_("effect %(number)s"), number=change.key)
    return msg(_("Wirkung of the Schutzgottkarte of %(side)s"), side=change.side.label)


def _evaluate_situation(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on a whole table: both Schutzgottkarten, the monsters, a combat, the effects.

    Implements every clause of chapter 1.2.4 together: reach and immunity
    (``kartenaufbau.p3``), Wirkung and Spezial-Wirkung
    (``effekte-der-schutzgottkarte.p2``–``p4``), Wirkungsrang and order
    (``behandlung-der-reihenfolge-von-effekt-wirkung.p1``–``p4``),
    negativ-positiv-Wirkung of the active side (``negativ-positiv-wirkung.p1``–``p5``)
    and Wirkungsbegrenzung (``wirkungsbegrenzung.p1``/``p2``).  Values per
    monster *N*: ``monster_N_ap``/``dp``/``lp``/``ep`` (points, exact),
    ``monster_N_cost`` (Energiepunkte), ``monster_N_order`` (effect numbers,
    ``"wirkung-a"`` for a Schutzgottkarte's Wirkung), ``monster_N_wirkung_change``
    and ``monster_N_np_factor``; per effect *N*: ``effect_N_affects``.
    Open points come as :class:`~engine.core.Reading` objects.
    """
    guardians = _guardians(inputs)
    monsters = _monsters(inputs)
    active = Spielfeldseite(inputs["active_side"])
    steps: list[Step] = []
    notes: list[Message] = []
    readings: list[Reading] = []
    values: list[Value] = []
    changes_of: dict[int, list[Change]] = {m.number: [] for m in monsters}
    #: monster -> (side of a Schutzgottkarte, whether its Wirkung reaches the monster if
    #: the description prevails) for each open point "np-scope"
    np_scope: dict[int, list[tuple[Spielfeldseite, bool]]] = {m.number: [] for m in monsters}
    steps.append(Step(Outcome.APPLIED, msg(_("%(side)s takes the active turn."),
                                           side=active.label), _cites(Clause.NP_ACTIVE_SIDE)))
    if guardians:
        steps.append(card_text_may_override(
            msg(_("Effects of Schutzgottkarten apply only to their own side, and a Wirkung only "
                  "to monsters of the Schutzgottkarte's planet.")),
            *_cites(Clause.IMMUNITY, Clause.WIRKUNG_SCOPE)))

    # 1. Each Schutzgottkarte's Wirkung on each monster.
    for side in Spielfeldseite:
        guardian = guardians.get(side)
        if guardian is None or guardian.wirkung_attribute is None:
            continue
        for monster in monsters:
            reach_steps: list[Step] = []
            # open point "np-scope": the description against the negativ-positiv limit
            scope_open = (_np_scope_open(guardian.symbols, _reach_inputs(guardian, monster))
                          and guardian.wirkung_attribute in monster.bases)
            reached = _wirkung_reaches(guardian, monster, reach_steps, readings=scope_open)
            if scope_open:
                np_scope[monster.number].append(
                    (side, _wirkung_reaches(guardian, monster, [], np_limit=False)))
            # on a table of several monsters and cards, say which pair each step is about
            steps.extend(Step(step.outcome, msg(
                _("Monster %(number)s and the Wirkung of the Schutzgottkarte of %(side)s: "
                  "%(step)s"), number=monster.number, side=side.label, step=step.message),
                step.citations, step.reason, step.see) for step in reach_steps)
            if reached:
                steps.append(Step(Outcome.APPLIED, msg(
                    _("Monster %(number)s is under the Wirkung of the Schutzgottkarte of "
                      "%(side)s: %(attribute)s %(amount)s."), number=monster.number,
                    side=side.label, attribute=guardian.wirkung_attribute.label,
                    amount=_signed(guardian.wirkung_amount)),
                    _cites(Clause.WIRKUNG_ATTRIBUTES, Clause.WIRKUNG_SCOPE)))
                changes_of[monster.number].append(Change(
                    f"wirkung-{side.value}", Source.GUARDIAN_WIRKUNG, side, 0,
                    guardian.wirkung_attribute, Operation.ADD, guardian.wirkung_amount))

    # 2. The listed effects: reach, immunity, Wirkungsbegrenzung.
    for number, item in enumerate(inputs["effects"], start=1):
        source = Source(item["source"])
        side = Spielfeldseite(item["source_side"])
        activated = item["activated"] if item["activated"] is not None else number
        if item["target_guardian"] is not None:
            target_side = Spielfeldseite(item["target_guardian"])
            immunity = _evaluate_immunity({
                "source": source.value if source is not Source.RANK_ONE else Source.ENERGY.value,
                "target": TargetKind.GUARDIAN.value,
                "target_side": (Side.OWN if target_side is side else Side.OPPOSING).value,
                "extends_to_opposing_side": False})
            if source is Source.RANK_ONE:
                steps.append(not_covered(msg(_("effect %(number)s: an effect of Wirkungsrang 1 "
                                               "aimed at a Schutzgottkarte"), number=number),
                                         *_cites(Clause.IMMUNITY, Clause.RANK)))
            steps.extend(immunity.steps)
            values.append(Value(f"effect_{number}_affects", immunity.value("affects"),
                                msg(_("Effect %(number)s affects its target"), number=number)))
            continue
        monster = monsters[item["target_monster"] - 1]
        affects = True
        if source.is_guardian:
            guardian = guardians.get(side)
            extends = guardian is not None and (
                guardian.extends if source is Source.GUARDIAN_WIRKUNG else guardian.spezial_extends)
            if monster.side is not side and not extends:
                affects = False
                steps.append(Step(Outcome.NOT_APPLICABLE, msg(
                    _("Effect %(number)s does not reach monster %(monster)s."),
                    number=number, monster=monster.number), _cites(Clause.IMMUNITY),
                    msg(_("Effects of Schutzgottkarten apply only to their own side unless the "
                          "description says otherwise; the card is on the opposing side."))))
            elif (source is Source.GUARDIAN_SPEZIAL and guardian is not None
                  and guardian.limit is not None and monster.planet is not guardian.limit):
                affects = False
                steps.append(Step(Outcome.NOT_APPLICABLE, msg(
                    _("Effect %(number)s does not reach monster %(monster)s."),
                    number=number, monster=monster.number), _cites(Clause.WB_RULE),
                    msg(_("Its primary planet symbol is not the Wirkungsbegrenzung planet "
                          "%(limit)s."), limit=guardian.limit.label)))
        if source is Source.GRAVITATION_ENERGY:
            steps.append(Step(Outcome.SILENT, msg(
                _("Effect %(number)s (Gravitations-Energiekarte) was given the lowest "
                  "Wirkungsrang, as an Energiekarte."), number=number),
                _cites(Clause.RANK, Clause.IMMUNITY),
                msg(_("The chapter gives Energie- & Monsterkarten the lowest Wirkungsrang and "
                      "names Gravitations-Energiekarten only as an exception to the immunity; "
                      "it does not say their rank. The engine took them as Energiekarten."))))
        values.append(Value(f"effect_{number}_affects", affects,
                            msg(_("Effect %(number)s affects its target"), number=number)))
        if affects:
            changes_of[monster.number].append(Change(
                number, source, side, activated, Attribute(item["attribute"]),
                Operation(item["operation"]), item["amount"]))

    # 3. negativ-positiv-Wirkung of the active side's Schutzgottkarte.
    np_guardian = guardians.get(active)
    combat = ((inputs["attacker"], inputs["target"]) if inputs["attacker"] is not None
              else None)
    wirkung_factor: dict[int, Fraction] = {}
    np_all: dict[int, Fraction] = {}
    #: the other monster of a combat whose own-side monster meets the negativ-positiv
    #: conditions -> the influences met (open point "np-other-monster")
    np_other: dict[int, frozenset[Influence]] = {}
    #: monster in the combat -> the negativ-positiv checks made for it and the number of
    #: the first (the step giving its Wirkung's number says why they do not apply)
    np_checks: dict[int, tuple[list[Step], int]] = {}
    #: the defending monster -> the factor of its Wirkung if its own planet decides
    #: (open point "np-defending")
    literal_factor: dict[int, Fraction] = {}
    for side, guardian in guardians.items():
        if guardian.symbols.has_negativ_positiv and side is not active:
            steps.append(Step(Outcome.NOT_APPLICABLE, msg(
                _("The negativ-positiv-Wirkung of the Schutzgottkarte of %(side)s does not "
                  "count."), side=side.label), _cites(Clause.NP_ACTIVE_SIDE),
                msg(_("Its side is not the side taking the active turn."))))
            for number in combat or ():
                if monsters[number - 1].side is side:
                    np_checks[number] = ([steps[-1]], len(steps))
    if np_guardian is not None and np_guardian.symbols.has_negativ_positiv and combat:
        for number in combat:
            monster = monsters[number - 1]
            other = monsters[(combat[1] if number == combat[0] else combat[0]) - 1]
            if monster.side is not np_guardian.side:
                continue
            effects_on_other = frozenset(c.attribute.value for c in changes_of[other.number])
            own_wirkung = next((c for c in changes_of[monster.number]
                                if c.key == f"wirkung-{active.value}"), None)
            amount = own_wirkung.amount if own_wirkung is not None else None
            np_inputs = {
                "guardian_side_active": True,
                "combat": (CombatRole.ATTACKING if number == combat[0]
                           else CombatRole.DEFENDING).value,
                "opponent_planet": other.planet.value, "opponent_effects": effects_on_other,
                "monster_planet": monster.planet.value}
            np_steps: list[Step] = []
            defending = number == combat[1]
            matched = _np_influence(np_guardian.symbols, np_inputs, np_steps,
                                    readings=defending)
            if defending:  # open point "np-defending": its own planet decides instead
                literal = _np_influence(
                    np_guardian.symbols,
                    {**np_inputs, "own_effects": frozenset(
                        c.attribute.value for c in changes_of[monster.number])}, [],
                    attacker_decides=False)
                literal_factor[number] = Fraction(1)
                if own_wirkung is not None and own_wirkung.amount:
                    for influence in literal:
                        literal_factor[number] *= np_factor(influence, own_wirkung.amount)
            np_checks[number] = (np_steps, len(steps) + 1)
            steps.extend(np_steps)
            if not matched:
                continue
            if other.side is not np_guardian.side:
                np_other[other.number] = matched
            for change in changes_of[monster.number]:
                if change.operation not in (Operation.ADD, Operation.SUBTRACT) or not change.amount:
                    continue
                signed = change.amount if change.operation is Operation.ADD else -change.amount
                factor = Fraction(1)
                for influence in matched:
                    factor *= np_factor(influence, signed)
                np_all.setdefault(monster.number, factor)
                if change is own_wirkung:
                    wirkung_factor[monster.number] = factor
                    steps.append(Step(Outcome.APPLIED, msg(
                        _("Monster %(number)s: the negativ-positiv-Wirkung scales the Wirkung's "
                          "change %(amount)s by %(factor)s."), number=number,
                        amount=_signed(amount), factor=_text(factor)),
                        _cites(Clause.NP_NEGATIV if Influence.NEGATIV in matched
                               else Clause.NP_POSITIV, Clause.NP_RULES)))

    # 4. Order and values per monster, with the readings of the open points.
    np_changes: dict[int, dict[int | str, Fraction]] = {}
    for monster in monsters:
        changes = changes_of[monster.number]
        factor_all = {}
        if monster.number in np_all:
            for change in changes:
                if change.operation in (Operation.ADD, Operation.SUBTRACT) and change.amount:
                    signed = change.amount if change.operation is Operation.ADD else -change.amount
                    f = Fraction(1)
                    for influence in _matched_for(np_guardian, monsters, combat, monster,
                                                  changes_of):
                        f *= np_factor(influence, signed)
                    factor_all[change.key] = f
        np_changes[monster.number] = factor_all
        own_key = f"wirkung-{active.value}"
        factors = ({own_key: wirkung_factor[monster.number]}
                   if monster.number in wirkung_factor else {})
        order = _order(changes, by_rank=True, spezial_first=False)
        n = monster.number
        if changes:
            steps.append(Step(Outcome.APPLIED, msg(
                _("Monster %(number)s: effects are evaluated by Wirkungsrang, lowest first "
                  "(Energie- & Monsterkarten 3, Schutzgottkarten 2), and within a rank from the "
                  "latest activated to the longest active: %(order)s."),
                number=n, order=tuple(_change_label(c) for c in order)),
                _cites(Clause.RANK, Clause.ORDER, Clause.ORDER_REGULAR)))
        result = {a: Fraction(v) for a, v in monster.bases.items()}
        for position, change in enumerate(order, start=1):
            before = result[change.attribute]
            amount = change.amount
            factor = factors.get(change.key, Fraction(1))
            if amount is not None and change.operation in (Operation.ADD, Operation.SUBTRACT):
                amount = amount * factor
            result[change.attribute] = _apply(change.operation, before, amount)
            checks, first = (np_checks.get(n, (None, 0))
                             if change.key == f"wirkung-{monster.side.value}" else (None, 0))
            steps.append(_np_considered(Step(Outcome.APPLIED, msg(
                _("Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, "
                  "Wirkungsrang %(rank)s, negativ-positiv factor %(factor)s): %(attribute)s "
                  "%(before)s → %(after)s."),
                number=n, position=position, effect=_change_label(change),
                source=change.source.label, rank=WIRKUNGSRANG[change.source],
                factor=_text(factor), attribute=change.attribute.label,
                before=_text(before), after=_text(result[change.attribute])),
                _cites(Clause.RANK, Clause.ORDER) + (
                    _cites(Clause.NP_RULES) if factor != 1 else ())), checks, first,
                _("Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, "
                  "Wirkungsrang %(rank)s, negativ-positiv factor %(factor)s): %(attribute)s "
                  "%(before)s → %(after)s. The negativ-positiv-Wirkung was considered and does "
                  "not apply: %(why)s")))
        # open point: whose planet decides for the defending monster
        if n in literal_factor:
            point = f"monster-{n}-np-defending"
            other = _roll(monster, order, {**factors, own_key: literal_factor[n]})
            readings += [
                Reading(point, msg(_("The attacking monster's planet and effects decide, "
                                     "in place of the attack target")),
                        _attribute_values(n, result), _cites(Clause.NP_RULES), True,
                        msg(_("The negativ-positiv-Wirkung is read as one planet acting on "
                              "another (\"Erde wirkt negativ auf Venus\"): the other monster in "
                              "the combat acts on the monster under the Wirkung."))),
                Reading(point, msg(_("The defending monster is itself the attack target: "
                                     "its own planet decides")),
                        _attribute_values(n, other), _cites(Clause.NP_RULES))]
        # open point: does the description or the negativ-positiv limit decide the reach
        for side, reaches in np_scope[n]:
            key = f"wirkung-{side.value}"
            guardian = guardians[side]
            alternative = [c for c in changes if c.key != key] + ([Change(
                key, Source.GUARDIAN_WIRKUNG, side, 0, guardian.wirkung_attribute,
                Operation.ADD, guardian.wirkung_amount)] if reaches else [])
            other = _roll(monster, _order(alternative, by_rank=True, spezial_first=False),
                          factors)
            point = f"monster-{n}-np-scope-{side.value}"
            readings += [
                Reading(point, msg(_("The negativ-positiv rule limits the Wirkung to own "
                                     "monsters of the Basis-Planetensymbol")),
                        _attribute_values(n, result), _cites(Clause.NP_RULES), True,
                        msg(_("1.2.4 › negativ-positiv-Wirkung ¶2 is written for exactly this "
                              "kind of card and says the Wirkung \"gilt nur für eigene "
                              "Monsterkarten\" of the Basis-Symbol, without an exception for "
                              "the description."))),
                Reading(point, msg(_("The description prevails: the Wirkung reaches the "
                                     "monsters it names")),
                        _attribute_values(n, other), _cites(Clause.WIRKUNG_SCOPE, Clause.IMMUNITY))]
        # open point: rank against recency
        recency = _order(changes, by_rank=False, spezial_first=False)
        if [c.key for c in recency] != [c.key for c in order]:
            other = _roll(monster, recency, factors)
            readings += [
                Reading(f"monster-{n}-rank-or-recency", msg(_("Wirkungsrang first, then the "
                                                              "latest activated")),
                        _attribute_values(n, result), _cites(Clause.RANK, Clause.ORDER), True,
                        msg(_("The text's example gives the lower Wirkungsrang as a reason for "
                              "the order, and 1.2.4 › Behandlung der Reihenfolge von Effekt & "
                              "Wirkung ¶1 sets the ranks; the focused scenario "
                              "\"%(scenario)s\" uses this reading too."),
                            scenario=_ORDER.title)),
                Reading(f"monster-{n}-rank-or-recency", msg(_("Activation order alone, from "
                                                              "the latest activated")),
                        _attribute_values(n, other), _cites(Clause.ORDER, Clause.ORDER_REGULAR))]
            steps.append(Step(Outcome.SILENT, msg(
                _("Monster %(number)s: Wirkungsrang and activation order disagree; both "
                  "readings are shown."), number=n), _cites(Clause.RANK, Clause.ORDER),
                msg(_("The texts give both reasons for their example and do not say which "
                      "decides when they disagree."))))
        # open point: Spezial-Wirkung before Wirkung of one Schutzgottkarte
        for side in Spielfeldseite:
            sources = {c.source for c in changes if c.side is side}
            if {Source.GUARDIAN_WIRKUNG, Source.GUARDIAN_SPEZIAL} <= sources:
                other = _roll(monster, _order(changes, by_rank=True, spezial_first=True),
                              factors)
                if _attribute_values(n, other) == _attribute_values(n, result):
                    steps.append(Step(Outcome.SILENT, msg(
                        _("Monster %(number)s: the Spezial-Wirkung was evaluated after the "
                          "Wirkung."), number=n),
                        _cites(Clause.RANK, Clause.ORDER),
                        msg(_("\"Spezial-Wirkung steht vor der Wirkung\" does not say whether "
                              "it is evaluated first or ranks above; the engine read it as "
                              "ranking above, and the higher-ranked effect is evaluated later "
                              "(as the Schutzgottkarte after the Energiekarte). Evaluated "
                              "first, it gives the same values here."))))
                    continue
                point = f"monster-{n}-spezial-or-wirkung-{side.value}"
                readings += [
                    Reading(point, msg(_("The Spezial-Wirkung ranks above the Wirkung and is "
                                         "evaluated after it")),
                            _attribute_values(n, result), _cites(Clause.RANK, Clause.ORDER),
                            True, msg(_("A higher-ranked effect is evaluated later, as the "
                                        "Schutzgottkarte after the Energiekarte in the text's "
                                        "example."))),
                    Reading(point, msg(_("The Spezial-Wirkung is evaluated before the Wirkung")),
                            _attribute_values(n, other), _cites(Clause.RANK))]
        # open point: negativ-positiv on changes from other cards
        if factor_all and any(k != own_key for k in factor_all):
            other = _roll(monster, order, factor_all)
            point = f"monster-{n}-np-scope"
            readings += [
                Reading(point, msg(_("negativ-positiv scales the Wirkung of the Schutzgottkarte "
                                     "only")),
                        _attribute_values(n, result), _cites(Clause.NP_RULES, Clause.NP_NEGATIV,
                                                             Clause.NP_POSITIV), True,
                        msg(_("The text's example doubles or halves only the Wirkung's "
                              "increase."))),
                Reading(point, msg(_("negativ-positiv scales every increase and reduction on "
                                     "the monster")),
                        _attribute_values(n, other), _cites(Clause.NP_NEGATIV, Clause.NP_POSITIV))]
            steps.append(Step(Outcome.SILENT, msg(
                _("Monster %(number)s: whether the negativ-positiv-Wirkung scales changes from "
                  "other cards is open; both readings are shown."), number=n),
                _cites(Clause.NP_NEGATIV, Clause.NP_POSITIV),
                msg(_("The texts say \"alle Reduzierungen … Erhöhungen\" and give an example "
                      "with the Wirkung only."))))
        # open point: does negativ-positiv also change the other monster of the combat?
        if n in np_other:
            scaled = dict(factors)
            for change in changes:
                if change.operation in (Operation.ADD, Operation.SUBTRACT) and change.amount:
                    signed = change.amount if change.operation is Operation.ADD else -change.amount
                    f = Fraction(1)
                    for influence in np_other[n]:
                        f *= np_factor(influence, signed)
                    scaled[change.key] = f
            if scaled != factors:
                other = _roll(monster, order, scaled)
                point = f"monster-{n}-np-other-monster"
                clauses = _cites(Clause.NP_RULES, *(
                    [Clause.NP_NEGATIV] if Influence.NEGATIV in np_other[n] else []) + (
                    [Clause.NP_POSITIV] if Influence.POSITIV in np_other[n] else []))
                readings += [
                    Reading(point, msg(_("negativ-positiv changes only the monster on the "
                                         "side of the Schutzgottkarte")),
                            _attribute_values(n, result), clauses, True,
                            msg(_("The text's example halves or doubles only the increase of "
                                  "the attacking Venus monster and reads the attack target's "
                                  "planet as acting on it (\"Erde wirkt negativ auf "
                                  "Venus\"); nothing is said of the attack target's own "
                                  "values."))),
                    Reading(point, msg(_("negativ-positiv also changes this monster, which is "
                                         "in the combat too")),
                            _attribute_values(n, other), clauses)]
                steps.append(Step(Outcome.SILENT, msg(
                    _("Monster %(number)s is in the combat with a monster whose "
                      "negativ-positiv-Wirkung counts; whether it changes this monster's "
                      "values too is open; both readings are shown."), number=n),
                    clauses,
                    msg(_("The texts say the negativ-positiv-Wirkung affects only monster "
                          "cards in a combat, and both monsters are in it; their example "
                          "scales only the attacking monster."))))
        # open point: half points
        halves = {a: v for a, v in result.items() if v.denominator != 1}
        if halves:
            point = f"monster-{n}-half-points"
            readings += [
                Reading(point, msg(_("Half points are kept exact")), _attribute_values(n, result),
                        _cites(Clause.ORDER, Clause.NP_NEGATIV), True,
                        msg(_("No text gives a rounding rule, so nothing is rounded."))),
                Reading(point, msg(_("Half points are rounded down")),
                        _attribute_values(n, {a: Fraction(v.numerator // v.denominator)
                                              for a, v in result.items()}),
                        _cites(Clause.ORDER, Clause.NP_NEGATIV)),
                Reading(point, msg(_("Half points are rounded up")),
                        _attribute_values(n, {a: Fraction(-(-v.numerator // v.denominator))
                                              for a, v in result.items()}),
                        _cites(Clause.ORDER, Clause.NP_NEGATIV))]
            steps.append(Step(Outcome.SILENT, msg(
                _("Monster %(number)s has half points; the readings show exact and rounded "
                  "values."), number=n), _cites(Clause.ORDER),
                msg(_("The texts do not say how to round half points."))))
        values.extend(_attribute_values(n, result))
        values.append(Value(f"monster_{n}_order", tuple(c.key for c in order),
                            msg(_("Monster %(number)s: evaluation order"), number=n),
                            tuple(_change_label(c) for c in order)))
        wirkung = next((c for c in changes if c.key == f"wirkung-{monster.side.value}"
                        or c.key == f"wirkung-{monster.side.other.value}"), None)
        change_value = Fraction(0)
        for c in changes:
            if isinstance(c.key, str):
                change_value += c.amount * factors.get(c.key, Fraction(1))
        values.append(Value(f"monster_{n}_wirkung_change", _exact(change_value),
                            msg(_("Monster %(number)s: change by the Wirkung of the Schutzgottkarten"),
                                number=n)))
        values.append(Value(f"monster_{n}_np_factor",
                            _exact(wirkung_factor.get(n, Fraction(1))),
                            msg(_("Monster %(number)s: negativ-positiv factor"), number=n)))
        del wirkung

    # 5. Activation costs under Spezial-Wirkungen.
    for monster in monsters:
        if monster.cost is None:
            continue
        paid = monster.cost
        for side, guardian in guardians.items():
            if guardian.spezial_cost_change is None:
                continue
            paid, _reached = _wb_monster(
                monster.number, monster.planet, paid,
                Side.OWN if monster.side is side else Side.OPPOSING, guardian.limit,
                guardian.spezial_cost_change, guardian.spezial_extends, steps)
        values.append(Value(f"monster_{monster.number}_cost", paid,
                            msg(_("Monster %(number)s: Energiepunkte paid on activation"),
                                number=monster.number)))
    if any(g.limit is not None and g.spezial_cost_change is not None for g in guardians.values()):
        steps.append(Step(Outcome.APPLIED, msg(
            _("A Wirkungsbegrenzung limits the Spezial-Wirkung to monster cards of its planet.")),
            _cites(Clause.WB_CARD, Clause.WB_RULE)))
    del np_changes
    return Ruling("situation", tuple(values), tuple(steps), tuple(notes), tuple(readings))


def _matched_for(guardian: Guardian | None, monsters: tuple[Monster, ...],
                 combat: tuple[int, int] | None, monster: Monster,
                 changes_of: Mapping[int, list[Change]]) -> frozenset[Influence]:
    """The negativ-positiv influences on ``monster`` (no steps)."""
    if guardian is None or combat is None or monster.number not in combat:
        return frozenset()
    other = monsters[(combat[1] if monster.number == combat[0] else combat[0]) - 1]
    if not changes_of[other.number]:
        return frozenset()
    matched = set()
    if other.planet is guardian.symbols.right:
        matched.add(Influence.NEGATIV)
    if other.planet is guardian.symbols.left:
        matched.add(Influence.POSITIV)
    return frozenset(matched)


@functools.lru_cache(maxsize=256)
def _attribute_name(number: int, attribute: Attribute) -> tuple[str, Message]:
    """The value name and label of monster ``number``'s ``attribute`` (cached)."""
    return (f"monster_{number}_{attribute.value}",
            msg(_("Monster %(number)s: %(attribute)s"), number=number, attribute=attribute.label))


def _attribute_values(number: int, values: Mapping[Attribute, Fraction]) -> tuple[Value, ...]:
    found = []
    for attribute in _ATTRIBUTES:
        value = values.get(attribute)
        if value is not None:
            name, label = _attribute_name(number, attribute)
            found.append(Value(name, _exact(value), label))
    return tuple(found)


_ATTRIBUTES = tuple(Attribute)


_PD_GUARDIAN = {"side": "a", "base_planet": "venus", "left_planet": "mars",
                "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20}


def _pd_case(target_planet: str, attacker_planet: str = "venus",
             target_effects: bool = True) -> dict[str, Any]:
    """PD-1..PD-4: side A active, its Venus/Mars/Erde Schutzgottkarte, a combat."""
    return {
        "active_side": "a", "guardians": [_PD_GUARDIAN],
        "monsters": [{"side": "a", "planet": attacker_planet, "ap": 100},
                     {"side": "b", "planet": target_planet, "dp": 100}],
        "attacker": 1, "target": 2,
        "effects": ([{"source": "energy", "source_side": "b", "target_monster": 2,
                      "attribute": "dp", "operation": "add", "amount": 10}]
                    if target_effects else []),
    }


SITUATION = Scenario(
    slug="situation",
    game=GAME,
    title=msg(_("The table: both Schutzgottkarten, monsters, combat and effects")),
    summary=msg(_("Every card's final values and costs when the rules of chapter 1.2.4 act "
                  "together, with each change's order, Wirkungsrang and negativ-positiv "
                  "factor, and every reading where the texts are open.")),
    fields=_SITUATION_FIELDS,
    evaluator=_evaluate_situation,
    check=_check_situation,
    citations=tuple(dict.fromkeys(c for scenario in (_WIRKUNG, _WB, _ORDER, _IMMUNITY)
                                  for c in scenario.citations)),
    examples=(
        Example("pd-1", msg(_("Fall 1 – negativ-Wirkung: a Venus monster attacks an Erde monster")),
                _pd_case("erde"), {"monster_1_wirkung_change": 10, "monster_1_ap": 110,
                                   "monster_1_np_factor": Fraction(1, 2)},
                Clause.NP_NEGATIV.cite()),
        Example("pd-2", msg(_("Fall 2 – positiv-Wirkung: a Venus monster attacks a Mars monster")),
                _pd_case("mars"), {"monster_1_wirkung_change": 40, "monster_1_ap": 140,
                                   "monster_1_np_factor": 2},
                Clause.NP_POSITIV.cite()),
        Example("pd-3", msg(_("As Fall 2, but the attack target is under no effect")),
                _pd_case("mars", target_effects=False),
                {"monster_1_wirkung_change": 20, "monster_1_ap": 120},
                Clause.NP_RULES.cite()),
        Example("pd-4", msg(_("As Fall 1, but the attacking monster is a Merkur monster")),
                _pd_case("erde", attacker_planet="merkur"),
                {"monster_1_wirkung_change": 0, "monster_1_ap": 100},
                Clause.WIRKUNG_SCOPE.cite()),
        Example("pd-5", msg(_("Wirkungsbegrenzung Venus: monsters pay 1 Energiepunkt less, only "
                              "Venus monsters")),
                {"guardians": [{"side": "a", "base_planet": "venus", "left_planet": "venus",
                                "spezial_cost_change": -1}],
                 "monsters": [{"side": "a", "planet": "venus", "cost": 4},
                              {"side": "a", "planet": "mars", "cost": 4}]},
                {"monster_1_cost": 3, "monster_2_cost": 4}, Clause.WB_RULE.cite()),
        Example("pd-6", msg(_("An Energiekarte halves the AP of a monster already under the "
                              "Wirkung +20 AP")),
                {"guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
                                "wirkung_amount": 20}],
                 "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
                 "effects": [{"source": "energy", "target_monster": 1, "attribute": "ap",
                              "operation": "halve"}]},
                {"monster_1_ap": 70, "monster_1_order": (1, "wirkung-a")}, Clause.ORDER.cite()),
        Example("pd-7", msg(_("Effects aimed at a Schutzgottkarte from an Energiekarte, a "
                              "Monsterkarte, a Gravitations-Energiekarte and the opposing "
                              "Schutzgottkarte")),
                {"guardians": [{"side": "a", "base_planet": "venus"},
                               {"side": "b", "base_planet": "mars"}],
                 "effects": [
                     {"source": "energy", "source_side": "b", "target_guardian": "a"},
                     {"source": "monster", "source_side": "b", "target_guardian": "a"},
                     {"source": "gravitation-energy", "source_side": "b",
                      "target_guardian": "a"},
                     {"source": "guardian-spezial-wirkung", "source_side": "b",
                      "target_guardian": "a"}]},
                {"effect_1_affects": False, "effect_2_affects": False, "effect_3_affects": True,
                 "effect_4_affects": False}, Clause.IMMUNITY.cite()),
    ),
)


RULESET = Ruleset(
    game=GAME,
    title=msg(_("Power-Duell")),
    documents=(DOCUMENT,),
    scenarios=(_WIRKUNG, _WB, _ORDER, _IMMUNITY, SITUATION),
)

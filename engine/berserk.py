"""Berserk (Берсерк) comprehensive rules 106–109: elements, property replacement, timing.

The table (:class:`Table`) is one card — its initial state, elements, changes in order, zone and
moment of the turn — and its features against other cards' elements.  The rules (:data:`RULES`),
each bound to its :class:`Clause`, rule on it in one run; each focused scenario is the
``situation`` restricted to part of the table (its rules' steps, its own values).  A point the
texts leave open is an :class:`OpenPoint` a rule declares, its other readings shown where the
values differ; facts outside the texts (:data:`UNCOVERED`, :data:`TERMS`) are reported.

>>> ruling = RULESET.scenario("element-feature").evaluate(
...     {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]})
>>> ruling.value("strike_bonus"), [c.key for c in ruling.citations()]
(2, ['106.p1'])
"""

from __future__ import annotations

import enum
import functools
import re
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping

from engine.core import (
    NOT_COVERED_VALUE, ClauseKey, DocumentRef, Example, Field, FieldKind, InputError, Labelled,
    Message, OpenPoint, Outside, RuleRun, Ruleset, RunView, Scenario, Trace, Uncovered, Value, _,
    card_text_field, fail_first, gather, has_card_text, msg, open_point, rule,
    validate_fields,
)

GAME = "berserk"


class Clause(ClauseKey):
    """The clauses of the comprehensive rules 106–109 that the rules rest on (seed version 1).

    >>> Clause.REPLACE.cite().key, Clause.SAME.cite().document.document
    ('108.1', 'comprehensive-rules')
    """
    document = enum.nonmember(DocumentRef(GAME, "comprehensive-rules"))
    FEATURE = "106.p1"        # a feature against an element works against any card having it
    SAME = "106.p2"           # same element / different elements (except neutral cards)
    NO_REGAIN = "106.p3"      # a card cannot gain an element it already has
    TYPE = "106.3"            # the card types
    SUBTYPE = "106.4"         # the subtypes (creatures only)
    ADDITIONAL = "107.1"      # additional properties
    SLOW = "107.2"            # simple strike and closing: own Choice sub-phase only
    FAST = "107.3"            # defender assignment: when a simple strike is declared
    INITIAL = "108.p1"        # initial type (subtype): the one before the game starts
    REPLACE = "108.1"         # property replacement
    NON_GAME_DEF = "109.p1"   # non-game elements: non-game text and service information
    NON_GAME = "109.1"        # the list of non-game elements


# -- Domain primitives -------------------------------------------------------------------------

class Element(Labelled):
    """An element (стихия) of a card, plus the neutral marker (нейтральная), in the usual order."""
    STEPPE = ("steppe", _("steppe (степи)"))
    FOREST = ("forest", _("forest (леса)"))
    MOUNTAINS = ("mountains", _("mountains (горы)"))
    SWAMP = ("swamp", _("swamp (болота)"))
    DARKNESS = ("darkness", _("darkness (тьма)"))
    NEUTRAL = ("neutral", _("neutral (нейтральная)"))


class Relation(Labelled):
    """How the elements of two cards relate (106.p2)."""
    SAME = ("same", _("cards of the same element"))
    DIFFERENT = ("different", _("cards of different elements"))
    NEITHER = ("neither", _("neither the same nor different elements (a neutral card)"))


class CardType(Labelled):
    """The type of a card (106.3)."""
    CREATURE = ("creature", _("creature (существо)"))
    ARTIFACT = ("artifact", _("artifact (артефакт)"))
    TERRAIN = ("terrain", _("terrain (местность)"))
    EQUIPMENT = ("equipment", _("equipment (экипировка)"))
    CONDITION = ("condition", _("condition (условие)"))


class Subtype(Labelled):
    """The subtype of a creature (106.4); other types have none."""
    FLYING = ("flying", _("flying creature (летающее существо)"))
    NON_FLYING = ("non-flying", _("non-flying creature (нелетающее существо)"))
    INDEPENDENT = ("independent", _("independent creature (самостоятельное существо)"))
    SYMBIOTE = ("symbiote", _("symbiote (симбиот)"))


class Status(Labelled):
    """Elite (элитная) or ordinary (рядовая) card (108.1)."""
    ELITE = ("elite", _("elite (элитная)"))
    ORDINARY = ("ordinary", _("ordinary (рядовая)"))


NONE_LABEL = msg(_("none"))  #: no subtype, no movement value
FLIGHT_ICON = msg(_("flight icon (полёт)"))  #: in place of movement on a flying creature (108.1)
NOT_STATED = msg(_("not stated"))  #: a subtype or movement value the input does not give


class AdditionalProperty(Labelled):
    """The additional properties of 107.1, in the clause's order."""
    SIMPLE_STRIKE = ("simple-strike", _("attack with a simple strike (атака простым ударом)"))
    REPEL_STRIKE = ("repel-strike", _("repelling a simple strike (отражение простого удара)"))
    DEFENDER = ("defender", _(
        "assigning a defender against a simple strike (назначение защитника)"))
    CLOSING = ("closing", _(
        "closing to strike a flying creature (закрытие на удар по летающему существу)"))

    @property
    def holders(self) -> Message:
        """Who has the property by default (107.1)."""
        return msg(_("non-flying creatures in the play zone") if self is AdditionalProperty.CLOSING
                   else _("creatures in the play zone"))

    @property
    def value_name(self) -> str:
        """The name of the property's result value (``simple_strike``)."""
        return self.value.replace("-", "_")


#: The properties 107.2 and 107.3 time, in the order the rulings give them.
TIMED = (AdditionalProperty.SIMPLE_STRIKE, AdditionalProperty.CLOSING, AdditionalProperty.DEFENDER)


class Turn(Labelled):
    """Whose turn it is, seen from the card's player."""
    OWN = ("own", _("its player's own turn"))
    OPPONENT = ("opponent", _("the opponent's turn"))


class Phase(Labelled):
    """The phase of the turn: the Main phase (Главная фаза) or another one."""
    MAIN = ("main", _("Main phase (Главная фаза)"))
    OTHER = ("other", _("another phase"))


class SubPhase(Labelled):
    """The sub-phase of the Main phase: Choice (подфаза Выбора) or another one."""
    CHOICE = ("choice", _("Choice sub-phase (подфаза Выбора)"))
    OTHER = ("other", _("another sub-phase"))


class StrikeBy(Labelled):
    """Whether a simple strike is being declared right now, and by whom."""
    NONE = ("none", _("no simple strike is being declared"))
    OPPONENT = ("opponent", _("the opponent declares a simple strike"))
    OWN = ("own", _("its own player declares a simple strike"))


class ChangeKind(Labelled):
    """A change that happens to a card (108.1), or its gaining an element (106.p3)."""
    BECOME_CREATURE = ("become-creature", _("becomes a creature (of the subtype named, if any)"))
    BECOME_ARTIFACT = ("become-artifact", _("becomes an artifact"))
    BECOME_TERRAIN = ("become-terrain", _("becomes a terrain"))
    BECOME_EQUIPMENT = ("become-equipment", _("becomes equipment"))
    BECOME_CONDITION = ("become-condition", _("becomes a condition"))
    GAIN_FLIGHT = ("gain-flight", _("gains flight (получает полёт)"))
    LOSE_FLIGHT = ("lose-flight", _("loses flight (теряет полёт)"))
    LOSE_TYPE = ("lose-type", _("loses the type it acquired"))
    BECOME_ELITE = ("become-elite", _("becomes elite"))
    BECOME_ORDINARY = ("become-ordinary", _("becomes ordinary"))
    GAIN_ELEMENT = ("gain-element", _("gains an element"))


class NonGameElement(Labelled):
    """A non-game element of a card (109.1), which serves its artistic and auxiliary design."""
    LEGEND = ("legend", _("legend (легенда)"))
    FLAVOUR_TEXT = ("flavour-text", _("flavour text (художественный текст)"))
    ILLUSTRATION = ("illustration", _("illustration (иллюстрация)"))
    SET_SYMBOL = ("set-symbol", _("set symbol (значок сета)"))
    COLLECTOR_NUMBER = ("collector-number", _("collector number (коллекционный номер)"))
    RARITY = ("rarity", _("rarity symbol (символ редкости)"))


_BECOME_TYPE = {ChangeKind(f"become-{t.value}"): t for t in CardType}
_BECOME_STATUS = {ChangeKind(f"become-{s.value}"): s for s in Status}
_OWN_SUBTYPES = (Subtype.INDEPENDENT, Subtype.SYMBIOTE)
_CREATURE = CardType.CREATURE


def _labels(elements: frozenset[Element] | None) -> tuple[Message, ...]:
    return tuple(element.label for element in Element if element in (elements or ()))


# -- The table ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    """A card's base properties: on the table its initial ones (108.p1), in a run its current.

    ``subtype`` ``None`` for no creature (106.4) or one not given; ``status`` ``None`` where not
    asked; ``movement`` (запас движения) in points, ``None`` if none shown; ``flight``: the
    flight icon in place of movement on a creature that kept another subtype when it gained
    flight (only under a reading of :data:`SUBTYPE_FLIGHT`)."""
    type: CardType
    subtype: Subtype | None
    status: Status | None
    movement: int | None
    flight: bool = False

    @property
    def flying(self) -> bool:
        """True if the card is a flying creature, or a creature with the flight icon."""
        return self.type is _CREATURE and (self.subtype is Subtype.FLYING or self.flight)

    def subtype_label(self) -> Message:
        """The subtype; "none" for no creature, "not stated" for a creature without one."""
        return (self.subtype.label if self.subtype is not None
                else NOT_STATED if self.type is _CREATURE else NONE_LABEL)

    def status_label(self) -> Message:
        """The status, or "not stated"."""
        return self.status.label if self.status else NOT_STATED

    def movement_value(self) -> int | Message:
        """The movement as shown: a number, the flight icon, "none" or "not stated".

        >>> Card(CardType.CREATURE, Subtype.FLYING, None, None).movement_value().id
        'flight icon (полёт)'
        """
        return (NONE_LABEL if self.type is not _CREATURE else FLIGHT_ICON if self.flying
                else NOT_STATED if self.movement is None else self.movement)


@dataclass(frozen=True)
class Change:
    """One change in the card's history: its kind, the subtype and movement a "becomes a
    creature" names, the element a "gains an element" gives (else ``None``)."""
    kind: ChangeKind
    subtype: Subtype | None = None
    movement: int | None = None
    element: Element | None = None


@dataclass(frozen=True)
class Moment:
    """Whose turn, the phase, the sub-phase of the Main phase (``None`` outside it), and
    whether a simple strike is being declared, by whom."""
    turn: Turn
    phase: Phase
    subphase: SubPhase | None
    strike: StrikeBy


@dataclass(frozen=True)
class Feature:
    """A feature of the card usable against cards of ``element``, worth ``bonus`` strike points."""
    element: Element
    bonus: int


@dataclass(frozen=True)
class Target:
    """A card the features are used against (card B of ``same-element``), by its elements."""
    elements: frozenset[Element]


@dataclass(frozen=True)
class Table:
    """What is on the table; a part a scenario does not ask for is empty (``None``, ``()``).

    ``card`` and ``elements`` are the card's (``elements`` is card A of ``same-element``),
    ``changes`` its history in order, ``use_prevented`` what a feature stops it from using,
    ``features`` × ``targets`` its features against other cards' elements (the features it has
    before its changes, e.g. printed on it)."""
    card: Card | None = None
    elements: frozenset[Element] | None = None
    in_play_zone: bool = True
    changes: tuple[Change, ...] = ()
    moment: Moment | None = None
    use_prevented: frozenset[AdditionalProperty] = frozenset()
    features: tuple[Feature, ...] = ()
    targets: tuple[Target, ...] = ()
    instead_of_movement: bool = False
    non_game_elements: frozenset[NonGameElement] = frozenset()
    gains_together: bool = False  # ``changes`` gain elements at once, in no order given

    @functools.cached_property
    def _ruled(self) -> _Run:
        """Every rule run once under the first readings, shared by the parser and the ruling."""
        return _run(self)


# -- Facts outside the texts, terms, open points -----------------------------------------------

NEUTRAL_WITH_ELEMENTS = Uncovered("neutral-with-elements", msg(_(
    "%(card)s is given as neutral and also with the elements %(elements)s; the texts do not "
    "say whether a neutral card can have an element")), Outside.NOT_IN_TEXTS, (Clause.SAME,))
INSTEAD_OF_MOVEMENT = Uncovered("instead_of_movement", msg(_(
    "an ability used instead of movement")), Outside.NOT_IN_TEXTS, (Clause.REPLACE,))
NEW_CREATURE_SUBTYPE = Uncovered("subtype-of-a-new-creature", msg(_(
    "the subtype of a card whose initial type is %(type)s and that becomes a creature with no "
    "subtype named: 108.1 gives back the initial subtype, and the card has none")),
    Outside.NOT_IN_TEXTS, (Clause.REPLACE, Clause.INITIAL))
UNCOVERED = (NEUTRAL_WITH_ELEMENTS, INSTEAD_OF_MOVEMENT, NEW_CREATURE_SUBTYPE)
#: Terms the clauses name without defining them (defined in chapters the site does not publish).
TERMS = tuple(Uncovered(slug, msg(what), Outside.OTHER_CHAPTER, keys) for slug, what, keys in (
    ("element", _("element (стихия) and neutral card (нейтральная карта)"),
     (Clause.FEATURE, Clause.SAME)),
    ("feature", _("feature of a card (особенность)"),
     (Clause.FEATURE, Clause.ADDITIONAL, Clause.REPLACE)),
    ("base-properties", _("base and non-base properties, the field of base properties "
                          "(базовые и небазовые свойства)"),
     (Clause.TYPE, Clause.ADDITIONAL, Clause.REPLACE)),
    ("play-zone", _("the play zone (игровая зона)"), (Clause.ADDITIONAL,)),
    ("turn-phases", _("the turn, the Main phase and its Choice sub-phase (ход, Главная фаза, "
                      "подфаза Выбора)"), (Clause.SLOW,)),
    ("simple-strike", _("simple strike and defender (простой удар, защитник)"),
     (Clause.ADDITIONAL, Clause.SLOW, Clause.FAST)),
    ("playable-properties", _("playable, fast and slow properties (играемые, внезапные и "
                              "невнезапные свойства)"), (Clause.SLOW, Clause.FAST)),
    ("card-area", _("an area of the card (область на карте)"), (Clause.REPLACE,)),
    ("movement", _("movement and the flight icon (запас движения, полёт)"), (Clause.REPLACE,)),
    ("elite-ordinary", _("elite and ordinary cards (элитная, рядовая)"), (Clause.REPLACE,))))

NEUTRAL_SHARED = open_point(
    "neutral-shared-element", _("Is neutral an element two neutral cards share?"), (Clause.SAME,),
    _("106 ¶2 names neutral cards only as an exception (кроме нейтральных карт), apart from "
      "the elements cards belong to."),
    ("apart", _("Neutral is no element: the cards are neither of the same nor of different "
                "elements"), Clause.SAME),
    ("element", _("Neutral is an element both cards belong to: they are cards of the same "
                  "element"), Clause.SAME))
NEUTRAL_GAIN = open_point(
    "neutral-gains-element", _("Does a neutral card that gains an element stay neutral?"),
    (Clause.NO_REGAIN, Clause.SAME),
    _("The texts do not say whether a neutral card that gains an element stays neutral; the "
      "engine assumed it does not."),
    ("no-longer", _("It is no longer neutral"), Clause.SAME),
    ("stays", _("It stays neutral and also has the element"), Clause.NO_REGAIN))
GAIN_ADDS = open_point(
    "gained-element", _("Is a gained element added to the card's elements, or does it "
                        "replace them?"), (Clause.NO_REGAIN, Clause.REPLACE),
    _("The texts do not say whether a gained element is added or replaces the card's element "
      "(108.1 replaces a property in the same area of the card); the engine assumed it is "
      "added, as 106 ¶2 and 106 ¶3 speak of cards with several elements."),
    ("added", _("It is added to the card's elements"), (Clause.SAME, Clause.NO_REGAIN)),
    ("replaces", _("It replaces the card's elements, as a property in the same area of the "
                   "card"), Clause.REPLACE))
ELEMENTS_AFTER_TYPE = open_point(
    "elements-after-type-change", _("Does a card whose type changes to one other than creature "
                                    "keep its elements?"), (Clause.REPLACE, Clause.TYPE),
    _("108.1 takes away only what a card of the new type cannot have, and no text says such a "
      "card cannot have an element; 106 ¶2 speaks of any card."),
    ("keeps", _("It keeps its elements"), (Clause.REPLACE, Clause.SAME)),
    ("loses", _("It loses its elements, as something a card of its new type cannot have"),
     (Clause.REPLACE, Clause.TYPE)))
#: Met only under the reading "loses" of :data:`ELEMENTS_AFTER_TYPE` (judge round 11).
ELEMENTS_BACK = open_point(
    "elements-back", _("Does a card that lost its elements with a change of type get them back "
                       "when it becomes a creature again?"), (Clause.REPLACE, Clause.INITIAL),
    _("108.1 gives back the initial subtype with its numeric values and makes the base "
      "properties match the card's new type; it does not say whether elements taken with a "
      "type come back."),
    ("stay-lost", _("No: they stay lost; 108.1 gives back only the subtype and its numeric "
                    "values"), (Clause.REPLACE, Clause.INITIAL)),
    ("back", _("Yes: a creature again, it has its elements again, as its base properties "
               "match its type"), (Clause.REPLACE, Clause.TYPE)))
#: Met only under the reading "loses" of :data:`FEATURES_AFTER_TYPE` (judge round 11).
FEATURES_BACK = open_point(
    "features-back", _("Does a card that lost a feature with a change of type get it back when "
                       "it has its initial type again?"), (Clause.REPLACE, Clause.FEATURE),
    _("108.1 makes the base properties match the card's type and gives back the initial "
      "subtype; it does not say whether a feature taken with a type comes back."),
    ("stay-lost", _("No: the feature stays lost"), (Clause.REPLACE,)),
    ("back", _("Yes: with its initial type it has the feature again, as a card of that type "
               "has it"), (Clause.REPLACE, Clause.FEATURE)))
FEATURES_AFTER_TYPE = open_point(
    "features-after-type-change", _("Does a card whose type changes keep its feature against "
                                    "an element?"), (Clause.REPLACE, Clause.FEATURE),
    _("108.1 takes away only the properties and features (особенности) a card of the new type "
      "cannot have, and names no such feature; 106 ¶1 speaks of a feature of any card "
      "(особенность карты)."),
    ("keeps", _("The card keeps feature %(feature)s (%(bonus)s to strike against "
                "%(element)s)"), (Clause.REPLACE, Clause.FEATURE)),
    ("loses", _("The card loses feature %(feature)s at change %(number)s, as one a card of type "
                "%(type)s cannot have: no strike bonus"), Clause.REPLACE))
LOST_FLIGHT = open_point(
    "lost-flight", _("What does a card whose initial subtype is flying, or which was no "
                     "creature before the game, become when it loses flight?"),
    (Clause.REPLACE, Clause.INITIAL),
    _("A card that loses flight no longer flies; its initial subtype would give the flight "
      "back."),
    ("non-flying", _("A non-flying creature with no stated movement"), Clause.REPLACE),
    ("initial", _("Its initial subtype comes back, as 108.1 says for a card whose new subtype "
                  "is not named"), (Clause.REPLACE, Clause.INITIAL)))
#: Judge round 12 (BK-B): 108.1's example speaks of the card as it was when it gained flight
#: ("такая карта": a non-flying creature with movement 2), the clause's rule of the initial
#: subtype.  The two differ where the card changed between the game's start and the gain.
BEFORE_FLIGHT = open_point(
    "before-flight", _("Does a card that loses flight get back what it had before it gained "
                       "flight, or its initial subtype?"), (Clause.REPLACE, Clause.INITIAL),
    _("108.1 gives back the initial subtype when no new subtype is named; its example gives "
      "back the movement of the card as it was when it gained flight. In the example the two "
      "are the same; here the card changed before it gained flight."),
    ("initial", _("Its initial subtype with its numeric values (108.1)"),
     (Clause.REPLACE, Clause.INITIAL)),
    ("before-gain", _("What it had before it gained flight, as in the example of 108.1"),
     (Clause.REPLACE,)))
NAMED_MOVEMENT = open_point(
    "named-subtype-movement", _("Does a creature that becomes its initial subtype again by name "
                                "get back its initial movement?"), (Clause.REPLACE,),
    _("108.1 gives back the numeric values with the initial subtype when no new subtype is "
      "named; here the subtype is named and the effect states no movement. The engine assumed "
      "the initial value."),
    ("initial", _("Its initial movement comes back"), (Clause.REPLACE, Clause.INITIAL)),
    ("not-stated", _("Its movement is not stated"), Clause.REPLACE))
RESTATED_MOVEMENT = open_point(
    "restated-movement", _("Does a movement the effect states replace the movement of a "
                           "creature that already is of the subtype it names?"), (Clause.REPLACE,),
    _("108.1 ¶1 makes a property a card acquires replace the one in the same area of the card; "
      "its second paragraph sets the base properties anew when the type or subtype changes, "
      "and here neither changes. The engine followed the first paragraph."),
    ("replaces", _("The movement the effect states replaces the card's movement"),
     Clause.REPLACE),
    ("unchanged", _("Nothing is replaced: the card already is a creature of this subtype"),
     Clause.REPLACE))
NON_FLYING_SUBTYPES = open_point(
    "non-flying-subtype", _("Is an independent creature or a symbiote a non-flying creature, "
                            "which 107.1 gives closing?"), (Clause.ADDITIONAL, Clause.SUBTYPE),
    _("106.4 lists it beside the non-flying creature, not among them."),
    ("apart", _("No: 106.4 lists it as a subtype of its own"), Clause.SUBTYPE),
    ("non-flying", _("Yes: it is a creature that does not fly"), Clause.ADDITIONAL))
SUBTYPE_FLIGHT = open_point(
    "subtype-flight", _("Does flying creature replace the subtype of an independent creature "
                        "or a symbiote that gains flight?"), (Clause.REPLACE, Clause.SUBTYPE),
    _("108.1 replaces the property in the same area of the card, and its example names only "
      "the movement as replaced by the flight icon; 106.4 lists flying creature beside "
      "independent creature and symbiote, but the texts do not say where on the card the "
      "subtype is shown."),
    ("replaced", _("Yes: flying creature replaces its subtype"), (Clause.REPLACE, Clause.SUBTYPE)),
    ("kept", _("No: it keeps its subtype, and the flight icon replaces its movement"),
     Clause.REPLACE))
DEFENDER_OWN = open_point(
    "defender-own-strike", _("May a defender be assigned against its own player's simple "
                             "strike?"), (Clause.FAST,),
    _("107.3 allows a defender when a simple strike is declared but does not say whose strike; "
      "the engine assumed a defender is assigned only against the opponent's strike."),
    ("opponent-only", _("Only against the opponent's simple strike"), Clause.FAST),
    ("any", _("Against any simple strike being declared"), Clause.FAST))


# -- One run: the state the rules write, the readings they chose -------------------------------

def _said(text: str, params: Mapping[str, Any]) -> Message:
    """The message ``text`` (an id) filled with those of ``params`` it names."""
    return msg(text, **{name: params[name] for name in re.findall(r"%\((\w+)\)s", text)})


class _Say:
    """Steps said on ``trace`` from message ids, each filled with the parameters it names."""

    def __init__(self, trace: Trace) -> None:
        self.trace = trace

    def applied(self, text: str, *clauses: Clause, **params: Any) -> None:
        """Record an applied step saying ``text``."""
        self.trace.applied(_said(text, params), *clauses)

    def nothing(self, text: str, reason: str, *clauses: Clause, **params: Any) -> None:
        """Record a step not applied for ``reason`` (108.1 unless ``clauses`` are given)."""
        self.trace.not_applicable(_said(text, params), _said(reason, params),
                                  *(clauses or (Clause.REPLACE,)))

    def silent(self, text: str, reason: str | Message, *clauses: Clause, point: str | None = None,
               **params: Any) -> None:
        """Record a silent step for ``reason``: a message id, or a message (a point's ``why``);
        ``point``: the slug of the open point it is about."""
        self.trace.silent(_said(text, params), reason if isinstance(reason, Message)
                          else _said(reason, params), *clauses, point=point)


class _Run(RuleRun, _Say):
    """The state of one run of the rules on a table under chosen readings."""

    def __init__(self, table: Table, chosen: Mapping[str, str]) -> None:
        super().__init__(table, chosen)
        self.initial = self.state = table.card
        self.elements, self.added = table.elements, False
        self.lost_elements = frozenset[Element]()  # taken with a type (ELEMENTS_BACK)
        self.before_flight: Card | None = None  # the card when it gained flight (BEFORE_FLIGHT)
        self.order_unknown = False  # elements gained together, in an order that decides
        self.props = self.held = frozenset[AdditionalProperty]()
        self.changed, self.gained = set[AdditionalProperty](), set[Element]()
        self.lost_features: dict[int, int] = {}  # feature number -> the change that took it
        self.rows: list[tuple[Card, frozenset[Element] | None]] = []
        self.now, self.bonus = dict[AdditionalProperty, Any](), dict[tuple[int, int], Any]()
        self.relation: dict[int, tuple[Relation | None, frozenset[Element]]] = {}

    def properties(self, state: Card) -> frozenset[AdditionalProperty]:
        """The additional properties (107.1) of a card in ``state``, in or out of the play zone."""
        if not self.table.in_play_zone or state.type is not _CREATURE:
            return frozenset()
        closing = state.subtype is Subtype.NON_FLYING or (
            state.subtype in _OWN_SUBTYPES and not state.flight
            and self.reading(NON_FLYING_SUBTYPES, NON_FLYING_SUBTYPES.slug) == "non-flying")
        return frozenset(p for p in AdditionalProperty
                         if closing or p is not AdditionalProperty.CLOSING)

    def closing_unknown(self) -> bool:
        """True if the card is a creature in play whose subtype the texts do not give."""
        return (self.table.in_play_zone and self.state.type is _CREATURE
                and self.state.subtype is None)


def _about(run: _Run, text: str, **params: Any) -> _Say:
    """The run's steps; in a situation, each step said inside ``text``."""
    return _Say(run.within(msg(text, **params))) if run.table.card else run


# -- 106: elements -----------------------------------------------------------------------------

@rule(Clause.FEATURE, Clause.SAME,
      reads=("features.element", "features.bonus", "targets.elements"))
def feature_against_element(run: _Run, f: int, feature: Feature, t: int, target: Target) -> None:
    """106.p1: a feature against an element is used against any card having that element.

    ``run.bonus[f, t]``: the strike bonus (points) of feature ``f`` against target ``t``, or 0
    (also where the card lost the feature, a reading of :data:`FEATURES_AFTER_TYPE`); not
    covered against neutral on a target given as neutral with elements."""
    say = _about(run, _("Feature %(feature)s against target %(target)s: %(step)s"),
                 feature=f, target=t)
    element, lost = feature.element, run.lost_features.get(f)
    params = {"element": element.label, "bonus": f"{feature.bonus:+d}", "number": lost}
    run.bonus[f, t] = 0
    lacks = _("The feature against %(element)s (%(bonus)s to strike) does not apply.")
    if lost:
        return say.nothing(lacks, _("Under this reading the card lost the feature with change "
                                    "%(number)s."), Clause.FEATURE, Clause.REPLACE, **params)
    if element not in target.elements:  # under any reading of neutral: it does not apply
        return say.nothing(lacks, _("The target does not have the %(element)s element."),
                           Clause.FEATURE, **params)
    if element is Element.NEUTRAL and len(target.elements) > 1:
        # not covered (_report_uncovered): no result stated here that the value does not give
        run.bonus[f, t] = NOT_COVERED_VALUE
        return say.nothing(_("Whether the feature against neutral cards applies is not ruled "
                             "on."), _("The target is given as neutral and with an element; the "
                                       "texts do not say whether a neutral card can have an "
                                       "element."), Clause.FEATURE, Clause.SAME)
    if element is Element.NEUTRAL:
        # the feature names neutral cards itself: whether neutral is an element (106 ¶2 sets
        # neutral cards apart) does not change that it applies to a neutral card
        say.applied(_("The feature against neutral cards applies: the target is a neutral card "
                      "(%(bonus)s to strike)."), Clause.FEATURE, Clause.SAME, **params)
    else:
        say.applied(_("The feature against %(element)s applies: the target has that element "
                      "(%(bonus)s to strike)."), Clause.FEATURE, **params)
    run.bonus[f, t] = feature.bonus


@rule(Clause.SAME, reads=("elements", "targets.elements"), opens=(NEUTRAL_SHARED,))
def element_relation(run: _Run, t: int, target: Target) -> None:
    """106.p2: cards sharing an element are of the same element, else of different ones.

    Neutral cards are excepted from "different elements".  ``run.relation[t]``: the relation of
    the card and target ``t`` (``None`` where not covered) and the shared elements."""
    say = _about(run, _("The card and target %(target)s: %(step)s"), target=t)
    a, b = run.elements or frozenset(), target.elements
    shared, given = (a & b) - {Element.NEUTRAL}, _neutral_with_elements(run.table.elements, b)
    relation = Relation.SAME if shared else Relation.NEITHER
    for element in (e for e in Element if e in shared):
        say.applied(_("Both cards have the %(element)s element: they are cards of the same "
                      "element."), Clause.SAME, element=element.label)
    if not shared and Element.NEUTRAL in a and Element.NEUTRAL in b:
        occurrence = f"target-{t}-{NEUTRAL_SHARED.slug}"
        if run.reading(NEUTRAL_SHARED, occurrence) == "element":
            relation, shared = Relation.SAME, frozenset({Element.NEUTRAL})
        say.silent(_("Both cards are neutral: whether neutral is an element they share, making "
                     "them cards of the same element, is open; both readings are shown."), _(
            "106 ¶2 makes cards of the same element those with an element (стихия) both belong "
            "to, and excepts neutral cards (кроме нейтральных карт) from cards of different "
            "elements; it does not say whether neutral is itself such an element."), Clause.SAME)
        run.announcing(occurrence)
    elif not shared and given:  # as given, not as a reading made it
        # not covered (_report_uncovered): no result stated here that the value does not give
        say.nothing(_("The relation of the cards is not ruled on."), _(
            "106 ¶2 excepts neutral cards from cards of different elements, and %(which)s is "
            "given as neutral and with an element; the texts do not say whether a neutral card "
            "can have an element."), Clause.SAME, which=msg(
                _("card A") if _neutral_with_elements(run.table.elements) else _("card B")))
    elif not shared and Element.NEUTRAL in (a | b):
        # settled: no element belongs to both (even if neutral were one, only one card has
        # it), and "кроме нейтральных карт" excepts the pair from "different elements"
        which = _("card A is neutral") if Element.NEUTRAL in a else _("card B is neutral")
        say.applied(_("The cards are neither of the same nor of different elements: "
                      "%(which)s."), Clause.SAME, which=msg(which))
    elif not shared:
        relation = Relation.DIFFERENT
        say.applied(_("No element belongs to both cards and neither is neutral: they are "
                      "cards of different elements."), Clause.SAME)
    run.relation[t] = (None if given and relation is not Relation.SAME else relation, shared)


def _neutral_with_elements(*cards: frozenset[Element] | None) -> bool:
    """Whether one of ``cards`` (their elements as given) is neutral and has an element too
    (not covered: the texts do not say a neutral card can have one)."""
    return any(card and Element.NEUTRAL in card and len(card) > 1 for card in cards)


@rule(Clause.NO_REGAIN, Clause.SAME, reads=("elements", "changes.kind", "changes.element",
                                            "gains_together"), opens=(NEUTRAL_GAIN, GAIN_ADDS))
def gain_element(run: _Run, change: Change, number: int) -> None:
    """106.p3: a card cannot gain an element it already has.

    A gained element is added (open: :data:`GAIN_ADDS`); a neutral card that gains one stops
    being neutral (open: :data:`NEUTRAL_GAIN`)."""
    element, current = change.element, run.elements or frozenset()
    if run.lost_elements and run.state.type is not _CREATURE:  # judge round 15, BK-J3
        return run.applied(_(
            "The card lost its elements as something a card of type %(type)s cannot have: "
            "it cannot gain the %(element)s element either."), Clause.REPLACE, Clause.TYPE,
            type=run.state.type.label, element=element.label)
    if element in current:
        return run.applied(_("The card already has the %(element)s element: it does not gain it "
                             "again, nothing changes."), Clause.NO_REGAIN, element=element.label)
    if Element.NEUTRAL in current:
        stays = run.reading(NEUTRAL_GAIN, f"change-{number}-neutral") == "stays"
        run.silent(_("The neutral card gains the %(element)s element and is no longer neutral."),
                   NEUTRAL_GAIN.why, Clause.NO_REGAIN, Clause.SAME, element=element.label)
        current = current if stays else current - {Element.NEUTRAL}
    else:
        run.nothing(_("The card does not have the %(element)s element yet: the ban on gaining an "
                      "element it already has does not apply."), _(
            "106 ¶3 only stops the gain of an element the card already has; it does not have "
            "%(element)s."), Clause.NO_REGAIN, element=element.label)
        run.added = True
        if run.reading(GAIN_ADDS, GAIN_ADDS.slug) == "replaces":
            current = frozenset()
            if _order_decides(run.table) and not run.order_unknown:
                run.order_unknown = True
                run.trace.not_covered(msg(_(
                    "the order of the elements gained together: a gained element that "
                    "replaces the card's elements leaves a different element by each order")),
                    Clause.REPLACE, Clause.NO_REGAIN)
    run.elements = current | {element}
    run.gained.add(element)


def _order_decides(table: Table) -> bool:
    """Whether elements gained together (``Table.gains_together``, no order given) give a
    different result in each order when a gained element replaces the card's elements
    (108.1; 106 ¶3: one the card has is not gained): two gained, one of them new."""
    return table.gains_together and len(table.changes) > 1 and any(
        change.element not in (table.elements or ()) for change in table.changes)


@rule(Clause.SAME, Clause.NO_REGAIN, Clause.REPLACE, reads=("changes.element",))
def gained_elements_added(run: _Run) -> None:
    """106.p2, 106.p3: cards have several elements, so a gained element is taken as added."""
    if run.added:
        run.silent(_("The gained element is added to the card's elements."), GAIN_ADDS.why,
                   Clause.SAME, Clause.NO_REGAIN, Clause.REPLACE)
        run.announcing(GAIN_ADDS.slug)  # one point with its readings, whatever came between


# -- 106.3, 106.4, 108: the card's history of changes ------------------------------------------

@rule(Clause.INITIAL, Clause.TYPE, reads=("card.type", "card.subtype"))
def initial_card(run: _Run) -> None:
    """108.p1: the initial type (subtype) is the one the card has before the game starts."""
    run.applied(_("Initial type: %(type)s, subtype: %(subtype)s (the ones the card has before the "
                  "game starts)."), Clause.INITIAL, Clause.TYPE, type=run.state.type.label,
                subtype=run.state.subtype_label())


@rule(Clause.REPLACE, reads=("card.status", "changes.kind"))
def change_status(run: _Run, change: Change, number: int) -> None:
    """108.1: an elite card that becomes ordinary stops being elite (and the other way round)."""
    state, new = run.state, _BECOME_STATUS[change.kind]
    if state.status is new:
        return run.nothing(_("The card becomes %(status)s."), _(
            "It already is %(status)s: there is nothing to replace."), status=new.label)
    run.applied(_("The card becomes %(new)s and stops being %(old)s."), Clause.REPLACE,
                new=new.label, old=state.status_label())
    run.state = replace(state, status=new)


def _fly(run: _Run, state: Card, point: OpenPoint | None = None) -> None:
    """The card becomes a flying creature, the flight icon in place of its movement (108.1);
    under the first reading of ``point``, where the texts leave that open, a silent step."""
    run.before_flight = state
    text = (_("The card gains flight: flying creature replaces the subtype %(old)s, and the "
              "flight icon (полёт) replaces its movement %(movement)s.")
            if state.movement is not None else
            _("The card gains flight: flying creature replaces the subtype %(old)s, and the "
              "flight icon (полёт) takes the place of movement."))
    params = {"old": state.subtype_label(), "movement": state.movement}
    if point is None:
        run.applied(text, Clause.REPLACE, **params)
    else:
        run.silent(text, point.why, Clause.REPLACE, Clause.SUBTYPE, **params)
    run.state = replace(state, subtype=Subtype.FLYING, movement=None, flight=False)


@rule(Clause.REPLACE, Clause.SUBTYPE, reads=("changes.kind", "card.subtype", "card.movement",
                                             "card.flight"), opens=(SUBTYPE_FLIGHT,))
def gain_flight(run: _Run, change: Change, number: int) -> None:
    """108.1: the flight icon replaces the movement of a creature that gains flight (the
    clause's worked example); whether flying creature also replaces an independent creature's
    or a symbiote's subtype is open (:data:`SUBTYPE_FLIGHT`); 106.4: a card of another type
    has no subtype to replace."""
    state = run.state
    if state.type is not _CREATURE:
        run.nothing(_("The card does not gain flight."), _(
            "Only creatures have subtypes such as flying; the card's type is %(type)s."),
            Clause.SUBTYPE, type=state.type.label)
    elif state.flying:
        run.nothing(_("The card gains flight."),
                    _("It already is a flying creature: there is nothing to replace."))
    elif state.subtype not in _OWN_SUBTYPES:
        _fly(run, state)
    elif run.reading(SUBTYPE_FLIGHT, f"change-{number}-subtype-flight") == "kept":
        run.silent(_("The card gains flight: it keeps its subtype %(old)s, and the flight icon "
                     "(полёт) takes the place of movement."), SUBTYPE_FLIGHT.why, Clause.REPLACE,
                   old=state.subtype_label())
        run.state, run.before_flight = replace(state, movement=None, flight=True), state
    else:
        _fly(run, state, SUBTYPE_FLIGHT)


@rule(Clause.REPLACE, Clause.INITIAL, reads=("changes.kind", "card.type", "card.subtype",
                                             "card.movement", "card.flight"),
      opens=(LOST_FLIGHT, BEFORE_FLIGHT))
def lose_flight(run: _Run, change: Change, number: int) -> None:
    """108.1: a card that loses flight gets back its initial subtype and numeric values (the
    clause's worked example); open for an initial subtype flying or none (:data:`LOST_FLIGHT`),
    and where the card changed before it gained flight (:data:`BEFORE_FLIGHT`)."""
    state, initial = run.state, run.initial
    if not state.flying:
        return run.nothing(_("The card loses flight."), _("It is not a flying creature."))
    if _before_flight(run, state, number):
        return
    creature = initial.type is _CREATURE
    params = {"lost": msg(_("flight")), "initial": initial.subtype_label(),
              "type": initial.type.label}
    if creature and initial.subtype is not Subtype.FLYING:
        run.state = replace(state, subtype=initial.subtype, movement=initial.movement,
                            flight=False)
        return run.applied(_(
            "The card loses %(lost)s; no new subtype is named, so it gets back its initial "
            "subtype %(subtype)s with its numeric values (movement %(movement)s)."),
            Clause.REPLACE, Clause.INITIAL, subtype=run.state.subtype_label(),
            movement=run.state.movement_value(), **params)
    literal = run.reading(LOST_FLIGHT, f"change-{number}-lost-flight") == "initial"
    why = _said(_("108.1 gives back the initial subtype, but the card's initial subtype is "
                  "%(initial)s; the texts do not say what it becomes.") if creature else
                _("108.1 gives back the initial subtype, but the card's initial type %(type)s "
                  "has no subtype (106.4); the texts do not say what it becomes."), params)
    clauses = (Clause.REPLACE, Clause.INITIAL, *(() if creature else (Clause.SUBTYPE,)))
    if literal:
        run.silent(_("The card loses %(lost)s and gets back its initial subtype %(initial)s.")
                   if creature else _("The card loses %(lost)s; its initial type %(type)s gives "
                                      "back no subtype, so its subtype is not stated."),
                   _("%(why)s This follows the reading that its initial subtype comes back."),
                   *clauses, why=why, **params)
    else:
        run.silent(_("The card loses %(lost)s and becomes a non-flying creature with no stated "
                     "movement."), _("%(why)s The engine assumed a non-flying creature without "
                                     "a movement value."), *clauses, why=why, **params)
    run.state = replace(state, movement=None, flight=False, subtype=(
        initial.subtype if creature else None) if literal else Subtype.NON_FLYING)


def _before_flight(run: _Run, state: Card, number: int) -> bool:
    """Where the card gained flight as other than it started (:data:`BEFORE_FLIGHT`): True if
    it gets back what it had then (the reading ``before-gain``, done here)."""
    before, initial, run.before_flight = run.before_flight, run.initial, None
    if before is None or initial.type is _CREATURE and (before.subtype, before.movement) == (
            initial.subtype, initial.movement):
        return False
    occurrence = f"change-{number}-before-flight"
    back = run.reading(BEFORE_FLIGHT, occurrence) == "before-gain"
    run.silent(_("The card loses flight; whether it gets back what it had before it gained "
                 "flight (%(subtype)s, movement %(movement)s) or its initial subtype is open; "
                 "both readings are shown."), BEFORE_FLIGHT.why, Clause.REPLACE, Clause.INITIAL,
               subtype=before.subtype_label(), movement=before.movement_value())
    run.announcing(occurrence)
    if back:
        run.state = replace(state, subtype=before.subtype, movement=before.movement,
                            flight=before.flight)
    return back


@rule(Clause.REPLACE, Clause.INITIAL, reads=("changes.kind", "card.type", "card.subtype",
                                             "card.movement"))
def lose_type(run: _Run, change: Change, number: int) -> None:
    """108.1: a card that loses its type gets back its initial subtype and numeric values
    (and, a silent step, its initial type)."""
    state, initial = run.state, run.initial
    if state.type is initial.type:
        return run.nothing(_("The card loses an acquired type."), _(
            "It has its initial type %(type)s, the one it had before the game; there is no "
            "acquired type to lose."), Clause.INITIAL, Clause.REPLACE, type=state.type.label)
    run.silent(_("The card loses the type %(lost)s and gets back its initial type %(type)s and "
                 "subtype %(subtype)s, with its numeric values."), _(
        "108.1 gives back the initial subtype with its numeric values when a card loses its type "
        "and no new subtype is named; it does not say that the initial type comes back too. The "
        "engine assumed it does."), Clause.REPLACE, Clause.INITIAL, lost=state.type.label,
        type=initial.type.label, subtype=initial.subtype_label())
    run.state = replace(initial, status=state.status)


def _new_type(run: _Run, state: Card, new: CardType) -> None:
    """Type ``new`` replaces the card's type (108.1, 106.3)."""
    run.applied(_("Type %(new)s replaces type %(old)s; the card's base properties now match its "
                  "new type."), Clause.REPLACE, Clause.TYPE, new=new.label, old=state.type.label)


@rule(Clause.REPLACE, Clause.TYPE, Clause.SUBTYPE, reads=("changes.kind",))
def become_type(run: _Run, change: Change, number: int) -> None:
    """108.1, 106.3: a new type other than creature replaces the card's type; 106.4: it loses
    its subtype (creatures only)."""
    state, new = run.state, _BECOME_TYPE[change.kind]
    if state.type is new:
        return run.nothing(_("The card's type becomes %(type)s."),
                           _("Its type already is %(type)s: there is nothing to replace."),
                           type=new.label)
    _new_type(run, state, new)
    if state.subtype is not None:
        run.applied(_("It loses its subtype %(subtype)s and its movement: only creatures have "
                      "subtypes."), Clause.SUBTYPE, Clause.REPLACE, subtype=state.subtype.label)
    run.state = Card(new, None, state.status, None)


@rule(Clause.REPLACE, Clause.TYPE, Clause.SUBTYPE, Clause.INITIAL,
      reads=("changes.kind", "changes.subtype", "changes.movement", "card.type", "card.subtype",
             "card.movement"), opens=(NAMED_MOVEMENT, RESTATED_MOVEMENT))
def become_creature(run: _Run, change: Change, number: int) -> None:
    """108.1: a card that becomes a creature takes the subtype named, else its initial one.

    With none named, its initial numeric values come back; with one named, the movement the
    effect states (open where it states none: :data:`NAMED_MOVEMENT`; and for a creature that
    already is of the subtype named: :data:`RESTATED_MOVEMENT`).
    """
    state, initial, subtype = run.state, run.initial, change.subtype
    if state.type is _CREATURE and subtype in (None, state.subtype):
        if change.movement is not None:
            return _restated_movement(run, state, change.movement, number)
        return run.nothing(_("The card becomes a creature."), _(
            "Its subtype already is %(subtype)s: there is nothing to replace."),
            subtype=state.subtype_label())
    if state.type is not _CREATURE:
        _new_type(run, state, _CREATURE)
    elif subtype is Subtype.FLYING:
        return _fly(run, state)
    else:
        run.applied(_("Subtype %(new)s replaces subtype %(old)s."), Clause.REPLACE,
                    new=subtype.label, old=state.subtype_label())
    state = replace(state, type=_CREATURE, subtype=subtype, movement=None, flight=False)
    if subtype is None and initial.type is not _CREATURE:
        run.trace.add(NEW_CREATURE_SUBTYPE.step(type=initial.type.label))
    elif subtype is None:
        run.applied(_("No new subtype is named: the card gets back its initial subtype "
                      "%(subtype)s with its numeric values (movement %(movement)s)."),
                    Clause.REPLACE, Clause.INITIAL, subtype=initial.subtype_label(),
                    movement=initial.movement_value())
        state = replace(state, subtype=initial.subtype, movement=initial.movement)
    elif run.state.type is not _CREATURE:
        run.applied(_("The effect names its subtype: %(subtype)s."), Clause.REPLACE,
                    Clause.SUBTYPE, subtype=subtype.label)
    if subtype not in (None, Subtype.FLYING):
        state = replace(state, movement=_movement(run, change, number))
    run.state = state


def _restated_movement(run: _Run, state: Card, movement: int, number: int) -> None:
    """108.1 ¶1: a creature that becomes the subtype it has, with a stated ``movement``; whether
    that movement replaces its own (or the flight icon it kept) is open
    (:data:`RESTATED_MOVEMENT`)."""
    if state.movement == movement and not state.flight:
        return run.nothing(_("The card becomes a creature with movement %(movement)s."), _(
            "It already is a creature of this subtype with this movement: there is nothing to "
            "replace."), movement=movement)
    if run.reading(RESTATED_MOVEMENT, f"change-{number}-restated-movement") == "unchanged":
        return run.silent(_("The card keeps its movement (%(old)s): it already is a creature "
                            "of this subtype."), RESTATED_MOVEMENT.why, Clause.REPLACE,
                          old=state.movement_value())
    run.silent(_("The effect states movement %(new)s; it replaces the card's movement "
                 "(%(old)s)."), RESTATED_MOVEMENT.why, Clause.REPLACE, new=movement,
               old=state.movement_value())
    run.state = replace(state, movement=movement, flight=False)


def _movement(run: _Run, change: Change, number: int) -> int | None:
    """The movement of a creature that becomes one of a named subtype (108.1)."""
    initial = run.initial
    if change.movement is not None:
        run.applied(_("Its base properties now match the new subtype: movement %(movement)s, as "
                      "the effect states."), Clause.REPLACE, movement=change.movement)
        return change.movement
    if initial.subtype is change.subtype and initial.movement is not None:
        occurrence = f"change-{number}-movement"
        chosen = run.reading(NAMED_MOVEMENT, occurrence)
        run.silent(_("The card gets its initial movement %(movement)s back."), NAMED_MOVEMENT.why,
                   Clause.REPLACE, Clause.INITIAL, movement=initial.movement)
        run.announcing(occurrence)  # one point with its readings
        return initial.movement if chosen == "initial" else None
    run.silent(_("The card's movement is not stated."), _(
        "108.1 makes the base properties match the new subtype but gives no value, and the "
        "effect states none; the engine leaves the movement unstated."), Clause.REPLACE)
    return None


@rule(Clause.REPLACE, Clause.TYPE, Clause.SAME, Clause.INITIAL,
      reads=("elements", "changes.kind"), opens=(ELEMENTS_AFTER_TYPE, ELEMENTS_BACK))
def elements_after_type_change(run: _Run, change: Change, number: int, before: Card) -> None:
    """108.1: a card whose type changes loses what its new type cannot have; whether one no
    longer a creature keeps its elements is open (:data:`ELEMENTS_AFTER_TYPE`), and, where it
    lost them, whether a creature again gets them back (:data:`ELEMENTS_BACK`)."""
    after, elements = run.state, run.elements
    if after.type is before.type:
        return
    if after.type is _CREATURE:
        return _elements_back(run, number) if run.lost_elements else None
    if not elements or Element.NEUTRAL in elements:
        return
    occurrence = f"change-{number}-elements"
    if run.reading(ELEMENTS_AFTER_TYPE, occurrence) == "loses":
        run.lost_elements, run.elements = run.lost_elements | elements, frozenset()
    run.silent(_("Change %(number)s changes the card's type to %(type)s; whether it keeps its "
                 "elements is open; both readings are shown."), ELEMENTS_AFTER_TYPE.why,
               Clause.REPLACE, Clause.TYPE, Clause.SAME, number=number, type=after.type.label)
    run.announcing(occurrence)


def _elements_back(run: _Run, number: int) -> None:
    """Change ``number`` makes a card that lost its elements a creature again: whether it gets
    them back is open (:data:`ELEMENTS_BACK`, 108.1)."""
    occurrence, lost = f"change-{number}-elements-back", run.lost_elements
    if run.reading(ELEMENTS_BACK, occurrence) == "back":
        run.elements = run.elements | lost
    run.lost_elements = frozenset()
    run.silent(_("Change %(number)s makes the card a creature again; whether it gets back the "
                 "elements it lost (%(elements)s) is open; both readings are shown."),
               ELEMENTS_BACK.why, Clause.REPLACE, Clause.INITIAL, number=number,
               elements=_labels(lost))
    run.announcing(occurrence)


def _features_back(run: _Run, number: int) -> None:
    """Change ``number`` gives the card its initial type again: whether it gets back each
    feature it lost with a type is open (:data:`FEATURES_BACK`, 108.1)."""
    for f, lost in list(run.lost_features.items()):
        occurrence = f"change-{number}-feature-{f}-back"
        if run.reading(FEATURES_BACK, occurrence) == "back":
            del run.lost_features[f]
        run.silent(_("Change %(number)s gives the card its initial type again; whether it gets "
                     "back feature %(feature)s, lost with change %(lost)s, is open; both "
                     "readings are shown."), FEATURES_BACK.why, Clause.REPLACE, Clause.FEATURE,
                   number=number, feature=f, lost=lost)
        run.announcing(occurrence)


@rule(Clause.REPLACE, Clause.FEATURE, reads=("features.element", "features.bonus",
                                             "changes.kind", "card.type"),
      opens=(FEATURES_AFTER_TYPE, FEATURES_BACK))
def features_after_type_change(run: _Run, change: Change, number: int, before: Card) -> None:
    """108.1: a creature that becomes an artifact loses the features an artifact cannot have,
    and the clause names none; whether a card whose type changes keeps each feature against an
    element (106.p1) is open (:data:`FEATURES_AFTER_TYPE`), but for a card that becomes a
    creature: 106.p1's own example ("Баграх имеет +2 к удару") is a creature's.  A change
    back to its initial type asks that only of a feature lost before (:data:`FEATURES_BACK`):
    the card had its features as a card of that type."""
    after = run.state
    if after.type is before.type:
        return
    if after.type is run.initial.type:
        return _features_back(run, number)
    if after.type is _CREATURE:  # 106.p1's example is a creature's feature (judge round 17)
        return None
    for f, feature in enumerate(run.table.features, start=1):
        if f in run.lost_features:
            continue
        occurrence = f"change-{number}-feature-{f}"
        params = {"feature": f, "number": number, "bonus": f"{feature.bonus:+d}",
                  "element": feature.element.label, "type": after.type.label}
        if run.reading(FEATURES_AFTER_TYPE, occurrence, **params) == "loses":
            run.lost_features[f] = number
        run.silent(_("Change %(number)s changes the card's type to %(type)s; whether it keeps "
                     "feature %(feature)s (%(bonus)s to strike against %(element)s) is open; "
                     "both readings are shown."), FEATURES_AFTER_TYPE.why, Clause.REPLACE,
                   Clause.FEATURE, **params)
        run.announcing(occurrence)


#: The changes after which a card that gained flight is still the card that gained it.
_KEEP_BEFORE_FLIGHT = frozenset({*_BECOME_STATUS, ChangeKind.GAIN_FLIGHT, ChangeKind.GAIN_ELEMENT})
_CHANGE_RULES = {**dict.fromkeys(_BECOME_STATUS, change_status),
                 **dict.fromkeys(_BECOME_TYPE, become_type),
                 ChangeKind.BECOME_CREATURE: become_creature, ChangeKind.GAIN_FLIGHT: gain_flight,
                 ChangeKind.LOSE_FLIGHT: lose_flight, ChangeKind.LOSE_TYPE: lose_type,
                 ChangeKind.GAIN_ELEMENT: gain_element}


# -- 107.1: additional properties --------------------------------------------------------------

@rule(Clause.ADDITIONAL, Clause.REPLACE, reads=("in_play_zone", "changes.kind"),
      opens=(NON_FLYING_SUBTYPES,))
def property_changes(run: _Run) -> None:
    """107.1: a change of type or subtype takes additional properties away or brings them
    (back "again"): they belong to any card of the matching type (subtype)."""
    before, after = run.props, run.properties(run.state)
    for prop in AdditionalProperty:
        params = {"property": prop.label, "holders": prop.holders}
        if prop in before and prop not in after:
            run.applied(_("The card no longer has %(property)s: only %(holders)s have it. No "
                          "feature can take an additional property away, but this change of type "
                          "or subtype does, as the card no longer is of the matching type "
                          "(subtype)."), Clause.ADDITIONAL, Clause.REPLACE, **params)
        elif prop in after and prop not in before:
            run.applied(_("The card has %(property)s again: it is again one of the %(holders)s.")
                        if prop in run.held else
                        _("The card now has %(property)s: it is one of the %(holders)s."),
                        Clause.ADDITIONAL, **params)
    run.changed |= before ^ after
    run.props, run.held = after, run.held | after


@rule(Clause.ADDITIONAL, Clause.SUBTYPE, reads=("in_play_zone", "card.type", "card.subtype"))
def final_properties(run: _Run) -> None:
    """107.1: which additional properties the card has now (one a change took away or brought
    is said again only where it rests on a point the texts leave open)."""
    state, in_play = run.state, run.table.in_play_zone
    creature_in_play = in_play and state.type is _CREATURE
    open_subtype = creature_in_play and not state.flight and state.subtype in (None, *_OWN_SUBTYPES)
    lacks = _("The card does not have %(property)s.")
    for prop in AdditionalProperty:
        if prop in run.changed and (prop in run.props or not open_subtype):
            continue
        params = {"property": prop.label, "holders": prop.holders, "type": state.type.label,
                  "subtype": state.subtype_label()}
        if prop in run.props:
            run.applied(_("The card has %(property)s: all %(holders)s have it."),
                        Clause.ADDITIONAL, **params)
        elif creature_in_play and state.subtype is None:
            run.silent(lacks, _("Only %(holders)s have it, and the card's subtype is not stated; "
                                "the engine does not count it among them."),
                       Clause.ADDITIONAL, **params)
        elif open_subtype:
            run.silent(lacks, _(
                "107.1 gives it to non-flying creatures, while 106.4 lists %(subtype)s as a "
                "subtype of its own beside non-flying creature; the engine assumed such a "
                "creature is not a non-flying creature."), Clause.ADDITIONAL, Clause.SUBTYPE,
                point=NON_FLYING_SUBTYPES.slug, **params)
        else:
            run.nothing(lacks, _("Only %(holders)s have it; the card is not in the play zone.")
                        if not in_play else
                        _("Only %(holders)s have it; the card's type is %(type)s.")
                        if state.type is not _CREATURE else
                        _("Only %(holders)s have it; the card's subtype is %(subtype)s."),
                        Clause.ADDITIONAL, **params)


@rule(Clause.SUBTYPE, reads=("card.type", "changes.kind"))
def only_creatures_have_subtypes(run: _Run) -> None:
    """106.4: a card that is (or was) no creature has no subtype: «Артефакты, местности,
    условия и экипировки не имеют подтипов» (the clause's first sentence calls subtypes
    varieties of these types too, but names creature subtypes only, and its last sentence
    says so of each other type: settled, a judge's reading)."""
    if any(state.type is not _CREATURE for state in (run.initial, *(s for s, _e in run.rows),
                                                      run.state)):
        run.applied(_("Only creatures have subtypes."), Clause.SUBTYPE)


# -- 107.1–107.3: timing -----------------------------------------------------------------------

@rule(Clause.ADDITIONAL, reads=("use_prevented",))
def prevented_use(run: _Run, prop: AdditionalProperty) -> bool:
    """107.1: a feature may stop the card from using an additional property; it keeps it."""
    if prop in run.table.use_prevented:
        run.applied(_("A feature stops the card from using %(property)s; it keeps the property, "
                      "as no feature can take it away."), Clause.ADDITIONAL, property=prop.label)
    return prop in run.table.use_prevented


@rule(Clause.SLOW, reads=("moment.turn", "moment.phase", "moment.subphase"))
def slow_property(run: _Run, prop: AdditionalProperty) -> bool:
    """107.2: a slow property is declared only in its player's Choice sub-phase of the Main phase.

    A simple strike and closing are slow.  Returns whether ``prop`` may be declared now."""
    failed = _not_now(run.table.moment)
    for reason in failed:
        run.nothing(_("%(property)s is slow (невнезапное) and may not be declared now."), reason,
                    Clause.SLOW, property=prop.label)
    if not failed:
        run.applied(_("%(property)s is slow (невнезапное): it may be declared now, in its "
                      "player's Choice sub-phase of the Main phase."), Clause.SLOW,
                    property=prop.label)
    return not failed


def _not_now(moment: Moment) -> list[str]:
    """Why a slow property may not be declared at ``moment`` (107.2), or nothing."""
    return [reason for reason, fails in (
        (_("It is the opponent's turn, not its player's own turn."), moment.turn is not Turn.OWN),
        (_("It is not the Main phase."), moment.phase is not Phase.MAIN),
        (_("It is not the Choice sub-phase of the Main phase."),
         moment.phase is Phase.MAIN and moment.subphase is not SubPhase.CHOICE)) if fails]


@rule(Clause.FAST, reads=("moment.strike",), opens=(DEFENDER_OWN,))
def fast_property(run: _Run, prop: AdditionalProperty) -> bool:
    """107.3: a defender is assigned (fast) when a simple strike is declared.

    The necessary conditions (not listed) are taken as met; against whose strike is open
    (:data:`DEFENDER_OWN`).  Returns whether it may be declared now."""
    strike = run.table.moment.strike
    if strike is StrikeBy.NONE:
        run.nothing(_("%(property)s may not be declared now."), _(
            "No simple strike is being declared; this fast property is declared when a simple "
            "strike is declared."), Clause.FAST, property=prop.label)
        return False
    if strike is StrikeBy.OWN and run.reading(DEFENDER_OWN, DEFENDER_OWN.slug) != "any":
        run.silent(_("A defender against its own player's simple strike is taken as not "
                     "allowed."), DEFENDER_OWN.why, Clause.FAST)
        return False
    run.applied(_("%(property)s is fast (внезапное): it may be declared now, as the opponent "
                  "declares a simple strike."), Clause.FAST, property=prop.label)
    run.silent(_("The other conditions for using this property are taken as met."), _(
        "107.3 requires all the necessary conditions for using the property to be met but does "
        "not list them; the engine assumed they are."), Clause.FAST)
    return True


def _use_now(run: _Run, prop: AdditionalProperty) -> Any:
    """Whether the card may use ``prop`` now (107.1–107.3): true, false or not covered."""
    if prop is AdditionalProperty.CLOSING and run.closing_unknown():
        # whether it has closing is not covered; that it may not declare it now is (107.2)
        moment = run.table.moment
        return run.apply(slow_property, prop) if moment and _not_now(moment) else (
            NOT_COVERED_VALUE)
    if prop not in run.props or run.apply(prevented_use, prop):
        return False
    return run.apply(fast_property if prop is AdditionalProperty.DEFENDER else slow_property, prop)


# -- 109: non-game elements; the facts outside the texts ---------------------------------------

@rule(Clause.NON_GAME_DEF, Clause.NON_GAME, reads=("non_game_elements",))
def non_game_elements(run: _Run) -> None:
    """109.1: non-game elements serve the card's artistic and auxiliary design."""
    for element in (e for e in NonGameElement if e in run.table.non_game_elements):
        run.nothing(_("%(element)s is a non-game element."), _(
            "Non-game elements on a card serve its artistic and auxiliary design."),
            Clause.NON_GAME_DEF, Clause.NON_GAME, element=element.label)


def _report_uncovered(run: _Run) -> None:
    """Report every fact of the table outside the texts up front, whatever rule decides later."""
    table = run.table
    card = msg(_("card A")) if table.targets and not table.card else msg(_("the card"))
    named = [(table.elements, card)] + [
        (target.elements, msg(_("target card %(target)s"), target=t) if table.card
         else msg(_("card B")) if table.elements is not None else msg(_("the target card")))
        for t, target in enumerate(table.targets, start=1)]
    for elements, card in named:
        if _neutral_with_elements(elements):
            run.trace.add(NEUTRAL_WITH_ELEMENTS.step(
                card=card, elements=_labels(elements - {Element.NEUTRAL})))
    if table.instead_of_movement:
        run.trace.add(INSTEAD_OF_MOVEMENT.step())
    run.tag("uncovered")


# -- A run of every rule; a scenario's view of it; readings ------------------------------------

def _run(table: Table, chosen: Mapping[str, str] = MappingProxyType({})) -> _Run:
    """Apply every rule to ``table`` under the ``chosen`` readings."""
    run = _Run(table, chosen)
    _report_uncovered(run)
    if run.initial is not None:
        run.apply(initial_card)
        run.props = run.held = run.properties(run.state)
    for number, change in enumerate(table.changes, start=1):
        before = run.state
        run.apply(_CHANGE_RULES[change.kind], change, number)
        if change.kind not in _KEEP_BEFORE_FLIGHT:  # another subtype or type since the gain
            run.before_flight = None
        if change.kind is not ChangeKind.GAIN_ELEMENT:
            run.apply(elements_after_type_change, change, number, before)
            run.apply(features_after_type_change, change, number, before)
            run.apply(property_changes)
        run.rows.append((run.state, run.elements))
    run.apply(gained_elements_added)
    if run.state is not None:
        run.apply(only_creatures_have_subtypes)
        run.apply(final_properties)
    for prop in TIMED if table.moment is not None else ():
        run.now[prop] = _use_now(run, prop)
    for f, feature in enumerate(table.features, start=1):
        for t, target in enumerate(table.targets, start=1):
            run.apply(feature_against_element, f, feature, t, target)
    for t, target in enumerate(table.targets if table.elements is not None else (), start=1):
        run.apply(element_relation, t, target)
    run.apply(non_game_elements)
    return run


def rule_under(scenario: Scenario, inputs: Mapping[str, Any],
               chosen: Mapping[str, str]) -> tuple[Value, ...]:
    """The values of ``scenario`` on ``inputs`` (JSON-style) with the readings ``chosen``
    (point slug or occurrence → reading slug), e.g. to run a worked example under every reading.

    :raises InputError: for invalid input.

    >>> card = {"initial_type": "creature", "initial_subtype": "flying",
    ...         "initial_status": "ordinary", "changes": [{"change": "lose-flight"}]}
    >>> [dict((v.name, v.value) for v in rule_under(PROPERTY_REPLACEMENT, card,
    ...       {"lost-flight": reading}))["closing"] for reading in ("non-flying", "initial")]
    [True, False]
    """
    return _VIEWS[scenario.slug].values(_run(scenario.table(validate_fields(
        scenario.fields, inputs)), chosen))


_HISTORY_RULES = (initial_card, change_status, gain_flight, lose_flight, lose_type, become_type,
                  become_creature, property_changes,
                  only_creatures_have_subtypes, final_properties)
#: Every rule of 106–109, history first.
RULES = (*_HISTORY_RULES, gain_element, gained_elements_added, elements_after_type_change,
         features_after_type_change, prevented_use, slow_property, fast_property,
         feature_against_element, element_relation, non_game_elements)


# -- Parsers: validated inputs -> the table ----------------------------------------------------

def _elements(values: frozenset[str]) -> frozenset[Element]:
    return frozenset(Element(value) for value in values)


def _card(inputs: Mapping[str, Any], prefix: str = "initial_") -> Card:
    """The card of ``inputs`` (its fields named with ``prefix``).  A non-flying creature needs
    its movement value, unless it has an ability used instead of movement (then it has none to
    give: :data:`INSTEAD_OF_MOVEMENT`).

    :raises InputError: for a subtype (106.4) or movement the card cannot have."""
    card_type, raw = CardType(inputs[prefix + "type"]), inputs[prefix + "subtype"]
    creature, movement = card_type is _CREATURE, inputs.get(prefix + "movement")
    subtype, status = Subtype(raw) if raw else None, inputs.get(prefix + "status")
    fail_first(prefix, (creature is not bool(raw), "subtype", _("Choose the subtype of the "
                        "creature.") if creature else _("Only creatures have a subtype.")),
        (movement is not None and (not creature or subtype is Subtype.FLYING), "movement", _(
            "Only a creature that is not flying has a movement value.")),
        (subtype is Subtype.NON_FLYING and movement is None and prefix + "movement" in inputs
         and not inputs.get("instead_of_movement"), "movement", _(
             "Give the movement value of the non-flying creature.")))
    return Card(card_type, subtype, status and Status(status), movement)


_NAMES_SUBTYPE = _("Only a change that makes the card a creature names a subtype.")


def _changes(inputs: Mapping[str, Any]) -> tuple[Change, ...]:
    """The changes, in order. :raises InputError: naming every change's wrong field."""
    return gather(*(functools.partial(_change, index, item)
                    for index, item in enumerate(inputs["changes"])))


def _history_table(inputs: Mapping[str, Any]) -> Table:
    """The table of a card and its history of changes (property-replacement).

    :raises InputError: naming every wrong field of the card and of its changes."""
    card, changes = gather(lambda: _card(inputs), lambda: _changes(inputs))
    return Table(card=card, in_play_zone=inputs["in_play_zone"], changes=changes)


def _change(index: int, item: Mapping[str, Any]) -> Change:
    """Change ``index`` (from 0). :raises InputError: for an element other than exactly for
    "gains an element", or a subtype or movement the change cannot name (108.1)."""
    kind, movement = ChangeKind(item["change"]), item["movement"]
    subtype = Subtype(item["subtype"]) if item["subtype"] else None
    gain, element = kind is ChangeKind.GAIN_ELEMENT, item.get("element")
    fail_first(f"changes.{index}.", (gain != (element is not None), "element", _(
        "Give the element exactly for \"gains an element\".")),
        (gain and (subtype or movement is not None), "subtype", _NAMES_SUBTYPE),
        (subtype and kind is not ChangeKind.BECOME_CREATURE, "subtype", _NAMES_SUBTYPE),
        (movement is not None and subtype in (None, Subtype.FLYING), "movement", _(
            "A movement value goes only with a change that makes the card a creature "
            "of a named subtype other than flying.")))
    return Change(kind, subtype, movement, element and Element(element))


def _moment(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """The moment and the properties whose use is prevented, as :class:`Table` fields.

    :raises InputError: for a sub-phase or declared strike the turn and phase exclude (107.2).
    """
    subphase = inputs["subphase"]
    moment = Moment(Turn(inputs["turn"]), Phase(inputs["phase"]),
                    SubPhase(subphase) if subphase else None, StrikeBy(inputs["strike_declared"]))
    main, choice = moment.phase is Phase.MAIN, moment.subphase is SubPhase.CHOICE
    striker = Turn.OWN if moment.strike is StrikeBy.OWN else Turn.OPPONENT
    fail_first("", (main and not subphase, "subphase", _("Choose the sub-phase of the Main "
                                                         "phase.")),
        (not main and choice, "subphase", _("The Choice sub-phase is part of the Main phase.")),
        (moment.strike is not StrikeBy.NONE and (moment.turn is not striker or not choice),
         "strike_declared", _(
            "A simple strike is declared only in the Choice sub-phase of the Main phase of its "
            "player's own turn: set the turn and phase to match.") if striker is Turn.OWN else _(
            "The opponent declares a simple strike only in the Choice sub-phase of the Main "
            "phase of the opponent's turn: set the turn and phase to match.")))
    return {"moment": moment, "use_prevented": frozenset(
        AdditionalProperty(value) for value in inputs["use_prevented"])}


def parse_situation(inputs: Mapping[str, Any]) -> Table:
    """The situation's table from its validated inputs.

    :raises InputError: naming the field, for a combination the texts exclude; naming
        every such field at once (:func:`engine.core.gather`).
    """
    card, moment, changes = gather(lambda: _card(inputs), lambda: _moment(inputs),
                                   lambda: _changes(inputs))
    return Table(
        card, _elements(inputs["elements"]), inputs["in_play_zone"], changes,
        **moment, features=tuple(Feature(Element(f["feature_element"]), f["strike_bonus"])
                                          for f in inputs["features"]),
        targets=tuple(Target(_elements(t["elements"])) for t in inputs["targets"]),
        instead_of_movement=inputs["instead_of_movement"],
        non_game_elements=frozenset(NonGameElement(v) for v in inputs["non_game_elements"]))


# -- Values: what each scenario shows of a run -------------------------------------------------

_STATE_LABELS = {"type": (_("Type"), _("After change %(number)s: type")),
                 "subtype": (_("Subtype"), _("After change %(number)s: subtype")),
                 "status": (_("Status"), _("After change %(number)s: status")),
                 "movement": (_("Movement (запас движения)"),
                              _("After change %(number)s: movement")),
                 "elements": (_("Elements"), _("After change %(number)s: elements"))}


def _state_values(state: Card, elements: frozenset[Element] | None = None, number: int = 0,
                  changed_unknown: bool = False) -> list[Value]:
    """The type, subtype, status, movement and (if given) ``elements`` of ``state`` (after
    change ``number``, 0: the final state).  ``changed_unknown``: the card has an ability used
    instead of movement and went through a change, so a creature's movement is
    :data:`NOT_COVERED_VALUE` (108.1 replaces movement; what becomes of that ability is outside
    the texts, :data:`INSTEAD_OF_MOVEMENT`)."""
    unknown = changed_unknown and state.type is _CREATURE
    shown = {"type": state.type.label, "subtype": state.subtype_label(),
             "status": state.status_label(),
             "movement": NOT_COVERED_VALUE if unknown else state.movement_value(),
             "elements": _labels(elements)}
    return [Value(f"step_{number}_{name}" if number else name, shown[name],
                  msg(labels[1], number=number) if number else msg(labels[0]))
            for name, labels in _STATE_LABELS.items()
            if elements is not None or name != "elements"]


def _property_values(run: _Run) -> list[Value]:
    unknown, held = run.closing_unknown(), tuple(p.label for p in AdditionalProperty
                                                 if p in run.props)
    return [Value("additional_properties", held, msg(_("Additional properties"))),
            *(Value(p.value_name, NOT_COVERED_VALUE if unknown and p is AdditionalProperty.CLOSING
                    else p in run.props, p.label) for p in AdditionalProperty)]


def _now_values(run: _Run, suffix: str = "") -> list[Value]:
    return [Value(p.value_name + suffix, run.now[p], msg(_("May use now: %(property)s"),
                                                         property=p.label)) for p in TIMED]


def _relation_label(run: _Run, t: int) -> Message:
    relation = run.relation[t][0]
    return NOT_COVERED_VALUE if relation is None else relation.label


def _situation_values(run: _Run) -> tuple[Value, ...]:
    values, table = [], run.table
    # with an ability instead of movement, movement is not covered once a change other than
    # gaining an element has happened (108.1; INSTEAD_OF_MOVEMENT)
    moved = [table.instead_of_movement and any(
        change.kind is not ChangeKind.GAIN_ELEMENT for change in table.changes[:n])
        for n in range(len(table.changes) + 1)]
    for n, (state, elements) in enumerate(run.rows, start=1):
        values += _state_values(state, elements, n, moved[n])
    values += [*_state_values(run.state, run.elements, 0, moved[-1]), *_property_values(run)]
    values += _now_values(run, "_now")
    values += [Value(f"feature_{f}_target_{t}", bonus, msg(_(
        "Feature %(feature)s against target %(target)s: strike bonus"), feature=f, target=t))
        for (f, t), bonus in run.bonus.items()]
    return (*values, *(Value(f"target_{t}_relation", _relation_label(run, t), msg(_(
        "The card and target %(target)s"), target=t)) for t in run.relation))


def _same_values(run: _Run) -> tuple[Value, ...]:
    relation, shared = run.relation[1]
    return (Value("relation", _relation_label(run, 1), msg(_("Relation"))),
            Value("same_element", relation is Relation.SAME, msg(_("Same element"))),
            Value("different_elements", NOT_COVERED_VALUE if relation is None
                  else relation is Relation.DIFFERENT, msg(_("Different elements"))),
            Value("shared_elements", _labels(shared), msg(_("Shared elements"))))


def _feature_values(run: _Run) -> tuple[Value, ...]:
    bonus, table = run.bonus[1, 1], run.table
    applies = table.features[0].element in table.targets[0].elements
    return (Value("feature_applies", NOT_COVERED_VALUE if bonus is NOT_COVERED_VALUE else applies,
                  msg(_("Feature applies"))), Value("strike_bonus", bonus, msg(_("Strike bonus"))))


def _gain_values(run: _Run) -> tuple[Value, ...]:
    wanted = frozenset(change.element for change in run.table.changes)
    found = (_labels(run.elements), _labels(frozenset(run.gained)),
             _labels(wanted - run.gained), run.elements != run.table.elements)
    if run.order_unknown:  # :func:`_order_decides`
        found = (NOT_COVERED_VALUE,) * 4
    return tuple(Value(name, value, msg(label)) for name, value, label in zip(
        ("elements", "gained", "not_gained", "changed"), found, (
            _("Elements after the gain"), _("Elements gained"), _("Elements not gained"),
            _("Elements changed"))))


# -- Fields, examples, scenarios ---------------------------------------------------------------

_ELEMENTS_HELP = msg(_("Neutral (нейтральная): the texts do not say whether a neutral card can "
                        "also have an element; given with elements, the ruling says so."))


def _elements_field(name: str, label: str, **more: Any) -> Field:
    return Field(name, msg(label), FieldKind.MULTIPLE_CHOICE, help=_ELEMENTS_HELP,
                 choices=Element.choices(), min_items=1, **more)


def _choice(name: str, label: str, of: type[Labelled], *exclude: Labelled, **more: Any) -> Field:
    """A choice of the members of ``of`` but ``exclude``."""
    return Field(name, msg(label), FieldKind.CHOICE, choices=of.choices(exclude=exclude), **more)


def _subtype_field(name: str, label: str) -> Field:
    return _choice(name, label, Subtype, help=msg(_("Creatures only.")), required=False,
                   required_when=msg(_("for a creature")))


_FEATURE_ELEMENT = _choice("feature_element", _("The feature works against cards of"), Element,
                           help=msg(_("E.g. “Баграх: +2 к удару по болотным” (against swamp "
                                      "cards).")))
_STRIKE_BONUS = Field("strike_bonus", msg(_("Strike bonus of the feature")), FieldKind.INTEGER,
                      minimum=-99, maximum=99)
_IN_PLAY = Field("in_play_zone", msg(_("The card is in the play zone")), FieldKind.BOOLEAN,
                 default=True)
_CARD_FIELDS = (
    _choice("initial_type", _("Initial type"), CardType),
    _subtype_field("initial_subtype", _("Initial subtype")),
    _choice("initial_status", _("Elite or ordinary"), Status),
    Field("initial_movement", msg(_("Initial movement (запас движения)")), FieldKind.INTEGER,
          help=msg(_("Required for a non-flying creature; not for flying creatures and "
                     "non-creatures.")), required=False, minimum=0, maximum=20,
          required_when=msg(_("for a non-flying creature"))))
_MOMENT_FIELDS = (
    _choice("turn", _("Whose turn"), Turn),
    _choice("phase", _("Phase"), Phase),
    _choice("subphase", _("Sub-phase of the Main phase"), SubPhase, required=False,
            required_when=msg(_("in the Main phase"))),
    _choice("strike_declared", _("Simple strike being declared"), StrikeBy),
    Field("use_prevented", msg(_("A feature stops the card from using")),
          FieldKind.MULTIPLE_CHOICE, required=False, choices=AdditionalProperty.choices(TIMED)))


def _changes_field(*fields: Field, kinds: tuple[ChangeKind, ...] = ()) -> Field:
    return Field("changes", msg(_("Changes, in order")), FieldKind.GROUP, max_items=12, fields=(
        _choice("change", _("Kind of change"), ChangeKind, *kinds),
        _choice("subtype", _("Subtype the effect names"), Subtype, required=False,
                help=msg(_("Only with \"becomes a creature\"; leave empty if none is named."))),
        Field("movement", msg(_("Movement the effect states")), FieldKind.INTEGER,
              help=msg(_("Only with \"becomes a creature\" of a named subtype other than "
                         "flying.")), required=False, minimum=0, maximum=20), *fields))


SITUATION_FIELDS = (
    card_text_field("+2 к удару по болотным", "Получает полёт"),
    *_CARD_FIELDS, _elements_field("elements", _("Elements of the card")), _IN_PLAY,
    _changes_field(_choice("element", _("Element gained"), Element, Element.NEUTRAL,
                           required=False, help=msg(_("Only with \"gains an element\".")))),
    *_MOMENT_FIELDS,
    Field("features", msg(_("Features against an element (стихия)")), FieldKind.GROUP,
          max_items=6, fields=(_FEATURE_ELEMENT, _STRIKE_BONUS)),
    Field("targets", msg(_("Cards the features are used against")), FieldKind.GROUP,
          max_items=6, fields=(_elements_field("elements", _("Elements of the target card")),)),
    Field("instead_of_movement", msg(_("The card has an ability used instead of movement")),
          FieldKind.BOOLEAN),
    Field("non_game_elements", msg(_("Non-game elements the judge was asked about")),
          FieldKind.MULTIPLE_CHOICE, required=False, choices=NonGameElement.choices()))
_VIEWS: dict[str, RunView] = {}


def _scenario(slug: str, title: str, summary: str, fields: tuple[Field, ...],
              keys: tuple[Clause, ...], parse: Callable[[Mapping[str, Any]], Table],
              rules: tuple[Callable[..., Any], ...], values: Callable[[_Run], tuple[Value, ...]],
              examples: tuple[Example, ...] = (), **point: Callable[[str], str]) -> Scenario:
    """A scenario: its fields, the part of the table it asks for (``parse``), and its view of a
    run: the steps of ``rules``, its ``values`` (``point`` names an occurrence as shown)."""
    _VIEWS[slug] = view = RunView(slug, rules, values, _run, **point)
    return Scenario(slug, GAME, msg(title), msg(summary), fields,
                    lambda table: view.ruling(table._ruled), tuple(key.cite() for key in keys),
                    examples, parse=parse,
                    grammar="engine.cardtext.berserk" if has_card_text(fields) else None)


def _example(slug: str, title: str, inputs: Mapping[str, Any], expected: Mapping[str, Any],
             source: Clause) -> Example:
    return Example(slug, msg(title), inputs, expected, source.cite())


_FLIGHT_START = {"initial_type": "creature", "initial_subtype": "non-flying",
                 "initial_status": "ordinary", "initial_movement": 2, "in_play_zone": True}


def _bk(**overrides: Any) -> dict[str, Any]:
    return {**_FLIGHT_START, "elements": ["swamp"], "turn": "own", "phase": "main",
            "subphase": "choice", "strike_declared": "none", **overrides}


_BAGRAKH = {"feature_element": "swamp", "strike_bonus": 2}
ELEMENT_FEATURE = _scenario(
    "element-feature", _("Feature against an element (стихия)"),
    _("Does a feature usable against cards of an element work against this card?"),
    (_FEATURE_ELEMENT, _STRIKE_BONUS, _elements_field("target_elements",
                                                      _("Elements of the target card"))),
    (Clause.FEATURE, Clause.SAME), lambda inputs: Table(
        features=(Feature(Element(inputs["feature_element"]), inputs["strike_bonus"]),),
        targets=(Target(_elements(inputs["target_elements"])),)),
    (feature_against_element,), _feature_values, (
        _example("bagrakh-swamp", _("Баграх (+2 к удару по болотным) strikes a swamp card"),
                 {**_BAGRAKH, "target_elements": ["swamp"]},
                 {"feature_applies": True, "strike_bonus": 2}, Clause.FEATURE),
        _example("bagrakh-any-swamp-card", _("Баграх strikes any card having the swamp "
                                             "element, whatever its other elements"),
                 {**_BAGRAKH, "target_elements": ["swamp", "darkness"]},
                 {"feature_applies": True, "strike_bonus": 2}, Clause.FEATURE)))
SAME_ELEMENT = _scenario(
    "same-element", _("Same element or different elements"),
    _("Are two cards of the same element (стихия), of different elements, or neither?"),
    (_elements_field("card_a_elements", _("Elements of card A")),
     _elements_field("card_b_elements", _("Elements of card B"))), (Clause.SAME,),
    lambda inputs: Table(elements=_elements(inputs["card_a_elements"]),
                         targets=(Target(_elements(inputs["card_b_elements"])),)),
    (element_relation,), _same_values, point=lambda occurrence: occurrence.removeprefix(
        "target-1-"))
ELEMENT_GAIN = _scenario(
    "element-gain", _("Gaining an element"),
    _("Which elements does a card have after gaining elements?"),
    (_elements_field("card_elements", _("Elements of the card")),
     Field("gained_elements", msg(_("Elements the card gains")), FieldKind.MULTIPLE_CHOICE,
           choices=Element.choices(exclude=(Element.NEUTRAL,)), min_items=1)),
    (Clause.NO_REGAIN, Clause.SAME, Clause.REPLACE), lambda inputs: Table(
        elements=_elements(inputs["card_elements"]), changes=tuple(
            Change(ChangeKind.GAIN_ELEMENT, element=e) for e in Element
            if e.value in inputs["gained_elements"]), gains_together=True),
    (gain_element, gained_elements_added), _gain_values)
PROPERTY_REPLACEMENT = _scenario(
    "property-replacement", _("Type, subtype and status changes"),
    _("A card's type, subtype, status, movement and additional properties after a sequence of "
      "changes."), (*_CARD_FIELDS, _IN_PLAY, _changes_field(kinds=(ChangeKind.GAIN_ELEMENT,))),
    (Clause.INITIAL, Clause.TYPE, Clause.SUBTYPE, Clause.REPLACE, Clause.ADDITIONAL),
    _history_table,
    _HISTORY_RULES, lambda run: (*_state_values(run.state), *_property_values(run)), (
        _example("gains-flight", _("A non-flying creature with movement 2 gains flight"),
                 {**_FLIGHT_START, "changes": [{"change": "gain-flight"}]},
                 {"subtype": Subtype.FLYING.label, "movement": FLIGHT_ICON}, Clause.REPLACE),
        _example("gains-then-loses-flight", _("The same creature later loses flight"),
                 {**_FLIGHT_START, "changes": [{"change": "gain-flight"},
                                               {"change": "lose-flight"}]},
                 {"subtype": Subtype.NON_FLYING.label, "movement": 2}, Clause.REPLACE)))
TIMING = _scenario(
    "timing", _("Simple strike, closing and defender: timing"),
    _("May the card declare a simple strike, close to strike a flying creature, or be assigned "
      "as defender now?"),
    (_choice("card_type", _("Card type"), CardType),
     _subtype_field("card_subtype", _("Subtype")), _IN_PLAY, *_MOMENT_FIELDS),
    (Clause.ADDITIONAL, Clause.SUBTYPE, Clause.SLOW, Clause.FAST),
    lambda inputs: Table(card=_card(inputs, "card_"), in_play_zone=inputs["in_play_zone"],
                         **_moment(inputs)),
    (final_properties, prevented_use, slow_property, fast_property),
    lambda run: tuple(_now_values(run)))
SITUATION = _scenario(
    "situation", _("A card's history, what it may do now, its features against elements"),
    _("Type, subtype, movement and elements after every change; its additional properties and "
      "whether it may use them now; its features against several cards' elements."),
    SITUATION_FIELDS, tuple(Clause), parse_situation,
    RULES, _situation_values, (
        _example("bk-1", _("Баграх (+2 к удару по болотным) strikes a swamp and forest card"),
                 _bk(features=[_BAGRAKH], targets=[{"elements": ["swamp", "forest"]}]),
                 {"feature_1_target_1": 2}, Clause.FEATURE),
        _example("bk-2", _("Баграх strikes a mountains card"),
                 _bk(features=[_BAGRAKH], targets=[{"elements": ["mountains"]}]),
                 {"feature_1_target_1": 0}, Clause.FEATURE),
        _example("bk-3", _("Forest and swamp against swamp and darkness; forest against "
                           "mountains"),
                 _bk(elements=["forest", "swamp"], targets=[{"elements": ["swamp", "darkness"]}]),
                 {"target_1_relation": Relation.SAME.label}, Clause.SAME),
        _example("bk-4", _("A swamp creature gains the swamp element"),
                 _bk(changes=[{"change": "gain-element", "element": "swamp"}]),
                 {"elements": (Element.SWAMP.label,)}, Clause.NO_REGAIN),
        _example("bk-5", _("A non-flying creature with movement 2 gains flight, later loses "
                           "flight"),
                 _bk(changes=[{"change": "gain-flight"}, {"change": "lose-flight"}]),
                 {"step_1_movement": FLIGHT_ICON, "step_1_subtype": Subtype.FLYING.label,
                  "movement": 2, "subtype": Subtype.NON_FLYING.label, "closing": True},
                 Clause.REPLACE),
        _example("bk-6", _("An elite card becomes ordinary"),
                 _bk(initial_status="elite", changes=[{"change": "become-ordinary"}]),
                 {"status": Status.ORDINARY.label}, Clause.REPLACE),
        _example("bk-7", _("A creature in its owner's Choice sub-phase of the Main phase"),
                 _bk(), {"simple_strike_now": True}, Clause.SLOW),
        _example("bk-8", _("A creature when the opponent declares a simple strike"),
                 _bk(turn="opponent", strike_declared="opponent"),
                 {"defender_now": True, "simple_strike_now": False}, Clause.FAST)))

RULESET = Ruleset(GAME, msg(_("Berserk (Берсерк)")), (Clause.document,),
                  (ELEMENT_FEATURE, SAME_ELEMENT, ELEMENT_GAIN, PROPERTY_REPLACEMENT, TIMING,
                   SITUATION), rules=RULES, uncovered=UNCOVERED, terms=TERMS)

"""Berserk (Берсерк) comprehensive rules 106–109: elements, property replacement, timing.

Five scenarios, each citing the clause keys of the imported rulebook
``DocumentRef("berserk", "comprehensive-rules")`` (version 1, the seed text):

- ``element-feature``: a feature usable against cards of an element (стихия),
  e.g. Баграх's "+2 к удару по болотным" (106.p1);
- ``same-element``: are two cards of the same element, of different elements,
  or neither because one is neutral (106.p2);
- ``element-gain``: a card gains elements; an element it already has is not
  gained again (106.p3);
- ``property-replacement``: a card's type, subtype, status and movement through
  a sequence of changes (106.3, 106.4, 108.p1, 108.1) and the additional
  properties that follow from them (107.1);
- ``timing``: may a card declare a simple strike, closing to strike a flying
  creature, or be assigned as defender now (107.1, 107.2, 107.3).

>>> ruling = RULESET.scenario("element-feature").evaluate(
...     {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]})
>>> ruling.value("strike_bonus"), [c.key for c in ruling.citations()]
(2, ['106.p1'])
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any, Mapping

from engine.core import (
    Choice, Citation, DocumentRef, Example, Field, FieldKind, InputError, Labelled,
    Message, Outcome, Reading, Ruleset, Ruling, Scenario, Step, Value, _, msg, not_covered,
)

GAME = "berserk"
DOCUMENT = DocumentRef(GAME, "comprehensive-rules")

#: Clause keys this module cites (all version 1).
K_FEATURE = "106.p1"        # a feature against an element works against any card having it
K_SAME = "106.p2"           # same element / different elements (except neutral cards)
K_NO_REGAIN = "106.p3"      # a card cannot gain an element it already has
K_TYPE = "106.3"            # the card types
K_SUBTYPE = "106.4"         # the subtypes (creatures only)
K_ADDITIONAL = "107.1"      # additional properties
K_SLOW = "107.2"            # simple strike and closing are slow: own Choice sub-phase only
K_FAST = "107.3"            # defender assignment is fast: when a simple strike is declared
K_INITIAL = "108.p1"        # initial type (subtype): the one before the game starts
K_REPLACE = "108.1"         # property replacement
K_NON_GAME_DEF = "109.p1"   # non-game elements: non-game text and service information
K_NON_GAME = "109.1"        # the list of non-game elements


def _cite(*keys: str) -> tuple[Citation, ...]:
    return tuple(DOCUMENT.cite(key) for key in keys)


def _step(outcome: Outcome, message: Message, keys: tuple[str, ...],
          reason: Message | None = None) -> Step:
    return Step(outcome, message, _cite(*keys), reason)


def _applied(message: Message, *keys: str) -> Step:
    return _step(Outcome.APPLIED, message, keys)


def _not_applicable(message: Message, reason: Message, *keys: str) -> Step:
    return _step(Outcome.NOT_APPLICABLE, message, keys, reason)


def _silent(message: Message, reason: Message, *keys: str) -> Step:
    return _step(Outcome.SILENT, message, keys, reason)


# --------------------------------------------------------------------------
# Domain primitives
# --------------------------------------------------------------------------

class Element(Labelled):
    """An element (стихия) of a card, plus the neutral marker (нейтральная).

    Members are in the usual Berserk order; ``value`` is the form value.

    >>> Element("swamp").label.id
    'swamp (болота)'
    """

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


#: Shown for "no subtype" and "no movement value".
NONE_LABEL = msg(_("none"))
#: Shown instead of a movement value on a flying creature (108.1).
FLIGHT_ICON = msg(_("flight icon (полёт)"))
#: Shown when a creature's movement value is not known from the input.
NOT_STATED = msg(_("not stated"))


class Status(Labelled):
    """Elite (элитная) or ordinary (рядовая) card."""

    ELITE = ("elite", _("elite (элитная)"))
    ORDINARY = ("ordinary", _("ordinary (рядовая)"))


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
        """Who has the property by default (107.1), as a message."""
        if self is AdditionalProperty.CLOSING:
            return _NON_FLYING_IN_PLAY
        return _CREATURES_IN_PLAY

    @property
    def value_name(self) -> str:
        """The name of the boolean result value for this property."""
        return self.value.replace("-", "_")


_CREATURES_IN_PLAY = msg(_("creatures in the play zone"))
_NON_FLYING_IN_PLAY = msg(_("non-flying creatures in the play zone"))


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
    """A change that happens to a card (108.1)."""

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


_BECOME_TYPE = {
    ChangeKind.BECOME_CREATURE: CardType.CREATURE,
    ChangeKind.BECOME_ARTIFACT: CardType.ARTIFACT,
    ChangeKind.BECOME_TERRAIN: CardType.TERRAIN,
    ChangeKind.BECOME_EQUIPMENT: CardType.EQUIPMENT,
    ChangeKind.BECOME_CONDITION: CardType.CONDITION,
}
_BECOME_STATUS = {
    ChangeKind.BECOME_ELITE: Status.ELITE,
    ChangeKind.BECOME_ORDINARY: Status.ORDINARY,
}


def _elements(values: frozenset[str]) -> frozenset[Element]:
    return frozenset(Element(value) for value in values)


def _ordered(elements: frozenset[Element]) -> tuple[Element, ...]:
    return tuple(element for element in Element if element in elements)


def _labels(elements: frozenset[Element]) -> tuple[Message, ...]:
    return tuple(element.label for element in _ordered(elements))


def _neutral_with_elements(elements: frozenset[Element], card: Message) -> tuple[Step, ...]:
    """The step for a card given as neutral and with elements, which 106 ¶2 does not settle.

    106 ¶2 sets neutral cards apart from cards of different elements; no
    clause says whether a neutral card can also have an element, nor that it
    cannot.  Such a card is not refused: the ruling applies the clauses to its
    elements and says that this input is not covered (the ruling is incomplete).

    >>> _neutral_with_elements(frozenset({Element.NEUTRAL, Element.SWAMP}), msg("the card")
    ...                        )[0].outcome.value
    'not_covered'
    """
    if Element.NEUTRAL not in elements or len(elements) == 1:
        return ()
    return (not_covered(
        msg(_("%(card)s is given as neutral and also with the elements %(elements)s; the texts "
              "do not say whether a neutral card can have an element"),
            card=card, elements=_labels(elements - {Element.NEUTRAL})),
        *_cite(K_SAME)),)


# --------------------------------------------------------------------------
# 106.p1 — features against an element
# --------------------------------------------------------------------------

def feature_against_element(feature_element: Element, target: frozenset[Element],
                            strike_bonus: int) -> tuple[int, tuple[Step, ...]]:
    """Return the strike bonus a feature "+N к удару по <element>" gives against ``target``.

    Implements 106.p1: a feature usable against cards of an element is used
    against any card having that element, whatever other elements it has.
    ``strike_bonus`` is in strike points; the result is ``strike_bonus`` or 0.

    >>> feature_against_element(Element.SWAMP, frozenset({Element.SWAMP, Element.FOREST}), 2)[0]
    2
    >>> feature_against_element(Element.SWAMP, frozenset({Element.MOUNTAINS}), 2)[0]
    0
    """
    steps: list[Step] = []
    if feature_element is Element.NEUTRAL:
        steps.append(_silent(
            msg(_("The feature against neutral cards is treated like a feature against an "
                  "element (стихия).")),
            msg(_("106 ¶1 speaks of features against cards of an element, and 106 ¶2 sets "
                  "neutral cards apart; the texts do not say whether neutral counts as an "
                  "element here. The engine assumed it does.")),
            K_FEATURE, K_SAME))
    signed = f"{strike_bonus:+d}"
    if feature_element in target:
        steps.append(_applied(
            msg(_("The feature against %(element)s applies: the target has that element "
                  "(%(bonus)s to strike)."), element=feature_element.label, bonus=signed),
            K_FEATURE))
        return strike_bonus, tuple(steps)
    steps.append(_not_applicable(
        msg(_("The feature against %(element)s (%(bonus)s to strike) does not apply."),
            element=feature_element.label, bonus=signed),
        msg(_("The target does not have the %(element)s element."),
            element=feature_element.label),
        K_FEATURE))
    return 0, tuple(steps)


def _evaluate_feature(inputs: Mapping[str, Any]) -> Ruling:
    feature = Element(inputs["feature_element"])
    target = _elements(inputs["target_elements"])
    bonus, steps = feature_against_element(feature, target, inputs["strike_bonus"])
    steps = _neutral_with_elements(target, msg(_("the target card"))) + steps
    values = (
        Value("feature_applies", feature in target, msg(_("Feature applies"))),
        Value("strike_bonus", bonus, msg(_("Strike bonus"))),
    )
    return Ruling("element-feature", values, steps)


# --------------------------------------------------------------------------
# 106.p2 — same element, different elements
# --------------------------------------------------------------------------

#: The open point of two cards that both are neutral (106 ¶2): is neutral an element
#: (стихия) both belong to, making them cards of the same element?
NEUTRAL_POINT = "neutral-shared-element"


def element_relation(card_a: frozenset[Element], card_b: frozenset[Element],
                     neutral_is_element: bool = False
                     ) -> tuple[Relation, frozenset[Element], tuple[Step, ...]]:
    """Return how the elements of two cards relate, the shared elements and the steps.

    Implements 106.p2: A and B are cards of the same element if some element
    belongs to both; otherwise they are cards of different elements, except
    neutral cards (which the engine treats as neither: see the SILENT step).
    Neutral is no element the cards share, unless ``neutral_is_element``: the
    other reading of :data:`NEUTRAL_POINT` (see :func:`neutral_readings`).
    Where both cards are neutral and share no other element the step says
    the point is open; the caller adds the readings.

    >>> F, S, D, M = Element.FOREST, Element.SWAMP, Element.DARKNESS, Element.MOUNTAINS
    >>> element_relation(frozenset({F, S}), frozenset({S, D}))[:2] == (Relation.SAME, {S})
    True
    >>> element_relation(frozenset({F}), frozenset({M}))[0]
    <Relation.DIFFERENT: 'different'>
    >>> N = Element.NEUTRAL
    >>> [element_relation(frozenset({N}), frozenset({N}), reading)[0].value
    ...  for reading in (False, True)]
    ['neither', 'same']
    """
    neutral_a = Element.NEUTRAL in card_a
    neutral_b = Element.NEUTRAL in card_b
    shared = card_a & card_b
    if not neutral_is_element:
        shared -= {Element.NEUTRAL}
    if (neutral_a or neutral_b) and not shared:
        if neutral_a and neutral_b:
            step = _silent(
                msg(_("Both cards are neutral: whether neutral is an element they share, "
                      "making them cards of the same element, is open; both readings are "
                      "shown.")),
                msg(_("106 ¶2 makes cards of the same element those with an element (стихия) "
                      "both belong to, and excepts neutral cards (кроме нейтральных карт) from "
                      "cards of different elements; it does not say whether neutral is itself "
                      "such an element.")),
                K_SAME)
            return Relation.NEITHER, frozenset(), (step,)
        which = msg(_("card A is neutral")) if neutral_a else msg(_("card B is neutral"))
        step = _silent(
            msg(_("The cards are neither of the same nor of different elements: %(which)s."),
                which=which),
            msg(_("106 ¶2 excepts neutral cards (кроме нейтральных карт) from cards of "
                  "different elements but does not say what they are instead. The engine "
                  "assumed a neutral card is neither of the same nor of a different element "
                  "than any card, another neutral card included.")),
            K_SAME)
        return Relation.NEITHER, frozenset(), (step,)
    if shared:
        steps = tuple(
            _applied(msg(_("Both cards have the %(element)s element: they are cards of the "
                           "same element."), element=element.label), K_SAME)
            for element in _ordered(shared))
        return Relation.SAME, shared, steps
    step = _applied(
        msg(_("No element belongs to both cards and neither is neutral: they are cards of "
              "different elements.")),
        K_SAME)
    return Relation.DIFFERENT, shared, (step,)


def neutral_readings(card_a: frozenset[Element], card_b: frozenset[Element],
                     values: Any, point: str = NEUTRAL_POINT) -> tuple[Reading, ...]:
    """The readings of :data:`NEUTRAL_POINT` for two cards, where they differ; else ``()``.

    ``values(relation, shared)`` gives a reading's values.  The one presented
    first (the ruling's values) keeps neutral apart from the elements, as 106 ¶2
    names neutral cards only as an exception; the other counts neutral as an
    element both cards belong to.

    >>> N = Element.NEUTRAL
    >>> [r.value("relation") for r in neutral_readings(frozenset({N}), frozenset({N}),
    ...     lambda relation, shared: (Value("relation", relation.value, msg("R")),))]
    ['neither', 'same']
    """
    relation, shared, _steps = element_relation(card_a, card_b)
    other, other_shared, _steps = element_relation(card_a, card_b, neutral_is_element=True)
    if (relation, shared) == (other, other_shared):
        return ()
    return (
        Reading(point, msg(_("Neutral is no element: the cards are neither of the same nor "
                             "of different elements")),
                values(relation, shared), _cite(K_SAME), True,
                msg(_("106 ¶2 names neutral cards only as an exception (кроме нейтральных "
                      "карт), apart from the elements cards belong to."))),
        Reading(point, msg(_("Neutral is an element both cards belong to: they are cards of "
                             "the same element")),
                values(other, other_shared), _cite(K_SAME)),
    )


def _same_values(relation: Relation, shared: frozenset[Element]) -> tuple[Value, ...]:
    return (
        Value("relation", relation.label, msg(_("Relation"))),
        Value("same_element", relation is Relation.SAME, msg(_("Same element"))),
        Value("different_elements", relation is Relation.DIFFERENT,
              msg(_("Different elements"))),
        Value("shared_elements", _labels(shared), msg(_("Shared elements"))),
    )


def _evaluate_same(inputs: Mapping[str, Any]) -> Ruling:
    card_a, card_b = _elements(inputs["card_a_elements"]), _elements(inputs["card_b_elements"])
    relation, shared, steps = element_relation(card_a, card_b)
    steps = (_neutral_with_elements(card_a, msg(_("card A")))
             + _neutral_with_elements(card_b, msg(_("card B"))) + steps)
    return Ruling("same-element", _same_values(relation, shared), steps, (),
                  neutral_readings(card_a, card_b, _same_values))


# --------------------------------------------------------------------------
# 106.p3 — gaining elements
# --------------------------------------------------------------------------

def gain_elements(elements: frozenset[Element], gained: frozenset[Element]
                  ) -> tuple[frozenset[Element], frozenset[Element], tuple[Step, ...]]:
    """Return the card's elements after gaining ``gained``, the elements it did gain, and steps.

    Implements 106.p3: a card cannot gain an element it already has (the gain
    does not happen).  A gained element is added to the card's elements and a
    neutral card that gains an element stops being neutral (both SILENT).

    :raises ValueError: if ``gained`` contains :attr:`Element.NEUTRAL` (not an
        element a card can gain; the scenario's choices exclude it).

    >>> after, new, _steps = gain_elements(frozenset({Element.SWAMP}), frozenset({Element.SWAMP}))
    >>> after == {Element.SWAMP}, new
    (True, frozenset())
    """
    if Element.NEUTRAL in gained:
        raise ValueError("neutral is not an element a card can gain")
    current = set(elements)
    done: set[Element] = set()
    steps: list[Step] = []
    added_to_elements = False
    for element in _ordered(gained):
        if element in current:
            steps.append(_applied(
                msg(_("The card already has the %(element)s element: it does not gain it "
                      "again, nothing changes."), element=element.label),
                K_NO_REGAIN))
            continue
        if Element.NEUTRAL in current:
            steps.append(_silent(
                msg(_("The neutral card gains the %(element)s element and is no longer "
                      "neutral."), element=element.label),
                msg(_("The texts do not say whether a neutral card that gains an element "
                      "stays neutral; the engine assumed it does not.")),
                K_NO_REGAIN, K_SAME))
            current.discard(Element.NEUTRAL)
        else:
            steps.append(_not_applicable(
                msg(_("The card gains the %(element)s element."), element=element.label),
                msg(_("106 ¶3 only stops the gain of an element the card already has; it "
                      "does not have %(element)s."), element=element.label),
                K_NO_REGAIN))
            added_to_elements = True
        current.add(element)
        done.add(element)
    if added_to_elements:
        steps.append(_silent(
            msg(_("The gained element is added to the card's elements.")),
            msg(_("The texts do not say whether a gained element is added or replaces the "
                  "card's element (108.1 replaces a property in the same area of the card); "
                  "the engine assumed it is added, as 106 ¶2 and 106 ¶3 speak of cards with "
                  "several elements.")),
            K_SAME, K_NO_REGAIN, K_REPLACE))
    return frozenset(current), frozenset(done), tuple(steps)


def _evaluate_gain(inputs: Mapping[str, Any]) -> Ruling:
    before = _elements(inputs["card_elements"])
    wanted = _elements(inputs["gained_elements"])
    after, done, steps = gain_elements(before, wanted)
    steps = _neutral_with_elements(before, msg(_("the card"))) + steps
    values = (
        Value("elements", _labels(after), msg(_("Elements after the gain"))),
        Value("gained", _labels(done), msg(_("Elements gained"))),
        Value("not_gained", _labels(wanted - done), msg(_("Elements not gained"))),
        Value("changed", after != before, msg(_("Elements changed"))),
    )
    return Ruling("element-gain", values, steps)


# --------------------------------------------------------------------------
# 106.3, 106.4, 107.1, 108.1 — property replacement
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class CardState:
    """A card's base properties that property replacement acts on.

    ``subtype`` is ``None`` for non-creatures (106.4).  ``movement`` is the
    movement value (запас движения) in movement points, ``None`` when the
    card has none (non-creatures; flying creatures show the flight icon
    instead) or when it is not stated.
    """

    type: CardType
    subtype: Subtype | None
    status: Status
    movement: int | None

    @property
    def flying(self) -> bool:
        """True if the card is a flying creature."""
        return self.type is CardType.CREATURE and self.subtype is Subtype.FLYING

    def subtype_label(self) -> Message:
        """The subtype; "none" for a card that is no creature, "not stated" for a
        creature whose subtype the texts do not give (see :func:`apply_change`)."""
        if self.subtype is not None:
            return self.subtype.label
        return NOT_STATED if self.type is CardType.CREATURE else NONE_LABEL

    def movement_value(self) -> int | Message:
        """The movement as shown: a number, the flight icon, "none" or "not stated"."""
        if self.type is not CardType.CREATURE:
            return NONE_LABEL
        if self.subtype is Subtype.FLYING:
            return FLIGHT_ICON
        return self.movement if self.movement is not None else NOT_STATED


def additional_properties(state: CardState, in_play_zone: bool) -> frozenset[AdditionalProperty]:
    """Return the additional properties (107.1) a card in ``state`` has.

    All creatures in the play zone have simple strike, repelling and defender
    assignment; non-flying creatures in the play zone also have closing.  The
    engine counts only the subtype "non-flying" as non-flying (SILENT in the
    scenarios for independent creatures and symbiotes).

    >>> sorted(p.value for p in additional_properties(
    ...     CardState(CardType.CREATURE, Subtype.FLYING, Status.ORDINARY, None), True))
    ['defender', 'repel-strike', 'simple-strike']
    """
    if not in_play_zone or state.type is not CardType.CREATURE:
        return frozenset()
    result = {AdditionalProperty.SIMPLE_STRIKE, AdditionalProperty.REPEL_STRIKE,
              AdditionalProperty.DEFENDER}
    if state.subtype is Subtype.NON_FLYING:
        result.add(AdditionalProperty.CLOSING)
    return frozenset(result)


@dataclass(frozen=True)
class Change:
    """One change in a sequence: its kind and, for "becomes a creature", the
    subtype and movement the effect names (``None`` if it names none)."""

    kind: ChangeKind
    subtype: Subtype | None = None
    movement: int | None = None


def _movement_for(subtype: Subtype, stated: int | None, initial: CardState
                  ) -> tuple[int | None, tuple[Step, ...]]:
    """Movement of a card whose new subtype is named (not flying)."""
    if stated is not None:
        return stated, (_applied(
            msg(_("Its base properties now match the new subtype: movement %(movement)s, as "
                  "the effect states."), movement=stated), K_REPLACE),)
    if (initial.type is CardType.CREATURE and initial.subtype is subtype
            and initial.movement is not None):
        return initial.movement, (_silent(
            msg(_("The card gets its initial movement %(movement)s back."),
                movement=initial.movement),
            msg(_("108.1 gives back the numeric values with the initial subtype when no new "
                  "subtype is named; here the subtype is named and the effect states no "
                  "movement. The engine assumed the initial value.")),
            K_REPLACE, K_INITIAL),)
    return None, (_silent(
        msg(_("The card's movement is not stated.")),
        msg(_("108.1 makes the base properties match the new subtype but gives no value, "
              "and the effect states none; the engine leaves the movement unstated.")),
        K_REPLACE),)


def _gain_flight(state: CardState) -> tuple[CardState, tuple[Step, ...]]:
    old = state.subtype_label()
    if state.movement is not None:
        message = msg(_("The card gains flight: flying creature replaces the subtype %(old)s, "
                        "and the flight icon (полёт) replaces its movement %(movement)s."),
                      old=old, movement=state.movement)
    else:
        message = msg(_("The card gains flight: flying creature replaces the subtype %(old)s, "
                        "and the flight icon (полёт) takes the place of movement."), old=old)
    return replace(state, subtype=Subtype.FLYING, movement=None), (
        _applied(message, K_REPLACE),)


def _restore_initial_subtype(state: CardState, initial: CardState, lost: Message
                             ) -> tuple[CardState, tuple[Step, ...]]:
    """Losing flight with no new subtype named: back to the initial subtype (108.1)."""
    if initial.type is CardType.CREATURE and initial.subtype is not Subtype.FLYING:
        restored = replace(state, subtype=initial.subtype, movement=initial.movement)
        return restored, (_applied(
            msg(_("The card loses %(lost)s; no new subtype is named, so it gets back its "
                  "initial subtype %(subtype)s with its numeric values (movement "
                  "%(movement)s)."),
                lost=lost, subtype=restored.subtype_label(),
                movement=restored.movement_value()),
            K_REPLACE, K_INITIAL),)
    restored = replace(state, subtype=Subtype.NON_FLYING, movement=None)
    return restored, (_silent(
        msg(_("The card loses %(lost)s and becomes a non-flying creature with no stated "
              "movement."), lost=lost),
        msg(_("108.1 gives back the initial subtype, but the card's initial subtype is "
              "%(initial)s; the texts do not say what it becomes. The engine assumed a "
              "non-flying creature without a movement value."),
            initial=initial.subtype_label() if initial.type is CardType.CREATURE
            else initial.type.label),
        K_REPLACE, K_INITIAL),)


def apply_change(state: CardState, change: Change, initial: CardState, path: str = "change"
                 ) -> tuple[CardState, tuple[Step, ...]]:
    """Return the card's state after ``change`` and the steps (108.1, 108.p1, 106.3, 106.4).

    A gained property replaces the property in the same area of the card; a
    changed type or subtype brings base properties that match it; with no new
    subtype named the initial subtype comes back with its numeric values.

    :raises InputError: naming ``path`` + ``.subtype``/``.movement`` if the
        change names a subtype or movement it cannot have.  A card whose initial
        type is not creature and that becomes a creature with no subtype named is
        not refused: its subtype is not covered by the texts (a ``NOT_COVERED``
        step; the state's subtype is ``None``).

    >>> start = CardState(CardType.CREATURE, Subtype.NON_FLYING, Status.ELITE, 2)
    >>> flying, _s = apply_change(start, Change(ChangeKind.GAIN_FLIGHT), start)
    >>> flying.movement_value().id
    'flight icon (полёт)'
    >>> apply_change(flying, Change(ChangeKind.LOSE_FLIGHT), start)[0].movement_value()
    2
    """
    kind = change.kind
    if change.subtype is not None and kind is not ChangeKind.BECOME_CREATURE:
        raise InputError(path + ".subtype", msg(_(
            "Only a change that makes the card a creature names a subtype.")))
    if change.movement is not None and (
            kind is not ChangeKind.BECOME_CREATURE or change.subtype in (None, Subtype.FLYING)):
        raise InputError(path + ".movement", msg(_(
            "A movement value goes only with a change that makes the card a creature of a "
            "named subtype other than flying.")))

    if kind in _BECOME_STATUS:
        new_status = _BECOME_STATUS[kind]
        if state.status is new_status:
            return state, (_not_applicable(
                msg(_("The card becomes %(status)s."), status=new_status.label),
                msg(_("It already is %(status)s: there is nothing to replace."),
                    status=new_status.label),
                K_REPLACE),)
        return replace(state, status=new_status), (_applied(
            msg(_("The card becomes %(new)s and stops being %(old)s."),
                new=new_status.label, old=state.status.label),
            K_REPLACE),)

    if kind is ChangeKind.GAIN_FLIGHT:
        if state.type is not CardType.CREATURE:
            return state, (_not_applicable(
                msg(_("The card does not gain flight.")),
                msg(_("Only creatures have subtypes such as flying; the card's type is %(type)s."),
                    type=state.type.label),
                K_SUBTYPE),)
        if state.flying:
            return state, (_not_applicable(
                msg(_("The card gains flight.")),
                msg(_("It already is a flying creature: there is nothing to replace.")),
                K_REPLACE),)
        return _gain_flight(state)

    if kind is ChangeKind.LOSE_FLIGHT:
        if not state.flying:
            return state, (_not_applicable(
                msg(_("The card loses flight.")),
                msg(_("It is not a flying creature.")),
                K_REPLACE),)
        return _restore_initial_subtype(state, initial, msg(_("flight")))

    if kind is ChangeKind.LOSE_TYPE:
        if state.type is initial.type:
            return state, (_not_applicable(
                msg(_("The card loses an acquired type.")),
                msg(_("It has its initial type %(type)s, the one it had before the game; "
                      "there is no acquired type to lose."), type=state.type.label),
                K_INITIAL, K_REPLACE),)
        restored = replace(state, type=initial.type, subtype=initial.subtype,
                           movement=initial.movement)
        return restored, (_silent(
            msg(_("The card loses the type %(lost)s and gets back its initial type %(type)s "
                  "and subtype %(subtype)s, with its numeric values."),
                lost=state.type.label, type=initial.type.label,
                subtype=initial.subtype_label()),
            msg(_("108.1 gives back the initial subtype with its numeric values when a card "
                  "loses its type and no new subtype is named; it does not say that the "
                  "initial type comes back too. The engine assumed it does.")),
            K_REPLACE, K_INITIAL),)

    new_type = _BECOME_TYPE[kind]
    if new_type is not CardType.CREATURE:
        if state.type is new_type:
            return state, (_not_applicable(
                msg(_("The card's type becomes %(type)s."), type=new_type.label),
                msg(_("Its type already is %(type)s: there is nothing to replace."),
                    type=new_type.label),
                K_REPLACE),)
        steps = [_applied(
            msg(_("Type %(new)s replaces type %(old)s; the card's base properties now match "
                  "its new type."), new=new_type.label, old=state.type.label),
            K_REPLACE, K_TYPE)]
        if state.subtype is not None:
            steps.append(_applied(
                msg(_("It loses its subtype %(subtype)s and its movement: only creatures have "
                      "subtypes."), subtype=state.subtype.label),
                K_SUBTYPE, K_REPLACE))
        return CardState(new_type, None, state.status, None), tuple(steps)

    # becomes a creature (or a creature of another subtype)
    if state.type is CardType.CREATURE:
        if change.subtype is None or change.subtype is state.subtype:
            if change.movement is not None:
                raise InputError(path + ".movement", msg(_(
                    "The card already is a creature of this subtype: a movement value goes "
                    "only with a change of type or subtype.")))
            return state, (_not_applicable(
                msg(_("The card becomes a creature.")),
                msg(_("Its subtype already is %(subtype)s: there is nothing to replace."),
                    subtype=state.subtype_label()),
                K_REPLACE),)
        if change.subtype is Subtype.FLYING:
            return _gain_flight(state)
        steps = [_applied(
            msg(_("Subtype %(new)s replaces subtype %(old)s."),
                new=change.subtype.label, old=state.subtype_label()),
            K_REPLACE)]
        movement, more = _movement_for(change.subtype, change.movement, initial)
        return replace(state, subtype=change.subtype, movement=movement), tuple(steps) + more

    steps = [_applied(
        msg(_("Type %(new)s replaces type %(old)s; the card's base properties now match "
              "its new type."), new=CardType.CREATURE.label, old=state.type.label),
        K_REPLACE, K_TYPE)]
    if change.subtype is None:
        if initial.type is not CardType.CREATURE:
            # 108.1 gives back the initial subtype, and this card has none: not refused,
            # the texts do not say which subtype it has
            steps.append(not_covered(
                msg(_("the subtype of a card whose initial type is %(type)s and that becomes a "
                      "creature with no subtype named: 108.1 gives back the initial subtype, "
                      "and the card has none"), type=initial.type.label),
                *_cite(K_REPLACE, K_INITIAL)))
            return replace(state, type=CardType.CREATURE, subtype=None,
                           movement=None), tuple(steps)
        steps.append(_applied(
            msg(_("No new subtype is named: the card gets back its initial subtype "
                  "%(subtype)s with its numeric values (movement %(movement)s)."),
                subtype=initial.subtype_label(), movement=initial.movement_value()),
            K_REPLACE, K_INITIAL))
        return replace(state, type=CardType.CREATURE, subtype=initial.subtype,
                       movement=initial.movement), tuple(steps)
    steps.append(_applied(
        msg(_("The effect names its subtype: %(subtype)s."), subtype=change.subtype.label),
        K_REPLACE, K_SUBTYPE))
    if change.subtype is Subtype.FLYING:
        return replace(state, type=CardType.CREATURE, subtype=Subtype.FLYING,
                       movement=None), tuple(steps)
    movement, more = _movement_for(change.subtype, change.movement, initial)
    return (replace(state, type=CardType.CREATURE, subtype=change.subtype, movement=movement),
            tuple(steps) + more)


# --------------------------------------------------------------------------
# Open points of a history of changes (108.1): what outlasts a change of type
# --------------------------------------------------------------------------

_FLIGHT_CHANGES = (ChangeKind.GAIN_FLIGHT, ChangeKind.LOSE_FLIGHT)


def _replay(state: CardState, rest: tuple[Change, ...], initial: CardState) -> CardState | None:
    """The state after ``rest`` from ``state`` (no steps); ``None`` if a change cannot apply."""
    for change in rest:
        try:
            state, _steps = apply_change(state, change, initial)
        except InputError:
            return None
    return state


def _flight_after_type_change(number: int, earlier: tuple[ChangeKind, int], state: CardState,
                              initial: CardState, rest: tuple[Change, ...], step_values: bool
                              ) -> tuple[Step | None, tuple[Reading, ...]]:
    """The open point of change ``number``: a card that is a creature again without a
    named subtype after an earlier gain or loss of flight (change ``earlier[1]``).

    108.1 gives back the initial subtype with its numeric values when a card loses its
    type and no new subtype is named (the reading presented first, the one the ruling's
    values follow); it does not say whether the earlier "gains flight" / "loses flight"
    outlasts the change of type (the other reading).  Reading values: the final subtype
    and movement after the ``rest`` of the changes, and with ``step_values`` those after
    change ``number``.  Returns no step when both readings give the same card, and no
    readings if the other reading's history cannot go on.
    """
    kind, at = earlier
    if kind is ChangeKind.GAIN_FLIGHT:
        kept = replace(state, subtype=Subtype.FLYING, movement=None)
    else:
        movement = (initial.movement if initial.type is CardType.CREATURE
                    and initial.subtype is Subtype.NON_FLYING else None)
        kept = replace(state, subtype=Subtype.NON_FLYING, movement=movement)
    if kept == state:
        return None, ()

    def values(card: CardState) -> tuple[Value, ...]:
        found = []
        if step_values:
            found += [Value(f"step_{number}_subtype", card.subtype_label(),
                            msg(_("After change %(number)s: subtype"), number=number)),
                      Value(f"step_{number}_movement", card.movement_value(),
                            msg(_("After change %(number)s: movement"), number=number))]
        final = _replay(card, rest, initial)
        assert final is not None
        found += [Value("subtype", final.subtype_label(), msg(_("Subtype"))),
                  Value("movement", final.movement_value(), msg(_("Movement (запас движения)")))]
        return tuple(found)

    step = _silent(
        msg(_("Change %(number)s makes the card a creature again without naming a subtype; "
              "whether change %(earlier)s (%(change)s) still applies is open; both readings "
              "are shown."), number=number, earlier=at, change=kind.label),
        msg(_("108.1 gives back the initial subtype when no new subtype is named, and a "
              "gained property replaces the one in the same area of the card; it does not say "
              "whether a gain or loss of flight outlasts a change of type.")),
        K_REPLACE, K_INITIAL)
    if _replay(kept, rest, initial) is None:
        return step, ()
    point = f"change-{number}-flight"
    readings = (
        Reading(point, msg(_("The initial subtype comes back with its numeric values")),
                values(state), _cite(K_REPLACE, K_INITIAL), True,
                msg(_("108.1 says so for a card that loses its type with no new subtype "
                      "named; it names no exception for an earlier gain or loss of "
                      "flight."))),
        Reading(point, msg(_("The earlier change %(number)s (%(change)s) still applies"),
                           number=at, change=kind.label),
                values(kept), _cite(K_REPLACE)),
    )
    return step, readings


def _track_flight(flight: tuple[ChangeKind, int] | None, change: Change, number: int,
                  before: CardState, after: CardState, initial: CardState,
                  rest: tuple[Change, ...], step_values: bool,
                  steps: list[Step], readings: list[Reading]) -> tuple[ChangeKind, int] | None:
    """Follow the last gain or loss of flight through change ``number``; append the open
    point when a change of type would undo it (see :func:`_flight_after_type_change`)."""
    if change.kind in _FLIGHT_CHANGES and after != before:
        return change.kind, number
    if change.kind is ChangeKind.BECOME_CREATURE and change.subtype is not None:
        return None  # a named subtype replaces whatever flight did
    if (flight is not None and before.type is not CardType.CREATURE
            and after.type is CardType.CREATURE):
        step, found = _flight_after_type_change(number, flight, after, initial, rest,
                                                step_values)
        if step is not None:
            steps.append(step)
            readings.extend(found)
        return None
    return flight


def _elements_of_an_artifact(number: int, elements: frozenset[Element],
                             gained_later: frozenset[Element], final: frozenset[Element]
                             ) -> tuple[Step, tuple[Reading, ...]]:
    """The open point of change ``number``: does a card that becomes an artifact keep its
    ``elements``?  108.1 makes it lose the properties and features an artifact cannot
    have; no text says whether an artifact can have elements (106 ¶1–¶3 speak of cards).
    ``gained_later`` are the elements later changes gain, ``final`` the card's elements at
    the end under the reading presented first."""
    def values(after: frozenset[Element], end: frozenset[Element]) -> tuple[Value, ...]:
        return (Value(f"step_{number}_elements", _labels(after),
                      msg(_("After change %(number)s: elements"), number=number)),
                Value("elements", _labels(end), msg(_("Elements"))))

    point = f"change-{number}-elements"
    readings = (
        Reading(point, msg(_("It keeps its elements")), values(elements, final),
                _cite(K_REPLACE, K_SAME), True,
                msg(_("108.1 takes away only what an artifact cannot have, and no text says "
                      "an artifact cannot have an element; 106 ¶2 speaks of any card."))),
        Reading(point, msg(_("It loses its elements, as something an artifact cannot have")),
                values(frozenset(), gained_later), _cite(K_REPLACE, K_TYPE)),
    )
    step = _silent(
        msg(_("Change %(number)s makes the card an artifact; whether it keeps its elements is "
              "open; both readings are shown."), number=number),
        msg(_("108.1 says a creature that becomes an artifact loses the properties and "
              "features an artifact cannot have; the texts do not say whether an artifact can "
              "have elements.")),
        K_REPLACE, K_TYPE, K_SAME)
    return step, readings


def _property_diff(before: frozenset[AdditionalProperty], after: frozenset[AdditionalProperty],
                   held: frozenset[AdditionalProperty]) -> tuple[Step, ...]:
    """The additional properties (107.1) a change takes away or brings.

    ``held`` are the properties the card had at any earlier point of its
    history: only those come back "again"; an artifact that becomes a
    creature gets them for the first time.
    """
    steps = []
    for prop in AdditionalProperty:
        if prop in before and prop not in after:
            steps.append(_applied(
                msg(_("The card no longer has %(property)s: only %(holders)s have it. No "
                      "feature can take an additional property away, but this change of type "
                      "or subtype does, as the card no longer is of the matching type "
                      "(subtype)."), property=prop.label, holders=prop.holders),
                K_ADDITIONAL, K_REPLACE))
        elif prop in after and prop not in before and prop in held:
            steps.append(_applied(
                msg(_("The card has %(property)s again: it is again one of the %(holders)s."),
                    property=prop.label, holders=prop.holders),
                K_ADDITIONAL))
        elif prop in after and prop not in before:
            steps.append(_applied(
                msg(_("The card now has %(property)s: it is one of the %(holders)s."),
                    property=prop.label, holders=prop.holders),
                K_ADDITIONAL))
    return tuple(steps)


def _final_property_steps(state: CardState, in_play_zone: bool,
                          changed: frozenset[AdditionalProperty]) -> tuple[Step, ...]:
    """The word on each additional property at the end of a history (107.1).

    A property a change took away or brought (``changed``) was already stated
    by that change's step, which says what the card has now: it is not said
    twice, unless the word at the end rests on a point the texts leave open
    (a ``SILENT`` step).
    """
    steps = (_property_step(prop, state, in_play_zone) for prop in AdditionalProperty)
    return tuple(step for prop, step in zip(AdditionalProperty, steps)
                 if prop not in changed or step.outcome is Outcome.SILENT)


def _property_step(prop: AdditionalProperty, state: CardState, in_play_zone: bool) -> Step:
    """The word on one additional property of a card in ``state`` (107.1)."""
    if prop in additional_properties(state, in_play_zone):
        return _applied(
            msg(_("The card has %(property)s: all %(holders)s have it."),
                property=prop.label, holders=prop.holders),
            K_ADDITIONAL)
    lacks = msg(_("The card does not have %(property)s."), property=prop.label)
    if not in_play_zone:
        return _not_applicable(
            lacks, msg(_("Only %(holders)s have it; the card is not in the play zone."),
                       holders=prop.holders),
            K_ADDITIONAL)
    if state.type is not CardType.CREATURE:
        return _not_applicable(
            lacks, msg(_("Only %(holders)s have it; the card's type is %(type)s."),
                       holders=prop.holders, type=state.type.label),
            K_ADDITIONAL)
    if state.subtype is None:
        return _silent(
            lacks, msg(_("Only %(holders)s have it, and the card's subtype is not stated; the "
                         "engine does not count it among them."), holders=prop.holders),
            K_ADDITIONAL)
    if state.subtype in (Subtype.INDEPENDENT, Subtype.SYMBIOTE):
        return _silent(
            lacks, msg(_("107.1 gives it to non-flying creatures, while 106.4 lists "
                         "%(subtype)s as a subtype of its own beside non-flying creature; the "
                         "engine assumed such a creature is not a non-flying creature."),
                       subtype=state.subtype_label()),
            K_ADDITIONAL, K_SUBTYPE)
    return _not_applicable(
        lacks, msg(_("Only %(holders)s have it; the card's subtype is %(subtype)s."),
                   holders=prop.holders, subtype=state.subtype_label()),
        K_ADDITIONAL)


_SUBTYPES_SILENT = (
    msg(_("Only creatures have subtypes.")),
    msg(_("106.4 first calls subtypes varieties of creatures, artifacts, terrains and "
          "equipment, then says artifacts, terrains, conditions and equipment have no "
          "subtypes and names creature subtypes only; the engine assumed only creatures "
          "have subtypes.")),
)


def _initial_state(inputs: Mapping[str, Any]) -> CardState:
    return CardState(CardType(inputs["initial_type"]),
                     Subtype(inputs["initial_subtype"]) if inputs["initial_subtype"] else None,
                     Status(inputs["initial_status"]),
                     inputs["initial_movement"])


def _changes(inputs: Mapping[str, Any]) -> tuple[Change, ...]:
    return tuple(
        Change(ChangeKind(item["change"]),
               Subtype(item["subtype"]) if item["subtype"] else None,
               item["movement"])
        for item in inputs["changes"])


def _run_replacement(inputs: Mapping[str, Any]) -> Ruling:
    initial = _initial_state(inputs)
    in_play = inputs["in_play_zone"]
    steps: list[Step] = [_applied(
        msg(_("Initial type: %(type)s, subtype: %(subtype)s (the ones the card has before "
              "the game starts)."), type=initial.type.label, subtype=initial.subtype_label()),
        K_INITIAL, K_TYPE)]
    state = initial
    non_creature_seen = initial.type is not CardType.CREATURE
    props = additional_properties(state, in_play)
    held, changed = props, frozenset[AdditionalProperty]()
    readings: list[Reading] = []
    flight: tuple[ChangeKind, int] | None = None
    changes = _changes(inputs)
    for index, change in enumerate(changes):
        before = state
        state, change_steps = apply_change(state, change, initial, f"changes.{index}")
        steps.extend(change_steps)
        flight = _track_flight(flight, change, index + 1, before, state, initial,
                               changes[index + 1:], False, steps, readings)
        new_props = additional_properties(state, in_play)
        steps.extend(_property_diff(props, new_props, held))
        changed |= props ^ new_props
        props, held = new_props, held | new_props
        non_creature_seen = non_creature_seen or state.type is not CardType.CREATURE
    if non_creature_seen:
        steps.append(_silent(*_SUBTYPES_SILENT, K_SUBTYPE))
    steps.extend(_final_property_steps(state, in_play, changed))
    values = [
        Value("type", state.type.label, msg(_("Type"))),
        Value("subtype", state.subtype_label(), msg(_("Subtype"))),
        Value("status", state.status.label, msg(_("Status"))),
        Value("movement", state.movement_value(), msg(_("Movement (запас движения)"))),
        Value("additional_properties", tuple(p.label for p in AdditionalProperty if p in props),
              msg(_("Additional properties"))),
    ]
    values.extend(Value(p.value_name, p in props, p.label) for p in AdditionalProperty)
    return Ruling("property-replacement", tuple(values), tuple(steps), (), tuple(readings))


def _check_replacement(inputs: Mapping[str, Any]) -> None:
    card_type = CardType(inputs["initial_type"])
    subtype = inputs["initial_subtype"]
    movement = inputs["initial_movement"]
    if card_type is CardType.CREATURE and not subtype:
        raise InputError("initial_subtype", msg(_("Choose the subtype of the creature.")))
    if card_type is not CardType.CREATURE and subtype:
        raise InputError("initial_subtype", msg(_("Only creatures have a subtype.")))
    if movement is not None and (card_type is not CardType.CREATURE
                                 or subtype == Subtype.FLYING.value):
        raise InputError("initial_movement", msg(_(
            "Only a creature that is not flying has a movement value.")))
    if subtype == Subtype.NON_FLYING.value and movement is None:
        raise InputError("initial_movement", msg(_(
            "Give the movement value of the non-flying creature.")))
    _run_replacement(inputs)  # raises InputError for changes that cannot name a subtype/movement


# --------------------------------------------------------------------------
# 107.1–107.3 — timing of simple strike, closing and defender assignment
# --------------------------------------------------------------------------

def may_declare(prop: AdditionalProperty, *, card_type: CardType, subtype: Subtype | None,
                in_play_zone: bool, turn: Turn, phase: Phase, subphase: SubPhase | None,
                strike: StrikeBy, prevented: bool, stated: bool = False
                ) -> tuple[bool, tuple[Step, ...]]:
    """Return whether ``prop`` may be used now, with the steps (107.1, 107.2, 107.3).

    Simple strike and closing are slow: only in the player's own turn, Main
    phase, Choice sub-phase (107.2).  Defender assignment is fast: when a
    simple strike is declared (107.3).  ``prevented`` means a feature stops
    the card from using the property (107.1: it keeps the property).
    ``stated`` means the ruling already says whether the card has ``prop``
    (a situation's history does): the steps then leave that out.

    :raises ValueError: for :attr:`AdditionalProperty.REPEL_STRIKE`, which
        107.2 and 107.3 do not time.

    >>> may_declare(AdditionalProperty.SIMPLE_STRIKE, card_type=CardType.CREATURE,
    ...             subtype=Subtype.NON_FLYING, in_play_zone=True, turn=Turn.OWN,
    ...             phase=Phase.MAIN, subphase=SubPhase.CHOICE, strike=StrikeBy.NONE,
    ...             prevented=False)[0]
    True
    """
    if prop is AdditionalProperty.REPEL_STRIKE:
        raise ValueError("107.2 and 107.3 do not time repelling a simple strike")
    state = CardState(card_type, subtype, Status.ORDINARY, None)
    steps = [] if stated else [_property_step(prop, state, in_play_zone)]
    if prop not in additional_properties(state, in_play_zone):
        return False, tuple(steps)
    if prevented:
        steps.append(_applied(
            msg(_("A feature stops the card from using %(property)s; it keeps the property, "
                  "as no feature can take it away."), property=prop.label),
            K_ADDITIONAL))
        return False, tuple(steps)
    if prop is AdditionalProperty.DEFENDER:
        if strike is StrikeBy.NONE:
            steps.append(_not_applicable(
                msg(_("%(property)s may not be declared now."), property=prop.label),
                msg(_("No simple strike is being declared; this fast property is declared "
                      "when a simple strike is declared.")),
                K_FAST))
            return False, tuple(steps)
        if strike is StrikeBy.OWN:
            steps.append(_silent(
                msg(_("A defender against its own player's simple strike is taken as not "
                      "allowed.")),
                msg(_("107.3 allows a defender when a simple strike is declared but does not "
                      "say whose strike; the engine assumed a defender is assigned only "
                      "against the opponent's strike.")),
                K_FAST))
            return False, tuple(steps)
        steps.append(_applied(
            msg(_("%(property)s is fast (внезапное): it may be declared now, as the opponent "
                  "declares a simple strike."), property=prop.label),
            K_FAST))
        steps.append(_silent(
            msg(_("The other conditions for using this property are taken as met.")),
            msg(_("107.3 requires all the necessary conditions for using the property to be "
                  "met but does not list them; the engine assumed they are.")),
            K_FAST))
        return True, tuple(steps)
    failed = []
    if turn is not Turn.OWN:
        failed.append(msg(_("It is the opponent's turn, not its player's own turn.")))
    if phase is not Phase.MAIN:
        failed.append(msg(_("It is not the Main phase.")))
    elif subphase is not SubPhase.CHOICE:
        failed.append(msg(_("It is not the Choice sub-phase of the Main phase.")))
    if failed:
        steps.extend(_not_applicable(
            msg(_("%(property)s is slow (невнезапное) and may not be declared now."),
                property=prop.label),
            reason, K_SLOW) for reason in failed)
        return False, tuple(steps)
    steps.append(_applied(
        msg(_("%(property)s is slow (невнезапное): it may be declared now, in its player's "
              "Choice sub-phase of the Main phase."), property=prop.label),
        K_SLOW))
    return True, tuple(steps)


_TIMED = (AdditionalProperty.SIMPLE_STRIKE, AdditionalProperty.CLOSING,
          AdditionalProperty.DEFENDER)


def _evaluate_timing(inputs: Mapping[str, Any]) -> Ruling:
    card_type = CardType(inputs["card_type"])
    subtype = Subtype(inputs["card_subtype"]) if inputs["card_subtype"] else None
    subphase = SubPhase(inputs["subphase"]) if inputs["subphase"] else None
    prevented = inputs["use_prevented"]
    steps: list[Step] = []
    values = []
    for prop in _TIMED:
        allowed, prop_steps = may_declare(
            prop, card_type=card_type, subtype=subtype, in_play_zone=inputs["in_play_zone"],
            turn=Turn(inputs["turn"]), phase=Phase(inputs["phase"]), subphase=subphase,
            strike=StrikeBy(inputs["strike_declared"]), prevented=prop.value in prevented)
        steps.extend(prop_steps)
        values.append(Value(prop.value_name, allowed, prop.label))
    return Ruling("timing", tuple(values), tuple(steps))


def _check_timing(inputs: Mapping[str, Any]) -> None:
    card_type = CardType(inputs["card_type"])
    if card_type is CardType.CREATURE and not inputs["card_subtype"]:
        raise InputError("card_subtype", msg(_("Choose the subtype of the creature.")))
    if card_type is not CardType.CREATURE and inputs["card_subtype"]:
        raise InputError("card_subtype", msg(_("Only creatures have a subtype.")))
    _check_moment(inputs)


def _check_moment(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for a phase, sub-phase and declared strike that 107.2 excludes."""
    phase = Phase(inputs["phase"])
    if phase is Phase.MAIN and not inputs["subphase"]:
        raise InputError("subphase", msg(_("Choose the sub-phase of the Main phase.")))
    if phase is not Phase.MAIN and inputs["subphase"] == SubPhase.CHOICE.value:
        raise InputError("subphase", msg(_(
            "The Choice sub-phase is part of the Main phase.")))
    strike = StrikeBy(inputs["strike_declared"])
    if strike is not StrikeBy.NONE:
        striker_turn = Turn.OWN if strike is StrikeBy.OWN else Turn.OPPONENT
        if (Turn(inputs["turn"]) is not striker_turn or phase is not Phase.MAIN
                or inputs["subphase"] != SubPhase.CHOICE.value):
            raise InputError("strike_declared", msg(_(
                "A simple strike is declared only in the Choice sub-phase of the Main phase "
                "of its player's own turn: set the turn and phase to match.")))


# --------------------------------------------------------------------------
# Fields, examples, scenarios
# --------------------------------------------------------------------------

_ELEMENT_CHOICES = Element.choices()
_GAINABLE_CHOICES = Element.choices(exclude=(Element.NEUTRAL,))
_TYPE_CHOICES = CardType.choices()
_SUBTYPE_CHOICES = Subtype.choices()
_STATUS_CHOICES = Status.choices()
_ELEMENTS_HELP = msg(_("Neutral (нейтральная): the texts do not say whether a neutral card can "
                        "also have an element; given with elements, the ruling says so."))

FEATURE_FIELDS = (
    Field("feature_element", msg(_("The feature works against cards of")), FieldKind.CHOICE,
          help=msg(_("E.g. Баграх: +2 к удару по болотным (against swamp cards).")),
          choices=_ELEMENT_CHOICES),
    Field("strike_bonus", msg(_("Strike bonus of the feature")), FieldKind.INTEGER,
          minimum=-99, maximum=99),
    Field("target_elements", msg(_("Elements of the target card")),
          FieldKind.MULTIPLE_CHOICE, help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES,
          min_items=1),
)

SAME_FIELDS = (
    Field("card_a_elements", msg(_("Elements of card A")), FieldKind.MULTIPLE_CHOICE,
          help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES, min_items=1),
    Field("card_b_elements", msg(_("Elements of card B")), FieldKind.MULTIPLE_CHOICE,
          help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES, min_items=1),
)

GAIN_FIELDS = (
    Field("card_elements", msg(_("Elements of the card")), FieldKind.MULTIPLE_CHOICE,
          help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES, min_items=1),
    Field("gained_elements", msg(_("Elements the card gains")), FieldKind.MULTIPLE_CHOICE,
          choices=_GAINABLE_CHOICES, min_items=1),
)

REPLACEMENT_FIELDS = (
    Field("initial_type", msg(_("Initial type")), FieldKind.CHOICE, choices=_TYPE_CHOICES),
    Field("initial_subtype", msg(_("Initial subtype")), FieldKind.CHOICE,
          help=msg(_("Creatures only.")), required=False, choices=_SUBTYPE_CHOICES,
          required_when=msg(_("for a creature"))),
    Field("initial_status", msg(_("Elite or ordinary")), FieldKind.CHOICE,
          choices=_STATUS_CHOICES),
    Field("initial_movement", msg(_("Initial movement (запас движения)")), FieldKind.INTEGER,
          help=msg(_("Required for a non-flying creature; not for flying creatures and "
                     "non-creatures.")),
          required=False, minimum=0, maximum=20,
          required_when=msg(_("for a non-flying creature"))),
    Field("in_play_zone", msg(_("The card is in the play zone")), FieldKind.BOOLEAN,
          default=True),
    Field("changes", msg(_("Changes, in order")), FieldKind.GROUP, max_items=12, fields=(
        Field("change", msg(_("Change")), FieldKind.CHOICE,
              choices=ChangeKind.choices()),
        Field("subtype", msg(_("Subtype the effect names")), FieldKind.CHOICE,
              help=msg(_("Only with \"becomes a creature\"; leave empty if none is named.")),
              required=False, choices=_SUBTYPE_CHOICES),
        Field("movement", msg(_("Movement the effect states")), FieldKind.INTEGER,
              help=msg(_("Only with \"becomes a creature\" of a named subtype other than "
                         "flying.")),
              required=False, minimum=0, maximum=20),
    )),
)

TIMING_FIELDS = (
    Field("card_type", msg(_("Card type")), FieldKind.CHOICE, choices=_TYPE_CHOICES),
    Field("card_subtype", msg(_("Subtype")), FieldKind.CHOICE,
          help=msg(_("Creatures only.")), required=False, choices=_SUBTYPE_CHOICES,
          required_when=msg(_("for a creature"))),
    Field("in_play_zone", msg(_("The card is in the play zone")), FieldKind.BOOLEAN,
          default=True),
    Field("turn", msg(_("Whose turn")), FieldKind.CHOICE,
          choices=Turn.choices()),
    Field("phase", msg(_("Phase")), FieldKind.CHOICE, choices=Phase.choices()),
    Field("subphase", msg(_("Sub-phase of the Main phase")), FieldKind.CHOICE,
          required=False, choices=SubPhase.choices(),
          required_when=msg(_("in the Main phase"))),
    Field("strike_declared", msg(_("Simple strike being declared")), FieldKind.CHOICE,
          choices=StrikeBy.choices()),
    Field("use_prevented", msg(_("A feature stops the card from using")),
          FieldKind.MULTIPLE_CHOICE, required=False,
          choices=AdditionalProperty.choices(_TIMED)),
)

_EXAMPLES_FEATURE = (
    Example(
        "bagrakh-swamp",
        msg(_("Баграх (+2 к удару по болотным) strikes a swamp card")),
        {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp"]},
        {"feature_applies": True, "strike_bonus": 2},
        DOCUMENT.cite(K_FEATURE)),
    Example(
        "bagrakh-any-swamp-card",
        msg(_("Баграх strikes any card having the swamp element, whatever its other elements")),
        {"feature_element": "swamp", "strike_bonus": 2,
         "target_elements": ["swamp", "darkness"]},
        {"feature_applies": True, "strike_bonus": 2},
        DOCUMENT.cite(K_FEATURE)),
)

_FLIGHT_START = {"initial_type": "creature", "initial_subtype": "non-flying",
                 "initial_status": "ordinary", "initial_movement": 2, "in_play_zone": True}

_EXAMPLES_REPLACEMENT = (
    Example(
        "gains-flight",
        msg(_("A non-flying creature with movement 2 gains flight")),
        {**_FLIGHT_START, "changes": [{"change": "gain-flight"}]},
        {"subtype": Subtype.FLYING.label, "movement": FLIGHT_ICON},
        DOCUMENT.cite(K_REPLACE)),
    Example(
        "gains-then-loses-flight",
        msg(_("The same creature later loses flight")),
        {**_FLIGHT_START, "changes": [{"change": "gain-flight"}, {"change": "lose-flight"}]},
        {"subtype": Subtype.NON_FLYING.label, "movement": 2},
        DOCUMENT.cite(K_REPLACE)),
)

ELEMENT_FEATURE = Scenario(
    slug="element-feature",
    game=GAME,
    title=msg(_("Feature against an element (стихия)")),
    summary=msg(_("Does a feature usable against cards of an element work against this card?")),
    fields=FEATURE_FIELDS,
    evaluator=_evaluate_feature,
    citations=_cite(K_FEATURE, K_SAME),
    examples=_EXAMPLES_FEATURE,
)

SAME_ELEMENT = Scenario(
    slug="same-element",
    game=GAME,
    title=msg(_("Same element or different elements")),
    summary=msg(_("Are two cards of the same element (стихия), of different elements, or "
                  "neither?")),
    fields=SAME_FIELDS,
    evaluator=_evaluate_same,
    citations=_cite(K_SAME),
)

ELEMENT_GAIN = Scenario(
    slug="element-gain",
    game=GAME,
    title=msg(_("Gaining an element")),
    summary=msg(_("Which elements does a card have after gaining elements?")),
    fields=GAIN_FIELDS,
    evaluator=_evaluate_gain,
    citations=_cite(K_NO_REGAIN, K_SAME, K_REPLACE),
)

PROPERTY_REPLACEMENT = Scenario(
    slug="property-replacement",
    game=GAME,
    title=msg(_("Type, subtype and status changes")),
    summary=msg(_("A card's type, subtype, status, movement and additional properties after "
                  "a sequence of changes.")),
    fields=REPLACEMENT_FIELDS,
    evaluator=_run_replacement,
    citations=_cite(K_INITIAL, K_TYPE, K_SUBTYPE, K_REPLACE, K_ADDITIONAL),
    examples=_EXAMPLES_REPLACEMENT,
    check=_check_replacement,
)

TIMING = Scenario(
    slug="timing",
    game=GAME,
    title=msg(_("Simple strike, closing and defender: timing")),
    summary=msg(_("May the card declare a simple strike, close to strike a flying creature, "
                  "or be assigned as defender now?")),
    fields=TIMING_FIELDS,
    evaluator=_evaluate_timing,
    citations=_cite(K_ADDITIONAL, K_SUBTYPE, K_SLOW, K_FAST),
    check=_check_timing,
)

# --------------------------------------------------------------------------
# Situation: a card's history, its properties now, its features against elements
# --------------------------------------------------------------------------

class NonGameElement(Labelled):
    """A non-game element of a card (109.1): never part of a ruling."""

    LEGEND = ("legend", _("legend (легенда)"))
    FLAVOUR_TEXT = ("flavour-text", _("flavour text (художественный текст)"))
    ILLUSTRATION = ("illustration", _("illustration (иллюстрация)"))
    SET_SYMBOL = ("set-symbol", _("set symbol (значок сета)"))
    COLLECTOR_NUMBER = ("collector-number", _("collector number (коллекционный номер)"))
    RARITY = ("rarity", _("rarity symbol (символ редкости)"))


#: The situation's changes: the 108.1 changes plus gaining an element (106.p3).
GAIN_ELEMENT = "gain-element"

SITUATION_FIELDS = (
    REPLACEMENT_FIELDS[0], REPLACEMENT_FIELDS[1], REPLACEMENT_FIELDS[2], REPLACEMENT_FIELDS[3],
    Field("elements", msg(_("Elements of the card")), FieldKind.MULTIPLE_CHOICE,
          help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES, min_items=1),
    REPLACEMENT_FIELDS[4],
    Field("changes", msg(_("Changes, in order")), FieldKind.GROUP, max_items=12, fields=(
        Field("change", msg(_("Change")), FieldKind.CHOICE,
              choices=ChangeKind.choices() + (
                  Choice(GAIN_ELEMENT, msg(_("gains an element"))),)),
        REPLACEMENT_FIELDS[5].fields[1],
        REPLACEMENT_FIELDS[5].fields[2],
        Field("element", msg(_("Element gained")), FieldKind.CHOICE, required=False,
              choices=_GAINABLE_CHOICES, help=msg(_("Only with \"gains an element\"."))),
    )),
    *TIMING_FIELDS[3:],
    Field("features", msg(_("Features against an element (стихия)")), FieldKind.GROUP,
          max_items=6, fields=FEATURE_FIELDS[:2]),
    Field("targets", msg(_("Cards the features are used against")), FieldKind.GROUP,
          max_items=6, fields=(
              Field("elements", msg(_("Elements of the target card")),
                    FieldKind.MULTIPLE_CHOICE, help=_ELEMENTS_HELP, choices=_ELEMENT_CHOICES,
                    min_items=1),)),
    Field("instead_of_movement",
          msg(_("The card has an ability used instead of movement")), FieldKind.BOOLEAN),
    Field("non_game_elements", msg(_("Non-game elements the judge was asked about")),
          FieldKind.MULTIPLE_CHOICE, required=False, choices=NonGameElement.choices()),
)


def _check_situation(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for a history or a moment the texts exclude (see the
        focused scenarios), or a gained element missing or given without a gain."""
    for index, item in enumerate(inputs["changes"]):
        if (item["change"] == GAIN_ELEMENT) != (item["element"] is not None):
            raise InputError(f"changes.{index}.element", msg(_(
                "Give the element exactly for \"gains an element\".")))
        if item["change"] == GAIN_ELEMENT and (item["subtype"] or item["movement"] is not None):
            raise InputError(f"changes.{index}.subtype", msg(_(
                "Only a change that makes the card a creature names a subtype.")))
    _check_replacement({**inputs, "changes": _property_changes(inputs)})
    _history(inputs)  # raises InputError for a change that names what it cannot have
    _check_moment(inputs)  # the card's subtype may be not covered, not missing


def _property_changes(inputs: Mapping[str, Any]) -> tuple[Mapping[str, Any], ...]:
    return tuple(item for item in inputs["changes"] if item["change"] != GAIN_ELEMENT)


def _history(inputs: Mapping[str, Any]
             ) -> tuple[CardState, frozenset[Element], list[Step], list[Value], list[Reading],
                        frozenset[AdditionalProperty]]:
    """Run the card's changes; return its final state and elements, steps, per-step values,
    the readings of the open points (what outlasts a change of type, 108.1) and the
    additional properties some change took away or brought (their steps say so)."""
    initial = _initial_state(inputs)
    in_play = inputs["in_play_zone"]
    elements = _elements(inputs["elements"])
    steps: list[Step] = [_applied(
        msg(_("Initial type: %(type)s, subtype: %(subtype)s (the ones the card has before "
              "the game starts)."), type=initial.type.label, subtype=initial.subtype_label()),
        K_INITIAL, K_TYPE)]
    values: list[Value] = []
    readings: list[Reading] = []
    flight: tuple[ChangeKind, int] | None = None
    artifact_points: list[tuple[int, frozenset[Element], int]] = []
    state = initial
    props = additional_properties(state, in_play)
    held, changed = props, frozenset[AdditionalProperty]()
    for index, item in enumerate(inputs["changes"]):
        number = index + 1
        if item["change"] == GAIN_ELEMENT:
            elements, _done, gain_steps = gain_elements(elements,
                                                        frozenset({Element(item["element"])}))
            steps.extend(gain_steps)
        else:
            change = Change(ChangeKind(item["change"]),
                            Subtype(item["subtype"]) if item["subtype"] else None,
                            item["movement"])
            before = state
            state, change_steps = apply_change(state, change, initial, f"changes.{index}")
            steps.extend(change_steps)
            rest = tuple(Change(ChangeKind(later["change"]),
                                Subtype(later["subtype"]) if later["subtype"] else None,
                                later["movement"])
                         for later in inputs["changes"][index + 1:]
                         if later["change"] != GAIN_ELEMENT)
            flight = _track_flight(flight, change, number, before, state, initial, rest,
                                   True, steps, readings)
            if (change.kind is ChangeKind.BECOME_ARTIFACT and before.type is not state.type
                    and Element.NEUTRAL not in elements):
                artifact_points.append((number, elements, len(steps)))
                steps.append(steps[-1])  # placeholder, replaced once the final elements are known
            new_props = additional_properties(state, in_play)
            steps.extend(_property_diff(props, new_props, held))
            changed |= props ^ new_props
            props, held = new_props, held | new_props
        values += [
            Value(f"step_{number}_type", state.type.label,
                  msg(_("After change %(number)s: type"), number=number)),
            Value(f"step_{number}_subtype", state.subtype_label(),
                  msg(_("After change %(number)s: subtype"), number=number)),
            Value(f"step_{number}_status", state.status.label,
                  msg(_("After change %(number)s: status"), number=number)),
            Value(f"step_{number}_movement", state.movement_value(),
                  msg(_("After change %(number)s: movement"), number=number)),
            Value(f"step_{number}_elements", _labels(elements),
                  msg(_("After change %(number)s: elements"), number=number)),
        ]
    for number, had, position in artifact_points:
        later = frozenset(Element(item["element"]) for item in inputs["changes"][number:]
                          if item["change"] == GAIN_ELEMENT)
        step, found = _elements_of_an_artifact(number, had, later, elements)
        steps[position] = step
        readings.extend(found)
    return state, elements, steps, values, readings, changed


def _evaluate_situation(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on a card's history, what it may do now and its features against elements.

    Implements 106.p1–106.p3 (elements), 106.3/106.4, 107.1–107.3, 108.p1,
    108.1 and 109 together.  Values: ``step_N_type``/``subtype``/``status``/
    ``movement``/``elements`` after change *N*; the final ``type``, ``subtype``,
    ``status``, ``movement``, ``elements``, ``additional_properties`` and one
    boolean per property; ``simple_strike_now``, ``closing_now``,
    ``defender_now``; ``feature_F_target_T`` (strike bonus of feature *F*
    against target *T*).
    """
    state, elements, steps, values, readings, changed = _history(inputs)
    steps[1:1] = _neutral_with_elements(_elements(inputs["elements"]), msg(_("the card")))
    for t, target in enumerate(inputs["targets"], start=1):
        steps.extend(_neutral_with_elements(_elements(target["elements"]),
                                            msg(_("target card %(target)s"), target=t)))
    in_play = inputs["in_play_zone"]
    props = additional_properties(state, in_play)
    if any(state.type is not CardType.CREATURE for state in [state, _initial_state(inputs)]):
        steps.append(_silent(*_SUBTYPES_SILENT, K_SUBTYPE))
    steps.extend(_final_property_steps(state, in_play, changed))
    values += [
        Value("type", state.type.label, msg(_("Type"))),
        Value("subtype", state.subtype_label(), msg(_("Subtype"))),
        Value("status", state.status.label, msg(_("Status"))),
        Value("movement", state.movement_value(), msg(_("Movement (запас движения)"))),
        Value("elements", _labels(elements), msg(_("Elements"))),
        Value("additional_properties", tuple(p.label for p in AdditionalProperty if p in props),
              msg(_("Additional properties"))),
    ]
    values.extend(Value(p.value_name, p in props, p.label) for p in AdditionalProperty)
    if inputs["use_prevented"]:
        steps.append(_applied(
            msg(_("A feature may restrict the use of additional properties but never takes "
                  "them away.")), K_ADDITIONAL))
    for prop in _TIMED:
        allowed, prop_steps = may_declare(
            prop, card_type=state.type, subtype=state.subtype, in_play_zone=in_play,
            turn=Turn(inputs["turn"]), phase=Phase(inputs["phase"]),
            subphase=SubPhase(inputs["subphase"]) if inputs["subphase"] else None,
            strike=StrikeBy(inputs["strike_declared"]),
            prevented=prop.value in inputs["use_prevented"], stated=True)
        steps.extend(prop_steps)
        values.append(Value(f"{prop.value_name}_now", allowed,
                            msg(_("May use now: %(property)s"), property=prop.label)))
    for f, feature in enumerate(inputs["features"], start=1):
        for t, target in enumerate(inputs["targets"], start=1):
            bonus, feature_steps = feature_against_element(
                Element(feature["feature_element"]), _elements(target["elements"]),
                feature["strike_bonus"])
            # several features and targets: say which pair each step is about
            steps.extend(_about(step, msg(_("Feature %(feature)s against target %(target)s: "
                                            "%(step)s"), feature=f, target=t,
                                          step=step.message)) for step in feature_steps)
            values.append(Value(f"feature_{f}_target_{t}", bonus,
                                msg(_("Feature %(feature)s against target %(target)s: strike "
                                      "bonus"), feature=f, target=t)))
    for t, target in enumerate(inputs["targets"], start=1):
        relation, _shared, relation_steps = element_relation(elements, _elements(target["elements"]))
        steps.extend(_about(step, msg(_("The card and target %(target)s: %(step)s"), target=t,
                                      step=step.message)) for step in relation_steps)
        values.append(Value(f"target_{t}_relation", relation.label,
                            msg(_("The card and target %(target)s"), target=t)))
        readings.extend(neutral_readings(
            elements, _elements(target["elements"]),
            lambda found, _shared, t=t: (Value(f"target_{t}_relation", found.label,
                                               msg(_("The card and target %(target)s"),
                                                   target=t)),),
            f"target-{t}-{NEUTRAL_POINT}"))
    if inputs["instead_of_movement"]:
        steps.append(not_covered(msg(_("an ability used instead of movement")), *_cite(K_REPLACE)))
    for element in sorted(inputs["non_game_elements"]):
        steps.append(_not_applicable(
            msg(_("%(element)s is a non-game element."), element=NonGameElement(element).label),
            msg(_("Non-game elements serve the card's artistic and auxiliary design; they never "
                  "change a ruling.")), K_NON_GAME_DEF, K_NON_GAME))
    return Ruling("situation", tuple(values), tuple(steps), (), tuple(readings))


def _about(step: Step, message: Message) -> Step:
    """``step`` with ``message`` (which names what it is about) in place of its own."""
    return Step(step.outcome, message, step.citations, step.reason, step.see)


def _bk_situation(**overrides: Any) -> dict[str, Any]:
    return {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": 2, "elements": ["swamp"],
            "turn": "own", "phase": "main", "subphase": "choice", "strike_declared": "none",
            **overrides}


SITUATION = Scenario(
    slug="situation",
    game=GAME,
    title=msg(_("A card's history, what it may do now, its features against elements")),
    summary=msg(_("Type, subtype, movement and elements after every change; its additional "
                  "properties and whether it may use them now; its features against several "
                  "cards' elements.")),
    fields=SITUATION_FIELDS,
    evaluator=_evaluate_situation,
    check=_check_situation,
    citations=_cite(K_FEATURE, K_SAME, K_NO_REGAIN, K_TYPE, K_SUBTYPE, K_ADDITIONAL, K_SLOW,
                    K_FAST, K_INITIAL, K_REPLACE, K_NON_GAME_DEF, K_NON_GAME),
    examples=(
        Example("bk-1", msg(_("Баграх (+2 к удару по болотным) strikes a swamp and forest card")),
                _bk_situation(features=[{"feature_element": "swamp", "strike_bonus": 2}],
                              targets=[{"elements": ["swamp", "forest"]}]),
                {"feature_1_target_1": 2}, DOCUMENT.cite(K_FEATURE)),
        Example("bk-2", msg(_("Баграх strikes a mountains card")),
                _bk_situation(features=[{"feature_element": "swamp", "strike_bonus": 2}],
                              targets=[{"elements": ["mountains"]}]),
                {"feature_1_target_1": 0}, DOCUMENT.cite(K_FEATURE)),
        Example("bk-3", msg(_("Forest and swamp against swamp and darkness; forest against "
                              "mountains")),
                _bk_situation(elements=["forest", "swamp"],
                              targets=[{"elements": ["swamp", "darkness"]}]),
                {"target_1_relation": Relation.SAME.label}, DOCUMENT.cite(K_SAME)),
        Example("bk-4", msg(_("A swamp creature gains the swamp element")),
                _bk_situation(changes=[{"change": GAIN_ELEMENT, "element": "swamp"}]),
                {"elements": (Element.SWAMP.label,)}, DOCUMENT.cite(K_NO_REGAIN)),
        Example("bk-5", msg(_("A non-flying creature with movement 2 gains flight, later loses "
                              "flight")),
                _bk_situation(changes=[{"change": "gain-flight"}, {"change": "lose-flight"}]),
                {"step_1_movement": FLIGHT_ICON, "step_1_subtype": Subtype.FLYING.label,
                 "movement": 2, "subtype": Subtype.NON_FLYING.label, "closing": True},
                DOCUMENT.cite(K_REPLACE)),
        Example("bk-6", msg(_("An elite card becomes ordinary")),
                _bk_situation(initial_status="elite", changes=[{"change": "become-ordinary"}]),
                {"status": Status.ORDINARY.label}, DOCUMENT.cite(K_REPLACE)),
        Example("bk-7", msg(_("A creature in its owner's Choice sub-phase of the Main phase")),
                _bk_situation(), {"simple_strike_now": True}, DOCUMENT.cite(K_SLOW)),
        Example("bk-8", msg(_("A creature when the opponent declares a simple strike")),
                _bk_situation(turn="opponent", strike_declared="opponent"),
                {"defender_now": True, "simple_strike_now": False}, DOCUMENT.cite(K_FAST)),
    ),
)


RULESET = Ruleset(
    game=GAME,
    title=msg(_("Berserk (Берсерк)")),
    documents=(DOCUMENT,),
    scenarios=(ELEMENT_FEATURE, SAME_ELEMENT, ELEMENT_GAIN, PROPERTY_REPLACEMENT, TIMING,
               SITUATION),
)

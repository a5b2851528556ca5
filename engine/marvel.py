"""Marvel Champions: target validity of an ability (Referenzhandbuch, entry "Ziel").

:func:`parse` makes the inputs once into a :class:`Table`; each rule of :data:`RULES` is a
short function bound to its clauses (:class:`Clause`).  ``target-validity`` is the
``situation`` without the inputs no clause covers (:data:`UNCOVERED`, reported first); the
points the entry leaves open (:data:`OPEN_POINTS`) show their readings where their values
differ.  Game elements are ``"villain"``, ``"minion 1"``, ``"main scheme"``, ``"side scheme
2"``, ``"hero 1"``, ``"ally 3"``, ``"card 1"``, ``"player 1"`` (heroes and allies one list).

>>> ruling = TARGET_VALIDITY.evaluate({"kind": "card_ability", "effects": [
...     {"verb": "deal_damage", "amount": 5, "selector": "one", "target_type": "minion"}]})
>>> ruling.value("can_initiate"), [c.key for c in ruling.citations()]
(False, ['ziel.p1', 'ziel.p2', 'ziel.p3'])
"""

from __future__ import annotations

import enum
import functools
from collections import namedtuple
from dataclasses import dataclass, replace
from typing import Any, Callable, Mapping

from engine.core import (
    NOT_COVERED_VALUE, ClauseKey, DocumentRef, Example, Field, FieldKind, InputError, Labelled,
    Message, OpenPoint, Outcome, Outside, ReadingOf, Ruleset, Ruling, Scenario, Step, Trace,
    Uncovered, Value, _, and_then, assumed, card_text_field, combined_reading, every_reading,
    fail_first, gather, msg, not_covered_under, open_point, readings_together, rule, valued,
)

GAME = "marvel-champions"
DOCUMENT = DocumentRef(GAME, "referenzhandbuch")


class Clause(ClauseKey):
    """The clauses of the entry "Ziel", by block/bullet path.

    >>> Clause.THE_TARGET.cite().key
    'ziel.p4.10'
    """

    document = enum.nonmember(DOCUMENT)
    FIXES = "ziel.p1"            # an ability fixing on a game element makes it its target
    TARGETS = "ziel.p2"          # examples of targets: "der Schurke", "ein Scherge", ...
    REQUIRES = "ziel.p3"         # needs targets: initiated only with >= 1 valid target
    BASIC = "ziel.p3.1"          # basic powers require a valid target
    CHOOSE = "ziel.p3.2"         # "wähle": 1 or more targets must be chosen
    DRAW = "ziel.p3.3"           # drawing: valid while the deck has >= 1 card
    VALID = "ziel.p4"            # valid if any part of the ability can affect the target
    EFFECTS = "ziel.p4.1"        # examples of effects on targets
    ZERO = "ziel.p4.2"           # a value of 0: activations and basic powers still allowed
    COST = "ziel.p4.3"           # costs are not considered
    SEVERAL = "ziel.p4.4"        # several effects: valid if at least 1 can affect it
    FORBIDDEN = "ziel.p4.5"      # a game function another ability forbids
    PREVENTED = "ziel.p4.6"      # prevented damage still affects the target
    NO_DAMAGE = "ziel.p4.7"      # "cannot take damage"
    ATTACK = "ziel.p4.8"         # cannot be attacked / labelled Angriff
    THWART = "ziel.p4.9"         # no Widerstand against it / labelled Widerstand
    THE_TARGET = "ziel.p4.10"    # "das [Ziel]": only a valid target of the previous effect
    EACH = "ziel.p5"             # "jeder": initiated with >= 1 valid target among them
    EACH_INVALID = "ziel.p5.1"   # ... not resolved against invalid ones (crisis example)
    FUTURE = "ziel.p6"           # a future target needs no target
    SEE_ALSO = "ziel.p7"         # "Siehe auch": terms other entries define


#: Every clause a ruling can cite ("Siehe auch" only names terms).
CITATIONS = tuple(clause.cite() for clause in Clause if clause is not Clause.SEE_ALSO)


# Domain vocabulary -------------------------------------------------------------------------------

class AbilityKind(Labelled):
    """What is being initiated: a card ability or a basic power (Basiskraft)."""

    CARD_ABILITY = ("card_ability", _("a card ability"))
    BASIC_ATTACK = ("basic_attack", _("the basic power Angriff (attack)"))
    BASIC_THWART = ("basic_thwart", _("the basic power Widerstand (thwart)"))
    BASIC_DEFEND = ("basic_defend", _("the basic power Verteidigung (defense)"))

    @property
    def is_basic(self) -> bool:
        """Whether this is a basic power (ziel.p3.1)."""
        return self is not AbilityKind.CARD_ABILITY


class Label(Labelled):
    """A label (Kennzeichnung) of an ability: Angriff or Widerstand."""

    ATTACK = ("attack", _("Angriff (attack)"))
    THWART = ("thwart", _("Widerstand (thwart)"))


class Verb(Labelled):
    """What an effect does to its target (ziel.p4.1 lists such effects); ``DEFEND`` is the
    basic power Verteidigung, not offered as a card effect."""

    DEAL_DAMAGE = ("deal_damage", _("deal N damage"))
    HEAL = ("heal", _("heal N damage"))
    ADD_THREAT = ("add_threat", _("place N threat"))
    REMOVE_THREAT = ("remove_threat", _("remove N threat"))
    GIVE_STATUS = ("give_status", _("give a status card"))
    REMOVE_STATUS = ("remove_status", _("remove a status card"))
    EXHAUST = ("exhaust", _("exhaust"))
    READY = ("ready", _("ready"))
    DEFEAT = ("defeat", _("defeat"))
    DISCARD = ("discard", _("discard"))
    DRAW = ("draw", _("draw N cards"))
    FUTURE = ("future", _("future effect (e.g. the next card you play costs 1 less)"))
    DEFEND = ("defend", _("defend (Verteidigung)"))


class Selector(Labelled):
    """How an effect names its target: "ein", "jeder", "wähle", "das [Ziel]" of an earlier
    effect, the same target in the same instruction, "du", a future target."""

    ONE = ("one", _("a/an (one target)"))
    EACH = ("each", _("each (jeder)"))
    CHOOSE = ("choose", _("choose (wähle)"))
    THE = ("the", _("the [target] of an earlier effect (das [Ziel])"))
    JOINT = ("joint", _("and the same target, in the same instruction"))
    YOU = ("you", _("you (du): player 1"))
    FUTURE = ("future", _("a future target (needs no target)"))


class TargetType(Labelled):
    """The noun of a target ("ein Scherge", "ein Plan", ...; ziel.p2)."""

    VILLAIN = ("villain", _("villain (Schurke)"))
    MINION = ("minion", _("minion (Scherge)"))
    ENEMY = ("enemy", _("enemy (Gegner): villain or minion"))
    SCHEME = ("scheme", _("scheme (Plan): main or side scheme"))
    MAIN_SCHEME = ("main_scheme", _("main scheme (Hauptplan)"))
    SIDE_SCHEME = ("side_scheme", _("side scheme (Nebenplan)"))
    HERO = ("hero", _("hero (Held)"))
    ALLY = ("ally", _("ally (Verbündeter)"))
    CHARACTER = ("character", _("character (Charakter): hero, ally, villain or minion"))
    PLAYER = ("player", _("player (Spieler)"))
    CARD = ("card", _("card (Karte) in play"))


_K = TargetType
#: A kind of game element (Spielelement) is the noun naming it (``CARD``: a card in play that
#: is none of the others), with its identifier and name before its number.
_NAMES = {_K.VILLAIN: ("villain", _("villain")), _K.MINION: ("minion", _("minion %(number)s")),
          _K.MAIN_SCHEME: ("main scheme", _("main scheme")),
          _K.SIDE_SCHEME: ("side scheme", _("side scheme %(number)s")),
          _K.HERO: ("hero", _("hero %(number)s")), _K.ALLY: ("ally", _("ally %(number)s")),
          _K.CARD: ("card", _("card %(number)s")), _K.PLAYER: ("player", _("player %(number)s"))}
_ENEMIES, _HEROES = frozenset({_K.VILLAIN, _K.MINION}), frozenset({_K.HERO, _K.ALLY})
_CHARACTERS, _SCHEMES = _ENEMIES | _HEROES, frozenset({_K.MAIN_SCHEME, _K.SIDE_SCHEME})
#: The kinds of game element each noun names.
_TYPE_KINDS: dict[TargetType, frozenset[TargetType]] = {k: frozenset({k}) for k in _NAMES} | {
    _K.ENEMY: _ENEMIES, _K.SCHEME: _SCHEMES, _K.CHARACTER: _CHARACTERS,
    _K.CARD: frozenset(_NAMES) - {_K.PLAYER}}
#: The kinds each verb is known to apply to.  ziel.p4.1 lists the effects, not the
#: elements each applies to: another kind an effect names is "not covered", not refused.
_VERB_KINDS: dict[Verb, frozenset[TargetType]] = {
    Verb.DEAL_DAMAGE: _CHARACTERS, Verb.HEAL: _CHARACTERS, Verb.ADD_THREAT: _SCHEMES,
    Verb.REMOVE_THREAT: _SCHEMES, Verb.GIVE_STATUS: _CHARACTERS, Verb.REMOVE_STATUS: _CHARACTERS,
    Verb.EXHAUST: _HEROES | {_K.CARD}, Verb.READY: _HEROES | {_K.CARD},
    Verb.DEFEAT: _CHARACTERS | {_K.SIDE_SCHEME}, Verb.DRAW: frozenset({_K.PLAYER}),
    Verb.DISCARD: frozenset({_K.MINION, _K.SIDE_SCHEME, _K.ALLY, _K.CARD}),
    Verb.FUTURE: frozenset(), Verb.DEFEND: _ENEMIES}
#: The verbs whose effect states an amount, and those that name a status card.
AMOUNT_VERBS = frozenset({Verb.DEAL_DAMAGE, Verb.HEAL, Verb.ADD_THREAT, Verb.REMOVE_THREAT,
                          Verb.DRAW})
STATUS_VERBS = frozenset({Verb.GIVE_STATUS, Verb.REMOVE_STATUS})


class Status(Labelled):
    """A status card (Statuskarte)."""

    STUNNED = ("stunned", _("stunned (Betäubt)"))
    CONFUSED = ("confused", _("confused (Verwirrt)"))
    TOUGH = ("tough", _("tough (Zäh)"))


class Condition(Labelled):
    """What other abilities say about a game element (restrictions etc.)."""

    CANNOT_TAKE_DAMAGE = ("cannot_take_damage", _("cannot take damage"))
    DAMAGE_PREVENTED = ("damage_prevented", _("damage dealt to it would be prevented"))
    CANNOT_BE_HEALED = ("cannot_be_healed", _("cannot be healed"))
    CANNOT_BE_ATTACKED = ("cannot_be_attacked", _("cannot be attacked"))
    CANNOT_BE_THWARTED = ("cannot_be_thwarted", _("cannot be thwarted (no Widerstand against it)"))
    THREAT_CANNOT_BE_REMOVED = ("threat_cannot_be_removed", _("threat cannot be removed from it"))
    THREAT_CANNOT_BE_PLACED = ("threat_cannot_be_placed", _("threat cannot be placed on it"))
    CANNOT_BE_STUNNED = ("cannot_be_stunned", _("cannot be stunned"))
    CANNOT_BE_CONFUSED = ("cannot_be_confused", _("cannot be confused"))
    CANNOT_GET_TOUGH = ("cannot_get_tough", _("cannot be given a tough status card"))
    CANNOT_BE_EXHAUSTED = ("cannot_be_exhausted", _("cannot be exhausted"))
    CANNOT_BE_READIED = ("cannot_be_readied", _("cannot be readied"))
    CANNOT_BE_DEFEATED = ("cannot_be_defeated", _("cannot be defeated"))
    CANNOT_BE_DISCARDED = ("cannot_be_discarded", _("cannot be discarded"))


_C = Condition
#: Verb (or status card given) -> the condition of another ability forbidding it (ziel.p4.5).
_FORBIDDING: dict[Any, Condition] = {
    Verb.HEAL: _C.CANNOT_BE_HEALED, Verb.ADD_THREAT: _C.THREAT_CANNOT_BE_PLACED,
    Verb.REMOVE_THREAT: _C.THREAT_CANNOT_BE_REMOVED, Verb.EXHAUST: _C.CANNOT_BE_EXHAUSTED,
    Verb.READY: _C.CANNOT_BE_READIED, Verb.DEFEAT: _C.CANNOT_BE_DEFEATED,
    Verb.DISCARD: _C.CANNOT_BE_DISCARDED, Status.STUNNED: _C.CANNOT_BE_STUNNED,
    Status.CONFUSED: _C.CANNOT_BE_CONFUSED, Status.TOUGH: _C.CANNOT_GET_TOUGH,
}


# Fields: one parser for the form, the JSON API and the JSON Schema -------------------------------

def _field(name: str, label: str, kind: FieldKind, help: str | None = None, **more: Any) -> Field:
    return Field(name, msg(label), kind, help=msg(help) if help else None, **more)


def _int(name: str, label: str, maximum: int = 99, minimum: int = 0,
         required: bool = True, help: str | None = None) -> Field:
    return _field(name, label, FieldKind.INTEGER, help, required=required, minimum=minimum,
                  maximum=maximum, default=0 if required else None)


def _bool(name: str, label: str, help: str | None = None) -> Field:
    return _field(name, label, FieldKind.BOOLEAN, help, required=False)


def _conditions(*conditions: Condition) -> Field:
    return Field("conditions", msg(_("Restrictions from other abilities")),
                 FieldKind.MULTIPLE_CHOICE, required=False, choices=Condition.choices(conditions),
                 help=msg(_("What other abilities say about this game element.")))


def _group(name: str, label: str, max_items: int, *fields: Field, **more: Any) -> Field:
    return Field(name, msg(label), FieldKind.GROUP, max_items=max_items, fields=fields, **more)


_STATUSES = Field("statuses", msg(_("Status cards it has")), FieldKind.MULTIPLE_CHOICE,
                  required=False, choices=Status.choices())
_DAMAGE = _int("damage", _("Damage on it"))
_ATTACKING = _bool("attacking", _("It is attacking (a defense can be declared)"))
_CHARACTER_CONDITIONS = (_C.CANNOT_TAKE_DAMAGE, _C.DAMAGE_PREVENTED, _C.CANNOT_BE_HEALED,
                         _C.CANNOT_BE_ATTACKED, _C.CANNOT_BE_STUNNED, _C.CANNOT_BE_CONFUSED,
                         _C.CANNOT_GET_TOUGH, _C.CANNOT_BE_DEFEATED)
_SCHEME_CONDITIONS = (_C.CANNOT_BE_THWARTED, _C.THREAT_CANNOT_BE_REMOVED,
                      _C.THREAT_CANNOT_BE_PLACED)
_CARD_CONDITIONS = (_C.CANNOT_BE_EXHAUSTED, _C.CANNOT_BE_READIED, _C.CANNOT_BE_DISCARDED)
_EFFECT_FIELDS = (
    Field("verb", msg(_("Effect")), FieldKind.CHOICE, choices=Verb.choices(exclude=(Verb.DEFEND,))),
    _int("amount", _("Amount N"), required=False,
         help=_("For damage, healing, threat and drawing; leave empty otherwise.")),
    Field("status", msg(_("Status card")), FieldKind.CHOICE, required=False,
          choices=Status.choices(), help=msg(_("Only for giving or removing a status card."))),
    _field("selector", _("How the effect names its target"), FieldKind.CHOICE,
           choices=Selector.choices()),
    _field("target_type", _("Target"), FieldKind.CHOICE, _(
        "Leave empty for 'and the same target', 'you' and future effects. For 'the [target]': "
        "empty is the target of the effect before; a target chosen here is that of the last "
        "earlier effect naming it."),
        required=False, choices=TargetType.choices(),
        required_when=msg(_("for 'a/an', 'each' and 'choose'"))),
    Field("count", msg(_("N of 'choose N' (how many targets to choose)")), FieldKind.INTEGER,
          minimum=1, maximum=8, default=1, applies_when=("selector", frozenset({"choose"})),
          help=msg(_("Only for 'choose': e.g. 2 for \"choose 2 minions\"; 1 otherwise."))),
)
FIELDS: tuple[Field, ...] = (
    Field("kind", msg(_("What is initiated")), FieldKind.CHOICE, choices=AbilityKind.choices()),
    Field("labels", msg(_("Labels of the card ability")), FieldKind.MULTIPLE_CHOICE,
          required=False, choices=Label.choices()),
    _int("cost", _("Cost of the ability (resources)"), required=False,
         help=_("Optional; shown to confirm that costs are not considered.")),
    _int("actor", _("Acting character (number in the list of heroes and allies)"),
         minimum=1, maximum=8, required=False, help=_("Only for basic powers.")),
    _group("effects", _("Effects of the card ability, in order"), 3, *_EFFECT_FIELDS,
           help=msg(_("1 to 3 effects for a card ability; none for a basic power.")),
           required_when=msg(_("for a card ability"))),
    _group("villain", _("Villain in play"), 1,
           _DAMAGE, _STATUSES, _conditions(*_CHARACTER_CONDITIONS), _ATTACKING),
    _group("minions", _("Minions in play"), 8, _DAMAGE, _STATUSES,
           _conditions(*_CHARACTER_CONDITIONS, _C.CANNOT_BE_DISCARDED), _ATTACKING),
    _group("main_scheme", _("Main scheme in play"), 1,
           _int("threat", _("Threat on it")), _conditions(*_SCHEME_CONDITIONS)),
    _group("side_schemes", _("Side schemes in play"), 6,
           _int("threat", _("Threat on it")), _bool("crisis", _("It has a crisis icon")),
           _conditions(*_SCHEME_CONDITIONS, _C.CANNOT_BE_DEFEATED, _C.CANNOT_BE_DISCARDED)),
    _bool("crisis_icon", _("A crisis icon is in play elsewhere"),
          help=_("A crisis icon on a card not listed as a side scheme.")),
    _group("characters", _("Heroes and allies in play"), 8,
           Field("kind", msg(_("Hero or ally")), FieldKind.CHOICE,
                 choices=TargetType.choices((_K.HERO, _K.ALLY))),
           _int("atk", _("ANG (attack)")), _int("thw", _("WID (thwart)")),
           _int("def", _("VER (defense)")), _DAMAGE, _bool("exhausted", _("Exhausted")),
           _STATUSES, _conditions(*_CHARACTER_CONDITIONS, *_CARD_CONDITIONS),
           picked=True),  # the actor is picked by number
    _group("other_cards", _("Other cards in play (upgrades, supports, attachments)"), 6,
           _bool("exhausted", _("Exhausted")), _conditions(*_CARD_CONDITIONS)),
    _group("players", _("Players (player 1 uses the ability)"), 4,
           _int("deck", _("Cards in deck"), maximum=200)),
)
_FOR_EACH = _bool("for_each", _("\"For each …\": the effect is repeated for each of several "
                                "game elements"),
                  help=_("E.g. \"For each minion in play, choose a character\"."))
_ELEMENT_TEXT = _bool("other_text", _("It has further text or keywords of its own"),
                      help=_("Text of this card that the entry \"Ziel\" does not define and "
                             "that may bear on the ability: the ruling is then incomplete."))
#: Each input list of game elements with its kind (``None``: heroes and allies, by item).
_LISTS = ((_K.VILLAIN, "villain"), (_K.MINION, "minions"), (_K.MAIN_SCHEME, "main_scheme"),
          (_K.SIDE_SCHEME, "side_schemes"), (None, "characters"), (_K.CARD, "other_cards"),
          (_K.PLAYER, "players"))
#: The cards in play that may carry text of their own (not the players).
_CARD_LISTS = frozenset(name for kind, name in _LISTS if kind is not _K.PLAYER)
#: The situation's fields: the printed text, every field, "for each …" per effect, further text
#: of the ability and of each card in play.
SITUATION_FIELDS: tuple[Field, ...] = (card_text_field(
    "Füge einem Schergen 2 Schaden zu", "Wähle 2 Schergen. Betäube sie"),) + tuple(
    replace(spec, fields=spec.fields + (_FOR_EACH,)) if spec.name == "effects" else
    replace(spec, fields=spec.fields + (_ELEMENT_TEXT,)) if spec.name in _CARD_LISTS else spec
    for spec in FIELDS) + (
    _bool("other_text", _("The ability has further text or keywords not listed as effects")),)


# The table: what is on it, parsed once -----------------------------------------------------------

@dataclass(frozen=True)
class Effect:
    """Effect ``number`` (from 1) does ``verb`` to what ``selector`` names: ``target_type``
    (for "das [Ziel]" and "du" the type meant), ``count`` targets for "choose N"; ``amount``
    is N (damage, threat, cards); ``for_each`` marks "for each …" (:data:`FOR_EACH`);
    ``refers``: for "das [Ziel]" and "the same target", the number of the effect that named
    the target."""

    number: int
    verb: Verb
    selector: Selector
    target_type: TargetType | None = None
    amount: int | None = None
    status: Status | None = None
    count: int = 1
    for_each: bool = False
    refers: int | None = None

    @property
    def name(self) -> Message:
        """The effect in words, e.g. "deal N damage, N = 5"."""
        if self.status is not None:
            return msg(_("%(verb)s: %(status)s"), verb=self.verb.label, status=self.status.label)
        if self.verb in AMOUNT_VERBS:
            return msg(_("%(verb)s, N = %(amount)s"), verb=self.verb.label, amount=self.amount or 0)
        return msg(self.verb.label.id)


@dataclass(frozen=True)
class Element:
    """A game element: its ``kind`` and ``number`` in its input list (``None`` for the
    villain and the main scheme), counters, status cards, the ``conditions`` other
    abilities impose, and a hero's or ally's ANG/WID/VER (``atk``, ``thw``, ``defense``)."""

    kind: TargetType
    number: int | None = None
    threat: int = 0
    damage: int = 0
    statuses: frozenset[Status] = frozenset()
    conditions: frozenset[Condition] = frozenset()
    exhausted: bool = False
    attacking: bool = False
    crisis: bool = False
    deck: int = 0
    other_text: bool = False
    atk: int = 0
    thw: int = 0
    defense: int = 0

    @property
    def ident(self) -> str:
        """The identifier programs get, e.g. ``"minion 2"``."""
        prefix = _NAMES[self.kind][0]
        return prefix if self.number is None else f"{prefix} {self.number}"

    @property
    def name(self) -> Message:
        """The element's name, a message to translate."""
        return msg(_NAMES[self.kind][1], **({} if self.number is None else {"number": self.number}))


@dataclass(frozen=True)
class Table:
    """The ability and the board: ``cost`` in resources, ``actor`` the number of the hero or
    ally using a basic power (its one effect's N is the actor's value), every game element."""

    kind: AbilityKind
    labels: frozenset[Label]
    cost: int | None
    actor: int | None
    effects: tuple[Effect, ...]
    other_text: bool
    elements: tuple[Element, ...]
    crisis_icon: bool

    @property
    def text_alone(self) -> bool:
        """A card ability with no effect listed: given by its printed text alone (not covered:
        :data:`OTHER_TEXT`)."""
        return not self.kind.is_basic and not self.effects

    @property
    def acting(self) -> Element | None:
        """The hero or ally using a basic power."""
        return next((e for e in self.elements if e.kind in _HEROES and e.number == self.actor),
                    None)


#: A basic power: its verb, the printed value it uses (a word to translate, en ATK/THW/DEF),
#: what it targets, its label, and what the engine assumes it does (resting on ``clause``).
_Basic = namedtuple("_Basic", "verb stat word target_type label assumed clause",
                    defaults=(None, None, None))
_BASIC = {
    AbilityKind.BASIC_ATTACK: _Basic(
        Verb.DEAL_DAMAGE, "atk", _("ANG"), _K.ENEMY, Label.ATTACK, _(
            "the basic power Angriff deals damage equal to the character's ANG (%(atk)s) to one "
            "enemy, the villain or a minion"), Clause.FIXES),
    AbilityKind.BASIC_THWART: _Basic(
        Verb.REMOVE_THREAT, "thw", _("WID"), _K.SCHEME, Label.THWART, _(
            "the basic power Widerstand removes threat equal to the character's WID (%(thw)s) "
            "from one scheme, main or side scheme"), Clause.ZERO),
    AbilityKind.BASIC_DEFEND: _Basic(Verb.DEFEND, "defense", _("VER"), _K.ENEMY)}


def _element(kind: TargetType | None, number: int, item: Mapping[str, Any]) -> Element:
    kind = kind or TargetType(item["kind"])  # a character: hero or ally
    found = {name: item[name] for name in ("threat", "damage", "exhausted", "attacking", "crisis",
                                           "deck", "atk", "thw", "other_text") if name in item}
    return Element(kind, None if kind in (_K.VILLAIN, _K.MAIN_SCHEME) else number,
                   statuses=frozenset(map(Status, item.get("statuses", ()))),
                   conditions=frozenset(map(Condition, item.get("conditions", ()))),
                   defense=item.get("def", 0), **found)


def parse(inputs: Mapping[str, Any]) -> Table:
    """Return the :class:`Table` of validated inputs of either scenario.

    :raises InputError: naming the field, for a combination of valid fields the
        scenario cannot describe (a basic power with effects, no effect, an amount
        a verb does not take, "the [target]" with no earlier target, ...).
    """
    kind, actor = AbilityKind(inputs["kind"]), inputs["actor"]
    elements = tuple(_element(kind_, number, item) for kind_, name in _LISTS
                     for number, item in enumerate(inputs[name], 1))
    *_checked, effects = gather(lambda: _check_ability(inputs), *(
        functools.partial(_check_parts, f"effects.{index}.", item, Verb(item["verb"]),
                          Selector(item["selector"]))  # every effect's own parts at once
        for index, item in enumerate(inputs["effects"])), lambda: _effects(inputs, elements))
    basic = kind.is_basic
    labels = frozenset({_BASIC[kind].label} - {None}) if basic else frozenset(
        map(Label, inputs["labels"]))
    # a card ability given by its printed text alone: none of it is an effect listed here
    other_text = bool(inputs.get("other_text")) or (not basic and not effects)
    return Table(kind, labels, inputs["cost"], actor, effects, other_text, elements,
                 inputs["crisis_icon"])


def _effects(inputs: Mapping[str, Any], elements: tuple[Element, ...]) -> tuple[Effect, ...]:
    """The ability's effects in order, each after the earlier ones (:func:`_effect`); a
    basic power's one effect, N its acting character's value (none where
    :func:`_check_ability` refuses the acting character or effects).

    :raises InputError: for an acting character not in the list, or the first effect whose
        target the earlier effects do not give."""
    kind, actor = AbilityKind(inputs["kind"]), inputs["actor"]
    effects: tuple[Effect, ...] = ()
    if kind.is_basic and (actor is None or inputs["effects"]):
        return effects
    if kind.is_basic and actor > len(inputs["characters"]):
        raise InputError("actor", msg(_("There is no hero or ally number %(number)s in the "
                                        "list."), number=actor))
    if kind.is_basic:
        power, acting = _BASIC[kind], [e for e in elements if e.kind in _HEROES]
        effects = (Effect(1, power.verb, Selector.ONE, power.target_type,
                          getattr(acting[actor - 1], power.stat)),)
    for index, item in enumerate(inputs["effects"]):
        effects += (_effect(index, item, effects, bool(inputs["players"])),)
    return effects


def _check_ability(inputs: Mapping[str, Any]) -> None:
    """:raises InputError: for effects, labels or an acting character the kind of ability
    does not take, or a card ability with no effect."""
    basic, actor = AbilityKind(inputs["kind"]).is_basic, inputs["actor"]
    fail_first("", (basic and bool(inputs["effects"]), "effects", _(
        "A basic power has a fixed effect; give no effects.")),
        (basic and bool(inputs["labels"]), "labels", _(
            "Labels are given only for card abilities.")),
        (basic and actor is None, "actor", _(
            "Give the number of the hero or ally using the basic power.")),
        (not basic and actor is not None, "actor", _(
            "Only basic powers have an acting character; leave this empty.")),
        (not basic and not inputs["effects"] and not inputs.get("card_text"), "effects", _(
            "Give at least 1 effect of the card ability.")))


def _named_by(effects: tuple[Effect, ...], named: TargetType | None) -> Effect | None:
    """The effect that named the target "das [Ziel]" refers to (Ziel ¶4.10: "das Ziel eines
    vorherigen Effekts"): that of the last of ``effects`` with a target, of type ``named`` if
    given ("Füge einem Gegner … Ziehe 1 Karte. Betäube den Gegner."), else of a type whose
    game elements may be such ("einem Charakter … den Schergen", judge round 19); ``None``
    if none."""
    kinds = _TYPE_KINDS[named] if named is not None else frozenset()
    last = next((e for e in reversed(effects) if e.target_type in {named} - {None}
                 or named is None and e.target_type), None) or next(
        (e for e in reversed(effects) if e.target_type and _TYPE_KINDS[e.target_type] & kinds),
        None)
    return None if last is None else effects[last.refers - 1] if last.refers else last


def _check_parts(path: str, item: Mapping[str, Any], verb: Verb, selector: Selector) -> None:
    """:raises InputError: for an effect's amount, status card or count its verb and
    selector do not take, or a future effect without a future target."""
    amount = item["amount"]
    fail_first(path, (verb in AMOUNT_VERBS and amount is None, "amount", _(
        "This effect needs an amount N.")),
        (verb is Verb.DRAW and amount is not None and amount < 1, "amount", _(
            "Draw at least 1 card.")),
        (verb not in AMOUNT_VERBS | {Verb.FUTURE} and amount is not None, "amount", _(
            "This effect takes no amount; leave it empty.")),
        ((verb in STATUS_VERBS) != (item["status"] is not None), "status", _(
            "Give a status card exactly for giving or removing a status card.")),
        (item["count"] != 1 and selector is not Selector.CHOOSE, "count", _(
            "Only 'choose N' names a number of targets; leave 1 for this selector.")),
        ((verb is Verb.FUTURE) != (selector is Selector.FUTURE), "selector", _(
            "A future effect, and only a future effect, names a future target.")))


def _effect(index: int, item: Mapping[str, Any], effects: tuple[Effect, ...],
            players: bool) -> Effect:
    """Effect ``index`` (from 0) after the earlier ``effects``, its own parts checked
    (:func:`_check_parts`).

    :raises InputError: naming the effect's field (``effects.0.amount``, ...), e.g. for a
        target type the selector lacks or does not take."""
    amount, verb, selector = item["amount"], Verb(item["verb"]), Selector(item["selector"])
    named = TargetType(item["target_type"]) if item["target_type"] else None
    path, earlier = f"effects.{index}.", selector in (Selector.THE, Selector.JOINT)
    head = _named_by(effects, None)
    previous = None if head is None else head.target_type
    if selector is Selector.THE and named is not None:
        head = _named_by(effects, named)
    fail_first(path, (selector in (Selector.ONE, Selector.EACH, Selector.CHOOSE) and named is None,
         "target_type", _("Choose the target.")),
        (earlier and previous is None, "selector", _(
            "This effect refers to the target of an earlier effect, but no earlier effect "
            "names a target.")),
        (selector is Selector.THE and head is None, "target_type", _(
            "No earlier effect names this target; choose the target an earlier effect names, "
            "or leave this empty for the target of the effect before.")),
        (selector is Selector.JOINT and named not in (None, previous), "target_type", _(
            "The target of the effect before is meant; leave this empty.")),
        (selector is Selector.YOU and named not in (None, TargetType.PLAYER), "target_type", _(
            "'You' is the player; leave this empty.")),
        (selector is Selector.FUTURE and named is not None, "target_type", _(
            "A future effect names no target in play; leave this empty.")))
    target_type = (named or head.target_type) if earlier else {
        Selector.YOU: TargetType.PLAYER, Selector.FUTURE: None}.get(selector, named)
    fail_first("", (selector is Selector.YOU and not players, "players", _(
        "Give player 1, who uses the ability.")), (verb is Verb.DRAW and target_type not in (
            None, TargetType.PLAYER), path + "target_type", _(
            "A player draws cards (Ziel ¶3.3): choose the player as the target, or 'you'.")))
    return Effect(index + 1, verb, selector, target_type, amount,
                  Status(item["status"]) if item["status"] else None, item["count"],
                  bool(item.get("for_each")), head.number if earlier else None)


# What the entry leaves open, and what it does not cover ------------------------------------------

FUTURE_TARGET = open_point(
    "future-target-initiation", _("Can an ability with a future target be initiated when its "
                                  "effects that require a target have no valid target?"),
    (Clause.REQUIRES, Clause.FUTURE),
    _("Ziel ¶3 covers every ability that requires a target, and this one does; the example of "
      "Ziel ¶6 is an ability whose only target is a future one."),
    ("requires-target", _("The ability requires a target and cannot be initiated without a "
                          "valid one (Ziel ¶3)"), Clause.REQUIRES),
    ("future-needs-none", _("The ability refers to a future target and needs no target to be "
                            "initiated (Ziel ¶6); its effects without a valid target are not "
                            "resolved"), Clause.FUTURE))
BASIC_LABEL = open_point(
    "basic-power-label", _("Is the basic power Angriff (Widerstand) an ability labelled Angriff "
                           "(Widerstand)?"), (Clause.ATTACK, Clause.THWART, Clause.BASIC),
    _("Ziel ¶1 calls an attack that deals damage to an enemy a game function fixing on a target; "
      "the entry does not say whether a basic power carries a label."),
    ("labelled", _("Yes: a target that cannot be attacked (thwarted) is not valid for it "
                   "(Ziel ¶4.8, ¶4.9)"), (Clause.ATTACK, Clause.THWART)),
    ("unlabelled", _("No: Ziel ¶4.8 and ¶4.9 speak only of abilities labelled so, not of basic "
                     "powers (Ziel ¶3.1)"), Clause.BASIC))
ZERO_AMOUNT = open_point(
    "zero-amount", _("Can a card effect with an amount of 0 affect a target?"),
    (Clause.VALID, Clause.ZERO),
    _("The exception for a value of 0 covers only activations and basic powers; the engine "
      "assumes a card effect of 0 cannot affect a target."),
    ("cannot-affect", _("No: the exception for a value of 0 (Ziel ¶4.2) covers only activations "
                        "and basic powers"), Clause.ZERO),
    ("can-affect", _("Yes: a target is valid if any part of the ability can affect it "
                     "(Ziel ¶4)"), Clause.VALID))
NO_CHANGE = open_point(
    "no-change", _("Can an effect that would change nothing on a target affect it?"),
    (Clause.VALID, Clause.EFFECTS),
    _("The texts do not say whether an effect that would change nothing can affect a target; "
      "the engine assumes it cannot."),
    ("cannot-affect", _("No: an effect that would change nothing does not affect the target"),
     Clause.VALID),
    ("can-affect", _("Yes: it is still one of the effects on targets that Ziel ¶4.1 lists"),
     Clause.EFFECTS))
NO_THREAT = open_point(
    "no-threat", _("Can threat be removed from a scheme with no threat on it?"),
    (Clause.VALID, Clause.EFFECTS, Clause.ZERO),
    _("The texts do not say whether threat can be removed from a scheme with no threat; the "
      "engine assumes not (the example speaks of a scheme with threat on it)."),
    ("not-valid", _("No: the example of Ziel ¶4.2 speaks of a scheme with threat on it"),
     Clause.ZERO),
    ("valid", _("Yes: removing threat is one of the effects on targets that Ziel ¶4.1 lists"),
     Clause.EFFECTS))
THREAT_BELOW_ZERO = open_point(
    "threat-below-zero", _("Can removing threat leave a scheme with less than 0 threat?"),
    (Clause.EFFECTS,),
    _("Ziel ¶4.1 lists removing threat among the effects on targets and does not say what "
      "becomes of an amount beyond the threat on the scheme; the example of Ziel ¶4.2 speaks of "
      "a scheme with threat on it. The ruling takes 0 as the least."),
    ("zero", _("No: the scheme is left with 0 threat"), Clause.EFFECTS),
    ("below-zero", _("Yes: the whole amount is removed, leaving less than 0"), Clause.EFFECTS))
DEFEND_ZERO = open_point(
    "defend-zero", _("Does the exception for a value of 0 cover VER (defense)?"), (Clause.ZERO,),
    _("The exception for a value of 0 names ANG, PLA and WID, not VER; the engine applies it to "
      "VER as well."),
    ("covered", _("Yes: a character with VER 0 can defend as one with ANG or WID 0 can attack "
                  "or thwart"), Clause.ZERO),
    ("not-covered", _("No: Ziel ¶4.2 names ANG, PLA and WID only"), Clause.ZERO))
EFFECT_ORDER = open_point(
    "effect-order", _("Does a later effect on the same target see what an earlier effect of the "
                      "ability changed?"), (Clause.VALID, Clause.SEVERAL, Clause.THE_TARGET),
    _("The texts do not say whether a later effect on the same target sees what an earlier effect "
      "changed; the engine judges every effect against the state at initiation."),
    ("at-initiation", _("No: every effect is judged against the game state when the ability is "
                        "initiated"), Clause.VALID),
    ("in-order", _("Yes: each effect is judged after the earlier effects on the same target"),
     Clause.VALID))
#: "Füge einem Schergen 3 Schaden zu und betäube ihn" on a minion that cannot take damage:
#: ¶4.7 refuses it to an ability that deals damage, ¶4.4 accepts it if 1 of the effects on it
#: can affect it; neither says which prevails for one instruction (for "das [Ziel]" ¶4.10 and
#: its example decide, :func:`the_target`).
DAMAGE_AMONG_SEVERAL = open_point(
    "damage-among-several", _("Is a target that cannot take damage valid for an instruction "
                              "that deals damage to it and has another effect on it that can "
                              "affect it?"), (Clause.NO_DAMAGE, Clause.SEVERAL),
    _("Ziel ¶4.7 says a target that cannot take damage is not a valid target for an ability "
      "that deals damage; Ziel ¶4.4 says a target of several effects is valid if at least 1 of "
      "them can affect it. Neither says which applies to one instruction with several effects "
      "on the same target; the engine presents Ziel ¶4.4 first."),
    ("several-effects", _("Valid: at least 1 of the effects on the target can affect it "
                          "(Ziel ¶4.4)"), Clause.SEVERAL),
    ("no-damage", _("Not valid: the ability deals damage, and the target cannot take damage "
                    "(Ziel ¶4.7)"), Clause.NO_DAMAGE))
#: "Betäube einen Schergen. Füge dem Schergen 2 Schaden zu. Verwirre den Schergen." on a minion
#: that cannot take damage: the third effect refers to "a previous effect" (¶4.10), the one
#: that named the minion, which can affect it, or the one just before, which cannot.
THE_PREVIOUS = open_point(
    "the-target-previous", _("After another 'das [Ziel]' effect, which previous effect's valid "
                             "targets does 'das [Ziel]' resolve for?"), (Clause.THE_TARGET,),
    _("Ziel ¶4.10 says 'das [Ziel]' refers to the target of a previous effect and resolves only "
      "for a valid target of the previous effect; where another 'das [Ziel]' effect stands "
      "between, it does not say which of the two; the engine presents the effect that named "
      "the target first."),
    ("named", _("The effect that named the target"), Clause.THE_TARGET),
    ("just-before", _("The effect just before it: only a target that effect can affect"),
     Clause.THE_TARGET))
#: "Heile 3 Schaden von einem Charakter und mache ihn spielbereit" on a damaged character that
#: cannot be readied: ¶4.5 refuses it to an ability that would make it do the forbidden game
#: function, ¶4.4 accepts it if 1 of the effects on it can affect it; neither says which
#: prevails for one instruction. Where the forbidden effect is the ability's only effect on the
#: target, ¶4.5 and its example decide (not valid).
FORBIDDEN_AMONG_SEVERAL = open_point(
    "forbidden-among-several", _("Is a target valid for an instruction with several effects on "
                                 "it when another ability forbids what one of them would make "
                                 "it do, and another of them can affect it?"),
    (Clause.FORBIDDEN, Clause.SEVERAL),
    _("Ziel ¶4.5 says a target is not valid for an ability that would make it perform a game "
      "function another ability forbids it; Ziel ¶4.4 says a target of several effects is valid "
      "if at least 1 of them can affect it. Neither says which applies to one instruction with "
      "several effects on the same target; the engine presents Ziel ¶4.4 first."),
    ("several-effects", _("Valid: at least 1 of the effects on the target can affect it "
                          "(Ziel ¶4.4)"), Clause.SEVERAL),
    ("forbidden", _("Not valid: the ability would make the target perform a game function "
                    "another ability forbids it (Ziel ¶4.5)"), Clause.FORBIDDEN))
#: Every point the entry leaves open, as its rules declare them.
OPEN_POINTS = (FUTURE_TARGET, BASIC_LABEL, ZERO_AMOUNT, NO_CHANGE, NO_THREAT, THREAT_BELOW_ZERO,
               DEFEND_ZERO, EFFECT_ORDER, DAMAGE_AMONG_SEVERAL, THE_PREVIOUS,
               FORBIDDEN_AMONG_SEVERAL)

#: A status card on the character using a basic power: the entries on status cards define it.
ACTOR_STATUS = {status: Uncovered(f"actor-{status.value}", msg(what), Outside.OTHER_CHAPTER,
                                  (Clause.BASIC,)) for status, what in (
    (Status.STUNNED, _("the acting character is stunned (Betäubt)")),
    (Status.CONFUSED, _("the acting character is confused (Verwirrt)")),
    (Status.TOUGH, _("the acting character has a tough status card (Zäh)")))}
FOR_EACH = Uncovered("effects.for_each", msg(_("effect %(number)s says \"for each …\"")),
                     Outside.NOT_IN_TEXTS, (Clause.EACH, Clause.CHOOSE))
#: The basic power Verteidigung: the entry names neither it nor VER (¶3.1 names basic powers,
#: ¶4.2 Widerstand and ANG, PLA, WID); what it targets and does is outside the texts.
DEFEND = Uncovered("kind.basic_defend", msg(_("the basic power Verteidigung (defense)")),
                   Outside.NOT_IN_TEXTS, (Clause.BASIC,))
OTHER_TEXT = Uncovered("other_text", msg(_("text or keywords of the ability not listed as "
                                           "effects")), Outside.NOT_IN_TEXTS, (Clause.VALID,))
KIND_OPEN = Uncovered("effect-on-kind", msg(_(
    "whether effect %(number)s (%(effect)s) can affect a game element of the kind %(kind)s: the "
    "entry \"Ziel\" lists such effects on targets without saying which game elements they apply "
    "to")), Outside.NOT_IN_TEXTS, (Clause.VALID, Clause.EFFECTS))
CHOOSE_SHORT = Uncovered("choose-fewer-than-n", msg(_(
    "effect %(number)s says 'choose %(wanted)s' (wähle) but has only %(count)s valid targets: "
    "whether it can be initiated choosing fewer, and against what it then resolves")),
    Outside.OTHER_CHAPTER, (Clause.CHOOSE, Clause.SEE_ALSO))  # "Wählen (Spielelement)"
ELEMENT_TEXT = Uncovered("elements.other_text", msg(_(
    "text or keywords of %(element)s that the entry does not define")), Outside.NOT_IN_TEXTS,
    (Clause.VALID,))
#: Facts of a table (or combinations of them) no clause of the entry covers.
UNCOVERED = (*ACTOR_STATUS.values(), FOR_EACH, OTHER_TEXT, ELEMENT_TEXT, DEFEND, KIND_OPEN,
             CHOOSE_SHORT)
#: Terms a clause names without defining them ("Siehe auch", ziel.p7, names the first five).
TERMS = tuple(Uncovered(term, msg(_("the term %(term)s"), term=term), Outside.OTHER_CHAPTER,
                        clauses) for term, clauses in (
    ("Fähigkeit", (Clause.SEE_ALSO, Clause.FIXES)),
    ("Gekennzeichnete Fähigkeit", (Clause.SEE_ALSO, Clause.ATTACK, Clause.THWART)),
    ("Kosten", (Clause.SEE_ALSO, Clause.COST)), ("Spielelement", (Clause.SEE_ALSO, Clause.FIXES)),
    ("Wählen (Spielelement)", (Clause.SEE_ALSO, Clause.CHOOSE)),
    ("Spielfunktion", (Clause.FIXES, Clause.BASIC)), ("Basiskraft", (Clause.BASIC, Clause.ZERO)),
    ("Charakter", (Clause.TARGETS, Clause.ZERO)), ("Statuskarte", (Clause.EFFECTS,)),
    ("Anhang", (Clause.FORBIDDEN,)), ("Aktivierung", (Clause.ZERO,)),
    ("ANG, PLA, WID", (Clause.ZERO,)), ("Krisensymbol", (Clause.EACH_INVALID,))))
#: NOT_COVERED_VALUE (from engine.core) is the value of ``can_initiate`` (or of what an effect
#: resolves against) the texts leave open.
#: Ziel ¶3 states only a necessary condition (initiated *only if* a valid target exists) and
#: ¶4.3 leaves costs out of the target check only: ``can_initiate`` true says no more than that
#: the target requirement is met, in its label and in the verdict (:attr:`Ruling.scope`).
TARGETS_MET = msg(_("Target requirement met (Ziel ¶3); whether the ability can otherwise be "
                    "initiated, e.g. its cost paid, the entry \"Ziel\" does not decide"))
TARGETS_MET_SCOPE = msg(_("The target requirement of Ziel ¶3 is met; whether the ability can "
                          "otherwise be initiated (e.g. whether its cost can be paid) is not "
                          "decided by the entry \"Ziel\"."))


# Rules, each bound to its clauses ----------------------------------------------------------------

#: Steps on what an effect resolves against: "if the ability is initiated" where that is open.
_NOT_RESOLVED = _("Effect %(number)s is not resolved against %(target)s, which is not a valid "
                  "target.")
_NOT_EARLIER = _("%(target)s is not a valid target of the earlier effect: effect %(number)s ('the "
                 "[target]') is not resolved against it.")
_STAYS = _("%(target)s stays a valid target through the earlier effect; effect %(number)s does "
           "not affect it.")
#: An effect naming a target, with the later effects sharing it ("and … it").
_Group = namedtuple("_Group", "head members followers", defaults=((),))


class _Run:
    """One evaluation of a table under some readings: steps, points consulted, and by effect
    number the tuples of elements considered, valid, resolved against, and those whose kind
    leaves the effect open (``unknown``, :data:`KIND_OPEN`)."""

    def __init__(self, table: Table, readings: Mapping[str, str]) -> None:
        self.table, self.readings, self.trace = table, readings, Trace()
        self.in_order = readings.get(EFFECT_ORDER.slug) == EFFECT_ORDER.readings[1].slug
        self.consulted: dict[str, OpenPoint] = {}
        self.crisis = table.crisis_icon or any(e.crisis for e in table.elements)
        self.candidates, self.valid, self.resolves, self.unknown = {}, {}, {}, {}
        self.deterministic: dict[int, bool] = {}
        self.open_valid: set[int] = set()  # effects whose valid targets the texts leave open
        self.disputed: dict[tuple[int, Element], OpenPoint] = {}  # (group head, target) → point
        self.reported: set[tuple[int, TargetType]] = set()
        self.values: tuple[Value, ...] = ()

    def first(self, point: OpenPoint) -> bool:
        """Whether the rules follow the first reading of ``point`` (which is noted as asked)."""
        self.consulted.setdefault(point.slug, point)
        return self.readings.get(point.slug, point.readings[0].slug) == point.readings[0].slug

    def say(self, text: str, *clauses: Clause, **params: Any) -> bool:
        """An applied step: ``text`` with ``params``, citing ``clauses``; ``True``, the answer
        of a rule whose step says the target is valid."""
        self.trace.applied(msg(text, **params), *clauses)
        return True

    def invalid(self, text: str, *clauses: Clause, **params: Any) -> bool:
        """An applied step saying why the target is not valid (:meth:`say`); ``False``."""
        return not self.say(text, *clauses, **params)

    def doubt(self, text: str, why: str | OpenPoint, *clauses: Clause,
              about: OpenPoint | None = None, **params: Any) -> bool:
        """A silent step: ``text`` with ``params``; ``why`` says what the engine assumes, or
        is the open point the step is about (its ``why``; the step names it, ``Step.point``);
        ``about``, the open point a step with a reason of its own is about.  Whether the
        rules follow the first reading of that point (:meth:`first`)."""
        point = why if isinstance(why, OpenPoint) else about
        reason = why.why if isinstance(why, OpenPoint) else msg(why)
        self.trace.silent(msg(text, **params), reason, *clauses,
                          point=point.slug if point else None)
        return point is not None and self.first(point)

    def record(self, effect: Effect, candidates: tuple[Element, ...], valid: tuple[Element, ...],
               resolves: Any = (), unknown: Any = (), deterministic: bool = False) -> None:
        """Record what the rules found for ``effect``."""
        number = effect.number
        self.candidates[number], self.valid[number] = candidates, valid
        self.resolves[number], self.unknown[number] = tuple(resolves), tuple(unknown)
        self.deterministic[number] = deterministic

    def affected(self, effect: Effect, el: Element, *clauses: Clause) -> bool:
        """Say that ``effect`` can affect ``el`` (Ziel ¶4, ¶4.1 unless ``clauses``)."""
        return self.say(_("Effect %(number)s (%(effect)s) can affect %(target)s."),
                        *(clauses or (Clause.VALID, Clause.EFFECTS)), number=effect.number,
                        effect=effect.name, target=el.name)

    def forbidden(self, effect: Effect, el: Element) -> bool:
        """Ziel ¶4.5: whether another ability forbids what ``effect`` would make ``el`` do."""
        return _forbids(effect, el) and self.say(_(
            "Another ability forbids it (%(condition)s): %(target)s is not a valid target of "
            "effect %(number)s."), Clause.FORBIDDEN, condition=_forbidding(effect).label,
            target=el.name, number=effect.number)

    def zero_blocks(self, effect: Effect, el: Element) -> bool:
        """Whether an amount of 0 keeps ``effect`` from affecting ``el`` (Ziel ¶4.2)."""
        if (effect.amount or 0) > 0:
            return False
        if self.table.kind.is_basic:
            self.say(_("%(actor)s has %(stat)s 0 but may still use the Basiskraft against "
                       "%(target)s, which is otherwise a valid target."), Clause.ZERO,
                     actor=self.table.acting.name, stat=msg(_BASIC[self.table.kind].word),
                     target=el.name)
            return False
        return self.doubt(_("Effect %(number)s has an amount of 0: %(target)s is not counted as "
                            "affected."), ZERO_AMOUNT, Clause.VALID, Clause.ZERO,
                          number=effect.number, target=el.name)

    def seen(self, el: Element, earlier: list[Effect]) -> Element | None:
        """``el`` at initiation, or as ``earlier`` effects left it (:data:`EFFECT_ORDER`)."""
        for effect in earlier if self.in_order else ():
            touched, change = _CHANGES.get(effect.verb, ("", lambda el, e, n: {}))
            if change is None:  # defeated or discarded
                return None
            kept = Status.TOUGH in el.statuses or _C.DAMAGE_PREVENTED in el.conditions
            el = replace(el, **change(el, effect, 0 if kept and effect.verb is Verb.DEAL_DAMAGE
                                      else effect.amount or 0))
        return el

    def clauses(self, group: _Group) -> tuple[Clause, ...]:
        """The clauses on initiating with ``group``'s selector (and ¶3.3 for drawing)."""
        head = group.head
        if self.table.kind.is_basic:
            return (Clause.BASIC,)
        drawing = head.target_type is TargetType.PLAYER and head.selector is not Selector.YOU
        return (_SELECTOR_CLAUSE[head.selector],) + ((Clause.DRAW,) if drawing else ())

    def short(self, groups: tuple[_Group, ...]) -> set[int]:
        """The effects of a "choose N" with at least 1 but fewer than N valid targets."""
        return {m.number for g in groups if g.head.selector is Selector.CHOOSE
                and 0 < len(self.valid[g.head.number]) < g.head.count for m in g.members}


def _groups(effects: tuple[Effect, ...]) -> tuple[_Group, ...]:
    """The effects naming a target, each with the "and the same target" effects after it
    (its members) and the "das [Ziel]" effects referring to it (its followers)."""
    groups: dict[int, _Group] = {}
    for effect in effects:
        if effect.refers is not None:
            group, part = groups[effect.refers], (
                "members" if effect.selector is Selector.JOINT else "followers")
            groups[effect.refers] = group._replace(**{part: getattr(group, part) + (effect,)})
        elif effect.selector is not Selector.FUTURE:
            groups[effect.number] = _Group(effect, (effect,))
    return tuple(groups.values())


def _report_uncovered(run: _Run) -> bool:
    """Report every fact of the table no clause covers, first, whatever decides the outcome."""
    statuses = run.table.acting.statuses if run.table.kind.is_basic else frozenset()
    run.trace.steps += [f.step() for status, f in ACTOR_STATUS.items() if status in statuses]
    reported = len(run.trace.steps)
    run.trace.steps += [FOR_EACH.step(number=e.number) for e in run.table.effects if e.for_each]
    run.trace.steps += [OTHER_TEXT.step()] if run.table.other_text else []
    run.trace.steps += [ELEMENT_TEXT.step(element=el.name) for el in run.table.elements
                        if el.other_text]
    run.trace.steps += [DEFEND.step()] if run.table.kind is AbilityKind.BASIC_DEFEND else []
    return len(run.trace.steps) > reported  # a fact besides the actor's status cards


@rule(Clause.COST, reads=("cost",))
def cost_not_considered(run: _Run) -> None:
    """Ziel ¶4.3: the cost is not considered when checking whether a target can be affected."""
    if run.table.cost is not None:
        run.say(_("The cost (%(cost)s) is not considered when checking whether the ability can "
                  "affect a target."), Clause.COST, cost=run.table.cost)


@rule(Clause.BASIC, Clause.FIXES, Clause.ZERO, Clause.COST, Clause.VALID,
      reads=("kind", "actor", "elements.atk", "elements.thw", "elements.defense",
             "elements.exhausted"))
def basic_power(run: _Run) -> None:
    """Ziel ¶3.1: a basic power requires a valid target; what it does is an assumption."""
    effect, actor, basic = run.table.effects[0], run.table.acting, _BASIC[run.table.kind]
    run.say(_("A Basiskraft is a game function that requires a valid target."), Clause.BASIC)
    if basic.assumed:
        run.trace.add(assumed(msg(basic.assumed, **{basic.stat: effect.amount}),
                              basic.clause.cite(), Clause.BASIC.cite()))
    if actor.exhausted:
        run.doubt(_("%(actor)s is exhausted; this is not considered for targets."), _(
            "The engine treats exhausting for a Basiskraft as a cost, which is not considered "
            "when checking targets."), Clause.BASIC, Clause.COST, actor=actor.name)
    if effect.verb is Verb.DEFEND:
        run.doubt(_("The target of the Basiskraft Verteidigung is taken to be the attacking "
                    "enemy."), _("The texts do not name the target of a defense; the engine "
                                 "assumes the enemy whose attack is defended."),
                  Clause.BASIC, Clause.VALID)


@rule(Clause.FIXES, Clause.TARGETS, Clause.ZERO,
      reads=("effects.selector", "effects.target_type", "elements.kind", "elements.number"))
def fixes_on(run: _Run, group: _Group) -> tuple[Element, ...]:
    """Ziel ¶1, ¶2: the game elements in play that an effect's noun names."""
    target_type = group.head.target_type
    kinds = _TYPE_KINDS[target_type]
    if target_type is TargetType.CARD:  # the cards the effects can apply to
        kinds = kinds & frozenset().union(*(_VERB_KINDS[m.verb] for m in group.members))
    found = tuple(e for e in run.table.elements if e.kind in kinds)
    found = found[:1] if group.head.selector is Selector.YOU else found
    run.say(_("Effect %(number)s fixes on %(type)s; game elements of that kind in play: "
              "%(count)s."), Clause.FIXES, Clause.TARGETS, number=group.head.number,
            type=target_type.label, count=len(found))
    if target_type is TargetType.CHARACTER and any(e.kind is not _K.HERO for e in found):
        # judge round 20: the entry's one example of a character is a hero; who else is one
        # its glossary entry "Charakter" (not published here) says
        run.doubt(_("'Charakter' is taken to mean heroes, allies, the villain and minions."),
                  _("The entry names 'Charakter' without defining it (the term is defined in "
                    "an entry not published here); its one example of a character is a hero "
                    "(Ziel ¶4.2). The engine counts allies, the villain and minions as "
                    "characters too."), Clause.TARGETS, Clause.ZERO)
    if target_type is TargetType.CARD:
        run.doubt(_("'Karte' is taken to mean the cards in play that the effect can apply to."),
                  _("The entry does not say which cards 'eine Karte' covers; the engine counts "
                    "the listed cards in play, not cards in hand."), Clause.TARGETS)
    return found


#: Label -> the condition barring it, its clause, the messages for a basic power (with
#: why it counts as labelled) and for a labelled card ability.
_LABELS = {
    Label.ATTACK: (_C.CANNOT_BE_ATTACKED, Clause.ATTACK, _(
        "%(target)s cannot be attacked: not a valid target of the basic power Angriff."), _(
        "The engine treats the basic power Angriff like an ability labelled Angriff."), _(
        "%(target)s cannot be attacked: not a valid target of an ability labelled Angriff.")),
    Label.THWART: (_C.CANNOT_BE_THWARTED, Clause.THWART, _(
        "No Widerstand can be performed against %(target)s: not a valid target of the basic "
        "power Widerstand."), _(
        "The engine treats the basic power Widerstand like an ability labelled Widerstand."), _(
        "No Widerstand can be performed against %(target)s: not a valid target of an ability "
        "labelled Widerstand.")),
}


@rule(Clause.ATTACK, Clause.THWART, Clause.BASIC, reads=("labels", "elements.conditions"),
      opens=(BASIC_LABEL,))
def label_restriction(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶4.8, ¶4.9: no target that cannot be attacked (thwarted) for a labelled ability."""
    for label in sorted(run.table.labels, key=list(Label).index):
        condition, clause, basic, why, card = _LABELS[label]
        if condition in el.conditions and not run.table.kind.is_basic:
            return run.invalid(card, clause, target=el.name)
        if condition in el.conditions and run.doubt(basic, why, clause, Clause.BASIC,
                                                    about=BASIC_LABEL, target=el.name):
            return False
    if Label.THWART in run.table.labels and el.kind in (_K.VILLAIN, _K.MINION):
        run.doubt(_("Effect %(number)s of an ability labelled Widerstand on %(target)s."), _(
            "The texts do not say whether an enemy can be one against which no Widerstand can be "
            "performed; the engine assumes only schemes can, and judges the enemy by the effect "
            "alone."), Clause.THWART, number=effect.number, target=el.name)
    return True


@rule(Clause.NO_DAMAGE, Clause.ZERO, Clause.PREVENTED, Clause.VALID,
      reads=("effects.amount", "elements.conditions", "elements.statuses"), opens=(ZERO_AMOUNT,))
def deal_damage(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶4.7: no target that cannot take damage; ¶4.6: prevented damage still affects it."""
    if _C.CANNOT_TAKE_DAMAGE in el.conditions:
        return run.invalid(_("%(target)s cannot take damage: not a valid target of an effect "
                             "that deals damage."), Clause.NO_DAMAGE, target=el.name)
    if run.zero_blocks(effect, el):
        return False
    tough = Status.TOUGH in el.statuses and _C.DAMAGE_PREVENTED not in el.conditions
    if tough:
        run.trace.add(assumed(msg(_("a tough status card (Zäh) on %(target)s prevents the damage"),
                                  target=el.name), Clause.PREVENTED.cite()))
    if tough or _C.DAMAGE_PREVENTED in el.conditions:
        return run.say(_("Damage dealt to %(target)s would be prevented but still counts as "
                         "affecting it."), Clause.PREVENTED, target=el.name)
    return run.affected(effect, el)


@rule(Clause.EACH_INVALID, Clause.FORBIDDEN, Clause.VALID, Clause.ZERO,
      reads=("elements.kind", "elements.threat", "elements.crisis", "crisis_icon"),
      opens=(NO_THREAT, ZERO_AMOUNT))
def remove_threat(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶5.1 (its example): a crisis icon keeps threat on the main scheme; ¶4.5."""
    if el.kind is _K.MAIN_SCHEME and run.crisis:
        return run.invalid(_("A crisis icon is in play: threat cannot be removed from the main "
                             "scheme, which is not a valid target of effect %(number)s."),
                           Clause.EACH_INVALID, number=effect.number)
    if run.forbidden(effect, el) or el.threat == 0 and run.doubt(_(
            "%(target)s has no threat: not a valid target for removing threat."), NO_THREAT,
            Clause.VALID, Clause.EFFECTS, Clause.ZERO, target=el.name):
        return False
    return not run.zero_blocks(effect, el) and run.affected(effect, el)


#: Verb -> when its effect would change nothing on a game element, and the words for it.
_UNCHANGED: dict[Verb, tuple[Callable[[Effect, Element], bool], str]] = {
    Verb.HEAL: (lambda e, el: el.damage == 0, _("no damage to heal")),
    Verb.GIVE_STATUS: (lambda e, el: e.status in el.statuses, _("it already has this status card")),
    Verb.REMOVE_STATUS: (lambda e, el: e.status not in el.statuses,
                         _("it has no such status card")),
    Verb.EXHAUST: (lambda e, el: el.exhausted, _("it is already exhausted")),
    Verb.READY: (lambda e, el: not el.exhausted, _("it is already ready"))}


@rule(Clause.FORBIDDEN, Clause.ZERO, Clause.VALID, Clause.EFFECTS,
      reads=("effects.verb", "effects.amount", "effects.status", "elements.damage",
             "elements.statuses", "elements.exhausted", "elements.conditions"),
      opens=(ZERO_AMOUNT, NO_CHANGE))
def change_state(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶4.1, ¶4.5: healing, placing threat or a change of state affects a target unless
    another ability forbids it (¶4.2 for an amount of 0)."""
    if run.forbidden(effect, el) or effect.verb in AMOUNT_VERBS and run.zero_blocks(effect, el):
        return False
    unchanged, what = _UNCHANGED.get(effect.verb, (None, ""))
    if unchanged is None or not unchanged(effect, el):
        return run.affected(effect, el)
    if effect.verb is Verb.GIVE_STATUS:  # what a status card does: Statuskarte, not published
        run.trace.add(assumed(msg(_("another %(status)s status card changes nothing on "
                                    "%(target)s, which has one"), status=effect.status.label,
                                  target=el.name), Clause.EFFECTS.cite()))
    return not run.doubt(_("Effect %(number)s would change nothing on %(target)s (%(what)s): not "
                           "counted as affected."), NO_CHANGE, Clause.VALID, Clause.EFFECTS,
                         number=effect.number, target=el.name, what=msg(what))


@rule(Clause.DRAW, reads=("elements.deck",))
def draw(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶3.3: a player is a valid target for drawing while the deck has a card."""
    if el.deck < 1:
        return run.invalid(_("%(target)s has no card in the deck: not a valid target for "
                             "drawing."), Clause.DRAW, target=el.name)
    return run.say(_("%(target)s: cards in the deck — %(deck)s; a valid target for drawing."),
                   Clause.DRAW, target=el.name, deck=el.deck)


@rule(Clause.VALID, Clause.ZERO, reads=("elements.attacking",), opens=(DEFEND_ZERO,))
def defend(run: _Run, effect: Effect, el: Element) -> bool:
    """Ziel ¶4: defending can affect only an attacking enemy; ¶4.2 for VER 0 (open)."""
    if not el.attacking:
        return run.invalid(_("%(target)s is not attacking: defending cannot affect it."),
                           Clause.VALID, target=el.name)
    if not effect.amount and not run.doubt(_(
            "%(actor)s has VER 0 and is counted as able to defend against %(target)s."),
            DEFEND_ZERO, Clause.ZERO, actor=run.table.acting.name, target=el.name):
        return False
    return run.affected(effect, el, Clause.VALID)


_VERB_RULES = {Verb.DEAL_DAMAGE: deal_damage, Verb.REMOVE_THREAT: remove_threat, Verb.DRAW: draw,
               Verb.DEFEND: defend}


def _affects(run: _Run, effect: Effect, el: Element) -> bool | None:
    """Whether ``effect`` can affect ``el`` (Ziel ¶4); ``None``: :data:`KIND_OPEN`."""
    if el.kind not in _VERB_KINDS[effect.verb]:
        if (effect.number, el.kind) not in run.reported:
            run.reported.add((effect.number, el.kind))
            run.trace.add(KIND_OPEN.step(number=effect.number, effect=effect.name,
                                         kind=el.kind.label))
        return None
    return label_restriction(run, effect, el) and \
        _VERB_RULES.get(effect.verb, change_state)(run, effect, el)


@rule(Clause.VALID, Clause.EFFECTS, Clause.SEVERAL, Clause.EACH_INVALID, Clause.NO_DAMAGE,
      Clause.FORBIDDEN,
      reads=("effects.number", "effects.verb", "effects.status", "elements.kind",
             "elements.conditions"),
      opens=(DAMAGE_AMONG_SEVERAL, FORBIDDEN_AMONG_SEVERAL))
def valid_targets(run: _Run, group: _Group) -> None:
    """Ziel ¶4, ¶4.4: a target is valid if at least 1 of the effects on it can affect it
    (¶4.7 against ¶4.4 for one that cannot take damage: :data:`DAMAGE_AMONG_SEVERAL`; ¶4.5
    against ¶4.4 for one forbidden what an effect would make it do:
    :data:`FORBIDDEN_AMONG_SEVERAL`)."""
    candidates, members = fixes_on(run, group), group.members
    found = _hits(run, group, candidates)
    valid = tuple(el for el in candidates if any(el in hit for hit in found.values()))
    dropped = _disputes(run, group, valid)
    valid = tuple(el for el in valid if el not in dropped)
    found = {n: [el for el in hit if el not in dropped] for n, hit in found.items()}
    undisputed = (e for e in valid if (group.head.number, e) not in run.disputed)
    for el in undisputed if len(members) > 1 else ():
        run.say(_("%(target)s is a valid target: %(count)s of the %(total)s effects on it can "
                  "affect it."), Clause.SEVERAL, target=el.name, total=len(members),
                count=sum(el in hit for hit in found.values()))
    _record_group(run, group, candidates, valid, found)


def _disputes(run: _Run, group: _Group, valid: tuple[Element, ...]) -> tuple[Element, ...]:
    """Note the targets of ``group`` valid by ¶4.4 that ¶4.7 or ¶4.5 dispute
    (``_Run.disputed``); return those of them dropped by the reading this run follows (the
    second reading of their open point).

    The ability's effects on the target are its members and the "das [Ziel]" effects after
    them: ¶4.7 and ¶4.5 speak of the ability ("eine Kartenfähigkeit, die ihn wieder
    spielbereit machen kann"), ¶4.10 only of what the later effect resolves against — "Heile
    3 Schaden von einem Charakter. Mache ihn spielbereit." is as open as the joint wording
    (a judge's table). A target the earlier effects cannot affect is no valid one to
    dispute: the ¶4.10 example ("Füge einem Gegner 5 Schaden zu. Betäube den Gegner.")
    stays settled."""
    dropped: tuple[Element, ...] = ()
    effects = group.members + group.followers
    for point, clause, disputes, text in _DISPUTES if len(effects) > 1 else ():
        for el in (el for el in valid if disputes(effects, el)):  # a silent step each
            run.disputed[group.head.number, el] = point
            if not run.doubt(text, point, clause, Clause.SEVERAL, target=el.name,
                             total=len(effects)):
                dropped += (el,)
    return dropped


def _record_group(run: _Run, group: _Group, candidates: tuple[Element, ...],
                  valid: tuple[Element, ...], found: dict) -> None:
    """Record each effect of ``group`` with its valid targets (Ziel ¶4), and for "each" the
    targets that are not resolved (¶5.1)."""
    members = group.members
    if any(el not in valid and el.kind not in _VERB_KINDS[m.verb]
           for el in candidates for m in members):
        run.open_valid.update(m.number for m in members)
    for member in members:
        run.record(member, candidates, valid, found[member.number],
                   [el for el in candidates if el.kind not in _VERB_KINDS[member.verb]],
                   group.head.selector in (Selector.EACH, Selector.YOU))
    for el in (el for el in candidates if el not in valid and group.head.selector is Selector.EACH):
        run.say(_NOT_RESOLVED, Clause.EACH_INVALID, number=group.head.number, target=el.name)


#: Where ¶4.4 meets another clause on a valid target of several effects: the open point, the
#: other clause, whether it disputes the target, and the silent step saying so.
_DISPUTES = (
    (DAMAGE_AMONG_SEVERAL, Clause.NO_DAMAGE, lambda members, el: _C.CANNOT_TAKE_DAMAGE in
     el.conditions and any(m.verb is Verb.DEAL_DAMAGE for m in members),
     _("%(target)s cannot take damage, but another of the %(total)s effects on it can affect it: "
       "whether it is a valid target is open; both readings are shown.")),
    (FORBIDDEN_AMONG_SEVERAL, Clause.FORBIDDEN,
     lambda members, el: any(_forbids(m, el) for m in members),
     _("Another ability forbids %(target)s what one of the %(total)s effects on it would make "
       "it do, but another of them can affect it: whether it is a valid target is open; both "
       "readings are shown.")))


def _forbidding(effect: Effect) -> Condition | None:
    """The condition of another ability forbidding what ``effect`` does (Ziel ¶4.5)."""
    return _FORBIDDING.get(effect.status if effect.verb is Verb.GIVE_STATUS else effect.verb)


def _forbids(effect: Effect, el: Element) -> bool:
    """Whether another ability forbids ``el`` what ``effect`` would make it do (Ziel ¶4.5)."""
    return _forbidding(effect) in el.conditions and el.kind in _VERB_KINDS[effect.verb]


def _hits(run: _Run, group: _Group, candidates: tuple[Element, ...]) -> dict[int, list[Element]]:
    """Per member of ``group``, the candidates it can affect (as :meth:`_Run.seen` sees them)."""
    found: dict[int, list[Element]] = {m.number: [] for m in group.members}
    earlier = _definite_before(run, group.head)
    for el in candidates:
        hits: list[Effect] = [e for e in earlier if el in run.resolves.get(e.number, ())]
        for member in group.members:
            seen = run.seen(el, hits)
            if seen is not None and _affects(run, member, seen):
                hits.append(member)
                found[member.number].append(el)
    return found


@rule(Clause.THE_TARGET, Clause.SEVERAL, Clause.EACH_INVALID,
      reads=("effects.selector", "effects.refers"),
      opens=(THE_PREVIOUS,))
def the_target(run: _Run, effect: Effect, group: _Group) -> None:
    """Ziel ¶4.10: "das [Ziel]" resolves only for a valid target of the previous effect."""
    head, kinds = group.head, _TYPE_KINDS[effect.target_type]  # "den Schergen": minions only
    candidates = tuple(el for el in run.candidates[head.number] if el.kind in kinds)
    previous = run.valid[head.number]
    between = run.table.effects[head.number - 1:effect.number - 1]  # from the head, in order
    _which_earlier(run, effect, head)
    earlier_open = {el for m in group.members for el in run.unknown[m.number]}
    result, unknown = [], []
    for el in candidates:
        applies = el.kind in _VERB_KINDS[effect.verb]
        # not a valid target of the earlier effect: skipped, or open if that effect was open
        # there (then judged only where the kind itself leaves it open, :data:`KIND_OPEN`)
        if el not in previous and (el in earlier_open) != (not applies):
            unknown += [el] if applies else []
            continue
        seen = run.seen(el, [e for e in between if el in run.resolves[e.number]])
        can = seen is not None and _affects(run, effect, seen)
        if can is None or (can and el in previous):
            (unknown if can is None else result).append(el)
        elif can:
            run.say(_NOT_EARLIER, Clause.THE_TARGET, target=el.name, number=effect.number)
        elif (head.number, el) in run.disputed:  # valid only by the reading of ¶4.4
            run.doubt(_STAYS, run.disputed[head.number, el], Clause.SEVERAL, Clause.THE_TARGET,
                      target=el.name, number=effect.number)
        elif el in previous:
            run.say(_STAYS, Clause.SEVERAL, Clause.THE_TARGET, target=el.name, number=effect.number)
    result = _after_another(run, effect, group, result)
    _may_be_defeated(run, effect, between, result)
    run.record(effect, candidates, previous, result, unknown, run.deterministic[head.number])
    if head.number in run.open_valid:
        run.open_valid.add(effect.number)


def _which_earlier(run: _Run, effect: Effect, head: Effect) -> None:
    """Ziel ¶4.10 ("das Ziel eines vorherigen Effekts"): "das [Ziel]" ``effect`` refers to
    ``head``, the last effect naming its target; an effect after ``head`` whose target may be
    such an element too ("einem Gegner … einen Schergen … den Gegner") is noted, not ruled on
    (judge round 16); so is what it means after an "each" effect."""
    if head.selector is Selector.EACH:
        run.doubt(_("Effect %(number)s refers to the targets of an 'each' effect."), _(
            "The texts do not say what 'the [target]' means after an 'each' effect; the engine "
            "assumes each target the earlier effect resolves against."),
            Clause.THE_TARGET, Clause.EACH_INVALID, number=effect.number)
    kinds = _TYPE_KINDS[effect.target_type]
    other = next((e for e in reversed(run.table.effects[head.number:effect.number - 1])
                  if e.refers is None and e.target_type is not None
                  and kinds & _TYPE_KINDS[e.target_type]), None)
    if other is not None:
        run.doubt(_("Effect %(number)s ('the [target]') is taken to refer to effect %(head)s, "
                    "the last effect naming %(type)s; the target of effect %(other)s may be one "
                    "too."), _(
            "Ziel ¶4.10 says 'das [Ziel]' refers to the target of a previous effect, without "
            "saying which where two may be meant; the engine takes the last effect naming the "
            "same target."), Clause.THE_TARGET, number=effect.number, head=head.number,
            type=effect.target_type.label, other=other.number)


def _after_another(run: _Run, effect: Effect, group: _Group, targets: list[Element]
                   ) -> list[Element]:
    """Ziel ¶4.10 for "das [Ziel]" ``effect`` after another "das [Ziel]" effect of ``group``
    (the one just before it, ``prior``): of ``targets``, those ``prior`` does not affect are
    kept only under the first reading of :data:`THE_PREVIOUS` (the effect that named them is
    "the previous effect"); ``targets`` as they are where no such effect comes before."""
    prior = next((f for f in reversed(group.followers) if f.number < effect.number), None)
    if prior is None:
        return targets
    return [el for el in targets if el in run.resolves[prior.number]
            or el in run.unknown[prior.number] or run.doubt(_(
                "Effect %(number)s refers to %(target)s, which effect %(previous)s just before "
                "it does not affect."), THE_PREVIOUS, Clause.THE_TARGET, number=effect.number,
                target=el.name, previous=prior.number)]


def _may_be_defeated(run: _Run, effect: Effect, between: tuple[Effect, ...],
                     targets: list[Element]) -> None:
    """Assume a target of "das [Ziel]" survives earlier damage (hit points: not in the texts)
    dealt by the effects ``between`` its group's head and it."""
    damaging = [e for e in between if e.verb is Verb.DEAL_DAMAGE]
    # the names stay messages (a tuple renders as a list): str() of one is its repr
    hit = tuple(el.name for el in targets if any(el in run.resolves[e.number] for e in damaging)
                and Status.TOUGH not in el.statuses and _C.DAMAGE_PREVENTED not in el.conditions)
    if hit:
        run.doubt(_("Effect %(number)s refers to %(targets)s after damage dealt to it."), _(
            "Whether that damage defeats it depends on its hit points, which these texts do not "
            "define; the engine assumes it is still in play."),
            Clause.THE_TARGET, number=effect.number, targets=hit)


@rule(Clause.FUTURE, reads=("effects.selector",))
def future_target(run: _Run, effect: Effect) -> None:
    """Ziel ¶6: an effect on a future target needs no target."""
    run.say(_("Effect %(number)s refers to a future target and needs no target to be "
              "initiated."), Clause.FUTURE, number=effect.number)
    run.record(effect, (), ())


#: Verb -> the part of a game element's state it changes or checks, and the change (the
#: element's fields after effect ``e`` with amount ``n``).
_CHANGES: dict[Verb, tuple[str, Callable[[Element, Effect, int], dict[str, Any]]]] = {
    Verb.DEAL_DAMAGE: ("damage", lambda el, e, n: {"damage": el.damage + n}),
    Verb.HEAL: ("damage", lambda el, e, n: {"damage": max(0, el.damage - n)}),
    Verb.ADD_THREAT: ("threat", lambda el, e, n: {"threat": el.threat + n}),
    Verb.REMOVE_THREAT: ("threat", lambda el, e, n: {"threat": max(0, el.threat - n)}),
    Verb.GIVE_STATUS: ("status", lambda el, e, n: {"statuses": el.statuses | {e.status}}),
    Verb.REMOVE_STATUS: ("status", lambda el, e, n: {"statuses": el.statuses - {e.status}}),
    Verb.EXHAUST: ("exhausted", lambda el, e, n: {"exhausted": True}),
    Verb.READY: ("exhausted", lambda el, e, n: {"exhausted": False}),
    Verb.DEFEAT: ("in play", None), Verb.DISCARD: ("in play", None),
    # judge round 21: an earlier draw may leave the deck empty for "the [target]" after it
    Verb.DRAW: ("deck", lambda el, e, n: {"deck": max(0, el.deck - n)})}


def _touches(effect: Effect) -> str:
    """The part of a game element's state that ``effect`` changes or checks."""
    if effect.status is not None:
        return "status:" + effect.status.value
    return _CHANGES.get(effect.verb, (effect.verb.value,))[0]


@rule(Clause.VALID, Clause.THE_TARGET, Clause.SEVERAL, reads=("effects.status",),
      opens=(EFFECT_ORDER,))
def judged_at_initiation(run: _Run) -> None:
    """Ziel ¶4, ¶4.4, ¶4.10: which state a later effect on the same target is judged on."""
    chains: dict[int, list[Effect]] = {}  # per effect naming a target: it, then its references
    for effect in run.table.effects:
        if effect.refers is None:
            chain = chains[effect.number] = _definite_before(run, effect)
        else:
            chain = chains[effect.refers]
        earlier = next((e for e in chain if _touches(e) in (_touches(effect), "in play")), None)
        if earlier is not None:  # consulted: the driver compares both readings
            run.doubt(_("Effect %(number)s is judged against the game state when the ability is "
                        "initiated, not after effect %(earlier)s."), EFFECT_ORDER,
                      Clause.VALID, Clause.THE_TARGET if effect.selector is Selector.THE
                      else Clause.SEVERAL, number=effect.number, earlier=earlier.number)
        chain.append(effect)


def _definite_before(run: _Run, effect: Effect) -> list[Effect]:
    """The effects before ``effect`` certain to land on every element of its kinds they can
    affect: "you" (the player using the ability), "each …", and "one"/"choose N" with just
    that many valid targets, with their "and the same target" effects (judge rounds 21, 22:
    "Ziehe 1 Karte. Ziehe 1 Karte." on a deck of 1); a later effect on such an element may
    see what they changed (:data:`EFFECT_ORDER`)."""
    effects, kinds = run.table.effects, _TYPE_KINDS.get(effect.target_type, frozenset())
    return [e for e in effects[:effect.number - 1] if e.target_type is not None
            and _TYPE_KINDS[e.target_type] & kinds
            and _definite(run, effects[e.refers - 1] if e.selector is Selector.JOINT else e)]


def _definite(run: _Run, head: Effect) -> bool:
    """Whether ``head`` lands on each valid target it has (:func:`_definite_before`)."""
    if head.selector in (Selector.YOU, Selector.EACH):
        return True
    wanted = head.count if head.selector is Selector.CHOOSE else 1
    return head.selector in (Selector.ONE, Selector.CHOOSE) and len(
        run.valid.get(head.number, ())) == wanted


_SELECTOR_CLAUSE = {Selector.ONE: Clause.REQUIRES, Selector.CHOOSE: Clause.CHOOSE,
                    Selector.EACH: Clause.EACH, Selector.YOU: Clause.DRAW}


def _refused(run: _Run, groups: tuple[_Group, ...], without: list[_Group],
             undecided: set[int]) -> bool | Message | None:
    """``False`` (Ziel ¶3, ¶3.2), :data:`NOT_COVERED_VALUE`, ``True`` (¶6), ``None``: allowed."""
    choose = next((g for g in without if g.head.selector is Selector.CHOOSE), None)
    if choose is None and any(run.valid[g.head.number] for g in groups):
        return None
    if choose is None and undecided:
        return NOT_COVERED_VALUE
    future = tuple(e.number for e in run.table.effects if e.selector is Selector.FUTURE)
    if future and not undecided and not run.first(FUTURE_TARGET):
        run.say(_("Effect %(numbers)s refers to a future target: the ability needs no target and "
                  "can be initiated; effects without a valid target are not resolved."),
                Clause.FUTURE, numbers=future)
        return True
    if choose is not None:
        run.say(_("Effect %(number)s says 'wähle' but has no valid target: the ability cannot be "
                  "initiated."), Clause.CHOOSE, number=choose.head.number)
    else:
        run.say(_("The ability requires a target and has no valid target: it cannot be "
                  "initiated."), *dict.fromkeys((Clause.REQUIRES,) + sum(
                      (run.clauses(g) for g in groups), ())))
    if future and not undecided:
        run.doubt(_(
            "Effect %(numbers)s refers to a future target, and the effects that require a "
            "target have no valid target: whether the ability can be initiated is open; both "
            "readings are shown."), _(
            "Ziel ¶3 lets an ability that requires 1 or more targets be initiated only if it has "
            "at least 1 valid target; Ziel ¶6 says an ability that refers to a future target needs "
            "no target to be initiated. Neither says which applies to an ability that does both."),
            Clause.REQUIRES, Clause.FUTURE, about=FUTURE_TARGET, numbers=future)
    return False


#: Selector -> the step saying its valid targets meet the target requirement of Ziel ¶3 (a
#: necessary condition only, as :data:`TARGETS_MET` says; a "choose N" with N > 1 has its own,
#: :data:`CHOOSE_SHORT` where it is short of targets).
_INITIABLE = {
    Selector.EACH: _("Effect %(number)s targets each of several game elements and %(count)s of "
                     "them are valid: the target requirement of Ziel ¶3 is met."),
    Selector.YOU: _("Effect %(number)s has a valid target: the target requirement of Ziel ¶3 is "
                    "met."),
    Selector.CHOOSE: _("Effect %(number)s says 'wähle' and has %(count)s valid targets to choose "
                       "from: the target requirement of Ziel ¶3 is met."),
    Selector.ONE: _("Effect %(number)s has %(count)s valid targets, one of which becomes its "
                    "target: the target requirement of Ziel ¶3 is met."),
    "choose N": _("Effect %(number)s says 'choose %(wanted)s' (wähle) and has %(count)s valid "
                  "targets, enough to choose %(wanted)s: the target requirement of Ziel ¶3 is "
                  "met.")}
#: The same with one valid target (judge round 17: "1 valid targets").
_INITIABLE_ONE = {
    Selector.EACH: _("Effect %(number)s targets each game element it names, and one of them "
                     "is valid: the target requirement of Ziel ¶3 is met."),
    Selector.CHOOSE: _("Effect %(number)s says 'wähle' and has one valid target to choose: the "
                       "target requirement of Ziel ¶3 is met."),
    Selector.ONE: _("Effect %(number)s has one valid target, which becomes its target: the "
                    "target requirement of Ziel ¶3 is met.")}


def _initiable(run: _Run, group: _Group) -> None:
    """Say that ``group``'s valid targets meet the target requirement (Ziel ¶3), or
    :data:`CHOOSE_SHORT`."""
    head, count = group.head, len(run.valid[group.head.number])
    params = {"number": head.number} | ({} if head.selector is Selector.YOU else {"count": count})
    params |= {"wanted": head.count} if head.count > 1 else {}
    cites = (Clause.EACH,) if head.selector is Selector.EACH else run.clauses(group)
    if head.count > count:
        run.trace.not_covered(msg(CHOOSE_SHORT.what.id, **params),
                              *dict.fromkeys((*cites, *CHOOSE_SHORT.clauses)))
    else:
        one = _INITIABLE_ONE.get(head.selector) if count == 1 and head.count == 1 else None
        run.say(one or _INITIABLE["choose N" if head.count > 1 else head.selector], *cites,
                **params)


@rule(Clause.REQUIRES, Clause.BASIC, Clause.CHOOSE, Clause.DRAW, Clause.EACH, Clause.FUTURE,
      reads=("effects.selector", "effects.count"), opens=(FUTURE_TARGET,))
def initiation(run: _Run, groups: tuple[_Group, ...], undecided: set[int]) -> bool | Message:
    """Ziel ¶3 (¶3.1-¶3.3), ¶5, ¶6: whether the ability can be initiated.

    :data:`NOT_COVERED_VALUE` for "choose N" short of targets, and where no effect has a valid
    target and some name elements the texts do not say they can affect (``undecided``).
    """
    if run.table.text_alone:  # which the texts do not cover
        return NOT_COVERED_VALUE
    if not groups:
        run.say(_("The ability names no target in play and can be initiated without one."),
                Clause.FUTURE)
        return True
    without = [g for g in groups if not run.valid[g.head.number] and g.head.number not in undecided]
    refused = _refused(run, groups, without, undecided)
    if refused is not None:
        return refused
    short = run.short(groups)
    for group in (g for g in groups if run.valid[g.head.number]):
        _initiable(run, group)
    for group in without:
        run.doubt(_("Effect %(number)s has no valid target: if the ability is initiated, it is not "
                    "resolved.") if short else
                  _("Effect %(number)s has no valid target and is not resolved; the ability can "
                    "still be initiated."), _(
                      "The texts require at least 1 valid target for the ability; the engine "
                      "reads this as the ability as a whole, since any part of it may affect a "
                      "target."), Clause.REQUIRES, Clause.VALID, *run.clauses(group),
                  number=group.head.number)
    return NOT_COVERED_VALUE if short else True


def _conditional(run: _Run, can: bool | Message, decided: int, uncovered: bool) -> bool | Message:
    """The verdict given the uncovered facts; if open, the steps after ``decided`` are hedged."""
    acting = run.table.acting  # None for a card ability
    if uncovered or can is True and acting is not None and acting.statuses:
        can = NOT_COVERED_VALUE
    if can is NOT_COVERED_VALUE:
        steps = run.trace.steps
        steps[decided:] = [replace(s, message=msg(_("As far as its targets decide: %(step)s"),
                                                  step=s.message))
                           if s.outcome is Outcome.APPLIED else s for s in steps[decided:]]
        steps[:] = [replace(s, message=msg(_("If the ability is initiated: %(step)s"),
                                           step=s.message))
                    if s.message.id in (_NOT_RESOLVED, _NOT_EARLIER, _STAYS) else s for s in steps]
    return can


def _named(name: str, found: tuple[Element, ...], label: Message, open_: bool = False) -> Value:
    """Identifiers for programs, names for readers; :data:`NOT_COVERED_VALUE` if ``open_``."""
    return Value(name, NOT_COVERED_VALUE, label) if open_ else Value(
        name, tuple(e.ident for e in found), label, tuple(e.name for e in found))


_UNCOVERED_VALID = _("Effect %(number)s: valid targets as far as the published texts decide "
                     "(not covered: the own text of %(elements)s may change it)")


def _values(run: _Run, can: bool | Message, short: set[int]) -> list[Value]:
    """Initiation, and per effect its candidates, valid targets and what it resolves against."""
    conditional = can is NOT_COVERED_VALUE
    required = NOT_COVERED_VALUE if run.table.text_alone else any(
        e.selector is not Selector.FUTURE for e in run.table.effects)
    values = [Value("can_initiate", can,
                    TARGETS_MET if can is True else msg(_("Can be initiated"))),
              Value("target_required", required, msg(_("Requires a target")))]
    for effect in run.table.effects:
        n = effect.number
        valid = (_("Effect %(number)s ('the [target]'): valid targets of the earlier effect it "
                   "refers to") if effect.selector is Selector.THE else
                 _("Effect %(number)s: valid targets"))  # ¶4.10: the earlier effect's target
        # an element with text of its own (not covered): its validity is not stated as fact
        own_text = tuple(el.name for el in run.valid[n] if el.other_text)
        label = msg(_UNCOVERED_VALID, number=n, elements=own_text) if own_text else msg(
            valid, number=n)
        values += [_named(f"effect_{n}_candidates", run.candidates[n],
                          msg(_("Effect %(number)s: game elements considered"), number=n)),
                   _named(f"effect_{n}_valid_targets", run.valid[n], label, n in run.open_valid)]
        label = msg(_("Effect %(number)s: if the ability is initiated, resolves against (for 'a' "
                      "and 'choose': the chosen ones of these)") if conditional else
                    _("Effect %(number)s: resolves against (for 'a' and 'choose': the chosen ones "
                      "of these)"), number=n)
        open_ = run.unknown[n] and (conditional or can is True) or conditional and n in short
        values.append(_named(f"effect_{n}_resolves_against", run.resolves[n], label, open_))
    return values


@rule(Clause.EACH, Clause.EACH_INVALID, Clause.VALID, Clause.EFFECTS,
      reads=("elements.threat", "effects.amount"), opens=(THREAT_BELOW_ZERO,))
def threat_after(run: _Run) -> list[Value]:
    """Ziel ¶5, ¶5.1: threat on each scheme after the "each" threat effects (crisis example);
    whether removing more than a scheme has leaves less than 0 is open (``threat-below-zero``)."""
    threat = {e.ident: e.threat for e in run.table.elements if e.kind in _SCHEMES}
    considered: dict[str, Element] = {}
    for effect in (e for e in run.table.effects if e.verb in (Verb.ADD_THREAT, Verb.REMOVE_THREAT)
                   and run.deterministic.get(e.number)):
        amount = effect.amount or 0
        for el in (e for e in run.candidates[effect.number] if e.kind in _SCHEMES):
            before = threat[considered.setdefault(el.ident, el).ident]
            if el not in run.resolves[effect.number]:
                run.say(_("Threat on %(target)s stays %(threat)s."), Clause.EACH_INVALID,
                        target=el.name, threat=before)
                continue
            least = 0  # the first reading of THREAT_BELOW_ZERO: no less than 0
            if effect.verb is Verb.REMOVE_THREAT and before < amount and not run.doubt(
                    _("%(target)s has only %(before)s threat; %(amount)s is to be removed."),
                    THREAT_BELOW_ZERO, Clause.VALID, Clause.EFFECTS, target=el.name,
                    before=before, amount=amount):
                least = before - amount
            after = threat[el.ident] = before + amount if effect.verb is Verb.ADD_THREAT \
                else max(least, before - amount)
            run.say(_("Threat on %(target)s: %(before)s becomes %(after)s."), Clause.EACH,
                    Clause.EACH_INVALID, target=el.name, before=before, after=after)
    return [Value(f"threat_after_{ident.replace(' ', '_')}", threat[ident],
                  msg(_("Threat on %(target)s afterwards"), target=el.name))
            for ident, el in considered.items()]


def _evaluated(table: Table, readings: Mapping[str, str]) -> _Run:
    """Run the rules over ``table`` under ``readings``; the run holds the steps and values."""
    run = _Run(table, readings)
    uncovered = _report_uncovered(run)
    cost_not_considered(run)
    if table.kind.is_basic:
        basic_power(run)
    groups = _groups(table.effects)
    heads = {g.head.number: g for g in groups}
    for effect in table.effects:
        if effect.selector is Selector.FUTURE:
            future_target(run, effect)
        elif effect.selector is Selector.THE:
            the_target(run, effect, heads[effect.refers])
        elif effect.selector is not Selector.JOINT:
            valid_targets(run, heads[effect.number])
    judged_at_initiation(run)
    decided = len(run.trace.steps)
    undecided = {g.head.number for g in groups if not run.valid[g.head.number]
                 and any(run.unknown[m.number] for m in g.members)}
    can = initiation(run, groups, undecided)
    if can is False:
        run.resolves = {number: () for number in run.resolves}
    can = _conditional(run, can, decided, uncovered)
    values = _values(run, can, run.short(groups))
    run.values = tuple(values + (threat_after(run) if can is True else []))
    return run


def rule_under(table: Table, readings: Mapping[str, str] | None = None) -> Ruling:
    """The ruling on ``table`` under ``readings`` (open point slug -> reading slug; else the
    first), without readings.

    >>> table = parse(TARGET_VALIDITY.validate({"kind": "card_ability", "effects": [
    ...     {"verb": "draw", "amount": 1, "selector": "you"},
    ...     {"verb": "future", "selector": "future"}], "players": [{"deck": 0}]}))
    >>> [rule_under(table, {FUTURE_TARGET.slug: r.slug}).value("can_initiate")
    ...  for r in FUTURE_TARGET.readings]
    [False, True]
    """
    run = _evaluated(table, readings or {})
    return Ruling(SLUG, run.values, tuple(run.trace.steps), scope=_scope(run.values))


def _scope(values: tuple[Value, ...]) -> Message | None:
    """:data:`TARGETS_MET_SCOPE` where the ability's targets allow initiation (``can_initiate``
    is the first value, :func:`_values`)."""
    return TARGETS_MET_SCOPE if values[0].value is True else None


def _ruling(table: Table, slug: str) -> Ruling:
    """The ruling under the first readings, with the readings of each point a rule consulted,
    and of the points read together where they give values none shows alone."""
    first = _evaluated(table, {})
    readings: tuple = ()
    met: set[str] = set()  # the slugs of the points met under any of these readings
    known = {step.message for step in first.trace.steps}
    uncovered: list[Step] = []  # inputs outside the texts under another reading
    for point in first.consulted.values():
        items, runs = [point.readings[0]], [first]
        for reading in point.readings[1:]:
            for item, run in _then(table, first, {point.slug: reading.slug}, reading):
                if item is reading or valued(run.values) not in (valued(r.values) for r in runs):
                    items.append(item)
                    runs.append(run)
                uncovered += not_covered_under(item.label, run.trace.steps, known)
        met.update(*(run.consulted for run in runs))
        found = [{v.name: v.value for v in run.values} for run in runs]
        shown = {name for name in set().union(*found) if name == "can_initiate"
                 or name.endswith("_resolves_against")
                 or any(f.get(name, ...) != found[0].get(name, ...) for f in found)}
        by_slug = {r.slug: tuple(v for v in run.values if v.name in shown)
                   for r, run in zip(items, runs)}
        readings += replace(point, readings=tuple(items)).readings_for(by_slug.__getitem__)
    if len(met) > 1:  # two points, or one met only under another's reading
        readings += _together(table, first, readings, known, uncovered)
    return Ruling(slug, first.values, (*first.trace.steps, *uncovered), (), readings,
                  _scope(first.values))


def _then(table: Table, first: _Run, chosen: dict[str, str], reading: ReadingOf
          ) -> list[tuple[ReadingOf, _Run]]:
    """The run under ``chosen`` (its last choice ``reading``), and where a point is first met
    there (not under the first readings), the run under each of its readings, each labelled
    "…, and then (question): …" (:func:`engine.core.and_then`); the same run once where they
    all give the same values."""
    run = _evaluated(table, chosen)
    new = next((p for p in run.consulted.values()
                if p.slug not in chosen and p.slug not in first.consulted), None)
    if new is None or len(chosen) > TOGETHER_DEPTH:
        return [(reading, run)]
    found = [(later, again) for item in new.readings for later, again in _then(
        table, first, {**chosen, new.slug: item.slug}, and_then(reading, (new, item)))]
    return [(reading, run)] if len({valued(r.values) for _i, r in found}) == 1 else found


def _together(table: Table, first: _Run, readings: tuple, known: set[Message],
              uncovered: list[Step]) -> tuple:
    """The readings of the points read together (:func:`readings_together`); to
    ``uncovered``, an input outside the texts under one of them (:func:`not_covered_under`)."""
    combinations = _combinations(table, {}, ())
    together = readings_together(first.values, readings, combinations)
    for path, values in combinations if together else ():
        if any(value.value == NOT_COVERED_VALUE for value in values):
            uncovered += not_covered_under(combined_reading(path).label, _evaluated(
                table, {p.slug: r.slug for p, r in path}).trace.steps, known)
    return together


#: At most this many open points are read together (2**6 evaluations).
TOGETHER_DEPTH = 6


def _combinations(table: Table, chosen: dict[str, str], path: tuple
                  ) -> list[tuple[tuple, tuple[Value, ...]]]:
    """Each choice of a reading per open point the rules consult under the choices made so
    far (``chosen``, ``path``), with its values, the first readings' first; ``[]`` past
    :data:`TOGETHER_DEPTH` points (none read together)."""
    run = _evaluated(table, chosen)
    point = next((p for p in run.consulted.values() if p.slug not in chosen), None)
    if point is None:
        return [(path, run.values)]
    if len(path) >= TOGETHER_DEPTH:
        return []
    return every_reading(point, lambda item: _combinations(
        table, {**chosen, point.slug: item.slug}, (*path, (point, item))))


RULES = (cost_not_considered, basic_power, fixes_on, label_restriction, deal_damage,
         change_state, remove_threat, draw, defend, valid_targets,
         the_target, future_target, judged_at_initiation, initiation, threat_after)


# Scenarios: the situation, and the same rules over part of its table -----------------------------

SLUG, SITUATION_SLUG = "target-validity", "situation"


def evaluate(table: Table) -> Ruling:
    """Rule on the target validity of an ability (entry "Ziel").

    :param table: what :func:`parse` made of the inputs.
    :returns: values ``can_initiate``, ``target_required``, per effect *N*
        ``effect_N_candidates``, ``effect_N_valid_targets`` and ``effect_N_resolves_against``
        (element identifiers), and ``threat_after_<scheme>`` (threat counters) for schemes
        that deterministic ("each") threat effects consider.  Where the texts do not decide
        the initiation (:data:`NOT_COVERED_VALUE`), nothing after it is stated as fact;
        ``can_initiate`` true means only that the target requirement of Ziel ¶3 is met
        (:data:`TARGETS_MET`, and the ruling's ``scope``).
    """
    return _ruling(table, SLUG)


def evaluate_situation(table: Table) -> Ruling:
    """The ruling of :func:`evaluate` on a table that may hold :data:`FOR_EACH` and
    :data:`OTHER_TEXT`."""
    return _ruling(table, SITUATION_SLUG)


def _example(slug: str, title: str, source: Clause, expected: dict, *effects: dict,
             **board: Any) -> Example:
    inputs = {"kind": "card_ability", "effects": list(effects)} if effects else {}
    return Example(slug, msg(title), inputs | board, expected, source.cite())


def _do(verb: str, selector: str, target_type: str | None = None, **more: Any) -> dict:
    return {"verb": verb, "selector": selector, **more} | (
        {"target_type": target_type} if target_type else {})


_HERO = {"kind": "hero", "atk": 2, "thw": 2, "def": 2, "damage": 0}
_REMOVE_EACH = _do("remove_threat", "each", "scheme", amount=1)
#: The worked examples of the entry, with the values the text states.
EXAMPLES: tuple[Example, ...] = (
    _example("no-minion-in-play", _("'Füge einem Schergen 5 Schaden zu' with no minion in play"),
             Clause.REQUIRES, {"can_initiate": False, "effect_1_valid_targets": ()},
             _do("deal_damage", "one", "minion", amount=5),
             villain=[{"damage": 0}], main_scheme=[{"threat": 3}]),
    _example("hero-with-0-thw", _("A hero with 0 WID uses the Basiskraft Widerstand against a "
                                  "scheme with threat on it"),
             Clause.ZERO, {"can_initiate": True, "effect_1_valid_targets": ("main scheme",)},
             kind="basic_thwart", actor=1, characters=[{**_HERO, "thw": 0}],
             main_scheme=[{"threat": 4}]),
    _example("cannot-be-readied", _("A character with the attachment 'cannot be readied' and a "
                                    "card ability that readies a character"),
             Clause.FORBIDDEN, {"can_initiate": False, "effect_1_valid_targets": ()},
             _do("ready", "one", "character"),
             characters=[{**_HERO, "exhausted": True, "conditions": ["cannot_be_readied"]}]),
    _example("damage-then-stun-the-enemy", _("'Füge einem Gegner 5 Schaden zu. Betäube den "
                                             "Gegner.' when one minion cannot take damage"),
             Clause.THE_TARGET, {"can_initiate": True, "effect_1_valid_targets": ("minion 2",),
                                 "effect_2_resolves_against": ("minion 2",)},
             _do("deal_damage", "one", "enemy", amount=5),
             _do("give_status", "the", status="stunned"),
             minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}, {"damage": 0}]),
    _example("crisis-each-scheme", _("'Entferne 1 Bedrohung von jedem Plan' with a crisis icon "
                                     "in play"),
             Clause.EACH_INVALID, {"can_initiate": True,
                                   "effect_1_resolves_against": ("side scheme 1",),
                                   "threat_after_main_scheme": 3, "threat_after_side_scheme_1": 1},
             _REMOVE_EACH, main_scheme=[{"threat": 3}],
             side_schemes=[{"threat": 2, "crisis": True}]),
    _example("next-card-you-play", _("'The next card you play costs 1 less' with nothing in play"),
             Clause.FUTURE, {"can_initiate": True, "target_required": False},
             _do("future", "future", amount=1)),
)
#: The judge cases the situation answers besides the worked examples.
SITUATION_EXAMPLES: tuple[Example, ...] = (
    _example("mc-2-crisis-each-scheme", _("'Entferne 1 Bedrohung von jedem Plan' with a crisis "
                                          "icon: main scheme 3, side scheme 2"),
             Clause.EACH_INVALID, {"can_initiate": True, "threat_after_main_scheme": 3,
                                   "threat_after_side_scheme_1": 1},
             _REMOVE_EACH, crisis_icon=True, main_scheme=[{"threat": 3}],
             side_schemes=[{"threat": 2}]),
    _example("mc-3-only-main-scheme", _("As MC-2, but only the main scheme is in play"),
             Clause.EACH, {"can_initiate": False}, _REMOVE_EACH, crisis_icon=True,
             main_scheme=[{"threat": 3}]),
    _example("mc-6-cannot-take-damage", _("'Deal 3 damage to an enemy'; the only enemy cannot "
                                          "take damage"),
             Clause.NO_DAMAGE, {"can_initiate": False},
             _do("deal_damage", "one", "enemy", amount=3),
             villain=[{"conditions": ["cannot_take_damage"]}]),
    _example("mc-8-draw", _("'Draw 1 card' with 1 card left in the deck"), Clause.DRAW,
             {"can_initiate": True}, _do("draw", "you", amount=1), players=[{"deck": 1}]),
)

TARGET_VALIDITY = Scenario(
    slug=SLUG, game=GAME, title=msg(_("Target validity of an ability (Ziel)")),
    summary=msg(_("Whether an ability or basic power can be initiated, which game elements are "
                  "valid targets of each effect, and what each effect resolves against.")),
    fields=FIELDS, evaluator=evaluate, citations=CITATIONS, examples=EXAMPLES, parse=parse)
SITUATION = replace(
    TARGET_VALIDITY, slug=SITUATION_SLUG,
    title=msg(_("The board: an ability, its effects and every game element")),
    summary=msg(_("Whether an ability can be initiated, the valid targets of each effect and what "
                  "it resolves against, and which inputs the published texts do not cover.")),
    fields=SITUATION_FIELDS, evaluator=evaluate_situation,
    examples=EXAMPLES + SITUATION_EXAMPLES, grammar="engine.cardtext.marvel")
RULESET = Ruleset(game=GAME, title=msg(_("Marvel Champions")), documents=(DOCUMENT,),
                  scenarios=(TARGET_VALIDITY, SITUATION), rules=RULES, uncovered=UNCOVERED,
                  terms=TERMS)

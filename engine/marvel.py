"""Marvel Champions: target validity of an ability (Referenzhandbuch, entry "Ziel").

One scenario, ``target-validity``: a judge describes an ability (a card
ability with up to three effects, or a basic power of a hero or ally) and
the game state (villain, minions, main scheme, side schemes, crisis icon,
heroes and allies, other cards in play, players' decks).  The ruling says
whether the ability can be initiated, which game elements are valid targets
of each effect, what each effect resolves against, and the threat left on
the schemes after deterministic ("each", German "jeder") threat effects.

Every decision cites the clause of the entry "Ziel" it rests on; the keys
are the entry's block/bullet paths (``ziel.p3``, ``ziel.p4.5``, ...).

>>> ruling = TARGET_VALIDITY.evaluate({
...     "kind": "card_ability",
...     "effects": [{"verb": "deal_damage", "amount": 5, "selector": "one",
...                  "target_type": "minion"}],
... })
>>> ruling.value("can_initiate")
False
>>> [c.key for c in ruling.citations()]
['ziel.p1', 'ziel.p2', 'ziel.p3']

Identifiers of game elements (``"minion 1"``, ``"main scheme"``,
``"side scheme 2"``, ``"hero 1"``, ``"ally 3"``, ``"card 1"``,
``"player 1"``) number the items of each input list from 1 in the order
given; heroes and allies share one list, so ``"ally 3"`` is its third item.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from engine.core import (
    Choice, Citation, DocumentRef, Example, Field, FieldKind, InputError,
    Labelled, Message, Outcome, Reading, Ruleset, Ruling, Scenario, Step, Value, _, assumed,
    card_text_may_override, msg, not_covered,
)

GAME = "marvel-champions"
DOCUMENT = DocumentRef(GAME, "referenzhandbuch")


def _cite(key: str) -> Citation:
    return DOCUMENT.cite("ziel." + key)


P1, P2, P3 = _cite("p1"), _cite("p2"), _cite("p3")
P3_1, P3_2, P3_3 = _cite("p3.1"), _cite("p3.2"), _cite("p3.3")
P4 = _cite("p4")
P4_1, P4_2, P4_3, P4_4, P4_5 = (_cite(f"p4.{i}") for i in range(1, 6))
P4_6, P4_7, P4_8, P4_9, P4_10 = (_cite(f"p4.{i}") for i in range(6, 11))
P5, P5_1, P6 = _cite("p5"), _cite("p5.1"), _cite("p6")

#: Every clause the scenario can cite (``ziel.p7``, "Siehe auch", is never cited).
CITATIONS: tuple[Citation, ...] = (
    P1, P2, P3, P3_1, P3_2, P3_3, P4, P4_1, P4_2, P4_3, P4_4, P4_5, P4_6,
    P4_7, P4_8, P4_9, P4_10, P5, P5_1, P6,
)


# --------------------------------------------------------------------------
# Domain vocabulary
# --------------------------------------------------------------------------

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
    """What an effect does to its target (ziel.p4.1 lists such effects)."""

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
    #: Internal: the basic power Verteidigung; not offered as a card effect.
    DEFEND = ("defend", _("defend (Verteidigung)"))


class Selector(Labelled):
    """How an effect names its target.

    ``ONE``: "a"/"an" ("einem Schergen"); ``EACH``: "jeder"; ``CHOOSE``:
    "wähle"; ``THE``: "das [Ziel]" of an earlier effect; ``JOINT``: same
    instruction, same target ("... und mache ihn spielbereit"); ``YOU``:
    "du", the player using the ability; ``FUTURE``: "die nächste Karte, die
    du spielst".
    """

    ONE = ("one", _("a/an (one target)"))
    EACH = ("each", _("each (jeder)"))
    CHOOSE = ("choose", _("choose (wähle)"))
    THE = ("the", _("the [target] of the previous effect (das [Ziel])"))
    JOINT = ("joint", _("and the same target, in the same instruction"))
    YOU = ("you", _("you (du): player 1"))
    FUTURE = ("future", _("a future target (needs no target)"))


class ElementKind(enum.Enum):
    """A kind of game element (Spielelement) the engine knows."""

    VILLAIN = "villain"
    MINION = "minion"
    MAIN_SCHEME = "main_scheme"
    SIDE_SCHEME = "side_scheme"
    HERO = "hero"
    ALLY = "ally"
    OTHER_CARD = "card"
    PLAYER = "player"


_K = ElementKind


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
    CHARACTER = ("character", _("character (Charakter): hero or ally"))
    PLAYER = ("player", _("player (Spieler)"))
    CARD = ("card", _("card (Karte) in play"))


_TYPE_KINDS: dict[TargetType, frozenset[ElementKind]] = {
    TargetType.VILLAIN: frozenset({_K.VILLAIN}),
    TargetType.MINION: frozenset({_K.MINION}),
    TargetType.ENEMY: frozenset({_K.VILLAIN, _K.MINION}),
    TargetType.SCHEME: frozenset({_K.MAIN_SCHEME, _K.SIDE_SCHEME}),
    TargetType.MAIN_SCHEME: frozenset({_K.MAIN_SCHEME}),
    TargetType.SIDE_SCHEME: frozenset({_K.SIDE_SCHEME}),
    TargetType.HERO: frozenset({_K.HERO}),
    TargetType.ALLY: frozenset({_K.ALLY}),
    TargetType.CHARACTER: frozenset({_K.HERO, _K.ALLY}),
    TargetType.PLAYER: frozenset({_K.PLAYER}),
    TargetType.CARD: frozenset(set(_K) - {_K.PLAYER}),
}

#: The noun naming each kind of game element, for messages.
_KIND_TYPES: dict[ElementKind, TargetType] = {
    _K.VILLAIN: TargetType.VILLAIN, _K.MINION: TargetType.MINION,
    _K.MAIN_SCHEME: TargetType.MAIN_SCHEME, _K.SIDE_SCHEME: TargetType.SIDE_SCHEME,
    _K.HERO: TargetType.HERO, _K.ALLY: TargetType.ALLY, _K.OTHER_CARD: TargetType.CARD,
    _K.PLAYER: TargetType.PLAYER,
}

_CHARACTERS = frozenset({_K.VILLAIN, _K.MINION, _K.HERO, _K.ALLY})
_SCHEMES = frozenset({_K.MAIN_SCHEME, _K.SIDE_SCHEME})

#: The kinds of element each verb is known to apply to.  The entry "Ziel" lists
#: the effects (ziel.p4.1) but not the game elements each applies to: an element
#: of another kind that an effect names is ruled "not covered", not refused.
_VERB_KINDS: dict[Verb, frozenset[ElementKind]] = {
    Verb.DEAL_DAMAGE: _CHARACTERS,
    Verb.HEAL: _CHARACTERS,
    Verb.ADD_THREAT: _SCHEMES,
    Verb.REMOVE_THREAT: _SCHEMES,
    Verb.GIVE_STATUS: _CHARACTERS,
    Verb.REMOVE_STATUS: _CHARACTERS,
    Verb.EXHAUST: frozenset({_K.HERO, _K.ALLY, _K.OTHER_CARD}),
    Verb.READY: frozenset({_K.HERO, _K.ALLY, _K.OTHER_CARD}),
    Verb.DEFEAT: _CHARACTERS | {_K.SIDE_SCHEME},
    Verb.DISCARD: frozenset({_K.MINION, _K.SIDE_SCHEME, _K.ALLY, _K.OTHER_CARD}),
    Verb.DRAW: frozenset({_K.PLAYER}),
    Verb.FUTURE: frozenset(),
    Verb.DEFEND: frozenset({_K.VILLAIN, _K.MINION}),
}

_AMOUNT_VERBS = frozenset({Verb.DEAL_DAMAGE, Verb.HEAL, Verb.ADD_THREAT,
                           Verb.REMOVE_THREAT, Verb.DRAW})
_STATUS_VERBS = frozenset({Verb.GIVE_STATUS, Verb.REMOVE_STATUS})


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

#: Verb -> the condition that forbids it (ziel.p4.5); damage is ziel.p4.7.
_FORBIDDING: dict[Verb, Condition] = {
    Verb.HEAL: _C.CANNOT_BE_HEALED,
    Verb.ADD_THREAT: _C.THREAT_CANNOT_BE_PLACED,
    Verb.REMOVE_THREAT: _C.THREAT_CANNOT_BE_REMOVED,
    Verb.EXHAUST: _C.CANNOT_BE_EXHAUSTED,
    Verb.READY: _C.CANNOT_BE_READIED,
    Verb.DEFEAT: _C.CANNOT_BE_DEFEATED,
    Verb.DISCARD: _C.CANNOT_BE_DISCARDED,
}
_STATUS_FORBIDDING = {
    Status.STUNNED: _C.CANNOT_BE_STUNNED,
    Status.CONFUSED: _C.CANNOT_BE_CONFUSED,
    Status.TOUGH: _C.CANNOT_GET_TOUGH,
}


# --------------------------------------------------------------------------
# Labels for messages
# --------------------------------------------------------------------------

_KIND_NAMES = {
    _K.VILLAIN: _("villain"),
    _K.MINION: _("minion %(number)s"),
    _K.MAIN_SCHEME: _("main scheme"),
    _K.SIDE_SCHEME: _("side scheme %(number)s"),
    _K.HERO: _("hero %(number)s"),
    _K.ALLY: _("ally %(number)s"),
    _K.OTHER_CARD: _("card %(number)s"),
    _K.PLAYER: _("player %(number)s"),
}
_ID_PREFIX = {
    _K.VILLAIN: "villain", _K.MINION: "minion", _K.MAIN_SCHEME: "main scheme",
    _K.SIDE_SCHEME: "side scheme", _K.HERO: "hero", _K.ALLY: "ally",
    _K.OTHER_CARD: "card", _K.PLAYER: "player",
}


def _conditions_field(*conditions: Condition) -> Field:
    return Field(
        "conditions", msg(_("Restrictions from other abilities")),
        FieldKind.MULTIPLE_CHOICE, required=False,
        choices=Condition.choices(conditions),
        help=msg(_("What other abilities say about this game element.")))


_CHARACTER_CONDITIONS = (
    _C.CANNOT_TAKE_DAMAGE, _C.DAMAGE_PREVENTED, _C.CANNOT_BE_HEALED,
    _C.CANNOT_BE_ATTACKED, _C.CANNOT_BE_STUNNED, _C.CANNOT_BE_CONFUSED,
    _C.CANNOT_GET_TOUGH, _C.CANNOT_BE_DEFEATED)
_SCHEME_CONDITIONS = (
    _C.CANNOT_BE_THWARTED, _C.THREAT_CANNOT_BE_REMOVED, _C.THREAT_CANNOT_BE_PLACED)


def _int(name: str, label: str, maximum: int = 99, minimum: int = 0,
         required: bool = True, help: str | None = None) -> Field:
    return Field(name, msg(label), FieldKind.INTEGER, required=required,
                 minimum=minimum, maximum=maximum,
                 help=msg(help) if help else None, default=None if not required else 0)


def _bool(name: str, label: str, help: str | None = None) -> Field:
    return Field(name, msg(label), FieldKind.BOOLEAN, required=False,
                 help=msg(help) if help else None)


def _statuses_field() -> Field:
    return Field("statuses", msg(_("Status cards it has")), FieldKind.MULTIPLE_CHOICE,
                 required=False, choices=Status.choices())


_EFFECT_FIELDS = (
    Field("verb", msg(_("Effect")), FieldKind.CHOICE,
          choices=Verb.choices(exclude=(Verb.DEFEND,))),
    _int("amount", _("Amount N"), required=False,
         help=_("For damage, healing, threat and drawing; leave empty otherwise.")),
    Field("status", msg(_("Status card")), FieldKind.CHOICE, required=False,
          choices=Status.choices(),
          help=msg(_("Only for giving or removing a status card."))),
    Field("selector", msg(_("How the effect names its target")), FieldKind.CHOICE,
          choices=Selector.choices()),
    Field("target_type", msg(_("Target")), FieldKind.CHOICE, required=False,
          choices=TargetType.choices(),
          help=msg(_("Leave empty for 'the [target]', 'and the same target', "
                     "'you' and future effects.")),
          required_when=msg(_("for 'a/an', 'each' and 'choose'"))),
    Field("count", msg(_("N of 'choose N' (how many targets to choose)")), FieldKind.INTEGER,
          minimum=1, maximum=8, default=1,
          help=msg(_("Only for 'choose': e.g. 2 for \"choose 2 minions\"; 1 otherwise."))),
)

FIELDS: tuple[Field, ...] = (
    Field("kind", msg(_("What is initiated")), FieldKind.CHOICE,
          choices=AbilityKind.choices()),
    Field("labels", msg(_("Labels of the card ability")), FieldKind.MULTIPLE_CHOICE,
          required=False, choices=Label.choices()),
    _int("cost", _("Cost of the ability (resources)"), required=False,
         help=_("Optional; shown to confirm that costs are not considered.")),
    _int("actor", _("Acting character (number in the list of heroes and allies)"),
         minimum=1, maximum=8, required=False,
         help=_("Only for basic powers.")),
    Field("effects", msg(_("Effects of the card ability, in order")), FieldKind.GROUP,
          fields=_EFFECT_FIELDS, min_items=0, max_items=3,
          help=msg(_("1 to 3 effects for a card ability; none for a basic power."))),
    Field("villain", msg(_("Villain in play")), FieldKind.GROUP, min_items=0, max_items=1,
          fields=(
              _int("damage", _("Damage on it")),
              _statuses_field(),
              _conditions_field(*_CHARACTER_CONDITIONS),
              _bool("attacking", _("It is attacking (a defense can be declared)")),
          )),
    Field("minions", msg(_("Minions in play")), FieldKind.GROUP, min_items=0, max_items=8,
          fields=(
              _int("damage", _("Damage on it")),
              _statuses_field(),
              _conditions_field(*_CHARACTER_CONDITIONS, _C.CANNOT_BE_DISCARDED),
              _bool("attacking", _("It is attacking (a defense can be declared)")),
          )),
    Field("main_scheme", msg(_("Main scheme in play")), FieldKind.GROUP,
          min_items=0, max_items=1, fields=(
              _int("threat", _("Threat on it")),
              _conditions_field(*_SCHEME_CONDITIONS),
          )),
    Field("side_schemes", msg(_("Side schemes in play")), FieldKind.GROUP,
          min_items=0, max_items=6, fields=(
              _int("threat", _("Threat on it")),
              _bool("crisis", _("It has a crisis icon")),
              _conditions_field(*_SCHEME_CONDITIONS, _C.CANNOT_BE_DEFEATED,
                                _C.CANNOT_BE_DISCARDED),
          )),
    _bool("crisis_icon", _("A crisis icon is in play elsewhere"),
          help=_("A crisis icon on a card not listed as a side scheme.")),
    Field("characters", msg(_("Heroes and allies in play")), FieldKind.GROUP,
          min_items=0, max_items=8, fields=(
              Field("kind", msg(_("Hero or ally")), FieldKind.CHOICE, choices=(
                  Choice("hero", msg(_("hero (Held)"))),
                  Choice("ally", msg(_("ally (Verbündeter)"))))),
              _int("atk", _("ANG (attack)")),
              _int("thw", _("WID (thwart)")),
              _int("def", _("VER (defense)")),
              _int("damage", _("Damage on it")),
              _bool("exhausted", _("Exhausted")),
              _statuses_field(),
              _conditions_field(*_CHARACTER_CONDITIONS, _C.CANNOT_BE_EXHAUSTED,
                                _C.CANNOT_BE_READIED, _C.CANNOT_BE_DISCARDED),
          )),
    Field("other_cards", msg(_("Other cards in play (upgrades, supports, attachments)")),
          FieldKind.GROUP, min_items=0, max_items=6, fields=(
              _bool("exhausted", _("Exhausted")),
              _conditions_field(_C.CANNOT_BE_EXHAUSTED, _C.CANNOT_BE_READIED,
                                _C.CANNOT_BE_DISCARDED),
          )),
    Field("players", msg(_("Players (player 1 uses the ability)")), FieldKind.GROUP,
          min_items=0, max_items=4, fields=(
              _int("deck", _("Cards in deck"), maximum=200),
          )),
)


# --------------------------------------------------------------------------
# Internal model
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Effect:
    number: int                 # 1-based
    verb: Verb
    amount: int | None
    status: Status | None
    selector: Selector
    target_type: TargetType | None
    count: int = 1              # N of "choose N" (1 for every other selector)


@dataclass(frozen=True)
class _Element:
    ident: str
    kind: ElementKind
    name: Message
    threat: int = 0
    damage: int = 0
    statuses: frozenset[Status] = frozenset()
    conditions: frozenset[Condition] = frozenset()
    exhausted: bool = False
    attacking: bool = False
    deck: int = 0
    crisis: bool = False


@dataclass(frozen=True)
class _Ability:
    kind: AbilityKind
    labels: frozenset[Label]
    effects: tuple[_Effect, ...]
    actor: _Element | None
    actor_stat: int | None      # ANG/WID/VER of the acting character


@dataclass(frozen=True)
class _Group:
    """An effect that names a target plus the later effects sharing it."""

    head: _Effect
    members: tuple[_Effect, ...]     # head first, then JOINT effects
    target_type: TargetType | None


def _element(kind: ElementKind, number: int | None, **data: Any) -> _Element:
    prefix = _ID_PREFIX[kind]
    ident = prefix if number is None else f"{prefix} {number}"
    name = msg(_KIND_NAMES[kind]) if number is None else msg(_KIND_NAMES[kind], number=number)
    return _Element(ident, kind, name, **data)


def _elements(inputs: Mapping[str, Any]) -> tuple[_Element, ...]:
    """Return every game element described by the inputs, in a fixed order."""
    found: list[_Element] = []

    def common(item: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "statuses": frozenset(Status(s) for s in item.get("statuses") or ()),
            "conditions": frozenset(Condition(c) for c in item.get("conditions") or ()),
        }

    for item in inputs["villain"]:
        found.append(_element(_K.VILLAIN, None, damage=item["damage"],
                              attacking=item["attacking"], **common(item)))
    for index, item in enumerate(inputs["minions"], 1):
        found.append(_element(_K.MINION, index, damage=item["damage"],
                              attacking=item["attacking"], **common(item)))
    for item in inputs["main_scheme"]:
        found.append(_element(_K.MAIN_SCHEME, None, threat=item["threat"], **common(item)))
    for index, item in enumerate(inputs["side_schemes"], 1):
        found.append(_element(_K.SIDE_SCHEME, index, threat=item["threat"],
                              crisis=item["crisis"], **common(item)))
    for index, item in enumerate(inputs["characters"], 1):
        kind = _K.HERO if item["kind"] == "hero" else _K.ALLY
        found.append(_element(kind, index, damage=item["damage"],
                              exhausted=item["exhausted"], **common(item)))
    for index, item in enumerate(inputs["other_cards"], 1):
        found.append(_element(_K.OTHER_CARD, index, exhausted=item["exhausted"],
                              **common(item)))
    for index, item in enumerate(inputs["players"], 1):
        found.append(_element(_K.PLAYER, index, deck=item["deck"]))
    return tuple(found)


def _effects(inputs: Mapping[str, Any]) -> tuple[_Effect, ...]:
    return tuple(
        _Effect(
            number=index,
            verb=Verb(item["verb"]),
            amount=item["amount"],
            status=Status(item["status"]) if item["status"] else None,
            selector=Selector(item["selector"]),
            target_type=TargetType(item["target_type"]) if item["target_type"] else None,
            count=item["count"],
        )
        for index, item in enumerate(inputs["effects"], 1))


_BASIC_EFFECT = {
    AbilityKind.BASIC_ATTACK: (Verb.DEAL_DAMAGE, "atk", TargetType.ENEMY),
    AbilityKind.BASIC_THWART: (Verb.REMOVE_THREAT, "thw", TargetType.SCHEME),
    AbilityKind.BASIC_DEFEND: (Verb.DEFEND, "def", TargetType.ENEMY),
}
#: The printed stat a basic power uses, as a word to translate (en ATK/THW/DEF).
_STAT_NAMES = {"atk": msg(_("ANG")), "thw": msg(_("WID")), "def": msg(_("VER"))}


def _ability(inputs: Mapping[str, Any], elements: tuple[_Element, ...]) -> _Ability:
    kind = AbilityKind(inputs["kind"])
    if not kind.is_basic:
        return _Ability(kind, frozenset(Label(v) for v in inputs["labels"]),
                        _effects(inputs), None, None)
    verb, stat, target_type = _BASIC_EFFECT[kind]
    position = inputs["actor"]
    character = inputs["characters"][position - 1]
    actor = next(e for e in elements if e.ident == f"{character['kind']} {position}")
    amount = character[stat]
    labels = {AbilityKind.BASIC_ATTACK: frozenset({Label.ATTACK}),
              AbilityKind.BASIC_THWART: frozenset({Label.THWART})}.get(kind, frozenset())
    effect = _Effect(1, verb, amount, None, Selector.ONE, target_type)
    return _Ability(kind, labels, (effect,), actor, amount)


# --------------------------------------------------------------------------
# Cross-field checks
# --------------------------------------------------------------------------

def check(inputs: Mapping[str, Any]) -> None:
    """Reject combinations of valid fields that the scenario cannot describe.

    :raises InputError: naming the offending field.
    """
    kind = AbilityKind(inputs["kind"])
    effects = inputs["effects"]
    if kind.is_basic:
        if effects:
            raise InputError("effects", msg(_(
                "A basic power has a fixed effect; give no effects.")))
        if inputs["labels"]:
            raise InputError("labels", msg(_(
                "Labels are given only for card abilities.")))
        if inputs["actor"] is None:
            raise InputError("actor", msg(_(
                "Give the number of the hero or ally using the basic power.")))
        if inputs["actor"] > len(inputs["characters"]):
            raise InputError("actor", msg(_(
                "There is no hero or ally number %(number)s in the list."),
                number=inputs["actor"]))
        return
    if inputs["actor"] is not None:
        raise InputError("actor", msg(_(
            "Only basic powers have an acting character; leave this empty.")))
    if not effects:
        raise InputError("effects", msg(_("Give at least 1 effect of the card ability.")))
    previous_type: TargetType | None = None
    for index, item in enumerate(effects):
        path = f"effects.{index}."
        verb, selector = Verb(item["verb"]), Selector(item["selector"])
        amount = item["amount"]
        if verb in _AMOUNT_VERBS and amount is None:
            raise InputError(path + "amount", msg(_("This effect needs an amount N.")))
        if verb is Verb.DRAW and amount is not None and amount < 1:
            raise InputError(path + "amount", msg(_("Draw at least 1 card.")))
        if verb not in _AMOUNT_VERBS and verb is not Verb.FUTURE and amount is not None:
            raise InputError(path + "amount", msg(_(
                "This effect takes no amount; leave it empty.")))
        if (verb in _STATUS_VERBS) != (item["status"] is not None):
            raise InputError(path + "status", msg(_(
                "Give a status card exactly for giving or removing a status card.")))
        if item["count"] != 1 and selector is not Selector.CHOOSE:
            raise InputError(path + "count", msg(_(
                "Only 'choose N' names a number of targets; leave 1 for this selector.")))
        if (verb is Verb.FUTURE) != (selector is Selector.FUTURE):
            raise InputError(path + "selector", msg(_(
                "A future effect, and only a future effect, names a future target.")))
        given = TargetType(item["target_type"]) if item["target_type"] else None
        if selector in (Selector.ONE, Selector.EACH, Selector.CHOOSE):
            if given is None:
                raise InputError(path + "target_type", msg(_("Choose the target.")))
            target_type = given
        elif selector in (Selector.THE, Selector.JOINT):
            if previous_type is None:
                raise InputError(path + "selector", msg(_(
                    "This effect refers to the target of an earlier effect, "
                    "but no earlier effect names a target.")))
            if given is not None and given is not previous_type:
                raise InputError(path + "target_type", msg(_(
                    "The target of an earlier effect is meant; leave this empty.")))
            target_type = previous_type
        elif selector is Selector.YOU:
            if given not in (None, TargetType.PLAYER):
                raise InputError(path + "target_type", msg(_(
                    "'You' is the player; leave this empty.")))
            if not inputs["players"]:
                raise InputError("players", msg(_(
                    "Give player 1, who uses the ability.")))
            target_type = TargetType.PLAYER
        else:
            if given is not None:
                raise InputError(path + "target_type", msg(_(
                    "A future effect names no target in play; leave this empty.")))
            target_type = None
        if target_type is not None:
            if verb is Verb.DRAW and target_type is not TargetType.PLAYER:
                raise InputError(path + "target_type", msg(_(
                    "A player draws cards (Ziel ¶3.3): choose the player as the target, or "
                    "'you'.")))
            previous_type = target_type


# --------------------------------------------------------------------------
# Evaluation
# --------------------------------------------------------------------------

class _Log:
    """Collects steps in the order they are decided."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self._kinds_not_covered: set[tuple[int, ElementKind]] = set()

    def kind_not_covered(self, effect: _Effect, kind: ElementKind) -> None:
        """Say once per effect and kind of game element that the texts do not say
        whether the effect can affect it (ziel.p4.1 lists effects, not the elements)."""
        if (effect.number, kind) in self._kinds_not_covered:
            return
        self._kinds_not_covered.add((effect.number, kind))
        self.steps.append(not_covered(
            msg(_("whether effect %(number)s (%(effect)s) can affect a game element of the kind "
                  "%(kind)s: the entry \"Ziel\" lists such effects on targets without saying "
                  "which game elements they apply to"), number=effect.number, effect=_verb_name(effect),
                kind=_KIND_TYPES[kind].label),
            P4, P4_1))

    def applied(self, message: Message, *cites: Citation) -> None:
        self.steps.append(Step(Outcome.APPLIED, message, cites))

    def not_applicable(self, message: Message, reason: Message, *cites: Citation) -> None:
        self.steps.append(Step(Outcome.NOT_APPLICABLE, message, cites, reason))

    def silent(self, message: Message, reason: Message, *cites: Citation) -> None:
        self.steps.append(Step(Outcome.SILENT, message, cites, reason))


def _verb_name(effect: _Effect) -> Message:
    if effect.verb in _STATUS_VERBS and effect.status is not None:
        return msg(_("%(verb)s: %(status)s"), verb=effect.verb.label,
                   status=effect.status.label)
    if effect.verb is Verb.DEFEND:
        return msg(_("defend (Verteidigung)"))
    if effect.verb in _AMOUNT_VERBS:
        return msg(_("%(verb)s, N = %(amount)s"), verb=effect.verb.label,
                   amount=effect.amount if effect.amount is not None else 0)
    return effect.verb.label


def _affects(effect: _Effect, el: _Element, ability: _Ability, crisis: bool,
             log: _Log) -> bool:
    """Decide whether ``effect`` can affect ``el`` (ziel.p4 and its bullets)."""
    number = effect.number
    basic = ability.kind.is_basic
    if Label.ATTACK in ability.labels and _C.CANNOT_BE_ATTACKED in el.conditions:
        if basic:
            log.silent(
                msg(_("%(target)s cannot be attacked: not a valid target of the "
                      "basic power Angriff."), target=el.name),
                msg(_("The engine treats the basic power Angriff like an ability "
                      "labelled Angriff.")), P4_8, P3_1)
        else:
            log.applied(msg(_("%(target)s cannot be attacked: not a valid target of an "
                              "ability labelled Angriff."), target=el.name), P4_8)
        return False
    if Label.THWART in ability.labels:
        if _C.CANNOT_BE_THWARTED in el.conditions:
            if basic:
                log.silent(
                    msg(_("No Widerstand can be performed against %(target)s: not a "
                          "valid target of the basic power Widerstand."), target=el.name),
                    msg(_("The engine treats the basic power Widerstand like an ability "
                          "labelled Widerstand.")), P4_9, P3_1)
            else:
                log.applied(msg(_("No Widerstand can be performed against %(target)s: not "
                                  "a valid target of an ability labelled Widerstand."),
                                target=el.name), P4_9)
            return False
        if el.kind in (_K.VILLAIN, _K.MINION):
            log.silent(
                msg(_("Effect %(number)s of an ability labelled Widerstand on "
                      "%(target)s."), number=number, target=el.name),
                msg(_("The texts do not say whether an enemy can be one against which "
                      "no Widerstand can be performed; the engine assumes only schemes "
                      "can, and judges the enemy by the effect alone.")), P4_9)

    verb = effect.verb
    amount = effect.amount if effect.amount is not None else 0
    stat = _STAT_NAMES.get({Verb.DEAL_DAMAGE: "atk", Verb.REMOVE_THREAT: "thw",
                            Verb.DEFEND: "def"}.get(verb, ""), "")

    def forbidden(condition: Condition) -> bool:
        if condition in el.conditions:
            log.applied(msg(_("Another ability forbids it (%(condition)s): %(target)s is "
                              "not a valid target of effect %(number)s."),
                            condition=condition.label,
                            target=el.name, number=number), P4_5)
            return True
        return False

    def zero_amount() -> bool:
        """Return whether an amount of 0 keeps the effect from affecting ``el``."""
        if amount > 0:
            return False
        if basic:
            log.applied(msg(_("%(actor)s has %(stat)s 0 but may still use the "
                              "Basiskraft against %(target)s, which is otherwise a "
                              "valid target."), actor=ability.actor.name if ability.actor
                            else msg(_("the character")), stat=stat, target=el.name), P4_2)
            return False
        log.silent(msg(_("Effect %(number)s has an amount of 0: %(target)s is not "
                         "counted as affected."), number=number, target=el.name),
                   msg(_("The exception for a value of 0 covers only activations and "
                         "basic powers; the engine assumes a card effect of 0 cannot "
                         "affect a target.")), P4, P4_2)
        return True

    def affected(*cites: Citation) -> bool:
        log.applied(msg(_("Effect %(number)s (%(effect)s) can affect %(target)s."),
                        number=number, effect=_verb_name(effect),
                        target=el.name), *(cites or (P4, P4_1)))
        return True

    def nothing_to_do(what: Message) -> bool:
        log.silent(msg(_("Effect %(number)s would change nothing on %(target)s "
                         "(%(what)s): not counted as affected."),
                       number=number, target=el.name, what=what),
                   msg(_("The texts do not say whether an effect that would change "
                         "nothing can affect a target; the engine assumes it cannot.")),
                   P4, P4_1)
        return False

    if verb is Verb.DEAL_DAMAGE:
        if _C.CANNOT_TAKE_DAMAGE in el.conditions:
            log.applied(msg(_("%(target)s cannot take damage: not a valid target of "
                              "an effect that deals damage."), target=el.name), P4_7)
            return False
        if zero_amount():
            return False
        prevented = _C.DAMAGE_PREVENTED in el.conditions or Status.TOUGH in el.statuses
        if Status.TOUGH in el.statuses and _C.DAMAGE_PREVENTED not in el.conditions:
            log.steps.append(assumed(msg(_("a tough status card (Zäh) on %(target)s prevents "
                                           "the damage"), target=el.name), P4_6))
        if prevented:
            log.applied(msg(_("Damage dealt to %(target)s would be prevented but still "
                              "counts as affecting it."), target=el.name), P4_6)
            return True
        return affected()
    if verb is Verb.HEAL:
        if forbidden(_C.CANNOT_BE_HEALED) or zero_amount():
            return False
        if el.damage == 0:
            return nothing_to_do(msg(_("no damage to heal")))
        return affected()
    if verb is Verb.ADD_THREAT:
        if forbidden(_C.THREAT_CANNOT_BE_PLACED) or zero_amount():
            return False
        return affected()
    if verb is Verb.REMOVE_THREAT:
        if el.kind is _K.MAIN_SCHEME and crisis:
            log.applied(msg(_("A crisis icon is in play: threat cannot be removed from "
                              "the main scheme, which is not a valid target of effect "
                              "%(number)s."), number=number), P5_1)
            return False
        if forbidden(_C.THREAT_CANNOT_BE_REMOVED):
            return False
        if el.threat == 0:
            log.silent(msg(_("%(target)s has no threat: not a valid target for "
                             "removing threat."), target=el.name),
                       msg(_("The texts do not say whether threat can be removed from a "
                             "scheme with no threat; the engine assumes not (the example "
                             "speaks of a scheme with threat on it).")), P4, P4_1, P4_2)
            return False
        if zero_amount():
            return False
        return affected()
    if verb is Verb.GIVE_STATUS:
        assert effect.status is not None
        if forbidden(_STATUS_FORBIDDING[effect.status]):
            return False
        if effect.status in el.statuses:
            return nothing_to_do(msg(_("it already has this status card")))
        return affected()
    if verb is Verb.REMOVE_STATUS:
        assert effect.status is not None
        if effect.status not in el.statuses:
            return nothing_to_do(msg(_("it has no such status card")))
        return affected()
    if verb is Verb.EXHAUST:
        if forbidden(_C.CANNOT_BE_EXHAUSTED):
            return False
        if el.exhausted:
            return nothing_to_do(msg(_("it is already exhausted")))
        return affected()
    if verb is Verb.READY:
        if forbidden(_C.CANNOT_BE_READIED):
            return False
        if not el.exhausted:
            return nothing_to_do(msg(_("it is already ready")))
        return affected()
    if verb is Verb.DEFEAT:
        return not forbidden(_C.CANNOT_BE_DEFEATED) and affected()
    if verb is Verb.DISCARD:
        return not forbidden(_C.CANNOT_BE_DISCARDED) and affected()
    if verb is Verb.DRAW:
        if el.deck >= 1:
            log.applied(msg(_("%(target)s has %(deck)s cards in the deck: a valid target "
                              "for drawing."), target=el.name, deck=el.deck), P3_3)
            return True
        log.applied(msg(_("%(target)s has no card in the deck: not a valid target for "
                          "drawing."), target=el.name), P3_3)
        return False
    if verb is Verb.DEFEND:
        if not el.attacking:
            log.applied(msg(_("%(target)s is not attacking: defending cannot affect it."),
                            target=el.name), P4)
            return False
        if amount == 0:
            log.silent(msg(_("%(actor)s has VER 0 and is counted as able to defend "
                             "against %(target)s."), actor=ability.actor.name
                           if ability.actor else msg(_("the character")), target=el.name),
                       msg(_("The exception for a value of 0 names ANG, PLA and WID, not "
                             "VER; the engine applies it to VER as well.")), P4_2)
        return affected(P4)
    return False  # pragma: no cover - FUTURE has no target and never gets here


def _groups(effects: tuple[_Effect, ...]) -> list[_Group]:
    groups: list[_Group] = []
    for effect in effects:
        if effect.selector is Selector.JOINT and groups:
            last = groups[-1]
            groups[-1] = _Group(last.head, last.members + (effect,), last.target_type)
        elif effect.selector in (Selector.ONE, Selector.EACH, Selector.CHOOSE,
                                 Selector.YOU):
            target_type = TargetType.PLAYER if effect.selector is Selector.YOU \
                else effect.target_type
            groups.append(_Group(effect, (effect,), target_type))
    return groups


def _candidates(target_type: TargetType, verb_kinds: frozenset[ElementKind],
                elements: tuple[_Element, ...], selector: Selector) -> tuple[_Element, ...]:
    kinds = _TYPE_KINDS[target_type] & verb_kinds
    found = tuple(e for e in elements if e.kind in kinds)
    if selector is Selector.YOU:
        return found[:1]
    return found


def _slug(ident: str) -> str:
    return ident.replace(" ", "_")


def evaluate(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on the target validity of an ability (entry "Ziel").

    :param inputs: validated inputs (see :data:`FIELDS`).
    :returns: values ``can_initiate``, ``target_required``, per effect *N*
        ``effect_N_candidates``, ``effect_N_valid_targets`` and
        ``effect_N_resolves_against`` (element identifiers), and
        ``threat_after_<scheme>`` (threat counters) for schemes that
        deterministic ("each") threat effects consider.

    When the texts do not decide whether the ability can be initiated
    (``can_initiate`` is :data:`NOT_COVERED_VALUE`), nothing after it is
    stated as fact: what each effect resolves against is labelled "if the
    ability is initiated" (and is itself not covered for a "choose N"
    effect short of targets), the steps about resolving say so, and no
    threat is computed.
    """
    return _evaluate(inputs, ())


#: Steps about what an effect resolves against: stated only "if the ability is
#: initiated" when the texts leave its initiation open.
_RESOLUTION_IDS = frozenset({
    _("Effect %(number)s is not resolved against %(target)s, which is not a valid target."),
    _("%(target)s is not a valid target of the earlier effect: effect %(number)s ('the "
      "[target]') is not resolved against it."),
    _("%(target)s stays a valid target through the earlier effect; effect %(number)s does not "
      "affect it."),
})


def _if_initiated(step: Step) -> Step:
    if step.message.id not in _RESOLUTION_IDS:
        return step
    return Step(step.outcome, msg(_("If the ability is initiated: %(step)s"), step=step.message),
                step.citations, step.reason)


#: The open point of an ability with a "the [target]" effect: does that effect count
#: toward the validity of the earlier effect's target (ziel.p4, ziel.p4.4) or is it only
#: resolved for a valid target of the earlier effect (ziel.p4.10 and its example)?
THE_TARGET_POINT = "the-target-validity"


def _evaluate(inputs: Mapping[str, Any], uncovered: tuple[Step, ...]) -> Ruling:
    """:func:`evaluate`, with ``uncovered``: ``NOT_COVERED`` steps about the acting
    character (a status card) that leave its initiation open; they follow the
    steps on its targets, which then decide only as far as targets go.

    An effect that says "the [target]" is read two ways where the two give different
    results (:data:`THE_TARGET_POINT`): ziel.p4.10 resolves it only for a valid target
    of the earlier effect, its example being this very wording ("Füge einem Gegner 5
    Schaden zu. Betäube den Gegner." stuns only an enemy that can take damage); ziel.p4
    and ziel.p4.4 make a target valid when any part, at least 1 of the effects on it,
    can affect it.  The ruling's values follow ziel.p4.10 and a ``SILENT`` step and
    one :class:`Reading` per reading show both.
    """
    ruling = _evaluate_future(inputs, uncovered)
    the = [i for i, item in enumerate(inputs["effects"]) if item["selector"] == Selector.THE.value]
    if not the:
        return ruling
    joint = {**inputs, "effects": [
        {**item, "selector": Selector.JOINT.value} if i in the else item
        for i, item in enumerate(inputs["effects"])]}
    other = _evaluate_future(joint, uncovered)
    names = ["can_initiate"] + [f"effect_{n}_{what}" for n in range(1, len(inputs["effects"]) + 1)
                                for what in ("valid_targets", "resolves_against")]
    numbers = tuple(i + 1 for i in the)
    step = Step(Outcome.SILENT,
                msg(_("Whether effect %(numbers)s ('the [target]') counts toward the validity "
                      "of the earlier effect's target is open; both readings are shown."),
                    numbers=numbers),
                (P4, P4_4, P4_10),
                msg(_("Ziel ¶4.10 resolves an effect that says 'the [target]' only for a valid "
                      "target of the earlier effect, and its example is this wording; Ziel ¶4 "
                      "and ¶4.4 make a target valid if any part of the ability, at least "
                      "1 of its effects on the target, can affect it.")))
    return _with_readings(
        ruling, other, names, step, THE_TARGET_POINT,
        (msg(_("Only a valid target of the earlier effect (Ziel ¶4.10)")), (P4_10,),
         msg(_("Ziel ¶4.10 is the clause on 'the [target]' and its example has the same "
               "wording: an ability that deals damage and stuns 'the enemy' stuns only "
               "an enemy that can take damage."))),
        (msg(_("Valid if at least 1 of the effects on the target can affect it "
               "(Ziel ¶4, ¶4.4)")), (P4, P4_4)))


def _with_readings(ruling: Ruling, other: Ruling, names: Sequence[str], step: Step,
                   point: str, first: tuple[Message, tuple[Citation, ...], Message],
                   second: tuple[Message, tuple[Citation, ...]]) -> Ruling:
    """``ruling`` with the open point ``point``, where ``other`` (the ruling under
    the other reading) differs from it in the values ``names``: ``step`` (the
    ``SILENT`` step saying the point is open) and one :class:`Reading` per
    reading — ``first`` (label, clauses, why it is presented first: the
    ruling's own values) and ``second`` (label, clauses: ``other``'s values).
    Where the values agree, ``ruling`` as it is.
    """
    def values(found: Ruling) -> tuple[Value, ...]:
        return tuple(v for v in found.values if v.name in names)

    if values(ruling) == values(other):
        return ruling
    label, clauses, why = first
    readings = (Reading(point, label, values(ruling), clauses, True, why),
                Reading(point, second[0], values(other), second[1]))
    return Ruling(ruling.scenario, ruling.values, ruling.steps + (step,), ruling.notes,
                  ruling.readings + readings)


#: The open point of an ability with a future target ("the next card you play …",
#: ziel.p6) whose other effects have no valid target: ziel.p3 lets an ability that
#: requires targets be initiated only with at least 1 valid target, ziel.p6 says an
#: ability that refers to a future target needs no target to be initiated.
FUTURE_POINT = "future-target-initiation"


def _evaluate_future(inputs: Mapping[str, Any], uncovered: tuple[Step, ...]) -> Ruling:
    """:func:`_evaluate_once`, with both readings of :data:`FUTURE_POINT` where they
    give different results.

    The ruling's values follow ziel.p3 (and ziel.p3.2 for "wähle"): the effects that
    require a target have none, so the ability cannot be initiated; the other reading
    follows ziel.p6: the ability refers to a future target and needs no target, so it
    can be initiated and the effects without a valid target are not resolved.  A
    ``SILENT`` step citing both clauses says that the texts leave this open.
    """
    ruling = _evaluate_once(inputs, uncovered)
    future = tuple(i + 1 for i, item in enumerate(inputs["effects"])
                   if item["selector"] == Selector.FUTURE.value)
    if not future or ruling.value("can_initiate") is not False:
        return ruling
    other = _evaluate_once(inputs, uncovered, future_initiates=True)
    names = ["can_initiate"] + [f"effect_{n}_resolves_against"
                                for n in range(1, len(inputs["effects"]) + 1)]
    step = Step(Outcome.SILENT,
                msg(_("Effect %(numbers)s refers to a future target, and the effects that "
                      "require a target have no valid target: whether the ability can be "
                      "initiated is open; both readings are shown."), numbers=future),
                (P3, P6),
                msg(_("Ziel ¶3 lets an ability that requires 1 or more targets be initiated "
                      "only if it has at least 1 valid target; Ziel ¶6 says an ability that "
                      "refers to a future target needs no target to be initiated. Neither "
                      "says which applies to an ability that does both.")))
    return _with_readings(
        ruling, other, names, step, FUTURE_POINT,
        (msg(_("The ability requires a target and cannot be initiated without a "
               "valid one (Ziel ¶3)")), (P3,),
         msg(_("Ziel ¶3 covers every ability that requires a target, and this one "
               "does; the example of Ziel ¶6 is an ability whose only target is a "
               "future one."))),
        (msg(_("The ability refers to a future target and needs no target to be "
               "initiated (Ziel ¶6); its effects without a valid target are not "
               "resolved")), (P6,)))


def _evaluate_once(inputs: Mapping[str, Any], uncovered: tuple[Step, ...],
                   future_initiates: bool = False) -> Ruling:
    """:func:`_evaluate` under the reading of ziel.p4.10 only, and of ziel.p3 for an
    ability with a future target unless ``future_initiates`` (see :data:`FUTURE_POINT`)."""
    log = _Log()
    elements = _elements(inputs)
    ability = _ability(inputs, elements)
    crisis_sources = [e for e in elements if e.kind is _K.SIDE_SCHEME and e.crisis]
    crisis = bool(inputs["crisis_icon"] or crisis_sources)

    if inputs["cost"] is not None:
        log.applied(msg(_("The cost (%(cost)s) is not considered when checking whether "
                          "the ability can affect a target."), cost=inputs["cost"]), P4_3)
    if ability.kind.is_basic:
        log.applied(msg(_("A Basiskraft is a game function that requires a valid "
                          "target.")), P3_1)
        assert ability.actor is not None
        log.steps.extend(_basic_power_assumptions(ability))
        if ability.actor.exhausted:
            log.silent(msg(_("%(actor)s is exhausted; this is not considered for "
                             "targets."), actor=ability.actor.name),
                       msg(_("The engine treats exhausting for a Basiskraft as a cost, "
                             "which is not considered when checking targets.")),
                       P3_1, P4_3)
        if ability.kind is AbilityKind.BASIC_DEFEND:
            log.silent(msg(_("The target of the Basiskraft Verteidigung is taken to be "
                             "the attacking enemy.")),
                       msg(_("The texts do not name the target of a defense; the engine "
                             "assumes the enemy whose attack is defended.")), P3_1, P4)

    values: list[Value] = []
    # element ident -> valid for the group; per effect number -> resolves against
    resolves: dict[int, tuple[_Element, ...]] = {}
    valid_of: dict[int, tuple[_Element, ...]] = {}
    candidates_of: dict[int, tuple[_Element, ...]] = {}
    deterministic: dict[int, bool] = {}
    group_valid: dict[int, tuple[_Element, ...]] = {}   # head number -> valid
    open_of: dict[int, tuple[_Element, ...]] = {}  # effect number -> not covered (kind)
    group_of: dict[int, _Group] = {}
    groups = _groups(ability.effects)
    for group in groups:
        for member in group.members:
            group_of[member.number] = group

    last_group: _Group | None = None
    for effect in ability.effects:
        if effect.selector is Selector.FUTURE:
            log.applied(msg(_("Effect %(number)s refers to a future target and needs no "
                              "target to be initiated."), number=effect.number), P6)
            candidates_of[effect.number] = valid_of[effect.number] = ()
            resolves[effect.number] = ()
            continue
        if effect.selector is Selector.THE:
            assert last_group is not None
            _resolve_the(effect, last_group, group_valid[last_group.head.number],
                         elements, ability, crisis, log, candidates_of, valid_of, resolves,
                         open_of)
            deterministic[effect.number] = deterministic[last_group.head.number]
            continue
        group = group_of[effect.number]
        if effect is not group.head:
            continue  # JOINT members are handled with their head
        last_group = group
        _resolve_group(group, elements, ability, crisis, log, candidates_of, valid_of,
                       resolves, group_valid, open_of)
        for member in group.members:
            deterministic[member.number] = group.head.selector in (Selector.EACH,
                                                                   Selector.YOU)

    _sequence_notes(ability.effects, group_of, log)
    decided = len(log.steps)
    undecided = {g.head.number for g in groups if not group_valid[g.head.number]
                 and any(open_of.get(m.number) for m in g.members)}
    can_initiate, required = _initiation(ability, groups, group_valid, undecided, log,
                                         future_initiates)
    if can_initiate is False:
        resolves = {number: () for number in resolves}
    elif uncovered:  # the targets allow it; whether the status card does is not covered
        log.steps.extend(uncovered)
        can_initiate = NOT_COVERED_VALUE
    initiation_open = can_initiate is NOT_COVERED_VALUE
    if initiation_open:
        # what the targets allow is no verdict on the ability; nothing after it is a fact
        log.steps[decided:] = [
            Step(step.outcome, msg(_("As far as its targets decide: %(step)s"),
                                   step=step.message), step.citations, step.reason)
            if step.outcome is Outcome.APPLIED else step for step in log.steps[decided:]]
        log.steps = [_if_initiated(step) for step in log.steps]
        short = {m.number for g in groups if g.head.selector is Selector.CHOOSE
                 and 0 < len(group_valid[g.head.number]) < g.head.count for m in g.members}
    # an effect on game elements the texts do not cover: what it resolves against is open
    unknown = {number for number, found in open_of.items() if found}

    values.append(Value("can_initiate", can_initiate, msg(_("Can be initiated"))))
    values.append(Value("target_required", required, msg(_("Requires a target"))))
    def named(name: str, found: tuple[_Element, ...], label: Message) -> Value:
        # programs get the identifiers, readers the element names in their language
        return Value(name, tuple(e.ident for e in found), label, tuple(e.name for e in found))

    for effect in ability.effects:
        n = effect.number
        values.append(named(f"effect_{n}_candidates", candidates_of[n],
                            msg(_("Effect %(number)s: game elements considered"), number=n)))
        values.append(named(f"effect_{n}_valid_targets", valid_of[n],
                            msg(_("Effect %(number)s: valid targets"), number=n)))
        if not initiation_open:
            label = msg(_("Effect %(number)s: resolves against (for 'a' and 'choose': the "
                          "chosen ones of these)"), number=n)
            values.append(Value(f"effect_{n}_resolves_against", NOT_COVERED_VALUE, label)
                          if n in unknown and can_initiate is True else
                          named(f"effect_{n}_resolves_against", resolves[n], label))
        else:  # not a fact: the texts leave open whether the ability is initiated
            label = msg(_("Effect %(number)s: if the ability is initiated, resolves against "
                          "(for 'a' and 'choose': the chosen ones of these)"), number=n)
            values.append(Value(f"effect_{n}_resolves_against", NOT_COVERED_VALUE, label)
                          if n in short or n in unknown else named(f"effect_{n}_resolves_against",
                                                   resolves[n], label))
    if can_initiate is True:
        values.extend(_threat_after(ability, elements, candidates_of, resolves,
                                    deterministic, log))
    return Ruling(SLUG, tuple(values), tuple(log.steps))


def _basic_power_assumptions(ability: _Ability) -> tuple[Step, ...]:
    """The facts about a basic power that the entry "Ziel" does not state (``ASSUMED``).

    The entry says only that basic powers require a valid target (ziel.p3.1);
    it names an attack that deals damage to an enemy as an example of fixing
    on a target (ziel.p1) and a Widerstand against a scheme with threat as an
    example of the 0 exception (ziel.p4.2).  What the basic powers do (damage
    equal to ANG, threat removed equal to WID) and whom Angriff may target
    comes from outside the texts; each is marked as an assumption.
    """
    stat = ability.actor_stat if ability.actor_stat is not None else 0
    if ability.kind is AbilityKind.BASIC_ATTACK:
        return (assumed(msg(_("the basic power Angriff deals damage equal to the character's "
                              "ANG (%(atk)s) to one enemy, the villain or a minion"), atk=stat),
                        P1, P3_1),)
    if ability.kind is AbilityKind.BASIC_THWART:
        return (assumed(msg(_("the basic power Widerstand removes threat equal to the "
                              "character's WID (%(thw)s) from one scheme, main or side "
                              "scheme"), thw=stat), P4_2, P3_1),)
    return ()


def _resolve_group(group: _Group, elements: tuple[_Element, ...], ability: _Ability,
                   crisis: bool, log: _Log, candidates_of: dict, valid_of: dict,
                   resolves: dict, group_valid: dict, open_of: dict) -> None:
    """Decide the valid targets of ``group`` among the game elements its noun names.

    An element of a kind an effect is not known to apply to is neither valid
    nor invalid: ``open_of`` gets it (per effect number) and the log a
    ``NOT_COVERED`` step (:meth:`_Log.kind_not_covered`).
    """
    head = group.head
    assert group.target_type is not None
    # "eine Karte" is read as the cards the effect applies to (a SILENT step says so);
    # any other noun names its game elements, whatever the effect
    kinds = (frozenset().union(*(_VERB_KINDS[m.verb] for m in group.members))
             if group.target_type is TargetType.CARD else _TYPE_KINDS[group.target_type])
    candidates = _candidates(group.target_type, kinds, elements, head.selector)
    log.applied(msg(_("Effect %(number)s fixes on %(type)s; game elements of that kind "
                      "in play: %(count)s."), number=head.number,
                    type=group.target_type.label, count=len(candidates)),
                P1, P2)
    if group.target_type is TargetType.CHARACTER:
        log.silent(msg(_("'Charakter' is taken to mean heroes and allies.")),
                   msg(_("The entry does not define 'Charakter'; the engine counts heroes "
                         "and allies, not the villain or minions.")), P2)
    if group.target_type is TargetType.CARD:
        log.silent(msg(_("'Karte' is taken to mean the cards in play that the effect can "
                         "apply to.")),
                   msg(_("The entry does not say which cards 'eine Karte' covers; the "
                         "engine counts the listed cards in play, not cards in hand.")), P2)
    affected_by: dict[int, list[_Element]] = {m.number: [] for m in group.members}
    unknown: dict[int, list[_Element]] = {m.number: [] for m in group.members}
    for el in candidates:
        for member in group.members:
            if el.kind not in _VERB_KINDS[member.verb]:
                log.kind_not_covered(member, el.kind)
                unknown[member.number].append(el)
            elif _affects(member, el, ability, crisis, log):
                affected_by[member.number].append(el)
    valid = tuple(el for el in candidates
                  if any(el in affected_by[m.number] for m in group.members))
    if len(group.members) > 1:
        for el in valid:
            count = sum(el in affected_by[m.number] for m in group.members)
            log.applied(msg(_("%(target)s is a valid target: %(count)s of the %(total)s "
                              "effects on it can affect it."), target=el.name,
                            count=count, total=len(group.members)), P4_4)
    group_valid[head.number] = valid
    for member in group.members:
        candidates_of[member.number] = candidates
        valid_of[member.number] = valid
        resolves[member.number] = tuple(affected_by[member.number])
        open_of[member.number] = tuple(unknown[member.number])
    if head.selector is Selector.EACH:
        for el in candidates:
            if el not in valid:
                log.applied(msg(_("Effect %(number)s is not resolved against %(target)s, "
                                  "which is not a valid target."), number=head.number,
                                target=el.name), P5_1)


def _resolve_the(effect: _Effect, group: _Group, previous_valid: tuple[_Element, ...],
                 elements: tuple[_Element, ...], ability: _Ability, crisis: bool,
                 log: _Log, candidates_of: dict, valid_of: dict, resolves: dict,
                 open_of: dict) -> None:
    """Resolve an effect that says "the [target]" (ziel.p4.10)."""
    head = group.head
    candidates = candidates_of[head.number]
    if head.selector is Selector.EACH:
        log.silent(msg(_("Effect %(number)s refers to the targets of an 'each' "
                         "effect."), number=effect.number),
                   msg(_("The texts do not say what 'the [target]' means after an "
                         "'each' effect; the engine assumes each target the earlier "
                         "effect resolves against.")), P4_10, P5_1)
    result: list[_Element] = []
    unknown: list[_Element] = []
    earlier_open = [el for m in group.members for el in open_of.get(m.number, ())]
    for el in candidates:
        if el.kind not in _VERB_KINDS[effect.verb]:
            if el in previous_valid or el in earlier_open:
                log.kind_not_covered(effect, el.kind)
                unknown.append(el)
            continue
        if el in earlier_open and el not in previous_valid:
            unknown.append(el)  # whether it is a valid target of the earlier effect is open
            continue
        can = _affects(effect, el, ability, crisis, log)
        if el not in previous_valid:
            if can:
                log.applied(msg(_("%(target)s is not a valid target of the earlier effect: "
                                  "effect %(number)s ('the [target]') is not resolved "
                                  "against it."), target=el.name, number=effect.number),
                            P4_10)
            continue
        if can:
            result.append(el)
        else:
            log.applied(msg(_("%(target)s stays a valid target through the earlier effect; "
                              "effect %(number)s does not affect it."),
                            target=el.name, number=effect.number), P4_4, P4_10)
    candidates_of[effect.number] = candidates
    valid_of[effect.number] = previous_valid
    resolves[effect.number] = tuple(result)
    open_of[effect.number] = tuple(unknown)


def _touches(effect: _Effect) -> frozenset[str]:
    """The parts of a game element's state that ``effect`` changes or checks."""
    verb = effect.verb
    if verb in (Verb.DEAL_DAMAGE, Verb.HEAL):
        return frozenset({"damage"})
    if verb in (Verb.ADD_THREAT, Verb.REMOVE_THREAT):
        return frozenset({"threat"})
    if verb in _STATUS_VERBS and effect.status is not None:
        return frozenset({"status:" + effect.status.value})
    if verb in (Verb.EXHAUST, Verb.READY):
        return frozenset({"exhausted"})
    if verb in (Verb.DEFEAT, Verb.DISCARD):
        return frozenset({"in play"})
    return frozenset({verb.value})


def _sequence_notes(effects: tuple[_Effect, ...], group_of: dict[int, _Group],
                    log: _Log) -> None:
    """Say where a later effect on the same target is judged on the initial state."""
    chain: list[_Effect] = []
    for effect in effects:
        if effect.selector in (Selector.THE, Selector.JOINT):
            touched = _touches(effect)
            for earlier in chain:
                if touched & _touches(earlier) or "in play" in _touches(earlier):
                    log.silent(
                        msg(_("Effect %(number)s is judged against the game state when the "
                              "ability is initiated, not after effect %(earlier)s."),
                            number=effect.number, earlier=earlier.number),
                        msg(_("The texts do not say whether a later effect on the same "
                              "target sees what an earlier effect changed; the engine "
                              "judges every effect against the state at initiation.")),
                        P4, P4_10 if effect.selector is Selector.THE else P4_4)
                    break
            chain.append(effect)
        elif effect.selector is not Selector.FUTURE:
            chain = [effect]


_SELECTOR_CLAUSE = {
    Selector.ONE: P3, Selector.CHOOSE: P3_2, Selector.EACH: P5, Selector.YOU: P3_3,
}


#: The value of ``can_initiate`` when the texts do not decide it ("choose N" with
#: fewer than N valid targets: ziel.p3.2 says only that 1 or more must be chosen).
NOT_COVERED_VALUE = msg(_("not covered by the published rules"))


def _initiation(ability: _Ability, groups: list[_Group],
                group_valid: dict[int, tuple[_Element, ...]], undecided: set[int], log: _Log,
                future_initiates: bool = False) -> tuple[bool | Message, bool]:
    """Decide whether the ability can be initiated; return (can, target required).

    ``can`` is :data:`NOT_COVERED_VALUE` (and a ``NOT_COVERED`` step is logged,
    citing ziel.p3.2) when an effect says "choose N" and has at least 1 but
    fewer than N valid targets: the text requires 1 or more chosen targets
    and says nothing about choosing fewer than the N the card names.  It is
    :data:`NOT_COVERED_VALUE` too when no effect has a valid target and some
    effect names game elements the texts do not say it can affect (the
    ``undecided`` group heads; their ``NOT_COVERED`` steps are logged).

    With ``future_initiates`` an ability with a future target (ziel.p6) can be
    initiated where its other effects have no valid target; those effects are not
    resolved (the second reading of :data:`FUTURE_POINT`).
    """
    future = [e.number for e in ability.effects if e.selector is Selector.FUTURE]
    if future_initiates and future:
        without = [g for g in groups if not group_valid[g.head.number]
                   and g.head.number not in undecided]
        if without and not any(g.head.number in undecided for g in groups):
            log.applied(msg(_("Effect %(numbers)s refers to a future target: the ability "
                              "needs no target and can be initiated; effects without a valid "
                              "target are not resolved."), numbers=tuple(future)), P6)
            return True, True
    if not groups:
        log.applied(msg(_("The ability names no target in play and can be initiated "
                          "without one.")), P6)
        return True, False

    def clause(group: _Group) -> tuple[Citation, ...]:
        if ability.kind.is_basic:
            return (P3_1,)
        cites = [_SELECTOR_CLAUSE[group.head.selector]]
        if group.target_type is TargetType.PLAYER and group.head.selector is not Selector.YOU:
            cites.append(P3_3)
        return tuple(cites)

    with_targets = [g for g in groups if group_valid[g.head.number]]
    without = [g for g in groups if not group_valid[g.head.number]
               and g.head.number not in undecided]
    for group in without:
        if group.head.selector is Selector.CHOOSE:
            log.applied(msg(_("Effect %(number)s says 'wähle' but has no valid target: "
                              "the ability cannot be initiated."),
                            number=group.head.number), P3_2)
            return False, True
    if not with_targets and undecided:
        return NOT_COVERED_VALUE, True
    if not with_targets:
        cites: dict[Citation, None] = {P3: None}  # the rule: at least 1 valid target
        for group in groups:
            for item in clause(group):
                cites.setdefault(item, None)
        log.applied(msg(_("The ability requires a target and has no valid target: it "
                          "cannot be initiated.")), *cites)
        return False, True
    short: list[_Group] = []   # "choose N" with fewer than N valid targets
    for group in with_targets:
        count = len(group_valid[group.head.number])
        if group.head.selector is Selector.EACH:
            log.applied(msg(_("Effect %(number)s targets each of several game elements "
                              "and %(count)s of them are valid: it can be initiated."),
                            number=group.head.number, count=count), P5)
        elif group.head.selector is Selector.YOU:
            log.applied(msg(_("Effect %(number)s has a valid target: the ability can be "
                              "initiated."), number=group.head.number), P3_3)
        elif group.head.selector is Selector.CHOOSE and group.head.count > count:
            short.append(group)
            log.steps.append(not_covered(
                msg(_("effect %(number)s says 'choose %(wanted)s' (wähle) but has only "
                      "%(count)s valid targets: whether it can be initiated choosing fewer, "
                      "and against what it then resolves"),
                    number=group.head.number, wanted=group.head.count, count=count),
                *clause(group)))
        elif group.head.selector is Selector.CHOOSE and group.head.count > 1:
            log.applied(msg(_("Effect %(number)s says 'choose %(wanted)s' (wähle) and has "
                              "%(count)s valid targets, enough to choose %(wanted)s: the "
                              "ability can be initiated."),
                            number=group.head.number, wanted=group.head.count, count=count),
                        *clause(group))
        elif group.head.selector is Selector.CHOOSE:
            log.applied(msg(_("Effect %(number)s says 'wähle' and has %(count)s valid "
                              "targets to choose from: the ability can be initiated."),
                            number=group.head.number, count=count), *clause(group))
        else:
            log.applied(msg(_("Effect %(number)s has %(count)s valid targets, one of which "
                              "becomes its target: the ability can be initiated."),
                            number=group.head.number, count=count), *clause(group))
    for group in without:
        log.silent(msg(_("Effect %(number)s has no valid target and is not resolved; "
                         "the ability can still be initiated."), number=group.head.number)
                   if not short else
                   msg(_("Effect %(number)s has no valid target: if the ability is initiated, "
                         "it is not resolved."), number=group.head.number),
                   msg(_("The texts require at least 1 valid target for the ability; the "
                         "engine reads this as the ability as a whole, since any part of "
                         "it may affect a target.")), P3, P4, *clause(group))
    if short:
        return NOT_COVERED_VALUE, True
    return True, True


def _threat_after(ability: _Ability, elements: tuple[_Element, ...], candidates_of: dict,
                  resolves: dict, deterministic: dict, log: _Log) -> list[Value]:
    """Threat on schemes after the deterministic ("each") threat effects."""
    threat = {e.ident: e.threat for e in elements if e.kind in _SCHEMES}
    considered: dict[str, _Element] = {}
    for effect in ability.effects:
        if effect.verb not in (Verb.ADD_THREAT, Verb.REMOVE_THREAT):
            continue
        if not deterministic.get(effect.number):
            continue
        amount = effect.amount or 0
        for el in candidates_of[effect.number]:
            if el.kind not in _SCHEMES:
                continue  # "the [target]" after an effect on other cards: no threat on them
            considered.setdefault(el.ident, el)
            if el not in resolves[effect.number]:
                log.applied(msg(_("Threat on %(target)s stays %(threat)s."),
                                target=el.name, threat=threat[el.ident]), P5_1)
                continue
            before = threat[el.ident]
            if effect.verb is Verb.ADD_THREAT:
                after = before + amount
            else:
                after = max(0, before - amount)
                if before < amount:
                    log.silent(msg(_("%(target)s has only %(before)s threat; %(amount)s "
                                     "is to be removed."), target=el.name, before=before,
                                   amount=amount),
                               msg(_("The engine assumes threat cannot go below 0.")),
                               P4, P4_1)
            threat[el.ident] = after
            log.applied(msg(_("Threat on %(target)s: %(before)s becomes %(after)s."),
                            target=el.name, before=before, after=after), P5, P5_1)
    return [Value(f"threat_after_{_slug(ident)}", threat[ident],
                  msg(_("Threat on %(target)s afterwards"), target=el.name))
            for ident, el in considered.items()]


# --------------------------------------------------------------------------
# Scenario
# --------------------------------------------------------------------------

SLUG = "target-validity"


def _example(slug: str, title: str, inputs: dict, expected: dict, source: Citation) -> Example:
    return Example(slug, msg(title), inputs, expected, source)


EXAMPLES: tuple[Example, ...] = (
    _example(
        "no-minion-in-play", _("'Füge einem Schergen 5 Schaden zu' with no minion in play"),
        {"kind": "card_ability",
         "effects": [{"verb": "deal_damage", "amount": 5, "selector": "one",
                      "target_type": "minion"}],
         "villain": [{"damage": 0}], "main_scheme": [{"threat": 3}]},
        {"can_initiate": False, "effect_1_valid_targets": ()}, P3),
    _example(
        "hero-with-0-thw", _("A hero with 0 WID uses the Basiskraft Widerstand against a "
                             "scheme with threat on it"),
        {"kind": "basic_thwart", "actor": 1,
         "characters": [{"kind": "hero", "atk": 2, "thw": 0, "def": 2, "damage": 0}],
         "main_scheme": [{"threat": 4}]},
        {"can_initiate": True, "effect_1_valid_targets": ("main scheme",)}, P4_2),
    _example(
        "cannot-be-readied", _("A character with the attachment 'cannot be readied' and "
                               "a card ability that readies a character"),
        {"kind": "card_ability",
         "effects": [{"verb": "ready", "selector": "one", "target_type": "character"}],
         "characters": [{"kind": "hero", "atk": 2, "thw": 2, "def": 2, "damage": 0,
                         "exhausted": True, "conditions": ["cannot_be_readied"]}]},
        {"can_initiate": False, "effect_1_valid_targets": ()}, P4_5),
    _example(
        "damage-then-stun-the-enemy", _("'Füge einem Gegner 5 Schaden zu. Betäube den "
                                        "Gegner.' when one minion cannot take damage"),
        {"kind": "card_ability",
         "effects": [{"verb": "deal_damage", "amount": 5, "selector": "one",
                      "target_type": "enemy"},
                     {"verb": "give_status", "status": "stunned", "selector": "the"}],
         "minions": [{"damage": 0, "conditions": ["cannot_take_damage"]},
                     {"damage": 0}]},
        {"can_initiate": True, "effect_1_valid_targets": ("minion 2",),
         "effect_2_resolves_against": ("minion 2",)}, P4_10),
    _example(
        "crisis-each-scheme", _("'Entferne 1 Bedrohung von jedem Plan' with a crisis icon "
                                "in play"),
        {"kind": "card_ability",
         "effects": [{"verb": "remove_threat", "amount": 1, "selector": "each",
                      "target_type": "scheme"}],
         "main_scheme": [{"threat": 3}],
         "side_schemes": [{"threat": 2, "crisis": True}]},
        {"can_initiate": True, "effect_1_resolves_against": ("side scheme 1",),
         "threat_after_main_scheme": 3, "threat_after_side_scheme_1": 1}, P5_1),
    _example(
        "next-card-you-play", _("'The next card you play costs 1 less' with nothing in "
                                "play"),
        {"kind": "card_ability",
         "effects": [{"verb": "future", "amount": 1, "selector": "future"}]},
        {"can_initiate": True, "target_required": False}, P6),
)

TARGET_VALIDITY = Scenario(
    slug=SLUG,
    game=GAME,
    title=msg(_("Target validity of an ability (Ziel)")),
    summary=msg(_("Whether an ability or basic power can be initiated, which game "
                  "elements are valid targets of each effect, and what each effect "
                  "resolves against.")),
    fields=FIELDS,
    evaluator=evaluate,
    citations=CITATIONS,
    examples=EXAMPLES,
    check=check,
)

# --------------------------------------------------------------------------
# Situation: the ability and the whole board, and what the texts do not cover
# --------------------------------------------------------------------------

SITUATION_SLUG = "situation"

_FOR_EACH = Field("for_each", msg(_("\"For each …\": the effect is repeated for each of "
                                    "several game elements")), FieldKind.BOOLEAN,
                  help=msg(_("E.g. \"For each minion in play, choose a character\".")))

SITUATION_FIELDS: tuple[Field, ...] = tuple(
    Field(spec.name, spec.label, spec.kind, help=spec.help, required=spec.required,
          min_items=spec.min_items, max_items=spec.max_items, rows=spec.rows,
          fields=spec.fields + (_FOR_EACH,))
    if spec.name == "effects" else spec
    for spec in FIELDS) + (
    Field("other_text", msg(_("The ability has further text or keywords not listed as "
                              "effects")), FieldKind.BOOLEAN),
)

_UNCOVERED_STATUS = {
    Status.STUNNED: _("the acting character is stunned (Betäubt)"),
    Status.CONFUSED: _("the acting character is confused (Verwirrt)"),
    Status.TOUGH: _("the acting character has a tough status card (Zäh)"),
}


def evaluate_situation(inputs: Mapping[str, Any]) -> Ruling:
    """Rule on an ability against the whole board, saying where the texts stop.

    The same ruling as ``target-validity`` (same values), plus: a
    ``NOT_COVERED`` step for a status card on the character using a basic
    power, for a "for each …" effect and for text or keywords not listed as
    effects (the ruling is then incomplete), and a step naming the crisis
    example of ``ziel.p5.1`` where an ability in play overrides a rule.
    """
    uncovered = []
    if AbilityKind(inputs["kind"]).is_basic:
        actor = inputs["characters"][inputs["actor"] - 1]
        for status in Status:
            if status.value in actor["statuses"]:
                uncovered.append(not_covered(msg(_UNCOVERED_STATUS[status]), P3_1))
    ruling = _evaluate(inputs, tuple(uncovered))
    steps = list(ruling.steps)
    for number, effect in enumerate(inputs["effects"], start=1):
        if effect["for_each"]:
            steps.append(not_covered(msg(_("effect %(number)s says \"for each …\""),
                                         number=number), P5, P3_2))
    if inputs["other_text"]:
        steps.append(not_covered(msg(_("text or keywords of the ability not listed as "
                                       "effects")), P4))
    crisis = inputs["crisis_icon"] or any(s["crisis"] for s in inputs["side_schemes"])
    if crisis:
        steps.append(card_text_may_override(
            msg(_("threat can be removed from the main scheme (a crisis icon prevents it)")),
            P5_1))
    return Ruling(SITUATION_SLUG, ruling.values, tuple(steps), ruling.notes, ruling.readings)


SITUATION = Scenario(
    slug=SITUATION_SLUG,
    game=GAME,
    title=msg(_("The board: an ability, its effects and every game element")),
    summary=msg(_("Whether an ability can be initiated, the valid targets of each effect and "
                  "what it resolves against, and which inputs the published texts do not "
                  "cover.")),
    fields=SITUATION_FIELDS,
    evaluator=evaluate_situation,
    citations=CITATIONS,
    examples=EXAMPLES + (
        _example("mc-2-crisis-each-scheme", _("'Entferne 1 Bedrohung von jedem Plan' with a "
                                              "crisis icon: main scheme 3, side scheme 2"),
                 {"kind": "card_ability",
                  "effects": [{"verb": "remove_threat", "amount": 1, "selector": "each",
                               "target_type": "scheme"}],
                  "crisis_icon": True, "main_scheme": [{"threat": 3}],
                  "side_schemes": [{"threat": 2}]},
                 {"can_initiate": True, "threat_after_main_scheme": 3,
                  "threat_after_side_scheme_1": 1}, P5_1),
        _example("mc-3-only-main-scheme", _("As MC-2, but only the main scheme is in play"),
                 {"kind": "card_ability",
                  "effects": [{"verb": "remove_threat", "amount": 1, "selector": "each",
                               "target_type": "scheme"}],
                  "crisis_icon": True, "main_scheme": [{"threat": 3}]},
                 {"can_initiate": False}, P5),
        _example("mc-6-cannot-take-damage", _("'Deal 3 damage to an enemy'; the only enemy "
                                              "cannot take damage"),
                 {"kind": "card_ability",
                  "effects": [{"verb": "deal_damage", "amount": 3, "selector": "one",
                               "target_type": "enemy"}],
                  "villain": [{"conditions": ["cannot_take_damage"]}]},
                 {"can_initiate": False}, P4_7),
        _example("mc-8-draw", _("'Draw 1 card' with 1 card left in the deck"),
                 {"kind": "card_ability",
                  "effects": [{"verb": "draw", "amount": 1, "selector": "you"}],
                  "players": [{"deck": 1}]},
                 {"can_initiate": True}, P3_3),
    ),
    check=check,
)


RULESET = Ruleset(
    game=GAME,
    title=msg(_("Marvel Champions")),
    documents=(DOCUMENT,),
    scenarios=(TARGET_VALIDITY, SITUATION),
)

"""How the calculator's form lays out a table: presentation only, never meaning.

The engine's fields (:mod:`engine.core`) say what each input means, its type and
its default, on every surface (form, JSON API, JSON Schema).  This module says only
how the *form* presents some of them at a table:

- :data:`REFERENCES` — an integer field that names a card by its number in a group
  (the attacker, the attack target, an effect's target monster, the acting
  character) is a select of the cards present in that group, not a typed number.
  The value sent is the same number.
- :data:`MORE` — fields of a card that a judge rarely needs (restrictions from other
  abilities, statuses, activation order …) sit behind the card's own "more"
  (a ``<details>``), open when one of them holds a value or an error.
- :data:`SUGGESTED` — what a new form pre-fills beyond the engine's defaults, sent
  as a visible, editable value (the second monster card of a new Power-Duell table
  on side B, as the two players sit).  A form sent with the field empty still
  means the engine's default.
- :data:`SHOWN_WHEN` — a card's field that matters only for some choices of another
  of its fields (an effect's amount for the verbs that state one) appears once
  one of them is chosen (with JavaScript; without it every field is there).
- :data:`DECISIVE` — which of a ruling's values answer the question entered: the
  answer shows them first, the others after the clauses under "Other values".
"""

from __future__ import annotations

import re

from typing import Any, Callable, Mapping, Sequence

from engine import marvel

#: (game, scenario) → {dotted field path (group items without index): group it numbers}.
REFERENCES: Mapping[tuple[str, str], Mapping[str, str]] = {
    ("power-duell", "situation"): {"attacker": "monsters", "target": "monsters",
                                   "effects.target_monster": "monsters"},
    ("marvel-champions", "situation"): {"actor": "characters"},
}

#: (game, scenario) → {group: fields of its items behind the item's "more"}.
MORE: Mapping[tuple[str, str], Mapping[str, frozenset[str]]] = {
    ("power-duell", "situation"): {
        "guardians": frozenset({"side", "wirkung_scope", "wirkung_planets",
                                "extends_to_opposing_side", "spezial_cost_change",
                                "spezial_extends_to_opposing_side", "activated"}),
        "monsters": frozenset({"ep", "lp", "cost"}),
        "effects": frozenset({"source_side", "activated", "target_guardian"}),
    },
    ("marvel-champions", "situation"): {
        "effects": frozenset({"count", "for_each"}),
        "villain": frozenset({"statuses", "conditions", "attacking", "other_text"}),
        "minions": frozenset({"statuses", "conditions", "attacking", "other_text"}),
        "main_scheme": frozenset({"conditions", "other_text"}),
        "side_schemes": frozenset({"conditions", "other_text"}),
        "characters": frozenset({"damage", "exhausted", "statuses", "conditions", "other_text"}),
        "other_cards": frozenset({"conditions", "other_text"}),
    },
}

#: (game, scenario) → {form parameter: value a new form pre-fills}.
SUGGESTED: Mapping[tuple[str, str], Mapping[str, str]] = {
    ("power-duell", "situation"): {"monsters-1-side": "b"},
}


def reference_group(game: str, slug: str, path: str) -> str | None:
    """The group whose cards field ``path`` (dotted, item indexes left out) picks, if any.

    >>> reference_group("power-duell", "situation", "effects.target_monster")
    'monsters'
    >>> reference_group("power-duell", "situation", "effects.amount") is None
    True
    """
    return REFERENCES.get((game, slug), {}).get(path)


def behind_more(game: str, slug: str, group: str) -> frozenset[str]:
    """The fields of ``group``'s items that the form puts behind the item's "more".

    >>> sorted(behind_more("power-duell", "situation", "monsters"))
    ['cost', 'ep', 'lp']
    >>> behind_more("berserk", "situation", "features")
    frozenset()
    """
    return MORE.get((game, slug), {}).get(group, frozenset())


def suggested(game: str, slug: str) -> Mapping[str, str]:
    """What a new form of the scenario pre-fills beyond the engine's defaults."""
    return SUGGESTED.get((game, slug), {})


#: The Berserk table's values that describe the card as it is after its changes.
_BERSERK_STATE = ("type", "subtype", "status", "movement", "elements")
#: The Berserk card's additional properties (each a value of its own).
_BERSERK_PROPERTIES = ("simple_strike", "repel_strike", "defender", "closing")


def _berserk_decisive(inputs: Mapping[str, Any], values: Sequence[Any]) -> set[str]:
    """The Berserk table's values that answer what the judge entered: what the card may
    use at the moment entered (always); with features, each feature's strike bonus
    against each target and the relation of their elements; with changes, the card as
    it is after them; with neither, its additional properties (its state is what was
    entered; with features they follow, as "may use now" gives their use)."""
    names = {value.name for value in values}
    decisive = {name for name in names if name.endswith("_now")}
    features = inputs.get("features") or inputs.get("targets")
    if features:
        decisive |= {name for name in names if name.startswith(("feature_", "target_"))}
    if inputs.get("changes"):
        decisive |= set(_BERSERK_STATE)
    elif not features:  # the properties it has, of which "may use now" says the use
        decisive |= set(_BERSERK_PROPERTIES)
    return decisive & names


#: A Power-Duell value that says whether an effect affects its target: its effect's number.
_PD_AFFECTS = re.compile(r"effect_(\d+)_affects")


def _powerduell_decisive(inputs: Mapping[str, Any], values: Sequence[Any]) -> set[str]:
    """The Power-Duell table's values that answer what the judge entered: every value of
    each monster but its evaluation order (its points, costs, the Wirkungen's change and
    the negativ-positiv factor); whether an effect affects its target where it does not,
    where it is aimed at a Schutzgottkarte, or where a reading disputes it (an effect that
    affects its monster is in the monster's values).  A disputed value always."""
    effects = inputs.get("effects") or []
    return {value.name for value in values
            if value.disputed or _pd_first(value, _PD_AFFECTS.fullmatch(value.name), effects)}


def _pd_first(value: Any, affects: re.Match | None, effects: Sequence[Mapping[str, Any]]
              ) -> bool:
    """Whether an undisputed Power-Duell value is shown first (:func:`_powerduell_decisive`);
    ``affects``: the match of an effect's "affects its target" value, else ``None``."""
    if affects is None:
        return not value.name.endswith("_order")
    number = int(affects.group(1))
    return (value.value is not True or number > len(effects)
            or bool(effects[number - 1].get("target_guardian")))


#: (game, scenario) → which of a ruling's values its answer shows first (the others
#: follow under "Other values"); a scenario not named shows every value first.
def _marvel_decisive(inputs: Mapping[str, Any], values: Sequence[Any]) -> set[str]:
    """The Marvel Champions ability's values that answer what the judge entered: whether
    it can be initiated, whether it requires a target, and against what each effect
    resolves; the game elements each effect considered and the valid targets among them
    follow (each effect's resolution names its targets).  A disputed value always."""
    return {value.name for value in values if value.disputed or value.name in (
        "can_initiate", "target_required") or value.name.endswith("_resolves_against")}


DECISIVE: Mapping[tuple[str, str], Callable[[Mapping[str, Any], Sequence[Any]], set[str]]] = {
    ("berserk", "situation"): _berserk_decisive,
    ("power-duell", "situation"): _powerduell_decisive,
    ("marvel-champions", "situation"): _marvel_decisive,
}


def decisive_values(game: str, slug: str, inputs: Mapping[str, Any],
                    values: Sequence[Any]) -> set[str] | None:
    """The names among ``values`` (a ruling's values: each with ``name``, ``value`` and
    ``disputed``) that its answer shows first, for the validated ``inputs``; ``None`` when
    every value is.

    >>> from types import SimpleNamespace as V
    >>> sorted(decisive_values("berserk", "situation", {"changes": []},
    ...                        [V(name=n, value=1, disputed=False)
    ...                         for n in ("type", "closing", "closing_now")]))
    ['closing', 'closing_now']
    >>> sorted(decisive_values("power-duell", "situation", {"effects": [{}, {}]}, [
    ...     V(name="effect_1_affects", value=True, disputed=False),
    ...     V(name="effect_2_affects", value=False, disputed=False),
    ...     V(name="monster_1_ap", value=120, disputed=False),
    ...     V(name="monster_1_order", value=[1, 2], disputed=False)]))
    ['effect_2_affects', 'monster_1_ap']
    >>> sorted(decisive_values("marvel-champions", "situation", {}, [
    ...     V(name=n, value=1, disputed=n == "effect_1_candidates") for n in (
    ...         "can_initiate", "effect_1_candidates", "effect_1_valid_targets",
    ...         "effect_1_resolves_against", "effect_2_valid_targets")]))
    ['can_initiate', 'effect_1_candidates', 'effect_1_resolves_against']
    >>> decisive_values("marvel-champions", "target-validity", {}, []) is None
    True
    """
    choose = DECISIVE.get((game, slug))
    return None if choose is None else choose(inputs, values)


#: The Marvel verbs whose effect states an amount, and those naming a status card
#: (the engine's own sets, as choice values).
MARVEL_AMOUNT_VERBS = tuple(sorted(verb.value for verb in marvel.AMOUNT_VERBS))
MARVEL_STATUS_VERBS = tuple(sorted(verb.value for verb in marvel.STATUS_VERBS))

#: (game, scenario) → {dotted field path: (field of the same card, its values)}: with
#: JavaScript, the field is shown only once that field holds one of those values (or
#: when it holds a value itself); without JavaScript every field is shown.
SHOWN_WHEN: Mapping[tuple[str, str], Mapping[str, tuple[str, tuple[str, ...]]]] = {
    ("marvel-champions", "situation"): {
        "effects.amount": ("verb", MARVEL_AMOUNT_VERBS),
        "effects.status": ("verb", MARVEL_STATUS_VERBS),
        "effects.target_type": ("selector", ("one", "each", "choose", "the")),
        "effects.count": ("selector", ("choose",)),
    },
    ("power-duell", "situation"): {
        "effects.amount": ("operation", ("add", "subtract", "set")),
    },
}


def shown_when(game: str, slug: str, path: str) -> tuple[str, tuple[str, ...]] | None:
    """The field of the same card and the values it must hold for field ``path`` (dotted,
    item indexes left out) to be shown, if the form shows it only then.

    >>> shown_when("marvel-champions", "situation", "effects.count")
    ('selector', ('choose',))
    """
    return SHOWN_WHEN.get((game, slug), {}).get(path)

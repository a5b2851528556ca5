"""Translate the inputs of a focused scenario into the situation scenario of its game.

Each ``*_to_situation`` function returns the situation's JSON input and a
function mapping the situation's ruling back to the focused scenario's value
names, so that tests can check both agree on every overlapping input.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from hypothesis import strategies as st

import engine.marvel as marvel
from engine.core import Ruling

Back = Callable[[Ruling], dict[str, Any]]


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


def wirkung_to_situation(data: Mapping[str, Any]) -> tuple[dict[str, Any], Back] | None:
    """``guardian-wirkung`` input as a table; ``None`` where it does not overlap."""
    effects = list(data.get("opponent_effects") or [])
    if "other" in effects:
        return None  # "another attribute only" has no attribute to list as an effect
    attribute = data["attribute"]
    side = "a" if data.get("monster_side", "own") == "own" else "b"
    monster = {"side": side, "planet": data["monster_planet"]}
    if data.get("base_value") is not None:
        monster[attribute] = data["base_value"]
    else:
        monster[attribute] = 0
    guardian = {"side": "a", "base_planet": data["base_planet"],
                "left_planet": data.get("left_planet"), "right_planet": data.get("right_planet"),
                "wirkung_attribute": attribute, "wirkung_amount": data["amount"],
                "wirkung_scope": data.get("scope", "base"),
                "wirkung_planets": list(data.get("listed_planets") or []),
                "extends_to_opposing_side": data.get("extends_to_opposing_side", False)}
    table: dict[str, Any] = {
        "active_side": "a" if data.get("guardian_side_active", True) else "b",
        "guardians": [guardian], "monsters": [monster], "effects": []}
    combat = data.get("combat", "none")
    if combat != "none" and data.get("opponent_planet"):
        other = {"side": _other(side), "planet": data["opponent_planet"]}
        for number, effect in enumerate(effects):
            other[effect] = 100
            table["effects"].append({"source": "energy", "source_side": _other(side),
                                     "target_monster": 2, "attribute": effect,
                                     "operation": "add", "amount": 1, "activated": number + 1})
        table["monsters"].append(other)
        table["attacker"], table["target"] = (1, 2) if combat == "attacking" else (2, 1)
        # the Wirkung may reach the other monster too; give it the attribute then
        other.setdefault(attribute, 0)
    elif combat != "none":
        return None

    def back(ruling: Ruling) -> dict[str, Any]:
        change = ruling.value("monster_1_wirkung_change")
        result = {"change": change, "factor": ruling.value("monster_1_np_factor"),
                  "applies": any(c for c in [ruling.value("monster_1_order")]
                                 if "wirkung-a" in c)}
        if data.get("base_value") is not None:
            result["result"] = ruling.value(f"monster_1_{attribute}")
        return result
    return table, back


def wb_to_situation(data: Mapping[str, Any]) -> tuple[dict[str, Any], Back]:
    """``wirkungsbegrenzung`` input as a table."""
    guardian = {"side": "a", "base_planet": data.get("limit_planet") or "venus",
                "left_planet": data.get("limit_planet"),
                "spezial_cost_change": data["cost_change"],
                "spezial_extends_to_opposing_side": data.get("extends_to_opposing_side", False)}
    monsters = [{"side": "a" if m.get("side", "own") == "own" else "b", "planet": m["planet"],
                 "cost": m["cost"]} for m in data["monsters"]]
    table = {"guardians": [guardian], "monsters": monsters}

    def back(ruling: Ruling) -> dict[str, Any]:
        costs = tuple(ruling.value(f"monster_{n}_cost") for n in range(1, len(monsters) + 1))
        return {"costs": costs,
                "changes": tuple(c - m["cost"] for c, m in zip(costs, data["monsters"]))}
    return table, back


def order_to_situation(data: Mapping[str, Any]) -> tuple[dict[str, Any], Back]:
    """``effect-order`` input as a table with one monster, and a Schutzgottkarte
    without Wirkung on its side where an effect comes from one."""
    monster = {"side": "a", "planet": "venus"}
    for attribute in ("ap", "dp", "lp", "ep"):
        if data.get("base_" + attribute) is not None:
            monster[attribute] = data["base_" + attribute]
    effects = [{"source": e["source"], "source_side": "a", "activated": e["activated"],
                "target_monster": 1, "attribute": e["attribute"], "operation": e["operation"],
                "amount": e.get("amount")} for e in data["effects"]]
    table = {"monsters": [monster], "effects": effects}
    if any(e["source"].startswith("guardian") for e in effects):
        table["guardians"] = [{"side": "a", "base_planet": "venus"}]

    def back(ruling: Ruling) -> dict[str, Any]:
        result = {"order": ruling.value("monster_1_order")}
        for attribute in ("ap", "dp", "lp", "ep"):
            if attribute in monster:
                result[attribute] = ruling.value(f"monster_1_{attribute}")
        return result
    return table, back


def immunity_to_situation(data: Mapping[str, Any]) -> tuple[dict[str, Any], Back] | None:
    """``guardian-immunity`` input with a Schutzgottkarte as target, as a table."""
    if data["target"] != "guardian" or data.get("extends_to_opposing_side"):
        return None
    target = "a" if data["target_side"] == "own" else "b"
    table = {"guardians": [{"side": "a", "base_planet": "venus"},
                           {"side": "b", "base_planet": "mars"}],
             "effects": [{"source": data["source"], "source_side": "a",
                          "target_guardian": target}]}
    return table, lambda ruling: {"affects": ruling.value("effect_1_affects")}


#: Power-Duell tables that reach the open points and the "not covered" inputs.
PD_GUARDIAN = {"side": "a", "base_planet": "venus", "left_planet": "mars",
               "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20}
PD_NP_SCOPE = {  # PD-1 with an Energiekarte +10 AP on the attacker: np on other cards?
    "active_side": "a", "guardians": [PD_GUARDIAN],
    "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                 {"side": "b", "planet": "erde", "dp": 100}],
    "attacker": 1, "target": 2,
    "effects": [{"source": "energy", "source_side": "b", "target_monster": 2, "attribute": "dp",
                 "operation": "add", "amount": 10},
                {"source": "energy", "source_side": "a", "target_monster": 1, "attribute": "ap",
                 "operation": "add", "amount": 10}]}
PD_NP_OTHER_MONSTER = {  # PD-1 with the attack target at DP 40 (+10 DP): 50, or 45 halved
    **PD_NP_SCOPE, "effects": PD_NP_SCOPE["effects"][:1],
    "monsters": [{"side": "a", "planet": "venus", "ap": 100},
                 {"side": "b", "planet": "erde", "dp": 40}]}
PD_RANK_OR_RECENCY = {  # Wirkung +20 (activated 1), Energiekarte halves (2), Spezial -5 (3)
    "guardians": [{"side": "a", "base_planet": "venus"}],
    "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
    "effects": [{"source": "guardian-wirkung", "target_monster": 1, "attribute": "ap",
                 "operation": "add", "amount": 20},
                {"source": "energy", "target_monster": 1, "attribute": "ap",
                 "operation": "halve"},
                {"source": "guardian-spezial-wirkung", "target_monster": 1, "attribute": "ap",
                 "operation": "subtract", "amount": 5}]}
PD_SPEZIAL_OR_WIRKUNG = {  # Wirkung +20, Spezial-Wirkung halves: 60 after, 70 before
    "guardians": [{"side": "a", "base_planet": "venus"}],
    "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
    "effects": [{"source": "guardian-wirkung", "target_monster": 1, "attribute": "ap",
                 "operation": "add", "amount": 20},
                {"source": "guardian-spezial-wirkung", "target_monster": 1, "attribute": "ap",
                 "operation": "halve"}]}
PD_HALF_POINTS = {
    "monsters": [{"side": "a", "planet": "venus", "ap": 15}],
    "effects": [{"source": "energy", "target_monster": 1, "attribute": "ap",
                 "operation": "halve"}]}
PD_NOT_REACHED = {
    "guardians": [{"side": "a", "base_planet": "venus"}],
    "monsters": [{"side": "b", "planet": "venus", "ap": 100}],
    "effects": [{"source": "guardian-spezial-wirkung", "source_side": "a", "target_monster": 1,
                 "attribute": "ap", "operation": "add", "amount": 5}]}
PD_RANK_ONE_ON_GUARDIAN = {
    "guardians": [{"side": "a", "base_planet": "venus"}],
    "effects": [{"source": "rank-1", "source_side": "b", "target_guardian": "a"}]}
PD_TABLES = (PD_NP_SCOPE, PD_NP_OTHER_MONSTER, PD_RANK_OR_RECENCY, PD_SPEZIAL_OR_WIRKUNG,
             PD_HALF_POINTS, PD_NOT_REACHED, PD_RANK_ONE_ON_GUARDIAN)


@st.composite
def marvel_effects(draw: Any) -> list[dict[str, Any]]:
    """1 to 3 card-ability effects that pass :func:`engine.marvel.parse`, built the way a
    judge writes them: each verb with a target it can apply to, "the [target]" and "and the
    same target" only after an effect naming a compatible target."""
    effects: list[dict[str, Any]] = []
    previous: marvel.TargetType | None = None
    verbs = [v for v in marvel.Verb if v not in (marvel.Verb.DEFEND, marvel.Verb.FUTURE)]
    for _index in range(draw(st.integers(1, 3))):
        verb = draw(st.sampled_from(verbs))
        types = [t for t in marvel.TargetType
                 if marvel._TYPE_KINDS[t] & marvel._VERB_KINDS[verb]]
        selectors = ["one", "each", "choose"]
        if previous is not None and previous in types:
            selectors += ["the", "joint"]
        if marvel.TargetType.PLAYER in types:
            selectors.append("you")
        selector = draw(st.sampled_from(selectors))
        target_type = None
        if selector in ("one", "each", "choose"):
            target_type = draw(st.sampled_from(types)).value
            previous = marvel.TargetType(target_type)
        elif selector == "you":
            previous = marvel.TargetType.PLAYER
        amount = None
        if verb in marvel.AMOUNT_VERBS:
            amount = draw(st.integers(1 if verb is marvel.Verb.DRAW else 0, 4))
        status = None
        if verb in marvel.STATUS_VERBS:
            status = draw(st.sampled_from(["stunned", "confused", "tough"]))
        count = draw(st.integers(1, 3)) if selector == "choose" else 1  # "choose N"
        effects.append({"verb": verb.value, "selector": selector, "target_type": target_type,
                        "amount": amount, "status": status, "count": count})
    return effects

"""The judge cases of /work/shared/cases/README.md as calculator input.

Each :class:`Case` is one situation (a case with parts, like PD-7 (a)–(d),
has one entry per part): the scenario, JSON-style input, the literal
expected result values (as the API gives them: numbers, booleans, fraction
strings, lists, message ids) and the clause keys the ruling must cite.
Both the web-form tests and the API tests run them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PD = "1.2.4."
WIRKUNG_SCOPE = PD + "effekte-der-schutzgottkarte.p3"
NP_RULES = PD + "negativ-positiv-wirkung.p2"
NP_NEGATIV = PD + "negativ-positiv-wirkung.p3"
NP_POSITIV = PD + "negativ-positiv-wirkung.p4"
NP_ACTIVE = PD + "negativ-positiv-wirkung.p5"
WB_RULE = PD + "wirkungsbegrenzung.p2"
RANK = PD + "behandlung-der-reihenfolge-von-effekt-wirkung.p1"
ORDER = PD + "behandlung-der-reihenfolge-von-effekt-wirkung.p3"
IMMUNITY = PD + "kartenaufbau.p3"


@dataclass(frozen=True)
class Case:
    """One judge case (or part of one) for the calculator."""

    id: str
    game: str
    scenario: str
    inputs: dict[str, Any]
    expected: dict[str, Any]
    cites: frozenset[str]
    not_applicable_cites: frozenset[str] = field(default_factory=frozenset)


PD_SETUP = {
    "guardian_side_active": True, "base_planet": "venus", "left_planet": "mars",
    "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "base",
    "monster_planet": "venus", "monster_side": "own", "combat": "attacking",
}
BK_TIMING = {"card_type": "creature", "card_subtype": "non-flying", "in_play_zone": True,
             "strike_declared": "none"}
BK_FLIGHT = {"initial_type": "creature", "initial_subtype": "non-flying",
             "initial_status": "ordinary", "initial_movement": 2, "in_play_zone": True}


def mc_board(**parts: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"villain": [], "minions": [], "main_scheme": [], "side_schemes": [],
                            "characters": [], "other_cards": [], "players": []}
    data.update(parts)
    return data


def mc_card(*effects: dict[str, Any], **parts: Any) -> dict[str, Any]:
    return mc_board(kind="card_ability", effects=list(effects), **parts)


HERO = {"kind": "hero", "atk": 2, "thw": 2, "def": 2, "damage": 0}

CASES: list[Case] = [
    Case("PD-1", "power-duell", "guardian-wirkung",
         {**PD_SETUP, "opponent_planet": "erde", "opponent_effects": ["dp"]},
         {"applies": True, "change": 10, "factor": "1/2"},
         frozenset({WIRKUNG_SCOPE, NP_RULES, NP_NEGATIV, NP_ACTIVE})),
    Case("PD-2", "power-duell", "guardian-wirkung",
         {**PD_SETUP, "opponent_planet": "mars", "opponent_effects": ["dp"]},
         {"applies": True, "change": 40, "factor": 2},
         frozenset({WIRKUNG_SCOPE, NP_RULES, NP_POSITIV, NP_ACTIVE})),
    Case("PD-3", "power-duell", "guardian-wirkung",
         {**PD_SETUP, "opponent_planet": "mars", "opponent_effects": []},
         {"applies": True, "change": 20, "factor": 1},
         frozenset({WIRKUNG_SCOPE, NP_RULES}), frozenset({NP_RULES})),
    Case("PD-4", "power-duell", "guardian-wirkung",
         {**PD_SETUP, "opponent_planet": "erde", "opponent_effects": ["dp"],
          "monster_planet": "merkur", "base_value": 100},
         {"applies": False, "change": 0, "result": 100},
         frozenset({WIRKUNG_SCOPE}), frozenset({WIRKUNG_SCOPE})),
    Case("PD-5", "power-duell", "wirkungsbegrenzung",
         {"limit_planet": "venus", "cost_change": -1,
          "monsters": [{"planet": "venus", "cost": 4, "side": "own"},
                       {"planet": "mars", "cost": 4, "side": "own"}]},
         {"costs": [3, 4], "affected": [True, False]},
         frozenset({WB_RULE}), frozenset({WB_RULE})),
    Case("PD-6", "power-duell", "effect-order",
         {"base_ap": 100, "effects": [
             {"source": "guardian-wirkung", "activated": 1, "attribute": "ap",
              "operation": "add", "amount": 20},
             {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]},
         {"ap": 70, "order": [2, 1]},
         frozenset({RANK, ORDER})),
    Case("PD-7a", "power-duell", "guardian-immunity",
         {"source": "energy", "target": "guardian", "target_side": "opposing"},
         {"affects": False}, frozenset({IMMUNITY}), frozenset({IMMUNITY})),
    Case("PD-7b", "power-duell", "guardian-immunity",
         {"source": "monster", "target": "guardian", "target_side": "opposing"},
         {"affects": False}, frozenset({IMMUNITY}), frozenset({IMMUNITY})),
    Case("PD-7c", "power-duell", "guardian-immunity",
         {"source": "gravitation-energy", "target": "guardian", "target_side": "opposing"},
         {"affects": True}, frozenset({IMMUNITY})),
    Case("PD-7d", "power-duell", "guardian-immunity",
         {"source": "guardian-spezial-wirkung", "target": "guardian", "target_side": "opposing"},
         {"affects": False}, frozenset({IMMUNITY}), frozenset({IMMUNITY})),
    Case("BK-1", "berserk", "element-feature",
         {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]},
         {"strike_bonus": 2, "feature_applies": True}, frozenset({"106.p1"})),
    Case("BK-2", "berserk", "element-feature",
         {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["mountains"]},
         {"strike_bonus": 0, "feature_applies": False}, frozenset({"106.p1"}),
         frozenset({"106.p1"})),
    Case("BK-3a", "berserk", "same-element",
         {"card_a_elements": ["forest", "swamp"], "card_b_elements": ["swamp", "darkness"]},
         {"same_element": True, "different_elements": False}, frozenset({"106.p2"})),
    Case("BK-3b", "berserk", "same-element",
         {"card_a_elements": ["forest"], "card_b_elements": ["mountains"]},
         {"same_element": False, "different_elements": True, "shared_elements": []},
         frozenset({"106.p2"})),
    Case("BK-4", "berserk", "element-gain",
         {"card_elements": ["swamp"], "gained_elements": ["swamp"]},
         {"changed": False, "gained": []}, frozenset({"106.p3"})),
    Case("BK-5-gain", "berserk", "property-replacement",
         {**BK_FLIGHT, "changes": [{"change": "gain-flight"}]},
         {"movement": "flight icon (полёт)", "closing": False, "simple_strike": True},
         frozenset({"108.1", "107.1"})),
    Case("BK-5-lose", "berserk", "property-replacement",
         {**BK_FLIGHT, "changes": [{"change": "gain-flight"}, {"change": "lose-flight"}]},
         {"movement": 2, "closing": True}, frozenset({"108.1", "107.1", "108.p1"})),
    Case("BK-6", "berserk", "property-replacement",
         {"initial_type": "artifact", "initial_status": "elite", "in_play_zone": True,
          "changes": [{"change": "become-ordinary"}]},
         {"status": "ordinary (рядовая)"}, frozenset({"108.1"})),
    Case("BK-7a", "berserk", "timing",
         {**BK_TIMING, "turn": "own", "phase": "main", "subphase": "choice"},
         {"simple_strike": True}, frozenset({"107.2"})),
    Case("BK-7b", "berserk", "timing",
         {**BK_TIMING, "turn": "opponent", "phase": "main", "subphase": "choice"},
         {"simple_strike": False}, frozenset({"107.2"}), frozenset({"107.2"})),
    Case("BK-7c", "berserk", "timing",
         {**BK_TIMING, "turn": "own", "phase": "main", "subphase": "other"},
         {"simple_strike": False}, frozenset({"107.2"}), frozenset({"107.2"})),
    Case("BK-8a", "berserk", "timing",
         {**BK_TIMING, "turn": "opponent", "phase": "main", "subphase": "choice",
          "strike_declared": "opponent"},
         {"defender": True}, frozenset({"107.3"})),
    Case("BK-8b", "berserk", "timing",
         {**BK_TIMING, "turn": "own", "phase": "main", "subphase": "choice"},
         {"defender": False}, frozenset({"107.3"}), frozenset({"107.3"})),
    Case("MC-1", "marvel-champions", "target-validity",
         mc_card({"verb": "deal_damage", "selector": "one", "target_type": "minion", "amount": 5},
                 villain=[{"damage": 0}], main_scheme=[{"threat": 3}]),
         {"can_initiate": False, "effect_1_valid_targets": []}, frozenset({"ziel.p3"})),
    Case("MC-2", "marvel-champions", "target-validity",
         mc_card({"verb": "remove_threat", "selector": "each", "target_type": "scheme",
                  "amount": 1},
                 main_scheme=[{"threat": 3}], side_schemes=[{"threat": 2}], crisis_icon=True),
         {"can_initiate": True, "threat_after_side_scheme_1": 1, "threat_after_main_scheme": 3,
          "effect_1_resolves_against": ["side scheme 1"]},
         frozenset({"ziel.p5", "ziel.p5.1"})),
    Case("MC-3", "marvel-champions", "target-validity",
         mc_card({"verb": "remove_threat", "selector": "each", "target_type": "scheme",
                  "amount": 1}, main_scheme=[{"threat": 3}], crisis_icon=True),
         {"can_initiate": False, "effect_1_valid_targets": []},
         frozenset({"ziel.p5", "ziel.p5.1"})),
    Case("MC-4", "marvel-champions", "target-validity",
         mc_board(kind="basic_thwart", actor=1, characters=[{**HERO, "thw": 0}],
                  main_scheme=[{"threat": 2}]),
         {"can_initiate": True, "effect_1_valid_targets": ["main scheme"]},
         frozenset({"ziel.p4.2", "ziel.p3.1"})),
    Case("MC-5", "marvel-champions", "target-validity",
         mc_card({"verb": "ready", "selector": "one", "target_type": "character"},
                 characters=[{**HERO, "exhausted": True, "conditions": ["cannot_be_readied"]}]),
         {"can_initiate": False, "effect_1_valid_targets": []},
         frozenset({"ziel.p4.5", "ziel.p3"})),
    Case("MC-6", "marvel-champions", "target-validity",
         mc_card({"verb": "deal_damage", "selector": "one", "target_type": "enemy", "amount": 3},
                 minions=[{"damage": 0, "conditions": ["cannot_take_damage"]}]),
         {"can_initiate": False, "effect_1_valid_targets": []},
         frozenset({"ziel.p4.7", "ziel.p3"})),
    Case("MC-7", "marvel-champions", "target-validity",
         mc_card({"verb": "future", "selector": "future", "amount": 1}),
         {"can_initiate": True, "target_required": False}, frozenset({"ziel.p6"})),
    Case("MC-8", "marvel-champions", "target-validity",
         mc_card({"verb": "draw", "selector": "you", "amount": 1}, players=[{"deck": 1}]),
         {"can_initiate": True, "effect_1_valid_targets": ["player 1"]},
         frozenset({"ziel.p3.3"})),
]

BY_ID = {case.id: case for case in CASES}


def parts(case_id: str) -> list[Case]:
    """The entries of a judge case: ``"PD-7"`` → PD-7a … PD-7d."""
    found = [c for c in CASES if c.id == case_id or c.id.startswith(case_id)
             and not c.id[len(case_id)].isdigit()]
    assert found, case_id
    return found

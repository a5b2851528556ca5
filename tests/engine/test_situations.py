"""The situation scenario of each game: examples, agreement with the focused
scenarios, readings of the open points, "not covered" inputs, one meaning of
every field's default."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine import berserk, marvel, powerduell
from engine.core import FieldKind, InputError, Outcome, Ruling, fields_json_schema, parse_form
from tests.engine import situations as S

_SETTINGS = settings(max_examples=150, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SITUATIONS = [ruleset.scenario("situation") for ruleset in engine.rulesets()]


# --------------------------------------------------------------------------
# Every seed worked example and every judge case through the situation
# --------------------------------------------------------------------------

@pytest.mark.parametrize("scenario,example",
                         [(s, e) for s in SITUATIONS for e in s.examples],
                         ids=lambda x: getattr(x, "slug", None))
def test_situation_examples(scenario, example):
    ruling = scenario.evaluate(example.inputs)
    for name, expected in example.expected.items():
        assert ruling.value(name) == expected, name
    assert example.source in ruling.citations()
    assert set(ruling.citations()) <= set(scenario.citations)
    assert ruling.complete


_PD = {"guardian_side_active": True, "base_planet": "venus", "left_planet": "mars",
       "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "base",
       "monster_planet": "venus", "monster_side": "own", "combat": "attacking",
       "opponent_effects": ["dp"]}
_FOCUSED_PD_CASES = {  # judge case -> focused input
    "pd-1": ("guardian-wirkung", {**_PD, "opponent_planet": "erde"}),
    "pd-2": ("guardian-wirkung", {**_PD, "opponent_planet": "mars"}),
    "pd-3": ("guardian-wirkung", {**_PD, "opponent_planet": "mars", "opponent_effects": []}),
    "pd-4": ("guardian-wirkung", {**_PD, "opponent_planet": "erde", "monster_planet": "merkur"}),
    "pd-5": ("wirkungsbegrenzung", {"limit_planet": "venus", "cost_change": -1, "monsters": [
        {"planet": "venus", "cost": 4}, {"planet": "mars", "cost": 4}]}),
    "pd-6": ("effect-order", {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]}),
}


@pytest.mark.parametrize("case", sorted(_FOCUSED_PD_CASES))
def test_pd_judge_cases_cite_what_the_focused_scenario_cites(case):
    slug, focused_input = _FOCUSED_PD_CASES[case]
    focused = powerduell.RULESET.scenario(slug).evaluate(focused_input)
    example = next(e for e in powerduell.SITUATION.examples if e.slug == case)
    table = powerduell.SITUATION.evaluate(example.inputs)
    assert {c.key for c in focused.citations()} <= {c.key for c in table.citations()}


def test_pd_7_immunity_cites_the_immunity_paragraph():
    example = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-7")
    ruling = powerduell.SITUATION.evaluate(example.inputs)
    assert {c.key for c in ruling.citations()} >= {"1.2.4.kartenaufbau.p3"}


# --------------------------------------------------------------------------
# Focused scenarios and the situation agree on overlapping inputs
# --------------------------------------------------------------------------

_planets = st.sampled_from(["venus", "erde", "mars", "merkur"])


@_SETTINGS
@given(active=st.booleans(), left=st.one_of(st.none(), _planets),
       right=st.one_of(st.none(), _planets), amount=st.integers(-40, 40).filter(bool),
       scope=st.sampled_from(["base", "all", "listed"]), planet=_planets,
       side=st.sampled_from(["own", "opposing"]),
       combat=st.sampled_from(["none", "attacking", "defending"]), opponent=_planets,
       effects=st.lists(st.sampled_from(["ep", "ap", "dp", "lp"]), unique=True, max_size=2),
       extends=st.booleans(), base=st.one_of(st.none(), st.integers(0, 200)))
def test_guardian_wirkung_agrees_with_the_table(active, left, right, amount, scope, planet,
                                                side, combat, opponent, effects, extends, base):
    data = {"guardian_side_active": active, "base_planet": "venus", "left_planet": left,
            "right_planet": right, "attribute": "ap", "amount": amount, "scope": scope,
            "listed_planets": ["mars", "venus"], "extends_to_opposing_side": extends,
            "monster_planet": planet, "monster_side": side, "combat": combat,
            "opponent_planet": opponent, "opponent_effects": effects, "base_value": base}
    focused = powerduell.RULESET.scenario("guardian-wirkung").evaluate(data)
    table, back = S.wirkung_to_situation(data)
    got = back(powerduell.SITUATION.evaluate(table))
    assert got["change"] == focused.value("change")
    assert got["factor"] == focused.value("factor")
    assert got["applies"] == focused.value("applies")
    if base is not None:
        assert got["result"] == focused.value("result")


@_SETTINGS
@given(limit=st.one_of(st.none(), _planets), change=st.integers(-5, 5).filter(bool),
       extends=st.booleans(),
       monsters=st.lists(st.fixed_dictionaries({
           "planet": _planets, "cost": st.integers(0, 6),
           "side": st.sampled_from(["own", "opposing"])}), min_size=1, max_size=4))
def test_wirkungsbegrenzung_agrees_with_the_table(limit, change, extends, monsters):
    data = {"limit_planet": limit, "cost_change": change, "extends_to_opposing_side": extends,
            "monsters": monsters}
    focused = powerduell.RULESET.scenario("wirkungsbegrenzung").evaluate(data)
    table, back = S.wb_to_situation(data)
    got = back(powerduell.SITUATION.evaluate(table))
    assert got["costs"] == focused.value("costs")
    assert got["changes"] == focused.value("changes")


_effect = st.fixed_dictionaries({
    "source": st.sampled_from([s.value for s in powerduell.Source]),
    "activated": st.integers(1, 4), "attribute": st.sampled_from(["ap", "dp"]),
    "operation": st.sampled_from(["add", "subtract", "halve", "double", "set"]),
    "amount": st.integers(0, 50)})


@_SETTINGS
@given(effects=st.lists(_effect, min_size=1, max_size=6), ap=st.integers(0, 200),
       dp=st.integers(0, 200))
def test_effect_order_agrees_with_the_table(effects, ap, dp):
    data = {"base_ap": ap, "base_dp": dp, "effects": effects}
    focused = powerduell.RULESET.scenario("effect-order").evaluate(data)
    table, back = S.order_to_situation(data)
    got = back(powerduell.SITUATION.evaluate(table))
    assert got == {"order": focused.value("order"), "ap": focused.value("ap"),
                   "dp": focused.value("dp")}


@pytest.mark.parametrize("source", [s.value for s in powerduell.Source
                                    if s is not powerduell.Source.RANK_ONE])
@pytest.mark.parametrize("side", ["own", "opposing"])
def test_guardian_immunity_agrees_with_the_table(source, side):
    data = {"source": source, "target": "guardian", "target_side": side}
    focused = powerduell.RULESET.scenario("guardian-immunity").evaluate(data)
    table, back = S.immunity_to_situation(data)
    assert back(powerduell.SITUATION.evaluate(table)) == {"affects": focused.value("affects")}


_elements = st.one_of(st.just(["neutral"]), st.lists(
    st.sampled_from(["steppe", "forest", "mountains", "swamp", "darkness"]),
    min_size=1, max_size=3, unique=True))
_change = st.fixed_dictionaries({"change": st.sampled_from(
    [c.value for c in berserk.ChangeKind])})


@_SETTINGS
@given(initial=st.sampled_from([("creature", "non-flying", 2), ("creature", "flying", None),
                                ("artifact", None, None), ("creature", "symbiote", 1)]),
       changes=st.lists(_change, max_size=4), in_play=st.booleans(),
       feature=st.sampled_from(["swamp", "forest", "neutral"]), bonus=st.integers(-3, 3),
       elements=_elements, target=_elements,
       moment=st.sampled_from([("own", "main", "choice", "none"),
                               ("opponent", "main", "choice", "opponent"),
                               ("own", "main", "other", "none"),
                               ("opponent", "other", None, "none")]))
def test_berserk_focused_scenarios_agree_with_the_situation(initial, changes, in_play, feature,
                                                            bonus, elements, target, moment):
    card_type, subtype, movement = initial
    turn, phase, subphase, strike = moment
    history = {"initial_type": card_type, "initial_subtype": subtype,
               "initial_status": "ordinary", "initial_movement": movement,
               "in_play_zone": in_play, "changes": changes}
    table = {**history, "elements": elements, "turn": turn, "phase": phase,
             "subphase": subphase, "strike_declared": strike,
             "features": [{"feature_element": feature, "strike_bonus": bonus}],
             "targets": [{"elements": target}]}
    try:
        replacement = berserk.PROPERTY_REPLACEMENT.evaluate(history)
    except InputError:
        with pytest.raises(InputError):
            berserk.SITUATION.evaluate(table)
        return
    ruling = berserk.SITUATION.evaluate(table)
    for name in ("type", "subtype", "status", "movement", "additional_properties",
                 "simple_strike", "closing", "defender"):
        assert ruling.value(name) == replacement.value(name), name
    final_subtype = next((s.value for s in berserk.Subtype
                          if s.label == replacement.value("subtype")), None)
    final_type = next(t.value for t in berserk.CardType if t.label == replacement.value("type"))
    if final_type == "creature" and final_subtype is None:
        # The texts leave the subtype open (an artifact that became a creature):
        # the situation rules with the point marked, so it is not complete; the
        # focused timing scenario asks for a subtype instead.
        assert not ruling.complete
        with pytest.raises(InputError):
            berserk.TIMING.evaluate({"card_type": final_type, "card_subtype": None,
                                     "in_play_zone": in_play, "turn": turn, "phase": phase,
                                     "subphase": subphase, "strike_declared": strike})
        return
    timing = berserk.TIMING.evaluate({
        "card_type": final_type, "card_subtype": final_subtype, "in_play_zone": in_play,
        "turn": turn, "phase": phase, "subphase": subphase, "strike_declared": strike})
    for name in ("simple_strike", "closing", "defender"):
        assert ruling.value(f"{name}_now") == timing.value(name)
    feature_ruling = berserk.ELEMENT_FEATURE.evaluate(
        {"feature_element": feature, "strike_bonus": bonus, "target_elements": target})
    assert ruling.value("feature_1_target_1") == feature_ruling.value("strike_bonus")
    same = berserk.SAME_ELEMENT.evaluate({"card_a_elements": elements, "card_b_elements": target})
    assert ruling.value("target_1_relation") == same.value("relation")


@_SETTINGS
@given(elements=_elements, gained=st.lists(st.sampled_from(
    ["steppe", "forest", "mountains", "swamp", "darkness"]), min_size=1, max_size=3, unique=True))
def test_element_gain_agrees_with_the_situation(elements, gained):
    focused = berserk.ELEMENT_GAIN.evaluate({"card_elements": elements, "gained_elements": gained})
    ruling = berserk.SITUATION.evaluate({
        "initial_type": "artifact", "initial_status": "ordinary", "elements": elements,
        "turn": "own", "phase": "other", "strike_declared": "none",
        "changes": [{"change": "gain-element", "element": e} for e in gained]})
    assert set(ruling.value("elements")) == set(focused.value("elements"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_target_validity_agrees_with_the_situation(data):
    effects = data.draw(S.marvel_effects())
    board = {"kind": "card_ability", "effects": effects,
             "minions": [{"damage": 1}] * data.draw(st.integers(0, 2)),
             "main_scheme": [{"threat": data.draw(st.integers(0, 3))}],
             "side_schemes": [{"threat": 1, "crisis": data.draw(st.booleans())}],
             "characters": [{"kind": "hero", "exhausted": True}], "players": [{"deck": 1}]}
    focused = marvel.TARGET_VALIDITY.evaluate(board)
    ruling = marvel.SITUATION.evaluate(board)
    assert ruling.values == focused.values
    # not covered, in both scenarios: "choose N" with fewer than N valid targets, and an
    # effect on a kind of game element the texts do not say it can affect
    assert ruling.complete == focused.complete
    kinds_open = any(step.message.param_dict()["what"].id.startswith("whether effect")
                     for step in focused.by_outcome(Outcome.NOT_COVERED))
    # and either under a reading other than the one presented first
    under_readings = any("reading" in step.message.param_dict()
                         for step in focused.by_outcome(Outcome.NOT_COVERED))
    assert ruling.complete == (focused.value("can_initiate") != marvel.NOT_COVERED_VALUE
                               and not kinds_open and not under_readings)


# --------------------------------------------------------------------------
# Open points: every reading shown with its values and citations
# --------------------------------------------------------------------------

def _readings(table: dict[str, Any], point: str) -> tuple:
    ruling = powerduell.SITUATION.evaluate(table)
    readings = ruling.readings_of(point)
    assert len(readings) >= 2
    assert [r.presented_first for r in readings].count(True) == 1
    first = readings[0]
    assert first.presented_first and first.why is not None and first.why.render()
    for reading in readings:
        assert reading.citations and reading.values and reading.label.render()
        assert set(reading.citations) <= set(powerduell.SITUATION.citations)
    # the ruling's values follow the reading presented first
    for value in first.values:
        assert ruling.value(value.name) == value.value
    return readings


def test_np_on_changes_from_other_cards_shows_both_readings():
    first, other = _readings(S.PD_NP_SCOPE, "monster-1-np-all-changes")
    assert (first.value("monster_1_ap"), other.value("monster_1_ap")) == (120, 115)
    assert {c.key for c in other.citations} >= {"1.2.4.negativ-positiv-wirkung.p3"}


def test_np_never_changes_the_attack_target_on_the_other_side():
    """Changed expectation: the former "DP 45" reading (the attack target, on the other side,
    scaled by side A's negativ-positiv-Wirkung) is excluded by kartenaufbau ¶3: "Sofern nicht
    anders in der Beschreibung festgelegt, gelten die Effekte von Schutzgottkarten nur für die
    eigene Spielfeldseite"."""
    ruling = powerduell.SITUATION.evaluate(S.PD_NP_OTHER_MONSTER)
    assert ruling.value("monster_2_dp") == 50 and ruling.value("monster_2_np_factor") == 1
    assert not [p for p in ruling.open_points() if p.startswith("monster-2-")]
    assert ruling.value("monster_1_ap") == 110  # the attacker's Fall 1 value is unchanged


def test_np_reaches_no_other_monster_when_the_conditions_fail():
    table = {**S.PD_NP_OTHER_MONSTER, "active_side": "b"}  # the card's side is not active
    assert not powerduell.SITUATION.evaluate(table).readings_of("monster-2-np-other-monster")


def test_rank_against_recency_shows_both_readings():
    first, other = _readings(S.PD_RANK_OR_RECENCY, "monster-1-rank-or-recency")
    assert first.value("monster_1_ap") == 65
    assert other.value("monster_1_ap") == powerduell.Fraction(135, 2)


def test_spezial_wirkung_against_wirkung_shows_both_readings():
    first, other = _readings(S.PD_SPEZIAL_OR_WIRKUNG, "monster-1-spezial-or-wirkung-a")
    assert first.label != other.label
    assert (first.value("monster_1_ap"), other.value("monster_1_ap")) == (60, 70)
    # Wirkungsrang first or the latest activated first: in either order alike, no readings
    assert not powerduell.SITUATION.evaluate(S.PD_RANK_OR_RECENCY).readings_of(
        "monster-1-spezial-or-wirkung-a")


def test_spezial_wirkung_and_wirkung_in_either_order_alike_show_no_readings():
    table = {**S.PD_RANK_OR_RECENCY, "effects": [  # +20 and +5: the order changes nothing
        {**S.PD_RANK_OR_RECENCY["effects"][0]},
        {**S.PD_RANK_OR_RECENCY["effects"][2], "operation": "add"}]}
    ruling = powerduell.SITUATION.evaluate(table)
    assert ruling.value("monster_1_ap") == 125
    assert not ruling.readings_of("monster-1-spezial-or-wirkung-a")
    step = next(s for s in ruling.steps if s.message.id.startswith(
        "Monster %(number)s: the Spezial-Wirkung was evaluated after the Wirkung."))
    assert step.outcome is Outcome.SILENT and step.message.param_dict()["number"] == 1


def test_half_points_show_exact_and_rounded_readings():
    readings = _readings(S.PD_HALF_POINTS, "monster-1-half-points")
    assert [r.value("monster_1_ap") for r in readings] == [powerduell.Fraction(15, 2), 7, 8]


# --------------------------------------------------------------------------
# Inputs the texts do not cover make the ruling incomplete
# --------------------------------------------------------------------------

_HERO = {"kind": "hero", "atk": 2, "thw": 2, "def": 2}
_NOT_COVERED = {
    "marvel-stunned-attacker": (marvel.SITUATION, {
        "kind": "basic_attack", "actor": 1, "villain": [{}],
        "characters": [{**_HERO, "statuses": ["stunned"]}]}),
    "marvel-confused-thwarter": (marvel.SITUATION, {
        "kind": "basic_thwart", "actor": 1, "main_scheme": [{"threat": 2}],
        "characters": [{**_HERO, "statuses": ["confused"]}]}),
    # an ally, not 'a character': that names the minion too (ziel ¶4.2), and readying a
    # minion is a second input outside the texts
    "marvel-for-each-choose": (marvel.SITUATION, {
        "kind": "card_ability", "minions": [{}],
        "characters": [_HERO, {"kind": "ally", "exhausted": True}],
        "effects": [{"verb": "ready", "selector": "choose", "target_type": "ally",
                     "for_each": True}]}),
    "marvel-choose-n-fewer-valid-targets": (marvel.SITUATION, {
        "kind": "card_ability", "minions": [{}],
        "effects": [{"verb": "deal_damage", "amount": 1, "selector": "choose",
                     "target_type": "minion", "count": 2}]}),
    "marvel-unlisted-keyword": (marvel.SITUATION, {
        "kind": "card_ability", "minions": [{}], "other_text": True,
        "effects": [{"verb": "deal_damage", "amount": 1, "selector": "one",
                     "target_type": "minion"}]}),
    "berserk-instead-of-movement": (berserk.SITUATION, {
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite",
        "initial_movement": 2, "elements": ["forest"], "turn": "own", "phase": "other",
        "strike_declared": "none", "instead_of_movement": True}),
    "power-duell-rank-one-on-a-guardian": (powerduell.SITUATION, S.PD_RANK_ONE_ON_GUARDIAN),
}


@pytest.mark.parametrize("kind", sorted(_NOT_COVERED))
def test_not_covered_inputs_make_the_ruling_incomplete(kind):
    scenario, data = _NOT_COVERED[kind]
    ruling = scenario.evaluate(data)
    assert not ruling.complete
    step = ruling.by_outcome(Outcome.NOT_COVERED)[0]
    assert step.message.render().startswith("Not covered by the published rules: ")
    assert ruling.verdict.render().startswith("Incomplete")


def test_a_stunned_attacker_is_not_covered_in_the_focused_scenario_and_the_situation():
    """The status card is a fact of both tables: reported whichever scenario rules (issue 22)."""
    _scenario, data = _NOT_COVERED["marvel-stunned-attacker"]
    focused, ruling = marvel.TARGET_VALIDITY.evaluate(data), marvel.SITUATION.evaluate(data)
    assert not focused.complete and not ruling.complete
    assert focused.values == ruling.values and focused.steps == ruling.steps


def test_card_text_may_override_is_said_with_its_clause():
    ruling = powerduell.SITUATION.evaluate(S.PD_NP_SCOPE)
    step = next(s for s in ruling.steps if s.message.id.startswith("Card text may override"))
    assert {c.key for c in step.citations} == {"1.2.4.kartenaufbau.p3",
                                               "1.2.4.effekte-der-schutzgottkarte.p3"}
    # ziel.p5.1 says only that the crisis icon prevents removing threat from the main
    # scheme, nothing about card text overriding it (judge report MC-N2, MC-N7)
    crisis = marvel.SITUATION.evaluate(next(
        e.inputs for e in marvel.SITUATION.examples if e.slug == "mc-2-crisis-each-scheme"))
    assert not any(s.message.id.startswith("Card text may override") for s in crisis.steps)
    assert crisis.value("threat_after_main_scheme") == 3 and crisis.complete


def test_non_game_elements_never_matter():
    base = {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": 2, "elements": ["swamp"],
            "turn": "own", "phase": "main", "subphase": "choice", "strike_declared": "none"}
    plain = berserk.SITUATION.evaluate(base)
    asked = berserk.SITUATION.evaluate({**base, "non_game_elements": ["legend", "rarity"]})
    assert plain.values == asked.values
    assert {c.key for c in asked.citations()} >= {"109.p1", "109.1"}


# --------------------------------------------------------------------------
# One meaning everywhere: every field of every scenario
# --------------------------------------------------------------------------

def _walk(fields, path=""):
    for spec in fields:
        yield path + spec.name, spec
        if spec.kind is FieldKind.GROUP:
            yield from _walk(spec.fields, path + spec.name + ".i.")


ALL_FIELDS = [(f"{ruleset.game}/{scenario.slug}:{path}", spec)
              for ruleset in engine.rulesets() for scenario in ruleset.scenarios
              for path, spec in _walk(scenario.fields)]


@pytest.mark.parametrize("path,spec", ALL_FIELDS, ids=[p for p, _s in ALL_FIELDS])
def test_one_meaning_of_every_field(path, spec):
    schema = fields_json_schema((spec,))
    prop = schema["properties"][spec.name]
    if spec.kind is FieldKind.GROUP:
        assert spec.default is None and spec.initial == spec.rows
        assert (spec.name in schema["required"]) == (spec.min_items > 0)
        return
    # what a form pre-fills is what an omitted field means
    assert spec.initial == spec.default
    if spec.must_be_given:
        assert spec.name in schema["required"] and "default" not in prop
        with pytest.raises(InputError):
            spec.coerce(None, path)
        with pytest.raises(InputError):
            parse_form((spec,), {})
        return
    assert spec.name not in schema["required"]
    omitted = spec.coerce(None, path)
    assert omitted == spec.default == spec.omitted()
    assert parse_form((spec,), {})[spec.name] == omitted  # flat form data, field left out
    expected = sorted(omitted) if isinstance(omitted, frozenset) else omitted
    assert prop["default"] == expected
    if spec.kind is FieldKind.BOOLEAN:
        assert spec.coerce("off", path) is False and spec.coerce("on", path) is True


def test_the_nineteen_former_disagreements_now_agree():
    wirkung = powerduell.RULESET.scenario("guardian-wirkung")
    pd1 = {key: value for key, value in _PD.items() if key != "guardian_side_active"}
    assert wirkung.evaluate({**pd1, "opponent_planet": "erde"}).value("change") == 10
    timing = berserk.TIMING.evaluate({"card_type": "creature", "card_subtype": "non-flying",
                                      "turn": "own", "phase": "main", "subphase": "choice",
                                      "strike_declared": "none"})
    assert timing.value("simple_strike") is True  # in_play_zone omitted: in the play zone
    ruling = marvel.TARGET_VALIDITY.evaluate({"kind": "basic_thwart", "actor": 1,
                                              "characters": [{"kind": "hero"}],
                                              "main_scheme": [{"threat": 2}]})
    assert ruling.value("can_initiate") is True  # omitted ATK/THW/DEF/damage are 0


def test_every_situation_is_registered_beside_the_focused_scenarios():
    slugs = {r.game: [s.slug for s in r.scenarios] for r in engine.rulesets()}
    assert slugs["power-duell"] == ["guardian-wirkung", "wirkungsbegrenzung", "effect-order",
                                    "guardian-immunity", "situation"]
    assert slugs["marvel-champions"] == ["target-validity", "situation"]
    assert slugs["berserk"][-1] == "situation"


def test_rulings_render():
    for scenario in SITUATIONS:
        for example in scenario.examples:
            ruling: Ruling = scenario.evaluate(example.inputs)
            for step in ruling.steps:
                step.message.render()
                if step.reason:
                    step.reason.render()
            ruling.verdict.render()

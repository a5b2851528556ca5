"""The verdict counts each point the texts leave open once (a judge's finding: "rests on 2
points" for one question, counted as its silent step and again as its readings).

``Ruling.leaves_open``: a silent step about an open point names it (``Step.point``), and
the point counts once however many steps and readings it has; the readings of points read
together are no point of their own."""

from __future__ import annotations

import engine
from engine.core import TOGETHER, Outcome
from engine.registry import RULESETS

SCENARIOS = {(s.game, s.slug): s for ruleset in RULESETS for s in ruleset.scenarios}


def evaluate(game, slug, inputs):
    return SCENARIOS[game, slug].evaluate(inputs)


def silent_points(ruling):
    return [s.point for s in ruling.steps if s.outcome is Outcome.SILENT]


def test_power_duell_one_order_question_is_one_point():
    # rank against recency: a halving (energy, activated first) and a Wirkung after it
    ruling = evaluate("power-duell", "effect-order", {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]})
    assert ruling.open_points() == ("rank-or-recency",)
    assert silent_points(ruling) == ["rank-or-recency"]
    assert ruling.leaves_open == 1
    assert "on one point the texts leave open" in ruling.verdict.id


def test_power_duell_a_cost_below_zero_is_one_point():
    ruling = evaluate("power-duell", "wirkungsbegrenzung", {
        "limit_planet": "venus", "cost_change": -1, "monsters": [
            {"planet": "venus", "cost": 4}, {"planet": "mars", "cost": 4},
            {"planet": "venus", "cost": 0}]})
    assert ruling.open_points() == ("monster-3-cost-below-zero",)
    assert ruling.leaves_open == 1


def test_marvel_a_disputed_target_is_one_point():
    ruling = evaluate("marvel-champions", "situation", {
        "kind": "card_ability", "effects": [
            {"verb": "deal_damage", "amount": 2, "selector": "one", "target_type": "enemy"},
            {"verb": "give_status", "status": "stunned", "selector": "joint"}],
        "villain": [{"conditions": ["cannot_take_damage"]}], "minions": [], "main_scheme": [],
        "side_schemes": [], "characters": [], "other_cards": [], "players": [{"deck": 10}]})
    assert ruling.open_points() == ("damage-among-several",)
    assert set(silent_points(ruling)) == {"damage-among-several"}
    assert ruling.leaves_open == 1


def test_berserk_each_point_of_a_card_history_once():
    ruling = evaluate("berserk", "situation", {
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite",
        "initial_movement": 3, "elements": ["forest"], "in_play_zone": True,
        "changes": [{"change": "gain-flight"}, {"change": "become-artifact"},
                    {"change": "lose-type"}],
        "turn": "own", "phase": "main", "subphase": "choice", "strike_declared": "none",
        "features": [], "targets": []})
    points = set(ruling.open_points())
    assert points and points <= set(silent_points(ruling))
    untagged = [p for p in silent_points(ruling) if p is None]
    assert ruling.leaves_open == len(points) + len(untagged)


def test_readings_together_are_no_point_of_their_own():
    # two monster-1 points met together (spezial-or-wirkung, rank-or-recency): their
    # combinations are shown as readings of "together", which the verdict does not count
    from engine.powerduell import SITUATION
    from bench.engine_bench import TABLE
    ruling = SITUATION.evaluate(TABLE)
    together = {r.point for r in ruling.readings if r.question == TOGETHER}
    assert together
    steps = sum(1 for s in ruling.steps if s.outcome in (Outcome.SILENT, Outcome.ASSUMED))
    counted_before = steps + len(ruling.open_points())  # every step and every point
    assert ruling.leaves_open <= counted_before - len(together)


def test_a_symbiotes_closing_is_one_point():
    """The silent step saying a symbiote lacks closing is the non-flying-subtype point its
    readings show: 'rests on one point', not two (a judge's table)."""
    situation = engine.find_scenario(engine.rulesets(), "berserk", "situation")
    ruling = situation.evaluate({
        "initial_type": "creature", "initial_subtype": "symbiote", "initial_status": "ordinary",
        "elements": ["darkness"], "turn": "own", "phase": "main", "subphase": "choice",
        "strike_declared": "none"})
    assert ruling.open_points() == ("non-flying-subtype",)
    assert ruling.leaves_open == 1


#: Each declared open point's reason: a silent step giving it is about that point.
WHYS = {point.why for ruleset in RULESETS for point in ruleset.open_points()}
#: Tables whose silent steps are about declared points (judge rounds 4 and 5).
POINT_TABLES = [
    ("berserk", "situation", {  # a creature that becomes its initial subtype again by name
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
        "initial_movement": 2, "elements": ["swamp"], "turn": "own", "phase": "main",
        "subphase": "choice", "strike_declared": "none", "changes": [
            {"change": "become-creature", "subtype": "symbiote", "movement": 1},
            {"change": "become-creature", "subtype": "non-flying"}]}),
    ("berserk", "situation", {  # a gained element with another change after it (round 6)
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
        "initial_movement": 1, "elements": ["swamp"], "turn": "own", "phase": "main",
        "subphase": "choice", "strike_declared": "none", "changes": [
            {"change": "gain-element", "element": "forest"},
            {"change": "gain-element", "element": "swamp"}],
        "features": [{"feature_element": "forest", "strike_bonus": 2}],
        "targets": [{"elements": ["forest", "mountains"]}]}),
    ("marvel-champions", "target-validity", {  # a future target, no card to draw (round 6)
        "kind": "card_ability", "effects": [
            {"verb": "draw", "amount": 2, "selector": "you"},
            {"verb": "future", "amount": 1, "selector": "future"}], "players": [{"deck": 0}],
        "villain": [], "minions": [], "main_scheme": [], "side_schemes": [], "characters": [],
        "other_cards": []}),
    ("marvel-champions", "situation", {  # a basic attack on a villain that cannot be attacked
        "kind": "basic_attack", "actor": 1, "villain": [{"conditions": ["cannot_be_attacked"]}],
        "characters": [{"kind": "hero", "atk": 0, "thw": 1, "def": 1}], "minions": [],
        "main_scheme": [], "side_schemes": [], "other_cards": [], "players": []}),
]
EXAMPLES = [(s.game, s.slug, dict(e.inputs)) for ruleset in RULESETS for s in ruleset.scenarios
            for e in s.examples]


def test_a_silent_step_giving_an_open_points_reason_names_that_point():
    """A silent step about a declared open point that names none counts as a point of its own
    beside the point's readings (judge round 5: "3 points" for 2, and 2 for 1)."""
    for game, slug, inputs in POINT_TABLES + EXAMPLES:
        ruling = evaluate(game, slug, inputs)
        unnamed = [s.message.id for s in ruling.steps if s.outcome is Outcome.SILENT
                   and s.point is None and s.reason in WHYS]
        assert unnamed == [], (game, slug)
    for game, slug, inputs in POINT_TABLES:
        ruling = evaluate(game, slug, inputs)
        named = {s.point for s in ruling.steps if s.outcome is Outcome.SILENT and s.point}
        assert named and named <= set(ruling.open_points()), (game, slug)


def test_each_judge_table_rests_on_as_many_points_as_it_has():
    """The judge tables: one point each, but the basic attack (what the basic power does,
    assumed, and whether it is labelled Angriff)."""
    assert [evaluate(*table).leaves_open for table in POINT_TABLES] == [1, 1, 1, 2]

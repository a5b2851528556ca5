"""The Berserk situations of the judge's report (/work/judge/report.md, BK-N1..BK-N8): the
rulings a judge worked out from the text of 106–109, with the readings where the text leaves
a point open."""

from __future__ import annotations

from engine.berserk import (
    ELEMENT_FEATURE, FLIGHT_ICON, NOT_COVERED_VALUE, NOT_STATED, SITUATION, TIMING, CardType, Element, Relation,
    Subtype, rule_under,
)
from engine.core import Outcome

BASE = {"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
        "initial_movement": 2, "elements": ["swamp"], "turn": "own", "phase": "main",
        "subphase": "choice", "strike_declared": "none"}
BAGRAKH = [{"feature_element": "swamp", "strike_bonus": 2}]


def readings(ruling, point, *names):
    return [tuple(r.value(name) for name in names) for r in ruling.readings_of(point)]


def test_bk_n1_a_neutral_creature_gains_swamp():
    """106 ¶3 only forbids gaining an element the card has; whether the card stays neutral is
    not said: different elements (106 ¶2) or, still neutral, "кроме нейтральных карт"."""
    ruling = SITUATION.evaluate({**BASE, "elements": ["neutral"], "features": BAGRAKH,
                                 "changes": [{"change": "gain-element", "element": "swamp"}],
                                 "targets": [{"elements": ["forest"]}]})
    assert readings(ruling, "change-1-neutral", "target_1_relation") == [
        (Relation.DIFFERENT.label,), (Relation.NEITHER.label,)]


def test_bk_n1c_bagrakh_against_a_card_given_as_neutral_and_swamp():
    """106 ¶1 "против любой карты, обладающей этой стихией": +2 whatever its neutrality; 106 ¶2:
    swamp belongs to both, the same element.  The input is outside the texts: incomplete."""
    ruling = SITUATION.evaluate({**BASE, "features": BAGRAKH,
                                 "targets": [{"elements": ["neutral", "swamp"]}]})
    assert not ruling.complete
    assert ruling.value("feature_1_target_1") == 2
    assert ruling.value("target_1_relation") == Relation.SAME.label


def test_bk_n2_a_creature_that_becomes_equipment_and_gains_swamp():
    """108.1 "все свойства в поле базовых свойств становятся такими, чтобы соответствовать этому
    типу": whether equipment keeps its elements is not said — as for an artifact (BK-N2b);
    where it loses them as something it cannot have, it cannot gain one (judge round 15)."""
    for new_type in ("equipment", "artifact", "terrain", "condition"):
        ruling = SITUATION.evaluate({**BASE, "elements": ["forest", "swamp"], "changes": [
            {"change": f"become-{new_type}"}, {"change": "gain-element", "element": "swamp"}]})
        assert ruling.value("type") == CardType(new_type).label
        assert ruling.value("additional_properties") == ()
        assert readings(ruling, "change-1-elements", "elements") == [
            ((Element.FOREST.label, Element.SWAMP.label),), ((),)]


def test_a_symbiote_or_an_independent_creature_gains_flight():
    """108.1 "оно заменяет свойство, расположенное в той же области на карте": its example
    replaces the movement with the flight icon; whether flying creature also replaces the
    subtype (106.4 lists it beside symbiote and independent creature) is not said.  Either
    way the card flies: no closing (107.1), and losing flight gives its movement back."""
    for subtype in (Subtype.SYMBIOTE, Subtype.INDEPENDENT):
        start = {**BASE, "initial_subtype": subtype.value, "initial_movement": 1}
        ruling = SITUATION.evaluate({**start, "changes": [{"change": "gain-flight"}]})
        assert not ruling.settled and ruling.complete
        assert readings(ruling, "change-1-subtype-flight", "subtype") == [
            (Subtype.FLYING.label,), (subtype.label,)]  # only the subtype differs
        assert ruling.value("subtype") == Subtype.FLYING.label  # the reading presented first
        assert (ruling.value("movement"), ruling.value("closing_now")) == (FLIGHT_ICON, False)
        kept = {v.name: v.value for v in rule_under(SITUATION, {
            **start, "changes": [{"change": "gain-flight"}]}, {"change-1-subtype-flight": "kept"})}
        assert (kept["subtype"], kept["movement"], kept["closing_now"]) == (
            subtype.label, FLIGHT_ICON, False)
        back = SITUATION.evaluate({**start, "changes": [{"change": "gain-flight"},
                                                        {"change": "lose-flight"}]})
        assert (back.value("subtype"), back.value("movement")) == (subtype.label, 1)
    # a non-flying creature: the clause's own example, settled
    ruling = SITUATION.evaluate({**BASE, "changes": [{"change": "gain-flight"}]})
    assert ruling.readings_of("change-1-subtype-flight") == ()
    assert ruling.value("subtype") == Subtype.FLYING.label


def test_bk_n3_a_creature_printed_flying_loses_flight():
    """108.1 "возвращается начальный подтип": the initial subtype is flying; the engine's
    non-flying creature is one reading, the text as written the other."""
    ruling = SITUATION.evaluate({**BASE, "initial_subtype": "flying", "initial_movement": None,
                                 "changes": [{"change": "lose-flight"}]})
    assert readings(ruling, "change-1-lost-flight", "subtype", "movement", "closing_now") == [
        (Subtype.NON_FLYING.label, NOT_STATED, True), (Subtype.FLYING.label, FLIGHT_ICON, False)]
    assert ruling.value("simple_strike_now") is True  # either way (107.1, 107.2)


def test_bk_n4_a_symbiote_may_close_or_not():
    """107.1 gives closing to "все нелетающие существа"; 106.4 lists the symbiote beside the
    non-flying creature: open, in the situation and in the focused timing scenario."""
    situation = SITUATION.evaluate({**BASE, "initial_subtype": "symbiote",
                                    "initial_movement": None})
    timing = TIMING.evaluate({"card_type": "creature", "card_subtype": "symbiote", "turn": "own",
                              "phase": "main", "subphase": "choice", "strike_declared": "none"})
    assert readings(situation, "non-flying-subtype", "closing_now") == [(False,), (True,)]
    assert readings(timing, "non-flying-subtype", "closing") == [(False,), (True,)]
    assert situation.value("simple_strike_now") is True and timing.value("defender") is False


def test_bk_n5_a_defender_against_its_own_players_strike():
    """107.3 "при объявлении простого удара" does not say whose strike: open."""
    ruling = SITUATION.evaluate({**BASE, "strike_declared": "own"})
    assert readings(ruling, "defender-own-strike", "defender_now") == [(False,), (True,)]
    assert ruling.value("simple_strike_now") is True and ruling.value("closing_now") is True


def test_bk_n6_to_n8_stay_as_the_judge_found_them():
    flight = SITUATION.evaluate({**BASE, "initial_movement": 3, "changes": [
        {"change": "gain-flight"}, {"change": "become-artifact"}, {"change": "lose-type"}]})
    assert (flight.value("subtype"), flight.value("movement"), flight.value("closing_now")) == (
        Subtype.NON_FLYING.label, 3, True)
    # 108.1 settles the subtype: the initial one comes back (the gain of flight went with the
    # type); only whether an artifact keeps its elements is open
    assert set(flight.open_points()) == {"change-2-elements"}
    wings = SITUATION.evaluate({**BASE, "initial_movement": 1,
                                "non_game_elements": ["illustration", "rarity"]})
    assert wings.settled and wings.value("closing_now") is True
    kept = SITUATION.evaluate({**BASE, "changes": [{"change": "gain-flight"}],
                               "use_prevented": ["simple-strike"]})
    assert kept.value("simple_strike") is True and kept.value("simple_strike_now") is False
    assert kept.value("closing") is False and kept.settled


def test_a_feature_against_neutral_applies_to_a_neutral_target_by_its_own_words():
    """Judge rounds 4 (J-BK-4) and 5: a neutral card with a feature against neutral (+2) and
    one against swamp (−1), against a neutral target and a swamp target.  A feature against
    neutral cards names them itself: against a neutral card it applies whether or not neutral
    is an element (106 ¶2 sets neutral cards apart), so neither an assumption nor a reading
    of +0 — once a silent step counted as a point the ruling rested on.  Against the swamp
    target it does not apply under any reading.  The one open point: whether two neutral
    cards share an element."""
    ruling = SITUATION.evaluate({
        **BASE, "elements": ["neutral"],
        "features": [{"feature_element": "neutral", "strike_bonus": 2},
                     {"feature_element": "swamp", "strike_bonus": -1}],
        "targets": [{"elements": ["neutral"]}, {"elements": ["swamp"]}]})
    applies = [s for s in ruling.steps if "the target is a neutral card" in
               s.message.param_dict().get("step", s.message).id]
    assert [s.message.param_dict()["target"] for s in applies] == [1]
    assert all(s.outcome is Outcome.APPLIED for s in applies)
    assert (ruling.value("feature_1_target_1"), ruling.value("feature_1_target_2")) == (2, 0)
    assert ruling.value("feature_2_target_2") == -1
    assert ruling.open_points() == ("target-1-neutral-shared-element",)
    assert ruling.leaves_open == 1
    alone = ELEMENT_FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                                      "target_elements": ["neutral"]})
    assert alone.settled and alone.value("strike_bonus") == 1


def test_a_slow_property_the_moment_rules_out_is_no_even_where_closing_is_not_covered():
    """Judge round 6 (BK6-5): an artifact that becomes a creature with no subtype named: whether
    it has closing is not covered, but in the opponent's turn no slow property may be declared
    (107.2), so "may use closing now" is no, not "not covered"."""
    table = {"initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
             "elements": ["steppe"], "changes": [{"change": "become-creature"}],
             "turn": "opponent", "phase": "main", "subphase": "choice",
             "strike_declared": "opponent"}
    ruling = SITUATION.evaluate(table)
    assert ruling.value("closing") == NOT_COVERED_VALUE and not ruling.complete
    assert ruling.value("closing_now") is False
    own = SITUATION.evaluate({**table, "turn": "own", "strike_declared": "none"})
    assert own.value("closing_now") == NOT_COVERED_VALUE  # the moment allows it: not covered

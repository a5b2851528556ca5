"""106 ¶1–¶3: features against elements, same and different elements, gaining elements."""

from __future__ import annotations

import pytest

from engine.berserk import NOT_COVERED_VALUE, SITUATION, Element, Relation
from engine.core import InputError, Outcome
from tests.engine.berserk.clauses import (
    CLAUSE_TEXT, SITUATION_STEP_WORDS, FEATURE, SAME, GAIN, HISTORY, check_ruling,
)


def test_feature_negative_bonus_and_other_elements():
    ruling = FEATURE.evaluate({"feature_element": "darkness", "strike_bonus": -1,
                               "target_elements": ["steppe", "darkness", "mountains"]})
    assert ruling.value("strike_bonus") == -1
    assert ruling.steps[0].message.param_dict()["bonus"] == "-1"


def test_feature_against_neutral_applies_to_a_neutral_card_without_an_assumption():
    """The feature names neutral cards itself: whether neutral is an element (106 ¶2 sets
    neutral cards apart) does not change that it applies to one (judge round 5)."""
    hit = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                            "target_elements": ["neutral"]})
    assert hit.value("strike_bonus") == 1 and hit.settled
    (applied,) = hit.steps
    assert applied.outcome is Outcome.APPLIED
    assert {c.key for c in applied.citations} == {"106.p1", "106.p2"}
    miss = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                             "target_elements": ["forest"]})
    assert miss.value("strike_bonus") == 0
    # a feature against swamp does not hit a neutral card
    neutral = FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                                "target_elements": ["neutral"]})
    assert neutral.value("strike_bonus") == 0 and neutral.by_outcome(Outcome.SILENT) == ()


def test_a_neutral_card_with_elements_is_ruled_as_not_covered_not_refused():
    """106 ¶2 sets neutral cards apart but nowhere says a neutral card cannot have an
    element: such a card is ruled on by the clauses and the ruling is incomplete."""
    what = ("%(card)s is given as neutral and also with the elements %(elements)s; the texts "
            "do not say whether a neutral card can have an element")
    for ruling in (FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                                     "target_elements": ["neutral", "swamp"]}),
                   FEATURE.evaluate_form({"feature_element": "swamp", "strike_bonus": "2",
                                          "target_elements": ["neutral", "swamp"]})):
        assert ruling.value("strike_bonus") == 2  # 106 ¶1: any card having swamp
        assert ruling.complete is False
        (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
        assert step.message.param_dict()["what"].id == what
        assert step.message.param_dict()["what"].render() == (
            "the target card is given as neutral and also with the elements swamp (болота); "
            "the texts do not say whether a neutral card can have an element")
        assert [c.key for c in step.citations] == ["106.p2"]
        check_ruling(FEATURE, ruling)
    alone = FEATURE.evaluate({"feature_element": "neutral", "strike_bonus": 1,
                              "target_elements": ["neutral"]})
    assert alone.complete is True and alone.value("strike_bonus") == 1
    mixed = SAME.evaluate({"card_a_elements": ["swamp"], "card_b_elements": ["neutral", "swamp"]})
    assert mixed.value("relation") == Relation.SAME.label  # 106 ¶2: swamp belongs to both
    assert mixed.complete is False
    apart = SAME.evaluate({"card_a_elements": ["swamp"], "card_b_elements": ["neutral", "forest"]})
    # 106 ¶2 excepts neutral cards, and whether card B is one is not covered: no fact stated
    assert apart.value("relation") == NOT_COVERED_VALUE
    assert apart.value("same_element") is False  # no element belongs to both
    assert apart.value("different_elements") == NOT_COVERED_VALUE
    # no step states a relation the value does not give (a judge helper's table)
    (said,) = [s for s in apart.steps if s.message.id.startswith("The relation of the")]
    assert said.outcome is Outcome.NOT_APPLICABLE and "card B" in said.reason.render()
    assert not any(s.message.id.startswith(("The cards are neither", "No element belongs"))
                   for s in apart.steps)
    assert [s.message.param_dict()["what"].param_dict()["card"].id
            for s in apart.by_outcome(Outcome.NOT_COVERED)] == ["card B"]
    gain = GAIN.evaluate({"card_elements": ["neutral", "swamp"], "gained_elements": ["swamp"]})
    assert gain.value("changed") is False and gain.complete is False
    for ruling, scenario in ((mixed, SAME), (apart, SAME), (gain, GAIN)):
        check_ruling(scenario, ruling)


def test_genuine_element_input_errors_stay_errors():
    with pytest.raises(InputError) as error:
        GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["neutral"]})
    assert error.value.field == "gained_elements"
    with pytest.raises(InputError) as error:
        SAME.evaluate({"card_a_elements": [], "card_b_elements": ["forest"]})
    assert error.value.field == "card_a_elements"


@pytest.mark.parametrize("a,b,which", [
    (["neutral"], ["swamp"], "card A is neutral"),
    (["forest", "swamp"], ["neutral"], "card B is neutral"),
])
def test_neutral_cards_are_neither_same_nor_different(a, b, which):
    """Settled by 106 ¶2 (judge round 5, BKJ-2): no element belongs to both cards, and
    "(кроме нейтральных карт)" excepts them from "different elements"; the step is applied,
    not an assumption, and the ruling rests on no open point."""
    ruling = SAME.evaluate({"card_a_elements": a, "card_b_elements": b})
    assert ruling.value("relation") == Relation.NEITHER.label
    assert ruling.value("same_element") is False
    assert ruling.value("different_elements") is False
    assert ruling.settled and ruling.complete and not ruling.readings
    (step,) = ruling.steps
    assert step.outcome is Outcome.APPLIED and step.reason is None
    assert step.message.param_dict()["which"].id == which
    assert [c.key for c in step.citations] == ["106.p2"]


def test_two_neutral_cards_show_both_readings_of_neutral_as_a_shared_element():
    """106 ¶2 excepts neutral cards from "different elements" but does not say whether
    neutral is itself an element both cards belong to: both readings are shown."""
    ruling = SAME.evaluate({"card_a_elements": ["neutral"], "card_b_elements": ["neutral"]})
    assert ruling.value("relation") == Relation.NEITHER.label
    assert ruling.value("same_element") is False and ruling.value("different_elements") is False
    (step,) = ruling.steps
    assert step.outcome is Outcome.SILENT and [c.key for c in step.citations] == ["106.p2"]
    first, other = ruling.readings_of("neutral-shared-element")
    assert first.presented_first and first.why.render()
    assert first.value("relation") == Relation.NEITHER.label
    assert first.value("same_element") is False and first.value("shared_elements") == ()
    assert other.value("relation") == Relation.SAME.label
    assert other.value("same_element") is True
    assert other.value("shared_elements") == (Element.NEUTRAL.label,)
    assert [c.key for c in other.citations] == ["106.p2"]
    assert not ruling.settled


@pytest.mark.parametrize("a,b", [(["neutral"], ["swamp"]), (["forest"], ["mountains"]),
                                 (["swamp", "forest"], ["swamp"])])
def test_no_neutral_reading_where_the_readings_agree(a, b):
    assert SAME.evaluate({"card_a_elements": a, "card_b_elements": b}).readings == ()


def test_the_table_shows_the_neutral_readings_per_target():
    ruling = SITUATION.evaluate({**HISTORY, "elements": ["neutral"],
                                 "targets": [{"elements": ["swamp"]}, {"elements": ["neutral"]}]})
    assert ruling.value("target_2_relation") == Relation.NEITHER.label
    assert "target-1-neutral-shared-element" not in ruling.open_points()
    first, other = ruling.readings_of("target-2-neutral-shared-element")
    assert (first.value("target_2_relation"), other.value("target_2_relation")) == (
        Relation.NEITHER.label, Relation.SAME.label)


def test_several_shared_elements_each_named():
    ruling = SAME.evaluate({"card_a_elements": ["steppe", "forest", "darkness"],
                            "card_b_elements": ["darkness", "steppe"]})
    assert ruling.value("shared_elements") == (Element.STEPPE.label, Element.DARKNESS.label)
    assert [s.message.param_dict()["element"] for s in ruling.steps] == [
        Element.STEPPE.label, Element.DARKNESS.label]


def test_gain_new_and_old_elements():
    ruling = GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["swamp", "forest"]})
    assert ruling.value("elements") == (Element.FOREST.label, Element.SWAMP.label)
    assert ruling.value("gained") == (Element.FOREST.label,)
    assert ruling.value("not_gained") == (Element.SWAMP.label,)
    assert ruling.value("changed") is True
    outcomes = [(s.outcome, s.message.param_dict().get("element")) for s in ruling.steps]
    assert outcomes == [(Outcome.NOT_APPLICABLE, Element.FOREST.label),
                        (Outcome.APPLIED, Element.SWAMP.label),
                        (Outcome.SILENT, None), (Outcome.NOT_COVERED, None)]
    assert {c.key for c in ruling.steps[2].citations} == {"106.p2", "106.p3", "108.1"}
    # if a gained element replaces the card's elements (108.1), the order of the two gains
    # decides: swamp then forest leaves forest; forest then swamp (no longer held, 106 ¶3)
    # leaves swamp. The focused scenario is given no order (judge round 9)
    (_adds, replaces) = ruling.readings_of("gained-element")
    assert replaces.value("elements") == NOT_COVERED_VALUE
    assert ruling.steps[-1].message.param_dict()["reading"] == replaces.label
    assert {c.key for c in ruling.steps[-1].citations} == {"106.p3", "108.1"}
    assert not ruling.complete
    # one gained element: the order decides nothing, and the ruling is complete
    one = GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["forest"]})
    assert one.complete and one.readings_of("gained-element")[1].value("elements") == (
        Element.FOREST.label,)


def test_neutral_card_gains_element():
    ruling = GAIN.evaluate({"card_elements": ["neutral"], "gained_elements": ["darkness"]})
    assert ruling.value("elements") == (Element.DARKNESS.label,)
    (step,) = ruling.steps
    assert step.outcome is Outcome.SILENT
    assert {c.key for c in step.citations} == {"106.p3", "106.p2"}


def test_each_feature_and_relation_step_names_its_feature_and_target():
    """A judge with two features and two targets read "The feature against swamp applies"
    and "… does not apply" without knowing which target each was about."""
    ruling = SITUATION.evaluate({**HISTORY, "elements": ["swamp", "forest"],
                                 "features": [{"feature_element": "swamp", "strike_bonus": 2},
                                              {"feature_element": "mountains",
                                               "strike_bonus": 1}],
                                 "targets": [{"elements": ["swamp", "darkness"]},
                                             {"elements": ["mountains"]}]})
    about = [s.message.param_dict() for s in ruling.steps
             if s.message.id in SITUATION_STEP_WORDS]
    pairs = {(p.get("feature"), p["target"]) for p in about}
    assert {(1, 1), (1, 2), (2, 1), (2, 2), (None, 1), (None, 2)} <= pairs
    for step in ruling.steps:
        if step.message.id in SITUATION_STEP_WORDS:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations)
            for word in SITUATION_STEP_WORDS[step.message.id]:
                assert word in text, (step.message.id, word)


def test_a_neutral_card_that_gains_an_element_shows_whether_it_stays_neutral():
    """106 ¶3 only stops the gain of an element the card has; whether a neutral card that gains
    one stays neutral is not said.  No longer neutral: swamp and forest share nothing, different
    elements (106 ¶2); still neutral: "кроме нейтральных карт", neither."""
    ruling = SITUATION.evaluate({
        **HISTORY, "elements": ["neutral"],
        "changes": [{"change": "gain-element", "element": "swamp"}],
        "targets": [{"elements": ["forest"]}]})
    assert ruling.complete
    assert ruling.value("target_1_relation") == Relation.DIFFERENT.label
    first, stays = ruling.readings_of("change-1-neutral")
    assert first.value("target_1_relation") == Relation.DIFFERENT.label
    assert stays.value("target_1_relation") == Relation.NEITHER.label
    assert stays.value("elements") == (Element.SWAMP.label, Element.NEUTRAL.label)


def test_a_point_first_met_under_a_reading_is_open_there_too():
    """106 ¶3: a neutral card gains steppe; a neutral target.  Under "no longer neutral" the
    cards are neither of the same nor of different elements (the target is neutral).  Under
    "stays neutral", both cards are neutral, and whether neutral is an element two neutral
    cards share is open in its turn: each answer is a reading of its own, as the relation
    differs (neither / the same element); the ruling showed only the first of them."""
    ruling = SITUATION.evaluate({
        **HISTORY, "elements": ["neutral"],
        "changes": [{"change": "gain-element", "element": "steppe"}],
        "targets": [{"elements": ["neutral"]}]})
    readings = ruling.readings_of("change-1-neutral")
    assert [r.value("target_1_relation") for r in readings] == [
        Relation.NEITHER.label, Relation.NEITHER.label, Relation.SAME.label]
    first, *stays = readings
    assert first.label.id == "It is no longer neutral"
    for reading, answer in zip(stays, ("Neutral is no element", "Neutral is an element both")):
        params = reading.label.param_dict()
        assert reading.label.id == "%(reading)s, and then (%(question)s): %(other)s"
        assert params["reading"].id == "It stays neutral and also has the element"
        assert params["question"].id.startswith("Is neutral an element")
        assert params["other"].id.startswith(answer), params["other"].id
        assert reading.value("elements") == (Element.STEPPE.label, Element.NEUTRAL.label)
    assert {c.key for c in stays[1].citations} == {"106.p3", "106.p2"}

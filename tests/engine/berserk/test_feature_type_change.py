"""A feature against an element on a card whose type changes (judge report D4), and the wording
of two steps: the 106 ¶3 ban on gaining an element again, and the non-game elements (109.1).

108.1: a creature that becomes an artifact loses "свойства и особенности, которые не может
иметь артефакт" and names none; whether a feature such as "+2 к удару по болотным" (106 ¶1)
survives is open: kept (+2) or lost (no bonus), both shown, citing 108.1 and 106 ¶1."""

from __future__ import annotations

from engine.berserk import ELEMENT_GAIN, NOT_COVERED_VALUE, SITUATION, Element
from engine.core import Outcome
from tests.engine.berserk.clauses import CLAUSE_TEXT, GAIN, check_ruling, steps_with

D4 = {"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
      "initial_movement": 2, "elements": ["swamp"], "changes": [{"change": "become-artifact"}],
      "turn": "own", "phase": "main", "subphase": "choice", "strike_declared": "none",
      "features": [{"feature_element": "swamp", "strike_bonus": 2}],
      "targets": [{"elements": ["swamp"]}]}
ANNOUNCE = ("Change %(number)s changes the card's type to %(type)s; whether it keeps feature "
            "%(feature)s (%(bonus)s to strike against %(element)s) is open; both readings are "
            "shown.")


def _bonus_readings(ruling, point):
    return [(r.value("feature_1_target_1"), [c.key for c in r.citations])
            for r in ruling.readings_of(point)]


def test_d4_a_creature_that_becomes_an_artifact_keeps_or_loses_its_feature():
    ruling = SITUATION.evaluate(D4)
    assert ruling.value("simple_strike") is False  # 107.1: only creatures strike
    assert _bonus_readings(ruling, "change-1-feature-1") == [
        (2, ["108.1", "106.p1"]), (0, ["108.1"])]
    assert ruling.value("feature_1_target_1") == 2  # the reading presented first
    assert not ruling.settled
    (step,) = steps_with(ruling, ANNOUNCE)
    assert step.outcome is Outcome.SILENT
    assert [c.key for c in step.citations] == ["108.1", "106.p1"]
    assert "особенности, которые не может иметь артефакт" in CLAUSE_TEXT["108.1"]
    check_ruling(SITUATION, ruling)


def test_an_artifact_that_becomes_a_creature_keeps_its_features():
    """Judge round 17 (BK-5): 106.p1's own example ("Баграх имеет +2 к удару по болотным")
    is a creature's feature, so a creature can have one: 108.1 takes nothing from a card
    that becomes a creature, and no reading says it loses the feature."""
    ruling = SITUATION.evaluate({
        **D4, "initial_type": "artifact", "initial_subtype": None, "initial_movement": None,
        "changes": [{"change": "become-creature", "subtype": "non-flying", "movement": 2}]})
    assert ruling.value("simple_strike") is True
    assert _bonus_readings(ruling, "change-1-feature-1") == []
    assert ruling.value("feature_1_target_1") == 2
    check_ruling(SITUATION, ruling)


def test_back_to_the_initial_type_asks_nothing_more():
    """The card had its features as a card of its initial type: only the change away asks."""
    ruling = SITUATION.evaluate({**D4, "changes": [{"change": "become-artifact"},
                                                   {"change": "lose-type"}]})
    points = [p for p in ruling.open_points() if "feature" in p]
    assert points == ["change-1-feature-1"]
    assert ruling.value("simple_strike") is True


def test_the_point_is_not_shown_where_the_feature_gives_no_bonus_either_way():
    ruling = SITUATION.evaluate({**D4, "targets": [{"elements": ["forest"]}]})
    assert ruling.value("feature_1_target_1") == 0
    assert not [p for p in ruling.open_points() if "feature" in p]
    assert not steps_with(ruling, ANNOUNCE)
    without_change = SITUATION.evaluate({**D4, "changes": []})
    assert without_change.value("feature_1_target_1") == 2 and without_change.settled


def test_each_feature_is_asked_about_on_its_own():
    ruling = SITUATION.evaluate({**D4, "features": [
        {"feature_element": "swamp", "strike_bonus": 2},
        {"feature_element": "swamp", "strike_bonus": -1}]})
    assert [(p, [r.value(f"feature_{p[-1]}_target_1") for r in ruling.readings_of(p)])
            for p in ruling.open_points() if "feature" in p] == [
        ("change-1-feature-1", [2, 0]), ("change-1-feature-2", [-1, 0])]


def test_the_gain_of_an_element_the_card_lacks_says_the_ban_does_not_apply():
    """106 ¶3 "Карта не может получать стихию, которую уже имеет": considered, not applicable,
    worded so that it does not read as "the gain did not happen"."""
    ruling = GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["mountains"]})
    (step,) = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert step.message.id == ("The card does not have the %(element)s element yet: the ban on "
                               "gaining an element it already has does not apply.")
    assert step.message.param_dict() == {"element": Element.MOUNTAINS.label}
    assert Element.MOUNTAINS.label in ruling.value("gained")
    assert ELEMENT_GAIN is GAIN
    check_ruling(GAIN, ruling)


def test_the_non_game_elements_step_says_what_109_1_says():
    """109.1: "служат для художественного и вспомогательного оформления карты" — nothing about
    rulings."""
    ruling = SITUATION.evaluate({**D4, "non_game_elements": ["legend"]})
    (step,) = [s for s in ruling.by_outcome(Outcome.NOT_APPLICABLE)
               if s.message.id == "%(element)s is a non-game element."]
    assert step.reason.id == "Non-game elements on a card serve its artistic and auxiliary design."
    assert "ruling" not in step.reason.render()
    assert "художественного и вспомогательного оформления" in CLAUSE_TEXT["109.1"]


def test_a_feature_against_neutral_on_a_target_given_as_neutral_with_an_element_says_no_result():
    """Judge round 13 (BK-3): the target is given as neutral and with swamp (not covered: the
    texts do not say whether a neutral card can have an element).  The feature against
    neutral cards is then not ruled on, and no step says it applies (+1)."""
    ruling = SITUATION.evaluate({**D4, "changes": [], "features": [
        {"feature_element": "neutral", "strike_bonus": 1}],
        "targets": [{"elements": ["neutral"]}, {"elements": ["swamp", "neutral"]}]})
    assert (ruling.value("feature_1_target_1"), ruling.value("feature_1_target_2")) == (
        1, NOT_COVERED_VALUE)
    (step,) = [s for s in ruling.steps if s.message.id.startswith("Feature %(feature)s")
               and s.message.param_dict()["target"] == 2]
    assert step.outcome is Outcome.NOT_APPLICABLE and step.message.param_dict()["step"].id == (
        "Whether the feature against neutral cards applies is not ruled on.")
    assert not ruling.complete

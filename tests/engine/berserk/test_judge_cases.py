"""Judge cases BK-1..BK-8 (tests/rulebook/calculator_cases.py has them through the site)."""

from __future__ import annotations

from engine.berserk import (
    FLIGHT_ICON, AdditionalProperty, CardType, Element, Relation, Status, Subtype,
)
from engine.core import Outcome
from tests.engine.berserk.clauses import (
    FEATURE, SAME, GAIN, REPLACEMENT, TIMING, FLIGHT_START, TIMING_BASE, keys, steps_with,
    only_step, check_ruling,
)


def test_BK_1_bagrakh_strikes_swamp_forest():
    data = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}
    for ruling in (FEATURE.evaluate(data),
                   FEATURE.evaluate_form({"feature_element": "swamp", "strike_bonus": "2",
                                          "target_elements": ["swamp", "forest"]})):
        assert ruling.value("strike_bonus") == 2
        assert ruling.value("feature_applies") is True
        assert keys(ruling) == {"106.p1"}
        step = only_step(ruling, "The feature against %(element)s applies: the target has "
                                 "that element (%(bonus)s to strike).")
        assert step.outcome is Outcome.APPLIED
        assert step.message.param_dict() == {"element": Element.SWAMP.label, "bonus": "+2"}
        check_ruling(FEATURE, ruling)


def test_BK_2_bagrakh_strikes_mountains():
    ruling = FEATURE.evaluate({"feature_element": "swamp", "strike_bonus": 2,
                               "target_elements": ["mountains"]})
    assert ruling.value("strike_bonus") == 0
    assert ruling.value("feature_applies") is False
    assert keys(ruling) == {"106.p1"}
    assert ruling.by_outcome(Outcome.APPLIED) == ()
    (step,) = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert step.message.id == "The feature against %(element)s (%(bonus)s to strike) does not apply."
    assert step.message.param_dict()["bonus"] == "+2"
    assert step.reason.param_dict() == {"element": Element.SWAMP.label}
    check_ruling(FEATURE, ruling)


def test_BK_3_same_element():
    a = SAME.evaluate({"card_a_elements": ["forest", "swamp"],
                       "card_b_elements": ["swamp", "darkness"]})
    assert a.value("same_element") is True
    assert a.value("different_elements") is False
    assert a.value("relation") == Relation.SAME.label
    assert a.value("shared_elements") == (Element.SWAMP.label,)
    assert keys(a) == {"106.p2"}
    assert [s.outcome for s in a.steps] == [Outcome.APPLIED]
    b = SAME.evaluate_form({"card_a_elements": "forest", "card_b_elements": "mountains"})
    assert b.value("same_element") is False
    assert b.value("different_elements") is True
    assert b.value("relation") == Relation.DIFFERENT.label
    assert b.value("shared_elements") == ()
    assert keys(b) == {"106.p2"}
    for ruling in (a, b):
        check_ruling(SAME, ruling)


def test_BK_4_swamp_creature_gains_swamp():
    for ruling in (GAIN.evaluate({"card_elements": ["swamp"], "gained_elements": ["swamp"]}),
                   GAIN.evaluate_form({"card_elements": "swamp", "gained_elements": "swamp"})):
        assert ruling.value("changed") is False
        assert ruling.value("elements") == (Element.SWAMP.label,)
        assert ruling.value("gained") == ()
        assert ruling.value("not_gained") == (Element.SWAMP.label,)
        assert keys(ruling) == {"106.p3"}
        (step,) = ruling.steps
        assert step.outcome is Outcome.APPLIED
        assert step.message.id.startswith("The card already has the %(element)s element")
        check_ruling(GAIN, ruling)


def test_BK_5_non_flying_gains_then_loses_flight():
    gained = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [{"change": "gain-flight"}]})
    assert gained.value("type") == CardType.CREATURE.label
    assert gained.value("subtype") == Subtype.FLYING.label
    assert gained.value("movement") == FLIGHT_ICON
    assert gained.value("closing") is False
    assert gained.value("simple_strike") is True
    assert {"108.1", "107.1"} <= keys(gained)
    flight = only_step(gained, "The card gains flight: flying creature replaces the subtype "
                               "%(old)s, and the flight icon (полёт) replaces its movement "
                               "%(movement)s.")
    assert flight.outcome is Outcome.APPLIED and [c.key for c in flight.citations] == ["108.1"]
    assert flight.message.param_dict()["movement"] == 2
    lost = [s for s in gained.steps if s.message.id.startswith("The card no longer has")]
    assert len(lost) == 1
    assert lost[0].message.param_dict()["property"] == AdditionalProperty.CLOSING.label
    assert {c.key for c in lost[0].citations} == {"107.1", "108.1"}

    form = {"initial_type": "creature", "initial_subtype": "non-flying",
            "initial_status": "ordinary", "initial_movement": "2", "in_play_zone": "on",
            "changes": "2", "changes-0-change": "gain-flight", "changes-1-change": "lose-flight"}
    for back in (REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
            {"change": "gain-flight"}, {"change": "lose-flight"}]}),
            REPLACEMENT.evaluate_form(form)):
        assert back.value("subtype") == Subtype.NON_FLYING.label
        assert back.value("movement") == 2
        assert back.value("closing") is True
        restore = only_step(back, "The card loses %(lost)s; no new subtype is named, so it gets "
                                  "back its initial subtype %(subtype)s with its numeric values "
                                  "(movement %(movement)s).")
        assert restore.outcome is Outcome.APPLIED
        assert {c.key for c in restore.citations} == {"108.1", "108.p1"}
        again = only_step(back, "The card has %(property)s again: it is again one of the "
                                "%(holders)s.")
        assert [c.key for c in again.citations] == ["107.1"]
        assert {"108.1", "107.1"} <= keys(back)
        check_ruling(REPLACEMENT, back)
    check_ruling(REPLACEMENT, gained)


def test_BK_6_elite_becomes_ordinary():
    data = {"initial_type": "artifact", "initial_status": "elite", "in_play_zone": True,
            "changes": [{"change": "become-ordinary"}]}
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("status") == Status.ORDINARY.label
    assert ruling.value("type") == CardType.ARTIFACT.label
    step = only_step(ruling, "The card becomes %(new)s and stops being %(old)s.")
    assert step.outcome is Outcome.APPLIED
    assert [c.key for c in step.citations] == ["108.1"]
    assert step.message.param_dict() == {"new": Status.ORDINARY.label, "old": Status.ELITE.label}
    form = REPLACEMENT.evaluate_form({"initial_type": "creature", "initial_subtype": "flying",
                                      "initial_status": "elite", "changes": "1",
                                      "changes-0-change": "become-ordinary"})
    assert form.value("status") == Status.ORDINARY.label
    assert "108.1" in keys(form)
    check_ruling(REPLACEMENT, ruling)
    check_ruling(REPLACEMENT, form)


def test_BK_7_simple_strike_timing():
    a = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "choice"})
    b = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "choice"})
    c = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "other"})
    c2 = TIMING.evaluate_form({"card_type": "creature", "card_subtype": "non-flying",
                               "in_play_zone": "on", "strike_declared": "none", "turn": "own",
                               "phase": "other"})
    assert a.value("simple_strike") is True
    assert b.value("simple_strike") is False
    assert c.value("simple_strike") is False
    assert c2.value("simple_strike") is False
    slow_ok = ("%(property)s is slow (невнезапное): it may be declared now, in its player's "
               "Choice sub-phase of the Main phase.")
    slow_no = "%(property)s is slow (невнезапное) and may not be declared now."
    strike = AdditionalProperty.SIMPLE_STRIKE.label
    ok = [s for s in steps_with(a, slow_ok) if s.message.param_dict()["property"] == strike]
    assert len(ok) == 1 and ok[0].outcome is Outcome.APPLIED
    assert [c.key for c in ok[0].citations] == ["107.2"]
    for ruling, reason in ((b, "It is the opponent's turn, not its player's own turn."),
                           (c, "It is not the Choice sub-phase of the Main phase."),
                           (c2, "It is not the Main phase.")):
        no = [s for s in steps_with(ruling, slow_no) if s.message.param_dict()["property"] == strike]
        assert [s.reason.id for s in no] == [reason]
        assert no[0].outcome is Outcome.NOT_APPLICABLE
        assert [k.key for k in no[0].citations] == ["107.2"]
    for ruling in (a, b, c, c2):
        assert "107.2" in keys(ruling)
        check_ruling(TIMING, ruling)


def test_BK_8_defender_assignment():
    a = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "choice",
                         "strike_declared": "opponent"})
    b = TIMING.evaluate_form({"card_type": "creature", "card_subtype": "non-flying",
                              "in_play_zone": "on", "turn": "own", "phase": "main",
                              "subphase": "choice", "strike_declared": "none"})
    assert a.value("defender") is True
    assert b.value("defender") is False
    fast = only_step(a, "%(property)s is fast (внезапное): it may be declared now, as the "
                        "opponent declares a simple strike.")
    assert fast.outcome is Outcome.APPLIED and [k.key for k in fast.citations] == ["107.3"]
    silent = only_step(a, "The other conditions for using this property are taken as met.")
    assert silent.outcome is Outcome.SILENT and [k.key for k in silent.citations] == ["107.3"]
    no = only_step(b, "%(property)s may not be declared now.")
    assert no.outcome is Outcome.NOT_APPLICABLE and [k.key for k in no.citations] == ["107.3"]
    assert no.message.param_dict()["property"] == AdditionalProperty.DEFENDER.label
    # in its owner's Choice sub-phase the slow properties are allowed, the fast one is not
    assert b.value("simple_strike") is True and b.value("closing") is True
    for ruling in (a, b):
        assert "107.3" in keys(ruling)
        check_ruling(TIMING, ruling)

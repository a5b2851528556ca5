"""106.3, 106.4, 107.1, 108: a card's type, subtype, status and movement through its changes."""

from __future__ import annotations

import pytest

from engine.berserk import (
    FLIGHT_ICON, NONE_LABEL, NOT_COVERED_VALUE, NOT_STATED, RULESET, SITUATION,
    AdditionalProperty, CardType, Element, Status, Subtype,
)
from engine.core import InputError, Outcome
from tests.engine.berserk.clauses import (
    CLAUSE_TEXT, SITUATION_STEP_WORDS, REPLACEMENT, FLIGHT_START, HISTORY,
    ARTIFACT_BECOMES_CREATURE, NOW_HAS, AGAIN, keys, steps_with, only_step, check_ruling,
    open_readings,
)


def test_creature_becomes_artifact_loses_additional_properties():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "initial_status": "elite",
                                   "changes": [{"change": "become-artifact"}]})
    assert ruling.value("type") == CardType.ARTIFACT.label
    assert ruling.value("subtype") == NONE_LABEL
    assert ruling.value("movement") == NONE_LABEL
    assert ruling.value("status") == Status.ELITE.label
    assert ruling.value("additional_properties") == ()
    for prop in AdditionalProperty:
        assert ruling.value(prop.value_name) is False
    lost = [s for s in ruling.steps if s.message.id.startswith("The card no longer has")]
    assert [s.message.param_dict()["property"] for s in lost] == [p.label for p in AdditionalProperty]
    assert all("No feature can take" in s.message.id for s in lost)
    kinds = {s.message.id: s for s in ruling.steps}
    assert kinds["It loses its subtype %(subtype)s and its movement: only creatures have "
                 "subtypes."].outcome is Outcome.APPLIED
    assert kinds["Only creatures have subtypes."].outcome is Outcome.APPLIED
    assert {"106.3", "106.4", "107.1", "108.1", "108.p1"} == keys(ruling)


def test_artifact_becomes_creature_of_a_named_subtype():
    # with no subtype named: see test_an_artifact_that_becomes_a_creature_with_no_subtype_...
    data = {"initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
            "changes": [{"change": "become-creature", "subtype": "non-flying", "movement": 3}]}
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("type") == CardType.CREATURE.label
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 3
    assert ruling.value("closing") is True
    data["changes"] = [{"change": "become-creature", "subtype": "independent"}]
    ruling = REPLACEMENT.evaluate(data)
    assert ruling.value("movement") == NOT_STATED
    assert ruling.value("closing") is False
    silent = [s.message.id for s in ruling.by_outcome(Outcome.SILENT)]
    assert "The card's movement is not stated." in silent
    assert "The card does not have %(property)s." in silent  # independent: closing SILENT


def test_creature_back_from_artifact_gets_initial_subtype_and_movement():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-artifact"}, {"change": "become-creature"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 2
    step = only_step(ruling, "No new subtype is named: the card gets back its initial subtype "
                             "%(subtype)s with its numeric values (movement %(movement)s).")
    assert {c.key for c in step.citations} == {"108.1", "108.p1"}


def test_lose_type_restores_initial_type():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-terrain"}, {"change": "lose-type"}]})
    assert ruling.value("type") == CardType.CREATURE.label
    assert ruling.value("movement") == 2
    assert ruling.value("simple_strike") is True
    restore = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.id.startswith("The card loses the type")]
    assert len(restore) == 1
    nothing = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [{"change": "lose-type"}]})
    (na,) = nothing.by_outcome(Outcome.NOT_APPLICABLE)
    assert na.message.id == "The card loses an acquired type."


def test_flying_creature_losing_flight_is_silent():
    ruling = REPLACEMENT.evaluate({"initial_type": "creature", "initial_subtype": "flying",
                                   "initial_status": "ordinary", "in_play_zone": True,
                                   "changes": [{"change": "lose-flight"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == NOT_STATED
    assert ruling.value("closing") is True
    assert any(s.message.id.startswith("The card loses %(lost)s and becomes a non-flying")
               for s in ruling.by_outcome(Outcome.SILENT))


def test_gain_flight_needs_a_creature_and_repeats_are_not_applicable():
    artifact = REPLACEMENT.evaluate({"initial_type": "artifact", "initial_status": "ordinary",
                                     "changes": [{"change": "gain-flight"}]})
    assert artifact.value("type") == CardType.ARTIFACT.label
    (step,) = artifact.by_outcome(Outcome.NOT_APPLICABLE)[:1]
    assert step.message.id == "The card does not gain flight." and step.citations[0].key == "106.4"
    twice = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "gain-flight"}, {"change": "gain-flight"}, {"change": "become-ordinary"}]})
    assert twice.value("subtype") == Subtype.FLYING.label
    ids = [s.message.id for s in twice.by_outcome(Outcome.NOT_APPLICABLE)]
    assert "The card gains flight." in ids and "The card becomes %(status)s." in ids


def test_become_creature_subtype_change_and_flight_via_subtype():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "flying"}]})
    assert ruling.value("movement") == FLIGHT_ICON
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "symbiote", "movement": 1},
        {"change": "become-creature", "subtype": "non-flying"}]})
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 2  # the initial value, assumed (SILENT)
    (silent,) = [s for s in ruling.by_outcome(Outcome.SILENT)
                 if s.message.id == "The card gets its initial movement %(movement)s back."]
    # the step and the point's readings (2, or not stated) are one point, not two
    assert silent.point == "change-2-movement" and ruling.open_points() == (silent.point,)
    assert ruling.leaves_open == 1


def test_not_in_play_zone_has_no_additional_properties():
    ruling = REPLACEMENT.evaluate({**FLIGHT_START, "in_play_zone": False, "changes": []})
    assert ruling.value("additional_properties") == ()
    reasons = {s.reason.id for s in ruling.by_outcome(Outcome.NOT_APPLICABLE)}
    assert reasons == {"Only %(holders)s have it; the card is not in the play zone."}


@pytest.mark.parametrize("data,field", [
    ({"initial_type": "creature", "initial_status": "elite"}, "initial_subtype"),
    ({"initial_type": "artifact", "initial_subtype": "flying", "initial_status": "elite"},
     "initial_subtype"),
    ({"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite"},
     "initial_movement"),
    ({"initial_type": "creature", "initial_subtype": "flying", "initial_movement": 1,
      "initial_status": "elite"}, "initial_movement"),
    ({**FLIGHT_START, "changes": [{"change": "gain-flight", "subtype": "flying"}]},
     "changes.0.subtype"),
    ({**FLIGHT_START, "changes": [{"change": "gain-flight"},
                                  {"change": "become-creature", "movement": 2}]},
     "changes.1.movement"),
    ({**FLIGHT_START, "initial_movement": 21}, "initial_movement"),
    ({**FLIGHT_START, "changes": [{"change": "fly"}]}, "changes.0.change"),
    ({**FLIGHT_START, "changes": [{}] * 13}, "changes"),
])
def test_replacement_input_errors(data, field):
    with pytest.raises(InputError) as error:
        REPLACEMENT.evaluate(data)
    assert error.value.field == field


def test_a_movement_restated_for_a_creature_of_its_subtype_is_an_open_point():
    """108.1 ¶1: a property a card acquires replaces the one in the same area, but the second
    paragraph sets base properties anew only on a change of type or subtype: a non-flying
    creature with movement 2 that becomes a non-flying creature with movement 3 gets 3 or
    keeps 2.  The form gives the same ruling as the JSON (one parser)."""
    data = {**FLIGHT_START, "changes": [
        {"change": "become-creature", "subtype": "non-flying", "movement": 3}]}
    ruling = REPLACEMENT.evaluate(data)
    replaces, unchanged = open_readings(ruling, "change-1-restated-movement")
    assert (replaces.value("movement"), unchanged.value("movement")) == (3, 2)
    assert ruling.value("movement") == 3 and ruling.value("subtype") == Subtype.NON_FLYING.label
    assert [c.key for c in replaces.citations] == ["108.1"]
    step = only_step(ruling, "The effect states movement %(new)s; it replaces the card's "
                             "movement (%(old)s).")
    assert step.outcome is Outcome.SILENT and step.message.param_dict() == {"new": 3, "old": 2}
    assert ruling.complete and not ruling.settled
    form = REPLACEMENT.evaluate_form({
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
        "initial_movement": "2", "in_play_zone": "on", "changes": "1",
        "changes-0-change": "become-creature", "changes-0-subtype": "non-flying",
        "changes-0-movement": "3"})
    assert form.values == ruling.values and form.readings == ruling.readings


def test_the_movement_the_creature_already_has_replaces_nothing():
    ruling = SITUATION.evaluate({**HISTORY, "changes": [
        {"change": "become-creature", "subtype": "non-flying", "movement": 2}]})
    assert ruling.value("movement") == 2 and ruling.readings == () and ruling.settled
    step = only_step(ruling, "The card becomes a creature with movement %(movement)s.")
    assert step.outcome is Outcome.NOT_APPLICABLE


def test_elements_of_a_card_that_becomes_an_artifact_are_an_open_point():
    ruling = SITUATION.evaluate({**HISTORY, "changes": [
        {"change": "become-artifact"}, {"change": "gain-element", "element": "forest"}]})
    keeps, loses = open_readings(ruling, "change-1-elements")
    assert keeps.value("elements") == (Element.FOREST.label, Element.SWAMP.label)
    # losing them as something an artifact cannot have, it cannot gain one (judge round 15)
    assert loses.value("step_1_elements") == () and loses.value("elements") == ()
    assert {c.key for c in keeps.citations} == {"108.1", "106.p2"}
    assert {c.key for c in loses.citations} == {"108.1", "106.3"}
    (step,) = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.id in SITUATION_STEP_WORDS]
    text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations)
    for word in SITUATION_STEP_WORDS[step.message.id]:
        assert word in text
    assert not ruling.settled


def test_a_neutral_card_that_becomes_an_artifact_has_no_elements_to_keep():
    ruling = SITUATION.evaluate({**HISTORY, "elements": ["neutral"],
                                 "changes": [{"change": "become-artifact"}]})
    assert not ruling.readings


#: 108.1: «Когда карта теряет тип, но её новый подтип не указан, то карте возвращается
#: начальный подтип (вместе с численными значениями).»  A gain or loss of flight replaced the
#: subtype (108.1's first sentence and flight example); the card then lost that subtype with its
#: type (106.4: an artifact has none), so a creature again with no subtype named has its initial
#: one: settled, not an open point (two judge helpers rejected a reading keeping the flight).
INITIAL_BACK = "No new subtype is named: the card gets back its initial subtype %(subtype)s " \
               "with its numeric values (movement %(movement)s)."


@pytest.mark.parametrize("scenario_slug", ["property-replacement", "situation"])
def test_lost_flight_after_a_change_of_type_is_settled_by_the_initial_subtype(scenario_slug):
    scenario = RULESET.scenario(scenario_slug)
    data = {**HISTORY, "initial_subtype": "flying", "initial_movement": None,
            "changes": [{"change": "lose-flight"}, {"change": "become-artifact"},
                        {"change": "become-creature"}]}
    if scenario_slug == "property-replacement":
        data = {k: v for k, v in data.items() if k.startswith("initial") or k == "changes"}
    ruling = scenario.evaluate(data)
    assert ruling.value("subtype") == Subtype.FLYING.label  # 108.1: the initial subtype
    assert not [p for p in ruling.open_points() if p.endswith("flight") and p.startswith(
        "change-3")]
    (step,) = [s for s in ruling.steps if s.message.id == INITIAL_BACK]
    assert step.outcome is Outcome.APPLIED
    assert [c.key for c in step.citations] == ["108.1", "108.p1"]


def test_gained_flight_after_a_change_of_type_is_settled_by_the_initial_subtype():
    ruling = SITUATION.evaluate({**HISTORY, "changes": [
        {"change": "gain-flight"}, {"change": "become-artifact"}, {"change": "become-creature"},
        {"change": "become-elite"}]})
    assert (ruling.value("step_1_movement"), ruling.value("step_3_movement"),
            ruling.value("movement")) == (FLIGHT_ICON, 2, 2)
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("closing") is True  # 107.1: a non-flying creature again
    assert not any(p.endswith("-flight") for p in ruling.open_points())
    assert [s.outcome for s in ruling.steps if s.message.id == INITIAL_BACK] == [
        Outcome.APPLIED]


def test_no_open_point_where_both_readings_agree():
    # a non-flying creature loses flight it gained: its initial subtype is non-flying anyway
    ruling = SITUATION.evaluate({**HISTORY, "changes": [
        {"change": "gain-flight"}, {"change": "lose-flight"}, {"change": "become-artifact"},
        {"change": "become-creature"}]})
    assert [p for p in ruling.open_points() if p.endswith("flight")] == []


def test_an_artifact_that_becomes_a_creature_gets_its_properties_not_again():
    """"Again" (снова) only for a property the card had before in its history."""
    situation = RULESET.scenario("situation")
    situation_inputs = {**ARTIFACT_BECOMES_CREATURE, "elements": ["swamp"], "turn": "own",
                        "phase": "main", "subphase": "choice", "strike_declared": "none"}
    for scenario, data in ((REPLACEMENT, ARTIFACT_BECOMES_CREATURE),
                           (situation, situation_inputs)):
        ruling = scenario.evaluate(data)
        assert steps_with(ruling, AGAIN) == []
        assert [s.message.param_dict()["property"] for s in steps_with(ruling, NOW_HAS)] == [
            p.label for p in AdditionalProperty]
        check_ruling(scenario, ruling)
    back = REPLACEMENT.evaluate({**FLIGHT_START, "changes": [
        {"change": "become-artifact"},
        {"change": "become-creature", "subtype": "non-flying", "movement": 2}]})
    assert len(steps_with(back, AGAIN)) == 4 and steps_with(back, NOW_HAS) == []


def test_each_property_is_stated_once_for_an_artifact_that_becomes_a_creature():
    situation = RULESET.scenario("situation")
    ruling = situation.evaluate({**ARTIFACT_BECOMES_CREATURE, "elements": ["swamp"],
                                 "turn": "own", "phase": "main", "subphase": "choice",
                                 "strike_declared": "none"})
    about = [(s.message.id, s.message.param_dict().get("property")) for s in ruling.steps
             if s.message.id.startswith("The card") and "property" in s.message.param_dict()]
    assert about == [(NOW_HAS, p.label) for p in AdditionalProperty]
    assert ruling.value("simple_strike_now") is True and ruling.value("closing_now") is True
    assert len(ruling.steps) == 12
    replacement = REPLACEMENT.evaluate(ARTIFACT_BECOMES_CREATURE)
    assert [s.message.id for s in replacement.steps].count(NOW_HAS) == 4
    assert not steps_with(replacement, "The card has %(property)s: all %(holders)s have it.")


def test_an_artifact_that_becomes_a_creature_with_no_subtype_named_is_not_refused():
    """108.1 gives back the initial subtype; an artifact has none.  The texts do not say
    what the card's subtype is: not covered (incomplete), not an input error."""
    data = {"initial_type": "artifact", "initial_status": "ordinary", "in_play_zone": True,
            "changes": [{"change": "become-creature"}]}
    situation = RULESET.scenario("situation")
    for scenario, inputs in ((REPLACEMENT, data), (situation, {
            **data, "elements": ["swamp"], "turn": "own", "phase": "main",
            "subphase": "choice", "strike_declared": "none"})):
        ruling = scenario.evaluate(inputs)
        assert ruling.value("type") == CardType.CREATURE.label
        assert ruling.value("subtype").id == "not stated"
        assert ruling.value("movement").id == "not stated"
        # 107.1 gives closing to non-flying creatures, and the subtype is not covered
        assert ruling.value("closing") == NOT_COVERED_VALUE
        assert ruling.value("simple_strike") is True
        (step,) = ruling.by_outcome(Outcome.NOT_COVERED)
        assert {c.key for c in step.citations} == {"108.1", "108.p1"}
        assert ruling.complete is False
        check_ruling(scenario, ruling)


def test_a_point_in_the_situation_names_the_change_as_entered():
    """A change after a gained element is named by its place among all the changes entered
    (change 2, not the first of the changes other than gains)."""
    ruling = SITUATION.evaluate({**HISTORY, "changes": [
        {"change": "gain-element", "element": "forest"},
        {"change": "become-creature", "subtype": "non-flying", "movement": 3}]})
    replaces, unchanged = open_readings(ruling, "change-2-restated-movement")
    assert (replaces.value("step_2_movement"), unchanged.value("step_2_movement")) == (3, 2)


def test_a_subtype_named_after_the_initial_one_came_back_is_a_change_of_subtype():
    """108.1: lost flight, an artifact, a creature again with no subtype named (the initial
    subtype, flying, comes back), then a non-flying creature with movement 0 named: a change
    of subtype, ruled on and complete, with no open point on the flight."""
    from engine.berserk import SITUATION

    inputs = {"initial_type": "creature", "initial_subtype": "flying",
              "initial_status": "elite", "elements": ["neutral"], "turn": "own",
              "phase": "main", "subphase": "choice", "strike_declared": "none",
              "changes": [{"change": "lose-flight"}, {"change": "become-artifact"},
                          {"change": "become-creature"},
                          {"change": "become-creature", "subtype": "non-flying",
                           "movement": 0}]}
    ruling = SITUATION.evaluate(inputs)
    assert ruling.complete and ruling.open_points() == ("change-1-lost-flight",)
    assert ruling.value("step_3_subtype") == Subtype.FLYING.label
    assert ruling.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("movement") == 0
    assert not any(s.outcome is Outcome.NOT_COVERED for s in ruling.steps)


FLYING = {**HISTORY, "initial_subtype": "flying", "initial_movement": None}


def test_a_reading_holds_wherever_its_point_is_met_again():
    """108.1, a flying creature that loses flight twice: under the reading that its initial
    subtype comes back, it flies again after the first loss, so the second loss is the same
    open point again and gives the same answer; the card ends flying, without closing (107.1).
    Under the first reading it ends a non-flying creature with closing.  The closing was shown
    as settled, the second loss ruled under the first reading after the first under the other."""
    ruling = SITUATION.evaluate({**FLYING, "changes": [{"change": "lose-flight"}] * 2})
    first, initial = open_readings(ruling, "change-1-lost-flight")
    assert [first.value("closing"), initial.value("closing")] == [True, False]
    assert initial.value("subtype") == Subtype.FLYING.label
    assert initial.value("movement") == FLIGHT_ICON
    assert first.value("subtype") == Subtype.NON_FLYING.label
    assert ruling.value("closing") is True and ruling.complete


def test_a_movement_after_lost_flight_is_open_under_the_first_reading_only():
    """108.1: the card loses flight, then becomes a non-flying creature with movement 3.  Under
    the first reading of lost-flight it already is a non-flying creature (with no stated
    movement), so whether the movement replaces is open; under the reading that its initial
    subtype (flying) comes back, the change replaces flying by non-flying with movement 3."""
    ruling = SITUATION.evaluate({**FLYING, "changes": [
        {"change": "lose-flight"},
        {"change": "become-creature", "subtype": "non-flying", "movement": 3}]})
    assert ruling.value("step_1_subtype") == Subtype.NON_FLYING.label
    assert (ruling.value("subtype"), ruling.value("movement")) == (Subtype.NON_FLYING.label, 3)
    non_flying, initial = open_readings(ruling, "change-1-lost-flight")
    assert initial.value("step_1_subtype") == Subtype.FLYING.label
    replaces, unchanged = open_readings(ruling, "change-2-restated-movement")
    assert (replaces.value("movement"), unchanged.value("movement")) == (3, NOT_STATED)
    assert ruling.complete and ruling.by_outcome(Outcome.NOT_COVERED) == ()


def test_an_artifact_that_flew_and_loses_flight_is_not_said_to_have_a_subtype():
    """106.4: only creatures have subtypes.  An artifact that became a flying creature and
    loses flight: the step says its initial type gives back no subtype, citing 106.4, instead
    of calling the artifact its "initial subtype"."""
    ruling = SITUATION.evaluate({**HISTORY, "initial_type": "artifact", "initial_subtype": None,
                                 "initial_movement": None, "changes": [
                                     {"change": "become-creature", "subtype": "flying"},
                                     {"change": "lose-flight"}]})
    (step,) = steps_with(ruling, "The card loses %(lost)s and becomes a non-flying creature "
                                 "with no stated movement.")
    why = step.reason.param_dict()["why"]
    assert why.id.startswith("108.1 gives back the initial subtype, but the card's initial "
                             "type %(type)s has no subtype (106.4)")
    assert why.param_dict()["type"] == CardType.ARTIFACT.label
    assert "106.4" in {c.key for c in step.citations}
    assert "initial subtype is" not in step.reason.render()


@pytest.mark.parametrize("changes", [[], [{"change": "become-creature", "subtype": "non-flying",
                                           "movement": 1}]])
def test_an_artifact_has_no_subtype_as_106_4_settles(changes):
    # 106.4's last sentence: «Артефакты, местности, условия и экипировки не имеют подтипов»
    # (a judge's table: the ruling rested on "1 point the texts leave open" for it).
    ruling = REPLACEMENT.evaluate({"initial_type": "artifact", "initial_status": "ordinary",
                                   "changes": changes})
    step = next(s for s in ruling.steps if s.message.id == "Only creatures have subtypes.")
    assert step.outcome is Outcome.APPLIED
    assert [c.key for c in step.citations] == ["106.4"]
    assert ruling.settled


def test_elements_lost_with_a_type_and_a_creature_again_later_are_open_to_both_readings():
    """Judge round 11 (BK-N5): a condition, then a flying creature, then flight lost. Under the
    reading that a condition loses its elements (108.1), whether a creature again gets them
    back is open (``elements-back``), never silently "stay lost"; its initial subtype comes
    back with its movement whatever the reading (108.1 and its example)."""
    ruling = SITUATION.evaluate({
        **HISTORY, "initial_movement": 2, "elements": ["steppe"], "changes": [
            {"change": "become-condition"}, {"change": "become-creature", "subtype": "flying"},
            {"change": "lose-flight"}]})
    steppe = (Element.STEPPE.label,)
    readings = ruling.readings_of("change-1-elements")
    assert [(r.value("elements"), r.value("step_2_elements")) for r in readings] == [
        (steppe, steppe), ((), ()), (steppe, steppe)]
    assert ruling.value("movement") == 2  # the same under every reading (not among theirs)
    assert ruling.complete and not ruling.settled


def test_a_card_that_lost_its_elements_with_a_type_cannot_gain_one_until_a_creature_again():
    """Judge round 15 (BK-J3): a swamp creature becomes an artifact, gains swamp, becomes a
    creature again. Under the reading that an artifact loses its elements as something it
    cannot have (108.1), it cannot gain one either; whether the creature gets swamp back is
    then open (``elements-back``): no element or swamp, never swamp whatever the reading."""
    ruling = SITUATION.evaluate({
        **HISTORY, "initial_movement": 2, "elements": ["swamp"], "changes": [
            {"change": "become-artifact"}, {"change": "gain-element", "element": "swamp"},
            {"change": "become-creature"}]})
    swamp = (Element.SWAMP.label,)
    readings = ruling.readings_of("change-1-elements")
    assert [(r.value("step_2_elements"), r.value("elements")) for r in readings] == [
        (swamp, swamp), ((), ()), ((), swamp)]
    kept = ruling.steps  # the first reading: it keeps swamp, and 106 ¶3 stops the gain
    assert any([c.key for c in s.citations] == ["106.p3"] for s in kept)


def test_a_card_that_gained_flight_as_other_than_it_started_may_get_back_what_it_had_then():
    """Judge round 12 (BK-B): a flying creature made a non-flying creature with movement 2,
    which gains and loses flight, is the card of 108.1's example ("такая карта ... теряет
    полёт": movement 2 back) as much as one whose initial subtype comes back: both readings."""
    ruling = SITUATION.evaluate({
        **HISTORY, "initial_subtype": "flying", "initial_movement": None, "changes": [
            {"change": "become-creature", "subtype": "non-flying", "movement": 2},
            {"change": "gain-flight"}, {"change": "lose-flight"}]})
    readings = ruling.readings_of("change-3-before-flight")
    assert [r.value("movement") for r in readings] == [NOT_STATED, 2]
    assert ruling.value("subtype") == Subtype.NON_FLYING.label  # under both readings
    assert "change-3-lost-flight" in ruling.open_points()  # under the initial subtype's reading


def test_a_point_read_by_a_rule_with_no_step_after_it_does_not_name_the_next_rules_step():
    """Judge round 12 (BK-F): the gain of an element reads ``gained-element`` after its last
    step; the silent step of the next change (lose-type: the initial type assumed back) is
    its own assumption, counted in the verdict, not a step about that point."""
    ruling = SITUATION.evaluate({
        **HISTORY, "changes": [{"change": "become-terrain"},
                               {"change": "gain-element", "element": "mountains"},
                               {"change": "lose-type"}]})
    (back,) = [s for s in ruling.by_outcome(Outcome.SILENT)
               if s.message.id.startswith("The card loses the type")]
    assert back.point is None
    (added,) = [s for s in ruling.by_outcome(Outcome.SILENT)
                if s.message.id == "The gained element is added to the card's elements."]
    assert added.point == "gained-element"


def test_a_reading_resting_on_another_points_first_reading_is_shown_together():
    """Judge round 17 (BK-3): movement 3, then "non-flying, movement 1", gains and loses
    flight. "What it had before it gained flight" gives 1 only where the stated movement
    replaced the 3 (``restated-movement``'s first reading); where nothing was replaced the
    card is the one it started as and gets 3 back. The readings together say so."""
    ruling = SITUATION.evaluate({
        **HISTORY, "initial_movement": 3, "changes": [
            {"change": "become-creature", "subtype": "non-flying", "movement": 1},
            {"change": "gain-flight"}, {"change": "lose-flight"}]})
    assert [r.value("movement") for r in ruling.readings_of("change-3-before-flight")] == [3, 1]
    together = ruling.readings_of("together")
    assert [(r.value("step_1_movement"), r.value("movement")) for r in together] == [
        (1, 3), (1, 1), (3, 3)]
    assert len({tuple(r.values) for r in together}) == len(together)


def test_a_point_met_under_another_reading_and_an_unrelated_one_are_not_read_together():
    """Judge round 18 (BK-E): elements lost with a type (and whether they come back, met only
    under "loses") beside the unrelated point of a lost flight: each point's readings tell
    all there is, no block of readings together repeats them."""
    ruling = SITUATION.evaluate({
        **HISTORY, "initial_subtype": "flying", "initial_movement": None,
        "elements": ["mountains"],
        "changes": [{"change": "become-terrain"}, {"change": "lose-type"},
                    {"change": "lose-flight"}],
        "targets": [{"elements": ["mountains"]}]})
    assert "change-1-elements" in ruling.open_points()
    assert "together" not in ruling.open_points()


def test_every_wrong_field_of_the_card_its_changes_and_the_moment_is_named_at_once():
    """A judge fixes the form once, not once per wrong field (engine.core.gather)."""
    from engine.berserk import SITUATION

    data = {"initial_type": "creature", "initial_subtype": "non-flying", "initial_movement": 2,
            "initial_status": "elite", "elements": ["forest"], "turn": "own",
            "strike_declared": "none", "phase": "main", "subphase": None,
            "changes": [{"change": "gain-element"},
                        {"change": "gain-flight", "subtype": "flying"}]}
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(data)
    assert [e.field for e in error.value.every] == [
        "subphase", "changes.0.element", "changes.1.subtype"]

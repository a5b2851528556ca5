"""107.1–107.3: when a simple strike, closing and a defender may be declared."""

from __future__ import annotations

import pytest

from engine.berserk import RULESET, AdditionalProperty
from engine.core import InputError, Outcome
from tests.engine.berserk.clauses import TIMING, TIMING_BASE, steps_with, only_step


def test_timing_prevented_use_keeps_property():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main",
                              "subphase": "choice", "use_prevented": ["simple-strike"]})
    assert ruling.value("simple_strike") is False
    assert ruling.value("closing") is True
    step = only_step(ruling, "A feature stops the card from using %(property)s; it keeps the "
                             "property, as no feature can take it away.")
    assert step.outcome is Outcome.APPLIED and step.citations[0].key == "107.1"


def test_timing_flying_creature_cannot_close():
    ruling = TIMING.evaluate({**TIMING_BASE, "card_subtype": "flying", "turn": "own",
                              "phase": "main", "subphase": "choice"})
    assert ruling.value("simple_strike") is True and ruling.value("closing") is False


def test_timing_outside_play_zone_and_non_creatures():
    for data in ({**TIMING_BASE, "in_play_zone": False},
                 {**TIMING_BASE, "card_type": "equipment", "card_subtype": None}):
        ruling = TIMING.evaluate({**data, "turn": "own", "phase": "main", "subphase": "choice"})
        assert [v.value for v in ruling.values] == [False, False, False]
        assert {c.key for c in ruling.citations()} == {"107.1"}


def test_timing_defender_against_own_strike_is_silent():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "own", "phase": "main",
                              "subphase": "choice", "strike_declared": "own"})
    assert ruling.value("defender") is False
    step = only_step(ruling, "A defender against its own player's simple strike is taken as "
                             "not allowed.")
    assert step.outcome is Outcome.SILENT and step.citations[0].key == "107.3"


def test_timing_all_slow_conditions_reported():
    ruling = TIMING.evaluate({**TIMING_BASE, "turn": "opponent", "phase": "other"})
    slow_no = "%(property)s is slow (невнезапное) and may not be declared now."
    reasons = [s.reason.id for s in steps_with(ruling, slow_no)
               if s.message.param_dict()["property"] == AdditionalProperty.CLOSING.label]
    assert reasons == ["It is the opponent's turn, not its player's own turn.",
                       "It is not the Main phase."]


@pytest.mark.parametrize("data,field", [
    ({**TIMING_BASE, "card_subtype": None, "turn": "own", "phase": "other"}, "card_subtype"),
    ({**TIMING_BASE, "card_type": "terrain", "turn": "own", "phase": "other"}, "card_subtype"),
    ({**TIMING_BASE, "turn": "own", "phase": "main"}, "subphase"),
    ({**TIMING_BASE, "turn": "own", "phase": "other", "subphase": "choice"}, "subphase"),
    ({**TIMING_BASE, "turn": "own", "phase": "main", "subphase": "choice",
      "strike_declared": "opponent"}, "strike_declared"),
    ({**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "other",
      "strike_declared": "opponent"}, "strike_declared"),
    ({**TIMING_BASE, "phase": "main", "subphase": "choice"}, "turn"),
])
def test_timing_input_errors(data, field):
    with pytest.raises(InputError) as error:
        TIMING.evaluate(data)
    assert error.value.field == field


@pytest.mark.parametrize("strike, turn, whose", [
    ("opponent", "own", "the opponent's turn"), ("own", "opponent", "its player's own turn")])
def test_a_strike_declared_out_of_its_turn_names_whose_turn_it_is_declared_in(strike, turn, whose):
    """107.2–107.3: the error says in whose turn the strike is declared; for the opponent's
    strike, the opponent's turn (it said "its player's own turn" for both)."""
    with pytest.raises(InputError) as error:
        TIMING.evaluate({**TIMING_BASE, "turn": turn, "phase": "main", "subphase": "choice",
                         "strike_declared": strike})
    assert error.value.field == "strike_declared"
    assert error.value.message.id.rstrip(".").split(": ")[0].endswith(whose)


def test_timing_values_say_may_use_now_as_the_situation_does():
    """The timing's "no" is "may not use it now", not "does not have it" (a judge helper read
    "attack with a simple strike — no" beside the situation's "has it"): both scenarios label
    the same value "May use now: …"."""
    table = {**TIMING_BASE, "turn": "opponent", "phase": "main", "subphase": "choice"}
    situation = RULESET.scenario("situation").evaluate(
        {"initial_type": "creature", "initial_subtype": "non-flying", "in_play_zone": True,
         "initial_status": "ordinary", "initial_movement": 2, "elements": ["forest"],
         "turn": "opponent", "phase": "main", "subphase": "choice", "strike_declared": "none"})
    timing = TIMING.evaluate(table)
    now = {v.name.removesuffix("_now"): v for v in situation.values if v.name.endswith("_now")}
    assert [v.label.render() for v in timing.values] == [
        now[v.name].label.render() for v in timing.values]
    assert timing.values[0].label.render().startswith("May use now: ")
    assert [v.value for v in timing.values] == [now[v.name].value for v in timing.values]

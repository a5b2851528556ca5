"""Order of evaluation of effects (Wirkungsrang, activation) and its open points."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import FieldKind, InputError, Outcome, Ruling, Scenario
from engine.powerduell import (
    RULESET, SITUATION, Clause, GuardianSymbols, Influence, Planet, influences, np_factor,
)
from tests.engine import situations
from tests.engine.powerduell.common import *  # noqa: F401,F403


def test_order_guardian_activated_after_energy_rank_decides_and_says_so():
    data = {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (1, 2)
    assert ruling.value("ap") == 70
    step = find_step(ruling, "Wirkungsrang and activation order disagree; the order by "
                             "Wirkungsrang was used.")
    assert step.outcome is Outcome.SILENT
    assert {c.key for c in step.citations} == {RANK, ORDER}
    assert "2, 1" in step.reason.render() and "different result" in step.reason.render()
    # both readings' results are shown, the one the values follow first
    first, other = ruling.readings_of("rank-or-recency")
    assert first.presented_first and first.why.render()
    assert (first.value("order"), first.value("ap")) == ((1, 2), 70)
    assert (other.value("order"), other.value("ap")) == ((2, 1), 60)
    assert {c.key for c in first.citations} == {RANK, ORDER}
    assert ORDER in {c.key for c in other.citations}
    assert not ruling.settled


def test_order_step_one_says_the_order_it_uses():
    """Step 1 names Wirkungsrang first, then recency: the order actually used, also when
    the two disagree (the guardian's Wirkung activated after the Energiekarte)."""
    data = {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    step = next(s for s in ruling.steps if s.message.id.startswith("Evaluation order"))
    text = step.message.render()
    assert "effects 1, 2" in text and ruling.value("order") == (1, 2)
    assert text.index("Wirkungsrang") < text.index("latest activated")
    assert "rolled up from the latest activated" not in text


def test_order_agreeing_rank_and_recency_have_no_readings():
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]}
    assert ORDER_SCENARIO.evaluate(data).readings == ()


@pytest.mark.parametrize("first, second", [
    ("guardian-spezial-wirkung", "guardian-wirkung"), ("guardian-wirkung", "energy"),
    ("energy", "gravitation-energy")])
def test_order_effects_activated_together_never_disagree_with_their_ranks(first, second):
    """Effects activated together are not ordered by activation (reihenfolge.p3), so Wirkungsrang
    and activation cannot disagree between them, whichever is listed first: no
    ``rank-or-recency`` reading (a judge's table: listed Spezial-Wirkung first, it showed one
    that listing the Wirkung first did not)."""
    effects = [{"source": source, "activated": 1, "attribute": "ap", "operation": operation,
                "amount": amount} for source, operation, amount in (
        (first, "double", None), (second, "add", 20))]
    rulings = [ORDER_SCENARIO.evaluate({"base_ap": 100, "effects": listed})
               for listed in (effects, effects[::-1])]
    for ruling in rulings:
        assert ruling.readings_of("rank-or-recency") == ()
    assert ([sorted(r.value("ap") for r in ruling.readings) for ruling in rulings][0]
            == [sorted(r.value("ap") for r in ruling.readings) for ruling in rulings][1])
    assert {reading.point for reading in rulings[0].readings} == {
        reading.point for reading in rulings[1].readings}


def test_order_spezial_wirkung_before_or_after_wirkung_shows_both_readings():
    """"Spezial-Wirkung steht vor der Wirkung" leaves open whether it is evaluated first;
    where the two orders give different values, both readings are shown with their values."""
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "double"}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert (ruling.value("order"), ruling.value("ap")) == ((1, 2), 240)
    first, other = ruling.readings_of("spezial-or-wirkung")
    assert first.presented_first and first.why.render()
    assert (first.value("order"), first.value("ap")) == ((1, 2), 240)
    assert (other.value("order"), other.value("ap")) == ((2, 1), 220)
    assert {c.key for c in first.citations} == {RANK, ORDER}
    assert {c.key for c in other.citations} == {RANK}
    step = find_step(ruling, "Whether the Spezial-Wirkung is evaluated before or after the "
                             "Wirkung is open, and the two orders give different values; both "
                             "readings are shown.")
    assert step.outcome is Outcome.SILENT and {c.key for c in step.citations} == {RANK, ORDER}
    assert "2, 1" in step.reason.render()
    assert "The Spezial-Wirkung was evaluated after the Wirkung." not in step_ids(ruling)
    assert not ruling.settled


def test_order_spezial_wirkung_order_without_effect_on_values_has_no_readings():
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "add", "amount": 5}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("ap") == 125 and ruling.readings == ()
    assert "The Spezial-Wirkung was evaluated after the Wirkung." in step_ids(ruling,
                                                                           Outcome.SILENT)


def test_order_ties_rank_one_and_spezial_wirkung():
    data = {"base_ap": 100, "base_dp": 51, "effects": [
        {"source": "monster", "activated": 3, "attribute": "ap", "operation": "subtract",
         "amount": 10},
        {"source": "energy", "activated": 3, "attribute": "ap", "operation": "double"},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "set", "amount": 300},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "dp", "operation": "halve"},
        {"source": "rank-1", "activated": 1, "attribute": "dp", "operation": "subtract",
         "amount": 100}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (1, 2, 4, 3, 5)
    assert ruling.value("ap") == 300
    assert ruling.value("dp") == Fraction(51, 2) - 100
    silent = step_ids(ruling, Outcome.SILENT)
    # reihenfolge ¶1/¶3 give no order to effects 1 and 2 (rank 3, activated together); the
    # Spezial-Wirkung sets AP 300 after them, so every order gives the same values
    assert ("Monster %(number)s: %(effects)s were activated together; every order of "
            "them gives the same values." in silent)
    assert ruling.readings_of("tied-order") == ()
    assert "The Spezial-Wirkung was evaluated after the Wirkung." in silent
    assert ("An effect of Wirkungsrang 1 of 3 was evaluated after all Schutzgottkarte effects."
            in silent)
    assert "%(attribute)s %(value)s is not a whole number." in silent
    assert "%(attribute)s %(value)s is below 0." in silent
    assert "lp" not in {v.name for v in ruling.values}


def test_order_a_value_below_0_between_two_changes_is_open():
    """reihenfolge ¶3: the Energiekarte (activated later) first takes AP 10 to -20, then the
    Wirkung adds 20; whether a value can fall below 0 (``value-below-zero``) gives 0 or 20."""
    ruling = ORDER_SCENARIO.evaluate({"base_ap": 10, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "energy", "activated": 2, "attribute": "ap", "operation": "subtract",
         "amount": 30}]})
    assert ruling.value("order") == (2, 1) and ruling.value("ap") == 0
    assert [r.value("ap") for r in ruling.readings_of("value-below-zero")] == [0, 20]
    assert "%(attribute)s %(value)s is below 0." in step_ids(ruling, Outcome.SILENT)
    assert ruling.leaves_open == 1


def test_order_same_tier_latest_first():
    data = {"base_lp": 10, "effects": [
        {"source": "energy", "activated": 1, "attribute": "lp", "operation": "add", "amount": 5},
        {"source": "monster", "activated": 2, "attribute": "lp", "operation": "double"}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (2, 1)
    assert ruling.value("lp") == 25

"""Effects of one Wirkungsrang activated together: the open point ``tied-order``.

1.2.4 › Behandlung der Reihenfolge ¶1 and ¶3 order effects by Wirkungsrang and by activation
only; effects of the same rank activated together have no order in the texts, so where their
order changes a value the point is open, with each order's result.
"""

from __future__ import annotations

from engine.core import Outcome
from engine.powerduell import Clause, SITUATION, rule_under
from tests.engine.powerduell.common import ORDER_SCENARIO


def _keys(reading) -> set[str]:
    return {c.key for c in reading.citations}


TIED = {"base_ap": 100, "effects": [
    {"source": "energy", "activated": 1, "attribute": "ap", "operation": "set", "amount": 50},
    {"source": "monster", "activated": 1, "attribute": "ap", "operation": "double"}]}


def _keys(reading) -> set[str]:
    return {c.key for c in reading.citations}


def test_d3_effects_activated_together_show_both_orders_in_effect_order():
    ruling = ORDER_SCENARIO.evaluate(TIED)
    readings = ruling.readings_of("tied-order")
    assert [(r.value("order"), r.value("ap")) for r in readings] == [((1, 2), 100), ((2, 1), 50)]
    assert readings[0].presented_first and readings[0].why is not None
    assert all(_keys(r) == {Clause.RANK.value, Clause.ORDER.value} for r in readings)
    assert not ruling.settled
    ids = [s.message.id for s in ruling.steps if s.outcome is Outcome.SILENT]
    assert not any("evaluated in the order listed" in i for i in ids)
    assert rule_under(ORDER_SCENARIO, TIED, {"tied-order": "reversed"}).value("ap") == 50


def test_d3_the_situation_shows_both_orders_of_effects_activated_together():
    table = {"monsters": [{"side": "a", "planet": "venus", "ap": 100}], "effects": [
        {"source": "energy", "activated": 1, "target_monster": 1, "attribute": "ap",
         "operation": "set", "amount": 50},
        {"source": "monster", "activated": 1, "target_monster": 1, "attribute": "ap",
         "operation": "double"}]}
    ruling = SITUATION.evaluate(table)
    readings = ruling.readings_of("monster-1-tied-order")
    assert [(r.value("monster_1_order"), r.value("monster_1_ap")) for r in readings] == [
        ((1, 2), 100), ((2, 1), 50)]


def test_d3_an_order_that_changes_nothing_is_not_open():
    data = {"base_ap": 100, "base_dp": 50, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "add", "amount": 5},
        {"source": "monster", "activated": 1, "attribute": "ap", "operation": "subtract",
         "amount": 10},
        {"source": "energy", "activated": 1, "attribute": "dp", "operation": "double"}]}
    assert ORDER_SCENARIO.evaluate(data).readings == ()


def test_d3_three_tied_effects_show_each_distinct_result_once_naming_its_order():
    data = {"base_ap": 10, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "add", "amount": 5},
        {"source": "monster", "activated": 1, "attribute": "ap", "operation": "double"},
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "set", "amount": 7}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    readings = ruling.readings_of("tied-order")
    results = [(r.value("order"), r.value("ap")) for r in readings]
    assert results[0] == ((1, 2, 3), 7)
    assert len({ap for _order, ap in results}) == len(results)  # distinct results only
    assert {ap for _order, ap in results} == {7, 12, 14, 19, 24}
    for reading, (order, _ap) in zip(readings, results):  # each reading names its order
        assert ", ".join(map(str, order)) in reading.label.render()
    assert ruling.readings == rule_under(ORDER_SCENARIO, data, {}).readings  # deterministic


def test_d3_many_tied_effects_compare_a_bounded_fixed_set_of_orders_and_say_so():
    data = {"base_ap": 3, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": operation,
         "amount": 7} for operation in ("double", "halve", "set", "double", "halve")]}
    ruling = ORDER_SCENARIO.evaluate(data)
    readings = ruling.readings_of("tied-order")
    assert 1 < len(readings) <= 24 and readings[0].value("order") == (1, 2, 3, 4, 5)
    many = next(s for s in ruling.steps if "orders of the effects activated together" in
                s.message.id)
    assert dict(many.message.params)["count"] == 120
    assert ruling.readings == ORDER_SCENARIO.evaluate(data).readings


def test_d3_an_unknown_order_asked_for_falls_back_to_the_listed_order():
    assert rule_under(ORDER_SCENARIO, TIED, {"tied-order": "order-9_9"}).value("ap") == 100

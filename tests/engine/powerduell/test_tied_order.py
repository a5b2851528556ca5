"""Effects of one Wirkungsrang activated together: the open point ``tied-order``.

1.2.4 › Behandlung der Reihenfolge ¶1 and ¶3 order effects by Wirkungsrang and by activation
only; effects of the same rank activated together have no order in the texts, so where their
order changes a value the point is open, with each order's result.
"""

from __future__ import annotations

from engine.core import Outcome
from engine.powerduell import Clause, SITUATION, rule_under
from tests.engine.powerduell.common import ORDER_SCENARIO


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


# Judge round 11 (PD-N3): an Energiekarte activated first, then a Schutzgottkarte's Wirkung and
# Spezial-Wirkung activated together.  Whether Wirkungsrang or activation decides is open
# (rank-or-recency), and so is what "Spezial-Wirkung steht vor der Wirkung" means
# (spezial-or-wirkung); the order of the two activated together is then settled by ¶1 under
# either, never by the order the rows are listed in.
DOUBLE = {"source": "energy", "activated": 1, "attribute": "ap", "operation": "double"}
WIRKUNG = {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
           "amount": 20}
SPEZIAL = {"source": "guardian-spezial-wirkung", "activated": 2, "attribute": "ap",
           "operation": "halve"}
#: (rank-or-recency, spezial-or-wirkung) -> AP: rank: 100·2 +20 /2 = 110, Spezial first
#: 100·2 /2 +20 = 120; activation alone: (100 +20) /2 ·2 = 120, Spezial first 100/2 +20 ·2 = 140
TOGETHER = {("rank", "after"): 110, ("rank", "before"): 120,
            ("recency", "after"): 120, ("recency", "before"): 140}


def test_effects_activated_together_are_ordered_by_rank_whatever_decides_and_however_listed():
    for effects in ([DOUBLE, WIRKUNG, SPEZIAL], [DOUBLE, SPEZIAL, WIRKUNG]):
        table = {"base_ap": 100, "effects": effects}
        ruling = ORDER_SCENARIO.evaluate(table)
        assert ruling.value("ap") == 110
        assert {r.point for r in ruling.readings} >= {"rank-or-recency", "spezial-or-wirkung"}
        assert ruling.readings_of("tied-order") == ()
        for (decides, spezial), ap in TOGETHER.items():
            under = rule_under(ORDER_SCENARIO, table, {"rank-or-recency": decides,
                                                       "spezial-or-wirkung": spezial})
            assert under.value("ap") == ap, (effects, decides, spezial)


def test_the_situation_orders_a_wirkung_and_a_spezial_wirkung_activated_together_alike():
    table = {"guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
                            "wirkung_amount": 20, "activated": 2}],
             "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
             "effects": [{**DOUBLE, "source_side": "a", "target_monster": 1},
                         {**SPEZIAL, "source_side": "a", "target_monster": 1}]}
    ruling = SITUATION.evaluate(table)
    assert {r.point for r in ruling.readings} == {
        "monster-1-rank-or-recency", "monster-1-spezial-or-wirkung-a", "together"}
    for (decides, first), ap in TOGETHER.items():  # a point's slug: read so on every monster
        under = rule_under(SITUATION, table, {"rank-or-recency": decides,
                                              "spezial-or-wirkung": first})
        assert under.value("monster_1_ap") == ap, (decides, first)
        assert under.value("monster_1_wirkung_change") == 20


def test_an_effect_listed_as_a_wirkung_counts_as_the_change_by_the_wirkung():
    table = {"guardians": [{"side": "a", "base_planet": "venus"}],
             "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
             "effects": [{"source": "guardian-wirkung", "source_side": "a", "target_monster": 1,
                          "attribute": "ap", "operation": "subtract", "amount": 20}]}
    ruling = SITUATION.evaluate(table)
    assert (ruling.value("monster_1_ap"), ruling.value("monster_1_wirkung_change")) == (80, -20)

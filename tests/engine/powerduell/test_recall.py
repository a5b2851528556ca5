"""The quiet runs of one ruling share their stages (``_Recall``): the ruling is the same as
with every stage computed in each run, and a stage a reading does not touch is computed once."""

from __future__ import annotations

import copy
import random
from typing import Any
from unittest import mock

from hypothesis import given

import engine.powerduell as powerduell
from bench.engine_bench import TABLE
from engine.core import InputError
from engine.powerduell import SITUATION
from tests.engine.powerduell.test_declarations import _SETTINGS, tables


def _ruled(inputs: dict[str, Any], recalled: bool):
    """The situation's ruling on ``inputs``, with stages recalled or each computed anew;
    and the stages computed (key of each)."""
    computed: list[Any] = []
    stage = powerduell._Recall.stage

    def counted(self, trace, key, compute):
        if not recalled:  # nothing kept: each stage computed (its points' owners noted)
            self.kept.pop(key, None)
        return stage(self, trace, key, lambda: (computed.append(key), compute())[1])

    with mock.patch.object(powerduell._Recall, "stage", counted):
        return SITUATION.rule_on(inputs), computed


#: The bench table with its listed Wirkungen (effects 14 and 19) as Spezial-Wirkungen: as
#: Wirkungen they no longer reach monsters 2 and 1, which are not of their cards' planets
#: (effekte-der-schutzgottkarte.p3), and the monsters' points would be read together.
SPLIT = copy.deepcopy(TABLE)
for _number in (14, 19):
    SPLIT["effects"][_number - 1]["source"] = "guardian-spezial-wirkung"


def test_a_table_with_points_read_together_keeps_its_ruling():
    inputs = SITUATION.validate(SPLIT)
    plain, every = _ruled(inputs, False)
    recalled, once = _ruled(inputs, True)
    assert recalled == plain
    # monster 1's point changes its values only, monster 2's three points its own: they are
    # read together apart, monster 2's in 6 combinations (np-chain's first reading with
    # np-all-changes and rank-or-recency: 4; np-all-changes is met only under it, so the
    # reading chain's with rank-or-recency: 2), monster 1's alone
    points = [r.point for r in plain.readings]
    assert points.count("monster-2-together") == 6 and "together" not in points
    assert "monster-1-together" not in points
    # 2 runs of 14 stages (the ruling's steps, the first readings' again) and 6 runs of one
    # monster's 4 (whom the cards reach, its negativ-positiv-Wirkung, its values, the costs):
    # monster 1's other order, and monster 2's combinations of other readings;
    # recalled: the reach and costs once, and the negativ-positiv stages and values of the
    # runs whose readings change them
    assert len(every) == 2 * 14 + 6 * 4
    assert sorted(k[0] if isinstance(k, tuple) else k for k in once) == sorted(
        ["reach", "costs"] + ["np"] * 8 + ["values"] * 10)


def test_a_listed_wirkung_reaches_only_monsters_of_its_cards_planet():
    """Judge round 15, PD-J3b: effekte-der-schutzgottkarte.p3 holds for a Wirkung listed as
    an effect: side A's Venus card does not reach its Erde monster 2 (effect 14), side B's
    Mars card not its Venus monster 1 (effect 19); as Spezial-Wirkungen they do."""
    def affects(table: dict[str, Any]) -> list[Any]:
        ruling = SITUATION.evaluate(table)
        return [ruling.value(f"effect_{number}_affects") for number in (14, 19)]
    assert affects(TABLE) == [False, False] and affects(SPLIT) == [True, True]

def _random_table(rnd: random.Random) -> dict[str, Any]:
    """A table of up to 6 monsters and 12 effects, most with a combat."""
    planets, count = ("venus", "erde", "mars"), rnd.randint(2, 6)
    guardian = lambda side: {  # noqa: E731
        "side": side, "base_planet": rnd.choice(planets),
        "left_planet": rnd.choice(planets), "right_planet": rnd.choice(planets + (None,)),
        "wirkung_attribute": rnd.choice(("ap", "dp", "lp")),
        "wirkung_amount": rnd.choice((10, -10, 15)),
        "spezial_cost_change": rnd.choice((-2, 1, None))}
    effects = [{"source": rnd.choice(("energy", "monster", "gravitation-energy",
                                      "guardian-wirkung", "guardian-spezial-wirkung")),
                "source_side": rnd.choice("ab"), "target_monster": rnd.randint(1, count),
                "attribute": rnd.choice(("ap", "dp", "lp")), "operation": operation,
                **({"amount": rnd.randint(1, 30)} if operation in ("add", "subtract") else {})}
               for operation in rnd.choices(("add", "subtract", "halve", "double"),
                                            k=rnd.randint(0, 12))]
    attacker, target = rnd.sample(range(1, count + 1), 2)
    return {"active_side": rnd.choice("ab"), "guardians": [guardian("a"), guardian("b")],
            "monsters": [{"side": rnd.choice("ab"), "planet": rnd.choice(planets),
                          "ap": rnd.randint(0, 120), "dp": rnd.randint(0, 90),
                          "lp": rnd.randint(1, 60), "cost": rnd.randint(0, 4)}
                         for _ in range(count)],
            "attacker": attacker, "target": target, "effects": effects}


def test_random_tables_keep_their_rulings():
    rnd, together = random.Random(24), 0
    for _ in range(300):
        try:
            inputs = SITUATION.validate(_random_table(rnd))
        except InputError:
            continue
        plain, recalled = (_ruled(inputs, flag)[0] for flag in (False, True))
        assert recalled == plain
        together += any(r.point.endswith("together") for r in plain.readings)
    assert together >= 20  # the tables meet points read together, where stages are shared


@_SETTINGS
@given(tables())
def test_hypothesis_tables_keep_their_rulings(raw):
    try:
        inputs = SITUATION.validate(raw)
    except InputError:
        return
    assert _ruled(inputs, True)[0] == _ruled(inputs, False)[0]


def _groups(raw: dict[str, Any]) -> list:
    """The groups the situation reads its points together in, on ``raw``."""
    view = powerduell._VIEWS["situation"]
    table, recall = SITUATION.table(SITUATION.validate(raw)), powerduell._Recall()
    powerduell._run(table, view.voice, {}, True, recall)
    return view._groups(set(recall.owner), recall)[0]


def test_a_point_that_decides_whom_a_wirkung_reaches_reads_every_point_together():
    """np-scope decides whether the Wirkung reaches a monster: its changes, which the other
    monster's negativ-positiv-Wirkung reads in the combat.  The two monsters' points are read
    together then, not apart."""
    raw = copy.deepcopy(SPLIT)
    # right symbol Jupiter: the reading chain and the small symbols agree on both monsters
    # (np-chain is not met), so the points met stay within TOGETHER_DEPTH
    raw["guardians"][0].update(wirkung_scope="all", extends_to_opposing_side=True,
                               right_planet="jupiter")
    raw["monsters"], raw["attacker"], raw["target"] = raw["monsters"][:2], 2, 1
    raw["effects"] = [e for e in raw["effects"] if e["target_monster"] <= 2]
    assert _groups(raw) == [None]
    points = {r.point for r in SITUATION.evaluate(raw).readings}
    assert "together" in points and "monster-2-np-scope-a" in points
    assert not any(p.startswith("monster-") and p.endswith("-together") for p in points)
    assert _groups(SPLIT) == [2, 1]  # without it: each monster's apart

"""When a Schutzgottkarte's Wirkung was activated, on the table (judge5, situation PDJ-1).

The table used to take a Wirkung entered in the Schutzgottkarte's fields as activated before
every listed effect, without asking or saying so: an Energiekarte activated *before* the
Schutzgottkarte then gave one settled value, hiding the reading "activation order alone"
(reihenfolge ¶3: "vom zuletzt aktivierten Effekt bis zum am längsten aktiven Effekt") that
the order scenario shows for the same cards.
"""

from __future__ import annotations

from engine.powerduell import RULESET, SITUATION
from tests.engine.powerduell.common import ORDER, RANK

_GUARDIAN = {"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
             "wirkung_amount": 20}
_HALVE = {"source": "energy", "target_monster": 1, "attribute": "ap", "operation": "halve"}


def _table(guardian, effect):
    return {"guardians": [guardian], "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
            "effects": [effect]}


def test_guardian_activated_after_the_energy_card_shows_both_readings():
    """Energiekarte halves (activated 1), the Schutzgottkarte +20 AP activated later (2):
    Wirkungsrang first gives 100/2 + 20 = 70, activation order alone (120)/2 = 60."""
    ruling = SITUATION.evaluate(_table({**_GUARDIAN, "activated": 2}, {**_HALVE, "activated": 1}))
    assert ruling.value("monster_1_ap") == 70
    first, other = ruling.readings_of("monster-1-rank-or-recency")
    assert (first.value("monster_1_ap"), other.value("monster_1_ap")) == (70, 60)
    assert {c.key for c in first.citations} == {RANK, ORDER}
    assert not ruling.settled
    # the same cards in the order scenario give the same two results
    order = RULESET.scenario("effect-order").evaluate({"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]})
    assert [r.value("ap") for r in order.readings_of("rank-or-recency")] == [70, 60]


def test_guardian_activated_first_agrees_and_has_no_readings():
    """The text's example: the Schutzgottkarte first (1), the Energiekarte later (2): 70."""
    ruling = SITUATION.evaluate(_table({**_GUARDIAN, "activated": 1}, {**_HALVE, "activated": 2}))
    assert ruling.value("monster_1_ap") == 70
    assert ruling.readings_of("monster-1-rank-or-recency") == ()
    assert ruling.settled


def test_guardian_without_activation_number_says_what_was_taken():
    """No number given: the Wirkung is taken as the longest active, and the ruling says so
    where a listed effect changes the same value of a monster the Wirkung reaches."""
    ruling = SITUATION.evaluate(_table(_GUARDIAN, _HALVE))
    assert ruling.value("monster_1_ap") == 70
    notes = [n.render() for n in ruling.notes]
    assert any("before every listed effect" in n and "side A" in n for n in notes), notes
    # nothing to say where no listed effect meets the Wirkung
    alone = SITUATION.evaluate({"guardians": [_GUARDIAN],
                                "monsters": [{"side": "a", "planet": "venus", "ap": 100}]})
    assert alone.value("monster_1_ap") == 120
    assert not any("before every listed effect" in n.render() for n in alone.notes)


def test_wirkung_given_in_fields_and_listed_again_is_pointed_out():
    """A Wirkung entered in the Schutzgottkarte's fields *and* as a listed effect of its side
    is applied twice; the table cannot tell one change entered twice from a Wirkung of two
    parts, so the ruling says that both were applied and names the listed effect."""
    listed = {"source": "guardian-wirkung", "source_side": "a", "target_monster": 1,
              "attribute": "ap", "amount": 20}
    ruling = SITUATION.evaluate(_table(_GUARDIAN, listed))
    assert ruling.value("monster_1_ap") == 140  # both +20 applied
    notes = [n.render() for n in ruling.notes]
    assert any("also as listed effect 1" in n and "side A" in n for n in notes), notes
    # the other side's listed Wirkung, or no Wirkung in the fields: nothing to point out
    other = SITUATION.evaluate({**_table(_GUARDIAN, {**listed, "source_side": "b"}), "guardians": [
        _GUARDIAN, {"side": "b", "base_planet": "mars"}]})
    assert not any("also as listed effect" in n.render() for n in other.notes)
    bare = SITUATION.evaluate(_table({"side": "a", "base_planet": "venus"}, listed))
    assert bare.value("monster_1_ap") == 120
    assert not any("also as listed effect" in n.render() for n in bare.notes)
    # one aimed at the opposing Schutzgottkarte changes nothing (kartenaufbau ¶3), and the
    # note said "both are applied" (a judge helper's table)
    at_guardian = SITUATION.evaluate({**_table(_GUARDIAN, {
        "source": "guardian-wirkung", "source_side": "a", "target_guardian": "b"}),
        "guardians": [_GUARDIAN, {"side": "b", "base_planet": "mars"}]})
    assert at_guardian.value("monster_1_ap") == 120
    assert not any("also as listed effect" in n.render() for n in at_guardian.notes)

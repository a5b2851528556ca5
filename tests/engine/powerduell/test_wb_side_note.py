"""1.2.4 › Wirkungsbegrenzung ¶1 names the right small symbol, its example (¶2) the left one: the
situation says so wherever a guardian has one small symbol, as the focused scenario does
(judge report, situation PD-B)."""

from __future__ import annotations

import pytest

from engine.powerduell import SITUATION

NOTE = "1.2.4 › Wirkungsbegrenzung ¶1 calls the limiting symbol the right small one"


def _table(**symbols: str) -> dict:
    return {"active_side": "a",
            "guardians": [{"side": "a", "base_planet": "venus", "spezial_cost_change": -1,
                           **symbols}],
            "monsters": [{"side": "a", "planet": "venus", "cost": 4},
                         {"side": "a", "planet": "mars", "cost": 4}]}


@pytest.mark.parametrize("side", ["left_planet", "right_planet"])
def test_the_situation_notes_the_texts_disagree_on_the_side_of_the_limiting_symbol(side):
    ruling = SITUATION.evaluate(_table(**{side: "venus"}))
    assert any(note.id.startswith(NOTE) for note in ruling.notes)


def test_no_note_without_a_wirkungsbegrenzung():
    for symbols in ({}, {"left_planet": "mars", "right_planet": "erde"}):
        assert not any(note.id.startswith(NOTE) for note in SITUATION.evaluate(
            _table(**symbols)).notes)

"""Card text in for Power-Duell: the corpus, the situation the fields make, the unread."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cardtext import with_card_texts
from engine.cardtext.powerduell import GRAMMAR
from engine.powerduell import RULESET
from tests.engine.powerduell.cardtext_corpus import CORPUS

SITUATION = RULESET.scenario("situation")
_GUARDIAN_FIELDS = {f.name for f in next(f for f in SITUATION.fields
                                         if f.name == "guardians").fields}
_UNDERSTOOD = [e for e in CORPUS if e["inputs"]]


def _table(inputs: dict[str, Any]) -> dict[str, Any]:
    """Side A's Venus Schutzgottkarte carrying ``inputs``; a Venus monster on each side."""
    values = {"ep": 5, "ap": 100, "dp": 100, "lp": 100, "cost": 4}
    return {"active_side": "a",
            "guardians": [{"side": "a", "base_planet": "venus", **inputs}],
            "monsters": [{"side": "a", "planet": "venus", **values},
                         {"side": "b", "planet": "venus", **values}]}


def test_corpus_is_large_and_mixed():
    languages = {"ru" if any("\u0400" <= c <= "\u04ff" for c in e["text"]) else "latin"
                 for e in CORPUS}
    assert len(CORPUS) >= 40 and languages == {"ru", "latin"}
    assert sum(1 for e in CORPUS if e["unread"]) >= 8
    assert any(e["text"].startswith(("Impact", "Special impact")) for e in CORPUS)


@pytest.mark.parametrize("entry", CORPUS, ids=[e["text"][:40] for e in CORPUS])
def test_the_parser_agrees_with_the_corpus(entry):
    read = GRAMMAR.read(entry["text"])
    assert dict(read.inputs) == entry["inputs"]
    assert read.not_understood == tuple(entry["unread"])
    assert read.complete == (not entry["unread"])


@pytest.mark.parametrize("entry", _UNDERSTOOD, ids=[e["text"][:40] for e in _UNDERSTOOD])
def test_understood_fields_make_a_valid_situation_with_a_ruling(entry):
    inputs = dict(GRAMMAR.read(entry["text"]).inputs)
    assert set(inputs) <= _GUARDIAN_FIELDS
    validated = SITUATION.validate(_table(inputs))
    ruling = SITUATION.rule_on(validated)
    assert ruling.values and ruling.steps


def test_the_parsed_wirkung_changes_the_ruling():
    read = GRAMMAR.read("Wirkung: Venus-Monsterkarten erhalten +20 AP, auch auf der "
                        "gegnerischen Spielfeldseite.")
    ruling = SITUATION.evaluate(_table(dict(read.inputs)))
    assert (ruling.value("monster_1_ap"), ruling.value("monster_2_ap")) == (120, 120)
    own_only = SITUATION.evaluate(_table(dict(GRAMMAR.read(
        "Wirkung: Venus-Monsterkarten erhalten +20 AP.").inputs)))
    assert (own_only.value("monster_1_ap"), own_only.value("monster_2_ap")) == (120, 100)


def test_the_parsed_cost_change_changes_the_ruling():
    read = GRAMMAR.read("Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung "
                        "2 Energiepunkte weniger.")
    ruling = SITUATION.evaluate(_table(dict(read.inputs)))
    assert (ruling.value("monster_1_cost"), ruling.value("monster_2_cost")) == (2, 4)


def test_what_is_not_understood_makes_the_ruling_incomplete():
    read = GRAMMAR.read("Wirkung: Monsterkarten erhalten +20 AP. Spezial-Wirkung: Verdoppelt "
                        "den AP-Wert aller Monsterkarten.")
    assert read.not_understood == ("Spezial-Wirkung: Verdoppelt den AP-Wert aller "
                                   "Monsterkarten.",)
    ruling = SITUATION.evaluate(_table(dict(read.inputs)))
    assert ruling.complete
    marked = with_card_texts(ruling, [(read, ())])
    assert not marked.complete and len(marked.steps) == len(ruling.steps) + 1
    assert "Verdoppelt" in marked.steps[0].message.render()
    whole = GRAMMAR.read("Wirkung: Monsterkarten erhalten +20 AP.")
    assert with_card_texts(ruling, [(whole, ())]) is ruling


def test_a_phrase_is_placed_in_the_section_before_it():
    read = GRAMMAR.read("Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 "
                        "Energiepunkt weniger. Dieser Effekt gilt auch auf der gegnerischen "
                        "Spielfeldseite.")
    assert dict(read.inputs) == {"spezial_cost_change": -1,
                                 "spezial_extends_to_opposing_side": True}
    assert [p.form for p in read.phrases] == ["spezial-cost", "reach"]
    wrong = GRAMMAR.read("Wirkung: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt "
                         "weniger.")
    assert wrong.inputs == {} and not wrong.complete


_WORDS = st.sampled_from(
    "Wirkung: Spezial-Wirkung: Воздействие: Impact: Monsterkarten Monster карты монстров "
    "erhalten verlieren получают +20 -10 1 zwei AP DP LP EP Energiepunkt weniger mehr bei der "
    "Aktivierung zahlen auch auf gegnerischen Spielfeldseite Venus- Merkur und wenn für jede "
    ", . ; \n".split(" "))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(_WORDS, max_size=30).map(" ".join)))
def test_any_text_is_read_without_raising_and_never_half_understood(text):
    read = GRAMMAR.read(text)
    for phrase in read.phrases:
        assert bool(phrase.fields) == phrase.understood
        assert set(phrase.fields) <= _GUARDIAN_FIELDS
    assert set(read.inputs) <= _GUARDIAN_FIELDS
    assert read.complete == (not read.not_understood)

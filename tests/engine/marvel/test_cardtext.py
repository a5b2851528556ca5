"""The Marvel Champions card-text grammar: the corpus, its inputs ruled on, and any text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.cardtext import with_card_texts
from engine.core import InputError
from engine.cardtext.marvel import GRAMMAR, MAX_EFFECTS, assemble, resolve
from engine.marvel import GAME, RULESET, SITUATION_SLUG
from engine.registry import RULESETS
from tests.engine.marvel.cardtext_corpus import CORPUS, ENGLISH, GERMAN, RUSSIAN
from tests.engine.marvel.helpers import ally, board

SITUATION = next(r for r in RULESETS if r.game == GAME).scenario(SITUATION_SLUG)
#: A small board: a villain, a minion, two allies, the main scheme, player 1's deck.
BOARD = board(villain=[{"damage": 1}], minions=[{"damage": 0}],
              characters=[ally(damage=1, exhausted=True), ally()],
              main_scheme=[{"threat": 4}], players=[{"deck": 10}])
UNDERSTOOD = [case for case in CORPUS if case[1]["effects"]]
WITH_UNREAD = [case for case in CORPUS if case[2] and case[1]["effects"]]


def test_the_corpus_is_large_mixed_and_has_phrases_outside_the_forms():
    assert len(CORPUS) >= 40
    assert min(len(GERMAN), len(ENGLISH), len(RUSSIAN)) >= 10
    assert sum(1 for _, inputs, unread in CORPUS if unread and not inputs["effects"]) >= 8
    assert len({text for text, _, _ in CORPUS}) == len(CORPUS)


@pytest.mark.parametrize(("text", "inputs", "unread"), CORPUS, ids=[c[0][:40] for c in CORPUS])
def test_the_grammar_reads_every_corpus_phrasing(text, inputs, unread):
    read = GRAMMAR.read(text)
    assert read.inputs == inputs
    assert read.not_understood == unread
    assert read.complete is (not unread)


@pytest.mark.parametrize(("text", "inputs", "unread"), UNDERSTOOD,
                         ids=[c[0][:40] for c in UNDERSTOOD])
def test_understood_inputs_on_a_board_are_valid_and_ruled_on(text, inputs, unread):
    data = BOARD | inputs
    unnamed = [i for i, e in enumerate(inputs["effects"])
               if e["verb"] == "give_status" and "status" not in e]
    if unnamed:  # "eine Statuskarte" names none: the judge picks it, the form asks for it
        with pytest.raises(InputError) as asked:
            SITUATION.validate(data)
        assert asked.value.field == f"effects.{unnamed[0]}.status"
        effects = [e if "status" in e or e["verb"] != "give_status" else {**e, "status": "tough"}
                   for e in inputs["effects"]]
        data = BOARD | inputs | {"effects": effects}
    SITUATION.validate(data)
    ruling = SITUATION.evaluate(data)
    assert ruling.value("can_initiate") is not None
    assert len([v for v in ruling.values if v.name.endswith("_resolves_against")]) \
        == len(inputs["effects"])


@pytest.mark.parametrize(("text", "inputs", "unread"), WITH_UNREAD,
                         ids=[c[0][:40] for c in WITH_UNREAD])
def test_text_not_understood_makes_the_ruling_incomplete(text, inputs, unread):
    read = GRAMMAR.read(text)
    ruling = SITUATION.evaluate(BOARD | read.inputs)
    marked = with_card_texts(ruling, [(read, ())])
    assert marked.complete is False
    assert len(marked.steps) == len(ruling.steps) + len(unread)


def test_a_fully_understood_text_leaves_the_ruling_as_it_is():
    read = GRAMMAR.read("Füge einem Schergen 2 Schaden zu. Betäube den Schergen.")
    ruling = SITUATION.evaluate(BOARD | read.inputs)
    assert ruling.complete and with_card_texts(ruling, [(read, ())]) is ruling
    assert ruling.value("effect_2_resolves_against") == ("minion 1",)


def test_the_situation_scenario_is_the_rulesets():
    assert SITUATION is RULESET.scenario("situation")


def test_an_earlier_target_is_needed_for_the_target_and_a_pronoun():
    assert GRAMMAR.read("Betäube das Ziel.").not_understood == ("Betäube das Ziel.",)
    assert GRAMMAR.read("Deal 2 damage to a minion. Stun it.").not_understood == ("Stun it.",)
    joined = GRAMMAR.read("Deal 2 damage to a minion and stun it.")
    assert [e["selector"] for e in joined.inputs["effects"]] == ["one", "joint"]


def test_the_villain_is_one_target_unless_an_earlier_effect_targets_it():
    read = GRAMMAR.read("Füge einem Schergen 1 Schaden zu. Betäube den Schurken.")
    assert read.inputs["effects"][1] == {"verb": "give_status", "status": "stunned",
                                         "selector": "one", "target_type": "villain", "count": 1}


def test_a_future_effect_is_no_target_for_a_pronoun():
    text = "The next card you play costs 1 less and stun it."
    assert GRAMMAR.read(text).not_understood == ("stun it.",)


def test_assemble_of_read_phrases_gives_the_same_inputs():
    read = GRAMMAR.read("Wähle 2 Schergen. Füge ihnen 1 Schaden zu und betäube sie.")
    assert assemble(read.phrases) == read.inputs
    assert resolve(read.phrases) == read.phrases
    assert read.inputs["effects"][0]["count"] == 2


_WORDS = ("füge", "einem", "jedem", "dem", "schergen", "gegner", "2", "schaden", "zu", "und",
          "betäube", "ihn", "wähle", "ziehe", "karten", "aktion", "(angriff):", "deal", "damage",
          "to", "a", "each", "the", "stun", "it", "choose", "minions", "нанесите", "урона",
          "врагу", "каждому", "и", "оглушите", "его", ".", ",", "\n")
_card_like = st.lists(st.sampled_from(_WORDS), max_size=24).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=120), _card_like))
def test_any_text_is_read_without_error_and_each_phrase_is_understood_or_not(text):
    read = GRAMMAR.read(text)
    for phrase in read.phrases:
        assert (phrase.form is not None and bool(phrase.fields)) or \
            (phrase.form is None and not phrase.fields)
    assert len(read.inputs["effects"]) <= MAX_EFFECTS
    assert len(read.inputs["effects"]) == sum("verb" in p.fields for p in read.phrases)
    assert read.complete is (not read.not_understood)

"""The Berserk card-text grammar (engine.cardtext.berserk) on its corpus and on any text."""

import pytest
from hypothesis import given, settings, strategies as st

from engine.berserk import RULESET
from engine.cardtext import with_card_texts
from engine.cardtext.berserk import GRAMMAR
from tests.engine.berserk.cardtext_corpus import CORPUS

#: A table the read fields are put on: a non-flying creature in the play zone, own turn.
TABLE = {"initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "elite",
         "initial_movement": 2, "elements": ["forest"], "turn": "own", "phase": "main",
         "subphase": "choice", "strike_declared": "none"}
SITUATION = RULESET.scenario("situation")


def test_the_corpus_is_large_enough_and_holds_phrases_outside_the_forms():
    assert len(CORPUS) >= 40
    assert sum(1 for *_, unread in CORPUS if unread) >= 8


@pytest.mark.parametrize("text, features, changes, unread", CORPUS, ids=[c[0] for c in CORPUS])
def test_the_grammar_reads_what_a_judge_reads(text, features, changes, unread):
    read = GRAMMAR.read(text)
    assert read.inputs == {"features": features, "changes": changes}
    assert list(read.not_understood) == unread
    assert read.complete is not unread


@pytest.mark.parametrize("text, features, changes, unread",
                         [c for c in CORPUS if c[1] or c[2]], ids=lambda v: str(v)[:40])
def test_what_is_read_is_accepted_by_the_situation_and_ruled_on(text, features, changes, unread):
    targets = [{"elements": [f["feature_element"]]} for f in features]
    read = GRAMMAR.read(text)
    table = TABLE if not changes or changes[0]["change"] != "become-creature" else {
        **TABLE, "initial_type": "artifact", "initial_subtype": None, "initial_movement": None}
    ruling = with_card_texts(SITUATION.evaluate({**table, **read.inputs, "targets": targets}),
                             [(read, ())])
    assert ruling.steps
    unread_steps = [s for s in ruling.steps
                    if "card text" in str(s.message.param_dict().get("what", ""))]
    assert len(unread_steps) == len(unread)
    if unread:
        assert not ruling.complete
        assert all(value.shown.id.startswith("%(value)s, if the text") for value in ruling.values)


def test_a_text_with_nothing_understood_adds_nothing_to_the_table():
    read = GRAMMAR.read("Защитник. Бьёт первым.")
    assert read.inputs == {"features": [], "changes": []}
    assert read.not_understood == ("Защитник.", "Бьёт первым.")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_read_without_error_and_every_phrase_is_accounted_for(text):
    read = GRAMMAR.read(text)
    for phrase in read.phrases:
        assert phrase.understood == bool(phrase.fields)
    assert len(read.inputs["features"]) + len(read.inputs["changes"]) == sum(
        1 for p in read.phrases if p.understood)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([c[0] for c in CORPUS if not c[3]]),
       st.sampled_from([c[0] for c in CORPUS if list(c[3]) == [c[0]]]))  # one phrase, unread
def test_an_unread_sentence_beside_read_ones_is_reported_and_changes_nothing_read(read_text,
                                                                                   unread_text):
    alone = GRAMMAR.read(read_text)
    both = GRAMMAR.read(f"{read_text.rstrip('.')}. {unread_text}")
    assert both.inputs == alone.inputs
    assert both.not_understood == (unread_text,)

"""Every step message is reached, and shares words with the clauses it cites."""

from __future__ import annotations

from engine.core import Outcome
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import all_rulings, step_key
from tests.engine.marvel.texts import CLAUSE_TEXT, STEP_WORDS

# --------------------------------------------------------------------------
# Step words and coverage of every step message
# --------------------------------------------------------------------------

def test_every_step_message_is_reached_and_has_step_words():
    emitted = {step_key(step) for ruling in all_rulings() for step in ruling.steps}
    assert emitted == set(STEP_WORDS)


def test_step_words_appear_in_the_cited_clauses():
    for ruling in all_rulings():
        for step in ruling.steps:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations).lower()
            for word in STEP_WORDS[step_key(step)]:
                assert word.lower() in text, (step.message.id, word)


def test_step_messages_render_and_not_applicable_or_silent_have_reasons():
    for ruling in all_rulings():
        for step in ruling.steps:
            assert step.message.render()
            if step.outcome is not Outcome.APPLIED:
                assert step.reason is not None and step.reason.render()
        for value in ruling.values:
            assert value.label.render()


def test_field_labels_render():
    def walk(fields):
        for spec in fields:
            assert spec.label.render()
            for choice in spec.choices:
                assert choice.label.render()
            walk(spec.fields)
    walk(SCENARIO.fields)

"""Every text a Marvel Champions ruling shows renders as words, never as a Python repr.

A nested message parameter (an element's name inside a step) must be rendered as a message:
formatted with ``str()`` it shows "Message(id='minion %(number)s', ...)".
"""

from __future__ import annotations

from typing import Any, Iterator

from engine.core import Message, Ruling
from engine.marvel import SITUATION
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.helpers import all_rulings, card, effect

#: The judge's input: damage to an enemy, then stun "the" enemy; the villain cannot take damage.
DAMAGE_THEN_STUN = card(effect("deal_damage", "one", "enemy", amount=2),
                        effect("give_status", "the", status="stunned"),
                        villain=[{"conditions": ["cannot_take_damage"]}], minions=[{}])


def _shown(value: Any) -> Iterator[str]:
    """Every text a value (or its shown form) renders to."""
    if isinstance(value, Message):
        yield value.render()
    elif isinstance(value, tuple):
        for item in value:
            yield from _shown(item)
    else:
        yield str(value)


def texts(ruling: Ruling) -> Iterator[str]:
    """Every text of ``ruling``: steps and their reasons, values, notes, readings."""
    for step in ruling.steps:
        yield step.message.render()
        if step.reason is not None:
            yield step.reason.render()
    values = list(ruling.values) + [v for r in ruling.readings for v in r.values]
    for value in values:
        yield value.label.render()
        yield from _shown(value.shown if value.shown is not None else value.value)
    yield from (note.render() for note in ruling.notes)
    yield from (r.label.render() for r in ruling.readings)
    yield from (r.why.render() for r in ruling.readings if r.why is not None)
    yield ruling.verdict.render()


def test_the_damaged_target_of_the_target_is_named_in_words():
    ruling = SCENARIO.evaluate(DAMAGE_THEN_STUN)
    step = next(s for s in ruling.steps if "after damage dealt to it" in s.message.id)
    assert step.message.render() == "Effect 2 refers to minion 1 after damage dealt to it."


def test_no_text_of_any_example_or_the_judge_input_shows_a_message_repr():
    rulings = all_rulings() + [SCENARIO.evaluate(DAMAGE_THEN_STUN),
                               SITUATION.evaluate(DAMAGE_THEN_STUN)]
    rulings += [scenario.evaluate(example.inputs) for scenario in (SCENARIO, SITUATION)
                for example in scenario.examples]
    for ruling in rulings:
        for text in texts(ruling):
            assert "Message(" not in text, text

"""What readers see names clauses as they are printed ("106 ¶2", "Ziel ¶3.2",
"1.2.4 › Wirkungsbegrenzung ¶1"), never by the engine's internal clause keys
("106.p2", "ziel.p3.2", "1.2.4.wirkungsbegrenzung.p1")."""

from __future__ import annotations

import re

import pytest

import engine
from engine import berserk
from engine.core import Message, Ruling
from tests.engine import situations as S
from tests.engine.test_situations import _NOT_COVERED

#: An internal key: dotted path ending in ".pN" (106.p2, ziel.p3.2), or a bare "pN".
INTERNAL_KEY = re.compile(r"\b[\w\-]+(?:\.[\w\-]+)*\.p\d+(?:\.\d+)*\b|\bp\d+\b")

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
#: A Berserk situation reaching the reasons that discuss 106 ¶1–¶3: a feature against
#: neutral cards, a neutral target, a gained element.
BK_NEUTRAL_AND_GAINS = (berserk.SITUATION, {
    "initial_type": "creature", "initial_subtype": "non-flying", "initial_status": "ordinary",
    "initial_movement": 2, "elements": ["swamp"], "turn": "own", "phase": "other",
    "strike_declared": "none", "changes": [{"change": "gain-element", "element": "forest"}],
    "features": [{"feature_element": "neutral", "strike_bonus": 1}],
    "targets": [{"elements": ["neutral"]}]})


def _rulings() -> list[tuple[str, Ruling]]:
    found = [(f"{s.game}:{s.slug}:{e.slug}", s.evaluate(e.inputs))
             for s in SCENARIOS for e in s.examples]
    pd = next(r for r in engine.rulesets() if r.game == "power-duell").scenario("situation")
    found += [(f"pd-table-{i}", pd.evaluate(t)) for i, t in enumerate(S.PD_TABLES)]
    found += [(kind, scenario.evaluate(data)) for kind, (scenario, data) in _NOT_COVERED.items()]
    found.append(("berserk-neutral-and-gains", BK_NEUTRAL_AND_GAINS[0].evaluate(
        BK_NEUTRAL_AND_GAINS[1])))
    return found


def _texts(ruling: Ruling) -> list[str]:
    messages: list[Message] = [ruling.verdict, *ruling.notes]
    for step in ruling.steps:
        messages += [step.message] + ([step.reason] if step.reason else [])
    for reading in ruling.readings:
        messages += [reading.label] + ([reading.why] if reading.why else [])
    messages += [value.label for value in ruling.values]
    messages += [v for value in ruling.values for v in (
        value.value if isinstance(value.value, tuple) else (value.value,))
        if isinstance(v, Message)]
    return [m.render() for m in messages]


@pytest.mark.parametrize("name,ruling", _rulings(), ids=lambda x: x if isinstance(x, str) else "")
def test_no_internal_clause_key_in_what_readers_see(name, ruling):
    for text in _texts(ruling):
        assert not INTERNAL_KEY.search(text), (name, text)


def test_the_pattern_finds_internal_keys_and_spares_printed_labels():
    assert INTERNAL_KEY.search("106.p2 excepts neutral cards")
    assert INTERNAL_KEY.search("see ziel.p3.2")
    assert INTERNAL_KEY.search("1.2.4.wirkungsbegrenzung.p1 calls")
    assert INTERNAL_KEY.search("and p1 sets the ranks")
    for printed in ("106 ¶2 excepts", "Ziel ¶3.2", "1.2.4 › Wirkungsbegrenzung ¶1", "108.1",
                    "107.2", "AP 100"):
        assert not INTERNAL_KEY.search(printed), printed


def test_reasons_about_clauses_name_them_as_printed():
    ruling = BK_NEUTRAL_AND_GAINS[0].evaluate(BK_NEUTRAL_AND_GAINS[1])
    text = " ".join(_texts(ruling))
    assert "106 ¶3 only stops the gain" in text
    assert "as 106 ¶2 and 106 ¶3 speak of cards" in text

"""The verdict reads as a sentence in every language: "Incomplete: 1 input is not covered by
the published rules.", each language's plural forms from its catalog (Russian has three),
and "Incomplete:" said once when a cited clause had no text on the date as well."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import pytest
from django.utils import translation

from engine.core import DocumentRef, Ruling, msg, not_covered
from rulebook.calculator import services as calculator
from rulebook.calculator.citations import Drift

CITE = DocumentRef("berserk", "comprehensive-rules").cite("107.2")
ON = datetime.date(2025, 6, 1)


def _ruling(missing: int, scope=None) -> Ruling:
    return Ruling("demo", (), tuple(not_covered(msg("a fact %(n)s", n=n), CITE)
                                    for n in range(missing)), scope=scope)


@pytest.mark.parametrize("language, count, verdict", [
    ("en", 1, "Incomplete: 1 input is not covered by the published rules."),
    ("en", 3, "Incomplete: 3 inputs are not covered by the published rules."),
    ("de", 1, "Unvollständig: 1 Eingabe ist nicht durch die veröffentlichten Regeln abgedeckt."),
    ("de", 2, "Unvollständig: 2 Eingaben sind nicht durch die veröffentlichten Regeln abgedeckt."),
    ("ru", 1, "Неполное: 1 введённое значение не охвачено опубликованными правилами."),
    ("ru", 3, "Неполное: 3 введённых значения не охвачены опубликованными правилами."),
    ("ru", 5, "Неполное: 5 введённых значений не охвачены опубликованными правилами."),
    ("ru", 21, "Неполное: 21 введённое значение не охвачено опубликованными правилами."),
])
def test_the_count_of_inputs_not_covered_takes_the_languages_plural(language, count, verdict):
    with translation.override(language):
        assert calculator._verdict(_ruling(count), [], ON) == verdict
        # the engine's message rendered by the site's one renderer says the same
        assert calculator.render_message(_ruling(count).verdict) == verdict


def test_the_scope_follows_the_count_as_its_own_sentence():
    scope = msg("The target requirement of Ziel ¶3 is met.")
    with translation.override("en"):
        assert calculator._verdict(_ruling(1, scope), [], ON) == (
            "Incomplete: 1 input is not covered by the published rules. "
            "The target requirement of Ziel ¶3 is met.")


@pytest.mark.parametrize("language, first, then", [
    ("en", "Incomplete: on ", "In addition, 2 inputs are not covered by the published rules."),
    ("de", "Unvollständig: Am ",
     "Außerdem sind 2 Eingaben nicht durch die veröffentlichten Regeln abgedeckt."),
    ("ru", "Неполное: ",
     "Кроме того, 2 введённых значения не охвачены опубликованными правилами."),
])
def test_incomplete_is_said_once_when_a_clause_also_had_no_text(language, first, then):
    repealed = SimpleNamespace(drift=Drift.REPEALED, display_key="107.2")
    with translation.override(language):
        verdict = calculator._verdict(_ruling(2), [repealed], ON)
        incomplete = calculator._verdict(_ruling(0), [], ON).split(":")[0]
    assert verdict.startswith(first) and verdict.endswith(then)
    assert verdict.count(first.split(":")[0] + ":") == 1
    assert incomplete != first.split(":")[0]  # a complete ruling says "Complete"

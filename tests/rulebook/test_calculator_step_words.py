"""Each step of a ruling cites a clause whose imported text is about that step.

The engine test modules define ``STEP_WORDS``: for each step message id,
words that appear in the text of the clauses the step cites.  Here the words
are looked up in the text the site actually imported from the seeds, for
every step emitted by every worked example and every judge case.
"""

from __future__ import annotations

import re

import pytest

import engine
from rulebook.models import ClauseVersion
from tests.engine.berserk.clauses import SITUATION_STEP_WORDS as BERSERK_SITUATION_WORDS
from tests.engine.berserk.clauses import STEP_WORDS as BERSERK_WORDS
from tests.engine.marvel.texts import STEP_WORDS as MARVEL_WORDS
from tests.engine.powerduell.common import STEP_WORDS as POWERDUELL_WORDS
from tests.rulebook.calculator_cases import CASES

# Steps only the Marvel situation emits: the crisis example of ziel ¶5.1 (a card's
# icon overrides "threat can be removed from the main scheme").
MARVEL_SITUATION_WORDS = {"Card text may override this rule: %(rule)s": ("Krisensymbol",
                                                                         "verhindert")}
STEP_WORDS = {"power-duell": POWERDUELL_WORDS,
              "berserk": {**BERSERK_WORDS, **BERSERK_SITUATION_WORDS},
              "marvel-champions": {**MARVEL_WORDS, **MARVEL_SITUATION_WORDS}}
SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]


def normalise(text: str) -> str:
    """Plain lower-case text: Markdown line markers dropped, whitespace collapsed."""
    text = re.sub(r"(?m)^\s*(?:>\s*)*(?:[-*]\s+)?", "", text)
    return " ".join(text.split()).lower()


@pytest.fixture
def imported_text(seeded):
    """(game, document, key) → the imported title and text of version 1, normalised."""
    versions = ClauseVersion.objects.filter(number=1).select_related("clause__document__game")
    return {(v.clause.document.game.slug, v.clause.document.slug, v.clause.key):
            normalise(f"{v.title_in(v.original_language).text} {v.original_text()}")
            for v in versions}


def inputs_for(scenario):
    found = [example.inputs for example in scenario.examples]
    found += [case.inputs for case in CASES
              if (case.game, case.scenario) == (scenario.game, scenario.slug)]
    return found


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.game}:{s.slug}" for s in SCENARIOS])
def test_every_step_cites_a_clause_about_it(scenario, imported_text):
    inputs = inputs_for(scenario)
    assert inputs, "every scenario has a worked example or a judge case"
    words = STEP_WORDS[scenario.game]
    checked = 0
    for data in inputs:
        for step in scenario.evaluate(data).steps:
            assert step.message.id in words, step.message.id
            text = " ".join(imported_text[(c.document.game, c.document.document, c.key)]
                            for c in step.citations)
            for word in words[step.message.id]:
                assert normalise(word) in text, (step.message.id, word,
                                                 [c.key for c in step.citations])
                checked += 1
    assert checked >= len(inputs)

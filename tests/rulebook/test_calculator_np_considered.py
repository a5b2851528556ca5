"""The step that gives a Power-Duell number says, with its clause, why the
negativ-positiv-Wirkung did not change it, and links to that check; the check
stays under "considered, not applicable" too (a judge reads the number, not
the list below it)."""

from __future__ import annotations

import re

import pytest

import engine
from rulebook.calculator import services as calculator
from tests.rulebook.calculator_cases import CASES, NP_ACTIVE, NP_RULES

PD3 = next(case for case in CASES if case.id == "PD-3")
SITUATION = engine.find_scenario(engine.rulesets(), "power-duell", "situation")
PD3_TABLE = next(e for e in SITUATION.examples if e.slug == "pd-3").inputs
CONSIDERED = {"en": "negative-positive impact was considered and does not apply",
              "de": "negativ-positiv-Wirkung wurde geprüft und gilt nicht",
              "ru": "Негативно-позитивное воздействие рассмотрено и не применяется"}
REASON = {"en": "under no effect that changes its energy point, AP, DP or LP values",
          "de": "unter keinem Effekt",
          "ru": "не находится под эффектом"}


def _step(html: str, number: int) -> str:
    return re.search(rf'<li class="step[^"]*" id="step-{number}">(.*?)</li>', html, re.S).group(1)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("scenario, inputs, shows", [
    ("guardian-wirkung", PD3.inputs, "+20"), ("situation", PD3_TABLE, "100 → 120")])
def test_the_number_says_why_negativ_positiv_left_it_alone(client, seeded, language,
                                                           scenario, inputs, shows):
    found = engine.find_scenario(engine.rulesets(), "power-duell", scenario)
    query = calculator.to_query(found, inputs)
    html = client.get(f"/{language}/calculator/power-duell/{scenario}/?{query}").content.decode()
    data = client.get(f"/api/scenarios/power-duell/{scenario}/evaluate?{query}"
                      f"&lang={language}").json()
    (step,) = [s for s in data["steps"] if shows in s["text"] and s["outcome"] == "applied"]
    assert CONSIDERED[language] in step["text"] and REASON[language] in step["text"]
    assert NP_RULES in [c["key"] for c in step["citations"]]
    (check,) = [s for s in data["steps"] if s["number"] in step["see"]]
    assert check["outcome"] == "not_applicable" and REASON[language] in check["reason"]
    number_step = _step(html, step["number"])
    assert f'href="#step-{check["number"]}"' in number_step
    assert "1.2.4 › negativ-positiv-Wirkung ¶2" in number_step
    considered = html.split('class="steps steps--not-applicable"')[1].split("</ul>")[0]
    assert f'id="step-{check["number"]}"' in considered  # still listed there


def test_an_inactive_sides_card_is_named_at_its_monsters_number(client, seeded):
    table = {**PD3_TABLE, "active_side": "b"}
    ruling = SITUATION.evaluate(table)
    (step,) = [s for s in ruling.steps if s.see]
    assert NP_ACTIVE in [c.key for c in step.citations]
    assert ruling.steps[step.see[0] - 1].citations[0].key == NP_ACTIVE


def test_no_remark_where_negativ_positiv_changes_the_number():
    pd2 = next(case for case in CASES if case.id == "PD-2")
    ruling = engine.find_scenario(engine.rulesets(), "power-duell",
                                  "guardian-wirkung").evaluate(pd2.inputs)
    assert not any(step.see for step in ruling.steps)
    assert not any("why" in step.message.param_dict() for step in ruling.steps)

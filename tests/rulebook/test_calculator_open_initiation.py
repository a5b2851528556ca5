"""When the published texts leave open whether a Marvel Champions ability can be
initiated ("choose N" with fewer valid targets than N but more than 0, a status
card on the acting character), nothing after it is presented as fact: what each
effect resolves against is "if the ability is initiated" (not covered for the
"choose N" effect itself), the steps about resolving say so, no threat is
computed, and what the targets allow is only "as far as its targets decide"."""

from __future__ import annotations

import pytest

import engine
from engine.core import Outcome
from engine.marvel import NOT_COVERED_VALUE
from rulebook.calculator import services as calculator

SITUATION = engine.find_scenario(engine.rulesets(), "marvel-champions", "situation")
TARGETS = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
SHORT = {"kind": "card_ability",
         "effects": [{"verb": "deal_damage", "amount": 2, "selector": "choose", "count": 3,
                      "target_type": "minion"},
                     {"verb": "remove_threat", "amount": 1, "selector": "each",
                      "target_type": "scheme"}],
         "minions": [{"damage": 0}, {"damage": 0}], "main_scheme": [{"threat": 3}],
         "side_schemes": [{"threat": 2}], "crisis_icon": True}
STUNNED = {"kind": "basic_attack", "actor": 1,
           "characters": [{"kind": "hero", "atk": 2, "thw": 1, "def": 1,
                           "statuses": ["stunned"]}],
           "minions": [{"damage": 0}], "villain": [{"damage": 0}]}
CASES = [(TARGETS, SHORT), (SITUATION, SHORT), (SITUATION, STUNNED)]
IDS = ["choose-3-of-2", "choose-3-of-2-board", "stunned-actor"]


@pytest.mark.parametrize("scenario, inputs", CASES, ids=IDS)
def test_nothing_after_an_open_initiation_is_stated_as_fact(scenario, inputs):
    ruling = scenario.evaluate(inputs)
    assert not ruling.complete and ruling.value("can_initiate") == NOT_COVERED_VALUE
    for value in ruling.values:
        if value.name.endswith("_resolves_against"):
            assert "if the ability is initiated" in value.label.id, value.name
        assert not value.name.startswith("threat_after_"), "no threat as a fact"
    for step in ruling.steps:
        text = step.message.render()
        if step.outcome is Outcome.APPLIED and "can be initiated" in text:
            assert text.startswith("As far as its targets decide: "), text
        if "is not resolved against" in text:
            assert text.startswith("If the ability is initiated: "), text


def test_the_choose_effect_short_of_targets_resolves_against_what_is_not_covered():
    ruling = TARGETS.evaluate(SHORT)
    assert ruling.value("effect_1_resolves_against") == NOT_COVERED_VALUE
    assert ruling.value("effect_2_resolves_against") == ("side scheme 1",)
    (step,) = [s for s in ruling.steps if s.message.id.startswith("If the ability")]
    assert [c.key for c in step.citations] == ["ziel.p5.1"]


def test_a_covered_initiation_keeps_its_facts():
    covered = {**SHORT, "effects": [{**SHORT["effects"][0], "count": 2}, SHORT["effects"][1]]}
    ruling = TARGETS.evaluate(covered)
    assert ruling.value("can_initiate") is True and ruling.complete
    assert ruling.value("threat_after_side_scheme_1") == 1
    assert not any(s.message.id.startswith(("If the ability", "As far as")) for s in ruling.steps)


@pytest.mark.parametrize("language, conditional", [
    ("en", "if the ability is initiated"), ("de", "falls die Fähigkeit eingeleitet wird"),
    ("ru", "если способность инициирована")])
def test_the_page_says_it_is_conditional(client, seeded, language, conditional):
    query = calculator.to_query(SITUATION, STUNNED)
    html = client.get(f"/{language}/calculator/marvel-champions/situation/?{query}")
    assert html.status_code == 200
    text = html.content.decode()
    values = text.split('class="ruling-values"')[1].split("</dl>")[0]
    assert conditional in values
    data = client.get(f"/api/scenarios/marvel-champions/situation/evaluate?{query}"
                      f"&lang={language}").json()
    assert data["complete"] is False
    resolves = next(v for v in data["values"] if v["name"] == "effect_1_resolves_against")
    assert conditional in resolves["label"]


def test_an_open_point_under_an_open_initiation_renders_in_the_api(client, seeded):
    """The basic power Verteidigung is outside the texts (judge report MC-N8): can_initiate is
    not covered under both readings of VER 0 (defend-zero), which differ in valid targets."""
    defend = {"kind": "basic_defend", "actor": 1,
              "characters": [{"kind": "hero", "atk": 2, "thw": 2, "def": 0}],
              "minions": [{"damage": 0, "attacking": True}]}
    query = calculator.to_query(SITUATION, defend)
    data = client.get(f"/api/scenarios/marvel-champions/situation/evaluate?{query}"
                      "&lang=en").json()
    assert data["complete"] is False
    (point,) = data["open_points"]
    assert point["point"] == "defend-zero"
    valid = [{v["name"]: v["value"] for v in r["values"]}["effect_1_valid_targets"]
             for r in point["readings"]]
    assert valid == [["minion 1"], []]
    html = client.get(f"/en/calculator/marvel-champions/situation/?{query}")
    assert html.status_code == 200 and "has DEF 0" in html.content.decode()

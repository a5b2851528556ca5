"""Every judge case of the shared case list through the web form and the JSON API.

The web form is asked with a GET query string (as a browser sends it); the
API with JSON input.  Each asserts the case's literal expected values and the
cited clause keys, and that each cited key links to the clause's permalink.
"""

from __future__ import annotations

import pytest

from rulebook.calculator import services as calculator
from tests.rulebook.calculator.cases import CASES, Case, parts

DOCUMENTS = {"power-duell": "schutzgottkarten", "berserk": "comprehensive-rules",
             "marvel-champions": "referenzhandbuch"}


def web_form(client, case: Case, language: str = "en"):
    """GET the calculator page with the case's input; return (response, RulingView)."""
    scenario = calculator.find(case.game, case.scenario)
    query = calculator.to_query(scenario, case.inputs)
    response = client.get(f"/{language}/calculator/{case.game}/{case.scenario}/?{query}")
    assert response.status_code == 200, response.content.decode()[:2000]
    view = response.context["ruling"]
    assert view is not None
    return response, view


def check_web_form(client, case_id: str) -> None:
    for case in parts(case_id):
        response, view = web_form(client, case)
        values = {v.name: v.value for v in view.values}
        for name, expected in case.expected.items():
            assert values[name] == expected, (case.id, name)
        cited = {c.key for step in view.steps for c in step.citations}
        assert case.cites <= cited, case.id
        skipped = {c.key for step in view.not_applicable for c in step.citations}
        assert case.not_applicable_cites <= skipped, case.id
        html = response.content.decode()
        for key in case.cites:
            assert f'href="/en/{case.game}/{DOCUMENTS[case.game]}/{key}/"' in html, key
        if case.not_applicable_cites:
            assert "Considered, not applicable" in html


def check_api(client, case_id: str) -> None:
    for case in parts(case_id):
        response = client.post(f"/api/scenarios/{case.game}/{case.scenario}/evaluate",
                               {"inputs": case.inputs}, content_type="application/json")
        assert response.status_code == 200, response.content
        data = response.json()
        values = {v["name"]: v["value"] for v in data["values"]}
        for name, expected in case.expected.items():
            assert values[name] == expected, (case.id, name)
        citations = [c for step in data["steps"] for c in step["citations"]]
        assert case.cites <= {c["key"] for c in citations}, case.id
        skipped = {c["key"] for step in data["steps"] if step["outcome"] == "not_applicable"
                   for c in step["citations"]}
        assert case.not_applicable_cites <= skipped, case.id
        for citation in citations:
            assert citation["document"] == DOCUMENTS[case.game]
            assert citation["url"] == (f"http://testserver/en/{case.game}/"
                                       f"{DOCUMENTS[case.game]}/{citation['key']}/")
            assert citation["cited_version"] == 1 and citation["version"] == 1
            assert citation["drift"] == "none" and citation["warning"] == ""
        # the same ruling as the shareable web address gives
        web = client.get(data["web_url"].removeprefix("http://testserver"))
        assert {v.name: v.value for v in web.context["ruling"].values} == values


@pytest.fixture
def web(client, seeded):
    return client


# Power-Duell ------------------------------------------------------------------

def test_PD_1_web_form_increase_halved(web):
    check_web_form(web, "PD-1")


def test_PD_1_api(web):
    check_api(web, "PD-1")


def test_PD_2_web_form_increase_doubled(web):
    check_web_form(web, "PD-2")


def test_PD_2_api(web):
    check_api(web, "PD-2")


def test_PD_3_web_form_negativ_positiv_not_applicable(web):
    check_web_form(web, "PD-3")


def test_PD_3_api(web):
    check_api(web, "PD-3")


def test_PD_4_web_form_merkur_wirkung_does_not_apply(web):
    check_web_form(web, "PD-4")


def test_PD_4_api(web):
    check_api(web, "PD-4")


def test_PD_5_web_form_wirkungsbegrenzung(web):
    check_web_form(web, "PD-5")


def test_PD_5_api(web):
    check_api(web, "PD-5")


def test_PD_6_web_form_evaluation_order(web):
    check_web_form(web, "PD-6")


def test_PD_6_api(web):
    check_api(web, "PD-6")


def test_PD_7_web_form_effects_aimed_at_a_guardian(web):
    check_web_form(web, "PD-7")


def test_PD_7_api(web):
    check_api(web, "PD-7")


def test_PD_1_literal_query_string(web):
    """The form as a browser sends it, written out by hand."""
    response = web.get(
        "/de/calculator/power-duell/guardian-wirkung/?guardian_side_active=on&base_planet=venus"
        "&left_planet=mars&right_planet=erde&attribute=ap&amount=20&scope=base"
        "&monster_planet=venus&monster_side=own&combat=attacking&opponent_planet=erde"
        "&opponent_effects=dp&base_value=&as_of=")
    assert response.status_code == 200
    values = {v.name: v.value for v in response.context["ruling"].values}
    assert values["change"] == 10 and values["factor"] == "1/2"
    html = response.content.decode()
    assert 'href="/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p3/"' in html
    assert "1/2 (= 0,5)" in html  # a German page: German decimal comma


# Berserk ------------------------------------------------------------------------

def test_BK_1_web_form_bagrakh_swamp_forest(web):
    check_web_form(web, "BK-1")


def test_BK_1_api(web):
    check_api(web, "BK-1")


def test_BK_2_web_form_bagrakh_mountains(web):
    check_web_form(web, "BK-2")


def test_BK_2_api(web):
    check_api(web, "BK-2")


def test_BK_3_web_form_same_element(web):
    check_web_form(web, "BK-3")


def test_BK_3_api(web):
    check_api(web, "BK-3")


def test_BK_4_web_form_gain_element_already_had(web):
    check_web_form(web, "BK-4")


def test_BK_4_api(web):
    check_api(web, "BK-4")


def test_BK_5_web_form_gains_then_loses_flight(web):
    check_web_form(web, "BK-5")


def test_BK_5_api(web):
    check_api(web, "BK-5")


def test_BK_6_web_form_elite_becomes_ordinary(web):
    check_web_form(web, "BK-6")


def test_BK_6_api(web):
    check_api(web, "BK-6")


def test_BK_7_web_form_simple_strike_timing(web):
    check_web_form(web, "BK-7")


def test_BK_7_api(web):
    check_api(web, "BK-7")


def test_BK_8_web_form_defender_assignment(web):
    check_web_form(web, "BK-8")


def test_BK_8_api(web):
    check_api(web, "BK-8")


def test_BK_7_literal_query_string(web):
    response = web.get("/ru/calculator/berserk/timing/?card_type=creature&card_subtype=non-flying"
                       "&in_play_zone=on&strike_declared=none&turn=opponent&phase=main"
                       "&subphase=choice")
    assert response.status_code == 200
    assert {v.name: v.value for v in response.context["ruling"].values}["simple_strike"] is False
    assert 'href="/ru/berserk/comprehensive-rules/107.2/"' in response.content.decode()


# Marvel Champions -----------------------------------------------------------------

def test_MC_1_web_form_damage_a_minion_none_in_play(web):
    check_web_form(web, "MC-1")


def test_MC_1_api(web):
    check_api(web, "MC-1")


def test_MC_2_web_form_each_scheme_with_crisis(web):
    check_web_form(web, "MC-2")


def test_MC_2_api(web):
    check_api(web, "MC-2")


def test_MC_3_web_form_only_main_scheme(web):
    check_web_form(web, "MC-3")


def test_MC_3_api(web):
    check_api(web, "MC-3")


def test_MC_4_web_form_zero_thw_basic_thwart(web):
    check_web_form(web, "MC-4")


def test_MC_4_api(web):
    check_api(web, "MC-4")


def test_MC_5_web_form_cannot_be_readied(web):
    check_web_form(web, "MC-5")


def test_MC_5_api(web):
    check_api(web, "MC-5")


def test_MC_6_web_form_cannot_take_damage(web):
    check_web_form(web, "MC-6")


def test_MC_6_api(web):
    check_api(web, "MC-6")


def test_MC_7_web_form_future_target(web):
    check_web_form(web, "MC-7")


def test_MC_7_api(web):
    check_api(web, "MC-7")


def test_MC_8_web_form_draw_with_one_card(web):
    check_web_form(web, "MC-8")


def test_MC_8_api(web):
    check_api(web, "MC-8")


def test_MC_2_literal_query_string(web):
    response = web.get(
        "/en/calculator/marvel-champions/target-validity/?kind=card_ability&effects=1"
        "&effects-0-verb=remove_threat&effects-0-selector=each&effects-0-target_type=scheme"
        "&effects-0-amount=1&villain=0&minions=0&main_scheme=1&main_scheme-0-threat=3"
        "&side_schemes=1&side_schemes-0-threat=2&crisis_icon=on&characters=0&other_cards=0"
        "&players=0")
    assert response.status_code == 200
    values = {v.name: v.value for v in response.context["ruling"].values}
    assert values["can_initiate"] is True
    assert values["threat_after_side_scheme_1"] == 1


def test_every_case_is_covered():
    ids = {case.id.split("-")[0] + "-" + case.id.split("-")[1][0] for case in CASES}
    assert ids == {f"PD-{n}" for n in range(1, 8)} | {f"BK-{n}" for n in range(1, 9)} | {
        f"MC-{n}" for n in range(1, 9)}

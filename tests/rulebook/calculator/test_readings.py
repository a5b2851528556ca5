"""Open points on the ruling page and in the API: every reading shown with its values and
clauses, in the reader's words, and nothing presented as fact that a reading or an
uncovered input could change."""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine.core import Outcome
from engine.marvel import NOT_COVERED_VALUE
from rulebook.calculator import services as calculator
from tests.rulebook.calculator.cases import CASES, NP_ACTIVE, NP_RULES
from tests.rulebook.calculator.open_points import the_open_point

# --------------------------------------------------------------------------
# The open points of a Wirkung ruling show each reading, on the page and in the API.
# --------------------------------------------------------------------------

DEFENDING = ("base_planet=mars&left_planet=venus&right_planet=jupiter&attribute=dp&amount=-30"
             "&monster_planet=mars&combat=defending&opponent_planet=venus&opponent_effects=ap")
LISTED = ("guardian_side_active=off&base_planet=venus&left_planet=mars&right_planet=erde"
          "&attribute=ap&amount=20&scope=listed&listed_planets=jupiter&listed_planets=saturn"
          "&monster_planet=jupiter&base_value=100")
PAGE = "/de/calculator/power-duell/guardian-wirkung/"
API = "/api/scenarios/power-duell/guardian-wirkung/evaluate"


@pytest.mark.django_db
def test_the_defending_ruling_shows_both_readings_its_own_planet_first(client, seeded):
    html = client.get(f"{PAGE}?{DEFENDING}").content.decode()
    assert "Planet und Effekte des angreifenden Monsters entscheiden" in html
    assert "Das verteidigende Monster ist selbst das Angriffsziel" in html
    assert "Das verteidigende Monster wurde als Angriffsziel herangezogen." in html
    assert "anstelle des Angriffsziels herangezogen" not in html  # not the reading shown
    data = client.post(API, json.dumps({"inputs": {
        "base_planet": "mars", "left_planet": "venus", "right_planet": "jupiter",
        "attribute": "dp", "amount": -30, "monster_planet": "mars", "combat": "defending",
        "opponent_planet": "venus", "opponent_effects": ["ap"]}}),
        content_type="application/json").json()
    assert the_open_point(data, "change") == (
        "np-defending", [-30, -15], [["1.2.4.negativ-positiv-wirkung.p2"]] * 2)


@pytest.mark.django_db
def test_the_listed_planets_ruling_shows_both_readings(client, seeded):
    html = client.get(f"{PAGE}?{LISTED}").content.decode()
    assert "Die negativ-positiv-Regel begrenzt die Wirkung" in html
    assert "Die Beschreibung geht vor" in html
    data = client.get(f"/api/scenarios/power-duell/guardian-wirkung/evaluate?{LISTED}").json()
    name, results, _clauses = the_open_point(data, "result")
    assert (name, results) == ("np-scope", [100, 120])


# --------------------------------------------------------------------------
# The effect-order page and API show both orders of a Spezial-Wirkung and a Wirkung.
# --------------------------------------------------------------------------

SPEZIAL_ORDER_QUERY = ("base_ap=100&effects=2"
         "&effects-0-source=guardian-wirkung&effects-0-activated=1&effects-0-attribute=ap"
         "&effects-0-operation=add&effects-0-amount=20"
         "&effects-1-source=guardian-spezial-wirkung&effects-1-activated=1"
         "&effects-1-attribute=ap&effects-1-operation=double")


@pytest.mark.django_db
def test_the_page_and_the_api_show_both_orders_with_their_values(client, seeded):
    html = client.get(f"/de/calculator/power-duell/effect-order/?{SPEZIAL_ORDER_QUERY}").content.decode()
    assert "Die Spezial-Wirkung wird vor der Wirkung gewertet" in html
    assert "beide Lesarten werden gezeigt" in html
    data = client.get(f"/api/scenarios/power-duell/effect-order/evaluate?{SPEZIAL_ORDER_QUERY}").json()
    order = "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung."
    assert the_open_point(data, "ap") == (
        "spezial-or-wirkung", [240, 220], [[order + "p1", order + "p3"], [order + "p1"]])


# --------------------------------------------------------------------------
# The step that gives a Power-Duell number says, with its clause, why the
# negativ-positiv-Wirkung did not change it, and links to that check; the check
# stays under "considered, not applicable" too (a judge reads the number, not
# the list below it).
# --------------------------------------------------------------------------

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
    # the page numbers its steps in the order it shows them (the API in the ruling's)
    shown = calculator.page_numbers(found.evaluate(inputs).steps)
    number_step = _step(html, shown[step["number"]])
    assert f'href="#step-{shown[check["number"]]}"' in number_step
    assert "1.2.4 › negativ-positiv-Wirkung ¶2" in number_step
    considered = html.split('class="steps steps--not-applicable"')[1].split("</ul>")[0]
    assert f'id="step-{shown[check["number"]]}"' in considered  # still listed there


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


# --------------------------------------------------------------------------
# Two neutral Berserk cards: the page shows both readings of 106 ¶2 in clear Russian.
# --------------------------------------------------------------------------

NEUTRAL_QUERY = "card_a_elements=neutral&card_b_elements=neutral"


@pytest.mark.django_db
def test_the_russian_page_shows_both_readings_and_a_clear_relation(client, seeded):
    html = client.get(f"/ru/calculator/berserk/same-element/?{NEUTRAL_QUERY}").content.decode()
    assert "ни карты одной стихии, ни карты разных стихий (нейтральная карта)" in html
    assert "ни одной, ни разных" not in html
    assert "«Нейтральная» — стихия, к которой принадлежат обе карты" in html
    assert "verdict--complete" not in html
    data = client.get(f"/api/scenarios/berserk/same-element/evaluate?{NEUTRAL_QUERY}").json()
    assert the_open_point(data, "same_element") == (
        "neutral-shared-element", [False, True], [["106.p2"], ["106.p2"]])


# --------------------------------------------------------------------------
# A Marvel Champions ability with a future target whose other effects have no valid
# target: Ziel ¶3 and ¶6 give different answers, and the page shows both readings.
# --------------------------------------------------------------------------

TARGETS = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
DRAW_AND_DISCOUNT = {"kind": "card_ability",
                     "effects": [{"verb": "draw", "amount": 2, "selector": "you"},
                                 {"verb": "future", "amount": 1, "selector": "future"}],
                     "players": [{"deck": 0}]}


@pytest.mark.django_db
def test_the_russian_page_shows_the_open_point_not_complete(client, seeded):
    query = calculator.to_query(TARGETS, DRAW_AND_DISCOUNT)
    html = client.get(f"/ru/calculator/marvel-champions/target-validity/?{query}")
    assert html.status_code == 200
    text = html.content.decode()
    assert "verdict--complete" not in text
    assert "для инициирования ей цель не нужна (Ziel ¶6)" in text
    assert "без допустимой цели её нельзя инициировать (Ziel ¶3)" in text
    data = client.get(f"/api/scenarios/marvel-champions/target-validity/evaluate?{query}"
                      "&lang=ru").json()
    assert data["settled"] is False
    assert the_open_point(data, "can_initiate") == (
        "future-target-initiation", [False, True], [["ziel.p3"], ["ziel.p6"]])


# --------------------------------------------------------------------------
# Marvel "Deal 3 damage to an enemy. Stun the enemy." with an enemy that cannot take
# damage: ziel ¶4.10 and its example settle it (the ability cannot be initiated), so the
# page shows no readings and the verdict is complete (issue 22: the former second reading,
# "valid if at least 1 of the effects can affect it", contradicts the example).
# --------------------------------------------------------------------------

SCENARIO = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
INPUTS = {"kind": "card_ability",
          "effects": [{"verb": "deal_damage", "amount": 3, "selector": "one",
                       "target_type": "enemy"},
                      {"verb": "give_status", "status": "stunned", "selector": "the"}],
          "villain": [{"damage": 0, "conditions": ["cannot_take_damage"]}]}


def test_the_russian_page_shows_a_settled_ruling_in_russian_words(client, seeded):
    query = calculator.to_query(SCENARIO, INPUTS)
    response = client.get(f"/ru/calculator/marvel-champions/target-validity/?{query}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Только допустимая цель предыдущего эффекта (Ziel ¶4.10)" not in html
    assert "Допустима, если хотя бы 1 из эффектов может затронуть цель" not in html
    assert "для «одна цель» (ein) и «выберите» (wähle)" in html
    assert "«ein»" not in html and "«wähle»" not in html
    assert "Полное: каждый ввод охвачен опубликованными правилами." in html


def test_the_api_gives_no_open_point(client, seeded):
    response = client.get("/api/scenarios/marvel-champions/target-validity/evaluate?"
                          + calculator.to_query(SCENARIO, INPUTS) + "&lang=en")
    assert response.status_code == 200
    data = response.json()
    assert data["open_points"] == [] and data["settled"] is True
    assert "ziel.p4.7" in str(data) and "ziel.p3" in str(data)
    assert "Valid if at least 1 of the effects on the target can affect it" not in str(data)
    assert {v["name"]: v["value"] for v in data["values"]}["can_initiate"] is False


# --------------------------------------------------------------------------
# When the published texts leave open whether a Marvel Champions ability can be
# initiated ("choose N" with fewer valid targets than N but more than 0, a status
# card on the acting character), nothing after it is presented as fact: what each
# effect resolves against is "if the ability is initiated" (not covered for the
# "choose N" effect itself), the steps about resolving say so, no threat is
# computed, and what the targets allow is only "as far as its targets decide".
# --------------------------------------------------------------------------

MC_SITUATION = engine.find_scenario(engine.rulesets(), "marvel-champions", "situation")
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
INITIATION_CASES = [(TARGETS, SHORT), (MC_SITUATION, SHORT), (MC_SITUATION, STUNNED)]
INITIATION_IDS = ["choose-3-of-2", "choose-3-of-2-board", "stunned-actor"]


@pytest.mark.parametrize("scenario, inputs", INITIATION_CASES, ids=INITIATION_IDS)
def test_nothing_after_an_open_initiation_is_stated_as_fact(scenario, inputs):
    ruling = scenario.evaluate(inputs)
    assert not ruling.complete and ruling.value("can_initiate") == NOT_COVERED_VALUE
    for value in ruling.values:
        if value.name.endswith("_resolves_against"):
            assert "if the ability is initiated" in value.label.id, value.name
        assert not value.name.startswith("threat_after_"), "no threat as a fact"
    for step in ruling.steps:
        text = step.message.render()
        if step.outcome is Outcome.APPLIED and ("can be initiated" in text
                                                or "target requirement of Ziel ¶3" in text):
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
    query = calculator.to_query(MC_SITUATION, STUNNED)
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
    query = calculator.to_query(MC_SITUATION, defend)
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


# --------------------------------------------------------------------------
# An open point shows its question: readings labelled "Yes: …"/"No: …" answer it, and
# next to a value row ("Can be initiated: no | yes") they read backwards without it.
# --------------------------------------------------------------------------

UNATTACKABLE = {"kind": "basic_attack", "actor": 1, "characters": [{"kind": "hero", "atk": 0}],
                "villain": [{"conditions": ["cannot_be_attacked"]}]}
TARGET_PAGE = "/{language}/calculator/marvel-champions/target-validity/"
TARGET_API = "/api/scenarios/marvel-champions/target-validity/evaluate"
BASIC_LABEL_QUESTION = {
    "en": "Is the basic power attack (thwart) an ability labelled attack (thwart)?",
    "de": "Ist die Basiskraft Angriff (Widerstand) eine als Angriff (Widerstand) "
          "gekennzeichnete Fähigkeit?",
}


def test_every_reading_of_an_engine_ruling_carries_its_points_question():
    ruling = TARGETS.evaluate(UNATTACKABLE)
    (point,) = ruling.open_points()
    assert point == "basic-power-label"
    assert {r.question.id for r in ruling.readings_of(point)} == {
        "Is the basic power Angriff (Widerstand) an ability labelled Angriff (Widerstand)?"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_page_and_the_api_show_the_open_points_question(client, seeded, language):
    query = calculator.to_query(TARGETS, UNATTACKABLE)
    html = client.get(f"{TARGET_PAGE.format(language=language)}?{query}").content.decode()
    question = BASIC_LABEL_QUESTION[language]
    heading = html.index("open-point-1")
    assert question in html[heading:html.index("<table", heading)]
    data = client.post(TARGET_API, json.dumps({"inputs": UNATTACKABLE}),
                       content_type="application/json", HTTP_ACCEPT_LANGUAGE=language).json()
    assert [p["question"] for p in data["open_points"]] == [question]


@pytest.mark.django_db
def test_a_power_duell_table_reading_carries_its_question_too(client, seeded):
    data = client.post("/api/scenarios/power-duell/situation/evaluate", json.dumps({"inputs": {
        "guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
                       "wirkung_amount": 20}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
        "effects": [{"source": "guardian-spezial-wirkung", "activated": 1, "target_monster": 1,
                     "attribute": "ap", "operation": "halve"}]}}),
        content_type="application/json", HTTP_ACCEPT_LANGUAGE="en").json()
    assert data["open_points"] and all(p["question"] for p in data["open_points"])

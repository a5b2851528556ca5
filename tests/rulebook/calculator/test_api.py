"""The JSON API: scenario schemas, evaluation with citations, OpenAPI, errors."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.core import FieldKind

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
BK1 = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}


def post(client, path, payload, **extra):
    return client.post(path, json.dumps(payload) if not isinstance(payload, (str, bytes))
                       else payload, content_type="application/json", **extra)


def test_scenario_list_has_every_scenario_with_its_input_schema(client, seeded):
    response = client.get("/api/scenarios")
    assert response.status_code == 200
    data = response.json()
    assert [(s["game"], s["slug"]) for s in data] == [(s.game, s.slug) for s in SCENARIOS]
    timing = next(s for s in data if s["slug"] == "timing")
    assert timing["url"] == "http://testserver/en/calculator/berserk/timing/"
    assert timing["evaluate_url"] == "http://testserver/api/scenarios/berserk/timing/evaluate"
    names = [f["name"] for f in timing["fields"]]
    assert names == [f.name for f in engine.find_scenario(engine.rulesets(), "berserk",
                                                          "timing").fields]
    turn = next(f for f in timing["fields"] if f["name"] == "turn")
    assert turn["kind"] == "choice" and [c["value"] for c in turn["choices"]] == ["own",
                                                                                 "opponent"]
    schema = timing["input_schema"]
    turn = schema["properties"]["turn"]
    assert schema["type"] == "object" and turn["anyOf"][0]["enum"] == ["own", "opponent"]
    assert turn["anyOf"][1]["pattern"] == (
        r"^\s*(?:[oO][wW][nN]|[oO][pP][pP][oO][nN][eE][nN][tT])\s*$")
    assert schema["properties"]["in_play_zone"]["type"] == "boolean"


def test_group_fields_carry_their_sub_fields_and_bounds(client, seeded):
    data = client.get("/api/scenarios/marvel-champions/target-validity").json()
    minions = next(f for f in data["fields"] if f["name"] == "minions")
    assert minions["kind"] == "group" and minions["min_items"] == 0 and minions["max_items"] == 8
    damage = next(f for f in minions["fields"] if f["name"] == "damage")
    assert damage["kind"] == "integer" and damage["minimum"] == 0 and damage["maximum"] == 99
    prop = data["input_schema"]["properties"]["minions"]
    assert prop["type"] == "array" and prop["maxItems"] == 8
    assert prop["items"]["properties"]["damage"] == {"type": "integer", "minimum": 0,
                                                      "maximum": 99, "default": 0,
                                                      "title": "Damage on it"}


def test_scenario_texts_follow_the_lang_parameter(client, seeded):
    en = client.get("/api/scenarios/berserk/timing?lang=en").json()
    de = client.get("/api/scenarios/berserk/timing?lang=de").json()
    assert en["title"] == "Simple strike, closing and defender: timing"
    assert set(en) == set(de)


def test_examples_are_listed_with_json_inputs(client, seeded):
    data = client.get("/api/scenarios/power-duell/effect-order").json()
    (example,) = data["examples"]
    assert example["expected"] == {"order": [2, 1]}
    assert example["inputs"]["base_ap"] == 100
    assert example["source_key"] == "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p3"


def test_evaluation_returns_values_steps_and_citations(client, seeded):
    response = post(client, "/api/scenarios/berserk/element-feature/evaluate",
                    {"inputs": BK1, "as_of": "2025-06-01"})
    assert response.status_code == 200
    data = response.json()
    assert data["as_of"] == "2025-06-01" and data["drift"] is False
    assert {v["name"]: v["value"] for v in data["values"]}["strike_bonus"] == 2
    (step,) = data["steps"]
    assert step["outcome"] == "applied"
    (citation,) = step["citations"]
    assert citation == {
        "game": "berserk", "document": "comprehensive-rules", "key": "106.p1",
        "label": "106 ¶1", "cited_version": 1, "version": 1,
        "effective_date": None,
        "url": "http://testserver/en/berserk/comprehensive-rules/106.p1/",
        "drift": "none", "warning": "", "has_text": True, "rulings": []}
    assert data["web_url"].startswith("http://testserver/en/calculator/berserk/element-feature/?")
    assert "as_of=2025-06-01" in data["web_url"]


def test_the_get_variant_takes_the_web_forms_query_string(client, seeded):
    response = client.get("/api/scenarios/berserk/element-feature/evaluate?feature_element=swamp"
                          "&strike_bonus=2&target_elements=swamp&target_elements=forest")
    assert response.status_code == 200
    assert {v["name"]: v["value"] for v in response.json()["values"]}["strike_bonus"] == 2


@pytest.mark.parametrize("payload, field", [
    ({"inputs": {**BK1, "strike_bonus": "lots"}}, "inputs.strike_bonus"),
    ({"inputs": {**BK1, "target_elements": ["lava"]}}, "inputs.target_elements"),
    ({"inputs": {"feature_element": "swamp"}}, "inputs.strike_bonus"),
    ({}, "inputs"),  # inputs are required (and marked so in the OpenAPI document)
    ({"inputs": BK1, "as_of": 0}, "as_of"),  # only YYYY-MM-DD is a date
])
def test_invalid_input_is_a_422_naming_the_field(client, seeded, payload, field):
    response = post(client, "/api/scenarios/berserk/element-feature/evaluate", payload)
    assert response.status_code == 422
    error = response.json()["errors"][0]
    assert error["field"] == field and error["message"]
    assert set(error) == {"field", "message"}


def test_every_bad_field_of_a_body_is_named_at_once(client, seeded):
    """A body with an unknown field, a value of the wrong type and a missing
    field: one 422 names all three (as the form marks all its mistakes)."""
    payload = {"inputs": {"feature_element": "swamp", "strike_bonus": "lots",
                          "target_element": ["forest"]}}
    response = post(client, "/api/scenarios/berserk/element-feature/evaluate", payload)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert [e["field"] for e in errors] == [
        "inputs.target_element", "inputs.strike_bonus", "inputs.target_elements"]
    assert "target_elements" in errors[0]["message"]  # the closest known name
    assert all(e["message"] for e in errors)


def test_every_bad_parameter_of_the_get_variant_is_named_at_once(client, seeded):
    response = client.get("/api/scenarios/berserk/element-feature/evaluate?feature_element=lava"
                          "&strike_bonus=lots&target_elemnts=swamp")
    assert response.status_code == 422
    assert [e["field"] for e in response.json()["errors"]] == [
        "target_elemnts", "feature_element", "strike_bonus", "target_elements"]


def test_an_error_in_a_group_item_names_its_path(client, seeded):
    response = post(client, "/api/scenarios/marvel-champions/target-validity/evaluate",
                    {"inputs": {"kind": "card_ability", "effects": [{"verb": "heal"}],
                                "minions": [{"damage": 1}, {"damage": -1}]}})
    assert response.status_code == 422
    # every invalid field, in field order: the effect's missing selector, then the minion's damage
    assert [e["field"] for e in response.json()["errors"]] == [
        "inputs.effects.0.selector", "inputs.minions.1.damage"]


def test_invalid_envelopes_are_client_errors(client, seeded):
    url = "/api/scenarios/berserk/element-feature/evaluate"
    not_json = post(client, url, "{not json")
    assert not_json.status_code == 400
    assert not_json.json() == {"errors": [{"field": "", "message": "Cannot parse request body"}]}
    assert post(client, url, {"inputs": [1, 2]}).status_code == 422
    assert post(client, url, {"inputs": BK1, "as_of": "yesterday"}).status_code == 422
    assert client.get(f"{url}?as_of=31.12.2024&feature_element=swamp").status_code == 422
    missing = client.get("/api/scenarios/berserk/nothing")
    assert missing.status_code == 404
    (error,) = missing.json()["errors"]
    assert error["field"] == "slug" and "GET /api/scenarios" in error["message"]


def test_openapi_document_is_served_and_docs_page_is_off(client, seeded):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    document = response.json()
    assert document["openapi"].startswith("3.")
    paths = document["paths"]
    assert "/api/scenarios" in paths
    assert "post" in paths["/api/scenarios/{game}/{slug}/evaluate"]
    assert "get" in paths["/api/scenarios/{game}/{slug}/evaluate"]
    schemas = document["components"]["schemas"]
    assert {"RulingOut", "CitationOut", "ScenarioOut", "EvaluateIn", "ErrorOut"} <= set(schemas)
    assert "effective_date" in schemas["CitationOut"]["properties"]
    # no Swagger UI page: it would load its assets from a CDN
    assert client.get("/api/docs", follow=True).status_code == 404
    assert "cdn" not in response.content.decode().lower()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.game}:{s.slug}" for s in SCENARIOS])
def test_random_json_inputs_never_give_a_server_error(client, seeded, scenario):
    # Keys are the fields of their level (an unknown key is refused before
    # anything else, see test_api_strict), values of any shape.
    scalar = st.one_of(st.none(), st.booleans(), st.integers(-10**10, 10**10), st.text(max_size=6),
                       st.sampled_from([c for f in scenario.fields for c in f.choice_values()]
                                       or ["x"]))
    value = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3), max_leaves=6)

    def objects(fields):
        return st.fixed_dictionaries({}, optional={
            spec.name: (st.one_of(value, st.lists(st.one_of(scalar, objects(spec.fields)),
                                                  max_size=3))
                        if spec.kind is FieldKind.GROUP else value)
            for spec in fields})
    inputs = objects(scenario.fields)
    url = f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate"

    @settings(max_examples=50, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(inputs)
    def check(data):
        response = post(client, url, {"inputs": data})
        assert response.status_code in (200, 422), (data, response.content[:300])

    check()


def test_every_example_gives_its_expected_values_through_the_api(client, seeded):
    for scenario in SCENARIOS:
        for example in scenario.examples:
            data = post(client, f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate",
                        {"inputs": json.loads(json.dumps(example.inputs, default=list))}).json()
            values = {v["name"]: v["value"] for v in data["values"]}
            from rulebook.calculator.services import value_json
            for name, expected in example.expected.items():
                assert values[name] == value_json(expected), (example.slug, name)


def test_group_kind_is_reported(seeded):
    assert any(f.kind is FieldKind.GROUP for s in SCENARIOS for f in s.fields)


def test_the_api_root_points_to_its_openapi_document(client, seeded):
    """/api/ names the OpenAPI document (it was the site's HTML 404), and
    that address answers with the description of the operations."""
    response = client.get("/api/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    body = response.json()
    assert body["openapi"] == "http://testserver/api/openapi.json"
    described = client.get("/api/openapi.json").json()
    assert body["version"] == described["info"]["version"] == "2"
    assert len(described["paths"]) > 10
    assert client.get("/api/docs").status_code == 404


@pytest.mark.parametrize("language, message", [
    ("en", "“{}” is not a date; enter it as YYYY-MM-DD."),
    ("de", "„{}“ ist kein Datum; gib es als JJJJ-MM-TT ein."),
    ("ru", "«{}» — не дата; введите её в виде ГГГГ-ММ-ДД.")])
@pytest.mark.parametrize("value", ["31.12.2024", "2024-13-01"])
def test_a_malformed_date_is_the_sites_message_in_the_language_asked_for(client, seeded, language,
                                                                         message, value):
    """The same words as the rest of the API (and the pages), from the body and the query."""
    url = "/api/scenarios/berserk/element-feature/evaluate"
    expected = {"errors": [{"field": "as_of", "message": message.format(value)}]}
    from_body = post(client, f"{url}?lang={language}", {"inputs": BK1, "as_of": value},
                     HTTP_ACCEPT_LANGUAGE="ru" if language != "ru" else "de")
    from_query = client.get(f"{url}?as_of={value}&feature_element=swamp&lang={language}")
    assert (from_body.status_code, from_body.json()) == (422, expected)
    assert (from_query.status_code, from_query.json()) == (422, expected)


def test_an_answer_in_the_browsers_language_varies_on_it(client, seeded):
    """Without ``lang`` the ruling's words follow Accept-Language: a cache must know."""
    url = "/api/scenarios/berserk/element-feature/evaluate"
    russian = post(client, url, {"inputs": BK1}, HTTP_ACCEPT_LANGUAGE="ru")
    german = post(client, url, {"inputs": BK1}, HTTP_ACCEPT_LANGUAGE="de")
    assert russian.status_code == german.status_code == 200
    assert russian.content != german.content
    assert "Accept-Language" in russian.get("Vary", "") and "Accept-Language" in german["Vary"]
    assert "Accept-Language" not in post(client, f"{url}?lang=de", {"inputs": BK1}).get("Vary", "")
    assert "Accept-Language" in client.get("/api/scenarios", HTTP_ACCEPT_LANGUAGE="ru")["Vary"]

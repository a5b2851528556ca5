"""The strict API (issue 22): what the API does not know is refused, naming it.

- an unknown or misspelled field of a scenario's ``inputs`` (at any level)
  or query parameter of the GET variant is a 422 naming its path, with the
  closest known name ("Did you mean …?"), never ruled on as an omitted
  field; the scenario's JSON Schema says ``additionalProperties: false``;
- an unknown key of the POST body is a 422 naming it;
- a body that is not ``application/json`` is a 415, a body over the size
  limit a 413 — and every 4xx under ``/api/`` is ``{"errors": [{"field",
  "message"}]}``, documented in the OpenAPI document;
- the web calculator form checks parameters with the same parser: its own
  parameters and the items a reader removed by lowering a count are taken,
  any other unknown parameter is an error on the page (400), never a 500.
"""

from __future__ import annotations

import html
import json
import re
from urllib.parse import quote

import jsonschema_rs
import pytest
from django.test import Client

import engine

EVALUATE = "/api/scenarios/berserk/element-feature/evaluate"
BK1 = {"feature_element": "swamp", "strike_bonus": 2, "target_elements": ["swamp", "forest"]}
BK1_QUERY = ("feature_element=swamp&strike_bonus=2&target_elements=swamp"
             "&target_elements=forest")
ORDER = "/api/scenarios/power-duell/effect-order/evaluate"
ORDER_EXAMPLE = engine.find_scenario(engine.rulesets(), "power-duell", "effect-order").examples[0]
TEN_MB = 10 * 1024 * 1024


def post(client, path, payload, content_type="application/json"):
    body = payload if isinstance(payload, (str, bytes)) else json.dumps(payload)
    return client.post(path, body, content_type=content_type)


def errors(response):
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    return response.json()["errors"]


def order_inputs():
    """The worked example of the effect order, as JSON (two effects)."""
    return json.loads(json.dumps(ORDER_EXAMPLE.inputs, default=sorted))


# --------------------------------------------------------------------------
# Unknown scenario fields (JSON)
# --------------------------------------------------------------------------

def test_an_unknown_field_is_a_422_naming_it(client, seeded):
    response = post(client, EVALUATE, {"inputs": {**BK1, "weather": "rain"}})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.weather", "message": "Unknown field 'weather'."}]


def test_a_misspelled_field_names_the_closest_known_one(client, seeded):
    inputs = {"feature_element": "swamp", "strike_bonsu": 2}  # strike_bonus misspelled
    response = post(client, EVALUATE, {"inputs": inputs})
    assert response.status_code == 422
    # the unknown key is reported first, then what its misspelling left out
    assert errors(response) == [
        {"field": "inputs.strike_bonsu",
         "message": "Unknown field 'strike_bonsu'. Did you mean 'strike_bonus'?"},
        {"field": "inputs.strike_bonus", "message": "This field is required."},
        {"field": "inputs.target_elements", "message": "Choose at least one value."}]


@pytest.mark.parametrize("lang, message", [
    ("de", "Unbekanntes Feld „strike_bonsu“. Meintest du „strike_bonus“?"),
    ("ru", "Неизвестное поле «strike_bonsu». Возможно, имелось в виду «strike_bonus»?"),
])
def test_the_suggestion_is_translated(client, seeded, lang, message):
    response = post(client, f"{EVALUATE}?lang={lang}",
                    {"inputs": {**BK1, "strike_bonsu": 3}})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.strike_bonsu", "message": message}]


def test_a_field_of_a_valid_ruling_misspelled_is_no_longer_ruled_on_its_default(client, seeded):
    """The fault of the issue: a typo in an optional field gave 200 on the default."""
    inputs = order_inputs()
    assert post(client, ORDER, {"inputs": inputs}).status_code == 200
    inputs["effects"][1]["amonut"] = 5
    response = post(client, ORDER, {"inputs": inputs})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.effects.1.amonut", "message": (
        "Unknown field 'amonut'. Did you mean 'amount'?")}]


def test_an_unknown_field_in_a_group_item_at_the_top_level_of_inputs(client, seeded):
    """A group item's field given beside the group (not inside an item) is unknown there."""
    response = post(client, ORDER, {"inputs": {**order_inputs(), "amount": 5}})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.amount", "message": "Unknown field 'amount'."}]


def test_an_empty_key_is_named_too(client, seeded):
    response = post(client, EVALUATE, {"inputs": {**BK1, "": 1}})
    assert response.status_code == 422
    assert errors(response) == [{"field": 'inputs.""', "message": "Unknown field ''."}]


# --------------------------------------------------------------------------
# Unknown keys of the body
# --------------------------------------------------------------------------

def test_an_unknown_top_level_key_of_the_body_is_a_422_naming_it(client, seeded):
    response = post(client, EVALUATE, {"inputs": BK1, "weather": "rain"})
    assert response.status_code == 422
    assert errors(response) == [{"field": "weather", "message": "Unknown field 'weather'."}]


def test_a_misspelled_top_level_key_names_the_closest_known_one(client, seeded):
    response = post(client, EVALUATE, {"inputs": BK1, "as_off": "2025-06-01"})
    assert response.status_code == 422
    assert errors(response) == [{"field": "as_off", "message": (
        "Unknown field 'as_off'. Did you mean 'as_of'?")}]


def test_a_misspelled_inputs_key_names_both_the_missing_and_the_unknown_key(client, seeded):
    response = post(client, EVALUATE, {"inptus": BK1})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs", "message": "This field is required."},
                                {"field": "inptus", "message": (
                                    "Unknown field 'inptus'. Did you mean 'inputs'?")}]


# --------------------------------------------------------------------------
# Unknown query parameters of the GET variant
# --------------------------------------------------------------------------

def test_an_unknown_query_parameter_is_a_422_naming_it(client, seeded):
    response = client.get(f"{EVALUATE}?{BK1_QUERY}&strike_bonsu=3")
    assert response.status_code == 422
    assert errors(response) == [{"field": "strike_bonsu", "message": (
        "Unknown field 'strike_bonsu'. Did you mean 'strike_bonus'?")}]


def test_the_documented_query_parameters_are_taken(client, seeded):
    response = client.get(f"{EVALUATE}?{BK1_QUERY}&lang=de&as_of=2025-06-01")
    assert response.status_code == 200
    assert response.json()["as_of"] == "2025-06-01" and response.json()["language"] == "de"


def test_an_unknown_group_item_parameter_names_its_path(client, seeded):
    query = ("base_ap=100&effects=1&effects-0-source=guardian-wirkung&effects-0-activated=1"
             "&effects-0-attribute=ap&effects-0-operation=add&effects-0-amonut=20")
    response = client.get(f"{ORDER}?{query}")
    assert response.status_code == 422
    assert errors(response) == [{"field": "effects.0.amonut", "message": (
        "Unknown field 'effects-0-amonut'. Did you mean 'effects-0-amount'?")}]


def test_a_group_item_beyond_the_groups_count_is_unknown(client, seeded):
    query = ("base_ap=100&effects=1&effects-0-source=guardian-wirkung&effects-0-activated=1"
             "&effects-0-attribute=ap&effects-0-operation=add&effects-0-amount=20"
             "&effects-1-amount=5")
    response = client.get(f"{ORDER}?{query}")
    assert response.status_code == 422
    assert errors(response) == [{"field": "effects.1.amount", "message": (
        "Unknown field 'effects-1-amount': the group 'effects' has 1 item, numbered from 0; "
        "its parameter 'effects' gives how many.")}]
    assert client.get(f"{ORDER}?{query.replace('effects=1', 'effects=2')}").status_code == 422
    # with the count raised, item 1 is known: its other fields are what is missing
    missing = errors(client.get(f"{ORDER}?{query.replace('effects=1', 'effects=2')}"))
    assert missing[0]["field"] == "effects.1.source"
    assert all(error["field"].startswith("effects.1.") for error in missing)


# --------------------------------------------------------------------------
# Bodies the API does not take
# --------------------------------------------------------------------------

UNSUPPORTED = ("Unsupported media type {!r}: send the body as JSON with the header "
               "Content-Type: application/json (UTF-8).")


@pytest.mark.parametrize("content_type, body", [
    ("text/plain", json.dumps({"inputs": BK1})),
    ("application/x-www-form-urlencoded", "inputs=1&as_of=2025-06-01"),
    ("multipart/form-data; boundary=BoUnDaRy",
     '--BoUnDaRy\r\nContent-Disposition: form-data; name="inputs"\r\n\r\n{}\r\n--BoUnDaRy--\r\n'),
    ("application/json; charset=latin-1", json.dumps({"inputs": BK1})),
])
def test_a_body_that_is_not_json_is_a_415(client, seeded, content_type, body):
    response = post(client, EVALUATE, body, content_type=content_type)
    assert response.status_code == 415
    assert errors(response) == [{"field": "", "message": UNSUPPORTED.format(content_type)}]


@pytest.mark.parametrize("content_type", ["application/json", "application/json; charset=utf-8",
                                          "Application/JSON; charset=UTF-8"])
def test_json_with_or_without_a_utf8_charset_is_taken(client, seeded, content_type):
    assert post(client, EVALUATE, {"inputs": BK1}, content_type).status_code == 200


def test_a_body_without_a_content_type_is_a_415(client, seeded):
    response = client.generic("POST", EVALUATE, json.dumps({"inputs": BK1}), content_type="")
    assert response.status_code == 415
    assert errors(response) == [{"field": "", "message": UNSUPPORTED.format("(none)")}]


def test_a_10_mb_body_is_a_413_in_the_error_shape(client, seeded, settings):
    body = json.dumps({"inputs": BK1, "padding": "x" * TEN_MB})
    response = post(client, EVALUATE, body)
    assert response.status_code == 413
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    assert errors(response) == [{"field": "", "message": (
        f"The request body is too large: {len(body)} bytes, at most {limit} are accepted.")}]


def test_a_chunked_body_without_a_length_is_a_411(client, seeded):
    """Gunicorn passes a chunked body without CONTENT_LENGTH; Django would read it as
    empty and answer "Field required" about a body the client did send."""
    response = client.generic("POST", EVALUATE, json.dumps({"inputs": BK1}),
                              content_type="application/json",
                              headers={"Transfer-Encoding": "chunked"}, CONTENT_LENGTH="")
    assert response.status_code == 411
    assert errors(response) == [{"field": "", "message": (
        "Length required: send the body with a Content-Length header (a chunked body is "
        "not read).")}]


@pytest.mark.parametrize("method, path", [
    ("POST", "/api/scenarios/berserk/element-feature/evaluate"),
    ("GET", "/api/scenarios"),
    ("GET", "/api/games"),
    ("POST", "/api/no-such-operation"),
    ("PUT", "/api/"),
])
def test_every_api_address_answers_an_oversized_body_with_413(client, seeded, method, path):
    response = client.generic(method, path, "a" * TEN_MB, content_type="text/plain")
    assert response.status_code == 413
    (error,) = errors(response)
    assert error["field"] == "" and error["message"].startswith("The request body is too large")


@pytest.mark.parametrize("path", [EVALUATE, "/api/scenarios/berserk/situation/card-text",
                                  "/api/games", "/api/no-such-operation"])
@pytest.mark.parametrize("levels, inner", [(1000, "1"), (65, "1"), (900, '"\\ud800"')])
def test_a_body_nested_too_deeply_is_a_400_in_the_error_shape(client, seeded, path, levels, inner):
    """A body of arrays nested 1,000 deep (2 KB) stopped Python's JSON parser with a
    RecursionError: a 500 HTML page (a breaker's request); 65 levels is past every input."""
    body = '{"inputs": ' + "[" * levels + inner + "]" * levels + "}"
    response = client.generic("POST", path, body, content_type="application/json")
    assert response.status_code == 400
    assert errors(response) == [{"field": "", "message": (
        "The JSON body nests arrays and objects more than 64 levels deep; no operation "
        "takes that.")}]


def test_a_body_nested_as_deep_as_allowed_is_read(client, seeded):
    body = '{"inputs": ' + "[" * 63 + "]" * 63 + "}"
    response = client.generic("POST", EVALUATE, body, content_type="application/json")
    assert response.status_code == 422 and "levels deep" not in response.content.decode()


def test_the_html_site_keeps_its_own_error_pages(client, seeded):
    """Outside /api/ an oversized form is the site's HTML 400 page (three languages)."""
    response = client.post("/admin/login/", "username=" + "a" * TEN_MB,
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert "Bad request · Ungültige Anfrage · Неверный запрос" in response.content.decode()


# --------------------------------------------------------------------------
# Every 4xx in the error shape, documented
# --------------------------------------------------------------------------

def test_a_method_no_operation_takes_is_a_405_in_the_error_shape(client, seeded):
    response = client.put("/api/scenarios", "{}", content_type="application/json")
    assert response.status_code == 405 and response["Allow"] == "GET"
    assert errors(response) == [{"field": "", "message": (
        "Method Not Allowed: PUT is not an operation of this address; it takes GET.")}]


def test_a_post_to_an_unknown_address_is_a_404_not_the_csrf_page(seeded):
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/no-such-operation", "{}", content_type="application/json")
    assert response.status_code == 404
    assert errors(response) == [{"field": "", "message": (
        "No such operation; /api/openapi.json lists them.")}]


def test_too_many_query_parameters_is_a_400_in_the_error_shape(client, seeded, settings):
    query = "&".join(f"p{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = client.get(f"{EVALUATE}?{query}")
    assert response.status_code == 400
    assert errors(response) == [{"field": "", "message": (
        f"Too many query parameters: at most {settings.DATA_UPLOAD_MAX_NUMBER_FIELDS} "
        "are accepted.")}]


def test_the_openapi_document_documents_413_everywhere_and_415_with_a_body(client, seeded):
    document = client.get("/api/openapi.json").json()
    error = {"$ref": "#/components/schemas/ErrorOut"}
    for path, methods in document["paths"].items():
        for method, operation in methods.items():
            statuses = {"400", "404", "413", "422"} | ({"415"} if "requestBody" in operation
                                                         else set())
            assert statuses <= set(operation["responses"]), (path, method)
            for status in statuses:
                assert operation["responses"][status]["content"]["application/json"][
                    "schema"] == error, (path, method, status)
    body = document["components"]["schemas"]["EvaluateIn"]
    assert body["additionalProperties"] is False
    assert set(body["properties"]) == {"inputs", "as_of"}
    assert "415" in document["paths"]["/api/scenarios/{game}/{slug}/evaluate"]["post"][
        "responses"]


# --------------------------------------------------------------------------
# The JSON Schema of inputs says the same
# --------------------------------------------------------------------------

def _objects(schema):
    """Every object schema in ``schema`` (the inputs object and each group's items)."""
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            yield schema
        for value in schema.values():
            yield from _objects(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _objects(value)


def test_every_object_of_every_input_schema_refuses_other_properties(client, seeded):
    listing = client.get("/api/scenarios").json()
    objects = [o for scenario in listing for o in _objects(scenario["input_schema"])]
    assert len(objects) > len(listing)  # the groups' items too
    assert all(o["additionalProperties"] is False for o in objects)


def test_the_input_schema_refuses_what_the_api_refuses(client, seeded):
    schema = client.get("/api/scenarios/power-duell/effect-order").json()["input_schema"]
    validator = jsonschema_rs.Draft202012Validator(schema)
    inputs = order_inputs()
    assert validator.is_valid(inputs)
    assert not validator.is_valid({**inputs, "amonut": 5})
    inputs["effects"][1]["amonut"] = 5
    assert not validator.is_valid(inputs)
    assert post(client, ORDER, {"inputs": inputs}).status_code == 422


@pytest.mark.parametrize("field, value, message", [
    ("strike_bonus", "2", "Enter a whole number."),       # text, not a JSON number
    ("strike_bonus", 2.5, "Enter a whole number."),
    ("strike_bonus", True, "Enter a whole number."),
    ("target_elements", "swamp", "Expected a list."),    # one value, not a list
])
def test_a_json_value_of_another_type_than_the_schema_names_is_a_422(client, seeded, field,
                                                                    value, message):
    """JSON input means what the published JSON Schema says: the schema
    refuses the value, and so does the API (one meaning on every surface)."""
    schema = client.get("/api/scenarios/berserk/element-feature").json()["input_schema"]
    validator = jsonschema_rs.Draft202012Validator(schema)
    assert validator.is_valid(BK1) and not validator.is_valid({**BK1, field: value})
    response = post(client, EVALUATE, {"inputs": {**BK1, field: value}})
    assert response.status_code == 422
    assert errors(response) == [{"field": f"inputs.{field}", "message": message}]


def test_a_whole_number_written_with_a_fraction_of_zero_is_that_number(client, seeded):
    schema = client.get("/api/scenarios/berserk/element-feature").json()["input_schema"]
    assert jsonschema_rs.Draft202012Validator(schema).is_valid({**BK1, "strike_bonus": 2.0})
    response = post(client, EVALUATE, {"inputs": {**BK1, "strike_bonus": 2.0}})
    assert response.status_code == 200
    assert response.json() == post(client, EVALUATE, {"inputs": BK1}).json()


def test_a_parameter_given_twice_with_different_values_is_an_error(client, seeded):
    response = client.get(f"{EVALUATE}?{BK1_QUERY}&strike_bonus=5")
    assert response.status_code == 422
    assert errors(response) == [{"field": "strike_bonus", "message": (
        "Given more than once, with different values.")}]
    # the same value twice is the same answer as once
    again = client.get(f"{EVALUATE}?{BK1_QUERY}&strike_bonus=2")
    assert again.status_code == 200 and again.json() == client.get(f"{EVALUATE}?{BK1_QUERY}").json()


def test_full_width_digits_are_not_a_number_on_the_form_either(client, seeded):
    response = client.get(f"{EVALUATE}?feature_element=swamp&strike_bonus=\uff12"
                          "&target_elements=swamp")
    assert response.status_code == 422
    assert errors(response) == [{"field": "strike_bonus", "message": "Enter a whole number."}]


@pytest.mark.parametrize("value, accepted", [
    ("SWAMP", True), (" Swamp\t", True),
    ("DAR\u212aNESS", False),  # the Kelvin sign, which lower() makes a k
])
def test_a_choice_in_another_letter_case_means_what_the_schema_says(client, seeded, value,
                                                                      accepted):
    """Letter case is ignored in ASCII only, as the schema's pattern does: a letter outside
    ASCII that folds into an ASCII one (the Kelvin sign into k: "MER\u212aUR" was read
    as merkur, which the schema refuses; a breaker's request) is no value of the choice."""
    schema = client.get("/api/scenarios/berserk/element-feature").json()["input_schema"]
    inputs = {**BK1, "feature_element": value}
    assert jsonschema_rs.Draft202012Validator(schema).is_valid(inputs) is accepted
    response = post(client, EVALUATE, {"inputs": inputs})
    assert response.status_code == (200 if accepted else 422)
    form = client.get(EVALUATE + "?" + BK1_QUERY.replace("feature_element=swamp",
                                                         "feature_element=" + quote(value)))
    assert form.status_code == (200 if accepted else 422)


def test_the_kelvin_sign_is_no_k_in_a_planet_either(client, seeded):
    schema = client.get("/api/scenarios/power-duell/guardian-wirkung").json()["input_schema"]
    validator = jsonschema_rs.Draft202012Validator(schema["properties"]["base_planet"])
    assert validator.is_valid("MERKUR") and not validator.is_valid("MER\u212aUR")
    scenario = engine.find_scenario(engine.rulesets(), "power-duell", "guardian-wirkung")
    planet = next(spec for spec in scenario.fields if spec.name == "base_planet")
    assert (planet.choice_value("MERKUR"), planet.choice_value("MER\u212aUR")) == ("merkur", None)


def test_a_field_required_under_a_condition_says_so_in_the_schema(client, seeded):
    """The schema states the unconditional rules only: a card ability with no effect is
    valid there, and the API answers 422 naming the field — the schema's description of
    the field says both (a breaker's request found them apart)."""
    scenario = client.get("/api/scenarios/marvel-champions/situation").json()
    effects = scenario["input_schema"]["properties"]["effects"]
    assert effects["description"].endswith(
        "Required for a card ability: the evaluation checks it and answers 422 naming this "
        "field.")
    assert next(f for f in scenario["fields"] if f["name"] == "effects")["required_when"] == (
        "for a card ability")
    inputs = {"kind": "card_ability"}
    assert jsonschema_rs.Draft202012Validator(scenario["input_schema"]).is_valid(inputs)
    response = post(client, "/api/scenarios/marvel-champions/situation/evaluate",
                    {"inputs": inputs})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.effects", "message": (
        "Give at least 1 effect of the card ability.")}]
    for spec in (s for listed in client.get("/api/scenarios").json()
                 for s in _flat(listed["fields"]) if s["required_when"]):
        assert spec["required"] is False  # conditional: not in the schema's "required"


def _flat(fields):
    for spec in fields:
        yield spec
        yield from _flat(spec["fields"])


def test_every_worked_example_uses_known_fields_only(client, seeded):
    """The examples are served through the API (GET /api/scenarios) as inputs to send."""
    for scenario in client.get("/api/scenarios").json():
        validator = jsonschema_rs.Draft202012Validator(scenario["input_schema"])
        for example in scenario["examples"]:
            assert validator.is_valid(example["inputs"]), (scenario["slug"], example["slug"])


# --------------------------------------------------------------------------
# The web form: one parser, one meaning
# --------------------------------------------------------------------------

PAGE = "/en/calculator/power-duell/effect-order/"
ITEM0 = ("effects-0-source=guardian-wirkung&effects-0-activated=1&effects-0-attribute=ap"
         "&effects-0-operation=add&effects-0-amount=20")
ITEM1 = ("effects-1-source=energy&effects-1-activated=2&effects-1-attribute=ap"
         "&effects-1-operation=halve&effects-1-amount=")


def test_the_web_form_shows_an_unknown_parameter_as_an_error(client, seeded):
    response = client.get(f"{PAGE}?base_ap=100&effects=1&{ITEM0}&effects-0-amonut=3")
    assert response.status_code == 400
    assert ("Unknown field &#x27;effects-0-amonut&#x27;. Did you mean "
            "&#x27;effects-0-amount&#x27;?") in response.content.decode()


def test_the_web_form_takes_its_own_parameters(client, seeded):
    response = client.get(f"{PAGE}?base_ap=100&effects=2&{ITEM0}&{ITEM1}&as_of=2025-06-01")
    assert response.status_code == 200
    assert response.context["ruling"] is not None
    layout = client.get(f"{PAGE}?base_ap=100&effects=3&{ITEM0}&{ITEM1}&_layout=1")
    assert layout.status_code == 200 and layout.context["ruling"] is None
    assert layout.context["fields"][-1].count == 3


def test_the_web_form_takes_the_items_of_a_lowered_count(client, seeded):
    """Without JavaScript, lowering a group's count and submitting still sends the
    removed items' controls: the count decides, as "Show this many items" does."""
    response = client.get(f"{PAGE}?base_ap=100&effects=1&{ITEM0}&{ITEM1}")
    assert response.status_code == 200
    ruling = response.context["ruling"]
    assert ruling is not None and not response.context["other_errors"]
    assert [v.value for v in ruling.values if v.name == "order"] == [[1]]
    # the API, which no form sends, is strict about them
    api = client.get(f"{ORDER}?base_ap=100&effects=1&{ITEM0}&{ITEM1}")
    assert api.status_code == 422
    assert errors(api)[0]["field"] == "effects.1.source"


@pytest.mark.parametrize("count", ["", "&monsters="])
def test_the_items_of_a_group_without_its_count_are_an_error_on_the_page_too(
        client, seeded, count):
    """Items of a group whose count is absent (or empty) are not a lowered count: the page
    names the count to give next to the items (400), as the API does (422), and never rules
    "Complete" without them."""
    items = "monsters-0-planet=venus&monsters-0-ap=5"
    query = items + count
    page = client.get(f"/en/calculator/power-duell/situation/?{query}")
    assert page.status_code == 400 and page.context["ruling"] is None
    text = html.unescape(page.content.decode())
    assert ("Unknown field 'monsters-0-planet': the group 'monsters' has no number of items; "
            "give it in its parameter 'monsters' (the items are numbered from 0).") in text
    assert "Complete: every input" not in text
    # the item is shown with what was entered, the error next to it
    (monsters,) = [f for f in page.context["fields"] if f.html_name == "monsters"]
    (monster,) = monsters.items
    ap = {f.html_name: f for f in monster}["monsters-0-ap"]
    assert ap.value == "5" and "has no number of items" in ap.error
    api = client.get(f"/api/scenarios/power-duell/situation/evaluate?{query}")
    assert api.status_code == 422
    assert [e["field"] for e in errors(api)] == ["monsters.0.planet", "monsters.0.ap"]
    assert errors(api)[0]["message"] in text  # the same message
    german = client.get(f"/de/calculator/power-duell/situation/?{query}")
    assert "Für die Gruppe „monsters“ fehlt die Anzahl der Einträge" in html.unescape(
        german.content.decode())
    # with the count given, the items are ruled on
    ruled = client.get(f"/en/calculator/power-duell/situation/?monsters=1&{items}")
    assert ruled.status_code == 200 and ruled.context["ruling"] is not None


def test_the_pages_json_link_gives_the_same_ruling(client, seeded):
    """"This ruling as JSON" leaves out what the page left out: the API answers it."""
    page = client.get(f"{PAGE}?base_ap=100&effects=1&{ITEM0}&{ITEM1}&as_of=2025-06-01")
    (link,) = re.findall(r'href="(/api/scenarios/[^"]+)"', page.content.decode())
    link = html.unescape(link)
    assert "effects-1-" not in link and "as_of=2025-06-01" in link
    api = client.get(link)
    assert api.status_code == 200
    assert api.json()["values"][0]["value"] == [1]
    assert api.json()["as_of"] == "2025-06-01"


@pytest.mark.parametrize("method, path", [
    ("get", "/api/scenarios"), ("get", "/api/scenarios/berserk/timing"),
    ("get", "/api/scenarios/berserk/timing/evaluate"),
    ("post", "/api/scenarios/berserk/timing/evaluate"),
    ("get", "/api/games"), ("get", "/api/search?q=Ziel"),
])
def test_lang_is_one_of_the_site_languages_on_every_operation(client, seeded, method, path):
    url = f"{path}{'&' if '?' in path else '?'}lang=xx"
    if method == "post":
        response = client.post(url, json.dumps({"inputs": {}}), content_type="application/json")
    else:
        response = client.get(url)
    assert response.status_code == 422, response.content[:300]
    assert [error["field"] for error in response.json()["errors"]] == ["lang"]


def test_the_openapi_document_names_operations_shortly_and_lists_only_used_schemas(client, seeded):
    spec = client.get("/api/openapi.json").json()
    operations = {op["operationId"]: (path, method) for path, ops in spec["paths"].items()
                  for method, op in ops.items()}
    assert set(operations) == {
        "list_games", "get_document", "list_clauses", "get_clause", "search",
        "get_clause_history", "list_changes", "list_corrections", "get_correction",
        "list_rulings", "get_ruling", "list_clause_rulings",
        "list_scenarios", "get_scenario", "evaluate", "evaluate_form", "read_card_text"}
    text = json.dumps(spec["paths"])
    schemas = spec["components"]["schemas"]
    for name in schemas:  # each one reachable: named by a path or by another schema
        ref = f'"#/components/schemas/{name}"'
        assert ref in text or any(ref in json.dumps(other) for key, other in schemas.items()
                                  if key != name), name
    assert not {"ReadingParams", "ChangesParams", "SearchParams"} & set(schemas)
    for path, ops in spec["paths"].items():
        for op in ops.values():
            for parameter in op.get("parameters", []):
                if parameter["name"] == "lang":
                    assert {"enum": ["de", "ru", "en"], "type": "string"} in (
                        parameter["schema"]["anyOf"]), (path, parameter)
                if parameter["name"] in ("as_of", "from", "to"):
                    assert parameter["schema"]["anyOf"][0]["format"] == "date", (path, parameter)


@pytest.mark.parametrize("language", ["de", "ru", "en"])
def test_the_pages_json_link_is_in_the_pages_language(client, seeded, language):
    """Not the browser's Accept-Language: the JSON a German page links to is German."""
    page = client.get(f"{PAGE.replace('/en/', f'/{language}/')}?base_ap=100&effects=1&{ITEM0}",
                      HTTP_ACCEPT_LANGUAGE="ru" if language != "ru" else "de")
    (link,) = re.findall(r'href="(/api/scenarios/[^"]+)"', page.content.decode())
    link = html.unescape(link)
    assert f"lang={language}" in link
    api = client.get(link, HTTP_ACCEPT_LANGUAGE="ru" if language != "ru" else "de")
    assert api.status_code == 200 and api.json()["language"] == language


@pytest.mark.parametrize("body, field", [
    ('{"inputs": {"guardians": [{"base_planet": "venus", "card_text": "x \\ud800"}]}}',
     "inputs.guardians.0.card_text"),
    ('{"inputs": {}, "as_of": "\\udfff"}', "as_of"),
    ('{"inputs": {"\\ud800": 1}}', "inputs.\ud800"),
])
def test_an_unpaired_surrogate_is_a_422_naming_its_field_not_a_500(client, seeded, body, field):
    # valid JSON, but no Unicode text: encoding it for the ruling's address or for an
    # error message failed (a breaker's finding: 500 and the HTML error page)
    response = post(client, "/api/scenarios/power-duell/situation/evaluate", body)
    assert response.status_code == 422
    [error] = errors(response)
    assert error["field"] == field and "unpaired surrogate" in error["message"]


def test_a_surrogate_pair_is_one_character_and_taken(client, seeded):
    body = ('{"inputs": {"guardians": [{"base_planet": "venus", "card_text": '
            '"\\ud83d\\ude00"}]}}')
    response = post(client, "/api/scenarios/power-duell/situation/evaluate", body)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["complete"] is False  # the emoji is no phrase the texts define


def test_too_many_parameters_on_a_page_is_the_sites_trilingual_400_page(seeded, settings):
    # a breaker's table: Django's bare "Bad Request (400)" (the API answers its JSON shape)
    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 50
    query = "&".join(f"effects-{i}-amount=1" for i in range(60))
    response = Client(raise_request_exception=False).get(f"/en/calculator/power-duell/situation/?{query}")
    assert response.status_code == 400
    page = response.content.decode()
    assert "too many parameters" in page and "zu viele Parameter" in page
    assert "слишком много параметров" in page


@pytest.mark.parametrize("as_of", ["20240101", "2024-W01-1", "2024W011", " 2024-01-01",
                                   "2024-01-01x"])
def test_a_reading_date_is_read_one_way_on_every_surface(client, seeded, as_of):
    # a breaker's table: the GET API and the page took "20240101" and week dates (Python's
    # date.fromisoformat), the POST API and the JSON Schema only YYYY-MM-DD
    query = f"{BK1_QUERY}&as_of={as_of.replace(' ', '+')}"
    got = client.get(f"{EVALUATE}?{query}")
    posted = post(client, EVALUATE, {"inputs": BK1, "as_of": as_of})
    assert (got.status_code, posted.status_code) == (422, 422)
    assert errors(got)[0]["field"] == errors(posted)[0]["field"] == "as_of"
    page = client.get(f"/en/calculator/berserk/element-feature/?{query}").content.decode()
    assert "is not a date; enter it as YYYY-MM-DD" in page


def test_a_reading_date_as_yyyy_mm_dd_is_taken_on_every_surface(client, seeded):
    query = f"{BK1_QUERY}&as_of=2024-01-01"
    assert client.get(f"{EVALUATE}?{query}").json()["as_of"] == "2024-01-01"
    assert post(client, EVALUATE, {"inputs": BK1, "as_of": "2024-01-01"}).json()[
        "as_of"] == "2024-01-01"


@pytest.mark.parametrize("path", [f"{EVALUATE}?{BK1_QUERY}&", "/api/games?"])
@pytest.mark.parametrize("name, values", [("lang", ("de", "ru")),
                                          ("as_of", ("2020-01-01", "2026-01-01"))])
def test_a_query_parameter_given_twice_with_different_values_is_a_422(client, seeded, path,
                                                                       name, values):
    # a breaker's table: the API took the last value without a word
    response = client.get(f"{path}{name}={values[0]}&{name}={values[1]}")
    if name == "as_of" and path.startswith("/api/games"):
        assert response.status_code == 422  # no as_of there: unknown as well
        assert "as_of" in {error["field"] for error in errors(response)}
        return
    assert response.status_code == 422
    assert errors(response) == [{"field": name, "message":
                                 "Given more than once, with different values."}]
    same = client.get(f"{path}{name}={values[0]}&{name}={values[0]}")
    assert same.status_code == 200


@pytest.mark.parametrize("body, field", [
    ('{"inputs": {"attacker": 1, "attacker": 2}}', "inputs.attacker"),
    ('{"inputs": {"monsters": [{"ap": 1}, {"ap": 5, "ap": 6}]}}', "inputs.monsters.1.ap"),
    ('{"inputs": {}, "as_of": "2020-01-01", "as_of": "2026-01-01"}', "as_of"),
])
def test_a_json_key_given_twice_with_different_values_is_a_422_naming_it(client, seeded, body,
                                                                         field):
    # a breaker's table: the parser kept the last value without a word
    response = post(client, "/api/scenarios/power-duell/situation/evaluate", body)
    assert response.status_code == 422
    assert errors(response) == [{"field": field, "message":
                                 "Given more than once, with different values."}]


def test_a_json_key_given_twice_with_one_value_is_taken(client, seeded):
    body = json.dumps({"inputs": BK1})[:-2] + ', "feature_element": "swamp"}}'
    assert post(client, EVALUATE, body).status_code == 200


def _examples(client):
    for scenario in client.get("/api/scenarios").json():
        if scenario["examples"]:
            yield scenario, scenario["examples"][0]["inputs"]


@pytest.mark.parametrize("value", [None, "", [], 5], ids=["null", "empty", "list", "number"])
def test_the_api_takes_a_top_level_value_exactly_when_the_schema_does(client, seeded, value):
    """null, "" or [] for a field is what the published JSON Schema says it is: where the
    schema refuses it (a field with a default, a choice, a text), the API answers a 422
    naming the field — it never takes it as the default (a breaker's table). Where the
    schema takes it, the API may still refuse it for what no schema says (a monster number
    past the table), and takes it otherwise."""
    refused = taken = 0
    for scenario, example in _examples(client):
        validator = jsonschema_rs.Draft202012Validator(scenario["input_schema"])
        path = f"/api/scenarios/{scenario['game']}/{scenario['slug']}/evaluate"
        for name in scenario["input_schema"]["properties"]:
            inputs = {**example, name: value}
            response = post(client, path, {"inputs": inputs})
            named = (response.status_code == 422
                     and any(e["field"] == f"inputs.{name}" for e in errors(response)))
            if not validator.is_valid(inputs):
                assert named, (scenario["slug"], name, response.content[:300])
                refused += 1
            else:
                assert response.status_code in (200, 422), response.content[:300]
                taken += response.status_code == 200
    assert refused > 20 and taken > 0


def test_null_for_a_field_with_a_default_says_to_leave_it_out(client, seeded):
    replacement = engine.find_scenario(engine.rulesets(), "berserk", "property-replacement")
    inputs = json.loads(json.dumps(replacement.examples[0].inputs, default=sorted))
    response = post(client, EVALUATE.replace("element-feature", "property-replacement"),
                    {"inputs": {**inputs, "in_play_zone": None}})
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.in_play_zone", "message": (
        "Leave the field out to take its default: null is not one of its values.")}]


@pytest.mark.parametrize("digits", [1001, 5000])
def test_a_number_of_thousands_of_digits_is_a_422_naming_its_field(client, seeded, digits):
    """Python refuses to convert a whole number past 4,300 digits: the body was a 400
    "Cannot parse request body" naming no field (a breaker's table)."""
    body = json.dumps({"inputs": {**BK1, "strike_bonus": 0}}).replace(
        '"strike_bonus": 0', '"strike_bonus": ' + "9" * digits)
    response = post(client, EVALUATE, body)
    assert response.status_code == 422
    assert errors(response) == [{"field": "inputs.strike_bonus", "message": (
        "A number of more than 1000 digits is past every field's bounds.")}]


@pytest.mark.parametrize("number", ["1e400", "-1e400", "99999999999999999999"])
def test_a_number_past_a_fields_bounds_is_that_fields_error(client, seeded, number):
    body = json.dumps({"inputs": {**BK1, "strike_bonus": 0}}).replace(
        '"strike_bonus": 0', '"strike_bonus": ' + number)
    response = post(client, EVALUATE, body)
    assert response.status_code == 422
    assert [e["field"] for e in errors(response)] == ["inputs.strike_bonus"]


@pytest.mark.parametrize("name, suggestion", [("asof", "as_of"), ("lng", "lang"),
                                              ("as-of", "as_of")])
def test_a_misspelled_parameter_of_the_address_itself_names_it(client, seeded, name, suggestion):
    response = client.get(f"{EVALUATE}?{BK1_QUERY}&{name}=2024-01-01")
    assert response.status_code == 422
    assert errors(response) == [{"field": name.replace("-", "."), "message": (
        f"Unknown field '{name}'. Did you mean '{suggestion}'?")}]


def test_the_page_names_its_own_date_parameter_for_a_misspelled_one(client, seeded):
    response = client.get(f"/en/calculator/berserk/element-feature/?{BK1_QUERY}&asof=2024-01-01")
    assert response.status_code == 400
    assert "Unknown field &#x27;asof&#x27;. Did you mean &#x27;as_of&#x27;?" in (
        response.content.decode())


@pytest.mark.parametrize("lang, words", [("en", "read it with POST .../card-text"),
                                         ("de", "lies ihn mit POST .../card-text"),
                                         ("ru", "прочитайте его запросом POST .../card-text")])
def test_the_schema_says_evaluating_does_not_read_a_card_text(client, seeded, lang, words):
    """A judge's table: card_text alone sent to evaluate gave 'Give at least 1 effect' — the
    schema's description spoke of the form's "Read the text" button only."""
    schema = client.get(f"/api/scenarios/marvel-champions/situation?lang={lang}").json()[
        "input_schema"]
    assert words in schema["properties"]["card_text"]["description"]
    guardian = client.get(f"/api/scenarios/power-duell/situation?lang={lang}").json()[
        "input_schema"]["properties"]["guardians"]["items"]["properties"]["card_text"]
    assert words in guardian["description"]


@pytest.mark.parametrize("body, field, message", [
    ({}, "inputs", "Обязательное поле."),
    ({"inputs": []}, "inputs", "Ожидался объект с именованными полями."),
])
def test_a_body_the_schema_refuses_is_told_in_the_readers_language(client, seeded, body, field,
                                                                   message):
    """Break-it round 21 F8: pydantic's "Field required" came in English with lang=ru."""
    response = client.post("/api/scenarios/marvel-champions/situation/evaluate?lang=ru",
                           json.dumps(body), content_type="application/json")
    assert response.status_code == 422
    assert response.json()["errors"] == [{"field": field, "message": message}]

"""Card text in, on the calculator page and in the API: "Read the text" fills the form
with what the game's grammar understood; what it did not understand is listed and makes
the ruling incomplete, on every surface."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import urlencode

import pytest

from rulebook.calculator import services as calculator

MARVEL = "/en/calculator/marvel-champions/situation/"
POWER_DUELL = "/de/calculator/power-duell/situation/"
BERSERK = "/ru/calculator/berserk/situation/"
MARVEL_TEXT = "Füge einem Schergen 2 Schaden zu. Vergeltung 1."
#: A board for the Marvel ability: a villain, a minion, the main scheme, one player.
MARVEL_BOARD = {"villain": [{"damage": 0}], "minions": [{"damage": 0}],
                "main_scheme": [{"threat": 3}], "players": [{"deck": 20}]}
BERSERK_CARD = {"initial_type": "creature", "initial_subtype": "non-flying",
                "initial_status": "elite", "initial_movement": 2, "elements": ["forest"],
                "turn": "own", "phase": "main", "subphase": "choice",
                "strike_declared": "none"}


def values_of(html: str, name: str) -> list[str]:
    """The values of the form controls called ``name`` (inputs and selected options)."""
    found = re.findall(rf'<input[^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', html)
    select = re.search(rf'<select[^>]*name="{re.escape(name)}"[^>]*>(.*?)</select>', html, re.S)
    if select:
        found += re.findall(r'<option value="([^"]*)" selected', select.group(1))
    return found


def test_reading_an_ability_fills_its_effects_and_lists_what_was_not_understood(client, seeded):
    query = urlencode({"card_text": MARVEL_TEXT, "effects": "2", "effects-0-verb": "heal",
                       "effects-1-verb": "draw", "_read": "card_text"})
    response = client.get(f"{MARVEL}?{query}")
    html = unescape(response.content.decode())
    assert response.status_code == 200
    assert values_of(html, "effects") == ["1"]  # the text's one effect replaced both
    assert values_of(html, "effects-0-verb") == ["deal_damage"]
    assert values_of(html, "effects-0-amount") == ["2"]
    assert values_of(html, "effects-0-target_type") == ["minion"]
    assert 'name="effects-1-verb"' not in html.split("data-group-template")[0]
    reading = html.split('class="card-reading"')[1].split("</div>")[0]
    assert "understood:</span> <q>Füge einem Schergen 2 Schaden zu.</q>" in reading
    assert "not understood:</span> <q>Vergeltung 1.</q>" in reading
    assert 'id="ruling-verdict"' not in html  # read first, ruled on when the judge asks


def test_the_ruling_on_a_read_text_is_incomplete_for_what_was_not_understood(client, seeded):
    reading = calculator.find("marvel-champions", "situation").read_card_text(MARVEL_TEXT)
    inputs = {**MARVEL_BOARD, **reading.inputs}
    scenario = calculator.find("marvel-champions", "situation")
    with_text = scenario.evaluate({**inputs, "card_text": MARVEL_TEXT})
    without = scenario.evaluate(inputs)
    assert without.complete and not with_text.complete
    assert [s.message.param_dict()["what"].param_dict()["phrase"]
            for s in with_text.steps if not s.citations] == ["Vergeltung 1."]
    query = calculator.to_query(scenario, {**inputs, "card_text": MARVEL_TEXT})
    response = client.get(f"{MARVEL}?{query}")
    page = unescape(response.content.decode())
    assert response.status_code == 200
    assert 'the card text "Vergeltung 1." (not understood)' in page
    # a text read whole leaves the ruling as the fields alone give it
    whole = "Füge einem Schergen 2 Schaden zu."
    assert scenario.evaluate({**inputs, "card_text": whole}) == without


def test_a_schutzgottkarte_description_fills_only_its_own_card(client, seeded):
    query = urlencode({
        "active_side": "a", "guardians": "2",
        "guardians-0-side": "a", "guardians-0-base_planet": "venus",
        "guardians-0-card_text": "Wirkung: Alle Monsterkarten erhalten +10 AP.",
        "guardians-1-side": "b", "guardians-1-base_planet": "mars",
        "guardians-1-wirkung_attribute": "dp", "guardians-1-wirkung_amount": "5",
        "_read": "guardians-0-card_text"})
    html = unescape(client.get(f"{POWER_DUELL}?{query}").content.decode())
    assert values_of(html, "guardians-0-wirkung_attribute") == ["ap"]
    assert values_of(html, "guardians-0-wirkung_amount") == ["10"]
    assert values_of(html, "guardians-0-wirkung_scope") == ["all"]
    assert values_of(html, "guardians-1-wirkung_attribute") == ["dp"]
    assert values_of(html, "guardians-1-wirkung_amount") == ["5"]
    assert "Jeder Satz wurde verstanden" in html


def test_reading_a_wirkung_that_names_no_reach_unticks_the_reach(client, seeded):
    """A Wirkung's text states its section whole: no reach named is its own side only
    (kartenaufbau.p3), so "Read the text" unticks the reach and empties the planets."""
    query = urlencode({
        "guardians": "1", "guardians-0-side": "a", "guardians-0-base_planet": "venus",
        "guardians-0-card_text": "Wirkung: Monster erhalten 20 AP.",
        "guardians-0-extends_to_opposing_side": "on", "guardians-0-wirkung_planets": "mars",
        "guardians-0-spezial_cost_change": "-1", "_read": "guardians-0-card_text"})
    html = unescape(client.get(f"{POWER_DUELL}?{query}").content.decode())
    reach = re.search(r'<input type="checkbox"[^>]*name="guardians-0-extends_to_opposing_side"'
                      r'[^>]*>', html)
    assert reach and not re.search(r"\schecked\b", reach.group(0))
    assert values_of(html, "guardians-0-wirkung_amount") == ["20"]
    assert not [tag for tag in re.findall(
        r'<input[^>]*name="guardians-0-wirkung_planets"[^>]*>', html)
        if re.search(r"\schecked\b", tag)]
    assert values_of(html, "guardians-0-spezial_cost_change") == ["-1"]  # not its section


def test_a_berserk_features_text_replaces_the_features(client, seeded):
    query = urlencode({**{k: v for k, v in BERSERK_CARD.items() if k != "elements"},
                       "elements": "forest", "features": "1",
                       "features-0-feature_element": "steppe", "features-0-strike_bonus": "1",
                       "card_text": "+2 к удару по болотным. Бьёт первым.", "_read": "card_text"})
    html = unescape(client.get(f"{BERSERK}?{query}").content.decode())
    assert values_of(html, "features-0-feature_element") == ["swamp"]
    assert values_of(html, "features-0-strike_bonus") == ["2"]
    assert "не распознано:</span> <q>Бьёт первым.</q>" in html


@pytest.mark.parametrize("name", ["effects-0-verb", "nothing", "guardians-9-card_text", ""])
def test_reading_a_field_that_holds_no_card_text_reads_nothing_and_never_fails(client, seeded,
                                                                              name):
    query = urlencode({"card_text": MARVEL_TEXT, "_read": name, **{
        "villain": "1", "kind": "card_ability", "effects": "0"}})
    response = client.get(f"{MARVEL}?{query}")
    assert response.status_code in (200, 400)
    assert 'class="card-reading"' not in response.content.decode()


def test_the_api_reads_card_text_into_the_scenarios_fields(client, seeded):
    url = "/api/scenarios/berserk/situation/card-text"
    answer = client.post(url, json.dumps({"text": "Получает полёт. Бьёт первым."}),
                         content_type="application/json")
    assert answer.status_code == 200
    data = answer.json()
    assert data["inputs"] == {"features": [], "changes": [{"change": "gain-flight"}]}
    assert [(p["text"], p["understood"]) for p in data["phrases"]] == [
        ("Получает полёт.", True), ("Бьёт первым.", False)]
    assert data["complete"] is False
    inputs = {**BERSERK_CARD, **data["inputs"], "card_text": "Получает полёт. Бьёт первым."}
    evaluated = client.post("/api/scenarios/berserk/situation/evaluate",
                            json.dumps({"inputs": inputs}), content_type="application/json").json()
    assert evaluated["complete"] is False


@pytest.mark.parametrize("body, status, field", [
    ({"text": "x", "lang": "de"}, 422, "lang"),
    ({}, 422, "text"),
    ({"text": "x" * 2001}, 422, "text"),
])
def test_the_card_text_api_answers_bad_bodies_field_by_field(client, seeded, body, status, field):
    answer = client.post("/api/scenarios/marvel-champions/situation/card-text",
                         json.dumps(body), content_type="application/json")
    assert answer.status_code == status
    assert answer.json()["errors"][0]["field"].endswith(field)


def test_a_scenario_without_a_grammar_reads_no_card_text(client, seeded):
    answer = client.post("/api/scenarios/marvel-champions/target-validity/card-text",
                         json.dumps({"text": MARVEL_TEXT}), content_type="application/json")
    assert answer.status_code == 404


#: A judge's table (Kartenaufbau ¶3, Effekte ¶3): side A's Schutzgottkarte says "Alle
#: Monsterkarten erhalten +10 DP"; a Jupiter monster on side A, a Venus monster on side B.
PD_TEXT = "Wirkung: Alle Monsterkarten erhalten +10 DP."
PD_TABLE = {"active_side": "a", "monsters": [{"side": "a", "planet": "jupiter", "dp": 50},
                                             {"side": "b", "planet": "venus", "dp": 50}]}


def test_a_ruling_never_ignores_the_card_text_its_fields_disagree_with(client, seeded):
    guardian = {"side": "a", "base_planet": "saturn", "card_text": PD_TEXT}
    url = "/api/scenarios/power-duell/situation/evaluate?lang=de"
    alone = client.post(url, json.dumps({"inputs": {**PD_TABLE, "guardians": [guardian]}}),
                        content_type="application/json").json()
    assert alone["complete"] is False
    assert alone["steps"][0]["text"].startswith(
        f"Die Felder weichen davon ab, was der Kartentext „{PD_TEXT}“ sagt:")
    assert alone["steps"][0]["outcome"] == "not_covered"
    filled = client.post(url, json.dumps({"inputs": {**PD_TABLE, "guardians": [{
        **guardian, "wirkung_scope": "all", "wirkung_attribute": "dp", "wirkung_amount": 10}]}}),
        content_type="application/json").json()
    assert filled["complete"] is True
    values = {value["name"]: value["value"] for value in filled["values"]}
    assert values["monster_1_dp"] == 60 and values["monster_2_dp"] == 50
    # the form: the text typed, "Get the ruling" pressed without "Read the text"
    query = urlencode({"active_side": "a", "guardians": "1", "guardians-0-side": "a",
                       "guardians-0-base_planet": "saturn", "guardians-0-card_text": PD_TEXT,
                       "monsters": "2", "monsters-0-side": "a", "monsters-0-planet": "jupiter",
                       "monsters-0-dp": "50", "monsters-1-side": "b",
                       "monsters-1-planet": "venus", "monsters-1-dp": "50"})
    html = unescape(client.get(f"{POWER_DUELL}?{query}").content.decode())
    assert f"Die Felder weichen davon ab, was der Kartentext „{PD_TEXT}“ sagt" in html
    assert "nach den Feldern entschieden, nicht nach dem Kartentext" in html


def test_reading_a_text_keeps_what_it_leaves_empty(client, seeded):
    """A label the judge ticked and a change entered by hand stay when the text names
    none: the text fills what it says (a judge's table, Ziel ¶4.8 and 108.1)."""
    query = urlencode({"kind": "card_ability", "labels": "attack", "villain": "1",
                       "villain-0-conditions": "cannot_be_attacked", "minions": "1",
                       "card_text": "Füge einem Gegner 3 Schaden zu. Betäube den Gegner.",
                       "_read": "card_text"})
    html = unescape(client.get(f"{MARVEL}?{query}").content.decode())
    ticked = [tag for tag in re.findall(r'<input[^>]*name="labels"[^>]*>', html)
              if re.search(r"\schecked\b", tag)]
    assert len(ticked) == 1 and 'value="attack"' in ticked[0]
    assert values_of(html, "effects") == ["2"]
    query = urlencode({**BERSERK_CARD, "changes": "1", "changes-0-change": "become-artifact",
                       "card_text": "+1 к удару по лесным", "_read": "card_text"})
    html = unescape(client.get(f"{BERSERK}?{query}").content.decode())
    assert values_of(html, "changes") == ["1"]
    assert values_of(html, "changes-0-change") == ["become-artifact"]
    assert values_of(html, "features-0-feature_element") == ["forest"]


def test_reading_a_text_that_prints_no_label_unticks_one(client, seeded):
    """"Aktion:" with no label in parentheses says the ability has none: a label ticked by
    an earlier reading is unticked when the text is read again (a breaker's table)."""
    query = urlencode({"kind": "card_ability", "labels": "attack", "minions": "1",
                       "card_text": "Aktion: Füge einem Schergen 2 Schaden zu.",
                       "_read": "card_text"})
    html = unescape(client.get(f"{MARVEL}?{query}").content.decode())
    assert not [tag for tag in re.findall(r'<input[^>]*name="labels"[^>]*>', html)
                if re.search(r"\schecked\b", tag)]
    assert values_of(html, "effects-0-verb") == ["deal_damage"]


@pytest.mark.parametrize("game, text, refused", [
    ("berserk", "+200 к удару по болотным.", "+200 к удару по болотным."),
    ("marvel-champions", "Füge einem Schergen 200 Schaden zu.",
     "Füge einem Schergen 200 Schaden zu."),
    ("marvel-champions", "Wähle 20 Schergen. Füge ihnen 1 Schaden zu.",
     "Füge ihnen 1 Schaden zu."),
])
def test_a_number_past_its_fields_bounds_is_not_understood_never_filled_in(client, seeded,
                                                                          game, text, refused):
    # a breaker's table: the reading filled in 200 (at most 99) or 20 minions (at most 8)
    # as understood, which the ruling then refused; now the phrase is not understood
    answer = client.post(f"/api/scenarios/{game}/situation/card-text",
                         json.dumps({"text": text}), content_type="application/json").json()
    assert answer["complete"] is False
    assert refused in [p["text"] for p in answer["phrases"] if not p["understood"]]
    assert "200" not in json.dumps(answer["inputs"]) and '"count": 20' not in json.dumps(
        answer["inputs"])


def test_what_a_reading_fills_in_the_ruling_takes(client, seeded):
    text = "+99 к удару по болотным."
    answer = client.post("/api/scenarios/berserk/situation/card-text",
                         json.dumps({"text": text}), content_type="application/json").json()
    assert answer["complete"] is True
    inputs = {**BERSERK_CARD, **answer["inputs"], "card_text": text}
    evaluated = client.post("/api/scenarios/berserk/situation/evaluate",
                            json.dumps({"inputs": inputs}), content_type="application/json")
    assert evaluated.status_code == 200


def test_sentences_past_a_groups_maximum_are_not_understood_and_the_rest_is_ruled_on(
        client, seeded):
    # a tester's table: 7 feature sentences were "every sentence understood" with 7 features,
    # though the field takes 6, and the ruling on them then answered 422
    sentences = [f"+{n} к удару по болотным." for n in range(1, 8)]
    text = " ".join(sentences)
    answer = client.post("/api/scenarios/berserk/situation/card-text",
                         json.dumps({"text": text}), content_type="application/json").json()
    assert answer["complete"] is False
    assert [p["text"] for p in answer["phrases"] if not p["understood"]] == sentences[6:]
    assert len(answer["inputs"]["features"]) == 6
    inputs = {**BERSERK_CARD, **answer["inputs"], "card_text": text}
    evaluated = client.post("/api/scenarios/berserk/situation/evaluate",
                            json.dumps({"inputs": inputs}), content_type="application/json")
    assert evaluated.status_code == 200 and evaluated.json()["complete"] is False


def test_a_texts_length_is_counted_one_way_on_every_surface(client, seeded):
    # a breaker's table: evaluate trimmed the text before counting, the JSON Schema and the
    # card-text endpoint counted it as given
    padded = " " + "a" * 1999 + " "
    for url, body in (("/api/scenarios/berserk/situation/evaluate",
                       {"inputs": {**BERSERK_CARD, "card_text": padded}}),
                      ("/api/scenarios/berserk/situation/card-text", {"text": padded})):
        answer = client.post(url, json.dumps(body), content_type="application/json")
        assert answer.status_code == 422, url
        assert answer.json()["errors"][0]["field"] in ("inputs.card_text", "text")


def test_a_forms_line_breaks_count_one_character_each_as_the_browser_counts(client, seeded):
    # a textarea's maxlength counts a line break as one character; the browser sends CRLF
    text = "Получает полёт.\r\n" * 124  # 1,984 characters with its 124 line breaks as one
    assert len(text.replace("\r\n", "\n")) <= 2000 < len(text)
    response = client.get("/en/calculator/berserk/situation/", {
        **BERSERK_CARD, "card_text": text})
    assert response.status_code == 200
    assert "Enter at most 2000 characters" not in response.content.decode()


def test_the_card_text_api_takes_the_readers_language_as_evaluate_does(client, seeded):
    # a breaker's table: ?lang=xx was taken, and a long text's error was pydantic's English
    url = "/api/scenarios/berserk/situation/card-text"
    odd = client.post(f"{url}?lang=xx", json.dumps({"text": "Получает полёт."}),
                      content_type="application/json")
    assert odd.status_code == 422 and odd.json()["errors"][0]["field"] == "lang"
    long = client.post(f"{url}?lang=de", json.dumps({"text": "a" * 2001}),
                       content_type="application/json")
    assert long.status_code == 422
    assert long.json()["errors"] == [{"field": "text",
                                      "message": "Gib höchstens 2000 Zeichen ein."}]


def test_read_the_text_says_what_it_replaced_of_what_was_entered_by_hand(client, seeded):
    """The text is the card: two features entered by hand are replaced by the one it
    names, and the reading says so, translated (the judge sees what was lost)."""
    query = {**{k: v for k, v in BERSERK_CARD.items() if k != "elements"},
             "elements": "forest", "features": "2",
             "features-0-feature_element": "steppe", "features-0-strike_bonus": "1",
             "features-1-feature_element": "forest", "features-1-strike_bonus": "3",
             "card_text": "+2 к удару по болотным.", "_read": "card_text"}
    expected = {
        "en": "The text replaced 2 items entered by hand in “Features against an element "
              "(стихия)”.",
        "de": "Der Text hat 2 von Hand eingegebene Einträge in „Besonderheiten gegen ein "
              "Element (стихия)“ ersetzt.",
        "ru": "Текст заменил 2 введённых вручную элемента в «Особенности против стихии».",
    }
    for language, said in expected.items():
        html = unescape(client.get(f"/{language}/calculator/berserk/situation/?"
                                   f"{urlencode(query)}").content.decode())
        reading = html.split('class="card-reading"')[1].split("</p>")[0]
        assert said in reading, (language, reading)
        assert values_of(html, "features") == ["1"]
    # one item entered by hand: the singular; blank rows of the form are nothing replaced
    one = {**query, "features": "3", "features-1-feature_element": "",
           "features-1-strike_bonus": "", "features-2-strike_bonus": " "}
    html = unescape(client.get(f"/en/calculator/berserk/situation/?{urlencode(one)}")
                    .content.decode())
    assert ("The text replaced 1 item entered by hand in “Features against an element "
            "(стихия)”.") in html
    none = {k: v for k, v in query.items() if not k.startswith("features-")} | {"features": "0"}
    html = unescape(client.get(f"/en/calculator/berserk/situation/?{urlencode(none)}")
                    .content.decode())
    assert "The text replaced" not in html and "Every sentence was understood" in html


def test_a_phrase_past_a_groups_limit_is_marked_not_taken_in_and_the_ruling_incomplete(
        client, seeded):
    """A fourth "Deal 1 damage to a minion." where an ability takes three effects is read,
    but not taken in: marked so (translated), not "not understood"; the ruling is incomplete."""
    scenario = calculator.find("marvel-champions", "situation")
    limit = next(f for f in scenario.fields if f.name == "effects").max_items
    text = " ".join(["Deal 1 damage to a minion."] * (limit + 1))
    query = {"card_text": text, "_read": "card_text"}
    marks = {"en": "not taken in (past the limit)", "de": "nicht übernommen (über der Grenze)",
             "ru": "не учтено (сверх предела)"}
    for language, mark in marks.items():
        html = unescape(client.get(f"/{language}/calculator/marvel-champions/situation/?"
                                   f"{urlencode(query)}").content.decode())
        reading = html.split('class="card-reading"')[1].split("</div>")[0]
        assert reading.count(f"{mark}:</span>") == 1, (language, reading)
        assert 'class="card-reading__unread"' in reading  # the same markup as before
    answer = client.post("/api/scenarios/marvel-champions/situation/card-text",
                         json.dumps({"text": text}), content_type="application/json").json()
    assert [p["past_limit"] for p in answer["phrases"]] == [False] * limit + [True]
    assert answer["complete"] is False
    inputs = {**MARVEL_BOARD, **answer["inputs"], "card_text": text}
    ruled = client.post("/api/scenarios/marvel-champions/situation/evaluate?lang=en",
                        json.dumps({"inputs": inputs}), content_type="application/json").json()
    assert ruled["complete"] is False
    assert ruled["verdict"].startswith("Incomplete: 1 input is not covered")
    assert ruled["steps"][0]["text"].endswith('the card text "Deal 1 damage to a minion." (read, '
                                              'but past the limit of its fields: not taken in)')


def test_a_text_longer_than_the_box_takes_is_not_read_but_refused_at_the_box(client, seeded):
    """Break-it round 21 F9: "Read the text" read 2,001 characters that "Get the ruling"
    and the API refuse; now it refuses them too, at the box."""
    text = "Füge einem Schergen 2 Schaden zu. " + "x" * 2000
    query = urlencode({"card_text": text, "_read": "card_text", **{
        f"{group}-0-{field}": value for group, item in MARVEL_BOARD.items()
        for field, value in item[0].items()}, **{group: "1" for group in MARVEL_BOARD}})
    response = client.get(f"{MARVEL}?{query}")
    html = unescape(response.content.decode())
    assert response.status_code == 400
    assert 'class="card-reading"' not in html
    assert "Enter at most 2000 characters." in html

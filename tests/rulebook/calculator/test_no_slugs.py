"""Rulings never show readers an internal identifier: change keys (``wirkung-a``),
value names (``monster_1_order``), open-point slugs, choice values, field names
or scenario slugs — only labels as entered or printed, in every language.

Every worked example and judge case of every scenario is rendered as a page
and as the API's texts in de, en and ru; the visible text (tags and attributes
dropped) is searched for those identifiers.
"""

from __future__ import annotations

import html as html_lib
import re

import pytest

import engine
from engine.core import FieldKind
from rulebook.calculator import services as calculator
from tests.rulebook.calculator.cases import CASES

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
#: Change keys of a Schutzgottkarte's own Wirkung (engine.powerduell.Change.key).
CHANGE_KEYS = {"wirkung-a", "wirkung-b"}
#: Choice values that are also plain English ("a non-flying creature").
WORDS = {"non-flying"}
TOKEN = re.compile(r"[\w][\w-]*[\w]")


def _identifiers(scenario, ruling) -> set[str]:
    found = set(CHANGE_KEYS)

    def walk(fields):
        for spec in fields:
            found.add(spec.name)
            found.update(spec.choice_values())
            walk(spec.fields)
    walk(scenario.fields)
    found.update(s.slug for s in SCENARIOS)
    found.update(value.name for value in ruling.values)
    found.update(reading.point for reading in ruling.readings)
    for reading in ruling.readings:
        found.update(value.name for value in reading.values)
    # only compound identifiers: a plain word ("own", "venus", "situation") is a word
    return {i for i in found if "-" in i or "_" in i} - WORDS


def visible_text(page: str) -> str:
    page = re.sub(r"(?is)<(script|style|head)\b.*?</\1>", " ", page)
    return html_lib.unescape(re.sub(r"(?s)<[^>]+>", " ", page))


def _inputs():
    for scenario in SCENARIOS:
        for example in scenario.examples:
            yield scenario, example.slug, example.inputs
        for case in CASES:
            if (case.game, case.scenario) == (scenario.game, scenario.slug):
                yield scenario, case.id, case.inputs


INPUTS = list(_inputs())


def _api_texts(data) -> list[str]:
    texts = [data["verdict"], *data["notes"]]
    texts += [f"{v['label']} {v['text']}" for v in data["values"]]
    texts += [f"{s['text']} {s['reason']}" for s in data["steps"]]
    texts += [c["label"] for s in data["steps"] for c in s["citations"]]
    for point in data["open_points"]:
        for reading in point["readings"]:
            texts += [reading["label"], reading["why"]]
            texts += [f"{v['label']} {v['text']}" for v in reading["values"]]
    return texts


@pytest.mark.parametrize("language", ["de", "en", "ru"])
def test_rulings_show_labels_not_internal_identifiers(client, seeded, language):
    assert any("wirkung-a" in str(calculator.value_json(v.value))
               for scenario, _id, inputs in INPUTS if scenario.slug == "situation"
               for v in scenario.evaluate(inputs).values), "the walk covers a Wirkung's key"
    leaks = []
    for scenario, ident, inputs in INPUTS:
        ruling = scenario.evaluate(inputs)
        identifiers = _identifiers(scenario, ruling)
        query = calculator.to_query(scenario, inputs)
        page = client.get(f"/{language}/calculator/{scenario.game}/{scenario.slug}/?{query}")
        assert page.status_code == 200, (ident, page.status_code)
        api = client.get(f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate"
                         f"?{query}&lang={language}")
        assert api.status_code == 200, (ident, api.content[:300])
        for where, text in [("page", visible_text(page.content.decode())),
                            *(("api", t) for t in _api_texts(api.json()))]:
            for token in set(TOKEN.findall(text)) & identifiers:
                leaks.append((ident, where, token, text[max(0, text.find(token) - 60):
                                                         text.find(token) + 60]))
    assert leaks == []


def test_the_order_keeps_its_keys_for_programs_and_shows_labels_to_readers(client, seeded):
    scenario = engine.find_scenario(engine.rulesets(), "power-duell", "situation")
    (example,) = [e for e in scenario.examples if e.slug == "pd-6"]
    query = calculator.to_query(scenario, example.inputs)
    data = client.get(f"/api/scenarios/power-duell/situation/evaluate?{query}&lang=de").json()
    order = next(v for v in data["values"] if v["name"] == "monster_1_order")
    assert order["value"] == [1, "wirkung-a"]
    assert order["text"] == "Effekt 1, Wirkung der Schutzgottkarte von Spielfeldseite A"
    examples = client.get("/en/calculator/examples/").content.decode()
    assert "wirkung-a" not in visible_text(examples)


@pytest.mark.parametrize("language, shown, absent", [
    ("de", "Schurke", "villain"), ("ru", "злодей", "villain"), ("en", "villain", "Schurke")])
def test_marvel_values_name_game_elements_in_the_readers_language(client, seeded, language,
                                                                   shown, absent):
    """A judge found "Effekt 1: gültige Ziele: villain" on the German page: the values
    keep the identifiers for programs and show the element names to readers."""
    scenario = engine.find_scenario(engine.rulesets(), "marvel-champions", "situation")
    inputs = {"kind": "basic_attack", "actor": 1,
              "characters": [{"kind": "hero", "atk": 0, "thw": 2, "def": 2}],
              "minions": [{"damage": 0, "conditions": ["cannot_be_attacked"]}],
              "villain": [{"damage": 0}]}
    query = calculator.to_query(scenario, inputs)
    data = client.get(f"/api/scenarios/marvel-champions/situation/evaluate?{query}"
                      f"&lang={language}").json()
    valid = next(v for v in data["values"] if v["name"] == "effect_1_valid_targets")
    assert valid["value"] == ["villain"] and valid["text"] == shown
    page = client.get(f"/{language}/calculator/marvel-champions/situation/?{query}")
    values = page.content.decode().split('class="ruling-values"')[1].split("</dl>")[0]
    assert shown in values and absent not in values

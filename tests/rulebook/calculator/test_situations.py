"""The calculator's situations on the site: one meaning of every field on every surface,
rulings that show what the texts do not cover, every reading of an open point and each
clause once, and a form made for the table (start from an example, rows, print, marks)."""

from __future__ import annotations

import json
import re
from html import unescape as html_unescape
from pathlib import Path
from typing import Any, Iterator

import pytest
from django.contrib.staticfiles import finders
from django.utils import translation

import engine
from engine import marvel, powerduell
from engine.core import Field, FieldKind, Outcome
from rulebook.calculator import services as calculator
from tests.engine import situations as S
from tests.engine.test_situations import _NOT_COVERED

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
SITUATIONS = [ruleset.scenario("situation") for ruleset in engine.rulesets()]


def en(message) -> str:
    """``message`` as the English calculator shows it (the glossary's English terms)."""
    with translation.override("en"):
        return calculator.render_message(message)


def page(client, scenario, inputs) -> str:
    response = client.get(f"/en/calculator/{scenario.game}/{scenario.slug}/?"
                          + calculator.to_query(scenario, inputs))
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def api(client, scenario, inputs) -> dict[str, Any]:
    response = client.post(f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate",
                           json.dumps({"inputs": inputs}), content_type="application/json")
    assert response.status_code == 200, response.content.decode()
    return response.json()


# --------------------------------------------------------------------------
# One meaning everywhere: form, JSON Schema, OpenAPI "required", evaluation
# --------------------------------------------------------------------------

def walk(fields, schema, bound, path="") -> Iterator[tuple[str, Field, dict, Any]]:
    """(dotted path, field, its JSON Schema, its bound form field of a new form) for every
    field, group sub-fields through the group's blank item."""
    for spec, item in zip(fields, bound):
        assert item.spec is spec
        prop = schema["properties"][spec.name]
        yield path + spec.name, spec, prop, item
        if spec.kind is FieldKind.GROUP:
            yield from walk(spec.fields, prop["items"], item.template, f"{path}{spec.name}.")


def _set(data: dict, dotted: str, value: Any) -> dict:
    """A copy of JSON ``data`` with the field at ``dotted`` (``group.0.name``) set."""
    data = json.loads(json.dumps(calculator.json_inputs(data)))
    target = data
    parts = dotted.split(".")
    for part in parts[:-1]:
        target = target[int(part)] if part.isdigit() else target[part]
    target[parts[-1]] = value
    return data


def _omitted_paths(fields, data, prefix="") -> Iterator[tuple[str, Field]]:
    """Fields an example leaves out (at the top level and in each group item it gives)."""
    for spec in fields:
        if spec.kind is FieldKind.GROUP:
            for index, item in enumerate(data.get(spec.name) or ()):
                yield from _omitted_paths(spec.fields, item, f"{prefix}{spec.name}.{index}.")
        elif spec.name not in data:
            yield prefix + spec.name, spec


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"{s.game}:{s.slug}")
def test_every_field_means_the_same_on_the_form_in_the_schema_and_in_the_engine(client, db,
                                                                              scenario):
    listing = client.get(f"/api/scenarios/{scenario.game}/{scenario.slug}").json()
    schema = listing["input_schema"]
    api_fields = {f["name"]: f for f in listing["fields"]}
    bound = calculator.bind_form(scenario, None)
    checked = 0
    for path, spec, prop, item in walk(scenario.fields, schema, bound):
        parent = schema if "." not in path else None
        if parent is not None:  # OpenAPI/JSON Schema "required" and the API's field listing
            assert (spec.name in schema["required"]) is spec.must_be_given, path
            assert api_fields[spec.name]["required"] is spec.must_be_given, path
            assert api_fields[spec.name]["default"] == calculator.value_json(spec.omitted())
        # the form marks exactly the fields that must be given
        assert item.required is spec.must_be_given, path
        if spec.kind is FieldKind.GROUP:
            assert "default" not in prop and len(item.items) == (spec.rows or spec.min_items)
            continue
        if spec.must_be_given:
            assert "default" not in prop, path
            continue
        default = calculator.value_json(spec.default)
        assert prop["default"] == default, path  # JSON Schema default = engine default
        # the form a judge opens shows the same value
        if spec.kind is FieldKind.BOOLEAN:
            assert item.checked is spec.default, path
        elif spec.kind is FieldKind.MULTIPLE_CHOICE:
            assert sorted(v for v, _l, selected in item.choices if selected) == sorted(default)
        elif spec.kind is FieldKind.CHOICE:
            assert [v for v, _l, selected in item.choices if selected] == (
                [default] if default is not None else []), path
        else:
            assert item.value == ("" if default is None else str(default)), path
        checked += 1
    assert checked or not any(not f.must_be_given for f in scenario.fields)
    # evaluation: an omitted field, the schema's default and the form's value agree
    for example in scenario.examples[:2]:
        plain = scenario.evaluate(example.inputs)
        for path, spec in _omitted_paths(scenario.fields, example.inputs):
            given = _set(example.inputs, path, calculator.value_json(spec.default))
            assert scenario.evaluate(given).values == plain.values, path
            assert scenario.evaluate_form(calculator.to_form(scenario, given)).values == \
                plain.values, path


def test_pd_1_through_the_api_without_the_active_side_is_plus_10(client, db):
    """The issue's example: an omitted field meant false to the API and true to the form."""
    example = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")
    inputs = {k: v for k, v in calculator.json_inputs(example.inputs).items()
              if k != "active_side"}
    data = api(client, powerduell.SITUATION, inputs)
    values = {v["name"]: v["value"] for v in data["values"]}
    assert values["monster_1_wirkung_change"] == 10 and values["monster_1_ap"] == 110
    # the focused scenario of the same case: the API's default is the form's ticked box
    listing = client.get("/api/scenarios/power-duell/guardian-wirkung").json()
    assert listing["input_schema"]["properties"]["guardian_side_active"]["default"] is True
    html = client.get("/en/calculator/power-duell/guardian-wirkung/").content.decode()
    assert re.search(r'id="f-guardian_side_active" name="guardian_side_active" value="on" '
                     r'checked', html)
    case = {"base_planet": "venus", "left_planet": "mars", "right_planet": "erde",
            "attribute": "ap", "amount": 20, "monster_planet": "venus", "combat": "attacking",
            "opponent_planet": "erde", "opponent_effects": ["dp"]}
    data = api(client, powerduell.RULESET.scenario("guardian-wirkung"), case)
    assert {v["name"]: v["value"] for v in data["values"]}["change"] == 10


# --------------------------------------------------------------------------
# The situation scenarios on the web form and through the API
# --------------------------------------------------------------------------

@pytest.mark.parametrize("scenario,example", [(s, e) for s in SITUATIONS for e in s.examples],
                         ids=lambda x: getattr(x, "slug", None))
def test_every_situation_example_on_the_form_and_through_the_api(client, db, scenario,
                                                                example):
    html = page(client, scenario, example.inputs)
    data = api(client, scenario, calculator.json_inputs(example.inputs))
    values = {v["name"]: v for v in data["values"]}
    for name, expected in example.expected.items():
        assert values[name]["value"] == calculator.value_json(expected), name
        assert f"<dd>{values[name]['text']}</dd>" in html.replace("&#x27;", "'"), name
    # Every input of a worked example is covered; a ruling that rests on an
    # assumption, a silent point or an open point says so instead of "Complete".
    ruling = scenario.evaluate(example.inputs)
    assert data["complete"] is True and data["settled"] is ruling.settled
    assert data["verdict"].startswith("Complete") is ruling.settled
    assert ("verdict--complete" if ruling.settled else "verdict--open") in html


def test_a_ruling_resting_on_an_assumption_is_not_called_complete(client, db):
    """A tough minion taking damage: "tough prevents the damage" is an
    assumption from outside the texts, so the verdict names the open point."""
    scenario = calculator.find("marvel-champions", "situation")
    inputs = {"kind": "card_ability",
              "effects": [{"verb": "deal_damage", "amount": 2, "selector": "one",
                           "target_type": "minion"}],
              "minions": [{"damage": 0, "statuses": ["tough"]}]}
    data = api(client, scenario, inputs)
    assert any(step["outcome"] == "assumed" for step in data["steps"])
    assert data["complete"] is True and data["settled"] is False
    assert data["verdict"].startswith("Every input is covered by the published rules, but")
    assert "verdict--open" in page(client, scenario, inputs)


# --------------------------------------------------------------------------
# What the texts do not cover, assumptions, card text that may override
# --------------------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(_NOT_COVERED))
def test_a_not_covered_input_makes_the_shown_verdict_incomplete(client, db, kind):
    scenario, inputs = _NOT_COVERED[kind]
    html = page(client, scenario, inputs)
    assert "verdict--incomplete" in html and "Incomplete: 1 input is not covered by the published rules." in html
    section = html.partition("<h3>Not covered by the published rules</h3>")[2]
    assert section and 'class="step step--not_covered"' in section.partition("</ul>")[0]
    assert "Not covered by the published rules: " in section.partition("</ul>")[0]
    data = api(client, scenario, inputs)
    assert data["complete"] is False and data["verdict"].startswith("Incomplete")
    # One input, counted without a plural ("1 inputs are …" read wrong).
    assert data["verdict"] == "Incomplete: 1 input is not covered by the published rules."
    (step,) = [s for s in data["steps"] if s["outcome"] == "not_covered"]
    assert step["text"].startswith("Not covered by the published rules: ")


def test_not_covered_is_translated(client, db):
    scenario, inputs = _NOT_COVERED["marvel-stunned-attacker"]
    html = client.get(f"/de/calculator/{scenario.game}/{scenario.slug}/?"
                      + calculator.to_query(scenario, inputs)).content.decode()
    assert "Nicht durch die veröffentlichten Regeln abgedeckt: der handelnde Charakter ist " \
           "betäubt (Betäubt)" in html
    assert "Unvollständig" in html


def test_an_assumption_is_marked_as_one(client, db):
    inputs = {"kind": "card_ability", "minions": [{"statuses": ["tough"]}],
              "effects": [{"verb": "deal_damage", "amount": 2, "selector": "one",
                           "target_type": "minion"}]}
    assert marvel.SITUATION.evaluate(inputs).by_outcome(Outcome.ASSUMED)
    html = page(client, marvel.SITUATION, inputs)
    step = re.search(r'<li class="step step--assumed" id="step-(\d+)">(.*?)</li>', html, re.S)
    assert step and "Assumption from outside the published texts: a tough status card" in \
        step.group(2)
    assert "Not in the published texts:" in step.group(2)
    data = api(client, marvel.SITUATION, inputs)
    assert [s["outcome"] for s in data["steps"]].count("assumed") == 1


def test_card_text_may_override_is_shown_with_its_clause(client, seeded):
    html = page(client, powerduell.SITUATION, S.PD_NP_SCOPE)
    step = re.search(r'<li class="step step--applied step--override" id="step-\d+">(.*?)</li>',
                     html, re.S).group(1)
    assert "Card text may override this rule: Effects of guardian god cards apply only" in step
    assert "1.2.4 › Kartenaufbau ¶3" in step
    data = api(client, powerduell.SITUATION, S.PD_NP_SCOPE)
    (override,) = [s for s in data["steps"] if s["card_text_may_override"]]
    assert [c["key"] for c in override["citations"]] == [
        "1.2.4.kartenaufbau.p3", "1.2.4.effekte-der-schutzgottkarte.p3"]


# --------------------------------------------------------------------------
# Every reading of every open point, side by side
# --------------------------------------------------------------------------

OPEN_POINTS = {
    "np-all-changes": (S.PD_NP_SCOPE, "monster-1-np-all-changes", ["120", "115"]),
    "rank-or-recency": (S.PD_RANK_OR_RECENCY, "monster-1-rank-or-recency",
                        ["65", "135/2 (= 67.5)"]),
    "spezial-or-wirkung": (S.PD_SPEZIAL_OR_WIRKUNG, "monster-1-spezial-or-wirkung-a",
                           ["60", "70"]),
    "half-points": (S.PD_HALF_POINTS, "monster-1-half-points", ["15/2 (= 7.5)", "7", "8"]),
}


@pytest.mark.parametrize("name", sorted(OPEN_POINTS))
def test_every_reading_of_an_open_point_is_shown_with_values_and_clauses(client, db, name):
    inputs, point, texts, *shown_value = OPEN_POINTS[name]
    value_name, row_label = shown_value[0] if shown_value else ("monster_1_ap", "Monster 1: AP")
    ruling = powerduell.SITUATION.evaluate(inputs)
    readings = ruling.readings_of(point)
    number = ruling.open_points().index(point) + 1
    html = page(client, powerduell.SITUATION, inputs)
    block = html.partition(f'<div class="open-point" id="open-point-{number}">')[2]
    block = block.partition('<p class="reading__why">')[0]
    headers = re.findall(r'<th scope="col" class="readings__reading[^"]*" data-reading="[^"]*">'
                         r'(.*?)</th>', block)
    assert [re.sub(r"\s*<span.*", "", h) for h in headers] == [
        en(r.label) for r in readings]
    assert "presented first" in headers[0] and all("presented first" not in h
                                                  for h in headers[1:])
    row = re.search(rf'<tr><th scope="row">{row_label}</th>(.*?)</tr>', block).group(1)
    assert re.findall(r"<td[^>]*>(.*?)</td>", row) == texts
    clauses = re.search(r'<tr class="readings__clauses">.*?</tr>', block, re.S).group(0)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", clauses, re.S)
    for reading, cell in zip(readings, cells):
        assert len(re.findall(r'class="step__ref"', cell)) == len(set(reading.citations))
    why = html.partition(f'id="open-point-{number}"')[2].partition('<p class="reading__why">')[2]
    why = why.partition("</p>")[0]
    assert f"Presented first: “{en(readings[0].label)}”, because:" in why
    assert en(readings[0].why) in html_unescape(why)
    data = api(client, powerduell.SITUATION, inputs)
    (shown,) = [p for p in data["open_points"] if p["point"] == point]
    assert [r["label"] for r in shown["readings"]] == [
        en(r.label) for r in readings]
    assert [r["presented_first"] for r in shown["readings"]] == [True] + [False] * (
        len(readings) - 1)
    assert [[v["text"] for v in r["values"] if v["name"] == value_name]
            for r in shown["readings"]] == [[t] for t in texts]
    assert [r["clauses"] for r in shown["readings"]] == [
        [c.key for c in dict.fromkeys(r.citations)] for r in readings]
    assert shown["readings"][0]["why"] == en(readings[0].why)


# --------------------------------------------------------------------------
# Each clause once per ruling, with the steps that rely on it
# --------------------------------------------------------------------------

def test_each_clause_is_cited_once_listing_the_steps_that_rely_on_it(client, seeded):
    ruling = powerduell.SITUATION.evaluate(S.PD_NP_SCOPE)
    html = page(client, powerduell.SITUATION, S.PD_NP_SCOPE)
    sources = html.partition("<h3>Clauses cited</h3>")[2].partition("</ol>")[0]
    entries = re.findall(r'<li class="citation" id="clause-(\d+)">(.*?)</li>', sources, re.S)
    assert [int(n) for n, _e in entries] == list(range(1, len(ruling.citations()) + 1))
    assert len(html.split('class="citation__key"')) - 1 == len(ruling.citations())
    for (number, entry), citation in zip(entries, ruling.citations()):
        assert f"/{citation.key}/" in entry
        steps = dict(ruling.steps_citing()).get(citation, ())
        listed = re.search(r"relied on by steps? (.*?)</span>", entry, re.S)
        found = [int(n) for n in re.findall(r'href="#step-(\d+)"', listed.group(1))] \
            if listed else []
        # the page's step numbers: in the order the page shows the steps
        shown = calculator.page_numbers(ruling.steps)
        assert found == sorted(shown[n] for n in steps), citation.key
        if listed:  # one step is "step", in the singular
            assert listed.group(0).startswith(
                "relied on by step " if len(found) == 1 else "relied on by steps ")
    # each step refers to the numbered clause entries instead of repeating them
    shown = calculator.page_numbers(ruling.steps)
    for number, step in enumerate(ruling.steps, 1):
        block = re.search(rf'id="step-{shown[number]}">(.*?)</li>', html, re.S).group(1)
        refs = re.findall(r'href="#clause-(\d+)"', block)
        assert [ruling.citations()[int(r) - 1] for r in refs] == list(
            dict.fromkeys(step.citations))
    data = api(client, powerduell.SITUATION, S.PD_NP_SCOPE)
    assert [(c["key"], c["steps"]) for c in data["clauses"]] == [
        (c.key, list(dict(ruling.steps_citing()).get(c, ()))) for c in ruling.citations()]
    assert data["steps"][0]["citations"]  # the existing fields stay


# --------------------------------------------------------------------------
# At the table: start from an example, change one thing, print, required marks
# --------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: f"{s.game}:{s.slug}")
def test_every_worked_example_is_a_prefilled_start(client, db, scenario):
    html = client.get(f"/en/calculator/{scenario.game}/{scenario.slug}/").content.decode()
    if not scenario.examples:
        assert 'class="start-from"' not in html
        return
    start = html.partition('<details class="start-from" open>')[2].partition("</details>")[0]
    links = re.findall(r'<li><a href="([^"]+)">(.*?)</a></li>', start)
    assert [title for _h, title in links] == [
        calculator.render_message(e.title).replace("'", "&#x27;").replace('"', "&quot;")
        for e in scenario.examples]
    href, _title = links[0]
    started = client.get(href.replace("&amp;", "&")).content.decode()
    for name, expected in scenario.examples[0].expected.items():
        text = calculator.value_text(expected)
        assert f"<dd>{text}</dd>" in started.replace("&#x27;", "'"), name
    # the ruling offers to change one thing of the same situation
    change = re.search(r'<a class="ruling__change" href="([^"]+)"', started).group(1)
    assert change.replace("&amp;", "&").endswith("#calculator-form")
    assert change.split("?")[1].split("#")[0].replace("&amp;", "&") == \
        href.replace("&amp;", "&").split("?")[1]


def test_a_printed_ruling_carries_the_situation_and_the_date(client, db):
    example = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-2")
    html = page(client, powerduell.SITUATION, example.inputs)
    situation = html.partition('<section class="ruling__situation print-only"')[2]
    situation = situation.partition("</section>")[0]
    rows = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", situation)
    assert ("Guardian god cards — item 1: Base planet symbol of the guardian god card",
            "Venus") in rows
    assert ("Monster cards — item 2: Primary planet symbol", "Mars") in rows
    assert ("Attacking monster (number)", "1") in rows
    assert ("Active effects, in activation order — item 1: Attribute", "DP") in rows
    assert re.search(r'class="print-only ruling__printed">Printed on \d{1,2} [A-Z][a-z]+ \d{4}\.', html)
    assert "Checked against the rule texts in force on" in html
    text = Path(finders.find("rulebook/calculator/calculator.css")).read_text()
    media = text.partition("@media print")[2]
    assert ".print-only { display: block; }" in media


def test_every_required_field_is_marked(client, db):
    html = client.get("/en/calculator/berserk/timing/").content.decode()
    assert re.search(r'<label for="f-turn">Whose turn \*</label>', html)
    assert re.search(r'<label for="f-subphase">Sub-phase of the Main phase <span '
                     r'class="required-when">\(\* in the Main phase\)</span></label>', html)
    assert re.search(r'<label for="f-card_subtype">Subtype <span class="required-when">'
                     r'\(\* for a creature\)</span></label>', html)
    # an optional field is not marked; a checkbox never is
    assert re.search(r'<label for="f-in_play_zone">The card is in the play zone</label>', html)
    html = client.get("/en/calculator/power-duell/situation/").content.decode()
    assert re.search(r'<label for="f-effects-0-source">Source \*</label>', html)
    assert re.search(r'<label for="f-effects-0-amount">N \(points\) <span class="required-when">'
                     r'\(\* for add, subtract and set on a monster\)</span></label>', html)


def test_groups_carry_a_blank_row_for_the_script_and_work_without_it(client, db):
    html = client.get("/en/calculator/marvel-champions/situation/").content.decode()
    minions = html.partition('data-group="minions"')[2].partition("</template>")[0]
    assert 'data-min="0" data-max="8"' in minions
    template = minions.partition("<template data-group-template>")[2]
    assert 'name="minions-__i__-damage"' in template and "Minions in play — item __n__" in \
        template
    assert 'id="f-minions-__i__-statuses-stunned"' in template
    assert "<script" not in html.partition("</head>")[2]  # no inline script (CSP)
    assert re.search(r'<script src="/static/rulebook/calculator/calculator\.js" defer>', html)
    # without JavaScript the count and "Show this many items" still lay the rows out
    layout = client.get("/en/calculator/marvel-champions/situation/?minions=2&_layout=1")
    body = layout.content.decode()
    assert 'name="minions-1-damage"' in body and 'name="minions-2-damage"' not in body
    script = Path(finders.find("rulebook/calculator/calculator.js")).read_text()
    assert "data-group-template" in script and "__i__" in script


def test_an_omitted_choice_with_a_default_shows_the_default(client, db):
    example = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-6")
    assert "active_side" not in example.inputs
    html = page(client, powerduell.SITUATION, example.inputs)
    select = html.partition('<select id="f-active_side"')[2].partition("</select>")[0]
    assert '<option value="a" selected>side A</option>' in select
    assert "— choose —" not in select  # empty would mean the default anyway


# --------------------------------------------------------------------------
# "choose N" can be entered on the form and through the API
# --------------------------------------------------------------------------

CHOOSE_TWO = {"kind": "card_ability", "minions": [{}, {}],
              "effects": [{"verb": "deal_damage", "amount": 1, "selector": "choose",
                           "target_type": "minion", "count": 2}]}


@pytest.mark.parametrize("scenario", [marvel.TARGET_VALIDITY, marvel.SITUATION],
                         ids=["focused", "situation"])
def test_choose_n_is_a_field_of_each_effect_on_the_form_and_in_the_api(client, db, scenario):
    html = client.get(f"/en/calculator/{scenario.game}/{scenario.slug}/").content.decode()
    template = html.partition('data-group="effects"')[2].partition("</template>")[0]
    assert 'name="effects-__i__-count"' in template  # a row added in place has it
    html = page(client, scenario, CHOOSE_TWO)
    assert re.search(r'<label for="f-effects-0-count">N of &#x27;choose N&#x27;', html)
    assert re.search(r'name="effects-0-count"[^>]*value="2"', html)
    listing = client.get(f"/api/scenarios/{scenario.game}/{scenario.slug}").json()
    count = listing["input_schema"]["properties"]["effects"]["items"]["properties"]["count"]
    assert {k: count[k] for k in ("type", "minimum", "maximum", "default")} == {
        "type": "integer", "minimum": 1, "maximum": 8, "default": 1}
    assert count["title"] == "N of 'choose N' (how many targets to choose)"
    # the form and the API rule the same: two minions, choose 2
    data = api(client, scenario, CHOOSE_TWO)
    values = {v["name"]: v["value"] for v in data["values"]}
    assert values["can_initiate"] is True and data["complete"] is True
    assert "<dd>yes</dd>" in page(client, scenario, CHOOSE_TWO).partition(
        "Target requirement met (Ziel ¶3)")[2][:200]


def test_choose_n_with_fewer_valid_targets_is_shown_as_not_covered(client, db):
    inputs = {**CHOOSE_TWO, "effects": [{**CHOOSE_TWO["effects"][0], "count": 3}]}
    data = api(client, marvel.SITUATION, inputs)
    values = {v["name"]: v for v in data["values"]}
    assert values["can_initiate"]["text"] == "not covered by the published rules"
    assert data["complete"] is False and data["verdict"].startswith("Incomplete")
    # One input, counted without a plural ("1 inputs are …" read wrong).
    assert data["verdict"] == "Incomplete: 1 input is not covered by the published rules."
    (step,) = [s for s in data["steps"] if s["outcome"] == "not_covered"]
    assert [c["key"] for c in step["citations"]] == ["ziel.p3.2", "ziel.p7"]
    html = client.get("/de/calculator/marvel-champions/situation/?"
                      + calculator.to_query(marvel.SITUATION, inputs)).content.decode()
    assert "nicht durch die veröffentlichten Regeln abgedeckt" in html
    assert "Effekt 1 sagt „wähle 3“, die Zahl gültiger Ziele ist aber nur 2" in html


# --------------------------------------------------------------------------
# effect-order: Wirkungsrang against activation order, both results shown
# --------------------------------------------------------------------------

def test_effect_order_shows_both_orders_results_when_they_disagree(client, db):
    scenario = powerduell.RULESET.scenario("effect-order")
    inputs = {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]}
    html = page(client, scenario, inputs)
    block = html.partition('<div class="open-point" id="open-point-1">')[2]
    assert block
    row = re.search(r'<tr><th scope="row">Resulting AP</th>(.*?)</tr>', block).group(1)
    assert re.findall(r"<td[^>]*>(.*?)</td>", row) == ["70", "60"]
    data = api(client, scenario, inputs)
    (point,) = data["open_points"]
    assert [[v["text"] for v in r["values"] if v["name"] == "ap"]
            for r in point["readings"]] == [["70"], ["60"]]
    assert [r["presented_first"] for r in point["readings"]] == [True, False]
    step = next(s for s in data["steps"] if s["text"].startswith("Evaluation order"))
    assert "by impact rank, lowest first" in step["text"]  # the glossary's English term


# --------------------------------------------------------------------------
# Reasons name clauses as the rulebook prints them
# --------------------------------------------------------------------------

def test_clauses_named_in_rulings_are_the_printed_labels(seeded):
    from rulebook.models import Clause
    from tests.engine.test_reader_text import _rulings, _texts

    labels = set(Clause.objects.values_list("label", flat=True))
    named = set()
    for _name, ruling in _rulings():
        for text in _texts(ruling):
            named.update(m.strip() for m in re.findall(
                r"\d+(?:\.\d+)*(?: › [^¶;,()]+?)? ¶\d+(?:\.\d+)*", text))
    assert {"106 ¶2", "106 ¶3", "1.2.4 › Wirkungsbegrenzung ¶1",
            "1.2.4 › Behandlung der Reihenfolge von Effekt & Wirkung ¶1"} <= named
    assert named <= labels, named - labels

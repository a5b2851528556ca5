"""The ruling page at the table: the answer first (verdict, values with every
reading's value, the clauses they rest on), steps numbered in the order shown,
the readings table, a short address to share, and the reader's language."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

import engine
from engine import powerduell
from rulebook.calculator import services as calculator
from tests.engine import situations as S

SITUATION_PAGE = "/{lang}/calculator/power-duell/situation/"
SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
EXAMPLES = [(s, e) for s in SCENARIOS for e in s.examples]


def submitted(scenario, inputs) -> list[tuple[str, str]]:
    """The query a browser sends when the page's form for ``inputs`` is submitted:
    every field, empty ones included, a hidden "off" before each checkbox."""
    query: list[tuple[str, str]] = []

    def walk(bound):
        for field in bound:
            if field.kind == "group":
                query.append((field.html_name, str(field.count)))
                for item in field.items:
                    walk(item)
            elif field.kind == "boolean":
                query.append((field.html_name, "off"))
                if field.checked:
                    query.append((field.html_name, "on"))
            elif field.kind == "multiple_choice":
                query.extend((field.html_name, v) for v, _l, chosen in field.choices if chosen)
            elif field.kind == "choice":
                query.append((field.html_name, next(
                    (v for v, _l, chosen in field.choices if chosen), "")))
            else:
                query.append((field.html_name, field.value))

    data = {}
    for key, values in parse_qs(calculator.example_query(scenario, inputs)).items():
        data[key] = values
    walk(calculator.bind_form(scenario, data))
    query.append(("as_of", ""))
    return query


def share_link(html: str) -> str:
    return unescape(re.search(r'<a class="share__link" href="([^"]+)"', html).group(1))


def bound_values(scenario, url: str) -> list[tuple[str, str, bool, tuple]]:
    """What the form shows for the address ``url``: each field's value, tick and choices."""
    data = {k: v for k, v in parse_qs(urlsplit(url).query).items() if k != "as_of"}
    found = []

    def walk(bound):
        for field in bound:
            found.append((field.html_name, field.value, field.checked,
                          tuple(v for v, _l, chosen in field.choices if chosen)))
            for item in field.items:
                walk(item)

    walk(calculator.bind_form(scenario, data))
    return found


@pytest.mark.parametrize("scenario,example", EXAMPLES,
                         ids=[f"{s.game}-{s.slug}-{i}" for i, (s, _e) in enumerate(EXAMPLES)])
def test_the_short_address_gives_the_same_ruling_and_form(client, seeded, scenario, example):
    path = f"/en/calculator/{scenario.game}/{scenario.slug}/"
    long_query = urlencode(submitted(scenario, example.inputs))
    long_page = client.get(f"{path}?{long_query}")
    assert long_page.status_code == 200
    short = share_link(long_page.content.decode())
    assert urlsplit(short).path == path
    assert len(short) < len(path) + 1 + len(long_query)
    # nothing empty, nothing the form fills in anyway
    for key, values in parse_qs(urlsplit(short).query, keep_blank_values=True).items():
        assert all(value != "" for value in values), key
    api = "/api/scenarios/{}/{}/evaluate?".format(scenario.game, scenario.slug)
    long_ruling = client.get(api + urlencode(
        [(k, v) for k, v in submitted(scenario, example.inputs) if k != "as_of"])).json()
    short_ruling = client.get(api + urlsplit(short).query).json()
    for key in ("values", "steps", "open_points", "verdict", "clauses"):
        assert short_ruling[key] == long_ruling[key], key
    assert bound_values(scenario, short) == bound_values(scenario, f"{path}?{long_query}")
    short_page = client.get(short).content.decode()
    assert share_link(short_page) == short


def test_a_long_power_duell_address_becomes_short(client, seeded):
    path = SITUATION_PAGE.format(lang="de")
    long_query = urlencode(submitted(powerduell.SITUATION, S.PD_NP_SCOPE))
    short = share_link(client.get(f"{path}?{long_query}").content.decode())
    assert len(long_query) > 900  # the form sends every empty field
    assert len(short) < 0.6 * len(long_query)
    assert "=&" not in short and "as_of" not in short


def test_a_dated_ruling_keeps_its_date_in_the_short_address(client, seeded):
    path = SITUATION_PAGE.format(lang="en")
    query = calculator.to_query(powerduell.SITUATION, S.PD_NP_SCOPE) + "&as_of=2024-05-31"
    short = share_link(client.get(f"{path}?{query}").content.decode())
    assert parse_qs(urlsplit(short).query)["as_of"] == ["2024-05-31"]


def test_an_htmx_ruling_puts_the_short_address_in_the_address_bar(client, seeded):
    path = SITUATION_PAGE.format(lang="en")
    long_query = urlencode(submitted(powerduell.SITUATION, S.PD_NP_SCOPE))
    response = client.get(f"{path}?{long_query}", HTTP_HX_REQUEST="true",
                          HTTP_HX_TARGET="ruling")
    assert response["HX-Push-Url"] == share_link(response.content.decode())
    assert len(response["HX-Push-Url"]) < 0.6 * len(long_query)


# --------------------------------------------------------------------------
# Disputed values show every reading's value in the answer
# --------------------------------------------------------------------------

DISPUTED = {  # situation, value label, the value presented first, the other readings' values
    "np-all-changes": (S.PD_NP_SCOPE, "Monster 1: AP", "120", ["115"]),
    "half-points": (S.PD_HALF_POINTS, "Monster 1: AP", "15/2 (= 7.5)", ["7", "8"]),
}


def answer_of(html: str) -> str:
    return html.partition('<div class="answer">')[2].partition("\n  </div>")[0]


@pytest.mark.parametrize("name", sorted(DISPUTED))
def test_a_disputed_value_shows_each_readings_value(client, seeded, name):
    inputs, label, first, others = DISPUTED[name]
    query = calculator.to_query(powerduell.SITUATION, inputs)
    html = client.get(f"{SITUATION_PAGE.format(lang='en')}?{query}").content.decode()
    answer = answer_of(html)
    tile = re.search(rf'<div class="ruling-value ruling-value--disputed"><dt>{re.escape(label)}'
                     r'</dt><dd>(.*?)</dd></div>', answer).group(1)
    assert tile.partition("<span")[0] == first
    shown = re.findall(r'<a href="#open-point-(\d+)">or (.*?), reading (\d+)</a>', tile)
    assert [(text, int(reading)) for _p, text, reading in shown] == [
        (text, number) for number, text in enumerate(others, 2)]
    assert all(f'id="open-point-{p}"' in html for p, _t, _r in shown)


def test_an_undisputed_value_shows_one_value(client, seeded):
    query = calculator.to_query(powerduell.SITUATION, S.PD_HALF_POINTS)
    html = client.get(f"{SITUATION_PAGE.format(lang='en')}?{query}").content.decode()
    plain = re.findall(r'<div class="ruling-value"><dt>.*?</dt><dd>(.*?)</dd>', answer_of(html))
    assert plain and all("ruling-value__other" not in dd for dd in plain)


def test_the_answer_names_the_clauses_the_verdict_rests_on(client, seeded):
    ruling = powerduell.SITUATION.evaluate(S.PD_NP_SCOPE)
    query = calculator.to_query(powerduell.SITUATION, S.PD_NP_SCOPE)
    html = client.get(f"{SITUATION_PAGE.format(lang='en')}?{query}").content.decode()
    grounds = re.search(r'<p class="grounds">(.*?)</p>', answer_of(html), re.S).group(1)
    linked = re.findall(r'<a class="grounds__clause" href="/en/power-duell/schutzgottkarten/'
                        r'([^/"]+)/"[^>]*>', grounds)
    cited = {c.key for step in ruling.steps for c in step.citations} | {
        c.key for r in ruling.readings for c in r.citations}
    assert linked and set(linked) == cited
    assert len(linked) == len(set(linked))  # each once


def test_the_clauses_of_one_section_are_named_together(client, seeded):
    """Break-it round 18: a phone shows "Rests on:" on its first screen when the clauses of
    one section follow each other, its name said once ("…-Wirkung ¶5, ¶2"), each paragraph
    a link whose name read aloud is its whole key."""
    query = calculator.to_query(powerduell.SITUATION, S.PD_NP_SCOPE)
    html = client.get(f"{SITUATION_PAGE.format(lang='ru')}?{query}").content.decode()
    grounds = re.search(r'<p class="grounds">(.*?)</p>', answer_of(html), re.S).group(1)
    links = re.findall(r'<a class="grounds__clause" href="[^"]+"(?: aria-label="([^"]*)")?>'
                       r'([^<]+)</a>', grounds)
    sections = [text[:text.rindex("¶")] for named, text in links if not named]
    assert len(sections) == len(set(sections)) < len(links)  # each section named once
    for named, text in links:
        if named:  # "¶2" after its section: the whole key, whose section was named before
            assert text.startswith("¶") and named.endswith(" " + text)
            assert named[:named.rindex("¶")] in sections


@pytest.mark.parametrize("path, query, keys", [
    # every answer "no": 107.2 (slow, only in its player's Choice sub-phase) and 107.3 (a
    # defender only as a simple strike is declared) decide them, not 107.1 (has them)
    ("berserk/timing", "card_type=creature&card_subtype=non-flying&turn=opponent&phase=main"
     "&subphase=choice&strike_declared=none", ["107.1", "107.2", "107.3"]),
    # "no": the Schutzgottkarte is immune (Kartenaufbau ¶3), its only step
    ("power-duell/guardian-immunity", "source=energy&target_side=own",
     ["1.2.4 › Kartenaufbau ¶3"]),
])
def test_a_no_names_the_clause_that_decides_it(client, seeded, path, query, keys):
    html = client.get(f"/en/calculator/{path}/?{query}").content.decode()
    grounds = re.search(r'<p class="grounds">(.*?)</p>', answer_of(html), re.S).group(1)
    assert re.findall(r'<a class="grounds__clause" href="[^"]+">([^<]+)</a>', grounds) == keys


# --------------------------------------------------------------------------
# Steps are numbered in the order the page shows them; "see" links follow
# --------------------------------------------------------------------------

def step_numbers(html: str) -> tuple[list[int], list[int]]:
    ids = [int(n) for n in re.findall(r'<li class="step [^"]*" id="step-(\d+)">', html)]
    labels = [int(n) for n in re.findall(r'<span class="step__number">Step (\d+):</span>', html)]
    return ids, labels


@pytest.mark.parametrize("scenario,example", EXAMPLES,
                         ids=[f"{s.game}-{s.slug}-{i}" for i, (s, _e) in enumerate(EXAMPLES)])
def test_steps_are_numbered_in_the_order_shown(client, seeded, scenario, example):
    query = calculator.to_query(scenario, example.inputs)
    html = client.get(f"/en/calculator/{scenario.game}/{scenario.slug}/?{query}").content.decode()
    ids, labels = step_numbers(html)
    ruling = scenario.evaluate(example.inputs)
    assert ids == labels == list(range(1, len(ruling.steps) + 1))


def test_a_see_link_points_to_the_step_it_names(seeded):
    with_see = [(s, e) for s, e in EXAMPLES if any(st.see for st in s.evaluate(e.inputs).steps)]
    assert with_see, "no worked example has a step pointing to another"
    for scenario, example in with_see:
        ruling = scenario.evaluate(example.inputs)
        view = calculator.present(ruling, calculator.parse_as_of("")[0])
        by_shown = {step.shown: step for step in view.steps}
        assert [s.shown for s in view.trace] == list(range(1, len(view.steps) + 1))
        for step in view.steps:
            for engine_number, shown in zip(step.see, step.shown_see):
                assert by_shown[shown].step is ruling.steps[engine_number - 1]


def test_the_page_shows_the_see_links_with_page_numbers(client, seeded):
    scenario, example = next((s, e) for s, e in EXAMPLES
                             if any(st.see for st in s.evaluate(e.inputs).steps))
    query = calculator.to_query(scenario, example.inputs)
    html = client.get(f"/en/calculator/{scenario.game}/{scenario.slug}/?{query}").content.decode()
    view = calculator.present(scenario.evaluate(example.inputs), calculator.parse_as_of("")[0])
    for step in view.steps:
        if not step.shown_see:
            continue
        item = html.partition(f'id="step-{step.shown}">')[2].partition("</li>")[0]
        assert re.findall(r'href="#step-(\d+)"', item) == [str(n) for n in step.shown_see]


# --------------------------------------------------------------------------
# The readings table: a header per reading column
# --------------------------------------------------------------------------

@pytest.mark.parametrize("inputs", [S.PD_NP_SCOPE, S.PD_HALF_POINTS, S.PD_RANK_OR_RECENCY])
def test_the_readings_table_has_a_header_per_reading_column(client, seeded, inputs):
    ruling = powerduell.SITUATION.evaluate(inputs)
    query = calculator.to_query(powerduell.SITUATION, inputs)
    html = client.get(f"{SITUATION_PAGE.format(lang='de')}?{query}").content.decode()
    tables = re.findall(r'<table class="readings">(.*?)</table>', html, re.S)
    assert len(tables) == len(ruling.open_points())
    for point, table in zip(ruling.open_points(), tables):
        count = len(ruling.readings_of(point))
        head = re.search(r"<thead>(.*?)</thead>", table, re.S).group(1)
        headers = re.findall(r'<th scope="col"[^>]*>', head)
        assert len(headers) == count
        assert all('data-reading="Lesart ' in h for h in headers)
        assert not re.search(r'class="reading[ "]', table)  # the reading pages' grid class
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", re.search(r"<tbody>(.*?)</tbody>",
                                                                table, re.S).group(1), re.S):
            assert len(re.findall(r'<th scope="row">', row)) == 1
            assert len(re.findall(r"<td[ >]", row)) == count


# --------------------------------------------------------------------------
# The reader's language: no German planet names outside parentheses
# --------------------------------------------------------------------------

GERMAN_PLANETS = {"ru": r"Merkur|Venus|Erde|Mars|Jupiter|Saturn|Uranus|Neptun|Pluto",
                  "en": r"Merkur|Erde|Neptun"}  # the others are English words too


def visible_text(html: str) -> str:
    """The page's text outside parentheses and quotations of the source texts."""
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", html))
    text = re.sub(r"„[^“]*“|«[^»]*»|\"[^\"]*\"", " ", text)
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", " ", text)
    return text


@pytest.mark.parametrize("language", ["ru", "en"])
@pytest.mark.parametrize("inputs", [None, S.PD_NP_SCOPE,
                                    powerduell.SITUATION.examples[0].inputs,
                                    powerduell.SITUATION.examples[3].inputs])
def test_no_german_planet_names_outside_parentheses(client, seeded, language, inputs):
    path = SITUATION_PAGE.format(lang=language)
    if inputs is not None:
        path += "?" + calculator.to_query(powerduell.SITUATION, inputs)
    html = client.get(path).content.decode()
    found = re.findall(rf"\b({GERMAN_PLANETS[language]})\b", visible_text(html))
    assert found == []
    assert re.search(rf"\((?:{GERMAN_PLANETS[language]})\)", unescape(html))  # kept, glossed


def test_the_german_game_list_names_berserk_in_german(client, seeded):
    html = client.get("/de/calculator/").content.decode()
    assert "Берсерк" not in html and "Berserk" in html


"""The calculator pages: list, forms built from the field definitions, htmx, errors."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.core.cache import cache
from hypothesis import HealthCheck, given, settings, strategies as st

import engine
from engine.core import FieldKind
from rulebook.calculator import services as calculator

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
IDS = [f"{s.game}:{s.slug}" for s in SCENARIOS]
CALCULATOR = {"de": "Rechner", "ru": "Калькулятор", "en": "Calculator"}


def page_url(scenario, language="en", query=""):
    url = f"/{language}/calculator/{scenario.game}/{scenario.slug}/"
    return f"{url}?{query}" if query else url


class FormParser(HTMLParser):
    """Collects the form controls (name, id, type) and the label targets of a page."""

    def __init__(self):
        super().__init__()
        self.controls, self.label_for, self.fieldset_depth = [], set(), 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "label" and "for" in attrs:
            self.label_for.add(attrs["for"])
        if tag in ("input", "select", "textarea") and attrs.get("type") not in ("hidden", "submit"):
            self.controls.append(attrs)


def parse(html):
    parser = FormParser()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("language", ["de", "ru", "en"])
def test_index_lists_every_scenario_and_is_in_the_main_navigation(client, seeded, language):
    response = client.get(f"/{language}/calculator/")
    assert response.status_code == 200
    html = response.content.decode()
    for scenario in SCENARIOS:
        assert f'href="{page_url(scenario, language)}"' in html
    assert f'<a href="/{language}/calculator/">{CALCULATOR[language]}</a>' in html
    home = client.get(f"/{language}/").content.decode()
    assert f'href="/{language}/calculator/"' in home


def field_names(fields, prefix="", count=1):
    """The query parameter names a form with ``count`` items per group has."""
    names = []
    for spec in fields:
        name = prefix + spec.name
        names.append(name)
        if spec.kind is FieldKind.GROUP:
            for index in range(count):
                names += field_names(spec.fields, f"{name}-{index}-", count)
    return names


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_every_field_has_a_control_with_a_label(client, seeded, scenario):
    groups = {s.name: "1" for s in scenario.fields if s.kind is FieldKind.GROUP}
    response = client.get(page_url(scenario, query=urlencode({**groups, "_layout": "1"})))
    assert response.status_code == 200
    # The calculator's own form (the page's header has controls of its own).
    form = response.content.decode().split('id="calculator-form"', 1)[1].split("</form>", 1)[0]
    page = parse(form)
    by_name = {}
    for control in page.controls:
        by_name.setdefault(control["name"], []).append(control)
    expected = [n for n in field_names(scenario.fields)
                if n.split("-")[0] in groups or "-" not in n]
    for spec_name in expected:
        controls = by_name.get(spec_name)
        assert controls, spec_name
        for control in controls:
            assert control["id"] in page.label_for, (spec_name, control["id"])
    assert "as_of" in by_name and "f-as_of" in page.label_for


def test_a_group_renders_numbered_fieldsets_for_its_count(client, seeded):
    scenario = calculator.find("marvel-champions", "target-validity")
    html = client.get(page_url(scenario, query="minions=3&_layout=1")).content.decode()
    for number in (1, 2, 3):
        assert f"Minions in play — item {number}</legend>" in html
    assert 'name="minions-2-damage"' in html and 'name="minions-3-damage"' not in html
    assert response_ruling(client, page_url(scenario, query="minions=3&_layout=1")) is None


def response_ruling(client, url):
    """The ruling the view rendered for ``url`` (rendered afresh: a page
    served from the whole-page cache has no template context)."""
    cache.clear()
    return client.get(url).context["ruling"]


def test_the_empty_form_shows_no_ruling_and_no_errors(client, seeded):
    response = client.get("/en/calculator/berserk/timing/")
    assert response.status_code == 200
    assert response.context["ruling"] is None and not response.context["failed"]
    assert "field__error" not in response.content.decode()


def test_bad_input_gives_field_level_errors_not_a_500(client, seeded):
    response = client.get("/en/calculator/power-duell/guardian-wirkung/?amount=lots"
                          "&base_planet=pluto-x&guardian_side_active=maybe")
    assert response.status_code == 400
    html = response.content.decode()
    errors = response.context["error_fields"]
    paths = {field.path for field in errors}
    assert {"amount", "base_planet", "guardian_side_active"} <= paths
    assert '<p class="field__error" id="f-amount-error">Enter a whole number.</p>' in html
    assert 'aria-invalid="true"' in html
    assert 'href="#f-amount"' in html  # the error summary links to the field
    assert response.context["ruling"] is None
    # what was typed is shown again
    assert 'name="amount" value="lots"' in html


def test_errors_inside_a_group_item_are_shown_next_to_that_item(client, seeded):
    response = client.get("/en/calculator/marvel-champions/target-validity/?kind=card_ability"
                          "&effects=1&effects-0-verb=nonsense&minions=2&minions-1-damage=-5")
    assert response.status_code == 400
    paths = {field.path for field in response.context["error_fields"]}
    assert {"effects.0.verb", "minions.1.damage"} <= paths
    html = response.content.decode()
    assert 'id="f-minions-1-damage-error"' in html


@pytest.mark.parametrize("language, message", [
    ("en", "“2024-13-01” is not a date; enter it as YYYY-MM-DD. Showing today’s text."),
    ("de", "„2024-13-01“ ist kein Datum"), ("ru", "«2024-13-01» — не дата")])
def test_a_malformed_date_is_a_field_error_and_today_rules(client, seeded, language, message):
    """As on the rule pages: the field says so, the ruling is on today's text, and no
    dated banner (with an empty date and link) claims another date."""
    response = client.get(f"/{language}/calculator/berserk/same-element/?card_a_elements=steppe"
                          "&card_b_elements=forest&as_of=2024-13-01")
    html = response.content.decode()
    assert response.status_code == 200
    error = re.search(r'<p class="field__error" id="f-as_of-error">(.*?)</p>', html)
    assert error and message in unescape(error.group(1))
    assert response.context["ruling"] is not None and not response.context["ruling"].dated
    assert "dated-banner" not in html and 'href=""' not in html
    assert "as_of" not in response.context["share_url"]
    assert "as_of" not in response.context["api_query"]


def test_an_unknown_scenario_is_a_404(client, seeded):
    assert client.get("/en/calculator/berserk/no-such-thing/").status_code == 404
    assert client.get("/en/calculator/no-game/timing/").status_code == 404


BK4 = "card_elements=swamp&gained_elements=swamp"


def test_htmx_request_gets_only_the_ruling_region(client, seeded):
    url = f"/en/calculator/berserk/element-gain/?{BK4}"
    full = client.get(url).content.decode()
    part = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ruling")
    assert part.status_code == 200
    html = part.content.decode()
    assert "<html" not in html and 'id="calculator"' not in html
    assert 'class="ruling"' in html and 'class="ruling"' in full
    assert "<html" in full and 'data-hx-get="/en/calculator/berserk/element-gain/"' in full
    assert 'data-hx-push-url="true"' in full and 'data-hx-target="#ruling"' in full
    # the language links follow the new address (swapped out of band)
    assert 'id="language-switcher" aria-label="Language" data-hx-swap-oob="true"' in html
    assert ('href="/de/calculator/berserk/element-gain/'
            '?card_elements=swamp&amp;gained_elements=swamp"') in html


@pytest.mark.parametrize("headers", [{}, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "ruling"},
                                     {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "calculator"}])
def test_page_and_parts_at_one_address_vary_on_the_htmx_headers(client, seeded, headers):
    """A browser or proxy must not answer the address (pushed to the history by
    htmx) with a part of the page: the answers say what they vary on."""
    response = client.get(f"/en/calculator/berserk/element-gain/?{BK4}", **headers)
    vary = {part.strip().lower() for part in response["Vary"].split(",")}
    assert {"hx-request", "hx-target"} <= vary


def test_htmx_request_with_errors_replaces_the_whole_calculator(client, seeded):
    part = client.get("/en/calculator/berserk/element-gain/?card_elements=fire",
                      HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ruling")
    assert part.status_code == 200  # htmx swaps only 2xx answers
    assert part["HX-Retarget"] == "#calculator" and part["HX-Reswap"] == "outerHTML"
    html = part.content.decode()
    assert html.lstrip().startswith('<div id="calculator"') and "field__error" in html
    assert 'data-hx-target="#calculator"' in html  # the next answer replaces the errors too


def test_a_ruling_links_citations_and_expands_them_in_place(client, seeded):
    response = client.get(f"/en/calculator/berserk/element-gain/?{BK4}")
    html = response.content.decode()
    assert 'href="/en/berserk/comprehensive-rules/106.p3/"' in html
    assert 'data-hx-get="/en/calculator/clause/berserk/comprehensive-rules/106.p3/"' in html
    assert "<details" in html and "<summary>Show the clause text</summary>" in html
    # the seed's 106 ¶3 has one version without an effective date: both must be shown
    # its entry in the list of clauses cited (the answer above names it too)
    entry = html.partition('<li class="citation" id="clause-1">')[2]
    entry = entry.partition('href="/en/berserk/comprehensive-rules/106.p3/"')[2]
    entry = entry.partition("</li>")[0]
    assert "version 1, effective date unknown" in " ".join(entry.split())
    fragment = client.get("/en/calculator/clause/berserk/comprehensive-rules/106.p3/")
    assert fragment.status_code == 200
    assert "Карта не может получать стихию, которую уже имеет." in fragment.content.decode()
    assert "<html" not in fragment.content.decode()


def test_silent_and_not_applicable_steps_are_shown_apart(client, seeded):
    # BK-8 (a): the fast property with a SILENT step; BK-2: a NOT_APPLICABLE one
    html = client.get("/en/calculator/berserk/timing/?card_type=creature"
                      "&card_subtype=non-flying&in_play_zone=on&turn=opponent&phase=main"
                      "&subphase=choice&strike_declared=opponent").content.decode()
    assert "Rules silent — assumed:" in html and "step--silent" in html
    html = client.get("/en/calculator/berserk/element-feature/?feature_element=swamp"
                      "&strike_bonus=2&target_elements=mountains").content.decode()
    applied, _sep, apart = html.partition("Considered, not applicable")
    assert apart and "Not applicable:" in apart and "step--not_applicable" in apart


@pytest.mark.parametrize("language, text", [("de", "Urteil"), ("ru", "Решение")])
def test_the_ruling_page_is_translated(client, seeded, language, text):
    html = client.get(f"/{language}/calculator/berserk/element-gain/?{BK4}").content.decode()
    assert f'<h2 id="ruling-heading">{text}</h2>' in html


def test_worked_examples_page_runs_every_example_live(client, seeded):
    response = client.get("/en/calculator/examples/")
    assert response.status_code == 200
    runs = response.context["runs"]
    examples = [e for s in SCENARIOS for e in s.examples]
    assert len(runs) == len(examples) >= 8
    assert all(run.matches for run in runs), [r.example.slug for r in runs if not r.matches]
    html = response.content.decode()
    assert html.count("✓ matches") == sum(len(run.rows) for run in runs)
    assert "differs" not in html
    slugs = {run.example.slug for run in runs}
    assert {"energiekarte-after-wirkung", "bagrakh-swamp", "gains-flight"} <= slugs


def test_a_wrong_expectation_is_shown_as_a_mismatch(seeded, monkeypatch):
    from dataclasses import replace

    scenario = calculator.find("berserk", "element-feature")
    example = replace(scenario.examples[0],
                      expected={**scenario.examples[0].expected, "strike_bonus": 99})
    broken = replace(scenario, examples=(example,))
    monkeypatch.setattr(calculator.engine, "rulesets", lambda: (
        engine.Ruleset("berserk", scenario.title, (), (broken,)),))
    (run,) = calculator.run_examples()
    assert not run.matches
    assert ("99", "2") in {(row[1], row[2]) for row in run.rows}


# ---------------------------------------------------------------------------
# Property-based: no query string gives a 5xx
# ---------------------------------------------------------------------------

def names_of(fields, prefix=""):
    names = []
    for spec in fields:
        names.append(prefix + spec.name)
        if spec.kind is FieldKind.GROUP:
            for index in range(3):
                names += names_of(spec.fields, f"{prefix}{spec.name}-{index}-")
    return names


def values_of(scenario):
    values = {"", "on", "0", "1", "2", "-1", "99999999999", "x", "+3", " 4 ", "\x00", "ä"}
    def walk(fields):
        for spec in fields:
            values.update(spec.choice_values())
            if spec.minimum is not None:
                values.update({str(spec.minimum), str(spec.minimum - 1)})
            if spec.maximum is not None:
                values.update({str(spec.maximum), str(spec.maximum + 1)})
            walk(spec.fields)
    walk(scenario.fields)
    return sorted(values)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=IDS)
def test_random_query_strings_never_give_a_server_error(client, seeded, scenario):
    names = names_of(scenario.fields) + ["as_of", "_layout", "lang", "junk"]
    value = st.one_of(st.sampled_from(values_of(scenario)), st.text(max_size=12))
    pairs = st.lists(st.tuples(st.sampled_from(names), value), max_size=25)

    @settings(max_examples=60, deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    # Every way the form is asked for: the whole page, the ruling region and
    # the whole calculator (htmx), in each UI language.
    @given(pairs, st.sampled_from([None, "ruling", "calculator"]),
           st.sampled_from(["de", "ru", "en"]))
    def check(items, target, language):
        query = urlencode(items)
        headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": target} if target else {}
        response = client.get(page_url(scenario, language, query=query), **headers)
        assert response.status_code in (200, 400), (query, response.status_code)
        api = client.get(f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate?{query}")
        assert api.status_code in (200, 422), (query, api.status_code)

    check()


def test_a_raw_garbage_query_string_is_answered(client, seeded):
    for query in ("%ff%fe=%00", "effects=1&effects-0-activated=1e9", "a" * 5000 + "=1",
                  "effects=99999999999999999999", "effects=-1&effects-0-source=energy"):
        response = client.get(f"/en/calculator/power-duell/effect-order/?{query}")
        assert response.status_code in (200, 400), query
        assert re.search(r"<html", response.content.decode())


def test_the_sitemap_lists_the_calculator_pages_in_every_language(client, seeded):
    xml = client.get("/sitemap.xml").content.decode()
    for language in ("de", "ru", "en"):
        assert f"http://testserver/{language}/calculator/</loc>" in xml
        assert f"http://testserver/{language}/calculator/examples/</loc>" in xml
        for scenario in SCENARIOS:
            assert f"http://testserver{page_url(scenario, language)}</loc>" in xml


@pytest.mark.parametrize("language, decimal", [("en", "0.5"), ("de", "0,5"), ("ru", "0,5")])
def test_a_fraction_is_written_with_the_languages_decimal_separator(client, seeded, language,
                                                                    decimal):
    """The negativ-Wirkung factor 1/2 of the guardian-wirkung example: only its display
    changes (the JSON keeps "1/2")."""
    scenario = engine.find_scenario(engine.rulesets(), "power-duell", "guardian-wirkung")
    example = scenario.examples[0]
    query = calculator.short_query(scenario, scenario.validate(example.inputs), None)
    response = client.get(page_url(scenario, language, query))
    (factor,) = [v for v in response.context["ruling"].values if v.name == "factor"]
    assert factor.text == f"1/2 (= {decimal})" and factor.value == "1/2"
    assert f"1/2 (= {decimal})" in response.content.decode()

"""The ruling in the reader's language: a cited clause's section named in the page's
language with the original heading to cite, the Power-Duell steps that kept German
words translated, and the API's address of the ruling page as short as the page's own."""

from __future__ import annotations

import datetime
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.utils import translation

from engine import powerduell
from rulebook.calculator import services as calculator
from rulebook.importing.translations import load_translations
from rulebook.models import Clause
from tests.rulebook.calculator.test_answer_first import submitted

PD_1 = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")
PAGE = "/{lang}/calculator/power-duell/situation/?"
NP_5 = "1.2.4.negativ-positiv-wirkung.p5"


@pytest.fixture
def translated(seeded):
    """The seeds with the site's translations (headings, titles) and glossaries."""
    return load_translations()


def ruling_page(client, lang: str) -> str:
    response = client.get(PAGE.format(lang=lang)
                          + calculator.example_query(powerduell.SITUATION, PD_1.inputs))
    assert response.status_code == 200
    return response.content.decode()


def clause_links(html: str) -> set[str]:
    """The texts of the links to cited clauses (answer, steps, list of clauses)."""
    return {unescape(text) for text in re.findall(
        r'<a class="(?:grounds__clause|step__ref|citation__key)" href="[^"]*">([^<]*)</a>',
        html)}


# --------------------------------------------------------------------------
# (a) A cited clause's section in the page's language, the original kept
# --------------------------------------------------------------------------

@pytest.mark.parametrize("lang, label", [
    ("ru", "1.2.4 › негативно-позитивное воздействие (negativ-positiv-Wirkung) ¶5"),
    ("en", "1.2.4 › negative-positive impact (negativ-positiv-Wirkung) ¶5"),
    ("de", "1.2.4 › negativ-positiv-Wirkung ¶5"),
])
def test_a_cited_clause_is_named_in_the_pages_language(client, translated, lang, label):
    links = clause_links(ruling_page(client, lang))
    assert label in links
    if lang != "de":  # no link names the section in German only
        assert "1.2.4 › negativ-positiv-Wirkung ¶5" not in links
        assert not [text for text in links if "› Kartenaufbau ¶" in text]


def test_the_section_names_as_the_reading_pages_breadcrumbs_do(client, translated):
    clause = Clause.objects.select_related("section", "document").get(key=NP_5)
    crumbs = client.get("/ru/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p5/")
    heading = re.findall(r'<nav class="breadcrumbs".*?</nav>', crumbs.content.decode(),
                         re.S)[0].rsplit(">", 3)[-3].split("<")[0]
    assert heading == "негативно-позитивное воздействие"
    assert clause.label_in("ru").text == f"1.2.4 › {heading} (negativ-positiv-Wirkung) ¶5"
    assert clause.label_in("de").text == clause.label == "1.2.4 › negativ-positiv-Wirkung ¶5"
    # a label that names no section heading (Berserk) is kept as printed
    berserk = Clause.objects.select_related("section", "document").get(
        document__game__slug="berserk", key="106.p1")
    assert berserk.label_in("en").text == "106 ¶1"


def test_the_api_labels_the_clause_in_the_asked_language(client, translated):
    query = calculator.example_query(powerduell.SITUATION, PD_1.inputs)
    data = client.get(f"/api/scenarios/power-duell/situation/evaluate?lang=ru&{query}").json()
    labels = {c["key"]: c["label"] for c in data["clauses"]}
    assert labels[NP_5] == "1.2.4 › негативно-позитивное воздействие (negativ-positiv-Wirkung) ¶5"
    data = client.get(f"/api/scenarios/power-duell/situation/evaluate?lang=de&{query}").json()
    assert {c["key"]: c["label"] for c in data["clauses"]}[NP_5] == (
        "1.2.4 › negativ-positiv-Wirkung ¶5")


# --------------------------------------------------------------------------
# (b) Power-Duell steps that kept German words, translated
# --------------------------------------------------------------------------

def test_the_circle_of_planetary_influence_is_named_in_russian(client, seeded):
    html = ruling_page(client, "ru")
    assert ("Круг действия влияния планет (Wirkungskreis der Planeten-Beeinflussung) для "
            "стороны поля этой карты отменён («außer Kraft gesetzt»).") in html
    assert "Этот круг действия влияния планет (Wirkungskreis) определён" in html
    assert "Wirkungskreis der Planeten-Beeinflussung для стороны" not in html
    assert "Этот Wirkungskreis" not in html


def test_reading_the_planets_is_said_in_russian(client, seeded):
    html = unescape(ruling_page(client, "ru"))
    assert ("Чтение справа налево (Земля (Erde) → Венера (Venus) → Марс (Mars)): планета "
            "Земля (Erde) действует негативно на монстра планеты Венера (Venus) "
            "(«wirkt negativ auf»).") in html
    assert "Земля (Erde) wirkt negativ auf" not in html


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_power_duell_step_keeps_a_german_sentence(lang):
    """Every worked example's steps: German words only in parentheses (the original
    beside its translation) or in quotations of the text."""
    german = re.compile(r"\b(Wirkungskreis|außer Kraft|gesetzt|wirkt|der|die|das|ist|auf)\b")
    with translation.override(lang):
        for scenario in powerduell.RULESET.scenarios:
            for example in scenario.examples:
                ruling = scenario.evaluate(example.inputs)
                for step in ruling.steps:
                    for message in (step.message, step.reason):
                        text = calculator.render_message(message)
                        bare = re.sub(r"\([^()]*\)|«[^»]*»|„[^“]*“|\"[^\"]*\"", "", text)
                        if lang == "en":  # the text's own sentence, quoted on purpose
                            bare = re.sub(r"wirkt (?:negativ|positiv) auf", "", bare)
                        assert not german.search(bare), (example.slug, text)


# --------------------------------------------------------------------------
# (c) The API's address of the ruling page carries only non-default inputs
# --------------------------------------------------------------------------

def share_link(html: str) -> str:
    return unescape(re.search(r'<a class="share__link" href="([^"]+)"', html).group(1))


def test_the_api_web_url_is_the_pages_short_address(client, seeded):
    # the form as a browser sends it: every field, the empty ones too
    long_query = urlencode([(k, v) for k, v in submitted(powerduell.SITUATION, PD_1.inputs)
                            if k != "as_of"])
    page = client.get(PAGE.format(lang="en") + long_query)
    assert page.status_code == 200, page.content[:300]
    short = share_link(page.content.decode())
    api = client.get(f"/api/scenarios/power-duell/situation/evaluate?lang=en&{long_query}")
    assert api.status_code == 200, api.content[:300]
    web_url = api.json()["web_url"]
    assert web_url == f"http://testserver{short}"
    assert "=&" not in web_url and not web_url.endswith("=")
    query = parse_qs(urlsplit(web_url).query, keep_blank_values=True)
    assert query["monsters-0-ap"] == ["100"] and query["attacker"] == ["1"]
    assert "lang" not in query and "as_of" not in query
    assert len(web_url) < len(f"http://testserver{PAGE.format(lang='en')}{long_query}")


def test_the_posted_evaluation_links_the_short_address(client, seeded):
    inputs = {**PD_1.inputs, "active_side": "a"}  # "a" is the default: left out
    response = client.post("/api/scenarios/power-duell/situation/evaluate?lang=ru",
                           {"inputs": inputs, "as_of": "2025-06-01"},
                           content_type="application/json")
    assert response.status_code == 200, response.content[:300]
    web_url = response.json()["web_url"]
    expected = calculator.short_query(powerduell.SITUATION,
                                      powerduell.SITUATION.validate(inputs),
                                      datetime.date(2025, 6, 1))
    assert web_url == f"http://testserver/ru/calculator/power-duell/situation/?{expected}"
    assert "active_side" not in web_url and "as_of=2025-06-01" in web_url
    # the page at that address gives the same values
    page = client.get(web_url.removeprefix("http://testserver"))
    values = {v["name"]: v["value"] for v in response.json()["values"]}
    ruling = page.context["ruling"]  # the values first and the others after them
    assert {v.name: v.value for v in ruling.values + ruling.other_values} == values

"""Addresses far longer than any the site makes are refused early with a small 414.

The longest legitimate address is a calculator table at every limit its scenario declares
(every group full, every card text 2,000 Cyrillic characters, percent-encoded): measured
here, it must stay well under ``MAX_QUERY_LENGTH`` and be answered; a query of megabytes
is answered "414 URI Too Long" at once — a small page in the site's error style, or under
``/api/`` the API's JSON error shape — never echoed into the page.
"""

from __future__ import annotations

import time
from urllib.parse import quote, urlencode

import pytest
from django.conf import settings

import engine
from engine.core import FieldKind


def _at_limits(fields, prefix="", form=None, letter="Ж"):
    """Flat form data of ``fields`` with every group full and every value at its longest."""
    form = {} if form is None else form
    for spec in fields:
        name = prefix + spec.name
        if spec.kind is FieldKind.GROUP:
            form[name] = [str(spec.max_items)]
            for index in range(spec.max_items):
                _at_limits(spec.fields, f"{name}-{index}-", form, letter)
        elif spec.kind is FieldKind.TEXT:
            form[name] = [letter * spec.maximum]
        elif spec.kind is FieldKind.INTEGER:
            low = spec.minimum if spec.minimum is not None else -(10 ** 6)
            high = spec.maximum if spec.maximum is not None else 10 ** 6
            form[name] = [str(max((low, high), key=lambda n: len(str(n))))]
        elif spec.kind is FieldKind.BOOLEAN:
            form[name] = ["off"]
        elif spec.kind is FieldKind.CHOICE:
            form[name] = [max((c.value for c in spec.choices), key=len)]
        else:
            form[name] = [c.value for c in spec.choices]
    return form


def _longest_queries(letter="Ж"):
    queries = {}
    for ruleset in engine.rulesets():
        for scenario in ruleset.scenarios:
            form = _at_limits(scenario.fields, letter=letter)
            form.update(as_of=["2025-06-01"], lang=["ru"])
            queries[(scenario.game, scenario.slug)] = urlencode(form, doseq=True)
    return queries


def test_the_longest_legitimate_query_is_well_under_the_limit():
    queries = _longest_queries()
    longest = max(len(q) for q in queries.values())
    # two Schutzgottkarten's texts of 2,000 Cyrillic characters and 311 parameters
    assert max(queries, key=lambda key: len(queries[key])) == ("power-duell", "situation")
    assert 30_000 < longest < 40_000
    # room to spare: card texts all of four-byte characters (emoji) fit too
    assert max(len(q) for q in _longest_queries("\N{GRINNING FACE}").values()) < 60_000
    assert settings.MAX_QUERY_LENGTH == 64 * 1024 > 1.9 * longest


@pytest.mark.parametrize("game, slug", [("power-duell", "situation"),
                                        ("marvel-champions", "situation"),
                                        ("berserk", "situation")])
def test_a_table_at_its_limits_is_read_on_the_page_and_by_the_api(client, seeded, game, slug):
    query = _longest_queries()[(game, slug)]
    page = client.get(f"/ru/calculator/{game}/{slug}/?{query}")
    assert page.status_code in (200, 400)  # ruled on, or its field errors: never refused
    assert page.status_code != 414 and page["Content-Type"].startswith("text/html")
    api = client.get(f"/api/scenarios/{game}/{slug}/evaluate?{query}")
    assert api.status_code in (200, 422)


def test_a_query_of_megabytes_is_a_small_414_page(client, seeded):
    text = quote("Wirkung: +20 AP. " * 300_000)  # some 5 MB
    started = time.perf_counter()
    response = client.get(f"/en/calculator/power-duell/situation/?guardians-0-card_text={text}")
    took = time.perf_counter() - started
    assert response.status_code == 414
    body = response.content.decode()
    assert len(body) < 3000 and "Wirkung: +20" not in body
    assert "Address too long · Adresse zu lang · Слишком длинный адрес" in body
    assert "no-store" in response["Cache-Control"]
    assert "Content-Security-Policy" in response  # the headers of every answer
    assert took < 0.5


def test_just_over_the_limit_is_refused_and_at_it_is_read(client, seeded):
    limit = settings.MAX_QUERY_LENGTH
    base = "/en/calculator/power-duell/situation/?guardians-0-card_text="
    over = client.get(base + "x" * (limit + 1 - len("guardians-0-card_text=")))
    assert over.status_code == 414
    at = client.get(base + "x" * (limit - len("guardians-0-card_text=")))
    assert at.status_code == 400  # read: the text is too long for its field, said next to it


def test_under_api_the_414_has_the_api_error_shape(client, seeded):
    text = "x" * (settings.MAX_QUERY_LENGTH + 10)
    response = client.get(f"/api/scenarios/power-duell/situation/evaluate?q={text}")
    assert response.status_code == 414
    assert response["Content-Type"] == "application/json"
    (error,) = response.json()["errors"]
    assert error["field"] == "" and error["message"].startswith("The address is too long: its query "
                                                                f"has {len(text) + 2} characters")

"""Invisible format characters in card text are read as the printed card has them: not at all.

A zero-width space inside a word made "Wir\u200bkung: +20 AP" not understood though it looks
the same; a bidi override (U+202E) turned the site's own text around a quoted phrase.  The
one parser of TEXT fields (:func:`engine.core.printed_text`) removes them on every surface:
the form, "Read the text", the JSON API and its card-text endpoint.
"""

from __future__ import annotations

import json
from html import unescape
from urllib.parse import urlencode

import pytest

from engine.core import INVISIBLE, Field, FieldKind, msg, parse_form, printed_text, validate_fields
from rulebook.calculator import services as calculator

#: Every character the parser removes, as the brief lists them.
LISTED = ("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c"
          "\u200b\u200c\u200d\u2060\ufeff\u00ad")
PLAIN = "Wirkung: +20 AP"
HIDDEN = "Wir\u200bkung:\u00ad +2\u20600 \u202eAP\u202c\ufeff"
TEXT = Field("card_text", msg("Card text"), FieldKind.TEXT, required=False, maximum=2000)


def test_exactly_the_listed_characters_are_removed():
    assert set(INVISIBLE) == {ord(c) for c in LISTED}
    assert printed_text("a" + LISTED + "b") == "ab"
    # what printed text does use stays: a no-break space, an umlaut, Cyrillic, a line break
    assert printed_text("Füge\u00a02 Schaden zu.\nПолучает полёт.") == (
        "Füge\u00a02 Schaden zu.\nПолучает полёт.")
    assert printed_text(HIDDEN) == PLAIN


def test_the_form_and_json_parsers_read_the_text_without_them():
    assert validate_fields((TEXT,), {"card_text": HIDDEN})["card_text"] == PLAIN
    assert parse_form((TEXT,), {"card_text": [HIDDEN]})["card_text"] == PLAIN
    # a text of invisible characters only is an empty text: omitted
    assert validate_fields((TEXT,), {"card_text": "\u200b\u202e "})["card_text"] is None


def _guardian(text: str) -> dict[str, str]:
    return {"active_side": "a", "guardians": "1", "guardians-0-side": "a",
            "guardians-0-base_planet": "venus", "guardians-0-card_text": text}


def test_read_the_text_understands_a_word_with_a_zero_width_space(client, seeded):
    query = urlencode({**_guardian(HIDDEN), "_read": "guardians-0-card_text"})
    html = unescape(client.get(f"/en/calculator/power-duell/situation/?{query}").content.decode())
    reading = html.split('class="card-reading"')[1].split("</div>")[0]
    assert f"<q>{PLAIN}</q>" in reading and "not understood" not in reading
    assert not any(c in html for c in LISTED if c != "\u00ad")  # none echoed into the page
    assert f">{PLAIN}</textarea>" in html  # the text box shows the text as read


def test_the_page_rules_on_the_text_as_printed(client, seeded):
    plain = client.get("/en/calculator/power-duell/situation/", {
        **_guardian(PLAIN), "guardians-0-wirkung_attribute": "ap",
        "guardians-0-wirkung_amount": "20"})
    hidden = client.get("/en/calculator/power-duell/situation/", {
        **_guardian(HIDDEN), "guardians-0-wirkung_attribute": "ap",
        "guardians-0-wirkung_amount": "20"})
    assert plain.status_code == hidden.status_code == 200
    assert hidden.context["ruling"].verdict == plain.context["ruling"].verdict
    assert [s.outcome for s in hidden.context["ruling"].trace] == [
        s.outcome for s in plain.context["ruling"].trace]
    assert "\u202e" not in hidden.content.decode()


@pytest.mark.parametrize("text", [HIDDEN, "\u202eWirkung: +20 AP", "Wirkung:\u200b +20\u200d AP"])
def test_the_api_reads_and_rules_on_the_text_as_printed(client, seeded, text):
    read = client.post("/api/scenarios/power-duell/situation/card-text",
                       json.dumps({"text": text}), content_type="application/json").json()
    assert read["complete"] is True
    assert [p["text"] for p in read["phrases"]] == [printed_text(text).strip()]
    scenario = calculator.find("power-duell", "situation")
    clean = scenario.read_card_text(PLAIN)
    assert read["inputs"] == calculator.json_inputs(clean.inputs)
    form = _guardian(text)
    answer = client.get("/api/scenarios/power-duell/situation/evaluate", form)
    same = client.get("/api/scenarios/power-duell/situation/evaluate", _guardian(PLAIN))
    assert answer.status_code == same.status_code == 200
    assert answer.json()["steps"] == same.json()["steps"]

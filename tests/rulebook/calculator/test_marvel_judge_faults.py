"""Faults a judge found in the Marvel Champions calculator, on the page and in the API."""

from __future__ import annotations

import pytest

import engine
from rulebook.calculator import services as calculator

SCENARIO = engine.find_scenario(engine.rulesets(), "marvel-champions", "target-validity")
API = "/api/scenarios/marvel-champions/target-validity/evaluate"

# --------------------------------------------------------------------------
# D6: the name of a game element inside a step is shown in words, never as
# "Message(id='minion %(number)s', ...)".
# --------------------------------------------------------------------------

DAMAGE_THEN_STUN = (
    "kind=card_ability&effects=2&effects-0-verb=deal_damage&effects-0-amount=2"
    "&effects-0-selector=one&effects-0-target_type=enemy&effects-1-verb=give_status"
    "&effects-1-status=stunned&effects-1-selector=the&villain=1"
    "&villain-0-conditions=cannot_take_damage&minions=1")


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_page_names_the_damaged_target_in_words(client, seeded, lang):
    response = client.get(f"/{lang}/calculator/marvel-champions/target-validity/?"
                          + DAMAGE_THEN_STUN)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Message(" not in html
    if lang == "en":
        assert "Effect 2 refers to minion 1 after damage dealt to it." in html


@pytest.mark.parametrize("lang", ["en", "de", "ru"])
def test_the_api_names_the_damaged_target_in_words(client, seeded, lang):
    response = client.get(f"{API}?{DAMAGE_THEN_STUN}&lang={lang}")
    assert response.status_code == 200
    assert "Message(" not in response.content.decode()

"""The table builder's layout (rulebook.calculator.layout) on the page without JavaScript:
cards picked from the table, a card's rare fields behind its "more", what a new form
suggests, fields shown for some choices only, and the decisive values first.  The layout
changes how the form shows a field, never what it means."""

from __future__ import annotations

import re

from rulebook.calculator import layout

PD = "/en/calculator/power-duell/situation/"
MC = "/en/calculator/marvel-champions/situation/"


def select(html: str, name: str) -> str:
    match = re.search(rf'<select id="f-{re.escape(name)}" name="{re.escape(name)}"[^>]*>(.*?)</select>',
                      html, re.S)
    assert match, name
    return match.group(0)


def test_the_attacker_and_an_effects_target_are_picked_from_the_monsters_on_the_table(
        client, seeded):
    html = client.get(PD).content.decode()
    for name in ("attacker", "target", "effects-0-target_monster"):
        picker = select(html, name)
        assert 'data-reference="monsters"' in picker
        assert re.findall(r'<option value="(\d*)"', picker) == ["", "1", "2"]
    # three monsters on the table, the third the target; a number beyond them is kept
    html = client.get(PD + "?_layout=1&monsters=3&target=3&attacker=7").content.decode()
    assert re.findall(r'<option value="(\d*)"', select(html, "target")) == ["", "1", "2", "3"]
    assert '<option value="3" selected>Monster cards — item 3</option>' in select(html, "target")
    assert '<option value="7" selected>' in select(html, "attacker")


def test_a_new_table_puts_the_second_monster_on_side_b_and_the_address_says_so(client, seeded):
    html = client.get(PD).content.decode()
    assert '<option value="b" selected>side B</option>' in select(html, "monsters-1-side")
    assert '<option value="a" selected>side A</option>' in select(html, "monsters-0-side")
    # a blank card added in place has the engine's default
    template = html.partition("<template data-group-template>")[2]
    assert '<option value="a" selected>side A</option>' in select(template, "monsters-__i__-side")
    # a form sent with the side left out means the engine's default, side A
    html = client.get(PD + "?_layout=1&monsters=2").content.decode()
    assert '<option value="a" selected>side A</option>' in select(html, "monsters-1-side")


def test_a_cards_rare_fields_are_behind_its_more_open_when_one_holds_a_value(client, seeded):
    html = client.get(MC + "?_layout=1&characters=2&characters-1-conditions=cannot_be_readied"
                      ).content.decode()
    closed = re.search(r'<details class="group-item__more" data-more="characters-0-">', html)
    opened = re.search(r'<details class="group-item__more" data-more="characters-1-" open>', html)
    assert closed and opened
    more = html[opened.end():].partition("</details>")[0]
    assert 'name="characters-1-conditions"' in more and 'name="characters-1-atk"' not in more
    assert 'id="f-characters-1-conditions-cannot_be_readied" name="characters-1-conditions" ' \
           'value="cannot_be_readied" checked' in more


def test_an_effects_amount_says_which_verbs_it_matters_for(client, seeded):
    html = client.get(MC + "?_layout=1&effects=1").content.decode()
    field = re.search(r'<div class="field field--integer"([^>]*)>\s*<label for="f-effects-0-amount"',
                      html)
    assert field and 'data-shown-when="verb"' in field.group(1)
    assert 'data-shown-values="add_threat deal_damage draw heal remove_threat"' in field.group(1)


BK_1 = ("initial_type=creature&initial_subtype=non-flying&initial_movement=2"
        "&initial_status=ordinary&elements=forest&turn=own&phase=other&strike_declared=none"
        "&features=1&features-0-feature_element=swamp&features-0-strike_bonus=2"
        "&targets=1&targets-0-elements=swamp&targets-0-elements=forest")


def test_a_berserk_answer_shows_the_decisive_values_first_and_the_others_after(client, seeded):
    html = client.get("/en/calculator/berserk/situation/?" + BK_1).content.decode()
    answer = html.partition('<div class="answer">')[2].partition('<details class="other-values">')
    first = re.findall(r"<dt>(.*?)</dt>", answer[0])
    assert "Feature 1 against target 1: strike bonus" in first
    assert "The card and target 1" in first and "Type" not in first
    others = re.findall(r"<dt>(.*?)</dt>", answer[2].partition("</details>")[0])
    assert "Type" in others and "Elements" in others
    assert not set(first) & set(others)


def test_a_power_duell_answer_shows_the_monsters_and_the_effects_that_do_not_reach_first(
        client, seeded):
    """An Energiekarte on monster 1 (it affects it: the monster's AP says so) and the
    opposing Spezial-Wirkung on it (kartenaufbau ¶3: it does not reach): the AP first, and
    effect 2 with it; effect 1 and the evaluation order under "Other values"."""
    from engine import powerduell
    from rulebook.calculator import services as calculator

    query = calculator.to_query(powerduell.SITUATION, {
        "active_side": "a",
        "guardians": [{"side": "b", "base_planet": "venus", "wirkung_attribute": "ap",
                       "wirkung_amount": 10}],
        "monsters": [{"side": "a", "planet": "venus", "ap": 100}],
        "effects": [{"source": "energy", "target_monster": 1, "attribute": "ap",
                     "operation": "add", "amount": 10},
                    {"source": "guardian-spezial-wirkung", "source_side": "b",
                     "target_monster": 1, "attribute": "ap", "operation": "add",
                     "amount": 5}]})
    html = client.get("/en/calculator/power-duell/situation/?" + query).content.decode()
    answer = html.partition('<div class="answer">')[2].partition('<details class="other-values">')
    first = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", answer[0]))
    assert first["Monster 1: AP"] == "110"
    assert first["Effect 2 affects its target"] == "no"
    others = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", answer[2].partition("</details>")[0]))
    assert others["Effect 1 affects its target"] == "yes"
    assert "Monster 1: evaluation order" in others
    assert not set(first) & set(others)

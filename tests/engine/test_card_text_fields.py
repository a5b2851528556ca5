"""A card text is never ignored: a ruling whose fields say other than their card text is
incomplete and names those fields; fields filled from the text agree (every game)."""

import pytest

import engine
from engine.core import Outcome

GAMES = {ruleset.game: ruleset for ruleset in engine.rulesets()}

#: (game, fields beside the text's level, where the text goes, printed text)
CASES = [
    ("power-duell", {"active_side": "a", "monsters": [
        {"side": "a", "planet": "jupiter", "dp": 50}, {"side": "b", "planet": "venus", "dp": 50}]},
     "guardians", "Wirkung: Alle Monsterkarten erhalten +10 DP."),
    ("berserk", {"initial_type": "creature", "initial_subtype": "non-flying",
                 "initial_status": "elite", "initial_movement": 2, "elements": ["forest"],
                 "changes": [], "turn": "own", "phase": "main", "subphase": "choice",
                 "strike_declared": "none"}, "", "+1 к удару по тёмным"),
    ("marvel-champions", {"kind": "card_ability", "villain": [{"damage": 0}],
                          "minions": [{"damage": 0}], "main_scheme": [{"threat": 3}],
                          "players": [{"deck": 20}],
                          "effects": [{"verb": "draw", "amount": 1, "selector": "you"}]},
     "", "Füge jedem Schergen 1 Schaden zu."),
]


def _inputs(base, level, text, filled=None):
    item = {"card_text": text, **(filled or {})}
    if level == "guardians":
        return {**base, "guardians": [{"side": "a", "base_planet": "saturn", **item}]}
    return {**base, **item}


@pytest.mark.parametrize("game, base, level, text", CASES, ids=[c[0] for c in CASES])
def test_fields_that_differ_from_the_card_text_make_the_ruling_incomplete(game, base, level,
                                                                          text):
    scenario = GAMES[game].scenario("situation")
    reading = scenario.read_card_text(text)
    assert reading.complete and reading.inputs, "the text is one the grammar understands"
    ruling = scenario.evaluate(_inputs(base, level, text))
    assert not ruling.complete
    [differs] = [s for s in ruling.steps if s.message.id.startswith("The fields differ")]
    assert differs.outcome is Outcome.NOT_COVERED
    assert text in differs.message.render()
    assert all(v.shown.render().endswith("ruled on the fields, not on the card text")
               for v in ruling.values)


@pytest.mark.parametrize("game, base, level, text", CASES, ids=[c[0] for c in CASES])
def test_fields_filled_from_the_card_text_agree_with_it(game, base, level, text):
    scenario = GAMES[game].scenario("situation")
    filled = dict(scenario.read_card_text(text).inputs)
    if level == "":  # the text's level also holds the other fields
        filled = {**filled, **{k: v for k, v in base.items() if k not in filled}}
    ruling = scenario.evaluate(_inputs(base, level, text, filled))
    assert not any(s.message.id.startswith("The fields differ") for s in ruling.steps)
    assert ruling.complete == scenario.evaluate(_inputs(base, level, None, filled)).complete


def test_the_power_duell_text_rules_as_its_fields_do():
    """Kartenaufbau ¶3 and Effekte ¶3: "Alle Monsterkarten" of its own side only."""
    scenario = GAMES["power-duell"].scenario("situation")
    base, text = CASES[0][1], CASES[0][3]
    filled = dict(scenario.read_card_text(text).inputs)
    ruling = scenario.evaluate(_inputs(base, "guardians", text, filled))
    assert ruling.complete
    assert ruling.value("monster_1_dp") == 60 and ruling.value("monster_2_dp") == 50
    changed = scenario.evaluate(_inputs(base, "guardians", text, {**filled, "wirkung_amount": 50}))
    [differs] = [s for s in changed.steps if s.message.id.startswith("The fields differ")]
    assert differs.message.render().endswith("says: Change made by the Wirkung (points).")


def test_fields_may_hold_more_than_the_text_prints_but_not_other_values():
    """A judge adds what the text does not print (a change of the card's history); editing
    what it does print makes the fields differ."""
    berserk = GAMES["berserk"].scenario("situation")
    base, text = CASES[1][1], CASES[1][3]
    read = dict(berserk.read_card_text(text).inputs)
    changed = {**base, **read, "card_text": text,
               "changes": [{"change": "become-artifact"}]}
    assert not any(s.message.id.startswith("The fields differ")
                   for s in berserk.evaluate(changed).steps)
    marvel = GAMES["marvel-champions"].scenario("situation")
    base, text = CASES[2][1], CASES[2][3]
    read = dict(marvel.read_card_text(text).inputs)
    other = {**base, **read, "card_text": text, "effects": [{**read["effects"][0], "amount": 2}]}
    [differs] = [s for s in marvel.evaluate(other).steps
                 if s.message.id.startswith("The fields differ")]
    assert differs.message.render().endswith("says: Effects of the card ability, in order.")


def _differs(scenario, inputs):
    return [s.message.render() for s in scenario.evaluate(inputs).steps
            if s.message.id.startswith("The fields differ")]


@pytest.mark.parametrize("more", [
    [{"verb": "draw", "amount": 1, "selector": "you"}],  # after the text's effect
    None,                                                # before it
])
def test_an_ability_has_only_the_effects_its_text_prints(more):
    """An ability's effects are all in its text: an effect the fields add to it makes the
    ruling incomplete (a breaker's table: "Deal 2 damage to a minion." beside a second
    effect "defeat the villain" gave a complete ruling on both)."""
    marvel = GAMES["marvel-champions"].scenario("situation")
    base, text = CASES[2][1], CASES[2][3]
    read = marvel.read_card_text(text).inputs["effects"]
    extra = more or [{"verb": "defeat", "selector": "one", "target_type": "villain"}]
    effects = read + extra if more else extra + read
    ruling = marvel.evaluate({**base, "card_text": text, "effects": effects})
    assert not ruling.complete
    assert _differs(marvel, {**base, "card_text": text, "effects": effects})[0].endswith(
        "says: Effects of the card ability, in order.")
    assert not _differs(marvel, {**base, "card_text": text, "effects": read})


@pytest.mark.parametrize("text, labels, differs", [
    ("Action: Deal 2 damage to a minion.", [], False),
    ("Action: Deal 2 damage to a minion.", ["attack"], True),  # the text says no label
    ("Action (attack): Deal 2 damage to a minion.", ["attack"], False),
    ("Action (attack): Deal 2 damage to a minion.", [], True),
    ("Deal 2 damage to a minion.", ["attack"], False),  # no "Action:": labels not printed
])
def test_labels_the_text_prints_none_of_are_none(text, labels, differs):
    """"Action:" with no label in parentheses says the ability has none: a label ticked
    beside it (an earlier reading's) made a complete ruling that the ability cannot be
    initiated against a minion that cannot be attacked (a breaker's table)."""
    marvel = GAMES["marvel-champions"].scenario("situation")
    inputs = {"kind": "card_ability", "card_text": text, "labels": labels,
              "minions": [{"conditions": ["cannot_be_attacked"]}],
              "effects": [{"verb": "deal_damage", "amount": 2, "selector": "one",
                           "target_type": "minion"}]}
    found = _differs(marvel, inputs)
    assert bool(found) is differs
    if differs:
        assert found[0].endswith("says: Labels of the card ability.")
        assert not marvel.evaluate(inputs).complete


def _card_text_fields(fields):
    for spec in fields:
        if spec.name == "card_text":
            yield spec
        yield from _card_text_fields(spec.fields or ())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_examples_in_a_card_text_help_are_understood_whole(game):
    """The phrasings a card-text field's help quotes are read by its game's grammar, every
    sentence understood (a judge who copies one gets no "not understood")."""
    (scenario,) = [s for s in GAMES[game].scenarios if s.grammar]
    (spec,) = _card_text_fields(scenario.fields)
    examples = dict(spec.help.params)
    assert set(examples) == {"first", "second"}
    for example in examples.values():
        reading = scenario.read_card_text(example)
        assert reading.phrases and not reading.not_understood, example


_FEATURES = [f"+{n} к удару по болотным." for n in range(1, 8)]
_CHANGES = ["Получает полёт.", "Теряет полёт."] * 6 + ["Становится рядовой."]
#: (game, fields beside the text, its sentences, the group they fill, the most it takes)
LIMITS = [
    ("berserk", CASES[1][1], _FEATURES, "features", 6),
    ("berserk", {**CASES[1][1], "features": []}, _CHANGES, "changes", 12),
    ("marvel-champions", {k: v for k, v in CASES[2][1].items() if k != "effects"},
     ["Füge jedem Schergen 1 Schaden zu."] * 4, "effects", 3),
]


@pytest.mark.parametrize("game, base, sentences, group, most", LIMITS,
                         ids=[f"{c[0]}-{c[3]}" for c in LIMITS])
def test_sentences_past_a_groups_maximum_are_not_understood(game, base, sentences, group, most):
    """A text of more items than the field takes fills in the first ones; each sentence past
    the maximum is not understood, and the ruling on the reading is made and incomplete (it
    was "every sentence understood", then a refused input)."""
    scenario = GAMES[game].scenario("situation")
    text = " ".join(sentences)
    reading = scenario.read_card_text(text)
    assert len(reading.inputs[group]) == most
    assert reading.not_understood == tuple(sentences[most:])
    ruling = scenario.evaluate({**base, **reading.inputs, "card_text": text})
    assert not ruling.complete
    assert not any(s.message.id.startswith("The fields differ") for s in ruling.steps)


@pytest.mark.parametrize("text, fields, differs", [
    ("Wirkung: Monster erhalten 20 AP.", {"extends_to_opposing_side": True}, True),
    ("Wirkung: Monster erhalten 20 AP.", {}, False),
    ("Wirkung: Monster erhalten 20 AP. Diese Wirkung gilt auch auf der gegnerischen "
     "Spielfeldseite.", {"extends_to_opposing_side": True}, False),
    ("Wirkung: Monster erhalten 20 AP.", {"wirkung_planets": ["mars"]}, True),
    # a section the text leaves out stays as the judge entered it
    ("Wirkung: Monster erhalten 20 AP.", {"spezial_cost_change": -1}, False),
    ("Spezial-Wirkung: Monsterkarten müssen bei der Aktivierung 1 Energiepunkt weniger "
     "zahlen.", {"spezial_extends_to_opposing_side": True}, True),
])
def test_a_section_of_a_description_is_stated_whole(text, fields, differs):
    """A Wirkung whose text names no reach applies on its card's own side only
    (kartenaufbau.p3): the reach field ticked beside it differs from the text, and the
    ruling is incomplete (a breaker's table: it was complete, the opponent's monster got
    +20 AP)."""
    scenario = GAMES["power-duell"].scenario("situation")
    read = dict(scenario.read_card_text(text).inputs)
    guardian = {"side": "a", "base_planet": "venus", "card_text": text, **read, **fields}
    ruling = scenario.evaluate({"guardians": [guardian], "monsters": [
        {"side": "a", "planet": "venus", "ap": 100}, {"side": "b", "planet": "venus", "ap": 100}]})
    found = [s for s in ruling.steps if s.message.id.startswith("The fields differ")]
    assert bool(found) is differs and ruling.complete is not differs


def test_a_label_of_no_effect_is_not_understood():
    """"Aktion (Angriff):" alone prints no effect: not understood, so the effects a judge
    adds beside it never make a complete ruling (a breaker's table)."""
    marvel = GAMES["marvel-champions"].scenario("situation")
    reading = marvel.read_card_text("Aktion (Angriff):")
    assert not reading.complete and reading.not_understood == ("Aktion (Angriff):",)
    ruling = marvel.evaluate({**CASES[2][1], "card_text": "Aktion (Angriff):"})
    assert not ruling.complete


def test_a_phrase_not_understood_is_told_as_the_readers_not_as_outside_the_texts():
    """Break-it round 21: a phrase the reader did not read may be inside the texts, worded
    otherwise; the step says so rather than "the published texts do not define this"."""
    from engine.berserk import SITUATION
    from engine.cardtext import with_card_texts
    from engine.cardtext.berserk import GRAMMAR

    read = GRAMMAR.read("+2 к удару по болотным. Бьёт первым.")
    ruling = with_card_texts(SITUATION.evaluate({
        "initial_type": "creature", "initial_subtype": "non-flying", "initial_movement": 2,
        "initial_status": "elite", "elements": ["forest"], "turn": "own",
        "strike_declared": "none", "phase": "main", "subphase": "choice",
        **read.inputs}), [(read, ())])
    [step] = [s for s in ruling.steps if "Бьёт первым." in s.message.render()]
    assert step.reason.id.startswith("The card-text reader knows only the forms")
    assert not ruling.complete

"""Properties: any input gives a ruling or an input error; form and JSON agree."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import FieldKind, InputError, Outcome, Ruling, Scenario
from engine.powerduell import (
    RULESET, SITUATION, Clause, GuardianSymbols, Influence, Planet, influences, np_factor,
)
from tests.engine import situations
from tests.engine.cardtext_steps import DIFFERING_CARD_TEXT
from tests.engine.powerduell.common import *  # noqa: F401,F403


# --------------------------------------------------------------------------
# Properties: nothing but a Ruling or an InputError
# --------------------------------------------------------------------------

#: Descriptions the Power-Duell grammar reads wholly, partly or not at all.
_CARD_TEXTS = ("Wirkung: Alle Monsterkarten erhalten +10 AP.", "Wirkung: +10 AP. Fliegt.",
               "Für jedes Monster +10 AP.", "")
_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=8),
                  st.floats(allow_nan=True), st.lists(st.text(max_size=4), max_size=3),
                  st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _valid_value(spec) -> st.SearchStrategy:
    if spec.kind is FieldKind.BOOLEAN:
        return st.booleans()
    if spec.kind is FieldKind.INTEGER:
        return st.integers(spec.minimum if spec.minimum is not None else -10**6,
                           spec.maximum if spec.maximum is not None else 10**6)
    if spec.kind is FieldKind.CHOICE:
        return st.sampled_from(spec.choice_values())
    if spec.kind is FieldKind.MULTIPLE_CHOICE:
        return st.lists(st.sampled_from(spec.choice_values()), max_size=4)
    if spec.kind is FieldKind.TEXT:
        return st.one_of(st.text(max_size=30), st.sampled_from(_CARD_TEXTS))
    return st.lists(_json_object(spec.fields), max_size=spec.max_items + 1)


def _json_object(fields) -> st.SearchStrategy:
    return st.fixed_dictionaries(
        {}, optional={spec.name: st.one_of(_valid_value(spec), _valid_value(spec), _JUNK)
                      for spec in fields})


def _typed_object(fields) -> st.SearchStrategy:
    """Every field present with a value of the right type and within bounds, or ``null``
    where the field's JSON Schema admits it."""
    def typed(spec):
        if spec.kind is FieldKind.GROUP:
            return st.lists(_typed_object(spec.fields), min_size=max(spec.min_items, 1),
                            max_size=min(spec.max_items, 4))
        value = _valid_value(spec)
        return st.one_of(st.none(), value) if spec.admits_null else value
    return st.fixed_dictionaries({spec.name: typed(spec) for spec in fields})


def _json_input(scenario: Scenario) -> st.SearchStrategy:
    """Arbitrary objects, well-typed objects, and well-typed objects with one junk value."""
    typed = _typed_object(scenario.fields)
    names = [spec.name for spec in scenario.fields]
    mutated = st.tuples(typed, st.sampled_from(names), _JUNK).map(
        lambda t: {**t[0], t[1]: t[2]})
    return st.one_of(_json_object(scenario.fields), typed, typed, mutated)


def _form_strategy(scenario: Scenario) -> st.SearchStrategy:
    """Arbitrary flat dicts, flattened well-typed input, and that with one junk value."""
    flat = _typed_object(scenario.fields).map(lambda data: to_form(scenario, data))
    mutated = st.tuples(flat, st.text(min_size=1, max_size=12),
                        st.one_of(st.text(max_size=6), st.lists(st.text(max_size=3), max_size=2))
                        ).map(lambda t: {**t[0], t[1]: t[2]})
    return st.one_of(_arbitrary_form(scenario), flat, flat, mutated,
                     st.tuples(flat, _arbitrary_form(scenario)).map(lambda t: {**t[0], **t[1]}))


def _arbitrary_form(scenario: Scenario) -> st.SearchStrategy:
    entries = {}
    for spec in scenario.fields:
        if spec.kind is FieldKind.GROUP:
            entries[spec.name] = st.one_of(st.integers(-1, spec.max_items + 1).map(str),
                                           st.text(max_size=3))
            for index in range(3):
                for sub in spec.fields:
                    entries[f"{spec.name}-{index}-{sub.name}"] = _form_value(sub)
        else:
            entries[spec.name] = _form_value(spec)
    return st.fixed_dictionaries({}, optional=entries)


def _form_value(spec) -> st.SearchStrategy:
    texts = [st.text(max_size=6), st.integers(-10**10, 10**10).map(str)]
    if spec.choices:
        texts.append(st.sampled_from(spec.choice_values()))
    if spec.kind is FieldKind.BOOLEAN:
        texts.append(st.sampled_from(["on", "true", "0", "no"]))
    single = st.one_of(*texts)
    return st.one_of(single, st.lists(single, max_size=3))


_SETTINGS = settings(max_examples=250, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_json_input_gives_ruling_or_input_error(scenario):
    @_SETTINGS
    @given(_json_input(scenario))
    def run(data):
        try:
            ruling = scenario.evaluate(data)
        except InputError as error:
            assert error.field
            return
        assert isinstance(ruling, Ruling) and ruling.scenario == scenario.slug
        assert set(ruling.citations()) <= set(scenario.citations)
        for step in ruling.steps:
            # the card-text reading's own step (fields that say other than the text
            # typed beside them) cites no clause
            assert step.message.id in STEP_WORDS or (
                step.message.id == DIFFERING_CARD_TEXT and not step.citations), step
            step.message.render()

    run()


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_form_input_gives_ruling_or_input_error(scenario):
    @_SETTINGS
    @given(_form_strategy(scenario))
    def run(data):
        try:
            ruling = scenario.evaluate_form(data)
        except InputError as error:
            assert error.field
            return
        assert isinstance(ruling, Ruling)
        assert set(ruling.citations()) <= set(scenario.citations)

    run()


@_SETTINGS
@given(st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.integers(-500, 500).filter(bool))
def test_change_is_amount_times_a_power_of_two(left, right, target, amount):
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": left, "right_planet": right,
                               "amount": amount, "opponent_planet": target,
                               "opponent_effects": ["ep"]})
    factor = Fraction(ruling.value("change")) / amount
    expected = Fraction(1)
    increase = amount > 0
    if target == right:
        expected *= Fraction(1, 2) if increase else 2
    if target == left:
        expected *= 2 if increase else Fraction(1, 2)
    assert factor == expected == ruling.value("factor")


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_form_and_json_agree(scenario):
    @_SETTINGS
    @given(_typed_object(scenario.fields))
    def run(data):
        try:
            expected = scenario.evaluate(data)
        except InputError as error:
            with pytest.raises(InputError) as info:
                scenario.evaluate_form(to_form(scenario, data))
            assert info.value.field == error.field
            return
        assert scenario.evaluate_form(to_form(scenario, data)) == expected

    run()


def test_every_wrong_field_of_the_table_is_named_at_once():
    """A judge fixes the form once, not once per wrong field: a Schutzgottkarte, the combat
    and each effect are checked before any is refused (engine.core.gather)."""
    data = {"guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap"}],
            "monsters": [{"side": "a", "planet": "venus", "ap": 30},
                         {"side": "b", "planet": "erde", "dp": 20}],
            "attacker": 1, "target": 1,
            "effects": [{"source": "energy", "source_side": "b", "target_monster": 2},
                        {"source": "energy", "source_side": "b", "target_monster": 2,
                         "attribute": "dp"}]}
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(data)
    assert [(e.field, e.message.id) for e in error.value.every] == [
        ("guardians.0.wirkung_amount",
         "Give both the attribute and a change other than 0, or neither."),
        ("target", "A monster does not attack itself."),
        ("effects.0.attribute", "Choose the attribute."),
        ("effects.1.amount", "Enter N for add, subtract or set.")]


def test_each_monster_missing_the_base_value_a_wirkung_changes_is_named():
    data = {"guardians": [{"side": "a", "base_planet": "venus", "wirkung_attribute": "ap",
                           "wirkung_amount": 20, "wirkung_scope": "all"}],
            "monsters": [{"side": "a", "planet": "venus"}, {"side": "a", "planet": "erde"}]}
    with pytest.raises(InputError) as error:
        SITUATION.evaluate(data)
    assert [e.field for e in error.value.every] == ["monsters.0.ap", "monsters.1.ap"]

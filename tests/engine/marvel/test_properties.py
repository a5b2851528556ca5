"""Property tests: nothing but a ruling or an InputError, and the entry's invariants."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

import engine.marvel as marvel
from engine.core import Field, FieldKind, InputError, Outcome, Ruling
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.cardtext_steps import DIFFERING_CARD_TEXT
from tests.engine.marvel.helpers import ally, card, hero, kinds_not_covered
from tests.engine.marvel.texts import STEP_WORDS
from tests.engine.situations import marvel_effects as _valid_effects

# --------------------------------------------------------------------------
# Property tests: nothing but a Ruling or an InputError
# --------------------------------------------------------------------------

_junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.text(max_size=6),
                  st.lists(st.text(max_size=4), max_size=3), st.floats(allow_nan=True))


def _value_for(spec: Field) -> st.SearchStrategy:
    """Mostly well-typed values for ``spec``, sometimes junk."""
    if spec.kind is FieldKind.GROUP:
        item = st.fixed_dictionaries({}, optional={f.name: _value_for(f) for f in spec.fields})
        good = st.lists(item, max_size=spec.max_items + 1)
    elif spec.kind is FieldKind.INTEGER:
        good = st.integers((spec.minimum or 0) - 1, (spec.maximum or 10) + 1)
    elif spec.kind is FieldKind.BOOLEAN:
        good = st.booleans()
    elif spec.kind is FieldKind.CHOICE:
        good = st.sampled_from(spec.choice_values())
    else:
        good = st.lists(st.sampled_from(spec.choice_values()), max_size=3)
    return st.one_of(good, good, good, _junk)


_json_inputs = st.fixed_dictionaries(
    {}, optional={spec.name: _value_for(spec) for spec in SCENARIO.fields})


def _form_strategy() -> st.SearchStrategy:
    def flat(fields, prefix="", depth=0):
        entries = {}
        for spec in fields:
            name = prefix + spec.name
            if spec.kind is FieldKind.GROUP:
                entries[name] = st.one_of(st.sampled_from(["0", "1", "2", "3", "9", "x", ""]),
                                          st.text(max_size=3))
                for index in range(3):
                    entries.update(flat(spec.fields, f"{name}-{index}-", depth + 1))
            elif spec.kind in (FieldKind.CHOICE, FieldKind.MULTIPLE_CHOICE):
                options = st.sampled_from(spec.choice_values() + ("", "bogus"))
                entries[name] = st.one_of(options, st.lists(options, max_size=3))
            elif spec.kind is FieldKind.BOOLEAN:
                entries[name] = st.sampled_from(["on", "", "true", "0", "maybe"])
            else:
                entries[name] = st.one_of(st.integers(-2, 12).map(str), st.text(max_size=4))
        return entries
    return st.fixed_dictionaries({}, optional=flat(SCENARIO.fields))


def _outcome(call, data) -> None:
    try:
        ruling = call(data)
    except InputError as error:
        assert error.message.render()
        return
    assert isinstance(ruling, Ruling)
    assert set(ruling.citations()) <= set(SCENARIO.citations)
    assert isinstance(ruling.value("can_initiate"), bool)
    for step in ruling.steps:
        # the card-text reading's own step (fields that say other than the text
        # typed beside them) cites no clause
        assert step.message.id in STEP_WORDS or (
            step.message.id == DIFFERING_CARD_TEXT and not step.citations), step


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_json_inputs)
def test_property_json_input(data):
    _outcome(SCENARIO.evaluate, data)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_form_strategy())
def test_property_form_input(data):
    _outcome(SCENARIO.evaluate_form, data)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
                    lambda inner: st.one_of(st.lists(inner, max_size=3),
                                            st.dictionaries(st.text(max_size=8), inner,
                                                            max_size=4)),
                    max_leaves=12))
def test_property_arbitrary_json(data):
    _outcome(SCENARIO.evaluate, data)




@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_valid_effects(), st.integers(0, 3), st.integers(0, 3), st.booleans(), st.integers(0, 3))
def test_property_rules_invariants(effects, minions, threat, crisis, deck):
    """Every generated situation is valid, and its ruling keeps the entry's invariants."""
    data = card(*effects, minions=[{"damage": i % 2, "statuses": ["stunned"] * (i % 2)}
                                   for i in range(minions)],
                main_scheme=[{"threat": threat}], side_schemes=[{"threat": threat + 1}],
                characters=[hero(exhausted=True), ally(damage=1)], other_cards=[{}],
                villain=[{"damage": 1}], players=[{"deck": deck}], crisis_icon=crisis)
    ruling = SCENARIO.evaluate(data)  # no InputError: every example reaches the checks
    n = len(effects)
    open_kinds = kinds_not_covered(ruling)

    def valid_of(i: int) -> set | None:
        found = ruling.value(f"effect_{i}_valid_targets")
        if found == marvel.NOT_COVERED_VALUE:  # an element the texts do not say it can affect
            assert open_kinds and not ruling.complete
            return None
        return set(found)

    any_valid = any(v is None or v for v in map(valid_of, range(1, n + 1)))  # None: may be
    # p3/p5: initiated only with a valid target somewhere; open where the texts do not
    # say whether an effect can affect the elements it names
    if ruling.value("target_required") and not any_valid:
        assert ruling.value("can_initiate") is False or (
            open_kinds and ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE)
    for i in range(1, n + 1):
        valid = valid_of(i)
        if valid is None:
            continue
        assert valid <= set(ruling.value(f"effect_{i}_candidates"))
        # p5.1 / p4.10: never resolved against an invalid target
        resolves = ruling.value(f"effect_{i}_resolves_against")
        if resolves == marvel.NOT_COVERED_VALUE:  # "choose N" short of targets: texts silent
            assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE or open_kinds
            continue
        assert set(resolves) <= valid
        if crisis and effects[i - 1]["verb"] == "remove_threat":
            assert "main scheme" not in ruling.value(f"effect_{i}_resolves_against")
    if not ruling.value("can_initiate"):
        for i in range(1, n + 1):
            assert ruling.value(f"effect_{i}_resolves_against") == ()
    # p3.2: "choose N" is decided only with none or at least N valid targets
    short = [i for i, e in enumerate(effects, 1) if e["selector"] == "choose"
             and 0 < len(valid_of(i) or ()) < e["count"]]
    if ruling.value("can_initiate") is not False and short:
        assert ruling.value("can_initiate") == marvel.NOT_COVERED_VALUE
    # an input outside the texts under another reading makes the ruling incomplete too
    under_readings = [step for step in ruling.by_outcome(Outcome.NOT_COVERED)
                      if "reading" in step.message.param_dict()]
    assert ruling.complete is (ruling.value("can_initiate") != marvel.NOT_COVERED_VALUE
                               and not open_kinds and not under_readings)
    if any(value.value == marvel.NOT_COVERED_VALUE for reading in ruling.readings
           for value in reading.values):
        assert not ruling.complete

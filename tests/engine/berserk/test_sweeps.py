"""Worked examples, the ruleset's shape, exhaustive sweeps and arbitrary input: every
reachable step is well cited and its words are in the clauses; evaluate gives a ruling or an
InputError."""

from __future__ import annotations

import itertools
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.berserk import RULESET, CardType, Element
from engine.core import FieldKind, InputError, Ruling
from tests.engine.berserk.clauses import CLAUSE_TEXT, STEP_WORDS, step_key, check_ruling


ALL_EXAMPLES = [(s, e) for s in RULESET.scenarios for e in s.examples]


def test_examples_exist():
    slugs = {(s.slug, e.slug) for s, e in ALL_EXAMPLES}
    assert ("element-feature", "bagrakh-swamp") in slugs
    assert ("property-replacement", "gains-flight") in slugs
    assert ("property-replacement", "gains-then-loses-flight") in slugs


@pytest.mark.parametrize("scenario,example", ALL_EXAMPLES,
                         ids=[f"{s.slug}:{e.slug}" for s, e in ALL_EXAMPLES])
def test_example(scenario, example):
    ruling = scenario.evaluate(example.inputs)
    assert example.expected
    for name, expected in example.expected.items():
        assert ruling.value(name) == expected, name
    assert example.source in ruling.citations()
    assert example.source in scenario.citations
    check_ruling(scenario, ruling)


def test_ruleset_shape():
    assert RULESET.game == "berserk"
    assert [s.slug for s in RULESET.scenarios] == [
        "element-feature", "same-element", "element-gain", "property-replacement", "timing",
        "situation"]
    assert {c.key for c in RULESET.citations()} == set(CLAUSE_TEXT)
    for scenario in RULESET.scenarios:
        assert scenario.game == "berserk"
        assert len(set(scenario.citations)) == len(scenario.citations)
        for citation in scenario.citations:
            assert citation.key in CLAUSE_TEXT and citation.version == 1
            assert citation.document == RULESET.documents[0]


def test_step_words_are_in_clause_texts():
    for words in STEP_WORDS.values():
        assert words
        assert any(any(w.lower() in t.lower() for t in CLAUSE_TEXT.values()) for w in words)


REAL = [e.value for e in Element if e is not Element.NEUTRAL]


GAINABLE_SETS = [list(c) for n in range(1, 6) for c in itertools.combinations(REAL, n)]


#: Neutral with elements: no clause excludes it, so it is ruled on (not covered), not refused.
ELEMENT_SETS = GAINABLE_SETS + [["neutral"], ["neutral", "swamp"], ["forest", "neutral", "darkness"]]


def _feature_inputs():
    for feature in [e.value for e in Element]:
        for bonus in (2, -1):
            for target in ELEMENT_SETS:
                yield {"feature_element": feature, "strike_bonus": bonus, "target_elements": target}


def _same_inputs():
    for a in ELEMENT_SETS:
        for b in ELEMENT_SETS:
            yield {"card_a_elements": a, "card_b_elements": b}


def _gain_inputs():
    for card in ELEMENT_SETS:
        for gained in GAINABLE_SETS:
            yield {"card_elements": card, "gained_elements": gained}


CHANGES = ["become-creature", "become-artifact", "become-terrain", "become-equipment",
           "become-condition", "gain-flight", "lose-flight", "lose-type", "become-elite",
           "become-ordinary"]


SUBTYPES = [None, "flying", "non-flying", "independent", "symbiote"]


def _replacement_inputs():
    rng = random.Random(20240601)
    starts = []
    for card_type in [t.value for t in CardType]:
        for subtype in (SUBTYPES if card_type == "creature" else [None]):
            for movement in ((None, 2) if subtype not in (None, "flying") else (None,)):
                for status in ("elite", "ordinary"):
                    for in_play in (True, False):
                        starts.append({"initial_type": card_type, "initial_subtype": subtype,
                                       "initial_status": status, "initial_movement": movement,
                                       "in_play_zone": in_play})
    for start in starts:
        for change in CHANGES:
            yield {**start, "changes": [{"change": change}]}
    for _ in range(4000):
        start = rng.choice(starts)
        changes = []
        for _ in range(rng.randint(0, 6)):
            item = {"change": rng.choice(CHANGES)}
            if item["change"] == "become-creature" and rng.random() < 0.7:
                item["subtype"] = rng.choice(SUBTYPES[1:])
                if rng.random() < 0.4:
                    item["movement"] = rng.randint(0, 4)
            changes.append(item)
        yield {**start, "changes": changes}


def _timing_inputs():
    for card_type in [t.value for t in CardType]:
        for subtype in (SUBTYPES[1:] if card_type == "creature" else [None]):
            for in_play, turn, phase, subphase, strike in itertools.product(
                    (True, False), ("own", "opponent"), ("main", "other"),
                    (None, "choice", "other"), ("none", "own", "opponent")):
                for n in range(4):
                    for prevented in itertools.combinations(
                            ["simple-strike", "closing", "defender"], n):
                        yield {"card_type": card_type, "card_subtype": subtype,
                               "in_play_zone": in_play, "turn": turn, "phase": phase,
                               "subphase": subphase, "strike_declared": strike,
                               "use_prevented": list(prevented)}


SWEEPS = {"element-feature": _feature_inputs, "same-element": _same_inputs,
          "element-gain": _gain_inputs, "property-replacement": _replacement_inputs,
          "timing": _timing_inputs}


_SWEEP_CACHE: dict[str, tuple[set, set, int]] = {}


def sweep(slug: str) -> tuple[set, set, int]:
    """Evaluate every sweep input; return (citations emitted, message ids, rulings)."""
    if slug not in _SWEEP_CACHE:
        scenario = RULESET.scenario(slug)
        cited, ids, count = set(), set(), 0
        for data in SWEEPS[slug]():
            try:
                ruling = scenario.evaluate(data)
            except InputError as error:
                assert error.field
                continue
            check_ruling(scenario, ruling)
            count += 1
            cited.update(ruling.citations())
            ids.update(step_key(s) for s in ruling.steps)
        _SWEEP_CACHE[slug] = (cited, ids, count)
    return _SWEEP_CACHE[slug]


@pytest.mark.parametrize("slug", list(SWEEPS))
def test_sweep_every_declared_citation_is_emitted(slug):
    cited, _ids, count = sweep(slug)
    assert count > 0
    assert cited == set(RULESET.scenario(slug).citations)


def test_sweep_every_step_word_entry_is_reachable():
    emitted = set().union(*(sweep(slug)[1] for slug in SWEEPS))
    assert emitted == set(STEP_WORDS)


def _names(fields, prefix=""):
    for spec in fields:
        yield prefix + spec.name
        if spec.kind is FieldKind.GROUP:
            for i in range(3):
                yield from _names(spec.fields, f"{prefix}{spec.name}-{i}-")


def _values(fields):
    result = ["", "0", "1", "2", "-3", "99", "on", "true", "x", "1e3", " 2 "]
    for spec in fields:
        result.extend(spec.choice_values())
        if spec.kind is FieldKind.GROUP:
            result.extend(_values(spec.fields))
    return sorted(set(result))


JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12),
                         st.floats(allow_nan=True), st.text(max_size=12))


def _json_value(scenario):
    choices = st.sampled_from(_values(scenario.fields))
    leaf = st.one_of(JSON_SCALARS, choices, st.lists(choices, max_size=4))
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from([f.name for s in [scenario] for f in s.fields]
                                        + ["change", "subtype", "movement", "zz"]),
                        inner, max_size=4)), max_leaves=12)


def _json_input(scenario):
    return st.dictionaries(
        st.one_of(st.sampled_from([f.name for f in scenario.fields]), st.text(max_size=5)),
        _json_value(scenario), max_size=10)


def _form_input(scenario):
    value = st.sampled_from(_values(scenario.fields))
    return st.dictionaries(
        st.one_of(st.sampled_from(sorted(set(_names(scenario.fields)))),
                  st.text(string.ascii_lowercase + "-0123456789", max_size=12)),
        st.one_of(value, st.text(max_size=6), st.lists(value, max_size=3)), max_size=16)


def _valid_json(scenario):
    """Inputs that are mostly valid, to reach deep into the evaluator."""
    def field_value(spec):
        if spec.kind is FieldKind.INTEGER:
            return st.one_of(st.none(), st.integers(-2, 25))
        if spec.kind is FieldKind.BOOLEAN:
            return st.booleans()
        if spec.kind is FieldKind.CHOICE:
            return st.one_of(st.none(), st.sampled_from(spec.choice_values()))
        if spec.kind is FieldKind.MULTIPLE_CHOICE:
            return st.lists(st.sampled_from(spec.choice_values()), max_size=4)
        if spec.kind is FieldKind.TEXT:
            return st.one_of(st.none(), st.text(max_size=30),
                             st.just("+2 к удару по болотным. Бьёт первым."))
        return st.lists(st.fixed_dictionaries({f.name: field_value(f) for f in spec.fields}),
                        max_size=spec.max_items + 1)
    return st.fixed_dictionaries({spec.name: field_value(spec) for spec in scenario.fields})


def _evaluate_or_input_error(scenario, data, form=False):
    try:
        ruling = scenario.evaluate_form(data) if form else scenario.evaluate(data)
    except InputError as error:
        assert isinstance(error.field, str) and error.field
        error.message.render()
        return None
    assert isinstance(ruling, Ruling)
    check_ruling(scenario, ruling)
    return ruling


PROPERTY_SETTINGS = settings(max_examples=150, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_arbitrary_json(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_json_input(scenario)))


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_arbitrary_form(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_form_input(scenario)), form=True)


@pytest.mark.parametrize("slug", list(SWEEPS))
@PROPERTY_SETTINGS
@given(data=st.data())
def test_property_mostly_valid_json(slug, data):
    scenario = RULESET.scenario(slug)
    _evaluate_or_input_error(scenario, data.draw(_valid_json(scenario)))


def test_property_json_non_mapping_input():
    for scenario in RULESET.scenarios:
        for bad in (None, [], "x", 3):
            with pytest.raises(InputError):
                scenario.evaluate(bad)


def test_fields_render_as_plain_forms():
    allowed = {FieldKind.INTEGER, FieldKind.BOOLEAN, FieldKind.CHOICE,
               FieldKind.MULTIPLE_CHOICE, FieldKind.GROUP, FieldKind.TEXT}
    for scenario in RULESET.scenarios:
        # printed card text only where a grammar reads it
        assert (scenario.grammar is not None) == any(
            spec.kind is FieldKind.TEXT for spec in scenario.fields)
        for spec in scenario.fields:
            assert spec.kind in allowed
            spec.label.render()
            for choice in spec.choices:
                choice.label.render()
            for sub in spec.fields:
                assert sub.kind in allowed - {FieldKind.GROUP}


def test_module_doctests():
    import doctest

    import engine.berserk

    result = doctest.testmod(engine.berserk)
    assert result.attempted >= 5 and result.failed == 0

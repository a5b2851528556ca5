"""The calculator's per-process speed-ups (rulebook/calculator/speed.py): the same
answers as without them, one small query for citations already resolved, a new
answer after a publication, a failing cache taken as a miss."""

from __future__ import annotations

import datetime
from urllib.parse import parse_qs

import pytest
from django.db import connection
from django.template.loader import get_template
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

import engine
from engine import powerduell
from rulebook.calculator import speed
from rulebook.calculator import services as calculator
from rulebook.calculator.citations import Drift, resolve_citations
from tests.rulebook.calculator.test_citations import BK7B, publish_correction

PD_1 = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")


def _resolved(ruling, on):
    return {c: (r.clause.pk if r.clause else None, r.version.pk if r.version else None, r.drift)
            for c, r in speed.resolved_citations(ruling.citations(), on).items()}


@pytest.mark.django_db
def test_citations_resolved_again_cost_one_small_query_and_give_the_same(seeded):
    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    today = timezone.localdate()
    with CaptureQueriesContext(connection) as first:
        kept = _resolved(ruling, today)
    with CaptureQueriesContext(connection) as again:
        assert _resolved(ruling, today) == kept
    assert len(first.captured_queries) == 3  # the stamp, the clauses, their versions
    assert len(again.captured_queries) == 1  # the stamp only
    fresh = resolve_citations(ruling.citations(), today)
    assert kept == {c: (r.clause.pk, r.version.pk, r.drift) for c, r in fresh.items()}
    assert len(kept) == 10 and all(drift is Drift.NONE for _c, _v, drift in kept.values())


@pytest.mark.django_db
def test_a_publication_gives_the_new_version_at_once(seeded, publisher, editor):
    scenario = calculator.find("berserk", "timing")
    ruling = scenario.evaluate(BK7B)
    today = timezone.localdate()
    before = calculator.present(ruling, today)  # kept by this process
    assert before.drift is False
    publish_correction("107.2", today - datetime.timedelta(days=10), publisher, editor)
    after = calculator.present(ruling, today)
    item = next(c for s in after.steps for c in s.citations if c.key == "107.2")
    assert item.drift is Drift.NEWER and item.version.number == 2 and after.drift is True


@pytest.mark.django_db
def test_a_failing_cache_is_a_miss(seeded, monkeypatch):
    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    today = timezone.localdate()
    expected = calculator.present(ruling, today)

    def broken():
        raise RuntimeError("the stamp cannot be read")

    monkeypatch.setattr(speed, "rulebook_generation", broken)
    speed.CITATIONS.clear()
    view = calculator.present(ruling, today)
    assert [v.text for v in view.values] == [v.text for v in expected.values]
    assert [s.display_key for s in (x.citation for x in view.sources)] == [
        s.display_key for s in (x.citation for x in expected.sources)]
    assert speed.CITATIONS._values == {}  # nothing kept under a key that could not be made


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_a_blank_item_is_what_the_include_renders(lang):
    template = get_template("rulebook/calculator/includes/group_item.html")
    with translation.override(lang):
        bound = calculator.bind_form(powerduell.SITUATION, None)
        groups = [field for field in bound if field.kind == "group"]
        assert [g.html_name for g in groups] == ["guardians", "monsters", "effects"]
        for field in groups:
            speed.BLANK_ITEMS.clear()
            kept = speed.blank_item(powerduell.SITUATION, field)
            assert kept == template.render({"scenario": powerduell.SITUATION, "field": field,
                                            "item": field.template, "number": "__n__"})
            assert speed.blank_item(powerduell.SITUATION, field) is kept  # kept
            assert f'name="{field.html_name}-__i__-' in kept


def test_a_blank_item_is_kept_per_language():
    def blank(lang):
        with translation.override(lang):
            (field,) = [f for f in calculator.bind_form(powerduell.SITUATION, None)
                        if f.html_name == "monsters"]
            return speed.blank_item(powerduell.SITUATION, field)

    speed.BLANK_ITEMS.clear()
    german, russian = blank("de"), blank("ru")
    assert "<legend>Monsterkarten — Eintrag __n__</legend>" in german
    assert "<legend>Карты монстров — элемент __n__</legend>" in russian


# --------------------------------------------------------------------------
# The form's fields written in Python: the same bytes as the templates
# --------------------------------------------------------------------------

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
FIELD = "rulebook/calculator/includes/field.html"


def _states(scenario):
    """Form data to bind: a new form, each worked example, every field wrong, a read card text."""
    yield "new", None, {}, None
    for example in scenario.examples:
        yield example.slug, parse_qs(calculator.example_query(scenario, example.inputs)), {}, None
    wrong = {}
    for field in calculator.bind_form(scenario, None):
        if field.kind == "group":
            wrong[field.html_name] = ["2"]
            for sub in field.template:
                wrong[sub.html_name.replace("__i__", "0")] = ["<b>?</b>"]
        else:
            wrong[field.html_name] = ["<b>?</b>"]
    yield "wrong", wrong, calculator.form_errors(scenario, calculator.form_data(scenario, wrong)), None
    text_fields = [f for f in calculator.bind_form(scenario, None) if f.kind == "text"]
    if scenario.grammar and text_fields:
        data = {text_fields[0].html_name: ["+2 к удару по <болотам>. Непонятная фраза."],
                calculator.READ: [text_fields[0].html_name]}
        data, reading = calculator.read_card_text(scenario, data)
        yield "card text", data, {}, reading


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[f"{s.game}-{s.slug}" for s in SCENARIOS])
def test_the_fields_written_in_python_are_the_templates_bytes(scenario):
    template = get_template(FIELD)
    for lang in ("de", "ru", "en"):
        with translation.override(lang):
            speed.BLANK_ITEMS.clear()
            for state, data, errors, reading in _states(scenario):
                bound = calculator.bind_form(scenario, data, errors)
                expected = "".join(template.render({"scenario": scenario, "field": field,
                                                    "card_reading": reading})
                                   for field in bound)
                assert speed.fields_html(scenario, bound, reading) == expected, (lang, state)
                if errors:
                    assert 'field--error' in expected and '<b>?' not in expected


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_blank_items_written_in_python_are_the_templates_bytes(lang):
    item = get_template("rulebook/calculator/includes/group_item.html")
    with translation.override(lang):
        for scenario in SCENARIOS:
            speed.BLANK_ITEMS.clear()
            for field in calculator.bind_form(scenario, None):
                if field.kind == "group":
                    assert speed.blank_item(scenario, field) == item.render({
                        "scenario": scenario, "field": field, "item": field.template,
                        "number": "__n__"}), (scenario.slug, field.html_name)


EXAMPLES = [(s, e) for s in SCENARIOS for e in s.examples]
# a card text the grammar does not understand: a step "not covered"
UNREAD = {**PD_1.inputs, "guardians": [
    {**PD_1.inputs["guardians"][0], "card_text": "Nichts davon steht im <Text>."}]}


def _assert_ruling_bytes(view):
    step = get_template("rulebook/calculator/includes/step.html")
    source = get_template("rulebook/calculator/includes/source.html")
    assert speed.steps_html(view.steps) == "".join(step.render({"step": s}) for s in view.steps)
    assert speed.sources_html(view) == "".join(
        source.render({"source": s, "ruling": view}) for s in view.sources)


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_steps_and_clauses_written_in_python_are_the_templates_bytes(seeded, lang):
    kinds = set()
    with translation.override(lang):
        for scenario, inputs in [(s, e.inputs) for s, e in EXAMPLES] + [
                (powerduell.SITUATION, UNREAD)]:
            ruling = scenario.evaluate(inputs)
            for on, dated in ((timezone.localdate(), False), (datetime.date(2020, 1, 1), True)):
                view = calculator.present(ruling, on, dated)
                _assert_ruling_bytes(view)
                kinds |= {s.outcome for s in view.steps} | {
                    s.citation.drift for s in view.sources}
    # every outcome and the drift of a date before the texts were in force were written
    assert {"applied", "not_applicable", "silent", "not_covered", "assumed"} <= kinds
    assert {Drift.NONE, Drift.NOT_IN_FORCE} <= kinds


@pytest.mark.django_db
def test_clauses_missing_from_the_rulebook_are_written_as_the_template_does():
    scenario, example = EXAMPLES[0]
    view = calculator.present(scenario.evaluate(example.inputs), timezone.localdate())
    assert {s.citation.drift for s in view.sources} == {Drift.MISSING}
    _assert_ruling_bytes(view)

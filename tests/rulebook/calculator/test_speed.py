"""The calculator's per-process speed-ups (rulebook/calculator/speed.py): the same
answers as without them, one small query for citations already resolved, a new
answer after a publication, a failing cache taken as a miss."""

from __future__ import annotations

import datetime

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
    assert len(first.captured_queries) == 4  # the stamp, the clauses, versions, rulings
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


# --------------------------------------------------------------------------
# The steps and cited clauses written in Python: the same bytes as the templates
# --------------------------------------------------------------------------

SCENARIOS = [s for ruleset in engine.rulesets() for s in ruleset.scenarios]
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
    assert {Drift.NONE, Drift.TEXT_UNKNOWN} <= kinds


@pytest.mark.django_db
def test_clauses_missing_from_the_rulebook_are_written_as_the_template_does():
    scenario, example = EXAMPLES[0]
    view = calculator.present(scenario.evaluate(example.inputs), timezone.localdate())
    assert {s.citation.drift for s in view.sources} == {Drift.MISSING}
    _assert_ruling_bytes(view)


# --------------------------------------------------------------------------
# The form's fields written in Python: the same bytes as the templates
# --------------------------------------------------------------------------

def _template_fields(fields, scenario, card_reading=None) -> str:
    field = get_template("rulebook/calculator/includes/field.html")
    return "".join(field.render({"field": f, "scenario": scenario, "card_reading": card_reading})
                   for f in fields)


def _forms(scenario):
    """A scenario's forms: new, each worked example, each example with its first field
    wrong (every field then carries its error state), and a count beyond the groups'."""
    yield calculator.bind_form(scenario, None), None
    for example in scenario.examples:
        data = calculator.to_form(scenario, example.inputs)
        yield calculator.bind_form(scenario, data), None
        wrong = {**data, next(iter(data)): ["<b>x</b>"]}
        fields = calculator.form_data(scenario, wrong)
        yield calculator.bind_form(scenario, wrong, calculator.form_errors(scenario, fields)), None
        for name in _text_fields(calculator.bind_form(scenario, data)):
            read, reading = calculator.read_card_text(
                scenario, {**data, name: ["Nichts <davon>. " + example.slug],
                           "_read": [name]})
            yield calculator.bind_form(scenario, read), reading


def _text_fields(fields):
    """The HTML names of the card-text fields of bound ``fields``, groups' items included."""
    for field in fields:
        if field.kind == "text":
            yield field.html_name
        for item in field.items:
            yield from _text_fields(item)


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_fields_written_in_python_are_the_templates_bytes(lang):
    kinds, readings = set(), 0
    with translation.override(lang):
        for scenario in SCENARIOS:
            for fields, reading in _forms(scenario):
                assert speed.fields_html(fields, scenario, reading) == _template_fields(
                    fields, scenario, reading), (scenario.slug, reading)
                kinds |= {f.kind for f in fields} | {
                    (f.kind, bool(f.error)) for f in calculator.flat_errors(fields)}
                readings += reading is not None
    # every kind of field was written, with and without an error, and a card reading
    assert {"group", "choice", "integer", "boolean", "multiple_choice", "text"} <= kinds
    assert readings > 0


# --------------------------------------------------------------------------
# The JSON answer written in its schema's shape: the bytes django-ninja writes
# --------------------------------------------------------------------------

def _evaluate_addresses():
    from tests.rulebook.calculator.cases import CASES

    runs = [(s, e.inputs) for s, e in EXAMPLES] + [
        (calculator.find(c.game, c.scenario), c.inputs) for c in CASES] + [
        (powerduell.SITUATION, UNREAD)]
    for scenario, inputs in runs:
        path = f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate"
        query = calculator.example_query(scenario, inputs)
        yield f"{path}?{query}", None
        yield f"{path}?as_of=2020-01-01&{query}", None  # clauses not yet in force
        yield path, {"inputs": calculator.json_inputs(inputs)}


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_json_answer_is_the_bytes_ninja_writes_after_validating(seeded, client,
                                                                   monkeypatch, lang):
    def answers():
        found = []
        for address, body in _evaluate_addresses():
            if body is None:
                response = client.get(f"{address}{'&' if '?' in address else '?'}lang={lang}")
            else:
                response = client.post(f"{address}?lang={lang}", body,
                                       content_type="application/json")
            found.append((address, response.status_code, response["Content-Type"],
                          response.content))
        return found

    written = answers()
    # the data handed to django-ninja, which validates it against RulingOut and writes it
    monkeypatch.setattr(speed, "json_response", lambda model, data: data)
    validated = answers()
    assert written == validated
    assert {status for _a, status, _t, _c in written} == {200}


# --------------------------------------------------------------------------
# Whole answers: the same bytes with the speed-ups switched on and off
# --------------------------------------------------------------------------

def _switched_off(monkeypatch):
    """Every speed-up of a ruling's page, fragment and JSON that can be switched off,
    switched off: Django's render outside one language scope, ``reverse()`` for every
    address, chrome rendered each time, field texts translated each time, groups' blank
    items written each time, kept citations' JSON shaped on every answer, the generation
    read again, nothing kept."""
    from django.shortcuts import render
    from django.urls import reverse

    from rulebook.calculator import api, views
    from rulebook.templatetags import reading

    def address(viewname, *args):
        return reverse(viewname, args=args)

    def texts(spec):
        return speed.FieldTexts(
            calculator.render_message(spec.label), calculator.render_message(spec.help),
            calculator.render_message(spec.required_when),
            tuple((c.value, calculator.render_message(c.label)) for c in spec.choices))

    monkeypatch.setattr(views, "_render", render)
    for module in (speed, api, reading):
        monkeypatch.setattr(module, "page_address", address)
    monkeypatch.setattr(speed, "field_texts", texts)
    monkeypatch.setattr(speed, "shaped_once", speed.shaped)
    monkeypatch.setattr(speed, "request_generation", lambda: None)
    monkeypatch.setattr(speed, "_blank_item", lambda group, env: speed._group_item(
        group, group.template, "__n__", env))
    monkeypatch.setattr(reading._ChromeNode, "render",
                        lambda node, context: node.nodelist.render(context))


def _ruling_addresses(lang):
    """A ruling's page, its htmx fragment and its JSON, today and dated, for the first
    worked examples of each scenario of every game (and a card text not understood)."""
    runs = [(s, s.examples[0].inputs) for s in SCENARIOS if s.examples] + [
        (s, s.examples[-1].inputs) for s in SCENARIOS if len(s.examples) > 1] + [
        (powerduell.SITUATION, UNREAD)]
    for scenario, inputs in runs:
        query = calculator.example_query(scenario, inputs)
        for dated in ("", "as_of=2020-01-01&"):
            page = f"/{lang}/calculator/{scenario.game}/{scenario.slug}/?{dated}{query}"
            yield page, {}
            yield page, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "ruling"}
            yield (f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate?lang={lang}&"
                   f"{dated}{query}", {})


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_ruling_pages_fragments_and_json_are_the_same_bytes_without_the_speed_ups(
        seeded, client, monkeypatch, lang):
    from django.core.cache import cache

    def answers():
        found = []
        for address, headers in _ruling_addresses(lang):
            cache.clear()  # cold: no stored page answers
            speed.CITATIONS.clear()
            response = client.get(address, **headers)
            found.append((address, bool(headers), response.status_code,
                          response["Content-Type"], response.content))
        return found

    switched_on = answers()
    _switched_off(monkeypatch)
    assert answers() == switched_on
    assert {status for _a, _h, status, _t, _c in switched_on} == {200}
    games = {address.split("/")[3] for address, *_rest in switched_on}
    assert games == {"power-duell", "berserk", "marvel-champions"}


@pytest.mark.django_db
def test_a_cold_ruling_page_reads_the_generation_once(seeded, client):
    """The page cache's generation for the page's key is the one its kept citations are
    looked up under: a cold page of citations already resolved costs one query."""
    from django.core.cache import cache

    scenario, example = next((s, e) for s, e in EXAMPLES if s is powerduell.SITUATION)
    address = ("/de/calculator/power-duell/situation/?"
               + calculator.example_query(scenario, example.inputs))
    assert client.get(address).status_code == 200  # the citations resolved and kept
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(address).status_code == 200
    assert len(queries.captured_queries) == 1


@pytest.mark.django_db
def test_a_forged_splice_mark_in_the_input_gives_the_answer_written_without_splicing(
        seeded, client, monkeypatch):
    """A kept citation's JSON text is spliced into the answer behind a mark; an input that
    holds the mark (here forged with the process's own token) does not change the answer."""
    table = {**PD_1.inputs, "guardians": [
        {**PD_1.inputs["guardians"][0], "card_text": speed._TOKEN + "0"}]}
    address = "/api/scenarios/power-duell/situation/evaluate?lang=de"
    body = {"inputs": calculator.json_inputs(table)}
    spliced = client.post(address, body, content_type="application/json")
    monkeypatch.setattr(speed, "shaped_once", speed.shaped)  # nothing to splice
    plain = client.post(address, body, content_type="application/json")
    assert spliced.status_code == plain.status_code == 200
    assert spliced.content == plain.content
    assert speed._TOKEN.replace("\x00", "\\u0000").encode() + b"0" in plain.content


def _messages(ruling):
    """Every message a ruling's presentation renders (steps, values, readings, verdict)."""
    for step in ruling.steps:
        yield from (step.message, step.reason)
    for reading in ruling.readings:
        yield from (reading.label, reading.why, reading.question)
        yield from (value.label for value in reading.values)
    yield from (value.label for value in ruling.values)
    yield from (ruling.verdict, *ruling.notes)


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_messages_rendered_inline_are_the_engines_rendering(lang):
    from tests.rulebook.calculator.cases import CASES

    runs = [(s, e.inputs) for s, e in EXAMPLES] + [
        (calculator.find(c.game, c.scenario), c.inputs) for c in CASES] + [
        (powerduell.SITUATION, UNREAD)]
    count = 0
    with translation.override(lang):
        for scenario, inputs in runs:
            for message in _messages(scenario.evaluate(inputs)):
                if message is not None:
                    assert speed.rendered(message) == message.render(speed.gettext)
                    count += 1
    assert count > 900


def test_query_strings_are_urlencodes():
    from urllib.parse import urlencode

    from hypothesis import given, settings, strategies as st

    forms = st.dictionaries(st.text(max_size=12), st.lists(st.text(max_size=12), max_size=3),
                            max_size=6)

    @settings(max_examples=400, deadline=None)
    @given(forms)
    def same(form):
        assert speed.query_string(form) == urlencode(form, doseq=True)

    same()
    for scenario, example in EXAMPLES:  # the calculator's own forms
        form = calculator.to_form(scenario, example.inputs)
        assert speed.query_string(form) == urlencode(form, doseq=True)
    odd = {"a b": ["x+y", "ü~-._", ""], "k&=": [], "n": [1]}  # a number: urlencode's own
    assert speed.query_string(odd) == urlencode(odd, doseq=True)

"""The calculator's per-process speed-ups (rulebook/calculator/speed.py): the same
answers as without them, one small query for citations already resolved, a new
answer after a publication, a failing cache taken as a miss."""

from __future__ import annotations

import datetime
import re

import pytest
from django.conf import settings
from django.db import connection
from django.template.loader import get_template
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

import engine
from engine import powerduell
from rulebook.calculator import speed
from rulebook.calculator import services as calculator
from rulebook.calculator.citations import Drift, resolve_citations
from rulesite import middleware
from tests.rulebook.calculator.test_citations import BK7B, publish_correction
from tests.rulebook.calculator.test_decided_points import deciding  # noqa: F401 — a fixture

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


@pytest.mark.django_db
def test_kept_citations_ask_the_shared_cache_nothing(seeded, monkeypatch):
    """The kept citations' key holds the publication stamp: a ruling reads no shared
    generation (a Redis round trip per ruling on several servers), and a publication
    still gives the next ruling the new text's stamp."""
    from rulebook.caching import process

    ruling = powerduell.SITUATION.evaluate(PD_1.inputs)
    today = timezone.localdate()
    speed.CITATIONS.clear()
    calculator.present(ruling, today)
    asked = []
    real_get = process.cache.get
    monkeypatch.setattr(process.cache, "get", lambda *a, **k: asked.append(a) or real_get(*a, **k))
    kept = calculator.present(ruling, today)
    assert asked == []
    assert len(speed.CITATIONS._values) == 1
    stamp = next(iter(speed.CITATIONS._values))[0]
    monkeypatch.setattr(speed, "rulebook_generation", lambda: stamp + "-published")
    calculator.present(ruling, today)
    assert len(speed.CITATIONS._values) == 2  # a new stamp: resolved again, not the kept one
    assert [s.citation.key for s in kept.sources] == [
        s.citation.key for s in calculator.present(ruling, today).sources]


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
def test_blank_items_bound_once_are_the_fields_bound_each_time(monkeypatch, lang):
    def forms():
        return [(scenario.slug, fields, reading) for scenario in SCENARIOS
                for fields, reading in _forms(scenario)]

    with translation.override(lang):
        speed.BLANK_FIELDS.clear()
        bound, again = forms(), forms()  # the blank items bound, then taken as kept
        kept = [found for _plan, found in speed.BLANK_FIELDS.values()]
        monkeypatch.setattr(speed, "blank_fields", lambda plan, name, label, build: build())
        assert forms() == bound == again
    # some kept with fields that pick a card (copied per form), none left to bind each time
    assert kept and None not in kept and any(picks for _fields, picks in kept)


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
    # the later forms' fields were filled into markup kept from the earlier ones
    assert {found[1] for found in speed.FIELD_MARKUP.values()} >= {
        "value", "choices", "references", "checked"}


# --------------------------------------------------------------------------
# The form around its fields written in Python: the same bytes as the template
# --------------------------------------------------------------------------

CALCULATOR = "rulebook/calculator/includes/calculator.html"


def _calculator_contexts(scenario):
    """The scenario page's contexts of ``includes/calculator.html``: each form of
    :func:`_forms`, new or submitted, failed or not, with a date or a wrong date, errors
    that name no field (escaped), with and without worked examples to start from."""
    for number, (fields, reading) in enumerate(_forms(scenario)):
        errors = calculator.flat_errors(fields)
        failed = bool(errors) or number % 5 == 4
        yield {"scenario": scenario, "fields": fields, "card_reading": reading,
               "ruling": None, "failed": failed, "submitted": number % 3 > 0,
               "error_fields": errors,
               "other_errors": ["<b>Unknown</b> parameter “x”"] if number % 4 == 3 else [],
               "as_of_error": "Not a date: <2020-13-01>" if number % 7 == 6 else "",
               "as_of_value": ["", "2024-03-01", "<b>\"x'"][number % 3],
               "start_from": speed.example_links(scenario) if number % 6 else []}


@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_form_written_in_python_is_the_templates_bytes(lang):
    from django.template import engines

    written = engines["django"].from_string("{% load calculator %}{% calculator_html %}")
    template = get_template(CALCULATOR)
    seen = set()
    with translation.override(lang):
        for scenario in SCENARIOS:
            for context in _calculator_contexts(scenario):
                expected = template.render(context)
                assert written.render(context) == expected, scenario.slug
                seen |= {key for key in ("failed", "submitted", "other_errors", "as_of_error",
                                         "start_from", "error_fields") if context[key]}
    assert seen == {"failed", "submitted", "other_errors", "as_of_error", "start_from",
                    "error_fields"}


# --------------------------------------------------------------------------
# The language switcher written in Python: the same bytes as the template
# --------------------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_language_switcher_written_in_python_is_the_templates_bytes(rf, lang):
    from django.template import engines

    from rulebook.context_processors import site

    template = get_template("rulebook/includes/language_switcher.html")
    written = {oob: engines["django"].from_string(
        "{% load reading %}{% language_switcher" + oob + " %}")
        for oob in ("", " oob=True", " oob=False")}
    addresses = [f"/{lang}/", f"/{lang}/calculator/power-duell/situation/?monsters=1&x=<b>\"'",
                 f"/{lang}/search/?q=%3Ca%3E+%26", "/no-such-page/"]
    checked = 0
    with translation.override(lang):
        for address in addresses:
            request = rf.get(address)
            request.LANGUAGE_CODE = lang
            links = site(request)["language_links"]
            # and each language current in turn, and a name to escape
            for current in [None, *range(len(links))]:
                if current is not None:
                    links = [{**link, "current": number == current,
                              "name": link["name"] + " <&>"}
                             for number, link in enumerate(links)]
                for given, oob in (("", None), ("", True), (" oob=True", True),
                                   (" oob=False", False)):
                    context = {"language_links": links}
                    if oob is not None and not given:
                        context["oob"] = oob
                    expected = template.render({**context, "oob": oob})
                    assert written[given].render(context) == expected, (address, given)
                    checked += 1
    assert checked == len(addresses) * 4 * (len(settings.LANGUAGES) + 1)


# --------------------------------------------------------------------------
# The scenario page around the form written in Python: the same bytes as the templates
# --------------------------------------------------------------------------

def _page_addresses(lang):
    """Each scenario's page new, with its first worked example, dated (before the texts and
    on a day of a drift notice), with a wrong date, failing (a field's error, a parameter
    naming no field), read from a card text, laid out only, and with text to escape."""
    for scenario in SCENARIOS:
        page = f"/{lang}/calculator/{scenario.game}/{scenario.slug}/"
        yield page
        if not scenario.examples:
            continue
        query = calculator.example_query(scenario, scenario.examples[0].inputs)
        yield f"{page}?{query}"
        yield f"{page}?as_of=2020-01-01&{query}"
        yield f"{page}?{query}&as_of=2023-01-24"
        yield f"{page}?as_of=2023-13-01&{query}"
        yield f"{page}?as_of=%3Cb%3E&{query}"
        yield f"{page}?{query}&no_such_field=%3Cb%3E%22x%27"
        first = query.split("&")[0].split("=")[0]
        yield f"{page}?{query}&{first}=%3Cb%3E%22%26"
        yield f"{page}?_layout=1&{query}"
    yield (f"/{lang}/calculator/power-duell/situation/?"
           + calculator.example_query(powerduell.SITUATION, UNREAD) + "&_read=guardians-0-card_text")


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
@override_settings(ALLOWED_HOSTS=["testserver", "example.org"])
def test_the_scenario_page_written_in_python_is_the_templates_bytes(seeded, client,
                                                                     monkeypatch, lang):
    from django.core.cache import cache

    from rulebook.calculator import views

    written = []
    monkeypatch.setattr(speed, "scenario_page_html", lambda context, calculator, write=(
        speed.scenario_page_html): written.append(1) or write(context, calculator))

    def pages(**extra):
        found = []
        for address in _page_addresses(lang):
            cache.clear()  # cold: no stored page answers
            response = client.get(address, **extra)
            found.append((address, response.status_code, response["Content-Type"],
                          response.content))
        return found

    fast = pages() + pages(SCRIPT_NAME="/sub", HTTP_HOST="example.org:8080")
    assert len(written) == len(fast)  # every page was written in Python
    assert {status for _a, status, _t, _c in fast} == {200, 400}
    assert sum(b"dated-banner" in content for *_rest, content in fast) > len(SCENARIOS)
    monkeypatch.setattr(speed, "page_written", lambda context: False)  # the templates
    assert pages() + pages(SCRIPT_NAME="/sub", HTTP_HOST="example.org:8080") == fast
    assert len(written) == len(fast)
    assert views.PAGE != "rulebook/calculator/scenario.html"


# --------------------------------------------------------------------------
# The ruling region written in Python: the same bytes as the template
# --------------------------------------------------------------------------

REGION = "rulebook/calculator/includes/ruling_region.html"
#: Dates a ruling is asked for besides today: before the texts were in force, the day
#: before the correction of 2023-01-25 (drift notices), before and on a decision's date.
DATES = (datetime.date(2020, 1, 1), datetime.date(2023, 1, 24), datetime.date(2024, 2, 29),
         datetime.date(2024, 3, 1))


def _region_runs():
    """(scenario, inputs) of every worked example, every judge case, a card text not
    understood (a step "not covered") and rulings with open points (one with two)."""
    from tests.engine import situations
    from tests.rulebook.calculator.cases import CASES
    from tests.rulebook.calculator.test_decided_points import INPUTS
    from tests.rulebook.calculator.test_marvel_target_pages import SCENARIO, _damage_then_stun

    return [(s, e.inputs) for s, e in EXAMPLES] + [
        (calculator.find(c.game, c.scenario), c.inputs) for c in CASES] + [
        (powerduell.SITUATION, UNREAD)] + [
        (powerduell.SITUATION, inputs) for inputs in situations.PD_TABLES] + [
        (calculator.find("power-duell", "guardian-wirkung"), INPUTS),
        (SCENARIO, _damage_then_stun("joint"))]


def _assert_region_bytes(context, request=None):
    """The region written by ``{% ruling_region_html %}`` is the template's, in ``context``."""
    from django.template import engines

    written = engines["django"].from_string("{% load calculator %}{% ruling_region_html %}")
    expected = get_template(REGION).render(context, request)
    assert written.render(context, request) == expected
    return expected


def _region_answers(scenario, inputs):
    """The region's context as the page gives it for ``inputs``, today and on each of
    :data:`DATES` (the form's ruling: answer first, situation, addresses)."""
    data = calculator.to_form(scenario, inputs)
    path = f"/{translation.get_language()}/calculator/{scenario.game}/{scenario.slug}/"
    for on, dated in [(timezone.localdate(), False)] + [(day, True) for day in DATES]:
        asked = {**data, "as_of": [on.isoformat()]} if dated else data
        answer = calculator.rule_on_form(scenario, asked, path, on, dated)
        assert answer.ruling is not None, (scenario.slug, answer.errors)
        yield {"scenario": scenario, "ruling": answer.ruling, "situation": answer.situation,
               "failed": False, "share_url": answer.share_url, "api_query": answer.api_query}


def _region_kinds(view) -> set[str]:
    """What of the region a ruling shows (to check that every part was written)."""
    said = {name for name in ("open_points", "decided_points", "not_covered", "other_values",
                              "notes", "official_rulings", "drift", "not_applicable")
            if getattr(view, name)}
    said |= {"several points"} if len(view.open_points) > 1 else set()
    said |= {"disputed"} if any(v.others for v in view.values + view.other_values) else set()
    said |= {"question"} if any(p.question for p in view.open_points) else set()
    return said | {"settled" if view.settled else "complete" if view.complete else "incomplete"}


def _assert_regions(runs) -> set[str]:
    """Each ruling of ``runs``, on each date, written both ways; what the regions showed."""
    kinds = set()
    for scenario, inputs in runs:
        for context in _region_answers(scenario, inputs):
            _assert_region_bytes(context)
            kinds |= _region_kinds(context["ruling"])
    return kinds


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_ruling_region_written_in_python_is_the_templates_bytes(seeded, rf, lang):
    with translation.override(lang):
        kinds = _assert_regions(_region_runs())
        # no ruling: the form not submitted (an invitation) or not valid (nothing)
        for failed in (False, True):
            html = _assert_region_bytes({"ruling": None, "failed": failed})
            assert ('class="muted"' in html) is not failed
        # no address to share: the request's own (``{% firstof %}``)
        scenario, example = EXAMPLES[0]
        context = next(_region_answers(scenario, example.inputs))
        request = rf.get("/x/?a=1&b=2")
        html = _assert_region_bytes({**context, "share_url": ""}, request)
        assert 'href="/x/?a=1&amp;b=2" data-share' in html
    assert {"open_points", "not_covered", "other_values", "notes", "drift", "not_applicable",
            "several points", "disputed", "question", "settled", "complete",
            "incomplete"} <= kinds


PARTIAL = "rulebook/calculator/includes/partial.html"


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_htmx_ruling_fragment_written_in_python_is_the_templates_bytes(seeded, rf, lang):
    """``includes/partial.html`` without a region (the ruling region and the language
    links out of band), rendered with the request's context processors, is what
    :func:`speed.ruling_fragment_html` writes: for rulings today and dated, with and
    without an address to share, on addresses of odd queries, undated and dated."""
    from django.template.loader import render_to_string
    from django.urls import resolve

    scenarios = {}
    for scenario, inputs in _region_runs():
        scenarios.setdefault(id(scenario), (scenario, inputs))  # one ruling of each scenario
    checked = 0
    with translation.override(lang):
        for scenario, inputs in scenarios.values():
            path = f"/{lang}/calculator/{scenario.game}/{scenario.slug}/"
            for context in _region_answers(scenario, inputs):
                for query in ("a=1&b=<x>", "as_of=2020-01-01&m=%C3%A4+%26", ""):
                    for share in (context["share_url"], ""):
                        request = rf.get(f"{path}?{query}" if query else path,
                                         HTTP_HX_REQUEST="true", HTTP_HX_TARGET="ruling")
                        request.LANGUAGE_CODE = lang
                        request.resolver_match = resolve(path)
                        asked = {**context, "share_url": share}
                        expected = render_to_string(PARTIAL, {**asked, "region": None},
                                                    request)
                        assert speed.ruling_fragment_html(request, asked) == expected
                        assert 'id="ruling-result"' in expected
                        assert 'id="language-switcher" aria-label' in expected
                        assert 'data-hx-swap-oob="true"' in expected
                        checked += 1
    assert checked == len(scenarios) * (1 + len(DATES)) * 3 * 2


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_a_region_with_points_decided_by_official_rulings_is_the_templates_bytes(
        deciding, lang):
    scenario = calculator.find("power-duell", "guardian-wirkung")
    runs = [(s, i) for s, i in _region_runs() if s is scenario]
    with translation.override(lang):
        kinds = _assert_regions(runs)
    assert {"decided_points", "official_rulings", "open_points"} <= kinds


# --------------------------------------------------------------------------
# The JSON answer written as text from the presentation: the bytes django-ninja writes
# --------------------------------------------------------------------------

@pytest.fixture
def pinned_now(monkeypatch):
    """Noon of today in the site's time zone, all through the test: an undated answer
    carries today's date, and two passes over the answers may straddle midnight."""
    noon = timezone.localtime().replace(hour=12, minute=0, second=0, microsecond=0)
    monkeypatch.setattr(timezone, "now", lambda: noon)
    return noon


def _validated_by_ninja(monkeypatch):
    """The evaluate endpoints hand ``ruling_json``'s data to django-ninja, which validates
    it against RulingOut and writes it."""
    from rulebook.calculator import api

    monkeypatch.setattr(speed, "ruling_json_response", api.ruling_json)

def _evaluate_addresses(runs=None):
    """GET (today, and on each of :data:`DATES`) and POST of ``runs`` (default
    :func:`_region_runs`), with no body for a GET."""
    for scenario, inputs in runs or _region_runs():
        path = f"/api/scenarios/{scenario.game}/{scenario.slug}/evaluate"
        query = calculator.example_query(scenario, inputs)
        yield f"{path}?{query}", None
        for day in DATES:  # clauses not yet in force, drift, decisions
            yield f"{path}?as_of={day.isoformat()}&{query}", None
        yield path, {"inputs": calculator.json_inputs(inputs)}


def _json_answers(client, lang, runs=None):
    found = []
    for address, body in _evaluate_addresses(runs):
        if body is None:
            response = client.get(f"{address}{'&' if '?' in address else '?'}lang={lang}")
        else:
            response = client.post(f"{address}?lang={lang}", body,
                                   content_type="application/json")
        found.append((address, response.status_code, response["Content-Type"],
                      response.content))
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_the_json_answer_is_the_bytes_ninja_writes_after_validating(seeded, client,
                                                                   monkeypatch, pinned_now, lang):
    written = _json_answers(client, lang)
    _validated_by_ninja(monkeypatch)
    assert written == _json_answers(client, lang)
    assert {status for _a, status, _t, _c in written} == {200}
    assert f'"as_of": "{pinned_now.date()}"'.encode() in written[0][3]  # undated: today
    # every part of an answer written: open points, drift warnings, clauses without text
    bodies = [content for _a, _s, _t, content in written]
    for part in (rb'"open_points": \[\{', rb'"warnings": \["', rb'"has_text": false',
                 rb'"drift": true', rb'"see": \[\d', rb'"notes": \["', rb'"value": "\d+/\d+"'):
        assert any(re.search(part, body) for body in bodies), part


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "ru", "en"])
def test_a_json_answer_with_official_rulings_is_the_bytes_ninja_writes(
        deciding, client, monkeypatch, pinned_now, lang):
    from tests.rulebook.calculator.test_decided_points import INPUTS

    runs = [(calculator.find("power-duell", "guardian-wirkung"), INPUTS)]
    written = _json_answers(client, lang, runs)
    _validated_by_ninja(monkeypatch)
    assert written == _json_answers(client, lang, runs)
    bodies = [content for _a, _s, _t, content in written]
    for part in (b'"decided_by": {', b'"rulings": [{'):
        assert any(part in body for body in bodies), part


@pytest.mark.django_db
def test_the_json_answer_without_kept_citations_is_the_bytes_ninja_writes(
        seeded, client, monkeypatch, pinned_now):
    """A citation not kept (a failing cache) is written each time, as a kept one."""
    def answers():
        return [client.get(f"{address}&lang=ru").content
                for address, body in _evaluate_addresses() if body is None][:40]

    monkeypatch.setattr(speed, "remembered", lambda citation, what, build: build())
    monkeypatch.setattr(speed, "shaped_once", speed.shaped)  # plain dictionaries
    written = answers()
    _validated_by_ninja(monkeypatch)
    assert written == answers()


def _strings_in(data):
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, list):
        for item in data:
            yield from _strings_in(item)
    elif isinstance(data, str):
        yield data


@pytest.mark.django_db
def test_strings_of_every_kind_are_written_as_json_writes_them(seeded, client, monkeypatch):
    """Quotes, backslashes, control characters, NUL, non-ASCII and characters beyond the
    BMP in an input echoed by the ruling (a card text not understood): ninja's bytes."""
    text = 'Er sagt "nein" \\ \x00\x1f\t\u2028 ё 𝄞 </script>'
    table = {**PD_1.inputs, "guardians": [
        {**PD_1.inputs["guardians"][0], "card_text": text}]}
    address = "/api/scenarios/power-duell/situation/evaluate?lang=de"
    body = {"inputs": calculator.json_inputs(table)}
    written = client.post(address, body, content_type="application/json")
    assert written.status_code == 200
    assert any(text in found for found in _strings_in(written.json()))
    _validated_by_ninja(monkeypatch)
    assert written.content == client.post(address, body, content_type="application/json").content


# --------------------------------------------------------------------------
# Whole answers: the same bytes with the speed-ups switched on and off
# --------------------------------------------------------------------------

def _switched_off(monkeypatch):
    """Every speed-up of a ruling's page, fragment and JSON that can be switched off,
    switched off: Django's render outside one language scope, ``reverse()`` for every
    address, chrome rendered each time, field texts translated and forms planned each
    time, groups' blank items bound and written and fields written each time, kept
    citations' JSON shaped on every answer, a ruling's JSON written by JSON's writer from
    ruling_json's data, the generation read again, nothing kept; the page, the form, the
    ruling region and the language links rendered by their templates."""
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
    monkeypatch.setattr(speed, "field_plans", lambda scenario, build: build(scenario))
    monkeypatch.setattr(speed, "blank_fields", lambda plan, name, label, build: build())
    monkeypatch.setattr(speed, "shaped_once", speed.shaped)
    monkeypatch.setattr(speed, "request_generation", lambda: None)
    monkeypatch.setattr(speed, "_blank_item", lambda group, env: speed._group_item(
        group, group.template, "__n__", env))
    monkeypatch.setattr(speed, "_kept_field", speed._afresh)
    monkeypatch.setattr(speed, "_kept_group", speed._group_markup)
    monkeypatch.setattr(speed, "_item_labels", lambda label, number: (
        speed._blocktranslate("%(label)s — item %(number)s", label=label, number=number),
        speed._blocktranslate("Remove %(label)s — item %(number)s", label=label,
                              number=number)))
    monkeypatch.setattr(reading._ChromeNode, "render",
                        lambda node, context: node.nodelist.render(context))
    monkeypatch.setattr(reading, "language_switcher_html", lambda links, oob: get_template(
        "rulebook/includes/language_switcher.html").render({"language_links": links, "oob": oob}))

    def region(ruling, situation=None, failed=False, share_url="", scenario=None,
               api_query=""):
        return get_template(REGION).render({
            "ruling": ruling, "situation": situation, "failed": failed,
            "share_url": share_url, "scenario": scenario, "api_query": api_query})

    monkeypatch.setattr(speed, "ruling_region_html", region)
    monkeypatch.setattr(speed, "ruling_fragment_html", lambda request, context: (
        get_template(PARTIAL).render({**context, "region": None}, request)))
    monkeypatch.setattr(speed, "ruling_json_response", lambda *args: speed.json_response(
        api.RulingOut, api.ruling_json(*args)))
    monkeypatch.setattr(speed, "calculator_html", lambda context, fields, region_html: (
        get_template(CALCULATOR).template.render(context)))
    monkeypatch.setattr(speed, "page_written", lambda context: False)


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
                    assert speed.rendered(message) == message.render(
                        speed.gettext, translate_plural=translation.ngettext)
                    count += 1
    assert count > 900


def test_choices_lists_and_flags_in_messages_rendered_inline_are_the_engines_rendering():
    from fractions import Fraction

    from engine.core import Choice, msg

    side = Choice("a", msg("Side A"))
    messages = [msg("Choose one of: %(choices)s.", choices=(side, Choice("b", msg("side B")))),
                msg("%(flag)s, %(n)s", flag=True, n=3), msg("%(choice)s", choice=side),
                msg("Order: %(order)s", order=(msg("effect %(n)s", n=2), 1, "x", False)),
                msg("%(part)s of %(order)s", part=Fraction(1, 2), order=(1, 2)),
                msg("%(nested)s", nested=msg("%(list)s", list=(side, (1, 2))))]
    for lang in ("de", "ru", "en"):
        with translation.override(lang):
            for message in messages:
                assert speed.rendered(message) == message.render(speed.gettext)
    assert speed._rendered(messages[0], lambda text: text) == "Choose one of: Side A, side B."


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


def test_short_forms_are_the_forms_of_the_inputs_not_at_their_defaults():
    """speed.short_form writes what to_form writes of non_default's inputs, for every
    worked example, judge case and table of the tests (and their inputs at the defaults)."""
    from tests.engine import situations
    from tests.rulebook.calculator.cases import CASES

    runs = [(s, e.inputs) for s, e in EXAMPLES] + [
        (calculator.find(c.game, c.scenario), c.inputs) for c in CASES] + [
        (powerduell.SITUATION, inputs) for inputs in situations.PD_TABLES] + [
        (s, {}) for s in SCENARIOS]
    checked = 0
    for scenario, inputs in runs:
        try:
            validated = scenario.validate(inputs)
        except engine.core.InputError:
            continue
        expected = calculator.to_form(
            scenario, calculator.non_default(scenario.fields, validated))
        written = speed.short_form(scenario.fields, validated)
        assert list(written.items()) == list(expected.items()), scenario.slug
        checked += 1
    assert checked > len(EXAMPLES)


@pytest.mark.parametrize("headers", [
    {}, {"HTTP_HX_REQUEST": "true"}, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "ruling"},
    {"HTTP_HX_REQUEST": "false", "HTTP_HX_TARGET": "ruling"},
    {"HTTP_HX_TARGET": "calculator"}, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": ""},
    {"HTTP_HX_REQUEST": "tr%75e", "HTTP_HX_REQUEST_URI_AUTOENCODED": "true",
     "HTTP_HX_TARGET": "rul%69ng", "HTTP_HX_TARGET_URI_AUTOENCODED": "true"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "rul%69ng"},
    {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "rul%69ng",
     "HTTP_HX_TARGET_URI_AUTOENCODED": "false"},
])
def test_the_htmx_target_is_read_as_django_htmx_reads_it(rf, headers):
    from django_htmx.middleware import HtmxDetails

    request = rf.get("/de/calculator/power-duell/situation/", **headers)
    htmx = HtmxDetails(request)
    assert speed.htmx_target(request) == (htmx.target if htmx else None)


# --------------------------------------------------------------------------
# An API request's query read without a call per parameter
# --------------------------------------------------------------------------

QUERIES = ["", "a", "a=", "=b", "a=b=c", "&&a=1&&a=2&b=&", "a+b=c+d", "a=%20%zz%C3%A4%2B",
           "x=1;y=2", "a=1&A=2&a=3", "lang=ru&monsters=2&monsters-0-ap=100&as_of=2024-01-01"]


@pytest.mark.parametrize("query", QUERIES)
def test_an_api_query_is_read_as_django_reads_it(rf, query):
    read = speed.query_dict(rf.get("/api/scenarios", QUERY_STRING=query))
    django_read = rf.get("/api/scenarios", QUERY_STRING=query).GET
    assert read is not None and read.__class__ is django_read.__class__
    assert list(read.lists()) == list(django_read.lists())
    assert (read.encoding, read._mutable) == (django_read.encoding, django_read._mutable)


@pytest.mark.parametrize("request_of", [
    lambda rf: rf.get("/api/scenarios", QUERY_STRING="name=\xc3\xa4"),  # not ASCII
    lambda rf: rf.get("/api/scenarios", QUERY_STRING="&".join(  # too many fields
        f"p{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))),
    lambda rf: rf.post("/api/scenarios?a=1", b"{}", content_type="application/json; "
                                                                   "charset=utf-16"),
])
def test_a_query_django_reads_otherwise_is_left_to_django(rf, request_of):
    assert speed.query_dict(request_of(rf)) is None


def test_the_api_reads_its_query_so(client, monkeypatch):
    """Under /api/ the middleware hands the operation the query read so (a misspelled
    parameter still answers 422 naming it)."""
    calls = []
    monkeypatch.setattr(middleware, "query_dict", lambda request: calls.append(
        request.path) or speed.query_dict(request))
    answer = client.get("/api/scenarios?lnag=ru")
    assert answer.status_code == 422 and answer.json()["errors"][0]["field"] == "lnag"
    assert calls == ["/api/scenarios"]

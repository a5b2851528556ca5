"""The calculator's operations of the JSON API (a django-ninja router,
added to the site's API in :mod:`rulesite.api`).

Addresses (not language-prefixed; the language of texts is ``?lang=de|ru|en``
or the request's ``Accept-Language``):

- ``GET  /api/scenarios`` — every scenario with its input schema;
- ``GET  /api/scenarios/{game}/{slug}`` — one scenario;
- ``POST /api/scenarios/{game}/{slug}/evaluate`` — JSON ``{"inputs": {...},
  "as_of": "YYYY-MM-DD"}`` (``inputs`` required, no other key;
  ``Content-Type: application/json`` only) → the ruling;
- ``GET  /api/scenarios/{game}/{slug}/evaluate?<form fields>`` — the same
  with the web form's flat query parameters (``group-i-field``), besides
  ``lang`` and ``as_of``.

Scenario inputs themselves are dynamic (each scenario has its own fields),
so the request schema types them as an object and every scenario's listing
carries a JSON Schema derived from its :class:`engine.core.Field`
definitions — the same definitions the engine validates with.  Invalid
input answers 422 in the API's one error shape (:mod:`rulebook.api_common`):
``{"errors": [{"field": "inputs.minions.0.threat", "message": "…"}]}``
(for the GET variant the field is the engine's path, ``minions.0.threat``),
one entry per bad field: every field is read before the answer, as the form
marks all its mistakes at once; never a 500.  Unknown input is invalid input: a key of ``inputs`` (at any
level) or a query parameter that names no field is a 422 naming it, with
the closest known name ("Unknown field 'amonut'. Did you mean 'amount'?"),
never silently ruled on as an omitted field.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Callable

from django.http import HttpRequest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from ninja import Query, Router, Schema
from pydantic import Field as PydanticField
from pydantic import WithJsonSchema

import engine
from engine.core import CARD_TEXT, Field, FieldKind, InputError, Scenario, fields_json_schema
from rulebook.api_common import (BODY_ERRORS, ERRORS, ApiError, IsoDate, Language, StrictSchema,
                                 date_error, not_found, reader_language)
from rulebook.calculator import services as calculator
from rulebook.calculator import speed
from rulebook.models.rules import page_address

router = Router()

#: The query parameters of ``GET …/evaluate`` that are not scenario fields.
QUERY_PARAMETERS = ("lang", "as_of")


# --------------------------------------------------------------------------
# Schemas
# --------------------------------------------------------------------------

class ChoiceOut(Schema):
    """An allowed value of a choice field and its translated label."""
    value: str
    label: str


class FieldOut(Schema):
    """An input field: kind, bounds, allowed values, sub-fields of a group."""

    name: str
    kind: str
    label: str
    help: str
    required: bool
    minimum: int | None = None
    maximum: int | None = None
    choices: list[ChoiceOut] = []
    fields: list["FieldOut"] = []
    min_items: int | None = None
    max_items: int | None = None
    initial: Any = None
    default: Any = None
    required_when: str = ""


class ExampleOut(Schema):
    """A worked example of the seed text: JSON input, expected values, source clause key."""
    slug: str
    title: str
    inputs: dict[str, Any]
    expected: dict[str, Any]
    source_key: str


class ScenarioOut(Schema):
    """A scenario with its fields and the JSON Schema of its ``inputs``."""

    game: str
    slug: str
    title: str
    summary: str
    url: str
    evaluate_url: str
    fields: list[FieldOut]
    input_schema: dict[str, Any]
    examples: list[ExampleOut]


class EvaluateIn(StrictSchema):
    """The input of an evaluation: the scenario's fields, and the date of the ruling.

    No other key is taken; ``inputs`` takes only the scenario's fields (its
    ``input_schema``, ``additionalProperties: false`` at every level)."""

    inputs: dict[str, Any] = PydanticField(description=(
        "The scenario's fields, as its `input_schema` (GET /api/scenarios/{game}/{slug}) "
        "describes them; a field it does not define, at any level, is a 422 naming its "
        "path (with the closest known name)."))
    as_of: IsoDate | None = None


class CitationOut(Schema):
    """A cited clause and the version of it in force on ``as_of``; ``has_text`` is false
    when the clause had no text that day (it did not exist yet, or was repealed): then the
    ruling is not ``complete``."""

    game: str
    document: str
    key: str
    label: str
    cited_version: int
    version: int | None
    effective_date: datetime.date | None
    url: str
    drift: str
    warning: str
    has_text: bool = True
    rulings: list["RulingRefOut"] = []


class RulingRefOut(Schema):
    """An official ruling that interprets the cited clause and is current on the ruling's
    date (issue 26): its number in the game, source date, label and page."""
    number: int
    source_date: datetime.date
    label: str
    url: str


class StepOut(Schema):
    """A step of a ruling: outcome (applied, not_applicable, silent, not_covered, assumed),
    text, reason, citations; ``card_text_may_override`` marks a rule that card text may change;
    ``see`` the numbers of the steps it points to (e.g. the check behind a number)."""
    number: int
    outcome: str
    message_id: str
    text: str
    reason: str
    citations: list[CitationOut]
    warnings: list[str]
    card_text_may_override: bool = False
    see: list[int] = []


class ValueOut(Schema):
    """A result value: name, translated label, JSON value (fractions as "1/2") and text."""
    name: str
    label: str
    value: Any
    text: str


class ReadingOut(Schema):
    """One reading of an open point: its values and the clause keys it rests on;
    ``why`` says why the reading ``presented_first`` is (empty on the others);
    ``decided`` when a current official ruling supports it, ``set_aside`` when one
    decided the point for another reading."""

    label: str
    presented_first: bool
    why: str
    values: list[ValueOut]
    clauses: list[str]
    decided: bool = False
    set_aside: bool = False


class OpenPointOut(Schema):
    """A point the published texts leave open, with every reading side by side;
    ``question`` the point's question, which the readings answer ("" if none);
    ``decided_by`` the current official ruling deciding it (its reading first), else null."""

    point: str
    question: str = ""
    readings: list[ReadingOut]
    decided_by: RulingRefOut | None = None


class CitedClauseOut(Schema):
    """A clause cited by the ruling, once, with the numbers of the steps relying on it
    and the official rulings on it current on the ruling's date."""

    key: str
    label: str
    url: str
    steps: list[int]
    rulings: list[RulingRefOut] = []


class RulingOut(Schema):
    """A ruling: values, steps (each with citations), notes, drift and a shareable URL
    (``web_url``: the ruling page's address with only the inputs that differ from their
    defaults, as the page's own link to share);
    ``complete`` and ``verdict`` say whether every input is covered by the published rules
    (and every cited clause had a text in force on ``as_of``),
    ``settled`` whether the ruling rests on no point the texts leave open: each such point is
    either in ``open_points`` (a point whose readings give different values, each reading's
    values side by side) or a step with outcome ``silent`` or ``assumed`` (the engine's
    assumption, its ``reason`` saying what it took; the ``verdict`` counts both), ``clauses``
    each cited clause once with the steps relying on it."""

    game: str
    scenario: str
    as_of: datetime.date
    language: str
    values: list[ValueOut]
    steps: list[StepOut]
    notes: list[str]
    drift: bool
    web_url: str
    complete: bool = True
    settled: bool = True
    verdict: str = ""
    open_points: list[OpenPointOut] = []
    clauses: list[CitedClauseOut] = []


# --------------------------------------------------------------------------
# Conversions
# --------------------------------------------------------------------------

def field_json(spec: Field) -> dict[str, Any]:
    """A field definition as JSON (labels translated into the active language)."""
    data: dict[str, Any] = {
        "name": spec.name, "kind": spec.kind.value,
        "label": calculator.render_message(spec.label),
        "help": calculator.render_message(spec.help),
        "required": spec.must_be_given,
        "choices": [{"value": c.value, "label": calculator.render_message(c.label)}
                    for c in spec.choices],
        "fields": [field_json(sub) for sub in spec.fields],
        "initial": calculator.value_json(spec.initial),
        "default": calculator.value_json(spec.omitted()),
        "required_when": calculator.render_message(spec.required_when),
    }
    if spec.kind is FieldKind.INTEGER:
        data.update(minimum=spec.minimum, maximum=spec.maximum)
    if spec.kind is FieldKind.GROUP:
        data.update(min_items=spec.min_items, max_items=spec.max_items)
    return data


def json_schema(fields: tuple[Field, ...]) -> dict[str, Any]:
    """The JSON Schema (2020-12) of a scenario's JSON ``inputs`` object.

    Types, bounds, ``default`` and ``required`` come from the engine
    (:func:`engine.core.fields_json_schema`), the one meaning of an omitted
    field; this adds the translated ``title`` and ``description``.
    """
    schema = fields_json_schema(fields)
    _add_titles(schema, fields)
    return schema


def _add_titles(schema: dict[str, Any], fields: tuple[Field, ...]) -> None:
    for spec in fields:
        prop = schema["properties"][spec.name]
        prop["title"] = calculator.render_message(spec.label)
        if spec.help:
            prop["description"] = calculator.render_message(spec.help)
        if spec.required_when:  # a condition on other fields, which the schema leaves out
            prop["description"] = " ".join(filter(None, (prop.get("description"), _(
                "Required %(condition)s: the evaluation checks it and answers 422 naming this "
                "field.") % {"condition": calculator.render_message(spec.required_when)})))
        if spec.name == CARD_TEXT.name:  # the form's "Read the text" is no button here
            prop["description"] = " ".join(filter(None, (prop.get("description"), _(
                "Evaluating does not fill the fields from the text: read it with POST "
                ".../card-text and send the fields it gives with it; fields that say other "
                "than the text, and phrases not understood, make the ruling incomplete."))))
        if spec.kind is FieldKind.GROUP:
            _add_titles(prop["items"], spec.fields)


def scenario_json(request: HttpRequest, scenario: Scenario) -> dict[str, Any]:
    """A scenario as in ``GET /api/scenarios``."""
    args = [scenario.game, scenario.slug]
    return {
        "game": scenario.game, "slug": scenario.slug,
        "title": calculator.render_message(scenario.title),
        "summary": calculator.render_message(scenario.summary),
        "url": request.build_absolute_uri(reverse("calculator:scenario", args=args)),
        "evaluate_url": request.build_absolute_uri(reverse("api:evaluate", args=args)),
        "fields": [field_json(spec) for spec in scenario.fields],
        "input_schema": {"$schema": "https://json-schema.org/draft/2020-12/schema",
                         **json_schema(scenario.fields)},
        "examples": [{"slug": e.slug, "title": calculator.render_message(e.title),
                      "inputs": calculator.json_inputs(e.inputs),
                      "expected": {k: calculator.value_json(v) for k, v in e.expected.items()},
                      "source_key": e.source.key} for e in scenario.examples],
    }


def _ruling_link_json(request: HttpRequest, link) -> dict[str, Any]:
    return {"number": link.number, "source_date": link.source_date, "label": link.label,
            "url": request.build_absolute_uri(link.url)}


def _citation_json(request: HttpRequest, c) -> dict[str, Any]:
    """A resolved citation as :class:`CitationOut` (its address absolute)."""
    path = c.url()
    return {
        "game": c.citation.document.game, "document": c.citation.document.document,
        "key": c.key, "label": c.display_key, "cited_version": c.citation.version,
        "version": c.version.number if c.version else None,
        "effective_date": c.version.effective_date if c.version else None,
        "url": request.build_absolute_uri(path) if path else "", "drift": c.drift.value,
        "warning": c.warning(), "has_text": c.has_text,
        "rulings": [_ruling_link_json(request, link) for link in c.rulings],
    }


def _values_json(items) -> list[dict[str, Any]]:
    return [{"name": v.name, "label": v.label, "value": v.value, "text": v.text}
            for v in items]


def open_points_json(request: HttpRequest, view: calculator.RulingView) -> list[dict[str, Any]]:
    """The open points of ``view`` as :class:`OpenPointOut` data, in its fields' order."""
    return [{
        "point": point.point,
        "question": point.question,
        "readings": [{"label": r.label, "presented_first": r.presented_first,
                      "why": r.why, "values": _values_json(r.values),
                      "clauses": [c.key for _n, c in r.citations],
                      "decided": r.decided, "set_aside": r.set_aside}
                     for r in point.readings],
        "decided_by": (_ruling_link_json(request, point.decision.ruling)
                       if point.decision else None),
    } for point in view.open_points]


def kept_as(request: HttpRequest) -> tuple[str, str, str]:
    """What a kept citation's JSON depends on besides the citation and the language: the
    site's origin (``scheme://host``, its addresses are absolute) and script prefix."""
    return ("json", f"{request.scheme}://{request.get_host()}", speed.script_prefix())


def citation_json_of(request: HttpRequest, key: tuple[str, str, str] | None = None
                     ) -> Callable[[Any], dict[str, Any]]:
    """A resolved citation's :class:`CitationOut` data for answers to ``request``
    (``key``: :func:`kept_as` of it, if already known).

    A kept citation's JSON is the same for every answer on its date, in its language, on
    this site: remembered with it (:func:`speed.remembered`) and shaped once
    (:func:`speed.shaped_once`): each answer citing it takes it as it is, never to be
    changed."""
    key = key or kept_as(request)

    def citation_json(c) -> dict[str, Any]:
        return speed.remembered(c, key, lambda: speed.shaped_once(
            CitationOut, _citation_json(request, c)))
    return citation_json


@speed.in_one_language
def ruling_json(request: HttpRequest, scenario: Scenario, view: calculator.RulingView,
                query: str) -> dict[str, Any]:
    """A presented ruling as in the evaluate endpoints (:class:`RulingOut` data; the
    endpoints write it as :func:`speed.ruling_json_response` does, the same bytes)."""
    web = page_address("calculator:scenario", scenario.game, scenario.slug)
    cited: dict[int, dict[str, Any]] = {}
    kept_json = citation_json_of(request)

    def citation_json(c) -> dict[str, Any]:  # each clause once, however many steps cite it
        found = cited.get(id(c))  # one resolved citation per clause in a view
        if found is None:
            found = cited[id(c)] = kept_json(c)
        return found

    def clause_json(source) -> dict[str, Any]:  # its address and rulings as its citation's
        said = citation_json(source.citation)
        return {"key": source.citation.key, "label": said["label"], "url": said["url"],
                "steps": list(source.steps), "rulings": said["rulings"]}

    steps = [{
        "number": step.number, "outcome": step.outcome, "message_id": step.step.message.id,
        "text": step.text, "reason": step.reason,
        "citations": [citation_json(c) for c in step.citations], "warnings": step.warnings,
        "card_text_may_override": step.card_text_may_override, "see": list(step.see),
    } for step in view.steps]
    return {
        "game": scenario.game, "scenario": scenario.slug, "as_of": view.on,
        "language": translation.get_language(), "values": _values_json(view.values),
        "steps": steps,
        # view.drift, from the warnings just read
        "notes": list(view.notes), "drift": any(step["warnings"] for step in steps),
        "web_url": request.build_absolute_uri(f"{web}?{query}" if query else web),
        "complete": view.complete, "settled": view.settled, "verdict": view.verdict,
        "open_points": open_points_json(request, view),
        "clauses": [clause_json(s) for s in view.sources],
    }


# --------------------------------------------------------------------------
# Endpoints
# --------------------------------------------------------------------------

#: ``?lang=``: one of the site's languages (else 422), as in every operation.
LangParam = Annotated[Language | None, Query(
    description="The reader's language; default: the request's Accept-Language.")]
#: ``?as_of=``: read by :func:`calculator.parse_as_of`, a date (else the API's :func:`date_error`).
AsOfParam = Annotated[str | None, Query(description="YYYY-MM-DD; default today."),
                      WithJsonSchema({"type": "string", "format": "date",
                                      "description": "YYYY-MM-DD; default today."})]


def _language(request: HttpRequest, lang: str | None) -> str:
    if lang:
        return lang
    return (getattr(request, "LANGUAGE_CODE", None) or "en")[:2]


def _scenario(game: str, slug: str) -> Scenario:
    try:
        return calculator.find(game, slug)
    except KeyError:
        raise not_found("slug", f"No scenario {slug!r} in game {game!r}; "
                                "GET /api/scenarios lists them.") from None


class InvalidInput(ApiError):
    """Bad scenario input: answered 422 naming the field and a translated message."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(422, field, message)


def _value_and_label(value: str, label: str) -> str:
    """A choice named in an API error: the value to send, then the reader's label.

    A label that already starts with the value and a parenthesis
    (``swamp (болота)``) is shown as it is, not as ``swamp (swamp (болота))``.
    """
    if label == value or label.startswith(value + " ("):
        return label
    return f"{value} ({label})"


def _input_error(error: InputError, prefix: str) -> InvalidInput:
    """A 422 naming every field ``error`` and the others found with it name, each once,
    in the order found (:func:`rulebook.calculator.services.errors_by_field`, as the form)."""
    (field, message), *others = calculator.errors_by_field(error, QUERY_PARAMETERS).items()
    answer = InvalidInput(prefix + str(field), calculator.render_message(message, _value_and_label))
    answer.errors += [{"field": prefix + str(other), "message": calculator.render_message(
        problem, _value_and_label)} for other, problem in others]
    return answer


@router.get("/scenarios", response={200: list[ScenarioOut], **ERRORS}, tags=["scenarios"],
            operation_id="list_scenarios")
def list_scenarios(request: HttpRequest, lang: LangParam = None):
    """Every scenario of every game, with its input fields and JSON Schema."""
    with translation.override(_language(request, lang)):
        return [scenario_json(request, s) for rs in engine.rulesets() for s in rs.scenarios]


@router.get("/scenarios/{game}/{slug}", response={200: ScenarioOut, **ERRORS},
         tags=["scenarios"], url_name="scenario", operation_id="get_scenario")
def get_scenario(request: HttpRequest, game: str, slug: str, lang: LangParam = None):
    """One scenario with its input fields and JSON Schema."""
    scenario = _scenario(game, slug)
    with translation.override(_language(request, lang)):
        return scenario_json(request, scenario)


@router.post("/scenarios/{game}/{slug}/evaluate", response={200: RulingOut, **BODY_ERRORS},
          tags=["rulings"], url_name="evaluate", operation_id="evaluate")
def evaluate(request: HttpRequest, game: str, slug: str, payload: EvaluateIn,
             lang: LangParam = None):
    """Evaluate JSON ``inputs``; the citations are resolved on ``as_of`` (default today)."""
    scenario = _scenario(game, slug)
    with translation.override(_language(request, lang)):
        try:
            inputs = scenario.validate(payload.inputs)
            ruling = scenario.rule_on(inputs)
        except InputError as error:
            raise _input_error(error, "inputs.") from None
        on, dated = (payload.as_of, True) if payload.as_of else calculator.parse_as_of("")[:2]
        view = calculator.present(ruling, on, dated)
        # the ruling page's own address to share: only the inputs that differ from the defaults
        query = calculator.short_query(scenario, inputs, on if dated else None)
        # ruling_json in RulingOut's shape, written as text, not validated again
        return speed.ruling_json_response(request, scenario, view, query)


@router.get("/scenarios/{game}/{slug}/evaluate", response={200: RulingOut, **ERRORS},
         tags=["rulings"], url_name="evaluate_form", operation_id="evaluate_form")
def evaluate_form(request: HttpRequest, game: str, slug: str, lang: LangParam = None,
                  as_of: AsOfParam = None):
    """Evaluate the web form's flat query parameters (``group`` = count, ``group-i-field``).

    Every parameter besides ``lang`` and ``as_of`` must name a field of the
    scenario (a group item's field within the group's count): another is a
    422 naming it, with the closest known parameter."""
    scenario = _scenario(game, slug)
    for name in QUERY_PARAMETERS:  # as a field given twice (the engine's words)
        if len({value.strip() for value in request.GET.getlist(name)}) > 1:
            with translation.override(reader_language(request, None)):  # not a lang given
                raise InvalidInput(name, _("Given more than once, with different values."))
    with translation.override(_language(request, lang)):
        on, dated, malformed = calculator.parse_as_of(as_of)
        if malformed:  # the API's own message (no "Showing today's text": it answers none)
            raise InvalidInput("as_of", date_error((as_of or "").strip()))
        # every other parameter must name a field (engine.core.parse_form)
        data = {k: v for k, v in request.GET.lists() if k not in QUERY_PARAMETERS}
        try:
            inputs, table = scenario.read_form(data)
            ruling = scenario.rule_on_table(inputs, table)
        except InputError as error:
            raise _input_error(error, "") from None
        view = calculator.present(ruling, on, dated)
        # the ruling page's own address to share: only the inputs that differ from the defaults
        query = calculator.short_query(scenario, inputs, on if dated else None)
        # ruling_json in RulingOut's shape, written as text, not validated again
        return speed.ruling_json_response(request, scenario, view, query)


class CardTextIn(StrictSchema):
    """Printed card text to read into a scenario's fields."""

    text: str = PydanticField(max_length=2000, description=(
        "The printed text of an ability, a card's features or a Schutzgottkarte's "
        "description, in German, Russian or English."))


class PhraseOut(Schema):
    """One sentence (or conjunct) of the text: understood or not, and the fields it sets."""

    text: str
    understood: bool
    form: str | None = PydanticField(description="The sentence shape that understood it.")
    language: str | None
    fields: dict[str, Any]
    past_limit: bool = PydanticField(
        False, description="Read, but past what the fields take (a group's most items, a "
                           "number's bounds): not taken in, and so not understood.")


class CardTextOut(Schema):
    """What the game's grammar understood: ``inputs`` are fields of the scenario (for a
    Power-Duell description: of one Schutzgottkarte item) to check and send to
    ``evaluate`` with the text as ``card_text``; a phrase not understood makes that ruling
    incomplete."""

    inputs: dict[str, Any]
    phrases: list[PhraseOut]
    complete: bool


@router.post("/scenarios/{game}/{slug}/card-text", response={200: CardTextOut, **BODY_ERRORS},
             tags=["scenarios"], url_name="card_text", operation_id="read_card_text")
def read_card_text(request: HttpRequest, game: str, slug: str, payload: CardTextIn,
                   lang: LangParam = None):
    """Read printed card text into the scenario's fields, within the forms the published
    texts define; what no form matches is listed as not understood, never guessed."""
    scenario = _scenario(game, slug)
    if scenario.grammar is None:
        raise not_found("slug", f"Scenario {slug!r} of {game!r} reads no card text; "
                                "the situation scenarios do.")
    reading = scenario.read_card_text(payload.text)
    return {"inputs": calculator.json_inputs(reading.inputs), "complete": reading.complete,
            "phrases": [{"text": p.text, "understood": p.understood, "form": p.form,
                         "past_limit": p.past_limit,
                         "language": p.language, "fields": calculator.json_inputs(p.fields)}
                        for p in reading.phrases]}

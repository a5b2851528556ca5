"""The scenario calculator's services, shared by the web pages and the JSON API.

The engine (:mod:`engine`) knows scenarios, their typed fields and rulings;
this module adds what a site needs around them:

- :func:`form_errors` — every field-level error of flat form data at once
  (the engine stops at the first one), keyed by dotted field path;
- :func:`bind_form` — the scenario's fields as a tree of :class:`BoundField`
  ready for a template (HTML names, ids, current values, errors);
- :func:`present` — a :class:`RulingView`: values, steps split by outcome,
  each step's citations resolved against the rulebook on the "as of" date
  (see :mod:`rulebook.calculator.citations`), texts translated with gettext;
- :func:`value_json` / :func:`value_text` — result values for JSON and HTML.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping, Sequence
from urllib.parse import urlencode

from django.utils import timezone
from django.utils.translation import gettext, gettext as _

import engine
from engine.core import (
    Field, FieldKind, InputError, Message, Outcome, Ruling, Scenario, Step, parse_form,
)
from rulebook.calculator.citations import ResolvedCitation, resolve_citations

#: Query parameters of the calculator form that are not scenario fields.
RESERVED = ("as_of", "_layout")


def find(game: str, slug: str) -> Scenario:
    """Return scenario ``slug`` of ``game``.

    :raises KeyError: if there is no such game or scenario.
    """
    return engine.find_scenario(engine.rulesets(), game, slug)


def render_message(message: Message | None) -> str:
    """Translate ``message`` with gettext; the English id if a translation is broken.

    A translation with a wrong placeholder must not turn a ruling into a 500.
    """
    if message is None:
        return ""
    try:
        return message.render(gettext)
    except (KeyError, ValueError, TypeError):
        return message.render()


def parse_as_of(raw: str | None) -> tuple[datetime.date, bool, str]:
    """Return (date, whether it was given, error text) for an ``as_of`` value.

    Empty means today; a malformed value gives today and a translated error.
    """
    today = timezone.localdate()
    text = (raw or "").strip()
    if not text:
        return today, False, ""
    try:
        return datetime.date.fromisoformat(text), True, ""
    except ValueError:
        return today, False, _("Enter a date as YYYY-MM-DD, e.g. 2024-05-31.")


# --------------------------------------------------------------------------
# Form errors and bound fields
# --------------------------------------------------------------------------

def _first(raw: Any) -> Any:
    if isinstance(raw, (list, tuple)):
        return raw[-1] if raw else None
    return raw


def _group_count(spec: Field, data: Mapping[str, Any], name: str) -> int | None:
    """The item count of group ``name`` as the form renders it (clamped), ``None`` if unset."""
    raw = _first(data.get(name))
    try:
        count = int(str(raw).strip())
    except (TypeError, ValueError):
        return None
    return max(spec.min_items, min(count, spec.max_items))


def form_errors(scenario: Scenario, data: Mapping[str, Any]) -> dict[str, Message]:
    """Return every field-level error of flat form ``data``, keyed by dotted path.

    Each field is checked on its own (group items one by one), so the reader
    sees all mistakes at once; only when every field is valid are the
    scenario's cross-field checks run (their error is reported once).
    ``data`` is as for :meth:`engine.core.Scenario.parse_form`.
    """
    errors: dict[str, Message] = {}

    def walk(fields: Sequence[Field], prefix: str) -> None:
        for spec in fields:
            name = prefix + spec.name
            try:
                parse_form([spec], data, prefix)
            except InputError as error:
                errors.setdefault(error.field, error.message)
                if spec.kind is not FieldKind.GROUP:
                    continue
                count = _group_count(spec, data, name)
                if count is None or str(error.field) == name.replace("-", "."):
                    continue
                for index in range(count):
                    walk(spec.fields, f"{name}-{index}-")

    walk(scenario.fields, "")
    if not errors:
        try:
            scenario.parse_form(data)
        except InputError as error:
            errors[error.field] = error.message
    return errors


@dataclass
class BoundField:
    """A scenario field bound to form data, for a template.

    ``html_name`` is the query parameter (``minions-0-threat``); ``id`` the
    element id; ``value`` the current text (single fields) and ``values``
    the selected choices; ``items`` the bound sub-fields of each group item.
    """

    spec: Field
    html_name: str
    path: str
    label: str
    help: str
    value: str = ""
    checked: bool = False
    choices: list[tuple[str, str, bool]] = field(default_factory=list)
    error: str = ""
    items: list[list["BoundField"]] = field(default_factory=list)
    count: int = 0
    context: str = ""

    @property
    def full_label(self) -> str:
        """The label with the group item it belongs to ("Minions — item 2: Damage")."""
        return f"{self.context}: {self.label}" if self.context else self.label

    @property
    def id(self) -> str:
        """The element id of the control (``f-`` + HTML name)."""
        return f"f-{self.html_name}"

    @property
    def kind(self) -> str:
        """The field kind's value (``"integer"``, ``"group"``, …) for templates."""
        return self.spec.kind.value

    @property
    def required(self) -> bool:
        """Whether the form marks the field required (a checkbox never is)."""
        return self.spec.required and self.spec.kind is not FieldKind.BOOLEAN

    @property
    def described_by(self) -> str:
        """Ids for ``aria-describedby``: the help text and the error, if any."""
        ids = [f"{self.id}-help"] if self.help else []
        if self.error:
            ids.append(f"{self.id}-error")
        return " ".join(ids)


def _initial_text(spec: Field) -> str:
    if spec.initial is None or isinstance(spec.initial, (bool, list, tuple, frozenset)):
        return ""
    return str(spec.initial)


def bind_form(scenario: Scenario, data: Mapping[str, Any] | None,
              errors: Mapping[str, Message] | None = None) -> list[BoundField]:
    """Return the scenario's fields bound to flat form ``data`` (``None``: initial values).

    Groups get as many items as their count parameter says (clamped to
    their bounds), else their ``initial`` count, else ``min_items``.
    """
    errors = errors or {}

    def bind(fields: Sequence[Field], prefix: str, context: str = "") -> list[BoundField]:
        bound = []
        for spec in fields:
            name = prefix + spec.name
            path = name.replace("-", ".")
            item = BoundField(spec, name, path, render_message(spec.label),
                              render_message(spec.help),
                              error=render_message(errors.get(path)), context=context)
            if data is None:
                raw_values = []
                if spec.kind is FieldKind.MULTIPLE_CHOICE and spec.initial:
                    raw_values = [str(v) for v in spec.initial]
                raw = _initial_text(spec)
                checked = spec.initial is True
            else:
                raw_list = data.get(name)
                raw_values = ([raw_list] if isinstance(raw_list, str)
                              else [str(v) for v in raw_list or []])
                raw = str(_first(raw_list) or "")
                checked = (raw.lower() in ("1", "true", "on", "yes") if raw_list is not None
                           else spec.initial is True)  # omitted: the field's default
            if spec.kind is FieldKind.GROUP:
                count = None if data is None else _group_count(spec, data, name)
                if count is None:
                    initial = spec.initial if isinstance(spec.initial, int) else spec.min_items
                    count = max(spec.min_items, min(initial, spec.max_items))
                item.count = count
                item.value = raw if data is not None and raw else str(count)
                item.items = [
                    bind(spec.fields, f"{name}-{index}-",
                         _("%(label)s — item %(number)s") % {"label": item.label,
                                                             "number": index + 1})
                    for index in range(count)]
            elif spec.kind is FieldKind.BOOLEAN:
                item.checked = checked
            elif spec.kind in (FieldKind.CHOICE, FieldKind.MULTIPLE_CHOICE):
                selected = set(raw_values) if spec.kind is FieldKind.MULTIPLE_CHOICE else {raw}
                item.choices = [(choice.value, render_message(choice.label),
                                 choice.value in selected) for choice in spec.choices]
            else:
                item.value = raw
            bound.append(item)
        return bound

    return bind(scenario.fields, "")


def flat_errors(bound: Sequence[BoundField]) -> list[BoundField]:
    """The bound fields that carry an error, depth first (for an error summary)."""
    found = []
    for item in bound:
        if item.error:
            found.append(item)
        for fields in item.items:
            found.extend(flat_errors(fields))
    return found


def json_inputs(data: Any) -> Any:
    """JSON-style scenario input made JSON-serialisable (tuples and sets become lists)."""
    if isinstance(data, Mapping):
        return {str(k): json_inputs(v) for k, v in data.items()}
    if isinstance(data, (frozenset, set)):
        return sorted(json_inputs(v) for v in data)
    if isinstance(data, (list, tuple)):
        return [json_inputs(v) for v in data]
    return data


def to_form(scenario: Scenario, inputs: Mapping[str, Any]) -> dict[str, list[str]]:
    """Flatten JSON-style ``inputs`` into the form's query parameters.

    A group becomes its item count plus ``group-i-field`` parameters; a true
    boolean becomes ``"on"`` (a ticked checkbox), a false one ``"off"`` (the
    hidden input before an unticked checkbox).
    Values that are not of the field's shape are passed on as text, so the
    form reports them as it would a typed mistake.
    """
    form: dict[str, list[str]] = {}

    def put(fields: Sequence[Field], data: Any, prefix: str) -> None:
        if not isinstance(data, Mapping):
            return
        for spec in fields:
            name, value = prefix + spec.name, data.get(spec.name)
            if value is None:
                continue
            if spec.kind is FieldKind.GROUP and isinstance(value, (list, tuple)):
                form[name] = [str(len(value))]
                for index, item in enumerate(value):
                    put(spec.fields, item, f"{name}-{index}-")
            elif isinstance(value, bool):
                form[name] = ["on" if value else "off"]  # unticked checkbox sends "off"
            elif isinstance(value, (list, tuple, set, frozenset)):
                form[name] = [str(v) for v in value]
            else:
                form[name] = [str(value)]

    put(scenario.fields, inputs, "")
    return form


def to_query(scenario: Scenario, inputs: Mapping[str, Any],
             on: datetime.date | None = None) -> str:
    """The calculator page's query string for JSON-style ``inputs`` (and ``as_of``)."""
    form = to_form(scenario, inputs)
    if on is not None:
        form["as_of"] = [on.isoformat()]
    return urlencode(form, doseq=True)


# --------------------------------------------------------------------------
# Rulings
# --------------------------------------------------------------------------

def value_json(value: Any) -> Any:
    """A result value as JSON: numbers, booleans, strings; a fraction as ``"1/2"``.

    Message values become their (English, stable) id; tuples become lists.
    """
    if isinstance(value, bool) or isinstance(value, (int, str)) or value is None:
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else str(value)
    if isinstance(value, Message):
        return value.id
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (frozenset, set)) else value
        return [value_json(item) for item in items]
    return str(value)


def value_text(value: Any) -> str:
    """A result value as text for a reader: translated, fractions kept exact."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        return f"{value} (= {float(value):g})"
    if isinstance(value, Message):
        return render_message(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (frozenset, set)) else value
        return ", ".join(value_text(item) for item in items) or "—"
    if value is None:
        return "—"
    return str(value)


@dataclass(frozen=True)
class ValueView:
    """A result value for display: name, translated label, JSON value, text."""

    name: str
    label: str
    value: Any
    text: str


@dataclass(frozen=True)
class StepView:
    """A step for display: translated text and reason, resolved citations, warnings."""

    step: Step
    number: int
    text: str
    reason: str
    citations: tuple[ResolvedCitation, ...]

    @property
    def outcome(self) -> str:
        """The outcome's value: ``"applied"``, ``"not_applicable"`` or ``"silent"``."""
        return self.step.outcome.value

    @property
    def warnings(self) -> list[str]:
        """The translated drift warnings of this step's citations."""
        return [c.warning() for c in self.citations if c.warning()]


@dataclass(frozen=True)
class RulingView:
    """A ruling as the calculator shows it, on the date ``on``.

    ``applied``/``not_applicable``/``silent`` are the steps by outcome (each
    keeps its number in the ruling's order); ``drift`` is true when any
    cited clause's version in force differs from the cited version.
    """

    ruling: Ruling
    on: datetime.date
    dated: bool
    values: tuple[ValueView, ...]
    steps: tuple[StepView, ...]
    notes: tuple[str, ...]

    def _by(self, outcome: Outcome) -> tuple[StepView, ...]:
        return tuple(step for step in self.steps if step.step.outcome is outcome)

    @property
    def decided(self) -> tuple[StepView, ...]:
        """The steps that decided the ruling (APPLIED and SILENT), in order."""
        return tuple(step for step in self.steps
                     if step.step.outcome is not Outcome.NOT_APPLICABLE)

    @property
    def applied(self) -> tuple[StepView, ...]:
        """The APPLIED steps, in order."""
        return self._by(Outcome.APPLIED)

    @property
    def not_applicable(self) -> tuple[StepView, ...]:
        """The NOT_APPLICABLE steps (considered, condition not met), in order."""
        return self._by(Outcome.NOT_APPLICABLE)

    @property
    def silent(self) -> tuple[StepView, ...]:
        """The SILENT steps (the texts do not settle the point), in order."""
        return self._by(Outcome.SILENT)

    @property
    def drift(self) -> bool:
        """Whether any step carries a drift warning."""
        return any(step.warnings for step in self.steps)


def present(ruling: Ruling, on: datetime.date, dated: bool = False) -> RulingView:
    """Translate ``ruling`` and resolve its citations on ``on`` (two queries)."""
    resolved = resolve_citations(ruling.citations(), on)
    steps = tuple(
        StepView(step, number, render_message(step.message), render_message(step.reason),
                 tuple(resolved[c] for c in dict.fromkeys(step.citations)))
        for number, step in enumerate(ruling.steps, 1))
    values = tuple(ValueView(v.name, render_message(v.label), value_json(v.value),
                             value_text(v.value)) for v in ruling.values)
    return RulingView(ruling, on, dated, values, steps,
                      tuple(render_message(note) for note in ruling.notes))


@dataclass(frozen=True)
class ExampleRun:
    """A worked example run live: expected and computed values, match or error."""

    scenario: Scenario
    example: Any
    rows: tuple[tuple[str, str, str, bool], ...]  # label, expected, computed, match
    error: str
    source: ResolvedCitation | None

    @property
    def matches(self) -> bool:
        """Whether the example ran and every expected value was computed."""
        return not self.error and bool(self.rows) and all(row[3] for row in self.rows)

    @property
    def query(self) -> str:
        """The calculator page's query string for this example's input."""
        return to_query(self.scenario, self.example.inputs)


def run_examples(on: datetime.date | None = None) -> list[ExampleRun]:
    """Evaluate every Example of every scenario and compare with its expected values."""
    on = on or timezone.localdate()
    pairs = [(s, e) for rs in engine.rulesets() for s in rs.scenarios for e in s.examples]
    sources = resolve_citations([e.source for _s, e in pairs], on)
    runs = []
    for scenario, example in pairs:
        rows, error = [], ""
        try:
            ruling = scenario.evaluate(example.inputs)
        except InputError as problem:
            error = f"{problem.field}: {render_message(problem.message)}"
            ruling = None
        for name, expected in example.expected.items():
            if ruling is None:
                rows.append((name, value_text(expected), "—", False))
                continue
            found = [v for v in ruling.values if v.name == name]
            if not found:
                rows.append((name, value_text(expected), "—", False))
                continue
            computed = found[0].value
            rows.append((render_message(found[0].label), value_text(expected), value_text(computed),
                         value_json(computed) == value_json(expected)))
        runs.append(ExampleRun(scenario, example, tuple(rows), error, sources.get(example.source)))
    return runs

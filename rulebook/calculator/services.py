"""The scenario calculator's services, shared by the web pages and the JSON API.

The engine (:mod:`engine`) knows scenarios, their typed fields and rulings;
this module adds what a site needs around them:

- :func:`form_errors` — every field-level error of flat form data at once
  (the engine stops at the first one), keyed by dotted field path;
- :func:`bind_form` — the scenario's fields as a tree of :class:`BoundField`
  ready for a template (HTML names, ids, current values, errors);
- :func:`present` — a :class:`RulingView`: values, the verdict (complete or
  not), steps split by outcome, the readings of every open point side by
  side, and every cited clause once with the steps relying on it, resolved
  against the rulebook on the "as of" date (see
  :mod:`rulebook.calculator.citations`), texts translated with gettext;
- :func:`value_json` / :func:`value_text` — result values for JSON and HTML;
- :func:`short_query` — a ruling's address with only the inputs that differ
  from their defaults (what the page offers to share), read back by the
  same parser as every address;
- :func:`page_numbers` — the steps' numbers in the order the page shows them;
- :func:`read_card_text` — "Read the text": a card text's understood phrases
  filled into the form as editable fields, the others listed as not understood;
- :func:`rule_on_form` — a submitted form's field errors, or its ruling with the
  situation it answers and its addresses.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import urlencode

from django.utils import timezone
from django.utils.formats import date_format, get_format
from django.utils.translation import get_language, gettext, gettext as _, gettext_noop, ngettext

import engine
from engine.cardtext import CONDITIONS, Phrase
from engine.core import (
    Citation, DocumentRef, Field, FieldKind, InputError, Message, Outcome, Reading, Ruling, Scenario, Step,
    UNKNOWN_FIELD, Value, card_text_may_override, msg, msg_plural, form_count, printed_text,
    unknown_field,
)
from rulebook.api_common import iso_date
from rulebook.calculator import decisions as deciding, layout, speed
from rulebook.calculator.citations import Drift, ResolvedCitation, RulingLink, resolve_citations

#: The form parameter naming the card-text field to read ("Read the text").
READ = "_read"
#: Query parameters of the calculator form that are not scenario fields.
RESERVED = ("as_of", "_layout", READ)


def find(game: str, slug: str) -> Scenario:
    """Return scenario ``slug`` of ``game``.

    :raises KeyError: if there is no such game or scenario.
    """
    return engine.find_scenario(engine.rulesets(), game, slug)


def render_message(message: Message | None,
                   show_choice: Callable[[str, str], str] | None = None) -> str:
    """Translate ``message`` with gettext; the English id if a translation is broken.

    A translation with a wrong placeholder must not turn a ruling into a 500.
    ``show_choice`` is passed to :meth:`engine.core.Message.render`: how a
    choice named in the message is shown (by default its label).
    """
    if message is None:
        return ""
    try:
        if show_choice is None:
            return speed.rendered(message)  # gettext remembered, common parameters inline
        return message.render(speed.gettext, show_choice, ngettext)  # gettext, remembered
    except (KeyError, ValueError, TypeError):
        return message.render(show_choice=show_choice)


def parse_as_of(raw: str | None) -> tuple[datetime.date, bool, str]:
    """Return (date, whether it was given, error text) for an ``as_of`` value.

    Empty means today; a malformed value gives today and the rule pages'
    translated error (:func:`rulebook.reading.rulepage.reading_date`: "“xx” is
    not a date …  Showing today's text"), so the page rules on today's text.
    """
    today = timezone.localdate()
    text = raw or ""
    if not text.strip():
        return today, False, ""
    found = iso_date(text)
    if found is not None:
        return found, True, ""
    return today, False, _("“%(value)s” is not a date; enter it as YYYY-MM-DD. "
                           "Showing today’s text.") % {"value": text[:40]}


# --------------------------------------------------------------------------
# Form errors and bound fields
# --------------------------------------------------------------------------

def _first(raw: Any) -> Any:
    if isinstance(raw, (list, tuple)):
        return raw[-1] if raw else None
    return raw


def _group_count(spec: Field, data: Mapping[str, Any], name: str) -> int | None:
    """The item count of group ``name`` as the form renders it (clamped), ``None`` if unset.
    A count the engine refuses (not a number, out of the group's bounds, or given twice
    with different values) says nothing
    of the items entered: the form then shows as many as ``data`` holds (clamped), so a
    mistyped count loses none of them."""
    given = data.get(name)
    raw = _first(given)
    try:
        count = int(str(raw).strip())
    except (TypeError, ValueError):
        count = None
    if isinstance(given, (list, tuple)) and len({str(v).strip() for v in given}) > 1:
        count = None  # given twice with different values: refused, as any field
    if count is None or not spec.min_items <= count <= spec.max_items:
        entered = _items_entered(data, name)
        if entered:
            return max(spec.min_items, min(entered, spec.max_items))
        return None if count is None else max(spec.min_items, min(count, spec.max_items))
    return count


def _items_entered(data: Mapping[str, Any], name: str) -> int:
    """How many items of group ``name`` flat form ``data`` holds: the highest item number
    among its parameters (``name-3-…`` is the fourth), else 0."""
    prefix, found = f"{name}-", 0
    for key in data:
        if key.startswith(prefix):
            index = key[len(prefix):].split("-", 1)[0]
            if index.isdigit() and index.isascii():
                found = max(found, int(index) + 1)
    return found


def form_data(scenario: Scenario, query: Mapping[str, Any]) -> dict[str, list[str]]:
    """The scenario's parameters of the calculator page's ``query`` (as ``QueryDict.lists()``).

    Leaves out the page's own parameters (:data:`RESERVED`) and the items of
    a group beyond its count: the page's form sends those without
    JavaScript when a reader lowers the count of a group (the count says how
    many items there are, as "Show this many items" does, and the page then
    shows that many).  Only a count that is given says so: the items of a
    group whose count is absent or empty (a link written by hand, a count
    box emptied) are kept, and so reported as the API reports them, naming
    the count to give (:func:`engine.core.unknown_parameters`), never
    dropped.  Everything else is kept, so that a parameter that names no
    field is reported (:func:`form_errors`), never ignored.

    >>> monsters = find("power-duell", "situation")
    >>> sorted(form_data(monsters, {"monsters-0-ap": ["5"]}))
    ['monsters-0-ap']
    >>> sorted(form_data(monsters, {"monsters": ["0"], "monsters-0-ap": ["5"]}))
    ['monsters']
    """
    data = {str(key): ([values] if isinstance(values, str) else list(values))
            for key, values in query.items() if key not in RESERVED}
    hidden: list[str] = []

    def walk(fields: Sequence[Field], prefix: str) -> None:
        for spec in fields:
            name = prefix + spec.name
            if spec.kind is not FieldKind.GROUP:
                continue
            if str(_first(data.get(name)) or "").strip() == "":
                continue  # no count given: its items are not hidden, but reported
            try:  # the count as the engine reads it
                count = form_count(spec, data, name)
            except InputError:
                continue  # an invalid count: its own error is reported
            hidden.extend(f"{name}-{index}-" for index in range(count, spec.max_items))
            for index in range(count):
                walk(spec.fields, f"{name}-{index}-")

    walk(scenario.fields, "")
    prefixes = tuple(hidden)
    return {key: values for key, values in data.items()
            if not (prefixes and key.startswith(prefixes))}


def form_errors(scenario: Scenario, data: Mapping[str, Any]) -> dict[str, Message]:
    """Return every field-level error of flat form ``data``, keyed by dotted path.

    The engine's own reading (:meth:`engine.core.Scenario.parse_form`) reads
    every field (group items one by one) and every parameter that names no
    field before it raises, so the reader sees all mistakes at once; only
    when every field is valid are the scenario's cross-field checks run
    (their error is reported once).  ``data`` is as for
    :meth:`~engine.core.Scenario.parse_form` (the page's own parameters left
    out: :func:`form_data`).
    """
    try:
        scenario.parse_form(data)
    except InputError as error:
        return errors_by_field(error)
    return {}


def errors_by_field(error: InputError, reserved: Sequence[str] = RESERVED
                    ) -> dict[str, Message]:
    """``error`` and the others found with it (:attr:`engine.core.InputError.every`),
    keyed by dotted path: the first message of each path. An unknown parameter close to
    one of the address's own (``reserved``: the page's, or the API's ``lang`` and
    ``as_of``), which the engine does not know, is told the closest ("asof": 'as_of')."""
    errors: dict[str, Message] = {}
    for problem in error.every:
        errors.setdefault(problem.field, _suggesting(problem, reserved))
    return errors


def _suggesting(problem: InputError, reserved: Sequence[str]) -> Message:
    """``problem``'s message, or for an unknown parameter the engine suggested nothing for,
    the engine's own error naming the closest of ``reserved`` (its page's own names).

    >>> _suggesting(unknown_field("asof", "asof", ()), ("lang", "as_of")).render()
    "Unknown field 'asof'. Did you mean 'as_of'?"
    >>> _suggesting(unknown_field("weather", "weather", ()), ("lang", "as_of")).render()
    "Unknown field 'weather'."
    """
    if problem.message.id != UNKNOWN_FIELD or not reserved:
        return problem.message
    name = str(dict(problem.message.params).get("name", ""))
    return unknown_field(problem.field, name, [r for r in reserved if not r.startswith("_")]
                         ).message


@dataclass
class BoundField:
    """A scenario field bound to form data, for a template.

    ``html_name`` is the query parameter (``minions-0-threat``); ``id`` the
    element id; ``value`` the current text (single fields) and ``choices``
    the choices with their selection; ``items`` the bound sub-fields of each
    group item and ``template`` those of a blank item (see :func:`bind_form`);
    ``required_when`` says when an otherwise optional field must be given.
    How the form presents it (:mod:`rulebook.calculator.layout`): ``more`` puts a
    card's field behind the card's "more"; ``reference`` names the group whose cards
    the field picks by number, ``references`` those cards (value, label, selected)
    and ``reference_label`` a card's label with :data:`ITEM_NUMBER` for its number;
    ``shown_when`` names the field of the same card whose value (one of the
    space-separated ``shown_values``) makes this one matter.
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
    required_when: str = ""
    template: list["BoundField"] = field(default_factory=list)
    more: bool = False
    reference: str = ""
    reference_label: str = ""
    references: list[tuple[str, str, bool]] = field(default_factory=list)
    shown_when: str = ""
    shown_values: str = ""

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
        """Whether the field must be given (:attr:`engine.core.Field.must_be_given`):
        the form marks it, the JSON Schema lists it in ``required``."""
        return self.spec.must_be_given

    @property
    def prefix(self) -> str:
        """The HTML name of the group item the field belongs to (``monsters-0-``; empty at
        the top level)."""
        return self.html_name.removesuffix(self.spec.name)

    @property
    def is_set(self) -> bool:
        """Whether the field holds something other than what a new form shows (a value
        typed or chosen, an error): a card's "more" holding it is shown open."""
        spec = self.spec
        if self.error:
            return True
        if spec.kind is FieldKind.BOOLEAN:
            return self.checked != (spec.default is True)
        if spec.kind is FieldKind.MULTIPLE_CHOICE:
            return {v for v, _l, selected in self.choices if selected} != {
                str(v) for v in spec.default}
        if spec.kind is FieldKind.CHOICE:
            chosen = next((v for v, _l, selected in self.choices if selected), "")
            return chosen != ("" if spec.default is None else str(spec.default))
        return self.value.strip() != _initial_text(spec)

    @property
    def described_by(self) -> str:
        """Ids for ``aria-describedby``: the help text and the error, if any."""
        ids = [f"{self.id}-help"] if self.help else []
        if self.error:
            ids.append(f"{self.id}-error")
        return " ".join(ids)


def _initial_text(spec: Field) -> str:
    """The text a new form shows: the field's default (the engine's omitted value)."""
    if spec.kind is FieldKind.GROUP or spec.default is None or isinstance(
            spec.default, (bool, list, tuple, frozenset)):
        return ""
    return str(spec.default)


#: The item index in the names of a group's blank item template (``minions-__i__-threat``).
ITEM_INDEX = "__i__"
#: The item number in the labels of a group's blank item template.
ITEM_NUMBER = "__n__"


@dataclass(frozen=True)
class FieldPlan:
    """What binding one scenario field needs that depends only on the code and the language
    (:func:`field_plans`): the field, its :class:`BoundField` attributes but those of one
    binding (``base``: name, path, context, value, selection, error are set per binding),
    its initial text, a multiple choice's default values as texts, the cards' group a
    field picks from (:func:`layout.reference_group`), and a group's item fields with
    their item label ("%(label)s — item %(number)s", translated)."""

    spec: Field
    name: str
    kind: FieldKind
    base: dict[str, Any]
    initial: str
    defaults: tuple[str, ...]
    initial_count: int
    reference_group: str | None
    texts_choices: tuple[tuple[str, str], ...]
    fields: tuple["FieldPlan", ...]
    item_label: str


def field_plans(scenario: Scenario) -> tuple[FieldPlan, ...]:
    """The :class:`FieldPlan` of each of ``scenario``'s fields in the active language
    (kept per scenario and language: :func:`rulebook.calculator.speed.field_plans`)."""
    return speed.field_plans(scenario, _field_plans)


def _field_plans(scenario: Scenario, fields: Sequence[Field] | None = None,
                 group: str = "", dotted: str = "", prefix: str = "") -> tuple[FieldPlan, ...]:
    """``fields`` (the scenario's) planned, in the active language; ``group`` names the
    group holding them, ``dotted`` its dotted path without item indexes (``monsters.``),
    ``prefix`` the HTML names' prefix of its blank item (``monsters-__i__-``)."""
    more = layout.behind_more(scenario.game, scenario.slug, group) if group else frozenset()
    item_label = _("%(label)s — item %(number)s")
    plans = []
    for spec in scenario.fields if fields is None else fields:
        texts = speed.field_texts(spec)  # translated once per field and language
        base = {name: None for name in _BOUND_ATTRIBUTES}
        base.update(spec=spec, label=texts.label, help=texts.help, value="", checked=False,
                    error="", count=0, context="", required_when=texts.required_when,
                    more=spec.name in more, reference="", reference_label="",
                    shown_when="", shown_values="")
        shown = layout.shown_when(scenario.game, scenario.slug, re.sub(
            r"\.\d+\.|\.__i__\.", ".", (prefix + spec.name).replace("-", ".")))
        if shown is not None:
            base["shown_when"], base["shown_values"] = shown[0], " ".join(shown[1])
        count = 0
        if spec.kind is FieldKind.GROUP:
            initial = spec.initial if isinstance(spec.initial, int) else spec.min_items
            count = max(spec.min_items, min(initial, spec.max_items))
        plans.append(FieldPlan(
            spec, spec.name, spec.kind, base, _initial_text(spec),
            tuple(str(v) for v in spec.default)
            if spec.kind is FieldKind.MULTIPLE_CHOICE and spec.default else (),
            count, layout.reference_group(scenario.game, scenario.slug, dotted + spec.name),
            texts.choices,
            _field_plans(scenario, spec.fields, spec.name, f"{dotted}{spec.name}.",
                         f"{prefix}{spec.name}-{ITEM_INDEX}-")
            if spec.kind is FieldKind.GROUP else (),
            item_label))
    return tuple(plans)


@speed.in_one_language
def bind_form(scenario: Scenario, data: Mapping[str, Any] | None,
              errors: Mapping[str, Message] | None = None) -> list[BoundField]:
    """Return the scenario's fields bound to flat form ``data`` (``None``: initial values).

    Groups get as many items as their count parameter says (clamped to
    their bounds), else their ``initial`` count, else ``min_items``.  Each
    group also carries ``template``: one blank item whose names hold
    :data:`ITEM_INDEX` and whose labels hold :data:`ITEM_NUMBER`, for a
    script that adds items in place.  A new form (``data`` ``None``) pre-fills the
    engine's defaults and the layout's suggestions (:func:`layout.suggested`); the
    fields that pick a card get the cards present (:func:`_bind_references`).
    What depends only on the code and the language is planned once
    (:func:`field_plans`), a group's blank item bound once (:func:`speed.blank_fields`:
    shared, never to be changed but the fields that pick a card, copied per form).
    """
    errors = errors or {}
    suggested = layout.suggested(scenario.game, scenario.slug)
    picking: list[tuple[BoundField, str]] = []  # the fields that pick a card, and whose

    def bind(plans: Sequence[FieldPlan], prefix: str, data: Mapping[str, Any] | None,
             context: str = "", new: bool = False) -> list[BoundField]:
        bound = []
        for plan in plans:
            name = prefix + plan.name
            path = name.replace("-", ".")
            kind = plan.kind
            attributes = plan.base.copy()
            attributes["html_name"], attributes["path"], attributes["context"] = (
                name, path, context)
            attributes["choices"], attributes["items"] = [], []
            attributes["template"], attributes["references"] = [], []
            if errors:
                attributes["error"] = render_message(errors.get(path))
            item = _new_bound(attributes)
            if data is None:
                raw = plan.initial if new else suggested.get(name, plan.initial)
            else:
                raw_list = data.get(name)
                raw = str(_first(raw_list) or "")
                if kind is not FieldKind.GROUP and not raw.strip():
                    raw = plan.initial  # empty means the default to the engine
            if kind is FieldKind.GROUP:
                count = None if data is None else _group_count(plan.spec, data, name)
                if count is None:
                    count = plan.initial_count
                item.count = count
                item.value = raw if data is not None and raw else str(count)
                label = plan.item_label
                item.items = [
                    bind(plan.fields, f"{name}-{index}-", data,
                         label % {"label": item.label, "number": index + 1}, new)
                    for index in range(count)]
                item.template = blank(plan, name,
                                      label % {"label": item.label, "number": ITEM_NUMBER})
            elif kind is FieldKind.BOOLEAN:
                item.checked = (raw.lower() in ("1", "true", "on", "yes")
                                if data is not None and raw_list is not None
                                else plan.spec.default is True)  # omitted: the default
            elif kind is FieldKind.CHOICE:
                # the engine ignores letter case ("?side=A"): so does the selection shown
                chosen = plan.spec.choice_value(raw)
                item.choices = [(value, label, value == chosen)
                                for value, label in plan.texts_choices]
            elif kind is FieldKind.MULTIPLE_CHOICE:
                if data is None:
                    raw_values = list(plan.defaults)
                else:
                    raw_values = ([raw_list] if isinstance(raw_list, str)
                                  else [str(v) for v in raw_list or []]) or list(plan.defaults)
                selected = {plan.spec.choice_value(v) for v in raw_values}
                item.choices = [(value, label, value in selected)
                                for value, label in plan.texts_choices]
            else:  # a text as it is read: without invisible characters (bidi controls)
                item.value = printed_text(raw) if kind is FieldKind.TEXT else raw
                if plan.reference_group is not None and kind is FieldKind.INTEGER:
                    picking.append((item, plan.reference_group))
            bound.append(item)
        return bound

    # a blank item holds no error but one of a parameter named as it is (with __i__)
    kept_blank = not any(ITEM_INDEX in path for path in errors)

    def blank(plan: FieldPlan, name: str, context: str) -> list[BoundField]:
        """A group's blank item (``plan``'s fields under HTML name ``name``, ``context``: its
        label): initial values only, so bound once per form (:func:`speed.blank_fields`);
        its fields that pick a card are copied, then given this form's cards."""
        def build() -> tuple[list[BoundField], tuple[tuple[int, str], ...]] | None:
            before = len(picking)
            fields = bind(plan.fields, f"{name}-{ITEM_INDEX}-", None, context, True)
            picks = [(next((i for i, f in enumerate(fields) if f is item), None), group)
                     for item, group in picking[before:]]
            del picking[before:]
            if any(index is None for index, _group in picks):
                return None  # a card picked in a group of the item: bound every time
            return fields, tuple(picks)

        kept = speed.blank_fields(plan, name, context, build) if kept_blank else None
        if kept is None:
            return bind(plan.fields, f"{name}-{ITEM_INDEX}-", None, context, True)
        fields = list(kept[0])
        for index, group in kept[1]:
            field = fields[index] = _new_bound(fields[index].__dict__.copy())
            picking.append((field, group))
        return fields

    bound = bind(field_plans(scenario), "", data)
    _bind_references(bound, picking)
    return bound


#: :class:`BoundField`'s attributes in order (:func:`_new_bound`).
_BOUND_ATTRIBUTES = tuple(f.name for f in dataclasses.fields(BoundField))


def _new_bound(attributes: dict[str, Any]) -> BoundField:
    """A :class:`BoundField` of ``attributes`` (every one of :data:`_BOUND_ATTRIBUTES`, in
    order), without the generated ``__init__``'s keyword arguments: a form binds a hundred
    fields per page."""
    item = object.__new__(BoundField)
    item.__dict__ = attributes
    return item


def _bind_references(bound: Sequence[BoundField],
                     picking: Sequence[tuple[BoundField, str]]) -> None:
    """Give each field that picks a card by number (:data:`layout.REFERENCES`; ``picking``:
    the field and the group it picks from) the cards present in its group (of the top
    level fields ``bound``) to choose from (and the number it holds, if beyond them)."""
    if not picking:
        return
    groups = {item.spec.name: item for item in bound if item.spec.kind is FieldKind.GROUP}
    label = _("%(label)s — item %(number)s")
    for item, name in picking:
        group = groups.get(name)
        if group is None:
            continue
        item.reference = group.html_name
        item.reference_label = label % {"label": group.label, "number": ITEM_NUMBER}
        numbers = [str(n) for n in range(1, group.count + 1)]
        current = item.value.strip()
        if current and current not in numbers:
            numbers.append(current)  # kept, so that its error is shown with it
        item.references = [(n, item.reference_label.replace(ITEM_NUMBER, n), n == current)
                           for n in numbers]


def answer_first(scenario: Scenario, inputs: Mapping[str, Any], view: "RulingView") -> "RulingView":
    """``view`` with the values that answer the question entered first and the others in
    ``other_values`` (:func:`layout.decisive_values`); as it is when every value does."""
    decisive = layout.decisive_values(scenario.game, scenario.slug, inputs, view.values)
    if decisive is None or not decisive:
        return view
    return dataclasses.replace(
        view, values=tuple(v for v in view.values if v.name in decisive),
        other_values=tuple(v for v in view.values if v.name not in decisive))


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
    _flatten(scenario.fields, inputs, "", form)
    return form


def _flatten(fields: Sequence[Field], data: Any, prefix: str,
             form: dict[str, list[str]]) -> None:
    """Put JSON-style ``data`` of ``fields`` into flat ``form`` under ``prefix``
    (:func:`to_form`)."""
    if not isinstance(data, Mapping):
        return
    for spec in fields:
        name, value = prefix + spec.name, data.get(spec.name)
        if value is None:
            continue
        if spec.kind is FieldKind.GROUP and isinstance(value, (list, tuple)):
            form[name] = [str(len(value))]
            for index, item in enumerate(value):
                _flatten(spec.fields, item, f"{name}-{index}-", form)
        elif isinstance(value, bool):
            form[name] = ["on" if value else "off"]  # unticked checkbox sends "off"
        elif isinstance(value, (list, tuple, set, frozenset)):
            form[name] = [str(v) for v in value]
        else:
            form[name] = [str(value)]


@dataclass(frozen=True)
class CardReading:
    """What "Read the text" made of one card text: ``field`` is the text field's HTML
    name, ``phrases`` each sentence as written with whether the grammar understood it and
    its translated mark ("understood", "not understood", or "not taken in (past the
    limit)" for a sentence read but past what the fields take)."""

    field: str
    phrases: tuple[tuple[str, bool, str], ...]
    #: Per group the text replaced whole: its label and how many items entered by hand
    #: (with a value) it replaced — the text is the card.
    replaced: tuple[tuple[Message, int], ...] = ()

    @property
    def complete(self) -> bool:
        """True when every phrase was understood."""
        return all(understood for _text, understood, _mark in self.phrases)

    @property
    def said(self) -> str:
        """What the page says of the reading, translated: every sentence understood or
        not, then what it replaced of what was entered by hand ("The text replaced 2
        items entered by hand in “Features”.")."""
        parts = [_("Every sentence was understood and is filled in below: check the fields, "
                   "then get the ruling.") if self.complete else
                 _("What was understood is filled in below; what was not understood makes the "
                   "ruling incomplete. Check the fields, then get the ruling.")]
        parts += [render_message(msg_plural(
            gettext_noop("The text replaced %(count)s item entered by hand in “%(group)s”."),
            gettext_noop("The text replaced %(count)s items entered by hand in “%(group)s”."),
            count, group=label)) for label, count in self.replaced if count]
        return " ".join(parts)


def _fields_at(fields: Sequence[Field], prefix: str) -> Sequence[Field] | None:
    """The fields whose parameters start with ``prefix`` (``""``, ``"guardians-0-"``)."""
    parts = prefix.split("-")[:-1]
    while parts:
        name, index, *parts = parts if len(parts) >= 2 else (parts[0], "", *parts[1:])
        group = next((f for f in fields if f.name == name and f.kind is FieldKind.GROUP), None)
        if group is None or not index.isdigit():
            return None
        fields = group.fields
    return fields


def read_card_text(scenario: Scenario, data: Mapping[str, list[str]]
                   ) -> tuple[dict[str, list[str]], CardReading | None]:
    """Read the card text of the field that :data:`READ` names in flat form ``data``
    (as ``QueryDict.lists()``) with the scenario's grammar.

    Returns the form data with what was understood filled in — the fields of the
    text's own level (the whole ability, or one Schutzgottkarte's item), a group
    the text names replaced whole; a value or group it leaves empty (no label ticked,
    no change) stays as entered — and the :class:`CardReading` to show; the data
    as it is and ``None`` when :data:`READ` names no card-text field of the scenario.
    What is not understood stays in the text, so the ruling on the form says so.
    """
    name = str(_first(data.get(READ)) or "")
    prefix = name.removesuffix("card_text")
    fields = _fields_at(scenario.fields, prefix) if name.endswith("card_text") else None
    if scenario.grammar is None or fields is None or not any(
            spec.kind is FieldKind.TEXT for spec in fields):
        return dict(data), None
    text = printed_text(str(_first(data.get(name)) or ""))  # as every surface reads it
    box = next(spec for spec in fields if prefix + spec.name == name)
    try:  # longer than the box takes: not read, the form says so as "Get the ruling" does
        box.coerce(text, name)
    except InputError:
        return dict(data), None
    reading = scenario.read_card_text(text)
    # what the text says; what it leaves empty keeps what the judge entered, as the
    # ruling compares them (engine.core.Scenario.card_readings)
    said = reading.stated
    filled: dict[str, list[str]] = {}
    _flatten(fields, said, prefix, filled)
    for spec in fields:  # what the text states whole by leaving it out: the field's omitted
        if spec.name in reading.exact and spec.name not in said:
            _flatten((spec,), {spec.name: spec.omitted()}, prefix, filled)
            filled.setdefault(prefix + spec.name, [""])  # an empty number or choice
    groups = [spec for spec in fields if spec.kind is FieldKind.GROUP and spec.name in said]
    replaced = tuple(f"{prefix}{spec.name}-" for spec in groups)
    kept = {key: values for key, values in data.items()
            if not (replaced and key.startswith(replaced))}
    phrases = tuple((phrase.text, phrase.understood, _mark(phrase)) for phrase in reading.phrases)
    filled[name] = [text]  # the text box shows the text as read (no invisible characters)
    by_hand = tuple((spec.label, _entered_by_hand(spec, data, prefix + spec.name))
                    for spec in groups)
    return {**kept, **filled}, CardReading(name, phrases, by_hand)


def _mark(phrase: Phrase) -> str:
    """How the page labels a phrase of a card text: understood, not taken in (read, but
    past the limit of its fields) or not understood, translated."""
    if phrase.understood:
        return _("understood")
    return _("not taken in (past the limit)") if phrase.past_limit else _("not understood")


def _entered_by_hand(spec: Field, data: Mapping[str, list[str]], name: str) -> int:
    """How many items of group ``spec`` (parameter ``name``) flat form ``data`` holds with a
    value in them (a blank row of the form is none), within the count the form shows."""
    count = _group_count(spec, data, name) or 0
    head = f"{name}-"
    filled = {int(index) for key, values in data.items() if key.startswith(head)
              for index in [key[len(head):].split("-", 1)[0]]
              if index.isdigit() and index.isascii() and int(index) < count
              and any(str(value).strip() for value in values)}
    return len(filled)


def to_query(scenario: Scenario, inputs: Mapping[str, Any],
             on: datetime.date | None = None) -> str:
    """The calculator page's query string for JSON-style ``inputs`` (and ``as_of``)."""
    form = to_form(scenario, inputs)
    if on is not None:
        form["as_of"] = [on.isoformat()]
    return speed.query_string(form)  # urlencode(form, doseq=True)


def non_default(fields: Sequence[Field], inputs: Mapping[str, Any]) -> dict[str, Any]:
    """JSON-style ``inputs`` without the values an omitted field has anyway.

    ``inputs`` are validated inputs (:meth:`engine.core.Scenario.parse_form`);
    a value equal to its field's default (:meth:`engine.core.Field.omitted`)
    is left out, in group items too (a group keeps one entry per item, so
    its count survives; an empty group is kept when a new form would show
    blank items, so that the form reads the address as the same table).  Reading the result gives ``inputs`` again.

    >>> from engine.core import msg
    >>> fields = (Field("amount", msg("Amount"), FieldKind.INTEGER, default=0),
    ...           Field("flag", msg("Flag"), FieldKind.BOOLEAN, default=True))
    >>> non_default(fields, {"amount": 0, "flag": False})
    {'flag': False}
    """
    kept: dict[str, Any] = {}
    for spec in fields:
        value = inputs.get(spec.name)
        if spec.kind is FieldKind.GROUP:
            # an empty group is written when a new form shows blank items (its rows)
            if value or (spec.rows or spec.min_items):
                kept[spec.name] = [non_default(spec.fields, item) for item in value or ()]
        elif value is not None and value != spec.omitted():
            if isinstance(value, frozenset):  # one address per choice: the field's order
                value = [choice for choice in spec.choice_values() if choice in value]
            kept[spec.name] = value
    return kept


def short_query(scenario: Scenario, inputs: Mapping[str, Any],
                on: datetime.date | None = None) -> str:
    """The shortest calculator address (query string) of validated ``inputs``.

    Only values that differ from their field's default are written
    (:func:`non_default`); the form and :func:`engine.core.parse_form` read
    an omitted field as its default, so the address gives the same ruling.
    When every value is a default, the first field is written all the same:
    an address without parameters is the empty form, not a ruling.
    """
    # to_form(scenario, non_default(scenario.fields, inputs)), in one walk
    form = speed.short_form(scenario.fields, inputs)
    if form:
        if on is not None:
            form["as_of"] = [on.isoformat()]
        return speed.query_string(form)  # to_query(scenario, non_default(…), on)
    kept: dict[str, Any] = {}
    if scenario.fields:
        first = scenario.fields[0]
        kept[first.name] = inputs.get(first.name) if first.kind is not FieldKind.GROUP else (
            [non_default(first.fields, item) for item in inputs.get(first.name) or ()])
        if first.kind is FieldKind.GROUP and not kept[first.name]:
            return urlencode({first.name: "0", **({"as_of": on.isoformat()} if on else {})})
    return to_query(scenario, kept, on)


@dataclass(frozen=True)
class FormRuling:
    """What a submitted calculator form gives (:func:`rule_on_form`): its field
    ``errors`` (dotted path → message), or the ``ruling`` with the ``situation`` it
    answers (:func:`describe_inputs`) and the page's ``share_url``; ``api_query`` asks
    the API for the same ruling.  Empty for a form not submitted."""

    errors: dict = field(default_factory=dict)
    ruling: "RulingView | None" = None
    situation: list = field(default_factory=list)
    api_query: str = ""
    share_url: str = ""


def rule_on_form(scenario: Scenario, data: Mapping[str, list[str]], path: str,
                 on: datetime.date, dated: bool) -> FormRuling:
    """Read a submitted form's flat ``data`` once and rule on it as of ``on`` (``dated``:
    the reader chose the date; a malformed date is the caller's field error, and today's
    text rules); the page's address is ``path``.  A form that is not valid gives every
    field-level error at once (:func:`errors_by_field`)."""
    fields = form_data(scenario, data)  # without as_of, _layout, hidden items
    # the same ruling from the API (which takes no parameter that names no field), in the
    # page's language, not the browser's Accept-Language
    api_query = speed.query_string({**fields, **({"as_of": data["as_of"]} if dated else {}),
                                    "lang": [get_language()]})  # urlencode(…, doseq=True)
    try:  # parsed once, shown and ruled on
        inputs, table = scenario.read_form(fields)
    except InputError as error:  # every field was read: its errors are all there
        return FormRuling(errors_by_field(error), api_query=api_query)
    try:
        ruling = answer_first(scenario, inputs, present(scenario.rule_on_table(inputs, table),
                                                        on, dated))
    except InputError as error:  # defensive: read_form already ran the checks
        return FormRuling({error.field: error.message}, api_query=api_query)
    # the address to share: only what differs from the defaults
    share_url = f"{path}?" + short_query(scenario, inputs, on if dated else None)
    return FormRuling({}, ruling, describe_inputs(scenario, inputs), api_query, share_url)


@speed.in_one_language
def describe_inputs(scenario: Scenario, inputs: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The situation a ruling answers, as (label, text) rows for a reader (and a printout).

    ``inputs`` are validated inputs (:meth:`engine.core.Scenario.parse_form`);
    a field left empty is left out, and so is one at its default that the
    other values make irrelevant (:attr:`engine.core.Field.applies_when`:
    the "N" of an effect that is no "choose N"); a group item's fields carry
    the item ("Monsters — item 2: AP").
    """
    rows: list[tuple[str, str]] = []
    item_label = speed.gettext("%(label)s — item %(number)s")  # remembered

    def walk(fields: Sequence[Field], data: Mapping[str, Any], context: str) -> None:
        for spec in fields:
            value = data.get(spec.name)
            if spec.kind is FieldKind.GROUP:
                if value:
                    label = speed.field_texts(spec).label  # once per field and language
                    full = f"{context}: {label}" if context else label
                    for index, item in enumerate(value):
                        walk(spec.fields, item, item_label % {"label": full,
                                                              "number": index + 1})
                continue
            if value is None or value == frozenset():
                continue
            if spec.applies_when and value == spec.default and (
                    data.get(spec.applies_when[0]) not in spec.applies_when[1]):
                continue
            texts = speed.field_texts(spec)
            full = f"{context}: {texts.label}" if context else texts.label
            if spec.kind in (FieldKind.CHOICE, FieldKind.MULTIPLE_CHOICE):
                labels = texts.labels
                if isinstance(value, str):  # one choice
                    rows.append((full, labels.get(value, value)))
                    continue
                chosen = [choice for choice, _label in texts.choices if choice in value]
                rows.append((full, ", ".join(labels.get(v, v) for v in chosen)))
            else:
                rows.append((full, value_text(value)))

    walk(scenario.fields, inputs, "")
    return rows


def example_links(scenario: Scenario) -> list[tuple[str, str]]:
    """(title, query string) of each worked example of ``scenario``: a form to start from."""
    return [(render_message(example.title), example_query(scenario, example.inputs))
            for example in scenario.examples]


def example_query(scenario: Scenario, inputs: Mapping[str, Any]) -> str:
    """The calculator address of JSON-style ``inputs`` (a worked example) as the
    form reads it: :func:`short_query` of the validated inputs, so that a group
    the example leaves out is written empty (a new form would show blank
    items); :func:`to_query` of ``inputs`` as given if they are invalid."""
    try:
        return short_query(scenario, scenario.validate(inputs))
    except InputError:
        return to_query(scenario, inputs)


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
    """A result value as text for a reader: translated, fractions kept exact
    and their decimal written with the active language's separator
    (``1/2 (= 0.5)``, in German and Russian ``1/2 (= 0,5)``)."""
    if isinstance(value, bool):
        return speed.gettext("yes") if value else speed.gettext("no")  # remembered
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        decimal = f"{float(value):g}".replace(".", get_format("DECIMAL_SEPARATOR"))
        return f"{value} (= {decimal})"
    if isinstance(value, Message):
        return render_message(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (frozenset, set)) else value
        return ", ".join(value_text(item) for item in items) or "—"
    if value is None:
        return "—"
    return str(value)


@dataclass(frozen=True)
class OtherReading:
    """What a disputed value is under a reading other than the one presented first.

    ``text`` is the value's text under that reading, ``point`` the open
    point's number in the ruling (1-based) and ``reading`` the reading's
    number within the point (1 is the reading presented first).
    """

    text: str
    point: int
    reading: int


@dataclass(frozen=True)
class ValueView:
    """A result value for display: name, translated label, JSON value, text.

    ``others`` are the value under the other readings of open points where
    it differs (empty: no reading disputes it).
    """

    name: str
    label: str
    value: Any
    text: str
    others: tuple[OtherReading, ...] = ()
    #: The text without the condition every value of the ruling carries
    #: (:attr:`RulingView.condition`, said once on the page); ``None``: there is none.
    bare: str | None = None

    @property
    def on_page(self) -> str:
        """The value's text on the page: without the ruling's condition, said above it."""
        return self.text if self.bare is None else self.bare

    @property
    def disputed(self) -> bool:
        """Whether a reading of an open point gives this value differently."""
        return bool(self.others)


@dataclass(frozen=True)
class StepView:
    """A step for display: translated text and reason, resolved citations, warnings.

    ``number`` is the step's place in the engine's ruling (the API's
    numbers); ``shown`` its number on the page, which lists the steps by
    outcome (:attr:`RulingView.trace`) and numbers them in that order, and
    ``shown_see`` the page numbers of the steps it points to.  ``refs`` are the numbers of this step's clauses in the ruling's list of
    cited clauses (:attr:`RulingView.sources`), in the step's order.
    """

    step: Step
    number: int
    text: str
    reason: str
    citations: tuple[ResolvedCitation, ...]
    refs: tuple[int, ...] = ()
    shown: int = 0
    shown_see: tuple[int, ...] = ()

    @property
    def outcome(self) -> str:
        """The outcome's value: ``"applied"``, ``"not_applicable"``, ``"silent"``,
        ``"not_covered"`` or ``"assumed"``."""
        return self.step.outcome.value

    @property
    def see(self) -> tuple[int, ...]:
        """The numbers of the steps this one points to (e.g. the check behind a number)."""
        return self.step.see

    @property
    def card_text_may_override(self) -> bool:
        """Whether the step says that card text may override the rule it cites."""
        return self.step.message.id == CARD_TEXT_MAY_OVERRIDE

    @property
    def without_text(self) -> bool:
        """Whether a clause this step rests on had no text in force on the date
        (:attr:`~rulebook.calculator.citations.ResolvedCitation.has_text`)."""
        return any(not c.has_text for c in self.citations)

    @property
    def warnings(self) -> list[str]:
        """The translated drift warnings of this step's citations."""
        return [warning for c in self.citations if (warning := c.warning())]

    @property
    def cited(self) -> tuple[tuple[int, ResolvedCitation], ...]:
        """(number in the ruling's list of clauses, citation) for each clause of the step."""
        return tuple(zip(self.refs, self.citations))


def _section_of(key: str) -> str:
    """The section part of a clause's printed key, up to its paragraph ("1.2.4 › Kartenaufbau "
    of "1.2.4 › Kartenaufbau ¶3"); "" for a key with no paragraph sign ("107.2").

    >>> _section_of("1.2.4 › Kartenaufbau ¶3"), _section_of("107.2")
    ('1.2.4 › Kartenaufbau ', '')
    """
    return key[:key.rindex("¶")] if "¶" in key else ""


@dataclass(frozen=True)
class SourceView:
    """A clause cited by a ruling, listed once with the steps that rely on it.

    ``number`` is its place in the ruling's list of clauses (1-based, the
    anchor ``clause-<number>``); ``steps`` the (engine) numbers of the
    steps citing it and ``shown_steps`` their numbers on the page, in page
    order; ``points`` the numbers of the open points whose readings cite it.
    """

    number: int
    citation: ResolvedCitation
    steps: tuple[int, ...]
    points: tuple[int, ...] = ()
    shown_steps: tuple[int, ...] = ()

    @property
    def anchor(self) -> str:
        """The element id of this clause's entry in the ruling."""
        return f"clause-{self.number}"


@dataclass(frozen=True)
class ReadingView:
    """One reading of an open point for display: label, values, clauses, and
    (for the reading presented first) why the site presents it first.
    ``decided``: a current official ruling supports it; ``set_aside``: a ruling
    decided the point for another reading."""

    reading: Reading
    label: str
    values: tuple[ValueView, ...]
    citations: tuple[tuple[int, ResolvedCitation], ...]
    why: str
    decided: bool = False
    set_aside: bool = False

    @property
    def presented_first(self) -> bool:
        """Whether the ruling's own values follow this reading."""
        return self.reading.presented_first


@dataclass(frozen=True)
class OpenPointView:
    """A point the texts leave open: its readings side by side.

    ``number`` counts the open points of the ruling (1-based); ``rows`` are
    (value label, one text per reading) for every value any reading gives.
    ``decision`` is the current official ruling deciding the point
    (:mod:`rulebook.calculator.decisions`): its reading comes first, marked
    decided, the others are set aside.  ``question`` is the point's question,
    rendered (the readings' "Yes: …"/"No: …" labels answer it); "" if none.
    """

    number: int
    point: str
    readings: tuple[ReadingView, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    decision: deciding.Decision | None = None
    question: str = ""

    @property
    def first(self) -> ReadingView:
        """The reading presented first."""
        return self.readings[0]


@dataclass(frozen=True)
class RulingView:
    """A ruling as the calculator shows it, on the date ``on``.

    ``applied``/``not_applicable``/``silent``/``not_covered``/``assumed``
    are the steps by outcome (each keeps its number in the ruling's order);
    ``sources`` every cited clause once with the steps relying on it;
    ``open_points`` the readings of every point the texts leave open;
    ``other_values`` are the values the answer shows after the decisive ones
    (:func:`answer_first`); ``drift`` is true when any cited clause's version in force differs from
    the cited version.  A ruling citing a clause that had no text on ``on``
    (it did not exist yet, or was repealed) is not
    :attr:`complete`, whatever the engine says: it applies a text that did
    not apply on that date, and ``verdict`` says so.
    """

    ruling: Ruling
    on: datetime.date
    dated: bool
    values: tuple[ValueView, ...]
    steps: tuple[StepView, ...]
    notes: tuple[str, ...]
    sources: tuple[SourceView, ...] = ()
    open_points: tuple[OpenPointView, ...] = ()
    verdict: str = ""
    other_values: tuple[ValueView, ...] = ()
    #: What every value holds under, said once above them on the page (a card text not
    #: understood, or fields that differ from it); "" for none.
    condition: str = ""

    def _by(self, outcome: Outcome) -> tuple[StepView, ...]:
        return tuple(step for step in self.steps if step.step.outcome is outcome)

    @property
    def complete(self) -> bool:
        """Whether every input is covered by the published rules in force on ``on``:
        no input the texts do not define, no cited clause without a text that day."""
        return self.ruling.complete and not self.without_text

    @property
    def settled(self) -> bool:
        """Whether the published texts decide everything (no assumption, silent or open
        point) and every cited clause had a text in force on ``on``."""
        return self.ruling.settled and not self.without_text

    @functools.cached_property
    def grounds(self) -> tuple[tuple[SourceView, str], ...]:
        """:attr:`sources` for "Rests on:", the clauses of one section together, in the order
        each section is first cited: each with its link text, the whole key for the first of
        its section ("1.2.4 › Kartenaufbau ¶3"), its paragraph alone for the next ("¶2"); a
        phone shows the whole line on its first screen (break-it round 18: ten keys naming
        their section in two languages took 370 px)."""
        sections: dict[str, list[SourceView]] = {}
        for source in self.sources:
            sections.setdefault(_section_of(source.citation.display_key), []).append(source)
        return tuple((source, source.citation.display_key[len(section) if index else 0:])
                     for section, group in sections.items()
                     for index, source in enumerate(group))

    @functools.cached_property
    def without_text(self) -> tuple[ResolvedCitation, ...]:
        """The cited clauses (steps and readings) that had no text in force on ``on``
        (found once per view: :attr:`complete` and :attr:`settled` both ask)."""
        return tuple(source.citation for source in self.sources
                     if not source.citation.has_text)

    @property
    def decided(self) -> tuple[StepView, ...]:
        """The steps that decided the ruling (all but NOT_APPLICABLE and NOT_COVERED), in order."""
        return tuple(step for step in self.steps
                     if step.step.outcome not in (Outcome.NOT_APPLICABLE, Outcome.NOT_COVERED))

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
    def not_covered(self) -> tuple[StepView, ...]:
        """The NOT_COVERED steps (inputs the published texts do not define), in order."""
        return self._by(Outcome.NOT_COVERED)

    @property
    def assumed(self) -> tuple[StepView, ...]:
        """The ASSUMED steps (facts from outside the published texts), in order."""
        return self._by(Outcome.ASSUMED)

    @property
    def drift(self) -> bool:
        """Whether any step carries a drift warning (each citation asked once)."""
        cited = {id(citation): citation for step in self.steps for citation in step.citations}
        return any(citation.warning() for citation in cited.values())

    @property
    def trace(self) -> tuple[StepView, ...]:
        """The steps in the order the page shows them (not covered, decided, not
        applicable), which is the order of their :attr:`StepView.shown` numbers."""
        return self.not_covered + self.decided + self.not_applicable

    @property
    def official_rulings(self) -> tuple[RulingLink, ...]:
        """The official rulings current on the ruling's date on the clauses the verdict
        rests on (every clause cited, :attr:`sources`), each once, in the order the clauses
        come, then those deciding an open point (:attr:`decided_points`)."""
        return tuple(dict.fromkeys(
            [link for source in self.sources for link in source.citation.rulings]
            + [point.decision.ruling for point in self.decided_points]))

    @property
    def decided_points(self) -> tuple["OpenPointView", ...]:
        """The open points a current official ruling decides, in order."""
        return tuple(point for point in self.open_points if point.decision is not None)


#: The message id of :func:`engine.core.card_text_may_override` steps.
CARD_TEXT_MAY_OVERRIDE = card_text_may_override(
    msg(""), DocumentRef("game", "document").cite("key")).message.id


@speed.in_one_language
def present(ruling: Ruling, on: datetime.date, dated: bool = False) -> RulingView:
    """Translate ``ruling`` and resolve its citations on ``on`` (two queries, or one
    small one when this worker resolved the same citations on ``on`` since the last
    publication: :func:`rulebook.calculator.speed.resolved_citations`).

    Every clause the ruling cites (steps and readings) is listed once in
    :attr:`RulingView.sources`, numbered in order of first citation; steps
    and readings refer to those numbers.
    """
    # Each cited clause once (ruling.citations(): steps, then readings, in order of first
    # citation) with the steps citing it (ruling.steps_citing()).  A ruling holds a few
    # citation objects cited many times, and hashing one runs Python: each object is
    # looked up by its id, each clause by its value only the first time its object is met.
    numbers: dict[int, int] = {}  # id(citation object) -> the clause's number
    clauses: dict[Citation, int] = {}  # citation -> its number
    citing: list[list[int]] = []  # per clause, the steps citing it (once per citation)

    def number_of(citation: Citation) -> int:
        found = numbers.get(id(citation))
        if found is None:
            found = clauses.get(citation)
            if found is None:
                found = clauses[citation] = len(clauses) + 1
                citing.append([])
            numbers[id(citation)] = found
        return found

    step_clauses = []
    for number, step in enumerate(ruling.steps, 1):
        mine = [number_of(citation) for citation in step.citations]
        for clause in mine:
            citing[clause - 1].append(number)
        step_clauses.append(tuple(dict.fromkeys(mine)))
    for reading in ruling.readings:
        for citation in reading.citations:
            number_of(citation)
    cited = tuple(clauses)
    resolved = speed.resolved_citations(cited, on, unique=True)  # each clause once
    found = [resolved[c] for c in cited]
    points = ruling.open_points()
    by_points: list[list[int]] = [[] for _c in cited]
    for index, point in enumerate(points, 1):
        for reading in ruling.readings_of(point):
            for citation in reading.citations:
                in_points = by_points[numbers[id(citation)] - 1]
                if index not in in_points:
                    in_points.append(index)
    shown = page_numbers(ruling.steps)
    sources = tuple(SourceView(number, found[number - 1], tuple(citing[number - 1]),
                               tuple(by_points[number - 1]),
                               tuple(sorted(shown[n] for n in citing[number - 1])))
                    for number in range(1, len(cited) + 1))
    steps = []
    for number, (step, mine) in enumerate(zip(ruling.steps, step_clauses), 1):
        steps.append(StepView(step, number, render_message(step.message),
                              render_message(step.reason), tuple(found[n - 1] for n in mine),
                              mine, shown[number], tuple(shown[n] for n in step.see)))
    decided = _decisions(ruling, points, on)
    open_points = tuple(_open_point(ruling, point, index, resolved, clauses, decided.get(point))
                        for index, point in enumerate(points, 1))
    values = tuple(_value_view(v, _others(v, open_points))
                   for v in _decided_values(ruling, decided))
    # A decided point no longer counts as left open in the verdict.
    # (nor do the silent steps about it: read as decided, for the verdict's count only)
    judged = dataclasses.replace(ruling, readings=tuple(
        r for r in ruling.readings if r.point not in decided), steps=tuple(
        dataclasses.replace(s, outcome=Outcome.APPLIED) if s.point in decided else s
        for s in ruling.steps)) if decided else ruling
    condition = next((CONDITIONS[v.shown.id] for v in ruling.values
                      if isinstance(v.shown, Message) and v.shown.id in CONDITIONS), "")
    return RulingView(ruling, on, dated, values, tuple(steps),
                      tuple(render_message(note) for note in ruling.notes), sources,
                      open_points, _verdict(judged, [s.citation for s in sources], on),
                      condition=condition and gettext(condition))


def _decisions(ruling: Ruling, points: Sequence[str], on: datetime.date
               ) -> dict[str, tuple[deciding.Decision, Reading]]:
    """The open points of ``ruling`` a current official ruling decides on ``on``, with the
    reading it supports (:mod:`rulebook.calculator.decisions`); one query when the ruling
    has open points, none otherwise."""
    if not points:
        return {}
    game = ruling.readings[0].citations[0].document.game
    found = {}
    for point, decision in deciding.deciding(game, points, on).items():
        reading = deciding.decided_reading(game, decision, ruling.readings_of(point))
        if reading is not None:
            found[point] = (decision, reading)
    return found


def _decided_values(ruling: Ruling, decided: Mapping[str, tuple[Any, Reading]]
                    ) -> tuple[Value, ...]:
    """The ruling's values, those a decided reading gives taken from that reading."""
    if not decided:
        return ruling.values
    chosen: dict[str, Value] = {}
    for _decision, reading in decided.values():
        if not reading.presented_first:
            chosen.update((value.name, value) for value in reading.values)
    return tuple(chosen.get(value.name, value) for value in ruling.values)


def page_numbers(steps: Sequence[Step]) -> dict[int, int]:
    """Map each step's number in the ruling (1-based) to its number on the page.

    The page lists the steps not covered first, then the steps that decided
    the ruling, then those considered and not applicable, each group in the
    ruling's order; the page numbers count them in that order.

    >>> from engine.core import DocumentRef, msg
    >>> cite = DocumentRef("g", "d").cite("k")
    >>> done = Step(Outcome.APPLIED, msg("a"), (cite,))
    >>> skip = Step(Outcome.NOT_APPLICABLE, msg("b"), (cite,), msg("c"))
    >>> page_numbers([done, skip, done])
    {1: 1, 3: 2, 2: 3}
    """
    not_covered, decided, not_applicable = [], [], []
    for number, step in enumerate(steps, 1):
        (not_covered if step.outcome is Outcome.NOT_COVERED else
         not_applicable if step.outcome is Outcome.NOT_APPLICABLE else decided).append(number)
    return {number: place for place, number in enumerate(
        not_covered + decided + not_applicable, 1)}


def _others(value: Value, points: Sequence["OpenPointView"]) -> tuple[OtherReading, ...]:
    """The value under each reading that gives it differently from the ruling's own value."""
    if not points:
        return ()
    own = value_json(value.value)
    found = []
    for point in points:
        for place, reading in enumerate(point.readings[1:], 2):
            for other in reading.values:
                if other.name == value.name and other.value != own:
                    found.append(OtherReading(other.text, point.number, place))
    return tuple(found)


def _verdict(ruling: Ruling, cited: Sequence[ResolvedCitation], on: datetime.date) -> str:
    """The translated verdict on ``on``: the engine's, unless a cited clause had no text.

    The engine knows no dates; a clause that did not exist yet (or was
    repealed, or whose text then is not in the sources) on ``on`` makes the ruling
    incomplete, and that is said first.
    """
    parts = []
    not_yet, gone, unknown = [], [], []
    for c in cited:  # each clause's drift asked once
        drift = c.drift
        if drift is Drift.NOT_IN_FORCE:
            not_yet.append(c.display_key)
        elif drift is Drift.REPEALED:
            gone.append(c.display_key)
        elif drift is Drift.TEXT_UNKNOWN:
            unknown.append(c.display_key)
    # the date is written only when a clause had no text on it
    day = date_format(on, "SHORT_DATE_FORMAT") if not_yet or gone or unknown else ""
    if not_yet:
        parts.append(_("Incomplete: on %(date)s the cited clauses %(keys)s did not exist yet "
                       "(they were not yet in force); the steps resting on them apply a text "
                       "that did not apply on that date.") % {
            "date": day, "keys": ", ".join(not_yet)})
    if unknown:
        parts.append(_("Incomplete: the texts of the cited clauses %(keys)s in force on "
                       "%(date)s are not available in the sources; the steps resting on them "
                       "apply a later text.") % {"date": day, "keys": ", ".join(unknown)})
    if gone:
        parts.append(_("Incomplete: on %(date)s the cited clauses %(keys)s had been repealed; "
                       "the steps resting on them apply a text that did not apply on that "
                       "date.") % {
            "date": day, "keys": ", ".join(gone)})
    if not parts:
        parts.append(render_message(ruling.verdict))
    elif not ruling.complete:  # incomplete already said: the count of inputs, and the scope
        parts.append(render_message(msg_plural(
            gettext_noop("In addition, %(count)s input is not covered by the published rules."),
            gettext_noop("In addition, %(count)s inputs are not covered by the published "
                         "rules."),
            len(ruling.by_outcome(Outcome.NOT_COVERED)))))
        if ruling.scope is not None:
            parts.append(render_message(ruling.scope))
    return " ".join(parts)


def _value_view(value: Value, others: tuple[OtherReading, ...] = ()) -> ValueView:
    shown = value.value if value.shown is None else value.shown
    bare = (value_text(dict(shown.params)["value"])
            if isinstance(shown, Message) and shown.id in CONDITIONS else None)
    return ValueView(value.name, render_message(value.label), value_json(value.value),
                     value_text(shown), others, bare)


def _open_point(ruling: Ruling, point: str, number: int,
                resolved: Mapping[Citation, ResolvedCitation],
                order: Mapping[Citation, int],
                decided: tuple[deciding.Decision, Reading] | None = None) -> OpenPointView:
    """The readings of ``point`` side by side; the reading a ruling decided first."""
    ordered = ruling.readings_of(point)
    if decided is not None:
        ordered = (decided[1],) + tuple(r for r in ordered if r is not decided[1])
    readings = tuple(
        ReadingView(reading, render_message(reading.label),
                    tuple(_value_view(v) for v in reading.values),
                    tuple((order[c], resolved[c]) for c in dict.fromkeys(reading.citations)),
                    render_message(reading.why), decided is not None and place == 0,
                    decided is not None and place > 0)
        for place, reading in enumerate(ordered))
    names: dict[str, str] = {}
    for reading in readings:
        for value in reading.values:
            names.setdefault(value.name, value.label)
    rows = tuple(
        (label, tuple(next((v.text for v in reading.values if v.name == name), "—")
                      for reading in readings))
        for name, label in names.items())
    question = next((r.question for r in ordered if r.question is not None), None)
    return OpenPointView(number, point, readings, rows,
                         decided[0] if decided is not None else None,
                         render_message(question) if question is not None else "")


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
        return example_query(self.scenario, self.example.inputs)


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
            matches = value_json(computed) == value_json(expected)
            shown = computed if found[0].shown is None else found[0].shown
            # identifiers (``"wirkung-a"``) are shown as the ruling shows them
            rows.append((render_message(found[0].label),
                         value_text(shown if matches else expected), value_text(shown), matches))
        runs.append(ExampleRun(scenario, example, tuple(rows), error, sources.get(example.source)))
    return runs

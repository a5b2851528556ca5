"""The engine's vocabulary: citations, messages, steps, rulings, scenarios.

Everything here is an immutable value type or a pure function; nothing
imports Django and nothing keeps global state.  A ruleset module (one per
game) builds :class:`Scenario` objects out of these types; the site renders
their :class:`Field` definitions as forms and their :class:`Ruling` results
as pages.

Messages are not translated here.  The engine emits :class:`Message`
objects whose ``id`` is an English gettext message id with ``%(name)s``
placeholders; the site looks the id up in its catalogs and fills in the
parameters.  Message ids are marked with :func:`_` so that Django's
``makemessages`` extracts them from ``engine/``.

>>> cite = DocumentRef("berserk", "comprehensive-rules").cite("107.2")
>>> step = Step(Outcome.APPLIED, msg("A simple strike may be declared."), (cite,))
>>> ruling = Ruling("demo", (Value("allowed", True, msg("Allowed")),), (step,))
>>> ruling.value("allowed")
True
>>> [c.key for c in ruling.citations()]
['107.2']
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field as dc_field
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, Sequence


def _(message_id: str) -> str:
    """Mark ``message_id`` for extraction by gettext and return it unchanged.

    The engine never translates; the site does (see :class:`Message`).

    >>> _("Allowed")
    'Allowed'
    """
    return message_id


# --------------------------------------------------------------------------
# Messages
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """An untranslated explanation: a gettext message id and its parameters.

    ``id`` is English text with ``%(name)s`` placeholders; ``params`` is a
    tuple of ``(name, value)`` pairs, values being ``str``, ``int``, ``bool``
    or another :class:`Message` (translated before substitution).

    >>> msg("AP %(before)s becomes %(after)s", before=100, after=50).render()
    'AP 100 becomes 50'
    """

    id: str
    params: tuple[tuple[str, Any], ...] = ()

    def param_dict(self) -> dict[str, Any]:
        """Return the parameters as a new ``dict``."""
        return dict(self.params)

    def render(self, translate: Callable[[str], str] = lambda s: s) -> str:
        """Return the message as text, translating ids with ``translate``.

        ``translate`` maps a message id to its translation (the site passes
        ``gettext``); nested :class:`Message` parameters are translated too.
        """
        values = {
            name: value.render(translate) if isinstance(value, Message) else value
            for name, value in self.params
        }
        text = translate(self.id)
        return text % values if values else text


def msg(message_id: str, **params: Any) -> Message:
    """Build a :class:`Message`; parameters are stored sorted by name.

    >>> msg("Hello %(who)s", who="judge").params
    (('who', 'judge'),)
    """
    return Message(message_id, tuple(sorted(params.items())))


# --------------------------------------------------------------------------
# Citations
# --------------------------------------------------------------------------

_KEY_RE = re.compile(r"^[0-9A-Za-z][0-9A-Za-z.\-]*$")


@dataclass(frozen=True)
class DocumentRef:
    """A rule document on the site: game slug and document slug.

    >>> DocumentRef("power-duell", "schutzgottkarten").cite("1.2.4.kartenaufbau.p3").key
    '1.2.4.kartenaufbau.p3'
    """

    game: str
    document: str

    def cite(self, key: str, version: int = 1) -> "Citation":
        """Return a :class:`Citation` of clause ``key`` of this document.

        :raises ValueError: if ``key`` is not a well-formed clause key.
        """
        return Citation(self, key, version)


@dataclass(frozen=True)
class Citation:
    """A clause the engine's logic rests on.

    ``key`` is the clause's stable key within ``document`` (e.g. ``"107.2"``,
    ``"ziel.p3.2"``).  ``version`` is the number of the clause version whose
    text the logic was written against (1 is the text imported from the
    seed); the site compares it with the version in force on the date a
    ruling is asked for and warns when they differ.

    :raises ValueError: if ``key`` is malformed or ``version`` < 1.
    """

    document: DocumentRef
    key: str
    version: int = 1

    def __post_init__(self) -> None:
        if not _KEY_RE.match(self.key):
            raise ValueError(f"malformed clause key: {self.key!r}")
        if self.version < 1:
            raise ValueError(f"version must be >= 1, got {self.version}")


# --------------------------------------------------------------------------
# Steps and rulings
# --------------------------------------------------------------------------

class Outcome(enum.Enum):
    """What a step did.

    - ``APPLIED``: the rule was applied and changed or decided the result.
    - ``NOT_APPLICABLE``: the rule was considered but its condition is not
      met; ``Step.reason`` says which condition, the citation sets it.
    - ``SILENT``: the texts do not settle this point; ``Step.reason`` says
      what the engine assumed, the citations name every clause involved.
    """

    APPLIED = "applied"
    NOT_APPLICABLE = "not_applicable"
    SILENT = "silent"


@dataclass(frozen=True)
class Step:
    """One decision in a ruling, with the clauses it rests on.

    :raises ValueError: if ``citations`` is empty, or ``reason`` is missing
        for a ``NOT_APPLICABLE`` or ``SILENT`` step.
    """

    outcome: Outcome
    message: Message
    citations: tuple[Citation, ...]
    reason: Message | None = None

    def __post_init__(self) -> None:
        if not self.citations:
            raise ValueError("a step must cite at least one clause")
        if self.outcome is not Outcome.APPLIED and self.reason is None:
            raise ValueError(f"a {self.outcome.value} step needs a reason")


@dataclass(frozen=True)
class Value:
    """A result value of a ruling.

    ``value`` is an ``int`` (points, counts), a ``fractions.Fraction``
    (an exact value the rules leave unrounded), ``bool``, ``str`` (an
    identifier the user typed or chose, shown as is), a :class:`Message`
    (a word to translate) or a tuple of those.
    """

    name: str
    value: Any
    label: Message


@dataclass(frozen=True)
class Ruling:
    """The result of evaluating a scenario: values, steps and notes.

    Steps are in the order they were decided.  ``notes`` hold remarks that
    are not decisions (e.g. a contradiction between two clauses).
    """

    scenario: str
    values: tuple[Value, ...]
    steps: tuple[Step, ...]
    notes: tuple[Message, ...] = ()

    def value(self, name: str) -> Any:
        """Return the value called ``name``.

        :raises KeyError: if the ruling has no such value.
        """
        for item in self.values:
            if item.name == name:
                return item.value
        raise KeyError(name)

    def by_outcome(self, outcome: Outcome) -> tuple[Step, ...]:
        """Return the steps with the given outcome, in order."""
        return tuple(step for step in self.steps if step.outcome is outcome)

    def citations(self) -> tuple[Citation, ...]:
        """Return every cited clause once, in order of first citation."""
        seen: dict[Citation, None] = {}
        for step in self.steps:
            for citation in step.citations:
                seen.setdefault(citation, None)
        return tuple(seen)


# --------------------------------------------------------------------------
# Scenario inputs
# --------------------------------------------------------------------------

class InputError(ValueError):
    """Input that breaks a scenario's constraints.

    ``field`` is the dotted path of the offending field (``"target_planet"``,
    ``"minions.1.hit_points"``); ``message`` is a :class:`Message` saying
    what is wrong and what would be accepted.  This is the only exception
    :meth:`Scenario.evaluate` raises for bad input.
    """

    def __init__(self, field: str, message: Message) -> None:
        super().__init__(f"{field}: {message.render()}")
        self.field = field
        self.message = message


class FieldKind(enum.Enum):
    """The type of a scenario input field."""

    INTEGER = "integer"
    BOOLEAN = "boolean"
    CHOICE = "choice"
    MULTIPLE_CHOICE = "multiple_choice"
    GROUP = "group"


@dataclass(frozen=True)
class Choice:
    """An allowed value of a ``CHOICE``/``MULTIPLE_CHOICE`` field."""

    value: str
    label: Message


@dataclass(frozen=True)
class Field:
    """A typed scenario input with its bounds and allowed values.

    - ``INTEGER``: ``minimum``/``maximum`` are inclusive bounds.
    - ``BOOLEAN``: an absent form value is ``False`` (an unticked checkbox).
    - ``CHOICE``: one of ``choices``; ``MULTIPLE_CHOICE``: a ``frozenset``.
    - ``GROUP``: a repeated group of ``fields``, 0..``max_items`` items
      (at least ``min_items``).  In flat form data the number of items is
      the value of ``name`` itself and item ``i``'s field ``f`` is
      ``name-i-f``; in JSON it is a list of objects.

    ``required`` fields must be given (no silent default); ``initial`` is
    only what a form shows pre-filled.
    """

    name: str
    label: Message
    kind: FieldKind
    help: Message | None = None
    required: bool = True
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    fields: tuple["Field", ...] = ()
    min_items: int = 0
    max_items: int = 0
    initial: Any = None

    def choice_values(self) -> tuple[str, ...]:
        """Return the allowed values of a choice field, in order."""
        return tuple(choice.value for choice in self.choices)

    # -- coercion ---------------------------------------------------------

    def coerce(self, raw: Any, path: str) -> Any:
        """Return ``raw`` as this field's Python type.

        ``raw`` may be a form string, a list of strings (multiple choice) or
        a JSON value.  ``None`` means "not given".

        :raises InputError: naming ``path`` if ``raw`` is missing, of the
            wrong type, out of bounds or not an allowed choice.
        """
        if self.kind is FieldKind.BOOLEAN:
            return _coerce_bool(raw, path)
        if raw is None or raw == "" or raw == []:
            if self.kind is FieldKind.MULTIPLE_CHOICE:
                if self.required and self.min_items:
                    raise InputError(path, msg(_("Choose at least one value.")))
                return frozenset()
            if self.required:
                raise InputError(path, msg(_("This field is required.")))
            return None
        if self.kind is FieldKind.INTEGER:
            return self._coerce_int(raw, path)
        if self.kind is FieldKind.CHOICE:
            if not isinstance(raw, str) or raw not in self.choice_values():
                raise InputError(path, msg(
                    _("Choose one of: %(choices)s."), choices=", ".join(self.choice_values())))
            return raw
        if self.kind is FieldKind.MULTIPLE_CHOICE:
            values = [raw] if isinstance(raw, str) else raw
            if not isinstance(values, (list, tuple, set, frozenset)) or any(
                    not isinstance(v, str) or v not in self.choice_values() for v in values):
                raise InputError(path, msg(
                    _("Choose any of: %(choices)s."), choices=", ".join(self.choice_values())))
            return frozenset(values)
        raise InputError(path, msg(_("This field is a group of fields, not a single value.")))

    def _coerce_int(self, raw: Any, path: str) -> int:
        if isinstance(raw, bool):
            raise InputError(path, msg(_("Enter a whole number.")))
        if isinstance(raw, str):
            text = raw.strip()
            if not re.fullmatch(r"[+-]?\d{1,9}", text):
                raise InputError(path, msg(_("Enter a whole number.")))
            value = int(text)
        elif isinstance(raw, int):
            value = raw
        else:
            raise InputError(path, msg(_("Enter a whole number.")))
        if self.minimum is not None and value < self.minimum:
            raise InputError(path, msg(
                _("Enter a number of at least %(minimum)s."), minimum=self.minimum))
        if self.maximum is not None and value > self.maximum:
            raise InputError(path, msg(
                _("Enter a number of at most %(maximum)s."), maximum=self.maximum))
        return value


def _coerce_bool(raw: Any, path: str) -> bool:
    if raw is None or raw == "" or raw is False:
        return False
    if raw is True:
        return True
    if isinstance(raw, (list, tuple)):
        raw = raw[-1] if raw else ""
        return _coerce_bool(raw, path)
    if isinstance(raw, str) and raw.lower() in ("1", "true", "on", "yes"):
        return True
    if isinstance(raw, str) and raw.lower() in ("0", "false", "off", "no"):
        return False
    raise InputError(path, msg(_("Enter yes or no.")))


def _first(raw: Any) -> Any:
    """Reduce a form value list to its last item (the one a browser sends last)."""
    if isinstance(raw, (list, tuple)):
        return raw[-1] if raw else None
    return raw


def validate_fields(fields: Sequence[Field], data: Mapping[str, Any],
                    prefix: str = "") -> Mapping[str, Any]:
    """Validate JSON-style ``data`` against ``fields``.

    Returns a read-only mapping of field name to typed value (groups become
    tuples of read-only mappings).  Unknown keys are ignored.

    :raises InputError: for the first field that is missing or invalid.
    """
    if not isinstance(data, Mapping):
        raise InputError(prefix.rstrip(".") or "input", msg(_("Expected an object of named fields.")))
    result: dict[str, Any] = {}
    for spec in fields:
        path = prefix + spec.name
        raw = data.get(spec.name)
        if spec.kind is FieldKind.GROUP:
            items = [] if raw is None else raw
            if not isinstance(items, (list, tuple)):
                raise InputError(path, msg(_("Expected a list.")))
            _check_count(spec, len(items), path)
            result[spec.name] = tuple(
                validate_fields(spec.fields, item, f"{path}.{index}.")
                for index, item in enumerate(items))
        else:
            result[spec.name] = spec.coerce(raw, path)
    return MappingProxyType(result)


def parse_form(fields: Sequence[Field], data: Mapping[str, Any],
               prefix: str = "") -> Mapping[str, Any]:
    """Validate flat form data (as in a query string) against ``fields``.

    ``data`` maps parameter names to a string or a list of strings (as
    Django's ``QueryDict.lists()`` gives).  Group item ``i``'s field ``f``
    is the parameter ``group-i-f``; the group's own parameter holds the
    number of items.

    :raises InputError: for the first field that is missing or invalid; the
        field path uses dots (``"minions.0.threat"``).
    """
    result: dict[str, Any] = {}
    for spec in fields:
        name = prefix + spec.name
        path = name.replace("-", ".")
        if spec.kind is FieldKind.GROUP:
            count_field = Field(spec.name, spec.label, FieldKind.INTEGER,
                                minimum=spec.min_items, maximum=spec.max_items)
            raw_count = _first(data.get(name))
            count = count_field.coerce(raw_count if raw_count not in (None, "") else "0", path)
            result[spec.name] = tuple(
                parse_form(spec.fields, data, f"{name}-{index}-") for index in range(count))
        elif spec.kind is FieldKind.MULTIPLE_CHOICE:
            raw = data.get(name)
            result[spec.name] = spec.coerce(
                [raw] if isinstance(raw, str) else list(raw or []), path)
        else:
            result[spec.name] = spec.coerce(_first(data.get(name)), path)
    return MappingProxyType(result)


def _check_count(spec: Field, count: int, path: str) -> None:
    if count < spec.min_items:
        raise InputError(path, msg(_("Give at least %(minimum)s items."), minimum=spec.min_items))
    if count > spec.max_items:
        raise InputError(path, msg(_("Give at most %(maximum)s items."), maximum=spec.max_items))


# --------------------------------------------------------------------------
# Scenarios and rulesets
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class Example:
    """A worked example given in a seed text, with its expected result.

    ``inputs`` is JSON-style input for the scenario; ``expected`` maps
    result value names to the values the text states; ``source`` cites the
    clause that contains the example.
    """

    slug: str
    title: Message
    inputs: Mapping[str, Any]
    expected: Mapping[str, Any]
    source: Citation


@dataclass(frozen=True)
class Scenario:
    """A situation a judge can look up: typed inputs and a ruling.

    ``evaluator`` receives validated inputs (see :func:`validate_fields`) and
    returns a :class:`Ruling`; ``check`` (optional) raises
    :class:`InputError` for combinations of valid fields that the rules
    exclude.  ``citations`` lists every citation the evaluator can emit.
    """

    slug: str
    game: str
    title: Message
    summary: Message
    fields: tuple[Field, ...]
    evaluator: Callable[[Mapping[str, Any]], Ruling]
    citations: tuple[Citation, ...]
    examples: tuple[Example, ...] = ()
    check: Callable[[Mapping[str, Any]], None] | None = None

    def validate(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate JSON-style input; see :func:`validate_fields`.

        :raises InputError: naming the offending field.
        """
        inputs = validate_fields(self.fields, data)
        if self.check is not None:
            self.check(inputs)
        return inputs

    def parse_form(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """Validate flat form data; see :func:`parse_form`.

        :raises InputError: naming the offending field.
        """
        inputs = parse_form(self.fields, data)
        if self.check is not None:
            self.check(inputs)
        return inputs

    def evaluate(self, data: Mapping[str, Any]) -> Ruling:
        """Validate JSON-style ``data`` and return the ruling.

        :raises InputError: for invalid input; nothing else escapes.
        """
        return self.evaluator(self.validate(data))

    def evaluate_form(self, data: Mapping[str, Any]) -> Ruling:
        """Validate flat form ``data`` and return the ruling.

        :raises InputError: for invalid input; nothing else escapes.
        """
        return self.evaluator(self.parse_form(data))


@dataclass(frozen=True)
class Ruleset:
    """The scenarios of one game and the documents they cite."""

    game: str
    title: Message
    documents: tuple[DocumentRef, ...]
    scenarios: tuple[Scenario, ...] = dc_field(default=())

    def scenario(self, slug: str) -> Scenario:
        """Return the scenario called ``slug``.

        :raises KeyError: if this ruleset has no such scenario.
        """
        for item in self.scenarios:
            if item.slug == slug:
                return item
        raise KeyError(slug)

    def citations(self) -> tuple[Citation, ...]:
        """Return every citation any scenario of this ruleset can emit."""
        seen: dict[Citation, None] = {}
        for item in self.scenarios:
            for citation in item.citations:
                seen.setdefault(citation, None)
        return tuple(seen)


def find_scenario(rulesets: Iterable[Ruleset], game: str, slug: str) -> Scenario:
    """Return scenario ``slug`` of ``game`` among ``rulesets``.

    :raises KeyError: if there is no such game or scenario.
    """
    for ruleset in rulesets:
        if ruleset.game == game:
            return ruleset.scenario(slug)
    raise KeyError(game)

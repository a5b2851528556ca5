"""The calculator's speed-ups, all behind this one seam, so that a cold ruling (a
table never asked before, no page cache answering) costs little.  Four trades:

1. **Memory in each worker for time per ruling**: per-process copies
   (:class:`rulebook.caching.process.ProcessIndex`) of what changes only on
   publication or deployment.

   - :func:`resolved_citations` — the clauses and versions in force that a
     ruling's citations resolve to (:func:`rulebook.calculator.citations.resolve_citations`,
     two ORM queries and most of a ruling's time without it), kept per worker
     for the same citations and date under the rulebook's publication stamp
     (:func:`rulebook.caching.pages.rulebook_generation`, one small query; on a
     whole page the one the page cache already read for the request's key,
     :func:`rulebook.caching.pages.request_generation`): any
     publication, edit or scheduled version falling due gives a new stamp, so
     a kept answer is never older than the database, and the shared cache (Redis on
     several servers) is not asked on each ruling.  At most
     :data:`CITATION_SETS` answers are kept (a reader may choose any date).
     The kept clause and version objects are shared between requests: they
     are only read.  Each is a :class:`KeptCitation`, which remembers what it
     says per language (printed key, addresses, version line, drift, whether it
     has a text, its drift warning, its link in a step's "Rests on:" and under
     the verdict, its JSON per site origin: :func:`remembered`); it is replaced
     with its stamp, so what a reader sees changes with a published correction
     and only then.  A ruling's steps link each cited clause from one list made
     per ruling (:func:`_clause_links`), not once per step citing it.
   - :data:`TRANSLATED` — gettext's answer per language and message id (the
     code's message ids: bounded), instead of Django's lookup for each of the
     hundreds of labels, choices and steps of a ruling; emptied when a test
     changes the languages or the catalogs' paths.  :func:`field_texts`: a
     scenario field's label, help and choice labels, translated once per field
     and language (:data:`FIELD_TEXTS`, bounded by the code's fields);
     :func:`field_plans`: what binding each of a scenario's fields needs that
     depends only on the code and the language (texts, layout, defaults,
     :class:`~rulebook.calculator.services.FieldPlan`), once per scenario and
     language (:data:`FIELD_PLANS`), so that a form binds its hundred fields
     with a copied dictionary each; :func:`blank_fields`: a group's blank item (initial
     values only) bound once per plan, HTML name and item label (:data:`BLANK_FIELDS`,
     shared and only read; its fields that pick a card copied per form, which gives
     them its cards), not with every form (two fifths of a form's fields).
     :func:`in_one_language` looks the active language and the script prefix
     up once for a whole presentation, form, markup or page (the calculator's
     views render in it; Django's lookups cost microseconds each time).
     :func:`rendered` renders a message with its numbers, texts, flags, choices,
     lists and nested messages inline (a second writer of :meth:`engine.core.Message.render`'s
     common cases, compared with it by a test), and :func:`query_string`
     writes the calculator's query strings without ``quote_plus`` for what it
     leaves as it is (a second writer of ``urlencode``, compared by a test);
     :func:`short_form` the parameters of a ruling's short address in one walk (a
     second writer of ``to_form(non_default(…))``, compared by a test);
     :func:`htmx_target` reads htmx's target from ``request.META`` without building
     ``request.headers`` (a second reader of django-htmx's, compared by a test).
   - :func:`_today` — today's short date as written in a language (the printed
     date, the date of a ruling not dated by the reader): one day per language,
     emptied when a test changes the languages or the formats.
   - :func:`example_links` — the worked examples to start from (each one's
     short address, read by the engine), which depend only on the scenario and
     the language (the code): kept per scenario and language in a dictionary,
     without asking the shared cache for a generation on every page.

   A cache that fails is a miss: the value is then computed as without it,
   never a 500.  Tests reach the stored values through :data:`CITATIONS`
   (``ProcessIndex.clear``) and :data:`EXAMPLE_LINKS`.

2. **Markup written twice for a tenth of the template engine's time**:
   :func:`ruling_region_html`, :func:`steps_html`, :func:`sources_html`,
   :func:`fields_html` and :func:`calculator_html` write the ruling region (the htmx
   fragment of a ruling and its part of the whole page), the ruling's steps, its cited
   clauses, the form's fields and the form around them in Python, byte for byte as
   ``includes/ruling_region.html`` (with ``value.html``), ``includes/step.html``,
   ``includes/source.html``, ``includes/field.html`` (with ``group_item.html`` and
   ``required_mark.html``) and ``includes/calculator.html`` render them.  Those
   templates stay the reference and are no longer rendered on the pages
   (``{% calculator_html %}`` in ``scenario.html`` and ``partial.html``,
   ``{% ruling_region_html %}`` in ``partial.html``; htmx's ruling region, ``partial.html``
   without a region, is written whole by :func:`ruling_fragment_html`, without the template
   engine and the context processors): a test (``tests/rulebook/calculator/test_speed.py``) renders
   both ways for every scenario, worked example, judge case, open point (decided
   by an official ruling or not), language, date (drift notices), error state
   and card reading and asks for the same bytes; with the speed-ups switched off
   the pages render the region's template and give the same bytes.  To change
   the markup, change the template, then this module, until that test passes.  A group's blank
   item (its ``<template>``: initial values only) is written once per form
   address, language and the cards its fields may pick (:data:`BLANK_ITEMS`); each
   field's and group's markup once per field, HTML name (the items' names are the
   code's: bounded by the groups' sizes), language and form address, split around
   what a form changes in it (:data:`FIELD_MARKUP`, :func:`_kept_field`: the value,
   the choices selected, each choice written unselected and selected once, the cards
   a field may pick, a group's count, items and blank item) and filled in per form
   (a field showing an error or a card reading is written afresh); a group item's
   legend and "Remove" once per label and number (:data:`ITEM_LABELS`); the worked
   examples' links once per form address and language (:data:`START_FROM`); a
   cited clause's key link, rulings, warning and details once per kept citation,
   date and language (:func:`remembered`), only its steps per ruling.
   :func:`scenario_page_html` writes the whole scenario page around the form
   (``scenario.html`` with ``base.html``: ``{% scenario_page_html %}``, the only tag of
   ``scenario_page.html``, the view's template), its chrome once per language and script
   prefix (:data:`PAGE_CHROME`), a scenario's title and description once per scenario
   and language (:data:`PAGE_TITLES`); a context it does not know (a variable of
   ``base.html`` the view never sets: :func:`page_written`) is rendered by the
   templates, and so is every page with the speed-ups switched off.

3. **A test for a check on every answer**: a ruling's JSON answer is written in the
   order and with the defaults of its response schema without django-ninja
   validating it again (half of a cold JSON ruling's time: every nested schema
   through ninja's ``DjangoGetter``), and written as text straight from the
   presentation: :func:`ruling_json_response`, a second writer of
   :func:`rulebook.calculator.api.ruling_json` in ``RulingOut``'s shape (instead of
   building some fifty dictionaries, copying them into the schema's order and walking
   them again in JSON's writer: a ninth of a cold JSON ruling's instructions), each
   value written as ``json.dumps`` writes it.  A test
   (``tests/rulebook/calculator/test_speed.py``) asks, for every judge case and worked
   example in every language, today and dated, for the bytes django-ninja writes after
   validating ``ruling_json``'s data.  A kept citation's JSON is shaped
   (:func:`shaped_once`) and written (:func:`_written`) once per language and site
   origin and taken as it is by every answer citing it (more than half of a ruling's
   bytes are its steps' citations), a cited clause's fixed part likewise.
   :func:`json_response` writes data of a schema's types in its shape (:func:`shaped`):
   the reference, and the answer when the renderer is set to indent.
   :func:`query_dict` reads an API request's query (``request.GET``, handed over by
   :class:`rulesite.middleware.ApiRequestMiddleware`; a calculator page's by
   :func:`rulebook.calculator.views.scenario_form`) as Django reads it, without six
   calls per parameter: a second reader, compared with Django's by a test, of the
   queries Django reads the same way (ASCII, UTF-8, within the field limit).

Addresses on a ruling's page and in its JSON go through
:func:`rulebook.models.rules.page_address` (``{% address %}`` in the templates),
``reverse()`` remembered per process, language and script prefix: reversing the
API's evaluation address alone cost a third of a millisecond per page.
"""

from __future__ import annotations

import codecs
import copy
import dataclasses
import datetime
import functools
import json
import logging
import re
import threading
import types
import typing
from html import escape as _escape
from json.encoder import encode_basestring_ascii
from typing import Any, Callable, Hashable, Iterable, Sequence, TypeVar
from urllib.parse import parse_qsl, quote_plus, unquote, urlencode

from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse, QueryDict
from django.conf import settings
from django.urls import get_script_prefix, reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as django_gettext, pgettext

from ninja.renderers import JSONRenderer
from pydantic import BaseModel

from engine.core import Choice, Citation, FieldKind, Message, Scenario
from rulebook.caching.pages import request_generation, rulebook_generation
from rulebook.caching.process import ProcessIndex
from rulebook.models.rules import page_address
from rulebook.reading.pagefacts import with_date
from rulebook.calculator.citations import ResolvedCitation, resolve_citations

V = TypeVar("V")

logger = logging.getLogger(__name__)

#: How many (citations, date) answers each worker keeps.
CITATION_SETS = 512
#: Resolved citations per (publication stamp, date, citations).
CITATIONS: ProcessIndex[dict[Citation, ResolvedCitation]] = ProcessIndex(
    "rulebook:calculator:citations:generation", ttl=300.0, maxsize=CITATION_SETS,
    shared=False)  # the key holds the publication stamp: no shared cache read per ruling
#: The worked examples' (title, query) per (game, scenario, language): the code's, so
#: the same until a new release starts new workers (no shared cache asked per page).
EXAMPLE_LINKS: dict[tuple[str, str, str | None], list[tuple[str, str]]] = {}
#: At most this many (the code's scenarios, times the languages).
EXAMPLE_LINKS_KEPT = 1024


def _bounded(table: dict[Hashable, V], key: Hashable, limit: int, build: Callable[[], V]) -> V:
    """``table[key]``, else ``build()`` kept under ``key`` (``table`` emptied first when it
    holds ``limit`` entries): a per-process memo of what the code and the language decide."""
    found = table.get(key)
    if found is None:
        found = build()
        if len(table) >= limit:
            table.clear()
        table[key] = found
    return found


def _kept(index: ProcessIndex[V], key: Callable[[], Hashable], build: Callable[[], V]) -> V:
    """``index``'s value under ``key()``, or ``build()`` when the cache fails (a miss)."""
    try:
        found = key()
    except Exception:  # noqa: BLE001 — a failing cache is a miss, never a 500
        logger.warning("calculator cache key failed; computing without the cache",
                       exc_info=True)
        return build()
    return index.get(found, build)


class KeptCitation(ResolvedCitation):
    """A :class:`~rulebook.calculator.citations.ResolvedCitation` kept in :data:`CITATIONS`,
    which remembers what it says per language (its printed key, its address, its drift):
    the same clause, version and date say the same thing to every reader of a language,
    and a publication gives a new stamp, so new objects."""

    @property
    def drift(self):
        """:attr:`ResolvedCitation.drift`, worked out once."""
        said = self.__dict__.get("_drift")
        if said is None:
            said = ResolvedCitation.drift.fget(self)
            object.__setattr__(self, "_drift", said)
        return said

    def _said(self, what: Hashable, build: Callable[[], Any]) -> Any:
        key = (what, language())
        memo = self.__dict__.get("_memo")
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        try:
            return memo[key]
        except KeyError:
            memo[key] = found = build()
            return found

    @property
    def has_text(self) -> bool:
        """:attr:`ResolvedCitation.has_text`, worked out once."""
        said = self.__dict__.get("_has_text")
        if said is None:
            said = ResolvedCitation.has_text.fget(self)
            object.__setattr__(self, "_has_text", said)
        return said

    def warning(self) -> str:
        """:meth:`ResolvedCitation.warning`, once per language."""
        return self._said("warning", lambda: ResolvedCitation.warning(self))

    @property
    def display_key(self) -> str:
        """:attr:`ResolvedCitation.display_key`, once per language."""
        return self._said("key", lambda: ResolvedCitation.display_key.fget(self))

    def url(self) -> str:
        """:meth:`ResolvedCitation.url`, once per language and script prefix."""
        return self._said(("url", script_prefix()), lambda: ResolvedCitation.url(self))


def remembered(citation: ResolvedCitation, what: Hashable, build: Callable[[], Any]) -> Any:
    """``build()`` — what ``citation`` says, depending only on it, ``what`` and the
    language — once per language for a :class:`KeptCitation` (shared: never to be
    changed by the caller)."""
    if isinstance(citation, KeptCitation):
        return citation._said(what, build)
    return build()


def _keeping(resolved: dict[Citation, ResolvedCitation]) -> dict[Citation, KeptCitation]:
    return {citation: KeptCitation(**{f.name: getattr(found, f.name)
                                      for f in dataclasses.fields(found)})
            for citation, found in resolved.items()}


def resolved_citations(citations: Iterable[Citation], on: datetime.date,
                       unique: bool = False) -> dict[Citation, ResolvedCitation]:
    """:func:`~rulebook.calculator.citations.resolve_citations`, kept per worker under
    the rulebook's publication stamp (one small query instead of two), each a
    :class:`KeptCitation`.  ``unique``: ``citations`` is a tuple naming each clause once
    (as :func:`rulebook.calculator.services.present` makes it), not made so again."""
    cited = citations if unique and citations.__class__ is tuple else tuple(
        dict.fromkeys(citations))
    # the page cache's generation for this request when it read one (one query less)
    return _kept(CITATIONS, lambda: (request_generation() or rulebook_generation(), on, cited),
                 lambda: _keeping(resolve_citations(cited, on)))


def example_links(scenario: Scenario) -> list[tuple[str, str]]:
    """:func:`rulebook.calculator.services.example_links`, kept per scenario and language."""
    from rulebook.calculator.services import example_links as links  # services imports speed

    return _bounded(EXAMPLE_LINKS, (scenario.game, scenario.slug, language()),
                    EXAMPLE_LINKS_KEPT, lambda: links(scenario))


# --------------------------------------------------------------------------
# Translations looked up once per message id and language
# --------------------------------------------------------------------------
# What it trades: a dictionary per language in each worker (the message ids of the
# code: a few thousand strings at most) for Django's gettext on every label, choice
# and step of every ruling (hundreds per page).  The catalogs are read once per
# process anyway; a test that changes the languages or the catalogs' paths empties it.

#: The translations looked up so far: language → message id → translation.
TRANSLATED: dict[str | None, dict[str, str]] = {}
#: The translator of the language a function of :func:`in_one_language` runs in (per thread).
_SCOPE = threading.local()


def _translator(language: str | None) -> Callable[[str], str]:
    """Django's gettext in ``language`` (the active one), remembered per message id; its
    ``language`` attribute names it."""
    table = TRANSLATED.setdefault(language, {})

    def say(message_id: str) -> str:
        try:
            return table[message_id]
        except KeyError:
            text = django_gettext(message_id)
            if message_id.__class__ is str:
                table[message_id] = text
            return text

    say.language = language  # type: ignore[attr-defined]
    return say


def in_one_language(function: Callable[..., V]) -> Callable[..., V]:
    """Run ``function`` with the active language and the script prefix looked up once
    (each of Django's lookups costs microseconds, hundreds of times per ruling) for
    :func:`gettext`, :func:`language`, :func:`script_prefix` and the kept citations.  Only
    for functions that change neither (no ``{% language %}`` in a template rendered so)."""
    @functools.wraps(function)
    def run(*args: Any, **kwargs: Any) -> V:
        previous = getattr(_SCOPE, "say", None)
        say = _SCOPE.say = _translator(translation.get_language())
        say.prefix = get_script_prefix()  # type: ignore[attr-defined]
        try:
            return function(*args, **kwargs)
        finally:
            _SCOPE.say = previous
    return run


def language() -> str | None:
    """The active language (as :func:`django.utils.translation.get_language`)."""
    say = getattr(_SCOPE, "say", None)
    return translation.get_language() if say is None else say.language


def script_prefix() -> str:
    """The script prefix (as :func:`django.urls.get_script_prefix`)."""
    say = getattr(_SCOPE, "say", None)
    return get_script_prefix() if say is None else say.prefix


def gettext(message_id: str) -> str:
    """Django's :func:`~django.utils.translation.gettext` of ``message_id`` in the active
    language, remembered per language and message id (not for lazy or safe strings)."""
    say = getattr(_SCOPE, "say", None)
    if say is None:
        say = _translator(translation.get_language())
    return say(message_id)


def rendered(message: Message) -> str:
    """``message.render(gettext)`` (:meth:`engine.core.Message.render` with :func:`gettext`),
    without a call per parameter for the common ones: numbers, text and nested messages
    are written here; a message with another parameter (a choice, a list) is rendered by
    the engine.  A ruling renders some seventy messages.

    :raises KeyError, ValueError, TypeError: as ``Message.render`` (a broken translation).
    """
    say = getattr(_SCOPE, "say", None) or _translator(translation.get_language())
    return _rendered(message, say)


#: Marks a parameter :func:`_param` leaves to :meth:`engine.core.Message.render`.
_OTHER = object()


def _rendered(message: Message, say: Callable[[str], str]) -> str:
    params = message.params
    if message.plural:  # a message that counts: the language's form for its count
        return message.render(say, translate_plural=translation.ngettext)
    if not params:
        return say(message.id)
    values = {}
    for name, value in params:
        kind = value.__class__
        if kind is Message:
            value = _rendered(value, say)
        elif kind is not int and kind is not str:
            value = _param(value, say)
            if value is _OTHER:
                return message.render(say)
        values[name] = value
    return say(message.id) % values


def _param(value: Any, say: Callable[[str], str]) -> Any:
    """A parameter as :func:`engine.core._render_param` gives it (no ``show_choice``):
    a choice as its label, a tuple's items joined; :data:`_OTHER` for a kind not written
    here (a subclass)."""
    kind = value.__class__
    if kind is int or kind is str or kind is bool:
        return value
    if kind is Message:
        return _rendered(value, say)
    if kind is Choice:
        return _rendered(value.label, say) if value.label.__class__ is Message else _OTHER
    if kind is tuple:
        items = [_param(item, say) for item in value]
        return _OTHER if _OTHER in items else ", ".join(str(item) for item in items)
    return _OTHER


@dataclasses.dataclass(frozen=True)
class FieldTexts:
    """What a scenario field (:class:`engine.core.Field`) says to a reader of one language:
    its label, help and ``required_when`` texts and its choices as (value, label), each
    translated as :func:`rulebook.calculator.services.render_message` translates it."""

    label: str
    help: str
    required_when: str
    choices: tuple[tuple[str, str], ...]

    @functools.cached_property
    def labels(self) -> dict[str, str]:
        """The choices' labels by value (made once; not to be changed by the caller)."""
        return dict(self.choices)


#: The texts of the fields read so far: language → ``id(spec)`` → (spec, its texts); the
#: spec is kept with its texts, so an id is never another field's.
FIELD_TEXTS: dict[str | None, dict[int, tuple[Any, FieldTexts]]] = {}
#: At most this many fields per language (the scenarios' fields: a few hundred).
FIELD_TEXTS_PER_LANGUAGE = 4096


def field_texts(spec: Any) -> FieldTexts:
    """``spec``'s :class:`FieldTexts` in the active language, worked out once per field
    and language (a form binds and a situation describes every field and choice label of
    the scenario on every ruling; the fields are the code's, so the same each time)."""
    table = FIELD_TEXTS.get(say_language := language())
    if table is None:
        table = FIELD_TEXTS.setdefault(say_language, {})
    found = table.get(id(spec))
    if found is not None and found[0] is spec:
        return found[1]
    from rulebook.calculator.services import render_message  # services imports speed

    texts = FieldTexts(render_message(spec.label), render_message(spec.help),
                       render_message(spec.required_when),
                       tuple((choice.value, render_message(choice.label))
                             for choice in spec.choices))
    if len(table) >= FIELD_TEXTS_PER_LANGUAGE:
        table.clear()
    table[id(spec)] = (spec, texts)
    return texts


#: The scenarios' forms planned so far (:func:`field_plans`): language → ``id(scenario)`` →
#: (scenario, its plans); the scenario is kept with its plans, so an id is never another's.
FIELD_PLANS: dict[str | None, dict[int, tuple[Any, Any]]] = {}
#: At most this many scenarios per language (the code's: a few dozen).
FIELD_PLANS_PER_LANGUAGE = 256


def field_plans(scenario: Scenario, build: Callable[[Scenario], V]) -> V:
    """``build(scenario)`` (:func:`rulebook.calculator.services.field_plans`: what binding
    each of the scenario's fields needs that depends only on the code and the language),
    worked out once per scenario and language."""
    table = FIELD_PLANS.setdefault(language(), {})
    found = table.get(id(scenario))
    if found is not None and found[0] is scenario:
        return found[1]
    plans = build(scenario)
    if len(table) >= FIELD_PLANS_PER_LANGUAGE:
        table.clear()
    table[id(scenario)] = (scenario, plans)
    return plans


#: A group's blank item as bound (:func:`blank_fields`): (``id(plan)``, HTML name, label)
#: → (plan, what the binder kept).  At most :data:`FIELD_MARKUP_KEPT`.
BLANK_FIELDS: dict[tuple, tuple[Any, Any]] = {}


def blank_fields(plan: Any, name: str, label: str, build: Callable[[], V]) -> V:
    """``build()``: a group's blank item bound (:func:`rulebook.calculator.services.bind_form`),
    which depends only on the group's plan (:func:`field_plans`: its scenario and the
    language), its HTML name and its item label; kept per those (the items' names are the
    code's: bounded by the groups' sizes)."""
    key = (id(plan), name, label)
    found = BLANK_FIELDS.get(key)
    if found is not None and found[0] is plan:
        return found[1]
    kept = build()
    if len(BLANK_FIELDS) >= FIELD_MARKUP_KEPT:
        BLANK_FIELDS.clear()
    BLANK_FIELDS[key] = (plan, kept)
    return kept


@receiver(setting_changed)
def _forget_translations(setting: str, **_kwargs: Any) -> None:
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS"}:
        TRANSLATED.clear()
        FIELD_TEXTS.clear()
        FIELD_PLANS.clear()
        BLANK_FIELDS.clear()
        BLANK_ITEMS.clear()
        PAGE_TITLES.clear()
        FIELD_MARKUP.clear()
        ITEM_LABELS.clear()
        START_FROM.clear()
        EXAMPLE_LINKS.clear()
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS",
                   "FORMAT_MODULE_PATH", "SHORT_DATE_FORMAT", "USE_L10N"}:
        _TODAY.clear()
    if setting in {"LANGUAGES", "LANGUAGE_CODE", "LOCALE_PATHS", "INSTALLED_APPS",
                   "STATIC_URL", "STORAGES", "DEBUG"}:  # the chrome's texts and files
        PAGE_CHROME.clear()


# --------------------------------------------------------------------------
# Query strings written without a call per plain parameter
# --------------------------------------------------------------------------
# What it trades: a second writer of the calculator's query strings for urlencode's
# quoting calls (two per parameter, a ruling's address has some twenty): a name or value
# of the characters quote_plus never quotes is written as it is; any other through
# quote_plus.  A test compares it with urlencode.

#: What :func:`urllib.parse.quote_plus` leaves as it is (with ``safe=""``).
_PLAIN_QUERY = re.compile(r"[A-Za-z0-9_.~-]*")


def query_string(form: dict[str, list[str]]) -> str:
    """``urlencode(form, doseq=True)`` of flat form data (names → lists of texts)."""
    plain, quote = _PLAIN_QUERY.fullmatch, quote_plus
    parts = []
    for name, values in form.items():
        if name.__class__ is not str or values.__class__ is not list:
            return urlencode(form, doseq=True)
        key = name if plain(name) else quote(name)
        for value in values:
            if value.__class__ is not str:
                return urlencode(form, doseq=True)
            parts.append(f"{key}={value if plain(value) else quote(value)}")
    return "&".join(parts)


def short_form(fields: Sequence[Any], inputs: Any, prefix: str = "",
               form: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """``to_form(non_default(fields, inputs))`` (:func:`rulebook.calculator.services.to_form`
    of :func:`~rulebook.calculator.services.non_default`: the form's parameters of the
    validated ``inputs`` that differ from their fields' defaults, under ``prefix``) in one
    walk, without the dictionaries in between (a second writer, compared by a test)."""
    if form is None:
        form = {}
    group_kind = FieldKind.GROUP
    for spec in fields:
        value = inputs.get(spec.name)
        name = prefix + spec.name
        if spec.kind is group_kind:
            # an empty group is written when a new form shows blank items (its rows)
            if value or (spec.rows or spec.min_items):
                items = value or ()
                form[name] = [str(len(items))]
                for index, item in enumerate(items):
                    short_form(spec.fields, item, f"{name}-{index}-", form)
            continue
        if value is None or value == spec.omitted():
            continue
        kind = value.__class__
        if kind is bool:
            form[name] = ["on" if value else "off"]  # unticked checkbox sends "off"
        elif isinstance(value, frozenset):  # one address per choice: the field's order
            form[name] = [str(choice) for choice in spec.choice_values() if choice in value]
        elif isinstance(value, (list, tuple, set, frozenset)):
            form[name] = [str(v) for v in value]
        else:
            form[name] = [str(value)]
    return form


#: An address ``build_absolute_uri`` writes after the scheme and host as it is: a path
#: (not ``//``: a host) of the characters ``iri_to_uri`` leaves as they are.
_PLAIN_PATH = re.compile(r"/(?!/)[A-Za-z0-9_.~/#%\[\]=:;$&()+,!?*@'-]*")


def absolute_uri(request: Any, path: str, origin: str | None = None) -> str:
    """``request.build_absolute_uri(path)``, without parsing and quoting a path it would
    leave as it is (:data:`_PLAIN_PATH`, no ``/./`` or ``/../``); ``origin``: the request's
    ``scheme://host`` when the caller has read it already."""
    if _PLAIN_PATH.fullmatch(path) and "/./" not in path and "/../" not in path:
        return (origin or f"{request.scheme}://{request.get_host()}") + path
    return request.build_absolute_uri(path)


def _htmx_header(meta: dict[str, Any], name: str) -> str | None:
    """django-htmx's ``HtmxDetails._get_header_value`` of header ``name`` (as in
    ``request.META``: ``HX_TARGET``), read from ``request.META`` itself."""
    value = meta.get("HTTP_" + name) or None
    if value and meta.get(f"HTTP_{name}_URI_AUTOENCODED") == "true":
        value = unquote(value)
    return value


def htmx_target(request: Any) -> str | None:
    """``request.htmx.target if request.htmx else None`` (django-htmx) read from
    ``request.META``, without building ``request.headers`` (every header of the request
    parsed, for two): a second reader, compared with django-htmx's by a test."""
    meta = request.META
    if _htmx_header(meta, "HX_REQUEST") != "true":
        return None
    return _htmx_header(meta, "HX_TARGET")


# --------------------------------------------------------------------------
# An API request's query read without a call per parameter
# --------------------------------------------------------------------------
# What it trades: a second reader of a request's query (Django's QueryDict fills itself
# through six calls per parameter: 8.42 -> 7.90 M instructions per cold JSON ruling,
# callgrind) for a test that compares the two on queries of every kind.  Only a query
# Django would read the same way is read here: ASCII (the WSGI server's text is then
# the query's bytes as they are) and within DATA_UPLOAD_MAX_NUMBER_FIELDS (else Django
# reads it, and refuses it, as before).

def query_dict(request: Any) -> QueryDict | None:
    """``request.GET`` as Django's :class:`~django.core.handlers.wsgi.WSGIRequest` reads
    it (the same keys, lists and order; immutable), or ``None`` when Django is to read it:
    another kind of request, a request or site encoding other than UTF-8, a query that is
    not ASCII or has too many fields.  Split on ``&`` and ``=`` as
    :func:`urllib.parse.parse_qsl` does, which decodes it when it holds ``%`` or ``+``."""
    if request.__class__ is not WSGIRequest or request.encoding is not None:
        return None
    query = request.META.get("QUERY_STRING", "")
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    if query.__class__ is not str or not query.isascii() or (
            limit is not None and query and query.count("&") + 1 > limit):
        return None
    encoding = settings.DEFAULT_CHARSET
    if codecs.lookup(encoding).name != "utf-8":
        return None
    if "%" in query or "+" in query:
        pairs = parse_qsl(query, keep_blank_values=True, encoding=encoding)
    else:  # parse_qsl without anything to decode
        pairs = [(name, value) for name, _is, value in
                 (field.partition("=") for field in query.split("&") if field)]
    lists: dict[str, list[str]] = {}
    for name, value in pairs:
        found = lists.get(name)
        if found is None:
            lists[name] = [value]
        else:
            found.append(value)
    read = QueryDict()
    dict.update(read, lists)
    return read


# --------------------------------------------------------------------------
# Hand-written HTML: the ruling's steps and cited clauses
# --------------------------------------------------------------------------
# What it trades: ``includes/step.html`` and ``includes/source.html`` are written
# here in Python, the same markup, for a tenth of the template engine's time — at
# the price of changing the markup in two places.  The templates stay the
# reference: a test renders both ways and asks for the same bytes.  Change the
# templates first, then this, until the test passes.

#: Whether a text holds a character :func:`html.escape` replaces (most texts hold none).
_ESCAPED = re.compile("[&<>\"']").search


def _e(value: Any) -> str:
    """A value as the template engine writes it: text escaped, ``None`` as "None"
    (``str(conditional_escape(value))`` without its lazy-argument wrapper); a text
    without a character to escape and a whole number written as they are."""
    kind = value.__class__
    if kind is str:
        return _escape(value) if _ESCAPED(value) else value
    if kind is int:  # digits and a sign: nothing to escape
        return str(value)
    if isinstance(value, Promise):
        value = str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return _escape(str(value))


def _blocktranslate(msgid: str, **values: Any) -> str:
    """``{% blocktranslate with … %}``: the translation (not escaped), values escaped."""
    return gettext(msgid) % {key: _e(value) for key, value in values.items()}


_REASONS = {
    "silent": "Rules silent — assumed:", "not_applicable": "Not applicable:",
    "not_covered": "Not covered:", "assumed": "Not in the published texts:",
}
_OPEN = ("not_covered", "silent", "assumed")


def _step(step, links: dict | None = None) -> str:
    """A step as ``includes/step.html`` writes it; ``links``: the ruling's cited clauses'
    links by number, each with its citation (:func:`_clause_links`), else written here."""
    outcome = step.step.outcome.value
    reason = ""
    if outcome in _REASONS:
        reason = (f'<p class="step__reason"><strong>{gettext(_REASONS[outcome])}</strong> '
                  f'{_e(step.reason)}</p>' + ("" if outcome == "assumed" else "\n  "))
    see = ""
    if step.shown_see:
        also = gettext("step %(number)s")
        see = ('<p class="step__see">' + gettext("See also:") + " " + ", ".join(
            f'<a class="step__ref" href="#step-{_e(number)}">'
            + also % {"number": _e(number)} + "</a>"
            for number in step.shown_see) + "</p>")
    refs = ""
    cited = tuple(zip(step.refs, step.citations))  # StepView.cited
    if cited:
        if links is None:
            links = _clause_links(cited)
        written = []
        for number, citation in cited:
            found = links.get(number)
            if found is None or found[0] is not citation:  # not the ruling's clause numbered so
                found = _clause_links(((number, citation),))[number]
            written.append(found[1])
        refs = '<p class="step__refs">' + gettext("Rests on:") + "\n    " + ", ".join(
            written) + "</p>"
    shown = _e(step.shown)
    return (
        f'<li class="step step--{_e(outcome)}'
        f'{" step--override" if step.card_text_may_override else ""}" id="step-{shown}">\n'
        f'  <details class="step__details"{" open" if outcome in _OPEN else ""}>\n'
        f'  <summary class="step__text"><span class="step__number">'
        + gettext("Step %(number)s:") % {"number": shown}
        + f'</span> {_e(step.text)}</summary>\n'
        f'  {reason}\n  {see}\n  {refs}\n  </details>\n</li>\n')


def _clause_links(cited: Iterable[tuple[int, Any]]) -> dict[int, tuple[Any, str]]:
    """Each (number, citation) of ``cited`` as a step links it: number → (citation, link)."""
    prefix = script_prefix()
    return {number: (citation, f'<a class="step__ref" href="#clause-{_e(number)}">' + (
        citation._said(("step-ref", prefix), functools.partial(_step_ref, citation))
        if citation.__class__ is KeptCitation else _step_ref(citation)))
        for number, citation in cited}


def _step_ref(citation) -> str:
    """A cited clause in a step's "Rests on:" after its link's address: its printed key,
    whether it had a text on the date and its official rulings (depending only on the
    citation, the language and the script prefix: once per kept citation)."""
    link = f'{_e(citation.display_key)}</a>'
    if not citation.has_text:
        link += (' <span class="step__changed step__changed--no-text">(' + (
            gettext("not yet in force on this date")
            if citation.drift.value == "not_in_force"
            else gettext("no text on this date")) + ")</span>")
    elif citation.warning():
        link += ' <span class="step__changed">(' + gettext("text changed") + ")</span>"
    if citation.rulings:
        link += f' <span class="step__rulings">({_ruling_links(citation)})</span>'
    return link


def _ruling_links(citation) -> str:
    return ", ".join(f'<a href="{_e(link.url)}">{_e(link.label)}</a>' for link in citation.rulings)


@in_one_language
def steps_html(steps: Iterable[Any]) -> SafeString:
    """Each :class:`~rulebook.calculator.services.StepView` as ``includes/step.html``
    renders it, written in Python."""
    return mark_safe("".join(_step(step) for step in steps))


def _version_meta(version) -> str:
    if version:
        return _blocktranslate("version %(number)s", number=version.number) + ", " + (
            _blocktranslate("in force from %(date)s",
                            date=date_format(version.effective_date, "SHORT_DATE_FORMAT"))
            if version.effective_date else gettext("effective date unknown"))
    return gettext("no version in force")


def _source(source, ruling) -> str:
    citation = source.citation
    dated = bool(ruling.dated)
    # what depends on the clause, the date and the language only: once per kept citation
    key, meta, tail = remembered(citation, ("source", dated, ruling.on, script_prefix()),
                                 lambda: _source_parts(citation, ruling, dated))
    steps = ""
    if source.steps:
        steps = gettext("relied on by steps" if len(source.shown_steps) > 1
                        else "relied on by step") + " " + ", ".join(
            f'<a href="#step-{_e(number)}">{_e(number)}</a>' for number in source.shown_steps)
    if source.steps and source.points:
        steps += "; "
    if source.points:
        steps += gettext("readings of open point") + " " + ", ".join(
            f'<a href="#open-point-{_e(number)}">{_e(number)}</a>' for number in source.points)
    return (f'<li class="citation" id="{_e(source.anchor)}">\n  {key}\n'
            f'  <span class="citation__meta">{meta}</span>\n'
            f'  <span class="citation__steps">{steps}</span>{tail}\n</li>\n')


def _source_parts(citation, ruling, dated: bool) -> tuple[str, str, str]:
    """A cited clause's key link, its version line and what follows its steps (rulings,
    warning, details)."""
    if citation.clause:
        key = (f'<a class="citation__key" href="{_e(citation.dated_url(dated))}">'
               f'{_e(citation.display_key)}</a>')
    else:
        key = f'<span class="citation__key">{_e(citation.key)}</span>'
    rulings = ""
    if citation.rulings:
        rulings = ('\n  <p class="citation__rulings">' + gettext("Official rulings:")
                   + f" {_ruling_links(citation)}</p>")
    warning = ""
    said = citation.warning()
    if said:
        label = (gettext("Not yet in force:") if citation.drift.value == "not_in_force"
                 else gettext("No text on this date:") if not citation.has_text
                 else gettext("Text changed:"))
        warning = (f'<p class="notice notice--warning step__warning" role="note"><strong>'
                   f'{label}</strong> {_e(said)}</p>')
    details = ""
    if citation.clause:
        document = citation.citation.document
        address = remembered(citation, ("fragment", script_prefix()), lambda: reverse(
            "calculator:clause", args=[document.game, document.document, citation.key]))
        if ruling.dated:
            address += "?as_of=" + date_format(ruling.on, "Y-m-d")
        details = (
            f'\n  <details class="citation__details" data-hx-get="{_e(address)}" '
            f'data-hx-trigger="toggle once" data-hx-target="find .citation__text" '
            f'data-hx-swap="innerHTML">\n'
            f'    <summary>{gettext("Show the clause text")}</summary>\n'
            f'    <div class="citation__text"><a href="{_e(citation.dated_url(dated))}">'
            + _blocktranslate("Read clause %(key)s on its page", key=citation.display_key)
            + '</a></div>\n  </details>\n  ')
    return key, _version_meta(citation.version), f"{rulings}\n  {warning}\n  {details}"


@in_one_language
def sources_html(ruling) -> SafeString:
    """Each clause the ruling (:class:`~rulebook.calculator.services.RulingView`)
    cites, as ``includes/source.html`` renders it, written in Python."""
    return mark_safe("".join(_source(source, ruling) for source in ruling.sources))


# --------------------------------------------------------------------------
# Hand-written HTML: the ruling region
# --------------------------------------------------------------------------
# What it trades: ``includes/ruling_region.html`` (with ``includes/value.html``)
# written here in Python, the same markup — half of a cold htmx ruling's time was
# the template engine walking the region's values, readings and links.  The
# templates stay the reference (a test renders both ways for every worked example,
# judge case, open and decided point, date and language, and asks for the same
# bytes).  Change the templates first, then this.

def _value(value, several_points: bool) -> str:
    """One value as ``includes/value.html`` writes it (``several_points``: the ruling has
    more than one open point, so each other reading names its point)."""
    others = "".join(
        f'<span class="ruling-value__other">· <a href="#open-point-{_e(other.point)}">'
        + (_blocktranslate("or %(value)s, reading %(number)s of open point %(point)s",
                           value=other.text, number=other.reading, point=other.point)
           if several_points else
           _blocktranslate("or %(value)s, reading %(number)s", value=other.text,
                           number=other.reading)) + "</a></span>"
        for other in value.others)
    return (f'<div class="ruling-value{" ruling-value--disputed" if value.others else ""}'
            f'{" ruling-value--long" if len(value.on_page) > 16 else ""}">'
            f'<dt>{_e(value.label)}</dt><dd>{_e(value.on_page)}{others}</dd></div>\n')


def _values(values: Iterable[Any], ruling) -> str:
    """``values`` of ``ruling``, each as ``includes/value.html`` writes it."""
    several = len(ruling.open_points) > 1
    return "".join(_value(value, several) for value in values)


def _grounds(ruling) -> str:
    """"Rests on:" (every clause the ruling cites: a "no" rests on the clause whose condition
    is not met), the decided points and the official rulings under the verdict."""
    grounds = ruling.grounds
    said = ""
    if grounds:
        dated = bool(ruling.dated)
        said = '<p class="grounds"><strong>' + gettext("Rests on:") + "</strong> " + ", ".join(
            remembered(source.citation, ("ground", dated, script_prefix(), text),
                       functools.partial(_ground, source.citation, dated, text))
            for source, text in grounds) + "</p>"
    decided = ruling.decided_points
    said += "\n  "
    if decided:
        said += ('<p class="grounds grounds--decided"><strong>'
                 + gettext("Decided by an official ruling:") + "</strong> " + "; ".join(
                     f'<a href="#open-point-{_e(point.number)}">'
                     + _blocktranslate("open point %(number)s", number=point.number) + "</a>: "
                     + _blocktranslate("“%(label)s”", label=point.first.label)
                     + f' — <a href="{_e(point.decision.ruling.url)}">'
                     f'{_e(point.decision.label)}</a>' for point in decided) + "</p>")
    links = ruling.official_rulings
    said += "\n  "
    if links:
        said += ('<p class="grounds grounds--rulings"><strong>' + gettext("Official rulings:")
                 + "</strong> " + ", ".join(f'<a href="{_e(link.url)}">{_e(link.label)}</a>'
                                            for link in links) + "</p>")
    return said


def _ground(citation, dated: bool, text: str) -> str:
    """A clause the verdict rests on, linked to its page (dated: with the ruling's date) by
    ``text`` (its paragraph alone after another of its section: its whole key read aloud)."""
    if citation.clause:
        key = citation.display_key
        named = "" if text == key else f' aria-label="{_e(key)}"'
        return (f'<a class="grounds__clause" href="{_e(citation.dated_url(dated))}"{named}>'
                f'{_e(text)}</a>')
    return f'<span class="grounds__clause">{_e(citation.key)}</span>'


def _answer(ruling) -> str:
    """The region's answer: verdict, values, what it rests on, other values, the date."""
    verdict = ("verdict--complete" if ruling.settled else
               "verdict--open" if ruling.complete else "verdict--incomplete")
    other = ""
    if ruling.other_values:
        other = ('<details class="other-values">\n    <summary>' + gettext("Other values")
                 + f' ({len(ruling.other_values)})</summary>\n    <dl class="ruling-values">'
                 + _values(ruling.other_values, ruling) + "</dl>\n  </details>")
    checked = _blocktranslate("Checked against the rule texts in force on %(date)s.",
                              date=date_format(ruling.on, "SHORT_DATE_FORMAT")
                              if ruling.dated else _today(ruling.on))
    return (
        f'  <div class="answer">\n'
        f'  <p class="verdict {verdict}"><strong>{gettext("Verdict:")}</strong> '
        f'{_e(ruling.verdict)}</p>\n'
        + (f'  <p class="values-condition">{_e(ruling.condition)}</p>\n  '
           if ruling.condition else "  ")
        + f'<dl class="ruling-values">\n    {_values(ruling.values, ruling)}\n  </dl>\n'
        f'  {_grounds(ruling)}\n  {other}\n'
        f'  <p class="notice{" notice--dated" if ruling.dated else ""}">{checked}</p>\n'
        f'  </div>\n')


def _situation(situation) -> str:
    """The situation the ruling answers (printed only)."""
    if not situation:
        return ""
    rows = "".join(f"<div><dt>{_e(label)}</dt><dd>{_e(text)}</dd></div>"
                   for label, text in situation)
    return ('\n  <section class="ruling__situation print-only" '
            'aria-labelledby="situation-heading">\n'
            f'    <h3 id="situation-heading">{gettext("The situation")}</h3>\n'
            f'    <dl class="situation">{rows}</dl>\n  </section>\n  ')


def _step_list(steps, heading: str, kind: str, help_text: str = "",
               links: dict | None = None) -> str:
    """A heading and its list of steps (``includes/step.html`` each), or nothing."""
    if not steps:
        return ""
    said = f"\n  <h3>{heading}</h3>\n"
    if help_text:
        said += f'  <p class="help">{help_text}</p>\n'
    return (said + f'  <ul class="steps {kind}">\n    '
            + "".join(_step(step, links) for step in steps) + "\n  </ul>\n  ")


def _reading_number(number: int) -> str:
    """"Reading 2": a readings table cell's label for a narrow screen."""
    return _blocktranslate("Reading %(number)s", number=number)


def _readings_head(point) -> str:
    """The row naming an open point's readings, with their badges."""
    cells = []
    for number, reading in enumerate(point.readings, 1):
        if reading.decided:
            badge = (' <span class="badge badge--decided">'
                     + pgettext("open point", "decided") + "</span>")
        elif reading.set_aside:
            badge = ' <span class="badge badge--former">' + gettext("set aside") + "</span>"
        elif reading.presented_first:
            badge = ' <span class="badge">' + gettext("presented first") + "</span>"
        else:
            badge = ""
        cells.append(
            '<th scope="col" class="readings__reading'
            f'{" readings__reading--first" if reading.presented_first else ""}" '
            f'data-reading="{_reading_number(number)}">{_e(reading.label)}{badge}</th>')
    return '<thead><tr><td class="readings__corner"></td>' + "".join(cells) + "</tr></thead>"


def _readings_body(point) -> str:
    """The rows of an open point's values per reading, then the clauses of each reading."""
    rows = "".join(
        f'<tr><th scope="row">{_e(label)}</th>' + "".join(
            f'<td data-reading="{_reading_number(number)}">{_e(text)}</td>'
            for number, text in enumerate(texts, 1)) + "</tr>"
        for label, texts in point.rows)
    clauses = "".join(
        f'<td data-reading="{_reading_number(number)}">' + ", ".join(
            f'<a class="step__ref" href="#clause-{_e(cited)}">{_e(citation.display_key)}</a>'
            for cited, citation in reading.citations) + "</td>"
        for number, reading in enumerate(point.readings, 1))
    return (f'      <tbody>\n        {rows}\n'
            f'        <tr class="readings__clauses"><th scope="row">{gettext("Clauses")}</th>'
            f'{clauses}</tr>\n      </tbody>\n')


def _open_point(point) -> str:
    """One open point: its question, its readings side by side, why or who decided."""
    first = point.first
    if point.decision:
        end = ('<p class="reading__decided"><strong>'
               + _blocktranslate("Decided: “%(label)s”,", label=first.label)
               + f'</strong> <a href="{_e(point.decision.ruling.url)}">'
               f'{_e(point.decision.label)}</a>. '
               + gettext("The other readings are set aside; they stay shown here.") + "</p>")
    else:
        end = ('\n    <p class="reading__why"><strong>'
               + _blocktranslate("Presented first: “%(label)s”, because:", label=first.label)
               + f"</strong> {_e(first.why)}</p>")
    question = (f'<p class="open-point__question">{_e(point.question)}</p>'
                if point.question else "")
    return (
        f'\n  <div class="open-point" id="open-point-{_e(point.number)}">\n'
        f'    <h4>{_blocktranslate("Open point %(number)s", number=point.number)}</h4>\n'
        f'    {question}\n    <div class="table-wrap">\n    <table class="readings">\n'
        f'      {_readings_head(point)}\n{_readings_body(point)}'
        f'    </table>\n    </div>\n    {end}\n  </div>\n  ')


def _open_points(ruling) -> str:
    """Every open point of the ruling with every reading, or nothing."""
    if not ruling.open_points:
        return ""
    decided = (" " + gettext("Where an official ruling decides a point, its reading comes "
                             "first and the values above follow it; the other readings are "
                             "set aside.") if ruling.decided_points else "")
    return (
        '\n  <div class="ruling__open-points">\n'
        f'  <h3>{gettext("Open points: every reading")}</h3>\n'
        '  <p class="help">' + gettext(
            "The published texts allow more than one result here. Each reading is shown "
            "with its values and the clauses it rests on; the values above follow the "
            "reading presented first.") + f"{decided}</p>\n  "
        + "".join(_open_point(point) for point in ruling.open_points) + "\n  </div>\n  ")


def _trace(ruling) -> str:
    """The steps: those not covered, then those deciding, then those not applicable."""
    # each cited clause's link as the steps write it, once per ruling
    links = _clause_links((source.number, source.citation) for source in ruling.sources)
    not_covered = _step_list(
        ruling.not_covered, gettext("Not covered by the published rules"),
        "steps--not-covered", gettext(
            "The published texts do not define these inputs. The ruling does not take them "
            "into account; it answers only the rest of the question."), links)
    decided = _step_list(ruling.decided, gettext("Steps"), "steps--decided", links=links)
    not_applicable = _step_list(ruling.not_applicable, gettext("Considered, not applicable"),
                                "steps--not-applicable", links=links)
    return (f"  {not_covered}\n  {_open_points(ruling)}\n"
            f'  <div class="ruling__trace">\n  {decided}\n  {not_applicable}\n  </div>\n')


def _notes_and_sources(ruling) -> str:
    """The ruling's notes and its cited clauses (``includes/source.html`` each)."""
    notes = sources = ""
    if ruling.notes:
        notes = (f'\n  <h3 class="ruling__notes-heading">{gettext("Notes")}</h3>\n'
                 '  <ul class="ruling-notes">'
                 + "".join(f"<li>{_e(note)}</li>" for note in ruling.notes) + "</ul>\n  ")
    if ruling.sources:
        sources = (f'\n  <h3>{gettext("Clauses cited")}</h3>\n  <ol class="citations sources">'
                   "\n    " + "".join(_source(source, ruling) for source in ruling.sources)
                   + "\n  </ol>\n  ")
    return f"  {notes}\n  {sources}\n"


def _share(share_url: str, scenario: Scenario, api_query: Any) -> str:
    """The links to share, change and ask the API for the ruling."""
    share = _e(share_url)
    api = _e(page_address("api:evaluate_form", scenario.game, scenario.slug))
    return (
        f'  <p class="share"><a class="share__link" href="{share}" data-share>'
        f'{gettext("Link to this ruling")}</a> <button type="button" '
        'class="button button--secondary share__copy" data-copy-link '
        f'data-copied="{gettext("Link copied.")}" data-failed="'
        + gettext("The link could not be copied; copy it from the address bar.")
        + f'" hidden>{gettext("Copy link")}</button><span class="share__status" role="status" '
        f'data-copy-status></span> · <a class="ruling__change" href="{share}#calculator-form">'
        f'{gettext("Change one thing")}</a> · <a href="{api}?{_e(api_query)}">'
        f'{gettext("This ruling as JSON")}</a></p>\n')


#: Today's short date as written per language: language → (day, text), one day each.
_TODAY: dict[str | None, tuple[datetime.date, str]] = {}


def _today(day: datetime.date | datetime.datetime) -> str:
    """``date_format(day, "SHORT_DATE_FORMAT")`` of today (the printed date, the date of a
    ruling not dated by the reader), written once per language and day (the format holds
    only a date's parts, so a moment of the day is written as its day)."""
    found = _TODAY.get(lang := language())
    date = day.date() if isinstance(day, datetime.datetime) else day
    if found is not None and found[0] == date:
        return found[1]
    text = date_format(day, "SHORT_DATE_FORMAT")
    _TODAY[lang] = (date, text)
    return text


def _printed_on() -> str:
    """``{% now "SHORT_DATE_FORMAT" %}`` in "Printed on …": today in the current time zone."""
    today = datetime.datetime.now(
        tz=timezone.get_current_timezone() if settings.USE_TZ else None)
    return _blocktranslate("Printed on %(date)s.", date=_today(today))


@in_one_language
def ruling_region_html(ruling, situation: Any = None, failed: Any = False,
                       share_url: Any = "", scenario: Scenario | None = None,
                       api_query: Any = "") -> SafeString:
    """The ruling region as ``includes/ruling_region.html`` renders it (with
    ``includes/value.html``), written in Python.

    :param ruling: the :class:`~rulebook.calculator.services.RulingView`, or ``None``
        (a form not submitted or not valid).
    :param situation: the situation it answers, (label, text) rows (printed only).
    :param failed: whether the form had errors (no "fill in the form" then).
    :param share_url: the address to share (the template's ``{% firstof share_url
        request.get_full_path %}``).
    :param api_query: the API's query for the same ruling.
    """
    if not ruling:
        return mark_safe("\n" if failed else '\n<p class="muted">'
                         + gettext("Fill in the form and choose “Get the ruling”.") + "</p>\n\n")
    drift = ""
    if ruling.drift:
        drift = ('<p class="notice notice--warning" role="note"><strong>' + gettext("Warning:")
                 + "</strong> " + gettext(
                     "Some cited clauses have a different text in force on this date than the "
                     "one the calculator was written against. The affected steps are marked; "
                     "check them against the clause text.") + "</p>")
    return mark_safe(
        '\n<section class="ruling" id="ruling-result" aria-labelledby="ruling-heading" '
        'tabindex="-1" data-ruling>\n'
        f'  <h2 id="ruling-heading">{gettext("Ruling")}</h2>\n'
        f'  <p class="print-only ruling__printed">{_printed_on()}</p>\n'
        f'{_answer(ruling)}  {drift}\n  {_situation(situation)}\n{_trace(ruling)}'
        f'{_notes_and_sources(ruling)}{_share(share_url, scenario, api_query)}</section>\n\n')


@in_one_language
def ruling_fragment_html(request: Any, context: dict[str, Any]) -> SafeString:
    """``includes/partial.html`` as the scenario view renders it for htmx's ruling region
    (``region`` none) in ``context`` (the view's: ``ruling``, ``situation``, ``failed``,
    ``share_url``, ``scenario``, ``api_query``), written in Python: the ruling region
    (:func:`ruling_region_html`) and the language links of the new address, out of band
    (:func:`rulebook.templatetags.reading.language_switcher_html` of
    :func:`rulebook.context_processors.language_links`), without the template engine, a
    ``RequestContext`` and the context processors (whose canonical links, dated banner and
    chrome addresses the fragment does not show)."""
    from rulebook.context_processors import language_links  # imports this module
    from rulebook.templatetags import reading

    # {% firstof share_url request.get_full_path %}
    share_url = context.get("share_url") or request.get_full_path()
    region = ruling_region_html(context.get("ruling"), context.get("situation"),
                                context.get("failed"), share_url, context.get("scenario"),
                                context.get("api_query", ""))
    return mark_safe(f"{region}\n{reading.language_switcher_html(language_links(request), True)}\n")


# --------------------------------------------------------------------------
# Hand-written HTML: the form's fields
# --------------------------------------------------------------------------
# What it trades: ``includes/field.html``, ``includes/group_item.html`` and
# ``includes/required_mark.html`` written here in Python, the same markup — most
# of a cold ruling page's time was the template engine walking the table
# builder's fields.  The templates stay the reference (a test renders both ways
# for every scenario, worked example, language and error state, with card
# readings, and asks for the same bytes).  Change the templates first, then this.

def _attr(name: str, value: Any) -> str:
    """`` name="value"`` (escaped) when ``value`` is true, else nothing."""
    return f' {name}="{_e(value)}"' if value else ""


def _flag(name: str, on: Any) -> str:
    """`` name`` when ``on`` is true, else nothing."""
    return f" {name}" if on else ""


def _help(field) -> str:
    return f'<p class="help" id="{_e(field.id)}-help">{_e(field.help)}</p>' if field.help else ""


def _error(field) -> str:
    return (f'<p class="field__error" id="{_e(field.id)}-error">{_e(field.error)}</p>'
            if field.error else "")


def _required_mark(field) -> str:
    if field.required:
        return " *"
    if field.required_when:
        return (' <span class="required-when">('
                + _blocktranslate("* %(condition)s", condition=field.required_when) + ")</span>")
    return ""


def _aria(field) -> str:
    return _attr("aria-describedby", field.described_by) + (
        ' aria-invalid="true"' if field.error else "")


def _error_class(field) -> str:
    return " field--error" if field.error else ""


def _group(field, env: dict) -> str:
    items = "".join(_group_item(field, item, number, env)
                    for number, item in enumerate(field.items, 1))
    if not field.items:
        items = ('\n  <p class="muted" data-group-empty>' + gettext(
            "No items. Enter a number above and choose “Show this many items”.") + "</p>\n  ")
    return _kept_group(field, env, items, _blank_item(field, env))


def _kept_group(field, env: dict, items: str, blank: str) -> str:
    """:func:`_group_markup`, from the group's markup kept per field, language and form
    address (:data:`FIELD_MARKUP`) with its count, ``items`` and ``blank`` item filled in
    (written afresh when it shows an error)."""
    if field.error:
        return _group_markup(field, env, items, blank)
    spec = field.spec
    key = (id(spec), language(), env["action"], field.html_name, field.label, field.help)
    found = FIELD_MARKUP.get(key)
    if found is None or found[0] is not spec:
        probe = copy.copy(field)
        probe.value = _HOLE
        parts = _group_markup(probe, env, _HOLE, _HOLE).split(_HOLE)
        found = (spec, *parts) if len(parts) == 4 else (spec, None)
        if len(FIELD_MARKUP) >= FIELD_MARKUP_KEPT:
            FIELD_MARKUP.clear()
        FIELD_MARKUP[key] = found
    if found[1] is None:
        return _group_markup(field, env, items, blank)
    _spec, head, count, template, tail = found
    return head + _e(field.value) + count + items + template + blank + tail


def _group_markup(field, env: dict, items: str, blank: str) -> str:
    """A group ``field`` with its ``items`` and its ``blank`` item written."""
    spec = field.spec
    action = env["action"]
    return (
        f'\n<fieldset class="field field--group{_error_class(field)}" '
        f'data-group="{_e(field.html_name)}" data-min="{_e(spec.min_items)}" '
        f'data-max="{_e(spec.max_items)}">\n'
        f'  <legend>{_e(field.label)}{" *" if field.required else ""}</legend>\n'
        f'  {_help(field)}\n'
        f'  <div class="group-count" data-group-count>\n'
        f'    <label for="{_e(field.id)}">'
        + _blocktranslate("Number of items: %(label)s", label=field.label) + '</label>\n'
        f'    <input type="number" id="{_e(field.id)}" name="{_e(field.html_name)}" '
        f'value="{_e(field.value)}" min="{_e(spec.min_items)}" max="{_e(spec.max_items)}" '
        f'step="1" inputmode="numeric"{_aria(field)}>\n'
        f'    <button type="submit" name="_layout" value="1" class="button button--secondary"\n'
        f'            data-hx-get="{action}" data-hx-include="closest form" '
        f'data-hx-target="#calculator" data-hx-swap="outerHTML" data-hx-push-url="true">'
        + gettext("Show this many items") + '</button>\n'
        f'    {_error(field)}\n'
        f'  </div>\n'
        f'  <div class="group-items" data-group-items>\n'
        f'  {items}\n'
        f'  </div>\n'
        f'  <template data-group-template>{blank}'
        f'</template>\n'
        f'  <p class="group-add" data-group-add hidden><button type="button" '
        f'class="button button--secondary" data-group-add-button>'
        + _blocktranslate("Add an item: %(label)s", label=field.label)
        + '</button></p>\n</fieldset>\n')


#: A group's blank item (its ``<template>``) as written: (form address, language, group,
#: its label, the cards its fields pick from) → markup.  At most :data:`BLANK_ITEMS_KEPT`.
BLANK_ITEMS: dict[tuple, str] = {}
BLANK_ITEMS_KEPT = 1024


def _blank_item(group, env: dict) -> str:
    """``group``'s blank item as :func:`_group_item` writes it, once per form address,
    language, label and the cards its fields may pick (the groups' counts): a blank item
    holds the fields' initial values only (:func:`rulebook.calculator.services.bind_form`),
    so it is the same on every ruling of the scenario — unless it shows an error or a card
    reading (written afresh then)."""
    references = []
    for field in group.template:
        if field.items or field.template:  # a group in the item: every field of it
            fields: Iterable[Any] = _fields_of(group.template)
            break
    else:
        fields = group.template
    for field in fields:
        if field.error:
            return _group_item(group, group.template, "__n__", env)
        if field.references:
            references.append((field.html_name, tuple(field.references)))
    if env["card_reading"] is not None:
        return _group_item(group, group.template, "__n__", env)
    key = (env["action"], language(), group.html_name, group.label, tuple(references))
    return _bounded(BLANK_ITEMS, key, BLANK_ITEMS_KEPT,
                    lambda: _group_item(group, group.template, "__n__", env))


def _fields_of(fields: Iterable[Any]) -> Iterable[Any]:
    """Bound fields and those of their groups' items and blank items, depth first."""
    for field in fields:
        yield field
        for item in [*field.items, field.template]:
            yield from _fields_of(item)


def _group_item(group, item: list, number: Any, env: dict) -> str:
    plain = "".join(_field(field, env) for field in item if not field.more)
    more = [field for field in item if field.more]
    details = ""
    if more:
        details = (
            f'<details class="group-item__more" data-more="{_e(more[0].prefix)}"'
            f'{_flag("open", any(field.is_set for field in more))}>\n'
            f'      <summary>{gettext("More")}</summary>\n'
            f'      <div class="group-item__row">{"".join(_field(f, env) for f in more)}</div>\n'
            f'    </details>')
    labels = _item_labels(group.label, number)
    return (
        f'<fieldset class="group-item" data-group-item>\n'
        f'    <legend>{labels[0]}</legend>\n'
        f'    <div class="group-item__row">{plain}</div>\n'
        f'    {details}\n'
        f'    <p class="group-item__remove" hidden><button type="button" '
        f'class="button button--secondary" data-group-remove>'
        f'{labels[1]}</button></p>\n  </fieldset>\n')


#: A group item's legend and its "Remove" button's text as written: (language, the group's
#: label, the item's number) → (legend, button).  At most :data:`FIELD_MARKUP_KEPT`.
ITEM_LABELS: dict[tuple, tuple[str, str]] = {}


def _item_labels(label: str, number: Any) -> tuple[str, str]:
    """A group item's legend and its "Remove" button's text, as written (escaped), kept
    per language, group label and item number (:data:`ITEM_LABELS`)."""
    return _bounded(ITEM_LABELS, (language(), label, number), FIELD_MARKUP_KEPT, lambda: (
        _blocktranslate("%(label)s — item %(number)s", label=label, number=number),
        _blocktranslate("Remove %(label)s — item %(number)s", label=label, number=number)))


def _checkbox(field, value: Any, label: Any, selected: Any) -> str:
    """One choice of a multiple choice ``field``."""
    return (f'\n    <span class="choice"><input type="checkbox" id="{_e(field.id)}-{_e(value)}" '
            f'name="{_e(field.html_name)}" value="{_e(value)}"{_flag("checked", selected)}> '
            f'<label for="{_e(field.id)}-{_e(value)}">{_e(label)}</label></span>\n  ')


def _multiple(field) -> str:
    choices = "".join(_checkbox(field, value, label, selected)
                      for value, label, selected in field.choices)
    return (
        f'\n<fieldset class="field field--multiple{_error_class(field)}" id="{_e(field.id)}" '
        f'tabindex="-1"{_attr("aria-describedby", field.described_by)}>\n'
        f'  <legend>{_e(field.label)}{_required_mark(field)}</legend>\n'
        f'  {_help(field)}\n'
        f'  <input type="hidden" name="{_e(field.html_name)}" value="">\n'
        f'  <div class="choices">\n  {choices}\n  </div>\n'
        f'  {_error(field)}\n</fieldset>\n')


def _card_reading(field, reading) -> str:
    if not (reading and reading.field == field.html_name):
        return ""
    said = _e(reading.said)  # services.CardReading.said: translated, with what it replaced
    phrases = "".join(
        f'\n      <li class="card-reading__{"understood" if understood else "unread"}">'
        f'<span class="card-reading__mark">'
        f'{_e(mark)}:</span> '
        f'<q>{_e(text)}</q></li>' for text, understood, mark in reading.phrases)
    return (f'\n  <div class="card-reading" role="status">\n    <p>{said}</p>\n'
            f'    <ul class="card-reading__phrases">{phrases}\n    </ul>\n  </div>\n  ')


def _text(field, env: dict) -> str:
    return (
        f'\n<div class="field field--text{_error_class(field)}">\n'
        f'  <label for="{_e(field.id)}">{_e(field.label)}</label>\n'
        f'  {_help(field)}\n'
        f'  <textarea id="{_e(field.id)}" name="{_e(field.html_name)}" rows="3" '
        f'maxlength="{_e(field.spec.maximum)}" autocapitalize="sentences" '
        f'spellcheck="false"{_aria(field)}>{_e(field.value)}</textarea>\n'
        f'  <p class="field__actions"><button type="submit" name="_read" '
        f'value="{_e(field.html_name)}" class="button button--secondary"\n'
        f'     formaction="{env["action"]}#{_e(field.id)}" '
        f'data-hx-get="{env["action"]}" data-hx-include="closest form" '
        f'data-hx-target="#calculator" data-hx-swap="outerHTML" data-hx-push-url="false">'
        + gettext("Read the text") + '</button></p>\n'
        f'  {_card_reading(field, env["card_reading"])}\n'
        f'  {_error(field)}\n</div>\n')


def _boolean(field) -> str:
    return (
        f'\n<div class="field field--boolean{_error_class(field)}">\n'
        f'  <input type="hidden" name="{_e(field.html_name)}" value="off">\n'
        f'  <input type="checkbox" id="{_e(field.id)}" name="{_e(field.html_name)}" value="on"'
        f'{_flag("checked", field.checked)}{_aria(field)}>\n'
        f'  <label for="{_e(field.id)}">{_e(field.label)}</label>\n'
        f'  {_help(field)}\n  {_error(field)}\n</div>\n')


def _option(value: Any, label: Any, selected: Any) -> str:
    return f'<option value="{_e(value)}"{_flag("selected", selected)}>{_e(label)}</option>'


def _options(options) -> str:
    return "".join(_option(value, label, selected) for value, label, selected in options)


def _control(field) -> str:
    spec = field.spec
    required = ' aria-required="true"' if field.required else ""
    if field.kind == "choice":
        choose = ("" if spec.default is not None else
                  f'<option value="">{gettext("— choose —")}</option>')
        return (f'<select id="{_e(field.id)}" name="{_e(field.html_name)}"{required}'
                f'{_aria(field)}>\n    {choose}\n    {_options(field.choices)}\n  </select>')
    if field.reference:
        return (f'<select id="{_e(field.id)}" name="{_e(field.html_name)}" '
                f'data-reference="{_e(field.reference)}" '
                f'data-reference-label="{_e(field.reference_label)}"{required}{_aria(field)}>\n'
                f'    <option value="">{gettext("— choose —")}</option>\n'
                f'    {_options(field.references)}\n  </select>')
    bounds = "".join(f' {name}="{_e(value)}"' for name, value in (
        ("min", spec.minimum), ("max", spec.maximum)) if value is not None)
    return (f'<input type="number" id="{_e(field.id)}" name="{_e(field.html_name)}" '
            f'value="{_e(field.value)}" step="1" inputmode="numeric"{bounds}{required}'
            f'{_aria(field)}>')


def _single(field) -> str:
    shown = ""
    if field.shown_when:
        default = "" if field.spec.default is None else field.spec.default
        shown = (f' data-shown-when="{_e(field.shown_when)}" '
                 f'data-shown-values="{_e(field.shown_values)}" data-shown-default="{_e(default)}"')
    return (
        f'\n<div class="field field--{_e(field.kind)}{_error_class(field)}"{shown}>\n'
        f'  <label for="{_e(field.id)}">{_e(field.label)}{_required_mark(field)}</label>\n'
        f'  {_help(field)}\n  \n  {_control(field)}\n  \n  {_error(field)}\n</div>\n')


def _afresh(field, env: dict) -> str:
    """``field`` (not a group) written afresh."""
    kind = field.kind
    if kind == "multiple_choice":
        return _multiple(field)
    if kind == "text":
        return _text(field, env)
    if kind == "boolean":
        return _boolean(field)
    return _single(field)


def _field(field, env: dict) -> str:
    if field.kind == "group":
        return _group(field, env) + "\n"  # the template file's last line break
    return _kept_field(field, env) + "\n"


#: A field's markup as written but for what one form's values change in it (its value,
#: selection, the cards it may pick): (``id(spec)``, language, form address, HTML name and
#: the field's texts) → (spec, how it is filled in, the parts around what changes, the
#: markup of its choices as written unselected and selected).  At most
#: :data:`FIELD_MARKUP_KEPT` (the code's fields, times their groups' items, times languages).
FIELD_MARKUP: dict[tuple, tuple] = {}
FIELD_MARKUP_KEPT = 8192
#: What no field's text holds: where a form's value goes in a field's markup.
_HOLE = "\x00\x01hole\x01\x00"


def _kept_field(field, env: dict) -> str:
    """``field`` (not a group) as :func:`_afresh` writes it, from its markup kept per field,
    language and form address (:data:`FIELD_MARKUP`) with this form's value, selection or
    cards filled in.  A field with an error, a card-text field of a form showing a card
    reading, and one whose markup cannot be split around its value are written afresh."""
    if field.error or (env["card_reading"] is not None and field.kind == "text"):
        return _afresh(field, env)
    spec = field.spec
    key = (id(spec), language(), env["action"], field.html_name, field.label, field.help,
           field.required_when, field.shown_when, field.shown_values, field.reference,
           field.reference_label)
    found = FIELD_MARKUP.get(key)
    if found is None or found[0] is not spec:
        found = (spec, *_prepared(field, env))
        if len(FIELD_MARKUP) >= FIELD_MARKUP_KEPT:
            FIELD_MARKUP.clear()
        FIELD_MARKUP[key] = found
    _spec, fill, head, tail, choices = found
    if fill == "value":
        return head + _e(field.value) + tail
    if fill == "choices":
        written = []
        for value, label, selected in field.choices:
            pair = choices.get((value, label))
            if pair is None:  # each choice's markup, unselected and selected
                pair = choices[value, label] = (
                    (_checkbox(field, value, label, False), _checkbox(field, value, label, True))
                    if field.kind == "multiple_choice" else
                    (_option(value, label, False), _option(value, label, True)))
            written.append(pair[1] if selected else pair[0])
        return head + "".join(written) + tail
    if fill == "references":
        return head + _options(field.references) + tail
    if fill == "checked":
        return tail if field.checked else head
    return _afresh(field, env)


def _prepared(field, env: dict) -> tuple[str, str, str, dict]:
    """How :func:`_kept_field` fills ``field`` in and the parts around what changes (a
    boolean's: its markup unchecked and checked)."""
    probe = copy.copy(field)
    kind = field.kind
    if kind == "boolean":
        probe.checked = False
        unchecked = _afresh(probe, env)
        probe.checked = True
        return "checked", unchecked, _afresh(probe, env), {}
    if kind in ("choice", "multiple_choice"):
        probe.choices = [(_HOLE, _HOLE, False)]
        hole = (_checkbox(probe, _HOLE, _HOLE, False) if kind == "multiple_choice"
                else _option(_HOLE, _HOLE, False))
        fill = "choices"
    elif field.reference:
        probe.references = [(_HOLE, _HOLE, False)]
        hole, fill = _option(_HOLE, _HOLE, False), "references"
    else:
        probe.value = _HOLE
        hole, fill = _HOLE, "value"
    parts = _afresh(probe, env).split(hole)
    if len(parts) != 2 or _HOLE in parts[0] or _HOLE in parts[1]:
        return "afresh", "", "", {}
    return fill, parts[0], parts[1], {}


@in_one_language
def fields_html(fields: Iterable[Any], scenario: Scenario, card_reading: Any = None) -> SafeString:
    """Each :class:`~rulebook.calculator.services.BoundField` as ``includes/field.html``
    renders it (groups with ``includes/group_item.html``), written in Python.

    :param card_reading: the card text just read (``field``, ``complete``, ``phrases``), or
        ``None``.
    """
    env = {"action": _e(page_address("calculator:scenario", scenario.game, scenario.slug)),
           "card_reading": card_reading}
    return mark_safe("".join(_field(field, env) for field in fields))


#: The worked examples' list as written: (form address, language, the examples' (title,
#: query)) → markup.  At most :data:`FIELD_MARKUP_KEPT` (the code's scenarios, languages).
START_FROM: dict[tuple, str] = {}


def _start_from(action: str, start_from: Any) -> str:
    """The worked examples' links of ``includes/calculator.html`` (``action``: the form's
    address, escaped), once per form address, language and examples (:data:`START_FROM`)."""
    return _bounded(START_FROM, (action, language(), tuple(start_from)), FIELD_MARKUP_KEPT,
                    lambda: "".join(f'<li><a href="{action}?{_e(query)}">{_e(title)}</a></li>'
                                    for title, query in start_from))


def _error_summary(error_fields: Any, as_of_error: Any, other_errors: Any) -> str:
    fields = "".join(f'<li><a href="#{_e(field.id)}">{_e(field.full_label)}</a>: '
                     f'{_e(field.error)}</li>' for field in error_fields)
    as_of = (f'<li><a href="#f-as_of">{_e(gettext("Rules as of"))}</a>: {_e(as_of_error)}</li>'
             if as_of_error else "")
    others = "".join(f"<li>{_e(error)}</li>" for error in other_errors)
    return (
        '\n    <div class="error-summary" role="alert" tabindex="-1" id="error-summary">\n'
        f'      <h2>{_e(gettext("The ruling could not be given"))}</h2>\n'
        f'      <p>{_e(gettext("Correct these fields and submit again:"))}</p>\n'
        f'      <ul>\n        {fields}\n        {as_of}\n        {others}\n      </ul>\n'
        '    </div>\n    ')


_SWAP = ' data-hx-swap="outerHTML"'


@in_one_language
def _form_messages() -> str:
    """The form's ``data-`` attributes holding what calculator.js says (in the UI language)."""
    return (f'data-reading="{_e(gettext("Reading the text…"))}" data-read-failed="'
            + _e(gettext("The text could not be read (no connection, or an error on the "
                         "server). Nothing you entered was changed; choose “Read the text” to "
                         "try again."))
            + '" data-changed="'
            + _e(gettext("The form has changed since this ruling — get the ruling again."))
            + '" data-paste-cut="'
            + _e(gettext("The text pasted has {pasted} characters; this box keeps only the first "
                         "{maximum}. Paste one ability at a time.")) + '"')


def calculator_html(context: Any, fields: str, region: str) -> SafeString:
    """``includes/calculator.html`` as it renders in ``context`` (the scenario page's:
    ``scenario``, ``failed``, ``submitted``, ``start_from``, ``error_fields``,
    ``as_of_error``, ``other_errors``, ``as_of_value``), written in Python, with the form's
    ``fields`` (:func:`fields_html`) and the ruling ``region`` (:func:`ruling_region_html`)
    as written."""
    scenario = context.get("scenario")
    failed, as_of_error = context.get("failed"), context.get("as_of_error")
    action = _e(page_address("calculator:scenario", scenario.game, scenario.slug))
    start_from = context.get("start_from")
    examples = ""
    if start_from:
        examples = (
            f'\n    <details class="start-from"{"" if context.get("submitted") else " open"}>\n'
            f'      <summary>{_e(gettext("Start from a worked example"))} '
            f'({len(start_from)})</summary>\n'
            f'      <ul>{_start_from(action, start_from)}</ul>\n    </details>\n    ')
    summary = (_error_summary(context.get("error_fields") or (), as_of_error,
                              context.get("other_errors") or ()) if failed else "")
    error_class, described, invalid, as_of = "", "", "", ""
    if as_of_error:
        error_class, described = " field--error", " f-as_of-error"
        invalid = ' aria-invalid="true"'
        as_of = f'<p class="field__error" id="f-as_of-error">{_e(as_of_error)}</p>'
    get_ruling = _e(gettext("Get the ruling"))
    return mark_safe(
        '<div id="calculator" class="calculator">\n  \n'
        f'  <form class="calculator__form" id="calculator-form" method="get" '
        f'action="{action}#ruling-result" '
        f'novalidate\n        data-hx-get="{action}" '
        f'data-hx-target="{"#calculator" if failed else "#ruling"}"'
        f'{_SWAP if failed else ""} data-hx-push-url="true"\n'
        f'        {_form_messages()}\n        aria-describedby="form-help">\n    \n'
        '    <button type="submit" class="visually-hidden" tabindex="-1" aria-hidden="true">'
        f'{get_ruling}</button>\n'
        '    <p id="form-help" class="muted">' + _e(gettext(
            "Fields marked * are required; a field marked (* …) is required in the situation "
            "named. Fields with a value already filled in show what the rules assume when the "
            "field is left out.")) + '</p>\n'
        f'    {examples}\n    {summary}\n    {fields}\n'
        f'    <div class="field field--date{error_class}">\n'
        f'      <label for="f-as_of">{_e(gettext("Rules as of"))}</label>\n'
        '      <p class="help" id="f-as_of-help">' + _e(gettext(
            "Optional. The date whose rule texts the ruling is checked against; empty means "
            "today.")) + '</p>\n'
        '      <input type="date" id="f-as_of" name="as_of" '
        f'value="{_e(context.get("as_of_value"))}" aria-describedby="f-as_of-help{described}"'
        f'{invalid}>\n      {as_of}\n    </div>\n'
        '    <p class="calculator__actions"><button type="submit" class="button">'
        f'{get_ruling}</button>\n'
        f'      <a href="{action}">{_e(gettext("Start again"))}</a></p>\n'
        '  </form>\n'
        '  <div id="ruling" class="ruling-region" aria-live="polite">\n'
        f'    {region}\n  </div>\n</div>\n')


# --------------------------------------------------------------------------
# The scenario page around the form written in Python (scenario.html with base.html)
# --------------------------------------------------------------------------
# What it trades: the template engine's walk of base.html and scenario.html (some sixty
# nodes, variables looked up through the context's dictionaries, missing ones raising on
# the way: a third of a millisecond per page) for a second writer of both, compared with
# them by a test.  What depends only on the language and the script prefix (the chrome)
# is written once per process, language and prefix (:data:`PAGE_CHROME`); a scenario's
# title and description once per scenario and language (:data:`PAGE_TITLES`).

#: The context variables of ``base.html`` the scenario page's context does not hold; a
#: page whose context holds one is rendered by its templates (:func:`page_written`).
_PAGE_UNUSUAL = ("game", "canonical_path", "search_query", "date_error", "oob",
                 "csp_nonce")
#: The chrome of a page as written: (language, script prefix) → its parts.
PAGE_CHROME: dict[tuple, tuple[str, ...]] = {}
#: A scenario's title (escaped) and description (its meta text) as written: (game,
#: scenario, language) → (title, summary, description).
PAGE_TITLES: dict[tuple, tuple[str, str, str]] = {}


def page_written(context: Any) -> bool:
    """Whether :func:`scenario_page_html` writes the page of ``context`` (the scenario
    view's, with the context processors' values): a context holding a variable the view
    never sets (:data:`_PAGE_UNUSUAL`) is left to the templates."""
    return not any(name in context for name in _PAGE_UNUSUAL)


def _page_chrome(urls: dict) -> tuple[str, ...]:
    """The parts of ``base.html`` and ``scenario.html`` that depend only on the language
    and the script prefix (``urls``: the chrome's addresses, ``site_urls``), in order."""
    from django.templatetags.static import static
    from django_htmx.jinja import htmx_script

    def t(message_id: str) -> str:
        return _e(django_gettext(message_id))

    def s(path: str) -> str:
        return _e(static(path))

    rules = t("Rules reference")
    return (
        f' · {rules}</title>\n  <meta name="color-scheme" content="light dark">\n'
        f'  <script src="{s("rulebook/theme.js")}"></script>\n'
        f'  <link rel="stylesheet" href="{s("rulebook/site.css")}">\n'
        f'  <link rel="stylesheet" href="{s("rulebook/reading/reading.css")}">\n'
        f'  <link rel="icon" href="{s("rulebook/favicon.svg")}" type="image/svg+xml">\n'
        f'  <link rel="manifest" href="{_e(urls["manifest"])}">\n'
        '  <meta name="theme-color" content="#1f4fa3">\n'
        f'  <script src="{s("rulebook/reading/reader.js")}" defer></script>\n  ',
        # after the alternates, canonical and robots: the feed, the head block, the header
        '<link rel="alternate" type="application/atom+xml" title="'
        f'{t("Rule corrections of all games")}" href="{_e(urls["corrections_feed"])}">\n  '
        f'<link rel="stylesheet" href="{s("rulebook/calculator/calculator.css")}">\n'
        f'  <script src="{s("rulebook/calculator/calculator.js")}" defer></script>\n  \n  '
        '<meta name="htmx-config" content=\'{"includeIndicatorStyles":false,'
        '"historyCacheSize":0,"refreshOnHistoryMiss":true}\'>\n  '
        + _e(htmx_script(version=2, minified=True, extensions="", nonce=None))
        + '\n</head>\n<body>\n'
        f'  <a class="skip-link" href="#main">{t("Skip to content")}</a>\n'
        '  <header class="site-header">\n    <div class="site-header__inner">\n      '
        '<a class="site-name" href="',
        # after the home address
        f'">{rules}</a>\n'
        '      <button type="button" class="menu-button" id="menu-button" '
        'aria-expanded="false" aria-controls="site-menu" hidden>' + t("Menu") + '</button>\n'
        '      <div class="site-menu" id="site-menu">\n'
        f'      <nav class="site-nav" aria-label="{t("Main navigation")}">\n        <a href="',
        f'">{t("Rules")}</a>\n        <a href="',
        f'">{t("Calculator")}</a>\n        <a href="{_e(urls["glossary"])}">{t("Glossary")}'
        '</a>\n        \n      </nav>\n'
        '      <form class="site-search" role="search" method="get" '
        f'action="{_e(urls["search"])}">\n'
        '        <label for="site-search-q" class="visually-hidden">'
        f'{t("Search the rules")}</label>\n'
        '        <input id="site-search-q" type="search" name="q" value="" maxlength="200"\n'
        '               placeholder="'
        + _e(pgettext("search field in the header", "Word or number"))
        + '" autocomplete="off" aria-keyshortcuts="/">\n        ',
        # after the date's hidden input
        f'\n        <button type="submit">{t("Search")}</button>\n      </form>\n      ',
        # after the language switcher
        '\n      <p class="scheme-switch" hidden><label for="scheme-select" '
        f'class="visually-hidden">{t("Colour scheme")}</label>\n'
        '        <select id="scheme-select" class="scheme-switch__select">\n'
        '          <option value="system">' + _e(pgettext("colour scheme", "Auto"))
        + '</option>\n'
        f'          <option value="light">{t("Light")}</option>\n'
        f'          <option value="dark">{t("Dark")}</option>\n'
        '        </select></p>\n      </div>\n    </div>\n  </header>\n'
        '  <div class="offline-banner" id="offline-banner" role="status" hidden '
        f'data-needs-connection="{t("No connection: the calculator and the search need one.")}" '
        'data-ruling-failed="' + t("The ruling could not be updated: the ruling below is for "
                                   "the entries before your last change.") + '" '
        'data-ruling-not-given="' + t("The ruling could not be given: no connection, or the "
                                      "server did not answer. Try again.") + '" '
        'data-template="'
        + t("Offline copy from {date} ({age}) — possibly out of date.")
        + '"><p></p></div>\n  ',
        # after the dated banner
        '\n\n  <main id="main" class="page">\n    <nav class="breadcrumbs" aria-label="'
        f'{t("Breadcrumbs")}"><a href="{_e(page_address("calculator:index"))}">'
        f'{t("Scenario calculator")}</a></nav>\n    \n    \n<h1>',
        # after the calculator
        '\n\n  </main>\n  <footer class="site-footer">\n'
        "    <p>" + t("Rule texts are quoted from their sources; where a text is missing, this "
                      "site says so instead of inventing one.") + "</p>\n"
        f'    <p class="site-footer__links"><a href="{_e(urls["corrections_feed"])}" '
        f'type="application/atom+xml">{t("Atom feed of the corrections")}</a> · '
        f'<a href="{_e(urls["api"])}">{t("JSON API for developers (OpenAPI)")}</a></p>\n'
        '  </footer>\n</body>\n</html>\n',
    )


def _page_titles(scenario: Scenario) -> tuple[str, str, str]:
    """``scenario``'s title and summary as the page writes them (escaped) and its meta
    description (``{% filter meta_text %}`` of the description block)."""
    from rulebook.calculator.services import render_message  # services imports speed
    from rulebook.templatetags.reading import meta_text

    title, summary = _e(render_message(scenario.title)), _e(render_message(scenario.summary))
    return title, summary, meta_text(mark_safe(f"{title}: {summary}"))


def scenario_page_html(context: Any, calculator: str) -> SafeString:
    """``rulebook/calculator/scenario.html`` (with ``base.html``) as it renders in
    ``context`` (the scenario view's, with the context processors' values; see
    :func:`page_written`), written in Python, with the form and its ruling
    (``calculator``: ``{% calculator_html %}``) as written."""
    from rulebook.templatetags import reading  # imports the calculator's services

    lang = language()
    urls = context["site_urls"]
    chrome = _bounded(PAGE_CHROME, (lang, script_prefix()), FIELD_MARKUP_KEPT,
                      lambda: (urls, *_page_chrome(urls)))
    if chrome[0] is not urls:  # not the addresses of the language and prefix: not kept
        chrome = (urls, *_page_chrome(urls))
    scenario = context["scenario"]
    title, summary, description = _bounded(
        PAGE_TITLES, (scenario.game, scenario.slug, lang), FIELD_MARKUP_KEPT,
        lambda: _page_titles(scenario))
    as_of = context.get("as_of")
    links = context.get("language_links") or ()
    alternates = "".join(f'<link rel="alternate" hreflang="{_e(link["code"])}" '
                         f'href="{_e(link["absolute"])}">\n  ' for link in links)
    home, calculator_url = urls["home"], urls["calculator"]
    banner = ""
    if as_of:
        home, calculator_url = with_date(home, as_of), with_date(calculator_url, as_of)
        banner = _dated_banner(context)
    # one join: the page is some hundred kilobytes, each "+" of it a copy
    return mark_safe("".join((
        f'<!DOCTYPE html>\n\n<html lang="{_e(lang)}">\n<head>\n  <meta charset="utf-8">\n'
        '  <meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'  <meta name="description" content="{description}">\n  <title>{title}',
        chrome[1], alternates,
        f'<link rel="alternate" hreflang="x-default" href="{_e(context.get("x_default_url"))}">'
        f'\n  <link rel="canonical" href="{_e(context.get("canonical_default"))}">\n  ',
        '<meta name="robots" content="noindex">\n  ' if context.get("noindex") else "",
        chrome[2], _e(home), chrome[3], _e(home), chrome[4], _e(calculator_url), chrome[5],
        f'<input type="hidden" name="as_of" value="{_e(as_of)}">' if as_of else "",
        chrome[6], reading.language_switcher_html(links, context.get("oob")), chrome[7],
        banner, chrome[8], title, '</h1>\n<p class="lead">', summary, "</p>\n",
        calculator, chrome[9])))


def _dated_banner(context: Any) -> str:
    """``rulebook/reading/includes/dated_notice.html`` of a dated view, but its last
    line's end."""
    return (
        '<div class="dated-banner" role="region" aria-label="'
        + _e(django_gettext("Dated view")) + '"><p>'
        + django_gettext("You are reading the rules as in force on %(date)s. Links on this "
                         "page keep that date; clauses changed since then are marked.")
        % {"date": _e(date_format(context.get("as_of_date"), "SHORT_DATE_FORMAT"))}
        + f' <a href="{_e(context.get("undated_url"))}" data-today>'
        + _e(django_gettext("Show today’s text")) + "</a></p></div>")


# --------------------------------------------------------------------------
# The JSON answer written in its schema's shape, not validated again
# --------------------------------------------------------------------------
# What it trades: django-ninja's validation of every answer against its response
# schema (each nested schema read through ninja's DjangoGetter: half of a cold JSON
# ruling's time) for a test that asks for the same bytes on every judge case and
# worked example.  The data must already be of the schema's types.

_RENDERER = JSONRenderer()
#: (name, how to shape its value, its default) per field of a schema, in order.
Plan = tuple[tuple[str, Any, Callable[[], Any] | None], ...]
_PLANS: dict[type, tuple[tuple[str, ...], Plan, Plan]] = {}


def _plan(model: type) -> tuple[tuple[str, ...], Plan, Plan]:
    """The names of ``model``'s fields in order, those of its fields whose values are
    shaped, and (name, how to shape its value, its default) of each field, in order."""
    plan = _PLANS.get(model)
    if plan is None:
        fields = tuple((name, _shaper(info.annotation),
                        None if info.is_required()
                        else (lambda info=info: info.get_default(call_default_factory=True)))
                       for name, info in model.model_fields.items())
        plan = _PLANS[model] = (tuple(name for name, _s, _d in fields),
                                tuple(field for field in fields if field[1] is not None),
                                fields)
    return plan


def _shaper(annotation: Any) -> Callable[[Any], Any] | None:
    """How a value of ``annotation`` is shaped: a schema's fields ordered, a list's or
    an optional value's items shaped; ``None``: kept as it is."""
    origin = typing.get_origin(annotation)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return lambda value, model=annotation: shaped(model, value)
    if origin is list:
        (item,) = typing.get_args(annotation)
        inner = _shaper(item)
        return None if inner is None else (lambda value: [inner(v) for v in value])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        inner = _shaper(args[0]) if len(args) == 1 else None
        return None if inner is None else (lambda value: None if value is None else inner(value))
    return None


class Shaped(dict):
    """A dictionary already in its schema's shape (:func:`shaped_once`), taken as it is by
    :func:`shaped`: a kept citation's JSON is shaped once, not on every answer citing it."""


def shaped_once(model: type, data: dict[str, Any]) -> Shaped:
    """:func:`shaped` ``data``, marked so that :func:`shaped` takes it as it is (to keep
    and hand out again: never to be changed by the caller)."""
    return Shaped(shaped(model, data))


def shaped(model: type, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as ``model(**data).model_dump()`` gives it when ``data`` is of the
    schema's types: its fields in the schema's order, a missing one as its default,
    nested schemas likewise; nothing validated.  A :class:`Shaped` ``data`` is returned
    as it is; a dictionary holding every field in the schema's order is copied, only its
    nested schemas shaped (:func:`rulebook.calculator.api.ruling_json` writes them so).

    :raises KeyError: if a required field is missing.
    """
    if data.__class__ is Shaped:
        return data
    names, nested, plan = _plan(model)
    if data.__class__ is dict and tuple(data) == names:  # every field, in order
        found = data.copy()
        for name, shape, _default in nested:
            found[name] = shape(found[name])
        return found
    found = {}
    for name, shape, default in plan:
        if name in data:
            value = data[name]
            found[name] = value if shape is None else shape(value)
        elif default is None:
            raise KeyError(name)
        else:
            found[name] = default()
    return found


def _json_type() -> str:
    return f"{_RENDERER.media_type}; charset={_RENDERER.charset}"


def json_response(model: type, data: dict[str, Any]) -> HttpResponse:
    """A 200 answer of ``data`` shaped by response schema ``model`` (:func:`shaped`),
    written as django-ninja's JSON renderer writes it."""
    return HttpResponse(json.dumps(shaped(model, data), cls=_RENDERER.encoder_class,
                                   **_RENDERER.json_dumps_params), content_type=_json_type())


def _written(part: Shaped) -> str:
    """``part``'s JSON text (:data:`_ENCODER`), written once (kept on it: a kept part is
    only read)."""
    text = part.__dict__.get("_json")
    if text is None:
        text = part._json = _ENCODER.encode(part)
    return text


# --------------------------------------------------------------------------
# A ruling's JSON answer written as text straight from its presentation
# --------------------------------------------------------------------------
# What it trades: a second writer of a ruling's JSON (RulingOut as
# rulebook.calculator.api.ruling_json fills it) for building some fifty dictionaries,
# copying them into the schema's shape and walking them again in JSON's writer, on every
# answer (callgrind: 9.49 -> 8.42 M instructions per cold JSON ruling).  Strings, numbers and
# the rest are written as json.dumps writes them (ensure_ascii, ", " and ": "); parts
# written here only are the fixed keys and punctuation.  A test asks for the bytes
# django-ninja writes after validating ruling_json's data, for every judge case and
# worked example in every language, today and dated.  To change a ruling's JSON, change
# RulingOut and ruling_json, then this, until that test passes.

#: JSON's own writer of any value, as django-ninja's renderer writes it.
_ENCODER = _RENDERER.encoder_class(**_RENDERER.json_dumps_params)
#: JSON's writer of a string (``ensure_ascii``), in C.
_json_string = encode_basestring_ascii


def _json_value(value: Any) -> str:
    """``value`` as JSON text, as django-ninja's renderer writes it (in a list or object).
    (Values of fields the schema types ``str`` go straight to :func:`_json_string`: they
    are strings, or the schema's validation would refuse them.)"""
    kind = value.__class__
    if kind is str:
        return _json_string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    return _ENCODER.encode(value)


def _json_strings(values: Sequence[str], write: Callable[[Any], str] = _json_string) -> str:
    """``values`` as a JSON list, each written by ``write`` (strings by default)."""
    return "[" + ", ".join([write(value) for value in values]) + "]" if values else "[]"


def _json_numbers(values: Sequence[int]) -> str:
    """``values`` (whole numbers) as a JSON list."""
    return _json_strings(values, _json_value)


def _json_values(values: Iterable[Any]) -> str:
    return "[" + ", ".join([
        f'{{"name": {_json_string(v.name)}, "label": {_json_string(v.label)}, '
        f'"value": {_json_value(v.value)}, "text": {_json_string(v.text)}}}'
        for v in values]) + "]"


@in_one_language
def ruling_json_response(request: Any, scenario: Scenario, view: Any,
                         query: str) -> HttpResponse:
    """The evaluate endpoints' 200 answer: :func:`rulebook.calculator.api.ruling_json` of
    ``view`` (a :class:`~rulebook.calculator.services.RulingView`) in ``RulingOut``'s shape,
    the bytes :func:`json_response` writes, written as JSON text straight from ``view``:
    each kept citation's JSON text once (:func:`_written`), a cited clause's fixed part
    once per kept citation (:func:`remembered`).  With the renderer set to indent, it is
    :func:`json_response` of ``ruling_json``'s data."""
    from rulebook.calculator import api  # the API's schemas; api imports this module

    if _RENDERER.json_dumps_params:
        return json_response(api.RulingOut, api.ruling_json(request, scenario, view, query))
    kept_as = api.kept_as(request)
    citation_json = api.citation_json_of(request, kept_as)
    kept_as = ("json-clause", *kept_as[1:])
    texts: dict[int, str] = {}

    def citation(c: ResolvedCitation) -> str:  # each clause once, however many steps cite it
        found = texts.get(id(c))
        if found is None:
            part = citation_json(c)
            found = texts[id(c)] = (_written(part) if part.__class__ is Shaped
                                    else _ENCODER.encode(part))
        return found

    def clause(source: Any) -> str:  # key, label, address and rulings: its citation's
        def parts() -> tuple[str, str]:
            said = citation_json(source.citation)
            return (f'{{"key": {_json_string(source.citation.key)}, '
                    f'"label": {_json_string(said["label"])}, '
                    f'"url": {_json_string(said["url"])}, "steps": ',
                    f', "rulings": {_ENCODER.encode(said["rulings"])}}}')
        head, tail = remembered(source.citation, kept_as, parts)
        return f"{head}{_json_numbers(source.steps)}{tail}"

    warned: dict[int, str] = {}

    def warning(c: ResolvedCitation) -> str:  # each clause's warning once
        found = warned.get(id(c))
        if found is None:
            found = warned[id(c)] = c.warning()
        return found

    steps = []
    drift = False
    for shown in view.steps:
        step = shown.step
        # StepView.warnings, each citation asked once
        warnings = [said for c in shown.citations if (said := warning(c))]
        drift = drift or bool(warnings)
        steps.append(
            f'{{"number": {_json_value(shown.number)}, '
            f'"outcome": {_json_string(step.outcome.value)}, '
            f'"message_id": {_json_string(step.message.id)}, '
            f'"text": {_json_string(shown.text)}, "reason": {_json_string(shown.reason)}, '
            f'"citations": [{", ".join([citation(c) for c in shown.citations])}], '
            f'"warnings": {_json_strings(warnings)}, '
            f'"card_text_may_override": {_json_value(shown.card_text_may_override)}, '
            f'"see": {_json_numbers(step.see)}}}')
    web = page_address("calculator:scenario", scenario.game, scenario.slug)
    points = "[]"
    if view.open_points:
        points = _ENCODER.encode([shaped(api.OpenPointOut, point)
                                  for point in api.open_points_json(request, view)])
    web_url = absolute_uri(request, f"{web}?{query}" if query else web, kept_as[1])
    text = (
        f'{{"game": {_json_string(scenario.game)}, "scenario": {_json_string(scenario.slug)}, '
        f'"as_of": {_json_value(view.on)}, "language": {_json_value(language())}, '
        f'"values": {_json_values(view.values)}, "steps": [{", ".join(steps)}], '
        f'"notes": {_json_strings(view.notes)}, "drift": {_json_value(drift)}, '
        f'"web_url": {_json_string(web_url)}, '
        f'"complete": {_json_value(view.complete)}, "settled": {_json_value(view.settled)}, '
        f'"verdict": {_json_string(view.verdict)}, "open_points": {points}, '
        f'"clauses": [{", ".join([clause(source) for source in view.sources])}]}}')
    return HttpResponse(text, content_type=_json_type())

"""The calculator's speed-ups, all behind this one seam, so that a cold ruling (a
table never asked before, no page cache answering) costs little.  Two trades:

1. **Memory in each worker for time per ruling**: per-process copies
   (:class:`rulebook.caching.process.ProcessIndex`) of what changes only on
   publication or deployment.

   - :func:`resolved_citations` — the clauses and versions in force that a
     ruling's citations resolve to (:func:`rulebook.calculator.citations.resolve_citations`,
     two ORM queries and most of a ruling's time without it), kept per worker
     for the same citations and date under the rulebook's publication stamp
     (:func:`rulebook.caching.pages.rulebook_generation`, one small query): any
     publication, edit or scheduled version falling due gives a new stamp, so
     a kept answer is never older than the database.  At most
     :data:`CITATION_SETS` answers are kept (a reader may choose any date).
     The kept clause and version objects are shared between requests: they
     are only read.
   - :func:`blank_item` — the HTML of a group's blank item (the ``<template>``
     a script copies to add an item in place), which depends only on the
     scenario's fields, the language and the code of this checkout: kept per
     scenario, group and language.
   - :func:`example_links` — the worked examples to start from (each one's
     short address, read by the engine), which depend only on the scenario and
     the language: kept per scenario and language.

   A cache that fails is a miss: the value is then computed as without it,
   never a 500.  Tests reach the stored values through :data:`CITATIONS`,
   :data:`BLANK_ITEMS` and :data:`EXAMPLE_LINKS` (``ProcessIndex.clear``).

2. **Markup written twice for a tenth of the template engine's time**:
   :func:`fields_html`, :func:`steps_html` and :func:`sources_html` write
   the form's fields, the ruling's steps and its cited clauses in Python,
   byte for byte as ``includes/field.html`` (with ``group_item.html`` and
   ``required_mark.html``), ``includes/step.html`` and
   ``includes/source.html`` render them.  Those templates stay the reference
   and are no longer rendered on the pages: a test
   (``tests/rulebook/calculator/test_speed.py``) renders both ways for every
   scenario, worked example, language, date and error state and asks for
   the same bytes.  To change the markup, change the template, then this
   module, until that test passes.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any, Callable, Hashable, Iterable, Sequence, TypeVar

from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from engine.core import Citation, Scenario
from rulebook.caching.pages import rulebook_generation
from rulebook.caching.process import ProcessIndex
from rulebook.calculator.citations import ResolvedCitation, resolve_citations

V = TypeVar("V")

logger = logging.getLogger(__name__)

#: How many (citations, date) answers each worker keeps.
CITATION_SETS = 512
#: Resolved citations per (publication stamp, date, citations).
CITATIONS: ProcessIndex[dict[Citation, ResolvedCitation]] = ProcessIndex(
    "rulebook:calculator:citations:generation", ttl=300.0, maxsize=CITATION_SETS)
#: The worked examples' (title, query) per (game, scenario, language).
EXAMPLE_LINKS: ProcessIndex[list[tuple[str, str]]] = ProcessIndex(
    "rulebook:calculator:example-links:generation", ttl=3600.0, maxsize=256)
#: The HTML of a group's blank item per (game, scenario, group's HTML name, language).
BLANK_ITEMS: ProcessIndex[SafeString] = ProcessIndex(
    "rulebook:calculator:blank-items:generation", ttl=3600.0, maxsize=256)


def _kept(index: ProcessIndex[V], key: Callable[[], Hashable], build: Callable[[], V]) -> V:
    """``index``'s value under ``key()``, or ``build()`` when the cache fails (a miss)."""
    try:
        found = key()
    except Exception:  # noqa: BLE001 — a failing cache is a miss, never a 500
        logger.warning("calculator cache key failed; computing without the cache",
                       exc_info=True)
        return build()
    return index.get(found, build)


def resolved_citations(citations: Iterable[Citation],
                       on: datetime.date) -> dict[Citation, ResolvedCitation]:
    """:func:`~rulebook.calculator.citations.resolve_citations`, kept per worker under
    the rulebook's publication stamp (one small query instead of two)."""
    cited = tuple(dict.fromkeys(citations))
    return _kept(CITATIONS, lambda: (rulebook_generation(), on, cited),
                 lambda: resolve_citations(cited, on))


def blank_item(scenario: Scenario, field) -> SafeString:
    """The HTML of group ``field``'s blank item (``field.template``, a
    :class:`~rulebook.calculator.services.BoundField` list), as
    ``group_item.html`` renders it with the item number ``__n__`` (written by
    :func:`fields_html`'s renderer)."""
    def build() -> SafeString:
        return mark_safe(_Form(scenario).group_item(field, field.template, "__n__"))

    return _kept(BLANK_ITEMS, lambda: (scenario.game, scenario.slug, field.html_name,
                                       translation.get_language()), build)


def example_links(scenario: Scenario) -> list[tuple[str, str]]:
    """:func:`rulebook.calculator.services.example_links`, kept per scenario and language."""
    from rulebook.calculator.services import example_links as links  # services imports speed

    return _kept(EXAMPLE_LINKS, lambda: (scenario.game, scenario.slug,
                                         translation.get_language()),
                 lambda: links(scenario))


# --------------------------------------------------------------------------
# Hand-written HTML: the form's fields
# --------------------------------------------------------------------------
# What it trades: the calculator form's fields are written here in Python, the
# same markup as ``includes/field.html``, ``group_item.html`` and
# ``required_mark.html`` (which stay the reference: a test renders both ways
# for every scenario, language and state and asks for the same bytes), for a
# tenth of the template engine's time — at the price of changing the markup in
# two places.  Change the templates first, then this, until the test passes.

def _e(value: Any) -> str:
    """A value as the template engine writes it: text escaped, ``None`` as "None"."""
    return str(conditional_escape(value))


def _blocktranslate(msgid: str, **values: Any) -> str:
    """``{% blocktranslate with … %}``: the translation (not escaped), values escaped."""
    return gettext(msgid) % {key: _e(value) for key, value in values.items()}


class _Form:
    """What every field of one form needs: the scenario, its address, the card reading."""

    def __init__(self, scenario: Scenario, card_reading: Any = None) -> None:
        self.scenario = scenario
        self.card_reading = card_reading
        self.action = _e(reverse("calculator:scenario", args=[scenario.game, scenario.slug]))

    def required_mark(self, field) -> str:
        if field.required:
            return " *"
        if field.required_when:
            return (' <span class="required-when">('
                    + _blocktranslate("* %(condition)s", condition=field.required_when)
                    + ")</span>")
        return ""

    def group_item(self, group, item, number: Any, blank: bool = False) -> str:
        inner = "".join(self.field(field) for field in item)
        return (
            '<fieldset class="group-item" data-group-item>\n    <legend>'
            + _blocktranslate("%(label)s — item %(number)s", label=group.label, number=number)
            + "</legend>\n    " + inner
            + '\n    <p class="group-item__remove" hidden><button type="button" '
              'class="button button--secondary" data-group-remove>'
            + _blocktranslate("Remove %(label)s — item %(number)s", label=group.label,
                              number=number)
            + "</button></p>\n  </fieldset>\n")

    def field(self, f) -> str:
        """One bound field as ``includes/field.html`` renders it."""
        return self._field(f) + "\n"  # the template's newline after its last tag

    def _field(self, f) -> str:
        kind = f.kind
        error = ' field--error' if f.error else ""
        described = f' aria-describedby="{_e(f.described_by)}"' if f.described_by else ""
        invalid = ' aria-invalid="true"' if f.error else ""
        fid = _e(f.id)
        name = _e(f.html_name)
        help_html = (f'<p class="help" id="{fid}-help">{_e(f.help)}</p>' if f.help else "")
        error_html = (f'<p class="field__error" id="{fid}-error">{_e(f.error)}</p>'
                      if f.error else "")
        if kind == "group":
            spec = f.spec
            if f.items:
                items = "".join(self.group_item(f, item, number)
                                for number, item in enumerate(f.items, 1))
            else:
                items = ('\n  <p class="muted" data-group-empty>'
                         + gettext("No items. Enter a number above and choose “Show this "
                                   "many items”.") + "</p>\n  ")
            return (
                f'\n<fieldset class="field field--group{error}" data-group="{name}" '
                f'data-min="{_e(spec.min_items)}" data-max="{_e(spec.max_items)}">\n'
                f'  <legend>{_e(f.label)}{" *" if f.required else ""}</legend>\n'
                f'  {help_html}\n'
                f'  <div class="group-count" data-group-count>\n'
                f'    <label for="{fid}">'
                + _blocktranslate("Number of items: %(label)s", label=f.label) + '</label>\n'
                f'    <input type="number" id="{fid}" name="{name}" value="{_e(f.value)}" '
                f'min="{_e(spec.min_items)}" max="{_e(spec.max_items)}" step="1" '
                f'inputmode="numeric"{described}{invalid}>\n'
                f'    <button type="submit" name="_layout" value="1" '
                f'class="button button--secondary"\n'
                f'            data-hx-get="{self.action}" data-hx-include="closest form" '
                f'data-hx-target="#calculator" data-hx-swap="outerHTML" '
                f'data-hx-push-url="true">' + gettext("Show this many items") + '</button>\n'
                f'    {error_html}\n'
                f'  </div>\n'
                f'  <div class="group-items" data-group-items>\n'
                f'  {items}\n'
                f'  </div>\n'
                f'  <template data-group-template>{blank_item(self.scenario, f)}</template>\n'
                f'  <p class="group-add" data-group-add hidden><button type="button" '
                f'class="button button--secondary" data-group-add-button>'
                + _blocktranslate("Add an item: %(label)s", label=f.label)
                + '</button></p>\n</fieldset>\n')
        if kind == "multiple_choice":
            choices = "".join(
                f'\n    <span class="choice"><input type="checkbox" id="{fid}-{_e(value)}" '
                f'name="{name}" value="{_e(value)}"{" checked" if selected else ""}> '
                f'<label for="{fid}-{_e(value)}">{_e(label)}</label></span>\n  '
                for value, label, selected in f.choices)
            return (
                f'\n<fieldset class="field field--multiple{error}" id="{fid}" tabindex="-1"'
                f'{described}>\n'
                f'  <legend>{_e(f.label)}{self.required_mark(f)}</legend>\n'
                f'  {help_html}\n'
                f'  <div class="choices">\n  {choices}\n  </div>\n'
                f'  {error_html}\n</fieldset>\n')
        if kind == "text":
            reading = ""
            card = self.card_reading
            if card and card.field == f.html_name:
                said = gettext(
                    "Every sentence was understood and is filled in below: check the fields, "
                    "then get the ruling.") if card.complete else gettext(
                    "What was understood is filled in below; what was not understood makes "
                    "the ruling incomplete. Check the fields, then get the ruling.")
                phrases = "".join(
                    '\n      <li class="{}"><span class="card-reading__mark">{}:</span> '
                    '<q>{}</q></li>'.format(
                        "card-reading__understood" if understood else "card-reading__unread",
                        gettext("understood") if understood else gettext("not understood"),
                        _e(text))
                    for text, understood in card.phrases)
                reading = (
                    '\n  <div class="card-reading" role="status">\n'
                    f'    <p>{said}</p>\n'
                    f'    <ul class="card-reading__phrases">{phrases}\n    </ul>\n  </div>\n  ')
            return (
                f'\n<div class="field field--text{error}">\n'
                f'  <label for="{fid}">{_e(f.label)}</label>\n'
                f'  {help_html}\n'
                f'  <textarea id="{fid}" name="{name}" rows="3" '
                f'maxlength="{_e(f.spec.maximum)}" autocapitalize="sentences" '
                f'spellcheck="false"{described}{invalid}>{_e(f.value)}</textarea>\n'
                f'  <p class="field__actions"><button type="submit" name="_read" '
                f'value="{name}" class="button button--secondary"\n'
                f'     data-hx-get="{self.action}" data-hx-include="closest form" '
                f'data-hx-target="#calculator" data-hx-swap="outerHTML" '
                f'data-hx-push-url="false">' + gettext("Read the text") + '</button></p>\n'
                f'  {reading}\n'
                f'  {error_html}\n</div>\n')
        if kind == "boolean":
            return (
                f'\n<div class="field field--boolean{error}">\n'
                f'  <input type="hidden" name="{name}" value="off">\n'
                f'  <input type="checkbox" id="{fid}" name="{name}" value="on"'
                f'{" checked" if f.checked else ""}{described}{invalid}>\n'
                f'  <label for="{fid}">{_e(f.label)}</label>\n'
                f'  {help_html}\n'
                f'  {error_html}\n</div>\n')
        spec = f.spec
        required = ' aria-required="true"' if f.required else ""
        if kind == "choice":
            empty = (f'<option value="">{gettext("— choose —")}</option>'
                     if spec.default is None else "")
            options = "".join(
                f'<option value="{_e(value)}"{" selected" if selected else ""}>'
                f'{_e(label)}</option>' for value, label, selected in f.choices)
            control = (f'\n  <select id="{fid}" name="{name}"{required}{described}{invalid}>\n'
                       f'    {empty}\n    {options}\n  </select>\n  ')
        else:
            bounds = ((f' min="{_e(spec.minimum)}"' if spec.minimum is not None else "")
                      + (f' max="{_e(spec.maximum)}"' if spec.maximum is not None else ""))
            control = (f'\n  <input type="number" id="{fid}" name="{name}" '
                       f'value="{_e(f.value)}" step="1" inputmode="numeric"{bounds}{required}'
                       f'{described}{invalid}>\n  ')
        return (
            f'\n<div class="field field--{_e(kind)}{error}">\n'
            f'  <label for="{fid}">{_e(f.label)}{self.required_mark(f)}</label>\n'
            f'  {help_html}\n'
            f'  {control}\n'
            f'  {error_html}\n</div>\n')


def fields_html(scenario: Scenario, fields: Sequence[Any], card_reading: Any = None
                ) -> SafeString:
    """The form's fields (:func:`rulebook.calculator.services.bind_form`) as
    ``includes/field.html`` renders each of them, written in Python."""
    form = _Form(scenario, card_reading)
    return mark_safe("".join(form.field(field) for field in fields))


# --------------------------------------------------------------------------
# Hand-written HTML: the ruling's steps and cited clauses
# --------------------------------------------------------------------------
# What it trades: as for the fields above — ``includes/step.html`` and
# ``includes/source.html`` stay the reference, a test holds these to their bytes.

_REASONS = {
    "silent": "Rules silent — assumed:", "not_applicable": "Not applicable:",
    "not_covered": "Not covered:", "assumed": "Not in the published texts:",
}
_OPEN = ("not_covered", "silent", "assumed")


def _step(step) -> str:
    outcome = step.outcome
    reason = ""
    if outcome in _REASONS:
        reason = (f'<p class="step__reason"><strong>{gettext(_REASONS[outcome])}</strong> '
                  f'{_e(step.reason)}</p>' + ("" if outcome == "assumed" else "\n  "))
    see = ""
    if step.shown_see:
        see = ('<p class="step__see">' + gettext("See also:") + " " + ", ".join(
            f'<a class="step__ref" href="#step-{_e(number)}">'
            + _blocktranslate("step %(number)s", number=number) + "</a>"
            for number in step.shown_see) + "</p>")
    refs = ""
    if step.cited:
        links = []
        for number, citation in step.cited:
            link = f'<a class="step__ref" href="#clause-{_e(number)}">{_e(citation.display_key)}</a>'
            if not citation.has_text:
                link += (' <span class="step__changed step__changed--no-text">(' + (
                    gettext("not yet in force on this date")
                    if citation.drift.value == "not_in_force"
                    else gettext("no text on this date")) + ")</span>")
            elif citation.warning():
                link += ' <span class="step__changed">(' + gettext("text changed") + ")</span>"
            links.append(link)
        refs = '<p class="step__refs">' + gettext("Rests on:") + "\n    " + ", ".join(links) + "</p>"
    return (
        f'<li class="step step--{_e(outcome)}'
        f'{" step--override" if step.card_text_may_override else ""}" id="step-{_e(step.shown)}">\n'
        f'  <details class="step__details"{" open" if outcome in _OPEN else ""}>\n'
        f'  <summary class="step__text"><span class="step__number">'
        + _blocktranslate("Step %(number)s:", number=step.shown)
        + f'</span> {_e(step.text)}</summary>\n'
        f'  {reason}\n  {see}\n  {refs}\n  </details>\n</li>\n')


def steps_html(steps: Iterable[Any]) -> SafeString:
    """Each :class:`~rulebook.calculator.services.StepView` as ``includes/step.html``
    renders it, written in Python."""
    return mark_safe("".join(_step(step) for step in steps))


def _source(source, ruling) -> str:
    citation = source.citation
    dated = bool(ruling.dated)
    if citation.clause:
        key = (f'<a class="citation__key" href="{_e(citation.dated_url(dated))}">'
               f'{_e(citation.display_key)}</a>')
    else:
        key = f'<span class="citation__key">{_e(citation.key)}</span>'
    version = citation.version
    if version:
        meta = _blocktranslate("version %(number)s", number=version.number) + ", " + (
            _blocktranslate("in force from %(date)s",
                            date=date_format(version.effective_date, "SHORT_DATE_FORMAT"))
            if version.effective_date else gettext("effective date unknown"))
    else:
        meta = gettext("no version in force")
    steps = ""
    if source.steps:
        steps = gettext("relied on by steps") + " " + ", ".join(
            f'<a href="#step-{_e(number)}">{_e(number)}</a>' for number in source.shown_steps)
    if source.steps and source.points:
        steps += "; "
    if source.points:
        steps += gettext("readings of open point") + " " + ", ".join(
            f'<a href="#open-point-{_e(number)}">{_e(number)}</a>' for number in source.points)
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
        address = reverse("calculator:clause",
                          args=[document.game, document.document, citation.key])
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
    return (f'<li class="citation" id="{_e(source.anchor)}">\n  {key}\n'
            f'  <span class="citation__meta">{meta}</span>\n'
            f'  <span class="citation__steps">{steps}</span>\n'
            f'  {warning}\n  {details}\n</li>\n')


def sources_html(ruling) -> SafeString:
    """Each clause the ruling (:class:`~rulebook.calculator.services.RulingView`)
    cites, as ``includes/source.html`` renders it, written in Python."""
    return mark_safe("".join(_source(source, ruling) for source in ruling.sources))

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
   - :func:`example_links` — the worked examples to start from (each one's
     short address, read by the engine), which depend only on the scenario and
     the language: kept per scenario and language.

   A cache that fails is a miss: the value is then computed as without it,
   never a 500.  Tests reach the stored values through :data:`CITATIONS`,
   :data:`EXAMPLE_LINKS` (``ProcessIndex.clear``).

2. **Markup written twice for a tenth of the template engine's time**:
   :func:`steps_html` and :func:`sources_html` write the ruling's steps and
   its cited clauses in Python, byte for byte as ``includes/step.html`` and
   ``includes/source.html`` render them (the form's fields are the
   templates' own: the table builder changes them often).  Those templates stay the reference
   and are no longer rendered on the pages: a test
   (``tests/rulebook/calculator/test_speed.py``) renders both ways for every
   scenario, worked example, language, date and error state and asks for
   the same bytes.  To change the markup, change the template, then this
   module, until that test passes.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any, Callable, Hashable, Iterable, TypeVar

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


def example_links(scenario: Scenario) -> list[tuple[str, str]]:
    """:func:`rulebook.calculator.services.example_links`, kept per scenario and language."""
    from rulebook.calculator.services import example_links as links  # services imports speed

    return _kept(EXAMPLE_LINKS, lambda: (scenario.game, scenario.slug,
                                         translation.get_language()),
                 lambda: links(scenario))


# --------------------------------------------------------------------------
# Hand-written HTML: the ruling's steps and cited clauses
# --------------------------------------------------------------------------
# What it trades: ``includes/step.html`` and ``includes/source.html`` are written
# here in Python, the same markup, for a tenth of the template engine's time — at
# the price of changing the markup in two places.  The templates stay the
# reference: a test renders both ways and asks for the same bytes.  Change the
# templates first, then this, until the test passes.

def _e(value: Any) -> str:
    """A value as the template engine writes it: text escaped, ``None`` as "None"."""
    return str(conditional_escape(value))


def _blocktranslate(msgid: str, **values: Any) -> str:
    """``{% blocktranslate with … %}``: the translation (not escaped), values escaped."""
    return gettext(msgid) % {key: _e(value) for key, value in values.items()}


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

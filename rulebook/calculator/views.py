"""Pages of the scenario calculator (mounted at ``/<lang>/calculator/``).

The scenario form uses GET, so every ruling has a shareable address.  With
htmx the form asks for a part of the page only: ``HX-Target: ruling`` gets
the ruling region, ``HX-Target: calculator`` the form and the ruling (used
when the form itself changes: item counts, field errors).  A ruling's
address to share carries only the inputs that differ from their defaults
(:func:`rulebook.calculator.services.short_query`); an htmx answer puts it
in the address bar (``HX-Push-Url``).  Without
JavaScript the same address renders the full page.  Bad input never gives
a 500: it is shown next to its field, with status 400.  A parameter that
names no field (a misspelled name in a link) is such an error too, shown
in the error summary, never ignored — the same check as the API's
(:func:`engine.core.parse_form`); only the page's own parameters and the
items a reader removed by lowering a group's count are left out
(:func:`rulebook.calculator.services.form_data`).  "Read the text"
(``_read=<card-text field>``) answers the form filled in with what the game's
grammar understood of a printed card text, to check and edit before ruling
(:func:`rulebook.calculator.services.read_card_text`).
"""

from __future__ import annotations


from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import retarget, reswap

import engine
from rulebook.calculator import speed
from rulebook.calculator import services as calculator
from rulebook.caching.conditional import page_cacheable
from rulebook.models import Clause, Document
from rulebook.reading.services import read_clauses


#: ``render`` with the language and the script prefix looked up once for the whole page
#: (:func:`rulebook.calculator.speed.in_one_language`): a ruling's kept citations and
#: translations are read hundreds of times while it renders.
_render = speed.in_one_language(render)
#: The scenario page: ``scenario.html`` written in Python (``{% scenario_page_html %}``,
#: :func:`rulebook.calculator.speed.scenario_page_html`); ``scenario.html`` is its reference.
PAGE = "rulebook/calculator/scenario_page.html"


def _scenario(game: str, slug: str):
    try:
        return calculator.find(game, slug)
    except KeyError:
        raise Http404("no such scenario") from None


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The scenarios of every game."""
    return render(request, "rulebook/calculator/index.html", {"rulesets": engine.rulesets()})


@require_safe
@vary_on_headers("HX-Request", "HX-Target")  # one address, a page or a part of it
def scenario_form(request: HttpRequest, game: str, slug: str) -> HttpResponse:
    """A scenario's form and, when submitted, its ruling."""
    scenario = _scenario(game, slug)
    if "GET" not in request.__dict__:  # not read yet: read without a call per parameter
        read = speed.query_dict(request)
        if read is not None:
            request.GET = read
    data = {key: values for key, values in request.GET.lists()}
    submitted = any(key not in calculator.RESERVED for key in data)
    # "Read the text": the form filled in to check, no ruling yet
    data, card_reading = calculator.read_card_text(scenario, data)
    layout_only = "_layout" in data or card_reading is not None
    on, dated, date_error = calculator.parse_as_of(request.GET.get("as_of"))
    answer = (calculator.rule_on_form(scenario, data, request.path, on, dated)
              if submitted and not layout_only else calculator.FormRuling())
    errors, share_url = answer.errors, answer.share_url
    failed = bool(errors) and not layout_only
    # no "game": base.html's ``game.slug`` (a game's feed and glossary) would look for an
    # attribute of the slug (a str) and fail slowly; the pages show neither, as before
    context = {
        "scenario": scenario,
        "ruling": answer.ruling, "situation": answer.situation,
        "submitted": submitted and not layout_only, "failed": failed,
        # the date field's value; ``as_of`` itself is the dated banner's (context processor)
        "on": on, "dated": dated, "as_of_value": request.GET.get("as_of", ""),
        "as_of_error": date_error, "api_query": answer.api_query, "share_url": share_url,
        "card_reading": card_reading,
    }
    status = 400 if failed else 200
    target = speed.htmx_target(request)  # request.htmx.target if request.htmx else None
    if target == "ruling" and not failed and not date_error:  # the ruling region only
        # includes/partial.html without a region (includes/ruling_region.html), written in
        # Python (speed.ruling_fragment_html)
        response = HttpResponse(speed.ruling_fragment_html(request, context))
        if share_url:  # the address bar shows the short address, not every empty field
            response["HX-Push-Url"] = share_url
        return response
    bound = calculator.bind_form(scenario, data if submitted else None, errors)
    context.update({
        "fields": bound, "error_fields": calculator.flat_errors(bound),
        "other_errors": [calculator.render_message(message) for path, message in errors.items()
                         if not _path_in(bound, path)],
        "start_from": speed.example_links(scenario),
    })
    if target in ("ruling", "calculator"):
        response = _render(request, "rulebook/calculator/includes/partial.html",
                          {**context, "region": "rulebook/calculator/includes/calculator.html"},
                          status=status)
        if (failed or date_error) and target == "ruling":  # the form shows the error
            response = reswap(retarget(response, "#calculator"), "outerHTML")
        # htmx swaps only 2xx answers by default; field errors must be shown.
        response.status_code = 200
        return response
    # The whole page of a ruling depends only on its address, the date and
    # what is published: the page cache may keep it (200 answers only).
    return page_cacheable(_render(request, PAGE, context, status=status))


def _path_in(bound, path: str) -> bool:
    for item in bound:
        if item.path == path or any(_path_in(fields, path) for fields in item.items):
            return True
    return False


@require_safe
def examples(request: HttpRequest) -> HttpResponse:
    """Every worked example of the seed texts, run live: expected vs computed."""
    runs = calculator.run_examples()
    return render(request, "rulebook/calculator/examples.html", {
        "runs": runs, "all_match": all(run.matches for run in runs),
        "mismatches": sum(not run.matches for run in runs),
    })


@require_safe
def clause_fragment(request: HttpRequest, game: str, document: str, key: str) -> HttpResponse:
    """The text of one clause on a date, as an HTML fragment to expand in place."""
    doc = get_object_or_404(Document.objects.select_related("game"), game__slug=game,
                            slug=document)
    clause = get_object_or_404(Clause.objects.select_related("section"), document=doc, key=key)
    clause.document = doc
    on, dated, _error = calculator.parse_as_of(request.GET.get("as_of"))
    (reading,) = read_clauses([clause], on)
    return render(request, "rulebook/calculator/clause_fragment.html", {
        "reading": reading, "on": on, "dated": dated, "document": doc})

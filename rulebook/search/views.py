"""The search page: results, clause-key jump, live update with htmx.

Without JavaScript the GET form reloads the page; with htmx the results
part is replaced as the reader types (debounced) and the address is
updated, so every state of the page is a shareable URL.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe

from rulebook.caching.conditional import page_cacheable
from rulebook.search import clean_query, find_keys, search
from rulebook.search.forms import SearchForm

RESULTS_LIMIT = 25


def _partial(request: HttpRequest) -> bool:
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and not htmx.history_restore_request and htmx.target == "search-results"


@require_safe
def search_page(request: HttpRequest) -> HttpResponse:
    """Search results for ``?q=`` with filters ``game``, ``document``,
    ``language`` and ``as_of`` (YYYY-MM-DD).  A query that is exactly one
    clause key (or chapter/section number) redirects to that page, except
    while typing (htmx), where it is offered as the first result.  Official
    rulings that match are hits too, labelled as such."""
    form = SearchForm(request.GET or None)
    query = clean_query(request.GET.get("q", ""))
    form.is_valid()
    game, document = form.selected_game(), form.selected_document()
    on = form.value("as_of")
    dated = on is not None
    keys = find_keys(query, game=game, document=document, on=on) if query else []
    if len(keys) == 1 and not request.htmx and request.GET.get("jump", "1") != "0":
        url = keys[0].url
        return redirect(f"{url}?as_of={on:%Y-%m-%d}" if dated else url)
    hits = search(query, language=form.value("language"), game=game, document=document,
                  on=on or timezone.localdate(), limit=RESULTS_LIMIT) if query else []
    ruling_count = sum(1 for hit in hits if hit.kind == "ruling")
    context = {"form": form, "query": query, "hits": hits, "keys": keys, "on": on,
               "ruling_count": ruling_count, "clause_count": len(hits) - ruling_count,
               "dated": dated, "limit": RESULTS_LIMIT, "search_query": query}
    template = ("rulebook/search/results.html" if _partial(request)
                else "rulebook/search/page.html")
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return page_cacheable(response)

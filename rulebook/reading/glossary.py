"""The glossary page of a game: every term in the reader's language, the
original and the third language, its definition and the clause defining it;
and the glossaries' index (``/<lang>/glossary/``), where the header's
"Glossary" link leads from a page that belongs to no game."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from rulebook.models import Game, GlossaryTerm, Localized

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


@dataclass(frozen=True)
class GlossaryRow:
    """A term as the page shows it: in the reader's language, in the others, defined."""

    term: GlossaryTerm
    name: Localized
    others: tuple[tuple[str, str], ...]   # (language, term) of the other languages
    definition: Localized


def glossary_rows(game: Game, language: str | None = None) -> list[GlossaryRow]:
    """The terms of ``game`` for a reader of ``language``, sorted by the shown name."""
    language = (language or get_language() or "en")[:2]
    rows = []
    for term in GlossaryTerm.objects.for_game(game).select_related("clause__document__game"):
        name = term.term_in(language)
        others = tuple((code, getattr(term, f"term_{code}")) for code in LANGUAGES
                       if code != name.language and getattr(term, f"term_{code}"))
        rows.append(GlossaryRow(term, name, others, term.definition_in(language)))
    return sorted(rows, key=lambda row: row.name.text.casefold())


@require_safe
def glossary_page(request: HttpRequest, game: str) -> HttpResponse:
    """``/<lang>/<game>/glossary/``: the game's glossary."""
    game_obj = get_object_or_404(Game, slug=game)
    return render(request, "rulebook/reading/glossary.html", {
        "game": game_obj, "rows": glossary_rows(game_obj)})


@require_safe
def glossaries_page(request: HttpRequest) -> HttpResponse:
    """``/<lang>/glossary/``: every game with the number of its glossary terms."""
    games = Game.objects.annotate(term_count=Count("glossary_terms"))
    return render(request, "rulebook/reading/glossaries.html", {"games": games})

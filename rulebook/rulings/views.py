"""The public pages of official rulings: a game's list and one ruling.

Views stay thin: the rows come from ``Ruling.objects`` (published only).
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from rulebook.models import Game, Ruling
from rulebook.versioning import review

#: The largest number the column holds; a bigger one names no ruling.
_MAX_NUMBER = 2**31 - 1


@require_safe
def ruling_list(request: HttpRequest, game: str) -> HttpResponse:
    """A game's published rulings, newest first; superseded and withdrawn ones marked."""
    game_obj = get_object_or_404(Game, slug=game)
    rulings = (game_obj.rulings.published().with_review().select_related("game")
               .prefetch_related("interpretations__clause__document")
               .order_by("-source_date", "-number"))
    return render(request, "rulebook/rulings/ruling_list.html", {
        "game": game_obj, "rulings": rulings})


@require_safe
def ruling_detail(request: HttpRequest, game: str, number: int) -> HttpResponse:
    """A published ruling: source, date, question and answer, its clauses, its status.

    ``number`` is the ruling's public number within the game.
    """
    if number > _MAX_NUMBER:
        raise Http404
    ruling = get_object_or_404(
        Ruling.objects.published().select_related(
            "game", "superseded_by__game", "superseded_by_correction__game"),
        game__slug=game, number=number)
    links = list(ruling.interpretations.select_related("clause__document__game", "version"))
    return render(request, "rulebook/rulings/ruling_detail.html", {
        "game": ruling.game, "ruling": ruling, "links": links,
        "superseding": ruling.supersedes.published().order_by("source_date", "number"),
        "to_review": review.open_for_ruling(ruling),
    })

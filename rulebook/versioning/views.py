"""Pages of the versioned rulebook: clause history, corrections of a game.

Views stay thin: the rows come from :mod:`rulebook.versioning.history`.
"""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from rulebook.versioning.diffing import has_changes
from rulebook.versioning.history import VersionChange, clause_history, compare, correction_changes
from rulebook.models import Clause, Correction, Document, Game


class CompareForm(forms.Form):
    """Which two versions of a clause to compare (GET ``from`` and ``to``)."""

    def __init__(self, data, numbers: list[int]):
        super().__init__(data)
        choices = [(n, n) for n in numbers]
        self.fields["from"] = forms.TypedChoiceField(label=_("Compare version"), coerce=int,
                                                     choices=choices)
        self.fields["to"] = forms.TypedChoiceField(label=_("with version"), coerce=int,
                                                   choices=choices)


@require_safe
def clause_history_view(request: HttpRequest, game: str, document: str,
                        key: str) -> HttpResponse:
    """Every published version of a clause, and a word diff between any two of them."""
    doc = get_object_or_404(Document.objects.select_related("game"), game__slug=game,
                            slug=document)
    clause = get_object_or_404(Clause.objects.select_related("section"), document=doc, key=key)
    clause.document = clause.section.document = doc
    entries = clause_history(clause)
    by_number = {entry.version.number: entry.version for entry in entries}
    numbers = sorted(by_number)
    form = None
    old = new = None
    if len(numbers) >= 2:
        defaults = {"from": str(numbers[-2]), "to": str(numbers[-1])}
        asked = "from" in request.GET or "to" in request.GET
        form = CompareForm({**defaults, **request.GET.dict()} if asked else defaults, numbers)
        if form.is_valid():
            old, new = by_number[form.cleaned_data["from"]], by_number[form.cleaned_data["to"]]
        else:
            old, new = by_number[numbers[-2]], by_number[numbers[-1]]
    first = entries[0].version if entries else None
    diff = compare(old, new) if old and new else None
    return render(request, "rulebook/versioning/clause_history.html", {
        "document": doc, "game": doc.game, "clause": clause, "section": clause.section,
        "entries": entries, "form": form, "old": old, "new": new,
        "diff": diff, "same_text": diff is not None and not has_changes(diff),
        "first_change": VersionChange(first, None, None) if first else None,
    })


@require_safe
def correction_list(request: HttpRequest, game: str) -> HttpResponse:
    """A game's published corrections, newest first; upcoming ones marked."""
    game_obj = get_object_or_404(Game, slug=game)
    corrections = (game_obj.corrections.published()
                   .order_by("-effective_date", "-published_at", "-pk"))
    return render(request, "rulebook/versioning/correction_list.html", {
        "game": game_obj, "corrections": corrections, "today": timezone.localdate(),
    })


@require_safe
def correction_detail(request: HttpRequest, game: str, number: int) -> HttpResponse:
    """A published correction: title, date, summary, every clause it changed with a diff.

    ``number`` is the correction's public number within the game, kept by
    export and restore; corrections published before numbers existed got
    their old row id as number, so their old addresses stay valid.
    """
    if number > 2**31 - 1:  # beyond the column: no such correction
        raise Http404
    correction = get_object_or_404(Correction.objects.published().select_related("game"),
                                   game__slug=game, number=number)
    return render(request, "rulebook/versioning/correction_detail.html", {
        "game": correction.game, "correction": correction,
        "changes": correction_changes(correction),
    })

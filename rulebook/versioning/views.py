"""Pages of the versioned rulebook: clause history, corrections of a game.

Views stay thin: the rows come from :mod:`rulebook.versioning.history`
and :mod:`rulebook.versioning.changes`.
"""

from __future__ import annotations

import datetime

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from rulebook.caching.conditional import page_cacheable
from rulebook.versioning.headings import describe, document_structure_changes, structure_entry
from rulebook.versioning.changes import default_dates, document_changes
from rulebook.versioning.diffing import has_changes
from rulebook.versioning.history import (VersionChange, clause_history, compare,
                                        correction_changes, section_changes)
from rulebook.versioning.structure import former_labels
from rulebook.models import Clause, Correction, Document, Game
from rulebook.models.rules import day_before
from rulebook.reading.services import section_answers
from rulebook.reading.views import renumbered_redirect


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
    """Every published version of a clause, and a word diff between any two of them; a 404
    for a clause with none (its clause page is one too)."""
    doc = get_object_or_404(Document.objects.select_related("game"), game__slug=game,
                            slug=document)
    clause = Clause.objects.select_related("section").filter(document=doc, key=key).first()
    if clause is None:
        return renumbered_redirect(request, doc, key, "history/")
    clause.document = clause.section.document = doc
    entries = clause_history(clause)
    if not entries:  # structure an editor added, or a draft: no page, as its clause page
        # (the old key of a renumbered clause, taken by a new one in a draft, still leads
        # to the renumbered one until that draft is published)
        return renumbered_redirect(request, doc, key, "history/")
    by_number = {entry.version.number: entry.version for entry in entries}
    # In the order the versions take effect (an urgent one before an announced one).
    numbers = list(by_number)
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
        # the breadcrumb links the section only when its page answers today
        "section_answers": section_answers(clause.section),
        "entries": entries, "form": form, "old": old, "new": new,
        "diff": diff, "same_text": diff is not None and not has_changes(diff),
        "first_change": VersionChange(first, None, None) if first else None,
        "former_labels": former_labels([entry.version for entry in entries]),
        # a correction renaming its section (heading, address) is part of its history too
        "section_changes": [(change, describe(change)) for change in
                            section_changes(clause, [entry.version for entry in entries])],
    })


@require_safe
def correction_list(request: HttpRequest, game: str) -> HttpResponse:
    """A game's published corrections, newest first; upcoming ones marked."""
    game_obj = get_object_or_404(Game, slug=game)
    corrections = (game_obj.corrections.published()
                   .order_by("-effective_date", "-published_at", "-pk"))
    return render(request, "rulebook/versioning/correction_list.html", {
        "game": game_obj, "corrections": corrections, "today": timezone.localdate(),
        "documents": game_obj.documents.published(),  # not one with nothing published
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
    changes = correction_changes(correction)
    changed_documents = list({c.version.clause.document_id: c.version.clause.document
                              for c in changes}.values())
    return render(request, "rulebook/versioning/correction_detail.html", {
        "game": correction.game, "correction": correction, "changes": changes,
        # the "What changed" page of each document, from the day before to the effective date
        "changed_documents": changed_documents,
        "day_before": day_before(correction.effective_date),
        "structure": [structure_entry(change) for change in correction.structure_changes
                      .published().select_related("section__document__game",
                                                  "document__game", "game")],
    })


class ChangesForm(forms.Form):
    """The two dates of the "What changed" page (GET ``from`` and ``to``)."""

    def __init__(self, data, defaults: tuple[datetime.date, datetime.date]):
        super().__init__(data)
        for name, label, default in (("from", _("From"), defaults[0]),
                                     ("to", _("To"), defaults[1])):
            self.fields[name] = forms.DateField(
                label=label, required=False, input_formats=["%Y-%m-%d"],
                widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                help_text=_("YYYY-MM-DD"))
            self.fields[name].initial = default

    def dates(self) -> tuple[datetime.date, datetime.date]:
        """The two dates asked for; the default for a missing or invalid one."""
        if self.is_bound:
            self.is_valid()
        cleaned = getattr(self, "cleaned_data", {})
        start, end = (cleaned.get(name) or self.fields[name].initial for name in ("from", "to"))
        return start, end


@require_safe
def document_changes_view(request: HttpRequest, game: str, document: str) -> HttpResponse:
    """What changed in a document between two dates (default: the day before
    the latest correction, and today): added, changed and repealed clauses
    with word diffs.  With htmx only the list is replaced when a date changes.  A 404 for
    a document with nothing published (as its page)."""
    doc = get_object_or_404(Document.objects.published().select_related("game"),
                            game__slug=game, slug=document)
    form = ChangesForm(request.GET or None, default_dates(doc))
    start, end = form.dates()
    result = document_changes(doc, start, end)
    htmx = getattr(request, "htmx", None)
    partial = bool(htmx) and not htmx.history_restore_request and htmx.target == "changes-list"
    template = ("rulebook/versioning/includes/changes_list.html" if partial
                else "rulebook/versioning/document_changes.html")
    response = render(request, template, {
        "document": doc, "game": doc.game, "form": form, "result": result,
        "changes": result.changes, "start": result.start, "end": result.end,
        # a clause's link shows the text in force on ``end``: no ``as_of`` when that is today's
        "link_as_of": "" if result.end == timezone.localdate() else f"{result.end:%Y-%m-%d}",
        "invalid": form.is_bound and bool(form.errors),  # only the error and the form then
        "structure": [structure_entry(change) for change in
                      document_structure_changes(doc, result.start, result.end)],
    }, status=400 if form.is_bound and form.errors else 200)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return page_cacheable(response)

"""Admin page "Items to review": what published corrections put up for review.

Lists every item still waiting (by default; the filter shows the cleared ones
too) with its correction, clause and kind.  An editor opens one and either
confirms it (still valid, with a note) or supersedes it (replaced by a new
ruling, a new translation…, with a note) — :func:`rulebook.versioning.review.confirm`
and :func:`~rulebook.versioning.review.supersede`; an item cleared once stays
cleared.  Items are made by publishing a correction only: none can be added or
deleted here.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.utils.translation import gettext, gettext_lazy as _

from rulebook.models import ReviewItem, Ruling
from rulebook.versioning import review


class StateFilter(admin.SimpleListFilter):
    """Open items by default; cleared ones on request."""

    title = _("state")
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [(ReviewItem.OPEN, _("waiting for review")), ("cleared", _("reviewed")),
                ("all", _("all"))]

    def choices(self, changelist):
        for value, label in self.lookup_choices:
            yield {"selected": (self.value() or ReviewItem.OPEN) == value,
                   "query_string": changelist.get_query_string({self.parameter_name: value}),
                   "display": label}

    def queryset(self, request, queryset):
        value = self.value() or ReviewItem.OPEN
        if value == ReviewItem.OPEN:
            return queryset.filter(state=ReviewItem.OPEN)
        if value == "cleared":
            return queryset.exclude(state=ReviewItem.OPEN)
        return queryset


class ReviewForm(forms.ModelForm):
    """Act on an item: confirm it or supersede it, with a note."""

    action = forms.ChoiceField(label=_("decision"), widget=forms.RadioSelect, choices=[
        (ReviewItem.CONFIRMED, _("Confirm: still valid after the correction")),
        (ReviewItem.SUPERSEDED, _("Supersede: replaced by a new ruling, translation or entry"))])
    review_note = forms.CharField(label=_("note"), widget=forms.Textarea(attrs={"rows": 3}),
                                  help_text=_("What you checked, or what replaces it."))
    by = forms.ModelChoiceField(label=_("superseded by ruling"), required=False,
                                queryset=Ruling.objects.none(),
                                help_text=_("For a ruling: the published ruling that replaces "
                                            "it (mark the old ruling superseded on its "
                                            "“Status” page)."))

    class Meta:
        model = ReviewItem
        fields = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        item = self.instance
        if item.pk:
            self.fields["by"].queryset = (Ruling.objects.published()
                                          .filter(game_id=item.correction.game_id)
                                          .exclude(pk=item.ruling_id))

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("by") is not None and cleaned.get("action") != ReviewItem.SUPERSEDED:
            self.add_error("by", _("Only a superseded item names the ruling replacing it."))
        return cleaned


@admin.register(ReviewItem)
class ReviewItemAdmin(admin.ModelAdmin):
    """Items to review: what rests on clauses that published corrections changed."""

    form = ReviewForm
    list_display = ("clause", "kind", "what", "correction", "state", "acted_by", "acted_at")
    list_filter = (StateFilter, "kind", "correction__game")
    list_select_related = ("clause__document", "correction__game", "ruling__game",
                           "glossary_term", "acted_by")
    readonly_fields = ("correction", "clause", "kind", "what", "state", "note",
                       "superseded_by_ruling", "acted_by", "acted_at")

    @admin.display(description=_("item"))
    def what(self, obj: ReviewItem) -> str:
        """The thing resting on the clause."""
        if obj.ruling_id:
            return str(obj.ruling)
        if obj.glossary_term_id:
            return str(obj.glossary_term)
        if obj.language:
            return obj.get_language_display()
        return obj.subject

    def get_fields(self, request, obj=None):
        fields = list(self.readonly_fields)
        if obj is not None and obj.is_open:
            fields += ["action", "review_note", "by"]
        return fields

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return request.user.has_perm(review.REVIEW_PERMISSION)

    def get_actions(self, request):
        return {}

    def save_model(self, request, obj, form, change):
        if not obj.is_open or "action" not in form.cleaned_data:
            return
        data = form.cleaned_data
        try:
            if data["action"] == ReviewItem.CONFIRMED:
                review.confirm(obj, request.user, data["review_note"])
            else:
                review.supersede(obj, request.user, data["review_note"], data.get("by"))
        except review.ReviewError as error:
            messages.error(request, str(error))
            return
        obj.refresh_from_db()
        messages.success(request, gettext("Reviewed: the item no longer waits."))

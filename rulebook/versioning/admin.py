"""Admin of corrections and clause versions: the editorial workflow.

An editor creates a correction (title, effective date, summary), proposes
the new text of one or more clauses ("Propose a clause text": a draft
version prefilled with the current text, edited in language tabs),
previews the result with word diffs and submits it; a publisher publishes
it (:func:`rulebook.versioning.publishing.publish_correction`).  Published
corrections and versions are shown read-only; translations of a published
version are updated or confirmed on their own page.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError
from django.db.models import F
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin

from rulebook.versioning import editing, guards, headings, publishing, review, structure, timeline
from rulebook.versioning.diffing import word_diff
from rulebook.versioning.structure_admin import StructureChangeInline
from rulebook.references.forms import REFERENCE_HELP, ClauseVersionAdminForm
from rulebook.references.services import validation_errors
from rulebook.versioning.history import compare
from rulebook.models import (
    Clause, ClauseVersion, Correction, ImmutableVersionError, ImportedText, Section,
    StructureChange,
)


class RefusalsAsMessages:
    """Admin mixin: a refused or lost save is a form error, the typed text kept; never a 500.

    Model forms already show :class:`ImmutableVersionError` and a stale
    form as form errors (``Model.clean``, the forms' revision checks); this
    catches what slips past validation — a publication between the form's
    check and its save, a database trigger
    (``rulebook.versioning.guards``), a workflow refusal from the save — and
    shows the submitted form again with the reason as its error.  A
    deadlock or serialization failure is tried once more first
    (:func:`rulebook.versioning.editing.retry_once`).
    """

    #: The refusal shown when a POST finds its object published since the
    #: form was opened (the admin then offers no change form); None: a 403.
    published_refusal = None

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """Django's change form; a refusal becomes a form error (a message on GET)."""
        def view():
            return super(RefusalsAsMessages, self).changeform_view(
                request, object_id, form_url, extra_context)

        try:
            response, refusal = _refused(view)
        except PermissionDenied:
            # Published since the form was opened: the typed text is shown again.
            if request.method != "POST" or self.published_refusal is None or not object_id \
                    or not self.has_change_permission(request) \
                    or not self.opened_editable(request, object_id):
                raise
            response, refusal = None, str(self.published_refusal)
        if refusal is None:
            return response
        if request.method != "POST":
            messages.error(request, refusal)
            return HttpResponseRedirect(request.get_full_path())
        # Show the submitted form again, with the reason as its error.
        request.rulebook_refusal = refusal
        return view()

    def opened_editable(self, request, object_id) -> bool:
        """Whether a POST to an object now read-only comes from a form opened
        while it was editable (then the form is shown again with
        :attr:`published_refusal`, else the admin's 403)."""
        return False

    def delete_view(self, request, object_id, extra_context=None):
        """Django's delete page; a refused deletion is a message on the object's page."""
        response, refusal = _refused(
            lambda: super(RefusalsAsMessages, self).delete_view(request, object_id, extra_context))
        if refusal is None:
            return response
        messages.error(request, refusal)
        opts = self.model._meta
        return HttpResponseRedirect(reverse(
            f"admin:{opts.app_label}_{opts.model_name}_change", args=[object_id]))

    def get_form(self, request, obj=None, **kwargs):
        """The admin's form; after a refused save, one that shows the refusal."""
        form = super().get_form(request, obj, **kwargs)
        refusal = getattr(request, "rulebook_refusal", None)
        if refusal is None:
            return form
        return type(form)(form.__name__, (RefusedForm, form), {"refusal": refusal})


def _refused(view) -> tuple:
    """Run an admin view (tried once more after a deadlock); ``(response, None)``,
    or ``(None, the editor's explanation)`` when the save was refused."""
    try:
        return editing.retry_once(view), None
    except (ImmutableVersionError, IntegrityError, publishing.WorkflowError,
            editing.BusyError) as error:
        if isinstance(error, IntegrityError) and guards.MESSAGE not in str(error) \
                and guards.WORKFLOW_MESSAGE not in str(error):
            raise
        return None, refusal_text(error)


def shows_refusal(request) -> bool:
    """Whether the admin is showing a refused form again (its object may be
    published by now: the typed text is shown all the same, and not saved)."""
    return getattr(request, "rulebook_refusal", None) is not None


class RefusedForm(forms.BaseForm):
    """A submitted form shown again after its save was refused: the reason is
    its error, so nothing is saved and the typed values stay in the form."""

    refusal = ""

    def clean(self):
        self.add_error(None, self.refusal)
        return self.cleaned_data


def refusal_text(error: Exception) -> str:
    """The editor's explanation of a refused save."""
    if isinstance(error, (publishing.WorkflowError, editing.BusyError)):
        return str(error)
    if isinstance(error, ImmutableVersionError):
        reason = str(error)
    else:
        reason = gettext("published rules cannot be changed or deleted; publish a correction "
                         "instead.")
    return gettext("Nothing was saved: %(reason)s") % {"reason": reason}


class StampedModelForm(forms.ModelForm):
    """A model form refused when the row changed since the form was opened.

    ``opened_stamp`` (hidden) carries the :func:`~rulebook.versioning.editing.stamp`
    of the row's ``stamp_fields`` as the form showed them; :meth:`clean`
    locks the row (:meth:`lock`, inside the admin's transaction, so the
    lock lasts until the save) and compares it with the stored row.
    """

    opened_stamp = forms.CharField(widget=forms.HiddenInput, required=False)
    stamp_fields: tuple[str, ...] = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["opened_stamp"].initial = self.shown_stamp()

    def shown_stamp(self) -> str:
        """The stamp of the row as the form shows it (its ``stamp_fields``)."""
        return editing.stamp(getattr(self.instance, name) for name in self.stamp_fields)

    def stored_stamp(self) -> str | None:
        """The stamp of the stored row (``None``: it is gone), as :meth:`opened_stamp`
        gives it for a row read now."""
        return editing.row_stamp(type(self.instance), self.instance.pk, self.stamp_fields)

    def lock(self) -> None:
        """Lock the row for update (subclasses: in the one lock order)."""
        editing.lock_row(type(self.instance), self.instance.pk)

    def clean(self):
        cleaned = super().clean()
        if self.instance.pk:
            self.lock()
            stored = self.stored_stamp()
            if stored != cleaned.get("opened_stamp"):
                self.add_error(None, forms.ValidationError(gettext(
                    "Someone else saved this %(object)s while you were editing it. Your "
                    "changes were not saved and are still in the form below: copy them, reload "
                    "the page and apply them to the current version.") % {
                        "object": self.instance._meta.verbose_name}, code="stale"))
        return cleaned


def _no_bulk_delete(actions: dict) -> dict:
    # Bulk deletion would reach published rows; drafts are deleted one by one.
    actions.pop("delete_selected", None)
    return actions


class ProposedVersionInline(admin.TabularInline):
    """The clause texts a correction proposes (edited on their own page)."""

    model = ClauseVersion
    fk_name = "correction"
    extra = 0
    fields = ("clause", "is_repeal", "based_on_number", "revision", "state", "structure")
    readonly_fields = fields
    show_change_link = True
    verbose_name = _("proposed clause text")
    verbose_name_plural = _("proposed clause texts")

    @admin.display(description=_("state"))
    def state(self, obj: ClauseVersion) -> str:
        """Published (with its number) or the draft's relation to the version it replaces."""
        if obj.is_published:
            return gettext("published as version %(number)s") % {"number": obj.number}
        replaced = publishing.replaced_number(obj)
        if obj.based_on_number != replaced:
            return gettext("stale: version %(number)s was published since") % {"number": replaced}
        return gettext("draft")

    @admin.display(description=_("structure"))
    def structure(self, obj: ClauseVersion) -> str:
        """What the version changes in the clause's structure, in words (added,
        repealed, moved, renumbered), or "—"."""
        base = (publishing.base_version(obj) if not obj.is_published
                else obj.clause.versions.published().filter(number=obj.number - 1).first())
        return "; ".join(change.text for change in structure.structural_changes(obj, base)) \
            or "—"

    def has_add_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return obj is None or not obj.is_published


class ProposeForm(forms.Form):
    """Which clause a correction changes, and whether it repeals it."""

    clause = forms.ModelChoiceField(queryset=Clause.objects.none(), label=_("clause"))
    repeal = forms.BooleanField(
        label=_("repeal this clause"), required=False,
        help_text=_("The clause keeps its address and says it was repealed by this correction."))

    def __init__(self, *args, correction: Correction, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["clause"]
        field.queryset = (Clause.objects.filter(document__game=correction.game)
                          .select_related("document").order_by("document__position", "position"))
        field.label_from_instance = lambda c: f"{c.document.slug} · {c.display_key} ({c.key})"


def _section_choices(game) -> "models.QuerySet":
    """The sections of ``game``'s documents, in reading order."""
    return (Section.objects.filter(document__game=game).select_related("document")
            .order_by("document__position", "position"))


def _section_label(section: Section) -> str:
    return f"{section.document.slug} · {section.label()}"


class AddClauseForm(forms.Form):
    """A new clause at a place in a section of the correction's game: key and
    printed label are proposed from the clause before it (editable)."""

    section = forms.ModelChoiceField(queryset=Section.objects.none(), label=_("section"))
    after = forms.ModelChoiceField(
        queryset=Clause.objects.none(), label=_("after clause"), required=False,
        help_text=_("The new clause follows this one; leave empty to put it at the start of "
                    "the section."))
    key = forms.CharField(label=_("key"), max_length=120, required=False,
                          help_text=_("Leave empty to get a key proposed from the clause "
                                      "before, e.g. “106.4” after “106.3”."))
    label = forms.CharField(label=_("label"), max_length=160, required=False,
                            help_text=_("How the key is printed; proposed with the key."))
    title = forms.CharField(label=_("title"), max_length=300, required=False)
    text = forms.CharField(label=_("text"), widget=forms.Textarea(attrs={"rows": 6}),
                           required=False, help_text=REFERENCE_HELP)

    def __init__(self, *args, correction: Correction, **kwargs):
        super().__init__(*args, **kwargs)
        self.correction = correction
        # Every section and clause of every game: a section of another game
        # is refused with a field error (structure.check_section), not hidden.
        section = self.fields["section"]
        section.queryset = Section.objects.select_related("document__game").order_by(
            "document__game__position", "document__position", "position")
        section.label_from_instance = _section_label
        section.widget.choices = [("", "---------")] + [
            (item.pk, _section_label(item)) for item in _section_choices(correction.game)]
        after = self.fields["after"]
        after.queryset = (Clause.objects.filter(document__game=correction.game)
                          .select_related("document").order_by("document__position",
                                                               "position"))
        after.label_from_instance = lambda c: f"{c.document.slug} · {c.display_key}"

    def clean(self):
        cleaned = super().clean()
        section, after = cleaned.get("section"), cleaned.get("after")
        if section is not None:
            try:
                structure.check_section(self.correction, section)
            except structure.StructureError as error:
                self.add_error(error.field, str(error))
                return cleaned
            if after is not None and after.section_id != section.pk:
                self.add_error("after", gettext("Choose a clause of the chosen section."))
        return cleaned


class CorrectionForm(StampedModelForm):
    """A correction; its title is required in its original language only; refused
    when someone saved the correction, or one of its changes of headings, titles
    and names (edited on the same page), since the form was opened."""

    stamp_fields = Correction.CONTENT_FIELDS

    def _structure_rows(self) -> list[str]:
        # The stored changes of headings, titles and names (the page's inline).
        return [repr(row) for row in StructureChange.objects.filter(
            correction_id=self.instance.pk).order_by("pk").values_list(
                "pk", "section_id", "document_id", "game_id", "adds", "slug",
                *(f"name_{code}" for code in publishing.LANGUAGE_CODES))]

    def shown_stamp(self) -> str:
        """The stamp of the correction and its structure changes as the page shows them."""
        return editing.stamp([super().shown_stamp(), *self._structure_rows()])

    def stored_stamp(self) -> str | None:
        """The stamp of the stored correction and its structure changes."""
        stored = super().stored_stamp()
        return None if stored is None else editing.stamp([stored, *self._structure_rows()])

    class Meta:
        model = Correction
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for code in publishing.LANGUAGE_CODES:
            if f"title_{code}" in self.fields:
                self.fields[f"title_{code}"].required = False

    def clean(self):
        cleaned = super().clean()
        language = cleaned.get("language")
        field = f"title_{language}"
        if language and field in self.fields and not cleaned.get(field):
            self.add_error(field, _("Give the title in the original language of the "
                                    "correction (%(language)s).") % {"language": language})
        correction = self.instance
        if correction.pk and correction.versions.exists():
            game = cleaned.get("game")
            if "game" in self.fields and game is not None and game.pk != correction.game_id:
                self.add_error("game", _(
                    "This correction already proposes clause texts of %(game)s; delete them "
                    "before moving the correction to another game.") % {"game": correction.game})
            date = cleaned.get("effective_date")
            if "effective_date" in self.fields and date is not None:
                backdated = publishing.backdated_drafts(correction, date)
                if backdated:
                    self.add_error("effective_date", publishing.backdated_message(backdated))
        return cleaned

    def lock(self) -> None:
        """Lock the correction's row, in the one lock order (:mod:`rulebook.versioning.editing`)."""
        editing.lock_rows(corrections=[self.instance.pk])


@admin.register(Correction)
class CorrectionAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Corrections: editors draft and submit, publishers publish."""

    form = CorrectionForm
    list_display = ("__str__", "game", "number", "effective_date", "status_display",
                    "published_at", "published_by")
    list_filter = ("game",)
    fields = ("game", "language", "title", "summary", "effective_date", "status_display",
              "number", "created_by", "submitted_at", "submitted_by", "published_at",
              "published_by", "opened_stamp")
    readonly_fields = ("status_display", "number", "created_by", "submitted_at",
                       "submitted_by", "published_at", "published_by")
    inlines = [ProposedVersionInline, StructureChangeInline]
    change_form_template = "admin/rulebook/correction/change_form.html"
    published_refusal = _("This correction is already published.")

    def opened_editable(self, request, object_id) -> bool:
        """Whether the POST came from a form opened while the correction was editable."""
        # Only an editable correction's form carries its stamp.
        return "opened_stamp" in request.POST

    class Media:
        js = ("rulebook/versioning/admin-tabs.js",)

    def view_on_site(self, obj: Correction) -> str | None:
        # Only published corrections have a public page.
        return obj.get_absolute_url() if obj.is_published else None

    @admin.display(description=_("status"))
    def status_display(self, obj: Correction) -> str:
        """The derived status label (draft, submitted, upcoming, in force)."""
        return obj.status_label() if obj and obj.pk else gettext("draft")

    def get_actions(self, request):
        return _no_bulk_delete(super().get_actions(request))

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj is not None and not self.has_change_permission(request, obj):
            fields.remove("opened_stamp")  # shown read-only: no form to check
        return fields

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.is_published and not shows_refusal(request):
            return False  # shown read-only
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.is_published:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    def delete_model(self, request, obj):
        """Delete a draft correction and its drafts, under their locks in the one
        order (a publication at the same moment waits, or is waited for).

        :raises ImmutableVersionError: if it was published in the meantime.
        """
        editing.lock_rows(corrections=[obj.pk], versions=obj.versions.values_list("pk", flat=True))
        obj.refresh_from_db()
        obj.delete()

    def get_urls(self):
        def wrap(view):
            return self.admin_site.admin_view(view)

        info = "rulebook_correction"
        return [
            path("<int:pk>/propose/", wrap(self.propose_view), name=f"{info}_propose"),
            path("<int:pk>/add-clause/", wrap(self.add_clause_view), name=f"{info}_add_clause"),
            path("<int:pk>/preview/", wrap(self.preview_view), name=f"{info}_preview"),
            path("<int:pk>/submit/", wrap(self.submit_view), name=f"{info}_submit"),
            path("<int:pk>/publish/", wrap(self.publish_view), name=f"{info}_publish"),
        ] + super().get_urls()

    def _correction(self, request, pk: int, *, change: bool = True) -> Correction:
        correction = get_object_or_404(Correction.objects.select_related("game"), pk=pk)
        allowed = (self.has_change_permission(request, correction) if change
                   else self.has_view_permission(request, correction))
        if not allowed:
            raise PermissionDenied
        return correction

    def _change_url(self, correction: Correction) -> str:
        return reverse("admin:rulebook_correction_change", args=[correction.pk])

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        context["can_publish"] = request.user.has_perm(publishing.PUBLISH_PERMISSION)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def propose_view(self, request, pk: int):
        """Choose a clause; a draft version prefilled with its current text is created."""
        correction = self._correction(request, pk)
        if not request.user.has_perm("rulebook.add_clauseversion"):
            raise PermissionDenied
        form = ProposeForm(request.POST or None, correction=correction)
        if request.method == "POST" and form.is_valid():
            try:
                draft = publishing.propose_version(correction, form.cleaned_data["clause"],
                                                   request.user,
                                                   repeal=form.cleaned_data["repeal"])
            except publishing.WorkflowError as error:
                form.add_error("clause", str(error))
            else:
                messages.success(request, gettext(
                    "Draft created from the current text of %(clause)s: edit it in each "
                    "language tab and save.") % {"clause": draft.clause})
                return HttpResponseRedirect(
                    reverse("admin:rulebook_clauseversion_change", args=[draft.pk]))
        return TemplateResponse(request, "admin/rulebook/correction/propose.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "correction": correction, "form": form,
            "title": gettext("Propose a clause text"),
        })

    def add_clause_view(self, request, pk: int):
        """A new clause at a place of a section, as a draft of this correction: a
        first submit without key proposes key and label from the clause before."""
        correction = self._correction(request, pk)
        if not request.user.has_perm("rulebook.add_clauseversion") \
                or not request.user.has_perm("rulebook.add_clause"):
            raise PermissionDenied
        form = AddClauseForm(request.POST or None, correction=correction)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            if not data["key"]:
                key, label = structure.proposed_key(data["section"], data["after"])
                form = AddClauseForm({**request.POST.dict(), "key": key,
                                      "label": data["label"] or label}, correction=correction)
                messages.info(request, gettext(
                    "Key and label proposed from the clause before: check them, give the text "
                    "and add the clause."))
            else:
                try:
                    draft = editing.retry_once(lambda: structure.add_clause(
                        correction, request.user, section=data["section"], after=data["after"],
                        key=data["key"], label=data["label"], text=data["text"],
                        title=data["title"]))
                except structure.StructureError as error:
                    form.add_error(error.field if error.field in form.fields else None,
                                   str(error))
                except (publishing.WorkflowError, editing.BusyError) as error:
                    form.add_error(None, str(error))
                else:
                    messages.success(request, gettext(
                        "Clause %(clause)s added to this correction as a draft: readers see it "
                        "from the correction's effective date once it is published.")
                        % {"clause": draft.clause})
                    return HttpResponseRedirect(self._change_url(correction))
        return TemplateResponse(request, "admin/rulebook/correction/propose.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "correction": correction, "form": form, "adding": True,
            "title": gettext("Add a clause"),
        })

    def preview_view(self, request, pk: int):
        """Each proposed text as it will read, with a word diff to the version it replaces."""
        correction = self._correction(request, pk, change=False)
        rows = []
        for draft in correction.versions.select_related("clause__document").order_by(
                "clause__document__position", "clause__position"):
            base = publishing.base_version(draft)
            replaced = None if draft.is_published else publishing.replaced_number(draft)
            translations = []
            for code in publishing.LANGUAGE_CODES:
                if code == draft.original_language:
                    continue
                text = getattr(draft, f"text_{code}") or ""
                base_text = (getattr(base, f"text_{code}") or "") if base else ""
                if not text:
                    state = gettext("no translation (readers see the original)")
                elif text != base_text or not draft.translation_outdated(code):
                    state = gettext("translation up to date")
                else:
                    state = gettext("translation unchanged: will be marked “may be out of date”")
                translations.append((code, state))
            imported = (ImportedText.objects.filter(correction=correction, clause=draft.clause)
                        .order_by("-pk").first())
            source_diff = None
            if imported is not None:
                before = imported.previous()
                source_diff = word_diff(before.text if before else "", imported.text)
            rows.append({"draft": draft, "base": base, "source_diff": source_diff,
                         "diff": compare(base, draft) if base else None,
                         "structure": structure.structural_changes(draft, base),
                         "same_text": publishing.same_texts(draft, base),
                         "stale": not draft.is_published and draft.based_on_number != replaced,
                         "unchanged": not draft.is_published and publishing.unchanged(draft, base),
                         "translations": translations})
        return TemplateResponse(request, "admin/rulebook/correction/preview.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "correction": correction, "rows": rows, "headings": _heading_changes(correction),
            "can_change": self.has_change_permission(request, correction),
            "can_publish": request.user.has_perm(publishing.PUBLISH_PERMISSION),
            "title": gettext("Preview of the correction"),
        })

    @staticmethod
    def _run(request, action, success: str) -> bool:
        try:
            action()
        except (publishing.WorkflowError, ImmutableVersionError, editing.BusyError) as error:
            messages.error(request, str(error))
            return False
        messages.success(request, success)
        return True

    def submit_view(self, request, pk: int):
        """POST: submit the correction for review."""
        if request.method != "POST":
            return HttpResponseRedirect(reverse("admin:rulebook_correction_preview", args=[pk]))
        correction = self._correction(request, pk)
        self._run(request, lambda: editing.retry_once(
            lambda: publishing.submit_correction(correction, request.user)),
                  gettext("Submitted for review: a publisher can now publish it."))
        return HttpResponseRedirect(self._change_url(correction))

    def publish_view(self, request, pk: int):
        """GET: a summary to confirm (clauses, effective date, languages); POST with
        ``confirm``: publish the correction (publishers only)."""
        if not request.user.has_perm(publishing.PUBLISH_PERMISSION):
            raise PermissionDenied
        correction = self._correction(request, pk, change=False)
        if request.method == "POST" and request.POST.get("confirm") == "yes":
            # the submission the publisher saw: one submitted again since is refused
            reviewed = request.POST.get("submitted", "")
            if self._run(request, lambda: editing.retry_once(
                    lambda: publishing.publish_correction(correction, request.user,
                                                          reviewed=reviewed)),
                         gettext("Published. Readers see it on the correction page and in the "
                                 "feed; the new texts are in force from the effective date.")):
                correction.refresh_from_db()
                messages.info(request, format_html(
                    '<a href="{}">{}</a>', correction.get_absolute_url(),
                    gettext("View the correction on the site")))
            return HttpResponseRedirect(self._change_url(correction))
        if correction.is_published:
            return HttpResponseRedirect(self._change_url(correction))
        names = dict(publishing.settings.LANGUAGES)
        # Which text is in force from each date, before and after publishing,
        # and the announced version a draft would come before (timeline).
        rows = []
        for line in timeline.correction_timelines(correction):
            # What the draft changes, named: the structure (moved to section X,
            # renumbered from A to B) and, only where it changes, the text.
            base = publishing.base_version(line.draft)
            rows.append({"draft": line.draft, "timeline": line,
                         "structure": structure.structural_changes(line.draft, base),
                         "same_text": publishing.same_texts(line.draft, base),
                         "languages": [
                             names[code] for code in publishing.LANGUAGE_CODES
                             if getattr(line.draft, f"text_{code}")
                             or code == line.draft.original_language]})
        return TemplateResponse(request, "admin/rulebook/correction/publish.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "correction": correction, "rows": rows, "review": review.summary(correction),
            "headings": _heading_changes(correction),
            "submitted": correction.submitted_at is not None,
            "title": gettext("Publish this correction?"),
        })


def _heading_changes(correction: Correction) -> list[str]:
    """The correction's changes of section headings and addresses, document
    titles and game names, each in words ("Section “Ziehen” renamed “Karten
    ziehen”, address ziehen → karten-ziehen"), in the editor's language."""
    return [headings.describe(change) for change in correction.structure_changes
            .select_related("section__document", "document", "game", "correction")]


class DraftVersionForm(ClauseVersionAdminForm):
    """A draft clause version: references checked, refused when saved from a stale form;
    its texts stored with line feeds (a browser sends CR LF)."""

    expected_revision = forms.IntegerField(widget=forms.HiddenInput)

    class Meta:
        model = ClauseVersion
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["expected_revision"].initial = self.instance.revision
        if "section" in self.fields and self.instance.clause_id:
            field = self.fields["section"]
            document = self.instance.clause.document
            # The document's sections are offered; another one is refused
            # with a field error (structure.check_section).
            field.queryset = Section.objects.select_related("document__game")
            field.widget.choices = [(item.pk, _section_label(item)) for item in
                                    document.sections.select_related("document")
                                    .order_by("position")]
            field.help_text = _("Choose another section of the document to move the clause "
                                "there from the correction's date.")
        if "key" in self.fields:
            self.fields["key"].help_text = _(
                "A new key renumbers the clause from the correction's date; its old address "
                "then leads to it.")

    def clean(self):
        cleaned = super().clean()
        for name, value in cleaned.items():  # stored with line feeds, as every other text
            if isinstance(value, str) and "\r" in value:
                cleaned[name] = editing.line_ends(value)
        draft = self.instance
        for name in ("section", "key", "label"):
            # A form without the field (or an empty section or key) keeps the
            # draft's structure as it is.
            if name in self.fields and (name not in self.data or (
                    name != "label" and not cleaned.get(name))):
                cleaned[name] = getattr(draft, name)
        section, key = cleaned.get("section"), cleaned.get("key")
        if draft.clause_id and draft.correction_id and section is not None:
            try:
                structure.check_section(draft.correction, section, draft.clause.document)
            except structure.StructureError as error:
                self.add_error("section", str(error))
            else:
                if section.pk != draft.section_id:  # moved: at the end of its new section
                    draft.position = structure.position_at_end(section, draft.clause)
        if draft.clause_id and key and key != draft.key:
            try:
                structure.check_key(draft.clause.document, key, draft.clause)
            except structure.StructureError as error:
                self.add_error("key", str(error))
        label = cleaned.get("label") or ""
        if (draft.clause_id and draft.correction_id and section is not None and key
                and "section" not in self.errors and "key" not in self.errors
                and (section.pk, key, label) != (draft.section_id, draft.key, draft.label or "")):
            # renumbered or moved: its printed label is not another clause's in the section
            try:
                structure.check_label(draft.correction, section, key, label, draft.clause)
            except structure.StructureError as error:
                self.add_error("label" if "label" in self.fields else None, str(error))
        expected = cleaned.get("expected_revision")
        if self.instance.pk and expected is not None:
            # Inside the admin's transaction: the locks last until the save, so
            # the check holds when the draft is written (and a publication of
            # its correction waits, or is waited for).
            publishing.lock_draft(self.instance)
            try:
                publishing.check_draft_revision(self.instance, expected)
            except publishing.StaleDraftError as error:
                raise forms.ValidationError(str(error), code="stale")
        return cleaned


class TranslationStateFilter(admin.SimpleListFilter):
    """Versions whose translation into a language may be out of date."""

    title = _("translation may be out of date")
    parameter_name = "outdated"

    def lookups(self, request, model_admin):
        return [(code, name) for code, name in publishing.settings.LANGUAGES]

    def queryset(self, request, queryset):
        code = self.value()
        if code not in publishing.LANGUAGE_CODES:
            return queryset
        return (queryset.exclude(clause__document__language=code)
                .exclude(**{f"text_{code}": ""}).exclude(**{f"text_{code}__isnull": True})
                .exclude(**{f"translated_from_{code}": F("digest")}))


class PublishedFilter(admin.SimpleListFilter):
    """Filter clause versions into published ones and drafts."""

    title = _("state")
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("draft", _("draft")), ("published", _("published"))]

    def queryset(self, request, queryset):
        if self.value() == "draft":
            return queryset.drafts()
        if self.value() == "published":
            return queryset.published()
        return queryset


@admin.register(ClauseVersion)
class ClauseVersionAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Clause versions: drafts are editable, published versions are read-only."""

    form = DraftVersionForm
    list_display = ("__str__", "effective_date", "correction", "is_repeal", "published_at",
                    "outdated_translations")
    list_filter = (PublishedFilter, TranslationStateFilter, "clause__document", "correction")
    search_fields = ("clause__key",)
    fields = ("clause", "correction", "number", "based_on_number", "revision", "effective_date",
              "is_repeal", "section", "key", "label", "title", "text", "source_note",
              "expected_revision", "digest", "published_at", "published_by")
    readonly_fields = ("clause", "correction", "number", "based_on_number", "revision",
                       "effective_date", "digest", "published_at", "published_by")
    change_form_template = "admin/rulebook/clauseversion/change_form.html"
    published_refusal = _("This draft has been published in the meantime; published versions "
                          "cannot be changed.")

    def opened_editable(self, request, object_id) -> bool:
        """Whether the POST came from a draft's form, opened before it was published."""
        # A draft's form carries its revision; a version published with a
        # correction was such a draft.
        return ("expected_revision" in request.POST and str(object_id).isdigit()
                and ClauseVersion.objects.filter(pk=object_id, correction__isnull=False).exists())

    class Media:
        js = ("rulebook/versioning/admin-tabs.js",)

    @admin.display(description=_("translation may be out of date"))
    def outdated_translations(self, obj: ClauseVersion) -> str:
        """Languages whose translation was made from an earlier original."""
        return ", ".join(code for code in publishing.LANGUAGE_CODES
                         if obj.translation_outdated(code)) or "—"

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("clause__document", "correction")

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj is not None and obj.is_published and "expected_revision" in fields:
            fields.remove("expected_revision")
        return fields

    def get_actions(self, request):
        return _no_bulk_delete(super().get_actions(request))

    def has_add_permission(self, request):
        return False  # proposed through a correction; imported versions come from sources

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.is_published and not shows_refusal(request):
            return False  # immutable: shown read-only
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.is_published:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        publishing.save_draft(obj, form.cleaned_data["expected_revision"])

    def delete_model(self, request, obj):
        """Delete a draft under its locks in the one order (a publication of its
        correction at the same moment waits, or is waited for).

        :raises ImmutableVersionError: if it was published in the meantime.
        """
        publishing.lock_draft(obj)
        obj.refresh_from_db()
        obj.delete()

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        context["can_translate"] = (obj is not None and obj.is_published and
                                    request.user.has_perm("rulebook.translate_clauseversion"))
        return super().render_change_form(request, context, add, change, form_url, obj)

    def get_urls(self):
        return [path("<int:pk>/translate/", self.admin_site.admin_view(self.translate_view),
                     name="rulebook_clauseversion_translate")] + super().get_urls()

    def translate_view(self, request, pk: int):
        """Update or confirm the translations of a published version."""
        if not request.user.has_perm("rulebook.translate_clauseversion"):
            raise PermissionDenied
        version = get_object_or_404(ClauseVersion.objects.select_related("clause__document"),
                                    pk=pk)
        languages = [code for code in publishing.LANGUAGE_CODES
                     if code != version.original_language]
        # The language asked for (?to=), else the editor's own, comes first.
        first = request.GET.get("to") or (request.LANGUAGE_CODE or "")[:2]
        languages.sort(key=lambda code: code != first)
        if not version.is_published and not self.has_change_permission(request, version):
            raise PermissionDenied
        form = TranslationForm(request.POST or None, version=version, languages=languages)
        if request.method == "POST" and form.is_valid() and form.save(request.user):
            messages.success(request, gettext("Translations saved."))
            return HttpResponseRedirect(reverse("admin:rulebook_clauseversion_change",
                                                args=[version.pk]))
        return TemplateResponse(request, "admin/rulebook/clauseversion/translate.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "version": version, "form": form,
            "states": [(code, version.translation_outdated(code)) for code in languages],
            "original": version.original_text(),
            "original_title": getattr(version, f"title_{version.original_language}") or "",
            "panels": [{"code": code, "name": dict(publishing.settings.LANGUAGES)[code],
                        "outdated": version.translation_outdated(code),
                        "fields": [form[f"{name}_{code}"] for name in ("title", "text", "confirm")]}
                       for code in languages],
            "title": gettext("Translations of %(version)s") % {"version": version},
        })


class TranslationForm(forms.Form):
    """Title and text of a published version in each language but the original."""

    def __init__(self, *args, version: ClauseVersion, languages: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        names = dict(publishing.settings.LANGUAGES)
        for code in languages:
            name = names[code]
            self.fields[f"title_{code}"] = forms.CharField(
                label=_("title (%(language)s)") % {"language": name}, required=False,
                max_length=300, initial=getattr(version, f"title_{code}") or "")
            self.fields[f"text_{code}"] = forms.CharField(
                label=_("text (%(language)s)") % {"language": name}, required=False,
                widget=forms.Textarea(attrs={"rows": 8, "lang": code}),
                initial=getattr(version, f"text_{code}") or "")
            self.fields[f"text_{code}"].help_text = REFERENCE_HELP
            self.fields[f"confirm_{code}"] = forms.BooleanField(
                label=_("the %(language)s translation matches the current original text")
                % {"language": name}, required=False)
        if version.is_published:
            # What the form was opened from: only the languages changed since
            # are written (publishing.save_translations).
            for code in languages:
                self.fields[f"opened_{code}"] = forms.CharField(
                    widget=forms.HiddenInput, required=False,
                    initial=publishing.translation_stamp(version, code))
                self.fields[f"opened_from_{code}"] = forms.CharField(
                    widget=forms.HiddenInput, required=False,
                    initial=getattr(version, f"translated_from_{code}") or "")
        else:
            # A draft is saved under its revision check, like the draft form.
            self.fields["expected_revision"] = forms.IntegerField(
                widget=forms.HiddenInput, initial=version.revision)
        self.version = version
        self.languages = languages

    def save(self, user) -> bool:
        """Save the valid form's translations; whether they were saved.

        A refusal (a stale form, a translation someone else saved meanwhile,
        a database that gave up twice on a lock) is added to the form's
        errors instead, the typed texts kept.
        """
        data = self.cleaned_data
        opened = ({code: (data[f"opened_{code}"], data[f"opened_from_{code}"])
                   for code in self.languages} if self.version.is_published else None)
        try:
            editing.retry_once(lambda: publishing.save_translations(
                self.version, {code: (data[f"text_{code}"], data[f"title_{code}"],
                                      data[f"confirm_{code}"]) for code in self.languages},
                user, expected_revision=data.get("expected_revision"), opened=opened))
        except publishing.TranslationConflict as error:
            self.add_error(None, str(error))
            for code in error.languages:
                self.add_error(f"text_{code}", gettext(
                    "Changed by someone else since you opened this page; your text below was "
                    "not saved."))
            return False
        except (publishing.WorkflowError, ImmutableVersionError, editing.BusyError) as error:
            self.add_error(None, str(error))
            return False
        return True

    def clean(self):
        """Refuse broken [[…]] references in any translation (field errors)."""
        cleaned = super().clean()
        clause = self.version.clause
        for code in self.languages:
            for error in validation_errors(cleaned.get(f"text_{code}") or "",
                                           clause.document, clause):
                self.add_error(f"text_{code}", error)
        return cleaned

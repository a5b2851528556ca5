"""Admin of official rulings: editors draft and submit, publishers publish.

An editor creates a ruling (source, date, question and answer in language
tabs — the original language required, the others the site's unofficial
translations — and the clauses it interprets), saves it against the
revision the form was opened at, and submits it; a publisher publishes it
(:func:`rulebook.rulings.workflow.publish_ruling`).  A published ruling is
shown read-only; a publisher may mark it superseded or withdrawn on its
"Status" page, once.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, gettext_lazy as _, pgettext_lazy
from modeltranslation.admin import TabbedTranslationAdmin

from rulebook.models import Correction, ImmutableVersionError, Ruling, RulingClause
from rulebook.rulings import workflow
from rulebook.versioning import editing, review
from rulebook.versioning.admin import RefusalsAsMessages
from rulebook.versioning.publishing import LANGUAGE_CODES, WorkflowError


class RulingForm(forms.ModelForm):
    """A draft ruling; question and answer are required in its original language only.

    ``expected_revision`` (hidden) is the revision the form was opened at;
    the save is refused when someone saved the ruling since
    (:func:`rulebook.rulings.workflow.save_ruling`).
    """

    expected_revision = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Ruling
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["expected_revision"].initial = self.instance.revision
        for field in ("question", "answer"):
            for code in LANGUAGE_CODES:
                if f"{field}_{code}" in self.fields:
                    self.fields[f"{field}_{code}"].required = False

    def clean(self):
        cleaned = super().clean()
        language = cleaned.get("language")
        messages = {
            "question": _("Give the question in the ruling's original language (%(language)s)."),
            "answer": _("Give the answer in the ruling's original language (%(language)s)."),
        }
        for field, message in messages.items():
            name = f"{field}_{language}"
            if language and name in self.fields and not (cleaned.get(name) or "").strip():
                self.add_error(name, message % {"language": language})
        return cleaned


class RulingPartInline(admin.TabularInline):
    """An inline of a ruling's parts (:class:`rulebook.models.rulings.RulingPart`):
    added, changed and deleted only while the ruling is not published."""

    def _editable(self, obj) -> bool:
        return obj is None or not obj.is_published

    def has_add_permission(self, request, obj=None):
        return self._editable(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._editable(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._editable(obj) and super().has_delete_permission(request, obj)


class RulingClauseInline(RulingPartInline):
    """The clauses a ruling interprets (the version is fixed at publication)."""

    model = RulingClause
    extra = 1
    fields = ("clause", "version", "position")
    readonly_fields = ("version",)
    autocomplete_fields = ("clause",)


class StatusForm(forms.Form):
    """Mark a published ruling superseded (by a ruling or a correction) or withdrawn."""

    status = forms.ChoiceField(label=_("status"), choices=[
        (Ruling.SUPERSEDED, pgettext_lazy("ruling status", "superseded")),
        (Ruling.WITHDRAWN, _("withdrawn"))])
    by = forms.ModelChoiceField(label=_("superseded by ruling"), required=False,
                                queryset=Ruling.objects.none())
    correction = forms.ModelChoiceField(label=_("superseded by correction"), required=False,
                                        queryset=Correction.objects.none())
    date = forms.DateField(label=_("status since"), required=False,
                           help_text=_("Default: the superseding ruling's date, the "
                                       "correction's effective date, or today."))
    reason = forms.CharField(label=_("reason"), widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, ruling: Ruling, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["by"].queryset = (Ruling.objects.published().filter(game=ruling.game)
                                      .exclude(pk=ruling.pk))
        self.fields["correction"].queryset = Correction.objects.published().filter(
            game=ruling.game)


@admin.register(Ruling)
class RulingAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Official rulings: editors draft and submit, publishers publish and change the status."""

    form = RulingForm
    list_display = ("__str__", "game", "number", "source_date", "workflow_display", "status",
                    "published_at")
    list_filter = ("game", "status")
    search_fields = ("question_de", "question_ru", "question_en", "source_title")
    fields = ("game", "kind", "source_title", "source_date", "source_url", "source_citation",
              "language", "question", "answer", "workflow_display", "number", "status",
              "status_date", "status_reason", "created_by", "submitted_at", "submitted_by",
              "published_at", "published_by", "expected_revision")
    readonly_fields = ("workflow_display", "review_display", "number", "status", "status_date", "status_reason",
                       "created_by", "submitted_at", "submitted_by", "published_at",
                       "published_by")
    inlines = [RulingClauseInline]
    change_form_template = "admin/rulebook/ruling/change_form.html"
    published_refusal = _("This ruling is already published.")

    class Media:
        js = ("rulebook/versioning/admin-tabs.js",)

    def opened_editable(self, request, object_id) -> bool:
        """Whether the POST came from a form opened while the ruling was a draft."""
        return "expected_revision" in request.POST

    def view_on_site(self, obj: Ruling) -> str | None:
        return obj.get_absolute_url() if obj.is_published else None

    @admin.display(description=_("workflow"))
    def workflow_display(self, obj: Ruling) -> str:
        """Draft, submitted for review or published."""
        return obj.workflow_label() if obj and obj.pk else gettext("draft")

    @admin.display(description=_("review"))
    def review_display(self, obj: Ruling) -> str:
        """"Clause changed since this ruling — review", with the items to review."""
        waiting = review.open_for_ruling(obj) if obj and obj.pk else []
        if not waiting:
            return "—"
        return format_html_join(
            " ", '<a class="errornote" href="{}">{}</a>',
            ((reverse("admin:rulebook_reviewitem_change", args=[item.pk]),
              gettext("Clause %(clause)s changed since this ruling (correction %(number)s) "
                      "— review") % {"clause": item.clause.display_key,
                                     "number": item.correction.number})
             for item in waiting))

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # would reach published rulings
        return actions

    def get_fields(self, request, obj=None):
        fields = list(super().get_fields(request, obj))
        if obj is not None and not self.has_change_permission(request, obj):
            fields.remove("expected_revision")  # read-only: no form to check
        if obj is not None and obj.is_published and "review_display" not in fields:
            fields.insert(fields.index("status") + 1, "review_display")
        return fields

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.is_published and not getattr(
                request, "rulebook_refusal", None):
            return False  # shown read-only; the status has its own page
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.is_published:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        """Save under the revision check (:func:`rulebook.rulings.workflow.save_ruling`)."""
        if not change:
            obj.created_by = request.user
        workflow.save_ruling(obj, form.cleaned_data.get("expected_revision"))

    def get_urls(self):
        def wrap(view):
            return self.admin_site.admin_view(view)

        info = "rulebook_ruling"
        return [
            path("<int:pk>/submit/", wrap(self.submit_view), name=f"{info}_submit"),
            path("<int:pk>/publish/", wrap(self.publish_view), name=f"{info}_publish"),
            path("<int:pk>/status/", wrap(self.status_view), name=f"{info}_status"),
        ] + super().get_urls()

    def render_change_form(self, request, context, add=False, change=False, form_url="",
                           obj=None):
        context["can_publish"] = request.user.has_perm(workflow.PUBLISH_PERMISSION)
        return super().render_change_form(request, context, add, change, form_url, obj)

    def _ruling(self, request, pk: int) -> Ruling:
        ruling = get_object_or_404(Ruling.objects.select_related("game"), pk=pk)
        if not self.has_view_permission(request, ruling):
            raise PermissionDenied
        return ruling

    def _change_url(self, ruling: Ruling) -> str:
        return reverse("admin:rulebook_ruling_change", args=[ruling.pk])

    @staticmethod
    def _run(request, action, success: str) -> bool:
        try:
            editing.retry_once(action)
        except (WorkflowError, ImmutableVersionError, editing.BusyError) as error:
            messages.error(request, str(error))
            return False
        messages.success(request, success)
        return True

    def submit_view(self, request, pk: int):
        """POST: submit the draft for review."""
        ruling = self._ruling(request, pk)
        if request.method == "POST":
            if not self.has_change_permission(request, ruling):
                raise PermissionDenied
            self._run(request, lambda: workflow.submit_ruling(ruling, request.user),
                      gettext("Submitted for review: a publisher can now publish it."))
        return HttpResponseRedirect(self._change_url(ruling))

    def publish_view(self, request, pk: int):
        """POST: publish the submitted ruling (publishers only)."""
        if not request.user.has_perm(workflow.PUBLISH_PERMISSION):
            raise PermissionDenied
        ruling = self._ruling(request, pk)
        reviewed = request.POST.get("submitted", "")  # the submission the publisher saw
        if request.method == "POST" and self._run(
                request, lambda: workflow.publish_ruling(ruling, request.user, reviewed=reviewed),
                gettext("Published: the ruling is shown on the pages of its clauses.")):
            ruling.refresh_from_db()
            messages.info(request, format_html('<a href="{}">{}</a>', ruling.get_absolute_url(),
                                               gettext("View the ruling on the site")))
        return HttpResponseRedirect(self._change_url(ruling))

    def status_view(self, request, pk: int):
        """GET: the form; POST: mark the ruling superseded or withdrawn (publishers only)."""
        if not request.user.has_perm(workflow.PUBLISH_PERMISSION):
            raise PermissionDenied
        ruling = self._ruling(request, pk)
        form = StatusForm(request.POST or None, ruling=ruling)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            if data["status"] == Ruling.WITHDRAWN:
                def action():
                    return workflow.withdraw_ruling(ruling, request.user,
                                                    reason=data["reason"], date=data["date"])
            else:
                def action():
                    return workflow.supersede_ruling(
                        ruling, request.user, by=data["by"], correction=data["correction"],
                        reason=data["reason"], date=data["date"])
            if self._run(request, action, gettext("The ruling's status was changed.")):
                return HttpResponseRedirect(self._change_url(ruling))
        return TemplateResponse(request, "admin/rulebook/ruling/status.html", {
            **self.admin_site.each_context(request), "opts": self.model._meta,
            "ruling": ruling, "form": form, "title": gettext("Supersede or withdraw a ruling"),
        })

"""Admin pieces of the versioned structure (issue 25).

- :class:`StructureChangeInline`: on a correction's page, the changes it makes
  to section headings and slugs, document titles and game names (and the
  sections it adds), offered only for the correction's game: listed and
  editable on a draft, read-only once published, one per target
  (:class:`StructureChangeFormSet`; the correction's form stamp covers them,
  so a form opened before someone else saved one is refused);
- :class:`SectionOfDocumentSelect` and :func:`limit_sections`: the section
  (or parent section) choices of the Clauses › Add and Sections › Add pages
  carry their document, and a small script offers only those of the chosen
  document; the model's validation refuses another document's section as a
  field error whatever is posted;
- :data:`VERSIONED_FIELDS`: what the Games, Documents and Sections pages show
  read-only once published (a change goes through a correction).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import get_permission_codename
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationStackedInline

from rulebook.models import (
    ClauseVersion, Correction, Document, Game, Section, StructureChange,
)
from rulebook.models.structure import same_target_message

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
#: Per model: the fields changed only by a correction once something is published.
VERSIONED_FIELDS = {
    Game: tuple(f"name_{code}" for code in LANGUAGES),
    Document: tuple(f"title_{code}" for code in LANGUAGES),
    Section: ("slug", *(f"heading_{code}" for code in LANGUAGES)),
}


def versioned_fields(obj) -> tuple[str, ...]:
    """The fields of ``obj`` shown read-only: its versioned fields once it is published
    (a game with a published correction, a document or section with a published version)."""
    if obj is None or obj.pk is None:
        return ()
    if isinstance(obj, Game):
        published = obj.corrections.published().exists() or ClauseVersion.objects.filter(
            clause__document__game=obj, published_at__isnull=False).exists()
    else:
        published = (obj if isinstance(obj, Document) else obj.document).has_published_version()
    return VERSIONED_FIELDS[type(obj)] if published else ()


class StructureChangeForm(forms.ModelForm):
    """A structure change of a draft correction, its choices of the correction's game."""

    class Meta:
        model = StructureChange
        fields = ("section", "document", "game", "adds", "slug", "name")


class StructureChangeFormSet(forms.BaseInlineFormSet):
    """The changes typed on a correction's page: one per section, document or game
    (the model refuses one already saved; this, two typed at once)."""

    def clean(self):
        """Refuse a second form changing the target of an earlier one (a field error)."""
        super().clean()
        seen = set()
        for form in self.forms:
            data = getattr(form, "cleaned_data", None)
            if not data or self.can_delete and self._should_delete_form(form):
                continue
            for kind in ("section", "document", "game"):
                target = data.get(kind)
                if target is None:
                    continue
                # a read-only form (the correction was published since) has the raw id
                key = (kind, getattr(target, "pk", target))
                if key in seen:
                    form.add_error(kind, same_target_message(kind))
                seen.add(key)


class StructureChangeInline(TranslationStackedInline):
    """The sections, documents and games a correction renames (or sections it adds)."""

    model = StructureChange
    form = StructureChangeForm
    formset = StructureChangeFormSet
    extra = 0
    fields = ("section", "adds", "document", "game", "slug", "name")
    verbose_name = _("change of a heading, title, name or address")
    verbose_name_plural = _("changes of headings, titles, names and addresses")

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        correction = getattr(request, "_structure_correction", None)
        field = super().formfield_for_foreignkey(db_field, request, **kwargs)
        if correction is not None and db_field.name in ("section", "document", "game"):
            game_id = correction.game_id
            field.queryset = {
                "section": Section.objects.filter(document__game_id=game_id)
                .select_related("document").order_by("document__position", "position"),
                "document": Document.objects.filter(game_id=game_id),
                "game": Game.objects.filter(pk=game_id),
            }[db_field.name]
            if db_field.name == "section":
                field.label_from_instance = lambda s: f"{s.document.slug} › {s.label()}"
        return field

    def get_formset(self, request, obj=None, **kwargs):
        """The formset, its choices limited to ``obj``'s (the correction's) game."""
        request._structure_correction = obj
        return super().get_formset(request, obj, **kwargs)

    @staticmethod
    def _correction(request, obj):
        """The correction whose page shows the changes, or ``None`` where they are
        left out: on the add page (the correction's game is not chosen yet), and
        for a form posted without this inline (opened before it existed, or a
        client that never showed it: the correction saves as before).

        Django asks for some permissions without the object (the formset's
        queryset: ``InlineModelAdmin.get_queryset``); on a change page the
        correction is then the one :meth:`get_formset` was given."""
        correction = obj if obj is not None else getattr(request, "_structure_correction", None)
        if correction is None or (request.method == "POST"
                                  and "structure_changes-TOTAL_FORMS" not in request.POST):
            return None
        return correction

    @staticmethod
    def _may(request, action: str) -> bool:
        # The changes are part of the correction: its permissions are theirs
        # (as Django's inlines of an auto-created model read their target's).
        opts = Correction._meta
        return request.user.has_perm(f"{opts.app_label}.{get_permission_codename(action, opts)}")

    def has_view_permission(self, request, obj=None):
        return self._correction(request, obj) is not None and (
            self._may(request, "view") or self._may(request, "change"))

    def _editable(self, request, obj) -> bool:
        # A published correction's changes are shown read-only.
        correction = self._correction(request, obj)
        return (correction is not None and not correction.is_published
                and self._may(request, "change"))

    def has_add_permission(self, request, obj=None):
        return self._editable(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._editable(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._editable(request, obj)


class SectionOfDocumentSelect(forms.Select):
    """A section choice that names its document (``data-document``), for the
    script that offers only the chosen document's sections."""

    documents: dict[int, int] = {}

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        """An option with ``data-document``: the id of its section's document."""
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        pk = getattr(value, "value", value)
        if pk in self.documents:
            option["attrs"]["data-document"] = str(self.documents[pk])
        return option


def limit_sections(field, obj=None) -> forms.Field:
    """Make ``field`` (a section choice) offer the sections of ``obj``'s document
    (an existing clause or section), else every section labelled with its
    document and marked for the script (``rulebook/admin/section-choices.js``)."""
    queryset = Section.objects.select_related("document").order_by(
        "document__game__position", "document__position", "position")
    if obj is not None and obj.pk is not None and obj.document_id is not None:
        queryset = queryset.filter(document_id=obj.document_id)
    field.queryset = queryset
    field.label_from_instance = lambda s: f"{s.document} › {s.label()}"
    widget = SectionOfDocumentSelect()
    widget.documents = dict(queryset.values_list("pk", "document_id"))
    widget.choices = field.choices
    field.widget = widget
    return field

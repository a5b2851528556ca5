"""Admin of the rulebook, with modeltranslation's tabbed language fields.

jQuery UI for the tabs is vendored (settings.JQUERY_UI_URL), so the admin
makes no request to another host.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline
from simple_history.admin import SimpleHistoryAdmin

from rulebook.importing.admin import can_import, import_urls
from rulebook.models import Clause, ClauseVersion, Document, Game, GlossaryTerm, Section
from rulebook.versioning.admin import RefusalsAsMessages, StampedModelForm
from rulebook.versioning.structure_admin import limit_sections, versioned_fields
from rulebook.rulings import admin as _rulings_admin  # noqa: F401  (registers RulingAdmin)
from rulebook.calculator.admin import RulingDecisionInline

# The open points a ruling decides come from the engine, which the rulings room does not
# import: the calculator's inline joins the ruling's admin here.
_rulings_admin.RulingAdmin.inlines = [*_rulings_admin.RulingAdmin.inlines, RulingDecisionInline]


@admin.register(Game)
class GameAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Games: names in every language (once published, renamed by a correction)."""

    list_display = ("slug", "name", "position")
    prepopulated_fields = {"slug": ("name",)}

    def get_readonly_fields(self, request, obj=None):
        return versioned_fields(obj)

    def get_prepopulated_fields(self, request, obj=None):
        """The slug from the name, while the name is editable."""
        return {} if versioned_fields(obj) else self.prepopulated_fields


@admin.register(Document)
class DocumentAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Documents: titles, original language, source; "Import a source page"
    (:mod:`rulebook.importing.admin`) from their list."""

    list_display = ("title", "game", "number", "language")
    list_filter = ("game", "language")
    search_fields = ("title_de", "title_ru", "title_en", "slug")

    def get_readonly_fields(self, request, obj=None):
        # Once a version is published, the original language says which text
        # is the (immutable) original; game and slug make the addresses.
        # The title changes by a correction (rulebook.models.structure).
        if obj is not None and obj.has_published_version():
            return ("game", "slug", "language", *versioned_fields(obj))
        return ()

    def get_urls(self):
        return import_urls(self) + super().get_urls()

    def changelist_view(self, request, extra_context=None):
        extra_context = {**(extra_context or {}), "can_import": can_import(request.user)}
        return super().changelist_view(request, extra_context)


@admin.register(Section)
class SectionAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Sections of a document; the parent offered among the document's sections.
    Once published, heading and slug change by a correction."""

    list_display = ("__str__", "document", "position")
    list_filter = ("document",)

    class Media:
        js = ("rulebook/admin/section-choices.js",)

    def get_readonly_fields(self, request, obj=None):
        return versioned_fields(obj)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        if "parent" in form.base_fields:
            limit_sections(form.base_fields["parent"], obj)
        return form


class ClauseVersionInline(TranslationTabularInline):
    """The versions of a clause, read-only (published text is never edited)."""

    model = ClauseVersion
    extra = 0
    fields = ("number", "effective_date", "correction", "published_at")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False  # new texts are proposed through a correction


@admin.register(Clause)
class ClauseAdmin(RefusalsAsMessages, admin.ModelAdmin):
    """Clauses with their versions."""

    list_display = ("key", "label", "document", "section")
    list_filter = ("document",)
    search_fields = ("key", "label")
    inlines = [ClauseVersionInline]

    class Media:
        js = ("rulebook/admin/section-choices.js",)

    def get_form(self, request, obj=None, **kwargs):
        # Only the sections of the clause's document (refused otherwise: Clause.clean).
        form = super().get_form(request, obj, **kwargs)
        if "section" in form.base_fields:
            limit_sections(form.base_fields["section"], obj)
        return form

    def get_readonly_fields(self, request, obj=None):
        # A published clause's key and document make its address and citations;
        # its label, section and place change only with a correction (a
        # version carries them: rulebook.versioning.structure).
        if obj is not None and obj.has_published_version():
            return ("key", "document", "label", "section", "position")
        return ()


class GlossaryTermForm(StampedModelForm):
    """A glossary term; refused when someone saved the term since the form was opened."""

    stamp_fields = ("game_id", "slug", "language", "clause_id", "position") + tuple(
        f"{name}_{code}" for code in ("de", "ru", "en")
        for name in ("term", "definition", "variants"))

    class Meta:
        model = GlossaryTerm
        fields = "__all__"


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(RefusalsAsMessages, SimpleHistoryAdmin):
    """Glossary terms of each game; "History" shows every earlier state.

    Saved under the same check as every editorial write: a form opened
    before someone else saved the term is refused, the typed text kept.
    """

    form = GlossaryTermForm

    list_display = ("slug", "term_de", "term_ru", "term_en", "game", "clause")
    list_filter = ("game",)
    search_fields = ("slug", "term_de", "term_ru", "term_en")
    autocomplete_fields = ("clause",)
    fieldsets = [
        (None, {"fields": ("game", "slug", "language", "clause", "position", "opened_stamp")}),
        (_("German"), {"fields": ("term_de", "definition_de", "variants_de")}),
        (_("Russian"), {"fields": ("term_ru", "definition_ru", "variants_ru")}),
        (_("English"), {"fields": ("term_en", "definition_en", "variants_en")}),
    ]

    def get_fieldsets(self, request, obj=None):
        """The fieldsets; without the opened stamp where the term is shown read-only."""
        if obj is None or self.has_change_permission(request, obj):
            return self.fieldsets
        # Shown read-only: no form to check.
        return [(name, {**options, "fields": tuple(
            field for field in options["fields"] if field != "opened_stamp")})
            for name, options in self.fieldsets]


# Corrections and clause versions: the editorial workflow (registers itself).
from rulebook.versioning import admin as versioning_admin  # noqa: E402,F401
from rulebook.versioning import review_admin  # noqa: E402,F401  (items to review)

"""Admin of the rulebook, with modeltranslation's tabbed language fields.

jQuery UI for the tabs is vendored (settings.JQUERY_UI_URL), so the admin
makes no request to another host.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline
from simple_history.admin import SimpleHistoryAdmin

from rulebook.models import Clause, ClauseVersion, Document, Game, GlossaryTerm, Section
from rulebook.versioning.admin import RefusalsAsMessages, StampedModelForm
from rulebook.rulings import admin as _rulings_admin  # noqa: F401  (registers RulingAdmin)
from rulebook.calculator.admin import RulingDecisionInline

# The open points a ruling decides come from the engine, which the rulings room does not
# import: the calculator's inline joins the ruling's admin here.
_rulings_admin.RulingAdmin.inlines = [*_rulings_admin.RulingAdmin.inlines, RulingDecisionInline]


@admin.register(Game)
class GameAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Games: names in every language."""

    list_display = ("slug", "name", "position")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Document)
class DocumentAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Documents: titles, original language, source."""

    list_display = ("title", "game", "number", "language")
    list_filter = ("game", "language")
    search_fields = ("title_de", "title_ru", "title_en", "slug")

    def get_readonly_fields(self, request, obj=None):
        # Once a version is published, the original language says which text
        # is the (immutable) original; game and slug make the addresses.
        if obj is not None and obj.has_published_version():
            return ("game", "slug", "language")
        return ()


@admin.register(Section)
class SectionAdmin(RefusalsAsMessages, TabbedTranslationAdmin):
    """Sections of a document."""

    list_display = ("__str__", "document", "position")
    list_filter = ("document",)


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

    def get_readonly_fields(self, request, obj=None):
        # A published clause's key and document make its address and citations.
        if obj is not None and obj.has_published_version():
            return ("key", "document")
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

"""Admin of the rulebook, with modeltranslation's tabbed language fields.

jQuery UI for the tabs is vendored (settings.JQUERY_UI_URL), so the admin
makes no request to another host.
"""

from django.contrib import admin
from modeltranslation.admin import TabbedTranslationAdmin, TranslationTabularInline

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section
from rulebook.references.forms import ClauseVersionAdminForm


@admin.register(Game)
class GameAdmin(TabbedTranslationAdmin):
    list_display = ("slug", "name", "position")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Document)
class DocumentAdmin(TabbedTranslationAdmin):
    list_display = ("title", "game", "number", "language")
    list_filter = ("game", "language")
    search_fields = ("title_de", "title_ru", "title_en", "slug")


@admin.register(Section)
class SectionAdmin(TabbedTranslationAdmin):
    list_display = ("__str__", "document", "position")
    list_filter = ("document",)


class ClauseVersionInline(TranslationTabularInline):
    model = ClauseVersion
    extra = 0
    fields = ("number", "effective_date", "correction", "published_at")
    readonly_fields = fields
    can_delete = False
    show_change_link = True


@admin.register(Clause)
class ClauseAdmin(admin.ModelAdmin):
    list_display = ("key", "label", "document", "section")
    list_filter = ("document",)
    search_fields = ("key", "label")
    inlines = [ClauseVersionInline]


@admin.register(ClauseVersion)
class ClauseVersionAdmin(TabbedTranslationAdmin):
    form = ClauseVersionAdminForm  # checks [[…]] references on save
    list_display = ("__str__", "effective_date", "correction", "published_at")
    list_filter = ("clause__document", "correction")
    search_fields = ("clause__key",)
    readonly_fields = ("digest", "created_at")


@admin.register(Correction)
class CorrectionAdmin(TabbedTranslationAdmin):
    list_display = ("__str__", "game", "effective_date", "published_at")
    list_filter = ("game",)

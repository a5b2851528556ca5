"""Fields translated with django-modeltranslation (``<field>_de/_ru/_en``)."""

from modeltranslation.translator import TranslationOptions, register

from rulebook.models import ClauseVersion, Correction, Document, Game, Section


@register(Game)
class GameTranslationOptions(TranslationOptions):
    fields = ("name",)


@register(Document)
class DocumentTranslationOptions(TranslationOptions):
    fields = ("title", "source_note")


@register(Section)
class SectionTranslationOptions(TranslationOptions):
    fields = ("heading",)


@register(Correction)
class CorrectionTranslationOptions(TranslationOptions):
    fields = ("title", "summary")


@register(ClauseVersion)
class ClauseVersionTranslationOptions(TranslationOptions):
    fields = ("title", "text", "source_note")

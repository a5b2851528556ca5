"""Fields translated with django-modeltranslation (``<field>_de/_ru/_en``)."""

from modeltranslation.translator import TranslationOptions, register

from rulebook.models import (
    ClauseVersion, Correction, Document, Game, Ruling, Section, StructureChange,
)


@register(Game)
class GameTranslationOptions(TranslationOptions):
    """Translated fields of Game."""

    fields = ("name",)


@register(Document)
class DocumentTranslationOptions(TranslationOptions):
    """Translated fields of Document."""

    fields = ("title", "source_note")


@register(Section)
class SectionTranslationOptions(TranslationOptions):
    """Translated fields of Section."""

    fields = ("heading",)


@register(Correction)
class CorrectionTranslationOptions(TranslationOptions):
    """Translated fields of Correction."""

    fields = ("title", "summary")


@register(ClauseVersion)
class ClauseVersionTranslationOptions(TranslationOptions):
    """Translated fields of ClauseVersion."""

    fields = ("title", "text", "source_note")


@register(Ruling)
class RulingTranslationOptions(TranslationOptions):
    """Translated fields of Ruling (the original is in ``Ruling.language``)."""

    fields = ("question", "answer")


@register(StructureChange)
class StructureChangeTranslationOptions(TranslationOptions):
    """Translated fields of StructureChange (the new heading, title or name)."""

    fields = ("name",)

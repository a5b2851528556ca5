"""The glossary of a game: its terms in every site language.

A :class:`GlossaryTerm` names one term of a game (Schutzgottkarte,
простой удар, Krisensymbol …) in German, Russian and English, with a short
definition in each language and the clause that defines it.  The terms are
the site's vocabulary: rule texts mark them up (``<dfn>``/``<abbr>`` with
the definition), translations use them, and search takes them as synonyms
across languages.

Every change is kept (django-simple-history): the admin's "History" shows
each earlier state of a term and who changed it.  The per-language fields
are plain columns (not modeltranslation's) so the history rows hold them too.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import get_language, gettext_lazy as _
from simple_history.models import HistoricalRecords

from rulebook.models.rules import LANGUAGE_CHOICES, Clause, Game, Localized

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


class GlossaryTermQuerySet(models.QuerySet):
    """Look-ups of glossary terms."""

    def for_game(self, game) -> "GlossaryTermQuerySet":
        """The terms of ``game`` (a Game or its id), in glossary order."""
        return self.filter(game=game).order_by("position", "slug")


class GlossaryTerm(models.Model):
    """One term of a game's glossary, in every site language."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="glossary_terms",
                             verbose_name=_("game"))
    slug = models.SlugField(_("slug"), max_length=120,
                            help_text=_("Used in addresses, e.g. “schutzgottkarte”."))
    language = models.CharField(_("original language"), max_length=8, choices=LANGUAGE_CHOICES,
                                help_text=_("The language of the game's own rule texts."))
    term_de = models.CharField(_("term (German)"), max_length=200, blank=True)
    term_ru = models.CharField(_("term (Russian)"), max_length=200, blank=True)
    term_en = models.CharField(_("term (English)"), max_length=200, blank=True)
    definition_de = models.TextField(_("definition (German)"), blank=True)
    definition_ru = models.TextField(_("definition (Russian)"), blank=True)
    definition_en = models.TextField(_("definition (English)"), blank=True)
    variants_de = models.TextField(
        _("other spellings (German)"), blank=True,
        help_text=_("One per line: inflections and spellings the texts use, e.g. “Schutzgott-Karte”."))
    variants_ru = models.TextField(_("other spellings (Russian)"), blank=True,
                                   help_text=_("One per line."))
    variants_en = models.TextField(_("other spellings (English)"), blank=True,
                                   help_text=_("One per line."))
    clause = models.ForeignKey(
        Clause, on_delete=models.PROTECT, null=True, blank=True, related_name="glossary_terms",
        verbose_name=_("defining clause"),
        help_text=_("The clause that defines or introduces the term."))
    position = models.PositiveIntegerField(_("position"), default=0)

    objects = GlossaryTermQuerySet.as_manager()
    history = HistoricalRecords(verbose_name=_("historical glossary term"))

    class Meta:
        ordering = ["game", "position", "slug"]
        constraints = [models.UniqueConstraint(fields=["game", "slug"],
                                               name="glossary_unique_slug_per_game")]
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return self.term_in().text or self.slug

    def term_in(self, language: str | None = None) -> Localized:
        """The term in ``language`` (default: the reader's), else in the original."""
        return self._localized("term", language)

    def definition_in(self, language: str | None = None) -> Localized:
        """The definition in ``language``, else in the original."""
        return self._localized("definition", language)

    def _localized(self, field: str, language: str | None) -> Localized:
        language = (language or get_language() or self.language)[:2]
        value = getattr(self, f"{field}_{language}", "") if language in LANGUAGES else ""
        if value or language == self.language:
            return Localized(value, language, False)
        original = getattr(self, f"{field}_{self.language}", "")
        return Localized(original, self.language, bool(original))

    def spellings(self, language: str) -> list[str]:
        """The term and its other spellings in ``language``, longest first."""
        values = [getattr(self, f"term_{language}", "")]
        values += getattr(self, f"variants_{language}", "").splitlines()
        seen, result = set(), []
        for value in values:
            value = " ".join(value.split())
            if value and value.casefold() not in seen:
                seen.add(value.casefold())
                result.append(value)
        return sorted(result, key=len, reverse=True)

    def get_absolute_url(self) -> str:
        return reverse("rulebook:glossary", args=[self.game.slug]) + f"#term-{self.slug}"

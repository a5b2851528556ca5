"""How a page says that it shows the site's own, unofficial translation.

The rule texts are German and Russian originals; the site's translations
(see :mod:`rulebook.importing.translations`) are unofficial and say so on
every page that shows one, naming the version and the original language,
with the original one click away.  The sentences are whole messages per
original language, since German and Russian inflect the language's name.
"""

from __future__ import annotations

from django.utils.translation import gettext

_CLAUSE_NOTES = {
    "de": lambda: gettext("Unofficial translation of version %(number)s of the German original"),
    "ru": lambda: gettext("Unofficial translation of version %(number)s of the Russian original"),
    "en": lambda: gettext("Unofficial translation of version %(number)s of the English original"),
}
_PAGE_NOTES = {
    "de": lambda: gettext("This page shows the site’s unofficial translation of the German "
                          "original; the original is the authority."),
    "ru": lambda: gettext("This page shows the site’s unofficial translation of the Russian "
                          "original; the original is the authority."),
    "en": lambda: gettext("This page shows the site’s unofficial translation of the English "
                          "original; the original is the authority."),
}


def clause_note(number: int, original: str) -> str:
    """The note under a translated clause text, in the reader's language.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     clause_note(2, "de")
    'Unofficial translation of version 2 of the German original'
    """
    return _CLAUSE_NOTES.get(original, _CLAUSE_NOTES["de"])() % {"number": number}


def page_note(original: str) -> str:
    """The notice at the top of a page that shows translations of ``original`` texts."""
    return _PAGE_NOTES.get(original, _PAGE_NOTES["de"])()

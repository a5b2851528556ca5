"""The slugs the site's own addresses reserve, read from the URL configuration.

A game's pages are at ``/<lang>/<game>/…`` and a document's at
``/<lang>/<game>/<document>/…``; the site's own pages share those levels
(``/<lang>/search/``, ``/<lang>/calculator/``, ``/<lang>/<game>/corrections/``,
``/<lang>/<game>/glossary/`` …).  A game or document given such a slug would
be stored and listed, but its address would show the site's page, and a
published slug never changes.  So such a slug is refused.

The words are not a list to keep up to date: :func:`reserved_slugs` walks the
URL patterns — every literal first segment under the language prefix is
reserved for games, every literal segment right after a parameter in the
first place (``<slug:game>/corrections/``) for documents — so a page added to
the site reserves its word by being added.

:func:`validate_game_slug` and :func:`validate_document_slug` are the one
rule: the validators of ``Game.slug`` and ``Document.slug`` (so every model
form: the admin's add and change pages), called by the import form for its
new game and document, and by the models' ``save`` for a new row (so the
importer, ``import_rules`` and the restore of an export refuse it too).
Existing rows are never refused by ``save``: their slugs stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.urls import get_resolver, get_urlconf
from django.urls.resolvers import LocalePrefixPattern, RegexPattern, URLResolver
from django.utils import translation
from django.utils.translation import gettext_lazy as _

__all__ = ["ReservedSlugs", "reserved_slugs", "validate_document_slug", "validate_game_slug"]

# A segment of a regular expression that matches only itself ("api", "sitemap\.xml").
_LITERAL_REGEX = re.compile(r"(?:[\w-]|\\\.)+")


@dataclass(frozen=True)
class ReservedSlugs:
    """The words the site's own addresses use where a slug would stand.

    ``game``: first segments under the language prefix (``search``,
    ``calculator`` …); ``document``: segments right after a game
    (``corrections``, ``glossary``, ``rulings`` …).
    """

    game: frozenset[str]
    document: frozenset[str]


def _regex_route(regex: str) -> str:
    """A regular expression's address as a route: its literal segments kept, the
    others as a parameter."""
    regex = regex.removeprefix("^").removesuffix("$").removesuffix(r"\Z")
    return "/".join(segment.replace("\\.", ".") if _LITERAL_REGEX.fullmatch(segment)
                    else "<regex>" for segment in regex.split("/"))


def _routes(patterns, prefix: str = "") -> Iterator[str]:
    """The full route of every pattern under ``patterns`` (included ones too)."""
    for pattern in patterns:
        part = pattern.pattern
        route = prefix + (_regex_route(str(part)) if isinstance(part, RegexPattern)
                          else str(part))
        if isinstance(pattern, URLResolver):
            yield from _routes(pattern.url_patterns, route)
        else:
            yield route


def _is_literal(segment: str) -> bool:
    return "<" not in segment


def _is_parameter(segment: str) -> bool:
    return segment.startswith("<") and segment.endswith(">") and segment.count("<") == 1


def reserved_slugs(urlconf: str | None = None) -> ReservedSlugs:
    """Read the reserved words from the URL configuration (the current one by default).

    The game level is what follows the language prefix (``i18n_patterns``),
    or the root where there is none.  A translated route reserves its word
    in every language of the site.
    """
    resolver = get_resolver(urlconf or get_urlconf())
    prefixed = [pattern.url_patterns for pattern in resolver.url_patterns
                if isinstance(pattern, URLResolver)
                and isinstance(pattern.pattern, LocalePrefixPattern)]
    game: set[str] = set()
    document: set[str] = set()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for patterns in prefixed or [resolver.url_patterns]:
                for route in _routes(patterns):
                    segments = [segment for segment in route.split("/") if segment]
                    if not segments:
                        continue
                    if _is_literal(segments[0]):
                        game.add(segments[0])
                    elif (_is_parameter(segments[0]) and len(segments) > 1
                          and _is_literal(segments[1])):
                        document.add(segments[1])
    return ReservedSlugs(frozenset(game), frozenset(document))


def validate_game_slug(value: str) -> None:
    """Refuse a game slug that is an address of the site's own (``search``, ``calculator`` …).

    :raises ValidationError: (code ``reserved``) naming the word.
    """
    if value in reserved_slugs().game:
        raise ValidationError(
            _("The slug “%(slug)s” is reserved: the address …/%(slug)s/ is one of the site's "
              "own pages, so a game there could never be reached. Choose another slug."),
            code="reserved", params={"slug": value})


def validate_document_slug(value: str) -> None:
    """Refuse a document slug that is an address of the site's own within every
    game (``corrections``, ``glossary``, ``rulings`` …).

    :raises ValidationError: (code ``reserved``) naming the word.
    """
    if value in reserved_slugs().document:
        raise ValidationError(
            _("The slug “%(slug)s” is reserved: the address …/<game>/%(slug)s/ is one of the "
              "site's own pages of every game, so a document there could never be reached. "
              "Choose another slug."),
            code="reserved", params={"slug": value})

"""Glossary terms in rule texts: ``<dfn>`` where a term is defined,
``<abbr>`` elsewhere, each with its definition in the reader's language.

:class:`GlossaryIndex` holds one game's terms with every spelling in each
language (:meth:`rulebook.models.GlossaryTerm.spellings`), longest first, so
"Schutzgottkarten-Feld" wins over "Schutzgottkarte".  The markdown-it rule
:func:`glossary_plugin` wraps the first mention of each term in a clause
(outside links and references); the definition is the element's ``title``
(hover) and, with ``tabindex="0"``, shown by CSS when the term is tapped or
focused — no script.  Each mark names its term (``data-term``), so a page
that shows several clauses of one entry (the paragraphs ¶1, ¶2 … of a rule,
a rule and its sub-rules) keeps only the entry's first mark of each term
(:func:`keep_first_marks`).

Indexes are cached per process like the reference indexes and rebuilt when
a glossary term is saved (:func:`glossary_changed`, called by the signals)
or after :data:`INDEX_TTL` seconds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import get_language
from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from rulebook.caching.process import ProcessIndex
from rulebook.search.synonyms import GENERATION_KEY

INDEX_TTL = 60.0
_LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


@dataclass(frozen=True)
class Entry:
    """One term: slug, defining clause id, term and definition per language."""

    slug: str
    clause_id: int | None
    terms: dict
    definitions: dict
    original: str

    def definition(self, language: str) -> str:
        """The definition in ``language``, else in the term's original language."""
        return self.definitions.get(language) or self.definitions.get(self.original, "")

    def term(self, language: str) -> str:
        """The term in ``language``, else in the original language."""
        return self.terms.get(language) or self.terms.get(self.original, "")


@dataclass(frozen=True)
class GlossaryIndex:
    """A game's terms and, per language, one pattern matching any of their spellings."""

    entries: tuple[Entry, ...]
    patterns: dict                       # language → compiled pattern (or None)
    by_spelling: dict                    # (language, casefolded spelling) → Entry

    @classmethod
    def load(cls, game_id: int) -> "GlossaryIndex":
        """Read the glossary of a game (one query)."""
        from rulebook.models import GlossaryTerm

        entries, by_spelling, patterns = [], {}, {}
        spellings: dict[str, list[str]] = {code: [] for code in _LANGUAGES}
        for term in GlossaryTerm.objects.filter(game_id=game_id).order_by("position", "pk"):
            entry = Entry(term.slug, term.clause_id,
                          {c: getattr(term, f"term_{c}") for c in _LANGUAGES},
                          {c: getattr(term, f"definition_{c}") for c in _LANGUAGES},
                          term.language)
            entries.append(entry)
            for code in _LANGUAGES:
                for spelling in term.spellings(code):
                    key = (code, spelling.casefold())
                    if key not in by_spelling:
                        by_spelling[key] = entry
                        spellings[code].append(spelling)
        for code, values in spellings.items():
            values.sort(key=len, reverse=True)
            patterns[code] = (re.compile(
                r"(?<![\w-])(" + "|".join(re.escape(v) for v in values) + r")(?![\w-])",
                re.IGNORECASE) if values else None)
        return cls(tuple(entries), patterns, by_spelling)

    def find(self, text: str, language: str):
        """Yield ``(start, end, entry)`` for each term mention in ``text``."""
        pattern = self.patterns.get(language)
        if pattern is None:
            return
        for match in pattern.finditer(text):
            entry = self.by_spelling.get((language, match.group(1).casefold()))
            if entry is not None:
                yield match.start(1), match.end(1), entry


_CACHE: ProcessIndex[GlossaryIndex] = ProcessIndex(GENERATION_KEY, INDEX_TTL)


def glossary_changed() -> None:
    """Invalidate the cached glossary indexes (the signals call it)."""
    _CACHE.invalidate()


def glossary_index(game_id: int) -> GlossaryIndex:
    """Return the (cached) glossary index of a game."""
    return _CACHE.get(game_id, lambda: GlossaryIndex.load(game_id))


@dataclass(frozen=True)
class Marking:
    """What to mark in one text: the game's index, the text's language,
    the clause shown (its own terms are ``<dfn>``), the reader's language and
    the document's original language (``original``).

    A ``<dfn>`` in the original text has the id ``dfn-<term>``; one in a
    translation ``dfn-<term>-<language>``, so a page showing the original and
    a translation side by side has each id once.
    """

    index: GlossaryIndex
    language: str
    clause_id: int | None = None
    reader: str = ""
    original: str = ""

    def dfn_id(self, slug: str) -> str:
        """The id of the ``<dfn>`` of term ``slug`` in this text.

        >>> Marking(None, "de", original="de").dfn_id("ziel")
        'dfn-ziel'
        >>> Marking(None, "en", original="de").dfn_id("ziel")
        'dfn-ziel-en'
        """
        if not self.original or self.language == self.original:
            return f"dfn-{slug}"
        return f"dfn-{slug}-{self.language}"


def _text(content: str) -> Token:
    token = Token("text", "", 0)
    token.content = content
    return token


def _mark(children: list[Token], marking: Marking, seen: set) -> list[Token]:
    reader = (marking.reader or get_language() or marking.language)[:2]
    result: list[Token] = []
    depth = 0  # inside a link or a reference stub: leave the text alone
    for child in children:
        if child.nesting == 1 and child.type != "glossary_open":
            depth += 1 if child.type in ("link_open", "xref_open") else 0
        elif child.nesting == -1 and child.type in ("link_close", "xref_close"):
            depth -= 1
        if child.type != "text" or depth or not child.content:
            result.append(child)
            continue
        text, position = child.content, 0
        for start, end, entry in marking.index.find(text, marking.language):
            if entry.slug in seen:
                continue
            seen.add(entry.slug)
            defining = entry.clause_id is not None and entry.clause_id == marking.clause_id
            opening = Token("glossary_open", "dfn" if defining else "abbr", 1)
            opening.attrs = {"class": "term", "data-term": entry.slug,
                             "title": entry.definition(reader), "tabindex": "0"}
            if defining:
                opening.attrs["id"] = marking.dfn_id(entry.slug)
            if start > position:
                result.append(_text(text[position:start]))
            result.extend([opening, _text(text[start:end]),
                           Token("glossary_close", opening.tag, -1)])
            position = end
        if position < len(text):
            result.append(_text(text[position:]))
    return result


_MARK = re.compile(r'<(abbr|dfn)\b([^>]*)\sdata-term="([^"]+)"([^>]*)>(.*?)</\1>', re.DOTALL)


def keep_first_marks(html: str, seen: set) -> str:
    """``html`` (rendered clause text) without the marks of the terms in
    ``seen`` (term slugs), which it then extends by the terms marked here:
    the first mark of a term in a group of clauses stays, the later ones
    become plain text.  A ``<dfn>`` (where the term is defined) always stays.

    >>> seen = set()
    >>> keep_first_marks('<abbr class="term" data-term="ziel" title="t">Ziel</abbr>', seen)
    '<abbr class="term" data-term="ziel" title="t">Ziel</abbr>'
    >>> keep_first_marks('ein <abbr class="term" data-term="ziel" title="t">Ziel</abbr>', seen)
    'ein Ziel'
    """
    if 'data-term="' not in html:
        return html

    def replace(match: re.Match) -> str:
        slug = match.group(3)
        if match.group(1) == "abbr" and slug in seen:
            return match.group(5)
        seen.add(slug)
        return match.group(0)

    return _MARK.sub(replace, html)


def _glossary_rule(state: StateCore) -> None:
    marking = state.env.get("glossary")
    if marking is None:
        return
    seen = state.env.setdefault("glossary_seen", set())
    for token in state.tokens:
        if token.type == "inline" and token.children:
            token.children = _mark(token.children, marking, seen)


def glossary_plugin(md: MarkdownIt) -> None:
    """Install the glossary rule (after the references rule)."""
    md.core.ruler.after("references", "glossary", _glossary_rule)

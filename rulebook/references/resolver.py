"""What a reference points to: clauses, sections and documents of a game.

:class:`GameIndex` holds the names of one game's documents and sections
and, loaded per document on first use, its clause keys and printed
numbers.  :class:`Resolver` resolves the mentions found by
:mod:`rulebook.references.syntax` in the text of one document's clause.

Indexes are cached per process and rebuilt when the rulebook changes (a
generation counter in Django's cache, bumped by the signals in
:mod:`rulebook.references.signals`) or after :data:`INDEX_TTL` seconds, so
another worker's change shows up within that time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from rulebook.caching.process import ProcessIndex
from rulebook.references.syntax import KEY_LIKE, PATH_SEPARATOR, Kind, Mention
from rulebook.search.text import fold

INDEX_TTL = 60.0
_GENERATION_KEY = "rulebook:references:generation"
# Where a Resolver keeps the game index on the document instance it was given.
_INDEX_ATTRIBUTE = "_reference_index"
_LANGUAGES = [code for code, _name in settings.LANGUAGES]


def _name(text: str) -> str:
    """Normalise a heading or name for comparison (case, accents, spaces)."""
    return " ".join(fold(text).replace("&", " & ").split())


@dataclass(frozen=True)
class DocumentInfo:
    """A document as the resolver needs it (ids and names, no model instance)."""
    id: int
    game: str
    slug: str
    number: str
    titles: tuple[str, ...]


@dataclass(frozen=True)
class SectionInfo:
    """A section as the resolver needs it."""
    id: int
    document_id: int
    slug: str
    number: str
    headings: tuple[str, ...]


@dataclass(frozen=True)
class ClauseInfo:
    """A clause as the resolver needs it."""
    id: int
    document_id: int
    section_id: int
    key: str
    label: str


@dataclass(frozen=True)
class Resolution:
    """A mention and what it points to.

    ``url`` is empty when the target is not on the site (a stub); ``error``
    is set for a broken explicit reference (what the editor should fix).
    Exactly one of ``clause_id``/``section_id``/``document_id`` is set for a
    resolved reference.
    """

    mention: Mention
    kind: Kind
    url: str = ""
    title: str = ""
    clause_id: int | None = None
    section_id: int | None = None
    document_id: int | None = None
    error: str = ""

    @property
    def resolved(self) -> bool:
        """Whether the reference has a target address (else it is a stub)."""
        return bool(self.url)


@dataclass
class GameIndex:
    """Names of one game's documents and sections; clause keys per document."""

    game_id: int
    game: str
    documents: dict[int, DocumentInfo]
    sections: dict[int, SectionInfo]
    by_heading: dict[str, list[int]] = field(default_factory=dict)
    by_title: dict[str, list[int]] = field(default_factory=dict)
    _clauses: dict[int, dict[str, ClauseInfo]] = field(default_factory=dict)
    #: Clause texts rendered with this index (see
    #: :func:`rulebook.references.rendering.render_clause_text`): kept as
    #: long as the index, so a change of the rulebook renders them anew.
    rendered: dict = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def load(cls, game_id: int) -> "GameIndex":
        """Read a game's slug, documents and sections in one query (documents
        joined with their sections; a document without sections gives one
        row with empty section fields)."""
        from rulebook.models import Document

        title_fields = [f"title_{code}" for code in _LANGUAGES]
        heading_fields = [f"sections__heading_{code}" for code in _LANGUAGES]
        rows = Document.objects.filter(game_id=game_id).order_by(
            "position", "slug", "sections__position").values_list(
            "game__slug", "id", "slug", "number", *title_fields, "sections__id",
            "sections__slug", "sections__number", *heading_fields)
        game = ""
        documents: dict[int, DocumentInfo] = {}
        sections: dict[int, SectionInfo] = {}
        titles = len(title_fields)
        for row in rows:
            game, document_id, slug, number = row[:4]
            if document_id not in documents:
                documents[document_id] = DocumentInfo(
                    document_id, game, slug, number, tuple(t for t in row[4:4 + titles] if t))
            section_id, section_slug, section_number, *headings = row[4 + titles:]
            if section_id is not None:
                sections[section_id] = SectionInfo(section_id, document_id, section_slug,
                                                   section_number, tuple(h for h in headings if h))
        if not documents:
            from rulebook.models import Game

            game = Game.objects.values_list("slug", flat=True).get(pk=game_id)
        index = cls(game_id, game, documents, sections)
        for section in sections.values():
            for heading in {_name(h) for h in section.headings}:
                index.by_heading.setdefault(heading, []).append(section.id)
        for document in documents.values():
            for title in {_name(t) for t in document.titles}:
                index.by_title.setdefault(title, []).append(document.id)
        return index

    def clauses(self, document_id: int) -> dict[str, ClauseInfo]:
        """Map folded key and folded printed number → clause, for a document."""
        if document_id not in self._clauses:
            from rulebook.models import Clause

            table: dict[str, ClauseInfo] = {}
            for row in Clause.objects.filter(document_id=document_id).values_list(
                    "id", "document_id", "section_id", "key", "label"):
                info = ClauseInfo(*row)
                table.setdefault(_name(info.key), info)
                if info.label:
                    table.setdefault(_name(info.label), info)
            self._clauses[document_id] = table
        return self._clauses[document_id]

    def document_by_path(self, path: str) -> DocumentInfo | None:
        """Return the document "game/slug" of this game, or None."""
        game, _slash, slug = path.partition("/")
        if game != self.game:
            return None
        return next((d for d in self.documents.values() if d.slug == slug), None)


_CACHE: ProcessIndex[GameIndex] = ProcessIndex(_GENERATION_KEY, INDEX_TTL)


def rulebook_changed() -> None:
    """Invalidate the cached indexes (call after documents, sections or
    clauses change; the signals do)."""
    _CACHE.invalidate()


def game_index(game_id: int) -> GameIndex:
    """Return the (cached) index of a game."""
    return _CACHE.get(game_id, lambda: GameIndex.load(game_id))


class Resolver:
    """Resolves mentions in the text of a clause of ``document``.

    ``clause`` (optional) is the citing clause: it does not link to itself
    or to its own section by a recognised quotation.
    """

    def __init__(self, document, clause=None):
        self.document = document
        self.clause = clause
        self._games: dict[str, GameIndex] = {}
        # A page's document (read with its publication stamp for one
        # request, and shared by the clauses it renders) keeps the index, so
        # the index's generation is checked once per page, not once per clause.
        index = document.__dict__.get(_INDEX_ATTRIBUTE)
        if index is None:
            index = game_index(document.game_id)
            if hasattr(document, "rulebook_revision"):
                document.__dict__[_INDEX_ATTRIBUTE] = index
        self.index = index

    # -- look-ups ----------------------------------------------------------
    def _other_game(self, slug: str) -> GameIndex | None:
        if slug == self.index.game:
            return self.index
        if slug not in self._games:
            from rulebook.models import Game

            game_id = Game.objects.filter(slug=slug).values_list("id", flat=True).first()
            if game_id is None:
                return None
            self._games[slug] = game_index(game_id)
        return self._games[slug]

    def _clause_url(self, index: GameIndex, info: ClauseInfo) -> str:
        doc = index.documents[info.document_id]
        return reverse("rulebook:clause", args=[index.game, doc.slug, info.key])

    def _section_url(self, index: GameIndex, section_id: int) -> str:
        section = index.sections[section_id]
        doc = index.documents[section.document_id]
        return reverse("rulebook:section", args=[index.game, doc.slug, section.slug])

    def _find_clause(self, index: GameIndex, document_id: int, target: str) -> ClauseInfo | None:
        table = index.clauses(document_id)
        name = _name(target)
        found = table.get(name)
        if found is None and "¶" not in name:
            # "Ziel 3.2" for "Ziel ¶3.2"
            found = table.get(re.sub(r"\s(?=\d)", " ¶", name, count=1))
        return found

    def _find_section(self, name: str) -> int | None:
        """A section of this game by heading; this document's sections first."""
        candidates = self.index.by_heading.get(_name(name), [])
        own = [s for s in candidates if self.index.sections[s].document_id == self.document.pk]
        return (own or candidates or [None])[0]

    def _find_path(self, target: str) -> int | None:
        """A section named "Document title » Heading"."""
        parts = PATH_SEPARATOR.split(target)
        if len(parts) < 2:
            return None
        title, heading = _name(parts[0]), _name(parts[-1])
        documents = set(self.index.by_title.get(title, []))
        for section_id in self.index.by_heading.get(heading, []):
            if self.index.sections[section_id].document_id in documents:
                return section_id
        return None

    # -- resolution ----------------------------------------------------------
    def resolve(self, mention: Mention) -> Resolution | None:
        """Return what ``mention`` points to.

        Returns ``None`` for a recognised (not explicit) mention that turns
        out not to be a reference (a date, an ordinary quotation).
        """
        if mention.document:
            return self._resolve_qualified(mention)
        if mention.kind is Kind.SECTION:
            section_id = self._find_path(mention.target)
            if section_id is not None:
                return self._section(mention, section_id)
            if mention.explicit:  # a printed number such as "1.2.4 › Kartenaufbau ¶1"
                info = self._find_clause(self.index, self.document.pk, mention.target)
                if info is not None:
                    return Resolution(mention, Kind.CLAUSE, self._clause_url(self.index, info),
                                      title=info.label, clause_id=info.id)
            return self._missing(mention, Kind.SECTION, _(
                "There is no section “%(name)s”. Write it as “document title » section "
                "heading”, or [[?%(name)s]] for a section that is not published yet.") % {
                    "name": mention.target})
        if mention.kind is Kind.CHAPTER:
            section_id = self._find_section(mention.target)
            if section_id is not None:
                return self._section(mention, section_id)
            return Resolution(mention, Kind.SECTION)
        if mention.kind is Kind.ENTRY:
            section_id = self._find_section(mention.target)
            if section_id is None and "(" in mention.target:
                section_id = self._find_section(mention.target.split("(")[0])
            if section_id is not None:
                return self._section(mention, section_id, Kind.ENTRY)
            return Resolution(mention, Kind.ENTRY)
        if mention.kind is Kind.CLAUSE or (mention.explicit and KEY_LIKE.match(mention.target)):
            return self._resolve_number(mention)
        # A bare name: a section heading (explicit or quoted), or a document title.
        section_id = self._find_section(mention.target)
        if section_id is not None:
            own_section = self.clause is not None and self.clause.section_id == section_id
            if mention.explicit or not own_section:
                return self._section(mention, section_id)
            return None
        documents = self.index.by_title.get(_name(mention.target), [])
        if documents and mention.explicit:
            doc = self.index.documents[documents[0]]
            return Resolution(mention, Kind.DOCUMENT, reverse(
                "rulebook:document", args=[self.index.game, doc.slug]), document_id=doc.id)
        if not mention.explicit:
            return None
        return self._missing(mention, Kind.ENTRY, _(
            "“%(name)s” is not on the site. Check the spelling, or write [[?%(name)s]] for an "
            "entry that is not published yet.") % {"name": mention.target})

    def _missing(self, mention: Mention, kind: Kind, error: str) -> Resolution:
        broken = mention.explicit and not mention.planned
        return Resolution(mention, kind, error=error if broken else "")

    def _section(self, mention: Mention, section_id: int, kind: Kind = Kind.SECTION) -> Resolution:
        return Resolution(mention, kind, self._section_url(self.index, section_id),
                          section_id=section_id)

    def _resolve_number(self, mention: Mention) -> Resolution | None:
        info = self._find_clause(self.index, self.document.pk, mention.target)
        if info is not None:
            if self.clause is not None and info.id == self.clause.pk and not mention.explicit:
                return None
            return Resolution(mention, Kind.CLAUSE, self._clause_url(self.index, info),
                              title=info.label, clause_id=info.id)
        first = mention.target.split(".")[0]
        numbered = {s.number for s in self.index.sections.values()
                    if s.document_id == self.document.pk and s.number}
        if not mention.explicit:
            # A recognised number is a reference only within the document's
            # numbering (106.1 in a document with section 106); else a date
            # or quantity.
            return Resolution(mention, Kind.CLAUSE) if first in numbered else None
        return self._missing(mention, Kind.CLAUSE, _(
            "This document has no clause “%(key)s”. Check the number, or write [[?%(key)s]] "
            "for a clause that is not published yet.") % {"key": mention.target})

    def _resolve_qualified(self, mention: Mention) -> Resolution:
        game, _slash, _doc = mention.document.partition("/")
        index = self._other_game(game)
        doc = index.document_by_path(mention.document) if index else None
        if doc is None:
            return self._missing(mention, mention.kind or Kind.DOCUMENT, _(
                "There is no document “%(path)s”; write it as game/document, e.g. "
                "berserk/comprehensive-rules.") % {"path": mention.document})
        if not mention.target:
            return Resolution(mention, Kind.DOCUMENT, reverse(
                "rulebook:document", args=[index.game, doc.slug]), document_id=doc.id)
        info = self._find_clause(index, doc.id, mention.target)
        if info is None:
            return self._missing(mention, Kind.CLAUSE, _(
                "“%(path)s” has no clause “%(key)s”.") % {"path": mention.document,
                                                       "key": mention.target})
        return Resolution(mention, Kind.CLAUSE, self._clause_url(index, info), title=info.label,
                          clause_id=info.id)

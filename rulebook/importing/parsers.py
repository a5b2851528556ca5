"""Split a cleaned source page into sections and clauses.

Each source format has a parser (looked up by name in :data:`PARSERS`)
that turns cleaned lines (see :mod:`rulebook.importing.cleaning`) into a
:class:`ParsedDocument`.  Clause text is Markdown: paragraphs separated by
a blank line, list items as ``- item``, an example ("Beispiel", "ПРИМЕР")
as a block quote attached to the clause before it.

Clause keys follow one scheme per format and never depend on anything but
the source's own structure:

- ``numbered`` (Berserk comprehensive rules): the printed number
  (``107.2``); unnumbered paragraphs get ``<section>.p<n>`` (``106.p1``).
- ``chapter`` (Power-Duell rule chapters): chapter number, section slug and
  paragraph (``1.2.4.negativ-positiv-wirkung.p3``).
- ``glossary`` (Marvel Champions Referenzhandbuch): entry slug and bullet
  path (``ziel.p3.2``).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

from django.utils.text import slugify

from rulebook.importing.cleaning import is_list_item, normalise


class SourceFormatError(ValueError):
    """The source page does not have the structure its format expects."""


@dataclass(frozen=True)
class ParsedCorrection:
    """A correction named in the source: its date and title."""

    effective_date: datetime.date
    title: str


@dataclass(frozen=True)
class ParsedClause:
    """A clause as found in the source: key, printed label, title, Markdown text."""

    key: str
    label: str
    text: str
    title: str = ""
    depth: int = 0


@dataclass(frozen=True)
class ParsedSection:
    """A section as found in the source, with the date or correction closing it."""

    slug: str
    number: str
    heading: str
    clauses: tuple[ParsedClause, ...]
    effective_date: datetime.date | None = None
    correction: ParsedCorrection | None = None


@dataclass(frozen=True)
class ParsedDocument:
    """The sections of a source page, in order."""

    sections: tuple[ParsedSection, ...]

    def clauses(self) -> tuple[ParsedClause, ...]:
        """Return every clause of the document, in order."""
        return tuple(clause for section in self.sections for clause in section.clauses)


# --------------------------------------------------------------------------
# Building clause text
# --------------------------------------------------------------------------

@dataclass
class _ClauseBuilder:
    """Collects the parts of one clause while a parser walks the lines."""

    number: str | None = None          # printed number, if any
    title: str = ""
    paragraphs: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    example: list[str] = field(default_factory=list)
    depth: int = 0
    path: str = ""                      # bullet path for glossary entries

    def add_paragraph(self, text: str) -> None:
        """Append a paragraph, closing a list collected before it."""
        if self.items:
            # A paragraph after a list closes the list in the Markdown text.
            self.paragraphs.append(self._list_markdown())
            self.items = []
        self.paragraphs.append(text)

    def _list_markdown(self) -> str:
        return "\n".join(f"- {item}" for item in self.items)

    def markdown(self) -> str:
        """Return the clause as Markdown: paragraphs, list, example block quote."""
        parts = list(self.paragraphs)
        if self.items:
            parts.append(self._list_markdown())
        if self.example:
            parts.append("\n>\n".join(f"> {line}" for line in self.example))
        return "\n\n".join(parts)


def _item_text(line: str) -> str:
    return re.sub(r"^\s*[-•·]\s+", "", line).strip()


def _ends_sentence(line: str) -> bool:
    return bool(re.search(r"[.!?:»“”\"]\s*$", line.rstrip()))


# --------------------------------------------------------------------------
# Power-Duell chapters
# --------------------------------------------------------------------------

_EDITED = re.compile(r"^Bearbeitet am (\d{2})\.(\d{2})\.(\d{4})$")
_CORRECTION = re.compile(r"^Spielregelerkorrektur am (\d{2})\.(\d{2})\.(\d{4})\s*[\"„“]?(.*?)[\"“”]?$")
_EXAMPLE_DE = re.compile(r"^Beispiel\b")


def _date(day: str, month: str, year: str) -> datetime.date:
    try:
        return datetime.date(int(year), int(month), int(day))
    except ValueError as exc:
        raise SourceFormatError(f"invalid date {day}.{month}.{year}") from exc


def _is_heading(line: str) -> bool:
    """A chapter heading: a short line without end punctuation (after a complete line)."""
    text = normalise(line)
    if not text or is_list_item(line) or re.search(r"[.,:;!?\"“”)]$", text):
        return False
    return len(text.split()) <= 7


def parse_chapter(lines: list[str], number: str, title: str) -> ParsedDocument:
    """Parse a Power-Duell rule chapter page.

    The first line is the chapter title; headings are short lines without
    end punctuation; "Bearbeitet am DD.MM.YYYY" dates the section it closes;
    "Spielregelerkorrektur am DD.MM.YYYY "…"" names the correction that
    owns the section it closes.  Lines wrapped mid-sentence are joined.

    :raises SourceFormatError: if text appears before the first heading.
    """
    lines = [normalise(line) for line in lines if line.strip()]
    if lines and lines[0] == normalise(title):
        lines = lines[1:]
    sections: list[dict] = []
    clause: _ClauseBuilder | None = None
    in_example = False
    previous, previous_kind = "", "start"
    for line in lines:
        edited, corrected = _EDITED.match(line), _CORRECTION.match(line)
        if edited or corrected:
            if not sections:
                raise SourceFormatError(f"date line before any section: {line!r}")
            if edited:
                sections[-1]["date"] = _date(*edited.groups())
            else:
                day, month, year, name = corrected.groups()
                sections[-1]["correction"] = ParsedCorrection(_date(day, month, year), name.strip())
            kind, in_example = "date", False
        elif previous_kind in ("start", "date", "heading") or (
                previous_kind in ("text", "item") and _ends_sentence(previous)):
            kind = "heading" if _is_heading(line) else "text"
        else:
            kind = "continuation" if previous_kind == "text" else "text"
        if kind == "heading":
            sections.append({"heading": line, "clauses": [], "date": None, "correction": None})
            clause, in_example = None, False
        elif kind in ("text", "continuation") and not sections:
            raise SourceFormatError(f"text before the first heading: {line!r}")
        elif kind == "text" and is_list_item(line):
            if clause is None:
                raise SourceFormatError(f"list item without a clause: {line!r}")
            (clause.example if in_example else clause.items).append(_item_text(line))
            kind = "item"
        elif kind == "continuation":
            # A line wrapped mid-sentence continues the last paragraph.
            target = clause.example if in_example else clause.paragraphs
            target[-1] += " " + line
            kind = "text"
        elif kind == "text" and clause is not None and (in_example or _EXAMPLE_DE.match(line)):
            in_example = True
            clause.example.append(line)
        elif kind == "text":
            clause = _ClauseBuilder()
            clause.add_paragraph(line)
            sections[-1]["clauses"].append(clause)
        previous, previous_kind = line, kind
    parsed = []
    for section in sections:
        slug = slugify(section["heading"])
        clauses = tuple(
            ParsedClause(
                key=f"{number}.{slug}.p{index}",
                label=f"{number} › {section['heading']} ¶{index}",
                text=builder.markdown(),
            )
            for index, builder in enumerate(section["clauses"], start=1)
        )
        correction = section["correction"]
        parsed.append(ParsedSection(
            slug=slug, number="", heading=section["heading"], clauses=clauses,
            effective_date=correction.effective_date if correction else section["date"],
            correction=correction,
        ))
    return ParsedDocument(tuple(parsed))


# --------------------------------------------------------------------------
# Berserk comprehensive rules
# --------------------------------------------------------------------------

_NUMBERED = re.compile(r"^(\d{3})\.(\d+)\.\s+(.*)$")
_EXAMPLE_RU = re.compile(r"^(ПРИМЕР\b|Например,)")
_TITLE = re.compile(r"^([^.,;:]{1,60})\.\s+(\S.*)$")


def _is_section_heading_ru(text: str) -> bool:
    return (text.endswith(".") and "," not in text and len(text.split()) <= 4
            and not _NUMBERED.match(text) and not _EXAMPLE_RU.match(text))


def parse_numbered(lines: list[str], number: str, title: str) -> ParsedDocument:
    """Parse numbered comprehensive rules ("106.3. …" paragraphs).

    A short line ending in a full stop is a section heading; the section's
    number is the major number of its first numbered rule.  Unnumbered text
    after a numbered rule continues it; unnumbered text before the first
    numbered rule of a section is a clause of its own (``<section>.p<n>``).

    :raises SourceFormatError: if a section has no numbered rule to number it.
    """
    blocks = [normalise(line) for line in lines if line.strip()]
    sections: list[dict] = [{"heading": "", "number": "", "clauses": []}]
    clause: _ClauseBuilder | None = None
    for text in blocks:
        numbered = _NUMBERED.match(text)
        section = sections[-1]
        if numbered:
            major, minor, rest = numbered.groups()
            if section["number"] and section["number"] != major:
                sections.append({"heading": "", "number": major, "clauses": []})
                section = sections[-1]
            section["number"] = major
            clause = _ClauseBuilder(number=f"{major}.{minor}")
            titled = _TITLE.match(rest)
            if titled and len(titled.group(1).split()) <= 3:
                clause.title, rest = titled.group(1), titled.group(2)
            clause.paragraphs.append(rest)
            section["clauses"].append(clause)
        elif _is_section_heading_ru(text):
            sections.append({"heading": text.rstrip("."), "number": "", "clauses": []})
            clause = None
        elif is_list_item(text):
            if clause is None:
                raise SourceFormatError(f"list item without a clause: {text!r}")
            clause.items.append(_item_text(text))
        elif _EXAMPLE_RU.match(text) and clause is not None:
            clause.example.append(text)
        elif clause is not None and clause.number is not None:
            clause.add_paragraph(text)
        else:
            clause = _ClauseBuilder()
            clause.paragraphs.append(text)
            section["clauses"].append(clause)
    parsed = []
    for section in sections:
        if not section["clauses"]:
            continue
        if not section["number"]:
            raise SourceFormatError(f"section {section['heading']!r} has no numbered rule")
        major, unnumbered, clauses = section["number"], 0, []
        for builder in section["clauses"]:
            if builder.number:
                key, label = builder.number, builder.number
            else:
                unnumbered += 1
                key, label = f"{major}.p{unnumbered}", f"{major} ¶{unnumbered}"
            clauses.append(ParsedClause(key=key, label=label, text=builder.markdown(),
                                        title=builder.title))
        parsed.append(ParsedSection(slug=major, number=major, heading=section["heading"],
                                    clauses=tuple(clauses)))
    return ParsedDocument(tuple(parsed))


# --------------------------------------------------------------------------
# Marvel Champions Referenzhandbuch entries
# --------------------------------------------------------------------------

_BULLET = re.compile(r"^(\s*)•\s+(.*)$")


def parse_glossary(lines: list[str], number: str, title: str) -> ParsedDocument:
    """Parse a glossary entry: a heading line, paragraphs and nested bullets.

    Top-level paragraphs and first-level bullets are ``¶1``, ``¶2``, …;
    nested bullets are ``¶n.1``, ``¶n.2``, … under the bullet before them.
    A bullet starting with "Beispiel" is the example of the clause before it.

    :raises SourceFormatError: if the page has no heading or a nested bullet
        comes before any top-level one.
    """
    rows = [line for line in lines if line.strip()]
    if not rows:
        raise SourceFormatError("empty glossary page")
    heading, rows = normalise(rows[0]), rows[1:]
    entry = slugify(heading)
    indents = sorted({len(m.group(1)) for m in map(_BULLET.match, rows) if m})
    builders: list[_ClauseBuilder] = []
    top, sub = 0, 0
    for row in rows:
        bullet = _BULLET.match(row)
        if bullet:
            level = indents.index(len(bullet.group(1))) + 1
            text = normalise(bullet.group(2))
        else:
            level, text = 0, normalise(row)
        if _EXAMPLE_DE.match(text) and builders:
            builders[-1].example.append(text)
            continue
        if level <= 1:
            top, sub = top + 1, 0
            path = str(top)
        else:
            if top == 0:
                raise SourceFormatError(f"nested bullet before any top-level one: {text!r}")
            sub += 1
            path = f"{top}.{sub}"
        builder = _ClauseBuilder(depth=max(level - 1, 0), path=path)
        builder.paragraphs.append(text)
        builders.append(builder)
    clauses = tuple(
        ParsedClause(key=f"{entry}.p{b.path}", label=f"{heading} ¶{b.path}",
                     text=b.markdown(), depth=b.depth)
        for b in builders
    )
    return ParsedDocument((ParsedSection(slug=entry, number="", heading=heading, clauses=clauses),))


PARSERS = {
    "chapter": parse_chapter,
    "numbered": parse_numbered,
    "glossary": parse_glossary,
}

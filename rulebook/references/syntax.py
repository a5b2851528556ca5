"""Where a clause text refers to something: the reference syntax.

Editors mark a reference with double brackets (documented in the admin
``help_text`` of the clause text and in the README):

==========================================  =====================================
``[[107.2]]``, ``[[Ziel ¶3.2]]``            a clause of the same document, by
                                            key or printed number
``[[berserk/comprehensive-rules:107.2]]``   a clause of another document
``[[berserk/comprehensive-rules]]``         a document
``[[Kartenaufbau]]``                        a section or glossary entry of the
                                            same game, by its heading
``[[Schutzgottkarten » Kartenaufbau]]``     a section of a named document
``[[?Kosten]]``                             an entry the site does not have yet
                                            (a stub until it is published)
``[[107.2|rule 107.2]]``                    any of the above with its own text
==========================================  =====================================

Texts imported from the sources are also read for references written the
way the sources write them (no markup needed):

- a paragraph "Siehe auch: A, B, C" (or "См. также:", "See also:") names
  glossary entries;
- a quoted path "Schutzgottkarten » negativ-positiv-Wirkung" names a section;
- a quoted phrase equal to the heading of another section of the game;
- a quoted title after a cue such as "entspricht (zugleich der regulären)",
  "siehe", "vgl.", "see", "см." — a chapter reference, shown as a stub
  ("not published yet") while the site does not have that chapter;
- a clause number such as "106.3" of the same document.

This module only finds the places (:func:`scan`); what they point to is
decided by :mod:`rulebook.references.resolver`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass


class Kind(str, enum.Enum):
    """What a reference points to."""

    CLAUSE = "clause"
    SECTION = "section"
    DOCUMENT = "document"
    ENTRY = "entry"  # a section or glossary entry named in a "see also" list
    CHAPTER = "chapter"  # a quoted chapter title after a cue ("entspricht …")


@dataclass(frozen=True)
class Mention:
    """A place in a text that refers to something.

    ``start``/``end`` delimit the characters to replace by the link (for a
    quoted phrase, the phrase without its quotes); ``target`` is what the
    place names; ``label`` the text to show.  ``explicit`` is true for the
    ``[[…]]`` syntax, ``planned`` for ``[[?…]]``.  ``document`` is the
    "game/document" prefix of a qualified target, else empty.
    """

    start: int
    end: int
    target: str
    label: str
    kind: Kind | None  # None: decided by the resolver (a bare name or number)
    explicit: bool = False
    planned: bool = False
    document: str = ""


EXPLICIT = re.compile(r"\[\[([^\[\]\n]{0,300})\]\]")
UNCLOSED = re.compile(r"\[\[(?![^\[\]\n]{0,300}\]\])")
QUALIFIED = re.compile(r"^(?P<doc>[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*)(?::(?P<key>\S+))?$")
KEY_LIKE = re.compile(r"^[\w.¶§ -]*\d[\w.¶§ -]*$")
PATH_SEPARATOR = re.compile(r"\s*[»›]\s*")
SEE_ALSO = re.compile(r"^(?P<cue>Siehe auch|См\. также|См\. тж\.|See also)\s*:\s*(?P<list>.+)$",
                      re.IGNORECASE)
QUOTED = re.compile(r"[\"„“](?P<body>[^\"„“”\n]{2,160}?)[\"“”]")
CUE = re.compile(r"(?:\b(?:siehe|vgl\.|gemäß|entspricht|see|cf\.)|(?<!\w)см\.)"
                 r"(?:\s+[^\W\d]+){0,3}\s+$", re.IGNORECASE)
NUMBER = re.compile(r"(?<![\w.])(\d{1,4}(?:\.\d{1,4})+[a-z]?)(?![\w]|\.\d)")


def explicit_mentions(text: str) -> list[Mention]:
    """Return the ``[[…]]`` references of ``text``, in order.

    >>> [(m.target, m.label, m.planned) for m in explicit_mentions("see [[?Kosten]] and [[107.2|r]]")]
    [('Kosten', 'Kosten', True), ('107.2', 'r', False)]
    """
    found = []
    for match in EXPLICIT.finditer(text):
        inner = match.group(1)
        target, _bar, label = inner.partition("|")
        target, label = target.strip(), label.strip()
        planned = target.startswith("?")
        target = target.lstrip("?").strip()
        kind = None
        document = ""
        qualified = QUALIFIED.match(target)
        if qualified:
            document = qualified.group("doc")
            target = qualified.group("key") or ""
            kind = Kind.CLAUSE if target else Kind.DOCUMENT
        elif PATH_SEPARATOR.search(target):
            kind = Kind.SECTION
        found.append(Mention(match.start(), match.end(), target,
                             label or target or document, kind, True, planned, document))
    return found


def unclosed_brackets(text: str) -> list[int]:
    """Return the offsets of ``[[`` that have no matching ``]]``."""
    return [m.start() for m in UNCLOSED.finditer(text)]


def see_also_mentions(text: str) -> list[Mention]:
    """Return the entries named by a "Siehe auch: A, B (C)" paragraph.

    >>> [m.target for m in see_also_mentions("Siehe auch: Kosten, Wählen (Spielelement)")]
    ['Kosten', 'Wählen (Spielelement)']
    """
    match = SEE_ALSO.match(text.strip())
    if not match:
        return []
    offset = text.index(match.group("list"))
    found = []
    for item in re.finditer(r"[^,;]+(?:\([^)]*\))?", match.group("list")):
        name = item.group(0)
        stripped = name.strip().rstrip(".")
        if not stripped:
            continue
        start = offset + item.start() + (len(name) - len(name.lstrip()))
        found.append(Mention(start, start + len(stripped), stripped, stripped, Kind.ENTRY))
    return found


def quoted_mentions(text: str) -> list[Mention]:
    """Return quoted phrases: paths ("A » B") as sections, others as names."""
    found = []
    for match in QUOTED.finditer(text):
        body = match.group("body")
        if body != body.strip():
            continue
        if PATH_SEPARATOR.search(body):
            kind = Kind.SECTION
        elif CUE.search(text[max(0, match.start() - 60):match.start()]) and body[:1].isupper() \
                and " " in body:
            kind = Kind.CHAPTER
        else:
            kind = None
        found.append(Mention(match.start("body"), match.end("body"), body, body, kind))
    return found


def number_mentions(text: str) -> list[Mention]:
    """Return clause numbers such as "106.3" (not dates such as 07.11.2022)."""
    return [Mention(m.start(1), m.end(1), m.group(1), m.group(1), Kind.CLAUSE)
            for m in NUMBER.finditer(text)]


def scan(text: str) -> list[Mention]:
    """Return every mention in ``text`` (one paragraph's inline text), in
    order and without overlaps; explicit ones win over recognised ones."""
    chosen: list[Mention] = []
    taken: list[tuple[int, int]] = []
    for group in (explicit_mentions(text), see_also_mentions(text), quoted_mentions(text),
                  number_mentions(text)):
        for mention in group:
            if any(mention.start < end and start < mention.end for start, end in taken):
                continue
            chosen.append(mention)
            taken.append((mention.start, mention.end))
    return sorted(chosen, key=lambda m: m.start)

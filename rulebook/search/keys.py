"""The clause-key jump: a query that is a clause key or printed number.

"107.2", "ziel.p3.2", "Ziel ¶3.2" (or "Ziel 3.2") name a clause; "1.2.4"
is the chapter number of the Power-Duell document Schutzgottkarten and
names that document (its page lists the chapter's sections and clauses);
"107" is a section number and names that section.  Numbers as printed or
typed are read too: a trailing dot ("107.2.", "1.2.4."), a prefix ("п. 107.2",
"Regel 107.2", "§ 107.2", "rule 107.2"), spaces ("107. 2"), and "Ziel 3.2.".
Only queries with a digit are looked up, so a word search is never taken for
a key.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q

from rulebook.search import speed

_KEYISH = re.compile(r"^[\w.¶§ ›-]{1,80}$")


@dataclass(frozen=True)
class KeyMatch:
    """What a key-like query names: a clause, section or document, with the
    address of its page."""

    kind: str  # "clause" | "section" | "document"
    obj: object
    url: str


# Words readers put before a rule number, in every site language.
_PREFIX = re.compile(r"^(?:п\.|пп\.|пункт|правило|regel|rule|r\.|nr\.|§+|¶)\s*",
                     re.IGNORECASE)


def normalise_number(query: str) -> str:
    """A printed rule number as readers type it → the form keys use:
    prefixes ("п.", "Regel", "§", "rule") and trailing dots removed, spaces
    around dots closed.

    >>> [normalise_number(q) for q in ("107.2.", "п. 107.2", "§107.2", "Regel 107. 2",
    ...                                 "rule 107.2", "Ziel 3.2.", "1.2.4.")]
    ['107.2', '107.2', '107.2', '107.2', '107.2', 'Ziel 3.2', '1.2.4']
    """
    text = " ".join(query.split())
    text = _PREFIX.sub("", text)
    text = re.sub(r"(?<=\d)\s*\.\s*(?=\d)", ".", text)
    return text.rstrip(". ")


def _variants(query: str) -> set[str]:
    text = " ".join(query.split())
    variants = {text, text.lower(), text.casefold(), text[:1].upper() + text[1:].lower()}
    normalised = normalise_number(text)
    if normalised and normalised != text:
        variants |= _variants(normalised)
        text = normalised
    match = re.match(r"^(\w+)\s*¶?\s*(\d[\d.]*)$", text)
    if match and not match.group(1).isdigit():
        word = match.group(1)
        for w in (word, word.lower(), word[:1].upper() + word[1:].lower()):
            variants.add(f"{w} ¶{match.group(2)}")
    return variants


def find_keys(query: str, *, game=None, document=None,
              on: datetime.date | None = None) -> list[KeyMatch]:
    """Return the clauses, sections or documents whose key or printed number
    is ``query`` (within ``game``/``document`` if given), clauses first.

    Only what readers can see on ``on`` (today) is named: a clause with a
    version in force then, a section or document with such a clause (a
    section also through its subsections).

    Returns an empty list for a query without a digit.
    """
    from rulebook.models import Clause, Document, Section

    query = query.strip()
    if not any(c.isdigit() for c in query) or not _KEYISH.match(query):
        return []
    variants = _variants(query)
    scope = Q()
    if game is not None:
        scope &= Q(document__game=game)
    if document is not None:
        scope &= Q(document=document)
    if speed.enabled():
        visible = Q(speed.shown_clause(on))
        # a clause readers see, by the section it is in (or its parent's, its grandparent's)
        in_section = Clause.objects.filter(speed.shown_clause(on)).filter(
            Q(section_id=OuterRef("pk")) | Q(section__parent_id=OuterRef("pk"))
            | Q(section__parent__parent_id=OuterRef("pk")))
        of_document = Q(Exists(Clause.objects.filter(speed.shown_clause(on),
                                                     document_id=OuterRef("pk"))))
        of_section = Q(Exists(in_section))
    else:
        shown = Clause.objects.shown(on).values("pk")
        visible = Q(pk__in=shown)
        of_document = Q(pk__in=Clause.objects.filter(pk__in=shown).values("document_id"))
        shown_sections = Clause.objects.filter(pk__in=shown).values("section_id")
        of_section = (Q(pk__in=shown_sections) | Q(children__in=shown_sections)
                      | Q(children__children__in=shown_sections))
    clauses = Clause.objects.filter(scope, visible).filter(
        Q(key__in=variants) | Q(label__in=variants)).select_related(
        "document__game", "section").order_by("document__position", "position")[:20]
    found = [KeyMatch("clause", c, c.get_absolute_url()) for c in clauses]
    if found:
        return found
    doc_scope = Q()
    if game is not None:
        doc_scope &= Q(game=game)
    if document is not None:
        doc_scope &= Q(pk=document.pk)
    documents = Document.objects.filter(doc_scope, of_document,
                                        number__in=variants).select_related("game")
    found = [KeyMatch("document", d, d.get_absolute_url()) for d in documents]
    sections = Section.objects.filter(scope, of_section, number__in=variants).distinct(
        ).select_related("document__game")
    found += [KeyMatch("section", s, s.get_absolute_url()) for s in sections]
    return found

""""Siehe auch: A, B" at the end of a glossary entry: a list of related
entries, not a rule paragraph.

The source prints the related entries of a Referenzhandbuch entry as a last
paragraph ("Siehe auch: Fähigkeit, Kosten, …").  It stays a clause in the
data (its address is published), but pages show it as a list of links to
those entries — stubs while an entry is not on the site — labelled in the
reader's language when the translation names as many entries as the original.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SEE_ALSO = re.compile(r"^\s*(?:Siehe auch|См\. также|See also)\s*:\s*(?P<items>.+?)\s*\.?\s*$",
                      re.DOTALL)


def see_also_items(text: str) -> list[str]:
    """The entries named by a "see also" text, else ``[]``.

    >>> see_also_items("Siehe auch: Fähigkeit, Wählen (Spielelement)")
    ['Fähigkeit', 'Wählen (Spielelement)']
    >>> see_also_items("Ein Ziel ist gültig.")
    []
    """
    match = SEE_ALSO.match(text or "")
    if not match:
        return []
    return [item.strip() for item in match.group("items").split(",") if item.strip()]


def see_also_pairs(original: str, shown: str) -> list[tuple[str, str]]:
    """``(entry, label)`` for each entry ``original`` names, labelled with the
    names of ``shown`` (its translation) when they match one to one; ``[]``
    when ``original`` is not a "see also" text.

    >>> see_also_pairs("Siehe auch: Kosten, Fähigkeit", "See also: Cost, Ability")
    [('Kosten', 'Cost'), ('Fähigkeit', 'Ability')]
    """
    targets = see_also_items(original)
    labels = see_also_items(shown)
    if len(labels) != len(targets):
        labels = targets
    return list(zip(targets, labels))


@dataclass(frozen=True)
class RelatedEntry:
    """One related entry: its label and, once it is on the site, its address."""

    label: str
    url: str


def related_entries(clause, pairs: list[tuple[str, str]]) -> list[RelatedEntry]:
    """Resolve the entries of ``pairs`` in ``clause``'s document (stubs have no url)."""
    from rulebook.references.resolver import Resolver
    from rulebook.references.syntax import Kind, Mention

    resolver = Resolver(clause.document, clause)
    entries = []
    for target, label in pairs:
        resolution = resolver.resolve(Mention(0, len(target), target, target, Kind.ENTRY))
        url = resolution.url if resolution is not None and resolution.resolved else ""
        entries.append(RelatedEntry(label, url))
    return entries

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


def see_also_markdown(original: str, shown: str) -> str:
    """A Markdown list of references to the entries ``original`` names,
    labelled with the names of ``shown`` (its translation) when they match
    one to one; ``""`` when ``original`` is not a "see also" text.

    >>> see_also_markdown("Siehe auch: Kosten, Fähigkeit", "See also: Cost, Ability")
    '- [[?Kosten|Cost]]\\n- [[?Fähigkeit|Ability]]'
    """
    targets = see_also_items(original)
    if not targets:
        return ""
    labels = see_also_items(shown)
    if len(labels) != len(targets):
        labels = targets
    return "\n".join(f"- [[?{target}|{label}]]" for target, label in zip(targets, labels))

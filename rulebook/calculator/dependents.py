"""What of the calculator rests on a clause: the engine's rules, open points and worked
examples citing it (from the rule inventory, :mod:`engine.inventory`'s declarations).

A correction's publish summary and review list (:mod:`rulebook.versioning.review`)
ask this through :func:`resting_on`, registered at start-up; the answer is plain
data so that the versioning room does not import the calculator.
"""

from __future__ import annotations

import engine
from engine.core import citations

#: The kinds named, as :class:`rulebook.models.ReviewItem` spells them.
RULE = "rule"
EXAMPLE = "example"


def resting_on(game: str, document: str, key: str) -> list[tuple[str, str, str]]:
    """The rules, open points and worked examples of ``game`` citing clause ``key`` of
    ``document`` (slugs), each as ``(kind, label, subject)``: ``kind`` :data:`RULE` or
    :data:`EXAMPLE`, ``label`` what an editor reads (English, the engine's language),
    ``subject`` its stable name (``rule:<name>``, ``open-point:<key>``,
    ``example:<scenario>/<slug>``)."""
    def cites(clauses) -> bool:
        return any(c.document.game == game and c.document.document == document and c.key == key
                   for c in citations(*clauses))

    found: list[tuple[str, str, str]] = []
    for ruleset in engine.rulesets():
        if ruleset.game != game:
            continue
        for item in ruleset.rules:
            if cites(item.clauses):
                summary = item.doc.splitlines()[0] if item.doc else ""
                found.append((RULE, f"rule {item.name}: {summary}".rstrip(": "),
                              f"rule:{item.name}"))
        for point in ruleset.open_points():
            if cites(point.leaves_open) or any(cites(r.clauses) for r in point.readings):
                found.append((RULE, f"open point {point.slug}: {point.question.render()}",
                              f"open-point:{point.slug}"))
        for scenario in ruleset.scenarios:
            for example in scenario.examples:
                source = example.source
                if source.document.document == document and source.key == key:
                    found.append((EXAMPLE, f"worked example {example.slug}: "
                                           f"{example.title.render()}",
                                  f"example:{scenario.slug}/{example.slug}"))
    return found

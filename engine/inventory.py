"""The rule inventory: every rule with its clause keys, every open point with
its readings, every fact declared outside the published texts with its reason.

Generated from the declarations of each game's ruleset (:class:`engine.core.Ruleset`
``rules``, ``uncovered`` and ``terms``), never written by hand.  Run
``python -m engine.inventory`` to print it as Markdown (message ids in English,
the engine's own language).
"""

from __future__ import annotations

import re
from typing import Iterable

from engine.core import ClauseLike, Message, Ruleset, Uncovered, citations, msg


def _keys(clauses: Iterable[ClauseLike]) -> str:
    return ", ".join(f"`{c.key}`" for c in citations(*clauses)) or "—"


def _text(message: Message) -> str:
    """The message as text; a placeholder the table fills (``%(number)s``) shown as ``‹number›``.

    >>> _text(msg("effect %(number)s says %(what)s", what="x"))
    'effect ‹number› says x'
    """
    missing = {name: f"‹{name}›" for name in re.findall(r"%\((\w+)\)s", message.id)
               if name not in message.param_dict()}
    return msg(message.id, **message.param_dict(), **missing).render()


def _facts(title: str, facts: tuple[Uncovered, ...]) -> list[str]:
    if not facts:
        return []
    lines = [f"#### {title}", ""]
    lines += [f"- `{fact.slug}`: {_text(fact.what)} — {fact.reason.label.render()}"
              + (f" ({_keys(fact.clauses)})" if fact.clauses else "") for fact in facts]
    return lines + [""]


def ruleset_inventory(ruleset: Ruleset) -> str:
    """Return the inventory of one ruleset as Markdown: rules, open points, uncovered facts, terms.

    A rule's line gives its name, clause keys, the facts it reads and the
    first line of its docstring.
    """
    lines = [f"### {ruleset.title.render()} (`{ruleset.game}`)", "", "#### Rules", ""]
    for item in ruleset.rules:
        summary = item.doc.splitlines()[0] if item.doc else ""
        reads = ", ".join(f"`{fact}`" for fact in item.reads) or "—"
        lines.append(f"- **{item.name}** — {_keys(item.clauses)}; reads {reads}. {summary}")
    lines.append("")
    points = ruleset.open_points()
    if points:
        lines += ["#### Open points", ""]
        for point in points:
            lines.append(f"- `{point.slug}`: {_text(point.question)} "
                         f"(left open by {_keys(point.leaves_open)})")
            lines += [f"  - {'first: ' if index == 0 else ''}`{reading.slug}` — "
                      f"{_text(reading.label)} ({_keys(reading.clauses)})"
                      for index, reading in enumerate(point.readings)]
        lines.append("")
    lines += _facts("Outside the published texts", ruleset.uncovered)
    lines += _facts("Terms a clause names but does not define", ruleset.terms)
    return "\n".join(lines)


def inventory(rulesets: Iterable[Ruleset]) -> str:
    """Return the inventory of every ruleset, one section each, as Markdown."""
    return "\n".join(["## Rule inventory", ""] + [ruleset_inventory(r) for r in rulesets])


if __name__ == "__main__":  # pragma: no cover - a command, not a library path
    import engine

    print(inventory(engine.rulesets()))

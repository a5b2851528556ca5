"""Word-level differences between two clause texts.

The algorithm, in full:

1. Each text is split into *tokens*: words (runs of letters and digits),
   single punctuation marks, and runs of whitespace — so "halbiert." against
   "halbiert," changes only the mark.  Whitespace is kept so that
   the rows, joined, give back both texts exactly; a change of whitespace
   alone (a re-wrapped line) is not reported as a change of wording.
2. :class:`difflib.SequenceMatcher` (without its "junk" heuristic, which
   would ignore frequent words such as "die") finds the longest common runs
   of words; everything between two runs is an ``insert``, a ``delete`` or
   a ``replace`` (some words changed into others).
3. A replace is reported as a deletion followed by an insertion, so a
   reader (and a screen reader, and a black-and-white print) gets the old
   and the new words in that order.

The result is a tuple of :class:`DiffRow` — typed rows, not tuples or
dicts — and :func:`render_diff` turns it into HTML with ``<del>``/``<ins>``
plus textual markers ``[-…-]`` and ``[+…+]`` that stay readable without
colour.

>>> [(str(row.kind), row.text) for row in word_diff("a red card", "a blue card")]
[('equal', 'a '), ('delete', 'red'), ('insert', 'blue'), ('equal', ' card')]
"""

from __future__ import annotations

import difflib
import enum
import re
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulebook.references.rendering import icon_placeholder
from rulebook.references.syntax import EXPLICIT, explicit_mentions
from rulebook.search.text import ICON

# An icon token of the source (``{icon:crisis}``) and an editor's reference (``[[107.3]]``)
# are one word each: changed whole and shown as the reading pages show them (the icon, the
# reference's text), never as raw markup.
_TOKEN = re.compile(rf"{ICON.pattern}|{EXPLICIT.pattern}|\w+|\s+|[^\w\s]")


class DiffKind(enum.StrEnum):
    """What happened to a run of text between the old and the new version."""

    EQUAL = "equal"
    DELETE = "delete"
    INSERT = "insert"


@dataclass(frozen=True)
class DiffRow:
    """A run of text that is unchanged, deleted from the old or inserted in the new."""

    kind: DiffKind
    text: str


def _tokens(text: str) -> list[str]:
    return [found.group(0) for found in _TOKEN.finditer(text or "")]


def _key(token: str) -> str:
    # All whitespace compares equal: re-wrapping is not a change of wording.
    return " " if token.isspace() else token


def word_diff(old: str, new: str) -> tuple[DiffRow, ...]:
    """Return the word-level difference from ``old`` to ``new`` as rows.

    Joining the ``equal`` and ``delete`` rows gives ``old`` back (up to
    whitespace); joining ``equal`` and ``insert`` rows gives ``new``.
    Adjacent rows of the same kind are merged.
    """
    old_tokens, new_tokens = _tokens(old), _tokens(new)
    matcher = difflib.SequenceMatcher(None, [_key(t) for t in old_tokens],
                                      [_key(t) for t in new_tokens], autojunk=False)
    rows: list[DiffRow] = []

    def add(kind: DiffKind, tokens: list[str]) -> None:
        text = "".join(tokens)
        if not text:
            return
        if rows and rows[-1].kind is kind:
            rows[-1] = DiffRow(kind, rows[-1].text + text)
        else:
            rows.append(DiffRow(kind, text))

    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            add(DiffKind.EQUAL, new_tokens[j1:j2])
        else:  # delete, insert or replace (= delete then insert)
            add(DiffKind.DELETE, old_tokens[i1:i2])
            add(DiffKind.INSERT, new_tokens[j1:j2])
    return tuple(rows)


def has_changes(rows: tuple[DiffRow, ...]) -> bool:
    """Whether any row is an insertion or a deletion."""
    return any(row.kind is not DiffKind.EQUAL for row in rows)


def render_diff(rows: tuple[DiffRow, ...]) -> SafeString:
    """Render rows as HTML: ``<del>`` and ``<ins>`` with ``[-…-]``/``[+…+]`` markers.

    The markers are in ``<span class="diff-marker">`` (hidden on screen
    where strike-through and underline show the change, read by screen
    readers and printed).

    >>> str(render_diff(word_diff("x", "y")))
    '<del><span class="diff-marker">[-</span>x<span class="diff-marker">-]</span></del><ins><span class="diff-marker">[+</span>y<span class="diff-marker">+]</span></ins>'
    """
    parts = []
    for row in rows:
        text = _readable(row.text)
        if row.kind is DiffKind.DELETE:
            parts.append(f'<del><span class="diff-marker">[-</span>{text}'
                         f'<span class="diff-marker">-]</span></del>')
        elif row.kind is DiffKind.INSERT:
            parts.append(f'<ins><span class="diff-marker">[+</span>{text}'
                         f'<span class="diff-marker">+]</span></ins>')
        else:
            parts.append(text)
    return mark_safe("".join(parts))


def _readable(text: str) -> str:
    """``text`` as HTML the way a reader sees it: each icon as the reading pages show it,
    each ``[[…]]`` reference as its text (the editor's label, else what it names).

    >>> _readable("See [[107.3]] and [[?Kosten|costs]] & more.")
    'See 107.3 and costs &amp; more.'
    """
    parts, position = [], 0
    for mention in explicit_mentions(text):
        parts += [_with_icons(text[position:mention.start]), str(escape(mention.label))]
        position = mention.end
    return "".join(parts) + _with_icons(text[position:])


def _with_icons(text: str) -> str:
    return ICON.sub(lambda m: icon_placeholder(m.group(1)), escape(text))

"""Remove scraping junk from a raw source page before it is parsed.

A scraped page carries more than the rule text: navigation, share buttons,
pagination, lists of unrelated popular pages, chapter-navigation tables, and
blocks of paragraphs that the scraper emitted twice.  :func:`clean_lines`
removes all of it and returns the remaining lines (indentation kept, since
bullet depth is meaningful in some sources).

Repeated blocks are detected line by line: a run of consecutive lines equal
(after whitespace normalisation) to an earlier run is a repeat, and one
copy is dropped, if the run is substantial (60 characters or more) or
directly follows its copy; short lines that merely recur are kept.  Normally the later copy goes; the earlier one goes instead
when it sits between a line that introduces a list (ends with ``:``) and
that list, because a list belongs right after its introduction.
"""

from __future__ import annotations

import re

# A line that is page chrome, never rule text.
_JUNK_LINE = re.compile(
    r"""^(
        \|.*                               # chapter-navigation table rows
      | [-•·]                              # an empty list item
      | .*(⇐|⇒).*                          # pagination arrows
      | .*Предыдущая.*Следующая.*          # pagination
      | Поделиться:?                       # share buttons
      | (Teilen|Share):?
      | .*Wähle\ ein\ Kapitel.*            # chapter navigation
    )$""",
    re.VERBOSE,
)

# Everything from such a line to the end of the page is an unrelated list.
_TRAILING_JUNK = re.compile(r"^(Популярное|Читайте также|Beliebt):?$")

# Shorter repeated runs are kept unless they directly follow their copy.
_MIN_REPEAT_CHARS = 60

_LIST_ITEM = re.compile(r"^\s*([-•·]\s+)")


def normalise(line: str) -> str:
    """Return ``line`` with runs of whitespace collapsed and ends stripped.

    >>> normalise("  a   b ")
    'a b'
    """
    return " ".join(line.split())


def is_list_item(line: str) -> bool:
    """Tell whether ``line`` is a list item ("- x", "· x", "• x")."""
    return bool(_LIST_ITEM.match(line))


def clean_lines(text: str) -> list[str]:
    """Return the lines of ``text`` without scraping junk.

    Blank lines are kept (some sources separate paragraphs with them);
    trailing whitespace is removed; repeated blocks are stored once.
    """
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    for index, line in enumerate(lines):
        if _TRAILING_JUNK.match(normalise(line)):
            lines = lines[:index]
            break
    lines = [line for line in lines if not _JUNK_LINE.match(normalise(line))]
    return drop_repeated_blocks(lines)


def drop_repeated_blocks(lines: list[str]) -> list[str]:
    """Return ``lines`` with every repeated block of lines kept once.

    >>> drop_repeated_blocks(["a", "b", "a", "b", "c"])
    ['a', 'b', 'c']
    >>> drop_repeated_blocks(["Beispiel:", "x", "Beispiel:", "y"])
    ['Beispiel:', 'x', 'Beispiel:', 'y']
    >>> p = "A paragraph long enough to count as a repeated block of the page."
    >>> drop_repeated_blocks(["Intro:", p, "- x", p, "end"]) == ["Intro:", "- x", p, "end"]
    True
    """
    keys = [normalise(line) for line in lines]
    keep = [True] * len(lines)
    first_seen: dict[str, int] = {}
    j = 0
    while j < len(lines):
        key = keys[j]
        if not key or key not in first_seen:
            if key:
                first_seen[key] = j
            j += 1
            continue
        i = first_seen[key]
        length = 1
        while (j + length < len(lines) and i + length < j
               and keys[j + length] and keys[i + length] == keys[j + length]):
            length += 1
        if not _is_repeat(keys, i, j, length):
            j += length
            continue
        if _interrupts_list(lines, keep, i, length):
            for offset in range(length):
                keep[i + offset] = False
                first_seen[keys[j + offset]] = j + offset
        else:
            for offset in range(length):
                keep[j + offset] = False
        j += length
    return [line for line, kept in zip(lines, keep) if kept]


def _is_repeat(keys: list[str], first: int, second: int, length: int) -> bool:
    """A run counts as a scraping repeat if it is substantial or a stutter.

    Short lines such as "Beispiel (siehe Abbildung):" legitimately recur in
    a text; they are only a repeat when they directly follow their copy.
    """
    substantial = sum(len(keys[second + k]) for k in range(length)) >= _MIN_REPEAT_CHARS
    return substantial or first + length == second


def _interrupts_list(lines: list[str], keep: list[bool], start: int, length: int) -> bool:
    """Tell whether lines[start:start+length] separate a list from its intro."""
    before = next((lines[k] for k in range(start - 1, -1, -1) if keep[k] and lines[k].strip()), "")
    after = next((lines[k] for k in range(start + length, len(lines)) if lines[k].strip()), "")
    return before.rstrip().endswith(":") and is_list_item(after)

"""Remove scraping junk from a raw source page before it is parsed.

A scraped page carries more than the rule text: navigation, share buttons,
pagination, lists of unrelated popular pages, chapter-navigation tables, and
blocks of paragraphs that the scraper emitted twice.  :func:`clean_lines`
removes all of it and returns the remaining lines (indentation kept, since
bullet depth is meaningful in some sources); :func:`clean_page` also says
which blocks it removed and why (the admin's import preview shows them).

Repeated blocks are detected line by line: a run of consecutive lines equal
(after whitespace normalisation) to an earlier run is a repeat, and one
copy is dropped, if the run is substantial (60 characters or more) or
directly follows its copy; short lines that merely recur are kept.  Normally the later copy goes; the earlier one goes instead
when it sits between a line that introduces a list (ends with ``:``) and
that list, because a list belongs right after its introduction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# A share button: "Teilen:", or naming a network ("Teilen auf Facebook",
# "Share on X", "Поделиться в ВКонтакте", "Auf WhatsApp teilen"); a line
# that merely starts with such a word and goes on is rule text.
_NETWORK = (r"(?:Facebook|Twitter|X|WhatsApp|Telegram|Threads|Bluesky|Mastodon|Reddit|Pinterest"
            r"|LinkedIn|Tumblr|VK|VKontakte|ВКонтакте|ВК|Одноклассниках|OK|E-?Mail|Email)")
_SHARE = (r"(?:Поделиться|Teilen|Share)(?:\ (?:auf|via|per|on|with|в|через)\ " + _NETWORK
          + r")?:?|(?:Auf|Per|Via)\ " + _NETWORK + r"\ teilen")

# A line that is page chrome, never rule text: one pattern per reason (the
# reason is shown in the admin's import preview).
_JUNK_PATTERNS = (
    ("navigation table", r"\|.*"),                   # chapter-navigation table rows
    ("empty list item", r"[-•·]"),
    ("pagination", r".*(⇐|⇒).*|.*Предыдущая.*Следующая.*"),
    ("share button", _SHARE),
    ("chapter navigation", r".*Wähle\ ein\ Kapitel.*"),
)
_JUNK_LINE = re.compile("^(?:" + "|".join(f"(?P<r{n}>{pattern})" for n, (_reason, pattern)
                                         in enumerate(_JUNK_PATTERNS)) + ")$")

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


@dataclass(frozen=True)
class RemovedBlock:
    """Lines :func:`clean_page` removed: where (1-based line numbers of the
    page), what (the lines, joined by newlines) and why: one of
    "navigation table", "empty list item", "pagination", "share button",
    "chapter navigation", "unrelated list" (everything from "Популярное",
    "Beliebt" … to the end of the page) or "repeated block" (the other copy
    is kept)."""

    first_line: int
    last_line: int
    text: str
    reason: str


@dataclass(frozen=True)
class CleanedPage:
    """A page without its junk: the remaining ``lines`` and the ``removed`` blocks,
    in page order."""

    lines: list[str]
    removed: list[RemovedBlock]


def clean_lines(text: str) -> list[str]:
    """Return the lines of ``text`` without scraping junk.

    Blank lines are kept (some sources separate paragraphs with them);
    trailing whitespace is removed; repeated blocks are stored once.
    """
    return clean_page(text).lines


def clean_page(text: str) -> CleanedPage:
    """Clean ``text`` as :func:`clean_lines` does, saying what was removed and why.

    >>> page = clean_page("Regel.\\nTeilen:\\nBeliebt:\\n- x")
    >>> page.lines
    ['Regel.']
    >>> [(b.first_line, b.reason) for b in page.removed]
    [(2, 'share button'), (3, 'unrelated list')]
    """
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").split("\n")]
    numbers = list(range(1, len(lines) + 1))
    removed: list[RemovedBlock] = []
    for index, line in enumerate(lines):
        if _TRAILING_JUNK.match(normalise(line)):
            removed.append(RemovedBlock(index + 1, len(lines), "\n".join(lines[index:]),
                                        "unrelated list"))
            lines, numbers = lines[:index], numbers[:index]
            break
    kept_lines, kept_numbers = [], []
    for number, line in zip(numbers, lines):
        match = _JUNK_LINE.match(normalise(line))
        if match:
            reason = _JUNK_PATTERNS[int(match.lastgroup[1:])][0]
            removed.append(RemovedBlock(number, number, line, reason))
        else:
            kept_lines.append(line)
            kept_numbers.append(number)
    keep = _kept_after_repeats(kept_lines)
    block: list[int] = []
    for index, kept in enumerate(keep + [True]):
        if not kept:
            block.append(index)
            continue
        if block:
            removed.append(RemovedBlock(kept_numbers[block[0]], kept_numbers[block[-1]],
                                        "\n".join(kept_lines[k] for k in block),
                                        "repeated block"))
            block = []
    removed.sort(key=lambda item: item.first_line)
    return CleanedPage([line for line, kept in zip(kept_lines, keep) if kept], removed)


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
    return [line for line, kept in zip(lines, _kept_after_repeats(lines)) if kept]


def _kept_after_repeats(lines: list[str]) -> list[bool]:
    """For each of ``lines``, whether :func:`drop_repeated_blocks` keeps it."""
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
    return keep


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

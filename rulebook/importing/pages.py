"""A page as an admin hands it in (bytes of a file, or pasted text or HTML) → text.

The importer reads plain text, one paragraph or list item a line, as the
scraped pages of ``rulebook/sources/`` are.  :func:`page_text` decodes a
file (UTF-8 only: a page in another encoding would be imported garbled) and
turns HTML into such text with :func:`html_to_text`: block elements
(paragraphs, headings, list items, table rows, ``<br>``) end a line, a list
item is "• " indented two spaces per level of nesting, and what a reader
never sees (scripts, styles, the head) is dropped.  Everything else —
navigation, share buttons, repeated blocks — is junk the cleaner
(:mod:`rulebook.importing.cleaning`) removes, as for any page.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

__all__ = ["MAX_PAGE_BYTES", "PageError", "html_to_text", "looks_like_html", "page_text"]

# A source page is a chapter, not a book: the largest of the project's is
# 9 kB, the Berserk comprehensive rules in full about 600 kB.  The limit
# also keeps the preview's round trip (the text travels back in the form)
# below Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB).
MAX_PAGE_BYTES = 2_000_000

_BLOCKS = {"address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figcaption",
           "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr",
           "li", "main", "nav", "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul"}
_INVISIBLE = {"head", "script", "style", "template", "noscript", "svg"}
_LISTS = {"ul", "ol"}
_HTML_HINT = re.compile(r"<(!doctype|html|body|p|div|br|h[1-6]|ul|ol|li|table|span)\b",
                        re.IGNORECASE)


class PageError(ValueError):
    """The handed-in page cannot be read: too big, not UTF-8, or empty.

    ``code`` says which: ``"too_big"``, ``"encoding"`` or ``"empty"``.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def looks_like_html(text: str) -> bool:
    """Whether ``text`` is HTML rather than plain text (it has HTML tags).

    >>> looks_like_html("<p>Ziel</p>"), looks_like_html("1 < 2, 3 > 2")
    (True, False)
    """
    return bool(_HTML_HINT.search(text))


class _TextCollector(HTMLParser):
    """Collects the visible text of an HTML page, one block a line."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.hidden = 0
        self.lists = 0
        self.prefix = ""

    def _break(self) -> None:
        text = " ".join("".join(self.current).split())
        if text:
            self.lines.append(self.prefix + text)
        self.current, self.prefix = [], ""

    def handle_starttag(self, tag, attrs):
        if tag in _INVISIBLE:
            self.hidden += 1
        elif tag == "br":
            self._break()
        elif tag in _BLOCKS:
            self._break()
            if tag in _LISTS:
                self.lists += 1
            elif tag == "li":
                self.prefix = "  " * max(self.lists - 1, 0) + "• "

    def handle_endtag(self, tag):
        if tag in _INVISIBLE:
            self.hidden = max(self.hidden - 1, 0)
        elif tag in _BLOCKS:
            self._break()
            if tag in _LISTS:
                self.lists = max(self.lists - 1, 0)

    def handle_data(self, data):
        if not self.hidden:
            self.current.append(data)


def html_to_text(html: str) -> str:
    """The visible text of ``html``, one block (paragraph, heading, list item) a line.

    >>> page = "<h1>Ziel</h1><p>Ein  Text.</p><ul><li>a<ul><li>b</li></ul></li></ul>"
    >>> print(html_to_text(page), end="")
    Ziel
    Ein Text.
    • a
      • b
    """
    collector = _TextCollector()
    collector.feed(html)
    collector.close()
    collector._break()
    return "\n".join(collector.lines) + "\n"


def page_text(data: bytes | str, *, html: bool | None = None) -> str:
    """The text of a handed-in page: ``data`` decoded (bytes: UTF-8, a byte-order
    mark dropped), its lines ended by ``\\n`` and, if it is HTML (``html``;
    ``None``: recognised by its tags), turned into text.

    :raises PageError: if the page is larger than :data:`MAX_PAGE_BYTES`
        (``too_big``), not UTF-8 (``encoding``) or has no text (``empty``).
    """
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8"))
    if size > MAX_PAGE_BYTES:
        raise PageError("too_big", f"{size} bytes; at most {MAX_PAGE_BYTES}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise PageError("encoding", str(error)) from error
    # One kind of line end: a browser sends a text area's lines ended by CRLF.
    data = data.replace("\r\n", "\n").replace("\r", "\n")
    if html or (html is None and looks_like_html(data)):
        data = html_to_text(data)
    if not data.strip():
        raise PageError("empty", "the page has no text")
    return data

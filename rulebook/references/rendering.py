"""Clause text → safe HTML: Markdown by markdown-it-py, sanitised by nh3.

Editors write Markdown (see ``ClauseVersion.text``); raw HTML in it is not
interpreted, and the rendered HTML passes nh3's allow-list anyway, so no
markup from an editor reaches a page unsanitised.  References (``[[107.2]]``,
"Siehe auch: …"; see :mod:`rulebook.references.syntax`) become links or
"not published yet" stubs when a resolver is given.
"""

from __future__ import annotations

import html
import re

import nh3
from django.utils.safestring import SafeString, mark_safe
from django.urls import get_script_prefix
from django.utils.translation import get_language, gettext as _
from markdown_it import MarkdownIt

from rulebook.references.glossary import glossary_plugin
from rulebook.references.markdown import references_plugin
from rulebook.search.text import ICON, icon_label

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_MARKDOWN.use(references_plugin)
_MARKDOWN.use(glossary_plugin)

ALLOWED_TAGS = {"p", "ul", "ol", "li", "blockquote", "em", "strong", "code", "br", "a", "span",
                "abbr", "dfn"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title", "class", "hreflang"},
                      "span": {"class", "title", "data-icon", "role", "aria-label", "lang"},
                      "abbr": {"title", "class", "tabindex", "data-term"},
                      "dfn": {"title", "class", "id", "tabindex", "data-term"}}

# Figures referred to by the source but not available to the site.
_FIGURE = re.compile(r"\((siehe Abbildung|см\. рисунок|see figure)\)")


def icon_placeholder(name: str | None) -> str:
    """HTML of the placeholder for an icon (safe; an image may replace it later),
    saying :func:`~rulebook.search.text.icon_label` (as the search excerpts do).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     icon_placeholder("crisis")
    '<span class="icon-placeholder" data-icon="crisis" role="img" aria-label="icon: crisis symbol">[icon: crisis symbol]</span>'
    """
    label = html.escape(icon_label(name))
    return (f'<span class="icon-placeholder" data-icon="{html.escape(name or "")}" role="img" '
            f'aria-label="{label}">[{label}]</span>')


def render_markdown(text: str, resolver=None, env: dict | None = None,
                    glossary=None) -> SafeString:
    """Render clause Markdown to sanitised HTML.

    ``resolver`` (a :class:`rulebook.references.resolver.Resolver`) turns
    references into links; without one, ``[[target|label]]`` shows its
    label as plain text.  ``env`` (optional) receives the resolutions under
    ``"references"``.  ``glossary`` (a
    :class:`rulebook.references.glossary.Marking`) marks up the game's terms.
    Icon tokens (``{icon}``, ``{icon:crisis}``) become placeholders.

    A reference to a figure ("(siehe Abbildung)") is kept and followed by a
    note, in the reader's language, that the figure is not available.

    >>> str(render_markdown("a <script>x</script>"))
    '<p>a &lt;script&gt;x&lt;/script&gt;</p>'
    >>> str(render_markdown("see [[107.2|rule 107.2]]"))
    '<p>see rule 107.2</p>'
    """
    env = {} if env is None else env
    env["resolver"] = resolver
    env["glossary"] = glossary
    rendered = _MARKDOWN.render(text, env)
    note = html.escape(_("The figure is not available in the source."))
    rendered = _FIGURE.sub(
        lambda m: f'{m.group(0)}<span class="figure-missing" title="{note}">[{note}]</span>',
        rendered)
    rendered = ICON.sub(lambda m: icon_placeholder(m.group(1)), rendered)
    cleaned = nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES,
                        link_rel="noopener noreferrer", url_schemes={"http", "https", "mailto"})
    return mark_safe(cleaned.strip())


#: At most this many rendered clause texts are kept per game index.
RENDERED_LIMIT = 30_000
# Where a page's document keeps the game's glossary index for one request.
_GLOSSARY_ATTRIBUTE = "_glossary_index"


def render_clause_text(text: str, clause=None, language: str = "") -> SafeString:
    """Render a clause's Markdown as a reading page shows it: references
    resolved from ``clause`` (its ``document`` loaded) and the game's
    glossary terms in ``language`` (the text's language; default the
    document's) marked up.  Without a clause (or its document), as
    :func:`render_markdown` without a resolver.

    The HTML depends only on the text, the citing clause (id, section,
    document), the text's and the reader's language, the address prefix and
    the game's reference and glossary indexes; it is kept per process with
    the reference index (:attr:`rulebook.references.resolver.GameIndex.rendered`)
    and reused while both indexes are the same, so a page shows each
    published text rendered once per worker until the rulebook or the
    glossary changes.  The reading date plays no part (a dated page adds
    its date to the links afterwards).
    """
    document = getattr(clause, "document", None) if clause is not None else None
    if document is None:
        return render_markdown(text or "")
    from rulebook.references.glossary import Marking, glossary_index
    from rulebook.references.resolver import Resolver

    resolver = Resolver(document, clause)
    glossary = document.__dict__.get(_GLOSSARY_ATTRIBUTE)
    if glossary is None:
        glossary = glossary_index(document.game_id)
        if hasattr(document, "rulebook_revision"):  # one request's document (see Resolver)
            document.__dict__[_GLOSSARY_ATTRIBUTE] = glossary
    language = language or document.language
    marking = Marking(glossary, language, clause.pk, original=document.language)
    if clause.pk is None or document.pk is None:
        return render_markdown(text or "", resolver, glossary=marking)
    key = (text or "", clause.pk, clause.section_id, document.pk, language, get_language(),
           get_script_prefix())
    rendered = resolver.index.rendered
    kept = rendered.get(key)
    if kept is not None and kept[0] is glossary:
        return kept[1]
    html = render_markdown(text or "", resolver, glossary=marking)
    if len(rendered) >= RENDERED_LIMIT:
        rendered.clear()
    rendered[key] = (glossary, html)
    return html

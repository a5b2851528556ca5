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
from django.utils.translation import gettext as _, gettext_lazy
from markdown_it import MarkdownIt

from rulebook.references.glossary import glossary_plugin
from rulebook.references.markdown import references_plugin

_MARKDOWN = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
_MARKDOWN.use(references_plugin)
_MARKDOWN.use(glossary_plugin)

ALLOWED_TAGS = {"p", "ul", "ol", "li", "blockquote", "em", "strong", "code", "br", "a", "span",
                "abbr", "dfn"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title", "class", "hreflang"},
                      "span": {"class", "title", "data-icon", "role", "aria-label", "lang"},
                      "abbr": {"title", "class", "tabindex"},
                      "dfn": {"title", "class", "id", "tabindex"}}

# Figures referred to by the source but not available to the site.
_FIGURE = re.compile(r"\((siehe Abbildung|см\. рисунок|see figure)\)")


#: An icon of the source that the text cannot show: ``{icon}`` (the source
#: does not say which) or ``{icon:<name>}`` (a named one, e.g. ``{icon:crisis}``).
ICON = re.compile(r"\{icon(?::([a-z][a-z0-9-]*))?\}")
#: Names of the icons, in the reader's language.
ICON_NAMES = {"crisis": gettext_lazy("crisis symbol")}


def icon_placeholder(name: str | None) -> str:
    """HTML of the placeholder for an icon (safe; an image may replace it later).

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     icon_placeholder("crisis")
    '<span class="icon-placeholder" data-icon="crisis" role="img" aria-label="icon: crisis symbol">[icon: crisis symbol]</span>'
    """
    if name:
        label = _("icon: %(name)s") % {"name": ICON_NAMES.get(name, name)}
    else:
        label = _("icon not reproduced in the source")
    label = html.escape(label)
    return (f'<span class="icon-placeholder" data-icon="{html.escape(name or "")}" role="img" '
            f'aria-label="{label}">[{label}]</span>')


def strip_icons(text: str) -> str:
    """Return ``text`` without icon tokens (for plain-text uses such as search).

    >>> strip_icons('"{icon}: Простой удар" ({icon:crisis})')
    '": Простой удар" ()'
    """
    return ICON.sub("", text)


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

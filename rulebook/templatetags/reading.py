"""Template filters of the reading pages: which text a page shows, short
clause labels, and links that keep the date of a dated view (see
:mod:`rulebook.reading.pagefacts`)."""

from html import escape

from django import template
from django.template.loader_tags import BlockNode
from django.urls import get_script_prefix
from django.utils import timezone
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from rulebook.models.rules import page_address
from rulebook.reading import pagefacts
from rulebook.reading.clauselist import (render_clause_article, render_clause_articles,
                                         render_page_outline, render_toc_entries)
from rulebook.reading.services import document_sections

register = template.Library()


@register.filter
def keep_date(url, as_of) -> str:
    """``{{ url|keep_date:as_of }}``: the address with ``?as_of=`` in a dated view."""
    return pagefacts.with_date(str(url), as_of or "")


@register.filter
def links_keep_date(html, as_of):
    """Rendered clause HTML whose site links keep ``as_of`` (cross-references)."""
    if not as_of:
        return html
    return mark_safe(pagefacts.links_with_date(str(conditional_escape(html)), as_of))


@register.simple_tag(takes_context=True)
def clause_articles(context, readings, heading_level):
    """``{% clause_articles item.clauses 3 %}``: the clauses of a document or
    section page, each number a heading of that level (see
    :mod:`rulebook.reading.clauselist`)."""
    return render_clause_articles(context, readings, heading_level)


@register.simple_tag(takes_context=True)
def clause_article(context, reading, standalone=False):
    """``{% clause_article reading %}``: one clause's article without a heading
    (``standalone=True`` on the clause's own page; see
    :mod:`rulebook.reading.clauselist`)."""
    return render_clause_article(context, reading, standalone)


@register.simple_tag(takes_context=True)
def toc_entries(context, readings, current_section=None):
    """``{% toc_entries readings current_section %}``: the entries of the
    table of contents (see :func:`rulebook.reading.clauselist.render_toc_entries`)."""
    return render_toc_entries(context, readings, current_section)


@register.simple_tag
def page_outline(items, by_clause=False):
    """``{% page_outline page_sections %}``: the entries of "On this page"
    (see :func:`rulebook.reading.clauselist.render_page_outline`)."""
    return render_page_outline(items, by_clause)


@register.filter
def short_label(clause) -> str:
    """The clause's label inside its section ("¶3", "107.2")."""
    return pagefacts.short_label(clause)


@register.filter
def last_change(items):
    """The latest version in force among the page's readings (or ``None``)."""
    return pagefacts.last_change(items)


@register.filter
def language_fallback(items):
    """Whether the page's texts are an original shown for a missing translation."""
    return pagefacts.language_fallback(items)


#: Where a page's document may hold its sections already read (the section
#: page): ``(reading date, sections)``.
TOC_SECTIONS = "_toc_sections"


@register.filter
def toc_sections(document, on=None):
    """The sections of ``document`` shown on ``on`` (today) in order, each
    knowing its document (one query, none when the view has read them
    already for that date, see :data:`TOC_SECTIONS`)."""
    on = on or timezone.localdate()
    read_on, sections = document.__dict__.get(TOC_SECTIONS) or (None, None)
    if sections is None or read_on != on:
        return document_sections(document, on)
    for section in sections:
        section.document = document
    return sections


#: Where a render keeps the script prefix for its chrome (its render context).
_SCRIPT_PREFIX = "rulebook.chrome.script_prefix"


class _ChromeNode(template.Node):
    """See :func:`chrome`."""

    #: Not walked by ``get_nodes_by_type`` (as ``{% extends %}`` does on every render, for
    #: the blocks of the template it extends): a piece of chrome holds no block.
    child_nodelists = ()

    def __init__(self, nodelist) -> None:
        self.nodelist = nodelist
        self.rendered: dict[tuple[str, str], str] = {}

    def render(self, context) -> str:
        # The script prefix is the request's (set before the view runs), so a
        # page's chrome reads it once per render; the language is read every
        # time, as {% language %} may change it within a page.  Each read of
        # either is a look-up in an asgiref Local, not cheap on a page with
        # twenty pieces of chrome.
        render_context = context.render_context
        prefix = render_context.get(_SCRIPT_PREFIX)
        if prefix is None:
            prefix = render_context[_SCRIPT_PREFIX] = get_script_prefix()
        key = (get_language(), prefix)
        html = self.rendered.get(key)
        if html is None:
            html = self.rendered[key] = self.nodelist.render(context)
        return html


@register.tag
def chrome(parser, token):
    """``{% chrome %}…{% endchrome %}``: a piece of the site's chrome (labels,
    style sheets, the footer) that depends on nothing but the language:
    rendered once per worker, language and script prefix, then the same
    string on every page.  Only for markup that names no page, no date and no query — such a
    value inside would be the first page's for every page; it is never read
    from the database either, so no publication can change it (a new release
    of templates or translations starts new workers).  It holds no ``{% block %}`` (a block
    inside would be the first page's too, and is not found by ``{% extends %}``)."""
    nodelist = parser.parse(("endchrome",))
    parser.delete_first_token()
    if nodelist.get_nodes_by_type(BlockNode):
        raise template.TemplateSyntaxError("{% chrome %} cannot hold a {% block %}")
    return _ChromeNode(nodelist)


@register.simple_tag(takes_context=True)
def language_switcher(context, oob=None):
    """``{% language_switcher %}``: the language links (``language_links`` of
    :func:`rulebook.context_processors.site`) as ``rulebook/includes/language_switcher.html``
    renders them (``oob``: swapped out of band by htmx; by default the context's), written
    in Python (:func:`language_switcher_html`)."""
    return language_switcher_html(context.get("language_links") or (),
                                  context.get("oob") if oob is None else oob)


def language_switcher_html(language_links, oob) -> str:
    """``rulebook/includes/language_switcher.html`` of ``language_links`` (dicts ``code``,
    ``name``, ``url``, ``current``), written in Python: on every page, the template's
    loop cost a tenth of a millisecond.  The template stays the reference: a test
    (``tests/rulebook/calculator/test_speed.py``) asks for the same bytes both ways."""
    links = []
    for link in language_links:
        code, name = _escaped(link["code"]), _escaped(link["name"])
        if link["current"]:
            links.append(f'\n          <span class="current" lang="{code}" aria-current="true">'
                         f'{name}</span>\n          \n        ')
        else:
            links.append(f'\n          <a href="{_escaped(link["url"])}" '
                         f'hreflang="{code}" lang="{code}" rel="alternate">{name}</a>\n        ')
    return mark_safe(
        '<nav class="language-switcher" id="language-switcher" aria-label="'
        + _escaped(gettext("Language")) + '"'
        + (' data-hx-swap-oob="true"' if oob else "") + ">\n        " + "".join(links)
        + "\n      </nav>\n")


def _escaped(value) -> str:
    """``conditional_escape(value)``, a plain ``str`` escaped without its wrappers."""
    return escape(value) if value.__class__ is str else conditional_escape(value)


@register.simple_tag
def address(viewname, *args):
    """``{% address 'rulebook:clause_history' game.slug document.slug clause.key %}``:
    ``{% url %}`` for a page of the site, remembered per process (see
    :func:`rulebook.models.rules.page_address`)."""
    return page_address(viewname, *args)


#: The length of a page's ``<meta name="description">`` (characters).
DESCRIPTION_LENGTH = 160


@register.filter(is_safe=True)
def meta_text(html: str, length: int = DESCRIPTION_LENGTH) -> str:
    """A page's own text as a meta description: tags removed, entities
    read, white space collapsed, cut at a word within ``length`` characters
    (with "…"), escaped for an attribute.

    >>> meta_text('<p>Ein <abbr title="x">Ziel</abbr> ist &quot;gültig&quot;.</p>\\n')
    'Ein Ziel ist &quot;gültig&quot;.'
    >>> meta_text("eins zwei drei vier", 12)
    'eins zwei…'
    """
    import html as html_module

    from django.utils.html import escape, strip_tags

    text = " ".join(html_module.unescape(strip_tags(str(html))).split())
    if len(text) > length:
        text = text[:length - 1].rsplit(" ", 1)[0].rstrip(" ,;:·—-") + "…"
    return escape(text)

"""Template filters of the rulebook."""

from django import template

from rulebook.references.rendering import render_markdown

register = template.Library()


@register.filter
def clause_html(text: str, clause=None):
    """Render clause Markdown as sanitised HTML (see rulebook.references.rendering).

    With the citing ``clause`` (``{{ text|clause_html:clause }}``),
    references become links or "not published yet" stubs.
    """
    resolver = None
    if clause is not None and getattr(clause, "document_id", None):
        from rulebook.references.resolver import Resolver

        resolver = Resolver(clause.document, clause)
    return render_markdown(text or "", resolver)


@register.simple_tag
def clause_text(text: str, clause=None, language: str = ""):
    """Render clause Markdown like :func:`clause_html`, with the game's glossary
    terms in ``language`` (the text's language) marked up:
    ``{% clause_text reading.text.text reading.clause reading.text.language %}``
    (see :func:`rulebook.references.rendering.render_clause_text`)."""
    from rulebook.references.rendering import render_clause_text

    return render_clause_text(text, clause, language)


@register.simple_tag
def search_hits(hits, dated, on):
    """``{% search_hits hits dated on %}``: the hits of a results page (see
    :mod:`rulebook.search.rendering`)."""
    from rulebook.search.rendering import render_hits

    return render_hits(hits, dated, on)


@register.simple_tag
def unofficial_clause_note(number, original: str) -> str:
    """"Unofficial translation of version N of the German original" (see rulebook.reading.translations)."""
    from rulebook.reading.translations import clause_note

    return clause_note(number, original)


@register.simple_tag
def unofficial_page_note(original: str) -> str:
    """The page-level notice that translations of ``original`` texts are shown."""
    from rulebook.reading.translations import page_note

    return page_note(original)


@register.filter
def diff_html(rows):
    """Render word-diff rows (rulebook.versioning.diffing) as HTML with <del>/<ins> and markers."""
    from rulebook.versioning.diffing import render_diff

    return render_diff(rows or ())


@register.filter
def clause_label(clause) -> str:
    """The clause's printed key in the reader's language (``Clause.label_in``), as
    HTML: marked with its language where that is not the reader's ("1.2.4 ›
    Card layout ¶3"; untranslated: ``<span lang="de">1.2.4 › Kartenaufbau ¶3</span>``)."""
    return clause.label_in().html()


@register.filter
def label_text(clause) -> str:
    """The clause's printed key in the reader's language as plain text (titles, attributes)."""
    return clause.label_in().text


@register.simple_tag
def ruling_text(text: str, ruling=None, clause=None):
    """Render an official ruling's question or answer (``{% ruling_text answer.text ruling
    reading.clause %}``) as sanitised HTML: Markdown whose clause references
    (``[[106.p1]]``) become links as in clause text, resolved in the document of
    ``clause`` (the page's clause, if any), else of the first clause the ruling
    interprets; plain Markdown when neither is known.  No glossary markup: the
    ruling is not rule text."""
    from rulebook.references.resolver import Resolver

    document = getattr(clause, "document", None) if clause else None
    if document is None and ruling is not None and getattr(ruling, "pk", None):
        prefetched = getattr(ruling, "_prefetched_objects_cache", {}).get("interpretations")
        links = (list(prefetched)[:1] if prefetched is not None else list(
            ruling.interpretations.select_related("clause__document")[:1]))
        document = links[0].clause.document if links else None
    return render_markdown(text or "", Resolver(document) if document is not None else None)


@register.filter
def ruling_plain(text: str) -> str:
    """A ruling's question or answer as plain text (a page's description): references by
    their label (``[[1.2|rule 1.2]]`` → ``rule 1.2``), Markdown markers removed
    (:func:`rulebook.search.indexing.plain_text`)."""
    from rulebook.search.indexing import plain_text

    return plain_text(text or "", icons=True)

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


@register.filter
def diff_html(rows):
    """Render word-diff rows (rulebook.versioning.diffing) as HTML with <del>/<ins> and markers."""
    from rulebook.versioning.diffing import render_diff

    return render_diff(rows or ())

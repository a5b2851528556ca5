"""Template filters of the rulebook."""

from django import template

from rulebook.rendering import render_markdown

register = template.Library()


@register.filter
def clause_html(text: str):
    """Render clause Markdown as sanitised HTML (see rulebook.rendering)."""
    return render_markdown(text or "")


@register.filter
def diff_html(rows):
    """Render word-diff rows (rulebook.diffing) as HTML with <del>/<ins> and markers."""
    from rulebook.diffing import render_diff

    return render_diff(rows or ())

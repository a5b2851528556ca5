"""Template filters of the rulebook."""

from django import template

from rulebook.rendering import render_markdown

register = template.Library()


@register.filter
def clause_html(text: str):
    """Render clause Markdown as sanitised HTML (see rulebook.rendering)."""
    return render_markdown(text or "")

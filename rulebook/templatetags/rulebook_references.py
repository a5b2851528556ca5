"""Template tags of cross-references: the backlinks of a clause."""

from django import template

from rulebook.references.services import cited_by

register = template.Library()


@register.simple_tag
def backlinks(clause, on=None):
    """Return the :class:`~rulebook.references.services.Backlink` list of
    ``clause`` on ``on``: ``{% backlinks clause on as links %}``."""
    return cited_by(clause, on)

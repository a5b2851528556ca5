"""Template tags of cross-references: the backlinks of a clause."""

from django import template

from rulebook.calculator.backlinks import scenario_backlinks
from rulebook.references.services import cited_by

register = template.Library()


@register.simple_tag
def backlinks(clause, on=None):
    """Return the :class:`~rulebook.references.services.Backlink` list of
    ``clause`` on ``on``: clauses citing it, then calculator scenarios.
    ``{% backlinks clause on as links %}``."""
    return cited_by(clause, on) + scenario_backlinks(clause)

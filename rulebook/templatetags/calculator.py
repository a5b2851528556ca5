"""Template filters of the scenario calculator."""

from django import template

from rulebook.calculator import memo
from rulebook.calculator.services import render_message

register = template.Library()


@register.filter
def message(value) -> str:
    """Translate an engine :class:`~engine.core.Message` (empty for ``None``)."""
    return render_message(value)


@register.filter
def dated_url(citation, dated) -> str:
    """A resolved citation's permalink, with ``?as_of=`` when the ruling is dated."""
    return citation.dated_url(bool(dated))


@register.simple_tag(takes_context=True)
def blank_item(context, field):
    """The HTML of group ``field``'s blank item (its ``<template>``), kept per worker
    (:func:`rulebook.calculator.memo.blank_item`)."""
    return memo.blank_item(context["scenario"], field)

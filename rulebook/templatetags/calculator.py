"""Template filters of the scenario calculator."""

from django import template

from rulebook.calculator import speed
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
    (:func:`rulebook.calculator.speed.blank_item`)."""
    return speed.blank_item(context["scenario"], field)


@register.simple_tag(takes_context=True)
def form_fields(context):
    """The form's bound ``fields`` as ``includes/field.html`` renders each one, written
    in Python (:func:`rulebook.calculator.speed.fields_html`)."""
    return speed.fields_html(context["scenario"], context.get("fields") or (),
                             context.get("card_reading"))


@register.simple_tag
def steps_html(steps):
    """The steps as ``includes/step.html`` renders each one, written in Python
    (:func:`rulebook.calculator.speed.steps_html`)."""
    return speed.steps_html(steps)


@register.simple_tag
def sources_html(ruling):
    """The ruling's cited clauses as ``includes/source.html`` renders each one, written
    in Python (:func:`rulebook.calculator.speed.sources_html`)."""
    return speed.sources_html(ruling)

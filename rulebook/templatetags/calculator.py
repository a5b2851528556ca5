"""Template filters of the scenario calculator."""

from django import template
from django.template.loader import get_template

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


@register.filter
def plain_fields(fields) -> list:
    """The fields of a group item shown in its row (not behind its "more")."""
    return [item for item in fields if not item.more]


@register.filter
def more_fields(fields) -> list:
    """The fields of a group item behind its "more" (a ``<details>``)."""
    return [item for item in fields if item.more]


@register.filter
def any_set(fields) -> bool:
    """Whether one of ``fields`` holds a value or an error (its "more" is shown open)."""
    return any(item.is_set for item in fields)


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


@register.simple_tag
def fields_html(fields, scenario, card_reading=None):
    """The form's fields as ``includes/field.html`` renders each one, written in Python
    (:func:`rulebook.calculator.speed.fields_html`)."""
    return speed.fields_html(fields, scenario, card_reading)


@register.simple_tag(takes_context=True)
def ruling_region_html(context):
    """The ruling region as ``includes/ruling_region.html`` renders it in ``context``,
    written in Python (:func:`rulebook.calculator.speed.ruling_region_html`)."""
    request = context.get("request")
    # {% firstof share_url request.get_full_path %}
    share_url = context.get("share_url") or (request.get_full_path() if request else "")
    return speed.ruling_region_html(
        context.get("ruling"), context.get("situation"), context.get("failed"), share_url,
        context.get("scenario"), context.get("api_query", ""))


@register.simple_tag(takes_context=True)
def calculator_html(context):
    """The scenario's form and its ruling region as ``includes/calculator.html`` renders
    them in ``context``, written in Python (:func:`rulebook.calculator.speed.calculator_html`)."""
    return speed.calculator_html(
        context, speed.fields_html(context.get("fields"), context.get("scenario"),
                                   context.get("card_reading")),
        ruling_region_html(context))


#: The scenario page's template, the reference of :func:`scenario_page_html`.
SCENARIO_PAGE = "rulebook/calculator/scenario.html"


@register.simple_tag(takes_context=True)
def scenario_page_html(context):
    """The scenario page as :data:`SCENARIO_PAGE` (with ``base.html``) renders it in
    ``context``, written in Python (:func:`rulebook.calculator.speed.scenario_page_html`);
    a context the writer does not know (:func:`rulebook.calculator.speed.page_written`) is
    rendered by the template."""
    if speed.page_written(context):
        return speed.scenario_page_html(context, calculator_html(context))
    return get_template(SCENARIO_PAGE).template.render(context)

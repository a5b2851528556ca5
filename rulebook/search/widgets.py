"""The search form's widgets, written without rendering a template.

Django renders a widget through its template (``select.html`` with an
``attrs.html`` and a ``select_option.html`` per option, ``input.html``), and
on a search page that was a tenth of the request.  These widgets write the
same markup directly, escaped as the templates escape it
(as :func:`~django.utils.html.conditional_escape` does).
"""

from __future__ import annotations

from html import escape

from django import forms
from django.utils.safestring import SafeString, mark_safe


def _html(value) -> str:
    """:func:`django.utils.html.conditional_escape` without its lazy-string
    wrapper: ``value`` as it is when it is HTML already (``__html__``),
    else ``str(value)`` escaped."""
    if hasattr(value, "__html__"):
        return value.__html__()
    return escape(str(value))


def _attributes(attrs: dict) -> str:
    """``attrs.html``: `` name="value"`` per attribute (escaped), a bare
    `` name`` for ``True``, nothing for ``False``."""
    return "".join(f" {_html(name)}" if value is True
                   else f' {_html(name)}="{_html(value)}"'
                   for name, value in attrs.items() if value is not False)


class Select(forms.Select):
    """A select of plain choices (no groups, no option attributes): the markup
    of Django's ``select.html`` — ``<select name="…" …>``, each option on a
    line of its own, the first option whose value is among the selected
    ones marked ``selected``."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """``<select>`` with its options, one per line (escaped)."""
        attrs = self.build_attrs(self.attrs, attrs)
        if self.allow_multiple_selected:
            attrs["multiple"] = True
        chosen = self.format_value(value)
        options = []
        has_selected = False
        for option_value, label in self.choices:
            if option_value is None:
                option_value = ""
            selected = not has_selected and str(option_value) in chosen
            has_selected |= selected
            options.append(f'\n  <option value="{_html(option_value)}"'
                           f'{" selected" if selected else ""}>{_html(label)}'
                           f'</option>\n')
        return mark_safe(f'<select name="{_html(name)}"{_attributes(attrs)}>'
                         f'{"".join(options)}\n</select>')


class DateInput(forms.DateInput):
    """A date input: the markup of Django's ``input.html``, its value in the
    widget's format (stripped, as Django's form renderer strips it)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """``<input type="date" name="…" value="…" …>``."""
        value = self.format_value(value)
        shown = "" if value is None else f' value="{_html(str(value))}"'
        return mark_safe(f'<input type="{_html(self.input_type)}" '
                         f'name="{_html(name)}"{shown}'
                         f'{_attributes(self.build_attrs(self.attrs, attrs))}>')

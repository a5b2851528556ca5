"""The search form's widgets, written without rendering a template.

Django renders a widget through its template (``select.html`` with an
``attrs.html`` and a ``select_option.html`` per option, ``input.html``), and
on a search page that was a tenth of the request.  These widgets write the
same markup directly, escaped as the templates escape it
(:func:`~django.utils.html.conditional_escape`).
"""

from __future__ import annotations

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


def _attributes(attrs: dict) -> str:
    """``attrs.html``: `` name="value"`` per attribute (escaped), a bare
    `` name`` for ``True``, nothing for ``False``."""
    return "".join(f" {conditional_escape(name)}" if value is True
                   else f' {conditional_escape(name)}="{conditional_escape(value)}"'
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
            options.append(f'\n  <option value="{conditional_escape(option_value)}"'
                           f'{" selected" if selected else ""}>{conditional_escape(label)}'
                           f'</option>\n')
        return mark_safe(f'<select name="{conditional_escape(name)}"{_attributes(attrs)}>'
                         f'{"".join(options)}\n</select>')


class DateInput(forms.DateInput):
    """A date input: the markup of Django's ``input.html``, its value in the
    widget's format (stripped, as Django's form renderer strips it)."""

    def render(self, name, value, attrs=None, renderer=None) -> SafeString:
        """``<input type="date" name="…" value="…" …>``."""
        value = self.format_value(value)
        shown = "" if value is None else f' value="{conditional_escape(str(value))}"'
        return mark_safe(f'<input type="{conditional_escape(self.input_type)}" '
                         f'name="{conditional_escape(name)}"{shown}'
                         f'{_attributes(self.build_attrs(self.attrs, attrs))}>')

"""The admin's part of the calculator: on a ruling, the open points it decides.

:class:`RulingDecisionInline` is added to the rulings' admin by
:mod:`rulebook.admin` (the rulings room does not import the engine): an
editor picks an open point the game's rules declare and the reading the
ruling supports; both are checked against the engine's declarations
(:func:`rulebook.calculator.decisions.check`).  Fixed once the ruling is
published, like the clauses it interprets.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from rulebook.calculator import decisions
from rulebook.models import RulingDecision
from rulebook.rulings.admin import RulingPartInline


def _point_choices() -> list:
    return [("", "---------")] + [(game, points) for game, points in decisions.choices()]


def _reading_choices() -> list:
    choices: list = [("", "---------")]
    for ruleset_game, _points in decisions.choices():
        for point in decisions.open_points(ruleset_game):
            choices.append((f"{ruleset_game}: {point.slug}", [
                (reading.slug, f"{reading.slug} — {decisions.shown(reading.label)}")
                for reading in point.readings]))
    return choices


class RulingDecisionForm(forms.ModelForm):
    """One open point a ruling decides: the point and the reading, checked against the
    open points the ruling's game declares."""

    point = forms.ChoiceField(label=_("open point"), choices=_point_choices,
                              help_text=_("An open point of the calculator in the ruling's "
                                          "game (python -m engine.inventory lists them)."))
    reading = forms.ChoiceField(label=_("reading supported"), choices=_reading_choices,
                                help_text=_("The reading of that point the ruling supports."))

    class Meta:
        model = RulingDecision
        fields = ("point", "reading")

    def clean(self):
        cleaned = super().clean()
        # the inline's foreign key field gives the parent ruling, saved or not
        ruling = cleaned.get("ruling") or getattr(self.instance, "ruling", None)
        game = getattr(getattr(ruling, "game", None), "slug", None)
        if game and cleaned.get("point") and cleaned.get("reading"):
            for field, message in decisions.check(game, cleaned["point"],
                                                  cleaned["reading"]).items():
                self.add_error(field, message)
        return cleaned


class RulingDecisionInline(RulingPartInline):
    """The calculator's open points a ruling decides, with the reading it supports."""

    model = RulingDecision
    form = RulingDecisionForm
    extra = 0
    fields = ("point", "reading")

    def get_readonly_fields(self, request, obj=None):
        return () if self._editable(obj) else ("point", "reading")

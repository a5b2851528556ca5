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


def _point_choices(game: str | None = None) -> list:
    """The open points offered: of ``game`` (a slug) only, else of every game
    (the add page, before the ruling's game is chosen), grouped by game."""
    return [("", "---------")] + [(ruleset, points)
                                  for ruleset, points in decisions.choices(game)]


def _reading_choices(game: str | None = None) -> list:
    """The readings offered, grouped by open point: of ``game``'s points only, else all."""
    choices: list = [("", "---------")]
    for ruleset_game, _points in decisions.choices(game):
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

    #: The ruling's game (its slug), set per ruling by :class:`RulingDecisionInline`:
    #: only its open points are offered.  ``None``: every game's, grouped.
    game: str | None = None

    class Meta:
        model = RulingDecision
        fields = ("point", "reading")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.game is not None:
            self.fields["point"].choices = _point_choices(self.game)
            self.fields["reading"].choices = _reading_choices(self.game)

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

    def get_formset(self, request, obj=None, **kwargs):
        """The formset, offering only the open points of ``obj``'s (the ruling's)
        game once it has one; another game's point posted anyway is a field error."""
        formset = super().get_formset(request, obj, **kwargs)
        game = getattr(getattr(obj, "game", None), "slug", None) if obj is not None else None
        if game is not None and issubclass(formset.form, RulingDecisionForm):
            formset.form = type(formset.form.__name__, (formset.form,), {"game": game})
        return formset

"""The search form: query, filters and date, read from the query string."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext_lazy as _

from rulebook.caching.prepared import PreparedQuery
from rulebook.models import Document, Game
from rulebook.search.widgets import DateInput, Select

# The documents with a published text and their games, in the filters' order (SQL
# compiled once per process, see rulebook.caching.prepared): a document added in the
# admin with nothing published is no filter (its title is no reader's to see).
_DOCUMENTS = PreparedQuery(lambda: Document.objects.published().select_related("game").order_by(
    "game__position", "game__slug", "position", "slug"))


class _Choices(BaseChoiceIterator):
    """The options of one filter, built for one form: ``(value, label)``
    pairs, already in the shape Django's fields keep.  A list given as
    ``field.choices`` is normalised option by option twice (for the field
    and again for its widget); a choice iterator is taken as it is."""

    def __init__(self, options: list[tuple[str, str]]) -> None:
        self.options = options

    def __iter__(self):
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)


class SearchForm(forms.Form):
    """GET form of the search page.

    ``q`` accepts any text (cut to 200 characters, control characters
    removed, see :func:`rulebook.search.text.clean_query`); ``document`` is
    "game/document".  An unknown filter value is a field error, and the
    search runs without that filter.
    """

    q = forms.CharField(label=_("Search"), required=False, strip=True,
                        widget=forms.TextInput(attrs={"type": "search", "autocomplete": "off",
                                                      "spellcheck": "false"}))
    game = forms.ChoiceField(label=_("Game"), required=False, widget=Select)
    document = forms.ChoiceField(label=_("Document"), required=False, widget=Select)
    language = forms.ChoiceField(label=_("Language of the text"), required=False,
                                 widget=Select)
    as_of = forms.DateField(label=_("Texts in force on"), required=False,
                            widget=DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                            input_formats=["%Y-%m-%d"])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # One query for both filters: the documents with their games (a game
        # without documents has nothing to search).
        self._documents = _DOCUMENTS()
        self._games = list({d.game.slug: d.game for d in self._documents}.values())
        self.fields["game"].choices = _Choices([("", _("All games"))] + [
            (g.slug, str(g)) for g in self._games])
        self.fields["document"].choices = _Choices([("", _("All documents"))] + [
            (f"{d.game.slug}/{d.slug}", f"{d.game} › {d}") for d in self._documents])
        self.fields["language"].choices = _Choices([("", _("All languages"))] + [
            (code, name) for code, name in settings.LANGUAGES])

    def value(self, name: str):
        """The cleaned value of ``name``, or ``None`` when empty or invalid."""
        if self.is_bound and not hasattr(self, "cleaned_data"):
            self.is_valid()
        return getattr(self, "cleaned_data", {}).get(name) or None

    def selected_game(self) -> Game | None:
        """The Game chosen in the filter, or None."""
        slug = self.value("game")
        return next((g for g in self._games if g.slug == slug), None) if slug else None

    def selected_document(self) -> Document | None:
        """The Document chosen in the filter ("game/document"), or None."""
        path = self.value("document")
        if not path:
            return None
        return next((d for d in self._documents if f"{d.game.slug}/{d.slug}" == path), None)

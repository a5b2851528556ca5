"""Admin form of a clause version: references are checked before saving."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from rulebook.models import ClauseVersion
from rulebook.references.services import validation_errors

REFERENCE_HELP = _(
    "Markdown: blank line between paragraphs, “- ” for list items, “> ” for an example. "
    "References: [[107.2]] or [[Ziel ¶3.2]] (a clause of this document), "
    "[[berserk/comprehensive-rules:107.2]] (a clause of another document), "
    "[[berserk/comprehensive-rules]] (a document), [[Kartenaufbau]] or "
    "[[Schutzgottkarten » Kartenaufbau]] (a section or glossary entry), "
    "[[?Kosten]] (an entry not published yet, shown as such), [[107.2|shown text]]. "
    "A reference to something the site does not have is refused.")


class ClauseVersionAdminForm(forms.ModelForm):
    """Checks the references of every language's text (field errors)."""

    class Meta:
        model = ClauseVersion
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for code, _name in settings.LANGUAGES:
            field = self.fields.get(f"text_{code}")
            if field is not None:
                field.help_text = REFERENCE_HELP

    def clean(self):
        cleaned = super().clean()
        clause = cleaned.get("clause") or getattr(self.instance, "clause", None)
        if clause is None:
            return cleaned
        for code, _name in settings.LANGUAGES:
            name = f"text_{code}"
            if name in self.fields and cleaned.get(name):
                for error in validation_errors(cleaned[name], clause.document, clause):
                    self.add_error(name, error)
        return cleaned

"""The admin's "Import a source page": a page from the web to the rulebook.

An admin uploads a file or pastes a page (text or HTML), chooses its game
and document — existing ones, or new ones described in the form — and the
parser of its format.  "Preview" shows what the importer reads, storing
nothing (:func:`rulebook.importing.preview_source`): the sections, the
clauses with their printed labels, the dates the page gives, and every
block removed as junk with the reason.  "Import" then stores it through
:func:`rulebook.importing.import_source`, the function ``manage.py
import_rules`` calls for the project's own pages: a document without a
published text is published as its version 1 with the page's dates; for a
document already published, the changed texts become one draft correction
for review, nothing published.  The site's own translations of the
document and its game's glossary (``rulebook/sources/``) are then filled in
as ``import_rules`` fills them.

Only users who may add documents and clause versions see or use it; a new
game also needs the permission to add games.  Bad input is a form error on
its field, never a server error.  The view is mounted by the documents'
admin (:func:`import_urls`).
"""

from __future__ import annotations

import hashlib

from django import forms
from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError
from django.db.models import Max
from django.http import HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext, gettext_lazy as _

from rulebook.importing import (
    SourceFormatError, SourcePreview, SourceSpec, import_source, preview_source,
)
from rulebook.importing.pages import MAX_PAGE_BYTES, PageError, page_text
from rulebook.importing.parsers import PARSERS
from rulebook.importing.translations import has_translations_of, load_translations_of
from rulebook.models import (
    LANGUAGE_CHOICES, Document, Game, validate_document_slug, validate_game_slug,
)

__all__ = ["IMPORT_PERMISSIONS", "ImportForm", "can_import", "import_urls", "import_view"]

IMPORT_PERMISSIONS = ("rulebook.add_document", "rulebook.add_clauseversion")

FORMATS = {
    "chapter": _("chapter: headings and paragraphs, e.g. Power-Duell 1.2.4"),
    "numbered": _("numbered rules: 106.1, 106.2 …, e.g. Berserk comprehensive rules"),
    "glossary": _("glossary entry: a heading and nested bullets, e.g. Marvel Champions Ziel"),
}
REMOVED_BECAUSE = {
    "navigation table": _("a row of the chapter-navigation table"),
    "empty list item": _("an empty list item"),
    "pagination": _("pagination links"),
    "share button": _("share buttons"),
    "chapter navigation": _("chapter navigation"),
    "unrelated list": _("a list of unrelated pages, to the end of the page"),
    "repeated block": _("a block the page repeats (the other copy is kept)"),
}
KINDS = [("auto", _("recognise (HTML if it has HTML tags)")), ("text", _("plain text")),
         ("html", _("HTML"))]


def can_import(user) -> bool:
    """Whether ``user`` may import a source page (add documents and clause versions)."""
    return user.has_perms(IMPORT_PERMISSIONS)


class ImportForm(forms.Form):
    """A page and what it is: its game, its document and its format.

    ``cleaned_data`` then holds ``text`` (the page as the importer reads
    it), ``spec`` (a :class:`SourceSpec`), ``preview`` (a
    :class:`SourcePreview`) and ``digest`` (of page and settings: "Import"
    stores only what was previewed).
    """

    page_file = forms.FileField(
        label=_("file"), required=False,
        help_text=_("The saved page (.txt or .html, UTF-8), at most 2 MB."))
    page = forms.CharField(
        label=_("or paste the page"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 80, "spellcheck": "false"}))
    kind = forms.ChoiceField(label=_("kind of page"), choices=KINDS, initial="auto")
    format = forms.ChoiceField(label=_("format"), choices=list(FORMATS.items()),
                               help_text=_("How the page is divided into sections and clauses."))
    game = forms.ModelChoiceField(label=_("game"), queryset=Game.objects.all(), required=False,
                                  empty_label=_("— a new game —"))
    new_game_slug = forms.SlugField(label=_("new game: slug"), required=False,
                                    help_text=_("Used in addresses, e.g. “berserk”."))
    new_game_name = forms.CharField(label=_("new game: name"), required=False, max_length=200)
    document = forms.ModelChoiceField(
        label=_("document"), required=False, empty_label=_("— a new document —"),
        queryset=Document.objects.select_related("game").order_by("game__position", "position"))
    slug = forms.SlugField(label=_("new document: slug"), required=False,
                           help_text=_("Used in addresses, e.g. “referenzhandbuch”."))
    number = forms.CharField(label=_("new document: number"), required=False, max_length=40,
                             help_text=_("Chapter number in the source, e.g. “1.2.4”."))
    title = forms.CharField(label=_("new document: title"), required=False, max_length=300,
                            help_text=_("In the original language."))
    language = forms.ChoiceField(label=_("new document: original language"),
                                 choices=LANGUAGE_CHOICES, required=False)
    source_url = forms.URLField(label=_("new document: source address"), required=False,
                                  assume_scheme="https")
    previewed = forms.CharField(widget=forms.HiddenInput, required=False)
    # The uploaded file's name, kept when the page comes back as text
    # (it names the page in the summary of a draft correction).
    page_name = forms.CharField(widget=forms.HiddenInput, required=False, max_length=200)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.fields["document"].label_from_instance = (
            lambda document: f"{document.game} › {document}")

    def _page(self) -> str | None:
        upload = self.cleaned_data.get("page_file")
        pasted = self.cleaned_data.get("page") or ""
        kind = self.cleaned_data.get("kind")
        html = {"html": True, "text": False}.get(kind)
        field = "page_file" if upload else "page"
        if upload and upload.size > MAX_PAGE_BYTES:
            self.add_error(field, gettext("The file is larger than 2 MB; import the page in "
                                          "parts (one chapter each)."))
            return None
        if not upload and not pasted.strip():
            self.add_error("page", gettext("Upload the page as a file or paste it here."))
            return None
        try:
            return page_text(upload.read() if upload else pasted, html=html)
        except PageError as error:
            self.add_error(field, {
                "too_big": gettext("The page is larger than 2 MB; import it in parts "
                                   "(one chapter each)."),
                "encoding": gettext("The file is not UTF-8 text. Save the page as UTF-8 "
                                    "(in a browser: “Save page as…”, text or HTML) and upload "
                                    "it again."),
                "empty": gettext("The page has no text."),
            }[error.code])
            return None

    def _game(self) -> tuple[Game | None, str, str]:
        game = self.cleaned_data.get("game")
        if game is not None:
            return game, game.slug, ""
        slug = self.cleaned_data.get("new_game_slug") or ""
        name = (self.cleaned_data.get("new_game_name") or "").strip()
        if not slug:
            self.add_error("new_game_slug", gettext("Choose a game above, or give the new "
                                                    "game's slug."))
        elif Game.objects.filter(slug=slug).exists():
            self.add_error("new_game_slug", gettext("A game with this slug exists: choose it "
                                                    "in the list above."))
        elif self.user is not None and not self.user.has_perm("rulebook.add_game"):
            self.add_error("new_game_slug", gettext("You may not add games: choose one in the "
                                                    "list above."))
        else:
            _valid(self, "new_game_slug", validate_game_slug, slug)
        if not name:
            self.add_error("new_game_name", gettext("Give the new game's name."))
        return None, slug, name

    def _spec(self, game: Game | None, game_slug: str, game_name: str, file: str
              ) -> SourceSpec | None:
        data = self.cleaned_data
        document = data.get("document")
        fmt = data.get("format")
        if document is not None:
            if game is None or document.game_id != game.pk:
                self.add_error("document", gettext("This document belongs to another game: "
                                                   "choose its game, or a new document."))
                return None
            return SourceSpec(
                file=file or f"{game.slug}/{document.slug}", format=fmt, game=game.slug,
                document=document.slug, language=document.language, number=document.number,
                source_url=document.source_url, position=document.position,
                title={document.language: getattr(document, f"title_{document.language}") or ""})
        missing = False
        for name, message in (("slug", gettext("Give the new document's slug.")),
                              ("title", gettext("Give the new document's title.")),
                              ("language", gettext("Choose the new document's original "
                                                   "language."))):
            if not data.get(name):
                self.add_error(name, message)
                missing = True
        if not missing and game is not None and game.documents.filter(slug=data["slug"]).exists():
            self.add_error("slug", gettext("This game has a document with this slug: choose it "
                                           "in the list above."))
            missing = True
        elif not missing and not _valid(self, "slug", validate_document_slug, data["slug"]):
            missing = True
        if missing or not game_slug:
            return None
        position = (Document.objects.aggregate(last=Max("position"))["last"] or 0) + 1
        return SourceSpec(
            file=file or f"{game_slug}/{data['slug']}", format=fmt, game=game_slug,
            document=data["slug"], language=data["language"], number=data.get("number", ""),
            source_url=data.get("source_url", ""), position=position,
            game_name={code: game_name for code, _name in settings.LANGUAGES} if game_name else {},
            title={data["language"]: data["title"].strip()})

    def clean(self):
        cleaned = super().clean()
        text = self._page()
        game, game_slug, game_name = self._game()
        upload = cleaned.get("page_file")
        spec = self._spec(game, game_slug, game_name,
                          upload.name if upload else cleaned.get("page_name", ""))
        if text is None or spec is None or not cleaned.get("format"):
            return cleaned
        field = "page_file" if upload else "page"
        try:
            preview = preview_source(spec, text)
        except SourceFormatError as error:
            self.add_error(field, gettext(
                "The page does not fit the format “%(format)s”: %(error)s. Choose another "
                "format, or check that this is the whole page.") % {
                    "format": spec.format, "error": error})
            return cleaned
        if not preview.parsed.clauses():
            self.add_error(field, gettext("No clause found in the page with the format "
                                          "“%(format)s”.") % {"format": spec.format})
            return cleaned
        cleaned.update(text=text, spec=spec, preview=preview,
                       digest=_digest(text, spec))
        return cleaned


def _valid(form: forms.Form, field: str, validator, value: str) -> bool:
    """Whether ``validator`` takes ``value``; if not, its error is the field's."""
    try:
        validator(value)
    except ValidationError as error:
        form.add_error(field, error)
        return False
    return True


def _digest(text: str, spec: SourceSpec) -> str:
    return hashlib.sha256(repr((text, spec)).encode("utf-8")).hexdigest()


def _preview_context(spec: SourceSpec, preview: SourcePreview) -> dict:
    document = Document.objects.filter(game__slug=spec.game, slug=spec.document).first()
    existing = set(document.clauses.all().by_address()) if document else set()
    published = document is not None and document.has_published_version()
    sections = [{"section": section,
                 "clauses": [(clause, clause.key in existing) for clause in section.clauses]}
                for section in preview.parsed.sections]
    dated: dict[tuple, list[str]] = {}
    for section in preview.parsed.sections:
        if section.effective_date:
            key = (section.effective_date, section.correction.title if section.correction else "")
            dated.setdefault(key, []).append(section.heading or section.slug)
    dates = [(date, correction, headings)
             for (date, correction), headings in sorted(dated.items(), key=lambda d: d[0][0])]
    removed = [(block, REMOVED_BECAUSE.get(block.reason, block.reason))
               for block in preview.cleaned.removed]
    return {"sections": sections, "dates": dates, "removed": removed,
            "clause_count": len(preview.parsed.clauses()),
            "new_clauses": sum(1 for c in preview.parsed.clauses() if c.key not in existing),
            "published": published, "document": document,
            "translations": has_translations_of(spec.game, spec.document)}


def import_view(model_admin, request):
    """GET: the form; POST (``_preview``): the form and what the page gives; POST
    ``_import`` (of what was previewed): store it, then go to the document
    (or to the draft correction an existing document's import made)."""
    if not can_import(request.user):
        raise PermissionDenied
    form = ImportForm(request.POST or None, request.FILES or None, user=request.user)
    preview = None
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        importing = "_import" in request.POST
        if importing and data["previewed"] == data["digest"]:
            try:
                return _store(model_admin, request, data["spec"], data["text"])
            except IntegrityError:  # the same game or document created at the same moment
                messages.error(request, gettext(
                    "Someone stored this game or document at the same moment: check the new "
                    "preview, then import."))
        elif importing:
            messages.warning(request, gettext("The page or its settings changed since the "
                                              "preview: check the new preview, then import."))
        preview = _preview_context(data["spec"], data["preview"])
        # The page travels back as text (a file input cannot be filled in again).
        form = ImportForm(initial={**{k: v for k, v in request.POST.items()},
                                   "page": data["text"], "kind": "text",
                                   "page_name": data["spec"].file if data.get("page_file")
                                   else data.get("page_name", ""),
                                   "previewed": data["digest"]}, user=request.user)
    fieldsets = [(heading, [form[name] for name in names]) for heading, names in (
        (gettext("The page"), ("page_file", "page", "kind", "format")),
        (gettext("Game"), ("game", "new_game_slug", "new_game_name")),
        (gettext("Document"), ("document", "slug", "number", "title", "language", "source_url")),
    )]
    return TemplateResponse(request, "admin/rulebook/document/import.html", {
        **model_admin.admin_site.each_context(request), "opts": model_admin.model._meta,
        "form": form, "fieldsets": fieldsets, "preview": preview,
        "title": gettext("Import a source page"), "max_page_bytes": MAX_PAGE_BYTES,
    })


def _store(model_admin, request, spec: SourceSpec, text: str):
    report = import_source(spec, text)
    load_translations_of(spec.game, spec.document)
    document = Document.objects.select_related("game").get(game__slug=spec.game,
                                                           slug=spec.document)
    if report.correction is not None:
        messages.success(request, gettext(
            "The page changed %(count)s texts of %(document)s: they are proposed in a draft "
            "correction for review; nothing is published.") % {
                "count": report.drafted, "document": document})
        return HttpResponseRedirect(reverse("admin:rulebook_correction_change",
                                            args=[report.correction.pk]))
    if report.created_versions:
        messages.success(request, format_html(
            '{} <a href="{}">{}</a>', gettext(
                "Imported and published %(count)s clauses of %(document)s.") % {
                "count": report.created_versions, "document": document},
            document.get_absolute_url(), gettext("View the document on the site")))
    else:
        messages.info(request, gettext("The page has no change against the text last imported "
                                       "into %(document)s: nothing stored.") % {
                                           "document": document})
    if report.missing_from_source:
        messages.warning(request, gettext("Clauses no longer in the source page (kept): "
                                          "%(keys)s") % {
                                              "keys": ", ".join(report.missing_from_source)})
    return HttpResponseRedirect(reverse("admin:rulebook_document_change", args=[document.pk]))


def import_urls(model_admin) -> list:
    """The URL patterns of the import, for the documents' admin ``get_urls``:
    ``admin:rulebook_document_import``."""
    def view(request):
        return import_view(model_admin, request)

    return [path("import/", model_admin.admin_site.admin_view(view),
                 name="rulebook_document_import")]

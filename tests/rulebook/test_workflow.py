"""The editorial workflow means what it says: only a submitted correction is
published, an edit after submission returns it to draft, every write to a
draft passes the revision check, Publish asks for confirmation, and a
refused change in the admin is a form error, never a 500."""

import datetime

import pytest
from django.db import connection
from django.test import Client

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section
from rulebook.versioning.guards import install_guards, remove_guards
from rulebook.versioning.publishing import (
    StaleDraftError, WorkflowError, publish_correction, save_draft, save_translations,
    submit_correction,
)
from tests.rulebook.conftest import confirmation, hidden_inputs
from tests.rulebook.test_publishing import draft_form
from tests.site_role import as_owner


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


def test_publishing_a_correction_that_was_never_submitted_is_refused(draft_correction,
                                                                    publisher):
    with pytest.raises(WorkflowError, match="not been submitted"):
        publish_correction(draft_correction, publisher)
    response = client_for(publisher).post(
        f"/admin/rulebook/correction/{draft_correction.pk}/publish/",
        confirmation(draft_correction), follow=True)
    assert "has not been submitted for review" in response.content.decode()
    assert not Correction.objects.get(pk=draft_correction.pk).is_published
    assert not draft_correction.versions.published().exists()


def test_editing_a_submitted_draft_returns_the_correction_to_draft(draft_correction, editor,
                                                                  publisher):
    submit_correction(draft_correction, editor)
    draft = draft_correction.versions.get()
    response = client_for(editor).post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                                       draft_form(draft, text_de="Nach der Prüfung geändert."))
    assert response.status_code == 302
    draft_correction.refresh_from_db()
    assert draft_correction.status() == Correction.DRAFT and draft_correction.submitted_by is None
    with pytest.raises(WorkflowError, match="not been submitted"):
        publish_correction(draft_correction, publisher)


def test_a_publish_confirmation_opened_before_a_new_submission_is_refused(
        draft_correction, editor, publisher):
    """What is published is what the publisher confirmed: the "Publish now" form carries the
    submission it showed, and a correction changed and submitted again since is refused."""
    submit_correction(draft_correction, editor)
    url = f"/admin/rulebook/correction/{draft_correction.pk}/publish/"
    as_publisher, as_editor = client_for(publisher), client_for(editor)
    opened = hidden_inputs(as_publisher.get(url).content.decode())
    assert opened == confirmation(draft_correction)
    draft = draft_correction.versions.get()
    as_editor.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                   draft_form(draft, text_de="Nach der Prüfung ausgetauscht."))
    submit_correction(Correction.objects.get(pk=draft_correction.pk), editor)
    refused = as_publisher.post(url, opened, follow=True).content.decode()
    assert "submitted again after you opened it" in refused
    assert not Correction.objects.get(pk=draft_correction.pk).is_published
    with pytest.raises(StaleDraftError, match="submitted again"):
        publish_correction(draft_correction, publisher, reviewed=opened["submitted"])
    # the page opened again shows the new submission, and publishes it
    fresh = hidden_inputs(as_publisher.get(url).content.decode())
    assert fresh["submitted"] != opened["submitted"]
    assert as_publisher.post(url, fresh).status_code == 302
    assert draft_correction.versions.published().get().text_de == (
        "Nach der Prüfung ausgetauscht.")


def test_changing_a_submitted_corrections_date_returns_it_to_draft(draft_correction, editor):
    submit_correction(draft_correction, editor)
    draft_correction.refresh_from_db()
    draft_correction.effective_date = datetime.date(2024, 6, 1)
    draft_correction.save()
    assert Correction.objects.get(pk=draft_correction.pk).submitted_at is None


def test_submitting_again_after_the_edit_allows_publishing(draft_correction, editor,
                                                          publisher):
    submit_correction(draft_correction, editor)
    save_draft(draft_correction.versions.get(), 1)
    draft_correction.refresh_from_db()
    assert draft_correction.submitted_at is None
    submit_correction(draft_correction, editor)
    publish_correction(draft_correction, publisher)
    assert Correction.objects.get(pk=draft_correction.pk).is_published


def translate_post(text_en):
    return {"title_en": "", "text_en": text_en, "title_ru": "", "text_ru": "",
            "expected_revision": "1"}


def test_translations_page_then_draft_form_the_draft_form_is_refused(draft_correction,
                                                                     editor):
    draft = draft_correction.versions.get()
    client = client_for(editor)
    form_page = client.get(f"/admin/rulebook/clauseversion/{draft.pk}/change/")
    assert 'name="expected_revision" value="1"' in form_page.content.decode()
    page = client.get(f"/admin/rulebook/clauseversion/{draft.pk}/translate/")
    assert 'name="expected_revision" value="1"' in page.content.decode()
    saved = client.post(f"/admin/rulebook/clauseversion/{draft.pk}/translate/",
                        translate_post("Each player draws four cards."))
    assert saved.status_code == 302
    mine = "Jeder Spieler zieht fünf Karten."
    stale = client.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                        draft_form(draft, text_de=mine, text_en=""))
    assert stale.status_code == 200
    html = stale.content.decode()
    assert "Someone else saved this draft" in html and mine in html  # kept in the form
    stored = ClauseVersion.objects.get(pk=draft.pk)
    assert stored.text_en == "Each player draws four cards." and stored.text_de != mine
    assert stored.revision == 2


def test_draft_form_then_translations_page_the_translation_is_refused(draft_correction,
                                                                      editor):
    draft = draft_correction.versions.get()
    client = client_for(editor)
    assert client.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                       draft_form(draft, text_de="Jeder Spieler zieht sechs Karten.")
                       ).status_code == 302
    mine = "Each player draws four cards."
    stale = client.post(f"/admin/rulebook/clauseversion/{draft.pk}/translate/",
                        translate_post(mine))
    assert stale.status_code == 200
    html = stale.content.decode()
    assert "Someone else saved this draft" in html and mine in html
    stored = ClauseVersion.objects.get(pk=draft.pk)
    assert stored.text_de == "Jeder Spieler zieht sechs Karten." and not stored.text_en


def test_the_translation_service_refuses_a_draft_without_its_revision(draft_correction,
                                                                      editor):
    draft = draft_correction.versions.get()
    with pytest.raises(StaleDraftError):
        save_translations(draft, {"en": ("Text.", "", False)}, editor)
    assert not ClauseVersion.objects.get(pk=draft.pk).text_en


def test_publish_shows_a_summary_and_asks_for_confirmation(small_rulebook, draft_correction,
                                                          editor, publisher):
    draft = draft_correction.versions.get()
    draft.text_en = "Each player draws four cards."
    draft.save()
    submit_correction(draft_correction, editor)
    client = client_for(publisher)
    url = f"/admin/rulebook/correction/{draft_correction.pk}/publish/"
    page = client.get(url)
    html = page.content.decode()
    assert page.status_code == 200 and "Publish this correction?" in html
    assert "regeln · 1.1" in html and "new text replacing version 3" in html
    assert "Effective date: 1 May 2024." in html
    assert "German, English" in html
    assert 'name="confirm" value="yes"' in html
    unconfirmed = client.post(url)  # a POST without the confirmation only shows the summary
    assert unconfirmed.status_code == 200
    assert not Correction.objects.get(pk=draft_correction.pk).is_published
    assert client.post(url, confirmation(draft_correction)).status_code == 302
    assert Correction.objects.get(pk=draft_correction.pk).is_published


def test_document_language_is_read_only_in_the_admin_once_published(small_rulebook,
                                                                   admin_client):
    document = small_rulebook["document"]
    url = f"/admin/rulebook/document/{document.pk}/change/"
    form = admin_client.get(url).context["adminform"].form
    assert "language" not in form.fields and "slug" not in form.fields
    response = admin_client.post(url, {"title_de": "Regeln", "title_en": "Rules",
                                       "title_ru": "", "language": "en", "number": "",
                                       "source_url": "", "position": 0})
    assert response.status_code in (200, 302)
    assert Document.objects.get(pk=document.pk).language == "de"


def test_a_refused_change_in_the_admin_is_a_form_error_not_a_500(small_rulebook,
                                                                 admin_client, monkeypatch):
    """Should a form still offer the language (a publication since it was opened),
    the refusal is shown in the form."""
    from rulebook.admin import DocumentAdmin

    monkeypatch.setattr(DocumentAdmin, "get_readonly_fields", lambda *args, **kw: ())
    document = small_rulebook["document"]
    response = admin_client.post(
        f"/admin/rulebook/document/{document.pk}/change/",
        {"game": document.game_id, "slug": "regeln", "title_de": "Regeln", "title_en": "Rules",
         "title_ru": "", "language": "en", "number": "", "source_url": "", "position": 0,
         "source_note_de": "", "source_note_ru": "", "source_note_en": ""})
    assert response.status_code == 200
    assert "its original language cannot change" in response.content.decode()
    assert Document.objects.get(pk=document.pk).language == "de"


def _published_document_form(document, **changes):
    """The change form of a published document as posted (its editable fields)."""
    return {"number": document.number, "source_url": document.source_url,
            "position": document.position,
            **{f"source_note_{code}": getattr(document, f"source_note_{code}") or ""
               for code in ("de", "ru", "en")}, **changes}


@pytest.mark.parametrize("changes", [{"number": "9.9"}, {"source_note_de": "Geändert."},
                                     {"source_note_en": "Changed."}],
                         ids=["number", "source note de", "source note en"])
def test_a_published_documents_number_and_source_notes_are_refused_in_the_admin(
        small_rulebook, admin_client, changes):
    """Like a published section's number: nothing saved, the typed value kept in the
    form, the document page the same on every date."""
    document = small_rulebook["document"]
    with as_owner():  # as the document had them when its versions were published
        remove_guards(connection, {"rulebook_document"})
        try:
            Document.objects.filter(pk=document.pk).update(
                number="1.2.4", source_note_de="Quelle.", source_note_en="Source.")
        finally:
            install_guards(connection)
    document.refresh_from_db()
    before = admin_client.get("/de/testspiel/regeln/?as_of=2020-01-01").content.decode()
    response = admin_client.post(f"/admin/rulebook/document/{document.pk}/change/",
                                 _published_document_form(document, **changes))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was saved: published rules cannot be changed" in html
    typed = next(iter(changes.values()))
    assert f'value="{typed}"' in html or f"{typed}</textarea>" in html  # kept in the form
    stored = Document.objects.get(pk=document.pk)
    assert (stored.number, stored.source_note_de, stored.source_note_en) == (
        "1.2.4", "Quelle.", "Source.")
    assert admin_client.get("/de/testspiel/regeln/?as_of=2020-01-01").content.decode() == before


def test_a_published_clauses_depth_is_refused_in_the_admin(small_rulebook, admin_client):
    clause = small_rulebook["clause"]
    url = f"/admin/rulebook/clause/{clause.pk}/change/"
    page = admin_client.get(url).content.decode()
    response = admin_client.post(url, {**hidden_inputs(page), "depth": "2"})
    assert response.status_code == 200
    assert "Nothing was saved: published rules cannot be changed" in response.content.decode()
    assert Clause.objects.get(pk=clause.pk).depth == 0


def test_number_source_notes_and_depth_stay_editable_before_publication(db, admin_client):
    """A document without a published version, and its clause, are edited as before."""
    game = Game.objects.create(slug="neu", name_de="Neu")
    document = Document.objects.create(game=game, slug="heft", title_de="Heft", language="de")
    section = Section.objects.create(document=document, slug="a", heading_de="A")
    clause = Clause.objects.create(document=document, section=section, key="1", position=1)
    response = admin_client.post(f"/admin/rulebook/document/{document.pk}/change/", {
        "game": game.pk, "slug": "heft", "language": "de", "title_de": "Heft", "title_en": "Booklet",
        **_published_document_form(document, number="3", source_note_de="Neu.")})
    assert response.status_code == 302, response.context["adminform"].form.errors
    stored = Document.objects.get(pk=document.pk)
    assert (stored.number, stored.source_note_de) == ("3", "Neu.")
    page = admin_client.get(f"/admin/rulebook/clause/{clause.pk}/change/").content.decode()
    response = admin_client.post(f"/admin/rulebook/clause/{clause.pk}/change/", {
        **hidden_inputs(page), "document": document.pk, "section": section.pk, "key": "1",
        "label": "", "depth": "1", "position": 1})
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Clause.objects.get(pk=clause.pk).depth == 1

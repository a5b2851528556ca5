"""Structural corrections in the admin (issue 25): a clause is added at a
place in the correction's own page, with key and label proposed from the
clause before; a section of another game or document is refused with a
field error, in the add form, the draft form and the clause form.  The
changes of headings, titles and names a draft makes are listed, edited and
removed on its page (read-only once published), one per target, and a form
opened before someone else saved one is refused, the typed text kept."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from rulebook.models import (
    Clause, ClauseVersion, Correction, Document, Game, Section, StructureChange,
)
from rulebook.versioning.publishing import WorkflowError, publish_correction, submit_correction
from tests.rulebook.conftest import hidden_inputs
from tests.rulebook.test_publishing import draft_form


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def other_places(small_rulebook):
    """A second document of the same game, and a document of another game, each with a section."""
    document = Document.objects.create(game=small_rulebook["game"], slug="anhang",
                                       title_de="Anhang", language="de", position=2)
    appendix = Section.objects.create(document=document, slug="anhang-1", heading_de="Anhang")
    game = Game.objects.create(slug="anderes", name_de="Anderes Spiel")
    foreign_document = Document.objects.create(game=game, slug="regeln", title_de="Regeln",
                                               language="de")
    foreign = Section.objects.create(document=foreign_document, slug="fremd",
                                     heading_de="Fremde Regeln")
    return {"appendix": appendix, "foreign": foreign}


@pytest.fixture
def correction(small_rulebook, editor):
    return Correction.objects.create(game=small_rulebook["game"], language="de",
                                     title_de="Neue Regel", effective_date=datetime.date(2026, 3, 1),
                                     created_by=editor)


def test_a_clause_is_added_in_the_corrections_page_with_a_proposed_key(
        small_rulebook, other_places, correction, editor):
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{correction.pk}/add-clause/"
    page = client.get(url).content.decode()
    assert f'<option value="{small_rulebook["section"].pk}">regeln · 1 Ziehen</option>' in page
    assert ">anhang · Anhang</option>" in page  # same game, other document
    assert "Fremde Regeln" not in page  # another game: not offered
    after = small_rulebook["other"]  # 1.2, the last clause of the section
    data = {"section": small_rulebook["section"].pk, "after": after.pk, "key": "", "label": "",
            "title": "", "text": "Eine neue Regel."}
    proposed = client.post(url, data).content.decode()
    assert 'name="key" value="1.3"' in proposed and 'name="label" value="1.3"' in proposed
    assert not Clause.objects.filter(key="1.3").exists()
    response = client.post(url, {**data, "key": "1.3", "label": "1.3"})
    assert response.status_code == 302
    draft = ClauseVersion.objects.get(clause__key="1.3")
    assert (draft.correction, draft.number, draft.published_at, draft.text_de) == (
        correction, 1, None, "Eine neue Regel.")
    assert draft.section == small_rulebook["section"] and draft.position > 2.0
    assert correction.versions.count() == 1
    taken = client.post(url, {**data, "key": "1.1"}).content.decode()
    assert "has or had the key 1.1" in taken


def test_a_section_of_another_game_is_refused_with_a_field_error(
        small_rulebook, other_places, correction, editor):
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{correction.pk}/add-clause/"
    page = client.post(url, {"section": other_places["foreign"].pk, "after": "", "key": "9.1",
                             "label": "", "title": "", "text": "Fremd."}).content.decode()
    assert "This section belongs to another game than the correction" in page
    assert 'class="form-row errors"' in page
    assert not Clause.objects.filter(key="9.1").exists()


def test_the_draft_form_moves_within_the_document_only(small_rulebook, other_places,
                                                      draft_correction, editor):
    draft = draft_correction.versions.get()
    client = client_for(editor)
    url = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    page = client.post(url, draft_form(draft, section=other_places["appendix"].pk))
    assert "A clause stays in its document" in page.content.decode()
    assert ClauseVersion.objects.get(pk=draft.pk).section == small_rulebook["section"]
    renumbered = client.post(url, draft_form(draft, key="1.2"))
    assert "has or had the key 1.2" in renumbered.content.decode()
    response = client.post(url, draft_form(draft, key="1.5", label="1.5"))
    assert response.status_code == 302
    assert ClauseVersion.objects.get(pk=draft.pk).key == "1.5"
    assert Clause.objects.get(pk=draft.clause_id).key == "1.1"  # until published


def test_the_clause_form_refuses_a_section_of_another_document(small_rulebook, other_places,
                                                               django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client = client_for(admin)
    page = client.post("/admin/rulebook/clause/add/", {
        "document": small_rulebook["document"].pk, "section": other_places["appendix"].pk,
        "key": "1.9", "label": "", "depth": 0, "position": 9,
        "versions-TOTAL_FORMS": "0", "versions-INITIAL_FORMS": "0",
        "versions-MIN_NUM_FORMS": "0", "versions-MAX_NUM_FORMS": "1000"}).content.decode()
    assert "This section belongs to another document" in page
    assert not Clause.objects.filter(key="1.9").exists()


def test_a_key_or_label_too_long_is_a_field_error(small_rulebook, correction,
                                                  draft_correction, editor):
    """A 300-character key or printed label: a field error in the draft form and
    the add-clause form, nothing stored (on SQLite and PostgreSQL alike)."""
    client = client_for(editor)
    draft = draft_correction.versions.get()
    page = client.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                       draft_form(draft, key="1." + "9" * 298, label="L" * 300))
    html = page.content.decode()
    assert page.status_code == 200 and html.count('class="form-row errors') >= 2
    assert "at most 120 characters" in html and "at most 160 characters" in html
    assert ClauseVersion.objects.get(pk=draft.pk).key == draft.key
    added = client.post(f"/admin/rulebook/correction/{correction.pk}/add-clause/", {
        "section": small_rulebook["section"].pk, "after": small_rulebook["other"].pk,
        "key": "1." + "9" * 298, "label": "", "title": "", "text": "Eine neue Regel."})
    assert added.status_code == 200 and "at most 120 characters" in added.content.decode()
    assert correction.versions.count() == 0


def test_a_printed_label_another_clause_of_the_section_has_is_a_field_error(
        small_rulebook, correction, draft_correction, editor):
    """Adding or renumbering a clause to a label its section already prints is
    refused on the label field; the same label in another section is fine."""
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{correction.pk}/add-clause/"
    data = {"section": small_rulebook["section"].pk, "after": small_rulebook["other"].pk,
            "key": "1.3", "label": "1.2", "title": "", "text": "Eine neue Regel."}
    page = client.post(url, data).content.decode()
    assert "Another clause of this section is printed “1.2”" in page
    assert 'id="id_label_error"' in page  # on the label field
    assert not Clause.objects.filter(key="1.3").exists()
    assert client.post(url, {**data, "label": "1.3"}).status_code == 302
    draft = draft_correction.versions.get()  # a draft of 1.1
    change = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    page = client.post(change, draft_form(draft, key="1.5", label="1.2")).content.decode()
    assert "Another clause of this section is printed “1.2”" in page
    assert 'id="id_label_error"' in page
    assert ClauseVersion.objects.get(pk=draft.pk).key == "1.1"
    response = client.post(change, draft_form(draft, key="1.5", label="1.5"))
    assert response.status_code == 302


def test_check_label_reads_the_section_as_it_stands_with_the_correction(
        small_rulebook, correction, editor):
    from rulebook.versioning import structure
    from rulebook.versioning.publishing import propose_version

    section, other = small_rulebook["section"], small_rulebook["other"]
    with pytest.raises(structure.StructureError) as refused:
        structure.check_label(correction, section, "1.9", "1.2")
    assert refused.value.field == "label"
    structure.check_label(correction, section, "1.2", "", other)  # its own label
    # 1.2 renumbered to 1.4 in this correction: its old label is free in it
    moved = propose_version(correction, other, editor)
    moved.key = moved.label = "1.4"
    moved.save()
    structure.check_label(correction, section, "1.9", "1.2")
    with pytest.raises(structure.StructureError):
        structure.check_label(correction, section, "1.9", "1.4")


def _heading_change(page: str, section, name_ru: str, *, index: int = 0,
                    total: int = 1) -> dict:
    """The correction's change form as opened (``page``), with one more change of
    ``section``'s Russian heading typed into inline form ``index``."""
    return {**hidden_inputs(page), "game": section.document.game_id, "language": "de",
            "title_de": "Neue Regel", "effective_date": "2026-03-01",
            "structure_changes-TOTAL_FORMS": str(total),
            f"structure_changes-{index}-section": section.pk,
            f"structure_changes-{index}-name_ru": name_ru, "_continue": "1"}


def test_saved_heading_changes_are_listed_editable_and_removable_on_the_drafts_page(
        small_rulebook, correction, editor):
    """A saved change is on the draft's page again (INITIAL_FORMS=1, its typed
    heading in its field), and can be edited and removed there."""
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{correction.pk}/change/"
    section = small_rulebook["section"]
    response = client.post(url, _heading_change(client.get(url).content.decode(), section,
                                                "Заголовок от A"))
    assert response.status_code == 302, response.content.decode()[:3000]
    change = StructureChange.objects.get()
    page = client.get(url).content.decode()
    assert 'name="structure_changes-INITIAL_FORMS" value="1"' in page
    assert 'name="structure_changes-0-name_ru" value="Заголовок от A"' in page
    assert f'name="structure_changes-0-id" value="{change.pk}"' in page
    edited = {**hidden_inputs(page), "game": section.document.game_id, "language": "de",
              "title_de": "Neue Regel", "effective_date": "2026-03-01",
              "structure_changes-0-section": section.pk,
              "structure_changes-0-name_ru": "Заголовок от C", "_continue": "1"}
    assert client.post(url, edited).status_code == 302
    assert StructureChange.objects.get().name_ru == "Заголовок от C"
    page = client.get(url).content.decode()
    removed = {**hidden_inputs(page), "game": section.document.game_id, "language": "de",
               "title_de": "Neue Regel", "effective_date": "2026-03-01",
               "structure_changes-0-section": section.pk,
               "structure_changes-0-name_ru": "Заголовок от C",
               "structure_changes-0-DELETE": "on", "_continue": "1"}
    assert client.post(url, removed).status_code == 302
    assert not StructureChange.objects.exists()


def test_a_published_corrections_changes_are_listed_read_only(small_rulebook, correction,
                                                              editor, publisher):
    StructureChange.objects.create(correction=correction, section=small_rulebook["section"],
                                   name_ru="Заголовок от A")
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    page = client_for(publisher).get(
        f"/admin/rulebook/correction/{correction.pk}/change/").content.decode()
    assert "Заголовок от A" in page
    assert 'name="structure_changes-INITIAL_FORMS" value="1"' in page
    assert 'name="structure_changes-0-name_ru"' not in page  # shown, not editable


def test_a_second_editors_form_opened_before_the_first_save_is_refused_and_kept(
        small_rulebook, correction, editor, publisher):
    """Two editors open the draft; the first adds a heading change; the second's
    save, from the form opened before it, is refused, its typed heading kept."""
    url = f"/admin/rulebook/correction/{correction.pk}/change/"
    first, second = client_for(editor), client_for(publisher)
    opened_first = first.get(url).content.decode()
    opened_second = second.get(url).content.decode()
    section = small_rulebook["section"]
    assert first.post(url, _heading_change(opened_first, section,
                                           "Заголовок от A")).status_code == 302
    refused = second.post(url, _heading_change(opened_second, section, "Заголовок от B"))
    page = refused.content.decode()
    assert refused.status_code == 200
    assert "Someone else saved this correction while you were editing it" in page
    assert 'value="Заголовок от B"' in page  # the typed text stays in the form
    assert list(StructureChange.objects.values_list("name_ru", flat=True)) == ["Заголовок от A"]


def test_a_second_change_of_the_same_target_is_a_field_error(small_rulebook, correction,
                                                            editor, publisher):
    """One change per section, document or game in a correction: a second one is
    refused on its target field — saved before, or typed twice in one form."""
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{correction.pk}/change/"
    section = small_rulebook["section"]
    assert client.post(url, _heading_change(client.get(url).content.decode(), section,
                                            "Заголовок от A")).status_code == 302
    page = client.get(url).content.decode()
    again = client.post(url, _heading_change(page, section, "Заголовок от B", index=1,
                                             total=2) | {
        "structure_changes-0-section": section.pk,
        "structure_changes-0-name_ru": "Заголовок от A"})
    html = again.content.decode()
    assert again.status_code == 200
    assert "This correction already changes this section" in html
    assert 'value="Заголовок от B"' in html
    assert list(StructureChange.objects.values_list("name_ru", flat=True)) == ["Заголовок от A"]
    StructureChange.objects.all().delete()
    twice = {**_heading_change(client.get(url).content.decode(), section, "Заголовок от A",
                               total=2),
             "structure_changes-1-section": section.pk,
             "structure_changes-1-name_ru": "Заголовок от B"}
    html = client.post(url, twice).content.decode()
    assert "This correction already changes this section" in html
    assert not StructureChange.objects.exists()
    # The model refuses it too (and so does publishing, which validates each change).
    StructureChange.objects.create(correction=correction, document=small_rulebook["document"],
                                   name_de="Regeln A")
    with pytest.raises(ValidationError) as refused:
        StructureChange(correction=correction, document=small_rulebook["document"],
                        name_de="Regeln B").full_clean()
    assert "document" in refused.value.message_dict
    StructureChange.objects.create(correction=correction, document=small_rulebook["document"],
                                   name_de="Regeln B")  # as a database without the check had it
    submit_correction(correction, publisher)
    with pytest.raises(WorkflowError):
        publish_correction(correction, publisher)
    assert not StructureChange.objects.published().exists()


def test_a_form_opened_before_publication_is_refused_not_a_server_error(
        small_rulebook, correction, editor, publisher):
    """An editor's page opened on the draft, saved after a publisher published it: the
    read-only changes arrive as raw ids, and the one-per-target check failed with a 500
    (a breaker's table); the save is refused and the typed heading kept."""
    section = small_rulebook["section"]
    StructureChange.objects.create(correction=correction, section=section,
                                   name_ru="Заголовок от A")
    url = f"/admin/rulebook/correction/{correction.pk}/change/"
    client = client_for(editor)
    opened = client.get(url).content.decode()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    late = client.post(url, _heading_change(opened, section, "После публикации", index=1,
                                            total=2) | {
        "structure_changes-0-section": section.pk,
        "structure_changes-0-name_ru": "Заголовок от B"})
    assert late.status_code in (200, 302)
    assert list(StructureChange.objects.values_list("name_ru", flat=True)) == [
        "Заголовок от A"]
    if late.status_code == 200:
        assert "После публикации" in late.content.decode()

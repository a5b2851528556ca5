"""Publishing corrections: permission matrix, immutability, concurrency, admin log."""

import datetime

import pytest
from django.contrib.admin.models import LogEntry
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, connection, transaction
from django.test import Client

from rulebook.models import ClauseVersion, Correction, ImmutableVersionError
from tests.rulebook.conftest import TEXTS, confirmation, hidden_inputs

TEXTS_3 = TEXTS[2]
from rulebook.versioning.publishing import (
    StaleDraftError, propose_version, publish_correction, save_draft, submit_correction,
)


def client_for(user):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def roles(editor, publisher):
    return {"anonymous": None, "editor": editor, "publisher": publisher}


def draft_form(draft, **changes):
    """POST data of the admin change form of a draft version."""
    data = {"is_repeal": "", "expected_revision": draft.revision}
    for code in ("de", "ru", "en"):
        for field in ("title", "text", "source_note"):
            data[f"{field}_{code}"] = getattr(draft, f"{field}_{code}") or ""
    data.update(changes)
    return data


def correction_form(**changes):
    data = {"game": "", "language": "de", "title_de": "Korrektur Juni", "title_en": "June errata",
            "title_ru": "", "summary_de": "Karten ziehen.", "summary_en": "", "summary_ru": "",
            "effective_date": "2024-06-01",
            "versions-TOTAL_FORMS": "0", "versions-INITIAL_FORMS": "0",
            "versions-MIN_NUM_FORMS": "0", "versions-MAX_NUM_FORMS": "1000"}
    data.update(changes)
    return data


# -- the permission matrix: anonymous / editor / publisher × five actions ------------------

@pytest.mark.parametrize("role, status", [("anonymous", 302), ("editor", 200),
                                          ("publisher", 200)])
def test_matrix_view_admin(roles, role, status):
    response = client_for(roles[role]).get("/admin/")
    assert response.status_code == status
    if role == "anonymous":
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("role, created", [("anonymous", False), ("editor", True),
                                           ("publisher", True)])
def test_matrix_create_correction(roles, small_rulebook, role, created):
    data = correction_form(game=small_rulebook["game"].pk)
    response = client_for(roles[role]).post("/admin/rulebook/correction/add/", data)
    assert response.status_code == 302
    exists = Correction.objects.filter(title_de="Korrektur Juni").first()
    assert (exists is not None) == created
    if created:
        assert exists.created_by == roles[role] and exists.status() == Correction.DRAFT
    else:
        assert response["Location"].startswith("/admin/login/")


@pytest.mark.parametrize("role, saved", [("anonymous", False), ("editor", True),
                                         ("publisher", True)])
def test_matrix_edit_draft(roles, draft_correction, role, saved):
    draft = draft_correction.versions.get()
    new_text = "Jeder Spieler zieht fünf Karten."
    response = client_for(roles[role]).post(
        f"/admin/rulebook/clauseversion/{draft.pk}/change/", draft_form(draft, text_de=new_text))
    assert response.status_code == 302
    draft.refresh_from_db()
    assert (draft.text_de == new_text) == saved
    assert draft.revision == (2 if saved else 1)


@pytest.mark.parametrize("role, status, published", [("anonymous", 302, False),
                                                     ("editor", 403, False),
                                                     ("publisher", 302, True)])
def test_matrix_publish(roles, draft_correction, role, status, published):
    submit_correction(draft_correction, roles["editor"])
    response = client_for(roles[role]).post(
        f"/admin/rulebook/correction/{draft_correction.pk}/publish/",
        confirmation(draft_correction))
    assert response.status_code == status
    draft_correction.refresh_from_db()
    assert draft_correction.is_published == published
    if published:
        assert draft_correction.published_by == roles[role]
        assert ClauseVersion.objects.get(clause__key="1.1", number=4).published_by == roles[role]


@pytest.mark.parametrize("role, status", [("anonymous", 302), ("editor", 403),
                                          ("publisher", 403)])
def test_matrix_edit_published_version(roles, small_rulebook, role, status):
    version = small_rulebook["versions"][0]
    before = version.text_de
    client = client_for(roles[role])
    response = client.post(f"/admin/rulebook/clauseversion/{version.pk}/change/",
                           draft_form(version, text_de="Überschrieben."))
    assert response.status_code == status
    version.refresh_from_db()
    assert version.text_de == before


def test_superuser_cannot_edit_a_published_version_either(admin_client, small_rulebook):
    version = small_rulebook["versions"][0]
    page = admin_client.get(f"/admin/rulebook/clauseversion/{version.pk}/change/")
    assert page.status_code == 200 and 'name="text_de"' not in page.content.decode()
    response = admin_client.post(f"/admin/rulebook/clauseversion/{version.pk}/change/",
                                 draft_form(version, text_de="Überschrieben."))
    assert response.status_code == 403
    assert admin_client.post(
        f"/admin/rulebook/clauseversion/{version.pk}/delete/", {"post": "yes"}).status_code == 403
    version.refresh_from_db()
    assert version.text_de == "Ein Spieler zieht zwei Karten."


# -- immutability through save(), update(), delete() and the database ----------------------

def stored_text(version):
    return ClauseVersion.objects.filter(pk=version.pk).values_list("text_de", flat=True).get()


def test_save_of_a_published_version_is_refused(small_rulebook):
    version = small_rulebook["versions"][0]
    version.text_de = "Überschrieben."
    with pytest.raises(ImmutableVersionError):
        version.save()
    assert stored_text(version) == "Ein Spieler zieht zwei Karten."
    version.refresh_from_db()
    version.effective_date = datetime.date(1999, 1, 1)
    with pytest.raises(ImmutableVersionError):
        version.save()


def test_queryset_update_of_published_versions_is_refused(small_rulebook):
    version = small_rulebook["versions"][0]
    with pytest.raises(ImmutableVersionError):
        ClauseVersion.objects.filter(pk=version.pk).update(text_de="Überschrieben.")
    with pytest.raises(ImmutableVersionError):
        ClauseVersion.objects.all().update(effective_date=None)
    assert stored_text(version) == "Ein Spieler zieht zwei Karten."


def test_delete_of_published_versions_is_refused(small_rulebook):
    version = small_rulebook["versions"][0]
    with pytest.raises(ImmutableVersionError):
        version.delete()
    with pytest.raises(ImmutableVersionError):
        ClauseVersion.objects.filter(clause=small_rulebook["clause"]).delete()
    assert ClauseVersion.objects.filter(clause=small_rulebook["clause"]).count() == 3


def test_database_refuses_raw_update_and_delete_of_published_versions(small_rulebook):
    version = small_rulebook["versions"][0]
    table = ClauseVersion._meta.db_table
    for sql in (f"UPDATE {table} SET text_de = 'Überschrieben.' WHERE id = %s",
                f"UPDATE {table} SET effective_date = NULL WHERE id = %s",
                f"UPDATE {table} SET published_at = NULL WHERE id = %s",
                f"DELETE FROM {table} WHERE id = %s"):
        with pytest.raises(IntegrityError), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(sql, [version.pk])
    assert stored_text(version) == "Ein Spieler zieht zwei Karten."
    # A translation into another language may be added to a published version.
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET text_en = 'One player draws two cards.' "
                       f"WHERE id = %s", [version.pk])


def test_drafts_can_be_edited_and_deleted(draft_correction):
    draft = draft_correction.versions.get()
    ClauseVersion.objects.filter(pk=draft.pk).update(text_de="Entwurf")
    draft.delete()
    assert not draft_correction.versions.exists()


def test_published_correction_is_read_only(small_rulebook, publisher):
    correction = small_rulebook["corrections"][0]
    correction.effective_date = datetime.date(2000, 1, 1)
    with pytest.raises(ImmutableVersionError):
        correction.save()
    with pytest.raises(ImmutableVersionError):
        Correction.objects.filter(pk=correction.pk).delete()
    with pytest.raises(ImmutableVersionError):
        Correction.objects.filter(pk=correction.pk).update(effective_date=datetime.date(2000, 1, 1))
    assert Correction.objects.get(pk=correction.pk).effective_date == datetime.date(2021, 6, 1)
    response = client_for(publisher).post(
        f"/admin/rulebook/correction/{correction.pk}/change/",
        correction_form(game=small_rulebook["game"].pk, effective_date="2000-01-01"))
    assert response.status_code == 403


# -- concurrent editing of one draft -----------------------------------------------------

def test_second_save_from_a_stale_form_is_refused_and_the_first_kept(draft_correction, editor,
                                                                      publisher):
    draft = draft_correction.versions.get()
    url = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    first, second = client_for(editor), client_for(publisher)
    form_first = draft_form(draft, text_de="Erste Änderung.")   # both opened revision 1
    form_second = draft_form(draft, text_de="Zweite Änderung.")
    assert first.post(url, form_first).status_code == 302
    response = second.post(url, form_second)
    assert response.status_code == 200  # the form again, with the error
    html = response.content.decode()
    assert "Someone else saved this draft while you were editing it" in html
    assert "Zweite Änderung." in html  # nothing lost: the second text is still in the form
    draft.refresh_from_db()
    assert draft.text_de == "Erste Änderung." and draft.revision == 2


def test_save_draft_service_refuses_a_stale_revision(draft_correction):
    draft = draft_correction.versions.get()
    save_draft(draft, 1)
    stale = ClauseVersion.objects.get(pk=draft.pk)
    stale.text_de = "Spät."
    with pytest.raises(StaleDraftError):
        save_draft(stale, 1)
    assert ClauseVersion.objects.get(pk=draft.pk).text_de != "Spät."


def test_publishing_a_draft_based_on_a_superseded_version_is_refused(small_rulebook, editor,
                                                                      publisher):
    game, clause = small_rulebook["game"], small_rulebook["clause"]
    one = Correction.objects.create(game=game, language="de", title_de="A",
                                    effective_date=datetime.date(2024, 1, 1))
    two = Correction.objects.create(game=game, language="de", title_de="B",
                                    effective_date=datetime.date(2024, 2, 1))
    draft_one = propose_version(one, clause, editor)
    draft_one.text_de = "Text A."
    draft_one.save()
    draft_two = propose_version(two, clause, editor)
    draft_two.text_de = "Text B."
    draft_two.save()
    submit_correction(one, editor)
    submit_correction(two, editor)
    publish_correction(one, publisher)
    with pytest.raises(StaleDraftError):
        publish_correction(two, publisher)
    two.refresh_from_db()
    assert not two.is_published
    assert ClauseVersion.objects.get(pk=draft_two.pk).text_de == "Text B."  # nothing lost


def test_editor_cannot_publish_through_the_service(draft_correction, editor):
    with pytest.raises(PermissionDenied):
        publish_correction(draft_correction, editor)


# -- the admin log -------------------------------------------------------------------------

def test_every_publish_is_in_the_admin_log_and_on_the_history_page(client, draft_correction,
                                                                    editor, publisher):
    submit_correction(draft_correction, editor)
    draft_correction.refresh_from_db()
    assert draft_correction.status() == Correction.SUBMITTED
    publish_correction(draft_correction, publisher)
    version = ClauseVersion.objects.get(clause__key="1.1", number=4)
    entries = LogEntry.objects.filter(user=publisher)
    messages = {(e.object_id, e.get_change_message()) for e in entries}
    assert (str(version.pk), "Published as version 4, in force from 2024-05-01.") in messages
    assert (str(draft_correction.pk), "Published (1 clause versions).") in messages
    assert LogEntry.objects.filter(user=editor, change_message="Submitted for review.").exists()
    html = client.get("/en/testspiel/regeln/1.1/history/").content.decode()
    assert "by paul," in html


# -- the whole path through the admin, as a browser would -----------------------------------

def test_editor_proposes_and_submits_publisher_publishes_through_the_admin(
        client, small_rulebook, editor, publisher):
    as_editor, as_publisher = client_for(editor), client_for(publisher)
    game, clause = small_rulebook["game"], small_rulebook["clause"]
    response = as_editor.post("/admin/rulebook/correction/add/",
                              correction_form(game=game.pk, effective_date="2024-06-01"))
    correction = Correction.objects.get(title_de="Korrektur Juni")
    propose = as_editor.post(f"/admin/rulebook/correction/{correction.pk}/propose/",
                             {"clause": clause.pk})
    draft = correction.versions.get()
    assert propose["Location"] == f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    assert draft.text_de == small_rulebook["versions"][2].text_de  # prefilled
    assert as_editor.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                          draft_form(draft, text_de="Jeder Spieler zieht drei Karten am Ende.")
                          ).status_code == 302
    preview = as_editor.get(f"/admin/rulebook/correction/{correction.pk}/preview/")
    html = preview.content.decode()
    assert "<del><span class=\"diff-marker\">[-</span>Anfang<span" in html
    assert "<ins><span class=\"diff-marker\">[+</span>Ende<span" in html
    assert 'href="/admin/rulebook/correction/%d/publish/"' % correction.pk not in html
    as_editor.post(f"/admin/rulebook/correction/{correction.pk}/submit/")
    assert as_editor.post(f"/admin/rulebook/correction/{correction.pk}/publish/",
                          confirmation(correction)).status_code == 403
    page = as_publisher.get(f"/admin/rulebook/correction/{correction.pk}/change/")
    assert f'href="/admin/rulebook/correction/{correction.pk}/publish/"' in page.content.decode()
    confirm = as_publisher.get(f"/admin/rulebook/correction/{correction.pk}/publish/")
    assert "Publish now" in confirm.content.decode()
    assert as_publisher.post(f"/admin/rulebook/correction/{correction.pk}/publish/",
                             confirmation(correction)).status_code == 302
    correction.refresh_from_db()
    assert correction.is_published and correction.published_by == publisher
    assert response.status_code == 302
    # The reader's side.
    detail = client.get(f"/en/testspiel/corrections/{correction.number}/").content.decode()
    assert "June errata" in detail and "Ende<span" in detail and "<del>" in detail
    history = client.get("/en/testspiel/regeln/1.1/history/?from=3&to=4").content.decode()
    assert "[-</span>Anfang<span" in history and "[+</span>Ende<span" in history
    assert "Jeder Spieler zieht drei Karten am Ende." in client.get(
        "/en/testspiel/regeln/1.1/?as_of=2024-06-01").content.decode()
    assert "Jeder Spieler zieht drei Karten am Ende." not in client.get(
        "/en/testspiel/regeln/1.1/?as_of=2024-05-31").content.decode()


def test_propose_refuses_a_clause_of_another_game(seeded, draft_correction, editor):
    from rulebook.models import Clause

    foreign = Clause.objects.get(key="107.2")
    response = client_for(editor).post(
        f"/admin/rulebook/correction/{draft_correction.pk}/propose/", {"clause": foreign.pk})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_correction_title_is_required_in_its_original_language_only(small_rulebook, editor):
    client = client_for(editor)
    ok = client.post("/admin/rulebook/correction/add/",
                     correction_form(game=small_rulebook["game"].pk, title_en=""))
    assert ok.status_code == 302
    missing = client.post("/admin/rulebook/correction/add/",
                          correction_form(game=small_rulebook["game"].pk, title_de="",
                                          title_en="Only English"))
    assert missing.status_code == 200
    assert "Give the title in the original language of the correction (de)." in (
        missing.content.decode())
    assert not Correction.objects.filter(title_en="Only English").exists()


def test_guards_come_back_after_a_migration_drops_them(small_rulebook):
    """SQLite drops triggers when a migration rebuilds the table; post_migrate restores them."""
    from rulebook.versioning.guards import install_guards_after_migrate, remove_guards

    from tests.site_role import as_owner

    version = small_rulebook["versions"][0]
    with as_owner():  # a migration: the owner's
        remove_guards(connection)
        with connection.cursor() as cursor:  # unguarded now
            cursor.execute("UPDATE rulebook_clauseversion SET source_note_de = 'x' "
                           "WHERE id = %s", [version.pk])
        install_guards_after_migrate(sender=None, using="default")
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_clauseversion SET text_de = 'y' WHERE id = %s",
                           [version.pk])
    assert stored_text(version) == "Ein Spieler zieht zwei Karten."


def test_a_translation_sent_back_untouched_from_a_browser_stays_out_of_date(
        small_rulebook, editor, publisher):
    """A browser sends a textarea's lines with CR LF and the form strips the ends: the
    Russian text an editor left untouched while changing the German is still the
    translation of the earlier original, so readers see "may be out of date"."""
    version = small_rulebook["versions"][2]
    russian = "Каждый игрок берёт три карты.\n\nВ начале игры.\n"
    with connection.cursor() as cursor:  # translations are allowed on published rows
        cursor.execute("UPDATE rulebook_clauseversion SET text_ru = %s, translated_from_ru = %s "
                       "WHERE id = %s", [russian, version.digest, version.pk])
    correction = Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Korrektur Juli",
        effective_date=datetime.date(2024, 7, 1), created_by=editor)
    draft = propose_version(correction, small_rulebook["clause"], editor)
    assert draft.text_ru == russian
    browser = {name: value.replace("\n", "\r\n") if isinstance(value, str) else value
               for name, value in draft_form(draft, text_de="Jeder Spieler zieht vier Karten.\n"
                                             "\nAm Anfang.").items()}
    response = client_for(editor).post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                                       browser)
    assert response.status_code == 302
    draft.refresh_from_db()
    # stored with the line ends of every other text (HTML sends CR LF, the text is the same)
    assert draft.text_de == "Jeder Spieler zieht vier Karten.\n\nAm Anfang."
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    published = ClauseVersion.objects.get(pk=draft.pk)
    assert published.text_ru.strip() == russian.strip() and "\r" not in published.text_ru
    assert published.translated_from_ru == version.digest != published.digest
    assert published.translation_outdated("ru")


def test_translator_updates_and_confirms_through_the_admin(small_rulebook, editor):
    version = small_rulebook["versions"][2]
    client = client_for(editor)
    url = f"/admin/rulebook/clauseversion/{version.pk}/translate/"
    page = client.get(url)
    assert page.status_code == 200 and 'name="text_en"' in page.content.decode()
    assert 'name="text_de"' not in page.content.decode()  # the original is not editable here
    response = client.post(url, {"title_en": "", "text_en": "Each player draws three cards.",
                                 "title_ru": "", "text_ru": "",
                                 **hidden_inputs(page.content.decode())})
    assert response.status_code == 302
    version.refresh_from_db()
    assert version.text_en == "Each player draws three cards." and version.text_de == TEXTS_3
    assert not version.translation_outdated("en")
    assert LogEntry.objects.filter(user=editor, object_id=str(version.pk),
                                   change_message="Translation (en) updated.").exists()
    assert client_for(None).get(url).status_code == 302  # anonymous: to the login page


def test_admin_lists_versions_whose_translation_may_be_out_of_date(small_rulebook, admin_client):
    old, new = small_rulebook["versions"][1], small_rulebook["versions"][2]
    with connection.cursor() as cursor:  # translations are allowed on published rows
        cursor.execute("UPDATE rulebook_clauseversion SET text_en = 'stale', translated_from_en = "
                       "%s WHERE id = %s", [old.digest, new.pk])
    html = admin_client.get("/admin/rulebook/clauseversion/?outdated=en").content.decode()
    assert "1.1 v3" in html and "1.1 v2" not in html


def test_deleting_a_draft_correction_deletes_its_drafts(draft_correction, editor):
    draft = draft_correction.versions.get()
    response = client_for(editor).post(
        f"/admin/rulebook/correction/{draft_correction.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not ClauseVersion.objects.filter(pk=draft.pk).exists()
    assert ClauseVersion.objects.filter(clause__key="1.1").count() == 3


def test_a_new_clause_has_no_public_page_before_it_is_published(client, small_rulebook):
    from rulebook.models import Clause

    Clause.objects.create(document=small_rulebook["document"], section=small_rulebook["section"],
                          key="1.9", position=9)
    assert client.get("/en/testspiel/regeln/1.9/").status_code == 404
    assert "/en/testspiel/regeln/1.9/" not in client.get("/sitemap.xml").content.decode()


@pytest.mark.parametrize("path", ["/admin/rulebook/correction/{pk}/propose/",
                                  "/admin/rulebook/correction/{pk}/preview/",
                                  "/admin/rulebook/correction/{pk}/change/",
                                  "/admin/rulebook/clauseversion/{draft}/change/",
                                  "/admin/rulebook/clauseversion/{draft}/translate/"])
def test_anonymous_users_reach_no_editorial_page(draft_correction, path):
    url = path.format(pk=draft_correction.pk, draft=draft_correction.versions.get().pk)
    for method in ("get", "post"):
        response = getattr(Client(), method)(url)
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    draft_correction.refresh_from_db()
    assert draft_correction.status() == Correction.DRAFT


def test_submit_is_refused_without_proposed_text(small_rulebook, editor):
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Leer", effective_date=datetime.date(2024, 1, 1))
    response = client_for(editor).post(f"/admin/rulebook/correction/{correction.pk}/submit/",
                                       follow=True)
    assert "Propose the new text of at least one clause before submitting." in (
        response.content.decode())
    correction.refresh_from_db()
    assert correction.submitted_at is None


def test_a_draft_that_changes_nothing_is_not_published(small_rulebook, editor, publisher):
    from rulebook.versioning.publishing import WorkflowError

    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Nichts", effective_date=datetime.date(2024, 1, 1))
    propose_version(correction, small_rulebook["clause"], editor)  # prefilled, unchanged
    preview = client_for(editor).get(f"/admin/rulebook/correction/{correction.pk}/preview/")
    assert "This draft does not change the text yet" in preview.content.decode()
    submit_correction(correction, editor)
    with pytest.raises(WorkflowError, match="is the same as the current one"):
        publish_correction(correction, publisher)
    correction.refresh_from_db()
    assert not correction.is_published

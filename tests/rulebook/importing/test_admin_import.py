"""The admin's "Import a source page": permission, form errors, preview, import.

The admin and ``manage.py import_rules`` share :func:`rulebook.importing.import_source`;
a page imported in the admin is, for the next ``import_rules``, what it
imported itself (nothing new, nothing drafted).
"""

import dataclasses
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from rulebook import importing
from rulebook.importing import admin as import_admin
from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, ImportedText

URL = "/admin/rulebook/document/import/"
SEEDS = Path("/work/shared/seeds")
SOURCES = Path(__file__).resolve().parents[3] / "rulebook" / "sources"
BERSERK = (SOURCES / "berserk-comprehensive-rules.txt").read_text(encoding="utf-8")
POWER_DUELL = (SOURCES / "power-duell-schutzgottkarten.txt").read_text(encoding="utf-8")


def user_with(*codenames, username="importer"):
    user = get_user_model().objects.create_user(username, is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def importer(db):
    return user_with("add_document", "add_clauseversion", "add_game", "view_document",
                     "change_document", "change_correction", "view_correction")


@pytest.fixture
def admin_client(client, importer):
    client.force_login(importer)
    return client


def new_berserk(**overrides):
    """Form data: the Berserk page as a new document of a new game (the manifest's data)."""
    data = {"page": BERSERK, "kind": "auto", "format": "numbered", "game": "",
            "new_game_slug": "berserk", "new_game_name": "Берсерк", "document": "",
            "slug": "comprehensive-rules", "number": "106–109", "title": "Полные правила",
            "language": "ru", "source_url": ""}
    data.update(overrides)
    return data


def preview(client, data):
    response = client.post(URL, {**data, "_preview": "x"})
    assert response.status_code == 200
    return response


def errors(response) -> dict:
    return {name: list(errs) for name, errs in response.context["form"].errors.items()}


# -- who may import -------------------------------------------------------

def test_only_users_who_may_add_documents_and_clause_versions_may_import(client, db):
    for codenames in ((), ("add_document",), ("add_clauseversion",)):
        user = user_with(*codenames, username="u" + "-".join(codenames))
        client.force_login(user)
        assert client.get(URL).status_code == 403
        assert client.post(URL, {**new_berserk(), "_import": "x"}).status_code == 403
    assert not Document.objects.exists()
    client.force_login(user_with("add_document", "add_clauseversion", username="both"))
    assert client.get(URL).status_code == 200


def test_the_link_is_on_the_index_and_the_documents_list_for_importers_only(client, db):
    link = f'href="{URL}"'
    client.force_login(user_with("add_document", "add_clauseversion", "view_document"))
    assert link in client.get("/admin/").content.decode()
    assert link in client.get("/admin/rulebook/document/").content.decode()
    client.force_login(user_with("view_document", "add_clauseversion", username="reader"))
    assert link not in client.get("/admin/").content.decode()
    assert link not in client.get("/admin/rulebook/document/").content.decode()


def test_a_new_game_needs_the_permission_to_add_games(client, db):
    client.force_login(user_with("add_document", "add_clauseversion"))
    response = preview(client, new_berserk())
    assert "new_game_slug" in errors(response)
    assert response.context["preview"] is None


# -- the preview ----------------------------------------------------------

def test_preview_shows_structure_dates_and_junk_and_stores_nothing(admin_client):
    response = preview(admin_client, new_berserk())
    assert not errors(response)
    shown = response.context["preview"]
    assert [item["section"].number for item in shown["sections"]] == ["106", "107", "108", "109"]
    labels = [clause.label for item in shown["sections"] for clause, _exists in item["clauses"]]
    assert len(labels) == 12 and "107.2" in labels
    assert [(block.reason, block.first_line) for block, _why in shown["removed"]] == [
        ("pagination", 73), ("share button", 75), ("unrelated list", 77)]
    assert shown["removed"][2][0].text.startswith("Популярное")
    html = response.content.decode()
    assert "Популярное" in html and "pagination links" in html
    assert not shown["published"] and shown["clause_count"] == 12
    # The page comes back as text, with the digest of what was previewed.
    form = response.context["form"]
    assert form.initial["page"] == BERSERK and form.initial["previewed"]
    assert not Game.objects.exists() and not Document.objects.exists()
    assert not ClauseVersion.objects.exists()


def test_preview_lists_the_dates_the_page_gives(admin_client):
    data = new_berserk(page=POWER_DUELL, format="chapter", new_game_slug="power-duell",
                       new_game_name="Power-Duell", slug="schutzgottkarten", number="1.2.4",
                       title="Schutzgottkarten", language="de")
    shown = preview(admin_client, data).context["preview"]
    assert [(str(date), correction) for date, correction, _headings in shown["dates"]] == [
        ("2022-11-07", ""), ("2023-01-25", "Schutzgottkarten » negativ-positiv-Wirkung")]
    assert shown["dates"][1][2] == ["negativ-positiv-Wirkung"]
    html = preview(admin_client, data).content.decode()
    assert "edited on 7 November 2022" in html
    assert "rule correction of 25 January 2023: “Schutzgottkarten » negativ-positiv-Wirkung”" in html


# -- importing ------------------------------------------------------------

def imported(client, data):
    """Preview, then import what was previewed; the import's response."""
    form = preview(client, data).context["form"]
    return client.post(URL, {**data, "page": form.initial["page"], "kind": "text",
                             "previewed": form.initial["previewed"], "_import": "x"})


def test_import_publishes_a_new_document_as_version_1_like_import_rules(admin_client, sources):
    spec = sources["berserk/comprehensive-rules"]
    response = imported(admin_client, new_berserk(source_url=""))
    document = Document.objects.get(game__slug="berserk", slug="comprehensive-rules")
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:rulebook_document_change", args=[document.pk])
    assert document.language == "ru" and document.title_ru == "Полные правила"
    versions = ClauseVersion.objects.filter(clause__document=document)
    assert versions.count() == 12 and set(versions.values_list("number", flat=True)) == {1}
    assert all(version.is_published for version in versions)
    assert versions.get(clause__key="107.2").text_ru.startswith("Атака простым ударом")
    # The same page through import_rules' path is, for it, what it imported itself.
    report = importing.import_source(spec)
    assert (report.created_versions, report.created_clauses, report.drafted) == (0, 0, 0)
    assert report.unchanged == 12 and report.missing_from_source == []


def test_the_admin_and_import_rules_call_the_same_function(admin_client, monkeypatch):
    calls = []
    real = importing.import_source

    def spy(spec, text=None, **kwargs):
        calls.append((spec, text))
        return real(spec, text, **kwargs)

    monkeypatch.setattr(import_admin, "import_source", spy)
    imported(admin_client, new_berserk())
    [(spec, text)] = calls
    assert isinstance(spec, importing.SourceSpec) and text == BERSERK
    assert (spec.game, spec.document, spec.format, spec.language) == (
        "berserk", "comprehensive-rules", "numbered", "ru")


def test_import_fills_the_sites_translations_of_the_document(admin_client):
    imported(admin_client, new_berserk())
    version = ClauseVersion.objects.get(clause__key="107.1")
    assert version.text_de and version.translated_from_de == version.digest


def test_existing_published_document_gets_one_draft_correction(admin_client, seeded):
    document = Document.objects.get(slug="comprehensive-rules")
    published = ClauseVersion.objects.published().count()
    changed = BERSERK.replace("Главной фазы его хода.", "Главной фазы своего хода.")
    data = new_berserk(page=changed, game=str(document.game_id), new_game_slug="",
                       new_game_name="", document=str(document.pk), slug="", title="")
    shown = preview(admin_client, data).context["preview"]
    assert shown["published"] and shown["new_clauses"] == 0
    response = imported(admin_client, data)
    correction = Correction.objects.get(published_at__isnull=True)
    assert response["Location"] == reverse("admin:rulebook_correction_change",
                                           args=[correction.pk])
    assert ClauseVersion.objects.published().count() == published
    draft = ClauseVersion.objects.drafts().get()
    assert draft.clause.key == "107.2" and draft.text_ru.endswith("своего хода.")


def test_an_uploaded_file_is_previewed_then_imported_under_its_name(admin_client, seeded):
    document = Document.objects.get(slug="comprehensive-rules")
    changed = BERSERK.replace("Главной фазы его хода.", "Главной фазы своего хода.")
    data = new_berserk(page="", game=str(document.game_id), new_game_slug="",
                       new_game_name="", document=str(document.pk), slug="", title="")
    upload = SimpleUploadedFile("berserk-2026.txt", changed.encode("utf-8"))
    form = admin_client.post(URL, {**data, "page_file": upload, "_preview": "x"}
                             ).context["form"]
    assert form.initial["page_name"] == "berserk-2026.txt"
    response = admin_client.post(URL, {**data, "page": form.initial["page"], "kind": "text",
                                       "page_name": form.initial["page_name"],
                                       "previewed": form.initial["previewed"],
                                       "_import": "x"})
    correction = Correction.objects.get(published_at__isnull=True)
    assert response.status_code == 302
    assert "berserk-2026.txt" in correction.summary_en


def test_a_document_stored_at_the_same_moment_is_a_message_not_a_500(admin_client,
                                                                    monkeypatch):
    from django.db import IntegrityError

    def clash(spec, text=None, **kwargs):
        raise IntegrityError("document_unique_slug_per_game")

    monkeypatch.setattr(import_admin, "import_source", clash)
    response = imported(admin_client, new_berserk())
    assert response.status_code == 200 and response.context["preview"] is not None
    assert "at the same moment" in response.content.decode()
    assert not Document.objects.exists()


def test_import_of_what_was_not_previewed_previews_again(admin_client):
    data = new_berserk()
    form = preview(admin_client, data).context["form"]
    response = admin_client.post(URL, {**data, "page": BERSERK.replace("106", "116", 1),
                                       "previewed": form.initial["previewed"],
                                       "_import": "x"})
    assert response.status_code == 200 and response.context["preview"] is not None
    assert not Document.objects.exists()


def test_an_uploaded_html_page_is_read_as_its_text(admin_client):
    html = ("<html><head><title>x</title><script>var a;</script></head><body>"
            "<h1>Ziel</h1><p>Ein Text über Ziele.</p><ul><li>Erster Punkt.<ul>"
            "<li>Unterpunkt.</li></ul></li></ul><p>Teilen:</p></body></html>")
    upload = SimpleUploadedFile("ziel.html", html.encode("utf-8"), "text/html")
    response = admin_client.post(URL, {**new_berserk(page="", format="glossary",
                                                     new_game_slug="mc", new_game_name="MC",
                                                     slug="ziel", title="Ziel", language="de"),
                                       "page_file": upload, "_preview": "x"})
    assert not errors(response)
    shown = response.context["preview"]
    clauses = [(c.key, c.text) for item in shown["sections"] for c, _e in item["clauses"]]
    assert clauses == [("ziel.p1", "Ein Text über Ziele."), ("ziel.p2", "Erster Punkt."),
                       ("ziel.p2.1", "Unterpunkt.")]
    assert [block.reason for block, _why in shown["removed"]] == ["share button"]
    assert "var a" not in response.context["form"].initial["page"]


# -- bad input: a field's error, never a 500 ------------------------------

@pytest.mark.parametrize("overrides, field", [
    ({"page": "   \n"}, "page"),
    ({"format": "chapter"}, "page"),           # Berserk's page is not a chapter page
    ({"format": "nonsense"}, "format"),
    ({"slug": "", "title": ""}, "slug"),
    ({"language": ""}, "language"),
    ({"new_game_slug": "kein slug!"}, "new_game_slug"),
    ({"new_game_name": ""}, "new_game_name"),
    ({"source_url": "not an address"}, "source_url"),
])
def test_bad_input_is_an_error_on_its_field(admin_client, overrides, field):
    response = preview(admin_client, new_berserk(**overrides))
    assert field in errors(response), errors(response)
    assert response.context["preview"] is None and not Document.objects.exists()


def test_wrong_format_names_the_format_and_the_problem(admin_client):
    [message] = errors(preview(admin_client, new_berserk(format="chapter")))["page"]
    assert "“chapter”" in message and "text before the first heading" in message


def test_a_file_not_in_utf8_is_an_error_on_the_file(admin_client):
    upload = SimpleUploadedFile("seite.txt", "Ziel\n\nFähigkeit wählt ein Ziel.".encode("cp1252"))
    response = preview(admin_client, new_berserk(page="", page_file=upload))
    assert "UTF-8" in errors(response)["page_file"][0]


def test_a_file_too_big_is_an_error_on_the_file(admin_client, monkeypatch):
    monkeypatch.setattr(import_admin, "MAX_PAGE_BYTES", 1000)
    upload = SimpleUploadedFile("seite.txt", BERSERK.encode("utf-8"))
    response = preview(admin_client, new_berserk(page="", page_file=upload))
    assert "2 MB" in errors(response)["page_file"][0]


def test_an_existing_slug_or_a_document_of_another_game_is_refused(admin_client, seeded):
    berserk = Document.objects.get(slug="comprehensive-rules")
    marvel = Document.objects.get(slug="referenzhandbuch")
    assert "new_game_slug" in errors(preview(admin_client, new_berserk()))
    response = preview(admin_client, new_berserk(game=str(berserk.game_id), new_game_slug=""))
    assert "slug" in errors(response)
    response = preview(admin_client, new_berserk(game=str(berserk.game_id),
                                                 document=str(marvel.pk)))
    assert "document" in errors(response)

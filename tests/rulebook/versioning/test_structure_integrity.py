"""A clause's section belongs to the clause's document, a section's parent to the
section's document (issue 25): refused through the ORM, the admin (a field
error, not a 500) and raw SQL (the triggers of migration 0011), on SQLite and
PostgreSQL; the admin's section lists offer the chosen document's sections."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction

from rulebook.models import Clause, Document, Game, Section
from tests.rulebook.conftest import hidden_inputs


@pytest.fixture
def other(small_rulebook):
    """A section "angriff" of another game's document (the Berserk of the issue)."""
    game = Game.objects.create(slug="berserk", name_ru="Берсерк")
    document = Document.objects.create(game=game, slug="pravila", title_ru="Правила",
                                       language="ru")
    return Section.objects.create(document=document, slug="angriff", heading_ru="Атака",
                                  position=1)


def rows():
    return (sorted(Clause.objects.values_list("pk", "document_id", "section_id")),
            sorted(Section.objects.values_list("pk", "document_id", "parent_id")))


def test_the_orm_refuses_a_section_of_another_document(small_rulebook, other):
    before = rows()
    clause = Clause(document=small_rulebook["document"], section=other, key="9.9")
    with pytest.raises(ValidationError) as refused:
        clause.full_clean()
    assert list(refused.value.message_dict) == ["section"]
    with pytest.raises(ValidationError):
        clause.save()
    moved = Clause.objects.get(pk=small_rulebook["other"].pk)
    moved.section = other
    with pytest.raises(ValidationError):
        moved.save()
    child = Section(document=small_rulebook["document"], parent=other, slug="unter")
    with pytest.raises(ValidationError) as refused:
        child.full_clean()
    assert list(refused.value.message_dict) == ["parent"]
    with pytest.raises(ValidationError):
        child.save()
    assert rows() == before


@pytest.mark.parametrize("sql", [
    "INSERT INTO rulebook_clause (document_id, section_id, key, label, depth, position) "
    "VALUES (%(document)s, %(other)s, '9.9', '', 0, 9)",
    "UPDATE rulebook_clause SET section_id = %(other)s WHERE id = %(clause)s",
    "INSERT INTO rulebook_section (document_id, parent_id, slug, number, heading, position) "
    "VALUES (%(document)s, %(other)s, 'unter', '', '', 9)",
    "UPDATE rulebook_section SET parent_id = %(other)s WHERE id = %(section)s",
    # a section of a published document: its document is fixed as well (guards)
    "UPDATE rulebook_section SET document_id = %(other_document)s WHERE id = %(section)s",
], ids=["new clause", "clause moved", "new section", "section's parent", "section moved"])
def test_sql_is_refused_on_the_database(small_rulebook, other, sql):
    before = rows()
    ids = {"document": small_rulebook["document"].pk, "other": other.pk,
           "clause": small_rulebook["other"].pk, "section": small_rulebook["section"].pk,
           "other_document": other.document_id}
    with pytest.raises(IntegrityError) as refused, transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute(sql, ids)
    assert ("belong to the same document" in str(refused.value)
            or ("document_id" in sql and "immutable" in str(refused.value)))
    assert rows() == before


def test_sql_within_one_document_is_allowed(small_rulebook):
    sub = Section.objects.create(document=small_rulebook["document"], slug="unter", position=2)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_section SET parent_id = %s WHERE id = %s",
                       [small_rulebook["section"].pk, sub.pk])
        cursor.execute("UPDATE rulebook_clause SET section_id = %s WHERE id = %s",
                       [sub.pk, small_rulebook["other"].pk])
    assert Clause.objects.get(pk=small_rulebook["other"].pk).section_id == sub.pk


def test_the_admin_refuses_it_as_a_field_error(admin_client, small_rulebook, other):
    page = admin_client.get("/admin/rulebook/clause/add/").content.decode()
    # Every section is offered with its document, for the script that keeps
    # only the chosen document's.
    assert re.search(rf'<option value="{other.pk}" data-document="{other.document_id}"', page)
    form = {**hidden_inputs(page), "document": small_rulebook["document"].pk,
            "section": other.pk, "key": "9.9", "label": "", "depth": 0, "position": 9}
    response = admin_client.post("/admin/rulebook/clause/add/", form)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert list(errors) == ["section"] and "another document" in errors["section"][0]
    assert not Clause.objects.filter(key="9.9").exists()
    # Its own document's section is accepted.
    form["section"] = small_rulebook["section"].pk
    assert admin_client.post("/admin/rulebook/clause/add/", form).status_code == 302
    assert Clause.objects.get(key="9.9").section == small_rulebook["section"]


def test_the_admin_refuses_a_parent_of_another_document(admin_client, small_rulebook, other):
    page = admin_client.get("/admin/rulebook/section/add/").content.decode()
    form = {**hidden_inputs(page), "document": small_rulebook["document"].pk,
            "parent": other.pk, "slug": "unter", "number": "", "position": 3,
            "heading_de": "Unter"}
    response = admin_client.post("/admin/rulebook/section/add/", form)
    assert response.status_code == 200
    assert list(response.context["adminform"].form.errors) == ["parent"]
    assert not Section.objects.filter(slug="unter").exists()


def test_the_admin_offers_a_clause_only_its_documents_sections(admin_client, small_rulebook,
                                                                 other):
    # A clause not published yet (a published one's section changes only by
    # a correction: its change page shows it read-only).
    published = small_rulebook["clause"]
    page = admin_client.get(f"/admin/rulebook/clause/{published.pk}/change/").content.decode()
    assert 'name="section"' not in page
    clause = Clause.objects.create(document=small_rulebook["document"],
                                   section=small_rulebook["section"], key="9.8", label="9.8",
                                   position=98)
    page = admin_client.get(f"/admin/rulebook/clause/{clause.pk}/change/").content.decode()
    select = page[page.index('name="section"'):page.index("</select>", page.index('name="section"'))]
    assert f'value="{small_rulebook["section"].pk}"' in select
    assert f'value="{other.pk}"' not in select


def test_published_headings_change_only_by_a_correction(admin_client, small_rulebook):
    section = small_rulebook["section"]
    page = admin_client.get(f"/admin/rulebook/section/{section.pk}/change/").content.decode()
    assert 'name="heading_de"' not in page and 'name="slug"' not in page
    assert "Ziehen" in page
    document = small_rulebook["document"]
    page = admin_client.get(f"/admin/rulebook/document/{document.pk}/change/").content.decode()
    assert 'name="title_de"' not in page
    game = small_rulebook["game"]
    page = admin_client.get(f"/admin/rulebook/game/{game.pk}/change/").content.decode()
    assert 'name="name_de"' not in page

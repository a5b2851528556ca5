"""A published ruling is immutable on SQLite and PostgreSQL, whoever writes: the ORM's
save(), QuerySet.update() and delete(), and raw SQL are refused and the rows stay as
they were.  Only its status may move once, from current to superseded or withdrawn,
and translations of its question and answer may be added."""

import datetime

import pytest
from django.db import IntegrityError, connection, models, transaction

from rulebook.models import ImmutableVersionError, Ruling, RulingClause
from rulebook.rulings import workflow
from tests.rulebook.rulings.conftest import make_draft, publish


def snapshot():
    """Every column of every ruling and clause link, as comparable values."""
    return {"rulings": sorted(Ruling.objects.values_list(*[
                f.attname for f in Ruling._meta.concrete_fields])),
            "links": sorted(RulingClause.objects.values_list(
                "pk", "ruling_id", "clause_id", "version_id", "position"))}


@pytest.fixture
def ids(published_ruling, small_rulebook, editor):
    """Ids of the published ruling, its clause link, the other clause and a draft ruling."""
    draft = make_draft(small_rulebook["game"], [small_rulebook["other"]], editor)
    return {"ruling": published_ruling.pk, "link": published_ruling.interpretations.get().pk,
            "other_clause": small_rulebook["other"].pk, "draft": draft.pk,
            "other_version": small_rulebook["versions"][0].pk}


SQL_ROUTES = {
    "changing the original answer": "UPDATE rulebook_ruling SET answer_de = 'Nein.' "
                                    "WHERE id = %(ruling)s",
    "changing the original question": "UPDATE rulebook_ruling SET question_de = 'Anders?' "
                                      "WHERE id = %(ruling)s",
    "changing the original language": "UPDATE rulebook_ruling SET language = 'en' "
                                      "WHERE id = %(ruling)s",
    "changing the date": "UPDATE rulebook_ruling SET source_date = '2000-01-01' "
                         "WHERE id = %(ruling)s",
    "changing the source": "UPDATE rulebook_ruling SET source_title = 'Andere Quelle' "
                           "WHERE id = %(ruling)s",
    "changing the number": "UPDATE rulebook_ruling SET number = 77 WHERE id = %(ruling)s",
    "unpublishing": "UPDATE rulebook_ruling SET published_at = NULL WHERE id = %(ruling)s",
    "changing the id": "UPDATE rulebook_ruling SET id = 999999 WHERE id = %(ruling)s",
    "deleting": "DELETE FROM rulebook_ruling WHERE id = %(ruling)s",
    "moving a link to another clause": "UPDATE rulebook_rulingclause SET clause_id = "
                                       "%(other_clause)s WHERE id = %(link)s",
    "changing the version interpreted": "UPDATE rulebook_rulingclause SET version_id = "
                                        "%(other_version)s WHERE id = %(link)s",
    "deleting a link": "DELETE FROM rulebook_rulingclause WHERE id = %(link)s",
    "adding a clause": "INSERT INTO rulebook_rulingclause (ruling_id, clause_id, position) "
                       "VALUES (%(ruling)s, %(other_clause)s, 5)",
}


@pytest.mark.parametrize("route", list(SQL_ROUTES))
def test_raw_sql_is_refused_and_the_rows_stay(ids, route):
    before = snapshot()
    with pytest.raises(IntegrityError, match="published rules are immutable"):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(SQL_ROUTES[route], ids)
    assert snapshot() == before


def test_replacing_the_published_row_is_refused(ids):
    """SQLite's INSERT OR REPLACE, PostgreSQL's INSERT … ON CONFLICT DO UPDATE."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM rulebook_ruling WHERE id = %s", [ids["ruling"]])
        names = [column[0] for column in cursor.description]
    cols = ", ".join(names)
    sql = (f"INSERT OR REPLACE INTO rulebook_ruling ({cols}) SELECT {cols} FROM rulebook_ruling "
           f"WHERE id = %s" if connection.vendor == "sqlite" else
           f"INSERT INTO rulebook_ruling ({cols}) SELECT {cols} FROM rulebook_ruling "
           f"WHERE id = %s ON CONFLICT (id) DO UPDATE SET answer_de = 'Nein.'")
    before = snapshot()
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [ids["ruling"]])
    assert snapshot() == before


def _save(pk, **changes):
    ruling = Ruling.objects.get(pk=pk)
    for name, value in changes.items():
        setattr(ruling, name, value)
    ruling.save()


ORM_ROUTES = {
    "save() with a new answer": lambda ids: _save(ids["ruling"], answer_de="Nein."),
    "save() with a new date": lambda ids: _save(ids["ruling"],
                                                source_date=datetime.date(2000, 1, 1)),
    "save() unpublished": lambda ids: _save(ids["ruling"], published_at=None),
    "delete()": lambda ids: Ruling.objects.get(pk=ids["ruling"]).delete(),
    "QuerySet.update of the answer":
        lambda ids: Ruling.objects.filter(pk=ids["ruling"]).update(answer_de="Nein."),
    "QuerySet.delete": lambda ids: Ruling.objects.filter(pk=ids["ruling"]).delete(),
    "save() of a new link": lambda ids: RulingClause.objects.create(
        ruling_id=ids["ruling"], clause_id=ids["other_clause"]),
    "delete() of a link": lambda ids: RulingClause.objects.get(pk=ids["link"]).delete(),
    # Past the model layer: Django's own QuerySet methods reach the triggers.
    "plain QuerySet.update": lambda ids: models.QuerySet.update(
        Ruling.objects.filter(pk=ids["ruling"]), answer_de="Nein."),
    "plain QuerySet.delete of the links": lambda ids: models.QuerySet.delete(
        RulingClause.objects.filter(pk=ids["link"])),
    "plain QuerySet.update of a link": lambda ids: models.QuerySet.update(
        RulingClause.objects.filter(pk=ids["link"]), version_id=ids["other_version"]),
}


@pytest.mark.parametrize("route", list(ORM_ROUTES))
def test_orm_route_is_refused_and_the_rows_stay(ids, route):
    before = snapshot()
    with pytest.raises((ImmutableVersionError, IntegrityError)):
        with transaction.atomic():
            ORM_ROUTES[route](ids)
    assert snapshot() == before


def test_status_moves_once_and_translations_may_be_added(ids, publisher):
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_ruling SET answer_en = 'Yes.', question_ru = 'Можно ли "
                       "пасовать?' WHERE id = %s", [ids["ruling"]])
    ruling = workflow.withdraw_ruling(Ruling.objects.get(pk=ids["ruling"]), publisher,
                                      reason="Irrtum.", date=datetime.date(2022, 1, 1))
    stored = Ruling.objects.get(pk=ids["ruling"])
    assert (stored.answer_en, stored.question_ru, stored.answer_de) == (
        "Yes.", "Можно ли пасовать?", "Ja.")
    assert (stored.status, stored.status_date, stored.status_reason) == (
        "withdrawn", datetime.date(2022, 1, 1), "Irrtum.")
    before = snapshot()
    for sql in ("UPDATE rulebook_ruling SET status = 'current', status_date = NULL, "
                "status_reason = '' WHERE id = %s",
                "UPDATE rulebook_ruling SET status_reason = 'Anders.' WHERE id = %s",
                "UPDATE rulebook_ruling SET status_date = '2023-01-01' WHERE id = %s"):
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [ruling.pk])
    with pytest.raises(ImmutableVersionError), transaction.atomic():
        _save(ruling.pk, status_reason="Anders.")
    assert snapshot() == before


def test_drafts_stay_editable(ids):
    Ruling.objects.filter(pk=ids["draft"]).update(answer_de="Vielleicht.")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_ruling SET source_date = '2021-01-01' WHERE id = %s",
                       [ids["draft"]])
    draft = Ruling.objects.get(pk=ids["draft"])
    assert (draft.answer_de, draft.source_date) == ("Vielleicht.", datetime.date(2021, 1, 1))
    draft.interpretations.get().delete()
    draft.delete()
    assert not Ruling.objects.filter(pk=ids["draft"]).exists()


@pytest.mark.django_db(transaction=True)
def test_flush_empties_rulings_and_the_guards_come_back(small_rulebook, editor, publisher):
    from django.core.management import call_command
    from django.utils import timezone

    from rulebook.models import Game

    publish(make_draft(small_rulebook["game"], [small_rulebook["clause"]], editor),
            editor, publisher)
    call_command("flush", interactive=False, verbosity=0)
    assert not Ruling.objects.exists() and not RulingClause.objects.exists()
    ruling = Ruling.objects.create(
        game=Game.objects.create(slug="g"), number=1, source_title="Q",
        source_date=datetime.date(2024, 1, 1), language="de", question_de="F?",
        answer_de="A.", published_at=timezone.now())
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_ruling SET answer_de = 'B.' WHERE id = %s", [ruling.pk])
    assert Ruling.objects.get(pk=ruling.pk).answer_de == "A."

"""An urgent correction effective before an announced one (issue 25).

An announced correction (published, dated later) must not block an urgent
one dated today: the versions take effect in the order of their dates, the
announced one still takes effect on its date, and the publish summary shows
which text is in force on each date before and after publishing, and the
announced text against the urgent one it will replace.  Runs on SQLite and
on PostgreSQL (DATABASE_URL).
"""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from rulebook.models import ClauseVersion, Correction
from rulebook.reading.services import read_clauses
from rulebook.versioning.history import clause_history, correction_changes
from rulebook.versioning.publishing import (
    WorkflowError, propose_version, publish_correction, submit_correction,
)
from rulebook.versioning.timeline import clause_timeline
from tests.rulebook.conftest import TEXTS, confirmation

ANNOUNCED = "Jeder Spieler zieht vier Karten am Anfang."
URGENT = "Jeder Spieler zieht drei Karten am Anfang und legt eine davon ab."
DAY = datetime.timedelta(days=1)


def _correction(game, user, date, title):
    return Correction.objects.create(game=game, language="de", title_de=title,
                                     effective_date=date, created_by=user)


def _propose(correction, clause, user, text):
    draft = propose_version(correction, clause, user)
    draft.text_de = text
    draft.save()
    return draft


def _publish(correction, publisher):
    submit_correction(correction, publisher)
    return publish_correction(correction, publisher)


@pytest.fixture
def announced(small_rulebook, editor, publisher):
    """Version 4 of clause 1.1, published, effective in 30 days (based on version 3)."""
    today = timezone.localdate()
    correction = _correction(small_rulebook["game"], editor, today + 30 * DAY, "Angekündigt")
    _propose(correction, small_rulebook["clause"], editor, ANNOUNCED)
    _publish(correction, publisher)
    return correction


def _texts(clause, dates):
    return [ClauseVersion.objects.current_for([clause], on)[clause.pk].text_de for on in dates]


def test_an_urgent_correction_before_an_announced_one_takes_effect_until_the_announced_date(
        small_rulebook, announced, editor, publisher):
    clause, today = small_rulebook["clause"], timezone.localdate()
    dates = [today - DAY, today, today + 29 * DAY, today + 30 * DAY, today + 90 * DAY]
    assert _texts(clause, dates) == [TEXTS[2], TEXTS[2], TEXTS[2], ANNOUNCED, ANNOUNCED]

    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    draft = _propose(urgent, clause, editor, URGENT)
    # The draft starts from the text in force today (version 3), not from the announced one.
    assert draft.based_on_number == 3
    _publish(urgent, publisher)

    published = clause.versions.published().get(correction=urgent)
    assert published.number == 5 and published.effective_date == today
    assert _texts(clause, dates) == [TEXTS[2], URGENT, URGENT, ANNOUNCED, ANNOUNCED]
    # The announced version is unchanged: its number, date and what it was written from.
    version_4 = clause.versions.get(number=4)
    assert (version_4.effective_date, version_4.based_on_number, version_4.text_de) == (
        today + 30 * DAY, 3, ANNOUNCED)
    # Reading pages, history and the correction page follow the dates.
    (reading,) = read_clauses([clause], today)
    assert reading.version.number == 5 and reading.later.number == 4
    history = clause_history(clause, today)
    assert [(e.version.number, str(e.state)) for e in history] == [
        (1, "superseded"), (2, "superseded"), (3, "superseded"), (5, "in_force"),
        (4, "upcoming")]
    (change,) = correction_changes(announced)
    assert change.previous.number == 5  # the announced text now replaces the urgent one


def test_the_history_page_lists_versions_by_date_and_compares_the_last_two(
        small_rulebook, announced, editor, publisher):
    clause, today = small_rulebook["clause"], timezone.localdate()
    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    _propose(urgent, clause, editor, URGENT)
    _publish(urgent, publisher)
    page = Client().get("/de/testspiel/regeln/1.1/history/").content.decode()
    rows = [page.index(f'id="v{n}"') for n in (1, 2, 3, 5, 4)]
    assert rows == sorted(rows)
    assert "Änderungen von Fassung 5 zu Fassung 4" in page


def test_a_correction_before_a_version_already_in_force_is_still_refused(
        small_rulebook, announced, editor):
    # Version 3 took effect on 15.03.2022: a correction of 2022-01-01 would rewrite the past.
    past = _correction(small_rulebook["game"], editor, datetime.date(2022, 1, 1), "Rückwirkend")
    with pytest.raises(WorkflowError, match="15.03.2022"):
        propose_version(past, small_rulebook["clause"], editor)


def test_a_draft_started_from_the_announced_text_and_moved_before_it_is_refused(
        small_rulebook, announced, editor, publisher):
    today = timezone.localdate()
    later = _correction(small_rulebook["game"], editor, today + 60 * DAY, "Später")
    _propose(later, small_rulebook["clause"], editor, ANNOUNCED + " Danach.")
    Correction.objects.filter(pk=later.pk).update(effective_date=today)
    later.refresh_from_db()
    submit_correction(later, publisher)
    with pytest.raises(WorkflowError, match="before the date of the text it replaces"):
        publish_correction(later, publisher)
    assert not Correction.objects.get(pk=later.pk).is_published


def test_the_timeline_before_publishing(small_rulebook, announced, editor):
    clause, today = small_rulebook["clause"], timezone.localdate()
    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    draft = _propose(urgent, clause, editor, URGENT)
    line = clause_timeline(draft)
    assert [(p.start, p.before.number, p.after.number if p.after.pk != draft.pk else "draft")
            for p in line.periods] == [
        (datetime.date(2022, 3, 15), 3, 3), (today, 3, "draft"), (today + 30 * DAY, 4, 4)]
    assert [p.changes for p in line.periods] == [False, True, False]
    assert line.overtaking.version.number == 4 and line.overtaking.undone
    assert [(str(row.kind), row.text) for row in line.overtaking.diff if row.kind != "equal"] == [
        ("delete", "drei"), ("insert", "vier"), ("delete", " und legt eine davon ab")]


def test_an_announced_text_that_contains_the_urgent_change_does_not_undo_it(
        small_rulebook, announced, editor):
    clause, today = small_rulebook["clause"], timezone.localdate()
    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    draft = _propose(urgent, clause, editor, "Jeder Spieler zieht vier Karten.")
    # Version 4 says "vier Karten am Anfang": the urgent "vier" is in it, "am Anfang" comes back.
    assert clause_timeline(draft).overtaking.undone
    draft.text_de = "Jeder Spieler zieht vier Karten am Anfang."
    draft.save()
    assert not clause_timeline(draft).overtaking.undone


def test_the_publish_summary_shows_the_texts_in_force_and_the_announced_diff(
        small_rulebook, announced, editor, publisher):
    clause, today = small_rulebook["clause"], timezone.localdate()
    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    _propose(urgent, clause, editor, URGENT)
    submit_correction(urgent, publisher)
    client = Client()
    client.force_login(publisher)
    page = client.get(f"/admin/rulebook/correction/{urgent.pk}/publish/",
                      HTTP_ACCEPT_LANGUAGE="en").content.decode()
    summary = page[page.index('class="module publish-timeline"'):]
    rows = summary[:summary.index("</table>")].split("<tr")[2:]
    assert len(rows) == 3
    assert "15.03.2022" in rows[0] or "03/15/2022" in rows[0]
    assert rows[0].count("version 3") == 2
    assert "version 3" in rows[1] and "this correction" in rows[1] and "(changed)" in rows[1]
    assert rows[2].count("version 4") == 2 and "Angekündigt" in rows[2]
    assert "Version 4, already published, takes effect on" in summary
    assert "It was written from version 3." in summary
    assert "on that date the change is undone" in summary
    assert "<del><span class=\"diff-marker\">[-</span>drei" in summary
    assert "<ins><span class=\"diff-marker\">[+</span>vier" in summary
    # Publishing from the summary works, and what was published before is untouched.
    stored = list(clause.versions.published().order_by("number").values_list(
        "number", "effective_date", "text_de", "published_at"))
    client.post(f"/admin/rulebook/correction/{urgent.pk}/publish/", confirmation(urgent))
    assert Correction.objects.get(pk=urgent.pk).is_published
    assert list(clause.versions.published().filter(number__lte=4).order_by("number")
                .values_list("number", "effective_date", "text_de", "published_at")) == stored


@pytest.mark.django_db(transaction=True)  # the restore starts from an empty database (flush)
def test_export_and_restore_keep_the_urgent_correction_before_the_announced_one(
        small_rulebook, announced, editor, publisher):
    from django.core.management import call_command

    from rulebook.models import Clause
    from rulebook.versioning.exporting import export_game, restore_game

    clause, today = small_rulebook["clause"], timezone.localdate()
    urgent = _correction(small_rulebook["game"], editor, today, "Dringend")
    _propose(urgent, clause, editor, URGENT)
    _publish(urgent, publisher)
    exported = export_game(small_rulebook["game"])
    call_command("flush", interactive=False, verbosity=0)  # an empty database
    restore_game(exported)
    restored = Clause.objects.get(document__slug="regeln", key="1.1")
    dates = [today - DAY, today, today + 30 * DAY]
    assert _texts(restored, dates) == [TEXTS[2], URGENT, ANNOUNCED]
    assert [e.version.number for e in clause_history(restored, today)] == [1, 2, 3, 5, 4]

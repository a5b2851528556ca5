"""Integrity of the corrections workflow beyond the happy path (found by attacking it).

- a correction that takes effect before the version it replaces would hide
  that version on every date;
- a draft correction moved to another game would publish texts of the first
  game under the second;
- a published clause's key (its address and citation) must not change.
"""

import datetime

import os

import pytest
from django.test import Client

from rulebook.models import ClauseVersion, Correction, ImmutableVersionError
from rulebook.versioning.publishing import (
    WorkflowError, propose_version, publish_correction, submit_correction,
)
from tests.rulebook.conftest import D3, TEXTS, confirmation, hidden_inputs


def client_for(user):
    client = Client()
    client.force_login(user)
    return client


def correction_post(correction, **changes):
    data = {"game": correction.game_id, "language": correction.language,
            "title_de": correction.title_de or "", "title_en": correction.title_en or "",
            "title_ru": "", "summary_de": "", "summary_en": "", "summary_ru": "",
            "effective_date": f"{correction.effective_date:%Y-%m-%d}",
            "versions-TOTAL_FORMS": "0", "versions-INITIAL_FORMS": "0",
            "versions-MIN_NUM_FORMS": "0", "versions-MAX_NUM_FORMS": "1000"}
    data.update(changes)
    return data


# -- back-dated corrections ------------------------------------------------------------

def test_publishing_a_correction_dated_before_the_version_it_replaces_is_refused(
        small_rulebook, draft_correction, publisher):
    clause = small_rulebook["clause"]
    # The editor moved the date to before version 3 (2022-03-15) after proposing.
    submit_correction(draft_correction, publisher)
    Correction.objects.filter(pk=draft_correction.pk).update(
        effective_date=datetime.date(2021, 1, 1))
    draft_correction.refresh_from_db()
    with pytest.raises(WorkflowError, match="15.03.2022"):
        publish_correction(draft_correction, publisher)
    assert clause.versions.published().count() == 3
    # Version 3 stays the text in force on its own date and after.
    current = ClauseVersion.objects.current_for([clause], datetime.date(2023, 1, 1))
    assert current[clause.pk].text_de == TEXTS[2]


def test_a_correction_on_the_same_date_as_the_replaced_version_is_published(
        small_rulebook, draft_correction, publisher):
    Correction.objects.filter(pk=draft_correction.pk).update(effective_date=D3)
    draft_correction.refresh_from_db()
    submit_correction(draft_correction, publisher)
    publish_correction(draft_correction, publisher)
    clause = small_rulebook["clause"]
    assert ClauseVersion.objects.current_for([clause], D3)[clause.pk].number == 4


def test_proposing_a_text_in_a_back_dated_correction_is_refused(small_rulebook, editor):
    correction = Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Rückwirkend",
        effective_date=datetime.date(2021, 1, 1))
    with pytest.raises(WorkflowError, match="before the date of the text it replaces"):
        propose_version(correction, small_rulebook["clause"], editor)
    assert not correction.versions.exists()


def test_admin_refuses_moving_the_date_before_a_replaced_version_with_a_field_error(
        draft_correction, editor):
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{draft_correction.pk}/change/"
    opened = hidden_inputs(client.get(url).content.decode())
    response = client.post(url, correction_post(draft_correction, effective_date="2021-01-01",
                                                **opened))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "15.03.2022" in errors["effective_date"][0]
    draft_correction.refresh_from_db()
    assert draft_correction.effective_date == datetime.date(2024, 5, 1)


def test_admin_publish_of_a_back_dated_correction_shows_the_error(
        small_rulebook, draft_correction, publisher):
    submit_correction(draft_correction, publisher)
    Correction.objects.filter(pk=draft_correction.pk).update(
        effective_date=datetime.date(2021, 1, 1))
    response = client_for(publisher).post(
        f"/admin/rulebook/correction/{draft_correction.pk}/publish/", confirmation(draft_correction),
        follow=True)
    assert response.status_code == 200
    assert "before the date of the text it replaces" in response.content.decode()
    assert not Correction.objects.get(pk=draft_correction.pk).is_published


# -- a draft correction moved to another game ---------------------------------------

def test_admin_refuses_moving_a_correction_with_drafts_to_another_game(
        seeded, draft_correction, editor):
    from rulebook.models import Game

    berserk = Game.objects.get(slug="berserk")
    client = client_for(editor)
    url = f"/admin/rulebook/correction/{draft_correction.pk}/change/"
    opened = hidden_inputs(client.get(url).content.decode())
    response = client.post(url, correction_post(draft_correction, game=berserk.pk, **opened))
    assert response.status_code == 200
    assert "game" in response.context["adminform"].form.errors
    assert Correction.objects.get(pk=draft_correction.pk).game.slug == "testspiel"


def test_publishing_drafts_of_another_game_is_refused(seeded, draft_correction, publisher):
    from rulebook.models import Game

    submit_correction(draft_correction, publisher)
    Correction.objects.filter(pk=draft_correction.pk).update(
        game=Game.objects.get(slug="berserk"))
    draft_correction.refresh_from_db()
    with pytest.raises(WorkflowError, match="another game"):
        publish_correction(draft_correction, publisher)
    assert draft_correction.versions.drafts().count() == 1
    assert not Correction.objects.get(pk=draft_correction.pk).is_published


# -- a published clause keeps its key ----------------------------------------------------

def test_the_key_of_a_published_clause_cannot_change(small_rulebook):
    clause = small_rulebook["clause"]
    clause.key = "9.9"
    with pytest.raises(ImmutableVersionError):
        clause.save()
    clause.refresh_from_db()
    assert clause.key == "1.1"


def test_a_clause_without_published_version_can_be_renamed(small_rulebook):
    from rulebook.models import Clause

    fresh = Clause.objects.create(document=small_rulebook["document"],
                                  section=small_rulebook["section"], key="1.3", position=3)
    fresh.key = "1.4"
    fresh.save()
    assert Clause.objects.filter(pk=fresh.pk, key="1.4").exists()


def test_admin_shows_the_key_of_a_published_clause_read_only(small_rulebook, admin_client):
    clause = small_rulebook["clause"]
    url = f"/admin/rulebook/clause/{clause.pk}/change/"
    form = admin_client.get(url).context["adminform"].form
    assert "key" not in form.fields and "document" not in form.fields
    response = admin_client.post(url, {
        "key": "9.9", "label": "", "section": small_rulebook["section"].pk, "depth": 0,
        "position": 1, "versions-TOTAL_FORMS": "3", "versions-INITIAL_FORMS": "3",
        "versions-MIN_NUM_FORMS": "0", "versions-MAX_NUM_FORMS": "1000",
        **{f"versions-{i}-id": v.pk for i, v in enumerate(small_rulebook["versions"])},
        **{f"versions-{i}-clause": clause.pk for i in range(3)}})
    assert response.status_code in (200, 302)
    clause.refresh_from_db()
    assert clause.key == "1.1"


# -- publishing is one transaction, and two publishers of one clause do not collide --------

@pytest.mark.django_db(transaction=True)
def test_a_failure_while_publishing_leaves_nothing_published(small_rulebook, publisher,
                                                             monkeypatch):
    """publish_correction runs in its own transaction, also outside a request's."""
    from rulebook.versioning import publishing

    correction = Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Zwei Regeln",
        effective_date=datetime.date(2024, 5, 1))
    for clause in (small_rulebook["clause"], small_rulebook["other"]):
        draft = propose_version(correction, clause, publisher)
        draft.text_de = f"Neu: {clause.key}"
        draft.save()
    submit_correction(correction, publisher)
    real_log = publishing._log

    def failing_log(user, obj, flag, message):
        if isinstance(obj, Correction):
            raise RuntimeError("the admin log is unavailable")
        real_log(user, obj, flag, message)

    monkeypatch.setattr(publishing, "_log", failing_log)
    with pytest.raises(RuntimeError):
        publish_correction(correction, publisher)
    assert correction.versions.published().count() == 0
    assert not Correction.objects.get(pk=correction.pk).is_published


@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"),
                    reason="row locks need PostgreSQL (SQLite serialises writers)")
@pytest.mark.django_db(transaction=True)
def test_two_corrections_of_one_clause_published_at_once_do_not_collide(
        small_rulebook, publisher, monkeypatch):
    """The second publisher waits for the first and is refused with a clear
    WorkflowError (its draft stale or backdated), never a unique-constraint crash."""
    import threading

    from django.db import connection, connections

    assert connection.vendor == "postgresql"
    from rulebook.versioning import publishing

    corrections = []
    for day in (1, 2):
        correction = Correction.objects.create(
            game=small_rulebook["game"], language="de", title_de=f"Korrektur {day}",
            effective_date=datetime.date(2024, 5, day))
        draft = propose_version(correction, small_rulebook["clause"], publisher)
        draft.text_de = f"Fassung {day}"
        draft.save()
        submit_correction(correction, publisher)
        corrections.append(correction)
    barrier = threading.Barrier(2)
    real_stale = publishing.stale_drafts

    def stale_then_wait(correction):
        found = real_stale(correction)
        try:  # without the clause lock both publishers pass the check together
            barrier.wait(timeout=3)
        except threading.BrokenBarrierError:
            pass
        return found

    monkeypatch.setattr(publishing, "stale_drafts", stale_then_wait)
    outcomes = {}

    def publish(correction):
        try:
            publish_correction(correction, publisher)
            outcomes[correction.pk] = "published"
        except Exception as error:  # noqa: BLE001 - the outcome is the test
            outcomes[correction.pk] = type(error).__name__
        finally:
            connections.close_all()

    threads = [threading.Thread(target=publish, args=(c,)) for c in corrections]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    # Whichever thread the scheduler lets publish first wins; the other is refused in
    # words: its draft is stale, or (the later-dated correction first) backdated.
    assert sorted(outcomes.values()) in (["StaleDraftError", "published"],
                                         ["WorkflowError", "published"]), outcomes
    assert small_rulebook["clause"].versions.published().count() == 4

"""No editor loses a typed text or sees a 500 when others save at the same moment.

Every write to editorial content goes through one revision check
(``rulebook.versioning.editing``): drafts (their revision counter),
translations of published versions, corrections and glossary terms (stamps
of what the form was opened from).  The loser of a race gets a form error
with the typed text kept in the form; locks are taken in one order, so a
publication and an edit never deadlock.

The races themselves need row locks: the threaded tests run on PostgreSQL
(``DATABASE_URL=postgres://…``); the checks behind them run on both.
"""

import os
import threading

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from rulebook.models import ClauseVersion, Correction, GlossaryTerm
from rulebook.versioning import publishing
from rulebook.versioning.editing import BusyError, retry_once
from rulebook.versioning.publishing import submit_correction
from rulebook.versioning.roles import EDITORS
from tests.rulebook.conftest import _staff, confirmation, hidden_inputs
from tests.rulebook.test_publishing import draft_form
from tests.rulebook.test_publishing_integrity import correction_post

needs_postgres = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="the race needs row locks and concurrent writers: PostgreSQL only "
           "(SQLite serialises writers with BEGIN IMMEDIATE)")
REVIEWED = "Jeder Spieler zieht vier Karten am Anfang."  # the draft_correction's text


def client_for(user):
    """A logged-in admin client that answers a 500 instead of raising it."""
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def opened(client, url):
    """GET ``url``: the hidden inputs the form was opened with."""
    page = client.get(url)
    assert page.status_code == 200
    return hidden_inputs(page.content.decode())


def run_together(actions: dict):
    """Run each action in a thread of its own at once; name → result (or exception)."""
    results = {}

    def run(name, action):
        try:
            results[name] = action()
        except Exception as error:  # noqa: BLE001 - the outcome is the test
            results[name] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=item) for item in actions.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a writer hangs"
    return results


def meet_after(monkeypatch, barrier, *targets):
    """Make each thread wait for the others after its first call of any of
    ``targets`` ((module, name) pairs): without a lock, all writers pass
    their checks before any of them writes.  A writer held up by a lock
    lets the barrier time out, and the others go on."""
    waited = threading.local()
    for module, name in targets:
        real = getattr(module, name)

        def wrapper(*args, _real=real, **kwargs):
            result = _real(*args, **kwargs)
            if not getattr(waited, "done", False):
                waited.done = True
                try:
                    barrier.wait(timeout=2)
                except threading.BrokenBarrierError:
                    pass
            return result

        monkeypatch.setattr(module, name, wrapper)


def translate_url(version):
    return f"/admin/rulebook/clauseversion/{version.pk}/translate/"


def translation_post(form, **texts):
    data = {f"{field}_{code}": "" for code in ("en", "ru") for field in ("title", "text")}
    data.update(form)
    data.update(texts)
    return data


@pytest.fixture
def second_editor(db):
    return _staff("emil", EDITORS)


@pytest.fixture
def published_version(small_rulebook):
    version = small_rulebook["versions"][2]
    version.text_en = "Each player draws three cards at the start."
    version.save()
    return version


# -- translations of a published version (SQLite and PostgreSQL) ---------------------------

def test_translator_and_editor_on_one_published_version_keep_both_translations(
        published_version, editor, second_editor):
    """The issue's case: the translator saves English, the editor then saves
    Russian from a page still holding the old English — the English stays."""
    translator, other = client_for(editor), client_for(second_editor)
    url = translate_url(published_version)
    mine, theirs = opened(translator, url), opened(other, url)
    old_en = published_version.text_en
    english = "At the start, each player draws three cards."
    assert translator.post(url, translation_post(mine, text_en=english)).status_code == 302
    russian = "Каждый игрок берёт три карты в начале."
    response = other.post(url, translation_post(theirs, text_en=old_en, text_ru=russian))
    assert response.status_code == 302
    stored = ClauseVersion.objects.get(pk=published_version.pk)
    assert (stored.text_en, stored.text_ru) == (english, russian)


def test_a_browsers_line_ends_do_not_count_as_a_change(published_version, editor,
                                                       second_editor):
    """A browser sends a textarea's lines with CR LF: an untouched multi-line
    translation is still untouched."""
    published_version.text_en = "Each player draws three cards.\n\nAt the start."
    published_version.save()
    translator, other = client_for(editor), client_for(second_editor)
    url = translate_url(published_version)
    mine, theirs = opened(translator, url), opened(other, url)
    english = "At the start, each player draws three cards."
    assert translator.post(url, translation_post(mine, text_en=english)).status_code == 302
    russian = "Каждый игрок берёт три карты в начале."
    response = other.post(url, translation_post(
        theirs, text_en="Each player draws three cards.\r\n\r\nAt the start.\r\n",
        text_ru=russian))
    assert response.status_code == 302
    stored = ClauseVersion.objects.get(pk=published_version.pk)
    assert (stored.text_en, stored.text_ru) == (english, russian)


def test_two_translators_of_one_language_the_second_gets_a_form_error_with_text_kept(
        published_version, editor, second_editor):
    first, second = client_for(editor), client_for(second_editor)
    url = translate_url(published_version)
    form_1, form_2 = opened(first, url), opened(second, url)
    english = "At the start, each player draws three cards."
    assert first.post(url, translation_post(form_1, text_en=english)).status_code == 302
    mine = "Every player draws three cards when the game starts."
    response = second.post(url, translation_post(form_2, text_en=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone else saved the English translation" in html and mine in html
    assert "Changed by someone else since you opened this page" in html
    assert ClauseVersion.objects.get(pk=published_version.pk).text_en == english


def test_a_confirmation_of_a_translation_changed_meanwhile_is_refused(
        published_version, editor, second_editor):
    """Confirming "matches the original" is about the text the page showed."""
    first, second = client_for(editor), client_for(second_editor)
    url = translate_url(published_version)
    form_1, form_2 = opened(first, url), opened(second, url)
    english = "At the start, each player draws three cards."
    assert first.post(url, translation_post(form_1, text_en=english)).status_code == 302
    old_en = published_version.text_en
    response = second.post(url, translation_post(form_2, text_en=old_en, confirm_en="on"))
    assert response.status_code == 200
    assert ClauseVersion.objects.get(pk=published_version.pk).text_en == english


def test_a_translation_posted_without_what_the_form_showed_is_refused(
        published_version, editor):
    """No stamp: nobody knows what the editor saw, so a change is not written."""
    client = client_for(editor)
    response = client.post(translate_url(published_version),
                           translation_post({}, text_en="Another text."))
    assert response.status_code == 200
    stored = ClauseVersion.objects.get(pk=published_version.pk)
    assert stored.text_en == "Each player draws three cards at the start."


# -- drafts, corrections, glossary terms: the stale form (SQLite and PostgreSQL) -----------

def test_a_draft_saved_from_a_stale_form_is_a_form_error_with_the_text_kept(
        draft_correction, editor, second_editor):
    draft = draft_correction.versions.get()
    url = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    first, second = client_for(editor), client_for(second_editor)
    assert first.post(url, draft_form(draft, text_de="Jeder Spieler zieht fünf Karten.")
                      ).status_code == 302
    mine = "Jeder Spieler zieht sechs Karten."
    response = second.post(url, draft_form(draft, text_de=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone else saved this draft" in html and mine in html
    assert ClauseVersion.objects.get(pk=draft.pk).text_de == "Jeder Spieler zieht fünf Karten."


def test_a_draft_published_since_its_form_was_opened_keeps_the_typed_text(
        draft_correction, editor, publisher):
    """No 403 page that loses the text: the form comes back with the reason."""
    draft = draft_correction.versions.get()
    submit_correction(draft_correction, editor)
    publishing.publish_correction(draft_correction, publisher)
    mine = "Jeder Spieler zieht neun Karten."
    response = client_for(editor).post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                                       draft_form(draft, text_de=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "published in the meantime" in html and mine in html
    assert ClauseVersion.objects.get(pk=draft.pk).text_de == REVIEWED


def test_a_correction_published_since_its_form_was_opened_keeps_the_typed_text(
        draft_correction, editor, publisher):
    url = f"/admin/rulebook/correction/{draft_correction.pk}/change/"
    client = client_for(editor)
    form = opened(client, url)
    submit_correction(draft_correction, editor)
    publishing.publish_correction(draft_correction, publisher)
    mine = "Vier Karten für alle."
    response = client.post(url, correction_data(form, draft_correction, summary_de=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "This correction is already published" in html and mine in html
    assert not Correction.objects.get(pk=draft_correction.pk).summary_de


def test_deleting_a_draft_published_meanwhile_is_refused_with_a_message(
        draft_correction, editor, publisher):
    draft = draft_correction.versions.get()
    client = client_for(editor)
    url = f"/admin/rulebook/clauseversion/{draft.pk}/delete/"
    assert client.get(url).status_code == 200  # the confirmation page, opened first
    submit_correction(draft_correction, editor)
    publishing.publish_correction(draft_correction, publisher)
    response = client.post(url, {"post": "yes"})
    assert response.status_code in (302, 403)
    assert ClauseVersion.objects.filter(pk=draft.pk, published_at__isnull=False).exists()


def correction_data(form, correction, **changes):
    return correction_post(correction, **{**form, **changes})


def test_a_correction_saved_from_a_stale_form_is_a_form_error_with_the_text_kept(
        draft_correction, editor, second_editor):
    url = f"/admin/rulebook/correction/{draft_correction.pk}/change/"
    first, second = client_for(editor), client_for(second_editor)
    form_1, form_2 = opened(first, url), opened(second, url)
    assert first.post(url, correction_data(form_1, draft_correction,
                                           summary_de="Vier Karten.")).status_code == 302
    mine = "Fünf Karten statt drei."
    response = second.post(url, correction_data(form_2, draft_correction, summary_de=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone else saved this correction" in html and mine in html
    assert Correction.objects.get(pk=draft_correction.pk).summary_de == "Vier Karten."


@pytest.fixture
def glossary_term(small_rulebook):
    return GlossaryTerm.objects.create(
        game=small_rulebook["game"], slug="karte", language="de", term_de="Karte",
        definition_de="Eine Spielkarte.", clause=small_rulebook["clause"])


def glossary_data(form, term, **changes):
    data = {"game": term.game_id, "slug": term.slug, "language": term.language,
            "clause": term.clause_id or "", "position": term.position}
    for code in ("de", "ru", "en"):
        for name in ("term", "definition", "variants"):
            data[f"{name}_{code}"] = getattr(term, f"{name}_{code}")
    data.update(form)
    data.update(changes)
    return data


def test_a_glossary_term_saved_from_a_stale_form_is_a_form_error_with_the_text_kept(
        glossary_term, admin_user):
    url = f"/admin/rulebook/glossaryterm/{glossary_term.pk}/change/"
    first, second = client_for(admin_user), client_for(admin_user)
    form_1, form_2 = opened(first, url), opened(second, url)
    assert first.post(url, glossary_data(form_1, glossary_term, term_en="card")
                      ).status_code == 302
    mine = "A playing card of the game."
    response = second.post(url, glossary_data(form_2, glossary_term, definition_en=mine))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone else saved this glossary term" in html and mine in html
    stored = GlossaryTerm.objects.get(pk=glossary_term.pk)
    assert (stored.term_en, stored.definition_en) == ("card", "")
    # Reloaded, the form saves.
    fresh = opened(second, url)
    assert second.post(url, glossary_data(fresh, stored, definition_en=mine)).status_code == 302
    assert GlossaryTerm.objects.get(pk=glossary_term.pk).definition_en == mine


# -- deadlocks and serialization failures: retried once, then a form error -----------------

class FakeDeadlock(Exception):
    sqlstate = "40P01"


def deadlock() -> OperationalError:
    error = OperationalError("deadlock detected")
    error.__cause__ = FakeDeadlock()
    return error


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_is_retried_once():
    calls = []

    def action():
        calls.append(1)
        if len(calls) == 1:
            raise deadlock()
        return "saved"

    assert retry_once(action) == "saved" and len(calls) == 2


@pytest.mark.django_db(transaction=True)
def test_a_second_deadlock_is_reported_as_busy_and_other_errors_pass():
    def always():
        raise deadlock()

    with pytest.raises(BusyError, match="Nothing was saved"):
        retry_once(always)

    def other():
        raise OperationalError("disk I/O error")

    with pytest.raises(OperationalError, match="disk"):
        retry_once(other)


@pytest.mark.django_db(transaction=True)
def test_a_draft_save_that_deadlocks_twice_is_a_form_error_with_the_text_kept(
        draft_correction, editor, monkeypatch):
    draft = draft_correction.versions.get()
    tries = []

    def deadlocking(draft, expected_revision):
        tries.append(1)
        raise deadlock()

    monkeypatch.setattr(publishing, "save_draft", deadlocking)
    mine = "Jeder Spieler zieht sieben Karten."
    response = client_for(editor).post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                                       draft_form(draft, text_de=mine))
    assert len(tries) == 2
    assert response.status_code == 200
    html = response.content.decode()
    assert "could not be saved" in html and mine in html
    assert ClauseVersion.objects.get(pk=draft.pk).text_de == REVIEWED


@pytest.mark.django_db(transaction=True)
def test_a_translation_save_that_deadlocks_once_is_saved(published_version, editor,
                                                         monkeypatch):
    real, tries = publishing.save_translations, []

    def once_deadlocking(*args, **kwargs):
        tries.append(1)
        if len(tries) == 1:
            raise deadlock()
        return real(*args, **kwargs)

    monkeypatch.setattr(publishing, "save_translations", once_deadlocking)
    client, url = client_for(editor), translate_url(published_version)
    form = opened(client, url)
    english = "At the start, each player draws three cards."
    assert client.post(url, translation_post(form, text_en=english)).status_code == 302
    assert len(tries) == 2
    assert ClauseVersion.objects.get(pk=published_version.pk).text_en == english


# -- the races, with real threads (PostgreSQL) ---------------------------------------------

@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_two_editors_saving_one_draft_at_once_the_second_gets_a_form_error(
        draft_correction, editor, second_editor, monkeypatch):
    draft = draft_correction.versions.get()
    url = f"/admin/rulebook/clauseversion/{draft.pk}/change/"
    texts = {"erika": "Jeder Spieler zieht fünf Karten.", "emil": "Jeder Spieler zieht sechs Karten."}
    clients = {"erika": client_for(editor), "emil": client_for(second_editor)}
    meet_after(monkeypatch, threading.Barrier(2), (publishing, "check_draft_revision"))
    results = run_together({name: (lambda name=name: clients[name].post(
        url, draft_form(draft, text_de=texts[name]))) for name in clients})
    statuses = {name: getattr(result, "status_code", result) for name, result in results.items()}
    assert sorted(statuses.values()) == [200, 302], statuses
    winner = next(name for name, status in statuses.items() if status == 302)
    loser = next(name for name, status in statuses.items() if status == 200)
    html = results[loser].content.decode()
    assert "Someone else saved this draft" in html and texts[loser] in html
    stored = ClauseVersion.objects.get(pk=draft.pk)
    assert (stored.text_de, stored.revision) == (texts[winner], 2)


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_translator_and_editor_saving_one_published_version_at_once_keep_both(
        published_version, editor, second_editor, monkeypatch):
    url = translate_url(published_version)
    clients = {"en": client_for(editor), "ru": client_for(second_editor)}
    forms = {code: opened(client, url) for code, client in clients.items()}
    texts = {"en": "At the start, each player draws three cards.",
             "ru": "Каждый игрок берёт три карты в начале."}
    old = {"text_en": published_version.text_en}
    meet_after(monkeypatch, threading.Barrier(2), (publishing, "_apply_translation"))
    results = run_together({code: (lambda code=code: clients[code].post(
        url, translation_post(forms[code], **{**old, f"text_{code}": texts[code]})))
        for code in clients})
    assert {code: getattr(r, "status_code", r) for code, r in results.items()} == {
        "en": 302, "ru": 302}
    stored = ClauseVersion.objects.get(pk=published_version.pk)
    assert (stored.text_en, stored.text_ru) == (texts["en"], texts["ru"])


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_a_publication_and_an_edit_of_its_draft_at_once_neither_deadlocks_nor_fails(
        draft_correction, editor, publisher, monkeypatch):
    """One of them wins; the other gets a message (publish) or a form error
    with the typed text (edit); nothing unreviewed is published."""
    submit_correction(draft_correction, editor)
    draft = draft_correction.versions.get()
    mine = "Jeder Spieler zieht acht Karten."
    editing_client, publishing_client = client_for(editor), client_for(publisher)
    meet_after(monkeypatch, threading.Barrier(2), (publishing, "stale_drafts"),
               (publishing, "check_draft_revision"))
    results = run_together({
        "publish": lambda: publishing_client.post(
            f"/admin/rulebook/correction/{draft_correction.pk}/publish/",
            confirmation(draft_correction)),
        "edit": lambda: editing_client.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/",
                                            draft_form(draft, text_de=mine)),
    })
    statuses = {name: getattr(result, "status_code", result) for name, result in results.items()}
    assert statuses["publish"] == 302 and statuses["edit"] in (200, 302), statuses
    stored = ClauseVersion.objects.get(pk=draft.pk)
    if Correction.objects.get(pk=draft_correction.pk).is_published:
        assert stored.text_de == REVIEWED and statuses["edit"] == 200
        html = results["edit"].content.decode()
        assert "published in the meantime" in html and mine in html
    else:  # the edit came first: the correction went back to draft, unpublished
        assert stored.text_de == mine and statuses["edit"] == 302
        assert Correction.objects.get(pk=draft_correction.pk).submitted_at is None


@needs_postgres
@pytest.mark.django_db(transaction=True)
def test_locks_are_taken_correction_then_clause_then_version(draft_correction, editor,
                                                             publisher):
    """The one lock order, in the SQL of an edit and of a publication."""
    def locked_tables(action):
        with CaptureQueriesContext(connection) as queries:
            action()
        order = []
        for query in queries.captured_queries:
            sql = query["sql"]
            if "FOR UPDATE" in sql or "FOR NO KEY UPDATE" in sql:
                table = sql.split(" FROM ", 1)[1].split()[0].strip('"')
                if table not in order:
                    order.append(table)
        return order

    draft = draft_correction.versions.get()
    edit_order = locked_tables(lambda: publishing.save_draft(draft, draft.revision))
    assert edit_order == ["rulebook_correction", "rulebook_clause", "rulebook_clauseversion"]
    submit_correction(draft_correction, editor)
    publish_order = locked_tables(
        lambda: publishing.publish_correction(draft_correction, publisher))
    assert publish_order == ["rulebook_correction", "rulebook_clause", "rulebook_clauseversion",
                             "rulebook_game"]

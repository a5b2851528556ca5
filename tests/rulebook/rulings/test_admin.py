"""The rulings' admin: an editor drafts and submits, a publisher publishes and
withdraws; a stale form and a published ruling are refused."""

import html
import re

import pytest

from rulebook.models import Ruling
from rulebook.rulings import workflow
from tests.rulebook.conftest import hidden_inputs

ADD = "/admin/rulebook/ruling/add/"


def form_data(clause, **changes):
    data = {
        "game": "", "kind": "ruling", "source_title": "Testquelle (FAQ)",
        "source_date": "2021-09-01", "source_url": "https://example.org/faq",
        "source_citation": "Frage 1", "language": "de",
        "question_de": "Darf man passen?", "answer_de": "Ja.",
        "question_ru": "", "answer_ru": "", "question_en": "", "answer_en": "",
        "interpretations-TOTAL_FORMS": "1", "interpretations-INITIAL_FORMS": "0",
        "interpretations-MIN_NUM_FORMS": "0", "interpretations-MAX_NUM_FORMS": "1000",
        "interpretations-0-clause": str(clause.pk), "interpretations-0-position": "0",
        "decisions-TOTAL_FORMS": "0", "decisions-INITIAL_FORMS": "0",
        "decisions-MIN_NUM_FORMS": "0", "decisions-MAX_NUM_FORMS": "1000",
    }
    data.update(changes)
    return data


@pytest.fixture
def created(client, small_rulebook, editor):
    client.force_login(editor)
    response = client.post(ADD, form_data(small_rulebook["clause"],
                                          game=str(small_rulebook["game"].pk)))
    assert response.status_code == 302, response.content.decode()[:3000]
    return Ruling.objects.get()


def test_editor_drafts_submits_and_publisher_publishes(client, created, small_rulebook,
                                                       publisher):
    ruling = created
    assert (ruling.answer_de, ruling.revision, ruling.workflow_state()) == ("Ja.", 1, "draft")
    assert list(ruling.interpretations.values_list("clause_id", flat=True)) == [
        small_rulebook["clause"].pk]
    # An editor may not publish.
    assert client.post(f"/admin/rulebook/ruling/{ruling.pk}/publish/").status_code == 403
    client.post(f"/admin/rulebook/ruling/{ruling.pk}/submit/")
    assert Ruling.objects.get(pk=ruling.pk).workflow_state() == "submitted"
    client.force_login(publisher)
    page = client.get(f"/admin/rulebook/ruling/{ruling.pk}/change/").content.decode()
    assert "workflow-publish" in page
    client.post(f"/admin/rulebook/ruling/{ruling.pk}/publish/", _publish_form(page))
    ruling = Ruling.objects.get(pk=ruling.pk)
    assert (ruling.number, ruling.published_by) == (1, publisher)
    # Published: read-only, no delete; the status page withdraws it once.
    page = client.get(f"/admin/rulebook/ruling/{ruling.pk}/change/").content.decode()
    assert 'name="answer_de"' not in page and "Supersede or withdraw" in page
    assert client.post(f"/admin/rulebook/ruling/{ruling.pk}/delete/",
                       {"post": "yes"}).status_code == 403
    client.post(f"/admin/rulebook/ruling/{ruling.pk}/status/",
                {"status": "withdrawn", "reason": "Irrtum.", "date": "2022-01-01"})
    ruling = Ruling.objects.get(pk=ruling.pk)
    assert (ruling.status, str(ruling.status_date), ruling.answer_de) == (
        "withdrawn", "2022-01-01", "Ja.")


def _publish_form(page: str) -> dict[str, str]:
    """What the change page's Publish button sends: the submission the page showed."""
    return {"submitted": html.unescape(re.search(
        r'<input type="hidden" name="submitted" value="([^"]*)"', page).group(1))}


def test_a_publish_from_a_page_opened_before_a_new_submission_is_refused(
        client, created, editor, publisher):
    """What is published is what the publisher saw: the ruling changed and submitted again
    after the page was opened is refused, and published from the page opened again."""
    client.post(f"/admin/rulebook/ruling/{created.pk}/submit/")
    client.force_login(publisher)
    url = f"/admin/rulebook/ruling/{created.pk}/change/"
    opened = _publish_form(client.get(url).content.decode())
    changed = Ruling.objects.get(pk=created.pk)
    changed.answer_de = "Nein, nach der Prüfung."
    changed.save()
    workflow.submit_ruling(Ruling.objects.get(pk=created.pk), editor)
    page = client.post(f"/admin/rulebook/ruling/{created.pk}/publish/", opened,
                       follow=True).content.decode()
    assert "submitted again after you opened it" in page
    assert not Ruling.objects.get(pk=created.pk).is_published
    fresh = _publish_form(client.get(url).content.decode())
    assert fresh != opened
    client.post(f"/admin/rulebook/ruling/{created.pk}/publish/", fresh)
    published = Ruling.objects.get(pk=created.pk)
    assert published.is_published and published.answer_de == "Nein, nach der Prüfung."


def test_a_stale_admin_form_is_refused_and_the_text_kept(client, created, small_rulebook):
    url = f"/admin/rulebook/ruling/{created.pk}/change/"
    opened = hidden_inputs(client.get(url).content.decode())
    assert opened["expected_revision"] == "1"
    link = created.interpretations.get()
    inline = {"interpretations-TOTAL_FORMS": "1", "interpretations-INITIAL_FORMS": "1",
              "interpretations-0-id": str(link.pk), "interpretations-0-ruling": str(created.pk)}
    first = form_data(small_rulebook["clause"], game=str(small_rulebook["game"].pk),
                      answer_de="Erste.", expected_revision="1", **inline)
    assert client.post(url, first).status_code == 302
    second = dict(first, answer_de="Zweite.")
    response = client.post(url, second)
    assert response.status_code == 200
    page = response.content.decode()
    assert "Someone else saved this ruling" in page and "Zweite." in page
    stored = Ruling.objects.get(pk=created.pk)
    assert (stored.answer_de, stored.revision) == ("Erste.", 2)


def test_the_original_language_text_is_required(client, small_rulebook, editor):
    client.force_login(editor)
    response = client.post(ADD, form_data(small_rulebook["clause"],
                                          game=str(small_rulebook["game"].pk), answer_de="",
                                          answer_en="Yes."))
    assert response.status_code == 200 and not Ruling.objects.exists()
    assert "original language (de)" in response.content.decode()


def test_editor_pages_open(client, created, editor):
    for url in (ADD, "/admin/rulebook/ruling/", f"/admin/rulebook/ruling/{created.pk}/change/"):
        response = client.get(url)
        assert response.status_code == 200, url
    page = client.get(ADD).content.decode()
    assert 'name="question_de"' in page and 'name="question_ru"' in page
    assert 'name="interpretations-0-clause"' in page
    # Only publishers reach the status page.
    assert client.get(f"/admin/rulebook/ruling/{created.pk}/status/").status_code == 403

"""What a correction puts up for review (issue 26): before publishing, its summary lists
what rests on each clause it changes (a current ruling, a translation, a glossary entry,
the calculator's rules and worked examples); after publishing, each is an item on the
admin page "Items to review", the ruling is marked "clause changed since this ruling —
review" on its page and in the admin, and each item clears only when an editor acts on it.

The ruling, translation and glossary entry here are made up for the tests."""

from __future__ import annotations

import datetime
import re

import pytest

from rulebook.models import Clause, ClauseVersion, Correction, GlossaryTerm, ReviewItem
from rulebook.rulings import workflow
from rulebook.versioning import review
from rulebook.versioning.publishing import (
    propose_version, publish_correction, submit_correction, update_translation,
)
from tests.rulebook.rulings.conftest import make_draft, publish

NP_RULES = "1.2.4.negativ-positiv-wirkung.p2"
OTHER = "1.2.4.kartenaufbau.p1"


@pytest.fixture
def resting(seeded, editor, publisher):
    """A clause with a ruling, an English translation and a glossary entry resting on it,
    and a submitted correction changing it (and a clause nothing else rests on)."""
    clause = Clause.objects.select_related("document__game").get(
        document__game__slug="power-duell", key=NP_RULES)
    game = clause.document.game
    ruling = publish(make_draft(game, [clause], editor, date=datetime.date(2024, 3, 1)),
                     editor, publisher)
    latest = ClauseVersion.objects.filter(clause=clause).order_by("-number").first()
    update_translation(latest, "en", text="A test translation.", title="", user=editor)
    term = GlossaryTerm.objects.create(game=game, slug="testbegriff", language="de",
                                       term_de="Testbegriff", clause=clause)
    correction = Correction.objects.create(game=game, language="de", title_de="Klarstellung",
                                           effective_date=datetime.date(2024, 6, 1))
    for key in (NP_RULES, OTHER):
        draft = propose_version(correction, clause.document.clauses.get(key=key), editor)
        draft.text_de = draft.text_de + " (geändert)"
        draft.save()
    submit_correction(correction, editor)
    return {"clause": clause, "ruling": ruling, "term": term, "correction": correction}


def _results(page: str) -> str:
    """The admin list's table of items."""
    return re.search(r'<table id="result_list">.*?</table>', page, re.S).group(0)


@pytest.mark.django_db
def test_the_publish_summary_lists_what_rests_on_each_changed_clause(resting, client,
                                                                     publisher):
    summary = dict(review.summary(resting["correction"]))
    things = summary[resting["clause"]]
    kinds = [t.kind for t in things]
    assert kinds[:3] == ["ruling", "translation", "glossary"]
    assert things[0].ruling == resting["ruling"] and things[1].language == "en"
    assert things[2].glossary_term == resting["term"]
    subjects = {t.subject for t in things[3:]}
    assert {"rule:np_card", "open-point:np-defending", "example:situation/pd-3"} <= subjects
    assert all(t.kind in ("rule", "example") for t in things[3:])
    client.force_login(publisher)
    page = client.get(f"/admin/rulebook/correction/{resting['correction'].pk}/publish/"
                      ).content.decode()
    table = re.search(r'<table class="review-summary">.*?</table>', page, re.S).group(0)
    assert "Ruling 1 of 01.03.2024" in table and "translation into" in table
    assert "Testbegriff" in table and "rule np_card" in table and "worked example pd-3" in table
    assert "Nothing else rests on this clause." in table  # the other clause


@pytest.mark.django_db
def test_after_publishing_each_item_waits_until_an_editor_acts(resting, client, editor,
                                                               publisher):
    assert not ReviewItem.objects.exists()  # nothing before publication
    publish_correction(resting["correction"], publisher)
    items = list(ReviewItem.objects.filter(clause=resting["clause"]))
    assert {i.kind for i in items} == {"example", "glossary", "rule", "ruling", "translation"}
    assert all(i.is_open for i in items)
    ruling_item = next(i for i in items if i.kind == "ruling")
    # public mark on the ruling, and in its admin
    page = client.get("/en/power-duell/rulings/1/").content.decode()
    assert "Clause changed since this ruling — review." in page
    # and where judges meet it: on the clause, in the game's list, in the API
    for address in (f"/en/power-duell/schutzgottkarten/{NP_RULES}/", "/en/power-duell/rulings/"):
        assert "Clause changed since this ruling — review." in client.get(address).content.decode()
    assert client.get("/api/games/power-duell/rulings/1").json()["under_review"] is True
    client.force_login(publisher)
    admin_page = client.get(f"/admin/rulebook/ruling/{resting['ruling'].pk}/change/"
                            ).content.decode()
    assert f"/admin/rulebook/reviewitem/{ruling_item.pk}/change/" in admin_page
    # nothing but an editor's action clears an item: a new translation, the ruling superseded
    latest = ClauseVersion.objects.filter(clause=resting["clause"]).order_by("-number").first()
    update_translation(latest, "en", text="Another test translation.", title="", user=editor)
    assert ReviewItem.objects.filter(state=ReviewItem.OPEN).count() == len(items)
    # the admin page lists every waiting item
    client.force_login(editor)
    listing = _results(client.get("/admin/rulebook/reviewitem/").content.decode())
    assert all(f"/admin/rulebook/reviewitem/{i.pk}/change/" in listing for i in items)
    # confirming needs a note; then the item is cleared and no longer listed
    url = f"/admin/rulebook/reviewitem/{ruling_item.pk}/change/"
    response = client.post(url, {"action": "confirmed", "review_note": ""})
    assert response.status_code == 200 and ReviewItem.objects.get(pk=ruling_item.pk).is_open
    response = client.post(url, {"action": "confirmed",
                                 "review_note": "Gilt weiter für den neuen Text."})
    assert response.status_code == 302
    cleared = ReviewItem.objects.get(pk=ruling_item.pk)
    assert (cleared.state, cleared.note, cleared.acted_by) == (
        "confirmed", "Gilt weiter für den neuen Text.", editor)
    assert ReviewItem.objects.filter(state=ReviewItem.OPEN).count() == len(items) - 1
    listing = _results(client.get("/admin/rulebook/reviewitem/").content.decode())
    assert url not in listing and len(re.findall(r"/reviewitem/\d+/change/", listing)) == \
        len(items) - 1
    for address in ("/en/power-duell/rulings/1/", "/en/power-duell/rulings/",
                    f"/en/power-duell/schutzgottkarten/{NP_RULES}/"):
        assert "Clause changed since this ruling" not in client.get(address).content.decode()
    assert client.get("/api/games/power-duell/rulings/1").json()["under_review"] is False
    # superseding another one; a cleared item cannot be acted on again
    term_item = next(i for i in items if i.kind == "glossary")
    review.supersede(term_item, editor, "Neuer Eintrag folgt dem neuen Text.")
    with pytest.raises(review.ReviewError):
        review.confirm(term_item, editor, "noch einmal")
    assert ReviewItem.objects.filter(state=ReviewItem.OPEN).count() == len(items) - 2


@pytest.mark.django_db
def test_a_ruling_item_superseded_by_a_new_ruling(resting, editor, publisher):
    publish_correction(resting["correction"], publisher)
    item = ReviewItem.objects.get(kind="ruling")
    newer = publish(make_draft(resting["clause"].document.game, [resting["clause"]], editor,
                               date=datetime.date(2024, 7, 1)), editor, publisher)
    with pytest.raises(review.ReviewError):
        review.supersede(item, editor, "selbst", by=resting["ruling"])
    workflow.supersede_ruling(resting["ruling"], publisher, by=newer, reason="Neu.")
    assert ReviewItem.objects.get(pk=item.pk).is_open  # only the editor's action clears it
    done = review.supersede(item, editor, "Ersetzt.", by=newer)
    assert (done.state, done.superseded_by_ruling) == ("superseded", newer)


@pytest.mark.django_db
def test_a_clause_only_renumbered_puts_nothing_up_for_review(resting, editor, publisher):
    """A correction that only moves or renumbers a clause leaves its text as it was:
    the ruling, translation and glossary entry resting on it stay valid."""
    clause = resting["clause"]
    correction = Correction.objects.create(game=clause.document.game, language="de",
                                           title_de="Neu nummeriert",
                                           effective_date=datetime.date(2024, 5, 1))
    draft = propose_version(correction, clause, editor)
    draft.key = draft.label = f"{clause.key}a"
    draft.save()
    assert review.changed_clauses(correction) == []
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    assert not ReviewItem.objects.filter(correction=correction).exists()
    # the submitted correction changing its text still puts everything up for review
    assert clause in review.changed_clauses(resting["correction"])

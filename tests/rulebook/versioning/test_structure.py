"""Structural corrections (issue 25): a correction adds, repeals, moves and
renumbers clauses, each in force from its effective date.

The rulebook: document "regeln" with section 1 (clauses 1.1, 1.2, 1.3) and
section 2 (clause 2.1), imported with 2020-01-01.  One correction effective
2026-03-01 adds 1.1a after 1.1, repeals 1.2, moves 1.3 to section 2 and
renumbers 2.1 to 2.5.
"""

import datetime
import re

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section
from rulebook.reading.services import read_document
from rulebook.versioning import structure
from rulebook.versioning.exporting import export_game, restore_game
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction

IMPORTED = datetime.date(2020, 1, 1)
EFFECTIVE = datetime.date(2026, 3, 1)
BEFORE, AFTER = "2025-06-01", "2026-06-01"
BASE = "/en/testspiel/regeln"
TEXTS = {"1.1": "Ein Spieler zieht zwei Karten.", "1.2": "Karten werden verdeckt gezogen.",
         "1.3": "Wer nicht ziehen kann, verliert.", "2.1": "Ein Spieler spielt eine Karte aus."}


def _rulebook():
    game = Game.objects.create(slug="testspiel", name_de="Testspiel", name_en="Test game")
    document = Document.objects.create(game=game, slug="regeln", title_de="Regeln",
                                       title_en="Rules", language="de")
    one = Section.objects.create(document=document, slug="ziehen", number="1",
                                 heading_de="Ziehen", heading_en="Drawing", position=1)
    two = Section.objects.create(document=document, slug="spielen", number="2",
                                 heading_de="Spielen", heading_en="Playing", position=2)
    now = timezone.now()
    for position, key in enumerate(TEXTS, start=1):
        clause = Clause.objects.create(document=document, section=one if key[0] == "1" else two,
                                       key=key, label=key, position=position)
        ClauseVersion.objects.create(clause=clause, number=1, text_de=TEXTS[key],
                                     effective_date=IMPORTED, published_at=now)
    return game, document, one, two


def _structural_correction(game, document, one, two, editor, publisher):
    correction = Correction.objects.create(game=game, language="de", title_de="Umbau",
                                           title_en="Restructuring", effective_date=EFFECTIVE,
                                           created_by=editor)
    clauses = {clause.key: clause for clause in document.clauses.all()}
    assert structure.proposed_key(one, clauses["1.1"]) == ("1.1a", "1.1a")  # 1.2 is taken
    assert structure.proposed_key(two, clauses["2.1"]) == ("2.2", "2.2")
    structure.add_clause(correction, editor, section=one, after=clauses["1.1"], key="1.1a",
                         label="1.1a", text="Gezogene Karten bleiben geheim.")
    propose_version(correction, clauses["1.2"], editor, repeal=True)
    moved = propose_version(correction, clauses["1.3"], editor)
    moved.section = two
    moved.position = structure.position_at_end(two, clauses["1.3"])
    moved.save()
    renumbered = propose_version(correction, clauses["2.1"], editor)
    renumbered.key = renumbered.label = "2.5"
    renumbered.save()
    submit_correction(correction, editor)
    return publish_correction(correction, publisher)


@pytest.fixture
def restructured(db, editor, publisher):
    """The rulebook after the structural correction was published."""
    game, document, one, two = _rulebook()
    correction = _structural_correction(game, document, one, two, editor, publisher)
    return {"game": game, "document": document, "one": one, "two": two,
            "correction": correction}


def _listed(document, on):
    """Section slug → the printed labels listed on ``on``, in order."""
    return {reading.section.slug: [r.clause.display_key for r in reading.clauses]
            for reading in read_document(document, on)}


def _labels(page: str) -> list[str]:
    return re.findall(r'class="clause__key"[^>]*>(?:<a[^>]*>)?([^<]+)<', page)


def test_point_in_time_views_show_the_structure_of_their_date(restructured, client):
    document = restructured["document"]
    assert _listed(document, datetime.date(2025, 6, 1)) == {
        "ziehen": ["1.1", "1.2", "1.3"], "spielen": ["2.1"]}
    assert _listed(document, EFFECTIVE) == {
        "ziehen": ["1.1", "1.1a"], "spielen": ["2.5", "1.3"]}
    before = client.get(f"{BASE}/?as_of={BEFORE}").content.decode()
    after = client.get(f"{BASE}/?as_of={AFTER}").content.decode()
    assert "Gezogene Karten bleiben geheim." not in before
    assert "Gezogene Karten bleiben geheim." in after
    assert "Karten werden verdeckt gezogen." in before
    assert "Karten werden verdeckt gezogen." not in after
    # Section pages: the moved clause is in its old section before the date, the new one after.
    one_before = client.get(f"{BASE}/section/ziehen/?as_of={BEFORE}").content.decode()
    one_after = client.get(f"{BASE}/section/ziehen/?as_of={AFTER}").content.decode()
    two_before = client.get(f"{BASE}/section/spielen/?as_of={BEFORE}").content.decode()
    two_after = client.get(f"{BASE}/section/spielen/?as_of={AFTER}").content.decode()
    assert TEXTS["1.3"] in one_before and TEXTS["1.3"] not in one_after
    assert TEXTS["1.3"] not in two_before and TEXTS["1.3"] in two_after
    assert two_after.index(TEXTS["2.1"]) < two_after.index(TEXTS["1.3"])


def test_clause_pages_show_the_label_and_section_of_their_date(restructured, client):
    old = client.get(f"{BASE}/2.5/?as_of={BEFORE}").content.decode()
    new = client.get(f"{BASE}/2.5/?as_of={AFTER}").content.decode()
    assert "<title>2.1" in old and "<title>2.5" in new
    # the key in force on the date, under the label of that date
    assert "Key: <code>2.1</code>" in old and "2.5</code>" not in old
    assert "Key: <code>2.5</code>" in new
    moved_before = client.get(f"{BASE}/1.3/?as_of={BEFORE}").content.decode()
    moved_after = client.get(f"{BASE}/1.3/?as_of={AFTER}").content.decode()
    assert f'href="{BASE}/section/ziehen/?as_of={BEFORE}"' in moved_before
    assert f'href="{BASE}/section/spielen/?as_of={AFTER}"' in moved_after
    repealed = client.get(f"{BASE}/1.2/?as_of={AFTER}")
    assert repealed.status_code == 200 and TEXTS["1.2"] not in repealed.content.decode()


def test_old_address_of_a_renumbered_clause_redirects(restructured, client):
    response = client.get(f"{BASE}/2.1/?as_of={BEFORE}")
    assert response.status_code == 301
    assert response["Location"] == f"{BASE}/2.5/?as_of={BEFORE}"
    history = client.get(f"{BASE}/2.1/history/")
    assert history.status_code == 301 and history["Location"] == f"{BASE}/2.5/history/"
    assert client.get(f"{BASE}/9.9/").status_code == 404
    # the API answers the old key with the clause under its key now
    api = "/api/games/testspiel/documents/regeln/clauses"
    assert client.get(f"{api}/2.1").json()["key"] == "2.5"
    assert client.get(f"{api}/2.1/history").json() == client.get(f"{api}/2.5/history").json()
    assert client.get(f"{api}/9.9").status_code == 404
    clause = Clause.objects.get(key="2.5")
    assert clause.label == "2.5" and clause.versions.published().count() == 2


def test_history_follows_the_renumbered_clause(restructured, client):
    page = client.get(f"{BASE}/2.5/history/").content.decode()
    assert "was 2.1 until 1 March 2026" in page
    assert "renumbered from 2.1 to 2.5" in page
    moved = client.get(f"{BASE}/1.3/history/").content.decode()
    assert "moved from section 1 Drawing to 2 Playing" in moved
    added = client.get(f"{BASE}/1.1a/history/").content.decode()
    assert "<li class=\"structure-change structure-change--added\">added</li>" in added
    api = client.get("/api/games/testspiel/documents/regeln/clauses/2.5/history?lang=en").json()
    assert [(v["key"], v["label"]) for v in api["versions"]] == [("2.1", "2.1"), ("2.5", "2.5")]
    assert api["versions"][1]["structure"] == [{
        "kind": "renumbered", "old": "2.1", "new": "2.5", "text": "renumbered from 2.1 to 2.5"}]


def test_changes_api_and_feed_list_each_structural_change(restructured, client):
    answer = client.get(f"/api/games/testspiel/documents/regeln/changes?from={BEFORE}"
                        f"&to={AFTER}&lang=en").json()
    changes = {change["key"]: (change["kind"], [s["text"] for s in change["structure"]])
               for change in answer["changes"]}
    assert changes == {
        "1.1a": ("added", []), "1.2": ("repealed", []),
        "1.3": ("changed", ["moved from section 1 Drawing to 2 Playing"]),
        "2.5": ("changed", ["renumbered from 2.1 to 2.5"])}
    number = restructured["correction"].number
    detail = client.get(f"/api/games/testspiel/corrections/{number}?lang=en").json()
    assert {c["key"]: [s["kind"] for s in c["structure"]] for c in detail["changes"]} == {
        "1.1a": ["added"], "1.2": ["repealed"], "1.3": ["moved"], "2.5": ["renumbered"]}
    feed = client.get("/en/testspiel/corrections/feed/").content.decode()
    for words in ("1.1a: added", "1.2: repealed", "1.3: moved from section 1 Drawing to 2 Playing",
                  "2.5: renumbered from 2.1 to 2.5"):
        assert words in feed
    page = client.get(f"/en/testspiel/regeln/changes/?from={BEFORE}&to={AFTER}").content.decode()
    assert "renumbered from 2.1 to 2.5" in page and "moved from section 1 Drawing" in page


def test_published_structure_is_immutable(restructured):
    version = ClauseVersion.objects.get(clause__key="2.5", number=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_clauseversion SET key = 'x' WHERE id = %s",
                           [version.pk])
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_clauseversion SET section_id = %s WHERE id = %s",
                           [restructured["two"].pk, ClauseVersion.objects.get(
                               clause__key="1.1", number=1).pk])
    # A clause takes only a key one of its published versions carries.
    with pytest.raises(IntegrityError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_clause SET key = '7.7' WHERE key = '2.5'")
    with transaction.atomic():  # back to its old key: a version carries it
        with connection.cursor() as cursor:
            cursor.execute("UPDATE rulebook_clause SET key = '2.1' WHERE key = '2.5'")
        transaction.set_rollback(True)


@pytest.mark.django_db(transaction=True)
def test_export_then_restore_keeps_the_structure_of_every_date(editor, publisher, client):
    game, document, one, two = _rulebook()
    _structural_correction(game, document, one, two, editor, publisher)
    exported = export_game(game)
    pages = [f"{BASE}/?as_of={BEFORE}", f"{BASE}/?as_of={AFTER}", f"{BASE}/2.5/?as_of={BEFORE}",
             f"{BASE}/section/spielen/?as_of={BEFORE}", f"{BASE}/2.5/history/"]
    before = {page: client.get(page).content for page in pages}
    call_command("flush", interactive=False, verbosity=0)
    restored = restore_game(exported)
    assert export_game(restored) == exported
    assert {page: client.get(page).content for page in pages} == before
    assert client.get(f"{BASE}/2.1/").status_code == 301
    renumbered = [v["structure"] for d in exported["documents"] for c in d["clauses"]
                  if c["key"] == "2.5" for v in c["versions"]]
    assert [(s["key"], s["section"]) for s in renumbered] == [("2.1", "spielen"),
                                                            ("2.5", "spielen")]


def test_the_corrections_admin_and_pages_say_what_changed_in_words(restructured, publisher,
                                                                   client):
    correction = restructured["correction"]
    client.force_login(publisher)
    page = client.get(f"/admin/rulebook/correction/{correction.pk}/change/").content.decode()
    preview = client.get(f"/admin/rulebook/correction/{correction.pk}/preview/").content.decode()
    for words in ("added", "repealed", "moved from section 1 Drawing to 2 Playing",
                  "renumbered from 2.1 to 2.5"):
        assert words in page and words in preview
    detail = client.get(f"/en/testspiel/corrections/{correction.number}/").content.decode()
    assert "renumbered from 2.1 to 2.5" in detail
    # A clause only renumbered or moved shows no word diff of an unchanged text:
    # the one diff is the repealed clause's deleted text.
    assert detail.count('<div class="diff"') == 1 and "<del" in detail


def test_the_side_by_side_page_of_an_old_key_redirects(restructured, client):
    response = client.get(f"{BASE}/2.1/side-by-side/?with=ru")
    assert response.status_code == 301
    assert response["Location"] == f"{BASE}/2.5/side-by-side/?with=ru"
    assert client.get(f"{BASE}/2.5/side-by-side/").status_code == 200
    assert client.get(f"{BASE}/9.9/side-by-side/").status_code == 404


def test_the_publish_summary_and_preview_name_structural_changes(db, editor, publisher):
    """A move, a renumbering and a section rename are named as such in the
    publish summary and the preview, not called "new text"."""
    from rulebook.models import StructureChange
    from django.test import Client

    game, document, one, two = _rulebook()
    correction = Correction.objects.create(game=game, language="de", title_de="Umbau",
                                           effective_date=EFFECTIVE, created_by=editor)
    clauses = {clause.key: clause for clause in document.clauses.all()}
    moved = propose_version(correction, clauses["1.3"], editor)
    moved.section = two
    moved.position = structure.position_at_end(two, clauses["1.3"])
    moved.save()
    renumbered = propose_version(correction, clauses["2.1"], editor)
    renumbered.key = renumbered.label = "2.5"
    renumbered.save()
    StructureChange.objects.create(correction=correction, section=one, name_de="Nachziehen",
                                   name_en="Drawing again")
    submit_correction(correction, editor)
    client = Client()
    client.force_login(publisher)
    url = f"/admin/rulebook/correction/{correction.pk}"
    summary = client.get(f"{url}/publish/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "new text replacing" not in summary
    assert "<td>moved from section 1 Drawing to 2 Playing</td>" in summary
    assert "<td>renumbered from 2.1 to 2.5</td>" in summary
    assert "Section “Drawing” renamed “Drawing again”" in summary
    preview = client.get(f"{url}/preview/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert preview.count("The text is unchanged") == 2
    assert "Section “Drawing” renamed “Drawing again”" in preview
    # a text changed as well: both are named
    renumbered.text_de = "Ein Spieler spielt zwei Karten aus."
    renumbered.save()
    submit_correction(correction, editor)
    summary = client.get(f"{url}/publish/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "<td>renumbered from 2.1 to 2.5; new text replacing version 1</td>" in summary

"""Versioned structure above the clause (issue 25): a section renamed (heading
and slug), a section added, a document retitled and a game renamed by dated
corrections — the views before and after, the old address redirecting (301),
the changes API, the correction API and the feed listing them, export → restore
keeping them, and published changes immutable on the database."""

import datetime

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction

from rulebook.caching.process import ProcessIndex
from rulebook.models import (
    Clause, ClauseVersion, Correction, ImmutableVersionError, Section, StructureChange,
)
from rulebook.versioning.exporting import export_game, restore_game
from rulebook.versioning.publishing import (
    WorkflowError, propose_version, publish_correction, submit_correction,
)
from tests.rulebook.conftest import TEXTS, hidden_inputs, update_published_section

RENAMED = datetime.date(2023, 3, 1)
DOC = "/de/testspiel/regeln/"


def correct(game, publisher, date, *changes, clauses=()):
    """Publish a correction of ``date`` making ``changes`` (StructureChange fields)
    and proposing texts (``(clause, text)``)."""
    correction = Correction.objects.create(game=game, language="de", effective_date=date,
                                           title_de=f"Korrektur {date:%d.%m.%Y}")
    for fields in changes:
        StructureChange.objects.create(correction=correction, **fields)
    for clause, text in clauses:
        draft = propose_version(correction, clause, publisher)
        draft.text_de = text
        draft.save()
    submit_correction(correction, publisher)
    return publish_correction(correction, publisher)


@pytest.fixture
def renamed(small_rulebook, publisher):
    """Section "ziehen" renamed "Karten ziehen" (de) / "Drawing cards" (en), address
    karten-ziehen, from RENAMED."""
    correct(small_rulebook["game"], publisher, RENAMED, {
        "section": small_rulebook["section"], "slug": "karten-ziehen",
        "name_de": "Karten ziehen", "name_en": "Drawing cards"})
    return small_rulebook


def test_a_renamed_section_shows_the_heading_in_force_on_each_date(client, renamed):
    before = client.get(f"{DOC}?as_of=2023-02-28").content.decode()
    after = client.get(f"{DOC}?as_of=2023-03-01").content.decode()
    assert "Ziehen" in before and "Karten ziehen" not in before
    assert "Karten ziehen" in after
    today = client.get("/en/testspiel/regeln/").content.decode()
    assert "Drawing cards" in today
    dated = client.get(f"{DOC}section/karten-ziehen/?as_of=2022-01-01")
    assert dated.status_code == 200
    html = dated.content.decode()
    assert "<h1" in html and "Ziehen" in html and "Karten ziehen" not in html
    # The section's address is the one in force today, on every date.
    assert 'id="section-karten-ziehen"' in after or "section/karten-ziehen/" in after


def test_a_heading_published_while_a_worker_missed_the_bump_is_shown(
        client, small_rulebook, publisher, monkeypatch):
    """A shared cache that refuses writes while it still answers reads loses a publication's
    bump without an outage (a breaker's finding): a worker holding the structure index must
    not store the new publication's page with the old heading, for a day."""
    assert "Karten ziehen" not in client.get(DOC).content.decode()  # the index is built
    # This process stands for another worker, which the publication's bump does not reach.
    monkeypatch.setattr(ProcessIndex, "_forget_and_bump", lambda self: None)
    correct(small_rulebook["game"], publisher, RENAMED, {
        "section": small_rulebook["section"], "name_de": "Karten ziehen"})
    assert "Karten ziehen" in client.get(DOC).content.decode()


def test_the_old_slug_redirects_permanently_to_the_new_one(client, renamed):
    response = client.get(f"{DOC}section/ziehen/?as_of=2022-01-01")
    assert response.status_code == 301
    assert response["Location"] == f"{DOC}section/karten-ziehen/?as_of=2022-01-01"
    assert client.get(f"{DOC}section/karten-ziehen/").status_code == 200
    assert client.get(f"{DOC}section/nirgends/").status_code == 404


def test_the_clause_page_names_the_section_as_on_its_date(client, renamed):
    assert "Karten ziehen" in client.get(f"{DOC}1.1/").content.decode()
    old = client.get(f"{DOC}1.1/?as_of=2022-06-01").content.decode()
    assert "Karten ziehen" not in old and "Ziehen" in old


def test_an_upcoming_slug_leads_to_the_address_in_force(client, small_rulebook, publisher):
    future = datetime.date.today() + datetime.timedelta(days=40)
    correct(small_rulebook["game"], publisher, future,
            {"section": small_rulebook["section"], "slug": "bald"})
    assert client.get(f"{DOC}section/ziehen/").status_code == 200
    response = client.get(f"{DOC}section/bald/")
    assert response.status_code == 301 and response["Location"] == f"{DOC}section/ziehen/"


def test_a_section_added_by_a_correction_is_absent_before_its_date(client, small_rulebook,
                                                                  publisher):
    document = small_rulebook["document"]
    section = Section.objects.create(document=document, slug="tauschen", number="2",
                                     heading_de="Tauschen", position=2)
    clause = Clause.objects.create(document=document, section=section, key="2.1", position=3)
    # An older clause moved under it by hand (shown on every date) does not make
    # the section older than the correction that adds it.
    Clause.objects.filter(pk=small_rulebook["other"].pk).update(section=section)
    added = datetime.date(2024, 5, 1)
    correct(small_rulebook["game"], publisher, added, {"section": section, "adds": True},
            clauses=[(clause, "Karten dürfen getauscht werden.")])
    before = client.get(f"{DOC}?as_of=2024-04-30").content.decode()
    after = client.get(f"{DOC}?as_of=2024-05-01").content.decode()
    assert "Tauschen" not in before and "Tauschen" in after
    assert "Karten dürfen getauscht werden." in after
    assert client.get(f"{DOC}section/tauschen/?as_of=2024-04-30").status_code == 404
    assert client.get(f"{DOC}section/tauschen/?as_of=2024-05-01").status_code == 200


def test_a_document_title_and_game_name_change_on_their_dates(client, small_rulebook,
                                                              publisher):
    correct(small_rulebook["game"], publisher, datetime.date(2023, 1, 1),
            {"document": small_rulebook["document"], "name_de": "Grundregeln"},
            {"game": small_rulebook["game"], "name_de": "Testspiel Neu"})
    before = client.get(f"{DOC}?as_of=2022-12-31").content.decode()
    after = client.get(f"{DOC}?as_of=2023-01-01").content.decode()
    assert "Grundregeln" not in before and "Testspiel Neu" not in before
    assert "Regeln" in before
    assert "Grundregeln" in after and "Testspiel Neu" in after
    assert "Testspiel Neu" in client.get("/de/testspiel/").content.decode()
    assert "Grundregeln" in client.get("/de/").content.decode()


def test_changes_api_correction_api_and_feed_list_the_rename(client, renamed):
    changes = client.get("/api/games/testspiel/documents/regeln/changes",
                         {"from": "2023-01-01", "to": "2023-12-31"}).json()
    (entry,) = changes["structure"]
    assert entry["kind"] == "section" and entry["section"] == "ziehen"
    assert entry["slug"] == "karten-ziehen" and entry["name"]["de"] == "Karten ziehen"
    assert entry["url"].endswith("/testspiel/regeln/section/karten-ziehen/")
    assert entry["effective_date"] == "2023-03-01"
    earlier = client.get("/api/games/testspiel/documents/regeln/changes",
                         {"from": "2021-01-01", "to": "2023-02-28"}).json()
    assert earlier["structure"] == []
    correction = Correction.objects.get(structure_changes__isnull=False)
    detail = client.get(f"/api/games/testspiel/corrections/{correction.number}").json()
    assert [s["slug"] for s in detail["structure"]] == ["karten-ziehen"]
    feed = client.get("/de/testspiel/corrections/feed/").content.decode()
    assert "Karten ziehen" in feed and "ziehen → karten-ziehen" in feed
    page = client.get(f"/en/testspiel/corrections/{correction.number}/").content.decode()
    # in the reader's language: the English name given with the rename
    assert ('Section “Ziehen” renamed “Drawing cards”, address ziehen → karten-ziehen'
            in page)
    german = client.get(f"/de/testspiel/corrections/{correction.number}/").content.decode()
    assert "Abschnitt „Ziehen“ umbenannt in „Karten ziehen“" in german
    assert 'href="/en/testspiel/regeln/section/karten-ziehen/"' in page
    changes_page = client.get("/en/testspiel/regeln/changes/?from=2023-01-01&to=2023-12-31")
    assert "renamed “Drawing cards”" in changes_page.content.decode()


def test_a_structure_only_correction_needs_a_free_slug(small_rulebook, publisher):
    other = Section.objects.create(document=small_rulebook["document"], slug="legen",
                                   heading_de="Legen", position=5)
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           effective_date=RENAMED, title_de="K")
    StructureChange.objects.create(correction=correction, section=other, slug="ziehen")
    submit_correction(correction, publisher)
    with pytest.raises(WorkflowError, match="ziehen"):
        publish_correction(correction, publisher)
    assert not StructureChange.objects.published().exists()


@pytest.mark.django_db(transaction=True)
def test_export_and_restore_keep_the_structure_changes(client, renamed):
    data = export_game(renamed["game"])
    (item,) = data["structure_changes"]
    assert item["section"] == "ziehen" and item["slug"] == "karten-ziehen"
    assert item["correction"] == 3 and item["published_by"] == "paul"
    call_command("flush", interactive=False, verbosity=0)  # an empty database
    assert not StructureChange.objects.exists()
    restored = restore_game(data)
    assert export_game(restored) == data
    ProcessIndex.clear_all()
    response = client.get(f"{DOC}section/ziehen/")
    assert response.status_code == 301
    assert "Karten ziehen" in client.get(f"{DOC}section/karten-ziehen/").content.decode()
    assert "Ziehen" in client.get(f"{DOC}section/karten-ziehen/?as_of=2022-01-01"
                                  ).content.decode()
    # Restored published, hence immutable again.
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE rulebook_structurechange SET slug = 'x'")


def test_a_published_change_is_immutable_in_the_orm_and_the_database(renamed):
    change = StructureChange.objects.get()
    change.name_de = "Anders"
    with pytest.raises(ImmutableVersionError):
        change.save()
    with pytest.raises(ImmutableVersionError):
        StructureChange.objects.filter(pk=change.pk).update(slug="anders")
    with pytest.raises(ImmutableVersionError):
        change.delete()
    for sql in ("UPDATE rulebook_structurechange SET name_de = 'Anders' WHERE id = %s",
                "UPDATE rulebook_structurechange SET effective_date = '2020-01-01' WHERE id = %s",
                "DELETE FROM rulebook_structurechange WHERE id = %s"):
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(sql, [change.pk])
    stored = StructureChange.objects.get()
    assert (stored.name_de, stored.slug, stored.effective_date) == (
        "Karten ziehen", "karten-ziehen", RENAMED)


def test_a_change_is_published_only_with_its_correction(renamed):
    correction = Correction.objects.get(structure_changes__isnull=False)
    with pytest.raises(IntegrityError), transaction.atomic():
        # A draft into the published correction.
        StructureChange.objects.create(correction=correction, game=renamed["game"],
                                       name_de="Heimlich")
    draft = Correction.objects.create(game=renamed["game"], language="de",
                                      effective_date=RENAMED, title_de="Entwurf")
    with pytest.raises(IntegrityError), transaction.atomic():
        StructureChange.objects.create(correction=draft, game=renamed["game"],
                                       name_de="Heimlich", published_at=correction.published_at)
    assert StructureChange.objects.count() == 1
    assert TEXTS[2] in ClauseVersion.objects.get(clause=renamed["clause"], number=3).text_de


def test_an_editor_renames_a_section_in_the_corrections_admin(client, small_rulebook,
                                                              publisher, other_game_section):
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           effective_date=RENAMED, title_de="Umbenennung")
    client.force_login(publisher)
    url = f"/admin/rulebook/correction/{correction.pk}/change/"
    page = client.get(url).content.decode()
    section_select = page[page.index('name="structure_changes-__prefix__-section"'):]
    section_select = section_select[:section_select.index("</select>")]
    assert "regeln › 1 Ziehen" in section_select  # only the correction's game
    assert other_game_section.slug not in section_select
    form = {**hidden_inputs(page), "game": small_rulebook["game"].pk, "language": "de",
            "title_de": "Umbenennung", "effective_date": "2023-03-01",
            "structure_changes-TOTAL_FORMS": "1",
            "structure_changes-0-section": small_rulebook["section"].pk,
            "structure_changes-0-slug": "karten-ziehen",
            "structure_changes-0-name_de": "Karten ziehen", "_continue": "1"}
    response = client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:3000]
    change = StructureChange.objects.get()
    assert (change.section, change.slug, change.name_de) == (
        small_rulebook["section"], "karten-ziehen", "Karten ziehen")
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    assert client.get(f"{DOC}section/ziehen/").status_code == 301


@pytest.fixture
def other_game_section(db):
    from rulebook.models import Document, Game

    game = Game.objects.create(slug="anderes", name_de="Anderes")
    document = Document.objects.create(game=game, slug="heft", title_de="Heft", language="de")
    return Section.objects.create(document=document, slug="fremd-abschnitt", heading_de="Fremd")


def test_the_sitemap_lists_a_renamed_section_at_its_new_address(client, renamed):
    sitemap = client.get("/sitemap.xml").content.decode()
    assert "/de/testspiel/regeln/section/karten-ziehen/" in sitemap
    assert "/section/ziehen/" not in sitemap


def test_the_side_by_side_section_page_follows_the_section_page(client, renamed):
    """Every other page of a section by slug answers as the section page does:
    the slug in force 200 with the heading of the date, an old slug 301 to it."""
    response = client.get(f"{DOC}section/ziehen/side-by-side/?as_of=2022-01-01")
    assert response.status_code == 301
    assert response["Location"] == f"{DOC}section/karten-ziehen/side-by-side/?as_of=2022-01-01"
    page = client.get(f"{DOC}section/karten-ziehen/side-by-side/")
    assert page.status_code == 200 and "Karten ziehen" in page.content.decode()
    dated = client.get(f"{DOC}section/karten-ziehen/side-by-side/?as_of=2022-01-01")
    assert "Karten ziehen" not in dated.content.decode()
    assert client.get(f"{DOC}section/nirgends/side-by-side/").status_code == 404



def test_the_search_finds_a_renamed_section_by_the_heading_in_force(client, small_rulebook,
                                                                   publisher):
    """A correction's new heading reaches the index (the section's first clause
    carries it), the heading it replaced no longer finds the clause, and the
    results name the section by the heading of the reading date."""
    from rulebook.search import search
    from rulebook.search.indexing import index_section

    section = small_rulebook["section"]
    # a section published as "Altname" (the fixture's heading is a word of its texts)
    update_published_section(section, heading_de="Altname")
    index_section(section)
    assert [hit.clause.key for hit in search("Altname", language="de")] == ["1.1"]
    correct(small_rulebook["game"], publisher, RENAMED, {
        "section": section, "slug": "nachschub", "name_de": "Nachschub"})
    assert [hit.clause.key for hit in search("Nachschub", language="de")] == ["1.1"]
    assert search("Altname", language="de") == []
    page = client.get("/de/search/?q=Nachschub").content.decode()
    assert "1 Nachschub" in page
    dated = client.get("/de/search/?q=Karten&as_of=2022-06-01").content.decode()
    assert "1 Altname" in dated and "Nachschub" not in dated


def test_a_section_without_a_heading_is_named_by_its_number_when_renamed(small_rulebook):
    from rulebook.versioning.headings import describe

    section = small_rulebook["section"]
    update_published_section(section, heading_de="")  # a section published without a heading
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           effective_date=RENAMED, title_de="Überschrift")
    change = StructureChange.objects.create(correction=correction, section=section,
                                            name_de="Karten ziehen")
    from django.utils import translation
    with translation.override("de"):
        assert describe(StructureChange.objects.get(pk=change.pk)).startswith(
            "Abschnitt „1“ umbenannt in „Karten ziehen“")


def test_the_clause_history_lists_its_sections_rename(client, renamed):
    page = client.get(f"{DOC}1.1/history/").content.decode()
    assert "Änderungen ihres Abschnitts" in page
    assert ("Abschnitt „Ziehen“ umbenannt in „Karten ziehen“, Adresse ziehen → karten-ziehen"
            in page)
    assert 'datetime="2023-03-01"' in page
    english = client.get("/en/testspiel/regeln/1.1/history/").content.decode()
    assert "Changes of its section" in english and "“Drawing cards”" in english


def test_the_clause_history_api_lists_its_sections_rename_as_the_page_does(client, renamed):
    url = "/api/games/testspiel/documents/regeln/clauses/1.1/history"
    data = client.get(url, {"lang": "en"}).json()
    [change] = data["section_changes"]
    assert change["kind"] == "section" and change["slug"] == "karten-ziehen"
    assert change["effective_date"] == "2023-03-01"
    assert change["name"]["en"] == "Drawing cards" and change["name"]["de"] == "Karten ziehen"
    assert change["description"] == ("Section “Ziehen” renamed “Drawing cards”, "
                                     "address ziehen → karten-ziehen")
    assert change["url"].endswith("/en/testspiel/regeln/section/karten-ziehen/")
    german = client.get(url, {"lang": "de"}).json()["section_changes"][0]["description"]
    assert german == ("Abschnitt „Ziehen“ umbenannt in „Karten ziehen“, "
                      "Adresse ziehen → karten-ziehen")


def test_a_rename_before_the_clause_moved_in_is_not_in_its_history(small_rulebook, publisher):
    from rulebook.versioning.history import section_changes

    document = small_rulebook["document"]
    other = Section.objects.create(document=document, slug="spielen", number="2",
                                   heading_de="Spielen", position=2)
    correct(small_rulebook["game"], publisher, RENAMED,
            {"section": other, "name_de": "Ausspielen"})
    clause = small_rulebook["other"]
    moved_on = datetime.date(2024, 1, 1)
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           effective_date=moved_on, title_de="Umzug")
    draft = propose_version(correction, clause, publisher)
    draft.section = other
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    versions = list(clause.versions.published().order_by("effective_date", "number"))
    assert section_changes(Clause.objects.get(pk=clause.pk), versions) == []
    first = small_rulebook["clause"]
    assert section_changes(first, list(first.versions.published())) == []

"""Point-in-time reading: the text in force on a date, changes after it, repeals, upcoming."""

import datetime

import pytest
from django.utils import timezone

from rulebook.models import ClauseVersion, Correction
from rulebook.versioning.publishing import propose_version, publish_correction, submit_correction
from rulebook.reading.services import read_clauses, read_document
from tests.rulebook.conftest import D1, D2, D3, TEXTS

DAY = datetime.timedelta(days=1)


@pytest.mark.parametrize("on, expected", [
    (D1 - DAY, None),            # before the first version
    (D1, TEXTS[0]),              # on the exact effective date
    (D2 - DAY, TEXTS[0]),
    (D2, TEXTS[1]),
    (D3 - DAY, TEXTS[1]),
    (D3, TEXTS[2]),
    (datetime.date(2030, 1, 1), TEXTS[2]),
])
def test_each_date_reads_the_version_in_force(small_rulebook, on, expected):
    (reading,) = read_clauses([small_rulebook["clause"]], on)
    assert (reading.text.text if reading.available else None) == expected


def test_reading_marks_the_first_later_version(small_rulebook):
    (reading,) = read_clauses([small_rulebook["clause"]], D2 - DAY)
    assert reading.version.number == 1 and reading.later.number == 2
    (today,) = read_clauses([small_rulebook["clause"]])
    assert today.version.number == 3 and today.later is None


def test_document_page_as_of_states_the_date_marks_changes_and_links_current(
        client, small_rulebook):
    html = client.get("/en/testspiel/regeln/?as_of=2021-05-31").content.decode()
    assert "You are reading the rules as in force on 31 May 2021." in html
    assert TEXTS[0] in html and TEXTS[2] not in html
    assert "Changed after" in html and 'href="/en/testspiel/regeln/1.1/"' in html
    assert 'href="/en/testspiel/regeln/"' in html  # "Show the current text"
    current = client.get("/en/testspiel/regeln/").content.decode()
    assert TEXTS[2] in current and "Changed after" not in current


@pytest.mark.parametrize("url", ["/de/testspiel/regeln/section/ziehen/?as_of=2020-01-01",
                                 "/de/testspiel/regeln/1.1/?as_of=2020-01-01"])
def test_section_and_clause_pages_take_a_date(client, small_rulebook, url):
    html = client.get(url).content.decode()
    assert TEXTS[0] in html and TEXTS[1] not in html
    assert "Du liest die Regeln mit dem Stand vom 01.01.2020." in html


def test_a_bad_date_is_a_field_error_not_a_500(client, small_rulebook):
    response = client.get("/en/testspiel/regeln/?as_of=2021-13-45")
    assert response.status_code == 200
    assert "is not a date; enter it as YYYY-MM-DD" in response.content.decode()


def test_upcoming_correction_changes_nothing_before_its_date(small_rulebook, editor, publisher):
    future = timezone.localdate() + datetime.timedelta(days=30)
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Künftig", effective_date=future)
    draft = propose_version(correction, small_rulebook["clause"], editor)
    draft.text_de = "Jeder Spieler zieht fünf Karten."
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    correction.refresh_from_db()
    assert correction.status() == Correction.UPCOMING
    (today,) = read_clauses([small_rulebook["clause"]])
    assert today.text.text == TEXTS[2] and today.later.number == 4
    (then,) = read_clauses([small_rulebook["clause"]], future)
    assert then.text.text == "Jeder Spieler zieht fünf Karten."


def test_upcoming_correction_is_shown_as_upcoming(client, small_rulebook, editor, publisher):
    future = timezone.localdate() + datetime.timedelta(days=30)
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Künftige Korrektur", effective_date=future)
    propose_version(correction, small_rulebook["clause"], editor, repeal=True)
    submit_correction(correction, publisher)
    correction = publish_correction(correction, publisher)
    html = client.get("/en/testspiel/regeln/").content.decode()
    assert "upcoming" in html and "This clause is repealed from" in html
    listing = client.get("/en/testspiel/corrections/").content.decode()
    assert "upcoming: in force from" in listing and "Künftige Korrektur" in listing


def test_repealed_clause_keeps_its_permalink_and_leaves_dated_views(
        client, small_rulebook, editor, publisher):
    repeal_date = datetime.date(2023, 2, 1)
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Streichung", effective_date=repeal_date)
    propose_version(correction, small_rulebook["clause"], editor, repeal=True)
    submit_correction(correction, publisher)
    correction = publish_correction(correction, publisher)

    def keys(on):
        return [r.clause.key for s in read_document(small_rulebook["document"], on)
                for r in s.clauses]

    assert keys(repeal_date - DAY) == ["1.1", "1.2"]
    assert keys(repeal_date) == ["1.2"]
    assert keys(None) == ["1.2"]
    page = client.get("/en/testspiel/regeln/1.1/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "This clause was repealed on" in html
    assert f'href="/en/testspiel/corrections/{correction.number}/"' in html
    assert "Streichung" in html
    before = client.get("/en/testspiel/regeln/?as_of=2023-01-31").content.decode()
    assert TEXTS[2] in before
    after = client.get("/en/testspiel/regeln/?as_of=2023-02-01").content.decode()
    assert TEXTS[2] not in after and 'id="1.2"' in after


def test_new_clause_appears_only_from_its_date(client, small_rulebook, editor, publisher):
    from rulebook.models import Clause

    clause = Clause.objects.create(document=small_rulebook["document"],
                                   section=small_rulebook["section"], key="1.3", position=3)
    assert client.get("/en/testspiel/regeln/").content.decode().count('id="1.3"') == 0
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="Neue Regel",
                                           effective_date=datetime.date(2023, 3, 1))
    draft = propose_version(correction, clause, editor)
    draft.text_de = "Niemand zieht am Sonntag."
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    assert 'id="1.3"' in client.get("/en/testspiel/regeln/").content.decode()
    before = client.get("/en/testspiel/regeln/?as_of=2023-02-28").content.decode()
    assert 'id="1.3"' not in before


def test_power_duell_before_the_correction_says_the_text_is_not_available(client, seeded):
    html = client.get("/de/power-duell/schutzgottkarten/section/negativ-positiv-wirkung/"
                      "?as_of=2023-01-24").content.decode()
    assert "Der am 24.01.2023 gültige Text dieser Regel liegt in den Quellen nicht vor." in html
    assert "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt" not in html
    assert "Geändert nach dem 24.01.2023" in html
    after = client.get("/de/power-duell/schutzgottkarten/section/negativ-positiv-wirkung/"
                       "?as_of=2023-01-25").content.decode()
    assert "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt" in after


def test_outdated_translation_is_flagged_until_confirmed(client, small_rulebook, editor,
                                                          publisher):
    from rulebook.versioning.publishing import update_translation

    v3 = small_rulebook["versions"][2]
    update_translation(v3, "en", text="Each player draws three cards at the start.", title="",
                       user=editor)
    assert not v3.translation_outdated("en")
    html = client.get("/en/testspiel/regeln/1.1/").content.decode()
    assert "Each player draws three cards" in html and "may be out of date" not in html

    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="K", effective_date=datetime.date(2023, 1, 1))
    draft = propose_version(correction, small_rulebook["clause"], editor)
    draft.text_de = "Jeder Spieler zieht vier Karten am Anfang."
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    v4 = ClauseVersion.objects.get(clause=small_rulebook["clause"], number=4)
    assert v4.text_en == "Each player draws three cards at the start."  # carried over
    assert v4.translation_outdated("en") and not v4.translation_outdated("de")
    html = client.get("/en/testspiel/regeln/1.1/").content.decode()
    assert "Translation may be out of date" in html
    # the note names the version the translation was made from, not the one in force
    assert "Unofficial translation of version 3 of the German original" in html
    assert "translation of version 4" not in html

    update_translation(v4, "en", text=v4.text_en, title="", user=editor, confirm=True)
    v4.refresh_from_db()
    assert not v4.translation_outdated("en")
    html = client.get("/en/testspiel/regeln/1.1/").content.decode()
    assert "may be out of date" not in html
    assert "Unofficial translation of version 4 of the German original" in html


def test_translation_edited_in_the_draft_is_current_after_publishing(small_rulebook, editor,
                                                                      publisher):
    correction = Correction.objects.create(game=small_rulebook["game"], language="de",
                                           title_de="K", effective_date=datetime.date(2023, 1, 1))
    draft = propose_version(correction, small_rulebook["clause"], editor)
    draft.text_de = "Jeder Spieler zieht vier Karten."
    draft.text_ru = "Каждый игрок берёт четыре карты."
    draft.save()
    submit_correction(correction, publisher)
    publish_correction(correction, publisher)
    v4 = ClauseVersion.objects.get(clause=small_rulebook["clause"], number=4)
    assert not v4.translation_outdated("ru")

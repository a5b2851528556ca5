"""Search journeys in real Chromium, in two UI languages: search an inflected
word in German ("Schutzgottes") and in Russian ("летающих") from the search
box of the page header and with the live (htmx) search form, open a hit;
follow a cross-reference between clauses and find the way back in "Cited by".
"""

import re
import textwrap

import pytest
from playwright.sync_api import expect

SEARCH_THE_RULES = {"de": "Regeln durchsuchen", "ru": "Поиск по правилам",
                    "en": "Search the rules"}
QUERY_LABEL = {"de": "Wörter oder eine Regelnummer", "ru": "Слова или номер пункта",
               "en": "Words or a clause number"}
FOUND = {"de": "Gefundene Regeln", "ru": "Найдено пунктов", "en": "Clauses found"}
CITED_BY = {"de": "Zitiert von", "ru": "Цитируется в", "en": "Cited by"}
# An inflected word, the stem every highlighted form starts with, and a
# clause the search must find.
WORDS = [("Schutzgottes", "schutzgott", "/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p3/"),
         ("летающих", "летающ", "/berserk/comprehensive-rules/107.2/")]
BERSERK = "/berserk/comprehensive-rules/"
REFERENCE = "[[107.2]]"


@pytest.fixture(scope="module")
def cross_reference(site_server):
    """Clause 109.p1 of the Berserk rules cites clause 107.2.

    The seed texts have no reference that resolves (only stubs), so a
    correction of 2024-01-01 publishes a version of 109.p1 that ends with
    one, through the editorial workflow (propose, publish) as an editor
    would.  Nothing else in the journeys reads 109.p1.
    """
    site_server.shell(textwrap.dedent(f"""
        import datetime
        from django.contrib.auth import get_user_model
        from rulebook.versioning import publishing
        from rulebook.models import Clause, Correction
        clause = Clause.objects.select_related("document__game").get(
            document__game__slug="berserk", document__slug="comprehensive-rules", key="109.p1")
        if not clause.versions.filter(text_ru__contains="{REFERENCE}").exists():
            user = get_user_model().objects.get(username="admin")
            correction = Correction.objects.create(
                game=clause.document.game, language="ru", title_ru="Ссылка для проверки",
                effective_date=datetime.date(2024, 1, 1), created_by=user)
            draft = publishing.propose_version(correction, clause, user)
            draft.text_ru = draft.text_ru.rstrip() + " См. {REFERENCE}."
            # the site's translations cite it too
            draft.text_de = draft.text_de.rstrip() + " Siehe {REFERENCE}."
            draft.text_en = draft.text_en.rstrip() + " See {REFERENCE}."
            draft.save()
            publishing.submit_correction(correction, user)
            publishing.publish_correction(correction, user)
    """))
    return "109.p1"


def assert_hits(page, stem, expected_path, language):
    expect(page.locator(".search-count")).to_contain_text(FOUND[language])
    hits = page.locator("#search-results .search-hit")
    expect(hits.first).to_be_visible()
    expect(page.locator(f'.search-hit a.clause__key[href="/{language}{expected_path}"]')
           ).to_have_count(1)
    marks = page.locator("#search-results .search-hit__excerpt mark").all_inner_texts()
    assert marks and all(mark.lower().startswith(stem) for mark in marks), marks
    return hits


@pytest.mark.parametrize("language", ["de", "ru"])
def test_searching_inflected_words_from_the_header_and_opening_a_hit(journey, language):
    page = journey.page
    for word, stem, expected_path in WORDS:
        journey.goto(f"/{language}{BERSERK}")
        box = page.get_by_role("search").get_by_label(SEARCH_THE_RULES[language])
        box.fill(word)
        box.press("Enter")
        expect(page).to_have_url(re.compile(rf"/{language}/search/\?q="))
        expect(page.locator("#id_q")).to_have_value(word)
        hits = assert_hits(page, stem, expected_path, language)
        journey.screenshot(stem)
        first = hits.first.locator("a.clause__key")
        href = first.get_attribute("href")
        matched = hits.first.locator(".search-hit__excerpt").get_attribute("lang")
        first.click()
        expect(page).to_have_url(journey.url(href))
        if matched != language:  # the page shows the reader's language: read the text that matched
            journey.goto(href.replace(f"/{language}/", f"/{matched}/", 1))
        text = page.locator("#main article.clause .clause__text").inner_text().lower()
        assert stem in text, (href, matched, text)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_live_search_updates_results_and_address(journey, language):
    page = journey.page
    journey.goto(f"/{language}/search/")
    expect(page.locator("h1")).to_have_text(SEARCH_THE_RULES[language])
    page.evaluate("window.journeyMark = 'same document'")
    for word, stem, expected_path in WORDS:
        query = page.get_by_label(QUERY_LABEL[language])
        query.fill("")
        with page.expect_response(lambda r: "/search/?" in r.url and "q=" in r.url):
            query.press_sequentially(word, delay=20)
        expect(page).to_have_url(re.compile(r"\?q=" + re.escape(
            word if word.isascii() else "%D0")))
        assert_hits(page, stem, expected_path, language)
    # Results followed the typing without loading a new page.
    assert page.evaluate("window.journeyMark") == "same document"
    journey.screenshot("live")


@pytest.mark.parametrize("language", ["de", "ru"])
def test_following_a_cross_reference_and_back_by_cited_by(journey, language,
                                                          cross_reference):
    page = journey.page
    journey.goto(f"/{language}{BERSERK}{cross_reference}/")
    link = page.locator("#main article.clause .clause__text a.xref--clause")
    expect(link).to_have_text("107.2")
    journey.screenshot("reference")
    link.click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.2/"))
    expect(page.locator("h1 .clause__key")).to_have_text("107.2")
    cited_by = page.locator("section.backlinks")
    expect(cited_by.locator("h2")).to_have_text(CITED_BY[language])
    cited_by.locator(f'a[href="/{language}{BERSERK}{cross_reference}/"]').click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}{cross_reference}/"))

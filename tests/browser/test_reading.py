"""Journeys of a reader: home page, language switch, documents, clauses, permalinks,
keyboard navigation — in each UI language, in real Chromium."""

import re

from playwright.sync_api import expect

SITE_NAME = {"de": "Regelnachschlagewerk", "ru": "Справочник по правилам",
             "en": "Rules reference"}
CONTENTS = {"de": "Inhalt", "ru": "Содержание", "en": "Contents"}
SKIP_LINK = {"de": "Zum Inhalt springen", "ru": "Перейти к содержанию", "en": "Skip to content"}
LANGUAGE_NAME = {"de": "Deutsch", "ru": "Русский", "en": "English"}
BERSERK = "/berserk/comprehensive-rules/"
# The last sentence of 107.2 in each reader's language (the Russian original,
# the site's unofficial translations).
CLAUSE_107_2 = {"ru": "Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода.",
                "de": "Sie können von einem Spieler nur in der Auswahl-Unterphase der Hauptphase",
                "en": "They can be declared by a player only in the Choice subphase of the Main phase"}


def other_language(language):
    return {"de": "ru", "ru": "en", "en": "de"}[language]


def test_home_page_lists_the_games_and_documents(journey, language):
    page = journey.page
    journey.goto(f"/{language}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator(".site-name")).to_have_text(SITE_NAME[language])
    games = page.locator(".game-card h2")
    expect(games).to_have_count(3)
    # Every document of the seeds is one click away.
    documents = page.locator(".document-list a")
    expect(documents).to_have_count(3)
    page.locator(f'.document-list a[href="/{language}{BERSERK}"]').click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}"))
    expect(page.get_by_role("navigation", name=CONTENTS[language])).to_be_visible()


def test_switching_language_stays_on_the_same_page(journey, language):
    page = journey.page
    target = other_language(language)
    journey.goto(f"/{language}{BERSERK}107.2/?as_of=2024-01-01")
    page.locator(".language-switcher").get_by_role("link", name=LANGUAGE_NAME[target]).click()
    expect(page).to_have_url(journey.url(f"/{target}{BERSERK}107.2/?as_of=2024-01-01"))
    expect(page.locator("html")).to_have_attribute("lang", target)
    expect(page.locator(".site-name")).to_have_text(SITE_NAME[target])
    expect(page.locator(".language-switcher [aria-current=true]")).to_have_text(
        LANGUAGE_NAME[target])
    expect(page.locator("#main .clause__text")).to_contain_text(CLAUSE_107_2[target])


def test_reading_a_document_and_opening_a_clause(journey, language):
    page = journey.page
    journey.goto(f"/{language}{BERSERK}")
    sections = page.locator("section.section")
    expect(sections).to_have_count(4)
    clause = page.locator('article[id="107.2"]')
    expect(clause.locator(".clause__text")).to_contain_text(CLAUSE_107_2[language])
    # the Russian original or the site's translation into the reader's language
    expect(clause.locator(".clause__text")).to_have_attribute("lang", language)
    journey.screenshot("document")
    clause.locator("a.clause__key").click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.2/"))
    expect(page.locator("h1 .clause__key")).to_have_text("107.2")
    expect(page.locator("#main .clause__text")).to_contain_text(CLAUSE_107_2[language])
    # The pager walks the document in order.
    page.locator("a[rel=next]").click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.3/"))
    page.locator("a[rel=prev]").click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.2/"))


def test_following_a_permalink_anchor(journey, language):
    page = journey.page
    journey.goto(f"/{language}{BERSERK}")
    page.locator('.toc a[href="#107.2"]').click()
    expect(page).to_have_url(re.compile(re.escape(f"{BERSERK}#107.2") + "$"))
    target = page.locator('article[id="107.2"]')
    expect(target).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target').id") == "107.2"
    # An anchor opened directly (a shared link) lands on its clause.
    journey.goto(f"/{language}{BERSERK}section/109/#109.1")
    expect(page.locator('article[id="109.1"]')).to_be_in_viewport()
    assert page.evaluate("document.querySelector(':target').id") == "109.1"


def test_keyboard_skip_link_moves_to_the_content(journey, language):
    page = journey.page
    journey.goto(f"/{language}{BERSERK}107.2/")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_have_text(SKIP_LINK[language])
    expect(skip).to_be_in_viewport()  # visible once focused
    journey.screenshot("skip-link")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile("#main$"))
    # The next Tab lands inside the main content, not back in the header.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('main') !== null")
    assert page.evaluate("document.activeElement.closest('header') === null")


def test_reading_works_without_javascript(no_script_journey, language):
    journey = no_script_journey
    page = journey.page
    journey.goto(f"/{language}{BERSERK}section/107/")
    expect(page.locator('article[id="107.2"] .clause__text')).to_contain_text(CLAUSE_107_2[language])
    page.locator('article[id="107.2"] a.clause__key').click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.2/"))

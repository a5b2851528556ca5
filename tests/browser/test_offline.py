"""Journeys of offline reading without holes (issue 27), in real Chromium:
with the network off, a language never visited still answers with its own
offline page, a page that was not kept says so (in the language of its
address) and links the kept pages, and a game kept offline opens in German,
Russian and English with the age of its copy.  Screenshots at 390 and 1280 px
go to test-output/browser/."""

from __future__ import annotations

import datetime
import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_accessibility import axe  # noqa: F401 - a fixture
from tests.browser.test_reading_layout import NEEDS_CONNECTION, OFFLINE_COPY, wait_until_kept

LANGUAGES = ("de", "ru", "en")
NOT_KEPT = {"de": "Diese Seite wurde nicht zum Offline-Lesen gespeichert",
            "ru": "Эта страница не сохранена для чтения офлайн",
            "en": "This page was not kept for offline reading"}
KEPT_PAGES = {"de": "Zum Offline-Lesen gespeicherte Seiten",
              "ru": "Страницы, сохранённые для чтения офлайн",
              "en": "Pages kept for offline reading"}
KEPT_HEADING = {"de": "Zum Offline-Lesen gespeichert", "ru": "Сохранено для чтения офлайн",
                "en": "Kept for offline reading"}
NOTHING_KEPT = {"de": "Auf diesem Gerät ist noch nichts gespeichert",
                "ru": "На этом устройстве пока ничего не сохранено",
                "en": "Nothing is kept on this device yet"}
KEPT_ON = {"de": "Gespeichert am", "ru": "Сохранено", "en": "Kept on"}
KEPT_GAME = {"de": "Offline gespeichert auf Deutsch, Russisch und Englisch am",
             "ru": "Сохранено офлайн на немецком, русском и английском",
             "en": "Kept offline in German, Russian and English on"}
REFRESH = {"de": "Gespeicherte Kopie erneuern", "ru": "Обновить сохранённую копию",
           "en": "Refresh the kept copy"}
# The age of a copy made a moment ago, as Intl.RelativeTimeFormat says it.
JUST_NOW = {"de": r"\((jetzt|vor \d+ (Sekunden?|Minuten?))\)",
            "ru": r"\((сейчас|\d+ (секунд[уы]?|минут[уы]?) назад)\)",
            "en": r"\((now|\d+ (seconds?|minutes?) ago)\)"}
CLAUSE = "/berserk/comprehensive-rules/107.2/"
NOT_VISITED = "/berserk/comprehensive-rules/107.3/"


def day_and_time(language, when=None):
    """Today as the offline texts show it, with a pattern for the time."""
    day = when or datetime.date.today()
    shown = f"{day.day} {day:%B %Y}" if language == "en" else day.strftime("%d.%m.%Y")
    return re.compile(re.escape(shown) + r", \d\d:\d\d")


@pytest.mark.parametrize("language", ["de"])
def test_offline_every_language_has_its_offline_page_and_a_page_not_kept_says_so(
        journey, language):
    """One page opened in German: offline, every language's calculator says it
    needs a connection, every language's page that was not kept says exactly
    that — not "the calculator and the search" — and links the kept pages,
    which list the German page (it opens) and nothing in the others."""
    page = journey.page
    journey.goto(f"/{language}{CLAUSE}")
    wait_until_kept(page)
    page.context.set_offline(True)
    try:
        for code in LANGUAGES:
            page.goto(journey.url(f"/{code}/calculator/"))
            expect(page.locator("html")).to_have_attribute("lang", code)
            expect(page.locator("h1")).to_have_text(NEEDS_CONNECTION[code])
            page.goto(journey.url(f"/{code}{NOT_VISITED}"))
            expect(page.locator("html")).to_have_attribute("lang", code)
            expect(page.locator("h1")).to_have_text(NOT_KEPT[code])
            main = page.locator("#main").inner_text().lower()
            assert "calculator" not in main and "rechner" not in main and "калькулятор" not in main
            expect(page.locator("#offline-banner")).to_be_hidden()
            if code == "en":
                for width in (390, 1280):
                    page.set_viewport_size({"width": width, "height": 844})
                    journey.screenshot(f"not-kept-{width}")
            link = page.get_by_role("link", name=KEPT_PAGES[code])
            expect(link).to_have_attribute("href", f"/{code}/offline/kept/")
            link.click()
            expect(page.locator("h1")).to_have_text(KEPT_HEADING[code])
            if code == language:  # the page opened is listed, and opens
                kept = page.locator(".offline-kept__pages a")
                expect(kept).to_have_count(1)
                expect(kept).to_have_text(re.compile("107.2"))
                kept.click()
                expect(page.locator("#offline-banner")).to_contain_text(OFFLINE_COPY[code])
                expect(page.locator("h1")).to_contain_text("107.2")
            else:
                expect(page.locator(".offline-kept__fallback")).to_contain_text(NOTHING_KEPT[code])
                expect(page.locator(".offline-kept__games")).to_be_hidden()
        # The root, whose home page was not kept: the kept pages, in the browser's language.
        page.goto(journey.url("/"))
        expect(page.locator("h1")).to_have_text(KEPT_HEADING[language])
    finally:
        page.context.set_offline(False)


@pytest.mark.parametrize("language", ["en"])
def test_a_kept_game_reads_offline_in_every_language_with_its_age(journey, language, axe):
    """"Keep this game offline" on the English page stores Berserk in German,
    Russian and English; the game page says when, and offers to refresh;
    offline, every language's pages open with the copy's date, time and
    age, and the kept pages list the game with its page in each language."""
    page = journey.page
    journey.goto(f"/{language}/berserk/")
    wait_until_kept(page)
    page.locator(".offline-keep button").click()
    state = page.locator(".offline-keep__state")
    expect(state).to_contain_text(KEPT_GAME[language], timeout=60000)
    expect(state).to_contain_text(day_and_time(language))
    expect(state).to_contain_text(re.compile(JUST_NOW[language]))
    expect(page.locator(".offline-keep button")).to_have_text(REFRESH[language])
    listed = page.request.get(journey.url(f"/{language}/berserk/offline.json")).json()["pages"]
    assert int(page.locator(".offline-keep").get_attribute("data-kept")) == len(listed)
    assert {path[:4] for path in listed} == {"/de/", "/ru/", "/en/"}
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        journey.screenshot(f"kept-game-{width}")
    page.context.set_offline(True)
    try:
        for code in LANGUAGES:
            for path in ("/berserk/", "/berserk/comprehensive-rules/section/107/", NOT_VISITED):
                page.goto(journey.url(f"/{code}{path}"))
                expect(page.locator("html")).to_have_attribute("lang", code)
                banner = page.locator("#offline-banner")
                expect(banner).to_contain_text(OFFLINE_COPY[code])
                expect(banner).to_contain_text(day_and_time(code))
                expect(banner).to_contain_text(re.compile(JUST_NOW[code]))
                expect(page.locator(".offline-keep")).to_be_hidden()
            expect(page.locator("h1")).to_contain_text("107.3")
            if code == "ru":
                for width in (390, 1280):
                    page.set_viewport_size({"width": width, "height": 844})
                    journey.screenshot(f"kept-banner-{width}")
            page.goto(journey.url(f"/{code}/offline/kept/"))
            game = page.locator(".offline-kept__game")
            expect(game).to_have_count(1)
            expect(game.locator(".offline-kept__when")).to_contain_text(KEPT_ON[code])
            expect(game.locator(".offline-kept__when")).to_contain_text(day_and_time(code))
            expect(game.locator(".offline-kept__languages a")).to_have_count(3)
            for other in LANGUAGES:
                expect(game.locator(f'.offline-kept__languages a[href="/{other}/berserk/"]')) \
                    .to_have_count(1)
            if code == "de":
                for width in (390, 1280):
                    page.set_viewport_size({"width": width, "height": 844})
                    journey.screenshot(f"kept-list-{width}")
                    violations = axe.run(page).response["violations"]
                    assert [v["id"] for v in violations
                            if v["impact"] in ("serious", "critical")] == [], width
    finally:
        page.context.set_offline(False)
    # Online again, the list refreshes the copy.
    page.goto(journey.url(f"/{language}/offline/kept/"))
    page.locator(".offline-kept__game button").click()
    expect(page.locator(".offline-kept__game .offline-keep__state")).to_have_text(
        "Refreshed.", timeout=60000)


OLD_COPY = """<!DOCTYPE html><html lang="de"><head><title>Alt</title></head>
<body><main id="main"><h1>Kopie der ersten Version</h1></main></body></html>"""


@pytest.mark.parametrize("language", ["de"])
def test_a_new_worker_version_carries_the_kept_pages_over_and_deletes_old_caches(
        journey, language):
    """A reader of the first version has a page kept in "rulebook-pages-v1":
    the new worker moves it into its own cache and deletes every cache of
    the old version; the first visit renews the page carried over, which
    then opens offline."""
    page = journey.page
    old_page = f"/{language}{NOT_VISITED}"
    journey.goto("/robots.txt")  # same site, no worker yet
    page.evaluate("""([url, html]) => caches.open("rulebook-pages-v1").then(cache => cache.put(url,
        new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8",
                                      "X-Offline-Stored": "2026-01-02T03:04:05Z"}})))""",
                  [journey.url(old_page), OLD_COPY])
    page.evaluate("caches.open('rulebook-assets-v1')")
    journey.goto(f"/{language}/")
    wait_until_kept(page)
    names = page.evaluate("caches.keys()")
    assert names and all(name.endswith("-v2") for name in names), names
    journey.goto("/")  # online, the worker passes the root's redirect on
    expect(page).to_have_url(journey.url(f"/{language}/"))
    page.context.set_offline(True)
    try:
        page.goto(journey.url(old_page))
        expect(page.locator("h1")).to_contain_text("107.3")  # renewed
        expect(page.locator("#offline-banner")).to_contain_text(OFFLINE_COPY[language])
        expect(page.locator("#offline-banner")).to_contain_text(day_and_time(language))
    finally:
        page.context.set_offline(False)

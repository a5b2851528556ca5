"""Journeys of the reading layout: which text a page shows, dated views
that keep their date on every link, the copy-link button, and offline
reading through the service worker — in real Chromium."""

import datetime
import re
import textwrap
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

BERSERK = "/berserk/comprehensive-rules/"
MARVEL = "/marvel-champions/referenzhandbuch/"
AS_OF = "2023-06-01"
IN_FORCE = {"de": "Regeln mit Stand vom", "ru": "Правила в редакции на",
            "en": "Rules as in force on"}
SHOW_TODAY = {"de": "Heutigen Text zeigen", "ru": "Показать текст на сегодня",
              "en": "Show today’s text"}
OFFLINE_COPY = {"de": "Offline-Kopie vom", "ru": "Офлайн-копия от", "en": "Offline copy from"}
NEEDS_CONNECTION = {"de": "Diese Seite braucht eine Verbindung",
                    "ru": "Этой странице нужно соединение",
                    "en": "This page needs a connection"}
# Links that leave the reading pages on purpose: the date does not apply there.
UNDATED = ("/corrections/", "/history/", "/changes/", "/glossary/", "/feed/", "/api/", "/admin/", "/static/",
           "/sitemap", "manifest.webmanifest", "/offline/")


def day_shown(page, language, iso):
    """The date as the page shows it (the Django SHORT_DATE_FORMAT)."""
    day = datetime.date.fromisoformat(iso)
    return f"{day.day} {day:%B %Y}" if language == "en" else day.strftime("%d.%m.%Y")


def test_every_rule_page_states_its_text_date(journey, language):
    page = journey.page
    today = datetime.date.today().isoformat()
    for path in (BERSERK, f"{BERSERK}section/107/", f"{BERSERK}107.2/",
                 f"{BERSERK}section/107/side-by-side/", f"{MARVEL}ziel.p3/side-by-side/"):
        journey.goto(f"/{language}{path}")
        line = page.locator("#text-date")
        expect(line).to_have_count(1)
        expect(line).to_contain_text(IN_FORCE[language])
        expect(line.locator("time").first).to_have_attribute("datetime", today)
        expect(line.get_by_role("link").last).to_have_attribute(
            "href", f"/{language}/{path.split('/')[1]}/corrections/")
    # A dated view states its date; the Power-Duell chapter's last change
    # is the correction of 25.01.2023, linked.
    journey.goto(f"/{language}/power-duell/schutzgottkarten/?as_of={AS_OF}")
    line = page.locator("#text-date")
    expect(line).to_contain_text(day_shown(page, language, AS_OF))
    expect(line.locator("time").nth(1)).to_have_attribute("datetime", "2023-01-25")
    expect(line.locator('a[href*="/power-duell/corrections/"]').first).to_be_visible()
    # Search results show each hit's version and its date.
    journey.goto(f"/{language}/search/?q=Schutzgott")
    versions = page.locator(".search-hit .search-hit__version")
    expect(versions.first).to_be_visible()
    assert versions.count() == page.locator(".search-hit").count()


def internal_links(page, server_url):
    """Every same-site link of the page (absolute), except in-page anchors."""
    hrefs = page.eval_on_selector_all(
        "a[href]:not([data-today])", "links => links.map(a => a.href)")
    return [h for h in hrefs if h.startswith(server_url) and not urlsplit(h).path == ""]


def test_a_dated_view_keeps_its_date_on_every_link(journey, language):
    page = journey.page
    start = f"/{language}{BERSERK}?as_of={AS_OF}"
    queue, seen, checked = [start], set(), 0
    while queue and len(seen) < 12:
        path = queue.pop(0)
        if path in seen:
            continue
        seen.add(path)
        journey.goto(path)
        expect(page.locator(".dated-banner a[data-today]")).to_have_text(SHOW_TODAY[language])
        # The search box and the language switch keep the date too.
        expect(page.locator('.site-search input[name="as_of"]')).to_have_value(AS_OF)
        for link in internal_links(page, journey.server.url):
            parts = urlsplit(link)
            if any(part in parts.path for part in UNDATED):
                continue
            assert parse_qs(parts.query).get("as_of") == [AS_OF], f"{link} on {path}"
            checked += 1
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            # The crawl stays on the reading pages (the calculator is another room).
            if (target not in seen and parts.path.startswith(f"/{language}/")
                    and "/calculator/" not in parts.path):
                queue.append(target)
    assert len(seen) >= 8 and checked > 100, (len(seen), checked)
    # "Show today's text" leaves the dated view.
    journey.goto(f"/{language}{BERSERK}107.2/?as_of={AS_OF}")
    page.locator(".dated-banner a[data-today]").click()
    expect(page).to_have_url(journey.url(f"/{language}{BERSERK}107.2/"))
    expect(page.locator(".dated-banner")).to_have_count(0)


def test_copy_link_puts_the_clause_permalink_on_the_clipboard(journey, language):
    page = journey.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=journey.server.url)
    journey.goto(f"/{language}{BERSERK}section/107/")
    clause = page.locator('article[id="107.2"]')
    heading = clause.get_by_role("heading", level=2)  # h1 is the section
    expect(heading).to_have_text("107.2")
    button = clause.locator("button.copy-link")
    expect(button).to_be_visible()
    button.click()
    expect(button).to_have_class(re.compile("copy-link--done"))
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == journey.url(f"/{language}{BERSERK}107.2/")
    # Inside their section, clauses carry short labels; the full path is in the title.
    journey.goto(f"/{language}/marvel-champions/referenzhandbuch/")
    key = page.locator('article[id="ziel.p3.2"] .clause__heading a.clause__key')
    expect(key).to_have_text("¶3.2")
    # ... in the reader's language, the original heading kept for citing it.
    expect(key).to_have_attribute("title", {"de": "Ziel ¶3.2", "ru": "Цель (Ziel) ¶3.2",
                                            "en": "Target (Ziel) ¶3.2"}[language])
    assert page.locator('article[id="ziel.p3.2"] h4').count() == 1  # a sub-bullet: h4
    if language != "de":  # one notice per page that the text is the site's translation
        expect(page.locator(".notice--translation")).to_have_count(1)
        # no per-clause "original text shown" (a stale translation is flagged, apart)
        expect(page.locator(".language-note:not(.language-note--outdated)")).to_have_count(0)


def wait_until_kept(page):
    """The service worker answered this page's visit (copy, assets, state)."""
    expect(page.locator("html")).to_have_attribute("data-offline-state", "current",
                                                   timeout=20000)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_offline_reading_of_opened_pages(journey, language):
    page = journey.page
    clause_url = f"/{language}{BERSERK}107.2/"
    document_url = f"/{language}/power-duell/schutzgottkarten/"
    journey.goto(clause_url)
    wait_until_kept(page)
    journey.goto(document_url)
    wait_until_kept(page)
    expect(page.locator(".offline-keep")).to_be_visible()
    page.context.set_offline(True)
    try:
        title = {"de": "Schutzgottkarten", "ru": "Карты богов-хранителей"}[language]
        for path, text in ((clause_url, "107.2"), (document_url, title)):
            page.goto(journey.url(path))
            banner = page.locator("#offline-banner")
            expect(banner).to_be_visible()
            expect(banner).to_contain_text(OFFLINE_COPY[language])
            expect(banner).to_contain_text(datetime.date.today().strftime("%d.%m.%Y"))
            expect(page.locator("h1")).to_contain_text(text)
            expect(page.locator("#main .clause__text").first).to_be_visible()
        journey.screenshot("offline-document")
        # The calculator and search need the server, and say so.
        for path in (f"/{language}/calculator/", f"/{language}/search/?q=Karte"):
            page.goto(journey.url(path))
            expect(page.locator("h1")).to_have_text(NEEDS_CONNECTION[language])
        journey.screenshot("offline-calculator")
    finally:
        page.context.set_offline(False)


@pytest.mark.parametrize("language", ["de"])
def test_keep_a_game_offline_and_renew_it_after_a_publication(journey, language):
    page = journey.page
    marker = "Erneuert für das Offline-Lesen."
    journey.goto(f"/{language}/marvel-champions/")
    wait_until_kept(page)
    keep = page.locator(".offline-keep button")
    keep.click()
    expect(page.locator(".offline-keep__state")).to_contain_text("Offline", timeout=30000)
    assert int(page.locator(".offline-keep").get_attribute("data-kept")) >= 20
    # A correction of ziel.p4 is published (nothing else in the journeys reads it).
    journey.server.shell(textwrap.dedent(f"""
        import datetime
        from django.contrib.auth import get_user_model
        from rulebook.versioning import publishing
        from rulebook.models import Clause, Correction
        clause = Clause.objects.get(document__game__slug="marvel-champions", key="ziel.p4")
        user = get_user_model().objects.get(username="admin")
        correction = Correction.objects.create(
            game=clause.document.game, language="de", title_de="Offline-Erneuerung",
            effective_date=datetime.date.today() - datetime.timedelta(days=1), created_by=user)
        draft = publishing.propose_version(correction, clause, user)
        draft.text_de = draft.text_de.rstrip() + " {marker}"
        draft.save()
        publishing.submit_correction(correction, user)
        publishing.publish_correction(correction, user)
    """))
    # One online visit of any page renews the stored copies.
    journey.goto(f"/{language}/")
    wait_until_kept(page)
    page.context.set_offline(True)
    try:
        page.goto(journey.url(f"/{language}{MARVEL}ziel.p4/"))
        expect(page.locator("#offline-banner")).to_be_visible()
        expect(page.locator("#main .clause__text")).to_contain_text(marker)
        page.goto(journey.url(f"/{language}{MARVEL}"))  # kept by "keep this game offline"
        expect(page.locator("#offline-banner")).to_be_visible()
        expect(page.locator('article[id="ziel.p4"] .clause__text')).to_contain_text(marker)
    finally:
        page.context.set_offline(False)


@pytest.mark.parametrize("path", [BERSERK + "107.2/", BERSERK, MARVEL + "ziel.p3.2/",
                                  "/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p3/",
                                  "/search/?q=Schutzgott",
                                  "/calculator/berserk/same-element/"
                                  "?card_a_elements=neutral&card_b_elements=neutral",
                                  "/power-duell/schutzgottkarten/section/kartenaufbau/"
                                  "side-by-side/?with=ru",
                                  "/power-duell/schutzgottkarten/1.2.4.wirkungsbegrenzung.p1/",
                                  "/calculator/examples/", "/berserk/rulings/"])
def test_rule_pages_fit_a_phone_without_sideways_scrolling(journey, language, path):
    """At 390 px no rule page is wider than the screen: long labels (the
    Russian "Примечание об источнике") wrap instead of pushing the version
    table out of view, and no text runs out of its box (a long Russian value
    in a ruling's value card)."""
    journey.page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{path}")
    overflow = journey.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    wide = journey.page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                     && !e.closest('pre, .toc, table'))
        .map(e => e.tagName + '.' + e.className).slice(0, 5)""")
    spilled = journey.page.evaluate("""() => [...document.querySelectorAll(
        'main dd, main dt, main p, main h1, main h2, main li')]
        .filter(e => e.scrollWidth > e.clientWidth + 1 && !e.closest('pre, .table-wrap'))
        .map(e => e.tagName + '.' + e.className + ': ' + e.textContent.slice(0, 30))""")
    assert overflow <= 0 and wide == [] and spilled == [], (overflow, wide, spilled)


def test_a_ruling_fits_a_wide_screen(journey, language):
    """At 1280 px the ruling column holds its longest lines: the Russian labels of
    the cited clauses ("… (Behandlung der Reihenfolge von Effekt & Wirkung) ¶1")
    wrap instead of pushing the ruling out of the screen."""
    from engine import powerduell
    from rulebook.calculator.services import example_query

    example = next(e for e in powerduell.SITUATION.examples if e.slug == "pd-1")
    journey.page.set_viewport_size({"width": 1280, "height": 900})
    journey.goto(f"/{language}/calculator/power-duell/situation/?"
                 + example_query(powerduell.SITUATION, example.inputs))
    overflow = journey.page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    wide = journey.page.evaluate("""() => [...document.querySelectorAll('.ruling *')]
        .filter(e => e.getBoundingClientRect().right
                     > document.querySelector('.ruling').getBoundingClientRect().right + 1)
        .map(e => e.tagName + '.' + e.className).slice(0, 5)""")
    assert overflow <= 0 and wide == [], (overflow, wide)


HEADER_FIT = """() => {
    const field = document.querySelector('#site-search-q');
    const style = getComputedStyle(field);
    const canvas = document.createElement('canvas').getContext('2d');
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {placeholder: field.placeholder, text: canvas.measureText(field.placeholder).width, room,
            overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}"""


def test_the_header_search_field_shows_its_whole_placeholder_on_wide_screens(journey, language):
    """From 1024 px up, where the header is one or two rows, the search
    field is wide enough for its placeholder in every language, and the
    header (the Russian labels and the colour-scheme switch) never pushes
    the page sideways."""
    journey.goto(f"/{language}{BERSERK}")
    for width in (1024, 1150, 1280, 1312, 1380, 1440, 1600):
        journey.page.set_viewport_size({"width": width, "height": 800})
        fit = journey.page.evaluate(HEADER_FIT)
        assert fit["placeholder"] and fit["text"] <= fit["room"], (width, fit)
        assert fit["overflow"] <= 0, (width, fit)


LAYOUT_SHIFT = """() => new Promise(resolve => {
    let total = 0;
    new PerformanceObserver(list => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
    }).observe({type: "layout-shift", buffered: true});
    setTimeout(() => resolve(total), 200);
})"""


@pytest.mark.parametrize("language", ["de"])
def test_keep_offline_appears_without_moving_the_page(journey, language):
    """The "keep this game offline" block is laid out at first paint (disabled
    until the service worker is ready): nothing below it moves on a phone."""
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    for path in ("/power-duell/", "/power-duell/schutzgottkarten/"):
        journey.goto(f"/{language}{path}")
        wait_until_kept(page)
        expect(page.locator(".offline-keep button")).to_be_enabled()
        assert page.evaluate(LAYOUT_SHIFT) < 0.01, path

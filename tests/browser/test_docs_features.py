"""Journeys of the docs-site features (issue 27) in real Chromium: the dark
scheme (system and chosen, remembered, axe-clean), "/" to search, "On this
page" at 1280 px and not at 390 px, and the compact sticky header on a
phone.  Screenshots go to test-output/browser/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, new_journey, shoot
from tests.browser.test_calculator import PD_TABLE_QUERY

DOCUMENT = "/power-duell/schutzgottkarten/"
SECTION = "/berserk/comprehensive-rules/section/107/"
DARK_PAGES = ("/{lang}/", "/{lang}" + DOCUMENT, "/{lang}" + SECTION,
              "/{lang}/marvel-champions/referenzhandbuch/ziel.p3.2/",
              "/{lang}/berserk/comprehensive-rules/107.2/history/",
              "/{lang}/search/?q=Schutzgott", "/{lang}/power-duell/glossary/",
              "/{lang}/calculator/power-duell/situation/",
              "/{lang}/calculator/power-duell/situation/?" + PD_TABLE_QUERY,
              "/{lang}/berserk/comprehensive-rules/section/107/side-by-side/",
              "/{lang}/power-duell/corrections/", "/{lang}/offline/",
              "/{lang}" + DOCUMENT + "?as_of=2023-06-01")
# The background of <body>: near black in the dark scheme, white in the light one.
BODY_BACKGROUND = "getComputedStyle(document.body).backgroundColor"


@pytest.fixture(scope="module")
def axe():
    """axe-core's runner (skipped when the test-only package is missing)."""
    module = pytest.importorskip("axe_playwright_python.sync_playwright")
    return module.Axe()


def dark_journey(browser, site_server, language, name, width=1280):
    journey = new_journey(browser, site_server, language, name)
    journey.page.emulate_media(color_scheme="dark")
    journey.page.set_viewport_size({"width": width, "height": 900})
    return journey


@pytest.mark.parametrize("width", [1280, 390])
def test_the_dark_scheme_follows_the_system_and_passes_axe(browser, site_server, language,
                                                           width, axe):
    journey = dark_journey(browser, site_server, language, f"dark-{language}-{width}", width)
    page = journey.page
    try:
        found = {}
        for path in DARK_PAGES:
            journey.goto(path.format(lang=language))
            journey.settle()
            assert page.evaluate(BODY_BACKGROUND) == "rgb(18, 18, 22)", path
            violations = axe.run(page).response["violations"]
            serious = [f'{v["id"]}: {len(v["nodes"])}' for v in violations
                       if v["impact"] in ("serious", "critical")]
            if serious:
                found[path] = serious
        page.goto(journey.url(f"/{language}{DOCUMENT}"))
        shoot(page, OUTPUT / f"dark-{language}-{width}.png")
        assert found == {}
        journey.assert_clean()
    finally:
        page.context.close()


def test_the_chosen_scheme_is_remembered_and_applied_before_the_first_paint(
        browser, site_server, language):
    journey = dark_journey(browser, site_server, language, f"scheme-choice-{language}")
    page = journey.page
    try:
        journey.goto(f"/{language}/")
        choice = page.locator("#scheme-select")
        expect(choice).to_be_visible()
        expect(choice).to_have_value("system")
        choice.select_option("light")
        assert page.evaluate(BODY_BACKGROUND) == "rgb(255, 255, 255)"
        # The next page: light before any paint (set by the <head> script,
        # before the deferred reader.js ran), although the system is dark.
        page.add_init_script("""document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive' && !window.firstScheme)
              window.firstScheme = document.documentElement.dataset.scheme || 'none'; });""")
        journey.goto(f"/{language}{DOCUMENT}")
        assert page.evaluate("window.firstScheme") == "light"
        expect(page.locator("#scheme-select")).to_have_value("light")
        page.locator("#scheme-select").select_option("dark")
        journey.goto(f"/{language}/")
        assert page.evaluate("window.firstScheme") == "dark"
        assert page.evaluate(BODY_BACKGROUND) == "rgb(18, 18, 22)"
        page.locator("#scheme-select").select_option("system")
        assert page.evaluate("localStorage.getItem('colour-scheme')") is None
        journey.assert_clean()
    finally:
        page.context.close()


def test_slash_focuses_the_search_field_but_not_while_typing(journey, language):
    page = journey.page
    journey.goto(f"/{language}{DOCUMENT}")
    page.keyboard.press("/")
    expect(page.locator("#site-search-q")).to_be_focused()
    page.keyboard.type("1.2/4")
    expect(page.locator("#site-search-q")).to_have_value("1.2/4")
    # In another field "/" is typed, not a shortcut.
    journey.goto(f"/{language}/search/?q=Ziel")
    query = page.locator("main input[type=search]").first
    query.fill("")
    query.type("a/b")
    expect(query).to_have_value("a/b")
    expect(page.locator("#site-search-q")).not_to_be_focused()
    # On a phone the search sits in the closed menu: "/" opens it.
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{DOCUMENT}")
    expect(page.locator("#site-search-q")).to_be_hidden()
    page.keyboard.press("/")
    expect(page.locator("#site-search-q")).to_be_focused()
    expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")


@pytest.mark.parametrize("path", [DOCUMENT, SECTION])
def test_on_this_page_is_beside_the_text_at_1280_px_and_not_at_390_px(journey, language, path):
    page = journey.page
    page.set_viewport_size({"width": 1280, "height": 900})
    journey.goto(f"/{language}{path}")
    outline = page.locator(".on-this-page")
    expect(outline).to_be_visible()
    text = page.locator(".reading__text").bounding_box()
    box = outline.bounding_box()
    assert box["x"] >= text["x"] + text["width"], (box, text)
    assert box["x"] + box["width"] <= 1280
    assert text["width"] >= 600
    # Scrolling to a later entry marks it as the one being read.
    last = outline.locator("a").last
    target = last.get_attribute("href")
    first = outline.locator("a").first
    expect(first).to_have_attribute("aria-current", "location")
    page.locator(f'[id="{target[1:]}"]').scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    expect(last).to_have_attribute("aria-current", "location")
    expect(outline.locator("a[aria-current]")).to_have_count(1)
    shoot(page, OUTPUT / f"on-this-page-{language}-{path.strip('/').replace('/', '-')}.png")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(outline).to_be_hidden()
    # The first paint at 390 px has no column either (CSS, not a script).
    journey.goto(f"/{language}{path}")
    expect(outline).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_phone_header_is_compact_and_sticky(journey, language):
    page = journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    journey.goto(f"/{language}{SECTION}")
    header = page.locator(".site-header")
    height = header.bounding_box()["height"]
    assert height <= 56, height
    button = page.locator("#menu-button")
    expect(button).to_be_visible()
    expect(page.locator(".site-nav")).to_be_hidden()
    page.mouse.wheel(0, 2500)
    for _ in range(50):  # (wait_for_function evaluates a string, which the CSP refuses)
        if page.evaluate("window.scrollY") > 1000:
            break
        page.wait_for_timeout(100)
    assert page.evaluate("window.scrollY") > 1000
    box = header.bounding_box()
    assert box["y"] == 0 and box["height"] == height
    # The contents bar sticks below the header, not under it.
    toc = page.locator(".reading__toc").bounding_box()
    assert toc["y"] >= height - 1, (toc, height)
    journey.screenshot("scrolled")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    for link in ("/", "/calculator/", "/berserk/glossary/"):
        expect(page.locator(f'.site-nav a[href="/{language}{link}"]')).to_be_visible()
    expect(page.locator("#site-search-q")).to_be_visible()
    expect(page.locator("#scheme-select")).to_be_visible()
    journey.screenshot("menu")
    page.keyboard.press("Escape")
    expect(page.locator(".site-nav")).to_be_hidden()
    expect(button).to_be_focused()


def test_without_scripts_the_phone_header_scrolls_away_and_names_the_site_whole(
        no_script_journey, language):
    # Without scripts the menu cannot close: a sticky header of several rows would hide
    # what an anchor (a ruling, a clause) names.
    page = no_script_journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    no_script_journey.goto(f"/{language}{SECTION}")
    name = page.locator(".site-name")
    assert page.evaluate("e => e.scrollWidth <= e.clientWidth", name.element_handle())
    page.mouse.wheel(0, 2500)
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > 1000
    assert page.locator(".site-header").bounding_box()["y"] < 0


@pytest.mark.parametrize("width", [1024, 1280, 1440])
def test_the_wide_header_keeps_the_colour_scheme_at_the_row_end(journey, language, width):
    """Between 1024 and 1440 px the header may wrap (Russian labels): the colour scheme,
    alone on the second row, sits at its end under the languages, not under the site's
    name; where it fits, it stays on the first row."""
    page = journey.page
    page.set_viewport_size({"width": width, "height": 900})
    journey.goto(f"/{language}/calculator/")
    inner = page.locator(".site-header__inner").bounding_box()
    scheme = page.locator(".scheme-switch").bounding_box()
    name = page.locator(".site-name").bounding_box()
    assert scheme["y"] + scheme["height"] <= inner["y"] + inner["height"]
    if scheme["y"] > name["y"] + name["height"]:  # wrapped onto a row of its own
        right = inner["x"] + inner["width"]
        assert right - (scheme["x"] + scheme["width"]) < 40, (scheme, inner)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_without_scripts_the_phone_menu_is_open(no_script_journey, language):
    page = no_script_journey.page
    page.set_viewport_size({"width": 390, "height": 844})
    no_script_journey.goto(f"/{language}/")
    expect(page.locator("#menu-button")).to_be_hidden()
    expect(page.locator(".site-nav")).to_be_visible()
    expect(page.locator("#site-search-q")).to_be_visible()

"""Admin journeys in real Chromium: logging in and working with the tabbed
translation forms (their scripts must run under the site's
Content-Security-Policy without console errors).

The journey "an admin publishes a correction and the change appears in the
clause history, the feed and the point-in-time view" belongs here once the
versioning issue's publishing action has landed.
"""

from playwright.sync_api import expect

from tests.browser.conftest import ADMIN_USER

LOG_IN = {"de": "Anmelden", "ru": "Войти", "en": "Log in"}
SITE_ADMINISTRATION = {"de": "Website-Verwaltung", "ru": "Администрирование сайта",
                       "en": "Site administration"}


def log_in(journey, language):
    page = journey.page
    journey.goto("/admin/")
    expect(page).to_have_url(journey.url("/admin/login/?next=/admin/"))
    page.locator("#id_username").fill(ADMIN_USER[0])
    page.locator("#id_password").fill(ADMIN_USER[1])
    page.get_by_role("button", name=LOG_IN[language]).click()
    expect(page).to_have_url(journey.url("/admin/"))
    expect(page.locator("#site-name, #content h1").first).to_be_visible()


def test_admin_logs_in_and_edits_with_translation_tabs(journey, language):
    page = journey.page
    log_in(journey, language)
    expect(page.locator("#content h1")).to_have_text(SITE_ADMINISTRATION[language])
    journey.screenshot("index")
    # A new correction's form: the language tabs are built by the vendored
    # jQuery UI, so they exist only if the scripts ran.  (Published clause
    # versions are read-only, so their form has no tabs to use.)
    journey.goto("/admin/rulebook/correction/add/")
    tabs = page.get_by_role("tablist").filter(has=page.locator('a[href="#tab_id_summary_en"]'))
    expect(tabs.get_by_role("tab")).to_have_count(3)
    tabs.get_by_role("tab", name="en").click()
    expect(page.locator("#id_summary_en")).to_be_visible()
    expect(page.locator("#id_summary_de")).to_be_hidden()
    expect(page.locator("#id_summary_ru")).to_be_hidden()
    tabs.get_by_role("tab", name="ru").click()
    expect(page.locator("#id_summary_ru")).to_be_visible()
    expect(page.locator("#id_summary_en")).to_be_hidden()

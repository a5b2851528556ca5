"""Admin journeys in real Chromium: logging in and working with the tabbed
translation forms (their scripts must run under the site's
Content-Security-Policy without console errors), and publishing a
correction whose change then appears in the clause history (with a word
diff), the Atom feed and the point-in-time view.
"""

import datetime
import re
import uuid
from xml.etree import ElementTree

import pytest
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
    # A new correction's form: the language tabs of its title are built by
    # the vendored jQuery UI, so they exist only if the scripts ran.
    # (Published clause versions are read-only, without tabs.)
    journey.goto("/admin/rulebook/correction/add/")
    tabs = page.get_by_role("tablist").filter(has=page.locator('a[href="#tab_id_title_en"]'))
    expect(tabs.get_by_role("tab")).to_have_count(3)
    tabs.get_by_role("tab", name="en").click()
    expect(page.locator("#id_title_en")).to_be_visible()
    expect(page.locator("#id_title_de")).to_be_hidden()
    expect(page.locator("#id_title_ru")).to_be_hidden()
    tabs.get_by_role("tab", name="ru").click()
    expect(page.locator("#id_title_ru")).to_be_visible()
    expect(page.locator("#id_title_en")).to_be_hidden()


# The journey of an admin publishing a correction: each UI language changes
# its own clause of the Marvel Champions Referenzhandbuch (nothing else in
# the journeys reads them), on a correction dated yesterday, so that today's
# text changes too.
CORRECTED_CLAUSE = {"de": "ziel.p2", "ru": "ziel.p5"}
MARVEL = "/marvel-champions/referenzhandbuch/"
PROPOSE = {"de": "Regeltext vorschlagen", "ru": "Предложить текст пункта",
           "en": "Propose a clause text"}
CREATE_DRAFT = {"de": "Entwurf erstellen", "ru": "Создать черновик", "en": "Create the draft"}
BACK_TO_CORRECTION = {"de": "Zurück zur Korrektur", "ru": "Назад к исправлению",
                      "en": "Back to the correction"}
SUBMIT = {"de": "Zur Prüfung einreichen", "ru": "Отправить на проверку", "en": "Submit for review"}
SUBMITTED = {"de": "Zur Prüfung eingereicht", "ru": "Отправлено на проверку",
             "en": "Submitted for review"}
PUBLISH = {"de": "Veröffentlichen …", "ru": "Опубликовать…", "en": "Publish…"}
PUBLISH_NOW = {"de": "Jetzt veröffentlichen", "ru": "Опубликовать сейчас", "en": "Publish now"}
HISTORY_OF = {"de": "Verlauf von {}", "ru": "История пункта {}", "en": "History of {}"}
ADDED_SENTENCE = "Korrigiert durch die Browser-Reise {}."


def clause_text(journey, path):
    journey.goto(path)
    return journey.page.locator("#main article.clause .clause__text").inner_text()


@pytest.mark.parametrize("language", ["de", "ru"])
def test_admin_publishes_a_dated_correction_seen_in_history_feed_and_as_of(journey, language):
    page = journey.page
    key = CORRECTED_CLAUSE[language]
    clause_url = f"/{language}{MARVEL}{key}/"
    today = datetime.date.today()
    yesterday = today - datetime.timedelta(days=1)
    before = yesterday - datetime.timedelta(days=1)
    old_text = clause_text(journey, clause_url)
    # the German original, whatever the reader's language shows
    original = clause_text(journey, clause_url.replace(f"/{language}/", "/de/", 1))
    journey.goto(f"/{language}{MARVEL}{key}/history/")
    versions_before = page.locator("table.history tbody tr[id]").count()
    assert versions_before >= 1
    title = f"Browser-Reise {language} {uuid.uuid4().hex[:8]}"
    added = ADDED_SENTENCE.format(title)

    # Log in and create the correction: Marvel Champions, German, dated yesterday.
    log_in(journey, language)
    journey.goto("/admin/rulebook/correction/add/")
    game = page.locator("#id_game option", has_text="Marvel Champions").get_attribute("value")
    page.locator("#id_game").select_option(game)
    page.locator("#id_language").select_option("de")
    page.locator('a[href="#tab_id_title_de"]').click()
    page.locator("#id_title_de").fill(title)
    page.locator("#id_effective_date").fill(yesterday.isoformat())
    page.locator('input[name="_continue"]').click()
    expect(page).to_have_url(re.compile(r"/admin/rulebook/correction/\d+/change/$"))
    correction_url = page.url

    # Propose a new text for the clause: a draft prefilled with the current text.
    page.get_by_role("link", name=PROPOSE[language]).click()
    page.locator("#id_clause").select_option(label=f"referenzhandbuch · Ziel ¶{key[6:]} ({key})")
    page.get_by_role("button", name=CREATE_DRAFT[language]).click()
    expect(page).to_have_url(re.compile(r"/admin/rulebook/clauseversion/\d+/change/$"))
    # The tabs open on the original language: the prefilled text is visible at once.
    text = page.locator("#id_text_de")
    expect(text).to_be_visible()
    expect(text).to_have_value(re.compile(re.escape(original.split("“")[0][:30])))
    text.fill(text.input_value().rstrip() + " " + added)
    page.locator('input[name="_continue"]').click()
    expect(page.locator("#id_text_de")).to_have_value(re.compile(re.escape(added)))
    journey.screenshot("draft")

    # Submit it: the page shows the state "submitted" and only the next step.
    page.get_by_role("link", name=BACK_TO_CORRECTION[language]).click()
    expect(page).to_have_url(correction_url)
    expect(page.get_by_role("link", name=PUBLISH[language], exact=True)).to_have_count(0)
    page.get_by_role("button", name=SUBMIT[language], exact=True).click()
    expect(page.locator(".workflow-steps [aria-current=step]")).to_have_text(SUBMITTED[language])
    expect(page.get_by_role("button", name=SUBMIT[language])).to_have_count(0)
    journey.screenshot("submitted")

    # Publish it (the superuser is a publisher): Publish shows a summary and
    # asks for confirmation.
    page.get_by_role("link", name=PUBLISH[language], exact=True).click()
    expect(page.locator("table.publish-summary")).to_contain_text(f"Ziel ¶{key[6:]}")
    journey.screenshot("confirm")
    page.get_by_role("button", name=PUBLISH_NOW[language], exact=True).click()
    expect(page.locator(".messagelist .success")).to_have_count(1)
    journey.screenshot("published")

    # The clause history lists the new version with the correction, and the
    # word diff between the last two versions shows the inserted sentence.
    journey.goto(f"/{language}{MARVEL}{key}/history/")
    label = {"de": "Ziel", "ru": "Цель (Ziel)", "en": "Target (Ziel)"}[language]
    expect(page.locator("h1")).to_have_text(HISTORY_OF[language].format(f"{label} ¶{key[6:]}"))
    rows = page.locator("table.history tbody tr[id]")
    expect(rows).to_have_count(versions_before + 1)
    newest = page.locator(f"tr#v{versions_before + 1}")
    expect(newest.get_by_role("link", name=title)).to_be_visible()
    expect(page.locator(".diff__text ins")).to_contain_text("Browser-Reise")
    expect(page.locator(".diff__text del")).to_have_count(0)
    journey.screenshot("history")

    # The Atom feed of the corrections names it and links its page.
    feed = page.request.get(journey.url(f"/{language}/corrections/feed/"))
    assert feed.ok and feed.headers["content-type"].startswith("application/atom+xml")
    atom = "{http://www.w3.org/2005/Atom}"
    entries = [entry for entry in ElementTree.fromstring(feed.body()).iter(f"{atom}entry")
               if title in entry.findtext(f"{atom}title")]
    assert len(entries) == 1, f"{title} not in the feed"
    assert entries[0].findtext(f"{atom}title").startswith("Marvel Champions")
    link = entries[0].find(f"{atom}link").get("href")
    assert re.search(rf"/{language}/marvel-champions/corrections/\d+/$", link), link

    # The point-in-time view: before the effective date the old text, from
    # it on (and today) the new one.
    # (The German original: a reader's translation of the new version is the
    # earlier one, flagged "may be out of date", until a translator updates it.)
    assert clause_text(journey, f"{clause_url}?as_of={before.isoformat()}") == old_text
    original_url = clause_url.replace(f"/{language}/", "/de/", 1)
    assert added in clause_text(journey, f"{original_url}?as_of={yesterday.isoformat()}")
    assert added in clause_text(journey, f"{original_url}?as_of={today.isoformat()}")
    assert added in clause_text(journey, original_url)
    assert clause_text(journey, original_url).startswith(original.strip())

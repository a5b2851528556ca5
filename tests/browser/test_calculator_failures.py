"""A ruling request that fails, and one too long for a default server: a judge is never left
with a ruling for other entries without being told.

- a table at the limits the Power-Duell situation declares, with card texts, sent in the
  address as the form sends it (more than gunicorn's largest finite request line, 8,190
  bytes): the page and the JSON API answer it (``rulesite/gunicorn.py``);
- the form's htmx request answered with a server error: the ruling shown stays, dimmed,
  under a notice (role ``alert``) saying it is for the entries before the last change, until
  a ruling for the form replaces it.
"""

import json
import urllib.request
from urllib.parse import urlencode

from playwright.sync_api import expect

from tests.browser.conftest import new_journey
from tests.browser.test_calculator import BK_7A_QUERY, SUBMIT, TIMING_PATH, field

# A printed text of 150 characters, 8 times per Schutzgottkarte (its card text box takes 2,000).
CARD_TEXT = "Wirkung: +10 DP. Spezial-Wirkung: Monsterkarten müssen bei der Aktivierung " \
            "1 Energiepunkt weniger zahlen, auch auf der gegnerischen Spielfeldseite. "
FAILED = ("Das Urteil konnte nicht aktualisiert werden: Das Urteil unten gilt für die "
          "Eingaben vor deiner letzten Änderung.")


def largest_table_query() -> str:
    """Every group of the Power-Duell situation at its declared maximum, every field sent."""
    query = [("active_side", "a"), ("guardians", "2")]
    for g, side in enumerate("ab"):
        query += [(f"guardians-{g}-card_text", CARD_TEXT * 8), (f"guardians-{g}-side", side),
                  (f"guardians-{g}-base_planet", "venus"), (f"guardians-{g}-left_planet", ""),
                  (f"guardians-{g}-right_planet", ""), (f"guardians-{g}-activated", "")]
    query.append(("monsters", "12"))
    for m in range(12):
        query += [(f"monsters-{m}-side", "ab"[m % 2]), (f"monsters-{m}-planet", "venus")] + [
            (f"monsters-{m}-{name}", "10") for name in ("ap", "dp", "lp", "ep", "cost")]
    query.append(("effects", "24"))
    for e in range(24):
        query += [(f"effects-{e}-source", "energy"), (f"effects-{e}-source_side", "a"),
                  (f"effects-{e}-activated", str(e + 1)),
                  (f"effects-{e}-target_monster", str(e % 12 + 1)),
                  (f"effects-{e}-target_guardian", ""), (f"effects-{e}-attribute", "dp"),
                  (f"effects-{e}-operation", "add"), (f"effects-{e}-amount", "5")]
    return urlencode(query)


def test_a_table_at_the_declared_limits_is_ruled_on_from_its_address(site_server):
    query = largest_table_query()
    page = f"{site_server.url}/de/calculator/power-duell/situation/?{query}"
    assert len(f"GET /de/calculator/power-duell/situation/?{query} HTTP/1.1") > 8190
    with urllib.request.urlopen(page, timeout=60) as answer:
        assert answer.status == 200 and 'class="ruling"' in answer.read().decode()
    api = f"{site_server.url}/api/scenarios/power-duell/situation/evaluate?lang=de&{query}"
    with urllib.request.urlopen(api, timeout=60) as answer:
        ruling = json.loads(answer.read())
    assert answer.status == 200 and ruling["scenario"] == "situation" and ruling["steps"]


def test_a_failed_ruling_request_marks_the_ruling_shown_as_for_earlier_entries(
        browser, site_server):
    journey = new_journey(browser, site_server, "de", "calculator-request-failed")
    page = journey.page
    try:
        query = urlencode([(k, v) for k, values in BK_7A_QUERY.items() for v in values])
        journey.goto(f"/de{TIMING_PATH}?{query}")
        region = page.locator("#ruling")
        expect(region.locator(".ruling")).to_have_count(1)
        ruling_before = region.inner_text()

        def failing(route):
            if route.request.headers.get("hx-request"):
                route.fulfill(status=502, body="Bad gateway")
            else:
                route.continue_()

        page.route(f"**/de{TIMING_PATH}?*", failing)
        field(page, "Wessen Zug").select_option("opponent")
        page.get_by_role("button", name=SUBMIT["de"], exact=True).click()
        notice = region.get_by_role("alert")
        expect(notice).to_have_text(FAILED)
        expect(region).to_have_class("ruling-region ruling-region--stale")
        assert region.locator(".ruling").inner_text() in ruling_before  # the earlier ruling
        journey.screenshot("failed")
        # the failed request's own console messages, and nothing else
        assert journey.console_errors and all(
            "502" in error or "responseError" in error for error in journey.console_errors)
        journey.console_errors.clear()

        page.unroute(f"**/de{TIMING_PATH}?*", failing)
        page.get_by_role("button", name=SUBMIT["de"], exact=True).click()
        expect(region.get_by_role("alert")).to_have_count(0)
        expect(region).to_have_class("ruling-region")
        expect(region.locator(".ruling")).to_have_count(1)
        assert region.inner_text() != ruling_before  # the opponent's turn: another ruling
        journey.assert_clean()
    finally:
        page.context.close()

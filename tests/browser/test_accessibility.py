"""axe-core in Chromium on every page type, in every UI language, at a
desktop (1280 px) and a phone (390 px) width: no serious or critical
violation.  Each page is screenshotted to test-output/pages/ on the way.

axe-core comes with the test-only package axe-playwright-python (PyPI); it
is injected by the test and never shipped to readers.
"""

from __future__ import annotations

import datetime
import json

import pytest

from tests.browser.conftest import OUTPUT, new_journey, shoot
from tests.browser.test_calculator import PD_TABLE_QUERY

PAGES_OUTPUT = OUTPUT.parent / "pages"
WIDTHS = {"desktop": 1280, "phone": 390}
AS_OF = "2023-06-01"
RULING_QUERY = PD_TABLE_QUERY  # judge case PD-3 on the whole table
BERSERK_TABLE = ("initial_type=creature&initial_subtype=non-flying&initial_movement=2"
                 "&initial_status=ordinary&elements=forest&turn=own&phase=other"
                 "&strike_declared=none&features=1&features-0-feature_element=swamp"
                 "&features-0-strike_bonus=2&targets=1&targets-0-elements=swamp")  # BK-1
PAGE_TYPES = {
    "home": "/{lang}/",
    "game": "/{lang}/power-duell/",
    "document": "/{lang}/power-duell/schutzgottkarten/",
    "document-dated": "/{lang}/berserk/comprehensive-rules/?as_of=" + AS_OF,
    "section": "/{lang}/berserk/comprehensive-rules/section/107/",
    "clause": "/{lang}/marvel-champions/referenzhandbuch/ziel.p3.2/",
    "side-by-side": "/{lang}/berserk/comprehensive-rules/section/107/side-by-side/",
    "history": "/{lang}/berserk/comprehensive-rules/107.2/history/",
    "corrections": "/{lang}/power-duell/corrections/",
    "search": "/{lang}/search/?q=Schutzgott",
    "calculator": "/{lang}/calculator/",
    "calculator-form": "/{lang}/calculator/power-duell/situation/",
    # a ruling with an open point: disputed values, the readings table, the trace
    "calculator-ruling": "/{lang}/calculator/power-duell/situation/?" + RULING_QUERY,
    # the table builder: cards as rows with their "more", cards picked from the table
    "calculator-table": "/{lang}/calculator/marvel-champions/situation/?_layout=1&villain=1"
                        "&characters=2&characters-1-conditions=cannot_be_readied",
    # a ruling whose answer shows its decisive values first, the others after it
    "calculator-decisive": "/{lang}/calculator/berserk/situation/?" + BERSERK_TABLE,
    "offline": "/{lang}/offline/",
    "offline-not-kept": "/{lang}/offline/not-kept/",
    "offline-kept": "/{lang}/offline/kept/",
}


@pytest.fixture(scope="module")
def axe():
    """axe-core's runner (skipped when the test-only package is missing)."""
    module = pytest.importorskip("axe_playwright_python.sync_playwright")
    return module.Axe()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_no_serious_accessibility_violation(browser, site_server, language, width, axe):
    journey = new_journey(browser, site_server, language, f"axe-{language}-{width}")
    page = journey.page
    page.set_viewport_size({"width": WIDTHS[width], "height": 900})
    PAGES_OUTPUT.mkdir(parents=True, exist_ok=True)
    report = {}
    try:
        for name, path in PAGE_TYPES.items():
            journey.goto(path.format(lang=language))
            journey.settle()
            shoot(page, PAGES_OUTPUT / f"{language}-{WIDTHS[width]}-{name}.png",
                  full_page=True)
            results = axe.run(page)
            violations = results.response["violations"]
            report[name] = [{"id": v["id"], "impact": v["impact"], "nodes": len(v["nodes"]),
                             "help": v["help"]} for v in violations]
        (PAGES_OUTPUT / f"axe-{language}-{WIDTHS[width]}.json").write_text(
            json.dumps({"date": datetime.date.today().isoformat(), "pages": report}, indent=1))
        serious = {name: [v for v in found if v["impact"] in ("serious", "critical")]
                   for name, found in report.items()}
        assert {name: found for name, found in serious.items() if found} == {}
        journey.assert_clean()
    finally:
        page.context.close()

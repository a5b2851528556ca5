"""The Content-Security-Policy is enforced by Chromium, and a violation is what
the journeys' console-error guard catches."""

import pytest

from tests.browser.conftest import new_journey


@pytest.mark.parametrize("language", ["de", "ru"])
def test_chromium_refuses_an_injected_inline_script(browser, site_server, language):
    journey = new_journey(browser, site_server, language, f"csp-inline-script-{language}")
    try:
        page = journey.page
        journey.goto(f"/{language}/berserk/comprehensive-rules/107.2/")
        assert journey.console_errors == []
        page.evaluate("""() => {
            const script = document.createElement('script');
            script.textContent = 'window.injected = true';
            document.head.appendChild(script);
        }""")
        page.wait_for_timeout(200)
        assert page.evaluate("window.injected === undefined")
        assert any("Content Security Policy" in error for error in journey.console_errors), \
            journey.console_errors
        # htmx is loaded from the site itself and runs under the policy.
        assert page.evaluate("typeof htmx !== 'undefined' && htmx.config.includeIndicatorStyles"
                             " === false")
    finally:
        journey.page.context.close()

"""Page weight: the bytes a browser transfers for a clause page, with its CSS
and JS, compressed as the server sends them; and no request to any other host.

Serves the site as ``bench/load.py`` does (gunicorn, production settings,
``DEBUG=0``, static files collected and compressed by whitenoise), opens each
page in Debian's headless Chromium through Playwright with an empty cache,
and sums the encoded body and header sizes of every response.  Goal: at most
60 KB for a clause page; zero third-party requests.

Run: ``.venv/bin/python -m bench.page_weight``.
"""

from __future__ import annotations

import sys
from urllib.parse import urlsplit

from bench.server import RULE_PAGES, prepared_var_dir, serve
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

GOAL_BYTES = 60 * 1024
CLAUSE_PAGES = [("clause", "/ru/berserk/comprehensive-rules/107.2/"),
                ("clause (de UI)", "/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p3/")]


def measure(browser, site, path):
    """Return (rows, foreign): per response (url, status, encoded body bytes,
    header bytes, decoded body bytes), and requests to other hosts."""
    context = browser.new_context()
    page = context.new_page()
    foreign, responses = [], []
    host = urlsplit(site.url).netloc

    def on_request(request):
        if urlsplit(request.url).netloc != host and urlsplit(request.url).scheme not in {
                "data", "blob"}:
            foreign.append(request.url)

    page.on("request", on_request)
    page.on("response", lambda response: responses.append(response))
    page.goto(site.url + path, wait_until="networkidle")
    rows = []
    for response in responses:
        sizes = response.request.sizes()
        decoded = len(response.body()) if response.status == 200 else 0
        rows.append((response.url.replace(site.url, ""), response.status,
                     sizes["responseBodySize"], sizes["responseHeadersSize"], decoded,
                     response.headers.get("content-encoding", "")))
    context.close()
    return rows, foreign


def main() -> int:
    from playwright.sync_api import sync_playwright

    ok = True
    with prepared_var_dir() as var_dir, serve(var_dir) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=CHROMIUM_ARGS)
        for name, path in CLAUSE_PAGES + [p for p in RULE_PAGES if p[0] != "clause"]:
            rows, foreign = measure(browser, site, path)
            total = sum(body + headers for _u, _s, body, headers, _d, _e in rows)
            print(f"\n{name}: {path}")
            for url, status, body, headers, decoded, encoding in rows:
                print(f"  {status} {url:<60} {body:>7} B body ({encoding or 'identity'}; "
                      f"{decoded} B decoded) + {headers} B headers")
            limit = " (goal ≤ 60 KB)" if name.startswith("clause") else ""
            print(f"  total transferred: {total} B = {total / 1024:.1f} KB{limit}; "
                  f"third-party requests: {len(foreign)} {foreign or ''}")
            if foreign or (name.startswith("clause") and total > GOAL_BYTES):
                ok = False
        browser.close()
    print("\ngoal met" if ok else "\ngoal MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

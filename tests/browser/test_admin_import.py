"""An admin imports the three seed pages through the admin into a fresh database;
the public pages then equal, byte for byte, those of ``manage.py import_rules``
importing the same pages (issue 25).

Two sites run side by side, each with its own database and cache:

- the *admin* site starts empty (migrated, an admin user, nothing imported);
  in Chromium the admin creates each game and document in the admin
  (Games › Add, Documents › Add, with the metadata of
  ``rulebook/sources/manifest.toml`` in every language), uploads the seed page
  (``../shared/seeds/``) on "Import a source page", reviews the preview
  (sections, clauses, dates, junk removed) and imports;
- the *reference* site is set up by ``manage.py import_rules GAME/DOCUMENT
  --text <seed page>``, one source after the other in the manifest's order
  (each run also loads the site's translations, as the admin's import does
  for its document).

The seed pages are the pages as scraped: the project's copies in
``rulebook/sources/`` differ from them (icon placeholders such as
``{icon}``), so both sites import the *seed* pages, the same bytes.  A
checkout without ``../shared/seeds/`` beside it (a CI clone) uploads the
project's copies instead — then the reference site is exactly ``make run``'s
import.

Every address of the reference site's sitemap (documents, sections,
clauses, their history, corrections … in de/ru/en) plus the home, game and
glossary pages is fetched from both sites and compared byte for byte after
one substitution: each site's own address (``http://127.0.0.1:<port>``, in
canonical and alternate links and the like) is replaced by ``SITE``.
Nothing else is stripped; the public pages carry no CSRF token.

Screenshots of the import form and of the preview at 1280 and 390 px wide
are saved under ``test-output/browser/``.
"""

from __future__ import annotations

import re
import tomllib
import urllib.request
from pathlib import Path
from xml.etree import ElementTree

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import OUTPUT, ROOT, new_journey, served_site, shoot
from tests.browser.test_admin import log_in

SEEDS = ROOT.parent / "shared" / "seeds"
MANIFEST = tomllib.loads((ROOT / "rulebook" / "sources" / "manifest.toml").read_text())["source"]
LANGUAGE = "de"  # the editors' language; the compared pages cover de, ru and en
PREVIEW = "Vorschau"
IMPORT = "Importieren"


def seed(source: dict) -> Path:
    """The scraped seed page (``../shared/seeds/``) when this checkout has it
    beside it, else the project's own copy of it (``rulebook/sources/``, what
    ``make run`` imports): either way both sites import the same bytes."""
    scraped = SEEDS / source["seed"]
    return scraped if scraped.is_file() else ROOT / "rulebook" / "sources" / source["file"]


@pytest.fixture(scope="module")
def seeds_present():
    missing = [str(seed(source)) for source in MANIFEST if not seed(source).is_file()]
    assert not missing, f"source pages not found: {', '.join(missing)}"


@pytest.fixture(scope="module")
def admin_site(seeds_present, tmp_path_factory):
    """A site with an empty rulebook, for the admin to import into."""
    with served_site(tmp_path_factory.mktemp("admin-import"), [], name="admin_import") as server:
        yield server


@pytest.fixture(scope="module")
def reference_site(seeds_present, tmp_path_factory):
    """A site whose rulebook ``import_rules`` imported from the same seed pages."""
    setup = [["import_rules", f"{source['game']}/{source['document']}", "--text",
              str(seed(source))] for source in MANIFEST]
    with served_site(tmp_path_factory.mktemp("reference"), setup, name="import_rules") as server:
        yield server


def fill_languages(page, field: str, values: dict[str, str]) -> None:
    """Fill a tabbed translated field (modeltranslation) in every language."""
    for code, value in values.items():
        tab = page.locator(f'a[href="#tab_id_{field}_{code}"]')
        if tab.count():
            tab.first.click()
        page.locator(f"#id_{field}_{code}").fill(value)


def add_game(journey, source: dict) -> None:
    page = journey.page
    journey.goto("/admin/rulebook/game/add/")
    fill_languages(page, "name", source["game_name"])
    # The slug is prepopulated from the name while it is typed: set it afterwards.
    page.locator("#id_slug").fill("")
    page.locator("#id_slug").fill(source["game"])
    page.locator("#id_position").focus()
    expect(page.locator("#id_slug")).to_have_value(source["game"])
    page.locator('input[name="_save"]').click()
    expect(page.locator(".messagelist .success")).to_be_visible()


def add_document(journey, source: dict) -> None:
    page = journey.page
    journey.goto("/admin/rulebook/document/add/")
    page.locator("#id_game").select_option(label=source["game_name"][LANGUAGE])
    page.locator("#id_slug").fill(source["document"])
    page.locator("#id_number").fill(source["number"])
    fill_languages(page, "title", source["title"])
    page.locator("#id_language").select_option(source["language"])
    page.locator("#id_source_url").fill(source["source_url"])
    fill_languages(page, "source_note", source["source_note"])
    page.locator("#id_position").fill(str(source["position"]))
    page.locator('input[name="_save"]').click()
    expect(page.locator(".messagelist .success")).to_be_visible()


def screenshots(journey, step: str, parts: tuple[str, ...] = ()) -> None:
    """Full-page screenshots at 1280 and 390 px wide, and one window's worth from
    each of ``parts`` (selectors) at 390 px (the journey's size restored)."""
    page = journey.page
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        path = OUTPUT / f"admin-import-{step}-{width}.png"
        shoot(page, path, full_page=True)
        journey.screenshots.append(path)
        for number, selector in enumerate(parts if width == 390 else ()):
            page.locator(selector).first.scroll_into_view_if_needed()
            path = OUTPUT / f"admin-import-{step}-{width}-part{number + 1}.png"
            shoot(page, path)
            journey.screenshots.append(path)
        # Nothing wider than the window: the form and the preview fit at 390 px.
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, (step, width, overflow)
    page.set_viewport_size({"width": 1200, "height": 900})


def import_page(journey, source: dict, *, first: bool) -> None:
    """Upload the seed page on "Import a source page", check the preview, import."""
    page = journey.page
    journey.goto("/admin/rulebook/document/")
    page.get_by_role("link", name="Quellseite importieren").click()
    expect(page.locator("#content h1")).to_have_text("Quellseite importieren")
    page.locator("#id_page_file").set_input_files(str(seed(source)))
    page.locator("#id_format").select_option(source["format"])
    game = source["game_name"][LANGUAGE]
    page.locator("#id_game").select_option(label=game)
    page.locator("#id_document").select_option(label=f"{game} › {source['title'][LANGUAGE]}")
    if first:
        screenshots(journey, "form")
    page.get_by_role("button", name=PREVIEW, exact=True).click()
    preview = page.locator(".import-preview")
    expect(preview.locator("h2")).to_have_text("Vorschau: noch ist nichts gespeichert")
    expect(preview.locator(".import-outcome")).to_contain_text("als Version 1")
    labels = preview.locator(".import-label")
    assert labels.count() > 0
    removed = preview.locator(".import-removed tbody tr")
    if source["seed"].startswith("001_"):  # Berserk: pagination, share, "Популярное"
        expect(removed).to_have_count(3)
        expect(removed.nth(2)).to_contain_text("Популярное")
    if source["seed"].startswith("000_"):  # Power-Duell: repeated blocks, dates
        assert removed.count() >= 5
        expect(preview).to_contain_text("bearbeitet am 7. November 2022")
        expect(labels.first).to_have_text("1.2.4 › Kartenaufbau ¶1")
    if first:
        screenshots(journey, "preview", (".import-preview h2", ".import-removed",
                                         "#import-form"))
    page.get_by_role("button", name=IMPORT, exact=True).first.click()
    expect(page.locator(".messagelist .success")).to_contain_text("importiert und veröffentlicht")


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200, url
        return response.read()


def sitemap_paths(site) -> list[str]:
    tree = ElementTree.fromstring(fetch(site.url + "/sitemap.xml"))
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    paths = [loc.text.removeprefix(site.url) for loc in tree.iterfind(".//s:loc", ns)]
    if any(path.endswith(".xml") for path in paths):  # a sitemap index
        paths = [p for index in paths for p in sitemap_paths_of(site, index)]
    return paths


def sitemap_paths_of(site, path: str) -> list[str]:
    tree = ElementTree.fromstring(fetch(site.url + path))
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    return [loc.text.removeprefix(site.url) for loc in tree.iterfind(".//s:loc", ns)]


def normalised(body: bytes, site) -> bytes:
    """The page with the site's own address replaced (the only legitimate difference)."""
    return body.replace(site.url.encode(), b"SITE")


def test_admin_imports_the_seed_pages_and_the_pages_equal_import_rules(
        browser, admin_site, reference_site):
    journey = new_journey(browser, admin_site, LANGUAGE, "admin-import")
    try:
        log_in(journey, LANGUAGE)
        for number, source in enumerate(MANIFEST):
            add_game(journey, source)
            add_document(journey, source)
            import_page(journey, source, first=number == 0)
        journey.assert_clean()
    finally:
        journey.page.context.close()

    paths = sitemap_paths(reference_site)
    assert paths == sitemap_paths(admin_site)
    games = {source["game"] for source in MANIFEST}
    paths += [f"/{code}/" for code in ("de", "ru", "en")]
    paths += [f"/{code}/{game}/{page}" for code in ("de", "ru", "en") for game in games
              for page in ("", "glossary/", "corrections/")]
    for source in MANIFEST:  # each document, and clause pages of each, in every language
        document = f"/{source['game']}/{source['document']}/"
        for code in ("de", "ru", "en"):
            assert f"/{code}{document}" in paths
            clause_pages = [path for path in paths if path.startswith(f"/{code}{document}")
                            and re.fullmatch(r"[^/]+/", path.removeprefix(f"/{code}{document}"))
                            and "/section/" not in path and not path.endswith("/changes/")]
            assert len(clause_pages) >= 3, (code, document, clause_pages)
    different = []
    paths = list(dict.fromkeys(paths))
    (OUTPUT / "admin-import-compared.txt").write_text("\n".join(paths) + "\n")
    for path in paths:
        reference = normalised(fetch(reference_site.url + path), reference_site)
        imported = normalised(fetch(admin_site.url + path), admin_site)
        if imported != reference:
            different.append(path)
    assert different == [], f"{len(different)} of {len(paths)} pages differ, e.g. {different[:5]}"

"""The docs-site features of the reading pages (issue 27), server side: the
glossary in the header of every page, glossary marks on a term's first use
per entry, "On this page", the colour scheme script in <head> and the
feeds' XSLT stylesheet.  The browser side is tests/browser/test_docs_features.py."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from rulebook.references.glossary import keep_first_marks
from rulebook.versioning.feeds import FEED_STYLESHEET

ATOM = "{http://www.w3.org/2005/Atom}"
XSL = "{http://www.w3.org/1999/XSL/Transform}"
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
POWER_DUELL = "/de/power-duell/schutzgottkarten/"
MARK = re.compile(r'<abbr class="term" data-term="([^"]+)"')


@pytest.fixture
def glossary(seeded):
    """The seeds with the shipped translations and glossaries."""
    from rulebook.importing.translations import load_translations

    return load_translations()


def header(html: str) -> str:
    return html[html.index('<header class="site-header">'):html.index("</header>")]


@pytest.mark.parametrize("path, glossary", [
    ("/de/", "/de/glossary/"),
    ("/ru/search/?q=Ziel", "/ru/glossary/"),
    ("/en/calculator/", "/en/glossary/"),
    ("/de/power-duell/", "/de/power-duell/glossary/"),
    ("/ru/power-duell/schutzgottkarten/", "/ru/power-duell/glossary/"),
    ("/de/berserk/comprehensive-rules/section/107/", "/de/berserk/glossary/"),
    ("/en/marvel-champions/referenzhandbuch/ziel.p3.2/", "/en/marvel-champions/glossary/"),
    ("/de/power-duell/corrections/", "/de/power-duell/glossary/"),
])
def test_the_header_of_every_page_links_to_the_glossary(client, seeded, path, glossary):
    response = client.get(path)
    assert response.status_code == 200
    assert f'<a href="{glossary}">' in header(response.content.decode())


def test_the_glossaries_index_lists_every_game_with_its_number_of_terms(client, glossary):
    html = client.get("/ru/glossary/").content.decode()
    assert "<h1>Глоссарий</h1>" in html
    for slug in ("berserk", "marvel-champions", "power-duell"):
        assert f'href="/ru/{slug}/glossary/"' in html
    from rulebook.models import GlossaryTerm

    counts = [int(n) for n in re.findall(r"терминов: (\d+)", html)]
    assert len(counts) == 3 and sum(counts) == GlossaryTerm.objects.count() > 0


def test_a_term_is_marked_once_per_entry_on_a_document_page(client, glossary):
    """Power-Duell: each section is one rule with paragraphs ¶1, ¶2 …; a
    term marked in ¶1 is plain text in ¶2 of the same rule, marked again in
    the next rule."""
    html = client.get(POWER_DUELL).content.decode()
    sections = re.findall(r'<section class="section".*?</section>', html, re.DOTALL)
    assert len(sections) == 5
    per_section = [MARK.findall(section) for section in sections]
    for terms in per_section:
        assert len(terms) == len(set(terms)), terms
    # "Schutzgottkarte" is used in every rule and marked once in each.
    assert sum("schutzgottkarte" in terms for terms in per_section) >= 4
    assert len(MARK.findall(html)) == sum(map(len, per_section))


def test_a_paragraph_on_its_own_page_marks_its_terms_again(client, glossary):
    document = client.get(POWER_DUELL).content.decode()
    paragraph = document.split('id="1.2.4.kartenaufbau.p3"')[1].split("</article>")[0]
    assert "schutzgottkarte" not in MARK.findall(paragraph)  # marked in ¶1 already
    alone = client.get(f"{POWER_DUELL}1.2.4.kartenaufbau.p3/").content.decode()
    assert "schutzgottkarte" in MARK.findall(alone)


def test_keep_first_marks_keeps_definitions_and_the_first_mark():
    seen: set = set()
    first = keep_first_marks('<dfn class="term" data-term="a" id="dfn-a">A</dfn> '
                             '<abbr class="term" data-term="b" title="x">B</abbr>', seen)
    assert first.count("<dfn") == 1 and first.count("<abbr") == 1 and seen == {"a", "b"}
    later = keep_first_marks('<abbr class="term" data-term="a" title="x">A</abbr>, '
                             '<abbr class="term" data-term="b" title="x">b</abbr>, '
                             '<abbr class="term" data-term="c" title="x">C</abbr>', seen)
    assert later == 'A, b, <abbr class="term" data-term="c" title="x">C</abbr>'


@pytest.mark.parametrize("path, by", [
    (POWER_DUELL, "section"), (f"{POWER_DUELL}section/kartenaufbau/", "clause")])
def test_on_this_page_lists_the_page_s_sections_or_clauses(client, seeded, path, by):
    html = client.get(path).content.decode()
    outline = html[html.index('<nav class="on-this-page"'):]
    outline = outline[:outline.index("</nav>")]
    assert "Auf dieser Seite" in outline
    targets = re.findall(r'href="#([^"]+)"', outline)
    assert targets and all(f'id="{target}"' in html for target in targets)
    if by == "section":
        assert targets[0] == "section-kartenaufbau" and len(targets) == 5
    else:
        assert targets == [f"1.2.4.kartenaufbau.p{n}" for n in (1, 2, 3)]


def test_the_colour_scheme_script_runs_in_head_before_the_stylesheets(client, seeded):
    html = client.get("/de/").content.decode()
    head = html[:html.index("</head>")]
    script = re.search(r'<script src="[^"]*rulebook/theme[^"]*\.js"([^>]*)>', head)
    assert script and "defer" not in script.group(1) and "async" not in script.group(1)
    assert script.start() < head.index('rel="stylesheet"')
    assert '<meta name="color-scheme" content="light dark">' in head
    # The choice (shown where scripts run) offers the system's, light and dark.
    assert re.findall(r'<option value="(\w+)"', header(html)) == ["system", "light", "dark"]


@pytest.mark.parametrize("url", ["/de/corrections/feed/", "/ru/power-duell/corrections/feed/"])
def test_a_feed_names_its_xslt_stylesheet_and_still_parses(client, seeded, url):
    response = client.get(url, HTTP_ACCEPT="application/atom+xml")
    assert response["Content-Type"].startswith("application/atom+xml")
    body = response.content.decode()
    instruction = re.search(r"<\?xml-stylesheet ([^?]*)\?>", body)
    assert instruction and body.index(instruction.group(0)) < body.index("<feed")
    assert 'type="text/xsl"' in instruction.group(1)
    href = re.search(r'href="([^"]+)"', instruction.group(1)).group(1)
    assert href.startswith("/static/") and "feed" in href and href.endswith(".xsl")
    root = ET.fromstring(response.content)
    assert root.tag == f"{ATOM}feed" and root.findall(f"{ATOM}entry")


def test_a_browser_gets_the_feed_as_xml_to_transform_and_a_reader_as_atom(client, seeded):
    url = "/de/corrections/feed/"
    reader = client.get(url)
    browser = client.get(url, HTTP_ACCEPT=BROWSER_ACCEPT)
    assert reader["Content-Type"].startswith("application/atom+xml")
    assert browser["Content-Type"].startswith("application/xml")
    assert browser.content == reader.content
    assert "Accept" in browser["Vary"] and "Accept" in reader["Vary"]
    assert browser["ETag"] != reader["ETag"]
    again = client.get(url, HTTP_ACCEPT=BROWSER_ACCEPT, HTTP_IF_NONE_MATCH=browser["ETag"])
    assert again.status_code == 304


def test_the_feed_stylesheet_is_xslt_in_the_three_languages():
    path = finders.find(FEED_STYLESHEET)
    assert path
    root = ET.parse(path).getroot()
    assert root.tag == f"{XSL}stylesheet" and root.get("version") == "1.0"
    assert root.find(f"{XSL}template[@match='/atom:feed']") is not None
    text = Path(path).read_text(encoding="utf-8")
    for words in ("Dies ist ein Atom-Feed", "Это лента Atom", "This is an Atom feed"):
        assert words in text
    # Same origin only: the site's own stylesheets, nothing from elsewhere.
    assert not re.search(r'(href|src)="(https?:)?//', text)


def test_the_feed_stylesheet_is_served_as_xsl(settings):
    assert settings.WHITENOISE_MIMETYPES[".xsl"] == "text/xsl"

"""Every page is valid HTML: the W3C Nu checker (``vnu.jar``) over the
sitemap's pages, search, calculator forms and rulings and the side-by-side
pages in de/ru/en, and — with two official rulings made up for the test
(the site ships none), one current and one superseded — a clause page
showing them, each ruling's page and the game's list of rulings, plus checks of our own that need no Java (unique ids,
htmx written as ``data-hx-*``, no empty ``action``, headings in order, one
meta description of the page's own text).

The Nu checker runs when Java and ``vnu.jar`` are found: ``VNU_JAR`` (the
jar's path), else the ``vnu-jar`` npm package installed globally
(``npm install -g vnu-jar``: ``$(npm root -g)/vnu-jar/build/dist/vnu.jar``).
Without them that test is skipped, saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import engine
from rulebook.calculator.services import to_query
from tests.rulebook.caching.outages import sitemap_paths

LANGUAGES = ("de", "ru", "en")


def checked_paths(client) -> list[str]:
    """The pages to check: the sitemap's, search results, every calculator
    form and worked example's ruling, and side-by-side pages, in every language."""
    paths = [path for path in sitemap_paths(client) if not urlsplit(path).query]
    paths += [path + "side-by-side/" for path in paths if "/section/" in path]
    for language in LANGUAGES:
        paths += [f"/{language}/search/?q=Ziel", f"/{language}/search/?q=zzqx", f"/{language}/search/",
                  f"/{language}/berserk/comprehensive-rules/107.3/side-by-side/"]
        paths += [f"/{language}/berserk/rulings/", f"/{language}/berserk/rulings/1/",
                  f"/{language}/berserk/rulings/2/",
                  f"/{language}/berserk/comprehensive-rules/107.3/"]
        paths += [f"/{language}/offline/", f"/{language}/offline/not-kept/",
                  f"/{language}/offline/kept/"]
        for ruleset in engine.rulesets():
            for scenario in ruleset.scenarios:
                form = f"/{language}/calculator/{scenario.game}/{scenario.slug}/"
                paths.append(form)
                paths += [f"{form}?{to_query(scenario, example.inputs)}"
                          for example in scenario.examples]
    return list(dict.fromkeys(paths))


# The pages, rendered once for both tests of this module (the texts are the seeds').
_RENDERED: dict[str, str] = {}


def add_test_rulings() -> None:
    """Two official rulings on clause 107.3 of the seeded Berserk rules, made up
    for this test: number 1 superseded by number 2."""
    import datetime

    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from rulebook.models import Clause, Ruling, RulingClause
    from rulebook.rulings import workflow
    from rulebook.versioning.roles import PUBLISHERS

    user = get_user_model().objects.create_user("html-publisher", is_staff=True)
    user.groups.add(Group.objects.get(name=PUBLISHERS))
    clause = Clause.objects.get(document__game__slug="berserk",
                                document__slug="comprehensive-rules", key="107.3")
    rulings = []
    for day, answer in ((1, "Test answer <one> & two."), (2, "Test answer, later.")):
        ruling = Ruling.objects.create(
            game=clause.document.game, source_title="Test source (not a real ruling)",
            source_date=datetime.date(2024, 1, day), source_url="https://example.org/test",
            source_citation="Q 1", language="ru", question_ru="Test question?\n\nSecond line.",
            answer_ru=answer, question_en="Test question (en)?", answer_en=answer)
        RulingClause.objects.create(ruling=ruling, clause=clause)
        workflow.submit_ruling(ruling, user)
        rulings.append(workflow.publish_ruling(ruling, user))
    workflow.supersede_ruling(rulings[0], user, by=rulings[1], reason="Test reason.")


@pytest.fixture
def pages(client, seeded) -> dict[str, str]:
    """``{path: html}`` of every checked page."""
    if not _RENDERED:
        add_test_rulings()
        for path in checked_paths(client):
            response = client.get(path)
            assert response.status_code == 200, path
            _RENDERED[path] = response.content.decode()
    return _RENDERED


class PageFacts(HTMLParser):
    """Ids, htmx attributes, form actions and the heading outline of a page."""

    def __init__(self):
        super().__init__()
        self.ids: list[str] = []
        self.problems: list[str] = []
        self.levels: list[int] = []
        self.descriptions: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id":
                self.ids.append(value)
            if name.startswith("hx-"):
                self.problems.append(f"<{tag} {name}>: htmx attributes are written data-hx-*")
        if tag == "meta" and ("name", "description") in attrs:
            self.descriptions.append(dict(attrs).get("content") or "")  # entities read
        if tag == "form" and ("action", "") in attrs:
            self.problems.append("<form action=\"\">: an empty action")
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            level = int(tag[1])
            if self.levels and level > max(self.levels) + 1:
                self.problems.append(f"<{tag}> after <h{max(self.levels)}>: a heading level skipped")
            self.levels.append(level)


def test_pages_have_unique_ids_data_hx_attributes_ordered_headings_and_a_description(pages):
    problems = {}
    for path, html in pages.items():
        facts = PageFacts()
        facts.feed(html)
        duplicates = sorted({i for i in facts.ids if facts.ids.count(i) > 1})
        found = facts.problems + [f"duplicate id {i!r}" for i in duplicates]
        if len(facts.descriptions) != 1 or not 10 <= len(facts.descriptions[0]) <= 160:
            found.append(f"meta descriptions: {facts.descriptions}")
        if found:
            problems[path] = found
    assert len(pages) > 400
    assert problems == {}


def vnu_command() -> list[str] | None:
    """``java -jar vnu.jar`` when both are found, else ``None``."""
    java = shutil.which("java")
    jar = os.environ.get("VNU_JAR")
    if not jar and shutil.which("npm"):
        root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True,
                              check=False).stdout.strip()
        jar = str(Path(root) / "vnu-jar" / "build" / "dist" / "vnu.jar") if root else None
    if java and jar and Path(jar).is_file():
        return [java, "-jar", jar]
    return None


def test_the_w3c_nu_checker_finds_no_error_on_any_page(pages, tmp_path):
    command = vnu_command()
    if command is None:
        pytest.skip("the W3C Nu checker needs Java and vnu.jar (VNU_JAR, or "
                    "`npm install -g vnu-jar`); neither was found")
    names = {}
    for number, (path, html) in enumerate(sorted(pages.items())):
        name = tmp_path / f"page{number}.html"
        name.write_text(html, encoding="utf-8")
        names[name.name] = path
    result = subprocess.run([*command, "--errors-only", "--format", "json", "--exit-zero-always",
                             *sorted(str(p) for p in tmp_path.glob("*.html"))],
                            capture_output=True, text=True, check=False, timeout=900)
    messages = json.loads(result.stderr)["messages"]
    errors = [(names.get(m.get("url", "").rsplit("/", 1)[-1], m.get("url")), m["message"])
              for m in messages if m["type"] == "error" or m.get("subType") == "fatal"]
    assert errors == [], f"{len(errors)} errors, e.g. {errors[:10]}"

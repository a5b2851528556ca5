"""One language per page: a crawl of every page type in de/ru/en finds no
text in another interface language outside labelled originals.

What a page shows in its own language is every text node and every
``title``/``aria-label``/``placeholder``/``alt`` whose nearest ``lang`` is the
page's.  A rule text, a heading or a term shown in its original language is
a *labelled original* — its element carries that language's ``lang`` — and is
not looked at.  The game's own terms (every spelling of every glossary term,
the games' names) and a few names of formats are allowed anywhere.  What is
left must not be in another interface language: no Cyrillic on de/en pages,
no Latin words on ru pages, no German words on en pages and no English words
on de pages (a short list of each language's most common words).
"""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser

import pytest
from django.core.management import call_command

from rulebook.models import Game, GlossaryTerm
from tests.rulebook.test_html_validity import checked_paths

#: Names of formats, products and languages, the same on every page.
NAMES = ("Atom", "JSON", "OpenAPI", "API", "HTML", "URL", "Unicode", "W3C", "Power-Duell",
         "Marvel Champions", "Berserk", "Deutsch", "Русский", "English", "DE", "RU", "EN")
#: Game terms the texts use that the site keeps in the original in every language
#: (terms a chapter names and another chapter defines, the engine's attributes),
#: and the words of the search page's examples of a query in each language.
GAME_TERMS = ("Wirkungskreis der Planeten-Beeinflussung", "Wirkungskreis", "Wirkungsrang",
              "AP", "DP", "LP", "EP", "Schutzgottes", "Schutzgott", "летающих", "летающее")
#: Quoted text (a printed card text, a phrase of a rule, the reader's query) and an
#: original in parentheses beside its translation are labelled originals.
QUOTED = re.compile(r"«[^»]*»|„[^“]*“|“[^”]*”|\"[^\"]*\"|(?<!\w)'[^']*'(?!\w)|\([^()]*\)")
#: Worked examples' and judge cases' names (PD-1, MC-2, BK-7).
CASE_NAME = re.compile(r"\b[A-Z]{2}-\d+\b")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
LATIN_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]{2,}")
GERMAN = re.compile(r"\b(der|die|das|und|oder|nicht|ist|mit|für|von|auf|einer?|eines|dem|den|"
                    r"Seite|Regel|Regeln|Fassung|Korrektur|Suche|Stand|Fall|Eintrag)\b|[äöüßÄÖÜ]")
ENGLISH = re.compile(r"\b(the|and|of|with|not|is|this|for|page|rule|rules|section|version|"
                     r"correction|search|from|to|case|item)\b")
#: Elements whose text is not prose of the page.
SKIPPED = {"script", "style", "code", "kbd", "pre", "samp", "var"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
        "source", "track", "wbr"}
ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


class _Texts(HTMLParser):
    """``(language, text, where)`` of every text node and labelling attribute."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str, bool]] = [("", "", False)]
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        _tag, language, skipped = self.stack[-1]
        language = attributes.get("lang", language)
        skipped = skipped or tag in SKIPPED
        if not skipped:
            self.found += [(language, attributes[name], f"{tag}@{name}")
                           for name in ATTRIBUTES if attributes.get(name)]
        if tag not in VOID:
            self.stack.append((tag, language, skipped))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while len(self.stack) > 1:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        tag, language, skipped = self.stack[-1]
        if not skipped and data.strip():
            self.found.append((language, " ".join(data.split()), tag))


def allowed_terms() -> list[str]:
    """Every spelling of every glossary term and every game's name, longest first."""
    terms = set(NAMES + GAME_TERMS)
    for term in GlossaryTerm.objects.all():
        for language in ("de", "ru", "en"):
            terms.update(term.spellings(language))
    for game in Game.objects.all():
        terms.update(filter(None, (game.name_de, game.name_ru, game.name_en)))
    return sorted(terms, key=len, reverse=True)


def foreign(page_language: str, text: str, terms: list[str]) -> str | None:
    """Why ``text`` on a page in ``page_language`` is in another language, else None."""
    text = CASE_NAME.sub(" ", QUOTED.sub(" ", text))
    for term in terms:
        if term in text:
            text = re.sub(rf"(?<!\w){re.escape(term)}(?!\w)", " ", text)
    if page_language in ("de", "en") and CYRILLIC.search(text):
        return "Cyrillic"
    if page_language == "ru" and LATIN_WORD.search(text):
        return "Latin"
    if page_language == "en" and GERMAN.search(text):
        return "German"
    if page_language == "de" and ENGLISH.search(text):
        return "English"
    return None


def page_type(path: str) -> str:
    """The page's type: its path with the language and every name made generic."""
    parts = path.split("?")[0].strip("/").split("/")[1:]
    return "/".join(part if part in {"calculator", "section", "history", "side-by-side",
                                     "corrections", "glossary", "search", "changes", "feed",
                                     "examples", "diff"} else "*" for part in parts) + \
        ("?" if "?" in path else "")


@pytest.fixture
def imported(db):
    """The seeds with the site's own translations and glossaries, as ``make run`` has them."""
    call_command("import_rules", verbosity=0, stdout=open("/dev/null", "w"))


def test_every_page_type_reads_in_one_language(client, imported):
    terms = allowed_terms()
    sampled: dict[tuple[str, str], int] = defaultdict(int)
    mixed: dict[str, set[str]] = defaultdict(set)
    pages = 0
    for path in checked_paths(client):
        language = path.split("/")[1]
        kind = (language, page_type(path))
        if sampled[kind] >= 3:
            continue
        sampled[kind] += 1
        response = client.get(path)
        assert response.status_code == 200, path
        pages += 1
        parser = _Texts()
        parser.feed(response.content.decode())
        for text_language, text, where in parser.found:
            if text_language == language:
                reason = foreign(language, text, terms)
                if reason:
                    mixed[f"{language} {reason} <{where}> {text[:100]}"].add(path)
    assert pages > 100
    print("\n".join(sorted(f"{text}  [{sorted(paths)[0]}]" for text, paths in mixed.items())))
    assert sorted(f"{text}  [{sorted(paths)[0]}]" for text, paths in mixed.items()) == []

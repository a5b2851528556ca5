"""Issue 11: every rule readable in German, Russian and English.

The site's own translations and glossaries (rulebook/sources/translations,
rulebook/sources/glossary) loaded by ``import_rules``; the "unofficial
translation" notes; glossary markup and page; icons and "Siehe auch"; side
by side with any two languages; unambiguous dates and right ``lang``
attributes; the Translators group.  Search variants are in
tests/rulebook/search/test_search_variants.py.
"""

import re
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client

from rulebook.models import ClauseVersion, Document, GlossaryTerm, Section
from rulebook.versioning.roles import TRANSLATORS
from tests.rulebook.conftest import hidden_inputs

LANGUAGES = [code for code, _name in settings.LANGUAGES]
PD = "power-duell/schutzgottkarten"
BK = "berserk/comprehensive-rules"
MC = "marvel-champions/referenzhandbuch"
DOCUMENTS = [PD, BK, MC]
CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
LATIN = re.compile(r"[a-zA-ZäöüÄÖÜß]")


@pytest.fixture
def translated(db, translated_rulebook):
    """The seeds imported and the shipped translations and glossaries loaded (once for the
    module: tests/conftest.py; the loading itself is tests/rulebook/test_i18n_loading.py)."""
    return translated_rulebook


def published_versions():
    return ClauseVersion.objects.published().select_related("clause__document")


# --------------------------------------------------------------------------
# The data and its loading
# --------------------------------------------------------------------------

def test_every_published_clause_heading_and_title_is_translated(translated):
    versions = list(published_versions())
    assert len(versions) == 51
    for version in versions:
        original = version.original_language
        for code in LANGUAGES:
            assert (getattr(version, f"text_{code}") or "").strip(), (version, code)
            if code != original:
                assert getattr(version, f"translated_from_{code}") == version.digest, (version, code)
                assert not version.translation_outdated(code)
            if getattr(version, f"title_{original}"):
                assert getattr(version, f"title_{code}"), (version, code)
    for section in Section.objects.select_related("document"):
        if getattr(section, f"heading_{section.document.language}"):
            for code in LANGUAGES:
                assert getattr(section, f"heading_{code}"), (section, code)
    for document in Document.objects.all():
        for code in LANGUAGES:
            assert getattr(document, f"title_{code}"), (document, code)
    assert translated.texts == {"de": 12, "ru": 39, "en": 51}
    assert not translated.stale and not translated.unknown


def test_the_correction_the_source_records_has_a_translated_title(translated, client):
    from rulebook.models import Correction

    correction = Correction.objects.get(game__slug="power-duell")
    assert correction.title_de == "Schutzgottkarten » negativ-positiv-Wirkung"
    assert correction.title_en == "Guardian god cards » negative-positive impact"
    assert correction.title_ru.startswith("Карты богов-хранителей » ")
    html = client.get("/en/power-duell/corrections/").content.decode()
    assert "Guardian god cards » negative-positive impact" in html


# --------------------------------------------------------------------------
# Pages
# --------------------------------------------------------------------------

class _Texts(HTMLParser):
    """Collects the text of elements by their nearest ``lang`` attribute."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, str | None]] = []
        self.by_lang: dict[str, list[str]] = {}
        self.spans: list[tuple[str, str]] = []  # (lang, text) per element carrying lang
        self._open: list[list] = []

    VOID = {"br", "img", "input", "meta", "link", "hr", "source"}

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        lang = dict(attrs).get("lang")
        self.stack.append((tag, lang))
        self._open.append([lang, []] if lang else None)

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _lang = self.stack.pop()
            item = self._open.pop()
            if item:
                self.spans.append((item[0], "".join(item[1])))
            if open_tag == tag:
                break

    def handle_data(self, data):
        if any(tag in ("script", "style", "title") for tag, _ in self.stack):
            return
        lang = next((lang for _tag, lang in reversed(self.stack) if lang), "")
        self.by_lang.setdefault(lang, []).append(data)
        for item in self._open:
            if item:
                item[1].append(data)


def parse(html: str) -> _Texts:
    parser = _Texts()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("document", DOCUMENTS)
@pytest.mark.parametrize("ui", LANGUAGES)
def test_each_document_reads_mostly_in_the_readers_language(client, translated, document, ui):
    html = client.get(f"/{ui}/{document}/").content.decode()
    clause_texts = re.findall(r'<div class="clause__text" lang="(\w+)">(.*?)</div>', html, re.S)
    assert clause_texts
    assert all(lang == ui for lang, _text in clause_texts)
    body = " ".join(re.sub(r"<[^>]+>", " ", text) for _lang, text in clause_texts)
    cyrillic, latin = len(CYRILLIC.findall(body)), len(LATIN.findall(body))
    share = cyrillic / (cyrillic + latin) if ui == "ru" else latin / (cyrillic + latin)
    assert share > 0.9, (document, ui, share)
    if ui in ("de", "en"):
        words = re.findall(r"[a-zäöüß]+", body.lower())
        german = sum(w in {"der", "die", "das", "und", "ist", "eine", "nicht", "wird"} for w in words)
        english = sum(w in {"the", "and", "is", "a", "not", "of", "to", "an"} for w in words)
        assert (german > 5 * english) if ui == "de" else (english > 5 * german), (german, english)


def test_a_translated_page_says_unofficial_with_the_original_one_click_away(client, translated):
    html = client.get(f"/en/{BK}/107.2/").content.decode()
    assert "Unofficial translation of version 1 of the Russian original" in html
    assert f'href="/ru/{BK}/107.2/" hreflang="ru"' in html
    html = client.get(f"/ru/{PD}/").content.decode()
    # Each clause: a compact link to its original, the full note in its title.
    assert html.count(f'hreflang="de" title="Неофициальный перевод версии 1 немецкого '
                      f'оригинала">оригинал, версия 1</a>') == 18
    assert "неофициальный перевод немецкого оригинала" in html
    assert f'href="/de/{PD}/" hreflang="de"' in html
    html = client.get(f"/de/{PD}/").content.decode()  # the original: no such note
    assert "Inoffizielle Übersetzung" not in html and "inoffizielle Übersetzung" not in html


def test_icons_are_named_placeholders_in_the_readers_language(client, translated):
    def text(html):
        return re.sub(r"<(?!/?span)[^>]+>", "", html)  # other markup (glossary terms) away

    html = text(client.get(f"/en/{BK}/107.2/").content.decode())
    assert html.count("[icon not reproduced in the source]</span>: Simple strike") == 1
    assert html.count('<span class="icon-placeholder" data-icon="" role="img" '
                      'aria-label="icon not reproduced in the source">') == 2
    html = text(client.get(f"/ru/{BK}/107.2/").content.decode())
    assert "[значок не воспроизведён в источнике]</span>: Простой удар" in html
    html = text(client.get(f"/de/{MC}/ziel.p5.1/").content.decode())
    assert ('Krisensymbol (<span class="icon-placeholder" data-icon="crisis" role="img" '
            'aria-label="Symbol: Krisensymbol">[Symbol: Krisensymbol]</span>)') in html
    assert "{icon" not in html


def test_see_also_is_a_list_of_related_entries(client, translated):
    html = client.get(f"/de/{MC}/").content.decode()
    block = html[html.index('<nav class="see-also"'):]
    block = block[:block.index("</nav>")]
    items = re.findall(r"<li>(.*?)</li>", block, re.S)
    assert len(items) == 5
    assert all('xref xref--missing' in item for item in items)
    assert "Wählen (Spielelement)" in items[4]
    assert 'id="ziel.p7"' in block and '<article class="clause depth-0" id="ziel.p7"' not in html
    html = client.get(f"/en/{MC}/").content.decode()
    assert "Choose (Game Element)" in html and "See also:" not in html


def test_glossary_page_and_terms_marked_up_in_rule_texts(client, translated):
    html = client.get("/ru/power-duell/glossary/").content.decode()
    assert '<dfn lang="ru">карта бога-хранителя</dfn>' in html
    assert '<span lang="de">Schutzgottkarte</span>' in html
    assert f'href="/ru/{PD}/1.2.4.kartenaufbau.p1/"' in html
    html = client.get(f"/de/{PD}/1.2.4.kartenaufbau.p1/").content.decode()
    assert re.search(r'<dfn class="term" data-term="schutzgottkarte" title="Eine rote Karte[^"]*" '
                     r'tabindex="0" id="dfn-schutzgottkarte">Schutzgottkarten?</dfn>', html)
    html = client.get(f"/en/{PD}/1.2.4.kartenaufbau.p2/").content.decode()
    assert re.search(r'<abbr class="term" data-term="schutzgottkarte" title="A red card[^"]*" '
                     r'tabindex="0">', html)
    assert "<script" not in html.split("</head>")[1]


def test_glossary_terms_keep_their_history(translated):
    term = GlossaryTerm.objects.get(game__slug="marvel-champions", slug="ziel")
    term.definition_en = "A new definition."
    term.save()
    assert [h.definition_en for h in term.history.order_by("history_date")][-2:] == [
        "The game element that a game function or card ability focuses on becomes its target "
        "while it resolves.", "A new definition."]


def test_translations_use_the_glossary_terms(translated):
    """Where an original text uses a glossary term, each translation of it
    uses that term's translation (one of its spellings)."""
    missing = []
    for term in GlossaryTerm.objects.select_related("game"):
        original = term.language
        spellings = {code: [s.casefold() for s in term.spellings(code)] for code in LANGUAGES}
        pattern = re.compile(r"(?<![\w-])(" + "|".join(
            re.escape(s) for s in term.spellings(original)) + r")(?![\w-])", re.I)
        for version in published_versions().filter(clause__document__game=term.game):
            if not pattern.search(version.original_text()):
                continue
            for code in LANGUAGES:
                text = (getattr(version, f"text_{code}") or "").casefold()
                if code != original and not any(s in text for s in spellings[code]):
                    missing.append(f"{term.slug} [{code}] in {version.clause.key}")
    assert not missing, "\n".join(missing)


def test_side_by_side_flags_a_stale_row_and_shows_any_two_languages(client, translated):
    version = ClauseVersion.objects.get(clause__key="107.3")
    ClauseVersion.objects.filter(pk=version.pk).update(translated_from_en="0" * 64)
    html = client.get(f"/de/{BK}/section/107/side-by-side/?left=de&right=en").content.decode()
    rows = dict(re.findall(r'<tr id="([^"]+)"([^>]*)>', html))
    assert rows["107.3"] == ' class="side-by-side__row--outdated"'
    assert rows["107.2"] == "" and rows["107.1"] == ""
    stale = html[html.index('<tr id="107.3"'):]
    stale = stale[:stale.index("</tr>")]
    assert "Übersetzung möglicherweise veraltet" in stale
    assert html.count("Übersetzung möglicherweise veraltet") == 1
    assert '<th scope="col" lang="de">Deutsch' in html and '<th scope="col" lang="en">English' in html
    assert "Das Zuweisen eines Verteidigers" in stale or "Verteidiger" in stale
    html = client.get(f"/en/{BK}/107.3/side-by-side/?with=ru").content.decode()
    assert '<th scope="col" lang="ru">Русский' in html


@pytest.mark.parametrize("language, heading", [("ru", "Устройство карты"), ("en", "Card layout"),
                                               ("de", "Kartenaufbau")])
def test_side_by_side_heading_is_in_the_pages_language(client, translated, language, heading):
    """As its <title>, breadcrumbs and the section page: not the left column's language."""
    url = f"/{language}/{PD}/section/kartenaufbau/side-by-side/?with=ru"
    html = client.get(url).content.decode()
    (h1,) = re.findall(r"<h1>(.*?)</h1>", html, re.S)
    assert f'<span lang="{language}">{heading}</span>' in h1 and (
        language == "de" or "Kartenaufbau" not in h1)
    assert f"<title>{heading} · " in html
    section = client.get(f"/{language}/{PD}/section/kartenaufbau/").content.decode()
    assert f'<span lang="{language}">{heading}</span>' in section
    # each column still heads its rows in its own language
    assert "Kartenaufbau" in html.split("</h1>", 1)[1]


def crawl(client, language):
    """The reading pages of the three documents and their clauses, the
    glossaries, corrections and side-by-side pages, in one language."""
    pages = [f"/{language}/", f"/{language}/power-duell/corrections/"]
    for document in Document.objects.select_related("game"):
        base = f"/{language}/{document.game.slug}/{document.slug}/"
        pages += [base, f"/{language}/{document.game.slug}/", f"/{language}/{document.game.slug}/glossary/"]
        for section in document.sections.all():
            pages += [f"{base}section/{section.slug}/", f"{base}section/{section.slug}/side-by-side/"]
        for clause in document.clauses.all()[:6]:
            pages += [f"{base}{clause.key}/", f"{base}{clause.key}/history/"]
    pages += [f"/{language}/{PD}/1.2.4.negativ-positiv-wirkung.p1/"]
    return list(dict.fromkeys(pages))


def test_english_dates_are_never_us_style(client, translated):
    seen_date = False
    for path in crawl(client, "en"):
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert not re.search(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b", html), path
        seen_date = seen_date or "25 January 2023" in html
    assert seen_date
    html = client.get(f"/de/{PD}/1.2.4.negativ-positiv-wirkung.p1/").content.decode()
    assert "25.01.2023" in html
    html = client.get(f"/ru/{PD}/1.2.4.negativ-positiv-wirkung.p1/").content.decode()
    assert "25.01.2023" in html


@pytest.mark.parametrize("ui", LANGUAGES)
def test_lang_attributes_match_the_text(client, translated, ui):
    """Cyrillic text is marked ``ru``; text marked ``de`` or ``en`` has no Cyrillic."""
    for path in crawl(client, ui):
        parsed = parse(client.get(path).content.decode())
        for lang, text in parsed.spans:
            letters = CYRILLIC.findall(text), LATIN.findall(text)
            if lang == "ru" and len(letters[1]) > 3 * max(1, len(letters[0])):
                pytest.fail(f"{path}: Latin text marked ru: {text[:80]!r}")
            if lang in ("de", "en") and len(letters[0]) > 3 * max(1, len(letters[1])):
                pytest.fail(f"{path}: Cyrillic text marked {lang}: {text[:80]!r}")
        for text in parsed.by_lang.get(ui if ui != "ru" else "de", []):
            # An original term quoted in parentheses ("Element (стихия)") may stay.
            text = re.sub(r"\([^()]*\)", "", text)
            if ui != "ru":
                assert len(CYRILLIC.findall(text)) <= 3, (path, text[:80])


# --------------------------------------------------------------------------
# Admin: translators
# --------------------------------------------------------------------------

@pytest.fixture
def translator(db):
    user = get_user_model().objects.create_user("tanja", is_staff=True)
    user.groups.add(Group.objects.get(name=TRANSLATORS))
    return user


def test_translators_translate_and_edit_the_glossary_but_do_not_publish(translated, translator):
    client = Client()
    client.force_login(translator)
    assert not translator.has_perm("rulebook.publish_correction")
    assert not translator.has_perm("rulebook.add_correction")
    assert not translator.has_perm("rulebook.change_clauseversion")
    version = ClauseVersion.objects.get(clause__key="107.1")
    url = f"/admin/rulebook/clauseversion/{version.pk}/translate/?to=en"
    html = client.get(url).content.decode()
    # The form opens on the original beside the chosen target language.
    first = html.index('class="module translation-pair"')
    assert html.index('id="translation-en"') < html.index('id="translation-de"')
    assert html.index('<pre class="translation-original" lang="ru">', first) < html.index(
        'name="text_en"', first)
    response = client.post(url, {"title_en": version.title_en or "", "text_en": "New English text.",
                                 "title_de": version.title_de or "", "text_de": version.text_de,
                                 "confirm_de": "on", **hidden_inputs(html)})
    assert response.status_code == 302
    version.refresh_from_db()
    assert version.text_en == "New English text." and version.translated_from_en == version.digest
    term = GlossaryTerm.objects.get(game__slug="berserk", slug="stikhiya") \
        if GlossaryTerm.objects.filter(slug="stikhiya").exists() else \
        GlossaryTerm.objects.filter(game__slug="berserk").first()
    page = client.get(f"/admin/rulebook/glossaryterm/{term.pk}/change/")
    assert page.status_code == 200 and 'name="definition_en"' in page.content.decode()
    assert client.get("/admin/rulebook/correction/add/").status_code == 403


def test_shipped_word_list_is_built_from_the_current_sources():
    from rulebook.management.commands.build_compound_words import german_texts
    from rulebook.search.compounds import WORDS_FILE, build_words

    shipped = [line for line in WORDS_FILE.read_text(encoding="utf-8").splitlines()
               if line and not line.startswith("#")]
    assert shipped == build_words(german_texts()), \
        "run manage.py build_compound_words after changing the sources or translations"


def test_translation_files_name_known_clauses():
    root = Path(settings.RULEBOOK_SOURCES)
    for path in (root / "translations").glob("*.toml"):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        assert data["clauses"], path
        assert all(re.fullmatch(r"[0-9a-f]{64}", c["digest"]) for c in data["clauses"].values())

"""Every page answers in each UI language with translated UI strings."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

LANGUAGES = ["de", "ru", "en"]
# A UI string of the base template in each language ("Rules reference").
SITE_NAME = {"de": "Regelnachschlagewerk", "ru": "Справочник по правилам", "en": "Rules reference"}


def pages():
    return [
        ("rulebook:home", []),
        ("rulebook:game", ["berserk"]),
        ("rulebook:document", ["berserk", "comprehensive-rules"]),
        ("rulebook:document", ["power-duell", "schutzgottkarten"]),
        ("rulebook:document", ["marvel-champions", "referenzhandbuch"]),
        ("rulebook:section", ["berserk", "comprehensive-rules", "107"]),
        ("rulebook:section", ["power-duell", "schutzgottkarten", "negativ-positiv-wirkung"]),
        ("rulebook:clause", ["berserk", "comprehensive-rules", "107.2"]),
        ("rulebook:clause", ["marvel-champions", "referenzhandbuch", "ziel.p3.2"]),
        ("rulebook:clause", ["power-duell", "schutzgottkarten", "1.2.4.kartenaufbau.p3"]),
    ]


def url(name, args, language):
    with translation.override(language):
        return reverse(name, args=args)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name, args", pages())
def test_page_answers_in_each_language(client, seeded, language, name, args):
    response = client.get(url(name, args, language))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}">' in html
    assert SITE_NAME[language] in html
    for other in LANGUAGES:
        assert f'hreflang="{other}"' in html


@pytest.mark.parametrize("language, contents", [("de", "Inhalt"), ("ru", "Содержание"),
                                                ("en", "Contents")])
def test_document_page_shows_translated_ui_and_anchors(client, seeded, language, contents):
    html = client.get(url("rulebook:document", ["berserk", "comprehensive-rules"],
                          language)).content.decode()
    assert f'<nav class="toc__nav" aria-label="{contents}">' in html
    assert 'id="107.2"' in html and 'href="#107.2"' in html


def test_berserk_107_2_permalink_shows_its_text(client, seeded):
    html = client.get("/ru/berserk/comprehensive-rules/107.2/").content.decode()
    assert "Они могут быть объявлены игроком только в подфазу Выбора Главной фазы его хода." in html
    assert 'rel="prev" href="/ru/berserk/comprehensive-rules/107.1/"' in html
    assert 'rel="next" href="/ru/berserk/comprehensive-rules/107.3/"' in html
    assert "Дополнительные свойства" in html  # the section path


@pytest.mark.parametrize("language, notice", [
    ("de", "Dieser Text ist das Original (Sprache: Russisch)"),
    ("en", "This text is the Russian original"),
])
def test_missing_translation_shows_original_with_notice(client, seeded, language, notice):
    html = client.get(url("rulebook:clause", ["berserk", "comprehensive-rules", "107.2"],
                          language)).content.decode()
    assert notice in html and html.count(notice) == 1  # once per page
    assert 'lang="ru"' in html


def test_original_language_has_no_fallback_notice(client, seeded):
    html = client.get("/ru/berserk/comprehensive-rules/107.2/").content.decode()
    assert "показан текст оригинала" not in html and "notice--language" not in html


def test_language_switcher_keeps_the_page(client, seeded):
    html = client.get("/de/berserk/comprehensive-rules/107.2/").content.decode()
    assert 'href="/ru/berserk/comprehensive-rules/107.2/" hreflang="ru"' in html
    assert 'href="/en/berserk/comprehensive-rules/107.2/" hreflang="en"' in html


def test_clause_page_shows_version_date_and_correction(client, seeded):
    html = client.get("/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p3/"
                      ).content.decode()
    assert 'datetime="2023-01-25"' in html
    assert "Schutzgottkarten » negativ-positiv-Wirkung" in html
    assert "Der Text vor der ersten Korrektur liegt in den Quellen nicht vor." in html
    edited = client.get("/de/power-duell/schutzgottkarten/1.2.4.effekte-der-schutzgottkarte.p3/"
                        ).content.decode()
    assert 'datetime="2022-11-07"' in edited
    unknown = client.get("/en/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p2/").content.decode()
    assert "unknown (the source gives no date)" in unknown


def test_missing_figure_is_noted(client, seeded):
    html = client.get("/de/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p1/"
                      ).content.decode()
    assert "(siehe Abbildung)" in html
    assert "Die Abbildung ist in der Quelle nicht verfügbar." in html


def test_examples_and_lists_render_as_blocks(client, seeded):
    html = client.get("/ru/berserk/comprehensive-rules/106.p1/").content.decode()
    assert re.search(r"<blockquote>\s*<p>ПРИМЕР\. Баграх", html)
    listing = client.get("/ru/berserk/comprehensive-rules/107.1/").content.decode()
    assert "<li>Атака простым ударом" in listing


def test_unknown_pages_are_404(client, seeded):
    assert client.get("/de/berserk/comprehensive-rules/999.9/").status_code == 404
    assert client.get("/de/no-such-game/").status_code == 404
    assert client.get("/de/berserk/no-such-document/").status_code == 404


def test_sitemap_has_hreflang_alternates(client, seeded):
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    assert "/ru/berserk/comprehensive-rules/107.2/" in xml
    assert 'hreflang="de"' in xml and 'hreflang="x-default"' in xml


def test_robots_txt(client):
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert "Disallow: /admin/" in response.content.decode()
    assert "Sitemap: http://testserver/sitemap.xml" in response.content.decode()


def test_favicon_ico_leads_to_the_sites_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"] == "/static/rulebook/favicon.svg"
    from django.contrib.staticfiles import finders

    assert finders.find("rulebook/favicon.svg")  # the file whitenoise serves there
    assert client.post("/favicon.ico").status_code == 405


def test_root_redirects_to_a_language(client, seeded):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 302
    assert response["Location"] == "/ru/"


def test_admin_tabs_use_the_vendored_jquery_ui(admin_client, seeded):
    from django.contrib.auth import get_user_model

    from rulebook.models import Clause, Correction
    from rulebook.versioning.publishing import propose_version

    # Published versions are read-only; a draft shows the language tabs.
    clause = Clause.objects.get(key="107.2")
    correction = Correction.objects.create(game=clause.document.game, language="ru",
                                           title_ru="Т", effective_date="2030-01-01")
    user = get_user_model().objects.get(username="admin")
    pk = propose_version(correction, clause, user).pk
    html = admin_client.get(f"/admin/rulebook/clauseversion/{pk}/change/").content.decode()
    assert "/static/vendor/jquery-ui/jquery-ui.min.js" in html
    assert "googleapis" not in html and "//ajax" not in html
    assert 'name="text_de"' in html and 'name="text_ru"' in html and 'name="text_en"' in html


def test_chrome_follows_the_script_prefix_of_each_request(client, seeded):
    # {% chrome %} reads the script prefix once per render: a site served
    # under a prefix gets its own chrome, and the next page without one gets
    # the chrome without it.  (The test client leaves the prefix to the test.)
    from django.urls import get_script_prefix, set_script_prefix

    path = "/de/berserk/comprehensive-rules/107.2/"
    with translation.override("de"):
        search = reverse("rulebook:search")
    before = get_script_prefix()
    set_script_prefix("/regeln/")
    try:
        prefixed = client.get(path + "?as_of=2024-01-01").content.decode()
    finally:
        set_script_prefix(before)
    plain = client.get(path).content.decode()
    assert f'action="/regeln{search}"' in prefixed
    assert f'action="{search}"' in plain and "/regeln/" not in plain


@pytest.mark.parametrize("path, start", [
    ("/en/berserk/comprehensive-rules/107.2/", "107.2: Атака простым ударом"),
    ("/de/berserk/comprehensive-rules/section/107/", "Umfassende Regeln · 107 Дополнительные"),
    ("/ru/power-duell/glossary/", "Глоссарий: Power-Duell"),
])
def test_a_page_is_described_by_its_own_text(client, seeded, path, start):
    (description,) = re.findall(r'<meta name="description" content="([^"]*)">',
                                client.get(path).content.decode())
    import html

    assert description.startswith(start) and len(html.unescape(description)) <= 160, description


@pytest.mark.parametrize("path", ["/en/berserk/comprehensive-rules/107.2/", "/de/search/?q=Ziel",
                                  "/ru/calculator/berserk/timing/"])
def test_public_pages_are_compressed(client, seeded, path):
    import gzip

    response = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert gzip.decompress(response.content).decode().startswith("<!DOCTYPE html>")


def test_an_answer_with_a_csrf_token_is_not_compressed(client, seeded):
    # BREACH: a secret beside requester-chosen text must not be compressed.
    response = client.get("/admin/login/", HTTP_ACCEPT_ENCODING="gzip")
    assert response.status_code == 200 and "csrfmiddlewaretoken" in response.content.decode()
    assert not response.has_header("Content-Encoding")

"""Cross-references: links, stubs, backlinks, admin validation, XSS, side by side."""

import datetime
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from rulebook.models import Clause, ClauseReference, ClauseVersion, Correction, Section
from rulebook.versioning.publishing import propose_version
from rulebook.references.forms import ClauseVersionAdminForm
from rulebook.calculator.backlinks import scenario_backlinks
from rulebook.references.services import cited_by, validation_errors
from tests.rulebook.conftest import publish_version

PD = "/de/power-duell/schutzgottkarten/"
BK = "/en/berserk/comprehensive-rules/"


def has_link(html, href, kind, text):
    """The page has a reference link (nh3 adds rel="noopener noreferrer")."""
    return re.search(f'<a href="{re.escape(href)}" class="xref xref--{kind}"[^>]*>'
                     f'{re.escape(text)}</a>', html) is not None


def stubs(html, note="not published yet"):
    """Labels of the "not published yet" stubs (with their hidden note)."""
    return re.findall(f'<span class="xref xref--missing" title="{note}">([^<]+)'
                      f'<span class="visually-hidden"> \\({note}\\)</span></span>', html)


def version(key):
    """The latest published version of the clause ``key``."""
    return (ClauseVersion.objects.published().select_related("clause__document")
            .filter(clause__key=key).order_by("-number").first())


def set_text(key, text, language=None):
    """Give clause ``key`` a text: a translation is added to the published version;
    a new original text is published as the next version (published text never changes)."""
    item = version(key)
    original = item.clause.document.language
    language = language or original
    if language != original:
        setattr(item, f"text_{language}", text)
        item.save()
        return item
    return publish_version(item.clause, item.number + 1, effective_date=item.effective_date,
                           **{f"text_{language}": text})


def test_resolved_clause_link_and_backlink(client, seeded):
    set_text("109.1", "Смотри [[107.2]] и 106.3.")
    html = client.get(BK + "109.1/").content.decode()
    assert has_link(html, f"{BK}107.2/", "clause", "107.2")
    assert has_link(html, f"{BK}106.3/", "clause", "106.3")
    backlink = client.get(BK + "107.2/").content.decode()
    section = backlink[backlink.index('id="backlinks-heading"'):]
    assert f'href="{BK}109.1/"' in section


def test_missing_number_of_the_documents_scheme_is_a_stub(client, seeded):
    set_text("109.1", "См. 106.1, дата 07.11.2022.")
    html = client.get(BK + "109.1/").content.decode()
    assert stubs(html) == ["106.1"]
    assert "07.11.2022" in html and "xref--missing\" title=\"not published yet\">07" not in html


def test_unresolved_chapter_reference_is_a_stub_not_a_link(client, seeded):
    html = client.get(PD + "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p4/").content.decode()
    assert stubs(html, "noch nicht veröffentlicht") == ["Behandlung der Reihenfolge von Effekten"]
    assert '"<span class="xref xref--missing"' in html  # the quotes stay outside


def test_see_also_entries_are_stubs_until_published(client, seeded):
    url = "/en/marvel-champions/referenzhandbuch/ziel.p7/"
    html = client.get(url).content.decode()
    assert stubs(html) == ["Fähigkeit", "Gekennzeichnete Fähigkeit", "Kosten", "Spielelement",
                     "Wählen (Spielelement)"]
    # Publishing the entry "Kosten" turns its stub into a link, and a backlink.
    ziel = Section.objects.get(slug="ziel")
    kosten = Section.objects.create(document=ziel.document, slug="kosten", heading_de="Kosten",
                                    position=2)
    clause = Clause.objects.create(document=ziel.document, section=kosten, key="kosten.p1",
                                   label="Kosten ¶1", position=99)
    html = client.get(url).content.decode()
    assert has_link(html, "/en/marvel-champions/referenzhandbuch/section/kosten/", "entry", "Kosten")
    assert ClauseReference.objects.get(clause__key="ziel.p7", target="Kosten").target_section == kosten
    publish_version(clause, 1, text_de="Kosten sind …")
    backlinks = cited_by(clause)
    assert [b.clause.key for b in backlinks if b.clause] == ["ziel.p7"]
    assert backlinks[0].via_section


def test_quoted_section_path_is_a_link(client, seeded):
    set_text("ziel.p1", 'Vergleiche "Schutzgottkarten » negativ-positiv-Wirkung".')
    html = client.get("/en/marvel-champions/referenzhandbuch/ziel.p1/").content.decode()
    # Another game: a path names a section of the same game only.
    assert "xref--missing" in html
    set_text("1.2.4.kartenaufbau.p2", 'Siehe "Schutzgottkarten » negativ-positiv-Wirkung".')
    html = client.get(PD + "1.2.4.kartenaufbau.p2/").content.decode()
    assert has_link(html, f"{PD}section/negativ-positiv-wirkung/", "section",
                    "Schutzgottkarten » negativ-positiv-Wirkung")


def test_explicit_references_of_each_form(client, seeded):
    set_text("ziel.p1", "A [[berserk/comprehensive-rules:107.2|Regel 107.2]], "
                        "B [[berserk/comprehensive-rules]], C [[Ziel ¶3.2]], D [[?Kosten]].")
    html = client.get("/en/marvel-champions/referenzhandbuch/ziel.p1/").content.decode()
    assert has_link(html, f"{BK}107.2/", "clause", "Regel 107.2")
    assert has_link(html, BK, "document", "berserk/comprehensive-rules")
    assert has_link(html, "/en/marvel-champions/referenzhandbuch/ziel.p3.2/", "clause", "Ziel ¶3.2")
    assert stubs(html) == ["Kosten"]
    assert "[[" not in html


def test_engine_scenarios_are_backlinks(seeded):
    import engine

    cited = [(c.document.game, c.document.document, c.key)
             for ruleset in engine.rulesets() for c in ruleset.citations()]
    game, document, key = cited[0]
    clause = Clause.objects.select_related("document__game").get(
        document__game__slug=game, document__slug=document, key=key)
    scenarios = [b for b in scenario_backlinks(clause) if b.scenario]
    assert scenarios and all(b.game == game for b in scenarios)
    # With the calculator installed, each backlink opens the scenario's page.
    assert all(b.url.startswith(f"/en/calculator/{game}/") for b in scenarios)


def test_clause_page_lists_scenario_backlinks(client, seeded):
    html = client.get(BK + "107.2/").content.decode()
    backlinks = html[html.index('id="backlinks-heading"'):html.index("</section>",
                                                                     html.index('id="backlinks-heading"'))]
    assert re.search(r'<a href="/en/calculator/berserk/[a-z0-9-]+/">', backlinks)


@pytest.mark.parametrize("text, fragment", [
    ("[[999.9]]", "no clause “999.9”"),
    ("[[berserk/nothing:1.1]]", "no document “berserk/nothing”"),
    ("[[berserk/comprehensive-rules:999.1]]", "has no clause “999.1”"),
    ("[[Kosten]]", "write [[?Kosten]]"),
    ("[[Gibtsnicht » Kapitel]]", "There is no section"),
    ("open [[107.2", "not closed"),
])
def test_broken_references_are_refused(seeded, text, fragment):
    item = version("107.1")
    errors = validation_errors(text, item.clause.document, item.clause)
    assert any(fragment in error for error in errors), errors


def test_printed_number_with_a_path_sign_is_a_clause(client, seeded):
    set_text("1.2.4.kartenaufbau.p3", "Wie in [[1.2.4 › Kartenaufbau ¶1]].")
    html = client.get(PD + "1.2.4.kartenaufbau.p3/").content.decode()
    assert has_link(html, "/de/power-duell/schutzgottkarten/1.2.4.kartenaufbau.p1/", "clause",
                    "1.2.4 › Kartenaufbau ¶1")


def test_valid_references_pass(seeded):
    item = version("107.1")
    assert validation_errors("[[107.2]] [[?Kosten]] [[berserk/comprehensive-rules]] 106.1",
                             item.clause.document, item.clause) == []


def test_admin_form_reports_a_broken_reference_as_a_field_error(seeded):
    item = version("107.1")
    data = {"clause": item.clause_id, "number": item.number, "text_ru": "см. [[999.9]]",
            "text_de": "", "text_en": "", "title_ru": "", "title_de": "", "title_en": "",
            "source_note_ru": "", "source_note_de": "", "source_note_en": ""}
    form = ClauseVersionAdminForm(data, instance=item)
    assert not form.is_valid()
    assert "text_ru" in form.errors and "999.9" in form.errors["text_ru"][0]
    assert "[[berserk/comprehensive-rules:107.2]]" in str(form.fields["text_ru"].help_text)
    before = ClauseVersion.objects.get(pk=item.pk).text_ru
    assert "999.9" not in before


def test_admin_change_page_shows_the_error(client, seeded):
    user = get_user_model().objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(user)
    item = version("107.1")
    correction = Correction.objects.create(
        game=item.clause.document.game, title_ru="Исправление", language="ru",
        effective_date=datetime.date(2030, 1, 1))
    draft = propose_version(correction, item.clause, user)
    page = client.get(f"/admin/rulebook/clauseversion/{draft.pk}/change/")
    assert page.status_code == 200 and "[[?Kosten]]" in page.content.decode()
    data = {"clause": draft.clause_id, "number": draft.number, "text_ru": "см. [[999.9]]",
            "expected_revision": draft.revision, "effective_date": "2030-01-01",
            "correction": correction.pk}
    refused = client.post(f"/admin/rulebook/clauseversion/{draft.pk}/change/", data)
    assert refused.status_code == 200 and "999.9" in refused.content.decode()
    assert "999.9" not in ClauseVersion.objects.get(pk=draft.pk).text_ru


XSS = ['<script>alert("x")</script>', '<img src=x onerror=alert(1)>',
       '[[<script>alert(1)</script>]]', '[[107.2|<img src=x onerror=alert(1)>]]',
       '"<img src=x onerror=alert(1)> » x"']


class _Elements(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found = []

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def assert_inert(html):
    """No script element with the payload, no img, no on* attribute anywhere."""
    parser = _Elements()
    parser.feed(html)
    assert "<script>alert" not in html
    assert [tag for tag, _attrs in parser.found if tag == "img"] == []
    assert [(tag, name) for tag, attrs in parser.found for name in attrs
            if name.startswith("on")] == []


@pytest.mark.parametrize("payload", XSS)
def test_xss_in_clause_text_is_inert(client, seeded, payload):
    set_text("107.2", f"Текст {payload} конец")
    for url in [BK + "107.2/", BK + "107.2/side-by-side/?with=de", BK + "section/107/",
                "/en/search/?q=Текст&jump=0"]:
        response = client.get(url)
        assert response.status_code == 200
        assert_inert(response.content.decode())


@pytest.mark.parametrize("payload", XSS)
def test_xss_in_a_translation_is_inert(client, seeded, payload):
    set_text("107.2", f"Text {payload} Ende", language="de")
    for url in ["/de/berserk/comprehensive-rules/107.2/", BK + "107.2/side-by-side/?with=de",
                "/de/search/?q=Ende&language=de"]:
        html = client.get(url).content.decode()
        assert_inert(html)
    assert "Ende" in client.get(BK + "107.2/side-by-side/?with=de").content.decode()


@pytest.mark.parametrize("payload", XSS)
def test_xss_in_a_search_query_is_inert(client, seeded, payload):
    for extra in [{}, {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "search-results"}]:
        response = client.get("/en/search/", {"q": payload, "game": payload}, **extra)
        assert response.status_code == 200
        assert_inert(response.content.decode())


def test_side_by_side_aligns_clauses_and_marks_missing_translations(client, seeded):
    set_text("1.2.4.kartenaufbau.p2", "Guardian cards are activated in field A.", language="en")
    url = PD + "section/kartenaufbau/side-by-side/?with=en"
    html = client.get(url).content.decode()
    rows = re.findall(r'<tr id="([^"]+)"[^>]*>', html)
    assert rows == ["1.2.4.kartenaufbau.p1", "1.2.4.kartenaufbau.p2", "1.2.4.kartenaufbau.p3"]
    row = html[html.index('<tr id="1.2.4.kartenaufbau.p2"'):]
    row = row[:row.index("</tr>")]
    assert "Schutzgottkarten werden auf dem Schutzgottkarten-Feld" in row
    assert "Guardian cards are activated in field A." in row
    # Missing translations say so in the reader's language (German UI here).
    assert html.count("Diese Regel ist noch nicht auf Englisch übersetzt.") == 2
    assert "side-by-side__missing" in html


def test_side_by_side_defaults_to_the_readers_language(client, seeded):
    html = client.get("/ru/berserk/comprehensive-rules/107.2/side-by-side/").content.decode()
    assert 'value="de" selected' in html  # original is Russian: the first other language
    html = client.get("/en/power-duell/schutzgottkarten/section/wirkungsbegrenzung/"
                      "side-by-side/?with=xx").content.decode()
    assert 'value="en" selected' in html


def test_side_by_side_is_linked_from_clause_and_section(client, seeded):
    assert b"/107.2/side-by-side/" in client.get(BK + "107.2/").content
    assert b"/section/107/side-by-side/" in client.get(BK + "section/107/").content


def test_translation_form_refuses_a_broken_reference(seeded):
    from rulebook.versioning.admin import TranslationForm

    item = version("107.1")
    data = {"text_de": "Siehe [[999.9]].", "title_de": "", "text_en": "See [[107.2]].",
            "title_en": ""}
    form = TranslationForm(data, version=item, languages=["de", "en"])
    assert not form.is_valid()
    assert list(form.errors) == ["text_de"] and "999.9" in form.errors["text_de"][0]
    assert "[[?Kosten]]" in str(form.fields["text_en"].help_text)


def test_a_reference_by_key_shows_the_printed_label(seeded):
    from rulebook.references.resolver import Resolver
    from rulebook.references.rendering import render_markdown

    clause = Clause.objects.select_related("document").get(key="1.2.4.kartenaufbau.p2")
    html = str(render_markdown("Siehe [[1.2.4.kartenaufbau.p3]] und [[1.2.4.kartenaufbau.p3|dort]].",
                               Resolver(clause.document, clause)))
    assert ">1.2.4 › Kartenaufbau ¶3</a>" in html
    assert ">dort</a>" in html
    assert ">1.2.4.kartenaufbau.p3</a>" not in html

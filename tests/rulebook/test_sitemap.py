"""The sitemap: every indexable page, one x-default shared with the pages'
<head>, and the date each page's content last changed."""

import datetime
import re
import xml.etree.ElementTree as ET
from urllib.parse import urlsplit

import pytest
from django.utils import timezone

SM = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


def sitemap_entries(client) -> dict[str, dict]:
    """``{path: {"lastmod": str | None, "alternates": {hreflang: path}}}`` of /sitemap.xml."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    entries = {}
    for url in ET.fromstring(response.content).iter(f"{SM}url"):
        lastmod = url.find(f"{SM}lastmod")
        entries[urlsplit(url.find(f"{SM}loc").text).path] = {
            "lastmod": lastmod.text if lastmod is not None else None,
            "alternates": {link.get("hreflang"): urlsplit(link.get("href")).path
                           for link in url.iter(f"{XHTML}link")}}
    return entries


def head_x_default(html: str) -> str:
    (href,) = re.findall(r'<link rel="alternate" hreflang="x-default" href="([^"]+)">', html)
    return urlsplit(href).path


def test_x_default_is_the_english_page_in_the_sitemap_and_in_every_head(client, seeded):
    entries = sitemap_entries(client)
    checked = set()
    for path, entry in entries.items():
        alternates = entry["alternates"]
        assert set(alternates) == {"de", "ru", "en", "x-default"}, path
        assert alternates["x-default"] == alternates["en"], path
        kind = re.sub(r"^/(de|ru|en)/", "/", path).split("/")[1:3]
        if tuple(kind) in checked:
            continue
        checked.add(tuple(kind))
        # One page of each kind: the page answers 200 and its <head> names the same x-default.
        response = client.get(path)
        assert response.status_code == 200, path
        assert head_x_default(response.content.decode()) == alternates["x-default"], path
        assert client.get(alternates["x-default"]).status_code == 200, path
    assert len(checked) > 8, checked


def test_the_sitemap_lists_home_glossary_corrections_and_history_pages(client, seeded):
    entries = sitemap_entries(client)
    for language in ("de", "ru", "en"):
        for path in ("/", "/glossary/", "/berserk/glossary/", "/power-duell/corrections/",
                     "/marvel-champions/corrections/",
                     "/berserk/comprehensive-rules/107.2/history/",
                     "/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p4/history/"):
            assert f"/{language}{path}" in entries, (language, path)
            assert 'name="robots"' not in client.get(f"/{language}{path}").content.decode()


def test_every_rulebook_page_has_the_date_its_content_last_changed(client, seeded):
    entries = sitemap_entries(client)
    today = timezone.localdate().isoformat()
    undated = sorted(path for path, entry in entries.items() if not entry["lastmod"])
    assert undated == []
    correction = "/de/power-duell/corrections/1/"
    # Imported with its source page: dated by its effective date, as in the feed.
    assert entries[correction]["lastmod"] == "2023-01-25"
    corrected = "/en/power-duell/schutzgottkarten/1.2.4.negativ-positiv-wirkung.p4/"
    assert entries[corrected]["lastmod"] == "2023-01-25"
    assert entries[corrected.replace("/en/", "/ru/") + "history/"]["lastmod"] == "2023-01-25"
    # A document and its game changed when their latest clause did.
    for page in ("/de/power-duell/schutzgottkarten/", "/de/power-duell/",
                 "/de/power-duell/schutzgottkarten/changes/"):
        assert entries[page]["lastmod"] >= "2023-01-25", page
    assert all(entry["lastmod"] <= today for entry in entries.values() if entry["lastmod"])


def test_publishing_a_back_dated_correction_dates_its_pages_by_the_publication(
        client, small_rulebook, editor, publisher):
    from rulebook.models import Correction
    from rulebook.versioning.publishing import (propose_version, publish_correction,
                                                submit_correction)

    entries = sitemap_entries(client)
    other = "/en/testspiel/regeln/1.2/"
    assert entries[other]["lastmod"] == "2020-01-01"  # imported: its effective date
    correction = Correction.objects.create(
        game=small_rulebook["game"], language="de", title_de="Korrektur",
        effective_date=datetime.date(2023, 1, 1), created_by=editor)
    draft = propose_version(correction, small_rulebook["other"], editor)
    draft.text_de = "Karten werden offen gezogen."
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    correction.refresh_from_db()
    entries = sitemap_entries(client)
    published = timezone.localtime(correction.published_at).date().isoformat()
    assert entries[other]["lastmod"] == published
    assert entries[f"/en/testspiel/corrections/{correction.number}/"]["lastmod"] == published


@pytest.mark.parametrize("effective, expected", [
    (datetime.date(2026, 5, 20), datetime.datetime(2026, 5, 20)),   # came into force later
    (datetime.date(2026, 7, 1), datetime.datetime(2026, 5, 1, 9)),  # still upcoming
    (datetime.date(2023, 1, 25), datetime.datetime(2026, 5, 1, 9)),  # back-dated
])
def test_a_text_changes_at_publication_and_again_when_it_comes_into_force(effective, expected):
    from rulebook.reading.lastmod import changed_at

    now = timezone.make_aware(datetime.datetime(2026, 6, 1, 12))
    published = timezone.make_aware(datetime.datetime(2026, 5, 1, 9))
    assert changed_at(published, 7, effective, now) == timezone.make_aware(expected)


def test_calculator_pages_are_dated_by_the_clauses_they_cite(seeded):
    import engine
    from rulebook.calculator.sitemaps import CalculatorSitemap
    from rulebook.models import Clause, Game
    from rulebook.reading.lastmod import LastChanges

    # Every text last changed on 2024-01-01 but one clause the Berserk timing
    # scenario cites, changed on 2025-03-04 (published rows are immutable:
    # the moments are given to the sitemap, the clauses are the real ones).
    old = timezone.make_aware(datetime.datetime(2024, 1, 1, 10))
    new = timezone.make_aware(datetime.datetime(2025, 3, 4, 10))
    scenarios = [s for rs in engine.rulesets() for s in rs.scenarios]
    (timing,) = [s for s in scenarios if (s.game, s.slug) == ("berserk", "timing")]
    cited = timing.citations[0]
    key = (cited.document.game, cited.document.document, cited.key)
    clause = Clause.objects.get(document__game__slug=key[0], document__slug=key[1], key=key[2])
    sitemap = CalculatorSitemap()
    sitemap.__dict__["_changes"] = LastChanges(
        clauses={**{pk: old for pk in Clause.objects.values_list("pk", flat=True)},
                 clause.pk: new},
        games={pk: new for pk in Game.objects.values_list("pk", flat=True)})

    def lastmod(name, args=()):
        return timezone.localtime(sitemap.lastmod((name, args))).date().isoformat()

    assert lastmod("calculator:scenario", ("berserk", "timing")) == "2025-03-04"
    assert lastmod("calculator:index") == "2025-03-04"
    examples = {(e.source.document.game, e.source.document.document, e.source.key)
                for s in scenarios for e in s.examples}
    assert lastmod("calculator:examples") == ("2025-03-04" if key in examples else "2024-01-01")
    dated = {}
    for scenario in scenarios:
        cites = {(c.document.game, c.document.document, c.key)
                 for c in scenario.citations + tuple(e.source for e in scenario.examples)}
        dated[scenario.game, scenario.slug] = lastmod("calculator:scenario",
                                                      (scenario.game, scenario.slug))
        assert dated[scenario.game, scenario.slug] == (
            "2025-03-04" if key in cites else "2024-01-01"), scenario.slug
    # Not a page dated by its game (which changed on 2025-03-04) but by what it cites.
    assert dated["marvel-champions", "target-validity"] == "2024-01-01"
    assert dated["power-duell", "guardian-wirkung"] == "2024-01-01"


def test_a_correction_of_a_cited_clause_redates_its_calculator_page(
        client, seeded, editor, publisher):
    """The served sitemap reads the publications (the seeds are dated by their
    import, today, so the dates themselves are tested above)."""
    import engine
    from rulebook.models import Clause, Correction, Game
    from rulebook.versioning.publishing import (propose_version, publish_correction,
                                                submit_correction)

    scenario = engine.rulesets()[0].scenarios[0]
    citation = scenario.citations[0]
    clause = Clause.objects.get(document__game__slug=citation.document.game,
                                document__slug=citation.document.document, key=citation.key)
    path = f"/en/calculator/{scenario.game}/{scenario.slug}/"
    correction = Correction.objects.create(
        game=Game.objects.get(slug=citation.document.game), language="de",
        title_de="Korrektur", effective_date=datetime.date(2023, 1, 1), created_by=editor)
    draft = propose_version(correction, clause, editor)
    draft.text_de = (draft.text_de or "") + " (korrigiert)"
    draft.text_ru = (draft.text_ru or "") + " (исправлено)"
    draft.text_en = (draft.text_en or "") + " (corrected)"
    draft.save()
    submit_correction(correction, editor)
    publish_correction(correction, publisher)
    correction.refresh_from_db()
    published = timezone.localtime(correction.published_at).date().isoformat()
    entries = sitemap_entries(client)
    assert entries[path]["lastmod"] == published
    assert entries["/ru/calculator/"]["lastmod"] == published


def test_a_glossary_is_dated_by_the_last_change_of_its_terms(client, seeded):
    from rulebook.models import Game, GlossaryTerm

    game = Game.objects.get(slug="berserk")
    texts = sitemap_entries(client)["/en/berserk/glossary/"]["lastmod"]
    assert texts == sitemap_entries(client)["/en/berserk/"]["lastmod"]  # no term yet
    edited = datetime.datetime(2031, 5, 6, 7, 8, tzinfo=datetime.timezone.utc)
    term = GlossaryTerm.objects.create(game=game, slug="stikhiya", language="ru",
                                       term_ru="стихия")
    term.history.update(history_date=edited)  # an admin's edit on that day
    entries = sitemap_entries(client)
    assert entries["/en/berserk/glossary/"]["lastmod"] == "2031-05-06"
    assert entries["/de/glossary/"]["lastmod"] == "2031-05-06"  # the index counts the terms
    assert entries["/en/power-duell/glossary/"]["lastmod"] == entries["/en/power-duell/"][
        "lastmod"]  # another game's glossary keeps its texts' date

"""Import of the three seed pages: structure, exact texts, junk, dates, idempotency."""

import datetime

import pytest

from rulebook.importing import import_source
from rulebook.models import Clause, ClauseVersion, Correction, Document, Game, Section

JUNK = ["Популярное", "Поделиться", "Wähle ein Kapitel", "Предыдущая", "Следующая",
        "Противопожарная", "AOL хочет"]


def version(document: str, key: str) -> ClauseVersion:
    return ClauseVersion.objects.get(clause__document__slug=document, clause__key=key)


@pytest.mark.parametrize("document, sections, clauses", [
    ("schutzgottkarten", 5, 18),
    ("comprehensive-rules", 4, 12),
    ("referenzhandbuch", 1, 21),
])
def test_section_and_clause_counts(seeded, document, sections, clauses):
    doc = Document.objects.get(slug=document)
    assert doc.sections.count() == sections
    assert doc.clauses.count() == clauses


def test_clause_keys_follow_each_sources_scheme(seeded):
    keys = lambda slug: list(Clause.objects.filter(document__slug=slug)
                             .order_by("position").values_list("key", flat=True))
    assert keys("comprehensive-rules") == [
        "106.p1", "106.p2", "106.p3", "106.3", "106.4", "107.1", "107.2", "107.3",
        "108.p1", "108.1", "109.p1", "109.1"]
    assert keys("schutzgottkarten")[:4] == [
        "1.2.4.kartenaufbau.p1", "1.2.4.kartenaufbau.p2", "1.2.4.kartenaufbau.p3",
        "1.2.4.effekte-der-schutzgottkarte.p1"]
    assert "1.2.4.negativ-positiv-wirkung.p3" in keys("schutzgottkarten")
    assert keys("referenzhandbuch")[:6] == [
        "ziel.p1", "ziel.p2", "ziel.p3", "ziel.p3.1", "ziel.p3.2", "ziel.p3.3"]
    assert Clause.objects.get(document__slug="referenzhandbuch", key="ziel.p3.2").label == "Ziel ¶3.2"


def test_chosen_clause_texts_are_exact(seeded):
    assert version("comprehensive-rules", "107.2").text_ru == (
        "Атака простым ударом и закрытие на удар по летающему существу – это невнезапные "
        "(медленные) играемые свойства (имеют вид \"{icon}: Простой удар\", \"{icon}: В свой следующий ход "
        "может 1 раз объявить простой удар по летающему существу противника\" ). Они могут быть "
        "объявлены игроком только в подфазу Выбора Главной фазы его хода.")
    assert version("schutzgottkarten", "1.2.4.negativ-positiv-wirkung.p3").text_de == (
        "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt und Erhöhungen halbiert.")
    # A paragraph wrapped over four lines in the source is one paragraph.
    assert version("schutzgottkarten", "1.2.4.behandlung-der-reihenfolge-von-effekt-wirkung.p1"
                   ).text_de.startswith(
        "Schutzgottkarten haben den zweit höchsten Wirkungsrang (2 von 3). Das heißt, ihre "
        "Effekte stehen über allen anderen Effekten.")
    assert version("referenzhandbuch", "ziel.p3.3").text_de == (
        "Fähigkeiten, die dazu führen, dass ein Spieler 1 oder mehr Karten zieht, haben ein "
        "gültiges Ziel, solange der Spieler mindestens 1 Karte in seinem Deck hat.")
    titled = version("comprehensive-rules", "106.3")
    assert titled.title_ru == "Тип карты"
    assert titled.text_ru.startswith("Карта принадлежит к одному из следующих типов:")


def test_no_junk_anywhere_in_the_database(seeded):
    texts = []
    for v in ClauseVersion.objects.all():
        texts += [v.text_de, v.text_ru, v.text_en, v.title_de, v.title_ru, v.title_en]
    for s in Section.objects.all():
        texts += [s.heading_de, s.heading_ru, s.heading_en]
    for d in Document.objects.all():
        texts += [d.title_de, d.title_ru, d.title_en]
    blob = "\n".join(t or "" for t in texts)
    for junk in JUNK:
        assert junk not in blob, junk
    assert "|" not in blob


def test_repeated_paragraphs_of_seed_000_are_stored_once(seeded):
    pd = ClauseVersion.objects.filter(clause__document__slug="schutzgottkarten")
    blob = "\n".join(v.text_de for v in pd)
    for paragraph in [
        "Eine Schutzgottkarte ist immun gegen alle Effekte von Monster- & Energiekarten.",
        "Schutzgottkarten werden auf dem Schutzgottkarten-Feld (FELD A) aktiviert.",
        "Effekte werden immer vom zuletzt aktivierten Effekt bis zum am längsten aktiven Effekt",
        "Es ist folgendes zu beachten:",
        "die negativ-positiv-Wirkung wird von Links nach Rechts",
        "Die Wirkungsbegrenzung legt fest",
        "Der Effekt unter \"Wirkung\" kann nur eine Beeinflussung",
    ]:
        assert blob.count(paragraph) == 1, paragraph
    # Both examples keep their own "Beispiel" line: a short line that recurs is not junk.
    assert blob.count("Beispiel (siehe Abbildung):") == 2


def test_lists_and_examples_stay_with_their_clause(seeded):
    attributes = version("schutzgottkarten", "1.2.4.kartenaufbau.p1").text_de
    assert attributes.startswith("Die Grund-Attribute einer Schutzgottkarte sind:\n\n- das Basis")
    assert "- die rote Kartenfarbe," in attributes
    additional = version("comprehensive-rules", "107.1").text_ru
    assert "- Закрытие на удар по летающему существу" in additional
    bagrakh = version("comprehensive-rules", "106.p1").text_ru
    assert "\n\n> ПРИМЕР. Баграх имеет +2 к удару по болотным." in bagrakh
    flight = version("comprehensive-rules", "108.1").text_ru
    assert "> Например, если нелетающее существо с запасом движения 2" in flight
    crisis = version("referenzhandbuch", "ziel.p5.1").text_de
    assert "> Beispiel: Das Krisensymbol" in crisis
    fall = version("schutzgottkarten", "1.2.4.negativ-positiv-wirkung.p5").text_de
    assert "> Fall 1 - negativ-Wirkung:" in fall
    assert "(siehe Abbildung)" in version("schutzgottkarten", "1.2.4.negativ-positiv-wirkung.p1").text_de


def test_dates_are_data(seeded):
    edited = ClauseVersion.objects.filter(
        clause__section__slug="effekte-der-schutzgottkarte")
    assert edited.count() == 4
    assert {v.effective_date for v in edited} == {datetime.date(2022, 11, 7)}
    correction = Correction.objects.get()
    assert correction.effective_date == datetime.date(2023, 1, 25)
    assert correction.title_de == "Schutzgottkarten » negativ-positiv-Wirkung"
    owned = correction.versions.order_by("clause__position")
    assert [v.clause.key for v in owned] == [
        f"1.2.4.negativ-positiv-wirkung.p{n}" for n in range(1, 6)]
    assert {v.effective_date for v in owned} == {datetime.date(2023, 1, 25)}
    unknown = ClauseVersion.objects.filter(clause__section__slug="kartenaufbau")
    assert {v.effective_date for v in unknown} == {None}
    assert ClauseVersion.objects.filter(clause__document__slug="comprehensive-rules",
                                        effective_date__isnull=False).count() == 0
    blob = "\n".join(v.text_de or "" for v in ClauseVersion.objects.all())
    assert "Bearbeitet am" not in blob and "Spielregelerkorrektur" not in blob


def test_reimport_creates_nothing(seeded, sources):
    counts = (Game.objects.count(), Document.objects.count(), Section.objects.count(),
              Clause.objects.count(), ClauseVersion.objects.count(), Correction.objects.count())
    for spec in sources.values():
        report = import_source(spec)
        assert report.created_versions == 0 and report.created_clauses == 0
    assert counts == (Game.objects.count(), Document.objects.count(), Section.objects.count(),
                      Clause.objects.count(), ClauseVersion.objects.count(),
                      Correction.objects.count())


def test_changed_paragraph_becomes_one_draft_text_and_publishes_nothing(seeded, sources):
    spec = sources["berserk/comprehensive-rules"]
    raw = spec.path().read_text(encoding="utf-8")
    changed = raw.replace("только в подфазу Выбора Главной фазы его хода.",
                          "только в подфазу Выбора Главной фазы своего хода.")
    assert changed != raw
    published = ClauseVersion.objects.published().count()
    report = import_source(spec, changed)
    assert report.created_versions == 0 and report.drafted == 1
    assert ClauseVersion.objects.published().count() == published
    draft = ClauseVersion.objects.drafts().get()
    assert draft.clause.key == "107.2" and draft.correction == report.correction
    assert draft.text_ru.endswith("Главной фазы своего хода.")
    assert draft.based_on_number == 1 and not report.correction.is_published
    current = ClauseVersion.objects.published().get(clause__key="107.2")
    assert current.text_ru.endswith("Главной фазы его хода.")  # nothing overwritten
    # The same page again: nothing new (it is what was imported last).
    again = import_source(spec, changed)
    assert again.correction is None and again.unchanged == 12
    assert Correction.objects.filter(published_at__isnull=True).count() == 1

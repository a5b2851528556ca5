"""The junk removal and parsing rules on small inputs."""

import pytest

from rulebook.importing.cleaning import clean_lines, drop_repeated_blocks
from rulebook.importing.parsers import SourceFormatError, parse_glossary, parse_numbered

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run

LONG = "Ein Absatz, der lang genug ist, um als wiederholter Block der Seite zu gelten."


def test_trailing_popular_list_and_share_and_pagination_are_removed():
    text = "106.1. Правило.\n\n⇐ Предыдущая12Следующая ⇒\n\nПоделиться:\n\nПопулярное:\n\n1. x\n"
    assert [line for line in clean_lines(text) if line] == ["106.1. Правило."]


def test_chapter_navigation_table_is_removed():
    text = "Text.\n| Wähle ein Kapitel in der Auswahlleiste aus | ||\n|\n|"
    assert clean_lines(text) == ["Text."]


def test_repeated_block_keeps_first_copy():
    assert drop_repeated_blocks([LONG, "b", LONG, "c"]) == [LONG, "b", "c"]


def test_repeated_block_between_list_intro_and_list_keeps_later_copy():
    lines = ["Die Attribute sind:", LONG, "- eins", "- zwei", LONG, "Ende."]
    assert drop_repeated_blocks(lines) == ["Die Attribute sind:", "- eins", "- zwei", LONG, "Ende."]


def test_short_recurring_line_is_kept_unless_it_stutters():
    assert drop_repeated_blocks(["Beispiel:", "x", "Beispiel:"]) == ["Beispiel:", "x", "Beispiel:"]
    assert drop_repeated_blocks(["Zu beachten:", "Zu beachten:", "- a"]) == ["Zu beachten:", "- a"]


def test_numbered_rules_unnumbered_text_and_headings():
    parsed = parse_numbered(
        ["Свободный текст до первого правила, без номера.", "201.1. Первое правило.",
         "Продолжение правила, уже без номера.", "Новый раздел.", "Определение – это текст без номера.",
         "202.1. Второе."], "", "")
    assert [s.number for s in parsed.sections] == ["201", "202"]
    assert [c.key for c in parsed.clauses()] == ["201.p1", "201.1", "202.p1", "202.1"]
    assert parsed.sections[1].heading == "Новый раздел"
    assert parsed.clauses()[1].text == "Первое правило.\n\nПродолжение правила, уже без номера."


def test_numbered_section_without_number_is_an_error():
    with pytest.raises(SourceFormatError):
        parse_numbered(["Только текст, без номера и без раздела."], "", "")


def test_glossary_bullet_paths():
    parsed = parse_glossary(["Eintrag", "Intro.", "  • Eins.", "    • Eins-eins.",
                             "    • Beispiel: B.", "  • Zwei."], "", "")
    assert [c.key for c in parsed.clauses()] == ["eintrag.p1", "eintrag.p2", "eintrag.p2.1",
                                                 "eintrag.p3"]
    assert parsed.clauses()[2].text == "Eins-eins.\n\n> Beispiel: B."

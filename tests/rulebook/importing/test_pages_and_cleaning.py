"""A handed-in page → text (pages), and what the cleaner removes and why (cleaning)."""

import json
from pathlib import Path

import pytest

from rulebook.importing.cleaning import clean_lines, clean_page
from rulebook.importing.pages import MAX_PAGE_BYTES, PageError, html_to_text, page_text

SOURCES = Path(__file__).resolve().parents[3] / "rulebook" / "sources"


def test_lines_end_in_newline_whatever_the_browser_sent():
    assert page_text("Ziel\r\nText.\rMehr.\n") == "Ziel\nText.\nMehr.\n"


def test_bytes_are_utf8_with_or_without_byte_order_mark():
    assert page_text("Ziel\nText.".encode("utf-8-sig")) == "Ziel\nText."
    assert page_text("Ziel\nText.".encode("utf-8")) == "Ziel\nText."


@pytest.mark.parametrize("data, code", [
    ("Fähigkeit".encode("cp1252"), "encoding"),
    (b" \n\t\n", "empty"),
    ("<html><body><script>x()</script></body></html>", "empty"),
    ("a" * (MAX_PAGE_BYTES + 1), "too_big"),
])
def test_unreadable_pages_say_why(data, code):
    with pytest.raises(PageError) as caught:
        page_text(data)
    assert caught.value.code == code


def test_html_blocks_become_lines_and_lists_bullets():
    html = ("<!doctype html><html><head><style>p{}</style></head><body><nav>Menü</nav>"
            "<h2>106. Раздел</h2><p>106.3. Первое&nbsp;правило<br>вторая строка</p>"
            "<ol><li>один</li><li>два<ul><li>вложенный</li></ul></li></ol></body></html>")
    assert html_to_text(html) == ("Menü\n106. Раздел\n106.3. Первое правило\nвторая строка\n"
                                  "• один\n• два\n  • вложенный\n")


def test_text_with_angle_brackets_is_not_taken_for_html():
    assert page_text("1 < 2 und 3 > 2") == "1 < 2 und 3 > 2"
    assert page_text("<p>x</p>", html=False) == "<p>x</p>"


def test_removed_blocks_name_their_lines_and_reason():
    page = clean_page("Regel eins.\n| Kapitel | 1 |\nTeilen:\n⇐ zurück\n-\nRegel zwei.\n"
                      "Beliebt:\nAndere Seite\n")
    assert page.lines == ["Regel eins.", "Regel zwei."]
    assert [(b.first_line, b.last_line, b.reason) for b in page.removed] == [
        (2, 2, "navigation table"), (3, 3, "share button"), (4, 4, "pagination"),
        (5, 5, "empty list item"), (7, 9, "unrelated list")]


@pytest.mark.parametrize("line", [
    "Teilen:", "Teilen auf Facebook", "Auf WhatsApp teilen", "Share on X", "Share via Email",
    "Поделиться", "Поделиться в ВКонтакте", "Поделиться в Telegram"])
def test_share_buttons_naming_a_network_are_removed(line):
    page = clean_page(f"Regel eins.\n{line}\nRegel zwei.")
    assert page.lines == ["Regel eins.", "Regel zwei."]
    assert [(b.first_line, b.reason) for b in page.removed] == [(2, "share button")]


@pytest.mark.parametrize("line", [
    "Teilen auf Facebook ist keine Regel, dieser Satz aber schon.",
    "Teilen Sie die Karten aus.", "Share the damage among your allies.",
    "Поделиться картой нельзя."])
def test_a_line_that_starts_with_a_share_word_and_goes_on_is_kept(line):
    assert clean_page(f"Regel eins.\n{line}").lines == ["Regel eins.", line]


def test_a_repeated_block_is_reported_once_with_its_lines():
    long = "Ein Absatz, der lang genug ist, um als wiederholter Block der Seite zu gelten."
    page = clean_page("\n".join(["Intro.", long, "Mitte.", long, "Ende."]))
    assert page.lines == ["Intro.", long, "Mitte.", "Ende."]
    assert [(b.first_line, b.last_line, b.text, b.reason) for b in page.removed] == [
        (4, 4, long, "repeated block")]


@pytest.mark.parametrize("name", sorted(p.name for p in SOURCES.glob("*.txt")))
def test_the_removed_blocks_and_the_kept_lines_make_up_the_page(name):
    text = (SOURCES / name).read_text(encoding="utf-8")
    page = clean_page(text)
    assert page.lines == clean_lines(text)
    raw = [line.rstrip() for line in text.split("\n")]
    removed = {n for b in page.removed for n in range(b.first_line, b.last_line + 1)
               if b.reason != "repeated block" or raw[n - 1] in b.text.split("\n")}
    kept = [line for n, line in enumerate(raw, 1) if n not in removed]
    assert kept == page.lines

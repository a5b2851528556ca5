"""Word-level diff: inserted, deleted and changed words, and their HTML."""

from rulebook.versioning.diffing import DiffKind, DiffRow, has_changes, render_diff, word_diff
import pytest

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run


def rows(old, new):
    return [(row.kind, row.text) for row in word_diff(old, new)]


def test_inserted_word():
    assert rows("zieht zwei Karten", "zieht zwei neue Karten") == [
        (DiffKind.EQUAL, "zieht zwei "), (DiffKind.INSERT, "neue "), (DiffKind.EQUAL, "Karten")]


def test_deleted_word():
    assert rows("zieht zwei neue Karten", "zieht zwei Karten") == [
        (DiffKind.EQUAL, "zieht zwei "), (DiffKind.DELETE, "neue "), (DiffKind.EQUAL, "Karten")]


def test_changed_word_is_a_deletion_then_an_insertion():
    assert rows("zieht zwei Karten", "zieht drei Karten") == [
        (DiffKind.EQUAL, "zieht "), (DiffKind.DELETE, "zwei"), (DiffKind.INSERT, "drei"),
        (DiffKind.EQUAL, " Karten")]


def test_rewrapped_whitespace_is_not_a_change():
    result = word_diff("a b\nc", "a b c")
    assert not has_changes(result)
    assert "".join(r.text for r in result) == "a b c"


def test_rows_rebuild_both_texts():
    old, new = "Bei Angriff: halbiert. Danach verdoppelt.", "Bei Abwehr: halbiert. Danach nichts."
    result = word_diff(old, new)
    assert "".join(r.text for r in result if r.kind is not DiffKind.INSERT) == old
    assert "".join(r.text for r in result if r.kind is not DiffKind.DELETE) == new


def test_html_has_tags_and_textual_markers_and_escapes():
    html = str(render_diff((DiffRow(DiffKind.EQUAL, "a "), DiffRow(DiffKind.DELETE, "<b>"),
                            DiffRow(DiffKind.INSERT, "c&d"))))
    assert html == ('a <del><span class="diff-marker">[-</span>&lt;b&gt;'
                    '<span class="diff-marker">-]</span></del>'
                    '<ins><span class="diff-marker">[+</span>c&amp;d'
                    '<span class="diff-marker">+]</span></ins>')


def test_punctuation_is_its_own_token():
    assert rows("halbiert.", "halbiert, verdoppelt.") == [
        (DiffKind.EQUAL, "halbiert"), (DiffKind.INSERT, ", verdoppelt"), (DiffKind.EQUAL, ".")]


def test_an_icon_in_a_changed_text_is_shown_as_on_the_reading_pages_never_as_markup():
    from django.utils import translation

    rows = word_diff("Сила {icon} и удар", "Сила {icon:crisis} и удары")
    assert (DiffKind.DELETE, "{icon}") in [(row.kind, row.text) for row in rows]
    with translation.override("ru"):
        html = str(render_diff(rows))
    assert "{icon" not in html
    assert html.count('class="icon-placeholder"') == 2
    assert 'data-icon="crisis"' in html


def test_a_reference_is_shown_as_its_text_never_as_markup():
    """The history and "What changed" pages showed readers an editor's "См. также
    [[107.3]]." as typed (a new user's table): a reference is one word, shown by its text."""
    result = word_diff("Текст.", "Текст. См. также [[107.3]] и [[?Kosten|стоимость]].")
    html = str(render_diff(result))
    assert "[[" not in html and "]]" not in html
    assert "См. также 107.3 и стоимость." in html
    # a changed reference is changed whole, its new text beside its old
    assert rows("См. [[107.3]].", "См. [[107.4]].") == [
        (DiffKind.EQUAL, "См. "), (DiffKind.DELETE, "[[107.3]]"), (DiffKind.INSERT, "[[107.4]]"),
        (DiffKind.EQUAL, ".")]
    html = str(render_diff(word_diff("[[107.3|rule]] <b>", "[[107.3|Regel]] <b>")))
    assert "rule" in html and "Regel" in html and "&lt;b&gt;" in html and "[[" not in html

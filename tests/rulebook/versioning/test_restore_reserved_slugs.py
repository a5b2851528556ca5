"""Restoring an export (``import_rulebook``) refuses a game or document slug that
an address of the site's own uses (:mod:`rulebook.models.slugs`) with a clear
error, and stores nothing."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulebook.models import Document, Game
from rulebook.versioning.exporting import RestoreError, export_game, restore_game


@pytest.fixture
def export(small_rulebook):
    """The small rulebook's export under another slug, restorable next to it."""
    data = export_game(small_rulebook["game"])
    data["game"]["slug"] = "testspiel-kopie"
    return data


def rows():
    return sorted(Game.objects.values_list("slug", flat=True)), Document.objects.count()


def test_a_reserved_game_slug_is_refused(export):
    before = rows()
    export["game"]["slug"] = "search"
    with pytest.raises(RestoreError) as refused:
        restore_game(export)
    assert str(refused.value) == (
        "The slug “search” is reserved: the address …/search/ is one of the site's own pages, "
        "so a game there could never be reached. Choose another slug.")
    assert rows() == before == (["testspiel"], 1)


def test_a_reserved_document_slug_is_refused(export, tmp_path):
    before = rows()
    export["documents"][0]["slug"] = "corrections"
    with pytest.raises(RestoreError, match="“corrections” is reserved: the address "
                                           "…/<game>/corrections/"):
        restore_game(export)
    assert rows() == before
    file = tmp_path / "export.json"
    file.write_text(json.dumps(export), encoding="utf-8")
    with pytest.raises(CommandError, match="Nothing restored: The slug “corrections” is "
                                           "reserved"):
        call_command("import_rulebook", str(file))
    assert rows() == before


def test_a_free_slug_is_restored(export):
    game = restore_game(export)
    assert game.slug == "testspiel-kopie" and game.documents.get().slug == "regeln"


@pytest.mark.parametrize("where, slug", [
    ("game", "sеarch"),        # a Cyrillic е
    ("game", "search "),
    ("game", "a b"),
    ("document", "Ｓchutz"),    # a full-width Ｓ
])
def test_a_slug_no_address_can_hold_is_refused(export, where, slug):
    """A restore bypasses the forms' SlugField: "sеarch" was restored, and every page linking
    the game (/de/, /api/games, the sitemap, search) failed with a 500 on reversing its
    address (a breaker's table)."""
    before = rows()
    if where == "game":
        export["game"]["slug"] = slug
    else:
        export["documents"][0]["slug"] = slug
    with pytest.raises(RestoreError, match="valid “slug”"):
        restore_game(export)
    assert rows() == before

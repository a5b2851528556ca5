"""Restoring a damaged or hand-edited export gives a clear error, never a traceback,
and stores nothing (found by feeding import_rulebook odd files)."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulebook.versioning.exporting import RestoreError, export_game, restore_game
from rulebook.models import Game, text_digest


@pytest.fixture
def export(seeded):
    """The berserk export under another slug, so that it can be restored next to the seeds."""
    data = export_game(Game.objects.get(slug="berserk"))
    data["game"]["slug"] = "berserk-copy"
    return data


def first_version(data):
    return data["documents"][0]["clauses"][0]["versions"][0]


@pytest.mark.parametrize("payload", [[], "text", 5, None])
def test_restore_refuses_a_file_that_is_not_an_object(db, payload):
    with pytest.raises(RestoreError, match="Not a rulebook-export"):
        restore_game(payload)


def test_restore_names_a_missing_entry(export):
    del first_version(export)["published_at"]
    with pytest.raises(RestoreError, match="the entry 'published_at' is missing"):
        restore_game(export)
    assert not Game.objects.filter(slug="berserk-copy").exists()


def test_restore_refuses_an_impossible_date(export):
    first_version(export)["published_at"] = "2023-02-30T10:00:00+00:00"
    with pytest.raises(RestoreError, match="malformed entry"):
        restore_game(export)
    assert not Game.objects.filter(slug="berserk-copy").exists()


def test_restore_refuses_a_game_entry_of_the_wrong_type(export):
    export["game"] = "berserk-copy"
    with pytest.raises(RestoreError, match="malformed entry"):
        restore_game(export)


def test_restore_refuses_nul_characters_even_with_a_matching_digest(export):
    version = first_version(export)
    version["text"]["ru"] += "\x00"
    version["digest"] = text_digest(version["text"]["ru"])
    with pytest.raises(RestoreError, match="NUL character"):
        restore_game(export)
    assert not Game.objects.filter(slug="berserk-copy").exists()


def test_restore_refuses_a_key_longer_than_its_field_on_every_database(export):
    export["documents"][0]["clauses"][0]["key"] = "k" * 500
    with pytest.raises(RestoreError, match="key is longer than 120 characters"):
        restore_game(export)
    assert not Game.objects.filter(slug="berserk-copy").exists()


@pytest.mark.parametrize("content", ["[]", '{"format": "rulebook-export", "format_version": 1, '
                                           '"game": {"slug": "x"}}'])
def test_import_command_answers_with_a_command_error(db, tmp_path, content):
    path = tmp_path / "damaged.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match="Nothing restored"):
        call_command("import_rulebook", str(path))
    assert not Game.objects.filter(slug="x").exists()


def test_an_intact_export_still_restores(export):
    game = restore_game(json.loads(json.dumps(export)))
    assert game.slug == "berserk-copy"
    assert game.documents.get().clauses.count() == 12

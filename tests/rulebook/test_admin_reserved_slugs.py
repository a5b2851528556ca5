"""The admin's Games › Add and Documents › Add (and the change page of a document
not yet published, whose slug is still editable) refuse a slug that an address
of the site's own uses at that place, as an error on the slug field
(:mod:`rulebook.models.slugs`); a free slug is saved."""

import pytest

from rulebook.models import Document, Game

GAME_ADD = "/admin/rulebook/game/add/"
DOCUMENT_ADD = "/admin/rulebook/document/add/"


@pytest.fixture
def berserk(db):
    return Game.objects.create(slug="berserk", name_ru="Берсерк", name_en="Berserk")


def slug_errors(response) -> dict:
    assert response.status_code == 200
    return {name: list(errs) for name, errs in response.context["adminform"].form.errors.items()}


def game_form(slug):
    return {"slug": slug, "name_de": "Neues Spiel", "name_ru": "", "name_en": "New game",
            "position": 5}


def document_form(game, slug):
    return {"game": game.pk, "slug": slug, "number": "200", "title_ru": "Особые правила",
            "title_de": "", "title_en": "Special rules", "language": "ru", "source_url": "",
            "source_note_de": "", "source_note_ru": "", "source_note_en": "", "position": 3}


@pytest.mark.parametrize("word", ["search", "calculator", "offline", "corrections", "glossary"])
def test_games_add_refuses_a_reserved_slug(admin_client, db, word):
    response = admin_client.post(GAME_ADD, game_form(word))
    assert slug_errors(response) == {"slug": [
        f"The slug “{word}” is reserved: the address …/{word}/ is one of the site's own pages, "
        f"so a game there could never be reached. Choose another slug."]}
    assert not Game.objects.exists()


def test_games_add_saves_a_free_slug(admin_client, db, client):
    assert admin_client.post(GAME_ADD, game_form("new-game")).status_code == 302
    assert Game.objects.get().slug == "new-game"
    # "rulings" is no address of the site at the game level (/<lang>/rulings/): free.
    assert admin_client.post(GAME_ADD, game_form("rulings")).status_code == 302
    assert client.get("/en/rulings/").context["game"].slug == "rulings"


@pytest.mark.parametrize("word", ["corrections", "glossary", "rulings"])
def test_documents_add_refuses_a_reserved_slug(admin_client, berserk, word):
    response = admin_client.post(DOCUMENT_ADD, document_form(berserk, word))
    assert slug_errors(response) == {"slug": [
        f"The slug “{word}” is reserved: the address …/<game>/{word}/ is one of the site's own "
        f"pages of every game, so a document there could never be reached. Choose another "
        f"slug."]}
    assert not Document.objects.exists()


def test_documents_add_saves_a_free_slug_and_a_change_to_a_reserved_one_is_refused(
        admin_client, berserk):
    assert admin_client.post(DOCUMENT_ADD, document_form(berserk, "special")).status_code == 302
    document = Document.objects.get()
    assert document.slug == "special" and not document.has_published_version()
    response = admin_client.post(f"/admin/rulebook/document/{document.pk}/change/",
                                 document_form(berserk, "glossary"))
    assert list(slug_errors(response)) == ["slug"]
    assert Document.objects.get().slug == "special"

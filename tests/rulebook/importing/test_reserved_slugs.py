"""A new game or document whose slug an address of the site's own uses is refused
by "Import a source page" (preview and import, a field error naming the word),
by :func:`rulebook.importing.import_source` and by ``manage.py import_rules``;
nothing is stored.  The tester's report: ``corrections`` and ``glossary`` for a
Berserk document, ``search`` for a game, were imported and published, and
their pages were the site's corrections list, glossary and search."""

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError

from rulebook.importing import SourceSpec, import_source
from rulebook.models import ClauseVersion, Document, Game
from tests.rulebook.importing.test_admin_import import URL, user_with

PAGE = "Особые правила.\n\n200.1. Первый…\n\n200.2. Второй…"


@pytest.fixture
def admin_client(client, db):
    """A staff user who may import pages and add games, logged in."""
    client.force_login(user_with("add_document", "add_clauseversion", "add_game",
                                 "view_document", "change_document"))
    return client


@pytest.fixture
def berserk(db):
    return Game.objects.create(slug="berserk", name_ru="Берсерк", name_en="Berserk")


def new_document(game: Game | None, **overrides):
    """Form data: the tester's page as a new document of ``game`` (None: of a new game)."""
    data = {"page": PAGE, "kind": "auto", "format": "numbered", "game": game.pk if game else "",
            "new_game_slug": "", "new_game_name": "", "document": "", "slug": "special",
            "number": "200", "title": "Особые правила", "language": "ru", "source_url": ""}
    data.update(overrides)
    return data


def errors(response) -> dict:
    return {name: list(errs) for name, errs in response.context["form"].errors.items()}


def document_refusal(word):
    return (f"The slug “{word}” is reserved: the address …/<game>/{word}/ is one of the site's "
            f"own pages of every game, so a document there could never be reached. Choose "
            f"another slug.")


def game_refusal(word):
    return (f"The slug “{word}” is reserved: the address …/{word}/ is one of the site's own "
            f"pages, so a game there could never be reached. Choose another slug.")


def test_a_free_slug_is_imported_and_its_page_reached(admin_client, berserk, client):
    response = admin_client.post(URL, {**new_document(berserk), "_preview": "x"})
    form = response.context["form"]
    assert not errors(response) and response.context["preview"]["clause_count"] == 2
    response = admin_client.post(URL, {**new_document(berserk), "page": form.initial["page"],
                                       "kind": "text", "previewed": form.initial["previewed"],
                                       "_import": "x"})
    assert response.status_code == 302
    page = client.get("/ru/berserk/special/")
    assert page.status_code == 200 and "Первый…" in page.content.decode()


@pytest.mark.parametrize("word", ["corrections", "glossary", "rulings"])
@pytest.mark.parametrize("button", ["_preview", "_import"])
def test_a_reserved_document_slug_is_a_field_error(admin_client, berserk, word, button):
    response = admin_client.post(URL, {**new_document(berserk, slug=word), button: "x",
                                       "previewed": "0" * 64})
    assert response.status_code == 200
    assert errors(response) == {"slug": [document_refusal(word)]}
    assert response.context["preview"] is None
    assert not Document.objects.exists() and not ClauseVersion.objects.exists()


@pytest.mark.parametrize("word", ["search", "calculator", "offline", "glossary", "corrections"])
@pytest.mark.parametrize("button", ["_preview", "_import"])
def test_a_reserved_game_slug_is_a_field_error(admin_client, db, word, button):
    data = new_document(None, new_game_slug=word, new_game_name="Новая игра")
    response = admin_client.post(URL, {**data, button: "x", "previewed": "0" * 64})
    assert response.status_code == 200
    assert errors(response) == {"new_game_slug": [game_refusal(word)]}
    assert response.context["preview"] is None
    assert not Game.objects.exists() and not Document.objects.exists()


def test_a_new_game_and_document_both_reserved_get_both_errors(admin_client, db):
    data = new_document(None, new_game_slug="search", new_game_name="Поиск",
                        slug="glossary")
    response = admin_client.post(URL, {**data, "_preview": "x"})
    assert errors(response) == {"new_game_slug": [game_refusal("search")],
                                "slug": [document_refusal("glossary")]}
    html = response.content.decode()  # shown on the page, by its field
    assert "The slug “search” is reserved: the address …/search/" in html
    assert "The slug “glossary” is reserved: the address …/&lt;game&gt;/glossary/" in html


def test_the_error_speaks_the_editors_language(admin_client, berserk):
    response = admin_client.post(URL, {**new_document(berserk, slug="corrections"),
                                       "_preview": "x"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert errors(response)["slug"] == [
        "Слаг «corrections» зарезервирован: адрес …/<игра>/corrections/ у каждой игры занят "
        "собственной страницей сайта, и документ по нему никогда не открылся бы. "
        "Выберите другой слаг."]


def spec(game="berserk", document="special"):
    return SourceSpec(file="special.txt", format="numbered", game=game, document=document,
                      language="ru", number="200", title={"ru": "Особые правила"},
                      game_name={"ru": "Берсерк"})


@pytest.mark.parametrize("game, document, word", [
    ("berserk", "corrections", "corrections"), ("search", "special", "search"),
    ("calculator", "special", "calculator")])
def test_import_source_refuses_a_new_reserved_slug_and_stores_nothing(db, game, document, word):
    with pytest.raises(ValidationError, match=f"“{word}” is reserved"):
        import_source(spec(game, document), PAGE)
    assert not Game.objects.exists() and not Document.objects.exists()
    import_source(spec(), PAGE)  # a free slug: imported
    assert Document.objects.get().slug == "special"


def test_import_rules_answers_with_a_command_error(db, tmp_path, settings):
    (tmp_path / "special.txt").write_text(PAGE, encoding="utf-8")
    (tmp_path / "manifest.toml").write_text(
        '[[source]]\nfile = "special.txt"\nformat = "numbered"\ngame = "berserk"\n'
        'document = "glossary"\nlanguage = "ru"\nnumber = "200"\n'
        'title = { ru = "Особые правила" }\n', encoding="utf-8")
    settings.RULEBOOK_SOURCES = tmp_path
    with pytest.raises(CommandError) as refused:
        call_command("import_rules")
    assert str(refused.value) == (f"berserk/glossary: {document_refusal('glossary')} "
                                  f"Nothing was imported.")
    assert not Game.objects.exists() and not Document.objects.exists()

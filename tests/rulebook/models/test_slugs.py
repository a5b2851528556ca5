"""Game and document slugs the site's own addresses use are refused
(:mod:`rulebook.models.slugs`): the words are read from the URL patterns, the
validators name the word in the editor's language, and the ORM refuses a new
game or document with such a slug while existing rows keep theirs."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import get_resolver, path, re_path, reverse
from django.utils import translation
from django.utils.translation import gettext_lazy

from rulebook.importing import load_manifest
from rulebook.models import (
    Document, Game, reserved_slugs, validate_document_slug, validate_game_slug,
)

def _view(request):
    return None


# A URL configuration of this module's own: a page added to it reserves its word.
urlpatterns = [
    path("about/", _view),
    path("<slug:game>/print/", _view),
    path(gettext_lazy("Rules reference"), _view),  # a translated route: every language's
    re_path(r"^legacy/(?P<x>\d+)/$", _view),
    re_path(r"^(?P<game>[-\w]+)/archive\.zip$", _view),
    path("static/<path:rest>", _view),
    path("<slug:game>/<slug:document>/print/", _view),  # below the document level
]

PLACEHOLDERS = {"game": "g0", "document": "d0", "section": "s0", "key": "k0", "slug": "x0",
                "number": 1}


def site_addresses() -> list[str]:
    """Every named address of the pages under the language prefix, reversed with
    placeholder values (an independent reading of the URL configuration: by reverse)."""
    addresses = []
    for namespace in ("rulebook", "calculator"):
        _prefix, resolver = get_resolver().namespace_dict[namespace]
        for name in resolver.reverse_dict:
            if not isinstance(name, str):
                continue
            for possibilities, *_rest in resolver.reverse_dict.getlist(name):
                for _format, params in possibilities:
                    kwargs = {param: PLACEHOLDERS[param] for param in params}
                    with translation.override("ru"):
                        addresses.append(reverse(f"{namespace}:{name}", kwargs=kwargs))
    return addresses


@pytest.mark.database_free
def test_the_words_the_tester_found_are_reserved():
    reserved = reserved_slugs()
    assert {"search", "calculator", "offline", "glossary", "corrections"} <= reserved.game
    assert {"corrections", "glossary", "rulings"} <= reserved.document
    # /ru/rulings/ is no page of the site (a game's rulings are /ru/<game>/rulings/),
    # and /ru/<game>/search/ none: those slugs stay free at that level.
    assert "rulings" not in reserved.game and "search" not in reserved.document
    assert "berserk" not in reserved.game and "comprehensive-rules" not in reserved.document


@pytest.mark.database_free
def test_every_literal_segment_at_the_game_and_document_levels_is_reserved():
    reserved = reserved_slugs()
    game_level, document_level = set(), set()
    addresses = site_addresses()
    assert len(addresses) > 25 and "/ru/berserk/" not in addresses
    for address in addresses:
        segments = [segment for segment in address.split("/") if segment][1:]  # after "ru"
        if not segments:
            continue
        if segments[0] != PLACEHOLDERS["game"]:
            game_level.add(segments[0])
        elif len(segments) > 1 and segments[1] not in PLACEHOLDERS.values():
            document_level.add(segments[1])
    assert game_level == {"calculator", "corrections", "search", "glossary", "offline",
                          "manifest.webmanifest"}
    assert document_level == {"corrections", "rulings", "glossary", "offline.json"}
    assert game_level <= reserved.game and document_level <= reserved.document


@pytest.mark.database_free
def test_a_page_added_to_the_urls_reserves_its_word():
    reserved = reserved_slugs("tests.rulebook.models.test_slugs")
    translated = set()
    for code in ("de", "ru", "en"):
        with translation.override(code):
            translated.add(str(gettext_lazy("Rules reference")))
    # No language prefix in this configuration: the root is the game level.
    assert reserved.game == {"about", "legacy", "static"} | translated
    assert reserved.document == {"print", "archive.zip"}


@pytest.mark.database_free
def test_the_seeds_slugs_are_not_reserved():
    specs = load_manifest()
    assert {spec.game for spec in specs} == {"power-duell", "berserk", "marvel-champions"}
    reserved = reserved_slugs()
    for spec in specs:
        validate_game_slug(spec.game)
        validate_document_slug(spec.document)
        assert spec.game not in reserved.game and spec.document not in reserved.document


@pytest.mark.database_free
def test_the_validators_name_the_word_in_the_editors_language():
    with pytest.raises(ValidationError) as refused:
        validate_game_slug("search")
    assert refused.value.code == "reserved"
    assert refused.value.messages == [
        "The slug “search” is reserved: the address …/search/ is one of the site's own pages, "
        "so a game there could never be reached. Choose another slug."]
    with pytest.raises(ValidationError) as refused, translation.override("ru"):
        validate_document_slug("corrections")
    with translation.override("ru"):
        assert refused.value.messages == [
            "Слаг «corrections» зарезервирован: адрес …/<игра>/corrections/ у каждой игры занят "
            "собственной страницей сайта, и документ по нему никогда не открылся бы. "
            "Выберите другой слаг."]
    with translation.override("de"):
        assert "„corrections“ ist reserviert" in refused.value.messages[0]
    validate_game_slug("rulings")  # no page of the site at /<lang>/rulings/
    validate_document_slug("search")


@pytest.mark.django_db
def test_the_orm_refuses_a_new_game_or_document_with_a_reserved_slug():
    with pytest.raises(ValidationError, match="“offline” is reserved"):
        Game.objects.create(slug="offline", name_en="Offline")
    assert not Game.objects.exists()
    game = Game.objects.create(slug="berserk", name_ru="Берсерк")
    with pytest.raises(ValidationError, match="“glossary” is reserved"):
        Document.objects.create(game=game, slug="glossary", title_ru="Глоссарий", language="ru")
    with pytest.raises(ValidationError) as refused:
        Document(game=game, slug="rulings", title="Решения", language="ru").full_clean()
    assert list(refused.value.message_dict) == ["slug"]
    assert not Document.objects.exists()


@pytest.mark.django_db
def test_existing_rows_keep_their_slugs():
    # Rows stored before the rule (bulk_create does not save one by one): still saved.
    Game.objects.bulk_create([Game(slug="search", name_en="Search")])
    game = Game.objects.get(slug="search")
    game.name_de = "Suche"
    game.save()
    Document.objects.bulk_create([Document(game=game, slug="corrections", title_de="K",
                                           language="de")])
    document = Document.objects.get(slug="corrections")
    document.title_en = "Corrections"
    document.save()
    assert Game.objects.get(pk=game.pk).name_de == "Suche"
    assert Document.objects.get(pk=document.pk).slug == "corrections"

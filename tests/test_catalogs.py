"""Every UI string in a template is in the catalogs and translated to German and Russian."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = list((ROOT / "rulebook" / "templates").rglob("*.html"))
TRANSLATE = re.compile(r"""{%\s*translate\s+(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
BLOCK = re.compile(r"{%\s*blocktranslate(?:\s[^%]*)?%}(.*?){%\s*endblocktranslate\s*%}", re.S)


def catalog(language):
    with open(ROOT / "locale" / language / "LC_MESSAGES" / "django.po", "rb") as handle:
        return read_po(handle, locale=language)


def template_strings():
    found = set()
    for path in TEMPLATES:
        text = path.read_text(encoding="utf-8")
        for match in TRANSLATE.finditer(text):
            found.add(match.group(1) or match.group(2))
        for match in BLOCK.finditer(text):
            found.add(re.sub(r"{{\s*(\w+)\s*}}", r"%(\1)s", match.group(1)))
    return sorted(found)


def test_templates_have_strings_to_check():
    assert len(template_strings()) > 30


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_template_string_is_translated(language):
    messages = {m.id: m for m in catalog(language) if m.id}
    missing = [s for s in template_strings() if s not in messages]
    untranslated = [s for s in template_strings()
                    if s in messages and (not messages[s].string or messages[s].fuzzy)]
    assert missing == [], "run makemessages"
    assert untranslated == []


@pytest.mark.parametrize("language", ["de", "ru"])
def test_no_fuzzy_or_empty_translations_outside_the_engine(language):
    bad = [m.id for m in catalog(language)
           if m.id and not all(loc.startswith("engine") for loc, _ in m.locations)
           and (not m.string or m.fuzzy)]
    assert bad == []

"""Every UI string and engine message is in the catalogs, translated to German and Russian."""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

pytestmark = pytest.mark.database_free  # no database: left out of the second database's run

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
def test_no_fuzzy_or_empty_translations(language):
    """UI strings and the engine's message ids alike are translated."""
    bad = [m.id for m in catalog(language) if m.id and (not m.string or m.fuzzy)]
    assert bad == []


@pytest.mark.parametrize("language", ["de", "ru"])
def test_placeholders_survive_translation(language):
    placeholder = re.compile(r"%\((\w+)\)s")
    bad = [m.id for m in catalog(language) if m.id and isinstance(m.id, str)
           and sorted(placeholder.findall(m.id)) != sorted(placeholder.findall(m.string))]
    assert bad == []


def _engine_message_ids():
    """Message ids of every scenario's labels, choices and worked-example rulings."""
    import engine
    from engine.core import Message

    ids = set()

    def collect(message):
        if isinstance(message, Message):
            ids.add(message.id)
            for _name, value in message.params:
                collect(value)
        elif isinstance(message, tuple):  # a list parameter or shown value
            for item in message:
                collect(item)

    def walk_fields(fields):
        for field in fields:
            collect(field.label)
            collect(field.help)
            for choice in field.choices:
                collect(choice.label)
            walk_fields(field.fields)

    for ruleset in engine.rulesets():
        collect(ruleset.title)
        for scenario in ruleset.scenarios:
            collect(scenario.title)
            collect(scenario.summary)
            walk_fields(scenario.fields)
            for example in scenario.examples:
                collect(example.title)
                ruling = scenario.evaluate(example.inputs)
                for value in ruling.values:
                    collect(value.label)
                    collect(value.value)
                    collect(value.shown)
                for step in ruling.steps:
                    collect(step.message)
                    collect(step.reason)
                for note in ruling.notes:
                    collect(note)
    return ids


@pytest.mark.parametrize("language", ["de", "ru"])
def test_every_engine_message_reaching_the_site_is_translated(language):
    messages = {m.id: m for m in catalog(language) if m.id}
    ids = _engine_message_ids()
    assert len(ids) > 100
    assert sorted(i for i in ids if i not in messages or not messages[i].string) == []


# "Sie", "Ihr…", "Ihnen" written with a capital inside a sentence can only be the formal address;
# at the start of a string, after ". ", ": ", "! ", "? " or an opening quote they may mean
# "they"/"its", so those places are left alone (read such sentences by hand).
FORMAL = re.compile(r"(?<![.:!?„\"])(?<![.:!?„\"] )(?<!^)\b(Sie|Ihr\w*|Ihnen)\b")


def test_german_addresses_the_reader_as_du():
    """The German UI says "du" like the games' own rule texts, never the formal "Sie"."""
    formal = []
    for message in catalog("de"):
        strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
        formal += [s for s in strings if s and FORMAL.search(s)]
    assert formal == []

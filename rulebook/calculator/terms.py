"""Game terms in the calculator's English and Russian catalogs: the glossary's words.

The engine writes its message ids in English but keeps the German game terms
of the published texts ("the Wirkung of the Schutzgottkarte").  Readers of
the English and Russian calculator see the site's glossary terms instead
(``rulebook/sources/glossary/<game>.toml``, the site's unofficial
translations): :data:`GERMAN_FORMS` names, for each German form used in
message ids, its glossary term, and :data:`OUTSIDE_GLOSSARY` the words for
the few German forms the texts (and so the glossary) do not use;
:func:`english` rewrites an English message with them.  Quotations of the source texts („…“, «…», "…", '…') stay German:
they quote the rule.  German catalogs keep the German terms.

Plain Python on the glossary files; the catalogs are filled from it and a
test (``tests/rulebook/calculator/test_terms.py``) holds them to it.

>>> english("The Wirkung of the Schutzgottkarte", load_glossaries())
'The impact of the guardian god card'
>>> english("the basic power Angriff (attack), ANG 0", load_glossaries())
'the basic power attack, ATK 0'
>>> english("the basic power Verteidigung (defense), VER 0", load_glossaries())
'the basic power defense, DEF 0'
>>> english('"Spezial-Wirkung steht vor der Wirkung" decides it', load_glossaries())
'"Spezial-Wirkung steht vor der Wirkung" decides it'
"""

from __future__ import annotations

import re
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Mapping

GLOSSARY_DIR = Path(__file__).resolve().parent.parent / "sources" / "glossary"

#: German form in message ids -> (game, glossary slug, plural).  Longest forms first
#: where one contains another ("negativ-positiv-Wirkung" before "Wirkung").
GERMAN_FORMS: dict[str, tuple[str, str, bool]] = {
    "Energie- & Monsterkarten": ("power-duell", "", True),  # two terms, see _english_term
    "Monster- & Energiekarten": ("power-duell", "", True),
    "negativ-positiv": ("power-duell", "negativ-positiv-wirkung", False),  # as an adjective
    "Gravitations-Energiekarten": ("power-duell", "gravitations-energiekarte", True),
    "Gravitations-Energiekarte": ("power-duell", "gravitations-energiekarte", False),
    "negativ-positiv-Wirkung": ("power-duell", "negativ-positiv-wirkung", False),
    "negativ-Wirkung": ("power-duell", "negativ-wirkung", False),
    "positiv-Wirkung": ("power-duell", "positiv-wirkung", False),
    "Spezial-Wirkungen": ("power-duell", "spezial-wirkung", True),
    "Spezial-Wirkung": ("power-duell", "spezial-wirkung", False),
    "Wirkungsbegrenzungs-Planet": ("power-duell", "wirkungsbegrenzung", False),
    "Wirkungsbegrenzung": ("power-duell", "wirkungsbegrenzung", False),
    "Wirkungsrang": ("power-duell", "wirkungsrang", False),
    "Wirkungen": ("power-duell", "wirkung", True),
    "Wirkung": ("power-duell", "wirkung", False),
    "Schutzgottkarten": ("power-duell", "schutzgottkarte", True),
    "Schutzgottkarte": ("power-duell", "schutzgottkarte", False),
    "Energiekarten": ("power-duell", "energiekarte", True),
    "Energiekarte": ("power-duell", "energiekarte", False),
    "Monsterkarten": ("power-duell", "monsterkarte", True),
    "Monsterkarte": ("power-duell", "monsterkarte", False),
    "Energiepunkte": ("power-duell", "energiepunkt", True),
    "Energiepunkt": ("power-duell", "energiepunkt", False),
    "Basis-Planetensymbol": ("power-duell", "basis-planetensymbol", False),
    "Grund-Attribute": ("power-duell", "grund-attribute", False),
    "negativ": ("power-duell", "negativ-wirkung", False),  # as an adjective
    "positiv": ("power-duell", "positiv-wirkung", False),
    "Spielfeldseite": ("power-duell", "spielfeldseite", False),
    "Basiskräfte": ("marvel-champions", "basiskraft", True),
    "Basiskraft": ("marvel-champions", "basiskraft", False),
    "Angriff": ("marvel-champions", "angriff", False),
    "Widerstand": ("marvel-champions", "widerstand", False),
    # the stats ANG/PLA/WID: one glossary term, "ANG/PLA/WID" -> "ATK/SCH/THW"
    "ANG": ("marvel-champions", "ang-pla-wid", False),
    "PLA": ("marvel-champions", "ang-pla-wid", False),
    "WID": ("marvel-champions", "ang-pla-wid", False),
}

#: German forms in message ids that the glossary has no entry for, because the published
#: texts do not use them (the entry "Ziel" names ANG, PLA and WID, never VER): the site's
#: own unofficial words, said the way the glossary's neighbours are ("ANG" -> "ATK", the
#: basic power "Angriff" -> "attack"); the German catalog keeps the German form.
OUTSIDE_GLOSSARY: dict[str, dict[str, str]] = {
    "Verteidigung": {"en": "defense", "ru": "«Защита»"},
    "VER": {"en": "DEF", "ru": "ЗАЩ"},
}

#: Longest forms first, so that "negativ-positiv-Wirkung" wins over "negativ-positiv";
#: a form may start a compound ("Schutzgottkarte-цель").
_FORM = re.compile(r"(?<![\w\-])(" + "|".join(
    map(re.escape, sorted({*GERMAN_FORMS, *OUTSIDE_GLOSSARY}, key=len, reverse=True)))
    + r")(?!\w)")
#: Quotations of the source texts, printed clause labels ("1.2.4 › Wirkungsbegrenzung ¶1")
#: and the text's own sentence "Erde wirkt negativ auf Venus", left as they are.
_QUOTED = re.compile(r"„[^“]*“|«[^»]*»|\"[^\"]*\"|“[^”]*”|(?<!\w)'[^']*'(?!\w)"
                     r"|\d+(?:\.\d+)* › [^¶]*¶\d+(?:\.\d+)*|wirkt (?:negativ|positiv) auf")


@lru_cache(maxsize=1)
def load_glossaries() -> Mapping[tuple[str, str], Mapping[str, str]]:
    """(game, slug) -> {"de": …, "en": …, "ru": …} of every glossary term."""
    terms = {}
    for path in sorted(GLOSSARY_DIR.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for term in data.get("term", []):
            terms[(data["game"], term["slug"])] = {lang: term[lang] for lang in ("de", "en", "ru")
                                                   if lang in term}
    return terms


def _english_term(form: str, glossary: Mapping[tuple[str, str], Mapping[str, str]]) -> str:
    if form in OUTSIDE_GLOSSARY:
        return OUTSIDE_GLOSSARY[form]["en"]
    game, slug, plural = GERMAN_FORMS[form]
    if not slug:  # "Energie- & Monsterkarten", "Monster- & Energiekarten"
        energy = glossary[(game, "energiekarte")]["en"]
        monster = glossary[(game, "monsterkarte")]["en"]
        if form.startswith("Energie"):
            return f"{energy.split()[0]} & {monster}s"
        return f"{monster.split()[0]} & {energy}s"
    entry = glossary[(game, slug)]
    if form in ("negativ", "positiv", "negativ-positiv"):  # the adjective of the term
        return entry["en"].rsplit(" ", 1)[0]
    if "/" in entry["de"]:  # a term of several parts: the part in the same place
        return entry["en"].split("/")[entry["de"].split("/").index(form)]
    word = entry["en"]
    return word + "s" if plural else word


def outside_quotes(text: str) -> list[tuple[str, bool]]:
    """Split ``text`` into (part, quoted) pieces, quotations of the source kept apart."""
    pieces, last = [], 0
    for match in _QUOTED.finditer(text):
        pieces.append((text[last:match.start()], False))
        pieces.append((match.group(0), True))
        last = match.end()
    pieces.append((text[last:], False))
    return pieces


def english(text: str, glossary: Mapping[tuple[str, str], Mapping[str, str]]) -> str:
    """``text`` with each German game term outside quotations replaced by the
    glossary's English term (capitalised at the start of the text)."""
    result = []
    for part, quoted in outside_quotes(text):
        if not quoted:
            part = _FORM.sub(lambda m: _english_term(m.group(1), glossary), part)
            # "Angriff (attack)" glossed the German term: the gloss is the term now
            part = re.sub(r"\b([\w][\w &-]*?) \(\1\)", r"\1", part)
            part = re.sub(r"\b([aA]) (?=impact)", r"\1n ", part)
        result.append(part)
    out = "".join(result)
    if out and text and text[0].isupper() and out[0].islower():
        out = out[0].upper() + out[1:]
    return out


def german_forms_in(text: str) -> list[str]:
    """The German game terms ``text`` uses outside quotations."""
    return [m.group(1) for part, quoted in outside_quotes(text) if not quoted
            for m in _FORM.finditer(part)]

"""Berserk card text in: features against an element and changes of type, flight and element.

Reads the printed text of a Berserk card's features (Russian, or a German or English
rendering) into the fields of the ``berserk`` situation, within the forms of rules
106–108 (``DocumentRef("berserk", "comprehensive-rules")``):

- a feature against cards of an element (106.p2, the Баграх example: "+2 к удару по
  болотным") → one ``features`` item, ``{"feature_element": …, "strike_bonus": …}``;
- a change the card undergoes (108.1 and its examples: "становится артефактом",
  "становится летающим существом", "получает полёт", "теряет полёт", "становится
  рядовой", "теряет приобретённый тип") or an element it gains (106.p3: "получает
  стихию леса") → one ``changes`` item, in the order written.

Anything else — keywords, "за каждое …", conditions, losing an element (no rule of
106–108 defines it), a neutral element gained — is not understood, never guessed.

>>> read = GRAMMAR.read("+2 к удару по болотным. Получает полёт.")
>>> read.inputs["features"], read.inputs["changes"]
([{'feature_element': 'swamp', 'strike_bonus': 2}], [{'change': 'gain-flight'}])
>>> GRAMMAR.read("Becomes a non-flying creature with movement 2").inputs["changes"]
[{'change': 'become-creature', 'subtype': 'non-flying', 'movement': 2}]
>>> GRAMMAR.read("+1 к удару за каждое болотное существо").not_understood
('+1 к удару за каждое болотное существо',)
"""

from __future__ import annotations

from typing import Any, Mapping

from engine.berserk import Clause
from engine.cardtext import NUMBER, Grammar, Phrase, form, number

__all__ = ["GRAMMAR", "FORMS", "element"]

#: Word stems naming an element (стихия), per language, in the order tried.
_ELEMENT_STEMS = (
    ("steppe", ("степ", "steppe", "steppen")),
    ("forest", ("лес", "forest", "wald", "wäld")),
    ("mountains", ("гор", "mountain", "gebirg", "berg")),
    ("swamp", ("болот", "swamp", "sumpf", "sümpf")),
    ("darkness", ("тьм", "тем", "dark", "finstern", "dunkel")),
    ("neutral", ("нейтральн", "neutral")),
)
_ELEMENT_WORD = r"(?P<el>[\w-]+?)"


def element(word: str) -> str | None:
    """Return the element value a word names ("болотным" → ``"swamp"``), ``None`` if none.

    >>> element("болотным"), element("Wald"), element("darkness"), element("огненным")
    ('swamp', 'forest', 'darkness', None)
    """
    word = word.casefold()
    for value, stems in _ELEMENT_STEMS:
        if any(word.startswith(stem) for stem in stems):
            return value
    return None


def _feature(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    found = element(groups["el"])
    if found is None:
        return None
    bonus = number(groups["n"]) * (-1 if groups.get("sign") == "-" else 1)
    return {"features": {"feature_element": found, "strike_bonus": bonus}}


_SIGN = r"(?P<sign>[+-]) ?"
# "Баграх имеет +2 …" (the example's own sentence): a card named by up to three words
# that "has" the feature; the name itself is not read.  A quantifier ("каждое существо
# имеет", "each creature has") gives other cards the feature: not this form.
_NAME = (r"(?:(?!(?:кажд|люб|друг|each|every|any|other|another|jede|ander|alle)\w*\b)"
         r"[\w-]+ ){1,3}")
_HAS = {"ru": rf"(?:{_NAME}имеет )?", "en": rf"(?:{_NAME}has )?", "de": rf"(?:{_NAME}hat )?"}
_FEATURE = form(
    "feature-against-element", _feature, Clause.FEATURE,
    ru=(rf"{_HAS['ru']}{_SIGN}{NUMBER} к удару (?:по|против) (?:карт\w* |существ\w* )?"
        rf"(?:стихи\w* )?{_ELEMENT_WORD}(?: карт\w*| существ\w*| стихи\w*)?",
        rf"{_HAS['ru']}{_SIGN}{NUMBER} к удару против любой карты,? обладающей "
        rf"{_ELEMENT_WORD} стихией"),
    en=rf"{_HAS['en']}{_SIGN}{NUMBER} (?:to )?strikes? (?:against|vs) (?:the )?{_ELEMENT_WORD}"
       r"(?: element)?(?: cards?| creatures?)?",
    de=rf"{_HAS['de']}{_SIGN}{NUMBER} (?:auf |zum )?schl(?:a|ä)g(?:e|wert)? gegen "
       rf"{_ELEMENT_WORD}(?:-?karten|-?kreaturen|-?element)?")

_SUBJECT = {
    "ru": r"(?:(?:эта |это |целевая |целевое )?(?:карта|существо) )?",
    "en": r"(?:(?:this|the|target) (?:card|creature) )?",
    "de": r"(?:(?:diese|die|das|eine|ziel)(?:-| )?(?:karte|kreatur) )?",
}
#: Words naming a card type (106.3), per language → the ``become-…`` change.
_TYPES = {
    "артефактом": "artifact", "местностью": "terrain", "экипировкой": "equipment",
    "условием": "condition", "существом": "creature",
    "artifact": "artifact", "terrain": "terrain", "equipment": "equipment",
    "condition": "condition", "creature": "creature",
    "artefakt": "artifact", "gelände": "terrain", "ausrüstung": "equipment",
    "bedingung": "condition", "kreatur": "creature",
}
#: Words naming a creature's subtype (106.4).
_SUBTYPES = {
    "летающим": "flying", "нелетающим": "non-flying", "самостоятельным": "independent",
    "flying": "flying", "non-flying": "non-flying", "independent": "independent",
    "fliegenden": "flying", "fliegende": "flying", "nicht fliegenden": "non-flying",
    "nicht fliegende": "non-flying", "eigenständigen": "independent",
    "eigenständige": "independent",
}
_STATUSES = {"элитной": "elite", "рядовой": "ordinary", "элитным": "elite",
             "рядовым": "ordinary", "elite": "elite", "ordinary": "ordinary",
             "elitär": "elite", "gewöhnlich": "ordinary"}


def _become(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    if "symbiote" in groups:
        return {"changes": {"change": "become-creature", "subtype": "symbiote"}}
    kind = _TYPES.get(groups["t"])
    subtype = _SUBTYPES.get(groups.get("st", ""))
    if kind is None or ("st" in groups and (subtype is None or kind != "creature")):
        return None
    change: dict[str, Any] = {"change": f"become-{kind}"}
    if subtype is not None:
        change["subtype"] = subtype
    if "n" in groups:
        if subtype in (None, "flying"):
            return None  # 108.1: movement belongs to a named subtype other than flying
        change["movement"] = number(groups["n"])
    return {"changes": change}


_ST = r"(?:(?P<st>[\w -]+?) )?"
_BECOME = form(
    "becomes-type", _become, Clause.REPLACE,
    ru=(rf"{_SUBJECT['ru']}становится {_ST}(?P<t>\w+)(?: с запасом движения {NUMBER})?",
        rf"{_SUBJECT['ru']}становится (?P<symbiote>симбиотом)"),
    en=(rf"{_SUBJECT['en']}becomes an? {_ST}(?P<t>\w+)(?: with (?:a )?movement(?: of)? {NUMBER})?",
        rf"{_SUBJECT['en']}becomes an? (?P<symbiote>symbiote)"),
    de=(rf"{_SUBJECT['de']}wird (?:zu )?(?:einem |einer |zum |zur )?{_ST}(?P<t>\w+)"
        rf"(?: mit (?:einer )?bewegung(?:sreserve)? (?:von )?{NUMBER})?",
        rf"{_SUBJECT['de']}wird (?:zu )?(?:einem |zum )?(?P<symbiote>symbionten?)"))


def _status(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    found = _STATUSES.get(groups["s"])
    return None if found is None else {"changes": {"change": f"become-{found}"}}


_STATUS = form(
    "becomes-elite-or-ordinary", _status, Clause.REPLACE,
    ru=rf"{_SUBJECT['ru']}становится (?P<s>\w+)",
    en=rf"{_SUBJECT['en']}becomes (?P<s>\w+)",
    de=rf"{_SUBJECT['de']}wird (?P<s>\w+)")


def _flight(groups: Mapping[str, str]) -> Mapping[str, Any]:
    gains = groups["verb"] in ("получает", "gains", "erhält")
    return {"changes": {"change": "gain-flight" if gains else "lose-flight"}}


_FLIGHT = form(
    "gains-or-loses-flight", _flight, Clause.REPLACE,
    ru=rf"{_SUBJECT['ru']}(?P<verb>получает|теряет) (?:свойство )?\"?полет\"?",
    en=rf"{_SUBJECT['en']}(?P<verb>gains|loses) \"?flight\"?",
    de=rf"{_SUBJECT['de']}(?P<verb>erhält|verliert) \"?flug\"?")


def _gain_element(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    found = element(groups["el"])
    if found in (None, "neutral"):  # 106.p3 gains an element; "neutral" is none
        return None
    return {"changes": {"change": "gain-element", "element": found}}


_GAIN_ELEMENT = form(
    "gains-element", _gain_element, Clause.NO_REGAIN,
    ru=(rf"{_SUBJECT['ru']}получает стихию {_ELEMENT_WORD}",
        rf"{_SUBJECT['ru']}получает {_ELEMENT_WORD} стихию"),
    en=(rf"{_SUBJECT['en']}gains the {_ELEMENT_WORD} element",
        rf"{_SUBJECT['en']}gains the element (?:of )?{_ELEMENT_WORD}"),
    de=(rf"{_SUBJECT['de']}erhält das element {_ELEMENT_WORD}",
        rf"{_SUBJECT['de']}erhält das {_ELEMENT_WORD}-?element"))
_LOSE_TYPE = form(
    "loses-acquired-type", lambda groups: {"changes": {"change": "lose-type"}}, Clause.REPLACE,
    ru=rf"{_SUBJECT['ru']}теряет (?:приобретенный )?тип",
    en=rf"{_SUBJECT['en']}loses the (?:acquired )?type(?: it acquired)?",
    de=rf"{_SUBJECT['de']}verliert den (?:erworbenen )?typ")

#: Every form, tried in this order on each sentence.
FORMS = (_FEATURE, _FLIGHT, _GAIN_ELEMENT, _LOSE_TYPE, _BECOME, _STATUS)


def _assemble(phrases: tuple[Phrase, ...]) -> Mapping[str, Any]:
    """The situation's ``features`` and ``changes`` items, in the order written."""
    inputs: dict[str, list[Any]] = {"features": [], "changes": []}
    for phrase in phrases:
        for part, item in phrase.fields.items():
            inputs[part].append(dict(item))
    return inputs


#: The Berserk card-text grammar.
GRAMMAR = Grammar("berserk", FORMS, _assemble)

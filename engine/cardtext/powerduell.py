"""Power-Duell card text in: a Schutzgottkarte's description read into its fields.

Chapter 1.2.4 (``Clause`` of :mod:`engine.powerduell`) defines what a description
holds: a "Wirkung" changing a Grund-Attribut (EP, AP, DP, LP) of the monsters it
names (``effekte.p2``, ``p3``: by default those of the card's own planet), a
"Spezial-Wirkung" (``p4``; here only its change of the monsters' activation cost in
Energiepunkte, the one the ``situation`` scenario carries), and whether either
reaches the opposing side ("Sofern nicht anders in der Beschreibung festgelegt …",
``kartenaufbau.p3``).  :data:`GRAMMAR` reads such a description, in German, English
(impact / special impact) or Russian (воздействие / особое воздействие), into the
description fields of one Schutzgottkarte of the ``situation`` scenario's
``guardians`` group: ``wirkung_attribute``, ``wirkung_amount`` (signed points),
``wirkung_scope`` and ``wirkung_planets``, ``extends_to_opposing_side``,
``spezial_cost_change`` (signed Energiepunkte) and
``spezial_extends_to_opposing_side``.  The card's symbols (side, Basis-, left and
right Planetensymbol) are not text: the judge gives them.

Every phrase is read in a *section*: the label it carries ("Wirkung:",
"Spezial-Wirkung:") or, without one, the label of the phrase before it.  A phrase
is not understood when no form matches it as a whole (a condition "wenn …", "für
jede …", a planet or attribute the engine does not know, halving or doubling, a
Spezial-Wirkung on an attribute or on Energiekarten, a Spezial-Wirkung naming
planets: the scenario has no field for them), when its section is unknown or is
the wrong one (an attribute change is a Wirkung, a cost change a Spezial-Wirkung),
or when it would set a field a phrase before it already set; a bare "Effekt:" ("Effect:",
"Эффект:") labels neither section, for the text calls both kinds effects.  The reach is read
only as the description's extension of its own side ("auch auf der gegnerischen
Spielfeldseite", "also on the opposing side", "также на стороне противника", "auf beiden
Spielfeldseiten"): the opponent's side alone ("на стороне противника") is no form of the
text; and a reach sentence naming "the Wirkung" right after a Spezial-Wirkung ("Diese
Wirkung gilt auch …") is not understood, for the text calls a Spezial-Wirkung's effect a
Wirkung too.  The monsters a
Wirkung names give its scope: none named → ``base`` (``effekte.p3``: the card's own
planet), "alle Monsterkarten" → ``all``, planets named (even the card's own) →
``listed``.  Attributes are read only by the names the chapter uses (AP, DP, LP, EP,
Energiepunkte); a long form it never spells out ("Angriffspunkte") is not understood.

>>> read = GRAMMAR.read("Wirkung: Venus-Monsterkarten erhalten 20 Punkte zu ihrem "
...                     "AP-Grundwert dazu. Gilt auch auf der gegnerischen Spielfeldseite.")
>>> read.inputs == {"wirkung_attribute": "ap", "wirkung_amount": 20,
...                 "wirkung_scope": "listed", "wirkung_planets": ["venus"],
...                 "extends_to_opposing_side": True}
True
>>> GRAMMAR.read("Spezial-Wirkung: Monsterkarten müssen bei der Aktivierung "
...              "1 Energiepunkt weniger zahlen.").inputs
{'spezial_cost_change': -1}
>>> read = GRAMMAR.read("Wirkung: +10 DP. Spezial-Wirkung: Halbiert den AP-Wert aller Monster.")
>>> read.inputs, read.not_understood
({'wirkung_attribute': 'dp', 'wirkung_amount': 10, 'wirkung_scope': 'base'}, \
('Spezial-Wirkung: Halbiert den AP-Wert aller Monster.',))
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Mapping

from engine.cardtext import NUMBER, Grammar, Phrase, form, normalise, number
from engine.powerduell import Attribute, Clause, Planet, WirkungScope

__all__ = ["GRAMMAR", "FORMS", "prepare", "resolve", "assemble"]

#: Largest point change and activation-cost change the ``situation`` scenario accepts.
_MAX_POINTS, _MAX_COST = 99_999, 999

_P = Planet
#: Planet names as a judge may type them (German as printed; English; Russian by case).
_PLANETS: Mapping[str, Planet] = MappingProxyType({
    "merkur": _P.MERKUR, "venus": _P.VENUS, "erde": _P.ERDE, "mars": _P.MARS,
    "jupiter": _P.JUPITER, "saturn": _P.SATURN, "uranus": _P.URANUS, "neptun": _P.NEPTUN,
    "pluto": _P.PLUTO, "mercury": _P.MERKUR, "earth": _P.ERDE, "neptune": _P.NEPTUN,
    **{word: planet for planet, stem, endings in (
        (_P.MERKUR, "меркури", ("й", "я", "ю")), (_P.VENUS, "венер", ("а", "ы", "е")),
        (_P.ERDE, "земл", ("я", "и", "е")), (_P.MARS, "марс", ("", "а", "у")),
        (_P.JUPITER, "юпитер", ("", "а", "у")), (_P.SATURN, "сатурн", ("", "а", "у")),
        (_P.URANUS, "уран", ("", "а", "у")), (_P.NEPTUN, "нептун", ("", "а", "у")),
        (_P.PLUTO, "плутон", ("", "а", "у"))) for word in (stem + e for e in endings)},
})

#: The Grund-Attribute a Wirkung may change (``effekte.p2``), by the names the text uses.
_ATTRIBUTES: Mapping[str, Attribute] = MappingProxyType({
    "ap": Attribute.AP, "dp": Attribute.DP, "lp": Attribute.LP, "ep": Attribute.EP,
    "energiepunkt": Attribute.EP, "energiepunkte": Attribute.EP, "energy point": Attribute.EP,
    "energy points": Attribute.EP, "очко энергии": Attribute.EP, "очка энергии": Attribute.EP,
    "очков энергии": Attribute.EP,
})

#: Section labels: the description's "Wirkung" and "Spezial-Wirkung" in each language.  A bare
#: "Effekt:" ("Effect:", "Эффект:", and their plurals) names neither: the text calls both
#: kinds effects ("2 Arten von Effekten, die Wirkung und die Spezial-Wirkung"), so its section
#: is :data:`_EITHER`, where no phrase has a place (which one is meant is not guessed).
_EITHER = "either"
_SECTIONS: Mapping[str, str] = MappingProxyType({
    "wirkung": "wirkung", "impact": "wirkung", "воздействие": "wirkung",
    **dict.fromkeys(("effekt", "effekte", "effect", "effects", "эффект", "эффекты"), _EITHER),
    "spezial-wirkung": "spezial", "spezialwirkung": "spezial",
    "spezial wirkung": "spezial", "special impact": "spezial", "special effect": "spezial",
    "особое воздействие": "spezial", "особый эффект": "spezial", "спецэффект": "spezial",
})

#: Verbs and adverbs giving a change's direction: +1 up, -1 down, 0 as the sign says.
_DIRECTIONS: Mapping[str, int] = MappingProxyType({
    **dict.fromkeys(("erhalten", "erhält", "bekommen", "bekommt", "get", "gets", "gain",
                     "gains", "receive", "receives", "получают", "получает"), 0),
    **dict.fromkeys(("verlieren", "verliert", "lose", "loses", "теряют", "теряет", "weniger",
                     "less", "меньше", "verringert", "gesenkt", "reduziert", "vermindert",
                     "senkt", "sinkt", "sinken", "verringern sich", "reduced", "decreased",
                     "lowered", "уменьшается", "уменьшаются", "снижается", "снижаются"), -1),
    **dict.fromkeys(("increases", "raises", "увеличивает", "повышает"), 1),
    **dict.fromkeys(("reduces", "lowers", "decreases", "уменьшает", "снижает"), -1),
    **dict.fromkeys(("mehr", "more", "больше", "erhöht", "gesteigert", "steigert", "steigt",
                     "steigen", "erhöhen sich", "increased", "raised", "увеличивается",
                     "увеличиваются", "повышается", "повышаются"), 1),
})


def _alternatives(words: Any) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_PL = f"(?:{_alternatives(_PLANETS)})"
_ATTR = rf"(?P<attr>{_alternatives(_ATTRIBUTES)})"
_LABEL = rf"(?:(?P<label>{_alternatives(_SECTIONS)}) ?: ?)?"
#: Points: digits, or a number word ("erhalten zehn AP dazu", probes 15, 16)
_POINTS = NUMBER.replace(r"\d{1,3}", r"\d{1,5}")
_SIGNED = rf"(?P<sign>[+-])? ?{_POINTS}"
_VALUE = r"(?:-?(?:grund)?-?werte?|-punkte| values?| value| points)?"


def _reach(opposing: str, own: str) -> str:
    """An optional ", auch auf der gegnerischen Spielfeldseite" (or "nur … eigenen …")."""
    return rf"(?:,? \(?(?:(?P<opp>{opposing})|(?P<own_only>{own}))\)?)?"


def _subject(all_words: str, article: str, monster: str, planets_list: str, named: str,
             both: str, planets_after: bool = False) -> str:
    """The monsters a description names: "alle", "eigene und gegnerische", a planet list
    before or after the noun, "auf beiden Spielfeldseiten"."""
    after = rf"(?: (?P<after>{planets_list}))?" if planets_after else ""
    before = "" if planets_after else rf"(?:(?P<planets>{planets_list})[- ])?"
    return (rf"(?:(?P<all>{all_words}) )?(?:(?:{article}) )?{before}{monster}{after}"
            rf"(?: (?:{named}) (?P<named>{planets_list}))?(?: (?P<both>{both}))?")


# -- German ------------------------------------------------------------------
_OPP_DE = (r"auch (?:auf|für) (?:der|die) gegnerischen? spielfeldseite|"
           r"(?:auf|für) beiden? spielfeldseiten|"
           r"auf der eigenen und der gegnerischen spielfeldseite")
_OWN_DE = r"nur (?:auf|für) (?:der|die) eigenen? spielfeldseite"
_R_DE = _reach(_OPP_DE, _OWN_DE)
_S_DE = _subject(
    "alle|allen|aller|jede|jeder|jedem",
    "die|den|der|eigene|eigenen|eigener|(?P<mine>eigene und gegnerische)",
    r"(?:monsterkarten?|monstern?)", rf"{_PL}(?:-?, {_PL})*(?:-? (?:und|oder) {_PL})?",
    r"mit (?:dem |den )?(?:primären )?planetensymbol(?:en)?|des planeten|der planeten",
    r"auf beiden spielfeldseiten|beider spielfeldseiten")
_GAIN_DE = _alternatives(("erhalten", "erhält", "bekommen", "bekommt", "verlieren", "verliert"))
_TO_DE = r"(?:punkte? )?(?:(?:auf|zu) (?:ihren|ihrem|seinen|seinem|den|dem) )?"
_EP_DE = r"energiepunkte?"
_ACTIVATION_DE = r"bei (?:der|ihrer) aktivierung"

# -- English -----------------------------------------------------------------
# The reach to the opposing side: only "also …" (kartenaufbau.p3: the description extends the
# card's own side); "on the opponent's side" alone names another side, no form of the text.
_SIDE_EN = r"the (?:opponent's|opposing|opponent) side(?: of the (?:field|table))?"
_OPP_EN = (rf"also (?:on|to) {_SIDE_EN}|"
           r"on both sides(?: of the (?:field|table))?")
_OWN_EN = r"only on (?:your|its) own side(?: of the (?:field|table))?"
_R_EN = _reach(_OPP_EN, _OWN_EN)
_S_EN = _subject(
    "all|every|each", "the|your|your own|own|(?P<mine>own and opposing|your and your opponent's)",
    r"(?:monster cards?|monsters?)",
    rf"{_PL}(?:, {_PL})*(?:,? (?:and|or) {_PL})?",
    r"with (?:the |a )?(?:primary )?planet symbols?|of the planets?",
    r"on both sides(?: of the (?:field|table))?")
_GAIN_EN = _alternatives(("get", "gets", "gain", "gains", "receive", "receives", "lose", "loses"))
_EP_EN = r"energy points?"
_ACTIVATION_EN = r"(?:on|upon|when|at) (?:activation|activated|being activated|they are activated)"

# -- Russian -----------------------------------------------------------------
# As in English: "также (и) на стороне противника", never "на стороне противника" alone.
_OPP_RU = (r"(?:в том числе|а также|также|тоже|и)(?: и)? на сторон(?:е|у) противника|"
           r"на обеих сторонах(?: поля)?")
_APPLY_RU = r"(?:действует|действуют|распространяется|распространяются)"
_OWN_RU = r"только на своей стороне(?: поля)?"
_R_RU = _reach(_OPP_RU, _OWN_RU)
_S_RU = _subject(
    "все|всех|всем|каждая|каждый", "свои|своих|своим",
    r"(?:карты монстров|карт монстров|картам монстров|карта монстра|монстры|монстров|монстрам)",
    rf"{_PL}(?:, {_PL})*(?: (?:и|или) {_PL})?",
    r"с символ(?:ом|ами) (?:планеты|планет)", r"на обеих сторонах(?: поля)?", planets_after=True)
_GAIN_RU = _alternatives(("получают", "получает", "теряют", "теряет"))
_EP_RU = r"(?:очко|очка|очков) энергии"
_ACTIVATION_RU = r"при активации"

_WHO = {"de": r"dies|das|diese wirkung|die wirkung|diese spezial-wirkung|die spezial-wirkung|"
              r"dieser effekt|der effekt|diese effekte|die effekte dieser (?:schutzgott)?karte|"
              r"alle effekte dieser (?:schutzgott)?karte|beide effekte|"
              r"wirkung und spezial-wirkung",
        "en": r"this|this effect|this impact|this special impact|the impact|the special impact|"
              r"both effects|the effects of this card|all effects of this card|"
              r"impact and special impact",
        "ru": r"это|этот эффект|это воздействие|это особое воздействие|воздействие|"
              r"особое воздействие|эффекты этой карты|все эффекты этой карты|оба эффекта"}


# --------------------------------------------------------------------------
# Building one phrase's fields (before its section is known)
# --------------------------------------------------------------------------

def _planets(text: str | None) -> list[Planet]:
    """The planets named in ``text``, in the engine's order, each once."""
    named = {_PLANETS[w] for w in re.split(r"[^\w]+", text or "") if w in _PLANETS}
    return [p for p in Planet if p in named]


def _extends(groups: Mapping[str, str]) -> bool | None | str:
    """``True`` / ``False`` when the text states the reach, ``None`` when silent,
    ``"conflict"`` when it says both."""
    told = {name != "own_only" for name in ("opp", "both", "mine", "own_only") if name in groups}
    if len(told) > 1:
        return "conflict"
    return next(iter(told), None)


def _scope(groups: Mapping[str, str]) -> tuple[WirkungScope, list[Planet]] | None:
    """The monsters named: the listed planets, "all", or nothing else (the base planet)."""
    lists = [groups[name] for name in ("planets", "after", "named") if name in groups]
    if len(lists) > 1:
        return None
    if lists:
        return WirkungScope.LISTED, _planets(lists[0])
    return (WirkungScope.ALL if "all" in groups else WirkungScope.BASE), []


def _signed(groups: Mapping[str, str], amount: int) -> int | None:
    """``amount`` with the direction of the verb and the sign written, ``None`` if they clash."""
    word, sign = groups.get("dir") or groups.get("verb"), groups.get("sign")
    direction = _DIRECTIONS.get(word, 0) if word else 0
    if direction and sign:
        return None
    if direction:
        return direction * amount
    return -amount if sign == "-" else amount


def _common(groups: Mapping[str, str], kind: str) -> dict[str, Any] | None:
    extends = _extends(groups)
    if extends == "conflict":
        return None
    fields: dict[str, Any] = {"kind": kind, "section": _SECTIONS.get(groups.get("label", ""))}
    if extends is not None:
        fields["extends"] = extends
    return fields


def _change(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    """A Grund-Attribut change (``effekte.p2``, ``p3``): attribute, signed points, scope."""
    amount, scope, fields = number(groups["n"]), _scope(groups), _common(groups, "change")
    signed = _signed(groups, amount) if 0 < amount <= _MAX_POINTS else None
    if signed is None or scope is None or fields is None:
        return None
    fields.update(wirkung_attribute=_ATTRIBUTES[groups["attr"]].value, wirkung_amount=signed,
                  wirkung_scope=scope[0].value)
    if scope[1]:
        fields["wirkung_planets"] = tuple(p.value for p in scope[1])
    return fields


def _cost(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    """A change of the activation cost in Energiepunkte (``effekte.p4``, ``wirkungsbegrenzung``):
    of all own monsters only; a text naming planets has no field."""
    amount, scope, fields = number(groups["n"]), _scope(groups), _common(groups, "cost")
    signed = _signed(groups, amount) if 0 < amount <= _MAX_COST else None
    if signed is None or fields is None or scope is None or scope[0] is WirkungScope.LISTED:
        return None
    return {**fields, "cost": signed}


def _who(who: str | None) -> str | None:
    """The section a reach sentence names: "both", "spezial", "wirkung", or ``None``."""
    text = f" {who or ''} "
    if any(w in text for w in ("effekte", "beide", "effects", "both", "эффекты", "оба", " und ",
                               " and ")):
        return "both"
    if any(w in text for w in ("spezial", "special", "особое")):
        return "spezial"
    return "wirkung" if any(w in text for w in ("wirkung", "impact", "воздейств")) else None


def _extension(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    """A sentence stating the reach (``kartenaufbau.p3``) of the section it names or is in."""
    fields = _common(groups, "reach")
    named = _who(groups.get("who"))
    if fields is None or "extends" not in fields or (named and fields["section"]
                                                      and named != fields["section"]):
        return None
    return {**fields, "section": named or fields["section"], "who": named}


def _patterns(label: str, subject: str, reach: str, gain: str, ep: str, activation: str,
              words: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """The sentence shapes of one language, by form name."""
    w = words
    change = (rf"{label}{subject}:? (?P<verb>{gain}) {_SIGNED} {w['to']}{_ATTR}{_VALUE}"
              rf"(?: (?:{w['more']}))?{reach}",
              rf"{label}{subject}:? (?P<sign>[+-]) ?{_POINTS} {_ATTR}{_VALUE}{reach}",
              rf"{label}(?P<sign>[+-]) ?{_POINTS} {_ATTR}{_VALUE}"
              rf"(?: {w['for']} {subject})?{reach}",
              rf"{label}{w['the']}{_ATTR}{_VALUE} {w['of']}{subject} {w['passive']}{reach}",
              rf"{label}(?P<dir>{w['active']}) {w['the']}{_ATTR}{_VALUE} {w['of']}{subject} "
              rf"{w['by_points']}{_POINTS}(?: {w['points']})?{reach}")
    pay = (rf"{w['pay']} (?:{activation} )?(?:{w['by']})?{NUMBER} {ep} (?P<dir>{w['less']})"
           rf"(?: {w['pay_end']})?")
    cost = (rf"{label}(?:{activation},? )?{subject},? (?:{activation},? )?{pay}"
            rf"(?: {activation})?{reach}",
            # the verb before its subject ("Bei der Aktivierung müssen Monsterkarten …")
            rf"{label}{activation},? {w['pay']} {subject},? (?:{w['by']})?{NUMBER} {ep} "
            rf"(?P<dir>{w['less']})(?: {w['pay_end']})?{reach}",
            rf"{label}{w['costs']} {w['of']}{subject} {w['cost_change']}{reach}",
            rf"{label}{w['costs_bare']}:? (?P<sign>[+-]) ?{NUMBER}(?: {ep})?{reach}")
    extension = (rf"{label}(?:(?P<who>{w['who']}) )?(?:{w['applies']} )?"
                 rf"(?:(?P<opp>{w['opp']})|(?P<own_only>{w['own']}))",)
    return {"change": change, "cost": cost, "extension": extension}


_DE = _patterns(_LABEL, _S_DE, _R_DE, _GAIN_DE, _EP_DE, _ACTIVATION_DE, {
    "to": _TO_DE, "more": "dazu|hinzu", "for": "für(?! jede)", "by_points": "um ",
    "points": "punkte?",
    "active": "erhöht|steigert|senkt|verringert|reduziert|vermindert",
    "the": "(?:der |den |die )?",
    "of": "(?:von |bei )?",
    "passive": rf"(?:(?:wird|werden) um {_POINTS}(?: punkte?)? (?P<dir>erhöht|gesteigert|"
               rf"verringert|gesenkt|reduziert|vermindert)|(?P<dir2>steigt|sinkt|steigen|sinken) "
               rf"um {_POINTS.replace('?P<n>', '?P<n2>')}(?: punkte?)?)",
    "pay": "(?:müssen|muss|zahlen|zahlt|bezahlen|kosten|kostet)", "by": "nur ",
    "less": "weniger|mehr", "pay_end": "(?:zahlen|bezahlen)",
    "costs": "(?:die )?(?:aktivierungskosten|aktivierung)",
    "cost_change": rf"(?:(?P<dir>sinken|steigen|verringern sich|erhöhen sich) um {NUMBER}"
                   rf"(?: {_EP_DE})?|kostet {NUMBER.replace('?P<n>', '?P<n2>')} {_EP_DE} "
                   rf"(?P<dir2>weniger|mehr))",
    "costs_bare": "(?:die )?aktivierungskosten", "who": _WHO["de"],
    "applies": "(?:gilt|gelten|wirkt|wirken)", "opp": _OPP_DE, "own": _OWN_DE})
_EN = _patterns(_LABEL, _S_EN, _R_EN, _GAIN_EN, _EP_EN, _ACTIVATION_EN, {
    "to": r"(?:points? (?:to|on) (?:their|its|the) )?", "more": "more",
    "for": "(?:for(?! each| every)|to)",  # "for each" may count per card; "to each" gives each
    "by_points": "by ", "points": "points?", "active": "increases|raises|reduces|lowers|decreases",
    "the": "(?:the )?", "of": "(?:of )?",
    "passive": rf"(?:is|are) (?P<dir>increased|raised|reduced|decreased|lowered) by {_POINTS}"
               rf"(?: points?)?",
    "pay": "(?:pay|pays|cost|costs)", "by": "", "less": "less|more", "pay_end": "to activate",
    "costs": "(?:the )?activation costs?",
    "cost_change": rf"(?:is|are) (?P<dir>reduced|decreased|lowered|increased|raised) by {NUMBER}"
                   rf"(?: {_EP_EN})?",
    "costs_bare": "(?:the )?activation costs?", "who": _WHO["en"],
    "applies": "(?:applies|apply)", "own": _OWN_EN,
    "opp": rf"{_OPP_EN}|also (?:applies|apply) (?:on|to) {_SIDE_EN}"})
_RU = _patterns(_LABEL, _S_RU, _R_RU, _GAIN_RU, _EP_RU, _ACTIVATION_RU, {
    "to": "", "more": "дополнительно", "for": "(?:для|у)(?! кажд)", "the": "", "of": "",
    "by_points": "на ", "points": "очк(?:о|а|ов)",
    "active": "увеличивает|повышает|уменьшает|снижает",
    "passive": rf"(?P<dir>увеличивается|увеличиваются|уменьшается|уменьшаются|повышается|"
               rf"повышаются|снижается|снижаются) на {_POINTS}(?: очк(?:о|а|ов))?",
    "pay": "(?:платят|платит|стоят|стоит)", "by": "на ", "less": "меньше|больше",
    "pay_end": "(?:платят)", "costs": "(?:стоимость активации|активация)",
    "cost_change": rf"(?P<dir>уменьшается|снижается|увеличивается|повышается) на {NUMBER}"
                   rf"(?: {_EP_RU})?",
    "costs_bare": "стоимость активации", "who": _WHO["ru"],
    "applies": _APPLY_RU, "own": _OWN_RU,
    "opp": rf"{_OPP_RU}|(?:также|тоже) {_APPLY_RU}(?: и)? на стороне противника"})


def _second(build: Any) -> Any:
    """``build`` reading a German pattern's second wording ("steigt um N", "kostet N …
    weniger"), whose count and direction are named ``n2`` and ``dir2``."""
    def read(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
        if "n2" in groups:
            groups = {**groups, "n": groups["n2"], "dir": groups["dir2"]}
        return build(groups)
    return read


#: The forms of a description, by the clause defining each (``Clause`` of engine.powerduell).
FORMS = (
    form("wirkung-change", _second(_change), Clause.WIRKUNG_ATTRIBUTES,
         de=_DE["change"], en=_EN["change"], ru=_RU["change"]),
    form("spezial-cost", _second(_cost), Clause.SPEZIAL_WIRKUNG,
         de=_DE["cost"], en=_EN["cost"], ru=_RU["cost"]),
    form("reach", _extension, Clause.IMMUNITY,
         de=_DE["extension"], en=_EN["extension"], ru=_RU["extension"]),
)


# --------------------------------------------------------------------------
# Sections: each phrase's fields within the Wirkung or the Spezial-Wirkung
# --------------------------------------------------------------------------

_LABEL_START = re.compile(rf"({_alternatives(_SECTIONS)}) ?:")
_FIELDS_OF = {("change", "wirkung"): ("wirkung_attribute", "wirkung_amount", "wirkung_scope",
                                      "wirkung_planets"),
              ("cost", "spezial"): ("spezial_cost_change",)}
_EXTENDS_FIELD = {"wirkung": ("extends_to_opposing_side",),
                  "spezial": ("spezial_extends_to_opposing_side",),
                  "both": ("extends_to_opposing_side", "spezial_extends_to_opposing_side")}


def _label_of(phrase: Phrase) -> str | None:
    """The section label a phrase starts with, understood or not."""
    found = _LABEL_START.match(normalise(phrase.text))
    return _SECTIONS[found.group(1)] if found else None


def _own_fields(phrase: Phrase, section: str | None) -> dict[str, Any] | None:
    """The guardian fields one understood phrase sets in ``section``, ``None`` if it has
    no place there (an attribute change outside a Wirkung, a cost change outside a
    Spezial-Wirkung, a reach with no section)."""
    fields, kind = phrase.fields, phrase.fields["kind"]
    if kind == "reach":
        names = _EXTENDS_FIELD.get(section or "", ())
        return {name: fields["extends"] for name in names} or None
    names = _FIELDS_OF.get((kind, section or ""))
    if names is None:
        return None
    own = {name: fields[name] for name in names if name in fields}
    if kind == "cost":
        own["spezial_cost_change"] = fields["cost"]
    if "extends" in fields:
        own[_EXTENDS_FIELD[section][0]] = fields["extends"]
    return own


def _refers_back(phrase: Phrase, section: str | None, said: set) -> bool:
    """Whether a reach sentence that names no section ("Spezial-Wirkung: Dies gilt auch …")
    stands in a section with no effect of its own before it: "dies" then means what the text
    said before, in another section, and which is not guessed."""
    fields = phrase.fields
    return fields["kind"] == "reach" and fields.get("who") is None and section not in said


def _ambiguous(phrase: Phrase, section: str | None) -> bool:
    """Whether a reach sentence names "the Wirkung" ("diese Wirkung", "this impact", "это
    воздействие") without a label, after a Spezial-Wirkung: the text calls a Spezial-Wirkung's
    effect a "Wirkung" too (Wirkungsbegrenzung: "die Wirkung … begrenzt"), so it may mean
    either section's; which one is not guessed."""
    fields = phrase.fields
    return (fields["kind"] == "reach" and fields.get("who") == "wirkung"
            and _label_of(phrase) is None and section == "spezial")


def _placed(phrase: Phrase, section: str | None, taken: Mapping[str, Any]) -> Phrase:
    """``phrase`` with the guardian fields it sets, or not understood when it has no place
    or would set a field a phrase before it set (a reach may be repeated, not changed)."""
    own = _own_fields(phrase, section)
    if own is None or any(name in taken and (taken[name] != value or
                                             not name.endswith("opposing_side"))
                          for name, value in own.items()):
        return Phrase(phrase.text)
    return replace(phrase, fields=MappingProxyType(own))


def resolve(phrases: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """Place each understood phrase in its section (its label, else the one before it)
    and give it the guardian fields it sets; a phrase with no place is not understood.
    Phrases already placed are kept as they are.

    >>> text = "Wirkung: +10 AP. Gilt auch auf der gegnerischen Spielfeldseite."
    >>> alone = replace(GRAMMAR, resolve=None)  # the forms without context
    >>> raw = alone.read(text).phrases
    >>> [p.fields["section"] for p in raw]
    ['wirkung', None]
    >>> [dict(p.fields) for p in resolve(raw)]  # doctest: +NORMALIZE_WHITESPACE
    [{'wirkung_attribute': 'ap', 'wirkung_amount': 10, 'wirkung_scope': 'base'},
     {'extends_to_opposing_side': True}]
    >>> [p.form for p in resolve(alone.read(text.split(". ")[1]).phrases)]
    [None]
    """
    section: str | None = None
    taken: dict[str, Any] = {}
    placed, said = [], set()  # said: the sections an effect of the text is in so far
    for phrase in phrases:
        label = _label_of(phrase)
        if phrase.understood and "kind" in phrase.fields:
            named = phrase.fields["section"]
            phrase = (Phrase(phrase.text) if _ambiguous(phrase, section)
                      or _refers_back(phrase, named or section, said)
                      else _placed(phrase, named or section, taken))
            section = named if named in ("wirkung", "spezial") else label or section
            taken.update(phrase.fields)
            if phrase.understood and phrase.fields.get("kind") != "reach":
                said.add(section)
        else:
            section = label or section
        placed.append(phrase)
    return tuple(placed)


def assemble(phrases: tuple[Phrase, ...]) -> dict[str, Any]:
    """The guardian's description fields of the placed ``phrases`` (:func:`resolve`) as
    JSON-style input (a new mapping; the planets a list), in the order the text gives them."""
    inputs: dict[str, Any] = {}
    for phrase in phrases:
        inputs.update({name: list(value) if isinstance(value, tuple) else value
                       for name, value in phrase.fields.items()})
    return inputs


def prepare(text: str) -> str:
    """Join a label alone on its line ("Wirkung:") to the next line.

    >>> prepare("Wirkung:\\n Monster erhalten +10 AP.")
    'Wirkung: Monster erhalten +10 AP.'
    """
    return re.sub(r":[ \t]*[\r\n]+\s*", ": ", text)


#: The fields of each section of a description, which the section states whole.
_SECTION_FIELDS = (
    frozenset({"wirkung_attribute", "wirkung_amount", "wirkung_scope", "wirkung_planets",
               "extends_to_opposing_side"}),
    frozenset({"spezial_cost_change", "spezial_extends_to_opposing_side"}))


def exact(phrases: tuple[Phrase, ...]) -> frozenset[str]:
    """What the text states whole: every field of each section it describes (a Wirkung, a
    Spezial-Wirkung), so a reach it does not name is its card's own side only
    (kartenaufbau.p3), whatever a field says; a section it leaves out stays as entered.

    >>> sorted(exact(GRAMMAR.read("Wirkung: Monster erhalten 20 AP.").phrases))[:2]
    ['extends_to_opposing_side', 'wirkung_amount']
    >>> exact(GRAMMAR.read("Wirkung: Monster fliegen.").phrases)
    frozenset()
    """
    said = {name for phrase in phrases for name in phrase.fields}
    return frozenset().union(*(names for names in _SECTION_FIELDS if names & said))


#: The Power-Duell grammar: a Schutzgottkarte's description into its guardian fields.
GRAMMAR = Grammar("power-duell", FORMS, assemble=assemble, resolve=resolve, prepare=prepare,
                  exact=exact)

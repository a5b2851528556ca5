"""Marvel Champions card text in: a printed ability read into the ``situation`` inputs.

The entry "Ziel" defines what a card ability may do to a target and how it names it; this
grammar reads exactly those forms, in German, English or Russian, into the ability's fields
of :data:`engine.marvel.SITUATION_FIELDS` (``kind``, ``labels``, ``effects``; never the board):

- the effects ¶4.1 lists: deal/heal N damage, place/remove N threat, give/remove a status
  card (the engine's :class:`~engine.marvel.Status`: Betäubt, Verwirrt, Zäh), exhaust, ready,
  defeat, discard; and drawing N cards (¶3.3);
- how an effect names its target: "ein/eine" (ONE), "jeder" (EACH, ¶5), "wähle N …" followed
  by an effect on "sie", "die gewählten …" or "die …" (CHOOSE with its count, ¶3.2; later
  effects on them share the target, JOINT), "das [Ziel]" of an
  earlier effect (THE, ¶4.10), a pronoun after "und" in the same sentence (JOINT, ¶4.4), "du"
  (YOU: "Ziehe N Karten"), a future target ("die nächste Karte, die du spielst", ¶6);
- the target nouns of ¶2 that the engine knows (:class:`~engine.marvel.TargetType`); "der
  Schurke" and "der Hauptplan" name the one villain / main scheme; after an earlier effect whose
  target may be that element ("einem Gegner") the same words may name it afresh or mean "das
  [Ziel]" (¶4.10), which
  rule differently where the earlier effect cannot affect it: not understood; Russian has
  no articles: a bare noun is
  "ein …" ("нанесите 2 урона врагу"), "этот …" is "das [Ziel]", and a bare noun an earlier
  effect's target could be meant by ("…врагу. Оглушите врага.") is not understood;
- the labels Angriff and Widerstand (¶4.8, ¶4.9 speak of an ability "als Angriff
  gekennzeichnet"; the entry does not show how a label is printed): read in parentheses after
  "Aktion" before the ability's first sentence, "Aktion (Angriff):" / "Action (attack):" /
  "Действие (атака):" ("Aktion:" alone gives no label).

After reading, an effect phrase's fields are that effect's inputs (the first phrase also
carries ``labels``); :func:`assemble` gathers them.

Everything else is *not understood* and never guessed: keywords (Vergeltung, Zäh as a
keyword), "für jeden …" / "for each …", conditions ("wenn …", "falls …"), costs, "bis zu",
possessives ("dein Held"), nouns the engine has no target type for, a label after the first
sentence, and effects beyond the form's three.  A phrase the forms understand alone may still
mean nothing where it stands; :func:`resolve` (the grammar's context hook) reads each phrase
in context and reports such a phrase as not understood: "das [Ziel]" with no earlier target it
can name, a pronoun
with no target earlier in its sentence (or chosen just before), "wähle …" with no effect on
the chosen ones right after it.  A sentence is taken to continue the previous phrase when that
phrase ends without punctuation (a conjunct split at "und", or a line without a full stop).
A conjunct not understood in context leaves the other conjuncts of its sentence understood:
the judge sees which part was not read, and the ruling is incomplete all the same.

The entry's own examples::

    >>> GRAMMAR.read("Füge einem Schergen 5 Schaden zu.").inputs["effects"]
    [{'verb': 'deal_damage', 'amount': 5, 'selector': 'one', 'target_type': 'minion', 'count': 1}]
    >>> read = GRAMMAR.read("Füge einem Gegner 5 Schaden zu. Betäube den Gegner.")
    >>> [(e["verb"], e["selector"]) for e in read.inputs["effects"]]
    [('deal_damage', 'one'), ('give_status', 'the')]
    >>> GRAMMAR.read("Entferne 1 Bedrohung von jedem Plan").inputs["effects"][0]["selector"]
    'each'

Labels, a choice and a pronoun; what is outside the forms::

    >>> read = GRAMMAR.read("Action (attack): Choose 2 minions. Deal 1 damage to them and "
    ...                     "stun them. Retaliate 1.")
    >>> read.inputs["labels"], [(e["selector"], e["count"]) for e in read.inputs["effects"]]
    (['attack'], [('choose', 2), ('joint', 1)])
    >>> read.not_understood
    ('Retaliate 1.',)
    >>> GRAMMAR.read("Для каждого приспешника возьмите 1 карту.").complete
    False
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping

from engine.cardtext import NUMBER, Form, Grammar, Phrase, form, number
from engine.marvel import Clause, Label, Selector, Status, TargetType, Verb

__all__ = ["GRAMMAR", "FORMS", "MAX_EFFECTS", "assemble", "resolve"]

#: The most effects a card ability has in the situation's fields (``effects`` max_items).
MAX_EFFECTS = 3

_T = TargetType
_LANGUAGES = ("de", "en", "ru")


def _vocabulary(*entries: tuple[Any, tuple[str, ...], tuple[str, ...], tuple[str, ...]]
                ) -> dict[str, dict[str, Any]]:
    """Per language, each word (case-folded) -> its value, from ``(value, German words,
    English words, Russian words)``."""
    return {language: {word: value for value, *words in entries for word in words[index]}
            for index, language in enumerate(_LANGUAGES)}


#: Target nouns of ¶2 (every case and number) -> target type; ``None`` is the word
#: "Ziel"/"target"/"цель", which names only the target of an earlier effect.
_NOUNS = _vocabulary(
    (_T.VILLAIN, ("schurke", "schurken"), ("villain", "villains"),
     ("злодей", "злодея", "злодею", "злодеем", "злодеев")),
    (_T.MINION, ("scherge", "schergen"), ("minion", "minions"),
     ("приспешник", "приспешника", "приспешнику", "приспешников", "приспешники")),
    (_T.ENEMY, ("gegner", "gegnern"), ("enemy", "enemies"),
     ("враг", "врага", "врагу", "врагов", "враги")),
    (_T.SCHEME, ("plan", "plane", "pläne", "plänen"), ("scheme", "schemes"),
     ("замысел", "замысла", "замыслу", "замыслов", "замыслы")),
    (_T.MAIN_SCHEME, ("hauptplan", "hauptplane"), ("main scheme",),
     ("основной замысел", "основного замысла", "основному замыслу")),
    (_T.SIDE_SCHEME, ("nebenplan", "nebenplane", "nebenpläne", "nebenplänen"),
     ("side scheme", "side schemes"),
     ("побочный замысел", "побочного замысла", "побочному замыслу", "побочных замыслов",
      "побочные замыслы")),
    (_T.HERO, ("held", "helden"), ("hero", "heroes"),
     ("герой", "героя", "герою", "героев", "герои")),
    (_T.ALLY, ("verbündeter", "verbündeten", "verbündete", "verbündetem"), ("ally", "allies"),
     ("союзник", "союзника", "союзнику", "союзников", "союзники")),
    (_T.CHARACTER, ("charakter", "charaktere", "charakteren"), ("character", "characters"),
     ("персонаж", "персонажа", "персонажу", "персонажей", "персонажи")),
    (_T.PLAYER, ("spieler", "spielern"), ("player", "players"),
     ("игрок", "игрока", "игроку", "игроков", "игроки")),
    (_T.CARD, ("karte", "karten"), ("card", "cards"),
     ("карта", "карту", "карте", "карты", "карт")),
    (None, ("ziel",), ("target",), ("цель", "цели")))
#: Noun forms that name several game elements whatever word stands before them; "the [Ziel]"
#: (¶4.10) is one target, and "a" or a bare Russian noun one element: such a phrase is not
#: understood (it may mean every one of them).  German weak nouns ("Schergen") are plural
#: only by their article: :func:`_several`.
_PLURAL_FORMS = frozenset((
    # German
    "gegnern", "pläne", "plänen", "nebenpläne", "nebenplänen", "charaktere", "charakteren",
    "spielern", "karten",
    # English
    "villains", "minions", "enemies", "schemes", "side schemes", "heroes", "allies",
    "characters", "players", "cards",
    # Russian
    "злодеев", "приспешников", "приспешники", "врагов", "враги", "замыслов", "замыслы",
    "побочных замыслов", "побочные замыслы", "героев", "герои", "союзников", "союзники",
    "персонажей", "персонажи", "игроков", "игроки", "карт"))
#: German singular nouns an article "die" may stand before (a feminine noun, and the
#: adjectival "die Verbündete"); before any other, "die" is plural.
_DIE_SINGULAR = frozenset(("karte", "verbündete"))
_EACH_RU = ("каждый", "каждого", "каждому", "каждую", "каждой", "каждая")
_THE_RU = ("этот", "этого", "этому", "эту", "этой", "эта", "тот же", "того же", "тому же")
_CHOSEN_RU = ("выбранный", "выбранного", "выбранному", "выбранную", "выбранной",
              "выбранная", "выбранные", "выбранных", "выбранным")
#: Determiners -> how they name the target ("chosen": the ones "wähle N" chose).
_DETERMINERS: dict[str, dict[str, str]] = {
    "de": {**dict.fromkeys(("ein", "eine", "einen", "einem", "einer"), "one"),
           **dict.fromkeys(("jede", "jeden", "jedem", "jeder", "jedes"), "each"),
           **dict.fromkeys(("der", "die", "das", "den", "dem"), "the")},
    "en": {"a": "one", "an": "one", "each": "each", "the": "the", "that": "the",
           "the same": "the"},
    "ru": {**dict.fromkeys(("один", "одного", "одному", "одну", "одна", "одной"), "one"),
           **dict.fromkeys(_EACH_RU, "each"), **dict.fromkeys(_THE_RU, "the"),
           **dict.fromkeys(_CHOSEN_RU, "chosen")},
}
_CHOSEN = {"de": ("gewählte", "gewählten", "gewähltem", "gewählter"), "en": ("chosen",),
           "ru": ()}
_PRONOUNS = {"de": ("ihm", "ihn", "ihr", "sie", "es", "ihnen"), "en": ("it", "them"),
             "ru": ("ему", "ей", "им", "его", "ее", "их", "нему", "ней", "ним", "него", "нее",
                    "них")}
#: The pronouns that name one target only, and those that name several only ("sie", "им":
#: one or several).
_SINGULAR_PRONOUNS = frozenset({"ihm", "ihn", "es", "it", "ему", "ей", "его", "ее", "нему",
                                "ней", "него", "нее"})
_PLURAL_PRONOUNS = frozenset({"ihnen", "them", "их", "них"})
_STATUS_WORDS = _vocabulary(
    (Status.STUNNED, ("betäubt",), ("stunned",), ("оглушение", "оглушен")),
    (Status.CONFUSED, ("verwirrt",), ("confused",), ("дезориентация", "дезориентирован")),
    (Status.TOUGH, ("zäh",), ("tough",), ("стойкость", "стойкий")))
_LABEL_WORDS = _vocabulary((Label.ATTACK, ("angriff",), ("attack",), ("атака",)),
                           (Label.THWART, ("widerstand",), ("thwart",), ("противодействие",)))
_ACTION = {"de": "aktion", "en": "action", "ru": "действие"}


def _alternatives(words: Iterable[str]) -> str:
    """A regular-expression alternation of ``words``, longest first."""
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


def _lookup(table: Mapping[str, Mapping[str, Any]], word: str) -> Any:
    """The value of matched ``word`` in a :func:`_vocabulary` (words differ across languages)."""
    return next(words[word] for words in table.values() if word in words)


def _slots(language: str) -> dict[str, str]:
    """The named-group slots a template of ``language`` may use: ``{T}`` a target,
    ``{T_DAT}`` a German target in the dative (where "den Schergen" is plural),
    ``{T_DEM}`` a target after a German contraction of "dem" ("vom", "beim"),
    ``{NOUN}`` a bare target noun, ``{S}`` a status card, ``{N}`` a count."""
    nouns = _alternatives(_NOUNS[language])
    words = _alternatives(_STATUS_WORDS[language])
    det = rf"(?P<det>{_alternatives(_DETERMINERS[language])}) "
    chosen = rf"(?:(?P<chosen>{_alternatives(_CHOSEN[language])}) )?" if _CHOSEN[language] \
        else ""
    named = (f"(?:{det})?" if language == "ru" else det) + chosen + rf"(?P<noun>{nouns})"
    # "vom Hauptplan", "beim Schergen": German "von dem", "bei dem" in one word; the
    # template writes the contraction, this slot the rest (the determiner "dem")
    contracted = rf"(?P<dem>){chosen}(?P<noun>{nouns})"
    # "eine Statuskarte geben" (ziel ¶4.1) names no status: the effect then has none
    status = {"de": rf'(?:eine |die )?(?:statuskarte(?: "?\(?(?P<status>{words})\)?"?)?'
                    rf'|"?(?P<status_b>{words})"?-?statuskarte)',
              "en": rf'(?:an? |the )?(?:(?P<status>{words}) status card'
                    rf'|status card(?: "?\(?(?P<status_b>{words})\)?"?)?)',
              "ru": rf'карту (?:(?:состояния|статуса)(?: "?(?P<status_b>{words})"?)?'
                    rf'|"?(?P<status>{words})"?)'}[language]
    target = rf"(?:{named}|(?P<pro>{_alternatives(_PRONOUNS[language])}))"
    return {"{T}": target, "{T_DAT}": "(?P<dat>)" + target, "{T_DEM}": contracted,
            "{NOUN}": rf"(?P<noun>{nouns})", "{S}": status, "{N}": NUMBER}


def _prefix(language: str) -> str:
    """The optional "Aktion (Angriff):" before the first sentence of an ability."""
    labels = _alternatives(_LABEL_WORDS[language])
    return rf"(?:(?P<action>{_ACTION[language]})(?: \((?P<label>{labels})\))?: )?"


def _patterns(language: str, *templates: str, prefixed: bool = True) -> tuple[str, ...]:
    slots = _slots(language)
    found = []
    for template in templates:
        for slot, pattern in slots.items():
            template = template.replace(slot, pattern)
        found.append((_prefix(language) if prefixed else "") + template)
    return tuple(found)


# Building a phrase's fields from a match ---------------------------------------------------------

def _several(groups: Mapping[str, str]) -> bool:
    """Whether the matched target's words name several elements: a plural noun form
    (:data:`_PLURAL_FORMS`), or a German article that makes a weak noun plural ("die
    Schergen", "der Schergen", and "den Schergen" in the dative).

    >>> _several({"det": "die", "noun": "schergen"}), _several({"det": "die", "noun": "karte"})
    (True, False)
    >>> _several({"det": "den", "noun": "schergen"}), _several({"det": "den", "noun": "schergen",
    ...                                                          "dat": ""})
    (False, True)
    >>> _several({"det": "the", "noun": "minions"}), _several({"noun": "приспешников"})
    (True, True)
    """
    noun, det = groups["noun"], groups.get("det")
    return (noun in _PLURAL_FORMS or det == "die" and noun not in _DIE_SINGULAR
            or det == "den" and "dat" in groups
            or det == "der" and noun in ("schergen", "schurken", "helden"))


def _target(groups: Mapping[str, str]) -> tuple[str, TargetType | None] | None:
    """How the matched target slot names its target: (selector word, target type); ``None``
    (not understood) for words that name several elements other than the chosen ones
    (:func:`_several`)."""
    if "pro" in groups:  # "it": one target, never the N > 1 chosen ("Wähle 2 … Füge ihm …")
        pronoun = groups["pro"]  # "them": several, never one target
        return ("it" if pronoun in _SINGULAR_PRONOUNS else "they" if pronoun in
                _PLURAL_PRONOUNS else "joint"), None
    if "noun" not in groups:
        return None
    noun = _lookup(_NOUNS, groups["noun"])
    det = (_lookup(_DETERMINERS, groups["det"]) if "det" in groups
           else "the" if "dem" in groups else "bare")  # bare: Russian
    if "chosen" in groups or det == "chosen":
        return ("chosen", noun) if det not in ("one", "bare") else None
    if _several(groups):
        return None
    return (det, noun) if noun is not None or det == "the" else None


def _labels(groups: Mapping[str, str]) -> dict[str, Any]:
    if "action" not in groups:
        return {}
    found = (_lookup(_LABEL_WORDS, groups["label"]),) if "label" in groups else ()
    return {"labels": tuple(label.value for label in found)}


def _effect(verb: Verb, status: Status | None = None) -> Callable[[Mapping[str, str]],
                                                                    dict[str, Any] | None]:
    """The ``build`` of a form for ``verb`` (``status``: the one a verb like "betäube" gives)."""
    def build(groups: Mapping[str, str]) -> dict[str, Any] | None:
        if "you" in groups or "future" in groups:
            selector, noun = ("you" if "you" in groups else "future"), None
        else:
            target = _target(groups)
            if target is None:
                return None
            selector, noun = target
        if verb is Verb.DRAW and (noun not in (None, _T.PLAYER) or selector == "joint"):
            return None
        fields: dict[str, Any] = {**_labels(groups), "verb": verb.value}
        if "n" in groups or verb is Verb.DRAW:
            fields["amount"] = number(groups["n"]) if "n" in groups else 1
            if verb is Verb.DRAW and fields["amount"] < 1:
                return None  # ¶3.3: a player draws 1 or more cards ("Ziehe 0 Karten": none)
        word = groups.get("status") or groups.get("status_b")
        found = status or (_lookup(_STATUS_WORDS, word) if word else None)
        if found is not None:
            fields["status"] = found.value
        fields["selector"] = selector
        return fields | ({"target_type": noun.value} if noun is not None else {})
    return build


def _choose(groups: Mapping[str, str]) -> dict[str, Any] | None:
    noun = _lookup(_NOUNS, groups["noun"])
    if noun is None:
        return None
    return {**_labels(groups), "choose": number(groups["n"]) if "n" in groups else 1,
            "target_type": noun.value}


def _verb(name: str, verb: Verb, clause: Clause, de: tuple[str, ...], en: tuple[str, ...],
          ru: tuple[str, ...], status: Status | None = None) -> Form:
    return form(name, _effect(verb, status), clause, de=_patterns("de", *de),
                en=_patterns("en", *en), ru=_patterns("ru", *ru))


_DAMAGE_RU = "(?:урона|урон)"
_THREAT_RU = "(?:угрозы|угрозу|угроз)"
_CARDS_RU = "карт(?:у|ы)?"
#: Every sentence shape of the grammar, by the clause of "Ziel" that defines it.
FORMS: tuple[Form, ...] = (
    _verb("deal_damage", Verb.DEAL_DAMAGE, Clause.EFFECTS, ("füge {T_DAT} {N} schaden zu",),
          ("deal {N} damage to {T}",),
          (f"нанеси(?:те)? {{N}} {_DAMAGE_RU} {{T}}", f"нанеси(?:те)? {{T}} {{N}} {_DAMAGE_RU}",
           # the target first, as Russian may put it ("Каждому врагу нанесите 1 урон")
           f"{{T}} нанеси(?:те)? {{N}} {_DAMAGE_RU}")),
    _verb("heal", Verb.HEAL, Clause.EFFECTS,
          ("heile {N} schaden (?:bei|von) {T_DAT}", "heile {N} schaden (?:beim|vom) {T_DEM}"),
          ("heal {N} damage (?:from|on) {T}",),
          (f"(?:вылечи|излечи|исцели)(?:те)? {{N}} {_DAMAGE_RU} (?:у|с) {{T}}",
           f"(?:у|с) {{T}} (?:вылечи|излечи|исцели)(?:те)? {{N}} {_DAMAGE_RU}")),
    _verb("add_threat", Verb.ADD_THREAT, Clause.EFFECTS,
          ("(?:lege|platziere) {N} bedrohung auf {T}", "füge {T_DAT} {N} bedrohung hinzu"),
          ("place {N} threat on {T}", "add {N} threat to {T}"),
          (f"(?:положи|помести|добавь)(?:те)? {{N}} {_THREAT_RU} на {{T}}",
           f"на {{T}} (?:положи|помести|добавь)(?:те)? {{N}} {_THREAT_RU}")),
    _verb("remove_threat", Verb.REMOVE_THREAT, Clause.EFFECTS,
          ("entferne {N} bedrohung von {T_DAT}", "entferne {N} bedrohung vom {T_DEM}"),
          ("remove {N} threat from {T}",),
          (f"(?:убери|удали|сними)(?:те)? {{N}} {_THREAT_RU} с {{T}}",
           f"с {{T}} (?:убери|удали|сними)(?:те)? {{N}} {_THREAT_RU}")),
    _verb("give_status", Verb.GIVE_STATUS, Clause.EFFECTS, ("gib {T_DAT} {S}",),
          ("give {T} {S}", "give {S} to {T}"), ("дай(?:те)? {T} {S}", "{T} дай(?:те)? {S}")),
    _verb("stun", Verb.GIVE_STATUS, Clause.EFFECTS, ("betäube {T}",), ("stun {T}",),
          ("оглуши(?:те)? {T}", "{T} оглуши(?:те)?"), status=Status.STUNNED),
    _verb("confuse", Verb.GIVE_STATUS, Clause.EFFECTS, ("verwirre {T}",), ("confuse {T}",),
          ("дезориентируй(?:те)? {T}", "{T} дезориентируй(?:те)?"), status=Status.CONFUSED),
    _verb("remove_status", Verb.REMOVE_STATUS, Clause.EFFECTS,
          ("entferne {S} von {T_DAT}", "entferne {S} vom {T_DEM}"),
          ("remove {S} from {T}",),
          ("(?:убери|сними|сбрось)(?:те)? {S} с {T}", "(?:убери|сними|сбрось)(?:те)? с {T} {S}")),
    _verb("exhaust", Verb.EXHAUST, Clause.EFFECTS, ("erschöpfe {T}",), ("exhaust {T}",),
          ("(?:истощи|поверни)(?:те)? {T}", "{T} (?:истощи|поверни)(?:те)?")),
    _verb("ready", Verb.READY, Clause.EFFECTS, ("mache? {T} spielbereit",), ("ready {T}",),
          ("подготовь(?:те)? {T}", "{T} подготовь(?:те)?")),
    _verb("defeat", Verb.DEFEAT, Clause.EFFECTS, ("besiege {T}",), ("defeat {T}",),
          ("(?:победи|одолей)(?:те)? {T}", "{T} (?:победи|одолей)(?:те)?")),
    _verb("discard", Verb.DISCARD, Clause.EFFECTS, ("lege {T} ab",), ("discard {T}",),
          ("сбрось(?:те)? {T}", "{T} сбрось(?:те)?")),
    _verb("draw", Verb.DRAW, Clause.DRAW,
          ("(?P<you>)(?:du ziehst|ziehe) {N} karten?", "{T} zieht {N} karten?"),
          ("(?P<you>)(?:you )?draw {N} cards?", "{T} draws {N} cards?"),
          # with no number only the singular ("возьмите карту": 1); "возьмите карты" says
          # no count, so it is not read as 1
          (f"(?P<you>)(?:возьми(?:те)?|вы берете|ты берешь) (?:{{N}} {_CARDS_RU}|карту)",
           f"{{T}} берет (?:{{N}} {_CARDS_RU}|карту)")),
    _verb("future", Verb.FUTURE, Clause.FUTURE,
          ("(?P<future>)die nächste karte, die du spielst, kostet {N} (?:ressourcen? )?weniger",),
          ("(?P<future>)the next card you play costs {N} (?:resources? )?less",),
          ("(?P<future>)следующая карта, которую вы (?:разыгрываете|разыграете), стоит на {N} "
           "(?:ресурс(?:а|ов)? )?меньше",)),
    form("choose", _choose, Clause.CHOOSE, de=_patterns("de", "wähle {N} {NOUN}"),
         en=_patterns("en", "choose {N} {NOUN}"),
         ru=_patterns("ru", "выбери(?:те)? (?:{N} )?{NOUN}")),
    form("label", _labels, Clause.ATTACK,  # ¶4.8 and ¶4.9: abilities labelled Angriff/Widerstand
         **{language: rf"(?P<action>{_ACTION[language]}) \((?P<label>"
                      rf"{_alternatives(_LABEL_WORDS[language])})\):"
            for language in _LANGUAGES}),
)


# Reading in context ---------------------------------------------------------------------------

_UNIQUE = frozenset({_T.VILLAIN, _T.MAIN_SCHEME})
#: A noun -> the target types it also names ("den Gegner" after "einem Schergen").
_COVERS = {_T.ENEMY: frozenset({_T.VILLAIN, _T.MINION}),
           _T.CHARACTER: frozenset({_T.HERO, _T.ALLY, _T.VILLAIN, _T.MINION}),
           _T.SCHEME: frozenset({_T.MAIN_SCHEME, _T.SIDE_SCHEME}),
           _T.CARD: frozenset(_T) - {_T.PLAYER}}
_NO_JOINT = frozenset({"future", "you"})


def _covers(noun: str | None, earlier: TargetType) -> bool:
    """Whether a reference with ``noun`` (``None``: "das Ziel", a pronoun) can name ``earlier``."""
    if noun is None:
        return True
    named = _T(noun)
    return earlier is named or earlier in _COVERS.get(named, frozenset())


@dataclass
class _Context:
    """What the phrases read so far leave for the next one (local to one reading)."""

    previous: TargetType | None = None   # the last target type an effect named
    joinable: bool = False               # the previous phrase is an effect a pronoun can join
    choice: Mapping[str, Any] | None = None  # "wähle N …" just before
    chosen: TargetType | None = None     # effects on the chosen ones so far share the target
    several: bool = False                # "wähle N", N > 1: the chosen ones are several
    plural: list[bool] = field(default_factory=list)  # per effect in named: several targets
    previous_plural: bool = False        # the last target named is several ("jedem …")
    effects: int = 0
    named: list[TargetType] = field(default_factory=list)  # each target an effect named anew
    past_limit: bool = False  # the phrase just read is an effect past MAX_EFFECTS


def _reference(context: _Context, fields: dict[str, Any], joined: bool) -> dict | None:
    """``fields`` with the target a reference names in context, or ``None`` if it names none."""
    selector, noun = fields["selector"], fields.get("target_type")
    if selector in ("it", "they"):  # a pronoun's number: the several chosen ones or not
        chosen = context.choice["choose"] > 1 if context.choice is not None else (
            context.several if context.chosen is not None else None)
        several = context.previous_plural if chosen is None else chosen
        if selector == "they" and not several or selector == "it" and chosen:
            return None  # "jedem …, und betäube ihn": each one, as "it" says
        selector = fields["selector"] = "joint"
    if selector in ("one", "each", "you", "future"):
        return fields
    fields.pop("target_type", None)
    if context.choice is not None and _covers(noun, _T(context.choice["target_type"])):
        return fields | {"selector": Selector.CHOOSE.value, "count": context.choice["choose"],
                         "target_type": context.choice["target_type"]}
    if selector in ("the", "bare"):
        return (_the_target if selector == "the" else _bare)(context, fields, noun)
    return fields | {"selector": Selector.JOINT.value} \
        if _shares(context, selector, noun, joined) else None


def _shares(context: _Context, selector: str, noun: str | None, joined: bool) -> bool:
    """Whether a pronoun or "the chosen …" shares the target of the effect before (¶4.4):
    the ones "wähle" chose, or a pronoun after "und" in the same sentence."""
    if context.chosen is not None and _covers(noun, context.chosen):
        return True
    return selector == "joint" and joined and context.joinable


def _the_target(context: _Context, fields: dict[str, Any], noun: str | None) -> dict | None:
    """The target "das [Ziel]" (¶4.10) if an earlier effect named one ``noun`` covers; "der
    Schurke" / "der Hauptplan" (¶2) name the one villain / main scheme, unless an earlier
    effect's target may be it ("einem Gegner", "einer Karte": ``None``, the words may as well
    be "das [Ziel]")."""
    if noun is not None and _T(noun) in _UNIQUE:
        return (fields | {"selector": Selector.ONE.value, "target_type": noun}
                if not _may_name_earlier(context, noun) else None)
    known = context.previous is not None and _covers(noun, context.previous)
    echoed = [kind for kind in context.named if noun is not None and kind is _T(noun)]
    if len(echoed) == 1 and context.previous is not echoed[0]:  # "einem Gegner … den Gegner"
        return _echo(context, fields, echoed[0])  # the engine notes any other it may name
    if sum(_covers(noun, earlier) for earlier in context.named) > 1:
        return None  # "das Ziel eines vorherigen Effekts": two earlier targets it may name
    if known or noun is None:  # "den Schergen" after "jedem Schergen": one of them, or each?
        return fields | {"selector": Selector.THE.value} \
            if known and not context.previous_plural else None
    return _covered(context, fields, noun)


def _covered(context: _Context, fields: dict[str, Any], noun: str) -> dict | None:
    """"… einem Schergen … Ziehe 1 Karte. Betäube den Gegner.": the one earlier target
    ``noun`` names, where no other may be such an element (:func:`_echo`); else ``None``."""
    maybe = [kind for kind in context.named
             if _covers(noun, kind) or _covers(kind.value, _T(noun))]
    return _echo(context, fields, maybe[0]) \
        if len(maybe) == 1 and _covers(noun, maybe[0]) else None


def _echo(context: _Context, fields: dict[str, Any], kind: TargetType) -> dict | None:
    """"das [Ziel]" repeating the noun of the one earlier effect naming ``kind``: that
    effect's target, given by its type (``None`` where it named several, "jedem …")."""
    several = context.plural[context.named.index(kind)]
    return None if several else fields | {"selector": Selector.THE.value,
                                          "target_type": kind.value}


def _may_name_earlier(context: _Context, noun: str) -> bool:
    """Whether ``noun`` may name an element an earlier effect targets: it names that target
    type, or the earlier type may be such an element ("einem Gegner", then "den Schurken")."""
    return any(_covers(noun, kind) or _covers(kind.value, _T(noun))
               for kind in {*context.named, context.previous} - {None})


def _bare(context: _Context, fields: dict[str, Any], noun: str) -> dict | None:
    """A Russian noun without a determiner (Russian has no articles): "a …" unless an
    earlier effect named a target the noun can name, or one that may be such an element ("a
    minion" after "an enemy"), where it may as well mean "that …" (not understood); the villain
    and the main scheme as :func:`_the_target`."""
    if _T(noun) in _UNIQUE:
        return _the_target(context, fields, noun)
    if _may_name_earlier(context, noun):
        return None  # "…врагу. Дезориентируйте приспешника.": the enemy may be that minion
    return fields | {"selector": Selector.ONE.value, "target_type": noun}


def _effect_in_context(context: _Context, fields: dict[str, Any], joined: bool) -> dict | None:
    """The effect ``fields`` resolved in ``context`` (which it updates), or ``None``."""
    if context.effects >= MAX_EFFECTS:
        context.past_limit = True  # read, but past the most effects the fields take
        return None
    resolved = _reference(context, fields, joined)
    if resolved is None:
        return None
    selector = resolved["selector"]
    context.effects += 1
    if selector in (Selector.ONE.value, Selector.EACH.value) or (
            selector == Selector.CHOOSE.value and context.chosen is None):
        context.named.append(_T(resolved["target_type"]))
        context.plural.append(selector == Selector.EACH.value or resolved.get("count", 1) > 1)
    if selector == Selector.CHOOSE.value:
        context.chosen, context.several = _T(resolved["target_type"]), resolved["count"] > 1
    elif selector not in (Selector.JOINT.value, Selector.THE.value):
        context.chosen, context.several = None, False
    # the effect just before names no target type ("Ziehe 1 Karte", a future target): a
    # later "den Gegner" would be read as its target, not as an earlier effect's
    context.previous = (_T(resolved["target_type"]) if "target_type" in resolved
                        else None if selector in _NO_JOINT else context.previous)
    if selector not in (Selector.JOINT.value, Selector.THE.value) or "target_type" in resolved:
        context.previous_plural = selector == Selector.EACH.value or resolved.get("count", 1) > 1
    context.joinable = selector not in _NO_JOINT and resolved["verb"] != Verb.DRAW.value
    return {**resolved, "count": resolved.get("count", 1)}


def _in_context(context: _Context, first: bool, phrase: Phrase, joined: bool) -> dict | None:
    """The fields of ``phrase`` where it stands, or ``None`` when it means nothing there."""
    choice, context.choice = context.choice, None
    if not phrase.understood or ("labels" in phrase.fields and not first):
        context.joinable = False
        return None
    fields = dict(phrase.fields)
    if "choose" in fields:
        context.choice, context.joinable = fields, False
        return fields
    if "verb" not in fields:
        context.joinable = False
        return fields
    context.choice = choice
    resolved = _effect_in_context(context, fields, joined)
    context.choice = None
    if resolved is None:
        context.joinable = False
    return resolved


def _ends_sentence(text: str) -> bool:
    return bool(re.search(r"[.;!?:]\s*$", text))


def resolve(phrases: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """Return ``phrases`` read in context: each effect with the selector, target type and
    count it has where it stands (a phrase meaning nothing there: not understood, see the
    module docstring), every "wähle …" not followed by an effect on the chosen ones
    and a label ("Aktion (Angriff):") with no effect read not understood."""
    context, found = _Context(), []
    for index, phrase in enumerate(phrases):
        joined = index > 0 and not _ends_sentence(phrases[index - 1].text)
        context.past_limit = False
        fields = _in_context(context, index == 0, phrase, joined)
        found.append(Phrase(phrase.text, past_limit=context.past_limit) if fields is None else
                     replace(phrase, fields=MappingProxyType(fields)))
    for index, phrase in enumerate(found):
        following = found[index + 1].fields if index + 1 < len(found) else {}
        if "choose" in phrase.fields and following.get("selector") != Selector.CHOOSE.value:
            found[index] = Phrase(phrase.text)
    if not any("verb" in phrase.fields for phrase in found):  # a label of no effect read
        found = [Phrase(p.text) if "labels" in p.fields else p for p in found]
    return tuple(found)


_EFFECT_KEYS = ("verb", "amount", "status", "selector", "target_type", "count")


def assemble(phrases: tuple[Phrase, ...]) -> dict[str, Any]:
    """The ability's inputs of the ``situation`` scenario from ``phrases`` in order:
    ``{"kind": "card_ability", "labels": [...], "effects": [{"verb", "amount", "status",
    "selector", "target_type", "count"}, ...]}`` (keys without a value left out), from
    phrases read in context (:func:`resolve`)."""
    resolved = phrases
    labels = resolved[0].fields.get("labels", ()) if resolved else ()
    effects = [{key: p.fields[key] for key in _EFFECT_KEYS if key in p.fields}
               for p in resolved if "verb" in p.fields]
    return {"kind": "card_ability", "labels": list(labels), "effects": effects}


def exact(phrases: tuple[Phrase, ...]) -> frozenset[str]:
    """What the text states whole: its effects (an ability has only those its text prints)
    and, where it opens with "Aktion:" and the like, its labels (none in parentheses: none).

    >>> sorted(exact(GRAMMAR.read("Aktion: Füge einem Schergen 2 Schaden zu.").phrases))
    ['effects', 'labels']
    >>> sorted(exact(GRAMMAR.read("Füge einem Schergen 2 Schaden zu.").phrases))
    ['effects']
    """
    found = {"labels"} if phrases and "labels" in phrases[0].fields else set()
    return frozenset(found | ({"effects"} if any("verb" in p.fields for p in phrases) else set()))


#: The Marvel Champions card-text grammar (game slug of :mod:`engine.marvel`).
#: Words a sentence may open with that say no more than the order of the effects (their
#: order as written is the order they resolve in): read past ("Dann betäube den Schergen.").
LEADS = {"de": ("dann", "danach", "anschließend"), "en": ("then", "afterwards", "next"),
         "ru": ("затем", "потом", "после этого", "далее")}
GRAMMAR = Grammar("marvel-champions", FORMS, assemble=assemble, resolve=resolve, exact=exact,
                  leads=LEADS)

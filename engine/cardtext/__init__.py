"""Card text in: printed ability text read into a scenario's fields, never guessed.

A judge types or pastes the printed text of a card ability or a Schutzgottkarte's
description, in German, Russian or English.  A game's :class:`Grammar` reads it
sentence by sentence into the fields of that game's scenario, within the forms the
published texts define:

- a :class:`Form` is one sentence shape: per language, regular expressions matched
  against the *whole* sentence (normalised: case-folded, quotes, dashes and spaces
  unified), and a ``build`` function from the match's named groups to field values;
- a sentence no form matches as a whole may be split at a conjunction ("und", "и",
  "and") only if *every* part is then understood;
- a sentence still unmatched is *not understood*: it is reported as such, and a
  ruling on the table is incomplete (:func:`with_card_texts`).  Nothing is guessed.

The game grammars live beside this module (``engine.cardtext.marvel`` …); each
declares its forms and an ``assemble`` function turning the understood phrases, in
order, into the scenario's input mapping.

A toy grammar with one form ("deal N damage to a creature" / "нанесите N урона …")::

    >>> deal = form("deal", lambda g: {"verb": "deal_damage", "amount": number(g["n"])},
    ...             en=rf"deal {NUMBER} damage to an? creature",
    ...             ru=rf"нанесите {NUMBER} урона существу")
    >>> toy = Grammar("toy", (deal,), assemble=lambda phrases: {
    ...     "effects": [dict(p.fields) for p in phrases if p.understood]})
    >>> understanding = toy.read("Deal two damage to a creature. Draw a card.")
    >>> understanding.inputs
    {'effects': [{'verb': 'deal_damage', 'amount': 2}]}
    >>> understanding.not_understood, understanding.complete
    (('Draw a card.',), False)
    >>> toy.read("Нанесите 3 урона существу и нанесите 1 урона существу").inputs
    {'effects': [{'verb': 'deal_damage', 'amount': 3}, {'verb': 'deal_damage', 'amount': 1}]}
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from engine.core import (NOT_COVERED_VALUE, Message, Outcome, Ruling, Step, Value, _, msg,
                         not_covered)

__all__ = [
    "CONJUNCTIONS", "LANGUAGES", "NUMBER", "Form", "Phrase", "Understanding", "Grammar", "form",
    "number", "normalise", "sentences", "with_card_texts",
]

#: The languages a judge may type card text in.
LANGUAGES = ("de", "ru", "en")

_NUMBER_WORDS = {
    # German: articles count as one ("eine Karte"), every case of "ein"
    "ein": 1, "eine": 1, "einen": 1, "einem": 1, "einer": 1, "eines": 1, "eins": 1,
    "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
    "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12, "zwanzig": 20, "dreißig": 30, "vierzig": 40,
    "fünfzig": 50, "sechzig": 60, "siebzig": 70, "achtzig": 80, "neunzig": 90, "hundert": 100,
    # Russian: every case of один/одна/одно and the cardinals up to ten
    "один": 1, "одна": 1, "одно": 1, "одну": 1, "одного": 1, "одной": 1, "одному": 1,
    "одним": 1, "два": 2, "две": 2, "двух": 2, "три": 3, "трех": 3, "четыре": 4,
    "пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9, "десять": 10,
    "двадцать": 20, "тридцать": 30, "сорок": 40, "пятьдесят": 50, "сто": 100,
    # English
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20,
    "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
    "ninety": 90, "hundred": 100,
}

#: A regular-expression group ``n`` matching a count: digits or a number word of any
#: of :data:`LANGUAGES` (read with :func:`number`).  Use it once per pattern; for a
#: second count write ``NUMBER.replace("?P<n>", "?P<m>")``.
NUMBER = r"(?P<n>\d{1,3}|" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + ")"

#: The words at which a sentence no form matches whole may be split, by language
#: ("," in a grammar's own list: a comma alone).
CONJUNCTIONS = {"de": ("und", "dann", "danach"), "ru": ("и", "затем", "после этого"),
                 "en": ("and", "then", "and then")}
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")
_TYPOGRAPHY = str.maketrans({"„": '"', "“": '"', "”": '"', "«": '"', "»": '"', "‚": "'",
                             "‘": "'", "’": "'", "–": "-", "—": "-", "−": "-", "\u00a0": " ",
                             "ё": "е"})


def number(word: str) -> int:
    """Return the count written as digits or as a number word of :data:`LANGUAGES`.

    :raises KeyError: if ``word`` is no count.

    >>> number("2"), number("zwei"), number("Одну"), number("an")
    (2, 2, 1, 1)
    """
    text = normalise(word)
    return int(text) if text.isdigit() else _NUMBER_WORDS[text]


def normalise(text: str) -> str:
    """Return ``text`` as forms match it: NFC, case-folded, typographic quotes and dashes
    made plain, "ё" as "е", runs of spaces as one, no end punctuation.

    >>> normalise("  Füge  dem „Verbündeten“ 2 Schaden zu. ")
    'füge dem "verbündeten" 2 schaden zu'
    """
    text = unicodedata.normalize("NFC", text).casefold().translate(_TYPOGRAPHY)
    return re.sub(r"\s+", " ", text).strip().rstrip(".;!").strip()


def sentences(text: str) -> tuple[str, ...]:
    """Split printed text into sentences: at ``.``, ``;``, ``!`` or ``?`` followed by a
    space, and at line breaks; the punctuation stays with its sentence.

    >>> sentences("Gib einem Verbündeten eine Statuskarte. Füge dem Verbündeten 2 Schaden zu.")
    ('Gib einem Verbündeten eine Statuskarte.', 'Füge dem Verbündeten 2 Schaden zu.')
    """
    parts = re.split(r"(?<=[.;!?])\s+|\s*[\r\n]+\s*", text.strip())
    return tuple(part for part in (p.strip() for p in parts) if part)


@dataclass(frozen=True)
class Form:
    """One sentence shape of printed card text and the fields it stands for.

    ``patterns`` maps a language of :data:`LANGUAGES` to compiled expressions matched
    against a whole :func:`normalise`-d sentence; ``build`` turns the named groups of
    the match into field values of one item (e.g. one effect), or returns ``None``
    where the words match but name nothing the texts define (then the form does not
    apply).  ``clause`` names the clause key that defines the form, for the inventory.
    """

    name: str
    patterns: Mapping[str, tuple[re.Pattern[str], ...]]
    build: Callable[[Mapping[str, str]], Mapping[str, Any] | None]
    clause: Any = None

    def match(self, sentence: str, language: str) -> Mapping[str, Any] | None:
        """Return the fields of normalised ``sentence`` in ``language``, or ``None``."""
        for pattern in self.patterns.get(language, ()):
            found = pattern.fullmatch(sentence)
            if found:
                groups = {k: v for k, v in found.groupdict().items() if v is not None}
                fields = self.build(groups)
                if fields is not None:
                    return MappingProxyType(dict(fields))
        return None


def form(name: str, build: Callable[[Mapping[str, str]], Mapping[str, Any] | None],
         clause: Any = None, **patterns: str | Sequence[str]) -> Form:
    """Declare a :class:`Form`: ``de=``, ``ru=``, ``en=`` give one pattern or several.

    :raises ValueError: for a keyword that is no language of :data:`LANGUAGES`.
    :raises re.error: for a malformed pattern.
    """
    unknown = set(patterns) - set(LANGUAGES)
    if unknown:
        raise ValueError(f"unknown languages {sorted(unknown)}; use {LANGUAGES}")
    compiled = {language: tuple(re.compile(p) for p in ((given,) if isinstance(given, str)
                                                        else given))
                for language, given in patterns.items()}
    return Form(name, MappingProxyType(compiled), build, clause)


@dataclass(frozen=True)
class Phrase:
    """One sentence (or conjunct) of the text and what came of it.

    ``form`` is the name of the :class:`Form` that understood it, ``None`` when none
    did; ``fields`` the values it stands for (empty when not understood);
    ``language`` the language it was read in.  ``past_limit``: a form read it, but it goes
    past what the scenario's fields take (a fourth effect where three are allowed, a
    number past its field's bounds), so it is not taken in (:func:`within`): not
    understood as far as the inputs go, and said so.
    """

    text: str
    form: str | None = None
    fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    language: str | None = None
    past_limit: bool = False

    @property
    def understood(self) -> bool:
        """Whether a form matched the whole phrase."""
        return self.form is not None


@dataclass(frozen=True)
class Understanding:
    """A card text as read: its phrases in order and the scenario inputs they make.

    ``inputs`` is the grammar's ``assemble`` of the understood phrases: a partial input
    mapping in the shape the game's scenario accepts (an editable starting point that
    the judge checks before ruling).  ``exact`` names the inputs the text states whole
    (:attr:`Grammar.exact`).
    """

    text: str
    phrases: tuple[Phrase, ...]
    inputs: Mapping[str, Any]
    exact: frozenset[str] = frozenset()

    @property
    def stated(self) -> dict[str, Any]:
        """``inputs`` without what the text leaves empty (no label, no item, nothing), unless
        it states that value whole (:attr:`exact`: "Aktion:" with no label in parentheses
        says the ability has none): what it says, which the fields must hold; the rest stays
        as the judge entered it.

        >>> Understanding("t", (), {"labels": [], "amount": 2, "actor": None}).stated
        {'amount': 2}
        >>> Understanding("t", (), {"labels": [], "amount": 2}, frozenset({"labels"})).stated
        {'labels': [], 'amount': 2}
        """
        return {name: value for name, value in self.inputs.items()
                if value not in (None, "", [], ()) or name in self.exact}

    @property
    def not_understood(self) -> tuple[str, ...]:
        """The phrases no form understood, as written."""
        return tuple(p.text for p in self.phrases if not p.understood)

    @property
    def complete(self) -> bool:
        """True when every phrase was understood."""
        return all(p.understood for p in self.phrases)


def within(grammar: "Grammar", text: str, refused: Callable[[Mapping[str, Any]], bool]
           ) -> Understanding:
    r"""``grammar``'s reading of ``text``, where each phrase the scenario ``refused`` (a number
    past its field's bounds: "200 Schaden", "wähle 20 Schergen"; an item past the most a group
    takes, counting the phrases understood before it) comes back not understood: the reading
    never fills in what the ruling cannot take.  ``refused`` is asked about the inputs of the
    phrases kept so far with the phrase added, in the order written.

    >>> toy = Grammar("toy", (form("damage", lambda g: {"amount": int(g["n"])},
    ...                            en=r"deal (?P<n>\d+) damage"),),
    ...               lambda phrases: {"amount": next((p.fields["amount"] for p in phrases
    ...                                                if p.understood), None)})
    >>> reading = within(toy, "Deal 200 damage.", lambda inputs: inputs["amount"] > 99)
    >>> reading.complete, reading.not_understood, reading.inputs
    (False, ('Deal 200 damage.',), {'amount': None})

    Items past a group's maximum (here two) are not understood, those before it are kept:

    >>> listed = replace(toy, assemble=lambda phrases: {
    ...     "effects": [p.fields["amount"] for p in phrases if p.understood]})
    >>> reading = within(listed, "Deal 1 damage. Deal 2 damage. Deal 3 damage.",
    ...                  lambda inputs: len(inputs["effects"]) > 2)
    >>> reading.not_understood, reading.inputs, reading.phrases[2].past_limit
    (('Deal 3 damage.',), {'effects': [1, 2]}, True)
    """
    reading = grammar.read(text)
    kept: list[Phrase] = []
    phrases: list[Phrase] = []
    for phrase in reading.phrases:
        if phrase.understood and refused(grammar.assemble((*kept, phrase))):
            phrase = Phrase(phrase.text, past_limit=True)
        elif phrase.understood:
            kept.append(phrase)
        phrases.append(phrase)
    if tuple(phrases) == reading.phrases:
        return reading
    return grammar.understanding(text, tuple(phrases))


@dataclass(frozen=True)
class Grammar:
    """A game's card-text grammar: its forms and how understood phrases make inputs.

    ``assemble`` receives every phrase in order (understood or not) and returns the
    scenario's input mapping.  ``resolve`` (optional) reads the phrases in context
    first: a phrase a form understands alone but that means nothing where it stands
    ("das [Ziel]" with nothing before it, a cost change outside a "Spezial-Wirkung:"
    section) comes back not understood, others with the fields they have there.
    ``prepare`` (optional) rewrites the text before it is split into sentences.
    ``conjunctions`` maps a language to the words at which an unmatched sentence may
    be split (default: and/then in each language); ``leads`` the words a sentence may open
    with that say no more than the order of the sentences ("Dann …", "Then …": one effect
    after another), read past.  ``exact`` (optional) names the inputs
    the phrases state whole: the fields must hold that value as it is, an empty one
    included, and a group exactly those items (none added by the judge, as a table's cards
    may be: the text is all of an ability's effects).
    """

    game: str
    forms: tuple[Form, ...]
    assemble: Callable[[tuple[Phrase, ...]], Mapping[str, Any]]
    conjunctions: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType(CONJUNCTIONS))
    leads: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    resolve: Callable[[tuple[Phrase, ...]], tuple[Phrase, ...]] | None = None
    prepare: Callable[[str], str] | None = None
    exact: Callable[[tuple[Phrase, ...]], frozenset[str]] | None = None

    def understanding(self, text: str, phrases: tuple[Phrase, ...]) -> Understanding:
        """``text`` read as ``phrases`` (in context): the inputs they make and those they
        state whole."""
        return Understanding(text, phrases, self.assemble(phrases),
                             self.exact(phrases) if self.exact else frozenset())

    def read(self, text: str) -> Understanding:
        """Read printed ``text`` (any of :data:`LANGUAGES`, Cyrillic read as Russian).

        Never raises for any text: what no form matches is a phrase not understood.
        """
        phrases: list[Phrase] = []
        for sentence in sentences(self.prepare(text) if self.prepare else text):
            phrases.extend(self._read_sentence(sentence))
        found = self.resolve(tuple(phrases)) if self.resolve else tuple(phrases)
        return self.understanding(text, found)

    def _languages(self, sentence: str) -> tuple[str, ...]:
        return ("ru",) if _CYRILLIC.search(sentence) else ("de", "en")

    def _read_sentence(self, sentence: str) -> tuple[Phrase, ...]:
        for language in self._languages(sentence):
            found = self._split(sentence, language)
            if found is not None:
                return found
        return (Phrase(sentence),)

    def _whole(self, written: str, language: str) -> Phrase | None:
        text = normalise(written)
        for candidate in self.forms:
            fields = candidate.match(text, language)
            if fields is not None:
                return Phrase(written, candidate.name, fields, language)
        return None

    def _split(self, written: str, language: str) -> tuple[Phrase, ...] | None:
        whole = self._whole(written, language)
        if whole is not None:
            return (whole,)
        words = sorted(self.leads.get(language, ()), key=len, reverse=True)
        lead = re.match(rf"(?:{'|'.join(map(re.escape, words))}),?\s+", written,
                        re.IGNORECASE) if words else None
        rest = None if lead is None else self._split(written[lead.end():], language)
        if rest is not None:  # the first phrase as written, its opening word included
            return (replace(rest[0], text=written[:lead.end()] + rest[0].text), *rest[1:])
        for word in self.conjunctions.get(language, ()):
            parting = r"\s*,\s+" if word == "," else rf",?\s+{re.escape(word)}\s+"
            for found in re.finditer(parting, written, re.IGNORECASE):
                head = self._whole(written[:found.start()].strip(" ,"), language)
                tail = None if head is None else self._split(written[found.end():], language)
                if tail is not None:
                    return (head, *tail)
        return None


#: What a value stated under a card text's condition reads: while a phrase is not
#: understood, and while the fields differ from what the text says.
_UNREAD_VALUE = _("%(value)s, if the text not understood does not change it")
_DIFFERING_VALUE = _("%(value)s, ruled on the fields, not on the card text")
#: Each such condition as a page says it once above the values (message id → sentence);
#: a value then reads as its ``value`` parameter.
CONDITIONS = MappingProxyType({
    _UNREAD_VALUE: _("Each value holds only if the text not understood does not change it."),
    _DIFFERING_VALUE: _("Each value is ruled on the fields, not on the card text.")})


def _conditional(value: Any, condition: str = _UNREAD_VALUE) -> Any:
    """How ``value`` is shown under ``condition``; a value not covered stays as it is."""
    if value.value == NOT_COVERED_VALUE:
        return value.shown
    shown = value.value if value.shown is None else value.shown
    if isinstance(shown, bool):
        shown = msg(_("yes") if shown else _("no"))
    elif shown in ("", ()):  # nothing chosen: say so rather than an empty value
        shown = msg(_("none"))
    return msg(condition, value=shown)


def _differing_step(text: str, labels: tuple[Message, ...]) -> Step:
    """The ``NOT_COVERED`` step for fields that say other than their card text."""
    return Step(Outcome.NOT_COVERED,
                msg(_("The fields differ from what the card text \"%(text)s\" says: "
                      "%(fields)s."), text=text, fields=labels), (),
                msg(_("The ruling is made on the fields as entered, not on the card text, and "
                      "is incomplete until they agree: \"Read the text\" fills the fields in; "
                      "to rule on other fields, clear the text.")))


#: A phrase no form understood, in a ruling (:func:`with_card_texts`).
_NOT_UNDERSTOOD = _("the card text \"%(phrase)s\" (not understood)")
#: Why such a phrase leaves the ruling incomplete: the reader knows only the forms the texts
#: define, so a phrase it does not understand may be outside them or worded otherwise
#: (break-it round 21: not "the published texts do not define this").
_READER_REASON = msg(_("The card-text reader knows only the forms the published texts define "
                       "and did not read this phrase: it may be outside the texts, or worded in "
                       "a way the reader does not know. The ruling does not take it into "
                       "account and is incomplete; enter what it says in the fields."))
#: A phrase read but past what the fields take (:attr:`Phrase.past_limit`), in a ruling.
_PAST_LIMIT = _("the card text \"%(phrase)s\" (read, but past the limit of its fields: "
                "not taken in)")


def with_card_texts(ruling: Ruling,
                    readings: Sequence[tuple[Understanding, tuple[Message, ...]]]) -> Ruling:
    """Return ``ruling`` with what its card texts leave unsaid: a ``NOT_COVERED`` step first
    for each phrase not understood, then one for each text whose fields differ from what it
    was understood to say (``readings``: each text's reading and those fields' labels), so
    the ruling is incomplete and every value is stated only under that condition.  Texts
    fully understood and agreeing with their fields return ``ruling`` itself.

    >>> from engine.core import DocumentRef
    >>> step = Step(Outcome.APPLIED, msg("dealt"), (DocumentRef("g", "d").cite("1.p1"),))
    >>> ruling = Ruling("s", (Value("damage", 2, msg("Damage")),), (step,))
    >>> read = Understanding("Deal 2.", (Phrase("Deal 2.", "deal"),), {"amount": 2})
    >>> with_card_texts(ruling, [(read, ())]) is ruling
    True
    >>> marked = with_card_texts(ruling, [(read, (msg("Amount"),))])
    >>> marked.complete, marked.steps[0].message.render()
    (False, 'The fields differ from what the card text "Deal 2." says: Amount.')
    >>> marked.values[0].shown.render()
    '2, ruled on the fields, not on the card text'
    >>> unread = Understanding("Deal 2. Fly.", (Phrase("Deal 2.", "deal"), Phrase("Fly.")), {})
    >>> marked = with_card_texts(ruling, [(unread, ())])
    >>> marked.complete, len(marked.steps), marked.values[0].shown.render()
    (False, 2, '2, if the text not understood does not change it')
    >>> nobody = replace(ruling, values=(Value("targets", (), msg("Targets")),))
    >>> with_card_texts(nobody, [(unread, ())]).values[0].shown.render()
    'none, if the text not understood does not change it'
    """
    unread = [phrase for reading, _labels in readings for phrase in reading.phrases
              if not phrase.understood]
    first = tuple(replace(not_covered(msg(_PAST_LIMIT if phrase.past_limit else _NOT_UNDERSTOOD,
                                          phrase=phrase.text)), reason=_READER_REASON)
                  for phrase in unread)
    first += tuple(_differing_step(reading.text, labels)
                   for reading, labels in readings if labels)
    if not first:
        return ruling
    shift = len(first)
    condition = _UNREAD_VALUE if unread else _DIFFERING_VALUE
    steps = tuple(replace(step, see=tuple(n + shift for n in step.see)) for step in ruling.steps)
    values = tuple(replace(value, shown=_conditional(value, condition))
                   for value in ruling.values)
    return replace(ruling, steps=first + steps, values=values)

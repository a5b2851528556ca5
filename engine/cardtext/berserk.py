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
106–108 defines it), a neutral element gained — is not understood, never guessed; so is a
feature the sentence does not give this card ("Баграх не имеет …", "Никто не имеет …",
"When attacking Bagrakh has …", "Enemy creature has …", "Maybe has …", "Баграх якобы
имеет …": only a pronoun, "this card" or a proper name — capitalised words, none a function
word, :func:`_names_a_card` — names this card), a word that
merely starts like an element's ("по тем существам", "по горящим", "darkened": only the
words of :data:`_ELEMENT_WORDS` name one) and a bonus of 0 ("+0 к удару").

>>> read = GRAMMAR.read("+2 к удару по болотным. Получает полёт.")
>>> read.inputs["features"], read.inputs["changes"]
([{'feature_element': 'swamp', 'strike_bonus': 2}], [{'change': 'gain-flight'}])
>>> GRAMMAR.read("Becomes a non-flying creature with movement 2").inputs["changes"]
[{'change': 'become-creature', 'subtype': 'non-flying', 'movement': 2}]
>>> GRAMMAR.read("+1 к удару за каждое болотное существо").not_understood
('+1 к удару за каждое болотное существо',)
>>> GRAMMAR.read("Баграх не имеет +2 к удару по болотным").not_understood
('Баграх не имеет +2 к удару по болотным',)
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Mapping

from engine.berserk import Clause
from engine.cardtext import CONJUNCTIONS, NUMBER, Grammar, Phrase, form, normalise, number

__all__ = ["GRAMMAR", "FORMS", "element"]

_ADJECTIVE_ENDINGS = ("ый", "ой", "ая", "ое", "ые", "ого", "ому", "ую", "ым", "ом", "ых",
                      "ыми")


def _russian(adjective: str, *nouns: str) -> tuple[str, ...]:
    """Every case and number of the element's adjective (stem ``adjective``) and its nouns."""
    return (*(adjective + ending for ending in _ADJECTIVE_ENDINGS), *nouns)


#: The words naming each element (стихия), in every form a text uses them: the Russian
#: adjective (106.p2: "по болотным", "болотной стихией") and noun ("стихии леса") in every
#: case, normalised ("ё" as "е"); the engine's English and German names (its labels and
#: their translations, "Finsternis" beside "Dunkelheit"), a German compound's first part
#: ("Sumpf-", "Gebirgs-").  Only these words: "тем" ("those"), "горящим" ("burning"),
#: "darkened" or "swampland" name no element.
_ELEMENT_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "steppe": (*_russian("степн", "степь", "степи", "степей", "степью", "степям", "степями",
                         "степях"), "steppe", "steppes", "steppen"),
    "forest": (*_russian("лесн", "лес", "леса", "лесу", "лесом", "лесе", "лесов", "лесам",
                         "лесами", "лесах"), "forest", "forests", "wald", "waldes", "wälder",
               "wäldern"),
    "mountains": (*_russian("горн", "горы", "гор", "горам", "горами", "горах"), "mountain",
                  "mountains", "gebirge", "gebirges", "gebirgs"),
    "swamp": (*_russian("болотн", "болото", "болота", "болот", "болоту", "болотом", "болоте",
                        "болотам", "болотами", "болотах"), "swamp", "swamps", "sumpf",
              "sumpfes", "sümpfe", "sümpfen"),
    "darkness": (*_russian("темн", "тьма", "тьмы", "тьме", "тьму", "тьмой", "тьмою"),
                 "darkness", "dark", "dunkelheit", "finsternis"),
    "neutral": (*_russian("нейтральн"), "neutral", "neutrale", "neutralen"),
})
_ELEMENTS = {word: value for value, words in _ELEMENT_WORDS.items() for word in words}
_ELEMENT_WORD = r"(?P<el>[\w-]+?)"


def element(word: str) -> str | None:
    """Return the element value a word names ("болотным" → ``"swamp"``), ``None`` if none
    (a word merely starting like one: "тем", "горящим", "darkened").

    >>> element("болотным"), element("Wald"), element("darkness"), element("огненным")
    ('swamp', 'forest', 'darkness', None)
    >>> element("тем"), element("горячим"), element("swampland"), element("Тёмным")
    (None, None, None, 'darkness')
    """
    return _ELEMENTS.get(normalise(word))


def _feature(groups: Mapping[str, str]) -> Mapping[str, Any] | None:
    found, amount = element(groups["el"]), number(groups["n"])
    if found is None or amount == 0:  # "+0 к удару" is no feature: 106.p2 gives a bonus
        return None
    if "name" in groups and not _names_a_card(groups["name"]):
        return None  # "Никто имеет …", "Everyone has …": not this card's feature
    bonus = amount * (-1 if groups.get("sign") == "-" else 1)
    return {"features": {"feature_element": found, "strike_bonus": bonus}}


_SIGN = r"(?P<sign>[+-]) ?"
#: Words that cannot stand in the name of the card that "has" the feature, whole words and
#: word starts ("…*"), in the three languages: a negation ("не имеет", "no creature has",
#: "keine Kreatur hat", "never"), a quantifier or frequency ("каждое", "иногда", "each",
#: "sometimes", "jede", "manchmal"), a condition ("когда атакует", "if attacking", "wenn
#: angreifend") or a state that is one ("закрытый", "tapped", "verwundet": while it is so),
#: another card or a player ("вражеское", "target", "your opponent",
#: "gegnerische"), an article or a count ("a creature") and a bare noun ("creature",
#: "существо", "Kreatur"): the sentence then says something other than this card's feature.
_NOT_A_NAME = (
    # Russian
    "не", "ни", "нет", "никто", "ничто", "никогда", "нигде", "никак*", "ничей", "ничь*",
    "иногда", "всегда", "часто", "редко", "обычно", "порой", "лишь", "только", "также", "тоже",
    "когда", "если", "пока", "при", "после", "до", "в", "во", "на", "по", "с", "со", "у", "к",
    "от", "за", "для", "тогда", "будучи", "атаку*", "атакова*", "защищ*", "блокир*", "став*",
    "кажд*", "люб*", "всяк*", "некотор*", "нескольк*", "многи*", "все", "весь", "вся", "всех",
    "один", "одно", "одна", "два", "две", "три", "друг*", "иное", "иная", "иной", "иные",
    "враж*", "противник*", "чуж*", "целев*", "соседн*", "союзн*", "его", "ее", "их", "ваш*",
    "тво*", "сво*", "мой", "мое", "моя", "мои", "существ*", "карта", "карты", "карту",
    "картой", "отряд*", "игрок*", "владел*", "персонаж*",
    "закрыт*", "открыт*", "ранен*", "поврежд*", "поверн*", "разверн*", "мертв*", "убит*",
    "погибш*", "отравлен*", "оглушен*", "активн*", "неактивн*", "разыгран*", "выложен*",
    # English
    "no", "not", "never", "none", "nobody", "nothing", "neither", "nor", "each", "every",
    "any", "some", "sometimes", "always", "often", "usually", "rarely", "seldom",
    "occasionally", "only", "also", "when", "whenever", "if", "while", "unless", "until",
    "after", "before", "as", "during", "once", "then", "attack*", "defend*", "block*",
    "enem*", "target*", "opponent*", "opposing", "other*", "another", "your*", "my", "his",
    "her", "their*", "our*", "a", "an", "one", "two", "three", "creature*", "card*", "player*",
    "owner*", "controller*", "all*", "friendly", "adjacent", "nearby",
    "tapped", "untapped", "wounded", "damaged", "injured", "exhausted", "ready", "readied",
    "dead", "destroyed", "poisoned", "stunned", "closed", "opened", "active", "inactive",
    "turned", "played",
    # German
    "kein*", "nicht", "nie", "niemals", "niemand", "nichts", "jede*", "alle*", "manch*",
    "einig*", "irgend*", "immer", "oft", "selten", "gelegentlich", "nur", "auch", "wenn",
    "falls", "solange", "sobald", "während", "bei", "nachdem", "bevor", "als", "dann",
    "angreif*", "verteidig*", "blockier*", "gegner*", "feind*", "ziel*", "ander*", "dein*",
    "ihr*", "sein*", "mein*", "unser*", "eure*", "euer", "ein", "eine", "einer", "eines",
    "einem", "einen", "kreatur*", "karte*", "spieler*", "besitzer*", "verbündet*",
    "verwundet*", "verletzt*", "beschädigt*", "getappt*", "erschöpft*", "geschlossen*",
    "geöffnet*", "tot", "tote*", "toter", "vergiftet*", "betäubt*", "aktiv*", "inaktiv*",
    "gespielt*", "ausgespielt*",
)
#: Function words a card's name does not hold either, and words that open a sentence
#: without naming anything (a capital letter there is the sentence's, not a name's): another
#: party ("цель", "foe", "Gegner"), a pronoun, an indefinite or a quantifier ("кто-то",
#: "everyone", "jemand"), a preposition or exclusion ("кроме", "except", "außer"), a doubt,
#: a degree or a time ("возможно", "almost", "vielleicht", "временно", "formerly", "ehemals")
#: and the verb itself.  With :data:`_NOT_A_NAME`, no word of either is part of a name.
_FUNCTION_WORDS = (
    # Russian: parties, pronouns, indefinites, quantifiers
    "цель", "цели", "целью", "оппонент*", "соперник*", "враг", "врага", "врагу", "враги",
    "врагов", "недруг*", "неприятел*", "кто", "кого", "кому", "кем", "ком", "что", "чего",
    "чему", "чем", "некто", "нечто", "кое", "то", "либо", "нибудь", "оба", "обе", "обоих",
    "многие", "немногие", "некий", "некая", "некое", "некие", "какой*", "какая", "какое",
    "какие", "котор*", "чей", "чья", "чье", "чьи", "тот", "та", "те", "этот", "эта", "это",
    "эти", "такой", "такая", "такое", "такие", "сам", "сама", "само", "сами", "самый", "он",
    "она", "оно", "они", "я", "ты", "мы", "вы", "им", "ей", "ему", "нему", "ней", "себя",
    "себе", "прочие", "остальн*", "большинство", "половина", "часть", "имеет", "имеют",
    "обладает",
    # Russian: prepositions, conjunctions, particles
    "кроме", "без", "вместо", "против", "помимо", "вне", "через", "сквозь", "над", "под",
    "перед", "между", "среди", "около", "возле", "вокруг", "из", "о", "об", "про", "ради",
    "благодаря", "вопреки", "согласно", "подобно", "вроде", "как", "а", "но", "или", "и", "да",
    "ли", "же", "бы", "ведь", "даже", "уже", "еще", "вот", "хоть", "хотя", "пусть", "пускай",
    "мол", "дескать", "исключая", "включая", "невзирая", "несмотря",
    # Russian: doubt, degree, time
    "возможно", "наверное", "наверно", "вероятно", "пожалуй", "может", "якобы", "будто",
    "словно", "едва", "чуть", "почти", "вряд", "навряд", "больше", "меньше", "более", "менее",
    "временно", "раньше", "ранее", "прежде", "некогда", "однажды", "теперь", "сейчас",
    "потом", "затем", "вскоре", "впредь", "отныне", "снова", "опять", "вновь", "иначе",
    "мнимо", "условно", "гипотетически", "предположительно", "видимо", "кажется",
    "очевидно", "конечно", "разумеется", "действительно", "именно", "изредка", "постоянно",
    "навсегда", "сначала", "вначале", "сперва", "позже", "позднее", "впоследствии", "вдруг",
    "далее", "дальше", "затем", "после", "впредь",
    "бывает", "бывало", "вообще", "исключительно", "частично", "полностью", "дважды",
    "трижды", "вдвое", "очень", "слишком", "довольно", "весьма", "совсем", "вовсе", "якобы",
    "авось", "вчера", "сегодня", "завтра", "прежний", "бывший", "бывшая", "бывшее",
    # English: parties, pronouns, indefinites, quantifiers
    "foe*", "rival*", "adversar*", "everyone", "everybody", "everything", "anyone", "anybody",
    "anything", "someone", "somebody", "something", "noone", "who", "whom", "whose",
    "whoever", "what", "whatever", "which", "whichever", "that", "this", "these", "those",
    "both", "either", "few", "many", "most", "several", "such", "same", "the", "it", "its",
    "he", "she", "they", "them", "we", "you", "i", "me", "him", "us", "itself", "himself",
    "herself", "themselves", "has", "have", "had", "is", "was", "be", "non", "un",
    # English: prepositions, conjunctions
    "except*", "unlike", "like", "without", "with", "instead", "against", "versus", "vs",
    "besides", "beside", "but", "save", "barring", "excluding", "including", "apart", "of",
    "for", "from", "to", "in", "on", "at", "by", "into", "onto", "upon", "about", "above",
    "below", "under", "over", "through", "across", "among", "between", "behind", "beyond",
    "near", "toward*", "via", "per", "and", "or", "so", "yet", "because", "since", "though",
    "although", "whether", "where", "wherever", "how", "why", "than", "despite",
    # English: doubt, degree, time
    "maybe", "perhaps", "possibly", "probably", "likely", "unlikely", "hardly", "barely",
    "scarcely", "almost", "nearly", "supposedly", "allegedly", "apparently", "seemingly",
    "hypothetically", "theoretically", "presumably", "temporarily", "permanently",
    "formerly", "previously", "earlier", "later", "now", "today", "currently", "still",
    "already", "again", "soon", "eventually", "finally", "ever", "just", "even", "too",
    "very", "more", "less", "least", "quite", "rather", "somewhat", "partly", "partially",
    "fully", "certainly", "surely", "definitely", "indeed", "really", "actually", "truly",
    "twice", "thrice", "otherwise", "else", "hence", "thus", "therefore", "however",
    "meanwhile", "initially", "originally", "briefly", "here", "there", "sometime",
    "frequently", "constantly", "forever", "anyway", "ostensibly", "arguably", "might",
    "could", "would", "should", "must", "shall", "former", "erstwhile", "once",
    "afterward*", "thereafter", "subsequently", "next", "lastly", "henceforth", "thenceforth",
    # German: parties, pronouns, indefinites, quantifiers
    "jemand*", "wer", "wen", "wem", "wessen", "was", "welch*", "etwas", "man", "beide*",
    "viele*", "wenig*", "mehrere*", "sämtlich*", "jeglich*", "derjenig*", "dieselb*",
    "solch*", "dies*", "jene*", "der", "die", "das", "den", "dem", "des", "er", "sie", "es",
    "ich", "du", "wir", "ihm", "ihn", "uns", "euch", "sich", "selbst", "hat", "haben",
    "hatte", "ist", "war",
    # German: prepositions, conjunctions
    "außer", "ohne", "statt", "anstatt", "anstelle", "gegen", "mit", "von", "vom", "zu",
    "zum", "zur", "für", "durch", "um", "aus", "nach", "seit", "vor", "hinter", "neben",
    "zwischen", "über", "unter", "auf", "an", "am", "im", "in", "ins", "trotz", "wegen",
    "samt", "gemäß", "laut", "entgegen", "abgesehen", "ausgenommen", "ausschließlich",
    "bis", "und", "oder", "aber", "sondern", "denn", "doch", "weil", "da", "ob", "wie",
    "sowie", "nicht-",
    # German: doubt, degree, time
    "vielleicht", "möglicherweise", "eventuell", "wahrscheinlich", "vermutlich",
    "angeblich", "anscheinend", "scheinbar", "offenbar", "kaum", "fast", "beinahe",
    "nahezu", "ehemals", "ehemalig*", "früher*", "einst", "einstmals", "vormals", "vorher",
    "zuvor", "bisher", "damals", "jetzt", "nun", "heute", "gestern", "morgen", "später",
    "bald", "noch", "schon", "bereits", "wieder", "erneut", "zuerst", "zunächst", "zuletzt",
    "vorübergehend", "zeitweise", "zeitweilig", "temporär", "dauerhaft", "hypothetisch",
    "theoretisch", "sicher", "sicherlich", "bestimmt", "gewiss", "wohl", "etwa", "eher",
    "mehr", "weniger", "sehr", "ganz", "teilweise", "halb", "doppelt", "zweimal", "einmal",
    "stets", "häufig", "meist*", "jeweils", "sonst", "ansonsten", "trotzdem", "dennoch",
    "also", "daher", "deshalb", "jedoch", "hier", "dort", "eigentlich", "wirklich",
    "tatsächlich", "nimmer", "nirgends", "womöglich", "mutmaßlich", "danach", "anschließend",
    "hinterher", "daraufhin", "darauf", "fortan", "künftig", "nunmehr", "sodann",
)
_WHOLE_WORDS = frozenset(normalise(word) for word in (*_NOT_A_NAME, *_FUNCTION_WORDS)
                         if not word.endswith("*"))
_WORD_STARTS = tuple(normalise(word[:-1]) for word in (*_NOT_A_NAME, *_FUNCTION_WORDS)
                     if word.endswith("*"))
#: One word of a name: letters, joined by a hyphen or an apostrophe ("Жан-Поль", "O'Neill");
#: no digit, no other sign.  A name as written may stand in quotes ("«Баграх» имеет").
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['-][^\W\d_]+)*")
_QUOTES = str.maketrans({"„": '"', "“": '"', "”": '"', "«": '"', "»": '"', "‚": "'",
                         "‘": "'", "’": "'", "\u00a0": " "})


def _names_a_card(name: str, written: bool = False) -> bool:
    """Whether ``name`` (the words before "имеет"/"has"/"hat") names a card, as a proper name
    does: one to three words of letters (a hyphen or an apostrophe inside), in quotes or not,
    none of them, nor any part of one joined by a hyphen, a word of :data:`_NOT_A_NAME` or
    :data:`_FUNCTION_WORDS`; ``written`` (the text as typed, not case-folded): every word and
    part begins with a capital letter.

    >>> _names_a_card("Баграх", True), _names_a_card("«Баграх»", True)
    (True, True)
    >>> _names_a_card("O'Neill", True), _names_a_card("Жан-Поль Баграх", True)
    (True, True)
    >>> _names_a_card("Баграх якобы", True), _names_a_card("Не-Баграх", True)
    (False, False)
    >>> _names_a_card("Maybe", True), _names_a_card("3 Gnomes", True), _names_a_card("Who")
    (False, False, False)
    >>> _names_a_card("Закрытый Баграх", True), _names_a_card("Bagrakh's Guard", True)
    (False, False)
    """
    name = " ".join(name.translate(_QUOTES).split())
    if len(name) > 1 and name[0] == name[-1] and name[0] in "\"'":
        name = name[1:-1].strip()
    words = name.split(" ")
    if not 1 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(word) for word in words):
        return False
    if any(word.endswith(("'s", "s'")) for word in words):
        return False  # "Bagrakh's Guard": a card of another, not this one
    parts = [part for word in words for part in word.split("-")]
    if written and not all(part[0].isupper() for part in parts):
        return False
    folded = [normalise(part) for part in parts]
    return not any(part in _WHOLE_WORDS or part.startswith(_WORD_STARTS) for part in folded)


# "Баграх имеет +2 …" (the example's own sentence): this card by its name (up to three words,
# each a name's: :func:`_names_a_card`; the name itself is not read), by a pronoun or "this
# card", or with no subject, as printed on the card itself ("Имеет +2 …", as "+2 …").
_NAME = r"(?P<name>[^ ]+(?: [^ ]+){0,2}?)"
_SELF = {"ru": r"он|она|оно|эта карта|это существо|данная карта|данное существо",
         "en": r"it|this card|this creature", "de": r"er|sie|es|diese karte|diese kreatur"}
_VERBS = {"ru": "имеет", "en": "has", "de": "hat"}
_ALSO = {"ru": "также|тоже", "en": "also", "de": "auch"}
_HAS = {language: rf"(?:(?:(?:(?:{_SELF[language]})|{_NAME}) (?:(?:{_ALSO[language]}) )?)?{verb} "
                  rf"(?:(?:{_ALSO[language]}) )?)?" for language, verb in _VERBS.items()}
_FEATURE = form(
    "feature-against-element", _feature, Clause.FEATURE,
    ru=(rf"{_HAS['ru']}{_SIGN}{NUMBER} к удару (?:по|против) (?:карт\w* |существ\w* )?"
        rf"(?:стихи\w* )?{_ELEMENT_WORD}(?: карт\w*| существ\w*| стихи\w*)?",
        rf"{_HAS['ru']}{_SIGN}{NUMBER} к удару против любой карты,? обладающей "
        rf"{_ELEMENT_WORD} стихией"),
    en=rf"{_HAS['en']}{_SIGN}{NUMBER} (?:to )?strikes? (?:against|vs) (?:the )?{_ELEMENT_WORD}"
       r"(?: element)?(?: cards?| creatures?)?",
    de=rf"{_HAS['de']}{_SIGN}{NUMBER} (?:auf |zum )?schl(?:a|ä)g(?:e|wert)? gegen "
       rf"(?:(?:karten|kreaturen) (?:des|der|vom|von(?: der| dem)?|aus (?:dem|der)) )?"
       rf"{_ELEMENT_WORD}"
       rf"(?:-?karten|-?kreaturen|-?element)?")

# The card that undergoes a change: this card, never another ("target creature", "eine Karte").
_SUBJECT = {
    "ru": r"(?:(?:эта |это |данная |данное )?(?:карта|существо) )?",
    "en": r"(?:(?:this|the) (?:card|creature) )?",
    "de": r"(?:(?:diese|die|das) (?:karte|kreatur) )?",
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
#: Words naming the status a card becomes (108.1: "если элитная карта становится рядовой"),
#: alone or before "card" ("рядовой картой", "an ordinary card", "eine gewöhnliche Karte").
_STATUSES = {"элитной": "elite", "рядовой": "ordinary", "элитным": "elite",
             "рядовым": "ordinary", "elite": "elite", "ordinary": "ordinary",
             "elitär": "elite", "gewöhnlich": "ordinary", "elitäre": "elite",
             "elitären": "elite", "gewöhnliche": "ordinary", "gewöhnlichen": "ordinary"}


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
    found = _STATUSES.get(groups.get("s") or groups.get("card") or groups["karte"])
    return None if found is None else {"changes": {"change": f"become-{found}"}}


_STATUS = form(
    "becomes-elite-or-ordinary", _status, Clause.REPLACE,
    ru=rf"{_SUBJECT['ru']}становится (?P<s>\w+)(?: картой)?",
    en=rf"{_SUBJECT['en']}becomes (?:(?:an? )?(?P<card>\w+) card|(?P<s>\w+))",
    de=rf"{_SUBJECT['de']}wird (?:(?:zu )?(?:einer |eine |zur )?(?P<karte>\w+) karte|(?P<s>\w+))")


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


_WRITTEN_NAME = {language: re.compile(rf"\s*(?P<name>.+?)\s+{verb}\s", re.IGNORECASE)
                 for language, verb in _VERBS.items()}


def _resolve(phrases: tuple[Phrase, ...]) -> tuple[Phrase, ...]:
    """The phrases, each feature whose name is not written as a name's ("Баграх якобы имеет",
    "Maybe has", "Кто-то имеет": a word in lower case or a capital the sentence's only) not
    understood; the forms see the text case-folded, so this is checked on it as written.  So
    is a feature whose subject is a pronoun right after a phrase not understood ("Враг теряет
    полёт. Он имеет …": "он" may be that phrase's subject).

    Features naming two different cards ("Баграх имеет … Гарк имеет …") are not understood:
    one of the names is another card's, and the text does not say which.

    >>> read = lambda text: [p.understood for p in GRAMMAR.read(text).phrases]
    >>> read("Враг теряет полёт. Он имеет +1 к удару по лесным.")
    [False, False]
    >>> read("Становится артефактом. Он имеет +1 к удару по лесным.")
    [True, True]
    >>> read("Баграх имеет +2 к удару по болотным. Гарк имеет +1 к удару по лесным.")
    [False, False]
    >>> read("Bagrakh has +1 strike vs forest. баграх имеет +2 к удару по болотным.")
    [True, False]
    """
    names = {_name_of(p) for p in phrases  # "баграх имеет …" in lower case names no card
             if p.form == _FEATURE.name and _written_as_a_name(p)} - {None}
    return tuple(Phrase(phrase.text) if phrase.form == _FEATURE.name and (len(names) > 1 or not (
        _written_as_a_name(phrase) and (index == 0 or phrases[index - 1].understood
                                        or not _by_pronoun(phrase))))
                 else phrase for index, phrase in enumerate(phrases))


def _name_of(phrase: Phrase) -> str | None:
    """The name the feature ``phrase`` gives its card, normalised; ``None`` for none, a
    pronoun or "this card"."""
    language = phrase.language or "en"
    found = _WRITTEN_NAME[language].match(phrase.text)
    subject = found and _subject(found["name"], language)
    return None if not subject or re.fullmatch(_SELF[language], subject) else subject


_PRONOUN = {"ru": "он|она|оно", "en": "it", "de": "er|sie|es"}


def _by_pronoun(phrase: Phrase) -> bool:
    """Whether the feature ``phrase`` names its card by a pronoun ("Он имеет …")."""
    language = phrase.language or "en"
    found = _WRITTEN_NAME[language].match(phrase.text)
    return found is not None and re.fullmatch(
        _PRONOUN[language], _subject(found["name"], language)) is not None


def _written_as_a_name(phrase: Phrase) -> bool:
    """Whether the feature ``phrase`` names no card, this card by a pronoun or "this card",
    or a card by a name as it is written (:func:`_names_a_card`)."""
    language = phrase.language or "en"
    found = _WRITTEN_NAME[language].match(phrase.text)
    if found is None:  # "+2 к удару по болотным": no name
        return True
    if re.fullmatch(_SELF[language], _subject(found["name"], language)):
        return True  # "Он имеет …", "This creature has …", "Он также имеет …"
    also = rf"\s+(?:{_ALSO[language]})$"  # "Баграх также имеет …": the name before "также"
    return _names_a_card(re.sub(also, "", found["name"], flags=re.IGNORECASE), written=True)


def _subject(name: str, language: str) -> str:
    """The words before the verb, normalised, without a closing "также" / "also"."""
    return re.sub(rf" (?:{_ALSO[language]})$", "", normalise(name))


#: The Berserk card-text grammar.
#: A feature's sentence may list several, parted by commas ("+2 к удару по болотным, +1 к
#: удару по лесным"): each part must then be a whole feature.
_CONJUNCTIONS = MappingProxyType({language: (*words, ",")
                                  for language, words in CONJUNCTIONS.items()})
GRAMMAR = Grammar("berserk", FORMS, _assemble, conjunctions=_CONJUNCTIONS,
                  resolve=_resolve)

"""Shared by the Power-Duell engine tests: clause keys and texts, STEP_WORDS, set-ups, helpers."""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import FieldKind, InputError, Outcome, Ruling, Scenario
from engine.powerduell import SITUATION
from tests.engine import situations
from engine.powerduell import (
    RULESET, Clause, GuardianSymbols, Influence, Planet, influences, np_factor,
)

P = "1.2.4."
IMMUNITY = P + "kartenaufbau.p3"
WIRKUNG_ATTRIBUTES = P + "effekte-der-schutzgottkarte.p2"
WIRKUNG_SCOPE = P + "effekte-der-schutzgottkarte.p3"
SPEZIAL = P + "effekte-der-schutzgottkarte.p4"
RANK = P + "behandlung-der-reihenfolge-von-effekt-wirkung.p1"
ORDER = P + "behandlung-der-reihenfolge-von-effekt-wirkung.p3"
ORDER_REGULAR = P + "behandlung-der-reihenfolge-von-effekt-wirkung.p4"
NP_CARD = P + "negativ-positiv-wirkung.p1"
NP_RULES = P + "negativ-positiv-wirkung.p2"
NP_NEGATIV = P + "negativ-positiv-wirkung.p3"
NP_POSITIV = P + "negativ-positiv-wirkung.p4"
NP_ACTIVE = P + "negativ-positiv-wirkung.p5"
WB_CARD = P + "wirkungsbegrenzung.p1"
WB_RULE = P + "wirkungsbegrenzung.p2"

#: The cleaned seed text of every clause (engine_pd.md split), for word checks.
CLAUSE_TEXT = {
    P + "kartenaufbau.p1": "Die Grund-Attribute einer Schutzgottkarte sind: das "
    "Basis-Planetensymbol "
    "(mittig rechts), der Grund-Energiepunktewert (GEP-Wert), der Kartenname, der Kartentext bzw. "
    "die -beschreibung, die rote Kartenfarbe",
    P + "kartenaufbau.p2": "Schutzgottkarten werden auf dem Schutzgottkarten-Feld (FELD A) aktiviert.",
    IMMUNITY: "Eine Schutzgottkarte ist immun gegen alle Effekte von Monster- & Energiekarten. "
    "Ausgenommen sind Effekte von Gravitations-Energiekarten. Außerdem beeinflussen Effekte von "
    "Schutzgottkarten nicht die gegnerische Schutzgottkarte. Sofern nicht anders in der "
    "Beschreibung festgelegt, gelten die Effekte von Schutzgottkarten nur für die eigene "
    "Spielfeldseite.",
    P + "effekte-der-schutzgottkarte.p1": "Eine Schutzgottkarte kann in der Beschreibung 2 Arten von "
    "Effekten aufweisen, die \"Wirkung\" und die \"Spezial-Wirkung\".",
    WIRKUNG_ATTRIBUTES: "Der Effekt unter \"Wirkung\" kann nur eine Beeinflussung der "
    "Grund-Attribute (Energiepunkte-Werte, AP-, DP- & LP-Wert) von Monsterkarten beinhalten.",
    WIRKUNG_SCOPE: "Wenn in der Effektbeschreibung nichts anderes beschrieben wird, gilt dieser "
    "Effekt nur für Monsterkarten mit dem primären Planetensymbol, dass dem Planetensymbol der "
    "Schutzgottkarte entspricht.",
    SPEZIAL: "Der Effekt der unter \"Spezial-Wirkung\" beschrieben wird, kann zusätzlich auch auf "
    "andere Attribute von Monsterkarten Bezug nehmen bzw. auch Energiekarten beeinflussen.",
    RANK: "Schutzgottkarten haben den zweit höchsten Wirkungsrang (2 von 3). Das heißt, ihre "
    "Effekte stehen über allen anderen Effekten. Dabei steht die \"Spezial-Wirkung\" vor der "
    "\"Wirkung\" einer Schutzgottkarte. Den niedrigsten Wirkungsrang haben die Effekte von "
    "Energie- & Monsterkarten.",
    P + "behandlung-der-reihenfolge-von-effekt-wirkung.p2": "Angenommen, eine Energiekarte wird "
    "aktiviert und beeinflusst eine Monsterkarte, die bereits unter der Wirkung einer "
    "Schutzgottkarte steht.",
    ORDER: "Da die Energiekarte ihren Effekt nach der Schutzgottkarte aktiviert und da sie einen "
    "geringeren Wirkungsrang als die Schutzgottkarte besitzt, wird erst der Effekt der "
    "Energiekarte und dann der Effekt der Schutzgottkarte gewertet. Effekte werden immer vom "
    "zuletzt aktivierten Effekt bis zum am längsten aktiven Effekt aufgerollt und gewertet.",
    ORDER_REGULAR: "Dies entspricht zugleich der regulären \"Behandlung der Reihenfolge von "
    "Effekten\".",
    NP_CARD: "Besitzt eine Schutzgottkarte zwei zusätzliche Planetensymbole (siehe Abbildung), so "
    "handelt es sich um eine Schutzgottkarte mit \"negativ-positiv-Wirkung\".",
    NP_RULES: "Es ist folgendes zu beachten: der Wirkungskreis der Planeten-Beeinflussung ist für "
    "die Spielfeldseite auf der diese Karte liegt außer Kraft gesetzt, der Effekt der in der "
    "Kartenbeschreibung unter \"Wirkung:\" beschrieben wird, gilt nur für eigene Monsterkarten, "
    "bei denen das primäre Planetensymbol dem Basis-Symbol der Schutzgottkarte entspricht, von "
    "der negativ-positiv-Wirkung werden nur Monsterkarten betroffen, die sich in einem Kampf "
    "befinden und das Angriffsziel unter einem Effekt steht der die Energiepunkte-, AP-, DP- oder "
    "LP-Werte beeinflusst. Dabei muss das primäre Planetensymbol des Angriffsziels dem kleinen "
    "rechten Planetensymbol (negativ-Wirkung) oder dem kleinen linken Planetensymbol "
    "(positiv-Wirkung) entsprechen. die negativ-positiv-Wirkung wird von Links nach Rechts für "
    "die \"positiv-Wirkung\" gelesen und von Rechts nach Links für die \"negativ-Wirkung\". "
    "bedeutet: Mars wirkt positiv auf Merkur und Merkur positiv auf Erde, sowie: Erde wirkt "
    "negativ auf Merkur und Merkur negativ auf Mars,",
    NP_NEGATIV: "Bei \"negativ-Wirkung\" werden alle Reduzierungen verdoppelt und Erhöhungen "
    "halbiert.",
    NP_POSITIV: "Bei \"positiv-Wirkung\" werden alle Reduzierungen halbiert und Erhöhungen "
    "verdoppelt.",
    NP_ACTIVE: "Es gilt nur die negativ-positiv-Wirkung, der Spielfeldseite, die gerade den aktiven "
    "Spielzug durchführt. Beispiel (siehe Abbildung): Das Basis-Planetensymbol ist Venus. Erde "
    "wird als negativ-Wirkung und Mars als positiv-Wirkung festgelegt. Die Wirkung in der "
    "Kartenbeschreibung legt fest, dass Venus-Monsterkarten 20 Punkte zu ihren AP-Grundwert dazu "
    "erhalten. Die Ziel-Monsterkarte steht unter einem Effekt, der den DP-Wert verändert. Fall 1 - "
    "negativ-Wirkung: Greift eine Venus-Monsterkarte eine Erde-Monsterkarte an, wird die Erhöhung "
    "für die Venus-Monsterkarte halbiert. Begründung: Die Schutzgottkarte enthält als "
    "\"Planetensymbol für negativ-Wirkung\" das Erde-Symbol. Erde wirkt negativ auf Venus. Fall 2 - "
    "positiv-Wirkung: Greift eine Venus-Monsterkarte eine Mars-Monsterkarte an, wird die Erhöhung "
    "der Venus-Monsterkarte verdoppelt. Begründung: Die Schutzgottkarte enthält als "
    "\"Planetensymbol für positiv-Wirkung\" das Mars-Symbol. Mars wirkt positiv auf Venus.",
    WB_CARD: "Besitzt eine Schutzgottkarte ein weiteres Planetensymbol (rechte kleine "
    "Planetensymbol), so handelt es sich um eine Schutzgottkarte mit \"Wirkungsbegrenzung\".",
    WB_RULE: "Die Wirkungsbegrenzung legt fest, dass der Effekt unter \"Spezial-Wirkung\" nur "
    "Monsterkarten beeinflusst, die das gleiche primäre Planetensymbol aufweisen, die dem "
    "Planetensymbol der Wirkungsbegrenzung entspricht. Beispiel (siehe Abbildung): Das "
    "Basis-Planetensymbol ist Venus. Venus wird als Wirkungsbegrenzungs-Planet festgelegt. Die "
    "Spezial-Wirkung in der Kartenbeschreibung legt fest, dass Monsterkarten bei der Aktivierung "
    "1 Energiepunkt weniger zahlen müssen. Obwohl im Kartentext \"alle Monsterkarten\" "
    "geschrieben steht, ist durch die Festlegung des zweiten Planetensymbols (das linke "
    "Planetensymbol) die Wirkung auf Monsterkarten mit dem primären Planetensymbol Venus "
    "begrenzt worden. Nur für diese Monsterkarten gilt der Effekt.",
}

#: Step message id -> words that appear verbatim in the text of the clauses the step cites.
STEP_WORDS: dict[str, tuple[str, ...]] = {
    # situation
    "%(side)s takes the active turn.": ("aktiven Spielzug",),
    "The Spezial-Wirkungen that change costs are evaluated from the latest activated: that of "
    "%(first)s, then that of %(second)s.": ("zuletzt aktivierten",),
    # the wrapped step's own words are checked against the same citations
    "Monster %(number)s and the Wirkung of the Schutzgottkarte of %(side)s: %(step)s": (),
    "The Spezial-Wirkung of the Schutzgottkarte of %(side)s: %(step)s": (),
    "Card text may override this rule: %(rule)s": (
        "Sofern nicht anders in der Beschreibung festgelegt",
        "Wenn in der Effektbeschreibung nichts anderes beschrieben wird"),
    "Monster %(number)s is under the Wirkung of the Schutzgottkarte of %(side)s: "
    "%(attribute)s %(amount)s.": ("Wirkung", "Grund-Attribute"),
    "Not covered by the published rules: %(what)s": ("Wirkungsrang", "Schutzgottkarte"),
    "Effect %(number)s does not reach monster %(monster)s.": ("Effekt",),
    "Effect %(number)s (Gravitations-Energiekarte) was given the lowest Wirkungsrang, as an "
    "Energiekarte.": ("Gravitations-Energiekarten", "niedrigsten Wirkungsrang"),
    "Monster %(number)s: effects are evaluated by Wirkungsrang, lowest first (Energie- & "
    "Monsterkarten 3, Schutzgottkarten 2), and within a rank from the latest activated to the "
    "longest active: %(order)s.": ("Wirkungsrang", "zuletzt aktivierten"),
    "Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, Wirkungsrang "
    "%(rank)s, negativ-positiv factor %(factor)s): %(attribute)s %(before)s → %(after)s.": (
        "Wirkungsrang",),
    "Monster %(number)s, evaluated %(position)s.: %(effect)s (%(source)s, Wirkungsrang "
    "%(rank)s, negativ-positiv factor %(factor)s): %(attribute)s %(before)s → %(after)s. The "
    "negativ-positiv-Wirkung was considered and does not apply: %(why)s": (
        "Wirkungsrang", "negativ-positiv-Wirkung"),
    "Monster %(number)s: Wirkungsrang and activation order disagree; both readings are shown.":
        ("Wirkungsrang", "aktiviert"),
    "Monster %(number)s: whether the negativ-positiv-Wirkung scales changes from other cards "
    "is open; both readings are shown.": ("alle Reduzierungen",),
    "Monster %(number)s has half points; the readings show exact and rounded values.": (
        "gewertet",),
    "Monster %(number)s has half points from a halving by the negativ-positiv-Wirkung; the "
    "readings show exact and rounded values.": ("halbiert",),
    # guardian-wirkung
    "The Wirkung of a card with negativ-positiv-Wirkung applies only to own monster cards of "
    "its Basis-Planetensymbol.": ("eigene Monsterkarten", "Basis-Symbol"),
    "The Wirkung of a card with negativ-positiv-Wirkung does not reach a monster of the "
    "opposing side.": ("eigene Monsterkarten", "eigene Spielfeldseite"),
    "The Wirkung does not reach a monster of the opposing side.": ("eigene Spielfeldseite",),
    "The Wirkung does not reach a monster of this planet.": (
        "nur für Monsterkarten mit dem primären Planetensymbol",),
    "The Wirkung reaches the monster: an own monster card whose primary planet symbol "
    "%(planet)s is the Basis-Planetensymbol.": ("primäre", "Planetensymbol"),
    "The description extends the Wirkung to the opposing side.": (
        "Sofern nicht anders in der Beschreibung festgelegt",),
    "The Wirkung reaches the monster: its primary planet symbol %(planet)s is the "
    "Schutzgottkarte's planet.": ("primären Planetensymbol",),
    "The Wirkung reaches the monster: its description names all monster cards.": (
        "nichts anderes beschrieben",),
    "The Wirkung reaches the monster: its description names monsters of %(planet)s.": (
        "nichts anderes beschrieben",),
    "No negativ-positiv-Wirkung.": ("zwei zusätzliche Planetensymbole",),
    "The card has two small planet symbols: a Schutzgottkarte with negativ-positiv-Wirkung "
    "(positiv %(left)s, negativ %(right)s).": ("zwei zusätzliche Planetensymbole",),
    "The Wirkungskreis der Planeten-Beeinflussung is suspended (“außer Kraft gesetzt”) for the "
    "side of this card.": ("Wirkungskreis der Planeten-Beeinflussung", "außer Kraft gesetzt"),
    "The Schutzgottkarte's side is taking the active turn: its negativ-positiv-Wirkung "
    "counts.": ("aktiven Spielzug",),
    "The negativ-positiv-Wirkung of this card does not count.": ("aktiven Spielzug",),
    "The negativ-positiv-Wirkung does not affect the monster.": (
        "Kampf", "Angriffsziel"),
    "The defending monster was taken as the attack target.": ("Angriffsziel", "Kampf"),
    "negativ-positiv conditions met: the monster is in a combat, the attack target is under an "
    "effect on %(attributes)s and its primary planet symbol %(target)s is the %(symbol)s.": (
        "Kampf", "Angriffsziel", "Energiepunkte-, AP-, DP- oder LP-Werte"),
    "negativ-positiv conditions met: the monster is in a combat, the attacking monster (taken "
    "in place of the attack target) is under an effect on %(attributes)s and its primary planet "
    "symbol %(target)s is the %(symbol)s.": (
        "Kampf", "Angriffsziel", "Energiepunkte-, AP-, DP- oder LP-Werte"),
    "Read from right to left (%(right)s → %(base)s → %(left)s): %(target)s acts negatively on "
    "%(monster)s.": ("von Rechts nach Links", "wirkt negativ auf"),
    "Read from left to right (%(left)s → %(base)s → %(right)s): %(target)s acts positively on "
    "%(monster)s.": ("von Links nach Rechts", "wirkt positiv auf"),
    "Both negativ-Wirkung and positiv-Wirkung were applied.": (
        "kleinen rechten Planetensymbol", "kleinen linken Planetensymbol"),
    "The Wirkung changes the monster's %(attribute)s by %(amount)s.": ("Grund-Attribute",),
    "The Wirkung changes the monster's %(attribute)s by %(amount)s. The "
    "negativ-positiv-Wirkung was considered and does not apply: %(why)s": (
        "Grund-Attribute", "negativ-positiv-Wirkung"),
    "negativ-Wirkung: the increase is halved, %(before)s → %(after)s.": ("Erhöhungen halbiert",),
    "negativ-Wirkung: the reduction is doubled, %(before)s → %(after)s.": (
        "Reduzierungen verdoppelt",),
    "positiv-Wirkung: the increase is doubled, %(before)s → %(after)s.": (
        "Erhöhungen verdoppelt",),
    "positiv-Wirkung: the reduction is halved, %(before)s → %(after)s.": (
        "Reduzierungen halbiert",),
    "Halving %(before)s gives %(after)s.": ("halbiert",),
    "The Wirkung gives %(attribute)s %(before)s %(change)s = %(after)s.": ("Grund-Attribute",),
    "The value is below 0.": ("Grund-Attribute",),
    # wirkungsbegrenzung
    "No Wirkungsbegrenzung: the Spezial-Wirkung affects the monster cards its text names, here "
    "all of them.": ("Wirkungsbegrenzung", "Spezial-Wirkung"),
    "Wirkungsbegrenzung %(planet)s: the Spezial-Wirkung affects only monster cards whose "
    "primary planet symbol is %(planet)s.": ("Wirkungsbegrenzung", "primäre Planetensymbol"),
    "Monster %(number)s (%(planet)s) is on the opposing side and pays %(cost)s "
    "Energiepunkte.": ("nur für die eigene Spielfeldseite",),
    "Monster %(number)s (%(planet)s) is outside the Wirkungsbegrenzung and pays %(cost)s "
    "Energiepunkte.": ("Wirkungsbegrenzung", "nur Monsterkarten beeinflusst"),
    "Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte instead of %(cost)s.": (
        "Spezial-Wirkung", "Monsterkarten"),
    "Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of %(paid)s.": (
        "Spezial-Wirkung", "Monsterkarten"),
    # effect-order
    "An effect of Wirkungsrang 1 of 3 was evaluated after all Schutzgottkarte effects.": (
        "Wirkungsrang (2 von 3)", "stehen über allen anderen Effekten"),
    "Monster %(number)s: the Spezial-Wirkung was evaluated after the Wirkung.": ("Dabei steht die \"Spezial-Wirkung\" vor der "
                                              "\"Wirkung\"",),
    "The Spezial-Wirkung was evaluated after the Wirkung.": (
        "Dabei steht die \"Spezial-Wirkung\" vor der \"Wirkung\"",),
    "Whether the Spezial-Wirkung is evaluated before or after the Wirkung is open, and the two "
    "orders give different values; both readings are shown.": (
        "Dabei steht die \"Spezial-Wirkung\" vor der \"Wirkung\"", "geringeren Wirkungsrang"),
    "Monster %(number)s: %(effects)s were activated together; their order changes "
    "the values, so each order's result is shown.": ("zuletzt aktivierten Effekt", "Wirkungsrang"),
    "Monster %(number)s: %(effects)s were activated together; every order of them "
    "gives the same values.": ("zuletzt aktivierten Effekt", "Wirkungsrang"),
    "Monster %(number)s: %(count)s orders of the effects activated together are possible; "
    "the readings compare the first %(limit)s of them, in a fixed order.": (
        "zuletzt aktivierten Effekt", "Wirkungsrang"),
    "Evaluation order: effects %(order)s. Effects are evaluated by Wirkungsrang, lowest first "
    "(Energie- & Monsterkarten 3, Schutzgottkarten 2 of 3), and within a rank from the latest "
    "activated to the longest active.": (
        "vom zuletzt aktivierten Effekt bis zum am längsten aktiven Effekt aufgerollt",
        "niedrigsten Wirkungsrang", "Reihenfolge von Effekten"),
    "Wirkungsrang and activation order disagree; the order by Wirkungsrang was used.": (
        "geringeren Wirkungsrang", "zuletzt aktivierten Effekt"),
    "Effect %(number)s (%(source)s, activated as %(activated)s) is evaluated: %(attribute)s "
    "%(before)s → %(after)s.": ("gewertet", "Wirkungsrang"),
    "%(attribute)s %(value)s is not a whole number.": ("gewertet",),
    "%(attribute)s %(value)s is below 0.": ("gewertet",),
    "Monster %(number)s: %(attribute)s %(value)s is below 0.": ("gewertet",),
    # guardian-immunity
    "The Schutzgottkarte is immune to the effect.": (
        "immun gegen alle Effekte von Monster- & Energiekarten",),
    "The effect does not affect the opposing Schutzgottkarte.": (
        "nicht die gegnerische Schutzgottkarte",),
    "The effect affects the Schutzgottkarte: effects of Gravitations-Energiekarten are excepted "
    "from its immunity.": ("Ausgenommen sind Effekte von Gravitations-Energiekarten",),
    "The description's extension to the opposing side does not reach the opposing "
    "Schutzgottkarte.": ("gegnerische Schutzgottkarte", "Sofern nicht anders"),
    "The Wirkung does not affect a Schutzgottkarte.": ("nur eine Beeinflussung der Grund-Attribute",),
    "The Spezial-Wirkung does not affect its own side's Schutzgottkarte.": (
        "nur Monsterkarten beeinflusst",),
    "The Spezial-Wirkung may affect its own side's Schutzgottkarte if its description says "
    "so.": ("gegnerische Schutzgottkarte", "Energiekarten beeinflussen"),
    "The effect does not reach the card.": ("nur für die eigene Spielfeldseite",),
    "The Wirkung does not affect an Energiekarte.": ("nur eine Beeinflussung der Grund-Attribute",),
    "The description extends the effect to the opposing side.": (
        "Sofern nicht anders in der Beschreibung festgelegt",),
    "Effects of Schutzgottkarten apply to their own side.": ("nur für die eigene Spielfeldseite",),
    "A Wirkung changes only Grund-Attribute of Monsterkarten, by default of the "
    "Schutzgottkarte's planet.": ("Grund-Attribute", "primären Planetensymbol"),
    "A Spezial-Wirkung may affect other attributes of Monsterkarten and Energiekarten.": (
        "andere Attribute von Monsterkarten", "Energiekarten beeinflussen"),
}

WIRKUNG = RULESET.scenario("guardian-wirkung")
WB = RULESET.scenario("wirkungsbegrenzung")
ORDER_SCENARIO = RULESET.scenario("effect-order")
IMMUNITY_SCENARIO = RULESET.scenario("guardian-immunity")

#: Set-up of PD-1..PD-4: guardian on the active side, base Venus, left Mars
#: (positiv), right Erde (negativ), Wirkung "+20 AP" for Venus monsters.
SETUP: dict[str, Any] = {
    "guardian_side_active": True,
    "base_planet": "venus",
    "left_planet": "mars",
    "right_planet": "erde",
    "attribute": "ap",
    "amount": 20,
    "scope": "base",
    "monster_planet": "venus",
    "monster_side": "own",
    "combat": "attacking",
}


def keys(ruling: Ruling, outcome: Outcome | None = None) -> set[str]:
    """Clause keys cited by the ruling's steps (optionally of one outcome)."""
    return {c.key for s in ruling.steps if outcome in (None, s.outcome) for c in s.citations}


def step_ids(ruling: Ruling, outcome: Outcome | None = None) -> list[str]:
    return [s.message.id for s in ruling.steps if outcome in (None, s.outcome)]


def find_step(ruling: Ruling, message_id: str):
    matches = [s for s in ruling.steps if s.message.id == message_id]
    assert matches, f"no step {message_id!r} in {step_ids(ruling)}"
    return matches[0]


def to_form(scenario: Scenario, data: dict[str, Any]) -> dict[str, Any]:
    """Flatten JSON-style input into form data (``group-i-field``, strings)."""
    form: dict[str, Any] = {}

    def put(name: str, value: Any) -> None:
        if value is None:
            return
        if isinstance(value, bool):
            form[name] = "on" if value else "off"  # an unticked checkbox sends "off"
        elif isinstance(value, (list, tuple, frozenset)):
            form[name] = [str(v) for v in value]
        else:
            form[name] = str(value)

    for spec in scenario.fields:
        value = data.get(spec.name)
        if spec.kind is FieldKind.GROUP:
            items = value or []
            form[spec.name] = str(len(items))
            for index, item in enumerate(items):
                for sub in spec.fields:
                    put(f"{spec.name}-{index}-{sub.name}", item.get(sub.name))
        else:
            put(spec.name, value)
    return form


DEFENDING = {"base_planet": "mars", "left_planet": "venus", "right_planet": "jupiter",
             "attribute": "dp", "amount": -30, "monster_planet": "mars", "combat": "defending",
             "opponent_planet": "venus", "opponent_effects": ["ap"]}
PD1 = {**SETUP, "opponent_planet": "erde", "opponent_effects": ["dp"]}

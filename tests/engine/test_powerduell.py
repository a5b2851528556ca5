"""Tests of engine.powerduell: judge cases PD-1..PD-7, worked examples, rules, properties."""

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
    # the wrapped step's own words are checked against the same citations
    "Monster %(number)s and the Wirkung of the Schutzgottkarte of %(side)s: %(step)s": (),
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
    "The Wirkungskreis der Planeten-Beeinflussung is außer Kraft gesetzt for the side of this "
    "card.": ("Wirkungskreis der Planeten-Beeinflussung", "außer Kraft gesetzt"),
    "The Schutzgottkarte's side is taking the active turn: its negativ-positiv-Wirkung "
    "counts.": ("aktiven Spielzug",),
    "The negativ-positiv-Wirkung of this card does not count.": ("aktiven Spielzug",),
    "The negativ-positiv-Wirkung does not affect the monster.": (
        "Kampf", "Angriffsziel"),
    "The attacking monster was taken in place of the attack target.": ("Angriffsziel", "Kampf"),
    "negativ-positiv conditions met: the monster is in a combat, the attack target is under an "
    "effect on %(attributes)s and its primary planet symbol %(target)s is the %(symbol)s.": (
        "Kampf", "Angriffsziel", "Energiepunkte-, AP-, DP- oder LP-Werte"),
    "negativ-positiv conditions met: the monster is in a combat, the attacking monster (taken "
    "in place of the attack target) is under an effect on %(attributes)s and its primary planet "
    "symbol %(target)s is the %(symbol)s.": (
        "Kampf", "Angriffsziel", "Energiepunkte-, AP-, DP- oder LP-Werte"),
    "Read from right to left (%(right)s → %(base)s → %(left)s): %(target)s wirkt negativ auf "
    "%(monster)s.": ("von Rechts nach Links", "wirkt negativ auf"),
    "Read from left to right (%(left)s → %(base)s → %(right)s): %(target)s wirkt positiv auf "
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
    "Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of %(cost)s.": (
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
    "Effects %(effects)s were activated together and evaluated in the order listed.": (
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


# --------------------------------------------------------------------------
# Judge cases
# --------------------------------------------------------------------------

PD1 = {**SETUP, "opponent_planet": "erde", "opponent_effects": ["dp"]}


def _assert_pd1(ruling: Ruling) -> None:
    assert ruling.value("applies") is True
    assert ruling.value("change") == 10
    assert ruling.value("factor") == Fraction(1, 2)
    cited = keys(ruling, Outcome.APPLIED)
    assert {WIRKUNG_SCOPE, NP_RULES, NP_NEGATIV, NP_ACTIVE} <= cited
    assert NP_POSITIV not in keys(ruling)
    scope = find_step(ruling, "The Wirkung reaches the monster: an own monster card whose "
                               "primary planet symbol %(planet)s is the Basis-Planetensymbol.")
    assert {c.key for c in scope.citations} == {WIRKUNG_SCOPE, NP_RULES}
    reading = find_step(ruling, "Read from right to left (%(right)s → %(base)s → %(left)s): "
                                "%(target)s wirkt negativ auf %(monster)s.")
    assert reading.outcome is Outcome.APPLIED
    assert [c.key for c in reading.citations] == [NP_RULES]
    assert reading.message.render() == "Read from right to left (Erde → Venus → Mars): " \
                                       "Erde wirkt negativ auf Venus."
    halved = find_step(ruling, "negativ-Wirkung: the increase is halved, %(before)s → %(after)s.")
    assert [c.key for c in halved.citations] == [NP_NEGATIV]
    assert halved.message.param_dict() == {"before": "+20", "after": "+10"}
    assert not ruling.by_outcome(Outcome.NOT_APPLICABLE)


def test_PD_1_venus_attacks_erde_increase_halved():
    _assert_pd1(WIRKUNG.evaluate(PD1))


def test_PD_1_through_form():
    ruling = WIRKUNG.evaluate_form({
        "guardian_side_active": "on", "base_planet": "venus", "left_planet": "mars",
        "right_planet": "erde", "attribute": "ap", "amount": "+20", "scope": "base",
        "monster_planet": "venus", "monster_side": "own", "combat": "attacking",
        "opponent_planet": "erde", "opponent_effects": ["dp"], "base_value": "",
    })
    _assert_pd1(ruling)


def test_PD_2_venus_attacks_mars_increase_doubled():
    ruling = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": ["dp"]})
    assert ruling.value("change") == 40
    assert ruling.value("factor") == 2
    assert {WIRKUNG_SCOPE, NP_RULES, NP_POSITIV, NP_ACTIVE} <= keys(ruling, Outcome.APPLIED)
    assert NP_NEGATIV not in keys(ruling)
    reading = find_step(ruling, "Read from left to right (%(left)s → %(base)s → %(right)s): "
                                "%(target)s wirkt positiv auf %(monster)s.")
    assert reading.message.render().endswith("Mars wirkt positiv auf Venus.")
    doubled = find_step(ruling, "positiv-Wirkung: the increase is doubled, %(before)s → %(after)s.")
    assert [c.key for c in doubled.citations] == [NP_POSITIV]


def test_PD_3_target_under_no_effect_negativ_positiv_not_applicable():
    ruling = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": []})
    assert ruling.value("change") == 20
    assert ruling.value("factor") == 1
    skipped = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert len(skipped) == 1
    assert skipped[0].message.id == "The negativ-positiv-Wirkung does not affect the monster."
    assert [c.key for c in skipped[0].citations] == [NP_RULES]
    assert "under no effect" in skipped[0].reason.render()
    assert NP_POSITIV not in keys(ruling) and NP_NEGATIV not in keys(ruling)
    # an effect on another attribute does not count either
    other = WIRKUNG.evaluate({**SETUP, "opponent_planet": "mars", "opponent_effects": ["other"]})
    assert other.value("change") == 20


def test_PD_4_merkur_attacker_wirkung_does_not_apply():
    ruling = WIRKUNG.evaluate({**PD1, "monster_planet": "merkur", "base_value": 100})
    assert ruling.value("applies") is False
    assert ruling.value("change") == 0
    assert ruling.value("result") == 100
    skipped = ruling.by_outcome(Outcome.NOT_APPLICABLE)
    assert [s.message.id for s in skipped] == ["The Wirkung does not reach a monster of this planet."]
    assert WIRKUNG_SCOPE in {c.key for c in skipped[0].citations}
    assert "Merkur" in skipped[0].reason.render()
    assert not ruling.by_outcome(Outcome.APPLIED)


def test_PD_5_wirkungsbegrenzung_venus():
    data = {"limit_planet": "venus", "cost_change": -1,
            "monsters": [{"planet": "venus", "cost": 4, "side": "own"},
                         {"planet": "mars", "cost": 4, "side": "own"}]}
    for ruling in (WB.evaluate(data), WB.evaluate_form(to_form(WB, data))):
        assert ruling.value("costs") == (3, 4)
        assert ruling.value("affected") == (True, False)
        venus = find_step(ruling, "Monster %(number)s (%(planet)s) pays %(paid)s Energiepunkte "
                                  "instead of %(cost)s.")
        assert venus.outcome is Outcome.APPLIED and [c.key for c in venus.citations] == [WB_RULE]
        mars = ruling.by_outcome(Outcome.NOT_APPLICABLE)
        assert len(mars) == 1 and [c.key for c in mars[0].citations] == [WB_RULE]
        assert {WB_CARD, WB_RULE} <= keys(ruling)
        assert len(ruling.notes) == 1  # left/right contradiction noted


PD6 = {"base_ap": 100, "effects": [
    {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
     "amount": 20},
    {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]}


def test_PD_6_energy_after_guardian_evaluated_first():
    for ruling in (ORDER_SCENARIO.evaluate(PD6),
                   ORDER_SCENARIO.evaluate_form(to_form(ORDER_SCENARIO, PD6))):
        assert ruling.value("order") == (2, 1)
        assert ruling.value("ap") == 70
        evaluated = [s for s in ruling.steps if s.message.id.startswith("Effect %(number)s")]
        assert [(s.message.param_dict()["before"], s.message.param_dict()["after"])
                for s in evaluated] == [("100", "50"), ("50", "70")]
        assert all({c.key for c in s.citations} == {RANK, ORDER} for s in evaluated)
        assert {RANK, ORDER, ORDER_REGULAR} <= keys(ruling, Outcome.APPLIED)
        assert not ruling.by_outcome(Outcome.SILENT)  # rank and recency agree


@pytest.mark.parametrize("source, expected", [
    ("energy", False), ("monster", False), ("gravitation-energy", True),
    ("guardian-spezial-wirkung", False), ("guardian-wirkung", False)])
def test_PD_7_effects_aimed_at_a_guardian(source, expected):
    data = {"source": source, "target": "guardian", "target_side": "opposing"}
    for ruling in (IMMUNITY_SCENARIO.evaluate(data),
                   IMMUNITY_SCENARIO.evaluate_form(to_form(IMMUNITY_SCENARIO, data))):
        assert ruling.value("affects") is expected
        assert keys(ruling) == {IMMUNITY}
        assert ruling.steps[0].outcome is (Outcome.APPLIED if expected else Outcome.NOT_APPLICABLE)


def test_PD_7_sides_do_not_matter_for_monster_energy_and_gravitation():
    for source, expected in (("energy", False), ("monster", False), ("gravitation-energy", True)):
        ruling = IMMUNITY_SCENARIO.evaluate({"source": source, "target": "guardian",
                                             "target_side": "own"})
        assert ruling.value("affects") is expected
        assert keys(ruling) == {IMMUNITY}


# --------------------------------------------------------------------------
# Worked examples
# --------------------------------------------------------------------------

EXAMPLES = [(scenario, example) for scenario in RULESET.scenarios for example in scenario.examples]


@pytest.mark.parametrize("scenario, example", EXAMPLES,
                         ids=[f"{s.slug}:{e.slug}" for s, e in EXAMPLES])
def test_examples_evaluate_to_expected_values(scenario, example):
    ruling = scenario.evaluate(example.inputs)
    for name, value in example.expected.items():
        assert ruling.value(name) == value
    assert example.source in scenario.citations
    assert example.source.key in CLAUSE_TEXT


def test_there_are_examples_for_the_texts_examples():
    assert {e.source.key for s, e in EXAMPLES if s.slug != "situation"} == {NP_ACTIVE, WB_RULE, ORDER}


# --------------------------------------------------------------------------
# Rules beyond the cases
# --------------------------------------------------------------------------

def test_reading_chain_follows_the_text():
    card = GuardianSymbols(Planet.MERKUR, left=Planet.MARS, right=Planet.ERDE)
    # "Mars wirkt positiv auf Merkur und Merkur positiv auf Erde"
    assert influences(card, Planet.MARS, Planet.MERKUR) == {Influence.POSITIV}
    assert influences(card, Planet.MERKUR, Planet.ERDE) == {Influence.POSITIV}
    # "Erde wirkt negativ auf Merkur und Merkur negativ auf Mars"
    assert influences(card, Planet.ERDE, Planet.MERKUR) == {Influence.NEGATIV}
    assert influences(card, Planet.MERKUR, Planet.MARS) == {Influence.NEGATIV}
    # no link skips the base planet, and no link runs against the reading direction
    assert influences(card, Planet.MARS, Planet.ERDE) == frozenset()
    assert influences(card, Planet.ERDE, Planet.MARS) == frozenset()
    assert influences(GuardianSymbols(Planet.VENUS), Planet.MARS, Planet.VENUS) == frozenset()


def test_np_factor_table():
    assert np_factor(Influence.NEGATIV, 20) == Fraction(1, 2)
    assert np_factor(Influence.NEGATIV, -20) == 2
    assert np_factor(Influence.POSITIV, 20) == 2
    assert np_factor(Influence.POSITIV, -20) == Fraction(1, 2)
    with pytest.raises(ValueError):
        np_factor(Influence.POSITIV, 0)


def test_reduction_doubled_by_negativ_and_halved_by_positiv():
    neg = WIRKUNG.evaluate({**PD1, "attribute": "dp", "amount": -30, "base_value": 100})
    assert (neg.value("change"), neg.value("result")) == (-60, 40)
    find_step(neg, "negativ-Wirkung: the reduction is doubled, %(before)s → %(after)s.")
    pos = WIRKUNG.evaluate({**PD1, "opponent_planet": "mars", "amount": -30})
    assert pos.value("change") == -15
    assert NP_POSITIV in keys(pos)


def test_odd_halving_keeps_the_exact_value():
    ruling = WIRKUNG.evaluate({**PD1, "amount": 15, "base_value": 100})
    assert ruling.value("change") == Fraction(15, 2)
    assert ruling.value("result") == Fraction(215, 2)
    silent = find_step(ruling, "Halving %(before)s gives %(after)s.")
    assert silent.outcome is Outcome.SILENT and [c.key for c in silent.citations] == [NP_NEGATIV]


def test_only_the_active_sides_negativ_positiv_counts():
    ruling = WIRKUNG.evaluate({**PD1, "guardian_side_active": False})
    assert ruling.value("change") == 20
    step = find_step(ruling, "The negativ-positiv-Wirkung of this card does not count.")
    assert step.outcome is Outcome.NOT_APPLICABLE and [c.key for c in step.citations] == [NP_ACTIVE]


def test_not_in_combat_no_negativ_positiv():
    ruling = WIRKUNG.evaluate({**SETUP, "combat": "none"})
    assert ruling.value("change") == 20
    assert "not in a combat" in ruling.by_outcome(Outcome.NOT_APPLICABLE)[0].reason.render()


def test_target_planet_matching_no_symbol():
    ruling = WIRKUNG.evaluate({**PD1, "opponent_planet": "jupiter"})
    assert ruling.value("change") == 20
    reason = ruling.by_outcome(Outcome.NOT_APPLICABLE)[0].reason.render()
    assert "Jupiter" in reason


def test_all_failing_conditions_are_listed():
    ruling = WIRKUNG.evaluate({**PD1, "guardian_side_active": False, "opponent_planet": "saturn",
                               "opponent_effects": []})
    assert len(ruling.by_outcome(Outcome.NOT_APPLICABLE)) == 3
    assert ruling.value("change") == 20


def test_defending_monster_assumption_is_silent():
    ruling = WIRKUNG.evaluate({**PD1, "combat": "defending"})
    assert ruling.value("change") == 10
    step = find_step(ruling, "The attacking monster was taken in place of the attack target.")
    assert step.outcome is Outcome.SILENT


def test_target_planet_equal_to_both_symbols():
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": "erde", "opponent_planet": "erde",
                               "opponent_effects": ["lp"]})
    assert ruling.value("change") == 20
    assert ruling.value("factor") == 1
    step = find_step(ruling, "Both negativ-Wirkung and positiv-Wirkung were applied.")
    assert step.outcome is Outcome.SILENT
    assert {NP_NEGATIV, NP_POSITIV} <= keys(ruling, Outcome.APPLIED)


def test_np_card_limits_wirkung_to_own_base_planet_monsters():
    opposing = WIRKUNG.evaluate({**PD1, "monster_side": "opposing", "extends_to_opposing_side": True})
    assert opposing.value("applies") is False
    assert find_step(opposing, "The Wirkung of a card with negativ-positiv-Wirkung applies only "
                               "to own monster cards of its Basis-Planetensymbol.").outcome \
        is Outcome.SILENT
    assert NP_RULES in {c.key for c in opposing.by_outcome(Outcome.NOT_APPLICABLE)[0].citations}
    described = WIRKUNG.evaluate({**PD1, "scope": "all", "monster_planet": "mars"})
    assert described.value("applies") is False


def test_card_without_small_symbols_follows_its_description():
    plain = {**SETUP, "left_planet": None, "right_planet": None, "opponent_planet": "erde",
             "opponent_effects": ["dp"]}
    ruling = WIRKUNG.evaluate(plain)
    assert ruling.value("change") == 20
    assert find_step(ruling, "No negativ-positiv-Wirkung.").outcome is Outcome.NOT_APPLICABLE
    assert WIRKUNG.evaluate({**plain, "monster_planet": "mars"}).value("applies") is False
    assert WIRKUNG.evaluate({**plain, "monster_planet": "mars", "scope": "all"}).value("applies")
    listed = {**plain, "scope": "listed", "listed_planets": ["mars", "erde"]}
    assert WIRKUNG.evaluate({**listed, "monster_planet": "mars"}).value("applies") is True
    assert WIRKUNG.evaluate({**listed, "monster_planet": "venus"}).value("applies") is False
    opposing = WIRKUNG.evaluate({**plain, "monster_side": "opposing"})
    assert opposing.value("applies") is False
    assert keys(opposing) == {IMMUNITY}
    extended = WIRKUNG.evaluate({**plain, "monster_side": "opposing",
                                 "extends_to_opposing_side": True})
    assert extended.value("applies") is True and IMMUNITY in keys(extended, Outcome.APPLIED)


def test_single_small_symbol_is_a_wirkungsbegrenzung_not_negativ_positiv():
    ruling = WIRKUNG.evaluate({**PD1, "left_planet": None})
    assert ruling.value("change") == 20
    step = find_step(ruling, "No negativ-positiv-Wirkung.")
    assert {c.key for c in step.citations} == {NP_CARD, WB_CARD, WB_RULE}


def test_wirkung_below_zero_is_silent():
    ruling = WIRKUNG.evaluate({**SETUP, "combat": "none", "amount": -50, "base_value": 30})
    assert ruling.value("result") == -20
    assert find_step(ruling, "The value is below 0.").outcome is Outcome.SILENT


def test_wirkungsbegrenzung_absent_affects_all_monsters_of_own_side():
    data = {"cost_change": -2,
            "monsters": [{"planet": "mars", "cost": 5, "side": "own"},
                         {"planet": "venus", "cost": 1, "side": "own"},
                         {"planet": "erde", "cost": 5, "side": "opposing"}]}
    ruling = WB.evaluate(data)
    assert ruling.value("costs") == (3, 0, 5)
    assert ruling.value("affected") == (True, True, False)
    assert find_step(ruling, "Monster %(number)s (%(planet)s) pays 0 Energiepunkte instead of "
                             "%(cost)s.").outcome is Outcome.SILENT
    assert {SPEZIAL, WB_CARD, IMMUNITY} <= keys(ruling)
    assert WB_RULE not in keys(ruling)
    assert not ruling.notes
    extended = WB.evaluate({**data, "extends_to_opposing_side": True})
    assert extended.value("costs") == (3, 0, 3)


def test_order_guardian_activated_after_energy_rank_decides_and_says_so():
    data = {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (1, 2)
    assert ruling.value("ap") == 70
    step = find_step(ruling, "Wirkungsrang and activation order disagree; the order by "
                             "Wirkungsrang was used.")
    assert step.outcome is Outcome.SILENT
    assert {c.key for c in step.citations} == {RANK, ORDER}
    assert "2, 1" in step.reason.render() and "different result" in step.reason.render()
    # both readings' results are shown, the one the values follow first
    first, other = ruling.readings_of("rank-or-recency")
    assert first.presented_first and first.why.render()
    assert (first.value("order"), first.value("ap")) == ((1, 2), 70)
    assert (other.value("order"), other.value("ap")) == ((2, 1), 60)
    assert {c.key for c in first.citations} == {RANK, ORDER}
    assert ORDER in {c.key for c in other.citations}
    assert not ruling.settled


def test_order_step_one_says_the_order_it_uses():
    """Step 1 names Wirkungsrang first, then recency: the order actually used, also when
    the two disagree (the guardian's Wirkung activated after the Energiekarte)."""
    data = {"base_ap": 100, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "halve"},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "ap", "operation": "add",
         "amount": 20}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    step = next(s for s in ruling.steps if s.message.id.startswith("Evaluation order"))
    text = step.message.render()
    assert "effects 1, 2" in text and ruling.value("order") == (1, 2)
    assert text.index("Wirkungsrang") < text.index("latest activated")
    assert "rolled up from the latest activated" not in text


def test_order_agreeing_rank_and_recency_have_no_readings():
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "energy", "activated": 2, "attribute": "ap", "operation": "halve"}]}
    assert ORDER_SCENARIO.evaluate(data).readings == ()


def test_order_spezial_wirkung_before_or_after_wirkung_shows_both_readings():
    """"Spezial-Wirkung steht vor der Wirkung" leaves open whether it is evaluated first;
    where the two orders give different values, both readings are shown with their values."""
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "double"}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert (ruling.value("order"), ruling.value("ap")) == ((1, 2), 240)
    first, other = ruling.readings_of("spezial-or-wirkung")
    assert first.presented_first and first.why.render()
    assert (first.value("order"), first.value("ap")) == ((1, 2), 240)
    assert (other.value("order"), other.value("ap")) == ((2, 1), 220)
    assert {c.key for c in first.citations} == {RANK, ORDER}
    assert {c.key for c in other.citations} == {RANK}
    step = find_step(ruling, "Whether the Spezial-Wirkung is evaluated before or after the "
                             "Wirkung is open, and the two orders give different values; both "
                             "readings are shown.")
    assert step.outcome is Outcome.SILENT and {c.key for c in step.citations} == {RANK, ORDER}
    assert "2, 1" in step.reason.render()
    assert "The Spezial-Wirkung was evaluated after the Wirkung." not in step_ids(ruling)
    assert not ruling.settled


def test_order_spezial_wirkung_order_without_effect_on_values_has_no_readings():
    data = {"base_ap": 100, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 20},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "add", "amount": 5}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("ap") == 125 and ruling.readings == ()
    assert "The Spezial-Wirkung was evaluated after the Wirkung." in step_ids(ruling,
                                                                           Outcome.SILENT)


def test_order_ties_rank_one_and_spezial_wirkung():
    data = {"base_ap": 100, "base_dp": 51, "effects": [
        {"source": "monster", "activated": 3, "attribute": "ap", "operation": "subtract",
         "amount": 10},
        {"source": "energy", "activated": 3, "attribute": "ap", "operation": "double"},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "set", "amount": 300},
        {"source": "guardian-wirkung", "activated": 2, "attribute": "dp", "operation": "halve"},
        {"source": "rank-1", "activated": 1, "attribute": "dp", "operation": "subtract",
         "amount": 100}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (1, 2, 4, 3, 5)
    assert ruling.value("ap") == 300
    assert ruling.value("dp") == Fraction(51, 2) - 100
    silent = step_ids(ruling, Outcome.SILENT)
    assert "Effects %(effects)s were activated together and evaluated in the order listed." in silent
    assert "The Spezial-Wirkung was evaluated after the Wirkung." in silent
    assert ("An effect of Wirkungsrang 1 of 3 was evaluated after all Schutzgottkarte effects."
            in silent)
    assert "%(attribute)s %(value)s is not a whole number." in silent
    assert "%(attribute)s %(value)s is below 0." in silent
    assert "lp" not in {v.name for v in ruling.values}


def test_order_same_tier_latest_first():
    data = {"base_lp": 10, "effects": [
        {"source": "energy", "activated": 1, "attribute": "lp", "operation": "add", "amount": 5},
        {"source": "monster", "activated": 2, "attribute": "lp", "operation": "double"}]}
    ruling = ORDER_SCENARIO.evaluate(data)
    assert ruling.value("order") == (2, 1)
    assert ruling.value("lp") == 25


def test_guardian_effects_on_cards():
    def affects(**data):
        return IMMUNITY_SCENARIO.evaluate(data)

    own = affects(source="guardian-spezial-wirkung", target="guardian", target_side="own")
    assert own.value("affects") is True and own.steps[0].outcome is Outcome.SILENT
    assert affects(source="guardian-wirkung", target="guardian", target_side="own") \
        .value("affects") is False
    extended = affects(source="guardian-spezial-wirkung", target="guardian",
                       target_side="opposing", extends_to_opposing_side=True)
    assert extended.value("affects") is False
    assert step_ids(extended, Outcome.SILENT)
    assert affects(source="guardian-wirkung", target="monster", target_side="own") \
        .value("affects") is True
    assert affects(source="guardian-wirkung", target="monster", target_side="opposing") \
        .value("affects") is False
    assert affects(source="guardian-wirkung", target="monster", target_side="opposing",
                   extends_to_opposing_side=True).value("affects") is True
    assert affects(source="guardian-wirkung", target="energy", target_side="own") \
        .value("affects") is False
    spezial = affects(source="guardian-spezial-wirkung", target="energy", target_side="own")
    assert spezial.value("affects") is True and SPEZIAL in keys(spezial)


@pytest.mark.parametrize("scenario, data, field", [
    (WIRKUNG, {**PD1, "amount": 0}, "amount"),
    (WIRKUNG, {**PD1, "scope": "listed"}, "listed_planets"),
    (WIRKUNG, {**SETUP}, "opponent_planet"),
    (WIRKUNG, {**SETUP, "left_planet": "venus", "right_planet": "venus"}, "opponent_planet"),
    (WIRKUNG, {**PD1, "monster_planet": "vulkan"}, "monster_planet"),
    (WIRKUNG, {**PD1, "amount": "zwanzig"}, "amount"),
    (WB, {"cost_change": 0, "monsters": [
        {"planet": "venus", "cost": 1, "side": "own"}]}, "cost_change"),
    (WB, {"cost_change": -1, "monsters": []}, "monsters"),
    (WB, {"cost_change": -1, "monsters": [
        {"planet": "venus", "cost": -1, "side": "own"}]}, "monsters.0.cost"),
    (ORDER_SCENARIO, {"base_ap": 1, "effects": [
        {"source": "energy", "activated": 1, "attribute": "ap", "operation": "add"}]},
     "effects.0.amount"),
    (ORDER_SCENARIO, {"base_ap": 1, "effects": [
        {"source": "energy", "activated": 1, "attribute": "dp", "operation": "halve"}]},
     "base_dp"),
    (IMMUNITY_SCENARIO, {"source": "energy", "target": "monster", "target_side": "own"},
     "target"),
])
def test_invalid_input_names_the_field(scenario, data, field):
    with pytest.raises(InputError) as info:
        scenario.evaluate(data)
    assert info.value.field == field


# --------------------------------------------------------------------------
# Citations and STEP_WORDS
# --------------------------------------------------------------------------

def _also_as_table(out: list[tuple[Scenario, Ruling]], translated: Any) -> None:
    """Add the situation's ruling on a focused input (where the two overlap)."""
    if translated is not None:
        out.append((SITUATION, SITUATION.evaluate(translated[0])))


def _sweep() -> list[tuple[Scenario, Ruling]]:
    """Evaluate a broad deterministic grid of inputs for every scenario."""
    out = []
    planets = ["venus", "erde", "mars", "merkur"]
    for active, left, right, amount, scope, planet, side, combat, opp, effects, extends in \
            itertools.product([True, False], [None, "mars", "erde"], [None, "erde"], [20, -15],
                              ["base", "all", "listed"], ["venus", "mars"], ["own", "opposing"],
                              ["none", "attacking", "defending"], planets,
                              [[], ["dp"], ["other"]], [False, True]):
        data = {"guardian_side_active": active, "base_planet": "venus", "left_planet": left,
                "right_planet": right, "attribute": "ap", "amount": amount, "scope": scope,
                "listed_planets": ["mars"], "extends_to_opposing_side": extends,
                "monster_planet": planet, "monster_side": side, "combat": combat,
                "opponent_planet": opp, "opponent_effects": effects, "base_value": 10}
        out.append((WIRKUNG, WIRKUNG.evaluate(data)))
        _also_as_table(out, situations.wirkung_to_situation(data))
    for limit, change, extends in itertools.product([None, "venus"], [-1, -5, 2], [False, True]):
        data = {"limit_planet": limit, "cost_change": change,
                "extends_to_opposing_side": extends,
                "monsters": [{"planet": p, "cost": 3, "side": s}
                             for p in ("venus", "mars") for s in ("own", "opposing")]}
        out.append((WB, WB.evaluate(data)))
        _also_as_table(out, situations.wb_to_situation(data))
    sources = ["energy", "monster", "gravitation-energy", "guardian-wirkung",
               "guardian-spezial-wirkung", "rank-1"]
    for first, second, act in itertools.product(sources, sources, [(1, 2), (2, 1), (1, 1)]):
        data = {"base_ap": 3, "effects": [
            {"source": first, "activated": act[0], "attribute": "ap", "operation": "halve"},
            {"source": second, "activated": act[1], "attribute": "ap", "operation": "subtract",
             "amount": 5}]}
        out.append((ORDER_SCENARIO, ORDER_SCENARIO.evaluate(data)))
        _also_as_table(out, situations.order_to_situation(data))
    # a Wirkung and a Spezial-Wirkung whose order does not change the values
    commuting = {"base_ap": 3, "effects": [
        {"source": "guardian-wirkung", "activated": 1, "attribute": "ap", "operation": "add",
         "amount": 2},
        {"source": "guardian-spezial-wirkung", "activated": 1, "attribute": "ap",
         "operation": "subtract", "amount": 1}]}
    out.append((ORDER_SCENARIO, ORDER_SCENARIO.evaluate(commuting)))
    for source, target, side, extends in itertools.product(
            sources[:-1], ["guardian", "monster", "energy"], ["own", "opposing"], [False, True]):
        data = {"source": source, "target": target, "target_side": side,
                "extends_to_opposing_side": extends}
        try:
            out.append((IMMUNITY_SCENARIO, IMMUNITY_SCENARIO.evaluate(data)))
            _also_as_table(out, situations.immunity_to_situation(data))
        except InputError:
            assert not source.startswith("guardian") and target != "guardian"
    for table in situations.PD_TABLES + tuple(e.inputs for e in SITUATION.examples):
        out.append((SITUATION, SITUATION.evaluate(table)))
    return out


SWEEP = _sweep()


def test_every_emitted_citation_is_declared_and_known():
    for scenario, ruling in SWEEP:
        for citation in ruling.citations():
            assert citation in scenario.citations, (scenario.slug, citation.key)
    for citation in RULESET.citations():
        assert citation.key in CLAUSE_TEXT
        assert citation.version == 1
        assert citation.document.game == "power-duell"
        assert citation.document.document == "schutzgottkarten"
    assert {c.value for c in Clause} == set(CLAUSE_TEXT)


def test_declared_citations_are_all_reachable():
    for scenario in RULESET.scenarios:
        emitted = {c for s, r in SWEEP if s is scenario for c in r.citations()}
        assert set(scenario.citations) == emitted, scenario.slug


def test_step_words_cover_exactly_the_emitted_steps():
    emitted = {step.message.id for _s, ruling in SWEEP for step in ruling.steps}
    assert emitted == set(STEP_WORDS)


def test_step_words_appear_in_the_cited_clauses():
    for _scenario, ruling in SWEEP:
        for step in ruling.steps:
            text = " ".join(CLAUSE_TEXT[c.key] for c in step.citations).lower()
            for word in STEP_WORDS[step.message.id]:
                assert word.lower() in text, (step.message.id, word,
                                              [c.key for c in step.citations])


def test_every_step_has_a_reason_unless_applied_and_messages_render():
    for _scenario, ruling in SWEEP:
        for step in ruling.steps:
            step.message.render()
            if step.outcome is not Outcome.APPLIED:
                assert step.reason is not None and step.reason.render()
        for note in ruling.notes:
            note.render()
        for value in ruling.values:
            value.label.render()


# --------------------------------------------------------------------------
# Properties: nothing but a Ruling or an InputError
# --------------------------------------------------------------------------

_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.text(max_size=8),
                  st.floats(allow_nan=True), st.lists(st.text(max_size=4), max_size=3),
                  st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def _valid_value(spec) -> st.SearchStrategy:
    if spec.kind is FieldKind.BOOLEAN:
        return st.booleans()
    if spec.kind is FieldKind.INTEGER:
        return st.integers(spec.minimum if spec.minimum is not None else -10**6,
                           spec.maximum if spec.maximum is not None else 10**6)
    if spec.kind is FieldKind.CHOICE:
        return st.sampled_from(spec.choice_values())
    if spec.kind is FieldKind.MULTIPLE_CHOICE:
        return st.lists(st.sampled_from(spec.choice_values()), max_size=4)
    return st.lists(_json_object(spec.fields), max_size=spec.max_items + 1)


def _json_object(fields) -> st.SearchStrategy:
    return st.fixed_dictionaries(
        {}, optional={spec.name: st.one_of(_valid_value(spec), _valid_value(spec), _JUNK)
                      for spec in fields})


def _typed_object(fields) -> st.SearchStrategy:
    """Every field present with a value of the right type and within bounds."""
    def typed(spec):
        if spec.kind is FieldKind.GROUP:
            return st.lists(_typed_object(spec.fields), min_size=max(spec.min_items, 1),
                            max_size=min(spec.max_items, 4))
        value = _valid_value(spec)
        return value if spec.required else st.one_of(st.none(), value)
    return st.fixed_dictionaries({spec.name: typed(spec) for spec in fields})


def _json_input(scenario: Scenario) -> st.SearchStrategy:
    """Arbitrary objects, well-typed objects, and well-typed objects with one junk value."""
    typed = _typed_object(scenario.fields)
    names = [spec.name for spec in scenario.fields]
    mutated = st.tuples(typed, st.sampled_from(names), _JUNK).map(
        lambda t: {**t[0], t[1]: t[2]})
    return st.one_of(_json_object(scenario.fields), typed, typed, mutated)


def _form_strategy(scenario: Scenario) -> st.SearchStrategy:
    """Arbitrary flat dicts, flattened well-typed input, and that with one junk value."""
    flat = _typed_object(scenario.fields).map(lambda data: to_form(scenario, data))
    mutated = st.tuples(flat, st.text(min_size=1, max_size=12),
                        st.one_of(st.text(max_size=6), st.lists(st.text(max_size=3), max_size=2))
                        ).map(lambda t: {**t[0], t[1]: t[2]})
    return st.one_of(_arbitrary_form(scenario), flat, flat, mutated,
                     st.tuples(flat, _arbitrary_form(scenario)).map(lambda t: {**t[0], **t[1]}))


def _arbitrary_form(scenario: Scenario) -> st.SearchStrategy:
    entries = {}
    for spec in scenario.fields:
        if spec.kind is FieldKind.GROUP:
            entries[spec.name] = st.one_of(st.integers(-1, spec.max_items + 1).map(str),
                                           st.text(max_size=3))
            for index in range(3):
                for sub in spec.fields:
                    entries[f"{spec.name}-{index}-{sub.name}"] = _form_value(sub)
        else:
            entries[spec.name] = _form_value(spec)
    return st.fixed_dictionaries({}, optional=entries)


def _form_value(spec) -> st.SearchStrategy:
    texts = [st.text(max_size=6), st.integers(-10**10, 10**10).map(str)]
    if spec.choices:
        texts.append(st.sampled_from(spec.choice_values()))
    if spec.kind is FieldKind.BOOLEAN:
        texts.append(st.sampled_from(["on", "true", "0", "no"]))
    single = st.one_of(*texts)
    return st.one_of(single, st.lists(single, max_size=3))


_SETTINGS = settings(max_examples=250, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_json_input_gives_ruling_or_input_error(scenario):
    @_SETTINGS
    @given(_json_input(scenario))
    def run(data):
        try:
            ruling = scenario.evaluate(data)
        except InputError as error:
            assert error.field
            return
        assert isinstance(ruling, Ruling) and ruling.scenario == scenario.slug
        assert set(ruling.citations()) <= set(scenario.citations)
        for step in ruling.steps:
            assert step.message.id in STEP_WORDS
            step.message.render()

    run()


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_form_input_gives_ruling_or_input_error(scenario):
    @_SETTINGS
    @given(_form_strategy(scenario))
    def run(data):
        try:
            ruling = scenario.evaluate_form(data)
        except InputError as error:
            assert error.field
            return
        assert isinstance(ruling, Ruling)
        assert set(ruling.citations()) <= set(scenario.citations)

    run()


@_SETTINGS
@given(st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.sampled_from(["venus", "erde", "mars", "merkur", "jupiter"]),
       st.integers(-500, 500).filter(bool))
def test_change_is_amount_times_a_power_of_two(left, right, target, amount):
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": left, "right_planet": right,
                               "amount": amount, "opponent_planet": target,
                               "opponent_effects": ["ep"]})
    factor = Fraction(ruling.value("change")) / amount
    expected = Fraction(1)
    increase = amount > 0
    if target == right:
        expected *= Fraction(1, 2) if increase else 2
    if target == left:
        expected *= 2 if increase else Fraction(1, 2)
    assert factor == expected == ruling.value("factor")


@pytest.mark.parametrize("scenario", RULESET.scenarios, ids=lambda s: s.slug)
def test_form_and_json_agree(scenario):
    @_SETTINGS
    @given(_typed_object(scenario.fields))
    def run(data):
        try:
            expected = scenario.evaluate(data)
        except InputError as error:
            with pytest.raises(InputError) as info:
                scenario.evaluate_form(to_form(scenario, data))
            assert info.value.field == error.field
            return
        assert scenario.evaluate_form(to_form(scenario, data)) == expected

    run()


def test_module_doctests():
    import doctest

    import engine.powerduell

    result = doctest.testmod(engine.powerduell)
    assert result.attempted >= 8 and result.failed == 0


def test_opponent_planet_only_needed_for_a_negativ_positiv_card():
    ruling = WIRKUNG.evaluate({**SETUP, "left_planet": None, "right_planet": None})
    assert ruling.value("change") == 20
    single = WIRKUNG.evaluate({**SETUP, "right_planet": None})
    assert single.value("change") == 20


def test_on_a_table_each_reach_step_names_its_monster_and_card():
    """A judge with two Schutzgottkarten and two monsters read "The Wirkung does not reach a
    monster of the opposing side." twice without knowing which monster and which card."""
    ruling = SITUATION.evaluate({
        "active_side": "b",
        "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "mars",
                       "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20},
                      {"side": "b", "base_planet": "mars", "wirkung_attribute": "dp",
                       "wirkung_amount": 30}],
        "monsters": [{"side": "b", "planet": "mars", "ap": 80, "dp": 100},
                     {"side": "a", "planet": "venus", "ap": 100, "dp": 100}],
        "attacker": 1, "target": 2})
    reach = [s for s in ruling.steps if "reach" in s.message.render()]
    assert len(reach) == 4
    pairs = {(s.message.param_dict()["number"], s.message.param_dict()["side"].id)
             for s in reach}
    assert pairs == {(1, "side A"), (2, "side A"), (1, "side B"), (2, "side B")}
    assert all(s.message.render().startswith("Monster ") for s in reach)


# --------------------------------------------------------------------------
# Open points of the Wirkung: each reading with its values and clauses
# --------------------------------------------------------------------------

DEFENDING = {"base_planet": "mars", "left_planet": "venus", "right_planet": "jupiter",
             "attribute": "dp", "amount": -30, "monster_planet": "mars", "combat": "defending",
             "opponent_planet": "venus", "opponent_effects": ["ap"]}


def test_a_defending_monster_shows_both_readings_of_who_is_the_attack_target():
    ruling = WIRKUNG.evaluate(DEFENDING)
    assert ruling.value("change") == -15 and ruling.value("factor") == Fraction(1, 2)
    assert ruling.open_points() == ("np-defending",)
    first, other = ruling.readings_of("np-defending")
    assert first.presented_first and first.why is not None
    assert (first.value("change"), first.value("factor")) == (-15, Fraction(1, 2))
    assert (other.value("change"), other.value("factor")) == (-30, 1)
    assert [c.key for c in first.citations] == [NP_RULES]
    assert [c.key for c in other.citations] == [NP_RULES]
    # the attacker is not called the attack target
    met = next(s for s in ruling.steps if s.message.id.startswith("negativ-positiv conditions"))
    assert "the attacking monster (taken in place of the attack target)" in met.message.id
    attacking = WIRKUNG.evaluate({**DEFENDING, "combat": "attacking"})
    assert attacking.readings == ()


def test_a_description_naming_planets_shows_both_readings_of_the_np_limit():
    inputs = {"guardian_side_active": False, "base_planet": "venus", "left_planet": "mars",
              "right_planet": "erde", "attribute": "ap", "amount": 20, "scope": "listed",
              "listed_planets": ["jupiter", "saturn"], "monster_planet": "jupiter",
              "base_value": 100}
    ruling = WIRKUNG.evaluate(inputs)
    assert ruling.value("applies") is False and ruling.value("result") == 100
    assert ruling.open_points() == ("np-scope",)
    first, other = ruling.readings_of("np-scope")
    assert first.presented_first
    assert (first.value("applies"), first.value("change"), first.value("result")) == (
        False, 0, 100)
    assert (other.value("applies"), other.value("change"), other.value("result")) == (
        True, 20, 120)
    assert [c.key for c in first.citations] == [NP_RULES]
    assert {c.key for c in other.citations} == {P + "effekte-der-schutzgottkarte.p3",
                                                 P + "kartenaufbau.p3"}
    plain = WIRKUNG.evaluate({**inputs, "scope": "base", "monster_planet": "venus"})
    assert plain.readings == ()


def test_a_step_saying_both_readings_are_shown_comes_with_readings():
    claims = 0
    for _scenario, ruling in SWEEP:
        for step in ruling.steps:
            if step.reason is not None and "both readings are shown" in step.reason.id:
                claims += 1
                assert ruling.readings, step.reason.id
    assert claims


def test_the_situation_shows_both_readings_for_a_defending_monster():
    ruling = SITUATION.evaluate({
        "active_side": "a",
        "guardians": [{"side": "a", "base_planet": "mars", "left_planet": "venus",
                       "right_planet": "jupiter", "wirkung_attribute": "dp",
                       "wirkung_amount": -30}],
        "monsters": [{"side": "a", "planet": "mars", "dp": 100},
                     {"side": "b", "planet": "venus", "ap": 100}],
        "attacker": 2, "target": 1,
        "effects": [{"source": "energy", "source_side": "a", "target_monster": 2,
                     "attribute": "ap", "operation": "add", "amount": 10}]})
    assert ruling.value("monster_1_dp") == 85
    assert ruling.value("monster_1_np_factor") == Fraction(1, 2)
    first, other = ruling.readings_of("monster-1-np-defending")
    assert first.presented_first and first.value("monster_1_dp") == 85
    assert other.value("monster_1_dp") == 70
    assert [c.key for c in other.citations] == [NP_RULES]


def test_the_situation_shows_both_readings_of_a_description_naming_planets():
    ruling = SITUATION.evaluate({
        "active_side": "b",
        "guardians": [{"side": "a", "base_planet": "venus", "left_planet": "mars",
                       "right_planet": "erde", "wirkung_attribute": "ap", "wirkung_amount": 20,
                       "wirkung_scope": "listed", "wirkung_planets": ["jupiter", "saturn"]}],
        "monsters": [{"side": "a", "planet": "jupiter", "ap": 100},
                     {"side": "a", "planet": "venus", "ap": 100}]})
    assert ruling.value("monster_1_ap") == 100 and ruling.value("monster_2_ap") == 120
    first, other = ruling.readings_of("monster-1-np-scope-a")
    assert first.presented_first and first.value("monster_1_ap") == 100
    assert other.value("monster_1_ap") == 120
    assert {c.key for c in other.citations} == {WIRKUNG_SCOPE, IMMUNITY}
    assert [r.value("monster_2_ap") for r in ruling.readings_of("monster-2-np-scope-a")] == [
        120, 100]

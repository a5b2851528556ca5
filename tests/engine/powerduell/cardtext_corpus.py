"""Power-Duell card-text corpus: Schutzgottkarte descriptions and the fields they stand for.

Written from the forms chapter 1.2.4 defines (Wirkung on EP/AP/DP/LP of the monsters
named, Spezial-Wirkung on activation costs, the reach to the opposing side), never
copied from real cards.  Each entry: ``text``; the expected ``inputs`` (description
fields of one Schutzgottkarte of the ``situation`` scenario); the phrases expected
``unread`` (not understood), as written.  Run by ``test_cardtext.py``.
"""

from __future__ import annotations

from typing import Any


def _w(attribute: str, amount: int, scope: str = "base", *planets: str, **more: Any
       ) -> dict[str, Any]:
    fields = {"wirkung_attribute": attribute, "wirkung_amount": amount, "wirkung_scope": scope}
    if planets:
        fields["wirkung_planets"] = list(planets)
    return {**fields, **more}


def _unread(*texts: str) -> dict[str, Any]:
    """An entry nothing of which is understood: each text is one phrase."""
    return {"text": " ".join(texts), "inputs": {}, "unread": texts}


CORPUS: tuple[dict[str, Any], ...] = (
    # -- probe 12: "for each" may be per card; "Dies" in a section with no effect of its own
    # refers to another section's
    _unread("Wirkung: +10 AP für jede Venus-Monsterkarte."),
    _unread("Impact: +10 AP for each Venus monster card."),
    _unread("Воздействие: +10 AP для каждого монстра Венеры."),
    {"text": "Wirkung: +10 AP. Das gilt auch auf der gegnerischen Spielfeldseite.",
     "inputs": _w("ap", 10, extends_to_opposing_side=True), "unread": ()},
    {"text": "Воздействие: монстры Юпитера теряют 10 DP. Это воздействие распространяется и на "
             "сторону противника.", "inputs": _w("dp", -10, "listed", "jupiter",
                                               extends_to_opposing_side=True), "unread": ()},
    {"text": "Wirkung: +10 AP für alle Venus-Monsterkarten.",
     "inputs": _w("ap", 10, "listed", "venus"), "unread": ()},
    {"text": "Wirkung: Pluto-Monsterkarten erhalten +20 AP. Spezial-Wirkung: Dies gilt auch auf "
             "der gegnerischen Spielfeldseite.", "inputs": _w("ap", 20, "listed", "pluto"),
     "unread": ("Spezial-Wirkung: Dies gilt auch auf der gegnerischen Spielfeldseite.",)},
    # -- probe 15: a number word as the amount; "to" before the monsters in English
    {"text": "Wirkung: Monsterkarten erhalten zehn AP dazu.", "inputs": _w("ap", 10),
     "unread": ()},
    {"text": "Impact: monsters lose five DP.", "inputs": _w("dp", -5), "unread": ()},
    {"text": "Impact: +25 AP to all Saturn monsters.", "inputs": _w("ap", 25, "listed", "saturn"),
     "unread": ()},
    # "to each" gives each the points; "for each" may count per card and stays refused
    {"text": "Impact: +25 AP to each Saturn monster.",
     "inputs": _w("ap", 25, "listed", "saturn"), "unread": ()},
    {"text": "Impact: +15 AP to every monster card.", "inputs": _w("ap", 15, "all"),
     "unread": ()},
    _unread("Impact: +25 AP for each Saturn monster."),
    # probe 16: tens as words
    {"text": "Wirkung: Monsterkarten erhalten zwanzig AP dazu.", "inputs": _w("ap", 20),
     "unread": ()},
    {"text": "Воздействие: монстры получают тридцать DP.", "inputs": _w("dp", 30),
     "unread": ()},
    # -- Wirkung: attribute and amount, scope by what the description names (de)
    {"text": "Wirkung: Monsterkarten erhalten +20 AP.", "inputs": _w("ap", 20), "unread": ()},
    {"text": "Wirkung: Monster erhalten 30 DP dazu.", "inputs": _w("dp", 30), "unread": ()},
    {"text": "Wirkung: Eigene Monsterkarten verlieren 10 LP.", "inputs": _w("lp", -10),
     "unread": ()},
    {"text": "Wirkung: Alle Monsterkarten erhalten -25 DP.", "inputs": _w("dp", -25, "all"),
     "unread": ()},
    {"text": "Wirkung: Jede Monsterkarte erhält +5 EP.", "inputs": _w("ep", 5, "all"),
     "unread": ()},
    {"text": "Wirkung: Merkur-Monsterkarten erhalten 20 Punkte zu ihrem AP-Grundwert dazu.",
     "inputs": _w("ap", 20, "listed", "merkur"), "unread": ()},
    {"text": "Wirkung: Merkur- und Saturn-Monster erhalten +40 LP.",
     "inputs": _w("lp", 40, "listed", "merkur", "saturn"), "unread": ()},
    {"text": "Wirkung: Monster mit Planetensymbol Merkur erhalten +15 AP.",
     "inputs": _w("ap", 15, "listed", "merkur"), "unread": ()},
    {"text": "Wirkung: Monsterkarten mit dem primären Planetensymbol Pluto oder Neptun "
             "verlieren 20 AP.",
     "inputs": _w("ap", -20, "listed", "neptun", "pluto"), "unread": ()},
    {"text": "Wirkung: +30 LP.", "inputs": _w("lp", 30), "unread": ()},
    {"text": "Wirkung: -10 AP für alle Monsterkarten.", "inputs": _w("ap", -10, "all"),
     "unread": ()},
    {"text": "Wirkung: Uranus-Monsterkarten: +10 DP", "inputs": _w("dp", 10, "listed", "uranus"),
     "unread": ()},
    {"text": "Wirkung: Der DP-Wert aller Monsterkarten wird um 15 verringert.",
     "inputs": _w("dp", -15, "all"), "unread": ()},
    {"text": "Wirkung: Erhöht den LP-Wert von Erde-Monsterkarten um 50.",
     "inputs": _w("lp", 50, "listed", "erde"), "unread": ()},
    {"text": "Wirkung: Der LP-Wert aller Monster sinkt um 5 Punkte.",
     "inputs": _w("lp", -5, "all"), "unread": ()},
    {"text": "Wirkung: Monsterkarten erhalten 2 Energiepunkte.", "inputs": _w("ep", 2),
     "unread": ()},
    {"text": "Wirkung:\nVenus-Monster erhalten +10 AP.", "inputs": _w("ap", 10, "listed", "venus"),
     "unread": ()},
    # -- the reach to the opposing side (kartenaufbau.p3)
    {"text": "Wirkung: Mars-Monsterkarten erhalten +10 AP, auch auf der gegnerischen "
             "Spielfeldseite.",
     "inputs": _w("ap", 10, "listed", "mars", extends_to_opposing_side=True), "unread": ()},
    {"text": "Wirkung: Alle Monster erhalten -5 DP. Dieser Effekt gilt auch auf der "
             "gegnerischen Spielfeldseite.",
     "inputs": _w("dp", -5, "all", extends_to_opposing_side=True), "unread": ()},
    {"text": "Wirkung: Eigene und gegnerische Monsterkarten verlieren 20 LP.",
     "inputs": _w("lp", -20, extends_to_opposing_side=True), "unread": ()},
    {"text": "Wirkung: Monsterkarten erhalten +10 AP (nur auf der eigenen Spielfeldseite).",
     "inputs": _w("ap", 10, extends_to_opposing_side=False), "unread": ()},
    {"text": "Wirkung: Monster erhalten +20 DP. Spezial-Wirkung: Monsterkarten zahlen bei der "
             "Aktivierung 1 Energiepunkt weniger. Die Effekte dieser Karte gelten auch auf der "
             "gegnerischen Spielfeldseite.",
     "inputs": {**_w("dp", 20, extends_to_opposing_side=True), "spezial_cost_change": -1,
                "spezial_extends_to_opposing_side": True}, "unread": ()},
    # -- Spezial-Wirkung: activation costs (effekte.p4, Wirkungsbegrenzung example)
    {"text": "Spezial-Wirkung: Monsterkarten müssen bei der Aktivierung 1 Energiepunkt weniger "
             "zahlen.", "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Spezial-Wirkung: Alle Monsterkarten kosten bei der Aktivierung zwei Energiepunkte "
             "mehr.", "inputs": {"spezial_cost_change": 2}, "unread": ()},
    # the verb before its subject, as German puts it after "Bei der Aktivierung"
    {"text": "Spezial-Wirkung: Bei der Aktivierung müssen Monsterkarten einen Energiepunkt "
             "weniger zahlen.", "inputs": {"spezial_cost_change": -1}, "unread": ()},
    _unread("Spezial-Wirkung: Bei der Aktivierung müssen Monsterkarten einen Energiepunkt "
            "weniger zahlen, falls sie angreifen."),
    {"text": "Spezialwirkung: Die Aktivierungskosten von Monsterkarten sinken um 3 "
             "Energiepunkte.", "inputs": {"spezial_cost_change": -3}, "unread": ()},
    {"text": "Spezial-Wirkung: Aktivierungskosten -1 Energiepunkt",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Spezial-Wirkung: Die Aktivierung von Monsterkarten kostet einen Energiepunkt "
             "weniger, auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"spezial_cost_change": -1, "spezial_extends_to_opposing_side": True},
     "unread": ()},
    {"text": "Wirkung: Venus-Monsterkarten erhalten +20 AP.\nSpezial-Wirkung: Monster zahlen bei "
             "der Aktivierung 1 Energiepunkt weniger.\nDiese Spezial-Wirkung gilt auch auf der "
             "gegnerischen Spielfeldseite.",
     "inputs": {**_w("ap", 20, "listed", "venus"), "spezial_cost_change": -1,
                "spezial_extends_to_opposing_side": True}, "unread": ()},
    # -- English (impact / special impact)
    {"text": "Impact: Monster cards gain +20 AP.", "inputs": _w("ap", 20), "unread": ()},
    {"text": "Impact: All monsters lose 10 DP, also on the opposing side.",
     "inputs": _w("dp", -10, "all", extends_to_opposing_side=True), "unread": ()},
    {"text": "Wirkung: Monster cards with the planet symbol Earth or Mars get +15 LP.",
     "inputs": _w("lp", 15, "listed", "erde", "mars"), "unread": ()},
    {"text": "Special impact: Monster cards cost 1 energy point less to activate.",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Special impact: The activation cost of all monster cards is increased by 2.",
     "inputs": {"spezial_cost_change": 2}, "unread": ()},
    {"text": "Special impact: all monster cards pay one energy point more when activated",
     "inputs": {"spezial_cost_change": 1}, "unread": ()},
    # -- Russian (воздействие / особое воздействие)
    {"text": "Воздействие: карты монстров получают +20 AP.", "inputs": _w("ap", 20),
     "unread": ()},
    {"text": "Воздействие: все монстры теряют 10 LP.", "inputs": _w("lp", -10, "all"),
     "unread": ()},
    {"text": "Воздействие: карты монстров Венеры и Земли получают +10 DP, также на стороне "
             "противника.",
     "inputs": _w("dp", 10, "listed", "venus", "erde", extends_to_opposing_side=True),
     "unread": ()},
    {"text": "Особое воздействие: карты монстров при активации платят на 1 очко энергии меньше.",
     "inputs": {"spezial_cost_change": -1}, "unread": ()},
    {"text": "Особое воздействие: стоимость активации карт монстров увеличивается на 2.",
     "inputs": {"spezial_cost_change": 2}, "unread": ()},
    {"text": "Воздействие: монстры получают 20 AP. Это воздействие также действует на стороне "
             "противника.", "inputs": _w("ap", 20, extends_to_opposing_side=True), "unread": ()},
    {"text": "Воздействие: монстры получают 20 AP. Это воздействие действует и на стороне "
             "противника.", "inputs": _w("ap", 20, extends_to_opposing_side=True), "unread": ()},
    {"text": "Impact: Monsters get 20 AP. This impact also applies to the opposing side.",
     "inputs": _w("ap", 20, extends_to_opposing_side=True), "unread": ()},
    # -- not understood: outside the forms, never guessed
    _unread("Wirkung: Monsterkarten erhalten +10 AP für jede Energiekarte."),
    _unread("Wirkung: Wenn eine Monsterkarte angreift, erhält sie +20 AP."),
    _unread("Wirkung: Falls ein Mars-Monster im Kampf ist, erhält es +10 DP."),
    _unread("Wirkung: Mond-Monsterkarten erhalten +10 AP."),
    _unread("Wirkung: Monsterkarten erhalten +10 KP."),
    _unread("Wirkung: Halbiert den DP-Wert aller Monsterkarten."),
    _unread("Wirkung: Der AP-Wert von Monsterkarten wird verdoppelt."),
    _unread("Spezial-Wirkung: Monsterkarten erhalten +10 AP."),
    _unread("Spezial-Wirkung: Merkur-Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt "
            "weniger."),
    _unread("Spezial-Wirkung: Energiekarten kosten 1 Energiepunkt weniger."),
    _unread("Venus-Monsterkarten erhalten +20 AP."),
    _unread("Gilt auch auf der gegnerischen Spielfeldseite."),
    _unread("Wirkung: Gegnerische Monsterkarten verlieren 10 LP."),
    _unread("Wirkung: Monsterkarten erhalten +0 AP."),
    _unread("Fliegend."),
    _unread("Impact: Monsters gain +10 AP for each card in your hand."),
    _unread("Воздействие: если монстр атакует, он получает +10 AP."),
    # only the opponent's side (no "auch"/"also"/"также"): not a reach the description defines
    _unread("Воздействие: монстры получают 20 AP на стороне противника."),
    _unread("Wirkung: Monster erhalten 20 AP auf der gegnerischen Spielfeldseite."),
    _unread("Impact: Monsters get 20 AP on the opponent's side."),
    {"text": "Воздействие: монстры получают 20 AP. Это воздействие действует на стороне "
             "противника.", "inputs": _w("ap", 20),
     "unread": ("Это воздействие действует на стороне противника.",)},
    {"text": "Impact: Monsters get 20 AP. This impact applies to the opposing side.",
     "inputs": _w("ap", 20), "unread": ("This impact applies to the opposing side.",)},
    # a bare "Effekt:" labels neither section: the text calls both kinds effects ("2 Arten von
    # Effekten, die Wirkung und die Spezial-Wirkung"); which one is meant is not guessed, and
    # what follows it has no section either
    _unread("Effect: monsters gain 20 AP."),
    _unread("Effekt: Monster erhalten 20 AP."),
    _unread("Эффект: монстры получают 20 AP."),
    _unread("Effekt: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt weniger."),
    _unread("Effects: Monsters gain 20 AP.", "Also applies on the opposing side."),
    {"text": "Wirkung: Monster erhalten +10 AP. Effekt: Monster erhalten 10 DP. Gilt auch auf "
             "der gegnerischen Spielfeldseite.", "inputs": _w("ap", 10),
     "unread": ("Effekt: Monster erhalten 10 DP.",
                "Gilt auch auf der gegnerischen Spielfeldseite.")},
    # "dieser Effekt" after a label is that section's own
    {"text": "Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt weniger. "
             "Dieser Effekt gilt auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"spezial_cost_change": -1, "spezial_extends_to_opposing_side": True},
     "unread": ()},
    # "diese Wirkung" after a Spezial-Wirkung: the text calls that one's effect a Wirkung too
    {"text": "Spezial-Wirkung: Monsterkarten müssen bei der Aktivierung 1 Energiepunkt weniger "
             "zahlen. Diese Wirkung gilt auch auf der gegnerischen Spielfeldseite.",
     "inputs": {"spezial_cost_change": -1},
     "unread": ("Diese Wirkung gilt auch auf der gegnerischen Spielfeldseite.",)},
    {"text": "Wirkung: Monster erhalten +10 AP. Spezial-Wirkung: Monsterkarten zahlen bei der "
             "Aktivierung 1 Energiepunkt weniger. Die Wirkung gilt auch auf der gegnerischen "
             "Spielfeldseite.", "inputs": {**_w("ap", 10), "spezial_cost_change": -1},
     "unread": ("Die Wirkung gilt auch auf der gegnerischen Spielfeldseite.",)},
    {"text": "Особое воздействие: карты монстров при активации платят на 1 очко энергии меньше. "
             "Это воздействие также действует на стороне противника.",
     "inputs": {"spezial_cost_change": -1},
     "unread": ("Это воздействие также действует на стороне противника.",)},
    {"text": "Wirkung: Monster erhalten +10 AP. Diese Wirkung gilt auch auf der gegnerischen "
             "Spielfeldseite. Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 "
             "Energiepunkt weniger.",
     "inputs": {**_w("ap", 10, extends_to_opposing_side=True), "spezial_cost_change": -1},
     "unread": ()},
    {"text": "Wirkung: Monsterkarten erhalten +10 AP. Wirkung: Monsterkarten erhalten +10 DP.",
     "inputs": _w("ap", 10), "unread": ("Wirkung: Monsterkarten erhalten +10 DP.",)},
    {"text": "Wirkung: Merkur-Monster erhalten +10 AP und Venus-Monster erhalten +10 DP.",
     "inputs": _w("ap", 10, "listed", "merkur"), "unread": ("Venus-Monster erhalten +10 DP.",)},
    {"text": "Spezial-Wirkung: Monsterkarten zahlen bei der Aktivierung 1 Energiepunkt weniger. "
             "Energiekarten können nicht zerstört werden.",
     "inputs": {"spezial_cost_change": -1},
     "unread": ("Energiekarten können nicht zerstört werden.",)},
)

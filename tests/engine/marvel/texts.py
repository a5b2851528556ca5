"""The entry "Ziel" split by clause key, and the words each step message shares with
the clauses it cites."""

from __future__ import annotations

# The seed text, split by clause key (ziel.pN / ziel.pN.M)
# --------------------------------------------------------------------------

CLAUSE_TEXT: dict[str, str] = {
    "ziel.p1": "Falls eine Spielfunktion oder eine Kartenfähigkeit sich auf ein Spielelement "
               "fixiert (z.B. auf einen Angriff, der einem Gegner Schaden zufügt), wird das "
               "Spielelement während der Abhandlung der Funktion oder der Fähigkeit zum Ziel "
               "der Funktion oder der Fähigkeit.",
    "ziel.p2": "Beispiele für mögliche Ziele können unter anderem sein: „der Schurke“, „ein "
               "Scherge“, „ein Gegner“, „ein Plan“, „ein Held“, „ein Verbündeter“, „ein "
               "Charakter“, „ein Spieler“, „du“, „eine Karte“.",
    "ziel.p3": "Verlangt eine Fähigkeit oder Spielfunktion 1 oder mehr Ziele, kann die "
               "Fähigkeit oder Spielfunktion nur eingeleitet werden, falls sie mindestens 1 "
               "gültiges Ziel hat. (Beispiel: Eine Fähigkeit mit dem Text „Füge einem Schergen "
               "5 Schaden zu“ kann nicht eingeleitet werden, falls keine Schergen im Spiel "
               "sind.)",
    "ziel.p3.1": "Basiskräfte sind Spielfunktionen, die ein gültiges Ziel verlangen.",
    "ziel.p3.2": "Die Formulierung „wähle [ein Spielelement]“ gibt an, dass 1 oder mehr Ziele "
                 "ausgewählt werden müssen, damit eine Fähigkeit eingeleitet werden kann.",
    "ziel.p3.3": "Fähigkeiten, die dazu führen, dass ein Spieler 1 oder mehr Karten zieht, "
                 "haben ein gültiges Ziel, solange der Spieler mindestens 1 Karte in seinem "
                 "Deck hat.",
    "ziel.p4": "Ein Ziel ist für eine Fähigkeit oder Spielfunktion gültig, wenn ein beliebiger "
               "Teil der Fähigkeit oder Spielfunktion das Ziel betreffen kann.",
    "ziel.p4.1": "Beispiele für mögliche Effekte auf Ziele können unter anderem sein: Schaden "
                 "zufügen/heilen, Bedrohung hinzufügen/entfernen, eine Statuskarte "
                 "geben/entfernen, ein Ziel erschöpfen / spielbereit machen, ein Ziel "
                 "besiegen/ ablegen.",
    "ziel.p4.2": "Ausnahme: Ein Charakter kann auch mit einem ANG-, PLA- oder WID-Wert von 0 "
                 "eine Aktivierung oder Basiskraft gegen ein Ziel durchführen, das ansonsten "
                 "ein gültiges Ziel für eine solche Aktivierung oder Basiskraft ist. (Beispiel: "
                 "Ein Held mit 0 WID kann seine Basiskraft Widerstand gegen einen Plan mit "
                 "Bedrohung darauf durchführen.)",
    "ziel.p4.3": "Die Kosten einer Fähigkeit oder Spielfunktion werden nicht berücksichtigt, "
                 "wenn überprüft wird, ob eine Fähigkeit oder Spielfunktion ein Ziel betreffen "
                 "kann.",
    "ziel.p4.4": "Falls eine Fähigkeit oder Spielfunktion mehrere Effekte auf ihr Ziel hat, ist "
                 "das Ziel gültig, falls mindestens 1 der Effekte das Ziel betreffen kann.",
    "ziel.p4.5": "Ein Ziel ist für eine Fähigkeit nicht gültig, falls die Fähigkeit dazu führt, "
                 "dass das Ziel eine Spielfunktion durchführen müsste, die dem Ziel von einer "
                 "anderen Fähigkeit untersagt wird. (Beispiel: Ein Charakter hat ein Anhang mit "
                 "dem Text: „Der Charakter mit diesem Anhang kann nicht spielbereit gemacht "
                 "werden.“ Somit ist dieser Charakter kein gültiges Ziel für eine "
                 "Kartenfähigkeit, die ihn wieder spielbereit machen kann.)",
    "ziel.p4.6": "Schaden, der zugefügt, aber nicht genommen wird (wenn Schaden z.B. verhindert "
                 "wird), gilt, als würde er das Ziel betreffen.",
    "ziel.p4.7": "Ein Ziel, das „keinen Schaden nehmen kann“, ist kein gültiges Ziel für eine "
                 "Fähigkeit, die Schaden zufügt.",
    "ziel.p4.8": "Ein Ziel, das nicht angegriffen werden kann, ist kein gültiges Ziel für eine "
                 "Fähigkeit, die als Angriff gekennzeichnet ist.",
    "ziel.p4.9": "Ein Ziel, gegen das kein Widerstand geleistet werden kann, ist kein gültiges "
                 "Ziel für eine Fähigkeit, die als Widerstand gekennzeichnet ist.",
    "ziel.p4.10": "Ein Effekt, der „das [Ziel]“ verwendet, bezieht sich auf das Ziel eines "
                  "vorherigen Effekts und kann nur für ein gültiges Ziel des vorherigen Effekts "
                  "abgehandelt werden. (Beispiel: Eine Fähigkeit mit dem Text „Füge einem "
                  "Gegner 5 Schaden zu. Betäube den Gegner.“ kann nur verwendet werden, um "
                  "einen Gegner zu betäuben, dem Schaden zugefügt werden kann (bzw. der "
                  "Schaden nehmen kann).",
    "ziel.p5": "Eine Fähigkeit oder Spielfunktion, die mehrere Spielelemente eines bestimmten "
               "Typs zum Ziel hat (z.B. „jeder Gegner“), kann eingeleitet werden, wenn sich "
               "unter den Spielelementen mindestens 1 gültiges Ziel befindet.",
    "ziel.p5.1": "Die Fähigkeit oder Spielfunktion wird aber nicht gegen die Spielelemente "
                 "abgehandelt, die keine gültigen Ziele sind. Beispiel: Das Krisensymbol () "
                 "verhindert, dass Bedrohung vom Hauptplan entfernt werden kann. Eine "
                 "Fähigkeit mit dem Text „Entferne 1 Bedrohung von jedem Plan“ kann verwendet "
                 "werden, auch wenn sich ein Krisensymbol im Spiel befindet, solange es "
                 "mindestens 1 Plan gibt, von dem Bedrohung entfernt werden. In diesem Fall "
                 "würde aber keine Bedrohung vom Hauptplan entfernt werden.",
    "ziel.p6": "Eine Fähigkeit, die sich auf ein zukünftiges Ziel bezieht (z.B. auf „die "
               "nächste Karte, die du spielst“), benötigt kein Ziel, um eingeleitet zu werden.",
    "ziel.p7": "Siehe auch: Fähigkeit, Gekennzeichnete Fähigkeit, Kosten, Spielelement, "
               "Wählen (Spielelement)",
}

#: Step message id -> words that appear verbatim in the text of the clause(s) it cites.
STEP_WORDS: dict[str, tuple[str, ...]] = {
    # every assumption cites the clauses in whose scope it came up (the tough status card:
    # prevented damage, ziel.p4.6; what a basic power does: ziel.p1, ziel.p3.1, ziel.p4.2)
    "Assumption from outside the published texts: %(fact)s": ("Ziel",),
    "The cost (%(cost)s) is not considered when checking whether the ability can affect "
    "a target.": ("Kosten", "nicht berücksichtigt"),
    "A Basiskraft is a game function that requires a valid target.":
        ("Basiskräfte", "gültiges Ziel verlangen"),
    "%(actor)s is exhausted; this is not considered for targets.":
        ("Basiskräfte", "Kosten", "nicht berücksichtigt"),
    "The target of the Basiskraft Verteidigung is taken to be the attacking enemy.":
        ("Basiskräfte", "Ziel betreffen"),
    "%(target)s cannot be attacked: not a valid target of the basic power Angriff.":
        ("nicht angegriffen werden", "Basiskräfte"),
    "%(target)s cannot be attacked: not a valid target of an ability labelled Angriff.":
        ("nicht angegriffen werden", "als Angriff gekennzeichnet"),
    "No Widerstand can be performed against %(target)s: not a valid target of the basic "
    "power Widerstand.": ("kein Widerstand geleistet", "Basiskräfte"),
    "No Widerstand can be performed against %(target)s: not a valid target of an ability "
    "labelled Widerstand.": ("kein Widerstand geleistet", "als Widerstand gekennzeichnet"),
    "Effect %(number)s of an ability labelled Widerstand on %(target)s.":
        ("als Widerstand gekennzeichnet",),
    "Another ability forbids it (%(condition)s): %(target)s is not a valid target of "
    "effect %(number)s.": ("von einer anderen Fähigkeit untersagt",),
    "%(actor)s has %(stat)s 0 but may still use the Basiskraft against %(target)s, which is "
    "otherwise a valid target.": ("Wert von 0", "Basiskraft", "ansonsten ein gültiges Ziel"),
    "Effect %(number)s has an amount of 0: %(target)s is not counted as affected.":
        ("Wert von 0", "Ziel betreffen"),
    "Effect %(number)s (%(effect)s) can affect %(target)s.": ("Ziel betreffen",),
    "Effect %(number)s would change nothing on %(target)s (%(what)s): not counted as "
    "affected.": ("Ziel betreffen", "Beispiele für mögliche Effekte"),
    "%(target)s cannot take damage: not a valid target of an effect that deals damage.":
        ("keinen Schaden nehmen kann", "Schaden zufügt"),
    "Damage dealt to %(target)s would be prevented but still counts as affecting it.":
        ("nicht genommen", "verhindert"),
    "A crisis icon is in play: threat cannot be removed from the main scheme, which is not "
    "a valid target of effect %(number)s.": ("Krisensymbol", "vom Hauptplan entfernt"),
    "%(target)s has no threat: not a valid target for removing threat.":
        ("Bedrohung hinzufügen/entfernen", "Plan mit Bedrohung"),
    "%(target)s: cards in the deck — %(deck)s; a valid target for drawing.":
        ("Karte in seinem Deck", "Karten zieht"),
    "%(target)s has no card in the deck: not a valid target for drawing.":
        ("Karte in seinem Deck", "Karten zieht"),
    "%(target)s is not attacking: defending cannot affect it.": ("Ziel betreffen",),
    "%(actor)s has VER 0 and is counted as able to defend against %(target)s.":
        ("WID-Wert von 0",),
    "Effect %(number)s refers to a future target and needs no target to be initiated.":
        ("zukünftiges Ziel", "benötigt kein Ziel"),
    "Effect %(number)s fixes on %(type)s; game elements of that kind in play: %(count)s.":
        ("Beispiele für mögliche Ziele", "zum Ziel"),
    "'Charakter' is taken to mean heroes, allies, the villain and minions.":
        ("ein Charakter", "Ein Held mit 0 WID"),
    "Effect %(number)s ('the [target]') is taken to refer to effect %(head)s, the last effect "
    "naming %(type)s; the target of effect %(other)s may be one too.":
        ("das [Ziel]", "vorherigen Effekts"),
    "'Karte' is taken to mean the cards in play that the effect can apply to.":
        ("eine Karte",),
    "%(target)s is a valid target: %(count)s of the %(total)s effects on it can affect it.":
        ("mehrere Effekte", "mindestens 1 der Effekte"),
    "%(target)s cannot take damage, but another of the %(total)s effects on it can affect it: "
    "whether it is a valid target is open; both readings are shown.":
        ("keinen Schaden nehmen kann", "mehrere Effekte", "mindestens 1 der Effekte"),
    "Another ability forbids %(target)s what one of the %(total)s effects on it would make it "
    "do, but another of them can affect it: whether it is a valid target is open; both readings "
    "are shown.":
        ("von einer anderen Fähigkeit untersagt", "mehrere Effekte", "mindestens 1 der Effekte"),
    "Effect %(number)s is not resolved against %(target)s, which is not a valid target.":
        ("nicht gegen die Spielelemente abgehandelt",),
    "Effect %(number)s refers to the targets of an 'each' effect.":
        ("das [Ziel]", "vorherigen Effekts"),
    "Effect %(number)s refers to %(targets)s after damage dealt to it.":
        ("das [Ziel]", "vorherigen Effekts"),
    "%(target)s is not a valid target of the earlier effect: effect %(number)s ('the "
    "[target]') is not resolved against it.":
        ("das [Ziel]", "gültiges Ziel des vorherigen Effekts"),
    "%(target)s stays a valid target through the earlier effect; effect %(number)s does not "
    "affect it.": ("mindestens 1 der Effekte", "vorherigen Effekts"),
    "Effect %(number)s is judged against the game state when the ability is initiated, "
    "not after effect %(earlier)s.": ("Ziel betreffen",),
    "The ability names no target in play and can be initiated without one.":
        ("benötigt kein Ziel",),
    "Effect %(number)s says 'wähle' but has no valid target: the ability cannot be "
    "initiated.": ("wähle", "eingeleitet werden kann"),
    "The ability requires a target and has no valid target: it cannot be initiated.":
        ("gültiges Ziel",),
    "Effect %(number)s targets each of several game elements and %(count)s of them are "
    "valid: the target requirement of Ziel ¶3 is met.":
        ("mehrere Spielelemente", "mindestens 1 gültiges Ziel"),
    "Effect %(number)s has a valid target: the target requirement of Ziel ¶3 is met.":
        ("haben ein gültiges Ziel",),
    "Effect %(number)s says 'wähle' and has %(count)s valid targets to choose from: the "
    "target requirement of Ziel ¶3 is met.": ("wähle", "ausgewählt werden"),
    "Effect %(number)s says 'choose %(wanted)s' (wähle) and has %(count)s valid targets, "
    "enough to choose %(wanted)s: the target requirement of Ziel ¶3 is met.":
        ("wähle", "ausgewählt werden"),
    "Not covered by the published rules: %(what)s": ("wähle", "1 oder mehr Ziele"),
    "Effect %(numbers)s refers to a future target, and the effects that require a target "
    "have no valid target: whether the ability can be initiated is open; both readings are "
    "shown.": ("gültiges Ziel", "zukünftiges Ziel", "benötigt kein Ziel"),
    # what a step on an input not covered names, where it has words of its own
    "the basic power Verteidigung (defense)": ("Basiskräfte",),
    "whether effect %(number)s (%(effect)s) can affect a game element of the kind %(kind)s: "
    "the entry \"Ziel\" lists such effects on targets without saying which game elements "
    "they apply to": ("ein beliebiger Teil", "Beispiele für mögliche Effekte"),
    "Effect %(number)s has %(count)s valid targets, one of which becomes its target: the "
    "target requirement of Ziel ¶3 is met.": ("gültiges Ziel",),
    "Effect %(number)s has one valid target, which becomes its target: the target requirement "
    "of Ziel ¶3 is met.": ("gültiges Ziel",),
    "Effect %(number)s targets each game element it names, and one of them is valid: the "
    "target requirement of Ziel ¶3 is met.":
        ("mehrere Spielelemente", "mindestens 1 gültiges Ziel"),
    "Effect %(number)s says 'wähle' and has one valid target to choose: the target "
    "requirement of Ziel ¶3 is met.": ("wähle", "ausgewählt werden"),
    "Effect %(number)s has no valid target and is not resolved; the ability can still be "
    "initiated.": ("mindestens 1 gültiges Ziel", "beliebiger Teil"),
    "Effect %(number)s has no valid target: if the ability is initiated, it is not "
    "resolved.": ("mindestens 1 gültiges Ziel", "beliebiger Teil"),
    "If the ability is initiated: %(step)s": ("abgehandelt",),
    "As far as its targets decide: %(step)s": ("Ziel",),  # also a basic power: ziel.p3.1
    "Threat on %(target)s stays %(threat)s.": ("Bedrohung", "nicht gegen die Spielelemente"),
    "%(target)s has only %(before)s threat; %(amount)s is to be removed.":
        ("Bedrohung hinzufügen/entfernen",),
    "Threat on %(target)s: %(before)s becomes %(after)s.":
        ("Bedrohung", "mindestens 1 gültiges Ziel"),
}

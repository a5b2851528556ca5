"""Inputs and checks shared by the Marvel Champions engine tests."""

from __future__ import annotations

from typing import Any, Mapping

from engine.core import Field, FieldKind, Outcome, Ruling
from engine.marvel import TARGET_VALIDITY as SCENARIO
from tests.engine.marvel.texts import STEP_WORDS


def board(**parts: Any) -> dict[str, Any]:
    """JSON-style input: an empty board plus ``parts``."""
    data: dict[str, Any] = {"villain": [], "minions": [], "main_scheme": [],
                            "side_schemes": [], "characters": [], "other_cards": [],
                            "players": []}
    data.update(parts)
    return data


def card(*effects: dict[str, Any], **parts: Any) -> dict[str, Any]:
    return board(kind="card_ability", effects=list(effects), **parts)


def effect(verb: str, selector: str, target_type: str | None = None, **more: Any) -> dict:
    data = {"verb": verb, "selector": selector}
    if target_type is not None:
        data["target_type"] = target_type
    data.update(more)
    return data


def hero(**more: Any) -> dict[str, Any]:
    data = {"kind": "hero", "atk": 2, "thw": 2, "def": 2, "damage": 0}
    data.update(more)
    return data


def ally(**more: Any) -> dict[str, Any]:
    return hero(kind="ally", **more)


def to_form(fields: tuple[Field, ...], data: Mapping[str, Any], prefix: str = "") -> dict:
    """Flatten JSON-style input into form data as a browser would send it."""
    form: dict[str, Any] = {}
    for spec in fields:
        name = prefix + spec.name
        raw = data.get(spec.name)
        if spec.kind is FieldKind.GROUP:
            items = raw or []
            form[name] = str(len(items))
            for index, item in enumerate(items):
                form.update(to_form(spec.fields, item, f"{name}-{index}-"))
        elif raw is None:
            continue
        elif spec.kind is FieldKind.BOOLEAN:
            if raw:
                form[name] = "on"
        elif spec.kind is FieldKind.MULTIPLE_CHOICE:
            form[name] = list(raw)
        else:
            form[name] = str(raw)
    return form


def both(data: dict[str, Any]) -> Ruling:
    """Evaluate JSON-style and as form data; check both agree; return the ruling."""
    ruling = SCENARIO.evaluate(data)
    assert SCENARIO.evaluate_form(to_form(SCENARIO.fields, data)) == ruling
    return ruling


def keys(ruling: Ruling) -> set[str]:
    return {c.key for c in ruling.citations()}


def step_keys(ruling: Ruling, outcome: Outcome | None = None) -> list[tuple[str, ...]]:
    return [tuple(c.key for c in s.citations) for s in ruling.steps
            if outcome is None or s.outcome is outcome]


def decisive(ruling: Ruling) -> tuple[str, ...]:
    """Citations of the last step that decides initiation (or that the target requirement of
    Ziel ¶3 is met)."""
    for step in reversed(ruling.steps):
        if "initiated" in step.message.id or "target requirement of Ziel ¶3" in step.message.id:
            return tuple(c.key for c in step.citations)
    raise AssertionError("no initiation step")


def silent_ids(ruling: Ruling) -> list[str]:
    return [s.message.id for s in ruling.by_outcome(Outcome.SILENT)]


def all_rulings() -> list[Ruling]:
    """Rulings of the examples and of a set of inputs that reach every step."""
    inputs = [example.inputs for example in SCENARIO.examples] + [
        card(effect("deal_damage", "one", "minion", amount=5)),
        card(effect("deal_damage", "one", "minion", amount=5), minions=[{}, {}]),
        card(effect("deal_damage", "choose", "minion", amount=1), minions=[{}, {}]),
        card(effect("deal_damage", "one", "enemy", amount=3),
             effect("give_status", "one", "minion", status="confused"),
             effect("give_status", "the", "enemy", status="stunned"), minions=[{}]),
        card(effect("draw", "you", amount=2), effect("future", "future", amount=1),
             players=[{"deck": 0}]),
        card(effect("remove_threat", "each", "scheme", amount=1),
             main_scheme=[{"threat": 3}], side_schemes=[{"threat": 2}], crisis_icon=True),
        board(kind="basic_thwart", actor=1, characters=[hero(thw=0, exhausted=True)],
              main_scheme=[{"threat": 2, "conditions": ["cannot_be_thwarted"]}],
              side_schemes=[{"threat": 2}], cost=0),
        board(kind="basic_attack", actor=1, characters=[hero()],
              villain=[{"damage": 0, "conditions": ["cannot_be_attacked"]}]),
        board(kind="basic_defend", actor=1, characters=[hero(**{"def": 0})],
              villain=[{"damage": 0, "attacking": True}], minions=[{"damage": 0}]),
        dict(card(effect("deal_damage", "one", "enemy", amount=1),
                  effect("remove_threat", "each", "scheme", amount=3),
                  villain=[{"damage": 0, "conditions": ["cannot_be_attacked"]}],
                  minions=[{"damage": 0, "statuses": ["tough"]},
                           {"damage": 0, "conditions": ["cannot_take_damage"]}],
                  main_scheme=[{"threat": 1, "conditions": ["cannot_be_thwarted"]}],
                  side_schemes=[{"threat": 0}, {"threat": 5}, {"threat": 2}]),
             labels=["attack", "thwart"]),
        card(effect("heal", "one", "character", amount=3), effect("ready", "joint"),
             effect("exhaust", "the"),
             characters=[hero(exhausted=True), ally(damage=1, conditions=["cannot_be_healed"])]),
        card(effect("deal_damage", "each", "minion", amount=0), effect("defeat", "the"),
             minions=[{"damage": 0}]),
        card(effect("deal_damage", "one", "minion", amount=1), effect("exhaust", "choose", "ally"),
             minions=[{"damage": 0}]),
        card(effect("discard", "choose", "card"), effect("draw", "you", amount=1),
             effect("add_threat", "each", "scheme", amount=1),
             other_cards=[{}], players=[{"deck": 0}], main_scheme=[{"threat": 0}]),
        card(effect("give_status", "one", "enemy", status="stunned"),
             effect("remove_status", "joint", status="stunned"),
             minions=[{"damage": 0, "statuses": ["stunned"]}]),
        card(effect("draw", "you", amount=1), players=[{"deck": 3}]),
        card(effect("deal_damage", "one", "minion", amount=3),
             effect("give_status", "joint", status="stunned"),
             minions=[{"conditions": ["cannot_take_damage"]}]),
        card(effect("heal", "one", "character", amount=3), effect("ready", "joint"),
             characters=[hero(damage=2, exhausted=True, conditions=["cannot_be_readied"])]),
        card(effect("exhaust", "one", "minion"), minions=[{"damage": 0}]),
        card(effect("future", "future")),
        card(effect("deal_damage", "choose", "minion", amount=1, count=2),
             minions=[{"damage": 0}, {"damage": 0}]),
        card(effect("deal_damage", "choose", "minion", amount=1, count=3),
             minions=[{"damage": 0}, {"damage": 0}]),
        # "choose 3" short of targets: what else the ability does is only "if initiated"
        card(effect("deal_damage", "choose", "minion", amount=1, count=3),
             effect("remove_threat", "each", "scheme", amount=1),
             effect("heal", "one", "villain", amount=1),
             minions=[{"damage": 0}, {"damage": 0}], main_scheme=[{"threat": 3}],
             side_schemes=[{"threat": 2}], crisis_icon=True),
    ]
    return [SCENARIO.evaluate(data) for data in inputs]


KIND_NOT_COVERED = ("whether effect %(number)s (%(effect)s) can affect a game element of the "
                    "kind %(kind)s: the entry \"Ziel\" lists such effects on targets without "
                    "saying which game elements they apply to")


def kinds_not_covered(ruling) -> list:
    """The steps saying the texts do not cover whether an effect can affect a kind."""
    return [step for step in ruling.by_outcome(Outcome.NOT_COVERED)
            if step.message.param_dict()["what"].id == KIND_NOT_COVERED]


def step_key(step) -> str:
    """The id a step's words are listed under: what a step on an input not covered names,
    where that has words of its own, else the step's message id."""
    if step.outcome is Outcome.NOT_COVERED:
        what = step.message.param_dict()["what"].id
        if what in STEP_WORDS:
            return what
    return step.message.id


def assert_open_against_p4_4(scenario, data: dict, slug: str, refusing: str,
                             silent: str = "") -> None:
    """An instruction with several effects on one target: ``refusing`` (a clause key of
    Ziel ¶4) refuses the target, ¶4.4 accepts it, and the ruling shows the open point
    ``slug`` with both readings — valid per ¶4.4 first — on the form's path too; its
    silent step (the one whose message starts with ``silent``) cites both clauses, and
    no settled ¶4.4 step calls the target valid."""
    ruling = scenario.evaluate(data)
    assert scenario.evaluate_form(to_form(scenario.fields, data)) == ruling
    assert ruling.open_points() == (slug,) and not ruling.settled
    valid, invalid = ruling.readings_of(slug)
    assert [c.key for c in valid.citations] == ["ziel.p4.4"]
    assert [c.key for c in invalid.citations] == [refusing]
    assert (valid.value("can_initiate"), invalid.value("can_initiate")) == (True, False)
    assert invalid.value("effect_1_valid_targets") == ()
    steps = [s for s in ruling.steps if s.outcome is Outcome.SILENT
             and s.message.id.startswith(silent)]
    assert [[c.key for c in s.citations] for s in steps] == [[refusing, "ziel.p4.4"]]
    # no settled ¶4.4 step says the target is valid
    assert not any(s.outcome is Outcome.APPLIED and s.citations[0].key == "ziel.p4.4"
                   for s in ruling.steps)

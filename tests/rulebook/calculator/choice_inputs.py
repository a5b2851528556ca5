"""Calculator inputs rewritten as a reader might type them: every choice
value of a form, or every string of a JSON body, passed through ``write``
(in capitals, wrapped in spaces …)."""

from __future__ import annotations

import re
from typing import Callable

# A choice value of a form (not a number, not a checkbox's on/off).
_CHOICE = re.compile(r"[a-z][a-z_-]*")


def choices_written(form: dict[str, list[str]], write: Callable[[str], str]
                    ) -> dict[str, list[str]]:
    """``form`` (name → values) with each choice value written by ``write``."""
    return {name: [write(value) if _CHOICE.fullmatch(value) and value not in ("on", "off")
                   else value for value in values] for name, values in form.items()}


def strings_written(data, write: Callable[[str], str]):
    """A JSON value with each string in it written by ``write``."""
    if isinstance(data, dict):
        return {key: strings_written(value, write) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [strings_written(value, write) for value in data]
    return write(data) if isinstance(data, str) else data


def choice_fields():
    """Every choice and multiple-choice field of every scenario, with the
    JSON Schema of one of its values: ``(field, schema)`` pairs."""
    import engine
    from engine.core import FieldKind

    def walk(fields):
        for spec in fields:
            if spec.kind is FieldKind.GROUP:
                yield from walk(spec.fields)
            elif spec.kind in (FieldKind.CHOICE, FieldKind.MULTIPLE_CHOICE):
                yield spec

    for ruleset in engine.rulesets():
        for scenario in ruleset.scenarios:
            for spec in walk(scenario.fields):
                schema = spec.json_schema()
                yield spec, schema.get("items") or next(
                    (s for s in schema.get("anyOf", [schema]) if s.get("type") == "string"),
                    schema)

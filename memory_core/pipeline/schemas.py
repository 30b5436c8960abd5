"""The schema registry (003 §12.2.2): what each kind of memory must carry.

A schema names the layers a kind may live in, the triple fields it requires
(`subject`, `predicate`, `object`) and the typed entries of `fields` it
requires or allows. `check_kind` returns every violation, not only the first.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

ALL_LAYERS = ("session", "episodic", "semantic", "procedural")
VERSION_RE = re.compile(r"^\d+(\.\d+){0,2}$")


def _non_empty_str(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(map(_non_empty_str, value))


def _version(value: Any) -> bool:
    return isinstance(value, int) or (
        isinstance(value, str) and bool(VERSION_RE.match(value))
    )


def _list(value: Any) -> bool:
    return isinstance(value, list) and bool(value)


@dataclass(frozen=True)
class FieldRule:
    check: Callable[[Any], bool]
    expects: str


TEXT = FieldRule(_non_empty_str, "a non-empty string")
TEXT_LIST = FieldRule(_str_list, "a non-empty list of non-empty strings")
VERSION = FieldRule(_version, "an integer or a version like 1.2.0")
ITEMS = FieldRule(_list, "a non-empty list")


@dataclass(frozen=True)
class KindSchema:
    layers: tuple[str, ...] = ALL_LAYERS
    triple: bool = False
    required: dict[str, FieldRule] = field(default_factory=dict)
    optional: dict[str, FieldRule] = field(default_factory=dict)


REGISTRY: dict[str, KindSchema] = {
    "note": KindSchema(),
    "preference": KindSchema(layers=("session", "episodic", "semantic"), triple=True),
    "entity_fact": KindSchema(layers=("episodic", "semantic"), triple=True),
    "procedure": KindSchema(
        layers=("procedural",),
        required={"name": TEXT, "steps": TEXT_LIST, "version": VERSION},
        optional={"preconditions": TEXT_LIST},
    ),
    "episode": KindSchema(
        layers=("session", "episodic"),
        required={"events": ITEMS, "summary": TEXT},
        optional={"outcome": TEXT},
    ),
}


def check_kind(
    *,
    kind: str,
    layer: str,
    subject: str,
    predicate: str,
    obj: str,
    fields: dict[str, Any],
) -> list[dict[str, str]]:
    """Return the violations of the kind's schema as {field, code, message}."""
    schema = REGISTRY.get(kind)
    if schema is None:
        return [
            {
                "field": "kind",
                "code": "unknown_kind",
                "message": f"Unknown kind {kind!r}; use one of {', '.join(REGISTRY)}.",
            }
        ]
    violations = []
    if layer not in schema.layers:
        violations.append(
            {
                "field": "kind",
                "code": "kind_not_in_layer",
                "message": f"A {kind} lives in {', '.join(schema.layers)}, "
                f"not {layer}.",
            }
        )
    if schema.triple:
        for name, value in (
            ("subject", subject),
            ("predicate", predicate),
            ("object", obj),
        ):
            if not _non_empty_str(value):
                violations.append(
                    {
                        "field": name,
                        "code": "required",
                        "message": f"A {kind} needs a {name}.",
                    }
                )
    for name, rule in schema.required.items():
        if name not in fields:
            violations.append(
                {
                    "field": f"fields.{name}",
                    "code": "required",
                    "message": f"A {kind} needs fields.{name}.",
                }
            )
        elif not rule.check(fields[name]):
            violations.append(
                {
                    "field": f"fields.{name}",
                    "code": "invalid_type",
                    "message": f"fields.{name} must be {rule.expects}.",
                }
            )
    for name, rule in schema.optional.items():
        if name in fields and not rule.check(fields[name]):
            violations.append(
                {
                    "field": f"fields.{name}",
                    "code": "invalid_type",
                    "message": f"fields.{name} must be {rule.expects}.",
                }
            )
    unknown = sorted(set(fields) - set(schema.required) - set(schema.optional))
    if unknown and kind != "note":
        violations.append(
            {
                "field": "fields",
                "code": "unknown_field",
                "message": f"A {kind} has no field(s) {', '.join(unknown)}.",
            }
        )
    return violations

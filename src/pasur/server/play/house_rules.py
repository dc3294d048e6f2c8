"""The house rules a table can be made with: ``GET /api/rules``.

The web client's table form draws its presets and its "advanced" panel from this answer, so a
setting added to :data:`pasur.rules.SETTINGS` shows up in the form without a change to the
client. Everything here is read from the rules engine: the presets' values, each setting's kind
(a choice among words, or a whole number between limits) and its standard default. What the form
sends is checked by ``POST /api/tables`` as before (:func:`pasur.rules.make_rules`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from pasur.rules import PRESETS, SETTINGS, STANDARD
from pasur.server.http.openapi import refusals

router = APIRouter(tags=["play"])


def rules_catalogue() -> dict[str, Any]:
    """Every preset with every setting's value, and every setting with its kind and default."""
    default = STANDARD.settings()
    settings: list[dict[str, Any]] = []
    for name, setting in SETTINGS.items():
        entry: dict[str, Any] = {"name": name, "default": default[name]}
        if setting.choices:
            entry.update(kind="choice", choices=list(setting.choices))
        else:
            # "none" switches the rule off (sur-cutoff=none: Surs count at any total).
            entry.update(
                kind="number", min=setting.low, max=setting.high, none=setting.none_allowed
            )
        settings.append(entry)
    presets = {name: rules.settings() for name, rules in PRESETS.items()}
    return {"presets": presets, "settings": settings}


@router.get("/api/rules", summary="The presets and every house-rule setting", responses=refusals())
async def get_rules() -> dict[str, Any]:
    """``{"presets": {name: {setting: value}}, "settings": [{"name", "kind", "choices" | "min",
    "max", "none", "default"}]}``: what ``POST /api/tables`` accepts as ``preset`` and
    ``settings``. A ``choice`` setting takes one of its ``choices``; a ``number`` a whole number
    from ``min`` to ``max`` (or ``"none"`` when ``none`` is true). Values are written as text, as
    the table's ``settings`` take them."""
    return rules_catalogue()

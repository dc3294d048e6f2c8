"""The tracker's new-sheet form scores each preset as the rules engine does.

``js/tracker/new-sheet-model.js`` keeps, for every preset, the settings that change a score (the
browser cannot ask the engine). A preset added to :data:`pasur.rules.settings.PRESETS` but not to
the form, or a scoring setting that drifts from the engine's, would create sheets that score by
other rules than the preset's name says; this test fails first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pasur.rules.settings import PRESETS, SETTINGS

WEB = Path(__file__).resolve().parents[2] / "src" / "pasur" / "web"
MODEL = WEB / "js" / "tracker" / "new-sheet-model.js"


def _js_presets() -> dict[str, dict[str, str]]:
    """The PRESETS object of the JS module, read as the flat literal it is written as."""
    source = MODEL.read_text(encoding="utf-8")
    block = source[source.index("export const PRESETS") : source.index("export const FORMATS")]
    presets: dict[str, dict[str, str]] = {}
    for name, body in re.findall(
        r"^  '?([\w-]+)'?: Object\.freeze\(\{(.*?)\}\)", block, re.M | re.S
    ):
        presets[name] = dict(re.findall(r"'?([\w-]+)'?: '([^']*)'", body))
    return presets


def test_the_form_offers_every_preset() -> None:
    assert list(_js_presets()) == list(PRESETS)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_presets_scoring_settings_are_the_engines(preset: str) -> None:
    js = _js_presets()[preset]
    engine = PRESETS[preset].settings()
    assert {"target", "sur-cancel", "target-tie", "sur-cutoff"} <= js.keys()
    assert js == {name: engine[name] for name in js}


@pytest.mark.parametrize(
    "name", ["clubs-award", "clubs-tie3", "sur-cancel", "sur-cutoff-cancels", "target-tie"]
)
def test_the_form_offers_every_value_the_engine_takes(name: str) -> None:
    source = (WEB / "js" / "tracker" / "new-sheet.js").read_text(encoding="utf-8")
    offered = re.search(rf"choiceList\(settings, '{name}', \[([^\]]*)\]\)", source)
    assert offered is not None, f"the form has no choice for {name}"
    values = re.findall(r"'([^']*)'", offered.group(1))
    assert sorted(values) == sorted(SETTINGS[name].choices)

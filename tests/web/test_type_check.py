"""The web client's type check (``tsc --checkJs``, tsconfig.json; docs/development.md) is strict
where a mistake reaches people: a DOM node where text is expected is a type error, and so is a
request body the server does not take. The client is copied to a temporary folder with one more
module that makes such calls, one to a line, beside the same calls made right; tsc must refuse
every wrong line and nothing else, so loosening a type (or the settings) fails here."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / ".bin" / "tsc"
PROBE = "src/pasur/web/js/type-probe.js"

IMPORTS = """\
import { trackerApi } from './shared/api.js';
import { fill, h } from './shared/dom.js';
import { t, tParts } from './shared/i18n.js';
import { toast } from './shared/toast.js';
import { accountApi } from './account/account-api.js';
import { playApi } from './play/play-api.js';
import { tournamentsApi } from './tournaments/tournaments-api.js';
import { sideNames } from './tracker/sheet.js';
/** @type {import('./tracker/sheet.js').Sheet} */
const sheet = JSON.parse('null');
const bdi = (/** @type {string} */ name) => h('bdi', { text: name });
"""

WRONG = {
    "a node as a toast's text": "toast(h('strong', { text: 'Sara' }));",
    "a node as an action's label": "toast('Cleared', { action: { label: h('b'), run() {} } });",
    "a node in t()'s text": "t('toast.saved', { n: h('bdi', { text: '3' }) });",
    "nodes as one tParts() part": "tParts('toast.saved', { gains: [h('bdi')] });",
    "each side's gains as a list": "tParts('toast.saved', { gains: sideNames(sheet).map(bdi) });",
    "a node as h()'s text": "h('p', { text: h('span') });",
    "a field the server does not take": "playApi.createTable({ players: 2, seats: 2 });",
    "players as text": "accountApi.challenge({ name: 'Sara', players: '2' });",
    "a sheet without players": "trackerApi.create({ preset: 'standard' });",
    "counts misspelt": "trackerApi.addRound('token', { count: { clubs: [13, 0] } });",
    "a kind there is none of": "tournamentsApi.create({ name: 'Cup', kind: 'ko', starts_at: '' });",
}

RIGHT = [
    "toast(t('toast.undone'));",
    "toast(tParts('toast.saved', { n: 3, gains: h('span', {}, h('bdi', { text: 'Ali' })) }));",
    "toast('Cleared', { action: { label: t('action.undo'), run() {} } });",
    "tParts('toast.saved', { gains: h('span', {}, sideNames(sheet).map(bdi)) });",
    "fill(document.body, h('p', { text: 3 }), tParts('toast.deleted', { n: 2 }), 'text');",
    "playApi.createTable({ players: 3, turn_timer: 30, bots: { 1: 'casual' } });",
    "accountApi.challenge({ name: 'Sara', players: 2, turn_timer: 15, rated: true });",
    "trackerApi.create({ players: ['Ali', 'Sara'], settings: { target: '100' } });",
    "trackerApi.addRound('token', { cards: [['AC'], ['2C']], surs: [0, 1] });",
    "tournamentsApi.create({ name: 'Cup', kind: 'swiss', starts_at: '', rounds: 5 });",
]


def test_text_and_request_bodies_are_checked(tmp_path: Path) -> None:
    if not TSC.is_file():
        pytest.skip(f"TypeScript is not installed at {TSC} (run `npm ci` at the repository's root)")
    shutil.copytree(ROOT / "src/pasur/web/js", tmp_path / "src/pasur/web/js")
    for config in ROOT.glob("tsconfig*.json"):
        shutil.copy(config, tmp_path)
    probe = IMPORTS + "\n" + "\n".join([*WRONG.values(), *RIGHT]) + "\n"
    (tmp_path / PROBE).write_text(probe, encoding="utf-8")
    first = IMPORTS.count("\n") + 2  # the line of the first call

    done = subprocess.run(
        [str(TSC), "--noEmit", "--checkJs", "--pretty", "false", "--project", "tsconfig.json"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )

    errors = re.findall(r"^(\S+)\((\d+),\d+\): error TS\d+", done.stdout, re.MULTILINE)
    assert errors and done.returncode != 0, done.stdout + done.stderr
    assert {path for path, _ in errors} == {PROBE}, done.stdout
    refused = {int(line) for _, line in errors}
    missed = [name for index, name in enumerate(WRONG) if first + index not in refused]
    assert not missed, f"tsc took {missed}:\n{done.stdout}"
    right = {first + len(WRONG) + index: line for index, line in enumerate(RIGHT)}
    assert not [
        right.get(line, line) for line in refused if line not in range(first, first + len(WRONG))
    ], done.stdout

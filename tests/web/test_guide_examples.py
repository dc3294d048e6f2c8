"""The rules guide's worked examples (``web/learn/examples.json``) agree with the rules engine.

The page draws these examples as cards and teaches from them, so each one is checked here: the
sets a card may take, whether it may be laid, whether a capture scores a Sur, the deal, a round's
count, a whole game's totals, and that the guide lists every house-rule setting with its values
and its text in both languages. The page's sections are data here too: each part of each section
is checked to be one the page can draw, and every worked example to be shown exactly once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pasur.rules import (
    PAGAT,
    SETTINGS,
    STANDARD,
    GameState,
    RoundCounts,
    format_cards,
    legal_moves,
    make_rules,
    mask_of,
    moves_for,
    new_game,
    next_round,
    parse_cards,
    play,
    score_round,
)

WEB = Path(__file__).resolve().parents[2] / "src" / "pasur" / "web"
EXAMPLES: dict[str, Any] = json.loads((WEB / "learn" / "examples.json").read_text("utf-8"))
CAPTURES: list[dict[str, Any]] = EXAMPLES["captures"]
SECTIONS: list[dict[str, Any]] = EXAMPLES["sections"]
DRAWINGS = {"deal", "points", "count", "game", "house"}
"""The drawings guide.js makes from this file's other entries (``figure`` parts)."""


def _plays(*, sur_only: bool = False) -> list[Any]:
    """Every example play as a test case (only those that say whether they are a Sur)."""
    return [
        pytest.param(example, item, id=f"{example['id']}-{item['card']}")
        for example in CAPTURES
        for item in example["plays"]
        if "sur" in item or not sur_only
    ]


def _mask(codes: list[str]) -> int:
    return mask_of(parse_cards(" ".join(codes)))


@pytest.mark.parametrize(("example", "item"), _plays())
def test_each_card_takes_exactly_the_sets_the_guide_draws(
    example: dict[str, Any], item: dict[str, Any]
) -> None:
    rules = make_rules("standard", example.get("rules", {}))
    moves = moves_for(_mask([item["card"]]), _mask(example["table"]), rules)
    captures = {move.taken for move in moves if move.is_capture}
    assert captures == {_mask(taken) for taken in item["captures"]}
    assert len(item["captures"]) == len(captures), "a set is drawn twice"
    can_lay = any(not move.is_capture for move in moves)
    assert can_lay == item.get("can_lay", not item["captures"])
    if "chosen" in item:
        assert 0 <= item["chosen"] < len(item["captures"])


def _position(table: list[str], card: str) -> GameState:
    """A first-deal position of a seeded two-player round, changed so that the table is ``table``
    and the seat to play holds ``card``: the engine then decides the Sur as in any game."""
    state = new_game(STANDARD, players=2, seed=1)
    hands = list(state.hands)
    hands[state.turn] = _mask([card])
    return state._replace(table=_mask(table), hands=tuple(hands))


@pytest.mark.parametrize(("example", "item"), _plays(sur_only=True))
def test_the_guide_says_rightly_whether_a_capture_is_a_sur(
    example: dict[str, Any], item: dict[str, Any]
) -> None:
    state = _position(example["table"], item["card"])
    (taken,) = item["captures"]
    after = play(state, (parse_cards(item["card"])[0], _mask(taken)))
    assert after.table == 0, "the example's capture clears the table"
    assert after.plays[-1].sur is item["sur"]


def test_the_deal_is_the_seeded_games() -> None:
    deal = EXAMPLES["deal"]
    state = new_game(STANDARD, players=deal["players"], seed=deal["seed"], dealer=deal["dealer"])
    assert [format_cards(hand).split() for hand in state.hands] == deal["hands"]
    assert format_cards(state.table).split() == deal["table"]


def test_the_count_scores_as_the_score_sheet_shows() -> None:
    count = EXAMPLES["count"]
    counts = RoundCounts.from_piles([_mask(pile) for pile in count["piles"]], count["surs"])
    counts.validate()
    score = score_round(STANDARD, counts)
    lines = [{**line._asdict(), "total": line.total} for line in score.lines]
    assert lines == count["lines"]


def test_the_points_table_is_what_the_engine_scores() -> None:
    """Each row's worth, measured: give one more of it to the count example's first player and
    see how many points that adds."""
    count = EXAMPLES["count"]
    base = RoundCounts.from_piles([_mask(pile) for pile in count["piles"]], count["surs"])
    changed = {
        "clubs": base._replace(clubs=base.clubs[::-1]),
        "ten": base._replace(ten_of_diamonds=1),
        "two": base._replace(two_of_clubs=1),
        "ace": base._replace(aces=(base.aces[0] - 1, base.aces[1] + 1)),
        "jack": base._replace(jacks=(base.jacks[0] - 1, base.jacks[1] + 1)),
        "sur": base._replace(surs=(0, 0)),
    }
    first = score_round(STANDARD, base).points[0]
    worth = {what: first - score_round(STANDARD, less).points[0] for what, less in changed.items()}
    assert {row["what"]: row["points"] for row in EXAMPLES["points"]} == worth


def test_the_game_to_62_adds_up_as_the_guide_shows() -> None:
    game = EXAMPLES["game"]
    state = new_game(STANDARD, players=game["players"], seed=game["seed"])
    while True:
        while state.turn >= 0:
            state = play(state, legal_moves(state)[0])
        if state.winner >= 0:
            break
        state = next_round(state)
    assert state.result is not None
    results = [*(done.result for done in state.finished), state.result]
    rounds = [list(result.score.points) for result in results]
    assert rounds == game["rounds"]
    assert list(state.totals) == game["totals"]
    assert state.winner == game["winner"]


def test_every_house_rule_is_explained_with_its_values() -> None:
    listed = EXAMPLES["settings"]
    assert [entry["name"] for entry in listed] == list(SETTINGS)
    standard, pagat = STANDARD.settings(), PAGAT.settings()
    examples = {example["id"]: example for example in CAPTURES}
    for entry in listed:
        name, values = entry["name"], entry["values"]
        setting = SETTINGS[name]
        assert values[0] == standard[name], f"{name}: the default comes first"
        if setting.choices:
            assert tuple(values) == setting.choices, name
        else:
            assert values[1:] == (["any", "none"] if setting.none_allowed else ["any"]), name
        assert entry.get("pagat", values[0]) == pagat[name], name
        if "example" in entry:
            assert examples[entry["example"]]["rules"].keys() == {name}


def test_each_section_part_is_one_the_page_draws() -> None:
    ids = [section["id"] for section in SECTIONS]
    assert len(set(ids)) == len(ids), "a section id is its link target: one each"
    for section in SECTIONS:
        assert section.keys() == {"id", "parts"}, section["id"]
        for part in section["parts"]:
            ((kind, value),) = part.items()
            assert kind in {"text", "hint", "list", "example", "figure"}, (section["id"], part)
            if kind == "figure":
                assert value in DRAWINGS, (section["id"], part)
            if kind == "list":
                assert value and all(isinstance(name, str) for name in value), section["id"]
    figures = [
        part["figure"] for section in SECTIONS for part in section["parts"] if "figure" in part
    ]
    assert sorted(figures) == sorted(DRAWINGS), "each drawing is placed once"


def test_every_worked_example_is_shown_once() -> None:
    placed = [
        part["example"] for section in SECTIONS for part in section["parts"] if "example" in part
    ]
    placed += [entry["example"] for entry in EXAMPLES["settings"] if "example" in entry]
    assert sorted(placed) == sorted(example["id"] for example in CAPTURES)


def _section_keys() -> set[str]:
    """The messages the sections name: each title and each part's text."""
    keys: set[str] = set()
    for section in SECTIONS:
        keys.add(f"learn.{section['id']}.title")
        for part in section["parts"]:
            names = part.get("list", [part.get("text") or part.get("hint")])
            keys |= {f"learn.{section['id']}.{name}" for name in names if name}
    return keys


def test_the_catalogs_name_every_example_score_and_setting() -> None:
    keys = _section_keys() | {f"learn.example.{example['id']}" for example in CAPTURES}
    keys |= {f"learn.count.{row['what']}" for row in EXAMPLES["points"]}
    for entry in EXAMPLES["settings"]:
        name = entry["name"]
        keys |= {f"learn.setting.{name}", f"learn.group.{entry['group']}"}
        keys |= {f"learn.setting.{name}.{value}" for value in entry["values"]}
        keys |= {f"learn.source.{name}.{value}" for value in entry["values"]}
    for language in ("en", "fa"):
        catalog = json.loads((WEB / "i18n" / f"learn.{language}.json").read_text("utf-8"))
        assert keys <= catalog.keys(), (language, sorted(keys - catalog.keys()))

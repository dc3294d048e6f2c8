"""``pasur replay``: a game record plays back to the same scores, and a bad one is refused."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from pasur.rules import (
    GameState,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    records,
)


def first_move_game(
    players: int, seed: int, preset: str = "standard", settings: tuple[str, ...] = ()
) -> GameState:
    """A whole seeded game in which every seat plays its first legal move."""
    state = new_game(make_rules(preset, settings), players=players, seed=seed)
    while True:
        while state.turn >= 0:
            state = play(state, legal_moves(state)[0])
        if state.winner >= 0:
            return state
        state = next_round(state)


def write(tmp_path: Path, record: dict[str, Any], name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(records.dumps(record), encoding="utf-8")
    return str(path)


def round_points(state: GameState) -> list[list[int]]:
    results = [r.result for r in state.finished]
    if state.result is not None:
        results.append(state.result)
    return [list(result.points) for result in results]


@pytest.fixture(scope="module")
def game() -> GameState:
    return first_move_game(2, seed=2024)


@pytest.fixture
def record(game: GameState) -> dict[str, Any]:
    return copy.deepcopy(records.record_of(game, ["Ava", "Babak"]))


GAMES = {
    "2 players": (2, "standard", ()),
    "3 players": (3, "standard", ()),
    "4 players": (4, "standard", ()),
    "partnerships": (4, "standard", ("partnerships=on",)),
    "pagat": (3, "pagat", ()),
    "net Surs, 10 each": (2, "standard", ("sur-cancel=net", "sur-points=10")),
}


@pytest.mark.parametrize(("players", "preset", "settings"), GAMES.values(), ids=GAMES.keys())
def test_a_record_plays_back_to_the_same_scores(
    pasur, tmp_path: Path, players: int, preset: str, settings: tuple[str, ...]
) -> None:
    state = first_move_game(players, seed=7, preset=preset, settings=settings)
    data = pasur("replay", write(tmp_path, records.record_of(state)), "--json").json()
    assert data["totals"] == list(state.totals)
    assert data["winner"] == state.winner + 1
    assert data["complete"] is True
    assert [r["points"] for r in data["rounds"]] == round_points(state)
    assert data["rounds"][-1]["totals"] == list(state.totals)
    for scored in data["rounds"]:
        assert [line["points"] for line in scored["breakdown"]] == scored["points"]


OLD_RECORD = Path(__file__).parents[1] / "rules" / "records" / "before-16-partnerships-pagat.json"


def test_a_record_written_before_the_newer_settings_plays_back(pasur) -> None:
    """A record from before issue #16 (it names only the 13 settings of its time) is replayed as
    the engine of its time scored it; tests/rules/test_rules_records.py checks all three."""
    data = pasur("replay", str(OLD_RECORD), "--json").json()
    assert data["totals"] == [95, 105]
    assert data["winner"] == 2
    assert data["complete"] is True
    assert [r["points"] for r in data["rounds"]] == [
        [2, 18], [11, 9], [16, 4], [8, 12], [5, 15], [15, 5], [14, 6], [16, 4], [7, 13], [1, 19],
    ]  # fmt: skip


def test_text_output_names_the_winner(pasur, tmp_path: Path, game: GameState, record) -> None:
    result = pasur("replay", write(tmp_path, record))
    assert result.code == 0, result.stderr
    rounds = len(game.finished) + 1
    assert f"{rounds} round(s) scored" in result.stdout
    assert f"Player {game.winner + 1} wins with {game.totals[game.winner]}." in result.stdout


def test_a_record_that_stops_mid_round_is_replayed_so_far(pasur, tmp_path: Path, record) -> None:
    record["rounds"] = record["rounds"][:2]
    record["rounds"][1]["plays"] = record["rounds"][1]["plays"][:7]
    # A record cut short states no final result (totals and winner are optional).
    del record["totals"], record["winner"]
    path = write(tmp_path, record)
    data = pasur("replay", path, "--json").json()
    assert len(data["rounds"]) == 1
    assert data["complete"] is False
    assert data["winner"] is None
    text = pasur("replay", path)
    assert "The record stops during round 2; every play was legal." in text.stdout


def test_a_stated_result_that_the_plays_do_not_give_is_refused(
    pasur, tmp_path: Path, record
) -> None:
    record["totals"] = [total + 1 for total in record["totals"]]
    pasur("replay", write(tmp_path, record)).assert_one_line_error(
        "replay", "the record states totals", "but its plays give"
    )


def test_an_illegal_play_is_refused_naming_the_round_and_play(
    pasur, tmp_path: Path, record
) -> None:
    # Turn the second round's first capture into a lay: the card can capture, so it must.
    plays = record["rounds"][1]["plays"]
    index = next(i for i, text in enumerate(plays) if "+" in text)
    card = plays[index].split("+")[0]
    plays[index] = card
    line = pasur("replay", write(tmp_path, record), "--json").assert_one_line_error("replay")
    assert line.startswith(f"pasur replay: round 2, play {index + 1} ({card}): {card} must capture")


def test_a_card_not_in_hand_is_refused(pasur, tmp_path: Path, record) -> None:
    first = record["rounds"][0]
    table_card = first["deck"][4 * record["players"]]  # the first opening table card
    leader = first["dealer"] % record["players"] + 2  # the seat after the dealer, from 1
    first["plays"][0] = table_card
    pasur("replay", write(tmp_path, record)).assert_one_line_error(
        "replay", f"round 1, play 1 ({table_card}): {table_card} is not in seat {leader}'s hand"
    )


def test_a_play_after_the_round_is_over_is_refused(pasur, tmp_path: Path, record) -> None:
    plays = record["rounds"][0]["plays"]
    plays.append(plays[0])
    pasur("replay", write(tmp_path, record)).assert_one_line_error(
        "replay", f"round 1, play {len(plays)}: the round is already over"
    )


@pytest.mark.parametrize(
    ("change", "fragments"),
    [
        (lambda r: r.update(version=2), ["record version 2 is not supported (want 1)"]),
        (lambda r: r.update(format="chess"), ['"format" must be "pasur-record"']),
        (lambda r: r.update(rounds=[]), ["the record has no rounds"]),
        (lambda r: r.update(players="2"), ['"players" must be']),
        (lambda r: r["rules"].update({"sur-points": "7"}), ["the record's rules", "sur-points"]),
        (lambda r: r["rules"].update({"colour": "red"}), ["unknown setting 'colour'"]),
        (lambda r: r["rounds"][1].update(dealer=0), ['round 2: "dealer" must be 1']),
        (lambda r: r["rounds"][0]["deck"].__setitem__(0, "ZZ"), ["round 1", "'ZZ' is not a card"]),
        (lambda r: r["rounds"][0]["deck"].pop(), ["round 1", "each of the 52 cards exactly once"]),
        (lambda r: r["rounds"][0].pop("plays"), ['round 1: "plays" must be a list']),
        (lambda r: r["rounds"].__setitem__(0, "deal"), ["round 1: must be an object"]),
        (
            lambda r: r["rounds"][0]["plays"].__setitem__(0, "4S x"),
            ["round 1, play 1", "not a move"],
        ),
    ],
)
def test_a_malformed_record_is_refused(pasur, tmp_path: Path, record, change, fragments) -> None:
    change(record)
    for extra in ([], ["--json"]):
        pasur("replay", write(tmp_path, record), *extra).assert_one_line_error("replay", *fragments)


def test_a_jack_on_the_opening_table_is_refused(pasur, tmp_path: Path, record) -> None:
    deck = record["rounds"][0]["deck"]
    start = 4 * record["players"]
    jack = next(i for i, card in enumerate(deck) if card.startswith("J"))
    deck[start], deck[jack] = deck[jack], deck[start]
    pasur("replay", write(tmp_path, record)).assert_one_line_error(
        "replay", "round 1: the opening table", "is not allowed"
    )


def test_an_unreadable_file_is_refused(pasur, tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    pasur("replay", str(missing)).assert_one_line_error(
        "replay", f"cannot read {missing}", "No such file"
    )
    pasur("replay", str(tmp_path)).assert_one_line_error("replay", "cannot read")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00junk")
    pasur("replay", str(binary)).assert_one_line_error("replay", "cannot read")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ('{"format": "pasur-record", ', ["not a JSON game record"]),
        ("", ["not a JSON game record"]),
        ("[1, 2, 3]", ["not a game record"]),
        ('{"players": 2}', ['"format" must be "pasur-record"']),
        # Python reads neither a number of more than 4,300 digits nor JSON nested this deep.
        ('{"players": ' + "9" * 5000 + "}", ["not a JSON game record", "4300 digits"]),
        ("[" * 100_000 + "]" * 100_000, ["not a JSON game record", "nested too deeply"]),
    ],
)
def test_bad_json_is_refused(pasur, tmp_path: Path, text: str, fragments: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    pasur("replay", str(path), "--json").assert_one_line_error("replay", *fragments)


def test_a_record_with_a_huge_number_of_players_is_refused(pasur, tmp_path: Path, record) -> None:
    path = tmp_path / "huge.json"
    path.write_text(records.dumps(record).replace('"players": 2', '"players": ' + "2" * 5000))
    pasur("replay", str(path)).assert_one_line_error("replay", "4300 digits")


def test_the_record_written_by_the_engine_round_trips(game: GameState, record) -> None:
    again = records.replay(records.loads(records.dumps(record)))
    assert again.totals == game.totals
    assert again.winner == game.winner
    assert record["seats"] == ["Ava", "Babak"]
    assert record["winner"] == game.winner  # 0-based in the record, 1-based in replay --json

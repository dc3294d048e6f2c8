"""The commands under the house rules of issue #16: presets, sweep, open cards, draws, claims."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_cli_replay import write

from pasur.rules import (
    DRAW,
    legal_moves,
    make_rules,
    new_game,
    play,
    play_out_round,
    records,
)


def test_captures_shows_the_last_cards_sweep(pasur) -> None:
    args = ("captures", "--table", "4S QH", "--play", "7D", "--set", "last-card-sweep=on")
    assert pasur(*args, "--json").json()["captures"] == [["4S"]]
    assert pasur(*args, "--last-card", "--json").json()["captures"] == [["4S", "QH"]]


@pytest.mark.parametrize("preset", ["ru-baaz", "varagh", "pasur11"])
def test_selfplay_under_each_new_preset_is_reproducible(pasur, preset: str) -> None:
    args = ("selfplay", "--bots", "casual,beginner", "--rounds", "30", "--rules", preset, "--json")
    first = pasur(*args).json()
    again = pasur(*args).json()
    assert first["rounds"] == 30
    assert first["points"] == again["points"]
    assert first["surs"] == again["surs"]


def test_selfplay_with_claims_ends_games_early(pasur) -> None:
    data = pasur(
        "selfplay", "--players", "3", "--bots", "casual", "--rounds", "40", "--json",
        "--set", "claims=on", "--set", "target=15",
    ).json()  # fmt: skip
    assert data["games"] >= 10
    assert sum(data["game_wins"]) == data["games"]


def test_arena_runs_under_ru_baaz(pasur) -> None:
    data = pasur(
        "arena", "--bots", "casual,random", "--pairs", "2", "--rules", "ru-baaz", "--json"
    ).json()
    assert data["matches"][0]["a"] == "casual"


def test_a_bad_new_value_is_refused_with_the_valid_ones(pasur) -> None:
    result = pasur("selfplay", "--rounds", "1", "--set", "open-cards=yes")
    assert result.code == 2
    assert result.stderr == (
        "pasur selfplay: open-cards='yes' is not valid; open-cards takes off, held, stack\n"
    )


def test_replay_reports_a_drawn_game(pasur, tmp_path: Path) -> None:
    rules = make_rules("varagh", {"target": "1"})
    for seed in range(400):
        state = new_game(rules, players=2, seed=seed)
        while state.turn >= 0:
            state = play(state, legal_moves(state)[0])
        if state.winner == DRAW:
            break
    data = pasur("replay", write(tmp_path, records.record_of(state)), "--json").json()
    assert data["winner"] == "draw"
    assert data["complete"] is True
    text = pasur("replay", write(tmp_path, records.record_of(state))).stdout
    assert "The game is drawn" in text


def test_replay_plays_a_claim_again(pasur, tmp_path: Path) -> None:
    rules = make_rules(settings={"claims": "on", "target": "12"})
    for seed in range(50):
        state = new_game(rules, players=2, seed=seed)
        rngs = [random.Random(1), random.Random(2)]
        state = play_out_round(state, [lambda v, legal, rng: rng.choice(legal)] * 2, rngs)
        assert state.result is not None
        if state.result.claimed_by >= 0:
            break
    record = records.record_of(state)
    data = pasur("replay", write(tmp_path, record), "--json").json()
    assert data["winner"] == state.winner + 1
    assert data["totals"] == list(state.totals)
    record["rounds"][-1]["plays"][-1] = "claim x"
    refused = pasur("replay", write(tmp_path, record))
    assert refused.code == 2
    assert "write a claim as claim SEAT" in refused.stderr

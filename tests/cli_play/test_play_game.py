"""``pasur play`` driven by scripted input: whole games, bad input, quitting, hints."""

from __future__ import annotations

import dataclasses
import io
import os
import random
import re
import sys
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

import pytest
from rich.console import Console

import pasur.bots
from pasur.cli.main import run
from pasur.cli.play import Stop, TerminalGame, find_hint
from pasur.rules import STANDARD, GameState, Move, SeatView, new_game, parse_cards

ENV = {"COLUMNS": "100", "NO_COLOR": "1"}
ALWAYS_FIRST = "1\n" * 2000
"""Enough answers of "take the first move" for any whole game."""
WINNER = re.compile(
    r"^(You win|Your team wins|Their team wins|Seat \d \(\w+\) wins) the game with (\d+) points",
    re.MULTILINE,
)


def pasur_play(*args: str, stdin: str) -> tuple[int, str, str]:
    """Run ``pasur play ARGS`` in this process with ``stdin`` as its input."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sys, "argv", ["pasur", "play", *args]),
        mock.patch.object(sys, "stdin", io.StringIO(stdin)),
        mock.patch.dict(os.environ, ENV),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        try:
            run()
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        else:
            code = 0
    return code, out.getvalue(), err.getvalue()


def test_a_whole_game_with_junk_among_the_answers() -> None:
    script = "hello\n\n0\n99\n7X\nh\nl\n" + ALWAYS_FIRST
    code, out, err = pasur_play("--seed", "5", "--bots", "random", stdin=script)
    assert code == 0, err
    assert err == ""
    # The junk got a message each and the prompt again.
    assert "'hello' is not a move" in out
    assert "Type a move: a card such as" in out
    assert "There is no move 0: choose a number from 1 to" in out
    assert "There is no move 99" in out
    assert "'7X' is not a move" in out
    assert "Type a card to play it" in out
    assert out.count("Your move: ") > 20
    # A score sheet with its breakdown after every round, and the winner at the end.
    rounds = len(re.findall(r"Round \d+ score", out))
    assert rounds >= 2
    assert out.count("Most clubs") == rounds
    assert out.count("Round points") == rounds
    found = WINNER.search(out)
    assert found is not None, out[-2000:]
    assert int(found.group(2)) >= 62
    assert "the game with" in out.rstrip().splitlines()[-1] + out.rstrip().splitlines()[-2]
    assert "Seed 5" in out


def test_the_same_seed_and_answers_replay_the_same_game() -> None:
    first = pasur_play("--seed", "11", "--bots", "random", stdin=ALWAYS_FIRST)
    second = pasur_play("--seed", "11", "--bots", "random", stdin=ALWAYS_FIRST)
    assert first == second


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "3", "--bots", "random"],
        ["--players", "4", "--bots", "random,random,random"],
        ["--players", "4", "--set", "partnerships=on", "--bots", "random"],
        ["--players", "2", "--rules", "pagat", "--bots", "random"],
        ["--players", "2", "--rules", "ru-baaz", "--bots", "casual"],
        ["--players", "2", "--rules", "ru-baaz", "--set", "open-cards=stack", "--bots", "random"],
        ["--players", "3", "--rules", "pasur11", "--set", "last-card-sweep=on", "--bots", "random"],
    ],
    ids=["3-players", "4-players", "partnerships", "pagat", "ru-baaz", "stack", "pasur11-sweep"],
)
def test_whole_games_in_every_format(args: list[str]) -> None:
    code, out, err = pasur_play(*args, "--seed", "2", stdin=ALWAYS_FIRST)
    assert code == 0, err
    assert WINNER.search(out) is not None, out[-2000:]
    if "partnerships=on" in args:
        assert "Your team" in out and "Team" in out


def test_q_leaves_cleanly() -> None:
    code, out, err = pasur_play("--seed", "1", "--bots", "random", stdin="1\nq\n")
    assert code == 0
    assert err == ""
    assert "You left the game in round 1. Totals: You 0, 2 random 0." in out


def test_the_end_of_input_abandons_the_game_without_a_traceback() -> None:
    code, out, err = pasur_play("--seed", "1", "--bots", "random", stdin="1\n")
    assert code == 1
    assert "Traceback" not in out + err
    assert "The input ended before the game did; the game is abandoned." in out


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--players", "5"], "2, 3 or 4 players"),
        (["--players", "3", "--set", "partnerships=on"], "partnerships need 4 players"),
        (["--bots", "nonsense"], "unknown bot 'nonsense'"),
        (["--players", "3", "--bots", "random,random,random"], "3 bots named for 2 bot seats"),
        (["--rules", "nonsense"], "unknown preset"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args: list[str], fragment: str) -> None:
    code, out, err = pasur_play(*args, stdin="")
    assert code == 2, (code, out, err)
    assert out == ""
    assert "Traceback" not in err
    assert err.startswith("pasur play: ") and len(err.splitlines()) == 1
    assert fragment in err


# Typed moves, on a deal made to order: seat 1 leads with 7D KH 3C 5S on 2D 2H 4S 6H, where 7D
# may take 2D 2H (move 7 in the list) or 4S (move 8).


def _dealt() -> GameState:
    first = parse_cards("7D KH 3C 5S 8C 9C QD KD 2D 2H 4S 6H")
    deck = [*first, *(c for c in range(52) if c not in first)]
    return new_game(STANDARD, players=2, deck=deck, dealer=1)


def _ask(lines: str, **options: object) -> tuple[Move | Stop, str]:
    console = Console(file=io.StringIO(), width=100)
    game = TerminalGame(console, io.StringIO(lines), STANDARD, ["random"], 1, echo=True, **options)
    answer = game.ask_move(_dealt())
    return answer, console.file.getvalue()  # type: ignore[attr-defined]


def test_a_card_with_several_plays_shows_the_choices() -> None:
    answer, out = _ask("7d\n8\n")
    assert "7D can be played in 2 ways; type the number of the one you mean:" in out
    assert "  7. 7D takes 2D 2H   7D+2D+2H\n  8. 7D takes 4S   7D+4S" in out
    assert answer == Move.parse("7D+4S")


def test_a_card_with_one_play_and_a_full_move_are_read() -> None:
    assert _ask("KH\n")[0] == Move.parse("KH")
    assert _ask("7D+2D+2H\n")[0] == Move.parse("7D+2D+2H")
    assert _ask("7♦ x 4♠\n")[0] == Move.parse("7D+4S")


def test_illegal_moves_are_explained_and_asked_again() -> None:
    answer, out = _ask("7D+6H\nAS\n9\n")
    assert "7D takes 6H is not allowed; 7D can: 7D takes 2D 2H; 7D takes 4S" in out
    assert "AS cannot be played: it is not in the hand" in out
    assert out.count("Your move: ") == 3
    assert answer == Move.parse("KH")


def test_quit_and_end_of_input_at_the_prompt() -> None:
    assert _ask("quit\n")[0] is Stop.QUIT
    assert _ask("")[0] is Stop.INPUT_ENDED


@dataclasses.dataclass(frozen=True)
class Ranked:
    move: Move
    value: float


def fake_hint(
    view: SeatView, *, rng: random.Random | None = None, seconds: float | None = None
) -> Sequence[Ranked]:
    """Ranks the moves by cards taken, as ``pasur.bots.hint`` would by value."""
    legal = view.legal_moves()
    return sorted((Ranked(m, float(m.taken.bit_count())) for m in legal), key=lambda r: -r.value)


def test_a_hint_lists_the_best_moves_with_their_numbers_and_values() -> None:
    answer, out = _ask("?\n1\n", hint=fake_hint)
    assert "Hint, best first" in out
    assert "  1. 3C takes 2D 2H 4S   value +3.00" in out
    assert answer == Move.parse("3C+2D+2H+4S")


@pytest.mark.skipif(not hasattr(pasur.bots, "hint"), reason="pasur.bots.hint has not landed yet")
def test_the_real_hint_answers_the_question_mark() -> None:
    hint = find_hint()
    assert hint is not None
    answer, out = _ask("?\n9\n", hint=hint)
    assert "Hint, best first" in out
    assert re.search(r"^  \d\. .* value [+-]\d+\.\d\d$", out, re.MULTILINE)
    assert answer == Move.parse("KH")


def test_a_drawn_game_is_announced() -> None:
    # Seed 89 gives a first round scored 10 to 10 when seat 1 always plays its first move.
    code, out, err = pasur_play(
        "--rules", "varagh", "--set", "target=1", "--bots", "random", "--seed", "89",
        stdin=ALWAYS_FIRST,
    )  # fmt: skip
    assert code == 0, err
    assert "The game is drawn after 1 round (You 10, 2 random 10)." in out


def test_claims_at_the_prompt_and_by_the_bots() -> None:
    code, out, err = pasur_play(
        "--set", "claims=on", "--set", "target=10", "--bots", "random", "--seed", "3",
        stdin="claim\n" + ALWAYS_FIRST,
    )  # fmt: skip
    assert code == 0, err
    assert "You claim wrongly: the game is lost." in out
    code, out, err = pasur_play(
        "--rules", "standard", "--bots", "random", "--seed", "3", stdin="claim\nq\n"
    )
    assert "Claims are off under these rules (claims=off)." in out
    claimed = 0
    for seed in range(20):
        code, out, err = pasur_play(
            "--set", "claims=on", "--set", "target=10", "--bots", "random", "--seed", str(seed),
            stdin=ALWAYS_FIRST,
        )  # fmt: skip
        assert code == 0, err
        claimed += "claims rightly: the game is won." in out
    assert claimed

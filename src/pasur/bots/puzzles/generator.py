"""Finding puzzles: bots play seeded games, and the solver judges each last-deal position.

Games are played by two bot levels (the expert against the casual bot by default, taking seats
in turn game by game), so the positions are the kind real games reach, good play and bad. In
each round's last deal every position whose seat has a choice is solved exactly
(:mod:`pasur.bots.puzzles.solver`); the earliest one whose best play is clearly best becomes the
round's puzzle, so one round gives at most one, and no two puzzles share a position.

A puzzle must have a theme (:mod:`pasur.bots.puzzles.themes`). *Clearly best* means at least
:data:`MIN_MARGIN` points of the round ahead of the next best play.
A Sur gained or denied counts through its points: a Sur is worth 5 in every preset, so one that
decides the position puts the best play that far ahead unless the line gives as much back.

Only last deals for now: an earlier position would qualify only if one play were best in every
deal of the unseen cards among the hand and the pack, which this does not yet search.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pasur.bots.base import Bot
from pasur.bots.puzzles.position import encode
from pasur.bots.puzzles.solver import Solution, solve
from pasur.bots.puzzles.themes import themes_of
from pasur.rules import GameState, Move, Rules, legal_moves, new_game, next_round, play_legal
from pasur.rules import view as seat_view
from pasur.rules.deal import PACK_SIZE, shuffle_deck
from pasur.rules.settings import OpenCards

FORMAT = "pasur-puzzles"
VERSION = 1
MIN_MARGIN = 2
"""Points of the round the best play must be ahead of the next best by."""


class PuzzleRulesError(ValueError):
    """Rules the generator cannot make puzzles under (the message says why)."""


def check_rules(rules: Rules) -> None:
    """Refuse rules the solver does not cover: open cards (a position is not rebuilt from the
    seat's view yet) and claims (a round may end before its last play)."""
    if rules.open_cards is not OpenCards.OFF:
        raise PuzzleRulesError("puzzles under open cards (Pasur Ru Baaz) are not made yet")
    if rules.claims:
        # A claim would end the round early, which the solver's lines never do.
        raise PuzzleRulesError("puzzles with claims (shodam) on are not made yet")


def puzzle_of(state: GameState, solution: Solution) -> dict[str, Any] | None:
    """The puzzle this position makes, or None when no play is clearly best."""
    ranked = solution.ranked()
    if len(ranked) < 2:
        return None
    (best, value), (_, second) = ranked[0], ranked[1]
    gap = value - second
    if gap < MIN_MARGIN:
        return None
    line = solution.line(best)
    themes = themes_of(state, line)
    if not themes:
        return None  # clearly best, but about nothing a person could be asked to look for
    position = encode(state)
    settings = state.rules.settings()
    key = json.dumps({"position": position, "rules": settings}, sort_keys=True)
    return {
        "id": hashlib.sha256(key.encode()).hexdigest()[:12],
        "rules": settings,
        "position": position,
        "solution": [str(move) for move in line],
        "value": value,
        "alternatives": [{"play": str(move), "value": worth} for move, worth in ranked],
        "margin": gap,
        "theme": themes[0],
        "themes": themes,
        "difficulty": difficulty(state, line, themes),
    }


def difficulty(state: GameState, line: Sequence[Move], themes: Sequence[str]) -> int:
    """A rough 1 to 5: one, plus one each for a best play that is not the greediest, a best play
    that lays rather than takes, five plays or more to choose from, and six plays or more left."""
    score = 1
    score += "counting" in themes
    score += not line[0].taken
    score += len(legal_moves(state)) >= 5
    score += len(line) >= 6
    return score


def last_deal_positions(
    rules: Rules, bots: Sequence[Bot], seed: int
) -> Iterator[tuple[int, GameState]]:
    """Every position of the bots' games in a round's last deal, with its game's number.

    Game after game, endlessly: the caller stops when it has enough. The bots swap seats each
    game; deck orders and the bots' choices come from generators seeded by ``seed``.
    """
    decks = random.Random(f"puzzles:decks:{seed}")
    rngs = [random.Random(f"puzzles:seat:{seed}:{seat}") for seat in range(2)]
    game = 0
    while True:
        seated = list(bots) if game % 2 == 0 else list(reversed(bots))
        state = new_game(rules, players=2, deck=shuffle_deck(rules, 2, decks), dealer=game % 2)
        while True:
            while state.turn >= 0:
                if state.dealt == PACK_SIZE:
                    yield game, state
                legal = legal_moves(state)
                move = seated[state.turn].choose(
                    seat_view(state, state.turn), legal, rngs[state.turn]
                )
                state = play_legal(state, move)
            if state.is_over:
                break
            state = next_round(state, deck=shuffle_deck(rules, 2, decks))
        game += 1


def generate(
    rules: Rules,
    bots: Sequence[Bot],
    count: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
) -> list[dict[str, Any]]:
    """``count`` puzzles from the bots' games, the same for the same seed, rules and bots."""
    check_rules(rules)
    puzzles: list[dict[str, Any]] = []
    ids: set[str] = set()
    done_round: tuple[int, int] | None = None
    for game, state in last_deal_positions(rules, bots, seed):
        if (game, state.round_no) == done_round or len(legal_moves(state)) < 2:
            continue
        puzzle = puzzle_of(state, solve(state))
        if puzzle is None or puzzle["id"] in ids:
            continue
        done_round = (game, state.round_no)
        ids.add(puzzle["id"])
        puzzle["source"] = {"game": game, "round": state.round_no, "bots": [b.name for b in bots]}
        puzzles.append(puzzle)
        if progress is not None:
            progress(len(puzzles))
        if len(puzzles) == count:
            break
    return puzzles


def puzzle_set(puzzles: list[dict[str, Any]], seed: int, command: str) -> dict[str, Any]:
    """The JSON document of a puzzle set."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": seed,
        "command": command,
        "puzzles": puzzles,
    }


def dumps(data: dict[str, Any]) -> str:
    """A puzzle set's JSON text with one puzzle a line, so that a set of hundreds stays readable
    and a change to the set shows puzzle by puzzle."""
    head = json.dumps({key: value for key, value in data.items() if key != "puzzles"})
    puzzles = ",\n".join(json.dumps(puzzle, ensure_ascii=False) for puzzle in data["puzzles"])
    return f'{head[:-1]}, "puzzles": [\n{puzzles}\n]}}\n'

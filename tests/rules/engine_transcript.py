"""A transcript of many seeded games, to compare the compiled engine with its Python source.

Run as a script (``python tests/rules/engine_transcript.py``) it prints which form of the engine
ran, then a digest of everything the games showed: at every step the legal moves, a seat's view,
the move played, what ``why_illegal`` says of a random move and whether ``play`` refuses it, and
every round's score. The test runs it once with ``PASUR_PURE_PYTHON=1`` and once without; two
digests that differ mean the two forms play differently.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

from pasur.rules import (
    IMPLEMENTATION,
    ChoiceError,
    IllegalMoveError,
    Move,
    Rules,
    SeatView,
    legal_moves,
    make_rules,
    new_game,
    next_round,
    play,
    play_out_round,
    view,
    why_illegal,
)

VARIANTS: tuple[tuple[str, tuple[str, ...], int], ...] = (
    ("standard", (), 2),
    ("standard", (), 3),
    ("pagat", (), 4),
    ("standard", ("capture=optional", "sum-sets=several", "face-capture=all"), 2),
    ("pagat", ("sur-cancel=net", "sur-final-deal=forbidden", "sur-cutoff=20", "target=40"), 3),
    ("standard", ("partnerships=on", "clubs-award=per-club", "opening-table=redraw"), 4),
    ("ru-baaz", ("last-card-sweep=on", "sur-final-deal=last-card", "sur-cancel=reply"), 2),
    ("ru-baaz", ("open-cards=stack", "sur-cancel=all-others", "sur-cutoff-cancels=on"), 3),
    ("pasur11", ("sum-sets=union", "target-tie=draw", "claims=on", "target=30"), 2),
    ("varagh", ("opening-table=skip-jacks", "no-capture-leftovers=previous-capturer"), 4),
)
"""Rules and player counts that between them take every branch of the capture and Sur code."""


def transcript(rules: Rules, players: int, seed: int, rounds: int) -> Iterator[str]:
    """Lines describing ``rounds`` rounds of a seeded game with random (but seeded) choices."""
    rng = random.Random(seed)
    state = new_game(rules, players=players, seed=seed)
    for _ in range(rounds):
        while state.turn >= 0:
            legal = legal_moves(state)
            yield f"{legal!r} {view(state, state.turn)!r}"
            reach = state.table if rng.random() < 0.8 else (1 << 52) - 1
            probe = (rng.randrange(52), rng.getrandbits(52) & reach)
            reason = why_illegal(state, probe)
            try:
                play(state, probe)
                refused = ""
            except IllegalMoveError as error:
                refused = str(error)
            yield f"{probe} {reason} {refused}"
            state = play(state, legal[rng.randrange(len(legal))])
        yield f"{state.result!r} {state.piles} {state.surs} {state.winner}"
        if state.winner >= 0:
            state = new_game(rules, players=players, seed=rng.randrange(1 << 30))
        else:
            state = next_round(state)


def played_out(rules: Rules, players: int, seed: int, rounds: int) -> Iterator[str]:
    """Lines describing rounds played by :func:`play_out_round`, then a chooser it refuses."""
    seen: list[str] = []

    def chooser(seat_view: SeatView, legal: tuple[Move, ...], rng: random.Random) -> Move:
        seen.append(f"{seat_view!r} {legal!r}")
        return legal[rng.randrange(len(legal))]

    rngs = [random.Random(f"{seed}:{seat}") for seat in range(players)]
    state = new_game(rules, players=players, seed=seed)
    for _ in range(rounds):
        state = play_out_round(state, [chooser] * players, rngs)
        yield from seen
        seen.clear()
        yield f"{state.result!r} {state.plays!r} {state.winner}"
        if state.winner >= 0:
            break
        state = next_round(state)

    def takes_everything(seat_view: SeatView, legal: tuple[Move, ...], rng: random.Random) -> Move:
        return Move(legal[-1].card, (1 << 52) - 1)

    try:
        play_out_round(new_game(rules, players=players, seed=seed), [takes_everything] * 4, rngs)
    except ChoiceError as error:
        yield f"{error} {error.seat} {error.move}"


def digest(rounds: int = 40) -> str:
    """The SHA-256 of the transcripts of every variant."""
    hashed = hashlib.sha256()
    for preset, settings, players in VARIANTS:
        rules = make_rules(preset, settings)
        for line in transcript(rules, players, seed=players, rounds=rounds):
            hashed.update(line.encode())
        for line in played_out(rules, players, seed=players, rounds=rounds // 4):
            hashed.update(line.encode())
    return hashed.hexdigest()


if __name__ == "__main__":
    print(IMPLEMENTATION, digest())

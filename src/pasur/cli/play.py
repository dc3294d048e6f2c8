"""``pasur play``: a whole game against bots in the terminal; you are seat 1.

Moves are typed as a card (``7D``; when the card can be played in several ways the choices are
shown), as a full move (``7D+2D+2H``), or as a number from the list of legal moves. ``?`` asks for
a hint, ``claim`` claims the game (under ``claims=on``), ``h`` shows the commands and ``q``
leaves. Input is read line by line, so the game can be
driven through a pipe; when the input ends before the game does, the game is abandoned with a
message and exit status 1.
"""

from __future__ import annotations

import enum
import random
import sys
from collections.abc import Sequence
from typing import Annotated, Protocol, TextIO, cast

import typer
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

import pasur.bots
from pasur.bots import BOT_NAMES, Bot, make_bot, parse_bot_names
from pasur.bots.selfplay import IllegalBotMoveError
from pasur.cli.common import RulesOption, SetOption, UsageError, check_players_option, rules_from
from pasur.cli.render import MoveList, ScoreSheet, TableView, cards_text, describe
from pasur.rules import (
    AmbiguousMoveError,
    GameState,
    Move,
    PasurError,
    Rules,
    SeatView,
    claim,
    claim_is_right,
    new_game,
    next_round,
    play_legal,
    resolve_move,
    view,
)
from pasur.rules.claims import CLAIM_WORD

HUMAN = 0
"""The seat the person at the terminal plays."""

HINTS_SHOWN = 3
"""How many of the hint's ranked moves are shown."""

HELP = (
    "Type a card to play it (7D), a full move (7D+2D+2H), or the number of a move in the list. "
    "? gives a hint, l lists your moves again, q leaves the game."
)
CLAIM_HELP = " Under claims=on, claim claims the game once you reach the target."


class Stop(enum.Enum):
    """Why the person's turn ended without a move."""

    QUIT = "quit"
    """They typed q."""
    INPUT_ENDED = "input-ended"
    """The input ended (end of file)."""
    CLAIM = "claim"
    """They claimed the game (``claims=on``)."""


class RankedMove(Protocol):
    """One move as the hint ranks it: what :func:`pasur.bots.hint` returns a list of."""

    @property
    def move(self) -> Move: ...

    @property
    def value(self) -> float: ...


class HintFunction(Protocol):
    """The signature of :func:`pasur.bots.hint`: legal moves ranked best first."""

    def __call__(
        self, view: SeatView, *, rng: random.Random | None = None, seconds: float | None = None
    ) -> Sequence[RankedMove]: ...


def find_hint() -> HintFunction | None:
    """``pasur.bots.hint``, or None while that function has not landed in ``pasur.bots``.

    Temporary: once ``hint`` is part of ``pasur.bots``, import it directly instead.
    """
    return cast("HintFunction | None", getattr(pasur.bots, "hint", None))


def default_bot() -> str:
    """The opponent when ``--bots`` is not given: ``casual`` once it exists, else the strongest."""
    return "casual" if "casual" in BOT_NAMES else BOT_NAMES[-1]


class TerminalGame:
    """A game between the person at the terminal (seat 1) and bots in the other seats.

    Args:
        console: where everything is shown.
        stdin: where moves are read from, a line at a time.
        rules: the house rules.
        bots: the bot level for each other seat (seats 2 to N, in order).
        seed: the seed of the deals and of the bots' generators.
        hint: the function behind ``?``; None when hints are not available.
        echo: print each line read after the prompt (for piped input, which the terminal does
            not echo).
    """

    def __init__(
        self,
        console: Console,
        stdin: TextIO,
        rules: Rules,
        bots: Sequence[str],
        seed: int,
        *,
        hint: HintFunction | None = None,
        echo: bool = False,
    ) -> None:
        self.console = console
        self.stdin = stdin
        self.rules = rules
        self.players = len(bots) + 1
        self.bots: list[Bot | None] = [None, *(make_bot(name) for name in bots)]
        self.rngs = [random.Random(f"pasur-play:{seed}:{seat}") for seat in range(self.players)]
        self.hint_rng = random.Random(f"pasur-play:{seed}:hint")
        self.seed = seed
        self.hint = hint
        self.echo = echo
        self.names = ("You", *bots)

    def seat_label(self, seat: int) -> str:
        """``you`` or ``seat 2 (casual)``."""
        if seat == HUMAN:
            return "you"
        return f"seat {seat + 1} ({self.names[seat]})"

    def side_labels(self) -> list[str]:
        """Column headings of the score sheet: one per seat, or per team."""
        if self.rules.partnerships:
            return ["Your team", "Their team"]
        return [
            "You" if seat == HUMAN else f"{seat + 1} {self.names[seat]}"
            for seat in range(self.players)
        ]

    def run(self) -> int:
        """Play the game to its end; the exit status (0 played or quit, 1 input ended)."""
        c = self.console
        opponents = ", ".join(self.seat_label(s) for s in range(1, self.players))
        c.print(f"Pasur: you are seat 1 against {opponents}. First to {self.rules.target} wins.")
        changes = self.rules.changes()
        if changes:
            c.print("House rules: " + ", ".join(f"{k}={v}" for k, v in changes.items()))
        c.print(f"Seed {self.seed} (pass --seed {self.seed} to play the same deals again).")
        c.print(HELP + (CLAIM_HELP if self.rules.claims else ""), style="dim")
        state = new_game(self.rules, players=self.players, seed=self.seed)
        while True:
            c.print(Rule(f"Round {state.round_no + 1}"))
            while state.turn >= 0:
                move = self.ask_move(state) if state.turn == HUMAN else self._bot_move(state)
                if move is Stop.QUIT:
                    return self._leave(state)
                if move is Stop.INPUT_ENDED:
                    c.print("The input ended before the game did; the game is abandoned.")
                    return 1
                if move is Stop.CLAIM:
                    state = self._claim(state, HUMAN)
                    continue
                mover = state.turn
                state = self._announce(state, move)
                if self._bot_may_claim(state, mover):
                    state = self._claim(state, mover)
            assert state.result is not None
            leftover_to = state.result.leftover_to
            taker = self.seat_label(leftover_to) if leftover_to >= 0 else "nobody"
            c.print(ScoreSheet(state.result, self.side_labels(), state.round_no, taker))
            if state.is_over:
                self._winner(state)
                return 0
            state = next_round(state)

    def _bot_may_claim(self, state: GameState, seat: int) -> bool:
        """Whether a bot at ``seat`` claims now: bots claim only, and as soon as, it is right."""
        return (
            self.rules.claims
            and seat != HUMAN
            and state.turn >= 0
            and claim_is_right(state, state.side_of(seat))
        )

    def _claim(self, state: GameState, seat: int) -> GameState:
        after = claim(state, seat)
        who = self.seat_label(seat)
        right = after.winner == state.side_of(seat)
        verdict = "rightly: the game is won" if right else "wrongly: the game is lost"
        self.console.print(f"{who[0].upper() + who[1:]} claim{'s' * (seat != HUMAN)} {verdict}.")
        return after

    def _announce(self, state: GameState, move: Move) -> GameState:
        seat = state.turn
        who = self.seat_label(seat)
        after = play_legal(state, move)
        verb = "play" if seat == HUMAN else "plays"
        line = Text.assemble(who[0].upper() + who[1:], f" {verb} ", cards_text(1 << move.card))
        if move.is_capture:
            line.append(" and take" + ("" if seat == HUMAN else "s") + " ")
            line.append_text(cards_text(move.taken))
        if after.plays and after.plays[-1].sur:
            line.append(" — Sur!", style="bold green")
        self.console.print(line)
        if after.turn >= 0 and after.dealt != state.dealt:
            self.console.print(
                f"New deal: four cards each; {after.pack_size} left in the pack.", style="dim"
            )
        return after

    def _bot_move(self, state: GameState) -> Move:
        seat = state.turn
        bot = self.bots[seat]
        assert bot is not None
        seat_view = view(state, seat)
        legal = seat_view.legal_moves()
        if self.console.is_terminal:
            with self.console.status(f"{self.seat_label(seat)} is thinking…"):
                move = bot.choose(seat_view, legal, self.rngs[seat])
        else:
            move = bot.choose(seat_view, legal, self.rngs[seat])
        if move not in legal:
            raise IllegalBotMoveError(f"the {bot.name} bot chose {move}, which is not legal")
        return Move(*move)

    def _read(self, prompt: str) -> str | None:
        self.console.print(prompt, end="")
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        if self.echo:
            self.console.print(line.rstrip("\n"), markup=False, highlight=False)
        return line.strip()

    def ask_move(self, state: GameState) -> Move | Stop:
        """The person's move, asked for until it is a legal one, or why there is none."""
        seat_view = view(state, HUMAN)
        legal = seat_view.legal_moves()
        c = self.console
        c.print(TableView(seat_view, self.names))
        c.print(MoveList(legal))
        while True:
            text = self._read("Your move: ")
            if text is None:
                return Stop.INPUT_ENDED
            command = text.lower()
            if command in ("q", "quit", "exit"):
                return Stop.QUIT
            if command == CLAIM_WORD:
                if self.rules.claims:
                    return Stop.CLAIM
                c.print("Claims are off under these rules (claims=off).")
                continue
            if command in ("h", "help"):
                c.print(HELP)
                continue
            if command in ("l", "list"):
                c.print(TableView(seat_view, self.names))
                c.print(MoveList(legal))
                continue
            if command == "?":
                self._show_hint(seat_view, legal)
                continue
            if not text:
                c.print(
                    f"Type a move: a card such as {legal[0].played}, or a number from 1 to "
                    f"{len(legal)}. h shows the commands."
                )
                continue
            if text.isdigit():
                number = int(text)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                c.print(f"There is no move {number}: choose a number from 1 to {len(legal)}.")
                continue
            try:
                return resolve_move(text, legal)
            except AmbiguousMoveError:
                card = Move.parse(text).card
                numbers = [n for n, m in enumerate(legal, start=1) if m.card == card]
                c.print(
                    f"{legal[numbers[0] - 1].played} can be played in {len(numbers)} ways; "
                    "type the number of the one you mean:"
                )
                c.print(MoveList([legal[n - 1] for n in numbers], numbers))
            except PasurError as error:
                c.print(f"{error}. Type h for help.", markup=False)

    def _show_hint(self, seat_view: SeatView, legal: Sequence[Move]) -> None:
        c = self.console
        if self.hint is None:
            c.print("Hints are not available in this version yet.")
            return
        ranked = self.hint(seat_view, rng=self.hint_rng)
        if not ranked:
            c.print("No hint for this position.")
            return
        c.print("Hint, best first (the value is what the strong bot expects from each move):")
        for entry in ranked[:HINTS_SHOWN]:
            move = Move(*entry.move)
            number = legal.index(move) + 1 if move in legal else 0
            c.print(
                Text.assemble(
                    f"  {number}. " if number else "  ",
                    describe(move),
                    f"   value {entry.value:+.2f}",
                )
            )

    def _leave(self, state: GameState) -> int:
        totals = ", ".join(
            f"{label} {total}"
            for label, total in zip(self.side_labels(), state.totals, strict=True)
        )
        self.console.print(f"You left the game in round {state.round_no + 1}. Totals: {totals}.")
        return 0

    def _winner(self, state: GameState) -> None:
        others = ", ".join(
            f"{label} {t}" for label, t in zip(self.side_labels(), state.totals, strict=True)
        )
        if state.winner < 0:
            self.console.print(
                f"The game is drawn after {_rounds(state.round_no + 1)} ({others}).", style="bold"
            )
            return
        total = state.totals[state.winner]
        if self.rules.partnerships:
            who = "Your team wins" if state.winner == 0 else "Their team wins"
        elif state.winner == HUMAN:
            who = "You win"
        else:
            who = f"Seat {state.winner + 1} ({self.names[state.winner]}) wins"
        self.console.print(
            f"{who} the game with {total} points after {state.round_no + 1} rounds ({others}).",
            style="bold",
        )


def _rounds(count: int) -> str:
    return "1 round" if count == 1 else f"{count} rounds"


def _seats(count: int) -> str:
    return "1 bot seat" if count == 1 else f"{count} bot seats"


def play(
    players: Annotated[int, typer.Option("--players", help="2, 3 or 4 seats; you are seat 1.")] = 2,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Bot level for seats 2 to N, comma-separated (one name for all seats; "
            "default casual).",
        ),
    ] = None,
    rules: RulesOption = "standard",
    settings: SetOption = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deals (default: a fresh one).")
    ] = None,
) -> None:
    """Play a whole game against bots in the terminal."""
    chosen = rules_from(rules, settings)
    check_players_option(players, chosen)
    names = parse_bot_names(bots if bots is not None else default_bot())
    if len(names) == 1:
        names = names * (players - 1)
    if len(names) != players - 1:
        raise UsageError(
            f"--bots: {len(names)} bots named for {_seats(players - 1)} "
            "(name one bot for all of them, or one per seat)"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    game = TerminalGame(
        Console(),
        sys.stdin,
        chosen,
        names,
        seed,
        hint=find_hint(),
        echo=not sys.stdin.isatty(),
    )
    status = game.run()
    if status:
        raise typer.Exit(status)

"""Why the engine refuses something: one exception per cause, all of them ``ValueError``.

A caller (the CLI, the server's protocol) maps each one to its own message or error code, so the
split follows what the user did wrong: text that cannot be read, a setting that does not exist, a
well-formed move that the position forbids, a move that could mean several plays.
"""

from __future__ import annotations


class PasurError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class CardSyntaxError(PasurError):
    """Text that is not a card, such as ``7X``."""


class MoveSyntaxError(PasurError):
    """Text that is not a move."""


class IllegalMoveError(PasurError):
    """A well-formed move that the rules forbid here; the message says why."""


class ChoiceError(IllegalMoveError):
    """A chooser (a bot) picked a move that is not among the legal moves it was given."""

    def __init__(self, seat: int, move: tuple[int, int]) -> None:
        super().__init__(f"seat {seat + 1}'s chooser picked {move}, which is not legal")
        self.seat = seat
        """The seat whose chooser went wrong (from 0)."""
        self.move = move
        """What it picked."""


class AmbiguousMoveError(PasurError):
    """A short move such as ``7D`` that matches several legal plays; the message lists them."""


class SettingError(PasurError):
    """An unknown house-rule setting or value; the message lists the valid ones."""


class DeckError(PasurError):
    """A deck order that is not a pack of 52 cards or breaks the opening-table rule."""


class RecordError(PasurError):
    """A game record that cannot be read or replayed; the message says where and why."""


class GameOverError(PasurError):
    """An action that needs a game still in progress."""

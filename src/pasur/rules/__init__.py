"""The rules of Pasur: cards, house rules, legal moves, plays, views and scoring.

Standard library only, immutable states, explicit seeded chance. Everything else in ``pasur``
(bots, the score tracker, the server, the CLI) uses the game through this package.

>>> from pasur.rules import new_game, legal_moves, play
>>> state = new_game(players=2, seed=7)
>>> state = play(state, legal_moves(state)[0])
"""

# First: it decides whether the compiled modules or their source load (see _implementation).
from pasur.rules._implementation import IMPLEMENTATION
from pasur.rules.captures import capture_options
from pasur.rules.cards import CARDS, Card, cards_of, format_cards, mask_of, parse_cards
from pasur.rules.claims import claim, claim_if_right, claim_is_right
from pasur.rules.deal import check_deck, check_players, deals_per_round, shuffle_deck
from pasur.rules.determinize import sample_world, world
from pasur.rules.engine import (
    legal_moves,
    moves_for,
    new_game,
    next_round,
    play,
    play_legal,
)
from pasur.rules.errors import (
    AmbiguousMoveError,
    CardSyntaxError,
    ChoiceError,
    DeckError,
    GameOverError,
    IllegalMoveError,
    MoveSyntaxError,
    PasurError,
    RecordError,
    SettingError,
)
from pasur.rules.moves import Move, resolve_move
from pasur.rules.playout import Chooser, play_out_round
from pasur.rules.reasons import (
    IllegalKind,
    IllegalPlayError,
    IllegalReason,
    illegal_reason,
    why_illegal,
)
from pasur.rules.scoring import (
    DRAW,
    CountError,
    RoundCounts,
    RoundScore,
    ScoreLine,
    score_round,
)
from pasur.rules.settings import (
    PAGAT,
    PASUR11,
    PRESETS,
    RU_BAAZ,
    SETTINGS,
    STANDARD,
    VARAGH,
    Rules,
    make_rules,
)
from pasur.rules.state import FinishedRound, GameState, Phase, Play, RoundResult
from pasur.rules.views import SeatView, view

__all__ = [
    "CARDS",
    "DRAW",
    "IMPLEMENTATION",
    "PAGAT",
    "PASUR11",
    "PRESETS",
    "RU_BAAZ",
    "SETTINGS",
    "STANDARD",
    "VARAGH",
    "AmbiguousMoveError",
    "Card",
    "CardSyntaxError",
    "ChoiceError",
    "Chooser",
    "CountError",
    "DeckError",
    "FinishedRound",
    "GameOverError",
    "GameState",
    "IllegalKind",
    "IllegalMoveError",
    "IllegalPlayError",
    "IllegalReason",
    "Move",
    "MoveSyntaxError",
    "PasurError",
    "Phase",
    "Play",
    "RecordError",
    "RoundCounts",
    "RoundResult",
    "RoundScore",
    "Rules",
    "ScoreLine",
    "SeatView",
    "SettingError",
    "capture_options",
    "cards_of",
    "check_deck",
    "check_players",
    "claim",
    "claim_if_right",
    "claim_is_right",
    "deals_per_round",
    "format_cards",
    "illegal_reason",
    "legal_moves",
    "make_rules",
    "mask_of",
    "moves_for",
    "new_game",
    "next_round",
    "parse_cards",
    "play",
    "play_legal",
    "play_out_round",
    "resolve_move",
    "sample_world",
    "score_round",
    "shuffle_deck",
    "view",
    "why_illegal",
    "world",
]

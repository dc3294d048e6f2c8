"""Bots for Pasur, from random play upwards; each sees only its own seat's view."""

from pasur.bots.base import Bot
from pasur.bots.explain import MoveFacts, move_facts
from pasur.bots.hint import RankedMove, hint
from pasur.bots.registry import BOT_NAMES, make_bot, parse_bot_names, searches
from pasur.bots.review import ReviewedTurn, review
from pasur.bots.selfplay import SelfplaySummary, play_round, selfplay

__all__ = [
    "BOT_NAMES",
    "Bot",
    "MoveFacts",
    "RankedMove",
    "ReviewedTurn",
    "SelfplaySummary",
    "hint",
    "make_bot",
    "move_facts",
    "parse_bot_names",
    "play_round",
    "review",
    "searches",
    "selfplay",
]

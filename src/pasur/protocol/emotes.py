"""The fixed set of emotes a seated person may show at the table, and the one check of a name.

Emotes are reactions, never free text: a client sends one of :data:`EMOTES` by name and each
client shows it in its own language (the labels live in the web catalogues, English and
Persian). So an emote needs no moderation, and muting one person's emotes costs nothing.
"""

from __future__ import annotations

from pasur.protocol.errors import ErrorCode, Refused
from pasur.protocol.values import JSONValue

EMOTES = (
    "hello",
    "good_luck",
    "nice",
    "well_played",
    "oops",
    "thinking",
    "hurry",
    "thanks",
    "good_game",
)
"""Every emote's name, in the order the table's picker shows them."""


def clean_emote(value: JSONValue) -> str:
    """``value`` as an emote's name.

    Raises:
        Refused: ``bad_emote``: not the name of one of :data:`EMOTES`.
    """
    if isinstance(value, str) and value in EMOTES:
        return value
    raise Refused(ErrorCode.BAD_EMOTE, "no emote has that name; send one of " + ", ".join(EMOTES))

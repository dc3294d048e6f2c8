"""Every error the server sends: one code enum, one exception, one body.

:class:`ErrorCode` lists every code a client can receive (in an ``error`` frame, or in the body
of a refused REST call), each with what it means and the HTTP status it is answered with over
REST; ``docs/protocol.md`` documents the same list (a test compares the two). :class:`Refused` is
the one exception: raised anywhere in the server (the table, the REST calls, the socket, the
score tracker's API), it changed nothing, and it becomes an ``error`` frame on a socket or
``{"detail": {"code", "message"}}`` with the code's status over REST. An illegal move's refusal
carries its ``reason`` too: the engine's refusal as data, so that a client can say it in its own
language (``docs/protocol.md``, section 6).
"""

from __future__ import annotations

from enum import StrEnum

from pasur.protocol.values import JSONObject


class ErrorCode(StrEnum):
    """A stable code for programs, with its HTTP status and its meaning for people."""

    status: int
    """The HTTP status of a REST call refused with this code."""
    meaning: str
    """What the code means (``docs/protocol.md`` says the same)."""

    def __new__(cls, value: str, status: int, meaning: str) -> ErrorCode:
        member = str.__new__(cls, value)
        member._value_ = value
        member.status = status
        member.meaning = meaning
        return member

    @classmethod
    def named(cls, value: str) -> ErrorCode:
        """The code written ``value`` (as in an error body).

        Raises:
            ValueError: no code is written so.
        """
        for code in cls:
            if code.value == value:
                return code
        raise ValueError(f"{value!r} is not an error code")

    # Playing.
    NOT_STARTED = "not_started", 400, "no game has started at the table yet"
    GAME_OVER = "game_over", 400, "the game is over"
    NOT_YOUR_TURN = "not_your_turn", 400, "another seat is to play"
    STALE = "stale", 400, "the version sent is not the table's current event number"
    MALFORMED = "malformed", 400, "the move text cannot be read as a move"
    AMBIGUOUS = "ambiguous", 400, "a card alone was sent and it has several legal plays"
    ILLEGAL = "illegal", 400, "the move is not legal here; the message gives the engine's reason"
    # Seats and games.
    NO_SUCH_SEAT = "no_such_seat", 400, "there is no seat with that number"
    SEAT_TAKEN = "seat_taken", 409, "the seat is not empty"
    TABLE_FULL = "table_full", 409, "every seat is taken"
    SEAT_RESERVED = "seat_reserved", 403, "the seat is kept for another person (a tournament's)"
    ALREADY_SEATED = "already_seated", 409, "the person already holds a seat at this table"
    NOT_SEATED = "not_seated", 403, "the person holds no seat here, or the seat is a bot's"
    NOT_A_BOT = "not_a_bot", 400, "the seat holds no bot"
    BAD_PLAYER = "bad_player", 400, "the player id is not a non-empty string"
    BAD_NAME = (
        "bad_name",
        400,
        "the name is empty, too long, or holds a control character or direction override",
    )
    BAD_LEVEL = "bad_level", 400, "no bot level has that name"
    GAME_RUNNING = "game_running", 409, "not possible while a game is being played"
    NOT_READY = "not_ready", 409, "a seat is still empty"
    NOT_FINISHED = "not_finished", 409, "no game has finished yet (rematch votes, records)"
    # Take-backs.
    TAKE_BACKS_OFF = "take_backs_off", 400, "the table does not allow take-backs (or is rated)"
    NO_TAKE_BACK = (
        "no_take_back",
        409,
        "no take-back can be asked or answered now; the message says why",
    )
    # Watching and catching up.
    NO_SPECTATORS = "no_spectators", 403, "the table does not allow spectators"
    BAD_VERSION = "bad_version", 400, "the event number is not one of this table's"
    HISTORY_GAP = "history_gap", 400, "the events after that number are no longer kept"
    # Creating and rebuilding.
    BAD_CONFIG = "bad_config", 400, "the table settings are not valid"
    BAD_LOG = "bad_log", 400, "the stored events cannot rebuild the table"
    # The socket and the REST calls of online play.
    BAD_FRAME = "bad_frame", 400, "not JSON, no known type, wrong field types, or too large"
    UNSUPPORTED_PROTOCOL = "unsupported_protocol", 400, "the server does not speak that version"
    BAD_TOKEN = "bad_token", 400, "a seat token that opens no seat at this table"
    NO_SUCH_TABLE = "no_such_table", 404, "there is no table with that id"
    NO_GUEST = "no_guest", 401, "no valid guest cookie: choose a name first"
    BAD_CHAT = (
        "bad_chat",
        400,
        "a chat line that is empty, over 200 characters, or holds a control character",
    )
    NO_HINTS = "no_hints", 400, "hints are for the person to play at a practice table"
    BAD_EMOTE = "bad_emote", 400, "no emote has that name (emotes are a fixed set, not text)"
    EMOTE_LIMITED = "emote_limited", 429, "the seat showed emotes too fast; wait a few seconds"
    RATE_LIMITED = "rate_limited", 429, "over a rate limit; nothing was done"
    CROSS_SITE = "cross_site", 403, "a change sent from another site's page"
    # Finished games.
    NO_SUCH_GAME = "no_such_game", 404, "no game with that number has started at the table"
    # Accounts (pasur.server.accounts).
    NOT_SIGNED_IN = "not_signed_in", 401, "no account is signed in on this device"
    NAME_REFUSED = "name_refused", 400, "the account name is not allowed; the message says why"
    NAME_TAKEN = (
        "name_taken",
        409,
        "an account has that name (or one that looks the same); for a guest, a word of the site's",
    )
    NAME_TOO_SOON = "name_too_soon", 409, "the account's name was changed less than a month ago"
    ACCOUNT_NAME = "account_name", 409, "an account's name changes on its account page only"
    BAD_PASSKEY = "bad_passkey", 400, "the passkey's answer failed verification; nothing changed"
    NO_SUCH_PASSKEY = "no_such_passkey", 404, "the account has no passkey with that id"
    LAST_PASSKEY = "last_passkey", 409, "an account keeps at least one passkey"
    BAD_LINK_CODE = "bad_link_code", 400, "a device-link code that is unknown, used or expired"
    NO_SUCH_SESSION = "no_such_session", 404, "the account has no session with that id"
    NO_SUCH_ACCOUNT = "no_such_account", 404, "no account has that name"
    OWN_ACCOUNT = "own_account", 400, "that is the caller's own account"
    BLOCKED = "blocked", 403, "one of the two people blocks the other"
    NO_SUCH_CHALLENGE = "no_such_challenge", 404, "no pending challenge to the caller has that id"
    # The daily deal.
    NO_SUCH_DEAL = "no_such_deal", 404, "no daily deal of that format (2 or 3 players) or day"
    DAILY_PLAYED = "daily_played", 409, "the person or this device already played that daily deal"
    NO_DAILY_GAME = "no_daily_game", 404, "the person has not started that daily deal"
    # Puzzles.
    NO_SUCH_PUZZLE = "no_such_puzzle", 404, "no puzzle has that id"
    # Quick match.
    NOT_QUEUED = "not_queued", 404, "the person is not in the quick-match queue"
    BOT_NOT_OFFERED = "bot_not_offered", 409, "a bot is offered after a minute in the queue"
    # Tournaments.
    NO_SUCH_TOURNAMENT = "no_such_tournament", 404, "there is no tournament with that id"
    ALREADY_JOINED = "already_joined", 409, "the account is in the tournament with another partner"
    TOURNAMENT_STARTED = (
        "tournament_started",
        409,
        "the tournament has started: a Swiss takes no new entrants, and none starts twice",
    )
    NOT_CREATOR = "not_creator", 403, "only the tournament's creator can start it"
    WRONG_FORMAT = "wrong_format", 400, "not the tournament's format, or a format it cannot have"
    NOT_ENTERED = "not_entered", 409, "the account is not playing in the tournament"
    # The score tracker.
    NO_SUCH_SHEET = "no_such_sheet", 404, "no score sheet has this link"
    NO_SUCH_ROUND = "no_such_round", 404, "the sheet has no round with that number"
    READ_ONLY = "read_only", 403, "the share link only reads the sheet"
    SHEET_CHANGED = "sheet_changed", 409, "the sheet changed since the version sent"
    SHEET_FINISHED = "sheet_finished", 409, "the game on the sheet is over"
    SHEET_FULL = "sheet_full", 409, "the sheet holds as many rounds as it may"
    NOTHING_TO_UNDO = "nothing_to_undo", 409, "there is no change to undo"
    # Any request.
    BAD_REQUEST = (
        "bad_request",
        400,
        "the request cannot be read: a body that cannot be decoded (400), or bad input (422: "
        "`fields` names each wrong field)",
    )
    NOT_FOUND = "not_found", 404, "no page or call at that address"
    METHOD_NOT_ALLOWED = "method_not_allowed", 405, "the address does not take that method"
    TOO_LARGE = "too_large", 413, "the request body is larger than 64 KiB"
    BAD_SUBSCRIPTION = (
        "bad_subscription",
        422,
        "a push subscription whose endpoint is not HTTPS, or is on a private or loopback address",
    )
    UNAVAILABLE = (
        "unavailable",
        503,
        "the server cannot reach its database or Redis, or could not store the step",
    )
    INTERNAL = "internal", 500, "something failed that the server did not expect; it was logged"


class Refused(Exception):
    """What the server refuses, or could not do; nothing was changed.

    ``code`` is for programs, ``message`` for people; ``reason`` (illegal moves only) is the
    engine's refusal as data.
    """

    def __init__(self, code: ErrorCode, message: str, *, reason: JSONObject | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        """What went wrong."""
        self.message = message
        """Why, in words."""
        self.reason = reason
        """The parts of an illegal move's refusal (``docs/protocol.md``, section 6), or None."""

    @property
    def status(self) -> int:
        """The HTTP status of this refusal as a REST answer."""
        return self.code.status

    def to_json(self) -> JSONObject:
        """``{"code", "message"}`` and the ``reason`` when there is one: the error's body."""
        body: JSONObject = {"code": self.code.value, "message": self.message}
        if self.reason is not None:
            body["reason"] = self.reason
        return body

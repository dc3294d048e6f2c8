// The HTTP API's JSON bodies, as the server's OpenAPI document (/openapi.json) describes them:
// the types the web client's JSDoc names for what it sends and what it reads. The browser never
// loads this file; only tsc reads it. Written by scripts/api_types.py from the server's models:
// do not edit it, run that script after a change to them (tests/web/test_api_types.py checks).

export interface AttemptBody {
  /** One of the puzzle's `legal` plays: 7D lays the 7♦, 7D+2D+2H takes. */
  play: string;
}

export interface BotBody {
  /** The empty seat, from 0. */
  seat: number;
  /** The bot's level, weakest first. */
  level: "random" | "beginner" | "casual" | "intermediate" | "advanced" | "expert" | "master";
}

export interface ChallengeBody {
  players?: number;
  preset?: "standard" | "pagat" | "ru-baaz" | "varagh" | "pasur11";
  /**
   * Settings changed from the preset, by name, as `pasur --set` takes them: {"target": "100"}; GET
   * /api/rules lists them. Which settings go together (partnerships=on wants 4 players) the rules
   * check: `bad_config`.
   */
  settings?: {
    "opening-table"?: "replace-once" | "pagat" | "redraw" | "skip-jacks" | "jacks-under";
    "face-capture"?: "one" | "all";
    capture?: "compulsory" | "optional";
    "sum-sets"?: "one" | "several" | "union";
    "sum-cards"?: "any" | "3";
    "sur-points"?: "5" | "10";
    "sur-final-deal"?: "forbidden" | "allowed" | "last-card";
    /** a whole number from 1 to 1000 or none */
    "sur-cutoff"?: string;
    "sur-cancel"?: "none" | "opponent" | "net" | "all-others" | "reply";
    "sur-cutoff-cancels"?: "off" | "on";
    "clubs-points"?: "7" | "13";
    "clubs-award"?: "most" | "seven-or-more" | "per-club";
    "clubs-tie3"?: "third" | "nobody";
    /** a whole number from 1 to 10000 */
    target?: string;
    partnerships?: "off" | "on";
    "no-capture-leftovers"?: "dealer" | "previous-capturer" | "nobody";
    "target-tie"?: "play-on" | "draw";
    claims?: "off" | "on";
    "open-cards"?: "off" | "held" | "stack";
    "last-card-sweep"?: "off" | "on";
  };
  turn_timer?: 15 | 30 | 60 | null;
  /** Whether the table's games move ratings. */
  rated?: boolean;
  /** The account challenged. */
  name: string;
}

/** A round as counted at the table, per player (per team with partnerships). */
export interface CountsIn {
  /** Clubs each player took, the 2♣ included; they add up to 13. */
  clubs: Array<number>;
  /** Aces each player took; they add up to 4. */
  aces: Array<number>;
  /** Jacks each player took; they add up to 4. */
  jacks: Array<number>;
  /** The player (from 1) who took the 10♦. */
  ten_of_diamonds: number;
  /** The player (from 1) who took the 2♣; that player has at least one club. */
  two_of_clubs: number;
  /** Surs each player made, cancelled ones left out; no Surs when omitted. */
  surs?: Array<number> | null;
}

/** A round's counts, players from 1. */
export interface CountsOut {
  clubs: Array<number>;
  aces: Array<number>;
  jacks: Array<number>;
  /** The player (from 1) who took the 10♦. */
  ten_of_diamonds: number;
  /** The player (from 1) who took the 2♣. */
  two_of_clubs: number;
  surs: Array<number>;
}

export interface CredentialBody {
  /** The browser's PublicKeyCredential as JSON (its toJSON()). */
  credential: { [key: string]: unknown };
  /** What the account page calls the passkey (its device's by default). */
  label?: string | null;
}

export interface DeleteBody {
  /** The account's name, typed again. */
  confirm: string;
}

export interface EndpointBody {
  endpoint: string;
}

/** The body of every refused call. */
export interface ErrorBody {
  detail: ErrorDetail;
}

/** A stable code for programs, with its HTTP status and its meaning for people. */
export type ErrorCode =
  | "not_started"
  | "game_over"
  | "not_your_turn"
  | "stale"
  | "malformed"
  | "ambiguous"
  | "illegal"
  | "no_such_seat"
  | "seat_taken"
  | "table_full"
  | "seat_reserved"
  | "already_seated"
  | "not_seated"
  | "not_a_bot"
  | "bad_player"
  | "bad_name"
  | "bad_level"
  | "game_running"
  | "not_ready"
  | "not_finished"
  | "take_backs_off"
  | "no_take_back"
  | "no_spectators"
  | "bad_version"
  | "history_gap"
  | "bad_config"
  | "bad_log"
  | "bad_frame"
  | "unsupported_protocol"
  | "bad_token"
  | "no_such_table"
  | "no_guest"
  | "bad_chat"
  | "no_hints"
  | "bad_emote"
  | "emote_limited"
  | "rate_limited"
  | "cross_site"
  | "no_such_game"
  | "not_signed_in"
  | "name_refused"
  | "name_taken"
  | "name_too_soon"
  | "account_name"
  | "bad_passkey"
  | "no_such_passkey"
  | "last_passkey"
  | "bad_link_code"
  | "no_such_session"
  | "no_such_account"
  | "own_account"
  | "blocked"
  | "no_such_challenge"
  | "no_such_deal"
  | "daily_played"
  | "no_daily_game"
  | "no_such_puzzle"
  | "not_queued"
  | "bot_not_offered"
  | "no_such_tournament"
  | "already_joined"
  | "tournament_started"
  | "not_creator"
  | "wrong_format"
  | "not_entered"
  | "no_such_sheet"
  | "no_such_round"
  | "read_only"
  | "sheet_changed"
  | "sheet_finished"
  | "sheet_full"
  | "nothing_to_undo"
  | "bad_request"
  | "not_found"
  | "method_not_allowed"
  | "too_large"
  | "bad_subscription"
  | "unavailable"
  | "internal";

/** What went wrong. */
export interface ErrorDetail {
  /** Stable, for programs (docs/protocol.md, section 6). */
  code: ErrorCode;
  /** Why, in words, for people. */
  message: string;
  /** An illegal move's refusal as data (kind, card, cards): section 6. */
  reason?: { [key: string]: unknown } | null;
  /** Bad input (422 `bad_request`): every wrong field at once. */
  fields?: Array<FieldError> | null;
}

/** One wrong field of a request refused as bad input. */
export interface FieldError {
  /** Where: `body`, `query` or `path`, then the field's names and list indexes. */
  loc: Array<string | number>;
  /** What is wrong with it, in words. */
  msg: string;
  /** The kind of error, for programs: `missing`, `int_type`, …. */
  type: string;
}

export interface GuestBody {
  /**
   * The name shown at tables: up to 40 characters, something to read and no control characters or
   * direction overrides (docs/protocol.md, section 3a); it is kept normalised (NFC) with its spaces
   * tidied. Refused as bad_name, or name_taken for an account's name or a word of the site's
   * (docs/accounts.md).
   */
  name: string;
}

export interface JoinBody {
  /**
   * The seat to take, from 0; null or absent for the seat kept for the caller, else the first empty
   * one. A seat the table does not have is `no_such_seat`.
   */
  seat?: number | null;
}

export interface JoinTournamentBody {
  /** The format the caller means to play. */
  players?: 2 | 3 | 4;
  /** A 4-player Swiss: the account name of the partner wanted (they name you). */
  partner?: string | null;
}

/** One side's points for a round, by category. */
export interface LineOut {
  /** The player or team, from 1. */
  side: number;
  /** Clubs taken. */
  clubs: number;
  /** Points for the clubs award (0 unless this side won). */
  clubs_points: number;
  /** Points for the 10♦. */
  ten_of_diamonds: number;
  /** Points for the 2♣. */
  two_of_clubs: number;
  /** Aces taken, a point each. */
  aces: number;
  /** Jacks taken, a point each. */
  jacks: number;
  /** Surs that scored (none at or past the Sur cutoff). */
  surs: number;
  /** Points for those Surs. */
  sur_points: number;
  /** The side's points for the round. */
  points: number;
}

export interface LinkCodeBody {
  /** The code the signed-in device shows. */
  code: string;
}

export interface NameBody {
  name: string;
}

export interface NewPasskeyOptions {
  /**
   * The new account's name, when a guest adds their first passkey (an account's further passkeys
   * take none).
   */
  name?: string | null;
}

export interface NewTable {
  /** Seats: 2, 3 or 4 (4 for partnerships). */
  players?: number;
  /** The house-rule preset (GET /api/rules). */
  preset?: "standard" | "pagat" | "ru-baaz" | "varagh" | "pasur11";
  /**
   * Settings changed from the preset, by name, as `pasur --set` takes them: {"target": "100"}; GET
   * /api/rules lists them. Which settings go together (partnerships=on wants 4 players) the rules
   * check: `bad_config`.
   */
  settings?: {
    "opening-table"?: "replace-once" | "pagat" | "redraw" | "skip-jacks" | "jacks-under";
    "face-capture"?: "one" | "all";
    capture?: "compulsory" | "optional";
    "sum-sets"?: "one" | "several" | "union";
    "sum-cards"?: "any" | "3";
    "sur-points"?: "5" | "10";
    "sur-final-deal"?: "forbidden" | "allowed" | "last-card";
    /** a whole number from 1 to 1000 or none */
    "sur-cutoff"?: string;
    "sur-cancel"?: "none" | "opponent" | "net" | "all-others" | "reply";
    "sur-cutoff-cancels"?: "off" | "on";
    "clubs-points"?: "7" | "13";
    "clubs-award"?: "most" | "seven-or-more" | "per-club";
    "clubs-tie3"?: "third" | "nobody";
    /** a whole number from 1 to 10000 */
    target?: string;
    partnerships?: "off" | "on";
    "no-capture-leftovers"?: "dealer" | "previous-capturer" | "nobody";
    "target-tie"?: "play-on" | "draw";
    claims?: "off" | "on";
    "open-cards"?: "off" | "held" | "stack";
    "last-card-sweep"?: "off" | "on";
  };
  /** Private tables are joined by invite; public ones are in the lobby. */
  private?: boolean;
  /**
   * Seconds each seat has to play, or null for no timer; an hour or more makes a correspondence
   * table (docs/protocol.md, section 8).
   */
  turn_timer?: 15 | 30 | 60 | 3600 | 43200 | 86400 | 259200 | null;
  /** Whether people without a seat may watch. */
  spectators?: boolean;
  /**
   * Seconds a bot takes over an ordinary move (0 plays at once); a forced move takes less, a close
   * call more, each level at its own tempo (docs/protocol.md).
   */
  bot_delay?: number;
  /** Whether finished games move ratings (public tables only). */
  rated?: boolean;
  /**
   * ask: the seat that just played may ask to take its play back, and every other person must
   * accept (docs/protocol.md, section 8a); off at rated tables.
   */
  take_backs?: "off" | "ask";
  /**
   * Bots seated at once, by seat: {"1": "random"}; a seat the table does not have is
   * `no_such_seat`.
   */
  bots?: { [key: string]: "random" | "beginner" | "casual" | "intermediate" | "advanced" | "expert" | "master" };
}

/**
 * A Swiss names its ``rounds``, an arena its ``minutes``. Not strict as a whole, for ``starts_at``
 * is read from its text; the numbers are (``"3"`` is no number of rounds).
 */
export interface NewTournamentBody {
  name: string;
  kind: "swiss" | "arena";
  players?: 2 | 4;
  rules?: TournamentRules;
  starts_at: string;
  minutes?: number | null;
  rounds?: number | null;
}

export interface PlayBody {
  /** A move as in play frames: 7D+2D+2H or 7D lay. */
  move: string;
  /**
   * The game's version as last answered (its number of moves so far); a play at any other version
   * is refused as stale.
   */
  version: number;
}

export interface QueueBody {
  /** Seats: 2, 3 or 4 (4 plays in partnerships). */
  players?: number;
  /** Seconds per turn: 15, 30, 60 or null (a quick match is played live). */
  turn_timer?: 15 | 30 | 60 | null;
  /** Whether the game moves ratings. */
  rated?: boolean;
}

/** One round: either the counts, or the cards each player captured (plus their Surs). */
export interface RoundIn {
  /** The round's counts. */
  counts?: CountsIn | null;
  /**
   * Instead of counts: the cards each player captured, as in [["2C", "10D", …], […]]; every card of
   * the pack exactly once.
   */
  cards?: Array<Array<string>> | null;
  /** With cards: Surs each player made; no Surs when omitted. */
  surs?: Array<number> | null;
}

/** One round of the sheet, scored. */
export interface RoundOut {
  /** The round's number, from 1. */
  number: number;
  /** The player (from 1) who dealt it. */
  dealer: number;
  counts: CountsOut;
  /** Points per side for this round. */
  points: Array<number>;
  /** Game totals per side after this round. */
  totals: Array<number>;
  breakdown: Array<LineOut>;
}

/** A new score sheet. */
export interface SheetCreate {
  /**
   * The players' names in seating order: 2, 3 or 4 of them, each up to 40 characters (no control
   * characters or direction overrides; kept normalised, NFC, with its spaces tidied) and all
   * different. With partnerships=on, 4 names: seats 1 and 3 play against 2 and 4.
   */
  players: Array<string>;
  /** The house-rule preset: standard or pagat. */
  preset?: string;
  /**
   * Settings changed from the preset, by name, as `pasur --set` takes them: for example
   * {"sur-points": "10", "target": "100", "partnerships": "on"}.
   */
  settings?: { [key: string]: string | number | boolean };
  /** The player (from 1) who deals the first round. */
  first_dealer?: number;
  /**
   * For a sheet a browser made with no connection: the id it gave it (a UUID, lower case). Sent
   * again, the same id answers the sheet it made (200) instead of making another, so a creation
   * whose answer was lost can be sent again.
   */
  made_offline?: string | null;
}

/** A score sheet, with every figure derived from its rounds. */
export interface SheetOut {
  /** The players, in seating order. */
  names: Array<string>;
  /** The scoring sides: players, or teams as 'Ana & Cyrus'. */
  sides: Array<string>;
  /** Every rule setting, by name. */
  settings: { [key: string]: string };
  /** The total that ends the game. */
  target: number;
  /** The player (from 1) who dealt the first round. */
  first_dealer: number;
  /** The player (from 1) who deals the next round. */
  next_dealer: number;
  rounds: Array<RoundOut>;
  /** Game totals per side. */
  totals: Array<number>;
  /** The winning side (from 1) once one has reached the target alone at the top. */
  winner: number | null;
  /** The target is reached but the top totals tie: play another round. */
  tied_at_target: boolean;
  /** Whether the link used may change the sheet. */
  can_edit: boolean;
  /** Whether there is a change to undo. */
  can_undo: boolean;
  /** Grows with every change; pass it as ?version= to refuse a stale change. */
  version: number;
  /** The read-only link, to show to everyone. */
  share_url: string;
  /** The private edit token; only present when it was used. */
  edit_token?: string | null;
  /** The private edit link; only present when the edit token was used. */
  edit_url?: string | null;
}

/** A browser's ``PushSubscription.toJSON()``. */
export interface SubscriptionBody {
  /** The push service's URL. */
  endpoint: string;
  /** Ignored (browsers send null). */
  expirationTime?: number | null;
  keys: SubscriptionKeys;
}

export interface SubscriptionKeys {
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's 16-byte auth secret, base64url. */
  auth: string;
}

export interface TournamentRules {
  preset?: "standard" | "pagat" | "ru-baaz" | "varagh" | "pasur11";
  /**
   * Settings changed from the preset, by name, as `pasur --set` takes them: {"target": "100"}; GET
   * /api/rules lists them. Which settings go together (partnerships=on wants 4 players) the rules
   * check: `bad_config`.
   */
  settings?: {
    "opening-table"?: "replace-once" | "pagat" | "redraw" | "skip-jacks" | "jacks-under";
    "face-capture"?: "one" | "all";
    capture?: "compulsory" | "optional";
    "sum-sets"?: "one" | "several" | "union";
    "sum-cards"?: "any" | "3";
    "sur-points"?: "5" | "10";
    "sur-final-deal"?: "forbidden" | "allowed" | "last-card";
    /** a whole number from 1 to 1000 or none */
    "sur-cutoff"?: string;
    "sur-cancel"?: "none" | "opponent" | "net" | "all-others" | "reply";
    "sur-cutoff-cancels"?: "off" | "on";
    "clubs-points"?: "7" | "13";
    "clubs-award"?: "most" | "seven-or-more" | "per-club";
    "clubs-tie3"?: "third" | "nobody";
    /** a whole number from 1 to 10000 */
    target?: string;
    partnerships?: "off" | "on";
    "no-capture-leftovers"?: "dealer" | "previous-capturer" | "nobody";
    "target-tie"?: "play-on" | "draw";
    claims?: "off" | "on";
    "open-cards"?: "off" | "held" | "stack";
    "last-card-sweep"?: "off" | "on";
  };
}

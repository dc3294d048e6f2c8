// The table as this browser knows it: built from a snapshot (docs/protocol.md section 5) and
// moved on by events (section 4). Nothing here knows the rules: legal moves come from the server
// (the snapshot's `legal`, or an event's `legal` when this seat is to play next), and scores come
// from `round_ended`. `applyEvent` returns what happened, for the view to show. A take-back
// (section 8a) brings each recipient's whole `game` again, which replaces the one held.

const HAND = 4;

/** A game's public fields from a snapshot's `game` (or fresh for a `started` event). */
function gameFrom(snapshotGame, players) {
  const game = snapshotGame ?? {};
  return {
    players: game.players ?? players,
    round: game.round ?? 0,
    dealer: game.dealer ?? 0,
    turn: game.turn ?? -1,
    packSize: game.pack_size ?? 0,
    handSizes: game.hand_sizes ?? Array(players).fill(0),
    table: game.table ?? [],
    piles: game.piles ?? Array.from({ length: players }, () => []),
    surs: game.surs ?? Array(players).fill(0),
    // This round's captures per seat, for the game's statistics at its end (over-stats.js).
    captures: capturesOf(game.plays ?? [], players),
    totals: game.totals ?? [],
    hand: game.hand ?? [],
    legal: game.legal ?? [],
    winner: game.winner ?? null,
    // Pasur Ru Baaz: every seat's face-up cards, public ([] per seat; [] without open cards).
    open: game.open ?? [],
  };
}

/** How many captures each seat made among `plays` (a snapshot's: this round's). */
function capturesOf(plays, players) {
  const captures = Array(players).fill(0);
  for (const play of plays) if (play.taken?.length) captures[play.seat] += 1;
  return captures;
}

/**
 * The table state from a snapshot frame's `snapshot`. `arranged`: this page deals the table's
 * deals itself, arranged to teach (the guided first game); the page's own knowledge, never read
 * from a frame (fairness.js).
 */
export function fromSnapshot(snapshot, { receivedAt = Date.now(), arranged = false } = {}) {
  const players = snapshot.config.players;
  return {
    version: snapshot.version,
    you: snapshot.you,
    config: snapshot.config,
    status: snapshot.status,
    seats: snapshot.seats.map((seat) => ({ ...seat })),
    gameNo: snapshot.game_no ?? 0,
    // The seats' names as this game started: a person who left it is named by them.
    names: [...(snapshot.names ?? [])],
    game: snapshot.game ? gameFrom(snapshot.game, players) : null,
    commitment: snapshot.commitment ?? null,
    rematch: snapshot.rematch ?? Array(players).fill(null),
    clock: clockFrom(snapshot.clock, receivedAt),
    lastPlay: lastPlayFrom(snapshot.game),
    // The finished game's `game_over` event, as the snapshot repeats it (section 5).
    gameOver: snapshot.game_over ? { ...snapshot.game_over } : null,
    arranged: arranged === true,
    // The claim that ended this game (per shodam), {seat, right}, when this page saw it.
    claim: null,
    // Every round of this game ended while this page watched, for the race and the statistics:
    // {points, totals, lines} as round_ended has them, and per seat the cards `taken` and the
    // `captures` made.
    history: [],
    // The take-back asked and not yet answered by everyone: {seat, accepted: [seats]}.
    takeBack: snapshot.take_back?.asked ? { seat: snapshot.take_back.seat, accepted: [...snapshot.take_back.accepted] } : null,
    // The last play, while it may still be taken back: {seat, card, declined}.
    undoable: undoableFrom(snapshot),
  };
}

function undoableFrom(snapshot) {
  const play = snapshot.game?.plays?.at(-1);
  const seat = snapshot.take_back?.seat;
  return play && play.seat === seat ? { seat, card: play.card, declined: false } : null;
}

function lastPlayFrom(game) {
  const play = game?.plays?.at(-1);
  return play ? { seat: play.seat, card: play.card, taken: [...play.taken], sur: play.sur } : null;
}

function clockFrom(clock, now) {
  if (!clock) return null;
  return { seat: clock.seat, kind: clock.kind, deadline: now + clock.seconds_left * 1000 };
}

/** The sides that score: seats, or the two teams in partnerships. */
export function sideCount(state) {
  return state.config.rules?.partnerships === 'on' ? 2 : state.config.players;
}

/** Whether it is this browser's seat to play and the server's moves for it are known. */
export function myTurn(state) {
  return state.status === 'playing' && state.you >= 0 && state.game?.turn === state.you;
}

function emptySeat(seat) {
  return { seat, kind: 'empty', name: null, level: null, connected: false, stand_in: false };
}

/** After an event that passes the turn: this seat's moves, or null when they must be fetched. */
function legalAfter(state, event) {
  if (Array.isArray(event.legal)) return event.legal;
  return event.turn === state.you && state.you >= 0 ? null : [];
}

/**
 * The turn clock once the turn has passed to `seat`: the turn timer of a person who is here.
 * (Bots play on their own; a dropped person's grace shows when a snapshot brings it.)
 */
function clockFor(state, seat, now) {
  const info = state.seats[seat];
  const here = info?.kind === 'human' && info.connected && !info.stand_in;
  if (seat < 0 || !here || !state.config.turn_timer) return null;
  return { seat, kind: 'timer', deadline: now + state.config.turn_timer * 1000 };
}

/**
 * Move `state` on by one event (it must be the next one: `event.n === state.version + 1`).
 * Returns `{kind, ...}` describing what to show, or null when there is nothing to show.
 */
export function applyEvent(state, event, now = Date.now()) {
  state.version = event.n;
  const game = state.game;
  if (!TAKE_BACK_KINDS.has(event.kind)) state.takeBack = null; // the server ended it just before
  if (!KEEP_UNDOABLE.has(event.kind)) state.undoable = null;
  switch (event.kind) {
    case 'seated': // a person counts as connected from the moment they sit down
      state.seats[event.seat] = { ...emptySeat(event.seat), kind: 'human', name: event.name, connected: true };
      return null;
    case 'left': { // during a game the table's drop bot sits down next, and plays for them
      const during = state.status === 'playing' && event.seat !== state.you; // told the others
      state.seats[event.seat] = emptySeat(event.seat);
      return during ? { kind: 'left', seat: event.seat, name: event.name } : null;
    }
    case 'bot_removed':
      state.seats[event.seat] = emptySeat(event.seat);
      return null;
    case 'bot_seated':
      state.seats[event.seat] = {
        ...emptySeat(event.seat), kind: 'bot', name: event.name, level: event.level, connected: true,
      };
      return null;
    case 'connection':
      state.seats[event.seat].connected = event.connected;
      return { kind: 'connection', seat: event.seat, connected: event.connected };
    case 'stand_in':
      state.seats[event.seat].stand_in = event.active;
      return { kind: 'stand_in', seat: event.seat, active: event.active };
    case 'started':
      state.status = 'playing';
      state.gameNo = event.game;
      state.names = [...(event.seats ?? [])];
      state.game = gameFrom(null, event.players);
      state.game.totals = Array(sideCount(state)).fill(0);
      state.game.dealer = event.dealer;
      state.rematch = Array(event.players).fill(null);
      state.gameOver = null;
      state.claim = null;
      state.history = [];
      return { kind: 'started' };
    case 'round_started':
      Object.assign(game, {
        round: event.round, dealer: event.dealer, turn: event.turn, packSize: event.pack_size,
        table: [...event.table], hand: event.hand ?? [], handSizes: Array(game.players).fill(HAND),
        piles: Array.from({ length: game.players }, () => []), surs: Array(game.players).fill(0),
        captures: Array(game.players).fill(0),
        legal: legalAfter(state, event), open: event.open ?? [],
      });
      state.commitment = event.commitment;
      state.lastPlay = null;
      state.clock = clockFor(state, event.turn, now);
      return { kind: 'round_started', commitment: event.commitment, turn: event.turn };
    case 'dealt':
      Object.assign(game, {
        turn: event.turn, packSize: event.pack_size, hand: event.hand ?? [],
        handSizes: Array(game.players).fill(HAND), legal: legalAfter(state, event),
        open: event.open ?? [],
      });
      state.clock = clockFor(state, event.turn, now);
      return { kind: 'dealt', turn: event.turn };
    case 'played':
      return applyPlayed(state, event, now);
    case 'claimed': // per shodam: the round_ended and game_over that follow end the game
      game.turn = -1;
      game.legal = [];
      state.clock = null;
      state.claim = { seat: event.seat, right: event.right };
      return { kind: 'claimed', seat: event.seat, right: event.right };
    case 'round_ended': {
      const tableBefore = [...game.table];
      const pileBefore = event.leftover_to >= 0 ? [...(game.piles[event.leftover_to] ?? [])] : [];
      game.turn = -1;
      game.legal = [];
      game.table = [];
      if (event.leftover_to >= 0 && event.leftover_to < game.players) {
        game.piles[event.leftover_to].push(...event.leftover);
      }
      game.totals = [...event.totals];
      state.clock = null;
      state.history.push({
        points: [...event.points], totals: [...event.totals], lines: event.lines,
        taken: game.piles.map((pile) => pile.length), captures: [...game.captures],
      });
      return { kind: 'round_ended', round: { ...event }, tableBefore, pileBefore };
    }
    case 'game_over':
      state.status = 'finished';
      state.clock = null;
      if (game) {
        game.totals = [...event.totals];
        game.winner = event.winner;
        game.turn = -1;
        game.legal = [];
      }
      state.gameOver = { ...event };
      state.rematch = Array(state.config.players).fill(null);
      return { kind: 'game_over', result: state.gameOver };
    case 'rematch_vote':
      state.rematch[event.seat] = event.accept;
      return null;
    case 'take_back_asked':
    case 'take_back_answered':
    case 'take_back_ended':
    case 'take_back':
      return applyTakeBack(state, event, now);
    default:
      return null; // an event kind added later: the protocol says to ignore it
  }
}

/** The take-back's own events; every other kind ends an open request. */
const TAKE_BACK_KINDS = new Set(['take_back_asked', 'take_back_answered', 'take_back_ended', 'take_back']);
/** After these the last play may still be taken back (a request a drop ended can be asked again). */
const KEEP_UNDOABLE = new Set(['connection', 'stand_in', ...TAKE_BACK_KINDS]);

function applyTakeBack(state, event, now) {
  const asker = state.takeBack?.seat ?? event.seat;
  switch (event.kind) {
    case 'take_back_asked':
      state.takeBack = { seat: event.seat, accepted: [] };
      return { kind: event.kind, seat: event.seat, card: state.undoable?.card ?? null };
    case 'take_back_answered':
      if (event.accept) state.takeBack?.accepted.push(event.seat);
      else {
        state.takeBack = null;
        if (state.undoable) state.undoable.declined = true;
      }
      return { kind: event.kind, seat: event.seat, accept: event.accept, asker };
    case 'take_back_ended':
      state.takeBack = null;
      return { kind: event.kind, seat: event.seat, reason: event.reason };
    default: {
      const tableBefore = [...(state.game?.table ?? [])];
      state.game = gameFrom(event.game, state.config.players);
      state.lastPlay = lastPlayFrom(event.game);
      state.clock = clockFrom(event.clock, now);
      state.takeBack = null;
      state.undoable = null;
      return { kind: event.kind, seat: event.seat, card: event.card, taken: [...event.taken], tableBefore };
    }
  }
}

/** Whether a play turned up a card nobody had seen (Pasur Ru Baaz): it can never be taken back. */
function turnedUp(before, after) {
  return (after ?? []).some((cards, seat) => cards.some((card) => !(before?.[seat] ?? []).includes(card)));
}

function applyPlayed(state, event, now) {
  const game = state.game;
  const openBefore = game.open;
  if (event.seat === state.you) game.hand = game.hand.filter((card) => card !== event.card);
  game.handSizes[event.seat] = Math.max(0, game.handSizes[event.seat] - 1);
  const before = [...game.table];
  const pileBefore = [...game.piles[event.seat]];
  if (event.taken.length) {
    game.table = game.table.filter((card) => !event.taken.includes(card));
    game.piles[event.seat].push(event.card, ...event.taken);
    game.captures[event.seat] += 1;
  } else {
    game.table.push(event.card);
  }
  if (event.sur) game.surs[event.seat] += 1;
  state.lastPlay = { seat: event.seat, card: event.card, taken: [...event.taken], sur: event.sur };
  game.turn = event.turn;
  game.legal = legalAfter(state, event);
  game.open = event.open ?? [];
  state.clock = clockFor(state, event.turn, now);
  if (event.by === 'player' && event.turn >= 0 && !turnedUp(openBefore, game.open)) {
    state.undoable = { seat: event.seat, card: event.card, declined: false };
  }
  return { kind: 'played', play: event, tableBefore: before, pileBefore };
}

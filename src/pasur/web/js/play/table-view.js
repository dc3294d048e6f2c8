// The seats around the felt and the game bar, drawn from the table state (state.js): who sits
// where (you at the bottom, the others by seat: across with two players, left and right with
// three, left, across and right with four), each seat's name, cards in hand, pile, Surs, the
// dealer and the turn with its clock ring. Pure builders: state in, elements out.

import { cardElement } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { pileSummary } from '../shared/moves.js';
import { timeWords } from '../alerts/time-left.js';
import { seatLabel } from './play-api.js';
import { sideCount } from './state.js';

/** A seat's name for people: its player's name, a bot's level in the page's language (with the
 * seat's number when two seats would read the same), or "Seat 2" while it is empty. */
export function seatName(state, seat) {
  const label = seatLabel(state.seats[seat]);
  if (label === null) return t('play.seat.number', { n: seat + 1 });
  const twins = state.seats.filter((other) => seatLabel(other) === label).length;
  return twins > 1 ? t('play.seat.twin', { name: label, n: seat + 1 }) : label; // two casual bots
}

/** The side a seat scores for: itself, or its team (seats 0 & 2, 1 & 3) in partnerships. */
export function sideOf(state, seat) {
  return sideCount(state) === state.config.players ? seat : seat % 2;
}

/** A side's name: the seat's, or both partners' in partnerships. */
export function sideName(state, side) {
  if (sideCount(state) !== state.config.players) {
    return t('play.side.team', { a: seatName(state, side), b: seatName(state, side + 2) });
  }
  return seatName(state, side);
}

function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole >= 3600) return timeWords(whole); // a correspondence table's clock: "23 hours"
  return `${formatNumber(Math.floor(whole / 60))}:${formatNumber(String(whole % 60).padStart(2, '0'))}`;
}

/** The clock's text ("0:12"), or '' when no clock runs. */
export function clockText(state, now = Date.now()) {
  if (!state.clock) return '';
  return formatSeconds((state.clock.deadline - now) / 1000);
}

/** The share of the clock still to run (1 → 0), for the ring. */
export function clockLeft(state, now = Date.now()) {
  const clock = state.clock;
  if (!clock) return 0;
  const whole = clock.kind === 'grace' ? state.config.grace ?? 30 : state.config.turn_timer ?? 30;
  return Math.max(0, Math.min(1, (clock.deadline - now) / 1000 / whole));
}

const PLACES = { 1: ['top'], 2: ['left', 'right'], 3: ['left', 'top', 'right'] };

/**
 * Where each seat sits: `[{seat, place}]`, place 'bottom' for the viewer (a spectator sees seat 0
 * there), the others in playing order after it. Partners in a four-seat game sit across.
 */
export function seatPlaces(state) {
  const players = state.config.players;
  const anchor = Math.max(0, state.you);
  const places = PLACES[players - 1] ?? [];
  return Array.from({ length: players }, (_, step) => ({
    seat: (anchor + step) % players,
    place: step === 0 ? 'bottom' : places[step - 1],
  }));
}

/**
 * Every seat's panel, as the board holds them: `mine`, the viewer's, under the felt (null for a
 * spectator), and `others` around it. `extras(seat)` gives a seat's extras for `seatPanel`.
 * @param {any} state
 * @param {(seat: number) => object} [extras]
 * @returns {{ mine: HTMLElement | null, others: HTMLElement[] }}
 */
export function seatPanels(state, extras = () => ({})) {
  const panels = seatPlaces(state).map(({ seat, place }) => ({ seat, panel: seatPanel(state, seat, place, extras(seat)) }));
  const mine = panels.find(({ seat }) => seat === state.you);
  return { mine: mine?.panel ?? null, others: panels.filter((entry) => entry !== mine).map(({ panel }) => panel) };
}

/** Who sits there, in a few words: a bot's level, or a person's connection. */
function seatNote(state, seat) {
  const info = state.seats[seat];
  if (info.kind === 'bot') return ''; // its name says it: "casual bot"
  if (info.kind === 'empty') return t('play.seat.empty');
  if (info.stand_in) return t('play.seat.stand_in');
  if (!info.connected) return t('play.seat.offline');
  return seat === state.you ? t('play.seat.you') : '';
}

/** The face-down cards a seat holds, fanned. */
function heldCards(seat, held, open) {
  // Pasur Ru Baaz: the seat's open cards lie face up (named to screen readers), the rest as backs.
  const faceUp = open.slice(0, held);
  return h(
    'div',
    { class: 'seat-hand', dataset: { testid: `held-${seat}` } },
    faceUp.length
      ? h(
          'span',
          { class: 'fan seat-open', dataset: { testid: `open-${seat}` }, role: 'group', 'aria-label': t('table.seat.open') },
          faceUp.map((card) => cardElement(card, { small: true })),
        )
      : null,
    h(
      'span',
      { class: 'fan', 'aria-hidden': 'true' },
      Array.from({ length: held - faceUp.length }, () => cardElement(null, { faceDown: true, small: true })),
    ),
    h('span', { class: 'held-count', text: t('table.seat.held', { count: held }) }),
  );
}

/** A seat's pile: its size, clubs, points so far and Surs as marks. */
function pileLine(state, seat, pile) {
  const summary = pileSummary(pile);
  const surs = state.game.surs[seat] ?? 0;
  return h(
    'div',
    { class: 'seat-pile', dataset: { pile: String(seat) } },
    h('span', { class: 'pile-stack', 'aria-hidden': 'true' }, summary.cards ? cardElement(null, { faceDown: true, small: true }) : null),
    h('span', { class: 'pile', text: t('table.seat.pile', { count: summary.cards }) }),
    h('span', { class: 'clubs', text: t('table.seat.clubs', { count: summary.clubs }) }),
    h('span', { class: 'points', text: t('table.seat.points', { count: summary.points }) }),
    h(
      'span',
      { class: 'surs', dataset: { testid: `surs-${seat}` }, hidden: !surs },
      Array.from({ length: surs }, () => h('span', { class: 'sur-mark', 'aria-hidden': 'true', text: t('table.sur.mark') })),
      h('span', { class: 'visually-hidden', text: t('table.seat.surs', { count: surs }) }),
    ),
  );
}

/**
 * One seat at the table. `extras`: `pile` (the cards to count, when an animation holds the pile
 * back), `flash` (a few words shown on the seat: a move the server played for it).
 */
export function seatPanel(state, seat, place, extras = {}) {
  const game = state.game;
  const info = state.seats[seat];
  const turn = game?.turn === seat && state.status === 'playing';
  const side = sideOf(state, seat);
  const partner = sideCount(state) !== state.config.players && state.you >= 0 && seat !== state.you && side === sideOf(state, state.you);
  const classes = ['seat-panel', `place-${place}`, `side-${side}`];
  if (turn) classes.push('is-turn');
  if (seat === state.you) classes.push('is-you');
  if (partner) classes.push('is-partner');
  if (info.kind === 'human' && (!info.connected || info.stand_in)) classes.push('is-away');
  const name = seatName(state, seat);
  const clock = turn && state.clock?.seat === seat;
  const showHand = game && seat !== state.you;
  return h(
    'section',
    { class: classes.join(' '), dataset: { seat: String(seat), place }, 'aria-label': name },
    h(
      'header',
      { class: 'seat-head' },
      h(
        'span',
        { class: `avatar${clock ? ' has-clock' : ''}${state.clock?.kind === 'grace' ? ' is-grace' : ''}`, 'aria-hidden': 'true' },
        h('span', { class: 'avatar-letter', text: avatarLetter(state, seat) }),
      ),
      h(
        'div',
        { class: 'seat-who', title: name },
        h('bdi', { class: 'seat-name', text: name }),
        // Three or four seats on a phone: the short name (the full one stays for screen readers,
        // and shows on a long press as the title).
        h('bdi', { class: 'seat-short', 'aria-hidden': 'true', text: shortName(state, seat) }),
        h(
          'span',
          { class: 'seat-badges' },
          game && game.dealer === seat ? h('span', { class: 'badge badge-dealer', text: t('play.seat.dealer') }) : null,
          partner ? h('span', { class: 'badge badge-partner', text: t('table.seat.partner') }) : null,
          turn ? h('span', { class: 'badge badge-turn', text: t('play.seat.turn') }) : null,
        ),
        h('span', { class: 'seat-note', text: seatNote(state, seat) }),
      ),
      clock ? h('span', { class: 'seat-clock', id: 'clock', text: clockText(state) }) : null,
    ),
    showHand ? heldCards(seat, game.handSizes[seat] ?? 0, game.open?.[seat] ?? []) : null,
    game ? pileLine(state, seat, extras.pile ?? game.piles[seat] ?? []) : null,
    extras.flash ? h('p', { class: 'seat-flash', role: 'status', text: extras.flash }) : null,
  );
}

/** The pack still to deal, face down in a corner of the felt, with its count. */
export function packStack(state) {
  const left = state.game?.packSize ?? 0;
  return h(
    'div',
    { class: 'pack-stack', hidden: !left, 'aria-label': t('play.pack', { n: left }) },
    cardElement(null, { faceDown: true, small: true }),
    h('span', { class: 'pack-count', 'aria-hidden': 'true', text: formatNumber(left) }),
  );
}

/** What a seat's avatar shows: a person's initial, a bot's seat number (bots' names all begin
 * alike: "casual bot", «ربات معمولی»), an empty seat's number (the waiting room's). */
function avatarLetter(state, seat) {
  if (['bot', 'empty'].includes(state.seats[seat]?.kind)) return formatNumber(seat + 1);
  return [...seatName(state, seat)][0]?.toUpperCase() ?? '?';
}

/** A seat's name short enough for four seats on a phone: "Bot 3", or a person's first word. */
function shortName(state, seat) {
  if (state.seats[seat]?.kind === 'bot') return t('play.bot.short', { n: seat + 1 });
  return seatName(state, seat).split(/\s+/)[0];
}

/** A side's initials, as its seats' avatars show them: "A", or "A+3" for a team with a bot. */
function sideInitials(state, side) {
  const seats = sideCount(state) === state.config.players ? [side] : [side, side + 2];
  return seats.map((seat) => avatarLetter(state, seat)).join('+');
}

/** The game bar: round, pack, target, each side's total. */
export function gameInfo(state) {
  const game = state.game;
  const sides = sideCount(state);
  return [
    h(
      'p',
      { class: 'bar-info', id: 'game-info' },
      state.gameNo > 1 ? h('span', { class: 'bar-game', text: t('play.game', { n: state.gameNo }) }) : null,
      h('span', { text: t('play.round', { n: game.round + 1 }) }),
      h('span', { dataset: { testid: 'pack' }, text: t('play.pack', { n: game.packSize }) }),
      h('span', { class: 'bar-target', text: t('table.bar.target', { n: Number(state.config.rules?.target ?? 62) }) }),
    ),
    h(
      'p',
      { class: 'bar-scores', dataset: { testid: 'scores' }, 'aria-label': t('table.bar.scores') },
      Array.from({ length: sides }, (_, side) =>
        h(
          'span',
          { class: `score side-${side}` },
          h('bdi', { class: 'score-name', text: sideName(state, side) }),
          // On a phone the names give way to their initials (the names stay for screen readers).
          h('span', { class: 'score-initial', 'aria-hidden': 'true', text: sideInitials(state, side) }),
          ' ',
          h('strong', { text: formatNumber(game.totals[side] ?? 0) }),
        ),
      ),
    ),
  ];
}

/** Whose turn it is, in words (for the live status line that screen readers hear). */
export function statusParts(state, pending) {
  const game = state.game;
  if (state.status === 'finished') return [t('play.status.over')];
  if (!game || game.turn < 0) return [t('play.status.between')];
  const seat = state.seats[game.turn];
  const name = seatName(state, game.turn);
  if (seat.kind === 'human' && seat.stand_in) return tParts('play.status.stand_in', { name });
  if (seat.kind === 'human' && !seat.connected) return tParts('play.status.dropped', { name });
  if (game.turn === state.you) return [pending ? t('play.status.sending') : t('play.status.you')];
  return tParts('play.status.other', { name });
}

// Pieces of the table page drawn from the table state (state.js): seat panels, the felt, the
// round's score sheet, the game's end. Pure builders: state in, elements out; the page decides
// when to draw them.

import { cardElement, cardName } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { seatLabel } from './play-api.js';
import { pileSummary, sideCount } from './state.js';

/** A seat's name for people: its player's name, a bot's level in the page's language (with the
 * seat's number when two seats would read the same), or "Seat 2" while it is empty. */
export function seatName(state, seat) {
  const label = seatLabel(state.seats[seat]);
  if (label === null) return t('play.seat.number', { n: seat + 1 });
  const twins = state.seats.filter((other) => seatLabel(other) === label).length;
  return twins > 1 ? t('play.seat.twin', { name: label, n: seat + 1 }) : label; // two casual bots
}

/** A side's name: the seat's, or both partners' in partnerships. */
export function sideName(state, side) {
  if (sideCount(state) === 2 && state.config.players === 4) {
    return t('play.side.team', { a: seatName(state, side), b: seatName(state, side + 2) });
  }
  return seatName(state, side);
}

function formatSeconds(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${formatNumber(Math.floor(whole / 60))}:${formatNumber(String(whole % 60).padStart(2, '0'))}`;
}

/** The clock's text ("0:12"), or '' when no clock runs. */
export function clockText(state, now = Date.now()) {
  if (!state.clock) return '';
  return formatSeconds((state.clock.deadline - now) / 1000);
}

/** Who sits there, in a few words: a bot's level, or a person's connection. */
function seatNote(state, seat) {
  const info = state.seats[seat];
  if (info.kind === 'bot') return t('play.seat.bot');
  if (info.kind === 'empty') return t('play.seat.empty');
  if (info.stand_in) return t('play.seat.stand_in');
  if (!info.connected) return t('play.seat.offline');
  return seat === state.you ? t('play.seat.you') : '';
}

/** One seat at the table: name, cards in hand, capture pile (clubs, points), Surs, turn. */
export function seatPanel(state, seat) {
  const game = state.game;
  const info = state.seats[seat];
  const turn = game?.turn === seat && state.status === 'playing';
  const pile = pileSummary(game?.piles[seat] ?? []);
  const surs = game?.surs[seat] ?? 0;
  const held = game?.handSizes[seat] ?? 0;
  const classes = ['seat-panel'];
  if (turn) classes.push('is-turn');
  if (seat === state.you) classes.push('is-you');
  if (info.kind === 'human' && (!info.connected || info.stand_in)) classes.push('is-away');
  return h(
    'section',
    { class: classes.join(' '), dataset: { seat: String(seat) }, 'aria-label': seatName(state, seat) },
    h(
      'header',
      { class: 'seat-head' },
      h('bdi', { class: 'seat-name', text: seatName(state, seat) }),
      game && game.dealer === seat ? h('span', { class: 'badge', text: t('play.seat.dealer') }) : null,
      turn ? h('span', { class: 'badge badge-turn', text: t('play.seat.turn') }) : null,
    ),
    h('p', { class: 'seat-note', text: seatNote(state, seat) }),
    game
      ? h(
          'div',
          { class: 'seat-stats' },
          seat === state.you
            ? null
            : h(
                'span',
                { class: 'held', dataset: { testid: `held-${seat}` } },
                held ? cardElement(null, { faceDown: true, small: true }) : null,
                h('span', { text: t('play.seat.held', { n: held }) }),
              ),
          h('span', { class: 'pile', text: t('play.seat.pile', { n: pile.cards }) }),
          h('span', { class: 'clubs', text: t('play.seat.clubs', { n: pile.clubs }) }),
          h('span', { class: 'points', text: t('play.seat.points', { n: pile.points }) }),
          surs
            ? h('span', { class: 'surs badge badge-sur', text: t('play.seat.surs', { n: surs }) })
            : null,
        )
      : null,
  );
}

/** The seats other than the viewer's, in playing order after it (all of them for spectators). */
export function otherSeats(state) {
  const players = state.config.players;
  const start = state.you >= 0 ? state.you + 1 : 0;
  const count = state.you >= 0 ? players - 1 : players;
  return Array.from({ length: count }, (_, index) => (start + index) % players);
}

/** The last play in words and small cards: who played what, and what it took. */
function lastPlayLine(state) {
  const last = state.lastPlay;
  if (!last) return null;
  const name = seatName(state, last.seat);
  const text = last.taken.length
    ? t(last.sur ? 'play.last.sur' : 'play.last.take', { name, card: cardName(last.card) })
    : t('play.last.lay', { name, card: cardName(last.card) });
  return h(
    'p',
    { class: 'last-play', dataset: { testid: 'last-play' } },
    h('span', { text }),
    last.taken.map((card) => cardElement(card, { small: true })),
  );
}

/** The felt: the round, the pack, the deck hash, the last play. */
export function feltInfo(state) {
  const game = state.game;
  return h(
    'div',
    { class: 'felt-info' },
    state.gameNo > 1 ? h('span', { text: t('play.game', { n: state.gameNo }) }) : null,
    h('span', { text: t('play.round', { n: game.round + 1 }) }),
    h('span', { dataset: { testid: 'pack' }, text: t('play.pack', { n: game.packSize }) }),
    state.commitment
      ? h(
          'span',
          { class: 'commitment', title: state.commitment },
          t('play.fair.hash', { hash: state.commitment.slice(0, 12) }),
        )
      : null,
    lastPlayLine(state),
  );
}

const LINES = ['clubs', 'clubs_points', 'ten_of_diamonds', 'two_of_clubs', 'aces', 'jacks', 'surs', 'sur_points'];

/** The round's score sheet: one column per side, a row per line of the breakdown, the totals. */
export function scoreSheet(state, round, verified) {
  const sides = sideCount(state);
  const names = Array.from({ length: sides }, (_, side) => sideName(state, side));
  const row = (label, values, testid) =>
    h(
      'tr',
      testid ? { dataset: { testid } } : {},
      h('th', { scope: 'row', text: label }),
      values.map((value) => h('td', { text: formatNumber(value) })),
    );
  return h(
    'section',
    { class: 'panel score-sheet', 'aria-labelledby': 'sheet-title' },
    h('h2', { id: 'sheet-title', text: t('play.sheet.title', { n: round.round + 1 }) }),
    h(
      'table',
      { class: 'sheet-table' },
      h('thead', {}, h('tr', {}, h('td'), names.map((name) => h('th', { scope: 'col' }, h('bdi', { text: name }))))),
      h(
        'tbody',
        {},
        LINES.map((line) => row(t(`play.sheet.${line}`), round.lines.map((entry) => entry[line]))),
        row(t('play.sheet.round_points'), round.points, 'sheet-points'),
        row(t('play.sheet.totals'), round.totals, 'sheet-totals'),
      ),
    ),
    round.leftover.length
      ? h('p', { class: 'hint', text: t('play.sheet.leftover', { count: round.leftover.length, name: seatName(state, round.leftover_to) }) })
      : null,
    h('p', { class: `fair fair-${verifiedClass(verified)}`, dataset: { testid: 'fair' }, text: t(`play.fair.${verifiedClass(verified)}`) }),
  );
}

function verifiedClass(verified) {
  if (verified === true) return 'ok';
  if (verified === false) return 'bad';
  return verified === null ? 'unknown' : 'checking';
}

/** The game's end: who won, the totals, the rematch votes. */
export function gameOverView(state) {
  const over = state.gameOver;
  const sides = sideCount(state);
  const winner = over.winner;
  return h(
    'section',
    { class: 'panel game-over', 'aria-labelledby': 'over-title' },
    h('h2', { id: 'over-title', text: t('play.over.title') }),
    h('p', { class: 'winner', text: t('play.over.winner', { name: sideName(state, winner) }) }),
    h(
      'ul',
      { class: 'over-totals' },
      Array.from({ length: sides }, (_, side) =>
        h('li', {}, h('bdi', { text: sideName(state, side) }), ' ', h('strong', { text: formatNumber(over.totals[side]) })),
      ),
    ),
    h(
      'p',
      { class: 'hint' },
      state.rematch
        .map((vote, seat) => (vote === true ? seatName(state, seat) : null))
        .filter(Boolean)
        .map((name) => t('play.over.accepted', { name }))
        .join(' '),
    ),
  );
}

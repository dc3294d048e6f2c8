// The table's log: every play in words, in the order the table saw them, with the moves the
// server made for a seat (its turn timer ran out, or a bot stood in for a dropped player) said
// as such, the rounds' starts and ends, and a seat changing hands during the game (a stand-in
// bot, a person who left). A wide screen shows it beside the felt; a phone opens it as a
// drawer. Lines are text (names are typed by people).

import { h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { shortCard } from '../shared/moves.js';
import { seatLabel } from './play-api.js';
import { sideCount } from './state.js';
import { seatName, sideName } from './table-view.js';

const KEEP = 200;

function cards(codes) {
  return codes.map(shortCard).join(' ');
}

/**
 * The words for a play: who, what, and whether the server played it for them. A card the
 * viewer laid is said in the second person ("You lay 7♦", not "You lays 7♦").
 * @param {string} name
 * @param {{sur: boolean, taken: string[], card: string}} play
 * @param {boolean} [mine] whether the viewer played it
 */
export function playWords(name, play, mine = false) {
  const lay = mine ? 'table.log.lay_you' : 'table.log.lay';
  const key = play.sur ? 'table.log.sur' : play.taken.length ? 'table.log.take' : lay;
  return tParts(key, { name, card: shortCard(play.card), taken: cards(play.taken) });
}

/** What to say on a seat whose move the server made: null when the player made it. */
export function byWords(by) {
  if (by === 'timer') return t('table.by.timer');
  if (by === 'stand_in') return t('table.by.stand_in');
  return null;
}

/**
 * A seat that changed hands during the game, as a message key and its values: a stand-in bot
 * began or stopped playing for a dropped person (`stand_in`), or a person left and the table's
 * drop bot plays for them (`left`, applyEvent's `{seat, name}`: the bot sits down next).
 * @returns {[string, Record<string, string>]}
 */
export function seatNews(state, effect) {
  if (effect.kind === 'left') return ['table.log.left', { name: effect.name, bot: seatLabel({ kind: 'bot', level: state.config.drop_bot }) }];
  return [effect.active ? 'table.log.stand_in' : 'table.log.stand_in_off', { name: seatName(state, effect.seat) }];
}

export function mountLog(list) {
  const add = (className, parts, move = null) => {
    list.append(h('li', { class: className, dataset: move ? { move } : {} }, parts));
    while (list.children.length > KEEP) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
  };
  return {
    played(name, play, mine = false) {
      const by = byWords(play.by);
      add(`log-play${play.sur ? ' log-sur' : ''}`, [
        ...playWords(name, play, mine),
        by ? h('span', { class: 'log-by', text: ` (${by})` }) : null,
      ], play.move);
    },
    round(number, dealer) {
      add('log-round', tParts('table.log.round', { n: number + 1, name: dealer }));
    },
    ended(state, points) {
      const names = Array.from({ length: sideCount(state) }, (_, side) => sideName(state, side));
      const scores = names.map((name, side) => `${name} ${formatNumber(points[side])}`).join(t('list.separator'));
      add('log-round', tParts('table.log.ended', { scores }));
    },
    /** A seat changed hands (seatNews): the line, and its words as text (for a toast). */
    seat(state, effect) {
      const [key, params] = seatNews(state, effect);
      add('log-note', tParts(key, params));
      return t(key, params);
    },
    note(parts) {
      add('log-note', parts);
    },
    clear() {
      list.replaceChildren();
    },
    size() {
      return list.children.length;
    },
  };
}

// The table's log: every play in words, in the order the table saw them, with the moves the
// server made for a seat (its turn timer ran out, or a bot stood in for a dropped player) said
// as such, and the rounds' starts and ends. A wide screen shows it beside the felt; a phone
// opens it as a drawer. Lines are text (names are typed by people).

import { h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { shortCard } from '../shared/moves.js';

const KEEP = 200;

function cards(codes) {
  return codes.map(shortCard).join(' ');
}

/** The words for a play: who, what, and whether the server played it for them. */
export function playWords(name, play) {
  const key = play.sur ? 'table.log.sur' : play.taken.length ? 'table.log.take' : 'table.log.lay';
  return tParts(key, { name, card: shortCard(play.card), taken: cards(play.taken) });
}

/** What to say on a seat whose move the server made: null when the player made it. */
export function byWords(by) {
  if (by === 'timer') return t('table.by.timer');
  if (by === 'stand_in') return t('table.by.stand_in');
  return null;
}

export function mountLog(list) {
  const add = (className, parts, move = null) => {
    list.append(h('li', { class: className, dataset: move ? { move } : {} }, parts));
    while (list.children.length > KEEP) list.firstElementChild.remove();
    list.scrollTop = list.scrollHeight;
  };
  return {
    played(name, play) {
      const by = byWords(play.by);
      add(`log-play${play.sur ? ' log-sur' : ''}`, [
        ...playWords(name, play),
        by ? h('span', { class: 'log-by', text: ` (${by})` }) : null,
      ], play.move);
    },
    round(number, dealer) {
      add('log-round', tParts('table.log.round', { n: number + 1, name: dealer }));
    },
    ended(names, points) {
      const scores = names.map((name, side) => `${name} ${formatNumber(points[side])}`).join(t('list.separator'));
      add('log-round', tParts('table.log.ended', { scores }));
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

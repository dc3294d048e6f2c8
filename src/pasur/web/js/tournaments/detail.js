// One tournament on the tournaments page: its house rules, its standings, its current (or,
// played out, its last) pairings, the call to the signed-in player's own table, join/leave
// (with a partner's name for 4 players) and its creator's "Start now" (start-now.js). The page
// reads it again every few seconds; only the parts that change are drawn again, so a partner's
// name being typed, or the question before a start, is never wiped out.

import { fill, h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { rulesWords } from '../play/house-rules.js';
import { startKey, startNow } from './start-now.js';
import { cancelledText, lengthText, startText } from './summary.js';

const OVER = ['finished', 'cancelled']; // nothing more to join or leave
const [LOSS, DRAW, WIN] = [0, 1, 2]; // a pairing's outcome, as the server's swiss.py counts it

function standingsTable(detail) {
  const arena = detail.kind === 'arena';
  const teams = detail.players === 4 && detail.pairings.length > 0; // teams exist from round one
  const head = ['rank', teams ? 'team' : 'name', 'score', arena ? 'games' : 'buchholz'];
  const row = (line, index) => {
    const name = line.withdrawn ? t('tournaments.withdrawn', { name: line.name }) : line.name;
    // A streak doubles the games still to come: once the arena is over, it doubles nothing.
    const fire = arena && detail.stage === 'running' && line.on_fire ? ` ${t('tournaments.on_fire')}` : '';
    const last = arena ? line.games : line.buchholz;
    return h('tr', {}, h('td', { text: formatNumber(index + 1) }), h('td', {}, h('bdi', { text: name }), fire), h('td', { text: formatNumber(line.score) }), h('td', { text: formatNumber(last) }));
  };
  return h(
    'table',
    { class: 'standings leaderboard' },
    h('caption', { text: t('tournaments.standings') }),
    h('thead', {}, h('tr', {}, head.map((key) => h('th', { scope: 'col', text: t(`tournaments.column.${key}`) })))),
    h('tbody', {}, detail.standings.map(row)),
  );
}

/** A pairing in words, with its result once it has one (`outcome` is the first player's). */
function pairingText({ first, second, outcome }) {
  if (second === null) return tParts('tournaments.bye', { name: first });
  if (outcome === WIN) return tParts('tournaments.beat', { winner: first, loser: second });
  if (outcome === LOSS) return tParts('tournaments.beat', { winner: second, loser: first });
  if (outcome === DRAW) return tParts('tournaments.drew', { first, second });
  return tParts('tournaments.versus', { first, second });
}

function pairingItem(game) {
  const names = pairingText(game);
  const link = game.yours && game.table_id && game.outcome === null ? h('a', { href: `/play/t/${game.table_id}`, class: 'button small', text: t('tournaments.your_table') }) : null;
  return h('li', { class: game.yours ? 'yours' : null }, names, link ? ' ' : null, link);
}

/** The last round's pairings of a Swiss (its games on, or a played-out Swiss's final round), an
 * arena's games on now (none once it is over and they are played out). */
function pairingsList(detail) {
  const round = Math.max(0, ...detail.pairings.map((game) => game.round));
  const current = detail.pairings.filter((game) => game.round === round && (detail.kind === 'swiss' || game.outcome === null));
  const final = detail.kind === 'swiss' && detail.stage === 'finished';
  if (!current.length && detail.stage === 'finished') return []; // an arena over, its games all played
  return [
    h('h3', { text: t(final ? 'tournaments.pairings_final' : 'tournaments.pairings') }),
    current.length ? h('ul', { class: 'pairings' }, current.map(pairingItem)) : h('p', { class: 'hint', text: t('tournaments.no_pairings') }),
  ];
}

/** The call to the player's own table while its game is on: the first thing on the page. */
function yourCall(detail) {
  const table = detail.you?.table_id;
  if (!table) return detail.you?.withdrawn ? h('p', { class: 'hint', text: t('tournaments.you.withdrawn') }) : null;
  return h(
    'div',
    { class: 'your-call' },
    h('p', { text: t('tournaments.you.ready') }),
    h('a', { href: `/play/t/${table}`, id: 'your-table', class: 'button primary', text: t('tournaments.your_table') }),
  );
}

/** Whether the server takes a join now (store.join): a Swiss closes its entries when it starts;
 * an arena takes players throughout its window. */
function joinable(detail) {
  return detail.stage === 'upcoming' || (detail.kind === 'arena' && detail.stage === 'running');
}

function actions(detail, { account, join, leave }) {
  if (!account || OVER.includes(detail.stage)) return null;
  const playing = detail.you && !detail.you.withdrawn;
  if (playing) {
    return h(
      'div',
      { class: 'actions' },
      detail.you.partner ? h('p', { class: 'hint' }, tParts('tournaments.you.partner', { name: detail.you.partner })) : null,
      h('button', { type: 'button', id: 'leave', class: 'button', text: t('tournaments.leave'), onclick: leave }),
    );
  }
  if (!joinable(detail)) {
    // Only a running Swiss gets here: say why it offers no Join (to one who left it, the call does).
    return detail.you ? null : h('div', { class: 'actions' }, h('p', { id: 'entries-closed', class: 'hint', text: t('tournaments.entries_closed') }));
  }
  const partner = detail.players === 4 && detail.kind === 'swiss'
    ? h('input', { id: 'join-partner', type: 'text', maxlength: '64', autocomplete: 'off', 'aria-describedby': 'join-partner-help' })
    : null;
  return h(
    'div',
    { class: 'actions' },
    partner ? h('p', { class: 'field' }, h('label', { for: 'join-partner', text: t('tournaments.partner') }), partner, h('span', { id: 'join-partner-help', class: 'hint', text: t('tournaments.partner_help') })) : null,
    h('button', { type: 'button', id: 'join', class: 'button primary', text: t('tournaments.join'), onclick: () => join(partner?.value.trim() || null) }),
  );
}

/** The standings and the pairings; a cancelled Swiss says why instead of its (empty) pairings. */
function liveParts(detail) {
  const standings = detail.standings.length ? standingsTable(detail) : null;
  if (detail.stage === 'cancelled') return [h('p', { id: 'detail-cancelled', class: 'cancelled', text: cancelledText(detail) }), standings];
  const nobody = t(OVER.includes(detail.stage) ? 'tournaments.no_entrants_over' : 'tournaments.no_entrants');
  return [standings ?? h('p', { class: 'hint', text: nobody }), pairingsList(detail)];
}

/**
 * Draw `detail` in `section`: everything when `whole` (another tournament, the language, the
 * account's entry changed), else only the live parts (stage, the call, standings, pairings)
 * and, when what it depends on changed, the creator's "Start now".
 */
export function drawDetail(section, detail, { account, whole, join, leave, start }) {
  section.hidden = !detail;
  if (!detail) return;
  if (whole || !section.querySelector('#detail-live')) {
    fill(
      section,
      h('h2', { id: 'detail-title', text: detail.name }),
      h('p', { id: 'detail-meta' }),
      h('p', { id: 'detail-rules', text: t('tournaments.rules', { rules: rulesWords(detail.rules) }) }),
      h('div', { id: 'your-call', role: 'status' }),
      h('div', { class: 'detail-controls' }, actions(detail, { account, join, leave }), h('div', { id: 'detail-start' })),
      h('div', { id: 'detail-live' }),
    );
  }
  const starting = section.querySelector('#detail-start');
  if (whole || starting.dataset.key !== startKey(detail)) {
    starting.dataset.key = startKey(detail);
    fill(starting, startNow(detail, { account, start }));
  }
  const format = detail.players === 4 ? `${t('list.separator')}${t('tournaments.players.4')}` : '';
  const where = t(`tournaments.stage.${detail.stage}`);
  section.querySelector('#detail-meta').textContent = `${t(`tournaments.kind.${detail.kind}`)}${t('list.separator')}${lengthText(detail)}${format} · ${where} · ${startText(detail)}`;
  fill(section.querySelector('#your-call'), yourCall(detail));
  fill(section.querySelector('#detail-live'), liveParts(detail));
}

/** What decides whether the actions are drawn again: the entry, not the scores. */
export function entryKey(detail) {
  return JSON.stringify([detail?.id, detail?.you?.withdrawn ?? null, detail?.you?.partner ?? null, detail?.stage ?? null]);
}

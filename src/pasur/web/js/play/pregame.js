// Before a game: the seat picker (for someone without a seat: take an empty seat, or watch) and
// the waiting room (seats, a bot for an empty seat, the invite link, start). Both act through
// the REST calls; the table's socket then brings the events that follow.

import { fill, h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { ensureIdentity, whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { nameField, playingAs, typedName } from './form-parts.js';
import { TABLE_BOT_LEVELS, playApi, seatLabel } from './play-api.js';
import { rejoinUrl } from './seat-token.js';
import { copyText, toast } from '../shared/toast.js';

/**
 * The seat picker for `table` (the lobby's description of it). `onSeat(token)` is called once a
 * seat is taken; `onWatch()` when the person would rather watch. Someone the server knows (an
 * account, a named guest) reads "Playing as <name>"; nobody yet types a name.
 */
export async function drawSeatPicker(container, table, { onSeat, onWatch }) {
  const me = await whoAmI();
  const known = me.kind !== 'none';
  const error = h('p', { class: 'error-text', role: 'alert', hidden: true });
  const refuse = (text) => {
    error.textContent = text;
    error.hidden = false;
  };
  const take = async (seat) => {
    error.hidden = true;
    try {
      if (!(await ensureIdentity(known ? me.name : typedName(container, 'picker-name')))) {
        refuse(t('play.guest.needed'));
        return;
      }
      const joined = await playApi.join(table.table_id, seat);
      onSeat(joined.seat_token);
    } catch (problem) {
      refuse(apiProblem(problem));
    }
  };
  // A tournament table keeps its seats for its pairing: another's kept seat has no button.
  const keptForOther = (seat) => table.reserved?.[seat.seat] === 'other';
  const seats = table.seats.map((seat) =>
    h(
      'li',
      { class: 'seat-row' },
      h('span', { class: 'seat-label', text: t('play.seat.number', { n: seat.seat + 1 }) }),
      seat.kind !== 'empty'
        ? h('bdi', { text: seatLabel(seat) })
        : keptForOther(seat)
          ? h('span', { class: 'hint', dataset: { kept: String(seat.seat) }, text: t('play.picker.kept') })
          : h('button', { type: 'button', class: 'button primary small', dataset: { takeSeat: String(seat.seat) }, onclick: () => take(seat.seat), text: t('play.picker.take') }),
    ),
  );
  const free = table.seats.some((seat) => seat.kind === 'empty' && !keptForOther(seat));
  const lead = table.status !== 'waiting' ? 'play.picker.running' : free ? 'play.picker.lead' : 'play.picker.kept_lead';
  fill(
    container,
    h('h1', { text: t('play.picker.title') }),
    h('p', { class: 'lead', text: t(lead) }),
    known ? playingAs(me.name) : free ? nameField('picker-name', me) : null,
    h('ul', { class: 'seat-list' }, seats),
    error,
    h('button', { type: 'button', class: 'button', id: 'watch', onclick: onWatch, text: t('play.picker.watch') }),
  );
}

/** A link to copy: a read-only field and a Copy button. */
function linkBox(id, label, url) {
  const input = h('input', { type: 'text', readonly: true, value: url, id });
  return h(
    'div',
    { class: 'invite' },
    h('label', { for: id, text: label }),
    h(
      'div',
      { class: 'invite-row' },
      input,
      h('button', {
        type: 'button',
        class: 'button small',
        id: `copy-${id}`,
        text: t('play.invite.copy'),
        onclick: async () => {
          if (await copyText(url)) toast(t('play.invite.copied'));
          else input.select();
        },
      }),
    ),
  );
}

/**
 * The invite link and, when only this device can open it, how to reach the others: the
 * server's `invite_url` (absolute, made from the address people reach it by) when its table
 * answer has one, else this page's own origin.
 */
function invite(tableId, described) {
  const url = described?.invite_url && /^https?:\/\//.test(described.invite_url)
    ? described.invite_url
    : new URL(`/play/t/${encodeURIComponent(tableId)}`, location.origin).href;
  const local = described?.invite_reach === 'this-device';
  return [
    linkBox('invite-url', t('play.invite.label'), url),
    local ? h('p', { class: 'invite-reach', id: 'invite-reach', role: 'note' }, tParts('play.invite.this_device', { command: h('code', { dir: 'ltr', text: 'pasur serve --host 0.0.0.0' }) })) : null,
  ];
}

/**
 * The waiting room: seats (with a bot for empty ones), the invite and rejoin links, start.
 * `described` is the server's description of the table (GET /api/tables/{id}), when known.
 */
export function drawWaitingRoom(container, state, tableId, { token, onError, onLeft, described = null }) {
  const act = async (call) => {
    try {
      await call();
    } catch (problem) {
      onError(apiProblem(problem));
    }
  };
  const botRow = (seat) => {
    const select = h(
      'select',
      { 'aria-label': t('play.waiting.level', { n: seat.seat + 1 }), dataset: { botLevel: String(seat.seat) } },
      TABLE_BOT_LEVELS.map((level) => h('option', { value: level, selected: level === 'casual', text: t(`play.level_name.${level}`) })),
    );
    return h(
      'span',
      { class: 'bot-row' },
      select,
      h('button', {
        type: 'button',
        class: 'button small',
        dataset: { putBot: String(seat.seat) },
        // The select's options are TABLE_BOT_LEVELS, so its value is one of them.
        onclick: () => act(() => playApi.putBot(tableId, seat.seat, /** @type {import('./play-api.js').BotLevel} */ (select.value), token)),
        text: t('play.waiting.bot'),
      }),
    );
  };
  const rows = state.seats.map((seat) => {
    let who;
    if (seat.kind !== 'empty') who = h('bdi', { text: seat.seat === state.you ? t('play.waiting.you', { name: seat.name }) : seatLabel(seat) });
    else if (described?.reserved?.[seat.seat]) who = h('span', { class: 'hint', dataset: { kept: String(seat.seat) }, text: t('play.waiting.kept') }); // a tournament's seat: no bot
    else who = botRow(seat);
    return h('li', { class: 'seat-row' }, h('span', { class: 'seat-label', text: t('play.seat.number', { n: seat.seat + 1 }) }), who);
  });
  const full = state.seats.every((seat) => seat.kind !== 'empty');
  fill(
    container,
    h('h1', { text: t('play.waiting.title') }),
    h('p', {
      class: 'lead',
      text: full ? t('play.waiting.ready') : described?.reserved?.some(Boolean) ? t('play.waiting.lead_kept') : t('play.waiting.lead'),
    }),
    h('ul', { class: 'seat-list' }, rows),
    invite(tableId, described),
    token ? linkBox('rejoin-url', t('play.waiting.rejoin'), rejoinUrl(tableId, token)) : null,
    h('button', {
      type: 'button',
      class: 'button primary wide',
      id: 'start',
      disabled: !full,
      onclick: () => act(() => playApi.start(tableId, token)),
      text: t('play.waiting.start'),
    }),
    state.you >= 0
      ? h('button', {
          type: 'button',
          class: 'button quiet wide',
          id: 'leave',
          onclick: () => act(async () => {
            await playApi.leave(tableId, token);
            onLeft();
          }),
          text: t('play.waiting.leave'),
        })
      : null,
  );
}

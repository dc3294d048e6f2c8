// Before a game: the seat picker (for someone without a seat: take an empty seat, or watch) and
// the waiting room (a bot for an empty seat, the invite link, start). Both are the table itself
// (room.js): the felt with the seats around it, each action at its seat, the rules on the felt.
// Both act through the REST calls; the table's socket then brings the events that follow.

import { h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { ensureIdentity, whoAmI } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { nameField, playingAs, typedName } from './form-parts.js';
import { TABLE_BOT_LEVELS, playApi } from './play-api.js';
import { roomOf, roomView } from './room.js';
import { rejoinUrl } from './seat-token.js';
import { copyText, toast } from '../shared/toast.js';

/**
 * Run `call` for a click on `button`, which stays disabled until the call is done: a double
 * click makes one request (a seat taken twice, or a bot put twice at a seat, would be refused
 * the second time, and say so, though the first had done it).
 * @param {EventTarget | null} button
 * @param {() => Promise<void>} call
 */
async function once(button, call) {
  if (!(button instanceof HTMLButtonElement) || button.disabled) return;
  button.disabled = true;
  try {
    await call();
  } finally {
    button.disabled = false;
  }
}

/**
 * The seat picker for `table` (GET /api/tables/{id}). `onSeat(token)` is called once a seat is
 * taken; `onWatch()` when the person would rather watch. Someone the server knows (an account, a
 * named guest) reads "Playing as <name>"; nobody yet types a name.
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
  const keptForOther = (seat) => table.reserved?.[seat] === 'other';
  const atSeat = (seat) => {
    if (table.seats[seat].kind !== 'empty') return null;
    if (keptForOther(seat)) return h('span', { class: 'hint', dataset: { kept: String(seat) }, text: t('play.picker.kept') });
    return h('button', { type: 'button', class: 'button primary small', dataset: { takeSeat: String(seat) }, onclick: (event) => once(event.currentTarget, () => take(seat)), text: t('play.picker.take') });
  };
  const free = table.seats.some((seat) => seat.kind === 'empty' && !keptForOther(seat.seat));
  const lead = table.status !== 'waiting' ? 'play.picker.running' : free ? 'play.picker.lead' : 'play.picker.kept_lead';
  container.replaceChildren(
    roomView(roomOf(table), {
      title: t('play.picker.title'),
      lead: t(lead),
      atSeat,
      controls: [
        known ? playingAs(me.name) : free ? nameField('picker-name', me) : null,
        error,
        h('button', { type: 'button', class: 'button', id: 'watch', onclick: onWatch, text: t('play.picker.watch') }),
      ],
    }),
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
 * The invite link: the server's `invite_url` (absolute, made from the address people reach it
 * by) when its table answer has one, else this page's own origin.
 */
function invite(tableId, described) {
  const url = described?.invite_url && /^https?:\/\//.test(described.invite_url)
    ? described.invite_url
    : new URL(`/play/t/${encodeURIComponent(tableId)}`, location.origin).href;
  return linkBox('invite-url', t('play.invite.label'), url);
}

/** When only this device can open the invite link: how to reach the others. */
function inviteReach(described) {
  if (described?.invite_reach !== 'this-device') return null;
  return h('p', { class: 'invite-reach', id: 'invite-reach', role: 'note' }, tParts('play.invite.this_device', { command: h('code', { dir: 'ltr', text: 'pasur serve --host 0.0.0.0' }) }));
}

/**
 * The waiting room: a bot for each empty seat, at the seat; your seat's rejoin link and Leave,
 * at your seat; the invite link and start, on the felt.
 * `described` is the server's description of the table (GET /api/tables/{id}), when known.
 */
export function drawWaitingRoom(container, state, tableId, { token, onError, onLeft, described = null }) {
  /** @param {Event} event @param {() => Promise<unknown>} call */
  const act = (event, call) =>
    once(event.currentTarget, async () => {
      try {
        await call();
      } catch (problem) {
        onError(apiProblem(problem));
      }
    });
  const botRow = (seat) => {
    const select = h(
      'select',
      { 'aria-label': t('play.waiting.level', { n: seat + 1 }), dataset: { botLevel: String(seat) } },
      TABLE_BOT_LEVELS.map((level) => h('option', { value: level, selected: level === 'casual', text: t(`play.level_name.${level}`) })),
    );
    return h(
      'span',
      { class: 'bot-row' },
      select,
      h('button', {
        type: 'button',
        class: 'button small',
        dataset: { putBot: String(seat) },
        // The select's options are TABLE_BOT_LEVELS, so its value is one of them.
        onclick: (event) => act(event, () => playApi.putBot(tableId, seat, /** @type {import('./play-api.js').BotLevel} */ (select.value), token)),
        text: t('play.waiting.bot'),
      }),
    );
  };
  // Your own seat holds what is about it: its rejoin link and Leave.
  const yours = () => [
    token ? h('details', { class: 'room-rejoin' }, h('summary', { text: t('table.room.rejoin') }), linkBox('rejoin-url', t('play.waiting.rejoin'), rejoinUrl(tableId, token))) : null,
    h('button', {
      type: 'button',
      class: 'button quiet small',
      id: 'leave',
      onclick: (event) =>
        act(event, async () => {
          await playApi.leave(tableId, token);
          onLeft();
        }),
      text: t('play.waiting.leave'),
    }),
  ];
  const atSeat = (seat) => {
    if (seat === state.you) return yours();
    if (state.seats[seat].kind !== 'empty') return null;
    // A tournament's seat is kept for its player: no bot goes there.
    return described?.reserved?.[seat] ? h('span', { class: 'hint', dataset: { kept: String(seat) }, text: t('play.waiting.kept') }) : botRow(seat);
  };
  const full = state.seats.every((seat) => seat.kind !== 'empty');
  const lead = full ? 'play.waiting.ready' : described?.reserved?.some(Boolean) ? 'play.waiting.lead_kept' : 'play.waiting.lead';
  container.replaceChildren(
    roomView(state, {
      title: t('play.waiting.title'),
      lead: t(lead),
      atSeat,
      notes: inviteReach(described),
      controls: [
        invite(tableId, described),
        h('button', {
          type: 'button',
          class: 'button primary',
          id: 'start',
          disabled: !full,
          onclick: (event) => act(event, () => playApi.start(tableId, token)),
          text: t('play.waiting.start'),
        }),
      ],
    }),
  );
}

// Quick match in the lobby (docs/quick-match.md): choose the players, the turn timer and rated or
// not, and wait while the server looks for people of close ratings (the window widens as you
// wait). When a table is found the page goes to it with its seat token; after a minute the bot
// the server offers can be taken instead; "Stop looking" leaves the queue.

import { request } from '../shared/api.js';
import { fill, h } from '../shared/dom.js';
import { formatNumber, t } from '../shared/i18n.js';
import { ensureIdentity } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { choiceRow, chosen } from './form-parts.js';
import { saveSeatToken } from './seat-token.js';

/** @import { Parts } from '../shared/i18n.js' */

/** @import { QueueBody } from '../shared/api-types.js' */

const POLL_MS = 2000;

const queueApi = {
  /** @param {QueueBody} body */
  join: (body) => request('POST', '/api/queue', body),
  status: () => request('GET', '/api/queue'),
  leave: () => request('DELETE', '/api/queue'),
  bot: () => request('POST', '/api/queue/bot'),
};

export class QuickMatch {
  /** `root`: the section to draw in; `typedName()` gives the name typed on the page ('' for an
   * account, which plays under its own). */
  constructor(root, typedName) {
    this.root = root;
    this.typedName = typedName;
    this.timer = null;
    this.status = null;
    /** @type {string | Parts} what went wrong, said under the form */
    this.problem = '';
    this.draw();
  }

  draw() {
    const waiting = this.status?.state === 'waiting';
    const form = h(
      'form',
      { id: 'queue-form', novalidate: true, hidden: waiting, onsubmit: (event) => this.join(event) },
      choiceRow('queue-players', t('play.form.players'), [2, 3, 4].map((n) => ({ value: String(n), label: formatNumber(n) }))),
      choiceRow('queue-timer', t('queue.timer'), [
        { value: '', label: t('queue.no_timer') },
        ...[15, 30, 60].map((n) => ({ value: String(n), label: t('queue.seconds', { n: formatNumber(n) }) })),
      ]),
      h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'rated' }), ` ${t('queue.rated')}`),
      h('button', { type: 'submit', class: 'button primary wide', id: 'queue-join', text: t('queue.join') }),
    );
    fill(
      this.root,
      h('h2', { id: 'queue-title', text: t('queue.title') }),
      h('p', { class: 'hint', text: t('queue.lead') }),
      form,
      waiting ? this.waitingPart() : null,
      h('p', { id: 'queue-error', class: 'error-text', role: 'alert', hidden: !this.problem }, this.problem),
    );
  }

  waitingPart() {
    const { status } = this;
    return h(
      'div',
      { class: 'queue-waiting' },
      h('p', { id: 'queue-status', role: 'status', text: t('queue.waiting', { seconds: formatNumber(Math.round(status.waited)), window: formatNumber(status.window) }) }),
      status.bot_offer
        ? h('button', { type: 'button', class: 'button primary', id: 'queue-bot', onclick: () => this.takeBot(), text: t('queue.bot', { level: t(`play.level.${status.bot_offer}`) }) })
        : null,
      h('button', { type: 'button', class: 'button', id: 'queue-leave', onclick: () => this.leave(), text: t('queue.leave') }),
    );
  }

  async join(event) {
    event.preventDefault();
    const form = event.target;
    this.problem = '';
    try {
      if (!(await ensureIdentity(this.typedName()))) {
        this.problem = t('play.guest.needed');
        this.draw();
        return;
      }
      const timer = chosen(form, 'queue-timer');
      // The timers are the form's options, which QueueBody's are.
      const turnTimer = /** @type {QueueBody['turn_timer']} */ (timer ? Number(timer) : null);
      /** @type {QueueBody} */
      const body = { players: Number(chosen(form, 'queue-players')), turn_timer: turnTimer, rated: form.rated.checked };
      this.show(await queueApi.join(body));
    } catch (error) {
      this.problem = apiProblem(error);
      this.draw();
    }
  }

  show(status) {
    this.status = status;
    if (status.state === 'matched') {
      saveSeatToken(status.table_id, status.seat_token);
      location.assign(`/play/t/${encodeURIComponent(status.table_id)}`);
      return;
    }
    this.draw();
    clearTimeout(this.timer);
    if (status.state === 'waiting') this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    try {
      this.show(await queueApi.status());
    } catch (error) {
      this.problem = apiProblem(error);
      this.timer = setTimeout(() => this.poll(), POLL_MS);
      this.draw();
    }
  }

  async takeBot() {
    try {
      this.show(await queueApi.bot());
    } catch (error) {
      this.problem = apiProblem(error);
      this.draw();
    }
  }

  async leave() {
    clearTimeout(this.timer);
    try {
      await queueApi.leave();
    } catch {
      // already out of the queue (seated a moment ago, or the server restarted)
    }
    this.status = null;
    this.draw();
  }
}

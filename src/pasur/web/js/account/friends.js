// Friends (/friends): follow by name, who is online, challenges to a table (sent with chosen
// seats, turn timer and rated or not; accepted, which seats both and opens the table, or
// declined), and blocks. The lists are read again every few seconds, so a challenge arrives
// without a reload, and the challenger is taken to the table once it is accepted
// (challenge-accepted.js).

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { initI18n, mountLanguageSwitch, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { armSound } from '../play/sound.js';
import { saveSeatToken } from '../play/seat-token.js';
import { accountApi } from './account-api.js';
import { watchAccepted } from './challenge-accepted.js';

/** @import { ChallengeBody } from '../shared/api-types.js' */

const REFRESH_MS = 5000;
let shown = null;
let signedIn = true;
let accepted = null; // watchAccepted(), once the page has started

async function step(run) {
  $('#friends-error').hidden = true;
  try {
    await run();
  } catch (error) {
    fill($('#friends-error'), apiProblem(error));
    $('#friends-error').hidden = false;
    // On a phone the form is far below it: the refusal is brought into sight.
    $('#friends-error').scrollIntoView({ block: 'nearest' });
  }
  await refresh();
}

function select(id, labelKey, options) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t(labelKey) }),
    h('select', { id }, options.map(([value, text]) => h('option', { value, text }))),
  );
}

function challengeForm(name) {
  const id = (part) => `challenge-${part}-${name}`;
  /** @type {<E extends Element>(part: string, type: new () => E) => E} */
  const field = (part, type) => $(`#${CSS.escape(id(part))}`, type);
  return h(
    'form',
    {
      class: 'challenge-form',
      hidden: true,
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        const form = event.currentTarget;
        step(async () => {
          const players = Number(field('players', HTMLSelectElement).value);
          const timer = field('timer', HTMLSelectElement).value;
          const rated = field('rated', HTMLInputElement).checked;
          // The timers are the select's options, which ChallengeBody's are.
          const turnTimer = /** @type {ChallengeBody['turn_timer']} */ (timer ? Number(timer) : null);
          const made = await accountApi.challenge({ name, players, turn_timer: turnTimer, rated });
          accepted.sent(made.id);
          form.hidden = true; // sent: the lists may be drawn again
          toast(t('account.friends.sent', { name }));
        });
      },
    },
    select(id('players'), 'account.friends.players', [['2', t('account.format.2')], ['3', t('account.format.3')], ['4', t('account.format.4')]]),
    select(id('timer'), 'account.friends.timer', [['', t('account.friends.no_timer')], ['15', '15'], ['30', '30'], ['60', '60']]),
    h('div', { class: 'field' }, h('label', { class: 'check' }, h('input', { type: 'checkbox', id: id('rated') }), ` ${t('account.friends.rated')}`)),
    h('button', { type: 'submit', class: 'button primary small', text: t('account.friends.send') }),
  );
}

function friendItem(friend) {
  const form = challengeForm(friend.name);
  return h(
    'li',
    { dataset: { friend: friend.name } },
    h('span', {}, h('a', { href: friend.profile_url }, h('bdi', { text: friend.name })), ' · ', h('span', { class: friend.online ? 'presence online' : 'presence', text: t(friend.online ? 'account.friends.online' : 'account.friends.offline') })),
    h(
      'div',
      { class: 'account-actions' },
      h('button', {
        type: 'button',
        class: 'button small primary',
        'aria-expanded': 'false',
        text: t('account.friends.challenge'),
        onclick: (event) => {
          form.hidden = !form.hidden;
          event.currentTarget.setAttribute('aria-expanded', String(!form.hidden));
        },
      }),
      h('button', { type: 'button', class: 'button small', text: t('account.friends.unfollow'), onclick: () => step(() => accountApi.unfollow(friend.name)) }),
      h('button', { type: 'button', class: 'button small danger', text: t('account.friends.block'), onclick: () => step(() => accountApi.block(friend.name)) }),
    ),
    form,
  );
}

function challengeItem(challenge) {
  const table = challenge.table_url;
  const text = challenge.incoming
    ? tParts('account.friends.from', { name: challenge.from, count: challenge.settings.players })
    : tParts('account.friends.to', { name: challenge.to, count: challenge.settings.players });
  if (challenge.settings.rated) text.push(' ', h('span', { class: 'badge', text: t('account.friends.rated_badge') }));
  let actions = null;
  if (challenge.status === 'pending' && challenge.incoming) {
    actions = [
      h('button', {
        type: 'button',
        class: 'button small primary',
        text: t('account.friends.accept'),
        onclick: (event) => {
          const button = event.currentTarget;
          button.disabled = true; // one accept is enough (a second one would answer the same seat)
          step(async () => {
            let made;
            try {
              made = await accountApi.accept(challenge.id);
            } catch (error) {
              button.disabled = false;
              throw error;
            }
            saveSeatToken(made.table_id, made.seat_token); // the table page opens the seat with it
            location.assign(made.table_url);
          });
        },
      }),
      h('button', { type: 'button', class: 'button small', text: t('account.friends.decline'), onclick: () => step(() => accountApi.decline(challenge.id)) }),
    ];
  } else if (table) {
    actions = h('a', { class: 'button small primary', href: table, text: t('account.friends.go') });
  } else {
    actions = h('span', { class: 'hint', text: t('account.friends.waiting') });
  }
  return h('li', { dataset: { challenge: challenge.id } }, h('span', {}, ...text), h('div', { class: 'account-actions' }, actions));
}

function panel(id, titleKey, ...children) {
  return h('section', { class: 'panel', 'aria-labelledby': id }, h('h2', { id, text: t(titleKey) }), children);
}

function render() {
  $('#loading').hidden = true;
  document.title = t('account.friends.title');
  if (!signedIn) {
    fill($('#friends-view'), h('p', { class: 'panel' }, t('account.friends.sign_in'), ' ', h('a', { href: '/account', text: t('account.friends.account') })));
    return;
  }
  if (!shown) return;
  const followName = h('input', { id: 'follow-name', type: 'text', autocomplete: 'off', spellcheck: 'false' });
  const follow = h(
    'form',
    {
      novalidate: true,
      onsubmit: (event) => {
        event.preventDefault();
        const name = followName.value.trim();
        step(() => accountApi.follow(name));
      },
    },
    h('div', { class: 'field' }, h('label', { for: 'follow-name', text: t('account.friends.follow_label') }), followName),
    h('button', { type: 'submit', class: 'button', text: t('account.friends.follow') }),
  );
  fill(
    $('#friends-view'),
    panel('challenges-title', 'account.friends.challenges', shown.challenges.length ? h('ul', { class: 'account-list', id: 'challenges' }, shown.challenges.map(challengeItem)) : h('p', { class: 'hint', text: t('account.friends.no_challenges') })),
    panel('following-title', 'account.friends.following', shown.following.length ? h('ul', { class: 'account-list', id: 'following' }, shown.following.map(friendItem)) : h('p', { class: 'hint', text: t('account.friends.none') }), follow),
    panel(
      'followers-title',
      'account.friends.followers',
      shown.followers.length ? h('ul', { class: 'account-list' }, shown.followers.map((name) => h('li', {}, h('a', { href: `/@/${encodeURIComponent(name)}` }, h('bdi', { text: name }))))) : h('p', { class: 'hint', text: t('account.friends.no_followers') }),
      shown.blocked.length
        ? [h('h3', { text: t('account.friends.blocked') }), h('ul', { class: 'account-list' }, shown.blocked.map((name) => h('li', {}, h('bdi', { text: name }), h('button', { type: 'button', class: 'button small', text: t('account.friends.unblock'), onclick: () => step(() => accountApi.unblock(name)) }))))]
        : null,
    ),
  );
}

async function refresh() {
  try {
    shown = await accountApi.friends();
    signedIn = true;
    accepted.seen(shown.challenges);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'not_signed_in')) throw error;
    signedIn = false;
  }
  // A form being filled in is not drawn again under the person's fingers.
  if (!document.querySelector('.challenge-form:not([hidden])') && document.activeElement?.id !== 'follow-name') render();
}

async function start() {
  await initI18n({ extra: ['account', 'alerts'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  onLanguageChange(render);
  armSound();
  accepted = watchAccepted($('#challenge-accepted'));
  try {
    await refresh();
  } catch (error) {
    $('#loading').hidden = true;
    fill($('#friends-error'), apiProblem(error));
    $('#friends-error').hidden = false;
  }
  setInterval(() => refresh().catch(() => {}), REFRESH_MS);
}

start();

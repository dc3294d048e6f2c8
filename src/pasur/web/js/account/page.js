// The account page (/account). A guest sees how to keep their games on every device (add a
// passkey, which makes the account under their own guest id) and how to sign in here (a passkey,
// or a code shown on a signed-in device). An account sees its name, passkeys, signed-in devices,
// and the ways out: sign out, sign out everywhere else, delete the account.

import { $, fill, h } from '../shared/dom.js';
import { initI18n, language, mountLanguageSwitch, onLanguageChange, t, tParts } from '../shared/i18n.js';
import { ensureIdentity } from '../shared/identity.js';
import { apiProblem } from '../shared/problem.js';
import { toast } from '../shared/toast.js';
import { accountApi } from './account-api.js';
import { createPasskey, passkeysSupported, usePasskey } from './webauthn.js';

let account = null;
let guestName = '';
let linkCode = null;

function formatDate(iso) {
  const date = new Date(iso);
  const locale = language() === 'fa' ? 'fa-IR' : 'en-GB';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What to tell the person about a failed step: a passkey request the browser ended, or the
 * refusal in their language (shared/problem.js). */
function explain(error) {
  if (error?.name === 'NotAllowedError' || error?.name === 'AbortError') {
    return t('account.error.cancelled');
  }
  if (error?.name === 'InvalidStateError') return t('account.error.already_here');
  // The guest made on the way to an account is named as the account: a name too long for a
  // table (bad_name) breaks the account name's rules too, which are what this page teaches.
  if (error?.code === 'bad_name') return t('error.name_refused');
  return apiProblem(error);
}

function showError(error) {
  const box = $('#account-error');
  fill(box, error ? explain(error) : null);
  box.hidden = !error;
}

/** Run a step of the page; its failure is shown, and the view is drawn again after it. */
async function step(run) {
  showError(null);
  try {
    await run();
  } catch (error) {
    showError(error);
  }
  await refresh();
}

function field(id, labelKey, value = '', extra = {}) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id, text: t(labelKey) }),
    h('input', { id, type: 'text', value, autocomplete: 'off', spellcheck: 'false', ...extra }),
  );
}

function panel(titleKey, ...children) {
  const id = `${titleKey.replace(/\./g, '-')}-title`;
  return h('section', { class: 'panel', 'aria-labelledby': id }, h('h2', { id, text: t(titleKey) }), children);
}

function form(onsubmit, ...children) {
  return h('form', {
    novalidate: true,
    onsubmit: (event) => {
      event.preventDefault();
      onsubmit(event.target);
    },
  }, children);
}

function guestView() {
  const supported = passkeysSupported();
  const create = panel(
    'account.create.title',
    h('p', { class: 'hint', text: t('account.create.lead') }),
    form(
      (target) =>
        step(async () => {
          const name = target.querySelector('#account-name').value.trim();
          if (!guestName) await ensureIdentity(name); // the account is made under a guest's id
          const { options } = await accountApi.passkeyOptions(name);
          await accountApi.addPasskey(await createPasskey(options));
          toast(t('account.create.done'));
        }),
      field('account-name', 'account.name.label', guestName, { required: true, 'aria-describedby': 'name-rules' }),
      h('p', { id: 'name-rules', class: 'hint', text: t('account.name.rules') }),
      h('button', { type: 'submit', class: 'button primary wide', disabled: !supported, text: t('account.create.button') }),
    ),
  );
  const signIn = panel(
    'account.sign_in.title',
    h('p', { class: 'hint', text: t('account.sign_in.lead') }),
    h('p', {}, h('button', {
      type: 'button',
      id: 'sign-in-passkey',
      class: 'button primary wide',
      disabled: !supported,
      text: t('account.sign_in.passkey'),
      onclick: () =>
        step(async () => {
          const { options } = await accountApi.signInOptions();
          await accountApi.signIn(await usePasskey(options));
          toast(t('account.sign_in.done'));
        }),
    })),
    form(
      (target) =>
        step(async () => {
          await accountApi.signInWithCode(target.querySelector('#link-code').value);
          toast(t('account.sign_in.done'));
        }),
      field('link-code', 'account.sign_in.code_label', '', { autocapitalize: 'characters', inputmode: 'text' }),
      h('button', { type: 'submit', class: 'button wide', text: t('account.sign_in.code_button') }),
    ),
  );
  const note = supported ? null : h('p', { class: 'panel', role: 'note', text: t('account.unsupported') });
  return [note, create, signIn];
}

function passkeyItem(passkey, only) {
  return h(
    'li',
    {},
    h('span', {}, h('bdi', { text: passkey.label }), ' · ', h('span', { class: 'hint', text: t('account.passkeys.added', { date: formatDate(passkey.created_at) }) })),
    only
      ? null
      : h('button', {
          type: 'button',
          class: 'button small danger',
          text: t('account.passkeys.remove'),
          'aria-label': t('account.passkeys.remove_label', { label: passkey.label }),
          onclick: () => step(() => accountApi.removePasskey(passkey.id)),
        }),
  );
}

function sessionItem(session) {
  return h(
    'li',
    {},
    h('span', {}, h('bdi', { text: session.label }), ' · ', h('span', {
      class: 'hint',
      text: session.current ? t('account.devices.this') : t('account.devices.since', { date: formatDate(session.created_at) }),
    })),
    session.current
      ? null
      : h('button', {
          type: 'button',
          class: 'button small',
          text: t('account.devices.end'),
          'aria-label': t('account.devices.end_label', { label: session.label }),
          onclick: () => step(() => accountApi.endSession(session.id)),
        }),
  );
}

function accountView() {
  const renameAt = new Date(account.may_rename_at);
  const name = panel(
    'account.name.title',
    h('p', {}, ...tParts('account.name.now', { name: account.name })),
    h('p', {}, h('a', { href: `/@/${encodeURIComponent(account.name)}`, id: 'profile-link', text: t('account.profile.link') }), ' · ', h('a', { href: '/friends', text: t('account.friends.heading') }), ' · ', h('a', { href: '/leaderboard', text: t('account.leaderboard.link') })),
    h('p', { id: 'account-rating' }, account.rating
      ? tParts('account.rating.shown', { rating: account.rating.ordinal, count: account.rating.games })
      : t('account.rating.none')),
    form(
      (target) =>
        step(async () => {
          await accountApi.rename(target.querySelector('#new-name').value.trim());
          toast(t('account.name.done'));
        }),
      field('new-name', 'account.name.new', account.name, { 'aria-describedby': 'rename-rules' }),
      h('p', {
        id: 'rename-rules',
        class: 'hint',
        text: renameAt > new Date() ? t('account.name.wait', { date: formatDate(account.may_rename_at) }) : t('account.name.rules'),
      }),
      h('button', { type: 'submit', class: 'button', text: t('account.name.button') }),
    ),
  );
  const passkeys = panel(
    'account.passkeys.title',
    h('ul', { class: 'account-list', id: 'passkeys' }, account.passkeys.map((p) => passkeyItem(p, account.passkeys.length === 1))),
    h('button', {
      type: 'button',
      class: 'button',
      id: 'add-passkey',
      disabled: !passkeysSupported(),
      text: t('account.passkeys.add'),
      onclick: () =>
        step(async () => {
          const { options } = await accountApi.passkeyOptions();
          await accountApi.addPasskey(await createPasskey(options));
          toast(t('account.passkeys.done'));
        }),
    }),
  );
  const devices = panel(
    'account.devices.title',
    h('ul', { class: 'account-list', id: 'sessions' }, account.sessions.map(sessionItem)),
    linkCode
      ? h('p', { role: 'status' }, t('account.link.show'), ' ', h('strong', { class: 'link-code', id: 'link-code-shown', text: linkCode.code }), ' ', h('span', { class: 'hint', text: t('account.link.until', { date: formatDate(linkCode.expires_at) }) }))
      : null,
    h(
      'div',
      { class: 'account-actions' },
      h('button', {
        type: 'button',
        class: 'button',
        id: 'new-link',
        text: t('account.link.button'),
        onclick: () => step(async () => { linkCode = await accountApi.newLink(); }),
      }),
      h('button', {
        type: 'button',
        class: 'button',
        text: t('account.devices.end_others'),
        onclick: () =>
          step(async () => {
            const { ended } = await accountApi.endOthers();
            toast(t('account.devices.ended', { count: ended }));
          }),
      }),
    ),
  );
  const leave = panel(
    'account.leave.title',
    h('p', {}, h('button', { type: 'button', class: 'button', id: 'sign-out', text: t('account.leave.sign_out'), onclick: () => step(() => accountApi.signOut()) })),
    form(
      (target) =>
        step(async () => {
          await accountApi.remove(target.querySelector('#confirm-name').value.trim());
          toast(t('account.leave.deleted'));
        }),
      h('p', { class: 'hint', text: t('account.leave.delete_lead') }),
      field('confirm-name', 'account.leave.confirm'),
      h('button', { type: 'submit', class: 'button danger', text: t('account.leave.delete') }),
    ),
  );
  return [name, passkeys, devices, leave];
}

async function refresh() {
  const found = await accountApi.get();
  account = found.account;
  // A guest's table name is the account name offered; someone new has none yet.
  guestName = found.guest ?? '';
  if (!account) linkCode = null;
  render();
}

function render() {
  $('#loading').hidden = true;
  $('#account-heading').textContent = t(account ? 'account.heading' : 'account.guest_heading');
  fill($('#account-lead'), account ? tParts('account.lead', { name: account.name }) : t('account.guest_lead'));
  fill($('#account-view'), account ? accountView() : guestView());
}

async function start() {
  await initI18n({ extra: ['account'] });
  mountLanguageSwitch(document.querySelector('[data-lang-switch]'));
  const retitle = () => {
    document.title = t('account.title');
  };
  retitle();
  onLanguageChange(() => {
    retitle();
    render();
  });
  try {
    await refresh();
  } catch (error) {
    $('#loading').hidden = true;
    showError(error);
  }
}

start();

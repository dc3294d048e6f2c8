// The home page (/): the person's own tables ("my games"), create a private table to play with
// friends; links to the lobby, practice, the rules guide, the score tracker, history and settings.

import { mountMyGames } from '../alerts/my-games.js';
import { cardElement } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { startPage } from './boot.js';
import { mountSeatForm, nameField } from './form-parts.js';
import { readTableSettings, tableSettings } from './house-rules.js';
// The account's sign-in entry in the app bar (a module of its own: docs/accounts.md).
import '../account/entry.js';

function drawForm(form) {
  const error = h('p', { class: 'error-text', role: 'alert', hidden: true });
  form.replaceChildren(
    nameField('friends-name'),
    tableSettings(),
    error,
    h('div', { class: 'form-actions' }, h('button', { type: 'submit', class: 'button primary wide', id: 'create-table', text: t('play.home.create') })),
  );
  return error;
}

/** A fan of the cards that score most, on the felt of the page's head. */
const HERO = ['JC', '10D', 'AH', '2C'];

async function main() {
  await startPage({ extra: ['learn'] }); // the house rules are explained in the rules guide's words
  mountMyGames(document.querySelector('#my-games'));
  document.querySelector('#hero-cards').replaceChildren(...HERO.map((code) => cardElement(code)));
  mountSeatForm(document.querySelector('#friends-form'), drawForm, '#create-table', async (form) => {
    const settings = await readTableSettings(form);
    if (settings.error) return settings;
    return { name: form.querySelector('#friends-name').value, create: { ...settings, private: true }, seat: 0 };
  });
}

main();

// The home page (/): the person's own tables ("my games"), create a private table to play with
// friends; links to the lobby, practice, the rules guide, the score tracker, history and settings;
// and the offline engine kept in the browser, so practice works with no connection from here on.

import { mountMyGames } from '../alerts/my-games.js';
import { cardElement } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { whoAmI } from '../shared/identity.js';
import { keepEngine } from '../offline/register.js';
import { startPage } from './boot.js';
import { mountSeatForm, nameField, typedName } from './form-parts.js';
import { readTableSettings, tableSettings } from './house-rules.js';
// The account's sign-in entry in the app bar (a module of its own: docs/accounts.md).
import '../account/entry.js';

function drawForm(form, me) {
  const error = h('p', { class: 'error-text', role: 'alert', hidden: true });
  form.replaceChildren(
    nameField('friends-name', me),
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
  // The app's front door (the installed app's start): practice works offline from the first
  // visit on, as from the practise page's (docs/offline.md). Not where the person asked their
  // browser to save data (Save-Data: the engine is about 14 MB); the practise page keeps it when
  // they choose to practise.
  const connection = /** @type {{ connection?: { saveData?: boolean } }} */ (navigator).connection;
  if (navigator.onLine && !connection?.saveData) keepEngine();
  mountMyGames(document.querySelector('#my-games'));
  document.querySelector('#hero-cards').replaceChildren(...HERO.map((code) => cardElement(code)));
  const me = await whoAmI();
  mountSeatForm(document.querySelector('#friends-form'), (form) => drawForm(form, me), '#create-table', async (form) => {
    const settings = await readTableSettings(form);
    if (settings.error) return settings;
    return { name: typedName(form, 'friends-name'), create: { ...settings, private: true }, seat: 0 };
  });
}

main();

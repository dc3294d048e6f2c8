// The settings page (/settings): language, card size, animation speed, sound, four-colour
// suits, confirm before playing. Every change is saved and applied at once; the cards below
// show the result.

import { mountAlertChoice } from '../alerts/choice.js';
import { cardElement } from '../shared/cards.js';
import { LANGUAGES, language, onLanguageChange, setLanguage, t } from '../shared/i18n.js';
import { startPage } from './boot.js';
import { choiceRow } from './form-parts.js';
import { CHOICES, loadPrefs, setPref } from './prefs.js';
import { armSound, playSound } from './sound.js';

const PREVIEW = ['AC', '10D', 'JH', '7S'];

function drawForm(form) {
  const prefs = loadPrefs();
  const row = (name) =>
    choiceRow(
      name,
      t(`play.settings.${name}`),
      CHOICES[name].map((value) => ({ value, label: t(`play.settings.${name}.${value}`) })),
      prefs[name],
    );
  form.replaceChildren(
    choiceRow('language', t('common.language'), LANGUAGES.map((lang) => ({ value: lang.code, label: lang.name })), language()),
    row('cardSize'),
    row('anim'),
    row('sound'),
    row('suits'),
    row('confirm'),
  );
}

async function main() {
  await startPage();
  armSound();
  const form = document.querySelector('#settings-form');
  drawForm(form);
  mountAlertChoice(document.querySelector('#alerts'));
  document.querySelector('#preview').replaceChildren(...PREVIEW.map((card) => cardElement(card)));
  onLanguageChange(() => {
    drawForm(form);
    document.querySelector('#preview').replaceChildren(...PREVIEW.map((card) => cardElement(card)));
  });
  form.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return; // the form holds choiceRow()s' radios
    if (input.name === 'language') setLanguage(input.value);
    else {
      setPref(input.name, input.value);
      if (input.name === 'sound') playSound('capture');
    }
  });
}

main();

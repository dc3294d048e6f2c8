// The dialogs and drawers over the table (<dialog> elements in table.html): the round's sheet,
// the game's end, the fairness proof and the menu open as modal dialogs above the felt; the log
// and the chat open as drawers beside it on a phone (on a wide screen they stand beside the felt).
// None of them moves the felt or the hand. The browser's <dialog> keeps the keyboard inside a
// modal one, closes it with Escape and gives the focus back to what opened it. A drawer yields
// as a modal one does: Escape or a tap outside it closes it, and so does anything that needs the
// person's answer (closeDrawers), which would otherwise lie under it.

import { $, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

/** Open `dialog` (modal unless `modal` is false) with `children`; resolves when it closes. */
export function openDialog(dialog, children, { modal = true } = {}) {
  if (children) dialog.querySelector('.dialog-body').replaceChildren(...children.flat().filter(Boolean));
  if (!dialog.open) {
    if (modal) dialog.showModal();
    else dialog.show();
  }
  return new Promise((resolve) => dialog.addEventListener('close', () => resolve(dialog.returnValue), { once: true }));
}

/** Put new contents in an open dialog without moving the focus. */
export function refreshDialog(dialog, children) {
  dialog.querySelector('.dialog-body').replaceChildren(...children.flat().filter(Boolean));
}

export function closeDialog(dialog, value = '') {
  if (dialog.open) dialog.close(value);
}

/** A drawer's head: its title (the message `key`, kept in the page's language) and Close. */
function drawerHead(dialog) {
  const id = `${dialog.id}-title`;
  dialog.setAttribute('aria-labelledby', id);
  const title = h('h2', { id, dataset: { i18n: dialog.dataset.title }, text: t(dialog.dataset.title) });
  const close = h('button', { type: 'button', class: 'button small quiet close-button', dataset: { closes: '', i18n: 'play.sheet.close' }, text: t('play.sheet.close') });
  dialog.prepend(h('div', { class: 'drawer-head' }, title, close));
}

/**
 * The drawers open beside the felt as drawers (fixed over the page: on a wide screen the log
 * stands in the layout instead, and nothing closes it).
 * @param {ParentNode} root
 * @returns {HTMLDialogElement[]}
 */
function openDrawers(root) {
  /** @type {HTMLDialogElement[]} */
  const open = [];
  for (const drawer of root.querySelectorAll('dialog.drawer[open]')) {
    const fixed = drawer instanceof HTMLDialogElement && getComputedStyle(drawer).position === 'fixed';
    if (fixed && !drawer.matches(':modal')) open.push(drawer);
  }
  return open;
}

/** Close the open drawers (the chat, the log on a phone): something needs an answer. */
export function closeDrawers(root = document) {
  for (const drawer of openDrawers(root)) closeDialog(drawer);
}

/** Wire each `[data-opens]` button to the dialog it names, and each `[data-closes]` inside one;
 * give each drawer (`data-title`) its head; let drawers yield to Escape and a tap outside. */
export function wireDialogs(root = document) {
  for (const dialog of root.querySelectorAll('dialog[data-title]')) drawerHead(dialog);
  for (const button of root.querySelectorAll('[data-opens]')) {
    const dialog = $(`#${button.getAttribute('data-opens')}`, HTMLDialogElement);
    button.addEventListener('click', () => {
      if (dialog.open) closeDialog(dialog);
      else openDialog(dialog, null, { modal: dialog.dataset.modal !== 'false' });
    });
  }
  for (const dialog of root.querySelectorAll('dialog')) {
    dialog.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('[data-closes]')) closeDialog(dialog);
      // A tap on the backdrop (the dialog itself, outside its box) closes a modal one.
      else if (event.target === dialog && dialog.dataset.backdrop !== 'keep') closeDialog(dialog);
    });
  }
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') closeDrawers(root);
  });
  document.addEventListener('pointerdown', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    for (const drawer of openDrawers(root)) {
      // The button that opens a drawer toggles it by itself.
      if (!drawer.contains(target) && !target.closest(`[data-opens="${drawer.id}"]`)) closeDialog(drawer);
    }
  });
}

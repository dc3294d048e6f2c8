// Entering a round by its cards, for a table that would rather sort the piles than count them:
// choose whose pile, tap the cards in it, and the counts follow (validate.js counts them
// the way the server does). Each card says whose it is by its colour and a short badge, and to
// screen readers by its name ("seven of diamonds: Sara"). The cards form one keyboard stop:
// arrow keys move along them, Home and End jump, a digit chooses whose pile it is.

import { cardElement, cardName } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { formatNumber, isRtl, parseNumber, t, tParts } from '../shared/i18n.js';
import { toast } from '../shared/toast.js';
import { paintTally } from './card-tally.js';
import { editEntry } from './store.js';
import { DECK } from './validate.js';

const SUITS = ['C', 'D', 'H', 'S'];
const PER_SUIT = DECK.length / SUITS.length;

/**
 * A badge for each side: the shortest start of the names (1 to 3 letters) that tells them all
 * apart, or the side's number when even 3 letters do not ("Sam" and "Samira").
 */
export function shortLabels(names) {
  for (let length = 1; length <= 3; length += 1) {
    const labels = names.map((name) => Array.from(name.trim()).slice(0, length).join(''));
    if (new Set(labels.map((label) => label.toLocaleLowerCase())).size === names.length) return labels;
  }
  return names.map((_, side) => formatNumber(side + 1));
}

/**
 * The cards part of the round form. Its changes to `entry.owners` (Map card → side) and
 * `entry.active` (the side whose pile is being marked) go through the store's `editEntry`, after
 * which the form calls `update()` along with the rest of its checks.
 */
export class CardMarker {
  constructor({ names, entry }) {
    this.names = names;
    this.entry = entry;
    this.labels = shortLabels(names);
    this.focusCard = DECK[0];
  }

  /** Build the part, painted from the entry. */
  element() {
    const { names } = this;
    this.picker = h(
      'div',
      { class: `owner-picker sides-${names.length}`, role: 'radiogroup', 'aria-label': t('cards.whose') },
      names.map((name, side) =>
        h(
          'label',
          { class: `segment owner-choice owner-${side}` },
          h('input', {
            type: 'radio',
            name: 'pile-owner',
            value: side,
            'data-owner': side + 1,
            onchange: () => this.choose(side),
          }),
          h('span', {}, h('bdi', { class: 'owner-name', text: name }), h('span', { class: 'owner-count' })),
        ),
      ),
    );
    /** A button for each card, in the pack's order (DECK's). */
    this.marks = DECK.map((card) =>
      h(
        'button',
        { type: 'button', class: 'card-mark', dataset: { card }, onclick: () => this.toggle(card) },
        cardElement(card, { small: true }),
        h('span', { class: 'owner-badge', 'aria-hidden': 'true' }),
      ),
    );
    this.grid = h(
      'div',
      { class: 'card-grid', onkeydown: (event) => this.onKey(event) },
      SUITS.map((suit, row) =>
        h(
          'div',
          { class: 'suit-row', role: 'group', 'aria-label': t(`card.suit.${suit}`) },
          this.marks.slice(row * PER_SUIT, (row + 1) * PER_SUIT),
        ),
      ),
    );
    this.rest = h('button', { type: 'button', class: 'button rest-to', 'data-action': 'rest', onclick: () => this.giveRest() });
    this.clearOne = h('button', { type: 'button', class: 'button small quiet', 'data-action': 'clear', onclick: () => this.clear(this.entry.active) });
    this.clearAll = h('button', { type: 'button', class: 'button small quiet', 'data-action': 'clear-all', onclick: () => this.clear(null) });
    this.tally = h('table', { class: 'card-tally', 'data-testid': 'card-tally' });
    this.root = h(
      'fieldset',
      { class: 'group cards-group', id: 'group-cards', 'data-group': 'cards' },
      h(
        'legend',
        { class: 'group-title' },
        h('span', { class: 'group-icon', 'aria-hidden': 'true' }, cardElement(null, { faceDown: true, small: true })),
        h('span', { text: t('field.cards') }),
        h('span', { class: 'group-whole', text: t('entry.of_pack', { whole: DECK.length }) }),
      ),
      h('p', { class: 'group-status', id: 'cards-status', 'aria-live': 'polite' }),
      h('p', { class: 'owner-title', 'aria-hidden': 'true', text: t('cards.whose') }),
      this.picker,
      // The keyboard's help is for keyboards: on a touch screen only screen readers get it.
      h('p', {
        class: `hint keys-hint${matchMedia('(pointer: coarse)').matches ? ' visually-hidden' : ''}`,
        text: t('cards.keys', { n: names.length }),
      }),
      this.grid,
      h('div', { class: 'card-actions' }, this.rest, h('div', { class: 'clear-actions' }, this.clearOne, this.clearAll)),
      this.tally,
    );
    this.update();
    return this.root;
  }

  /** Paint every card, the picker, the quick actions and the tally from the entry. */
  update() {
    const { entry, names } = this;
    const owners = entry.owners;
    const cardsOf = names.map(() => 0);
    for (const side of owners.values()) cardsOf[side] += 1;
    for (const input of this.picker.querySelectorAll('input')) {
      const side = Number(input.value);
      input.checked = side === entry.active;
      input.closest('label').querySelector('.owner-count').textContent = formatNumber(cardsOf[side]);
      input.setAttribute('aria-label', t('cards.whose_choice', { name: names[side], count: cardsOf[side] }));
    }
    for (const button of this.marks) {
      const card = button.dataset.card;
      const owner = owners.get(card);
      const marked = owner !== undefined;
      button.className = [
        'card-mark',
        marked ? `owner-${owner}` : 'is-unmarked',
        owner === entry.active ? 'is-mine' : '',
        !marked && entry.submitted ? 'is-missing' : '',
      ].filter(Boolean).join(' ');
      button.dataset.owner = marked ? owner + 1 : '';
      button.querySelector('.owner-badge').textContent = marked ? this.labels[owner] : '';
      button.setAttribute('aria-pressed', String(owner === entry.active));
      const name = cardName(card);
      button.setAttribute('aria-label', marked ? t('cards.card_of', { card: name, name: names[owner] }) : t('cards.card_free', { card: name }));
      button.tabIndex = card === this.focusCard ? 0 : -1;
    }
    const left = DECK.length - owners.size;
    const active = names[entry.active];
    // One span each, so that the button lays the sentence out as text, not as flex items.
    this.rest.replaceChildren(h('span', {}, tParts('cards.rest', { n: left, name: active })));
    this.rest.setAttribute('aria-disabled', String(!left));
    this.clearOne.replaceChildren(h('span', {}, tParts('cards.clear', { name: active })));
    this.clearOne.setAttribute('aria-disabled', String(!cardsOf[entry.active]));
    this.clearAll.textContent = t('cards.clear_all');
    this.clearAll.setAttribute('aria-disabled', String(!owners.size));
    paintTally(this.tally, names, entry, cardsOf);
  }

  choose(side) {
    editEntry((entry) => {
      entry.active = side;
    });
  }

  /** Change the marks with `mutate(owners, active)`; the server's complaint about them is stale. */
  mark(mutate) {
    editEntry((entry) => {
      mutate(entry.owners, entry.active);
      delete entry.serverErrors.cards;
    });
  }

  toggle(card) {
    this.focusCard = card;
    this.mark((owners, active) => {
      if (owners.get(card) === active) owners.delete(card);
      else owners.set(card, active);
    });
  }

  giveRest() {
    this.mark((owners, active) => {
      for (const card of DECK) if (!owners.has(card)) owners.set(card, active);
    });
  }

  /** Clear one side's cards (or everyone's for `side` null), with Undo in the toast. */
  clear(side) {
    const before = new Map(this.entry.owners);
    const cleared = [...before].filter(([, owner]) => side === null || owner === side);
    if (!cleared.length) return;
    this.mark((owners) => {
      for (const [card] of cleared) owners.delete(card);
    });
    const restore = () =>
      this.mark((owners) => {
        owners.clear();
        for (const [card, owner] of before) owners.set(card, owner);
      });
    toast(t('toast.cleared'), { action: { label: t('action.undo'), run: restore } });
  }

  /** Put the keyboard on the first card nobody has (after a refused save). */
  focusMissing() {
    const card = DECK.find((code) => !this.entry.owners.has(code));
    if (card) this.focus(this.marks[DECK.indexOf(card)]);
  }

  /**
   * Make `button` the cards' one keyboard stop, and go there.
   * @param {HTMLButtonElement} button
   */
  focus(button) {
    this.focusCard = button.dataset.card;
    for (const other of this.marks) other.tabIndex = other === button ? 0 : -1;
    button.focus();
  }

  onKey(event) {
    const side = event.key.length === 1 ? parseNumber(event.key) - 1 : Number.NaN;
    if (side >= 0 && side < this.names.length) {
      event.preventDefault();
      this.choose(side);
      return;
    }
    const buttons = this.marks;
    const index = buttons.findIndex((button) => button === document.activeElement);
    if (index < 0) return;
    const forward = isRtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = isRtl() ? 'ArrowRight' : 'ArrowLeft';
    const moves = {
      [forward]: index + 1,
      [back]: index - 1,
      ArrowDown: index + PER_SUIT, // the same rank in the next suit
      ArrowUp: index - PER_SUIT,
      Home: 0,
      End: buttons.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.focus(buttons[(moves[event.key] + buttons.length) % buttons.length]);
  }
}

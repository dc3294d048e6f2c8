// Entering a round by its cards, for a table that would rather sort the piles than count them:
// choose whose pile, tap the cards in it, and the counts follow (tracker-validate.js counts them
// the way the server does). Each card says whose it is by its colour and a short badge, and to
// screen readers by its name ("seven of diamonds: Sara"). The cards form one keyboard stop:
// arrow keys move along them, Home and End jump, a digit chooses whose pile it is.
// Also here: sentences with a player's name or a card in them, shared with tracker.js.

import { cardElement, cardName } from './shared/cards.js';
import { h } from './shared/dom.js';
import { formatNumber, isRtl, parseNumber, t } from './shared/i18n.js';
import { DECK, PACK, countsFromCards } from './tracker-validate.js';

const SUITS = ['C', 'D', 'H', 'S'];
const PER_SUIT = DECK.length / SUITS.length;

/** A sentence with a user-typed name put in where the template has \0, isolated for bidi. */
export function bidiText(template, name) {
  const [before, after = ''] = template.split('\u0000');
  return [before, h('bdi', { text: name }), after];
}

/** The message `key` with {card} drawn as a card index in its suit's colour (kept left to right). */
export function cardSentence(key, card, colour) {
  const [before, after = ''] = t(key, { card: '\u0000' }).split('\u0000');
  return h('span', {}, before, h('span', { class: `card-name ${colour}`, dir: 'ltr', text: card }), after);
}

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
 * The cards part of the round form. `entry.owners` (Map card → side) and `entry.active` (the
 * side whose pile is being marked) are changed in place. `onChange()` follows every change of
 * the cards, and is expected to call `update()` (with the rest of the form's checks);
 * `onCleared(restore)` follows a clear, with a function that puts the cleared cards back.
 */
export class CardMarker {
  constructor({ names, entry, onChange, onCleared }) {
    this.names = names;
    this.entry = entry;
    this.onChange = onChange;
    this.onCleared = onCleared;
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
    this.grid = h(
      'div',
      { class: 'card-grid', onkeydown: (event) => this.onKey(event) },
      SUITS.map((suit, row) =>
        h(
          'div',
          { class: 'suit-row', role: 'group', 'aria-label': t(`card.suit.${suit}`) },
          DECK.slice(row * PER_SUIT, (row + 1) * PER_SUIT).map((card) =>
            h(
              'button',
              { type: 'button', class: 'card-mark', dataset: { card }, onclick: () => this.toggle(card) },
              cardElement(card, { small: true }),
              h('span', { class: 'owner-badge', 'aria-hidden': 'true' }),
            ),
          ),
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
      input.setAttribute('aria-label', t('cards.whose_choice', { name: names[side], n: cardsOf[side] }));
    }
    for (const button of this.grid.querySelectorAll('.card-mark')) {
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
    this.rest.replaceChildren(h('span', {}, bidiText(t('cards.rest', { n: left, name: '\u0000' }), active)));
    this.rest.setAttribute('aria-disabled', String(!left));
    this.clearOne.replaceChildren(h('span', {}, bidiText(t('cards.clear', { name: '\u0000' }), active)));
    this.clearOne.setAttribute('aria-disabled', String(!cardsOf[entry.active]));
    this.clearAll.textContent = t('cards.clear_all');
    this.clearAll.setAttribute('aria-disabled', String(!owners.size));
    this.paintTally(cardsOf);
  }

  paintTally(cardsOf) {
    const { names, entry } = this;
    const counts = countsFromCards(entry.owners, names.length, []);
    const columns = [
      ['cards.count', null, (side) => cardsOf[side], DECK.length],
      ['field.clubs', '♣', (side) => counts.clubs[side], PACK.clubs],
      ['field.aces', 'A', (side) => counts.aces[side], PACK.aces],
      ['field.jacks', 'J', (side) => counts.jacks[side], PACK.jacks],
      ['field.ten_of_diamonds', '10♦', (side) => counts.ten_of_diamonds === side, 1],
      ['field.two_of_clubs', '2♣', (side) => counts.two_of_clubs === side, 1],
    ];
    const cell = (value) => (typeof value === 'boolean' ? (value ? '✓' : '') : formatNumber(value));
    const heading = ([label, short]) =>
      h(
        'th',
        { scope: 'col', class: short === '10♦' ? 'red' : null },
        // The cards column is headed by a small card; the others by what they count.
        h('span', { 'aria-hidden': 'true', dir: 'ltr' }, short ?? cardElement(null, { faceDown: true, small: true })),
        h('span', { class: 'visually-hidden', text: t(label) }),
      );
    const left = (column) => column[3] - names.reduce((sum, _, side) => sum + Number(column[2](side)), 0);
    this.tally.replaceChildren(
      h('caption', { text: t('cards.tally') }),
      h('thead', {}, h('tr', {}, h('td'), columns.map(heading))),
      h(
        'tbody',
        {},
        names.map((name, side) =>
          h(
            'tr',
            { class: side === entry.active ? 'is-active' : null },
            h('th', { scope: 'row', class: `owner-${side}` }, h('bdi', { text: name })),
            columns.map((column) => h('td', { class: 'num', 'data-field': column[0], text: cell(column[2](side)) })),
          ),
        ),
      ),
      h(
        'tfoot',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'row', text: t('cards.unmarked') }),
          columns.map((column) => {
            const count = left(column);
            return h('td', { class: `num${count ? '' : ' done'}`, text: count ? formatNumber(count) : '✓' });
          }),
        ),
      ),
    );
  }

  choose(side) {
    this.entry.active = side;
    this.update();
  }

  toggle(card) {
    const { owners, active } = this.entry;
    if (owners.get(card) === active) owners.delete(card);
    else owners.set(card, active);
    this.focusCard = card;
    this.onChange();
  }

  giveRest() {
    const { owners, active } = this.entry;
    for (const card of DECK) if (!owners.has(card)) owners.set(card, active);
    this.onChange();
  }

  /** Clear one side's cards (or everyone's for `side` null), with a way back. */
  clear(side) {
    const owners = this.entry.owners;
    const before = new Map(owners);
    for (const [card, owner] of before) if (side === null || owner === side) owners.delete(card);
    if (owners.size === before.size) return;
    this.onChange();
    this.onCleared(() => {
      this.entry.owners = before;
      this.onChange();
    });
  }

  /** Put the keyboard on the first card nobody has (after a refused save). */
  focusMissing() {
    const card = DECK.find((code) => !this.entry.owners.has(code));
    if (card) this.focus(this.grid.querySelector(`[data-card="${card}"]`));
  }

  /** Make `button` the cards' one keyboard stop, and go there. */
  focus(button) {
    this.focusCard = button.dataset.card;
    for (const other of this.grid.querySelectorAll('.card-mark')) other.tabIndex = other === button ? 0 : -1;
    button.focus();
  }

  onKey(event) {
    const side = event.key.length === 1 ? parseNumber(event.key) - 1 : Number.NaN;
    if (side >= 0 && side < this.names.length) {
      event.preventDefault();
      this.choose(side);
      return;
    }
    const buttons = [...this.grid.querySelectorAll('.card-mark')];
    const index = buttons.indexOf(document.activeElement);
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

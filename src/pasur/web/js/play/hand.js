// Choosing a play: the hand at the bottom and the face-up table cards. Tapping a card that has
// one way to be played plays it (unless "confirm before playing" is on); a card with several
// ways marks each way's set on the felt with its number (ways.js), with a short list of its
// moves as a fallback. Tapping a table card that is in one of the ways left plays that way; one
// in several keeps only those (a second card then decides, and a tap on a kept card lets go of
// it). On the keyboard, Enter chooses the card and shows its moves, and Enter again plays the
// one in focus. Every move offered is one of the server's `legal` strings, sent as written.
// Arrow keys move along the hand; Escape lets go of the card.

import { cardElement, cardName } from '../shared/cards.js';
import { h } from '../shared/dom.js';
import { isRtl, t } from '../shared/i18n.js';
import { movesOf } from '../shared/moves.js';
import { lightWay, markTableCard, wayBadge } from './ways.js';

export class PlayArea {
  /** `onPlay(move)` is called with a legal move string when the player chooses it. */
  constructor({ hand, table, choices }, { onPlay }) {
    this.handEl = hand;
    this.tableEl = table;
    this.choicesEl = choices;
    this.onPlay = onPlay;
    this.selected = null;
    this.hinted = null;
    /** @type {Set<string>} the table cards the hinted move takes */
    this.hintedTaken = new Set();
    this.guided = null;
    this.picked = new Set();
    this.view = { hand: [], table: [], legal: [], open: [], enabled: false, flash: null, capturing: null, fresh: null, confirm: false };
    this.handEl.addEventListener('keydown', (event) => this.onKey(event));
    this.choicesEl.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.letGo();
    });
  }

  /** Let go of the chosen card and put the keyboard back on it. */
  letGo() {
    const card = this.selected;
    this.clear();
    if (card) this.handEl.querySelector(`[data-card="${card}"]`)?.focus();
  }

  /**
   * Draw the hand and table. `legal` is the server's list (empty when it is not our turn);
   * `enabled` says whether a play may be sent now; `flash` lists table cards being captured by
   * `capturing`, held on the felt for the eye; `confirm` asks for a second tap before a play.
   */
  update(view) {
    this.view = { flash: null, capturing: null, fresh: null, confirm: false, open: [], unknown: 0, ...view };
    const moves = this.selected ? movesOf(view.legal, this.selected) : [];
    if (!view.enabled || !view.hand.includes(this.selected) || !moves.length) this.clear(false);
    this.render();
  }

  /** Light up the card a hint recommends (null: none) in the hand, and on the felt the cards
   * it takes. */
  hint(card, taken = []) {
    this.hinted = card;
    this.hintedTaken = new Set(card ? taken : []);
    this.render();
  }

  /** Light up the card the guided first game asks for (null: none); hints do not clear it. */
  guide(card) {
    this.guided = card;
    this.render();
  }

  clear(render = true) {
    this.selected = null;
    this.picked.clear();
    if (render) this.render();
  }

  /** A hand card was tapped (`keyboard`: chosen with Enter or Space). */
  select(card, { keyboard = false } = {}) {
    const moves = movesOf(this.view.legal, card);
    if (!this.view.enabled || !moves.length) return;
    if (this.selected === card) {
      const options = this.options();
      if (options.length === 1) this.onPlay(options[0].move); // a second tap plays the one left
      return;
    }
    if (moves.length === 1 && !keyboard && !this.view.confirm) {
      this.onPlay(moves[0].move); // one way to play it: no question to ask
      return;
    }
    this.selected = card;
    this.picked.clear();
    this.render();
    this.choicesEl.querySelector('button')?.focus();
  }

  /** A table card was tapped: it plays the one way left that takes it, or narrows the ways. */
  tapTable(card) {
    const ways = this.options().filter((move) => move.taken.includes(card));
    if (ways.length === 1 && !this.picked.has(card)) {
      this.onPlay(ways[0].move);
      return;
    }
    if (this.picked.has(card)) this.picked.delete(card);
    else this.picked.add(card);
    this.render();
  }

  options() {
    return movesOf(this.view.legal, this.selected).filter((move) =>
      [...this.picked].every((card) => move.taken.includes(card)),
    );
  }

  render() {
    const focused = document.activeElement?.closest?.('.hand-card')?.getAttribute('data-card');
    const options = this.selected ? this.options() : [];
    // Each capture keeps the number of its place among all the card's captures while others drop
    // out; a way that lays the card takes nothing, so it has no set on the felt to number.
    const all = (this.selected ? movesOf(this.view.legal, this.selected) : []).filter((move) => move.taken.length);
    const ways = new Map(all.map((move, index) => [move.move, index + 1]));
    const exact = options.find(
      (move) => move.taken.length === this.picked.size && move.taken.every((card) => this.picked.has(card)),
    );
    this.renderTable(options, ways);
    this.renderHand(focused);
    this.renderChoices(options, ways, exact);
  }

  /** `options` are the ways left, `ways` their numbers by move. */
  renderTable(options, ways) {
    const { table, flash, capturing, fresh } = this.view;
    const cards = table.map((card) => {
      const classes = ['table-card'];
      if (flash?.includes(card)) classes.push('is-taken');
      else if (card === capturing) classes.push('is-capturing');
      else if (flash) classes.push('is-resting');
      if (card === fresh) classes.push('is-fresh');
      if (this.picked.has(card)) classes.push('is-picked');
      if (this.hintedTaken.has(card)) classes.push('is-hinted');
      const numbers = options.filter((move) => move.taken.includes(card)).map((move) => ways.get(move.move));
      if (!numbers.length) return h('span', { class: classes.join(' '), dataset: { card } }, cardElement(card));
      classes.push('is-takeable');
      const button = h(
        'button',
        {
          type: 'button',
          class: classes.join(' '),
          dataset: { card },
          'aria-pressed': String(this.picked.has(card)),
          onclick: () => this.tapTable(card),
        },
        cardElement(card),
      );
      markTableCard(button, card, numbers);
      return button;
    });
    this.tableEl.replaceChildren(...(cards.length ? cards : [h('p', { class: 'felt-empty', text: t('play.table.empty') })]));
  }

  renderHand(focused) {
    const { hand, legal, open, enabled } = this.view;
    const tabCard = hand.includes(focused) ? focused : this.selected ?? hand[0];
    const buttons = hand.map((card) => {
      const ways = enabled ? movesOf(legal, card).length : 0;
      const playable = ways > 0;
      return h(
        'button',
        {
          type: 'button',
          class: [
            'hand-card',
            card === this.selected ? 'is-selected' : '',
            card === this.hinted || card === this.guided ? 'is-hinted' : '',
            playable ? 'is-playable' : '',
            // Pasur Ru Baaz: the card the others see face up.
            open.includes(card) ? 'is-open' : '',
          ].filter(Boolean).join(' '),
          dataset: { card, ways: String(ways) },
          tabindex: card === tabCard ? '0' : '-1',
          'aria-pressed': String(card === this.selected),
          'aria-disabled': playable ? null : 'true',
          // A click made by a key has no pointer: `detail` 0.
          onclick: (event) => this.select(card, { keyboard: event.detail === 0 }),
        },
        cardElement(card),
      );
    });
    const backs = Array.from({ length: this.view.unknown ?? 0 }, () =>
      h('span', { class: 'hand-back', 'aria-hidden': 'true' }, cardElement(null, { faceDown: true })),
    );
    this.handEl.replaceChildren(...buttons, ...backs);
    if (focused && hand.includes(focused)) this.handEl.querySelector(`[data-card="${focused}"]`)?.focus();
  }

  renderChoices(options, ways, exact) {
    if (!this.selected) {
      this.choicesEl.replaceChildren();
      this.choicesEl.hidden = true;
      return;
    }
    this.choicesEl.hidden = false;
    const light = (way) => () => lightWay(this.tableEl, way);
    // A way shows its number and the cards it takes, which its set on the felt repeats; the card
    // played is shown once, at the strip's start. Its words are for screen readers.
    const buttons = options.map((move) => {
      const way = ways.get(move.move) ?? null;
      return h(
        'button',
        {
          type: 'button',
          class: `button choice${move === exact || options.length === 1 ? ' primary' : ''}`,
          dataset: { move: move.move },
          'data-way': way,
          onclick: () => this.onPlay(move.move),
          onpointermove: light(way),
          onpointerleave: light(null),
          // Only a focus the eye follows: the first way takes the focus when a card is tapped,
          // and lighting it then would fade the other ways as if they were gone.
          onfocus: (event) => lightWay(this.tableEl, event.currentTarget.matches(':focus-visible') ? way : null),
          onblur: light(null),
        },
        way
          ? [
              wayBadge(way),
              h('span', { class: 'visually-hidden', text: t('play.choice.take', { way, card: cardName(move.card) }) }),
              move.taken.map((card) => cardElement(card, { small: true })),
            ]
          : t('play.choice.lay', { card: cardName(move.card) }),
      );
    });
    this.choicesEl.replaceChildren(
      h('span', { class: 'choices-card' }, cardElement(this.selected, { small: true })),
      h('p', { class: 'choices-title', text: options.length > 1 ? t('play.choice.several') : t('play.choice.one') }),
      h('div', { class: 'choice-list' }, buttons),
      h('button', { type: 'button', class: 'button quiet small', onclick: () => this.letGo(), text: t('play.choice.cancel') }),
    );
  }

  onKey(event) {
    const buttons = [...this.handEl.querySelectorAll('.hand-card')];
    const index = buttons.indexOf(document.activeElement);
    if (event.key === 'Escape') {
      this.letGo();
      return;
    }
    if (index < 0) return;
    const forward = isRtl() ? 'ArrowLeft' : 'ArrowRight';
    const back = isRtl() ? 'ArrowRight' : 'ArrowLeft';
    let next = null;
    if (event.key === forward) next = (index + 1) % buttons.length;
    else if (event.key === back) next = (index - 1 + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === null) return;
    event.preventDefault();
    buttons.forEach((button, position) => button.setAttribute('tabindex', position === next ? '0' : '-1'));
    buttons[next].focus();
  }
}

// The guided first game (/play/t/first-game): one round against a gentle bot on a fixed deal,
// played by the table page itself. Its events come from /static/learn/first-game.json, made by
// the rules engine (scripts/first_game.py, checked by tests/web/test_first_game.py) in the
// shape the server sends; this "socket" hands them to the page as the table's socket would, and
// waits at each move the first deal teaches (eleven, a jack, a Sur, a lay) for the player to make
// it, saying what to do. The rest of the round then plays itself, and the round is counted.
// The page shows events one after another, with animations; each sentence waits until the table
// has shown every event before it (`shown`), so the words never run ahead of the felt. The deal
// is arranged to teach, not shuffled, and carries no commitment: the page calls it a practice
// deal (`arranged`, fairness.js), never a fair shuffle, nor an unfair one.

import { h } from '../shared/dom.js';
import { t, tParts } from '../shared/i18n.js';
import { shortCard } from '../shared/moves.js';

export const GUIDE_TABLE = 'first-game';
const SCRIPT_URL = '/static/learn/first-game.json';

function snapshot() {
  const seat = (n, kind, name, level) => ({ seat: n, kind, name, level, connected: true, stand_in: false });
  return {
    version: 0,
    you: 0,
    config: { players: 2, rules: { target: '62', partnerships: 'off' }, turn_timer: null, grace: 30 },
    status: 'playing',
    seats: [seat(0, 'human', t('table.guide.you'), null), seat(1, 'bot', 'bot', 'beginner')],
    game_no: 1,
    game: { players: 2, round: 0, dealer: 1, turn: -1, pack_size: 52, hand_sizes: [0, 0], table: [], piles: [[], []], surs: [0, 0], totals: [0, 0], hand: [], legal: [] },
    commitment: null,
    rematch: [null, null],
    clock: null,
  };
}

export class GuideSocket {
  /**
   * `panel`: where the guide speaks; `highlight(card)` lights up the card to play; `shown()`
   * resolves once the page has shown every frame handed to it so far.
   */
  constructor(handlers, { panel, highlight, shown }) {
    this.handlers = handlers;
    this.panel = panel;
    this.highlight = highlight;
    this.shown = shown;
    this.arranged = true; // its deal is arranged to teach, not shuffled
    this.events = [];
    this.next = 0; // the first event not yet handed over
    this.waiting = null; // the played event the player is asked to make
  }

  async start() {
    this.handlers.status('open');
    const response = await fetch(SCRIPT_URL, { headers: { Accept: 'application/json' } });
    this.events = (await response.json()).events;
    this.handlers.frame({ type: 'welcome', protocol: 1, table: GUIDE_TABLE, you: 0, version: 0 });
    this.handlers.frame({ type: 'snapshot', snapshot: snapshot() });
    this.say('intro');
    await this.advance();
  }

  /** Hand the events before `end` to the page. */
  handOver(end) {
    for (; this.next < end; this.next += 1) this.handlers.frame({ type: 'event', event: this.events[this.next] });
  }

  /**
   * Hand over the events up to the next move the guide teaches and, once the table has shown
   * them, ask for it. After the last one: say that the rest plays itself, then hand it over.
   */
  async advance() {
    const at = this.events.findIndex((event, index) => index >= this.next && event.teach);
    const lesson = at < 0 ? null : this.events[at];
    if (lesson) this.handOver(at);
    // The move is taken (or another refused) from now: the hand can be played while the deal
    // before the first one is still shown. Played already, it is not asked for.
    this.waiting = lesson;
    await this.shown();
    if (this.waiting !== lesson) return;
    if (!lesson) {
      this.say('count');
      this.handOver(this.events.length);
      return;
    }
    this.say(lesson.teach, lesson);
    this.highlight(lesson.card);
  }

  /** Frames from the page: a play is checked against the move being taught. */
  send(frame) {
    const ref = `g${this.next}`;
    if (frame.type !== 'play' || !this.waiting) {
      queueMicrotask(() => this.handlers.frame({ type: 'error', code: 'bad_frame', message: '', ref }));
      return ref;
    }
    const event = this.waiting;
    if (frame.move !== event.move && frame.move !== event.card) {
      // Not the move taught: refused as the rules refuse a move, with the guide's reason.
      const reason = { kind: 'guide', card: event.card };
      const message = 'not the move the guide teaches';
      queueMicrotask(() => this.handlers.frame({ type: 'error', code: 'illegal', message, reason, ref }));
      return ref;
    }
    this.waiting = null;
    this.highlight(null);
    queueMicrotask(() => {
      this.handOver(this.next + 1);
      this.advance();
    });
    return ref;
  }

  say(step, event = null) {
    const card = event ? shortCard(event.card) : '';
    const taken = event ? event.taken.map(shortCard).join(' ') : '';
    this.panel.hidden = false;
    this.panel.dataset.step = step;
    const done = step === 'count';
    this.panel.replaceChildren(
      h('p', { class: 'guide-text' }, tParts(`table.guide.${step}`, { card, taken })),
      h('a', { class: 'button small quiet', id: 'guide-skip', href: '/', text: t(done ? 'table.guide.home' : 'table.guide.skip') }),
      ...(done ? [h('a', { class: 'button small primary', id: 'guide-practise', href: '/practise', text: t('table.guide.practise') })] : []),
    );
  }

  stop() {}

  reconnect() {}

  ping() {}
}

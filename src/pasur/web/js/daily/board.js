// Playing the daily deal: the table cards, the person's hand (the play page's PlayArea, so the
// same taps and keys work) and the last plays in words. Each play is sent over REST with the
// game's version; the bots answer in the same call, so the board waits with "the bots are
// thinking" until it returns. A play refused as `stale` (the game moved on in another page, or
// the play was stored though its answer was lost) is not an error: the board reads the game again.

import { ApiError } from '../shared/api.js';
import { $, fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { moveParts } from '../shared/words.js';
import { PlayArea } from '../play/hand.js';

const SHOWN_PLAYS = 8;

/** Who played a seat's cards: "You", or the bot's level in words. */
export function seatWho(seat, bots) {
  if (seat === 0) return t('daily.you');
  return t(`daily.bot.${bots[seat - 1]}`);
}

/** One play in words: "Expert: 7♦ takes 4♠" (Sur marked). */
export function playLine(play, bots) {
  return h(
    'li',
    {},
    h('strong', { text: `${seatWho(play.seat, bots)}: ` }),
    moveParts(play.move),
    play.sur ? h('span', { class: 'daily-sur', text: ` ${t('daily.board.sur')}` }) : null,
  );
}

export class Board {
  /** `send(move, version)` plays a legal move string on the game at `version` and resolves to the
   * next game answer; `reload()` resolves to the game as it stands; `onOver` gets the answer that
   * ends the round, `onError` a refused play. */
  constructor({ send, reload, onOver, onError }) {
    this.send = send;
    this.reload = reload;
    this.onOver = onOver;
    this.onError = onError;
    this.answer = null;
    this.bots = [];
    this.busy = false;
    this.area = new PlayArea(
      { hand: $('#hand'), table: $('#table-cards'), choices: $('#choices') },
      { onPlay: (move) => this.play(move) },
    );
  }

  /** Show a game answer ({day, view, score}) for the deal of `players` against `bots`. */
  show(answer, players, bots) {
    this.answer = answer;
    this.players = players;
    this.bots = bots;
    $('#daily-board').hidden = false;
    this.render();
    if (answer.score !== null) this.onOver(answer);
  }

  render() {
    const { view } = this.answer;
    $('#board-title').textContent = t('daily.board.title', { count: this.players });
    const mine = view.turn === 0 && view.result === null;
    const status = this.busy ? 'daily.board.thinking' : mine ? 'daily.board.your_turn' : 'daily.board.over';
    $('#daily-status').textContent = t(status);
    this.area.update({ hand: view.hand, table: view.table, legal: view.legal, enabled: mine && !this.busy });
    const plays = view.plays.slice(-SHOWN_PLAYS).reverse();
    fill($('#daily-plays'), plays.length ? plays.map((play) => playLine(play, this.bots)) : h('li', { text: t('daily.board.none') }));
  }

  async play(move) {
    if (this.busy) return;
    this.busy = true;
    this.render();
    try {
      const answer = await this.send(move, this.answer.version).catch((error) => {
        if (error instanceof ApiError && error.code === 'stale') return this.reload();
        throw error;
      });
      this.busy = false;
      this.show(answer, this.players, this.bots);
    } catch (error) {
      this.busy = false;
      this.render();
      this.onError(error);
    }
  }

  /** Redraw in the current language. */
  relabel() {
    if (this.answer) this.render();
  }
}

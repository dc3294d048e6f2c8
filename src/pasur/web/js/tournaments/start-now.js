// "Start now": the creator of an upcoming tournament starts it at once, when the players are
// gathered, instead of waiting for its time (POST /api/tournaments/{id}/start). A start cannot
// be undone, so the button asks once more in a line ("Start the tournament now? Entries
// close."), which one more press answers. A Swiss with fewer entrants than one table seats
// would be cancelled at its start, so until enough have joined the button is disabled and says so.

import { fill, h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';

/** Whether a Swiss has too few entrants to pair: a start now would cancel it (store.stage). */
function tooFew(detail) {
  const playing = detail.standings.filter((line) => !line.withdrawn).length;
  return detail.kind === 'swiss' && playing < detail.players;
}

/** What decides whether the control is drawn again (not the scores: a question being asked
 * stays on the page while the page reads the tournament again). */
export function startKey(detail) {
  return JSON.stringify([detail?.id ?? null, detail?.stage ?? null, detail?.made_by_you ?? false, detail ? tooFew(detail) : null]);
}

/** The question asked before the start: what starting now changes for this kind. */
function question(detail) {
  if (detail.kind === 'arena') return t('tournaments.start.question_arena', { count: detail.minutes });
  return t('tournaments.start.question_swiss');
}

/**
 * The creator's "Start now" while the tournament is upcoming (null for anyone else, or later).
 * @param {any} detail the tournament as GET /api/tournaments/{id} answers
 * @param {{ account: string | null, start: () => Promise<void> }} options `start` makes the call
 *   (and says a refusal itself)
 * @returns {HTMLElement | null}
 */
export function startNow(detail, { account, start }) {
  if (!account || !detail.made_by_you || detail.stage !== 'upcoming') return null;
  const few = tooFew(detail);
  const why = detail.players === 4 ? 'tournaments.start.too_few_teams' : 'tournaments.start.too_few';
  const hint = few ? h('p', { id: 'start-hint', class: 'hint', text: t(why) }) : null;
  const press = h('button', { type: 'button', id: 'start-now', class: 'button', text: t('tournaments.start.button'), disabled: few, 'aria-describedby': few ? 'start-hint' : null });
  const box = h('div', { class: 'start-now' }, press, hint);
  press.addEventListener('click', () => {
    const line = h('p', { id: 'start-question', text: question(detail) });
    const yes = h('button', { type: 'button', id: 'start-confirm', class: 'button primary', text: t('tournaments.start.confirm'), 'aria-describedby': 'start-question' });
    const no = h('button', { type: 'button', class: 'button', text: t('tournaments.start.not_yet') });
    yes.addEventListener('click', async () => {
      // Pressed twice, it is sent once; the server starts a tournament once anyway.
      yes.disabled = true;
      no.disabled = true;
      await start();
      yes.disabled = false; // still here: the start was refused, and the page says why
      no.disabled = false;
    });
    no.addEventListener('click', () => {
      fill(box, press, hint);
      press.focus();
    });
    fill(box, line, yes, no);
    yes.focus();
  });
  return box;
}

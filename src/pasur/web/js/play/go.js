// Taking a seat from the home, practise and lobby pages: make sure of who sits (identity.js),
// create or join, keep the seat token, and go to the table page.

import { ensureIdentity } from '../shared/identity.js';
import { t } from '../shared/i18n.js';
import { apiProblem } from '../shared/problem.js';
import { playApi } from './play-api.js';
import { saveSeatToken } from './seat-token.js';

/** The address of a table page, keeping ?anim= and ?lang= from this page (tests, links). */
function tableUrl(tableId) {
  const here = new URLSearchParams(location.search);
  const keep = new URLSearchParams();
  for (const name of ['anim', 'lang']) if (here.has(name)) keep.set(name, here.get(name));
  const query = keep.toString();
  return `/play/t/${encodeURIComponent(tableId)}${query ? `?${query}` : ''}`;
}

/**
 * Run the steps of taking a seat as the person (a guest called `name`, unless they are signed in
 * to an account: ensureIdentity): `create` (optional) makes a table and returns its id; then the
 * first empty seat (or `seat`) is taken and, with `start`, the game started.
 * On a refusal `onError(text)` is called and nothing else happens.
 */
export async function takeSeat({ name, tableId = null, create = null, seat = null, start = false, onError }) {
  try {
    if (!(await ensureIdentity(name))) {
      onError(t('play.guest.needed'));
      return;
    }
    const id = tableId ?? (await playApi.createTable(create)).table_id;
    const joined = await playApi.join(id, seat);
    saveSeatToken(id, joined.seat_token);
    if (start) await playApi.start(id);
    location.assign(tableUrl(id));
  } catch (error) {
    onError(apiProblem(error));
  }
}

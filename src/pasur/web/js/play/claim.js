// Per shodam ("I'm out", claims=on): the button that claims the game for the viewer's side on
// any turn. A claim ends the game at once and a wrong one loses it, so the first tap only asks
// (the button says "Sure? Claim now" for a few seconds) and the second sends
// {"type": "claim", version}. The outcome arrives as the `claimed` event, said in the log.

import { h } from '../shared/dom.js';
import { t } from '../shared/i18n.js';
import { problemText } from '../shared/problem.js';
import { toast } from '../shared/toast.js';

const ASK_MS = 4000;

/** Whether the viewer may claim now: a seated person, in a round being played, claims on. */
export function canClaim(state) {
  return (
    state.config.rules?.claims === 'on' && state.status === 'playing' && state.you >= 0 && (state.game?.turn ?? -1) >= 0
  );
}

/** Mount the claim button in `tools`; `send(frame)` sends a frame and returns its ref. */
export function mountClaim(tools, { send, version }) {
  let asking = null;
  let ref = null;
  const button = h('button', { type: 'button', class: 'button small', id: 'claim', hidden: true });
  tools.prepend(button);
  const label = () => {
    button.textContent = t(asking ? 'play.claim.sure' : 'play.claim.button');
    button.classList.toggle('danger', asking !== null);
  };
  button.addEventListener('click', () => {
    if (asking === null) {
      asking = setTimeout(() => {
        asking = null;
        label();
      }, ASK_MS);
    } else {
      clearTimeout(asking);
      asking = null;
      ref = send({ type: 'claim', version: version() });
    }
    label();
  });
  return {
    draw(state) {
      button.hidden = !canClaim(state);
      label();
    },
    /** Handle an error about the claim; true when it was one. */
    onError(frame) {
      if (ref === null || frame.ref !== ref) return false;
      ref = null;
      toast(problemText(frame.code));
      return true;
    },
  };
}

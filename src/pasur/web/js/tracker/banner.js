// The banner above the round form: who won (or that the top is tied and another round is due),
// that a sheet made with no connection or rounds saved then wait to be sent, and that a share
// link's page is read only.

import { fill, h } from '../shared/dom.js';
import { formatNumber, t, tParts } from '../shared/i18n.js';
import { isLocal } from './made-offline.js';
import { canEdit, sideNames } from './sheet.js';

function banner(kind, icon, testId, title, detail) {
  return h(
    'div',
    { class: `banner ${kind}-banner`, role: 'status', 'data-testid': testId },
    h('span', { class: 'banner-icon', 'aria-hidden': 'true', text: icon }),
    h('div', {}, h('p', { class: 'banner-title' }, title), h('p', { class: 'banner-detail' }, detail)),
  );
}

function winnerBanner(sheet) {
  const side = sheet.winner - 1;
  const others = sheet.totals.filter((_, i) => i !== side);
  return banner(
    'winner',
    '♛',
    'winner',
    tParts('banner.winner', { name: sideNames(sheet)[side] }),
    tParts('banner.score', { count: sheet.totals[side], others: others.map(formatNumber).join(t('list.separator')) }),
  );
}

/** Draw the banners for the page's `state`. */
export function paintBanner(state) {
  const { sheet } = state;
  const parts = [];
  if (sheet.winner != null) parts.push(winnerBanner(sheet));
  else if (sheet.tied_at_target) {
    parts.push(banner('tie', '⚖', 'tie', tParts('banner.tie', { points: Math.max(...sheet.totals) }), t('banner.tie_detail')));
  }
  if (isLocal(state.route.token)) {
    parts.push(h('p', { class: 'banner waiting-banner', role: 'status', 'data-testid': 'made-offline', text: t('banner.made_offline') }));
  }
  if (state.waiting) {
    const text = t('banner.waiting', { count: state.waiting });
    parts.push(h('p', { class: 'banner waiting-banner', role: 'status', 'data-testid': 'waiting', text }));
  }
  if (!canEdit(state)) parts.push(h('p', { class: 'banner readonly-banner', text: t('banner.readonly') }));
  fill(document.querySelector('#banner'), parts);
}

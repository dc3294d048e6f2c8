// Tabs as the ARIA pattern has them: a tablist of buttons, each showing its panel
// (aria-controls) and hiding the others; the arrow keys move along the tabs (mirrored in
// Persian), Home and End go to the first and the last, and the tab in focus is chosen.

import { isRtl } from '../shared/i18n.js';

/**
 * Wire the tabs of `tablist`; `chosen(tab)` hears of each choice, and once at the start.
 * Returns `select(tab)`, to choose a tab from the page.
 * @param {HTMLElement} tablist
 * @param {(tab: HTMLElement) => void} chosen
 */
export function mountTabs(tablist, chosen) {
  const tabs = /** @type {HTMLElement[]} */ ([...tablist.querySelectorAll('[role="tab"]')]);
  /** @param {HTMLElement} tab */
  const select = (tab) => {
    for (const each of tabs) {
      const on = each === tab;
      each.setAttribute('aria-selected', String(on));
      each.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(each.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !on;
    }
    chosen(tab);
  };
  tablist.addEventListener('click', (event) => {
    const tab = event.target instanceof Element ? event.target.closest('[role="tab"]') : null;
    if (tab instanceof HTMLElement) select(tab);
  });
  tablist.addEventListener('keydown', (event) => {
    const at = tabs.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const step = { ArrowRight: isRtl() ? -1 : 1, ArrowLeft: isRtl() ? 1 : -1 }[event.key];
    const to = step ? (at + step + tabs.length) % tabs.length : { Home: 0, End: tabs.length - 1 }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    event.stopPropagation(); // the page's own keys (the replay's steps) are not these
    tabs[to].focus();
    select(tabs[to]);
  });
  select(tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0]);
  return select;
}

// The score tracker page: /tracker (a new sheet), /tracker/e/{edit token} (keep score),
// /tracker/s/{share token} (read only). Everything shown comes from the server's sheet; the
// browser only checks counts as they are typed, so that mistakes show before saving. A round is
// entered as counts, or by marking the cards each side captured (tracker-cards.js); the server
// takes either and counts the cards itself.

import { ApiError, trackerApi } from './shared/api.js';
import { raceChart, raceLegend } from './shared/chart.js';
import { fill, h } from './shared/dom.js';
import {
  formatNumber,
  initI18n,
  isRtl,
  mountLanguageSwitch,
  onLanguageChange,
  parseNumber,
  t,
} from './shared/i18n.js';
import { CardMarker, bidiText, cardSentence } from './tracker-cards.js';
import { mountNewSheet } from './tracker-new.js';
import {
  COUNT_FIELDS,
  MAX,
  PACK,
  countsFromCards,
  isUnfinished,
  validateCards,
  validateCounts,
} from './tracker-validate.js';

const $ = (selector) => document.querySelector(selector);

/** Where we are: which page, and the token from the address. */
function route() {
  const match = location.pathname.match(/^\/tracker\/([es])\/([^/]+)\/?$/);
  if (!match) return { mode: 'new', token: null };
  return { mode: match[1] === 'e' ? 'edit' : 'view', token: decodeURIComponent(match[2]) };
}

const state = {
  route: route(),
  sheet: null,
  entry: null,
  /** The cards part of the round form while it is shown (cards mode). */
  marker: null,
  busy: false,
  loadError: null,
};

const MODE_KEY = 'pasur.tracker.entry';

/** How this device last entered a round, 'counts' or 'cards': a table tends to keep its way. */
function savedMode() {
  try {
    return localStorage.getItem(MODE_KEY) === 'cards' ? 'cards' : 'counts';
  } catch {
    return 'counts';
  }
}

function saveMode(mode) {
  try {
    localStorage.setItem(MODE_KEY, mode);
  } catch {
    // not remembered; the switch still works for this page
  }
}

// ---------------------------------------------------------------- the sheet's shape

function sideNames(sheet) {
  if (Array.isArray(sheet.sides)) return sheet.sides.map(String);
  if (sheet.names.length === 4 && (sheet.sides === 2 || sheet.settings?.partnerships === 'on')) {
    return [`${sheet.names[0]} & ${sheet.names[2]}`, `${sheet.names[1]} & ${sheet.names[3]}`];
  }
  return sheet.names;
}

function setting(sheet, name) {
  const settings = sheet.settings ?? {};
  return settings[name] ?? settings[name.replaceAll('-', '_')];
}

function seatName(sheet, seat) {
  return sheet.names[seat - 1] ?? formatNumber(seat);
}

function nextRoundNumber(sheet) {
  return sheet.rounds.length + 1;
}

function canEdit(sheet) {
  return state.route.mode === 'edit' && sheet.can_edit !== false;
}

function absolute(url) {
  return url ? new URL(url, location.origin).href : null;
}

function editUrl(sheet) {
  return absolute(sheet.edit_url) ?? (state.route.mode === 'edit' ? absolute(`/tracker/e/${encodeURIComponent(state.route.token)}`) : null);
}

function shareUrl(sheet) {
  return absolute(sheet.share_url) ?? (sheet.share_token ? absolute(`/tracker/s/${encodeURIComponent(sheet.share_token)}`) : null);
}

// ---------------------------------------------------------------- the round being entered

/**
 * A round not entered yet. `mode` says how: 'counts' (`raw`, `ten_of_diamonds`, `two_of_clubs`)
 * or 'cards' (`owners`, a Map card → side, marked for the `active` side). The Surs (`raw.surs`)
 * are counted either way. Each way keeps its own input, so switching loses nothing.
 */
function blankEntry(sides, editing = null, mode = savedMode()) {
  const zeros = () => Array.from({ length: sides }, () => formatNumber(0));
  return {
    mode,
    raw: { clubs: zeros(), aces: zeros(), jacks: zeros(), surs: zeros() },
    ten_of_diamonds: null,
    two_of_clubs: null,
    owners: new Map(),
    active: 0,
    editing,
    submitted: false,
    serverErrors: {},
  };
}

function entryFromRound(round) {
  const counts = round.counts;
  const sides = counts.clubs.length;
  // The API keeps a round's counts, not its cards: a correction starts from the counts.
  const entry = blankEntry(sides, round.number, 'counts');
  for (const field of COUNT_FIELDS) entry.raw[field] = counts[field].map((n) => formatNumber(n));
  entry.ten_of_diamonds = counts.ten_of_diamonds - 1;
  entry.two_of_clubs = counts.two_of_clubs - 1;
  return entry;
}

function entrySurs(entry) {
  return entry.raw.surs.map(parseNumber);
}

/** The round's counts: as typed, or as the marked cards give them. */
function entryCounts(entry) {
  if (entry.mode === 'cards') return countsFromCards(entry.owners, entry.raw.surs.length, entrySurs(entry));
  const counts = {};
  for (const field of COUNT_FIELDS) counts[field] = entry.raw[field].map(parseNumber);
  counts.ten_of_diamonds = entry.ten_of_diamonds;
  counts.two_of_clubs = entry.two_of_clubs;
  return counts;
}

/** The round as the API takes it: `{counts}`, or `{cards, surs}` with each side's card codes. */
function requestBody(entry) {
  if (entry.mode === 'cards') {
    const cards = entry.raw.surs.map(() => []);
    for (const [card, side] of entry.owners) cards[side].push(card);
    return { cards, surs: entrySurs(entry) };
  }
  const counts = entryCounts(entry);
  return {
    counts: {
      ...counts,
      ten_of_diamonds: counts.ten_of_diamonds + 1,
      two_of_clubs: counts.two_of_clubs + 1,
    },
  };
}

/** The message for one field's problem, in words; `soft` when it only means "not finished". */
function problem(field, error, names) {
  if (error.code === 'number') {
    return t('entry.error.number', { name: names[error.side], max: error.max });
  }
  if (error.code === 'under' && !state.entry.submitted) {
    return t('entry.error.left', { left: error.whole - error.sum, whole: error.whole });
  }
  if (error.code === 'under' || error.code === 'over') {
    return t('entry.error.sum', { sum: error.sum, whole: error.whole });
  }
  if (error.code === 'choose') return t(`entry.error.choose.${field}`);
  if (error.code === 'no_club') return t('entry.error.no_club', { name: names[error.side] });
  if (error.code === 'unmarked') {
    return t(state.entry.submitted ? 'cards.error.unmarked' : 'cards.left', { n: error.left });
  }
  if (error.code === 'server') return error.message;
  return '';
}

function currentProblems() {
  const entry = state.entry;
  const errors =
    entry.mode === 'cards'
      ? validateCards(entry.owners, entry.raw.surs.length, entrySurs(entry))
      : validateCounts(entryCounts(entry));
  for (const [field, message] of Object.entries(entry.serverErrors)) {
    if (!errors[field]) errors[field] = { code: 'server', message };
  }
  return errors;
}

// ---------------------------------------------------------------- rendering

function renderTotals(sheet) {
  const names = sideNames(sheet);
  const totals = sheet.totals;
  const target = Number(setting(sheet, 'target') ?? sheet.target ?? 62);
  const best = Math.max(...totals);
  const bar = $('#totals');
  bar.hidden = false;
  const meta = [];
  if (sheet.winner == null) {
    meta.push(t('totals.round', { n: nextRoundNumber(sheet) }));
    meta.push(t('totals.deals', { name: seatName(sheet, sheet.next_dealer) }));
  } else {
    meta.push(t('totals.over'));
  }
  meta.push(t('totals.target', { target }));
  fill(
    bar,
    h('p', { class: 'totals-meta' }, meta.map((text, i) => [i ? h('span', { class: 'dot', 'aria-hidden': 'true', text: '·' }) : null, h('span', { text })])),
    h(
      'ol',
      { class: `totals sides-${names.length}`, 'aria-label': t('totals.label') },
      names.map((name, side) => {
        const item = h(
          'li',
          {
            class: `total side-${side}${totals[side] === best && best > 0 ? ' leader' : ''}${sheet.winner === side + 1 ? ' winner' : ''}`,
            'data-testid': `total-${side + 1}`,
            title: name,
          },
          h('span', { class: 'total-name' }, h('bdi', { text: name })),
          h('span', { class: 'total-value', 'data-testid': `total-value-${side + 1}`, text: formatNumber(totals[side]) }),
          h('span', { class: 'total-progress', 'aria-hidden': 'true' }, h('span', { class: 'total-fill' })),
        );
        item.querySelector('.total-fill').style.inlineSize = `${Math.min(100, (100 * totals[side]) / target)}%`;
        return item;
      }),
    ),
  );
  // What sticks below the totals (whose cards are being marked) sits under them, however tall;
  // set on <html>, whose scroll padding leaves room for both.
  document.documentElement.style.setProperty('--totals-height', `${bar.offsetHeight}px`);
}

function renderBanner(sheet) {
  const banner = $('#banner');
  const names = sideNames(sheet);
  const parts = [];
  if (sheet.winner != null) {
    const side = sheet.winner - 1;
    const others = sheet.totals.filter((_, i) => i !== side);
    parts.push(
      h(
        'div',
        { class: 'banner winner-banner', role: 'status', 'data-testid': 'winner' },
        h('span', { class: 'banner-icon', 'aria-hidden': 'true', text: '♛' }),
        h(
          'div',
          {},
          h('p', { class: 'banner-title' }, bidiText(t('banner.winner', { name: '\u0000' }), names[side])),
          h('p', { class: 'banner-detail', text: t('banner.score', { points: sheet.totals[side], others: others.map(formatNumber).join(t('list.separator')) }) }),
        ),
      ),
    );
  } else if (sheet.tied_at_target) {
    parts.push(
      h(
        'div',
        { class: 'banner tie-banner', role: 'status', 'data-testid': 'tie' },
        h('span', { class: 'banner-icon', 'aria-hidden': 'true', text: '⚖' }),
        h('div', {}, h('p', { class: 'banner-title', text: t('banner.tie', { points: Math.max(...sheet.totals) }) }), h('p', { class: 'banner-detail', text: t('banner.tie_detail') })),
      ),
    );
  }
  if (!canEdit(sheet)) {
    parts.push(h('p', { class: 'banner readonly-banner', text: t('banner.readonly') }));
  }
  fill(banner, parts);
}

function newGameHref(sheet) {
  const query = new URLSearchParams();
  for (const name of sheet.names) query.append('player', name);
  if (Array.isArray(sheet.sides) ? sheet.sides.length === 2 && sheet.names.length === 4 : setting(sheet, 'partnerships') === 'on') {
    query.set('format', 'teams');
  }
  for (const name of ['target', 'clubs-points', 'clubs-award', 'clubs-tie3', 'sur-points', 'sur-cutoff', 'sur-cancel']) {
    const value = setting(sheet, name);
    if (value != null) query.set(name, String(value));
  }
  return `/tracker?${query}`;
}

function renderEntry(sheet) {
  const section = $('#entry');
  const entry = state.entry;
  const show = canEdit(sheet) && (sheet.winner == null || entry.editing != null);
  section.hidden = !show;
  state.marker = null;
  if (!show) {
    section.replaceChildren();
    return;
  }
  const names = sideNames(sheet);
  const number = entry.editing ?? nextRoundNumber(sheet);
  const dealer = entry.editing != null ? sheet.rounds[entry.editing - 1].dealer : sheet.next_dealer;

  const stepperRow = (field, side) => {
    const id = `${field}-${side}`;
    const step = (delta) => () => {
      const value = parseNumber(entry.raw[field][side]);
      const next = Math.min(MAX[field], Math.max(0, (Number.isNaN(value) ? 0 : value) + delta));
      entry.raw[field][side] = formatNumber(next);
      delete entry.serverErrors[field];
      const input = document.getElementById(id);
      input.value = entry.raw[field][side];
      updateEntryState();
    };
    return h(
      'div',
      { class: 'stepper-row' },
      h('label', { for: id, class: 'stepper-name' }, h('bdi', { text: names[side] })),
      h(
        'div',
        { class: 'stepper' },
        h('button', {
          type: 'button',
          class: 'step minus',
          'data-field': field,
          'data-side': side + 1,
          'data-step': '-1',
          'aria-label': t('entry.less', { name: names[side], what: t(`field.${field}`) }),
          'aria-controls': id,
          onclick: step(-1),
          text: '−',
        }),
        h('input', {
          id,
          type: 'text',
          inputmode: 'numeric',
          autocomplete: 'off',
          enterkeyhint: 'next',
          class: 'step-value',
          'data-field': field,
          'data-side': side + 1,
          'aria-describedby': `${field}-status`,
          value: entry.raw[field][side],
          onfocus: (event) => event.target.select(),
          oninput: (event) => {
            entry.raw[field][side] = event.target.value;
            delete entry.serverErrors[field];
            updateEntryState();
          },
          onchange: (event) => {
            const value = parseNumber(event.target.value);
            if (!Number.isNaN(value)) {
              entry.raw[field][side] = formatNumber(value);
              event.target.value = entry.raw[field][side];
            }
          },
        }),
        h('button', {
          type: 'button',
          class: 'step plus',
          'data-field': field,
          'data-side': side + 1,
          'data-step': '+1',
          'aria-label': t('entry.more', { name: names[side], what: t(`field.${field}`) }),
          'aria-controls': id,
          onclick: step(1),
          text: '+',
        }),
      ),
    );
  };

  const group = (field, icon, iconClass) =>
    h(
      'fieldset',
      { class: 'group', id: `group-${field}`, 'data-group': field },
      h(
        'legend',
        { class: 'group-title' },
        h('span', { class: `group-icon ${iconClass}`, 'aria-hidden': 'true', text: icon }),
        h('span', { text: t(`field.${field}`) }),
        PACK[field] ? h('span', { class: 'group-whole', text: t('entry.of_pack', { whole: PACK[field] }) }) : null,
      ),
      h('p', { class: 'group-status', id: `${field}-status`, 'aria-live': 'polite' }),
      names.map((_, side) => stepperRow(field, side)),
    );

  const chooser = (field, label) =>
    h(
      'fieldset',
      { class: 'group', id: `group-${field}`, 'data-group': field },
      h('legend', { class: 'group-title' }, label),
      h('p', { class: 'group-status', id: `${field}-status`, 'aria-live': 'polite' }),
      h(
        'div',
        { class: 'segmented choices' },
        names.map((name, side) =>
          h(
            'label',
            { class: 'segment' },
            h('input', {
              type: 'radio',
              name: field,
              id: `${field}-${side}`,
              value: side,
              'data-field': field,
              'data-side': side + 1,
              'aria-describedby': `${field}-status`,
              checked: entry[field] === side,
              onchange: () => {
                entry[field] = side;
                delete entry.serverErrors[field];
                updateEntryState();
              },
            }),
            h('bdi', { text: name }),
          ),
        ),
      ),
    );

  const modeSwitch = h(
    'fieldset',
    { class: 'mode-switch' },
    h('legend', { class: 'visually-hidden', text: t('entry.mode') }),
    h(
      'div',
      { class: 'segmented' },
      ['counts', 'cards'].map((mode) =>
        h(
          'label',
          { class: 'segment' },
          h('input', {
            type: 'radio',
            name: 'entry-mode',
            value: mode,
            checked: entry.mode === mode,
            onchange: () => switchMode(mode),
          }),
          h('span', { text: t(`entry.mode.${mode}`) }),
        ),
      ),
    ),
  );

  let fields;
  if (entry.mode === 'cards') {
    state.marker = new CardMarker({
      names,
      entry,
      onChange: () => {
        delete entry.serverErrors.cards;
        updateEntryState();
      },
      onCleared: (restore) => toast(t('toast.cleared'), { label: t('action.undo'), run: restore }),
    });
    fields = [
      entry.editing != null ? h('p', { class: 'hint', text: t('cards.edit_hint', { n: number }) }) : null,
      state.marker.element(),
    ];
  } else {
    fields = [
      group('clubs', '♣', 'black'),
      chooser('ten_of_diamonds', cardSentence('entry.who', '10♦', 'red')),
      chooser('two_of_clubs', cardSentence('entry.who', '2♣', 'black')),
      group('aces', 'A', 'black'),
      group('jacks', 'J', 'black'),
    ];
  }

  fill(
    section,
    h(
      'form',
      {
        id: 'round-form',
        'data-mode': entry.mode,
        class: 'panel',
        novalidate: true,
        'aria-labelledby': 'entry-title',
        onsubmit: (event) => {
          event.preventDefault();
          saveRound();
        },
      },
      h(
        'div',
        { class: 'entry-head' },
        h('h2', { id: 'entry-title', tabindex: '-1', text: t(entry.editing != null ? 'entry.title_edit' : 'entry.title', { n: number }) }),
        h('p', { class: 'entry-dealer' }, bidiText(t('entry.dealer', { name: '\u0000' }), seatName(sheet, dealer))),
      ),
      modeSwitch,
      fields,
      group('surs', '★', 'gold'),
      h('p', { class: 'hint', text: t('entry.surs_hint') }),
      // Enter in a field submits; the visible button is in the action bar.
      h('button', { type: 'submit', class: 'visually-hidden', tabindex: '-1', text: t('entry.save') }),
    ),
  );
  updateEntryState();
}

/** Refresh the statuses, the invalid marks and the action bar after any change to the entry. */
function updateEntryState() {
  const sheet = state.sheet;
  if (!sheet || !state.entry || $('#entry').hidden) {
    renderActions(sheet);
    return;
  }
  const names = sideNames(sheet);
  const errors = currentProblems();
  const counts = entryCounts(state.entry);
  state.marker?.update();
  for (const field of ['cards', ...COUNT_FIELDS, 'ten_of_diamonds', 'two_of_clubs']) {
    const group = document.getElementById(`group-${field}`);
    const status = document.getElementById(`${field}-status`);
    if (!group || !status) continue;
    const error = errors[field];
    const hard = error && (state.entry.submitted || !isUnfinished(error));
    group.classList.toggle('invalid', Boolean(hard));
    group.classList.toggle('pending', Boolean(error && !hard));
    group.classList.toggle('valid', !error);
    for (const input of group.querySelectorAll(`input[data-field="${field}"]`)) {
      const culprit = hard && (error.side === undefined || Number(input.dataset.side) === error.side + 1 || error.code !== 'number');
      if (culprit) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    let text;
    if (error) text = problem(field, error, names);
    else if (field === 'cards') text = t('cards.ok');
    else if (PACK[field]) text = t('entry.ok_sum', { sum: PACK[field] });
    else if (field === 'surs') {
      const total = counts.surs.reduce((a, b) => a + b, 0);
      text = total ? t('entry.surs_total', { n: total }) : t('entry.no_surs');
    } else text = t('entry.chosen', { name: names[state.entry[field]] });
    status.textContent = text;
    status.dataset.state = hard ? 'error' : error ? 'pending' : 'ok';
  }
  renderActions(sheet, errors);
}

function renderActions(sheet, errors = null) {
  const bar = $('#actions');
  if (!sheet || !canEdit(sheet)) {
    bar.hidden = true;
    document.body.classList.remove('has-actions');
    document.body.style.removeProperty('--actions-height');
    return;
  }
  bar.hidden = false;
  document.body.classList.add('has-actions');
  const entry = state.entry;
  const entering = !$('#entry').hidden;
  const problems = errors ? Object.entries(errors) : [];
  const hard = problems.filter(([, error]) => entry.submitted || !isUnfinished(error));
  let status = null;
  if (entering) {
    const names = sideNames(sheet);
    const shown = hard.length ? hard : problems;
    status = shown.length
      ? h(
          'p',
          { id: 'entry-status', class: `action-status ${hard.length ? 'error' : 'pending'}`, 'data-testid': 'entry-status' },
          h('span', { class: 'status-field', text: `${t(`field.${shown[0][0]}`)}: ` }),
          problem(shown[0][0], shown[0][1], names),
          shown.length > 1 ? h('span', { class: 'status-more', text: ` ${t('entry.more_problems', { n: shown.length - 1 })}` }) : null,
        )
      : h('p', { id: 'entry-status', class: 'action-status ok', 'data-testid': 'entry-status', text: t('entry.ready') });
  }
  const number = entry?.editing ?? nextRoundNumber(sheet);
  const left =
    entering && entry.editing != null
      ? h('button', { type: 'button', class: 'button quiet', onclick: cancelEdit, text: t('entry.cancel') })
      : h(
          'button',
          { type: 'button', class: 'button quiet', id: 'undo', disabled: !sheet.can_undo || state.busy, onclick: undo },
          h('span', { class: 'undo-icon', 'aria-hidden': 'true', text: '↶' }),
          t('action.undo'),
        );
  const right = entering
    ? h('button', {
        type: 'button',
        id: 'save-round',
        // Not disabled: tapping it while something is missing shows what, at the field.
        class: `button primary${problems.length ? ' looks-disabled' : ''}`,
        'aria-describedby': status ? 'entry-status' : null,
        disabled: state.busy,
        onclick: saveRound,
        text: t(entry.editing != null ? 'entry.save_edit' : 'entry.save', { n: number }),
      })
    : sheet.winner != null
      ? h('a', { class: 'button primary', href: newGameHref(sheet), text: t('banner.new_game') })
      : null;
  fill(bar, status, h('div', { class: 'action-buttons' }, left, right));
  // The page leaves room for the bar (and the toast sits above it), however tall it is.
  document.body.style.setProperty('--actions-height', `${bar.offsetHeight}px`);
}

function renderChart(sheet) {
  const section = $('#race');
  section.hidden = sheet.rounds.length === 0;
  if (section.hidden) return;
  const names = sideNames(sheet);
  const series = names.map((_, side) => [0, ...sheet.rounds.map((round) => round.totals[side])]);
  const target = Number(setting(sheet, 'target') ?? sheet.target ?? 62);
  const label = t('chart.label', {
    rounds: sheet.rounds.length,
    totals: names.map((name, side) => `${name} ${formatNumber(sheet.totals[side])}`).join(t('list.separator')),
  });
  fill(
    section,
    h('h2', { text: t('chart.title') }),
    h(
      'figure',
      { class: 'race' },
      raceChart({ series, target, rtl: isRtl(), format: formatNumber, label, targetLabel: t('chart.target') }),
      h('figcaption', {}, raceLegend(names, sheet.totals, formatNumber)),
    ),
  );
}

const BREAKDOWN_ROWS = [
  ['clubs', 'breakdown.clubs', false],
  ['clubs_points', 'breakdown.clubs_points', true],
  ['ten_of_diamonds', 'breakdown.ten_of_diamonds', true],
  ['two_of_clubs', 'breakdown.two_of_clubs', true],
  ['aces', 'breakdown.aces', true],
  ['jacks', 'breakdown.jacks', true],
  ['surs', 'breakdown.surs', false],
  ['sur_points', 'breakdown.sur_points', true],
];

function renderHistory(sheet) {
  const section = $('#history');
  const names = sideNames(sheet);
  const editable = canEdit(sheet);
  const rounds = [...sheet.rounds].reverse();
  fill(
    section,
    h('h2', { text: t('history.title') }),
    rounds.length === 0
      ? h('p', { class: 'empty', text: t('history.empty') })
      : h(
          'ol',
          { class: 'rounds', reversed: true },
          rounds.map((round) =>
            h(
              'li',
              { class: `round${state.entry?.editing === round.number ? ' editing' : ''}`, 'data-round': round.number },
              h(
                'div',
                { class: 'round-head' },
                h(
                  'div',
                  {},
                  h('h3', { text: t('history.round', { n: round.number }) }),
                  h('p', { class: 'round-dealer' }, bidiText(t('history.dealt_by', { name: '\u0000' }), seatName(sheet, round.dealer))),
                ),
                editable
                  ? h(
                      'div',
                      { class: 'round-actions' },
                      h('button', {
                        type: 'button',
                        class: 'button small',
                        'data-action': 'edit',
                        'aria-label': t('history.edit_round', { n: round.number }),
                        onclick: () => startEdit(round),
                        text: t('history.edit'),
                      }),
                      h('button', {
                        type: 'button',
                        class: 'button small danger',
                        'data-action': 'delete',
                        'aria-label': t('history.delete_round', { n: round.number }),
                        onclick: () => deleteRound(round),
                        text: t('history.delete'),
                      }),
                    )
                  : null,
              ),
              h(
                'table',
                { class: 'round-points' },
                h('caption', { class: 'visually-hidden', text: t('history.points_caption', { n: round.number }) }),
                h('thead', {}, h('tr', {}, h('th', { scope: 'col', text: t('history.side') }), h('th', { scope: 'col', text: t('history.points') }), h('th', { scope: 'col', text: t('history.total') }))),
                h(
                  'tbody',
                  {},
                  names.map((name, side) =>
                    h(
                      'tr',
                      {},
                      h('th', { scope: 'row' }, h('bdi', { text: name })),
                      h('td', { class: 'num gain', text: `+${formatNumber(round.points[side])}` }),
                      h('td', { class: 'num', text: formatNumber(round.totals[side]) }),
                    ),
                  ),
                ),
              ),
              h(
                'details',
                { class: 'breakdown' },
                h('summary', { text: t('history.breakdown') }),
                h(
                  'table',
                  { class: 'breakdown-table' },
                  h('thead', {}, h('tr', {}, h('td'), names.map((name) => h('th', { scope: 'col' }, h('bdi', { text: name }))))),
                  h(
                    'tbody',
                    {},
                    BREAKDOWN_ROWS.map(([key, label, points]) =>
                      h(
                        'tr',
                        { class: points ? 'points-row' : 'count-row' },
                        h('th', { scope: 'row', text: t(label) }),
                        names.map((_, side) => h('td', { class: 'num', text: formatNumber(breakdownValue(round, side, key)) })),
                      ),
                    ),
                    h(
                      'tr',
                      { class: 'sum-row' },
                      h('th', { scope: 'row', text: t('breakdown.total') }),
                      names.map((_, side) => h('td', { class: 'num', text: formatNumber(round.points[side]) })),
                    ),
                  ),
                ),
              ),
            ),
          ),
        ),
  );
}

function breakdownValue(round, side, key) {
  const line = round.breakdown?.find((item) => item.side === side + 1) ?? round.breakdown?.[side] ?? {};
  return line[key] ?? 0;
}

function renderLinks(sheet) {
  const section = $('#links');
  const share = shareUrl(sheet);
  const edit = canEdit(sheet) ? editUrl(sheet) : null;
  const token = state.route.token;
  const linkField = (id, labelKey, hintKey, url) =>
    h(
      'div',
      { class: 'link-field' },
      h('label', { for: id, text: t(labelKey) }),
      h('p', { class: 'hint', id: `${id}-hint`, text: t(hintKey) }),
      h(
        'div',
        { class: 'copy-row' },
        h('input', { id, type: 'text', readonly: true, dir: 'ltr', value: url, 'aria-describedby': `${id}-hint`, onfocus: (event) => event.target.select() }),
        h('button', { type: 'button', class: 'button', 'data-copy': id, onclick: (event) => copy(url, event.currentTarget), text: t('links.copy') }),
      ),
    );
  fill(
    section,
    h('h2', { text: t('links.title') }),
    share ? linkField('share-link', 'links.share', 'links.share_hint', share) : null,
    edit ? linkField('edit-link', 'links.edit', 'links.edit_hint', edit) : null,
    h(
      'p',
      { class: 'link-actions' },
      h('a', { class: 'button', href: trackerApi.csvUrl(token), download: 'pasur-score-sheet.csv', 'data-testid': 'csv', text: t('links.csv') }),
      h('a', { class: 'button quiet', href: '/tracker', text: t('links.new_sheet') }),
    ),
  );
}

function renderRules(sheet) {
  const section = $('#rules');
  const names = sideNames(sheet);
  const value = (name) => String(setting(sheet, name) ?? '');
  const rows = [
    ['setting.target', formatNumber(value('target') || sheet.target)],
    ['setting.clubs-points', formatNumber(value('clubs-points'))],
    ['setting.clubs-award', t(`setting.clubs-award.${value('clubs-award')}`)],
    names.length === 3 ? ['setting.clubs-tie3', t(`setting.clubs-tie3.${value('clubs-tie3')}`)] : null,
    ['setting.sur-points', formatNumber(value('sur-points'))],
    ['setting.sur-cutoff', value('sur-cutoff') === 'none' ? t('setting.sur-cutoff.none') : formatNumber(value('sur-cutoff'))],
    ['setting.sur-cancel', t(`setting.sur-cancel.${value('sur-cancel')}`)],
  ].filter(Boolean);
  fill(
    section,
    h(
      'details',
      {},
      h('summary', { text: t('rules.title') }),
      h('dl', { class: 'rules-list' }, rows.map(([label, text]) => [h('dt', { text: t(label) }), h('dd', { text })])),
    ),
  );
}

function renderSheet() {
  const sheet = state.sheet;
  $('#loading').hidden = true;
  $('#new-sheet').hidden = true;
  $('#sheet-view').hidden = false;
  document.title = `${sideNames(sheet).join(' · ')} — ${t('tracker.title')}`;
  renderTotals(sheet);
  renderBanner(sheet);
  renderEntry(sheet);
  renderChart(sheet);
  renderHistory(sheet);
  renderLinks(sheet);
  renderRules(sheet);
  if ($('#entry').hidden) renderActions(sheet);
}

function renderLoadError() {
  $('#loading').hidden = true;
  const error = state.loadError;
  const key = error instanceof ApiError && error.status === 404 ? 'error.not_found' : error instanceof ApiError && error.status === 0 ? 'error.offline' : 'error.unexpected';
  fill($('#load-error'), h('h1', { text: t('error.title') }), h('p', { text: t(key) }), h('a', { class: 'button primary', href: '/tracker', text: t('links.new_sheet') }));
  $('#load-error').hidden = false;
}

// ---------------------------------------------------------------- actions

let toastTimer = null;

function toast(message, action = null) {
  const box = $('#toast');
  fill(box, h('span', { text: message }), action ? h('button', { type: 'button', class: 'button small', onclick: () => { box.hidden = true; action.run(); }, text: action.label }) : null);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, action ? 8000 : 4000);
}

function failed(error) {
  if (error instanceof ApiError) {
    if (error.status === 0) return toast(t('error.offline'));
    if (error.status === 403) return toast(t('error.readonly'));
    if (error.status === 404) return toast(t('error.not_found'));
    if (error.status === 409) return toast(t('error.conflict'));
    if (typeof error.detail === 'string') return toast(error.detail);
  }
  return toast(t('error.unexpected'));
}

async function change(run) {
  if (state.busy) return null;
  state.busy = true;
  renderActions(state.sheet, state.entry && !$('#entry').hidden ? currentProblems() : null);
  try {
    const result = await run();
    state.sheet = result && Array.isArray(result.rounds) ? result : await trackerApi.get(state.route.token);
    return state.sheet;
  } finally {
    state.busy = false;
  }
}

async function saveRound() {
  const entry = state.entry;
  const errors = currentProblems();
  if (Object.keys(errors).length) {
    entry.submitted = true;
    updateEntryState();
    const field = Object.keys(errors)[0];
    const group = document.getElementById(`group-${field}`);
    if (field === 'cards') state.marker?.focusMissing();
    else (group?.querySelector('[aria-invalid="true"]') ?? group?.querySelector('input'))?.focus();
    return;
  }
  const body = requestBody(entry);
  const editing = entry.editing;
  try {
    const sheet = await change(() =>
      editing != null
        ? trackerApi.editRound(state.route.token, editing, body, state.sheet.version)
        : trackerApi.addRound(state.route.token, body, state.sheet.version),
    );
    if (!sheet) return;
    const round = sheet.rounds[(editing ?? sheet.rounds.length) - 1];
    state.entry = blankEntry(sideNames(sheet).length);
    renderSheet();
    if (round) {
      const gains = sideNames(sheet).map((name, side) => `${name} +${formatNumber(round.points[side])}`).join(t('list.separator'));
      toast(t(editing != null ? 'toast.edited' : 'toast.saved', { n: round.number, gains }));
    }
    if (editing != null) document.querySelector(`[data-round="${editing}"]`)?.scrollIntoView({ block: 'center' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      entry.serverErrors = {};
      const fields = entry.mode === 'cards' ? ['cards', 'surs'] : [...COUNT_FIELDS, 'ten_of_diamonds', 'two_of_clubs'];
      for (const { field, message } of error.fieldErrors) {
        entry.serverErrors[fields.includes(field) ? field : fields[0]] = message;
      }
      entry.submitted = true;
      updateEntryState();
      return;
    }
    failed(error);
    if (error instanceof ApiError && error.status === 409) await reload();
    else updateEntryState();
  }
}

/** Enter the round the other way; what was entered the first way is kept for a switch back. */
function switchMode(mode) {
  state.entry.mode = mode;
  state.entry.serverErrors = {};
  saveMode(mode);
  renderEntry(state.sheet);
  document.querySelector(`input[name="entry-mode"][value="${mode}"]`)?.focus();
}

function startEdit(round) {
  state.entry = entryFromRound(round);
  renderSheet();
  $('#entry').scrollIntoView({ block: 'start' });
  document.getElementById('entry-title')?.focus({ preventScroll: true });
}

function cancelEdit() {
  const number = state.entry.editing;
  state.entry = blankEntry(sideNames(state.sheet).length);
  renderSheet();
  document.querySelector(`[data-round="${number}"] [data-action="edit"]`)?.focus();
}

async function deleteRound(round) {
  try {
    await change(() => trackerApi.deleteRound(state.route.token, round.number, state.sheet.version));
    if (state.entry.editing != null) state.entry = blankEntry(sideNames(state.sheet).length);
    renderSheet();
    toast(t('toast.deleted', { n: round.number }), { label: t('action.undo'), run: undo });
  } catch (error) {
    failed(error);
    await reload();
  }
}

async function undo() {
  try {
    await change(() => trackerApi.undo(state.route.token, state.sheet.version));
    state.entry = blankEntry(sideNames(state.sheet).length);
    renderSheet();
    toast(t('toast.undone'));
  } catch (error) {
    failed(error);
    await reload();
  }
}

async function reload() {
  try {
    state.sheet = await trackerApi.get(state.route.token);
    renderSheet();
  } catch (error) {
    failed(error);
  }
}

async function copy(text, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    // Not a secure context (a LAN address over http): select the text and use the old command.
    const input = document.getElementById(button.dataset.copy);
    input.focus();
    input.select();
    try {
      done = document.execCommand('copy');
    } catch {
      done = false;
    }
  }
  button.textContent = t(done ? 'links.copied' : 'links.copy_failed');
  setTimeout(() => {
    button.textContent = t('links.copy');
  }, 2000);
}

// ---------------------------------------------------------------- start

function rerenderAll() {
  $('#toast').hidden = true; // it speaks the old language
  if (state.sheet) {
    if (state.entry) {
      for (const field of COUNT_FIELDS) {
        state.entry.raw[field] = state.entry.raw[field].map((raw) => {
          const value = parseNumber(raw);
          return Number.isNaN(value) ? raw : formatNumber(value);
        });
      }
    }
    renderSheet();
  } else if (state.loadError) renderLoadError();
}

async function start() {
  await initI18n({ extra: ['tracker'] });
  mountLanguageSwitch($('[data-lang-switch]'));
  if (state.route.mode === 'new') {
    $('#loading').hidden = true;
    $('#new-sheet').hidden = false;
    document.title = t('tracker.title');
    const rerender = mountNewSheet($('#new-sheet'), {
      onCreated: (sheet) => {
        const token = sheet.edit_token ?? new URL(sheet.edit_url, location.origin).pathname.split('/').pop();
        location.assign(`/tracker/e/${encodeURIComponent(token)}`);
      },
    });
    onLanguageChange(() => {
      document.title = t('tracker.title');
      rerender();
    });
    return;
  }
  onLanguageChange(rerenderAll);
  try {
    state.sheet = await trackerApi.get(state.route.token);
    state.entry = blankEntry(sideNames(state.sheet).length);
    renderSheet();
  } catch (error) {
    state.loadError = error;
    renderLoadError();
  }
}

start().catch((error) => {
  console.error(error);
  const box = document.getElementById('loading');
  box.hidden = false;
  box.textContent = 'The page could not start. Reload to try again.';
});

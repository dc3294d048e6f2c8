// The rules guide (/rules): /static/learn/examples.json gives its sections in order (each part a
// message of the catalogs, a worked example or a drawing) and every worked example, which the
// test suite checks against the rules engine, so what the page teaches is what the engine plays
// and a new section or house rule is new data, not new markup.

import { cardElement, cardName } from '../shared/cards.js';
import { fill, h } from '../shared/dom.js';
import { onLanguageChange, t, translate } from '../shared/i18n.js';
import { cardsText } from '../shared/moves.js';
import { cardRow, scoreSheet } from './drawing.js';
import { startPage } from './page.js';

const EXAMPLES_URL = '/static/learn/examples.json';

// ---------------------------------------------------------------- one capture example

function optionsOf(item) {
  return item.captures.map((taken, index) => {
    const chosen = item.chosen === index;
    return h(
      'li',
      { class: chosen ? 'option chosen' : 'option' },
      cardRow(taken, { small: true, label: t('learn.play.set', { cards: cardsText(taken) }) }),
      chosen ? h('span', { class: 'badge', text: t('learn.play.chosen') }) : null,
    );
  });
}

function verdict(item) {
  const card = cardName(item.card);
  const canLay = item.can_lay ?? item.captures.length === 0;
  let text;
  if (item.captures.length === 0) text = t('learn.play.laid', { card });
  else if (canLay) text = t('learn.play.may_lay', { card });
  else if (item.captures.length === 1) text = t('learn.play.must_one', { card });
  else text = t('learn.play.must', { card });
  const sur =
    item.sur === undefined
      ? null
      : h('span', {
          class: item.sur ? 'badge sur' : 'badge',
          text: t(item.sur ? 'learn.play.sur' : 'learn.play.no_sur'),
        });
  // Card names start in lower case ("seven of diamonds"); a sentence does not.
  return h('p', { class: 'play-verdict' }, text.charAt(0).toUpperCase() + text.slice(1), ' ', sur);
}

function orMark() {
  return h('li', { class: 'or', 'aria-hidden': 'true', text: t('learn.play.or') });
}

function playItem(item) {
  const options = item.captures.length
    ? h(
        'ol',
        { class: 'options', 'aria-label': t('learn.play.takes') },
        optionsOf(item).flatMap((option, index) =>
          index === 0 ? [option] : [orMark(), option],
        ),
      )
    : null;
  return h(
    'li',
    { class: 'play', dataset: { card: item.card } },
    h('div', { class: 'play-card' }, cardElement(item.card)),
    h('div', { class: 'play-body' }, options, verdict(item)),
  );
}

function exampleFigure(figure, example) {
  fill(
    figure,
    h('figcaption', { text: t(`learn.example.${example.id}`) }),
    h(
      'div',
      { class: 'felt' },
      h('span', { class: 'felt-label', text: t('learn.play.table') }),
      cardRow(example.table, { label: `${t('learn.play.table')}: ${cardsText(example.table)}` }),
    ),
    h('ol', { class: 'plays' }, example.plays.map(playItem)),
  );
}

// ---------------------------------------------------------------- the deal, the count, the game

function dealFigure(figure, deal) {
  const [yours, theirs] = deal.hands;
  fill(
    figure,
    h('figcaption', { text: t('learn.deal.caption') }),
    h('p', { class: 'row-label', text: t('learn.deal.theirs') }),
    cardRow(theirs, { faceDown: true, label: t('learn.deal.theirs') }),
    h(
      'div',
      { class: 'felt' },
      h('span', { class: 'felt-label', text: t('learn.deal.table') }),
      cardRow(deal.table, { label: `${t('learn.deal.table')}: ${cardsText(deal.table)}` }),
    ),
    h('p', { class: 'row-label', text: t('learn.deal.yours') }),
    cardRow(yours, { label: `${t('learn.deal.yours')}: ${cardsText(yours)}` }),
  );
}

function pointsTable(container, points) {
  fill(
    container,
    h(
      'table',
      { class: 'score-sheet points-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col', text: t('learn.count.what') }),
          h('th', { scope: 'col', text: t('learn.count.worth') }),
        ),
      ),
      h(
        'tbody',
        {},
        points.map(({ what, points: n }) =>
          h(
            'tr',
            {},
            h('th', { scope: 'row', text: t(`learn.count.${what}`) }),
            h('td', { text: t('learn.count.points', { count: n }) }),
          ),
        ),
      ),
    ),
  );
}

function countFigure(figure, count) {
  const piles = count.piles.map((pile, side) =>
    h(
      'div',
      { class: 'pile' },
      h(
        'p',
        { class: 'row-label' },
        h('bdi', {}, t('learn.count.pile', { name: count.players[side] })),
        count.surs[side]
          ? h('span', { class: 'badge sur', text: t('learn.count.surs', { n: count.surs[side] }) })
          : null,
      ),
      cardRow(pile, {
        small: true,
        label: `${t('learn.count.pile', { name: count.players[side] })}: ${cardsText(pile)}`,
      }),
    ),
  );
  fill(
    figure,
    h('figcaption', { text: t('learn.count.example') }),
    piles,
    scoreSheet(count.players, count.lines),
  );
}

function gameFigure(figure, game) {
  const totals = game.seats.map(() => 0);
  const rows = game.rounds.map((points, index) => {
    const cells = points.map((gained, side) => {
      totals[side] += gained;
      return h('td', { text: t('learn.game.cell', { points: gained, total: totals[side] }) });
    });
    return h('tr', {}, h('th', { scope: 'row', text: t('learn.game.round', { n: index + 1 }) }), cells);
  });
  fill(
    figure,
    h('figcaption', { text: t('learn.game.example') }),
    h(
      'table',
      { class: 'score-sheet game-sheet' },
      h(
        'thead',
        {},
        h('tr', {}, h('td', {}), game.seats.map((name) => h('th', { scope: 'col' }, h('bdi', {}, name)))),
      ),
      h('tbody', {}, rows),
    ),
    h('p', {
      class: 'winner',
      text: t('learn.game.winner', { name: game.seats[game.winner], total: game.totals[game.winner] }),
    }),
  );
}

// ---------------------------------------------------------------- house rules

function settingValue(entry, value, index) {
  const written = value === 'any' ? `${entry.name}=…` : `${entry.name}=${value}`;
  return h(
    'li',
    { class: 'setting-value' },
    h(
      'p',
      { class: 'value-head' },
      h('code', { dir: 'ltr', text: written }),
      index === 0 ? h('span', { class: 'badge', text: t('learn.house.standard') }) : null,
      entry.pagat === value ? h('span', { class: 'badge pagat', text: t('learn.house.pagat') }) : null,
    ),
    h('p', { text: t(`learn.setting.${entry.name}.${value}`) }),
    h('p', {
      class: 'hint',
      text: t('learn.house.source', { source: t(`learn.source.${entry.name}.${value}`) }),
    }),
  );
}

function houseRules(container, settings, examples) {
  const groups = [...new Set(settings.map((entry) => entry.group))];
  fill(
    container,
    groups.map((group) =>
      h(
        'section',
        { class: 'setting-group', dataset: { group } },
        h('h3', { text: t(`learn.group.${group}`) }),
        settings
          .filter((entry) => entry.group === group)
          .map((entry) => {
            const example = entry.example ? examples.get(entry.example) : null;
            const figure = example
              ? h('figure', { class: 'example', dataset: { example: example.id } })
              : null;
            if (figure) exampleFigure(figure, example);
            return h(
              'article',
              { class: 'setting', id: `setting-${entry.name}`, dataset: { setting: entry.name } },
              h('h4', {}, t(`learn.setting.${entry.name}`), ' ', h('code', { dir: 'ltr', text: entry.name })),
              h(
                'ul',
                { class: 'setting-values' },
                entry.values.map((value, index) => settingValue(entry, value, index)),
              ),
              figure,
            );
          }),
      ),
    ),
  );
}

// ---------------------------------------------------------------- the sections

/** The drawings that stand on their own rather than framed as an example. */
const UNFRAMED = new Set(['points', 'house']);

/** One part of section `id`: its text names a message `learn.{id}.{name}`. */
function sectionPart(id, part) {
  const message = (name) => ({ i18n: `learn.${id}.${name}` });
  if ('text' in part) return h('p', { dataset: message(part.text) });
  if ('hint' in part) return h('p', { class: 'hint', dataset: message(part.hint) });
  if ('list' in part) {
    return h('ol', { class: 'exceptions' }, part.list.map((name) => h('li', { dataset: message(name) })));
  }
  if ('example' in part) return h('figure', { class: 'example', dataset: { example: part.example } });
  if (UNFRAMED.has(part.figure)) return h('div', { dataset: { figure: part.figure } });
  return h('figure', { class: 'example', dataset: { figure: part.figure } });
}

/** The table of contents and every section, empty of drawings; the language fills their text. */
function buildSections(sections) {
  const title = (id) => ({ i18n: `learn.${id}.title` });
  fill(
    document.querySelector('#contents'),
    sections.map(({ id }) => h('li', {}, h('a', { href: `#${id}`, dataset: title(id) }))),
  );
  const main = document.querySelector('#main');
  main.append(
    ...sections.map(({ id, parts }) =>
      h(
        'section',
        { id, class: 'panel', 'aria-labelledby': `${id}-title` },
        h('h2', { id: `${id}-title`, dataset: title(id) }),
        parts.map((part) => sectionPart(id, part)),
      ),
    ),
  );
  translate(main);
}

// ---------------------------------------------------------------- the page

function render(data) {
  const examples = new Map(data.captures.map((example) => [example.id, example]));
  for (const figure of document.querySelectorAll('main > section > figure[data-example]')) {
    const example = examples.get(figure.getAttribute('data-example'));
    if (example) exampleFigure(figure, example);
  }
  dealFigure(document.querySelector('[data-figure="deal"]'), data.deal);
  pointsTable(document.querySelector('[data-figure="points"]'), data.points);
  countFigure(document.querySelector('[data-figure="count"]'), data.count);
  gameFigure(document.querySelector('[data-figure="game"]'), data.game);
  houseRules(document.querySelector('[data-figure="house"]'), data.settings, examples);
}

async function main() {
  await startPage('learn.guide.title');
  let data;
  try {
    const response = await fetch(EXAMPLES_URL, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    data = await response.json();
  } catch {
    document.getElementById('guide-error').hidden = false;
    return;
  }
  buildSections(data.sections);
  render(data);
  onLanguageChange(() => render(data));
  // The sections came after the page loaded, so the browser could not go to a #section link.
  const linked = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (linked) linked.scrollIntoView();
  document.body.dataset.ready = 'true';
}

main();

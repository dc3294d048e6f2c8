// The round being entered, as the page keeps it between keystrokes, and what it becomes: the
// counts it gives, its problems, and the body the API takes.

import { formatNumber, parseNumber } from '../shared/i18n.js';
import { COUNT_FIELDS, countsFromCards, validateCards, validateCounts } from './validate.js';

/**
 * @import { RoundIn } from '../shared/api-types.js'
 * @import { Counts } from './validate.js'
 */

const MODE_KEY = 'pasur.tracker.entry';

/** How this device last entered a round, 'counts' or 'cards': a table tends to keep its way. */
function savedMode() {
  try {
    return localStorage.getItem(MODE_KEY) === 'cards' ? 'cards' : 'counts';
  } catch {
    return 'counts';
  }
}

/** Remember how this device enters a round. */
export function saveMode(mode) {
  try {
    localStorage.setItem(MODE_KEY, mode);
  } catch {
    // not remembered; the switch still works for this page
  }
}

/**
 * A round not entered yet. `mode` says how: 'counts' (`raw`, `ten_of_diamonds`, `two_of_clubs`)
 * or 'cards' (`owners`, a Map card → side, marked for the `active` side). The Surs (`raw.surs`)
 * are counted either way. Each way keeps its own input, so switching loses nothing. `editing` is
 * the number of the round being corrected; `submitted` that a save was tried.
 */
export function blankEntry(sides, editing = null, mode = savedMode()) {
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

/** A saved round, to be corrected. */
export function entryFromRound(round) {
  const counts = round.counts;
  // The API keeps a round's counts, not its cards: a correction starts from the counts.
  const entry = blankEntry(counts.clubs.length, round.number, 'counts');
  for (const field of COUNT_FIELDS) entry.raw[field] = counts[field].map((n) => formatNumber(n));
  entry.ten_of_diamonds = counts.ten_of_diamonds - 1;
  entry.two_of_clubs = counts.two_of_clubs - 1;
  return entry;
}

/** Write the typed counts again in the language's digits (after a language switch). */
export function reformatCounts(entry) {
  for (const field of COUNT_FIELDS) {
    entry.raw[field] = entry.raw[field].map((raw) => {
      const value = parseNumber(raw);
      return Number.isNaN(value) ? raw : formatNumber(value);
    });
  }
}

function entrySurs(entry) {
  return entry.raw.surs.map(parseNumber);
}

/**
 * The round's counts: as typed, or as the marked cards give them.
 * @returns {Counts}
 */
export function entryCounts(entry) {
  if (entry.mode === 'cards') return countsFromCards(entry.owners, entry.raw.surs.length, entrySurs(entry));
  /** @param {'clubs' | 'aces' | 'jacks' | 'surs'} field */
  const typed = (field) => entry.raw[field].map(parseNumber);
  return {
    clubs: typed('clubs'),
    aces: typed('aces'),
    jacks: typed('jacks'),
    surs: typed('surs'),
    ten_of_diamonds: entry.ten_of_diamonds,
    two_of_clubs: entry.two_of_clubs,
  };
}

/** The fields a problem of the server's may be about, in the way the round is entered. */
export function entryFields(entry) {
  return entry.mode === 'cards' ? ['cards', 'surs'] : [...COUNT_FIELDS, 'ten_of_diamonds', 'two_of_clubs'];
}

/** The round's problems by field (validate.js's, and what the server refused of the last save). */
export function entryProblems(entry) {
  const errors =
    entry.mode === 'cards'
      ? validateCards(entry.owners, entry.raw.surs.length, entrySurs(entry))
      : validateCounts(entryCounts(entry));
  for (const field of Object.keys(entry.serverErrors)) {
    if (!errors[field]) errors[field] = { code: 'server' };
  }
  return errors;
}

/**
 * The round as the API takes it: `{counts}`, or `{cards, surs}` with each side's card codes.
 * @returns {RoundIn}
 */
export function requestBody(entry) {
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

// The checks the server makes on a round's counts (pasur.rules.RoundCounts.validate), made in the
// browser as the user types so that every wrong field is shown at once. The server stays the judge.
// A round entered by its cards is counted here the way the server counts it
// (pasur.tracker.entry_from_cards), so that both ways of entering a round pass the same checks.

/** Cards of each kind in a pack. */
export const PACK = Object.freeze({ clubs: 13, aces: 4, jacks: 4 });

/** The most one side can have of each count. */
export const MAX = Object.freeze({ clubs: 13, aces: 4, jacks: 4, surs: 48 });

/** The per-side counts, in the order the form asks for them. */
export const COUNT_FIELDS = Object.freeze(/** @type {const} */ (['clubs', 'aces', 'jacks', 'surs']));

/**
 * A round's counts as the page works them out: per side (from 0) `clubs`, `aces`, `jacks` and
 * `surs` (NaN where what was typed is not a whole number), and the side that took the 10♦ and the
 * side that took the 2♣ (null while nobody is chosen).
 * @typedef {{
 *   clubs: number[], aces: number[], jacks: number[], surs: number[],
 *   ten_of_diamonds: number | null, two_of_clubs: number | null,
 * }} Counts
 */

/**
 * Problems with a round being entered, by field: {clubs: {code, ...}, two_of_clubs: {...}}.
 *
 * `counts` has per-side arrays `clubs`, `aces`, `jacks`, `surs` (numbers, NaN when not a number)
 * and `ten_of_diamonds`, `two_of_clubs` (a 0-based side or null). Codes:
 * - `number`: side `side` has something that is not a whole number 0..max;
 * - `under` / `over`: the counts add up to `sum`, a pack has `whole` (`under` is only unfinished);
 * - `choose`: nobody is chosen yet (unfinished);
 * - `no_club`: side `side` took the 2♣ but has no clubs.
 * @param {Counts} counts
 */
export function validateCounts(counts) {
  const errors = {};
  for (const field of COUNT_FIELDS) {
    const values = counts[field];
    const side = values.findIndex(
      (value) => !Number.isInteger(value) || value < 0 || value > MAX[field],
    );
    if (side >= 0) {
      errors[field] = { code: 'number', side, max: MAX[field] };
      continue;
    }
    const whole = PACK[field];
    if (whole === undefined) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    if (sum !== whole) errors[field] = { code: sum < whole ? 'under' : 'over', sum, whole };
  }
  if (counts.ten_of_diamonds === null) errors.ten_of_diamonds = { code: 'choose' };
  if (counts.two_of_clubs === null) errors.two_of_clubs = { code: 'choose' };
  else if (counts.clubs[counts.two_of_clubs] === 0) {
    errors.two_of_clubs = { code: 'no_club', side: counts.two_of_clubs };
  }
  return errors;
}

/** Whether an error only means "not finished yet" (shown softly until the user tries to save). */
export function isUnfinished(error) {
  return error.code === 'under' || error.code === 'choose' || error.code === 'unmarked';
}

/** Every card of the pack as the API writes it ('AC', '10D'): by suit, clubs first, ace to king. */
export const DECK = Object.freeze(
  ['C', 'D', 'H', 'S'].flatMap((suit) =>
    ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].map((rank) => `${rank}${suit}`),
  ),
);

/**
 * The counts a round's cards give, in the shape `validateCounts` takes. `owners` is a Map from a
 * card code to the side (0-based) that captured it; a card not in it is not marked yet. The Surs
 * are not in the cards, so they come as counted.
 * @param {Map<string, number>} owners
 * @param {number} sides
 * @param {number[]} surs
 * @returns {Counts}
 */
export function countsFromCards(owners, sides, surs) {
  const zeros = () => Array.from({ length: sides }, () => 0);
  /** @type {Counts} */
  const counts = {
    clubs: zeros(),
    aces: zeros(),
    jacks: zeros(),
    surs,
    ten_of_diamonds: owners.get('10D') ?? null,
    two_of_clubs: owners.get('2C') ?? null,
  };
  for (const [card, side] of owners) {
    if (card.endsWith('C')) counts.clubs[side] += 1;
    if (card.startsWith('A')) counts.aces[side] += 1;
    if (card.startsWith('J')) counts.jacks[side] += 1;
  }
  return counts;
}

/**
 * Problems with a round entered by its cards. The counts the cards give are checked as typed
 * counts are; while some cards are nobody's, that is the one problem said (`cards`:
 * `{code: 'unmarked', left}`), since every count short of its pack would only say it again.
 * The server refuses such a round too: every card of the pack must be marked.
 */
export function validateCards(owners, sides, surs) {
  const errors = validateCounts(countsFromCards(owners, sides, surs));
  const left = DECK.length - owners.size;
  if (!left) return errors;
  return { cards: { code: 'unmarked', left }, ...(errors.surs ? { surs: errors.surs } : {}) };
}

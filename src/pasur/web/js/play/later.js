// Parts of the table page that a table in play never shows are fetched when first needed: the
// waiting room and seat picker (a table not yet started) and the game-over moment. Each comes
// with its style sheet and resolves once both are in, so nothing is drawn unstyled; a table in
// play loads neither (docs/performance.md, "The table page"). A part that could not be fetched
// (the network cut) is asked for again the next time.

/**
 * Add the style sheet `href` to the page once; resolves when it has loaded.
 * @param {string} href
 * @returns {Promise<void>}
 */
function styleSheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      reject(new Error(`could not load ${href}`));
    };
    document.head.append(link);
  });
}

/** @type {Promise<typeof import('./pregame.js')> | null} */
let room = null;
/** @type {Promise<typeof import('./over.js')> | null} */
let over = null;
/** @type {typeof import('./over.js') | null} */
let overLoaded = null;

/** The waiting room's and the seat picker's code, with their styles. */
export function roomCode() {
  room ??= Promise.all([import('./pregame.js'), styleSheet('/static/css/room.css')]).then(
    ([code]) => code,
    (error) => {
      room = null;
      throw error;
    },
  );
  return room;
}

/** The game-over moment's code, with its styles. */
export function overCode() {
  over ??= Promise.all([import('./over.js'), styleSheet('/static/css/over.css')]).then(
    ([code]) => (overLoaded = code),
    (error) => {
      over = null;
      throw error;
    },
  );
  return over;
}

/** The game-over code if it is here already (an open game-over panel is redrawn at once). */
export function overNow() {
  return overLoaded;
}

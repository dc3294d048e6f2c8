// Fair shuffles (docs/protocol.md section 9): the round's commitment is SHA-256(salt ‖ deck_text),
// deck_text the 52 card names joined by single spaces. The browser checks it itself at round end.
// A deal this page arranged itself to teach (the guided first game) was never shuffled, so it
// is not checked: it is called what it is, a practice deal. Whether a deal is arranged is the
// page's own knowledge (which socket it plays on), never a frame's say: a server cannot use it
// to dodge the check, and a real round with a missing or wrong commitment is still called unfair.

function bytesFromHex(hex) {
  if (!/^([0-9a-f]{2})*$/i.test(hex)) throw new Error('salt is not hex');
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

function hexFromBytes(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the revealed deck and salt hash to the commitment published at the round's start:
 * true or false, or null when this browser cannot hash (WebCrypto needs a secure context).
 */
export async function verifyCommitment(commitment, deck, saltHex) {
  if (!globalThis.crypto?.subtle) return null;
  try {
    const salt = bytesFromHex(saltHex);
    const text = new TextEncoder().encode(deck.join(' '));
    const joined = new Uint8Array(salt.length + text.length);
    joined.set(salt);
    joined.set(text, salt.length);
    const digest = await crypto.subtle.digest('SHA-256', joined);
    return hexFromBytes(digest) === String(commitment).toLowerCase();
  } catch {
    return false; // a salt that is not hex: not what was committed to
  }
}

/**
 * The fairness check of a round that has just ended (a `round_ended` event), as the sheet and the
 * bar show it: `{round, commitment, verdict}`, the verdict 'checking' until `done` resolves, then
 * 'ok' (the revealed deck and salt give the commitment), 'bad' (they do not, or something is
 * missing) or 'unknown' (this browser cannot hash). An `arranged` deal's verdict is 'practice'.
 */
export function checkRound(round, arranged = false) {
  const check = { round: round.round, commitment: round.commitment ?? null, verdict: arranged ? 'practice' : 'checking' };
  if (arranged) return { check, done: Promise.resolve(check) };
  const done = verifyCommitment(round.commitment, round.deck, round.salt).then((verified) => {
    check.verdict = verified === true ? 'ok' : verified === false ? 'bad' : 'unknown';
    return check;
  });
  return { check, done };
}

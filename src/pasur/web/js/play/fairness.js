// Fair shuffles (docs/protocol.md section 9): the round's commitment is SHA-256(salt ‖ deck_text),
// deck_text the 52 card names joined by single spaces. The browser checks it itself at round end.

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

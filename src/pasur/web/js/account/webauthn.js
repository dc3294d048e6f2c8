// The browser's half of the passkey ceremonies: the server's options (JSON, binary fields in
// base64url) become navigator.credentials calls, and the credential goes back as JSON.
// Browsers that have PublicKeyCredential.parse…FromJSON and toJSON() use them; the few lines
// below do the same conversion for those that do not.

const toBytes = (text) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

const toText = (buffer) =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Whether this browser can use passkeys at all. */
export function passkeysSupported() {
  return typeof window.PublicKeyCredential === 'function' && !!navigator.credentials;
}

function creationOptions(json) {
  if (PublicKeyCredential.parseCreationOptionsFromJSON) {
    return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: toBytes(json.challenge),
    user: { ...json.user, id: toBytes(json.user.id) },
    excludeCredentials: (json.excludeCredentials ?? []).map((c) => ({ ...c, id: toBytes(c.id) })),
  };
}

function requestOptions(json) {
  if (PublicKeyCredential.parseRequestOptionsFromJSON) {
    return PublicKeyCredential.parseRequestOptionsFromJSON(json);
  }
  return {
    ...json,
    challenge: toBytes(json.challenge),
    allowCredentials: (json.allowCredentials ?? []).map((c) => ({ ...c, id: toBytes(c.id) })),
  };
}

function asJson(credential) {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: toText(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toText(r.attestationObject);
    response.transports = r.getTransports?.() ?? [];
  } else {
    response.authenticatorData = toText(r.authenticatorData);
    response.signature = toText(r.signature);
    if (r.userHandle) response.userHandle = toText(r.userHandle);
  }
  return {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    response,
    clientExtensionResults: credential.getClientExtensionResults?.() ?? {},
  };
}

/** Make a passkey with the server's registration options; its JSON for the server. */
export async function createPasskey(options) {
  return asJson(await navigator.credentials.create({ publicKey: creationOptions(options) }));
}

/** Sign in with any of this site's passkeys; the answer's JSON for the server. */
export async function usePasskey(options) {
  return asJson(await navigator.credentials.get({ publicKey: requestOptions(options) }));
}

// JSON over fetch, and the score tracker's endpoints. Every wing refuses a call with one body,
// {"detail": {"code", "message"}} (docs/protocol.md section 3), read here into ApiError's `code`
// and `message`; bad input is FastAPI's 422, {"detail": [{loc, msg, type}]}, read as fieldErrors.
// Nothing else is read: a body in another shape (a proxy's error page) is only its status.

export class ApiError extends Error {
  constructor(status, detail) {
    const refusal = detail && typeof detail === 'object' && !Array.isArray(detail) ? detail : null;
    const code = typeof refusal?.code === 'string' ? refusal.code : null;
    super(code && typeof refusal.message === 'string' ? refusal.message : `HTTP ${status}`);
    this.name = 'ApiError';
    /** The HTTP status, or 0 when the server could not be reached. */
    this.status = status;
    /** The refusal's code (pasur.protocol's ErrorCode), or null when the body had none. */
    this.code = code;
    /** The server's `detail`. */
    this.detail = detail;
  }

  /** Field-level errors of a 422: [{field, index, message}], the field as the body names it. */
  get fieldErrors() {
    if (!Array.isArray(this.detail)) return [];
    return this.detail.map((item) => {
      const loc = Array.isArray(item?.loc) ? item.loc : [];
      const names = loc.filter((part) => typeof part === 'string' && part !== 'body');
      const index = loc.find((part) => typeof part === 'number');
      return {
        field: names.at(-1) ?? null,
        index: index ?? null,
        message: String(item?.msg ?? ''),
      };
    });
  }
}

/**
 * Send a request with an optional JSON body (and extra `headers`); resolve to the parsed JSON
 * (null when empty).
 */
export async function request(method, url, body, headers = {}) {
  const init = { method, headers: { ...headers, Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, null);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) throw new ApiError(response.status, data?.detail ?? null);
  return data;
}

const SHEETS = '/api/tracker/sheets';
const path = (token, ...rest) => [SHEETS, encodeURIComponent(token), ...rest].join('/');
// A change names the version it was made on, so that a change to a sheet someone else has
// changed meanwhile is refused (409) instead of landing on the wrong round.
const at = (url, version) => (version == null ? url : `${url}?version=${encodeURIComponent(version)}`);

/** The score tracker's API (see the server's /docs). Every change resolves to the new sheet. */
export const trackerApi = {
  create: (body) => request('POST', SHEETS, body),
  get: (token) => request('GET', path(token)),
  // A round is {counts} or {cards, surs}, as the API's RoundIn takes it.
  addRound: (token, round, version) => request('POST', at(path(token, 'rounds'), version), round),
  editRound: (token, number, round, version) =>
    request('PUT', at(path(token, 'rounds', number), version), round),
  deleteRound: (token, number, version) => request('DELETE', at(path(token, 'rounds', number), version)),
  undo: (token, version) => request('POST', at(path(token, 'undo'), version)),
  csvUrl: (token) => path(token, 'export.csv'),
};

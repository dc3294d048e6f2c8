// JSON over fetch, and the score tracker's endpoints. Every wing refuses a call with one body,
// {"detail": {"code", "message"}} (docs/protocol.md section 3), read here into ApiError's `code`
// and `message`; bad input is a 422 `bad_request` whose `fields` ([{loc, msg, type}]) are read as
// fieldErrors.
// Nothing else is read: a body in another shape (a proxy's error page) is only its status.
// Bodies are typed by api-types.d.ts, made from the server's models (scripts/api_types.py).

/** @import { ErrorCode, RoundIn, SheetCreate, SheetOut } from './api-types.js' */

/**
 * Why the engine refused a move, in parts (docs/protocol.md section 6): its `kind`, and the
 * parts that kind names (cards as codes; `options`: what the card can take instead).
 * @typedef {{ kind: string, card?: string, taken?: string[], options?: string[][], seat?: number }} Reason
 */

/**
 * A field the server refused in a 422: the field as the body names it (null for the body as a
 * whole), the index of the item in a list (or null), and the server's words (for logs).
 * @typedef {{ field: string | null, index: number | null, message: string }} FieldError
 */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status, or 0 when the server could not be reached
   * @param {unknown} detail the body's `detail`: a refusal {code, message, reason, fields}
   */
  constructor(status, detail) {
    const object = detail && typeof detail === 'object' && !Array.isArray(detail);
    const refusal = object ? /** @type {Record<string, unknown>} */ (detail) : null;
    const code = typeof refusal?.code === 'string' ? /** @type {ErrorCode} */ (refusal.code) : null;
    super(code && typeof refusal.message === 'string' ? refusal.message : `HTTP ${status}`);
    this.name = 'ApiError';
    /** The HTTP status, or 0 when the server could not be reached. */
    this.status = status;
    /** The refusal's code (pasur.protocol's ErrorCode), or null when the body had none. */
    this.code = code;
    /** The server's `detail`. */
    this.detail = detail;
    /** An illegal move's reason, when the refusal gives one (the server's word for its shape). */
    this.reason = refusal?.reason ? /** @type {Reason} */ (refusal.reason) : null;
  }

  /**
   * Field-level errors of a 422: [{field, index, message}], the field as the body names it.
   * @returns {FieldError[]}
   */
  get fieldErrors() {
    const fields = /** @type {{ fields?: unknown } | null} */ (this.detail)?.fields;
    if (!Array.isArray(fields)) return [];
    /** @type {Array<{ loc?: unknown, msg?: unknown }>} */
    const items = fields;
    return items.map((item) => {
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
 * (null when empty). The API modules give each call's body its type from api-types.d.ts, and
 * its answer where the server's /docs describes it.
 * @param {'GET' | 'POST' | 'PUT' | 'DELETE'} method
 * @param {string} url
 * @param {object} [body]
 * @param {Record<string, string>} [headers]
 * @returns {Promise<any>} the server's JSON
 */
export async function request(method, url, body, headers = {}) {
  /** @type {RequestInit & { headers: Record<string, string> }} */
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
/** @type {(token: string, ...rest: Array<string | number>) => string} */
const path = (token, ...rest) => [SHEETS, encodeURIComponent(token), ...rest].join('/');
// A change names the version it was made on, so that a change to a sheet someone else has
// changed meanwhile is refused (409) instead of landing on the wrong round.
/** @type {(url: string, version?: number | null) => string} */
const at = (url, version) => (version == null ? url : `${url}?version=${encodeURIComponent(version)}`);

/** The score tracker's API (see the server's /docs). Every change resolves to the new sheet. */
export const trackerApi = {
  /**
   * @param {SheetCreate} body
   * @returns {Promise<SheetOut>}
   */
  create: (body) => request('POST', SHEETS, body),
  /**
   * @param {string} token the sheet's share or edit token
   * @returns {Promise<SheetOut>}
   */
  get: (token) => request('GET', path(token)),
  /**
   * @param {string} token
   * @param {RoundIn} round {counts} or {cards, surs}
   * @param {number | null} [version]
   * @returns {Promise<SheetOut>}
   */
  addRound: (token, round, version) => request('POST', at(path(token, 'rounds'), version), round),
  /**
   * @param {string} token
   * @param {number} number the round's number, from 1
   * @param {RoundIn} round
   * @param {number | null} [version]
   * @returns {Promise<SheetOut>}
   */
  editRound: (token, number, round, version) =>
    request('PUT', at(path(token, 'rounds', number), version), round),
  /**
   * @param {string} token
   * @param {number} number
   * @param {number | null} [version]
   * @returns {Promise<SheetOut>}
   */
  deleteRound: (token, number, version) => request('DELETE', at(path(token, 'rounds', number), version)),
  /**
   * @param {string} token
   * @param {number | null} [version]
   * @returns {Promise<SheetOut>}
   */
  undo: (token, version) => request('POST', at(path(token, 'undo'), version)),
  /** @param {string} token */
  csvUrl: (token) => path(token, 'export.csv'),
};

// The playground's entry module: the shared fetch helper, the error banner, the tabs, and
// the three games (each module gets the helpers passed in, so nothing imports app.js back).

import { initMines } from './mines.js';
import { initConnect4 } from './connect4.js';
import { initSudoku } from './sudoku.js';

/** An error answered by the API (`{"error", "field"}`), or a failure to reach it. */
class ApiError extends Error {
  constructor(message, status = 0, field = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

// Seeds are u64 and may be above 2^53, where a JS number loses digits. Responses are read with
// every `"seed": <digits>` turned into a string first, and requests may carry BigInt values,
// written out as bare JSON numbers.
const BIG_KEYS = /"(seed)"\s*:\s*(\d+)/g;
const BIG_MARK = '\u0000big:';

function parseJson(text) {
  return JSON.parse(text.replace(BIG_KEYS, '"$1":"$2"'));
}

function stringifyJson(value) {
  const text = JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? BIG_MARK + v.toString() : v));
  return text.replace(/"\\u0000big:(\d+)"/g, '$1');
}

/** The message of a failed response: the API's `error` (and `field`), else the body text. */
async function errorOf(response) {
  const text = await response.text();
  let message = text.trim() || response.statusText || 'request failed';
  let field = null;
  try {
    const body = JSON.parse(text);
    if (body && typeof body.error === 'string') {
      message = body.error;
      field = body.field ?? null;
    }
  } catch {
    // not JSON: keep the text
  }
  const where = field ? ` (field “${field}”)` : '';
  return new ApiError(`${message}${where} [HTTP ${response.status}]`, response.status, field);
}

/**
 * One request to the API. `body` is sent as JSON unless it is an ArrayBuffer / Blob / typed
 * array (sent as application/octet-stream). Resolves to the parsed JSON, or to the Blob when
 * `as: 'blob'`; rejects with an ApiError for a 4xx/5xx or a network failure.
 */
async function request(method, path, { body, as = 'json', signal } = {}) {
  const init = { method, headers: { Accept: 'application/json' }, signal };
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob) {
    init.headers['Content-Type'] = 'application/octet-stream';
    init.body = body;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = stringifyJson(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError(`cannot reach the server (${err.message})`);
  }
  if (!response.ok) throw await errorOf(response);
  if (as === 'blob') return response.blob();
  return parseJson(await response.text());
}

const api = {
  get: (path, opts) => request('GET', path, opts),
  post: (path, body, opts) => request('POST', path, { ...opts, body }),
  blob: (path) => request('GET', path, { as: 'blob' }),
};

// ---- the error banner ----

const banner = document.getElementById('error');
const bannerText = document.getElementById('error-text');

function showError(err) {
  if (err && err.name === 'AbortError') return;
  const message = err instanceof Error ? err.message : String(err);
  bannerText.textContent = message;
  banner.hidden = false;
  console.warn('[playground]', message);
}

function clearError() {
  banner.hidden = true;
  bannerText.textContent = '';
}

/** An event handler that clears the banner, runs `fn` and shows what it throws. */
function guard(fn) {
  return async (...args) => {
    clearError();
    try {
      await fn(...args);
    } catch (err) {
      showError(err);
    }
  };
}

document.getElementById('error-close').addEventListener('click', clearError);

/** A local validation error, shown like the API's. */
function inputError(message, field = null) {
  return new ApiError(field ? `${message} (field “${field}”)` : message, 0, field);
}

/** A u64 typed by the person: null when empty, a BigInt when valid; throws otherwise. */
function parseSeed(text, field) {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,20}$/.test(trimmed) || BigInt(trimmed) > 18446744073709551615n) {
    throw inputError(`the seed must be a whole number from 0 to 18446744073709551615, not “${trimmed}”`, field);
  }
  return BigInt(trimmed);
}

const shared = { api, guard, showError, clearError, inputError, parseSeed };

// ---- tabs ----

const games = {
  mines: initMines(shared),
  connect4: initConnect4(shared),
  sudoku: initSudoku(shared),
};
const tabs = [...document.querySelectorAll('button[data-tab]')];

function selectTab(name, focus = false) {
  for (const tab of tabs) {
    const on = tab.dataset.tab === name;
    tab.setAttribute('aria-selected', String(on));
    tab.tabIndex = on ? 0 : -1;
    document.getElementById(`panel-${tab.dataset.tab}`).hidden = !on;
    if (on && focus) tab.focus();
  }
  if (location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
  games[name].show();
}

for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab.dataset.tab));
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    selectTab(next.dataset.tab, true);
  });
}

const first = location.hash.slice(1);
selectTab(first in games ? first : 'mines');

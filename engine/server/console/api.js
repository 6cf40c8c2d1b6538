// api.js — HTTP access: the operator API (/console/api/<method>, bearer key, JSON), a person's
// user-side API (/user<token>/<method>, form-encoded or multipart), their files as blob URLs and
// their push-stream address. Answers with ok:false become ApiError and, unless quiet, a toast.
// Tokens live in private fields only: never in the DOM, never in window.msgConsole.
import { toast } from './ui.js';

export class ApiError extends Error {
  constructor(description, code, parameters) {
    super(description);
    this.code = code;
    this.parameters = parameters;
  }
}

async function envelope(promise, quiet) {
  let body;
  try {
    const res = await promise;
    try { body = await res.json(); } catch { body = { ok: false, error_code: res.status, description: `HTTP ${res.status} ${res.statusText}` }; }
  } catch (e) {
    body = { ok: false, error_code: 0, description: `Network error: ${e.message}` };
  }
  if (!body || body.ok !== true) {
    const err = new ApiError(body?.description || 'Request failed', body?.error_code, body?.parameters);
    if (!quiet) toast(err.message, 'error');
    throw err;
  }
  return body.result;
}

/** The Bot API's form encoding: objects and arrays as JSON, booleans as true/false. */
export function encodeForm(params) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v == null) continue;
    form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return form;
}

export class Operator {
  #key;
  constructor(key) { this.#key = key; }
  call(method, params = {}, { quiet = false } = {}) {
    const req = fetch(`/console/api/${method}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.#key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
    });
    return envelope(req, quiet);
  }
}

export class Person {
  #token;
  #files = new Map();
  constructor(token) {
    this.#token = token;
    this.id = Number(String(token).split(':')[0]);
  }
  call(method, params = {}, { quiet = false } = {}) {
    const req = fetch(`/user${this.#token}/${method}`, { method: 'POST', body: encodeForm(params) });
    return envelope(req, quiet);
  }
  /** Multipart call (files): `params` may hold File/Blob values. */
  upload(method, params, { quiet = false } = {}) {
    const form = new FormData();
    for (const [k, v] of Object.entries(params)) {
      if (v == null) continue;
      if (v instanceof Blob) form.append(k, v, v.name || k);
      else form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    return envelope(fetch(`/user${this.#token}/${method}`, { method: 'POST', body: form }), quiet);
  }
  /** A blob: URL of one of the person's files (fetched once). */
  fileUrl(fileId) {
    let p = this.#files.get(fileId);
    if (!p) {
      p = fetch(`/user${this.#token}/file/${encodeURIComponent(fileId)}`).then(async (res) => {
        if (!res.ok) throw new ApiError(`file not available (HTTP ${res.status})`, res.status);
        return URL.createObjectURL(await res.blob());
      });
      p.catch(() => this.#files.delete(fileId));
      this.#files.set(fileId, p);
    }
    return p;
  }
  stream(after) {
    const q = after ? `?after=${encodeURIComponent(after)}` : '';
    return new EventSource(`/user${this.#token}/stream${q}`);
  }
  /** Forgets the blob URLs (on sign-out or persona switch). */
  dispose() {
    for (const p of this.#files.values()) p.then((u) => URL.revokeObjectURL(u), () => {});
    this.#files.clear();
  }
}

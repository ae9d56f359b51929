import { HttpError } from 'ra-core';
import { refreshTokens } from '../auth/session';
import { tokenStore } from '../auth/token-store';
import { failureOf, showFailure } from '../pages/failure/failure-state';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** query string without `?`, already encoded */
  query?: string;
  body?: unknown;
  /**
   * the Idempotency-Key of a changing call (src/server/commands/README.md, "Idempotency"): the same
   * key again answers the first answer and changes nothing. POST, PUT and DELETE get a new one per
   * call when none is given; a dialog gives one per submit and the same one when it retries it.
   */
  idempotencyKey?: string;
}

/**
 * A new Idempotency-Key: a random UUID (also where `crypto.randomUUID` is missing — a page served
 * over plain http from another host than localhost).
 *
 * @example newIdempotencyKey() // '3b241101-e2bb-4255-8caf-4136c566a962'
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The header of a key (none without one). */
export const idempotencyHeader = (key: string | undefined): Record<string, string> => (key ? { 'Idempotency-Key': key } : {});

const CHANGING = new Set(['POST', 'PUT', 'DELETE']);

const send = (path: string, request: ApiRequest): Promise<Response> => {
  const headers: Record<string, string> = { Accept: 'application/json', ...idempotencyHeader(request.idempotencyKey) };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = tokenStore.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = `/api${path.startsWith('/') ? path : `/${path}`}${request.query ? `?${request.query}` : ''}`;
  return fetch(url, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
};

/**
 * Calls the Kontor API under `/api` with the bearer token. A 401 triggers one token refresh
 * and one retry; any failure becomes react-admin's `HttpError` carrying the server's message.
 *
 * @example const debtor = await apiFetch<Debtor>('/debtor/show/12');
 */
export async function apiFetch<T = unknown>(path: string, given: ApiRequest = {}): Promise<T> {
  // one key for the call and its retry after a token refresh
  const request =
    given.idempotencyKey || !CHANGING.has(given.method ?? 'GET') ? given : { ...given, idempotencyKey: newIdempotencyKey() };
  let response = await send(path, request);
  if (response.status === 401 && (await refreshTokens())) response = await send(path, request);
  const text = await response.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) {
    // 406 and a maintenance 503 replace the portal by the failure page (document 2 §8)
    showFailure(failureOf(response.status, body));
    const message = (body && typeof body === 'object' && body.message) || response.statusText || 'HTTP error';
    throw new HttpError(message, response.status, body);
  }
  return body as T;
}

/** A file the API answered: its bytes and the name of its `content-disposition`. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/**
 * Downloads a file from the API with the bearer token (one refresh and retry on 401), reporting
 * the bytes received so far — for exports that take a while.
 *
 * @example const { blob, fileName } = await apiDownload('/voucher/csv', 'filters[status][]=open', (n) => setBytes(n));
 */
export async function apiDownload(
  path: string,
  query: string,
  onProgress?: (bytes: number) => void,
): Promise<DownloadedFile> {
  let response = await send(path, { query });
  if (response.status === 401 && (await refreshTokens())) response = await send(path, { query });
  if (!response.ok) {
    const text = await response.text();
    let body: any = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    throw new HttpError((body && typeof body === 'object' && body.message) || response.statusText, response.status, body);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received);
    }
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? path.split('/').pop() ?? 'export.csv';
  return {
    blob: new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName: decodeURIComponent(fileName),
  };
}

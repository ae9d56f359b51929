import { HttpError } from 'ra-core';
import { refreshTokens } from '../auth/session';
import { tokenStore } from '../auth/token-store';
import { failureOf, showFailure } from '../pages/failure/failure-state';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** query string without `?`, already encoded */
  query?: string;
  body?: unknown;
}

const send = (path: string, request: ApiRequest): Promise<Response> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
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
export async function apiFetch<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
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

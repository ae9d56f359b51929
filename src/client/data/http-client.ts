import { HttpError } from 'ra-core';
import { refreshTokens } from '../auth/session';
import { tokenStore } from '../auth/token-store';

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
    const message = (body && typeof body === 'object' && body.message) || response.statusText || 'HTTP error';
    throw new HttpError(message, response.status, body);
  }
  return body as T;
}

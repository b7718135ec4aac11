import { messages } from '@proper-parts/domain/messages';
import type { Parser } from './plain-shape';

/** A failed API call: the server's `message` (or ours when there was no answer) and the HTTP status (0 = no answer). */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check your connection and try again.';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How a request reaches the API: the browser's `fetch`, or, when the server renders a page
 * (web/src/entry-server.tsx), the server's own routes called in-process. Set once per process.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
export const browserTransport: ApiTransport = (url, init) => fetch(url, init);
let transport = browserTransport;

export function setApiTransport(next: ApiTransport) {
  transport = next;
}

export type ApiFetchOptions = {
  method?: HttpMethod;
  /** Sent as JSON, except FormData (file uploads), which the browser encodes itself. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an order's `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/**
 * The envelope, checked by hand: this file is in the entry chunk, and zod (40 KB gzipped) is
 * loaded only by the pages whose data has a schema.
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isSuccess = (
  json: unknown,
): json is { success: true; data: unknown; message?: unknown; nextCursor?: unknown } =>
  isObject(json) && json.success === true;
const failureMessage = (json: unknown) =>
  isObject(json) && json.success === false && typeof json.message === 'string'
    ? json.message
    : undefined;

/**
 * The one way the web talks to `/api/v1`: reads the `{ success, data, message }` envelope and
 * returns `data`, parsed by `schema` (a zod schema or a plain-shape one) when one is given;
 * anything else throws an `ApiError`.
 */
export async function apiFetch<T>(
  url: string,
  options: ApiFetchOptions & { schema: Parser<T> },
): Promise<T>;
export async function apiFetch(url: string, options?: ApiFetchOptions): Promise<unknown>;
export async function apiFetch(
  url: string,
  options?: ApiFetchOptions & { schema?: Parser<unknown> },
): Promise<unknown> {
  return (await apiFetchEnvelope(url, options)).data;
}

/** The parsed `data` with the envelope's `message` and, on a page of a list, its `nextCursor`. */
export type ApiEnvelope<T> = { data: T; message?: string; nextCursor: string | null };

/** `apiFetch`, keeping what the envelope holds beside `data` (a toast's message, a page's cursor). */
export async function apiFetchEnvelope<T>(
  url: string,
  options: ApiFetchOptions & { schema: Parser<T> },
): Promise<ApiEnvelope<T>>;
export async function apiFetchEnvelope(
  url: string,
  options?: ApiFetchOptions,
): Promise<ApiEnvelope<unknown>>;
export async function apiFetchEnvelope(
  url: string,
  {
    method = 'GET',
    body,
    signal,
    schema,
    headers: extra,
  }: ApiFetchOptions & {
    schema?: Parser<unknown>;
  } = {},
): Promise<ApiEnvelope<unknown>> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await transport(url, {
      method,
      headers,
      body: payload,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    // Not JSON: a proxy error page, or no server behind /api at all.
    throw new ApiError(messages.internalError, response.status);
  }

  if (!response.ok || !isSuccess(json)) {
    throw new ApiError(failureMessage(json) ?? messages.internalError, response.status);
  }

  const message = typeof json.message === 'string' ? json.message : undefined;
  const nextCursor = typeof json.nextCursor === 'string' ? json.nextCursor : null;
  if (!schema) return { data: json.data, message, nextCursor };
  const parsed = schema.safeParse(json.data);
  if (!parsed.success) {
    throw new ApiError(messages.internalError, response.status);
  }
  return { data: parsed.data, message, nextCursor };
}

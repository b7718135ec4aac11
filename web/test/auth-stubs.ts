import { vi } from 'vitest';
import { authClient } from '../src/features/auth/auth-client';
import { jsonResponse } from './test-utils';

type Call = { method: string; path: string; body: unknown };
type Answer = (call: Call) => Response | Promise<Response>;

/**
 * The answers every auth page needs: nobody signed in, no social provider configured; and a
 * customer belongs to no company (the server's answer: null, not an error).
 */
const defaultAnswers: Record<string, Answer> = {
  'GET /api/v1/auth/get-session': () => jsonResponse(null),
  'GET /api/v1/auth-options': () => jsonResponse({ success: true, data: { social: null } }),
  'GET /api/v1/company': () => jsonResponse({ success: true, data: null }),
};

/**
 * Stubs `fetch` with answers keyed by "METHOD /path" (the better-auth client calls
 * http://localhost:3000/api/v1/auth/…); anything else answers 404. Restore with vi.unstubAllGlobals().
 */
export function stubApi(answers: Record<string, Answer> = {}) {
  const all = { ...defaultAnswers, ...answers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : undefined;
    const url = new URL(request?.url ?? String(input), window.location.origin);
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const answer = all[`${method} ${url.pathname}`];
    if (!answer) return jsonResponse({ success: false, message: 'Not found' }, 404);
    return answer({ method, path: url.pathname, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls `fetchMock` got for one "METHOD /path", with their JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof stubApi>, key: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      key: `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), window.location.origin).pathname}`,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }))
    .filter((call) => call.key === key)
    .map((call) => call.body);
}

export const sessionFor = (user: { name: string; email: string; role?: string }) => ({
  session: {
    id: 'session-1',
    userId: 'user-1',
    token: 'token-1',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  },
  user: { id: 'user-1', image: null, emailVerified: false, role: 'user', ...user },
});

/**
 * Sets the auth client's session store, which outlives a test (the client is a module singleton
 * and skips refetching a session it fetched a moment ago). Call with null after each test.
 */
export function setSession(session: ReturnType<typeof sessionFor> | null) {
  const store = authClient.$store.atoms.session;
  if (!store) throw new Error('the auth client has no session store');
  store.set({ ...store.get(), data: session, error: null, isPending: false, isRefetching: false });
}

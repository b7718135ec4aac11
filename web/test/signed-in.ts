import { sessionFor, setSession } from './auth-stubs';
import { jsonResponse } from './test-utils';

export const customer = { name: 'Bea Buyer', email: 'buyer@example.com', role: 'user' };
export const admin = { name: 'Chief', email: 'boss@example.com', role: 'admin' };

/**
 * Signs `user` in for one test: sets the session store and returns the `stubApi` answer that
 * keeps the session when the client asks again. Undo with `setSession(null)`.
 */
export function signInAs(user: { name: string; email: string; role?: string }) {
  const session = sessionFor(user);
  setSession(session);
  return { 'GET /api/v1/auth/get-session': () => jsonResponse(session) };
}

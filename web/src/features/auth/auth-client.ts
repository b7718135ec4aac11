import { ACCESS_TOKEN_KEY } from '@proper-parts/domain/constants';
import { inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { announceAuthClient } from './auth-client-registry';

/** The identity service (better-auth on our server). The session lives in an httpOnly cookie. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/v1/auth',
  // The server's `role` field (read-only: only Make Admin and ADMIN_EMAILS set it).
  plugins: [inferAdditionalFields({ user: { role: { type: 'string', input: false } } })],
  // better-auth keeps the `fetch` it finds at start-up; this looks it up on each call instead,
  // so a stubbed or wrapped `fetch` (tests, monitoring) sees the auth calls too.
  fetchOptions: { customFetchImpl: (input, init) => fetch(input, init) },
});

interface SessionAtomValue {
  data: unknown;
  isPending: boolean;
  isRefetching: boolean;
}

/** Resolves once the client's session atom shows the user signed out (or after `timeoutMs`). */
function sessionCleared(timeoutMs = 5000): Promise<void> {
  const atom = authClient.$store.atoms.session as {
    get(): SessionAtomValue;
    listen(listener: (value: SessionAtomValue) => void): () => void;
  };
  // A client loaded just now (a direct load of an admin page) starts as `data: null` while its
  // first answer is pending: that is not "signed out" yet, and the sign-in page would still see
  // the old session in the page's store and bounce the user to `/`.
  const cleared = (value: SessionAtomValue) =>
    value.data === null && !value.isPending && !value.isRefetching;
  if (cleared(atom.get())) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(finish, timeoutMs);
    const stop = atom.listen((value) => {
      if (cleared(value)) finish();
    });
  });
}

/**
 * Signs out of the identity service; the spec's stored token is removed too, should one linger.
 * Resolves only when the session is gone on this page as well, so that the sign-in page the
 * caller goes to next does not see the old session and bounce the user away.
 */
export async function signOut() {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  await authClient.signOut();
  await sessionCleared();
}

// The entry chunk's session store follows this client from now on.
announceAuthClient(authClient);

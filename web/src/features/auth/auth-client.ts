import { ACCESS_TOKEN_KEY } from '@proper-parts/domain/constants';
import { adminClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** The identity service (better-auth on our server). The session lives in an httpOnly cookie. */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/v1/auth',
  plugins: [adminClient()],
});

/** Signs out of the identity service; the spec's stored token is removed too, should one linger. */
export async function signOut() {
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  await authClient.signOut();
}

import { createHmac } from 'node:crypto';
import type { Auth } from '../auth/auth.ts';

/** A shop session opened for a user, and the Set-Cookie header that hands it to the browser. */
export interface OpenedSession {
  token: string;
  setCookie: string;
}

/**
 * Signs a punchout's user in: a normal better-auth session (its table, its expiry, revocable like
 * any other), and better-auth's own signed session cookie (`<token>.<base64 HMAC-SHA256 of the
 * token with the auth secret>`, URI-encoded: what better-call's `setSignedCookie` writes), with
 * the attributes better-auth gives it (HttpOnly, SameSite=Lax, Secure on an https shop).
 */
export async function openShopSession(auth: Auth, userId: string): Promise<OpenedSession> {
  const context = await auth.$context;
  const session = await context.internalAdapter.createSession(userId);
  if (!session) throw new Error('session not created');
  const { name, attributes } = context.authCookies.sessionToken;
  const signature = createHmac('sha256', context.secret).update(session.token).digest('base64');
  const parts = [
    `${name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    `Max-Age=${context.sessionConfig.expiresIn}`,
    `Path=${attributes.path ?? '/'}`,
    'HttpOnly',
    `SameSite=${attributes.sameSite === 'strict' ? 'Strict' : 'Lax'}`,
  ];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  if (attributes.secure) parts.push('Secure');
  return { token: session.token, setCookie: parts.join('; ') };
}

/** Ends a shop session: its row goes (every process refuses it), and the browser's cookie. */
export async function closeShopSession(auth: Auth, token: string): Promise<string> {
  const context = await auth.$context;
  await context.internalAdapter.deleteSession(token);
  const { name, attributes } = context.authCookies.sessionToken;
  return `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`;
}

import { describe, expect, it } from 'vitest';
import { signUpAdmin } from './auth-helper.ts';
import { buildTestApp } from './helper.ts';

/**
 * Every endpoint better-auth has, read from the running app, is reviewed here: either the
 * product uses it (reachable) or it answers 404. A new endpoint (an upgrade, a plugin) fails
 * this test until someone decides which list it joins.
 */
const reachable = [
  '/sign-in/email',
  '/sign-up/email',
  '/sign-out',
  '/get-session',
  '/sign-in/social',
  '/callback/:id',
  '/error',
  '/request-password-reset',
  '/send-verification-email',
  '/reset-password/:token',
  '/reset-password',
  '/change-password',
  '/update-user',
];

/** Not used by the product; some hand out session tokens or take over accounts. */
const unreachable = [
  // Replaced by POST /api/v1/email-confirmation (the link alone must not confirm).
  '/verify-email',
  '/verify-password',
  '/change-email',
  '/update-session',
  '/delete-user',
  '/delete-user/callback',
  '/list-sessions',
  '/revoke-session',
  '/revoke-sessions',
  '/revoke-other-sessions',
  '/link-social',
  '/list-accounts',
  '/unlink-account',
  '/refresh-token',
  '/get-access-token',
  '/account-info',
  '/ok',
];

describe('the identity surface', async () => {
  const app = await buildTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'x' });
  const admin = await signUpAdmin(app);
  const paths = Object.values(app.auth.api as Record<string, { path?: string }>)
    .map((endpoint) => endpoint.path)
    .filter((path): path is string => typeof path === 'string');

  it('has reviewed every endpoint better-auth serves', () => {
    expect(paths.length).toBeGreaterThan(20);
    const unreviewed = paths.filter((p) => !reachable.includes(p) && !unreachable.includes(p));
    expect(unreviewed).toEqual([]);
  });

  it('serves no admin tools: set-user-password, impersonate-user, list-user-sessions, set-role', () => {
    expect(paths.filter((p) => p.startsWith('/admin/'))).toEqual([]);
  });

  it.each([
    ...unreachable,
    '/admin/set-user-password',
    '/admin/impersonate-user',
    '/admin/list-user-sessions',
    '/admin/set-role',
  ])('%s answers 404 to an admin, by GET and POST', async (path) => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await app.inject({
        method,
        url: `/api/v1/auth${path.replace(':token', 'x')}`,
        headers: { cookie: admin.cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it.each(reachable)('%s is reachable', async (path) => {
    const concrete = path.replace(':id', 'oidc').replace(':token', 'x');
    const get = await app.inject({ url: `/api/v1/auth${concrete}` });
    const post = await app.inject({ method: 'POST', url: `/api/v1/auth${concrete}`, payload: {} });
    expect([get.statusCode, post.statusCode].some((s) => s !== 404)).toBe(true);
  });
});

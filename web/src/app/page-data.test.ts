import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../config/paths';
import { browserTransport, setApiTransport } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { isServerRendered, prefetchPage } from './page-data';

/** Every page the router declares without a parameter: `/`, `/products`, `/company/join`… */
const pages = Object.values(routes).flatMap((pattern) =>
  typeof pattern === 'string' && pattern !== routes.notFound && !pattern.includes(':')
    ? [pattern]
    : [],
);

describe('the status the server answers a page with', () => {
  // The API is not reached here: a page's data left out is fetched by the browser.
  setApiTransport(async () =>
    Response.json({ success: false, message: 'Not found' }, { status: 404 }),
  );
  // The files after this one in its worker share api-client's module (isolate: false).
  afterAll(() => setApiTransport(browserTransport));

  it('is 200 for every page the app has: the app’s shell, or its server render', async () => {
    expect(pages).toContain('/company/join');
    for (const path of pages) {
      if (!isServerRendered(path)) continue;
      const url = new URL(path, 'http://shop.test');
      const facts = await prefetchPage(createQueryClient(), url);
      expect(facts.status, path).toBe(200);
    }
  });

  it('sends the mailed /company/join?token= link the app’s shell (200), never rendered with its token', () => {
    // Issue 31: rendered on the server as an unknown page, it answered 404 to a signed-out invitee.
    expect(isServerRendered('/company/join')).toBe(false);
  });

  it('is 404 for a page the app does not have', async () => {
    expect(isServerRendered('/no-such-page')).toBe(true);
    const facts = await prefetchPage(createQueryClient(), new URL('http://shop.test/no-such-page'));
    expect(facts.status).toBe(404);
  });
});

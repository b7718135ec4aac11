import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { CatalogAnswers } from '../features/catalog/catalog-search-cache.ts';
import { createResponseCache, type ResponseCache } from '../http/response-cache.ts';
import { LOCAL_WRITE } from './change-feed.ts';

/**
 * How old a rendered page may be before it is rendered again, in the background: every change
 * but stock is heard at once (the change feed); stock taken by orders shows within this, as in
 * the catalog's lists (decision 017). The order form and the order itself are exact. A cold
 * product page costs 8-9 ms of the server's CPU (React's render 3.6 ms of it): at 0.5 s, 500 pages
 * in view asked for 1,000 renders a second; at 5 s, 100 (the bench's p99 100 ms at 10^6).
 */
export const PAGE_MAX_AGE_MS = 30_000;
/** The API read of a product page's product (the web's `api.catalogProduct(slug)`). */
const PRODUCT_ANSWER = /^\/api\/v1\/catalog\/products\/([^/?#]+)$/;

/** The slug a product read asks for; undefined for any other URL, or one that does not decode. */
function productSlugOf(url: string): string | undefined {
  const found = PRODUCT_ANSWER.exec(url);
  if (!found?.[1]) return undefined;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return undefined;
  }
}

/**
 * Rendered pages kept, by their bytes (issue 32): a product page is ~15 KB of HTML, and 2,000 of
 * them (the count this cache kept before) were ~30 MB of the server's RSS. 16 MB holds ~1,000
 * product pages; the rest render again when asked (cold: 4-5 ms of CPU).
 */
export const PAGES_MAX_BYTES = 16 * 2 ** 20;

/** What web/src/entry-server.tsx exports (built to `<web dist>/.server/entry-server.js`). */
interface WebRenderer {
  /** Whether the server renders this path (the signed-in pages and forms are drawn in the browser). */
  isServerRendered(path: string): boolean;
  connectApi(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(
    url: string,
    origin: string,
  ): Promise<{ status: number; location?: string; head: string; body: string; state: string }>;
}

/** A rendered page as the cache keeps it. */
export interface RenderedHtml {
  status: number;
  etag: string;
  /**
   * The page in UTF-8, outside the JS heap: as a string, one character past Latin-1 (the `…` of a
   * cut description) made V8 keep the whole page in two bytes a character, 30 KB a product page,
   * and 2,000 of them sat in the 192 MB heap the collector walks.
   */
  html: Buffer;
  /** With status 301: the path the page moved to (a product's former slug). */
  location?: string;
}

export interface ServerRenderer {
  /** The page at `url` (path and query), from memory or rendered now; `undefined`: not ours. */
  render(url: string): Promise<RenderedHtml | undefined>;
  /** Where `render` keeps pages, by `url`: the answer replay checks a page is still fresh there. */
  pages: ResponseCache<RenderedHtml>;
}

/** The page's `<head>` parts and markup inside the built index.html (Vite's shell, not ours). */
function intoShell(shell: string, page: { head: string; body: string; state: string }) {
  const root = '<div id="root"></div>';
  // React puts the preloads it found (the largest image, fetchpriority high) before the markup:
  // in <head> the browser starts them before it reads the body.
  const preloads = page.body.match(/^(<link [^>]*>)*/)?.[0] ?? '';
  const body = page.body.slice(preloads.length);
  return (
    shell
      // The page gives its own title and description.
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      // Functions, not strings: `$&` or `$'` in a product name must not expand.
      .replace(
        '</head>',
        () =>
          `${page.head}${preloads}<script type="application/json" id="query-state">${page.state}</script></head>`,
      )
      .replace(root, () => `<div id="root">${body}</div>`)
  );
}

/**
 * Public pages rendered on the server (issue 17): product pages, the catalog, brands,
 * categories, blogs, portfolio and the not-found page, by the web's own components
 * (web/src/entry-server.tsx), which reach the API through `app.inject` (no socket). Rendered
 * HTML is kept like the catalog's answers (decision 008/017): dropped on any product change
 * heard by the change feed, in every process; rendered again in the background when
 * `PAGE_MAX_AGE_MS` old, for the stock it shows. Answers `undefined` where the web has no server build (dev, tests).
 */
export async function createServerRenderer(
  app: FastifyInstance,
  webDistDir: string,
  shell: string,
  catalogAnswers?: CatalogAnswers,
): Promise<ServerRenderer | undefined> {
  const file = join(webDistDir, '.server', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  // index.html with its scripts loaded after the first paint (web/scripts/server-shell.mjs).
  const shellFile = join(webDistDir, '.server', 'shell.html');
  const pageShell = existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : shell;
  const web = (await import(pathToFileURL(file).href)) as WebRenderer;
  web.connectApi(async (url, init) => {
    // A product page's product: the catalog's answer itself, as the route would send it to a
    // visitor, without an in-process request around it (issue 32: light-my-request, the route's
    // hooks and a second access line were a tenth of a cold page's CPU). Not found: the route.
    const slug = productSlugOf(url);
    if (catalogAnswers && slug !== undefined && (init.method ?? 'GET') === 'GET') {
      const { body } = await catalogAnswers.product(slug);
      if (body !== undefined)
        return new Response(body, {
          status: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
        });
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
  const origin = app.config.PUBLIC_URL.replace(/\/+$/, '');
  const pages = createResponseCache<RenderedHtml>({
    name: 'rendered-pages',
    feed: app.changes,
    tables: ['products', 'reviews', LOCAL_WRITE],
    maxEntries: 2_000,
    maxBytes: PAGES_MAX_BYTES,
    weigh: (page) => page.html.length,
    maxAgeMs: PAGE_MAX_AGE_MS,
    refreshInBackground: true,
  });
  const render = async (url: string) => {
    const path = url.split('?')[0] ?? '/';
    if (!web.isServerRendered(path)) return undefined;
    return pages.get(url, async () => {
      const page = await web.renderPage(url, origin);
      if (page.location)
        return { status: 301, etag: '', html: Buffer.alloc(0), location: page.location };
      const html = Buffer.from(intoShell(pageShell, page));
      // Of what the page shows, not of its query cache (which carries the time it was read):
      // the same page read again a second later keeps its ETag.
      const etag = `"${createHash('sha1').update(page.head).update(page.body).digest('base64url')}"`;
      return { status: page.status, etag, html };
    });
  };
  return { render, pages };
}

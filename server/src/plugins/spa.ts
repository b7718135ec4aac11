import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@proper-parts/domain/messages';
import type { FastifyInstance } from 'fastify';
import type { CatalogAnswers } from '../features/catalog/catalog-search-cache.ts';
import { catalogScopeOf } from '../features/company-catalogs/catalog-scope.ts';
import { sendText } from '../http/cached-json.ts';
import { type FirstHtmlData, withFirstData, withImagePreload } from './first-html.ts';
import { registerHashedAssets } from './hashed-assets.ts';
import { createServerRenderer, type RenderedHtml } from './server-render.ts';

/**
 * Serves the built web app: hashed files under /assets from memory, cached for a year
 * (hashed-assets.ts); the other files from disk; `index.html` never cached, and for any path
 * that is not a file and not under /api.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string | undefined,
  firstData: FirstHtmlData = async () => ({ data: {} }),
  catalogAnswers?: CatalogAnswers,
) {
  const hasWeb = webDistDir !== undefined && existsSync(join(webDistDir, 'index.html'));
  // Read once: it changes only with a new build, and a new build means a restart.
  const indexHtml = hasWeb ? readFileSync(join(webDistDir, 'index.html'), 'utf8') : '';
  if (hasWeb) {
    registerHashedAssets(app, webDistDir);
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      // Hashed files are answered from memory (hashed-assets.ts).
      globIgnore: ['assets/**'],
      index: false,
      // The build writes .br and .gz beside each file (web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.endsWith('index.html')) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', 'public, max-age=3600');
      },
    });
  }

  const renderer = hasWeb
    ? await createServerRenderer(app, webDistDir, indexHtml, catalogAnswers)
    : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (an old hashed chunk, a typo'd image) is a 404, not the app's HTML.
    const isFile = /\.[a-z0-9]+$/i.test(path);
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || isFile || !hasWeb || !isPage) {
      return reply.status(404).send({ success: false, message: `${messages.notFound}: ${path}` });
    }
    reply.header('cache-control', 'no-cache');
    let rendered: RenderedHtml | undefined;
    let own = false;
    try {
      // Issue 35, decision 039: a restricted company's member gets the catalog's pages drawn in
      // the browser from their own answers, not the visitor's rendered page.
      own = isCatalogPage(path) && (await catalogScopeOf(request)) !== null;
      rendered = own ? undefined : await renderer?.render(request.url);
    } catch (error) {
      // Not kept (server-render.ts), and tried again on the next request. A 500 keeps crawlers
      // and caches from taking the page; the browser still draws it from the app's shell.
      request.log.error({ err: error }, 'server render failed');
      reply.status(500).header('cache-control', 'no-store');
      return sendText(reply, indexHtml, 'text/html; charset=utf-8');
    }
    if (rendered?.location) return reply.redirect(rendered.location, 301);
    if (rendered) {
      reply.header('etag', rendered.etag);
      if (request.headers['if-none-match'] === rendered.etag) return reply.status(304).send();
      reply.status(rendered.status);
      const source = renderer && { cache: renderer.pages, key: request.url, body: rendered };
      return sendText(reply, rendered.html, 'text/html; charset=utf-8', source);
    }
    // Nor the visitor's products as its first data (the home page's `/tools`, a purchase page's).
    const first = own ? { data: {} } : await firstData(app, path);
    const html = withImagePreload(withFirstData(indexHtml, first.data), first.image);
    // Compressed once per distinct page (the not-found handler is outside @fastify/compress).
    return sendText(reply, html, 'text/html; charset=utf-8');
  });
}

/**
 * The pages that show the catalog (the home page's featured products, search, product pages,
 * brands, categories, a purchase page).
 */
const isCatalogPage = (path: string) =>
  path === '/' ||
  path.startsWith('/purchase/') ||
  path === '/products' ||
  path.startsWith('/products/') ||
  path === '/brands' ||
  path === '/categories';

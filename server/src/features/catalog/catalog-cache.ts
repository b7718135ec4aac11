import { tool } from '@proper-parts/domain/catalog';
import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import { FEATURED_PRODUCT_COUNT } from '@proper-parts/domain/constants';
import { type PaginationQuery, pageEnvelope, successEnvelope } from '@proper-parts/domain/envelope';
import type { FastifyInstance } from 'fastify';
import { serializeEnvelope } from '../../http/cached-json.ts';
import { createResponseCache, type ResponseCache } from '../../http/response-cache.ts';
import { LOCAL_WRITE } from '../../plugins/change-feed.ts';
import type { FirstHtml } from '../../plugins/first-html.ts';
import { findTool, listTools } from './catalog-repository.ts';

export const toolList = pageEnvelope(tool);
export const oneTool = successEnvelope(tool);

/**
 * Stock taken by an order notifies no one (migration 0005: a NOTIFY in every order's transaction
 * serialized all commits). So answers, which carry stock, are read again once older than this:
 * stock taken through another process, or by any statement, shows within it (docs/decisions/014).
 */
export const CATALOG_MAX_AGE_MS = 500;

// Keyed by the change feed: every plugin scope of one app shares it.
const caches = new WeakMap<object, ResponseCache>();

/** One cache of catalog answers per app (docs/decisions/008), shared by the API and the first HTML. */
function catalogCache(app: FastifyInstance): ResponseCache {
  let cache = caches.get(app.changes);
  if (!cache) {
    cache = createResponseCache({
      name: 'tools',
      feed: app.changes,
      tables: ['products', LOCAL_WRITE],
      maxAgeMs: CATALOG_MAX_AGE_MS,
      off: app.config.CATALOG_CACHE === 'off',
    });
    caches.set(app.changes, cache);
  }
  return cache;
}

/**
 * `GET /tools?limit&offset&cursor`'s body, serialized, with where it came from (an answer the
 * replay may give again: http/answer-replay.ts). A restricted company's list (decision 039) is
 * kept under its scope too, so it reaches only callers with the same scope; a public key never
 * carries one.
 */
export async function toolListAnswer(
  app: FastifyInstance,
  page: PaginationQuery,
  scope?: CatalogScope,
) {
  const { limit, offset, cursor = '' } = page;
  const key = scope
    ? JSON.stringify(['list', limit, offset, cursor, scope])
    : `list:${limit}:${offset}:${cursor}`;
  return catalogCache(app).answer(key, async () => {
    const { items, nextCursor } = await listTools(app.readDb, page, scope);
    return serializeEnvelope(toolList, { success: true, data: items, nextCursor });
  });
}

/** `GET /tools/{id}`'s body, serialized (`undefined`: no such product), with where it came from. */
export async function toolAnswer(app: FastifyInstance, id: string) {
  return catalogCache(app).answer(`one:${id}`, async () => {
    const found = await findTool(app.readDb, id);
    return found && serializeEnvelope(oneTool, { success: true, data: found });
  });
}

const purchasePage =
  /^\/purchase\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * What the catalog puts in a page's first HTML: the featured six on the home page, the product
 * (and a preload of its image) on its purchase page. Keys are the URLs the web fetches
 * (web/src/config/paths.ts `api.tools`, `api.tool`). A failed read leaves the page to fetch for
 * itself.
 */
export async function catalogFirstHtml(app: FastifyInstance, path: string): Promise<FirstHtml> {
  try {
    if (path === '/') {
      const url = `/api/v1/tools?limit=${FEATURED_PRODUCT_COUNT}`;
      return {
        data: {
          [url]: (await toolListAnswer(app, { limit: FEATURED_PRODUCT_COUNT, offset: 0 })).body,
        },
      };
    }
    const id = purchasePage.exec(path)?.[1];
    if (id) {
      const { body } = await toolAnswer(app, id);
      if (body) {
        const image = (JSON.parse(body) as { data: { img: string } }).data.img;
        return { data: { [`/api/v1/tools/${id}`]: body }, image };
      }
    }
  } catch (error) {
    app.log.warn({ err: error }, 'first HTML without its data');
  }
  return { data: {} };
}

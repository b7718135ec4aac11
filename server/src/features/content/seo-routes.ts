import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/client.ts';

/** The public pages search engines may list (spec §2, and the catalog's of issues 16 and 17). */
export const PUBLIC_PAGES = [
  '/',
  '/products',
  '/brands',
  '/categories',
  '/blogs',
  '/portfolio',
] as const;

/** The sitemap protocol's limit per file. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Products read per statement while a sitemap streams: a million never sit in memory at once. */
const SITEMAP_BATCH = 5_000;

const DAY_SECONDS = 24 * 60 * 60;
const HOUR_SECONDS = 60 * 60;
const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

type SitemapRow = {
  id: string;
  slug: string;
  updated_at: string;
};

/** Live products in id order: the first `skip` left out (the file's start), or those after `after`. */
async function productBatch(db: Database, at: { skip: number; after: string | null }) {
  return (
    await db.execute<SitemapRow>(sql`
      select id, slug, updated_at::text from products
      where deleted_at is null ${at.after ? sql`and id > ${at.after}::uuid` : sql``}
      order by id
      ${at.after ? sql`` : sql`offset ${at.skip}`}
      limit ${SITEMAP_BATCH}`)
  ).rows;
}

/** One product sitemap as a stream of text: `first` is its first batch, the rest read as sent. */
async function* productUrls(db: Database, first: SitemapRow[], origin: string) {
  yield `${URLSET_OPEN}\n`;
  let batch = first;
  let sent = 0;
  while (batch.length > 0) {
    const room = SITEMAP_URLS_PER_FILE - sent;
    const rows = batch.slice(0, room);
    yield rows
      .map(
        (row) =>
          `  <url><loc>${escapeXml(`${origin}/products/${row.slug}`)}</loc><lastmod>${new Date(row.updated_at).toISOString()}</lastmod></url>\n`,
      )
      .join('');
    sent += rows.length;
    const last = rows.at(-1);
    if (sent >= SITEMAP_URLS_PER_FILE || batch.length < SITEMAP_BATCH || !last) break;
    batch = await productBatch(db, { skip: 0, after: last.id });
  }
  yield '</urlset>\n';
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );

/**
 * `robots.txt` and `sitemap.xml` at the site root, with absolute URLs from PUBLIC_URL: the
 * address users reach the shop at, not whatever Host header a request carries.
 */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.PUBLIC_URL.replace(/\/+$/, '');

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${DAY_SECONDS}`);
      return [
        'User-agent: *',
        'Allow: /',
        'Allow: /products/',
        // Signed-in pages and the API hold nothing a search engine should list.
        'Disallow: /api/',
        'Disallow: /dashboard',
        'Disallow: /purchase/',
        'Disallow: /signin',
        'Disallow: /signup',
        'Disallow: /reset-password',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },
  );

  const xml = (reply: FastifyReply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', `public, max-age=${HOUR_SECONDS}`);

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const [row] = (
        await app.readDb.execute<{ live: number; newest: string | null }>(
          sql`select count(*)::int as live, max(updated_at)::text as newest
              from products where deleted_at is null`,
        )
      ).rows;
      const files = Math.ceil(Number(row?.live ?? 0) / SITEMAP_URLS_PER_FILE);
      const lastmod = row?.newest ? `<lastmod>${new Date(row.newest).toISOString()}</lastmod>` : '';
      const entries = [
        `  <sitemap><loc>${escapeXml(`${origin}/sitemaps/pages.xml`)}</loc></sitemap>`,
        ...Array.from(
          { length: files },
          (_, i) =>
            `  <sitemap><loc>${escapeXml(`${origin}/sitemaps/products-${i + 1}.xml`)}</loc>${lastmod}</sitemap>`,
        ),
      ];
      return xml(reply).send(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...entries,
          '</sitemapindex>',
          '',
        ].join('\n'),
      );
    },
  );

  app.get(
    '/sitemaps/pages.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const lists = (
        await app.readDb.execute<{ path: string }>(sql`
          select '/products?category=' || slug as path from categories
          union all
          select '/products?brand=' || slug from brands
          order by 1`)
      ).rows.map((row) => row.path);
      const urls = [...PUBLIC_PAGES, ...lists].map(
        (path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`,
      );
      return xml(reply).send([URLSET_OPEN, ...urls, '</urlset>', ''].join('\n'));
    },
  );

  app.get<{ Params: { n: string } }>(
    '/sitemaps/products-:n.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const n = /^[1-9]\d{0,5}$/.test(request.params.n) ? Number(request.params.n) : 0;
      const first =
        n === 0
          ? []
          : await productBatch(app.readDb, { skip: (n - 1) * SITEMAP_URLS_PER_FILE, after: null });
      if (first.length === 0)
        return reply.status(404).send({ success: false, message: 'No such sitemap' });
      return xml(reply).send(Readable.from(productUrls(app.readDb, first, origin)));
    },
  );
};

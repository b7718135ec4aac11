import type { FastifyPluginAsync } from 'fastify';

/** The public pages search engines may list (spec §2: home, blogs, portfolio). */
export const PUBLIC_PAGES = ['/', '/blogs', '/portfolio'] as const;

const DAY_SECONDS = 24 * 60 * 60;

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

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${DAY_SECONDS}`);
      const urls = PUBLIC_PAGES.map(
        (path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`,
      );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
    },
  );
};

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import mime from 'mime';

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const IMMUTABLE = `public, max-age=${YEAR_SECONDS}, immutable`;

/** One built file and the .br / .gz copies the build wrote beside it (web/vite.config.ts). */
interface HashedAsset {
  type: string;
  etag: string;
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  encodings: string[];
}

/** Reads `<webDistDir>/assets` once: its names carry a content hash, so nothing here changes. */
export function loadHashedAssets(assetsDir: string): Map<string, HashedAsset> {
  const assets = new Map<string, HashedAsset>();
  if (!existsSync(assetsDir)) return assets;
  const names = new Set(readdirSync(assetsDir));
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const identity = readFileSync(join(assetsDir, name));
    const copy = (suffix: string) =>
      names.has(`${name}${suffix}`) ? readFileSync(join(assetsDir, `${name}${suffix}`)) : undefined;
    const bodies = { identity, br: copy('.br'), gzip: copy('.gz') };
    assets.set(name, {
      type: mime.getType(extname(name)) ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url')}"`,
      bodies,
      encodings: (['br', 'gzip'] as const).filter((encoding) => bodies[encoding]),
    });
  }
  return assets;
}

/**
 * Serves the build's hashed files from memory (1–2 MB): streaming each from disk made the
 * entry script the slowest answer of the shop (650 req/s beside 10k for index.html, issue 9).
 * Picks brotli, gzip or the plain file by Accept-Encoding; a name not in the build is a 404
 * through the not-found handler, like any missing file.
 */
export function registerHashedAssets(app: FastifyInstance, webDistDir: string) {
  const assets = loadHashedAssets(join(webDistDir, 'assets'));
  app.route({
    method: ['GET', 'HEAD'],
    url: '/assets/:file',
    schema: { hide: true },
    compress: false,
    handler(request, reply) {
      const asset = assets.get((request.params as { file: string }).file);
      if (!asset) return reply.callNotFound();
      reply.header('cache-control', IMMUTABLE).header('etag', asset.etag);
      if (asset.encodings.length > 0) reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
      const accepted = request.headers['accept-encoding'];
      const encoding = accepted ? negotiate(accepted, asset.encodings) : undefined;
      const body =
        encoding === 'br' || encoding === 'gzip' ? asset.bodies[encoding] : asset.bodies.identity;
      if (encoding === 'br' || encoding === 'gzip') reply.header('content-encoding', encoding);
      return reply.type(asset.type).send(body);
    },
  });
}

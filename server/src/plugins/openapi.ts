import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { describeOperation, securitySchemes } from './openapi-operations.ts';

/**
 * OpenAPI generated from the zod route schemas; the UI at /api/docs, the JSON at /api/docs/json.
 * It lints clean under Redocly's recommended rules (server/redocly.yaml; api-document.test.ts).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Proper Parts API',
        version: '1.0.0',
        description:
          'Every answer is `{ success, data, message }`. Browsers authenticate with the session cookie, API clients with `Authorization: Bearer <token>`.',
      },
      // Relative: the API answers on the origin that serves this document.
      servers: [{ url: '/' }],
      components: { securitySchemes: securitySchemes(app.config.PUBLIC_URL) },
    },
    transform: describeOperation,
    // Emits the schemas that carry an id (a recursive one, like the category tree, needs one).
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // No call to swagger.io's validator: the page talks to this server only.
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: docsPolicy,
  });
}

/**
 * The docs pages' own policy (only under /api/docs): swagger-ui sets inline styles, which the
 * shop's pages never need, and its policy allowed framing by the same origin and images from
 * swagger.io's validator.
 */
export function docsPolicy(header: string): string {
  return header
    .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
    .replace(/style-src 'self' https:\s*;/, "style-src 'self' 'unsafe-inline';")
    .replace(/img-src 'self' data: validator\.swagger\.io;/, "img-src 'self' data:;");
}

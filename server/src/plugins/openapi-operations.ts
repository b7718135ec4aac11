import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Access } from '../features/auth/actor.ts';

/**
 * The two ways to call a signed-in route: the browser's httpOnly session cookie (better-auth's,
 * `__Secure-` prefixed on an https shop), or an API client's `Authorization: Bearer <token>`.
 */
export function securitySchemes(publicUrl: string) {
  const secure = new URL(publicUrl).protocol === 'https:';
  return {
    sessionCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: `${secure ? '__Secure-' : ''}better-auth.session_token`,
      description: 'Set by signing in on the site (httpOnly; browsers send it themselves)',
    },
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'A session token from POST /api/v1/tokens, for API clients',
    },
    apiKey: {
      type: 'http',
      scheme: 'bearer',
      description:
        'A machine API key (`ppk_…`) an admin made on the API keys page; each integration route names the scope it needs',
    },
  } as const;
}

type SecurityRequirement = Record<string, readonly string[]>;

const signedIn: SecurityRequirement[] = [{ sessionCookie: [] }, { bearer: [] }];

/**
 * A route's security, from the `config.access` it declares (the same the access hook enforces):
 * public routes take no credential, the others either scheme. Nothing declared, nothing said, and
 * the document's lint test fails.
 */
export function securityOf(access: Access | undefined): SecurityRequirement[] | undefined {
  if (access === undefined) return undefined;
  if (access === 'api-key') return [{ apiKey: [] }];
  return access === 'public' ? [] : signedIn;
}

/**
 * A stable operationId from the method and the route's URL: `GET /api/v1/tools/:id` is
 * `getToolsById`, `GET /api/v1/orders/:id/invoice.pdf` `getOrdersByIdInvoicePdf`. A route that
 * wants a better name sets `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\/v1(?=\/)/, '')
    .split('/')
    .flatMap((segment) =>
      segment.startsWith(':')
        ? ['by', segment.slice(1).replace(/\(.*$/, '')]
        : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** zod → JSON schema, then each operation's operationId and security, derived in this one place. */
export const describeOperation: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  const described = schema as FastifySchema & { hide?: boolean };
  if (described?.hide) return { schema, url };
  // One method per route here (Fastify lists HEAD apart, and swagger leaves it out).
  const method = [input.route.method].flat()[0] ?? 'GET';
  const security = securityOf(input.route.config?.access);
  // OpenAPI 3.0 lists no scopes for a bearer scheme: the route's scope is said in words.
  const scope = input.route.config?.scope;
  const needs = scope ? `Needs an API key with the scope \`${scope}\`.` : undefined;
  return {
    schema: {
      ...described,
      ...(needs
        ? { description: described?.description ? `${described.description} ${needs}` : needs }
        : {}),
      operationId: described?.operationId ?? operationIdOf(method, url),
      ...(security ? { security } : {}),
    },
    url,
  };
};

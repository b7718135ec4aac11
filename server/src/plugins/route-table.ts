import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  /** As registered, with Fastify's `:param` and `*` placeholders. */
  url: string;
  /** Hidden from the OpenAPI document (the identity front door, stored images, the web app). */
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app answers, as registered: the robustness tests walk it. */
    routeTable: RouteEntry[];
  }
}

/**
 * Collects every route as it is registered, so that a sweep over "every route" (cross-site
 * requests, junk input) covers a route added tomorrow without anyone listing it.
 */
export function registerRouteTable(app: FastifyInstance) {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of methods) table.push({ method, url: route.url, hidden });
  });
}

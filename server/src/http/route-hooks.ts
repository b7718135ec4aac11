import type { HTTPMethods, RouteOptions } from 'fastify';

type HookName = 'onRequest' | 'onSend' | 'onResponse';
type RouteHook<N extends HookName> =
  NonNullable<RouteOptions[N]> extends infer H
    ? H extends readonly (infer One)[]
      ? One
      : H
    : never;

/**
 * Adds a hook to one route (from an `onRoute` hook), beside the hooks it already has. A hook
 * that only some routes need costs the others nothing this way: a global hook runs, and takes a
 * promise and a tick, on every request (issue 9: catalog reads answer from memory in microseconds).
 */
export function addRouteHook<N extends HookName>(route: RouteOptions, name: N, hook: RouteHook<N>) {
  const existing = route[name] as RouteHook<N> | RouteHook<N>[] | undefined;
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  (route as unknown as Record<string, unknown>)[name] = [...list, hook];
}

/** Methods that never write. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a route answers any method that may write (POST, PUT, PATCH, DELETE, ...). */
export function routeMayWrite(route: RouteOptions): boolean {
  const methods: readonly HTTPMethods[] = Array.isArray(route.method)
    ? route.method
    : [route.method as HTTPMethods];
  return methods.some((method) => !READ_METHODS.has(method));
}

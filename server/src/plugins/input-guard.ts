import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Query parameters this route takes more than once (`?brand=a&brand=b`); others only once. */
    repeatableQuery?: readonly string[];
  }
}

/**
 * A query parameter given twice, or in brackets (`limit[]=1&limit[]=2`, which the parser keeps as
 * a key of its own, so the real `limit` fell back to its default): refused, naming it.
 */
function repeatedQueryProblem(
  query: unknown,
  repeatable: readonly string[] = [],
): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  for (const [key, value] of Object.entries(query)) {
    if (key.includes('[')) {
      const name = key.slice(0, key.indexOf('['));
      return `${key}: lists are not accepted in the query; give ${name || 'the parameter'} once`;
    }
    if (Array.isArray(value) && !repeatable.includes(key)) return `${key}: must be given once`;
  }
  return undefined;
}

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`, 'g');

/** `text` as PostgreSQL can store it: NUL and lone surrogates become U+FFFD (a file's name, a refusal quoting it). */
export const storableText = (text: string) => text.replace(UNSTORABLE, '\ufffd');

/** Why text cannot be stored (PostgreSQL takes no NUL), naming its field; the CSV imports' cells too. */
export function textProblem(text: string, field: string): string | undefined {
  if (text.includes('\u0000')) return `${field}: must not contain NUL characters`;
  if (LONE_SURROGATE.test(text)) return `${field}: is not valid Unicode text`;
  return undefined;
}

/** What makes a request's text unusable (naming the field), or undefined when there is nothing. */
function problemIn(root: object): string | undefined {
  const pending: { node: object; field: string; depth: number }[] = [
    { node: root, field: 'request', depth: 0 },
  ];
  const visit = (value: unknown, field: string, depth: number) => {
    if (typeof value === 'string') return textProblem(value, field);
    if (typeof value === 'object' && value !== null) pending.push({ node: value, field, depth });
    return undefined;
  };
  // Iterative, and without an allocation per array item: a 1 MiB body is walked in a few ms.
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { node, field, depth } = next;
    if (depth > MAX_DEPTH) return `${field}: is nested too deeply`;
    if (Array.isArray(node)) {
      for (const item of node) {
        const problem = visit(item, field, depth + 1);
        if (problem) return problem;
      }
    } else {
      for (const [key, value] of Object.entries(node)) {
        const name = key === '*' ? 'path' : key;
        const problem = textProblem(key, field) ?? visit(value, name, depth + 1);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/**
 * A request's query or path parameters as they nearly always are, a flat map of strings, checked
 * without `problemIn`'s walk (a GET's guard was 3% of a cached catalog answer's CPU): the problem,
 * undefined when there is none, or null when the map is not flat and needs the walk.
 */
function flatProblem(map: unknown, field: string): string | undefined | null {
  if (map === undefined || map === null) return undefined;
  if (typeof map !== 'object' || Array.isArray(map)) return null;
  for (const [key, value] of Object.entries(map)) {
    if (typeof value !== 'string') return null;
    const problem = textProblem(key, field) ?? textProblem(value, key === '*' ? 'path' : key);
    if (problem) return problem;
  }
  return undefined;
}

/** The first unusable text of a request's path, query and body (the body's first, as the walk goes). */
function textProblemOf(request: FastifyRequest): string | undefined {
  if (request.body === undefined) {
    const query = flatProblem(request.query, 'query');
    const path = query === null ? null : flatProblem(request.params, 'path');
    if (query !== null && path !== null) return query ?? path;
  }
  return problemIn({ path: request.params, query: request.query, body: request.body });
}

/**
 * Refuses, with a 400, text no route can use: NUL characters and lone surrogates in the path,
 * query or body, bodies nested deeper than any form sends, and a query parameter given as a list
 * where the route takes one value.
 */
export function registerInputGuard(app: FastifyInstance) {
  // PostgreSQL cannot store NUL (queries failed: 500), lone surrogates were saved as U+FFFD or
  // made better-auth's encodeURIComponent throw (500), and JSON.stringify of a very deep body
  // overflowed the stack in the auth proxy (500).
  app.addHook('preValidation', (request, _reply, done) => {
    const { schema, config } = request.routeOptions;
    const problem =
      (schema?.querystring
        ? repeatedQueryProblem(request.query, config.repeatableQuery)
        : undefined) ?? textProblemOf(request);
    done(problem ? new AppError('INVALID', problem) : undefined);
  });
}

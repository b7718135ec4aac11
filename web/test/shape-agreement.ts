import { expect } from 'vitest';
import type { z } from 'zod';
import type { Parser } from '../src/lib/plain-shape';

/** Wrong or borderline values each field (at any depth) is set to in turn ('oem': a word of an enum). */
export const odd = [
  '',
  'x',
  'oem',
  0,
  1.5,
  -3,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 60,
  null,
  true,
  {},
  [],
];

type Path = (string | number)[];

/** Every path to a value inside `value` (objects' fields and lists' items, at any depth). */
function pathsOf(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((v, i) => [i, v] as const)
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...at, key], ...pathsOf(child, [...at, key])]);
}

/** `value` with the thing at `path` replaced by `next`, or removed when `next` is `remove`. */
const remove = Symbol('remove');
function changed(value: unknown, path: Path, next: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return next;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && next === remove) copy.splice(key as number, 1);
    else copy[key as number] = changed(copy[key as number], rest, next);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && next === remove) delete copy[key as string];
  else copy[key as string] = changed(copy[key as string], rest, next);
  return copy;
}

/**
 * The plain-shape parser must accept exactly what the domain's zod schema accepts, and give the
 * same data: the sample, the sample with an extra field at every level, and every field at every
 * depth removed or set to each odd value.
 */
export function agreesWithZod<T>(plain: Parser<T>, schema: z.ZodType, sample: unknown) {
  const cases: unknown[] = [sample, null, 'text', [], 3];
  for (const path of pathsOf(sample)) {
    cases.push(changed(sample, path, remove));
    for (const value of odd) cases.push(changed(sample, path, value));
  }
  for (const path of [[], ...pathsOf(sample)]) {
    const here = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], sample);
    if (typeof here === 'object' && here !== null && !Array.isArray(here))
      cases.push(changed(sample, path, { ...here, extra: 'dropped' }));
  }
  let accepted = 0;
  for (const item of cases) {
    const fromZod = schema.safeParse(item);
    const fromPlain = plain.safeParse(item);
    expect({ item, success: fromPlain.success }).toEqual({ item, success: fromZod.success });
    if (fromZod.success && fromPlain.success) {
      expect(fromPlain.data).toEqual(fromZod.data);
      accepted += 1;
    }
  }
  // Not only refusals: the sample, its extra fields, and the borderline values that fit.
  expect(accepted).toBeGreaterThanOrEqual(3);
  return cases.length;
}

/**
 * A checker for our own API's flat JSON records, for the home page: zod (~24 KB gzipped) stays
 * off it, and its answers are still checked before use. `safeParse` answers like a zod schema's,
 * so `apiFetch` and `takeFirstHtmlData` take either. Like zod's objects, it keeps only the
 * listed fields.
 */
export interface Parser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** What one field holds: zod's `z.string()`, `z.number()`, `.int()`, `z.boolean()`, `.nullable()`. */
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'string or null';
/** The kinds a field of type `V` may be checked as: the shape must list every field of `T`. */
type KindOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number' | 'integer'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [string | null]
        ? 'string or null'
        : never;
export type Shape<T> = { [K in keyof T]-?: KindOf<T[K]> };

const holds: Record<Kind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  // As zod 4: no NaN or Infinity, and integers within the safe range.
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isSafeInteger(value),
  boolean: (value) => typeof value === 'boolean',
  'string or null': (value) => value === null || typeof value === 'string',
};

/** One record of `shape`, or undefined if any field is off. */
export function recordOf<T>(shape: Shape<T>, value: unknown): T | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const output: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(shape) as [string, Kind][]) {
    if (!holds[kind](input[field])) return undefined;
    output[field] = input[field];
  }
  return output as T;
}

/** A list of records of `shape`: the whole list, or a failure if any record is off. */
export function listOf<T>(shape: Shape<T>): Parser<T[]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value)) return { success: false };
      const data: T[] = [];
      for (const item of value) {
        const parsed = recordOf(shape, item);
        if (parsed === undefined) return { success: false };
        data.push(parsed);
      }
      return { success: true, data };
    },
  };
}

/** One record of `shape` (zod's `z.object`). */
export function objectOf<T>(shape: Shape<T>): Parser<T> {
  return {
    safeParse(value) {
      const data = recordOf(shape, value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

type Plain = { string: string; integer: number };

/** A list of plain values (`z.array(z.string())`, `z.array(z.number().int())`). */
export function valuesOf<K extends keyof Plain>(kind: K): Parser<Plain[K][]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value) || !value.every(holds[kind])) return { success: false };
      return { success: true, data: value as Plain[K][] };
    },
  };
}

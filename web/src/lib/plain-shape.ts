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
type Kind =
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'string or null'
  | 'number or null'
  | 'integer or null';
/** The kinds a field of type `V` may be checked as: the shape must list every field of `T`. */
type KindOf<V> = [V] extends [string]
  ? 'string'
  : [V] extends [number]
    ? 'number' | 'integer'
    : [V] extends [boolean]
      ? 'boolean'
      : [V] extends [string | null]
        ? 'string or null'
        : [V] extends [number | null]
          ? 'number or null' | 'integer or null'
          : never;
/**
 * Each field of `T` and what it holds: a plain kind, or a parser of its own (a nested record, a
 * list, a nullable one, one of some words) for the answers that nest.
 */
export type Shape<T> = { [K in keyof T]-?: KindOf<T[K]> | Parser<T[K]> };

const holds: Record<Kind, (value: unknown) => boolean> = {
  string: (value) => typeof value === 'string',
  // As zod 4: no NaN or Infinity, and integers within the safe range.
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  integer: (value) => Number.isSafeInteger(value),
  boolean: (value) => typeof value === 'boolean',
  'string or null': (value) => value === null || typeof value === 'string',
  'number or null': (value) =>
    value === null || (typeof value === 'number' && Number.isFinite(value)),
  'integer or null': (value) => value === null || Number.isSafeInteger(value),
};

/** One record of `shape`, or undefined if any field is off. */
export function recordOf<T>(shape: Shape<T>, value: unknown): T | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const input = value as Record<string, unknown>;
  const output: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(shape) as [string, Kind | Parser<unknown>][]) {
    if (typeof kind === 'string') {
      if (!holds[kind](input[field])) return undefined;
      output[field] = input[field];
      continue;
    }
    const parsed = kind.safeParse(input[field]);
    if (!parsed.success) return undefined;
    output[field] = parsed.data;
  }
  return output as T;
}

/** A list whose every item `item` accepts (zod's `z.array`): the whole list, or a failure. */
export function arrayOf<T>(item: Parser<T>): Parser<T[]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value)) return { success: false };
      const data: T[] = [];
      for (const each of value) {
        const parsed = item.safeParse(each);
        if (!parsed.success) return { success: false };
        data.push(parsed.data);
      }
      return { success: true, data };
    },
  };
}

/** A list of records of `shape`: the whole list, or a failure if any record is off. */
export const listOf = <T>(shape: Shape<T>): Parser<T[]> => arrayOf(objectOf(shape));

/** `parser`'s value or null (zod's `.nullable()`). */
export function nullable<T>(parser: Parser<T>): Parser<T | null> {
  return {
    safeParse: (value) =>
      value === null ? { success: true, data: null } : parser.safeParse(value),
  };
}

/** `parser`'s value, or nothing when the field is left out (zod's `.optional()`). */
export function optional<T>(parser: Parser<T>): Parser<T | undefined> {
  return {
    safeParse: (value) =>
      value === undefined ? { success: true, data: undefined } : parser.safeParse(value),
  };
}

/** `parser`'s value, or `fallback` when the field is left out (zod's `.default()`). */
export function withDefault<T>(parser: Parser<T>, fallback: T): Parser<T> {
  return {
    safeParse: (value) =>
      value === undefined ? { success: true, data: fallback } : parser.safeParse(value),
  };
}

/** One of these words (zod's `z.enum`). */
export function oneOf<const V extends string>(values: readonly V[]): Parser<V> {
  return {
    safeParse: (value) =>
      values.includes(value as V) ? { success: true, data: value as V } : { success: false },
  };
}

/** A parser made when first used (zod's `z.lazy`): a tree's node holds nodes. */
export function lazy<T>(make: () => Parser<T>): Parser<T> {
  let parser: Parser<T> | undefined;
  return {
    safeParse(value) {
      parser ??= make();
      return parser.safeParse(value);
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

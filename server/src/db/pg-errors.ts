/**
 * The PostgreSQL error behind a failed query: Drizzle wraps the driver's error in `cause`, and
 * PGlite's and node-postgres's errors carry the same `code` and `constraint`.
 */
export function postgresErrorOf(
  error: unknown,
): { code: string; constraint: string; message: string } | undefined {
  for (
    let current = error as Record<string, unknown> | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code))
      return {
        code: current.code,
        constraint: String(current.constraint ?? ''),
        message: String(current.message ?? ''),
      };
    current = current.cause as Record<string, unknown> | undefined;
  }
  return undefined;
}

/** The constraint (or, when the driver names none, the message) of a unique violation; else undefined. */
export function uniqueViolationOf(error: unknown): string | undefined {
  const found = postgresErrorOf(error);
  return found?.code === '23505' ? found.constraint || found.message : undefined;
}

/** The constraint (or the message) of a check violation; else undefined. */
export function checkViolationOf(error: unknown): string | undefined {
  const found = postgresErrorOf(error);
  return found?.code === '23514' ? found.constraint || found.message : undefined;
}

/** The constraint (or the message) of a foreign key violation; else undefined. */
export function foreignKeyViolationOf(error: unknown): string | undefined {
  const found = postgresErrorOf(error);
  return found?.code === '23503' ? found.constraint || found.message : undefined;
}

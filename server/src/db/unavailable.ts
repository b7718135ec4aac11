/** Network failures of a connection to the database (node-postgres reports them like this). */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection error|Client was closed|Connection ended|not queryable/i;

/**
 * Is this error the database being out of reach (down, restarting, network cut), rather than a
 * fault in a query? Drizzle wraps the driver's error, so the causes are searched too. SQLSTATE
 * class 08 is "connection exception"; 57P01-57P03 are the server shutting down or starting;
 * 57014 is a statement cancelled by `statement_timeout` (a database that stopped answering).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as Record<string, unknown> | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (networkCodes.has(code) || code.startsWith('08') || /^57(P0[123]|014)$/.test(code)) {
      return true;
    }
    if (typeof current.message === 'string' && lostConnection.test(current.message)) return true;
    current = current.cause as Record<string, unknown> | undefined;
  }
  return false;
}

/**
 * `work`, or a failure that reads as the database being out of reach once `ms` have passed
 * (health answers its 503 sooner than the pool's own bound).
 */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer within ${ms} ms`), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

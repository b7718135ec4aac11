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
 * class 08 is "connection exception"; 57P01-57P03 are the server shutting down or starting.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error as Record<string, unknown> | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (networkCodes.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
    if (typeof current.message === 'string' && lostConnection.test(current.message)) return true;
    current = current.cause as Record<string, unknown> | undefined;
  }
  return false;
}

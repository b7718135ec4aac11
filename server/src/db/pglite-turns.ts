import type { PGlite } from '@electric-sql/pglite';
import type { PGliteWithNamedStatements } from './pglite-named-statements.ts';

/** The longest PGlite's queries may run one after another before the event loop gets a turn. */
export const PGLITE_TURN_MS = 10;

/**
 * PGlite runs in this thread and answers in microtasks, so a loop of queries (the demo seed's
 * steps, a sweep closing a year of sales days, an import) never let the event loop turn: no
 * request was read, not even /health, until the loop ended (a restart on a large database went
 * unhealthy for seconds). A query or transaction that starts after PGLITE_TURN_MS of such work
 * first waits for a turn of the loop (setImmediate), so requests and timers get theirs.
 */
export function yieldBetweenQueries(client: PGlite): PGlite {
  let since = performance.now();
  const turn = async () => {
    if (performance.now() - since < PGLITE_TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const named = client as Partial<PGliteWithNamedStatements>;
  const queryNamed = named.queryNamed?.bind(client);
  if (queryNamed)
    named.queryNamed = async <T>(...args: Parameters<PGliteWithNamedStatements['queryNamed']>) => {
      await turn();
      return queryNamed<T>(...args);
    };
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await turn();
    return query(...args);
  }) as PGlite['query'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await turn();
    return transaction(...args);
  }) as PGlite['transaction'];
  return client;
}

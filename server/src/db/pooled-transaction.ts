import { type SQL, sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * drizzle-orm 0.45's `transaction()` on a pg Pool runs BEGIN before the try/finally that releases
 * the pooled connection: a BEGIN that fails (the connection was cut while it sat idle in the pool)
 * leaks that connection for the life of the process, and `pool.end()` then waits for it forever
 * (a SIGTERM after a PostgreSQL outage exited 1 after the drain's 10 s, CI of 26 Nov). A failed
 * ROLLBACK also put the dead connection back in the pool and replaced the transaction's error.
 * Upstream: drizzle-team/drizzle-orm#6023, #6114, #6241 (open). Remove this once a release has it.
 *
 * Here, on a pooled session: BEGIN inside the try, ROLLBACK only after a BEGIN, and a connection
 * whose ROLLBACK failed released with the error, so the pool destroys it; the caller gets the
 * transaction's own error.
 */
type Work = (tx: NodePgTransaction<never, never>) => Promise<unknown>;
interface SessionInternals {
  client: pg.Pool | pg.PoolClient | pg.Client;
  dialect: unknown;
  schema: unknown;
  options: unknown;
}

const original = NodePgSession.prototype.transaction;

/** `isolation level …` as drizzle writes it (a protected method of its transactions). */
const configSql = (tx: NodePgTransaction<never, never>, config: PgTransactionConfig) =>
  (
    tx as unknown as { getTransactionConfigSQL(c: PgTransactionConfig): SQL }
  ).getTransactionConfigSQL(config);

export function releasePooledConnectionsOnFailedTransactions() {
  if (NodePgSession.prototype.transaction !== original) return;
  NodePgSession.prototype.transaction = async function transaction(
    this: NodePgSession<never, never>,
    work: Work,
    config?: PgTransactionConfig,
  ) {
    const self = this as unknown as SessionInternals;
    if (!(self.client instanceof pg.Pool)) return original.call(this, work as never, config);
    const client = await self.client.connect();
    const session = new NodePgSession(
      client,
      self.dialect as never,
      self.schema as never,
      self.options as never,
    );
    const tx = new NodePgTransaction<never, never>(
      self.dialect as never,
      session,
      self.schema as never,
    );
    let began = false;
    let broken: Error | undefined;
    try {
      await tx.execute(sql`begin${config ? sql` ${configSql(tx, config)}` : undefined}`);
      began = true;
      const result = await work(tx);
      await tx.execute(sql`commit`);
      return result;
    } catch (error) {
      if (began) {
        await tx.execute(sql`rollback`).catch((rollbackError: Error) => {
          broken = rollbackError;
        });
      } else broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  } as typeof original;
}

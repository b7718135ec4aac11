import { type PGlite, parse, protocol, type Transaction } from '@electric-sql/pglite';

const { serialize } = protocol;

/** PostgreSQL's "prepared statement does not exist". */
const INVALID_STATEMENT_NAME = '26000';

/** A statement PGlite has parsed under a name: its text and its parameters' types. */
interface Prepared {
  text: string;
  paramTypes: number[];
}

/** PGlite with `queryNamed`: a statement of fixed text parsed once under its name. */
export type PGliteWithNamedStatements = PGlite & {
  queryNamed<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
};

/** A PGlite transaction with `queryNamed`, inside `PGliteWithNamedStatements.transaction`. */
export type TransactionWithNamedStatements = Transaction & {
  queryNamed<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
};

/**
 * Adds `queryNamed` to PGlite (db/named-statement.ts's path on `npm start`'s database). PGlite's
 * `query` parses and plans every statement again: a product page's read (a dozen subqueries, each
 * table's indexes looked at, each index's size asked of the file system) spent two thirds of its
 * time planning. Here the statement is parsed once under its name, as PostgreSQL's driver does,
 * and each call only binds and runs it, through PGlite's own protocol messages and result
 * parsing, holding the locks `query` holds. The first five runs plan for their values, as a
 * named statement does on PostgreSQL; then PostgreSQL may keep a generic plan.
 */
export function withNamedStatements(client: PGlite): PGliteWithNamedStatements {
  const prepared = new Map<string, Prepared>();
  const run = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });
  // Closed first: a name left in the session by a call that failed after its Parse (closing a
  // name the session does not have is no error).
  const prepare = async (name: string, text: string) => {
    const messages = await run(
      Buffer.concat([
        serialize.close({ type: 'S', name }),
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
    );
    const statement = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(name, statement);
    return statement;
  };
  const bindAndRun = ({ paramTypes }: Prepared, name: string, values: unknown[]) => {
    const serialized = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[paramTypes[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    return run(
      Buffer.concat([
        serialize.bind({ statement: name, values: serialized }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
  };
  // With PGlite's locks held: by the call, or by the transaction it runs in.
  const runNamed = async <T>(name: string, text: string, values: unknown[]) => {
    const known = prepared.get(name);
    if (known && known.text !== text)
      throw new Error(`queryNamed: "${name}" was prepared with another text`);
    let messages: Awaited<ReturnType<typeof run>>;
    try {
      messages = await bindAndRun(known ?? (await prepare(name, text)), name, values);
    } catch (error) {
      // The session lost the statement (a DEALLOCATE): prepared again, once.
      if (!known || (error as { code?: string }).code !== INVALID_STATEMENT_NAME) throw error;
      messages = await bindAndRun(await prepare(name, text), name, values);
    }
    return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
  };
  const named = client as PGliteWithNamedStatements;
  named.queryNamed = async <T>(name: string, text: string, values: unknown[]) => {
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const rows = await runNamed<T>(name, text, values);
        await client.syncToFs();
        return rows;
      }),
    );
  };
  // A transaction's statements by name too (an Idempotency-Key's checkout): it holds the
  // transactions' lock; each statement takes the queries' lock, as its `query` does.
  const transaction = client.transaction.bind(client);
  named.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      (tx as TransactionWithNamedStatements).queryNamed = <R>(
        name: string,
        text: string,
        values: unknown[],
      ) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return client._runExclusiveQuery(() => runNamed<R>(name, text, values));
      };
      return callback(tx);
    })) as PGlite['transaction'];
  return named;
}

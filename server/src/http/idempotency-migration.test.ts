import { orderMessages } from '@proper-parts/domain/orders';
import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseBefore,
  insertOrderRow,
  twoBuyersAndTwoParts,
} from '../../test/migrations-before.ts';

/**
 * Migration 0018 (issue 31) on a shop of 0017, whose keys of /purchase kept an order's id: each
 * keeps the answer /purchase gave, so a retry after the upgrade still answers its order.
 */
describe('migration 0018 (idempotent answers) on keys of /purchase', async () => {
  const database = await databaseBefore('0018_idempotent-answers');
  afterAll(() => database.close());
  const { run } = database;
  const [piston] = await twoBuyersAndTwoParts(run);
  const placed = await insertOrderRow(run, 'u1', piston, 3, 1234, 'unpaid', '2026-05-01');
  const waiting = await insertOrderRow(
    run,
    'u2',
    piston,
    9,
    1234,
    'awaiting_approval',
    '2026-05-01',
  );
  await run(`insert into idempotency_keys (user_id, key, request_hash, order_id)
    values ('u1', 'k-1', 'hash-1', '${placed}'), ('u2', 'k-2', 'hash-2', '${waiting}')`);
  await database.migrateAll();

  it("answers each key's order as /purchase did, for the same route and body", async () => {
    const keys = await run(
      'select user_id, key, route, request_hash, status_code, answer from idempotency_keys order by key',
    );
    expect(
      keys.map(({ answer, ...rest }) => ({ ...rest, answer: JSON.parse(String(answer)) })),
    ).toEqual([
      {
        user_id: 'u1',
        key: 'k-1',
        route: 'POST /api/v1/purchase',
        request_hash: 'hash-1',
        status_code: 200,
        answer: {
          success: true,
          data: { insertedId: placed },
          message: orderMessages.placed(String(placed)),
        },
      },
      {
        user_id: 'u2',
        key: 'k-2',
        route: 'POST /api/v1/purchase',
        request_hash: 'hash-2',
        status_code: 200,
        answer: {
          success: true,
          data: { insertedId: waiting },
          message: `Order ${waiting} placed: it is above your limit and awaits approval`,
        },
      },
    ]);
  });
});

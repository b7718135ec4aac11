import {
  type ReceiveReturnRequest,
  type ReturnRequest,
  returnMessages,
} from '@proper-parts/domain/returns';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { findReturn } from './returns-repository.ts';

/**
 * Locks the return's row and checks its state: the decisions below queue on the lock, and the
 * second of two finds the first's state (409). A return that is not there: 404.
 */
async function lockInState(tx: Queryable, id: string, state: 'requested' | 'approved') {
  const [row] = await rowsOf<{ state: string; orderId: string }>(
    tx,
    sql`select state, order_id as "orderId" from returns where id = ${id} for update`,
  );
  if (!row) throw new AppError('NOT_FOUND', returnMessages.notFound);
  if (row.state !== state)
    throw new AppError(
      'CONFLICT',
      state === 'requested' ? returnMessages.notRequested : returnMessages.notApproved,
    );
  return row;
}

/**
 * `POST /admin/returns/{id}/approve`: the next RMA number of the year, from `rma_counters` in this
 * transaction (as invoice numbers are taken: no gaps, a rollback takes none).
 */
export function approveReturn(db: Database, actor: AuditActor, id: string) {
  return db.transaction(async (tx) => {
    const locked = await lockInState(tx, id, 'requested');
    await tx.execute(
      sql`with counted as (
          insert into rma_counters (year, last_number)
          values (extract(year from now() at time zone 'UTC')::int, 1)
          on conflict (year) do update set last_number = rma_counters.last_number + 1
          returning year, last_number
        )
        update returns set state = 'approved', rma_year = counted.year,
          rma_number = counted.last_number, decided_by = ${actor.id}, decided_at = now(),
          updated_at = now()
        from counted where returns.id = ${id}`,
    );
    const approved = (await findReturn(tx, id)) as ReturnRequest;
    await recordAudit(tx, actor, {
      action: 'return.approve',
      targetType: 'return',
      targetId: id,
      summary: `Approved return ${approved.rmaNumber} of order ${locked.orderId.slice(0, 8)} of ${approved.email}`,
      before: { state: 'requested' },
      after: { state: 'approved', rmaNumber: approved.rmaNumber },
    });
    return approved;
  });
}

/** `POST /admin/returns/{id}/refuse`: refused with the shop's reason; no number is taken. */
export function refuseReturn(db: Database, actor: AuditActor, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const locked = await lockInState(tx, id, 'requested');
    await tx.execute(
      sql`update returns set state = 'refused', refusal_reason = ${reason}, decided_by = ${actor.id},
          decided_at = now(), updated_at = now()
        where id = ${id}`,
    );
    const refused = (await findReturn(tx, id)) as ReturnRequest;
    await recordAudit(tx, actor, {
      action: 'return.refuse',
      targetType: 'return',
      targetId: id,
      summary: `Refused a return of order ${locked.orderId.slice(0, 8)} of ${refused.email}: ${reason}`,
      before: { state: 'requested' },
      after: { state: 'refused', reason },
    });
    return refused;
  });
}

const OUTCOME_COLUMN = { restock: 'restocked', scrap: 'scrapped', refuse: 'refused' } as const;

/**
 * What each product of the return came back as. Refused (422, naming `lines`): a product not on
 * the return, one outcome named twice, more pieces in all than the line asked to return.
 */
function outcomesOf(current: ReturnRequest, lines: ReceiveReturnRequest['lines']) {
  const byProduct = new Map<string, { restocked: number; scrapped: number; refused: number }>();
  const seen = new Set<string>();
  for (const { productId, quantity, outcome } of lines) {
    const line = current.lines.find((entry) => entry.productId === productId);
    if (!line) throw new AppError('UNPROCESSABLE', returnMessages.notOnReturn(productId));
    if (seen.has(`${productId} ${outcome}`))
      throw new AppError('UNPROCESSABLE', returnMessages.receiveDuplicate(productId, outcome));
    seen.add(`${productId} ${outcome}`);
    const counts = byProduct.get(productId) ?? { restocked: 0, scrapped: 0, refused: 0 };
    counts[OUTCOME_COLUMN[outcome]] += quantity;
    if (counts.restocked + counts.scrapped + counts.refused > line.quantity)
      throw new AppError(
        'UNPROCESSABLE',
        returnMessages.receiveMoreThanAsked(productId, line.quantity),
      );
    byProduct.set(productId, counts);
  }
  // Issue 37: a core is the buyer's old unit, for the remanufacturer: it is received (restocked
  // as a core) but never goes back into the part's sellable stock.
  return [...byProduct].map(([productId, counts]) => ({
    product_id: productId,
    ...counts,
    stock:
      current.lines.find((line) => line.productId === productId)?.reason === 'core_return'
        ? 0
        : counts.restocked,
  }));
}

/**
 * `POST /admin/returns/{id}/receive`: records what came back, and puts the restocked pieces back
 * in stock, in the transaction that moves the return from approved to received: a replay or a
 * concurrent second receive finds it received (409) and moves no stock. Products are locked in
 * id order, as checkout locks them.
 */
export function receiveReturn(
  db: Database,
  actor: AuditActor,
  id: string,
  request: ReceiveReturnRequest,
) {
  return db.transaction(async (tx) => {
    const locked = await lockInState(tx, id, 'approved');
    const current = (await findReturn(tx, id)) as ReturnRequest;
    const outcomes = outcomesOf(current, request.lines);
    const rows = JSON.stringify(outcomes);
    await tx.execute(
      sql`with picked as (
          select * from jsonb_to_recordset(${rows}::jsonb)
            as r(product_id uuid, restocked int, scrapped int, refused int, stock int)
        ), locked as (
          select p.id from products p where p.id in (select product_id from picked where stock > 0)
          order by p.id for no key update
        ), stocked as (
          update products set available_quantity = products.available_quantity + picked.stock
          from picked, locked
          where products.id = picked.product_id and locked.id = picked.product_id
            and picked.stock > 0
        )
        update return_lines l set restocked = p.restocked, scrapped = p.scrapped,
          refused = p.refused
        from picked p where l.return_id = ${id} and l.product_id = p.product_id`,
    );
    await tx.execute(
      sql`update returns set state = 'received', received_at = now(), updated_at = now()
        where id = ${id}`,
    );
    const received = (await findReturn(tx, id)) as ReturnRequest;
    const restocked = outcomes.reduce((sum, o) => sum + o.stock, 0);
    const scrapped = outcomes.reduce((sum, o) => sum + o.scrapped, 0);
    const refused = outcomes.reduce((sum, o) => sum + o.refused, 0);
    await recordAudit(tx, actor, {
      action: 'return.receive',
      targetType: 'return',
      targetId: id,
      summary: `Received return ${received.rmaNumber} of order ${locked.orderId.slice(0, 8)}: ${restocked} restocked, ${scrapped} scrapped, ${refused} refused`,
      before: { state: 'approved' },
      after: { state: 'received', restocked, scrapped, refused },
    });
    return { received, restocked };
  });
}

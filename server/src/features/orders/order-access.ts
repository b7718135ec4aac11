import { companyMessages } from '@proper-parts/domain/companies';
import { messages } from '@proper-parts/domain/messages';
import { orderMessages } from '@proper-parts/domain/orders';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../auth/actor.ts';
import type { OrderRow } from './order-view.ts';
import { findOrder } from './orders-repository.ts';

/**
 * The order, when the actor owns it (or is an admin and `adminToo`): 404 when there is none,
 * 403 when it is someone else's.
 */
export async function requireOwnOrder(
  db: Database,
  actor: Actor,
  id: string,
  { adminToo }: { adminToo: boolean },
): Promise<OrderRow> {
  const row = await findOrder(db, id);
  if (!row) throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
  const allowed = row.userId === actor.id || (adminToo && actor.role === 'admin');
  if (!allowed) throw new AppError('FORBIDDEN', messages.forbidden);
  return row;
}

/** Why a guarded change (cancel or ship) did not apply, from the order's state now. */
export async function refusalFor(db: Database, id: string, change: 'cancel' | 'ship') {
  const row = await findOrder(db, id);
  if (!row) return new AppError('NOT_FOUND', orderMessages.orderNotFound);
  if (row.status === 'cancelled') return new AppError('CONFLICT', orderMessages.alreadyCancelled);
  // Issue 19: an order awaiting approval is neither paid nor shippable yet; one on account is
  // invoiced, unpaid, and not cancellable (its invoice number is taken and its credit owed).
  if (row.status === 'awaiting_approval')
    return new AppError('CONFLICT', companyMessages.awaitsApproval);
  if (change === 'cancel' && row.paymentTerms === 'account' && !row.paid)
    return new AppError('CONFLICT', companyMessages.invoicedOnAccount);
  if (change === 'cancel') return new AppError('CONFLICT', orderMessages.paidNotDeletable);
  return new AppError(
    'CONFLICT',
    row.status === 'unpaid' ? orderMessages.notPaidYet : orderMessages.alreadyShipped,
  );
}

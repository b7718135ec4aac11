import type { CreateOrderRequest, Order } from '@proper-parts/domain/orders';
import type { Database } from '../../db/client.ts';
import {
  type IdempotentRequest,
  isKeyTaken,
  orderPlacedWithKey,
  purgeExpiredKeys,
} from './idempotency.ts';
import { type Buyer, placeOrder } from './orders-repository.ts';

/**
 * Places an order, once per Idempotency-Key: a key already used by this buyer answers its
 * order's id (`placed` is then absent: nothing new was placed, no mail goes out). Two retries
 * racing with one key: the second fails on the key's primary key, inside the statement that
 * would have taken stock, and answers the first one's order.
 */
export async function placeOrderOnce(
  db: Database,
  buyer: Buyer,
  input: CreateOrderRequest,
  keyed?: IdempotentRequest,
  approvalHoldHours?: number,
): Promise<{ id: string; placed?: Order }> {
  if (keyed) {
    const earlier = await orderPlacedWithKey(db, buyer.id, keyed);
    if (earlier) return { id: earlier };
  }
  try {
    const placed = await placeOrder(db, buyer, input, keyed, approvalHoldHours);
    if (keyed) purgeExpiredKeys(db).catch(() => {});
    return { id: placed._id, placed };
  } catch (error) {
    if (!keyed || !isKeyTaken(error)) throw error;
    const earlier = await orderPlacedWithKey(db, buyer.id, keyed);
    if (!earlier) throw error;
    return { id: earlier };
  }
}

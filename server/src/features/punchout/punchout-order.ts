import { checkoutRequest } from '@proper-parts/domain/cart';
import type { Order } from '@proper-parts/domain/orders';
import { SHOP_CURRENCY } from '@proper-parts/domain/punchout';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { postgresErrorOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { orders } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { readCart } from '../cart/cart-repository.ts';
import { checkoutCart } from '../cart/checkout.ts';
import { orderWithLines } from '../orders/order-view.ts';
import type { ActiveConnection } from './connection-store.ts';
import { attr, child, children, text, type XmlNode } from './cxml.ts';

/** One line of an OrderRequest: our SKU, how many, and the unit price the buyer approved. */
export interface RequestedLine {
  lineNumber: number;
  sku: string;
  quantity: number;
  unitPriceCents: number | null;
}

/** What an OrderRequest asks for, read from the cXML; a 400 names what is missing or wrong. */
export interface OrderRequestInput {
  orderId: string;
  payloadId: string;
  address: string;
  phone: string;
  note: string;
  lines: RequestedLine[];
}

const invalid = (message: string) => new AppError('INVALID', message);

/** An address element as one line of text: name, street lines, city, state, postcode, country. */
function addressText(address: XmlNode): string {
  const postal = child(address, 'PostalAddress');
  const streets = children(postal, 'Street').map((street) => text(street));
  const parts = [
    text(address, 'Name'),
    text(postal, 'DeliverTo'),
    ...streets,
    text(postal, 'Street'),
    [text(postal, 'PostalCode'), text(postal, 'City')].filter(Boolean).join(' '),
    text(postal, 'State'),
    text(postal, 'Country'),
  ];
  return [...new Set(parts.filter(Boolean))].join(', ').slice(0, 300);
}

/** A cXML TelephoneNumber as the digits and + ( ) - . the order's phone takes. */
function phoneText(address: XmlNode): string {
  const number = child(address, 'Phone', 'TelephoneNumber');
  const country = text(child(number, 'CountryCode'));
  const joined = [
    country ? `+${country}` : '',
    text(number, 'AreaOrCityCode'),
    text(number, 'Number'),
  ]
    .filter(Boolean)
    .join(' ');
  return joined
    .replace(/[^0-9+()\-.\s]/g, '')
    .trim()
    .slice(0, 30);
}

/** Dollars as cents, or null when the text is not a price. */
function centsOf(money: string): number | null {
  if (!/^\d{1,9}(\.\d{1,4})?$/.test(money.trim())) return null;
  return Math.round(Number(money) * 100);
}

/** Reads an OrderRequest (cXML 1.2 `Request/OrderRequest`) into what the shop needs. */
export function readOrderRequest(root: XmlNode): OrderRequestInput {
  const request = child(root, 'Request', 'OrderRequest');
  const header = child(request, 'OrderRequestHeader');
  const orderId = attr(header, 'orderID').trim();
  if (!orderId) throw invalid('OrderRequestHeader: orderID is required');
  if (orderId.length > 50)
    throw invalid('OrderRequestHeader: orderID must be at most 50 characters');
  const type = attr(header, 'type') || 'new';
  if (type !== 'new')
    throw invalid(`OrderRequestHeader type="${type}" is not taken: only new orders (type="new")`);
  const shipTo = child(header, 'ShipTo', 'Address');
  const billTo = child(header, 'BillTo', 'Address');
  const address = addressText(shipTo) || addressText(billTo);
  if (!address) throw invalid('OrderRequestHeader: a ShipTo address is required');
  const phone = phoneText(shipTo) || phoneText(billTo) || phoneText(child(header, 'Contact'));
  if (!phone) throw invalid('OrderRequestHeader: a Phone in ShipTo or BillTo is required');
  const items = children(request, 'ItemOut');
  if (items.length === 0) throw invalid('OrderRequest: at least one ItemOut is required');
  if (items.length > 500) throw invalid('OrderRequest: at most 500 ItemOut lines');
  const lines = items.map((item, index): RequestedLine => {
    const lineNumber = Number(attr(item, 'lineNumber')) || index + 1;
    const sku = text(item, 'ItemID', 'SupplierPartID').trim();
    if (!sku) throw invalid(`ItemOut line ${lineNumber}: SupplierPartID is required`);
    const quantity = Number(attr(item, 'quantity'));
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1_000_000)
      throw invalid(`ItemOut line ${lineNumber} (${sku}): quantity must be a whole number from 1`);
    const money = child(item, 'ItemDetail', 'UnitPrice', 'Money');
    const currency = attr(money, 'currency');
    if (currency && currency !== SHOP_CURRENCY)
      throw invalid(
        `ItemOut line ${lineNumber} (${sku}): prices are in ${SHOP_CURRENCY}, not ${currency}`,
      );
    const given = text(money);
    const unitPriceCents = given ? centsOf(given) : null;
    if (given && unitPriceCents === null)
      throw invalid(`ItemOut line ${lineNumber} (${sku}): UnitPrice "${given}" is not a price`);
    return { lineNumber, sku, quantity, unitPriceCents };
  });
  return {
    orderId,
    payloadId: attr(root, 'payloadID').slice(0, 200),
    address,
    phone,
    note: text(header, 'Comments').slice(0, 1000),
    lines,
  };
}

/** The order an earlier OrderRequest with this orderID placed, or null. */
async function earlierOrder(db: Database, connectionId: string, orderRef: string) {
  const [row] = await rowsOf<{ orderId: string }>(
    db,
    sql`select order_id as "orderId" from punchout_orders
      where connection_id = ${connectionId} and order_ref = ${orderRef}`,
  );
  if (!row) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, row.orderId));
  return order ? orderWithLines(db, order) : null;
}

/**
 * Places an OrderRequest as an order on account of the connection's company, with its orderID
 * as the PO number, through the cart's own checkout statement (`checkoutCart`: stock taken under
 * lock, the buyer's order limit and approvals, the company's terms and credit, invoice and outbox
 * events), so no rule of the shop is bypassed. In one transaction the user's cart is set aside,
 * the request's lines put in it, the checkout run, and the cart put back as it was; any refusal
 * rolls all of it back.
 *
 * Prices: the shop's price function decides, as for every order. A line whose UnitPrice is not
 * what the shop charges for that quantity now is refused (409, naming the line and both prices):
 * the buyer's approval was for the price in their PO, and we neither charge more nor silently
 * less. A line without a UnitPrice takes the shop's price.
 *
 * The same orderID twice on a connection places one order: the second request is answered with
 * the first's order (`punchout_orders`' primary key decides a race of two at once).
 */
export async function placeOrderRequest(
  db: Database,
  connection: ActiveConnection,
  input: OrderRequestInput,
  options: { approvalHoldHours: number },
): Promise<{ order: Order; repeated: boolean }> {
  const earlier = await earlierOrder(db, connection.id, input.orderId);
  if (earlier) return { order: earlier, repeated: true };
  try {
    const order = await db.transaction((tx) =>
      placeInTransaction(tx as unknown as Database, connection, input, options),
    );
    return { order, repeated: false };
  } catch (error) {
    if (postgresErrorOf(error)?.code !== '23505') throw error;
    const first = await earlierOrder(db, connection.id, input.orderId);
    if (!first) throw error;
    return { order: first, repeated: true };
  }
}

async function placeInTransaction(
  tx: Database,
  connection: ActiveConnection,
  input: OrderRequestInput,
  options: { approvalHoldHours: number },
): Promise<Order> {
  const userId = connection.userId;
  // One OrderRequest of this member at a time: each sets the member's cart aside and back, and
  // two at once would see each other's lines (no key update: a cart edit's foreign key check,
  // which takes key share, is not held up).
  await tx.execute(sql`select id from "user" where id = ${userId} for no key update`);
  const products = await productsBySku(
    tx,
    input.lines.map((line) => line.sku),
  );
  const unknown = input.lines.find((line) => !products.has(line.sku.toLowerCase()));
  if (unknown)
    throw new AppError(
      'NOT_FOUND',
      `ItemOut line ${unknown.lineNumber}: no part with SupplierPartID ${unknown.sku}`,
    );
  const quantities = new Map<string, number>();
  for (const line of input.lines) {
    const id = products.get(line.sku.toLowerCase()) as string;
    quantities.set(id, (quantities.get(id) ?? 0) + line.quantity);
  }
  const saved = await rowsOf<{ productId: string; quantity: number; addedAt: string }>(
    tx,
    sql`delete from cart_lines where user_id = ${userId}
      returning product_id as "productId", quantity, added_at::text as "addedAt"`,
  );
  await putLines(
    tx,
    userId,
    [...quantities].map(([productId, quantity], index) => ({
      productId,
      quantity,
      addedAt: new Date(Date.UTC(2000, 0, 1) + index).toISOString(),
    })),
  );
  // The cart's own judgement of each line (sold, minimum, pack, stock), named for the PO; the
  // checkout statement judges them again under its locks.
  const judged = await readCart(tx, userId);
  const problem = judged.lines.find((line) => line.problem);
  if (problem) throw new AppError('CONFLICT', `SupplierPartID ${problem.sku}: ${problem.problem}`);
  const request = checkoutRequest.parse({
    address: input.address,
    phone: input.phone,
    poNumber: input.orderId,
    note: input.note || undefined,
    paymentTerms: 'account',
  });
  const order = await checkoutCart(
    tx,
    { id: userId, name: connection.userName, email: connection.userEmail },
    request,
    options,
  );
  refusePriceMismatch(input.lines, order);
  await tx.execute(sql`delete from cart_lines where user_id = ${userId}`);
  await putLines(tx, userId, saved);
  await tx.execute(sql`insert into punchout_orders (connection_id, order_ref, order_id, payload_id)
    values (${connection.id}, ${input.orderId}, ${order._id}, ${input.payloadId})`);
  return order;
}

/** The live products of these SKUs, by lower-case SKU (SKUs are unique whatever their case). */
async function productsBySku(db: Queryable, skus: string[]): Promise<Map<string, string>> {
  const rows = await rowsOf<{ id: string; sku: string }>(
    db,
    sql`select id, sku from products
      where lower(sku) in (select lower(x) from json_array_elements_text(${JSON.stringify(skus)}::json) x)
        and deleted_at is null`,
  );
  return new Map(rows.map((row) => [row.sku.toLowerCase(), row.id]));
}

async function putLines(
  db: Queryable,
  userId: string,
  lines: { productId: string; quantity: number; addedAt: string }[],
) {
  if (lines.length === 0) return;
  await db.execute(sql`insert into cart_lines (user_id, product_id, quantity, added_at)
    select ${userId}, x."productId"::uuid, x.quantity, x."addedAt"::timestamptz
    from json_to_recordset(${JSON.stringify(lines)}::json)
      as x("productId" text, quantity int, "addedAt" text)`);
}

/** Refuses the order (its transaction rolls back) when a line's PO price is not the shop's. */
function refusePriceMismatch(lines: RequestedLine[], order: Order) {
  const placed = new Map(order.lines.map((line) => [line.sku.toLowerCase(), line]));
  for (const line of lines) {
    const shop = placed.get(line.sku.toLowerCase());
    if (!shop || line.unitPriceCents === null) continue;
    const shopCents = Math.round(shop.unitPrice * 100);
    if (shopCents !== line.unitPriceCents)
      throw new AppError(
        'CONFLICT',
        `ItemOut line ${line.lineNumber} (${line.sku}): the PO's unit price ${(line.unitPriceCents / 100).toFixed(2)} ${SHOP_CURRENCY} is not the shop's ${(shopCents / 100).toFixed(2)} ${SHOP_CURRENCY} for ${shop.quantity}; punch out again for today's price`,
      );
  }
}

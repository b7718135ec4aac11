import { eq, sql } from 'drizzle-orm';
import { products } from '../src/db/schema.ts';
import type { TestUser } from './auth-helper.ts';
import type { TestApp } from './helper.ts';

let made = 0;

/**
 * `count` plain products made in SQL, numbered from `first`: `{name} {n}`, SKU `{sku}{n}`, at
 * $1.00 with `availableQuantity` each. 1,000 a statement: 10,000 in one ran past the shop's
 * statement timeout on a loaded CI machine (PostgreSQL pass).
 */
export async function insertBulkProducts(
  app: TestApp,
  count: number,
  {
    name,
    sku,
    first = 1,
    availableQuantity = 10,
  }: {
    name: string;
    sku: string;
    first?: number;
    availableQuantity?: number;
  },
) {
  const last = first + count - 1;
  for (let from = first; from <= last; from += 1000) {
    await app.db.execute(sql`insert into products
        (name, img, description, minimum_order_quantity, available_quantity, price_cents, sku)
      select ${name} || ' ' || n, '/images/products/bulk.svg', 'A bulk part.', 1,
        ${availableQuantity}, 100, ${sku} || n
      from generate_series(${from}::int, ${Math.min(from + 999, last)}::int) n`);
  }
}

/** A product straight in the database, with overrides (`createProduct(app, { availableQuantity: 3 })`). */
export async function createProduct(
  app: TestApp,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  made += 1;
  const [row] = await app.db
    .insert(products)
    .values({
      name: `Bearing ${made}`,
      img: `/images/products/bearing-${made}.svg`,
      description: 'A deep-groove ball bearing.',
      minimumOrderQuantity: 10,
      availableQuantity: 100,
      priceCents: 1250,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no product');
  return row;
}

export async function stockOf(app: TestApp, id: string): Promise<number> {
  const [row] = await app.db
    .select({ available: products.availableQuantity })
    .from(products)
    .where(eq(products.id, id));
  return row?.available ?? Number.NaN;
}

export const as = (who: Pick<TestUser, 'cookie'>) => ({ cookie: who.cookie });

/** Places an order through the API and answers its id (throws when refused). */
export async function placeOrder(
  app: TestApp,
  who: TestUser,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/purchase',
    headers: as(who),
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`purchase refused: ${res.statusCode} ${res.body}`);
  return res.json().data.insertedId;
}

/** Confirms a sandbox card for the order as the browser would (intent, then card); answers the payment id, not yet recorded. */
export async function confirmWithSandbox(
  app: TestApp,
  who: Pick<TestUser, 'cookie'>,
  orderId: string,
): Promise<string> {
  const intent = await app.inject({
    method: 'POST',
    url: '/api/v1/create-payment-intent',
    headers: as(who),
    payload: { orderId },
  });
  const { clientSecret } = intent.json().data;
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/v1/sandbox/confirm',
    headers: as(who),
    payload: { clientSecret, card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } },
  });
  return confirm.json().data.paymentIntentId;
}

/** Pays an order through the sandbox as the browser would: intent, card, then PATCH. */
export async function payWithSandbox(app: TestApp, who: TestUser, orderId: string) {
  const paymentIntentId = await confirmWithSandbox(app, who, orderId);
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/myPurchase/${orderId}`,
    headers: as(who),
    payload: { transactionId: paymentIntentId },
  });
}

import { expect } from 'vitest';

/**
 * A steady load of real shoppers over HTTP: place orders, pay some through the offline sandbox,
 * cancel some, while a test kills, stops or cuts what is under them. It remembers the last
 * answer about every order, so that afterwards `verifyShop` can check that nothing acknowledged
 * was lost and that no stock went missing.
 */

export type OrderStatus = 'unpaid' | 'pending' | 'shipped' | 'cancelled';

export interface Shopper {
  email: string;
  cookie: string;
}

export interface Product {
  _id: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
}

export interface Shop {
  shoppers: Shopper[];
  products: Product[];
  /** availableQuantity of each product before any order. */
  startingStock: Map<string, number>;
}

export interface OrderRecord {
  id: string;
  owner: Shopper;
  productId: string;
  quantity: number;
  /** The state the last answer about this order gave. */
  acked: OrderStatus;
  /** A change sent whose answer never came (or came as 503): it may or may not have happened. */
  inDoubt?: OrderStatus;
  /** When the order was acknowledged (ms since the epoch). */
  ackedAt: number;
}

export interface AnswerBody {
  success?: boolean;
  message?: string;
  data?: unknown;
}

/** What one request came to. */
export type Outcome =
  | { kind: 'answered'; status: number; body: AnswerBody }
  | { kind: 'refused' } // ECONNREFUSED: nobody listens
  | { kind: 'dropped'; code: string } // the connection broke before an answer
  | { kind: 'timeout' }; // no answer within the limit: a hang

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

function errorCode(error: unknown): string {
  let current = error as { code?: string; cause?: unknown; name?: string } | undefined;
  while (current) {
    if (current.code) return current.code;
    if (current.name === 'TimeoutError') return 'TIMEOUT';
    current = current.cause as typeof current;
  }
  return String((error as Error)?.message ?? error);
}

/** One HTTP call, classified; never throws. A request without an answer in 30 s is a hang. */
export async function call(
  url: string,
  path: string,
  init: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<Outcome> {
  const headers: Record<string, string> = { origin: url };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const res = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: AnswerBody = {};
    try {
      body = JSON.parse(text);
    } catch {}
    return { kind: 'answered', status: res.status, body };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'TIMEOUT') return { kind: 'timeout' };
    if (code === 'ECONNREFUSED') return { kind: 'refused' };
    return { kind: 'dropped', code };
  }
}

async function json<T>(url: string, path: string, cookie?: string): Promise<T> {
  const outcome = await call(url, path, { cookie });
  if (outcome.kind !== 'answered' || outcome.status !== 200)
    throw new Error(`GET ${path}: ${JSON.stringify(outcome)}`);
  return (outcome.body as { data: T }).data;
}

/** Signs up `count` shoppers and notes the stock of every product in stock. */
export async function prepareShop(url: string, count = 4): Promise<Shop> {
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const email = `shopper${i}-${Date.now()}@example.com`;
    const res = await fetch(`${url}/api/v1/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name: `Shopper ${i}`, email, password: 'secret123' }),
    });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    shoppers.push({ email, cookie: cookieOf(res) });
  }
  const listed = await json<{ _id: string }[]>(url, '/api/v1/tools?limit=100');
  const all: Product[] = [];
  for (const { _id } of listed) all.push(await json<Product>(url, `/api/v1/tools/${_id}`));
  // The six that take the most orders before they run out.
  const orderable = (p: Product) => p.availableQuantity / p.minimumOrderQuantity;
  const products = all.sort((a, b) => orderable(b) - orderable(a)).slice(0, 6);
  if (!products[0] || orderable(products[0]) < 1) throw new Error('no product in stock');
  return {
    shoppers,
    products,
    startingStock: new Map(products.map((p) => [p._id, p.availableQuantity])),
  };
}

export interface LoadReport {
  orders: Map<string, OrderRecord>;
  /** Every outcome, in the order the answers came. */
  outcomes: { path: string; at: number; outcome: Outcome }[];
}

export interface Load extends LoadReport {
  /** Resolves once `count` orders have been acknowledged (rejects after two minutes). */
  untilOrders(count: number): Promise<void>;
  /** Stops sending new requests and resolves once every worker has had its last answer. */
  stop(): Promise<LoadReport>;
}

export interface LoadOptions {
  workers?: number;
  /** Keep going through connection errors and 503s (a database outage), instead of stopping. */
  persist?: boolean;
}

/** Starts `workers` shoppers placing, paying and cancelling orders at `url()` until `stop()`. */
export function startLoad(url: () => string, shop: Shop, options: LoadOptions = {}): Load {
  const { workers = 6, persist = false } = options;
  const orders = new Map<string, OrderRecord>();
  const outcomes: LoadReport['outcomes'] = [];
  let stopped = false;
  const waiters: { count: number; resolve: () => void }[] = [];

  const send = async (path: string, init: Parameters<typeof call>[2]) => {
    const outcome = await call(url(), path, init);
    outcomes.push({ path, at: Date.now(), outcome });
    return outcome;
  };
  /** True when the worker should give up (the server is gone and we do not persist). */
  const unanswered = (outcome: Outcome) =>
    outcome.kind !== 'answered' || outcome.status === 503 || outcome.status >= 500;

  const change = async (
    record: OrderRecord,
    to: OrderStatus,
    path: string,
    init: Parameters<typeof call>[2],
  ) => {
    record.inDoubt = to;
    const outcome = await send(path, init);
    if (outcome.kind === 'answered' && outcome.status < 500) {
      record.inDoubt = undefined;
      if (outcome.status === 200) record.acked = to;
    }
    return outcome;
  };

  const worker = async (index: number) => {
    let turn = 0;
    while (!stopped) {
      turn += 1;
      const shopper = shop.shoppers[index % shop.shoppers.length] as Shopper;
      const product = shop.products[(index + turn) % shop.products.length] as Product;
      const quantity = product.minimumOrderQuantity;
      const placed = await send('/api/v1/purchase', {
        method: 'POST',
        cookie: shopper.cookie,
        body: { toolId: product._id, quantity },
      });
      if (unanswered(placed)) {
        if (!persist) return;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      if (placed.kind !== 'answered' || placed.status !== 200) continue;
      const id = (placed.body as { data: { insertedId: string } }).data.insertedId;
      const record: OrderRecord = {
        id,
        owner: shopper,
        productId: product._id,
        quantity,
        acked: 'unpaid',
        ackedAt: Date.now(),
      };
      orders.set(id, record);
      for (const waiter of waiters.filter((w) => orders.size >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const next = turn % 3;
      if (stopped && !persist) return;
      if (next === 0) {
        const cancelled = await change(record, 'cancelled', `/api/v1/myPurchase/${id}`, {
          method: 'DELETE',
          cookie: shopper.cookie,
        });
        if (unanswered(cancelled) && !persist) return;
      } else if (next === 1) {
        const intent = await send('/api/v1/create-payment-intent', {
          method: 'POST',
          cookie: shopper.cookie,
          body: { orderId: id },
        });
        if (intent.kind !== 'answered' || intent.status !== 200) {
          if (unanswered(intent) && !persist) return;
          continue;
        }
        const { clientSecret } = (intent.body as { data: { clientSecret: string } }).data;
        const confirmed = await send('/api/v1/sandbox/confirm', {
          method: 'POST',
          cookie: shopper.cookie,
          body: {
            clientSecret,
            card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          },
        });
        if (confirmed.kind !== 'answered' || confirmed.status !== 200) {
          if (unanswered(confirmed) && !persist) return;
          continue;
        }
        const { paymentIntentId } = (confirmed.body as { data: { paymentIntentId: string } }).data;
        const paid = await change(record, 'pending', `/api/v1/myPurchase/${id}`, {
          method: 'PATCH',
          cookie: shopper.cookie,
          body: { transactionId: paymentIntentId },
        });
        if (unanswered(paid) && !persist) return;
      }
    }
  };

  const running = Array.from({ length: workers }, (_, i) => worker(i));
  return {
    orders,
    outcomes,
    untilOrders: (count) =>
      orders.size >= count
        ? Promise.resolve()
        : new Promise((resolve, reject) => {
            const timer = setTimeout(() => {
              const last = outcomes.slice(-3).map((o) => JSON.stringify(o.outcome));
              reject(new Error(`only ${orders.size} of ${count} orders; last answers ${last}`));
            }, 120_000);
            waiters.push({
              count,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      return { orders, outcomes };
    },
  };
}

interface ListedOrder {
  _id: string;
  toolId: string;
  quantity: number;
}

/**
 * After the fault: every acknowledged order is there in the state its last answer gave (or the
 * state of a change whose answer never came, unless `exact`; in any state when `anyState`, for a
 * backup taken while they changed), and for every product availableQuantity + units in live
 * orders == the starting stock. Answers what it counted.
 */
export async function verifyShop(
  url: string,
  shop: Shop,
  orders: Iterable<OrderRecord>,
  { exact = false, anyState = false }: { exact?: boolean; anyState?: boolean } = {},
) {
  const known = new Set<string>();
  for (const record of orders) {
    known.add(record.id);
    const found = await json<{ status: OrderStatus }>(
      url,
      `/api/v1/myPurchase/${record.id}`,
      record.owner.cookie,
    );
    if (anyState) continue;
    const allowed = exact || !record.inDoubt ? [record.acked] : [record.acked, record.inDoubt];
    expect(allowed, `order ${record.id}`).toContain(found.status);
  }
  const liveUnits = new Map<string, number>();
  let liveOrders = 0;
  for (const shopper of shop.shoppers) {
    for (let offset = 0; ; offset += 100) {
      const page = await json<ListedOrder[]>(
        url,
        `/api/v1/purchase/${shopper.email}?limit=100&offset=${offset}`,
        shopper.cookie,
      );
      for (const listed of page) {
        liveOrders += 1;
        liveUnits.set(listed.toolId, (liveUnits.get(listed.toolId) ?? 0) + listed.quantity);
        // Exact: no order exists that was never acknowledged (every request the server took, it answered).
        if (exact) expect(known.has(listed._id), `unacknowledged order ${listed._id}`).toBe(true);
      }
      if (page.length < 100) break;
    }
  }
  for (const [id, starting] of shop.startingStock) {
    const { availableQuantity } = await json<Product>(url, `/api/v1/tools/${id}`);
    expect(availableQuantity + (liveUnits.get(id) ?? 0), `stock of ${id}`).toBe(starting);
  }
  return { liveOrders, checkedOrders: known.size };
}

/** Answers of the load that are neither a clean answer nor a refusal: 5xx other than 503, hangs. */
export function badOutcomes(report: LoadReport) {
  return report.outcomes.filter(({ outcome }) => {
    if (outcome.kind === 'timeout') return true;
    if (outcome.kind !== 'answered') return false;
    if (outcome.status === 503)
      return outcome.body.success !== false || typeof outcome.body.message !== 'string';
    return outcome.status >= 500;
  });
}

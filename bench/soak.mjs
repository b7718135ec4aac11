// `npm run soak`: mixed traffic for 10 minutes (SOAK_SECONDS) on two built server processes
// (`npm run build` first) over one fresh PostgreSQL database: browse, sign in, buy, pay (offline
// sandbox), cancel, and ship as an admin. Samples both processes' RSS every second. At the end:
//   memory flat: per process, the lowest RSS of each quarter does not rise quarter after quarter
//     to more than 15% above the second quarter's (bench/lib/memory-trend.mjs; the first
//     quarter is warm-up: caches filling, JIT);
//   stock: for every product, availableQuantity + units in live orders (not cancelled) equals
//     the stock it started with.
// Prints one summary line and writes it with the RSS timeline to bench/results/soak-<date>.txt.
// Exit code 1 when either check fails or any request failed with a 5xx or a network error.
//   SOAK_SECONDS (600), SOAK_WORKERS (12): concurrent clients, each alternating processes
//   BENCH_DATABASE_URL / DATABASE_URL: a PostgreSQL server to create the soak database on

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres, postgresReachable } from './lib/databases.mjs';
import { memoryTrend } from './lib/memory-trend.mjs';
import { root, rssMb, startShop, stop } from './lib/processes.mjs';

const seconds = Number(process.env.SOAK_SECONDS ?? 600);
const workers = Number(process.env.SOAK_WORKERS ?? 12);
const PRODUCTS = 100;
const STOCK = 200;
const BUYERS = 40;
const PASSWORD = 'soak-secret-123';
const secret = 'soak-secret-0123456789abcdef0123456789abcdef';
const note = (line) => process.stderr.write(`[soak] ${line}\n`);

if (!existsSync(join(root, 'server', 'dist', 'server.js'))) {
  console.error('soak: build first (npm run build)');
  process.exit(1);
}
if (!(await postgresReachable())) {
  console.error('soak: needs PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL)');
  process.exit(1);
}

const database = await freshPostgres();
const dirs = [mkdtempSync(join(tmpdir(), 'pp-soak-')), mkdtempSync(join(tmpdir(), 'pp-soak-'))];
// All traffic comes from 127.0.0.1: the sign-in limits per IP would stop the test, not a person.
const env = { RATE_LIMIT_AUTH_PER_MINUTE: '1000000', SEED_DEMO: 'false' };
const shops = [];
let failure;
try {
  // One after the other: the first migrates.
  for (const dataDir of dirs)
    shops.push(await startShop({ dataDir, databaseUrl: database.url, secret, env }));
  await soak();
} catch (error) {
  failure = error;
} finally {
  await Promise.all(shops.map((s) => stop(s.child)));
  await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
if (failure) {
  console.error(failure);
  process.exit(1);
}

async function soak() {
  const started = { stock: STOCK };
  await database.with(async (query) => {
    await query(
      `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, created_at)
       select 'Soak Part ' || g, '/images/products/piston.svg', 'Soak part ' || g || ': case-hardened steel.',
              1 + (g % 3), ${STOCK}, 500 + g, now() - (g || ' seconds')::interval
       from generate_series(1, ${PRODUCTS}) g`,
    );
  });
  const products = await json(shops[0], 'GET', `/api/v1/tools?limit=${PRODUCTS}`);
  const productIds = products.data.map((p) => p._id);

  // Real accounts through the API: a password each, so "sign in" checks a real hash.
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const email = `soak${i}-${Date.now()}@example.com`;
    const res = await call(shops[i % 2], 'POST', '/api/v1/auth/sign-up/email', {
      body: { name: `Soak Buyer ${i}`, email, password: PASSWORD },
    });
    if (res.status !== 200) throw new Error(`sign-up ${res.status}`);
    buyers.push({ email, cookie: cookieOf(res), orders: [] });
  }
  const admin = buyers.pop();
  await database.with((query) =>
    query(`update "user" set role = 'admin' where email = '${admin.email}'`),
  );

  const stats = {
    requests: 0,
    errors: 0,
    refused: 0,
    orders: 0,
    paid: 0,
    cancelled: 0,
    shipped: 0,
    signIns: 0,
  };
  const firstError = [];
  /** Refusals by status and route: 409s are stock running out or an order already paid/cancelled. */
  const refusedBy = new Map();
  /** One request; counts it, and a 5xx or a network failure as an error. */
  async function request(shop, method, path, options = {}) {
    stats.requests += 1;
    try {
      const res = await call(shop, method, path, options);
      if (res.status >= 500) {
        stats.errors += 1;
        if (firstError.length < 3) firstError.push(`${method} ${path} ${res.status}`);
      } else if (res.status >= 400) {
        stats.refused += 1;
        const why = `${res.status} ${method} ${path.replace(/\/[0-9a-f-]{36}|\/[^/?]+@[^/?]+|\?.*$/g, '')}`;
        refusedBy.set(why, (refusedBy.get(why) ?? 0) + 1);
      }
      return res;
    } catch (error) {
      stats.errors += 1;
      if (firstError.length < 3) firstError.push(`${method} ${path} ${error.message}`);
      return undefined;
    }
  }

  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const actions = [
    [
      40,
      async (shop) => {
        const offset = Math.floor(Math.random() * (PRODUCTS - 6));
        await request(shop, 'GET', `/api/v1/tools?limit=6&offset=${offset}`);
      },
    ],
    [25, (shop) => request(shop, 'GET', `/api/v1/tools/${pick(productIds)}`)],
    [5, (shop) => request(shop, 'GET', '/api/v1/reviews?limit=6')],
    [
      5,
      async (shop, buyer) => {
        await request(shop, 'GET', `/api/v1/purchase/${encodeURIComponent(buyer.email)}?limit=10`, {
          cookie: buyer.cookie,
        });
      },
    ],
    [
      3,
      async (shop, buyer) => {
        const res = await request(shop, 'POST', '/api/v1/auth/sign-in/email', {
          body: { email: buyer.email, password: PASSWORD },
        });
        if (res?.status === 200) {
          buyer.cookie = cookieOf(res);
          stats.signIns += 1;
        }
      },
    ],
    [
      12,
      async (shop, buyer) => {
        const res = await request(shop, 'POST', '/api/v1/purchase', {
          cookie: buyer.cookie,
          body: { toolId: pick(productIds), quantity: 3 + Math.floor(Math.random() * 3) },
        });
        if (res?.status === 200) {
          stats.orders += 1;
          buyer.orders.push((await res.json()).data.insertedId);
        }
      },
    ],
    [
      5,
      async (shop, buyer) => {
        const orderId = buyer.orders.shift();
        if (!orderId) return;
        const intent = await request(shop, 'POST', '/api/v1/create-payment-intent', {
          cookie: buyer.cookie,
          body: { orderId },
        });
        if (intent?.status !== 200) return;
        const { clientSecret } = (await intent.json()).data;
        const confirmed = await request(shop, 'POST', '/api/v1/sandbox/confirm', {
          cookie: buyer.cookie,
          body: {
            clientSecret,
            card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
          },
        });
        if (confirmed?.status !== 200) return;
        const { paymentIntentId } = (await confirmed.json()).data;
        const paid = await request(shop, 'PATCH', `/api/v1/myPurchase/${orderId}`, {
          cookie: buyer.cookie,
          body: { transactionId: paymentIntentId },
        });
        if (paid?.status === 200) stats.paid += 1;
      },
    ],
    [
      3,
      async (shop, buyer) => {
        const orderId = buyer.orders.pop();
        if (!orderId) return;
        const res = await request(shop, 'DELETE', `/api/v1/myPurchase/${orderId}`, {
          cookie: buyer.cookie,
        });
        if (res?.status === 200) stats.cancelled += 1;
      },
    ],
    [
      2,
      async (shop) => {
        const res = await request(shop, 'GET', '/api/v1/manageOrder?status=pending&limit=5', {
          cookie: admin.cookie,
        });
        if (res?.status !== 200) return;
        const pending = (await res.json()).data;
        if (!pending.length) return;
        const shipped = await request(shop, 'PATCH', `/api/v1/manageOrder/${pick(pending)._id}`, {
          cookie: admin.cookie,
        });
        if (shipped?.status === 200) stats.shipped += 1;
      },
    ],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  const nextAction = () => {
    let roll = Math.random() * total;
    for (const [weight, act] of actions) {
      roll -= weight;
      if (roll < 0) return act;
    }
    return actions[0][1];
  };

  const pids = shops.map((s) => s.pid);
  const samples = [];
  const sample = () =>
    samples.push({ t: Math.round((Date.now() - t0) / 1000), rss: pids.map(rssMb) });
  const t0 = Date.now();
  sample();
  const sampler = setInterval(sample, 1000);
  const until = t0 + seconds * 1000;
  note(`${seconds} s, ${workers} clients, 2 processes (pids ${pids.join(', ')})`);
  let turn = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (Date.now() < until) {
        const shop = shops[turn++ % 2];
        await nextAction()(shop, buyers[(w + turn) % buyers.length]);
      }
    }),
  );
  clearInterval(sampler);
  sample();

  // The stock ledger, in one statement (one snapshot), for every product.
  const wrong = await database.with((query) =>
    query(
      `select p.id, p.available_quantity + coalesce(sum(o.quantity) filter (where o.status <> 'cancelled'), 0) as total
         from products p left join orders o on o.tool_id = p.id
        group by p.id having p.available_quantity + coalesce(sum(o.quantity) filter (where o.status <> 'cancelled'), 0) <> ${started.stock}`,
    ),
  );
  const [counted] = await database.with((query) =>
    query(
      `select count(*)::int as orders, count(*) filter (where status = 'cancelled')::int as cancelled from orders`,
    ),
  );

  const memory = pids.map((_, i) => {
    const rss = samples.map((s) => s.rss[i]);
    const { lows, flat } = memoryTrend(rss);
    return { start: rss[0], end: rss.at(-1), lows, flat };
  });
  const memoryFlat = memory.every((m) => m.flat);
  const invariantOk = wrong.length === 0;
  const ok = memoryFlat && invariantOk && stats.errors === 0;
  const summary =
    `soak ${ok ? 'ok' : 'FAILED'}: ${seconds} s, ${workers} clients, 2 processes, ` +
    `requests ${stats.requests} (${Math.round(stats.requests / seconds)}/s), errors ${stats.errors}, ` +
    `refused 4xx ${stats.refused} (${[...refusedBy]
      .sort((x, y) => y[1] - x[1])
      .map(([why, n]) => `${why}: ${n}`)
      .join(', ')}), sign-ins ${stats.signIns}, orders ${counted.orders} ` +
    `(paid ${stats.paid}, cancelled ${counted.cancelled}, shipped ${stats.shipped}), ` +
    memory
      .map(
        (m, i) =>
          `RSS P${i + 1} ${m.start}→${m.end} MB (lowest per quarter ${m.lows.join(' / ')}: ${m.flat ? 'flat' : 'GROWING'})`,
      )
      .join(', ') +
    `, stock invariant ${invariantOk ? 'ok' : `BROKEN for ${wrong.length} products`} (${PRODUCTS} products × ${STOCK})` +
    (firstError.length ? `; first errors: ${firstError.join('; ')}` : '');
  console.log(summary);

  const stamp = new Date().toISOString().slice(0, 19).replaceAll(':', '-');
  const dir = join(root, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const timeline = samples
    .filter((_, i) => i % 10 === 0 || i === samples.length - 1)
    .map(
      (s) => `${String(s.t).padStart(5)} s  ${s.rss.map((r) => String(r).padStart(5)).join('  ')}`,
    );
  writeFileSync(
    join(dir, `soak-${stamp}.txt`),
    [
      summary,
      '',
      "Rule: per process, memory grows only if the lowest RSS of each quarter rises quarter after quarter and the last quarter's is over 1.15 × the second's; for every product available + units in live orders = starting stock; no 5xx, no network error.",
      `RSS (MB) every 10 s:   t     P1     P2`,
      ...timeline,
      '',
    ].join('\n'),
  );
  if (!ok) process.exitCode = 1;
}

function cookieOf(res) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function call(shop, method, path, { body, cookie } = {}) {
  const headers = { origin: shop.url };
  if (body) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return fetch(`${shop.url}${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
}

async function json(shop, method, path) {
  const res = await call(shop, method, path);
  return res.json();
}

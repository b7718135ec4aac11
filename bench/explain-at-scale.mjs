// `node bench/explain-at-scale.mjs`: the plans of the hot queries at the scale docs/scaling.md
// plans for (10^6 products, 10^7 orders), on a scratch PostgreSQL database with the server's migrations
// applied. Prints Markdown: each query, its EXPLAIN (ANALYZE, BUFFERS).
//   SCALE_PRODUCTS (1,000,000), SCALE_ORDERS (10,000,000), SCALE_USERS (100,000)
//   SCALE_DATABASE: reuse this scratch database (made and filled on the first run, kept)
//   BENCH_DATABASE_URL / DATABASE_URL: the PostgreSQL server
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { postgresBase } from './lib/databases.mjs';
import { root } from './lib/processes.mjs';

const PRODUCTS = Number(process.env.SCALE_PRODUCTS ?? 1_000_000);
const ORDERS = Number(process.env.SCALE_ORDERS ?? 10_000_000);
const USERS = Number(process.env.SCALE_USERS ?? 100_000);
const name = process.env.SCALE_DATABASE ?? `pp_scale_${Date.now()}`;
const note = (line) => process.stderr.write(`[scale] ${line}\n`);

const base = new pg.Client({ connectionString: postgresBase });
await base.connect();
const exists = (await base.query('select 1 from pg_database where datname = $1', [name])).rowCount;
if (!exists) await base.query(`create database ${name}`);
await base.end();
const url = new URL(postgresBase);
url.pathname = `/${name}`;

// The server's own migrations (server/drizzle), as the server applies them at start-up.
const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
const started = Date.now();
await migrate(drizzle(pool), { migrationsFolder: join(root, 'server', 'drizzle') });
await pool.end();
note(`migrations: ${Math.round((Date.now() - started) / 1000)} s`);

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
const timed = async (label, statement) => {
  const started = Date.now();
  await db.query(statement);
  note(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
};

/**
 * A valid version-4 uuid made from `seed` (an SQL expression): md5's 32 hex digits with the
 * version and variant digits set. Deterministic, so that orders can name their product; a bare
 * `md5(…)::uuid` has a random version digit, and the API refused ~87% of them as not uuids.
 */
const uuidOf = (seed) =>
  `overlay(overlay(md5(${seed}) placing '4' from 13) placing '8' from 17)::uuid`;

const [{ n: have }] = (await db.query('select count(*)::int as n from products')).rows;
if (have < PRODUCTS) {
  // Bulk load: no per-row foreign-key checks or change notifications (triggers off).
  await db.query('set session_replication_role = replica');
  await timed(
    'products',
    `insert into products (id, sku, slug, name, img, description, minimum_order_quantity, available_quantity, price_cents, created_at, deleted_at)
     select ${uuidOf("'p' || g")}, 'SCL-' || g, 'scale-part-' || g, 'Scale Part ' || g, '/uploads/' || md5('i' || g) || '.webp',
            'Scale part ' || g || ': forged steel, 40 mm bore, to ISO 286 tolerances.',
            1 + (g % 50), 1000 + (g % 5000), 100 + (g % 100000),
            now() - (g || ' minutes')::interval,
            case when g % 100 = 0 then now() end
     from generate_series(1, ${PRODUCTS}) g`,
  );
  await timed(
    'users and sessions',
    `insert into "user" (id, name, email, email_verified)
       select 'scale-user-' || g, 'Scale Buyer ' || g, 'scale' || g || '@example.com', true
       from generate_series(1, ${USERS}) g;
     insert into session (id, token, user_id, expires_at)
       select 'scale-session-' || g, 'scaletoken' || g, 'scale-user-' || g, now() + interval '7 days'
       from generate_series(1, ${USERS}) g`,
  );
  // Newest orders first in g; the newest 1% are unpaid or paid and waiting, older ones were
  // shipped (93%) or cancelled (7%), as in a shop that ships within days.
  const chunk = 1_000_000;
  for (let from = 1; from <= ORDERS; from += chunk) {
    const to = Math.min(ORDERS, from + chunk - 1);
    await timed(
      `orders ${from}-${to}`,
      `insert into orders (id, tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents, user_name, email, status, paid, created_at, updated_at)
       select ${uuidOf("'o' || g")}, ${uuidOf(`'p' || (1 + (g::bigint * 7919) % ${PRODUCTS})`)},
              'scale-user-' || (1 + (g::bigint * 104729) % ${USERS}), 'Scale Part', '/uploads/x.webp', 500, 2, 1000,
              'Scale Buyer', 'scale@example.com',
              case when g <= ${ORDERS / 100} then (case when g % 3 = 0 then 'unpaid' else 'pending' end)
                   when g % 100 < 7 then 'cancelled' else 'shipped' end,
              g > ${ORDERS / 100} and g % 100 >= 7 or (g <= ${ORDERS / 100} and g % 3 <> 0),
              now() - (g * 6 || ' seconds')::interval, now()
       from generate_series(${from}, ${to}) g`,
    );
  }
  await timed(
    'reviews',
    `insert into reviews (user_id, rating, description, user_name, created_at)
     select 'scale-user-' || (1 + g % ${USERS}), 1 + g % 5, 'Scale review ' || g, 'Scale Buyer',
            now() - (g || ' minutes')::interval
     from generate_series(1, ${USERS * 10}) g`,
  );
  await db.query('set session_replication_role = origin');
  await timed('vacuum analyze', 'vacuum analyze');
}

const deep = Math.floor(PRODUCTS / 2);
const one = async (sql) => (await db.query(sql)).rows[0];
const product = await one(
  `select id, created_at from products where deleted_at is null order by created_at desc, id desc offset ${deep} limit 1`,
);
const busyUser = await one(
  "select user_id from orders where created_at > now() - interval '1 day' limit 1",
);
const iso = new Date(product.created_at).toISOString();

const queries = [
  [
    'Catalog, first page (`listTools`, home page and /tools)',
    'select * from products where deleted_at is null order by created_at desc, id desc limit 6 offset 0',
  ],
  [
    `Catalog, deep page by offset (\`listTools\` as it is: offset ${deep.toLocaleString('en')})`,
    `select * from products where deleted_at is null order by created_at desc, id desc limit 6 offset ${deep}`,
  ],
  [
    'Catalog, the same page by keyset (after the last row of the page before)',
    `select * from products where deleted_at is null and (created_at, id) < ('${iso}', '${product.id}') order by created_at desc, id desc limit 6`,
  ],
  [
    'One product (`findLiveProduct`, product page, every order)',
    `select * from products where id = '${product.id}' and deleted_at is null limit 1`,
  ],
  [
    'Place an order (`placeOrder`: take stock and insert, one statement; rolled back)',
    `with taken as (
       update products set available_quantity = available_quantity - 2
       where id = '${product.id}' and deleted_at is null and available_quantity >= 2 and minimum_order_quantity <= 2
       returning id, name, img, price_cents)
     insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents, user_name, email, address, phone)
     select id, '${busyUser.user_id}', name, img, price_cents, 2, price_cents::bigint * 2, 'Scale Buyer', 'scale@example.com', '', ''
     from taken returning id`,
  ],
  [
    'My orders (`listOrdersOfUser`, first page of 10)',
    `select * from orders where user_id = '${busyUser.user_id}' and status <> 'cancelled' order by created_at desc, id desc limit 10 offset 0`,
  ],
  [
    'Manage orders: waiting to ship (`listAllOrders` status=pending, 20)',
    "select * from orders where status = 'pending' order by created_at desc, id desc limit 20 offset 0",
  ],
  [
    'Manage orders: cancelled ones (`listAllOrders` status=cancelled, 20)',
    "select * from orders where status = 'cancelled' order by created_at desc, id desc limit 20 offset 0",
  ],
  [
    'Manage orders: all live (`listAllOrders`, 20)',
    "select * from orders where status <> 'cancelled' order by created_at desc, id desc limit 20 offset 0",
  ],
  [
    'Reviews written today by one account (`addReview`, the per-day limit)',
    `select count(*) from reviews where user_id = '${busyUser.user_id}' and created_at > now() - interval '1 day'`,
  ],
  [
    'Session by token (better-auth `getSession`, on a session-cache miss)',
    "select * from session where token = 'scaletoken42'",
  ],
];

const [{ size }] = (
  await db.query('select pg_size_pretty(pg_database_size(current_database())) as size')
).rows;
const counts = (
  await db.query(
    'select (select count(*) from products) as products, (select count(*) from orders) as orders, (select count(*) from "user") as users, (select count(*) from reviews) as reviews',
  )
).rows[0];
console.log(
  `Data: ${Number(counts.products).toLocaleString('en')} products, ${Number(counts.orders).toLocaleString('en')} orders, ${Number(counts.users).toLocaleString('en')} users, ${Number(counts.reviews).toLocaleString('en')} reviews; database ${size}. Plans: PostgreSQL 15, shared_buffers 128 MB, warm cache (each query run once before).\n`,
);
for (const [title, sql] of queries) {
  const isWrite = /^with taken/.test(sql.trim());
  await db.query('begin');
  try {
    if (!isWrite) await db.query(sql);
    const plan = await db.query(`explain (analyze, buffers, costs off) ${sql}`);
    console.log(
      `#### ${title}\n\n\`\`\`sql\n${sql.replace(/\s+/g, ' ').trim()}\n\`\`\`\n\n\`\`\`text`,
    );
    for (const row of plan.rows) console.log(row['QUERY PLAN']);
    console.log('```\n');
  } finally {
    await db.query('rollback');
  }
}
await db.end();
note(`kept scratch database ${name} (drop database ${name} with (force) when done)`);

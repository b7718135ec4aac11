// Bulk data for the benchmarks, in plain SQL that PGlite and PostgreSQL both run. Users get
// sessions with known tokens (better-auth signs a bare bearer token itself), so no password hashing.

/** The bearer token of bench user n (1-based). */
export const tokenOf = (n) => `benchtoken${n}`;
export const emailOf = (n) => `bench${n}@example.com`;
/** User 1 has exactly 100 orders: the "My Orders" page under load. */
export const ORDERS_OF_USER_1 = 100;

export function seedStatements({ products, users, orders, reviews }) {
  const others = Math.max(1, users - 1);
  return [
    `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents, created_at)
     select 'Bench Part ' || g, '/images/products/piston.svg',
            'Bench part ' || g || ': forged steel, 40 mm bore, to ISO 286 tolerances.',
            1 + (g % 50), 1000000000, 100 + (g % 100000), now() - (g || ' seconds')::interval
     from generate_series(1, ${products}) g`,
    `insert into "user" (id, name, email, email_verified, role)
     select 'bench-user-' || g, 'Bench Buyer ' || g, 'bench' || g || '@example.com', true, 'user'
     from generate_series(1, ${users}) g
     on conflict do nothing`,
    `insert into session (id, token, user_id, expires_at)
     select 'bench-session-' || g, 'benchtoken' || g, 'bench-user-' || g, now() + interval '7 days'
     from generate_series(1, ${users}) g
     on conflict do nothing`,
    `with p as (select id, name, img, price_cents, row_number() over (order by id) as rn from products)
     insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents, user_name, email, status)
     select p.id, 'bench-user-' || (2 + (g % ${others})), p.name, p.img, p.price_cents, 1, p.price_cents,
            'Bench Buyer', 'bench' || (2 + (g % ${others})) || '@example.com', 'pending'
     from generate_series(1, ${Math.max(0, orders - ORDERS_OF_USER_1)}) g
     join p on p.rn = 1 + (g % ${products})`,
    `with p as (select id, name, img, price_cents, row_number() over (order by id) as rn from products)
     insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents, user_name, email, status)
     select p.id, 'bench-user-1', p.name, p.img, p.price_cents, 1, p.price_cents, 'Bench Buyer 1', 'bench1@example.com', 'pending'
     from generate_series(1, ${ORDERS_OF_USER_1}) g
     join p on p.rn = g`,
    `insert into reviews (user_id, rating, description, user_name)
     select 'bench-user-' || (1 + (g % ${users})), 1 + (g % 5), 'Bench review ' || g || ': parts arrived on time and to spec.', 'Bench Buyer'
     from generate_series(1, ${reviews}) g`,
    'analyze',
  ];
}

/** Seeds through `query(sql)`; answers how long it took (ms). */
export async function seed(query, sizes) {
  const started = Date.now();
  for (const statement of seedStatements(sizes)) await query(statement);
  return Date.now() - started;
}

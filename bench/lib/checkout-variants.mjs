// The checkout bench's CPU comparison (issues 33, 35, 36): what one 20-line checkout costs the
// server and PostgreSQL, plain and in each of the three shapes the issues price against it.
//
// The carts of checkouts in flight share no part: buyer b's cart is the 20 parts of slot
// b % SLOTS. Overlapping carts (the contention rows of bench/checkout.mjs) spend much of their
// CPU on lock waits and re-checks, which moved the same row by ±20% between runs; without them a
// row measures the work a checkout is. Each variant is run twice, interleaved with the others
// (plain, taxed, contract, 3 warehouses; then backwards), so that a table growing or autovacuum
// running during one of them weighs on all, and no shape is always the first of a round.

export const CART_LINES = 20;
/** Slots of 20 parts: more than the checkouts in flight (50), so none share a part. */
const SLOTS = 100;
/** The plain, taxed and contract carts' parts; the 3-warehouse carts take the next as many. */
export const SLOT_PARTS = SLOTS * CART_LINES;

/** Issue 35: the contract buyers are bench users from this index on, members of one company. */
const CONTRACT_FROM = 3_000;
/** Issue 33: the buyers whose carts are filled in SQL start here: above the first row's 5,000, whose carts this server answered (bench users: 7,000). */
const UNSEEN_FROM = 5_000;
/** Issue 36: the 3-warehouse carts' parts hold their stock in warehouse (part index % 3). */
const WAREHOUSES = ['Main', 'Bench East', 'Bench West'];

export const TARGETS = { taxed: 15, contract: 10, warehouses: 20 };

/** Buyer b's cart: slot b's 20 parts of `parts`, quantities across the tier breaks. */
export function slotCart(parts, buyer) {
  const slot = buyer % SLOTS;
  return parts.slice(slot * CART_LINES, (slot + 1) * CART_LINES).map((part, line) => ({
    productId: part.id,
    quantity: part.minimum + ((buyer * 7 + line * 13) % 60),
  }));
}

/**
 * Issue 35: COMPANIES companies, buyers CONTRACT_FROM.. (count of them) their members in turn,
 * and one price list for all of them that sets a net price for every plain part (its list price
 * less 12%, 20% from 10 pieces, 28% from 50) and 5% off everything else. Several companies, as a
 * shop's contract customers are: fifty checkouts at once by members of one company all lock its
 * row for the orders' foreign key (`for key share`), and PostgreSQL then keeps the row's lockers
 * as a multixact that each new one copies: +8 ms of its CPU a checkout, measured, whatever the
 * prices.
 */
const COMPANIES = 50;
async function setUpContract(query, parts, buyers, userOf) {
  const companies = await query(
    `insert into companies (name) select 'Bench Contract Co ' || g from generate_series(1, $1::int) g
     returning id`,
    [COMPANIES],
  );
  await query(
    `insert into company_members (user_id, company_id, role)
     select 'bench-user-' || g, ($1::uuid[])[1 + (g % $4::int)], 'buyer'
       from generate_series($2::int, $3::int) g`,
    [
      companies.map((c) => c.id),
      userOf(CONTRACT_FROM),
      userOf(CONTRACT_FROM + buyers - 1),
      COMPANIES,
    ],
  );
  const [list] = await query(
    `insert into price_lists (name, priority) values ('Bench contract', 10) returning id`,
  );
  await query(
    `insert into price_list_companies (price_list_id, company_id)
     select $1, unnest($2::uuid[])`,
    [list.id, companies.map((c) => c.id)],
  );
  await query(
    `insert into price_list_entries (price_list_id, product_id, min_quantity, price_cents)
     select $1, p.id, b.min_quantity, p.price_cents * b.percent / 100
       from products p, (values (1, 88), (10, 80), (50, 72)) as b(min_quantity, percent)
      where p.id = any($2::uuid[])`,
    [list.id, parts.map((part) => part.id)],
  );
  await query(`insert into price_list_entries (price_list_id, percent_off) values ($1, 5)`, [
    list.id,
  ]);
}

/** Issue 36: two more warehouses, and each of `parts`' stock moved whole to one of the three. */
async function setUpWarehouses(query, parts) {
  await query(
    `insert into warehouses (name, public_name, country) values
       ($1, $1, 'US'), ($2, $2, 'US')`,
    WAREHOUSES.slice(1),
  );
  const ids = await query('select id, name from warehouses where name = any($1::text[])', [
    WAREHOUSES,
  ]);
  const idOf = new Map(ids.map((row) => [row.name, row.id]));
  const moves = parts.map((part, index) => ({
    product: part.id,
    warehouse: idOf.get(WAREHOUSES[index % WAREHOUSES.length]),
  }));
  // The product's sum stays what it was: its Main row's quantity moves to its one warehouse.
  const moved = JSON.stringify(moves.filter((m) => m.warehouse !== idOf.get('Main')));
  await query(
    `insert into warehouse_stock (product_id, warehouse_id, quantity)
     select m.product, m.warehouse, s.quantity
       from jsonb_to_recordset($1::jsonb) as m(product uuid, warehouse int)
       join warehouse_stock s on s.product_id = m.product and s.warehouse_id = $2`,
    [moved, idOf.get('Main')],
  );
  await query(
    `update warehouse_stock s set quantity = 0, updated_at = now()
       from jsonb_to_recordset($1::jsonb) as m(product uuid, warehouse int)
      where s.product_id = m.product and s.warehouse_id = $2`,
    [moved, idOf.get('Main')],
  );
}

/**
 * The variants: what each buyer's checkout sends and which buyers and parts it takes. `plain`
 * is the reference the others are held to.
 */
export function checkoutVariants({ parts, plainBody, taxedBody }) {
  const plainParts = parts.slice(0, SLOT_PARTS);
  const warehouseParts = parts.slice(SLOT_PARTS, 2 * SLOT_PARTS);
  return [
    {
      key: 'plain',
      title: 'plain (a text address, list and tier prices, one warehouse)',
      from: 0,
      parts: plainParts,
      body: plainBody,
    },
    {
      key: 'taxed',
      title: 'taxed: a Texas `shipTo` and a freight method (issue 33)',
      from: 0,
      parts: plainParts,
      body: taxedBody,
      target: TARGETS.taxed,
    },
    {
      // Issue 33: the same, but the carts were filled by another process (SQL here), so this
      // server never answered them priced: the checkout reads the cart priced first
      // (cart/checkout-pricing.ts), as it does for a company's member (their tax facts).
      key: 'taxedUnseen',
      title:
        'taxed, the carts filled by another process: read and priced first (issue 33; reported)',
      // Buyers no other shape fills a cart for, so none was ever answered priced.
      from: UNSEEN_FROM,
      parts: plainParts,
      body: taxedBody,
      fillWithSql: true,
    },
    {
      key: 'contract',
      title: 'contract prices: buyers of a company with a price list on every part (issue 35)',
      from: CONTRACT_FROM,
      parts: plainParts,
      body: plainBody,
      target: TARGETS.contract,
    },
    {
      key: 'warehouses',
      title: 'each cart from 3 warehouses (issue 36)',
      from: 0,
      parts: warehouseParts,
      body: plainBody,
      target: TARGETS.warehouses,
    },
  ];
}

/** The contract company and price list, and the 3-warehouse stock, before the first round. */
export async function setUpVariants(query, { parts, buyers, userOf }) {
  await setUpContract(query, parts.slice(0, SLOT_PARTS), buyers, userOf);
  await setUpWarehouses(query, parts.slice(SLOT_PARTS, 2 * SLOT_PARTS));
  // As autovacuum would have long before a shop's buyers came: without statistics for the new
  // rows, the price list's lookups were planned as scans (+8 ms of PostgreSQL CPU a checkout).
  await query('analyze');
}

const cpuOf = (row) => row.cpuPerRequestMs.server + row.cpuPerRequestMs.postgres;

/** Each variant's rounds, their mean server + PostgreSQL CPU a checkout, and its verdict. */
export function compareVariants(variants, rows) {
  const meanOf = (key) => {
    const mine = rows.filter((row) => row.variant === key);
    return mine.reduce((sum, row) => sum + cpuOf(row), 0) / Math.max(1, mine.length);
  };
  const plain = meanOf('plain');
  return variants.map((variant) => {
    const mine = rows.filter((row) => row.variant === variant.key);
    const mean = meanOf(variant.key);
    const more = Math.round((mean / plain - 1) * 100);
    const clean = mine.every((row) => row.failed === 0 && row.oversoldUnits === 0);
    return {
      key: variant.key,
      title: variant.title,
      rounds: mine.map((row) => ({
        server: row.cpuPerRequestMs.server,
        postgres: row.cpuPerRequestMs.postgres,
        placed: row.requests,
        perSecond: row.okPerSecond,
        failed: row.failed,
      })),
      meanMs: Math.round(mean * 100) / 100,
      morePercent: variant.key === 'plain' ? 0 : more,
      target: variant.target,
      ok: variant.target === undefined ? clean : clean && more <= variant.target,
    };
  });
}

/** The report's section: one line a variant. */
export function comparisonMarkdown(comparison, settings) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  const rounds = (c) =>
    c.rounds
      .map(
        (r) =>
          `${r.server} + ${r.postgres} (${r.placed} placed${r.failed ? `, ${r.failed} failed` : ''})`,
      )
      .join('; ');
  return [
    `CPU a 20-line checkout by shape (issues 33, 35, 36): ${settings.connections} buyers at once place carts filled before (${settings.carts} a round), carts in flight sharing no part; each shape run ${settings.rounds} times, interleaved, ${settings.seconds} s a round. Server + PostgreSQL CPU (ms) over the checkouts placed, from /proc.`,
    '',
    line(['shape', 'rounds: server + PostgreSQL ms', 'mean ms', 'vs plain', 'target', '']),
    line(['---', '---', '---:', '---:', '---:', '---']),
    ...comparison.map((c) =>
      line([
        c.title,
        rounds(c),
        c.meanMs,
        c.key === 'plain' ? '' : `${c.morePercent >= 0 ? '+' : ''}${c.morePercent}%`,
        c.target === undefined ? '' : `≤ +${c.target}%`,
        c.target === undefined ? '' : c.ok ? 'met' : '**missed**',
      ]),
    ),
  ].join('\n');
}

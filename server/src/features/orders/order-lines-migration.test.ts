import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore } from '../../../test/migrations-before.ts';

/**
 * Migration 0010 (issue 18) on a shop of 0009, whose orders are one product each: nothing is lost,
 * every order becomes one order line, and every paid order gets its invoice number, gapless per
 * year in the order the orders were paid. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('migration 0010 (business buying) on a shop with one-line orders', async () => {
  const database = await databaseBefore('0010_business-buying');
  afterAll(() => database.close());
  const { run } = database;

  await run(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
  const products = await run(
    `insert into products (name, img, description, minimum_order_quantity, available_quantity, price_cents)
     values ('Piston', '/images/products/piston.svg', 'Forged piston', 1, 1000000, 1234),
            ('Gear Pump', '/images/products/pump.svg', 'A pump', 1, 1000000, 50000)
     returning id, sku`,
  );
  const [piston, pump] = products.map((p) => String(p.id));

  /**
   * Orders as 0009 kept them: key, product, quantity, unit price, status, paid, created, and the
   * times of their payment rows (a failed attempt first where there are two).
   */
  const old = [
    // Created before B but paid after it: numbered by payment, not by creation.
    ['paid-late', piston, 3, 1234, 'pending', true, '2025-03-01', ['2025-12-31T23:30:00Z']],
    ['paid-early', pump, 1, 50000, 'pending', true, '2025-04-01', ['2025-06-01T10:00:00Z']],
    // Past 32 bits of cents: 100,000 × $500.
    ['shipped-big', pump, 100_000, 50000, 'shipped', true, '2025-12-20', ['2026-01-05T09:00:00Z']],
    [
      'shipped-retried',
      piston,
      7,
      1100,
      'shipped',
      true,
      '2025-12-28',
      ['2026-01-01T08:00:00Z', '2026-01-02T08:00:00Z'],
    ],
    ['paid-2026', piston, 2, 1234, 'pending', true, '2026-02-01', ['2026-02-02T00:00:00Z']],
    ['unpaid', pump, 4, 50000, 'unpaid', false, '2026-01-10', []],
    ['cancelled', piston, 9, 1234, 'cancelled', false, '2025-05-05', []],
    [
      'cancelled-attempt',
      pump,
      2,
      50000,
      'cancelled',
      false,
      '2025-05-06',
      ['2025-05-06T12:00:00Z'],
    ],
  ] as const;
  const idOf = new Map<string, string>();
  for (const [key, product, quantity, unit, status, paid, created, payments] of old) {
    const [row] = await run(
      `insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity, total_cents,
         user_name, email, address, phone, status, paid, transaction_id, created_at, updated_at)
       values ('${product}', 'u1', 'Order ${key}', '/images/${key}.svg', ${unit}, ${quantity},
         ${unit * quantity}, 'Ann', 'ann@example.com', '1 Mill Rd', '555 0100', '${status}', ${paid},
         ${paid ? `'pi_${key}'` : 'null'}, '${created}T12:00:00Z', now())
       returning id`,
    );
    idOf.set(key, String(row?.id));
    for (const [n, at] of payments.entries()) {
      const succeeded = paid && n === payments.length - 1;
      await run(
        `insert into payments (order_id, provider, intent_id, amount_cents, status, created_at)
         values ('${row?.id}', 'sandbox', 'pi_${key}_${n}', ${unit * quantity},
           '${succeeded ? 'succeeded' : 'failed'}', '${at}')`,
      );
    }
  }
  const orderColumns = `id, tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
    total_cents::text as total_cents, user_name, email, address, phone, status, paid, transaction_id,
    created_at, updated_at`;
  const before = await run(`select ${orderColumns} from orders order by id`);
  await database.migrateAll();

  it('keeps every order as it was, now with one line', async () => {
    expect(await run(`select ${orderColumns} from orders order by id`)).toEqual(before);
    const counts = await run('select line_count, count(*)::int as n from orders group by 1');
    expect(counts).toEqual([{ line_count: 1, n: old.length }]);
  });

  it('gives every order exactly one line: its product, SKU, name, image, quantity, unit price and total', async () => {
    const lines = await run(
      `select o.id, count(l.*)::int as lines, min(l.line_no) as line_no,
              bool_and(l.product_id = o.tool_id) as product,
              bool_and(l.sku = p.sku) as sku,
              bool_and(l.name = o.purchase_name and l.img = o.img) as named,
              bool_and(l.quantity = o.quantity) as quantity,
              bool_and(l.unit_price_cents = o.unit_price_cents) as unit,
              bool_and(l.line_total_cents = o.total_cents) as total,
              min(l.line_total_cents)::text as line_total
         from orders o
         left join order_lines l on l.order_id = o.id
         left join products p on p.id = l.product_id
        group by o.id`,
    );
    expect(lines).toHaveLength(old.length);
    for (const line of lines)
      expect(line).toMatchObject({
        lines: 1,
        line_no: 1,
        product: true,
        sku: true,
        named: true,
        quantity: true,
        unit: true,
        total: true,
      });
    const big = lines.find((l) => l.id === idOf.get('shipped-big'));
    expect(big?.line_total).toBe('5000000000');
  });

  it('numbers the paid and shipped orders per year in payment order, gapless; none for the others', async () => {
    const invoices = await run(
      `select order_id, year, number_in_year, issued_at from invoices order by year, number_in_year`,
    );
    const keyOf = new Map([...idOf].map(([key, id]) => [id, key]));
    expect(invoices.map((i) => [keyOf.get(String(i.order_id)), i.year, i.number_in_year])).toEqual([
      ['paid-early', 2025, 1],
      ['paid-late', 2025, 2],
      ['shipped-retried', 2026, 1],
      ['shipped-big', 2026, 2],
      ['paid-2026', 2026, 3],
    ]);
    // Issued when paid: the succeeded payment, not a failed attempt before it.
    const retried = invoices.find((i) => i.order_id === idOf.get('shipped-retried'));
    expect(new Date(String(retried?.issued_at)).toISOString()).toBe('2026-01-02T08:00:00.000Z');
    expect(await run('select year, last_number from invoice_counters order by year')).toEqual([
      { year: 2025, last_number: 2 },
      { year: 2026, last_number: 3 },
    ]);
    const uninvoiced = await run(
      `select o.status, o.paid from orders o left join invoices i on i.order_id = o.id
        where i.order_id is null order by o.created_at`,
    );
    expect(uninvoiced).toEqual([
      { status: 'cancelled', paid: false },
      { status: 'cancelled', paid: false },
      { status: 'unpaid', paid: false },
    ]);
  });
});

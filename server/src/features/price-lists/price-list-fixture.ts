import { sql } from 'drizzle-orm';
import { signUp, signUpAdmin, type TestUser } from '../../../test/auth-helper.ts';
import type { TestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';

/**
 * Issue 35's test shop: a brand, a 3-level category tree, products priced in round dollars, two
 * companies with a buyer each, an outsider, and a shop admin who writes their price lists.
 */
export async function buildPriceListShop(app: TestApp, tag: string) {
  const one = async <T>(query: ReturnType<typeof sql>) =>
    ((await app.db.execute(query)).rows as T[])[0] as T;
  const brand = await one<{ id: string }>(
    sql`insert into brands (name, slug) values (${`Acme ${tag}`}, ${`acme-${tag}`}) returning id`,
  );
  const category = async (slug: string, parent: string | null, depth: number) =>
    (
      await one<{ id: string }>(
        sql`insert into categories (name, slug, parent_id, depth)
          values (${slug}, ${`${slug}-${tag}`}, ${parent}, ${depth}) returning id`,
      )
    ).id;
  const top = await category('top', null, 1);
  const child = await category('child', top, 2);
  const grandchild = await category('grandchild', child, 3);
  const other = await category('other', null, 1);
  const product = (sku: string, priceCents: number, extra: Record<string, unknown> = {}) =>
    createProduct(app, {
      sku: `${sku}-${tag}`,
      name: `Contract part ${sku} ${tag}`,
      priceCents,
      minimumOrderQuantity: 1,
      availableQuantity: 1000,
      ...extra,
    });
  const products = {
    /** Brand and grandchild category: has its own net price in A's top list. */
    net: await product('NET', 10000, { brandId: brand.id, categoryId: grandchild }),
    /** Brand only (another category): A's brand rule. */
    branded: await product('BRAND', 10000, { brandId: brand.id, categoryId: other }),
    /** Under "top" through "child": A's category rule reaches subcategories. */
    nested: await product('NEST', 2000, { categoryId: child }),
    /** Nothing but "everything" applies. */
    plain: await product('PLAIN', 1000),
    /** The grandchild's own 2 % beats top's 20 % inside one list: the most specific entry. */
    specific: await product('SPEC', 10000, { brandId: brand.id, categoryId: grandchild }),
    /** Its tier price (50.00 from 100) is lower than A's 1 % off. */
    tiered: await product('TIER', 10000),
  };
  await app.db.execute(
    sql`insert into price_breaks (product_id, min_quantity, price_cents) values
      (${products.net.id}, 10, 9500), (${products.tiered.id}, 100, 5000)`,
  );
  const company = async (name: string) =>
    (await one<{ id: string }>(sql`insert into companies (name) values (${name}) returning id`)).id;
  const companyA = await company(`Price A ${tag}`);
  const companyB = await company(`Price B ${tag}`);
  const member = async (user: TestUser, companyId: string) => {
    const { id } = await one<{ id: string }>(
      sql`select id from "user" where email = ${user.email}`,
    );
    await app.db.execute(
      sql`insert into company_members (user_id, company_id, role) values (${id}, ${companyId}, 'buyer')`,
    );
    return id;
  };
  const buyerA = await signUp(app, { email: `price-a-${tag}@example.com` });
  const buyerB = await signUp(app, { email: `price-b-${tag}@example.com` });
  const outsider = await signUp(app, { email: `price-out-${tag}@example.com` });
  const admin = await signUpAdmin(app, { email: `price-admin-${tag}@example.com` });
  const buyerAId = await member(buyerA, companyA);
  await member(buyerB, companyB);
  const sku = (key: keyof typeof products) => products[key].sku;
  return {
    brandSlug: `acme-${tag}`,
    topSlug: `top-${tag}`,
    grandchildSlug: `grandchild-${tag}`,
    products,
    sku,
    companyA,
    companyB,
    buyerA,
    buyerAId,
    buyerB,
    outsider,
    admin,
  };
}
export type PriceListShop = Awaited<ReturnType<typeof buildPriceListShop>>;

/** Creates a price list as the shop's admin; answers its id. */
export async function postPriceList(app: TestApp, admin: TestUser, body: object): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/price-lists',
    headers: { cookie: admin.cookie },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`price list refused: ${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

/** A's lists (top net prices; a general one; an expired and a future one) and B's half price. */
export async function writeContracts(app: TestApp, shop: PriceListShop) {
  const day = 86_400_000;
  const A = [shop.companyA];
  const net = await postPriceList(app, shop.admin, {
    name: 'A net',
    companyIds: A,
    priority: 10,
    entries: [
      { sku: shop.sku('net'), price: 77.77 },
      { sku: shop.sku('net'), price: 70, minQuantity: 50 },
    ],
  });
  const general = await postPriceList(app, shop.admin, {
    name: 'A general',
    companyIds: A,
    priority: 5,
    entries: [
      { category: shop.topSlug, percentOff: 20 },
      { category: shop.grandchildSlug, percentOff: 2 },
      { brand: shop.brandSlug, percentOff: 5 },
      { percentOff: 1 },
    ],
  });
  for (const [name, from, to] of [
    ['A expired', new Date(Date.now() - 10 * day), new Date(Date.now() - day)],
    ['A future', new Date(Date.now() + day), null],
  ] as const)
    await postPriceList(app, shop.admin, {
      name,
      companyIds: A,
      priority: 100,
      validFrom: from.toISOString(),
      validTo: to?.toISOString() ?? null,
      entries: [{ percentOff: 90 }],
    });
  const half = await postPriceList(app, shop.admin, {
    name: 'B half',
    companyIds: [shop.companyB],
    priority: 0,
    entries: [{ percentOff: 50 }, { sku: shop.sku('net'), price: 55.55 }],
  });
  return { net, general, half };
}

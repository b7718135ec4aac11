import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `products.specs`: each specification's value (a number when it is one) and unit. */
export type ProductSpecs = Record<string, [number | string, string | null]>;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── identity (better-auth's tables: user, session, account, verification; admin plugin fields) ──
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ── shop ──

/** A part number as buyers type it, reduced to what identifies it: `BRG-6204 2RS` → `brg62042rs`. */
const partKey = (column: string) =>
  sql.raw(`regexp_replace(lower(${column}), '[^a-z0-9]', '', 'g')`);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Manufacturers (issue 16). */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  createdAt: createdAt(),
});

/** The category tree, at most 3 levels deep (depth 1 is a top-level category). */
export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    depth: integer('depth').notNull().default(1),
    /** Issue 34: the UNSPSC commodity code (8 digits) a PunchOut line carries, when known. */
    unspsc: text('unspsc'),
    createdAt: createdAt(),
  },
  (t) => [
    index('categories_parent_idx').on(t.parentId),
    check('categories_depth_range', sql`${t.depth} between 1 and 3`),
    check('categories_unspsc_digits', sql`${t.unspsc} ~ '^[0-9]{8}$'`),
  ],
);

export const products = pgTable(
  'products',
  {
    // Time-ordered (UUID version 7, migration 0047): a product's id follows its row's place in
    // the table, so a search's newest-first read of a class touches few heap pages.
    id: uuid('id').primaryKey().default(sql`pp_uuid_v7()`),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    /** Set when an admin deletes the product: it leaves the catalog, orders keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When what the product page shows last changed (not stock): the sitemap's `lastmod`. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The shop's part number (issue 16); generated when an admin leaves it empty. */
    // Left out, the trigger `products_search_vector` (migration 0007) makes both from the id.
    sku: text('sku')
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The readable URL name; kept when the name changes. */
    slug: text('slug')
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The manufacturer's part number. */
    mpn: text('mpn'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'restrict' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    skuKey: text('sku_key').generatedAlwaysAs(partKey('sku')),
    mpnKey: text('mpn_key').generatedAlwaysAs(partKey('mpn')),
    /**
     * Words of the name, part numbers, brand, category, description and attribute values, kept by
     * the trigger `products_search_vector` (migration 0007): a generated column cannot read the
     * brand's or category's name.
     */
    searchVector: tsvector('search_vector'),
    /** Sold in packs of this many (issue 18): a quantity in the cart is a multiple of it. */
    packSize: integer('pack_size').notNull().default(1),
    /**
     * Issue 35: what it sells in (domain/src/sales-units.ts: each, box, pallet, metre, kg) and the
     * most one order takes of it (null: no limit but the stock).
     */
    salesUnit: text('sales_unit').notNull().default('each'),
    maxOrderQuantity: integer('max_order_quantity'),
    /** Issue 33: shipping weight and dimensions of one piece, packed (0: not given). */
    weightGrams: integer('weight_grams').notNull().default(0),
    lengthMm: integer('length_mm').notNull().default(0),
    widthMm: integer('width_mm').notNull().default(0),
    heightMm: integer('height_mm').notNull().default(0),
    /**
     * Issue 36: the product that replaces this one (A → B → C); the end of the chain is what a
     * buyer is offered (`pp_replacement_of`). Cycles are refused by `catalog/supersession.ts`.
     */
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    /**
     * Issue 36: a cart line above the stock may be ordered, the rest backordered, once the buyer
     * accepts it: up to the open quantity of its purchase orders, and beyond that (when
     * `leadTimeDays` is set) without limit, expected that many days after the order.
     */
    backorderAllowed: boolean('backorder_allowed').notNull().default(false),
    leadTimeDays: integer('lead_time_days'),
    /**
     * Issue 37: the core deposit of a remanufactured part, per piece (0: none), added to an order
     * as its own line, and the days after shipment within which the old unit (the core) must
     * come back for the deposit to be refunded.
     */
    coreDepositCents: integer('core_deposit_cents').notNull().default(0),
    coreReturnDays: integer('core_return_days').notNull().default(90),
    /**
     * Issue 32: the product's specifications (`product_attributes`) on its own row, kept by
     * migration 0049's triggers: `{ name: [value, unit] }`, the value a JSON number when the
     * specification is one. A search reads the products a category or its words find, and tests
     * and counts their specifications here: looked up in `product_attributes`, each product cost
     * four buffers a specification filter and four more for its facets.
     */
    specs: jsonb('specs').$type<ProductSpecs>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.sku),
    index('products_superseded_by_idx').on(t.supersededById),
    check('products_not_superseded_by_itself', sql`${t.supersededById} <> ${t.id}`),
    check(
      'products_lead_time_range',
      sql`${t.leadTimeDays} is null or ${t.leadTimeDays} between 0 and 3650`,
    ),
    // A SKU is one part number whatever its case (issue 31, decision 031): `hb-cheap-1` beside
    // `HB-CHEAP-1` would leave quick order picking one of them. The plain index keeps the keyset reads.
    uniqueIndex('products_sku_lower_unique').on(sql`lower(${t.sku})`),
    uniqueIndex('products_slug_unique').on(t.slug),
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    index('products_price_idx').on(t.priceCents, t.id).where(sql`${t.deletedAt} is null`),
    index('products_name_idx').on(t.name, t.id).where(sql`${t.deletedAt} is null`),
    // The catalog's order (`order by created_at desc, id desc`: nulls first, PostgreSQL's default
    // for desc), live products only. An index that sorts nulls last cannot serve that order.
    index('products_live_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    check('products_minimum_positive', sql`${t.minimumOrderQuantity} > 0`),
    check('products_available_not_negative', sql`${t.availableQuantity} >= 0`),
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
    check('products_pack_size_positive', sql`${t.packSize} > 0`),
    check(
      'products_sales_unit_known',
      sql`${t.salesUnit} in ('each', 'box', 'pallet', 'metre', 'kg')`,
    ),
    check(
      'products_max_order_not_below_minimum',
      sql`${t.maxOrderQuantity} is null or ${t.maxOrderQuantity} >= ${t.minimumOrderQuantity}`,
    ),
    check('products_core_deposit_not_negative', sql`${t.coreDepositCents} >= 0`),
    check('products_core_return_days_range', sql`${t.coreReturnDays} between 1 and 3650`),
    check(
      'products_shipping_size_not_negative',
      sql`${t.weightGrams} >= 0 and ${t.lengthMm} >= 0 and ${t.widthMm} >= 0 and ${t.heightMm} >= 0`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    purchaseName: text('purchase_name').notNull(),
    img: text('img').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    // A business order runs to millions of dollars: beyond a 32-bit count of cents.
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', {
      enum: [
        'awaiting_approval',
        'awaiting_freight',
        'unpaid',
        'pending',
        'partially_shipped',
        'shipped',
        'cancelled',
      ],
    })
      .notNull()
      .default('unpaid'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
    /** The buyer's purchase-order number (issue 18), printed on the invoice. */
    poNumber: text('po_number'),
    note: text('note'),
    /** How many lines the order has (`order_lines`); the columns above describe the first. */
    lineCount: integer('line_count').notNull().default(1),
    /** Issue 19: the buyer's company when the buyer was a member; its approvers and admins see it. */
    companyId: uuid('company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'restrict',
    }),
    /** `card` (paid by card before it ships) or `account` (net terms: invoiced, paid later). */
    paymentTerms: text('payment_terms', { enum: ['card', 'account'] })
      .notNull()
      .default('card'),
    /** While `awaiting_approval`: when its reserved stock goes back unless approved. */
    approvalExpiresAt: timestamp('approval_expires_at', { withTimezone: true }),
    /** Who approved or rejected it, when, and why a rejection. */
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** The quote this order was placed from (at most one order per quote). */
    quoteId: uuid('quote_id')
      .unique()
      .references((): AnyPgColumn => quotes.id, { onDelete: 'restrict' }),
    /** Issue 34: the shop's ERP's own number for the order, once the ERP has taken it. */
    erpOrderNumber: text('erp_order_number'),
    /**
     * Issue 33: the structured ship-to address (null on orders placed before it, which keep their
     * text `address`), the shipping method chosen, and the money the order adds up to:
     * `total = subtotal + freight + tax`, each in cents, computed once by the server.
     */
    shipTo: jsonb('ship_to').$type<StructuredAddress>(),
    shippingMethod: text('shipping_method'),
    shippingMethodName: text('shipping_method_name'),
    /** Null on orders placed before issue 33: their subtotal is their total (no rewrite of them). */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }),
    freightCents: bigint('freight_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /** Each rate applied: `[{ name, rate, amountCents }]` (rate in percent, as printed). */
    taxes: jsonb('taxes')
      .$type<{ name: string; rate: string; amountCents: number }[]>()
      .notNull()
      .default([]),
    /** "Reverse charge", "Tax exempt (certificate …)": what the invoice says about the tax. */
    taxNote: text('tax_note'),
    /**
     * Issue 37: the core deposits of its lines (before tax; their tax is in `taxCents`):
     * `total = subtotal + deposits + freight + tax`.
     */
    depositCents: bigint('deposit_cents', { mode: 'number' }).notNull().default(0),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /**
     * Issue 34: the id of the transaction that last wrote the row (trigger `orders_changed`,
     * migration 0020), the ERP's feed's keyset. Not a timestamp: a transaction commits after
     * others that began later, and a poll between would skip its rows for good.
     */
    changedXid: bigint('changed_xid', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Each serves one list's `order by created_at desc, id desc` (docs/scaling.md).
    index('orders_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('orders_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_status_newest_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    index('orders_company_newest_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The approval sweep finds what has waited too long without reading every order.
    index('orders_approval_expiry_idx')
      .on(t.approvalExpiresAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    index('orders_changed_idx').on(t.changedXid, t.id),
  ],
);

/**
 * A product's specifications, one row each (issue 16). Numbers go in `num` as well as `value`, so
 * that a range (`bore 10..25`) is a btree range scan on (name, num); a jsonb column would need a
 * full scan or an expression index per attribute name for ranges.
 */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    num: doublePrecision('num'),
    unit: text('unit'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.name] }),
    // A range reads numbers, an equality reads words: each index holds only its kind.
    index('product_attributes_num_idx')
      .on(t.name, t.num, t.productId)
      .where(sql`${t.num} is not null`),
    index('product_attributes_value_idx')
      .on(t.name, t.value, t.productId)
      .where(sql`${t.num} is null`),
  ],
);

/** Other numbers that identify the same part: the OEM's, superseded ones, competitors'. */
/**
 * A product's former slugs: its old URLs answer 301 to the current one (issue 17). Kept by a
 * trigger on products (migration 0009); a slug taken again by a product stops redirecting.
 */
export const productSlugRedirects = pgTable('product_slug_redirects', {
  slug: text('slug').primaryKey(),
  productId: uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The words of product names (letters only, 3–30 of them), for "did you mean": a typo is matched
 * by trigrams against these few thousand words, not against a million names. Filled by triggers
 * on products (migration 0008); a word is never taken out (a stale one suggests nothing worse than
 * an empty search).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

export const crossReferences = pgTable(
  'cross_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    numberKey: text('number_key').generatedAlwaysAs(partKey('number')),
    kind: text('kind', { enum: ['oem', 'superseded', 'competitor'] }).notNull(),
  },
  (t) => [index('cross_references_product_idx').on(t.productId)],
);

/**
 * `Idempotency-Key`s of creating requests (issues 15 and 31, http/idempotency.ts): a key is
 * claimed, and its first answer written, in the same transaction as what the request creates, so
 * a retry after a commit whose answer was lost answers that answer instead of creating again.
 * Kept 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** `POST /api/v1/orders/<id>/reorder`: the same key sent elsewhere is refused. */
    route: text('route').notNull(),
    /** sha256 of the request's body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer, as it was sent; null only inside the transaction that claims the key. */
    statusCode: integer('status_code'),
    answer: text('answer'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    intentId: text('intent_id').notNull().unique(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_id_idx').on(t.orderId),
    // One order is paid once: a second succeeded payment for it cannot be recorded.
    uniqueIndex('payments_one_success_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Stripe webhook events already handled: Stripe may deliver one event several times. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

/**
 * The offline sandbox provider's payment intents: kept in the database like Stripe keeps its
 * own, so that any server process can confirm and check them. One per order (as Stripe's
 * idempotency key per order gives). No card number is ever stored, only its last four digits.
 */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'restrict' }),
  clientSecret: text('client_secret').notNull().unique(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['requires_payment_method', 'succeeded', 'refunded'] })
    .notNull()
    .default('requires_payment_method'),
  last4: text('last4'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Issue 37: the sandbox provider's refunds, one per idempotency key (as Stripe's): asking again
 * with the same key answers the same refund.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  intentId: text('intent_id')
    .notNull()
    .references(() => sandboxIntents.id, { onDelete: 'restrict' }),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    description: text('description').notNull(),
    userName: text('user_name').notNull(),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  city: text('city').notNull().default(''),
  education: text('education').notNull().default(''),
  phone: text('phone').notNull().default(''),
  link: text('link').notNull().default(''),
  updatedAt: updatedAt(),
});

/** One-off facts about this database, e.g. that the demo catalog was seeded. */
// ── business buying (issue 18) ──

/** From `min_quantity` on, the product sells at `price_cents` (read by `pp_unit_price_cents`). */
export const priceBreaks = pgTable(
  'price_breaks',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.minQuantity] }),
    check('price_breaks_min_quantity_above_one', sql`${t.minQuantity} > 1`),
    check('price_breaks_price_not_negative', sql`${t.priceCents} >= 0`),
  ],
);

/** What an order sold, copied from the product when it was placed. */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    /**
     * Issue 35: the product's list price when the order was placed, where the buyer paid less (a
     * contract or tier price); null otherwise, and on lines placed before. The invoice strikes it
     * through beside the price paid.
     */
    listPriceCents: integer('list_price_cents'),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    /**
     * Issue 19: pieces not taken from stock when the order was placed (a quote's quantity above
     * the stock, shipped after its lead time). A cancel gives back `quantity - backordered`.
     */
    backordered: integer('backordered').notNull().default(0),
    /** Issue 33: the tax of this line, every rate applied, each rounded half up to the cent. */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    /**
     * Issue 33: pieces of the line in shipments so far (`shipment_lines`). Orders shipped before
     * shipments existed keep 0: they are `shipped` as a whole, with no shipment of record.
     */
    shipped: integer('shipped').notNull().default(0),
    /**
     * Issue 35: the buyer's company's own number for the product when the order was placed,
     * copied so that a later edit of the company's numbers does not change past orders.
     */
    customerPartNumber: text('customer_part_number'),
    /** Issue 36: when the line's backordered pieces are expected (null: none backordered). */
    expectedOn: date('expected_on', { mode: 'string' }),
    /**
     * Issue 37: the core deposit per piece copied from the product (0: none), the tax of the
     * deposit line (`deposit × quantity`, taxed as the goods), and the core's return window.
     */
    coreDepositCents: integer('core_deposit_cents').notNull().default(0),
    coreDepositTaxCents: bigint('core_deposit_tax_cents', { mode: 'number' }).notNull().default(0),
    coreReturnDays: integer('core_return_days'),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo] }),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_shipped_range', sql`${t.shipped} >= 0 and ${t.shipped} <= ${t.quantity}`),
  ],
);

/**
 * Issue 33: what left the warehouse at once for an order, with its carrier and tracking number
 * (null on the whole-order ship action of the spec, which names neither).
 */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** Issue 36: the warehouse it left from (null: shipped before warehouses). */
    warehouseId: integer('warehouse_id').references((): AnyPgColumn => warehouses.id, {
      onDelete: 'restrict',
    }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId, t.createdAt, t.id)],
);

/** The pieces of each order line a shipment carried. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.lineNo] }),
    check('shipment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

// ── warehouses (issue 36) ──

/**
 * A stock location. `shipsTo` is its zone: ISO country codes, or null for everywhere ('all');
 * allocation prefers a warehouse in the ship-to's country, then one whose zone holds it, then the
 * lowest id (cart/allocation.ts). The lowest id ("Main", made by the migration) takes stock set
 * on the product alone (the trigger `pp_products_stock_to_warehouses`).
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    /** What buyers read ("Leeds"); `name` is the shop's own. */
    publicName: text('public_name').notNull(),
    line1: text('line1').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    shipsTo: text('ships_to').array(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('warehouses_name_unique').on(sql`lower(${t.name})`),
    check('warehouses_country_iso', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * Stock of one product in one warehouse. `products.available_quantity` stays their sum, kept in
 * the same statement or transaction that changes a row here (migration 0032's triggers check it).
 */
export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
    /** Below this the product is on the warehouse's low-stock list (0: never). */
    reorderPoint: integer('reorder_point').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId] }),
    index('warehouse_stock_warehouse_idx').on(t.warehouseId, t.productId),
    check('warehouse_stock_quantity_not_negative', sql`${t.quantity} >= 0`),
    check('warehouse_stock_reorder_point_not_negative', sql`${t.reorderPoint} >= 0`),
  ],
);

/** Where the pieces of an order line were taken from: its allocation at checkout. */
export const orderLineAllocations = pgTable(
  'order_line_allocations',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    /** Pieces of this allocation in shipments so far. */
    shipped: integer('shipped').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo, t.warehouseId] }),
    index('order_line_allocations_warehouse_idx').on(t.warehouseId),
    check('order_line_allocations_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_line_allocations_shipped_range',
      sql`${t.shipped} >= 0 and ${t.shipped} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Issue 36: stock ordered from a supplier for a product, expected on a date. `promised` is what
 * checkouts have sold of it as backorders: raised in the checkout's statement under the row's
 * lock, never above `quantity` (the check is the last guard against promising it twice).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    promised: integer('promised').notNull().default(0),
    expectedOn: date('expected_on', { mode: 'string' }).notNull(),
    /** The supplier's or the shop's own number for it. */
    reference: text('reference').notNull().default(''),
    createdAt: createdAt(),
    /** When its goods came in: its promised pieces went to their orders, the rest into stock. */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedWarehouseId: integer('received_warehouse_id').references(() => warehouses.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('purchase_orders_product_idx').on(t.productId, t.expectedOn, t.id),
    check('purchase_orders_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'purchase_orders_promised_range',
      sql`${t.promised} >= 0 and ${t.promised} <= ${t.quantity}`,
    ),
  ],
);

/** Issue 36: which purchase order an order line's backordered pieces were promised from. */
export const backorderPromises = pgTable(
  'backorder_promises',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.lineNo, t.purchaseOrderId] }),
    index('backorder_promises_purchase_order_idx').on(t.purchaseOrderId),
    check('backorder_promises_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

// ── returns (issue 37, decision 037) ──

/** The last RMA number given in a year: taken in the approving transaction, so numbers have no gaps. */
export const rmaCounters = pgTable('rma_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A buyer's request to send back shipped pieces of one order: `requested`, then `approved` (with
 * an RMA number `RMA-{year}-{number, 6 digits}`) or `refused` (with a reason), then `received`.
 */
export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The order's buyer (the return is theirs even when their company admin asked for it). */
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    requestedBy: text('requested_by').references(() => user.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['requested', 'approved', 'refused', 'received'] })
      .notNull()
      .default('requested'),
    note: text('note'),
    rmaYear: integer('rma_year'),
    rmaNumber: integer('rma_number'),
    refusalReason: text('refusal_reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /**
     * The card refund of a received return (decision 037): `pending` while the provider is asked
     * (claimed by one caller at a time), then `refunded` with the provider's refund id.
     */
    refundState: text('refund_state', { enum: ['pending', 'refunded'] }),
    refundCents: bigint('refund_cents', { mode: 'number' }),
    refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /**
     * What the refund (card) or credit note (on account) gave back, beside `refundCents`: the
     * tax in it, the freight (with its tax) when the shop's fault, and the restocking fee kept.
     */
    refundTaxCents: bigint('refund_tax_cents', { mode: 'number' }),
    refundFreightCents: bigint('refund_freight_cents', { mode: 'number' }),
    restockingFeeCents: bigint('restocking_fee_cents', { mode: 'number' }),
    /**
     * Issue 37: of the refund before tax, the core deposits given back. The sales figures net the
     * rest only: a deposit was never revenue (migration 0040).
     */
    refundDepositCents: bigint('refund_deposit_cents', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('returns_refund_state_known', sql`${t.refundState} in ('pending', 'refunded')`),
    uniqueIndex('returns_rma_unique').on(t.rmaYear, t.rmaNumber),
    index('returns_order_idx').on(t.orderId),
    index('returns_user_newest_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('returns_company_newest_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('returns_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('returns_state_newest_idx').on(t.state, t.createdAt.desc(), t.id.desc()),
    check(
      'returns_state_known',
      sql`${t.state} in ('requested', 'approved', 'refused', 'received')`,
    ),
    check(
      'returns_rma_when_approved',
      sql`(${t.state} in ('approved', 'received')) = (${t.rmaNumber} is not null)`,
    ),
  ],
);

/** The last credit note number given in a year: taken in the issuing transaction, so no gaps. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A credit note line: an invoice line's pieces given back, with the tax they carried. */
export interface CreditNoteLine {
  sku: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  taxCents: number;
}

/**
 * Issue 37: the credit note of a refunded return of an on-account order, `CN-{year}-{number}`,
 * numbered in the transaction that issues it (one per return). `appliedCents` of it lowered the
 * order's invoice and the company's balance; the rest (an invoice already paid) is owed back.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    numberInYear: integer('number_in_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    freightCents: bigint('freight_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    appliedCents: bigint('applied_cents', { mode: 'number' }).notNull(),
    /**
     * Issue 37: what the invoice no longer owed (`total - applied`), paid out to the company by
     * bank transfer or cheque: the amount, when, its reference and the shop admin who recorded it.
     */
    paidBackCents: bigint('paid_back_cents', { mode: 'number' }).notNull().default(0),
    paidBackAt: timestamp('paid_back_at', { withTimezone: true }),
    paidBackReference: text('paid_back_reference'),
    paidBackBy: text('paid_back_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('credit_notes_return_unique').on(t.returnId),
    uniqueIndex('credit_notes_year_number_unique').on(t.year, t.numberInYear),
    index('credit_notes_company_idx').on(t.companyId, t.issuedAt.desc()),
    index('credit_notes_issued_idx').on(t.issuedAt),
    check(
      'credit_notes_amounts',
      sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} + ${t.freightCents} - ${t.feeCents}
        and ${t.totalCents} >= 0 and ${t.appliedCents} between 0 and ${t.totalCents}
        and ${t.paidBackCents} between 0 and ${t.totalCents} - ${t.appliedCents}`,
    ),
  ],
);

/** Pieces of one product a return asks to send back, and what came of them when received. */
export const returnLines = pgTable(
  'return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    reason: text('reason', {
      enum: ['wrong_part', 'damaged', 'not_needed', 'did_not_fit', 'core_return'],
    }).notNull(),
    restocked: integer('restocked').notNull().default(0),
    scrapped: integer('scrapped').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    /**
     * Issue 37: a core return asked for after the core's window: the shop takes the core, the
     * deposit is kept (nothing refunded for it).
     */
    coreLate: boolean('core_late').notNull().default(false),
    /**
     * Issue 37: the goods this line gave back when the return was refunded (its pieces at their
     * invoice lines' prices, before the restocking fee; 0 for a core return): the sales figures'
     * top lists take it off the product and, with the fee netted, the customer (migration 0043).
     */
    refundGoodsCents: bigint('refund_goods_cents', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.returnId, t.productId] }),
    index('return_lines_product_idx').on(t.productId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'return_lines_reason_known',
      sql`${t.reason} in ('wrong_part', 'damaged', 'not_needed', 'did_not_fit', 'core_return')`,
    ),
    check(
      'return_lines_received_range',
      sql`${t.restocked} >= 0 and ${t.scrapped} >= 0 and ${t.refused} >= 0
        and ${t.restocked} + ${t.scrapped} + ${t.refused} <= ${t.quantity}`,
    ),
  ],
);

/**
 * Issue 37: photos a buyer uploads for a return (uploads/upload-routes.ts, kept apart from the
 * public product images): `returnId` is set when a return request names the photo; until then
 * only its uploader may attach it. Read by the return's readers and shop admins only.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    name: text('name').primaryKey(),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    returnId: uuid('return_id').references(() => returns.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('return_photos_return_idx').on(t.returnId),
    index('return_photos_uploader_idx').on(t.uploadedBy),
  ],
);

/** A signed-in buyer's cart: one line per product. */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** A buyer's named list of parts (a requisition list), added to the cart as a whole. */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_lists_user_name_unique').on(t.userId, t.name),
    index('saved_lists_user_newest_idx').on(
      t.userId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const savedListLines = pgTable(
  'saved_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    check('saved_list_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The last invoice number given in a year: taken in the paying transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** A paid order's invoice: `{year}-{number, 6 digits}`, numbered in the statement that marks it paid. */
export const invoices = pgTable(
  'invoices',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    numberInYear: integer('number_in_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 19: an invoice on account is due on this day (UTC); a card invoice is paid at once. */
    dueOn: date('due_on', { mode: 'string' }),
    /** What was recorded against an invoice on account; it is settled when this reaches the total. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('invoices_year_number_unique').on(t.year, t.numberInYear)],
);

/**
 * Issue 19: a company buys through its members. Terms (net 15/30/60) and the credit limit are set
 * by a shop admin; `balanceCents` is what its open invoices on account (and on-account orders
 * awaiting approval) still owe, changed only by guarded updates, so concurrent orders can never
 * take it past `creditLimitCents`.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxId: text('tax_id').notNull().default(''),
    billingAddress: text('billing_address').notNull().default(''),
    /** Issue 33: the billing address, structured (the text above stays for older ones). */
    billingTo: jsonb('billing_to').$type<StructuredAddress>(),
    termsDays: integer('terms_days'),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }).notNull().default(0),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check('companies_terms_days', sql`${t.termsDays} in (15, 30, 60)`),
    check('companies_credit_not_negative', sql`${t.creditLimitCents} >= 0`),
    check('companies_balance_within_credit', sql`${t.balanceCents} <= ${t.creditLimitCents}`),
    check('companies_balance_not_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** A user belongs to at most one company (the primary key), with one role there. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'buyer', 'approver'] }).notNull(),
    /** A buyer's limit per order; an order above it waits for an approver. Null: no limit. */
    orderLimitCents: bigint('order_limit_cents', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId, t.joinedAt, t.userId),
    check('company_members_limit_not_negative', sql`${t.orderLimitCents} >= 0`),
  ],
);

/**
 * Issue 35: a company's own number for a product, kept by its admin. One number names one product
 * and one product has one number, within the company; a number is the same whatever its case
 * (decision 031, as SKUs are: `ab-1` beside `AB-1` would leave quick order picking one of them).
 * `number_key` is what a buyer's typing is matched on, as `sku_key` is (letters and digits).
 */
export const companyPartNumbers = pgTable(
  'company_part_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerPartNumber: text('customer_part_number').notNull(),
    numberKey: text('number_key').generatedAlwaysAs(partKey('customer_part_number')),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('company_part_numbers_number_unique').on(
      t.companyId,
      sql`lower(${t.customerPartNumber})`,
    ),
    uniqueIndex('company_part_numbers_product_unique').on(t.companyId, t.productId),
    index('company_part_numbers_key_idx').on(t.companyId, t.numberKey),
    index('company_part_numbers_newest_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('company_part_numbers_product_idx').on(t.productId),
    check(
      'company_part_numbers_number_length',
      sql`length(${t.customerPartNumber}) between 1 and 60`,
    ),
  ],
);

/** A company's book of shipping addresses. */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: text('address').notNull(),
    /** Issue 33: the address, structured; `address` is its one-line text. */
    shipTo: jsonb('ship_to').$type<StructuredAddress>(),
    createdAt: createdAt(),
  },
  (t) => [index('company_addresses_company_idx').on(t.companyId, t.createdAt, t.id)],
);

/**
 * An invitation mailed to a colleague: only the SHA-256 of its token is kept; it is used once
 * (`acceptedAt`) and expires.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'buyer', 'approver'] }).notNull(),
    orderLimitCents: bigint('order_limit_cents', { mode: 'number' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('company_invitations_company_idx').on(
      t.companyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/** A payment a shop admin recorded against an invoice on account. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => invoices.orderId, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reference: text('reference').notNull().default(''),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_payments_order_idx').on(t.orderId, t.recordedAt),
    check('invoice_payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A request for quote: the cart's lines (any quantity) and a message; a shop admin answers with a
 * unit price per line, a lead time and an expiry date; the buyer accepts it once, which places an
 * order at the quoted prices (`orders.quote_id` is unique).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    status: text('status', { enum: ['requested', 'answered', 'accepted', 'declined'] })
      .notNull()
      .default('requested'),
    leadTimeDays: integer('lead_time_days'),
    expiresOn: date('expires_on', { mode: 'string' }),
    answerNote: text('answer_note'),
    answeredBy: text('answered_by').references(() => user.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_user_newest_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('quotes_status_newest_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Filled in by the shop's answer. */
    unitPriceCents: integer('unit_price_cents'),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.lineNo] }),
    check('quote_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('quote_lines_price_not_negative', sql`${t.unitPriceCents} >= 0`),
  ],
);

// ── vehicle fitment (issue 20) ──

/**
 * A vehicle as buyers choose it: year, make, model and engine (an ACES base vehicle with its
 * engine qualifier). A short list (about 10^4 rows), read by the selector one step at a time.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    /** As shown: "1.8L L4", "3.5L V6", "Electric". */
    engine: text('engine').notNull(),
    /** The maker's engine code ("2ZR-FE"), or '' when unknown. */
    engineCode: text('engine_code').notNull().default(''),
    fuel: text('fuel').notNull(),
  },
  (t) => [
    uniqueIndex('vehicles_unique').on(t.year, t.make, t.model, t.engine, t.engineCode),
    check('vehicles_year_range', sql`${t.year} between 1900 and 2100`),
    check('vehicles_fuel', sql`${t.fuel} in ('gas', 'diesel', 'hybrid', 'electric')`),
  ],
);

/**
 * A product fits a vehicle, at a position ('' when it has none), for a submodel only ('' for
 * all), with a note. An import's year range and an empty engine expand to one row per vehicle.
 * 10^7 rows at scale: "parts for this vehicle" reads the primary key, "vehicles of this part"
 * the product index.
 */
export const fitments = pgTable(
  'fitments',
  {
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: text('position').notNull().default(''),
    submodel: text('submodel').notNull().default(''),
    note: text('note').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.vehicleId, t.productId, t.position, t.submodel] }),
    index('fitments_product_idx').on(t.productId, t.vehicleId),
    check(
      'fitments_position',
      sql`${t.position} in ('', 'front', 'rear', 'left', 'right', 'front left', 'front right', 'rear left', 'rear right')`,
    ),
  ],
);

/** "My garage": a signed-in buyer's vehicles; at most one is the current one. */
export const garageVehicles = pgTable(
  'garage_vehicles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    current: boolean('current').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vehicleId] }),
    uniqueIndex('garage_vehicles_one_current').on(t.userId).where(sql`${t.current}`),
  ],
);

// ── audit log (issue 21) ──

/**
 * Who changed what, and the security events: appended to in the transaction of the change it
 * records, never changed. A trigger refuses UPDATE and DELETE (0013_audit-log.sql), but for the
 * retention sweep's DELETE of old rows. Read newest first by `id` (a keyset on the primary key).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for an event without a signed-in actor (a refused sign-in, the command line). */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    summary: text('summary').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action, t.id.desc()),
    index('audit_log_target_idx').on(t.targetId, t.id.desc()),
    index('audit_log_actor_email_idx').on(t.actorEmail, t.id.desc()),
    index('audit_log_actor_id_idx').on(t.actorId, t.id.desc()),
    index('audit_log_at_idx').on(t.at),
  ],
);

// ── sales roll-ups (issue 21, decisions 024 and 027) ──
// Kept by deferred triggers on `invoices` and `orders` (0014_sales-rollups.sql, 0016), in the
// transactions that change them, and rebuilt from those tables (the migration's backfill; since
// 0017 a change of SHOP_TIME_ZONE empties them and `pp_sales_rebuild_step()` counts the orders
// again a few thousand a transaction, `sales_rebuild`). Days are the shop's days
// (app_state 'sales_time_zone'). A day's sales rows are split into 16 shards by order id, so that
// concurrent sales seldom wait for the same counter row; readers sum the shards.

/** A day's sales (orders invoiced that day) and refunds (invoiced orders cancelled that day). */
export const salesDays = pgTable(
  'sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    orders: integer('orders').notNull().default(0),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    refunds: integer('refunds').notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    refundedUnits: bigint('refunded_units', { mode: 'number' }).notNull().default(0),
    /** Tax and freight charged on the day's sales, and given back on its refunds (migration 0027). */
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    freightCents: bigint('freight_cents', { mode: 'number' }).notNull().default(0),
    refundedTaxCents: bigint('refunded_tax_cents', { mode: 'number' }).notNull().default(0),
    refundedFreightCents: bigint('refunded_freight_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * A product's net sales (sold less refunded) on a day: the day's change to its running total
 * (`sales_product_totals`), which the dashboard reads for the days not closed yet.
 */
export const salesProducts = pgTable(
  'sales_products',
  {
    period: date('period', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.period, t.productId] })],
);

/** A customer's net orders and sales on a day, as `sales_products`. */
export const salesCustomers = pgTable(
  'sales_customers',
  {
    period: date('period', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.period, t.userId] })],
);

/**
 * Running totals (migration 0016, decision 027): a product's net sales from its first through the
 * end of `day`, a row for every product sold by then on every closed day (app_state
 * 'sales_closed_through', closed by `pp_sales_close_day()`), so that any range of closed days is
 * two rows a product: total(to) − total(from − 1), read from one stretch of the key.
 */
export const salesProductTotals = pgTable(
  'sales_product_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId] })],
);

/** A customer's running totals, as `sales_product_totals`. */
export const salesCustomerTotals = pgTable(
  'sales_customer_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id').notNull(),
    orders: integer('orders').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * Orders placed on a day, by the status they have now, and their totals; one row a day and status
 * (`shard` 0) since 0016: the fold writes them, no order waits for them.
 */
export const orderStatusDays = pgTable(
  'order_status_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    shard: smallint('shard').notNull(),
    orders: integer('orders').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.status, t.shard] })],
);

/**
 * Changes to `order_status_days` not yet folded into it: the orders trigger appends a row per
 * change (no key, no lock: concurrent orders never wait for one another's counter row), and a
 * sweep every few seconds folds them in (`pp_sales_fold_status`). Readers add what is here.
 */
export const orderStatusDeltas = pgTable('order_status_deltas', {
  day: date('day', { mode: 'string' }).notNull(),
  status: text('status').notNull(),
  orders: integer('orders').notNull(),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
});

/**
 * The rebuild of the sales roll-ups under way, if any (migration 0017, decision 028): after a change
 * of SHOP_TIME_ZONE the roll-ups are emptied and counted again from the orders in the order they
 * were placed, a few thousand orders a transaction (`pp_sales_rebuild_step()`), while the triggers
 * count the changes of the orders already passed. `(through_at, through_id)` is the last order
 * counted (none yet: null). One row while a rebuild runs, none otherwise.
 */
export const salesRebuild = pgTable(
  'sales_rebuild',
  {
    one: boolean('one').primaryKey().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    throughAt: timestamp('through_at', { withTimezone: true }),
    throughId: uuid('through_id'),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('sales_rebuild_one_row', sql`${t.one}`)],
);

/**
 * Issue 34: keys for machines (an ERP), made by an admin with the scopes they reach. The key is
 * `ppk_<prefix>_<secret>`; only its SHA-256 is kept, found by its prefix and compared in constant
 * time. A key works while it is not revoked and its maker is still an admin.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_unique').on(t.prefix),
    index('api_keys_newest_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * Issue 34: where the shop posts its events. `secret` signs every delivery (HMAC-SHA256), so it is
 * kept as given, not hashed; the create answer is the only place it is shown. An endpoint that
 * has failed for a day is disabled (`enabled` false, `disabled_at`) and its admin mailed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure of the current run of failures; a success clears it. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_endpoints_newest_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Issue 34: the transactional outbox. An event is written in the transaction of the change that
 * causes it (webhooks/outbox.ts), so a committed change always has its event and a rolled-back
 * one never does. `seq` orders the events; `subject` (`order:<id>`, `product:<id>`) is what the
 * delivery order is kept per. Kept WEBHOOK_RETENTION_DAYS once no delivery waits on them.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    subject: text('subject'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  // The retention sweep's walk, oldest first (webhooks/outbox-retention.ts).
  (t) => [index('outbox_events_created_idx').on(t.createdAt)],
);

/**
 * Issue 34: one event to one endpoint, made with the event for every endpoint subscribed then.
 * The worker claims due `pending` rows (`for update skip locked`) and leases them by moving
 * `next_attempt_at` on; each attempt is appended to `attempt_log`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    subject: text('subject'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    latencyMs: integer('latency_ms'),
    /** The first 1 KB of the receiver's last answer. */
    responseHead: text('response_head'),
    lastError: text('last_error'),
    attemptLog: jsonb('attempt_log').notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_unique').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.subject, t.eventSeq)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_newest_idx').on(
      t.endpointId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/**
 * Issue 33: the US sales-tax rates an admin keeps, one per state (`region`), in millionths
 * (6.25 % = 62500), and whether freight is taxed there. EU VAT rates are the law's table in code.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: text('country').notNull(),
    region: text('region').notNull(),
    name: text('name').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    freightTaxable: boolean('freight_taxable').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.region] }),
    check('tax_rates_rate_range', sql`${t.ratePpm} between 0 and 1000000`),
  ],
);

/** Issue 33: a company's sales-tax exemption certificate: the states it covers, until when. */
export const taxExemptions = pgTable('tax_exemptions', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  certificateNumber: text('certificate_number').notNull(),
  regions: text('regions').array().notNull(),
  expiresOn: date('expires_on', { mode: 'string' }).notNull(),
  updatedAt: updatedAt(),
});

/**
 * Issue 33: the shipping methods an admin defines. `rates`: a price by weight band in each zone;
 * `pickup`: collected at the shop. Above `quoteAboveGrams` the shop quotes the freight itself.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['rates', 'pickup'] }).notNull(),
    /** `[{ countries: ['US'], regions?: ['TX'], bands: [{ upToGrams, priceCents }] }]`. */
    zones: jsonb('zones')
      .$type<
        {
          countries: string[];
          regions?: string[];
          bands: { upToGrams: number; priceCents: number }[];
        }[]
      >()
      .notNull()
      .default([]),
    freeOverCents: bigint('free_over_cents', { mode: 'number' }),
    quoteAboveGrams: integer('quote_above_grams'),
    estimate: text('estimate').notNull().default(''),
    position: integer('position').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [index('shipping_methods_position_idx').on(t.position, t.code)],
);

/**
 * Issue 34: a buyer's procurement system (SAP Ariba, Coupa, SAP SRM) connected to the shop for
 * one company. cXML: the system's From credential (`fromDomain`, `fromIdentity`) and the shared
 * secret of its Sender credential; OCI: `fromIdentity` is the login's USERNAME and the secret its
 * PASSWORD. The secret is only ever compared, so only its scrypt hash is kept. Every punchout
 * session shops as `userId`, a member of `companyId`. Deleted ones are kept (their sessions and
 * orders point at them), marked.
 */
export const punchoutConnections = pgTable(
  'punchout_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: text('protocol', { enum: ['cxml', 'oci'] }).notNull(),
    fromDomain: text('from_domain').notNull().default(''),
    fromIdentity: text('from_identity').notNull(),
    secretHash: text('secret_hash').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('punchout_connections_identity_unique')
      .on(t.protocol, sql`lower(${t.fromDomain})`, sql`lower(${t.fromIdentity})`)
      .where(sql`${t.deletedAt} is null`),
    index('punchout_connections_newest_idx').on(
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * Issue 34: one punchout. `startTokenHash` is the SHA-256 of the one-time StartPage token (or of
 * the OCI login's), good until `expiresAt` and once (`usedAt`); using it signs the browser in as
 * the connection's user and records that shop session (`authSessionTokenHash`), which is what
 * makes the cart offer "Return cart to …" (to `returnUrl`, with `buyerCookie`). `returnedAt`:
 * the cart went back, and the session is over.
 */
export const punchoutSessions = pgTable(
  'punchout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => punchoutConnections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startTokenHash: text('start_token_hash').notNull(),
    buyerCookie: text('buyer_cookie'),
    returnUrl: text('return_url').notNull(),
    authSessionTokenHash: text('auth_session_token_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('punchout_sessions_start_token_unique').on(t.startTokenHash),
    index('punchout_sessions_auth_session_idx').on(t.authSessionTokenHash),
  ],
);

/**
 * Issue 34: the order an OrderRequest placed, by the connection and the request's `orderID`: the
 * primary key makes the same orderID twice place one order (the second is answered the first's).
 */
export const punchoutOrders = pgTable(
  'punchout_orders',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => punchoutConnections.id, { onDelete: 'cascade' }),
    orderRef: text('order_ref').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    payloadId: text('payload_id').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.orderRef] })],
);

// ── contract price lists (issue 35, decision 038) ──

/** A price list: applies, while valid, to the companies in `price_list_companies`. */
export const priceLists = pgTable(
  'price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** The highest priority among a buyer's active lists wins (decision 038). */
    priority: integer('priority').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('price_lists_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('price_lists_valid_range', sql`${t.validTo} > ${t.validFrom}`),
  ],
);

export const priceListCompanies = pgTable(
  'price_list_companies',
  {
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.companyId] }),
    index('price_list_companies_company_idx').on(t.companyId, t.priceListId),
  ],
);

/**
 * One entry: a product's fixed unit price from `min_quantity` on, or `percent_off` the list price
 * for a category (and its subcategories), a brand, or everything (all three targets null).
 */
export const priceListEntries = pgTable(
  'price_list_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    priceListId: uuid('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull().default(1),
    priceCents: integer('price_cents'),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
  },
  (t) => [
    uniqueIndex('price_list_entries_product_idx').on(t.priceListId, t.productId, t.minQuantity),
    // The export's keyset pages (a list's entries in id order), whatever the statistics say.
    index('price_list_entries_list_id_idx').on(t.priceListId, t.id),
    index('price_list_entries_category_idx').on(t.priceListId, t.categoryId),
    index('price_list_entries_brand_idx').on(t.priceListId, t.brandId),
    check('price_list_entries_min_quantity_positive', sql`${t.minQuantity} >= 1`),
    check('price_list_entries_price_not_negative', sql`${t.priceCents} >= 0`),
    check('price_list_entries_percent_range', sql`${t.percentOff} between 0 and 100`),
    check(
      'price_list_entries_shape',
      sql`(${t.productId} is not null and ${t.priceCents} is not null and ${t.percentOff} is null
        and ${t.brandId} is null and ${t.categoryId} is null)
      or (${t.productId} is null and ${t.priceCents} is null and ${t.percentOff} is not null
        and ${t.minQuantity} = 1 and not (${t.brandId} is not null and ${t.categoryId} is not null))`,
    ),
  ],
);

// ── restricted catalogs (issue 35, decision 039) ──

/**
 * A company limited to some categories (each with the categories below it): its members see and
 * buy only products in one of them. No row for a company: no limit by category.
 */
export const companyCatalogCategories = pgTable(
  'company_catalog_categories',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.categoryId] })],
);

/** A company limited to some brands; with categories too, a product must meet both limits. */
export const companyCatalogBrands = pgTable(
  'company_catalog_brands',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.brandId] })],
);

export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const schema = {
  apiKeys,
  punchoutConnections,
  punchoutSessions,
  punchoutOrders,
  auditLog,
  salesDays,
  salesProducts,
  salesCustomers,
  salesProductTotals,
  salesCustomerTotals,
  orderStatusDays,
  orderStatusDeltas,
  salesRebuild,
  vehicles,
  fitments,
  garageVehicles,
  user,
  session,
  account,
  verification,
  brands,
  categories,
  products,
  productAttributes,
  crossReferences,
  orders,
  orderLines,
  priceBreaks,
  cartLines,
  savedLists,
  savedListLines,
  invoiceCounters,
  invoices,
  companies,
  companyMembers,
  companyAddresses,
  companyPartNumbers,
  companyInvitations,
  invoicePayments,
  quotes,
  quoteLines,
  payments,
  reviews,
  profiles,
  appState,
  stripeEvents,
  sandboxIntents,
  creditNoteCounters,
  creditNotes,
};

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    img: text('img').notNull(),
    description: text('description').notNull(),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    /** Set when an admin deletes the product: it leaves the catalog, orders keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The catalog's order (`order by created_at desc, id desc`: nulls first, PostgreSQL's default
    // for desc), live products only. An index that sorts nulls last cannot serve that order.
    index('products_live_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    check('products_minimum_positive', sql`${t.minimumOrderQuantity} > 0`),
    check('products_available_not_negative', sql`${t.availableQuantity} >= 0`),
    check('products_price_not_negative', sql`${t.priceCents} >= 0`),
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
    status: text('status', { enum: ['unpaid', 'pending', 'shipped', 'cancelled'] })
      .notNull()
      .default('unpaid'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id'),
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
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const schema = {
  user,
  session,
  account,
  verification,
  products,
  orders,
  payments,
  reviews,
  profiles,
  appState,
  stripeEvents,
  sandboxIntents,
};

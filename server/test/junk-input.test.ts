import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_SCOPES } from '@proper-parts/domain/api-keys';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../src/db/schema.ts';
import { frontDoorCalls } from '../src/features/auth/auth-routes.ts';
import { bearer, createApiKey } from './api-key-helpers.ts';
import { signIn, signUp, signUpAdmin, type TestUser } from './auth-helper.ts';
import { watchTables } from './database-digest.ts';
import { buildTestApp } from './helper.ts';
import { imageUpload, solidImage } from './image-fixtures.ts';
import { createProduct, stockOf } from './order-helpers.ts';

/**
 * The project's rule for bad input, swept over every route the app has (its route table: the
 * /api/v1 routes of the OpenAPI document, every identity call the front door lets through, the
 * stored images and the fixed files; a route missing here fails the coverage test): whoever
 * sends it (visitor, customer, admin) and whatever the junk, the answer is a 4xx
 * `{ success: false, message }` (never a 5xx, never a hang), and a refused request leaves every
 * table of the database exactly as it was (a digest of all rows, before and after).
 */

/** `machine`: an ERP's API key of every scope, on the integration routes (issue 34). */
type Caller = 'visitor' | 'customer' | 'admin' | 'machine';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = Record<string, unknown>;

interface Route {
  method: Method;
  /** With `{param}` placeholders, as the OpenAPI document writes it. */
  path: string;
  /** Its 2xx/3xx are not our JSON envelope: better-auth's own answers, image bytes, fixed files. */
  rawSuccess: boolean;
  /** Only these callers (sign-out as a customer would end the session the sweep relies on). */
  onlyAs?: Caller[];
  /** The body's fields a client fills in (junk goes into each in turn). */
  fields: string[];
  /** A valid body, so that junk in one place is the only thing wrong. */
  body: (who: Who) => Body;
  /** Issue 34: PunchOut's doors refuse in cXML (a Status of the answer's code) or as a page. */
  answersIn?: 'cxml' | 'html';
}

/** The caller, and the account its paths and bodies name (a visitor names the customer). */
interface Who {
  caller: Caller;
  user: TestUser;
  headers: Record<string, string>;
}

/** One request of a junk kind; unset parts are the route's valid defaults. */
interface Variant {
  label: string;
  /** Replaces the path parameter (or, on a route without one, is appended as a segment). */
  param?: string;
  query?: string;
  headers?: Record<string, string>;
  payload?: string;
  /** The JSON body sent, when there is one (to know what an accepted write saved). */
  sent?: Body;
}

interface Junk {
  name: string;
  appliesTo: (route: Route) => boolean;
  variants: (route: Route, who: Who) => Variant[];
  /**
   * Its variants differ only in the values of a well-formed request (a field's, the query's, the
   * path parameter's), not in how the request is framed: see `sweep` for what that spares.
   */
  valuesOnly?: true;
}

const JSON_TYPE: Record<string, string> = { 'content-type': 'application/json' };
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
const LONG = 'x'.repeat(10_000);
const OVER_LIMIT = JSON.stringify({ pad: 'x'.repeat(1024 * 1024 + 1) });
const DEEP = 100_000;
const UNICODE = '🔩 Zürich 東京 ‮evil‬ e\u0301 \u200b𝔘𝔫𝔦';
const PROFILE_FIELDS = ['city', 'education', 'phone', 'link'] as const;
/** Valid bodies of our own routes, so that junk in one field is the only thing wrong. */
let signUps = 0;
const freshEmail = () => `junk${++signUps}${Date.now()}@example.com`;

const betterAuthRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/auth/sign-in/email',
    rawSuccess: true,
    fields: ['email', 'password', 'callbackURL', 'rememberMe'],
    body: ({ user }) => ({ email: user.email, password: user.password }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/sign-up/email',
    rawSuccess: true,
    fields: ['name', 'email', 'password', 'image', 'callbackURL'],
    body: () => ({ name: 'Junk Tester', email: freshEmail(), password: 'secret123' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/request-password-reset',
    rawSuccess: true,
    fields: ['email', 'redirectTo'],
    body: ({ user }) => ({ email: user.email, redirectTo: '/reset-password' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/reset-password',
    rawSuccess: true,
    fields: ['newPassword', 'token'],
    // A different password: if junk ever reset one, the sign-in check at the end would fail.
    body: () => ({ newPassword: 'changed-by-junk', token: 'no-such-token' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/sign-in/social',
    rawSuccess: true,
    fields: ['provider', 'callbackURL', 'errorCallbackURL'],
    body: () => ({ provider: 'google', callbackURL: '/' }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/update-user',
    rawSuccess: true,
    fields: ['name', 'image'],
    body: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/send-verification-email',
    rawSuccess: true,
    fields: ['email', 'callbackURL'],
    body: ({ user }) => ({ email: user.email }),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/change-password',
    rawSuccess: true,
    fields: ['currentPassword', 'newPassword', 'revokeOtherSessions'],
    // A wrong current password: junk must never change a password.
    body: () => ({ currentPassword: 'not-the-password', newPassword: 'changed-by-junk' }),
  },
  {
    method: 'GET',
    path: '/api/v1/auth/get-session',
    rawSuccess: true,
    fields: [],
    body: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/v1/auth/sign-out',
    rawSuccess: true,
    fields: [],
    body: () => ({}),
    onlyAs: ['visitor'],
  },
  ...[
    '/api/v1/auth/callback/{id}',
    '/api/v1/auth/error',
    '/api/v1/auth/reset-password/{token}',
  ].map((path): Route => ({ method: 'GET', path, rawSuccess: true, fields: [], body: () => ({}) })),
];

/** Routes outside /api/v1 that read something of the request. */
const otherRoutes: Route[] = [
  '/uploads/{name}',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemaps/pages.xml',
  '/sitemaps/products-{n}.xml',
  '/favicon.ico',
].map((path) => ({ method: 'GET', path, rawSuccess: true, fields: [], body: () => ({}) }));

/**
 * Issue 34: PunchOut's doors take cXML, forms and a token, and answer cXML or pages: junk in
 * them is refused in their own format, never a 5xx, and opens no session.
 */
const punchoutRoutes: Route[] = (
  [
    ['POST', '/punchout/cxml/setup', []],
    ['POST', '/punchout/cxml/order', []],
    ['GET', '/punchout/start', []],
    ['GET', '/punchout/oci/login', []],
    ['POST', '/punchout/oci/login', ['USERNAME', 'PASSWORD', 'HOOK_URL']],
    ['POST', '/punchout/return', []],
  ] as const
).map(([method, path, fields]) => ({
  method,
  path,
  rawSuccess: true,
  fields: [...fields],
  body: () => ({}),
  answersIn: path.startsWith('/punchout/cxml/') ? 'cxml' : 'html',
}));

/** Registered routes the sweep leaves out, and why. */
const notSwept: Record<string, string> = {
  'GET /api/docs': 'the documentation page: static, reads nothing of the request',
  'GET /api/docs/static/*': "swagger-ui's static files",
  'GET /api/docs/static/index.html': "swagger-ui's static files",
  'GET /api/docs/static/swagger-initializer.js': "swagger-ui's static files",
  'GET /api/docs/json': 'the OpenAPI document: fixed',
  'GET /api/docs/yaml': 'the OpenAPI document: fixed',
};

const takesBody = (route: Route) => route.method !== 'GET';
const writesOwnData = (route: Route) =>
  (route.method === 'PUT' && route.path === '/api/v1/profile/{email}') ||
  route.path === '/api/v1/auth/update-user';
const json = (label: string, sent: Body): Variant => ({
  label,
  headers: JSON_TYPE,
  payload: JSON.stringify(sent),
  sent,
});
const validBody = (route: Route, who: Who): Partial<Variant> =>
  takesBody(route) ? json('', route.body(who)) : {};

/** The whole body is junk. */
const bodyJunk = (name: string, payloads: Record<string, string>): Junk => ({
  name,
  appliesTo: takesBody,
  variants: () =>
    Object.entries(payloads).map(([label, payload]) => ({ label, payload, headers: JSON_TYPE })),
});

/** Each of the route's fields in turn gets a junk value; the rest of the body stays valid. */
const fieldJunk = (name: string, values: unknown[]): Junk => ({
  name,
  valuesOnly: true,
  appliesTo: (route) => route.fields.length > 0,
  variants: (route, who) =>
    route.fields.flatMap((field) =>
      values.map((value) =>
        json(`${field}=${String(JSON.stringify(value)).slice(0, 20)}`, {
          ...route.body(who),
          [field]: value,
        }),
      ),
    ),
});

/** A valid body, but junk in the query string. */
const queryJunk = (name: string, queries: string[]): Junk => ({
  name,
  valuesOnly: true,
  appliesTo: () => true,
  variants: (route, who) =>
    queries.map((query) => ({ ...validBody(route, who), label: `?${query}`, query })),
});

/** A valid body, but a junk path parameter. */
const pathJunk = (name: string, params: (who: Who) => string[]): Junk => ({
  name,
  valuesOnly: true,
  appliesTo: () => true,
  variants: (route, who) =>
    params(who).map((param) => ({
      ...validBody(route, who),
      label: param.length > 60 ? `${param.slice(0, 30)}…(${param.length})` : param,
      param,
    })),
});

const UPLOADS = '/api/v1/uploads';
/** Issue 36: a CSV import whose lines add (under an Idempotency-Key, all in one transaction). */
const PURCHASE_ORDER_IMPORT = '/api/v1/admin/purchase-orders/import';
const FORM = 'multipart/form-data; boundary=JUNK';
const part = (headers: string, content: string) => `--JUNK\r\n${headers}\r\n\r\n${content}\r\n`;
const imagePart = (content: string, filename = 'a.png') =>
  part(`Content-Disposition: form-data; name="image"; filename="${filename}"`, content);
const formJunk: Record<string, { type?: string; payload: string }> = {
  'no boundary': { type: 'multipart/form-data', payload: `${imagePart('x')}--JUNK--` },
  'another boundary': { payload: `--OTHER\r\n\r\nx\r\n--OTHER--` },
  'cut short': { payload: imagePart('half a file').slice(0, -10) },
  'no closing boundary': { payload: imagePart('text, not an image') },
  'a part without headers': { payload: `--JUNK\r\n\r\nx\r\n--JUNK--` },
  'a __proto__ field': {
    payload: `${part('Content-Disposition: form-data; name="__proto__"; filename="a.png"', 'x')}--JUNK--`,
  },
  'a path and NUL in the filename': {
    payload: `${imagePart('text', '../../etc/passwd\u0000.png')}--JUNK--`,
  },
  'two files': { payload: `${imagePart('one')}${imagePart('two')}--JUNK--` },
  '2,000 fields': {
    payload: `${part('Content-Disposition: form-data; name="f"', 'v').repeat(2000)}--JUNK--`,
  },
  'a 100 kB header': {
    payload: `${part(`Content-Disposition: form-data; name="image"; filename="${'a'.repeat(100_000)}"`, 'x')}--JUNK--`,
  },
  'image as a JSON field': {
    payload: `${part('Content-Disposition: form-data; name="image"\r\nContent-Type: application/json', '{"a":')}--JUNK--`,
  },
  'an empty form': { payload: '--JUNK--' },
  'a charset trick': { type: `${FORM}; charset=utf-16`, payload: `${imagePart('x')}--JUNK--` },
};

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const junkKinds: Junk[] = [
  bodyJunk('malformed JSON', { truncated: '{"a":', 'trailing comma': '{"a":1,}', nul: '\u0000' }),
  bodyJunk('a JSON array body', { empty: '[]', numbers: '[1,2,3]', objects: '[{"a":1}]' }),
  bodyJunk('a null body', { null: 'null' }),
  bodyJunk('a JSON scalar where an object is expected', {
    string: '"just a string"',
    number: '42',
    boolean: 'true',
  }),
  bodyJunk('an empty body with content-type json', { empty: '' }),
  {
    name: 'a wrong content-type',
    appliesTo: takesBody,
    variants: (route, who) => {
      const text = JSON.stringify(route.body(who));
      return [
        { label: 'text/plain', payload: text, headers: { 'content-type': 'text/plain' } },
        {
          label: 'urlencoded',
          payload: 'email=a%40b.co&password=secret123&a[b]=c',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        {
          label: 'multipart junk',
          payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--y--',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
        },
        {
          label: 'json with a utf-16 charset',
          payload: text,
          headers: { 'content-type': 'application/json; charset=utf-16' },
        },
        { label: 'no content-type', payload: text, headers: { 'content-type': '' } },
      ];
    },
  },
  bodyJunk('a body over the 1 MiB limit', { '1 MiB + 1': OVER_LIMIT }),
  {
    name: 'deeply nested JSON',
    appliesTo: takesBody,
    variants: (route) => [
      { label: `${DEEP} arrays`, headers: JSON_TYPE, payload: nested(DEEP) },
      {
        label: `a field of ${DEEP} arrays`,
        headers: JSON_TYPE,
        payload: `{"${route.fields[0] ?? 'a'}":${nested(DEEP)}}`,
      },
    ],
  },
  {
    name: '__proto__ / constructor keys',
    appliesTo: takesBody,
    variants: (route, who) => {
      const valid = JSON.stringify(route.body(who)).slice(1, -1);
      const withValid = (keys: string) => `{${valid}${valid ? ',' : ''}${keys}}`;
      return [
        {
          label: '__proto__',
          headers: JSON_TYPE,
          payload: withValid('"__proto__":{"role":"admin"}'),
        },
        {
          label: 'constructor.prototype',
          headers: JSON_TYPE,
          payload: withValid('"constructor":{"prototype":{"role":"admin"}}'),
        },
        { label: 'constructor', headers: JSON_TYPE, payload: withValid('"constructor":"x"') },
      ];
    },
  },
  {
    name: 'privileged keys (role, emailVerified, id)',
    appliesTo: takesBody,
    variants: (route, who) => [
      json('role', { ...route.body(who), role: 'admin' }),
      json('emailVerified', { ...route.body(who), emailVerified: true }),
      json('id, banned', { ...route.body(who), id: 'x', userId: 'x', banned: false }),
    ],
  },
  fieldJunk('numbers in string fields', [12345, -1.5, 1e308]),
  fieldJunk('objects in string fields', [{ a: 1 }, {}]),
  fieldJunk('arrays in string fields', [['a', 'b'], []]),
  fieldJunk('null and booleans in string fields', [null, true]),
  fieldJunk('10k-character strings', [`${LONG}@example.com`]),
  fieldJunk('unicode and emoji', [UNICODE]),
  fieldJunk('NUL characters', ['a\u0000b', '\u0000']),
  fieldJunk('ill-formed unicode (lone surrogates)', ['a\ud800b', '\udfff']),
  queryJunk('repeated query keys', ['limit=1&limit=2&offset=0&offset=1&offset=2']),
  queryJunk('negative numbers in the query', ['limit=-1&offset=-5']),
  queryJunk('floats in the query', ['limit=1.5&offset=0.25']),
  queryJunk('NaN, Infinity and empty numbers in the query', [
    'limit=NaN&offset=Infinity',
    'limit=&offset=0x10',
  ]),
  queryJunk('huge numbers in the query', ['limit=1e308&offset=9007199254740993']),
  queryJunk('junk query keys', [
    '__proto__[role]=admin&constructor[prototype][role]=admin',
    `q=${'x'.repeat(5000)}&callbackURL=%F0%9F%94%A9`,
    'a=%00&%00=b&token=%E0%A4%A',
  ]),
  pathJunk('a very long path parameter', ({ user }) => [
    'a'.repeat(10_000),
    `${'a'.repeat(300)}@example.com`,
    `${user.email}${'%20'.repeat(500)}`,
  ]),
  pathJunk('URL-encoded slashes in the path parameter', ({ user }) => [
    `${user.email}%2F..%2Fadmin`,
    'a%2Fb%40example.com',
    '%2F%2F',
  ]),
  pathJunk('%00 in the path parameter', ({ user }) => [`${user.email}%00`, '%00', '%00@x.co']),
  pathJunk('..%2F in the path parameter', () => [
    '..%2F..%2Fuser',
    '..%2F..%2F..%2Fapi%2Fdocs%2Fjson',
    '%2E%2E',
  ]),
  pathJunk('numbers as the path parameter', () => ['-1', '1.5', 'NaN', '1e308', '0x10']),
  pathJunk('malformed percent-encoding in the path', () => ['%E0%A4%A', '%', '%zz@x.co']),
  {
    name: 'junk multipart forms',
    appliesTo: (route) => route.path === UPLOADS || route.path === PURCHASE_ORDER_IMPORT,
    variants: () =>
      Object.entries(formJunk).map(([label, { type, payload }]) => ({
        label,
        payload,
        headers: { 'content-type': type ?? FORM },
      })),
  },
  {
    name: 'junk credentials',
    appliesTo: () => true,
    variants: (route, who) => {
      const valid = validBody(route, who);
      // On top of the caller's own headers: a junk token beside their cookie, or junk cookies.
      const withHeaders = (label: string, headers: Record<string, string>): Variant => ({
        ...valid,
        label,
        headers: { ...valid.headers, ...headers },
      });
      return [
        withHeaders('junk bearer token', { authorization: `Bearer %00${LONG}` }),
        withHeaders('junk session cookie', { cookie: `better-auth.session_token=${LONG}` }),
        withHeaders('malformed cookie', { cookie: 'better-auth.session_token=%E0%A4%A; =; ;;a=b' }),
      ];
    },
  },
];

describe('junk input', async () => {
  const uploadsDir = mkdtempSync(join(tmpdir(), 'pp-junk-uploads-'));
  const app = await buildTestApp(
    {
      // The sweep sends hundreds of auth calls; here it is the answers that are under test.
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_API_KEY_PER_MINUTE: '1000000',
    },
    { uploadsDir },
  );
  const users = {
    customer: await signUp(app, { email: 'junkcustomer@example.com', name: 'Carla Customer' }),
    admin: await signUpAdmin(app, { email: 'junkadmin@example.com', name: 'Ada Admin' }),
    /** Never named by the sweep: nothing may change for them. */
    bystander: await signUp(app, { email: 'junkbystander@example.com', name: 'Bea Bystander' }),
  };
  type Seeded = keyof typeof users;

  // Orders: a product to buy, so that a purchase body is valid but for the junk put in it.
  const stock = 1_000_000;
  const junkProduct = await createProduct(app, {
    minimumOrderQuantity: 1,
    availableQuantity: stock,
  });
  const png = imageUpload(await solidImage('png'), 'part.png', 'image/png');
  const uploaded = await app.inject({
    method: 'POST',
    url: UPLOADS,
    headers: { ...png.headers, cookie: users.admin.cookie },
    payload: png.payload,
  });
  /** Valid bodies of the routes that take one, so that junk in one field is all that is wrong. */
  const validBodies: Record<string, () => Body> = {
    'POST /api/v1/purchase': () => ({
      toolId: junkProduct.id,
      quantity: 1,
      address: '1 Main St',
      phone: '555 0100',
    }),
    'PATCH /api/v1/myPurchase/{id}': () => ({ transactionId: 'sbx_pi_madeup' }),
    'POST /api/v1/create-payment-intent': () => ({ orderId: NO_SUCH_ID }),
    'POST /api/v1/sandbox/confirm': () => ({
      clientSecret: 'sbx_pi_none_secret_none',
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    }),
    'POST /api/v1/reviews': () => ({ rating: 5, description: 'Junk sweep review' }),
    // Issue 34: a SKU no product has, so that an accepted call changes no stock or price.
    'PUT /api/v1/integration/stock': () => ({ items: [{ sku: 'JUNK-NO-SUCH', quantity: 5 }] }),
    'PUT /api/v1/integration/prices': () => ({ items: [{ sku: 'JUNK-NO-SUCH', price: 2.5 }] }),
    'PUT /api/v1/integration/orders/{id}/export': () => ({ erpOrderNumber: 'SO-JUNK' }),
    'POST /api/v1/admin/api-keys': () => ({ name: 'Junk sweep key', scopes: ['orders:read'] }),
    // A public address literal: no lookup, so the accepted body registers without a network.
    'POST /api/v1/admin/webhooks': () => ({
      url: 'https://93.184.216.34/junk-hook',
      events: ['order.created'],
    }),
    // A company no one has: the valid body is refused (404) and no connection is made.
    'POST /api/v1/admin/punchout-connections': () => ({
      companyId: NO_SUCH_ID,
      protocol: 'cxml',
      fromDomain: 'NetworkID',
      fromIdentity: 'AN-JUNK',
      sharedSecret: 'junk-sweep-secret',
      userEmail: 'junk@example.com',
    }),
    // Issue 33: tax and freight. A structured address, the admin's tables, a freight quote.
    'POST /api/v1/cart/quote': () => ({
      shipTo: {
        name: 'Junk Buyer',
        line1: '1 Main St',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
        phone: '+1 512 555 0142',
      },
      shippingMethod: 'ground',
    }),
    'PUT /api/v1/admin/tax-rates': () => ({
      rates: [{ country: 'US', region: 'TX', name: 'Texas', rate: 6.25, freightTaxable: true }],
    }),
    'PUT /api/v1/admin/shipping-methods': () => ({
      methods: [
        {
          code: 'ground',
          name: 'Ground',
          kind: 'rates',
          zones: [{ countries: ['US'], bands: [{ upToGrams: 1000, price: 9 }] }],
          freeOver: 500,
          quoteAboveGrams: 50_000,
          estimate: '3-5 days',
        },
      ],
    }),
    'PUT /api/v1/admin/companies/{id}/tax-exemption': () => ({
      exemption: { certificateNumber: 'EX-JUNK', regions: ['TX'], expiresOn: '2030-01-01' },
    }),
    'PUT /api/v1/admin/companies/{id}/catalog': () => ({ categories: [], brands: [] }),
    'PUT /api/v1/manageOrder/{id}/freight': () => ({ freight: 10 }),
    'POST /api/v1/manageOrder/{id}/shipments': () => ({
      lines: [{ productId: junkProduct.id, quantity: 1 }],
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    }),
    // Issue 37: no such order or return, so an accepted body is refused (404) and nothing moves.
    'POST /api/v1/orders/{id}/returns': () => ({
      lines: [{ productId: junkProduct.id, quantity: 1, reason: 'damaged' }],
      note: 'Junk sweep return',
    }),
    'POST /api/v1/admin/returns/{id}/refuse': () => ({ reason: 'Junk sweep refusal' }),
    'POST /api/v1/admin/returns/{id}/receive': () => ({
      lines: [{ productId: junkProduct.id, quantity: 1, outcome: 'restock' }],
    }),
    'POST /api/v1/admin/credit-notes/{id}/pay-back': () => ({ reference: 'Junk sweep transfer' }),
    'POST /api/v1/tools': () => ({
      name: 'Junk Sweep Part',
      img: uploaded.json().data.url,
      description: 'Added only when the sweep sends an acceptable body.',
      minimumOrderQuantity: 1,
      availableQuantity: 5,
      price: 2.5,
    }),
  };
  /** Writes the sweep saw accepted: products added (the orders' product is one), images stored (the set-up image is one). */
  const accepted = { products: 1, uploads: 1 };

  const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: Body }> } }>
    >;
  };
  const apiRoutes: Route[] = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as Method,
        path,
        rawSuccess: false,
        fields: Object.keys(
          (operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}) as Body,
        ),
        body: validBodies[`${method.toUpperCase()} ${path}`] ?? (() => ({})),
      })),
    );
  const routes = [...apiRoutes, ...betterAuthRoutes, ...otherRoutes, ...punchoutRoutes];
  const nameOf = (method: string, path: string) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`;

  /** What GET /profile/{email} and get-session answer before the sweep; updated by accepted writes. */
  const expected = {} as Record<Seeded, { profile: Body; session: Body }>;
  const sessionFacts = async (cookie: string) => {
    const res = await app.inject({ url: '/api/v1/auth/get-session', headers: { cookie } });
    const { role, emailVerified, banned, email } = res.json().user;
    return { email, role, emailVerified, banned };
  };
  for (const [index, name] of (['customer', 'admin', 'bystander'] as const).entries()) {
    const { email, cookie } = users[name];
    const saved = {
      city: `City ${index}`,
      education: 'BSc',
      phone: `+1 555 010${index}`,
      link: `https://example.com/${name}`,
    };
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/profile/${email}`,
      headers: { cookie },
      payload: saved,
    });
    if (put.statusCode !== 200) throw new Error(`profile set-up failed: ${put.body}`);
    const profile = (
      await app.inject({ url: `/api/v1/profile/${email}`, headers: { cookie } })
    ).json().data;
    expected[name] = { profile, session: await sessionFacts(cookie) };
  }

  const erpKey = (await createApiKey(app, users.admin, API_SCOPES)).key;
  /** The callers with most access first: see `sweep` for why. */
  const callers: Who[] = [
    { caller: 'admin', user: users.admin, headers: { cookie: users.admin.cookie } },
    { caller: 'customer', user: users.customer, headers: { cookie: users.customer.cookie } },
    { caller: 'machine', user: users.admin, headers: bearer(erpKey) },
    { caller: 'visitor', user: users.customer, headers: {} },
  ];
  /** A key reaches the integration routes only (the others refuse it before reading anything). */
  const sweptAs = (route: Route, who: Who) =>
    who.caller === 'machine'
      ? route.path.startsWith('/api/v1/integration/')
      : !route.onlyAs || route.onlyAs.includes(who.caller);

  function urlOf(route: Route, who: Who, variant: Variant) {
    const param = (name: string) =>
      variant.param ?? (name === 'email' ? who.user.email : NO_SUCH_ID);
    const hasParam = /\{\w+\}/.test(route.path);
    let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => param(name));
    if (!hasParam && variant.param !== undefined) path += `/${variant.param}`;
    return variant.query ? `${path}?${variant.query}` : path;
  }

  async function answerOf(options: InjectOptions): Promise<LightMyRequestResponse | 'hung'> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<'hung'>((resolve) => {
      // A hang detector, not a speed test: a password check (scrypt) on a loaded 2-core machine
      // has taken over 5 s while other test files ran beside it.
      timer = setTimeout(() => resolve('hung'), 15_000);
    });
    try {
      return await Promise.race([app.inject(options), hung]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * One request at a time, so that the database before and after belongs to it alone: answers
   * the tables a refused request changed (there must be none). The app runs in this process
   * (PGlite, scrypt), so one at a time costs little more than side by side.
   */
  let queue: Promise<unknown> = Promise.resolve();
  const tablesChangedSinceLastCall = await watchTables(app);
  function send(options: InjectOptions) {
    const turn = queue.then(async () => {
      const res = await answerOf(options);
      const written = await tablesChangedSinceLastCall();
      const refused = res !== 'hung' && res.statusCode >= 400;
      return { res, changed: refused ? written : [] };
    });
    queue = turn.catch(() => undefined);
    return turn;
  }

  /** What is wrong with an answer, or undefined when it keeps the rule. */
  function problemWith(route: Route, res: LightMyRequestResponse | 'hung'): string | undefined {
    if (res === 'hung') return 'no answer within 15 s';
    const status = res.statusCode;
    if (status >= 500) return `${status} ${res.body.slice(0, 200)}`;
    if (status < 400 && route.rawSuccess) return undefined;
    const type = String(res.headers['content-type'] ?? '');
    if (route.answersIn === 'cxml')
      return type.startsWith('text/xml') && res.body.includes(`<Status code="${status}"`)
        ? undefined
        : `${status} without a cXML Status ${status}: ${res.body.slice(0, 200)}`;
    if (route.answersIn === 'html')
      return type.startsWith('text/html') && res.body.includes('<h1>')
        ? undefined
        : `${status} without a page saying why: ${res.body.slice(0, 200)}`;
    let body: { success?: unknown; message?: unknown };
    try {
      body = JSON.parse(res.body);
    } catch {
      return `${status} with a body that is not JSON: ${res.body.slice(0, 100)}`;
    }
    if (status < 400) return body?.success === true ? undefined : `${status} ${res.body}`;
    if (body?.success !== false || typeof body.message !== 'string' || body.message === '')
      return `${status} without { success: false, message }: ${res.body.slice(0, 200)}`;
    return undefined;
  }

  /** An accepted write of one's own name, photo or profile changes what the end check expects. */
  function noteAccepted(route: Route, who: Who, variant: Variant) {
    if (who.caller === 'visitor' || who.caller === 'machine') return;
    if (variant.param !== undefined || !variant.sent) return;
    const mine = expected[who.caller].profile;
    if (route.method === 'PUT' && route.path === '/api/v1/profile/{email}') {
      for (const field of PROFILE_FIELDS) {
        const value = variant.sent[field];
        if (typeof value === 'string') mine[field] = value.trim();
      }
    }
    if (route.path === '/api/v1/auth/update-user') {
      if ('name' in variant.sent) mine.name = variant.sent.name;
      if ('image' in variant.sent) mine.photoURL = variant.sent.image;
    }
  }

  it('sweeps every route the app has (or says why not)', () => {
    const swept = new Set(routes.map((r) => nameOf(r.method, r.path)));
    const registered = app.routeTable
      .filter((r) => r.method !== 'HEAD' && r.url !== '/api/v1/auth/*')
      .map((r) => nameOf(r.method, r.url));
    const identityCalls = frontDoorCalls(app.auth).flatMap(({ path, methods }) =>
      methods.map((method) => nameOf(method, `/api/v1/auth${path}`)),
    );
    const missing = [...registered, ...identityCalls].filter(
      (name) => !swept.has(name) && !(name in notSwept),
    );
    expect(missing).toEqual([]);
    // And nothing is excused that is not there.
    expect(Object.keys(notSwept).filter((name) => !registered.includes(name))).toEqual([]);
  });

  it('sweeps every /api/v1 route of the OpenAPI document, and the better-auth calls', () => {
    expect(apiRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/tools', 'PUT /api/v1/profile/{email}']),
    );
    expect(
      apiRoutes.find((r) => r.path === '/api/v1/profile/{email}' && r.method === 'PUT'),
    ).toMatchObject({ fields: expect.arrayContaining(['city', 'phone', 'link']) });
    expect(routes.length).toBeGreaterThanOrEqual(17);
  });

  /** `route|junk` of the value kinds an earlier caller swept past the route's refusal of callers. */
  const sweptPastRefusal = new Set<string>();

  /**
   * Sends every variant of one junk kind; answers the problems found, one line each.
   *
   * Except the values of a caller the route refuses (401/403), once a caller it lets in has sent
   * them all: the first still goes, to prove the refusal holds with junk in it; the rest would
   * only reach the same parser and validator again (they run before or without the caller). That
   * spared a third of the sweep's 38,000 requests, most of them a visitor's.
   */
  async function sweep(route: Route, junk: Junk, who: Who): Promise<string> {
    const check = async (variant: Variant) => {
      const { res, changed } = await send({
        method: route.method,
        url: urlOf(route, who, variant),
        headers: { ...who.headers, ...variant.headers },
        ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
      });
      const problem =
        // A junk segment appended to a PunchOut door is another address: the app's own 404.
        problemWith(
          variant.param !== undefined ? { ...route, answersIn: undefined } : route,
          res,
        ) ??
        (changed.length > 0
          ? `refused, yet changed the table(s) ${changed.join(', ')}`
          : undefined);
      if (!problem && res !== 'hung' && res.statusCode < 300) {
        noteAccepted(route, who, variant);
        if (route.method === 'POST' && route.path === '/api/v1/tools') accepted.products += 1;
        if (route.path === UPLOADS) accepted.uploads += 1;
      }
      const refusedCaller = res !== 'hung' && (res.statusCode === 401 || res.statusCode === 403);
      return { problem: problem && `[${variant.label}] ${problem}`, refusedCaller };
    };
    let variants = junk.variants(route, who);
    const firstProblems: (string | undefined)[] = [];
    const [first, ...rest] = variants;
    if (junk.valuesOnly && first && rest.length > 0) {
      const sweptBefore = `${route.method} ${route.path}|${junk.name}`;
      const { problem, refusedCaller } = await check(first);
      if (refusedCaller && sweptPastRefusal.has(sweptBefore)) return problem ?? '';
      if (!refusedCaller) sweptPastRefusal.add(sweptBefore);
      firstProblems.push(problem);
      variants = rest;
    }
    const found = writesOwnData(route)
      ? await variants.reduce<Promise<(string | undefined)[]>>(
          async (done, variant) => [...(await done), (await check(variant)).problem],
          Promise.resolve(firstProblems),
        )
      : [...firstProblems, ...(await Promise.all(variants.map(check))).map((c) => c.problem)];
    return found.filter(Boolean).join('\n');
  }

  for (const who of callers) {
    describe(`as ${who.caller}`, () => {
      for (const route of routes.filter((r) => sweptAs(r, who))) {
        for (const junk of junkKinds.filter((kind) => kind.appliesTo(route))) {
          // Side by side (password hashing is slow), except the writes of one's own data: the
          // end check must know which accepted write came last.
          const concurrent = !writesOwnData(route);
          it(`${route.method} ${route.path} ← ${junk.name}`, { concurrent }, async ({ expect }) => {
            expect(await sweep(route, junk, who)).toBe('');
          });
        }
      }
    });
  }

  describe('afterwards', () => {
    it('every saved review carries its author’s name from the session, never from the body', async () => {
      const saved = (await app.inject({ url: '/api/v1/reviews?limit=100' })).json().data as {
        userName: string;
        photoUrl: string | null;
      }[];
      // The customer's accepted writes (valid body plus ignored keys) did save some.
      expect(saved.length).toBeGreaterThan(0);
      for (const review of saved) {
        expect(review).toMatchObject({ userName: 'Carla Customer', photoUrl: null });
      }
    });

    it.each(Object.keys(users) as Seeded[])(
      'the %s still signs in and their saved data is intact',
      async (name) => {
        const { email, password } = users[name];
        const session = await signIn(app, email, password);
        expect(session.res.statusCode).toBe(200);
        expect(await sessionFacts(session.cookie)).toEqual(expected[name].session);
        const profile = await app.inject({
          url: `/api/v1/profile/${email}`,
          headers: { cookie: session.cookie },
        });
        expect(profile.json()).toEqual({ success: true, data: expected[name].profile });
      },
    );

    it('products and images were added only by the writes that were accepted', async () => {
      const [all] = await app.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(all?.n).toBe(accepted.products);
      expect(readdirSync(uploadsDir).filter((f) => !f.startsWith('.'))).toHaveLength(
        accepted.uploads,
      );
    });

    it('the orders junk placed took exactly their quantity of stock, at the product price', async () => {
      const placed = await app.db.select().from(orders).where(eq(orders.toolId, junkProduct.id));
      // Junk in address or phone that is still text is a valid order.
      expect(placed.length).toBeGreaterThan(0);
      const taken = placed.reduce((sum, o) => sum + o.quantity, 0);
      expect(await stockOf(app, junkProduct.id)).toBe(stock - taken);
      for (const o of placed) {
        expect(o.totalCents).toBe(junkProduct.priceCents * o.quantity);
        expect(o.email).toBe(users.customer.email);
      }
    });

    it('no account the sweep signed up became an admin', async () => {
      const admins: string[] = [];
      for (let offset = 0; ; offset += 100) {
        const page = await app.inject({
          url: `/api/v1/user?limit=100&offset=${offset}`,
          headers: { cookie: users.admin.cookie },
        });
        const found = page.json().data as { email: string; role: string }[];
        admins.push(...found.filter((u) => u.role === 'admin').map((u) => u.email));
        if (found.length < 100) break;
      }
      expect(admins).toEqual([users.admin.email]);
    });
  });
});

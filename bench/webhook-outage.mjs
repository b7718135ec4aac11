// Part of `npm run bench -- webhooks` (issue 34): 1,000 orders placed while the webhook receiver
// answers 500 for BENCH_WEBHOOK_OUTAGE_SECONDS (60; --quick 10), then 200. The server test
// (webhooks.test.ts) does the same with 200 orders and a 0.4 s outage, to stay quick.
//
// One server process with its worker on and retries brought down to the bench's time scale
// (WEBHOOK_RETRY_BASE_MS 1 s, WEBHOOK_RETRY_MAX_MS 10 s: the shape of the 10 s / 1 h default,
// shorter). An endpoint subscribed to order.created and order.cancelled is registered through the
// API; 20 buyers place BENCH_WEBHOOK_OUTAGE_ORDERS (1,000) one-line orders, then an admin cancels
// the first fifth of them, all during the outage. Checked once every delivery is done:
//  - every event of the endpoint was answered 200 at least once (none lost);
//  - how many were answered 200 more than once (at least once: the receiver dedupes by id);
//  - every post's signature verifies with the endpoint's secret;
//  - per order, order.cancelled was never posted before its order.created was answered 200.
import { createHmac } from 'node:crypto';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startShop, stop } from './lib/processes.mjs';
import { tokenOf } from './lib/seed.mjs';

const round1 = (value) => Math.round(value * 10) / 10;

/** A receiver that answers 500 until `outageEnds()` is past, then 200; it keeps every post. */
async function startFailingReceiver() {
  const posts = [];
  let outageEndsAt = Number.POSITIVE_INFINITY;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      const status = at < outageEndsAt ? 500 : 200;
      const raw = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(raw);
      posts.push({
        at,
        status,
        id: event.id,
        type: event.type,
        orderId: event.data?.id,
        raw,
        signature: String(request.headers['proper-parts-signature']),
      });
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'down');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    posts,
    failFor: (ms) => {
      outageEndsAt = performance.now() + ms;
      return outageEndsAt;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

function call(agent, base, { method, path, token, body }) {
  return new Promise((resolve) => {
    const request = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
          'content-length': Buffer.byteLength(body ?? ''),
        },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    request.on('error', (error) => resolve({ status: 0, body: String(error) }));
    request.end(body);
  });
}

const verified = (secret, post) => {
  const [t, v1] = post.signature.split(',').map((part) => part.split('=')[1]);
  return v1 === createHmac('sha256', secret).update(`${t}.${post.raw}`).digest('hex');
};

/**
 * Runs the outage on the stopped bench shop's database (`dataDir`, `database`: bench/webhooks.mjs
 * seeded it, buyer 1 an admin); answers the figures for the result file.
 */
export async function runOutage({ dataDir, database, secret, productIds, webhookEnv, quick, log }) {
  const orders = Number(process.env.BENCH_WEBHOOK_OUTAGE_ORDERS ?? 1000);
  const outageMs = Number(process.env.BENCH_WEBHOOK_OUTAGE_SECONDS ?? (quick ? 10 : 60)) * 1000;
  const receiver = await startFailingReceiver();
  const shop = await startShop({
    dataDir,
    databaseUrl: database.url,
    secret,
    env: { ...webhookEnv, WEBHOOK_RETRY_BASE_MS: '1000', WEBHOOK_RETRY_MAX_MS: '10000' },
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  try {
    const registered = await call(agent, shop.url, {
      method: 'POST',
      path: '/api/v1/admin/webhooks',
      token: tokenOf(1),
      body: JSON.stringify({ url: receiver.url, events: ['order.created', 'order.cancelled'] }),
    });
    if (registered.status !== 200) throw new Error(`register: ${registered.body}`);
    const endpoint = JSON.parse(registered.body).data;
    const outageEndsAt = receiver.failFor(outageMs);
    const began = performance.now();

    // 20 buyers place the orders, then the admin cancels the first fifth: all in the outage.
    const placed = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async (_, buyer) => {
        while (next < orders) {
          const n = next++;
          const answer = await call(agent, shop.url, {
            method: 'POST',
            path: '/api/v1/purchase',
            token: tokenOf(2 + buyer),
            body: JSON.stringify({ toolId: productIds[n % productIds.length], quantity: 50 }),
          });
          if (answer.status !== 200) throw new Error(`purchase: ${answer.status} ${answer.body}`);
          placed[n] = JSON.parse(answer.body).data.insertedId;
        }
      }),
    );
    const cancelled = placed.slice(0, Math.floor(orders / 5));
    for (const orderId of cancelled) {
      const answer = await call(agent, shop.url, {
        method: 'DELETE',
        path: `/api/v1/manageOrder/${orderId}`,
        token: tokenOf(1),
      });
      if (answer.status !== 200) throw new Error(`cancel: ${answer.status} ${answer.body}`);
    }
    const placedSeconds = (performance.now() - began) / 1000;
    log(
      `outage: ${orders} orders placed, ${cancelled.length} cancelled in ${round1(placedSeconds)} s`,
    );
    if (performance.now() > outageEndsAt)
      log('outage: the orders took longer than the outage (raise BENCH_WEBHOOK_OUTAGE_SECONDS)');

    // Until every delivery of the endpoint is done (delivered, or failed: none should be).
    const deadline = Date.now() + outageMs + 600_000;
    let left;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      [left] = await database.with((query) =>
        query(`select count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'failed')::int as failed, count(*)::int as events
          from webhook_deliveries where endpoint_id = '${endpoint.id}'`),
      );
      if (Date.now() > deadline) throw new Error(`outage: ${left.pending} deliveries pending`);
    } while (left.pending > 0);
    const doneAt = performance.now();

    const ok = receiver.posts.filter((post) => post.status === 200);
    const okTimes = new Map();
    for (const post of ok)
      okTimes.set(post.id, Math.min(okTimes.get(post.id) ?? Infinity, post.at));
    const createdOk = new Map(
      ok.filter((post) => post.type === 'order.created').map((post) => [post.orderId, post.at]),
    );
    const outOfOrder = receiver.posts.filter(
      (post) =>
        post.type === 'order.cancelled' &&
        !(post.at > (createdOk.get(post.orderId) ?? Number.POSITIVE_INFINITY)),
    ).length;
    const result = {
      orders,
      cancelled: cancelled.length,
      events: left.events,
      outageSeconds: outageMs / 1000,
      placedSeconds: round1(placedSeconds),
      posts: receiver.posts.length,
      answered500: receiver.posts.length - ok.length,
      deliveredOnce: okTimes.size,
      failed: left.failed,
      // At least once: answered 200 more than once (a lease ran out mid-post). 0 expected here.
      duplicates: ok.length - okTimes.size,
      signaturesOk: receiver.posts.every((post) => verified(endpoint.secret, post)),
      cancelledBeforeCreated: outOfOrder,
      secondsAfterOutageToLast: round1((doneAt - outageEndsAt) / 1000),
    };
    result.met =
      result.deliveredOnce === result.events &&
      result.events === orders + cancelled.length &&
      result.failed === 0 &&
      result.signaturesOk &&
      result.cancelledBeforeCreated === 0;
    log(`outage: ${JSON.stringify(result)}`);
    return result;
  } finally {
    agent.destroy();
    await stop(shop.child);
    await receiver.close();
  }
}

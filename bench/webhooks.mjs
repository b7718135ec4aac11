// `npm run bench -- webhooks` (issue 34): webhook delivery on one server process, on PostgreSQL.
//
// A fresh PostgreSQL database, migrated by a first start of the built server and given 200
// products with stock to spare and 200 buyers with known tokens (bench/lib/seed.mjs); buyer 1 is
// made an admin. A local receiver (this process, plain node:http) answers 200 to every post.
//  - CPU per order (target: webhooks on <= 10 % more than off): one server process with its
//    worker off, 50 buyers placing one-line orders (`POST /purchase`) for BENCH_SECONDS (10) with
//    no endpoint (off), and with an endpoint subscribed to order.created (on: each order's event
//    written and fanned out in its statement), BENCH_WEBHOOK_ROUNDS (6) of each, interleaved and
//    every other round backwards; the server's CPU time (/proc, user + system) per order placed,
//    summed over the runs of each kind. The database's own CPU is not counted. The spread of the
//    off runs says how far runs of the same thing differ on the machine at that moment.
//  - throughput (target >= 500 events/s): BENCH_WEBHOOK_EVENTS (10,000) order events in the
//    outbox (the CPU runs' own are deleted first), then one server process (WEBHOOK_WORKER on,
//    its defaults: batches of 100, 32 posts at once) is timed from its port opening until every
//    event is delivered; its CPU per event posted is added to the `on` cost per order
//    (`withDelivery`). A sample of signatures is checked against the endpoint's secret.
//  - outage (bench/webhook-outage.mjs): 1,000 orders placed while the receiver answers 500 for a
//    minute, then 200: every event delivered, signed, in order per order. BENCH_WEBHOOK_ONLY=outage
//    runs only this part.
// Writes bench/results/webhooks-<date>.json.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshPostgres, postgresReachable } from './lib/databases.mjs';
import { cpuMs, root, startShop, stop } from './lib/processes.mjs';
import { round, writeResultJson } from './lib/report.mjs';
import { seed, tokenOf } from './lib/seed.mjs';
import { runOutage } from './webhook-outage.mjs';

const quick = process.argv.includes('--quick');
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? (quick ? 2_000 : 10_000));
/** Off and on runs of the CPU comparison, interleaved: ROUNDS of each. */
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? (quick ? 1 : 6));
const TARGETS = { eventsPerSecond: 500, extraCpuPercent: 10 };
const secret = 'bench-secret-0123456789abcdef0123456789abcdef';
const webhookEnv = { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_ALLOW_HTTP: 'true' };
const started = Date.now();
const log = (line) =>
  console.log(`[bench webhooks ${Math.round((Date.now() - started) / 1000)}s] ${line}`);

/** The receiver: counts posts and keeps the first few bodies and signatures to check. */
async function startReceiver() {
  const seen = new Set();
  const sample = [];
  let posts = 0;
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      posts += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      seen.add(JSON.parse(body).id);
      if (sample.length < 20)
        sample.push({ body, signature: request.headers['proper-parts-signature'] });
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    seen,
    sample,
    posts: () => posts,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const verified = (endpointSecret, { body, signature }) => {
  const [t, v1] = String(signature)
    .split(',')
    .map((part) => part.split('=')[1]);
  return v1 === createHmac('sha256', endpointSecret).update(`${t}.${body}`).digest('hex');
};

function send(agent, base, { method, path, headers, body }) {
  return new Promise((resolve) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          ...headers,
          'content-length': Buffer.byteLength(body ?? ''),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

/** 50 buyers placing one-line orders for `seconds`; answers the orders placed. */
async function placeOrders(base, productIds) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const until = performance.now() + seconds * 1000;
  let placed = 0;
  let next = 0;
  const statuses = {};
  await Promise.all(
    Array.from({ length: connections }, async (_, buyer) => {
      while (performance.now() < until) {
        const answer = await send(agent, base, {
          method: 'POST',
          path: '/api/v1/purchase',
          headers: { authorization: `Bearer ${tokenOf(2 + buyer)}` },
          body: JSON.stringify({ toolId: productIds[next++ % productIds.length], quantity: 50 }),
        });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status === 200) placed += 1;
      }
    }),
  );
  agent.destroy();
  return { placed, statuses };
}

async function pendingOf(database) {
  const [row] = await database.with((query) =>
    query(`select count(*)::int as n from webhook_deliveries where status = 'pending'`),
  );
  return row.n;
}

async function untilDelivered(database, timeoutMs = 600_000) {
  const until = Date.now() + timeoutMs;
  while ((await pendingOf(database)) > 0) {
    if (Date.now() > until) throw new Error('deliveries still pending');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const round3 = (value) => Math.round(value * 1000) / 1000;

/**
 * The throughput run's endpoint, written straight into the stopped shop's database (the `on`
 * run's endpoint was deleted with its deliveries for the `off again` run): the `on` run's events
 * are fanned out to it again, so its backlog is those orders' events and the bulk ones.
 */
async function registerEndpointDirectly(database, { secret: endpointSecret }, url) {
  const [row] = await database.with((query) =>
    query(`with made as (
        insert into webhook_endpoints (url, events, secret)
        values ('${url}', array['order.created'], '${endpointSecret}') returning id
      ), fanned as (
        insert into webhook_deliveries (event_id, endpoint_id, event_seq, subject)
        select ev.id, made.id, ev.seq, ev.subject from outbox_events ev, made
        where ev.type = 'order.created'
      )
      select id from made`),
  );
  return { id: row.id, secret: endpointSecret };
}

async function registerEndpoint(base, url) {
  const answer = await send(new Agent(), base, {
    method: 'POST',
    path: '/api/v1/admin/webhooks',
    headers: { authorization: `Bearer ${tokenOf(1)}` },
    body: JSON.stringify({ url, events: ['order.created'] }),
  });
  if (answer.status !== 200) throw new Error(`register: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body.toString()).data;
}

function writeResult(result) {
  const file = join(root, 'bench', 'results', `webhooks-${result.date.replace(/[:.]/g, '-')}.json`);
  writeResultJson(file, result);
  log(JSON.stringify(result, null, 2));
  log(`written ${file}`);
}

export async function runWebhooks() {
  if (!(await postgresReachable())) throw new Error('bench webhooks: PostgreSQL is needed');
  const database = await freshPostgres();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-bench-hooks-'));
  const receiver = await startReceiver();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: round(totalmem() / 2 ** 30),
    loadBefore: loadavg().map(round),
  };
  log(`machine: ${JSON.stringify(machine)}`);
  try {
    const first = await startShop({ dataDir, databaseUrl: database.url, secret });
    await stop(first.child);
    await database.with(async (query) => {
      await seed(query, { products: 200, users: 200, orders: 0, reviews: 0 });
      await query(`update "user" set role = 'admin' where id = 'bench-user-1'`);
    });
    const productIds = (
      await database.with((query) => query('select id from products order by id limit 100'))
    ).map((row) => row.id);
    const outage = () =>
      runOutage({ dataDir, database, secret, productIds, webhookEnv, quick, log });
    if (process.env.BENCH_WEBHOOK_ONLY === 'outage') {
      const result = { date: new Date().toISOString(), machine, outage: await outage() };
      result.machine.loadAfter = loadavg().map(round);
      writeResult(result);
      return;
    }

    // CPU per order, webhooks off then on, one server process with its worker off: what placing
    // an order costs (the `on` run writes and fans out each order's event, nothing is posted).
    const shop = await startShop({
      dataDir,
      databaseUrl: database.url,
      secret,
      env: { ...webhookEnv, WEBHOOK_WORKER: 'false' },
    });
    const pid = shop.child.pid;
    await placeOrders(shop.url, productIds); // warm-up
    // Off and on in rounds, every other round backwards (off on, on off, ...): each run's orders
    // make the next a little dearer (the tables grow), and a machine drifts over a minute, so a
    // single off then on charged the drift to `on` (stop 49: two off runs 18 % apart).
    const runs = [];
    let endpoint;
    for (let r = 0; r < ROUNDS; r++) {
      for (const kind of r % 2 ? ['on', 'off'] : ['off', 'on']) {
        if (kind === 'on') endpoint = await registerEndpoint(shop.url, receiver.url);
        const cpu = cpuMs(pid);
        const placed = await placeOrders(shop.url, productIds);
        const cpuUsed = cpuMs(pid) - cpu;
        runs.push({
          kind,
          orders: placed.placed,
          cpuMs: cpuUsed,
          msPerOrder: round3(cpuUsed / placed.placed),
        });
        log(
          `${kind} ${r + 1}: ${placed.placed} orders, ${cpuUsed} ms CPU ${JSON.stringify(placed.statuses)}`,
        );
        if (kind === 'on')
          await send(new Agent(), shop.url, {
            method: 'DELETE',
            path: `/api/v1/admin/webhooks/${endpoint.id}`,
            headers: { authorization: `Bearer ${tokenOf(1)}` },
          });
      }
    }
    await stop(shop.child);
    // The CPU runs' events (every order writes its own, with or without an endpoint) are not the
    // backlog measured: 12 runs left ~50,000, and the delivery slows as its backlog grows.
    await database.with((query) => query('delete from outbox_events'));
    const kept = await registerEndpointDirectly(database, endpoint, receiver.url);

    // Throughput: EVENTS in the outbox, then one process with its worker on, timed from its port
    // opening until every event is delivered.
    await database.with((query) =>
      query(`with ev as (
          insert into outbox_events (type, subject, data)
          select 'order.created', 'order:bench-' || g,
            jsonb_build_object('id', 'bench-' || g, 'status', 'unpaid', 'total', 12.5)
          from generate_series(1, ${EVENTS}) g
          returning id, seq, subject
        )
        insert into webhook_deliveries (event_id, endpoint_id, event_seq, subject)
        select ev.id, '${kept.id}', ev.seq, ev.subject from ev`),
    );
    const backlog = await pendingOf(database);
    const postsBefore = receiver.posts();
    const began = performance.now();
    const worker = await startShop({ dataDir, databaseUrl: database.url, secret, env: webhookEnv });
    const opened = performance.now();
    const workerCpu = cpuMs(worker.child.pid);
    await untilDelivered(database);
    const elapsed = (performance.now() - opened) / 1000;
    const deliveredCpuMs = cpuMs(worker.child.pid) - workerCpu;
    const posted = receiver.posts() - postsBefore;
    await stop(worker.child);
    const signaturesOk = receiver.sample.every((s) => verified(kept.secret, s));
    const sumOf = (kind) => {
      const mine = runs.filter((run) => run.kind === kind);
      const orders = mine.reduce((sum, run) => sum + run.orders, 0);
      const cpuMs = mine.reduce((sum, run) => sum + run.cpuMs, 0);
      const each = mine.map((run) => run.cpuMs / run.orders);
      return {
        orders,
        cpuMs,
        msPerOrder: round3(cpuMs / orders),
        spreadPercent: round(((Math.max(...each) - Math.min(...each)) / (cpuMs / orders)) * 100),
      };
    };
    const off = sumOf('off');
    const on = sumOf('on');
    const offPerOrder = off.cpuMs / off.orders;
    const onPerOrder = on.cpuMs / on.orders;
    const perEvent = deliveredCpuMs / backlog;

    const result = {
      date: new Date().toISOString(),
      machine: { ...machine, loadAfter: loadavg().map(round) },
      database: 'PostgreSQL 15 (local), one server process',
      targets: TARGETS,
      throughput: {
        events: backlog,
        posted,
        seconds: round(elapsed),
        startSeconds: round((opened - began) / 1000),
        eventsPerSecond: Math.round(backlog / elapsed),
        serverCpuMsPerEvent: round3(perEvent),
        signaturesChecked: receiver.sample.length,
        signaturesOk,
      },
      cpuPerOrder: {
        connections,
        seconds,
        rounds: ROUNDS,
        runs,
        off,
        on,
        // How far the off runs (each an order's CPU) spread: the noise the 10 % is read against.
        offRunsDifferPercent: off.spreadPercent,
        placementExtraPercent: round(((onPerOrder - offPerOrder) / offPerOrder) * 100),
        // The same orders with their one event each posted by this process's worker.
        withDeliveryMsPerOrder: round3(onPerOrder + perEvent),
        withDeliveryExtraPercent: round(
          ((onPerOrder + perEvent - offPerOrder) / offPerOrder) * 100,
        ),
      },
    };
    result.outage = await outage();
    result.met = {
      throughput: result.throughput.eventsPerSecond >= TARGETS.eventsPerSecond,
      placementCpu: result.cpuPerOrder.placementExtraPercent <= TARGETS.extraCpuPercent,
      cpuWithDelivery: result.cpuPerOrder.withDeliveryExtraPercent <= TARGETS.extraCpuPercent,
      outage: result.outage.met,
    };
    writeResult(result);
  } finally {
    await receiver.close();
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator alerts on (issue 21), in Prometheus' format: request latency by route, errors,
 * the database pool, cache hits, orders placed and payments settled, and Node's own process
 * metrics (heap, event-loop lag, GC). One registry per process: a process serves one shop, and
 * the counters below are called from code that does not hold the app (a cache, a payment).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'proper_parts_' });

/**
 * Memory held in ArrayBuffers and Buffers (`process.memoryUsage().arrayBuffers`), which the
 * default metrics fold into external memory with the embedded database's WebAssembly memory.
 */
new Gauge({
  name: 'proper_parts_nodejs_array_buffers_bytes',
  help: 'Memory held in ArrayBuffers and Buffers, in bytes',
  registers: [metricsRegistry],
  collect() {
    this.set(process.memoryUsage().arrayBuffers);
  },
});

export const httpDuration = new Histogram({
  name: 'proper_parts_http_request_duration_seconds',
  help: 'Time to answer a request, by route template, method and status class',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const httpErrors = new Counter({
  name: 'proper_parts_http_errors_total',
  help: 'Answers with a 4xx or 5xx status, by route template, method and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const ordersPlaced = new Counter({
  name: 'proper_parts_orders_placed_total',
  help: 'Orders placed (the one-product purchase, a cart checkout, an accepted quote)',
  labelNames: ['via'] as const,
  registers: [metricsRegistry],
});

export const paymentsSettled = new Counter({
  name: 'proper_parts_payments_settled_total',
  help: 'Card payments that marked an order paid (each payment once)',
  labelNames: ['provider'] as const,
  registers: [metricsRegistry],
});

export const cacheLookups = new Counter({
  name: 'proper_parts_cache_lookups_total',
  help: 'Reads of the in-memory answer caches: a hit is answered without the database',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

/** The database pool's connections, as its driver counts them (PostgreSQL only). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

let poolStats: (() => PoolStats) | undefined;

/** server.ts hands over the pool's counts once the database is open. */
export function reportPoolStats(read: (() => PoolStats) | undefined) {
  poolStats = read;
}

const poolGauge = (name: string, help: string, pick: (stats: PoolStats) => number) =>
  new Gauge({
    name: `proper_parts_db_pool_${name}`,
    help,
    registers: [metricsRegistry],
    collect() {
      if (poolStats) this.set(pick(poolStats()));
    },
  });
poolGauge('connections', 'Open connections of the database pool', (s) => s.total);
poolGauge('idle_connections', 'Idle connections of the database pool', (s) => s.idle);
poolGauge('waiting_requests', 'Queries waiting for a connection of the pool', (s) => s.waiting);

/**
 * Reads meant for the read replica (`DATABASE_READ_URL`, decision 025), by who answered them and
 * why: `replica`/`ok`, or `primary` because the replica was `down`, `behind` a change this process
 * heard, or cancelled the query in a `conflict` with recovery.
 */
export const replicaReads = new Counter({
  name: 'proper_parts_db_replica_reads_total',
  help: 'Queries meant for the read replica, by who answered (replica, primary) and why',
  labelNames: ['answered_by', 'reason'] as const,
  registers: [metricsRegistry],
});

let replicaUp: (() => boolean) | undefined;

/**
 * The app hands over the replica's state when DATABASE_READ_URL is set; only then is the gauge
 * registered (a gauge without labels would otherwise read 0, "down", in a shop without replica).
 */
export function reportReplicaState(read: () => boolean) {
  replicaUp = read;
  if (metricsRegistry.getSingleMetric('proper_parts_db_replica_up')) return;
  new Gauge({
    name: 'proper_parts_db_replica_up',
    help: 'The read replica answers (1), or is marked down and its reads go to the primary (0)',
    registers: [metricsRegistry],
    collect() {
      if (replicaUp) this.set(replicaUp() ? 1 : 0);
    },
  });
}

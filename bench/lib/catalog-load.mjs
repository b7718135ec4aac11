// autocannon over a list of paths (each request the next one, so that no single answer is read
// again and again from a warm cache), with exact percentiles: every response's latency is kept
// (autocannon's own summary has p90 and p97.5, not p95).
//
// A request still unanswered when the time is up counts too: a shape slower than the run would
// otherwise show only its few fast answers, or none. Its latency is unknown (at least its wait so
// far), so a percentile is taken with those requests as never answered: an upper bound, exact
// when they lie above it. When the percentile falls among them, it is at least the shortest of
// their waits: `p95Lower` and the like say so. (With one request in flight per connection, a
// connection's unanswered request was sent at its last answer, or at the start.)
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const round = (ms) => Math.round(ms * 10) / 10;

/** The q-quantile of `answered` (sorted) with `waits` unanswered; `lower`: only a lower bound. */
function quantile(answered, waits, q) {
  const count = answered.length + waits.length;
  if (count === 0) return { ms: 0, lower: true };
  const at = Math.min(count - 1, Math.ceil(q * count) - 1);
  if (at < answered.length) return { ms: round(answered[at]), lower: false };
  return { ms: round(Math.min(...waits)), lower: true };
}

/** Loads `paths` round-robin on `base`; answers req/s, p50/p95/p99 (ms) and failures. */
export function loadPaths({ base, paths, connections, seconds }) {
  return new Promise((resolve, reject) => {
    let next = 0;
    const latencies = [];
    const statuses = {};
    const lastAnswer = new Map();
    const start = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        const end = performance.now();
        const answered = latencies.length;
        const waiting = [
          ...[...lastAnswer.values()].map((at) => end - at),
          ...Array.from({ length: Math.max(0, connections - lastAnswer.size) }, () => end - start),
        ];
        latencies.sort((a, b) => a - b);
        const p50 = quantile(latencies, waiting, 0.5);
        const p95 = quantile(latencies, waiting, 0.95);
        const p99 = quantile(latencies, waiting, 0.99);
        const non2xx = Object.entries(statuses)
          .filter(([status]) => !status.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        resolve({
          requests: answered,
          requestsPerSecond: Math.round(answered / seconds),
          p50ms: p50.ms,
          p95ms: p95.ms,
          p99ms: p99.ms,
          p50Lower: p50.lower,
          p95Lower: p95.lower,
          p99Lower: p99.lower,
          maxMs: round(Math.max(latencies.at(-1) ?? 0, ...waiting)),
          statuses,
          non2xx,
          errors: result.errors + result.timeouts,
          // Unanswered when the time was up, and the longest of their waits so far.
          waitingAtEnd: waiting.length,
          longestWaitMs: round(Math.max(0, ...waiting)),
        });
      },
    );
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      lastAnswer.set(client, performance.now());
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

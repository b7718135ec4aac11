// autocannon over a list of paths (each request the next one, so that no single answer is read
// again and again from a warm cache), with exact percentiles: every response's latency is kept
// (autocannon's own summary has p90 and p97.5, not p95).
//
// A request still unanswered when the time is up counts too, with its wait so far as its latency:
// a shape slower than the run would otherwise show only its few fast answers, or none. Such a
// latency is a lower bound; when a percentile lands on one, `p95Lower` and the like say so. (With
// one request in flight per connection, a connection's unanswered request was sent at its last
// answer, or at the start.) In a run of fast answers these are the last few requests, sent
// moments before the end: they sort low and change no percentile that matters.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

const round = (ms) => Math.round(ms * 10) / 10;

/** The q-quantile of `sorted` ({ ms, waiting }); `lower` when it is a wait, not an answer. */
function quantile(sorted, q) {
  if (sorted.length === 0) return { ms: 0, lower: true };
  const entry = sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { ms: round(entry.ms), lower: entry.waiting };
}

/**
 * Loads `paths` round-robin on `base` (a URL, or several with the connections split between
 * them), from `paths[from]` on; answers req/s, p50/p95/p99 (ms),
 * failures, and `sent` (requests sent: the next run starts there to ask for none of these again).
 * `headers`: sent with every request (a browser's `accept-encoding`, say).
 */
export function loadPaths({ base, paths, connections, seconds, from = 0, headers }) {
  return new Promise((resolve, reject) => {
    let next = from;
    const latencies = [];
    const statuses = {};
    const lastAnswer = new Map();
    const start = performance.now();
    const instance = autocannon(
      {
        url: base,
        connections,
        headers,
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
        const all = [
          ...latencies.map((ms) => ({ ms, waiting: false })),
          ...waiting.map((ms) => ({ ms, waiting: true })),
        ].sort((a, b) => a.ms - b.ms);
        const p50 = quantile(all, 0.5);
        const p95 = quantile(all, 0.95);
        const p99 = quantile(all, 0.99);
        const non2xx = Object.entries(statuses)
          .filter(([status]) => !status.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        resolve({
          sent: next - from,
          requests: answered,
          requestsPerSecond: Math.round(answered / seconds),
          // Answers that were the page asked for (2xx): a 503 is quick to give and counts not.
          okPerSecond: Math.round((answered - non2xx) / seconds),
          p50ms: p50.ms,
          p95ms: p95.ms,
          p99ms: p99.ms,
          p50Lower: p50.lower,
          p95Lower: p95.lower,
          p99Lower: p99.lower,
          // The longest answer or wait (`latencies` is in answer order, not sorted).
          maxMs: round(all.at(-1)?.ms ?? 0),
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

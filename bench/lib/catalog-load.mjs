// autocannon over a list of paths (each request the next one, so that no single answer is read
// again and again from a warm cache), with exact percentiles: every response's latency is kept
// (autocannon's own summary has p90 and p97.5, not p95).
import autocannon from 'autocannon';

const percentile = (sorted, q) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

/** Loads `paths` round-robin on `base`; answers req/s, p50/p95/p99 (ms) and failures. */
export function loadPaths({ base, paths, connections, seconds }) {
  return new Promise((resolve, reject) => {
    let next = 0;
    const latencies = [];
    const statuses = {};
    const instance = autocannon(
      {
        url: base,
        connections,
        duration: seconds,
        timeout: 20,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        const answered = latencies.length;
        const non2xx = Object.entries(statuses)
          .filter(([status]) => !status.startsWith('2'))
          .reduce((sum, [, n]) => sum + n, 0);
        resolve({
          requests: answered,
          requestsPerSecond: Math.round(answered / seconds),
          p50ms: round(percentile(latencies, 0.5)),
          p95ms: round(percentile(latencies, 0.95)),
          p99ms: round(percentile(latencies, 0.99)),
          maxMs: round(latencies.at(-1) ?? 0),
          statuses,
          non2xx,
          errors: result.errors + result.timeouts,
          distinctPaths: Math.min(paths.length, next),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
}

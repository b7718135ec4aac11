// autocannon, in this process (the shop and the ceiling run in their own).
import autocannon from 'autocannon';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Loads `path` on every base URL at once (one autocannon each, connections split between them)
 * and answers one summary. `request(i)` may give each request its own headers and body.
 */
export async function load({ bases, path, connections, seconds, method = 'GET', request }) {
  const per = Math.max(1, Math.floor(connections / bases.length));
  const results = await Promise.all(
    bases.map((base) => {
      let counter = 0;
      const options = { url: `${base}${path}`, connections: per, duration: seconds, method };
      if (request) {
        options.requests = [
          {
            method,
            setupRequest: (req) => ({ ...req, ...request(counter++) }),
          },
        ];
      }
      return run(options);
    }),
  );
  const sum = (pick) => results.reduce((total, r) => total + pick(r), 0);
  const max = (pick) => Math.max(...results.map(pick));
  return {
    requestsPerSecond: Math.round(sum((r) => r.requests.average)),
    latencyP50ms: max((r) => r.latency.p50),
    latencyP99ms: max((r) => r.latency.p99),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors + r.timeouts),
    requests: sum((r) => r.requests.total),
  };
}

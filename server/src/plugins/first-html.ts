import type { FastifyInstance } from 'fastify';

/**
 * API answers a page needs at once, sent inside its first HTML (`<script type="application/json"
 * id="first-data">`, which no browser runs, so the CSP is unaffected): the first paint does not
 * wait for a round trip. Keyed by the API URL the web would fetch (web/src/lib/first-html-data.ts).
 */
export type FirstHtmlData = (app: FastifyInstance, path: string) => Promise<Record<string, string>>;

/** `JSON` that cannot end the script element early (`</script>` in a product name). */
export function scriptSafe(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** index.html with the page's data before `</head>`. `bodies` are serialized envelopes. */
export function withFirstData(html: string, bodies: Record<string, string>): string {
  const entries = Object.entries(bodies);
  if (entries.length === 0) return html;
  const json = `{${entries.map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  const tag = `<script type="application/json" id="first-data">${scriptSafe(json)}</script>`;
  return html.replace('</head>', `${tag}</head>`);
}

import { scriptSafe } from '@proper-parts/domain/script-json';
import type { FastifyInstance } from 'fastify';

/**
 * API answers a page needs at once, sent inside its first HTML (`<script type="application/json"
 * id="first-data">`, which no browser runs, so the CSP is unaffected): the first paint does not
 * wait for a round trip. Keyed by the API URL the web would fetch (web/src/lib/first-html-data.ts).
 */
export type FirstHtmlData = (app: FastifyInstance, path: string) => Promise<FirstHtml>;

export interface FirstHtml {
  /** Serialized API envelopes, keyed by the URL the web fetches them from. */
  data: Record<string, string>;
  /** The page's largest image (a purchase page's product), fetched at once, first. */
  image?: string;
}

export { scriptSafe };

/** index.html with the page's data before `</head>`. `bodies` are serialized envelopes. */
export function withFirstData(html: string, bodies: Record<string, string>): string {
  const entries = Object.entries(bodies);
  if (entries.length === 0) return html;
  const json = `{${entries.map(([url, body]) => `${JSON.stringify(url)}:${body}`).join(',')}}`;
  const tag = `<script type="application/json" id="first-data">${scriptSafe(json)}</script>`;
  // A function, not a string: `$&`, `$'` or `$`` in a product name would expand in a string.
  return html.replace('</head>', () => `${tag}</head>`);
}

const attribute = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  );

/**
 * index.html with a preload of the page's largest image before `</head>`, so it is on its way
 * while the scripts that render it load. Only paths on this site (`/…`): the URL comes from the
 * database, and it is escaped for the attribute.
 */
export function withImagePreload(html: string, image: string | undefined): string {
  if (!image?.startsWith('/') || image.startsWith('//')) return html;
  const tag = `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image)}">`;
  return html.replace('</head>', () => `${tag}</head>`);
}

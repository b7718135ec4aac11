import type { Parser } from './plain-shape';

/**
 * API answers the server sent inside this page's first HTML (server/src/plugins/first-html.ts),
 * keyed by API URL, so the first paint does not wait for a round trip. Each is used once, by
 * the first query for its URL; later queries fetch as usual.
 */
let answers: Record<string, unknown> | undefined;
/** When the page was loaded: the data's age, for `staleTime`. */
export const firstHtmlAt = Date.now();

function all(): Record<string, unknown> {
  if (answers) return answers;
  answers = {};
  const text =
    typeof document === 'undefined' ? null : document.getElementById('first-data')?.textContent;
  if (text) {
    try {
      answers = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // A broken block only costs the round trip it was meant to save.
    }
  }
  return answers;
}

export function takeFirstHtmlData<T>(url: string, schema: Parser<T>): T | undefined {
  const store = all();
  const envelope = store[url] as { success?: unknown; data?: unknown } | undefined;
  delete store[url];
  if (envelope?.success !== true) return undefined;
  const parsed = schema.safeParse(envelope.data);
  return parsed.success ? parsed.data : undefined;
}

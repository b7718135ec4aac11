/** What PunchOut's doors share: their rate limit, their absence from the API document, URLs. */

/** Setup and order calls per minute and address: each costs a scrypt of the secret (~30 ms). */
export const CREDENTIAL_CALLS_PER_MINUTE = 60;
export const limited = {
  rateLimit: { max: CREDENTIAL_CALLS_PER_MINUTE, timeWindow: 60_000 },
};
/** Not in the OpenAPI document: these take and answer cXML, forms and pages, not JSON. */
export const hidden = { hide: true };

export const hostOf = (publicUrl: string) => new URL(publicUrl).host;

/** An http(s) URL a browser may post the cart to, or undefined. */
export function returnUrlOf(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

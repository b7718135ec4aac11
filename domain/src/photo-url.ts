/**
 * A profile or review photo the shop will show: an `https:` address, or an image on this site
 * (`/uploads/…`, `/images/…`). `javascript:`, `data:` and plain `http:` are refused (issue 15:
 * any URL was stored, and loaded by every visitor of the reviews). Zod-free: the review cards on
 * the home page import it, to show a placeholder for a photo stored before this check.
 */
export function isPhotoUrl(value: string): boolean {
  if (/^\/(uploads|images)\/[^\s\\]*$/.test(value) && !value.includes('..')) return true;
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

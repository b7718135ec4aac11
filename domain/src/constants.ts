/** Business constants of the spec (§9), shared by server and web. */
export const APP_NAME = 'Proper Parts';
export const FEATURED_PRODUCT_COUNT = 6;
export const DESCRIPTION_CHECK_LENGTH = 100;
export const DESCRIPTION_CUT_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 6;
export const TOAST_DURATION_MS = 5000;
export const CAROUSEL_AUTOPLAY_MS = 2000;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_DESCRIPTION_MAX_LENGTH = 1000;
/** Reviews one account may write in 24 hours: enough for honest buyers, a wall for spam. */
export const REVIEWS_PER_DAY = 5;
export const ACCESS_TOKEN_KEY = 'accessToken';
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/**
 * `awaiting_approval`: a company buyer's order above their limit (issue 19), stock reserved.
 * `awaiting_freight`: heavier than a shipping method carries; the shop enters the freight before
 * it can be paid (issue 33). `partially_shipped`: some of its pieces are in shipments, not all
 * (issue 33); the ship action, or shipments of the rest, make it `shipped`.
 */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'awaiting_freight',
  'unpaid',
  'pending',
  'partially_shipped',
  'shipped',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The kinds of failure a service may report; the error handler maps each to its HTTP status. */
export const appErrorStatus = {
  INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** Well formed, but at odds with what the server already holds (a reused Idempotency-Key). */
  UNPROCESSABLE: 422,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  /** A card payment the provider refused (declined, insufficient funds, expired). */
  PAYMENT_FAILED: 402,
  /** A service we depend on (the payment provider) did not answer. */
  UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof appErrorStatus;

/** A failure the user can act on; its message is shown to them as written. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get statusCode(): number {
    return appErrorStatus[this.code];
  }
}

/** A reason the server cannot start (bad config, unwritable DATA_DIR, unreachable database). */
export class StartupError extends Error {}

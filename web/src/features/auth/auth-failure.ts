import { messages } from '@proper-parts/domain/messages';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-client';

type AuthCallResult = { error: { message?: string } | null };

/**
 * Runs a better-auth client call and returns its failure message (the server's `message`), or
 * null when it succeeded. The client answers `{ data, error }`; it only throws when no answer came.
 */
export async function authFailureOf(call: () => Promise<AuthCallResult>): Promise<string | null> {
  try {
    const { error } = await call();
    if (!error) return null;
    return error.message || messages.internalError;
  } catch {
    return NETWORK_ERROR_MESSAGE;
  }
}

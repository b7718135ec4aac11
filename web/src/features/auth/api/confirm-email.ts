import {
  type EmailConfirmationRequest,
  emailConfirmationResponse,
} from '@proper-parts/domain/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { authClient } from '../auth-client';

/** Confirms the address of the mailed link: signed in to that account, or with its password. */
export const confirmEmail = (request: EmailConfirmationRequest) =>
  apiFetch(api.emailConfirmation, {
    method: 'POST',
    body: request,
    schema: emailConfirmationResponse,
  });

export function useConfirmEmail() {
  return useMutation({
    mutationFn: confirmEmail,
    // The session's user now reads emailVerified (and, for a listed admin, the admin role).
    onSuccess: () => authClient.$store.notify('$sessionSignal'),
  });
}

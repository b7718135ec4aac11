import { messages } from '@proper-parts/domain/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form-alert';
import { paths } from '../../../config/paths';
import { authOptionsQueryOptions, useAuthOptions } from '../api/get-auth-options';
import { authClient } from '../auth-client';
import { authFailureOf } from '../auth-failure';

/** `?error=access_denied` (the provider came back with an error) as a sentence. */
export function providerErrorOf(params: URLSearchParams): string | null {
  const description = params.get('error_description')?.trim();
  if (description) return description;
  const code = params.get('error')?.trim();
  if (!code) return null;
  // The provider did not vouch for the email of an existing account (decisions.md, Accounts).
  if (code.toLowerCase().replace(/[\s_-]+/g, '_') === 'account_not_linked') {
    return messages.providerEmailNotVerified;
  }
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return `Sign-in failed: ${words}.`;
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.9 1.2 8 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function KeyMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="m15.5 7.5 2.3 2.3a1 1 0 0 0 1.4 0l2.1-2.1a1 1 0 0 0 0-1.4L19 4" />
      <path d="m21 2-9.6 9.6" />
      <circle cx="7.5" cy="15.5" r="5.5" />
    </svg>
  );
}

/**
 * The "OR" divider and the "Continue with …" button (spec §1, §2), shown only when the server
 * offers a provider (Google, or any OIDC one by its name). The provider comes from the
 * server's auth options; a successful start hands the browser to the provider, which comes back
 * to `callbackURL`, or to /signin?error=… when it fails.
 */
export function SocialSignIn({ callbackURL }: { callbackURL: string }) {
  const queryClient = useQueryClient();
  const { data } = useAuthOptions();
  const [searchParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const social = data?.social ?? null;
  const providerError = providerErrorOf(searchParams);
  // A button that can only say "not configured" is a dead end: none until a provider is set up.
  if (!social) return providerError ? <FormAlert message={providerError} /> : null;
  const isGoogle = social.id === 'google';
  const label = isGoogle ? 'Continue with Google' : `Continue with ${social.name}`;

  async function continueWithProvider() {
    setBusy(true);
    setFailure(null);
    let message: string | null;
    try {
      const options = await queryClient.ensureQueryData(authOptionsQueryOptions());
      const provider = options.social?.id;
      message = provider
        ? await authFailureOf(() =>
            authClient.signIn.social({ provider, callbackURL, errorCallbackURL: paths.signIn }),
          )
        : messages.socialNotConfigured;
    } catch (error) {
      message = error instanceof Error ? error.message : messages.socialNotConfigured;
    }
    // On success the browser is on its way to the provider: keep the spinner until it leaves.
    if (message) {
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <>
      <div className="divider my-0 text-sm text-base-content/60">OR</div>
      <div className="flex flex-col gap-2">
        <BusyButton
          type="button"
          busy={busy}
          className="btn-outline border-base-300 bg-base-100 hover:bg-base-200"
          onClick={continueWithProvider}
        >
          {!busy && (isGoogle ? <GoogleMark /> : <KeyMark />)}
          {label}
        </BusyButton>
        <FormAlert message={failure ?? providerError} />
      </div>
    </>
  );
}

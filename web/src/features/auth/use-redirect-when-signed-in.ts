import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from './use-current-user';

/**
 * Sends a signed-in user on to `target`, replacing history (spec §2). It fires both for someone
 * who arrives already signed in and right after a sign-in or sign-up, once the session is known:
 * navigating only then means a guarded target never sees the user as signed out.
 */
export function useRedirectWhenSignedIn(target: string) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const signedIn = user !== null;

  useEffect(() => {
    if (signedIn) navigate(target, { replace: true });
  }, [signedIn, target, navigate]);

  return signedIn;
}
